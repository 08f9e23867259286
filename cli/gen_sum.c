/* SPDX-License-Identifier: MIT */
/*
 * gen_sum.c — oneOf / anyOf (and "type" lists) as C types for `jbind gen`.
 *
 * A null branch makes the rest a pointer (null is NULL). Two branches, an
 * integer and a string, are an integer read from strings too (what jbind
 * exports for jb_i64_string). String constants only are a C enum. Then
 * the branches are tried as each tagged style, in turn:
 *
 *   external   each branch is a case-name string, or an object of exactly
 *              one required member, the case name, holding the payload
 *   internal   each branch is an object whose member T (the same in all,
 *              required) is a string constant naming the case; the other
 *              members are the case's record payload
 *   adjacent   as internal, and the payload is the one other member C
 *   array      each branch is [name] or [name, payload]
 *
 * and when none fits, an untagged sum: the branches in order, decoded by
 * the first that fits (a branch of any value last).
 */
#include <stdlib.h>
#include <string.h>

#include "gen_ir.h"

typedef struct branch {
    const jb_value *node; /* as written (a $ref, ...) */
    const jb_value *s;    /* resolved: refs followed, allOf merged */
    ctx c;                /* where the resolved node stands */
    const char *name;     /* a name from its def, or NULL */
    bool plain;           /* node can be typed as it is (no parent keywords merged in) */
} branch;

#define MAX_BRANCHES 512

/* {"type": "null"} or an enum of null alone. */
static bool null_branch(const jb_value *s) {
    if (str_is(get(s, "type"), "null")) return true;
    const jb_value *e = get(s, "enum");
    if (e && jb_value_array_len(e) == 1 && jb_value_is_null(jb_value_array_get(e, 0))) return true;
    const jb_value *k = get(s, "const");
    return k && jb_value_is_null(k);
}

/* null, [] or {}: jbind's "no payload" for a nullary case. */
static bool no_payload(const jb_value *s) {
    const jb_value *e = get(s, "enum");
    if (!e || jb_value_array_len(e) != 3) return false;
    return jb_value_is_null(jb_value_array_get(e, 0)) &&
           jb_value_is_array(jb_value_array_get(e, 1)) &&
           jb_value_is_object(jb_value_array_get(e, 2));
}

/* The one form a strict nullary case is written in, {"enum": [[]]} or
 * {"enum": [{}]} (JB_FMT_NULLARY_STRICT, as aeson's {"Case": []}):
 * JB_FMT_NULLARY_ARRAY or JB_FMT_NULLARY_OBJECT; 0 for anything else. */
static uint32_t strict_form(const jb_value *s) {
    const jb_value *e = get(s, "enum");
    if (!e || jb_value_array_len(e) != 1 || jb_value_object_len(s) != 1) return 0;
    const jb_value *v = jb_value_array_get(e, 0);
    if (jb_value_is_array(v) && !jb_value_array_len(v)) return JB_FMT_NULLARY_ARRAY;
    if (jb_value_is_object(v) && !jb_value_object_len(v)) return JB_FMT_NULLARY_OBJECT;
    return 0;
}

/* The JB_FMT_* bits of a sum whose nullary cases are each written in one
 * form: forms[i] is that form for case i (0: not nullary so, or a plain
 * name). A strict decoder reads only that form, so every nullary case
 * must have it and no bare name may stand beside them; else 0, and the
 * strict payloads stay payloads (jb_value). */
static uint32_t strict_flags(const uint32_t *forms, const bool *nullary, size_t n) {
    uint32_t form = 0;
    for (size_t i = 0; i < n; i++) {
        if (!nullary[i] && !forms[i]) continue;
        if (!forms[i] || (form && forms[i] != form)) return 0;
        form = forms[i];
    }
    return form ? JB_FMT_NULLARY_STRICT | form : 0;
}

