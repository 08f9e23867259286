/* SPDX-License-Identifier: MIT */
/*
 * gen_ir.c — a JSON Schema as C types (gtype, gen.h), for `jbind gen`.
 *
 * Each schema node becomes one type, memoized by node (a "$ref" to a def
 * is that def's type, which is how recursion closes). "allOf" (and a
 * 2019+ "$ref" with keywords beside it, and jbind's own guarded branch
 * {"if": A, "then": B, "else": false}) is merged into one node first.
 * Then the node's "type" (or, without one, the keywords it uses) picks
 * the C type:
 *
 *   object with properties      record: required / optional fields; other
 *                               members kept verbatim (jb_raw_members) unless
 *                               additionalProperties is false
 *   object, additionalProperties  map from string keys
 *   array: items / prefixItems  vector / tuple (fixed length)
 *   string enum or const        C enum
 *   integer                     the narrowest C integer holding the range
 *   number, string, boolean     double, jb_str, bool
 *   oneOf / anyOf               a tagged sum when every branch names its
 *                               case by a constant (external, internal,
 *                               adjacent or array style), else untagged;
 *                               a null branch makes a pointer (null = NULL)
 *   [T, "null"]                 a pointer to T
 *   anything else, true, {}     jb_value * (jb_any)
 *
 * Every validation keyword the chosen C type does not enforce is noted
 * (gen_note) with where it stands: nothing is dropped silently.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gen_ir.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

const char *gen_fmt(gen *g, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = jb_arena_alloc(g->arena, (size_t)(n > 0 ? n : 0) + 1, 1);
    if (!s) abort(); /* the arena has no cap: malloc failed */
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

static void *grow(void *p, size_t *cap, size_t n, size_t size) {
    if (n < *cap) return p;
    *cap = *cap ? 2 * *cap : 16;
    p = realloc(p, *cap * size);
    if (!p) abort();
    return p;
}

void gen_note(gen *g, const char *where, const char *keyword, const char *why) {
    for (size_t i = 0; i < g->nnotes; i++)
        if (strcmp(g->notes[i].where, where) == 0 && strcmp(g->notes[i].keyword, keyword) == 0)
            return;
    g->notes = grow(g->notes, &g->capnotes, g->nnotes, sizeof *g->notes);
    g->notes[g->nnotes++] = (gnote){where, keyword, why};
}

static const char *const c_reserved[] = {
    "auto",     "break",  "case",   "char",     "const",    "continue", "default",  "do",
    "double",   "else",   "enum",   "extern",   "float",    "for",      "goto",     "if",
    "inline",   "int",    "long",   "register", "restrict", "return",   "short",    "signed",
    "sizeof",   "static", "struct", "switch",   "typedef",  "union",    "unsigned", "void",
    "volatile", "while",  "bool",   "true",     "false",    "NULL",     "size_t",   "offsetof",
    "errno",    "assert", "main",   "EOF",      "stdin",    "stdout",   "stderr",   NULL};

static bool reserved(const char *s) {
    for (size_t i = 0; c_reserved[i]; i++)
        if (strcmp(c_reserved[i], s) == 0) return true;
    /* _Bool, __x, jb_ and JB_ names, int8_t-style typedefs */
    return s[0] == '_' || strncmp(s, "jb_", 3) == 0 || strncmp(s, "JB_", 3) == 0 ||
           (strlen(s) > 2 && strcmp(s + strlen(s) - 2, "_t") == 0);
}

/* text as a C identifier: [A-Za-z0-9_] with runs of others as one '_',
 * never empty, never starting with a digit or '_', never reserved. */
