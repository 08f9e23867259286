/* SPDX-License-Identifier: MIT */
/*
 * map_order.c — maps in key order (JB_FMT_SORTED_MAPS), as Haskell's
 * Data.Map and Rust's BTreeMap hold them: the order of two keys, and a
 * stable sort of an index over a map's entries. The decoder sorts the
 * entries it produced; the encoder writes a map through the index without
 * touching the caller's value.
 *
 * The order: integers and characters numerically, strings by their bytes
 * (which for UTF-8 is code point order, Data.Text's and Rust str's), enums
 * by their C value (Rust's derived Ord orders variants by discriminant;
 * Haskell's by declaration, the same when the cases are declared in
 * increasing value), booleans false first, floats numerically (NaN last).
 * Keys of other kinds (records, tuples, ...) have no order here: such
 * maps keep theirs.
 */
#include "plan.h"

bool jb__key_orderable(const jb_type *k) {
    return k->kind >= JB_KIND_BOOL && k->kind <= JB_KIND_ENUM;
}

static int cmp_u64(uint64_t a, uint64_t b) { return a < b ? -1 : a > b; }
static int cmp_i64(int64_t a, int64_t b) { return a < b ? -1 : a > b; }

static int64_t load_int(const char *p, size_t size) {
    uint64_t u = jb__load_uint(p, size);
    if (size >= 8) return (int64_t)u;
    uint64_t m = (uint64_t)1 << (size * 8 - 1); /* sign-extend the member's width */
    return (int64_t)((u ^ m) - m);
}

static int cmp_bytes(const char *a, size_t an, const char *b, size_t bn) {
    size_t n = an < bn ? an : bn;
    int c = n ? memcmp(a, b, n) : 0; /* memcmp compares as unsigned char */
    return c ? c : cmp_u64(an, bn);
}

static int cmp_double(double a, double b) {
    bool an = a != a, bn = b != b; /* NaN after every number */
    if (an || bn) return an - bn;
    return a < b ? -1 : a > b;
}

/* An enum key's C value as declared (the case's int64_t), found through
 * the plan's value table; a value that is no case sorts last. */
static int64_t enum_value(const jb_plan *pl, const char *p) {
    long i = jb__values_find(pl, jb__load_uint(p, pl->type->size));
    return i < 0 ? INT64_MAX : pl->type->cases[i].value;
}

int jb__key_cmp(const jb_type *k, const jb_plan *enum_plan, const char *a, const char *b) {
    switch (k->kind) {
    case JB_KIND_BOOL: return (int)*(const bool *)a - (int)*(const bool *)b;
    case JB_KIND_I8: case JB_KIND_I16: case JB_KIND_I32: case JB_KIND_I64:
        return cmp_i64(load_int(a, k->size), load_int(b, k->size));
    case JB_KIND_F32: {
        float x, y;
        memcpy(&x, a, sizeof x);
        memcpy(&y, b, sizeof y);
        return cmp_double(x, y);
    }
    case JB_KIND_F64: {
        double x, y;
        memcpy(&x, a, sizeof x);
        memcpy(&y, b, sizeof y);
        return cmp_double(x, y);
    }
    case JB_KIND_CSTR: {
        const char *x, *y;
        memcpy(&x, a, sizeof x);
        memcpy(&y, b, sizeof y);
        if (!x || !y) return (x != NULL) - (y != NULL); /* NULL first: it fails to encode anyway */
        return cmp_bytes(x, strlen(x), y, strlen(y));
    }
    case JB_KIND_STR: {
        jb_str x, y;
        memcpy(&x, a, sizeof x);
        memcpy(&y, b, sizeof y);
        return cmp_bytes(x.ptr, x.len, y.ptr, y.len);
    }
    case JB_KIND_ENUM: return cmp_i64(enum_value(enum_plan, a), enum_value(enum_plan, b));
    default: /* unsigned integers, characters */
        return cmp_u64(jb__load_uint(a, k->size), jb__load_uint(b, k->size));
    }
}

bool jb__keys_sorted(const jb_type *k, const jb_plan *enum_plan, const char *items, size_t n,
                     size_t es) {
    for (size_t i = 1; i < n; i++)
        if (jb__key_cmp(k, enum_plan, items + (i - 1) * es, items + i * es) > 0) return false;
    return true;
}

/*
 * Bottom-up merge sort of idx[0..n) (entry indices) by their keys; tmp
 * holds n more. Stable: equal keys keep their order. n log n compares, no
 * recursion. The sorted order ends in idx.
 */
void jb__keys_sort(const jb_type *k, const jb_plan *enum_plan, const char *items, size_t es,
                   size_t *idx, size_t *tmp, size_t n) {
    size_t *from = idx, *to = tmp;
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, o = lo;
            while (i < mid && j < hi)
                to[o++] = jb__key_cmp(k, enum_plan, items + from[j] * es, items + from[i] * es) < 0
                              ? from[j++]
                              : from[i++];
            while (i < mid) to[o++] = from[i++];
            while (j < hi) to[o++] = from[j++];
        }
        size_t *t = from;
        from = to;
        to = t;
    }
    if (from != idx) memcpy(idx, from, n * sizeof *idx);
}
