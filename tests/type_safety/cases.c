/* SPDX-License-Identifier: MIT */
/*
 * type_safety/cases.c — deliberate descriptor mistakes, one per case,
 * compiled one at a time by tests/test_type_safety.sh with -DCASE=N. Each
 * case's opening line says what must happen:
 *   compile [re]:   the translation unit does not compile, and the
 *                   compiler's messages match re (an extended regular
 *                   expression, any case: gcc and clang word them apart);
 *   plan "type" "field": it compiles (warning-free), and jb_type_check,
 *                   jb_decode and jb_encode all refuse the descriptor with
 *                   JB_E_DESCRIPTOR naming the type and the field, before
 *                   a byte is read (error offset 0) or written;
 *   ok:             it compiles and its check() returns 0 (the forms that
 *                   must keep working).
 */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

typedef struct point { double x, y; } point;
static const jb_type point_type = JB_TUPLE(point, JB_ELEM(point, x, &jb_f64), JB_ELEM(point, y, &jb_f64));
typedef enum { RED, GREEN } color;
static const jb_type color_type = JB_ENUM(color, JB_ENUM_CASE(RED, "red"), JB_ENUM_CASE(GREEN, "green"));

/* ---- element, key, value, pointee ---- */
#if CASE == 1 /* plan "r" "xs": a vec of int32_t described as doubles */
typedef struct { JB_VEC(int32_t) xs; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, xs, JB_VEC_OF(&jb_f64)));
#define JSON "{\"xs\":[1.5,2.5,3.5]}"
#elif CASE == 2 /* plan "r" "xs": a vec of int32_t described as uint32_t (same size) */
typedef struct { JB_VEC(int32_t) xs; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, xs, JB_VEC_OF(&jb_u32)));
#define JSON "{\"xs\":[1]}"
#elif CASE == 3 /* plan "r" "xs": a vec of float described as int32_t (same size) */
typedef struct { JB_VEC(float) xs; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, xs, JB_VEC_OF(&jb_i32)));
#define JSON "{\"xs\":[1]}"
#elif CASE == 4 /* plan "r" "m": a map keyed by int32_t described with string keys */
typedef struct { JB_MAP(int32_t, int32_t) m; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, m, JB_MAP_OF(&jb_cstr, &jb_i32)));
#define JSON "{\"m\":{\"1\":2}}"
#elif CASE == 5 /* plan "r" "m": a map key uint32_t described as int32_t (same size) */
typedef struct { JB_MAP(uint32_t, int32_t) m; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, m, JB_MAP_OF(&jb_i32, &jb_i32)));
#define JSON "{\"m\":{\"1\":2}}"
#elif CASE == 6 /* plan "r" "m": map values int32_t described as doubles */
typedef struct { JB_MAP(char *, int32_t) m; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, m, JB_MAP_OF(&jb_cstr, &jb_f64)));
#define JSON "{\"m\":{\"a\":1.5}}"
#elif CASE == 7 /* plan "r" "m": map values double described as int64_t (same size) */
typedef struct { JB_MAP(char *, double) m; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, m, JB_MAP_OF(&jb_cstr, &jb_i64)));
#define JSON "{\"m\":{\"a\":1}}"
#elif CASE == 8 /* plan "r" "p": a pointer to a point described as a pointer to a double */
typedef struct { point *p; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, p, JB_PTR_OF(&jb_f64)));
#define JSON "{\"p\":1.5}"
#elif CASE == 9 /* plan "r" "p": a pointer to int64_t described as a pointer to a double */
typedef struct { int64_t *p; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, p, JB_PTR_OF(&jb_f64)));
#define JSON "{\"p\":1.5}"
#elif CASE == 10 /* plan "r" "p": a box whose pointee is the wrong type */
typedef struct { int32_t *p; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, p, JB_BOX_OF(&point_type)));
#define JSON "{\"p\":[1,2]}"
#elif CASE == 11 /* plan "r" "v": a vec of int32_t described as a vec of vecs */
typedef struct { JB_VEC(int32_t) v; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, v, JB_VEC_OF(JB_VEC_OF(&jb_i32))));
#define JSON "{\"v\":[[1]]}"
/* ---- fixed arrays ---- */
#elif CASE == 12 /* plan "r" "a": int32_t a[4] described as 3 elements */
typedef struct { int32_t a[4]; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, a, JB_ARRAY_OF(int32_t, 3, &jb_i32)));
#define JSON "{\"a\":[1,2,3]}"
#elif CASE == 13 /* plan "r" "a": int32_t a[4] described as 8 int16_t (same bytes) */
typedef struct { int32_t a[4]; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, a, JB_ARRAY_OF(int16_t, 8, &jb_i16)));
#define JSON "{\"a\":[1,2,3,4,5,6,7,8]}"
#elif CASE == 14 /* plan "r" "a": float a[2] described as int32_t elements */
typedef struct { float a[2]; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, a, JB_ARRAY_OF(float, 2, &jb_i32)));
#define JSON "{\"a\":[1,2]}"
/* ---- scalars, enums, presence flags ---- */
#elif CASE == 15 /* plan "r" "d": jb_i32 on a double */
typedef struct { double d; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, d, &jb_i32));
#define JSON "{\"d\":1}"
#elif CASE == 16 /* plan "r" "d": jb_f64 on an int64_t (same size) */
typedef struct { int64_t d; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, d, &jb_f64));
#define JSON "{\"d\":1}"
#elif CASE == 17 /* plan "r" "s": jb_cstr on a jb_str */
typedef struct { jb_str s; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, s, &jb_cstr));
#define JSON "{\"s\":\"x\"}"
#elif CASE == 18 /* plan "r" "c": a 4-byte enum on a uint8_t member */
typedef struct { uint8_t c; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, c, &color_type));
#define JSON "{\"c\":\"red\"}"
#elif CASE == 19 /* plan "r" "c": an enum on a double member */
typedef struct { double c; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, c, &color_type));
#define JSON "{\"c\":\"red\"}"
#elif CASE == 20 /* plan "r" "cs": a vec of uint8_t described by a 4-byte enum */
typedef struct { JB_VEC(uint8_t) cs; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, cs, JB_VEC_OF(&color_type)));
#define JSON "{\"cs\":[\"red\"]}"
#elif CASE == 21 /* plan "r" "v": a presence flag that is an int, not a bool */
typedef struct { int has_v; int32_t v; } r;
static const jb_type t_type = JB_RECORD(r, JB_OPTIONAL(r, v, has_v, &jb_i32));
#define JSON "{\"v\":1}"
#elif CASE == 22 /* plan "r" "v": an optional vec of int32_t described as doubles */
typedef struct { bool has_v; JB_VEC(int32_t) v; } r;
static const jb_type t_type = JB_RECORD(r, JB_OPTIONAL(r, v, has_v, JB_VEC_OF(&jb_f64)));
#define JSON "{\"v\":[1.5]}"
/* ---- tuples and sums ---- */
#elif CASE == 23 /* plan "r" "y": a tuple element described with the wrong type */
typedef struct { double x; int32_t y; } r;
static const jb_type t_type = JB_TUPLE(r, JB_ELEM(r, x, &jb_f64), JB_ELEM(r, y, &jb_f32));
#define JSON "[1,2]"
#elif CASE == 24 /* plan "r" "D": a sum payload double described as int32_t */
typedef struct { int tag; union { double d; int32_t i; } u; } r;
static const jb_type t_type = JB_SUM(r, tag, JB_CASE(r, 1, "D", u.d, &jb_i32));
#define JSON "{\"D\":1}"
#elif CASE == 25 /* plan "r" "D": a sum payload double described as int64_t (same size) */
typedef struct { int tag; union { double d; int32_t i; } u; } r;
static const jb_type t_type = JB_SUM(r, tag, JB_CASE(r, 1, "D", u.d, &jb_i64));
#define JSON "{\"D\":1}"
#elif CASE == 26 /* plan "r" "V": a sum payload vec of int32_t described as doubles */
typedef struct { int tag; union { JB_VEC(int32_t) v; } u; } r;
static const jb_type t_type = JB_SUM(r, tag, JB_CASE(r, 1, "V", u.v, JB_VEC_OF(&jb_f64)));
#define JSON "{\"V\":[1.5]}"
/* ---- deeper: refused before the first byte, wherever the mistake is ---- */
#elif CASE == 27 /* plan "inner" "w": a mistake in a record reached through a vec, deep in the text */
typedef struct { int32_t w; } inner;
static const jb_type inner_type = JB_RECORD(inner, JB_FIELD(inner, w, &jb_i64));
typedef struct { int32_t n; JB_VEC(inner) items; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, n, &jb_i32),
    JB_FIELD(r, items, JB_VEC_OF(&inner_type)));
