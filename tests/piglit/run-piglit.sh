#!/bin/sh
# run-piglit.sh [--baseline BASELINE] LIST [OUTDIR]: runs the piglit tests named in LIST (one
# piglit test name per line, '#' comments allowed) headless on r600sim and prints per-test
# results, the counts per result and "N passed, M failed" (verdict.py). Without a baseline it
# exits 1 when any listed test did not pass; with one (gles2-baseline.tsv: the expected result
# of each test and why it is not a pass) when any test did worse than its baseline, and it
# lists the tests that did better.
#
# Tests are found and run through piglit's own profiles (`piglit run all --test-list`) on
# the waffle surfaceless_egl platform, under a private Xvfb (scripts/with-xvfb) so that the
# EGL tests which open an X display of their own run on our X11 platform (EGL_PLATFORM is
# not forced: eglGetDisplay picks X11 for their Display*), with LD_LIBRARY_PATH = our library folder (libEGL.so.1
# + libGLESv2.so.2, see bin/r600sim-run --libdir) and the folder of our libGL.so.1 shim
# (glx_shim.c: piglit looks up GL extension functions with glXGetProcAddressARB).
#
# Settings (environment): R600SIM_BUILD_DIR (default: build/ of this checkout),
# PLATFORM (waffle platform, default surfaceless_egl; x11_egl runs the tests in windows of
# the private Xvfb), JOBS (default 2), TIMEOUT per test in seconds (default 60). OUTDIR defaults to
# $R600SIM_BUILD_DIR/piglit-results/<list name>; piglit's results are in OUTDIR/results.
set -e
baseline=
if [ "${1-}" = --baseline ] && [ $# -ge 2 ]; then
  baseline=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
  shift 2
fi
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 [--baseline BASELINE] LIST [OUTDIR]" >&2
  exit 2
fi
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=${R600SIM_BUILD_DIR:-$repo/build}
export R600SIM_BUILD_DIR="$build"
list=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
outdir=${2:-$build/piglit-results/$(basename "$1" .txt)}
libdir=$("$repo/bin/r600sim-run" --libdir)
shimdir=$build/tests/piglit

for f in "$libdir/libEGL.so.1" "$libdir/libGLESv2.so.2" "$shimdir/libGL.so.1"; do
  if [ ! -e "$f" ]; then
    echo "run-piglit: $f is missing (build first)" >&2
    exit 1
  fi
done
# piglit runs the tests; its framework asks wflinfo for the context's GL and GLSL versions
# and, without it, skips every test that needs a GLSL version ("only 0.0 is available").
for prog in piglit:piglit wflinfo:waffle-utils Xvfb:xvfb; do
  if ! command -v "${prog%%:*}" >/dev/null; then
    echo "run-piglit: ${prog%%:*} is missing: install the Debian package ${prog#*:} (scripts/bootstrap does)" >&2
    exit 1
  fi
done

# piglit takes the names without comments or blank lines.
mkdir -p "$outdir"
names=$outdir/test-names.txt
sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$list" > "$names"
rm -rf "$outdir/results"

unset DISPLAY WAYLAND_DISPLAY EGL_PLATFORM
platform=${PLATFORM:-surfaceless_egl}
export PIGLIT_PLATFORM="$platform" PIGLIT_COMPRESSION=none
export LD_LIBRARY_PATH="$shimdir:$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
echo "run-piglit: $(wc -l < "$names") tests from $1 on $platform, libraries from $libdir"
# piglit's own exit status only reports harness problems; the verdict comes from the
# results file below. --ignore-missing records unknown names as 'notrun'.
"$repo/scripts/with-xvfb" piglit run all --test-list "$names" --ignore-missing -p "$platform" \
  -j "${JOBS:-2}" --timeout "${TIMEOUT:-60}" -l dummy -n r600sim \
  "$outdir/results" > "$outdir/piglit-run.log" 2>&1 || {
  echo "run-piglit: piglit run failed, see $outdir/piglit-run.log" >&2
  tail -n 20 "$outdir/piglit-run.log" >&2
  exit 1
}

python3 "$repo/tests/piglit/verdict.py" "$names" "$outdir/results/results.json" ${baseline:+"$baseline"}
