/* SPDX-License-Identifier: MIT */
/*
 * zoo.c — the descriptor zoo (see zoo.h). Every kind appears at least once
 * at top level and nested: scalars, string-ified integers, cstr and str,
 * an enum with sparse negative values, records with required / flag /
 * pointer / tri-state / defaulted / aliased / null-when-absent / flattened
 * fields, a tuple, fixed arrays, sums in the external, internal, adjacent,
 * array and untagged encodings and under the four format presets, vectors,
 * maps with string / int / u64 / enum / cstr / record keys and a JSON-text
 * key map, pointer recursion (a tree and an expression sum), raw, number,
 * any, and two custom codecs (one reads through jb_read_skip).
 */
#include "zoo.h"

#include <math.h>

/* ------------------------------------------------------------------ */
/* C types and descriptors                                             */
/* ------------------------------------------------------------------ */

typedef enum { RED = 1, GREEN = 5, BLUE = -3 } color;
static const jb_type color_type = JB_ENUM(
    color, JB_ENUM_CASE(RED, "Red"), JB_ENUM_CASE(GREEN, "Green"), JB_ENUM_CASE(BLUE, "blue-ish"));

/* custom: a point as [x, y], through the jb_read_ / jb_write_ API */
typedef struct {
    int32_t x, y;
} point;
static jb_status point_enc(jb_writer *w, const void *v, void *ctx) {
    const point *p = v;
    jb_status st;
    (void)ctx;
    if ((st = jb_write_array_begin(w)) || (st = jb_write_i64(w, p->x)) ||
        (st = jb_write_i64(w, p->y)))
        return st;
    return jb_write_array_end(w);
}
static jb_status point_dec(jb_reader *r, void *v, void *ctx) {
    point *p = v;
    int64_t xy[2];
    bool more;
    jb_status st;
    (void)ctx;
    if ((st = jb_read_array_begin(r))) return st;
    for (int i = 0; i < 2; i++) {
        if ((st = jb_read_array_next(r, &more))) return st;
        if (!more) return jb_read_fail(r, JB_E_TYPE, "expected [x, y]");
        if ((st = jb_read_i64(r, &xy[i]))) return st;
        if (xy[i] < INT32_MIN || xy[i] > INT32_MAX)
            return jb_read_fail(r, JB_E_RANGE, "coordinate out of range");
    }
    if ((st = jb_read_array_next(r, &more))) return st;
    if (more) return jb_read_fail(r, JB_E_TYPE, "expected ']' after [x, y");
    p->x = (int32_t)xy[0];
    p->y = (int32_t)xy[1];
    return JB_OK;
}
static const jb_type point_type = JB_CUSTOM(point, point_enc, point_dec, NULL);

/* custom: a bag counts an object's members, skipping their values */
typedef struct {
    uint32_t n;
} bag;
static jb_status bag_enc(jb_writer *w, const void *v, void *ctx) {
    const bag *b = v;
    jb_status st;
    (void)ctx;
    if ((st = jb_write_object_begin(w))) return st;
    for (uint32_t i = 0; i < b->n; i++) {
        char k[16];
        int n = snprintf(k, sizeof k, "k%u", (unsigned)i);
        if ((st = jb_write_key(w, k, (size_t)n)) || (st = jb_write_null(w))) return st;
    }
    return jb_write_object_end(w);
}
static jb_status bag_dec(jb_reader *r, void *v, void *ctx) {
    bag *b = v;
    jb_status st;
    bool more;
    jb_str key;
    (void)ctx;
    b->n = 0;
    if (jb_read_peek(r) != JB_TOKEN_OBJECT) return jb_read_fail(r, JB_E_TYPE, "expected object");
    if ((st = jb_read_object_begin(r))) return st;
    for (;;) {
        if ((st = jb_read_object_next(r, &more, &key))) return st;
        if (!more) break;
        if ((st = jb_read_skip(r))) return st;
        b->n++;
    }
    return JB_OK;
}
static const jb_type bag_type = JB_CUSTOM(bag, bag_enc, bag_dec, NULL);

typedef struct {
    bool has_b, has_i8, has_i16, has_i32, has_i64, has_u8, has_u16, has_u32, has_u64;
    bool has_f32, has_f64, has_cs, has_s, has_c, has_i64s, has_u64s, has_i32s;
    bool b;
    int8_t i8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    uint8_t u8;
    uint16_t u16;
    uint32_t u32;
    uint64_t u64;
    float f32;
    double f64;
    char *cs;
    jb_str s;
    color c;
    int64_t i64s;
    uint64_t u64s;
    int32_t i32s;
} scalars;
static const jb_type scalars_type = JB_RECORD(
    scalars, JB_OPTIONAL(scalars, b, has_b, &jb_bool), JB_OPTIONAL(scalars, i8, has_i8, &jb_i8),
    JB_OPTIONAL(scalars, i16, has_i16, &jb_i16), JB_OPTIONAL(scalars, i32, has_i32, &jb_i32),
    JB_OPTIONAL(scalars, i64, has_i64, &jb_i64), JB_OPTIONAL(scalars, u8, has_u8, &jb_u8),
    JB_OPTIONAL(scalars, u16, has_u16, &jb_u16), JB_OPTIONAL(scalars, u32, has_u32, &jb_u32),
    JB_OPTIONAL(scalars, u64, has_u64, &jb_u64), JB_OPTIONAL(scalars, f32, has_f32, &jb_f32),
    JB_OPTIONAL(scalars, f64, has_f64, &jb_f64), JB_OPTIONAL(scalars, cs, has_cs, &jb_cstr),
    JB_OPTIONAL(scalars, s, has_s, &jb_string), JB_OPTIONAL(scalars, c, has_c, &color_type),
    JB_OPTIONAL(scalars, i64s, has_i64s, &jb_i64_string),
    JB_OPTIONAL(scalars, u64s, has_u64s, &jb_u64_string),
    JB_OPTIONAL(scalars, i32s, has_i32s, &jb_i32_string));

