/* SPDX-License-Identifier: MIT */
/*
 * numbers.c — the number micro-benchmarks (issue 4 part 7): ns per number
 * for formatting and parsing doubles and integers, jbind against the libc
 * code a C programmer writes, on the same numbers.
 *
 * Each case is an array of numbers: the number tokens of a corpus file, as
 * spelled there (canada.json, mesh.json, numbers.json), or generated ones
 * (fixed seed) that need no file. The reference value is libc's strtod /
 * strtoll of each token (glibc's strtod is correctly rounded).
 *   jbind          jb_decode / jb_encode of a JB_VEC of f64 (or int64): the
 *                  array framing ('[', ',' per number, ']') is inside the
 *                  timed operation; the figure is ns per number.
 *   libc           the same array text through a strtod (strtoll) loop into
 *                  a preallocated array; snprintf("%.17g") (PRId64) per
 *                  number, with the same framing, into a reused buffer.
 *   libc-shortest  formatting only: the loop a C programmer writes for the
 *                  shortest text that round-trips: %.15g, then %.16g, then
 *                  %.17g, each checked by strtod.
 * The correctness gates are the harness's: every decode must give the
 * reference bit for bit, every encode must decode (by jbind) back to it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models.h"

/* ---------------- inputs ---------------- */
static size_t g_count; /* numbers in this process's case (the libc decoders preallocate) */

typedef struct tokbuf {
    char *text;
    size_t len, cap, count;
} tokbuf;
static void tb_add(tokbuf *t, const char *s, size_t n) {
    if (t->len + n + 130 > t->cap) {
        t->cap = (t->len + n + 130) * 2;
        t->text = (char *)realloc(t->text, t->cap);
    }
    t->text[t->len++] = t->count ? ',' : '[';
    memcpy(t->text + t->len, s, n);
    t->len += n;
    t->count++;
}
static void tb_finish(tokbuf *t, char **text, size_t *len) {
    if (!t->count) tb_add(t, "0", 1), t->count = 1;
    t->text[t->len++] = ']';
    char *r = (char *)calloc(1, t->len + 128); /* NUL + padding, as every input */
    memcpy(r, t->text, t->len);
    *text = r;
    *len = t->len;
    free(t->text);
}

/* The number tokens of a JSON file (outside strings). kind: 'f' the tokens
 * with a fraction or exponent, 'i' the integers, 'a' all. */
static void scan_file(const char *data_dir, const char *rel, int kind, tokbuf *t) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", data_dir, rel);
    FILE *f = fopen(path, "rb");
    if (!f) return;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = (char *)malloc((size_t)n + 1);
    size_t got = fread(b, 1, (size_t)n, f);
    fclose(f);
    b[got] = 0;
    for (size_t i = 0; i < got;) {
        char c = b[i];
        if (c == '"') {
            for (i++; i < got && b[i] != '"'; i++)
                if (b[i] == '\\') i++;
            i++;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            size_t s = i;
            int frac = 0;
            while (i < got && (b[i] == '-' || b[i] == '+' || b[i] == '.' || b[i] == 'e' || b[i] == 'E' ||
                               (b[i] >= '0' && b[i] <= '9'))) {
                if (b[i] == '.' || b[i] == 'e' || b[i] == 'E') frac = 1;
                i++;
            }
            if (kind == 'a' || (kind == 'f') == frac) tb_add(t, b + s, i - s);
        } else {
            i++;
        }
    }
    free(b);
}

/* the reference: libc's reading of each token */
static size_t ref_f64(bench_arena *a, void *out, const char *text, size_t len, size_t count) {
    vec_f64 *v = (vec_f64 *)out;
    v->items = (double *)ba_alloc(a, (count ? count : 1) * sizeof(double));
    v->len = 0;
    const char *p = text + 1, *end = text + len;
    while (p < end && v->len < count) {
        char *e;
        v->items[v->len++] = strtod(p, &e);
        p = e + 1;
    }
    g_count = count;
    return count;
}
static size_t ref_i64(bench_arena *a, void *out, const char *text, size_t len, size_t count) {
    vec_i64 *v = (vec_i64 *)out;
    v->items = (int64_t *)ba_alloc(a, (count ? count : 1) * sizeof(int64_t));
    v->len = 0;
    const char *p = text + 1, *end = text + len;
    while (p < end && v->len < count) {
        char *e;
        v->items[v->len++] = strtoll(p, &e, 10);
        p = e + 1;
    }
    g_count = count;
    return count;
}

