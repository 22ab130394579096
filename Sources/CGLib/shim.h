// GLib alone (no GTK) for StoreSearchCore: GMarkup, the streaming parser that reads the item file.
#ifndef CGLIB_SHIM_H
#define CGLIB_SHIM_H

#include <glib.h>

#endif
