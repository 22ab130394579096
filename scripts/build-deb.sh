#!/bin/bash
# make deb: storesearch_<version>-1_<arch>.deb for Debian 12, built with dpkg-deb.
# The Swift runtime is linked statically (swift build --static-swift-stdlib), so the package
# depends only on Debian libraries: those dpkg-shlibdeps derives from the binary's NEEDED
# entries, plus what is loaded at run time (glib-networking for HTTPS, a GSettings backend,
# libadwaita for the libadwaita window).
# Environment: BINARY (the release binary), L10N (what `scripts/l10n.sh compile` wrote).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${BINARY:?}" "${L10N:?}"

VERSION=$(sed -n 's/.*static let version = "\(.*\)".*/\1/p' Sources/StoreSearchApp/App/StoreSearchApp.swift)
ARCH=$(dpkg --print-architecture)
PACKAGE=storesearch_${VERSION}-1_$ARCH
STAGE=.deb-staging/$PACKAGE
rm -rf .deb-staging
mkdir -p "$STAGE"

DESTDIR="$PWD/$STAGE" PREFIX=/usr BINARY="$BINARY" L10N="$L10N" scripts/install.sh install > /dev/null
rm "$STAGE/usr/share/storesearch/install-manifest"  # dpkg keeps its own list
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$STAGE/usr/bin/storesearch"
# The static Swift runtime needs no library search path; lintian rejects a custom one.
chrpath -d "$STAGE/usr/bin/storesearch" > /dev/null

DOC=$STAGE/usr/share/doc/storesearch
install -d -m 755 "$DOC" "$STAGE/usr/share/man/man1"
gzip -9n < Resources/storesearch.1 > "$STAGE/usr/share/man/man1/storesearch.1.gz"
cat > "$DOC/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: StoreSearch
Source: https://github.com/storesearch/StoreSearch

Files: *
Copyright: 2026 The StoreSearch authors
License: MIT

License: MIT
$(sed -e 's/^$/./' -e 's/^/ /' LICENSE)
COPYRIGHT
cat > "$STAGE/changelog" <<CHANGELOG
storesearch ($VERSION-1) bookworm; urgency=medium

  * Release $VERSION: search with artwork, editable details, visited and hidden
    items, offline catalog, German and Turkish translations.

 -- The StoreSearch authors <storesearch@users.noreply.github.com>  $(date -R -u -d @"$(git log -1 --format=%ct)")
CHANGELOG
gzip -9n < "$STAGE/changelog" > "$DOC/changelog.Debian.gz"
rm "$STAGE/changelog"
find "$STAGE" -type d -exec chmod 755 {} +
find "$STAGE" -type f -exec chmod 644 {} +
chmod 755 "$STAGE/usr/bin/storesearch"

# Shared libraries the binary links, as Debian package names with versions.
shlibs=$(mktemp -d); trap 'rm -rf "$shlibs"' EXIT
mkdir "$shlibs/debian"
printf 'Source: storesearch\n\nPackage: storesearch\nArchitecture: any\n' > "$shlibs/debian/control"
linked=$(cd "$shlibs" && dpkg-shlibdeps -O -e "$OLDPWD/$STAGE/usr/bin/storesearch" 2> /dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$linked" ] || { echo "dpkg-shlibdeps found no libraries" >&2; exit 1; }
DEPENDS="$linked, glib-networking, libadwaita-1-0 (>= 1.2), dconf-gsettings-backend | gsettings-backend"

mkdir -p "$STAGE/DEBIAN"
cat > "$STAGE/DEBIAN/control" <<CONTROL
Package: storesearch
Version: $VERSION-1
Architecture: $ARCH
Maintainer: The StoreSearch authors <storesearch@users.noreply.github.com>
Installed-Size: $(du -sk --exclude=DEBIAN "$STAGE" | cut -f1)
Depends: $DEPENDS
Recommends: libgtk-4-media-gstreamer, gstreamer1.0-plugins-good, gstreamer1.0-plugins-bad, gstreamer1.0-libav, yelp
Section: net
Priority: optional
Homepage: https://github.com/storesearch/StoreSearch
Description: search the iTunes Store for music, apps and books
 StoreSearch is a GTK desktop application that finds songs, apps, e-books,
 audiobooks, podcasts and movies in the iTunes Store and shows them with their
 artwork. Results can be opened in a detail form, edited, marked as visited or
 hidden; the changes are kept between launches. Prices and dates follow the
 user's locale, and a bundled sample catalog works without a network.
CONTROL

(cd "$STAGE" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum > DEBIAN/md5sums)
dpkg-deb --build --root-owner-group -Zxz "$STAGE" "$PACKAGE.deb" > /dev/null
echo "Built $PACKAGE.deb ($(du -h "$PACKAGE.deb" | cut -f1), installed $(du -sh --exclude=DEBIAN "$STAGE" | cut -f1))"
echo "Depends: $DEPENDS"
# Errors fail the build; the warning left is explained in HACKING.md (Packaging).
status=0
lintian --fail-on error --tag-display-limit 0 "$PACKAGE.deb" > "$shlibs/lintian.log" 2>&1 || status=$?
grep -v 'running with root privileges' "$shlibs/lintian.log" || true
[ $status = 0 ] || { echo "lintian reported errors" >&2; exit 1; }
