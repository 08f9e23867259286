/* SPDX-License-Identifier: MIT */
/*
 * test_decode_collect.c — jb_read_options.errors: every error of one
 * decode, in document order, each recovered where that is well defined;
 * a syntax error ends the document; the list's room caps the work; the
 * output is zeroed and the arena rolled back as for any failure. Offsets
 * and paths below are counted by hand from the inputs.
 */
#include <jbind.h>
#include <stdlib.h>

#include "check.h"

typedef struct {
    int32_t a;
    uint8_t b;
} item;
static const jb_type item_type =
    JB_RECORD(item, JB_FIELD(item, a, &jb_i32), JB_FIELD(item, b, &jb_u8));
typedef JB_VEC(item) items;
static const jb_type *const items_type = JB_VEC_OF_T(item, &item_type);

typedef struct {
    double r;
} circle;
static const jb_type circle_type = JB_RECORD(circle, JB_FIELD(circle, r, &jb_f64));
typedef struct {
    double w, h;
} rect;
static const jb_type rect_type =
    JB_RECORD(rect, JB_FIELD(rect, w, &jb_f64), JB_FIELD(rect, h, &jb_f64));
typedef enum { SHAPE_CIRCLE = 1, SHAPE_RECT, SHAPE_NUM } shape_kind;
typedef struct {
    shape_kind kind;
    union {
        circle circle;
        rect rect;
        int32_t num;
    } as;
} shape;
#define SHAPE_CASES                                                  \
    JB_CASE(shape, SHAPE_CIRCLE, "Circle", as.circle, &circle_type), \
        JB_CASE(shape, SHAPE_RECT, "Rect", as.rect, &rect_type),     \
        JB_CASE(shape, SHAPE_NUM, "Num", as.num, &jb_i32)
static const jb_type shape_ext = JB_SUM(shape, kind, SHAPE_CASES);
static const jb_type shape_unt = JB_SUM((shape, .sum_style = JB_SUM_UNTAGGED), kind, SHAPE_CASES);
typedef JB_VEC(shape) shapes;
static const jb_type *const shapes_ext = JB_VEC_OF_T(shape, &shape_ext);
static const jb_type *const shapes_unt = JB_VEC_OF_T(shape, &shape_unt);

typedef JB_MAP(char *, uint8_t) counts;
static const jb_type *const counts_type = JB_MAP_OF_T(char *, uint8_t, &jb_cstr, &jb_u8);

typedef struct {
    double x, y;
} point;
static const jb_type point_type =
    JB_TUPLE(point, JB_ELEM(point, x, &jb_f64), JB_ELEM(point, y, &jb_f64));
typedef JB_VEC(point) points;
static const jb_type *const points_type = JB_VEC_OF_T(point, &point_type);

typedef JB_VEC(int32_t) ints;
static const jb_type *const ints_type = JB_VEC_OF_T(int32_t, &jb_i32);

/* vectors and fixed arrays of scalars as fields */
typedef struct {
    ints v;
    uint8_t f[3];
    bool ok;
} flat;
static const jb_type flat_type =
    JB_RECORD(flat, JB_FIELD(flat, v, JB_VEC_OF_T(int32_t, &jb_i32)),
              JB_FIELD(flat, f, JB_ARRAY_OF(uint8_t, 3, &jb_u8)), JB_FIELD(flat, ok, &jb_bool));
typedef struct {
    uint8_t f[3];
} trip;
static const jb_type trip_type = JB_RECORD(trip, JB_FIELD(trip, f, JB_ARRAY_OF(uint8_t, 3, &jb_u8)));
typedef JB_VEC(trip) trips;
static const jb_type *const trips_type = JB_VEC_OF_T(trip, &trip_type);

typedef struct {
    jb_status code;
    size_t offset;
    const char *path;
} want_error;

typedef struct {
    int line;
    const jb_type *type;
    const char *json;
    size_t cap;
    size_t n;
    want_error e[4];
} row;

