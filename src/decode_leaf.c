/* SPDX-License-Identifier: MIT */
/*
 * decode_leaf.c — the decoder's leaves: values that hold no other typed
 * value (booleans, integers, floats, strings, raw JSON, number text,
 * enums, map keys, custom codecs) and the failure messages the engine
 * shares. None of these calls back into the engine except through
 * jb__dec_nested (a custom codec's jb_read_value, a default's or a map
 * key's JSON text), the only re-entry of the decoder.
 */
#include <math.h>

#include "decode.h"
#include "numscan.h"
#include "suggest.h"
#include "utf8.h"

const char *jb__dec_expected_name(const jb_type *t) {
    switch (t->kind) {
    case JB_KIND_BOOL: return "true or false";
    case JB_KIND_I8: case JB_KIND_I16: case JB_KIND_I32: case JB_KIND_I64:
    case JB_KIND_U8: case JB_KIND_U16: case JB_KIND_U32: case JB_KIND_U64: return "an integer";
    case JB_KIND_F32: case JB_KIND_F64: case JB_KIND_NUMBER: return "a number";
    case JB_KIND_CSTR: case JB_KIND_STR: case JB_KIND_ENUM: return "a string";
    case JB_KIND_CHAR: return "a string of one character";
    case JB_KIND_RECORD: return "an object";
    case JB_KIND_MAP: return jb__key_is_stringlike(t->key) ? "an object" : "an array";
    case JB_KIND_TUPLE: case JB_KIND_ARRAY: case JB_KIND_VEC: return "an array";
    default: return "a value";
    }
}

const jb_type jb__an_object = {.kind = JB_KIND_RECORD, .name = "object"};
const jb_type jb__an_array = {.kind = JB_KIND_TUPLE, .name = "array"};
const jb_type jb__a_pair = {.kind = JB_KIND_TUPLE, .name = "[key, value] pair"};

void jb__dec_expected(const jb_type *t, char *buf, size_t cap) {
    const jb_plan *pl;
    if (t == &jb__an_object || t == &jb__an_array || !t->name) {
        jb__msgf(buf, cap, "%s", jb__dec_expected_name(t));
        return;
    }
    switch (t->kind) {
    case JB_KIND_RECORD: jb__msgf(buf, cap, "an object for %s", t->name); return;
    case JB_KIND_TUPLE:
        if (t == &jb__a_pair) jb__msgf(buf, cap, "a [key, value] pair");
        else jb__msgf(buf, cap, "an array for %s", t->name);
        return;
    case JB_KIND_ARRAY: jb__msgf(buf, cap, "an array of %zu elements", t->count); return;
    case JB_KIND_MAP:
        jb__msgf(buf, cap, "%s", jb__key_is_stringlike(t->key) ? "an object" : "an array of [key, value] pairs");
        return;
    case JB_KIND_ENUM:
        if ((pl = jb__plan_get(t)) != NULL) {
            char names[JB_NAMES_SHOWN];
            jb__dec_list_names(pl, names, sizeof names);
            jb__msgf(buf, cap, "one of %s", names);
            return;
        }
        break;
    case JB_KIND_SUM: jb__msgf(buf, cap, "a case of %s", t->name); return;
    default: break;
    }
    jb__msgf(buf, cap, "%s", jb__dec_expected_name(t));
}

