#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""compile_cost.py ROOT BUILD [PEERS] — the compile cost of derivation (issues 3, 14).

`gcc -O2 -c` wall time (median of 3) and peak RSS (wait4 rusage of the
compiler driver, which includes cc1/cc1plus) for:
  jbind     gen/lu_gen_desc.c         500-case enum + 200-field map record
  jbind     gen/lu_gen_define.c       the same in the definer form (types + descriptors)
  nlohmann  gen/lu_nlohmann.cpp       the same for nlohmann/json, to_json/from_json
                                      written out (the macro caps at 63 members)
  jbind     bench/jb_corpus_desc.c    twitter + citm_catalog + canada models
  jbind     the codecs jbind_generate writes for them (issue 15), generated here
  jbind     examples/twitter.c        the twitter model in the definer form
  nlohmann  bench/compile_nlohmann_corpus.cpp  the same models
  glaze     bench/compile_glaze_corpus.cpp   the same models for glaze (g++ -std=c++23)
  glaze     gen/lu_glaze.cpp          the large-union types for glaze, only with
                                      JB_COMPILE_GLAZE_LU=1: it does not compile
                                      with glaze 5.7.2, after ~1 CPU-minute and
                                      1.7 GB; measured once
  jbind     examples/pandoc/pandoc_types.c  the whole pandoc AST (issue 8)
  jbind     the large union at 1x, 2x, 4x (JB_COMPILE_SCALES): descriptors and
            the codecs the generator writes for them (one run each)
  jbind     the corpus models' generated codecs at 1x, 2x, 4x (the same
            scales: k renamed copies of the descriptors)
and a probe of NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE at 63 and 64 members.
JB_COMPILE_ONLY=TEXT keeps only the rows whose translation unit names TEXT.
PEERS is the glaze sources' parent (default ROOT/../shared/peers); without
glaze/ there, its rows say so. Prints TSV on stdout.
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

root, build = sys.argv[1], sys.argv[2]
peers = sys.argv[3] if len(sys.argv) > 3 else os.path.join(root, "..", "shared", "peers")
glaze_inc = os.path.join(peers, "glaze", "include")
have_glaze = os.path.exists(os.path.join(glaze_inc, "glaze", "glaze.hpp"))
gen = os.path.join(build, "bench", "gen")
if not os.path.isdir(gen):
    gen = os.path.join(build, "gen")
subprocess.run([sys.executable, os.path.join(root, "bench", "gen_large.py"), gen], check=True)
inc = ["-I", os.path.join(root, "include"), "-I", os.path.join(root, "bench"), "-I", gen]
tmp = tempfile.mkdtemp(prefix="jb-compile-")


def measure(cmd, runs=3):
    if cmd is None:
        return 0, 0, 0, None
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


lib = None
for dirpath, _, files in os.walk(build):
    if "libjbind.a" in files:
        lib = os.path.join(dirpath, "libjbind.a")
        break


def generated(sdir, roots, sources, incs, name):
    """The codecs jbind_generate would write for roots (extern descriptors
    defined in sources): a generator program as jbind_generate writes one,
    linked with the build's libjbind.a, run once. The file's path, or
    "nolib" / "genfailed"."""
    if lib is None:
        return "nolib"
    os.makedirs(sdir, exist_ok=True)
    main = os.path.join(sdir, "gen_main.c")
    with open(main, "w") as f:
        f.write("#include <jbind.h>\n")
        f.write("".join(f"extern const jb_type {r};\n" for r in roots))
        f.write("int main(int argc, char **argv) {\n    static const jb_codegen_root roots[] = {")
        f.write(", ".join(f'{{&{r}, "{r}"}}' for r in roots))
        f.write(f"}};\n    return jb_codegen_main(argc, argv, roots, {len(roots)});\n}}\n")
    prog, out = os.path.join(sdir, "gen"), os.path.join(sdir, name + ".c")
    ok = subprocess.run(["gcc", "-std=c11", "-O1"] + incs + [main] + sources + [lib, "-lm", "-o", prog]).returncode == 0
    ok = ok and subprocess.run([prog, out, name]).returncode == 0
    return out if ok else "genfailed"


# The codecs of the bench's three corpus models alone (the bench's own
# jbench_codecs.c holds every model with a named root).
corpus_inc = inc + ["-I", os.path.join(root, "bench")]
codecs = generated(os.path.join(tmp, "corpus"), ["twitter_type", "citm_type", "canada_type"],
                   [os.path.join(root, "bench", "jb_corpus_desc.c")], corpus_inc, "corpus")

