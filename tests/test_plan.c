/* SPDX-License-Identifier: MIT */
/*
 * test_plan.c — descriptors and their plans: mistakes reported by
 * jb_type_check (JB_E_DESCRIPTOR naming the type and the field), big
 * tables (a 5,001-case enum, a 601-field record) with lookups of the
 * first, middle and last names both ways, threads racing on the first use
 * of never-used descriptors, and warm decodes that allocate nothing.
 *
 * The big tables are made by the C preprocessor here, in the test only:
 * nested repetition macros paste digits onto a prefix (c0000 ... c4999).
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"
#include "codegen.h"
#include "plan.h"

/* ------------------------------------------------------------------ */
/* Repetition macros                                                   */
/* ------------------------------------------------------------------ */

#define R10(M, p) M(p##0) M(p##1) M(p##2) M(p##3) M(p##4) M(p##5) M(p##6) M(p##7) M(p##8) M(p##9)
#define R100(M, p) R10(M, p##0) R10(M, p##1) R10(M, p##2) R10(M, p##3) R10(M, p##4) \
    R10(M, p##5) R10(M, p##6) R10(M, p##7) R10(M, p##8) R10(M, p##9)
#define R1000(M, p) R100(M, p##0) R100(M, p##1) R100(M, p##2) R100(M, p##3) R100(M, p##4) \
    R100(M, p##5) R100(M, p##6) R100(M, p##7) R100(M, p##8) R100(M, p##9)

/* 5,000 names c0000 ... c4999 */
#define BIG_ENUM_LIST(M) R1000(M, c0) R1000(M, c1) R1000(M, c2) R1000(M, c3) R1000(M, c4)
/* 600 names f000 ... f599 */
#define BIG_FIELD_LIST(M) R100(M, f0) R100(M, f1) R100(M, f2) R100(M, f3) R100(M, f4) R100(M, f5)

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/* jb_type_check fails with JB_E_DESCRIPTOR and a message naming each of
 * the given words (type and field names). */
static void expect_bad(int line, const jb_type *t, const char *w1, const char *w2) {
    jb_error e;
    memset(&e, 0x5a, sizeof e);
    jb_status st = jb_type_check(t, &e);
    CHECK_AT(line, st == JB_E_DESCRIPTOR, "jb_type_check: %s, want JB_E_DESCRIPTOR", jb_status_name(st));
    if (st != JB_E_DESCRIPTOR) return;
    CHECK_AT(line, e.code == JB_E_DESCRIPTOR, "err.code");
    CHECK_AT(line, memchr(e.message, 0, sizeof e.message) != NULL, "message not terminated");
    if (!memchr(e.message, 0, sizeof e.message)) return;
    if (w1) CHECK_AT(line, strstr(e.message, w1) != NULL, "message [%s] does not name [%s]", e.message, w1);
    if (w2) CHECK_AT(line, strstr(e.message, w2) != NULL, "message [%s] does not name [%s]", e.message, w2);
    /* the same mistake stops a decode and an encode (never a wrong read) */
    void *v = calloc(1, t->size + 64);
    jb_arena *a = jb_arena_new();
    jb_error e2;
    st = jb_decode(t, "{}", 2, v, a, NULL, &e2);
    CHECK_AT(line, st == JB_E_DESCRIPTOR, "decode: %s", jb_status_name(st));
    jb_buf b = JB_BUF_INIT;
    st = jb_encode(t, v, &b, NULL, &e2);
    CHECK_AT(line, st == JB_E_DESCRIPTOR, "encode: %s", jb_status_name(st));
    CHECK_AT(line, b.len == 0, "encode wrote %zu bytes", b.len);
    /* and again: a bad descriptor is never cached as good */
    CHECK_AT(line, jb_type_check(t, NULL) == JB_E_DESCRIPTOR, "second check");
    jb_buf_free(&b);
    jb_arena_free(a);
    free(v);
}
#define EXPECT_BAD(t, w1, w2) expect_bad(__LINE__, (t), (w1), (w2))

/* ------------------------------------------------------------------ */
/* Descriptor mistakes                                                 */
/* ------------------------------------------------------------------ */

typedef struct { int64_t wide; } bad_i32_on_i64;
static const jb_type bad_i32_on_i64_type = JB_RECORD(bad_i32_on_i64, JB_FIELD(bad_i32_on_i64, wide, &jb_i32));

typedef struct { int count; } bad_cstr_on_int;
static const jb_type bad_cstr_on_int_type = JB_RECORD(bad_cstr_on_int, JB_FIELD(bad_cstr_on_int, count, &jb_cstr));

typedef struct { double d; } bad_i64_on_double; /* same size, wrong C type */
static const jb_type bad_i64_on_double_type = JB_RECORD(bad_i64_on_double, JB_FIELD(bad_i64_on_double, d, &jb_i64));

typedef struct { int32_t s; } bad_u32_on_i32; /* same size, wrong signedness */
static const jb_type bad_u32_on_i32_type = JB_RECORD(bad_u32_on_i32, JB_FIELD(bad_u32_on_i32, s, &jb_u32));

typedef struct { char *text; } bad_str_on_charp;
static const jb_type bad_str_on_charp_type = JB_RECORD(bad_str_on_charp, JB_FIELD(bad_str_on_charp, text, &jb_string));

typedef struct { float f; } bad_f64_on_float;
static const jb_type bad_f64_on_float_type = JB_RECORD(bad_f64_on_float, JB_FIELD(bad_f64_on_float, f, &jb_f64));

typedef struct { int32_t n; } bad_bool_on_int;
static const jb_type bad_bool_on_int_type = JB_RECORD(bad_bool_on_int, JB_FIELD(bad_bool_on_int, n, &jb_bool));

typedef struct { JB_VEC(int64_t) vals; } bad_vec_elem;
static const jb_type bad_vec_elem_type = JB_RECORD(bad_vec_elem,
    JB_FIELD(bad_vec_elem, vals, JB_VEC_OF_T(int64_t, &jb_i32)));

typedef struct { JB_MAP(char *, int64_t) m; } bad_map_val;
static const jb_type bad_map_val_type = JB_RECORD(bad_map_val,
    JB_FIELD(bad_map_val, m, JB_MAP_OF_T(char *, int64_t, &jb_cstr, &jb_i16)));

typedef struct { JB_MAP(int16_t, int32_t) m; } bad_map_key;
static const jb_type bad_map_key_type = JB_RECORD(bad_map_key,
    JB_FIELD(bad_map_key, m, JB_MAP_OF_T(int16_t, int32_t, &jb_i64, &jb_i32)));

typedef struct { double *p; } bad_ptr_elem;
static const jb_type bad_ptr_elem_type = JB_RECORD(bad_ptr_elem,
    JB_FIELD(bad_ptr_elem, p, JB_PTR_OF_T(double, &jb_f32)));

typedef struct { int16_t v[4]; } bad_array_elem;
static const jb_type bad_array_elem_type = JB_RECORD(bad_array_elem,
    JB_FIELD(bad_array_elem, v, JB_ARRAY_OF(int16_t, 4, &jb_i32)));

typedef struct { int32_t a, b; } dup_names;
static const jb_type dup_names_type = JB_RECORD(dup_names,
    JB_FIELD(dup_names, a, &jb_i32, JB_NAME("same")),
    JB_FIELD(dup_names, b, &jb_i32, JB_NAME("same")));

typedef enum { DE_A = 1, DE_B = 2 } de_enum;
static const jb_type dup_enum_values_type = JB_ENUM(de_enum,
    JB_ENUM_CASE(DE_A, "a"),
    JB_ENUM_CASE(DE_A, "also_a"));
static const jb_type dup_enum_names_type = JB_ENUM(de_enum,
    JB_ENUM_CASE(DE_A, "name"),
    JB_ENUM_CASE(DE_B, "name"));

typedef struct { de_enum tag; union { int32_t i; double d; } as; } dsum;
static const jb_type dup_sum_tags_type = JB_SUM(dsum, tag,
    JB_CASE(dsum, DE_A, "I", as.i, &jb_i32),
    JB_CASE(dsum, DE_A, "D", as.d, &jb_f64));
static const jb_type dup_sum_names_type = JB_SUM(dsum, tag,
    JB_CASE(dsum, DE_A, "X", as.i, &jb_i32),
    JB_CASE(dsum, DE_B, "X", as.d, &jb_f64));
static const jb_type sum_wrong_payload_type = JB_SUM(dsum, tag,
    JB_CASE(dsum, DE_A, "I", as.i, &jb_i64), /* an int32_t member */
    JB_NULLARY(DE_B, "N"));
static const jb_type sum_no_cases_type = JB_SUM(dsum, tag, {.name = 0});
static const jb_type sum_internal_scalar_type = JB_SUM((dsum, .sum_style = JB_SUM_INTERNAL), tag,
    JB_CASE(dsum, DE_A, "I", as.i, &jb_i32),
    JB_NULLARY(DE_B, "N"));
typedef struct { int32_t kind; } kindrec;
static const jb_type kindrec_type = JB_RECORD(kindrec, JB_FIELD(kindrec, kind, &jb_i32));
typedef struct { de_enum tag; union { kindrec k; } as; } ksum;
static const jb_type sum_tag_clash_type = JB_SUM((ksum, .sum_style = JB_SUM_INTERNAL, .tag_name = "kind"), tag,
    JB_CASE(ksum, DE_A, "K", as.k, &kindrec_type));

typedef struct { int32_t v; int flag; } bad_flag;
static const jb_type bad_flag_type = JB_RECORD(bad_flag, JB_OPTIONAL(bad_flag, v, flag, &jb_i32));

typedef struct { int32_t v; } null_field;
static const jb_type null_field_type = JB_RECORD(null_field, JB_FIELD(null_field, v, NULL));

typedef struct { int32_t v; } bad_utf8_name;
static const jb_type bad_utf8_name_type = JB_RECORD(bad_utf8_name, JB_FIELD(bad_utf8_name, v, &jb_i32, JB_NAME("a\xff")));

typedef struct { int64_t t; } stamp;
static jb_status stamp_enc(jb_writer *w, const void *v, void *ctx) {
    (void)ctx;
    return jb_write_i64(w, ((const stamp *)v)->t);
}
static const jb_type custom_no_decode_type = JB_CUSTOM(stamp, stamp_enc, NULL, NULL);

/* a bad descriptor one level down: found when its own plan compiles */
typedef struct { bad_i32_on_i64 inner; } holds_bad;
static const jb_type holds_bad_type = JB_RECORD(holds_bad, JB_FIELD(holds_bad, inner, &bad_i32_on_i64_type));

/* good ones */
typedef struct {
    char name; signed char sc; unsigned char uc; short s; unsigned short us; int i; unsigned u;
    long l; unsigned long ul; long long ll; unsigned long long ull; bool b; float f; double d;
    char *cs; const char *ccs; jb_str str; jb_str raw; jb_str num; de_enum e;
    JB_VEC(de_enum) ve; JB_MAP(de_enum, double) me; int32_t *pi; char *bytes;
} good;
static const jb_type de_type = JB_ENUM(de_enum, JB_ENUM_CASE(DE_A, "a"), JB_ENUM_CASE(DE_B, "b"));
static const jb_type good_type = JB_RECORD(good,
    JB_FIELD(good, name, (char)-1 < 0 ? &jb_i8 : &jb_u8),
    JB_FIELD(good, sc, &jb_i8), JB_FIELD(good, uc, &jb_u8),
    JB_FIELD(good, s, &jb_i16), JB_FIELD(good, us, &jb_u16),
    JB_FIELD(good, i, &jb_i32), JB_FIELD(good, u, &jb_u32),
    JB_FIELD(good, l, sizeof(long) == 8 ? &jb_i64 : &jb_i32),
    JB_FIELD(good, ul, sizeof(long) == 8 ? &jb_u64 : &jb_u32),
    JB_FIELD(good, ll, &jb_i64), JB_FIELD(good, ull, &jb_u64),
    JB_FIELD(good, b, &jb_bool), JB_FIELD(good, f, &jb_f32), JB_FIELD(good, d, &jb_f64),
    JB_FIELD(good, cs, &jb_cstr), JB_FIELD(good, ccs, &jb_cstr),
    JB_FIELD(good, str, &jb_string), JB_FIELD(good, raw, &jb_raw), JB_FIELD(good, num, &jb_number),
    JB_FIELD(good, e, &de_type),
    JB_FIELD(good, ve, JB_VEC_OF_T(de_enum, &de_type)),
    JB_FIELD(good, me, JB_MAP_OF_T(de_enum, double, &de_type, &jb_f64)),
    JB_FIELD(good, pi, JB_PTR_OF_T(int32_t, &jb_i32)),
    JB_FIELD(good, bytes, JB_PTR_OF(&jb_u8)));

static void test_mistakes(void) {
    EXPECT_BAD(&bad_i32_on_i64_type, "bad_i32_on_i64", "wide");
    EXPECT_BAD(&bad_cstr_on_int_type, "bad_cstr_on_int", "count");
    EXPECT_BAD(&bad_i64_on_double_type, "bad_i64_on_double", "d");
    EXPECT_BAD(&bad_u32_on_i32_type, "bad_u32_on_i32", "s");
    EXPECT_BAD(&bad_str_on_charp_type, "bad_str_on_charp", "text");
    EXPECT_BAD(&bad_f64_on_float_type, "bad_f64_on_float", "f");
    EXPECT_BAD(&bad_bool_on_int_type, "bad_bool_on_int", "n");
    EXPECT_BAD(&bad_vec_elem_type, "bad_vec_elem", "vals");
    EXPECT_BAD(&bad_map_val_type, "bad_map_val", "m");
    EXPECT_BAD(&bad_map_key_type, "bad_map_key", "m");
    EXPECT_BAD(&bad_ptr_elem_type, "bad_ptr_elem", "p");
    EXPECT_BAD(&bad_array_elem_type, "bad_array_elem", "v");
    EXPECT_BAD(&dup_names_type, "dup_names", "same");
    EXPECT_BAD(&dup_enum_values_type, "de_enum", "also_a");
    EXPECT_BAD(&dup_enum_names_type, "de_enum", "name");
    EXPECT_BAD(&dup_sum_tags_type, "dsum", "D");
    EXPECT_BAD(&dup_sum_names_type, "dsum", "X");
    EXPECT_BAD(&sum_wrong_payload_type, "dsum", "DE_A");
    EXPECT_BAD(&sum_no_cases_type, "dsum", NULL);
    /* An internally tagged sum with a non-record payload is allowed: the
     * payload goes under the content key, as aeson's TaggedObject does. */
    CHECK(jb_type_check(&sum_internal_scalar_type, NULL) == JB_OK);
    EXPECT_BAD(&sum_tag_clash_type, "ksum", "kind");
    EXPECT_BAD(&bad_flag_type, "bad_flag", "v");
    EXPECT_BAD(&null_field_type, "null_field", "v");
    EXPECT_BAD(&bad_utf8_name_type, "bad_utf8_name", NULL);
    EXPECT_BAD(&custom_no_decode_type, "stamp", NULL);
    /* a container descriptor checked on its own */
    EXPECT_BAD(JB_VEC_OF_T(int64_t, &jb_i32), "int32_t", NULL);
    EXPECT_BAD(JB_VEC_OF(NULL), "vec", NULL);
    EXPECT_BAD(JB_MAP_OF(NULL, &jb_i32), "map", NULL);
    EXPECT_BAD(JB_PTR_OF(NULL), "ptr", NULL);
    /* one level down: the outer passes its own check, the inner mistake
     * stops any use with the inner names */
    jb_error e;
    holds_bad hb = {{0}};
    jb_arena *a = jb_arena_new();
    jb_status st = jb_decode(&holds_bad_type, "{\"inner\":{\"wide\":1}}", 21, &hb, a, NULL, &e);
    CHECKF(st == JB_E_DESCRIPTOR, "decode through a bad inner descriptor: %s", jb_status_name(st));
    if (st == JB_E_DESCRIPTOR) CHECKF(strstr(e.message, "wide") != NULL, "[%s]", e.message);
    jb_buf b = JB_BUF_INIT;
    st = jb_encode(&holds_bad_type, &hb, &b, NULL, &e);
    CHECKF(st == JB_E_DESCRIPTOR, "encode through a bad inner descriptor: %s", jb_status_name(st));
    CHECK(b.len == 0);
    jb_buf_free(&b);
    jb_arena_free(a);

    CHECK(jb_type_check(NULL, &e) == JB_E_ARG && e.code == JB_E_ARG);
    /* good descriptors pass, all kinds and C types */
    CHECKF(jb_type_check(&good_type, &e) == JB_OK, "good: %s", e.message);
    CHECK(jb_type_check(&de_type, NULL) == JB_OK);
    CHECK(jb_type_check(&jb_i32, NULL) == JB_OK);
    CHECK(jb_type_check(&jb_raw, NULL) == JB_OK);
    CHECK(jb_type_check(&kindrec_type, NULL) == JB_OK);
    CHECK(jb_type_check(JB_VEC_OF_T(int64_t, &jb_i64), NULL) == JB_OK);
    CHECK(jb_type_check(JB_MAP_OF(&jb_cstr, &good_type), NULL) == JB_OK);
    CHECK(jb_type_check(JB_ARRAY_OF(double, 3, &jb_f64), NULL) == JB_OK);
}

/* ------------------------------------------------------------------ */
/* Big tables                                                          */
/* ------------------------------------------------------------------ */

#define ENUM_DECL(n) n,
#define ENUM_CASE(n) JB_ENUM_CASE(n, #n),
typedef enum { BIG_ENUM_LIST(ENUM_DECL) BIG_LAST } bigenum;
static const jb_type bigenum_type = JB_ENUM(bigenum, BIG_ENUM_LIST(ENUM_CASE) JB_ENUM_CASE(BIG_LAST, "last"));

#define FIELD_DECL(n) int32_t n;
#define FIELD_DESC(n) JB_FIELD(bigrec, n, &jb_i32),
typedef struct { BIG_FIELD_LIST(FIELD_DECL) bool has_last; int64_t last; } bigrec;
static const jb_type bigrec_type = JB_RECORD(bigrec,
    BIG_FIELD_LIST(FIELD_DESC)
    JB_OPTIONAL(bigrec, last, has_last, &jb_i64));
#define NBIG 600

typedef JB_MAP(bigenum, int32_t) bigmap;
static const jb_type *const bigmap_type = JB_MAP_OF_T(bigenum, int32_t, &bigenum_type, &jb_i32);

static void test_big(void) {
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    jb_error e;
    CHECK(jb_type_check(&bigenum_type, &e) == JB_OK);
    CHECK(jb_type_check(&bigrec_type, &e) == JB_OK);

    /* enum: names -> values and back, first / middle / last */
    static const struct { int line; const char *name; bigenum v; } cases[] = {
        {__LINE__, "c0000", c0000}, {__LINE__, "c0001", c0001}, {__LINE__, "c2500", c2500},
        {__LINE__, "c3999", c3999}, {__LINE__, "c4999", c4999}, {__LINE__, "last", BIG_LAST},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char json[32];
        int n = snprintf(json, sizeof json, "\"%s\"", cases[k].name);
        bigenum v = (bigenum)-1;
        jb_status st = jb_decode(&bigenum_type, json, (size_t)n, &v, a, NULL, &e);
        CHECK_AT(cases[k].line, st == JB_OK && v == cases[k].v, "%s -> %d (%s)", json, (int)v, jb_status_name(st));
        b.len = 0;
        v = cases[k].v;
        st = jb_encode(&bigenum_type, &v, &b, NULL, &e);
        CHECK_AT(cases[k].line, st == JB_OK, "encode %d", (int)v);
        if (!st) CHECK_MEM_AT(cases[k].line, b.data, b.len, json, (size_t)n);
    }
    CHECK(c2500 == 2500 && c4999 == 4999 && BIG_LAST == 5000);
    bigenum v;
    CHECK(jb_decode(&bigenum_type, "\"c5000\"", 7, &v, a, NULL, &e) == JB_E_UNKNOWN);
    /* the names listed as fit, and the first three of 5,001 one edit away, in plan order */
    CHECK_STR(e.message, "expected one of \"c0000\", \"c0001\", \"c0002\", \"c0003\", \"c0004\", \"c0005\", "
                         "\"c0006\", \"c0007\", \"c0008\", \"c0009\", \"c0010\", ... (5001 cases), found "
                         "\"c5000\"; did you mean \"c0000\", \"c0500\" or \"c1000\"?"); /* c0500: a swap */
    CHECK(jb_decode(&bigenum_type, "\"c000\"", 6, &v, a, NULL, &e) == JB_E_UNKNOWN);
    v = (bigenum)5001;
    CHECK(jb_encode(&bigenum_type, &v, &b, NULL, &e) == JB_E_VALUE);
    /* every name, both ways */
    {
        int bad = 0;
        for (int k = 0; k <= 5000; k++) {
            char json[32];
            int n = k < 5000 ? snprintf(json, sizeof json, "\"c%04d\"", k) : snprintf(json, sizeof json, "\"last\"");
            bigenum x = (bigenum)k, y = (bigenum)-1;
            b.len = 0;
            if (jb_encode(&bigenum_type, &x, &b, NULL, NULL) != JB_OK || b.len != (size_t)n ||
                memcmp(b.data, json, (size_t)n) != 0 ||
                jb_decode(&bigenum_type, json, (size_t)n, &y, a, NULL, NULL) != JB_OK || y != x)
                bad++;
        }
        CHECKF(bad == 0, "%d of 5001 enum cases failed a round trip", bad);
    }
    /* map keyed by the big enum */
    {
        const char *j = "{\"c4999\":1,\"c0000\":2,\"last\":3}";
        bigmap m;
        CHECK(jb_decode(bigmap_type, j, strlen(j), &m, a, NULL, &e) == JB_OK && m.len == 3 &&
              m.items[0].key == c4999 && m.items[1].key == c0000 && m.items[2].key == BIG_LAST &&
              m.items[2].value == 3);
    }

    /* record: 600 required fields and an optional one */
    size_t cap = NBIG * 24 + 64;
    char *json = malloc(cap), *want = malloc(cap);
    size_t n = 0;
    json[n++] = '{';
    for (int k = NBIG - 1; k >= 0; k--) /* reverse order: every lookup misses the "next" guess */
        n += (size_t)snprintf(json + n, cap - n, "\"f%03d\":%d,", k, k * 3 - 7);
    n += (size_t)snprintf(json + n, cap - n, "\"last\":-1}");
    bigrec *r = malloc(sizeof *r);
    jb_status st = jb_decode(&bigrec_type, json, n, r, a, NULL, &e);
    CHECKF(st == JB_OK, "big record: %s %s", jb_status_name(st), e.message);
    CHECK(r->f000 == -7 && r->f001 == -4 && r->f300 == 893 && r->f599 == 1790 && r->has_last && r->last == -1);
    {
        int32_t *fields = &r->f000;
        int bad = 0;
        for (int k = 0; k < NBIG; k++) bad += fields[k] != k * 3 - 7;
        CHECKF(bad == 0, "%d fields wrong", bad);
    }
    /* encode: declaration order */
    size_t w = 0;
    want[w++] = '{';
    for (int k = 0; k < NBIG; k++) w += (size_t)snprintf(want + w, cap - w, "%s\"f%03d\":%d", k ? "," : "", k, k * 3 - 7);
    w += (size_t)snprintf(want + w, cap - w, ",\"last\":-1}");
    b.len = 0;
    CHECK(jb_encode(&bigrec_type, r, &b, NULL, &e) == JB_OK);
    CHECK_MEM_AT(__LINE__, b.data, b.len, want, w);
    /* the last required field missing: named, at the closing brace */
    {
        char *cut = strstr(json, "\"f599\":1790,");
        CHECK(cut != NULL);
        if (cut) {
            memmove(cut, cut + 12, strlen(cut + 12) + 1);
            size_t m = strlen(json);
            st = jb_decode(&bigrec_type, json, m, r, a, NULL, &e);
            CHECK(st == JB_E_MISSING && e.offset == m - 1);
            CHECKF(st == JB_E_MISSING && strstr(e.message, "f599") && strcmp(e.path, "$.f599") == 0,
                   "[%s] at [%s]", e.message, e.path);
        }
    }
    /* a duplicate among many */
    n = (size_t)snprintf(json, cap, "{\"f300\":1,\"f000\":2,\"f300\":3}");
    st = jb_decode(&bigrec_type, json, n, r, a, NULL, &e);
    CHECKF(st == JB_E_DUPLICATE && e.offset == 19 && strcmp(e.path, "$.f300") == 0, "%s at %zu [%s]", jb_status_name(st), e.offset, e.path);
    free(json);
    free(want);
    free(r);
    jb_buf_free(&b);
    jb_arena_free(a);
}

/* ------------------------------------------------------------------ */
/* The race on first use                                               */
/* ------------------------------------------------------------------ */

typedef enum { RA = 3, RB = 9 } race_e;
typedef struct { int32_t x; } race_payload;
typedef struct { race_e tag; union { race_payload p; int64_t big; } as; } race_sum;
typedef struct { race_e e; race_sum s; JB_VEC(int32_t) v; bool has_o; race_e o; } race_rec;

#define ROUNDS 100
/* Descriptor arrays, element i fresh for round i (each macro expansion
 * has its own cache slot). Indices come from pasted digits 100..199. */
#define RACE_ENUM(K_) [K_ - 100] = JB_ENUM(race_e, JB_ENUM_CASE(RA, "a"), JB_ENUM_CASE(RB, "b")),
#define RACE_PAYLOAD(K_) [K_ - 100] = JB_RECORD(race_payload, JB_FIELD(race_payload, x, &jb_i32)),
#define RACE_SUM(K_) [K_ - 100] = JB_SUM(race_sum, tag, \
    JB_CASE(race_sum, RA, "P", as.p, &race_payload_types[K_ - 100]), \
    JB_CASE(race_sum, RB, "N", as.big, &jb_i64)),
#define RACE_REC(K_) [K_ - 100] = JB_RECORD(race_rec, \
    JB_FIELD(race_rec, e, &race_enum_types[K_ - 100]), \
    JB_FIELD(race_rec, s, &race_sum_types[K_ - 100]), \
    JB_FIELD(race_rec, v, JB_VEC_OF(&jb_i32)), \
    JB_OPTIONAL(race_rec, o, has_o, &race_enum_types[K_ - 100])),
