#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/consumers/run.sh BUILD_DIR SOURCE_DIR [CC]
# The three ways a user's CMake project takes jbind, each a tiny project
# here that builds examples/quickstart.c and version.c and runs them:
#   find_package      against `cmake --install BUILD_DIR` in a scratch
#                     prefix, once static and once shared (BUILD_SHARED_LIBS),
#                     the shared one installed too (it finds libjbind only
#                     with CMAKE_INSTALL_RPATH_USE_LINK_PATH, as the README
#                     says), and the version file's SameMinorVersion rule;
#   add_subdirectory  jbind's source tree inside the user's build;
#   fetchcontent      FetchContent from the local git clone (no network).
# For the last two it checks that jbind stays out of the parent's way
# (hygiene.cmake, plus: nothing of jbind's built that the user did not
# link, no tests registered, nothing of jbind's installed).
set -eu
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
cc=${3:-${CC:-cc}}
here=$src/tests/consumers
quickstart=$src/examples/quickstart.c
expected=$src/examples/quickstart.expected
jobs=${JOBS:-2}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/jbind-consumers.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
status=0
fail() {
    echo "FAIL: $*" >&2
    status=1
}

version=$(sed -n 's/^#define JB_VERSION_STRING "\(.*\)"$/\1/p' "$src/include/jbind.h")
major=${version%%.*}
minor=$(echo "$version" | cut -d. -f2)
soname=libjbind.so.$major.$minor

# configure NAME SRC_DIR ARGS...: a fresh build of one consumer in $tmp/NAME
configure() {
    name=$1
    dir=$2
    shift 2
    echo "+ cmake -S tests/consumers/${dir#"$here"/} -B $name $*"
    cmake -S "$dir" -B "$tmp/$name" -DCMAKE_C_COMPILER="$cc" -DJB_QUICKSTART="$quickstart" \
        "$@" >"$tmp/$name.configure.log" 2>&1
}

# build_and_run NAME: build it, run quickstart and version, check both
build_and_run() {
    name=$1
    if ! cmake --build "$tmp/$name" -j"$jobs" >"$tmp/$name.build.log" 2>&1; then
        cat "$tmp/$name.build.log" >&2
        fail "$name: the build failed"
        return 0
    fi
    if "$tmp/$name/quickstart" >"$tmp/$name.out" 2>"$tmp/$name.err" &&
        cmp -s "$tmp/$name.out" "$expected"; then
        echo "ok: $name: quickstart printed the expected JSON"
    else
        cat "$tmp/$name.err" >&2
        fail "$name: quickstart printed [$(cat "$tmp/$name.out")]"
    fi
    got=$("$tmp/$name/version" 2>&1) || true
    if [ "$got" = "$version" ]; then
        echo "ok: $name: jb_version() is $got"
    else
        fail "$name: version printed [$got], want $version"
    fi
}

# needs_shared NAME yes|no: does quickstart load libjbind.so.MAJOR.MINOR?
needs_shared() {
    command -v readelf >/dev/null 2>&1 || return 0
    if readelf -d "$tmp/$1/quickstart" | grep -q "NEEDED.*\[$soname\]"; then has=yes; else has=no; fi
    if [ "$has" = "$2" ]; then
        echo "ok: $1: NEEDED $soname: $has"
    else
        fail "$1: NEEDED $soname is '$has', want '$2'"
    fi
}

# installed_run NAME runs|fails: install the consumer's programs and run
# the installed quickstart, without LD_LIBRARY_PATH: does it find libjbind?
installed_run() {
    name=$1
    if ! cmake --install "$tmp/$name" --prefix "$tmp/$name-install" >"$tmp/$name.install.log" 2>&1; then
        cat "$tmp/$name.install.log" >&2
        fail "$name: cmake --install failed"
        return 0
    fi
    if env -u LD_LIBRARY_PATH "$tmp/$name-install/bin/quickstart" >"$tmp/$name.inst.out" \
        2>"$tmp/$name.inst.err" && cmp -s "$tmp/$name.inst.out" "$expected"; then
        got=runs
    elif grep -q "$soname: cannot open shared object file" "$tmp/$name.inst.err"; then
        got=fails
    else
        cat "$tmp/$name.inst.err" >&2
        fail "$name: the installed quickstart failed for another reason"
        return 0
    fi
    if [ "$got" = "$2" ]; then
        echo "ok: $name: the installed quickstart $got (libjbind in a scratch prefix)"
    else
        fail "$name: the installed quickstart $got, want: $2"
    fi
}

