/* SPDX-License-Identifier: MIT */
/*
 * test_decode_vectors.c — vectors and fixed arrays read without a frame
 * (decode.c, leaf_vec and flat_fixed): vectors of a flat kind, of fixed
 * arrays of one (canada's points) and of records whose fields are all
 * leaves (citm's areas and prices), with the element separators, the
 * whitespace and the closes read in line where they have a common shape.
 *
 * Every document is decoded twice: as is, which takes those loops, and
 * with an error list attached, which takes the vector's and the record's
 * frames (collecting errors recovers from inside them). The first error
 * of both must be the same (code, offset, path, message), and the values
 * too; the errors expected are also written by hand.
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

/* a record of leaves: a scalar, an optional, a vector of scalars */
typedef struct {
    int32_t id;
    bool has_n;
    uint16_t n;
    JB_VEC(uint32_t) ids;
} area;
static const jb_type area_type =
    JB_RECORD(area, JB_FIELD(area, id, &jb_i32), JB_OPTIONAL(area, n, has_n, &jb_u16),
              JB_FIELD(area, ids, JB_VEC_OF_T(uint32_t, &jb_u32)));
typedef JB_VEC(area) areas;

/* a record holding a vector of them (a frame of its own), then a scalar */
typedef struct {
    areas a;
    int8_t last;
} cat;
static const jb_type cat_type =
    JB_RECORD(cat, JB_FIELD(cat, a, JB_VEC_OF_T(area, &area_type)), JB_FIELD(cat, last, &jb_i8));

/* points, rings of them, rings of rings */
typedef double point[2];
typedef JB_VEC(point) ring;
typedef JB_VEC(ring) rings;
#define POINT JB_ARRAY_OF(double, 2, &jb_f64)
#define RING JB_VEC_OF_T(point, POINT)
static const jb_type *const rings_type = JB_VEC_OF_T(ring, RING);

/* fixed arrays of another flat kind */
typedef int16_t tri[3];
typedef JB_VEC(tri) tris;
static const jb_type *const tris_type = JB_VEC_OF_T(tri, JB_ARRAY_OF(int16_t, 3, &jb_i16));

/* a vector of strings (a flat kind) */
typedef JB_VEC(jb_str) strs;
static const jb_type *const strs_type = JB_VEC_OF_T(jb_str, &jb_string);
static const jb_type *const areas_type = JB_VEC_OF_T(area, &area_type);

static jb_status dec(const jb_type *t, const char *json, void *out, const jb_read_options *o,
                     jb_error *e) {
    size_t n = strlen(json);
    char *copy = malloc(n ? n : 1);
    memcpy(copy, json, n);
    jb_status st = jb_decode(t, copy, n, out, A, o, e);
    free(copy);
    return st;
}

/* Decode json as t without and with an error list (the frame paths):
 * the same status and first error, and on success the same bytes of
 * output when `same` (values without pointers). Returns the status. */
static jb_status dec2(int line, const jb_type *t, const char *json, const jb_read_options *o,
                      void *out, jb_error *e) {
    jb_error items[4], e2;
    jb_error_list list = JB_ERROR_LIST_INIT(items, 4);
    jb_read_options o2 = o ? *o : (jb_read_options){0};
    o2.errors = &list;
    unsigned char out2[256];
    jb_status st = dec(t, json, out, o, e);
    jb_status st2 = dec(t, json, out2, &o2, &e2);
    CHECK_AT(line, st == st2, "%s, with a list %s (%s)", jb_status_name(st), jb_status_name(st2),
             json);
    if (st && st2) {
        CHECK_AT(line,
                 e->offset == e2.offset && strcmp(e->path, e2.path) == 0 &&
                     strcmp(e->message, e2.message) == 0,
                 "%zu %s %s, with a list %zu %s %s", e->offset, e->path, e->message, e2.offset,
                 e2.path, e2.message);
    }
    return st;
}

/* One pretty-printer for the documents below: `w` is the text with '|'
 * for a line break and the indentation of `ind` spaces per level (the
 * level follows the brackets), '~' for one space. ind < 0: minified. */
