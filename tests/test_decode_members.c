/* SPDX-License-Identifier: MIT */
/*
 * test_decode_members.c — a record's member loop (decode.c): the fast
 * path that reads expected fields by their opcode (fast_members) and the
 * general one (record_member) it hands every other member to. Each
 * document is decoded with its members in declaration order (the fast
 * path takes them), shuffled (the general path does), and with the
 * hand-overs in between: an unknown key, an escaped key, a duplicate, the
 * member limit, whitespace and separators of every kind, a value that
 * fails. The values, offsets and paths expected are written by hand.
 *
 * Inputs are copied into exactly-sized malloc blocks, so AddressSanitizer
 * sees any read past the end.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"

static jb_arena *A;

typedef enum { COL_RED = 1, COL_BLUE = 2 } colour;
static const jb_type colour_type = JB_ENUM(colour, JB_ENUM_CASE(COL_RED, "red"), JB_ENUM_CASE(COL_BLUE, "blue"));

typedef struct { int32_t x; } pt;
static const jb_type pt_type = JB_RECORD(pt, JB_FIELD(pt, x, &jb_i32));

/* one field of every opcode, the optional forms, and a nested record */
typedef struct {
    bool b;
    int8_t i8;
    uint64_t u64;
    double d;
    float f;
    jb_str s;
    char *cs;
    colour c;
    bool has_os; jb_str os; /* optional, a flag */
    int32_t *op;            /* optional, a pointer */
    JB_VEC(uint32_t) v;
    uint8_t arr[2];
    bool has_fp; int32_t *fp; /* a flag over a pointer: null is present, NULL */
    pt in;
    int16_t last;
} mix;
static const jb_type mix_type = JB_RECORD(mix,
    JB_FIELD(mix, b, &jb_bool),
    JB_FIELD(mix, i8, &jb_i8),
    JB_FIELD(mix, u64, &jb_u64),
    JB_FIELD(mix, d, &jb_f64),
    JB_FIELD(mix, f, &jb_f32),
    JB_FIELD(mix, s, &jb_string),
    JB_FIELD(mix, cs, &jb_cstr),
    JB_FIELD(mix, c, &colour_type),
    JB_OPTIONAL(mix, os, has_os, &jb_string),
    JB_FIELD(mix, op, JB_PTR_OF(&jb_i32)),
    JB_FIELD(mix, v, JB_VEC_OF_T(uint32_t, &jb_u32)),
    JB_FIELD(mix, arr, JB_ARRAY_OF(uint8_t, 2, &jb_u8)),
    JB_OPTIONAL(mix, fp, has_fp, JB_PTR_OF(&jb_i32)),
    JB_FIELD(mix, in, &pt_type),
    JB_FIELD(mix, last, &jb_i16));

/* an optional with a flag and an optional pointer */
typedef struct { bool has_a; int32_t a; int32_t *p; } on;
static const jb_type on_type = JB_RECORD(on, JB_OPTIONAL(on, a, has_a, &jb_i32), JB_FIELD(on, p, JB_PTR_OF(&jb_i32)));

/* three required fields */
typedef struct { int32_t a, b, c; } abc;
static const jb_type abc_type = JB_RECORD(abc, JB_FIELD(abc, a, &jb_i32), JB_FIELD(abc, b, &jb_i32),
                                          JB_FIELD(abc, c, &jb_i32));

/* the members of a full mix, one per line (no separators) */
static const char *const members[] = {
    "\"b\": true",       "\"i8\": -128",        "\"u64\": 18446744073709551615", "\"d\": -2.5",
    "\"f\": 0.5",        "\"s\": \"s\\u00e9\"", "\"cs\": \"cs\"",                "\"c\": \"blue\"",
    "\"os\": \"o\"",     "\"op\": 7",           "\"v\": [1, 2, 3]",              "\"arr\": [254, 255]",
    "\"fp\": 9",         "\"in\": {\"x\": -4}", "\"last\": 32767",
};
#define NMEMBERS (sizeof members / sizeof members[0])

/* A document of the members in the order given by idx, pretty-printed
 * with `indent` spaces, or minified when indent < 0. */
static char *doc_of(const size_t *idx, size_t n, int indent) {
    size_t cap = 4096, len = 0;
    char *d = malloc(cap);
    len += (size_t)snprintf(d + len, cap - len, "{");
    for (size_t k = 0; k < n; k++) {
        if (k) len += (size_t)snprintf(d + len, cap - len, ",");
        if (indent >= 0) len += (size_t)snprintf(d + len, cap - len, "\n%*s", indent, "");
        len += (size_t)snprintf(d + len, cap - len, "%s", members[idx[k]]);
    }
    len += (size_t)snprintf(d + len, cap - len, indent >= 0 ? "\n}" : "}");
    return d;
}

static jb_status dec(const jb_type *t, const char *json, void *out, const jb_read_options *o, jb_error *e) {
    size_t n = strlen(json);
    char *copy = malloc(n ? n : 1);
    memcpy(copy, json, n);
    jb_status st = jb_decode(t, copy, n, out, A, o, e);
    free(copy);
    return st;
}

