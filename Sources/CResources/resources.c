// The app's .ui and CSS files as a GResource compiled into the binary. `make` (any target that
// builds) writes the included file with scripts/gresource.sh before it runs swift build.
#if __has_include("../../.build/gresource/resources.c")
#include "../../.build/gresource/resources.c"
#else
#error "The GResource with the .ui and CSS files is missing: build with `make build` (it runs scripts/gresource.sh .build/gresource before swift build), not with swift build alone."
#endif