static char *pretty(const char *w, int ind) {
    size_t cap = strlen(w) * 64 + 64, len = 0;
    char *d = malloc(cap);
    int level = 0;
    for (const char *p = w; *p; p++) {
        if (*p == '{' || *p == '[') level++;
        if (*p == '}' || *p == ']') level--;
        if (*p == '|') {
            if (ind >= 0) len += (size_t)snprintf(d + len, cap - len, "\n%*s", level * ind, "");
        } else if (*p == '~') {
            if (ind >= 0) d[len++] = ' ';
        } else {
            d[len++] = *p;
        }
    }
    d[len] = 0;
    return d;
}

static void check_cat(int line, const cat *c) {
    CHECK_AT(line, c->a.len == 3 && c->last == -7, "len %zu last %d", c->a.len, c->last);
    if (c->a.len != 3) return;
    const area *a = c->a.items;
    CHECK_AT(line, a[0].id == 1 && !a[0].has_n && a[0].ids.len == 0, "a[0]");
    CHECK_AT(line,
             a[1].id == -2 && a[1].has_n && a[1].n == 65535 && a[1].ids.len == 2 &&
                 a[1].ids.items[0] == 3 && a[1].ids.items[1] == 4,
             "a[1]");
    CHECK_AT(line, a[2].id == 5 && !a[2].has_n && a[2].ids.len == 1 && a[2].ids.items[0] == 6,
             "a[2]");
}

/* Records in a vector, every indentation (up to 32 spaces per line and
 * past them), minified, and the other whitespace forms. */
static void test_records(void) {
    static const char *const w =
        "{|\"a\":~[|{|\"id\":~1,|\"ids\":~[]|},|{|\"id\":~-2,|\"n\":~65535,|\"ids\":~[|3,|4|]|},|"
        "{|\"id\":~5,|\"n\":~null,|\"ids\":~[6]|}|],|\"last\":~-7|}";
    const int indents[] = {-1, 0, 1, 2, 4, 8, 10, 11, 16, 17};
    for (size_t k = 0; k < sizeof indents / sizeof indents[0]; k++) {
        char *d = pretty(w, indents[k]);
        cat c;
        jb_error e;
        jb_status st = dec2(__LINE__, &cat_type, d, NULL, &c, &e);
        CHECKF(st == JB_OK, "indent %d: %s", indents[k], st ? e.message : "");
        if (st == JB_OK) check_cat(__LINE__, &c);
        /* the depth the document needs exactly: every close read in line
         * gives its level back (root, "a", an area, its "ids") */
        jb_read_options o = {.max_depth = 4};
        st = dec2(__LINE__, &cat_type, d, &o, &c, &e);
        CHECKF(st == JB_OK, "indent %d, max_depth 4: %s", indents[k], st ? e.message : "");
        o.max_depth = 3;
        st = dec2(__LINE__, &cat_type, d, &o, &c, &e);
        CHECKF(st == JB_E_DEPTH, "indent %d, max_depth 3: %s", indents[k], jb_status_name(st));
        free(d);
    }
    /* clang-format off */
    static const struct {
        int line;
        const char *json;
        uint32_t flags;
    } rows[] = {
        {__LINE__, "{\"a\":[{\"id\":1,\"ids\":[]} , {\"id\":-2,\"n\":65535,\"ids\":[3 ,4]}\t,\r\n"
                   "{\"id\":5,\"ids\":[ 6 ]}\n],\"last\":-7}", 0},
        {__LINE__, "{\"a\":[\r\n{\"id\":1,\"ids\":[\r\n]},\r\n  {\"id\":-2,\"n\":65535,\"ids\":[3,\r\n4]},"
                   "\n\t{\"id\":5,\"ids\":[6\n\n]}\n\n],\"last\":-7}", 0},
        {__LINE__, "{\"a\":[{\"id\":1,\"ids\":[]},{\"id\":-2,\"n\":65535,\"ids\":[3,4,]},"
                   "{\"id\":5,\"ids\":[6],},],\"last\":-7}", JB_READ_ALLOW_TRAILING_COMMAS},
        {__LINE__, "{\"a\":[{\"id\":1,\"ids\":[]},\n  {\"id\":-2,\"n\":65535,\"ids\":[3,4,\n  ]},"
                   "{\"id\":5,\"ids\":[6]},\n      ],\"last\":-7}", JB_READ_ALLOW_TRAILING_COMMAS},
        {__LINE__, "{\"a\":[/**/{\"id\":1,\"ids\":[/**/]},// x\n{\"id\":-2,\"n\":65535,\"ids\":[3,/**/4]}"
                   "/**/,\n  /**/{\"id\":5,\"ids\":[6]}/**/],\"last\":-7}", JB_READ_ALLOW_COMMENTS},
        /* members out of order: the record's general path inside the vector */
        {__LINE__, "{\"a\":[{\"ids\":[],\"id\":1},{\"ids\":[3,4],\"n\":65535,\"id\":-2},"
                   "{\"zz\":[1,{}],\"ids\":[6],\"id\":5}],\"last\":-7}", 0},
    };
    /* clang-format on */
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        jb_read_options o = {.flags = rows[i].flags};
        cat c;
        jb_error e;
        jb_status st = dec2(rows[i].line, &cat_type, rows[i].json, &o, &c, &e);
        CHECK_AT(rows[i].line, st == JB_OK, "%s", st ? e.message : "");
        if (st == JB_OK) check_cat(rows[i].line, &c);
    }
    /* the vector as the root, and empty */
    areas v;
    CHECK(dec2(__LINE__, areas_type, "[{\"id\":9,\"ids\":[]}]", NULL, &v, &(jb_error){0}) ==
              JB_OK &&
          v.len == 1 && v.items[0].id == 9);
    CHECK(dec2(__LINE__, areas_type, " [ ] ", NULL, &v, &(jb_error){0}) == JB_OK && v.len == 0 &&
          v.items == NULL);
}

