/* SPDX-License-Identifier: MIT */
/*
 * test_roundtrip.c — property test and allocation-failure sweeps.
 *
 * Thousands of random values (fixed seed) for a set of descriptors that
 * cover the combinations that matter — an optional inside a vec inside a
 * map inside a sum, nested records, tuples, enums, every integer width
 * (limits included), doubles and floats from random bit patterns, strings
 * of random UTF-8 with escapes (and NUL in jb_str), maps of every key
 * kind, every sum style, recursion through a pointer — go through
 * encode -> decode -> deep equality (written per type below), and the
 * second encode must give the same bytes.
 *
 * Then decode and encode run with an allocator that fails its Nth
 * allocation, for N = 1, 2, ... until the call succeeds: each failure is
 * JB_E_NOMEM, leaves the output zeroed (decode) or the buffer as it was
 * (encode), and once everything is freed no allocation is live.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"

/* ------------------------------------------------------------------ */
/* Random numbers (splitmix64, fixed seed)                             */
/* ------------------------------------------------------------------ */

static uint64_t rng = 20240601;
static uint64_t rnd(void) {
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint32_t below(uint32_t n) { return (uint32_t)(rnd() % n); }
static bool coin(void) { return rnd() & 1; }

/* Integers: the limits, small values and random bits, mixed. */
static uint64_t rnd_bits(int bits, bool is_signed) {
    uint64_t mask = bits == 64 ? ~0ull : ((1ull << bits) - 1);
    uint64_t smax = mask >> 1, smin = ~smax; /* as 64-bit patterns */
    switch (below(8)) {
    case 0: return is_signed ? smin : 0;
    case 1: return is_signed ? smax : mask;
    case 2: return 0;
    case 3: return is_signed ? ~0ull : 1;
    case 4: return (uint64_t)(int64_t)((int)below(200) - 100);
    default: {
        uint64_t v = rnd() & mask;
        if (is_signed && (v >> (bits - 1)) & 1) v |= ~mask; /* sign-extend */
        return v;
    }
    }
}

static double rnd_f64(void) {
    for (;;) {
        uint64_t b = rnd();
        switch (below(6)) {
        case 0: b &= 0x800FFFFFFFFFFFFFull; break;                               /* subnormal */
        case 1: b = (b & 0x800FFFFFFFFFFFFFull) | ((uint64_t)(1023 + below(60) - 30) << 52); break;
        case 2: b &= 0x8000000000000000ull; break;                               /* +-0 */
        case 3: { double d = (double)(int64_t)(rnd() % 2000001) - 1000000; return d / 8; }
        default: break;
        }
        double d;
        memcpy(&d, &b, 8);
        if (isfinite(d)) return d;
    }
}

static float rnd_f32(void) {
    for (;;) {
        uint32_t b = (uint32_t)rnd();
        if (below(4) == 0) b &= 0x807FFFFFu;
        float f;
        memcpy(&f, &b, 4);
        if (isfinite(f)) return f;
    }
}

/* ------------------------------------------------------------------ */
/* Generation memory: an arena of its own                              */
/* ------------------------------------------------------------------ */

static jb_arena *G;
static void *galloc(size_t n) {
    void *p = jb_arena_alloc(G, n ? n : 1, 16);
    if (!p) abort();
    memset(p, 0, n ? n : 1);
    return p;
}

/* Random UTF-8: ASCII, controls, quote, backslash, slash, 2/3/4-byte
 * characters (no surrogates), and NUL when allowed. */
static jb_str rnd_text(bool allow_nul, const char *prefix) {
    size_t cap = 4 * 24 + 8, n = 0;
    char *s = galloc(cap + 1);
    if (prefix) {
        n = strlen(prefix);
        memcpy(s, prefix, n);
    }
    uint32_t len = below(4) == 0 ? 0 : below(20);
    for (uint32_t i = 0; i < len; i++) {
        uint32_t cp;
        switch (below(10)) {
        case 0: cp = below(32); break;
        case 1: cp = "\"\\/"[below(3)]; break;
        case 2: cp = 0x80 + below(0x800 - 0x80); break;
        case 3: cp = 0x800 + below(0xD800 - 0x800); break;
        case 4: cp = 0xE000 + below(0x10000 - 0xE000); break;
        case 5: cp = 0x10000 + below(0x110000 - 0x10000); break;
        case 6: cp = 0x7F; break;
        default: cp = 0x20 + below(0x5F); break;
        }
        if (cp == 0 && !allow_nul) cp = 'z';
        if (cp < 0x80) s[n++] = (char)cp;
        else if (cp < 0x800) {
            s[n++] = (char)(0xC0 | (cp >> 6));
            s[n++] = (char)(0x80 | (cp & 63));
        } else if (cp < 0x10000) {
            s[n++] = (char)(0xE0 | (cp >> 12));
            s[n++] = (char)(0x80 | ((cp >> 6) & 63));
            s[n++] = (char)(0x80 | (cp & 63));
        } else {
            s[n++] = (char)(0xF0 | (cp >> 18));
            s[n++] = (char)(0x80 | ((cp >> 12) & 63));
            s[n++] = (char)(0x80 | ((cp >> 6) & 63));
            s[n++] = (char)(0x80 | (cp & 63));
        }
    }
    s[n] = 0;
    return (jb_str){s, n};
}

static bool str_eq(jb_str a, jb_str b) {
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}
static bool cstr_eq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }
static bool bits_eq64(double a, double b) { return memcmp(&a, &b, 8) == 0; }
static bool bits_eq32(float a, float b) { return memcmp(&a, &b, 4) == 0; }

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

