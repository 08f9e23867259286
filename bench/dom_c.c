/* SPDX-License-Identifier: MIT */
/*
 * dom_c.c — the DOM cases for jbind (jb_value), jansson, json-c and cJSON:
 * parse the whole file into the library's tree, print the tree compact,
 * the way each library's users call it. See dom.h for the contract;
 * json-c is in dom_jsonc.c (its header clashes with jansson's), the C++
 * peers in dom_simdjson.cpp / dom_rapidjson.cpp.
 */
#include <cjson/cJSON.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "dom.h"

jb_value *dom_obj_set(jb_value *obj, const char *k, size_t klen, jb_value *v, jb_arena *a) {
    if (!obj || !v || jb_value_object_set(obj, k, klen, v, a) != JB_OK) return NULL;
    return obj;
}
jb_value *dom_arr_add(jb_value *arr, jb_value *v, jb_arena *a) {
    if (!arr || !v || jb_value_array_append(arr, v, a) != JB_OK) return NULL;
    return arr;
}
void dom_set_err(bench_io *io, const char *what, const char *detail) {
    snprintf(io->errmsg, sizeof io->errmsg, "%s%s%.900s", what, detail ? ": " : "", detail ? detail : "");
}

/* ---------------- jbind: jb_value_parse / jb_value_print ---------------- */
int dom_jbind_parse(bench_io *io) {
    jb_value *root = NULL;
    jb_error err;
    jb_status s = jb_value_parse(io->in, io->in_len, &root, io->jarena, NULL, &err);
    io->state = root;
    if (s != JB_OK) {
        dom_set_err(io, jb_status_name(s), err.message);
        return -1;
    }
    return 0;
}
int dom_jbind_print(bench_io *io) {
    jb_error err;
    io->jbuf.len = 0;
    jb_status s = jb_value_print((const jb_value *)io->state, &io->jbuf, NULL, &err);
    if (s != JB_OK) {
        dom_set_err(io, jb_status_name(s), err.message);
        return -1;
    }
    io->enc = io->jbuf.data;
    io->enc_len = io->jbuf.len;
    return 0;
}
jb_value *dom_jbind_to_value(bench_io *io, jb_arena *a) {
    return jb_value_copy((const jb_value *)io->state, a);
}
void dom_jbind_close(bench_io *io) { io->state = NULL; /* the arena holds it */ }

/* ---------------- jansson: json_loadb / json_dumpb ---------------- */
int dom_jansson_parse(bench_io *io) {
    if (io->state) json_decref((json_t *)io->state);
    json_error_t e;
    io->state = json_loadb(io->in, io->in_len, JSON_DECODE_ANY, &e);
    if (!io->state) {
        dom_set_err(io, "json_loadb", e.text);
        return -1;
    }
    return 0;
}
int dom_jansson_print(bench_io *io) {
    /* into a reused buffer: json_dumpb returns the size it needs */
    size_t n = json_dumpb((json_t *)io->state, io->buf.data, io->buf.cap, JSON_COMPACT);
    if (n == 0) {
        dom_set_err(io, "json_dumpb failed", NULL);
        return -1;
    }
    if (n > io->buf.cap) {
        io->buf.len = 0;
        bb_reserve(&io->buf, n);
        n = json_dumpb((json_t *)io->state, io->buf.data, io->buf.cap, JSON_COMPACT);
    }
    io->enc = io->buf.data;
    io->enc_len = n;
    return 0;
}
static jb_value *jansson_walk(json_t *j, jb_arena *a) {
    switch (json_typeof(j)) {
    case JSON_NULL: return jb_value_new_null(a);
    case JSON_TRUE: return jb_value_new_bool(a, true);
    case JSON_FALSE: return jb_value_new_bool(a, false);
    case JSON_INTEGER: return jb_value_new_i64(a, (int64_t)json_integer_value(j));
    case JSON_REAL: return jb_value_new_f64(a, json_real_value(j));
    case JSON_STRING: return jb_value_new_string(a, json_string_value(j), json_string_length(j));
    case JSON_ARRAY: {
        jb_value *r = jb_value_new_array(a);
        for (size_t i = 0, n = json_array_size(j); i < n && r; i++)
            r = dom_arr_add(r, jansson_walk(json_array_get(j, i), a), a);
        return r;
    }
    case JSON_OBJECT: {
        jb_value *r = jb_value_new_object(a);
        for (void *it = json_object_iter(j); it && r; it = json_object_iter_next(j, it))
            r = dom_obj_set(r, json_object_iter_key(it), json_object_iter_key_len(it),
                            jansson_walk(json_object_iter_value(it), a), a);
        return r;
    }
    }
    return NULL;
}
jb_value *dom_jansson_to_value(bench_io *io, jb_arena *a) { return jansson_walk((json_t *)io->state, a); }
void dom_jansson_close(bench_io *io) {
    if (io->state) json_decref((json_t *)io->state);
    io->state = NULL;
}