static const jb_type race_enum_types[ROUNDS] = {R100(RACE_ENUM, 1)};
static const jb_type race_payload_types[ROUNDS] = {R100(RACE_PAYLOAD, 1)};
static const jb_type race_sum_types[ROUNDS] = {R100(RACE_SUM, 1)};
static const jb_type race_rec_types[ROUNDS] = {R100(RACE_REC, 1)};

#define NTHREADS 8
static pthread_barrier_t barrier;
static const char race_json[] = "{\"o\":\"a\",\"v\":[1,2,3],\"s\":{\"P\":{\"x\":-5}},\"e\":\"b\"}";
static const char race_out[] = "{\"e\":\"b\",\"s\":{\"P\":{\"x\":-5}},\"v\":[1,2,3],\"o\":\"a\"}";

typedef struct {
    int id;
    int failures;
} race_arg;

static void *race_thread(void *p) {
    race_arg *arg = p;
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    for (int round = 0; round < ROUNDS; round++) {
        const jb_type *t = &race_rec_types[round];
        race_rec r;
        pthread_barrier_wait(&barrier);
        /* half the threads start with a decode, half with an encode or a check */
        bool ok = true;
        if (arg->id % 3 == 1) {
            race_rec v = {.e = RB, .s = {.tag = RA, .as.p = {-5}}, .has_o = true, .o = RA};
            int32_t items[] = {1, 2, 3};
            v.v.items = items;
            v.v.len = 3;
            b.len = 0;
            ok = jb_encode(t, &v, &b, NULL, NULL) == JB_OK && b.len == sizeof race_out - 1 &&
                 memcmp(b.data, race_out, b.len) == 0;
        } else if (arg->id % 3 == 2) {
            ok = jb_type_check(t, NULL) == JB_OK;
        }
        jb_error e;
        ok = ok && jb_decode(t, race_json, sizeof race_json - 1, &r, a, NULL, &e) == JB_OK && r.e == RB &&
             r.s.tag == RA && r.s.as.p.x == -5 && r.v.len == 3 && r.v.items[2] == 3 && r.has_o && r.o == RA;
        b.len = 0;
        ok = ok && jb_encode(t, &r, &b, NULL, NULL) == JB_OK && b.len == sizeof race_out - 1 &&
             memcmp(b.data, race_out, b.len) == 0;
        if (!ok) arg->failures++;
        jb_arena_reset(a);
    }
    jb_buf_free(&b);
    jb_arena_free(a);
    return NULL;
}

