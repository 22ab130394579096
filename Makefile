# StoreSearch: `make run` and `make test` install what they need on Debian 12, then build.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev glib-networking pkg-config xvfb xauth dbus dbus-x11 \
                adwaita-icon-theme fonts-dejavu-core libglib2.0-bin gettext locales desktop-file-utils appstream lintian xdotool \
                librsvg2-bin dpkg-dev chrpath openbox wmctrl x11-utils libx11-dev at-spi2-core python3-pyatspi \
                libgtk-4-media-gstreamer gstreamer1.0-plugins-good gstreamer1.0-plugins-bad gstreamer1.0-libav pulseaudio notification-daemon \
                mutter libwayland-dev yelp-tools itstool
# What `make test-shell` adds: GNOME Shell itself, and what its test reads the Shell and the app with.
SHELL_TEST_PACKAGES := gnome-shell gjs python3-gi gir1.2-atspi-2.0 gir1.2-gtk-4.0
SWIFT_FLAGS ?=
PREFIX ?= /usr/local
DESTDIR ?=
# The GSettings schema (window size, view mode, store region), compiled here so nothing needs installing.
SCHEMA_DIR := $(CURDIR)/.build/schemas
# Translations and the translated .desktop/metainfo for runs from the tree.
L10N := .build/l10n
# Swift runs with TMPDIR in .build (scripts/swift.sh): its driver leaves empty folders in /tmp otherwise.
SWIFT := scripts/swift.sh
RELEASE_FLAGS := -c release --static-swift-stdlib
RELEASE_BINARY = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/storesearch
# The tests expect English and the US store unless they set a locale themselves; settings stay in memory.
# The decoders are ranked as the app's main ranks them (PreviewDecoders) before any thread starts.
TEST_ENV := GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=test \
            GST_PLUGIN_FEATURE_RANK=faad:257 LANG=C.UTF-8 LC_ALL= LC_MESSAGES= LC_MONETARY= LC_TIME= LANGUAGE=

.PHONY: deps resources resource-list build schemas run lint format test test-swift test-desktop test-shell test-deb fuzz bench clean l10n po release install uninstall deb

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

# Resources/*.ui and *.css as a GResource in C (.build/gresource/resources.c) for the bench's C
# libadwaita window. The app's own copy needs no step here: swift build writes it (Plugins/GResource).
resources: deps
	scripts/gresource.sh .build/gresource

# SwiftPM plans a build again (and so runs the build-tool plugins, Plugins/GResource and
# Plugins/UIOutlets) only when Package.swift or a target's folder changes: a .ui or .css file added
# to or removed from Resources/ alone would not reach the binary. When their list changes since
# the last build, Package.swift's time is touched so that the next swift build plans again.
resource-list:
	@mkdir -p .build; ls -1 Resources/*.ui Resources/*.css > .build/resource-files.new; \
	if cmp -s .build/resource-files.new .build/resource-files; then rm .build/resource-files.new; \
	else touch Package.swift; mv .build/resource-files.new .build/resource-files; fi

build: l10n resource-list
	$(SWIFT) build $(SWIFT_FLAGS)

schemas: deps
	@mkdir -p $(SCHEMA_DIR)
	glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) Resources

run: build
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) $(SWIFT) run $(SWIFT_FLAGS) storesearch $(ARGS)

# Rewrites po/storesearch.pot from the sources and merges it into po/*.po.
po: deps
	scripts/l10n.sh update

# The XCTest bundle in TEST_WORKERS workers at once, each with its own X display, D-Bus session and
# sound server, a class per process, the longest first (scripts/parallel-tests.py: it also checks
# that the tests leave nothing in their private TMPDIR). TEST_WORKERS=1 runs one class at a time.
TEST_WORKERS ?= 4
RUN_TESTS = scripts/parallel-tests.py --workers $(TEST_WORKERS) $(foreach variable,$(TEST_ENV),--setenv $(variable)) \
            "$$($(SWIFT) build --show-bin-path $(SWIFT_FLAGS))/StoreSearchPackageTests.xctest"

# The sources' layout first (make lint), then every test: the Swift ones in parallel workers, and
# beside them the real window closed by a window manager and walked on the accessibility bus (each
# script on a display of its own); then the desktop files' validators, the translations'
# completeness, and the installed copy run with the checkout hidden.
test: lint l10n resource-list
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(RUN_TESTS) --also scripts/test-wm-close.sh --also scripts/test-accessibility.sh
	$(MAKE) --no-print-directory test-desktop

# The sources as swift-format lays them out (.swift-format: 4 spaces, lines of at most 120), and no
# function over 80 lines. `make format` rewrites them so.
SWIFT_SOURCES := Sources Tests Plugins Package.swift
lint:
	swift format lint --strict --recursive --parallel $(SWIFT_SOURCES)
	scripts/check-function-length.py 80 Sources Tests Plugins

format:
	swift format format --in-place --recursive --parallel $(SWIFT_SOURCES)

# Only the Swift tests; `make test-swift TEST_ARGS="--filter WindowFormTests"` runs some of them
# (--filter and --skip take swift test's regular expressions).
test-swift: l10n resource-list
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(RUN_TESTS) $(TEST_ARGS)

test-desktop: l10n release
	scripts/l10n.sh check
	scripts/test-desktop-files.sh $(L10N)
	scripts/test-installed.sh

# Issue #41 in a real GNOME Shell 43 on Wayland (headless, private session): the installed app
# started cold for an overview pick and a notification's click, an open window brought forward,
# the window folded; screenshots and logs in .build/test-shell. Not part of `make test` (it
# installs GNOME Shell, some 370 packages). See scripts/test-shell.sh.
test-shell: deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(SHELL_TEST_PACKAGES)"
	scripts/test-shell.sh

# The decoder fuzz test with 100,000 mutated bodies instead of make test's 2,000, and the item-file
# ones (changed bytes, cut files, deep nesting, other encodings; other tools' forms against Python's
# plistlib) with 20,000 files instead of 500.
fuzz: deps resource-list
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	STORESEARCH_FUZZ_BODIES=100000 $(SWIFT) test --skip-build $(SWIFT_FLAGS) --filter DecoderFuzzTests
	STORESEARCH_FUZZ_ITEM_FILES=20000 $(SWIFT) test --skip-build $(SWIFT_FLAGS) --filter 'ItemFileFormatsTests.testMutatedXMLFilesEachLoadOrFail|ItemFileFastPathTests.testMutatedFilesLoadTheSameEitherWay|ItemFilePlistlibTests.testChangedFilesReadAsPlistlibReadsThemAndBothReadersAgree'

# Release-build benchmarks (core decode and store; artwork, launch, memory and window start in the
# real window). BENCH="artwork memory" runs only those parts. The bench imports the app as a
# product does (what it reads of the window is `package`), and builds as the app does.
bench: deps schemas resources resource-list
	$(SWIFT) build -c release --product storesearch-bench $(SWIFT_FLAGS)
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none \
		scripts/with-display.sh dbus-run-session -- scripts/with-sound.sh .build/release/storesearch-bench $(BENCH)

# The installable binary: optimized, with the Swift runtime linked in.
release: deps resource-list
	$(SWIFT) build $(RELEASE_FLAGS) --product storesearch $(SWIFT_FLAGS)

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
