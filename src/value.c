/* SPDX-License-Identifier: MIT */
/*
 * value.c — the jb_value DOM: parse (iterative, on the scanner of read.c),
 * accessors, object lookup with a lazy hash index, builders and mutation,
 * deep copy and deep equality (iterative). Printing is in value_print.c,
 * JSON Pointer in value_pointer.c, typed <-> value in value_typed.c.
 *
 * Parse keeps no recursion and no per-level C stack: each open container
 * pushes a small frame on the arena's scratch stack, its elements are
 * pushed above the frame as they are read (nested containers push above
 * and pop back before the next element), and at the close the elements
 * are gathered into one arena block and the frame is popped. The frames
 * form a chain through `up`, which also gives the error path.
 */
#include "value.h"

#include <math.h>
#include <stdlib.h>

#include "error.h"
#include "num.h"

const jb_type jb_any = {.kind = JB_KIND_ANY,
                        .name = "jb_value *",
                        .size = sizeof(jb_value *),
                        .align = _Alignof(jb_value *)};

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static jb_value *node_new(jb_arena *a, jb_value_type t) {
    jb_value *v = a ? jb__arena_alloc(a, sizeof *v, _Alignof(jb_value)) : NULL;
    if (v) {
        memset(v, 0, sizeof *v);
        v->type = (uint8_t)t;
    }
    return v;
}

/* A NUL-terminated copy of s[0..n) in the arena. */
static char *str_dup(jb_arena *a, const char *s, size_t n) {
    char *d;
    if (n == SIZE_MAX) return NULL;
    d = jb__arena_alloc(a, n + 1, 1);
    if (!d) return NULL;
    if (n) memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

static jb_status r_nomem(jb_reader *r, const char *at) {
    jb_status code = jb__arena_fail_code(r->arena) == JB_E_LIMIT ? JB_E_LIMIT : JB_E_NOMEM;
    return jb__r_fail(r, code, at, "%s",
                      code == JB_E_LIMIT ? "allocation limit reached" : "out of memory");
}

/* Does the number text s[0..n) have a non-zero digit in its mantissa? */
static bool mantissa_nonzero(const char *s, size_t n) {
    for (size_t i = 0; i < n && s[i] != 'e' && s[i] != 'E'; i++)
        if (s[i] >= '1' && s[i] <= '9') return true;
    return false;
}

/*
 * Classify a valid number token: I64 / U64 when it is an integer that fits,
 * F64 when it has a fraction or exponent (or is -0) and the double holds
 * its magnitude, else BIG (integers past 64 bits; magnitudes that overflow
 * to infinity or underflow to zero). For BIG, v->u.num.text is left for
 * the caller to set (it must outlive the token).
 */
jb_status jb__value_set_number(jb_value *v, const char *tok, size_t len) {
    bool integral = true;
    v->type = JB_VALUE_NUMBER;
    v->u.num.text = NULL;
    v->u.num.len = 0;
    for (size_t i = 0; i < len; i++)
        if (tok[i] == '.' || tok[i] == 'e' || tok[i] == 'E') integral = false;
    if (integral && !(len == 2 && tok[0] == '-' && tok[1] == '0')) {
        if (jb__parse_i64(tok, len, false, &v->u.num.n.i) == JB_OK) {
            v->nk = JB_NUMBER_I64;
            return JB_OK;
        }
        if (tok[0] != '-' && jb__parse_u64(tok, len, false, &v->u.num.n.u) == JB_OK) {
            v->nk = JB_NUMBER_U64;
            return JB_OK;
        }
        v->nk = JB_NUMBER_BIG;
        if (jb__parse_f64(tok, len, &v->u.num.n.d) != JB_OK)
            v->u.num.n.d = tok[0] == '-' ? -INFINITY : INFINITY;
        return JB_OK;
    }
    if (jb__parse_f64(tok, len, &v->u.num.n.d) != JB_OK) {
        v->nk = JB_NUMBER_BIG;
        v->u.num.n.d = tok[0] == '-' ? -INFINITY : INFINITY;
        return JB_OK;
    }
    v->nk = (v->u.num.n.d == 0 && mantissa_nonzero(tok, len)) ? JB_NUMBER_BIG : JB_NUMBER_F64;
    return JB_OK;
}

/* ------------------------------------------------------------------ */
/* Object index                                                        */
/* ------------------------------------------------------------------ */

static uint64_t key_hash(const char *s, size_t n, uint64_t seed) {
    /* FNV-1a over the bytes, seeded per index (from its address, so that
     * collisions cannot be precomputed as easily), then a final mix. */
    uint64_t h = UINT64_C(0xcbf29ce484222325) ^ seed;
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= UINT64_C(0x100000001b3);
    }
    h ^= h >> 29;
    h *= UINT64_C(0xbf58476d1ce4e5b9);
    return h ^ (h >> 32);
}

static inline bool key_eq(const jb_str *k, const char *s, size_t n) {
    return k->len == n && (n == 0 || memcmp(k->ptr, s, n) == 0);
}

/*
 * Build x's index over m[0..n). The later of two equal keys wins the
 * slot; *dup (if not NULL) receives the index of the first member whose
 * key repeats an earlier one (SIZE_MAX if none). false when out of memory.
 */
static bool index_build(jb_vext *x, const jb_member *m, size_t n, size_t *dup) {
    size_t ns = 32, bytes;
    while (ns < 2 * n) ns *= 2;
    if (!jb__mul_ok(ns, sizeof(size_t), &bytes)) return false;
    size_t *sl = jb__arena_alloc(x->arena, bytes, _Alignof(size_t));
    if (!sl) return false;
    memset(sl, 0, bytes);
    x->seed = (uint64_t)(uintptr_t)sl * UINT64_C(0x9E3779B97F4A7C15);
    if (dup) *dup = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        size_t j = (size_t)key_hash(m[i].key.ptr, m[i].key.len, x->seed) & (ns - 1);
        while (sl[j] && !key_eq(&m[sl[j] - 1].key, m[i].key.ptr, m[i].key.len))
            j = (j + 1) & (ns - 1);
        if (sl[j] && dup && *dup == SIZE_MAX) *dup = i;
        sl[j] = i + 1;
    }
    x->slots = sl;
    x->nslots = ns;
    return true;
}

