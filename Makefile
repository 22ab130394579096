# StoreSearch: `make run` and `make test` install what they need on Debian 12, then build.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev glib-networking pkg-config xvfb xauth dbus dbus-x11 \
                adwaita-icon-theme fonts-dejavu-core libglib2.0-bin gettext locales desktop-file-utils appstream lintian xdotool \
                librsvg2-bin dpkg-dev chrpath openbox wmctrl x11-utils libx11-dev at-spi2-core python3-pyatspi \
                libgtk-4-media-gstreamer gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav pulseaudio notification-daemon \
                mutter
SWIFT_FLAGS ?=
PREFIX ?= /usr/local
DESTDIR ?=
# The GSettings schema (window size, view mode, store region), compiled here so nothing needs installing.
SCHEMA_DIR := $(CURDIR)/.build/schemas
# Translations and the translated .desktop/metainfo for runs from the tree.
L10N := .build/l10n
RELEASE_FLAGS := -c release --static-swift-stdlib
RELEASE_BINARY = $(shell swift build $(RELEASE_FLAGS) --show-bin-path)/storesearch
# The tests expect English and the US store unless they set a locale themselves; settings stay in memory.
# The decoders are ranked as the app's main ranks them (PreviewDecoders) before any thread starts.
TEST_ENV := GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=test \
            GST_PLUGIN_FEATURE_RANK=faad:257 LANG=C.UTF-8 LC_ALL= LC_MESSAGES= LC_MONETARY= LC_TIME= LANGUAGE=

.PHONY: deps resources build schemas run lint format test test-swift test-desktop test-deb fuzz bench clean l10n po release install uninstall deb

# Installs only the Debian packages that are missing.
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# .mo files, translated desktop entry and metainfo (.build/l10n), the schema (.build/schemas),
# and a link so the tree's binaries find the .mo files (.build/locale).
l10n: deps schemas
	scripts/l10n.sh compile $(L10N)
	ln -sfn l10n/locale .build/locale

# Resources/*.ui and *.css as a GResource in C (.build/gresource/resources.c) that the CResources
# target compiles into the binary; every target that builds runs this first (swift build alone
# stops with an error naming this step when the file is missing).
resources: deps
	scripts/gresource.sh .build/gresource

build: l10n resources
	swift build $(SWIFT_FLAGS)

schemas: deps
	@mkdir -p $(SCHEMA_DIR)
	glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) Resources

run: build
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) swift run $(SWIFT_FLAGS) storesearch $(ARGS)

# Rewrites po/storesearch.pot from the sources and merges it into po/*.po.
po: deps
	scripts/l10n.sh update

# The sources' layout first (make lint), then every test, the UI ones under a private X display and
# D-Bus session; then the desktop files' validators, the translations' completeness, and the installed copy run with the checkout hidden.
# The run gets a private TMPDIR (holding its XDG folders too); a storesearch-* folder a test leaves
# there fails the run (other tools' temporaries do not), and the folder is removed either way.
test: lint test-swift
	scripts/test-wm-close.sh
	scripts/test-accessibility.sh
	$(MAKE) --no-print-directory test-desktop

# The sources as swift-format lays them out (.swift-format: 4 spaces, lines of at most 120), and no
# function over 80 lines. `make format` rewrites them so.
SWIFT_SOURCES := Sources Tests Plugins Package.swift
lint:
	swift format lint --strict --recursive --parallel $(SWIFT_SOURCES)
	scripts/check-function-length.py 80 Sources Tests Plugins

format:
	swift format format --in-place --recursive --parallel $(SWIFT_SOURCES)

# Only the Swift tests; `make test-swift TEST_ARGS="--filter WindowFormTests"` runs some of them.
test-swift: l10n resources
	swift build --build-tests $(SWIFT_FLAGS)
	@tmp=$$(mktemp -d -t storesearch-test-run.XXXXXX); mkdir "$$tmp/xdg-data" "$$tmp/xdg-cache"; \
	TMPDIR="$$tmp" XDG_DATA_HOME="$$tmp/xdg-data" XDG_CACHE_HOME="$$tmp/xdg-cache" $(TEST_ENV) \
		xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- scripts/with-sound.sh swift test --skip-build $(SWIFT_FLAGS) $(TEST_ARGS); status=$$?; \
	rm -rf "$$tmp/xdg-data" "$$tmp/xdg-cache"; \
	left=$$(ls -A "$$tmp" | grep '^storesearch-'); rm -rf "$$tmp"; \
	if [ -n "$$left" ]; then echo "make test: the tests left these behind in their temporary folder:"; echo "$$left"; status=1; fi; \
	exit $$status

test-desktop: l10n release
	scripts/l10n.sh check
	scripts/test-desktop-files.sh $(L10N)
	scripts/test-installed.sh

# The decoder fuzz test with 100,000 mutated bodies instead of make test's 2,000, and the item-file
# ones (changed bytes, cut files, deep nesting, other encodings; other tools' forms against Python's
# plistlib) with 20,000 files instead of 500.
fuzz: deps resources
	swift build --build-tests $(SWIFT_FLAGS)
	STORESEARCH_FUZZ_BODIES=100000 swift test --skip-build $(SWIFT_FLAGS) --filter DecoderFuzzTests
	STORESEARCH_FUZZ_ITEM_FILES=20000 swift test --skip-build $(SWIFT_FLAGS) --filter 'ItemFileFormatsTests.testMutatedXMLFilesEachLoadOrFail|ItemFileFastPathTests.testMutatedFilesLoadTheSameEitherWay|ItemFilePlistlibTests.testChangedFilesReadAsPlistlibReadsThemAndBothReadersAgree'

# Release-build benchmarks (core decode and store; artwork, launch, memory and window start in the
# real window). BENCH="artwork memory" runs only those parts. The bench reads the window's parts
# through @testable import, so the window keeps no hooks for it (hence -enable-testing).
bench: deps schemas resources
	swift build -c release --product storesearch-bench -Xswiftc -enable-testing $(SWIFT_FLAGS)
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none \
		xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- scripts/with-sound.sh .build/release/storesearch-bench $(BENCH)

# The installable binary: optimized, with the Swift runtime linked in.
release: deps resources
	swift build $(RELEASE_FLAGS) --product storesearch $(SWIFT_FLAGS)

install: release l10n
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) BINARY=$(RELEASE_BINARY) L10N=$(L10N) scripts/install.sh install

uninstall:
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) scripts/install.sh uninstall

# storesearch_<version>_<arch>.deb for Debian 12, in this folder.
deb: release l10n
	BINARY=$(RELEASE_BINARY) L10N=$(L10N) scripts/build-deb.sh

# Installs the package on this machine (root), runs it, removes it; see scripts/test-deb.sh.
test-deb: deb
	scripts/test-deb.sh

clean:
	rm -rf .build storesearch_*.deb .deb-staging
