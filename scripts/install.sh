#!/bin/bash
# scripts/install.sh install|uninstall — what `make install` / `make uninstall` do.
# Environment: PREFIX (/usr/local), DESTDIR (empty), BINARY (the release binary), L10N (the folder
# `scripts/l10n.sh compile` wrote). Install records every file and every folder it created in
# share/storesearch/install-manifest; uninstall removes exactly those (folders only when empty),
# so a prefix that was empty before is empty after.
set -euo pipefail
cd "$(dirname "$0")/.."

PREFIX=${PREFIX:-/usr/local}
DESTDIR=${DESTDIR:-}
ROOT="$DESTDIR$PREFIX"
APP_ID=io.github.storesearch.StoreSearch
MANIFEST="$ROOT/share/storesearch/install-manifest"
SCHEMAS="$ROOT/share/glib-2.0/schemas"

created=()
# make_dirs DIR: mkdir -p, remembering each folder it had to create.
make_dirs() {
    local dir=$1 missing=()
    while [ ! -d "$dir" ]; do missing=("$dir" "${missing[@]}"); dir=$(dirname "$dir"); done
    for dir in "${missing[@]}"; do mkdir "$dir"; created+=("d ${dir#"$ROOT"/}"); done
}
# put MODE SOURCE DEST (DEST relative to the prefix).
put() {
    make_dirs "$(dirname "$ROOT/$3")"
    install -m "$1" "$2" "$ROOT/$3"
    created+=("f $3")
}

case ${1:-} in
install)
    : "${BINARY:?}" "${L10N:?}"
    [ -f "$MANIFEST" ] && { echo "An installation is already in $ROOT: run make uninstall first." >&2; exit 1; }
    make_dirs "$ROOT"
    put 755 "$BINARY" bin/storesearch
    # The offline catalog (the .ui and CSS files are compiled into the binary as a GResource).
    while IFS= read -r file; do put 644 "$file" "share/storesearch/$file"; done < <(find data -type f | LC_ALL=C sort)
    put 644 "$L10N/desktop/$APP_ID.desktop" "share/applications/$APP_ID.desktop"
    put 644 "$L10N/desktop/$APP_ID.metainfo.xml" "share/metainfo/$APP_ID.metainfo.xml"
    put 644 "Resources/icons/hicolor/scalable/apps/$APP_ID.svg" "share/icons/hicolor/scalable/apps/$APP_ID.svg"
    put 644 "Resources/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg" "share/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg"
    put 644 "Resources/$APP_ID.gschema.xml" "share/glib-2.0/schemas/$APP_ID.gschema.xml"
    # D-Bus starts the app for the desktop's launcher and for GNOME Shell's search provider.
    sed "s|@bindir@|$PREFIX/bin|" "Resources/$APP_ID.service.in" > "$L10N/$APP_ID.service"
    put 644 "$L10N/$APP_ID.service" "share/dbus-1/services/$APP_ID.service"
    put 644 "Resources/$APP_ID.search-provider.ini" "share/gnome-shell/search-providers/$APP_ID.search-provider.ini"
    while IFS= read -r file; do put 644 "$file" "share/${file#"$L10N"/}"; done < <(find "$L10N/locale" -name '*.mo' | LC_ALL=C sort)
    # The help, where yelp looks for help:$APP_ID (share/help/<lang>/$APP_ID/index.page): the Mallard
    # pages in C and their translations (scripts/l10n.sh compile), each language with the C figures.
    for pages in help/C "$L10N"/help/*; do
        [ -d "$pages" ] || continue
        lang=$(basename "$pages")
        while IFS= read -r file; do put 644 "$file" "share/help/$lang/$APP_ID/$(basename "$file")"; done \
            < <(find "$pages" -maxdepth 1 -name '*.page' | LC_ALL=C sort)
        while IFS= read -r file; do put 644 "$file" "share/help/$lang/$APP_ID/figures/$(basename "$file")"; done \
            < <(find help/C/figures -name '*.png' | LC_ALL=C sort)
    done
    # Packages compile schemas in a dpkg trigger; a direct install compiles them here.
    if [ -z "$DESTDIR" ]; then
        [ -f "$SCHEMAS/gschemas.compiled" ] || created+=("f share/glib-2.0/schemas/gschemas.compiled")
        glib-compile-schemas "$SCHEMAS"
    fi
    created+=("f share/storesearch/install-manifest")
    printf '%s\n' "${created[@]}" > "$MANIFEST"
    echo "Installed $(grep -c '^f' "$MANIFEST") files in $ROOT"
    ;;
uninstall)
    [ -f "$MANIFEST" ] || { echo "Nothing installed in $ROOT (no $MANIFEST)." >&2; exit 1; }
    mapfile -t entries < "$MANIFEST"
    for entry in "${entries[@]}"; do [ "${entry%% *}" = f ] && rm -f "$ROOT/${entry#f }"; done
    # Other apps' schemas stay compiled.
    if [ -z "$DESTDIR" ] && [ -d "$SCHEMAS" ] && compgen -G "$SCHEMAS/*.gschema.xml" > /dev/null; then
        glib-compile-schemas "$SCHEMAS"
    fi
    for ((i = ${#entries[@]} - 1; i >= 0; i--)); do
        entry=${entries[i]}
        [ "${entry%% *}" = d ] && { rmdir "$ROOT/${entry#d }" 2>/dev/null || true; }
    done
    echo "Removed StoreSearch from $ROOT"
    ;;
*) echo "usage: $0 install|uninstall" >&2; exit 2 ;;
esac
