/*
 * encode.c — the encoder engine: walks a C value with its descriptor's plan
 * and writes JSON bytes through the writer (write.c). One small static
 * function per kind. Also the jb_write_* API that custom codecs use.
 *
 * Failure: the first error is recorded in the writer (code + message); each
 * level adds its path segment while unwinding, so the happy path never
 * touches the path.
 */
#include <math.h>

#include "error.h"
#include "num.h"
#include "plan.h"
#include "value.h"
#include "write.h"

static jb_status enc_value(jb_writer *w, const jb_type *t, const void *p);

static jb_status efail(jb_writer *w, jb_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#include <stdarg.h>
#include <stdio.h>

static jb_status efail(jb_writer *w, jb_status code, const char *fmt, ...) {
    if (w->code == JB_OK) {
        w->code = code;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->message, sizeof w->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

/* A sink failure (status already in w->status) becomes the encode error. */
static jb_status sink_fail(jb_writer *w, jb_status st) {
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

#define TRY_W(w, expr)                                   \
    do {                                                 \
        jb_status st_ = (expr);                          \
        if (JB_UNLIKELY(st_ != JB_OK)) return sink_fail((w), st_); \
    } while (0)

static inline bool pretty(const jb_writer *w) { return (w->flags & JB_WRITE_PRETTY) != 0; }

/* Open '{' or '[': one level deeper. */
static jb_status open_c(jb_writer *w, char c) {
    if (JB_UNLIKELY(w->depth >= w->max_depth))
        return efail(w, JB_E_DEPTH, "nesting deeper than %u (a cycle?)", (unsigned)w->max_depth);
    if (JB_UNLIKELY(jb__stack_low(w->stack_floor)))
        return efail(w, JB_E_DEPTH, "nesting too deep for this thread's stack (at depth %u)",
                     (unsigned)w->depth);
    TRY_W(w, jb__w_reserve(w, 1));
    *w->p++ = c;
    w->depth++;
    return JB_OK;
}

/* Before an element or member: ',' unless first, newline in pretty mode. */
static jb_status sep(jb_writer *w, bool first) {
    if (!first) {
        TRY_W(w, jb__w_reserve(w, 1));
        *w->p++ = ',';
    }
    if (pretty(w)) TRY_W(w, jb__w_newline(w));
    return JB_OK;
}

static jb_status close_c(jb_writer *w, char c, bool empty) {
    w->depth--;
    if (pretty(w) && !empty) TRY_W(w, jb__w_newline(w));
    TRY_W(w, jb__w_reserve(w, 1));
    *w->p++ = c;
    return JB_OK;
}

/* Bytes of any length: one reservation when short, the chunked writer
 * otherwise (a stream sink cannot reserve more than its chunk). */
static jb_status put_lit(jb_writer *w, const char *s, size_t n) {
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
static jb_status put_key(jb_writer *w, const char *key, size_t len) {
    jb_status st = put_lit(w, key, len);
    if (st || !pretty(w)) return st;
    return put_lit(w, " ", 1);
}

/* A plan key "name": written honouring the escaping flags: with
 * ESCAPE_UNICODE/ESCAPE_SLASH the pre-escaped bytes may differ. */
static jb_status put_name_key(jb_writer *w, const jb_pentry *pe) {
    if (JB_LIKELY(!(w->flags & (JB_WRITE_ESCAPE_UNICODE | JB_WRITE_ESCAPE_SLASH | JB_WRITE_CONTROL_HEX))))
        return put_key(w, pe->key, pe->key_len);
    TRY_W(w, jb__w_string(w, pe->name, pe->name_len));
    return put_key(w, ":", 1);
}

/* A plan name as a JSON string ("name"). */
static jb_status put_name(jb_writer *w, const jb_pentry *pe) {
    if (JB_LIKELY(!(w->flags & (JB_WRITE_ESCAPE_UNICODE | JB_WRITE_ESCAPE_SLASH | JB_WRITE_CONTROL_HEX))))
        return put_lit(w, pe->key, pe->key_len);
    TRY_W(w, jb__w_string(w, pe->name, pe->name_len));
    return JB_OK;
}

static const jb_plan *plan_of(jb_writer *w, const jb_type *t) {
    const jb_plan *pl = jb__plan_get(t);
    if (JB_LIKELY(pl != NULL)) return pl;
    jb_status code = JB_OK;
    char msg[JB_ERROR_MESSAGE_MAX];
    pl = jb__plan_slow(t, &code, msg, sizeof msg);
    if (!pl) efail(w, code, "%s", msg);
    return pl;
}

static jb_status enc_i64(jb_writer *w, int64_t v) {
    TRY_W(w, jb__w_reserve(w, 24));
    w->p += jb__fmt_i64(w->p, v);
    return JB_OK;
}

static jb_status enc_u64(jb_writer *w, uint64_t v) {
    TRY_W(w, jb__w_reserve(w, 24));
    w->p += jb__fmt_u64(w->p, v);
    return JB_OK;
}

/* An integer as a JSON string ("123"), for JavaScript peers. */
static jb_status enc_int_string(jb_writer *w, const jb_type *t, const void *p) {
    TRY_W(w, jb__w_reserve(w, 24));
    *w->p++ = '"';
    uint64_t u = jb__load_uint(p, t->size);
    bool sgn = t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_I64;
    int64_t v = sgn ? (int64_t)(u << (64 - 8 * t->size)) >> (64 - 8 * t->size) : 0;
    if (w->int64_string == 2 && (!sgn || v >= 0)) *w->p++ = '+';
    w->p += sgn ? jb__fmt_i64(w->p, v) : jb__fmt_u64(w->p, u);
    *w->p++ = '"';
    return JB_OK;
}

static inline bool int_as_string(const jb_writer *w, const jb_type *t) {
    return (t->flags & JB_TYPE_AS_STRING) ||
           (w->int64_string && (t->kind == JB_KIND_I64 || t->kind == JB_KIND_U64));
}

static jb_status enc_nonfinite(jb_writer *w, double v) {
    if (w->flags & JB_WRITE_NONFINITE_NULL) return put_lit(w, "null", 4);
    return efail(w, JB_E_NONFINITE, "%s cannot be written as JSON",
                 isnan(v) ? "NaN" : (v > 0 ? "Infinity" : "-Infinity"));
}

/* The number just formatted at w->p (n bytes), respelled in the style in force. */
static size_t respell(jb_writer *w, size_t n) {
    if (JB_LIKELY(w->float_style <= JB_FLOAT_ECMA)) return n;
    char tmp[JB_FMT_F64_MAX];
    memcpy(tmp, w->p, n);
    return jb__float_respell(w->p, tmp, n, (jb_float_style)w->float_style);
}

static jb_status enc_f64(jb_writer *w, double v) {
    if (JB_UNLIKELY(!isfinite(v))) return enc_nonfinite(w, v);
    TRY_W(w, jb__w_reserve(w, JB_FMT_F64_MAX + 8));
    w->p += respell(w, jb__fmt_f64(w->p, v));
    return JB_OK;
}

static jb_status enc_f32(jb_writer *w, float v) {
    if (JB_UNLIKELY(!isfinite(v))) return enc_nonfinite(w, v);
    TRY_W(w, jb__w_reserve(w, JB_FMT_F64_MAX + 8));
    w->p += respell(w, jb__fmt_f32(w->p, v));
    return JB_OK;
}

static jb_status enc_str(jb_writer *w, const jb_str *s) {
    if (JB_UNLIKELY(!s->ptr && s->len))
        return efail(w, JB_E_VALUE, "jb_str with a NULL pointer and length %zu", s->len);
    jb_status st = jb__w_string(w, s->ptr ? s->ptr : "", s->len);
    if (st == JB_E_UTF8) return efail(w, JB_E_UTF8, "invalid UTF-8 in a string");
    TRY_W(w, st);
    return JB_OK;
}

static jb_status enc_cstr(jb_writer *w, const char *s) {
    if (JB_UNLIKELY(!s)) return efail(w, JB_E_VALUE, "NULL char * string (use JB_OPTIONAL for a nullable string)");
    jb_str v = {s, strlen(s)};
    return enc_str(w, &v);
}

static jb_status enc_enum(jb_writer *w, const jb_type *t, const void *p) {
    const jb_plan *pl = plan_of(w, t);
    if (!pl) return w->code;
    uint64_t v = jb__load_uint(p, t->size);
    long i = jb__values_find(pl, v);
    if (JB_UNLIKELY(i < 0))
        return efail(w, JB_E_VALUE, "value %llu is not a case of enum %s", (unsigned long long)v,
                     t->name);
    if (JB_UNLIKELY(pl->fmt_flags & JB_FMT_NULLARY_OBJECT)) { /* circe: {"Green":{}} */
        jb_status st;
        if ((st = put_lit(w, "{", 1)) || (st = put_name(w, &pl->e[i])) || (st = put_lit(w, ":{}}", 4)))
            return st;
        return JB_OK;
    }
    return put_name(w, &pl->e[i]);
}

static bool field_present(const jb_pentry *pe, const char *base) {
    if (pe->presence == JB_PRESENCE_FLAG) {
        bool f;
        memcpy(&f, base + pe->flag_offset, sizeof f);
        return f;
    }
    if (pe->type->kind == JB_KIND_PTR) {
        void *q;
        memcpy(&q, base + pe->offset, sizeof q);
        return q != NULL;
    }
    return true;
}

/* The fields of a record, without braces; *first tracks the comma. Shared
 * by records and internally tagged sums. */
static jb_status enc_fields(jb_writer *w, const jb_plan *pl, const char *base, bool *first) {
    bool absent_null = (w->flags & JB_WRITE_ABSENT_NULL) || (pl->fmt_flags & JB_FMT_ABSENT_NULL);
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *pe = &pl->e[i];
        if (pe->optional && !field_present(pe, base)) {
            if (pe->fflags & JB_FIELD_OMIT_ABSENT) continue;
            if (!absent_null && !(pe->fflags & JB_FIELD_NULL_WHEN_ABSENT)) continue;
            jb_status st;
            if ((st = sep(w, *first)) || (st = put_name_key(w, pe)) || (st = put_lit(w, "null", 4)))
                return st;
            *first = false;
            continue;
        }
        jb_status st = sep(w, *first);
        if (!st) st = put_name_key(w, pe);
        if (st) return st;
        *first = false;
        st = enc_value(w, pe->type, base + pe->offset);
        if (JB_UNLIKELY(st)) {
            jb__path_key(&w->path, pe->name, pe->name_len);
            return st;
        }
    }
    return JB_OK;
}

/* Representation state a type with a format sets for its contents. */
typedef struct wscope {
    uint8_t float_style, key_mode, int64_string;
    uint32_t flags;
} wscope;

static wscope scope_enter(jb_writer *w, const jb_plan *pl) {
    wscope old = {w->float_style, w->key_mode, w->int64_string, w->flags};
    if (pl->fmt_flags & JB_FMT_CONTROL_HEX) w->flags |= JB_WRITE_CONTROL_HEX;
    if (pl->float_style) w->float_style = (uint8_t)pl->float_style;
    if (pl->key_mode) w->key_mode = (uint8_t)pl->key_mode;
    if (pl->fmt_flags & JB_FMT_INT64_STRING)
        w->int64_string = (pl->fmt_flags & JB_FMT_INT64_SIGNED) ? 2 : 1;
    return old;
}

static void scope_leave(jb_writer *w, wscope old) {
    w->flags = old.flags;
    w->float_style = old.float_style;
    w->key_mode = old.key_mode;
    w->int64_string = old.int64_string;
}

/* Members kept by JB_UNKNOWN_FIELDS, written back after the known fields. */
static jb_status enc_captured(jb_writer *w, const jb_plan *pl, const char *base, bool *first) {
    jb_raw_members m;
    memcpy(&m, base + pl->capture_offset, sizeof m);
    if (!m.items && m.len) return efail(w, JB_E_VALUE, "jb_raw_members with NULL items and length %zu", m.len);
    for (size_t i = 0; i < m.len; i++) {
        const jb_raw_member *e = &m.items[i];
        jb_status st = sep(w, *first);
        if (!st) st = enc_str(w, &e->key);
        if (!st) st = put_key(w, ":", 1);
        if (!st) st = enc_value(w, &jb_raw, &e->value);
        if (st) return st;
        *first = false;
    }
    return JB_OK;
}

static jb_status enc_record_body(jb_writer *w, const jb_plan *pl, const void *p) {
    if (pl->unwrap) {
        jb_status st = enc_value(w, pl->e[0].type, (const char *)p + pl->e[0].offset);
        if (st) jb__path_key(&w->path, pl->e[0].name, pl->e[0].name_len);
        return st;
    }
    jb_status st = open_c(w, '{');
    if (st) return st;
    bool first = true;
    if ((st = enc_fields(w, pl, (const char *)p, &first))) return st;
    if (pl->has_capture && (st = enc_captured(w, pl, (const char *)p, &first))) return st;
    return close_c(w, '}', first);
}

static jb_status enc_record(jb_writer *w, const jb_type *t, const void *p) {
    const jb_plan *pl = plan_of(w, t);
    if (!pl) return w->code;
    if (JB_LIKELY(!pl->scoped)) return enc_record_body(w, pl, p);
    wscope sc = scope_enter(w, pl);
    jb_status st = enc_record_body(w, pl, p);
    scope_leave(w, sc);
    return st;
}

/* count elements of elem type, each `stride` bytes apart, as a JSON array */
/*
 * Arrays of integers or doubles in compact mode: one reservation per
 * element covers the comma and the longest number, so the loop is the
 * formatter and nothing else (no per-element dispatch). Returns false when
 * this path does not apply.
 */
static bool enc_numbers(jb_writer *w, const jb_type *elem, const char *items, size_t count,
                        jb_status *st) {
    jb_kind k = elem->kind;
    if (pretty(w) || k < JB_KIND_I8 || k > JB_KIND_F64 || int_as_string(w, elem)) return false;
    if (k >= JB_KIND_F32 && w->float_style > JB_FLOAT_ECMA) return false;
    for (size_t i = 0; i < count; i++) {
        const char *p = items + i * elem->size;
        if ((*st = jb__w_reserve(w, JB_FMT_F64_MAX + 2))) {
            sink_fail(w, *st);
            return true;
        }
        if (i) *w->p++ = ',';
        switch (k) {
        case JB_KIND_I8: w->p += jb__fmt_i64(w->p, *(const int8_t *)p); break;
        case JB_KIND_I16: w->p += jb__fmt_i64(w->p, *(const int16_t *)p); break;
        case JB_KIND_I32: w->p += jb__fmt_i64(w->p, *(const int32_t *)p); break;
        case JB_KIND_I64: w->p += jb__fmt_i64(w->p, *(const int64_t *)p); break;
        case JB_KIND_U8: w->p += jb__fmt_u64(w->p, *(const uint8_t *)p); break;
        case JB_KIND_U16: w->p += jb__fmt_u64(w->p, *(const uint16_t *)p); break;
        case JB_KIND_U32: w->p += jb__fmt_u64(w->p, *(const uint32_t *)p); break;
        case JB_KIND_U64: w->p += jb__fmt_u64(w->p, *(const uint64_t *)p); break;
        case JB_KIND_F32:
        case JB_KIND_F64: {
            double d = k == JB_KIND_F32 ? (double)*(const float *)p : *(const double *)p;
            if (JB_UNLIKELY(!isfinite(d))) {
                if ((*st = enc_nonfinite(w, d))) {
                    jb__path_index(&w->path, i);
                    return true;
                }
                break;
            }
            w->p += k == JB_KIND_F32 ? jb__fmt_f32(w->p, *(const float *)p) : jb__fmt_f64(w->p, d);
            break;
        }
        default: break;
        }
    }
    *st = JB_OK;
    return true;
}

static jb_status enc_elems(jb_writer *w, const jb_type *elem, const char *items, size_t count) {
    jb_status st = open_c(w, '[');
    if (st) return st;
    size_t stride = elem->size;
    if (enc_numbers(w, elem, items, count, &st)) return st ? st : close_c(w, ']', count == 0);
    for (size_t i = 0; i < count; i++) {
        if ((st = sep(w, i == 0))) return st;
        if (JB_UNLIKELY((st = enc_value(w, elem, items + i * stride)))) {
            jb__path_index(&w->path, i);
            return st;
        }
    }
    return close_c(w, ']', count == 0);
}

static jb_status enc_tuple(jb_writer *w, const jb_type *t, const void *p) {
    const jb_plan *pl = plan_of(w, t);
    if (!pl) return w->code;
    jb_status st = open_c(w, '[');
    if (st) return st;
    for (size_t i = 0; i < pl->n; i++) {
        if ((st = sep(w, i == 0))) return st;
        if (JB_UNLIKELY((st = enc_value(w, pl->e[i].type, (const char *)p + pl->e[i].offset)))) {
            jb__path_index(&w->path, i);
            return st;
        }
    }
    return close_c(w, ']', pl->n == 0);
}

typedef struct jb_anyvec {
    const char *items;
    size_t len;
} jb_anyvec;

static jb_status enc_vec(jb_writer *w, const jb_type *t, const void *p) {
    jb_anyvec v;
    memcpy(&v, p, sizeof v);
    if (JB_UNLIKELY(!v.items && v.len))
        return efail(w, JB_E_VALUE, "vec with NULL items and length %zu", v.len);
    return enc_elems(w, t->elem, v.items, v.len);
}

/* A map key as an object key: "text": */
static jb_status enc_map_key(jb_writer *w, const jb_type *k, const void *p) {
    jb_status st;
    switch (k->kind) {
    case JB_KIND_CSTR: {
        const char *s;
        memcpy(&s, p, sizeof s);
        st = enc_cstr(w, s);
        break;
    }
    case JB_KIND_STR: st = enc_str(w, (const jb_str *)p); break;
    case JB_KIND_ENUM: { /* always the plain name: a key is a string, whatever the enum's format */
        const jb_plan *pl = plan_of(w, k);
        if (!pl) return w->code;
        long i = jb__values_find(pl, jb__load_uint(p, k->size));
        if (i < 0) return efail(w, JB_E_VALUE, "map key is not a case of enum %s", k->name);
        st = put_name(w, &pl->e[i]);
        break;
    }
    default: { /* integers as their decimal text */
        TRY_W(w, jb__w_reserve(w, 24));
        *w->p++ = '"';
        uint64_t u = jb__load_uint(p, k->size);
        bool sgn = k->kind >= JB_KIND_I8 && k->kind <= JB_KIND_I64;
        if (sgn) {
            int64_t v = (int64_t)(u << (64 - 8 * k->size)) >> (64 - 8 * k->size);
            w->p += jb__fmt_i64(w->p, v);
        } else {
            w->p += jb__fmt_u64(w->p, u);
        }
        *w->p++ = '"';
        st = JB_OK;
        break;
    }
    }
    if (st) return st;
    return put_key(w, ":", 1);
}

/* A key whose JSON text is the property name: {"\"Red\"": ...} (Fable).
 * The key is encoded into a stack buffer first, then written as a string. */
static jb_status enc_json_text_key(jb_writer *w, const jb_type *k, const void *p) {
    char text[512];
    jb_write_options o = {0};
    o.flags = w->flags & ~(uint32_t)JB_WRITE_PRETTY;
    o.max_depth = w->max_depth;
    /* an inner writer on a stack buffer, in the same representation scope */
    jb_writer *in = &(jb_writer){0};
    jb__w_init_fixed(in, text, sizeof text, &o);
    in->custom_depth = UINT32_MAX;
    in->stack_floor = w->stack_floor;
    in->float_style = w->float_style;
    in->key_mode = w->key_mode;
    in->int64_string = w->int64_string;
    jb_status st = enc_value(in, k, p);
    if (!st) st = jb__w_finish(in);
    if (st == JB_E_BUFFER)
        return efail(w, JB_E_VALUE, "a map key's JSON text is longer than %zu bytes", sizeof text);
    if (st) return efail(w, in->code ? in->code : st, "map key: %s", in->message);
    jb_str s = {text, jb__w_total(in)};
    if ((st = enc_str(w, &s))) return st;
    return put_key(w, ":", 1);
}

static jb_status enc_map(jb_writer *w, const jb_type *t, const void *p) {
    jb_anyvec v;
    memcpy(&v, p, sizeof v);
    if (JB_UNLIKELY(!v.items && v.len))
        return efail(w, JB_E_VALUE, "map with NULL items and length %zu", v.len);
    size_t es, vo;
    jb__map_layout(t, &es, &vo);
    jb_key_mode km = t->key_mode ? t->key_mode : (jb_key_mode)w->key_mode;
    bool obj = jb__map_is_object(t->key, km);
    bool text_key = km == JB_KEYS_JSON_TEXT && t->key->kind != JB_KIND_CSTR && t->key->kind != JB_KIND_STR;
    jb_status st = open_c(w, obj ? '{' : '[');
    if (st) return st;
    for (size_t i = 0; i < v.len; i++) {
        const char *e = v.items + i * es;
        if ((st = sep(w, i == 0))) return st;
        if (obj) {
            st = text_key ? enc_json_text_key(w, t->key, e) : enc_map_key(w, t->key, e);
            if (!st) st = enc_value(w, t->elem, e + vo);
        } else {
            st = open_c(w, '[');
            if (!st) st = sep(w, true);
            if (!st) st = enc_value(w, t->key, e);
            if (!st) st = sep(w, false);
            if (!st) st = enc_value(w, t->elem, e + vo);
            if (!st) st = close_c(w, ']', false);
        }
        if (JB_UNLIKELY(st)) {
            jb__path_index(&w->path, i);
            return st;
        }
    }
    return close_c(w, obj ? '}' : ']', v.len == 0);
}

/* A case's payload; a record payload as the array of its fields when the
 * sum's format says so (Fable: {"Rect":[2.0,3.0]}). */
static jb_status enc_payload(jb_writer *w, const jb_plan *pl, const jb_pentry *c, const char *payload) {
    if (JB_UNLIKELY((pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS) && c->type->kind == JB_KIND_RECORD))
        return enc_tuple(w, c->type, payload);
    return enc_value(w, c->type, payload);
}

/* '{' "tag": "Case" — the opening of internal and adjacent forms. */
static jb_status open_tagged(jb_writer *w, const jb_plan *pl, const jb_pentry *c) {
    jb_status st;
    if ((st = open_c(w, '{')) || (st = sep(w, true)) ||
        (st = put_key(w, pl->tag_key, pl->tag_key_len)) || (st = put_name(w, c)))
        return st;
    return JB_OK;
}

/* , "contents": payload } */
static jb_status content_member(jb_writer *w, const jb_plan *pl, const jb_pentry *c, const char *payload) {
    jb_status st;
    if (c->type) {
        if ((st = sep(w, false)) || (st = put_key(w, pl->content_key, pl->content_key_len))) return st;
        if ((st = enc_payload(w, pl, c, payload))) {
            jb__path_key(&w->path, pl->content_name, pl->content_name_len);
            return st;
        }
    }
    return close_c(w, '}', false);
}

static jb_status enc_sum_body(jb_writer *w, const jb_type *t, const jb_plan *pl, const void *p) {
    uint64_t tag = jb__load_uint((const char *)p + t->tag_offset, t->tag_size);
    long ci = jb__values_find(pl, tag);
    if (JB_UNLIKELY(ci < 0))
        return efail(w, JB_E_VALUE, "tag %llu is not a case of %s", (unsigned long long)tag, t->name);
    const jb_pentry *c = &pl->e[ci];
    const char *payload = (const char *)p + c->offset;
    jb_status st = JB_OK;
    bool first = true;
    if (pl->all_nullary && (pl->fmt_flags & JB_FMT_ALL_NULLARY_STRING)) return put_name(w, c);
    switch (pl->sum_style) {
    case JB_SUM_INTERNAL:
        if (c->type && c->type->kind != JB_KIND_RECORD) {
            /* not a record: its payload goes under the content key (aeson TaggedObject) */
            if ((st = open_tagged(w, pl, c))) return st;
            return content_member(w, pl, c, payload);
        }
        if ((st = open_tagged(w, pl, c))) return st;
        first = false;
        if (c->type) {
            const jb_plan *pp = plan_of(w, c->type);
            if (!pp) return w->code;
            if ((st = enc_fields(w, pp, payload, &first))) return st;
            if (pp->has_capture && (st = enc_captured(w, pp, payload, &first))) return st;
        }
        return close_c(w, '}', false);
    case JB_SUM_ADJACENT:
        if ((st = open_tagged(w, pl, c))) return st;
        return content_member(w, pl, c, payload);
    case JB_SUM_ARRAY:
        if ((st = open_c(w, '[')) || (st = sep(w, true)) || (st = put_name(w, c))) return st;
        if (c->type) {
            if ((st = sep(w, false))) return st;
            if ((st = enc_payload(w, pl, c, payload))) {
                jb__path_index(&w->path, 1);
                return st;
            }
        } else if (pl->fmt_flags & JB_FMT_NULLARY_ARRAY) {
            if ((st = sep(w, false)) || (st = put_lit(w, "[]", 2))) return st;
        }
        return close_c(w, ']', false);
    case JB_SUM_UNTAGGED:
        if (!c->type) return put_lit(w, "null", 4); /* serde: a unit variant untagged is null */
        return enc_payload(w, pl, c, payload);
    default: /* external */
        if (!c->type) {
            if (!(pl->fmt_flags & (JB_FMT_NULLARY_OBJECT | JB_FMT_NULLARY_ARRAY))) return put_name(w, c);
        }
        if ((st = open_c(w, '{')) || (st = sep(w, true)) || (st = put_name(w, c)) ||
            (st = put_key(w, ":", 1)))
            return st;
        if (!c->type) {
            st = put_lit(w, (pl->fmt_flags & JB_FMT_NULLARY_OBJECT) ? "{}" : "[]", 2);
        } else if ((st = enc_payload(w, pl, c, payload))) {
            jb__path_key(&w->path, c->name, c->name_len);
            return st;
        }
        if (st) return st;
        return close_c(w, '}', false);
    }
}

static jb_status enc_sum(jb_writer *w, const jb_type *t, const void *p) {
    const jb_plan *pl = plan_of(w, t);
    if (!pl) return w->code;
    if (JB_LIKELY(!pl->scoped)) return enc_sum_body(w, t, pl, p);
    wscope sc = scope_enter(w, pl);
    jb_status st = enc_sum_body(w, t, pl, p);
    scope_leave(w, sc);
    return st;
}

static jb_status enc_number(jb_writer *w, const jb_str *s) {
    bool integral;
    if (!s->ptr || s->len == 0 || jb__num_scan(s->ptr, s->ptr + s->len, &integral, NULL) != s->len)
        return efail(w, JB_E_VALUE, "jb_number text is not a JSON number");
    return put_lit(w, s->ptr, s->len);
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
        if (w->code == JB_OK) efail(w, st, "custom encoder for %s failed", t->name);
        return w->code;
    }
    if (w->depth != depth)
        return efail(w, JB_E_CUSTOM, "custom encoder for %s left an object or array open", t->name);
    if (!wrote) return efail(w, JB_E_CUSTOM, "custom encoder for %s wrote no value", t->name);
    return JB_OK;
}

static jb_status enc_value(jb_writer *w, const jb_type *t, const void *p) {
    /* integers written as strings (jb_i64_string, Fable's int64) */
    if (t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_U64 && JB_UNLIKELY(int_as_string(w, t)))
        return enc_int_string(w, t, p);
    switch (t->kind) {
    case JB_KIND_BOOL: return *(const bool *)p ? put_lit(w, "true", 4) : put_lit(w, "false", 5);
    case JB_KIND_I8: return enc_i64(w, *(const int8_t *)p);
    case JB_KIND_I16: return enc_i64(w, *(const int16_t *)p);
    case JB_KIND_I32: return enc_i64(w, *(const int32_t *)p);
    case JB_KIND_I64: return enc_i64(w, *(const int64_t *)p);
    case JB_KIND_U8: return enc_u64(w, *(const uint8_t *)p);
    case JB_KIND_U16: return enc_u64(w, *(const uint16_t *)p);
    case JB_KIND_U32: return enc_u64(w, *(const uint32_t *)p);
    case JB_KIND_U64: return enc_u64(w, *(const uint64_t *)p);
    case JB_KIND_F32: return enc_f32(w, *(const float *)p);
    case JB_KIND_F64: return enc_f64(w, *(const double *)p);
    case JB_KIND_CSTR: return enc_cstr(w, *(const char *const *)p);
    case JB_KIND_STR: return enc_str(w, (const jb_str *)p);
    case JB_KIND_ENUM: return enc_enum(w, t, p);
    case JB_KIND_RECORD: return enc_record(w, t, p);
    case JB_KIND_TUPLE: return enc_tuple(w, t, p);
    case JB_KIND_ARRAY: return enc_elems(w, t->elem, (const char *)p, t->count);
    case JB_KIND_SUM: return enc_sum(w, t, p);
    case JB_KIND_VEC: return enc_vec(w, t, p);
    case JB_KIND_MAP: return enc_map(w, t, p);
    case JB_KIND_PTR: {
        const void *q = *(const void *const *)p;
        if (!q) return put_lit(w, "null", 4);
        return enc_value(w, t->elem, q);
    }
    case JB_KIND_RAW: {
        const jb_str *s = (const jb_str *)p;
        if (!s->ptr || s->len == 0) return efail(w, JB_E_VALUE, "empty raw JSON value");
        return put_lit(w, s->ptr, s->len);
    }
    case JB_KIND_NUMBER: return enc_number(w, (const jb_str *)p);
    case JB_KIND_CUSTOM: return enc_custom(w, t, p);
    case JB_KIND_ANY: return jb__value_encode(w, *(const jb_value *const *)p);
    default: return efail(w, JB_E_DESCRIPTOR, "descriptor %s has an invalid kind", t->name ? t->name : "?");
    }
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

static jb_status check_args(const jb_type *type, const void *value, jb_error *err) {
    if (type && value) return JB_OK;
    jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, type ? "value is NULL" : "type is NULL");
    return JB_E_ARG;
}

/* Validate the root descriptor (plan-less kinds are validated by their
 * parents; the root has none). */
static jb_status check_root(jb_writer *w, const jb_type *t) {
    char msg[JB_ERROR_MESSAGE_MAX];
    if (jb__kind_has_plan(t->kind)) return plan_of(w, t) ? JB_OK : w->code;
    jb_status st = jb__type_validate(t, msg, sizeof msg);
    if (st) return efail(w, st, "%s", msg);
    return JB_OK;
}

static jb_status run(jb_writer *w, const jb_type *type, const void *value,
                     const jb_write_options *opts, jb_error *err) {
    w->custom_depth = UINT32_MAX;
    w->stack_floor = jb__stack_floor();
    w->float_style = (uint8_t)(opts && opts->float_style <= JB_FLOAT_JAVA ? opts->float_style : 0);
    w->key_mode = JB_KEYS_AUTO;
    w->int64_string = 0;
    jb_status st = check_root(w, type);
    if (!st) st = enc_value(w, type, value);
    if (!st) {
        st = jb__w_finish(w);
        if (st) sink_fail(w, st);
    }
    if (st) {
        if (w->code == JB_OK) sink_fail(w, st);
        jb__error_fill(err, w->code, NULL, 0, &w->path, w->message);
        return w->code;
    }
    return JB_OK;
}

jb_status jb_encode(const jb_type *type, const void *value, jb_buf *buf,
                    const jb_write_options *opts, jb_error *err) {
    jb_status st = check_args(type, value, err);
    if (st) return st;
    if (!buf) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "buf is NULL");
        return JB_E_ARG;
    }
    /* The writer is large (it holds the stream staging chunk); the buf sink
     * never uses the chunk, so it lives on the stack here all the same. */
    jb_writer w;
    jb__w_init_buf(&w, buf, opts);
    st = run(&w, type, value, opts, err);
    if (st) buf->len = w.buf_start;
    return st;
}

jb_status jb_encode_to(const jb_type *type, const void *value, jb_write_fn fn, void *ctx,
                       const jb_write_options *opts, jb_error *err) {
    jb_status st = check_args(type, value, err);
    if (st) return st;
    if (!fn) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "write callback is NULL");
        return JB_E_ARG;
    }
    jb_writer w;
    jb__w_init_stream(&w, fn, ctx, opts);
    return run(&w, type, value, opts, err);
}