/* The string constants of a node that says nothing else, or NULL. */
static const jb_value *names_only(gen *g, const jb_value *s) {
    const jb_value *v = enum_values(g, s);
    size_t nulls;
    if (!v || !all_strings(v, &nulls) || nulls) return NULL;
    for (size_t i = 0, n = jb_value_object_len(s); i < n; i++) {
        jb_str k;
        jb_value_object_at(s, i, &k);
        if (is_validation(k.ptr) && strcmp(k.ptr, "enum") && strcmp(k.ptr, "const") &&
            strcmp(k.ptr, "type"))
            return NULL;
    }
    const jb_value *ty = get(s, "type");
    return !ty || str_is(ty, "string") ? v : NULL;
}

/* The branch node resolved, with the parent's other keywords (`rest`, or
 * NULL) merged in. */
static branch resolve_branch(gen *g, const jb_value *node, ctx c, const jb_value *rest) {
    branch b = {node, node, c, NULL, rest == NULL};
    const char *ref = str_of(get(node, "$ref"));
    if (ref && !rest && jb_value_object_len(node) == 1) { /* a plain reference: the def itself */
        const char *base, *w;
        gdoc *d;
        const jb_value *t = gen_resolve(g, c.base, ref, &base, &w, &d);
        if (t && jb_value_is_object(t) && !get(t, "$ref") && !get(t, "allOf")) {
            const char *slash = strrchr(w, '/'), *hash = strchr(w, '#');
            b.s = t;
            b.c = (ctx){base, d, w, c.name, NULL, false};
            if (slash && slash > hash && slash[1]) b.name = slash + 1;
            return b;
        }
    }
    if (!ref && !rest && !get(node, "allOf") && !get(node, "if")) return b;
    parts ps = {{0}, 0};
    if (rest) ps.p[ps.n++] = (jb_value *)rest;
    collect_parts(g, node, c, &ps, 0);
    b.s = merge(g, &ps, c);
    return b;
}

/* ------------------------------------------------------------------ */
/* Building the sum                                                    */
/* ------------------------------------------------------------------ */

static gtype *new_sum(gen *g, ctx c, int style) {
    gtype *t = new_type(g, G_SUM, c.where);
    t->name = gen_ident(g, c.name, false);
    t->tag_type = gen_ident(g, gen_fmt(g, "%s_tag", c.name), false);
    t->style = style;
    /* in the memo before the payloads: they may lead back to this node */
    if (c.self) memo_put(g, c.self, c.nullable ? ptr_to(g, t) : t);
    return t;
}

static const char *const *aliases_of(gen *g, const jb_value *names) {
    size_t n = jb_value_array_len(names);
    if (n < 2) return NULL;
    const char **a = jb_arena_alloc(g->arena, n * sizeof *a, _Alignof(char *));
    for (size_t i = 1; i < n; i++) a[i - 1] = str_of(jb_value_array_get(names, i));
    a[n - 1] = NULL;
    return (const char *const *)a;
}

static gcase *add_case(gen *g, gtype *t, const char *json, const jb_value *names, gtype *payload) {
    t->cases = realloc(t->cases, (t->ncases + 1) * sizeof *t->cases);
    if (!t->cases) abort();
    gcase *k = &t->cases[t->ncases];
    memset(k, 0, sizeof *k);
    k->json = json;
    k->aliases = (const char **)aliases_of(g, names);
    const char *label = json ? json : gen_fmt(g, "case%zu", t->ncases + 1);
    k->tag =
        gen_ident(g, gen_fmt(g, "%s%s_%s", g->prefix, t->name + strlen(g->prefix), label), true);
    k->type = payload;
    if (payload) {
        const char *taken[MAX_BRANCHES];
        size_t n = 0;
        for (size_t i = 0; i < t->ncases; i++)
            if (t->cases[i].member) taken[n++] = t->cases[i].member;
        k->member = gen_member(g, label, taken, n);
    }
    t->ncases++;
    return k;
}

static bool name_used(const gtype *t, const char *name) {
    for (size_t i = 0; i < t->ncases; i++) {
        if (t->cases[i].json && strcmp(t->cases[i].json, name) == 0) return true;
        for (const char **a = t->cases[i].aliases; a && *a; a++)
            if (strcmp(*a, name) == 0) return true;
    }
    return false;
}

