#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench/run.sh — the benchmark, end to end (`make bench` calls it).
#
#   bench/run.sh           install what is missing (Debian, as root), build
#                          -O2 Release, run every case (typed models, DOM
#                          parse/print, number micro-benchmarks) for every library,
#                          print the table, measure the compile cost, rewrite
#                          BENCHMARKS.md and docs/bench-chart.png
#   bench/run.sh --quick   build, then run every case once through the
#                          correctness gates only (no timing, no files
#                          rewritten; JOBS children at a time); exit 1 if
#                          any gate fails. `make test`.
#   bench/run.sh --profile build, then count instructions per operation and
#                          per byte under callgrind (bench/profile.py: jbind,
#                          glaze, yyjson on twitter, citm_catalog, canada and
#                          their DOM cases), print them and rewrite only that
#                          section of BENCHMARKS.md. `make bench-profile`.
#
# Environment: JB_DATA_DIR (corpus; default <repo>/../shared/data/corpus),
# JB_BUILD_DIR (default <repo>/build/bench), JB_BENCH_SECONDS (per timed run,
# default 0.2), JB_BENCH_RUNS (default 5), JOBS, JB_BENCH_PEERS_DIR (glaze and
# yyjson sources; default <repo>/../shared/peers: absent = their rows are
# skipped). JB_BENCH_CASES / JB_BENCH_LIBS (comma-separated patterns, e.g.
# JB_BENCH_CASES=twitter) rerun a part in seconds: the table is printed, the
# files (BENCHMARKS.md, the chart) are left alone, and the pandoc, compile-cost
# and instruction-count steps are skipped. JB_PROFILE_ITERS, JB_PROFILE_CASES,
# JB_PROFILE_LIBS: bench/profile.py's defaults.
set -euo pipefail

QUICK=0
PROFILE=0
for a in "$@"; do
  case "$a" in
    --quick) QUICK=1 ;;
    --profile) PROFILE=1 ;;
    -h|--help) sed -n '2,28p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument $a" >&2; exit 2 ;;
  esac
done

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${JB_BUILD_DIR:-$ROOT/build/bench}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
export JB_DATA_DIR=${JB_DATA_DIR:-$ROOT/../shared/data/corpus}
export JB_BENCH_PEERS_DIR=${JB_BENCH_PEERS_DIR:-$ROOT/../shared/peers}
FILTERED=0
[ -n "${JB_BENCH_CASES:-}${JB_BENCH_LIBS:-}" ] && FILTERED=1

# ---- 1. Debian packages (apt-get update once, install only what is missing) ----
PKGS=(libsimdjson-dev rapidjson-dev libjansson-dev libjson-c-dev libcjson-dev g++ cmake pkg-config python3)
if [ "$QUICK" = 0 ] && [ "$PROFILE" = 0 ]; then
  # gnuplot-nox: the gnuplot binary without the X11/Qt front ends
  PKGS+=(nlohmann-json3-dev gnuplot-nox)
fi
if [ "$QUICK" = 0 ] && [ "$FILTERED" = 0 ]; then
  PKGS+=(valgrind) # the instruction counts (bench/profile.py)
fi
missing=()
for p in "${PKGS[@]}"; do
  if [ "$p" = gnuplot-nox ] && command -v gnuplot >/dev/null 2>&1; then continue; fi
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "run.sh: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "run.sh: missing packages (${missing[*]}); run as root to install them" >&2
  fi
fi

# ---- 2. Build (falls back to a jbind stub so that the peers still run) ----
STUB=0
configure_build() {
  cmake -S "$ROOT" -B "$1" -DCMAKE_BUILD_TYPE=Release -DJB_TESTS=OFF -DJB_BENCH=ON \
    -DJB_BENCH_PEERS_DIR="$JB_BENCH_PEERS_DIR" "${@:2}" >"$1.configure.log" 2>&1 &&
    cmake --build "$1" --target jbench -j"$JOBS" >"$1.build.log" 2>&1
}
mkdir -p "$BUILD"
if ! configure_build "$BUILD"; then
  tail -20 "$BUILD.build.log" "$BUILD.configure.log" 2>/dev/null >&2 || true
  if [ "$QUICK" = 1 ]; then
    echo "run.sh --quick: jbind or the bench did not build" >&2
    exit 1
  fi
  echo "run.sh: jbind (or the bench) did not build; retrying with the jbind stub: the peers only" >&2
  BUILD=$BUILD-stub
  mkdir -p "$BUILD"
  configure_build "$BUILD" -DJB_BENCH_STUB=ON || { tail -30 "$BUILD.build.log" >&2; exit 1; }
  STUB=1
fi
JBENCH=$BUILD/bench/jbench
[ -x "$JBENCH" ] || JBENCH=$BUILD/jbench
"$JBENCH" --libs >"$BUILD/libs.tsv"
awk -F'\t' 'NR > 1 && $3 == "no" { printf "run.sh: %s is not built: its rows are skipped (%s)\n", $1, $4 }' "$BUILD/libs.tsv"

# ---- instruction counts only (make bench-profile) ----
profile_step() {
  if ! command -v valgrind >/dev/null; then
    echo "run.sh: valgrind not installed: instruction counts skipped" >&2
    return 1
  fi
  python3 "$ROOT/bench/profile.py" "$JBENCH" "$BUILD/profile.tsv"
}
if [ "$PROFILE" = 1 ]; then
  [ "$STUB" = 1 ] && { echo "run.sh --profile: jbind did not build" >&2; exit 1; }
  profile_step
  python3 "$ROOT/bench/report.py" --profile-section "$ROOT" "$BUILD" "$BUILD/profile.tsv"
  exit 0
