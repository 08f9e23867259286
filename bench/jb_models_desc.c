/* SPDX-License-Identifier: MIT */
/*
 * jb_models_desc.c — the jbind descriptors of the seed, wide and partial
 * bench models (the only code jbind needs: one table per C type). In its
 * own translation unit so the bench's generated codecs (bench/CMakeLists.txt,
 * jbind_generate) are written from the same descriptors the "jbind" rows
 * interpret; the full corpus models are in jb_corpus_desc.c.
 */
#include "models.h"

extern const jb_type large_union_type, lu_record_type; /* lu_gen_desc.c */
extern const jb_type gsoc_project_type, gh_event_type;

#define STR (&jb_string)

/* aeson D: external tag (jbind's default), nullary as "Nullary" */
extern const jb_type d_type;
static const jb_type d_product_type = JB_TUPLE(d_product,
    JB_ELEM(d_product, s, STR), JB_ELEM(d_product, c, STR),
    JB_ELEM(d_product, a, JB_PTR_OF_T(D, &d_type)));
static const jb_type d_record_type = JB_RECORD(d_record,
    JB_FIELD(d_record, testOne, &jb_f64), JB_FIELD(d_record, testTwo, &jb_bool),
    JB_FIELD(d_record, testThree, JB_PTR_OF_T(D, &d_type)));
const jb_type d_type = JB_SUM(D, tag,
    JB_NULLARY(D_NULLARY, "Nullary"),
    JB_CASE(D, D_UNARY, "Unary", u.unary, &jb_i64),
    JB_CASE(D, D_PRODUCT, "Product", u.product, &d_product_type),
    JB_CASE(D, D_RECORD, "Record", u.record, &d_record_type));

#define BR(n) JB_FIELD(big_record, field##n, &jb_i64)
const jb_type big_record_type = JB_RECORD(big_record,
    BR(01), BR(02), BR(03), BR(04), BR(05), BR(06), BR(07), BR(08), BR(09), BR(10), BR(11),
    BR(12), BR(13), BR(14), BR(15), BR(16), BR(17), BR(18), BR(19), BR(20), BR(21), BR(22),
    BR(23), BR(24), BR(25));
#define BP(n) JB_ELEM(big_product, p##n, &jb_i64)
const jb_type big_product_type = JB_TUPLE(big_product,
    BP(01), BP(02), BP(03), BP(04), BP(05), BP(06), BP(07), BP(08), BP(09), BP(10), BP(11),
    BP(12), BP(13), BP(14), BP(15), BP(16), BP(17), BP(18), BP(19), BP(20), BP(21), BP(22),
    BP(23), BP(24), BP(25));
#define BS(n) JB_ENUM_CASE(F##n, "F" #n)
const jb_type big_sum_type = JB_ENUM(big_sum,
    BS(01), BS(02), BS(03), BS(04), BS(05), BS(06), BS(07), BS(08), BS(09), BS(10), BS(11),
    BS(12), BS(13), BS(14), BS(15), BS(16), BS(17), BS(18), BS(19), BS(20), BS(21), BS(22),
    BS(23), BS(24), BS(25));
const jb_type enum5_type = JB_ENUM(enum5, JB_ENUM_CASE(E1, "E1"), JB_ENUM_CASE(E2, "E2"),
    JB_ENUM_CASE(E3, "E3"), JB_ENUM_CASE(E4, "E4"), JB_ENUM_CASE(E5, "E5"));

/* circe / finch */
const jb_type foo_type = JB_RECORD(foo,
    JB_FIELD(foo, s, STR), JB_FIELD(foo, d, &jb_f64), JB_FIELD(foo, i, &jb_i32),
    JB_FIELD(foo, l, &jb_i64), JB_FIELD(foo, bs, JB_VEC_OF_T(bool, &jb_bool)));
static const jb_type foo_s_type = JB_RECORD(foo_s, JB_FIELD(foo_s, s, STR));
const jb_type finch_type = JB_RECORD(finch_large,
    JB_FIELD(finch_large, foos, JB_VEC_OF_T(foo_s, &foo_s_type)),
    JB_FIELD(finch_large, ints, JB_VEC_OF_T(int32_t, &jb_i32)));

/* wide / deep */
extern const jb_type tree_type;
const jb_type tree_type = JB_RECORD(tree_node,
    JB_FIELD(tree_node, name, STR), JB_FIELD(tree_node, number, &jb_i64),
    JB_FIELD(tree_node, children, JB_VEC_OF_T(tree_node, &tree_type)));

/* twitter, citm_catalog, canada: jb_corpus_desc.c (its own TU, for the compile-cost figure) */
extern const jb_type twitter_type, citm_type, canada_type;

/* partial models: unknown keys are skipped (jbind's default) */
static const jb_type gsoc_org_type = JB_RECORD(gsoc_org,
    JB_FIELD(gsoc_org, name, STR), JB_FIELD(gsoc_org, description, STR));
