// libadwaita 1.2 for the Adw wrapper module. Only API present in 1.2 (Debian 12) is used.
#ifndef CADW_SHIM_H
#define CADW_SHIM_H

#include <adwaita.h>

#endif
