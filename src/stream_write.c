/* SPDX-License-Identifier: MIT */
/*
 * stream_write.c — writing streams: one record at a time for LINES
 * (NDJSON), SEQ (RFC 7464) or CONCAT framing, typed values or jb_values,
 * to a jb_buf or a callback sink. The record is the value's JSON as
 * jb_encode / jb_value_print write it, then "\n"; SEQ writes RS first.
 */
#include "base.h"
#include "error.h"

#define RS_BYTE "\x1E"

/* JB_E_ARG for a framing that has no records, or pretty LINES. */
static jb_status check_framing(jb_framing framing, const jb_write_options *opts, jb_error *err) {
    const char *msg = NULL;
    if (framing != JB_FRAMING_LINES && framing != JB_FRAMING_SEQ && framing != JB_FRAMING_CONCAT)
        msg = "records are written for LINES, SEQ or CONCAT framing";
    else if (framing == JB_FRAMING_LINES && opts && (opts->flags & JB_WRITE_PRETTY))
        msg = "LINES framing writes each record on one line: JB_WRITE_PRETTY would break it";
    if (!msg) return JB_OK;
    jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, msg);
    return JB_E_ARG;
}

/* Append s[0..n) to buf (restoring len to start on failure). */
static jb_status put(jb_buf *buf, size_t start, const char *s, size_t n, jb_error *err) {
    if (jb_buf_reserve(buf, n) != JB_OK) {
        buf->len = start;
        jb__error_fill(err, JB_E_NOMEM, NULL, 0, NULL, "out of memory growing the output buffer");
        return JB_E_NOMEM;
    }
    memcpy(buf->data + buf->len, s, n);
    buf->len += n;
    return JB_OK;
}

/* The record around what body appends: value typed (type) or a jb_value. */
static jb_status record_buf(const jb_type *type, const void *value, const jb_value *v,
                            jb_framing framing, jb_buf *buf, const jb_write_options *opts,
                            jb_error *err) {
    size_t start;
    jb_status st;
    if (!buf) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "buf is NULL");
        return JB_E_ARG;
    }
    if ((st = check_framing(framing, opts, err)) != JB_OK) return st;
    start = buf->len;
    if (framing == JB_FRAMING_SEQ && (st = put(buf, start, RS_BYTE, 1, err)) != JB_OK) return st;
    st = type ? jb_encode(type, value, buf, opts, err) : jb_value_print(v, buf, opts, err);
    if (st) {
        buf->len = start;
        return st;
    }
    return put(buf, start, "\n", 1, err);
}

static jb_status sink_failed(jb_error *err) {
    jb__error_fill(err, JB_E_IO, NULL, 0, NULL, "the output sink failed");
    return JB_E_IO;
}

static jb_status record_to(const jb_type *type, const void *value, const jb_value *v,
                           jb_framing framing, jb_write_fn fn, void *ctx,
                           const jb_write_options *opts, jb_error *err) {
    jb_status st;
    if (!fn) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "the sink is NULL");
        return JB_E_ARG;
    }
    if ((st = check_framing(framing, opts, err)) != JB_OK) return st;
    if (framing == JB_FRAMING_SEQ && fn(ctx, RS_BYTE, 1) != 0) return sink_failed(err);
    st = type ? jb_encode_to(type, value, fn, ctx, opts, err)
              : jb_value_print_to(v, fn, ctx, opts, err);
    if (st) return st;
    return fn(ctx, "\n", 1) != 0 ? sink_failed(err) : JB_OK;
}

jb_status jb_encode_record(const jb_type *type, const void *value, jb_framing framing, jb_buf *buf,
                           const jb_write_options *opts, jb_error *err) {
    if (!type) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "type is NULL");
        return JB_E_ARG;
    }
    return record_buf(type, value, NULL, framing, buf, opts, err);
}

jb_status jb_encode_record_to(const jb_type *type, const void *value, jb_framing framing,
                              jb_write_fn fn, void *ctx, const jb_write_options *opts,
                              jb_error *err) {
    if (!type) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "type is NULL");
        return JB_E_ARG;
    }
    return record_to(type, value, NULL, framing, fn, ctx, opts, err);
}

jb_status jb_value_print_record(const jb_value *v, jb_framing framing, jb_buf *buf,
                                const jb_write_options *opts, jb_error *err) {
    return record_buf(NULL, NULL, v, framing, buf, opts, err);
}

jb_status jb_value_print_record_to(const jb_value *v, jb_framing framing, jb_write_fn fn, void *ctx,
                                   const jb_write_options *opts, jb_error *err) {
    return record_to(NULL, NULL, v, framing, fn, ctx, opts, err);
}
