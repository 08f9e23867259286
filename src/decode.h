/* SPDX-License-Identifier: MIT */
/*
 * decode.h — what the decoder's files share: the engine (decode.c: frames
 * for containers, records, sums), the leaves (decode_leaf.c: scalars,
 * strings, enums, map keys, custom codecs) and the reader API for custom
 * codecs (decode_api.c).
 *
 * Conventions: a decoder is called with r->p on the first byte of a value
 * (whitespace already skipped) and returns with r->p just past it. The
 * output it fills is already zeroed by whoever owns it, so absent
 * optionals are NULL/false without extra work. A failure records the
 * first error in the reader (code, offset, message) and returns its code;
 * the path is collected while the engine unwinds its frames.
 */
#ifndef JB_DECODE_H
#define JB_DECODE_H

#include "arena.h"
#include "error.h"
#include "num.h"
#include "plan.h"
#include "read.h"

/* "object" / "array" for messages about a sum's or reader's wrapper. */
JB_HIDDEN extern const jb_type jb__an_object, jb__an_array, jb__a_pair;


/* ---- failures (decode_leaf.c) ---- */

/* "an integer", "an object", ... : what a value of t looks like in JSON. */
JB_HIDDEN const char *jb__dec_expected_name(const jb_type *t);
/* The same with what helps the reader, into buf: "an object for
 * server_conf", "an array of 3 elements", "one of "admin", "user"", "a
 * case of shape". Type names are the descriptors' (records, tuples,
 * sums); never a C scalar type's spelling. */
JB_HIDDEN void jb__dec_expected(const jb_type *t, char *buf, size_t cap);
/* A plan's names quoted and listed for a message: "a", "b", "c"; cut with
 * ", ... (N cases)" when they do not fit cap (JB_NAMES_SHOWN). */
#define JB_NAMES_SHOWN 120
JB_HIDDEN void jb__dec_list_names(const jb_plan *pl, char *buf, size_t cap);

/* A value of the wrong JSON type is JB_E_TYPE; bytes that start no value
 * at all are JB_E_SYNTAX. */
JB_HIDDEN jb_status jb__dec_type_error(jb_reader *r, const jb_type *t);
JB_HIDDEN jb_status jb__dec_expect(jb_reader *r, const char *what);
/* A closing byte was expected: ',' (more members or elements: valid JSON
 * of the wrong shape) is a type error, anything else a syntax error. */
JB_HIDDEN jb_status jb__dec_close_fail(jb_reader *r, const char *what);
/* The arena could not give memory: JB_E_NOMEM or, at the cap, JB_E_LIMIT. */
JB_HIDDEN jb_status jb__dec_nomem(jb_reader *r);
JB_HIDDEN jb_status jb__dec_unknown_name(jb_reader *r, const char *at, const jb_plan *pl,
                                         const char *what, const jb_str *s);
JB_HIDDEN const jb_plan *jb__dec_plan_compile(jb_reader *r, const jb_type *t);
/* Failure path: a key of the object at `open` that may be the missing
 * field pe misspelt, as a message tail into buf (empty when none). */
JB_HIDDEN void jb__dec_misspelt(jb_reader *r, const jb_plan *pl, const jb_pentry *pe, const char *open,
                                const char *ignore, size_t ignore_len, char *buf, size_t cap);

/* ---- leaves (decode_leaf.c) ---- */

JB_HIDDEN jb_status jb__dec_int_slow(jb_reader *r, const jb_type *t, void *out);
/* Every integer token jb__dec_int does not take in line (decode_leaf.c). */
JB_HIDDEN jb_status jb__dec_int_general(jb_reader *r, const jb_type *t, void *out);
JB_HIDDEN jb_status jb__dec_float_slow(jb_reader *r, const jb_type *t, void *out);
/* A double: the straight scan (numscan.h) inline, then every other form. */
JB_HIDDEN jb_status jb__dec_f64(jb_reader *r, double *out);
JB_HIDDEN jb_status jb__dec_cstr(jb_reader *r, char **out);
JB_HIDDEN jb_status jb__dec_str(jb_reader *r, jb_str *out);
/* A string of exactly one code point into *out (jb_char). */
JB_HIDDEN jb_status jb__dec_char(jb_reader *r, uint32_t *out);
JB_HIDDEN jb_status jb__dec_raw(jb_reader *r, jb_str *out);
JB_HIDDEN jb_status jb__dec_number_text(jb_reader *r, const jb_type *t, jb_str *out);
JB_HIDDEN jb_status jb__dec_enum(jb_reader *r, const jb_type *t, void *out);
JB_HIDDEN jb_status jb__dec_custom(jb_reader *r, const jb_type *t, void *out);
/* Copy [from, r->p) into the arena (or borrow it with JB_READ_BORROW_STRINGS). */
JB_HIDDEN jb_status jb__dec_keep_text(jb_reader *r, const char *from, jb_str *out);
/* A nullary case c of plan pl given a payload position: null, [] or {};
 * with JB_FMT_NULLARY_STRICT only the form pl's format writes. */
