#!/bin/bash
# `make test-shell` (issue #41): the installed StoreSearch in a real GNOME Shell 43 on Wayland,
# headless, as the desktop starts and asks it: scripts/shell-test.py has the cases. Here the
# session is made as a login makes it, but private: the app installed into a temporary prefix
# first in XDG_DATA_DIRS (so the Shell finds its .desktop file, search provider and D-Bus
# service), a runtime folder of mode 0700, a system bus (Shell 43 stops at start without one;
# a private dbus-daemon with an allow-all policy is enough), and a dconf of its own in which
# the test's extension is enabled: it puts the Shell in unsafe mode, so that
# org.gnome.Shell.Eval and org.gnome.Shell.Screenshot answer. The store is a local server.
#   scripts/test-shell.sh [SHOTS]   (screenshots and logs to SHOTS, default .build/test-shell)
set -euo pipefail
cd "$(dirname "$0")/.."
APP_ID=io.github.storesearch.StoreSearch
shots=$(realpath -m "${1:-.build/test-shell}")
work=$(mktemp -d /tmp/storesearch-shell.XXXXXX)
system_bus=
cleanup() {
    [ -z "$system_bus" ] || kill "$system_bus" 2> /dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM  # the EXIT trap runs then too
fail() { echo "test-shell: $*" >&2; exit 1; }

make --no-print-directory install PREFIX="$work/prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; fail "make install failed"; }
mkdir -p "$shots" "$work/home" "$work/data/gnome-shell/extensions/unsafe@test-shell.storesearch"
mkdir -m 0700 "$work/runtime"

extension="$work/data/gnome-shell/extensions/unsafe@test-shell.storesearch"
cat > "$extension/metadata.json" << 'EOF'
{"uuid": "unsafe@test-shell.storesearch", "name": "Unsafe mode for StoreSearch's make test-shell",
 "description": "Lets org.gnome.Shell.Eval and Screenshot answer the test", "shell-version": ["43"]}
EOF
cat > "$extension/extension.js" << 'EOF'
function init() {}
function enable() { global.context.unsafe_mode = true; }
function disable() { global.context.unsafe_mode = false; }
EOF

cat > "$work/system.conf" << EOF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$work/system_bus_socket</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/> <allow own="*"/>
    <allow send_type="method_call"/> <allow send_type="signal"/>
    <allow send_type="method_return"/> <allow send_type="error"/>
    <allow receive_type="method_call"/> <allow receive_type="signal"/>
    <allow receive_type="method_return"/> <allow receive_type="error"/>
  </policy>
</busconfig>
EOF
dbus-daemon --config-file="$work/system.conf" --nofork --nopidfile > /dev/null 2>&1 &
system_bus=$!

store_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
session=(env -i PATH="$work/prefix/bin:/usr/bin:/bin" HOME="$work/home" LANG=C.UTF-8
         XDG_RUNTIME_DIR="$work/runtime" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/home/config"
         XDG_CACHE_HOME="$work/home/cache" XDG_DATA_DIRS="$work/prefix/share:/usr/local/share:/usr/share"
         XDG_CURRENT_DESKTOP=GNOME XDG_SESSION_TYPE=wayland
         DBUS_SYSTEM_BUS_ADDRESS="unix:path=$work/system_bus_socket"
         STORESEARCH_API_BASE="http://127.0.0.1:$store_port" STORE_PORT="$store_port" SHOTS="$shots" WORK="$work" SHELL_TEST_DEBUG="${SHELL_TEST_DEBUG:-}" SHELL_TEST_CASES="${SHELL_TEST_CASES:-}")
# dconf is the login's, in the private config folder: the extension on, no welcome tour.
"${session[@]}" dbus-run-session -- bash -c '
    gsettings set org.gnome.shell enabled-extensions "[\"unsafe@test-shell.storesearch\"]"
    gsettings set org.gnome.shell welcome-dialog-last-shown-version "999"' > /dev/null 2>&1
status=0
timeout 600 "${session[@]}" dbus-run-session -- python3 scripts/shell-test.py 2>&1 \
    | tee "$work/test.log" | grep --line-buffered '^test-shell:' || status=$?
[ "${PIPESTATUS[0]}" = 0 ] || status=1
find "$work/data" "$work/home" -newer "$work/system.conf" > "$shots/files.txt"; cp "$work/test.log" "$shots/session.log"; cp "$work/shell.log" "$shots/shell.log" 2> /dev/null || true
if [ "$status" != 0 ]; then
    echo "test-shell: the Shell's and the app's log:" >&2
    grep -v '^test-shell:' "$work/test.log" | tail -40 >&2
    tail -30 "$work/shell.log" >&2 || true
fi
exit "$status"