/* ------------------------------------------------------------------ */
/* External: "Name" | {"Name": payload}                                */
/* ------------------------------------------------------------------ */

typedef struct ext {
    const jb_value *names;   /* its names (the first is the case's) */
    const jb_value *payload; /* the payload schema, NULL for nullary */
    const char *step;        /* where the payload stands, under the branch */
    uint32_t form;           /* strict_form of the payload */
} ext;

/* One branch as an external case; false when it is not one. */
static bool ext_branch(gen *g, const branch *b, ext *e) {
    const jb_value *s = b->s;
    const jb_value *names = names_only(g, s);
    if (names) {
        *e = (ext){names, NULL, NULL, 0};
        return true;
    }
    const jb_value *props = get(s, "properties"), *req = get(s, "required"),
                   *extra = get(s, "additionalProperties");
    if (jb_value_object_len(props) == 1 && jb_value_array_len(req) == 1 &&
        false_at(s, "additionalProperties")) {
        jb_str k;
        const jb_value *p = jb_value_object_at(props, 0, &k);
        if (!in_list(req, k.ptr, k.len)) return false;
        jb_value *n = jb_value_new_array(g->arena);
        jb_value_array_append(n, jb_value_new_string(g->arena, k.ptr, k.len), g->arena);
        *e = (ext){n, no_payload(p) ? NULL : p, gen_fmt(g, "properties/%s", k.ptr), strict_form(p)};
        return true;
    }
    /* {"minProperties": 1, "maxProperties": 1, "propertyNames": {"enum": names}, "additionalProperties": P} */
    double mn, mx;
    const jb_value *pn = get(s, "propertyNames");
    const jb_value *pnames = pn ? names_only(g, pn) : NULL;
    if (pnames && extra && !jb_value_is_bool(extra) && number_at(s, "minProperties", &mn) &&
        mn == 1 && number_at(s, "maxProperties", &mx) && mx == 1 && !jb_value_object_len(props)) {
        *e = (ext){pnames, no_payload(extra) ? NULL : extra, "additionalProperties",
                   strict_form(extra)};
        return true;
    }
    return false;
}

static gtype *external(gen *g, branch *bs, size_t n, ctx c) {
    ext es[MAX_BRANCHES];
    bool any_object = false;
    for (size_t i = 0; i < n; i++) {
        if (!ext_branch(g, &bs[i], &es[i])) return NULL;
        any_object = any_object || es[i].step;
    }
    if (!any_object) return NULL;
    /* the names of distinct cases must not overlap; a nullary case may be
     * given twice (its string and its {"Name": {}} form) */
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            const jb_value *a = jb_value_array_get(es[i].names, 0),
                           *b = jb_value_array_get(es[j].names, 0);
            if (jb_value_equal(a, b) && (es[i].payload || es[j].payload)) return NULL;
        }
    uint32_t forms[MAX_BRANCHES] = {0};
    bool nullary[MAX_BRANCHES] = {false};
    for (size_t i = 0; i < n; i++) forms[i] = es[i].form, nullary[i] = !es[i].payload;
    gtype *t = new_sum(g, c, GS_EXTERNAL);
    t->fmt_flags = strict_flags(forms, nullary, n);
    for (size_t i = 0; i < n; i++) {
        const char *name = str_of(jb_value_array_get(es[i].names, 0));
        if (t->fmt_flags && es[i].form) es[i].payload = NULL;
        if (!es[i].payload) {
            /* nullary: every name its own case (the schema cannot tell a
             * case's aliases from other cases; an alias read back writes
             * its own name, which the original reads as the same value) */
            for (size_t k = 0, m = jb_value_array_len(es[i].names); k < m; k++) {
                const char *one = str_of(jb_value_array_get(es[i].names, k));
                if (!name_used(t, one)) add_case(g, t, one, NULL, NULL); /* or its other form */
            }
            continue;
        }
        if (name_used(t, name)) continue;
        const char *tn = t->name + strlen(g->prefix);
        gtype *p =
            type_of(g, es[i].payload, sub(g, bs[i].c, es[i].step, gen_fmt(g, "%s_%s", tn, name)));
        add_case(g, t, name, es[i].names, p);
    }
    return t;
}

