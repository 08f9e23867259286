#!/bin/sh
# SPDX-License-Identifier: MIT
# test_installed.sh BUILD_DIR SOURCE_DIR [CC]
# What a user does after `make install`: install into a scratch prefix,
# build the README's quick start (examples/quickstart.c) with the flags
# pkg-config gives, once against the shared library and once against the
# static one, run both and compare their output with the expected JSON.
set -eu
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
cc=${3:-${CC:-cc}}
pkgconfig=${PKG_CONFIG:-pkg-config}
quickstart=$src/examples/quickstart.c
expected=$src/examples/quickstart.expected

tmp=$(mktemp -d "${TMPDIR:-/tmp}/jbind-installed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix

echo "+ cmake --install $build --prefix $prefix"
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || {
    cat "$tmp/install.log" >&2
    exit 1
}

pc=$(find "$prefix" -name jbind.pc | head -n 1)
[ -n "$pc" ] || { echo "FAIL: jbind.pc not installed" >&2; exit 1; }
[ -f "$prefix/include/jbind.h" ] || { echo "FAIL: include/jbind.h not installed" >&2; exit 1; }
for h in base.h arena.h read.h write.h; do
    [ ! -e "$prefix/include/$h" ] || { echo "FAIL: internal header $h installed" >&2; exit 1; }
done
# Only our .pc file, not the system's.
PKG_CONFIG_PATH=$(dirname "$pc")
PKG_CONFIG_LIBDIR=$PKG_CONFIG_PATH
export PKG_CONFIG_PATH PKG_CONFIG_LIBDIR

want_version=$(sed -n 's/^#define JB_VERSION_STRING "\(.*\)"/\1/p' "$src/include/jbind.h")
got_version=$("$pkgconfig" --modversion jbind)
[ "$got_version" = "$want_version" ] || {
    echo "FAIL: pkg-config version $got_version, header says $want_version" >&2
    exit 1
}
cflags=$("$pkgconfig" --cflags jbind)
libs=$("$pkgconfig" --libs jbind)
libdir=$("$pkgconfig" --variable=libdir jbind)
private=$("$pkgconfig" --static --libs-only-l jbind | sed 's/-ljbind//')
echo "pkg-config: version $got_version, cflags [$cflags], libs [$libs], static extras [$private]"

warn="-std=c11 -Wall -Wextra -Wpedantic -Werror"
status=0
check() { # name command...
    name=$1
    shift
    "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" || {
        echo "FAIL: $name exited with $?" >&2
        cat "$tmp/$name.err" >&2
        status=1
        return 0
    }
    if cmp -s "$tmp/$name.out" "$expected"; then
        echo "ok: $name printed the expected JSON"
    else
        echo "FAIL: $name printed:" >&2
        cat "$tmp/$name.out" >&2
        printf '\nexpected:\n' >&2
        cat "$expected" >&2
        echo >&2
        status=1
    fi
}

# Shared, found through an rpath.
echo "+ $cc $warn quickstart.c $cflags $libs -Wl,-rpath,$libdir"
# shellcheck disable=SC2086 # word splitting of pkg-config output is intended
"$cc" $warn "$quickstart" $cflags $libs "-Wl,-rpath,$libdir" -o "$tmp/qs_shared"
if command -v readelf >/dev/null 2>&1; then
    readelf -d "$tmp/qs_shared" | grep -q 'NEEDED.*libjbind' || {
        echo "FAIL: qs_shared does not use the shared libjbind" >&2
        status=1
    }
fi
check qs_shared "$tmp/qs_shared"

# Static: the archive plus Libs.private.
echo "+ $cc $warn quickstart.c $cflags $libdir/libjbind.a $private"
# shellcheck disable=SC2086
"$cc" $warn "$quickstart" $cflags "$libdir/libjbind.a" $private -o "$tmp/qs_static"
check qs_static "$tmp/qs_static"

exit $status
