/* SPDX-License-Identifier: MIT */
/*
 * test_encode.c — the encoder engine: the exact bytes written for every
 * descriptor kind, the write options, encode errors, and every sink.
 *
 * Every expected output below is written by hand from the contract in
 * include/jbind.h and issue 2 (numbers as ECMAScript's Number#toString
 * spells them, except -0; strings escaped per RFC 8259 with control bytes
 * as \u00XX in lowercase hex; absent optionals omitted), never captured
 * from the code under test.
 */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "small_stack.h"
#include "jbind.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

/* Encode v into a fresh buffer; compare the bytes. */
static void expect_enc(int line, const jb_type *t, const void *v, const jb_write_options *o,
                       const char *want, size_t wantlen) {
    jb_buf b = JB_BUF_INIT;
    jb_error e;
    memset(&e, 0, sizeof e);
    jb_status st = jb_encode(t, v, &b, o, &e);
    CHECK_AT(line, st == JB_OK, "status %s (%s) at %s", jb_status_name(st), e.message, e.path);
    if (st == JB_OK) CHECK_MEM_AT(line, b.data, b.len, want, wantlen);
    jb_buf_free(&b);
}
#define ENC(t, v, want) expect_enc(__LINE__, (t), (v), NULL, (want), sizeof(want) - 1)
#define ENC_O(t, v, o, want) expect_enc(__LINE__, (t), (v), (o), (want), sizeof(want) - 1)

/* Encode expecting a failure with `code`; returns the error. The buffer
 * starts with a prefix which must be all that remains afterwards. */
static jb_error expect_fail(int line, const jb_type *t, const void *v, const jb_write_options *o,
                            jb_status code) {
    jb_buf b = JB_BUF_INIT;
    jb_error e;
    memset(&e, 0x5a, sizeof e);
    jb_status pre = jb_buf_reserve(&b, 3);
    CHECK_AT(line, pre == JB_OK, "reserve");
    memcpy(b.data, "pre", 3);
    b.len = 3;
    jb_status st = jb_encode(t, v, &b, o, &e);
    CHECK_AT(line, st == code, "got %s (%s), want %s", jb_status_name(st), e.message,
             jb_status_name(code));
    CHECK_AT(line, e.code == code, "err.code %s", jb_status_name(e.code));
    CHECK_AT(line, b.len == 3 && memcmp(b.data, "pre", 3) == 0, "buf->len not restored: %zu",
             b.len);
    CHECK_AT(line, e.offset == 0 && e.line == 0 && e.column == 0,
             "encode error has offset %zu line %zu column %zu", e.offset, e.line, e.column);
    CHECK_AT(line, memchr(e.message, 0, sizeof e.message) && e.message[0],
             "message empty or not terminated");
    CHECK_AT(line, memchr(e.path, 0, sizeof e.path) && e.path[0] == '$', "path [%.20s]", e.path);
    jb_buf_free(&b);
    return e;
}

/* A counting allocator (realloc shape). */
typedef struct counting {
    size_t allocs;   /* calls that allocated or grew */
    size_t frees;
    long live;
} counting;

static void *count_fn(void *ctx, void *p, size_t old, size_t n) {
    counting *c = ctx;
    (void)old;
    if (n == 0) {
        if (p) {
            c->frees++;
            c->live--;
        }
        free(p);
        return NULL;
    }
    c->allocs++;
    if (!p) c->live++;
    return realloc(p, n);
}

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

typedef enum { ROLE_ADMIN = 1, ROLE_USER = 2, ROLE_GUEST = 7 } role;
static const jb_type role_type = JB_ENUM(role,
    JB_ENUM_CASE(ROLE_ADMIN, "admin"),
    JB_ENUM_CASE(ROLE_USER, "user"),
    JB_ENUM_CASE(ROLE_GUEST, "guest"));

/* A sparse, negative-valued enum stored in a 1-byte member. */
typedef enum { TINY_NEG = -3, TINY_BIG = 100 } tiny_e;
static const jb_type tiny_type = JB_ENUM(int8_t,
    JB_ENUM_CASE(TINY_NEG, "neg"),
    JB_ENUM_CASE(TINY_BIG, "big"));

typedef struct { double x, y; } point;
static const jb_type point_type = JB_TUPLE(point,
    JB_ELEM(point, x, &jb_f64),
    JB_ELEM(point, y, &jb_f64));

typedef struct {
    char *name;
    int64_t id;
    role role;
    bool has_email; char *email;
    point *home;
    JB_VEC(char *) tags;
    JB_MAP(char *, int32_t) scores;
} user;
static const jb_type user_type = JB_RECORD(user,
    JB_FIELD(user, name, &jb_cstr),
    JB_FIELD(user, id, &jb_i64),
    JB_FIELD(user, role, &role_type),
    JB_OPTIONAL(user, email, has_email, &jb_cstr),
    JB_FIELD(user, home, JB_PTR_OF(&point_type)),
    JB_FIELD(user, tags, JB_VEC_OF(&jb_cstr)),
    JB_FIELD(user, scores, JB_MAP_OF(&jb_cstr, &jb_i32)));

typedef struct {
    bool b;
    int8_t i8; int16_t i16; int32_t i32; int64_t i64;
    uint8_t u8; uint16_t u16; uint32_t u32; uint64_t u64;
} ints;
static const jb_type ints_type = JB_RECORD(ints,
    JB_FIELD(ints, b, &jb_bool),
    JB_FIELD(ints, i8, &jb_i8), JB_FIELD(ints, i16, &jb_i16),
    JB_FIELD(ints, i32, &jb_i32), JB_FIELD(ints, i64, &jb_i64),
    JB_FIELD(ints, u8, &jb_u8), JB_FIELD(ints, u16, &jb_u16),
    JB_FIELD(ints, u32, &jb_u32), JB_FIELD(ints, u64, &jb_u64));

/* Optional fields of several kinds. */
typedef struct {
    int32_t a;
    bool has_b; int32_t b;
    bool has_s; jb_str s;
    int32_t *p;
    bool has_r; role r;
} opts_rec;
static const jb_type opts_type = JB_RECORD(opts_rec,
    JB_FIELD(opts_rec, a, &jb_i32),
    JB_OPTIONAL(opts_rec, b, has_b, &jb_i32),
    JB_OPTIONAL(opts_rec, s, has_s, &jb_string, JB_NAME("str")),
    JB_FIELD(opts_rec, p, JB_PTR_OF(&jb_i32)),
    JB_OPTIONAL(opts_rec, r, has_r, &role_type));

typedef struct { int unused; } empty_rec;
static const jb_type empty_type = JB_RECORD(empty_rec);

/* JSON names that need escaping. */
typedef struct { int32_t a; int32_t b; } odd_names;
static const jb_type odd_names_type = JB_RECORD(odd_names,
    JB_FIELD(odd_names, a, &jb_i32, JB_NAME("a\"b")),
    JB_FIELD(odd_names, b, &jb_i32, JB_NAME("x/y\xc3\xa9")));

typedef struct { int16_t v[3]; } arr3;
static const jb_type arr3_type = JB_RECORD(arr3, JB_FIELD(arr3, v, JB_ARRAY_OF(int16_t, 3, &jb_i16)));

/* Sums. */
typedef struct { double r; } circle;
static const jb_type circle_type = JB_RECORD(circle, JB_FIELD(circle, r, &jb_f64));
typedef struct { double w, h; } rect;
static const jb_type rect_type = JB_RECORD(rect, JB_FIELD(rect, w, &jb_f64), JB_FIELD(rect, h, &jb_f64));

typedef enum { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_EMPTY, SHAPE_NUM } shape_kind;
typedef struct {
    shape_kind kind;
    union { circle circle; rect rect; int32_t num; } as;
} shape;

#define SHAPE_CASES \
    JB_CASE(shape, SHAPE_CIRCLE, "Circle", as.circle, &circle_type), \
    JB_CASE(shape, SHAPE_RECT, "Rect", as.rect, &rect_type), \
    JB_NULLARY(SHAPE_EMPTY, "Empty")

static const jb_type shape_ext = JB_SUM(shape, kind, SHAPE_CASES,
    JB_CASE(shape, SHAPE_NUM, "Num", as.num, &jb_i32));
static const jb_type shape_int = JB_SUM((shape, .sum_style = JB_SUM_INTERNAL, .tag_name = "type"), kind, SHAPE_CASES);
static const jb_type shape_int_def = JB_SUM((shape, .sum_style = JB_SUM_INTERNAL), kind, SHAPE_CASES);
static const jb_type shape_adj = JB_SUM((shape, .sum_style = JB_SUM_ADJACENT, .tag_name = "t", .content_name = "c"), kind, SHAPE_CASES,
    JB_CASE(shape, SHAPE_NUM, "Num", as.num, &jb_i32));
static const jb_type shape_adj_def = JB_SUM((shape, .sum_style = JB_SUM_ADJACENT), kind, SHAPE_CASES);
static const jb_type shape_arr = JB_SUM((shape, .sum_style = JB_SUM_ARRAY), kind, SHAPE_CASES,
    JB_CASE(shape, SHAPE_NUM, "Num", as.num, &jb_i32));
static const jb_type shape_unt = JB_SUM((shape, .sum_style = JB_SUM_UNTAGGED), kind, SHAPE_CASES,
    JB_CASE(shape, SHAPE_NUM, "Num", as.num, &jb_i32));

/* Containers. */
typedef JB_VEC(int32_t) vec_i32;
static const jb_type *const vec_i32_type = JB_VEC_OF(&jb_i32);
typedef JB_VEC(int32_t *) vec_pi32;
static const jb_type *const vec_pi32_type = JB_VEC_OF(JB_PTR_OF(&jb_i32));
typedef JB_VEC(shape) vec_shape;
static const jb_type *const vec_shape_type = JB_VEC_OF_T(shape, &shape_ext);

typedef JB_MAP(char *, int32_t) map_cs;
static const jb_type *const map_cs_type = JB_MAP_OF(&jb_cstr, &jb_i32);
typedef JB_MAP(jb_str, bool) map_str;
static const jb_type *const map_str_type = JB_MAP_OF_T(jb_str, bool, &jb_string, &jb_bool);
typedef JB_MAP(role, double) map_enum;
static const jb_type *const map_enum_type = JB_MAP_OF_T(role, double, &role_type, &jb_f64);
typedef JB_MAP(int32_t, char *) map_i32;
static const jb_type *const map_i32_type = JB_MAP_OF(&jb_i32, &jb_cstr);
typedef JB_MAP(int8_t, uint8_t) map_i8;
static const jb_type *const map_i8_type = JB_MAP_OF_T(int8_t, uint8_t, &jb_i8, &jb_u8);
typedef JB_MAP(uint64_t, int64_t) map_u64;
static const jb_type *const map_u64_type = JB_MAP_OF_T(uint64_t, int64_t, &jb_u64, &jb_i64);
typedef struct { int32_t x; } kkey;
static const jb_type kkey_type = JB_RECORD(kkey, JB_FIELD(kkey, x, &jb_i32));
typedef JB_MAP(kkey, char *) map_rec;
static const jb_type *const map_rec_type = JB_MAP_OF_T(kkey, char *, &kkey_type, &jb_cstr);
typedef JB_MAP(point, int32_t) map_tup;
static const jb_type *const map_tup_type = JB_MAP_OF(&point_type, &jb_i32);