fi

if [ ! -d "$JB_DATA_DIR" ]; then
  echo "run.sh: corpus directory $JB_DATA_DIR not found: the corpus cases (twitter, citm_catalog," \
       "canada, gsoc-2018, mesh, numbers, github_events, aeson/twitter100) are skipped; set JB_DATA_DIR"
fi

# ---- 3a. Quick: correctness gates only ----
if [ "$QUICK" = 1 ]; then
  set +e
  # JOBS children at a time (the gates do not time anything); print only
  # what is not OK
  "$JBENCH" --quick --jobs "$JOBS" | grep -v -E '^[^ ]+ +(dec|enc) +[^ ]+ +OK +'
  rc=${PIPESTATUS[0]}
  set -e
  [ "$STUB" = 1 ] && { echo "run.sh --quick: jbind did not build" >&2; exit 1; }
  # the pandoc case is not timed here; it must still build (a warning only:
  # examples/pandoc/ is work in progress)
  if [ -f "$ROOT/bench/pandoc_bench.c" ]; then
    cmake --build "$BUILD" --target pandoc_bench -j"$JOBS" >"$BUILD/pandoc-build.log" 2>&1 ||
      echo "run.sh --quick: warning: bench/pandoc_bench.c did not build (see $BUILD/pandoc-build.log)" >&2
  fi
  # the streaming benchmark's gates, small (2 MB of NDJSON, a 5 MB pipe)
  if cmake --build "$BUILD" --target stream_bench -j"$JOBS" >"$BUILD/stream-build.log" 2>&1; then
    JB_BUILD_DIR=$BUILD "$BUILD/bench/stream_bench" --quick >"$BUILD/stream-quick.log" 2>&1 ||
      { cat "$BUILD/stream-quick.log" >&2; echo "run.sh --quick: stream_bench failed" >&2; rc=1; }
  else
    tail -20 "$BUILD/stream-build.log" >&2; echo "run.sh --quick: stream_bench did not build" >&2; rc=1
  fi
  exit "$rc"
fi

# ---- 3b. Full run ----
RES=$BUILD/results.tsv
if [ "$FILTERED" = 1 ]; then
  uptime
  "$JBENCH" --out "$BUILD/results-filtered.tsv"
  echo "run.sh: JB_BENCH_CASES/JB_BENCH_LIBS set: raw results in $BUILD/results-filtered.tsv;" \
       "BENCHMARKS.md and the chart are left alone"
  exit 0
fi
uptime | tee "$BUILD/uptime-start.txt"
"$JBENCH" --out "$RES" | tee "$BUILD/bench-output.txt"

# ---- 3c. The pandoc document case (bench/pandoc_bench.c over examples/pandoc/) ----
rm -f "$BUILD/pandoc.txt"
if [ -f "$ROOT/bench/pandoc_bench.c" ] && [ "$STUB" = 0 ]; then
  cmake -S "$ROOT" -B "$BUILD" >>"$BUILD.configure.log" 2>&1 || true
  if cmake --build "$BUILD" --target pandoc_bench -j"$JOBS" >"$BUILD/pandoc-build.log" 2>&1; then
    PB=$BUILD/bench/pandoc_bench
    [ -x "$PB" ] || PB=$BUILD/pandoc_bench
    if command -v pandoc >/dev/null; then PIN=(); else PIN=("$ROOT/examples/pandoc/edge.json"); fi
    if (cd "$ROOT" && "$PB" "${PIN[@]}") >"$BUILD/pandoc.log" 2>&1; then
      cp "$BUILD/pandoc.log" "$BUILD/pandoc.txt"
      cat "$BUILD/pandoc.txt"
    else
      echo "run.sh: pandoc_bench failed:" >&2; tail -5 "$BUILD/pandoc.log" >&2
    fi
  else
    echo "run.sh: bench/pandoc_bench.c did not build (see $BUILD/pandoc-build.log)" >&2
  fi
fi

# ---- 3c'. Streaming (bench/stream_bench.c: NDJSON, push, FILE *, a 5 GB pipe) ----
rm -f "$BUILD/stream.md"
if [ "$STUB" = 0 ] && cmake --build "$BUILD" --target stream_bench -j"$JOBS" >"$BUILD/stream-build.log" 2>&1; then
  JB_BUILD_DIR=$BUILD "$BUILD/bench/stream_bench" --out "$BUILD/stream.tsv" --md "$BUILD/stream.md" ||
    echo "run.sh: stream_bench failed" >&2
else
  echo "run.sh: bench/stream_bench.c did not build (see $BUILD/stream-build.log)" >&2
fi

# ---- 3d. Instruction counts (callgrind; not moved by the machine's load) ----
rm -f "$BUILD/profile.tsv"
if [ "$STUB" = 0 ]; then
  profile_step || echo "run.sh: instruction counts not measured" >&2
fi

# ---- 4. Compile cost of the derivation ----
python3 "$ROOT/bench/compile_cost.py" "$ROOT" "$BUILD" "$JB_BENCH_PEERS_DIR" >"$BUILD/compile.tsv" ||
  echo "run.sh: compile-cost step failed" >&2
cat "$BUILD/compile.tsv"

# ---- 5. BENCHMARKS.md and the chart ----
python3 "$ROOT/bench/report.py" "$ROOT" "$BUILD" "$RES" "$BUILD/compile.tsv"
if command -v gnuplot >/dev/null; then
  gnuplot "$BUILD/chart.gp" && echo "run.sh: wrote docs/bench-chart.png"
else
  echo "run.sh: gnuplot not found: chart not drawn" >&2
fi
echo "run.sh: wrote BENCHMARKS.md"