/* field policies */
typedef struct {
    int32_t a;
    jb_str b;
    bool has_c;
    double c;
    int64_t *p;
    bool has_q;
    jb_str *q;
    bool has_n;
    int32_t n;
} opt_rec;
static const jb_type opt_rec_type = JB_RECORD(
    opt_rec, JB_FIELD(opt_rec, a, &jb_i32, .default_json = "7"),
    JB_FIELD(opt_rec, b, &jb_string, .aliases = JB_ALIASES("bee", "B"), .default_json = "\"dflt\""),
    JB_OPTIONAL(opt_rec, c, has_c, &jb_f64), JB_FIELD(opt_rec, p, JB_PTR_OF_T(int64_t, &jb_i64)),
    JB_OPTIONAL(opt_rec, q, has_q, JB_PTR_OF_T(jb_str, &jb_string)),
    JB_OPTIONAL(opt_rec, n, has_n, &jb_i32, .flags = JB_FIELD_NULL_WHEN_ABSENT));

/* flatten */
typedef struct {
    int32_t fx;
    bool has_fy;
    jb_str fy;
} flat_in;
static const jb_type flat_in_type = JB_RECORD(flat_in, JB_FIELD(flat_in, fx, &jb_i32),
                                              JB_OPTIONAL(flat_in, fy, has_fy, &jb_string));
typedef struct {
    int32_t id;
    flat_in f;
} outer;
static const jb_type outer_type =
    JB_RECORD(outer, JB_FIELD(outer, id, &jb_i32), JB_FLATTEN(outer, f, &flat_in_type));

/* tuple and fixed arrays */
typedef struct {
    int16_t a;
    jb_str b;
    color c;
    point p;
} tup;
static const jb_type tup_type =
    JB_TUPLE(tup, JB_ELEM(tup, a, &jb_i16), JB_ELEM(tup, b, &jb_string),
             JB_ELEM(tup, c, &color_type), JB_ELEM(tup, p, &point_type));
typedef struct {
    uint8_t u[3];
    jb_str s[2];
} arrs;
static const jb_type arrs_type = JB_RECORD(arrs, JB_FIELD(arrs, u, JB_ARRAY_OF(uint8_t, 3, &jb_u8)),
                                           JB_FIELD(arrs, s, JB_ARRAY_OF(jb_str, 2, &jb_string)));

/* sums: one C type, four encodings, four format presets */
typedef struct {
    int32_t r;
} circle;
typedef struct {
    double w, h;
} rect;
static const jb_type circle_type =
    JB_RECORD((circle, .fmt_flags = JB_FMT_DENY_UNKNOWN), JB_FIELD(circle, r, &jb_i32));
static const jb_type rect_type = JB_RECORD((rect, .fmt_flags = JB_FMT_DENY_UNKNOWN), JB_FIELD(rect, w, &jb_f64), JB_FIELD(rect, h, &jb_f64));
typedef enum { SH_EMPTY = 0, SH_CIRCLE = 1, SH_RECT = 2 } shape_tag;
typedef struct {
    shape_tag tag;
    union {
        circle c;
        rect r;
    } as;
} shape;
#define SHAPE_CASES                                                                         \
    JB_NULLARY(SH_EMPTY, "Empty"), JB_CASE(shape, SH_CIRCLE, "Circle", as.c, &circle_type), \
        JB_CASE(shape, SH_RECT, "Rect", as.r, &rect_type)
static const jb_type shape_ext = JB_SUM((shape, .sum_style = JB_SUM_EXTERNAL), tag, SHAPE_CASES);
static const jb_type shape_int = JB_SUM((shape, .sum_style = JB_SUM_INTERNAL, .tag_name = "kind"), tag, SHAPE_CASES);
static const jb_type shape_adj = JB_SUM((shape, .sum_style = JB_SUM_ADJACENT, .tag_name = "t", .content_name = "c"), tag, SHAPE_CASES);
static const jb_type shape_arr = JB_SUM((shape, .sum_style = JB_SUM_ARRAY), tag, SHAPE_CASES);
static const jb_type shape_aeson =
    JB_SUM((shape, .format = &jb_format_aeson), tag, SHAPE_CASES);
static const jb_type shape_serde =
    JB_SUM((shape, .format = &jb_format_serde), tag, SHAPE_CASES);
static const jb_type shape_circe =
    JB_SUM((shape, .format = &jb_format_circe), tag, SHAPE_CASES);
static const jb_type shape_fable =
    JB_SUM((shape, .format = &jb_format_fable), tag, SHAPE_CASES);

/* untagged: cases disjoint by JSON shape, so decode(encode(v)) picks v's case */
typedef enum { U_NONE = 0, U_INT, U_STR, U_LIST, U_CIRCLE, U_RECT, U_BOOL } utag;
typedef JB_VEC(int32_t) vec_i32;
typedef struct {
    utag tag;
    union {
        int64_t i;
        jb_str s;
        vec_i32 v;
        circle c;
        rect r;
        bool b;
    } as;
} uval;
static const jb_type uval_type = JB_SUM((uval, .sum_style = JB_SUM_UNTAGGED), tag, JB_NULLARY(U_NONE, "None"),
    JB_CASE(uval, U_INT, "Int", as.i, &jb_i64), JB_CASE(uval, U_STR, "Str", as.s, &jb_string),
    JB_CASE(uval, U_LIST, "List", as.v, JB_VEC_OF_T(int32_t, &jb_i32)),
    JB_CASE(uval, U_CIRCLE, "Circle", as.c, &circle_type),
    JB_CASE(uval, U_RECT, "Rect", as.r, &rect_type), JB_CASE(uval, U_BOOL, "Bool", as.b, &jb_bool));