#define JSON "{\"n\":1,\"items\":[{\"w\":1}]}"
#elif CASE == 28 /* plan "vec" "element": a vec of vecs whose inner element C type is given (_T) */
typedef JB_VEC(int32_t) vec_i32;
typedef struct { JB_VEC(vec_i32) vv; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, vv, JB_VEC_OF(JB_VEC_OF_T(int32_t, &jb_f64))));
#define JSON "{\"vv\":[[1.5]]}"
#elif CASE == 29 /* plan "r" "block scope": a record descriptor defined at block scope */
typedef struct { int32_t a; } r;
#define BLOCK_SCOPE 1
#define JSON "{\"a\":1}"
#elif CASE == 43 /* plan "r" "big": an enum case value its 1-byte C type cannot hold */
typedef uint8_t r;
static const jb_type t_type = JB_ENUM(r, JB_ENUM_CASE(1, "one"), JB_ENUM_CASE(300, "big"));
#define JSON "\"big\""
#elif CASE == 44 /* plan "r" "Wide": a sum tag value its 1-byte tag member cannot hold */
typedef struct { uint8_t tag; union { int32_t i; } u; } r;
static const jb_type t_type = JB_SUM(r, tag, JB_CASE(r, 1, "I", u.i, &jb_i32), JB_NULLARY(256, "Wide"));
#define JSON "{\"I\":1}"
/* ---- refused at compile time ---- */
#elif CASE == 30 /* compile [items|structure or union]: JB_VEC_OF on an int member */
typedef struct { int32_t xs; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, xs, JB_VEC_OF(&jb_i32)));
#elif CASE == 31 /* compile [key|structure or union]: JB_MAP_OF on a vec member */
typedef struct { JB_VEC(int32_t) m; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, m, JB_MAP_OF(&jb_cstr, &jb_i32)));
#elif CASE == 32 /* compile [unary|indirection]: JB_PTR_OF on a struct member */
typedef struct { point p; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, p, JB_PTR_OF(&point_type)));
#elif CASE == 33 /* compile [subscript]: JB_ARRAY_OF on a scalar member */
typedef struct { int32_t a; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, a, JB_ARRAY_OF(int32_t, 1, &jb_i32)));
#elif CASE == 34 /* compile [void]: JB_PTR_OF on a void * member */
typedef struct { void *p; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, p, JB_PTR_OF(&jb_i32)));
#elif CASE == 35 /* compile [generic]: JB_AUTO on a struct member */
typedef struct { point p; } r;
static const jb_type t_type = JB_RECORD(r, JB_FIELD(r, p, JB_AUTO));
#elif CASE == 36 /* compile [generic]: a definer member of struct type without a descriptor */
#define R(F) F(p, point)
JB_RECORD_DEFINE(r, R);
#elif CASE == 37 /* compile [generic]: a definer vec of records without a descriptor */
#define R(F) F(ps, JB_VEC(point))
JB_RECORD_DEFINE(r, R);
#elif CASE == 38 /* compile [r_type]: a definer at block scope (it declares the descriptor twice) */
#define R(F) F(a, int32_t) F(v, JB_VEC(int32_t))
#define BLOCK_DEFINER 1
#elif CASE == 39 /* compile [JB_MAYBE]: JB_MAYBE outside a definer list */
typedef struct { JB_MAYBE(int32_t) v; } r;
/* ---- forms that keep working ---- */
#elif CASE == 40 /* ok: every checked two-step form on its member, round trip */
typedef struct node node;
typedef struct {
    int64_t id; double d; bool b; char *s; jb_str t; uint8_t idx[2]; color c;
    JB_VEC(char *) tags; JB_MAP(char *, int32_t) scores; JB_MAP(uint32_t, point) pts;
    point *home; node *next; bool has_opt; int16_t opt; JB_VEC(JB_VEC(double)) vv;
} r;
struct node { int32_t v; node *next; };
static const jb_type node_type;
static const jb_type node_type = JB_RECORD(node, JB_FIELD(node, v, JB_AUTO),
    JB_FIELD(node, next, JB_PTR_OF(&node_type)));
