/* SPDX-License-Identifier: MIT */
/*
 * schema.c — a JSON Schema (draft 2020-12) for a descriptor: the documents
 * jb_decode accepts for it, read from the compiled plans (the names after
 * renaming, aliases, required masks, resolved sum styles, tag names, key
 * modes and format flags), so that the schema and the decoder cannot tell
 * two stories.
 *
 * The schema is built as a jb_value tree in an arena and printed with
 * jb_value_print. Records, tuples, enums and sums become entries of
 * "$defs" (named after their C type) referenced with "$ref", which is
 * also how recursive types close their loops: a def is entered in the
 * table before its body is built, so a reference back to it from inside
 * finds it. Vectors, maps, pointers and scalars are written inline.
 *
 * Where the decoder's rules depend on what encloses a type (a format's
 * int64-as-string setting, its integral floats and map key mode are
 * inherited, see guide.md "Scope"), a def is made per type and inherited
 * state, so the same record may appear twice ("point", "point_2").
 *
 * What JSON Schema cannot say is documented in docs/schema.md: duplicate
 * keys (the data model has none), 1 versus 1.0 (the same number to a
 * validator; jbind's integers refuse 1.0 unless integral floats are on),
 * invalid UTF-8, the limits in jb_read_options, and custom codecs (the
 * options' hook may name a descriptor whose schema stands for theirs).
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>

#include "arena.h"
#include "error.h"
#include "plan.h"

#define SCHEMA_DIALECT "https://json-schema.org/draft/2020-12/schema"
/* Nesting of descriptors that never passes a record, tuple, enum or sum
 * (a vector of vectors of ...): such a chain longer than this is a cycle. */
#define SCHEMA_MAX_DEPTH 256

/* What the decoder inherits from enclosing formats: plan.h's scope word.
 * The bits that change what it accepts: the key mode of maps, 64-bit
 * integers as strings ("+5" too), integral floats, aeson's non-finite
 * floats (null, "+inf", "-inf", any magnitude). */
typedef uint32_t scope;
#define SCHEMA_SCOPE_BITS                                                                          \
    (JB__SCOPE_KEY_MASK | JB__SCOPE_INT64_MASK | JB__SCOPE_INTEGRAL | JB__SCOPE_NONFINITE)

typedef struct def {
    const jb_type *t;
    scope sc;
    const char *name; /* its key in "$defs" (in the arena) */
} def;

typedef struct sx {
    jb_arena *arena;
    const jb_schema_options *o;
    jb_value *defs; /* the "$defs" object */
    def *d;         /* malloc'd table of the defs made so far */
    size_t nd, cap;
    unsigned depth;
    jb_status code; /* first failure */
    char msg[JB_ERROR_MESSAGE_MAX];
} sx;

/* ------------------------------------------------------------------ */
/* Building values: every helper passes a NULL through and records the  */
/* first failure, so that callers chain them without checking each.    */
/* ------------------------------------------------------------------ */

static jb_value *fail_nomem(sx *x) {
    if (!x->code) {
        x->code = JB_E_NOMEM;
        jb__msgf(x->msg, sizeof x->msg, "out of memory building a schema");
    }
    return NULL;
}

static jb_value *made(sx *x, jb_value *v) { return v ? v : fail_nomem(x); }
static jb_value *obj(sx *x) { return x->code ? NULL : made(x, jb_value_new_object(x->arena)); }
static jb_value *arr(sx *x) { return x->code ? NULL : made(x, jb_value_new_array(x->arena)); }
static jb_value *strv(sx *x, const char *s, size_t n) {
    return x->code ? NULL : made(x, jb_value_new_string(x->arena, s, n));
}
static jb_value *cstrv(sx *x, const char *s) { return strv(x, s, strlen(s)); }
static jb_value *i64v(sx *x, int64_t n) {
    return x->code ? NULL : made(x, jb_value_new_i64(x->arena, n));
}
static jb_value *u64v(sx *x, uint64_t n) {
    return x->code ? NULL : made(x, jb_value_new_u64(x->arena, n));
}
static jb_value *f64v(sx *x, double d) {
    return x->code ? NULL : made(x, jb_value_new_f64(x->arena, d));
}
static jb_value *boolv(sx *x, bool b) {
    return x->code ? NULL : made(x, jb_value_new_bool(x->arena, b));
}
static jb_value *nullv(sx *x) { return x->code ? NULL : made(x, jb_value_new_null(x->arena)); }

/* o[key] = v; returns o (NULL when anything failed). */
static jb_value *putn(sx *x, jb_value *o, const char *key, size_t n, jb_value *v) {
    if (!o || !v) return fail_nomem(x);
    if (jb_value_object_set(o, key, n, v, x->arena)) return fail_nomem(x);
    return o;
}
static jb_value *put(sx *x, jb_value *o, const char *key, jb_value *v) {
    return putn(x, o, key, strlen(key), v);
}
static jb_value *add(sx *x, jb_value *a, jb_value *v) {
    if (!a || !v) return fail_nomem(x);
    if (jb_value_array_append(a, v, x->arena)) return fail_nomem(x);
    return a;
}

/* {"type": name} */
static jb_value *typed(sx *x, const char *name) { return put(x, obj(x), "type", cstrv(x, name)); }

/* {"kw": [a, b]} */
static jb_value *pair_of(sx *x, const char *kw, jb_value *a, jb_value *b) {
    return put(x, obj(x), kw, add(x, add(x, arr(x), a), b));
}

/* The payload a nullary case accepts where a payload may stand: null, [] or {}. */
static jb_value *no_payload(sx *x) {
    jb_value *e = add(x, add(x, add(x, arr(x), nullv(x)), arr(x)), obj(x));
    return put(x, obj(x), "enum", e);
}

/* A nullary case's payload under plan pl: null, [] or {}; with
 * JB_FMT_NULLARY_STRICT only the form the format writes. */
