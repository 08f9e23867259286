/* SPDX-License-Identifier: MIT */
/*
 * test_decode.c — the decoder engine: exact C values for every kind, the
 * read options, every class of error with its code, offset, line, column,
 * path and message, the failure guarantees (output zeroed, arena rolled
 * back), depth limits on hostile input, and every truncation of valid
 * documents.
 *
 * Inputs are copied into exactly-sized malloc blocks before decoding so
 * that AddressSanitizer catches any read past the end. Expected values and
 * positions are written by hand from the contract (include/jbind.h and
 * issue 2), never captured from the code under test.
 */
#include <float.h>
#include <pthread.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "small_stack.h"
#include "unode.h"
#include "jbind.h"

#define NOCHECK ((size_t)-1)

static jb_arena *A; /* the arena every decode here uses */

/* An exactly-sized heap copy of s[0..n) (NULL for n == 0). */
static char *dup_exact(const char *s, size_t n) {
    if (n == 0) return NULL;
    char *p = malloc(n);
    memcpy(p, s, n);
    return p;
}

static bool all_zero(const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return false;
    return true;
}

/* Decode json[0..len) (copied exactly) into out; the copy is kept alive in
 * *keep (free it when done) so borrowed strings stay valid. */
static jb_status dec_keep(const jb_type *t, const char *json, size_t len, void *out,
                          const jb_read_options *o, jb_error *e, char **keep) {
    char *copy = dup_exact(json, len);
    jb_status st = jb_decode(t, copy, len, out, A, o, e);
    if (keep) *keep = copy;
    else free(copy);
    return st;
}

static jb_status dec(const jb_type *t, const char *json, void *out, const jb_read_options *o,
                     jb_error *e) {
    return dec_keep(t, json, strlen(json), out, o, e, NULL);
}

/*
 * Decode expecting failure: code, position, path, a message substring.
 * NOCHECK / NULL skip a check. Also checks the failure guarantees: the
 * output is all zero bytes and the arena's used count is unchanged.
 */
static void expect_err_n(int line, const jb_type *t, const char *json, size_t len, uint32_t flags,
                         jb_status code, size_t off, size_t ln, size_t col, const char *path,
                         const char *msg) {
    unsigned char *out = malloc(t->size + 1);
    memset(out, 0xA5, t->size + 1);
    size_t used = jb_arena_used(A);
    jb_read_options o = {.flags = flags};
    jb_error e;
    memset(&e, 0x5a, sizeof e);
    char *copy = dup_exact(json, len);
    jb_status st = jb_decode(t, copy, len, out, A, &o, &e);
    free(copy);
    CHECK_AT(line, st == code, "status %s, want %s (message: %s)", jb_status_name(st),
             jb_status_name(code), st ? e.message : "");
    if (st == JB_OK) { /* nothing more to check; e was not filled */
        free(out);
        return;
    }
    CHECK_AT(line, e.code == st, "err.code %s", jb_status_name(e.code));
    if (off != NOCHECK) CHECK_AT(line, e.offset == off, "offset %zu, want %zu (%s)", e.offset, off, e.message);
    if (ln != NOCHECK) CHECK_AT(line, e.line == ln, "line %zu, want %zu", e.line, ln);
    if (col != NOCHECK) CHECK_AT(line, e.column == col, "column %zu, want %zu", e.column, col);
    CHECK_AT(line, memchr(e.path, 0, sizeof e.path) != NULL, "path not terminated");
    CHECK_AT(line, memchr(e.message, 0, sizeof e.message) != NULL, "message not terminated");
    if (st != JB_OK && memchr(e.path, 0, sizeof e.path)) {
        if (path) CHECK_AT(line, strcmp(e.path, path) == 0, "path [%s], want [%s]", e.path, path);
        if (msg && memchr(e.message, 0, sizeof e.message))
            CHECK_AT(line, strstr(e.message, msg) != NULL, "message [%s] lacks [%s]", e.message, msg);
        CHECK_AT(line, e.message[0] != 0, "empty message");
    }
    CHECK_AT(line, all_zero(out, t->size), "output not zeroed after a failed decode");
    CHECK_AT(line, out[t->size] == 0xA5, "wrote past the output");
    CHECK_AT(line, jb_arena_used(A) == used, "arena used %zu -> %zu after a failed decode", used,
             jb_arena_used(A));
    free(out);
}
#define EXPECT_ERR(t, json, flags, code, off, ln, col, path, msg) \
    expect_err_n(__LINE__, (t), (json), strlen(json), (flags), (code), (off), (ln), (col), (path), (msg))

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

typedef enum { ROLE_ADMIN = 1, ROLE_USER = 2, ROLE_GUEST = 7 } role;
static const jb_type role_type = JB_ENUM(role,
    JB_ENUM_CASE(ROLE_ADMIN, "admin"),
    JB_ENUM_CASE(ROLE_USER, "user"),
    JB_ENUM_CASE(ROLE_GUEST, "guest"));

typedef enum { SM_NEG = -3, SM_BIG = 100 } small_e;
static const jb_type small_type = JB_ENUM(int8_t,
    JB_ENUM_CASE(SM_NEG, "neg"),
    JB_ENUM_CASE(SM_BIG, "big"));
#define WIDE_HI INT64_MAX /* a 64-bit "enum": C enumerators are int-sized */
#define WIDE_LO INT64_MIN
static const jb_type wide_type = JB_ENUM(int64_t,
    JB_ENUM_CASE(WIDE_HI, "hi"),
    JB_ENUM_CASE(WIDE_LO, "lo"));

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
    float f32; double f64;
} scalars;
static const jb_type scalars_type = JB_RECORD(scalars,
    JB_FIELD(scalars, b, &jb_bool),
    JB_FIELD(scalars, i8, &jb_i8), JB_FIELD(scalars, i16, &jb_i16),
    JB_FIELD(scalars, i32, &jb_i32), JB_FIELD(scalars, i64, &jb_i64),
    JB_FIELD(scalars, u8, &jb_u8), JB_FIELD(scalars, u16, &jb_u16),
    JB_FIELD(scalars, u32, &jb_u32), JB_FIELD(scalars, u64, &jb_u64),
    JB_FIELD(scalars, f32, &jb_f32), JB_FIELD(scalars, f64, &jb_f64));

/* a required, b optional (flag), p optional (pointer), s optional jb_str */
typedef struct {
    int32_t a;
    bool has_b; int32_t b;
    int32_t *p;
    bool has_s; jb_str s;
} ab;
static const jb_type ab_type = JB_RECORD(ab,
    JB_FIELD(ab, a, &jb_i32),
    JB_OPTIONAL(ab, b, has_b, &jb_i32),
    JB_FIELD(ab, p, JB_PTR_OF(&jb_i32)),
    JB_OPTIONAL(ab, s, has_s, &jb_string));
static const jb_type ab_strict = JB_RECORD((ab, .fmt_flags = JB_FMT_DENY_UNKNOWN),
    JB_FIELD(ab, a, &jb_i32),
    JB_OPTIONAL(ab, b, has_b, &jb_i32));

typedef struct { char *name; role role; } member;
static const jb_type member_type = JB_RECORD(member,
    JB_FIELD(member, name, &jb_cstr),
    JB_FIELD(member, role, &role_type));

typedef struct { int32_t b; } inner;
static const jb_type inner_type = JB_RECORD(inner, JB_FIELD(inner, b, &jb_i32));
typedef struct { JB_VEC(inner) a; } outer;
static const jb_type outer_type = JB_RECORD(outer, JB_FIELD(outer, a, JB_VEC_OF_T(inner, &inner_type)));

typedef struct { int32_t v; } dotted;
static const jb_type dotted_type = JB_RECORD(dotted, JB_FIELD(dotted, v, &jb_i32, JB_NAME("a.b")));

typedef struct { int16_t v[3]; } arr3;
static const jb_type arr3_type = JB_RECORD(arr3, JB_FIELD(arr3, v, JB_ARRAY_OF(int16_t, 3, &jb_i16)));

typedef struct { int unused; } empty_rec;
static const jb_type empty_type = JB_RECORD(empty_rec);

/* sums */
typedef struct { double r; } circle;
static const jb_type circle_type = JB_RECORD(circle, JB_FIELD(circle, r, &jb_f64));
typedef struct { double w, h; } rect;
static const jb_type rect_type = JB_RECORD(rect, JB_FIELD(rect, w, &jb_f64), JB_FIELD(rect, h, &jb_f64));
typedef enum { SHAPE_CIRCLE = 10, SHAPE_RECT = 20, SHAPE_EMPTY = 30, SHAPE_NUM = 40 } shape_kind;
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
static const jb_type shape_adj = JB_SUM((shape, .sum_style = JB_SUM_ADJACENT, .tag_name = "t", .content_name = "c"), kind, SHAPE_CASES,
    JB_CASE(shape, SHAPE_NUM, "Num", as.num, &jb_i32));
static const jb_type shape_arr = JB_SUM((shape, .sum_style = JB_SUM_ARRAY), kind, SHAPE_CASES,
    JB_CASE(shape, SHAPE_NUM, "Num", as.num, &jb_i32));
static const jb_type shape_unt = JB_SUM((shape, .sum_style = JB_SUM_UNTAGGED), kind, SHAPE_CASES,
    JB_CASE(shape, SHAPE_NUM, "Num", as.num, &jb_i32));

/* containers */
typedef JB_VEC(int32_t) vec_i32;
static const jb_type *const vec_i32_type = JB_VEC_OF(&jb_i32);
typedef JB_VEC(double) vec_f64;
static const jb_type *const vec_f64_type = JB_VEC_OF(&jb_f64);
typedef JB_VEC(int32_t *) vec_pi32;
static const jb_type *const vec_pi32_type = JB_VEC_OF(JB_PTR_OF(&jb_i32));
typedef JB_VEC(JB_VEC(uint8_t)) vec_vec_u8;
static const jb_type *const vec_vec_u8_type = JB_VEC_OF(JB_VEC_OF(&jb_u8));

typedef JB_MAP(char *, int32_t) map_cs;
static const jb_type *const map_cs_type = JB_MAP_OF(&jb_cstr, &jb_i32);
typedef JB_MAP(jb_str, bool) map_str;
static const jb_type *const map_str_type = JB_MAP_OF_T(jb_str, bool, &jb_string, &jb_bool);
typedef JB_MAP(role, double) map_enum;
static const jb_type *const map_enum_type = JB_MAP_OF_T(role, double, &role_type, &jb_f64);
typedef JB_MAP(int32_t, char *) map_i32;
static const jb_type *const map_i32_type = JB_MAP_OF(&jb_i32, &jb_cstr);
typedef JB_MAP(uint8_t, int8_t) map_u8;
static const jb_type *const map_u8_type = JB_MAP_OF_T(uint8_t, int8_t, &jb_u8, &jb_i8);
typedef struct { int32_t x; } kkey;
static const jb_type kkey_type = JB_RECORD(kkey, JB_FIELD(kkey, x, &jb_i32));
typedef JB_MAP(kkey, char *) map_rec;
static const jb_type *const map_rec_type = JB_MAP_OF_T(kkey, char *, &kkey_type, &jb_cstr);

/* recursive: a tree whose JSON is nested arrays (a tuple holding a vec of
 * trees), a record tree, a linked list */
typedef struct tnode { JB_VEC(struct tnode) kids; } tnode;
static const jb_type tnode_type;
static const jb_type tnode_type = JB_TUPLE(tnode, JB_ELEM(tnode, kids, JB_VEC_OF(&tnode_type)));

typedef struct rtree { int32_t v; JB_VEC(struct rtree) kids; } rtree;
static const jb_type rtree_type;
static const jb_type rtree_type = JB_RECORD(rtree,
    JB_FIELD(rtree, v, &jb_i32),
    JB_FIELD(rtree, kids, JB_VEC_OF(&rtree_type)));

typedef struct lnode { int32_t v; struct lnode *next; } lnode;
static const jb_type lnode_type;
static const jb_type lnode_type = JB_RECORD(lnode,
    JB_FIELD(lnode, v, &jb_i32),
    JB_FIELD(lnode, next, JB_PTR_OF(&lnode_type)));

/* raw, number */
typedef struct { jb_str raw; jb_str num; int32_t after; } rawrec;
static const jb_type rawrec_type = JB_RECORD(rawrec,
    JB_FIELD(rawrec, raw, &jb_raw),
    JB_FIELD(rawrec, num, &jb_number),
    JB_FIELD(rawrec, after, &jb_i32));

/* custom: {"s": secs, "zone": "..."} read with jb_read_* */
typedef struct { int64_t secs; jb_str zone; } stamp;
static jb_status stamp_dec(jb_reader *r, void *value, void *ctx) {
    stamp *s = value;
    (void)ctx;
    jb_status st;
    jb_token tk = jb_read_peek(r);
    /* a wrong but valid value is ours to report; bad or missing input is
     * left to jb_read_object_begin, which reports it as such */
    if (tk != JB_TOKEN_OBJECT && tk != JB_TOKEN_ERROR) return jb_read_fail(r, JB_E_TYPE, "expected a stamp object");
    if ((st = jb_read_object_begin(r))) return st;
    for (;;) {
        bool more;
        jb_str key;
        if ((st = jb_read_object_next(r, &more, &key))) return st;
        if (!more) break;
        if (key.len == 1 && key.ptr[0] == 's') {
            if ((st = jb_read_i64(r, &s->secs))) return st;
            if (s->secs < 0) return jb_read_fail(r, 0, "negative time");
        } else if (key.len == 4 && memcmp(key.ptr, "zone", 4) == 0) {
            if ((st = jb_read_string(r, &s->zone))) return st;
        } else if ((st = jb_read_skip(r))) {
            return st;
        }
    }
    return JB_OK;
}
static jb_status stamp_enc(jb_writer *w, const void *value, void *ctx) {
    (void)value;
    (void)ctx;
    return jb_write_null(w);
}
static const jb_type stamp_type = JB_CUSTOM(stamp, stamp_enc, stamp_dec, NULL);
typedef struct { int32_t id; stamp at; JB_VEC(int64_t) list; } event;
/* the list is read by a custom decoder through jb_read_array_* */
typedef JB_VEC(int64_t) vec_i64;
static jb_status list_dec(jb_reader *r, void *value, void *ctx) {
    vec_i64 *v = value;
    (void)ctx;
    jb_status st;
    if ((st = jb_read_array_begin(r))) return st;
    int64_t tmp[16];
    size_t n = 0;
    for (;;) {
        bool more;
        if ((st = jb_read_array_next(r, &more))) return st;
        if (!more) break;
        if (n == 16) return jb_read_fail(r, JB_E_LIMIT, "too many");
        if ((st = jb_read_value(r, &jb_i64, &tmp[n]))) return st;
        n++;
    }
    v->items = jb_arena_alloc(jb_read_arena(r), n * sizeof *tmp + 1, 8);
    if (!v->items) return JB_E_NOMEM;
    memcpy(v->items, tmp, n * sizeof *tmp);
    v->len = n;
    return JB_OK;
}
static const jb_type list_type = JB_CUSTOM(vec_i64, stamp_enc, list_dec, NULL);
static const jb_type event_type = JB_RECORD(event,
    JB_FIELD(event, id, &jb_i32),
    JB_FIELD(event, at, &stamp_type),
    JB_FIELD(event, list, &list_type));