static const jb_type t_type = JB_RECORD(r,
    JB_FIELD(r, id, JB_AUTO), JB_FIELD(r, d, JB_AUTO), JB_FIELD(r, b, &jb_bool),
    JB_FIELD(r, s, JB_AUTO), JB_FIELD(r, t, JB_AUTO, JB_NAME("text")),
    JB_FIELD(r, idx, JB_ARRAY_OF(uint8_t, 2, &jb_u8)), JB_FIELD(r, c, &color_type),
    JB_FIELD(r, tags, JB_VEC_OF(&jb_cstr)), JB_FIELD(r, scores, JB_MAP_OF(&jb_cstr, &jb_i32)),
    JB_FIELD(r, pts, JB_MAP_OF(&jb_u32, &point_type)), JB_FIELD(r, home, JB_PTR_OF(&point_type)),
    JB_FIELD(r, next, JB_BOX_OF(&node_type)), JB_OPTIONAL(r, opt, has_opt, JB_AUTO),
    JB_FIELD(r, vv, JB_VEC_OF(JB_VEC_OF_T(double, &jb_f64))));
#define JSON "{\"id\":-7,\"d\":0.5,\"b\":true,\"s\":\"x\",\"text\":\"y\",\"idx\":[1,2],\"c\":\"green\"," \
    "\"tags\":[\"a\",\"b\"],\"scores\":{\"z\":3},\"pts\":{\"9\":[1,2]},\"home\":[3,4]," \
    "\"next\":{\"v\":1,\"next\":{\"v\":2}},\"opt\":5,\"vv\":[[1.5],[]]}"