static jb_value *nullary_payload(sx *x, const jb_plan *pl) {
    if (!(pl->fmt_flags & JB_FMT_NULLARY_STRICT)) return no_payload(x);
    jb_value *one = (pl->fmt_flags & JB_FMT_NULLARY_ARRAY)    ? arr(x)
                    : (pl->fmt_flags & JB_FMT_NULLARY_OBJECT) ? obj(x)
                                                              : nullv(x);
    return put(x, obj(x), "enum", add(x, arr(x), one));
}

/* Does pl read a nullary case from its bare name where a payload position
 * exists (not under JB_FMT_NULLARY_STRICT with an object or array form)? */
static bool bare_name_ok(const jb_plan *pl) {
    return !(pl->fmt_flags & JB_FMT_NULLARY_STRICT) ||
           !(pl->fmt_flags & (JB_FMT_NULLARY_ARRAY | JB_FMT_NULLARY_OBJECT));
}

/* {"not": {"required": [a, b]}}: a and b are one key (or field) to the decoder. */
static jb_value *not_both(sx *x, jb_value *a, jb_value *b) {
    return put(x, obj(x), "not", put(x, obj(x), "required", add(x, add(x, arr(x), a), b)));
}

static bool failed(sx *x, jb_status code, const char *what, const char *name) {
    if (!x->code) {
        x->code = code;
        jb__msgf(x->msg, sizeof x->msg, "%s%s%s", what, name ? " " : "", name ? name : "");
    }
    return false;
}

static const jb_plan *plan_of(sx *x, const jb_type *t) {
    jb_status code = JB_OK;
    char msg[JB_ERROR_MESSAGE_MAX];
    const jb_plan *pl = jb__plan_slow(t, &code, msg, sizeof msg);
    if (!pl && !x->code) {
        x->code = code;
        memcpy(x->msg, msg, sizeof msg);
    }
    return pl;
}

/* The scope inside a record or sum whose plan sets some (decode.c scope_set). */
static scope scope_in(const jb_plan *pl, scope sc) { return jb__scope_in(sc, pl) & SCHEMA_SCOPE_BITS; }

/* ------------------------------------------------------------------ */
/* Integers, floats, strings                                           */
/* ------------------------------------------------------------------ */

/* A tiny bounded text builder for patterns. */
typedef struct text {
    char b[2048];
    size_t n;
    bool over;
} text;

static void tput(text *t, const char *s) {
    size_t k = strlen(s);
    if (t->n + k >= sizeof t->b) {
        t->over = true;
        return;
    }
    memcpy(t->b + t->n, s, k + 1);
    t->n += k;
}

static void tdigits(text *t, char lo, char hi) {
    char c[6];
    if (lo == hi) {
        c[0] = lo;
        c[1] = 0;
    } else {
        c[0] = '[', c[1] = lo, c[2] = '-', c[3] = hi, c[4] = ']', c[5] = 0;
    }
    tput(t, c);
}

/*
 * Alternatives matching the decimal integers 0..max written without
 * leading zeros: fewer digits than max, then max's length digit by digit
 * (a smaller digit at position i frees the rest), then max itself.
 */
static void magnitude_le(text *t, uint64_t max) {
    char d[24];
    int k = snprintf(d, sizeof d, "%llu", (unsigned long long)max);
    char rep[24];
    tput(t, "(?:0");
    if (k >= 2) {
        tput(t, "|[1-9]");
        if (k >= 3) {
            snprintf(rep, sizeof rep, "[0-9]{0,%d}", k - 2);
            tput(t, rep);
        }
    }
    for (int i = 0; i < k; i++) {
        char lo = i == 0 ? '1' : '0', hi = (char)(d[i] - 1);
        if (hi < lo) continue;
        char prefix[24];
        memcpy(prefix, d, (size_t)i);
        prefix[i] = 0;
        tput(t, "|");
        tput(t, prefix);
        tdigits(t, lo, hi);
        if (k - i - 1 == 1)
            tput(t, "[0-9]");
        else if (k - i - 1 > 1) {
            snprintf(rep, sizeof rep, "[0-9]{%d}", k - i - 1);
            tput(t, rep);
        }
    }
    if (!(k == 1 && d[0] == '0')) {
        tput(t, "|");
        tput(t, d);
    }
    tput(t, ")");
}

static const struct {
    int64_t lo;
    uint64_t hi;
} int_bounds[] = {
    [JB_KIND_I8] = {INT8_MIN, INT8_MAX},    [JB_KIND_I16] = {INT16_MIN, INT16_MAX},
    [JB_KIND_I32] = {INT32_MIN, INT32_MAX}, [JB_KIND_I64] = {INT64_MIN, INT64_MAX},
    [JB_KIND_U8] = {0, UINT8_MAX},          [JB_KIND_U16] = {0, UINT16_MAX},
    [JB_KIND_U32] = {0, UINT32_MAX},        [JB_KIND_U64] = {0, UINT64_MAX},
};

/* The alternatives for an integer of kind k in the JSON integer grammar,
 * in range ("-0" included); a '+' may lead a non-negative one when `plus`. */
static void int_alternatives(text *t, jb_kind k, bool plus) {
    uint64_t neg = int_bounds[k].lo < 0 ? (uint64_t)(-(int_bounds[k].lo + 1)) + 1 : 0;
    tput(t, plus ? "\\+?" : "");
    magnitude_le(t, int_bounds[k].hi);
    tput(t, "|-");
    magnitude_le(t, neg);
}

/*
 * A pattern for the strings an integer of kind k decodes from (`plus`:
 * the int64-string scope is in force, which reads Fable's "+5"; `frac`:
 * integral floats are, which read "5.0" too, and "5e0", which no pattern
 * here describes); with `quoted`, the key text of a JB_KEYS_JSON_TEXT map:
 * the number itself, or, for an integer read from strings, that string as
 * JSON text. Anchored with `$(?!\n)`: Python's re lets a plain `$` match
 * before a final newline, ECMA-262's does not; the lookahead makes both
 * refuse "5\n".
 */