static const char *sanitize(gen *g, const char *text, bool upper) {
    size_t n = strlen(text);
    char *s = jb_arena_alloc(g->arena, n + 4, 1);
    if (!s) abort();
    size_t o = 0;
    for (size_t i = 0; i < n && o < 60; i++) {
        char c = text[i];
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (ok) {
            if (upper && c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
            s[o++] = c;
        } else if (o && s[o - 1] != '_') {
            s[o++] = '_';
        }
    }
    while (o && s[o - 1] == '_') o--;
    s[o] = 0;
    if (o == 0) return upper ? "X" : "x";
    if (s[0] >= '0' && s[0] <= '9') return gen_fmt(g, "%s%s", upper ? "N" : "n", s);
    if (reserved(s)) return gen_fmt(g, "%s_", s);
    return s;
}

static bool name_taken(gen *g, const char *s) {
    for (size_t i = 0; i < g->nnames; i++)
        if (strcmp(g->names[i], s) == 0) return true;
    return false;
}

static void name_take(gen *g, const char *s) {
    g->names = grow(g->names, &g->capnames, g->nnames, sizeof *g->names);
    g->names[g->nnames++] = s;
}

const char *gen_ident(gen *g, const char *text, bool upper) {
    const char *base = gen_fmt(g, "%s%s", upper ? "" : g->prefix, sanitize(g, text, upper));
    if (upper) base = gen_fmt(g, "%s", base);
    for (unsigned k = 1;; k++) {
        const char *cand = k == 1 ? base : gen_fmt(g, "%s_%u", base, k);
        /* a type name X also claims X_type (its descriptor) */
        const char *desc = gen_fmt(g, "%s_type", cand);
        if (!name_taken(g, cand) && !name_taken(g, desc)) {
            name_take(g, cand);
            if (!upper) name_take(g, desc);
            return cand;
        }
    }
}

const char *gen_member(gen *g, const char *text, const char **taken, size_t n) {
    const char *base = sanitize(g, text, false);
    for (unsigned k = 1;; k++) {
        const char *cand = k == 1 ? base : gen_fmt(g, "%s_%u", base, k);
        bool clash = false;
        for (size_t i = 0; i < n && !clash; i++) clash = taken[i] && strcmp(taken[i], cand) == 0;
        if (!clash) return cand;
    }
}

gtype *new_type(gen *g, gkind k, const char *where) {
    gtype *t = jb_arena_alloc(g->arena, sizeof *t, _Alignof(gtype));
    if (!t) abort();
    memset(t, 0, sizeof *t);
    t->kind = k;
    t->where = where;
    if (g->last)
        g->last->next = t;
    else
        g->types = t;
    g->last = t;
    return t;
}

gtype *memo_get(gen *g, const jb_value *node) {
    for (size_t i = 0; i < g->nmemo; i++)
        if (g->memo[i].node == node) return g->memo[i].type;
    return NULL;
}

void memo_put(gen *g, const jb_value *node, gtype *t) {
    g->memo = grow(g->memo, &g->capmemo, g->nmemo, sizeof *g->memo);
    g->memo[g->nmemo++] = (gmemo){node, t};
}

/* Scalars and containers are shared: one type per kind and element. */
gtype *shared(gen *g, gkind k, int ikind, gtype *elem) {
    for (gtype *t = g->types; t; t = t->next)
        if (t->kind == k && t->ikind == ikind && t->elem == elem && !t->name) return t;
    gtype *t = new_type(g, k, "");
    t->ikind = ikind;
    t->elem = elem;
    return t;
}

const jb_value *get(const jb_value *o, const char *k) {
    return jb_value_object_get(o, k, strlen(k));
}

bool str_is(const jb_value *v, const char *s) {
    jb_str x;
    return jb_value_get_str(v, &x) == JB_OK && x.len == strlen(s) && memcmp(x.ptr, s, x.len) == 0;
}

const char *str_of(const jb_value *v) {
    jb_str x;
    return jb_value_get_str(v, &x) == JB_OK ? x.ptr : NULL;
}

bool is_concrete(const gtype *t) {
    for (int d = 0; t && d < 64; d++) {
        if (t->kind == G_ANY) return false;
        if (t->kind != G_VEC && t->kind != G_MAP && t->kind != G_PTR) return true;
        t = t->elem;
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Where we are                                                        */
/* ------------------------------------------------------------------ */

ctx sub(gen *g, ctx c, const char *step, const char *name) {
    ctx s = c;
    s.where = gen_fmt(g, "%s/%s", c.where, step);
    s.name = name ? name : c.name;
    s.self = NULL;
    s.nullable = false;
    return s;
}

/* Keywords that are only annotations: never noted. */
static bool annotation(const char *k) {
    static const char *const a[] = {"$schema",
                                    "$id",
                                    "id",
                                    "$anchor",
                                    "$dynamicAnchor",
                                    "$comment",
                                    "title",
                                    "description",
                                    "default",
                                    "examples",
                                    "example",
                                    "deprecated",
                                    "readOnly",
                                    "writeOnly",
                                    "definitions",
                                    "$defs",
                                    "discriminator",
                                    "xml",
                                    "externalDocs",
                                    "$vocabulary",
                                    "contentMediaType",
                                    "contentEncoding",
                                    "contentSchema",
                                    "$recursiveAnchor",
                                    NULL};
    for (size_t i = 0; a[i]; i++)
        if (strcmp(a[i], k) == 0) return true;
    return strncmp(k, "x-", 2) == 0;
}

/* Note every keyword of s that is neither an annotation nor in `handled`. */
/* The JSON type a keyword looks at ("object", "array", "string",
 * "number"), or NULL for one that looks at every value. */
static const char *keyword_type(const char *k) {
    static const char *const by[][12] = {
        {"object", "properties", "required", "additionalProperties", "patternProperties",
         "propertyNames", "minProperties", "maxProperties", "unevaluatedProperties", "dependencies",
         "dependentRequired", "dependentSchemas"},
        {"array", "items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems",
         "contains", "minContains", "maxContains", "unevaluatedItems", NULL},
        {"string", "pattern", "minLength", "maxLength", "format", NULL},
        {"number", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
         NULL},
    };
    for (size_t t = 0; t < sizeof by / sizeof by[0]; t++)
        for (size_t i = 1; i < 12 && by[t][i]; i++)
            if (strcmp(by[t][i], k) == 0) return by[t][0];
    return NULL;
}

/* (Keywords that look only at values of another type than s's are not
 * noted: they do not apply.) */
void note_rest(gen *g, const jb_value *s, const char *where, const char *const *handled,
               const char *why) {
    const char *ty = str_of(get(s, "type"));
    if (ty && strcmp(ty, "integer") == 0) ty = "number";
    for (size_t i = 0, n = jb_value_object_len(s); i < n; i++) {
        jb_str k;
        jb_value_object_at(s, i, &k);
        if (annotation(k.ptr)) continue;
        const char *kt = keyword_type(k.ptr);
        if (ty && kt && strcmp(kt, ty) != 0) continue;
        bool ok = false;
        for (size_t j = 0; handled[j] && !ok; j++) ok = strcmp(handled[j], k.ptr) == 0;
        if (!ok) gen_note(g, where, k.ptr, why);
    }
}

/* ------------------------------------------------------------------ */
/* Refs and allOf: one merged node                                     */
/* ------------------------------------------------------------------ */

/* A deep copy of v with every "$ref" made absolute against base (so the
 * copy can be read under another base after a merge). */
static jb_value *absolute_refs(gen *g, const jb_value *v, const char *base, int depth) {
    if (depth > 100) return jb_value_copy(v, g->arena);
    if (jb_value_is_array(v)) {
        jb_value *a = jb_value_new_array(g->arena);
        for (size_t i = 0, n = jb_value_array_len(v); i < n; i++)
            jb_value_array_append(a, absolute_refs(g, jb_value_array_get(v, i), base, depth + 1),
                                  g->arena);
        return a;
    }
    if (!jb_value_is_object(v)) return jb_value_copy(v, g->arena);
    jb_value *o = jb_value_new_object(g->arena);
    for (size_t i = 0, n = jb_value_object_len(v); i < n; i++) {
        jb_str k;
        const jb_value *m = jb_value_object_at(v, i, &k);
        jb_value *c;
        const char *ref = str_of(m);
        if ((strcmp(k.ptr, "$ref") == 0 || strcmp(k.ptr, "$dynamicRef") == 0) && ref) {
            const char *b = NULL, *w = NULL;
            gdoc *d = NULL;
            /* resolved now; kept as an absolute URI of the target */
            if (gen_resolve(g, base, ref, &b, &w, &d)) {
                const char *hash = strchr(ref, '#');
                c = jb_value_new_string(g->arena, "", 0);
                const char *abs = gen_fmt(g, "%s%s", b, hash ? hash : "");
                c = jb_value_new_string(g->arena, abs, strlen(abs));
            } else {
                c = jb_value_copy(m, g->arena);
            }
        } else if (strcmp(k.ptr, "enum") == 0 || strcmp(k.ptr, "const") == 0 ||
                   strcmp(k.ptr, "default") == 0) {
            c = jb_value_copy(m, g->arena);
        } else {
            c = absolute_refs(g, m, base, depth + 1);
        }
        jb_value_object_set(o, k.ptr, k.len, c, g->arena);
    }
    return o;
}

bool is_validation(const char *k) {
    return !annotation(k) && strcmp(k, "$ref") && strcmp(k, "$dynamicRef");
}

/* Does s have keywords that validate, beside skip? */
static bool has_other(const jb_value *s, const char *skip) {
    for (size_t i = 0, n = jb_value_object_len(s); i < n; i++) {
        jb_str k;
        jb_value_object_at(s, i, &k);
        if (strcmp(k.ptr, skip) && is_validation(k.ptr)) return true;
    }
    return false;
}

static void collect_ref(gen *g, const char *ref, ctx c, parts *out, int depth) {
    const char *b, *w;
    gdoc *d;
    const jb_value *t = gen_resolve(g, c.base, ref, &b, &w, &d);
    if (!t) {
        gen_note(g, c.where, "$ref",
                 gen_fmt(g, "cannot resolve %s: that part is not enforced", ref));
        return;
    }
    ctx tc = {b, d, w, c.name, NULL, false};
    collect_parts(g, t, tc, out, depth + 1);
}

void collect_parts(gen *g, const jb_value *s, ctx c, parts *out, int depth) {
    if (depth > 32 || out->n == 64) {
        gen_note(g, c.where, "allOf", "too deep or too many parts: the rest is not enforced");
        return;
    }
    if (jb_value_is_bool(s)) {
        bool b = false;
        jb_value_get_bool(s, &b);
        if (!b) gen_note(g, c.where, "false", "a false schema (nothing valid) is not enforced");
        return;
    }
    const char *ref = str_of(get(s, "$ref"));
    if (!ref) ref = str_of(get(s, "$dynamicRef"));
    bool siblings_count = gen_draft(c.doc) >= 2019;
    if (ref) {
        collect_ref(g, ref, c, out, depth);
        if (!siblings_count) return; /* draft 04-07: keywords beside $ref are ignored */
    }
    const jb_value *all = get(s, "allOf");
    for (size_t i = 0, n = jb_value_array_len(all); i < n; i++)
        collect_parts(g, jb_value_array_get(all, i), sub(g, c, gen_fmt(g, "allOf/%zu", i), NULL),
                      out, depth + 1);
    /* jbind's guarded case {"if": A, "then": B, "else": false} is A and B */
    const jb_value *cond = get(s, "if"), *then = get(s, "then"), *els = get(s, "else");
    bool guarded = cond && then && jb_value_is_bool(els);
    if (guarded) {
        bool b = true;
        jb_value_get_bool(els, &b);
        guarded = !b;
    }
    if (guarded) {
        collect_parts(g, cond, sub(g, c, "if", NULL), out, depth + 1);
        collect_parts(g, then, sub(g, c, "then", NULL), out, depth + 1);
    }
    /* the node's own keywords, without the ones just expanded */
    jb_value *own = jb_value_new_object(g->arena);
    for (size_t i = 0, n = jb_value_object_len(s); i < n; i++) {
        jb_str k;
        const jb_value *m = jb_value_object_at(s, i, &k);
        if (!strcmp(k.ptr, "$ref") || !strcmp(k.ptr, "$dynamicRef") || !strcmp(k.ptr, "allOf"))
            continue;
        if (guarded && (!strcmp(k.ptr, "if") || !strcmp(k.ptr, "then") || !strcmp(k.ptr, "else")))
            continue;
        jb_value_object_set(own, k.ptr, k.len, (jb_value *)m, g->arena);
    }
    if (jb_value_object_len(own) && out->n < 64)
        out->p[out->n++] = absolute_refs(g, own, c.base, 0);
}

/* The union of two "required" lists. */
static jb_value *required_union(gen *g, const jb_value *a, const jb_value *b) {
    jb_value *r = jb_value_copy(a, g->arena);
    for (size_t i = 0, n = jb_value_array_len(b); i < n; i++) {
        const jb_value *x = jb_value_array_get(b, i);
        bool have = false;
        for (size_t j = 0, m = jb_value_array_len(r); j < m && !have; j++)
            have = jb_value_equal(jb_value_array_get(r, j), x);
        if (!have) jb_value_array_append(r, jb_value_copy(x, g->arena), g->arena);
    }
    return r;
}

static bool is_true(const jb_value *s) {
    bool b = false;
    return (jb_value_is_bool(s) && jb_value_get_bool(s, &b) == JB_OK && b) ||
           (jb_value_is_object(s) && jb_value_object_len(s) == 0);
}

/* Two position lists, position by position (true stands aside). */
static jb_value *merge_items(gen *g, const jb_value *a, const jb_value *b) {
    jb_value *r = jb_value_new_array(g->arena);
    size_t na = jb_value_array_len(a), nb = jb_value_array_len(b);
    for (size_t i = 0; i < na || i < nb; i++) {
        const jb_value *x = jb_value_array_get(a, i), *y = jb_value_array_get(b, i);
        const jb_value *one = !x || is_true(x) ? y : !y || is_true(y) ? x : NULL;
        if (!one) {
            jb_value *both = jb_value_new_object(g->arena), *l = jb_value_new_array(g->arena);
            jb_value_array_append(l, (jb_value *)x, g->arena);
            jb_value_array_append(l, (jb_value *)y, g->arena);
            jb_value_object_set(both, "allOf", 5, l, g->arena);
            one = both;
        }
        jb_value_array_append(r, (jb_value *)one, g->arena);
    }
    return r;
}

/* Merge the parts into one node: properties and required united, false
 * closing (additionalProperties), the first value of anything else (a
 * conflict is noted). */
jb_value *merge(gen *g, parts *ps, ctx c) {
    jb_value *m = jb_value_new_object(g->arena);
    for (size_t i = 0; i < ps->n; i++) {
        const jb_value *p = ps->p[i];
        for (size_t k = 0, n = jb_value_object_len(p); k < n; k++) {
            jb_str key;
            const jb_value *v = jb_value_object_at(p, k, &key);
            const jb_value *have = jb_value_object_get(m, key.ptr, key.len);
            if (!have) {
                jb_value_object_set(m, key.ptr, key.len, (jb_value *)v, g->arena);
            } else if (!strcmp(key.ptr, "properties") || !strcmp(key.ptr, "patternProperties")) {
                jb_value *props = jb_value_copy(have, g->arena);
                for (size_t j = 0, pn = jb_value_object_len(v); j < pn; j++) {
                    jb_str pk;
                    const jb_value *pv = jb_value_object_at(v, j, &pk);
                    const jb_value *old = jb_value_object_get(props, pk.ptr, pk.len);
                    if (old) { /* both parts describe it: both hold */
                        jb_value *both = jb_value_new_object(g->arena),
                                 *a = jb_value_new_array(g->arena);
                        jb_value_array_append(a, (jb_value *)old, g->arena);
                        jb_value_array_append(a, (jb_value *)pv, g->arena);
                        jb_value_object_set(both, "allOf", 5, a, g->arena);
                        pv = both;
                    }
                    jb_value_object_set(props, pk.ptr, pk.len, (jb_value *)pv, g->arena);
                }
                jb_value_object_set(m, key.ptr, key.len, props, g->arena);
            } else if ((!strcmp(key.ptr, "prefixItems") || !strcmp(key.ptr, "items")) &&
                       jb_value_is_array(have) && jb_value_is_array(v)) {
                jb_value_object_set(m, key.ptr, key.len, merge_items(g, have, v), g->arena);
            } else if (!strcmp(key.ptr, "required")) {
                jb_value_object_set(m, "required", 8, required_union(g, have, v), g->arena);
            } else if (!strcmp(key.ptr, "additionalProperties") ||
                       !strcmp(key.ptr, "unevaluatedProperties")) {
                if (jb_value_is_bool(v)) {
                    bool b = true;
                    jb_value_get_bool(v, &b);
                    if (!b) jb_value_object_set(m, key.ptr, key.len, (jb_value *)v, g->arena);
                }
            } else if (!strcmp(key.ptr, "type") && str_is(have, "number") && str_is(v, "integer")) {
                jb_value_object_set(m, "type", 4, (jb_value *)v, g->arena);
            } else if (!jb_value_equal(have, v) && is_validation(key.ptr)) {
                gen_note(g, c.where, key.ptr,
                         "allOf parts disagree: the first part's value is used");
            }
        }
    }
    return m;
}

/* ------------------------------------------------------------------ */
/* Scalars                                                             */
/* ------------------------------------------------------------------ */

bool number_at(const jb_value *s, const char *k, double *out) {
    const jb_value *v = get(s, k);
    return v && jb_value_is_number(v) && jb_value_get_f64(v, out) == JB_OK;
}

/*
 * Integer bounds, exact over the 64-bit range: a value is its sign and
 * magnitude; `beyond` marks one past what 64 bits hold (either way).
 */
typedef struct ibound {
    bool have, neg, beyond;
    uint64_t mag;
} ibound;

static int bound_cmp(ibound a, ibound b) { /* a < b: -1, =: 0, >: 1 (both present, not beyond) */
    if (a.neg != b.neg) return a.neg ? -1 : 1;
    int m = a.mag < b.mag ? -1 : a.mag > b.mag;
    return a.neg ? -m : m;
}

/* The bound a number gives for an integer: rounded inward (a lower bound
 * up, an upper bound down). */
static ibound bound_of(const jb_value *v, bool lower) {
    ibound b = {false, false, false, 0};
    int64_t i;
    uint64_t u;
    double d;
    if (!v || !jb_value_is_number(v)) return b;
    b.have = true;
    if (jb_value_get_i64(v, &i) == JB_OK) {
        b.neg = i < 0;
        b.mag = i < 0 ? (uint64_t)(-(i + 1)) + 1 : (uint64_t)i;
    } else if (jb_value_get_u64(v, &u) == JB_OK) {
        b.mag = u;
    } else if (jb_value_get_f64(v, &d) == JB_OK) {
        d = lower ? ceil(d) : floor(d);
        b.neg = d < 0;
        double m = fabs(d);
        if (m >= 18446744073709551616.0)
            b.beyond = true;
        else
            b.mag = (uint64_t)m;
    } else {
        b.beyond = true; /* a number past double */
        b.neg = jb_value_get_f64(v, &d) == JB_OK ? d < 0 : lower;
    }
    return b;
}

/* One step inward: an exclusive bound. */
static ibound step_in(ibound b, bool lower) {
    if (!b.have || b.beyond) return b;
    bool up = lower;   /* a lower bound moves up, an upper one down */
    if (b.neg == up) { /* toward zero */
        b.mag--;
        if (b.mag == 0) b.neg = false;
    } else {
        if (b.mag == UINT64_MAX)
            b.beyond = true;
        else
            b.mag++;
        if (!b.neg && !up) b.neg = true, b.mag = 1; /* 0 down is -1 */
    }
    return b;
}

static const struct {
    ibound lo, hi;
} kind_bounds[] = {
    [JB_KIND_I8] = {{1, 1, 0, 128}, {1, 0, 0, 127}},
    [JB_KIND_I16] = {{1, 1, 0, 32768}, {1, 0, 0, 32767}},
    [JB_KIND_I32] = {{1, 1, 0, 2147483648u}, {1, 0, 0, 2147483647}},
    [JB_KIND_I64] = {{1, 1, 0, (uint64_t)1 << 63}, {1, 0, 0, ((uint64_t)1 << 63) - 1}},
    [JB_KIND_U8] = {{1, 0, 0, 0}, {1, 0, 0, 255}},
    [JB_KIND_U16] = {{1, 0, 0, 0}, {1, 0, 0, 65535}},
    [JB_KIND_U32] = {{1, 0, 0, 0}, {1, 0, 0, 4294967295u}},
    [JB_KIND_U64] = {{1, 0, 0, 0}, {1, 0, 0, UINT64_MAX}},
};

static bool fits(int k, ibound lo, ibound hi) {
    return lo.have && hi.have && !lo.beyond && !hi.beyond &&
           bound_cmp(lo, kind_bounds[k].lo) >= 0 && bound_cmp(hi, kind_bounds[k].hi) <= 0;
}

/* The narrowest C integer for [lo, hi] (0: none); a bound not given is
 * open: int64_t, or uint64_t from a lower bound of 0 or more. */
static int int_kind(ibound lo, ibound hi) {
    static const int order[] = {JB_KIND_U8,  JB_KIND_I8,  JB_KIND_U16, JB_KIND_I16,
                                JB_KIND_U32, JB_KIND_I32, JB_KIND_I64, JB_KIND_U64};
    if (lo.have && !lo.beyond && !lo.neg && !hi.have) return JB_KIND_U64;
    if (!lo.have || !hi.have) {
        ibound l = lo.have ? lo : kind_bounds[JB_KIND_I64].lo,
               h = hi.have ? hi : kind_bounds[JB_KIND_I64].hi;
        return fits(JB_KIND_I64, l, h) ? JB_KIND_I64 : 0;
    }
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (fits(order[i], lo, hi)) return order[i];
    return 0;
}

/* An integer node's range: minimum/maximum, exclusive ones (draft 04's
 * booleans, later drafts' numbers) moved in by one. */
static void int_range(const jb_value *s, ibound *lo, ibound *hi) {
    *lo = bound_of(get(s, "minimum"), true);
    *hi = bound_of(get(s, "maximum"), false);
    const jb_value *el = get(s, "exclusiveMinimum"), *eh = get(s, "exclusiveMaximum");
    bool b = false;
    if (jb_value_is_bool(el) && jb_value_get_bool(el, &b) == JB_OK && b) *lo = step_in(*lo, true);
    if (jb_value_is_bool(eh) && jb_value_get_bool(eh, &b) == JB_OK && b) *hi = step_in(*hi, false);
    ibound x = step_in(bound_of(el, true), true);
    if (x.have && (!lo->have || bound_cmp(x, *lo) > 0)) *lo = x;
    x = step_in(bound_of(eh, false), false);
    if (x.have && (!hi->have || bound_cmp(x, *hi) < 0)) *hi = x;
}

static bool same_bound(ibound a, ibound b) { return a.have && !a.beyond && bound_cmp(a, b) == 0; }

/*
 * An integer written as a string with a sign, "+5" (Fable): a record of one
 * field, unwrapped, whose format reads and writes integers that way.
 */
static gtype *signed_string(gen *g, int k) {
    const char *name = gen_fmt(g, "%s%s_signed_string", g->prefix,
                               (const char *[]){[JB_KIND_I32] = "i32",
                                                [JB_KIND_I64] = "i64",
                                                [JB_KIND_U32] = "u32",
                                                [JB_KIND_U64] = "u64"}[k]);
    for (gtype *t = g->types; t; t = t->next)
        if (t->kind == G_RECORD && t->name && strcmp(t->name, name) == 0) return t;
    gtype *r = new_type(g, G_RECORD, "(a signed integer string)");
    r->name = gen_ident(g, name + strlen(g->prefix), false);
    r->fmt_flags = JB_FMT_UNWRAP_UNARY | JB_FMT_INT64_STRING | JB_FMT_INT64_SIGNED;
    r->fields = calloc(1, sizeof *r->fields);
    if (!r->fields) abort();
    r->nfields = r->capfields = 1;
    /* 64-bit integers are strings in that scope; 32-bit ones need the string kind */
    r->fields[0] = (gfield){
        "value", "value",
        NULL,    shared(g, k == JB_KIND_I64 || k == JB_KIND_U64 ? G_INT : G_INT_STRING, k, NULL),
        true,    false};
    return r;
}

gtype *integer(gen *g, const jb_value *s, ctx c, bool as_string, const jb_value *str) {
    ibound lo, hi;
    int_range(s, &lo, &hi);
    int k = int_kind(lo, hi);
    if (!k) {
        gen_note(g, c.where, "minimum", "the range passes 64 bits: read as a double");
        return shared(g, G_NUMBER, 0, NULL);
    }
    /* integers in strings: jb_i32_string, jb_u32_string, jb_i64_string, jb_u64_string */
    if (as_string)
        k = k >= JB_KIND_U8 ? (k == JB_KIND_U64 ? JB_KIND_U64 : JB_KIND_U32)
                            : (k == JB_KIND_I64 ? JB_KIND_I64 : JB_KIND_I32);
    bool lo_exact = !lo.have || same_bound(lo, kind_bounds[k].lo),
         hi_exact = !hi.have || same_bound(hi, kind_bounds[k].hi);
    static const char *const bound_names[] = {"minimum", "exclusiveMinimum", "maximum",
                                              "exclusiveMaximum"};
    for (int i = 0; i < 4; i++)
        if (get(s, bound_names[i]) && !(i < 2 ? lo_exact : hi_exact))
            gen_note(g, c.where, bound_names[i], "only the C integer type's own range is enforced");
    static const char *const handled[] = {
        "type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", NULL};
    note_rest(g, s, c.where, handled, "not enforced by a C integer");
    const char *pat = str ? str_of(get(str, "pattern")) : NULL;
    if (as_string && pat && strncmp(pat, "^(?:\\+?", 7) == 0) return signed_string(g, k);
    return shared(g, as_string ? G_INT_STRING : G_INT, k, NULL);
}

static gtype *scalar(gen *g, const jb_value *s, ctx c, gkind k) {
    static const char *const handled[] = {"type", NULL};
    /* one character: jb_char (JSON Schema counts a string's length in code points) */
    double mn, mx;
    static const char *const one_char[] = {"type", "minLength", "maxLength", NULL};
    if (k == G_STRING && number_at(s, "minLength", &mn) && mn == 1 &&
        number_at(s, "maxLength", &mx) && mx == 1) {
        note_rest(g, s, c.where, one_char, "not enforced on a character");
        return shared(g, G_CHAR, 0, NULL);
    }
    const char *why = k == G_STRING   ? "not enforced: the value is kept as a jb_str"
                      : k == G_NUMBER ? "not enforced: the value is a double"
                                      : "not enforced";
    if (k == G_STRING && get(s, "format"))
        gen_note(g, c.where, "format", "the format is kept as a string (jb_str)");
    note_rest(g, s, c.where, handled, why);
    return shared(g, k, 0, NULL);
}

/* The float halfway point past FLT_MAX, 2^128 - 2^103: a decimal at or
 * past it rounds to infinity as a float. jbind exports a float as a number
 * strictly inside it. */
#define FLOAT_LIMIT 0x1.ffffffp+127

/*
 * A number: a double, or with --numbers text and no bounds, its exact text
 * (jb_number); a float when exclusively bounded by +-FLOAT_LIMIT (the float's
 * own range, what jbind exports for one). A bound of +-DBL_MAX is the
 * double's own range (what jbind exports for a double); other bounds are
 * not enforced.
 */
static gtype *number(gen *g, const jb_value *s, ctx c) {
    static const char *const bounds[] = {"minimum", "exclusiveMinimum", "maximum",
                                         "exclusiveMaximum"};
    double xlo, xhi;
    if (!get(s, "minimum") && !get(s, "maximum") && number_at(s, "exclusiveMinimum", &xlo) &&
        xlo == -FLOAT_LIMIT && number_at(s, "exclusiveMaximum", &xhi) && xhi == FLOAT_LIMIT) {
        static const char *const handled[] = {"type", "exclusiveMinimum", "exclusiveMaximum", NULL};
        note_rest(g, s, c.where, handled, "not enforced on a number");
        return shared(g, G_FLOAT, 0, NULL);
    }
    bool lower = false, upper = false;
    for (int i = 0; i < 4; i++) {
        double d;
        if (!number_at(s, bounds[i], &d)) continue;
        if (i < 2)
            lower = true;
        else
            upper = true;
        if (fabs(d) != 1.7976931348623157e308)
            gen_note(g, c.where, bounds[i], "not enforced: the value is a double");
    }
    static const char *const handled[] = {
        "type", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", NULL};
    note_rest(g, s, c.where, handled, "not enforced on a number");
    return shared(g, g->numbers_text && !(lower && upper) ? G_NUMBER_TEXT : G_NUMBER, 0, NULL);
}

/* ------------------------------------------------------------------ */
/* Enums                                                               */
/* ------------------------------------------------------------------ */

gtype *string_enum(gen *g, const jb_value *vals, ctx c) {
    gtype *t = new_type(g, G_ENUM, c.where);
    t->name = gen_ident(g, c.name, false);
    size_t n = jb_value_array_len(vals);
    t->values = jb_arena_alloc(g->arena, (n + 1) * sizeof *t->values, _Alignof(char *));
    t->consts = jb_arena_alloc(g->arena, (n + 1) * sizeof *t->consts, _Alignof(char *));
    for (size_t i = 0; i < n; i++) {
        const char *v = str_of(jb_value_array_get(vals, i));
        bool dup = false;
        for (size_t j = 0; j < t->nvalues && !dup; j++) dup = strcmp(t->values[j], v) == 0;
        if (dup) continue;
        t->values[t->nvalues] = v;
        const char *tn = t->name + strlen(g->prefix);
        t->consts[t->nvalues++] = gen_ident(g, gen_fmt(g, "%s%s_%s", g->prefix, tn, v), true);
    }
    return t;
}

/* The values of "enum" or "const", or NULL. */
const jb_value *enum_values(gen *g, const jb_value *s) {
    const jb_value *e = get(s, "enum");
    if (e) return e;
    const jb_value *k = get(s, "const");
    if (!k) return NULL;
    jb_value *a = jb_value_new_array(g->arena);
    jb_value_array_append(a, (jb_value *)k, g->arena);
    return a;
}

/* Every value a string (nulls counted apart in *nulls). */
bool all_strings(const jb_value *vals, size_t *nulls) {
    size_t n = jb_value_array_len(vals), s = 0;
    *nulls = 0;
    for (size_t i = 0; i < n; i++) {
        const jb_value *v = jb_value_array_get(vals, i);
        if (jb_value_is_string(v))
            s++;
        else if (jb_value_is_null(v))
            (*nulls)++;
    }
    return s > 0 && s + *nulls == n;
}

gtype *ptr_to(gen *g, gtype *t) {
    return t->kind == G_PTR || t->kind == G_ANY ? t : shared(g, G_PTR, 0, t);
}

static gtype *from_enum(gen *g, const jb_value *s, const jb_value *vals, ctx c) {
    size_t nulls;
    static const char *const handled[] = {"type", "enum", "const", NULL};
    if (all_strings(vals, &nulls)) {
        jb_value *strs = jb_value_new_array(g->arena);
        for (size_t i = 0, n = jb_value_array_len(vals); i < n; i++)
            if (jb_value_is_string(jb_value_array_get(vals, i)))
                jb_value_array_append(strs, jb_value_array_get(vals, i), g->arena);
        note_rest(g, s, c.where, handled, "not enforced on an enum");
        gtype *t = string_enum(g, strs, c);
        return nulls ? ptr_to(g, t) : t;
    }
    bool ints = true, bools = true;
    for (size_t i = 0, n = jb_value_array_len(vals); i < n; i++) {
        ints = ints && jb_value_is_integer(jb_value_array_get(vals, i));
        bools = bools && jb_value_is_bool(jb_value_array_get(vals, i));
    }
    if (bools) {
        gen_note(g, c.where, "enum", "boolean values: read as a bool, the list is not enforced");
        return shared(g, G_BOOL, 0, NULL);
    }
    if (ints) {
        gen_note(g, c.where, "enum",
                 "integer values: read as an integer, the list is not enforced");
        return shared(g, G_INT, JB_KIND_I64, NULL);
    }
    gen_note(g, c.where, get(s, "enum") ? "enum" : "const",
             "values that are not all strings: kept as jb_value");
    return shared(g, G_ANY, 0, NULL);
}

/* ------------------------------------------------------------------ */
/* Records and maps                                                    */
/* ------------------------------------------------------------------ */

bool in_list(const jb_value *list, const char *s, size_t n) {
    for (size_t i = 0, m = jb_value_array_len(list); i < m; i++) {
        jb_str x;
        if (jb_value_get_str(jb_value_array_get(list, i), &x) == JB_OK && x.len == n &&
            memcmp(x.ptr, s, n) == 0)
            return true;
    }
    return false;
}

bool false_at(const jb_value *s, const char *k) {
    const jb_value *v = get(s, k);
    bool b = true;
    return v && jb_value_is_bool(v) && jb_value_get_bool(v, &b) == JB_OK && !b;
}

/* Does a value of t decode from null (so that null is not "absent")? */
static bool accepts_null(const gtype *t, int depth) {
    if (depth > 32) return false;
    if (t->kind == G_ANY || t->kind == G_PTR) return true;
    if (t->kind == G_SUM && t->style == GS_UNTAGGED)
        for (size_t i = 0; i < t->ncases; i++)
            if (t->cases[i].type && accepts_null(t->cases[i].type, depth + 1)) return true;
    return false;
}

static void add_field(gen *g, gtype *r, const char *json, gtype *t, bool required) {
    r->fields = grow(r->fields, &r->capfields, r->nfields, sizeof *r->fields);
    const char *taken[512];
    size_t n = 0;
    for (size_t i = 0; i < r->nfields && n + 2 < 512; i++) {
        taken[n++] = r->fields[i].member;
        taken[n++] = r->fields[i].flag;
    }
    /* an optional field whose value may be null keeps null apart from
     * absent: a flag over a pointer (jbind reads null for other optional
     * fields as absent) */
    if (!required && t->kind != G_PTR && accepts_null(t, 0)) t = shared(g, G_PTR, 0, t);
    if (required && t->kind == G_PTR)
        gen_note(g, r->where, "required",
                 gen_fmt(g,
                         "\"%s\" may be null: jbind reads such a member as optional (its absence "
                         "is not refused)",
                         json));
    gfield *f = &r->fields[r->nfields];
    memset(f, 0, sizeof *f);
    f->json = json;
    f->type = t;
    f->required = required;
    f->member = gen_member(g, json, taken, n);
    taken[n++] = f->member;
    if (!required) f->flag = gen_member(g, gen_fmt(g, "has_%s", f->member), taken, n);
    r->nfields++;
    g->nprops++;
    if (is_concrete(t)) g->nconcrete++;
}

/*
 * A record from properties. `skip` is a property left out (an internally
 * tagged sum's tag, which jbind reads beside the payload's fields).
 */
gtype *record(gen *g, const jb_value *s, ctx c, const char *skip) {
    gtype *r = new_type(g, G_RECORD, c.where);
    r->name = gen_ident(g, c.name, false);
    if (!skip && c.self) memo_put(g, c.self, r); /* before the fields: they may lead back here */
    const jb_value *props = get(s, "properties"), *req = get(s, "required");
    for (size_t i = 0, n = jb_value_object_len(props); i < n; i++) {
        jb_str k;
        const jb_value *ps = jb_value_object_at(props, i, &k);
        if (skip && strcmp(k.ptr, skip) == 0) continue;
        const char *base = r->name + strlen(g->prefix);
        ctx pc = sub(g, c, gen_fmt(g, "properties/%s", k.ptr), gen_fmt(g, "%s_%s", base, k.ptr));
        gtype *t = type_of(g, ps, pc);
        add_field(g, r, k.ptr, t, in_list(req, k.ptr, k.len));
    }
    /* required names that no property describes: any value */
    for (size_t i = 0, n = jb_value_array_len(req); i < n; i++) {
        jb_str k;
        if (jb_value_get_str(jb_value_array_get(req, i), &k) || (skip && strcmp(k.ptr, skip) == 0))
            continue;
        if (!jb_value_object_get(props, k.ptr, k.len))
            add_field(g, r, k.ptr, shared(g, G_ANY, 0, NULL), true);
    }
    const jb_value *pat = get(s, "patternProperties"), *extra = get(s, "additionalProperties");
    bool closed = (false_at(s, "additionalProperties") || false_at(s, "unevaluatedProperties")) &&
                  !jb_value_object_len(pat);
    if (closed) {
        r->deny = true;
    } else {
        const char *taken[1024];
        size_t n = 0;
        for (size_t i = 0; i < r->nfields && n + 2 < 1024; i++) {
            taken[n++] = r->fields[i].member;
            taken[n++] = r->fields[i].flag;
        }
        r->capture = gen_member(g, "extra", taken, n);
        if (jb_value_object_len(pat))
            gen_note(g, c.where, "patternProperties",
                     "members matching a pattern are kept verbatim (jb_raw_members), not checked");
        if (extra && !jb_value_is_bool(extra))
            gen_note(
                g, c.where, "additionalProperties",
                "other members are kept verbatim (jb_raw_members), not checked against the schema");
        if (false_at(s, "additionalProperties") || false_at(s, "unevaluatedProperties"))
            gen_note(g, c.where,
                     false_at(s, "additionalProperties") ? "additionalProperties"
                                                         : "unevaluatedProperties",
                     "false beside patternProperties: other members are kept, not refused");
    }
    static const char *const handled[] = {"type",
                                          "properties",
                                          "required",
                                          "patternProperties",
                                          "additionalProperties",
                                          "unevaluatedProperties",
                                          NULL};
    note_rest(g, s, c.where, handled, "not enforced on an object");
    return r;
}

static gtype *map_or_record(gen *g, const jb_value *s, ctx c) {
    const jb_value *props = get(s, "properties"), *pat = get(s, "patternProperties"),
                   *extra = get(s, "additionalProperties");
    if (jb_value_object_len(props) || jb_value_array_len(get(s, "required")))
        return record(g, s, c, NULL);
    static const char *const handled[] = {"type", "additionalProperties", "patternProperties",
                                          "properties", NULL};
    const jb_value *vs = NULL;
    ctx vc = c;
    if (extra && !jb_value_is_bool(extra) && !jb_value_object_len(pat)) {
        vs = extra;
        vc = sub(g, c, "additionalProperties", gen_fmt(g, "%s_value", c.name));
    } else if (jb_value_object_len(pat) == 1 && (!extra || false_at(s, "additionalProperties"))) {
        jb_str k;
        vs = jb_value_object_at(pat, 0, &k);
        vc = sub(g, c, gen_fmt(g, "patternProperties/%s", k.ptr), gen_fmt(g, "%s_value", c.name));
        gen_note(g, c.where, "patternProperties",
                 gen_fmt(g, "keys are not checked against the pattern %s", k.ptr));
    } else if (jb_value_object_len(pat) && (!extra || false_at(s, "additionalProperties"))) {
        /* several patterns: a value of any of their schemas (tried in order) */
        jb_value *any = jb_value_new_object(g->arena), *alts = jb_value_new_array(g->arena);
        for (size_t i = 0, n = jb_value_object_len(pat); i < n; i++)
            jb_value_array_append(alts, jb_value_object_at(pat, i, NULL), g->arena);
        jb_value_object_set(any, "anyOf", 5, alts, g->arena);
        vs = any;
        vc = sub(g, c, "patternProperties", gen_fmt(g, "%s_value", c.name));
        gen_note(
            g, c.where, "patternProperties",
            "several patterns: a value may be any of theirs, whatever its key (keys not checked)");
    } else if (jb_value_object_len(pat)) {
        gen_note(g, c.where, "patternProperties",
                 "patterns beside additionalProperties: the values are kept as jb_value");
    }
    if (false_at(s, "additionalProperties") && jb_value_object_len(pat))
        gen_note(g, c.where, "additionalProperties",
                 "false beside patternProperties: keys matching no pattern are not refused");
    if (false_at(s, "additionalProperties") && !jb_value_object_len(pat)) {
        /* {} only: a record with no fields, closed */
        gtype *r = new_type(g, G_RECORD, c.where);
        r->name = gen_ident(g, c.name, false);
        r->deny = true;
        if (c.self) memo_put(g, c.self, r);
        note_rest(g, s, c.where, handled, "not enforced on an object");
        return r;
    }
    note_rest(g, s, c.where, handled, "not enforced on a map");
    gtype *v = vs ? type_of(g, vs, vc) : shared(g, G_ANY, 0, NULL);
    return shared(g, G_MAP, 0, v);
}

/* ------------------------------------------------------------------ */
/* Arrays                                                              */
/* ------------------------------------------------------------------ */

static gtype *array(gen *g, const jb_value *s, ctx c) {
    bool v2019 = gen_draft(c.doc) >= 2019;
    const jb_value *prefix = v2019 ? get(s, "prefixItems") : NULL, *items = get(s, "items");
    const jb_value *rest = v2019 ? items : get(s, "additionalItems");
    if (!v2019 && jb_value_is_array(items)) prefix = items;
    double mn = 0, mx = -1;
    bool hmin = number_at(s, "minItems", &mn), hmax = number_at(s, "maxItems", &mx);
    if (prefix) {
        size_t n = jb_value_array_len(prefix);
        bool closed =
            (rest && jb_value_is_bool(rest) && false_at(s, v2019 ? "items" : "additionalItems")) ||
            (hmax && mx <= (double)n);
        if (hmin && mn >= (double)n && closed) {
            gtype *t = new_type(g, G_TUPLE, c.where);
            t->name = gen_ident(g, c.name, false);
            if (c.self) memo_put(g, c.self, t);
            t->elems = jb_arena_alloc(g->arena, (n ? n : 1) * sizeof *t->elems, _Alignof(gtype *));
            t->nelems = n;
            for (size_t i = 0; i < n; i++)
                t->elems[i] =
                    type_of(g, jb_value_array_get(prefix, i),
                            sub(g, c, gen_fmt(g, "%s/%zu", v2019 ? "prefixItems" : "items", i),
                                gen_fmt(g, "%s_%zu", c.name, i)));
            static const char *const handled[] = {
                "type", "prefixItems", "items", "additionalItems", "minItems", "maxItems", NULL};
            note_rest(g, s, c.where, handled, "not enforced on a tuple");
            return t;
        }
        gen_note(g, c.where, v2019 ? "prefixItems" : "items",
                 "positions with a variable number of elements: a vector of jb_value");
        static const char *const handled[] = {"type", "prefixItems", "items", "additionalItems",
                                              NULL};
        note_rest(g, s, c.where, handled, "not enforced on a vector");
        return shared(g, G_VEC, 0, shared(g, G_ANY, 0, NULL));
    }
    static const char *const handled[] = {"type", "items", NULL};
    note_rest(g, s, c.where, handled, "not enforced on a vector");
    gtype *e = items && !jb_value_is_array(items)
                   ? type_of(g, items, sub(g, c, "items", gen_fmt(g, "%s_item", c.name)))
                   : shared(g, G_ANY, 0, NULL);
    return shared(g, G_VEC, 0, e);
}

/* ------------------------------------------------------------------ */
/* Sums                                                                */
/* ------------------------------------------------------------------ */

/* ------------------------------------------------------------------ */
/* Dispatch                                                            */
/* ------------------------------------------------------------------ */

/* What kind of value a node without "type" describes, from its keywords. */
static const char *implied_type(const jb_value *s) {
    static const char *const obj[] = {"properties",
                                      "required",
                                      "additionalProperties",
                                      "patternProperties",
                                      "propertyNames",
                                      "minProperties",
                                      "maxProperties",
                                      "unevaluatedProperties",
                                      NULL};
    static const char *const arr[] = {"items",    "prefixItems", "additionalItems", "minItems",
                                      "maxItems", "uniqueItems", "contains",        NULL};
    static const char *const str[] = {"pattern", "minLength", "maxLength", "format", NULL};
    static const char *const num[] = {"minimum",          "maximum",    "exclusiveMinimum",
                                      "exclusiveMaximum", "multipleOf", NULL};
    for (size_t i = 0; obj[i]; i++)
        if (get(s, obj[i])) return "object";
    for (size_t i = 0; arr[i]; i++)
        if (get(s, arr[i])) return "array";
    for (size_t i = 0; str[i]; i++)
        if (get(s, str[i])) return "string";
    for (size_t i = 0; num[i]; i++)
        if (get(s, num[i])) return "number";
    return NULL;
}

static gtype *by_type(gen *g, const jb_value *s, ctx c, const char *ty) {
    if (!strcmp(ty, "object")) return map_or_record(g, s, c);
    if (!strcmp(ty, "array")) return array(g, s, c);
    if (!strcmp(ty, "string")) return scalar(g, s, c, G_STRING);
    if (!strcmp(ty, "integer")) return integer(g, s, c, false, NULL);
    if (!strcmp(ty, "number")) return number(g, s, c);
    if (!strcmp(ty, "boolean")) return scalar(g, s, c, G_BOOL);
    if (!strcmp(ty, "null")) {
        gen_note(g, c.where, "type", "\"null\" alone: kept as jb_value");
        return shared(g, G_ANY, 0, NULL);
    }
    gen_note(g, c.where, "type", gen_fmt(g, "unknown type \"%s\": kept as jb_value", ty));
    return shared(g, G_ANY, 0, NULL);
}

/* The node, resolved: refs followed, allOf merged. */
static gtype *resolved(gen *g, const jb_value *s, ctx c) {
    const jb_value *e = enum_values(g, s);
    if (e) return from_enum(g, s, e, c);
    if (get(s, "oneOf") || get(s, "anyOf")) return sum(g, s, c);
    const jb_value *ty = get(s, "type");
    if (jb_value_is_array(ty)) return type_list(g, s, c, ty);
    const char *t = str_of(ty);
    if (!t) t = implied_type(s);
    if (!t) {
        static const char *const none[] = {NULL};
        note_rest(g, s, c.where, none, "not enforced on a value of any type (jb_value)");
        return shared(g, G_ANY, 0, NULL);
    }
    return by_type(g, s, c, t);
}

/*
 * {"if": A, "then": B, "else": C} as the untagged sum [A and B, C] (the
 * first case that decodes wins; C is not checked against "not A"), and
 * without "else", the node itself ("then" not enforced).
 */
static gtype *conditional(gen *g, const jb_value *s, ctx c) {
    jb_value *rest = jb_value_new_object(g->arena), *yes = jb_value_new_array(g->arena);
    for (size_t i = 0, n = jb_value_object_len(s); i < n; i++) {
        jb_str k;
        const jb_value *v = jb_value_object_at(s, i, &k);
        if (strcmp(k.ptr, "if") && strcmp(k.ptr, "then") && strcmp(k.ptr, "else"))
            jb_value_object_set(rest, k.ptr, k.len, (jb_value *)v, g->arena);
    }
    const jb_value *els = get(s, "else");
    if (!els || !get(s, "then")) {
        gen_note(g, c.where, get(s, "then") ? "then" : "else",
                 "if without then / else: the condition is not enforced");
        return resolved(g, rest, c);
    }
    gen_note(g, c.where, "if",
             "if / then / else: read as the first of [if and then, else] that decodes");
    jb_value_array_append(yes, absolute_refs(g, get(s, "if"), c.base, 0), g->arena);
    jb_value_array_append(yes, absolute_refs(g, get(s, "then"), c.base, 0), g->arena);
    jb_value *first = jb_value_new_object(g->arena), *alt = jb_value_new_array(g->arena);
    jb_value_object_set(first, "allOf", 5, yes, g->arena);
    jb_value_array_append(alt, first, g->arena);
    jb_value_array_append(alt, absolute_refs(g, els, c.base, 0), g->arena);
    jb_value_object_set(rest, "anyOf", 5, alt, g->arena);
    return resolved(g, rest, c);
}

static gtype *type_of_node(gen *g, const jb_value *s, ctx c) {
    c.base = gen_base_of(g, s, c.base, gen_draft(c.doc));
    c.self = s;
    c.nullable = false;
    const char *ref = str_of(get(s, "$ref"));
    if (!ref) ref = str_of(get(s, "$dynamicRef"));
    bool merge_needed = get(s, "allOf") ||
                        (ref && gen_draft(c.doc) >= 2019 && has_other(s, "$ref")) ||
                        (get(s, "if") && get(s, "then") && jb_value_is_bool(get(s, "else")));
    if (ref && !merge_needed) {
        const char *b, *w;
        gdoc *d;
        const jb_value *target = gen_resolve(g, c.base, ref, &b, &w, &d);
        if (gen_draft(c.doc) < 2019 && has_other(s, "$ref"))
            gen_note(g, c.where, "$ref", "keywords beside $ref are ignored (draft 04-07)");
        if (!target) {
            gen_note(g, c.where, "$ref", gen_fmt(g, "cannot resolve %s: kept as jb_value", ref));
            return shared(g, G_ANY, 0, NULL);
        }
        /* the target's type is named after its def: definitions/X, $defs/X,
         * or another document's file name */
        const char *hash = strchr(w, '#'), *slash = strrchr(w, '/');
        const char *name = slash && slash > hash && slash[1] ? slash + 1 : c.name;
        if ((!slash || slash < hash) && d && d != c.doc) {
            const char *p = strrchr(d->path, '/');
            p = p ? p + 1 : d->path;
            name = gen_fmt(g, "%.*s", (int)strcspn(p, "."), p);
        }
        return type_of(g, target, (ctx){b, d, w, name, NULL, false});
    }
    if (merge_needed) {
        parts ps = {{0}, 0};
        collect_parts(g, s, c, &ps, 0);
        s = merge(g, &ps, c);
    }
    if (get(s, "if") && (get(s, "then") || get(s, "else"))) return conditional(g, s, c);
    return resolved(g, s, c);
}

gtype *type_of(gen *g, const jb_value *s, ctx c) {
    gtype *t = memo_get(g, s);
    if (t) return t;
    if (!jb_value_is_object(s)) {
        bool b = true;
        if (!jb_value_is_bool(s))
            gen_note(g, c.where, "schema", "not a schema (an object or a boolean)");
        else if (jb_value_get_bool(s, &b) == JB_OK && !b)
            gen_note(g, c.where, "false", "a false schema (nothing valid) is not enforced");
        return shared(g, G_ANY, 0, NULL);
    }
    for (size_t i = 0; i < g->nbusy; i++)
        if (g->busy[i] == s) { /* back to a node not yet a named type: a vector of itself, ... */
            gen_note(g, c.where, "$ref",
                     "a cycle through vectors, maps or pointers only: kept as jb_value");
            return shared(g, G_ANY, 0, NULL);
        }
    if (g->nbusy == sizeof g->busy / sizeof g->busy[0]) {
        gen_note(g, c.where, "schema", "nested too deep: kept as jb_value");
        return shared(g, G_ANY, 0, NULL);
    }
    g->busy[g->nbusy++] = s;
    t = type_of_node(g, s, c);
    g->nbusy--;
    if (!memo_get(g, s)) memo_put(g, s, t);
    return t;
}

bool gen_build(gen *g, const char *root_name) {
    gdoc *d = &g->docs[0];
    const char *file = strrchr(d->path, '/');
    file = file ? file + 1 : d->path;
    ctx c = {d->uri, d, gen_fmt(g, "%s#", file), root_name, NULL, false};
    g->root = type_of(g, d->root, c);
    const char *defs_kw[] = {"definitions", "$defs"};
    for (int k = 0; k < 2; k++) {
        const jb_value *defs = get(d->root, defs_kw[k]);
        for (size_t i = 0, n = jb_value_object_len(defs); i < n; i++) {
            jb_str key;
            const jb_value *s = jb_value_object_at(defs, i, &key);
            type_of(g, s, sub(g, c, gen_fmt(g, "%s/%s", defs_kw[k], key.ptr), key.ptr));
        }
    }
    return g->error == NULL;
}