/* Index of the last member named key, or SIZE_MAX. */
static size_t lookup_index(const jb_value *o, const char *key, size_t len) {
    const jb_member *m = o->u.obj.items;
    size_t n = o->u.obj.len;
    jb_vext *x = o->u.obj.x;
    if (n > JB_VALUE_INDEX_MIN && x && x->arena && (x->slots || index_build(x, m, n, NULL))) {
        size_t j = (size_t)key_hash(key, len, x->seed) & (x->nslots - 1);
        while (x->slots[j]) {
            size_t i = x->slots[j] - 1;
            if (key_eq(&m[i].key, key, len)) return i;
            j = (j + 1) & (x->nslots - 1);
        }
        return SIZE_MAX;
    }
    while (n--)
        if (key_eq(&m[n].key, key, len)) return n;
    return SIZE_MAX;
}

jb_value *jb__value_lookup(const jb_value *o, const char *key, size_t len) {
    size_t i;
    if (!o || o->type != JB_VALUE_OBJECT) return NULL;
    i = lookup_index(o, key ? key : "", key ? len : 0);
    return i == SIZE_MAX ? NULL : o->u.obj.items[i].val;
}

/* ------------------------------------------------------------------ */
/* Parse                                                               */
/* ------------------------------------------------------------------ */

/* One open container. Lives on the scratch stack, below its elements. */
typedef struct pframe {
    struct pframe *up;
    jb_value *slot;       /* the container's node, filled at the close */
    const char *open;     /* its '{' or '[' */
    jb_scratch_mark self; /* the scratch position before this frame */
    jb_scratch_mark kids; /* where its elements start */
    size_t n;             /* elements (members) pushed so far */
    const jb_str *key;    /* object: the key of the member being read */
    bool obj;
    bool in_value; /* an element's value is being read (for the path) */
} pframe;

/* An object member while parsing; gathered as is into the object's block. */
typedef struct orec {
    jb_str key;
    jb_value node;
} orec;

/* Where the member at index j of the object opened at `open` starts: the
 * failure path of duplicate detection only (re-scans the object). */
static const char *member_at(const jb_reader *r, const char *open, size_t j) {
    jb_reader t = *r;
    jb_str k;
    t.code = JB_OK;
    t.p = open + 1;
    t.depth = 0;
    t.max_depth = UINT32_MAX;
    for (size_t i = 0;; i++) {
        const char *at;
        if (jb__r_ws(&t) || t.p >= t.end) return open;
        if (*t.p == ',') t.p++;
        if (jb__r_ws(&t) || t.p >= t.end) return open;
        at = t.p;
        if (i == j) return at;
        if (jb__r_key(&t, &k) || jb__r_ws(&t) || t.p >= t.end || *t.p != ':') return open;
        t.p++;
        if (jb__r_ws(&t) || jb__r_skip(&t)) return open;
    }
}

static jb_status close_array(jb_reader *r, pframe *f) {
    size_t n = f->n, bytes;
    jb_value *v = f->slot;
    v->type = JB_VALUE_ARRAY;
    v->nk = 0;
    v->u.arr.items = NULL;
    v->u.arr.len = v->u.arr.cap = n;
    if (n == 0) return JB_OK;
    if (!jb__mul_ok(n, sizeof(jb_value) + sizeof(jb_value *), &bytes)) return r_nomem(r, f->open);
    jb_value *nodes = jb__arena_alloc(r->arena, n * sizeof(jb_value), _Alignof(jb_value));
    jb_value **items =
        nodes ? jb__arena_alloc(r->arena, n * sizeof *items, _Alignof(jb_value *)) : NULL;
    if (!items) return r_nomem(r, f->open);
    jb__scratch_gather(r->arena, f->kids, sizeof(jb_value), n, nodes);
    for (size_t i = 0; i < n; i++) items[i] = &nodes[i];
    v->u.arr.items = items;
    return JB_OK;
}

static jb_status close_object(jb_reader *r, pframe *f) {
    size_t n = f->n, bytes, dup = SIZE_MAX;
    jb_value *v = f->slot;
    jb_vext *x = NULL;
    v->type = JB_VALUE_OBJECT;
    v->nk = 0;
    v->u.obj.items = NULL;
    v->u.obj.len = n;
    v->u.obj.x = NULL;
    if (n == 0) return JB_OK;
    if (!jb__mul_ok(n, sizeof(orec) + sizeof(jb_member), &bytes)) return r_nomem(r, f->open);
    orec *recs = jb__arena_alloc(r->arena, n * sizeof(orec), _Alignof(orec));
    jb_member *m = recs ? jb__arena_alloc(r->arena, n * sizeof *m, _Alignof(jb_member)) : NULL;
    if (!m) return r_nomem(r, f->open);
    jb__scratch_gather(r->arena, f->kids, sizeof(orec), n, recs);
    for (size_t i = 0; i < n; i++) {
        m[i].key = recs[i].key;
        m[i].val = &recs[i].node;
    }
    v->u.obj.items = m;
    if (n > JB_VALUE_INDEX_MIN) {
        x = jb__arena_alloc(r->arena, sizeof *x, _Alignof(jb_vext));
        if (!x) return r_nomem(r, f->open);
        memset(x, 0, sizeof *x);
        x->cap = n;
        x->arena = r->arena;
        v->u.obj.x = x;
    }
    if (!(r->flags & JB_READ_REJECT_DUPLICATE_KEYS)) return JB_OK;
    if (x) {
        if (!index_build(x, m, n, &dup)) return r_nomem(r, f->open);
    } else {
        for (size_t i = 1; i < n && dup == SIZE_MAX; i++)
            for (size_t j = 0; j < i; j++)
                if (key_eq(&m[j].key, m[i].key.ptr, m[i].key.len)) {
                    dup = i;
                    break;
                }
    }
    if (dup == SIZE_MAX) return JB_OK;
    {
        int shown = m[dup].key.len > 40 ? 40 : (int)m[dup].key.len;
        return jb__r_fail(r, JB_E_DUPLICATE, member_at(r, f->open, dup), "duplicate key \"%.*s%s\"",
                          shown, m[dup].key.ptr, m[dup].key.len > 40 ? "..." : "");
    }
}

