#!/bin/bash
# scripts/swift.sh ARGS...: `swift ARGS` with TMPDIR in this checkout's .build/tmp. On Linux the Swift
# driver leaves about seven TemporaryDirectory.* folders (empty but for a .keep-directory file) in
# $TMPDIR at every build, and SwiftPM keeps its lock files there; every swift that make runs goes
# through here, so nothing of that is left in /tmp, and the driver's folders are removed after each run.
set -uo pipefail
tmp="$(cd "$(dirname "$0")/.." && pwd)/.build/tmp"
mkdir -p "$tmp"
TMPDIR=$tmp swift "$@"
status=$?
for dir in "$tmp"/TemporaryDirectory.*; do  # each holds only a .keep-directory file when the driver is done
    [ -d "$dir" ] && [ -z "$(ls -A "$dir" | grep -vx .keep-directory)" ] && rm -rf "$dir"
done
exit $status