/* Points in rings, minified and pretty, and the forms of a double the
 * straight scan leaves to the general path. */
static void test_points(void) {
    /* clang-format off */
    static const struct {
        int line;
        const char *json;
        uint32_t flags;
    } rows[] = {
        {__LINE__, "[[[-65.613616999999977,43.420273000000009],[1.5,-2],[0,1e3]],[],[[7,8]]]", 0},
        {__LINE__, "[[[-65.613616999999977, 43.420273000000009], [1.5, -2], [0, 1e3]], [], [[7, 8]]]",
         0},
        {__LINE__, "[\n [\n  [\n   -65.613616999999977,\n   43.420273000000009\n  ],\n  [1.5,-2],"
                   "[0,1E+3]\n ],\n [\n ],\n [[ 7 , 8 ]]\n]", 0},
        {__LINE__, "[[[-65.613616999999977,43.420273000000009,],[1.5,-2,],[0,1e3],],[],[[7,8]],]",
         JB_READ_ALLOW_TRAILING_COMMAS},
        {__LINE__, "[[[-65.613616999999977/**/,43.420273000000009],[1.5,/**/-2],[0,1e3]],[],[[7,8]]]",
         JB_READ_ALLOW_COMMENTS},
        /* exponents after the straight shape, with 26 bytes left after them */
        {__LINE__, "[[[-65.613616999999977e0,0.43420273000000009E+2],[15e-1,-2.0e0],[0.0,1.0E3]],[],"
                   "[[7.0,8.0e0]]]                                ", 0},
    };
    /* clang-format on */
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        jb_read_options o = {.flags = rows[i].flags};
        rings v;
        jb_error e;
        jb_status st = dec2(rows[i].line, rings_type, rows[i].json, &o, &v, &e);
        CHECK_AT(rows[i].line, st == JB_OK, "%s", st ? e.message : "");
        if (st) continue;
        CHECK_AT(rows[i].line,
                 v.len == 3 && v.items[0].len == 3 && v.items[1].len == 0 && v.items[2].len == 1,
                 "shape");
        if (v.len != 3 || v.items[0].len != 3 || v.items[2].len != 1) continue;
        const double(*p)[2] = (const double(*)[2])v.items[0].items;
        CHECK_AT(rows[i].line, p[0][0] == -65.613616999999977 && p[0][1] == 43.420273000000009,
                 "%.17g %.17g", p[0][0], p[0][1]);
        CHECK_AT(rows[i].line, p[1][0] == 1.5 && p[1][1] == -2 && p[2][0] == 0 && p[2][1] == 1000,
                 "p[1], p[2]");
        CHECK_AT(rows[i].line, v.items[2].items[0][0] == 7 && v.items[2].items[0][1] == 8, "[7,8]");
    }
    /* every straight shape near the end of the input (fewer than 26 bytes left) */
    const char *tails[] = {"[[[1.25,2.5]]]", "[[[0.1,0.2],[0.3,0.4]]]",
                           "[[[-1.0000001,9999999.5]]]"};
    for (size_t i = 0; i < 3; i++) {
        rings v;
        CHECK(dec2(__LINE__, rings_type, tails[i], NULL, &v, &(jb_error){0}) == JB_OK &&
              v.len == 1);
    }
    tris t;
    CHECK(dec2(__LINE__, tris_type, "[[1,2,3], [-4,5,-32768]]", NULL, &t, &(jb_error){0}) ==
              JB_OK &&
          t.len == 2 && t.items[1][2] == -32768);
    strs s;
    CHECK(dec2(__LINE__, strs_type, "[\"a\",\n  \"b\", \"c\"]", NULL, &s, &(jb_error){0}) ==
              JB_OK &&
          s.len == 3 && s.items[2].ptr[0] == 'c');
}