/* A scalar at r->p into *v. */
static jb_status parse_scalar(jb_reader *r, jb_value *v) {
    const char *p = r->p;
    char fb[16];
    memset(v, 0, sizeof *v);
    switch (*p) {
    case '"': {
        v->type = JB_VALUE_STRING;
        return jb__r_string(r, &v->u.str, (r->flags & JB_READ_BORROW_STRINGS) != 0, NULL);
    }
    case 't':
        v->type = JB_VALUE_BOOL;
        v->u.b = true;
        return jb__r_literal(r, "true", 4);
    case 'f': v->type = JB_VALUE_BOOL; return jb__r_literal(r, "false", 5);
    case 'n': v->type = JB_VALUE_NULL; return jb__r_literal(r, "null", 4);
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
    case 'N':
    case 'I': {
        jb_str tok;
        bool integral;
        int special = 0;
        if ((*p == 'N' || *p == 'I') && !(r->flags & JB_READ_ALLOW_NAN_INF)) break;
        {
            /* The common case, an integer of up to 19 digits followed by a
             * delimiter, in one pass (8 digits a word); "-0" (a double),
             * magnitudes past int64/uint64 and the rest take the general
             * path, which also reports errors. */
            bool neg;
            uint64_t mag = 0;
            size_t n = jb__scan_uint19(p, r->end, &neg, &mag);
            if (n && (p + n == r->end || jb__num_delim[(unsigned char)p[n]]) &&
                n <= r->max_number_len && (neg ? mag - 1 <= (uint64_t)INT64_MAX : true)) {
                v->type = JB_VALUE_NUMBER;
                if (neg) {
                    v->nk = JB_NUMBER_I64;
                    v->u.num.n.i = -(int64_t)(mag - 1) - 1;
                } else if (mag <= (uint64_t)INT64_MAX) {
                    v->nk = JB_NUMBER_I64;
                    v->u.num.n.i = (int64_t)mag;
                } else {
                    v->nk = JB_NUMBER_U64;
                    v->u.num.n.u = mag;
                }
                r->p = p + n;
                return JB_OK;
            }
            /* A fraction or exponent after a plain integer part: scan and
             * convert in one pass, as the typed decoder does, instead of
             * scanning the token, classifying it and converting it again.
             * Overflow, underflow of a non-zero mantissa (both BIG) and
             * anything not plain take the general path below. */
            if (n && p + n < r->end && (p[n] == '.' || p[n] == 'e' || p[n] == 'E')) {
                double d;
                jb_status st;
                size_t m = jb__scan_f64(p, r->end, &d, &st);
                if (m && st == JB_OK && (p + m == r->end || jb__num_delim[(unsigned char)p[m]]) &&
                    m <= r->max_number_len && !(d == 0 && mantissa_nonzero(p, m))) {
                    v->type = JB_VALUE_NUMBER;
                    v->nk = JB_NUMBER_F64;
                    v->u.num.n.d = d;
                    r->p = p + m;
                    return JB_OK;
                }
            }
        }
        if (jb__r_number(r, &tok, &integral, &special)) return r->code;
        if (special) {
            v->type = JB_VALUE_NUMBER;
            v->nk = JB_NUMBER_F64;
            v->u.num.n.d = special == 1 ? NAN : special == 2 ? INFINITY : -INFINITY;
            return JB_OK;
        }
        jb__value_set_number(v, tok.ptr, tok.len);
        if (v->nk == JB_NUMBER_BIG) {
            if (r->flags & JB_READ_BORROW_STRINGS) {
                v->u.num.text = tok.ptr;
            } else if (!(v->u.num.text = str_dup(r->arena, tok.ptr, tok.len))) {
                return r_nomem(r, p);
            }
            v->u.num.len = tok.len;
        }
        return JB_OK;
    }
    default: break;
    }
    return jb__r_fail(r, JB_E_SYNTAX, p, "expected value, found %s", jb__r_found(r, p, fb));
}

/* Open the container at r->p whose node is *slot: push its frame. */
static pframe *open_frame(jb_reader *r, pframe *up, jb_value *slot) {
    jb_scratch_mark self = jb__scratch_mark(r->arena);
    pframe *f;
    if (r->depth >= r->max_depth) {
        jb__r_fail(r, JB_E_DEPTH, r->p, "nesting deeper than %u levels (max_depth)",
                   (unsigned)r->max_depth);
        return NULL;
    }
    f = jb__scratch_push(r->arena, sizeof *f, _Alignof(pframe));
    if (!f) {
        r_nomem(r, r->p);
        return NULL;
    }
    f->up = up;
    f->slot = slot;
    f->open = r->p;
    f->self = self;
    f->kids = jb__scratch_mark(r->arena);
    f->n = 0;
    f->key = NULL;
    f->obj = *r->p == '{';
    f->in_value = false;
    r->depth++;
    r->p++;
    return f;
}

/* After an element: ',' (1: another follows, r->p on it), the close (0,
 * consumed), or a failure (-1). */
static int next_elem(jb_reader *r, pframe *f) {
    const char close = f->obj ? '}' : ']';
    char fb[16];
    if (jb__r_ws(r)) return -1;
    if (r->p < r->end && *r->p == ',') {
        const char *comma = r->p++;
        if (jb__r_ws(r)) return -1;
        if (r->p < r->end && *r->p == close) {
            if (!(r->flags & JB_READ_ALLOW_TRAILING_COMMAS)) {
                jb__r_fail(r, JB_E_SYNTAX, comma, "trailing comma before '%c' not allowed", close);
                return -1;
            }
            r->p++;
            return 0;
        }
        if (r->max_members && f->n >= r->max_members) {
            jb__r_fail(r, JB_E_LIMIT, r->p, "more than %zu %s (max_members)", r->max_members,
                       f->obj ? "members in an object" : "elements in an array");
            return -1;
        }
        return 1;
    }
    if (r->p < r->end && *r->p == close) {
        r->p++;
        return 0;
    }
    jb__r_fail(r, JB_E_SYNTAX, r->p, "expected ',' or '%c', found %s", close,
               jb__r_found(r, r->p, fb));
    return -1;
}