/* ------------------------------------------------------------------ */
/* Internal and adjacent: {"tag": "Name", ...}                         */
/* ------------------------------------------------------------------ */

static bool is_object(const jb_value *s) {
    return str_is(get(s, "type"), "object") || get(s, "properties");
}

/* The case names of branch s under tag T: the string constants of
 * properties[T], which is required; NULL when it is not a tag. */
static const jb_value *tag_names(gen *g, const jb_value *s, const char *tag) {
    const jb_value *p = jb_value_object_get(get(s, "properties"), tag, strlen(tag));
    if (!p || !in_list(get(s, "required"), tag, strlen(tag))) return NULL;
    return names_only(g, p);
}

/* The members of branch s besides the tag that carry something (a
 * nullary case's {"enum": [null, [], {}]} does not). */
static size_t payload_members(const jb_value *s, const char *tag, jb_str *one) {
    size_t n = 0;
    const jb_value *props = get(s, "properties");
    for (size_t i = 0, m = jb_value_object_len(props); i < m; i++) {
        jb_str k;
        const jb_value *p = jb_value_object_at(props, i, &k);
        if (strcmp(k.ptr, tag) == 0 || no_payload(p)) continue;
        if (one) *one = k;
        n++;
    }
    return n;
}

static const char *find_tag(gen *g, branch *bs, size_t n, size_t first) {
    const jb_value *props = get(bs[first].s, "properties");
    for (size_t i = 0, m = jb_value_object_len(props); i < m; i++) {
        jb_str k;
        jb_value_object_at(props, i, &k);
        bool ok = true;
        for (size_t j = 0; j < n && ok; j++)
            ok = !is_object(bs[j].s) ? names_only(g, bs[j].s) != NULL
                                     : tag_names(g, bs[j].s, k.ptr) != NULL;
        if (ok) return k.ptr;
    }
    return NULL;
}

static gtype *tagged(gen *g, branch *bs, size_t n, ctx c) {
    size_t first = n;
    for (size_t i = 0; i < n && first == n; i++)
        if (is_object(bs[i].s)) first = i;
    if (first == n) return NULL;
    const char *tag = find_tag(g, bs, n, first);
    if (!tag) return NULL;
    /* adjacent: every payload is the one member C beside the tag */
    const char *content = NULL;
    bool adjacent = true, any_payload = false, strings = false;
    for (size_t i = 0; i < n; i++) {
        if (!is_object(bs[i].s)) {
            strings = true;
            continue;
        }
        jb_str one = {NULL, 0};
        size_t k = payload_members(bs[i].s, tag, &one);
        if (k == 0) continue;
        any_payload = true;
        if (k != 1 || !in_list(get(bs[i].s, "required"), one.ptr, one.len) ||
            (content && strcmp(content, one.ptr) != 0))
            adjacent = false;
        else
            content = one.ptr;
        /* a nullary case's content key must be that same key */
    }
    if (strings && any_payload)
        return NULL; /* a plain name reads only when every case is nullary */
    adjacent = adjacent && any_payload && content;
    gtype *t = new_sum(g, c, adjacent ? GS_ADJACENT : GS_INTERNAL);
    t->tag_name = tag;
    t->content_name = adjacent ? content : NULL;
    for (size_t i = 0; i < n; i++) {
        if (!is_object(bs[i].s)) continue; /* the plain-name form of an all-nullary sum */
        const jb_value *names = tag_names(g, bs[i].s, tag);
        const char *name = str_of(jb_value_array_get(names, 0));
        if (name_used(t, name)) {
            gen_note(g, bs[i].c.where, "oneOf",
                     gen_fmt(g, "case \"%s\" given twice: the second is dropped", name));
            continue;
        }
        const char *tn = t->name + strlen(g->prefix);
        const char *pname = bs[i].name ? bs[i].name : gen_fmt(g, "%s_%s", tn, name);
        gtype *p = NULL;
        if (payload_members(bs[i].s, tag, NULL)) {
            if (adjacent) {
                const jb_value *cs =
                    jb_value_object_get(get(bs[i].s, "properties"), content, strlen(content));
                p = type_of(g, cs, sub(g, bs[i].c, gen_fmt(g, "properties/%s", content), pname));
            } else {
                ctx pc = bs[i].c;
                pc.name = pname;
                pc.self = NULL;
                p = record(g, bs[i].s, pc, tag);
            }
        }
        add_case(g, t, name, names, p);
    }
    return t;
}

