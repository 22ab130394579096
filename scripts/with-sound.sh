#!/bin/bash
# scripts/with-sound.sh COMMAND...: runs COMMAND with a private PulseAudio sound server whose only
# output is a null sink, so media tests play real audio through a real sound path with no
# speakers (issue #19). The server and its folder go away with the command.
set -uo pipefail
runtime=$(mktemp -d -t storesearch-sound.XXXXXX)
export XDG_RUNTIME_DIR=$runtime PULSE_SERVER=unix:$runtime/pulse/native
pulseaudio -n --daemonize=no --exit-idle-time=-1 --use-pid-file=no -L module-null-sink \
    -L "module-native-protocol-unix auth-anonymous=1 socket=$runtime/pulse/native" > "$runtime/pulseaudio.log" 2>&1 &
server=$!
for _ in $(seq 50); do [ -S "$runtime/pulse/native" ] && break; sleep 0.1; done
[ -S "$runtime/pulse/native" ] || { echo "with-sound: PulseAudio did not start"; cat "$runtime/pulseaudio.log"; }
"$@"
status=$?
kill "$server" 2>/dev/null; wait "$server" 2>/dev/null
rm -rf "$runtime"
exit $status