/* Push the next member's record and read its key and ':'; *slot is where
 * its value goes. r->p is on the key. */
static jb_status begin_member(jb_reader *r, pframe *f, jb_value **slot) {
    char fb[16];
    orec *rec;
    if (r->p >= r->end || *r->p != '"')
        return jb__r_fail(r, JB_E_SYNTAX, r->p, "expected string key, found %s",
                          jb__r_found(r, r->p, fb));
    rec = jb__scratch_push(r->arena, sizeof *rec, _Alignof(orec));
    if (!rec) return r_nomem(r, r->p);
    if (jb__r_string(r, &rec->key, (r->flags & JB_READ_BORROW_STRINGS) != 0, NULL)) return r->code;
    f->n++;
    f->key = &rec->key;
    if (jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != ':')
        return jb__r_fail(r, JB_E_SYNTAX, r->p, "expected ':' after key, found %s",
                          jb__r_found(r, r->p, fb));
    r->p++;
    if (jb__r_ws(r)) return r->code;
    *slot = &rec->node;
    return JB_OK;
}

/* Append the failing element's place in every open container to the path
 * (innermost first). */
static void parse_path(jb_reader *r, const pframe *f) {
    for (; f; f = f->up) {
        if (!f->in_value) continue;
        if (f->obj)
            jb__path_key(&r->path, f->key->ptr, f->key->len);
        else
            jb__path_index(&r->path, f->n - 1);
    }
}

jb_status jb__value_decode(jb_reader *r, jb_value **out) {
    jb_arena *a = r->arena;
    const jb_scratch_mark base = jb__scratch_mark(a);
    const uint32_t depth0 = r->depth;
    pframe *f = NULL;
    jb_value *slot, *root;
    int more;

    *out = NULL;
    if (!(root = jb__arena_alloc(a, sizeof *root, _Alignof(jb_value)))) return r_nomem(r, r->p);
    slot = root;
value: /* r->p is on a value (whitespace skipped); it goes to *slot */
    if (r->p >= r->end) {
        jb__r_fail(r, JB_E_SYNTAX, r->p, "expected value, found end of input");
        goto fail;
    }
    if (*r->p == '{' || *r->p == '[') {
        pframe *nf = open_frame(r, f, slot);
        if (!nf) goto fail;
        if (f) f->in_value = true;
        f = nf;
        if (jb__r_ws(r)) goto fail;
        if (r->p < r->end && *r->p == (f->obj ? '}' : ']')) {
            r->p++;
            goto close;
        }
        goto element;
    }
    if (f) f->in_value = true;
    if (parse_scalar(r, slot)) goto fail;
after: /* a value is complete */
    if (!f) goto done;
    f->in_value = false;
    more = next_elem(r, f);
    if (more < 0) goto fail;
    if (more == 0) goto close;
    /* fall through: r->p is on the next element */
element:
    if (f->obj) {
        if (begin_member(r, f, &slot)) goto fail;
    } else {
        if (!(slot = jb__scratch_push(a, sizeof(jb_value), _Alignof(jb_value)))) {
            r_nomem(r, r->p);
            goto fail;
        }
        f->n++;
    }
    goto value;
close: /* f's closing byte was consumed */
    if ((f->obj ? close_object(r, f) : close_array(r, f)) != JB_OK) goto fail;
    r->depth--;
    {
        pframe *up = f->up;
        jb__scratch_release(a, f->self);
        f = up;
    }
    goto after;
done:
    *out = root;
    return JB_OK;
fail:
    parse_path(r, f);
    jb__scratch_release(a, base);
    r->depth = depth0;
    return r->code ? r->code : JB_E_SYNTAX;
}

/* jb_value_parse and jb_value_parse_prefix (consumed not NULL: stop after
 * the value, its end to *consumed; max_doc_size then bounds the value). */
static jb_status parse_doc(const char *json, size_t len, jb_value **out, jb_arena *arena,
                           const jb_read_options *opts, size_t *consumed, jb_error *err) {
    jb_reader r;
    jb_arena_mark am;
    jb_scratch_mark sm;
    jb_status st;
    char fb[16];
    if (consumed) *consumed = 0;
    if (!out) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "out is NULL");
        return JB_E_ARG;
    }
    *out = NULL;
    if (!arena || (!json && len)) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, arena ? "json is NULL" : "arena is NULL");
        return JB_E_ARG;
    }
    if (!json) json = "";
    jb__r_init(&r, json, len, arena, opts);
    am = jb__arena_mark(arena);
    sm = jb__scratch_mark(arena);
    if (!consumed && len > r.max_doc_size) {
        jb__r_fail(&r, JB_E_LIMIT, r.p, "document of %zu bytes is over the %zu-byte limit", len,
                   r.max_doc_size);
        goto fail;
    }
    if (jb__r_ws(&r) || jb__value_decode(&r, out)) goto fail;
    if (consumed) {
        size_t n = (size_t)(r.p - json);
        if (n > r.max_doc_size) {
            jb__r_fail(&r, JB_E_LIMIT, json, "document of %zu bytes is over the %zu-byte limit", n,
                       r.max_doc_size);
            goto fail;
        }
        *consumed = n;
    } else if (!(r.flags & JB_READ_ALLOW_TRAILING_DATA)) {
        if (jb__r_ws(&r)) goto fail;
        if (r.p < r.end) {
            jb__r_fail(&r, JB_E_TRAILING, r.p, "expected end of input, found %s",
                       jb__r_found(&r, r.p, fb));
            goto fail;
        }
    }
    jb__scratch_release(arena, sm);
    return JB_OK;
fail:
    st = r.code ? r.code : JB_E_SYNTAX;
    jb__error_fill(err, st, json, r.err_offset, &r.path, r.message);
    jb__scratch_release(arena, sm);
    jb__arena_rollback(arena, am);
    *out = NULL;
    return st;
}

jb_status jb_value_parse(const char *json, size_t len, jb_value **out, jb_arena *arena,
                         const jb_read_options *opts, jb_error *err) {
    return parse_doc(json, len, out, arena, opts, NULL, err);
}

