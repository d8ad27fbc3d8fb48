#!/bin/sh
# install_layout.sh BUILD_DIR PREFIX LIBDIR DATADIR BINDIR: `meson install` into a scratch
# DESTDIR puts the glvnd vendor in LIBDIR, the plain libraries with their dev names in
# LIBDIR/r600sim, the vendor JSON (naming the installed vendor by absolute path) in
# DATADIR/glvnd/egl_vendor.d and r600sim-run (pointing at both) in BINDIR.
# Prints "N passed, M failed".
build=$1 prefix=$2 libdir=$3 datadir=$4 bindir=$5
dest=$(mktemp -d "${TMPDIR:-/tmp}/r600sim-install.XXXXXX")
trap 'rm -rf "$dest"' EXIT
passed=0 failed=0
check() { # check DESCRIPTION CONDITION...
  what=$1; shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $what"; fi
}
check "meson install succeeds" meson install -C "$build" --destdir "$dest" --no-rebuild --quiet
root=$dest$prefix
vendor=$prefix/$libdir/libEGL_r600sim.so.0
json=$datadir/glvnd/egl_vendor.d/60_r600sim.json
check "vendor library installed" test -f "$dest$vendor"
for f in libEGL.so.1 libEGL.so libGLESv2.so.2 libGLESv2.so; do
  check "$libdir/r600sim/$f installed" test -e "$root/$libdir/r600sim/$f"
done
check "vendor JSON installed" test -f "$root/$json"
check "vendor JSON names the installed vendor" \
  grep -q "\"library_path\" : \"$vendor\"" "$root/$json"
check "vendor JSON format 1.0.0" grep -q '"file_format_version" : "1.0.0"' "$root/$json"
check "r600sim-run installed, executable" test -x "$root/$bindir/r600sim-run"
check "r600sim-run --libdir is the installed folder" \
  test "$("$root/$bindir/r600sim-run" --libdir)" = "$prefix/$libdir/r600sim"
check "r600sim-run --vendor-json is the installed JSON" \
  test "$("$root/$bindir/r600sim-run" --vendor-json)" = "$prefix/$json"
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