static void check_full(int line, const mix *m) {
    CHECK_AT(line, m->b && m->i8 == -128 && m->u64 == UINT64_MAX && m->d == -2.5 && m->f == 0.5f, "scalars");
    CHECK_AT(line, m->s.len == 3 && memcmp(m->s.ptr, "s\xc3\xa9", 3) == 0, "s [%.*s]", (int)m->s.len, m->s.ptr);
    CHECK_AT(line, m->cs && strcmp(m->cs, "cs") == 0 && m->c == COL_BLUE, "cs, c");
    CHECK_AT(line, m->has_os && m->os.len == 1 && m->os.ptr[0] == 'o', "os");
    CHECK_AT(line, m->op && *m->op == 7, "op");
    CHECK_AT(line, m->v.len == 3 && m->v.items[0] == 1 && m->v.items[1] == 2 && m->v.items[2] == 3, "v");
    CHECK_AT(line, m->arr[0] == 254 && m->arr[1] == 255, "arr");
    CHECK_AT(line, m->has_fp && m->fp && *m->fp == 9, "fp");
    CHECK_AT(line, m->in.x == -4 && m->last == 32767, "in, last");
}

/* Every member in order (fast), reversed (general), rotated, minified and
 * pretty at several indentations (up to 32 spaces and past them). */
static void test_orders(void) {
    size_t fwd[NMEMBERS], rev[NMEMBERS], rot[NMEMBERS];
    for (size_t i = 0; i < NMEMBERS; i++) {
        fwd[i] = i;
        rev[i] = NMEMBERS - 1 - i;
        rot[i] = (i + 5) % NMEMBERS;
    }
    const size_t *orders[] = {fwd, rev, rot};
    const int indents[] = {-1, 0, 1, 2, 4, 8, 31, 32, 33, 40};
    for (size_t o = 0; o < 3; o++) {
        for (size_t k = 0; k < sizeof indents / sizeof indents[0]; k++) {
            char *d = doc_of(orders[o], NMEMBERS, indents[k]);
            mix m;
            jb_error e;
            jb_status st = dec(&mix_type, d, &m, NULL, &e);
            CHECKF(st == JB_OK, "order %zu indent %d: %s", o, indents[k], st ? e.message : "");
            if (st == JB_OK) check_full(__LINE__, &m);
            free(d);
        }
    }
}

/* null for each optional form; absent members stay zero */
static void test_nulls(void) {
    mix m;
    const char *d = "{\"b\":false,\"i8\":0,\"u64\":0,\"d\":0,\"f\":0,\"s\":\"\",\"cs\":\"\",\"c\":\"red\","
                    "\"os\":null,\"op\":null,\"v\":[],\"arr\":[0,0],\"fp\":null,\"in\":{\"x\":0},\"last\":0}";
    CHECK(dec(&mix_type, d, &m, NULL, NULL) == JB_OK);
    CHECK(!m.has_os && m.os.ptr == NULL && m.os.len == 0 && m.op == NULL);
    CHECK(m.has_fp && m.fp == NULL); /* present, NULL */
    CHECK(m.v.len == 0 && m.c == COL_RED);
    /* the optionals missing */
    d = "{\"b\":false,\"i8\":0,\"u64\":0,\"d\":0,\"f\":0,\"s\":\"\",\"cs\":\"\",\"c\":\"red\","
        "\"v\":[],\"arr\":[0,0],\"in\":{\"x\":0},\"last\":1}";
    CHECK(dec(&mix_type, d, &m, NULL, NULL) == JB_OK);
    CHECK(!m.has_os && m.op == NULL && !m.has_fp && m.fp == NULL && m.last == 1);
    /* null before a delimiter of each kind, and at the end of the record */
    on x;
    CHECK(dec(&on_type, "{\"a\":null,\"p\":null}", &x, NULL, NULL) == JB_OK && !x.has_a && !x.p);
    CHECK(dec(&on_type, "{\"a\":null ,\"p\":null }", &x, NULL, NULL) == JB_OK && !x.has_a && !x.p);
    CHECK(dec(&on_type, "{\"a\":null\n,\"p\":null\t}", &x, NULL, NULL) == JB_OK && !x.has_a && !x.p);
    CHECK(dec(&on_type, "{\"a\": 5, \"p\": -6}", &x, NULL, NULL) == JB_OK && x.has_a && x.a == 5 && x.p && *x.p == -6);
    /* a null that is no literal: the error at the value, with its field */
    jb_error e;
    CHECK(dec(&on_type, "{\"a\":nul}", &x, NULL, &e) == JB_E_SYNTAX && e.offset == 5 && strcmp(e.path, "$.a") == 0);
    CHECK(dec(&on_type, "{\"a\":1,\"p\":nullx}", &x, NULL, &e) == JB_E_SYNTAX && e.offset == 11 &&
          strcmp(e.path, "$.p") == 0);
    CHECK(dec(&on_type, "{\"a\":nul", &x, NULL, &e) == JB_E_SYNTAX && e.offset == 5 && strcmp(e.path, "$.a") == 0);
    CHECK(dec(&on_type, "{\"a\":null", &x, NULL, &e) == JB_E_SYNTAX && e.offset == 9);
    /* null/ is a literal and a comment where comments are allowed */
    jb_read_options com = {.flags = JB_READ_ALLOW_COMMENTS};
    CHECK(dec(&on_type, "{\"a\":null/**/,\"p\":1}", &x, &com, NULL) == JB_OK && !x.has_a && x.p && *x.p == 1);
}