/* pointer recursion through a sum and a tuple */
typedef enum { E_LIT = 0, E_NEG, E_ADD, E_NIL } etag;
typedef struct expr expr;
typedef struct {
    expr *l, *r;
} bin;
struct expr {
    etag tag;
    union {
        int64_t lit;
        expr *neg;
        bin add;
    } as;
};
static const jb_type expr_type;
static const jb_type bin_type = JB_TUPLE(bin, JB_ELEM(bin, l, JB_PTR_OF_T(expr, &expr_type)),
                                         JB_ELEM(bin, r, JB_PTR_OF_T(expr, &expr_type)));
static const jb_type expr_type =
    JB_SUM((expr, .sum_style = JB_SUM_EXTERNAL), tag, JB_CASE(expr, E_LIT, "Lit", as.lit, &jb_i64),
                 JB_CASE(expr, E_NEG, "Neg", as.neg, JB_PTR_OF_T(expr, &expr_type)),
                 JB_CASE(expr, E_ADD, "Add", as.add, &bin_type), JB_NULLARY(E_NIL, "Nil"));

/* pointer recursion through a record */
typedef struct tree {
    int32_t v;
    struct tree *left, *right;
} tree;
static const jb_type tree_type;
static const jb_type tree_type =
    JB_RECORD(tree, JB_FIELD(tree, v, &jb_i32), JB_FIELD(tree, left, JB_PTR_OF_T(tree, &tree_type)),
              JB_FIELD(tree, right, JB_PTR_OF_T(tree, &tree_type)));

/* maps */
typedef struct {
    int16_t k;
    jb_str s;
} keyrec;
static const jb_type keyrec_type =
    JB_RECORD(keyrec, JB_FIELD(keyrec, k, &jb_i16), JB_FIELD(keyrec, s, &jb_string));
typedef JB_MAP(jb_str, int32_t) map_si;
typedef JB_MAP(int32_t, jb_str) map_is;
typedef JB_MAP(color, bool) map_eb;
typedef JB_MAP(keyrec, int64_t) map_ri;
typedef JB_MAP(char *, double) map_cd;
typedef JB_MAP(uint64_t, color) map_uc;
typedef JB_MAP(color, int32_t) map_ej;
#define MAP_SI JB_MAP_OF_T(jb_str, int32_t, &jb_string, &jb_i32)
#define MAP_IS JB_MAP_OF_T(int32_t, jb_str, &jb_i32, &jb_string)
#define MAP_EB JB_MAP_OF_T(color, bool, &color_type, &jb_bool)
#define MAP_RI JB_MAP_OF_T(keyrec, int64_t, &keyrec_type, &jb_i64)
#define MAP_CD JB_MAP_OF_T(char *, double, &jb_cstr, &jb_f64)
#define MAP_UC JB_MAP_OF_T(uint64_t, color, &jb_u64, &color_type)
#define MAP_EJ JB_MAP_OF(&color_type, &jb_i32, .key_mode = JB_KEYS_JSON_TEXT)

/* raw, number, any, customs */
typedef struct {
    jb_str raw;
    jb_str num;
    jb_value *any;
    point pt;
    bag bg;
} misc;
static const jb_type misc_type = JB_RECORD(
    misc, JB_FIELD(misc, raw, &jb_raw), JB_FIELD(misc, num, &jb_number),
    JB_FIELD(misc, any, &jb_any), JB_FIELD(misc, pt, &point_type), JB_FIELD(misc, bg, &bag_type));

/* a format preset on a record with a rename policy */
typedef struct {
    int32_t user_id;
    bool has_display_name;
    jb_str display_name;
    shape last_shape;
} fmtrec;
static const jb_type fmtrec_type =
    JB_RECORD((fmtrec, .format = &jb_format_serde, .rename = JB_RENAME_CAMEL),
                   JB_FIELD(fmtrec, user_id, &jb_i32),
                   JB_OPTIONAL(fmtrec, display_name, has_display_name, &jb_string),
                   JB_FIELD(fmtrec, last_shape, &shape_aeson));

typedef JB_VEC(jb_str) vec_str;

/* issue 13 interop: aeson's other sum encodings (nullary forms read
 * strictly), its non-finite floats, and one-character strings */
static const jb_type shape_aeson_ext =
    JB_SUM((shape, .format = &jb_format_aeson, .sum_style = JB_SUM_EXTERNAL), tag, SHAPE_CASES);
static const jb_type shape_aeson_arr =
    JB_SUM((shape, .format = &jb_format_aeson, .sum_style = JB_SUM_ARRAY), tag, SHAPE_CASES);
/* untagged with the nullary case as its name: cases disjoint by JSON shape */
static const jb_type uval_aeson = JB_SUM((uval, .format = &jb_format_aeson, .sum_style = JB_SUM_UNTAGGED), tag, JB_NULLARY(U_NONE, "None"),
    JB_CASE(uval, U_INT, "Int", as.i, &jb_i64),
    JB_CASE(uval, U_LIST, "List", as.v, JB_VEC_OF_T(int32_t, &jb_i32)),
    JB_CASE(uval, U_RECT, "Rect", as.r, &rect_type), JB_CASE(uval, U_BOOL, "Bool", as.b, &jb_bool));
typedef JB_VEC(double) vec_f64;
typedef JB_VEC(uint32_t) vec_char;
typedef JB_MAP(uint32_t, int32_t) map_char;
typedef struct {
    double d;
    float f;
    vec_f64 v;
    bool has_m;
    double m;
    uint32_t c;
    vec_char cs;
    map_char mc;
} interop;
/* maps in key order (JB_FMT_SORTED_MAPS): string, integer, enum (sparse,
 * negative values), character and u64 keys sort; record keys keep their order */
typedef struct {
    map_si si;
    map_is is;
    map_eb eb;
    map_char mc;
    map_uc uc;
    map_ri ri;
} sorted_maps;
#define SORTED_MAPS_FIELDS                                                                     \
    JB_FIELD(sorted_maps, si, MAP_SI), JB_FIELD(sorted_maps, is, MAP_IS),                      \
        JB_FIELD(sorted_maps, eb, MAP_EB),                                                     \
        JB_FIELD(sorted_maps, mc, JB_MAP_OF_T(uint32_t, int32_t, &jb_char, &jb_i32)),          \
        JB_FIELD(sorted_maps, uc, MAP_UC), JB_FIELD(sorted_maps, ri, MAP_RI)