#define ROUND_TRIP 1
#elif CASE == 41 /* ok: plan-less descriptors at the top and at block scope (no cache), vec of vecs */
#define TOP_LEVEL 1
#elif CASE == 42 /* ok: the definers: record with every member form, enum, sum, recursion */
#define ROLE(F) F(ROLE_ADMIN, "admin", 1) F(ROLE_USER, "user", 7)
JB_ENUM_DEFINE(role, ROLE);
#define SHAPE(F) F(SHAPE_CIRCLE, "Circle", double, radius) F(SHAPE_PT, "Pt", point, pt, &point_type) \
    F(SHAPE_NONE, "None")
JB_SUM_DEFINE(shape, SHAPE);
#define R(F) \
    F(name, char *) F(id, int64_t) F(ratio, float) F(role, role, &role_type) \
    F(email, JB_MAYBE(char *)) F(tags, JB_VEC(char *)) F(scores, JB_MAP(char *, int32_t)) \
    F(pos, JB_ARRAY(double, 2)) F(kind_, int32_t, JB_AUTO, JB_NAME("kind")) \
    F(nums, JB_MAYBE(JB_VEC(uint16_t))) F(shapes, JB_VEC(shape), JB_VEC_OF(&shape_type)) \
    F(next, r *, JB_PTR_OF(&r_type))
JB_RECORD_DEFINE(r, R);
static const jb_type *const t_type_p = &r_type;
#define t_type (*t_type_p)
#define JSON "{\"name\":\"a\",\"id\":1,\"ratio\":0.5,\"role\":\"user\",\"email\":\"e\",\"tags\":[\"t\"]," \
    "\"scores\":{\"s\":2},\"pos\":[1,2],\"kind\":3,\"nums\":[4,5],\"shapes\":[{\"Circle\":1.5}," \
    "{\"Pt\":[1,2]},\"None\"],\"next\":{\"name\":\"b\",\"id\":2,\"ratio\":1,\"role\":\"admin\"," \
    "\"tags\":[],\"scores\":{},\"pos\":[0,0],\"kind\":0,\"shapes\":[]}}"
#define ROUND_TRIP 1
#define DEFINER_CHECK 1
#endif

#if defined(JSON)
/* Decode, and for a round trip encode and compare with the input. */
static int run(const jb_type *t, void *out, size_t size, int round_trip, jb_error *e) {
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    jb_status st = jb_decode(t, JSON, strlen(JSON), out, a, NULL, e);
    if (st == JB_OK && round_trip) {
        if ((st = jb_encode(t, out, &b, NULL, e)) == JB_OK &&
            (b.len != strlen(JSON) || memcmp(b.data, JSON, b.len) != 0)) {
            fprintf(stderr, "round trip differs:\n  in:  %s\n  out: %.*s\n", JSON, (int)b.len, b.data);
            st = JB_E_VALUE;
        }
    }
    (void)size;
    jb_buf_free(&b);
    jb_arena_free(a);
    return st;
}
#endif

