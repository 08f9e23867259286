#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""report.py ROOT BUILD RESULTS.tsv COMPILE.tsv — writes BENCHMARKS.md and
BUILD/chart.gp (+ BUILD/chart.dat), which draws docs/bench-chart.png.
Everything in BENCHMARKS.md comes from this run's measurements: BUILD/libs.tsv
(`jbench --libs`: which libraries, their kind, which were built) and
BUILD/profile.tsv (bench/profile.py: callgrind instruction counts) when present.

report.py --profile-section ROOT BUILD PROFILE.tsv — rewrites only the
instruction-count section of BENCHMARKS.md (`make bench-profile`)."""
import csv
import datetime
import os
import platform
import re
import subprocess
import sys
from collections import OrderedDict, defaultdict

PROFILE_ONLY = len(sys.argv) > 1 and sys.argv[1] == "--profile-section"
if PROFILE_ONLY:
    root, build, prof_path = sys.argv[2:5]
    res_path = comp_path = None
else:
    root, build, res_path, comp_path = sys.argv[1:5]
    prof_path = os.path.join(build, "profile.tsv")
PROFILE_BEGIN = "<!-- instruction counts: written by bench/report.py; `make bench-profile` rewrites this section -->"
PROFILE_END = "<!-- end of instruction counts -->"
# The developers' hand-measured sections (callgrind runs after a change, each
# saying at which commit): a full run keeps them as they are, at the end.
HAND_BEGIN = ("<!-- hand-measured sections: kept as they are by bench/report.py when `make bench` "
              "rewrites the rest -->")
HAND_END = "<!-- end of hand-measured sections -->"


def hand_sections(md):
    """The hand-measured block of the BENCHMARKS.md at md, markers included, or ''."""
    try:
        text = open(md).read()
    except OSError:
        return ""
    if HAND_BEGIN not in text or HAND_END not in text:
        return ""
    return text[text.index(HAND_BEGIN):text.index(HAND_END) + len(HAND_END)]


def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, capture_output=True, text=True).stdout.strip()
    except Exception:
        return ""


rows = list(csv.DictReader(open(res_path), delimiter="\t")) if res_path else []
for r in rows:
    for k in ("median_ns", "min_ns", "max_ns", "allocs_per_op", "bytes_per_op"):
        r[k] = float(r[k] or 0)
    r["doc_bytes"] = int(r["doc_bytes"] or 0)
    r["elems"] = float(r.get("elems") or 0)
    r["peak_rss_kb"] = int(r["peak_rss_kb"] or 0)
comp = list(csv.DictReader(open(comp_path), delimiter="\t")) if comp_path and os.path.exists(comp_path) else []

# The library table (harness.h's BENCH_LIBS, through `jbench --libs`): kind
# "ours" (jbind's own rows), "peer", "limit" (memcpy).
libs_path = os.path.join(build, "libs.tsv")
LIBINFO = OrderedDict()
if os.path.exists(libs_path):
    for r in csv.DictReader(open(libs_path), delimiter="\t"):
        LIBINFO[r["lib"]] = r
for r in rows:
    LIBINFO.setdefault(r["lib"], {"lib": r["lib"], "kind": "ours" if r["lib"].startswith("jbind") else
                                  ("limit" if r["lib"] == "memcpy" else "peer"), "built": "yes", "what": ""})
kind = lambda lib: LIBINFO.get(lib, {}).get("kind", "peer")
OURS = [l for l in LIBINFO if kind(l) == "ours"]
absent_libs = [(l, i["what"]) for l, i in LIBINFO.items() if i.get("built") == "no"]

cases = OrderedDict()
for r in rows:
    cases.setdefault(r["case"], r["group"])
ok = lambda r: r["status"] == "OK" and r["median_ns"] > 0


def get(case, op, lib):
    for r in rows:
        if r["case"] == case and r["op"] == op and r["lib"] == lib:
            return r
    return None


def best_peer(case, op):
    peers = [r for r in rows if r["case"] == case and r["op"] == op and kind(r["lib"]) == "peer" and ok(r)]
    return min(peers, key=lambda r: r["median_ns"]) if peers else None


def fmt_t(ns):
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.2f} µs"
    return f"{ns:.0f} ns"


def mbs(r):
    return r["doc_bytes"] / r["median_ns"] * 1e3 if r and r["doc_bytes"] and r["median_ns"] else 0


def ratio(case, op, peer_lib=None, ours="jbind"):
    j = get(case, op, ours)
    p = get(case, op, peer_lib) if peer_lib else best_peer(case, op)
    if not j or not p or not ok(j) or not ok(p):
        return None
    return p["median_ns"] / j["median_ns"]


def rs(x):
    return f"{x:.2f}x" if x is not None else "n/a"


cpu = sh("lscpu | sed -n 's/^Model name: *//p'") or platform.processor()
ncpu = os.cpu_count()
mem = sh("free -g | awk '/Mem:/{print $2}'")
osname = sh(". /etc/os-release; echo $PRETTY_NAME")
gcc = sh("gcc --version | head -1")
gxx = sh("g++ --version | head -1")
vers = {p: sh(f"dpkg-query -W -f='${{Version}}' {p} 2>/dev/null") for p in
        ["libsimdjson-dev", "rapidjson-dev", "libjansson-dev", "libjson-c-dev", "libcjson-dev", "nlohmann-json3-dev"]}
jbv = re.search(r'JB_VERSION_STRING "([^"]+)"', open(os.path.join(root, "include", "jbind.h")).read())
commit = sh(f"git -C {root} rev-parse --short HEAD")
date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
secs = os.environ.get("JB_BENCH_SECONDS", "0.2")
runs = os.environ.get("JB_BENCH_RUNS", "5")
peers_dir = os.environ.get("JB_BENCH_PEERS_DIR") or os.path.join(root, "..", "shared", "peers")


def peer_version(path, pattern):
    try:
        m = re.search(pattern, open(os.path.join(peers_dir, path)).read())
        return m.group(1) if m else "?"
    except OSError:
        return None


src_vers = {"glaze": peer_version("SOURCES.md", r"\| `glaze/` \|[^|]*\| ([^|]+?) \|"),
            "yyjson": peer_version("yyjson/src/yyjson.h", r'YYJSON_VERSION_STRING "([^"]+)"')}


# ---------------- instruction counts (bench/profile.py) ----------------
def profile_section():
    """The instruction-count section (a list of lines), from profile.tsv."""
    P = []
    p = P.append
    p(PROFILE_BEGIN)
    p("## Instructions per byte (callgrind)\n")
    if not os.path.exists(prof_path):
        p("Not measured in this run (`make bench-profile` measures it; it needs valgrind).\n")
        p(PROFILE_END)
        return P
    prows = list(csv.DictReader(open(prof_path), delimiter="\t"))
    it = next((r["iters"] for r in prows if r["iters"] and r["iters"] != "0"), "?")
    vg = sh("valgrind --version")
    p(f"Measured at commit `{commit}` on {date} ({vg}; the same -O2 build as the timings). For each (case, "
      f"library) `bench/profile.py` runs the bench's child under `valgrind --tool=callgrind` with "
      f"`JB_BENCH_PROFILE={it}`: after the usual set-up and correctness gates and one warm-up operation, "
      f"{it} operations run inside `bench_profiled_dec` / `bench_profiled_enc` (`bench/main.c`), the only "
      "functions callgrind collects in (`--toggle-collect`). Instructions per operation = their inclusive "
      "count / " + str(it) + "; per byte = that / the document's bytes (decode: the input; encode: the "
      "library's own output, which differs where a library writes absent optionals as null or not). An "
      "operation is what the timings time: decode includes resetting the arena (jbind) or freeing the "
      "document (yyjson); glaze decodes into its reused C++ value. Unlike the times these counts do not "
      "move with the machine's load: compare them before and after a change (`make bench-profile`).\n")
    plibs = [l for l in OrderedDict((r["lib"], 1) for r in prows)]
    pcases = [c for c in OrderedDict((r["case"], 1) for r in prows)]
    pget = lambda c, o, l: next((r for r in prows if r["case"] == c and r["op"] == o and r["lib"] == l), None)
    irs = lambda r: float(r["ir_per_op"]) if r and r["ir_per_op"] else None
    base = next((l for l in plibs if kind(l) == "ours"), None)  # jbind: the column every row is compared with
    p("| case | op | library | instructions/op | instructions/byte | bytes | instructions vs " + str(base) + " |")
    p("|---|---|---|---:|---:|---:|---:|")
    for c in pcases:
        for op in ("dec", "enc"):
            opn = {"dec": "decode", "enc": "encode"}[op] if not c.startswith("dom.") else \
                {"dec": "parse", "enc": "print"}[op]
            b = irs(pget(c, op, base)) if base else None
            for l in plibs:
                r = pget(c, op, l)
                if not r:
                    continue
                x = irs(r)
                if x is None:
                    p(f"| {c} | {opn} | {l} | {r['note'] or '-'} | | | |")
                    continue
                vs = "" if l == base or not b else f"{x / b:.2f}x"
                p(f"| {c} | {opn} | {l} | {x:,.0f} | {float(r['ir_per_byte']):.2f} | {int(r['bytes']):,} | {vs} |")
    p("")
    # issue 14 was filed with jbind's instructions per byte measured outside the
    # project (gcc 12 -O2, the same three documents): the starting line
    filed = {("twitter", "dec"): 11.8, ("citm_catalog", "dec"): 10.2, ("canada", "dec"): 27.9,
             ("twitter", "enc"): 12.6, ("citm_catalog", "enc"): 15.2, ("canada", "enc"): 44.2}
    now = [(c, op, x, pget(c, op, "jbind")) for (c, op), x in filed.items()]
    now = [(c, op, x, float(r["ir_per_byte"])) for c, op, x, r in now if r and irs(r)]
    if now:
        p("jbind's instructions per byte against the figures issue 14 was filed with (measured outside the "
          "project, gcc 12 -O2, the same documents): " + "; ".join(
              f"{c} {'decode' if op == 'dec' else 'encode'} {x:.1f} → {y:.2f}" for c, op, x, y in now) + ".\n")
    p("The last column is the library's instruction count over jbind's (above 1: jbind executes fewer "
      "instructions). Fewer instructions is not the same as less time (cache misses, branch "
      "mispredictions and SIMD width are not counted), but on the same data a change that removes "
      "instructions from jbind shows here exactly, whatever the machine's load.\n")
    p(PROFILE_END)
    return P


if PROFILE_ONLY:
    md = os.path.join(root, "BENCHMARKS.md")
    text = open(md).read() if os.path.exists(md) else "# jbind benchmarks\n"
    sect = "\n".join(profile_section())
    if PROFILE_BEGIN in text and PROFILE_END in text:
        a, b = text.index(PROFILE_BEGIN), text.index(PROFILE_END) + len(PROFILE_END)
        text = text[:a] + sect + text[b:]
    else:
        text = text.rstrip("\n") + "\n\n" + sect + "\n"
    open(md, "w").write(text)
    print(f"report.py: rewrote the instruction-count section of {md}")
    sys.exit(0)

L = []
w = L.append
w("# jbind benchmarks\n")
w("Regenerated by `make bench` (`bench/run.sh`); every figure below is from that one run. "
  "Do not edit by hand: edit `bench/report.py`.\n")
w("## Machine and build\n")
w(f"- date: {date}; jbind {jbv.group(1) if jbv else '?'} at commit `{commit}`")
w(f"- machine: {cpu}, {ncpu} logical CPUs, {mem} GB RAM; {osname}")
w(f"- compilers: {gcc}; {gxx}")
w("- flags: CMake Release = `-O2 -DNDEBUG` for jbind, the bench and every peer's glue code; the simdjson "
  "translation unit also gets `-march=native` (its On-Demand front end is chosen at compile time and is the "
  "scalar fallback kernel without it, so that is how its users build it). jbind itself has no target flags.")
w("- peers (Debian packages): " + ", ".join(f"{k} {v}" for k, v in vers.items() if v))
w("- peers compiled from source (`../shared/peers`, never copied into the project): " +
  (", ".join(f"{k} {v}" for k, v in src_vers.items() if v and LIBINFO.get(k, {}).get("built") != "no")
   or "none present") +
  "; glaze's translation units with `g++ -std=c++23 -O2`, yyjson's C file with `-O2`")
for l, why in absent_libs:
    w(f"- **{l}: not built, its rows are skipped**: {why}")
w(f"- timing: per (case, library, operation) a warm-up, then {runs} runs of ~{secs} s each; the table gives "
  "the median (min..max in `bench/`'s raw output). Each (case, library) runs in its own freshly exec'd "
  "process; peak RSS is that process's (`ru_maxrss`, including the input and reference value).")
w("- allocations: every malloc/calloc/realloc/posix_memalign/aligned_alloc in the process is counted by an "
  "interposer (`bench/alloc.c`), jbind's included; figures are per operation, warm (decode into a reset "
  "arena, encode into a reused buffer).\n")

la = os.getloadavg()
up0 = open(os.path.join(build, "uptime-start.txt")).read().strip() if os.path.exists(
    os.path.join(build, "uptime-start.txt")) else ""
la0 = [float(x) for x in re.findall(r"([0-9]+\.[0-9]+)", up0.split("load average:")[-1])[:3]] if "load average:" in up0 else []
out_txt = os.path.join(build, "bench-output.txt")
m_secs = re.search(r"cases skipped, ([0-9.]+) s", open(out_txt).read()) if os.path.exists(out_txt) else None
busy = la[2] > 0.75 * ncpu or (la0 and max(la0) > 0.75 * ncpu)
if la0:
    w(f"- `uptime` load average (1/5/15 min) when `jbench` started: {la0[0]:.2f} / {la0[1]:.2f} / {la0[2]:.2f}; "
      f"when the report was written: {la[0]:.2f} / {la[1]:.2f} / {la[2]:.2f}; {ncpu} CPUs")
else:
    w(f"- load average when the report was written: {la[0]:.2f} / {la[1]:.2f} / {la[2]:.2f} (1/5/15 min) on {ncpu} CPUs")
if busy:
    w("- **the machine was shared and busy with other work during this run** (load above the CPU count "
      "means runnable processes were waiting): absolute times are inflated and noisy (see the min..max "
      "spread), and a ratio between two rows measured minutes apart can move by 10-30% from run to run. "
      "Re-run `make bench` on a quiet machine before quoting figures.")
if m_secs:
    w(f"- `jbench` (every case, every library) ran for {float(m_secs.group(1)) / 60:.1f} minutes")
spreads = sorted((r["max_ns"] - r["min_ns"]) / r["median_ns"] for r in rows if ok(r) and r["min_ns"] > 0)
if spreads:
    q = lambda f: spreads[min(len(spreads) - 1, int(f * len(spreads)))]
    w(f"- noise, measured: over the {len(spreads)} timed rows, the spread of a row's {runs} runs "
      f"((max - min) / median) is {100 * q(0.5):.0f}% at the median row, {100 * q(0.9):.0f}% at the 90th "
      f"percentile, {100 * spreads[-1]:.0f}% at worst. A ratio between two libraries is only as good as that.")
w("")
w("## How each library does the job\n")
w("Every library fills the same C structs (`bench/models.h`) and encodes from them. Decoded strings, vectors "
  "and maps go into a bump arena reset per operation for the peers (`bench_arena`), as jbind's `jb_arena` does "
  "for jbind, so the allocation column shows the library's own allocations.\n")
w("- **jbind**: `jb_decode` / `jb_encode` with the descriptors in `bench/jb_models.c`, `bench/jb_corpus_desc.c` "
  "and the generated `lu_gen_desc.c`; no per-case code.")
w("- **simdjson** On-Demand (decode only: 3.0.1 has no serializer): parser reused; each object's fields iterated, "
  "dispatched on the key, read in place (`bench/m_pull.inc`).")
w("- **RapidJSON**: `Document::Parse<kParseFullPrecisionFlag>` (its default parse is not correctly rounded and "
  "fails the gate on doubles) + extraction (`bench/m_dom.inc`); `Writer<StringBuffer>` from the structs, "
  "buffer reused (`bench/m_write.inc`).")
w("- **jansson**, **json-c**, **cJSON**: parse to their DOM + extraction with their accessors (jansson through "
  "`json_object_get` & co. rather than `json_unpack`'s format strings, which are slower); encode by building "
  "their DOM and printing it compact.")
w("- **hand**: the floor a C programmer writes without a library: recursive descent with `strtoll`/`strtod`, "
  "`snprintf` for numbers, a byte loop for escaping.")
w("- **glaze** (C++23, compiled from `../shared/peers/glaze`): `glz::read<opts>` into C++ aggregates mirroring "
  "the C models field for field (`bench/glaze_models.h`: `std::string`, `std::vector`, `std::optional`, a "
  "vector of pairs for a map kept in document order, enum classes with `glz::meta` names) and `glz::write<opts>` "
  "from them. The document is held in a `std::string` (glaze pads a resizable buffer for its fast path). "
  "**glaze** decodes into one C++ value reused across operations (its capacity is reused) and writes into a "
  "reused `std::string`; **glaze-fresh** decodes into a new value (destroyed inside the operation) and writes "
  "into a new string. Default options (unknown keys are an error) for the full models; "
  "`error_on_unknown_keys = false` for the partial ones. For the gates the C++ value is converted to the C "
  "model after the decode, and from it before the encode, never inside the timed operation "
  "(`bench/glaze_peer.h`).")
w("- **yyjson** (C, compiled from `../shared/peers/yyjson`): decode = `yyjson_read` + the same extraction as "
  "the other DOM peers (`bench/m_dom.inc`), members looked up with `yyjson_obj_iter_getn` in the models' field "
  "order (yyjson's documented fast path when the key order is known); encode = build a `yyjson_mut_doc` "
  "(`yyjson_mut_obj_add`, strings referenced, not copied) and `yyjson_mut_write`. In the DOM tables: "
  "`yyjson_read` / `yyjson_write`.")
w("- **memcpy**: not a library but the physical limit: `memcpy` of the input (decode rows) and of jbind's "
  "output (encode rows) into a reused buffer, in the same run. \"% of memcpy\" below is memcpy's time over "
  "the row's time: the fraction of copy bandwidth the row reaches.\n")
w("The extraction and writer code is written once per model against a thin naming layer "
  "(`bench/api_dom.h`, `api_pull.h`, `api_write.h`) whose helpers are direct calls into each library.\n")

w("## Correctness gate\n")
w("Before timing, each library's decode must produce the same C value as the reference (the generated value "
  "for seed cases; jbind's decode for corpus files, RapidJSON's when jbind fails), and each encoder's output "
  "must decode back (by jbind) to the same value. Otherwise the row is FAILED and not timed. FAILED* marks a "
  "documented limitation of the peer.\n")
bad = [r for r in rows if r["status"] != "OK"]
if bad:
    w("| case | op | library | status | why |")
    w("|---|---|---|---|---|")
    for r in bad:
        w(f"| {r['case']} | {r['op']} | {r['lib']} | {r['status']} | {r['note']} |")
    w("")
else:
    w("Every row passed.\n")

def pct_memcpy(case, op, lib="jbind"):
    r, m = get(case, op, lib), get(case, op, "memcpy")
    if not r or not m or not ok(r) or not ok(m):
        return "-"
    return f"{100 * m['median_ns'] / r['median_ns']:.1f}%"


# The peers issue 14 measures jbind against, by name, each its own column
# where it has rows in this run (a peer not built drops out with a note above).
NAMED = [l for l in ("glaze", "glaze-fresh", "yyjson") if any(r["lib"] == l for r in rows)]
w("## Summary: jbind against the best peer" + "".join(f", {l}" for l in NAMED) + "\n")
w("Ratio = the peer's median time / jbind's median time (above 1: jbind is faster); the best peer is the "
  "fastest library of the row (memcpy is not a peer). MB/s counts input bytes for decode and output bytes for "
  "encode (10^6 bytes/s). % of memcpy = memcpy's time for the same bytes over jbind's time. n/a: the peer has "
  "no row for the case (see the notes on the models) or its row failed the gate.\n")
for ours in OURS:
    if ours != OURS[0]:
        w(f"**{ours}** (its own rows, against the same peers)\n")
    w(f"| case | op | {ours} | MB/s | % of memcpy | best peer | peer time | ratio | " +
      "".join(f"vs {l} | " for l in NAMED) + "allocs/op | bytes/op |")
    w("|---|---|---:|---:|---:|---|---:|---:|" + "---:|" * len(NAMED) + "---:|---:|")
    for c in cases:
        if cases[c] in ("dom", "number"):
            continue
        for op in ("dec", "enc"):
            j = get(c, op, ours)
            if not j:
                continue
            b = best_peer(c, op)
            jt = fmt_t(j["median_ns"]) if ok(j) else j["status"]
            bt = fmt_t(b["median_ns"]) if b else "-"
            rr = ratio(c, op, ours=ours)
            w(f"| {c} | {op} | {jt} | {mbs(j):.0f} | {pct_memcpy(c, op, ours)} | {b['lib'] if b else '-'} | {bt} | "
              f"{rs(rr)} | " + "".join(f"{rs(ratio(c, op, l, ours))} | " for l in NAMED) +
              f"{j['allocs_per_op']:.1f} | {j['bytes_per_op']:.0f} |")
    w("")
chart = []
for c in cases:
    if cases[c] in ("dom", "number"):
        continue
    for op in ("dec", "enc"):
        rr = ratio(c, op)
        if rr:
            chart.append((f"{c} {op}", rr))


# ---------------- issue 14's targets ----------------
def target_row(what, x, goal, peer, ours):
    if x is None:
        i = LIBINFO.get(peer, {})
        why = f"{peer} not built: {i.get('what', '')}" if i.get("built") == "no" else \
            f"no passing {peer} or {ours} row in this run"
        return f"| {what} | >= {goal}x | n/a | not measured | {why} |"
    if x >= goal:
        return f"| {what} | >= {goal}x | {x:.2f}x | met | |"
    return (f"| {what} | >= {goal}x | {x:.2f}x | NOT met | {ours} {goal / x:.2f}x faster needed "
            f"({100 * (1 - x / goal):.0f}% less time) |")


def targets14(ours):
    """Issue 14's targets for one of our libraries: the table's lines."""
    t = []
    def r(what, c, op, peer, goal):
        if ours == OURS[0] or get(c, op, ours):  # a later library of ours: only the cases it covers
            t.append(target_row(what, ratio(c, op, peer, ours), goal, peer, ours))
    for c in ("twitter", "citm_catalog", "canada"):
        r(f"{c} typed decode vs glaze (reused destination)", c, "dec", "glaze", 1.0)
        r(f"{c} typed decode vs yyjson DOM + walk", c, "dec", "yyjson", 1.2)
    for c in ("twitter", "citm_catalog", "canada"):
        r(f"{c} typed encode vs glaze", c, "enc", "glaze", 0.8)
        r(f"{c} typed encode vs yyjson", c, "enc", "yyjson", 2.0)
    for c in ("github_events", "aeson.twitter100", "gsoc-2018"):
        r(f"{c} partial decode vs simdjson On-Demand", c, "dec", "simdjson", 1.0)
    for c in [c for c, g in cases.items() if g == "dom"]:
        r(f"{c[4:]} DOM parse vs yyjson", c, "dec", "yyjson", 1.0)
        r(f"{c[4:]} DOM parse vs simdjson DOM", c, "dec", "simdjson", 0.6)
    for c in [c for c, g in cases.items() if g == "dom"]:
        r(f"{c[4:]} DOM print vs yyjson", c, "enc", "yyjson", 1.0)
    return t


w("## Against the targets of issue 14 (Speed I)\n")
w("Same-run ratios of medians (peer time / jbind time); nothing fails on them. The gap is how much faster "
  "jbind must get to meet the goal. Times on a shared machine move by 10-30% between runs (see the machine "
  "section); the instruction counts below do not.\n")
for ours in OURS:
    if ours != OURS[0]:
        w(f"**{ours}**\n")
    t14 = targets14(ours)
    w("| target | goal | measured | | gap |")
    w("|---|---|---:|---|---|")
    L.extend(t14)
    w("")
    met = sum(1 for t in t14 if "| met |" in t)
    w(f"- {met} of {len(t14)} targets met in this run.")
    zero14 = [r for r in rows if r["lib"] == ours and ok(r) and r["allocs_per_op"] > 0]
    w("- zero allocations per warm operation: " + (f"kept (every timed {ours} row allocates nothing)."
      if not zero14 else "NOT kept: " + ", ".join(f"{r['case']} {r['op']}" for r in zero14)))
    w("")

# ---------------- issue 15's targets ----------------
# "the fastest Debian peer": the libraries a Debian user installs with apt
# (yyjson and glaze come from ../shared/peers, and "hand" is not a library)
DEBIAN = [l for l in ("simdjson", "rapidjson", "jansson", "json-c", "cJSON") if l in LIBINFO]
GEN = next((l for l in OURS if l != OURS[0]), None)  # the generated codecs' rows


def best_debian(case, op):
    ps = [get(case, op, l) for l in DEBIAN]
    ps = [r for r in ps if r and ok(r)]
    return min(ps, key=lambda r: r["median_ns"]) if ps else None


def profile_irs():
    """{(case, op, lib): instructions per op} from this run's profile.tsv."""
    if not os.path.exists(prof_path):
        return {}
    return {(r["case"], r["op"], r["lib"]): float(r["ir_per_op"])
            for r in csv.DictReader(open(prof_path), delimiter="\t") if r["ir_per_op"]}


