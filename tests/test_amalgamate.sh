#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/test_amalgamate.sh SOURCE_DIR [CC]
# tools/amalgamate.py on small made-up trees: what joining translation
# units breaks, repaired, and what cannot be repaired, refused.
#   - two files with statics, typedefs, struct tags, enumerators and macros
#     of the same names (different values): each file still sees its own;
#   - a _GNU_SOURCE block below the first lines of a file: moved to the top
#     (memrchr, a GNU function, is declared only then);
#   - a header included by both files and, under #if, by one: inlined once;
#   - a private header's enumerator that the other file declares too: the
#     other file's is renamed;
#   - refused: a clashing static that is also a member name, a target
#     pragma left on, a missing header, a macro that configures a header.
# (tests/test_amalgamation.sh builds the real library this way.)
set -eu
src=$(cd "$1" && pwd)
cc=${2:-${CC:-cc}}
tool=$src/tools/amalgamate.py
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jbind-amalgamate.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
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

# tree DIR: the common part of every made-up tree
tree() {
    mkdir -p "$1/include" "$1/src"
    cat >"$1/include/jbind.h" <<'EOF'
#ifndef JBIND_H
#define JBIND_H
#define JB_VERSION_STRING "9.9.9"
int a_value(void);
int b_value(void);
#endif
EOF
    cat >"$1/src/common.h" <<'EOF'
#ifndef COMMON_H
#define COMMON_H
#include "jbind.h"
static inline int twice(int x) { return 2 * x; }
int unused_proto(int helper); /* a header's parameter named like a renamed static */
#endif
EOF
}

# --- repaired ------------------------------------------------------------
t=$tmp/good
tree "$t"
cat >"$t/src/priv.h" <<'EOF'
#ifndef PRIV_H
#define PRIV_H
enum { SLOT_A = 3, SLOT_B };
#endif
EOF
cat >"$t/src/a.c" <<'EOF'
#include "common.h"
#include "priv.h"
#define LIMIT 10
typedef struct node { int x; } node;
enum { MODE = 1 };
static const int table[] = {1, 2};
static int helper(void) { return 1; }
int a_value(void) {
    node n = {helper()};
    return n.x * 1000 + LIMIT + table[1] + twice(MODE) + SLOT_B;
}
EOF
cat >"$t/src/b.c" <<'EOF'
/* b.c: a GNU function, and every name of a.c again */
#if defined(__linux__)
#define _GNU_SOURCE 1
#endif
#include <string.h>

#include "common.h"
#if 1
#include "common.h"
#endif
#define LIMIT 20
typedef struct node { long pad; int x; } node;
enum { MODE = 5 };
enum { SLOT_B = 9 }; /* priv.h's name, and b.c does not include priv.h */
static const int table[] = {3, 4, 5};
static int helper(void);
static int helper(void) { return 2; }
int b_value(void) {
    static const char s[] = "a/b/c";
    node n = {0, helper()};
    const char *slash = memrchr(s, '/', sizeof s - 1);
    return n.x * 1000 + LIMIT + table[2] + twice(MODE) + (int)(slash - s) * 100 + SLOT_B;
}
EOF
cat >"$tmp/main.c" <<'EOF'
#include <stdio.h>
#include "jbind.h"
int main(void) {
    printf("%d %d\n", a_value(), b_value());
    return 0;
}
EOF
if python3 "$tool" --src "$t" --out "$t/out" >"$tmp/good.log" 2>&1; then
    ok "the clashing tree amalgamates"
    cat "$tmp/good.log"
    # a: 1*1000 + 10 + 2 + 2 + 4 = 1018; b: 2*1000 + 20 + 5 + 10 + 300 + 9 = 2344
    if "$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$t/out" "$tmp/main.c" "$t/out/jbind.c" \
        -o "$tmp/good.exe" 2>"$tmp/good.cc.log"; then
        got=$("$tmp/good.exe")
        if [ "$got" = "1018 2344" ]; then
            ok "each file sees its own statics, types, enumerators and macros ($got)"
        else
            bad "printed '$got', want '1018 2344'"
        fi
    else
        cat "$tmp/good.cc.log" >&2
        bad "the amalgamation of the clashing tree does not compile"
    fi
    grep -q "renamed in src/a.c: MODE helper node table" "$tmp/good.log" &&
        grep -q "renamed in src/b.c: MODE helper node table SLOT_B" "$tmp/good.log" &&
        ok "the renames are named" || bad "renames not reported as expected"
    [ "$(grep -c 'static inline int twice' "$t/out/jbind.c")" = 1 ] &&
        ok "common.h is inlined once" || bad "common.h inlined $(grep -c 'static inline int twice' "$t/out/jbind.c") times"
    first=$(grep -n -m 1 '^#include <' "$t/out/jbind.c" | cut -d: -f1)
    gnu=$(grep -n -m 1 '_GNU_SOURCE' "$t/out/jbind.c" | cut -d: -f1)
    [ "$gnu" -lt "$first" ] && ok "_GNU_SOURCE comes before the first system header" ||
        bad "_GNU_SOURCE at line $gnu, first system header at $first"
    grep -q '^#line 1 "src/a.c"' "$t/out/jbind.c" && grep -q '^#line 2 "src/a.c"' "$t/out/jbind.c" &&
        ok "#line directives name src/a.c, also after the inlined header" || bad "no #line for src/a.c"