JB_HIDDEN jb_status jb__dec_no_payload(jb_reader *r, const jb_plan *pl, const jb_pentry *c);
/* Under JB_FMT_NULLARY_STRICT, the form a nullary case is written in
 * where a payload would stand: "[]", "{}" or NULL (the bare name). */
static inline const char *jb__nullary_form(const jb_plan *pl) {
    if (pl->fmt_flags & JB_FMT_NULLARY_ARRAY) return "[]";
    if (pl->fmt_flags & JB_FMT_NULLARY_OBJECT) return "{}";
    return NULL;
}
/* An object key at r->p decoded as the map key type k into dst; *text is
 * the key's text (for paths). */
JB_HIDDEN jb_status jb__dec_map_key(jb_reader *r, const jb_type *k, void *dst, jb_str *text);
/*
 * Duplicate keys among the n decoded entries (es bytes each) of a map of
 * type t whose text starts at `at`: an error (default), or with
 * JB_READ_DUPLICATE_LAST_WINS the last occurrence kept at the place of the
 * first, with _FIRST_WINS the first kept (*n may shrink). A seeded hash: input cannot aim keys at one slot.
 */
JB_HIDDEN jb_status jb__dec_map_dups(jb_reader *r, const jb_type *t, char *items, size_t *n, size_t es,
                                     const char *at);
/* The n decoded entries (es bytes each) of a map of type t sorted by key
 * (JB_FMT_SORTED_MAPS), stably; nothing for keys with no order. Scratch
 * memory only, released. */
JB_HIDDEN jb_status jb__dec_map_sort(jb_reader *r, const jb_type *t, char *items, size_t n, size_t es);
/* Read a key and its ':' at r->p, leaving r->p on the value. */
JB_HIDDEN jb_status jb__dec_key_colon(jb_reader *r, jb_str *key);
/* Decode JSON text (a default value, a key's JSON text) with r's arena
 * and flags, as if it stood at `at` in the document; errors are prefixed
 * with `what`. */
JB_HIDDEN jb_status jb__dec_text(jb_reader *r, const jb_type *t, const char *text, size_t len, void *out,
                                 const char *at, const char *what);

/* ---- the engine (decode.c) ---- */

/* The n elements of es bytes pushed on the scratch stack since sm, moved
 * into one arena block of alignment ea, stored as {items, len} at out; the
 * scratch is released either way. */
JB_HIDDEN jb_status jb__dec_collect(jb_reader *r, jb_scratch_mark sm, size_t n, size_t es, size_t ea, void *out);

/* Decode one value of type t at r->p into out (zeroed). Iterative: the
 * nesting lives in frames on the arena's scratch stack, not on the C
 * stack. A call from inside a running decode (a custom codec's
 * jb_read_value, a key's JSON text) starts a nested run; such re-entry is
 * the only C recursion, and it checks the thread's stack floor. */
JB_HIDDEN jb_status jb__dec_run(jb_reader *r, const jb_type *t, void *out);
JB_HIDDEN jb_status jb__dec_nested(jb_reader *r, const jb_type *t, void *out);

/* The value part of jb_decode, for entry points that frame documents
 * themselves (jb_decode_prefix, streams): with r set up over the text,
 * compile the plan (or validate the descriptor), skip whitespace and
 * decode one value of type into out (zeroed), leaving r->p just past it.
 * Nothing after the value is read. On failure the error is in r; the
 * caller rolls its arena back and zeroes out. */
JB_HIDDEN jb_status jb__decode_value(jb_reader *r, const jb_type *type, void *out);
/* The interpreter's run of a whole document, the arguments checked and out
 * zeroed (decode.c): jb_decode's and jb__gen_decode's hand-over. */