if GEN:
    w("## Against the targets of issue 15 (Speed II)\n")
    w(f"The generated codecs' rows (`{GEN}`): same-run ratios of medians (peer time / {GEN} time), "
      "nothing fails on them. \"Fastest Debian peer\" is the fastest passing row among " +
      ", ".join(DEBIAN) + " (the libraries Debian packages; glaze and yyjson are measured beside them but "
      "come from `../shared/peers`). The scaling targets are judged on instruction counts (this run's "
      "`bench/profile.py`), times beside.\n")
    t15 = []
    for c in ("twitter", "citm_catalog", "canada"):
        t15.append(target_row(f"{c} generated decode vs glaze", ratio(c, "dec", "glaze", GEN), 1.5, "glaze", GEN))
    for c in ("twitter", "citm_catalog", "canada"):
        t15.append(target_row(f"{c} generated encode vs glaze", ratio(c, "enc", "glaze", GEN), 1.3, "glaze", GEN))
    for c in [c for c, g in cases.items() if g == "seed"] + ["fable.lookup.Case500"]:
        for op in ("dec", "enc"):
            if not get(c, op, GEN):
                continue
            opn = "decode" if op == "dec" else "encode"
            d = best_debian(c, op)
            x = ratio(c, op, d["lib"], GEN) if d else None
            t15.append(target_row(f"{c} {opn} vs fastest Debian peer ({d['lib'] if d else '-'})", x, 3.0,
                                  d["lib"] if d else "a Debian peer", GEN))
            if get(c, op, "glaze"):
                t15.append(target_row(f"{c} {opn} vs glaze", ratio(c, op, "glaze", GEN), 1.3, "glaze", GEN))
    w("| target | goal | measured | | gap |")
    w("|---|---|---:|---|---|")
    L.extend(t15)
    w("")
    met = sum(1 for t in t15 if "| met |" in t)
    w(f"- {met} of {len(t15)} ratio targets met in this run.")
    irs = profile_irs()
    for (a, b, per_a, per_b, what) in (("fable.lookup.Case500", "fable.lookup.Case1", 1, 1,
                                        "Case500 within 10 % of Case1"),
                                       ("wide.map10000", "wide.map1000", 10000, 1000,
                                        "per-entry cost of a 10,000-entry map within 10 % of a 1,000-entry one")):
        for op in ("dec", "enc"):
            x, y = irs.get((a, op, GEN)), irs.get((b, op, GEN))
            ta, tb = get(a, op, GEN), get(b, op, GEN)
            times = (f"; times {fmt_t(ta['median_ns'] / per_a)} against {fmt_t(tb['median_ns'] / per_b)}"
                     if ta and tb and ok(ta) and ok(tb) else "")
            opn = "decode" if op == "dec" else "encode"
            if x is None or y is None:
                w(f"- {what}, {opn}: not measured (no instruction counts for {a} / {b} in this run){times}.")
                continue
            q = (x / per_a) / (y / per_b)
            w(f"- {what}, {opn}: {x / per_a:,.0f} against {y / per_b:,.0f} instructions "
              f"({100 * (q - 1):+.1f} %): {'met' if q <= 1.10 else 'NOT met'}{times}.")
    zero15 = [r for r in rows if r["lib"] == GEN and ok(r) and r["allocs_per_op"] > 0]
    w("- zero allocations per warm operation: " + (f"kept (every timed {GEN} row allocates nothing)."
      if not zero15 else "NOT kept: " + ", ".join(f"{r['case']} {r['op']}" for r in zero15)))
    w("")

