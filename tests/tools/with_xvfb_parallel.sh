#!/bin/sh
# with_xvfb_parallel.sh WITH_XVFB: six runs of scripts/with-xvfb started together each get a
# display of their own that stays usable for their whole command. Each command records its
# DISPLAY, waits until all six have started, checks that its server still answers (xdpyinfo)
# and that the server holding the display's lock is its own. Two runs on one display (the
# race this guards against: both saw the socket appear, one server had exited) fail here.
set -u
with_xvfb=$1
command -v xdpyinfo >/dev/null || { echo "with_xvfb_parallel: xdpyinfo missing (Debian x11-utils)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
runs=6
i=0
pids=
while [ $i -lt $runs ]; do
  "$with_xvfb" sh -c '
    echo "$DISPLAY" > "$1/display.$2"
    n=0   # wait (at most 20 s) until every run has its display, so all six overlap
    while [ $(ls "$1" | grep -c "^display\.") -lt "$3" ] && [ $n -lt 400 ]; do sleep 0.05; n=$((n + 1)); done
    xdpyinfo >/dev/null 2>&1 || { echo "run $2: display $DISPLAY does not answer"; exit 1; }
    sleep 0.5
    xdpyinfo >/dev/null 2>&1 || { echo "run $2: display $DISPLAY went away"; exit 1; }' \
    sh "$dir" $i $runs > "$dir/out.$i" 2>&1 &
  pids="$pids $!"
  i=$((i + 1))
done
fail=0
for pid in $pids; do wait "$pid" || fail=1; done
cat "$dir"/out.* 2>/dev/null
distinct=$(cat "$dir"/display.* | sort -u | wc -l)
echo "with_xvfb_parallel: $runs runs on $distinct distinct displays: $(cat "$dir"/display.* | tr '\n' ' ')"
[ "$distinct" -eq $runs ] || fail=1
[ $fail -eq 0 ] && echo "with_xvfb_parallel: ok"
exit $fail