/* A failure in each kind of value: code, offset, path; output zeroed. */
static void test_value_errors(void) {
    static const struct {
        int line;
        const char *json;
        jb_status code;
        size_t offset;
        const char *path;
    } rows[] = {
        {__LINE__, "{\"b\":1}", JB_E_TYPE, 5, "$.b"},
        {__LINE__, "{\"b\":true,\"i8\":128}", JB_E_RANGE, 15, "$.i8"},
        {__LINE__, "{\"b\":true,\"i8\":1,\"u64\":-1}", JB_E_RANGE, 23, "$.u64"},
        {__LINE__, "{\"b\":true,\"i8\":1,\"u64\":1,\"d\":\"x\"}", JB_E_TYPE, 29, "$.d"},
        {__LINE__, "{\"b\":true,\"i8\":1,\"u64\":1,\"d\":1,\"f\":1e99}", JB_E_RANGE, 35, "$.f"},
        {__LINE__, "{\"b\":true,\"i8\":1,\"u64\":1,\"d\":1,\"f\":1,\"s\":3}", JB_E_TYPE, 41, "$.s"},
        {__LINE__, "{\"b\":true,\"i8\":1,\"u64\":1,\"d\":1,\"f\":1,\"s\":\"\",\"cs\":\"\\u0000\"}", JB_E_TYPE, 49, "$.cs"},
        {__LINE__, "{\"b\":true,\"i8\":1,\"u64\":1,\"d\":1,\"f\":1,\"s\":\"\",\"cs\":\"\",\"c\":\"green\"}", JB_E_UNKNOWN, 56, "$.c"},
        {__LINE__, "{\"os\":1}", JB_E_TYPE, 6, "$.os"},
        {__LINE__, "{\"op\":\"1\"}", JB_E_TYPE, 6, "$.op"},
        {__LINE__, "{\"v\":[1,-2]}", JB_E_RANGE, 8, "$.v[1]"},
        {__LINE__, "{\"v\":{}}", JB_E_TYPE, 5, "$.v"},
        {__LINE__, "{\"arr\":[1,2,3]}", JB_E_TYPE, 12, "$.arr"},
        {__LINE__, "{\"arr\":[1,256]}", JB_E_RANGE, 10, "$.arr[1]"},
        {__LINE__, "{\"fp\":true}", JB_E_TYPE, 6, "$.fp"},
        {__LINE__, "{\"in\":{\"x\":1.5}}", JB_E_TYPE, 11, "$.in.x"},
        {__LINE__, "{\"in\":{\"x\":1},\"last\":-32769}", JB_E_RANGE, 21, "$.last"},
        /* between members: the record's own errors, no field in the path */
        {__LINE__, "{\"b\":true \"i8\":1}", JB_E_SYNTAX, 10, "$"},
        {__LINE__, "{\"b\":true,}", JB_E_SYNTAX, 10, "$"},
        {__LINE__, "{\"b\":true,\"i8\" 1}", JB_E_SYNTAX, 15, "$"},
        {__LINE__, "{\"b\":true", JB_E_SYNTAX, 9, "$"},
        {__LINE__, "{\"b\":true,", JB_E_SYNTAX, 10, "$"},
        {__LINE__, "{\"b\":", JB_E_SYNTAX, 5, "$.b"},
        {__LINE__, "{\"b\"", JB_E_SYNTAX, 4, "$"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        unsigned char out[sizeof(mix) + 1];
        memset(out, 0xA5, sizeof out);
        size_t used = jb_arena_used(A);
        jb_error e;
        jb_status st = dec(&mix_type, rows[i].json, out, NULL, &e);
        CHECK_AT(rows[i].line, st == rows[i].code, "%s, want %s (%s)", jb_status_name(st),
                 jb_status_name(rows[i].code), st ? e.message : "");
        if (st == JB_OK) continue;
        CHECK_AT(rows[i].line, e.offset == rows[i].offset, "offset %zu, want %zu (%s)", e.offset, rows[i].offset,
                 e.message);
        CHECK_AT(rows[i].line, strcmp(e.path, rows[i].path) == 0, "path %s, want %s (%s)", e.path, rows[i].path, rows[i].json);
        bool zero = true;
        for (size_t k = 0; k < sizeof(mix); k++) zero = zero && out[k] == 0;
        CHECK_AT(rows[i].line, zero && out[sizeof(mix)] == 0xA5, "output not zeroed");
        CHECK_AT(rows[i].line, jb_arena_used(A) == used, "arena not rolled back");
    }
}

/* The hand-overs: what the fast path leaves to the general one, between
 * members it takes. */
static void test_handovers(void) {
    abc x;
    jb_error e;
    /* an unknown key between expected ones, of every shape */
    CHECK(dec(&abc_type, "{\"a\":1,\"z\":{\"a\":[2]},\"b\":2,\"c\":3}", &x, NULL, NULL) == JB_OK && x.a == 1 &&
          x.b == 2 && x.c == 3);
    /* escaped, spaced before ':' , out of order: each read by the general path, then the fast one goes on */
    CHECK(dec(&abc_type, "{\"\\u0061\":1,\"b\":2,\"c\":3}", &x, NULL, NULL) == JB_OK && x.a == 1 && x.b == 2 && x.c == 3);
    CHECK(dec(&abc_type, "{\"a\" :1,\"b\":2,\"c\":3}", &x, NULL, NULL) == JB_OK && x.a == 1 && x.b == 2 && x.c == 3);
    CHECK(dec(&abc_type, "{\"b\":2,\"c\":3,\"a\":1}", &x, NULL, NULL) == JB_OK && x.a == 1 && x.b == 2 && x.c == 3);
    CHECK(dec(&abc_type, "{\"c\":3,\"a\":1,\"b\":2}", &x, NULL, NULL) == JB_OK && x.a == 1 && x.b == 2 && x.c == 3);
    /* a duplicate right after the fast path took the key */
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"a\":5}", &x, NULL, &e) == JB_E_DUPLICATE && e.offset == 13 &&
          strcmp(e.path, "$.a") == 0);
    CHECK(dec(&abc_type, "{\"a\":1,\"a\":5,\"b\":2,\"c\":3}", &x, NULL, &e) == JB_E_DUPLICATE && e.offset == 7);
    jb_read_options lw = {.flags = JB_READ_DUPLICATE_LAST_WINS}, fw = {.flags = JB_READ_DUPLICATE_FIRST_WINS};
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"a\":5,\"c\":3}", &x, &lw, NULL) == JB_OK && x.a == 5 && x.b == 2 && x.c == 3);
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"a\":5,\"c\":3}", &x, &fw, NULL) == JB_OK && x.a == 1 && x.b == 2 && x.c == 3);
    /* the member limit, reached inside the fast path: at the value of the member over it */
    jb_read_options lim = {.max_members = 2};
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"c\":3}", &x, &lim, &e) == JB_E_LIMIT && e.offset == 17);
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2}", &x, &lim, NULL) == JB_E_MISSING);
    lim.max_members = 3;
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"c\":3}", &x, &lim, NULL) == JB_OK && x.c == 3);
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", &x, &lim, &e) == JB_E_LIMIT && e.offset == 23);
    /* whitespace before a ',', a trailing comma, comments, tabs, CRLF */
    CHECK(dec(&abc_type, "{\"a\":1 ,\"b\":2\t,\n\"c\":3 }", &x, NULL, NULL) == JB_OK && x.c == 3);
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"c\":3,}", &x, NULL, &e) == JB_E_SYNTAX && e.offset == 19);
    jb_read_options tc = {.flags = JB_READ_ALLOW_TRAILING_COMMAS};
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"c\":3,}", &x, &tc, NULL) == JB_OK && x.c == 3);
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2,\"c\":3,\n  }", &x, &tc, NULL) == JB_OK && x.c == 3);
    jb_read_options com = {.flags = JB_READ_ALLOW_COMMENTS};
    CHECK(dec(&abc_type, "{\"a\":1,/* b */\"b\":2,\n  // c\n  \"c\":3}", &x, &com, NULL) == JB_OK && x.b == 2 &&
          x.c == 3);
    CHECK(dec(&abc_type, "{\"a\":1,\n  /* b */ \"b\":2,\"c\":3}", &x, &com, NULL) == JB_OK && x.b == 2);
    CHECK(dec(&abc_type, "{\"a\":1,/\"b\":2}", &x, &com, &e) == JB_E_SYNTAX && e.offset == 7);
    CHECK(dec(&abc_type, "{\"a\":1,/\"b\":2}", &x, NULL, &e) == JB_E_SYNTAX && e.offset == 7);
    CHECK(dec(&abc_type, "{\"a\":1,\n\t\t\"b\":2,\r\n    \"c\":3\r\n}", &x, NULL, NULL) == JB_OK && x.b == 2 && x.c == 3);
    CHECK(dec(&abc_type, "{\"a\":1,\n\n  \"b\":2,\n \t \"c\":3}", &x, NULL, NULL) == JB_OK && x.b == 2 && x.c == 3);
    /* a line break at the very end of the input */
    CHECK(dec(&abc_type, "{\"a\":1,\n", &x, NULL, &e) == JB_E_SYNTAX && e.offset == 8);
    CHECK(dec(&abc_type, "{\"a\":1,\n                                  ", &x, NULL, &e) == JB_E_SYNTAX && e.offset == 42);
    /* unknown keys denied, after the fast path */
    CHECK(dec(&abc_type, "{\"a\":1,\"bb\":2}", &x, &(jb_read_options){.flags = JB_READ_DENY_UNKNOWN}, &e) ==
              JB_E_UNKNOWN && e.offset == 7);
    /* a key that is the expected one's prefix, or longer */
    CHECK(dec(&abc_type, "{\"a\":1,\"b2\":9,\"b\":2,\"c\":3}", &x, NULL, NULL) == JB_OK && x.b == 2);
    /* a missing field after the fast path: at the '}', naming it */
    CHECK(dec(&abc_type, "{\"a\":1,\"b\":2}", &x, NULL, &e) == JB_E_MISSING && e.offset == 12 &&
          strcmp(e.path, "$.c") == 0);
}

