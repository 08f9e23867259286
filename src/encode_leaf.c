/* SPDX-License-Identifier: MIT */
/*
 * encode_leaf.c — the encoder's leaves: values written without a frame of
 * the engine's (scalars, strings, enums, raw and number text, custom
 * codecs, jb_value), arrays of leaves, map keys, and the failure helpers
 * every encoder file uses. The engine (encode.c) calls in here for each
 * leaf it meets; it mirrors decode_leaf.c.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "encode.h"
#include "utf8.h"
#include "value.h"

/* ------------------------------------------------------------------ */
/* Failures                                                            */
/* ------------------------------------------------------------------ */

jb_status jb__enc_fail(jb_writer *w, jb_status code, const char *fmt, ...) {
    if (w->code == JB_OK) {
        w->code = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->message, sizeof w->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

jb_status jb__enc_sink_fail(jb_writer *w, jb_status st) {
    if (w->code == JB_OK) {
        w->code = st;
        const char *m = st == JB_E_NOMEM ? "out of memory growing the output buffer"
                        : st == JB_E_UTF8 ? "invalid UTF-8 in a string"
                        : st == JB_E_BUFFER ? "output buffer too small"
                                            : "the output sink failed";
        snprintf(w->message, sizeof w->message, "%s", m);
    }
    return st;
}

jb_status jb__enc_null_box(jb_writer *w, const jb_type *t) {
    return jb__enc_fail(w, JB_E_VALUE, "NULL in a pointer that must not be NULL (JB_BOX_OF %s)",
                        t->elem && t->elem->name ? t->elem->name : "?");
}

const jb_plan *jb__enc_plan_compile(jb_writer *w, const jb_type *t) {
    jb_status code = JB_OK;
    char msg[JB_ERROR_MESSAGE_MAX];
    const jb_plan *pl = jb__plan_slow(t, &code, msg, sizeof msg);
    if (!pl) jb__enc_fail(w, code, "%s", msg);
    return pl;
}

/* ------------------------------------------------------------------ */
/* Scalars, strings, enums                                             */
/* ------------------------------------------------------------------ */

/* An integer as a JSON string ("123"): for JavaScript peers (with an
 * explicit sign, "+5", when plus), and as a map key. */
static jb_status enc_int_string(jb_writer *w, const jb_type *t, const void *p, bool plus) {
    TRY_W(w, jb__w_reserve(w, 24));
    *w->p++ = '"';
    uint64_t u = jb__load_uint(p, t->size);
    bool sgn = t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_I64;
    int64_t v = sgn ? (int64_t)(u << (64 - 8 * t->size)) >> (64 - 8 * t->size) : 0;
    if (plus && (!sgn || v >= 0)) *w->p++ = '+';
    w->p += sgn ? jb__fmt_i64(w->p, v) : jb__fmt_u64(w->p, u);
    *w->p++ = '"';
    return JB_OK;
}

/* NaN or an infinity: aeson's spelling when the type's format says so (it
 * wins over the call's JB_WRITE_NONFINITE_NULL), else null with that flag,
 * else an error. */
static jb_status enc_nonfinite(jb_writer *w, double v) {
    if (w->scope & JB__SCOPE_NONFINITE)
        return isnan(v) ? jb__enc_lit(w, "null", 4) : jb__enc_lit(w, v > 0 ? "\"+inf\"" : "\"-inf\"", 6);
    if (w->flags & JB_WRITE_NONFINITE_NULL) return jb__enc_lit(w, "null", 4);
    return jb__enc_fail(w, JB_E_NONFINITE, "%s cannot be written as JSON",
                 isnan(v) ? "NaN" : (v > 0 ? "Infinity" : "-Infinity"));
}

/* Floats go straight from their shortest digits into the output, in the
 * style in force (numfmt.c / numstyle.c). */
jb_status jb__enc_f64(jb_writer *w, double v) {
    if (JB_UNLIKELY(!isfinite(v))) return enc_nonfinite(w, v);
    TRY_W(w, jb__w_reserve(w, JB_FMT_F64_MAX));
    w->p += jb__fmt_f64_style(w->p, v, jb__scope_float(w->scope));
    return JB_OK;
}

static jb_status enc_f32(jb_writer *w, float v) {
    if (JB_UNLIKELY(!isfinite(v))) return enc_nonfinite(w, v);
    TRY_W(w, jb__w_reserve(w, JB_FMT_F64_MAX));
    w->p += jb__fmt_f32_style(w->p, v, jb__scope_float(w->scope));
    return JB_OK;
}

jb_status jb__enc_str(jb_writer *w, const jb_str *s) {
    if (JB_UNLIKELY(!s->ptr && s->len))
        return jb__enc_fail(w, JB_E_VALUE, "jb_str with a NULL pointer and length %zu", s->len);
    jb_status st = jb__w_string(w, s->ptr ? s->ptr : "", s->len);
    if (st == JB_E_UTF8) return jb__enc_fail(w, JB_E_UTF8, "invalid UTF-8 in a string");
    TRY_W(w, st);
    return JB_OK;
}

/* A character as the string of exactly it (escaped as strings are). */
static jb_status enc_char(jb_writer *w, uint32_t cp) {
    char u[4];
    if (JB_UNLIKELY(cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)))
        return jb__enc_fail(w, JB_E_VALUE, "0x%lX is not a Unicode scalar value (a character)", (unsigned long)cp);
    jb_str s = {u, jb__utf8_encode(cp, u)};
    return jb__enc_str(w, &s);
}

static jb_status enc_cstr(jb_writer *w, const char *s) {
    if (JB_UNLIKELY(!s)) return jb__enc_fail(w, JB_E_VALUE, "NULL char * string (use JB_OPTIONAL for a nullable string)");
    jb_str v = {s, strlen(s)};
    return jb__enc_str(w, &v);
}

static jb_status enc_enum(jb_writer *w, const jb_type *t, const void *p) {
    const jb_plan *pl = jb__enc_plan(w, t);
    if (!pl) return w->code;
    uint64_t v = jb__load_uint(p, t->size);
    long i = jb__values_find(pl, v);
    if (JB_UNLIKELY(i < 0))
        return jb__enc_fail(w, JB_E_VALUE, "value %llu is not a case of enum %s", (unsigned long long)v,
                     t->name);
    if (JB_UNLIKELY(pl->fmt_flags & JB_FMT_NULLARY_OBJECT)) { /* circe: {"Green":{}} */
        jb_status st;
        if ((st = jb__enc_lit(w, "{", 1)) || (st = jb__enc_name(w, &pl->e[i])) || (st = jb__enc_lit(w, ":{}}", 4)))
            return st;
        return JB_OK;
    }
    return jb__enc_name(w, &pl->e[i]);
}

/*
 * Arrays of integers or doubles in compact mode (numbers_ok), brackets
 * included: one check of the room per element covers the comma and the
 * longest number (and the '[' before the first, the ']' after the last
 * gets its own), so the loop is the formatter and little else. The cursor
 * lives in a local and goes back to w->p only around a grow or a
 * non-finite double (whose spelling enc_nonfinite decides). Doubles, the
 * common case (coordinates), have their own loop without the per-element
 * switch. The level opened and closed here is only checked against
 * max_depth: nothing inside nests.
 */
static bool numbers_ok(const jb_writer *w, const jb_type *elem) {
    return !jb__enc_pretty(w) && elem->kind >= JB_KIND_I8 && elem->kind <= JB_KIND_F64 &&
           !jb__enc_int_as_string(w, elem);
}

#define NUM_ROOM (JB_FMT_F64_MAX + 1)

static jb_status enc_depth_fail(jb_writer *w) {
    return jb__enc_fail(w, JB_E_DEPTH, "nesting deeper than %u (a cycle?)", (unsigned)w->max_depth);
}

static jb_status enc_numbers(jb_writer *w, const jb_type *elem, const char *items, size_t count) {
    const jb_kind k = elem->kind;
    const jb_float_style fs = jb__scope_float(w->scope);
    const size_t size = elem->size;
    jb_status st;
    if (JB_UNLIKELY(w->depth >= w->max_depth)) return enc_depth_fail(w);
    char *o = w->p, *end = w->end;
    char sep = '[';
    for (size_t i = 0; i < count; i++, sep = ',') {
        const char *p = items + i * size;
        if (JB_UNLIKELY((size_t)(end - o) < NUM_ROOM)) {
            w->p = o;
            if ((st = jb__w_grow(w, NUM_ROOM))) return jb__enc_sink_fail(w, st);
            o = w->p;
            end = w->end;
        }
        *o++ = sep;
        double d;
        switch (k) {
        case JB_KIND_F64:
            memcpy(&d, p, sizeof d);
            if (JB_LIKELY(isfinite(d))) {
                o += jb__fmt_f64_style(o, d, fs);
                continue;
            }
            break;
        case JB_KIND_F32: {
            float f;
            memcpy(&f, p, sizeof f);
            if (JB_LIKELY(isfinite(f))) {
                o += jb__fmt_f32_style(o, f, fs);
                continue;
            }
            d = (double)f;
            break;
        }
        case JB_KIND_I8: o += jb__fmt_i64(o, *(const int8_t *)p); continue;
        case JB_KIND_I16: o += jb__fmt_i64(o, *(const int16_t *)p); continue;
        case JB_KIND_I32: o += jb__fmt_i64(o, *(const int32_t *)p); continue;
        case JB_KIND_I64: o += jb__fmt_i64(o, *(const int64_t *)p); continue;
        case JB_KIND_U8: o += jb__fmt_u64(o, *(const uint8_t *)p); continue;
        case JB_KIND_U16: o += jb__fmt_u64(o, *(const uint16_t *)p); continue;
        case JB_KIND_U32: o += jb__fmt_u64(o, *(const uint32_t *)p); continue;
        default: o += jb__fmt_u64(o, *(const uint64_t *)p); continue;
        }
        /* a non-finite double: null, aeson's spelling, or the error */
        w->p = o;
        if ((st = enc_nonfinite(w, d))) {
            jb__path_index(&w->path, i);
            return st;
        }
        o = w->p;
        end = w->end;
    }
    if (JB_UNLIKELY(end == o)) {
        w->p = o;
        if ((st = jb__w_grow(w, 1))) return jb__enc_sink_fail(w, st);
        o = w->p;
    }
    *o++ = ']';
    w->p = o;
    return JB_OK;
}

jb_status jb__enc_map_key(jb_writer *w, const jb_type *k, const void *p) {
    jb_status st;
    switch (k->kind) {
    case JB_KIND_CSTR: {
        const char *s;
        memcpy(&s, p, sizeof s);
        st = enc_cstr(w, s);
        break;
    }
    case JB_KIND_STR: st = jb__enc_str(w, (const jb_str *)p); break;
    case JB_KIND_CHAR: st = enc_char(w, *(const uint32_t *)p); break;
    case JB_KIND_ENUM: { /* always the plain name: a key is a string, whatever the enum's format */
        const jb_plan *pl = jb__enc_plan(w, k);
        if (!pl) return w->code;
        long i = jb__values_find(pl, jb__load_uint(p, k->size));
        if (i < 0) return jb__enc_fail(w, JB_E_VALUE, "map key is not a case of enum %s", k->name);
        st = jb__enc_name(w, &pl->e[i]);
        break;
    }
    default: st = enc_int_string(w, k, p, false); break; /* integers as their decimal text */
    }
    if (st) return st;
    return jb__enc_key(w, ":", 1);
}

/* A key whose JSON text is the property name: {"\"Red\"": ...} (Fable).
 * The key is encoded into a stack buffer first, then written as a string. */
jb_status jb__enc_json_text_key(jb_writer *w, const jb_type *k, const void *p) {
    char text[512];
    jb_write_options o = {0};
    o.flags = w->flags & ~(uint32_t)JB_WRITE_PRETTY;
    o.max_depth = w->max_depth;
    /* an inner writer on a stack buffer, in the same representation scope */
    jb_writer *in = &(jb_writer){0};
    jb__w_init_fixed(in, text, sizeof text, &o);
    in->custom_depth = UINT32_MAX;
    in->stack_floor = w->stack_floor;
    jb__w_scope(in, w->scope);
    jb_status st = k->kind <= JB_KIND_ENUM ? jb__enc_leaf(in, k, p) : jb__enc_nested(in, k, p);
    if (!st) st = jb__w_finish(in);
    if (st == JB_E_BUFFER)
        return jb__enc_fail(w, JB_E_VALUE, "a map key's JSON text is longer than %zu bytes", sizeof text);
    if (st) return jb__enc_fail(w, in->code ? in->code : st, "map key: %s", in->message);
    jb_str s = {text, jb__w_total(in)};
    if ((st = jb__enc_str(w, &s))) return st;
    return jb__enc_key(w, ":", 1);
}

static jb_status enc_number(jb_writer *w, const jb_str *s) {
    bool integral;
    if (!s->ptr || s->len == 0 || jb__num_scan(s->ptr, s->ptr + s->len, &integral, NULL) != s->len)
        return jb__enc_fail(w, JB_E_VALUE, "jb_number text is not a JSON number");
    return jb__enc_lit(w, s->ptr, s->len);
}

static jb_status enc_custom(jb_writer *w, const jb_type *t, const void *p) {
    bool slot = w->value_slot;
    uint32_t depth = w->depth, cdepth = w->custom_depth;
    w->value_slot = true;
    w->custom_depth = depth;
    jb_status st = t->custom->encode(w, p, t->custom->ctx);
    bool wrote = !w->value_slot;
    w->value_slot = slot;
    w->custom_depth = cdepth;
    if (st) {
        if (w->code == JB_OK) jb__enc_fail(w, st, "custom encoder for %s failed", t->name);
        return w->code;
    }
    if (w->depth != depth)
        return jb__enc_fail(w, JB_E_CUSTOM, "custom encoder for %s left an object or array open", t->name);
    if (!wrote) return jb__enc_fail(w, JB_E_CUSTOM, "custom encoder for %s wrote no value", t->name);
    return JB_OK;
}

/* Write a leaf (jb__enc_is_leaf(t)). */
jb_status jb__enc_leaf(jb_writer *w, const jb_type *t, const void *p) {
    /* integers written as strings (jb_i64_string, Fable's int64) */
    if (t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_U64 && JB_UNLIKELY(jb__enc_int_as_string(w, t)))
        return enc_int_string(w, t, p, jb__scope_int64(w->scope) == 2);
    switch (t->kind) {
    case JB_KIND_BOOL: return *(const bool *)p ? jb__enc_lit(w, "true", 4) : jb__enc_lit(w, "false", 5);
    case JB_KIND_I8: return jb__enc_i64(w, *(const int8_t *)p);
    case JB_KIND_I16: return jb__enc_i64(w, *(const int16_t *)p);
    case JB_KIND_I32: return jb__enc_i64(w, *(const int32_t *)p);
    case JB_KIND_I64: return jb__enc_i64(w, *(const int64_t *)p);
    case JB_KIND_U8: return jb__enc_u64(w, *(const uint8_t *)p);
    case JB_KIND_U16: return jb__enc_u64(w, *(const uint16_t *)p);
    case JB_KIND_U32: return jb__enc_u64(w, *(const uint32_t *)p);
    case JB_KIND_U64: return jb__enc_u64(w, *(const uint64_t *)p);
    case JB_KIND_F32: return enc_f32(w, *(const float *)p);
    case JB_KIND_F64: return jb__enc_f64(w, *(const double *)p);
    case JB_KIND_CSTR: return enc_cstr(w, *(const char *const *)p);
    case JB_KIND_STR: return jb__enc_str(w, (const jb_str *)p);
    case JB_KIND_CHAR: return enc_char(w, *(const uint32_t *)p);
    case JB_KIND_ENUM: return enc_enum(w, t, p);
    case JB_KIND_RAW: {
        const jb_str *s = (const jb_str *)p;
        if (!s->ptr || s->len == 0) return jb__enc_fail(w, JB_E_VALUE, "empty raw JSON value");
        return jb__enc_lit(w, s->ptr, s->len);
    }
    case JB_KIND_NUMBER: return enc_number(w, (const jb_str *)p);
    case JB_KIND_CUSTOM: return enc_custom(w, t, p);
    case JB_KIND_ANY: return jb__value_encode(w, *(const jb_value *const *)p);
    default: return jb__enc_fail(w, JB_E_DESCRIPTOR, "descriptor %s has an invalid kind", t->name ? t->name : "?");
    }
}

/*
 * An array or vec of count rows, each an array of row->count > 0 doubles
 * (jb__enc_f64_rows_ok: canada's rings of [x,y] points), compact: one loop over every number,
 * the cursor in a local throughout, with no frame of the walk's and no
 * call per row. Byte for byte, and failure for failure, what the walk
 * does with it (open_elems, then jb__enc_sep and jb__enc_leaves per row):
 * the same reservations in the same order (1 byte for a ',' between
 * rows, NUM_ROOM before each number, 1 before a row's ']'), so a buffer
 * grows, stages or fails at the same byte; a failure inside row i adds
 * the index i to the path (after the number's own index), as the walk's
 * frame would, and one on the ',' or the closing ']' does not.
 */
jb_status jb__enc_f64_rows(jb_writer *w, const jb_type *row, const char *items, size_t count) {
    const jb_float_style fs = jb__scope_float(w->scope);
    const size_t n = row->count, size = row->elem->size, stride = row->size;
    jb_status st = jb__enc_open(w, '[');
    if (st) return st;
    if (count == 0) return jb__enc_close(w, ']', true);
    if (JB_UNLIKELY(w->depth >= w->max_depth)) {
        enc_depth_fail(w);
        jb__path_index(&w->path, 0);
        return w->code;
    }
    char *o = w->p, *end = w->end;
    bool in_row = false; /* a failed reservation's place: inside row i */
#define ROWS_ROOM(k, inside)                               \
    do {                                                   \
        if (JB_UNLIKELY((size_t)(end - o) < (k))) {        \
            w->p = o;                                      \
            in_row = (inside);                             \
            if ((st = jb__w_grow(w, (k)))) goto sink_fail; \
            o = w->p;                                      \
            end = w->end;                                  \
        }                                                  \
    } while (0)
    for (size_t i = 0; i < count; i++) {
        const char *r = items + i * stride;
        if (i) {
            ROWS_ROOM(1, false);
            *o++ = ',';
        }
        for (size_t j = 0; j < n; j++) {
            double d;
            ROWS_ROOM(NUM_ROOM, true);
            *o++ = j ? ',' : '[';
            memcpy(&d, r + j * size, sizeof d);
            if (JB_LIKELY(isfinite(d))) {
                o += jb__fmt_f64_style(o, d, fs);
                continue;
            }
            /* null, aeson's spelling, or the error at [i][j] */
            w->p = o;
            if ((st = enc_nonfinite(w, d))) {
                jb__path_index(&w->path, j);
                jb__path_index(&w->path, i);
                return st;
            }
            o = w->p;
            end = w->end;
        }
        ROWS_ROOM(1, true);
        *o++ = ']';
        continue;
    sink_fail:
        jb__enc_sink_fail(w, st);
        if (in_row) jb__path_index(&w->path, i);
        return st;
    }
#undef ROWS_ROOM
    w->p = o;
    return jb__enc_close(w, ']', false);
}

/* '[' leaves ']': numbers in one go, other leaves one by one. */
jb_status jb__enc_leaves(jb_writer *w, const jb_type *elem, const char *items, size_t count) {
    if (count && numbers_ok(w, elem)) return enc_numbers(w, elem, items, count);
    jb_status st = jb__enc_open(w, '[');
    if (st) return st;
    if (count == 0) return jb__enc_close(w, ']', true);
    for (size_t i = 0; i < count; i++) {
        if ((st = jb__enc_sep(w, i == 0))) return st;
        if (JB_UNLIKELY(st = jb__enc_leaf(w, elem, items + i * elem->size))) {
            jb__path_index(&w->path, i);
            return st;
        }
    }
    return jb__enc_close(w, ']', false);
}