else
    cat "$tmp/good.log" >&2
    bad "the clashing tree does not amalgamate"
fi

# --- refused -------------------------------------------------------------
# refuse NAME WANT: amalgamating $tmp/NAME must fail, saying WANT
refuse() {
    if python3 "$tool" --src "$tmp/$1" --out "$tmp/$1/out" >"$tmp/$1.log" 2>&1; then
        bad "$1: amalgamated, want a refusal"
    elif grep -q "$2" "$tmp/$1.log"; then
        ok "$1: refused: $(cat "$tmp/$1.log")"
    else
        cat "$tmp/$1.log" >&2
        bad "$1: failed without saying '$2'"
    fi
}

tree "$tmp/member"
printf '#include "common.h"\nstatic int grow(int x) { return x; }\nint a_value(void) { return grow(1); }\n' \
    >"$tmp/member/src/a.c"
printf '#include "common.h"\nstruct s { int grow; };\nstatic int grow(struct s v) { return v.grow; }\nint b_value(void) { struct s v = {2}; return grow(v); }\n' \
    >"$tmp/member/src/b.c"
refuse member "also a member name"

tree "$tmp/pragma"
printf '#include "common.h"\n#pragma GCC target("avx2")\nint a_value(void) { return 1; }\n' >"$tmp/pragma/src/a.c"
refuse pragma "changes code generation"

tree "$tmp/pragma-ok"
printf '#include "common.h"\n#pragma GCC push_options\n#pragma GCC target("avx2")\nint a_value(void) { return 1; }\n#pragma GCC pop_options\n' \
    >"$tmp/pragma-ok/src/a.c"
if python3 "$tool" --src "$tmp/pragma-ok" --out "$tmp/pragma-ok/out" >"$tmp/pragma-ok.log" 2>&1; then
    ok "a target pragma between push_options and pop_options is accepted"
else
    cat "$tmp/pragma-ok.log" >&2
    bad "a target pragma between push_options and pop_options was refused"
fi

tree "$tmp/missing"
printf '#include "common.h"\n#include "nowhere.h"\nint a_value(void) { return 1; }\n' >"$tmp/missing/src/a.c"
refuse missing 'nowhere.h.*no such header'

tree "$tmp/configure"
printf '#ifndef COMMON_H\n#define COMMON_H\n#include "jbind.h"\n#ifdef WIDE\ntypedef long word;\n#else\ntypedef int word;\n#endif\n#endif\n' \
    >"$tmp/configure/src/common.h"
printf '#define WIDE 1\n#include "common.h"\nint a_value(void) { return (int)sizeof(word); }\n' >"$tmp/configure/src/a.c"
refuse configure "WIDE is defined before an internal header that uses it"

echo "amalgamate: $pass passed, $failed failed"
[ "$failed" = 0 ]