/* Fields absent from the input: the fast loop tries the few fields after
 * the expected one (fm_ahead) before it hands the key to the general
 * path. Each document is also decoded with an error list attached, which
 * takes the general path for every member: the same status, first error
 * and values. */
typedef struct {
    int32_t a;
    bool has_b; int32_t b;
    bool has_c; int32_t c;
    bool has_d; int32_t d;
    bool has_e; int32_t e;
    bool has_f; int32_t f;
    bool has_g; int32_t g;
    int32_t z;
} sparse;
static const jb_type sparse_type = JB_RECORD(sparse, JB_FIELD(sparse, a, &jb_i32),
    JB_OPTIONAL(sparse, b, has_b, &jb_i32), JB_OPTIONAL(sparse, c, has_c, &jb_i32),
    JB_OPTIONAL(sparse, d, has_d, &jb_i32), JB_OPTIONAL(sparse, e, has_e, &jb_i32),
    JB_OPTIONAL(sparse, f, has_f, &jb_i32), JB_OPTIONAL(sparse, g, has_g, &jb_i32),
    JB_FIELD(sparse, z, &jb_i32));
/* a record of them (not a record of leaves: its own frame, step_record) */
typedef struct {
    sparse s;
    bool has_t; int32_t t;
    abc u;
} outer_sparse;
static const jb_type outer_sparse_type = JB_RECORD(outer_sparse, JB_FIELD(outer_sparse, s, &sparse_type),
    JB_OPTIONAL(outer_sparse, t, has_t, &jb_i32), JB_FIELD(outer_sparse, u, &abc_type));