/* ------------------------------------------------------------------ */
/* Array: ["Name"] | ["Name", payload]                                 */
/* ------------------------------------------------------------------ */

static gtype *array_sum(gen *g, branch *bs, size_t n, ctx c) {
    const jb_value *items[MAX_BRANCHES];
    const char *step = gen_draft(c.doc) >= 2019 ? "prefixItems" : "items";
    bool plain[MAX_BRANCHES] = {false}, any_plain = false, any_array = false;
    for (size_t i = 0; i < n; i++) {
        const jb_value *s = bs[i].s;
        double mx;
        items[i] = get(s, step);
        /* a plain name: an all-nullary sum reads one in every style */
        if (!str_is(get(s, "type"), "array") && names_only(g, s)) {
            plain[i] = any_plain = true;
            continue;
        }
        if (!str_is(get(s, "type"), "array") || !jb_value_is_array(items[i]) ||
            !jb_value_array_len(items[i]) || !names_only(g, jb_value_array_get(items[i], 0)) ||
            !number_at(s, "maxItems", &mx) || mx > 2)
            return NULL;
        any_array = true;
    }
    if (!any_array) return NULL;
    /* the nullary cases: ["Name"] (or a payload of null, [] or {}), or
     * each exactly ["Name", []] (strict) */
    uint32_t forms[MAX_BRANCHES] = {0};
    bool nullary[MAX_BRANCHES] = {false}, all_nullary = true;
    const jb_value *ps[MAX_BRANCHES] = {NULL};
    for (size_t i = 0; i < n; i++) {
        double mn = 0;
        if (plain[i]) continue; /* not a form strict_flags weighs: read beside any */
        number_at(bs[i].s, "minItems", &mn);
        ps[i] = jb_value_array_len(items[i]) > 1 ? jb_value_array_get(items[i], 1) : NULL;
        nullary[i] = !ps[i] || mn < 2 || no_payload(ps[i]);
        forms[i] = !nullary[i] ? strict_form(ps[i]) : 0;
        all_nullary = all_nullary && (nullary[i] || forms[i]);
    }
    if (any_plain && !all_nullary) return NULL;
    gtype *t = new_sum(g, c, GS_ARRAY);
    t->fmt_flags = strict_flags(forms, nullary, n);
    for (size_t i = 0; i < n; i++) {
        const jb_value *names = names_only(g, plain[i] ? bs[i].s : jb_value_array_get(items[i], 0));
        if (plain[i]) { /* names no array branch gave: cases of their own */
            for (size_t k = 0, m = jb_value_array_len(names); k < m; k++) {
                const char *one = str_of(jb_value_array_get(names, k));
                if (!name_used(t, one)) add_case(g, t, one, NULL, NULL);
            }
            continue;
        }
        const char *name = str_of(jb_value_array_get(names, 0));
        gtype *pt = NULL;
        if (!nullary[i] && !(t->fmt_flags && forms[i])) {
            const char *tn = t->name + strlen(g->prefix);
            pt = type_of(g, ps[i],
                         sub(g, bs[i].c, gen_fmt(g, "%s/1", step), gen_fmt(g, "%s_%s", tn, name)));
        }
        if (!name_used(t, name)) add_case(g, t, name, names, pt);
    }
    return t;
}

/* ------------------------------------------------------------------ */
/* Untagged                                                            */
/* ------------------------------------------------------------------ */

