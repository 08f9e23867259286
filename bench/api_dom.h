/* SPDX-License-Identifier: MIT */
/*
 * api_dom.h — a thin naming layer over the DOM libraries, so that one
 * extraction routine per model (m_dom.inc) serves jansson, json-c, cJSON
 * RapidJSON and yyjson. Every helper is a direct call into the library's own API,
 * the calls its users make: parse the whole document, look fields up by
 * name, iterate arrays and objects, copy strings out. Select the backend by
 * defining DOM_JANSSON, DOM_JSONC, DOM_CJSON, DOM_RAPIDJSON or DOM_YYJSON.
 *
 *   DV              a (const) pointer to a DOM node; NULL = absent
 *   d_get(o, "k")   member lookup (NULL when absent)
 *   d_null(v)       absent or JSON null
 *   D_ARR_FOREACH(a, ev) { ... }   D_OBJ_FOREACH(o, k, ev) { ... } (k is a jb_str)
 *   d_i64/u64/i32/u32/u16/u8/f64/bool/str(v, &out): 0 or -1 on a type/range error
 */
#ifndef BENCH_API_DOM_H
#define BENCH_API_DOM_H

#include "harness.h"

#if defined(DOM_JANSSON)
#include <jansson.h>
typedef json_t *DV;
typedef struct { json_t *root; } DOM_DOC;
static inline int dom_parse(DOM_DOC *d, const char *s, size_t n) {
    d->root = json_loadb(s, n, JSON_DECODE_ANY, NULL); /* scalar roots too */
    return d->root ? 0 : -1;
}
static inline DV dom_root(DOM_DOC *d) { return d->root; }
static inline void dom_close(DOM_DOC *d) { json_decref(d->root); }
static inline DV d_get(DV o, const char *k) { return json_object_get(o, k); }
static inline bool d_null(DV v) { return !v || json_is_null(v); }
static inline bool d_isobj(DV v) { return v && json_is_object(v); }
static inline bool d_isarr(DV v) { return v && json_is_array(v); }
static inline size_t d_arr_len(DV a) { return json_array_size(a); }
#define D_ARR_FOREACH(a, ev)                                                        \
    for (size_t ev##_i = 0, ev##_n = json_array_size(a); ev##_i < ev##_n; ev##_i++)  \
        for (int ev##_k = 1; ev##_k;)                                               \
            for (DV ev = json_array_get(a, ev##_i); ev##_k; ev##_k = 0)
#define D_OBJ_FOREACH(o, k, ev)                                                     \
    for (void *k##_it = json_object_iter(o); k##_it;                                \
         k##_it = json_object_iter_next(o, k##_it))                                 \
        for (int k##_k = 1; k##_k;)                                                 \
            for (jb_str k = {json_object_iter_key(k##_it),                          \
                             json_object_iter_key_len(k##_it)};                     \
                 k##_k;)                                                            \
                for (DV ev = json_object_iter_value(k##_it); k##_k; k##_k = 0)
static inline DV d_at(DV a, size_t i) { return json_array_get(a, i); }
static inline int d_strview(DV v, jb_str *o) {
    if (!v || !json_is_string(v)) return -1;
    o->ptr = json_string_value(v);
    o->len = json_string_length(v);
    return 0;
}
static inline int d_i64(DV v, int64_t *o) {
    if (!v || !json_is_integer(v)) return -1;
    *o = json_integer_value(v);
    return 0;
}
static inline int d_u64(DV v, uint64_t *o) {
    if (!v || !json_is_integer(v) || json_integer_value(v) < 0) return -1;
    *o = (uint64_t)json_integer_value(v);
    return 0;
}
static inline int d_f64(DV v, double *o) {
    if (!v || !json_is_number(v)) return -1;
    *o = json_number_value(v);
    return 0;
}
static inline int d_bool(DV v, bool *o) {
    if (!v || !json_is_boolean(v)) return -1;
    *o = json_is_true(v);
    return 0;
}
static inline int d_str(DV v, bench_arena *a, jb_str *o) {
    if (!v || !json_is_string(v)) return -1;
    *o = ba_str(a, json_string_value(v), json_string_length(v));
    return 0;
}

#elif defined(DOM_JSONC)
#include <json-c/json.h>
typedef struct json_object *DV;
typedef struct { struct json_object *root; } DOM_DOC;
static inline int dom_parse(DOM_DOC *d, const char *s, size_t n) {
    (void)n; /* input is NUL-terminated */
    d->root = json_tokener_parse(s);
    return d->root ? 0 : -1;
}
static inline DV dom_root(DOM_DOC *d) { return d->root; }
static inline void dom_close(DOM_DOC *d) { json_object_put(d->root); }
static inline DV d_get(DV o, const char *k) {
    struct json_object *v = NULL;
    json_object_object_get_ex(o, k, &v);
    return v;
}
static inline bool d_null(DV v) { return !v; } /* json-c represents null as NULL */
static inline bool d_isobj(DV v) { return v && json_object_is_type(v, json_type_object); }
static inline bool d_isarr(DV v) { return v && json_object_is_type(v, json_type_array); }
static inline size_t d_arr_len(DV a) { return json_object_array_length(a); }
#define D_ARR_FOREACH(a, ev)                                                        \
    for (size_t ev##_i = 0, ev##_n = json_object_array_length(a); ev##_i < ev##_n;   \
         ev##_i++)                                                                  \
        for (int ev##_k = 1; ev##_k;)                                               \
            for (DV ev = json_object_array_get_idx(a, ev##_i); ev##_k; ev##_k = 0)
#define D_OBJ_FOREACH(o, k, ev)                                                     \
    for (struct lh_entry *k##_e = json_object_get_object(o)->head; k##_e;            \
         k##_e = k##_e->next)                                                       \
        for (int k##_k = 1; k##_k;)                                                 \
            for (jb_str k = {(const char *)lh_entry_k(k##_e),                       \
                             strlen((const char *)lh_entry_k(k##_e))};              \
                 k##_k;)                                                            \
                for (DV ev = (DV)lh_entry_v(k##_e); k##_k; k##_k = 0)
static inline DV d_at(DV a, size_t i) { return json_object_array_get_idx(a, i); }
static inline int d_strview(DV v, jb_str *o) {
    if (!v || !json_object_is_type(v, json_type_string)) return -1;
    o->ptr = json_object_get_string(v);
    o->len = (size_t)json_object_get_string_len(v);
    return 0;
}
static inline int d_i64(DV v, int64_t *o) {
    if (!v || !json_object_is_type(v, json_type_int)) return -1;
    *o = json_object_get_int64(v);
    return 0;
}
static inline int d_u64(DV v, uint64_t *o) {
    if (!v || !json_object_is_type(v, json_type_int)) return -1;
    *o = json_object_get_uint64(v);
    return 0;
}
static inline int d_f64(DV v, double *o) {
    if (!v || !(json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
        return -1;
    *o = json_object_get_double(v);
    return 0;
}
static inline int d_bool(DV v, bool *o) {
    if (!v || !json_object_is_type(v, json_type_boolean)) return -1;
    *o = json_object_get_boolean(v);
    return 0;
}
static inline int d_str(DV v, bench_arena *a, jb_str *o) {
    if (!v || !json_object_is_type(v, json_type_string)) return -1;
    *o = ba_str(a, json_object_get_string(v), (size_t)json_object_get_string_len(v));
    return 0;
}

#elif defined(DOM_CJSON)
#include <cjson/cJSON.h>
typedef cJSON *DV;
typedef struct { cJSON *root; } DOM_DOC;
static inline int dom_parse(DOM_DOC *d, const char *s, size_t n) {
    d->root = cJSON_ParseWithLength(s, n);
    return d->root ? 0 : -1;
}
static inline DV dom_root(DOM_DOC *d) { return d->root; }
static inline void dom_close(DOM_DOC *d) { cJSON_Delete(d->root); }
static inline DV d_get(DV o, const char *k) { return cJSON_GetObjectItemCaseSensitive(o, k); }
static inline bool d_null(DV v) { return !v || cJSON_IsNull(v); }
static inline bool d_isobj(DV v) { return v && cJSON_IsObject(v); }
static inline bool d_isarr(DV v) { return v && cJSON_IsArray(v); }
static inline size_t d_arr_len(DV a) { return (size_t)cJSON_GetArraySize(a); }
#define D_ARR_FOREACH(a, ev) for (DV ev = (a)->child; ev; ev = ev->next)
#define D_OBJ_FOREACH(o, k, ev)                                                     \
    for (DV ev = (o)->child; ev; ev = ev->next)                                     \
        for (int k##_k = 1; k##_k;)                                                 \
            for (jb_str k = {ev->string, strlen(ev->string)}; k##_k; k##_k = 0)
/* cJSON keeps every number as a double (valueint is a saturated int): integers
 * above 2^53 are not exact. That is the library, not the bench. */
static inline DV d_at(DV a, size_t i) { return cJSON_GetArrayItem(a, (int)i); }
static inline int d_strview(DV v, jb_str *o) {
    if (!v || !cJSON_IsString(v)) return -1;
    o->ptr = v->valuestring;
    o->len = strlen(v->valuestring);
    return 0;
}
static inline int d_i64(DV v, int64_t *o) {
    if (!v || !cJSON_IsNumber(v)) return -1;
    double d = v->valuedouble;
    if (d != (double)(int64_t)d) return -1;
    *o = (int64_t)d;
    return 0;
}
static inline int d_u64(DV v, uint64_t *o) {
    if (!v || !cJSON_IsNumber(v) || v->valuedouble < 0) return -1;
    *o = (uint64_t)v->valuedouble;
    return 0;
}
static inline int d_f64(DV v, double *o) {
    if (!v || !cJSON_IsNumber(v)) return -1;
    *o = v->valuedouble;
    return 0;
}
static inline int d_bool(DV v, bool *o) {
    if (!v || !cJSON_IsBool(v)) return -1;
    *o = cJSON_IsTrue(v);
    return 0;
}
static inline int d_str(DV v, bench_arena *a, jb_str *o) {
    if (!v || !cJSON_IsString(v)) return -1;
    *o = ba_str(a, v->valuestring, strlen(v->valuestring));
    return 0;
}

#elif defined(DOM_RAPIDJSON)
#include <rapidjson/document.h>
typedef const rapidjson::Value *DV;
typedef rapidjson::Document DOM_DOC;
static inline int dom_parse(DOM_DOC *d, const char *s, size_t n) {
    /* full precision: correctly rounded doubles (the default is not) */
    d->Parse<rapidjson::kParseFullPrecisionFlag>(s, n);
    return d->HasParseError() ? -1 : 0;
}
static inline DV dom_root(DOM_DOC *d) { return d; }
static inline void dom_close(DOM_DOC *d) { (void)d; }
static inline DV d_get(DV o, const char *k) {
    rapidjson::Value::ConstMemberIterator it = o->FindMember(k);
    return it == o->MemberEnd() ? NULL : &it->value;
}
static inline bool d_null(DV v) { return !v || v->IsNull(); }
static inline bool d_isobj(DV v) { return v && v->IsObject(); }
static inline bool d_isarr(DV v) { return v && v->IsArray(); }
static inline size_t d_arr_len(DV a) { return a->Size(); }
#define D_ARR_FOREACH(a, ev) for (DV ev = (a)->Begin(); ev != (a)->End(); ++ev)
#define D_OBJ_FOREACH(o, k, ev)                                                     \
    for (rapidjson::Value::ConstMemberIterator k##_m = (o)->MemberBegin();          \
         k##_m != (o)->MemberEnd(); ++k##_m)                                        \
        for (int k##_k = 1; k##_k;)                                                 \
            for (jb_str k = {k##_m->name.GetString(), k##_m->name.GetStringLength()}; \
                 k##_k;)                                                            \
                for (DV ev = &k##_m->value; k##_k; k##_k = 0)
static inline DV d_at(DV a, size_t i) { return &(*a)[(rapidjson::SizeType)i]; }
static inline int d_strview(DV v, jb_str *o) {
    if (!v || !v->IsString()) return -1;
    o->ptr = v->GetString();
    o->len = v->GetStringLength();
    return 0;
}
static inline int d_i64(DV v, int64_t *o) {
    if (!v || !v->IsInt64()) return -1;
    *o = v->GetInt64();
    return 0;
}
static inline int d_u64(DV v, uint64_t *o) {
    if (!v || !v->IsUint64()) return -1;
    *o = v->GetUint64();
    return 0;
}
static inline int d_f64(DV v, double *o) {
    if (!v || !v->IsNumber()) return -1;
    *o = v->GetDouble();
    return 0;
}
static inline int d_bool(DV v, bool *o) {
    if (!v || !v->IsBool()) return -1;
    *o = v->GetBool();
    return 0;
}
static inline int d_str(DV v, bench_arena *a, jb_str *o) {
    if (!v || !v->IsString()) return -1;
    *o = ba_str(a, v->GetString(), v->GetStringLength());
    return 0;
}
#elif defined(DOM_YYJSON)
/* yyjson (../shared/peers/yyjson, compiled from source by bench/CMakeLists.txt):
 * yyjson_read into its immutable document, iterated with its iterator
 * macros' loops, freed with yyjson_doc_free. Members are looked up with
 * yyjson_obj_iter_getn, which yyjson documents as "much faster [than
 * yyjson_obj_getn] if the ordering of the keys is known at compile-time and
 * you are using the same order to look up the values": m_dom.inc looks the
 * fields up in the model's order, which is the documents' order. A user
 * keeps one yyjson_obj_iter per object being read; here a small table keyed
 * by the object holds them (the extraction nests; cleared per document). A
 * lookup after an eviction or out of order is still right, only slower: the
 * iterator wraps around. */
#include <yyjson.h>
typedef yyjson_val *DV;
typedef struct { yyjson_doc *doc; } DOM_DOC;
typedef struct { yyjson_val *obj; yyjson_obj_iter it; } yy_slot;
static yy_slot yy_slots[64]; /* direct-mapped by the value's index in the document */
static inline int dom_parse(DOM_DOC *d, const char *s, size_t n) {
    memset(yy_slots, 0, sizeof yy_slots);
    d->doc = yyjson_read(s, n, YYJSON_READ_NOFLAG);
    return d->doc ? 0 : -1;
}
static inline DV dom_root(DOM_DOC *d) { return yyjson_doc_get_root(d->doc); }
static inline void dom_close(DOM_DOC *d) { yyjson_doc_free(d->doc); }
static inline DV d_get(DV o, const char *k) {
    if (!yyjson_is_obj(o)) return NULL;
    yy_slot *s = &yy_slots[((uintptr_t)o / sizeof(yyjson_val)) & 63];
    if (s->obj != o) {
        s->obj = o;
        yyjson_obj_iter_init(o, &s->it);
    }
    return yyjson_obj_iter_getn(&s->it, k, strlen(k));
}
static inline bool d_null(DV v) { return !v || yyjson_is_null(v); }
static inline bool d_isobj(DV v) { return yyjson_is_obj(v); }
static inline bool d_isarr(DV v) { return yyjson_is_arr(v); }
static inline size_t d_arr_len(DV a) { return yyjson_arr_size(a); }
/* (the outer loops only declare the iterator macros' variables; each runs once) */
#define D_ARR_FOREACH(a, ev)                                                        \
    for (size_t ev##_i = 0, ev##_n = 0, ev##_once = 1; ev##_once; ev##_once = 0)   \
        for (DV ev = NULL; ev##_once; ev##_once = 0)                                \
            yyjson_arr_foreach((a), ev##_i, ev##_n, ev)
#define D_OBJ_FOREACH(o, k, ev)                                                     \
    for (size_t k##_i = 0, k##_n = 0, k##_once = 1; k##_once; k##_once = 0)        \
        for (DV k##_v = NULL, ev = NULL; k##_once; k##_once = 0)                    \
            yyjson_obj_foreach((o), k##_i, k##_n, k##_v, ev)                        \
                for (int k##_k = 1; k##_k;)                                         \
                    for (jb_str k = {yyjson_get_str(k##_v), yyjson_get_len(k##_v)}; k##_k; k##_k = 0)
static inline DV d_at(DV a, size_t i) { return yyjson_arr_get(a, i); }
static inline int d_strview(DV v, jb_str *o) {
    if (!yyjson_is_str(v)) return -1;
    o->ptr = yyjson_get_str(v);
    o->len = yyjson_get_len(v);
    return 0;
}
/* yyjson reads non-negative integers as UINT, negative ones as SINT */
static inline int d_i64(DV v, int64_t *o) {
    if (yyjson_is_sint(v)) *o = yyjson_get_sint(v);
    else if (yyjson_is_uint(v) && yyjson_get_uint(v) <= (uint64_t)INT64_MAX) *o = (int64_t)yyjson_get_uint(v);
    else return -1;
    return 0;
}
static inline int d_u64(DV v, uint64_t *o) {
    if (!yyjson_is_uint(v)) return -1;
    *o = yyjson_get_uint(v);
    return 0;
}
static inline int d_f64(DV v, double *o) {
    if (!yyjson_is_num(v)) return -1;
    *o = yyjson_get_num(v);
    return 0;
}
static inline int d_bool(DV v, bool *o) {
    if (!yyjson_is_bool(v)) return -1;
    *o = yyjson_get_bool(v);
    return 0;
}
static inline int d_str(DV v, bench_arena *a, jb_str *o) {
    if (!yyjson_is_str(v)) return -1;
    *o = ba_str(a, yyjson_get_str(v), yyjson_get_len(v));
    return 0;
}
#else
#error "define a DOM backend"
#endif

static inline int d_i32(DV v, int32_t *o) {
    int64_t x;
    if (d_i64(v, &x) || x < INT32_MIN || x > INT32_MAX) return -1;
    *o = (int32_t)x;
    return 0;
}
static inline int d_u32(DV v, uint32_t *o) {
    int64_t x;
    if (d_i64(v, &x) || x < 0 || x > (int64_t)UINT32_MAX) return -1;
    *o = (uint32_t)x;
    return 0;
}
static inline int d_u16(DV v, uint16_t *o) {
    int64_t x;
    if (d_i64(v, &x) || x < 0 || x > 65535) return -1;
    *o = (uint16_t)x;
    return 0;
}
static inline int d_u8(DV v, uint8_t *o) {
    int64_t x;
    if (d_i64(v, &x) || x < 0 || x > 255) return -1;
    *o = (uint8_t)x;
    return 0;
}
/* A vector sized once from the DOM array's length. */
#define D_VEC_ALLOC(a, arena, vec, T)                                               \
    ((vec).len = 0, (vec).items = (T *)ba_alloc((arena), d_arr_len(a) * sizeof(T) + 1))

#endif
