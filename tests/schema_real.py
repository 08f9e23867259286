# SPDX-License-Identifier: MIT
"""schema_real.py — `jbind gen` on a published schema, judged by
python3-jsonschema (run by Debian's /usr/bin/python3; tests/test_schema_real.sh
calls it once per schema).

    schema_real.py --name N --schema S.json [--extra R.json ...] --driver D
                   --notes NOTES --work DIR [--mutants K] [--seed X]
                   SAMPLE... (files, or FILE.jsonl: one document a line)

1. The samples the validator accepts are the valid set (others are
   reported and left out). Each must decode with the generated root type and
   encode back to an equal value (the driver D says "ok").
2. K mutants of them (a member dropped, added or renamed, a value of another
   type or range, an element dropped or repeated, a string swapped) are
   judged by both. Where the validator refuses and the generated types
   accept, each error (its keyword, and the schema location it stands at,
   $refs followed) must be one `jbind gen` reported (NOTES, its stderr:
   "jbind gen: LOCATION: KEYWORD: why") or a keyword no C type expresses
   (pattern, format, ...): else it is an unreported gap, and the run fails.
   Where the generated types refuse a document the validator accepts, the
   run fails too (they must read every valid document).
3. A table per keyword goes to stdout: how many mutants the validator
   refused for it, and how many of those the generated types accepted.
"""
import argparse
import json
import os
import random
import subprocess
import sys

try:
    import jsonschema
    from jsonschema import validators
except ImportError:
    sys.stderr.write("schema_real.py: python3-jsonschema is not installed\n")
    sys.exit(3)

# Keywords no C type of jbind gen enforces (docs/schema.md lists them).
NOT_EXPRESSED = {
    "pattern", "format", "minLength", "maxLength", "multipleOf", "uniqueItems", "minItems", "maxItems",
    "contains", "minContains", "maxContains", "minProperties", "maxProperties", "propertyNames",
    "dependencies", "dependentRequired", "dependentSchemas", "not", "if", "then", "else",
    "patternProperties", "unevaluatedProperties", "unevaluatedItems", "additionalItems", "oneOf",
}

SCALARS = [None, True, False, 0, -1, 1.5, 127, 256, 65536, 2**31, 2**32, 2**63, -(2**63) - 1, 2**64,
           1e39, "", "x", "5", [], {}, [1], {"a": 1}]


def load(path):
    with open(path, "rb") as f:
        return json.load(f)


def samples_of(paths):
    for p in paths:
        if p.endswith(".jsonl"):
            with open(p) as f:
                for i, line in enumerate(f):
                    if line.strip():
                        yield "%s:%d" % (os.path.basename(p), i + 1), json.loads(line)
        else:
            yield os.path.basename(p), load(p)


class Locator:
    """Where a validator error's keyword stands: "file#/pointer", with
    every $ref on the way followed (python-jsonschema's paths go through
    them as if the target were inline)."""

    def __init__(self, root, name, resolver, files):
        self.root, self.name, self.resolver, self.files = root, name, resolver, files

    def file_of(self, url):
        base = url.split("#")[0]
        return self.files.get(base.rstrip("/"), os.path.basename(base) or self.name)

    def locate(self, path):
        """The location of the error's keyword, and every location on the way."""
        node, where = self.root, [self.name, ""]
        seen = []
        steps = list(path)
        for i, seg in enumerate(steps):
            for _ in range(50):  # follow references until the step is there
                if (isinstance(node, dict) and seg in node) or (
                        isinstance(node, list) and isinstance(seg, int) and seg < len(node)):
                    break
                ref = node.get("$ref", node.get("$dynamicRef")) if isinstance(node, dict) else None
                if ref is None:
                    return None, seen
                try:
                    url, node = self.resolver.resolve(ref)
                except Exception:
                    return None, seen
                frag = url.split("#", 1)[1] if "#" in url else ""
                where = [self.file_of(url), frag]
                seen.append("%s#%s" % tuple(where))
            else:
                return None, seen
            if i == len(steps) - 1:  # the keyword itself
                break
            node = node[seg]
            where[1] += "/" + str(seg).replace("~", "~0").replace("/", "~1")
            seen.append("%s#%s" % tuple(where))
        return "%s#%s" % tuple(where), seen


