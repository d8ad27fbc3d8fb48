#!/bin/sh
# route_glvnd_eglinfo.sh R600SIM_RUN: eglinfo (mesa-utils) by the glvnd route, headless,
# lists the surfaceless and device platforms our vendor offers with r600sim's EGL vendor
# string, and loads nothing of Mesa's (route_x11_programs.sh adds the X11 platform).
# Skipped (77) without eglinfo. Prints "N passed, M failed".
run=$1
command -v eglinfo >/dev/null || { echo "eglinfo not installed: skipped"; exit 77; }
passed=0 failed=0
check() { # check DESCRIPTION CONDITION...
  what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
has() { echo "$out" | grep -q "$1"; }
out=$(EGL_LOG_LEVEL=fatal "$run" --route glvnd --check eglinfo 2>&1)
status=$?
echo "$out"
# Headless, eglinfo's X11 platform fails to initialize and it exits 1; the verdict matters.
check "--check: eglinfo ran on r600sim (status $status)" has "eglinfo ran on r600sim"
check "client extensions name the device platform" has "EGL_EXT_platform_device"
check "client extensions name the surfaceless platform" has "EGL_MESA_platform_surfaceless"
check "the surfaceless platform is r600sim's" \
  sh -c 'echo "$1" | sed -n "/^Surfaceless platform:/,/^[A-Z][a-z0-9]* platform:/p" | grep -q "EGL vendor string: r600sim"' - "$out"
check "the device platform is r600sim's" \
  sh -c 'echo "$1" | sed -n "/^Device platform:/,/^[A-Z][a-z0-9]* platform:/p" | grep -q "EGL vendor string: r600sim"' - "$out"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