static void test_race(void) {
    pthread_t th[NTHREADS];
    race_arg args[NTHREADS];
    CHECK(pthread_barrier_init(&barrier, NULL, NTHREADS) == 0);
    for (int i = 0; i < NTHREADS; i++) {
        args[i] = (race_arg){i, 0};
        CHECK(pthread_create(&th[i], NULL, race_thread, &args[i]) == 0);
    }
    int failures = 0;
    for (int i = 0; i < NTHREADS; i++) {
        pthread_join(th[i], NULL);
        failures += args[i].failures;
    }
    pthread_barrier_destroy(&barrier);
    CHECKF(failures == 0, "%d thread-rounds failed", failures);
    /* afterwards every descriptor works from the main thread too */
    jb_arena *a = jb_arena_new();
    race_rec r;
    CHECK(jb_decode(&race_rec_types[ROUNDS - 1], race_json, sizeof race_json - 1, &r, a, NULL, NULL) == JB_OK);
    jb_arena_free(a);
}

/* ------------------------------------------------------------------ */
/* Warm arenas allocate nothing                                        */
/* ------------------------------------------------------------------ */

typedef struct { size_t calls, frees; long live; } counter;
static void *count_fn(void *ctx, void *p, size_t old, size_t n) {
    counter *c = ctx;
    (void)old;
    if (n == 0) {
        if (p) {
            c->frees++;
            c->live--;
        }
        free(p);
        return NULL;
    }
    c->calls++;
    if (!p) c->live++;
    return realloc(p, n);
}

