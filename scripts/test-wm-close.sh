#!/bin/bash
# Issue #23: the window manager's close is honoured in every state a user leaves the window in.
# Under a real X window manager (openbox) on a private Xvfb display and D-Bus session, each
# round launches the app over the offline catalog, opens a result, goes to its Name field (F2), types
# there without pressing Enter, leaves the window in one state (arrowing, a second launch's hand-over,
# a tooltip, the main menu open, the date picker open, images still loading, or just the
# typing), and closes it as the desktop does: Alt+F4, `wmctrl -c` (_NET_CLOSE_WINDOW) or a WM_DELETE_WINDOW client message
# sent straight to the window. Every round the process must exit within 5 s with the typed
# text in items.plist.
#   scripts/test-wm-close.sh [BINARY]     (default .build/debug/storesearch; run by make test)
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/private-display.sh
in_private_display STORESEARCH_WM_SESSION "$@"
binary=$(realpath "${1:-.build/debug/storesearch}")
work=$(mktemp -d /tmp/storesearch-wm.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null; rm -rf "$work"' EXIT
export GSETTINGS_SCHEMA_DIR=$PWD/.build/schemas GSETTINGS_BACKEND=memory GDK_BACKEND=x11 GSK_RENDERER=cairo \
       LANG=C.UTF-8 LC_ALL= LANGUAGE=

# A WM_DELETE_WINDOW client message, as a window manager or taskbar sends it.
cat > "$work/wm-delete.c" <<'EOF'
#include <X11/Xlib.h>
#include <stdlib.h>
int main(int argc, char **argv) {
    Display *display = XOpenDisplay(NULL);
    if (!display || argc < 2) return 2;
    XEvent event = {0};
    event.xclient.type = ClientMessage;
    event.xclient.window = strtoul(argv[1], NULL, 0);
    event.xclient.format = 32;
    event.xclient.message_type = XInternAtom(display, "WM_PROTOCOLS", False);
    event.xclient.data.l[0] = XInternAtom(display, "WM_DELETE_WINDOW", False);
    event.xclient.data.l[1] = CurrentTime;
    XSendEvent(display, event.xclient.window, False, NoEventMask, &event);
    XCloseDisplay(display);
    return 0;
}
EOF
cc -o "$work/wm-delete" "$work/wm-delete.c" -lX11 || { echo "test-wm-close: cannot build the X client"; exit 1; }

for _ in 1 2 3; do  # the display can take a moment to accept a second client
    openbox --sm-disable > "$work/openbox.log" 2>&1 &
    for _ in $(seq 50); do wmctrl -m > /dev/null 2>&1 && break 2; sleep 0.1; done
done
wmctrl -m > /dev/null 2>&1 || { echo "test-wm-close: openbox did not start"; cat "$work/openbox.log"; exit 1; }

failures=0
round=0
run_round() {  # STATE CLOSE
    local state=$1 close=$2 text="typed-$state-$round" data="$work/data-$round" pid window
    round=$((round + 1))
    mkdir -p "$data"
    XDG_DATA_HOME="$data" XDG_CACHE_HOME="$work/cache-$round" "$binary" --offline --search midnight > "$work/app-$round.log" 2>&1 &
    pid=$!
    window=
    for _ in $(seq 300); do
        # The mapped toplevel: GDK's client leader window carries the same name but is never shown.
        window=$(xdotool search --onlyvisible --pid "$pid" --name '^StoreSearch$' 2>/dev/null | head -1)
        [ -n "$window" ] && break
        sleep 0.1
    done
    if [ -z "$window" ]; then echo "round $round ($state): no window"; failures=$((failures + 1)); kill "$pid"; return; fi
    sleep 1.5  # the search and the first rows
    xdotool mousemove --window "$window" 150 280 click 1 sleep 0.3 key Return sleep 0.3 key F2 sleep 0.2 key End
    xdotool type --delay 20 "$text"
    case $state in
        typed) ;;  # focus still in the Name field
        arrow) xdotool key Escape sleep 0.2 key Down Down Down ;;
        second) XDG_DATA_HOME="$data" "$binary" --search bright > /dev/null 2>&1; sleep 0.8 ;;
        tooltip) xdotool mousemove --window "$window" 150 340 sleep 1.5 ;;
        menu) xdotool key F10 sleep 0.4 ;;
        date) xdotool key Tab Tab Tab Tab Tab key space sleep 0.4 ;;
        loading) ;;  # closed at once, with artwork still arriving
    esac
    case $close in
        alt-f4) xdotool key alt+F4 ;;  # to the focused window, as the keyboard does
        wmctrl) wmctrl -i -c "$window" ;;
        message) "$work/wm-delete" "$window" ;;
    esac
    local exited=
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || { exited=1; break; }; sleep 0.1; done
    if [ -z "$exited" ]; then
        echo "round $round ($state, $close): the window manager's close was ignored"
        failures=$((failures + 1))
        kill "$pid"; wait "$pid" 2>/dev/null
        return
    fi
    wait "$pid" 2>/dev/null
    if ! grep -qF "$text" "$data/storesearch/items.plist" 2>/dev/null; then
        echo "round $round ($state, $close): closed, but the typed text is not in items.plist"
        failures=$((failures + 1))
    fi
}

for close in alt-f4 wmctrl message; do
    for state in typed arrow second tooltip menu date loading; do
        run_round "$state" "$close"
    done
done
rounds=$round
passed=$((rounds - failures))
echo "test-wm-close: $rounds rounds (Alt+F4, wmctrl, WM_DELETE_WINDOW across 7 states)"
echo "$passed passed, $failures failed"
[ "$failures" = 0 ]
