#!/bin/sh
# route_x11_programs.sh R600SIM_RUN WINDOW_PROBE ROUTE...: under a private Xvfb (the caller
# runs this through scripts/with-xvfb), by each ROUTE of r600sim-run with --check: our
# windowed probe, glmark2-es2 (windowed and --off-screen, one short scene each: it dlopens
# libEGL.so), SDL2's testgles2 (X11 driver, EGL forced by r600sim-run) and es2_info; then
# eglinfo by the glvnd route listing the X11, device and surfaceless platforms as
# r600sim's. A program that is not installed is a failure (scripts/bootstrap installs them
# all); ROUTE_PROGRAMS=own leaves them all out, saying so (sanitizer builds: an
# uninstrumented program cannot load our instrumented libraries). Prints "N passed, M failed".
run=$1 probe=$2
shift 2
passed=0 failed=0
check() { # check DESCRIPTION CONDITION...
  what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
has() { echo "$out" | grep -q "$1"; }
# on ROUTE CMD...: runs CMD by ROUTE with --check; $out holds everything it printed.
on() {
  route=$1; shift
  out=$(timeout --preserve-status -s INT 120 "$run" --route "$route" --check "$@" 2>&1)
  status=$?
  echo "$out" | grep -E "GL_RENDERER|Score|passed,|r600sim-run --check" | sed "s/^/[$route] /"
  check "$route: $1 ran on r600sim (status $status)" test "$status" -eq 0
}
installed() { # installed PROGRAM: whether to run it
  if [ "${ROUTE_PROGRAMS:-all}" = own ]; then
    echo "$1 left out (ROUTE_PROGRAMS=own)"
    return 1
  fi
  command -v "$1" >/dev/null && return 0
  check "$1 is installed (scripts/bootstrap installs it)" false
  return 1
}
for route in "$@"; do
  on $route "$probe"
  if installed glmark2-es2; then
    for mode in "" --off-screen; do
      on $route glmark2-es2 $mode -s 64x64 -b clear:duration=0.3
      check "$route: glmark2-es2 $mode on r600sim" has "GL_RENDERER: *r600sim"
      check "$route: glmark2-es2 $mode scored" has "glmark2 Score: [1-9]"
    done
  fi
  sdl=/usr/libexec/installed-tests/SDL2/testgles2
  if installed $sdl; then
    # Runs until asked to quit: stopped with SIGINT after 3 s (the verdict still follows).
    out=$(timeout --preserve-status -s INT 3 "$run" --route $route --check $sdl 2>&1)
    status=$?
    echo "$out" | grep -E "Renderer   :|frames per second|r600sim-run --check" | sed "s/^/[$route] /"
    check "$route: SDL testgles2 ran on r600sim (status $status)" test "$status" -eq 0
    check "$route: SDL testgles2 on r600sim" has "Renderer   : r600sim ("
  fi
  if installed es2_info; then
    on $route es2_info
    check "$route: es2_info on r600sim" has "GL_RENDERER: *r600sim"
  fi
done
if installed eglinfo; then
  on glvnd eglinfo
  for platform in X11 Device Surfaceless; do
    check "eglinfo lists the $platform platform as r600sim's" \
      sh -c 'echo "$1" | sed -n "/^$2 platform:/,/^[A-Z][a-z0-9]* platform:/p" |
             grep -q "EGL vendor string: r600sim"' - "$out" "$platform"
  done
fi
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
