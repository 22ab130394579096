#pragma once
#include <gio/gio.h>

/// Registers the app's GResource (Resources/*.ui and *.css, under /io/github/storesearch/StoreSearch/ui/).
void storesearch_register_resource(void);
/// The same resource, to list or look up its files.
GResource *storesearch_get_resource(void);
