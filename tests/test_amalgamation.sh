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
    # (a test that includes another test's .c, as test_codegen_compact
    # does, sees that file's includes too)
    incs=$(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$t")
    for inc in $incs; do
        case "$inc" in
        *.c) [ -f "$src/tests/$inc" ] &&
            incs="$incs $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$src/tests/$inc")" ;;
        esac
    done
    for inc in $incs; do
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

# Generated codecs from the vendored files (docs/vendoring.md): a generator
# linked with jbind.o writes the codecs of a small type, which compile
# against jbind_gen.h from OUT_DIR alone, attach, and must agree with the
# interpreter on a decode and an encode.
cmp -s "$out/jbind_gen.h" "$src/include/jbind_gen.h" || bad "jbind_gen.h differs from include/jbind_gen.h"
cat >"$out/gen_model.c" <<'MODEL'
#include "jbind.h"
typedef struct { char *name; int32_t age; JB_VEC(double) scores; bool admin; } person;
const jb_type person_type = JB_RECORD(person,
    JB_FIELD(person, name, &jb_cstr), JB_FIELD(person, age, &jb_i32),
    JB_FIELD(person, scores, JB_VEC_OF(&jb_f64)), JB_FIELD(person, admin, &jb_bool));
MODEL
cat >"$out/gen_main.c" <<'MAIN'
#include "jbind.h"
extern const jb_type person_type;
int main(int argc, char **argv) {
    static const jb_codegen_root roots[] = {{&person_type, "person_type"}};
    return jb_codegen_main(argc, argv, roots, 1);
}
MAIN
cat >"$out/gen_app.c" <<'APP'
#include <stdio.h>
#include <string.h>
#include "jbind.h"
typedef struct { char *name; int32_t age; JB_VEC(double) scores; bool admin; } person;
extern const jb_type person_type;
int main(void) {
    static const char in[] = "{\"name\":\"Ada\",\"age\":36,\"scores\":[1.5,-2],\"admin\":true}";
    char gen[256] = "", interp[256] = "";
    int ok = 1;
    for (int pass = 0; pass < 2; pass++) {
        jb_arena *a = jb_arena_new();
        person p;
        jb_error e;
        jb_read_options ro = {.flags = pass ? JB_READ_INTERPRET : 0};
        jb_write_options wo = {.flags = pass ? JB_WRITE_INTERPRET : 0};
        if (!a || jb_decode(&person_type, in, sizeof in - 1, &p, a, &ro, &e) != JB_OK) return 2;
        if (strcmp(p.name, "Ada") != 0 || p.age != 36 || p.scores.len != 2 || p.scores.items[1] != -2.0 || !p.admin) ok = 0;
        jb_buf b = JB_BUF_INIT;
        if (jb_encode(&person_type, &p, &b, &wo, &e) != JB_OK || b.len >= sizeof gen) return 3;
        memcpy(pass ? interp : gen, b.data, b.len);
        (pass ? interp : gen)[b.len] = 0;
        jb_buf_free(&b);
        jb_arena_free(a);
    }
    if (!jb_codegen_active(&person_type)) { puts("generated codecs did not attach"); return 4; }
    if (strcmp(gen, interp) != 0 || strcmp(gen, in) != 0) { printf("differ: %s | %s\n", gen, interp); return 5; }
    puts(ok ? "generated codecs agree" : "decoded value wrong");
    return ok ? 0 : 6;
}
APP
# shellcheck disable=SC2086
if "$cc" -std=c11 $warn -O1 $extra -I"$out" "$out/gen_main.c" "$out/gen_model.c" "$out/jbind.o" $libs \
        -o "$out/gen_codecs" 2>"$out/gen_codecs.build.log" &&
    "$out/gen_codecs" "$out/gen_codecs_out.c" gen_test >"$out/gen_codecs.log" 2>&1 &&
    "$cc" -std=c11 $warn -O1 $extra -I"$out" "$out/gen_app.c" "$out/gen_model.c" "$out/gen_codecs_out.c" \
        "$out/jbind.o" $libs -o "$out/gen_app" 2>>"$out/gen_codecs.build.log"; then
    if "$out/gen_app" >"$out/gen_app.out" 2>&1; then
        ok "generated codecs build against jbind_gen.h and agree: $(cat "$out/gen_app.out")"
    else
        bad "generated codecs: $(cat "$out/gen_app.out")"
    fi
else
    cat "$out/gen_codecs.build.log" "$out/gen_codecs.log" >&2
    bad "generated codecs do not build against the amalgamation"
fi

echo "amalgamation: $pass passed, $failed failed"
[ "$failed" = 0 ]
