/* SPDX-License-Identifier: MIT */
/*
 * encode.h — what the encoder's files share: the engine (encode.c: the
 * walk with its frames for containers, records, sums; the jb_encode entry
 * points), the leaves (encode_leaf.c: scalars, strings, enums, map keys,
 * custom codecs, arrays of leaves) and the writer API for custom codecs
 * (encode_api.c). It mirrors decode.h.
 *
 * Conventions: a failure records the first error in the writer (code and
 * message, jb__enc_fail / jb__enc_sink_fail) and returns its code; the
 * path is collected while the engine unwinds its frames. The small writers
 * below reserve the worst case for their token once, then write unchecked.
 */
#ifndef JB_ENCODE_H
#define JB_ENCODE_H

#include "error.h"
#include "num.h"
#include "plan.h"
#include "write.h"

/* The writer in scope s (plan.h), entered or restored. The control-hex
 * bit is mirrored in flags: the string writers test it there, with the
 * other escaping flags, in one load. */
static inline void jb__w_scope(jb_writer *w, uint32_t s) {
    w->scope = s;
    w->flags = (s & JB__SCOPE_CONTROL_HEX) ? w->flags | (uint32_t)JB_WRITE_CONTROL_HEX
                                           : w->flags & ~(uint32_t)JB_WRITE_CONTROL_HEX;
}

/* ---- failures (encode_leaf.c) ---- */

/* Record the first error (code and printf-style message); returns code. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
JB_HIDDEN jb_status jb__enc_fail(jb_writer *w, jb_status code, const char *fmt, ...);
/* A sink failure (status already in w->status) becomes the encode error. */
JB_HIDDEN jb_status jb__enc_sink_fail(jb_writer *w, jb_status st);
/* A NULL JB_BOX_OF pointer: JB_E_VALUE. */
JB_HIDDEN jb_status jb__enc_null_box(jb_writer *w, const jb_type *t);
/* First use of a descriptor: compile its plan (out of line: its message
 * buffer would otherwise sit in the frames of the hot functions). NULL on
 * failure, w->code says why. */
JB_HIDDEN const jb_plan *jb__enc_plan_compile(jb_writer *w, const jb_type *t);

/* ---- leaves (encode_leaf.c) ---- */

/* Write a leaf (jb__enc_is_leaf(t)) at p. */
JB_HIDDEN jb_status jb__enc_leaf(jb_writer *w, const jb_type *t, const void *p);
/* '[' leaves ']': count elements of type elem at items (numbers in one go). */
JB_HIDDEN jb_status jb__enc_leaves(jb_writer *w, const jb_type *elem, const char *items, size_t count);
/* '[' rows ']': count rows (jb__enc_f64_rows_ok) at items, as the walk
 * would write them, byte for byte and failure for failure. */
JB_HIDDEN jb_status jb__enc_f64_rows(jb_writer *w, const jb_type *row, const char *items, size_t count);
JB_HIDDEN jb_status jb__enc_f64(jb_writer *w, double v);
/* A string; JB_E_VALUE for a NULL pointer with a length, JB_E_UTF8. */
JB_HIDDEN jb_status jb__enc_str(jb_writer *w, const jb_str *s);
/* A map key as an object key: "text": */
JB_HIDDEN jb_status jb__enc_map_key(jb_writer *w, const jb_type *k, const void *p);
/* A key whose JSON text is the property name: {"\"Red\"": ...} (Fable). */
JB_HIDDEN jb_status jb__enc_json_text_key(jb_writer *w, const jb_type *k, const void *p);

/* ---- the engine (encode.c) ---- */

/* A walk started from inside a leaf (a custom encoder's jb_write_value, a
 * map key written as its JSON text): the only C recursion, and it checks
 * the thread's stack floor. */
JB_HIDDEN jb_status jb__enc_nested(jb_writer *w, const jb_type *t, const void *p);

/* ---- small inline writers ---- */

#define TRY_W(w, expr)                                   \
    do {                                                 \
        jb_status st_ = (expr);                          \
        if (JB_UNLIKELY(st_ != JB_OK)) return jb__enc_sink_fail((w), st_); \
    } while (0)

/* For the few functions whose inlining the benchmarks showed to matter. */
#if defined(__GNUC__)
#define JB_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define JB_ALWAYS_INLINE inline
#endif

static inline bool jb__enc_pretty(const jb_writer *w) { return (w->flags & JB_WRITE_PRETTY) != 0; }

