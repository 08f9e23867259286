/* SPDX-License-Identifier: MIT */
/*
 * api_write.h — a thin naming layer over each library's way of producing
 * JSON, so that one encoder routine per model (m_write.inc) serves all:
 *   W_HAND       hand-written: a growable buffer, snprintf for numbers, a
 *                byte loop for escaping (the floor a C programmer writes)
 *   W_RAPIDJSON  rapidjson::Writer<StringBuffer> (SAX writer, buffer reused)
 *   W_JANSSON / W_JSONC / W_CJSON / W_YYJSON: build the library's DOM
 *                (json_object_set_new, yyjson_mut_obj_add & co., the same calls
 *                a user makes; a small stack here tracks the open container)
 *                then print it compact.
 * API: w_obj_begin/end, w_arr_begin/end, w_key(w, k, n) (k NUL-terminated),
 * WK(w, "literal"), w_key_u32 (an integer key), w_str, w_i64, w_u64, w_f64,
 * w_bool, w_null. W_CASE(name, T, fn) defines the case entry point.
 */
#ifndef BENCH_API_WRITE_H
#define BENCH_API_WRITE_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "harness.h"

#define WK(w, lit) w_key((w), (lit), sizeof(lit) - 1)

#if defined(W_HAND)
typedef struct W {
    bench_buf *b;
    int depth;
    bool after_key;
    uint8_t comma[512];
} W;
static inline void w_pre(W *w) {
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->comma[w->depth]) w->b->data[w->b->len++] = ',';
    w->comma[w->depth] = 1;
}
static inline void w_put(W *w, char c) {
    bb_reserve(w->b, 2);
    w_pre(w);
    w->b->data[w->b->len++] = c;
}
static inline void w_obj_begin(W *w) { w_put(w, '{'); w->comma[++w->depth] = 0; }
static inline void w_arr_begin(W *w) { w_put(w, '['); w->comma[++w->depth] = 0; }
static inline void w_obj_end(W *w) { bb_reserve(w->b, 1); w->depth--; w->b->data[w->b->len++] = '}'; }
static inline void w_arr_end(W *w) { bb_reserve(w->b, 1); w->depth--; w->b->data[w->b->len++] = ']'; }
static inline void w_esc(W *w, const char *s, size_t n) {
    char *p = bb_reserve(w->b, n * 6 + 3);
    *p++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') { *p++ = '\\'; *p++ = (char)c; }
        else if (c >= 0x20) *p++ = (char)c;
        else if (c == '\n') { *p++ = '\\'; *p++ = 'n'; }
        else if (c == '\t') { *p++ = '\\'; *p++ = 't'; }
        else if (c == '\r') { *p++ = '\\'; *p++ = 'r'; }
        else p += sprintf(p, "\\u%04x", c);
    }
    *p++ = '"';
    w->b->len = (size_t)(p - w->b->data);
}
static inline void w_key(W *w, const char *k, size_t n) {
    bb_reserve(w->b, 1);
    w_pre(w);
    w_esc(w, k, n);
    bb_reserve(w->b, 1);
    w->b->data[w->b->len++] = ':';
    w->after_key = true;
}
static inline void w_key_u32(W *w, uint32_t k) {
    char t[16];
    int n = snprintf(t, sizeof t, "%" PRIu32, k);
    w_key(w, t, (size_t)n);
}
static inline void w_str(W *w, const char *s, size_t n) {
    bb_reserve(w->b, 1);
    w_pre(w);
    w_esc(w, s, n);
}
static inline void w_i64(W *w, int64_t v) {
    char *p = bb_reserve(w->b, 28);
    w_pre(w);
    p = w->b->data + w->b->len;
    w->b->len += (size_t)snprintf(p, 24, "%" PRId64, v);
}
static inline void w_u64(W *w, uint64_t v) {
    char *p = bb_reserve(w->b, 28);
    w_pre(w);
    p = w->b->data + w->b->len;
    w->b->len += (size_t)snprintf(p, 24, "%" PRIu64, v);
}
static inline void w_f64(W *w, double v) {
    /* %.15g when it reads back exactly, else %.17g (always exact) */
    char *p = bb_reserve(w->b, 36);
    w_pre(w);
    p = w->b->data + w->b->len;
    int n = snprintf(p, 32, "%.15g", v);
    if (strtod(p, NULL) != v) n = snprintf(p, 32, "%.17g", v);
    w->b->len += (size_t)n;
}
static inline void w_lit(W *w, const char *s, size_t n) {
    bb_reserve(w->b, n + 1);
    w_pre(w);
    memcpy(w->b->data + w->b->len, s, n);
    w->b->len += n;
}
static inline void w_bool(W *w, bool v) { if (v) w_lit(w, "true", 4); else w_lit(w, "false", 5); }
static inline void w_null(W *w) { w_lit(w, "null", 4); }
#define W_CASE(name, T, fn)                                                         \
    int PFX(enc_##name)(bench_io *io) {                                             \
        W w;                                                                        \
        w.b = &io->buf;                                                             \
        w.b->len = 0;                                                               \
        w.depth = 0;                                                                \
        w.after_key = false;                                                        \
        w.comma[0] = 0;                                                             \
        fn(&w, (const T *)io->value);                                               \
        io->enc = io->buf.data;                                                     \
        io->enc_len = io->buf.len;                                                  \
        io->enc_release = NULL;                                                     \
        return 0;                                                                   \
    }

