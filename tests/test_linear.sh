#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_linear.sh BIN [CASE...] — linear time, counted (issue 7, part 5).
#
# Runs BIN (build/release/tests/test_linear) under valgrind's callgrind for
# every case at size N and at 10N, takes the instruction count (Ir) of the
# measured region only (the program toggles collection around the
# operation; the input is built uninstrumented), and fails when
# Ir(10N) / Ir(N) > MAX_RATIO (12). Prints a table; the counts are
# deterministic for a given build, so the ratios are too.
#
# N per case: strings 1 MB (the JSON holds the string twice in str_typed),
# numbers 10^5 digits, keys 10^4. LINEAR_SCALE (default 1) multiplies N
# (e.g. 0.1 for a quick look; below that fixed costs hide the growth).
set -euo pipefail
bin=$1
shift
max_ratio=${MAX_RATIO:-12}
scale=${LINEAR_SCALE:-1}
out=${LINEAR_OUT:-$(dirname "$bin")/linear}
mkdir -p "$out"
command -v valgrind >/dev/null || { echo "test_linear: valgrind not installed" >&2; exit 1; }

declare -A base=(
    [str_typed]=1000000 [str_dom]=1000000
    [num_f64]=100000 [num_number]=100000
    [keys_unknown]=10000 [keys_map]=10000 [keys_dom]=10000
    [dup_map]=10000 [dup_dom]=10000
    [collide_map]=10000 [collide_dom]=10000 [build_dom]=10000
    [deep_typed]=10000
)
if [ $# -gt 0 ]; then cases=("$@"); else mapfile -t cases < <("$bin" --list); fi

ir() { # case n -> Ir of the measured region
    local f="$out/callgrind.$1.$2"
    valgrind --tool=callgrind --instr-atstart=no --collect-atstart=no \
        --callgrind-out-file="$f" "$bin" "$1" "$2" >"$f.log" 2>&1 ||
        { tail -20 "$f.log" >&2; echo "test_linear: $1 $2 failed under callgrind" >&2; return 1; }
    local t
    t=$(awk '/^totals:/ {print $2; exit}' "$f")
    if [ -z "$t" ] || [ "$t" -le 0 ]; then
        echo "test_linear: no Ir for $1 $2" >&2
        return 1
    fi
    echo "$t"
}

status=0
printf '%-14s %10s %14s %14s %7s\n' case N 'Ir(N)' 'Ir(10N)' ratio
for c in "${cases[@]}"; do
    b=${base[$c]:-}
    [ -n "$b" ] || { echo "test_linear: no size for case $c" >&2; exit 1; }
    n=$(awk -v b="$b" -v s="$scale" 'BEGIN { printf "%d", b * s }')
    a=$(ir "$c" "$n") || { status=1; continue; }
    z=$(ir "$c" $((n * 10))) || { status=1; continue; }
    ratio=$(awk -v a="$a" -v z="$z" 'BEGIN { printf "%.2f", z / a }')
    verdict=ok
    awk -v r="$ratio" -v m="$max_ratio" 'BEGIN { exit !(r > m) }' && { verdict="FAIL (> $max_ratio)"; status=1; }
    printf '%-14s %10s %14s %14s %7s %s\n' "$c" "$n" "$a" "$z" "$ratio" "$verdict"
done
[ $status = 0 ] && echo "test_linear: every case grows at most ${max_ratio}x from N to 10N"
exit $status
