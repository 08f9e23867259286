#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""amalgamate.py -- jbind as two files, jbind.h and jbind.c, for vendoring.

    python3 tools/amalgamate.py [--src ROOT] [--out DIR]

writes DIR/jbind.h (include/jbind.h, byte for byte) and DIR/jbind.c (every
src/*.c with the internal headers they include, in one translation unit).
Compile jbind.c with any C11 compiler beside your own sources; nothing else
is needed (docs/vendoring.md). DIR/jbind_gen.h (include/jbind_gen.h, byte
for byte) is for generated codecs only (docs/codegen.md).

Nothing here names a source file: the .c files are src/*.c in name order,
and each internal header is inlined where a .c file first includes it, so
the include order is the one the #include lines give. Joining separate
translation units into one needs four repairs, all found by reading the
sources, and the script fails (exit 1, naming file and line) on what it
cannot repair:

  - Feature-test macros (_GNU_SOURCE, _POSIX_C_SOURCE, ...) work only before
    the first system header: the #define, or the outermost #if block that
    holds it, moves to the top of jbind.c.
  - A name with internal or no linkage (a static function or variable, a
    typedef, a struct/union/enum tag, an enumerator) declared in two .c
    files would clash: in each of those files it is renamed with a
    #define/#undef pair around the file's text (jb__amalg_<file>_<name>).
    A name that also appears as a struct member (after . or ->) or in a
    header cannot be renamed that way: that is an error.
  - A macro a .c file defines is #undef'd after that file, so that the next
    file sees what it would see alone.
  - A #pragma that changes code generation ("target", "optimize") must be
    undone in the same file (push_options ... pop_options, or clang's
    attribute push ... pop); otherwise it would spread to the files after.

#line directives keep compiler messages pointing at src/<file>:<line>.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

FEATURE_MACROS = {
    "_GNU_SOURCE", "_POSIX_C_SOURCE", "_XOPEN_SOURCE", "_DEFAULT_SOURCE",
    "_BSD_SOURCE", "_SVID_SOURCE", "_DARWIN_C_SOURCE", "_ISOC11_SOURCE",
    "_FILE_OFFSET_BITS", "_LARGEFILE64_SOURCE", "_NETBSD_SOURCE", "__EXTENSIONS__",
}
KEYWORDS = set("""auto break case char const continue default do double else enum
extern float for goto if inline int long register restrict return short signed
sizeof static struct switch typedef union unsigned void volatile while _Alignas
_Alignof _Atomic _Bool _Complex _Generic _Imaginary _Noreturn _Static_assert
_Thread_local __attribute__ __declspec __extension__ __inline __inline__
__restrict __restrict__ bool""".split())

INCLUDE_LOCAL = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
DEFINE = re.compile(r"^\s*#\s*define\s+([A-Za-z_][A-Za-z0-9_]*)")
COND_OPEN = re.compile(r"^\s*#\s*if(n?def)?\b")
COND_CLOSE = re.compile(r"^\s*#\s*endif\b")
PRAGMA = re.compile(r"^\s*#\s*pragma\b(.*)")


class AmalgamationError(Exception):
    pass


def fail(where, msg):
    raise AmalgamationError(f"{where}: {msg}")


# ----------------------------------------------------------------------
# Reading C: logical lines and tokens
# ----------------------------------------------------------------------

def logical_lines(lines):
    """Yield (first, last) index pairs of physical lines forming one logical
    line (backslash continuation)."""
    i = 0
    while i < len(lines):
        j = i
        while lines[j].rstrip("\n").endswith("\\") and j + 1 < len(lines):
            j += 1
        yield i, j
        i = j + 1


TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*)
  | (?P<number>\.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.])*)
  | (?P<punct>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!~<>=?:;,.()\[\]{}#])
""", re.S | re.X)


def code_tokens(text):
    """Tokens of C text without comments and preprocessor lines: (kind, value)."""
    lines = text.splitlines(keepends=True)
    kept = []
    for a, b in logical_lines(lines):
        if lines[a].lstrip().startswith("#"):
            kept.append("\n" * (b - a + 1))
        else:
            kept.append("".join(lines[a:b + 1]))
    body = "".join(kept)
    # comments may hide a # line's start; strip them first
    out = []
    pos = 0
    while pos < len(body):
        m = TOKEN.match(body, pos)
        if not m:
            out.append(("punct", body[pos]))
            pos += 1
            continue
        pos = m.end()
        kind = m.lastgroup
        if kind in ("ws", "comment"):
            continue
        out.append((kind, m.group()))
    return out


def identifiers(text, preprocessor=True):
    """Identifiers in C code outside comments and string literals, the
    preprocessor lines' too unless preprocessor is False; with the token
    before each (for member names: after . or ->)."""
    if not preprocessor:
        return [(prev, val) for prev, val in _pairs(code_tokens(text))]
    toks = []
    pos = 0
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            toks.append(("punct", text[pos]))
            pos += 1
            continue
        pos = m.end()
        if m.lastgroup not in ("ws", "comment"):
            toks.append((m.lastgroup, m.group()))
    return list(_pairs(toks))


def macro_text(text):
    """The #define lines of a file (with their continuations)."""
    lines = text.splitlines(keepends=True)
    return "".join("".join(lines[a:b + 1]) for a, b in logical_lines(lines)
                   if DEFINE.match(lines[a]))


def _pairs(toks):
    prev = None
    for kind, val in toks:
        if kind == "ident":
            yield prev, val
        prev = val


def static_macros(texts):
    """Macros whose body says `static` (JB_INLINE): they make a declaration
    static just as the keyword does."""
    names = set()
    for text in texts:
        lines = text.splitlines()
        for a, b in logical_lines(lines):
            logical = " ".join(l.rstrip("\\") for l in lines[a:b + 1])
            m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)(\s|$)(.*)", logical)
            if m and re.search(r"\bstatic\b", m.group(3)):
                names.add(m.group(1))
    return names


def file_scope_names(text, static_words):
    """Names a .c file declares at file scope that have internal or no
    linkage: static functions and variables, typedef names, tags defined
    with a body, enumerators. Returns {name: kind}."""
    toks = code_tokens(text)
    names = {}
    items = []
    cur = []
    depth = 0
    for i, (kind, val) in enumerate(toks):
        cur.append((kind, val))
        if val in "([{":
            if val == "{" and depth == 0 and cur and len(cur) >= 2 and cur[-2][1] == ")":
                cur[-1] = ("body", "{")  # a function body starts
            depth += 1
        elif val in ")]}":
            depth -= 1
            if val == "}" and depth == 0 and any(k == "body" for k, _ in cur):
                items.append(cur)
                cur = []
        elif val == ";" and depth == 0:
            items.append(cur)
            cur = []
    for item in items:
        # tags with a body and enumerators, at any depth
        for j, (kind, val) in enumerate(item):
            if val in ("struct", "union", "enum") and j + 2 < len(item) and \
                    item[j + 1][0] == "ident" and item[j + 2][1] == "{":
                names.setdefault(item[j + 1][1], "tag")
            if val == "enum":
                k = j + 1
                if k < len(item) and item[k][0] == "ident":
                    k += 1
                if k < len(item) and item[k][1] == "{":
                    d = 0
                    expect = True
                    for kind2, val2 in item[k + 1:]:
                        if val2 in "([{":
                            d += 1
                        elif val2 in ")]}":
                            if d == 0:
                                break
                            d -= 1
                        elif d == 0 and val2 == ",":
                            expect = True
                            continue
                        if d == 0 and expect and kind2 == "ident":
                            names.setdefault(val2, "enumerator")
                        expect = False
        top = []
        d = 0
        for kind, val in item:
            if kind == "body":
                break
            if val in "([{":
                if d == 0:
                    top.append((kind, val))
                d += 1
                continue
            if val in ")]}":
                d -= 1
                continue
            if d == 0:
                top.append((kind, val))
        words = {v for _, v in top}
        is_typedef = "typedef" in words
        is_static = "static" in words or bool(words & static_words)
        if not (is_typedef or is_static):
            continue
        label = "typedef" if is_typedef else "static"
        # declarators: identifiers followed by ( [ = , ; at depth 0; skip
        # initialisers (from = to the next , or ;)
        skipping = False
        for j, (kind, val) in enumerate(top):
            if skipping:
                if val in (",", ";"):
                    skipping = False
                continue
            if val == "=":
                skipping = True
                continue
            if kind != "ident" or val in KEYWORDS or val in static_words:
                continue
            nxt = top[j + 1][1] if j + 1 < len(top) else ";"
            if nxt in ("(", "[", "=", ",", ";"):
                if j > 0 and top[j - 1][1] in ("struct", "union", "enum"):
                    continue  # a tag used as a type, not declared here
                names.setdefault(val, label)
                if nxt == "(" and not is_typedef:
                    break  # a function: its parameters are not file scope
    return names


# ----------------------------------------------------------------------
# The amalgamation
# ----------------------------------------------------------------------

class Amalgamator:
    def __init__(self, root):
        self.root = root
        self.src = os.path.join(root, "src")
        self.headers = {}  # name -> text, internal headers in src/
        for n in sorted(os.listdir(self.src)):
            if n.endswith(".h"):
                with open(os.path.join(self.src, n), encoding="utf-8") as f:
                    self.headers[n] = f.read()
        # include/'s other headers (jbind_gen.h: the kernels generated
        # codecs call) are inlined like internal ones; jbind.h stays on top.
        self.public = set()  # of those, the ones from include/
        inc = os.path.join(os.path.dirname(self.src.rstrip("/")), "include")
        for n in sorted(os.listdir(inc)) if os.path.isdir(inc) else []:
            if n.endswith(".h") and n != "jbind.h" and n not in self.headers:
                with open(os.path.join(inc, n), encoding="utf-8") as f:
                    self.headers[n] = f.read()
                self.public.add(n)
        self.sources = {}
        for n in sorted(os.listdir(self.src)):
            if n.endswith(".c"):
                with open(os.path.join(self.src, n), encoding="utf-8") as f:
                    self.sources[n] = f.read()
        if not self.sources:
            fail(self.src, "no .c files")
        self.inlined = set()  # headers already inlined at file scope
        self.hoisted = []

    # -- feature-test macros ------------------------------------------
    def hoist(self, name, lines):
        """Move feature-test #defines (or the outermost #if block holding
        one) out of a .c file's lines; they go to the top of jbind.c."""
        out = list(lines)
        depth = 0
        block_start = None
        for i, line in enumerate(lines):
            if COND_OPEN.match(line):
                if depth == 0:
                    block_start = i
                depth += 1
            elif COND_CLOSE.match(line):
                depth -= 1
            m = DEFINE.match(line)
            if m and m.group(1) in FEATURE_MACROS:
                if depth == 0:
                    self.hoisted.append((name, i, [line]))
                    out[i] = "/* (moved to the top of jbind.c) */\n"
                else:
                    end = i
                    d = depth
                    while d > 0:
                        end += 1
                        if end >= len(lines):
                            fail(f"src/{name}:{block_start + 1}", "#if without #endif")
                        if COND_OPEN.match(lines[end]):
                            d += 1
                        elif COND_CLOSE.match(lines[end]):
                            d -= 1
                    if not any(h[0] == name and h[1] == block_start for h in self.hoisted):
                        self.hoisted.append((name, block_start, lines[block_start:end + 1]))
                        for k in range(block_start, end + 1):
                            out[k] = "/* (moved to the top of jbind.c) */\n"
        return out

    # -- includes -------------------------------------------------------
    def expand(self, name, text, where, conditional_depth=0, stack=()):
        """Text of a file with its internal includes inlined (each header
        once at file scope; again under an #if, where its include guard
        decides), with #line directives."""
        out = [f'#line 1 "src/{name}"\n']
        lines = text.splitlines(keepends=True)
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        if name.endswith(".c"):
            lines = self.hoist(name, lines)
        depth = conditional_depth
        for i, line in enumerate(lines):
            if COND_OPEN.match(line):
                depth += 1
            elif COND_CLOSE.match(line):
                depth -= 1
            m = INCLUDE_LOCAL.match(line)
            if not m:
                out.append(line)
                continue
            inc = m.group(1)
            if inc == "jbind.h":
                out.append('/* #include "jbind.h": at the top of jbind.c */\n')
                continue
            if inc not in self.headers:
                fail(f"src/{name}:{i + 1}", f'#include "{inc}": no such header in src/')
            if inc in stack:
                fail(f"src/{name}:{i + 1}", f'#include "{inc}" includes itself')
            if inc in self.inlined:
                out.append(f'/* #include "{inc}": inlined above */\n')
                continue
            if depth == 0:
                self.inlined.add(inc)
            out.append(f'/* #include "{inc}" */\n')
            # An installed header's static inline helpers are for the code
            # that includes it; pasted into jbind.c, clang would call the
            # ones the library does not use unused.
            quiet = inc in self.public
            if quiet:
                out.append('#if defined(__clang__)\n#pragma clang diagnostic push\n'
                           '#pragma clang diagnostic ignored "-Wunused-function"\n#endif\n')
            out.extend(self.expand(inc, self.headers[inc], where, depth, stack + (inc,)))
            if quiet:
                out.append('#if defined(__clang__)\n#pragma clang diagnostic pop\n#endif\n')
            out.append(f'#line {i + 2} "src/{name}"\n')
        return out

    # -- per-file repairs -------------------------------------------------
    def check_pragmas(self, name, text):
        pushes = 0
        for i, line in enumerate(text.splitlines()):
            m = PRAGMA.match(line)
            if not m:
                continue
            p = m.group(1)
            if re.search(r"\b(push_options|attribute\s+push)\b", p):
                pushes += 1
            elif re.search(r"\b(pop_options|attribute\s+pop)\b", p):
                pushes -= 1
            elif re.search(r"\b(target|optimize)\b", p) and pushes == 0:
                fail(f"src/{name}:{i + 1}",
                     "a #pragma that changes code generation outside push_options/pop_options "
                     "(or clang attribute push/pop) would apply to every file after this one")
        if pushes != 0:
            fail(f"src/{name}", "#pragma push without a matching pop")

    def check_configuring_macros(self, name, text):
        """A macro a .c file defines before it includes an internal header
        that reads it configures that header for this file only; in one
        translation unit the header is inlined once, so that cannot hold."""
        header_idents = {v for t in self.headers.values() for _, v in identifiers(t)}
        defined = []
        for i, line in enumerate(text.splitlines()):
            m = DEFINE.match(line)
            if m and m.group(1) not in FEATURE_MACROS:
                defined.append((i, m.group(1)))
            if INCLUDE_LOCAL.match(line):
                for j, macro in defined:
                    if macro in header_idents:
                        fail(f"src/{name}:{j + 1}",
                             f"{macro} is defined before an internal header that uses it: "
                             "in one translation unit the header cannot see it per file")

    def file_macros(self, text):
        names = []
        for line in text.splitlines():
            m = DEFINE.match(line)
            if m and m.group(1) not in FEATURE_MACROS and m.group(1) not in names:
                names.append(m.group(1))
        return names

    def renames(self):
        """{file: [names to rename in that file]} for clashing names."""
        static_words = static_macros(list(self.headers.values()) + list(self.sources.values()))
        declared = {n: file_scope_names(t, static_words) for n, t in self.sources.items()}
        owners = {}
        for n, names in declared.items():
            for ident in names:
                owners.setdefault(ident, []).append(n)
        # a header's declarations are read before any rename; only its
        # macros expand inside a file's text, where a rename would reach them
        header_idents = {v for t in self.headers.values() for _, v in identifiers(macro_text(t))}
        members = {f: {v for prev, v in identifiers(t) if prev in (".", "->")}
                   for f, t in self.sources.items()}
        out = {}
        for ident, files in sorted(owners.items()):
            if len(files) < 2:
                continue
            if ident in header_idents:
                fail(f"src/{files[0]}",
                     f"'{ident}' is declared in {', '.join('src/' + f for f in files)} and also "
                     "appears in a macro of an internal header: give the static a distinct name")
            for f in files:
                if ident in members[f]:
                    fail(f"src/{f}",
                         f"'{ident}' is declared in {', '.join('src/' + g for g in files)} and is "
                         "also a member name here, so it cannot be renamed by a macro: give the "
                         "static a distinct name")
                out.setdefault(f, []).append(ident)
        # A private header's own names (decode_frame.h's enumerators and
        # typedefs) are global in jbind.c from where it is inlined on: a .c
        # file that does not include that header and declares the same
        # name gets its own renamed.
        includes = {n: set(re.findall(r'^\s*#\s*include\s+"([^"]+)"', t, re.M))
                    for n, t in list(self.headers.items()) + list(self.sources.items())}
        for f in self.sources:
            reached, todo = set(), [f]
            while todo:
                for inc in includes.get(todo.pop(), ()):
                    if inc in self.headers and inc not in reached:
                        reached.add(inc)
                        todo.append(inc)
            for h in sorted(set(self.headers) - reached):
                for ident in sorted(file_scope_names(self.headers[h], static_words)):
                    if ident not in declared[f] or ident in out.get(f, []):
                        continue
                    if ident in header_idents or ident in members[f]:
                        fail(f"src/{f}", f"'{ident}' is declared here and in src/{h}, and cannot "
                             "be renamed by a macro here: give it a distinct name")
                    out.setdefault(f, []).append(ident)
        return out

    def run(self):
        renames = self.renames()
        body = []
        for name, text in self.sources.items():
            self.check_pragmas(name, text)
            self.check_configuring_macros(name, text)
            stem = re.sub(r"\W", "_", name[:-2])
            body.append(f"/* {'=' * 68} */\n/* src/{name} */\n")
            for ident in renames.get(name, []):
                body.append(f"#define {ident} jb__amalg_{stem}_{ident}\n")
            body.extend(self.expand(name, text, name))
            for ident in self.file_macros(text):
                body.append(f"#undef {ident}\n")
            for ident in renames.get(name, []):
                body.append(f"#undef {ident}\n")
        return body, renames


def describe_version(root):
    with open(os.path.join(root, "include", "jbind.h"), encoding="utf-8") as f:
        m = re.search(r'#define JB_VERSION_STRING "([^"]+)"', f.read())
    version = m.group(1) if m else "unknown"
    try:
        commit = subprocess.run(["git", "-C", root, "rev-parse", "--short=12", "HEAD"],
                                capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no",
                                "--", "src", "include"],
                               capture_output=True, text=True, check=True).stdout.strip()
        if dirty:
            commit += " + local changes"
    except (OSError, subprocess.CalledProcessError):
        commit = "not a git checkout"
    return version, commit


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    ap.add_argument("--out", default="build/amalgamation")
    args = ap.parse_args()
    root = os.path.abspath(args.src)
    try:
        am = Amalgamator(root)
        body, renames = am.run()
    except AmalgamationError as e:
        print(f"amalgamate.py: {e}", file=sys.stderr)
        return 1
    version, commit = describe_version(root)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(root, "include", "jbind.h"), encoding="utf-8") as f:
        header = f.read()
    with open(os.path.join(args.out, "jbind.h"), "w", encoding="utf-8") as f:
        f.write(header)
    # Generated codecs (docs/codegen.md) include jbind_gen.h: it ships
    # beside the two files, byte for byte, for the users who generate.
    gen_h = os.path.join(root, "include", "jbind_gen.h")
    if os.path.exists(gen_h):
        shutil.copyfile(gen_h, os.path.join(args.out, "jbind_gen.h"))
    top = [
        "/* SPDX-License-Identifier: MIT */\n",
        "/*\n",
        f" * jbind {version}, the whole library in one file: compile it with any C11\n",
        " * compiler beside jbind.h (docs/vendoring.md), e.g.\n",
        " *     cc -std=c11 -O2 -c jbind.c\n",
        " * and link with -lm (and -pthread where pthread_getattr_np is in libpthread).\n",
        " *\n",
        " * GENERATED by tools/amalgamate.py from src/ "
        f"({commit}); edit the sources, not this file.\n",
        " * Copyright (c) the jbind authors; MIT license (LICENSE in the source tree).\n",
        " */\n",
    ]
    for name, start, lines in am.hoisted:
        top.append(f'#line {start + 1} "src/{name}"\n')
        top.extend(lines)
    top.append('#include "jbind.h"\n')
    with open(os.path.join(args.out, "jbind.c"), "w", encoding="utf-8") as f:
        f.writelines(top + body)
    n = sum(len(v) for v in renames.values())
    print(f"amalgamate.py: {args.out}/jbind.c from {len(am.sources)} files in src/ "
          f"({len(am.inlined)} internal headers inlined, {n} clashing statics renamed, "
          f"{len(am.hoisted)} feature-macro blocks moved up), {args.out}/jbind.h, "
          f"{args.out}/jbind_gen.h")
    for f, ids in sorted(renames.items()):
        print(f"  renamed in src/{f}: {' '.join(ids)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