/* Custom: a timestamp as {"s":secs,"parts":[hi,lo]} written with jb_write_*. */
typedef struct { int64_t secs; const char *zone; } stamp;
static jb_status stamp_enc(jb_writer *w, const void *value, void *ctx) {
    const stamp *s = value;
    (void)ctx;
    jb_status st;
    if ((st = jb_write_object_begin(w))) return st;
    if ((st = jb_write_key(w, "s", 1)) || (st = jb_write_i64(w, s->secs))) return st;
    if ((st = jb_write_key(w, "zone", 4)) || (st = jb_write_string(w, s->zone, strlen(s->zone))))
        return st;
    if ((st = jb_write_key(w, "parts", 5)) || (st = jb_write_array_begin(w))) return st;
    if ((st = jb_write_u64(w, (uint64_t)s->secs / 60)) || (st = jb_write_bool(w, true)) ||
        (st = jb_write_null(w)) || (st = jb_write_f64(w, 0.5)) || (st = jb_write_raw(w, "[ ]", 3)))
        return st;
    if ((st = jb_write_value(w, &role_type, &(role){ROLE_GUEST}))) return st;
    if ((st = jb_write_array_end(w))) return st;
    if ((st = jb_write_key(w, "e", 1)) || (st = jb_write_object_begin(w)) ||
        (st = jb_write_object_end(w)))
        return st;
    return jb_write_object_end(w);
}
static jb_status stamp_dec(jb_reader *r, void *value, void *ctx) {
    (void)ctx;
    (void)value;
    return jb_read_skip(r);
}
static const jb_type stamp_type = JB_CUSTOM(stamp, stamp_enc, stamp_dec, NULL);
typedef JB_VEC(stamp) vec_stamp;
static const jb_type *const vec_stamp_type = JB_VEC_OF_T(stamp, &stamp_type);

static jb_status failing_enc(jb_writer *w, const void *value, void *ctx) {
    (void)value;
    (void)ctx;
    return jb_write_fail(w, "clock is broken");
}
static const jb_type failing_type = JB_CUSTOM(stamp, failing_enc, stamp_dec, NULL);

/* Raw and number members. */
typedef struct { jb_str raw; jb_str num; } rawrec;
static const jb_type rawrec_type = JB_RECORD(rawrec,
    JB_FIELD(rawrec, raw, &jb_raw),
    JB_FIELD(rawrec, num, &jb_number));

/* For paths in encode errors. */
typedef struct { char *name; role role; } member;
static const jb_type member_type = JB_RECORD(member,
    JB_FIELD(member, name, &jb_cstr),
    JB_FIELD(member, role, &role_type));
typedef struct { JB_VEC(member) people; } team;
static const jb_type team_type = JB_RECORD(team,
    JB_FIELD(team, people, JB_VEC_OF_T(member, &member_type)));

/* A linked list for depth. */
typedef struct lnode { int32_t v; struct lnode *next; } lnode;
static const jb_type lnode_type;
static const jb_type lnode_type = JB_RECORD(lnode,
    JB_FIELD(lnode, v, &jb_i32),
    JB_FIELD(lnode, next, JB_PTR_OF(&lnode_type)));

/* Pretty printing sample. */
typedef struct {
    int32_t a;
    JB_VEC(int32_t) list;
    JB_VEC(int32_t) none;
    empty_rec e;
    JB_MAP(char *, int32_t) m;
    point pt;
    shape s;
} pretty_rec;
static const jb_type pretty_type = JB_RECORD(pretty_rec,
    JB_FIELD(pretty_rec, a, &jb_i32),
    JB_FIELD(pretty_rec, list, JB_VEC_OF(&jb_i32)),
    JB_FIELD(pretty_rec, none, JB_VEC_OF(&jb_i32)),
    JB_FIELD(pretty_rec, e, &empty_type),
    JB_FIELD(pretty_rec, m, JB_MAP_OF(&jb_cstr, &jb_i32)),
    JB_FIELD(pretty_rec, pt, &point_type),
    JB_FIELD(pretty_rec, s, &shape_ext));

/* ------------------------------------------------------------------ */
/* Scalars                                                             */
/* ------------------------------------------------------------------ */

static void test_ints(void) {
    bool t = true, f = false;
    ENC(&jb_bool, &t, "true");
    ENC(&jb_bool, &f, "false");
    int8_t i8a = INT8_MIN, i8b = INT8_MAX;
    ENC(&jb_i8, &i8a, "-128");
    ENC(&jb_i8, &i8b, "127");
    int16_t i16a = INT16_MIN, i16b = INT16_MAX;
    ENC(&jb_i16, &i16a, "-32768");
    ENC(&jb_i16, &i16b, "32767");
    int32_t i32a = INT32_MIN, i32b = INT32_MAX, i32z = 0;
    ENC(&jb_i32, &i32a, "-2147483648");
    ENC(&jb_i32, &i32b, "2147483647");
    ENC(&jb_i32, &i32z, "0");
    int64_t i64a = INT64_MIN, i64b = INT64_MAX, i64c = -1;
    ENC(&jb_i64, &i64a, "-9223372036854775808");
    ENC(&jb_i64, &i64b, "9223372036854775807");
    ENC(&jb_i64, &i64c, "-1");
    uint8_t u8 = UINT8_MAX;
    ENC(&jb_u8, &u8, "255");
    uint16_t u16 = UINT16_MAX;
    ENC(&jb_u16, &u16, "65535");
    uint32_t u32 = UINT32_MAX;
    ENC(&jb_u32, &u32, "4294967295");
    uint64_t u64 = UINT64_MAX, u64z = 0;
    ENC(&jb_u64, &u64, "18446744073709551615");
    ENC(&jb_u64, &u64z, "0");

    ints all = {true, INT8_MIN, INT16_MIN, INT32_MIN, INT64_MIN,
                UINT8_MAX, UINT16_MAX, UINT32_MAX, UINT64_MAX};
    ENC(&ints_type, &all,
        "{\"b\":true,\"i8\":-128,\"i16\":-32768,\"i32\":-2147483648,\"i64\":-9223372036854775808,"
        "\"u8\":255,\"u16\":65535,\"u32\":4294967295,\"u64\":18446744073709551615}");
    ints zero = {0};
    ENC(&ints_type, &zero,
        "{\"b\":false,\"i8\":0,\"i16\":0,\"i32\":0,\"i64\":0,\"u8\":0,\"u16\":0,\"u32\":0,\"u64\":0}");
}

static const struct { int line; double v; const char *want; } f64_cases[] = {
    {__LINE__, 1.5, "1.5"},
    {__LINE__, -2.0, "-2"},
    {__LINE__, 0.1, "0.1"},
    {__LINE__, 0.0, "0"},
    {__LINE__, -0.0, "-0"},
    {__LINE__, 100.0, "100"},
    {__LINE__, 1e21, "1e+21"},
    {__LINE__, 1e20, "100000000000000000000"},
    {__LINE__, 123456789012345680000.0, "123456789012345680000"},
    {__LINE__, 5e-324, "5e-324"},
    {__LINE__, -5e-324, "-5e-324"},
    {__LINE__, 1e-6, "0.000001"},
    {__LINE__, 1.234e-6, "0.000001234"},
    {__LINE__, 1e-7, "1e-7"},
    {__LINE__, 1.5e-7, "1.5e-7"},
    {__LINE__, 0.3, "0.3"},
    {__LINE__, 0.1 + 0.2, "0.30000000000000004"},
    {__LINE__, 1.0 / 3.0, "0.3333333333333333"},
    {__LINE__, 2.0 / 3.0, "0.6666666666666666"},
    {__LINE__, 9007199254740992.0, "9007199254740992"},
    {__LINE__, 9007199254740993.0, "9007199254740992"}, /* rounds to 2^53 when compiled */
    {__LINE__, DBL_MAX, "1.7976931348623157e+308"},
    {__LINE__, -DBL_MAX, "-1.7976931348623157e+308"},
    {__LINE__, DBL_MIN, "2.2250738585072014e-308"},
    {__LINE__, 1e308, "1e+308"},
    {__LINE__, 1.25e22, "1.25e+22"},
    {__LINE__, 123.456, "123.456"},
    {__LINE__, -0.5, "-0.5"},
    {__LINE__, 4.35, "4.35"},
    {__LINE__, 5e-7, "5e-7"},
    {__LINE__, 1e100, "1e+100"},
    {__LINE__, 12345678.9, "12345678.9"},
};

static const struct { int line; float v; const char *want; } f32_cases[] = {
    {__LINE__, 1.5f, "1.5"},
    {__LINE__, -2.0f, "-2"},
    {__LINE__, 0.1f, "0.1"},
    {__LINE__, -0.0f, "-0"},
    {__LINE__, 0.0f, "0"},
    {__LINE__, 16777216.0f, "16777216"},
    {__LINE__, 3.4028235e38f, "3.4028235e+38"},
    {__LINE__, 1e-45f, "1e-45"},
    {__LINE__, 1.17549435e-38f, "1.1754944e-38"},
    {__LINE__, 0.3f, "0.3"},
    {__LINE__, 1e21f, "1e+21"},
};

static void test_floats(void) {
    for (size_t i = 0; i < sizeof f64_cases / sizeof f64_cases[0]; i++)
        expect_enc(f64_cases[i].line, &jb_f64, &f64_cases[i].v, NULL, f64_cases[i].want,
                   strlen(f64_cases[i].want));
    for (size_t i = 0; i < sizeof f32_cases / sizeof f32_cases[0]; i++)
        expect_enc(f32_cases[i].line, &jb_f32, &f32_cases[i].v, NULL, f32_cases[i].want,
                   strlen(f32_cases[i].want));

    /* Non-finite: an error by default, null with the flag. */
    double nan_ = NAN, pinf = INFINITY, ninf = -INFINITY;
    float fnan = NAN, finf = INFINITY;
    jb_error e = expect_fail(__LINE__, &jb_f64, &nan_, NULL, JB_E_NONFINITE);
    CHECK_STR(e.path, "$");
    expect_fail(__LINE__, &jb_f64, &pinf, NULL, JB_E_NONFINITE);
    expect_fail(__LINE__, &jb_f64, &ninf, NULL, JB_E_NONFINITE);
    expect_fail(__LINE__, &jb_f32, &fnan, NULL, JB_E_NONFINITE);
    expect_fail(__LINE__, &jb_f32, &finf, NULL, JB_E_NONFINITE);
    jb_write_options nn = {.flags = JB_WRITE_NONFINITE_NULL};
    ENC_O(&jb_f64, &nan_, &nn, "null");
    ENC_O(&jb_f64, &pinf, &nn, "null");
    ENC_O(&jb_f64, &ninf, &nn, "null");
    ENC_O(&jb_f32, &fnan, &nn, "null");
    point p = {NAN, 2};
    e = expect_fail(__LINE__, &point_type, &p, NULL, JB_E_NONFINITE);
    CHECK_STR(e.path, "$[0]");
    ENC_O(&point_type, &p, &nn, "[null,2]");
    circle c = {INFINITY};
    e = expect_fail(__LINE__, &circle_type, &c, NULL, JB_E_NONFINITE);
    CHECK_STR(e.path, "$.r");
}

/* ------------------------------------------------------------------ */
/* Strings                                                             */
/* ------------------------------------------------------------------ */