int main(void) {
    (void)point_type; /* shared by some cases only */
    (void)color_type;
#if defined(BLOCK_SCOPE)
    const jb_type t_type = JB_RECORD(r, JB_FIELD(r, a, &jb_i32));
#endif
#if defined(BLOCK_DEFINER)
    JB_RECORD_DEFINE(r, R);
    (void)r_type;
#endif
#if defined(TOP_LEVEL)
    {
        jb_arena *a = jb_arena_new();
        jb_buf b = JB_BUF_INIT;
        JB_VEC(JB_VEC(int32_t)) vv;
        JB_VEC(point) ps;
        int bad = 0;
        /* block-scope compound literals: plan-less, so no cache to dangle */
        bad |= jb_decode(JB_VEC_OF(JB_VEC_OF(&jb_i32)), "[[1,2],[3]]", 11, &vv, a, NULL, NULL) != JB_OK;
        bad |= vv.len != 2 || vv.items[1].len != 1 || vv.items[1].items[0] != 3;
        bad |= jb_encode(JB_VEC_OF(JB_VEC_OF(&jb_i32)), &vv, &b, NULL, NULL) != JB_OK;
        bad |= b.len != 11 || memcmp(b.data, "[[1,2],[3]]", 11) != 0;
        bad |= jb_decode(JB_VEC_OF(&point_type), "[[1,2]]", 7, &ps, a, NULL, NULL) != JB_OK;
        bad |= ps.len != 1 || ps.items[0].y != 2;
        bad |= jb_type_check(JB_MAP_OF(&jb_cstr, JB_VEC_OF(&point_type)), NULL) != JB_OK;
        jb_buf_free(&b);
        jb_arena_free(a);
        if (bad) fprintf(stderr, "top-level forms failed\n");
        return bad;
    }
#endif
#if defined(EXPECT_TYPE)
    /* refused before any byte: decode, encode and jb_type_check */
    jb_error e;
    union { char bytes[256]; long double align; } out;
    memset(&out, 0, sizeof out);
    if (sizeof out < t_type.size) return 2;
    jb_status st = run(&t_type, &out, sizeof out, 0, &e);
    int bad = 0;
    if (st != JB_E_DESCRIPTOR || e.offset != 0 || !strstr(e.message, EXPECT_TYPE) ||
        !strstr(e.message, EXPECT_FIELD)) {
        fprintf(stderr, "decode: %s at %zu: %s\n", jb_status_name(st), e.offset, e.message);
        bad = 1;
    }
    jb_buf b = JB_BUF_INIT;
    st = jb_encode(&t_type, &out, &b, NULL, &e);
    if (st != JB_E_DESCRIPTOR || b.len != 0 || !strstr(e.message, EXPECT_FIELD)) {
        fprintf(stderr, "encode: %s (%zu bytes): %s\n", jb_status_name(st), b.len, e.message);
        bad = 1;
    }
    jb_buf_free(&b);
    if (jb_type_check(&t_type, &e) != JB_E_DESCRIPTOR || !strstr(e.message, EXPECT_FIELD)) {
        fprintf(stderr, "jb_type_check: %s\n", e.message);
        bad = 1;
    }
    if (!bad) printf("%s\n", e.message);
    return bad;
#elif defined(ROUND_TRIP)
    jb_error e;
    union { char bytes[512]; long double align; } out;
    if (sizeof out < t_type.size) return 2;
    jb_status st = run(&t_type, &out, sizeof out, 1, &e);
    if (st) fprintf(stderr, "%s: %s (at %s)\n", jb_status_name(st), e.message, e.path);
#if defined(DEFINER_CHECK)
    /* the definer declared the members the list names, with their types */
    {
        r v = {0};
        v.has_email = true;
        v.email = "x";
        v.pos[1] = 2.5;
        v.nums.len = 0;
        shape s = {.tag = SHAPE_CIRCLE, .radius = 1.0};
        role ro = ROLE_USER;
        if (ro != 7 || s.radius != 1.0 || sizeof v.pos != 2 * sizeof(double)) st = JB_E_VALUE;
    }
#endif
    return st != JB_OK;
#else
    return 0;
#endif
}