typedef enum { RED = -1, GREEN = 5, BLUE = 1000, ULTRA = 70000 } color;
static const jb_type color_type = JB_ENUM(color,
    JB_ENUM_CASE(RED, "red"), JB_ENUM_CASE(GREEN, "green"),
    JB_ENUM_CASE(BLUE, "blue"), JB_ENUM_CASE(ULTRA, "ultra \\\"violet\\\""));
static const color colors[] = {RED, GREEN, BLUE, ULTRA};

typedef struct { double x; float y; int8_t z; } point;
static const jb_type point_type = JB_TUPLE(point,
    JB_ELEM(point, x, &jb_f64), JB_ELEM(point, y, &jb_f32), JB_ELEM(point, z, &jb_i8));

typedef struct {
    bool b;
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
    float f32; double f64;
    char *name;
    jb_str blob;
    color col;
    bool has_opt; int32_t opt;
    double *pd;
    bool has_os; jb_str os;
    uint16_t arr[3];
} item;
static const jb_type item_type = JB_RECORD(item,
    JB_FIELD(item, b, &jb_bool),
    JB_FIELD(item, i8, &jb_i8), JB_FIELD(item, i16, &jb_i16),
    JB_FIELD(item, i32, &jb_i32), JB_FIELD(item, i64, &jb_i64),
    JB_FIELD(item, u8, &jb_u8), JB_FIELD(item, u16, &jb_u16),
    JB_FIELD(item, u32, &jb_u32), JB_FIELD(item, u64, &jb_u64),
    JB_FIELD(item, f32, &jb_f32), JB_FIELD(item, f64, &jb_f64),
    JB_FIELD(item, name, &jb_cstr, JB_NAME("na\"me/\xc3\xa9")),
    JB_FIELD(item, blob, &jb_string),
    JB_FIELD(item, col, &color_type),
    JB_OPTIONAL(item, opt, has_opt, &jb_i32),
    JB_FIELD(item, pd, JB_PTR_OF_T(double, &jb_f64)),
    JB_OPTIONAL(item, os, has_os, &jb_string, JB_NAME("o.s")),
    JB_FIELD(item, arr, JB_ARRAY_OF(uint16_t, 3, &jb_u16)));

/* an optional inside a vec inside a map inside a sum */
typedef struct { bool has_v; int32_t v; } cell;
static const jb_type cell_type = JB_RECORD(cell, JB_OPTIONAL(cell, v, has_v, &jb_i32));
typedef JB_VEC(cell) cellvec;
typedef JB_MAP(char *, cellvec) cellmap;
#define CELLMAP_TYPE JB_MAP_OF_T(char *, cellvec, &jb_cstr, JB_VEC_OF_T(cell, &cell_type))

typedef enum { K_MAP = 1, K_POINT, K_EMPTY, K_ITEM, K_NUM, K_CELL, K_STR } kind;
typedef struct {
    kind kind;
    union { cellmap m; point p; item r; int64_t n; cell c; char *s; } as;
} sumv;
#define CASES_COMMON \
    JB_CASE(sumv, K_MAP, "Map", as.m, CELLMAP_TYPE), \
    JB_CASE(sumv, K_POINT, "Point", as.p, &point_type), \
    JB_NULLARY(K_EMPTY, "Empty"), \
    JB_CASE(sumv, K_ITEM, "Item", as.r, &item_type), \
    JB_CASE(sumv, K_NUM, "Num", as.n, &jb_i64)
