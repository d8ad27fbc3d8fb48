#!/bin/sh
# route_sdl_offscreen.sh R600SIM_RUN: SDL2's testgles2 on SDL's offscreen video driver (EGL
# device platform, no window system) runs on r600sim by each route of r600sim-run: its GL
# info names r600sim, it draws frames, and --check finds our EGL initialized and no Mesa.
# Each run is stopped with SIGINT after a few seconds (testgles2 runs until asked to quit).
# Skipped (77) without SDL2's installed tests. Prints "N passed, M failed".
run=$1
prog=/usr/libexec/installed-tests/SDL2/testgles2
[ -x "$prog" ] || { echo "$prog not installed: skipped"; exit 77; }
passed=0 failed=0
check() { # check DESCRIPTION CONDITION...
  what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
for route in default glvnd preload; do
  out=$(SDL_VIDEODRIVER=offscreen timeout --preserve-status -s INT 4 "$run" --route $route --check "$prog" 2>&1)
  status=$?
  echo "$out" | grep -E "Renderer   :|frames per second|r600sim-run --check"
  check "$route: --check passes (status $status)" test "$status" -eq 0
  check "$route: GL_RENDERER is r600sim's" \
    sh -c 'echo "$1" | grep -q "Renderer   : r600sim ("' - "$out"
  check "$route: frames were drawn" \
    sh -c 'echo "$1" | grep -Eq "^INFO: [0-9.]+ frames per second" &&
           ! echo "$1" | grep -q "^INFO: 0.00 frames per second"' - "$out"
done
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
