# SPDX-License-Identifier: MIT
"""schema_validate.py — an independent JSON Schema validator for the tests.

Run by Debian's /usr/bin/python3 with python3-jsonschema (4.10.3 on
Debian 12, which implements drafts 3, 4, 6, 7, 2019-09 and 2020-12):

    /usr/bin/python3 tests/schema_validate.py BATCH.json [OUT.json]

BATCH is {"schemas": [S0, S1, ...], "instances": [[i, doc], ...],
"all": false, "resources": [R...]}: every schema is checked against its
draft's meta-schema (the "$schema" it names; 2020-12 when it names none),
then each doc is validated against schema i. Resources are extra schemas
that $ref may name by their "$id"/"id" (a published schema split over
files). The answer (to OUT, or stdout) is
{"version": "4.10.3", "schemas": [null | "meta-schema error", ...],
 "verdicts": [null | [[keyword, "/instance/path", "/schema/path"], ...], ...]}:
null when the doc is valid, else its errors (the first one only, unless
"all" asks for every leaf error). One process validates a whole batch: the
validators are built once per schema.
"""
import json
import os
import sys
import time

try:
    import jsonschema
    from jsonschema import validators
except ImportError:  # the C tests report this as "validator missing"
    sys.stderr.write("schema_validate.py: python3-jsonschema is not installed\n")
    sys.exit(3)


def leaf_errors(error):
    """The deepest errors under error (a oneOf/anyOf/allOf failure has context)."""
    if not error.context:
        return [error]
    out = []
    for sub in error.context:
        out.extend(leaf_errors(sub))
    return out


def describe(error):
    return [
        error.validator,
        "/" + "/".join(str(p) for p in error.absolute_path),
        "/" + "/".join(str(p) for p in error.absolute_schema_path),
    ]


def main():
    with open(sys.argv[1], "rb") as f:
        batch = json.load(f)
    store = {}
    for res in batch.get("resources", []):
        rid = res.get("$id", res.get("id"))
        if rid:
            store[rid.rstrip("#")] = res
    checks = []
    vals = []
    for schema in batch["schemas"]:
        cls = validators.validator_for(schema, default=validators.Draft202012Validator)
        try:
            cls.check_schema(schema)
            checks.append(None)
        except jsonschema.exceptions.SchemaError as e:
            checks.append("%s at /%s" % (e.message, "/".join(str(p) for p in e.absolute_path)))
        resolver = None
        if store:
            resolver = jsonschema.RefResolver.from_schema(schema, store=dict(store))
        vals.append(cls(schema, resolver=resolver))
    every = batch.get("all", False)
    verdicts = []
    profile = {} if os.environ.get("JB_SCHEMA_PROFILE") else None
    for i, doc in batch["instances"]:
        if profile is not None:
            t0 = time.perf_counter()
        if every:
            errs = []
            for e in vals[i].iter_errors(doc):
                errs.extend(describe(x) for x in leaf_errors(e))
            verdicts.append(errs or None)
        else:
            e = next(vals[i].iter_errors(doc), None)
            verdicts.append(None if e is None else [describe(e)])
        if profile is not None:
            profile[i] = profile.get(i, 0.0) + time.perf_counter() - t0
    if profile is not None:
        for i, t in sorted(profile.items(), key=lambda kv: -kv[1])[:15]:
            sys.stderr.write("schema %d: %.2f s\n" % (i, t))
    try:
        from importlib.metadata import version
        ver = version("jsonschema")
    except Exception:  # pragma: no cover
        ver = "unknown"
    out = {"version": ver, "schemas": checks, "verdicts": verdicts}
    text = json.dumps(out)
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