static jb_value *int_pattern(sx *x, jb_kind k, bool plus, bool frac, bool quoted, bool as_string) {
    text t = {{0}, 0, false};
    const char *fraction = frac ? "(?:\\.0+)?" : "";
    tput(&t, "^(?:");
    int_alternatives(&t, k, quoted ? false : plus);
    if (quoted && as_string) {
        tput(&t, "|\"(?:");
        int_alternatives(&t, k, plus);
        tput(&t, ")");
        tput(&t, fraction);
        tput(&t, "\"");
    }
    tput(&t, ")");
    tput(&t, fraction);
    tput(&t, "$(?!\\n)");
    if (t.over) return failed(x, JB_E_LIMIT, "integer pattern too long", NULL), NULL;
    return cstrv(x, t.b);
}

/* Is an integer of type t read from a string too, in scope sc? */
static bool int_as_string(const jb_type *t, scope sc) {
    return jb__int_as_string(t, sc);
}

static jb_value *int_schema(sx *x, const jb_type *t, scope sc) {
    jb_kind k = t->kind;
    jb_value *s = typed(x, "integer");
    if (int_bounds[k].lo < 0)
        put(x, s, "minimum", i64v(x, int_bounds[k].lo));
    else
        put(x, s, "minimum", i64v(x, 0));
    if (k <= JB_KIND_I64)
        put(x, s, "maximum", i64v(x, (int64_t)int_bounds[k].hi));
    else
        put(x, s, "maximum", u64v(x, int_bounds[k].hi));
    if (!int_as_string(t, sc)) return s;
    jb_value *str = put(x, typed(x, "string"), "pattern",
                        int_pattern(x, k, jb__scope_int64(sc) != 0, (sc & JB__SCOPE_INTEGRAL) != 0, false, true));
    return pair_of(x, "anyOf", s, str);
}

/*
 * Doubles: every finite number; a decimal past the halfway point between
 * DBL_MAX and 2^1024 rounds to infinity and is JB_E_RANGE, and a validator
 * that reads numbers as doubles sees it as infinity, past the maximum.
 * Floats: the decoder rounds the decimal straight to float, so the bound
 * is that halfway point for float, 2^128 - 2^103, exactly a double.
 */
static jb_value *float_schema(sx *x, jb_kind k, scope sc) {
    jb_value *s = typed(x, "number");
    if (sc & JB__SCOPE_NONFINITE) /* aeson: any number (too large is infinity), null, "+inf", "-inf" */
        return pair_of(
            x, "anyOf", s,
            put(x, obj(x), "enum",
                add(x, add(x, add(x, arr(x), nullv(x)), cstrv(x, "+inf")), cstrv(x, "-inf"))));
    if (k == JB_KIND_F64) {
        put(x, s, "minimum", f64v(x, -DBL_MAX));
        return put(x, s, "maximum", f64v(x, DBL_MAX));
    }
    double half = ldexp(33554431.0, 103);
    put(x, s, "exclusiveMinimum", f64v(x, -half));
    return put(x, s, "exclusiveMaximum", f64v(x, half));
}

/* A char * cannot hold NUL: "\u0000" in the text is refused. */
static jb_value *cstr_schema(sx *x) {
    return put(x, typed(x, "string"), "pattern", cstrv(x, "^[^\\u0000]*$"));
}

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

/* The names that select entry i of a plan: its own, then its aliases. */
static jb_value *names_of(sx *x, const jb_plan *pl, size_t i) {
    jb_value *a = add(x, arr(x), strv(x, pl->e[i].name, pl->e[i].name_len));
    for (size_t k = 0; k < pl->names.nkeys; k++) {
        const jb_pname *p = &pl->names.keys[k];
        if (p->entry == i &&
            !(p->len == pl->e[i].name_len && memcmp(p->name, pl->e[i].name, p->len) == 0))
            add(x, a, strv(x, p->name, p->len));
    }
    return a;
}

static jb_value *enum_of(sx *x, jb_value *names) { return put(x, obj(x), "enum", names); }

/* The tag of one case: {"const": name}, or {"enum": names} with its aliases. */
static jb_value *tag_of(sx *x, jb_value *names) {
    if (jb_value_array_len(names) != 1) return enum_of(x, names);
    return put(x, obj(x), "const", jb_value_array_get(names, 0));
}

/* The object form of a nullary case or enum value: {"Name": null | [] | {}}. */
static jb_value *name_object(sx *x, jb_value *names, const jb_plan *pl) {
    jb_value *s = typed(x, "object");
    put(x, s, "minProperties", i64v(x, 1));
    put(x, s, "maxProperties", i64v(x, 1));
    put(x, s, "propertyNames", enum_of(x, names));
    return put(x, s, "additionalProperties", nullary_payload(x, pl));
}

/* ------------------------------------------------------------------ */
/* Defs                                                                */
/* ------------------------------------------------------------------ */

static jb_value *schema_of(sx *x, const jb_type *t, scope sc);

static jb_value *ref_to(sx *x, const char *name) {
    size_t n = strlen(name);
    char *r = jb_arena_alloc(x->arena, n + 9, 1);
    if (!r) return fail_nomem(x);
    memcpy(r, "#/$defs/", 8);
    memcpy(r + 8, name, n + 1);
    return put(x, obj(x), "$ref", cstrv(x, r));
}

static bool same_scope(scope a, scope b) { return a == b; }

/* A "$defs" key from the C type name: [A-Za-z0-9_] (a $ref needs no
 * escaping then), made unique with _2, _3, ... */