/* Errors: code, offset and path written by hand, and the same as the
 * frame paths' (dec2). */
static void test_errors(void) {
    /* clang-format off */
    static const struct {
        int line;
        const jb_type *t;
        const char *json;
        jb_status code;
        size_t offset;
        const char *path;
        uint32_t max_depth;
        size_t max_members;
        uint32_t flags;
        size_t max_number_len;
    } rows[] = {
        /* records in a vector */
        {__LINE__, &cat_type, "{\"a\":[1]}", JB_E_TYPE, 6, "$.a[0]", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]},x]}", JB_E_SYNTAX, 24, "$.a[1]", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]},{\"id\":\"2\"}]}", JB_E_TYPE, 30, "$.a[1].id", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]},{\"id\":2}]}", JB_E_MISSING, 31, "$.a[1].ids", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[-1]}]}", JB_E_RANGE, 21, "$.a[0].ids[0]", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]},]}", JB_E_SYNTAX, 24, "$.a[1]", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]}\n  ,\n  ]}", JB_E_SYNTAX, 30, "$.a[1]", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]} {}]}", JB_E_SYNTAX, 24, "$.a", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]}", JB_E_SYNTAX, 23, "$.a", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]},\n", JB_E_SYNTAX, 25, "$.a[1]", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]}\n                                   ", JB_E_SYNTAX, 59, "$.a", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"n\":nul,\"ids\":[]}]}", JB_E_SYNTAX, 18, "$.a[0].n", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[],\"id\":2}]}", JB_E_DUPLICATE, 23, "$.a[0].id", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]}],\"last\":-7}", JB_E_DEPTH, 6, "$.a[0]", 2, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[2]}],\"last\":-7}", JB_E_DEPTH, 20, "$.a[0].ids", 3, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"n\":2,\"ids\":[]}],\"last\":-7}", JB_E_DEPTH, 26, "$.a[0].ids", 3, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"n\":2,\"ids\":[]}],\"last\":-7}", JB_OK, 0, "", 4, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"n\":2,\"ids\":[}],\"last\":-7}", JB_E_SYNTAX, 27, "$.a[0].ids[0]", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"n\":2,\"ids\":[", JB_E_SYNTAX, 27, "$.a[0].ids[0]", 0, 0, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[]},{\"id\":1,\"ids\":[]},{\"id\":1,\"ids\":[]}],\"last\":1}", JB_E_LIMIT, 42, "$.a", 0, 2, 0, 0},
        {__LINE__, &cat_type, "{\"a\":[{\"id\":1,\"ids\":[],\"x\":1}],\"last\":1}", JB_E_UNKNOWN, 23, "$.a[0]", 0, 0,
         JB_READ_DENY_UNKNOWN, 0},
        /* points */
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5]]]", JB_E_TYPE, 16, "$[0][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2,3]]]", JB_E_TYPE, 19, "$[0][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,\"2\"]]]", JB_E_TYPE, 17, "$[0][1][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.]]]", JB_E_SYNTAX, 17, "$[0][1][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,1e999]]]", JB_E_RANGE, 17, "$[0][1][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.5e]]]", JB_E_SYNTAX, 17, "$[0][1][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[-65.613616999999977x,1]]]", JB_E_SYNTAX, 13, "$[0][1][0]", 0, 0, 0, 0},
        /* the same with 26 bytes left after the token: the straight scan's */
        {__LINE__, rings_type, "[[[1.5,2.5],[-65.613616999999977x,1]],[[1.5,2.5],[1.5,2.5]]]", JB_E_SYNTAX, 13, "$[0][1][0]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[-65.61e1x,1]],[[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_SYNTAX, 13, "$[0][1][0]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.25,2.5]],[[1.5,2.5],[1.5,2.5]]]", JB_E_LIMIT, 13, "$[0][1][0]", 0, 0, 0, 3},
        {__LINE__, rings_type, "[[[1.5,2.5],[-65.613616999999977,43.420273000000009]x]]", JB_E_SYNTAX, 52, "$[0]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[-65.613616999999977,43.4202730000000091]]]", JB_OK, 0, "", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[-65.613616999999977,43.42027300000000911234]]]", JB_OK, 0, "", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.5],]]", JB_E_SYNTAX, 22, "$[0][2]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.5,]]]", JB_E_SYNTAX, 21, "$[0][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],{}]]", JB_E_TYPE, 12, "$[0][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.5]", JB_E_SYNTAX, 21, "$[0]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.5", JB_E_SYNTAX, 20, "$[0][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5]]]", JB_E_DEPTH, 2, "$[0][0]", 2, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[3.5,4.5]]]", JB_E_LIMIT, 12, "$[0]", 0, 1, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.25]]]", JB_E_LIMIT, 7, "$[0][0][1]", 0, 0, 0, 3},
        /* the same with the point's minified whole read in line (26 bytes after each token) */
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.25]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_LIMIT, 17, "$[0][1][1]", 0, 0, 0, 3},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.25,2.5]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_LIMIT, 13, "$[0][1][0]", 0, 0, 0, 3},
        {__LINE__, rings_type, "[[[1.5,2.5]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_DEPTH, 2, "$[0][0]", 2, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.5,3.5]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_TYPE, 21, "$[0][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_TYPE, 16, "$[0][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.5}],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_SYNTAX, 20, "$[0][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5;2.5]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_SYNTAX, 13, "$[0][1][0]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,2.5x]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_SYNTAX, 17, "$[0][1][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5,]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_E_SYNTAX, 17, "$[0][1][1]", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[1.5e1,2.5],[1.5,-2.5e-1]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_OK, 0, "", 0, 0, 0, 0},
        {__LINE__, rings_type, "[[[1.5,2.5],[ 1.5,2.5],[1.5 ,2.5],[1.5, 2.5],[1.5,2.5 ]],[[1.5,2.5],[1.5,2.5],[1.5,2.5],[1.5,2.5]]]", JB_OK, 0, "", 0, 0, 0, 0},
        {__LINE__, tris_type, "[[1,2,3],[1,2,32768]]", JB_E_RANGE, 14, "$[1][2]", 0, 0, 0, 0},
    };
    /* clang-format on */
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        jb_read_options o = {.flags = rows[i].flags,
                             .max_depth = rows[i].max_depth,
                             .max_members = rows[i].max_members,
                             .max_number_len = rows[i].max_number_len};
        unsigned char out[64];
        jb_error e;
        jb_status st = dec2(rows[i].line, rows[i].t, rows[i].json, &o, out, &e);
        CHECK_AT(rows[i].line, st == rows[i].code, "%s, want %s (%s)", jb_status_name(st),
                 jb_status_name(rows[i].code), st ? e.message : "");
        if (st == JB_OK || st != rows[i].code) continue;
        CHECK_AT(rows[i].line, e.offset == rows[i].offset, "offset %zu, want %zu (%s)", e.offset,
                 rows[i].offset, e.message);
        CHECK_AT(rows[i].line, strcmp(e.path, rows[i].path) == 0, "path %s, want %s (%s)", e.path,
                 rows[i].path, e.message);
    }
}

int main(void) {
    A = jb_arena_new();
    test_records();
    test_points();
    test_errors();
    jb_arena_free(A);
    return check_report();
}