REASONS = {}


def reason(r):
    REASONS[r] = REASONS.get(r, 0) + 1


def explain(e, loc, notes, dynamic, bad):
    """Is error e one the C types are known not to see? Else it goes to bad.
    A oneOf / anyOf that failed is explained when one of its branches is:
    that is the branch the C type took."""
    if e.validator in ("oneOf", "anyOf") and e.context:
        where, _ = loc.locate(e.absolute_schema_path)
        if "not enforced" in notes.get((where, e.validator), ""):
            return reason("%s: reported by jbind gen where it stands" % e.validator)
        branches = {}
        for sub in e.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        best = None
        for _, subs in sorted(branches.items(), key=lambda kv: str(kv[0])):
            mine = []
            for sub in subs:
                explain(sub, loc, notes, dynamic, mine)
            if not mine:
                return
            if best is None or len(mine) < len(best):
                best = mine
        bad.extend(best or [])
        return
    if e.validator in NOT_EXPRESSED:
        return reason("%s: no C type expresses it" % e.validator)
    # jbind reads null for an optional member as absent (docs/schema.md)
    if e.instance is None and e.absolute_path and isinstance(e.absolute_path[-1], str):
        return reason("null for an optional member, read as absent")
    where, seen = loc.locate(e.absolute_schema_path)
    if (where, e.validator) in notes:
        return reason("%s: reported by jbind gen where it stands" % e.validator)
    if any(w in dynamic for w in seen):
        return reason("inside a value jbind gen keeps as a jb_value (reported)")
    # if / then / else is read as the first of [if and then, else] that decodes
    for w in seen:
        for tail in ("/then", "/else"):
            if w.endswith(tail) and (w[: -len(tail)], "if") in notes:
                return reason("under a then / else whose if jbind gen does not check (reported)")
    bad.append("%s at %s (document %s)" % (e.validator, where, "/".join(map(str, e.absolute_path))))


def stray_key(schema, doc, resolver, depth=0):
    """Does doc hold, under an object schema with patternProperties and
    without additionalProperties, a key that matches no pattern? Such a key
    may hold any value, but the generated map reads it with the patterns'
    type (documented)."""
    import re
    if depth > 60 or not isinstance(schema, dict):
        return False
    for _ in range(20):
        ref = schema.get("$ref") if isinstance(schema, dict) else None
        if ref is None:
            break
        try:
            schema = resolver.resolve(ref)[1]
        except Exception:
            return False
    if not isinstance(schema, dict):
        return False
    for kw in ("oneOf", "anyOf", "allOf"):
        for b in schema.get(kw, []):
            if stray_key(b, doc, resolver, depth + 1):
                return True
    if isinstance(doc, dict):
        pats = schema.get("patternProperties", {})
        props = schema.get("properties", {})
        for k, v in doc.items():
            hit = [p for p in pats if re.search(p, k)]
            if pats and not hit and k not in props and "additionalProperties" not in schema:
                return True
            if k in props and stray_key(props[k], v, resolver, depth + 1):
                return True
            for p in hit:
                if stray_key(pats[p], v, resolver, depth + 1):
                    return True
            if not hit and k not in props and isinstance(schema.get("additionalProperties"), dict):
                if stray_key(schema["additionalProperties"], v, resolver, depth + 1):
                    return True
    elif isinstance(doc, list) and isinstance(schema.get("items"), dict):
        return any(stray_key(schema["items"], x, resolver, depth + 1) for x in doc)
    return False