# allocations and bytes requested per warm operation, the typed models
alloc_libs = OURS + NAMED
alloc_cases = [c for c, g in cases.items() if g in ("corpus", "partial")]
if alloc_cases and alloc_libs:
    w("**Allocations per warm operation** on the corpus models (count / bytes requested from malloc & co.; "
      "decode into a reset arena or a reused value, encode into a reused buffer; glaze-fresh allocates its "
      "value or string anew each time, as its users do when they keep nothing)\n")
    w("| case | op | " + " | ".join(alloc_libs) + " |")
    w("|---|---|" + "---:|" * len(alloc_libs))
    for c in alloc_cases:
        for op in ("dec", "enc"):
            cells = []
            for l in alloc_libs:
                r = get(c, op, l)
                cells.append(f"{r['allocs_per_op']:.1f} / {r['bytes_per_op'] / 1024:.1f} KB" if r and ok(r) else "-")
            w(f"| {c} | {op} | " + " | ".join(cells) + " |")
    w("")
L.extend(profile_section())
w("")

dom_cases = [c for c, g in cases.items() if g == "dom"]
# the DOM tables' columns: every library with a DOM row, in the library table's order
LIBS = [l for l in LIBINFO if any(r["lib"] == l and r["case"] in dom_cases for r in rows)]
if dom_cases:
    w("## DOM: parse and print every corpus file (issue 6 part 8)\n")
    w("Each library parses the whole file into its own tree and prints the tree compact, the way its users "
      "call it: jbind `jb_value_parse` into a `jb_arena` reset per parse, `jb_value_print` into a reused "
      "`jb_buf`; simdjson `dom::parser::parse` (parser reused) and `simdjson::to_string`; RapidJSON "
      "`Document::Parse<kParseFullPrecisionFlag>` into a fresh Document and `Writer<StringBuffer>` (writer and "
      "buffer reused); jansson `json_loadb` and `json_dumpb` into a reused buffer; json-c "
      "`json_tokener_parse_ex` (tokener reused) and `json_object_to_json_string_length(PLAIN|NOSLASHESCAPE)`; "
      "cJSON `cJSON_ParseWithLength` and `cJSON_PrintUnformatted`; yyjson `yyjson_read` into a fresh document and "
      "`yyjson_write` (a malloc'd string per print); memcpy copies the file (parse rows) or jbind's printed text "
      "(print rows). A parse includes releasing the previous "
      "tree (free for the malloc-based libraries, an arena reset for jbind, nothing for simdjson's reused "
      "parser). Gates: the library's tree (walked into a `jb_value`) equals jbind's parse of the file, and "
      "its printed text, parsed by jbind, equals it too (`jb_value_equal`: numbers by value, objects as maps). "
      "MB/s = file bytes / parse time, printed bytes / print time.\n")
    for op, title in (("dec", "parse"), ("enc", "print")):
        w(f"**{title}** (MB/s; ratio = best peer time / jbind time, above 1: jbind faster)\n")
        w("| file | " + " | ".join(LIBS) + " | best peer | jbind ratio |")
        w("|---|" + "---:|" * len(LIBS) + "---|---:|")
        for c in dom_cases:
            cells = []
            for l in LIBS:
                r = get(c, op, l)
                cells.append(f"{mbs(r):.0f}" if r and ok(r) else (r["status"] if r else "-"))
            b = best_peer(c, op)
            rr = ratio(c, op)
            w(f"| {c[4:]} | " + " | ".join(cells) + f" | {b['lib'] if b else '-'} | {rs(rr)} |")
            if rr:
                chart.append((f"{c} {'parse' if op == 'dec' else 'print'}", rr))
        w("")
    w("**allocations per parse** (count / bytes requested from malloc & co., warm)\n")
    w("| file | " + " | ".join(LIBS) + " |")
    w("|---|" + "---:|" * len(LIBS))
    for c in dom_cases:
        cells = []
        for l in LIBS:
            r = get(c, "dec", l)
            cells.append(f"{r['allocs_per_op']:.0f} / {r['bytes_per_op'] / 1024:.0f} KB" if r and ok(r) else "-")
        w(f"| {c[4:]} | " + " | ".join(cells) + " |")
    w("")
    w("- json-c keeps the text of each double it parsed and prints that text back, so its print of "
      "number-heavy files (canada, numbers, mesh) does no number formatting at all; the other libraries "
      "format the double. cJSON's rows on twitter/aeson.twitter100 (64-bit ids held as doubles) and its "
      "print of canada (15-digit doubles) fail the gate, as in the typed cases.")
    pairs = [(c, get(c, "dec", "jbind"), get(c[4:], "dec", "jbind")) for c in dom_cases]
    pairs = [(c, d, t) for c, d, t in pairs if d and t and ok(d) and ok(t)]
    if pairs:
        w("- jbind's DOM parse against its own typed decode of the same file: " + ", ".join(
            f"{c[4:]} {d['median_ns'] / t['median_ns']:.1f}x the time" for c, d, t in pairs) + ".")
    w("")