const bool jb__num_delim[256] = {[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1,
                                [','] = 1, [']'] = 1, ['}'] = 1};

/* A value of the wrong JSON type is JB_E_TYPE; bytes that start no value
 * at all (a stray '}', a comment without the flag, NaN without it) are
 * JB_E_SYNTAX. The message says what the type wants and shows what is
 * there: "expected an integer, found string "8080"". */
jb_status jb__dec_type_error(jb_reader *r, const jb_type *t) {
    char want[JB_NAMES_SHOWN + 32], got[JB_SHOW_MAX];
    bool value = jb__at_value(r);
    jb__dec_expected(t, want, sizeof want);
    jb__token_show(r->p, r->end, true, got, sizeof got);
    if (!value && r->p < r->end && (*r->p == 'N' || *r->p == 'I'))
        return jb__r_fail(r, JB_E_SYNTAX, r->p,
                          "expected %s, found %s (NaN and Infinity need JB_READ_ALLOW_NAN_INF)", want,
                          got);
    return jb__r_fail(r, value ? JB_E_TYPE : JB_E_SYNTAX, r->p, "expected %s, found %s", want, got);
}

jb_status jb__dec_expect(jb_reader *r, const char *what) {
    char buf[16];
    return jb__r_fail(r, JB_E_SYNTAX, r->p, "expected %s, found %s", what, jb__r_found(r, r->p, buf));
}

/* A closing byte was expected: ',' (more members or elements, valid JSON
 * of the wrong shape) is a type error, anything else a syntax error. */
jb_status jb__dec_close_fail(jb_reader *r, const char *what) {
    if (r->p < r->end && *r->p == ',')
        return jb__r_fail(r, JB_E_TYPE, r->p, "expected %s, found more", what);
    return jb__dec_expect(r, what);
}

jb_status jb__dec_nomem(jb_reader *r) {
    jb_status code = jb__arena_fail_code(r->arena);
    return jb__r_fail(r, code, r->p, "%s",
                      code == JB_E_LIMIT ? "allocation limit reached" : "out of memory");
}

JB_NOINLINE const jb_plan *jb__dec_plan_compile(jb_reader *r, const jb_type *t) {
    const jb_plan *pl;
    jb_status code = JB_OK;
    char msg[JB_ERROR_MESSAGE_MAX];
    pl = jb__plan_slow(t, &code, msg, sizeof msg);
    if (!pl) jb__r_fail(r, code, r->p, "%s", msg);
    return pl;
}

/* ------------------------------------------------------------------ */
/* Numbers                                                             */
/* ------------------------------------------------------------------ */

static const struct { int64_t lo; int64_t hi; uint64_t uhi; } int_range[] = {
    [JB_KIND_I8] = {INT8_MIN, INT8_MAX, 0},
    [JB_KIND_I16] = {INT16_MIN, INT16_MAX, 0},
    [JB_KIND_I32] = {INT32_MIN, INT32_MAX, 0},
    [JB_KIND_I64] = {INT64_MIN, INT64_MAX, 0},
    [JB_KIND_U8] = {0, 0, UINT8_MAX},
    [JB_KIND_U16] = {0, 0, UINT16_MAX},
    [JB_KIND_U32] = {0, 0, UINT32_MAX},
    [JB_KIND_U64] = {0, 0, UINT64_MAX},
};

/* "between -128 and 127": the range of integer kind k, in JSON terms. */
static const char *int_bounds(jb_kind k, char buf[64]) {
    if (k <= JB_KIND_I64)
        snprintf(buf, 64, "between %lld and %lld", (long long)int_range[k].lo, (long long)int_range[k].hi);
    else
        snprintf(buf, 64, "between 0 and %llu", (unsigned long long)int_range[k].uhi);
    return buf;
}

/* An integer target's failure at `at` (the token's start): out of range,
 * or a number that is not an integer. */
static JB_NOINLINE jb_status int_fail(jb_reader *r, jb_kind k, const char *at, jb_status st) {
    char got[JB_SHOW_MAX], range[64];
    jb__token_show(at, r->end, false, got, sizeof got);
    if (st == JB_E_RANGE)
        return jb__r_fail(r, JB_E_RANGE, at, "expected an integer %s, found %s", int_bounds(k, range), got);
    return jb__r_fail(r, JB_E_TYPE, at, "expected an integer, found %s", got);
}

JB_NOINLINE jb_status jb__dec_int_slow(jb_reader *r, const jb_type *t, void *out) {
    const char *at = r->p;
    jb_str tok;
    bool integral;
    int special = 0;
    if (JB_UNLIKELY(!jb__starts_number(r))) {
        /* "123" for an integer written as a string (JB_TYPE_AS_STRING, int64 strings) */
        if (r->p < r->end && *r->p == '"' &&
            jb__int_as_string(t, r->scope)) {
            if (jb__r_key(r, &tok)) return r->code;
            if ((r->scope & JB__SCOPE_INT64_MASK) && tok.len > 1 && tok.ptr[0] == '+' && tok.ptr[1] != '-') { /* "+5" (Fable) */
                tok.ptr++;
                tok.len--;
            }
            if (tok.len == 0 || jb__num_scan(tok.ptr, tok.ptr + tok.len, &integral, NULL) != tok.len) {
                char got[JB_SHOW_MAX];
                return jb__r_fail(r, JB_E_TYPE, at, "expected an integer in a string, found %s",
                                  jb__token_show(at, r->end, false, got, sizeof got));
            }
            goto parse;
        }
        return jb__dec_type_error(r, t);
    }
    if (jb__r_number(r, &tok, &integral, &special)) return r->code;
parse:;
    if (special) return jb__r_fail(r, JB_E_TYPE, at, "expected an integer, found %.*s", (int)tok.len, tok.ptr);
    bool intf = (r->scope & JB__SCOPE_INTEGRAL) != 0;
    jb_kind k = t->kind;
    jb_status st;
    if (k >= JB_KIND_I8 && k <= JB_KIND_I64) {
        int64_t v;
        st = jb__parse_i64(tok.ptr, tok.len, intf, &v);
        if (st == JB_OK && (v < int_range[k].lo || v > int_range[k].hi)) st = JB_E_RANGE;
        if (st == JB_OK) {
            switch (k) {
            case JB_KIND_I8: *(int8_t *)out = (int8_t)v; break;
            case JB_KIND_I16: *(int16_t *)out = (int16_t)v; break;
            case JB_KIND_I32: *(int32_t *)out = (int32_t)v; break;
            default: *(int64_t *)out = v; break;
            }
            return JB_OK;
        }
    } else {
        uint64_t v;
        st = jb__parse_u64(tok.ptr, tok.len, intf, &v);
        if (st == JB_OK && v > int_range[k].uhi) st = JB_E_RANGE;
        if (st == JB_OK) {
            switch (k) {
            case JB_KIND_U8: *(uint8_t *)out = (uint8_t)v; break;
            case JB_KIND_U16: *(uint16_t *)out = (uint16_t)v; break;
            case JB_KIND_U32: *(uint32_t *)out = (uint32_t)v; break;
            default: *(uint64_t *)out = v; break;
            }
            return JB_OK;
        }
    }
    return int_fail(r, k, at, st);
}

/*
 * The integers jb__dec_int does not take in line (decode.h). Still one
 * pass over the digits for the plain token (optional '-', 1..19 digits,
 * no leading zero, then a delimiter or the end), up to 8 digits per word
 * (jb__scan_uint19), which cannot overflow uint64 and needs no grammar
 * re-scan. Everything else (fractions, exponents, long numbers, strings,
 * errors, out of range) goes to jb__dec_int_slow, which reports errors
 * precisely.
 */
JB_NOINLINE jb_status jb__dec_int_general(jb_reader *r, const jb_type *t, void *out) {
    bool neg;
    uint64_t v = 0;
    size_t n = jb__scan_uint19(r->p, r->end, &neg, &v);
    const char *p = r->p + n;
    if (JB_UNLIKELY(n == 0 || (p < r->end && !jb__num_delim[(unsigned char)*p]) ||
                    n > r->max_number_len))
        return jb__dec_int_slow(r, t, out);
    if (t->kind <= JB_KIND_I64) {
        /* |v| fits int64 (-2^63 included); -(v - 1) - 1 avoids negating 2^63. */
        if (JB_UNLIKELY(v > (uint64_t)INT64_MAX + neg)) return jb__dec_int_slow(r, t, out);
        int64_t sv = !neg ? (int64_t)v : v ? -(int64_t)(v - 1) - 1 : 0;
        switch (t->kind) {
        case JB_KIND_I8:
            if (JB_UNLIKELY(sv < INT8_MIN || sv > INT8_MAX)) return jb__dec_int_slow(r, t, out);
            *(int8_t *)out = (int8_t)sv;
            break;
        case JB_KIND_I16:
            if (JB_UNLIKELY(sv < INT16_MIN || sv > INT16_MAX)) return jb__dec_int_slow(r, t, out);
            *(int16_t *)out = (int16_t)sv;
            break;
        case JB_KIND_I32:
            if (JB_UNLIKELY(sv < INT32_MIN || sv > INT32_MAX)) return jb__dec_int_slow(r, t, out);
            *(int32_t *)out = (int32_t)sv;
            break;
        default: *(int64_t *)out = sv; break;
        }
    } else {
        if (JB_UNLIKELY(neg && v != 0)) return jb__dec_int_slow(r, t, out);
        switch (t->kind) {
        case JB_KIND_U8:
            if (JB_UNLIKELY(v > UINT8_MAX)) return jb__dec_int_slow(r, t, out);
            *(uint8_t *)out = (uint8_t)v;
            break;
        case JB_KIND_U16:
            if (JB_UNLIKELY(v > UINT16_MAX)) return jb__dec_int_slow(r, t, out);
            *(uint16_t *)out = (uint16_t)v;
            break;
        case JB_KIND_U32:
            if (JB_UNLIKELY(v > UINT32_MAX)) return jb__dec_int_slow(r, t, out);
            *(uint32_t *)out = (uint32_t)v;
            break;
        default: *(uint64_t *)out = v; break;
        }
    }
    r->p = p;
    return JB_OK;
}

/* aeson's non-finite floats (JB_FMT_NONFINITE_AESON): null is NaN, the
 * strings "+inf" and "-inf" (after unescaping) are the infinities; *special
 * as jb__r_number sets it (1 NaN, 2 +inf, 3 -inf), 0 when it is neither. */
static jb_status dec_nonfinite_aeson(jb_reader *r, int *special) {
    const char *at = r->p;
    jb_str s;
    if (*r->p == 'n') {
        if (jb__r_literal(r, "null", 4)) return r->code;
        *special = 1;
        return JB_OK;
    }
    if (jb__r_key(r, &s)) return r->code;
    if (s.len == 4 && (memcmp(s.ptr, "+inf", 4) == 0 || memcmp(s.ptr, "-inf", 4) == 0)) {
        *special = s.ptr[0] == '+' ? 2 : 3;
        return JB_OK;
    }
    char got[JB_SHOW_MAX];
    return jb__r_fail(r, JB_E_TYPE, at, "expected a number, \"+inf\" or \"-inf\", found %s",
                      jb__token_show(at, r->end, true, got, sizeof got));
}

/* NaN (special 1), +inf (2) or -inf (3) into a float or double. */
static jb_status store_special(void *out, bool f32, int special) {
    double v = special == 1 ? NAN : special == 2 ? INFINITY : -INFINITY;
    if (f32) *(float *)out = (float)v;
    else *(double *)out = v;
    return JB_OK;
}

jb_status jb__dec_f64(jb_reader *r, double *out) {
    double d;
    jb_status st = JB_OK;
#if JB_NUM_SWAR
    size_t n = jb__scan_f64_straight(r->p, r->end, &d);
    if (JB_UNLIKELY(!n)) n = jb__scan_f64(r->p, r->end, &d, &st);
#else
    size_t n = jb__scan_f64(r->p, r->end, &d, &st);
#endif
    const char *e = r->p + n;
    if (JB_LIKELY(n && st == JB_OK && (e == r->end || jb__num_delim[(unsigned char)*e]) &&
                  n <= r->max_number_len)) {
        *out = d;
        r->p = e;
        return JB_OK;
    }
    return jb__dec_float_slow(r, &jb_f64, out);
}

JB_NOINLINE jb_status jb__dec_float_slow(jb_reader *r, const jb_type *t, void *out) {
    const char *at = r->p;
    jb_str tok = {NULL, 0};
    bool integral;
    int special = 0;
    bool f32 = t->kind == JB_KIND_F32;
    if (JB_UNLIKELY(!jb__starts_number(r))) {
        if (!(r->scope & JB__SCOPE_NONFINITE) || r->p >= r->end || (*r->p != 'n' && *r->p != '"'))
            return jb__dec_type_error(r, t);
        if (dec_nonfinite_aeson(r, &special)) return r->code;
    } else if (jb__r_number(r, &tok, &integral, &special)) {
        return r->code;
    }
    if (special) return store_special(out, f32, special);
    jb_status st = f32 ? jb__parse_f32(tok.ptr, tok.len, (float *)out)
                       : jb__parse_f64(tok.ptr, tok.len, (double *)out);
    if (JB_UNLIKELY(st)) {
        if (r->scope & JB__SCOPE_NONFINITE) { /* aeson: 1e400 is Infinity (toRealFloat) */
            return store_special(out, f32, tok.len && tok.ptr[0] == '-' ? 3 : 2);
        }
        /* the largest finite magnitudes, shortest round-trip digits */
        char got[JB_SHOW_MAX];
        const char *max = f32 ? "3.4028235e38" : "1.7976931348623157e308";
        return jb__r_fail(r, JB_E_RANGE, at, "expected a number between -%s and %s, found %s", max, max,
                          jb__token_show(at, r->end, false, got, sizeof got));
    }
    return JB_OK;
}

jb_status jb__dec_cstr(jb_reader *r, char **out) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return jb__dec_type_error(r, &jb_cstr);
    const char *at = r->p;
    jb_str s;
    bool nul = false;
    if (jb__r_string(r, &s, false, &nul)) return r->code;
    if (JB_UNLIKELY(nul)) {
        char got[JB_SHOW_MAX];
        return jb__r_fail(r, JB_E_TYPE, at,
                          "expected a string without \\u0000, found %s (a NUL-terminated field "
                          "cannot hold it; jb_str can)",
                          jb__token_show(at, r->end, false, got, sizeof got));
    }
    *out = jb__unconst(s.ptr); /* the arena copy, ours to hand out */
    return JB_OK;
}