#elif defined(W_RAPIDJSON)
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>
typedef rapidjson::Writer<rapidjson::StringBuffer> W;
static inline void w_obj_begin(W *w) { w->StartObject(); }
static inline void w_obj_end(W *w) { w->EndObject(); }
static inline void w_arr_begin(W *w) { w->StartArray(); }
static inline void w_arr_end(W *w) { w->EndArray(); }
static inline void w_key(W *w, const char *k, size_t n) { w->Key(k, (rapidjson::SizeType)n); }
static inline void w_key_u32(W *w, uint32_t k) {
    char t[16];
    int n = snprintf(t, sizeof t, "%" PRIu32, k);
    w->Key(t, (rapidjson::SizeType)n, true);
}
static inline void w_str(W *w, const char *s, size_t n) { w->String(s, (rapidjson::SizeType)n); }
static inline void w_i64(W *w, int64_t v) { w->Int64(v); }
static inline void w_u64(W *w, uint64_t v) { w->Uint64(v); }
static inline void w_f64(W *w, double v) { w->Double(v); }
static inline void w_bool(W *w, bool v) { w->Bool(v); }
static inline void w_null(W *w) { w->Null(); }
rapidjson::StringBuffer &rj_out_buffer(void);
#define W_CASE(name, T, fn)                                                         \
    extern "C" int PFX(enc_##name)(bench_io *io) {                                  \
        rapidjson::StringBuffer &sb = rj_out_buffer();                              \
        sb.Clear();                                                                 \
        W w(sb);                                                                    \
        fn(&w, (const T *)io->value);                                               \
        io->enc = sb.GetString();                                                   \
        io->enc_len = sb.GetSize();                                                 \
        io->enc_release = NULL;                                                     \
        return w.IsComplete() ? 0 : -1;                                             \
    }