JB_HIDDEN jb_status jb__decode_interp(const jb_type *type, const char *json, size_t len, void *out,
                                      jb_arena *arena, const jb_read_options *opts, size_t *consumed,
                                      jb_error *err);

/* ---- small inline helpers ---- */

/* Can byte c start a JSON value (in the strict grammar)? */
static inline bool jb__starts_value(int c) {
    switch (c) {
    case '"': case '{': case '[': case 't': case 'f': case 'n': case '-':
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return true;
    default:
        return false;
    }
}

/* Does r->p start a JSON value (a word only when it is a literal, whole:
 * `nul` is a syntax error, not a value of the wrong type)? Failure paths. */
static inline bool jb__at_value(const jb_reader *r) {
    if (r->p >= r->end || !jb__starts_value((unsigned char)*r->p)) return false;
    return !(*r->p == 't' || *r->p == 'f' || *r->p == 'n') || jb__token_literal(r->p, r->end);
}

static inline bool jb__starts_number(const jb_reader *r) {
    if (r->p >= r->end) return false;
    char c = *r->p;
    if (c == '-' || (c >= '0' && c <= '9')) return true;
    return (r->flags & JB_READ_ALLOW_NAN_INF) && (c == 'N' || c == 'I');
}

/* Enter '{' or '[' at r->p: depth check, consume, skip whitespace. */
static inline jb_status jb__dec_enter(jb_reader *r) {
    if (JB_UNLIKELY(r->depth >= r->max_depth))
        return jb__r_fail(r, JB_E_DEPTH, r->p, "nesting deeper than %u", (unsigned)r->max_depth);
    r->depth++;
    r->p++;
    return jb__r_ws(r);
}

/*
 * After an element or member: skip whitespace, then ',' (returns 1: more
 * follow) or the closing byte (returns 0, consumed). Trailing commas with
 * the flag. Negative: error recorded.
 */
static inline int jb__dec_next(jb_reader *r, char close) {
    if (jb__r_ws(r)) return -1;
    if (JB_LIKELY(r->p < r->end)) {
        char c = *r->p;
        if (c == ',') {
            r->p++;
            if (jb__r_ws(r)) return -1;
            if ((r->flags & JB_READ_ALLOW_TRAILING_COMMAS) && r->p < r->end && *r->p == close) {
                r->p++;
                r->depth--;
                return 0;
            }
            return 1;
        }
        if (c == close) {
            r->p++;
            r->depth--;
            return 0;
        }
    }
    jb__dec_expect(r, close == '}' ? "',' or '}'" : "',' or ']'");
    return -1;
}

/* After '{' or '[' and whitespace: the empty container's close (consumed:
 * returns 0) or the first member (1). */
static inline int jb__dec_first(jb_reader *r, char close) {
    if (r->p < r->end && *r->p == close) {
        r->p++;
        r->depth--;
        return 0;
    }
    return 1;
}

static inline const jb_plan *jb__dec_plan(jb_reader *r, const jb_type *t) {
    const jb_plan *pl = jb__plan_get(t);
    if (JB_LIKELY(pl != NULL)) return pl;
    return jb__dec_plan_compile(r, t);
}

static inline jb_status jb__dec_members_limit(jb_reader *r, size_t n) {
    if (JB_UNLIKELY(r->max_members && n > r->max_members))
        return jb__r_fail(r, JB_E_LIMIT, r->p, "more than %zu members or elements", r->max_members);
    return JB_OK;
}

/* Where an element of t goes in a scratch or arena block. */
static inline size_t jb__dec_align(const jb_type *t) {
    size_t a = t->align ? t->align : 8;
    return a > 16 ? 16 : a;
}