num_cases = [c for c, g in cases.items() if g == "number"]
num_tg = []
if num_cases:
    w("## Numbers: ns per number (issue 4 part 7)\n")
    w("The same numbers as a JSON array, one operation = the whole array: jbind `jb_decode`/`jb_encode` of a "
      "`JB_VEC` of f64 (int64), array framing included; **libc** = a `strtod` (`strtoll`) loop over the "
      "same text into a preallocated array (jbind grows its vector as it goes), and `snprintf(\"%.17g\")` "
      "(`PRId64`) per number into a reused buffer with the same framing; **libc-shortest** = the loop a C "
      "programmer writes for the shortest round-trip text: `%.15g`, else `%.16g`, else `%.17g`, each checked "
      "with `strtod`. Inputs: the number tokens of the corpus files as spelled there, or generated with a "
      "fixed seed (`bench/numbers.c`). Gates: every decode equals libc's reading bit for bit; every encode "
      "decodes back (by jbind) to the same bits.\n")
    w("| numbers | count | op | jbind ns/number | libc ns/number | libc-shortest ns/number | jbind vs libc | "
      "jbind vs libc-shortest |")
    w("|---|---:|---|---:|---:|---:|---:|---:|")
    for c in num_cases:
        for op in ("dec", "enc"):
            j, lc, ls = get(c, op, "jbind"), get(c, op, "libc"), get(c, op, "libc-shortest")
            if not j:
                continue
            n = j["elems"] or 1
            f = lambda r: f"{r['median_ns'] / n:.1f}" if r and ok(r) else ("-" if not r else r["status"])
            r1, r2 = ratio(c, op, "libc"), ratio(c, op, "libc-shortest")
            opn = ("parse" if op == "dec" else "format")
            w(f"| {c[4:]} | {int(n)} | {opn} | {f(j)} | {f(lc)} | {f(ls)} | {rs(r1)} | {rs(r2) if ls else ''} |")
            if r1:
                chart.append((f"{c} {opn} vs libc", r1))
            if ".f64." in c:
                goal = 4 if op == "dec" else 10
                what = "strtod" if op == "dec" else 'snprintf("%.17g")'
                num_tg.append(f"| {c[4:]} {opn} vs {what} | >= {goal}x | {rs(r1)} | "
                              f"{'met' if r1 and r1 >= goal else 'NOT met'} |")
    w("")