static gtype *untagged(gen *g, branch *bs, size_t n, ctx c) {
    gtype *t = new_sum(g, c, GS_UNTAGGED);
    gtype *types[MAX_BRANCHES];
    const char *tn = t->name + strlen(g->prefix);
    for (size_t i = 0; i < n; i++) {
        const char *name = bs[i].name ? bs[i].name : gen_fmt(g, "%s_%zu", tn, i + 1);
        ctx bc = bs[i].c;
        bc.name = name;
        types[i] = bs[i].plain ? type_of(g, bs[i].node, bc) : type_of(g, bs[i].s, bc);
    }
    /* cases of any value would take every document: they go last */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < n; i++) {
            if ((types[i]->kind == G_ANY) != (pass == 1)) continue;
            const char *label = bs[i].name ? bs[i].name : NULL;
            add_case(g, t, label ? label : gen_fmt(g, "case%zu", i + 1), NULL, types[i]);
        }
    bool any = false;
    for (size_t i = 0; i < n; i++) any = any || !is_concrete(types[i]);
    gen_note(g, c.where, get(c.self, "oneOf") ? "oneOf" : "anyOf",
             any ? "no tag tells the cases apart: the first case that fits is taken, and a value "
                   "no other case "
                   "takes is kept as jb_value"
                 : "no tag tells the cases apart: decoded by the first case that fits (not checked "
                   "that only one does)");
    return t;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

/* Branches made only of constraints on the parent ({"required": [...]},
 * {"not": ...}): such a oneOf selects nothing, it only refuses. */
static bool constraints_only(const jb_value *list) {
    for (size_t i = 0, n = jb_value_array_len(list); i < n; i++) {
        const jb_value *b = jb_value_array_get(list, i);
        if (!jb_value_is_object(b) || get(b, "$ref") || get(b, "$dynamicRef") ||
            !jb_value_object_len(b))
            return false;
        for (size_t k = 0, m = jb_value_object_len(b); k < m; k++) {
            jb_str key;
            jb_value_object_at(b, k, &key);
            if (is_validation(key.ptr) && strcmp(key.ptr, "required") && strcmp(key.ptr, "not") &&
                strcmp(key.ptr, "minProperties") && strcmp(key.ptr, "maxProperties"))
                return false;
        }
    }
    return true;
}

/* s without the keywords named in drop. */
static jb_value *without(gen *g, const jb_value *s, const char *const *drop) {
    jb_value *o = jb_value_new_object(g->arena);
    for (size_t i = 0, n = jb_value_object_len(s); i < n; i++) {
        jb_str k;
        const jb_value *v = jb_value_object_at(s, i, &k);
        bool skip = false;
        for (size_t j = 0; drop[j] && !skip; j++) skip = strcmp(drop[j], k.ptr) == 0;
        if (!skip) jb_value_object_set(o, k.ptr, k.len, (jb_value *)v, g->arena);
    }
    return o;
}

static bool has_validation(const jb_value *s) {
    for (size_t i = 0, n = jb_value_object_len(s); i < n; i++) {
        jb_str k;
        jb_value_object_at(s, i, &k);
        if (is_validation(k.ptr)) return true;
    }
    return false;
}