typedef struct tree { char *name; JB_VEC(struct tree) kids; } tree;
static const jb_type tree_type;
static const jb_type tree_type = JB_RECORD(tree,
    JB_FIELD(tree, name, &jb_cstr),
    JB_FIELD(tree, kids, JB_VEC_OF(&tree_type)));

static void test_warm(void) {
    counter c = {0};
    jb_allocator al = {count_fn, &c};
    jb_arena *a = jb_arena_new_with(&al, 0);
    CHECK(a != NULL);
    /* a document with many strings, vectors, nesting and a big record */
    size_t cap = 64 * 1024, n = 0;
    char *json = malloc(cap);
    n += (size_t)snprintf(json + n, cap - n, "{\"name\":\"root\",\"kids\":[");
    for (int k = 0; k < 200; k++)
        n += (size_t)snprintf(json + n, cap - n, "%s{\"name\":\"kid %d \\u00e9\",\"kids\":[{\"name\":\"g\",\"kids\":[]}]}",
                              k ? "," : "", k);
    n += (size_t)snprintf(json + n, cap - n, "]}");
    tree t;
    CHECK(jb_decode(&tree_type, json, n, &t, a, NULL, NULL) == JB_OK);
    CHECK(t.kids.len == 200 && strcmp(t.kids.items[199].name, "kid 199 \xc3\xa9") == 0);
    size_t calls = c.calls, used = jb_arena_used(a), reserved = jb_arena_reserved(a);
    for (int k = 0; k < 20; k++) {
        jb_arena_reset(a);
        CHECK(jb_arena_used(a) == 0);
        CHECK(jb_decode(&tree_type, json, n, &t, a, NULL, NULL) == JB_OK);
        CHECK(t.kids.len == 200 && t.kids.items[7].kids.len == 1);
        CHECK(jb_arena_used(a) == used);
    }
    CHECKF(c.calls == calls, "warm decodes allocated %zu times", c.calls - calls);
    CHECK(jb_arena_reserved(a) == reserved);
    /* a failed decode into a warm arena: used goes back, nothing new */
    jb_arena_reset(a);
    json[n - 3] = ','; /* "...]}]}" -> "...],}" breaks it near the end */
    CHECK(jb_decode(&tree_type, json, n, &t, a, NULL, NULL) != JB_OK);
    CHECK(jb_arena_used(a) == 0);
    CHECKF(c.calls == calls, "failed warm decode allocated");
    jb_arena_free(a);
    CHECKF(c.live == 0, "arena leaked %ld blocks", c.live);
    free(json);
}