static const row rows[] = {
    /* a member of the wrong type, one out of range: both, in order */
    {__LINE__,
     &items_type[0],
     "[{\"a\":\"x\",\"b\":1},{\"a\":1,\"b\":300}]",
     8,
     2,
     {{JB_E_TYPE, 6, "$[0].a"}, {JB_E_RANGE, 28, "$[1].b"}}},
    /* a missing field at its '}', then the next element */
    {__LINE__,
     &items_type[0],
     "[{\"a\":1},{\"b\":2,\"a\":true}]",
     8,
     2,
     {{JB_E_MISSING, 7, "$[0].b"}, {JB_E_TYPE, 20, "$[1].a"}}},
    /* a duplicate key: its value is skipped, the next member read */
    {__LINE__,
     &item_type,
     "{\"a\":1,\"a\":2,\"b\":\"z\"}",
     8,
     2,
     {{JB_E_DUPLICATE, 7, "$.a"}, {JB_E_TYPE, 17, "$.b"}}},
    /* inside a sum's payload; an unknown case skips the sum whole */
    {__LINE__,
     &shapes_ext[0],
     "[{\"Circle\":{\"r\":\"big\"}},{\"Oval\":1},{\"Num\":2}]",
     8,
     2,
     {{JB_E_TYPE, 16, "$[0].Circle.r"}, {JB_E_UNKNOWN, 25, "$[1]"}}},
    /* an untagged sum's failed attempts are its own: one error per value */
    {__LINE__,
     &shapes_unt[0],
     "[{\"r\":1},{\"q\":1},{\"r\":\"x\"}]",
     8,
     2,
     {{JB_E_TYPE, 9, "$[1]"}, {JB_E_TYPE, 17, "$[2]"}}},
    /* a syntax error ends the document: it is the last */
    {__LINE__,
     &items_type[0],
     "[{\"a\":\"x\",\"b\":1},{\"a\":1,\"b\":2,}]",
     8,
     2,
     {{JB_E_TYPE, 6, "$[0].a"}, {JB_E_SYNTAX, 30, "$[1]"}}},
    /* the list's room is the cap: the decode stops at its last error */
    {__LINE__,
     &items_type[0],
     "[{\"a\":\"x\",\"b\":1},{\"a\":1,\"b\":300},{\"a\":true,\"b\":1}]",
     2,
     2,
     {{JB_E_TYPE, 6, "$[0].a"}, {JB_E_RANGE, 28, "$[1].b"}}},
    /* map values */
    {__LINE__,
     &counts_type[0],
     "{\"x\":1,\"y\":-1,\"z\":\"s\"}",
     8,
     2,
     {{JB_E_RANGE, 11, "$.y"}, {JB_E_TYPE, 18, "$.z"}}},
    /* tuples: an element, too many (skipped whole), too few (at its ']') */
    {__LINE__,
     &points_type[0],
     "[[1,2],[1,\"a\"],[1,2,3],[1]]",
     8,
     3,
     {{JB_E_TYPE, 10, "$[1][1]"}, {JB_E_TYPE, 20, "$[2]"}, {JB_E_TYPE, 25, "$[3]"}}},
    /* a duplicate map key is found at the map's end, after the errors of
     * its values, and reported at its second occurrence */
    {__LINE__,
     &counts_type[0],
     "{\"k\":300,\"k\":1,\"j\":true}",
     8,
     3,
     {{JB_E_RANGE, 5, "$.k"}, {JB_E_DUPLICATE, 9, "$.k"}, {JB_E_TYPE, 19, "$.j"}}},
    /* a vector of scalars goes on with its next element, at the root too */
    {__LINE__,
     &ints_type[0],
     "[1,\"x\",3,\"y\"]",
     8,
     2,
     {{JB_E_TYPE, 3, "$[1]"}, {JB_E_TYPE, 9, "$[3]"}}},
    /* vectors and fixed arrays of scalars inside a record, then its next field */
    {__LINE__,
     &flat_type,
     "{\"v\":[1,\"x\",3],\"f\":[1,256,3],\"ok\":0}",
     8,
     3,
     {{JB_E_TYPE, 8, "$.v[1]"}, {JB_E_RANGE, 22, "$.f[1]"}, {JB_E_TYPE, 34, "$.ok"}}},
    /* fixed arrays of scalars: too short (at its ']'), too long (skipped
     * whole), a bad element */
    {__LINE__,
     &trips_type[0],
     "[{\"f\":[1]},{\"f\":[1,2,3,4]},{\"f\":[1,2,\"x\"]}]",
     8,
     3,
     {{JB_E_TYPE, 8, "$[0].f"}, {JB_E_TYPE, 23, "$[1].f"}, {JB_E_TYPE, 37, "$[2].f[2]"}}},
    /* no list room at all: only counted, the first error ends the decode */
    {__LINE__, &items_type[0], "[{\"a\":\"x\",\"b\":300}]", 0, 0, {{JB_E_TYPE, 6, "$[0].a"}}},
};

