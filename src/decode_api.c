/* SPDX-License-Identifier: MIT */
/*
 * decode_api.c — the jb_read_* API: how a custom codec's decode function
 * reads its value (tokens, objects and arrays member by member, nested
 * typed values through the engine).
 */
#include "decode.h"

/* ------------------------------------------------------------------ */
/* The reader API for custom codecs                                    */
/* ------------------------------------------------------------------ */

/* Skip whitespace and remember where the next value starts. */
static jb_status mark(jb_reader *r) {
    jb_status st = jb__r_ws(r);
    r->tok = r->p;
    return st;
}

jb_token jb_read_peek(jb_reader *r) {
    if (jb__r_ws(r) || r->p >= r->end) return JB_TOKEN_ERROR;
    switch (*r->p) {
    case 'n': return JB_TOKEN_NULL;
    case 't': case 'f': return JB_TOKEN_BOOL;
    case '"': return JB_TOKEN_STRING;
    case '[': return JB_TOKEN_ARRAY;
    case '{': return JB_TOKEN_OBJECT;
    default: return jb__starts_number(r) ? JB_TOKEN_NUMBER : JB_TOKEN_ERROR;
    }
}

jb_status jb_read_null(jb_reader *r) {
    if (mark(r)) return r->code;
    if (r->p >= r->end || *r->p != 'n') return jb__dec_expect(r, "null");
    return jb__r_literal(r, "null", 4);
}

jb_status jb_read_bool(jb_reader *r, bool *out) {
    return mark(r) ? r->code : jb__dec_bool(r, out);
}

jb_status jb_read_i64(jb_reader *r, int64_t *out) {
    return mark(r) ? r->code : jb__dec_int(r, &jb_i64, out);
}

jb_status jb_read_u64(jb_reader *r, uint64_t *out) {
    return mark(r) ? r->code : jb__dec_int(r, &jb_u64, out);
}

jb_status jb_read_f64(jb_reader *r, double *out) {
    return mark(r) ? r->code : jb__dec_float(r, &jb_f64, out);
}

jb_status jb_read_string(jb_reader *r, jb_str *out) {
    if (mark(r)) return r->code;
    if (r->p >= r->end || *r->p != '"') return jb__dec_type_error(r, &jb_string);
    return jb__r_string(r, out, false, NULL);
}

static inline void rbit_set(uint64_t *b, uint32_t d, bool v) {
    uint64_t m = (uint64_t)1 << (d % 64);
    if (v) b[(d & 511) / 64] |= m;
    else b[(d & 511) / 64] &= ~m;
}
static inline bool rbit_get(const uint64_t *b, uint32_t d) { return (b[(d & 511) / 64] >> (d % 64)) & 1; }

static jb_status begin(jb_reader *r, char c) {
    if (jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != c) {
        return jb__dec_type_error(r, c == '{' ? &jb__an_object : &jb__an_array);
    }
    if (jb__dec_enter(r)) return r->code;
    rbit_set(r->nonempty, r->depth, false);
    return JB_OK;
}

/* Before the next element: ',' or the close. */
static jb_status next(jb_reader *r, char close, bool *more) {
    if (!rbit_get(r->nonempty, r->depth)) {
        if (jb__r_ws(r)) return r->code;
        if (r->p < r->end && *r->p == close) {
            r->p++;
            r->depth--;
            *more = false;
            return JB_OK;
        }
        rbit_set(r->nonempty, r->depth, true);
        *more = true;
        return JB_OK;
    }
    int m = jb__dec_next(r, close);
    if (m < 0) return r->code;
    *more = m > 0;
    return JB_OK;
}

jb_status jb_read_array_begin(jb_reader *r) { return begin(r, '['); }
jb_status jb_read_array_next(jb_reader *r, bool *more) {
    jb_status st = next(r, ']', more);
    if (!st && *more) st = jb__r_ws(r);
    return st;
}
jb_status jb_read_object_begin(jb_reader *r) { return begin(r, '{'); }
jb_status jb_read_object_next(jb_reader *r, bool *more, jb_str *key) {
    jb_status st = next(r, '}', more);
    if (st || !*more) return st;
    if ((st = jb__r_ws(r))) return st;
    jb_str k;
    r->tok = r->p;
    if ((st = jb__dec_key_colon(r, &k))) return st;
    if (key) *key = k;
    return JB_OK;
}

jb_status jb_read_skip(jb_reader *r) {
    if (mark(r)) return r->code;
    return jb__r_skip(r);
}

jb_status jb_read_value(jb_reader *r, const jb_type *type, void *out) {
    if (mark(r)) return r->code;
    if (!type || !out) return jb__r_fail(r, JB_E_ARG, r->p, "jb_read_value: NULL type or out");
    if (r->p >= r->end) return jb__r_fail(r, JB_E_SYNTAX, r->p, "expected value, found end of input");
    memset(out, 0, type->size); /* the engine fills zeroed memory (absent optionals stay NULL) */
    return jb__dec_nested(r, type, out);
}

jb_arena *jb_read_arena(jb_reader *r) { return r->arena; }

jb_status jb_read_fail(jb_reader *r, jb_status code, const char *message) {
    return jb__r_fail(r, code ? code : JB_E_CUSTOM, r->tok ? r->tok : r->p, "%s",
                      message ? message : "custom decoder failed");
}