jb_status jb_value_parse_prefix(const char *json, size_t len, jb_value **out, jb_arena *arena,
                                const jb_read_options *opts, size_t *consumed, jb_error *err) {
    size_t dummy;
    return parse_doc(json, len, out, arena, opts, consumed ? consumed : &dummy, err);
}

/* ------------------------------------------------------------------ */
/* Accessors                                                           */
/* ------------------------------------------------------------------ */

jb_value_type jb_value_type_of(const jb_value *v) {
    return v ? (jb_value_type)v->type : JB_VALUE_NULL;
}
bool jb_value_is_null(const jb_value *v) { return !v || v->type == JB_VALUE_NULL; }
bool jb_value_is_bool(const jb_value *v) { return v && v->type == JB_VALUE_BOOL; }
bool jb_value_is_number(const jb_value *v) { return v && v->type == JB_VALUE_NUMBER; }
bool jb_value_is_integer(const jb_value *v) {
    return v && v->type == JB_VALUE_NUMBER && (v->nk == JB_NUMBER_I64 || v->nk == JB_NUMBER_U64);
}
bool jb_value_is_string(const jb_value *v) { return v && v->type == JB_VALUE_STRING; }
bool jb_value_is_array(const jb_value *v) { return v && v->type == JB_VALUE_ARRAY; }
bool jb_value_is_object(const jb_value *v) { return v && v->type == JB_VALUE_OBJECT; }
jb_number_kind jb_value_number_kind(const jb_value *v) {
    return v && v->type == JB_VALUE_NUMBER ? (jb_number_kind)v->nk : (jb_number_kind)0;
}

jb_status jb_value_get_bool(const jb_value *v, bool *out) {
    if (!v || v->type != JB_VALUE_BOOL) return JB_E_TYPE;
    if (out) *out = v->u.b;
    return JB_OK;
}

/* 2^63 and 2^64 as doubles (exact). */
#define TWO63 9223372036854775808.0
#define TWO64 18446744073709551616.0

/* A double that holds an integer: JB_OK, JB_E_TYPE (fraction, NaN). */
static jb_status integral_double(double d) {
    if (d != d || (isfinite(d) && d != floor(d))) return JB_E_TYPE;
    return JB_OK;
}

/* BIG numbers: integral text past 64 bits is a range error for integer
 * getters; a non-integral one is a type error. */
static jb_status big_int_status(const jb_value *v) {
    const char *s = v->u.num.text;
    for (size_t i = 0; i < v->u.num.len; i++)
        if (s[i] == '.' || s[i] == 'e' || s[i] == 'E') return JB_E_TYPE;
    return JB_E_RANGE;
}

jb_status jb_value_get_i64(const jb_value *v, int64_t *out) {
    if (!v || v->type != JB_VALUE_NUMBER) return JB_E_TYPE;
    switch (v->nk) {
    case JB_NUMBER_I64:
        if (out) *out = v->u.num.n.i;
        return JB_OK;
    case JB_NUMBER_U64: return JB_E_RANGE;
    case JB_NUMBER_F64: {
        double d = v->u.num.n.d;
        jb_status st = integral_double(d);
        if (st) return st;
        if (!(d >= -TWO63 && d < TWO63)) return JB_E_RANGE;
        if (out) *out = (int64_t)d;
        return JB_OK;
    }
    default: return big_int_status(v);
    }
}

jb_status jb_value_get_u64(const jb_value *v, uint64_t *out) {
    if (!v || v->type != JB_VALUE_NUMBER) return JB_E_TYPE;
    switch (v->nk) {
    case JB_NUMBER_I64:
        if (v->u.num.n.i < 0) return JB_E_RANGE;
        if (out) *out = (uint64_t)v->u.num.n.i;
        return JB_OK;
    case JB_NUMBER_U64:
        if (out) *out = v->u.num.n.u;
        return JB_OK;
    case JB_NUMBER_F64: {
        double d = v->u.num.n.d;
        jb_status st = integral_double(d);
        if (st) return st;
        if (!(d >= 0 && d < TWO64)) return JB_E_RANGE;
        if (out) *out = (uint64_t)d;
        return JB_OK;
    }
    default: return big_int_status(v);
    }
}

jb_status jb_value_get_f64(const jb_value *v, double *out) {
    double d;
    if (!v || v->type != JB_VALUE_NUMBER) return JB_E_TYPE;
    switch (v->nk) {
    case JB_NUMBER_I64: d = (double)v->u.num.n.i; break;
    case JB_NUMBER_U64: d = (double)v->u.num.n.u; break;
    case JB_NUMBER_BIG:
        d = v->u.num.n.d;
        if (isinf(d)) return JB_E_RANGE;
        break;
    default: d = v->u.num.n.d; break;
    }
    if (out) *out = d;
    return JB_OK;
}

jb_status jb_value_get_str(const jb_value *v, jb_str *out) {
    if (!v || v->type != JB_VALUE_STRING) return JB_E_TYPE;
    if (out) *out = v->u.str;
    return JB_OK;
}

jb_status jb_value_number_text(const jb_value *v, char buf[32], jb_str *out) {
    size_t n;
    if (!v || v->type != JB_VALUE_NUMBER || !out) return v && out ? JB_E_TYPE : JB_E_ARG;
    switch (v->nk) {
    case JB_NUMBER_I64: n = jb__fmt_i64(buf, v->u.num.n.i); break;
    case JB_NUMBER_U64: n = jb__fmt_u64(buf, v->u.num.n.u); break;
    case JB_NUMBER_BIG:
        out->ptr = v->u.num.text;
        out->len = v->u.num.len;
        return JB_OK;
    default:
        if (!isfinite(v->u.num.n.d)) return JB_E_NONFINITE;
        {
            /* The formatter may use room past the text; buf has 32 bytes. */
            char tmp[JB_FMT_F64_MAX];
            n = jb__fmt_f64(tmp, v->u.num.n.d);
            memcpy(buf, tmp, n);
        }
        break;
    }
    out->ptr = buf;
    out->len = n;
    return JB_OK;
}

size_t jb_value_array_len(const jb_value *v) {
    return v && v->type == JB_VALUE_ARRAY ? v->u.arr.len : 0;
}

jb_value *jb_value_array_get(const jb_value *v, size_t i) {
    if (!v || v->type != JB_VALUE_ARRAY || i >= v->u.arr.len) return NULL;
    return v->u.arr.items[i];
}