/* ------------------------------------------------------------------ */
/* Representation options: where each is set, and who wins            */
/* ------------------------------------------------------------------ */

/* One record shape, described with the option in each of its homes. */
typedef struct { int32_t a; bool has_b; int32_t b; jb_raw_members rest; } opt_rec;
static const jb_format deny_format = {.name = "deny", .flags = JB_FMT_DENY_UNKNOWN};
static const jb_format null_format = {.name = "null", .flags = JB_FMT_ABSENT_NULL};
#define OPT_FIELDS(...) JB_FIELD(opt_rec, a, JB_AUTO), JB_OPTIONAL(opt_rec, b, has_b, JB_AUTO, __VA_ARGS__)
static const jb_type o_plain = JB_RECORD(opt_rec, OPT_FIELDS(.flags = 0));
static const jb_type o_type_deny = JB_RECORD((opt_rec, .fmt_flags = JB_FMT_DENY_UNKNOWN), OPT_FIELDS(.flags = 0));
static const jb_type o_fmt_deny = JB_RECORD((opt_rec, .format = &deny_format), OPT_FIELDS(.flags = 0));
static const jb_type o_capture = JB_RECORD((opt_rec, .format = &deny_format), OPT_FIELDS(.flags = 0),
    JB_UNKNOWN_FIELDS(opt_rec, rest));