typedef struct { bool x, y; } two_bools;
static const jb_type two_bools_type =
    JB_RECORD(two_bools, JB_FIELD(two_bools, x, &jb_bool), JB_FIELD(two_bools, y, &jb_bool));

static void test_absent(void) {
    static const struct {
        int line;
        const jb_type *t;
        const char *json;
        jb_status code;
        size_t offset;
        const char *path;
        size_t max_members;
    } rows[] = {
        {__LINE__, &sparse_type, "{\"a\":1,\"c\":3,\"z\":9}", JB_OK, 0, "", 0},
        {__LINE__, &sparse_type, "{\"a\":1,\"e\":5,\"f\":6,\"z\":9}", JB_OK, 0, "", 0},
        {__LINE__, &sparse_type, "{\"a\":1,\"f\":6,\"z\":9}", JB_OK, 0, "", 0},     /* 4 ahead */
        {__LINE__, &sparse_type, "{\"a\":1,\"g\":7,\"z\":9}", JB_OK, 0, "", 0},     /* 5: the lookup */
        {__LINE__, &sparse_type, "{\"a\":1,\"z\":9}", JB_OK, 0, "", 0},
        {__LINE__, &sparse_type, "{\"a\":1,\"c\":3,\"b\":2,\"z\":9}", JB_OK, 0, "", 0},
        {__LINE__, &sparse_type, "{\"a\":1,\"c\":3,\"c\":4,\"z\":9}", JB_E_DUPLICATE, 13, "$.c", 0},
        {__LINE__, &sparse_type, "{\"a\":1,\"c\":3,\"x\":0,\"d\":4,\"z\":9}", JB_OK, 0, "", 0},
        /* a field after the expected one, seen already: a duplicate, not taken again */
        {__LINE__, &sparse_type, "{\"a\":1,\"d\":4,\"b\":2,\"d\":5,\"z\":9}", JB_E_DUPLICATE, 19, "$.d", 0},
        {__LINE__, &sparse_type, "{\"a\":1,\"c\":3}", JB_E_MISSING, 12, "$.z", 0},
        {__LINE__, &sparse_type, "{\"c\":3,\"z\":9}", JB_E_MISSING, 12, "$.a", 0},
        {__LINE__, &sparse_type, "{\"a\":1,\"c\":3,\"z\":9}", JB_E_LIMIT, 11, "$", 1},
        {__LINE__, &sparse_type, "{\"a\":1,\"c\":\"3\",\"z\":9}", JB_E_TYPE, 11, "$.c", 0},
        {__LINE__, &abc_type, "{\"a\":1,\"c\":3}", JB_E_MISSING, 12, "$.b", 0},
        {__LINE__, &outer_sparse_type, "{\"s\":{\"a\":1,\"d\":4,\"z\":9},\"u\":{\"a\":1,\"b\":2,\"c\":3}}", JB_OK, 0, "", 0},
        {__LINE__, &outer_sparse_type, "{\"s\":{\"a\":1,\"d\":4,\"z\":9},\"u\":{\"a\":1,\"c\":3}}", JB_E_MISSING, 41, "$.u.b", 0},
        {__LINE__, &outer_sparse_type, "{\"s\":{\"a\":1,\"d\":4,\"z\":9},\"t\":5,\"u\":{\"a\":1,\"b\":2,\"c\":\"\"}}", JB_E_TYPE, 52, "$.u.c", 0},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        jb_error items[4], e, e2;
        jb_error_list list = JB_ERROR_LIST_INIT(items, 4);
        jb_read_options o = {.max_members = rows[i].max_members};
        jb_read_options o2 = {.max_members = rows[i].max_members, .errors = &list};
        outer_sparse v, v2;
        jb_status st = dec(rows[i].t, rows[i].json, &v, &o, &e);
        jb_status st2 = dec(rows[i].t, rows[i].json, &v2, &o2, &e2);
        CHECK_AT(rows[i].line, st == rows[i].code && st2 == st, "%s, with a list %s, want %s (%s)",
                 jb_status_name(st), jb_status_name(st2), jb_status_name(rows[i].code),
                 st ? e.message : "");
        if (st == JB_OK) {
            CHECK_AT(rows[i].line, memcmp(&v, &v2, rows[i].t->size) == 0, "values differ");
            continue;
        }
        CHECK_AT(rows[i].line, e.offset == rows[i].offset && e2.offset == e.offset,
                 "offset %zu, with a list %zu, want %zu (%s)", e.offset, e2.offset, rows[i].offset, e.message);
        CHECK_AT(rows[i].line, strcmp(e.path, rows[i].path) == 0 && strcmp(e2.path, e.path) == 0,
                 "path %s, with a list %s, want %s", e.path, e2.path, rows[i].path);
        CHECK_AT(rows[i].line, strcmp(e.message, e2.message) == 0, "%s / %s", e.message, e2.message);
    }
    /* booleans: true and false in line, every other form jb__dec_bool's */
    static const struct {
        int line;
        const char *json;
        jb_status code;
        size_t offset;
    } bools[] = {
        {__LINE__, "{\"x\":true,\"y\":false}", JB_OK, 0},
        {__LINE__, "{\"x\":false ,\"y\":true\n}", JB_OK, 0},
        {__LINE__, "{\"x\":truex,\"y\":false}", JB_E_SYNTAX, 5},
        {__LINE__, "{\"x\":falsey,\"y\":false}", JB_E_SYNTAX, 5},
        {__LINE__, "{\"x\":fals,\"y\":false}", JB_E_SYNTAX, 5},
        {__LINE__, "{\"x\":tru}", JB_E_SYNTAX, 5},
        {__LINE__, "{\"x\":true}", JB_E_MISSING, 9},
        {__LINE__, "{\"x\":1,\"y\":true}", JB_E_TYPE, 5},
        {__LINE__, "{\"x\":true,\"y\":false", JB_E_SYNTAX, 19},
        {__LINE__, "{\"x\":true,\"y\":fals", JB_E_SYNTAX, 14},
    };
    for (size_t i = 0; i < sizeof bools / sizeof bools[0]; i++) {
        jb_error items[4], e, e2;
        jb_error_list list = JB_ERROR_LIST_INIT(items, 4);
        jb_read_options o2 = {.errors = &list};
        two_bools v, v2;
        jb_status st = dec(&two_bools_type, bools[i].json, &v, NULL, &e);
        jb_status st2 = dec(&two_bools_type, bools[i].json, &v2, &o2, &e2);
        CHECK_AT(bools[i].line, st == bools[i].code && st2 == st, "%s, with a list %s (%s)",
                 jb_status_name(st), jb_status_name(st2), st ? e.message : "");
        if (st == JB_OK) {
            CHECK_AT(bools[i].line, v.x == v2.x && v.y == v2.y && v.x != v.y, "values");
            continue;
        }
        CHECK_AT(bools[i].line, e.offset == bools[i].offset && e2.offset == e.offset &&
                                    strcmp(e.message, e2.message) == 0 && strcmp(e.path, e2.path) == 0,
                 "offset %zu, with a list %zu, want %zu (%s / %s)", e.offset, e2.offset, bools[i].offset,
                 e.message, e2.message);
    }
    sparse x;
    CHECK(dec(&sparse_type, "{\"a\":1,\"d\":4,\"f\":6,\"z\":9}", &x, NULL, NULL) == JB_OK && x.a == 1 &&
          !x.has_b && !x.has_c && x.has_d && x.d == 4 && !x.has_e && x.has_f && x.f == 6 && !x.has_g && x.z == 9);
}