# the streaming table: bench/stream_bench.c writes it whole (run.sh step 3c')
st_path = os.path.join(build, "stream.md")
if os.path.exists(st_path):
    w(open(st_path).read().rstrip("\n"))
    w("")

pd_path = os.path.join(build, "pandoc.txt")
if os.path.exists(pd_path):
    pd_txt = open(pd_path).read()
    pd_rows = OrderedDict()
    for line in pd_txt.splitlines():
        m = re.match(r"^(.*?)\s+([0-9]+)$", line)
        if m and not line.startswith("operation"):
            pd_rows[m.group(1).strip()] = float(m.group(2))
    w("## A pandoc document (issue 8)\n")
    w("`bench/pandoc_bench.c` (built by `bench/CMakeLists.txt` from `examples/pandoc/`, run by `bench/run.sh` "
      "after `jbench`): pandoc's JSON of `examples/pandoc/stress.md`, its blocks repeated to about 4 MiB, "
      "decoded into and encoded from the typed pandoc AST (`examples/pandoc/pandoc_types.h`), beside DOM "
      "parse/print of the same bytes by jbind, cJSON and jansson (here jansson prints with `json_dumps`, "
      "cJSON with `cJSON_PrintUnformatted`; parse includes freeing the tree). Its own timing: best of 5 "
      "trials of >= 0.2 s, MB/s of JSON text; its gate: typed decode + encode gives the text back byte for "
      "byte.\n")
    head = [l for l in pd_txt.splitlines() if l and not re.match(r"^(.*?)\s+([0-9]+)$", l)]
    for l in head:
        if not l.startswith("operation"):
            w(f"- {l}")
    w("")
    w("| operation | MB/s |")
    w("|---|---:|")
    for k, v in pd_rows.items():
        w(f"| {k} | {v:.0f} |")
    w("")
    def pdr(a, b):
        return pd_rows[a] / pd_rows[b] if a in pd_rows and b in pd_rows and pd_rows[b] else None
    notes = []
    for op, jk in (("parse", "jbind DOM parse (jb_value_parse)"), ("print", "jbind DOM print (jb_value_print)")):
        for peer in ("cJSON", "jansson"):
            x = pdr(jk, f"{peer} {op}")
            if x:
                notes.append(f"jbind DOM {op} {x:.2f}x {peer}")
    x = pdr("jbind typed decode (pd_decode)", "jbind DOM parse (jb_value_parse)")
    if x:
        notes.append(f"typed decode {x:.2f}x jbind's own DOM parse")
    if notes:
        w("- " + "; ".join(notes) + ".\n")