static const jb_type o_type_null = JB_RECORD((opt_rec, .fmt_flags = JB_FMT_ABSENT_NULL), OPT_FIELDS(.flags = 0));
static const jb_type o_fmt_null = JB_RECORD((opt_rec, .format = &null_format), OPT_FIELDS(.flags = 0));
static const jb_type o_field_null = JB_RECORD(opt_rec, OPT_FIELDS(.flags = JB_FIELD_NULL_WHEN_ABSENT));
static const jb_type o_field_omit = JB_RECORD((opt_rec, .format = &null_format),
    OPT_FIELDS(.flags = JB_FIELD_OMIT_ABSENT));

/* The precedence table of docs/formats.md, row by row. */
static void test_option_homes(void) {
    static const struct {
        int line;
        const jb_type *t;
        uint32_t flags; /* the call's JB_READ_* */
        jb_status want;
    } unknown[] = {
        {__LINE__, &o_plain, 0, JB_OK},                                /* default: skipped */
        {__LINE__, &o_plain, JB_READ_DENY_UNKNOWN, JB_E_UNKNOWN},      /* the call turns it on */
        {__LINE__, &o_type_deny, 0, JB_E_UNKNOWN},                     /* the type says so */
        {__LINE__, &o_fmt_deny, 0, JB_E_UNKNOWN},                      /* its format says so */
        {__LINE__, &o_fmt_deny, JB_READ_DENY_UNKNOWN, JB_E_UNKNOWN},
        {__LINE__, &o_capture, 0, JB_OK},                              /* a capture field wins */
        {__LINE__, &o_capture, JB_READ_DENY_UNKNOWN, JB_OK},
    };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        opt_rec v;
        jb_read_options o = {.flags = unknown[i].flags};
        jb_arena *a = jb_arena_new();
        jb_status st = jb_decode(unknown[i].t, "{\"a\":1,\"zz\":2}", 14, &v, a, &o, NULL);
        CHECK_AT(unknown[i].line, st == unknown[i].want, "%s", jb_status_name(st));
        if (unknown[i].t == &o_capture && st == JB_OK)
            CHECK_AT(unknown[i].line, v.rest.len == 1 && v.rest.items[0].key.len == 2, "captured %zu", v.rest.len);
        jb_arena_free(a);
    }
    static const struct {
        int line;
        const jb_type *t;
        uint32_t flags; /* the call's JB_WRITE_* */
        const char *want;
    } absent[] = {
        {__LINE__, &o_plain, 0, "{\"a\":1}"},                               /* default: omitted */
        {__LINE__, &o_plain, JB_WRITE_ABSENT_NULL, "{\"a\":1,\"b\":null}"}, /* the call turns null on */
        {__LINE__, &o_type_null, 0, "{\"a\":1,\"b\":null}"},                /* the type */
        {__LINE__, &o_fmt_null, 0, "{\"a\":1,\"b\":null}"},                 /* its format */
        {__LINE__, &o_field_null, 0, "{\"a\":1,\"b\":null}"},               /* the field */
        {__LINE__, &o_field_omit, 0, "{\"a\":1}"},                          /* the field's omit wins */
        {__LINE__, &o_field_omit, JB_WRITE_ABSENT_NULL, "{\"a\":1}"},       /* even over the call */
    };
    for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
        opt_rec v = {.a = 1};
        jb_write_options o = {.flags = absent[i].flags};
        jb_buf b = JB_BUF_INIT;
        jb_status st = jb_encode(absent[i].t, &v, &b, &o, NULL);
        CHECK_AT(absent[i].line, st == JB_OK, "%s", jb_status_name(st));
        CHECK_MEM_AT(absent[i].line, b.data, b.len, absent[i].want, strlen(absent[i].want));
        jb_buf_free(&b);
    }
}

/* The scoped options of the table: sorted maps and int64 strings, set on
 * the map or integer itself, on the type, on its format, or on an
 * enclosing type; and names (the field's JB_NAME, the type's .rename, the
 * format's) and the float style (the type's, the format's, the call's). */
typedef struct { JB_MAP(int32_t, int32_t) m; int64_t n; } sc_rec;
typedef struct { sc_rec in; } sc_outer;
static const jb_format scope_format = {.name = "scope", .flags = JB_FMT_SORTED_MAPS | JB_FMT_INT64_STRING};
#define SC_PLAIN JB_FIELD(sc_rec, m, JB_MAP_OF(&jb_i32, &jb_i32)), JB_FIELD(sc_rec, n, &jb_i64)
static const jb_type sc_plain = JB_RECORD(sc_rec, SC_PLAIN);
static const jb_type sc_own = JB_RECORD(sc_rec,
    JB_FIELD(sc_rec, m, JB_MAP_OF(&jb_i32, &jb_i32, .fmt_flags = JB_FMT_SORTED_MAPS)),
    JB_FIELD(sc_rec, n, &jb_i64_string));
static const jb_type sc_type = JB_RECORD((sc_rec, .fmt_flags = JB_FMT_SORTED_MAPS | JB_FMT_INT64_STRING), SC_PLAIN);
static const jb_type sc_fmt = JB_RECORD((sc_rec, .format = &scope_format), SC_PLAIN);
static const jb_type sc_outer_t = JB_RECORD((sc_outer, .format = &scope_format), JB_FIELD(sc_outer, in, &sc_plain));

typedef struct { int32_t user_id; int32_t item_no; double x; } nm_rec;
static const jb_format kebab_format = {.name = "kebab", .rename_fields = JB_RENAME_KEBAB, .float_style = JB_FLOAT_HASKELL};
#define NM_FIELDS JB_FIELD(nm_rec, user_id, &jb_i32), JB_FIELD(nm_rec, item_no, &jb_i32, JB_NAME("No")), \
    JB_FIELD(nm_rec, x, &jb_f64)
static const jb_type nm_plain = JB_RECORD(nm_rec, NM_FIELDS);
static const jb_type nm_fmt = JB_RECORD((nm_rec, .format = &kebab_format), NM_FIELDS);
static const jb_type nm_type = JB_RECORD((nm_rec, .format = &kebab_format, .rename = JB_RENAME_CAMEL,
                                          .float_style = JB_FLOAT_RUST), NM_FIELDS);