cases = [
    ("large-union (500-case enum + 200-field map record)", "jbind (C, descriptors)",
     ["gcc", "-std=c11", "-O2", "-c"] + inc + [os.path.join(gen, "lu_gen_desc.c")]),
    ("large-union (500-case enum + 200-field map record)", "jbind (C, definer form: types + descriptors)",
     ["gcc", "-std=c11", "-O2", "-c"] + inc + [os.path.join(gen, "lu_gen_define.c")]),
    ("large-union (500-case enum + 200-field map record)", "nlohmann/json (C++, to_json/from_json)",
     ["g++", "-std=c++17", "-O2", "-c"] + inc + [os.path.join(gen, "lu_nlohmann.cpp")]),
    ("twitter + citm_catalog + canada models", "jbind (C, descriptors)",
     ["gcc", "-std=c11", "-O2", "-c"] + inc + [os.path.join(root, "bench", "jb_corpus_desc.c")]),
    ("twitter + citm_catalog + canada models", "jbind generated codecs (C, jbind_generate)",
     (["gcc", "-std=c11", "-O2", "-c"] + corpus_inc + [codecs]) if os.path.isabs(codecs) else codecs),
    ("twitter model (examples/twitter.c, definer form, with its main)", "jbind (C, definer form)",
     ["gcc", "-std=c11", "-O2", "-c", "-I", os.path.join(root, "include"),
      os.path.join(root, "examples", "twitter.c")]),
    ("twitter + citm_catalog + canada models", "nlohmann/json (C++, NLOHMANN_DEFINE_TYPE_*)",
     ["g++", "-std=c++17", "-O2", "-c"] + inc + [os.path.join(root, "bench", "compile_nlohmann_corpus.cpp")]),
    ("twitter + citm_catalog + canada models", "glaze 5.7.2 (C++23, reflection + glz::meta)",
     ["g++", "-std=c++23", "-O2", "-c", "-isystem", glaze_inc] + inc +
     [os.path.join(root, "bench", "compile_glaze_corpus.cpp")] if have_glaze else None),
    ("large-union (500-case enum + 200-field map record)", "glaze 5.7.2 (C++23, glz::meta enumerate/object)",
     ((["g++", "-std=c++23", "-O2", "-c", "-isystem", glaze_inc] + inc + [os.path.join(gen, "lu_glaze.cpp")])
      if os.environ.get("JB_COMPILE_GLAZE_LU") == "1" else "skip") if have_glaze else None),
    # issue 8: the whole pandoc AST (64 constructors), descriptors only
    ("pandoc AST (examples/pandoc/pandoc_types.c)", "jbind (C, descriptors)",
     ["gcc", "-std=c11", "-O2", "-c", "-I", os.path.join(root, "include"),
      "-I", os.path.join(root, "examples", "pandoc"),
      os.path.join(root, "examples", "pandoc", "pandoc_types.c")]),
]


# Issue 15 part 4: the codecs jbind_generate would write for the large
# union at 1x, 2x and 4x its size (JB_COMPILE_SCALES), beside the
# descriptors at the same size: is the compile cost linear? A generator
# program (gen_main.c below, as jbind_generate writes one) is linked with
# the build's libjbind.a and the scaled descriptors, and writes the file.
scales = [int(k) for k in os.environ.get("JB_COMPILE_SCALES", "1,2,4").split(",") if k.strip()]
for k in scales:
    sdir = os.path.join(tmp, f"lu{k}x")
    tu = f"large-union at {k}x ({500 * k}-case enum + {200 * k}-field map record)"
    subprocess.run([sys.executable, os.path.join(root, "bench", "gen_large.py"), sdir, str(k)], check=True)
    sinc = ["-I", os.path.join(root, "include"), "-I", sdir]
    cases.append((tu, "jbind (C, descriptors)",
                  ["gcc", "-std=c11", "-O2", "-c"] + sinc + [os.path.join(sdir, "lu_gen_desc.c")]))
    out = generated(sdir, ["lu_record_type", "large_union_type"], [os.path.join(sdir, "lu_gen_desc.c")],
                    sinc, "lu_codecs")
    cases.append((tu, "jbind generated codecs (C, jbind_generate)",
                  (["gcc", "-std=c11", "-O2", "-c"] + sinc + [out]) if os.path.isabs(out) else out))

