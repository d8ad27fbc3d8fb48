#!/bin/sh
# replay.sh FIRST_LIGHT R600SIM_REPLAY REPLAY_FRAMES: r600sim-replay reproduces live runs
# byte for byte (issue 11, finding 7).
#  1. first-light captured (R600SIM_CAPTURE) on each engine: the replay on that engine
#     writes exactly one frame, frame-0001.png, identical to the PNG first-light wrote (also
#     into the current folder by default, and for two runs appended to one capture).
#  2. replay_frames (four frames ending at swaps, at a swap after glFinish and at a
#     read-back) captured on each chip and 4x multi-sampled: four frames, each identical to
#     the live read-back (on either engine), and the frames differ from each other.
#  3. Bad captures: a missing file, not a capture, a truncated capture, mutated captures:
#     exit status 1 with a message, never a crash; bad arguments: status 2. A capture is
#     not appended to a file of another format version; an empty version 1 file replays.
# Prints "N passed, M failed".
set -u
# Absolute paths: one check runs the replay from another folder.
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
first_light=$(abs "$1")
replay=$(abs "$2")
frames=$(abs "$3")
dir=$(mktemp -d "${TMPDIR:-/tmp}/r600sim-replay.XXXXXX")
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }
check() { if eval "$1"; then ok; else fail "$2"; fi; }
# Files in folder $1 (one a line, sorted).
files() { (cd "$1" && ls); }

# 1. first-light, both engines.
for engine in interp jit; do
  out=$dir/fl-$engine   # made by the replay
  R600SIM_ENGINE=$engine R600SIM_CAPTURE=$dir/fl-$engine.cap "$first_light" "$dir/fl-$engine.png" \
    >/dev/null 2>&1
  check '[ -s "$dir/fl-$engine.png" ]' "first-light ($engine) wrote no image"
  "$replay" --engine $engine "$dir/fl-$engine.cap" "$out" >/dev/null 2>"$dir/fl-$engine.err"
  st=$?
  check '[ $st -eq 0 ]' "replay of first-light ($engine) failed: $(cat "$dir/fl-$engine.err")"
  check '[ "$(files "$out")" = frame-0001.png ]' "first-light ($engine): frames $(files "$out")"
  check 'cmp -s "$dir/fl-$engine.png" "$out/frame-0001.png"' \
    "first-light ($engine): the replayed image differs from the live one"
  check 'grep -q "1 submissions, 1 frames, 0 GPU faults" "$dir/fl-$engine.err"' \
    "first-light ($engine): summary $(cat "$dir/fl-$engine.err")"
done
# The default folder is the current one.
(cd "$dir/fl-jit" && rm -f frame-0001.png && "$replay" "$dir/fl-jit.cap" >/dev/null 2>&1)
check 'cmp -s "$dir/fl-jit.png" "$dir/fl-jit/frame-0001.png"' "no frame-0001.png in the current folder"

# Two runs appended to one file: the second one's device starts afresh (its sequence
# numbers start again), so both frames are first-light.
cp "$dir/fl-jit.cap" "$dir/twice.cap"
R600SIM_CAPTURE=$dir/twice.cap "$first_light" "$dir/twice.png" >/dev/null 2>&1
mkdir "$dir/twice"
"$replay" "$dir/twice.cap" "$dir/twice" >/dev/null 2>&1
check 'cmp -s "$dir/fl-jit.png" "$dir/twice/frame-0001.png" &&
       cmp -s "$dir/fl-jit.png" "$dir/twice/frame-0002.png"' "two appended runs: $(files "$dir/twice")"

