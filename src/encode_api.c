/* SPDX-License-Identifier: MIT */
/*
 * encode_api.c — the jb_write_* API: how a custom codec's encode function
 * writes its value (tokens, objects and arrays member by member, nested
 * typed values through the engine). It mirrors decode_api.c.
 */
#include "encode.h"

/* The writer API for custom codecs                                    */
/* ------------------------------------------------------------------ */

static inline bool bit_get(const uint64_t *b, uint32_t d) { return (b[(d & 511) / 64] >> (d % 64)) & 1; }
static inline void bit_set(uint64_t *b, uint32_t d) { b[(d & 511) / 64] |= (uint64_t)1 << (d % 64); }
static inline void bit_clear(uint64_t *b, uint32_t d) { b[(d & 511) / 64] &= ~((uint64_t)1 << (d % 64)); }

/* Before a value token: the comma/newline unless a slot is open. */
static jb_status cw_prefix(jb_writer *w) {
    if (w->value_slot) {
        w->value_slot = false;
        return JB_OK;
    }
    if (w->depth == w->custom_depth)
        return jb__enc_fail(w, JB_E_CUSTOM, "a custom encoder wrote more than one value");
    if (w->depth >= 512)
        return jb__enc_fail(w, JB_E_DEPTH, "custom encoders nest at most 512 levels");
    if (w->depth == 0) return JB_OK;
    bool first = !bit_get(w->nonempty, w->depth);
    bit_set(w->nonempty, w->depth);
    return jb__enc_sep(w, first);
}

jb_status jb_write_null(jb_writer *w) {
    jb_status st = cw_prefix(w);
    return st ? st : jb__enc_lit(w, "null", 4);
}
jb_status jb_write_bool(jb_writer *w, bool v) {
    jb_status st = cw_prefix(w);
    return st ? st : v ? jb__enc_lit(w, "true", 4) : jb__enc_lit(w, "false", 5);
}
jb_status jb_write_i64(jb_writer *w, int64_t v) {
    jb_status st = cw_prefix(w);
    return st ? st : jb__enc_i64(w, v);
}
jb_status jb_write_u64(jb_writer *w, uint64_t v) {
    jb_status st = cw_prefix(w);
    return st ? st : jb__enc_u64(w, v);
}
jb_status jb_write_f64(jb_writer *w, double v) {
    jb_status st = cw_prefix(w);
    return st ? st : jb__enc_f64(w, v);
}
jb_status jb_write_string(jb_writer *w, const char *s, size_t len) {
    jb_status st = cw_prefix(w);
    jb_str v = {s, len};
    return st ? st : jb__enc_str(w, &v);
}
jb_status jb_write_raw(jb_writer *w, const char *json, size_t len) {
    jb_status st = cw_prefix(w);
    if (st) return st;
    TRY_W(w, jb__w_bytes(w, json, len));
    return JB_OK;
}
jb_status jb_write_object_begin(jb_writer *w) {
    jb_status st = cw_prefix(w);
    if (!st) st = jb__enc_open(w, '{');
    if (!st) bit_clear(w->nonempty, w->depth);
    return st;
}
jb_status jb_write_array_begin(jb_writer *w) {
    jb_status st = cw_prefix(w);
    if (!st) st = jb__enc_open(w, '[');
    if (!st) bit_clear(w->nonempty, w->depth);
    return st;
}
jb_status jb_write_key(jb_writer *w, const char *key, size_t len) {
    if (w->depth == 0) return jb__enc_fail(w, JB_E_CUSTOM, "jb_write_key outside an object");
    bool first = !bit_get(w->nonempty, w->depth);
    bit_set(w->nonempty, w->depth);
    jb_str k = {key, len};
    jb_status st = jb__enc_sep(w, first);
    if (!st) st = jb__enc_str(w, &k);
    if (!st) st = jb__enc_key(w, ":", 1);
    if (!st) w->value_slot = true;
    return st;
}
static jb_status cw_end(jb_writer *w, char c) {
    if (w->depth == 0) return jb__enc_fail(w, JB_E_CUSTOM, "unbalanced end of object or array");
    bool empty = !bit_get(w->nonempty, w->depth);
    return jb__enc_close(w, c, empty);
}
jb_status jb_write_object_end(jb_writer *w) { return cw_end(w, '}'); }
jb_status jb_write_array_end(jb_writer *w) { return cw_end(w, ']'); }

jb_status jb_write_value(jb_writer *w, const jb_type *type, const void *value) {
    if (!type || !value) return jb__enc_fail(w, JB_E_ARG, "jb_write_value: NULL type or value");
    jb_status st = cw_prefix(w);
    return st ? st : jb__enc_nested(w, type, value);
}

jb_status jb_write_fail(jb_writer *w, const char *message) {
    return jb__enc_fail(w, JB_E_CUSTOM, "%s", message ? message : "custom encoder failed");
}