elif os.path.exists(os.path.join(root, "bench", "pandoc_bench.c")):
    w("## A pandoc document (issue 8)\n")
    w("`bench/pandoc_bench.c` is present but did not build or run in this run (see the build directory's "
      "`pandoc-build.log` / `pandoc.log`).\n")

w("## Against the targets of issue 3\n")
tg = []
for c, want_sj in (("twitter", 2.5), ("citm_catalog", 1.8), ("canada", 1.7)):
    r1, r2 = ratio(c, "dec", "simdjson"), ratio(c, "dec", "rapidjson")
    tg.append(f"| {c} decode vs simdjson On-Demand | >= {want_sj}x | {rs(r1)} | "
              f"{'met' if r1 and r1 >= want_sj else 'NOT met'} |")
    tg.append(f"| {c} decode vs RapidJSON DOM + extraction | >= 4x | {rs(r2)} | "
              f"{'met' if r2 and r2 >= 4 else 'NOT met'} |")
    r3 = ratio(c, "enc")
    tg.append(f"| {c} encode vs fastest peer | >= 2x | {rs(r3)} | {'met' if r3 and r3 >= 2 else 'NOT met'} |")
for c, g in cases.items():
    if g in ("seed", "lookup"):
        for op in ("dec", "enc"):
            r = ratio(c, op)
            tg.append(f"| {c} {op} vs fastest peer | >= 3x | {rs(r)} | {'met' if r and r >= 3 else 'NOT met'} |")