# Issue 15 part 4: the corpus models' generated codecs at 1x, 2x and 4x
# (JB_COMPILE_SCALES): k copies of bench/jb_corpus_desc.c, each compiled
# with its four external descriptors renamed (`-Dtwitter_type=twitter_type_1`
# ...), so the generator sees k times the types (its static ones are each
# copy's own) and writes k times the functions. Linear: k times the 1x cost.
corpus_desc = os.path.join(root, "bench", "jb_corpus_desc.c")
corpus_syms = ("twitter_type", "citm_type", "canada_type", "tw_status_type")
for k in scales:
    sdir = os.path.join(tmp, f"corpus{k}x")
    os.makedirs(sdir, exist_ok=True)
    objs, croots = [], []
    for c in range(k):
        obj = os.path.join(sdir, f"jb_corpus_desc_{c}.o")
        subprocess.run(["gcc", "-std=c11", "-O1", "-c"] + corpus_inc + [f"-D{sym}={sym}_{c}" for sym in corpus_syms] +
                       [corpus_desc, "-o", obj], check=True)
        objs.append(obj)
        croots += [f"twitter_type_{c}", f"citm_type_{c}", f"canada_type_{c}"]
    out = generated(sdir, croots, objs, corpus_inc, "corpus_codecs")
    cases.append((f"twitter + citm_catalog + canada models at {k}x (copies renamed)",
                  "jbind generated codecs (C, jbind_generate)",
                  (["gcc", "-std=c11", "-O2", "-c"] + corpus_inc + [out]) if os.path.isabs(out) else out))

# JB_COMPILE_ONLY=TEXT: measure only the rows whose translation unit
# names TEXT (e.g. "models at" for the corpus scales).
only = os.environ.get("JB_COMPILE_ONLY")
if only:
    cases = [c for c in cases if only in c[0]]

print("tu\tlib\twall_median_s\tcpu_median_s\tpeak_rss_kb\tobject_bytes\tstatus")
for i, (tu, lib, cmd) in enumerate(cases):
    obj = os.path.join(tmp, f"tu{i}.o")
    if cmd is None:
        print(f"{tu}\t{lib}\t\t\t\t\t{peers}/glaze not found: not measured")
        continue
    if cmd == "nocodecs":
        print(f"{tu}\t{lib}\t\t\t\t\tnot measured: no generated codecs in {build} (the bench build makes them)")
        continue
    if cmd == "nolib":
        print(f"{tu}\t{lib}\t\t\t\t\tnot measured: no libjbind.a in {build}")
        continue
    if cmd == "genfailed":
        print(f"{tu}\t{lib}\t\t\t\t\tFAILED: the generator program did not build or run")
        continue
    if cmd == "skip":
        print(f"{tu}\t{lib}\t\t\t\t\tnot measured in this run (JB_COMPILE_GLAZE_LU=1 measures it: "
              "about a CPU-minute and 1.7 GB of memory before g++ gives up)")
        continue
    # (a TU that does not compile is tried once: its time is not a compile time)
    once = "lu_glaze" in cmd[-1] or cmd[-1].endswith("lu_codecs.c")
    med, cpu, rss, ok = measure(cmd + ["-o", obj], runs=1 if once else 3)
    size = os.path.getsize(obj) if ok and os.path.exists(obj) else 0
    status = "OK" if ok else "FAILED"
    if not ok and "lu_glaze" in cmd[-1]:
        status = ("does not compile: glaze 5.7.2's enum key hash counts the keys in a uint8_t, so its "
                  "constexpr loop over 500 names never ends (g++ stops at -fconstexpr-loop-limit)")
    print(f"{tu}\t{lib}\t{med:.3f}\t{cpu:.3f}\t{rss}\t{size}\t{status}")

# The member cap of NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE.
for n in (63, 64) if not only else ():
    src = os.path.join(tmp, f"cap{n}.cpp")
    with open(src, "w") as f:
        f.write("#include <nlohmann/json.hpp>\nstruct S {" + "".join(f" int m{i};" for i in range(n)) +
                " };\nNLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(S, " + ", ".join(f"m{i}" for i in range(n)) + ")\n")
    r = subprocess.run(["g++", "-std=c++17", "-fsyntax-only", src], capture_output=True)
    print(f"NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE with {n} members\tnlohmann/json\t\t\t\t\t"
          f"{'compiles' if r.returncode == 0 else 'does not compile'}")