jb_status jb__dec_str(jb_reader *r, jb_str *out) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return jb__dec_type_error(r, &jb_string);
    if (jb__r_string(r, out, (r->flags & JB_READ_BORROW_STRINGS) != 0, NULL)) return r->code;
    return JB_OK;
}

/* The one code point of the string s read at `at`, or a type error
 * naming what was there (aeson: "expected a string of length 1"). */
static jb_status one_char(jb_reader *r, const jb_str *s, const char *at, uint32_t *out) {
    uint32_t cp = 0;
    size_t n = s->len ? jb__utf8_decode((const unsigned char *)s->ptr, s->len, &cp) : 0;
    if (JB_LIKELY(n != 0 && n == s->len)) {
        *out = cp;
        return JB_OK;
    }
    if (s->len && n == 0) /* only with JB_READ_ALLOW_INVALID_UTF8: bytes that are no character */
        return jb__r_fail(r, JB_E_UTF8, at, "expected a string of one character, found invalid UTF-8");
    return jb__r_fail(r, JB_E_TYPE, at, "expected a string of one character, found %s",
                      s->len ? "a longer string" : "an empty string");
}

jb_status jb__dec_char(jb_reader *r, uint32_t *out) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return jb__dec_type_error(r, &jb_char);
    const char *at = r->p;
    jb_str s;
    if (jb__r_key(r, &s)) return r->code; /* no allocation: the input or the key buffer */
    return one_char(r, &s, at, out);
}