static const char *def_name(sx *x, const char *cname) {
    char base[64];
    size_t n = 0;
    for (const char *p = cname ? cname : "type"; *p && n < sizeof base - 8; p++) {
        char c = *p;
        bool ok =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        base[n++] = ok ? c : '_';
    }
    base[n] = 0;
    if (n == 0) memcpy(base, "type", 5);
    for (unsigned k = 1;; k++) {
        char cand[80];
        if (k == 1)
            snprintf(cand, sizeof cand, "%s", base);
        else
            snprintf(cand, sizeof cand, "%s_%u", base, k);
        bool taken = false;
        for (size_t i = 0; i < x->nd && !taken; i++) taken = strcmp(x->d[i].name, cand) == 0;
        if (!taken) {
            size_t l = strlen(cand);
            char *s = jb_arena_alloc(x->arena, l + 1, 1);
            if (!s) return fail_nomem(x), NULL;
            memcpy(s, cand, l + 1);
            return s;
        }
    }
}

static jb_value *tuple_body(sx *x, const jb_plan *pl, scope sc);
static jb_value *record_body(sx *x, const jb_plan *pl, scope sc, bool payload);
static jb_value *sum_body(sx *x, const jb_plan *pl, scope sc);
static jb_value *enum_body(sx *x, const jb_plan *pl);

/* {"$ref": "#/$defs/<t>"}, making the def on first use. */
static jb_value *def_ref(sx *x, const jb_type *t, scope sc) {
    const jb_plan *pl = plan_of(x, t);
    if (!pl) return NULL;
    if (t->kind == JB_KIND_ENUM)
        sc = 0; /* an enum reads no inherited state */
    for (size_t i = 0; i < x->nd; i++)
        if (x->d[i].t == t && same_scope(x->d[i].sc, sc)) return ref_to(x, x->d[i].name);
    if (x->nd == x->cap) {
        size_t nc = x->cap ? 2 * x->cap : 16;
        def *nd = realloc(x->d, nc * sizeof *nd);
        if (!nd) return fail_nomem(x);
        x->d = nd;
        x->cap = nc;
    }
    const char *name = def_name(x, t->name);
    if (!name) return NULL;
    x->d[x->nd++] = (def){t, sc, name};
    /* a placeholder keeps the defs in the order they were met; the body
     * replaces it (object_set replaces a member in place) */
    put(x, x->defs, name, boolv(x, true));
    jb_value *body;
    switch (t->kind) {
    case JB_KIND_RECORD: body = record_body(x, pl, scope_in(pl, sc), false); break;
    case JB_KIND_TUPLE: body = tuple_body(x, pl, sc); break;
    case JB_KIND_SUM: body = sum_body(x, pl, scope_in(pl, sc)); break;
    default: body = enum_body(x, pl); break;
    }
    put(x, x->defs, name, body);
    return ref_to(x, name);
}

/* ------------------------------------------------------------------ */
/* Enums, tuples, records                                              */
/* ------------------------------------------------------------------ */

/* Every name of every case of an enum or sum (an all-nullary sum reads a plain
 * name in any style). */
static jb_value *all_names(sx *x, const jb_plan *pl) {
    jb_value *all = arr(x);
    for (size_t i = 0; i < pl->n; i++) {
        jb_value *names = names_of(x, pl, i);
        for (size_t k = 0, m = jb_value_array_len(names); k < m; k++)
            add(x, all, jb_value_array_get(names, k));
    }
    return all;
}

static jb_value *enum_body(sx *x, const jb_plan *pl) {
    jb_value *all = all_names(x, pl);
    jb_value *s = enum_of(x, all);
    /* circe's {"Green":{}} is read too when the enum's format writes it
     * (and alone under JB_FMT_NULLARY_STRICT) */
    if (pl->fmt_flags & JB_FMT_NULLARY_OBJECT) {
        jb_value *o = name_object(x, x->code ? NULL : jb_value_copy(all, x->arena), pl);
        s = (pl->fmt_flags & JB_FMT_NULLARY_STRICT) ? o : pair_of(x, "anyOf", s, o);
    }
    return s;
}

/* [e0, e1, ...] exactly: a tuple, or a record's fields in the array form
 * (a positional sum payload: its fields' types in order, nothing optional). */
static jb_value *positional(sx *x, const jb_plan *pl, scope sc) {
    jb_value *items = arr(x);
    for (size_t i = 0; i < pl->n; i++) add(x, items, schema_of(x, pl->e[i].type, sc));
    jb_value *s = typed(x, "array");
    if (pl->n) put(x, s, "prefixItems", items);
    put(x, s, "minItems", i64v(x, (int64_t)pl->n));
    return put(x, s, "maxItems", i64v(x, (int64_t)pl->n));
}

static jb_value *tuple_body(sx *x, const jb_plan *pl, scope sc) { return positional(x, pl, sc); }

/* Does the schema already accept null (a pointer's anyOf, any value)? */
static bool accepts_null(const jb_value *s) {
    if (jb_value_is_bool(s)) return true;
    const jb_value *a = jb_value_object_get(s, "anyOf", 5);
    const jb_value *first = jb_value_array_get(a, 0);
    const jb_value *ty = jb_value_object_get(first, "type", 4);
    jb_str name;
    return ty && jb_value_get_str(ty, &name) == JB_OK && name.len == 4 &&
           memcmp(name.ptr, "null", 4) == 0;
}

static jb_value *or_null(sx *x, jb_value *s) {
    if (!s || accepts_null(s)) return s;
    return pair_of(x, "anyOf", typed(x, "null"), s);
}

/* s with an annotation added ({"default": v} beside a $ref is fine in
 * 2020-12; a boolean schema becomes an object first). */
static jb_value *annotate(sx *x, jb_value *s, const char *kw, jb_value *v) {
    if (!s || !v) return fail_nomem(x);
    if (jb_value_is_bool(s)) s = obj(x);
    return put(x, s, kw, v);
}

static bool is_required(const jb_plan *pl, size_t i) {
    return (pl->required[i / 64] >> (i % 64)) & 1;
}