/* ------------------------------------------------------------------ */
/* Scalars                                                             */
/* ------------------------------------------------------------------ */

static const struct {
    int line;
    const jb_type *t;
    const char *json;
    uint32_t flags;
    jb_status code;
    int64_t i; /* expected value (signed kinds) */
    uint64_t u; /* expected value (unsigned kinds) */
} int_cases[] = {
    {__LINE__, &jb_i8, "-128", 0, JB_OK, -128, 0},
    {__LINE__, &jb_i8, "127", 0, JB_OK, 127, 0},
    {__LINE__, &jb_i8, "128", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i8, "-129", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i16, "-32768", 0, JB_OK, -32768, 0},
    {__LINE__, &jb_i16, "32767", 0, JB_OK, 32767, 0},
    {__LINE__, &jb_i16, "32768", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i32, "-2147483648", 0, JB_OK, INT32_MIN, 0},
    {__LINE__, &jb_i32, "2147483647", 0, JB_OK, INT32_MAX, 0},
    {__LINE__, &jb_i32, "2147483648", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i32, "-0", 0, JB_OK, 0, 0},
    {__LINE__, &jb_i32, "1.5", 0, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "1.0", 0, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "1e2", 0, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "1.0", JB_READ_INTEGRAL_FLOATS, JB_OK, 1, 0},
    {__LINE__, &jb_i32, "1e2", JB_READ_INTEGRAL_FLOATS, JB_OK, 100, 0},
    {__LINE__, &jb_i32, "1.5e1", JB_READ_INTEGRAL_FLOATS, JB_OK, 15, 0},
    {__LINE__, &jb_i32, "-2.50E+1", JB_READ_INTEGRAL_FLOATS, JB_OK, -25, 0},
    {__LINE__, &jb_i32, "-2.55E+1", JB_READ_INTEGRAL_FLOATS, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "-2.50E+2", JB_READ_INTEGRAL_FLOATS, JB_OK, -250, 0},
    {__LINE__, &jb_i32, "1.5", JB_READ_INTEGRAL_FLOATS, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "3e9", JB_READ_INTEGRAL_FLOATS, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i64, "-9223372036854775808", 0, JB_OK, INT64_MIN, 0},
    {__LINE__, &jb_i64, "9223372036854775807", 0, JB_OK, INT64_MAX, 0},
    {__LINE__, &jb_i64, "9223372036854775808", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i64, "-9223372036854775809", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i64, "99999999999999999999999999", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i64, "9007199254740993", 0, JB_OK, 9007199254740993LL, 0},
    {__LINE__, &jb_i64, "-9007199254740993", 0, JB_OK, -9007199254740993LL, 0},
    {__LINE__, &jb_u8, "255", 0, JB_OK, 0, 255},
    {__LINE__, &jb_u8, "256", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u8, "300", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u8, "-1", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u16, "65535", 0, JB_OK, 0, 65535},
    {__LINE__, &jb_u16, "65536", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u32, "4294967295", 0, JB_OK, 0, UINT32_MAX},
    {__LINE__, &jb_u32, "4294967296", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u64, "18446744073709551615", 0, JB_OK, 0, UINT64_MAX},
    {__LINE__, &jb_u64, "18446744073709551616", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u64, "-1", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u64, "0", 0, JB_OK, 0, 0},
    {__LINE__, &jb_u64, "1e19", JB_READ_INTEGRAL_FLOATS, JB_OK, 0, 10000000000000000000u},
    {__LINE__, &jb_u64, "1e20", JB_READ_INTEGRAL_FLOATS, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u64, "1.8446744073709551615e19", JB_READ_INTEGRAL_FLOATS, JB_OK, 0, UINT64_MAX},
    {__LINE__, &jb_u64, "1.5", JB_READ_INTEGRAL_FLOATS, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "\"1\"", 0, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "true", 0, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "null", 0, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "[1]", 0, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i32, "01", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_i32, "-01", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_i32, "00", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_i32, "-", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_i32, "1x", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_i32, "1.", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_i32, "  42  ", 0, JB_OK, 42, 0},
    {__LINE__, &jb_i32, "\t\r\n42\n", 0, JB_OK, 42, 0},
    /* the word boundaries of the in-line scan (decode.h jb__dec_int) */
    {__LINE__, &jb_u32, "7", 0, JB_OK, 0, 7},
    {__LINE__, &jb_u32, "12345678", 0, JB_OK, 0, 12345678},
    {__LINE__, &jb_u32, "123456789", 0, JB_OK, 0, 123456789},
    {__LINE__, &jb_u32, "987654329", 0, JB_OK, 0, 987654329},
    {__LINE__, &jb_u32, "-0", 0, JB_OK, 0, 0},
    {__LINE__, &jb_u32, "-5", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u32, "012345678", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_u32, "0123", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_u32, "12345678x", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_u32, "123456789.5", 0, JB_E_TYPE, 0, 0},
    {__LINE__, &jb_i64, "-12345678", 0, JB_OK, -12345678, 0},
    {__LINE__, &jb_i64, "-1234567890123", 0, JB_OK, -1234567890123LL, 0},
    {__LINE__, &jb_i64, "999999999999999", 0, JB_OK, 999999999999999LL, 0},
    {__LINE__, &jb_i64, "-999999999999999", 0, JB_OK, -999999999999999LL, 0},
    {__LINE__, &jb_i64, "1000000000000000", 0, JB_OK, 1000000000000000LL, 0},
    {__LINE__, &jb_i64, "1234567890123456789", 0, JB_OK, 1234567890123456789LL, 0},
    {__LINE__, &jb_u64, "1372701600000", 0, JB_OK, 0, 1372701600000u},
    {__LINE__, &jb_i8, "-0", 0, JB_OK, 0, 0},
    {__LINE__, &jb_i16, "-32769", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_u16, "123456789", 0, JB_E_RANGE, 0, 0},
    {__LINE__, &jb_i32, "-", 0, JB_E_SYNTAX, 0, 0},
    {__LINE__, &jb_i32, "--1", 0, JB_E_SYNTAX, 0, 0},
};

/* Each case twice: as written, and followed by spaces, so that 17 bytes
 * follow the token and jb__dec_int reads it in line (short input goes to
 * jb__dec_int_general): the same code, offset and value either way. */
static void test_ints(void) {
    jb_error e0 = {0}; /* the unpadded run's failure */
    for (size_t k = 0; k < 2 * (sizeof int_cases / sizeof int_cases[0]); k++) {
        size_t c = k / 2;
        const jb_type *t = int_cases[c].t;
        int line = int_cases[c].line;
        unsigned char out[8];
        char json[80];
        jb_read_options o = {.flags = int_cases[c].flags};
        jb_error e;
        size_t used = jb_arena_used(A);
        snprintf(json, sizeof json, "%s%s", int_cases[c].json, k % 2 ? "                    " : "");
        memset(out, 0xEE, sizeof out);
        jb_status st = dec(t, json, out, &o, &e);
        CHECK_AT(line, st == int_cases[c].code, "[%s]: %s, want %s (%s)", json, jb_status_name(st),
                 jb_status_name(int_cases[c].code), st ? e.message : "");
        if (st != JB_OK && k % 2 == 0) e0 = e;
        if (st != JB_OK) {
            if (k % 2)
                CHECK_AT(line, e.offset == e0.offset, "[%s] failed at %zu, unpadded at %zu", json,
                         e.offset, e0.offset);
            CHECK_AT(line, all_zero(out, t->size), "output not zeroed");
            CHECK_AT(line, jb_arena_used(A) == used, "arena grew");
            continue;
        }
        int64_t gi = 0;
        uint64_t gu = 0;
        if (t == &jb_i8) gi = *(int8_t *)out;
        else if (t == &jb_i16) gi = *(int16_t *)out;
        else if (t == &jb_i32) gi = *(int32_t *)out;
        else if (t == &jb_i64) memcpy(&gi, out, 8);
        else if (t == &jb_u8) gu = *(uint8_t *)out;
        else if (t == &jb_u16) { uint16_t x; memcpy(&x, out, 2); gu = x; }
        else if (t == &jb_u32) { uint32_t x; memcpy(&x, out, 4); gu = x; }
        else memcpy(&gu, out, 8);
        CHECK_AT(line, gi == int_cases[c].i && gu == int_cases[c].u, "[%s] gave %lld / %llu",
                 int_cases[c].json, (long long)gi, (unsigned long long)gu);
        /* only the target's bytes were written */
        for (size_t b = t->size; b < sizeof out; b++)
            CHECK_AT(line, out[b] == 0xEE, "wrote past a %zu-byte target", t->size);
    }

    /* all widths in one record, at their limits */
    scalars s;
    const char *j = "{\"b\":true,\"i8\":-128,\"i16\":-32768,\"i32\":-2147483648,"
                    "\"i64\":-9223372036854775808,\"u8\":255,\"u16\":65535,\"u32\":4294967295,"
                    "\"u64\":18446744073709551615,\"f32\":3.4028235e38,\"f64\":-1.7976931348623157e308}";
    CHECK(dec(&scalars_type, j, &s, NULL, NULL) == JB_OK);
    CHECK(s.b == true && s.i8 == INT8_MIN && s.i16 == INT16_MIN && s.i32 == INT32_MIN &&
          s.i64 == INT64_MIN && s.u8 == UINT8_MAX && s.u16 == UINT16_MAX && s.u32 == UINT32_MAX &&
          s.u64 == UINT64_MAX && s.f32 == FLT_MAX && s.f64 == -DBL_MAX);
    /* field order does not matter */
    j = "{\"f64\":0.5,\"u64\":1,\"f32\":-0.25,\"u32\":2,\"i64\":-3,\"u16\":4,\"i32\":5,"
        "\"u8\":6,\"i16\":-7,\"i8\":8,\"b\":false}";
    CHECK(dec(&scalars_type, j, &s, NULL, NULL) == JB_OK);
    CHECK(s.b == false && s.i8 == 8 && s.i16 == -7 && s.i32 == 5 && s.i64 == -3 && s.u8 == 6 &&
          s.u16 == 4 && s.u32 == 2 && s.u64 == 1 && s.f32 == -0.25f && s.f64 == 0.5);

    bool b = false;
    CHECK(dec(&jb_bool, "true", &b, NULL, NULL) == JB_OK && b == true);
    CHECK(dec(&jb_bool, " false ", &b, NULL, NULL) == JB_OK && b == false);
    EXPECT_ERR(&jb_bool, "1", 0, JB_E_TYPE, 0, 1, 1, "$", "expected true or false, found number");
    EXPECT_ERR(&jb_bool, "null", 0, JB_E_TYPE, 0, 1, 1, "$", "found null");
    EXPECT_ERR(&jb_bool, "tru", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_bool, "trUe", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_bool, "truex", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, "$", NULL);
    EXPECT_ERR(&jb_bool, "True", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
}

static const struct { int line; const char *json; double want; } f64_cases[] = {
    {__LINE__, "0", 0.0},
    {__LINE__, "1.5", 1.5},
    {__LINE__, "-2", -2.0},
    {__LINE__, "0.1", 0.1},
    {__LINE__, "1e+21", 1e21},
    {__LINE__, "1E21", 1e21},
    {__LINE__, "5e-324", 5e-324},
    {__LINE__, "2.4703282292062328e-324", 5e-324}, /* just above half the least subnormal */
    {__LINE__, "2.4703282292062327e-324", 0.0},    /* just below: rounds to zero */
    {__LINE__, "1e-400", 0.0},
    {__LINE__, "2.2250738585072011e-308", 2.2250738585072011e-308},
    {__LINE__, "2.2250738585072012e-308", 2.2250738585072014e-308},
    {__LINE__, "1.7976931348623157e308", DBL_MAX},
    {__LINE__, "1.7976931348623158e308", DBL_MAX},
    {__LINE__, "9007199254740993", 9007199254740992.0},
    {__LINE__, "9007199254740995", 9007199254740996.0},
    {__LINE__, "0.30000000000000004", 0.30000000000000004},
    {__LINE__, "123456789012345678901234567890", 1.2345678901234568e29},
    {__LINE__, "0.000001", 1e-6},
    {__LINE__, "100000000000000000000000", 1e23},
    {__LINE__, "8.98846567431158e307", 8.98846567431158e307},
    {__LINE__, "4.9406564584124654e-324", 5e-324},
    {__LINE__, "1.00000000000000011102230246251565404236316680908203125", 1.0},
    {__LINE__, "1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002},
    {__LINE__, "0.0000000000000000000000000000000000000000000000000000000000000000000000000001e76", 1.0},
};

static void test_floats(void) {
    for (size_t k = 0; k < sizeof f64_cases / sizeof f64_cases[0]; k++) {
        double d = -1;
        jb_error e;
        jb_status st = dec(&jb_f64, f64_cases[k].json, &d, NULL, &e);
        CHECK_AT(f64_cases[k].line, st == JB_OK, "%s: %s", f64_cases[k].json, e.message);
        CHECK_AT(f64_cases[k].line, memcmp(&d, &f64_cases[k].want, 8) == 0, "%s gave %.17g want %.17g",
                 f64_cases[k].json, d, f64_cases[k].want);
    }
    double d = 1;
    CHECK(dec(&jb_f64, "-0", &d, NULL, NULL) == JB_OK && d == 0 && signbit(d));
    CHECK(dec(&jb_f64, "-0.0e5", &d, NULL, NULL) == JB_OK && d == 0 && signbit(d));
    CHECK(dec(&jb_f64, "-1e-400", &d, NULL, NULL) == JB_OK && d == 0 && signbit(d));
    EXPECT_ERR(&jb_f64, "1e400", 0, JB_E_RANGE, 0, 1, 1, "$", "1e400");
    EXPECT_ERR(&jb_f64, "-1e400", 0, JB_E_RANGE, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f64, "1.7976931348623159e308", 0, JB_E_RANGE, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f32, "3.5e38", 0, JB_E_RANGE, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f32, "1e39", 0, JB_E_RANGE, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f64, "\"1\"", 0, JB_E_TYPE, 0, 1, 1, "$", "expected a number, found string \"1\"");
    EXPECT_ERR(&jb_f64, "NaN", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f64, "Infinity", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f64, "-Infinity", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f64, ".5", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f64, "+1", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_f64, "1e", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, "$", NULL);
    EXPECT_ERR(&jb_f64, "1e+", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, "$", NULL);
    EXPECT_ERR(&jb_f64, "0x10", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, "$", NULL);
    float f = 0;
    CHECK(dec(&jb_f32, "0.1", &f, NULL, NULL) == JB_OK && f == 0.1f);
    CHECK(dec(&jb_f32, "16777217", &f, NULL, NULL) == JB_OK && f == 16777216.0f);
    CHECK(dec(&jb_f32, "1e-46", &f, NULL, NULL) == JB_OK && f == 0.0f);
    CHECK(dec(&jb_f32, "3.4028235e38", &f, NULL, NULL) == JB_OK && f == FLT_MAX);
    /* f32 rounds directly from the decimal (no double rounding):
     * 1.00000005960464477539062500001 is just above the midpoint of 1 and
     * 1+2^-23, so it rounds up; via double it would round to 1. */
    CHECK(dec(&jb_f32, "1.00000005960464477539062500001", &f, NULL, NULL) == JB_OK &&
          f == 1.00000011920928955078125f);
    CHECK(dec(&jb_f32, "1.000000059604644775390625", &f, NULL, NULL) == JB_OK && f == 1.0f);

    /* NaN and infinities with the flag */
    vec_f64 v;
    jb_read_options nan_ok = {.flags = JB_READ_ALLOW_NAN_INF};
    CHECK(dec(vec_f64_type, "[NaN,Infinity,-Infinity,1]", &v, &nan_ok, NULL) == JB_OK);
    CHECK(v.len == 4 && isnan(v.items[0]) && v.items[1] == INFINITY && v.items[2] == -INFINITY &&
          v.items[3] == 1);
    int32_t i;
    EXPECT_ERR(&jb_i32, "NaN", JB_READ_ALLOW_NAN_INF, JB_E_TYPE, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_number, "Infinity", JB_READ_ALLOW_NAN_INF, JB_E_TYPE, 0, 1, 1, "$", NULL);
    (void)i;
}

/* decode(encode(x)) gives the same bits, for many doubles and floats. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void test_float_roundtrip(void) {
    jb_buf b = JB_BUF_INIT;
    int bad = 0;
    for (int k = 0; k < 200000; k++) {
        uint64_t bits = rnd();
        if (k % 4 == 1) bits &= 0x800FFFFFFFFFFFFFull;          /* subnormals */
        if (k % 4 == 2) bits = (bits & 0x800FFFFFFFFFFFFFull) | ((uint64_t)(1023 + (int)(rnd() % 130) - 65) << 52);
        double x;
        memcpy(&x, &bits, 8);
        if (!isfinite(x)) continue;
        b.len = 0;
        if (jb_encode(&jb_f64, &x, &b, NULL, NULL) != JB_OK) {
            bad++;
            continue;
        }
        double y;
        if (dec_keep(&jb_f64, b.data, b.len, &y, NULL, NULL, NULL) != JB_OK || memcmp(&x, &y, 8) != 0) {
            if (bad++ < 5) CHECKF(0, "double %a -> [%.*s] -> %a", x, (int)b.len, b.data, y);
        }
    }
    for (int k = 0; k < 100000; k++) {
        uint32_t bits = (uint32_t)rnd();
        float x;
        memcpy(&x, &bits, 4);
        if (!isfinite(x)) continue;
        b.len = 0;
        if (jb_encode(&jb_f32, &x, &b, NULL, NULL) != JB_OK) {
            bad++;
            continue;
        }
        float y;
        if (dec_keep(&jb_f32, b.data, b.len, &y, NULL, NULL, NULL) != JB_OK || memcmp(&x, &y, 4) != 0) {
            if (bad++ < 10) CHECKF(0, "float %a -> [%.*s] -> %a", (double)x, (int)b.len, b.data, (double)y);
        }
    }
    CHECKF(bad == 0, "%d float round trips failed", bad);
    jb_buf_free(&b);
    jb_arena_reset(A);
}