/* Open '{' or '[': one level deeper. */
static inline jb_status jb__enc_open(jb_writer *w, char c) {
    if (JB_UNLIKELY(w->depth >= w->max_depth))
        return jb__enc_fail(w, JB_E_DEPTH, "nesting deeper than %u (a cycle?)", (unsigned)w->max_depth);
    TRY_W(w, jb__w_reserve(w, 1));
    *w->p++ = c;
    w->depth++;
    return JB_OK;
}

/* Before an element or member: ',' unless first, newline in pretty mode. */
static inline jb_status jb__enc_sep(jb_writer *w, bool first) {
    if (!first) {
        TRY_W(w, jb__w_reserve(w, 1));
        *w->p++ = ',';
    }
    if (jb__enc_pretty(w)) TRY_W(w, jb__w_newline(w));
    return JB_OK;
}

static inline jb_status jb__enc_close(jb_writer *w, char c, bool empty) {
    w->depth--;
    if (jb__enc_pretty(w) && !empty) TRY_W(w, jb__w_newline(w));
    TRY_W(w, jb__w_reserve(w, 1));
    *w->p++ = c;
    return JB_OK;
}

/* Bytes of any length: one reservation when short, the chunked writer
 * otherwise (a stream sink cannot reserve more than its chunk). */
static inline jb_status jb__enc_lit(jb_writer *w, const char *s, size_t n) {
    if (JB_UNLIKELY(n > JB_W_RESERVE_MAX)) {
        TRY_W(w, jb__w_bytes(w, s, n));
        return JB_OK;
    }
    TRY_W(w, jb__w_reserve(w, n));
    memcpy(w->p, s, n);
    w->p += n;
    return JB_OK;
}

/* A pre-escaped "key": (plus a space when pretty). */
static inline jb_status jb__enc_key(jb_writer *w, const char *key, size_t len) {
    jb_status st = jb__enc_lit(w, key, len);
    if (st || !jb__enc_pretty(w)) return st;
    return jb__enc_lit(w, " ", 1);
}

/* A plan key "name": written honouring the escaping flags: with
 * ESCAPE_UNICODE/ESCAPE_SLASH the pre-escaped bytes may differ. */
static inline jb_status jb__enc_name_key(jb_writer *w, const jb_pentry *pe) {
    if (JB_LIKELY(!(w->flags & (JB_WRITE_ESCAPE_UNICODE | JB_WRITE_ESCAPE_SLASH | JB_WRITE_CONTROL_HEX))))
        return jb__enc_key(w, pe->key, pe->key_len);
    TRY_W(w, jb__w_string(w, pe->name, pe->name_len));
    return jb__enc_key(w, ":", 1);
}

/* A plan name as a JSON string ("name"). */
static inline jb_status jb__enc_name(jb_writer *w, const jb_pentry *pe) {
    if (JB_LIKELY(!(w->flags & (JB_WRITE_ESCAPE_UNICODE | JB_WRITE_ESCAPE_SLASH | JB_WRITE_CONTROL_HEX))))
        return jb__enc_lit(w, pe->key, pe->key_len);
    TRY_W(w, jb__w_string(w, pe->name, pe->name_len));
    return JB_OK;
}

static inline const jb_plan *jb__enc_plan(jb_writer *w, const jb_type *t) {
    const jb_plan *pl = jb__plan_get(t);
    return JB_LIKELY(pl != NULL) ? pl : jb__enc_plan_compile(w, t);
}

static inline jb_status jb__enc_i64(jb_writer *w, int64_t v) {
    TRY_W(w, jb__w_reserve(w, 24));
    w->p += jb__fmt_i64(w->p, v);
    return JB_OK;
}

static inline jb_status jb__enc_u64(jb_writer *w, uint64_t v) {
    TRY_W(w, jb__w_reserve(w, 24));
    w->p += jb__fmt_u64(w->p, v);
    return JB_OK;
}

static inline bool jb__enc_int_as_string(const jb_writer *w, const jb_type *t) {
    return jb__int_as_string(t, w->scope);
}

/* An array or vec of such rows is written by one loop (encode_leaf.c,
 * jb__enc_f64_rows) instead of a frame and a call per row: a row is an
 * array of N > 0 doubles, in compact output. */
static inline bool jb__enc_f64_rows_ok(const jb_writer *w, const jb_type *row) {
    return row->kind == JB_KIND_ARRAY && row->count > 0 && row->elem->kind == JB_KIND_F64 &&
           !jb__enc_pretty(w) && !jb__enc_int_as_string(w, row->elem);
}

typedef struct jb_anyvec {
    const char *items;
    size_t len;
} jb_anyvec;


/* A leaf: a value written without a frame (no container of the engine's). */
static inline bool jb__enc_is_leaf(const jb_type *t) {
    return t->kind < JB_KIND_RECORD || t->kind > JB_KIND_PTR;
}

#endif