size_t jb_value_object_len(const jb_value *v) {
    return v && v->type == JB_VALUE_OBJECT ? v->u.obj.len : 0;
}

jb_value *jb_value_object_at(const jb_value *v, size_t i, jb_str *key) {
    if (!v || v->type != JB_VALUE_OBJECT || i >= v->u.obj.len) {
        if (key) *key = (jb_str){NULL, 0}; /* never left undefined */
        return NULL;
    }
    if (key) *key = v->u.obj.items[i].key;
    return v->u.obj.items[i].val;
}

jb_value *jb_value_object_get(const jb_value *v, const char *key, size_t len) {
    return jb__value_lookup(v, key, len);
}

/* ------------------------------------------------------------------ */
/* Builders and mutation                                               */
/* ------------------------------------------------------------------ */

jb_value *jb_value_new_null(jb_arena *arena) { return node_new(arena, JB_VALUE_NULL); }

jb_value *jb_value_new_bool(jb_arena *arena, bool b) {
    jb_value *v = node_new(arena, JB_VALUE_BOOL);
    if (v) v->u.b = b;
    return v;
}

jb_value *jb_value_new_i64(jb_arena *arena, int64_t n) {
    jb_value *v = node_new(arena, JB_VALUE_NUMBER);
    if (v) {
        v->nk = JB_NUMBER_I64;
        v->u.num.n.i = n;
    }
    return v;
}

jb_value *jb_value_new_u64(jb_arena *arena, uint64_t n) {
    jb_value *v;
    if (n <= INT64_MAX) return jb_value_new_i64(arena, (int64_t)n);
    if ((v = node_new(arena, JB_VALUE_NUMBER))) {
        v->nk = JB_NUMBER_U64;
        v->u.num.n.u = n;
    }
    return v;
}

jb_value *jb_value_new_f64(jb_arena *arena, double d) {
    jb_value *v = node_new(arena, JB_VALUE_NUMBER);
    if (v) {
        v->nk = JB_NUMBER_F64;
        v->u.num.n.d = d;
    }
    return v;
}

jb_value *jb_value_new_number_text(jb_arena *arena, const char *text, size_t len) {
    jb_value *v;
    if (!text || len == 0 || jb__num_scan(text, text + len, NULL, NULL) != len) return NULL;
    if (!(v = node_new(arena, JB_VALUE_NUMBER))) return NULL;
    jb__value_set_number(v, text, len);
    if (v->nk == JB_NUMBER_BIG) {
        if (!(v->u.num.text = str_dup(arena, text, len))) return NULL;
        v->u.num.len = len;
    }
    return v;
}

jb_value *jb_value_new_string(jb_arena *arena, const char *s, size_t len) {
    jb_value *v;
    if (!s && len) return NULL;
    if (!(v = node_new(arena, JB_VALUE_STRING))) return NULL;
    if (!(v->u.str.ptr = str_dup(arena, s, len))) return NULL;
    v->u.str.len = len;
    return v;
}

jb_value *jb_value_new_array(jb_arena *arena) { return node_new(arena, JB_VALUE_ARRAY); }
jb_value *jb_value_new_object(jb_arena *arena) { return node_new(arena, JB_VALUE_OBJECT); }

/* Room for n items of size sz at *items (capacity *cap, len used): grow
 * to at least double. */
static bool grow(jb_arena *a, void **items, size_t len, size_t *cap, size_t sz, size_t al) {
    size_t ncap, bytes;
    void *ni;
    if (len < *cap) return true;
    ncap = *cap < 4 ? 8 : *cap;
    if (!jb__mul_ok(ncap, 2, &ncap) || !jb__mul_ok(ncap, sz, &bytes)) return false;
    if (!(ni = jb__arena_alloc(a, bytes, al))) return false;
    if (len) memcpy(ni, *items, len * sz);
    *items = ni;
    *cap = ncap;
    return true;
}

jb_status jb_value_array_append(jb_value *array, jb_value *elem, jb_arena *arena) {
    void *items;
    if (!array || !elem || !arena) return JB_E_ARG;
    if (array->type != JB_VALUE_ARRAY) return JB_E_TYPE;
    items = array->u.arr.items;
    if (!grow(arena, &items, array->u.arr.len, &array->u.arr.cap, sizeof(jb_value *),
              _Alignof(jb_value *)))
        return JB_E_NOMEM;
    array->u.arr.items = items;
    array->u.arr.items[array->u.arr.len++] = elem;
    return JB_OK;
}

jb_status jb_value_object_set(jb_value *object, const char *key, size_t len, jb_value *val,
                              jb_arena *arena) {
    jb_vext *x;
    jb_member *m;
    void *items;
    size_t i;
    if (!object || !val || !arena || (!key && len)) return JB_E_ARG;
    if (object->type != JB_VALUE_OBJECT) return JB_E_TYPE;
    if (!key) key = "";
    if ((i = lookup_index(object, key, len)) != SIZE_MAX) {
        object->u.obj.items[i].val = val;
        return JB_OK;
    }
    if (!(x = object->u.obj.x)) {
        if (!(x = jb__arena_alloc(arena, sizeof *x, _Alignof(jb_vext)))) return JB_E_NOMEM;
        memset(x, 0, sizeof *x);
        x->cap = object->u.obj.len;
        object->u.obj.x = x;
    }
    if (!x->arena) x->arena = arena;
    items = object->u.obj.items;
    if (!grow(arena, &items, object->u.obj.len, &x->cap, sizeof(jb_member), _Alignof(jb_member)))
        return JB_E_NOMEM;
    object->u.obj.items = items;
    m = &object->u.obj.items[object->u.obj.len];
    if (!(m->key.ptr = str_dup(arena, key, len))) return JB_E_NOMEM;
    m->key.len = len;
    m->val = val;
    object->u.obj.len++;
    /* Keep a built index when it still has room, else drop it (the next
     * lookup rebuilds it at the new size). */
    if (x->slots && 2 * object->u.obj.len <= x->nslots) {
        size_t j = (size_t)key_hash(key, len, x->seed) & (x->nslots - 1);
        while (x->slots[j]) j = (j + 1) & (x->nslots - 1);
        x->slots[j] = object->u.obj.len;
    } else {
        x->slots = NULL;
    }
    return JB_OK;
}

