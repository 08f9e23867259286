#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh BUILD_DIR SECONDS TARGET... — the `make fuzz` driver.
# For each target: replay fuzz/regressions/<target>/* (any failure stops
# here), then fuzz for SECONDS seconds from the seed corpus with the JSON
# dictionary. New corpus entries go to BUILD_DIR/corpus/<target> (kept
# between runs; the committed seeds stay small); a crash, leak, timeout or
# sanitizer report leaves its input in BUILD_DIR/artifacts/<target>/ and
# fails the run. Prints a line per target; appends `<time> fuzz_<target>
# <wall seconds> <CPU seconds>` to BUILD_DIR/fuzz-cpu.log (CPU = user+sys
# of the fuzzer, which is less than wall when it runs under `nice` beside
# other work; docs/fuzzing.md totals the CPU column).
set -euo pipefail
build=$1
secs=$2
shift 2
src=$(cd "$(dirname "$0")" && pwd)
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
status=0
# user+sys seconds of all finished children so far (bash's `times`, run in
# this shell: a subshell would report its own, empty, children).
child_cpu() {
    times >"$art/.times"
    CPU=$(tail -1 "$art/.times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%d", t }')
}
for t in "$@"; do
    bin=$build/fuzz/fuzz_$t
    [ -x "$bin" ] || { echo "fuzz: $bin not built" >&2; exit 1; }
    corpus=$build/corpus/$t
    art=$build/artifacts/$t
    mkdir -p "$corpus" "$art"
    regs=$(find "$src/regressions/$t" -type f 2>/dev/null | sort || true)
    if [ -n "$regs" ]; then
        # shellcheck disable=SC2086
        if ! "$bin" -runs=1 $regs >"$art/replay.log" 2>&1; then
            echo "fuzz_$t: a regression input fails (see $art/replay.log)"; tail -30 "$art/replay.log"
            exit 1
        fi
        echo "fuzz_$t: $(echo "$regs" | wc -l) regression inputs pass"
    fi
    start=$(date +%s)
    child_cpu; cpu0=$CPU
    if "$bin" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2560 -max_len=8192 \
        -dict="$src/json.dict" -artifact_prefix="$art/" -print_final_stats=1 \
        "$corpus" "$src/corpus/$t" >"$art/fuzz.log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$art/fuzz.log" | grep -o '[0-9]*$' || echo '?')
        echo "fuzz_$t: ok, $runs runs in $(( $(date +%s) - start ))s, corpus $(ls "$corpus" | wc -l) files"
    else
        echo "fuzz_$t: FAILED after $(( $(date +%s) - start ))s; artifacts in $art:"
        ls "$art"; grep -E 'ERROR|SUMMARY|property failed|runtime error' "$art/fuzz.log" | head -20 || true
        # CI keeps only what is printed: the harness's own account of the
        # failure (its last 80 lines beside libFuzzer's report) and the input
        # itself, base64, so it can be replayed without the artifact.
        echo "fuzz_$t: the harness said:"
        sed -n '/^==[0-9]*== ERROR\|^INFO: Running\|^#[0-9]/!p' "$art/fuzz.log" | grep -v '^MS:\|^base unit:\|^0x\|^artifact_prefix\|^Test unit written\|^Base64' | tail -80 || true
        for f in "$art"/crash-* "$art"/leak-* "$art"/timeout-* "$art"/oom-*; do
            [ -f "$f" ] || continue
            if [ "$(wc -c <"$f")" -le 16384 ]; then
                echo "fuzz_$t: input $(basename "$f") (base64; replay: base64 -d > in && $bin in):"
                base64 -w 76 "$f"
            fi
        done
        status=1
    fi
    child_cpu
    echo "$(date -u +%FT%TZ) fuzz_$t $(( $(date +%s) - start )) $(( CPU - cpu0 ))" >>"$build/fuzz-cpu.log"
done
exit $status