# hygiene NAME: jbind as a subproject built only what was linked, registered
# no tests and installs nothing.
hygiene() {
    name=$1
    grep -q "hygiene: jbind left" "$tmp/$name.configure.log" || fail "$name: hygiene.cmake did not run"
    built=$(find "$tmp/$name" \( -name 'libjbind.so*' -o -name 'test_*' -type f -o -name jbind -type f \) \
        -not -path '*/CMakeFiles/*' -not -path '*/_deps/*-src/*' | sed "s|$tmp/$name/||" | sort | tr '\n' ' ')
    if [ -z "$built" ]; then
        echo "ok: $name: no shared library, CLI or test program of jbind's was built"
    else
        fail "$name: built what the user did not link: $built"
    fi
    tests=$(cd "$tmp/$name" && ctest -N 2>/dev/null | sed -n 's/^Total Tests: //p')
    if [ "${tests:-0}" = 0 ]; then
        echo "ok: $name: ctest sees no tests"
    else
        fail "$name: jbind registered $tests tests in the user's build"
    fi
    cmake --install "$tmp/$name" --prefix "$tmp/$name-install" >"$tmp/$name.install.log" 2>&1 ||
        fail "$name: cmake --install failed"
    installed=$(cd "$tmp/$name-install" && find . -type f | sort | tr '\n' ' ')
    case "$installed" in
    "./bin/quickstart ./bin/version ") echo "ok: $name: install installs the user's programs only" ;;
    *) fail "$name: install installed: $installed" ;;
    esac
}

# --- find_package --------------------------------------------------------
prefix=$tmp/prefix
echo "+ cmake --install $build --prefix <scratch>"
cmake --install "$build" --prefix "$prefix" >"$tmp/install.log" 2>&1 || {
    cat "$tmp/install.log" >&2
    exit 1
}
for f in jbindConfig.cmake jbindConfigVersion.cmake jbindTargets.cmake; do
    [ -n "$(find "$prefix" -path "*/cmake/jbind/$f")" ] || fail "$f not installed"
done
want=$major.$minor
if configure fp-static "$here/find_package" -DCMAKE_PREFIX_PATH="$prefix" -DJB_WANT_VERSION="$want" \
    -DBUILD_SHARED_LIBS=OFF; then
    build_and_run fp-static
    needs_shared fp-static no
else
    cat "$tmp/fp-static.configure.log" >&2
    fail "find_package(jbind $want) did not configure"
fi
if configure fp-shared "$here/find_package" -DCMAKE_PREFIX_PATH="$prefix" -DJB_WANT_VERSION="$want" \
    -DBUILD_SHARED_LIBS=ON; then
    build_and_run fp-shared # (found through the build tree's rpath)
    needs_shared fp-shared yes
    # Installed, the program loses the build tree's rpath and cannot find
    # the library in the scratch prefix...
    installed_run fp-shared fails
else
    cat "$tmp/fp-shared.configure.log" >&2
    fail "find_package(jbind $want) with BUILD_SHARED_LIBS did not configure"
fi
# ...unless it keeps its link path, as the README tells users to ask for.
if configure fp-rpath "$here/find_package" -DCMAKE_PREFIX_PATH="$prefix" -DJB_WANT_VERSION="$want" \
    -DBUILD_SHARED_LIBS=ON -DCMAKE_INSTALL_RPATH_USE_LINK_PATH=ON; then
    build_and_run fp-rpath
    installed_run fp-rpath runs
else
    cat "$tmp/fp-rpath.configure.log" >&2
    fail "find_package(jbind $want) with CMAKE_INSTALL_RPATH_USE_LINK_PATH did not configure"
fi
# SameMinorVersion: the same MAJOR.MINOR, any patch up to the installed one
accept="$version"  # ($want itself: the builds above)
refuse="$major.$((minor + 1)) $((major + 1)).0 $major.$minor.$(($(echo "$version" | cut -d. -f3) + 1))"
[ "$minor" -gt 0 ] && refuse="$refuse $major.$((minor - 1))"
for v in $accept; do
    if configure "fp-$v" "$here/find_package" -DCMAKE_PREFIX_PATH="$prefix" -DJB_WANT_VERSION="$v"; then
        echo "ok: find_package(jbind $v) accepts $version"
    else
        fail "find_package(jbind $v) refused $version"
    fi
done
for v in $refuse; do
    if configure "fp-$v" "$here/find_package" -DCMAKE_PREFIX_PATH="$prefix" -DJB_WANT_VERSION="$v"; then
        fail "find_package(jbind $v) accepted $version"
    elif grep -q "requested version" "$tmp/fp-$v.configure.log"; then
        echo "ok: find_package(jbind $v) refuses $version"
    else
        cat "$tmp/fp-$v.configure.log" >&2
        fail "find_package(jbind $v) failed for another reason"
    fi
done

# --- add_subdirectory ----------------------------------------------------
if configure subdir "$here/add_subdirectory" -DJBIND_SOURCE_DIR="$src"; then
    build_and_run subdir
    needs_shared subdir no
    hygiene subdir
else
    cat "$tmp/subdir.configure.log" >&2
    fail "add_subdirectory consumer did not configure"
fi

# --- FetchContent from the local clone -----------------------------------
if commit=$(git -C "$src" rev-parse HEAD 2>/dev/null); then
    if [ -n "$(git -C "$src" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
        echo "note: the work tree has uncommitted changes; FetchContent tests the commit $commit"
    fi
    if configure fetch "$here/fetchcontent" -DJBIND_GIT_REPOSITORY="$src" -DJBIND_GIT_TAG="$commit"; then
        build_and_run fetch
        needs_shared fetch no
        hygiene fetch
    else
        cat "$tmp/fetch.configure.log" >&2
        fail "FetchContent consumer did not configure"
    fi
else
    echo "SKIPPED: FetchContent: $src is not a git checkout"
fi

[ $status = 0 ] && echo "consumers: all passed"
exit $status