/* The schema of one field's value in its object. */
static jb_value *field_schema(sx *x, const jb_pentry *pe, scope sc) {
    jb_value *s = schema_of(x, pe->type, sc);
    bool three = pe->presence == JB_PRESENCE_FLAG && pe->type->kind == JB_KIND_PTR;
    /* an optional field given as null is absent (a three-state one keeps
     * the null, through its pointer) */
    if (pe->optional && !three) s = or_null(x, s);
    if (pe->default_json && !x->code) {
        jb_value *dv = NULL;
        /* a default that does not parse is left out of the annotation;
         * the decoder reports it when a document needs it */
        if (jb_value_parse(pe->default_json, strlen(pe->default_json), &dv, x->arena, NULL, NULL) ==
            JB_OK)
            s = annotate(x, s, "default", dv);
    }
    return s;
}

/*
 * A record object. `payload`: the record is an internally tagged sum's
 * case payload, whose fields share the object with the tag (decode.c
 * reads them straight, not unwrapped, in the sum's scope).
 */
static jb_value *record_body(sx *x, const jb_plan *pl, scope sc, bool payload) {
    if (pl->unwrap && !payload) return schema_of(x, pl->e[0].type, sc);
    jb_value *s = typed(x, "object"), *props = obj(x), *req = arr(x), *all = arr(x);
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *pe = &pl->e[i];
        jb_value *names = names_of(x, pl, i), *fs = field_schema(x, pe, sc);
        size_t nn = jb_value_array_len(names);
        for (size_t k = 0; k < nn; k++) {
            jb_str nm;
            if (x->code || jb_value_get_str(jb_value_array_get(names, k), &nm)) break;
            putn(x, props, nm.ptr, nm.len, k == 0 ? fs : jb_value_copy(fs, x->arena));
        }
        if (is_required(pl, i)) {
            if (nn == 1) {
                add(x, req, strv(x, pe->name, pe->name_len));
            } else { /* any one of its names, then */
                jb_value *alt = arr(x);
                for (size_t k = 0; k < nn; k++)
                    add(x, alt,
                        put(x, obj(x), "required",
                            add(x, arr(x), jb_value_copy(jb_value_array_get(names, k), x->arena))));
                add(x, all, put(x, obj(x), "anyOf", alt));
            }
        }
        /* two names of one field in one object are a duplicate key */
        for (size_t a = 0; a < nn; a++)
            for (size_t b = a + 1; b < nn; b++)
                add(x, all,
                    not_both(x, jb_value_copy(jb_value_array_get(names, a), x->arena),
                             jb_value_copy(jb_value_array_get(names, b), x->arena)));
    }
    put(x, s, "properties", props);
    if (jb_value_array_len(req)) put(x, s, "required", req);
    if (jb_value_array_len(all)) put(x, s, "allOf", all);
    /* JB_SCHEMA_DENY_UNKNOWN describes a decode with JB_READ_DENY_UNKNOWN */
    bool deny = jb__deny_unknown(pl, x->o && (x->o->flags & JB_SCHEMA_DENY_UNKNOWN) ? JB_READ_DENY_UNKNOWN : 0);
    if (deny && !pl->has_capture) put(x, s, "additionalProperties", boolv(x, false));
    return s;
}

/* ------------------------------------------------------------------ */
/* Sums                                                                */
/* ------------------------------------------------------------------ */

typedef struct sumctx {
    sx *x;
    const jb_plan *pl;
    scope sc;
} sumctx;

/* The payload of case i where it stands as a value of its own. */
static jb_value *payload(sumctx *c, size_t i) {
    const jb_type *pt = c->pl->e[i].type;
    if ((c->pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS) && pt->kind == JB_KIND_RECORD) {
        const jb_plan *pp = plan_of(c->x, pt);
        return pp ? positional(c->x, pp, c->sc) : NULL;
    }
    return schema_of(c->x, pt, c->sc);
}

/*
 * A tagged case as {"if": check, "then": body, "else": false}: check says
 * "the tag names this case", body the rest; it means check and body. A
 * validator that meets another case's tag stops at check: with the plain
 * conjunction python-jsonschema evaluates every branch of a oneOf in full,
 * and a recursive sum (pandoc's AST) costs the number of cases to the
 * power of the nesting depth.
 */
static jb_value *guard(sx *x, jb_value *check, jb_value *body) {
    jb_value *s = put(x, obj(x), "if", check);
    put(x, s, "then", body);
    return put(x, s, "else", boolv(x, false));
}

/* {"type": "object", "properties": {tag: TAG}, "required": [tag]} (TAG: tag_of) */
static jb_value *tag_check(sumctx *c, jb_value *names) {
    sx *x = c->x;
    jb_value *s = typed(x, "object");
    put(x, s, "properties",
        putn(x, obj(x), c->pl->tag_name, c->pl->tag_name_len, tag_of(x, names)));
    return put(x, s, "required", add(x, arr(x), strv(x, c->pl->tag_name, c->pl->tag_name_len)));
}

/* A case of an internally or adjacently tagged sum whose payload (if any)
 * sits under the content key. */
static jb_value *tagged_object(sumctx *c, jb_value *names, jb_value *content,
                               bool content_required) {
    sx *x = c->x;
    const jb_plan *pl = c->pl;
    jb_value *body = put(x, obj(x), "properties",
                         putn(x, obj(x), pl->content_name, pl->content_name_len, content));
    if (!content_required) { /* a nullary case: null, [] or {} there, a cheap check */
        jb_value *s = tag_check(c, names);
        jb_value *props = jb_value_object_get(s, "properties", 10);
        putn(x, props, pl->content_name, pl->content_name_len, content);
        return s;
    }
    put(x, body, "required", add(x, arr(x), strv(x, pl->content_name, pl->content_name_len)));
    return guard(x, tag_check(c, names), body);
}