/* Copy [from, r->p) into the arena (or borrow it). */
jb_status jb__dec_keep_text(jb_reader *r, const char *from, jb_str *out) {
    size_t n = (size_t)(r->p - from);
    if (r->flags & JB_READ_BORROW_STRINGS) {
        out->ptr = from;
        out->len = n;
        return JB_OK;
    }
    char *d = jb__arena_alloc(r->arena, n + 1, 1);
    if (!d) return jb__dec_nomem(r);
    memcpy(d, from, n);
    d[n] = 0;
    out->ptr = d;
    out->len = n;
    return JB_OK;
}

JB_NOINLINE jb_status jb__dec_raw(jb_reader *r, jb_str *out) {
    const char *from = r->p;
    if (jb__r_skip(r)) return r->code;
    return jb__dec_keep_text(r, from, out);
}

JB_NOINLINE jb_status jb__dec_number_text(jb_reader *r, const jb_type *t, jb_str *out) {
    if (JB_UNLIKELY(!jb__starts_number(r))) return jb__dec_type_error(r, t);
    const char *from = r->p;
    jb_str tok;
    bool integral;
    int special = 0;
    if (jb__r_number(r, &tok, &integral, &special)) return r->code;
    if (special) return jb__r_fail(r, JB_E_TYPE, from, "expected a number, found %.*s", (int)tok.len, tok.ptr);
    return jb__dec_keep_text(r, from, out);
}

