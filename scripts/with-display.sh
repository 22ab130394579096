#!/bin/bash
# scripts/with-display.sh [-s WxHxD] COMMAND...: runs COMMAND on a private Xvfb display (DISPLAY set),
# which goes away with it. Xvfb picks a free display number itself (-displayfd) and says it once it
# accepts clients, so several of these can start at once (xvfb-run -a guesses a number first: two
# started together could take the same). -noreset: Xvfb would otherwise reset when its last client
# leaves, and a client connecting meanwhile fails with "cannot open display".
set -uo pipefail
screen=1600x1000x24
if [ "${1:-}" = -s ]; then screen=$2; shift 2; fi
[ $# -gt 0 ] || { echo "usage: $0 [-s WxHxD] COMMAND..." >&2; exit 2; }
number=$(mktemp -t storesearch-display.XXXXXX)
Xvfb -displayfd 3 -screen 0 "$screen" -nolisten tcp -noreset 3> "$number" 2> "$number.log" &
server=$!
for _ in $(seq 200); do [ -s "$number" ] && break; kill -0 "$server" 2> /dev/null || break; sleep 0.05; done
if [ ! -s "$number" ]; then
    echo "with-display: Xvfb did not start" >&2; cat "$number.log" >&2
    kill "$server" 2> /dev/null; rm -f "$number" "$number.log"; exit 1
fi
export DISPLAY=:$(head -1 "$number")
rm -f "$number" "$number.log"
"$@"
status=$?
kill "$server" 2> /dev/null; wait "$server" 2> /dev/null
exit $status