jb_status jb_value_object_remove(jb_value *object, const char *key, size_t len, size_t *removed) {
    size_t o = 0, n;
    jb_member *m;
    if (removed) *removed = 0;
    if (!object || (!key && len)) return JB_E_ARG;
    if (object->type != JB_VALUE_OBJECT) return JB_E_TYPE;
    if (!key) key = "";
    m = object->u.obj.items;
    n = object->u.obj.len;
    for (size_t i = 0; i < n; i++)
        if (!key_eq(&m[i].key, key, len)) m[o++] = m[i];
    if (removed) *removed = n - o;
    if (o != n) {
        object->u.obj.len = o;
        if (object->u.obj.x) object->u.obj.x->slots = NULL; /* indexes moved */
    }
    return JB_OK;
}

/* ------------------------------------------------------------------ */
/* Traversal stacks for copy, equal and print                          */
/* ------------------------------------------------------------------ */

void *jb__vstack_push(jb_vstack *s) {
    if (s->n == s->cap) {
        size_t ncap = s->cap * 2, bytes;
        void *nb;
        if (!jb__mul_ok(ncap, s->esz, &bytes)) return NULL;
        nb = realloc(s->heap, bytes);
        if (!nb) return NULL;
        if (!s->heap) memcpy(nb, s->base, s->n * s->esz);
        s->heap = s->base = nb;
        s->cap = ncap;
    }
    return (char *)s->base + s->esz * s->n++;
}

void jb__vstack_free(jb_vstack *s) {
    free(s->heap);
    s->heap = NULL;
}

/* ------------------------------------------------------------------ */
/* Deep copy                                                           */
/* ------------------------------------------------------------------ */

/* A node like src with its own strings; containers get item storage of
 * src's length, to be filled by the caller. */
static jb_value *copy_shallow(const jb_value *src, jb_arena *a) {
    jb_value *d = node_new(a, (jb_value_type)src->type);
    size_t n, bytes;
    if (!d) return NULL;
    *d = *src;
    switch (src->type) {
    case JB_VALUE_STRING:
        if (!(d->u.str.ptr = str_dup(a, src->u.str.ptr, src->u.str.len))) return NULL;
        return d;
    case JB_VALUE_NUMBER:
        if (src->nk == JB_NUMBER_BIG &&
            !(d->u.num.text = str_dup(a, src->u.num.text, src->u.num.len)))
            return NULL;
        return d;
    case JB_VALUE_ARRAY:
        n = src->u.arr.len;
        d->u.arr.cap = n;
        d->u.arr.items = NULL;
        if (n == 0) return d;
        if (!jb__mul_ok(n, sizeof(jb_value *), &bytes)) return NULL;
        if (!(d->u.arr.items = jb__arena_alloc(a, bytes, _Alignof(jb_value *)))) return NULL;
        return d;
    case JB_VALUE_OBJECT:
        n = src->u.obj.len;
        d->u.obj.items = NULL;
        d->u.obj.x = NULL;
        if (n == 0) return d;
        if (!jb__mul_ok(n, sizeof(jb_member), &bytes)) return NULL;
        if (!(d->u.obj.items = jb__arena_alloc(a, bytes, _Alignof(jb_member)))) return NULL;
        for (size_t i = 0; i < n; i++) {
            const jb_str *k = &src->u.obj.items[i].key;
            if (!(d->u.obj.items[i].key.ptr = str_dup(a, k->ptr, k->len))) return NULL;
            d->u.obj.items[i].key.len = k->len;
            d->u.obj.items[i].val = NULL;
        }
        if (n > JB_VALUE_INDEX_MIN) {
            jb_vext *x = jb__arena_alloc(a, sizeof *x, _Alignof(jb_vext));
            if (!x) return NULL;
            memset(x, 0, sizeof *x);
            x->cap = n;
            x->arena = a;
            d->u.obj.x = x;
        }
        return d;
    default: return d;
    }
}

typedef struct cframe {
    const jb_value *src;
    jb_value *dst;
    size_t i;
} cframe;

static size_t clen(const jb_value *v) {
    return v->type == JB_VALUE_ARRAY ? v->u.arr.len : v->type == JB_VALUE_OBJECT ? v->u.obj.len : 0;
}