static void test_option_scopes(void) {
    static const struct {
        int line;
        const jb_type *t;
        uint32_t float_style; /* the call's */
        const char *want;
    } enc[] = {
        /* sorted maps: off unless the map, the type, its format or an enclosing type says so;
           int64 strings: the scalar's descriptor, the type, its format, an enclosing type */
        {__LINE__, &sc_plain, 0, "{\"m\":{\"10\":1,\"2\":2},\"n\":5}"},
        {__LINE__, &sc_own, 0, "{\"m\":{\"2\":2,\"10\":1},\"n\":\"5\"}"},
        {__LINE__, &sc_type, 0, "{\"m\":{\"2\":2,\"10\":1},\"n\":\"5\"}"},
        {__LINE__, &sc_fmt, 0, "{\"m\":{\"2\":2,\"10\":1},\"n\":\"5\"}"},
        {__LINE__, &sc_outer_t, 0, "{\"in\":{\"m\":{\"2\":2,\"10\":1},\"n\":\"5\"}}"},
        /* names: JB_NAME as written; else the type's .rename, else the format's */
        /* float style: the type's, else its format's, else the call's, else ECMA */
        {__LINE__, &nm_plain, 0, "{\"user_id\":1,\"No\":2,\"x\":1}"},
        {__LINE__, &nm_plain, JB_FLOAT_JAVA, "{\"user_id\":1,\"No\":2,\"x\":1.0}"},
        {__LINE__, &nm_fmt, JB_FLOAT_JAVA, "{\"user-id\":1,\"No\":2,\"x\":1.0}"},
        {__LINE__, &nm_fmt, 0, "{\"user-id\":1,\"No\":2,\"x\":1.0}"},
        {__LINE__, &nm_type, JB_FLOAT_ECMA, "{\"userId\":1,\"No\":2,\"x\":1.0}"},
    };
    for (size_t i = 0; i < sizeof enc / sizeof enc[0]; i++) {
        struct { int32_t key, value; } items[2] = {{10, 1}, {2, 2}};
        union { sc_rec r; sc_outer o; nm_rec n; } v;
        memset(&v, 0, sizeof v);
        if (enc[i].t == &sc_outer_t) v.o.in = (sc_rec){{(void *)items, 2}, 5};
        else if (enc[i].t == &nm_plain || enc[i].t == &nm_fmt || enc[i].t == &nm_type) v.n = (nm_rec){1, 2, 1.0};
        else v.r = (sc_rec){{(void *)items, 2}, 5};
        jb_write_options o = {.float_style = enc[i].float_style};
        jb_buf b = JB_BUF_INIT;
        jb_status st = jb_encode(enc[i].t, &v, &b, &o, NULL);
        CHECK_AT(enc[i].line, st == JB_OK, "%s", jb_status_name(st));
        CHECK_MEM_AT(enc[i].line, b.data, b.len, enc[i].want, strlen(enc[i].want));
        jb_buf_free(&b);
    }
    /* decoding: sorted on the way in where the table says so; "5" read only where int64 strings apply */
    static const struct {
        int line;
        const jb_type *t;
        const char *json;
        jb_status want;
        int32_t first_key; /* of m, when JB_OK */
    } dec[] = {
        {__LINE__, &sc_plain, "{\"m\":{\"10\":1,\"2\":2},\"n\":5}", JB_OK, 10},
        {__LINE__, &sc_plain, "{\"m\":{},\"n\":\"5\"}", JB_E_TYPE, 0},
        {__LINE__, &sc_own, "{\"m\":{\"10\":1,\"2\":2},\"n\":\"5\"}", JB_OK, 2},
        {__LINE__, &sc_type, "{\"m\":{\"10\":1,\"2\":2},\"n\":\"5\"}", JB_OK, 2},
        {__LINE__, &sc_fmt, "{\"m\":{\"10\":1,\"2\":2},\"n\":5}", JB_OK, 2},
    };
    for (size_t i = 0; i < sizeof dec / sizeof dec[0]; i++) {
        sc_rec v;
        jb_arena *a = jb_arena_new();
        jb_status st = jb_decode(dec[i].t, dec[i].json, strlen(dec[i].json), &v, a, NULL, NULL);
        CHECK_AT(dec[i].line, st == dec[i].want, "%s", jb_status_name(st));
        if (st == JB_OK && dec[i].first_key)
            CHECK_AT(dec[i].line, v.m.len == 2 && v.m.items[0].key == dec[i].first_key && v.n == 5,
                     "len %zu first %d n %lld", v.m.len, v.m.len ? v.m.items[0].key : 0, (long long)v.n);
        jb_arena_free(a);
    }
}

/* A descriptor defined at block scope is refused: its plan cache is a
 * compound literal there, gone when the block ends. A plan-less one (no
 * cache) is fine. */
/* The scope word (plan.h): what entering each type does to it, spelt
 * out by hand from the types' and formats' settings; and the generated
 * code's way of reaching it (a place's scope from a root of 0, over the
 * call's root) gives the interpreter's word for every root. */
static const jb_format fable_like = {.name = "fable-like", .flags = JB_FMT_INT64_STRING | JB_FMT_INT64_SIGNED,
                                     .key_mode = JB_KEYS_TEXT_INT};
static const jb_type sw_fable = JB_RECORD((sc_rec, .format = &fable_like), SC_PLAIN);
static const jb_format aeson_like = {.name = "aeson-like",
                                     .flags = JB_FMT_INTEGRAL_FLOATS | JB_FMT_NONFINITE_AESON | JB_FMT_CONTROL_HEX};
static const jb_type sw_aeson = JB_RECORD((nm_rec, .format = &aeson_like, .float_style = JB_FLOAT_DOTNET), NM_FIELDS);

/* The layout, spelt out here as the generated code's header states it:
 * the float style in the low byte, the key mode in bits 8-10, int64 strings
 * in 11-12, then the switches. */
#define FLOATS 0xffu
#define KEYS(k) ((uint32_t)(k) << 8)
#define INT64(n) ((uint32_t)(n) << 11)
#define INTEGRAL 0x2000u
#define NONFINITE 0x4000u
#define SORTED 0x8000u
#define CONTROL_HEX 0x10000u
#define SWITCHES (INTEGRAL | NONFINITE | SORTED | CONTROL_HEX)