jb_status jb_encode_file(const jb_type *type, const void *value, FILE *f,
                         const jb_write_options *opts, jb_error *err) {
    if (!f) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "FILE is NULL");
        return JB_E_ARG;
    }
    return jb_encode_to(type, value, jb__w_file_fn, f, opts, err);
}

jb_status jb_encode_fixed(const jb_type *type, const void *value, char *dst, size_t cap,
                          size_t *needed, const jb_write_options *opts, jb_error *err) {
    jb_status st = check_args(type, value, err);
    if (st) return st;
    if (!dst && cap) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "dst is NULL");
        return JB_E_ARG;
    }
    jb_writer w;
    jb__w_init_fixed(&w, dst, cap, opts);
    st = run(&w, type, value, opts, err);
    if (needed) *needed = (st == JB_OK || st == JB_E_BUFFER) ? jb__w_total(&w) : 0;
    return st;
}

jb_status jb_type_check(const jb_type *type, jb_error *err) {
    if (!type) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "type is NULL");
        return JB_E_ARG;
    }
    char msg[JB_ERROR_MESSAGE_MAX];
    jb_status st = JB_OK;
    if (jb__kind_has_plan(type->kind)) {
        if (!jb__plan_slow(type, &st, msg, sizeof msg)) goto fail;
        return JB_OK;
    }
    if ((st = jb__type_validate(type, msg, sizeof msg)) == JB_OK) return JB_OK;