/* ------------------------------------------------------------------ */
/* Strings                                                             */
/* ------------------------------------------------------------------ */

static void test_strings(void) {
    char *c = NULL;
    CHECK(dec(&jb_cstr, "\"abc\"", &c, NULL, NULL) == JB_OK && c && strcmp(c, "abc") == 0);
    CHECK(dec(&jb_cstr, "\"\"", &c, NULL, NULL) == JB_OK && c && c[0] == 0);
    CHECK(dec(&jb_cstr, "\"a\\n\\t\\\"\\\\\\/\\b\\f\\r\\u00e9\\u20AC\\ud83d\\ude00\"", &c, NULL, NULL) == JB_OK);
    CHECK_STR(c, "a\n\t\"\\/\b\f\r\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80");
    CHECK(dec(&jb_cstr, "\"caf\xc3\xa9 \xf0\x9f\x98\x80\"", &c, NULL, NULL) == JB_OK);
    CHECK_STR(c, "caf\xc3\xa9 \xf0\x9f\x98\x80");
    EXPECT_ERR(&jb_cstr, "\"a\\u0000b\"", 0, JB_E_TYPE, 0, 1, 1, "$", "\\u0000");
    EXPECT_ERR(&jb_cstr, "null", 0, JB_E_TYPE, 0, 1, 1, "$", "expected a string, found null");
    EXPECT_ERR(&jb_cstr, "12", 0, JB_E_TYPE, 0, 1, 1, "$", "expected a string, found number 12");
    EXPECT_ERR(&jb_cstr, "{}", 0, JB_E_TYPE, 0, 1, 1, "$", "expected a string, found object");
    EXPECT_ERR(&jb_cstr, "[]", 0, JB_E_TYPE, 0, 1, 1, "$", "expected a string, found array");
    /* errors inside strings point at the offending byte; unterminated at the quote */
    EXPECT_ERR(&jb_cstr, "\"abc", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"ab\\", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"a\x01z\"", 0, JB_E_SYNTAX, 2, 1, 3, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"a\nz\"", 0, JB_E_SYNTAX, 2, 1, 3, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"ab\\qz\"", 0, JB_E_SYNTAX, 3, 1, 4, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\\u12\"", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\\u12G4\"", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\\x41\"", 0, JB_E_SYNTAX, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "'a'", 0, JB_E_SYNTAX, 0, 1, 1, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"ab\xff\"", 0, JB_E_UTF8, 3, 1, 4, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\xc0\x80\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\xed\xa0\x80\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\xf4\x90\x80\x80\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\xe2\x82\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\\ud800\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\\udc00\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\\ud800\\u0041\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\\ud800x\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    EXPECT_ERR(&jb_cstr, "\"\\ude00\\ud83d\"", 0, JB_E_UTF8, 1, 1, 2, "$", NULL);
    /* relaxed: invalid UTF-8 copied through */
    jb_read_options iu = {.flags = JB_READ_ALLOW_INVALID_UTF8};
    CHECK(dec(&jb_cstr, "\"a\xff\xc0\x80\"", &c, &iu, NULL) == JB_OK && strcmp(c, "a\xff\xc0\x80") == 0);
    /* a long string with escapes spread over it */
    {
        char in[2000], want[1000];
        size_t n = 0, w = 0;
        in[n++] = '"';
        for (int k = 0; k < 300; k++) {
            if (k % 7 == 3) { memcpy(in + n, "\\n", 2); n += 2; want[w++] = '\n'; }
            else if (k % 11 == 5) { memcpy(in + n, "\\u00e9", 6); n += 6; want[w++] = '\xc3'; want[w++] = '\xa9'; }
            else { in[n++] = (char)('a' + k % 26); want[w++] = (char)('a' + k % 26); }
        }
        in[n++] = '"';
        CHECK(dec_keep(&jb_cstr, in, n, &c, NULL, NULL, NULL) == JB_OK);
        CHECK(c && strlen(c) == w && memcmp(c, want, w) == 0);
    }

    jb_str s = {0};
    CHECK(dec(&jb_string, "\"a\\u0000b\"", &s, NULL, NULL) == JB_OK);
    CHECK(s.len == 3 && memcmp(s.ptr, "a\0b", 3) == 0 && s.ptr[3] == 0);
    CHECK(dec(&jb_string, "\"\"", &s, NULL, NULL) == JB_OK && s.len == 0 && s.ptr != NULL);
    CHECK(dec(&jb_string, "\"\\u0000\"", &s, NULL, NULL) == JB_OK && s.len == 1 && s.ptr[0] == 0);
    /* copied by default: not pointing into the input */
    char *keep = NULL;
    const char *plain = "\"hello\"";
    CHECK(dec_keep(&jb_string, plain, 7, &s, NULL, NULL, &keep) == JB_OK);
    CHECK(s.len == 5 && memcmp(s.ptr, "hello", 5) == 0);
    CHECK(!(s.ptr >= keep && s.ptr < keep + 7));
    free(keep);
    /* borrowed when asked and unescaped */
    jb_read_options bo = {.flags = JB_READ_BORROW_STRINGS};
    CHECK(dec_keep(&jb_string, plain, 7, &s, &bo, NULL, &keep) == JB_OK);
    CHECK(s.ptr == keep + 1 && s.len == 5);
    free(keep);
    size_t used = jb_arena_used(A);
    CHECK(dec_keep(&jb_string, "\"a\\nb\"", 6, &s, &bo, NULL, &keep) == JB_OK);
    CHECK(s.len == 3 && memcmp(s.ptr, "a\nb", 3) == 0);
    CHECK(!(s.ptr >= keep && s.ptr < keep + 6));
    CHECK(jb_arena_used(A) > used);
    free(keep);
    /* a borrowed record of strings allocates nothing for them */
    ab x;
    used = jb_arena_used(A);
    CHECK(dec_keep(&ab_type, "{\"a\":1,\"s\":\"xyz\"}", 17, &x, &bo, NULL, &keep) == JB_OK);
    CHECK(x.has_s && x.s.ptr == keep + 12 && x.s.len == 3);
    CHECK(jb_arena_used(A) == used);
    free(keep);
}

/* ------------------------------------------------------------------ */
/* Enums, records, optional fields                                     */
/* ------------------------------------------------------------------ */

static void test_enums(void) {
    role r = 0;
    CHECK(dec(&role_type, "\"guest\"", &r, NULL, NULL) == JB_OK && r == ROLE_GUEST);
    CHECK(dec(&role_type, "\"admin\"", &r, NULL, NULL) == JB_OK && r == ROLE_ADMIN);
    CHECK(dec(&role_type, "\"\\u0075ser\"", &r, NULL, NULL) == JB_OK && r == ROLE_USER);
    EXPECT_ERR(&role_type, "\"nope\"", 0, JB_E_UNKNOWN, 0, 1, 1, "$", "nope");
    EXPECT_ERR(&role_type, "\"Admin\"", 0, JB_E_UNKNOWN, 0, 1, 1, "$", "admin");
    EXPECT_ERR(&role_type, "1", 0, JB_E_TYPE, 0, 1, 1, "$", "expected one of \"admin\", \"user\", \"guest\", found number 1");
    int8_t sm = 0;
    CHECK(dec(&small_type, "\"neg\"", &sm, NULL, NULL) == JB_OK && sm == -3);
    CHECK(dec(&small_type, "\"big\"", &sm, NULL, NULL) == JB_OK && sm == 100);
    int64_t w = 0;
    CHECK(dec(&wide_type, "\"hi\"", &w, NULL, NULL) == JB_OK && w == INT64_MAX);
    CHECK(dec(&wide_type, "\"lo\"", &w, NULL, NULL) == JB_OK && w == INT64_MIN);
    member m;
    CHECK(dec(&member_type, "{\"role\":\"user\",\"name\":\"x\"}", &m, NULL, NULL) == JB_OK);
    CHECK(m.role == ROLE_USER && strcmp(m.name, "x") == 0);
}

static void test_records(void) {
    ab x;
    int32_t *sentinel = (int32_t *)&x;
    /* optional: missing -> absent */
    memset(&x, 0x77, sizeof x);
    CHECK(dec(&ab_type, "{\"a\":1}", &x, NULL, NULL) == JB_OK);
    CHECK(x.a == 1 && !x.has_b && x.p == NULL && !x.has_s);
    /* present */
    CHECK(dec(&ab_type, "{\"p\":-9,\"b\":2,\"a\":3,\"s\":\"q\"}", &x, NULL, NULL) == JB_OK);
    CHECK(x.a == 3 && x.has_b && x.b == 2 && x.p && *x.p == -9 && x.has_s && x.s.len == 1);
    /* null -> absent */
    x.p = sentinel;
    CHECK(dec(&ab_type, "{\"a\":1,\"b\":null,\"p\":null,\"s\":null}", &x, NULL, NULL) == JB_OK);
    CHECK(x.a == 1 && !x.has_b && x.b == 0 && x.p == NULL && !x.has_s);
    /* whitespace everywhere */
    CHECK(dec(&ab_type, " \n{ \"a\" :\t1 , \"b\" : 2 }\r\n", &x, NULL, NULL) == JB_OK);
    CHECK(x.a == 1 && x.has_b && x.b == 2);
    /* unknown fields of every shape are skipped */
    CHECK(dec(&ab_type, "{\"z\":{\"q\":[1,{\"r\":null},\"s\\\"\"]},\"a\":5,\"y\":[],\"w\":-1.5e3,\"v\":true}",
              &x, NULL, NULL) == JB_OK);
    CHECK(x.a == 5 && !x.has_b);
    /* ...but still validated */
    EXPECT_ERR(&ab_type, "{\"z\":[1,],\"a\":5}", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, NULL);
    EXPECT_ERR(&ab_type, "{\"z\":\"\xff\",\"a\":5}", 0, JB_E_UTF8, 6, 1, 7, NULL, NULL);
    /* DENY_UNKNOWN: the flag and the type bit */
    EXPECT_ERR(&ab_type, "{\"a\":1,\"zz\":2}", JB_READ_DENY_UNKNOWN, JB_E_UNKNOWN, 7, 1, 8, NULL, "zz");
    EXPECT_ERR(&ab_strict, "{\"a\":1,\"zz\":2}", 0, JB_E_UNKNOWN, 7, 1, 8, NULL, "zz");
    CHECK(dec(&ab_strict, "{\"b\":4,\"a\":1}", &x, NULL, NULL) == JB_OK && x.a == 1 && x.b == 4);
    /* null into a non-optional field */
    EXPECT_ERR(&member_type, "{\"name\":null,\"role\":\"user\"}", 0, JB_E_TYPE, 8, 1, 9, "$.name",
               "expected a string, found null");
    EXPECT_ERR(&ab_type, "{\"a\":null}", 0, JB_E_TYPE, 5, 1, 6, "$.a", "expected an integer, found null");
    /* missing required field: at the closing brace, naming the field */
    EXPECT_ERR(&member_type, "{\"role\":\"user\"}", 0, JB_E_MISSING, 14, 1, 15, "$.name", "name");
    EXPECT_ERR(&member_type, "{\n  \"role\": \"user\"\n}", 0, JB_E_MISSING, 19, 3, 1, "$.name", "name");
    EXPECT_ERR(&member_type, "{}", 0, JB_E_MISSING, 1, 1, 2, NULL, "missing");
    EXPECT_ERR(&outer_type, "{\"a\":[{\"b\":1},{\"b\":2},{\"b\":3},{ }]}", 0, JB_E_MISSING, 32, 1, 33,
               "$.a[3].b", "\"b\"");
    /* duplicates */
    EXPECT_ERR(&ab_type, "{\"a\":1,\"a\":2}", 0, JB_E_DUPLICATE, 7, 1, 8, "$.a", "\"a\"");
    EXPECT_ERR(&ab_type, "{\"a\":1,\"b\":1,\"b\":null}", 0, JB_E_DUPLICATE, 13, 1, 14, "$.b", NULL);
    jb_read_options lw = {.flags = JB_READ_DUPLICATE_LAST_WINS};
    CHECK(dec(&ab_type, "{\"a\":1,\"b\":5,\"a\":2}", &x, &lw, NULL) == JB_OK && x.a == 2 && x.b == 5);
    CHECK(dec(&ab_type, "{\"a\":1,\"b\":5,\"b\":null}", &x, &lw, NULL) == JB_OK && !x.has_b);
    CHECK(dec(&ab_type, "{\"a\":1,\"b\":null,\"b\":6}", &x, &lw, NULL) == JB_OK && x.has_b && x.b == 6);
    /* escaped key names match */
    CHECK(dec(&ab_type, "{\"\\u0061\":7}", &x, NULL, NULL) == JB_OK && x.a == 7);
    /* not an object */
    EXPECT_ERR(&ab_type, "[1]", 0, JB_E_TYPE, 0, 1, 1, "$", "expected an object for ab, found array");
    EXPECT_ERR(&ab_type, "\"a\"", 0, JB_E_TYPE, 0, 1, 1, "$", "expected an object for ab, found string \"a\"");
    /* syntax inside an object */
    EXPECT_ERR(&ab_type, "{\"a\":1,}", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, "expected");
    EXPECT_ERR(&ab_type, "{\"a\" 1}", 0, JB_E_SYNTAX, 5, 1, 6, NULL, "':'");
    EXPECT_ERR(&ab_type, "{\"a\":1 \"b\":2}", 0, JB_E_SYNTAX, 7, 1, 8, NULL, "','");
    EXPECT_ERR(&ab_type, "{a:1}", 0, JB_E_SYNTAX, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(&ab_type, "{'a':1}", 0, JB_E_SYNTAX, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(&ab_type, "{,\"a\":1}", 0, JB_E_SYNTAX, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(&ab_type, "{\"a\":1", 0, JB_E_SYNTAX, 6, 1, 7, NULL, "end of input");
    EXPECT_ERR(&ab_type, "{\"a\":}", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, NULL);
    /* empty record */
    empty_rec er;
    CHECK(dec(&empty_type, "{}", &er, NULL, NULL) == JB_OK);
    CHECK(dec(&empty_type, "{\"x\":[1,2]}", &er, NULL, NULL) == JB_OK);
    /* the quick start */
    user u;
    const char *qs = "{\"name\":\"Ada\",\"id\":42,\"role\":\"admin\",\"tags\":[\"x\"],\"scores\":{\"chess\":1800}}";
    CHECK(dec(&user_type, qs, &u, NULL, NULL) == JB_OK);
    CHECK(strcmp(u.name, "Ada") == 0 && u.id == 42 && u.role == ROLE_ADMIN && !u.has_email &&
          u.email == NULL && u.home == NULL && u.tags.len == 1 && strcmp(u.tags.items[0], "x") == 0 &&
          u.scores.len == 1 && strcmp(u.scores.items[0].key, "chess") == 0 &&
          u.scores.items[0].value == 1800);
    CHECK(dec(&user_type, "{\"home\":[1.5,-2],\"email\":\"e@x\",\"scores\":{},\"tags\":[],\"role\":\"guest\","
                          "\"id\":-1,\"name\":\"\"}", &u, NULL, NULL) == JB_OK);
    CHECK(u.home && u.home->x == 1.5 && u.home->y == -2 && u.has_email && strcmp(u.email, "e@x") == 0 &&
          u.tags.len == 0 && u.scores.len == 0 && u.role == ROLE_GUEST && u.id == -1);
}

/* ------------------------------------------------------------------ */
/* Tuples, arrays, vectors, maps, pointers, recursion                  */
/* ------------------------------------------------------------------ */

static void test_containers(void) {
    point p;
    CHECK(dec(&point_type, "[1.5, -2]", &p, NULL, NULL) == JB_OK && p.x == 1.5 && p.y == -2);
    EXPECT_ERR(&point_type, "[1]", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, "$", "2");
    EXPECT_ERR(&point_type, "[1,2,3]", 0, JB_E_TYPE, 5, 1, 6, "$", NULL);
    EXPECT_ERR(&point_type, "[]", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, "$", NULL);
    EXPECT_ERR(&point_type, "[1,\"x\"]", 0, JB_E_TYPE, 3, 1, 4, "$[1]", "expected a number, found string \"x\"");
    EXPECT_ERR(&point_type, "{\"x\":1}", 0, JB_E_TYPE, 0, 1, 1, "$", "expected an array for point, found object");
    arr3 a;
    CHECK(dec(&arr3_type, "{\"v\":[-32768,0,32767]}", &a, NULL, NULL) == JB_OK);
    CHECK(a.v[0] == -32768 && a.v[1] == 0 && a.v[2] == 32767);
    EXPECT_ERR(&arr3_type, "{\"v\":[1,2]}", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, "$.v", NULL);
    EXPECT_ERR(&arr3_type, "{\"v\":[1,2,32768]}", 0, JB_E_RANGE, 10, 1, 11, "$.v[2]", "32768");

    vec_i32 v;
    CHECK(dec(vec_i32_type, "[]", &v, NULL, NULL) == JB_OK && v.len == 0);
    CHECK(dec(vec_i32_type, "[ ]", &v, NULL, NULL) == JB_OK && v.len == 0);
    CHECK(dec(vec_i32_type, "[3,-1,2]", &v, NULL, NULL) == JB_OK && v.len == 3 && v.items[0] == 3 &&
          v.items[1] == -1 && v.items[2] == 2);
    {
        char big[8000];
        size_t n = 0;
        big[n++] = '[';
        for (int k = 0; k < 1000; k++) n += (size_t)sprintf(big + n, k ? ",%d" : "%d", k * 7 - 3000);
        big[n++] = ']';
        CHECK(dec_keep(vec_i32_type, big, n, &v, NULL, NULL, NULL) == JB_OK && v.len == 1000);
        bool ok = true;
        for (int k = 0; k < 1000 && ok; k++) ok = v.items[k] == k * 7 - 3000;
        CHECK(ok);
    }
    EXPECT_ERR(vec_i32_type, "[1,2", 0, JB_E_SYNTAX, 4, 1, 5, NULL, "end of input");
    EXPECT_ERR(vec_i32_type, "[1 2]", 0, JB_E_SYNTAX, 3, 1, 4, NULL, NULL);
    EXPECT_ERR(vec_i32_type, "[1,]", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, NULL);
    EXPECT_ERR(vec_i32_type, "[,1]", 0, JB_E_SYNTAX, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(vec_i32_type, "[1,true]", 0, JB_E_TYPE, 3, 1, 4, "$[1]", "expected an integer, found true");
    EXPECT_ERR(vec_i32_type, "{}", 0, JB_E_TYPE, 0, 1, 1, "$", "expected an array, found object");
    EXPECT_ERR(vec_i32_type, "null", 0, JB_E_TYPE, 0, 1, 1, "$", "found null");
    vec_vec_u8 vv;
    CHECK(dec(vec_vec_u8_type, "[[1,2],[],[255]]", &vv, NULL, NULL) == JB_OK && vv.len == 3 &&
          vv.items[0].len == 2 && vv.items[0].items[1] == 2 && vv.items[1].len == 0 &&
          vv.items[2].len == 1 && vv.items[2].items[0] == 255);
    EXPECT_ERR(vec_vec_u8_type, "[[1,2],[],[256]]", 0, JB_E_RANGE, 11, 1, 12, "$[2][0]", "256");

    vec_pi32 vp;
    CHECK(dec(vec_pi32_type, "[1,null,3]", &vp, NULL, NULL) == JB_OK && vp.len == 3 && vp.items[0] &&
          *vp.items[0] == 1 && vp.items[1] == NULL && vp.items[2] && *vp.items[2] == 3);

    /* maps with string-like keys */
    map_cs mc;
    CHECK(dec(map_cs_type, "{\"a\":1,\"b\\\"c\":2,\"\":-3}", &mc, NULL, NULL) == JB_OK && mc.len == 3);
    CHECK(strcmp(mc.items[0].key, "a") == 0 && mc.items[0].value == 1 &&
          strcmp(mc.items[1].key, "b\"c") == 0 && mc.items[1].value == 2 &&
          strcmp(mc.items[2].key, "") == 0 && mc.items[2].value == -3);
    EXPECT_ERR(map_cs_type, "{\"k\":1,\"k\":2}", 0, JB_E_DUPLICATE, 7, 1, 8, "$.k", "duplicate");
    EXPECT_ERR(map_cs_type, "{\"a\":1,\"k\":\"x\"}", 0, JB_E_TYPE, 11, 1, 12, "$.k", "expected an integer, found string \"x\"");
    EXPECT_ERR(map_cs_type, "{\"a b\":\"x\"}", 0, JB_E_TYPE, 7, 1, 8, "$[\"a b\"]", NULL);
    EXPECT_ERR(map_cs_type, "{\"\\u0000\":1}", 0, JB_E_TYPE, 1, 1, 2, NULL, NULL);
    jb_read_options lw = {.flags = JB_READ_DUPLICATE_LAST_WINS};
    CHECK(dec(map_cs_type, "{\"k\":1,\"j\":5,\"k\":2}", &mc, &lw, NULL) == JB_OK);
    CHECK(mc.len == 2 && strcmp(mc.items[0].key, "k") == 0 && mc.items[0].value == 2 &&
          strcmp(mc.items[1].key, "j") == 0 && mc.items[1].value == 5);
    map_str ms;
    CHECK(dec(map_str_type, "{\"k\\u0000z\":true,\"k\":false}", &ms, NULL, NULL) == JB_OK && ms.len == 2);
    CHECK(ms.items[0].key.len == 3 && memcmp(ms.items[0].key.ptr, "k\0z", 3) == 0 && ms.items[0].value &&
          ms.items[1].key.len == 1 && !ms.items[1].value);
    map_enum me;
    CHECK(dec(map_enum_type, "{\"guest\":0.5,\"admin\":-1}", &me, NULL, NULL) == JB_OK && me.len == 2);
    CHECK(me.items[0].key == ROLE_GUEST && me.items[0].value == 0.5 && me.items[1].key == ROLE_ADMIN &&
          me.items[1].value == -1);
    EXPECT_ERR(map_enum_type, "{\"guest\":1,\"boss\":2}", 0, JB_E_UNKNOWN, 11, 1, 12, NULL, "boss");
    EXPECT_ERR(map_enum_type, "{\"user\":1,\"user\":2}", 0, JB_E_DUPLICATE, 10, 1, 11, "$.user", NULL);
    map_i32 mi;
    CHECK(dec(map_i32_type, "{\"-5\":\"n\",\"2147483647\":\"m\",\"0\":\"z\"}", &mi, NULL, NULL) == JB_OK);
    CHECK(mi.len == 3 && mi.items[0].key == -5 && strcmp(mi.items[0].value, "n") == 0 &&
          mi.items[1].key == INT32_MAX && mi.items[2].key == 0);
    EXPECT_ERR(map_i32_type, "{\"2147483648\":\"x\"}", 0, JB_E_RANGE, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(map_i32_type, "{\"1.5\":\"x\"}", 0, JB_E_TYPE, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(map_i32_type, "{\"01\":\"x\"}", 0, JB_E_TYPE, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(map_i32_type, "{\" 1\":\"x\"}", 0, JB_E_TYPE, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(map_i32_type, "{\"\":\"x\"}", 0, JB_E_TYPE, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(map_i32_type, "{\"7\":\"a\",\"7\":\"b\"}", 0, JB_E_DUPLICATE, 9, 1, 10, "$[\"7\"]", NULL);
    /* An escaped key's unescaped text lives in a buffer the keys inside its
     * value reuse: the path shows the key as the input wrote it. */
    const jb_type *const map_i32rec = JB_MAP_OF_T(int32_t, kkey, &jb_i32, &kkey_type);
    EXPECT_ERR(map_i32rec, "{\"\\u0031\":{\"\\u0078\":\"bad\"}}", 0, JB_E_TYPE, 20, 1, 21,
               "$[\"\\u0031\"].x", NULL);
    EXPECT_ERR(map_i32rec, "{\"1\":{\"\\u0078\":\"bad\"}}", 0, JB_E_TYPE, 15, 1, 16, "$[\"1\"].x", NULL);
    map_u8 mu;
    CHECK(dec(map_u8_type, "{\"255\":-128,\"0\":127}", &mu, NULL, NULL) == JB_OK && mu.len == 2 &&
          mu.items[0].key == 255 && mu.items[0].value == -128 && mu.items[1].key == 0);
    EXPECT_ERR(map_u8_type, "{\"-1\":0}", 0, JB_E_RANGE, 1, 1, 2, NULL, NULL);
    /* a record key: [[k, v], ...] */
    map_rec mr;
    CHECK(dec(map_rec_type, "[[{\"x\":1},\"one\"],[{\"x\":-2},\"two\"]]", &mr, NULL, NULL) == JB_OK);
    CHECK(mr.len == 2 && mr.items[0].key.x == 1 && strcmp(mr.items[0].value, "one") == 0 &&
          mr.items[1].key.x == -2 && strcmp(mr.items[1].value, "two") == 0);
    CHECK(dec(map_rec_type, "[]", &mr, NULL, NULL) == JB_OK && mr.len == 0);
    EXPECT_ERR(map_rec_type, "[[{\"x\":1},\"a\"],[{\"x\":1},\"b\"]]", 0, JB_E_DUPLICATE, NOCHECK, 1,
               NOCHECK, "$[1]", NULL);
    EXPECT_ERR(map_rec_type, "[[{\"x\":1}]]", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, "$[0]", NULL);
    EXPECT_ERR(map_rec_type, "[[{\"x\":1},\"a\",3]]", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, "$[0]", NULL);
    EXPECT_ERR(map_rec_type, "{}", 0, JB_E_TYPE, 0, 1, 1, "$", "expected an array of [key, value] pairs, found object");
    EXPECT_ERR(map_rec_type, "[{}]", 0, JB_E_TYPE, 1, 1, 2, NULL, NULL);
    CHECK(dec(map_rec_type, "[[{\"x\":1},\"a\"],[{\"x\":1},\"b\"]]", &mr, &lw, NULL) == JB_OK &&
          mr.len == 1 && strcmp(mr.items[0].value, "b") == 0);

    /* pointers */
    int32_t *pi = (int32_t *)&p;
    CHECK(dec(JB_PTR_OF(&jb_i32), "null", &pi, NULL, NULL) == JB_OK && pi == NULL);
    CHECK(dec(JB_PTR_OF(&jb_i32), "12", &pi, NULL, NULL) == JB_OK && pi && *pi == 12);

    /* recursion */
    rtree t;
    CHECK(dec(&rtree_type, "{\"v\":1,\"kids\":[{\"v\":2,\"kids\":[]},{\"v\":3,\"kids\":[{\"v\":4,\"kids\":[]}]}]}",
              &t, NULL, NULL) == JB_OK);
    CHECK(t.v == 1 && t.kids.len == 2 && t.kids.items[0].v == 2 && t.kids.items[0].kids.len == 0 &&
          t.kids.items[1].v == 3 && t.kids.items[1].kids.len == 1 &&
          t.kids.items[1].kids.items[0].v == 4);
    EXPECT_ERR(&rtree_type, "{\"v\":1,\"kids\":[{\"v\":2,\"kids\":[]},{\"v\":3,\"kids\":[{\"kids\":[]}]}]}", 0,
               JB_E_MISSING, 58, 1, 59, "$.kids[1].kids[0].v", NULL);
    tnode tn;
    CHECK(dec(&tnode_type, "[[[[]],[[]]]]", &tn, NULL, NULL) == JB_OK);
    CHECK(tn.kids.len == 2 && tn.kids.items[0].kids.len == 0 && tn.kids.items[1].kids.len == 0);
    lnode ln;
    CHECK(dec(&lnode_type, "{\"v\":1,\"next\":{\"v\":2,\"next\":{\"v\":3,\"next\":null}}}", &ln, NULL, NULL) == JB_OK);
    CHECK(ln.v == 1 && ln.next && ln.next->v == 2 && ln.next->next && ln.next->next->v == 3 &&
          ln.next->next->next == NULL);
    jb_arena_reset(A);
}

/* ------------------------------------------------------------------ */
/* Sums                                                                */
/* ------------------------------------------------------------------ */

static void check_shape(int line, const jb_type *t, const char *json, shape_kind k, double a, double b) {
    shape s;
    jb_error e;
    jb_status st = dec(t, json, &s, NULL, &e);
    CHECK_AT(line, st == JB_OK, "%s: %s (%s at %s)", json, jb_status_name(st), e.message, e.path);
    if (st) return;
    CHECK_AT(line, s.kind == k, "%s: kind %d", json, (int)s.kind);
    if (k == SHAPE_CIRCLE) CHECK_AT(line, s.as.circle.r == a, "%s: r %g", json, s.as.circle.r);
    if (k == SHAPE_RECT) CHECK_AT(line, s.as.rect.w == a && s.as.rect.h == b, "%s: w %g h %g", json, s.as.rect.w, s.as.rect.h);
    if (k == SHAPE_NUM) CHECK_AT(line, s.as.num == (int32_t)a, "%s: num %d", json, (int)s.as.num);
}
#define SHAPE(t, json, k, a, b) check_shape(__LINE__, (t), (json), (k), (a), (b))

static void test_sums(void) {
    SHAPE(&shape_ext, "{\"Circle\":{\"r\":1}}", SHAPE_CIRCLE, 1, 0);
    SHAPE(&shape_ext, "{ \"Rect\" : { \"h\":3, \"w\":2 } }", SHAPE_RECT, 2, 3);
    SHAPE(&shape_ext, "\"Empty\"", SHAPE_EMPTY, 0, 0);
    SHAPE(&shape_ext, "{\"Empty\":null}", SHAPE_EMPTY, 0, 0);
    SHAPE(&shape_ext, "{\"Num\":-5}", SHAPE_NUM, -5, 0);
    EXPECT_ERR(&shape_ext, "{\"Tri\":{}}", 0, JB_E_UNKNOWN, 1, 1, 2, NULL, "Tri");
    EXPECT_ERR(&shape_ext, "\"Tri\"", 0, JB_E_UNKNOWN, 0, 1, 1, NULL, "Tri");
    EXPECT_ERR(&shape_ext, "\"Circle\"", 0, JB_E_TYPE, 0, 1, 1, NULL, "payload");
    EXPECT_ERR(&shape_ext, "{}", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, NULL, NULL);
    EXPECT_ERR(&shape_ext, "{\"Circle\":{\"r\":1},\"Rect\":{\"w\":1,\"h\":1}}", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, NULL, NULL);
    EXPECT_ERR(&shape_ext, "{\"Circle\":{\"r\":\"x\"}}", 0, JB_E_TYPE, 15, 1, 16, "$.Circle.r", "expected a number, found string \"x\"");
    EXPECT_ERR(&shape_ext, "{\"Circle\":{}}", 0, JB_E_MISSING, 11, 1, 12, "$.Circle.r", NULL);
    EXPECT_ERR(&shape_ext, "5", 0, JB_E_TYPE, 0, 1, 1, "$", NULL);

    SHAPE(&shape_int, "{\"type\":\"Circle\",\"r\":1}", SHAPE_CIRCLE, 1, 0);
    SHAPE(&shape_int, "{\"r\":1,\"type\":\"Circle\"}", SHAPE_CIRCLE, 1, 0);
    SHAPE(&shape_int, "{\"w\":2,\"x\":[{\"type\":1}],\"h\":3,\"type\":\"Rect\"}", SHAPE_RECT, 2, 3);
    SHAPE(&shape_int, "{\"w\":2,\"type\":\"Rect\",\"h\":3}", SHAPE_RECT, 2, 3);
    SHAPE(&shape_int, "{\"type\":\"Empty\"}", SHAPE_EMPTY, 0, 0);
    EXPECT_ERR(&shape_int, "{\"r\":1}", 0, JB_E_MISSING, 6, 1, 7, NULL, "type");
    EXPECT_ERR(&shape_int, "{\"type\":\"Circle\"}", 0, JB_E_MISSING, 16, 1, 17, "$.r", NULL);
    EXPECT_ERR(&shape_arr, "[\"Circle\",{\"r\":[]}]", 0, JB_E_TYPE, 15, 1, 16, "$[1].r", NULL);
    EXPECT_ERR(&shape_int, "{\"r\":1,\"type\":\"Blob\"}", 0, JB_E_UNKNOWN, 14, 1, 15, NULL, "Blob");
    EXPECT_ERR(&shape_int, "{\"r\":\"x\",\"type\":\"Circle\"}", 0, JB_E_TYPE, 5, 1, 6, "$.r", NULL);
    EXPECT_ERR(&shape_int, "{\"type\":\"Circle\",\"r\":1,\"type\":\"Circle\"}", 0, JB_E_DUPLICATE, 23, 1, 24, NULL, NULL);

    SHAPE(&shape_adj, "{\"t\":\"Circle\",\"c\":{\"r\":1}}", SHAPE_CIRCLE, 1, 0);
    SHAPE(&shape_adj, "{\"c\":{\"r\":1},\"t\":\"Circle\"}", SHAPE_CIRCLE, 1, 0);
    SHAPE(&shape_adj, "{\"c\":-5,\"t\":\"Num\"}", SHAPE_NUM, -5, 0);
    SHAPE(&shape_adj, "{\"t\":\"Empty\"}", SHAPE_EMPTY, 0, 0);
    EXPECT_ERR(&shape_adj, "{\"t\":\"Circle\"}", 0, JB_E_MISSING, 13, 1, 14, NULL, "\"c\"");
    EXPECT_ERR(&shape_adj, "{\"c\":{\"r\":1}}", 0, JB_E_MISSING, 12, 1, 13, NULL, "\"t\"");
    EXPECT_ERR(&shape_adj, "{\"t\":\"Num\",\"c\":1,\"c\":2}", 0, JB_E_DUPLICATE, 17, 1, 18, NULL, NULL);
    EXPECT_ERR(&shape_adj, "{\"c\":{\"r\":true},\"t\":\"Circle\"}", 0, JB_E_TYPE, 10, 1, 11, "$.c.r", NULL);

    SHAPE(&shape_arr, "[\"Circle\",{\"r\":1}]", SHAPE_CIRCLE, 1, 0);
    SHAPE(&shape_arr, "[\"Empty\"]", SHAPE_EMPTY, 0, 0);
    SHAPE(&shape_arr, "[\"Num\",-5]", SHAPE_NUM, -5, 0);
    EXPECT_ERR(&shape_arr, "[\"Circle\"]", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, NULL, "payload");
    EXPECT_ERR(&shape_arr, "[\"Num\",1,2]", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, NULL, NULL);
    EXPECT_ERR(&shape_arr, "[]", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, NULL, NULL);
    EXPECT_ERR(&shape_arr, "[5]", 0, JB_E_TYPE, NOCHECK, 1, NOCHECK, NULL, NULL);

    SHAPE(&shape_unt, "{\"r\":1}", SHAPE_CIRCLE, 1, 0);
    SHAPE(&shape_unt, "{\"w\":2,\"h\":3}", SHAPE_RECT, 2, 3); /* Circle fails: no "r" */
    SHAPE(&shape_unt, "-5", SHAPE_NUM, -5, 0);                /* records fail, Num fits */
    SHAPE(&shape_unt, "\"Empty\"", SHAPE_EMPTY, 0, 0);
    {
        size_t used = jb_arena_used(A);
        shape s;
        jb_error e;
        CHECK(dec(&shape_unt, "\"zzz\"", &s, NULL, &e) == JB_E_TYPE);
        CHECK(e.offset == 0 && all_zero(&s, sizeof s) && jb_arena_used(A) == used);
        CHECKF(strstr(e.message, "Circle") && strstr(e.message, "Rect") && strstr(e.message, "Empty") &&
                   strstr(e.message, "Num"),
               "message [%s] lists why each case failed", e.message);
        CHECK(dec(&shape_unt, "1.5", &s, NULL, &e) == JB_E_TYPE);
        CHECKF(strstr(e.message, "Num") != NULL, "[%s]", e.message);
    }
    /* a sum whose failed first attempt allocated: rolled back */
    jb_arena_reset(A);
}

/* ------------------------------------------------------------------ */
/* Raw, number, custom                                                 */
/* ------------------------------------------------------------------ */

static void test_raw_custom(void) {
    rawrec rr;
    char *keep;
    const char *j = "{\"raw\" : [1, {\"a\" : \"\\u00e9\"}] ,\"num\":-12.50e+3,\"after\":1}";
    CHECK(dec_keep(&rawrec_type, j, strlen(j), &rr, NULL, NULL, &keep) == JB_OK);
    CHECK(rr.raw.len == 21 && memcmp(rr.raw.ptr, "[1, {\"a\" : \"\\u00e9\"}]", 21) == 0);
    CHECK(rr.raw.ptr[rr.raw.len] == 0);
    CHECK(!(rr.raw.ptr >= keep && rr.raw.ptr < keep + strlen(j)));
    CHECK(rr.num.len == 9 && memcmp(rr.num.ptr, "-12.50e+3", 9) == 0);
    CHECK(rr.after == 1);
    free(keep);
    jb_read_options bo = {.flags = JB_READ_BORROW_STRINGS};
    CHECK(dec_keep(&rawrec_type, j, strlen(j), &rr, &bo, NULL, &keep) == JB_OK);
    CHECK(rr.raw.ptr == keep + 9 && rr.raw.len == 21);
    free(keep);
    jb_str raw;
    CHECK(dec(&jb_raw, " \"str\" ", &raw, NULL, NULL) == JB_OK && raw.len == 5 && memcmp(raw.ptr, "\"str\"", 5) == 0);
    CHECK(dec(&jb_raw, "null", &raw, NULL, NULL) == JB_OK && raw.len == 4);
    EXPECT_ERR(&rawrec_type, "{\"raw\":[1,],\"num\":1,\"after\":1}", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, NULL);
    EXPECT_ERR(&rawrec_type, "{\"raw\":{\"a\"},\"num\":1,\"after\":1}", 0, JB_E_SYNTAX, 11, 1, 12, NULL, NULL);
    EXPECT_ERR(&jb_raw, "[1,2", 0, JB_E_SYNTAX, 4, 1, 5, NULL, NULL);
    EXPECT_ERR(&jb_raw, "\"\xff\"", 0, JB_E_UTF8, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(&rawrec_type, "{\"raw\":1,\"num\":\"1\",\"after\":1}", 0, JB_E_TYPE, 15, 1, 16, "$.num",
               "expected a number, found string");
    EXPECT_ERR(&jb_number, "01", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, NULL);
    jb_str num;
    CHECK(dec(&jb_number, "123456789012345678901234567890", &num, NULL, NULL) == JB_OK && num.len == 30);

    event ev;
    j = "{\"id\":7,\"at\":{\"zone\":\"UTC\",\"x\":[1,{}],\"s\":1700000000},\"list\":[1, -2,3]}";
    CHECK(dec(&event_type, j, &ev, NULL, NULL) == JB_OK);
    CHECK(ev.id == 7 && ev.at.secs == 1700000000 && ev.at.zone.len == 3 && memcmp(ev.at.zone.ptr, "UTC", 3) == 0);
    CHECK(ev.list.len == 3 && ev.list.items[0] == 1 && ev.list.items[1] == -2 && ev.list.items[2] == 3);
    CHECK(dec(&event_type, "{\"id\":7,\"at\":{},\"list\":[]}", &ev, NULL, NULL) == JB_OK && ev.list.len == 0);
    /* a custom decoder's failure: its code, at the token it just read (-5) */
    EXPECT_ERR(&event_type, "{\"id\":7,\"at\":{\"s\":-5},\"list\":[]}", 0, JB_E_CUSTOM, 18, 1, 19, "$.at",
               "negative time");
    EXPECT_ERR(&event_type, "{\"id\":7,\"at\":[],\"list\":[]}", 0, JB_E_TYPE, 13, 1, 14, "$.at", "stamp");
    EXPECT_ERR(&event_type, "{\"id\":7,\"at\":{\"s\":\"x\"},\"list\":[]}", 0, JB_E_TYPE, 18, 1, 19, NULL,
               "expected an integer, found string");
    EXPECT_ERR(&event_type, "{\"id\":7,\"at\":{},\"list\":[1,]}", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, NULL);
    EXPECT_ERR(&event_type, "{\"id\":7,\"at\":{},\"list\":[1 2]}", 0, JB_E_SYNTAX, 26, 1, 27, NULL, NULL);
    jb_arena_reset(A);
}

/* ------------------------------------------------------------------ */
/* Strict by default, relaxed by flags                                 */
/* ------------------------------------------------------------------ */

static void test_relaxed(void) {
    vec_i32 v;
    jb_read_options cm = {.flags = JB_READ_ALLOW_COMMENTS};
    const char *c1 = "// head\n[1,/* two */2 // end\n] /* tail */";
    EXPECT_ERR(vec_i32_type, c1, 0, JB_E_SYNTAX, 0, 1, 1, NULL, NULL);
    CHECK(dec(vec_i32_type, c1, &v, &cm, NULL) == JB_OK && v.len == 2 && v.items[1] == 2);
    CHECK(dec(vec_i32_type, "[1/**/,2]//", &v, &cm, NULL) == JB_OK && v.len == 2);
    EXPECT_ERR(vec_i32_type, "[1,2] /* open", JB_READ_ALLOW_COMMENTS, JB_E_SYNTAX, 6, 1, 7, NULL, NULL);
    /* a lone '/' that starts no comment is data after the document */
    EXPECT_ERR(vec_i32_type, "[1,2] / 1", JB_READ_ALLOW_COMMENTS, JB_E_TRAILING, 6, 1, 7, NULL, NULL);
    ab x;
    CHECK(dec(&ab_type, "{/*c*/\"a\"/*c*/:/*c*/1/*c*/}", &x, &cm, NULL) == JB_OK && x.a == 1);

    jb_read_options tc = {.flags = JB_READ_ALLOW_TRAILING_COMMAS};
    CHECK(dec(vec_i32_type, "[1,2,]", &v, &tc, NULL) == JB_OK && v.len == 2);
    CHECK(dec(&ab_type, "{\"a\":1,}", &x, &tc, NULL) == JB_OK && x.a == 1);
    CHECK(dec(&ab_type, "{\"a\":1,\"z\":[1,{\"q\":2,},],}", &x, &tc, NULL) == JB_OK && x.a == 1);
    CHECK(dec(&point_type, "[1,2,]", &(point){0}, &tc, NULL) == JB_OK);
    EXPECT_ERR(vec_i32_type, "[,]", JB_READ_ALLOW_TRAILING_COMMAS, JB_E_SYNTAX, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(vec_i32_type, "[1,,]", JB_READ_ALLOW_TRAILING_COMMAS, JB_E_SYNTAX, 3, 1, 4, NULL, NULL);
    EXPECT_ERR(&ab_type, "{,}", JB_READ_ALLOW_TRAILING_COMMAS, JB_E_SYNTAX, 1, 1, 2, NULL, NULL);
    EXPECT_ERR(&ab_type, "{\"a\":1,\"z\":[1,]}", 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, NULL);

    jb_read_options td = {.flags = JB_READ_ALLOW_TRAILING_DATA};
    int32_t i;
    EXPECT_ERR(&jb_i32, "1 2", 0, JB_E_TRAILING, 2, 1, 3, "$", "end of input");
    EXPECT_ERR(&ab_type, "{\"a\":1}x", 0, JB_E_TRAILING, 7, 1, 8, "$", NULL);
    EXPECT_ERR(&ab_type, "{\"a\":1}\n\n  {}", 0, JB_E_TRAILING, 11, 3, 3, "$", NULL);
    CHECK(dec(&jb_i32, "1 2", &i, &td, NULL) == JB_OK && i == 1);
    CHECK(dec(&ab_type, "{\"a\":3}garbage\xff", &x, &td, NULL) == JB_OK && x.a == 3);
    CHECK(dec(&ab_type, "{\"a\":4}   ", &x, NULL, NULL) == JB_OK && x.a == 4);

    /* leading zeros have no flag */
    EXPECT_ERR(vec_i32_type, "[01]", 0xFFFFu & ~(JB_READ_ALLOW_TRAILING_DATA | JB_READ_DUPLICATE_FIRST_WINS), JB_E_SYNTAX, NOCHECK, 1, NOCHECK, NULL, NULL);
    /* a BOM is not JSON whitespace */
    EXPECT_ERR(&jb_i32, "\xef\xbb\xbf" "1", 0, JB_E_SYNTAX, 0, 1, 1, NULL, "found a byte order mark");
    /* only the four JSON whitespace bytes */
    EXPECT_ERR(&jb_i32, "\f1", 0, JB_E_SYNTAX, 0, 1, 1, NULL, NULL);
    EXPECT_ERR(&jb_i32, "\v1", 0, JB_E_SYNTAX, 0, 1, 1, NULL, NULL);
    EXPECT_ERR(&jb_i32, "", 0, JB_E_SYNTAX, 0, 1, 1, "$", "end of input");
    EXPECT_ERR(&jb_i32, "   ", 0, JB_E_SYNTAX, 3, 1, 4, "$", "end of input");
    EXPECT_ERR(&jb_i32, "\n\n", 0, JB_E_SYNTAX, 2, 3, 1, "$", "end of input");
    /* NUL inside the buffer is not whitespace (nor a delimiter, like "1x") */
    expect_err_n(__LINE__, &jb_i32, "1\0", 2, 0, JB_E_SYNTAX, NOCHECK, 1, NOCHECK, "$", NULL);
    expect_err_n(__LINE__, &jb_i32, "1 \0", 3, 0, JB_E_TRAILING, 2, 1, 3, "$", NULL);
}

/* ------------------------------------------------------------------ */
/* Error positions and paths                                           */
/* ------------------------------------------------------------------ */

static void test_positions(void) {
    /* multi-line: line and byte column of the token */
    EXPECT_ERR(&ab_type, "{\n  \"a\": 1,\n  \"b\": \"x\"\n}", 0, JB_E_TYPE, 19, 3, 8, "$.b",
               "expected an integer, found string \"x\"");
    EXPECT_ERR(&ab_type, "{\r\n  \"a\": \"x\"\r\n}", 0, JB_E_TYPE, 10, 2, 8, "$.a", NULL);
    EXPECT_ERR(&ab_type, "{\t\"a\":\"x\"}", 0, JB_E_TYPE, 6, 1, 7, "$.a", NULL);
    /* columns count bytes, not characters */
    EXPECT_ERR(&ab_type, "{\"\xc3\xa9\":0,\"a\":\"x\"}", 0, JB_E_TYPE, 12, 1, 13, "$.a", NULL);
    EXPECT_ERR(&ab_type, "\n\n\n   [", 0, JB_E_TYPE, 6, 4, 4, "$", NULL);
    /* paths */
    EXPECT_ERR(&outer_type, "{\"a\":[{\"b\":1},{\"b\":2},{\"b\":3},{\"b\":\"no\"}]}", 0, JB_E_TYPE, 35, 1, 36,
               "$.a[3].b", "expected an integer, found string \"no\"");
    EXPECT_ERR(&dotted_type, "{\"a.b\":\"x\"}", 0, JB_E_TYPE, 7, 1, 8, "$[\"a.b\"]", NULL);
    EXPECT_ERR(map_cs_type, "{\"q\\\"x\":\"v\"}", 0, JB_E_TYPE, 8, 1, 9, "$[\"q\\\"x\"]", NULL);
    EXPECT_ERR(map_cs_type, "{\"_ok9\":\"v\"}", 0, JB_E_TYPE, 8, 1, 9, "$._ok9", NULL);
    EXPECT_ERR(map_cs_type, "{\"9x\":\"v\"}", 0, JB_E_TYPE, 6, 1, 7, "$[\"9x\"]", NULL);
    EXPECT_ERR(&user_type, "{\"name\":\"A\",\"id\":1,\"role\":\"user\",\"tags\":[\"x\",7],\"scores\":{}}", 0,
               JB_E_TYPE, 45, 1, 46, "$.tags[1]", "expected a string, found number 7");
    EXPECT_ERR(&user_type, "{\"name\":\"A\",\"id\":1,\"role\":\"user\",\"tags\":[],\"scores\":{\"go\":1.5}}", 0,
               JB_E_TYPE, 58, 1, 59, "$.scores.go", NULL);
    EXPECT_ERR(&user_type, "{\"name\":\"A\",\"id\":1,\"role\":\"user\",\"home\":[1,null],\"tags\":[],\"scores\":{}}", 0,
               JB_E_TYPE, 43, 1, 44, "$.home[1]", "expected a number, found null");
    EXPECT_ERR(&user_type, "{\"name\":\"A\",\"id\":1,\"role\":\"root\",\"tags\":[],\"scores\":{}}", 0,
               JB_E_UNKNOWN, 26, 1, 27, "$.role", "root");
    /* limits */
    jb_read_options o = {.max_string_len = 3};
    char *c;
    jb_error e;
    CHECK(dec(&jb_cstr, "\"abc\"", &c, &o, NULL) == JB_OK);
    CHECK(dec(&jb_cstr, "\"abcd\"", &c, &o, &e) == JB_E_LIMIT && e.offset == 0);
    o = (jb_read_options){.max_members = 2};
    vec_i32 v;
    CHECK(dec(vec_i32_type, "[1,2]", &v, &o, NULL) == JB_OK);
    CHECK(dec(vec_i32_type, "[1,2,3]", &v, &o, &e) == JB_E_LIMIT);
    ab x;
    CHECK(dec(&ab_type, "{\"a\":1,\"b\":2,\"z\":3}", &x, &o, &e) == JB_E_LIMIT);
    o = (jb_read_options){.max_number_len = 3};
    int32_t i;
    CHECK(dec(&jb_i32, "123", &i, &o, NULL) == JB_OK);
    CHECK(dec(&jb_i32, "1234", &i, &o, &e) == JB_E_LIMIT && e.offset == 0);
    /* the same with 17 bytes after the token: read in line (decode.h) */
    CHECK(dec(&jb_i32, "123                 ", &i, &o, NULL) == JB_OK && i == 123);
    CHECK(dec(&jb_i32, "-12                 ", &i, &o, NULL) == JB_OK && i == -12);
    CHECK(dec(&jb_i32, "1234                ", &i, &o, &e) == JB_E_LIMIT && e.offset == 0);
    CHECK(dec(&jb_i32, "-123                ", &i, &o, &e) == JB_E_LIMIT && e.offset == 0);
    o = (jb_read_options){.max_doc_size = 4};
    CHECK(dec(&jb_i32, "1234", &i, &o, NULL) == JB_OK);
    CHECK(dec(&jb_i32, "12345", &i, &o, &e) == JB_E_LIMIT);
    /* a 5,000-byte number is refused by the default max_number_len (4096) */
    {
        char *big = malloc(5001);
        memset(big, '1', 5000);
        big[5000] = 0;
        double d;
        CHECK(dec_keep(&jb_f64, big, 5000, &d, NULL, &e, NULL) == JB_E_LIMIT);
        free(big);
    }
    /* error arguments */
    CHECK(jb_decode(NULL, "1", 1, &i, A, NULL, &e) == JB_E_ARG && e.code == JB_E_ARG);
    CHECK(jb_decode(&jb_i32, "1", 1, NULL, A, NULL, &e) == JB_E_ARG);
    CHECK(jb_decode(&jb_i32, "1", 1, &i, NULL, NULL, &e) == JB_E_ARG);
    CHECK(jb_decode(&jb_i32, NULL, 1, &i, A, NULL, &e) == JB_E_ARG);
    CHECK(jb_decode(&jb_i32, NULL, 0, &i, A, NULL, &e) == JB_E_SYNTAX);
    CHECK(jb_decode(&jb_i32, "7", 1, &i, A, NULL, NULL) == JB_OK && i == 7);
    CHECK(jb_decode(&jb_i32, "x", 1, &i, A, NULL, NULL) == JB_E_SYNTAX);
    /* over-long paths and messages are truncated visibly */
    {
        char key[600];
        char *json = malloc(700);
        memset(key, 'k', sizeof key);
        int n = sprintf(json, "{\"%.*s\":\"x\"}", 500, key);
        CHECK(dec_keep(map_cs_type, json, (size_t)n, &v, NULL, &e, NULL) == JB_E_TYPE);
        size_t pl = strlen(e.path);
        CHECKF(pl < JB_ERROR_PATH_MAX && pl >= 3 && strcmp(e.path + pl - 3, "...") == 0, "path [%s]", e.path);
        n = sprintf(json, "[\"%.*s\"]", 500, key);
        free(json);
    }
}

/* ------------------------------------------------------------------ */
/* Depth                                                               */
/* ------------------------------------------------------------------ */

static char *nested(size_t levels, const char *open, const char *mid, const char *close, size_t *len) {
    size_t lo = strlen(open), lm = strlen(mid), lc = strlen(close);
    size_t n = levels * (lo + lc) + lm;
    char *s = malloc(n);
    size_t k = 0;
    for (size_t i = 0; i < levels; i++, k += lo) memcpy(s + k, open, lo);
    memcpy(s + k, mid, lm);
    k += lm;
    for (size_t i = 0; i < levels; i++, k += lc) memcpy(s + k, close, lc);
    *len = n;
    return s;
}

static void test_depth(void) {
    size_t n;
    jb_error e;
    jb_str raw;
    /* default 512: 512 levels pass, 513 fail */
    char *s = nested(512, "[", "", "]", &n);
    CHECK(jb_decode(&jb_raw, s, n, &raw, A, NULL, &e) == JB_OK && raw.len == n);
    free(s);
    s = nested(513, "[", "", "]", &n);
    CHECK(jb_decode(&jb_raw, s, n, &raw, A, NULL, &e) == JB_E_DEPTH);
    CHECKF(e.offset == 512 && e.column == 513, "offset %zu", e.offset);
    free(s);
    /* the typed path counts the same way: tnode tuples are 2 levels each */
    s = nested(256, "[[", "", "]]", &n);
    tnode tn;
    CHECK(jb_decode(&tnode_type, s, n, &tn, A, NULL, &e) == JB_OK);
    free(s);
    s = nested(257, "[[", "", "]]", &n);
    CHECK(jb_decode(&tnode_type, s, n, &tn, A, NULL, &e) == JB_E_DEPTH);
    free(s);
    /* configurable */
    jb_read_options d3 = {.max_depth = 3};
    vec_vec_u8 vv;
    CHECK(dec(vec_vec_u8_type, "[[1]]", &vv, &d3, NULL) == JB_OK);
    jb_read_options d2 = {.max_depth = 2};
    CHECK(jb_decode(&jb_raw, "[[[]]]", 6, &raw, A, &d2, &e) == JB_E_DEPTH && e.offset == 2);
    CHECK(jb_decode(&jb_raw, "[[]]", 4, &raw, A, &d2, &e) == JB_OK);
    jb_read_options big = {.max_depth = 100000};
    s = nested(20000, "[", "", "]", &n);
    CHECK(jb_decode(&jb_raw, s, n, &raw, A, &big, &e) == JB_OK);
    free(s);

    /* 1,000,000 deep: a clean error, not a stack overflow */
    const size_t M = 1000000;
    size_t used = jb_arena_used(A);
    s = nested(M, "[", "", "]", &n);
    CHECK(jb_decode(&jb_raw, s, n, &raw, A, NULL, &e) == JB_E_DEPTH);
    CHECK(jb_decode(&tnode_type, s, n, &tn, A, NULL, &e) == JB_E_DEPTH);
    CHECK(e.code == JB_E_DEPTH && all_zero(&tn, sizeof tn));
    /* unclosed: only the opening brackets */
    CHECK(jb_decode(&tnode_type, s, M, &tn, A, NULL, &e) == JB_E_DEPTH);
    free(s);
    lnode ln;
    s = nested(M, "{\"v\":1,\"next\":", "null", "}", &n);
    CHECK(jb_decode(&lnode_type, s, n, &ln, A, NULL, &e) == JB_E_DEPTH);
    CHECK(all_zero(&ln, sizeof ln));
    free(s);
    rtree rt;
    s = nested(M, "{\"v\":1,\"kids\":[", "", "]}", &n);
    CHECK(jb_decode(&rtree_type, s, n, &rt, A, NULL, &e) == JB_E_DEPTH);
    free(s);
    /* deep inside an unknown field (the skipper) */
    s = nested(M, "[", "", "]", &n);
    char *doc = malloc(n + 20);
    memcpy(doc, "{\"a\":1,\"z\":", 11);
    memcpy(doc + 11, s, n);
    doc[11 + n] = '}';
    ab x;
    CHECK(jb_decode(&ab_type, doc, n + 12, &x, A, NULL, &e) == JB_E_DEPTH);
    free(doc);
    free(s);
    s = nested(M, "{\"a\":", "1", "}", &n);
    CHECK(jb_decode(&jb_raw, s, n, &raw, A, NULL, &e) == JB_E_DEPTH);
    free(s);
    CHECK(jb_arena_used(A) == used);
    /* the linked list decodes fine at a modest depth */
    s = nested(200, "{\"v\":1,\"next\":", "null", "}", &n);
    CHECK(jb_decode(&lnode_type, s, n, &ln, A, NULL, &e) == JB_OK);
    size_t len = 0;
    for (lnode *p = &ln; p; p = p->next) len++;
    CHECK(len == 200);
    free(s);
    jb_arena_reset(A);
}

/* ------------------------------------------------------------------ */
/* Truncations                                                         */
/* ------------------------------------------------------------------ */

static void truncations(int line, const jb_type *t, const char *doc, uint32_t flags) {
    size_t n = strlen(doc);
    unsigned char *out = malloc(t->size);
    jb_read_options o = {.flags = flags};
    /* the whole document is valid */
    char *copy = dup_exact(doc, n);
    jb_error e;
    CHECK_AT(line, jb_decode(t, copy, n, out, A, &o, &e) == JB_OK, "full document: %s", e.message);
    free(copy);
    jb_arena_reset(A);
    int bad = 0;
    for (size_t cut = 0; cut < n; cut++) {
        copy = dup_exact(doc, cut);
        memset(out, 0xA5, t->size);
        size_t used = jb_arena_used(A);
        jb_status st = jb_decode(t, copy, cut, out, A, &o, &e);
        bool ok = st != JB_OK && e.code == st && e.offset <= cut && all_zero(out, t->size) &&
                  jb_arena_used(A) == used && (st == JB_E_SYNTAX || st == JB_E_UTF8);
        if (!ok && bad++ < 5)
            CHECK_AT(line, 0, "cut at %zu: %s offset %zu (%s)", cut, jb_status_name(st), e.offset, e.message);
        free(copy);
    }
    CHECK_AT(line, bad == 0, "%d truncations misbehaved", bad);
    free(out);
    jb_arena_reset(A);
}

typedef struct {
    user u;
    JB_VEC(shape) shapes;
    JB_VEC(shape) ishapes;
    JB_VEC(shape) ashapes;
    JB_VEC(shape) xshapes;
    JB_VEC(shape) ushapes;
    JB_MAP(role, double) byrole;
    JB_MAP(kkey, char *) bykey;
    jb_str raw;
    jb_str num;
    arr3 a;
    scalars s;
    rtree tree;
    lnode list;
    event ev;
} everything;
static const jb_type everything_type = JB_RECORD(everything,
    JB_FIELD(everything, u, &user_type),
    JB_FIELD(everything, shapes, JB_VEC_OF_T(shape, &shape_ext)),
    JB_FIELD(everything, ishapes, JB_VEC_OF_T(shape, &shape_int)),
    JB_FIELD(everything, ashapes, JB_VEC_OF_T(shape, &shape_adj)),
    JB_FIELD(everything, xshapes, JB_VEC_OF_T(shape, &shape_arr)),
    JB_FIELD(everything, ushapes, JB_VEC_OF_T(shape, &shape_unt)),
    JB_FIELD(everything, byrole, JB_MAP_OF_T(role, double, &role_type, &jb_f64)),
    JB_FIELD(everything, bykey, JB_MAP_OF_T(kkey, char *, &kkey_type, &jb_cstr)),
    JB_FIELD(everything, raw, &jb_raw),
    JB_FIELD(everything, num, &jb_number),
    JB_FIELD(everything, a, &arr3_type),
    JB_FIELD(everything, s, &scalars_type),
    JB_FIELD(everything, tree, &rtree_type),
    JB_FIELD(everything, list, &lnode_type),
    JB_FIELD(everything, ev, &event_type));

static void test_truncations(void) {
    truncations(__LINE__, &user_type,
                "{\"name\":\"Ada\",\"id\":42,\"role\":\"admin\",\"tags\":[\"x\"],\"scores\":{\"chess\":1800}}", 0);
    truncations(__LINE__, &everything_type,
                "{\"u\":{\"name\":\"A\\u00e9\\ud83d\\ude00 \xf0\x9f\x98\x80\",\"id\":-42,\"role\":\"admin\",\"email\":\"e\\n\","
                "\"home\":[1.5e-3,-2E+2],\"tags\":[\"x\",\"\"],\"scores\":{\"chess\":1800,\"go\":-1}},"
                " \"shapes\":[{\"Circle\":{\"r\":1}},\"Empty\",{\"Num\":3}],"
                " \"ishapes\":[{\"r\":2,\"type\":\"Circle\"},{\"type\":\"Empty\"}],"
                " \"ashapes\":[{\"c\":{\"w\":1,\"h\":2},\"t\":\"Rect\"}],"
                " \"xshapes\":[[\"Num\",12],[\"Empty\"]],"
                " \"ushapes\":[{\"w\":1,\"h\":2},-7,\"Empty\"],"
                " \"byrole\":{\"guest\":0.25},"
                " \"bykey\":[[{\"x\":1},\"one\"]],"
                " \"raw\":{\"q\":[true,false,null,{}]},"
                " \"num\":-0.5e-7,"
                " \"a\":{\"v\":[1,2,3]},"
                " \"s\":{\"b\":true,\"i8\":-1,\"i16\":2,\"i32\":3,\"i64\":4,\"u8\":5,\"u16\":6,\"u32\":7,"
                "\"u64\":18446744073709551615,\"f32\":0.5,\"f64\":1e-300},"
                " \"tree\":{\"v\":1,\"kids\":[{\"v\":2,\"kids\":[]}]},"
                " \"list\":{\"v\":1,\"next\":{\"v\":2,\"next\":null}},"
                " \"ev\":{\"id\":1,\"at\":{\"s\":5,\"zone\":\"Z\"},\"list\":[1,2]},"
                " \"ignored\":[{\"deep\":[1,2,{\"x\":\"y\"}]}] }",
                0);
    truncations(__LINE__, &everything_type,
                "{\"u\":{\"name\":\"A\",\"id\":1,\"role\":\"user\",\"tags\":[],\"scores\":{},},// c\n"
                " \"shapes\":[],\"ishapes\":[],\"ashapes\":[],\"xshapes\":[],\"ushapes\":[],\"byrole\":{},"
                "\"bykey\":[],\"raw\":[NaN,],\"num\":1,\"a\":{\"v\":[1,2,3,]},"
                "\"s\":{\"b\":true,\"i8\":-1,\"i16\":2,\"i32\":3,\"i64\":4,\"u8\":5,\"u16\":6,\"u32\":7,"
                "\"u64\":8,\"f32\":Infinity,\"f64\":-Infinity},/* x */"
                "\"tree\":{\"v\":1,\"kids\":[]},\"list\":{\"v\":1},\"ev\":{\"id\":1,\"at\":{},\"list\":[]}}",
                JB_READ_ALLOW_COMMENTS | JB_READ_ALLOW_TRAILING_COMMAS | JB_READ_ALLOW_NAN_INF);
}

/* Decoding again into a warm, reset arena allocates nothing new. */
static void *count_fn(void *ctx, void *p, size_t old, size_t n) {
    size_t *c = ctx;
    (void)old;
    if (n == 0) {
        free(p);
        return NULL;
    }
    (*c)++;
    return realloc(p, n);
}

static void test_arena(void) {
    size_t calls = 0;
    jb_allocator al = {count_fn, &calls};
    jb_arena *a = jb_arena_new_with(&al, 0);
    const char *j = "{\"name\":\"Ada\",\"id\":42,\"role\":\"admin\",\"tags\":[\"x\",\"y\\n\"],\"scores\":{\"chess\":1800}}";
    user u;
    CHECK(jb_decode(&user_type, j, strlen(j), &u, a, NULL, NULL) == JB_OK);
    CHECK(jb_arena_used(a) > 0 && jb_arena_reserved(a) >= jb_arena_used(a));
    size_t c0 = calls;
    for (int k = 0; k < 10; k++) {
        jb_arena_reset(a);
        CHECK(jb_arena_used(a) == 0);
        CHECK(jb_decode(&user_type, j, strlen(j), &u, a, NULL, NULL) == JB_OK);
        CHECK(u.tags.len == 2 && strcmp(u.tags.items[1], "y\n") == 0);
    }
    CHECKF(calls == c0, "warm decodes allocated %zu times", calls - c0);
    jb_arena_free(a);
    /* the cap: a small document fits a small cap... */
    a = jb_arena_new_with(NULL, 1024);
    vec_i32 v;
    jb_error e;
    jb_status st = jb_decode(vec_i32_type, "[1,2]", 5, &v, a, NULL, &e);
    CHECKF(st == JB_OK && v.len == 2, "[1,2] in an arena capped at 1024 bytes: %s", jb_status_name(st));
    CHECK(jb_arena_reserved(a) <= 1024);
    jb_arena_free(a);
    /* ...a decode past it is JB_E_LIMIT and leaves the arena as it was */
    a = jb_arena_new_with(NULL, 1024);
    char big[3000];
    size_t n = 0;
    big[n++] = '[';
    for (int k = 0; k < 400; k++) n += (size_t)sprintf(big + n, k ? ",%d" : "%d", k);
    big[n++] = ']';
    st = jb_decode(vec_i32_type, big, n, &v, a, NULL, &e);
    CHECKF(st == JB_E_LIMIT, "capped arena: %s", jb_status_name(st));
    CHECK(jb_arena_used(a) == 0 && all_zero(&v, sizeof v));
    CHECK(jb_arena_reserved(a) <= 1024);
    jb_arena_free(a);
}

/* A newtype around a pointer to itself reads nothing per step: any value
 * but null would nest forever. The engine stops after max_depth steps. */
typedef struct cyc { struct cyc *next; } cyc;
static const jb_type cyc_type;
static const jb_type cyc_type = JB_RECORD((cyc, .fmt_flags = JB_FMT_UNWRAP_UNARY),
    JB_FIELD(cyc, next, JB_PTR_OF(&cyc_type)));

static void test_descriptor_cycle(void) {
    cyc c;
    jb_error e;
    size_t used = jb_arena_used(A);
    CHECK(jb_decode(&cyc_type, "null", 4, &c, A, NULL, &e) == JB_OK && c.next == NULL);
    CHECK(jb_decode(&cyc_type, "5", 1, &c, A, NULL, &e) == JB_E_DEPTH);
    CHECKF(strstr(e.message, "a descriptor cycle?") != NULL, "%s", e.message);
    CHECK(c.next == NULL && jb_arena_used(A) == used);
}

/* ------------------------------------------------------------------ */
/* Deep values on a small stack                                        */
/* ------------------------------------------------------------------ */

/* The engine keeps its nesting in frames on the arena's scratch stack, so
 * with max_depth raised a million-deep value decodes on a thread with a
 * 64 KiB stack. JB_TEST_SCALE (valgrind runs) scales the depth down. */

typedef struct dexpr dexpr;
struct dexpr {
    int tag;
    union { int64_t lit; dexpr *neg; } as;
};
static const jb_type dexpr_ext, dexpr_adj;
#define DEXPR_CASES(self) \
    JB_CASE(dexpr, 1, "Lit", as.lit, &jb_i64), JB_CASE(dexpr, 2, "Neg", as.neg, JB_PTR_OF(self))
static const jb_type dexpr_ext = JB_SUM(dexpr, tag, DEXPR_CASES(&dexpr_ext));
static const jb_type dexpr_adj = JB_SUM((dexpr, .sum_style = JB_SUM_ADJACENT, .tag_name = "t", .content_name = "c"), tag, DEXPR_CASES(&dexpr_adj));

typedef struct {
    char *p;
    size_t len, cap;
} dbuf;

static void dput(dbuf *b, const char *s) {
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        b->cap = (b->len + n + 1) * 2;
        b->p = realloc(b->p, b->cap);
        if (!b->p) abort();
    }
    memcpy(b->p + b->len, s, n + 1);
    b->len += n;
}

static size_t deep_n(void) {
    const char *sc = getenv("JB_TEST_SCALE");
    double f = sc ? atof(sc) : 1.0;
    size_t n = (size_t)(1000000 * (f > 0 && f <= 1 ? f : 1.0));
    return n < 1000 ? 1000 : n;
}

typedef struct {
    int which;
    size_t n;
    int fails;    /* checks that failed inside the thread */
    jb_status st; /* of the failing-document case */
    jb_error err;
} djob;

#define DCHECK(j, cond)                                                   \
    do {                                                                  \
        if (!(cond)) {                                                    \
            (j)->fails++;                                                 \
            fprintf(stderr, "%s:%d: deep case %d: %s\n", __FILE__, __LINE__, (j)->which, #cond); \
        }                                                                 \
    } while (0)

static void *djob_run(void *arg) {
    djob *j = arg;
    size_t n = j->n;
    dbuf b = {0};
    char num[32];
    jb_arena *a = jb_arena_new();
    jb_read_options o = {.max_depth = (uint32_t)(3 * n + 10)};
    jb_error e;
    if (!a) abort();
    switch (j->which) {
    case 0: { /* a linked list through a pointer field */
        for (size_t i = 0; i < n; i++) {
            snprintf(num, sizeof num, "{\"v\":%zu,\"next\":", i % 1000);
            dput(&b, num);
        }
        dput(&b, "null");
        for (size_t i = 0; i < n; i++) dput(&b, "}");
        lnode l;
        DCHECK(j, jb_decode(&lnode_type, b.p, b.len, &l, a, &o, &e) == JB_OK);
        size_t k = 0;
        for (const lnode *q = &l; q && k <= n; q = q->next, k++) DCHECK(j, q->v == (int32_t)(k % 1000) || !q);
        DCHECK(j, k == n);
        /* the default limit still applies */
        DCHECK(j, jb_decode(&lnode_type, b.p, b.len, &l, a, NULL, &e) == JB_E_DEPTH);
        break;
    }
    case 1: { /* tuples of vectors of themselves */
        for (size_t i = 0; i < n; i++) dput(&b, "[[");
        for (size_t i = 0; i < n; i++) dput(&b, "]]");
        break;
    }
    case 2: case 3: { /* Neg(Neg(...Lit 7)) externally / adjacently tagged */
        const jb_type *t = j->which == 2 ? &dexpr_ext : &dexpr_adj;
        for (size_t i = 0; i < n; i++) dput(&b, j->which == 2 ? "{\"Neg\":" : "{\"t\":\"Neg\",\"c\":");
        dput(&b, j->which == 2 ? "{\"Lit\":7}" : "{\"t\":\"Lit\",\"c\":7}");
        for (size_t i = 0; i < n; i++) dput(&b, "}");
        dexpr d;
        DCHECK(j, jb_decode(t, b.p, b.len, &d, a, &o, &e) == JB_OK);
        const dexpr *q = &d;
        size_t k = 0;
        while (q && q->tag == 2 && k <= n) q = q->as.neg, k++;
        DCHECK(j, k == n && q && q->tag == 1 && q->as.lit == 7);
        break;
    }
    case 4: { /* untagged: each level tries Num, fails, then List */
        for (size_t i = 0; i < n; i++) dput(&b, "[");
        dput(&b, "1");
        for (size_t i = 0; i < n; i++) dput(&b, "]");
        unode u;
        DCHECK(j, jb_decode(&unode_type, b.p, b.len, &u, a, &o, &e) == JB_OK);
        const unode *q = &u;
        size_t k = 0;
        while (q->tag == 2 && q->as.list.len == 1 && k <= n) q = &q->as.list.items[0], k++;
        DCHECK(j, k == n && q->tag == 1 && q->as.num == 1);
        /* a string at the bottom fits no case: every level fails in turn */
        b.len = 0;
        for (size_t i = 0; i < n; i++) dput(&b, "[");
        dput(&b, "\"s\"");
        for (size_t i = 0; i < n; i++) dput(&b, "]");
        j->st = jb_decode(&unode_type, b.p, b.len, &u, a, &o, &j->err);
        break;
    }
    case 5: { /* a bad value at the bottom of a deep list */
        for (size_t i = 0; i < n; i++) dput(&b, "{\"v\":1,\"next\":");
        dput(&b, "{\"v\":\"x\"}");
        for (size_t i = 0; i < n; i++) dput(&b, "}");
        lnode l;
        j->st = jb_decode(&lnode_type, b.p, b.len, &l, a, &o, &j->err);
        DCHECK(j, l.next == NULL && l.v == 0);
        DCHECK(j, jb_arena_used(a) == 0);
        break;
    }
    }
    if (j->which == 1) {
        tnode t;
        DCHECK(j, jb_decode(&tnode_type, b.p, b.len, &t, a, &o, &e) == JB_OK);
        const tnode *q = &t;
        size_t k = 1;
        while (q->kids.len == 1 && k <= n) q = &q->kids.items[0], k++;
        DCHECK(j, k == n && q->kids.len == 0);
    }
    free(b.p);
    jb_arena_free(a);
    return NULL;
}

static djob run_deep(int which, size_t n) {
    pthread_attr_t at;
    pthread_t th;
    djob j = {which, n, 0, JB_OK, {0}};
    pthread_attr_init(&at);
    if (pthread_attr_setstacksize(&at, small_stack()) != 0) abort();
    if (pthread_create(&th, &at, djob_run, &j) != 0) abort();
    pthread_join(th, NULL);
    pthread_attr_destroy(&at);
    return j;
}

static void test_deep_small_stack(void) {
    size_t n = deep_n();
    for (int w = 0; w <= 3; w++) {
        djob j = run_deep(w, n);
        CHECKF(j.fails == 0, "deep case %d: %d checks failed", w, j.fails);
    }
    djob j = run_deep(4, n);
    CHECKF(j.fails == 0, "untagged: %d checks failed", j.fails);
    CHECK_EQ_INT(j.st, JB_E_TYPE);
    CHECK_EQ_INT(j.err.offset, 0); /* the outermost sum reports, at its start */
    CHECKF(strncmp(j.err.message, "no case of unode fits: Num: expected an integer, found array; List: ", 67) == 0,
           "%s", j.err.message);
    j = run_deep(5, n);
    CHECKF(j.fails == 0, "deep error: %d checks failed", j.fails);
    CHECK_EQ_INT(j.st, JB_E_TYPE);
    CHECK_EQ_INT(j.err.offset, n * strlen("{\"v\":1,\"next\":") + strlen("{\"v\":"));
    /* a path deeper than the path buffer keeps its innermost steps */
    CHECKF(strncmp(j.err.path, "$...", 4) == 0, "%s", j.err.path);
    size_t pl = strlen(j.err.path);
    CHECKF(pl > 12 && strncmp(j.err.path, "$....next.next.next", 19) == 0, "%s", j.err.path);
    /* ... and ends with the failing member: as many whole ".next" steps as
     * fit in the buffer after "$..." and before ".v" */
    CHECKF(pl == 4 + 49 * 5 + 2 && strcmp(j.err.path + pl - 7, ".next.v") == 0, "%s", j.err.path);
}

/* ------------------------------------------------------------------ */
/* Required pointers (JB_BOX_OF: serde's Box<T>)                       */
/* ------------------------------------------------------------------ */

typedef struct btree { int32_t v; struct btree *left, *right; } btree;
static const jb_type btree_type;
/* a branch's children are required (aeson: a missing key is an error), a
 * leaf is v alone: the sum of the two is modelled here by a nullable
 * right and a required left */
static const jb_type btree_type = JB_RECORD(btree, JB_FIELD(btree, v, JB_AUTO),
    JB_FIELD(btree, left, JB_BOX_OF(&btree_type)), JB_FIELD(btree, right, JB_PTR_OF(&btree_type)));
typedef struct { int32_t v; } bleaf;
typedef struct { bleaf *leaf; } bhold;
typedef struct { int32_t v; bool has_left; bleaf *left; } bopt;
static const jb_type bleaf_type = JB_RECORD(bleaf, JB_FIELD(bleaf, v, JB_AUTO));
static const jb_type bhold_type = JB_RECORD(bhold, JB_FIELD(bhold, leaf, JB_BOX_OF(&bleaf_type)));
static const jb_type bopt_type = JB_RECORD(bopt, JB_FIELD(bopt, v, JB_AUTO),
    JB_OPTIONAL(bopt, left, has_left, JB_BOX_OF(&bleaf_type)));
typedef JB_VEC(bleaf *) vec_box;
static const jb_type *const vec_box_type = JB_VEC_OF(JB_BOX_OF(&bleaf_type));

static void test_boxes(void) {
    bhold h;
    bopt o;
    vec_box vb;
    /* present: the pointee is allocated and read */
    CHECK(dec(&bhold_type, "{\"leaf\":{\"v\":3}}", &h, NULL, NULL) == JB_OK && h.leaf && h.leaf->v == 3);
    /* missing: JB_E_MISSING naming the key (a JB_PTR_OF would be NULL) */
    EXPECT_ERR(&bhold_type, "{}", 0, JB_E_MISSING, 1, 1, 2, "$.leaf", "\"leaf\"");
    /* null: JB_E_TYPE, what was expected and what was found */
    EXPECT_ERR(&bhold_type, "{\"leaf\":null}", 0, JB_E_TYPE, 8, 1, 9, "$.leaf", "found null");
    /* recursive: a missing left child deep inside, with its path */
    EXPECT_ERR(&btree_type, "{\"v\":1,\"left\":{\"v\":2}}", 0, JB_E_MISSING, 20, 1, 21, "$.left.left",
               "\"left\"");
    btree bt;
    CHECK(dec(&btree_type, "{\"v\":1,\"left\":{\"v\":2,\"left\":{\"v\":3,\"left\":{\"v\":4,"
              "\"left\":{\"v\":5,\"left\":{\"v\":6,\"left\":{\"v\":7,\"left\":{\"v\":8,"
              "\"left\":{\"v\":9,\"left\":{\"v\":10,\"left\":{\"v\":11,\"left\":{\"v\":12,"
              "\"left\":{\"v\":13,\"left\":{\"v\":14,\"left\":{\"v\":15,\"left\":{\"v\":16,"
              "\"left\":{\"v\":17}}}}}}}}}}}}}}}}}", &bt, NULL, NULL) == JB_E_MISSING);
    /* under a presence flag: absent is fine, present must not be null */
    CHECK(dec(&bopt_type, "{\"v\":1}", &o, NULL, NULL) == JB_OK && !o.has_left && !o.left);
    CHECK(dec(&bopt_type, "{\"v\":1,\"left\":{\"v\":2}}", &o, NULL, NULL) == JB_OK && o.has_left &&
          o.left && o.left->v == 2);
    EXPECT_ERR(&bopt_type, "{\"v\":1,\"left\":null}", 0, JB_E_TYPE, 14, 1, 15, "$.left", "found null");
    /* elements of a vec */
    CHECK(dec(vec_box_type, "[{\"v\":1},{\"v\":2}]", &vb, NULL, NULL) == JB_OK && vb.len == 2 &&
          vb.items[1]->v == 2);
    EXPECT_ERR(vec_box_type, "[{\"v\":1},null]", 0, JB_E_TYPE, 9, 1, 10, "$[1]", "found null");
}

int main(void) {
    A = jb_arena_new();
    if (!A) return 2;
    test_ints();
    test_floats();
    test_float_roundtrip();
    test_strings();
    test_enums();
    test_records();
    test_containers();
    test_sums();
    test_raw_custom();
    test_relaxed();
    test_positions();
    test_depth();
    test_deep_small_stack();
    test_descriptor_cycle();
    test_truncations();
    test_arena();
    test_boxes();
    jb_arena_free(A);
    return check_report();
}