/* ------------------------------------------------------------------ */
/* Enums                                                               */
/* ------------------------------------------------------------------ */

/* The names of a plan's entries, quoted, for "expected one of" messages:
 * "admin", "user", "guest"; when they do not all fit, as many as fit and
 * the count: "c0", "c1", ... (5001 names). */
void jb__dec_list_names(const jb_plan *pl, char *buf, size_t cap) {
    char tail[48];
    size_t n = 0, tl;
    int w = snprintf(tail, sizeof tail, ", ... (%zu cases)", pl->n);
    tl = w > 0 ? (size_t)w : 0;
    buf[0] = 0;
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *e = &pl->e[i];
        /* room for this name and, unless it is the last, the tail */
        size_t need = (i ? 2 : 0) + e->name_len + 2 + (i + 1 < pl->n ? tl : 0);
        if (e->name_len > JB_SHOW_TEXT || n + need >= cap) {
            if (n + tl < cap) memcpy(buf + n, tail + (i ? 0 : 2), tl + 1 - (i ? 0 : 2));
            return;
        }
        n += (size_t)snprintf(buf + n, cap - n, "%s\"%s\"", i ? ", " : "", e->name);
    }
}

JB_NOINLINE jb_status jb__dec_unknown_name(jb_reader *r, const char *at, const jb_plan *pl, const char *what,
                              const jb_str *s) {
    char names[JB_NAMES_SHOWN], got[JB_SHOW_MAX], hint[JB_SUGGEST_MAX];
    (void)what;
    jb__dec_list_names(pl, names, sizeof names);
    jb__suggest(pl, s->ptr, s->len, hint, sizeof hint);
    return jb__r_fail(r, JB_E_UNKNOWN, at, "expected one of %s, found %s%s%s", names,
                      jb__token_show(at, r->end, false, got, sizeof got), hint[0] ? "; " : "", hint);
}

/*
 * Failure path: a required field `pe` of pl is missing from the object
 * at `open` (already read whole: the walk cannot fail). Its keys that
 * name no entry (nor the `ignore` key, an internal tag) are compared
 * with the field's name; the nearest within the distance jb__suggest
 * allows is written into buf as `; "nmae" is not a field: did you mean
 * "name"?`. The reader is left as it was.
 */
void jb__dec_misspelt(jb_reader *r, const jb_plan *pl, const jb_pentry *pe, const char *open,
                      const char *ignore, size_t ignore_len, char *buf, size_t cap) {
    const char *p = r->p, *best_at = NULL;
    uint32_t depth = r->depth;
    size_t k = jb__suggest_allowed(pe->name_len), best = k + 1, members = 0;
    buf[0] = '\0';
    r->p = open + 1;
    r->depth++; /* inside the object again */
    if (!jb__r_ws(r) && r->p < r->end && *r->p != '}') {
        for (;;) {
            const char *key_at = r->p;
            jb_str key;
            if (jb__dec_key_colon(r, &key)) break;
            bool other = ignore && key.len == ignore_len && memcmp(key.ptr, ignore, key.len) == 0;
            if (!other && jb__names_find(pl, key.ptr, key.len) < 0 && members++ < JB_SUGGEST_NAMES) {
                size_t d = jb__edit_distance(key.ptr, key.len, pe->name, pe->name_len, best - 1);
                if (d < best) {
                    best = d;
                    best_at = key_at;
                }
            }
            if (jb__r_skip(r) || jb__r_ws(r) || r->p >= r->end || *r->p != ',') break;
            r->p++;
            if (jb__r_ws(r)) break;
        }
    }
    if (best_at) {
        char got[JB_SHOW_MAX];
        jb__msgf(buf, cap, "; %s is not a field: did you mean \"%s\"?",
                 jb__token_show(best_at, r->end, false, got, sizeof got), pe->name);
    }
    r->code = JB_OK; /* the walk records nothing (an arena cap met by a key buffer) */
    r->p = p;
    r->depth = depth;
}

