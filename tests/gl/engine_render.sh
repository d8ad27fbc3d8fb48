#!/bin/sh
# engine_render.sh FIRST_LIGHT: the draw path runs on the engine R600SIM_ENGINE names
# (issue 3, deliverable 7). Renders the first-light image (EGL + GLES2 + driver + simulated
# GPU) with R600SIM_ENGINE=interp and =jit on both chips: the PNGs must be byte-identical,
# the JIT must not have fallen back to the interpreter, and an unknown engine name must be
# reported. Prints "N passed, M failed".
set -u
demo=$1
dir=$(mktemp -d "${TMPDIR:-/tmp}/r600sim-engine-render.XXXXXX")
trap 'rm -rf "$dir"' EXIT
passed=0
failed=0
ok() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

for chip in rv770 r600; do
  for engine in interp jit; do
    if R600SIM_CHIP=$chip R600SIM_ENGINE=$engine "$demo" "$dir/$chip-$engine.png" \
         >/dev/null 2>"$dir/$chip-$engine.err"; then ok; else fail "$chip/$engine: render failed"; fi
  done
  if grep -q "JIT compile failed" "$dir/$chip-jit.err"; then
    fail "$chip: the JIT fell back to the interpreter"
  else
    ok
  fi
  if [ -s "$dir/$chip-interp.png" ] && cmp -s "$dir/$chip-interp.png" "$dir/$chip-jit.png"; then
    ok
  else
    fail "$chip: interp and jit renders differ"
  fi
done
if cmp -s "$dir/rv770-jit.png" "$dir/r600-jit.png"; then ok; else fail "r600 and rv770 renders differ"; fi

R600SIM_ENGINE=bogus "$demo" "$dir/bogus.png" >/dev/null 2>"$dir/bogus.err"
if grep -q "R600SIM_ENGINE=bogus unknown" "$dir/bogus.err"; then ok; else fail "unknown engine not reported"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
