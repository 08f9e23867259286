/* SPDX-License-Identifier: MIT */
/*
 * value.c — the jb_value DOM: accessors, object lookup with a lazy hash
 * index, builders and mutation, deep copy and deep equality (iterative).
 * Parse is in value_parse.c, printing in value_print.c, JSON Pointer in
 * value_pointer.c, typed <-> value in value_typed.c.
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


/* Does the number text s[0..n) have a non-zero digit in its mantissa? */
bool jb__value_mantissa_nonzero(const char *s, size_t n) {
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
    v->nk = (v->u.num.n.d == 0 && jb__value_mantissa_nonzero(tok, len)) ? JB_NUMBER_BIG : JB_NUMBER_F64;
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

/*
 * Build x's index over m[0..n). The later of two equal keys wins the
 * slot; *dup (if not NULL) receives the index of the first member whose
 * key repeats an earlier one (SIZE_MAX if none). false when out of memory.
 */
bool jb__value_index_build(jb_vext *x, const jb_member *m, size_t n, size_t *dup) {
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
        while (sl[j] && !jb__key_eq(&m[sl[j] - 1].key, m[i].key.ptr, m[i].key.len))
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
    if (n > JB_VALUE_INDEX_MIN && x && x->arena && (x->slots || jb__value_index_build(x, m, n, NULL))) {
        size_t j = (size_t)key_hash(key, len, x->seed) & (x->nslots - 1);
        while (x->slots[j]) {
            size_t i = x->slots[j] - 1;
            if (jb__key_eq(&m[i].key, key, len)) return i;
            j = (j + 1) & (x->nslots - 1);
        }
        return SIZE_MAX;
    }
    while (n--)
        if (jb__key_eq(&m[n].key, key, len)) return n;
    return SIZE_MAX;
}

jb_value *jb__value_lookup(const jb_value *o, const char *key, size_t len) {
    size_t i;
    if (!o || o->type != JB_VALUE_OBJECT) return NULL;
    i = lookup_index(o, key ? key : "", key ? len : 0);
    return i == SIZE_MAX ? NULL : o->u.obj.items[i].val;
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
        if (!(v->u.num.text = jb__arena_strdup(arena, text, len))) return NULL;
        v->u.num.len = len;
    }
    return v;
}

jb_value *jb_value_new_string(jb_arena *arena, const char *s, size_t len) {
    jb_value *v;
    if (!s && len) return NULL;
    if (!(v = node_new(arena, JB_VALUE_STRING))) return NULL;
    if (!(v->u.str.ptr = jb__arena_strdup(arena, s, len))) return NULL;
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
    object->nk = 0; /* the new key is not known clean (JB_KEYS_CLEAN) */
    m = &object->u.obj.items[object->u.obj.len];
    if (!(m->key.ptr = jb__arena_strdup(arena, key, len))) return JB_E_NOMEM;
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
        if (!jb__key_eq(&m[i].key, key, len)) m[o++] = m[i];
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
        if (!(d->u.str.ptr = jb__arena_strdup(a, src->u.str.ptr, src->u.str.len))) return NULL;
        return d;
    case JB_VALUE_NUMBER:
        if (src->nk == JB_NUMBER_BIG &&
            !(d->u.num.text = jb__arena_strdup(a, src->u.num.text, src->u.num.len)))
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
            if (!(d->u.obj.items[i].key.ptr = jb__arena_strdup(a, k->ptr, k->len))) return NULL;
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
    case JB_VALUE_STRING: return jb__key_eq(&a->u.str, b->u.str.ptr, b->u.str.len);
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