/* Internal tagging with a record payload: its fields beside the tag. */
static jb_value *internal_record(sumctx *c, size_t i, jb_value *names) {
    sx *x = c->x;
    const jb_plan *pp = plan_of(x, c->pl->e[i].type);
    if (!pp) return NULL;
    jb_value *s = record_body(x, pp, c->sc, true);
    jb_value *props = jb_value_object_get(s, "properties", 10);
    if (!props) return fail_nomem(x);
    /* the tag is a property too (the record may be closed) */
    jb_value *np = putn(x, obj(x), c->pl->tag_name, c->pl->tag_name_len, tag_of(x, names));
    for (size_t k = 0, n = jb_value_object_len(props); k < n; k++) {
        jb_str key;
        jb_value *v = jb_value_object_at(props, k, &key);
        putn(x, np, key.ptr, key.len, v);
    }
    put(x, s, "properties", np);
    return guard(x, tag_check(c, names), s);
}

static jb_value *external_case(sumctx *c, size_t i, jb_value *names) {
    sx *x = c->x;
    jb_value *s = typed(x, "object");
    size_t nn = jb_value_array_len(names);
    if (nn == 1) { /* "properties" looks at the payload only under its own name: no guard needed */
        jb_str nm;
        if (x->code || jb_value_get_str(jb_value_array_get(names, 0), &nm)) return fail_nomem(x);
        put(x, s, "properties", putn(x, obj(x), nm.ptr, nm.len, payload(c, i)));
        put(x, s, "required", add(x, arr(x), strv(x, nm.ptr, nm.len)));
        return put(x, s, "additionalProperties", boolv(x, false));
    }
    put(x, s, "minProperties", i64v(x, 1));
    put(x, s, "maxProperties", i64v(x, 1));
    put(x, s, "propertyNames", enum_of(x, names));
    return guard(x, s, put(x, obj(x), "additionalProperties", payload(c, i)));
}

static jb_value *array_case(sumctx *c, size_t i, jb_value *names) {
    sx *x = c->x;
    bool nullary = !c->pl->e[i].type;
    jb_value *s = typed(x, "array");
    jb_value *items = add(x, arr(x), tag_of(x, names));
    if (nullary) add(x, items, nullary_payload(x, c->pl));
    put(x, s, "prefixItems", items);
    /* ["Case"] is read unless the strict form is ["Case",[]] */
    bool pair = !nullary || ((c->pl->fmt_flags & JB_FMT_NULLARY_STRICT) &&
                             (c->pl->fmt_flags & JB_FMT_NULLARY_ARRAY));
    put(x, s, "minItems", i64v(x, pair ? 2 : 1));
    put(x, s, "maxItems", i64v(x, 2));
    if (nullary) return s;
    return guard(
        x, s, put(x, obj(x), "prefixItems", add(x, add(x, arr(x), boolv(x, true)), payload(c, i))));
}

static jb_value *sum_body(sx *x, const jb_plan *pl, scope sc) {
    sumctx c = {x, pl, sc};
    jb_value *branches = arr(x);
    bool untagged = pl->sum_style == JB_SUM_UNTAGGED;
    /* written as a plain name in every style, and read only so */
    if (pl->all_nullary && (pl->fmt_flags & JB_FMT_ALL_NULLARY_STRING))
        return enum_of(x, all_names(x, pl));
    if (pl->all_nullary && pl->sum_style != JB_SUM_EXTERNAL)
        add(x, branches, enum_of(x, all_names(x, pl)));
    for (size_t i = 0; i < pl->n && !x->code; i++) {
        const jb_pentry *e = &pl->e[i];
        jb_value *names = names_of(x, pl, i);
        switch (pl->sum_style) {
        case JB_SUM_INTERNAL:
            if (!e->type)
                add(x, branches, tagged_object(&c, names, no_payload(x), false));
            else if (e->type->kind == JB_KIND_RECORD)
                add(x, branches, internal_record(&c, i, names));
            else
                add(x, branches, tagged_object(&c, names, payload(&c, i), true));
            break;
        case JB_SUM_ADJACENT:
            add(x, branches,
                tagged_object(&c, names, e->type ? payload(&c, i) : no_payload(x),
                              e->type != NULL));
            break;
        case JB_SUM_ARRAY: add(x, branches, array_case(&c, i, names)); break;
        case JB_SUM_UNTAGGED:
            /* a nullary case is null or its own name (aliases are not tried);
             * only its name with JB_FMT_UNTAGGED_NULLARY_NAME */
            if (!e->type && (pl->fmt_flags & JB_FMT_UNTAGGED_NULLARY_NAME))
                add(x, branches,
                    put(x, obj(x), "enum", add(x, arr(x), strv(x, e->name, e->name_len))));
            else if (!e->type)
                add(x, branches,
                    put(x, obj(x), "enum",
                        add(x, add(x, arr(x), nullv(x)), strv(x, e->name, e->name_len))));
            else
                add(x, branches, payload(&c, i));
            break;
        default: /* external */
            if (!e->type) {
                if (bare_name_ok(pl) || pl->all_nullary) add(x, branches, tag_of(x, names));
                add(x, branches,
                    name_object(x, x->code ? NULL : jb_value_copy(names, x->arena), pl));
            } else {
                add(x, branches, external_case(&c, i, names));
            }
            break;
        }
    }
    /* untagged cases are tried in order, so more than one may fit: anyOf */
    jb_value *s = put(x, obj(x), untagged ? "anyOf" : "oneOf", branches);
    if (pl->sum_style == JB_SUM_INTERNAL || pl->sum_style == JB_SUM_ADJACENT)
        put(x, s, "discriminator",
            putn(x, obj(x), "propertyName", 12, strv(x, pl->tag_name, pl->tag_name_len)));
    return s;
}

/* ------------------------------------------------------------------ */
/* Containers and dispatch                                             */
/* ------------------------------------------------------------------ */