static const jb_type sum_ext = JB_SUM(sumv, kind, CASES_COMMON);
static const jb_type sum_adj = JB_SUM((sumv, .sum_style = JB_SUM_ADJACENT, .tag_name = "t", .content_name = "c"), kind, CASES_COMMON);
static const jb_type sum_arr = JB_SUM((sumv, .sum_style = JB_SUM_ARRAY), kind, CASES_COMMON);
static const jb_type sum_int = JB_SUM((sumv, .sum_style = JB_SUM_INTERNAL, .tag_name = "kind"), kind,
    JB_CASE(sumv, K_ITEM, "Item", as.r, &item_type),
    JB_CASE(sumv, K_CELL, "Cell", as.c, &cell_type),
    JB_NULLARY(K_EMPTY, "Empty"));
/* untagged: cases of distinct JSON types; "Empty" before the string case */
static const jb_type sum_unt = JB_SUM((sumv, .sum_style = JB_SUM_UNTAGGED), kind,
    JB_CASE(sumv, K_ITEM, "Item", as.r, &item_type),
    JB_CASE(sumv, K_NUM, "Num", as.n, &jb_i64),
    JB_CASE(sumv, K_POINT, "Point", as.p, &point_type),
    JB_NULLARY(K_EMPTY, "Empty"),
    JB_CASE(sumv, K_STR, "Str", as.s, &jb_cstr));

typedef struct { int32_t key_a; char *key_b; } rkey;
static const jb_type rkey_type = JB_RECORD(rkey, JB_FIELD(rkey, key_a, &jb_i32), JB_FIELD(rkey, key_b, &jb_cstr));

typedef struct doc {
    sumv se, sa, sr, si, su;
    JB_VEC(sumv) list;
    JB_MAP(int32_t, item) byid;
    JB_MAP(uint64_t, bool) byu64;
    JB_MAP(int8_t, int8_t) byi8;
    JB_MAP(color, double) bycolor;
    JB_MAP(jb_str, int16_t) bystr;
    JB_MAP(point, jb_str) bypoint;
    JB_MAP(rkey, sumv) byrec;
    JB_VEC(int32_t *) ptrs;
    jb_str raw;
    jb_str num;
    struct doc *child;
} doc;
static const jb_type doc_type;
static const jb_type doc_type = JB_RECORD(doc,
    JB_FIELD(doc, se, &sum_ext), JB_FIELD(doc, sa, &sum_adj), JB_FIELD(doc, sr, &sum_arr),
    JB_FIELD(doc, si, &sum_int), JB_FIELD(doc, su, &sum_unt),
    JB_FIELD(doc, list, JB_VEC_OF_T(sumv, &sum_arr)),
    JB_FIELD(doc, byid, JB_MAP_OF_T(int32_t, item, &jb_i32, &item_type)),
    JB_FIELD(doc, byu64, JB_MAP_OF_T(uint64_t, bool, &jb_u64, &jb_bool)),
    JB_FIELD(doc, byi8, JB_MAP_OF_T(int8_t, int8_t, &jb_i8, &jb_i8)),
    JB_FIELD(doc, bycolor, JB_MAP_OF_T(color, double, &color_type, &jb_f64)),
    JB_FIELD(doc, bystr, JB_MAP_OF_T(jb_str, int16_t, &jb_string, &jb_i16)),
    JB_FIELD(doc, bypoint, JB_MAP_OF_T(point, jb_str, &point_type, &jb_string)),
    JB_FIELD(doc, byrec, JB_MAP_OF_T(rkey, sumv, &rkey_type, &sum_ext)),
    JB_FIELD(doc, ptrs, JB_VEC_OF(JB_PTR_OF(&jb_i32))),
    JB_FIELD(doc, raw, &jb_raw),
    JB_FIELD(doc, num, &jb_number),
    JB_FIELD(doc, child, JB_PTR_OF(&doc_type)));

/* ------------------------------------------------------------------ */
/* Generators                                                          */
/* ------------------------------------------------------------------ */

static void gen_item(item *it) {
    it->b = coin();
    it->i8 = (int8_t)rnd_bits(8, true);
    it->i16 = (int16_t)rnd_bits(16, true);
    it->i32 = (int32_t)rnd_bits(32, true);
    it->i64 = (int64_t)rnd_bits(64, true);
    it->u8 = (uint8_t)rnd_bits(8, false);
    it->u16 = (uint16_t)rnd_bits(16, false);
    it->u32 = (uint32_t)rnd_bits(32, false);
    it->u64 = rnd_bits(64, false);
    it->f32 = rnd_f32();
    it->f64 = rnd_f64();
    it->name = (char *)rnd_text(false, NULL).ptr;
    it->blob = rnd_text(true, NULL);
    it->col = colors[below(4)];
    if ((it->has_opt = coin())) it->opt = (int32_t)rnd_bits(32, true);
    if (coin()) {
        it->pd = galloc(sizeof *it->pd);
        *it->pd = rnd_f64();
    }
    if ((it->has_os = coin())) it->os = rnd_text(true, NULL);
    for (int k = 0; k < 3; k++) it->arr[k] = (uint16_t)rnd_bits(16, false);
}