fail:
    jb__error_fill(err, st, NULL, 0, NULL, msg);
    return st;
}

/* ------------------------------------------------------------------ */
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
        return efail(w, JB_E_CUSTOM, "a custom encoder wrote more than one value");
    if (w->depth >= 512)
        return efail(w, JB_E_DEPTH, "custom encoders nest at most 512 levels");
    if (w->depth == 0) return JB_OK;
    bool first = !bit_get(w->nonempty, w->depth);
    bit_set(w->nonempty, w->depth);
    return sep(w, first);
}

jb_status jb_write_null(jb_writer *w) {
    jb_status st = cw_prefix(w);
    return st ? st : put_lit(w, "null", 4);
}
jb_status jb_write_bool(jb_writer *w, bool v) {
    jb_status st = cw_prefix(w);
    return st ? st : v ? put_lit(w, "true", 4) : put_lit(w, "false", 5);
}
jb_status jb_write_i64(jb_writer *w, int64_t v) {
    jb_status st = cw_prefix(w);
    return st ? st : enc_i64(w, v);
}
jb_status jb_write_u64(jb_writer *w, uint64_t v) {
    jb_status st = cw_prefix(w);
    return st ? st : enc_u64(w, v);
}
jb_status jb_write_f64(jb_writer *w, double v) {
    jb_status st = cw_prefix(w);
    return st ? st : enc_f64(w, v);
}
jb_status jb_write_string(jb_writer *w, const char *s, size_t len) {
    jb_status st = cw_prefix(w);
    jb_str v = {s, len};
    return st ? st : enc_str(w, &v);
}
jb_status jb_write_raw(jb_writer *w, const char *json, size_t len) {
    jb_status st = cw_prefix(w);
    if (st) return st;
    TRY_W(w, jb__w_bytes(w, json, len));
    return JB_OK;
}
jb_status jb_write_object_begin(jb_writer *w) {
    jb_status st = cw_prefix(w);
    if (!st) st = open_c(w, '{');
    if (!st) bit_clear(w->nonempty, w->depth);
    return st;
}
jb_status jb_write_array_begin(jb_writer *w) {
    jb_status st = cw_prefix(w);
    if (!st) st = open_c(w, '[');
    if (!st) bit_clear(w->nonempty, w->depth);
    return st;
}
jb_status jb_write_key(jb_writer *w, const char *key, size_t len) {
    if (w->depth == 0) return efail(w, JB_E_CUSTOM, "jb_write_key outside an object");
    bool first = !bit_get(w->nonempty, w->depth);
    bit_set(w->nonempty, w->depth);
    jb_str k = {key, len};
    jb_status st = sep(w, first);
    if (!st) st = enc_str(w, &k);
    if (!st) st = put_key(w, ":", 1);
    if (!st) w->value_slot = true;
    return st;
}
static jb_status cw_end(jb_writer *w, char c) {
    if (w->depth == 0) return efail(w, JB_E_CUSTOM, "unbalanced end of object or array");
    bool empty = !bit_get(w->nonempty, w->depth);
    return close_c(w, c, empty);
}
jb_status jb_write_object_end(jb_writer *w) { return cw_end(w, '}'); }
jb_status jb_write_array_end(jb_writer *w) { return cw_end(w, ']'); }

jb_status jb_write_value(jb_writer *w, const jb_type *type, const void *value) {
    if (!type || !value) return efail(w, JB_E_ARG, "jb_write_value: NULL type or value");
    jb_status st = cw_prefix(w);
    return st ? st : enc_value(w, type, value);
}

jb_status jb_write_fail(jb_writer *w, const char *message) {
    return efail(w, JB_E_CUSTOM, "%s", message ? message : "custom encoder failed");
}