/* Bytes that may follow a literal: whitespace , ] }. */
static inline bool jb__lit_end(const jb_reader *r, const char *e) {
    if (e == r->end) return true;
    unsigned char c = (unsigned char)*e;
    return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

static inline jb_status jb__dec_bool(jb_reader *r, bool *out) {
    /* the common case in one word compare: "true" or "fals"+"e", then a delimiter */
    if (JB_LIKELY(r->end - r->p >= 5)) {
        uint32_t w = jb__load32(r->p);
        if (w == jb__load32("true") && jb__lit_end(r, r->p + 4)) {
            *out = true;
            r->p += 4;
            return JB_OK;
        }
        if (w == jb__load32("fals") && r->p[4] == 'e' && jb__lit_end(r, r->p + 5)) {
            *out = false;
            r->p += 5;
            return JB_OK;
        }
    }
    if (r->p < r->end && *r->p == 't') {
        if (jb__r_literal(r, "true", 4)) return r->code;
        *out = true;
        return JB_OK;
    }
    if (r->p < r->end && *r->p == 'f') {
        if (jb__r_literal(r, "false", 5)) return r->code;
        *out = false;
        return JB_OK;
    }
    return jb__dec_type_error(r, &jb_bool);
}

/* Store v (|v| < 10^16, negated when neg) as the integer kind k: false
 * when it is out of k's range (the general path then reports it). "-0"
 * is 0 for every kind. */
static inline bool jb__dec_int_store(jb_kind k, bool neg, uint64_t v, void *out) {
    int64_t sv = neg ? -(int64_t)v : (int64_t)v;
    switch (k) {
    case JB_KIND_I8:
        if (sv < INT8_MIN || sv > INT8_MAX) return false;
        *(int8_t *)out = (int8_t)sv;
        return true;
    case JB_KIND_I16:
        if (sv < INT16_MIN || sv > INT16_MAX) return false;
        *(int16_t *)out = (int16_t)sv;
        return true;
    case JB_KIND_I32:
        if (sv < INT32_MIN || sv > INT32_MAX) return false;
        *(int32_t *)out = (int32_t)sv;
        return true;
    case JB_KIND_I64: *(int64_t *)out = sv; return true;
    default: break;
    }
    if (neg && v) return false;
    switch (k) {
    case JB_KIND_U8:
        if (v > UINT8_MAX) return false;
        *(uint8_t *)out = (uint8_t)v;
        return true;
    case JB_KIND_U16:
        if (v > UINT16_MAX) return false;
        *(uint16_t *)out = (uint16_t)v;
        return true;
    case JB_KIND_U32:
        if (v > UINT32_MAX) return false;
        *(uint32_t *)out = (uint32_t)v;
        return true;
    default: *(uint64_t *)out = v; return true;
    }
}

/*
 * Integers. The common token in line: optional '-', 1 to 15 digits
 * without a leading zero, then a delimiter, read as at most two words
 * with no loop (the first 8 digits' value times 10^k plus the next k's,
 * k < 8; so the second word always ends in a non-digit), with 17 bytes
 * of input ahead so both loads and the byte after the digits are in it.
 * Nothing else is read or written on the way, so every other token (a
 * 16th digit, a fraction, a string, an error, out of range, near the end
 * of the input) goes to jb__dec_int_general as it came, which takes the
 * same tokens to the same values.
 */
JB_INLINE jb_status jb__dec_int(jb_reader *r, const jb_type *t, void *out) {
#if JB_NUM_SWAR
    const char *p = r->p;
    if (JB_LIKELY(r->end - p >= 17)) {
        bool neg = *p == '-';
        const char *s = p + neg;
        uint64_t w = jb__load64(s) - JB_ZEROS8, v;
        unsigned k = jb__digit_count8(w);
        if (k < 8) {
            if (k == 1)
                v = w & 0xF; /* one digit (counts, flags) is its own value */
            else if (k == 0 || (w & 0xFF) == 0)
                goto general;
            else
                v = jb__digits_first(w, k);
        } else {
            uint64_t w2 = jb__load64(s + 8) - JB_ZEROS8;
            unsigned k2 = jb__digit_count8(w2);
            if (k2 == 8 || (w & 0xFF) == 0) goto general;
            v = jb__digits8(w);
            if (k2 == 1)
                v = v * 10 + (w2 & 0xF); /* 9 digits: ids */
            else if (k2)
                v = v * jb__pow10_u32[k2] + jb__digits_first(w2, k2);
            k += k2;
        }
        if (JB_LIKELY(jb__num_delim[(unsigned char)s[k]] && neg + k <= r->max_number_len &&
                      jb__dec_int_store(t->kind, neg, v, out))) {
            r->p = s + k;
            return JB_OK;
        }
    }
general:
#endif
    return jb__dec_int_general(r, t, out);
}

/* Doubles: jb__dec_f64, out of line (inlined here, its straight scan made
 * the interpreter's leaf switch heavier for every value); floats, NaN
 * flags and errors: the general path. */
static inline jb_status jb__dec_float(jb_reader *r, const jb_type *t, void *out) {
    if (t->kind == JB_KIND_F64) return jb__dec_f64(r, (double *)out);
    return jb__dec_float_slow(r, t, out);
}

#endif