static void gen_cell(cell *c) {
    if ((c->has_v = coin())) c->v = (int32_t)rnd_bits(32, true);
}

static void gen_cellmap(cellmap *m) {
    m->len = below(4);
    m->items = galloc(m->len * sizeof *m->items);
    for (size_t k = 0; k < m->len; k++) {
        jb_str t = rnd_text(false, NULL);
        char *key = galloc(t.len + 8);
        snprintf(key, t.len + 8, "%zu%s", k, t.ptr); /* distinct keys */
        m->items[k].key = key;
        cellvec *v = &m->items[k].value;
        v->len = below(4);
        v->items = galloc(v->len * sizeof *v->items);
        for (size_t j = 0; j < v->len; j++) gen_cell(&v->items[j]);
    }
}

static void gen_point(point *p) {
    p->x = rnd_f64();
    p->y = rnd_f32();
    p->z = (int8_t)rnd_bits(8, true);
}

/* A value of sum `t` (the cases it has). */
static void gen_sum(const jb_type *t, sumv *s) {
    static const kind common[] = {K_MAP, K_POINT, K_EMPTY, K_ITEM, K_NUM};
    static const kind internal[] = {K_ITEM, K_CELL, K_EMPTY};
    static const kind untagged[] = {K_ITEM, K_NUM, K_POINT, K_EMPTY, K_STR};
    const kind *ks = t == &sum_int ? internal : t == &sum_unt ? untagged : common;
    size_t nk = t == &sum_int ? 3 : 5;
    memset(s, 0, sizeof *s);
    s->kind = ks[below((uint32_t)nk)];
    switch (s->kind) {
    case K_MAP: gen_cellmap(&s->as.m); break;
    case K_POINT: gen_point(&s->as.p); break;
    case K_ITEM: gen_item(&s->as.r); break;
    case K_NUM: s->as.n = (int64_t)rnd_bits(64, true); break;
    case K_CELL: gen_cell(&s->as.c); break;
    case K_STR: {
        jb_str t2 = rnd_text(false, "s:");
        s->as.s = (char *)t2.ptr;
        break;
    }
    default: break;
    }
}

static const char *const raws[] = {"null", "true", "[]", "{}", "[1,{\"a\":[null,\"\\u0000\"]}]", "\"x\\ny\"",
                                   "-0.5e-3", "{\"k\":{\"k\":{}}}"};
static const char *const nums[] = {"0", "-0", "1e400", "123456789012345678901234567890", "-1.5E+2", "0.000001"};