static const jb_type sorted_maps_type =
    JB_RECORD((sorted_maps, .fmt_flags = JB_FMT_SORTED_MAPS), SORTED_MAPS_FIELDS);
static const jb_type sorted_maps_aeson = JB_RECORD((sorted_maps, .format = &jb_format_aeson, .fmt_flags = JB_FMT_SORTED_MAPS), SORTED_MAPS_FIELDS);

/* serde's snake_case on an enum (decodes two spellings of a case) */
typedef enum { W_HTTP = 0, W_USER = 1, W_LOWER = 2 } words;
static const jb_type words_type = JB_ENUM((words, .rename = JB_RENAME_SNAKE_SERDE),
    JB_ENUM_CASE(W_HTTP, "HTTPServer"), JB_ENUM_CASE(W_USER, "UserID"), JB_ENUM_CASE(W_LOWER, "user_ID"));

typedef double f64x2[2];
typedef int32_t i32x3[3];
typedef uint64_t u64x2[2];
/* vectors of every leaf the generated code reads in one runtime loop
 * (jb_gen_vec: bools, each integer kind, floats, strings) */
typedef struct {
    bool has_b;
    JB_VEC(bool) b;
    bool has_i8;
    JB_VEC(int8_t) i8;
    bool has_i16;
    JB_VEC(int16_t) i16;
    bool has_i32;
    JB_VEC(int32_t) i32;
    bool has_i64;
    JB_VEC(int64_t) i64;
    bool has_u8;
    JB_VEC(uint8_t) u8;
    bool has_u16;
    JB_VEC(uint16_t) u16;
    bool has_u32;
    JB_VEC(uint32_t) u32;
    bool has_u64;
    JB_VEC(uint64_t) u64;
    bool has_f32;
    JB_VEC(float) f32;
    bool has_f64;
    JB_VEC(double) f64;
    bool has_s;
    JB_VEC(jb_str) s;
    bool has_cs;
    JB_VEC(char *) cs;
    /* fixed arrays of leaves (jb_gen_arr) and vectors of them */
    bool has_b3;
    bool b3[3];
    bool has_f2;
    double f2[2];
    bool has_pts;
    JB_VEC(f64x2) pts;
    bool has_i3s;
    JB_VEC(i32x3) i3s;
    bool has_u2s;
    JB_VEC(u64x2) u2s;
} leaf_vecs;
static const jb_type leaf_vecs_type = JB_RECORD(leaf_vecs,
    JB_OPTIONAL(leaf_vecs, b, has_b, JB_VEC_OF_T(bool, &jb_bool)),
    JB_OPTIONAL(leaf_vecs, i8, has_i8, JB_VEC_OF_T(int8_t, &jb_i8)),
    JB_OPTIONAL(leaf_vecs, i16, has_i16, JB_VEC_OF_T(int16_t, &jb_i16)),
    JB_OPTIONAL(leaf_vecs, i32, has_i32, JB_VEC_OF_T(int32_t, &jb_i32)),
    JB_OPTIONAL(leaf_vecs, i64, has_i64, JB_VEC_OF_T(int64_t, &jb_i64)),
    JB_OPTIONAL(leaf_vecs, u8, has_u8, JB_VEC_OF_T(uint8_t, &jb_u8)),
    JB_OPTIONAL(leaf_vecs, u16, has_u16, JB_VEC_OF_T(uint16_t, &jb_u16)),
    JB_OPTIONAL(leaf_vecs, u32, has_u32, JB_VEC_OF_T(uint32_t, &jb_u32)),
    JB_OPTIONAL(leaf_vecs, u64, has_u64, JB_VEC_OF_T(uint64_t, &jb_u64)),
    JB_OPTIONAL(leaf_vecs, f32, has_f32, JB_VEC_OF_T(float, &jb_f32)),
    JB_OPTIONAL(leaf_vecs, f64, has_f64, JB_VEC_OF_T(double, &jb_f64)),
    JB_OPTIONAL(leaf_vecs, s, has_s, JB_VEC_OF_T(jb_str, &jb_string)),
    JB_OPTIONAL(leaf_vecs, cs, has_cs, JB_VEC_OF_T(char *, &jb_cstr)),
    JB_OPTIONAL(leaf_vecs, b3, has_b3, JB_ARRAY_OF(bool, 3, &jb_bool)),
    JB_OPTIONAL(leaf_vecs, f2, has_f2, JB_ARRAY_OF(double, 2, &jb_f64)),
    JB_OPTIONAL(leaf_vecs, pts, has_pts, JB_VEC_OF_T(f64x2, JB_ARRAY_OF(double, 2, &jb_f64))),
    JB_OPTIONAL(leaf_vecs, i3s, has_i3s, JB_VEC_OF_T(i32x3, JB_ARRAY_OF(int32_t, 3, &jb_i32))),
    JB_OPTIONAL(leaf_vecs, u2s, has_u2s, JB_VEC_OF_T(u64x2, JB_ARRAY_OF(uint64_t, 2, &jb_u64))));

/* a tuple laid out as an array of one leaf type (jb_gen_arr takes it) */
typedef struct {
    int64_t x, y, z;
} triple;
static const jb_type triple_type =
    JB_TUPLE(triple, JB_ELEM(triple, x, &jb_i64), JB_ELEM(triple, y, &jb_i64), JB_ELEM(triple, z, &jb_i64));

static const jb_type interop_type = JB_RECORD((interop, .format = &jb_format_aeson),
    JB_FIELD(interop, d, &jb_f64), JB_FIELD(interop, f, &jb_f32),
    JB_FIELD(interop, v, JB_VEC_OF_T(double, &jb_f64)), JB_OPTIONAL(interop, m, has_m, &jb_f64),
    JB_FIELD(interop, c, &jb_char), JB_FIELD(interop, cs, JB_VEC_OF_T(uint32_t, &jb_char)),
    JB_FIELD(interop, mc, JB_MAP_OF_T(uint32_t, int32_t, &jb_char, &jb_i32)));