/* circe's {"Green":{}} form of an enum value. */
JB_NOINLINE static jb_status dec_enum_object(jb_reader *r, const jb_type *t, const jb_plan *pl,
                                             void *out) {
    if (jb__dec_enter(r)) return r->code;
    const char *at = r->p;
    jb_str s;
    if (r->p >= r->end || *r->p != '"') return jb__dec_expect(r, "a case name");
    if (jb__r_key(r, &s)) return r->code;
    long i = jb__names_find(pl, s.ptr, s.len);
    if (i < 0) return jb__dec_unknown_name(r, at, pl, "case", &s);
    if (jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != ':') return jb__dec_expect(r, "':'");
    r->p++;
    if (jb__r_ws(r) || jb__dec_no_payload(r, pl, &pl->e[i]) || jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != '}') return jb__dec_close_fail(r, "'}'");
    r->p++;
    r->depth--;
    jb__store_uint(out, t->size, pl->e[i].value);
    return JB_OK;
}

jb_status jb__dec_enum(jb_reader *r, const jb_type *t, void *out) {
    const jb_plan *pl = jb__dec_plan(r, t);
    if (!pl) return r->code;
    if (JB_UNLIKELY(r->p < r->end && *r->p == '{' && (pl->fmt_flags & JB_FMT_NULLARY_OBJECT)))
        return dec_enum_object(r, t, pl, out);
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return jb__dec_type_error(r, t);
    if (JB_UNLIKELY((pl->fmt_flags & (JB_FMT_NULLARY_OBJECT | JB_FMT_NULLARY_STRICT)) ==
                    (JB_FMT_NULLARY_OBJECT | JB_FMT_NULLARY_STRICT))) {
        char got[JB_SHOW_MAX];
        return jb__r_fail(r, JB_E_TYPE, r->p, "expected {\"Case\":{}} (a case of %s), found %s", t->name,
                          jb__token_show(r->p, r->end, true, got, sizeof got));
    }
    const char *at = r->p;
    jb_str s;
    if (jb__r_key(r, &s)) return r->code;
    long i = jb__names_find(pl, s.ptr, s.len);
    if (JB_UNLIKELY(i < 0)) return jb__dec_unknown_name(r, at, pl, "case", &s);
    jb__store_uint(out, t->size, pl->e[i].value);
    return JB_OK;
}

/* Read a key and its ':' at r->p, leaving r->p on the value. */
jb_status jb__dec_key_colon(jb_reader *r, jb_str *key) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return jb__dec_expect(r, "string key");
    if (jb__r_key(r, key)) return r->code;
    if (jb__r_ws(r)) return r->code;
    if (JB_UNLIKELY(r->p >= r->end || *r->p != ':')) return jb__dec_expect(r, "':'");
    r->p++;
    return jb__r_ws(r);
}

/*
 * Decode JSON text (a default value, a key's JSON text) with the current
 * reader's arena and flags, as if it stood at `at` in the document.
 */
jb_status jb__dec_text(jb_reader *r, const jb_type *t, const char *text, size_t len, void *out,
                          const char *at, const char *what) {
    jb_reader sub;
    jb_read_options o = {0};
    o.flags = r->flags & ~(uint32_t)JB_READ_ALLOW_TRAILING_DATA;
    o.max_depth = r->max_depth > r->depth ? r->max_depth - r->depth : 1;
    jb__r_init(&sub, text, len, r->arena, &o);
    sub.stack_floor = r->stack_floor;
    sub.scope = r->scope;
    jb_status st = jb__r_ws(&sub);
    if (!st && sub.p >= sub.end) st = jb__r_fail(&sub, JB_E_SYNTAX, sub.p, "empty");
    if (!st) st = jb__dec_nested(&sub, t, out);
    if (!st) st = jb__r_ws(&sub);
    if (!st && sub.p < sub.end) st = jb__r_fail(&sub, JB_E_TRAILING, sub.p, "trailing data");
    if (st) return jb__r_fail(r, sub.code, at, "%s: %s", what, sub.message);
    return JB_OK;
}

/* Parse a decimal integer key (strict JSON integer grammar) into k. */
static jb_status dec_int_key(jb_reader *r, const jb_type *k, const jb_str *s, const char *at,
                             void *dst) {
    bool integral = false;
    char got[JB_SHOW_MAX], range[64];
    if (s->len == 0 || jb__num_scan(s->ptr, s->ptr + s->len, &integral, NULL) != s->len || !integral)
        return jb__r_fail(r, JB_E_TYPE, at, "expected an integer key, found %s",
                          jb__token_show(at, r->end, false, got, sizeof got));
    jb_status st;
    if (k->kind >= JB_KIND_I8 && k->kind <= JB_KIND_I64) {
        int64_t v;
        st = jb__parse_i64(s->ptr, s->len, false, &v);
        if (!st && (v < int_range[k->kind].lo || v > int_range[k->kind].hi)) st = JB_E_RANGE;
        if (!st) jb__store_uint(dst, k->size, (uint64_t)v);
    } else {
        uint64_t v;
        st = jb__parse_u64(s->ptr, s->len, false, &v);
        if (!st && v > int_range[k->kind].uhi) st = JB_E_RANGE;
        if (!st) jb__store_uint(dst, k->size, v);
    }
    if (st)
        return jb__r_fail(r, JB_E_RANGE, at, "expected an integer key %s, found %s",
                          int_bounds(k->kind, range), jb__token_show(at, r->end, false, got, sizeof got));
    return JB_OK;
}