static void gen_doc(doc *d, int depth) {
    memset(d, 0, sizeof *d);
    gen_sum(&sum_ext, &d->se);
    gen_sum(&sum_adj, &d->sa);
    gen_sum(&sum_arr, &d->sr);
    gen_sum(&sum_int, &d->si);
    gen_sum(&sum_unt, &d->su);
    d->list.len = below(4);
    d->list.items = galloc(d->list.len * sizeof(sumv));
    for (size_t k = 0; k < d->list.len; k++) gen_sum(&sum_arr, &d->list.items[k]);
    d->byid.len = below(3);
    d->byid.items = galloc(d->byid.len * sizeof *d->byid.items);
    for (size_t k = 0; k < d->byid.len; k++) {
        d->byid.items[k].key = (int32_t)(k == 0 ? rnd_bits(32, true) : (uint64_t)d->byid.items[k - 1].key ^ (1u << k));
        gen_item(&d->byid.items[k].value);
    }
    d->byu64.len = below(3);
    d->byu64.items = galloc(d->byu64.len * sizeof *d->byu64.items);
    for (size_t k = 0; k < d->byu64.len; k++) {
        d->byu64.items[k].key = k == 0 ? rnd_bits(64, false) : d->byu64.items[0].key ^ k;
        d->byu64.items[k].value = coin();
    }
    d->byi8.len = below(3);
    d->byi8.items = galloc(d->byi8.len * sizeof *d->byi8.items);
    for (size_t k = 0; k < d->byi8.len; k++) {
        d->byi8.items[k].key = (int8_t)(k == 0 ? -128 : k == 1 ? 127 : 0);
        d->byi8.items[k].value = (int8_t)rnd_bits(8, true);
    }
    d->bycolor.len = below(5);
    d->bycolor.items = galloc(d->bycolor.len * sizeof *d->bycolor.items);
    for (size_t k = 0; k < d->bycolor.len; k++) {
        d->bycolor.items[k].key = colors[(k + 1) % 4];
        d->bycolor.items[k].value = rnd_f64();
    }
    d->bystr.len = below(3);
    d->bystr.items = galloc(d->bystr.len * sizeof *d->bystr.items);
    for (size_t k = 0; k < d->bystr.len; k++) {
        jb_str t = rnd_text(true, NULL);
        char *key = galloc(t.len + 2);
        key[0] = (char)('a' + k);
        memcpy(key + 1, t.ptr, t.len);
        d->bystr.items[k].key = (jb_str){key, t.len + 1};
        d->bystr.items[k].value = (int16_t)rnd_bits(16, true);
    }
    d->bypoint.len = below(3);
    d->bypoint.items = galloc(d->bypoint.len * sizeof *d->bypoint.items);
    for (size_t k = 0; k < d->bypoint.len; k++) {
        gen_point(&d->bypoint.items[k].key);
        d->bypoint.items[k].key.z = (int8_t)k; /* distinct */
        d->bypoint.items[k].value = rnd_text(true, NULL);
    }
    d->byrec.len = below(3);
    d->byrec.items = galloc(d->byrec.len * sizeof *d->byrec.items);
    for (size_t k = 0; k < d->byrec.len; k++) {
        d->byrec.items[k].key.key_a = (int32_t)k;
        d->byrec.items[k].key.key_b = (char *)rnd_text(false, NULL).ptr;
        gen_sum(&sum_ext, &d->byrec.items[k].value);
    }
    d->ptrs.len = below(4);
    d->ptrs.items = galloc(d->ptrs.len * sizeof(int32_t *));
    for (size_t k = 0; k < d->ptrs.len; k++)
        if (coin()) {
            d->ptrs.items[k] = galloc(sizeof(int32_t));
            *d->ptrs.items[k] = (int32_t)rnd_bits(32, true);
        }
    const char *r = raws[below(sizeof raws / sizeof raws[0])];
    d->raw = (jb_str){r, strlen(r)};
    const char *n = nums[below(sizeof nums / sizeof nums[0])];
    d->num = (jb_str){n, strlen(n)};
    if (depth < 2 && below(3) == 0) {
        d->child = galloc(sizeof *d->child);
        gen_doc(d->child, depth + 1);
    }
}

/* ------------------------------------------------------------------ */
/* Deep equality                                                       */
/* ------------------------------------------------------------------ */

static bool item_eq(const item *a, const item *b) {
    if (a->b != b->b || a->i8 != b->i8 || a->i16 != b->i16 || a->i32 != b->i32 || a->i64 != b->i64 ||
        a->u8 != b->u8 || a->u16 != b->u16 || a->u32 != b->u32 || a->u64 != b->u64)
        return false;
    if (!bits_eq32(a->f32, b->f32) || !bits_eq64(a->f64, b->f64)) return false;
    if (!cstr_eq(a->name, b->name) || !str_eq(a->blob, b->blob) || a->col != b->col) return false;
    if (a->has_opt != b->has_opt || (a->has_opt && a->opt != b->opt)) return false;
    if (!a->pd != !b->pd || (a->pd && !bits_eq64(*a->pd, *b->pd))) return false;
    if (a->has_os != b->has_os || (a->has_os && !str_eq(a->os, b->os))) return false;
    return memcmp(a->arr, b->arr, sizeof a->arr) == 0;
}

static bool cell_eq(const cell *a, const cell *b) {
    return a->has_v == b->has_v && (!a->has_v || a->v == b->v);
}

static bool point_eq(const point *a, const point *b) {
    return bits_eq64(a->x, b->x) && bits_eq32(a->y, b->y) && a->z == b->z;
}

static bool cellmap_eq(const cellmap *a, const cellmap *b) {
    if (a->len != b->len) return false;
    for (size_t k = 0; k < a->len; k++) {
        if (!cstr_eq(a->items[k].key, b->items[k].key)) return false;
        const cellvec *x = &a->items[k].value, *y = &b->items[k].value;
        if (x->len != y->len) return false;
        for (size_t j = 0; j < x->len; j++)
            if (!cell_eq(&x->items[j], &y->items[j])) return false;
    }
    return true;
}