/* An object key that decodes as key type k (decode_leaf.c jb__dec_map_key). */
static jb_value *key_names(sx *x, const jb_type *k, bool json_text, scope sc) {
    switch (k->kind) {
    case JB_KIND_CSTR: return cstr_schema(x);
    case JB_KIND_STR: return NULL;
    case JB_KIND_CHAR: /* as JSON text ("\"a\"") not described: any key */
        if (json_text) return NULL;
        return put(x, put(x, obj(x), "minLength", i64v(x, 1)), "maxLength", i64v(x, 1));
    case JB_KIND_ENUM: {
        const jb_plan *pl = plan_of(x, k);
        if (!pl) return NULL;
        jb_value *names = all_names(x, pl);
        if (!json_text) return enum_of(x, names);
        /* the key is the JSON text of the name: "\"Red\"" (as written; other
         * spellings of the same text, escapes or spaces, are read too) */
        jb_value *quoted = arr(x);
        for (size_t i = 0, n = jb_value_array_len(names); i < n && !x->code; i++) {
            jb_buf b = JB_BUF_INIT;
            jb_status st = jb_value_print(jb_value_array_get(names, i), &b, NULL, NULL);
            if (st == JB_OK) add(x, quoted, strv(x, b.data, b.len));
            jb_buf_free(&b);
            if (st) fail_nomem(x);
        }
        return enum_of(x, quoted);
    }
    default:
        /* a key's text is the integer; for JB_KEYS_JSON_TEXT its JSON text
         * (canonical spellings only: the decoder also reads spaces around it) */
        if (k->kind >= JB_KIND_I8 && k->kind <= JB_KIND_U64)
            return put(x, obj(x), "pattern",
                       int_pattern(x, k->kind, json_text && jb__scope_int64(sc) != 0,
                                   json_text && (sc & JB__SCOPE_INTEGRAL), json_text, int_as_string(k, sc)));
        return NULL;
    }
}

/* Object keys that JSON spells apart but that decode to one key (a
 * duplicate): the names of one enum case, an integer's "0" and "-0".
 * NULL when there are none. (JB_KEYS_JSON_TEXT keys have endless
 * spellings of one value; they are not listed.) */
static jb_value *same_keys(sx *x, const jb_type *k) {
    jb_value *all = arr(x);
    if (k->kind == JB_KIND_ENUM) {
        const jb_plan *pl = plan_of(x, k);
        for (size_t i = 0; pl && i < pl->n; i++) {
            jb_value *names = names_of(x, pl, i);
            for (size_t a = 0, n = jb_value_array_len(names); a < n; a++)
                for (size_t b = a + 1; b < n; b++)
                    add(x, all,
                        not_both(x, jb_value_copy(jb_value_array_get(names, a), x->arena),
                                 jb_value_copy(jb_value_array_get(names, b), x->arena)));
        }
    } else if (k->kind >= JB_KIND_I8 && k->kind <= JB_KIND_U64) {
        add(x, all, not_both(x, cstrv(x, "0"), cstrv(x, "-0")));
    }
    return jb_value_array_len(all) ? all : NULL;
}

/* [key, value] pairs whose key type has few values (an enum, bool): each
 * key at most once, with maxContains. NULL for other key types, whose
 * duplicates JSON Schema cannot see. */
static jb_value *unique_pair_keys(sx *x, const jb_type *k) {
    jb_value *all = arr(x), *one;
    size_t n = 0;
    const jb_plan *pl = k->kind == JB_KIND_ENUM ? plan_of(x, k) : NULL;
    if (k->kind == JB_KIND_BOOL)
        n = 2;
    else if (pl)
        n = pl->n;
    for (size_t i = 0; i < n; i++) {
        if (pl) {
            jb_value *names = names_of(x, pl, i);
            one = enum_of(x, names);
            if (pl->fmt_flags & JB_FMT_NULLARY_OBJECT)
                one = pair_of(x, "anyOf", one,
                              name_object(x, x->code ? NULL : jb_value_copy(names, x->arena), pl));
        } else {
            one = put(x, obj(x), "const", boolv(x, i == 0));
        }
        jb_value *c =
            put(x, obj(x), "contains", put(x, obj(x), "prefixItems", add(x, arr(x), one)));
        put(x, c, "minContains", i64v(x, 0));
        add(x, all, put(x, c, "maxContains", i64v(x, 1)));
    }
    return n ? all : NULL;
}

static jb_value *map_schema(sx *x, const jb_type *t, scope sc) {
    jb_key_mode km = t->key_mode ? t->key_mode : jb__scope_key_mode(sc);
    jb_value *v = schema_of(x, t->elem, sc);
    if (!jb__map_is_object(t->key, km)) {
        jb_value *pair = typed(x, "array");
        put(x, pair, "prefixItems", add(x, add(x, arr(x), schema_of(x, t->key, sc)), v));
        put(x, pair, "minItems", i64v(x, 2));
        put(x, pair, "maxItems", i64v(x, 2));
        jb_value *s = put(x, typed(x, "array"), "items", pair);
        jb_value *u = unique_pair_keys(x, t->key);
        return u ? put(x, s, "allOf", u) : s;
    }
    jb_value *s = typed(x, "object");
    bool json_text =
        km == JB_KEYS_JSON_TEXT && t->key->kind != JB_KIND_CSTR && t->key->kind != JB_KIND_STR;
    jb_value *kn = key_names(x, t->key, json_text, sc);
    if (kn)
        put(x, s, "propertyNames", kn);
    else if (json_text)
        put(x, s, "$comment",
            cstrv(
                x,
                "keys are the JSON text of the key type's values; JSON Schema cannot check that"));
    put(x, s, "additionalProperties", v);
    jb_value *same = json_text ? NULL : same_keys(x, t->key);
    return same ? put(x, s, "allOf", same) : s;
}

/* A custom codec's JSON: the schema of the descriptor the options' hook
 * names for it, else any value. */