/* The type of branches bs[0..n): null ones removed first. */
static gtype *from_branches(gen *g, branch *bs, size_t n, ctx c) {
    bool nullable = false;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (null_branch(bs[i].s))
            nullable = true;
        else
            bs[m++] = bs[i];
    }
    gtype *t = NULL;
    if (m == 0) {
        gen_note(g, c.where, "oneOf", "only null: kept as jb_value");
        t = shared(g, G_ANY, 0, NULL);
    } else if (m == 1) {
        ctx bc = bs[0].c;
        bc.name = bs[0].name ? bs[0].name : c.name;
        t = bs[0].plain ? type_of(g, bs[0].node, bc) : type_of(g, bs[0].s, bc);
    } else if (m == 2 &&
               (str_is(get(bs[0].s, "type"), "integer") ||
                str_is(get(bs[1].s, "type"), "integer")) &&
               (str_is(get(bs[0].s, "type"), "string") || str_is(get(bs[1].s, "type"), "string"))) {
        size_t ii = str_is(get(bs[0].s, "type"), "integer") ? 0 : 1;
        gen_note(g, bs[1 - ii].c.where, "pattern",
                 "an integer read from a string too: the string's pattern is the integer grammar");
        t = integer(g, bs[ii].s, bs[ii].c, true, bs[1 - ii].s);
    } else {
        bool names = true;
        for (size_t i = 0; i < m && names; i++) names = names_only(g, bs[i].s) != NULL;
        if (names) {
            jb_value *all = jb_value_new_array(g->arena);
            for (size_t i = 0; i < m; i++) {
                const jb_value *v = names_only(g, bs[i].s);
                for (size_t k = 0, nv = jb_value_array_len(v); k < nv; k++)
                    jb_value_array_append(all, jb_value_array_get(v, k), g->arena);
            }
            t = string_enum(g, all, c);
        } else {
            c.nullable = nullable;
            t = external(g, bs, m, c);
            if (!t) t = tagged(g, bs, m, c);
            if (!t) t = array_sum(g, bs, m, c);
            if (!t) t = untagged(g, bs, m, c);
        }
    }
    return nullable ? ptr_to(g, t) : t;
}

gtype *sum(gen *g, const jb_value *s, ctx c) {
    const char *kw = get(s, "oneOf") ? "oneOf" : "anyOf";
    const jb_value *list = get(s, kw);
    if (get(s, "oneOf") && get(s, "anyOf"))
        gen_note(g, c.where, "anyOf", "beside oneOf: not enforced");
    static const char *const drop[] = {"oneOf", "anyOf", NULL};
    jb_value *rest = without(g, s, drop);
    if (constraints_only(list)) {
        gen_note(g, c.where, kw, "branches that only require members: not enforced");
        return type_of(g, rest, c);
    }
    size_t n = jb_value_array_len(list);
    if (n > MAX_BRANCHES) {
        gen_note(g, c.where, kw, "too many branches: kept as jb_value");
        return shared(g, G_ANY, 0, NULL);
    }
    const jb_value *distribute = has_validation(rest) ? rest : NULL;
    /* the same list of branches elsewhere (OpenAPI's [Schema, Reference]
     * in every place) is the same type */
    if (!distribute)
        for (size_t i = 0; i < g->nsums; i++)
            if (strcmp(g->sums[i].base, c.base) == 0 && jb_value_equal(g->sums[i].list, list)) {
                if (c.self) memo_put(g, c.self, g->sums[i].type);
                return g->sums[i].type;
            }
    branch *bs = malloc((n ? n : 1) * sizeof *bs);
    if (!bs) abort();
    for (size_t i = 0; i < n; i++)
        bs[i] = resolve_branch(g, jb_value_array_get(list, i),
                               sub(g, c, gen_fmt(g, "%s/%zu", kw, i), NULL), distribute);
    gtype *t = from_branches(g, bs, n, c);
    free(bs);
    if (!distribute) {
        if (g->nsums == g->capsums) {
            g->capsums = g->capsums ? 2 * g->capsums : 32;
            g->sums = realloc(g->sums, g->capsums * sizeof *g->sums);
            if (!g->sums) abort();
        }
        g->sums[g->nsums++] = (struct gsum){list, c.base, t};
    }
    return t;
}

gtype *type_list(gen *g, const jb_value *s, ctx c, const jb_value *types) {
    size_t n = jb_value_array_len(types);
    branch *bs = malloc((n ? n : 1) * sizeof *bs);
    if (!bs) abort();
    for (size_t i = 0; i < n; i++) {
        /* the node with one type */
        jb_value *one = jb_value_copy(s, g->arena);
        jb_value_object_set(one, "type", 4, jb_value_copy(jb_value_array_get(types, i), g->arena),
                            g->arena);
        const char *tname = str_of(jb_value_array_get(types, i));
        bs[i] = (branch){one, one, c, NULL, true};
        bs[i].c.self = NULL;
        bs[i].c.name = gen_fmt(g, "%s_%s", c.name, tname ? tname : "value");
    }
    gtype *t = from_branches(g, bs, n, c);
    free(bs);
    return t;
}
