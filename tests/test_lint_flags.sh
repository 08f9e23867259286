#!/bin/sh
# SPDX-License-Identifier: MIT
# The strict warnings src/ is built with (JB_STRICT_WARNINGS in
# CMakeLists.txt) are in force: every tests/lint/seed_*.c breaks one rule
# and must fail to compile with the set and -Werror, and must compile once
# that one warning is turned off (its "seeds: -Wname" line), which shows
# the warning named is the one that fired. tests/lint/clean.c, the control,
# compiles with the set.
#   test_lint_flags.sh LINT_DIR CC FLAGS...
set -u
dir=$1 cc=$2
shift 2
pass=0 fail=0
compile() { "$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror "$@" -c -o /dev/null >/dev/null 2>&1; }

if compile "$@" "$dir/clean.c"; then pass=$((pass + 1)); else
    echo "FAIL: the control clean.c does not compile with: $*"; fail=$((fail + 1)); fi
n=0
for f in "$dir"/seed_*.c; do
    n=$((n + 1))
    w=$(sed -n 's|^/\* seeds: \(-W[a-z0-9-]*\) \*/$|\1|p' "$f")
    if [ -z "$w" ]; then echo "FAIL: $f has no seeds: line"; fail=$((fail + 1)); continue; fi
    off=-Wno-${w#-W}
    if compile "$@" "$f"; then
        echo "FAIL: $(basename "$f") compiles: $w is not in force"; fail=$((fail + 1))
    elif ! compile "$@" "$off" "$f"; then
        echo "FAIL: $(basename "$f") still fails with $off: it seeds something else"; fail=$((fail + 1))
    else
        pass=$((pass + 1))
    fi
done
[ "$n" -ge 10 ] || { echo "FAIL: only $n seeds found in $dir"; fail=$((fail + 1)); }
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
