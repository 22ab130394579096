// gettext and setlocale from the C library (Swift's Glibc module does not import libintl.h).
#ifndef CINTL_SHIM_H
#define CINTL_SHIM_H

#include <libintl.h>
#include <locale.h>

#endif