jb_value *jb_value_copy(const jb_value *v, jb_arena *arena) {
    cframe local[32];
    jb_vstack st = JB_VSTACK_INIT(local);
    jb_arena_mark am;
    jb_value *root;
    cframe *f;
    if (!v || !arena) return NULL;
    am = jb__arena_mark(arena);
    if (!(root = copy_shallow(v, arena))) goto fail;
    if (clen(v)) {
        if (!(f = jb__vstack_push(&st))) goto fail;
        *f = (cframe){v, root, 0};
    }
    while (st.n) {
        const jb_value *c;
        jb_value *d;
        f = (cframe *)st.base + (st.n - 1);
        if (f->i == clen(f->src)) {
            st.n--;
            continue;
        }
        if (f->src->type == JB_VALUE_ARRAY) {
            c = f->src->u.arr.items[f->i];
            if (!(d = copy_shallow(c, arena))) goto fail;
            f->dst->u.arr.items[f->i] = d;
        } else {
            c = f->src->u.obj.items[f->i].val;
            if (!(d = copy_shallow(c, arena))) goto fail;
            f->dst->u.obj.items[f->i].val = d;
        }
        f->i++;
        if (clen(c)) {
            if (!(f = jb__vstack_push(&st))) goto fail;
            *f = (cframe){c, d, 0};
        }
    }
    jb__vstack_free(&st);
    return root;
fail:
    jb__vstack_free(&st);
    jb__arena_rollback(arena, am);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Deep equality                                                       */
/* ------------------------------------------------------------------ */

/*
 * A number's decimal text as sign, significant digits and exponent, read
 * lazily: value = 0.d1d2d3... x 10^exp with d1 != 0 (zero: no digits).
 */
typedef struct decimal {
    const char *s, *end; /* the digits (integer part, '.', fraction) */
    bool neg;
    bool zero;
    int64_t exp;
} decimal;

static void decimal_of(decimal *d, const char *s, size_t n) {
    const char *end = s + n, *e = s, *p;
    int64_t ex = 0, intd = 0, lz = 0;
    bool eneg = false;
    d->neg = n && s[0] == '-';
    if (d->neg) s++;
    while (e < end && *e != 'e' && *e != 'E') e++;
    if (e < end) { /* the exponent, saturating far beyond any digit count */
        p = e + 1;
        if (p < end && (*p == '+' || *p == '-')) eneg = *p++ == '-';
        for (; p < end; p++) ex = ex > (INT64_C(1) << 56) ? ex : ex * 10 + (*p - '0');
        if (eneg) ex = -ex;
    }
    /* D = the integer digits then the fraction digits; the value is
     * 0.D x 10^(intd + ex); each leading zero of D removed lowers that. */
    for (p = s; p < e && *p != '.'; p++) intd++;
    for (p = s; p < e && (*p == '0' || *p == '.'); p++)
        if (*p == '0') lz++;
    d->s = p;
    d->end = e;
    d->zero = true;
    for (const char *q = p; q < e; q++)
        if (*q >= '1' && *q <= '9') d->zero = false;
    d->exp = ex + intd - lz;
}

static bool decimal_eq(const char *a, size_t an, const char *b, size_t bn) {
    decimal x, y;
    decimal_of(&x, a, an);
    decimal_of(&y, b, bn);
    if (x.zero || y.zero) return x.zero && y.zero;
    if (x.neg != y.neg || x.exp != y.exp) return false;
    for (;;) {
        while (x.s < x.end && *x.s == '.') x.s++;
        while (y.s < y.end && *y.s == '.') y.s++;
        if (x.s == x.end || y.s == y.end) break;
        if (*x.s++ != *y.s++) return false;
    }
    for (; x.s < x.end; x.s++)
        if (*x.s != '0' && *x.s != '.') return false;
    for (; y.s < y.end; y.s++)
        if (*y.s != '0' && *y.s != '.') return false;
    return true;
}

static size_t num_text(const jb_value *v, char *buf, const char **s) {
    jb_str t;
    if (jb_value_number_text(v, buf, &t) != JB_OK) {
        *s = "";
        return 0;
    }
    *s = t.ptr;
    return t.len;
}

static bool num_eq(const jb_value *a, const jb_value *b) {
    const jb_value *t;
    if (a->nk > b->nk) {
        t = a;
        a = b;
        b = t;
    }
    /* now a->nk <= b->nk: I64 < U64 < F64 < BIG */
    if (b->nk == JB_NUMBER_BIG) {
        char ba[32], bb[32];
        const char *sa, *sb;
        size_t na = num_text(a, ba, &sa), nb = num_text(b, bb, &sb);
        return na && nb && decimal_eq(sa, na, sb, nb);
    }
    if (a->nk == b->nk) {
        if (a->nk == JB_NUMBER_F64) return a->u.num.n.d == b->u.num.n.d;
        return a->u.num.n.u == b->u.num.n.u;
    }
    if (b->nk == JB_NUMBER_U64) return false; /* I64 <= INT64_MAX < U64 */
    {
        double d = b->u.num.n.d;
        if (integral_double(d) != JB_OK || !isfinite(d)) return false;
        if (a->nk == JB_NUMBER_I64) return d >= -TWO63 && d < TWO63 && (int64_t)d == a->u.num.n.i;
        return d >= 0 && d < TWO64 && (uint64_t)d == a->u.num.n.u;
    }
}

/* Members of o that are the last of their key. */
static size_t distinct_members(const jb_value *o) {
    size_t k = 0;
    for (size_t i = 0; i < o->u.obj.len; i++) {
        const jb_str *key = &o->u.obj.items[i].key;
        if (lookup_index(o, key->ptr, key->len) == i) k++;
    }
    return k;
}

/* Equal apart from their elements (compared by the caller). */
static bool shallow_eq(const jb_value *a, const jb_value *b) {
    if (a->type != b->type) return false;
    switch (a->type) {
    case JB_VALUE_NULL: return true;
    case JB_VALUE_BOOL: return a->u.b == b->u.b;
    case JB_VALUE_NUMBER: return num_eq(a, b);
    case JB_VALUE_STRING: return key_eq(&a->u.str, b->u.str.ptr, b->u.str.len);
    case JB_VALUE_ARRAY: return a->u.arr.len == b->u.arr.len;
    default:
        if (a->u.obj.len == b->u.obj.len && a->u.obj.len <= 1) return true;
        return distinct_members(a) == distinct_members(b);
    }
}

typedef struct eqframe {
    const jb_value *a, *b;
    size_t i;
} eqframe;

bool jb_value_equal(const jb_value *a, const jb_value *b) {
    eqframe local[32];
    jb_vstack st = JB_VSTACK_INIT(local);
    eqframe *f;
    bool eq = false;
    if (!a || !b) return a == b;
    if (a == b) return true;
    if (!shallow_eq(a, b)) return false;
    if (clen(a)) {
        f = jb__vstack_push(&st);
        *f = (eqframe){a, b, 0};
    }
    while (st.n) {
        const jb_value *x, *y;
        f = (eqframe *)st.base + (st.n - 1);
        if (f->i == clen(f->a)) {
            st.n--;
            continue;
        }
        if (f->a->type == JB_VALUE_ARRAY) {
            x = f->a->u.arr.items[f->i];
            y = f->b->u.arr.items[f->i];
        } else {
            const jb_str *k = &f->a->u.obj.items[f->i].key;
            if (lookup_index(f->a, k->ptr, k->len) != f->i) { /* an earlier duplicate */
                f->i++;
                continue;
            }
            x = f->a->u.obj.items[f->i].val;
            if (!(y = jb__value_lookup(f->b, k->ptr, k->len))) goto done;
        }
        f->i++;
        if (x == y) continue;
        if (!shallow_eq(x, y)) goto done;
        if (clen(x)) {
            if (!(f = jb__vstack_push(&st))) goto done; /* out of memory: not proven equal */
            *f = (eqframe){x, y, 0};
        }
    }
    eq = true;
done:
    jb__vstack_free(&st);
    return eq;
}