# 2. Four frames, both chips, and 4x multi-sampled (the replay resolves as a read-back does).
for run in rv770 r600 rv770-msaa; do
  chip=${run%-msaa}
  msaa=${run#$chip}
  live=$dir/live-$run
  out=$dir/out-$run
  mkdir "$live" "$out"
  R600SIM_CHIP=$chip R600SIM_CAPTURE=$dir/frames-$run.cap "$frames" "$live" ${msaa:+msaa} \
    >"$dir/live-$run.log" 2>&1
  st=$?
  check '[ $st -eq 0 ]' "replay_frames ($run) failed: $(cat "$dir/live-$run.log")"
  "$replay" "$dir/frames-$run.cap" "$out" >/dev/null 2>"$dir/out-$run.err"
  st=$?
  check '[ $st -eq 0 ]' "replay of replay_frames ($run) failed: $(cat "$dir/out-$run.err")"
  want="frame-0001.png
frame-0002.png
frame-0003.png
frame-0004.png"
  check '[ "$(files "$out")" = "$want" ]' "replay_frames ($run): frames $(files "$out" | tr '\n' ' ')"
  for n in 1 2 3 4; do
    check 'cmp -s "$live/live-000$n.png" "$out/frame-000$n.png"' \
      "replay_frames ($run): frame $n differs from the live read-back"
  done
  for n in 2 3 4; do
    check '! cmp -s "$out/frame-0001.png" "$out/frame-000$n.png"' \
      "replay_frames ($run): frames 1 and $n are the same image"
  done
done
# The other engine gives the same frames.
mkdir "$dir/out-r600-interp"
"$replay" --engine interp "$dir/frames-r600.cap" "$dir/out-r600-interp" >/dev/null 2>&1
for n in 1 2 3 4; do
  check 'cmp -s "$dir/live-r600/live-000$n.png" "$dir/out-r600-interp/frame-000$n.png"' \
    "replay_frames (r600, interp): frame $n differs from the live read-back"
done

# 3. Bad input.
"$replay" >/dev/null 2>&1
st=$?
check '[ $st -eq 2 ]' "no arguments: status not 2"
"$replay" --engine bogus "$dir/fl-jit.cap" >/dev/null 2>&1
st=$?
check '[ $st -eq 2 ]' "--engine bogus: status not 2"
"$replay" "$dir/missing.cap" "$dir" >/dev/null 2>"$dir/bad.err"
st=$?
check '[ $st -eq 1 ] && grep -q "missing.cap" "$dir/bad.err"' "missing file: $(cat "$dir/bad.err")"
echo "not a capture at all" >"$dir/text.cap"
"$replay" "$dir/text.cap" "$dir" >/dev/null 2>"$dir/bad.err"
st=$?
check '[ $st -eq 1 ] && grep -q "not an r600sim capture" "$dir/bad.err"' "text file: $(cat "$dir/bad.err")"
size=$(wc -c <"$dir/fl-jit.cap")
mkdir "$dir/bad"
head -c $((size - 5)) "$dir/fl-jit.cap" >"$dir/trunc.cap"
"$replay" "$dir/trunc.cap" "$dir/bad" >/dev/null 2>"$dir/bad.err"
st=$?
check '[ $st -eq 1 ] && grep -q "truncated" "$dir/bad.err"' "truncated capture: $(cat "$dir/bad.err")"
# A capture of another version is not appended to (the file stays as it was).
printf 'R600SIMC\001\000\000\000\020\000\000\000' >"$dir/v1.cap"
R600SIM_CAPTURE=$dir/v1.cap "$first_light" "$dir/v1.png" >/dev/null 2>"$dir/v1.err"
check '[ "$(wc -c <"$dir/v1.cap")" -eq 16 ] && grep -q "not a version 2 capture" "$dir/v1.err"' \
  "appending to a version 1 capture: $(wc -c <"$dir/v1.cap") bytes, $(cat "$dir/v1.err")"
"$replay" "$dir/v1.cap" "$dir/bad" >/dev/null 2>"$dir/bad.err"
st=$?
check '[ $st -eq 0 ] && grep -q "0 submissions, 0 frames" "$dir/bad.err"' \
  "an empty version 1 capture: status $st, $(cat "$dir/bad.err")"
# Mutations: 4 bytes of 0xFF at offsets over the whole file (record headers, sizes, the
# command buffer, buffer contents); status 0 (a stream the GPU faults on) or 1, no crash.
crashes=0
for i in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do
  off=$(( (size / 20) * i + (i % 4) * 4 + 16 ))
  cp "$dir/fl-jit.cap" "$dir/mut.cap"
  printf '\377\377\377\377' | dd of="$dir/mut.cap" bs=1 seek=$off conv=notrunc 2>/dev/null
  timeout 60 "$replay" --engine interp "$dir/mut.cap" "$dir/bad" >/dev/null 2>&1
  status=$?
  if [ $status -gt 1 ]; then
    crashes=$((crashes + 1))
    echo "mutation at byte $off: status $status" >&2
  fi
done
check '[ $crashes -eq 0 ]' "$crashes mutated captures crashed the replay"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
