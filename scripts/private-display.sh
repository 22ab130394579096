# Sourced by the tests that drive the real window from outside (test-accessibility.sh,
# test-wm-close.sh): `in_private_display MARKER "$@"` re-runs the calling script on a private
# Xvfb display and D-Bus session (scripts/with-display.sh, so that it can start beside the test
# workers' displays), with MARKER set in the inner run, and returns there once the display answers;
# if it does not, it tries another.
in_private_display() {
    local marker=$1
    shift
    if [ -n "${!marker:-}" ]; then
        xdpyinfo > /dev/null 2>&1 || exit 99
        return
    fi
    export "$marker"=1
    for attempt in 1 2 3; do
        "$(dirname "${BASH_SOURCE[0]}")/with-display.sh" -s 1280x800x24 dbus-run-session -- "$0" "$@"
        status=$?
        [ "$status" = 99 ] || exit "$status"
        echo "$(basename "$0"): the X display did not answer; trying another (attempt $attempt)"
        sleep 1
    done
    exit 1
}