/* ---------------- cJSON: cJSON_ParseWithLength / cJSON_PrintUnformatted ---------------- */
int dom_cjson_parse(bench_io *io) {
    if (io->state) cJSON_Delete((cJSON *)io->state);
    io->state = cJSON_ParseWithLength(io->in, io->in_len);
    if (!io->state) {
        dom_set_err(io, "cJSON_ParseWithLength failed near", cJSON_GetErrorPtr());
        io->errmsg[80] = 0;
        return -1;
    }
    return 0;
}
static void cjson_release(bench_io *io) { cJSON_free((void *)io->enc); }
int dom_cjson_print(bench_io *io) {
    char *s = cJSON_PrintUnformatted((cJSON *)io->state);
    if (!s) {
        dom_set_err(io, "cJSON_PrintUnformatted failed", NULL);
        return -1;
    }
    io->enc = s;
    io->enc_len = strlen(s);
    io->enc_release = cjson_release;
    return 0;
}
static jb_value *cjson_walk(const cJSON *j, jb_arena *a) {
    if (cJSON_IsNull(j)) return jb_value_new_null(a);
    if (cJSON_IsTrue(j)) return jb_value_new_bool(a, true);
    if (cJSON_IsFalse(j)) return jb_value_new_bool(a, false);
    if (cJSON_IsNumber(j)) return jb_value_new_f64(a, j->valuedouble); /* cJSON keeps a double only */
    if (cJSON_IsString(j)) return jb_value_new_string(a, j->valuestring, strlen(j->valuestring));
    if (cJSON_IsArray(j)) {
        jb_value *r = jb_value_new_array(a);
        for (const cJSON *c = j->child; c && r; c = c->next) r = dom_arr_add(r, cjson_walk(c, a), a);
        return r;
    }
    if (cJSON_IsObject(j)) {
        jb_value *r = jb_value_new_object(a);
        for (const cJSON *c = j->child; c && r; c = c->next)
            r = dom_obj_set(r, c->string, strlen(c->string), cjson_walk(c, a), a);
        return r;
    }
    return NULL;
}
jb_value *dom_cjson_to_value(bench_io *io, jb_arena *a) { return cjson_walk((const cJSON *)io->state, a); }
void dom_cjson_close(bench_io *io) {
    if (io->state) cJSON_Delete((cJSON *)io->state);
    io->state = NULL;
}

/* ---------------- the table ---------------- */
#define DOM_LIB(l) static const dom_lib dl_##l = {dom_##l##_parse, dom_##l##_print, dom_##l##_to_value, dom_##l##_close};
DOM_LIB(jbind)
DOM_LIB(simdjson)
DOM_LIB(rapidjson)
DOM_LIB(jansson)
DOM_LIB(jsonc)
DOM_LIB(cjson)
#ifdef BENCH_HAVE_YYJSON
DOM_LIB(yyjson)
#endif
const dom_lib *dom_lib_of(int lib) {
    switch (lib) {
    case LIB_JBIND: return &dl_jbind;
    case LIB_SIMDJSON: return &dl_simdjson;
    case LIB_RAPIDJSON: return &dl_rapidjson;
    case LIB_JANSSON: return &dl_jansson;
    case LIB_JSONC: return &dl_jsonc;
    case LIB_CJSON: return &dl_cjson;
#ifdef BENCH_HAVE_YYJSON
    case LIB_YYJSON: return &dl_yyjson;
#endif
    default: return NULL;
    }
}

/* ---------------- the cases: one per corpus file ---------------- */
#define DOM_CASE(id, name_, file_)                                                        \
    const bench_case case_dom_##id = {                                                     \
        .name = "dom." name_, .group = "dom", .file = file_,                              \
        .note = "parse into the library's tree; print it compact",                        \
        .size = sizeof(void *), .dom = 1,                                                  \
        .dec = {[LIB_JBIND] = dom_jbind_parse, [LIB_SIMDJSON] = dom_simdjson_parse,           \
                [LIB_RAPIDJSON] = dom_rapidjson_parse, [LIB_JANSSON] = dom_jansson_parse,          \
                [LIB_JSONC] = dom_jsonc_parse, [LIB_CJSON] = dom_cjson_parse,                      \
                [LIB_YYJSON] = BENCH_YY(dom_yyjson_parse)},                                        \
        .enc = {[LIB_JBIND] = dom_jbind_print, [LIB_SIMDJSON] = dom_simdjson_print,           \
                [LIB_RAPIDJSON] = dom_rapidjson_print, [LIB_JANSSON] = dom_jansson_print,          \
                [LIB_JSONC] = dom_jsonc_print, [LIB_CJSON] = dom_cjson_print,                      \
                [LIB_YYJSON] = BENCH_YY(dom_yyjson_print)}};
DOM_CASE(twitter, "twitter", "twitter.json")
DOM_CASE(citm, "citm_catalog", "citm_catalog.json")
DOM_CASE(canada, "canada", "canada.json")
DOM_CASE(gsoc, "gsoc-2018", "gsoc-2018.json")
DOM_CASE(mesh, "mesh", "mesh.json")
DOM_CASE(numbers, "numbers", "numbers.json")
DOM_CASE(github, "github_events", "github_events.json")
DOM_CASE(twitter100, "aeson.twitter100", "aeson/twitter100.json")
