# StoreSearch: `make run` and `make test` install what they need on Debian 12, then build.
SHELL := /bin/bash
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libgtk-4-dev libadwaita-1-dev libsoup-3.0-dev glib-networking pkg-config xvfb xauth dbus dbus-x11 \
                adwaita-icon-theme fonts-dejavu-core libglib2.0-bin gettext locales desktop-file-utils appstream lintian xdotool
SWIFT_FLAGS ?=
# The GSettings schema (window size, view mode), compiled here so nothing needs installing.
SCHEMA_DIR := $(CURDIR)/.build/schemas

.PHONY: deps build schemas run test fuzz bench clean

# Installs only the Debian packages that are missing.
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "ok installed" || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "Installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	swift build $(SWIFT_FLAGS)

schemas:
	@mkdir -p $(SCHEMA_DIR)
	glib-compile-schemas --strict --targetdir=$(SCHEMA_DIR) Resources

run: build schemas
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) swift run $(SWIFT_FLAGS) storesearch $(ARGS)

# Every test, the UI ones under a private X display and D-Bus session. The run gets a private
# TMPDIR (holding its XDG folders too); a storesearch-* folder a test leaves there fails the run
# (other tools' temporaries do not), and the folder is removed either way: nothing stays in /tmp.
test: deps schemas
	swift build --build-tests $(SWIFT_FLAGS)
	@tmp=$$(mktemp -d -t storesearch-test-run.XXXXXX); mkdir "$$tmp/xdg-data" "$$tmp/xdg-cache"; \
	TMPDIR="$$tmp" GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory XDG_DATA_HOME="$$tmp/xdg-data" XDG_CACHE_HOME="$$tmp/xdg-cache" GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=test \
		xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- swift test --skip-build $(SWIFT_FLAGS) $(TEST_ARGS); status=$$?; \
	rm -rf "$$tmp/xdg-data" "$$tmp/xdg-cache"; \
	left=$$(ls -A "$$tmp" | grep '^storesearch-'); rm -rf "$$tmp"; \
	if [ -n "$$left" ]; then echo "make test: the tests left these behind in their temporary folder:"; echo "$$left"; status=1; fi; \
	exit $$status

# The decoder fuzz test with 100,000 mutated bodies instead of make test's 2,000.
fuzz: deps
	swift build --build-tests $(SWIFT_FLAGS)
	STORESEARCH_FUZZ_BODIES=100000 swift test --skip-build $(SWIFT_FLAGS) --filter DecoderFuzzTests

# Release-build benchmarks (core decode and store; artwork, launch, memory and window start in the
# real window). BENCH="artwork memory" runs only those parts.
bench: deps schemas
	swift build -c release --product storesearch-bench $(SWIFT_FLAGS)
	GSETTINGS_SCHEMA_DIR=$(SCHEMA_DIR) GSETTINGS_BACKEND=memory GSK_RENDERER=cairo GDK_BACKEND=x11 GTK_A11Y=none \
		xvfb-run -a -s "-screen 0 1600x1000x24" dbus-run-session -- .build/release/storesearch-bench $(BENCH)

clean:
	rm -rf .build