w("| target | goal | measured | |")
w("|---|---|---:|---|")
L.extend(tg)
w("")
if num_tg or dom_cases:
    w("## Against the targets of issue 4\n")
    w("| target | goal | measured | |")
    w("|---|---|---:|---|")
    L.extend(num_tg)
    for op, what in (("dec", "decode vs the fastest peer's DOM parse"), ("enc", "encode vs the fastest peer's DOM print")):
        j = get("canada", op, "jbind")
        peers = [r for r in rows if r["case"] == "dom.canada" and r["op"] == op and kind(r["lib"]) == "peer" and ok(r)]
        if j and ok(j) and peers:
            b = min(peers, key=lambda r: r["median_ns"])
            x = b["median_ns"] / j["median_ns"]
            w(f"| canada typed {what} ({b['lib']}) | >= 1x | {x:.2f}x | {'met' if x >= 1 else 'NOT met'} |")
    w("")
zero = [(r["case"], r["op"], r["allocs_per_op"]) for r in rows if r["lib"] == "jbind" and ok(r)]
nz = [z for z in zero if z[2] > 0.0]
w(f"- zero allocations per warm operation: jbind allocates nothing in {len(zero) - len(nz)} of "
  f"{len(zero)} timed rows" + (": not in " + ", ".join(f"{c} {o} ({a:.1f})" for c, o, a in nz) if nz else "."))
per = []
for c in ("wide.map10", "wide.map100", "wide.map1000", "wide.map10000"):
    n = int(c.split("map")[1])
    for op in ("dec", "enc"):
        j = get(c, op, "jbind")
        if j and ok(j):
            per.append((op, n, j["median_ns"] / n))
for op in ("dec", "enc"):
    xs = [p for p in per if p[0] == op]
    if xs:
        spread = max(p[2] for p in xs) / min(p[2] for p in xs)
        w(f"- map<string,string> {op}: " + ", ".join(f"{n}: {v:.1f} ns/entry" for _, n, v in xs) +
          f" — spread {spread:.2f}x ({'within' if spread <= 1.5 else 'outside'} the 1.5x goal)")
w("")

behind = [(c, op, r) for c in cases for op in ("dec", "enc") for r in [ratio(c, op)] if r is not None and r < 1]
w("## Where jbind is behind\n")
if behind:
    for c, op, r in behind:
        b = best_peer(c, op)
        w(f"- {c} {op}: {b['lib']} is {1 / r:.2f}x faster ({fmt_t(b['median_ns'])} vs "
          f"{fmt_t(get(c, op, 'jbind')['median_ns'])})")
else:
    w("- nowhere in this run: jbind is the fastest on every case it completed.")
jf = [r for r in rows if r["lib"] == "jbind" and r["status"] != "OK"]
for r in jf:
    w(f"- {r['case']} {r['op']}: jbind FAILED: {r['note']}")
w("")

w("## Every library, every case\n")
w("ns/op median [min..max]; x = best peer time / this time (the peers' own rows: how far each is from the "
  "fastest peer); RSS = peak of the process running that library on that case.\n")