/* Collecting errors: the general loop reports every member that fails. */
static void test_collect(void) {
    mix m;
    jb_error items[8];
    jb_error_list list = JB_ERROR_LIST_INIT(items, 8);
    jb_read_options o = {.errors = &list};
    const char *d = "{\"b\":1,\"i8\":1000,\"u64\":0,\"d\":0,\"f\":0,\"s\":\"\",\"cs\":\"\",\"c\":\"red\","
                    "\"v\":[],\"arr\":[0,0],\"in\":{\"x\":0},\"last\":0}";
    CHECK(dec(&mix_type, d, &m, &o, NULL) == JB_E_TYPE);
    CHECK(list.len == 2 && strcmp(items[0].path, "$.b") == 0 && strcmp(items[1].path, "$.i8") == 0);
}

/* Unknown members remembered by their index (decode.c's memo): a record
 * type's objects in an array, each with members the type does not read,
 * in the same order or shifted. A remembered key is skipped only on equal
 * bytes, so a known field, a longer or shorter key or an escaped one at
 * that index goes the general way; an error in a skipped value, and the
 * member limit at one, read exactly as where nothing was remembered. */
typedef JB_VEC(abc) abc_vec;
static const jb_type *const abc_vec_type = JB_VEC_OF_T(abc, &abc_type);
typedef struct { int32_t v; } r1;
typedef struct { int32_t v; } r2;
typedef struct { int32_t v; } r3;
typedef struct { int32_t v; } r4;
typedef struct { int32_t v; } r5;
static const jb_type r1_type = JB_RECORD(r1, JB_FIELD(r1, v, &jb_i32));
static const jb_type r2_type = JB_RECORD(r2, JB_FIELD(r2, v, &jb_i32));
static const jb_type r3_type = JB_RECORD(r3, JB_FIELD(r3, v, &jb_i32));
static const jb_type r4_type = JB_RECORD(r4, JB_FIELD(r4, v, &jb_i32));
static const jb_type r5_type = JB_RECORD(r5, JB_FIELD(r5, v, &jb_i32));
typedef struct { r1 a; r2 b; r3 c; r4 d; r5 e; } five;
static const jb_type five_type = JB_RECORD(five, JB_FIELD(five, a, &r1_type), JB_FIELD(five, b, &r2_type),
    JB_FIELD(five, c, &r3_type), JB_FIELD(five, d, &r4_type), JB_FIELD(five, e, &r5_type));