static bool all_zero(const void *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (((const unsigned char *)p)[i]) return false;
    return true;
}

/* Decode the row's text (dom false), or the jb_value parsed from it with
 * jb_from_value (dom true): the same errors, in the same order, with the
 * same paths; the inputs are compact, so the value prints back as the
 * same text and the offsets match too. */
static void run_row(const row *t, jb_arena *arena, bool dom) {
    jb_error items_[8], first;
    jb_error_list list = JB_ERROR_LIST_INIT(items_, t->cap);
    jb_read_options o = {.errors = &list};
    unsigned char *out = malloc(t->type->size);
    jb_value *v = NULL;
    jb_status st;
    if (dom) {
        bool syntax = t->e[t->n ? t->n - 1 : 0].code == JB_E_SYNTAX;
        st = jb_value_parse(t->json, strlen(t->json), &v, arena, NULL, NULL);
        CHECK_AT(t->line, (st == JB_OK) == !syntax, "parse: %s", jb_status_name(st));
        if (st != JB_OK) {
            free(out);
            return;
        }
    }
    size_t used = jb_arena_used(arena);
    if (dom)
        st = jb_from_value(t->type, v, out, arena, &o, &first);
    else
        st = jb_decode(t->type, t->json, strlen(t->json), out, arena, &o, &first);
    CHECK_AT(t->line, st == t->e[0].code, "status %s", jb_status_name(st));
    CHECK_AT(t->line,
             first.code == t->e[0].code && first.offset == t->e[0].offset &&
                 strcmp(first.path, t->e[0].path) == 0,
             "first %s at %zu %s", jb_status_name(first.code), first.offset, first.path);
    CHECK_AT(t->line, list.len == t->n, "%zu errors kept", list.len);
    CHECK_AT(t->line, list.total == (t->cap ? t->n : 1), "%zu errors counted", list.total);
    for (size_t i = 0; i < list.len && i < t->n; i++) {
        const jb_error *e = &list.items[i];
        CHECK_AT(t->line,
                 e->code == t->e[i].code && e->offset == t->e[i].offset &&
                     strcmp(e->path, t->e[i].path) == 0 && e->line == 1 &&
                     e->column == e->offset + 1,
                 "error %zu: %s at %zu %s (%s)", i, jb_status_name(e->code), e->offset, e->path,
                 e->message);
    }
    CHECK_AT(t->line, all_zero(out, t->type->size), "output not zeroed");
    CHECK_AT(t->line, jb_arena_used(arena) == used, "arena not rolled back");
    free(out);
}

/* Errors the list held before stay in front; a clean decode adds none. */
static void appends(jb_arena *arena) {
    jb_error items_[4];
    jb_error_list list = JB_ERROR_LIST_INIT(items_, 4);
    jb_read_options o = {.errors = &list};
    item it;
    CHECK(jb_decode(&item_type, "{\"a\":1,\"b\":2}", 13, &it, arena, &o, NULL) == JB_OK);
    CHECK(list.len == 0 && list.total == 0 && it.a == 1 && it.b == 2);
    CHECK(jb_decode(&item_type, "{\"a\":true,\"b\":2}", 16, &it, arena, &o, NULL) == JB_E_TYPE);
    CHECK(jb_decode(&item_type, "{\"b\":-1}", 8, &it, arena, &o, NULL) == JB_E_RANGE);
    CHECK_EQ_INT(list.len, 3);
    CHECK(list.items[0].code == JB_E_TYPE && list.items[1].code == JB_E_RANGE &&
          list.items[2].code == JB_E_MISSING && list.items[2].offset == 7);
}

int main(void) {
    jb_arena *arena = jb_arena_new();
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        run_row(&rows[i], arena, false);
        run_row(&rows[i], arena, true);
    }
    appends(arena);
    jb_arena_free(arena);
    return check_report();
}
