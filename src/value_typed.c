/* SPDX-License-Identifier: MIT */
/*
 * value_typed.c — typed <-> value through a descriptor (aeson's toJSON /
 * fromJSON). The `any` kind itself (a jb_value * inside a typed struct) is
 * decoded and encoded by jb__value_decode / jb__value_encode.
 */
#include "error.h"
#include "value.h"

/* ------------------------------------------------------------------ */
/* Typed <-> value                                                     */
/* ------------------------------------------------------------------ */

/* Both go through JSON text: encode then parse, print then decode. One
 * code path per direction, and the descriptors' every representation
 * option applies unchanged. */
jb_status jb_to_value(const jb_type *type, const void *value, jb_value **out, jb_arena *arena,
                      jb_error *err) {
    jb_buf buf = JB_BUF_INIT;
    jb_read_options ro = {0};
    jb_status st;
    if (out) *out = NULL;
    if (!out || !arena) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, out ? "arena is NULL" : "out is NULL");
        return JB_E_ARG;
    }
    ro.max_depth = UINT32_MAX; /* the encoder's depth limit already applied */
    ro.max_number_len = SIZE_MAX;
    st = jb_encode(type, value, &buf, NULL, err);
    if (st == JB_OK) st = jb_value_parse(buf.data, buf.len, out, arena, &ro, err);
    jb_buf_free(&buf);
    return st;
}

jb_status jb_from_value(const jb_type *type, const jb_value *v, void *out, jb_arena *arena,
                        const jb_read_options *opts, jb_error *err) {
    jb_buf buf = JB_BUF_INIT;
    jb_read_options ro = {0};
    jb_write_options wo = {0};
    jb_error e;
    jb_status st;
    if (!type || !out) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, type ? "out is NULL" : "type is NULL");
        return JB_E_ARG;
    }
    if (opts) ro = *opts;
    ro.flags &= ~(uint32_t)JB_READ_BORROW_STRINGS; /* the text is temporary */
    wo.max_depth = UINT32_MAX;                     /* the decoder's max_depth applies */
    wo.flags = JB_WRITE_ALLOW_INVALID_UTF8;        /* the decoder judges the strings */
    /* A list in opts->errors is passed on: the decode of the printed text
     * collects, with the same recovery, order and paths as from text. */
    st = jb_value_print(v, &buf, &wo, &e);
    if (st == JB_OK) {
        st = jb_decode(type, buf.data, buf.len, out, arena, &ro, err);
    } else {
        /* the value could not become text (memory): one error, the last */
        memset(out, 0, type->size);
        if (ro.errors) jb_error_list_add(ro.errors, &e);
        if (err) *err = e;
    }
    jb_buf_free(&buf);
    return st;
}
