#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/test_deb.sh SOURCE_DIR WORK_DIR [CC]
# The Debian packages, built and used without installing anything:
# copy the tree (without build/ and .git) to WORK_DIR/jbind-VERSION, run
# `dpkg-buildpackage -us -uc -b` there with DEB_BUILD_OPTIONS=nocheck (the
# suite runs in the other phases), check what each .deb holds, unpack all
# three with `dpkg -x` into WORK_DIR/root, and build the quick start
# against that root through the unpacked jbind.pc (PKG_CONFIG_SYSROOT_DIR)
# and the unpacked CMake package (CMAKE_PREFIX_PATH), shared and static,
# and run it. A system-wide jbind.h would shadow the tree in later phases,
# so nothing goes to /usr.
set -eu
src=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
cc=${3:-${CC:-cc}}
version=$(sed -n '1s/^jbind (\([^)]*\)).*/\1/p' "$src/debian/changelog")
so=$(echo "$version" | cut -d. -f1,2)
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH)
expected=$src/examples/quickstart.expected
pass=0
failed=0
ok() {
    pass=$((pass + 1))
    echo "ok: $*"
}
bad() {
    failed=$((failed + 1))
    echo "FAIL: $*" >&2
}

rm -rf "$work/jbind-$version" "$work/root" "$work"/*.deb "$work"/*.buildinfo "$work"/*.changes
mkdir -p "$work/jbind-$version"
echo "+ copy the tree to $work/jbind-$version"
(cd "$src" && tar -c --exclude=./build --exclude='./build-*' --exclude=./.git --exclude='./obj-*' .) |
    (cd "$work/jbind-$version" && tar -x)
echo "+ DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage -us -uc -b"
s=$(date +%s)
if ! (cd "$work/jbind-$version" &&
    DEB_BUILD_OPTIONS="nocheck parallel=${JOBS:-2}" dpkg-buildpackage -us -uc -b) >"$work/build.log" 2>&1; then
    tail -40 "$work/build.log" >&2
    echo "FAIL: dpkg-buildpackage" >&2
    exit 1
fi
echo "  built in $(($(date +%s) - s))s"

# contents PACKAGE PATH...: the .deb holds each path (a glob under its root)
contents() {
    pkg=$1
    shift
    deb=$work/${pkg}_${version}_$arch.deb
    if [ ! -f "$deb" ]; then
        bad "$pkg: no $deb"
        return 0
    fi
    list=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
    for want in "$@"; do
        if echo "$list" | grep -qx "$want"; then
            ok "$pkg holds $want"
        else
            bad "$pkg lacks $want"
        fi
    done
    dpkg -x "$deb" "$work/root"
}
lib=/usr/lib/$multiarch
contents "libjbind$so" "$lib/libjbind.so.$so" "$lib/libjbind.so.$version"
contents libjbind-dev /usr/include/jbind.h "$lib/libjbind.a" "$lib/libjbind.so" \
    "$lib/pkgconfig/jbind.pc" "$lib/cmake/jbind/jbindConfig.cmake" \
    "$lib/cmake/jbind/jbindConfigVersion.cmake" "$lib/cmake/jbind/jbindTargets.cmake"
contents jbind /usr/bin/jbind /usr/share/man/man1/jbind.1.gz
depends=$(dpkg-deb -f "$work/libjbind-dev_${version}_$arch.deb" Depends)
case "$depends" in
*"libjbind$so (= $version)"*) ok "libjbind-dev depends on libjbind$so (= $version)" ;;
*) bad "libjbind-dev Depends: $depends" ;;
esac
soname=$(readelf -d "$work/root$lib/libjbind.so.$version" | sed -n 's/.*SONAME.*\[\(.*\)\]/\1/p')
[ "$soname" = "libjbind.so.$so" ] && ok "soname $soname" || bad "soname '$soname'"

root=$work/root
got=$("$root/usr/bin/jbind" --version) && [ "$got" = "jbind $version" ] &&
    ok "the unpacked CLI says $got" || bad "the unpacked CLI says '$got'"

# run NAME PROGRAM: its output is the quick start's
run() {
    if LD_LIBRARY_PATH=$root$lib "$2" >"$work/$1.out" 2>&1 && cmp -s "$work/$1.out" "$expected"; then
        ok "$1 printed the expected JSON"
    else
        bad "$1 printed [$(cat "$work/$1.out")]"
    fi
}

# pkg-config, its paths moved into the root
export PKG_CONFIG_SYSROOT_DIR="$root" PKG_CONFIG_LIBDIR="$root$lib/pkgconfig"
flags=$(pkg-config --cflags --libs jbind)
echo "+ $cc quickstart.c $flags"
# shellcheck disable=SC2086
if "$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror "$src/examples/quickstart.c" $flags -o "$work/qs_pc"; then
    readelf -d "$work/qs_pc" | grep -q "NEEDED.*\[libjbind.so.$so\]" && ok "qs_pc needs libjbind.so.$so" ||
        bad "qs_pc does not need libjbind.so.$so"
    run qs_pc "$work/qs_pc"
else
    bad "the quick start does not build with the packaged jbind.pc"
fi
unset PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR

# CMake, the packaged jbindConfig.cmake (its paths are relative to itself)
for kind in static shared; do
    [ $kind = shared ] && bsl=ON || bsl=OFF
    b=$work/cmake-$kind
    rm -rf "$b"
    if cmake -S "$src/tests/consumers/find_package" -B "$b" -DCMAKE_PREFIX_PATH="$root/usr" \
        -DCMAKE_C_COMPILER="$cc" -DJB_WANT_VERSION="$so" -DBUILD_SHARED_LIBS=$bsl \
        -DJB_QUICKSTART="$src/examples/quickstart.c" >"$b.log" 2>&1 &&
        cmake --build "$b" >>"$b.log" 2>&1; then
        grep -q "jbind $version from $root$lib/cmake/jbind" "$b.log" &&
            ok "find_package found the packaged jbind $version ($kind)" ||
            bad "find_package did not use the packaged files ($kind)"
        run "cmake-$kind" "$b/quickstart"
    else
        tail -20 "$b.log" >&2
        bad "find_package(jbind $so) against the packages ($kind)"
    fi
done

echo "deb: $pass passed, $failed failed"
[ "$failed" = 0 ]