#else /* DOM-building writers */
#if defined(W_JANSSON)
#include <jansson.h>
typedef json_t *WV;
#define WB_OBJ() json_object()
#define WB_ARR() json_array()
#define WB_OBJ_SET(o, k, n, v) json_object_setn_new((o), (k), (n), (v))
#define WB_ARR_ADD(a, v) json_array_append_new((a), (v))
#define WB_STR(s, n) json_stringn((s), (n))
#define WB_I64(v) json_integer((json_int_t)(v))
#define WB_U64(v) json_integer((json_int_t)(v))
#define WB_F64(v) json_real(v)
#define WB_BOOL(v) json_boolean(v)
#define WB_NULL() json_null()
static void wb_release(bench_io *io) { free(io->enc_handle); }
static inline void wb_finish(bench_io *io, WV root) {
    char *s = json_dumps(root, JSON_COMPACT | JSON_ENCODE_ANY);
    json_decref(root);
    io->enc = s;
    io->enc_len = s ? strlen(s) : 0;
    io->enc_handle = s;
    io->enc_release = wb_release;
}
#elif defined(W_JSONC)
#include <json-c/json.h>
typedef struct json_object *WV;
#define WB_OBJ() json_object_new_object()
#define WB_ARR() json_object_new_array()
#define WB_OBJ_SET(o, k, n, v) ((void)(n), json_object_object_add((o), (k), (v)))
#define WB_ARR_ADD(a, v) json_object_array_add((a), (v))
#define WB_STR(s, n) json_object_new_string_len((s), (int)(n))
#define WB_I64(v) json_object_new_int64(v)
#define WB_U64(v) json_object_new_uint64(v)
#define WB_F64(v) json_object_new_double(v)
#define WB_BOOL(v) json_object_new_boolean(v)
#define WB_NULL() ((struct json_object *)NULL)
static void wb_release(bench_io *io) { json_object_put((struct json_object *)io->enc_handle); }
static inline void wb_finish(bench_io *io, WV root) {
    size_t n = 0;
    io->enc = json_object_to_json_string_length(root, JSON_C_TO_STRING_PLAIN, &n);
    io->enc_len = n;
    io->enc_handle = root; /* the text belongs to the root object */
    io->enc_release = wb_release;
}
#elif defined(W_CJSON)
#include <cjson/cJSON.h>
typedef cJSON *WV;
#define WB_OBJ() cJSON_CreateObject()
#define WB_ARR() cJSON_CreateArray()
#define WB_OBJ_SET(o, k, n, v) ((void)(n), cJSON_AddItemToObject((o), (k), (v)))
#define WB_ARR_ADD(a, v) cJSON_AddItemToArray((a), (v))
#define WB_STR(s, n) ((void)(n), cJSON_CreateString(s)) /* needs NUL-terminated s (all bench strings are) */
#define WB_I64(v) cJSON_CreateNumber((double)(v))
#define WB_U64(v) cJSON_CreateNumber((double)(v))
#define WB_F64(v) cJSON_CreateNumber(v)
#define WB_BOOL(v) cJSON_CreateBool(v)
#define WB_NULL() cJSON_CreateNull()
static void wb_release(bench_io *io) { cJSON_free(io->enc_handle); }
static inline void wb_finish(bench_io *io, WV root) {
    char *s = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    io->enc = s;
    io->enc_len = s ? strlen(s) : 0;
    io->enc_handle = s;
    io->enc_release = wb_release;
}
#elif defined(W_YYJSON)
/* yyjson: a yyjson_mut_doc per encode (yyjson_mut_doc_new / _free), strings
 * referenced, not copied (yyjson_mut_strn: the C value outlives the doc),
 * except keys built in a scratch buffer (yyjson_mut_strncpy), then
 * yyjson_mut_write (a malloc'd string, freed after the gate / per op). */