static bool sum_eq(const sumv *a, const sumv *b) {
    if (a->kind != b->kind) return false;
    switch (a->kind) {
    case K_MAP: return cellmap_eq(&a->as.m, &b->as.m);
    case K_POINT: return point_eq(&a->as.p, &b->as.p);
    case K_ITEM: return item_eq(&a->as.r, &b->as.r);
    case K_NUM: return a->as.n == b->as.n;
    case K_CELL: return cell_eq(&a->as.c, &b->as.c);
    case K_STR: return cstr_eq(a->as.s, b->as.s);
    default: return true;
    }
}

static bool doc_eq(const doc *a, const doc *b, const char **where) {
#define FAIL_(w) do { *where = (w); return false; } while (0)
    if (!sum_eq(&a->se, &b->se)) FAIL_("se");
    if (!sum_eq(&a->sa, &b->sa)) FAIL_("sa");
    if (!sum_eq(&a->sr, &b->sr)) FAIL_("sr");
    if (!sum_eq(&a->si, &b->si)) FAIL_("si");
    if (!sum_eq(&a->su, &b->su)) FAIL_("su");
    if (a->list.len != b->list.len) FAIL_("list");
    for (size_t k = 0; k < a->list.len; k++)
        if (!sum_eq(&a->list.items[k], &b->list.items[k])) FAIL_("list[]");
    if (a->byid.len != b->byid.len) FAIL_("byid");
    for (size_t k = 0; k < a->byid.len; k++)
        if (a->byid.items[k].key != b->byid.items[k].key || !item_eq(&a->byid.items[k].value, &b->byid.items[k].value))
            FAIL_("byid[]");
    if (a->byu64.len != b->byu64.len) FAIL_("byu64");
    for (size_t k = 0; k < a->byu64.len; k++)
        if (a->byu64.items[k].key != b->byu64.items[k].key || a->byu64.items[k].value != b->byu64.items[k].value)
            FAIL_("byu64[]");
    if (a->byi8.len != b->byi8.len) FAIL_("byi8");
    for (size_t k = 0; k < a->byi8.len; k++)
        if (a->byi8.items[k].key != b->byi8.items[k].key || a->byi8.items[k].value != b->byi8.items[k].value)
            FAIL_("byi8[]");
    if (a->bycolor.len != b->bycolor.len) FAIL_("bycolor");
    for (size_t k = 0; k < a->bycolor.len; k++)
        if (a->bycolor.items[k].key != b->bycolor.items[k].key ||
            !bits_eq64(a->bycolor.items[k].value, b->bycolor.items[k].value))
            FAIL_("bycolor[]");
    if (a->bystr.len != b->bystr.len) FAIL_("bystr");
    for (size_t k = 0; k < a->bystr.len; k++)
        if (!str_eq(a->bystr.items[k].key, b->bystr.items[k].key) || a->bystr.items[k].value != b->bystr.items[k].value)
            FAIL_("bystr[]");
    if (a->bypoint.len != b->bypoint.len) FAIL_("bypoint");
    for (size_t k = 0; k < a->bypoint.len; k++)
        if (!point_eq(&a->bypoint.items[k].key, &b->bypoint.items[k].key) ||
            !str_eq(a->bypoint.items[k].value, b->bypoint.items[k].value))
            FAIL_("bypoint[]");
    if (a->byrec.len != b->byrec.len) FAIL_("byrec");
    for (size_t k = 0; k < a->byrec.len; k++)
        if (a->byrec.items[k].key.key_a != b->byrec.items[k].key.key_a ||
            !cstr_eq(a->byrec.items[k].key.key_b, b->byrec.items[k].key.key_b) ||
            !sum_eq(&a->byrec.items[k].value, &b->byrec.items[k].value))
            FAIL_("byrec[]");
    if (a->ptrs.len != b->ptrs.len) FAIL_("ptrs");
    for (size_t k = 0; k < a->ptrs.len; k++) {
        int32_t *x = a->ptrs.items[k], *y = b->ptrs.items[k];
        if (!x != !y || (x && *x != *y)) FAIL_("ptrs[]");
    }
    if (!str_eq(a->raw, b->raw)) FAIL_("raw");
    if (!str_eq(a->num, b->num)) FAIL_("num");
    if (!a->child != !b->child) FAIL_("child");
    if (a->child) return doc_eq(a->child, b->child, where);
    return true;
#undef FAIL_
}

/* ------------------------------------------------------------------ */
/* The property test                                                   */
/* ------------------------------------------------------------------ */

#define N_DOCS 3000