/* An object key at r->p decoded as the map's key type into dst. */
jb_status jb__dec_map_key(jb_reader *r, const jb_type *k, void *dst, jb_str *text) {
    const char *at = r->p;
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return jb__dec_expect(r, "string key");
    switch (k->kind) {
    case JB_KIND_CSTR:
        if (jb__dec_cstr(r, (char **)dst)) return r->code;
        text->ptr = *(char **)dst;
        text->len = strlen(text->ptr);
        return JB_OK;
    case JB_KIND_STR:
        if (jb__dec_str(r, (jb_str *)dst)) return r->code;
        *text = *(jb_str *)dst;
        return JB_OK;
    case JB_KIND_CHAR:
        if (jb__r_key(r, text)) return r->code;
        return one_char(r, text, at, (uint32_t *)dst);
    case JB_KIND_ENUM: {
        const jb_plan *pl = jb__dec_plan(r, k);
        if (!pl) return r->code;
        if (jb__r_key(r, text)) return r->code;
        long i = jb__names_find(pl, text->ptr, text->len);
        if (i < 0) return jb__dec_unknown_name(r, at, pl, "case", text);
        jb__store_uint(dst, k->size, pl->e[i].value);
        text->ptr = pl->e[i].name;
        return JB_OK;
    }
    default:
        if (jb__r_key(r, text)) return r->code;
        return dec_int_key(r, k, text, at, dst);
    }
}

/* An empty [] or {} at r->p (open is '[' or '{'; whitespace inside
 * allowed): 1 when it was one (consumed), 0 when not (r->p unmoved), -1
 * on an error (an unterminated comment). */
static int empty_container(jb_reader *r, char open) {
    const char *at = r->p;
    if (r->p >= r->end || *r->p != open) return 0;
    r->p++;
    if (jb__r_ws(r)) return -1;
    if (r->p < r->end && *r->p == (open == '[' ? ']' : '}')) {
        r->p++;
        return 1;
    }
    r->p = at;
    return 0;
}

/* A nullary case given a payload position: null, [] or {}; under
 * JB_FMT_NULLARY_STRICT only the form the format writes (aeson
 * ObjectWithSingleField: "expected an empty Array"). */
jb_status jb__dec_no_payload(jb_reader *r, const jb_plan *pl, const jb_pentry *c) {
    const char *at = r->p;
    bool strict = (pl->fmt_flags & JB_FMT_NULLARY_STRICT) != 0;
    const char *form = strict ? jb__nullary_form(pl) : NULL;
    /* the forms accepted: all three, or the one the format writes */
    bool arr = !strict || (form && form[0] == '['), obj = !strict || (form && form[0] == '{');
    bool nul = !strict || !form;
    int got = arr ? empty_container(r, '[') : 0;
    if (got == 0 && obj) got = empty_container(r, '{');
    if (got) return got < 0 ? r->code : JB_OK;
    if (nul && r->p < r->end && *r->p == 'n') return jb__r_literal(r, "null", 4);
    if (jb__r_skip(r)) return r->code;
    if (strict)
        return jb__r_fail(r, JB_E_TYPE, at, "case %s takes no payload: expected %s", c->name,
                          form ? form : "null");
    return jb__r_fail(r, JB_E_TYPE, at, "case %s takes no payload", c->name);
}

JB_NOINLINE jb_status jb__dec_custom(jb_reader *r, const jb_type *t, void *out) {
    const char *at = r->p;
    uint32_t depth = r->depth;
    jb_status st = t->custom->decode(r, out, t->custom->ctx);
    if (st) {
        if (!r->code) jb__r_fail(r, st, at, "custom decoder for %s failed", t->name);
        return r->code;
    }
    if (r->depth != depth)
        return jb__r_fail(r, JB_E_CUSTOM, at, "custom decoder for %s left an object or array open",
                          t->name);
    if (r->p == at)
        return jb__r_fail(r, JB_E_CUSTOM, at, "custom decoder for %s read no value", t->name);
    return JB_OK;
}

/* ------------------------------------------------------------------ */
/* Duplicate map keys                                                  */
/* ------------------------------------------------------------------ */

/* Are two decoded keys equal? */
static bool key_eq(const jb_type *k, const char *a, const char *b) {
    switch (k->kind) {
    case JB_KIND_CSTR: return strcmp(*(char *const *)a, *(char *const *)b) == 0;
    case JB_KIND_STR: {
        const jb_str *x = (const jb_str *)a, *y = (const jb_str *)b;
        return x->len == y->len && (x->len == 0 || memcmp(x->ptr, y->ptr, x->len) == 0);
    }
    default: return memcmp(a, b, k->size) == 0;
    }
}

static uint32_t key_hash(const jb_type *k, const char *a, uint64_t seed) {
    switch (k->kind) {
    case JB_KIND_CSTR: {
        const char *s = *(char *const *)a;
        return jb__hash_seeded(s, strlen(s), seed);
    }
    case JB_KIND_STR: {
        const jb_str *x = (const jb_str *)a;
        return jb__hash_seeded(x->ptr ? x->ptr : "", x->len, seed);
    }
    default: return jb__hash_seeded(a, k->size, seed);
    }
}