def decisive(e):
    """The errors that say why: for a failed oneOf / anyOf, those of the
    branch that came closest (fewest errors), not of every branch."""
    if e.validator in ("oneOf", "anyOf") and e.context:
        branches = {}
        for sub in e.context:
            branches.setdefault(str(sub.relative_schema_path[0]), []).append(sub)
        best = None
        for subs in branches.values():
            errs = [x for sub in subs for x in decisive(sub)]
            if best is None or len(errs) < len(best):
                best = errs
        return best or [e]
    return [e]


def leaves(error):
    if not error.context:
        return [error]
    out = []
    for sub in error.context:
        out.extend(leaves(sub))
    return out


def mutate(doc, rng, strings, keys):
    """A copy of doc with one node changed."""
    nodes = []

    def walk(v, path):
        nodes.append(path)
        if isinstance(v, dict):
            for k in v:
                walk(v[k], path + [k])
        elif isinstance(v, list):
            for i, x in enumerate(v):
                walk(x, path + [i])

    walk(doc, [])
    doc = json.loads(json.dumps(doc))
    path = rng.choice(nodes)
    parent, last = None, None
    node = doc
    for p in path:
        parent, last, node = node, p, node[p]
    how = rng.randrange(4)
    if how == 1 and isinstance(node, dict):
        if node and rng.randrange(2):
            del node[rng.choice(list(node))]
        else:
            node[rng.choice(keys) if keys and rng.randrange(2) else "zz"] = rng.choice(SCALARS)
        return doc
    if how == 1 and isinstance(node, list):
        if node and rng.randrange(2):
            del node[rng.randrange(len(node))]
        else:
            node.append(json.loads(json.dumps(node[0])) if node and rng.randrange(2) else rng.choice(SCALARS))
        return doc
    if how == 2 and isinstance(node, dict) and node:
        old = rng.choice(list(node))
        node[rng.choice(keys) if keys else "zz"] = node.pop(old)
        return doc
    if how == 3 and isinstance(node, str) and strings:
        new = rng.choice(strings)
    else:
        new = rng.choice(SCALARS + (strings[:8] if strings else []))
    if parent is None:
        return new
    parent[last] = new
    return doc


def collect(v, strings, keys):
    if isinstance(v, str) and len(v) < 40:
        strings.add(v)
    elif isinstance(v, dict):
        for k, x in v.items():
            if len(k) < 40:
                keys.add(k)
            collect(x, strings, keys)
    elif isinstance(v, list):
        for x in v:
            collect(x, strings, keys)