/* everything, nested, optional so that {} is a start the fuzzer can grow */
typedef struct zoo zoo;
struct zoo {
    bool has_sc, has_o, has_fl, has_t, has_a, has_se, has_si, has_sa, has_sr, has_e;
    bool has_tr, has_vs, has_vv, has_m1, has_m2, has_m3, has_m4, has_m5, has_m6, has_m7;
    bool has_mi, has_fr, has_kids;
    scalars sc;
    opt_rec o;
    outer fl;
    tup t;
    arrs a;
    shape se, si, sa, sr;
    uval u;
    expr *e;
    tree *tr;
    JB_VEC(shape) vs;
    JB_VEC(vec_str) vv;
    map_si m1;
    map_is m2;
    map_eb m3;
    map_ri m4;
    map_cd m5;
    map_uc m6;
    map_ej m7;
    misc mi;
    fmtrec fr;
    JB_VEC(zoo) kids;
};
static const jb_type zoo_type;
static const jb_type zoo_type =
    JB_RECORD(zoo, JB_OPTIONAL(zoo, sc, has_sc, &scalars_type),
              JB_OPTIONAL(zoo, o, has_o, &opt_rec_type), JB_OPTIONAL(zoo, fl, has_fl, &outer_type),
              JB_OPTIONAL(zoo, t, has_t, &tup_type), JB_OPTIONAL(zoo, a, has_a, &arrs_type),
              JB_OPTIONAL(zoo, se, has_se, &shape_ext), JB_OPTIONAL(zoo, si, has_si, &shape_int),
              JB_OPTIONAL(zoo, sa, has_sa, &shape_adj), JB_OPTIONAL(zoo, sr, has_sr, &shape_arr),
              /* not JB_OPTIONAL: the untagged None case is null, which an optional
     * field reads as absent (reported; see docs/fuzzing.md) */
              JB_FIELD(zoo, u, &uval_type, .default_json = "null"),
              JB_OPTIONAL(zoo, e, has_e, JB_PTR_OF_T(expr, &expr_type)),
              JB_OPTIONAL(zoo, tr, has_tr, JB_PTR_OF_T(tree, &tree_type)),
              JB_OPTIONAL(zoo, vs, has_vs, JB_VEC_OF_T(shape, &shape_ext)),
              JB_OPTIONAL(zoo, vv, has_vv, JB_VEC_OF_T(vec_str, JB_VEC_OF_T(jb_str, &jb_string))),
              JB_OPTIONAL(zoo, m1, has_m1, MAP_SI), JB_OPTIONAL(zoo, m2, has_m2, MAP_IS),
              JB_OPTIONAL(zoo, m3, has_m3, MAP_EB), JB_OPTIONAL(zoo, m4, has_m4, MAP_RI),
              JB_OPTIONAL(zoo, m5, has_m5, MAP_CD), JB_OPTIONAL(zoo, m6, has_m6, MAP_UC),
              JB_OPTIONAL(zoo, m7, has_m7, MAP_EJ), JB_OPTIONAL(zoo, mi, has_mi, &misc_type),
              JB_OPTIONAL(zoo, fr, has_fr, &fmtrec_type),
              JB_OPTIONAL(zoo, kids, has_kids, JB_VEC_OF_T(zoo, &zoo_type)));

const zoo_entry zoo_types[] = {
    {"zoo", &zoo_type},
    {"scalars", &scalars_type},
    {"opt_rec", &opt_rec_type},
    {"outer", &outer_type},
    {"tup", &tup_type},
    {"arrs", &arrs_type},
    {"shape_ext", &shape_ext},
    {"shape_int", &shape_int},
    {"shape_adj", &shape_adj},
    {"shape_arr", &shape_arr},
    {"shape_aeson", &shape_aeson},
    {"shape_serde", &shape_serde},
    {"shape_circe", &shape_circe},
    {"shape_fable", &shape_fable},
    {"uval", &uval_type},
    {"expr", &expr_type},
    {"tree", &tree_type},
    {"map_si", MAP_SI},
    {"map_is", MAP_IS},
    {"map_eb", MAP_EB},
    {"map_ri", MAP_RI},
    {"map_cd", MAP_CD},
    {"map_uc", MAP_UC},
    {"map_ej", MAP_EJ},
    {"misc", &misc_type},
    {"fmtrec", &fmtrec_type},
    {"vec_zoo", JB_VEC_OF_T(zoo, &zoo_type)},
    {"vec_vec_str", JB_VEC_OF_T(vec_str, JB_VEC_OF_T(jb_str, &jb_string))},
    {"f64", &jb_f64},
    {"f32", &jb_f32},
    {"i64", &jb_i64},
    {"u8", &jb_u8},
    {"string", &jb_string},
    {"cstr", &jb_cstr},
    {"color", &color_type},
    {"point", &point_type},
    {"bag", &bag_type},
    {"raw", &jb_raw},
    {"number", &jb_number},
    {"any", &jb_any},
    {"i64_string", &jb_i64_string},
    {"ptr_i32", JB_PTR_OF_T(int32_t, &jb_i32)},
    /* appended (fuzz inputs select a descriptor by index: keep the order) */
    {"shape_aeson_ext", &shape_aeson_ext},
    {"shape_aeson_arr", &shape_aeson_arr},
    {"uval_aeson", &uval_aeson},
    {"interop", &interop_type},
    {"char", &jb_char},
    {"sorted_maps", &sorted_maps_type},
    {"sorted_maps_aeson", &sorted_maps_aeson},
    {"words", &words_type},
    {"leaf_vecs", &leaf_vecs_type},
    {"triple", &triple_type},
};
const size_t zoo_count = sizeof zoo_types / sizeof zoo_types[0];

