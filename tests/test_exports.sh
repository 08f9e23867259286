#!/bin/sh
# SPDX-License-Identifier: MIT
# test_exports.sh LIB HEADER [NM]
# The shared library's dynamic symbol table holds exactly the public API:
#   - every defined symbol is jb_<name> (never jb__<name>, the hidden
#     internal prefix), apart from the linker's own (_init, _fini, ...);
#   - every JB_API name declared in the header is there.
set -eu
lib=$1
header=$2
nm=${3:-nm}

exported=$("$nm" -D --defined-only "$lib" | awk 'NF >= 3 { print $3 }' | sed 's/@.*//' | sort -u)
if [ -z "$exported" ]; then
    echo "FAIL: $lib exports nothing" >&2
    exit 1
fi

status=0
for sym in $exported; do
    case $sym in
    jb__*) echo "FAIL: internal symbol exported: $sym (declare it JB_HIDDEN)" >&2; status=1 ;;
    jb_*) ;;
    __odr_asan.jb_* | __odr_asan_gen_jb_*) ;; # AddressSanitizer's ODR indicators for our globals
    _init | _fini | __bss_start | _edata | _end | __end__ | __bss_start__ | __bss_end__ | _bss_end__) ;;
    *) echo "FAIL: non-jb_ symbol exported: $sym" >&2; status=1 ;;
    esac
done

# Names the header declares with JB_API: functions (name before "(") and
# extern objects (comma-separated lists ending in ";").
declared=$( {
    sed -n 's/^JB_API[^(]*[ *]\(jb_[A-Za-z0-9_]*\)(.*/\1/p' "$header"
    sed -n 's/^JB_API extern const [A-Za-z_][A-Za-z0-9_]* \([^;]*\);.*/\1/p' "$header" | tr ',' '\n' | tr -d ' '
} | sort -u)
if [ -z "$declared" ]; then
    echo "FAIL: found no JB_API declarations in $header" >&2
    exit 1
fi
missing=0
for name in $declared; do
    if ! printf '%s\n' "$exported" | grep -qx "$name"; then
        echo "FAIL: declared in the header but not exported: $name" >&2
        missing=$((missing + 1))
        status=1
    fi
done

ndecl=$(printf '%s\n' "$declared" | wc -l)
nexp=$(printf '%s\n' "$exported" | wc -l)
echo "$nexp symbols exported, $ndecl declared in the header, $missing missing"
exit $status
