#!/bin/sh
# SPDX-License-Identifier: MIT
# test_readme.sh README QUICKSTART
# The first ```c block of the README is the quick start program, and it is
# examples/quickstart.c byte for byte (so the README's code is compiled and
# run by the example test).
set -eu
readme=$1
quickstart=$2
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
awk 'found == 0 && /^```c[[:space:]]*$/ { inblock = 1; found = 1; next }
     inblock && /^```[[:space:]]*$/ { inblock = 0; exit }
     inblock { print }' "$readme" >"$tmp"
if [ ! -s "$tmp" ]; then
    echo "FAIL: no \`\`\`c block in $readme" >&2
    exit 1
fi
if ! cmp -s "$tmp" "$quickstart"; then
    echo "FAIL: the README's quick start differs from $quickstart:" >&2
    diff -u --label "$quickstart" --label "$readme (first c block)" "$quickstart" "$tmp" >&2 || true
    exit 1
fi
echo "README quick start == $(basename "$quickstart") ($(wc -l <"$tmp") lines)"
