#!/bin/bash
# The desktop entry, metainfo, schema, icons and help as the desktop's tools see them.
# Usage: scripts/test-desktop-files.sh L10N_DIR (where `scripts/l10n.sh compile` put the translated files)
set -euo pipefail
cd "$(dirname "$0")/.."
L10N=${1:?usage: $0 L10N_DIR}
APP_ID=io.github.storesearch.StoreSearch
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

# No errors and no warnings (appstreamcli prints E:/W: lines; I: and P: hints are allowed).
desktop-file-validate "$L10N/desktop/$APP_ID.desktop" | tee "$tmp/desktop.log"
[ ! -s "$tmp/desktop.log" ] || { echo "desktop-file-validate complained" >&2; exit 1; }
appstreamcli validate --no-net --explain "$L10N/desktop/$APP_ID.metainfo.xml" | tee "$tmp/metainfo.log"
! grep -qE '^(E|W):' "$tmp/metainfo.log" || { echo "appstreamcli reported errors or warnings" >&2; exit 1; }
glib-compile-schemas --strict --dry-run Resources

# GNOME Shell's search provider and the D-Bus activation that the entry's DBusActivatable needs.
ini=Resources/$APP_ID.search-provider.ini
for line in "DesktopId=$APP_ID.desktop" "BusName=$APP_ID" "ObjectPath=/io/github/storesearch/StoreSearch/SearchProvider" "Version=2"; do
    grep -qx "$line" "$ini" || { echo "$ini lacks $line" >&2; exit 1; }
done
head -n 2 "$ini" | grep -qx '\[Shell Search Provider\]' || { echo "$ini has no [Shell Search Provider] group" >&2; exit 1; }
grep -qx "DBusActivatable=true" "$L10N/desktop/$APP_ID.desktop"
grep -qx "Name=$APP_ID" "Resources/$APP_ID.service.in"

# The translated entries made it into the installed files.
grep -q '^Comment\[de\]=' "$L10N/desktop/$APP_ID.desktop"
grep -q '^Comment\[tr\]=' "$L10N/desktop/$APP_ID.desktop"
grep -q '<summary xml:lang="de">' "$L10N/desktop/$APP_ID.metainfo.xml"

# The icons render at every size a desktop asks for.
for size in 16 24 32 48 64 128 256 512; do
    rsvg-convert -w $size -h $size "Resources/icons/hicolor/scalable/apps/$APP_ID.svg" -o "$tmp/app-$size.png"
    file "$tmp/app-$size.png" | grep -q "PNG image data, $size x $size," || { echo "icon does not render at $size px" >&2; exit 1; }
done
for size in 16 32 64; do
    rsvg-convert -w $size -h $size "Resources/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg" -o "$tmp/symbolic-$size.png"
    file "$tmp/symbolic-$size.png" | grep -q "PNG image data, $size x $size," || { echo "symbolic icon does not render at $size px" >&2; exit 1; }
done
grep -q "^Icon=$APP_ID$" "$L10N/desktop/$APP_ID.desktop"

# The help (Mallard), in C and translated (scripts/l10n.sh compile): valid pages, no broken links,
# no page that no guide reaches, no missing figure, and every language has every page.
for pages in help/C "$L10N"/help/*; do
    (cd "$pages" && yelp-check validate *.page && yelp-check links . && yelp-check orphans .) \
        || { echo "the help in $pages is not valid" >&2; exit 1; }
    [ "$(cd "$pages" && ls *.page)" = "$(cd help/C && ls *.page)" ] || { echo "$pages lacks pages of help/C" >&2; exit 1; }
done
(cd help/C && yelp-check media .) || { echo "the help names a figure that is not in help/C" >&2; exit 1; }
echo "Desktop files: desktop entry, metainfo, schema, icons and help (C $(ls "$L10N/help" | xargs)) valid."