/* A per-call secret for the duplicate-key table: addresses (randomised by
 * ASLR) and a per-thread counter through a 64-bit mixer. Input cannot aim
 * keys at one slot without knowing it. */
static uint64_t dup_seed(const void *p) {
    static _Thread_local uint64_t counter;
    uint64_t x = (uint64_t)(uintptr_t)p ^ ((uint64_t)(uintptr_t)&counter << 21) ^ ++counter;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

jb_status jb__dec_map_sort(jb_reader *r, const jb_type *t, char *items, size_t n, size_t es) {
    const jb_type *k = t->key;
    if (!jb__key_orderable(k)) return JB_OK;
    const jb_plan *epl = NULL;
    if (k->kind == JB_KIND_ENUM && !(epl = jb__dec_plan(r, k))) return r->code;
    if (jb__keys_sorted(k, epl, items, n, es)) return JB_OK; /* the common case: no memory */
    size_t ib, eb;
    if (!jb__mul_ok(n, 2 * sizeof(size_t), &ib) || !jb__mul_ok(n, es, &eb)) return jb__dec_nomem(r);
    jb_scratch_mark sm = jb__scratch_mark(r->arena);
    size_t *idx = jb__scratch_push(r->arena, ib, _Alignof(size_t));
    char *sorted = idx ? jb__scratch_push(r->arena, eb, 16) : NULL;
    if (!sorted) {
        jb__scratch_release(r->arena, sm);
        return jb__dec_nomem(r);
    }
    for (size_t i = 0; i < n; i++) idx[i] = i;
    jb__keys_sort(k, epl, items, es, idx, idx + n, n);
    for (size_t i = 0; i < n; i++) memcpy(sorted + i * es, items + idx[i] * es, es);
    memcpy(items, sorted, eb);
    jb__scratch_release(r->arena, sm);
    return JB_OK;
}

/*
 * Failure path only: walk the map object at `at` again to the i-th key so
 * the error points at the duplicate key itself and names it in the path.
 */
static jb_status dup_key_fail(jb_reader *r, const char *at, size_t i) {
    const char *after = r->p; /* past the map: a decode that collects errors goes on there */
    r->p = at + 1;
    const char *key_at = at;
    jb_str key = {"", 0};
    for (size_t k = 0; k <= i; k++) {
        if (jb__r_ws(r)) break;
        key_at = r->p;
        if (jb__dec_key_colon(r, &key) || (k < i && (jb__r_skip(r) || jb__r_ws(r)))) break;
        if (k < i && r->p < r->end && *r->p == ',') r->p++;
    }
    r->code = JB_OK; /* the walk itself cannot fail on text that already parsed */
    jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%.*s%s\" in map",
               key.len > 40 ? 40 : (int)key.len, key.ptr, key.len > 40 ? "..." : "");
    jb__path_key(&r->path, key.ptr, key.len);
    r->p = after;
    return JB_E_DUPLICATE;
}

/*
 * Duplicate keys in a decoded map: an error (default), or with
 * JB_READ_DUPLICATE_LAST_WINS the last occurrence kept at the place of
 * the first, or with JB_READ_DUPLICATE_FIRST_WINS the first kept. Uses a
 * scratch hash table of entry indices. *n may shrink.
 */
jb_status jb__dec_map_dups(jb_reader *r, const jb_type *t, char *items, size_t *n, size_t es,
                          const char *at) {
    size_t cap = 8;
    while (cap < 2 * *n) cap <<= 1;
    jb_scratch_mark sm = jb__scratch_mark(r->arena);
    uint32_t *tab = jb__scratch_push(r->arena, cap * sizeof(uint32_t), 4);
    if (!tab) return jb__dec_nomem(r);
    memset(tab, 0, cap * sizeof(uint32_t));
    size_t out = 0;
    jb_status st = JB_OK;
    uint64_t seed = dup_seed(tab);
    for (size_t i = 0; i < *n; i++) {
        char *e = items + i * es;
        uint32_t h = key_hash(t->key, e, seed) & (uint32_t)(cap - 1);
        for (;;) {
            uint32_t s = tab[h];
            if (s == 0) {
                if (out != i) memcpy(items + out * es, e, es);
                tab[h] = (uint32_t)++out;
                break;
            }
            char *o = items + (s - 1) * es;
            if (key_eq(t->key, o, e)) {
                if (r->flags & JB_READ_DUPLICATE_FIRST_WINS) break; /* the first stays */
                if (!(r->flags & JB_READ_DUPLICATE_LAST_WINS)) {
                    if (*at == '{') {
                        st = dup_key_fail(r, at, i);
                    } else {
                        st = jb__r_fail(r, JB_E_DUPLICATE, at, "duplicate key in map (pair %zu)", i);
                        jb__path_index(&r->path, i);
                    }
                    goto done;
                }
                memcpy(o, e, es); /* last wins, at the first one's place */
                break;
            }
            h = (h + 1) & (uint32_t)(cap - 1);
        }
    }
    *n = out;
done:
    jb__scratch_release(r->arena, sm);
    return st;
}
