#!/bin/bash
# make test-deb (root): installs the package with dpkg -i, checks that the launcher entry, icon,
# compiled schema, translations and help are in place and that /usr/bin/storesearch runs from / and
# shows artwork; then dpkg -r must leave none of the package's files behind.
set -euo pipefail
cd "$(dirname "$0")/.."
DEB=$(ls -t storesearch_*.deb | head -1)
APP_ID=io.github.storesearch.StoreSearch
fail() { echo "test-deb: $*" >&2; dpkg -r storesearch > /dev/null 2>&1 || true; exit 1; }
[ "$(id -u)" = 0 ] || { echo "test-deb needs root (dpkg -i)" >&2; exit 1; }
dpkg -s storesearch > /dev/null 2>&1 && fail "storesearch is already installed"

dpkg -i "$DEB" > /dev/null || fail "dpkg -i failed"
mapfile -t files < <(dpkg -L storesearch | while read -r path; do [ -f "$path" ] && echo "$path"; done)
for path in /usr/bin/storesearch /usr/share/applications/$APP_ID.desktop /usr/share/metainfo/$APP_ID.metainfo.xml \
            /usr/share/icons/hicolor/scalable/apps/$APP_ID.svg /usr/share/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg \
            /usr/share/locale/de/LC_MESSAGES/storesearch.mo /usr/share/locale/tr/LC_MESSAGES/storesearch.mo \
            /usr/share/dbus-1/services/$APP_ID.service /usr/share/gnome-shell/search-providers/$APP_ID.search-provider.ini \
            /usr/share/help/C/$APP_ID/index.page /usr/share/help/de/$APP_ID/index.page /usr/share/help/tr/$APP_ID/index.page; do
    [ -f "$path" ] || fail "missing after dpkg -i: $path"
done
gsettings list-keys $APP_ID | grep -qx country || fail "the schema was not compiled by the dpkg trigger"
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
output=$(cd / && env -i PATH=/usr/bin:/bin HOME="$home" XDG_RUNTIME_DIR="$home" LANG=C.UTF-8 GSK_RENDERER=cairo \
         STORESEARCH_SELF_CHECK=1 GSETTINGS_BACKEND=memory \
         xvfb-run -a -s "-screen 0 1280x900x24" dbus-run-session -- storesearch --offline --search midnight 2> /dev/null) \
    || fail "the packaged app failed: $output"
grep -qx "resources: /usr/share/storesearch" <<< "$output" || fail "resources not from /usr: $output"
grep -qx "icon: $APP_ID found" <<< "$output" || fail "icon not found: $output"
[ "$(sed -n 's/^artwork: //p' <<< "$output")" -ge 3 ] || fail "no artwork: $output"

dpkg -r storesearch > /dev/null || fail "dpkg -r failed"
for path in "${files[@]}"; do [ ! -e "$path" ] || fail "left after dpkg -r: $path"; done
[ ! -e /usr/share/storesearch ] || fail "/usr/share/storesearch left after dpkg -r"
gsettings list-schemas | grep -qx $APP_ID && fail "schema still compiled after dpkg -r"
dpkg --purge storesearch > /dev/null 2>&1 || true
echo "Package: $DEB ($(du -h "$DEB" | cut -f1)) installs ${#files[@]} files, runs from /usr, and removes cleanly."
