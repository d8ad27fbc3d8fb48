#!/bin/sh
# route_check_fallback.sh R600SIM_RUN PROBE: `r600sim-run --route none --check` on a program
# that renders fine on Mesa's llvmpipe must say so and fail (exit 3), not pass it as
# r600sim's. Prints "N passed, M failed".
run=$1 probe=$2
passed=0 failed=0
check() { # check DESCRIPTION CONDITION...
  what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
# Mesa without a display server: its surfaceless platform.
out=$(EGL_PLATFORM=surfaceless "$run" --route none --check "$probe" --no-checks 2>&1)
status=$?
echo "$out"
check "the probe ran on Mesa's llvmpipe" \
  sh -c 'echo "$1" | grep -q "^GL_RENDERER: llvmpipe"' - "$out"
check "--check exits 3 (got $status)" test "$status" -eq 3
check "--check says the program did not run on r600sim" \
  sh -c 'echo "$1" | grep -q "did NOT run on r600sim"' - "$out"
check "--check names the other driver (Mesa's)" \
  sh -c 'echo "$1" | grep -q "another GL driver was loaded: .*libEGL_mesa"' - "$out"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