typedef JB_VEC(five) five_vec;
static const jb_type *const five_vec_type = JB_VEC_OF_T(five, &five_type);

static bool abc_is(const abc_vec *v, size_t i, int32_t a, int32_t b, int32_t c) {
    return i < v->len && v->items[i].a == a && v->items[i].b == b && v->items[i].c == c;
}

/* The offset of the first `what` at or after `after` in d. */
static size_t at_of(const char *d, const char *after, const char *what) {
    const char *p = strstr(d, after);
    return p ? (size_t)(strstr(p, what) - d) : (size_t)-1;
}

static void test_memo(void) {
    abc_vec v;
    jb_error e, cold;
    /* the same unknown members each time, minified and pretty */
    CHECK(dec(abc_vec_type,
              "[{\"a\":1,\"x\":7,\"b\":2,\"y\":\"s\",\"c\":3},{\"a\":4,\"x\":8,\"b\":5,\"y\":\"t\",\"c\":6},"
              "{\"a\":7,\"x\":[9],\"b\":8,\"y\":{\"a\":0},\"c\":9}]",
              &v, NULL, NULL) == JB_OK &&
          v.len == 3 && abc_is(&v, 0, 1, 2, 3) && abc_is(&v, 1, 4, 5, 6) && abc_is(&v, 2, 7, 8, 9));
    CHECK(dec(abc_vec_type,
              "[\n  {\n    \"x\": 0,\n    \"a\": 1,\n    \"y\": null,\n    \"b\": 2,\n    \"c\": 3\n  },\n"
              "  {\n    \"x\": 0,\n    \"a\": 4,\n    \"y\": null,\n    \"b\": 5,\n    \"c\": 6\n  }\n]",
              &v, NULL, NULL) == JB_OK &&
          v.len == 2 && abc_is(&v, 0, 1, 2, 3) && abc_is(&v, 1, 4, 5, 6));
    /* a known field where an unknown one was; a member absent or added
     * before the remembered one (one index on, one back); a field the
     * remembered key is a prefix of, or that is a prefix of it */
    CHECK(dec(abc_vec_type,
              "[{\"x\":0,\"a\":1,\"b\":2,\"c\":3},{\"a\":4,\"x\":0,\"b\":5,\"c\":6},{\"x\":0,\"b\":8,\"a\":7,\"c\":9},"
              "{\"q\":0,\"x\":0,\"a\":1,\"b\":1,\"c\":1}]",
              &v, NULL, NULL) == JB_OK &&
          v.len == 4 && abc_is(&v, 0, 1, 2, 3) && abc_is(&v, 1, 4, 5, 6) && abc_is(&v, 2, 7, 8, 9) &&
          abc_is(&v, 3, 1, 1, 1));
    CHECK(dec(abc_vec_type,
              "[{\"a\":1,\"b2\":0,\"b\":2,\"c\":3},{\"a\":4,\"b\":5,\"b2\":0,\"c\":6},{\"a\":7,\"b\":8,\"b\":0,\"c\":9}]",
              &v, NULL, &e) == JB_E_DUPLICATE &&
          strcmp(e.path, "$[2].b") == 0);
    CHECK(dec(abc_vec_type, "[{\"a\":1,\"bb\":0,\"b\":2,\"c\":3},{\"a\":4,\"b\":5,\"c\":6}]", &v, NULL, NULL) == JB_OK &&
          abc_is(&v, 1, 4, 5, 6));
    /* an escaped key is not remembered; a space before the ':' is a
     * different span; a comment after it is not remembered */
    CHECK(dec(abc_vec_type,
              "[{\"a\":1,\"\\u0078\":0,\"b\":2,\"c\":3},{\"a\":4,\"\\u0078\":0,\"b\":5,\"c\":6},"
              "{\"a\":7,\"x\" :0,\"b\":8,\"c\":9},{\"a\":1,\"x\":0,\"b\":1,\"c\":1}]",
              &v, NULL, NULL) == JB_OK &&
          abc_is(&v, 1, 4, 5, 6) && abc_is(&v, 2, 7, 8, 9) && abc_is(&v, 3, 1, 1, 1));
    jb_read_options com = {.flags = JB_READ_ALLOW_COMMENTS};
    CHECK(dec(abc_vec_type, "[{\"a\":1,\"x\": /*c*/ 0,\"b\":2,\"c\":3},{\"a\":4,\"x\": /*c*/ 0,\"b\":5,\"c\":6}]", &v,
              &com, NULL) == JB_OK &&
          abc_is(&v, 1, 4, 5, 6));
    /* a bad value under a remembered key: the error a first sight gives */
    const char *bad = "[{\"a\":1,\"x\":[1],\"b\":2,\"c\":3},{\"a\":1,\"x\":[1,],\"b\":2,\"c\":3}]";
    CHECK(dec(abc_vec_type, bad, &v, NULL, &e) == JB_E_SYNTAX && e.offset == at_of(bad, "[1,]", ",") &&
          strcmp(e.path, "$[1].x") == 0);
    CHECK(dec(abc_vec_type, "[{\"a\":1,\"x\":[1,],\"b\":2,\"c\":3}]", &v, NULL, &cold) == JB_E_SYNTAX &&
          strcmp(cold.message, e.message) == 0);
    /* the member limit at a remembered key: at its value, as the general path */
    jb_read_options lim = {.max_members = 4};
    const char *over = "[{\"a\":1,\"b\":2,\"c\":3,\"x\":0},{\"q\":0,\"a\":1,\"b\":2,\"c\":3,\"x\":5}]";
    CHECK(dec(abc_vec_type, over, &v, &lim, &e) == JB_E_LIMIT && e.offset == at_of(over, "\"x\":5", "5") &&
          strcmp(e.path, "$[1]") == 0);
    CHECK(dec(abc_vec_type, "[{\"q\":0,\"a\":1,\"b\":2,\"c\":3,\"x\":5}]", &v, &lim, &cold) == JB_E_LIMIT &&
          strcmp(cold.message, e.message) == 0);
    /* members past the remembered indexes (32), twice */
    char big[2048];
    size_t n = 0;
    n += (size_t)snprintf(big + n, sizeof big - n, "[");
    for (int o = 0; o < 2; o++) {
        n += (size_t)snprintf(big + n, sizeof big - n, "%s{", o ? "," : "");
        for (int k = 0; k < 40; k++) n += (size_t)snprintf(big + n, sizeof big - n, "\"u%d\":%d,", k, k);
        n += (size_t)snprintf(big + n, sizeof big - n, "\"a\":%d,\"b\":2,\"c\":3,\"u40\":[]}", o + 1);
    }
    n += (size_t)snprintf(big + n, sizeof big - n, "]");
    CHECK(n < sizeof big && dec(abc_vec_type, big, &v, NULL, NULL) == JB_OK && v.len == 2 &&
          abc_is(&v, 0, 1, 2, 3) && abc_is(&v, 1, 2, 2, 3));
    /* more record types than the memo keeps, in turn */
    five_vec f;
    const char *obj = "{\"a\":{\"u\":0,\"v\":1},\"b\":{\"u\":0,\"v\":2},\"c\":{\"w\":0,\"v\":3},\"d\":{\"u\":0,\"v\":4},"
                      "\"e\":{\"u\":[0],\"v\":5}}";
    char three[1024];
    snprintf(three, sizeof three, "[%s,%s,%s]", obj, obj, obj);
    CHECK(dec(five_vec_type, three, &f, NULL, NULL) == JB_OK && f.len == 3 && f.items[2].a.v == 1 &&
          f.items[2].b.v == 2 && f.items[2].c.v == 3 && f.items[2].d.v == 4 && f.items[2].e.v == 5);
}

int main(void) {
    A = jb_arena_new();
    test_orders();
    test_nulls();
    test_value_errors();
    test_handovers();
    test_absent();
    test_collect();
    test_memo();
    jb_arena_free(A);
    return check_report();
}