static void test_property(void) {
    jb_arena *a = jb_arena_new();
    jb_buf b1 = JB_BUF_INIT, b2 = JB_BUF_INIT;
    int bad = 0;
    jb_write_options pretty = {.flags = JB_WRITE_PRETTY, .indent = 3};
    for (int i = 0; i < N_DOCS; i++) {
        doc d, back;
        gen_doc(&d, 0);
        jb_error e;
        b1.len = 0;
        jb_status st = jb_encode(&doc_type, &d, &b1, i % 5 == 4 ? &pretty : NULL, &e);
        if (st != JB_OK) {
            if (bad++ < 5) CHECKF(0, "doc %d: encode %s: %s at %s", i, jb_status_name(st), e.message, e.path);
            goto next;
        }
        /* decode from an exactly-sized copy */
        char *copy = malloc(b1.len);
        memcpy(copy, b1.data, b1.len);
        st = jb_decode(&doc_type, copy, b1.len, &back, a, NULL, &e);
        if (st != JB_OK) {
            if (bad++ < 5)
                CHECKF(0, "doc %d: decode %s: %s at %s (offset %zu) in %.*s", i, jb_status_name(st), e.message,
                       e.path, e.offset, (int)(b1.len < 400 ? b1.len : 400), b1.data);
            free(copy);
            goto next;
        }
        const char *where = "";
        if (!doc_eq(&d, &back, &where)) {
            if (bad++ < 5) CHECKF(0, "doc %d: decoded value differs at %s: %.*s", i, where, (int)b1.len, b1.data);
        }
        b2.len = 0;
        st = jb_encode(&doc_type, &back, &b2, i % 5 == 4 ? &pretty : NULL, &e);
        if (st != JB_OK || b1.len != b2.len || memcmp(b1.data, b2.data, b1.len) != 0) {
            if (bad++ < 5) CHECKF(0, "doc %d: second encode differs", i);
        }
        free(copy);
    next:
        jb_arena_reset(a);
        jb_arena_reset(G);
    }
    CHECKF(bad == 0, "%d of %d documents failed the round trip", bad, N_DOCS);
    check_passed_ += N_DOCS - bad; /* count each document as a check */
    jb_buf_free(&b1);
    jb_buf_free(&b2);
    jb_arena_free(a);
}

/* ------------------------------------------------------------------ */
/* Allocation-failure sweeps                                           */
/* ------------------------------------------------------------------ */

typedef struct failing {
    long fail_at;  /* fail the allocation with this number (1-based); 0 = never */
    long count;    /* allocations attempted (new blocks and growth) */
    long live;     /* blocks currently held */
    bool failed;
    bool sticky;   /* every allocation from fail_at on fails (memory gone, not a glitch) */
} failing;

static void *failing_fn(void *ctx, void *p, size_t old, size_t n) {
    failing *f = ctx;
    (void)old;
    if (n == 0) {
        if (p) {
            f->live--;
            free(p);
        }
        return NULL;
    }
    if (++f->count == f->fail_at || (f->sticky && f->fail_at && f->count > f->fail_at)) {
        f->failed = true;
        return NULL;
    }
    void *q = realloc(p, n);
    if (q && !p) f->live++;
    return q;
}

static bool all_zero(const void *p, size_t n) {
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i]) return false;
    return true;
}

static void sweep_decode(int line, const jb_type *t, const char *json, size_t len, const jb_read_options *o) {
    failing f = {0};
    jb_allocator al = {failing_fn, &f};
    unsigned char *out = malloc(t->size);
    long n;
    bool done = false;
    for (n = 1; n < 100000 && !done; n++) {
        f = (failing){0};
        jb_arena *a = jb_arena_new_with(&al, 0);
        if (!a) {
            CHECK_AT(line, 0, "arena creation failed");
            break;
        }
        f.fail_at = f.count + n; /* count from after the arena itself */
        /* With generated code attached (tests/both_paths.h), a failed
         * allocation inside its attempt hands the call over and the
         * interpreter runs it again from the start: a one-off failure
         * there is absorbed by design (docs/codegen.md, "Same behaviour").
         * Memory that stays gone must still end the call with JB_E_NOMEM
         * and nothing left behind: that is what the sweep checks then. */
        f.sticky = jb_codegen_active(t);
        char *copy = malloc(len);
        memcpy(copy, json, len);
        memset(out, 0xA5, t->size);
        jb_error e;
        jb_status st = jb_decode(t, copy, len, out, a, o, &e);
        if (st == JB_OK) {
            CHECK_AT(line, !f.failed, "decode succeeded although allocation %ld failed", n);
            done = true;
        } else {
            CHECK_AT(line, st == JB_E_NOMEM && e.code == JB_E_NOMEM, "N=%ld: %s (%s)", n, jb_status_name(st),
                     e.message);
            CHECK_AT(line, f.failed, "N=%ld: failed without a failing allocation", n);
            CHECK_AT(line, all_zero(out, t->size), "N=%ld: output not zeroed", n);
            CHECK_AT(line, jb_arena_used(a) == 0, "N=%ld: arena used %zu", n, jb_arena_used(a));
            /* the arena still works after the failure */
            f.fail_at = 0;
            jb_status st2 = jb_decode(t, copy, len, out, a, o, &e);
            CHECK_AT(line, st2 == JB_OK, "N=%ld: decode after a failure: %s", n, jb_status_name(st2));
        }
        free(copy);
        jb_arena_free(a);
        CHECK_AT(line, f.live == 0, "N=%ld: %ld allocations live after jb_arena_free", n, f.live);
    }
    CHECK_AT(line, done, "decode never succeeded");
    CHECK_AT(line, n > 2, "the sweep saw only %ld allocation points", n - 1);
    free(out);
}