static jb_value *custom_schema(sx *x, const jb_type *t, scope sc) {
    const jb_type *as = x->o && x->o->custom ? x->o->custom(t, x->o->ctx) : NULL;
    if (!as) return boolv(x, true);
    if (as == t || as->kind == JB_KIND_CUSTOM) {
        failed(x, JB_E_DESCRIPTOR,
               "the custom hook described a custom type by a custom type:", t->name);
        return NULL;
    }
    if (jb_type_check(as, NULL)) {
        jb_error e;
        jb_type_check(as, &e);
        failed(x, e.code, e.message, NULL);
        return NULL;
    }
    return schema_of(x, as, sc);
}

static jb_value *schema_of(sx *x, const jb_type *t, scope sc) {
    if (x->code) return NULL;
    if (!t) return failed(x, JB_E_DESCRIPTOR, "a NULL descriptor", NULL), NULL;
    if (++x->depth > SCHEMA_MAX_DEPTH) {
        failed(x, JB_E_DEPTH,
               "descriptors nest too deep (a cycle through vectors, maps or pointers only?) at",
               t->name);
        return NULL;
    }
    jb_value *s;
    switch (t->kind) {
    case JB_KIND_BOOL: s = typed(x, "boolean"); break;
    case JB_KIND_I8:
    case JB_KIND_I16:
    case JB_KIND_I32:
    case JB_KIND_I64:
    case JB_KIND_U8:
    case JB_KIND_U16:
    case JB_KIND_U32:
    case JB_KIND_U64: s = int_schema(x, t, sc); break;
    case JB_KIND_F32:
    case JB_KIND_F64: s = float_schema(x, t->kind, sc); break;
    case JB_KIND_CSTR: s = cstr_schema(x); break;
    case JB_KIND_STR: s = typed(x, "string"); break;
    case JB_KIND_CHAR: /* JSON Schema counts a string's length in code points */
        s = put(x, put(x, typed(x, "string"), "minLength", i64v(x, 1)), "maxLength", i64v(x, 1));
        break;
    case JB_KIND_NUMBER: s = typed(x, "number"); break;
    case JB_KIND_RAW:
    case JB_KIND_ANY: s = boolv(x, true); break;
    case JB_KIND_CUSTOM: s = custom_schema(x, t, sc); break;
    case JB_KIND_ENUM:
    case JB_KIND_RECORD:
    case JB_KIND_TUPLE:
    case JB_KIND_SUM: s = def_ref(x, t, sc); break;
    case JB_KIND_ARRAY:
        s = put(x, typed(x, "array"), "items", schema_of(x, t->elem, sc));
        put(x, s, "minItems", i64v(x, (int64_t)t->count));
        put(x, s, "maxItems", i64v(x, (int64_t)t->count));
        break;
    case JB_KIND_VEC: s = put(x, typed(x, "array"), "items", schema_of(x, t->elem, sc)); break;
    case JB_KIND_MAP: s = map_schema(x, t, sc); break;
    case JB_KIND_PTR: s = pair_of(x, "anyOf", typed(x, "null"), schema_of(x, t->elem, sc)); break;
    default:
        failed(x, JB_E_DESCRIPTOR, "descriptor has an invalid kind:", t->name);
        s = NULL;
        break;
    }
    x->depth--;
    return s;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

jb_status jb_schema_value(const jb_type *type, jb_arena *arena, jb_value **out,
                          const jb_schema_options *opts, jb_error *err) {
    if (out) *out = NULL;
    if (!type || !arena || !out) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL,
                       !type    ? "type is NULL"
                       : !arena ? "arena is NULL"
                                : "out is NULL");
        return JB_E_ARG;
    }
    jb_status st = jb_type_check(type, err);
    if (st) return st;
    jb_arena_mark mark = jb__arena_mark(arena);
    sx x = {arena, opts, NULL, NULL, 0, 0, 0, JB_OK, {0}};
    x.defs = obj(&x);
    jb_value *doc = put(&x, obj(&x), "$schema", cstrv(&x, SCHEMA_DIALECT));
    if (opts && opts->id) put(&x, doc, "$id", cstrv(&x, opts->id));
    if (opts && opts->title) put(&x, doc, "title", cstrv(&x, opts->title));
    jb_value *root = schema_of(
        &x, type, opts && (opts->flags & JB_SCHEMA_INTEGRAL_FLOATS) ? JB__SCOPE_INTEGRAL : 0u);
    if (root && jb_value_is_object(root)) {
        for (size_t k = 0, n = jb_value_object_len(root); k < n; k++) {
            jb_str key;
            jb_value *v = jb_value_object_at(root, k, &key);
            putn(&x, doc, key.ptr, key.len, v);
        }
    } else if (root && !x.code) {
        bool b = false;
        jb_value_get_bool(root, &b);
        if (!b) put(&x, doc, "not", obj(&x)); /* (no descriptor gives false today) */
    }
    if (jb_value_object_len(x.defs)) put(&x, doc, "$defs", x.defs);
    free(x.d);
    if (x.code) {
        jb__arena_rollback(arena, mark);
        jb__error_fill(err, x.code, NULL, 0, NULL, x.msg);
        return x.code;
    }
    *out = doc;
    return JB_OK;
}

jb_status jb_schema_write(const jb_type *type, jb_buf *buf, const jb_schema_options *opts,
                          jb_error *err) {
    if (!buf) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "buf is NULL");
        return JB_E_ARG;
    }
    jb_arena *arena = jb_arena_new();
    if (!arena) {
        jb__error_fill(err, JB_E_NOMEM, NULL, 0, NULL, "out of memory");
        return JB_E_NOMEM;
    }
    jb_value *doc;
    jb_status st = jb_schema_value(type, arena, &doc, opts, err);
    if (st == JB_OK) {
        jb_write_options w = {0};
        if (opts && (opts->flags & JB_SCHEMA_PRETTY)) w.flags = JB_WRITE_PRETTY;
        st = jb_value_print(doc, buf, &w, err);
    }
    jb_arena_free(arena);
    return st;
}