static size_t from_file(bench_arena *a, void *out, const char *dir, const char *rel, int kind, char **text,
                        size_t *len) {
    tokbuf t = {0};
    scan_file(dir, rel, kind, &t);
    size_t count = t.count;
    tb_finish(&t, text, len);
    return kind == 'i' ? ref_i64(a, out, *text, *len, count) : ref_f64(a, out, *text, *len, count);
}
static size_t in_canada(bench_arena *a, void *o, const char *d, char **t, size_t *l) {
    return from_file(a, o, d, "canada.json", 'a', t, l);
}
static size_t in_numbers(bench_arena *a, void *o, const char *d, char **t, size_t *l) {
    return from_file(a, o, d, "numbers.json", 'a', t, l);
}
static size_t in_mesh_f(bench_arena *a, void *o, const char *d, char **t, size_t *l) {
    return from_file(a, o, d, "mesh.json", 'f', t, l);
}
static size_t in_mesh_i(bench_arena *a, void *o, const char *d, char **t, size_t *l) {
    return from_file(a, o, d, "mesh.json", 'i', t, l);
}
/* 100,000 doubles from random bit patterns (every exponent; finite only),
 * spelled as the shortest %.{15,16,17}g that round-trips. */
static size_t in_random_f(bench_arena *a, void *o, const char *d, char **text, size_t *len) {
    (void)d;
    tokbuf t = {0};
    uint64_t s = 42;
    char b[40];
    while (t.count < 100000) {
        uint64_t bits = splitmix64(&s);
        double x;
        memcpy(&x, &bits, sizeof x);
        if (!isfinite(x)) continue;
        int n = 0;
        for (int prec = 15; prec <= 17; prec++) {
            n = snprintf(b, sizeof b, "%.*g", prec, x);
            if (strtod(b, NULL) == x) break;
        }
        tb_add(&t, b, (size_t)n);
    }
    size_t count = t.count;
    tb_finish(&t, text, len);
    return ref_f64(a, o, *text, *len, count);
}
/* 100,000 int64 with a uniform number of digits (1..19) and a random sign. */
static size_t in_random_i(bench_arena *a, void *o, const char *d, char **text, size_t *len) {
    (void)d;
    tokbuf t = {0};
    uint64_t s = 43;
    char b[40];
    while (t.count < 100000) {
        uint64_t r = splitmix64(&s);
        int digits = 1 + (int)(r % 19);
        uint64_t lim = 1;
        for (int i = 0; i < digits; i++) lim *= 10;
        int64_t v = (int64_t)(splitmix64(&s) % (lim > (uint64_t)INT64_MAX ? (uint64_t)INT64_MAX : lim));
        if (r & (1ull << 40)) v = -v;
        int n = snprintf(b, sizeof b, "%" PRId64, v);
        tb_add(&t, b, (size_t)n);
    }
    size_t count = t.count;
    tb_finish(&t, text, len);
    return ref_i64(a, o, *text, *len, count);
}

/* ---------------- equality: bit for bit ---------------- */
static bool eq_f64_bits(const void *pa, const void *pb) {
    const vec_f64 *a = (const vec_f64 *)pa, *b = (const vec_f64 *)pb;
    EQ(a->len == b->len, "length");
    for (size_t i = 0; i < a->len; i++) {
        if (memcmp(&a->items[i], &b->items[i], sizeof(double)) != 0) {
            snprintf(bench_eq_where, sizeof bench_eq_where, "element %zu: %.17g vs %.17g", i, a->items[i],
                     b->items[i]);
            return false;
        }
    }
    return true;
}
static bool eq_i64(const void *pa, const void *pb) {
    const vec_i64 *a = (const vec_i64 *)pa, *b = (const vec_i64 *)pb;
    EQ(a->len == b->len, "length");
    for (size_t i = 0; i < a->len; i++) EQ(a->items[i] == b->items[i], "element");
    return true;
}