static void sweep_encode(int line, const jb_type *t, const void *v) {
    failing f = {0};
    jb_allocator al = {failing_fn, &f};
    jb_buf ref = JB_BUF_INIT;
    CHECK_AT(line, jb_encode(t, v, &ref, NULL, NULL) == JB_OK, "reference encode");
    bool done = false;
    long n;
    for (n = 1; n < 10000 && !done; n++) {
        f = (failing){.fail_at = n};
        jb_buf b = JB_BUF_INIT;
        b.alloc = &al;
        jb_error e;
        jb_status st = jb_encode(t, v, &b, NULL, &e);
        if (st == JB_OK) {
            done = true;
            CHECK_AT(line, b.len == ref.len && memcmp(b.data, ref.data, b.len) == 0, "bytes differ");
        } else {
            CHECK_AT(line, st == JB_E_NOMEM && e.code == JB_E_NOMEM, "N=%ld: %s", n, jb_status_name(st));
            CHECK_AT(line, b.len == 0, "N=%ld: len %zu not restored", n, b.len);
        }
        jb_buf_free(&b);
        CHECK_AT(line, f.live == 0, "N=%ld: %ld buffers live", n, f.live);
    }
    CHECK_AT(line, done, "encode never succeeded");
    jb_buf_free(&ref);
}

static void test_sweeps(void) {
    /* a few random documents, each decoded under every failure point */
    jb_buf b = JB_BUF_INIT;
    for (int i = 0; i < 12; i++) {
        doc d;
        gen_doc(&d, 0);
        b.len = 0;
        CHECK(jb_encode(&doc_type, &d, &b, NULL, NULL) == JB_OK);
        sweep_decode(__LINE__, &doc_type, b.data, b.len, NULL);
        sweep_encode(__LINE__, &doc_type, &d);
        jb_arena_reset(G);
    }
    /* a big array (scratch growth) and long strings (big blocks) */
    b.len = 0;
    CHECK(jb_buf_reserve(&b, 200000) == JB_OK);
    b.len = 0;
    b.data[b.len++] = '[';
    for (int i = 0; i < 20000; i++) b.len += (size_t)sprintf(b.data + b.len, i ? ",%d" : "%d", i);
    b.data[b.len++] = ']';
    sweep_decode(__LINE__, JB_VEC_OF(&jb_i32), b.data, b.len, NULL);
    b.len = 0;
    b.data[b.len++] = '[';
    for (int i = 0; i < 5; i++) {
        b.data[b.len++] = i ? ',' : ' ';
        b.data[b.len++] = '"';
        for (int k = 0; k < 30000; k++) {
            if (k % 100 == 7) b.data[b.len++] = '\\', b.data[b.len++] = 'n'; /* an escape now and then */
            else b.data[b.len++] = 'x';
        }
        b.data[b.len++] = '"';
    }
    b.data[b.len++] = ']';
    sweep_decode(__LINE__, JB_VEC_OF(&jb_string), b.data, b.len, NULL);
    /* with borrowed strings and relaxed flags */
    jb_read_options o = {.flags = JB_READ_BORROW_STRINGS | JB_READ_DUPLICATE_LAST_WINS};
    const char *j = "{\"a\":1,\"b\":2,\"a\":3,\"c\":4}";
    sweep_decode(__LINE__, JB_MAP_OF(&jb_string, &jb_i32), j, strlen(j), &o);
    jb_buf_free(&b);
}

int main(void) {
    G = jb_arena_new();
    test_property();
    test_sweeps();
    jb_arena_free(G);
    return check_report();
}
