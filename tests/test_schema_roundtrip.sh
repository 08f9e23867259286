#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_schema_roundtrip.sh JBIND TEST_SCHEMA LIBJBIND SRC WORK CC [SANITIZE] [LU_GEN_DIR]
#
# Issue 18, part 5: for every descriptor of tests/schema_set.c (the fuzz zoo,
# the descriptors for every format option, the pandoc AST and, with
# LU_GEN_DIR, bench's corpus models) export the schema (`test_schema
# --export`), generate C from it (`jbind gen --numbers text`), compile it
# with gcc -Werror (and clang when present), then build and run
# tests/schema_roundtrip.c over all of them: the generated descriptors
# decode what the originals encode and encode it back to the same JSON (or
# to JSON the originals read as the same value). JB_TEST_SCALE scales the
# number of values (500 per descriptor at 1).
set -u
jbind=$1 test_schema=$2 lib=$3 src=$4 work=$5 cc=$6 san=${7:-} lugen=${8:-}
rm -rf "$work" && mkdir -p "$work" || exit 1
cflags="-std=c11 -Wall -Wextra -Wpedantic -Werror"
sanflags=""
[ -n "$san" ] && sanflags="-fsanitize=$san -fno-omit-frame-pointer"

"$test_schema" --export "$work" || { echo "FAIL: test_schema --export"; exit 1; }
n=0 notes=0
for f in "$work"/*.json; do
    name=$(basename "$f" .json)
    if ! "$jbind" gen --numbers text --prefix "g_$name" --out "$work/g_$name" "$f" 2>"$work/$name.notes"; then
        cat "$work/$name.notes"
        echo "FAIL: jbind gen $name"
        exit 1
    fi
    notes=$((notes + $(grep -c 'not enforced\|kept\|read as' "$work/$name.notes")))
    n=$((n + 1))
done
echo "exported and generated $n schemas ($notes notes from jbind gen)"

compilers=gcc
command -v clang >/dev/null 2>&1 && compilers="gcc clang"
# one translation unit holds them all (their names carry distinct prefixes)
for f in "$work"/g_*.c; do echo "#include \"$(basename "$f")\""; done >"$work/all.c"
for c in $compilers; do
    if ! $c $cflags -I"$src/include" -I"$work" -c "$work/all.c" -o "$work/all.$c.o" 2>"$work/cc.log"; then
        head -20 "$work/cc.log"
        echo "FAIL: the generated C does not compile cleanly with $c"
        exit 1
    fi
done
echo "the generated C compiles with $compilers ($cflags)"

# the registry: every generated root descriptor by its entry's name
{
    echo '#include "schema_set.h"'
    for h in "$work"/g_*.h; do echo "#include \"$(basename "$h")\""; done
    echo 'typedef struct gen_entry { const char *name; const jb_type *type; } gen_entry;'
    echo 'const gen_entry registry[] = {'
    for h in "$work"/g_*.h; do
        name=$(basename "$h" .h)
        name=${name#g_}
        root=$(grep -o 'define [A-Z0-9_]*ROOT' "$h" | cut -d' ' -f2)
        echo "    {\"$name\", $root},"
    done
    echo '};'
    echo 'const size_t nregistry = sizeof registry / sizeof registry[0];'
} >"$work/registry.c"

corpus=()
if [ -n "$lugen" ] && [ -f "$lugen/lu_gen.h" ]; then
    corpus=(-DJB_HAVE_CORPUS -I"$src/bench" -I"$lugen" "$src/bench/jb_corpus_desc.c")
fi
# shellcheck disable=SC2086
if ! "$cc" -std=c11 -O1 -g $sanflags -I"$src/include" -I"$src/tests" -I"$src/fuzz" -I"$src/examples/pandoc" \
    -I"$work" "${corpus[@]}" "$src/tests/schema_roundtrip.c" "$src/tests/schema_set.c" "$src/fuzz/zoo.c" \
    "$src/examples/pandoc/pandoc_types.c" "$work/registry.c" "$work"/g_*.c "$lib" -lm -o "$work/roundtrip" \
    2>"$work/build.log"; then
    head -30 "$work/build.log"
    echo "FAIL: the round-trip program does not build"
    exit 1
fi
"$work/roundtrip"