static void test_scope_word(void) {
    static const struct {
        int line;
        const jb_type *t;
        uint32_t from_zero; /* the scope inside, entered from 0 */
        uint32_t kept;      /* the bits of an enclosing scope it keeps */
    } rows[] = {
        {__LINE__, &sc_plain, 0, ~0u},
        {__LINE__, &sc_own, 0, ~0u}, /* the map's and the scalar's own settings are theirs, not the scope's */
        {__LINE__, &sc_type, SORTED | INT64(1), ~INT64(3)},
        {__LINE__, &sc_fmt, SORTED | INT64(1), ~INT64(3)},
        {__LINE__, &nm_fmt, JB_FLOAT_HASKELL, ~FLOATS},
        {__LINE__, &nm_type, JB_FLOAT_RUST, ~FLOATS},
        {__LINE__, &sw_fable, KEYS(JB_KEYS_TEXT_INT) | INT64(2), ~(KEYS(7) | INT64(3))},
        {__LINE__, &sw_aeson, INTEGRAL | NONFINITE | CONTROL_HEX | JB_FLOAT_DOTNET, ~FLOATS},
    };
    /* roots: nothing; the call's integral floats; its control-hex escapes and a float style */
    const uint32_t roots[] = {0, jb__scope_read_root(JB_READ_INTEGRAL_FLOATS),
                              jb__scope_write_root(JB_WRITE_CONTROL_HEX, JB_FLOAT_JAVA),
                              jb__scope_write_root(0, JB_FLOAT_RUST_RYU)};
    CHECK(roots[1] == INTEGRAL && roots[2] == (CONTROL_HEX | JB_FLOAT_JAVA) && roots[3] == JB_FLOAT_RUST_RYU);
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        jb_status code = JB_OK;
        char msg[JB_ERROR_MESSAGE_MAX];
        const jb_plan *pl = jb__plan_slow(rows[i].t, &code, msg, sizeof msg);
        CHECK_AT(rows[i].line, pl != NULL, "%s", msg);
        if (!pl) continue;
        CHECK_AT(rows[i].line, jb__scope_in(0, pl) == rows[i].from_zero, "0x%x", (unsigned)jb__scope_in(0, pl));
        CHECK_AT(rows[i].line, pl->scope_keep == rows[i].kept, "keep 0x%x", (unsigned)pl->scope_keep);
        CHECK_AT(rows[i].line, pl->scoped == (rows[i].from_zero != 0 || rows[i].t->format != NULL), "scoped");
        for (size_t k = 0; k < sizeof roots / sizeof roots[0]; k++) {
            uint32_t in = jb__scope_in(roots[k], pl);
            CHECK_AT(rows[i].line, jb__scope_over(roots[k], jb__scope_in(0, pl)) == in, "root %zu", k);
            /* a setting the type makes wins over the root's; a switch the root has stays */
            CHECK_AT(rows[i].line, (in & roots[k] & SWITCHES) == (roots[k] & SWITCHES), "root %zu switches", k);
            if (rows[i].kept & FLOATS)
                CHECK_AT(rows[i].line, jb__scope_float(in) == jb__scope_float(roots[k]), "root %zu float", k);
            else
                CHECK_AT(rows[i].line, jb__scope_float(in) == jb__scope_float(rows[i].from_zero), "root %zu", k);
        }
    }
    /* entered twice (a type inside itself) is entered once */
    const jb_plan *pl = jb__plan_get(&sw_aeson);
    if (pl) CHECK(jb__scope_in(jb__scope_in(0, pl), pl) == jb__scope_in(0, pl));
    /* the generator hands a place whose scope holds a bit it does not know
       (an option added later) to the interpreter, and only that */
    CHECK(!jb__cg_interpreted(NULL, SORTED | INT64(2) | JB_FLOAT_RUST_RYU));
    CHECK(jb__cg_interpreted(NULL, 0x20000u));
    CHECK(pl && !jb__cg_interpreted(pl, 0));
}

static void test_block_scope(void) {
#if defined(__linux__) && !defined(JB_NO_STACK_BOUNDS) /* where the stack's bounds are known */
    typedef struct { int32_t a; } local;
    const jb_type local_type = JB_RECORD(local, JB_FIELD(local, a, JB_AUTO));
    jb_error e;
    local v;
    jb_arena *a = jb_arena_new();
    jb_status st = jb_decode(&local_type, "{\"a\":1}", 7, &v, a, NULL, &e);
    CHECKF(st == JB_E_DESCRIPTOR && strstr(e.message, "block scope"), "%s: %s", jb_status_name(st), e.message);
    CHECK(jb_type_check(&local_type, NULL) == JB_E_DESCRIPTOR);
    jb_arena_free(a);
#endif
    int32_t xs[1];
    JB_VEC(int32_t) vec = {xs, 1};
    jb_buf b = JB_BUF_INIT;
    xs[0] = 5;
    CHECK(jb_encode(JB_VEC_OF(&jb_i32), &vec, &b, NULL, NULL) == JB_OK && b.len == 3);
    jb_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* jb__bytes_eq: the decoder's key compare                              */
/* ------------------------------------------------------------------ */

/* Every length 0..40 (the byte loop, the 4-byte pair, one to five 8-byte
 * words with the overlapping last one), equal and with one byte changed
 * at every position (to a byte that differs in its low bits only, and in
 * its high bit only). Each side is a malloc'd block of exactly n bytes,
 * so AddressSanitizer reports any load past either end; a byte that
 * differs just past n must not matter. */
static void test_bytes_eq(void) {
    for (size_t n = 0; n <= 40; n++) {
        char *a = malloc(n + 1), *b = malloc(n ? n : 1), *c = malloc(n + 1);
        if (!a || !b || !c) {
            CHECK(!"out of memory");
            free(a), free(b), free(c);
            return;
        }
        for (size_t k = 0; k < n; k++) a[k] = b[k] = c[k] = (char)('a' + (k * 7) % 26);
        a[n] = 'x';
        c[n] = 'y';
        CHECKF(jb__bytes_eq(a, b, n), "n=%zu equal", n);
        CHECKF(jb__bytes_eq(b, a, n), "n=%zu equal, swapped", n);
        CHECKF(jb__bytes_eq(a, c, n), "n=%zu: a byte past n differs", n);
        for (size_t k = 0; k < n; k++) {
            char was = b[k];
            b[k] = (char)(was ^ 1);
            CHECKF(!jb__bytes_eq(a, b, n), "n=%zu, byte %zu differs (low bit)", n, k);
            CHECKF(!jb__bytes_eq(b, a, n), "n=%zu, byte %zu differs (low bit), swapped", n, k);
            b[k] = (char)(was ^ 0x80);
            CHECKF(!jb__bytes_eq(a, b, n), "n=%zu, byte %zu differs (high bit)", n, k);
            b[k] = was;
        }
        CHECKF(jb__bytes_eq(a, b, n), "n=%zu equal again", n);
        free(a);
        free(b);
        free(c);
    }
}

int main(void) {
    test_bytes_eq();
    test_option_homes();
    test_option_scopes();
    test_scope_word();
    test_block_scope();
    test_mistakes();
    test_big();
    test_race();
    test_warm();
    return check_report();
}