#include <yyjson.h>
typedef yyjson_mut_val *WV;
static yyjson_mut_doc *wb_doc;
#define WB_START() (wb_doc = yyjson_mut_doc_new(NULL))
#define WB_OBJ() yyjson_mut_obj(wb_doc)
#define WB_ARR() yyjson_mut_arr(wb_doc)
#define WB_OBJ_SET(o, k, n, v) yyjson_mut_obj_add((o), yyjson_mut_strn(wb_doc, (k), (n)), (v))
#define WB_OBJ_SET_COPY(o, k, n, v) yyjson_mut_obj_add((o), yyjson_mut_strncpy(wb_doc, (k), (n)), (v))
#define WB_ARR_ADD(a, v) yyjson_mut_arr_append((a), (v))
#define WB_STR(s, n) yyjson_mut_strn(wb_doc, (s), (n))
#define WB_I64(v) yyjson_mut_sint(wb_doc, (int64_t)(v))
#define WB_U64(v) yyjson_mut_uint(wb_doc, (uint64_t)(v))
#define WB_F64(v) yyjson_mut_real(wb_doc, (v))
#define WB_BOOL(v) yyjson_mut_bool(wb_doc, (v))
#define WB_NULL() yyjson_mut_null(wb_doc)
static void wb_release(bench_io *io) { free(io->enc_handle); }
static inline void wb_finish(bench_io *io, WV root) {
    size_t n = 0;
    yyjson_mut_doc_set_root(wb_doc, root);
    char *s = yyjson_mut_write(wb_doc, YYJSON_WRITE_NOFLAG, &n);
    yyjson_mut_doc_free(wb_doc);
    wb_doc = NULL;
    io->enc = s;
    io->enc_len = s ? n : 0;
    io->enc_handle = s;
    io->enc_release = wb_release;
}
#else
#error "define a writer backend"
#endif
#ifndef WB_START
#define WB_START() ((void)0)
#endif
#ifndef WB_OBJ_SET_COPY /* the libraries that copy every key anyway */
#define WB_OBJ_SET_COPY(o, k, n, v) WB_OBJ_SET(o, k, n, v)
#endif
typedef struct W {
    WV stack[512];
    uint8_t isobj[512];
    int sp;
    const char *key;
    size_t klen;
    bool kcopy; /* the key is in keybuf: a library that references keys must copy it */
    char keybuf[16];
    WV root;
} W;
static inline void w_add(W *w, WV v) {
    if (w->sp == 0) { w->root = v; return; }
    if (w->isobj[w->sp - 1] && w->kcopy) WB_OBJ_SET_COPY(w->stack[w->sp - 1], w->key, w->klen, v);
    else if (w->isobj[w->sp - 1]) WB_OBJ_SET(w->stack[w->sp - 1], w->key, w->klen, v);
    else WB_ARR_ADD(w->stack[w->sp - 1], v);
}
static inline void w_obj_begin(W *w) {
    WV o = WB_OBJ();
    w_add(w, o);
    w->stack[w->sp] = o;
    w->isobj[w->sp++] = 1;
}
static inline void w_arr_begin(W *w) {
    WV o = WB_ARR();
    w_add(w, o);
    w->stack[w->sp] = o;
    w->isobj[w->sp++] = 0;
}
static inline void w_obj_end(W *w) { w->sp--; }
static inline void w_arr_end(W *w) { w->sp--; }
static inline void w_key(W *w, const char *k, size_t n) { w->key = k; w->klen = n; w->kcopy = false; }
static inline void w_key_u32(W *w, uint32_t k) {
    int n = snprintf(w->keybuf, sizeof w->keybuf, "%" PRIu32, k);
    w_key(w, w->keybuf, (size_t)n);
    w->kcopy = true;
}
static inline void w_str(W *w, const char *s, size_t n) { w_add(w, WB_STR(s, n)); }
static inline void w_i64(W *w, int64_t v) { w_add(w, WB_I64(v)); }
static inline void w_u64(W *w, uint64_t v) { w_add(w, WB_U64(v)); }
static inline void w_f64(W *w, double v) { w_add(w, WB_F64(v)); }
static inline void w_bool(W *w, bool v) { w_add(w, WB_BOOL(v)); }
static inline void w_null(W *w) { w_add(w, WB_NULL()); }
#define W_CASE(name, T, fn)                                                         \
    int PFX(enc_##name)(bench_io *io) {                                             \
        W w;                                                                        \
        w.sp = 0;                                                                   \
        w.root = NULL;                                                              \
        WB_START();                                                                 \
        fn(&w, (const T *)io->value);                                               \
        if (!w.root) return -1;                                                     \
        wb_finish(io, w.root);                                                      \
        return io->enc ? 0 : -1;                                                    \
    }
#endif

static inline void w_jstr(W *w, jb_str s) { w_str(w, s.ptr, s.len); }

#endif
