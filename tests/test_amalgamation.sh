#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/test_amalgamation.sh SOURCE_DIR OUT_DIR [CC [CFLAGS...]]
# The single-file distribution as a user vendors it (docs/vendoring.md):
# generate OUT_DIR/jbind.c and jbind.h with tools/amalgamate.py, compile
# jbind.c alone (no -I: jbind.h sits beside it) with warnings as errors,
# then build against it, with only OUT_DIR and tests/ on the include path,
#   - every tests/test_*.c that includes nothing from src/, run from the
#     source root as ctest would;
#   - every examples/*.c, run, its output compared with <name>.expected;
#   - every example subdirectory's programs (built only: their own tests
#     run in the CMake phases).
# CFLAGS go to every compile (make test runs this once as users get it and
# once with -DJB_NO_BUILTINS -DJB_NO_STACK_BOUNDS, the portable paths).
set -eu
src=$(cd "$1" && pwd)
out=$2
cc=${3:-${CC:-cc}}
shift 3 2>/dev/null || shift $#
extra="$*"
mkdir -p "$out"
out=$(cd "$out" && pwd)
warn="-Wall -Wextra -Wpedantic -Werror"
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

echo "+ python3 tools/amalgamate.py --out $out"
python3 "$src/tools/amalgamate.py" --src "$src" --out "$out"
cmp -s "$out/jbind.h" "$src/include/jbind.h" || bad "jbind.h differs from include/jbind.h"

echo "+ $cc -std=c11 $warn -O2 $extra -c jbind.c"
s=$(date +%s)
# shellcheck disable=SC2086 # CFLAGS are words
(cd "$out" && "$cc" -std=c11 $warn -O2 $extra -c jbind.c -o jbind.o) || {
    echo "FAIL: jbind.c does not compile" >&2
    exit 1
}
echo "  compiled in $(($(date +%s) - s))s"
libs="-lm -lpthread"
project_version=$(sed -n 's/^project(jbind VERSION \([0-9.]*\) .*/\1/p' "$src/CMakeLists.txt")

# Tests that see only the public header (and tests/ helpers).
ran=""
for t in "$src"/tests/test_*.c; do
    name=$(basename "$t" .c)
    case "$name" in *_long) continue ;; esac
    internal=""
    for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$t"); do
        [ "$inc" = jbind.h ] || [ -f "$src/tests/$inc" ] || internal="$internal $inc"
    done
    if [ -n "$internal" ]; then
        echo "  ($name includes$internal: not a public-header test)"
        continue
    fi
    # shellcheck disable=SC2086
    if ! "$cc" -std=gnu11 $warn -O1 -UNDEBUG $extra -I"$out" -I"$src/tests" \
        -DJB_SOURCE_DIR="\"$src\"" -DJB_PROJECT_VERSION="\"$project_version\"" \
        "$t" "$src/tests/locale_env.c" "$out/jbind.o" $libs -o "$out/$name" 2>"$out/$name.build.log"; then
        cat "$out/$name.build.log" >&2
        bad "$name does not build against the amalgamation"
        continue
    fi
    if (cd "$src" && "$out/$name") >"$out/$name.log" 2>&1; then
        ok "$name: $(tail -n 1 "$out/$name.log")"
    else
        tail -n 20 "$out/$name.log" >&2
        bad "$name failed against the amalgamation"
    fi
    ran="$ran $name"
done
[ -n "$ran" ] || bad "no test uses the public header only"

# Examples: each examples/*.c is a program; a <name>.expected is its output.
for e in "$src"/examples/*.c; do
    name=$(basename "$e" .c)
    # shellcheck disable=SC2086
    if ! "$cc" -std=c11 $warn -O1 $extra -I"$out" "$e" "$out/jbind.o" $libs -o "$out/example_$name" \
        2>"$out/example_$name.build.log"; then
        cat "$out/example_$name.build.log" >&2
        bad "examples/$name.c does not build against the amalgamation"
        continue
    fi
    if ! (cd "$src" && "$out/example_$name") >"$out/example_$name.out" 2>"$out/example_$name.err"; then
        cat "$out/example_$name.err" >&2
        bad "examples/$name.c exited with an error"
    elif [ -f "$src/examples/$name.expected" ] && ! cmp -s "$out/example_$name.out" "$src/examples/$name.expected"; then
        bad "examples/$name.c printed [$(head -c 200 "$out/example_$name.out")]"
    else
        ok "examples/$name.c"
    fi
done

# Example subdirectories: the files without main() are the library part,
# each file with main() a program.
for d in "$src"/examples/*/; do
    [ -d "$d" ] || continue
    dname=$(basename "$d")
    common=""
    progs=""
    for f in "$d"*.c; do
        [ -f "$f" ] || continue
        if grep -q '^int main(' "$f"; then progs="$progs $f"; else common="$common $f"; fi
    done
    for p in $progs; do
        name=$dname-$(basename "$p" .c)
        # a header the directory does not hold is made by its CMakeLists
        # (examples/schema runs `jbind gen`): that program is the CMake phases'
        made=""
        for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$p"); do
            [ -f "$d$inc" ] || [ -f "$out/$inc" ] || made="$made $inc"
        done
        if [ -n "$made" ]; then
            echo "  (examples/$dname/$(basename "$p") includes$made, generated at build time: built in the CMake phases)"
            continue
        fi
        # shellcheck disable=SC2086
        if "$cc" -std=c11 $warn -O1 $extra -I"$out" -I"$d" $common "$p" "$out/jbind.o" $libs \
            -o "$out/$name" 2>"$out/$name.build.log"; then
            ok "examples/$dname/$(basename "$p") builds"
        else
            cat "$out/$name.build.log" >&2
            bad "examples/$dname/$(basename "$p") does not build against the amalgamation"
        fi
    done
done

echo "amalgamation: $pass passed, $failed failed"
[ "$failed" = 0 ]
