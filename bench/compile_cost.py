#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""compile_cost.py ROOT BUILD — the compile cost of derivation (issue 3).

`gcc -O2 -c` wall time (median of 3) and peak RSS (wait4 rusage of the
compiler driver, which includes cc1/cc1plus) for:
  jbind     gen/lu_gen_desc.c         500-case enum + 200-field map record
  nlohmann  gen/lu_nlohmann.cpp       the same for nlohmann/json, to_json/from_json
                                      written out (the macro caps at 63 members)
  jbind     bench/jb_corpus_desc.c    twitter + citm_catalog + canada models
  nlohmann  bench/compile_nlohmann_corpus.cpp  the same models
  jbind     examples/pandoc/pandoc_types.c  the whole pandoc AST (issue 8)
and a probe of NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE at 63 and 64 members.
Prints TSV on stdout.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

root, build = sys.argv[1], sys.argv[2]
gen = os.path.join(build, "bench", "gen")
if not os.path.isdir(gen):
    gen = os.path.join(build, "gen")
subprocess.run([sys.executable, os.path.join(root, "bench", "gen_large.py"), gen], check=True)
inc = ["-I", os.path.join(root, "include"), "-I", os.path.join(root, "bench"), "-I", gen]
tmp = tempfile.mkdtemp(prefix="jb-compile-")


def measure(cmd, runs=3):
    walls, cpus, rss, ok = [], [], 0, True
    for _ in range(runs):
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, ru = os.wait4(p.pid, 0)
        walls.append(time.perf_counter() - t)
        cpus.append(ru.ru_utime + ru.ru_stime)
        rss = max(rss, ru.ru_maxrss)
        p.stderr.read()
        ok = ok and os.waitstatus_to_exitcode(status) == 0
    return statistics.median(walls), statistics.median(cpus), rss, ok


cases = [
    ("large-union (500-case enum + 200-field map record)", "jbind (C, descriptors)",
     ["gcc", "-std=c11", "-O2", "-c"] + inc + [os.path.join(gen, "lu_gen_desc.c")]),
    ("large-union (500-case enum + 200-field map record)", "nlohmann/json (C++, to_json/from_json)",
     ["g++", "-std=c++17", "-O2", "-c"] + inc + [os.path.join(gen, "lu_nlohmann.cpp")]),
    ("twitter + citm_catalog + canada models", "jbind (C, descriptors)",
     ["gcc", "-std=c11", "-O2", "-c"] + inc + [os.path.join(root, "bench", "jb_corpus_desc.c")]),
    ("twitter + citm_catalog + canada models", "nlohmann/json (C++, NLOHMANN_DEFINE_TYPE_*)",
     ["g++", "-std=c++17", "-O2", "-c"] + inc + [os.path.join(root, "bench", "compile_nlohmann_corpus.cpp")]),
    # issue 8: the whole pandoc AST (64 constructors), descriptors only
    ("pandoc AST (examples/pandoc/pandoc_types.c)", "jbind (C, descriptors)",
     ["gcc", "-std=c11", "-O2", "-c", "-I", os.path.join(root, "include"),
      "-I", os.path.join(root, "examples", "pandoc"),
      os.path.join(root, "examples", "pandoc", "pandoc_types.c")]),
]
print("tu\tlib\twall_median_s\tcpu_median_s\tpeak_rss_kb\tobject_bytes\tstatus")
for i, (tu, lib, cmd) in enumerate(cases):
    obj = os.path.join(tmp, f"tu{i}.o")
    med, cpu, rss, ok = measure(cmd + ["-o", obj])
    size = os.path.getsize(obj) if ok and os.path.exists(obj) else 0
    print(f"{tu}\t{lib}\t{med:.3f}\t{cpu:.3f}\t{rss}\t{size}\t{'OK' if ok else 'FAILED'}")

# The member cap of NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE.
for n in (63, 64):
    src = os.path.join(tmp, f"cap{n}.cpp")
    with open(src, "w") as f:
        f.write("#include <nlohmann/json.hpp>\nstruct S {" + "".join(f" int m{i};" for i in range(n)) +
                " };\nNLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(S, " + ", ".join(f"m{i}" for i in range(n)) + ")\n")
    r = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", src], capture_output=True)
    print(f"NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE with {n} members\tnlohmann/json\t\t\t\t\t"
          f"{'compiles' if r.returncode == 0 else 'does not compile'}")