static const struct {
    int line;
    const char *in;
    size_t inlen;
    uint32_t flags;
    const char *want;
} str_cases[] = {
#define S(s) s, sizeof(s) - 1
    {__LINE__, S(""), 0, "\"\""},
    {__LINE__, S("abc"), 0, "\"abc\""},
    {__LINE__, S("a\"b"), 0, "\"a\\\"b\""},
    {__LINE__, S("a\\b"), 0, "\"a\\\\b\""},
    {__LINE__, S("line\nnext"), 0, "\"line\\nnext\""},
    {__LINE__, S("\t\r\b\f"), 0, "\"\\t\\r\\b\\f\""},
    {__LINE__, S("\x01"), 0, "\"\\u0001\""},
    {__LINE__, S("\x1f"), 0, "\"\\u001f\""},
    {__LINE__, S("\x0b\x0e\x1a"), 0, "\"\\u000b\\u000e\\u001a\""},
    {__LINE__, S("\x7f"), 0, "\"\x7f\""},
    {__LINE__, S("a/b"), 0, "\"a/b\""},
    {__LINE__, S("a/b"), JB_WRITE_ESCAPE_SLASH, "\"a\\/b\""},
    {__LINE__, S("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), 0,
     "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""},
    {__LINE__, S("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), JB_WRITE_ESCAPE_UNICODE,
     "\"caf\\u00e9 \\u20ac \\ud83d\\ude00\""},
    {__LINE__, S("\xef\xbf\xbf\xf4\x8f\xbf\xbf"), JB_WRITE_ESCAPE_UNICODE,
     "\"\\uffff\\udbff\\udfff\""},
    {__LINE__, S("\xc2\x80/\x01"), JB_WRITE_ESCAPE_UNICODE | JB_WRITE_ESCAPE_SLASH,
     "\"\\u0080\\/\\u0001\""},
    {__LINE__, S("a\0b"), 0, "\"a\\u0000b\""},
    /* U+2028/2029 are valid JSON; passed through by default. */
    {__LINE__, S("\xe2\x80\xa8"), 0, "\"\xe2\x80\xa8\""},
    /* Long strings cross any internal reservation boundary. */
    {__LINE__, S("0123456789012345678901234567890123456789012345678901234567890123456789\n"
                 "0123456789012345678901234567890123456789012345678901234567890123456789"),
     0,
     "\"0123456789012345678901234567890123456789012345678901234567890123456789\\n"
     "0123456789012345678901234567890123456789012345678901234567890123456789\""},
#undef S
};

static const struct { int line; const char *in; size_t len; } bad_utf8[] = {
    {__LINE__, "\xff", 1},
    {__LINE__, "a\x80", 2},
    {__LINE__, "\xc0\x80", 2},         /* overlong NUL */
    {__LINE__, "\xc1\xbf", 2},         /* overlong */
    {__LINE__, "\xe0\x80\x80", 3},     /* overlong */
    {__LINE__, "\xed\xa0\x80", 3},     /* UTF-16 surrogate D800 */
    {__LINE__, "\xed\xbf\xbf", 3},     /* surrogate DFFF */
    {__LINE__, "\xf4\x90\x80\x80", 4}, /* above U+10FFFF */
    {__LINE__, "\xe2\x82", 2},         /* truncated */
    {__LINE__, "x\xf0\x9f\x98", 4},    /* truncated at the end */
    {__LINE__, "\xf8\x88\x80\x80\x80", 5},
};

static void test_strings(void) {
    for (size_t i = 0; i < sizeof str_cases / sizeof str_cases[0]; i++) {
        jb_str s = {str_cases[i].in, str_cases[i].inlen};
        jb_write_options o = {.flags = str_cases[i].flags};
        expect_enc(str_cases[i].line, &jb_string, &s, &o, str_cases[i].want,
                   strlen(str_cases[i].want));
        /* the same through a cstr when there is no NUL */
        if (memchr(str_cases[i].in, 0, str_cases[i].inlen) == NULL) {
            char *c = (char *)str_cases[i].in;
            expect_enc(str_cases[i].line, &jb_cstr, &c, &o, str_cases[i].want,
                       strlen(str_cases[i].want));
        }
    }
    for (size_t i = 0; i < sizeof bad_utf8 / sizeof bad_utf8[0]; i++) {
        jb_str s = {bad_utf8[i].in, bad_utf8[i].len};
        expect_fail(bad_utf8[i].line, &jb_string, &s, NULL, JB_E_UTF8);
        jb_write_options eu = {.flags = JB_WRITE_ESCAPE_UNICODE};
        expect_fail(bad_utf8[i].line, &jb_string, &s, &eu, JB_E_UTF8);
        /* passed through unchecked with the flag */
        jb_write_options ok = {.flags = JB_WRITE_ALLOW_INVALID_UTF8};
        jb_buf b = JB_BUF_INIT;
        jb_status st = jb_encode(&jb_string, &s, &b, &ok, NULL);
        CHECK_AT(bad_utf8[i].line, st == JB_OK, "ALLOW_INVALID_UTF8: %s", jb_status_name(st));
        if (st == JB_OK)
            CHECK_AT(bad_utf8[i].line,
                     b.len == bad_utf8[i].len + 2 && memcmp(b.data + 1, bad_utf8[i].in, bad_utf8[i].len) == 0,
                     "bytes not passed through (%zu bytes)", b.len);
        jb_buf_free(&b);
    }
    /* invalid UTF-8 inside a record names the field */
    member m = {"\xff", ROLE_USER};
    jb_error e = expect_fail(__LINE__, &member_type, &m, NULL, JB_E_UTF8);
    CHECK_STR(e.path, "$.name");
    /* a NULL char * in a required field */
    member n = {NULL, ROLE_USER};
    e = expect_fail(__LINE__, &member_type, &n, NULL, JB_E_VALUE);
    CHECK_STR(e.path, "$.name");
    /* a jb_str with NULL ptr and len 0 is the empty string */
    jb_str z = {NULL, 0};
    ENC(&jb_string, &z, "\"\"");
    jb_str bad = {NULL, 3};
    expect_fail(__LINE__, &jb_string, &bad, NULL, JB_E_VALUE);
    /* escaped JSON names */
    odd_names on = {1, 2};
    ENC(&odd_names_type, &on, "{\"a\\\"b\":1,\"x/y\xc3\xa9\":2}");
    jb_write_options esc = {.flags = JB_WRITE_ESCAPE_UNICODE | JB_WRITE_ESCAPE_SLASH};
    ENC_O(&odd_names_type, &on, &esc, "{\"a\\\"b\":1,\"x\\/y\\u00e9\":2}");
}

/* ------------------------------------------------------------------ */
/* Enums, records, tuples, arrays                                      */
/* ------------------------------------------------------------------ */

static void test_enums(void) {
    role r = ROLE_ADMIN;
    ENC(&role_type, &r, "\"admin\"");
    r = ROLE_GUEST;
    ENC(&role_type, &r, "\"guest\"");
    int8_t t = -3;
    ENC(&tiny_type, &t, "\"neg\"");
    t = 100;
    ENC(&tiny_type, &t, "\"big\"");
    r = (role)5;
    jb_error e = expect_fail(__LINE__, &role_type, &r, NULL, JB_E_VALUE);
    CHECK_STR(e.path, "$");
    CHECKF(strstr(e.message, "5") != NULL, "message [%s] names the value", e.message);
    t = 0;
    expect_fail(__LINE__, &tiny_type, &t, NULL, JB_E_VALUE);

    member people[3] = {{"a", ROLE_USER}, {"b", ROLE_GUEST}, {"c", (role)9}};
    team tm = {{people, 3}};
    e = expect_fail(__LINE__, &team_type, &tm, NULL, JB_E_VALUE);
    CHECK_STR(e.path, "$.people[2].role");
    tm.people.len = 2;
    ENC(&team_type, &tm, "{\"people\":[{\"name\":\"a\",\"role\":\"user\"},{\"name\":\"b\",\"role\":\"guest\"}]}");
}

static void test_records(void) {
    opts_rec o = {0};
    o.a = 1;
    ENC(&opts_type, &o, "{\"a\":1}");
    o.has_b = true;
    o.b = -4;
    ENC(&opts_type, &o, "{\"a\":1,\"b\":-4}");
    o.has_s = true;
    o.s = (jb_str){"x\0y", 3};
    int32_t seven = 7;
    o.p = &seven;
    o.has_r = true;
    o.r = ROLE_USER;
    ENC(&opts_type, &o, "{\"a\":1,\"b\":-4,\"str\":\"x\\u0000y\",\"p\":7,\"r\":\"user\"}");
    /* absent values are not looked at: garbage behind a false flag */
    opts_rec g = {0};
    g.a = 2;
    g.b = 99;
    g.r = (role)12345; /* not a case: must not be read while absent */
    g.s = (jb_str){NULL, 99};
    ENC(&opts_type, &g, "{\"a\":2}");
    jb_write_options an = {.flags = JB_WRITE_ABSENT_NULL};
    ENC_O(&opts_type, &g, &an, "{\"a\":2,\"b\":null,\"str\":null,\"p\":null,\"r\":null}");
    ENC_O(&opts_type, &o, &an, "{\"a\":1,\"b\":-4,\"str\":\"x\\u0000y\",\"p\":7,\"r\":\"user\"}");

    empty_rec er = {0};
    ENC(&empty_type, &er, "{}");
    ENC_O(&empty_type, &er, &(jb_write_options){.flags = JB_WRITE_PRETTY}, "{}");

    point p = {1.5, -2};
    ENC(&point_type, &p, "[1.5,-2]");
    arr3 a = {{-1, 0, 32767}};
    ENC(&arr3_type, &a, "{\"v\":[-1,0,32767]}");
    int16_t raw3[3] = {5, 6, 7};
    ENC(JB_ARRAY_OF(int16_t, 3, &jb_i16), raw3, "[5,6,7]");
}

/* ------------------------------------------------------------------ */
/* Sums                                                                */
/* ------------------------------------------------------------------ */

static void test_sums(void) {
    shape c = {.kind = SHAPE_CIRCLE, .as.circle = {1}};
    shape r = {.kind = SHAPE_RECT, .as.rect = {2, 3}};
    shape e = {.kind = SHAPE_EMPTY};
    shape n = {.kind = SHAPE_NUM, .as.num = -5};

    ENC(&shape_ext, &c, "{\"Circle\":{\"r\":1}}");
    ENC(&shape_ext, &r, "{\"Rect\":{\"w\":2,\"h\":3}}");
    ENC(&shape_ext, &e, "\"Empty\"");
    ENC(&shape_ext, &n, "{\"Num\":-5}");

    ENC(&shape_int, &c, "{\"type\":\"Circle\",\"r\":1}");
    ENC(&shape_int, &r, "{\"type\":\"Rect\",\"w\":2,\"h\":3}");
    ENC(&shape_int, &e, "{\"type\":\"Empty\"}");
    ENC(&shape_int_def, &c, "{\"tag\":\"Circle\",\"r\":1}");

    ENC(&shape_adj, &c, "{\"t\":\"Circle\",\"c\":{\"r\":1}}");
    ENC(&shape_adj, &e, "{\"t\":\"Empty\"}");
    ENC(&shape_adj, &n, "{\"t\":\"Num\",\"c\":-5}");
    ENC(&shape_adj_def, &r, "{\"tag\":\"Rect\",\"contents\":{\"w\":2,\"h\":3}}");

    ENC(&shape_arr, &c, "[\"Circle\",{\"r\":1}]");
    ENC(&shape_arr, &e, "[\"Empty\"]");
    ENC(&shape_arr, &n, "[\"Num\",-5]");

    ENC(&shape_unt, &c, "{\"r\":1}");
    ENC(&shape_unt, &r, "{\"w\":2,\"h\":3}");
    ENC(&shape_unt, &n, "-5");
    /* untagged: a nullary case is null, as serde writes a unit variant of an
     * untagged enum (docs/formats.md "Other encodings") */
    ENC(&shape_unt, &e, "null");

    shape bad = {.kind = (shape_kind)42};
    jb_error er = expect_fail(__LINE__, &shape_ext, &bad, NULL, JB_E_VALUE);
    CHECK_STR(er.path, "$");
    shape vec_items[2] = {c, {.kind = SHAPE_CIRCLE, .as.circle = {NAN}}};
    vec_shape vs = {vec_items, 2};
    er = expect_fail(__LINE__, vec_shape_type, &vs, NULL, JB_E_NONFINITE);
    CHECK_STR(er.path, "$[1].Circle.r");
    vs.len = 1;
    ENC(vec_shape_type, &vs, "[{\"Circle\":{\"r\":1}}]");
}

/* ------------------------------------------------------------------ */
/* Vectors, maps, pointers                                             */
/* ------------------------------------------------------------------ */

static void test_containers(void) {
    int32_t xs[] = {1, -2, 3};
    vec_i32 v = {xs, 3};
    ENC(vec_i32_type, &v, "[1,-2,3]");
    vec_i32 ve = {NULL, 0};
    ENC(vec_i32_type, &ve, "[]");
    vec_i32 vbad = {NULL, 2};
    expect_fail(__LINE__, vec_i32_type, &vbad, NULL, JB_E_VALUE);

    int32_t one = 1, three = 3;
    int32_t *ps[] = {&one, NULL, &three};
    vec_pi32 vp = {ps, 3};
    ENC(vec_pi32_type, &vp, "[1,null,3]");
    int32_t *np = NULL;
    ENC(JB_PTR_OF(&jb_i32), &np, "null");

    map_cs mc = {0};
    ENC(map_cs_type, &mc, "{}");
    struct { char *key; int32_t value; } mce[] = {{"a", 1}, {"b\"c", 2}, {"", -3}};
    memcpy(&mc, &(map_cs){(void *)mce, 3}, sizeof mc);
    ENC(map_cs_type, &mc, "{\"a\":1,\"b\\\"c\":2,\"\":-3}");

    struct { jb_str key; bool value; } mse[] = {{{"k\0z", 3}, true}, {{"", 0}, false}};
    map_str ms;
    memcpy(&ms, &(struct { void *i; size_t n; }){mse, 2}, sizeof ms);
    ENC(map_str_type, &ms, "{\"k\\u0000z\":true,\"\":false}");

    struct { role key; double value; } mee[] = {{ROLE_GUEST, 0.5}, {ROLE_ADMIN, -0.0}};
    map_enum me;
    memcpy(&me, &(struct { void *i; size_t n; }){mee, 2}, sizeof me);
    ENC(map_enum_type, &me, "{\"guest\":0.5,\"admin\":-0}");
    mee[1].key = (role)3;
    jb_error e = expect_fail(__LINE__, map_enum_type, &me, NULL, JB_E_VALUE);
    CHECK_STR(e.path, "$[1]");

    struct { int32_t key; char *value; } mie[] = {{-5, "neg"}, {INT32_MAX, "max"}, {0, "z"}};
    map_i32 mi;
    memcpy(&mi, &(struct { void *i; size_t n; }){mie, 3}, sizeof mi);
    ENC(map_i32_type, &mi, "{\"-5\":\"neg\",\"2147483647\":\"max\",\"0\":\"z\"}");

    struct { int8_t key; uint8_t value; } m8e[] = {{INT8_MIN, 255}, {-1, 0}};
    map_i8 m8;
    memcpy(&m8, &(struct { void *i; size_t n; }){m8e, 2}, sizeof m8);
    ENC(map_i8_type, &m8, "{\"-128\":255,\"-1\":0}");

    struct { uint64_t key; int64_t value; } m64e[] = {{UINT64_MAX, INT64_MIN}};
    map_u64 m64;
    memcpy(&m64, &(struct { void *i; size_t n; }){m64e, 1}, sizeof m64);
    ENC(map_u64_type, &m64, "{\"18446744073709551615\":-9223372036854775808}");

    struct { kkey key; char *value; } mre[] = {{{1}, "one"}, {{-2}, "two"}};
    map_rec mr;
    memcpy(&mr, &(struct { void *i; size_t n; }){mre, 2}, sizeof mr);
    ENC(map_rec_type, &mr, "[[{\"x\":1},\"one\"],[{\"x\":-2},\"two\"]]");
    map_rec mr0 = {0};
    ENC(map_rec_type, &mr0, "[]");

    struct { point key; int32_t value; } mte[] = {{{0.5, 1}, 9}};
    map_tup mt;
    memcpy(&mt, &(struct { void *i; size_t n; }){mte, 1}, sizeof mt);
    ENC(map_tup_type, &mt, "[[[0.5,1],9]]");
}

/* ------------------------------------------------------------------ */
/* Raw, number, custom                                                 */
/* ------------------------------------------------------------------ */

static void test_raw_number_custom(void) {
    rawrec rr = {{"[1, {\"a\" : null}]", 17}, {"-12.50e+3", 9}};
    ENC(&rawrec_type, &rr, "{\"raw\":[1, {\"a\" : null}],\"num\":-12.50e+3}");
    jb_str n1 = {"0", 1};
    ENC(&jb_number, &n1, "0");
    static const char *const bad_numbers[] = {"1.", "01", "+1", "abc", "1e", "--1", ".5", "1 ", "NaN"};
    for (size_t i = 0; i < sizeof bad_numbers / sizeof bad_numbers[0]; i++) {
        jb_str b = {bad_numbers[i], strlen(bad_numbers[i])};
        jb_error e = expect_fail(__LINE__, &jb_number, &b, NULL, JB_E_VALUE);
        (void)e;
    }
    jb_str empty = {"", 0};
    expect_fail(__LINE__, &jb_number, &empty, NULL, JB_E_VALUE);
    expect_fail(__LINE__, &jb_raw, &empty, NULL, JB_E_VALUE);

    stamp s = {120, "UTC"};
    ENC(&stamp_type, &s,
        "{\"s\":120,\"zone\":\"UTC\",\"parts\":[2,true,null,0.5,[ ],\"guest\"],\"e\":{}}");
    stamp two[2] = {{60, "A"}, {-1, "\"q\""}};
    vec_stamp vs = {two, 2};
    ENC(vec_stamp_type, &vs,
        "[{\"s\":60,\"zone\":\"A\",\"parts\":[1,true,null,0.5,[ ],\"guest\"],\"e\":{}},"
        "{\"s\":-1,\"zone\":\"\\\"q\\\"\",\"parts\":[307445734561825860,true,null,0.5,[ ],\"guest\"],\"e\":{}}]");
    jb_write_options pr = {.flags = JB_WRITE_PRETTY};
    ENC_O(&stamp_type, &s, &pr,
          "{\n"
          "  \"s\": 120,\n"
          "  \"zone\": \"UTC\",\n"
          "  \"parts\": [\n"
          "    2,\n"
          "    true,\n"
          "    null,\n"
          "    0.5,\n"
          "    [ ],\n"
          "    \"guest\"\n"
          "  ],\n"
          "  \"e\": {}\n"
          "}");
    jb_error e = expect_fail(__LINE__, &failing_type, &s, NULL, JB_E_CUSTOM);
    CHECKF(strstr(e.message, "clock is broken") != NULL, "message [%s]", e.message);
}

/* ------------------------------------------------------------------ */
/* Pretty printing                                                     */
/* ------------------------------------------------------------------ */

static void test_pretty(void) {
    int32_t list[] = {1, 2};
    struct { char *key; int32_t value; } me[] = {{"k", 3}};
    pretty_rec pr = {0};
    pr.a = 1;
    pr.list.items = list;
    pr.list.len = 2;
    memcpy(&pr.m, &(struct { void *i; size_t n; }){me, 1}, sizeof pr.m);
    pr.pt = (point){0.5, -1};
    pr.s = (shape){.kind = SHAPE_CIRCLE, .as.circle = {2}};
    jb_write_options o2 = {.flags = JB_WRITE_PRETTY};
    ENC_O(&pretty_type, &pr, &o2,
          "{\n"
          "  \"a\": 1,\n"
          "  \"list\": [\n"
          "    1,\n"
          "    2\n"
          "  ],\n"
          "  \"none\": [],\n"
          "  \"e\": {},\n"
          "  \"m\": {\n"
          "    \"k\": 3\n"
          "  },\n"
          "  \"pt\": [\n"
          "    0.5,\n"
          "    -1\n"
          "  ],\n"
          "  \"s\": {\n"
          "    \"Circle\": {\n"
          "      \"r\": 2\n"
          "    }\n"
          "  }\n"
          "}");
    jb_write_options o4 = {.flags = JB_WRITE_PRETTY, .indent = 4};
    ENC_O(&pretty_type, &pr, &o4,
          "{\n"
          "    \"a\": 1,\n"
          "    \"list\": [\n"
          "        1,\n"
          "        2\n"
          "    ],\n"
          "    \"none\": [],\n"
          "    \"e\": {},\n"
          "    \"m\": {\n"
          "        \"k\": 3\n"
          "    },\n"
          "    \"pt\": [\n"
          "        0.5,\n"
          "        -1\n"
          "    ],\n"
          "    \"s\": {\n"
          "        \"Circle\": {\n"
          "            \"r\": 2\n"
          "        }\n"
          "    }\n"
          "}");
    /* indent without PRETTY is compact */
    jb_write_options o4c = {.indent = 4};
    ENC_O(&point_type, &pr.pt, &o4c, "[0.5,-1]");
    /* scalars at the root and nullary sums have no newline */
    int32_t x = 5;
    ENC_O(&jb_i32, &x, &o2, "5");
    shape e = {.kind = SHAPE_EMPTY};
    ENC_O(&shape_ext, &e, &o2, "\"Empty\"");
    ENC_O(&shape_int, &e, &o2, "{\n  \"type\": \"Empty\"\n}");
    shape c = {.kind = SHAPE_CIRCLE, .as.circle = {1}};
    ENC_O(&shape_int, &c, &o2, "{\n  \"type\": \"Circle\",\n  \"r\": 1\n}");
    ENC_O(&shape_adj, &c, &o2, "{\n  \"t\": \"Circle\",\n  \"c\": {\n    \"r\": 1\n  }\n}");
    ENC_O(&shape_arr, &c, &o2, "[\n  \"Circle\",\n  {\n    \"r\": 1\n  }\n]");
    struct { kkey key; char *value; } mre[] = {{{1}, "one"}};
    map_rec mr;
    memcpy(&mr, &(struct { void *i; size_t n; }){mre, 1}, sizeof mr);
    ENC_O(map_rec_type, &mr, &o2,
          "[\n  [\n    {\n      \"x\": 1\n    },\n    \"one\"\n  ]\n]");
    /* optional absent in pretty mode: no stray comma */
    opts_rec op = {0};
    op.a = 1;
    op.has_r = true;
    op.r = ROLE_ADMIN;
    ENC_O(&opts_type, &op, &o2, "{\n  \"a\": 1,\n  \"r\": \"admin\"\n}");
}

/* ------------------------------------------------------------------ */
/* Depth                                                               */
/* ------------------------------------------------------------------ */

static void test_depth(void) {
    /* a 3-node list */
    lnode n3 = {3, NULL}, n2 = {2, &n3}, n1 = {1, &n2};
    ENC(&lnode_type, &n1, "{\"v\":1,\"next\":{\"v\":2,\"next\":{\"v\":3}}}");
    jb_write_options d2 = {.max_depth = 2};
    expect_fail(__LINE__, &lnode_type, &n1, &d2, JB_E_DEPTH);
    jb_write_options d3 = {.max_depth = 3};
    ENC_O(&lnode_type, &n1, &d3, "{\"v\":1,\"next\":{\"v\":2,\"next\":{\"v\":3}}}");
    /* a cycle is a clean depth error, not a stack overflow */
    lnode cyc = {0, NULL};
    cyc.next = &cyc;
    expect_fail(__LINE__, &lnode_type, &cyc, NULL, JB_E_DEPTH);
    /* exactly 512 levels pass by default, 513 fail */
    lnode *chain = calloc(513, sizeof *chain);
    for (int i = 0; i < 512; i++) chain[i].next = i < 511 ? &chain[i + 1] : NULL;
    jb_buf b = JB_BUF_INIT;
    CHECK(jb_encode(&lnode_type, chain, &b, NULL, NULL) == JB_OK);
    chain[511].next = &chain[512];
    b.len = 0;
    CHECK(jb_encode(&lnode_type, chain, &b, NULL, NULL) == JB_E_DEPTH);
    CHECK(b.len == 0);
    jb_buf_free(&b);
    free(chain);
}

/* ------------------------------------------------------------------ */
/* Deep values: the encoder keeps an explicit stack, not C recursion   */
/* ------------------------------------------------------------------ */

enum { DEEP = 100000 };

/* A tree of arrays: [kids] where kids is a vec of trees. n nodes in a
 * chain nest 2n arrays deep. */
typedef struct vnode { JB_VEC(struct vnode) kids; } vnode;
static const jb_type vnode_type;
static const jb_type vnode_type = JB_TUPLE(vnode, JB_ELEM(vnode, kids, JB_VEC_OF(&vnode_type)));

/* A list whose one-letter names keep a deep error path short. */
typedef struct snode { jb_str s; struct snode *n; } snode;
static const jb_type snode_type;
static const jb_type snode_type = JB_RECORD(snode,
    JB_FIELD(snode, s, &jb_string),
    JB_FIELD(snode, n, JB_PTR_OF(&snode_type)));

/* An unwrapped record holding a pointer to its own type: writes nothing of
 * its own, so a chain of them is one value ("null" at the end). */
typedef struct uwrap { struct uwrap *p; } uwrap;
static const jb_type uwrap_type;
static const jb_type uwrap_type = JB_RECORD((uwrap, .fmt_flags = JB_FMT_UNWRAP_UNARY),
    JB_FIELD(uwrap, p, JB_PTR_OF(&uwrap_type)));

/* A custom codec that encodes the rest of its list through jb_write_value:
 * recursion driven by the user's code. */
typedef struct cnode { struct cnode *next; } cnode;
static const jb_type cnode_type;
static jb_status cnode_enc(jb_writer *w, const void *v, void *ctx) {
    const cnode *c = v;
    (void)ctx;
    jb_status st = jb_write_array_begin(w);
    if (!st && c->next) st = jb_write_value(w, &cnode_type, c->next);
    return st ? st : jb_write_array_end(w);
}
static jb_status cnode_dec(jb_reader *r, void *v, void *ctx) {
    (void)r, (void)v, (void)ctx;
    return JB_E_CUSTOM;
}
static const jb_type cnode_type = JB_CUSTOM(cnode, cnode_enc, cnode_dec, NULL);

/* The expected texts, built without the encoder. */
static char *deep_list_text(size_t n, size_t *len) {
    char *t = malloc(n * 24 + 8), *q = t;
    for (size_t i = 1; i <= n; i++) q += sprintf(q, i < n ? "{\"v\":%zu,\"next\":" : "{\"v\":%zu", i);
    memset(q, '}', n);
    *len = (size_t)(q + n - t);
    return t;
}
static char *deep_arrays_text(size_t levels, size_t *len) {
    char *t = malloc(2 * levels);
    memset(t, '[', levels);
    memset(t + levels, ']', levels);
    *len = 2 * levels;
    return t;
}

/* The path is `prefix` then `seg` repeated (cut visibly at the end when it
 * does not fit in jb_error.path). */
static bool path_repeats(const char *path, const char *prefix, const char *seg) {
    size_t pl = strlen(prefix), sl = strlen(seg), n = strlen(path);
    if (strncmp(path, prefix, pl) != 0 || n < pl + sl) return false;
    if (n == JB_ERROR_PATH_MAX - 1 && strcmp(path + n - 3, "...") == 0) n -= 3;
    for (size_t i = pl; i < n; i++)
        if (path[i] != seg[(i - pl) % sl]) return false;
    return true;
}

typedef struct deep_job {
    const jb_type *type;
    const void *value;
    uint32_t max_depth; /* 0: default */
    jb_status st;
    jb_error err;
    jb_buf out;
} deep_job;

static void *deep_run(void *arg) {
    deep_job *j = arg;
    jb_write_options o = {.max_depth = j->max_depth};
    memset(&j->err, 0, sizeof j->err);
    j->out = (jb_buf)JB_BUF_INIT;
    j->st = jb_encode(j->type, j->value, &j->out, &o, &j->err);
    return NULL;
}

/* Encode on a thread with a stack of the given size. */
static deep_job encode_on_stack(const jb_type *t, const void *v, uint32_t max_depth, size_t stack) {
    deep_job j = {t, v, max_depth, JB_E_ARG, {0}, JB_BUF_INIT};
    pthread_attr_t at;
    pthread_t th;
    pthread_attr_init(&at);
    CHECK(pthread_attr_setstacksize(&at, stack) == 0);
    if (pthread_create(&th, &at, deep_run, &j) == 0) {
        pthread_join(th, NULL);
    } else {
        CHECKF(0, "pthread_create failed");
    }
    pthread_attr_destroy(&at);
    return j;
}

/* ... with a 64 KiB stack (the encoder must not need more, however deep
 * the value). */
static deep_job encode_small_stack(const jb_type *t, const void *v, uint32_t max_depth) {
    return encode_on_stack(t, v, max_depth, small_stack());
}

/* stack.c: this thread's stack floor, 0 where the stack's bounds are
 * unknown (not Linux, or a build with -DJB_NO_STACK_BOUNDS). */
uintptr_t jb__stack_floor(void);

static void test_deep(void) {
    size_t wlen;

    /* a 100,000-deep linked list (a record through JB_PTR) */
    lnode *list = calloc(DEEP, sizeof *list);
    for (size_t i = 0; i < DEEP; i++) {
        list[i].v = (int32_t)(i + 1);
        list[i].next = i + 1 < DEEP ? &list[i + 1] : NULL;
    }
    char *want = deep_list_text(DEEP, &wlen);
    deep_job j = encode_small_stack(&lnode_type, list, DEEP);
    CHECKF(j.st == JB_OK, "%s: %s at %.40s", jb_status_name(j.st), j.err.message, j.err.path);
    CHECKF(j.out.len == wlen && memcmp(j.out.data, want, wlen) == 0, "got %zu bytes [%.60s], want %zu",
           j.out.len, j.out.data ? j.out.data : "", wlen);
    jb_buf_free(&j.out);
    /* one level short: the ordinary depth error, at the last node */
    j = encode_small_stack(&lnode_type, list, DEEP - 1);
    CHECK(j.st == JB_E_DEPTH && j.out.len == 0);
    CHECK_STR(j.err.message, "nesting deeper than 99999 (a cycle?)");
    CHECKF(path_repeats(j.err.path, "$....next", ".next"), "path [%s]", j.err.path);
    jb_buf_free(&j.out);
    /* the default limit: 512 objects are written, the 513th is refused */
    j = encode_small_stack(&lnode_type, list, 0);
    CHECK(j.st == JB_E_DEPTH);
    CHECK_STR(j.err.message, "nesting deeper than 512 (a cycle?)");
    CHECKF(path_repeats(j.err.path, "$....next", ".next"), "path [%s]", j.err.path);
    jb_buf_free(&j.out);
    list[511].next = NULL; /* 512 deep is fine by default */
    j = encode_small_stack(&lnode_type, list, 0);
    CHECK(j.st == JB_OK && j.out.len > 0 && j.out.data[j.out.len - 1] == '}');
    jb_buf_free(&j.out);
    free(want);
    free(list);

    /* a vec-of-vec tree 100,000 arrays deep */
    vnode *tree = calloc(DEEP / 2, sizeof *tree);
    for (size_t i = 0; i + 1 < DEEP / 2; i++) {
        tree[i].kids.items = &tree[i + 1];
        tree[i].kids.len = 1;
    }
    want = deep_arrays_text(DEEP, &wlen);
    j = encode_small_stack(&vnode_type, tree, DEEP);
    CHECKF(j.st == JB_OK, "%s: %s at %.40s", jb_status_name(j.st), j.err.message, j.err.path);
    CHECK(j.out.len == wlen && memcmp(j.out.data, want, wlen) == 0);
    jb_buf_free(&j.out);
    j = encode_small_stack(&vnode_type, tree, 0);
    CHECK(j.st == JB_E_DEPTH);
    CHECK_STR(j.err.message, "nesting deeper than 512 (a cycle?)");
    /* 512 segments, the innermost 64 kept: every step is element 0 */
    {
        char p[JB_ERROR_PATH_MAX] = "$...";
        for (int i = 0; i < 64; i++) strcat(p, "[0]");
        CHECK_STR(j.err.path, p);
    }
    jb_buf_free(&j.out);
    /* the same value on this thread, into a fixed buffer and a stream */
    {
        char *dst = malloc(wlen);
        size_t needed = 0;
        jb_write_options o = {.max_depth = DEEP};
        CHECK(jb_encode_fixed(&vnode_type, tree, dst, wlen, &needed, &o, NULL) == JB_OK);
        CHECK(needed == wlen && memcmp(dst, want, wlen) == 0);
        CHECK(jb_encode_fixed(&vnode_type, tree, dst, wlen - 1, &needed, &o, NULL) == JB_E_BUFFER);
        CHECK(needed == wlen);
        free(dst);
    }
    free(want);
    free(tree);

    /* a failure deep inside reports the path: invalid UTF-8 at depth 41
     * (the whole path), and at depth 1000 (its innermost 64 steps) */
    snode *sl = calloc(1000, sizeof *sl);
    for (size_t i = 0; i < 1000; i++) {
        sl[i].s = (jb_str){"ok", 2};
        sl[i].n = i + 1 < 1000 ? &sl[i + 1] : NULL;
    }
    jb_write_options d2000 = {.max_depth = 2000};
    sl[40].s = (jb_str){"\xff", 1};
    jb_error e = expect_fail(__LINE__, &snode_type, sl, &d2000, JB_E_UTF8);
    {
        char p[JB_ERROR_PATH_MAX] = "$";
        for (int i = 0; i < 40; i++) strcat(p, ".n");
        strcat(p, ".s");
        CHECK_STR(e.path, p);
        CHECK_STR(e.message, "invalid UTF-8 in a string");
    }
    sl[40].s = (jb_str){"ok", 2};
    sl[999].s = (jb_str){"a\xc3", 2};
    j = encode_small_stack(&snode_type, sl, 2000);
    CHECK(j.st == JB_E_UTF8);
    {
        char p[JB_ERROR_PATH_MAX] = "$...";
        for (int i = 0; i < 63; i++) strcat(p, ".n");
        strcat(p, ".s");
        CHECK_STR(j.err.path, p);
    }
    jb_buf_free(&j.out);
    free(sl);

    /* transparent steps: a chain of unwrapped records and pointers writes
     * what the last holds; a cycle of them is a depth error, not a hang */
    uwrap u[10];
    for (int i = 0; i < 10; i++) u[i].p = i < 9 ? &u[i + 1] : NULL;
    ENC(&uwrap_type, &u[0], "null");
    u[9].p = &u[0];
    e = expect_fail(__LINE__, &uwrap_type, &u[0], NULL, JB_E_DEPTH);
    CHECK_STR(e.message, "nesting deeper than 512 (a cycle?)");
    CHECKF(path_repeats(e.path, "$....p", ".p"), "path [%s]", e.path);

    /* a custom codec that recurses through jb_write_value is user code
     * driving C recursion: on a small stack it ends in JB_E_DEPTH when the
     * stack runs low (or at the depth limit), never in a crash */
    cnode *cl = calloc(DEEP, sizeof *cl);
    for (size_t i = 0; i + 1 < DEEP; i++) cl[i].next = &cl[i + 1];
    /* where the stack's bounds are unknown only the custom codecs' own
     * limit of 512 levels applies, which takes ~700 KiB of stack at -O2
     * (docs/portability.md): then the case runs on 2 MiB, not 64 KiB */
    bool bounds = jb__stack_floor() != 0;
    j = encode_on_stack(&cnode_type, cl, DEEP, bounds ? small_stack() : 2 << 20);
    CHECKF(j.st == JB_E_DEPTH, "%s", jb_status_name(j.st));
    CHECKF(strstr(j.err.message, bounds ? "thread's stack" : "512 levels"), "message [%s]",
           j.err.message);
    jb_buf_free(&j.out);
    cl[3].next = NULL;
    j = encode_small_stack(&cnode_type, cl, 0);
    CHECKF(j.st == JB_OK, "%s: %s at %s", jb_status_name(j.st), j.err.message, j.err.path);
    if (j.st == JB_OK) CHECK_MEM_AT(__LINE__, j.out.data, j.out.len, "[[[[]]]]", 8);
    jb_buf_free(&j.out);
    free(cl);
}

/* ------------------------------------------------------------------ */
/* Sinks                                                               */
/* ------------------------------------------------------------------ */

typedef struct collect {
    char data[4096];
    size_t len;
    int calls;
    int fail_at; /* fail the call with this number (1-based); 0 = never */
} collect;

static int collect_fn(void *ctx, const char *data, size_t len) {
    collect *c = ctx;
    c->calls++;
    if (c->fail_at && c->calls >= c->fail_at) return -1;
    if (c->len + len > sizeof c->data) return -1;
    memcpy(c->data + c->len, data, len);
    c->len += len;
    return 0;
}

static const char user_json[] =
    "{\"name\":\"Ada\",\"id\":42,\"role\":\"admin\",\"tags\":[\"x\"],\"scores\":{\"chess\":1800}}";

static void make_user(user *u, void *tags, void *scores) {
    memset(u, 0, sizeof *u);
    u->name = "Ada";
    u->id = 42;
    u->role = ROLE_ADMIN;
    u->tags.items = tags;
    u->tags.len = 1;
    memcpy(&u->scores, &(struct { void *i; size_t n; }){scores, 1}, sizeof u->scores);
}

static void test_sinks(void) {
    char *tags[] = {"x"};
    struct { char *key; int32_t value; } scores[] = {{"chess", 1800}};
    user u;
    make_user(&u, tags, scores);
    const size_t n = sizeof user_json - 1;

    /* The README quick start's output. */
    ENC(&user_type, &u, user_json);
    point home = {1.5, -0.25};
    u.home = &home;
    u.has_email = true;
    u.email = "ada@example.org";
    ENC(&user_type, &u,
        "{\"name\":\"Ada\",\"id\":42,\"role\":\"admin\",\"email\":\"ada@example.org\","
        "\"home\":[1.5,-0.25],\"tags\":[\"x\"],\"scores\":{\"chess\":1800}}");
    u.home = NULL;
    u.has_email = false;

    /* jb_buf: appends; reuse with .len = 0 allocates nothing. */
    counting cnt = {0};
    jb_allocator al = {count_fn, &cnt};
    jb_buf b = JB_BUF_INIT;
    b.alloc = &al;
    CHECK(jb_encode(&user_type, &u, &b, NULL, NULL) == JB_OK);
    CHECK_MEM_AT(__LINE__, b.data, b.len, user_json, n);
    CHECK(cnt.allocs >= 1);
    CHECK(jb_encode(&user_type, &u, &b, NULL, NULL) == JB_OK); /* appends */
    CHECK(b.len == 2 * n && memcmp(b.data + n, user_json, n) == 0);
    size_t allocs = cnt.allocs;
    char *data = b.data;
    for (int i = 0; i < 5; i++) {
        b.len = 0;
        CHECK(jb_encode(&user_type, &u, &b, NULL, NULL) == JB_OK);
        CHECK_MEM_AT(__LINE__, b.data, b.len, user_json, n);
    }
    CHECKF(cnt.allocs == allocs, "reuse allocated: %zu -> %zu", allocs, cnt.allocs);
    CHECK(b.data == data);
    /* also a pretty encode into a buffer big enough already */
    b.len = 0;
    CHECK(jb_buf_reserve(&b, 4096) == JB_OK);
    allocs = cnt.allocs;
    b.len = 0;
    CHECK(jb_encode(&user_type, &u, &b, &(jb_write_options){.flags = JB_WRITE_PRETTY}, NULL) == JB_OK);
    CHECKF(cnt.allocs == allocs, "pretty reuse allocated");
    jb_buf_free(&b);
    CHECKF(cnt.live == 0, "buffer leaked %ld blocks", cnt.live);
    CHECK(b.data == NULL || b.len == 0);

    /* jb_encode_fixed: exact fit, too small (needed reported), larger. */
    char dst[256];
    size_t needed = 0;
    memset(dst, '#', sizeof dst);
    CHECK(jb_encode_fixed(&user_type, &u, dst, n, &needed, NULL, NULL) == JB_OK);
    CHECK(needed == n);
    CHECK_MEM_AT(__LINE__, dst, n, user_json, n);
    CHECK(dst[n] == '#'); /* no NUL written past the end */
    memset(dst, '#', sizeof dst);
    needed = 0;
    jb_error e;
    CHECK(jb_encode_fixed(&user_type, &u, dst, n - 1, &needed, NULL, &e) == JB_E_BUFFER);
    CHECK(e.code == JB_E_BUFFER);
    CHECKF(needed == n, "needed %zu, want %zu", needed, n);
    CHECK(dst[n - 1] == '#'); /* nothing written past cap */
    {
        size_t k = 0; /* dst holds a prefix: whatever was written matches */
        while (k < n - 1 && dst[k] != '#') k++;
        CHECKF(memcmp(dst, user_json, k) == 0, "not a prefix: [%.*s]", (int)k, dst);
    }
    needed = 0;
    CHECK(jb_encode_fixed(&user_type, &u, dst, 5, &needed, NULL, NULL) == JB_E_BUFFER);
    CHECKF(needed == n, "needed %zu, want %zu", needed, n);
    needed = 0;
    CHECK(jb_encode_fixed(&user_type, &u, NULL, 0, &needed, NULL, NULL) == JB_E_BUFFER);
    CHECKF(needed == n, "needed with cap 0: %zu, want %zu", needed, n);
    CHECK(jb_encode_fixed(&user_type, &u, dst, sizeof dst, &needed, NULL, NULL) == JB_OK);
    CHECK(needed == n && memcmp(dst, user_json, n) == 0);
    CHECK(jb_encode_fixed(&user_type, &u, dst, sizeof dst, NULL, NULL, NULL) == JB_OK);
    /* a value error is not a buffer error */
    double nan_ = NAN;
    needed = 99;
    CHECK(jb_encode_fixed(&jb_f64, &nan_, dst, sizeof dst, &needed, NULL, NULL) == JB_E_NONFINITE);

    /* jb_encode_to: the concatenated chunks are the document. */
    collect *c = calloc(1, sizeof *c);
    CHECK(jb_encode_to(&user_type, &u, collect_fn, c, NULL, NULL) == JB_OK);
    CHECK_MEM_AT(__LINE__, c->data, c->len, user_json, n);
    CHECK(c->calls >= 1);
    /* a big value goes through in several chunks, all in order */
    enum { BIG = 3000 };
    int32_t *many = malloc(BIG * sizeof *many);
    for (int i = 0; i < BIG; i++) many[i] = i;
    vec_i32 bigv = {many, BIG};
    jb_buf want = JB_BUF_INIT;
    CHECK(jb_encode(vec_i32_type, &bigv, &want, NULL, NULL) == JB_OK);
    /* check the buffer text independently: "[0,1,2,...,2999]" */
    {
        char *exp = malloc(BIG * 6 + 2);
        size_t k = 0;
        exp[k++] = '[';
        for (int i = 0; i < BIG; i++) k += (size_t)sprintf(exp + k, i ? ",%d" : "%d", i);
        exp[k++] = ']';
        CHECK_MEM_AT(__LINE__, want.data, want.len, exp, k);
        free(exp);
    }
    collect *big = calloc(1, sizeof *big + 0); /* 4096 is too small: the sink fails */
    e.code = JB_OK;
    CHECK(jb_encode_to(vec_i32_type, &bigv, collect_fn, big, NULL, &e) == JB_E_IO);
    CHECK(e.code == JB_E_IO);
    free(big);
    /* a failing callback stops the encode with JB_E_IO */
    memset(c, 0, sizeof *c);
    c->fail_at = 1;
    CHECK(jb_encode_to(&user_type, &u, collect_fn, c, NULL, &e) == JB_E_IO);
    CHECK(e.code == JB_E_IO);
    free(c);

    /* jb_encode_file via tmpfile() */
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (f) {
        CHECK(jb_encode_file(&user_type, &u, f, NULL, NULL) == JB_OK);
        CHECK(jb_encode_file(vec_i32_type, &bigv, f, NULL, NULL) == JB_OK);
        fflush(f);
        long sz = ftell(f);
        CHECKF(sz == (long)(n + want.len), "file has %ld bytes, want %zu", sz, n + want.len);
        rewind(f);
        char *back = malloc((size_t)sz + 1);
        size_t got = fread(back, 1, (size_t)sz, f);
        CHECK(got == (size_t)sz);
        CHECK_MEM_AT(__LINE__, back, n, user_json, n);
        CHECK(got >= n && memcmp(back + n, want.data, want.len) == 0);
        free(back);
        fclose(f);
    }
    CHECK(jb_encode_file(&user_type, &u, NULL, NULL, &e) == JB_E_ARG);
    jb_buf_free(&want);
    free(many);

    /* argument errors */
    jb_buf b2 = JB_BUF_INIT;
    CHECK(jb_encode(NULL, &u, &b2, NULL, &e) == JB_E_ARG && e.code == JB_E_ARG);
    CHECK(jb_encode(&user_type, NULL, &b2, NULL, &e) == JB_E_ARG);
    CHECK(jb_encode(&user_type, &u, NULL, NULL, &e) == JB_E_ARG);
    CHECK(jb_encode_to(&user_type, &u, NULL, NULL, NULL, &e) == JB_E_ARG);
    CHECK(jb_encode(&user_type, &u, &b2, NULL, NULL) == JB_OK); /* err NULL allowed */
    jb_buf_free(&b2);
}

/* An encode into a buffer whose allocator fails: JB_E_NOMEM, len restored. */
static void *fail_fn(void *ctx, void *p, size_t old, size_t n) {
    (void)ctx;
    (void)old;
    if (n == 0) {
        free(p);
        return NULL;
    }
    return NULL;
}

static void test_nomem(void) {
    jb_allocator al = {fail_fn, NULL};
    jb_buf b = JB_BUF_INIT;
    b.alloc = &al;
    char *tags[] = {"x"};
    struct { char *key; int32_t value; } scores[] = {{"chess", 1800}};
    user u;
    make_user(&u, tags, scores);
    jb_error e;
    CHECK(jb_encode(&user_type, &u, &b, NULL, &e) == JB_E_NOMEM);
    CHECK(e.code == JB_E_NOMEM);
    CHECK(b.len == 0);
    jb_buf_free(&b);
}

/* Required pointers: NULL is JB_E_VALUE naming the path, present ones
 * are their pointee. */
typedef struct { int32_t v; } bleaf;
static const jb_type bleaf_type = JB_RECORD(bleaf, JB_FIELD(bleaf, v, JB_AUTO));
typedef struct { bleaf *leaf; bool has_opt; bleaf *opt; } bhold;
static const jb_type bhold_type = JB_RECORD(bhold, JB_FIELD(bhold, leaf, JB_BOX_OF(&bleaf_type)),
    JB_OPTIONAL(bhold, opt, has_opt, JB_BOX_OF(&bleaf_type)));

static void test_boxes(void) {
    bleaf l = {4};
    bhold h = {&l, false, NULL};
    ENC(&bhold_type, &h, "{\"leaf\":{\"v\":4}}");
    h.has_opt = true;
    h.opt = &l;
    ENC(&bhold_type, &h, "{\"leaf\":{\"v\":4},\"opt\":{\"v\":4}}");
    /* a NULL box is never written as null, nor omitted */
    h.opt = NULL;
    jb_error e = expect_fail(__LINE__, &bhold_type, &h, NULL, JB_E_VALUE);
    CHECKF(strcmp(e.path, "$.opt") == 0 && strstr(e.message, "JB_BOX_OF"), "%s: %s", e.path, e.message);
    h.leaf = NULL;
    h.has_opt = false;
    e = expect_fail(__LINE__, &bhold_type, &h, NULL, JB_E_VALUE);
    CHECKF(strcmp(e.path, "$.leaf") == 0, "%s", e.path);
    /* whatever the call or the format says about absent fields */
    jb_write_options o = {.flags = JB_WRITE_ABSENT_NULL};
    e = expect_fail(__LINE__, &bhold_type, &h, &o, JB_E_VALUE);
}

/* Records of leaves are written inline (no frame), through the fast field
 * loop with its opcodes and ,"name": runs: the bytes, a non-finite's path,
 * absent optionals, every fixed-buffer size and a callback sink. */
typedef struct {
    int8_t a; uint16_t b; int32_t c; uint64_t d; bool e; float f; double g; jb_str h;
    bool has_o; int32_t o;
} flat_rec;
static const jb_type flat_type = JB_RECORD(flat_rec,
    JB_FIELD(flat_rec, a, &jb_i8), JB_FIELD(flat_rec, b, &jb_u16), JB_FIELD(flat_rec, c, &jb_i32),
    JB_FIELD(flat_rec, d, &jb_u64), JB_FIELD(flat_rec, e, &jb_bool), JB_FIELD(flat_rec, f, &jb_f32),
    JB_FIELD(flat_rec, g, &jb_f64), JB_FIELD(flat_rec, h, &jb_string),
    JB_OPTIONAL(flat_rec, o, has_o, &jb_i32));
typedef struct { JB_VEC(flat_rec) rows; } flat_outer;
static const jb_type flat_outer_type = JB_RECORD(flat_outer,
    JB_FIELD(flat_outer, rows, JB_VEC_OF(&flat_type)));

/* A flat record with a vec of ids (often empty: written as "[]" in place). */
typedef struct {
    uint32_t id;
    JB_VEC(uint32_t) ids;
} area_rec;
static const jb_type area_type = JB_RECORD(area_rec,
    JB_FIELD(area_rec, id, &jb_u32), JB_FIELD(area_rec, ids, JB_VEC_OF(&jb_u32)));
typedef struct { JB_VEC(area_rec) areas; } area_list;
static const jb_type area_list_type = JB_RECORD(area_list,
    JB_FIELD(area_list, areas, JB_VEC_OF(&area_type)));

/* Vecs of inline records, and the empty vec of ids in place: the levels
 * they open count against max_depth like any other; many of them through
 * a stream sink's chunk boundaries; a failure's path. */
static void test_flat_record_vecs(void) {
    uint32_t ids[3] = {7, 80, 900};
    area_rec a[3] = {{1, {NULL, 0}}, {22, {ids, 3}}, {4000000000u, {NULL, 0}}};
    area_list l = {{a, 3}};
    static const char want[] = "{\"areas\":[{\"id\":1,\"ids\":[]},{\"id\":22,\"ids\":[7,80,900]},"
                               "{\"id\":4000000000,\"ids\":[]}]}";
    ENC(&area_list_type, &l, want);
    /* {"areas":[{"ids":[ is 4 levels */
    jb_write_options d4 = {.max_depth = 4}, d3 = {.max_depth = 3}, d2 = {.max_depth = 2},
                     d1 = {.max_depth = 1};
    ENC_O(&area_list_type, &l, &d4, want);
    jb_error e = expect_fail(__LINE__, &area_list_type, &l, &d3, JB_E_DEPTH);
    CHECK_STR(e.path, "$.areas[0].ids");
    e = expect_fail(__LINE__, &area_list_type, &l, &d2, JB_E_DEPTH);
    CHECK_STR(e.path, "$.areas");
    ENC_O(&area_type, &a[0], &d2, "{\"id\":1,\"ids\":[]}");
    e = expect_fail(__LINE__, &area_type, &a[0], &d1, JB_E_DEPTH);
    CHECK_STR(e.path, "$.ids");
    l.areas.len = 0;
    ENC_O(&area_list_type, &l, &d2, "{\"areas\":[]}");
    expect_fail(__LINE__, &area_list_type, &l, &d1, JB_E_DEPTH);
    /* a vec with NULL items and a length, inside element 1 */
    l.areas.len = 3;
    a[1].ids.items = NULL;
    e = expect_fail(__LINE__, &area_list_type, &l, NULL, JB_E_VALUE);
    CHECK_STR(e.path, "$.areas[1].ids");
    a[1].ids.items = ids;

    /* 1000 records through a stream sink: {"id":N,"ids":[]} each, the
     * text built by hand (N = i * 37) */
    enum { N = 1000 };
    area_rec *many = calloc(N, sizeof *many);
    char *exp = malloc(N * 32 + 16);
    collect *cb = calloc(1, sizeof *cb);
    CHECK(many && exp && cb);
    if (!many || !exp || !cb) return;
    size_t n = 10, n150 = 0;
    memcpy(exp, "{\"areas\":[", 10);
    for (int i = 0; i < N; i++) {
        if (i == 150) n150 = n;
        many[i].id = (uint32_t)i * 37;
        n += (size_t)snprintf(exp + n, 32, "%s{\"id\":%u,\"ids\":[]}", i ? "," : "", (unsigned)i * 37);
    }
    memcpy(exp + n, "]}", 2);
    n += 2;
    area_list big = {{many, N}};
    jb_buf b = JB_BUF_INIT;
    CHECK(jb_encode(&area_list_type, &big, &b, NULL, NULL) == JB_OK);
    CHECK_MEM_AT(__LINE__, b.data, b.len, exp, n);
    jb_buf_free(&b);
    /* the stream collector holds 4 KiB: a prefix of the records only */
    big.areas.len = 150;
    memcpy(exp + n150, "]}", 2);
    CHECK(n150 + 2 < sizeof cb->data);
    CHECK(jb_encode_to(&area_list_type, &big, collect_fn, cb, NULL, NULL) == JB_OK);
    CHECK_MEM_AT(__LINE__, cb->data, cb->len, exp, n150 + 2);
    free(cb);
    free(exp);
    free(many);
}

/* Keys whose ,"name": runs are 16, 17, 32 and 33 bytes (names of 12, 13,
 * 28 and 29 letters): the field loop copies them in fixed 16- and 32-byte
 * moves, the last one as the record's last field. */
typedef struct {
    uint8_t a, b, c, d;
} long_keys;
static const jb_type long_keys_type = JB_RECORD(long_keys,
    JB_FIELD(long_keys, a, &jb_u8, JB_NAME("abcdefghijkl")),
    JB_FIELD(long_keys, b, &jb_u8, JB_NAME("abcdefghijklm")),
    JB_FIELD(long_keys, c, &jb_u8, JB_NAME("abcdefghijklmnopqrstuvwxyzab")),
    JB_FIELD(long_keys, d, &jb_u8, JB_NAME("abcdefghijklmnopqrstuvwxyzabc")));

static void test_long_keys(void) {
    long_keys v = {1, 2, 3, 4};
    static const char want[] = "{\"abcdefghijkl\":1,\"abcdefghijklm\":2,"
                               "\"abcdefghijklmnopqrstuvwxyzab\":3,\"abcdefghijklmnopqrstuvwxyzabc\":4}";
    ENC(&long_keys_type, &v, want);
    /* every capacity of a fixed buffer: the prefix, the need, no byte
     * written past the capacity */
    for (size_t cap = 0; cap <= sizeof want; cap++) {
        char *dst = malloc(cap + 48);
        size_t need = 0, keep = cap < sizeof want - 1 ? cap : sizeof want - 1;
        bool guard = true;
        CHECK(dst != NULL);
        if (!dst) return;
        memset(dst, 0x5a, cap + 48);
        jb_status st = jb_encode_fixed(&long_keys_type, &v, dst, cap, &need, NULL, NULL);
        CHECK_AT(__LINE__, st == (cap >= sizeof want - 1 ? JB_OK : JB_E_BUFFER), "cap %zu", cap);
        CHECK_AT(__LINE__, need == sizeof want - 1, "cap %zu: need %zu", cap, need);
        CHECK_AT(__LINE__, memcmp(dst, want, keep) == 0, "cap %zu: the prefix", cap);
        for (size_t i = cap; i < cap + 48; i++) guard &= dst[i] == 0x5a;
        CHECK_AT(__LINE__, guard, "cap %zu: a byte past the buffer was written", cap);
        free(dst);
    }
}

static void test_flat_records(void) {
    flat_rec r[2] = {
        {-128, 65535, -2147483647 - 1, UINT64_MAX, true, 0.5f, -1.25, {"x\"y", 3}, false, 0},
        {7, 0, 0, 0, false, 1.0f, 1e300, {"", 0}, true, -5}};
    flat_outer v = {{r, 2}};
    static const char want[] =
        "{\"rows\":[{\"a\":-128,\"b\":65535,\"c\":-2147483648,\"d\":18446744073709551615,"
        "\"e\":true,\"f\":0.5,\"g\":-1.25,\"h\":\"x\\\"y\"},"
        "{\"a\":7,\"b\":0,\"c\":0,\"d\":0,\"e\":false,\"f\":1,\"g\":1e+300,\"h\":\"\",\"o\":-5}]}";
    ENC(&flat_outer_type, &v, want);
    jb_write_options an = {.flags = JB_WRITE_ABSENT_NULL};
    ENC_O(&flat_type, &r[0], &an,
          "{\"a\":-128,\"b\":65535,\"c\":-2147483648,\"d\":18446744073709551615,"
          "\"e\":true,\"f\":0.5,\"g\":-1.25,\"h\":\"x\\\"y\",\"o\":null}");
    /* pretty output takes the general path: the same members, indented */
    jb_write_options pr = {.flags = JB_WRITE_PRETTY, .indent = 1};
    ENC_O(&flat_type, &r[1], &pr,
          "{\n \"a\": 7,\n \"b\": 0,\n \"c\": 0,\n \"d\": 0,\n \"e\": false,\n \"f\": 1,\n"
          " \"g\": 1e+300,\n \"h\": \"\",\n \"o\": -5\n}");

    /* every size of a fixed buffer: JB_E_BUFFER and the exact need, then OK */
    char out[512];
    for (size_t cap = 0; cap <= sizeof want - 1; cap++) {
        size_t need = 0;
        jb_status st = jb_encode_fixed(&flat_outer_type, &v, out, cap, &need, NULL, NULL);
        CHECK(st == (cap < sizeof want - 1 ? JB_E_BUFFER : JB_OK));
        CHECK(need == sizeof want - 1);
        if (st == JB_OK) CHECK_MEM_AT(__LINE__, out, need, want, sizeof want - 1);
    }
    collect *cb = calloc(1, sizeof *cb);
    CHECK(cb && jb_encode_to(&flat_outer_type, &v, collect_fn, cb, NULL, NULL) == JB_OK);
    if (cb) CHECK_MEM_AT(__LINE__, cb->data, cb->len, want, sizeof want - 1);
    free(cb);

    /* failures inside an inline record carry the field's name */
    r[1].g = NAN;
    jb_error e = expect_fail(__LINE__, &flat_outer_type, &v, NULL, JB_E_NONFINITE);
    CHECK_STR(e.path, "$.rows[1].g");
    jb_write_options nn = {.flags = JB_WRITE_NONFINITE_NULL};
    ENC_O(&flat_type, &r[1], &nn,
          "{\"a\":7,\"b\":0,\"c\":0,\"d\":0,\"e\":false,\"f\":1,\"g\":null,\"h\":\"\",\"o\":-5}");
    r[1].g = 1;
    r[0].h.ptr = "\xff";
    r[0].h.len = 1;
    e = expect_fail(__LINE__, &flat_outer_type, &v, NULL, JB_E_UTF8);
    CHECK_STR(e.path, "$.rows[0].h");
}

/*
 * Arrays of numbers (written by one loop with the cursor in a local) into
 * a fixed buffer of every capacity from 0 to one past the output: the
 * prefix that fits, JB_E_BUFFER and the needed size below it, nothing
 * written past the capacity (guard bytes). Expected text written by hand.
 */
typedef JB_VEC(int64_t) vec_i64;
typedef JB_VEC(double) vec_f64;
static void test_number_arrays_fixed(void) {
    enum { N = 200 };
    int64_t iv[N];
    double dv[N];
    char want[2][N * 24 + 2];
    size_t wl[2] = {0, 0};
    vec_i64 vi = {iv, N};
    vec_f64 vd = {dv, N};
    const jb_type *types[2] = {JB_VEC_OF(&jb_i64), JB_VEC_OF(&jb_f64)};
    const void *vals[2] = {&vi, &vd};
    for (int k = 0; k < 2; k++) want[k][wl[k]++] = '[';
    for (int i = 0; i < N; i++) {
        iv[i] = (int64_t)i * 7919 * 1000003 - 50000;
        dv[i] = i % 3 ? -(i + 0.5) : i * 0.25;
        wl[0] += (size_t)snprintf(want[0] + wl[0], sizeof want[0] - wl[0], "%s%lld", i ? "," : "",
                                  (long long)iv[i]);
        /* (the doubles are exact decimals: spelt by hand, never by %g,
         * whose decimal point follows the locale: make test-locale) */
        static const char *const quarter[4] = {"", ".25", ".5", ".75"};
        if (i % 3)
            wl[1] += (size_t)snprintf(want[1] + wl[1], sizeof want[1] - wl[1], "%s-%d.5", i ? "," : "", i);
        else
            wl[1] += (size_t)snprintf(want[1] + wl[1], sizeof want[1] - wl[1], "%s%d%s", i ? "," : "", i / 4,
                                      quarter[i % 4]);
    }
    for (int k = 0; k < 2; k++) {
        want[k][wl[k]++] = ']';
        jb_buf b = JB_BUF_INIT;
        CHECK(jb_encode(types[k], vals[k], &b, NULL, NULL) == JB_OK);
        CHECK_MEM_AT(__LINE__, b.data, b.len, want[k], wl[k]);
        jb_buf_free(&b);
        for (size_t cap = 0; cap <= wl[k] + 1; cap++) {
            char *dst = malloc(cap + 16);
            size_t need = 0, keep = cap < wl[k] ? cap : wl[k];
            bool guard = true;
            memset(dst, 0x5a, cap + 16);
            jb_status st = jb_encode_fixed(types[k], vals[k], dst, cap, &need, NULL, NULL);
            CHECK_AT(__LINE__, st == (cap >= wl[k] ? JB_OK : JB_E_BUFFER), "cap %zu: %d", cap, (int)st);
            CHECK_AT(__LINE__, need == wl[k], "cap %zu: needed %zu", cap, need);
            CHECK_AT(__LINE__, memcmp(dst, want[k], keep) == 0, "cap %zu: the prefix", cap);
            for (size_t i = cap; i < cap + 16; i++) guard &= dst[i] == 0x5a;
            CHECK_AT(__LINE__, guard, "cap %zu: a byte past the buffer was written", cap);
            free(dst);
        }
    }
}

/*
 * Rows of doubles (an array or vec of double[N]: canada's rings of
 * points) go through one loop (encode_leaf.c, jb__enc_f64_rows), where
 * rows that are vecs take the walk, a frame and a call per row: the two
 * must agree byte for byte and failure for failure. Each case encodes
 * the same numbers both ways and compares the status, the error (code,
 * path, message), the output, a fixed buffer of every size (needed size,
 * prefix, no byte past it) and every failed allocation of a growing
 * buffer, for: a vec of rows in a record field, a fixed array of rows, an
 * empty vec, NaN at [i][j] (an error, and null with
 * JB_WRITE_NONFINITE_NULL), and max_depth 1 to 4.
 */
typedef double row3[3];
typedef JB_VEC(row3) vec_row3;
typedef struct {
    vec_row3 rows;
} rows_rec;
typedef struct {
    JB_VEC(vec_f64) rows;
} rows_ref;
typedef struct {
    row3 rows[4];
} rows_fixed;
typedef struct {
    vec_f64 rows[4];
} rows_fixed_ref;
static const jb_type rows_rec_type =
    JB_RECORD(rows_rec, JB_FIELD(rows_rec, rows, JB_VEC_OF_T(row3, JB_ARRAY_OF(double, 3, &jb_f64))));
static const jb_type rows_ref_type =
    JB_RECORD(rows_ref, JB_FIELD(rows_ref, rows, JB_VEC_OF_T(vec_f64, JB_VEC_OF(&jb_f64))));
static const jb_type rows_fixed_type =
    JB_RECORD(rows_fixed, JB_FIELD(rows_fixed, rows, JB_ARRAY_OF(row3, 4, JB_ARRAY_OF(double, 3, &jb_f64))));
static const jb_type rows_fixed_ref_type =
    JB_RECORD(rows_fixed_ref, JB_FIELD(rows_fixed_ref, rows, JB_ARRAY_OF(vec_f64, 4, JB_VEC_OF(&jb_f64))));

/* An allocator that fails from its countdown's end on. */
typedef struct {
    long left;
} countdown;
static void *countdown_fn(void *ctx, void *p, size_t old, size_t n) {
    countdown *c = ctx;
    (void)old;
    if (n == 0) {
        free(p);
        return NULL;
    }
    if (c->left-- <= 0) return NULL;
    return realloc(p, n);
}

static void same_rows(int line, const jb_type *ta, const void *va, const jb_type *tb, const void *vb,
                      const jb_write_options *o) {
    jb_buf a = JB_BUF_INIT, b = JB_BUF_INIT;
    jb_error ea, eb;
    memset(&ea, 0, sizeof ea);
    memset(&eb, 0, sizeof eb);
    jb_status sa = jb_encode(ta, va, &a, o, &ea), sb = jb_encode(tb, vb, &b, o, &eb);
    CHECK_AT(line, sa == sb, "status %s vs %s", jb_status_name(sa), jb_status_name(sb));
    if (sa == JB_OK && sb == JB_OK) {
        CHECK_MEM_AT(line, a.data, a.len, b.data, b.len);
    } else {
        CHECK_AT(line, ea.code == eb.code, "code %s vs %s", jb_status_name(ea.code), jb_status_name(eb.code));
        CHECK_AT(line, strcmp(ea.path, eb.path) == 0, "path %s vs %s", ea.path, eb.path);
        CHECK_AT(line, strcmp(ea.message, eb.message) == 0, "message %s vs %s", ea.message, eb.message);
    }
    if (sa == JB_OK && sb == JB_OK) {
        for (size_t cap = 0; cap <= b.len + 1; cap++) {
            char *da = malloc(cap + 16), *db = malloc(cap + 16);
            size_t na = 0, nb = 0;
            memset(da, 0x5a, cap + 16);
            memset(db, 0x5a, cap + 16);
            jb_status fa = jb_encode_fixed(ta, va, da, cap, &na, o, NULL);
            jb_status fb = jb_encode_fixed(tb, vb, db, cap, &nb, o, NULL);
            CHECK_AT(line, fa == fb && na == nb, "cap %zu: %d/%zu vs %d/%zu", cap, (int)fa, na, (int)fb, nb);
            CHECK_AT(line, memcmp(da, db, cap + 16) == 0, "cap %zu: the bytes", cap);
            free(da);
            free(db);
        }
    }
    for (long n = 0; n < 8; n++) {
        countdown ca = {n}, cb = {n};
        jb_allocator aa = {countdown_fn, &ca}, ab = {countdown_fn, &cb};
        jb_buf xa = JB_BUF_INIT, xb = JB_BUF_INIT;
        xa.alloc = &aa;
        xb.alloc = &ab;
        memset(&ea, 0, sizeof ea);
        memset(&eb, 0, sizeof eb);
        sa = jb_encode(ta, va, &xa, o, &ea);
        sb = jb_encode(tb, vb, &xb, o, &eb);
        CHECK_AT(line, sa == sb, "alloc %ld: status %s vs %s", n, jb_status_name(sa), jb_status_name(sb));
        CHECK_AT(line, strcmp(ea.path, eb.path) == 0, "alloc %ld: path %s vs %s", n, ea.path, eb.path);
        CHECK_AT(line, xa.len == xb.len, "alloc %ld: length", n);
        jb_buf_free(&xa);
        jb_buf_free(&xb);
    }
    jb_buf_free(&a);
    jb_buf_free(&b);
}

static void test_f64_rows(void) {
    enum { R = 40 };
    row3 pts[R];
    vec_f64 refs[R];
    for (int i = 0; i < R; i++) {
        for (int j = 0; j < 3; j++) pts[i][j] = (i % 5 ? -1.0 : 1.0) * (i * 17.125 + j) / (j + 3.0);
        refs[i] = (vec_f64){pts[i], 3};
    }
    rows_rec rv = {{pts, R}};
    rows_ref rr = {{refs, R}};
    rows_fixed fv;
    rows_fixed_ref fr;
    memcpy(fv.rows, pts, sizeof fv.rows);
    for (int i = 0; i < 4; i++) fr.rows[i] = (vec_f64){fv.rows[i], 3};
    jb_write_options nn = {.flags = JB_WRITE_NONFINITE_NULL};
    jb_write_options depth[4] = {{.max_depth = 1}, {.max_depth = 2}, {.max_depth = 3}, {.max_depth = 4}};
    same_rows(__LINE__, &rows_rec_type, &rv, &rows_ref_type, &rr, NULL);
    same_rows(__LINE__, &rows_fixed_type, &fv, &rows_fixed_ref_type, &fr, NULL);
    for (int d = 0; d < 4; d++) {
        same_rows(__LINE__, &rows_rec_type, &rv, &rows_ref_type, &rr, &depth[d]);
        same_rows(__LINE__, &rows_fixed_type, &fv, &rows_fixed_ref_type, &fr, &depth[d]);
    }
    /* a NaN, then an infinity, at [7][2] and [0][0] */
    pts[7][2] = NAN;
    same_rows(__LINE__, &rows_rec_type, &rv, &rows_ref_type, &rr, NULL);
    same_rows(__LINE__, &rows_rec_type, &rv, &rows_ref_type, &rr, &nn);
    jb_error e = expect_fail(__LINE__, &rows_rec_type, &rv, NULL, JB_E_NONFINITE);
    CHECK_STR(e.path, "$.rows[7][2]");
    fv.rows[0][0] = -INFINITY;
    fr.rows[0] = (vec_f64){fv.rows[0], 3};
    same_rows(__LINE__, &rows_fixed_type, &fv, &rows_fixed_ref_type, &fr, NULL);
    same_rows(__LINE__, &rows_fixed_type, &fv, &rows_fixed_ref_type, &fr, &nn);
    e = expect_fail(__LINE__, &rows_fixed_type, &fv, NULL, JB_E_NONFINITE);
    CHECK_STR(e.path, "$.rows[0][0]");
    /* no rows */
    rv.rows.len = 0;
    rr.rows.len = 0;
    same_rows(__LINE__, &rows_rec_type, &rv, &rows_ref_type, &rr, NULL);
    for (int d = 0; d < 4; d++) same_rows(__LINE__, &rows_rec_type, &rv, &rows_ref_type, &rr, &depth[d]);
    ENC(&rows_rec_type, &rv, "{\"rows\":[]}");
    /* the text itself, for two rows */
    pts[0][0] = 0.5;
    pts[0][1] = -2;
    pts[0][2] = 1e21;
    pts[1][0] = 1.25e-7;
    pts[1][1] = 3;
    pts[1][2] = -0.0;
    rv.rows.len = 2;
    ENC(&rows_rec_type, &rv, "{\"rows\":[[0.5,-2,1e+21],[1.25e-7,3,-0]]}");
}

int main(void) {
    test_ints();
    test_floats();
    test_strings();
    test_enums();
    test_records();
    test_sums();
    test_containers();
    test_raw_number_custom();
    test_pretty();
    test_depth();
    test_deep();
    test_sinks();
    test_nomem();
    test_boxes();
    test_flat_records();
    test_flat_record_vecs();
    test_long_keys();
    test_number_arrays_fixed();
    test_f64_rows();
    return check_report();
}