def run_driver(driver, docs, work, tag):
    path = os.path.join(work, tag + ".jsonl")
    with open(path, "w") as f:
        for d in docs:
            f.write(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n")
    out = subprocess.run([driver, "--lines", path], capture_output=True, text=True, check=False)
    lines = out.stdout.splitlines()
    if len(lines) != len(docs):
        sys.stderr.write(out.stderr)
        raise SystemExit("%s: the driver gave %d verdicts for %d documents" % (tag, len(lines), len(docs)))
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--schema", required=True)
    ap.add_argument("--extra", action="append", default=[])
    ap.add_argument("--driver", required=True)
    ap.add_argument("--notes", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--mutants", type=int, default=300)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("samples", nargs="*")
    a = ap.parse_args()

    schema = load(a.schema)
    store, files = {}, {}
    for path in [a.schema] + a.extra:
        doc = load(path)
        rid = doc.get("$id", doc.get("id"))
        if rid:
            store[rid.split("#")[0]] = doc
            files[rid.split("#")[0].rstrip("/")] = os.path.basename(path)
    cls = validators.validator_for(schema, default=validators.Draft202012Validator)
    resolver = jsonschema.RefResolver.from_schema(schema, store=store)
    v = cls(schema, resolver=resolver)
    loc = Locator(schema, os.path.basename(a.schema), resolver, files)

    notes, dynamic = {}, set()
    with open(a.notes) as f:
        for line in f:
            parts = line.rstrip("\n").split(": ", 3)
            if len(parts) >= 3 and parts[0] == "jbind gen":
                notes[(parts[1], parts[2])] = parts[3] if len(parts) == 4 else ""
                if len(parts) == 4 and "kept as jb_value" in parts[3]:
                    dynamic.add(parts[1])  # below it the C types hold any value

    valid, refused = [], []
    for label, doc in samples_of(a.samples):
        (refused if next(v.iter_errors(doc), None) else valid).append((label, doc))
    print("%s: %d samples valid under the schema, %d refused by the validator (left out)%s" % (
        a.name, len(valid), len(refused), (": " + ", ".join(l for l, _ in refused[:5])) if refused else ""))
    failures = 0
    verdicts = run_driver(a.driver, [d for _, d in valid], a.work, a.name + ".valid")
    for (label, _), verdict in zip(valid, verdicts):
        if verdict != "ok":
            failures += 1
            print("  FAIL %s: %s" % (label, verdict[:300]))
    print("%s: %d of %d valid samples decode and re-encode to equal values" % (
        a.name, sum(1 for x in verdicts if x == "ok"), len(valid)))

    rng = random.Random(a.seed)
    strings, keys = set(), set()
    for _, d in valid[:50]:
        collect(d, strings, keys)
    strings, keys = sorted(strings), sorted(keys)
    mutants = []
    small = [d for _, d in valid if len(json.dumps(d)) <= 100000] or [d for _, d in valid][:1]
    for i in range(a.mutants if small else 0):
        mutants.append(mutate(rng.choice(small), rng, strings, keys))
    verdicts = run_driver(a.driver, mutants, a.work, a.name + ".mutants")
    table = {}  # keyword -> [refused by the validator, of those accepted by the C types]
    unreported, stricter, beyond, agree = [], [], [], 0
    for doc, verdict in zip(mutants, verdicts):
        errs = [x for e in v.iter_errors(doc) for x in decisive(e)]
        accepted = not verdict.startswith("rejected")
        if not errs:
            if accepted:
                agree += 1
            elif verdict.startswith("rejected JB_E_RANGE "):
                beyond.append((doc, verdict))  # an integer past the C type's range: documented
            elif stray_key(schema, doc, resolver):
                beyond.append((doc, verdict))  # a key outside patternProperties: documented
            else:
                stricter.append((doc, verdict))
            continue
        kws = set()
        for e in errs:
            kws.add(e.validator)
        for k in kws:
            row = table.setdefault(k, [0, 0])
            row[0] += 1
            if accepted:
                row[1] += 1
        if not accepted:
            agree += 1
            continue
        # every error must be explained
        bad = []
        for e in v.iter_errors(doc):
            explain(e, loc, notes, dynamic, bad)
        if bad:
            unreported.append((doc, bad))
    print("%s: %d mutants, %d judged alike; the validator refuses for (mutants refused / of them accepted by the C types):"
          % (a.name, len(mutants), agree))
    for k in sorted(table, key=lambda k: -table[k][0]):
        print("  %-22s %5d %5d%s" % (k, table[k][0], table[k][1], "" if k in NOT_EXPRESSED else "  (enforced)"))
    for doc, verdict in beyond[:2]:
        print("  valid, refused for a documented reason (%s): %s" % (verdict[:80], json.dumps(doc)[:160]))
    for doc, verdict in stricter[:5]:
        print("  FAIL valid mutant refused by the C types: %s\n    %s" % (verdict[:200], json.dumps(doc)[:300]))
    for i, (doc, bad) in enumerate(unreported[:5]):
        path = os.path.join(a.work, "unreported-%d.json" % i)
        with open(path, "w") as f:
            json.dump(doc, f)
        print("  FAIL unreported: %s\n    (%s)" % ("; ".join(bad[:3]), path))
    failures += len(stricter) + len(unreported)
    print("%s: why the C types accepted what the validator refused (errors):" % a.name)
    for r in sorted(REASONS, key=lambda r: -REASONS[r]):
        print("  %5d  %s" % (REASONS[r], r))
    print("%s: %d unreported disagreements, %d valid documents refused" % (a.name, len(unreported), len(stricter)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
