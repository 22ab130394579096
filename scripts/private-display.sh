# Sourced by the tests that drive the real window from outside (test-accessibility.sh,
# test-wm-close.sh): `in_private_display MARKER "$@"` re-runs the calling script on a private
# Xvfb display and D-Bus session, with MARKER set in the inner run, and returns there once the
# display answers. xvfb-run -a can pick a display whose previous server is still going away:
# then it tries another.
in_private_display() {
    local marker=$1
    shift
    if [ -n "${!marker:-}" ]; then
        xdpyinfo > /dev/null 2>&1 || exit 99
        return
    fi
    export "$marker"=1
    for attempt in 1 2 3; do
        # -noreset: Xvfb resets when its last client leaves (xdpyinfo, or an app between two
        # states), and a client connecting meanwhile fails with "cannot open display".
        xvfb-run -a -s "-screen 0 1280x800x24 -noreset" dbus-run-session -- "$0" "$@"
        status=$?
        [ "$status" = 99 ] || exit "$status"
        echo "$(basename "$0"): the X display did not answer; trying another (attempt $attempt)"
        sleep 1
    done
    exit 1
}
