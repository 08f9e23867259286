#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""profile.py JBENCH OUT.tsv — instructions per operation and per byte
(callgrind), the speed figure that a noisy shared machine does not move.

For each (case, library) it runs `JBENCH --child CASE LIB` under
`valgrind --tool=callgrind` with JB_BENCH_PROFILE=ITERS: the child does its
usual set-up and correctness gates, one warm-up operation, then ITERS
operations inside bench_profiled_dec / bench_profiled_enc (bench/main.c),
and callgrind collects only inside those two functions (--toggle-collect).
Instructions per op = the function's inclusive count / ITERS; per byte =
that / the document's bytes (decode: the input; encode: the output). The
counts are deterministic for a given build: rerun after a change and
compare.

Options: --iters N (default 10), --cases A,B (default the three full models
and their DOM cases), --libs A,B (default ours,glaze,yyjson, where "ours" is
every library of kind "ours" in `JBENCH --libs`: jbind's rows; a library not
built into JBENCH, or without the case, is left out), --jobs N (parallel
valgrind runs, default 2). Prints the table; writes OUT.tsv:
case, lib, op, iters, bytes, ir_per_op, ir_per_byte.
"""
import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

DEFAULT_CASES = ("twitter,citm_catalog,canada,dom.twitter,dom.citm_catalog,dom.canada,dom.mesh,dom.numbers,"
                 "dom.gsoc-2018,dom.github_events,github_events,aeson.twitter100,gsoc-2018,"
                 "fable.lookup.Case500,fable.lookup.Case1,wide.map1000,wide.map10000")

ap = argparse.ArgumentParser()
ap.add_argument("jbench")
ap.add_argument("out")
ap.add_argument("--iters", type=int, default=int(os.environ.get("JB_PROFILE_ITERS", "10")))
ap.add_argument("--cases", default=os.environ.get("JB_PROFILE_CASES", DEFAULT_CASES))
ap.add_argument("--libs", default=os.environ.get("JB_PROFILE_LIBS", "ours,glaze,yyjson"))
ap.add_argument("--jobs", type=int, default=int(os.environ.get("JOBS", "2")))
args = ap.parse_args()

if not shutil.which("valgrind") or not shutil.which("callgrind_annotate"):
    sys.exit("profile.py: valgrind (callgrind) not installed: apt-get install valgrind")

built, ours = {}, []
for line in subprocess.run([args.jbench, "--libs"], capture_output=True, text=True, check=True).stdout.splitlines()[1:]:
    f = line.split("\t")
    built[f[0]] = f[2] == "yes"
    if f[1] == "ours":
        ours.append(f[0])
libs = [x for l in args.libs.split(",") if l for x in (ours if l == "ours" else [l])]
for l in libs:
    if l not in built:
        sys.exit(f"profile.py: unknown library {l}")
    if not built[l]:
        print(f"profile.py: {l} is not built into {args.jbench}: its rows are skipped")
libs = [l for l in libs if built[l]]
cases = [c for c in args.cases.split(",") if c]
tmp = tempfile.mkdtemp(prefix="jb-profile-")


def run(case, lib):
    """One child under callgrind: [(op, iters, bytes, ir_per_op)] or an error string."""
    cg = os.path.join(tmp, f"{case}.{lib}.cg")
    env = dict(os.environ, JB_BENCH_PROFILE=str(args.iters))
    p = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg,
                        "--toggle-collect=bench_profiled_dec", "--toggle-collect=bench_profiled_enc",
                        args.jbench, "--child", case, lib], capture_output=True, text=True, env=env)
    rows = [l.split("\t") for l in p.stdout.splitlines() if l.startswith("R\t")]
    if p.returncode != 0 or not os.path.exists(cg):
        return f"{case} {lib}: the child failed ({p.returncode}): {p.stderr.strip()[-300:]}"
    ann = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", cg],
                         capture_output=True, text=True).stdout
    incl = {}
    for m in re.finditer(r"^\s*([0-9,]+) \([ 0-9.]+%\)\s+\S*:(bench_profiled_(dec|enc))\b", ann, re.M):
        incl[m.group(3)] = int(m.group(1).replace(",", ""))
    out = []
    for r in rows:  # R case lib op status med min max iters allocs bytes nbytes elems msg
        op, status, iters, nbytes = r[3], r[4], int(r[8]), int(r[11])
        if status != "OK":
            out.append((op, 0, nbytes, None, f"{status}: {r[13] if len(r) > 13 else ''}"))
        elif op in incl and iters:
            out.append((op, iters, nbytes, incl[op] / iters, ""))
    return out


jobs = [(c, l) for c in cases for l in libs]
results = {}
with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
    for (c, l), res in zip(jobs, ex.map(lambda cl: run(*cl), jobs)):
        results[(c, l)] = res
shutil.rmtree(tmp, ignore_errors=True)

with open(args.out, "w") as f:
    f.write("case\tlib\top\titers\tbytes\tir_per_op\tir_per_byte\tnote\n")
    print(f"{'case':<20} {'op':<4} {'library':<8} {'instr/op':>14} {'instr/byte':>10}  bytes")
    for c in cases:
        for op in ("dec", "enc"):
            for l in libs:
                res = results.get((c, l))
                if isinstance(res, str):
                    print("profile.py: " + res, file=sys.stderr)
                    continue
                for (o, iters, nbytes, ir, note) in res or []:
                    if o != op:
                        continue
                    if ir is None:
                        f.write(f"{c}\t{l}\t{o}\t0\t{nbytes}\t\t\t{note}\n")
                        print(f"{c:<20} {o:<4} {l:<8} {note}")
                        continue
                    per_byte = ir / nbytes if nbytes else 0
                    f.write(f"{c}\t{l}\t{o}\t{iters}\t{nbytes}\t{ir:.0f}\t{per_byte:.3f}\t\n")
                    print(f"{c:<20} {o:<4} {l:<8} {ir:14,.0f} {per_byte:10.2f}  {nbytes}")
