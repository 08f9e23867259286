#!/bin/sh
# SPDX-License-Identifier: MIT
# test_type_safety.sh SRCDIR LIBRARY CC [CFLAGS...]
#
# Issue 13 part 1: no descriptor mistake becomes a silent wrong read. Each
# case of tests/type_safety/cases.c is compiled on its own (-DCASE=N) with
# the project's warnings as errors, and must do what its opening comment
# says: not compile (and the compiler names the problem), compile and be
# refused with JB_E_DESCRIPTOR naming the type and field before a byte is
# read or written, or compile and run correctly.
set -eu
src=$1
lib=$2
cc=$3
shift 3
cases=$src/tests/type_safety/cases.c
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
flags="-std=c11 -Wall -Wextra -Wpedantic -Werror -I$src/include $*"
pass=0
fail=0
# lines like: #elif CASE == 12 /* plan "r" "a": what */
grep -E '^#(el)?if CASE == [0-9]+ /\* (compile|plan|ok)' "$cases" >"$tmp/list"
while IFS= read -r line; do
    n=$(echo "$line" | sed -E 's/^#(el)?if CASE == ([0-9]+).*/\2/')
    mode=$(echo "$line" | sed -E 's/^.*\/\* (compile|plan|ok).*/\1/')
    what=$(echo "$line" | sed -E 's/^.*: (.*) \*\/$/\1/')
    log=$tmp/$n.log
    case $mode in
    compile)
        pattern=$(echo "$line" | sed -E 's/^.*compile \[([^]]*)\].*/\1/')
        if $cc $flags -DCASE="$n" -c "$cases" -o "$tmp/$n.o" >"$log" 2>&1; then
            echo "FAIL case $n ($what): compiled, should not"
            fail=$((fail + 1))
        elif grep -Eqi "$pattern" "$log"; then
            echo "ok   case $n: refused at compile time ($what)"
            pass=$((pass + 1))
        else
            echo "FAIL case $n ($what): did not compile, but the message lacks '$pattern':"
            sed 's/^/    /' "$log" | head -20
            fail=$((fail + 1))
        fi
        ;;
    plan|ok)
        : >"$tmp/expect.h"
        if [ "$mode" = plan ]; then
            echo "$line" | sed -E 's/^.*plan ("[^"]*") ("[^"]*").*/#define EXPECT_TYPE \1\
#define EXPECT_FIELD \2/' >"$tmp/expect.h"
        fi
        # shellcheck disable=SC2086 # $flags is a list of words
        if ! $cc $flags -include "$tmp/expect.h" -DCASE="$n" "$cases" "$lib" -lm -lpthread -o "$tmp/$n" \
            >"$log" 2>&1; then
            echo "FAIL case $n ($what): does not compile:"
            sed 's/^/    /' "$log" | head -20
            fail=$((fail + 1))
        elif "$tmp/$n" >"$log" 2>&1; then
            if [ "$mode" = plan ]; then
                echo "ok   case $n: refused before reading ($what): $(head -1 "$log")"
            else
                echo "ok   case $n: works ($what)"
            fi
            pass=$((pass + 1))
        else
            echo "FAIL case $n ($what):"
            sed 's/^/    /' "$log" | head -20
            fail=$((fail + 1))
        fi
        ;;
    esac
done <"$tmp/list"
echo "$pass passed, $fail failed"
[ "$pass" -gt 0 ] && [ "$fail" -eq 0 ]