w("| case | op | library | median | min..max | MB/s | x | allocs/op | bytes/op | peak RSS |")
w("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
for c in cases:
    for op in ("dec", "enc"):
        b = best_peer(c, op)
        for r in rows:
            if r["case"] != c or r["op"] != op:
                continue
            if not ok(r):
                w(f"| {c} | {op} | {r['lib']} | {r['status']} | | | | | | |")
                continue
            x = b["median_ns"] / r["median_ns"] if b else 0
            w(f"| {c} | {op} | {r['lib']} | {fmt_t(r['median_ns'])} | {fmt_t(r['min_ns'])}..{fmt_t(r['max_ns'])} | "
              f"{mbs(r):.1f} | {x:.2f} | {r['allocs_per_op']:.1f} | {r['bytes_per_op']:.0f} | "
              f"{r['peak_rss_kb'] / 1024:.1f} MB |")
w("")

w("## Compile cost of derivation\n")
w("`gcc -O2 -c` (C11) of a translation unit holding only the descriptors, against `g++ -O2 -c` of the same "
  "types declared for nlohmann/json (C++17) and for glaze (C++23: `bench/compile_glaze_corpus.cpp` over "
  "`bench/glaze_models.h`, the bench's own glaze models) with both directions instantiated; median wall time "
  "of 3, peak RSS of the compiler (`bench/compile_cost.py`). The definer-form rows declare the C types "
  "and their descriptors from one member list (`JB_ENUM_DEFINE`, `JB_RECORD_DEFINE`); the generated-codecs "
  "row is the file `jbind_generate` writes for the bench's three models (issue 15: target <= 2 s and "
  "<= 200 MB). The machine is shared: wall time includes waiting for a CPU, the CPU column does not.\n")
if comp:
    w("| translation unit | library | wall (median) | CPU user+sys (median) | peak RSS | object size | |")
    w("|---|---|---:|---:|---:|---:|---|")
    for r in comp:
        if r["wall_median_s"]:
            w(f"| {r['tu']} | {r['lib']} | {float(r['wall_median_s']):.2f} s | {(r.get('cpu_median_s') or 'n/a')} s | "
              f"{int(r['peak_rss_kb']) / 1024:.0f} MB | {int(r['object_bytes']) / 1024:.0f} KB | "
              f"{r['status'] if len(r['status']) < 20 else 'FAILED (below)'} |")
    w("")
    for r in comp:
        if not r["wall_median_s"]:
            w(f"- {r['tu']}, {r['lib']}: {r['status']}.")
        elif r["status"] not in ("OK", "compiles", "does not compile"):
            w(f"- {r['tu']}, {r['lib']}: {r['status']}; hence no glaze rows for the Fable large-union cases.")
    cget = lambda tu, lib: next((r for r in comp if r["tu"].startswith(tu) and r["lib"].startswith(lib)
                                 and r["wall_median_s"] and r["status"] == "OK"), None)
    cj = cget("twitter + citm_catalog + canada", "jbind")
    for peer in ("glaze", "nlohmann"):
        cp = cget("twitter + citm_catalog + canada", peer)
        if cj and cp and float(cj["cpu_median_s"] or 0) > 0:
            w(f"- the three corpus models: {peer} takes {float(cp['cpu_median_s']) / float(cj['cpu_median_s']):.0f}x "
              f"jbind's compile CPU time ({float(cp['cpu_median_s']):.1f} s against "
              f"{float(cj['cpu_median_s']):.2f} s) and {int(cp['peak_rss_kb']) / int(cj['peak_rss_kb']):.0f}x its "
              f"compiler memory ({int(cp['peak_rss_kb']) / 1024:.0f} MB against {int(cj['peak_rss_kb']) / 1024:.0f} MB).")
    w("- `NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE` takes at most 63 members (its argument-counting macro stops at "
      "64 arguments): the 200-field record's `to_json`/`from_json` are written out by `bench/gen_large.py`, "
      "as the macro would expand them. jbind's `JB_RECORD` has no such cap.\n")
else:
    w("(not measured in this run)\n")

w("## Notes on the models\n")
w("- aeson `D` is measured in jbind's default sum encoding (external tag: `{\"Record\":{...}}`, "
  "`{\"Product\":[...]}`, nullary as `\"Nullary\"`), not aeson's ObjectWithSingleField `{\"Nullary\":[]}`; "
  "every library reads and writes that same text. `BigSum` is a C enum (`\"F25\"`).")
w("- finch large: 2048 records `{s: 100 chars}` (SplitMix64 seed 1 over [0-9A-Za-z], `next() % 62`) and "
  "4096 int32 `(int32_t)(next() >> 32)` (seed 2), as `{\"foos\":[...],\"ints\":[...]}`.")
w("- Corpus models follow serde-rs/json-benchmark's structs field for field, with two simplifications shared "
  "by every library: ids-as-strings (`id_str`) and colours stay strings, and canada's coordinates are double "
  "(serde uses f32). Fields that are always null (`geo`, `description`, ...) are null-only pointers. "
  "Absent optionals are written as null on encode, as serde does.")
w("- Partial models (gsoc-2018, mesh, numbers, github_events, aeson/twitter100) read a subset of the fields and "
  "skip the rest (jbind's default for unknown keys).")
w("- glaze's models (`bench/glaze_models.h`) mirror the C ones: aeson `D` is a `std::variant` of a string "
  "(`\"Nullary\"`) and three single-key structs (glaze picks the alternative by the JSON type, then by key; "
  "its boxes are `std::shared_ptr` because glaze copies variant alternatives); `BigProduct` is a struct with a "
  "`glz::array` meta (a 25-element array); maps are vectors of pairs (read and written as objects, in document "
  "order, as the C models keep them); always-null fields are `std::monostate`; the four twitter records holding "
  "`indices` (a `std::array`) list their members in `glz::meta`, since glaze 5.7.2's member count is thrown off "
  "by brace elision. glaze writes absent optionals by leaving the key out (its default), jbind and the DOM "
  "peers write null (serde's choice), so glaze's encoded twitter is shorter.")
w("- No glaze rows for the Fable large-union cases (LargeUnionMaps, lookup.Case500/Case1): glaze 5.7.2 does not "
  "compile their 500-name enum (the key hash it builds for it counts the keys in a `uint8_t`, so the constexpr "
  "loop over them never ends and g++ stops at its loop limit); the 5-case `Enum5` lookup has its rows.")
w("- glaze on gsoc-2018 is built with `escape_control_characters = true` (an options type derived from "
  "`glz::opts`): by default glaze writes control characters other than \\b\\f\\n\\r\\t raw, and "
  "gsoc-2018's strings hold a U+0000, which would come out as a NUL byte (not JSON, so the gate fails). "
  "Every other case uses glaze's defaults.")
typed = [c for c, g in cases.items() if g not in ("dom", "number")]
for l in NAMED:
    missing = [c for c in typed if not any(r["lib"] == l and r["case"] == c for r in rows)]
    failed = sorted({f"{r['case']} {r['op']}" for r in rows if r["lib"] == l and r["status"] != "OK"})
    w(f"- {l}'s rows: {len(typed) - len(missing)} of the {len(typed)} typed cases" +
      (f" (none for {', '.join(missing)})" if missing else "") +
      (f"; failing the gate: {', '.join(failed)}" if failed else "") +
      (f"; DOM parse/print of every corpus file" if any(r["lib"] == l and r["case"] in dom_cases for r in rows)
       else "; no DOM rows (issue 14 measures yyjson's DOM, not glaze's generic JSON value)") + ".")
if not os.path.exists(os.path.join(root, "bench", "pandoc_bench.c")):
    w("- Not measured yet: a pandoc document decode/encode case (waits for `examples/pandoc/` and "
      "`bench/pandoc_bench.c`).")
w("")
hand = hand_sections(os.path.join(root, "BENCHMARKS.md"))
if hand:
    w(hand)
open(os.path.join(root, "BENCHMARKS.md"), "w").write("\n".join(L) + "\n")

# chart: log-scale bars of the ratio per case/op
dat = os.path.join(build, "chart.dat")
with open(dat, "w") as f:
    for i, (label, r) in enumerate(chart):
        f.write(f"{i} \"{label}\" {r:.4f}\n")
png = os.path.join(root, "docs", "bench-chart.png")
os.makedirs(os.path.dirname(png), exist_ok=True)
h = max(600, 22 * len(chart) + 120)
with open(os.path.join(build, "chart.gp"), "w") as f:
    f.write(f"""set terminal pngcairo size 1000,{h} font "sans,9" noenhanced
set output "{png}"
set title "jbind vs the fastest peer per case (best peer time / jbind time; > 1 = jbind faster)"
set style fill solid 0.8 border -1
set logscale x 2
set xrange [0.0625:64]
set yrange [-1:{len(chart)}]
set ytics scale 0
set grid xtics
set xlabel "ratio (log scale)"
unset key
set arrow from 1, graph 0 to 1, graph 1 nohead lw 2 lc rgb "black"
plot "{dat}" using ($3 >= 1 ? $3 : 1/0):1:(1):($3):($1-0.4):($1+0.4):ytic(2) with boxxyerror lc rgb "#2e8b57", \\
     "{dat}" using ($3 < 1 ? 1 : 1/0):1:($3):(1):($1-0.4):($1+0.4) with boxxyerror lc rgb "#cd5c5c"
""")
print(f"report.py: {len(rows)} results, {len(chart)} ratios")