static const jb_type gsoc_person_type = JB_RECORD(gsoc_person, JB_FIELD(gsoc_person, name, STR));
const jb_type gsoc_project_type = JB_RECORD(gsoc_project,
    JB_FIELD(gsoc_project, type, STR, JB_NAME("@type")), JB_FIELD(gsoc_project, name, STR),
    JB_FIELD(gsoc_project, description, STR), JB_FIELD(gsoc_project, sponsor, &gsoc_org_type),
    JB_FIELD(gsoc_project, author, &gsoc_person_type));
const jb_type mesh_type = JB_RECORD(mesh,
    JB_FIELD(mesh, positions, JB_VEC_OF_T(double, &jb_f64)),
    JB_FIELD(mesh, normals, JB_VEC_OF_T(double, &jb_f64)),
    JB_FIELD(mesh, tex0, JB_VEC_OF_T(double, &jb_f64)),
    JB_FIELD(mesh, colors, JB_VEC_OF_T(uint32_t, &jb_u32)),
    JB_FIELD(mesh, indices, JB_VEC_OF_T(int32_t, &jb_i32)));
static const jb_type gh_actor_type = JB_RECORD(gh_actor,
    JB_FIELD(gh_actor, id, &jb_u64), JB_FIELD(gh_actor, login, STR));
static const jb_type gh_repo_type = JB_RECORD(gh_repo,
    JB_FIELD(gh_repo, id, &jb_u64), JB_FIELD(gh_repo, name, STR));
const jb_type gh_event_type = JB_RECORD(gh_event,
    JB_FIELD(gh_event, type, STR), JB_FIELD(gh_event, created_at, STR),
    JB_FIELD(gh_event, actor, &gh_actor_type), JB_FIELD(gh_event, repo, &gh_repo_type),
    JB_FIELD(gh_event, public_, &jb_bool, JB_NAME("public")), JB_FIELD(gh_event, id, STR));
static const jb_type t100_result_type = JB_RECORD(t100_result,
    JB_FIELD(t100_result, created_at, STR), JB_FIELD(t100_result, from_user, STR),
    JB_FIELD(t100_result, text, STR), JB_FIELD(t100_result, iso_language_code, STR),
    JB_FIELD(t100_result, id, &jb_u64), JB_FIELD(t100_result, from_user_id, &jb_u64));
const jb_type twitter100_type = JB_RECORD(twitter100,
    JB_FIELD(twitter100, results, JB_VEC_OF_T(t100_result, &t100_result_type)),
    JB_FIELD(twitter100, max_id, &jb_u64), JB_FIELD(twitter100, page, &jb_i32),
    JB_FIELD(twitter100, query, STR));


/* Named roots for the cases whose type is a vector or map written inline
 * in the case table (jb_models.c): jbind_generate takes named descriptors
 * with a plan, so each is a one-field record with JB_FMT_UNWRAP_UNARY
 * around the same vector or map. Its JSON is the field's value and its
 * memory the field's (one member at offset 0), so the "jbind-generated"
 * row decodes and encodes the case's own text and struct through it
 * (bench_case.gen_type); the "jbind" row keeps the inline descriptor. */
#define ROOT(T, M)                                                                         \
    typedef struct T##_root { M v; } T##_root;                                             \
    _Static_assert(sizeof(T##_root) == sizeof(M) && _Alignof(T##_root) == _Alignof(M), \
                   #T "_root is laid out as " #M)
ROOT(foos, map_foo);
ROOT(ints, vec_i32);
ROOT(i64arr, vec_i64);
ROOT(mapss, map_str_str);
ROOT(gsoc, gsoc);
ROOT(github, gh_events);
ROOT(numbers, vec_f64);
#define UNWRAP(T, desc) JB_RECORD((T##_root, .fmt_flags = JB_FMT_UNWRAP_UNARY), JB_FIELD(T##_root, v, desc))
const jb_type foos_root_type = UNWRAP(foos, JB_MAP_OF_T(jb_str, foo, STR, &foo_type));
const jb_type ints_root_type = UNWRAP(ints, JB_VEC_OF_T(int32_t, &jb_i32));
const jb_type i64arr_root_type = UNWRAP(i64arr, JB_VEC_OF_T(int64_t, &jb_i64));
const jb_type mapss_root_type = UNWRAP(mapss, JB_MAP_OF_T(jb_str, jb_str, STR, STR));
const jb_type gsoc_root_type = UNWRAP(gsoc, JB_MAP_OF_T(jb_str, gsoc_project, STR, &gsoc_project_type));
const jb_type github_root_type = UNWRAP(github, JB_VEC_OF_T(gh_event, &gh_event_type));
const jb_type numbers_root_type = UNWRAP(numbers, JB_VEC_OF_T(double, &jb_f64));