/* ------------------------------------------------------------------ */
/* Layout helpers                                                      */
/* ------------------------------------------------------------------ */

static size_t align_of(const jb_type *t) { return t->align ? t->align : 1; }
static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }
static size_t elem_stride(const jb_type *t) { return t->elem_size ? t->elem_size : t->elem->size; }

/* Entry size and value offset of a map: as the macro saw them, else the
 * layout of struct {K key; V value;}. */
static void map_layout(const jb_type *t, size_t *es, size_t *vo) {
    if (t->entry_size) {
        *es = t->entry_size;
        *vo = t->value_offset;
        return;
    }
    size_t ka = align_of(t->key), va = align_of(t->elem);
    *vo = round_up(t->key->size, va);
    *es = round_up(*vo + t->elem->size, ka > va ? ka : va);
}

static uint64_t load_uint(const void *p, size_t size) {
    switch (size) {
    case 1: {
        uint8_t v;
        memcpy(&v, p, 1);
        return v;
    }
    case 2: {
        uint16_t v;
        memcpy(&v, p, 2);
        return v;
    }
    case 4: {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    default: {
        uint64_t v;
        memcpy(&v, p, 8);
        return v;
    }
    }
}
static void store_int(void *p, size_t size, int64_t v) {
    switch (size) {
    case 1: {
        int8_t x = (int8_t)v;
        memcpy(p, &x, 1);
        break;
    }
    case 2: {
        int16_t x = (int16_t)v;
        memcpy(p, &x, 2);
        break;
    }
    case 4: {
        int32_t x = (int32_t)v;
        memcpy(p, &x, 4);
        break;
    }
    default: memcpy(p, &v, 8); break;
    }
}
static int64_t sext(uint64_t u, size_t size) {
    if (size >= 8) return (int64_t)u;
    uint64_t m = UINT64_C(1) << (size * 8 - 1);
    return (int64_t)((u ^ m) - m);
}

static const jb_case *sum_case(const jb_type *t, int64_t tag) {
    for (const jb_case *c = t->sum_cases; c->name; c++)
        if (c->tag == tag) return c;
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Deep equality                                                       */
/* ------------------------------------------------------------------ */

static bool fields_equal(const jb_field *f, const char *a, const char *b) {
    for (; f->cname; f++) {
        if (f->presence == JB_PRESENCE_FLAG) {
            bool fa, fb;
            memcpy(&fa, a + f->flag_offset, sizeof fa);
            memcpy(&fb, b + f->flag_offset, sizeof fb);
            if (fa != fb) {
                if (getenv("JB_ZOO_DEBUG")) fprintf(stderr, "  presence of %s differs\n", f->cname);
                return false;
            }
            if (!fa) continue;
        }
        if (!zoo_equal(f->type, a + f->offset, b + f->offset)) return false;
    }
    return true;
}

static bool zoo_equal_(const jb_type *t, const void *av, const void *bv);

/* With JB_ZOO_DEBUG set, every mismatch prints the descriptors on its way up. */
bool zoo_equal(const jb_type *t, const void *a, const void *b) {
    static int debug = -1;
    if (debug < 0) debug = getenv("JB_ZOO_DEBUG") != NULL;
    bool eq = zoo_equal_(t, a, b);
    if (!eq && debug) fprintf(stderr, "  differs: %s (kind %d)\n", t->name, (int)t->kind);
    return eq;
}

static bool zoo_equal_(const jb_type *t, const void *av, const void *bv) {
    const char *a = av, *b = bv;
    switch (t->kind) {
    case JB_KIND_BOOL: return *(const bool *)a == *(const bool *)b;
    case JB_KIND_F32: {
        float x, y;
        memcpy(&x, a, 4);
        memcpy(&y, b, 4);
        return (x == y && signbit(x) == signbit(y)) || (isnan(x) && isnan(y));
    }
    case JB_KIND_F64: {
        double x, y;
        memcpy(&x, a, 8);
        memcpy(&y, b, 8);
        return (x == y && signbit(x) == signbit(y)) || (isnan(x) && isnan(y));
    }
    case JB_KIND_CSTR: {
        const char *x = *(char *const *)a, *y = *(char *const *)b;
        return (!x && !y) || (x && y && strcmp(x, y) == 0);
    }
    case JB_KIND_STR:
    case JB_KIND_RAW:
    case JB_KIND_NUMBER: {
        const jb_str *x = (const jb_str *)a, *y = (const jb_str *)b;
        return x->len == y->len && (!x->len || memcmp(x->ptr, y->ptr, x->len) == 0);
    }
    case JB_KIND_RECORD:
    case JB_KIND_TUPLE: return fields_equal(t->fields, a, b);
    case JB_KIND_ARRAY: {
        size_t s = elem_stride(t);
        for (size_t i = 0; i < t->count; i++)
            if (!zoo_equal(t->elem, a + i * s, b + i * s)) return false;
        return true;
    }
    case JB_KIND_SUM: {
        uint64_t ta = load_uint(a + t->tag_offset, t->tag_size);
        uint64_t tb = load_uint(b + t->tag_offset, t->tag_size);
        if (ta != tb) return false;
        const jb_case *c = sum_case(t, sext(ta, t->tag_size));
        if (!c) return false;
        return !c->type || zoo_equal(c->type, a + c->offset, b + c->offset);
    }
    case JB_KIND_VEC: {
        const struct {
            char *items;
            size_t len;
        } *x = (const void *)a, *y = (const void *)b;
        if (x->len != y->len) return false;
        size_t s = elem_stride(t);
        for (size_t i = 0; i < x->len; i++)
            if (!zoo_equal(t->elem, x->items + i * s, y->items + i * s)) return false;
        return true;
    }
    case JB_KIND_MAP: {
        /* as sets of entries (keys are unique in generated and decoded maps):
         * JB_FMT_SORTED_MAPS reorders them; the harnesses' byte comparisons
         * of re-encodings check the order */
        const struct {
            char *items;
            size_t len;
        } *x = (const void *)a, *y = (const void *)b;
        size_t es, vo;
        map_layout(t, &es, &vo);
        if (x->len != y->len) return false;
        for (size_t i = 0; i < x->len; i++) {
            const char *ea = x->items + i * es, *eb = y->items + i * es;
            if (zoo_equal_(t->key, ea, eb) && zoo_equal(t->elem, ea + vo, eb + vo)) continue;
            size_t j = 0;
            while (j < y->len && !zoo_equal_(t->key, ea, y->items + j * es)) j++;
            if (j == y->len || !zoo_equal(t->elem, ea + vo, y->items + j * es + vo)) return false;
        }
        return true;
    }
    case JB_KIND_PTR: {
        const void *x = *(void *const *)a, *y = *(void *const *)b;
        if (!x || !y) return !x && !y;
        return zoo_equal(t->elem, x, y);
    }
    case JB_KIND_ANY: {
        const jb_value *x = *(jb_value *const *)a, *y = *(jb_value *const *)b;
        if (!x || !y) return jb_value_is_null(x) && jb_value_is_null(y);
        return jb_value_equal(x, y);
    }
    default: /* ints, enums and the custom codecs' plain structs */
        return memcmp(a, b, t->size) == 0;
    }
}

/* ------------------------------------------------------------------ */
/* Generator                                                           */
/* ------------------------------------------------------------------ */

#define GEN_MAX_DEPTH 6

static void *gen_alloc(jb_arena *arena, size_t n) {
    void *p = jb_arena_alloc(arena, n ? n : 1, 16);
    FUZZ_CHECK(p != NULL);
    memset(p, 0, n ? n : 1);
    return p;
}

/* Valid UTF-8 text from the source: up to 0..15 code points, no
 * surrogates; NUL only when allow_nul. */
static jb_str gen_text(fuzz_src *s, jb_arena *arena, bool allow_nul) {
    size_t n = fs_u8(s) & 15;
    char *d = gen_alloc(arena, n * 4 + 1);
    size_t len = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t k = fs_u8(s);
        uint32_t cp;
        switch (k >> 6) {
        case 0: cp = k & 0x7f; break;                            /* ASCII incl. controls */
        case 1: cp = 0x20 + (uint32_t)(k & 0x3f) * 3 / 2; break; /* printable, '"' '\\' '/' */
        case 2: cp = 0x80 + (uint32_t)fs_u64(s, 2) % 0xF780; break;
        default: cp = 0x10000 + (uint32_t)fs_u64(s, 3) % 0x100000; break;
        }
        if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD;
        if (cp == 0 && !allow_nul) cp = '0';
        if (cp < 0x80) {
            d[len++] = (char)cp;
        } else if (cp < 0x800) {
            d[len++] = (char)(0xC0 | (cp >> 6));
            d[len++] = (char)(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            d[len++] = (char)(0xE0 | (cp >> 12));
            d[len++] = (char)(0x80 | ((cp >> 6) & 0x3F));
            d[len++] = (char)(0x80 | (cp & 0x3F));
        } else {
            d[len++] = (char)(0xF0 | (cp >> 18));
            d[len++] = (char)(0x80 | ((cp >> 12) & 0x3F));
            d[len++] = (char)(0x80 | ((cp >> 6) & 0x3F));
            d[len++] = (char)(0x80 | (cp & 0x3F));
        }
    }
    d[len] = 0;
    jb_str r = {d, len};
    return r;
}

static const char *const raw_texts[] = {
    "null",   "true", "[1,2]", "{\"a\":[true,false,null]}",      "\"s\\u0041\\ud83d\\ude00\"",
    "-1.5e3", "{}",   "[]",    "123456789012345678901234567890", "[[[[]]]]",
    "\"\""};
static const char *const number_texts[] = {
    "0",       "-1",  "1.5e300", "123456789012345678901234567890", "-0.0",
    "1E-7",    "0.1", "-0",      "18446744073709551616",           "2.2250738585072011e-308",
    "4.9e-324"};

static jb_str pick(const char *const *list, size_t n, fuzz_src *s) {
    const char *p = list[fs_u8(s) % n];
    jb_str r = {p, strlen(p)};
    return r;
}

static jb_value *gen_dom(fuzz_src *s, jb_arena *arena, int depth) {
    uint8_t k = fs_u8(s);
    if (depth >= GEN_MAX_DEPTH) k &= 3;
    jb_value *v;
    switch (k % 8) {
    case 0: return jb_value_new_null(arena);
    case 1: return jb_value_new_bool(arena, k & 8);
    case 2: return jb_value_new_i64(arena, (int64_t)fs_u64(s, 8));
    case 3: {
        uint64_t bits = fs_u64(s, 8);
        double d;
        memcpy(&d, &bits, 8);
        return jb_value_new_f64(arena, isfinite(d) ? d : 0.5);
    }
    case 4: {
        jb_str t = gen_text(s, arena, true);
        return jb_value_new_string(arena, t.ptr, t.len);
    }
    case 5: return jb_value_new_u64(arena, fs_u64(s, 8) | UINT64_C(1) << 63);
    case 6: {
        v = jb_value_new_array(arena);
        for (size_t i = 0, n = fs_u8(s) & 3; v && i < n; i++)
            FUZZ_CHECK(jb_value_array_append(v, gen_dom(s, arena, depth + 1), arena) == JB_OK);
        return v;
    }
    default: {
        v = jb_value_new_object(arena);
        for (size_t i = 0, n = fs_u8(s) & 3; v && i < n; i++) {
            jb_str key = gen_text(s, arena, true);
            FUZZ_CHECK(jb_value_object_set(v, key.ptr, key.len, gen_dom(s, arena, depth + 1),
                                           arena) == JB_OK);
        }
        return v;
    }
    }
}

static void gen_fields(const jb_field *f, char *out, fuzz_src *s, jb_arena *arena, int depth) {
    for (; f->cname; f++) {
        if (f->presence == JB_PRESENCE_FLAG) {
            bool on = fs_u8(s) & 1;
            memcpy(out + f->flag_offset, &on, sizeof on);
            if (!on) continue;
        }
        zoo_gen(f->type, out + f->offset, s, arena, depth);
    }
}

static void gen_map(const jb_type *t, char *out, fuzz_src *s, jb_arena *arena, int depth) {
    size_t es, vo, want = depth >= GEN_MAX_DEPTH ? 0 : fs_u8(s) & 3, n = 0;
    map_layout(t, &es, &vo);
    char *items = gen_alloc(arena, es * (want ? want : 1));
    for (size_t i = 0; i < want; i++) {
        char *e = items + n * es;
        zoo_gen(t->key, e, s, arena, depth + 1);
        bool dup = false;
        for (size_t j = 0; j < n && !dup; j++) dup = zoo_equal(t->key, items + j * es, e);
        if (dup) {
            memset(e, 0, es);
            continue;
        }
        zoo_gen(t->elem, e + vo, s, arena, depth + 1);
        n++;
    }
    struct {
        char *items;
        size_t len;
    } m = {n ? items : NULL, n};
    memcpy(out, &m, sizeof m);
}

void zoo_gen(const jb_type *t, void *outv, fuzz_src *s, jb_arena *arena, int depth) {
    char *out = outv;
    memset(out, 0, t->size);
    switch (t->kind) {
    case JB_KIND_BOOL: *(bool *)out = fs_u8(s) & 1; break;
    case JB_KIND_I8:
    case JB_KIND_I16:
    case JB_KIND_I32:
    case JB_KIND_I64:
    case JB_KIND_U8:
    case JB_KIND_U16:
    case JB_KIND_U32:
    case JB_KIND_U64: store_int(out, t->size, (int64_t)fs_u64(s, (unsigned)t->size)); break;
    case JB_KIND_F32: {
        uint32_t bits = (uint32_t)fs_u64(s, 4);
        float f;
        memcpy(&f, &bits, 4);
        if (!isfinite(f)) f = -0.0f;
        memcpy(out, &f, 4);
        break;
    }
    case JB_KIND_F64: {
        uint64_t bits = fs_u64(s, 8);
        double d;
        memcpy(&d, &bits, 8);
        if (!isfinite(d)) d = 1e-300;
        memcpy(out, &d, 8);
        break;
    }
    case JB_KIND_CHAR: {
        uint32_t cp = (uint32_t)fs_u64(s, 3) % 0x110000;
        if (cp >= 0xD800 && cp < 0xE000) cp = 0xFFFD;
        memcpy(out, &cp, sizeof cp);
        break;
    }
    case JB_KIND_CSTR: {
        jb_str x = gen_text(s, arena, false);
        char *p = (char *)x.ptr;
        memcpy(out, &p, sizeof p);
        break;
    }
    case JB_KIND_STR: {
        jb_str x = gen_text(s, arena, true);
        memcpy(out, &x, sizeof x);
        break;
    }
    case JB_KIND_RAW: {
        jb_str x = pick(raw_texts, sizeof raw_texts / sizeof *raw_texts, s);
        memcpy(out, &x, sizeof x);
        break;
    }
    case JB_KIND_NUMBER: {
        jb_str x = pick(number_texts, sizeof number_texts / sizeof *number_texts, s);
        memcpy(out, &x, sizeof x);
        break;
    }
    case JB_KIND_ENUM: {
        size_t n = 0;
        while (t->cases[n].name) n++;
        store_int(out, t->size, t->cases[fs_u8(s) % n].value);
        break;
    }
    case JB_KIND_RECORD:
    case JB_KIND_TUPLE: gen_fields(t->fields, out, s, arena, depth + 1); break;
    case JB_KIND_ARRAY:
        for (size_t i = 0; i < t->count; i++)
            zoo_gen(t->elem, out + i * elem_stride(t), s, arena, depth + 1);
        break;
    case JB_KIND_SUM: {
        size_t n = 0;
        while (t->sum_cases[n].name) n++;
        const jb_case *c = &t->sum_cases[fs_u8(s) % n];
        store_int(out + t->tag_offset, t->tag_size, c->tag);
        if (c->type) zoo_gen(c->type, out + c->offset, s, arena, depth + 1);
        break;
    }
    case JB_KIND_VEC: {
        size_t n = depth >= GEN_MAX_DEPTH ? 0 : fs_u8(s) & 3, st = elem_stride(t);
        struct {
            char *items;
            size_t len;
        } v = {NULL, n};
        if (n) {
            v.items = gen_alloc(arena, n * st);
            for (size_t i = 0; i < n; i++) zoo_gen(t->elem, v.items + i * st, s, arena, depth + 1);
        }
        memcpy(out, &v, sizeof v);
        break;
    }
    case JB_KIND_MAP: gen_map(t, out, s, arena, depth); break;
    case JB_KIND_PTR: {
        if (depth >= GEN_MAX_DEPTH || !(fs_u8(s) & 1)) break;
        void *p = gen_alloc(arena, t->elem->size);
        zoo_gen(t->elem, p, s, arena, depth + 1);
        memcpy(out, &p, sizeof p);
        break;
    }
    case JB_KIND_ANY: {
        jb_value *v = gen_dom(s, arena, depth);
        FUZZ_CHECK(v != NULL);
        memcpy(out, &v, sizeof v);
        break;
    }
    case JB_KIND_CUSTOM:
        if (t == &point_type) {
            point p = {(int32_t)fs_u64(s, 4), (int32_t)fs_u64(s, 4)};
            memcpy(out, &p, sizeof p);
        } else if (t == &bag_type) {
            bag b = {fs_u8(s) & 3};
            memcpy(out, &b, sizeof b);
        }
        break;
    default: FUZZ_CHECK(!"kind not in the zoo");
    }
}
