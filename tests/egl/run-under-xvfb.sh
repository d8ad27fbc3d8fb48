#!/bin/sh
# run-under-xvfb.sh WITH_XVFB TEST: runs TEST under scripts/with-xvfb (its path is WITH_XVFB),
# or tells meson the test is skipped (77) when Xvfb is not installed.
if ! command -v Xvfb >/dev/null; then
  echo "skipped: Xvfb is not installed (Debian package xvfb)"
  exit 77
fi
# The tests' default setup makes EGL headless (EGL_PLATFORM=surfaceless); these use X11.
unset EGL_PLATFORM
exec "$@"