/* ---------------- libc ---------------- */
static int libc_dec_f64(bench_io *io) {
    vec_f64 *v = (vec_f64 *)io->out;
    v->items = (double *)ba_alloc(io->arena, (g_count ? g_count : 1) * sizeof(double));
    v->len = 0;
    const char *p = io->in, *end = io->in + io->in_len;
    if (*p++ != '[') return -1;
    while (p < end) {
        char *e;
        double d = strtod(p, &e);
        if (e == p || v->len == g_count) return -1;
        v->items[v->len++] = d;
        p = e;
        if (*p == ']') return 0;
        if (*p++ != ',') return -1;
    }
    return -1;
}
static int libc_dec_i64(bench_io *io) {
    vec_i64 *v = (vec_i64 *)io->out;
    v->items = (int64_t *)ba_alloc(io->arena, (g_count ? g_count : 1) * sizeof(int64_t));
    v->len = 0;
    const char *p = io->in, *end = io->in + io->in_len;
    if (*p++ != '[') return -1;
    while (p < end) {
        char *e;
        errno = 0;
        long long x = strtoll(p, &e, 10);
        if (e == p || errno || v->len == g_count) return -1;
        v->items[v->len++] = x;
        p = e;
        if (*p == ']') return 0;
        if (*p++ != ',') return -1;
    }
    return -1;
}
static int libc_enc_f64_prec(bench_io *io, int shortest) {
    const vec_f64 *v = (const vec_f64 *)io->value;
    bench_buf *b = &io->buf;
    b->len = 0;
    *bb_reserve(b, 1) = '[';
    b->len++;
    for (size_t i = 0; i < v->len; i++) {
        char *p = bb_reserve(b, 40);
        if (i) *p++ = ',', b->len++;
        double d = v->items[i];
        int n;
        if (shortest) {
            for (int prec = 15;; prec++) {
                n = snprintf(p, 32, "%.*g", prec, d);
                if (prec == 17 || strtod(p, NULL) == d) break;
            }
        } else {
            n = snprintf(p, 32, "%.17g", d);
        }
        b->len += (size_t)n;
    }
    *bb_reserve(b, 1) = ']';
    b->len++;
    io->enc = b->data;
    io->enc_len = b->len;
    return 0;
}
static int libc_enc_f64(bench_io *io) { return libc_enc_f64_prec(io, 0); }
static int libc_short_enc_f64(bench_io *io) { return libc_enc_f64_prec(io, 1); }
static int libc_enc_i64(bench_io *io) {
    const vec_i64 *v = (const vec_i64 *)io->value;
    bench_buf *b = &io->buf;
    b->len = 0;
    *bb_reserve(b, 1) = '[';
    b->len++;
    for (size_t i = 0; i < v->len; i++) {
        char *p = bb_reserve(b, 40);
        if (i) *p++ = ',', b->len++;
        b->len += (size_t)snprintf(p, 32, "%" PRId64, v->items[i]);
    }
    *bb_reserve(b, 1) = ']';
    b->len++;
    io->enc = b->data;
    io->enc_len = b->len;
    return 0;
}

/* ---------------- the cases ---------------- */
int jbind_dec(bench_io *io);
int jbind_enc(bench_io *io);
#define F64_DEC {[LIB_JBIND] = jbind_dec, [LIB_LIBC] = libc_dec_f64}
#define F64_ENC {[LIB_JBIND] = jbind_enc, [LIB_LIBC] = libc_enc_f64, [LIB_LIBC_SHORT] = libc_short_enc_f64}
#define I64_DEC {[LIB_JBIND] = jbind_dec, [LIB_LIBC] = libc_dec_i64}
#define I64_ENC {[LIB_JBIND] = jbind_enc, [LIB_LIBC] = libc_enc_i64}
#define NUM_CASE(id, name_, file_, note_, T, type_, mk, eq, D, E)                                 \
    const bench_case case_##id = {.name = name_, .group = "number", .file = file_, .note = note_, \
                                  .size = sizeof(T), .type = type_, .make_input = mk, .equal = eq, \
                                  .dec = D, .enc = E};
NUM_CASE(num_f64_canada, "num.f64.canada", "canada.json", "every number token of canada.json, as spelled there",
         vec_f64, JB_VEC_OF_T(double, &jb_f64), in_canada, eq_f64_bits, F64_DEC, F64_ENC)
NUM_CASE(num_f64_mesh, "num.f64.mesh", "mesh.json", "the number tokens of mesh.json with a fraction or exponent",
         vec_f64, JB_VEC_OF_T(double, &jb_f64), in_mesh_f, eq_f64_bits, F64_DEC, F64_ENC)
NUM_CASE(num_f64_numbers, "num.f64.numbers", "numbers.json", "every number token of numbers.json",
         vec_f64, JB_VEC_OF_T(double, &jb_f64), in_numbers, eq_f64_bits, F64_DEC, F64_ENC)
NUM_CASE(num_f64_random, "num.f64.random", NULL,
         "100,000 finite doubles from random bit patterns (SplitMix64 seed 42), shortest %.{15,16,17}g text",
         vec_f64, JB_VEC_OF_T(double, &jb_f64), in_random_f, eq_f64_bits, F64_DEC, F64_ENC)
NUM_CASE(num_i64_mesh, "num.i64.mesh", "mesh.json", "the integer tokens of mesh.json",
         vec_i64, JB_VEC_OF_T(int64_t, &jb_i64), in_mesh_i, eq_i64, I64_DEC, I64_ENC)
NUM_CASE(num_i64_random, "num.i64.random", NULL,
         "100,000 int64, 1..19 digits uniformly, random sign (SplitMix64 seed 43)",
         vec_i64, JB_VEC_OF_T(int64_t, &jb_i64), in_random_i, eq_i64, I64_DEC, I64_ENC)
