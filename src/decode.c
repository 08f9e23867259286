/*
 * decode.c — the decoder engine: reads JSON tokens with the scanner
 * (read.c) and fills the C value through the descriptor's plan. No tree in
 * between; every allocation comes from the caller's arena. One small
 * static function per kind. Also the jb_read_* API for custom codecs.
 *
 * Conventions: dec_value is called with r->p on the first byte of a value
 * (whitespace already skipped) and returns with r->p just past it. The
 * output it fills is already zeroed by whoever owns it (jb_decode zeroes
 * the root, containers zero each element), so absent optionals are
 * NULL/false without extra work.
 *
 * Failure: the first error is recorded in the reader (code, offset,
 * message); each level appends its path segment while unwinding; jb_decode
 * then fills jb_error, rolls the arena back and zeroes the output.
 */
#include <math.h>

#include "arena.h"
#include "error.h"
#include "num.h"
#include "plan.h"
#include "read.h"
#include "value.h"

static jb_status dec_value(jb_reader *r, const jb_type *t, void *out);
static jb_status dec_no_payload(jb_reader *r, const jb_pentry *c);

/* ------------------------------------------------------------------ */
/* Small helpers                                                       */
/* ------------------------------------------------------------------ */

static const char *expected_name(const jb_type *t) {
    switch (t->kind) {
    case JB_KIND_BOOL: return "true or false";
    case JB_KIND_I8: case JB_KIND_I16: case JB_KIND_I32: case JB_KIND_I64:
    case JB_KIND_U8: case JB_KIND_U16: case JB_KIND_U32: case JB_KIND_U64: return "integer";
    case JB_KIND_F32: case JB_KIND_F64: case JB_KIND_NUMBER: return "number";
    case JB_KIND_CSTR: case JB_KIND_STR: case JB_KIND_ENUM: return "string";
    case JB_KIND_RECORD: return "object";
    case JB_KIND_MAP: return jb__key_is_stringlike(t->key) ? "object" : "array";
    case JB_KIND_TUPLE: case JB_KIND_ARRAY: case JB_KIND_VEC: return "array";
    default: return "value";
    }
}

static const jb_type an_object = {.kind = JB_KIND_RECORD, .name = "object"};
static const jb_type an_array = {.kind = JB_KIND_TUPLE, .name = "array"};

/* Can byte c start a JSON value (in the strict grammar)? */
static bool starts_value(int c) {
    switch (c) {
    case '"': case '{': case '[': case 't': case 'f': case 'n': case '-':
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return true;
    default:
        return false;
    }
}

/* A value of the wrong JSON type is JB_E_TYPE; bytes that start no value
 * at all (a stray '}', a comment without the flag, NaN without it) are
 * JB_E_SYNTAX. */
static jb_status type_error(jb_reader *r, const jb_type *t) {
    char buf[16];
    bool value = r->p < r->end && starts_value((unsigned char)*r->p);
    if (!value && r->p < r->end && (*r->p == 'N' || *r->p == 'I'))
        return jb__r_fail(r, JB_E_SYNTAX, r->p,
                          "expected %s, found %s (NaN and Infinity need JB_READ_ALLOW_NAN_INF)",
                          expected_name(t), jb__r_found(r, r->p, buf));
    return jb__r_fail(r, value ? JB_E_TYPE : JB_E_SYNTAX, r->p, "expected %s, found %s",
                      expected_name(t), jb__r_found(r, r->p, buf));
}

static jb_status expect_char_fail(jb_reader *r, const char *what) {
    char buf[16];
    return jb__r_fail(r, JB_E_SYNTAX, r->p, "expected %s, found %s", what, jb__r_found(r, r->p, buf));
}

/* A closing byte was expected: ',' (more members or elements, valid JSON
 * of the wrong shape) is a type error, anything else a syntax error. */
static jb_status close_fail(jb_reader *r, const char *what) {
    if (r->p < r->end && *r->p == ',')
        return jb__r_fail(r, JB_E_TYPE, r->p, "expected %s, found more", what);
    return expect_char_fail(r, what);
}

static jb_status nomem(jb_reader *r) {
    jb_status code = jb__arena_fail_code(r->arena);
    return jb__r_fail(r, code, r->p, "%s",
                      code == JB_E_LIMIT ? "allocation limit reached" : "out of memory");
}

/* Enter '{' or '[' at r->p: depth check, consume, skip whitespace. */
static jb_status enter(jb_reader *r) {
    if (JB_UNLIKELY(r->depth >= r->max_depth))
        return jb__r_fail(r, JB_E_DEPTH, r->p, "nesting deeper than %u", (unsigned)r->max_depth);
    if (JB_UNLIKELY(jb__stack_low(r->stack_floor)))
        return jb__r_fail(r, JB_E_DEPTH, r->p,
                          "nesting too deep for this thread's stack (at depth %u)", (unsigned)r->depth);
    r->depth++;
    r->p++;
    return jb__r_ws(r);
}

/*
 * After an element or member: skip whitespace, then ',' (returns 1: more
 * follow) or the closing byte (returns 0, consumed). Trailing commas with
 * the flag. Negative: error recorded.
 */
static int next_or_close(jb_reader *r, char close) {
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
    expect_char_fail(r, close == '}' ? "',' or '}'" : "',' or ']'");
    return -1;
}

static inline size_t elem_align(const jb_type *t) {
    size_t a = t->align ? t->align : 8;
    return a > 16 ? 16 : a;
}

static JB_NOINLINE const jb_plan *plan_compile(jb_reader *r, const jb_type *t) {
    const jb_plan *pl;
    jb_status code = JB_OK;
    char msg[JB_ERROR_MESSAGE_MAX];
    pl = jb__plan_slow(t, &code, msg, sizeof msg);
    if (!pl) jb__r_fail(r, code, r->p, "%s", msg);
    return pl;
}

static inline const jb_plan *plan_of(jb_reader *r, const jb_type *t) {
    const jb_plan *pl = jb__plan_get(t);
    if (JB_LIKELY(pl != NULL)) return pl;
    return plan_compile(r, t);
}

static jb_status members_limit(jb_reader *r, size_t n) {
    if (JB_UNLIKELY(r->max_members && n > r->max_members))
        return jb__r_fail(r, JB_E_LIMIT, r->p, "more than %zu members or elements", r->max_members);
    return JB_OK;
}

/* ------------------------------------------------------------------ */
/* Scalars                                                             */
/* ------------------------------------------------------------------ */

/* Bytes that may follow a literal: whitespace , ] } (and '/' for comments). */
static inline bool lit_end(const jb_reader *r, const char *e) {
    if (e == r->end) return true;
    unsigned char c = (unsigned char)*e;
    return c == ',' || c == ']' || c == '}' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

static jb_status dec_bool(jb_reader *r, bool *out) {
    /* the common case in one word compare: "true" or "fals"+"e", then a delimiter */
    if (JB_LIKELY(r->end - r->p >= 5)) {
        uint32_t w = jb__load32(r->p);
        if (w == jb__load32("true") && lit_end(r, r->p + 4)) {
            *out = true;
            r->p += 4;
            return JB_OK;
        }
        if (w == jb__load32("fals") && r->p[4] == 'e' && lit_end(r, r->p + 5)) {
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
    return type_error(r, &jb_bool);
}

static bool starts_number(const jb_reader *r) {
    if (r->p >= r->end) return false;
    char c = *r->p;
    if (c == '-' || (c >= '0' && c <= '9')) return true;
    return (r->flags & JB_READ_ALLOW_NAN_INF) && (c == 'N' || c == 'I');
}

static const struct { int64_t lo; int64_t hi; uint64_t uhi; const char *name; } int_range[] = {
    [JB_KIND_I8] = {INT8_MIN, INT8_MAX, 0, "int8_t"},
    [JB_KIND_I16] = {INT16_MIN, INT16_MAX, 0, "int16_t"},
    [JB_KIND_I32] = {INT32_MIN, INT32_MAX, 0, "int32_t"},
    [JB_KIND_I64] = {INT64_MIN, INT64_MAX, 0, "int64_t"},
    [JB_KIND_U8] = {0, 0, UINT8_MAX, "uint8_t"},
    [JB_KIND_U16] = {0, 0, UINT16_MAX, "uint16_t"},
    [JB_KIND_U32] = {0, 0, UINT32_MAX, "uint32_t"},
    [JB_KIND_U64] = {0, 0, UINT64_MAX, "uint64_t"},
};

static jb_status dec_int_slow(jb_reader *r, const jb_type *t, void *out);

/* Bytes that may follow a number: whitespace , ] } (a 256-entry table). */
static const bool num_delim[256] = {[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1,
                                    [','] = 1, [']'] = 1, ['}'] = 1};

/*
 * Integers: one pass over the digits for the common case (optional '-',
 * 1..18 digits, no leading zero, then a delimiter or the end), which
 * cannot overflow uint64 and needs no grammar re-scan. Everything else
 * (fractions, exponents, long numbers, strings, errors) goes to the
 * general path, which reports errors precisely.
 */
static inline jb_status dec_int(jb_reader *r, const jb_type *t, void *out) {
    const char *p = r->p, *end = r->end;
    bool neg = false;
    if (p < end && *p == '-') {
        neg = true;
        p++;
    }
    const char *d0 = p;
    uint64_t v = 0;
    while (p < end && (unsigned char)(*p - '0') < 10 && p - d0 < 19) {
        v = v * 10 + (uint64_t)(*p - '0');
        p++;
    }
    size_t nd = (size_t)(p - d0);
    if (JB_UNLIKELY(nd == 0 || nd > 18 || (*d0 == '0' && nd > 1) ||
                    (p < end && !num_delim[(unsigned char)*p]) ||
                    (size_t)(p - r->p) > r->max_number_len))
        return dec_int_slow(r, t, out);
    jb_kind k = t->kind;
    if (k >= JB_KIND_I8 && k <= JB_KIND_I64) {
        int64_t sv = neg ? -(int64_t)v : (int64_t)v;
        if (JB_UNLIKELY(sv < int_range[k].lo || sv > int_range[k].hi)) return dec_int_slow(r, t, out);
        switch (k) {
        case JB_KIND_I8: *(int8_t *)out = (int8_t)sv; break;
        case JB_KIND_I16: *(int16_t *)out = (int16_t)sv; break;
        case JB_KIND_I32: *(int32_t *)out = (int32_t)sv; break;
        default: *(int64_t *)out = sv; break;
        }
    } else {
        if (JB_UNLIKELY((neg && v != 0) || v > int_range[k].uhi)) return dec_int_slow(r, t, out);
        switch (k) {
        case JB_KIND_U8: *(uint8_t *)out = (uint8_t)v; break;
        case JB_KIND_U16: *(uint16_t *)out = (uint16_t)v; break;
        case JB_KIND_U32: *(uint32_t *)out = (uint32_t)v; break;
        default: *(uint64_t *)out = v; break;
        }
    }
    r->p = p;
    return JB_OK;
}

JB_NOINLINE static jb_status dec_int_slow(jb_reader *r, const jb_type *t, void *out) {
    const char *at = r->p;
    jb_str tok;
    bool integral;
    int special = 0;
    if (JB_UNLIKELY(!starts_number(r))) {
        /* "123" for an integer written as a string (JB_TYPE_AS_STRING, int64 strings) */
        if (r->p < r->end && *r->p == '"' &&
            ((t->flags & JB_TYPE_AS_STRING) ||
             (r->int64_string && (t->kind == JB_KIND_I64 || t->kind == JB_KIND_U64)))) {
            if (jb__r_key(r, &tok)) return r->code;
            if (r->int64_string && tok.len > 1 && tok.ptr[0] == '+' && tok.ptr[1] != '-') { /* "+5" (Fable) */
                tok.ptr++;
                tok.len--;
            }
            if (tok.len == 0 || jb__num_scan(tok.ptr, tok.ptr + tok.len, &integral, NULL) != tok.len)
                return jb__r_fail(r, JB_E_TYPE, at, "expected an integer in a string, found \"%.*s\"",
                                  tok.len > 40 ? 40 : (int)tok.len, tok.ptr);
            goto parse;
        }
        return type_error(r, t);
    }
    if (jb__r_number(r, &tok, &integral, &special)) return r->code;
parse:;
    if (special) return jb__r_fail(r, JB_E_TYPE, at, "expected integer, found %.*s", (int)tok.len, tok.ptr);
    bool intf = (r->flags & JB_READ_INTEGRAL_FLOATS) != 0;
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
    int shown = tok.len > 40 ? 40 : (int)tok.len;
    const char *dots = tok.len > 40 ? "..." : "";
    if (st == JB_E_RANGE)
        return jb__r_fail(r, JB_E_RANGE, at, "%.*s%s does not fit %s", shown, tok.ptr, dots,
                          int_range[k].name);
    return jb__r_fail(r, JB_E_TYPE, at, "expected integer, found %.*s%s", shown, tok.ptr, dots);
}

static jb_status dec_float_slow(jb_reader *r, const jb_type *t, void *out);

/* Doubles: one pass over the token when it is plain and followed by a
 * delimiter; anything else (floats, NaN flags, errors) takes the general path. */
static inline jb_status dec_float(jb_reader *r, const jb_type *t, void *out) {
    if (t->kind == JB_KIND_F64) {
        double d;
        jb_status st;
        size_t n = jb__scan_f64(r->p, r->end, &d, &st);
        const char *e = r->p + n;
        if (JB_LIKELY(n && st == JB_OK && (e == r->end || num_delim[(unsigned char)*e]) &&
                      n <= r->max_number_len)) {
            *(double *)out = d;
            r->p = e;
            return JB_OK;
        }
    }
    return dec_float_slow(r, t, out);
}

JB_NOINLINE static jb_status dec_float_slow(jb_reader *r, const jb_type *t, void *out) {
    if (JB_UNLIKELY(!starts_number(r))) return type_error(r, t);
    const char *at = r->p;
    jb_str tok;
    bool integral;
    int special = 0;
    if (jb__r_number(r, &tok, &integral, &special)) return r->code;
    bool f32 = t->kind == JB_KIND_F32;
    if (special) {
        double v = special == 1 ? NAN : special == 2 ? INFINITY : -INFINITY;
        if (f32) *(float *)out = (float)v;
        else *(double *)out = v;
        return JB_OK;
    }
    jb_status st = f32 ? jb__parse_f32(tok.ptr, tok.len, (float *)out)
                       : jb__parse_f64(tok.ptr, tok.len, (double *)out);
    if (JB_UNLIKELY(st)) {
        int shown = tok.len > 40 ? 40 : (int)tok.len;
        return jb__r_fail(r, JB_E_RANGE, at, "%.*s%s is out of range for %s", shown, tok.ptr,
                          tok.len > 40 ? "..." : "", f32 ? "float" : "double");
    }
    return JB_OK;
}

static jb_status dec_cstr(jb_reader *r, char **out) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return type_error(r, &jb_cstr);
    const char *at = r->p;
    jb_str s;
    bool nul = false;
    if (jb__r_string(r, &s, false, &nul)) return r->code;
    if (JB_UNLIKELY(nul))
        return jb__r_fail(r, JB_E_TYPE, at, "a char * string cannot hold \\u0000 (use jb_str)");
    *out = (char *)s.ptr;
    return JB_OK;
}

static jb_status dec_str(jb_reader *r, jb_str *out) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return type_error(r, &jb_string);
    if (jb__r_string(r, out, (r->flags & JB_READ_BORROW_STRINGS) != 0, NULL)) return r->code;
    return JB_OK;
}

/* Copy [from, r->p) into the arena (or borrow it). */
static jb_status keep_text(jb_reader *r, const char *from, jb_str *out) {
    size_t n = (size_t)(r->p - from);
    if (r->flags & JB_READ_BORROW_STRINGS) {
        out->ptr = from;
        out->len = n;
        return JB_OK;
    }
    char *d = jb__arena_alloc(r->arena, n + 1, 1);
    if (!d) return nomem(r);
    memcpy(d, from, n);
    d[n] = 0;
    out->ptr = d;
    out->len = n;
    return JB_OK;
}

JB_NOINLINE static jb_status dec_raw(jb_reader *r, jb_str *out) {
    const char *from = r->p;
    if (jb__r_skip(r)) return r->code;
    return keep_text(r, from, out);
}

JB_NOINLINE static jb_status dec_number_text(jb_reader *r, const jb_type *t, jb_str *out) {
    if (JB_UNLIKELY(!starts_number(r))) return type_error(r, t);
    const char *from = r->p;
    jb_str tok;
    bool integral;
    int special = 0;
    if (jb__r_number(r, &tok, &integral, &special)) return r->code;
    if (special) return jb__r_fail(r, JB_E_TYPE, from, "expected number, found a non-finite literal");
    return keep_text(r, from, out);
}

/* ------------------------------------------------------------------ */
/* Enums                                                               */
/* ------------------------------------------------------------------ */

/* The names of a plan's entries, for "expected one of" messages. */
static void list_names(const jb_plan *pl, char *buf, size_t cap) {
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < pl->n; i++) {
        int w = snprintf(buf + n, cap - n, "%s%s", i ? ", " : "", pl->e[i].name);
        if (w < 0 || (size_t)w >= cap - n) {
            /* does not fit: end with a visible "..." */
            if (cap > 4) memcpy(buf + (n + 4 < cap ? n : cap - 4), "...", 4);
            return;
        }
        n += (size_t)w;
    }
}

JB_NOINLINE static jb_status unknown_name(jb_reader *r, const char *at, const jb_plan *pl, const char *what,
                              const jb_str *s) {
    char names[120];
    list_names(pl, names, sizeof names);
    int shown = s->len > 40 ? 40 : (int)s->len;
    return jb__r_fail(r, JB_E_UNKNOWN, at, "unknown %s \"%.*s%s\" of %s; expected one of %s", what,
                      shown, s->ptr, s->len > 40 ? "..." : "", pl->type->name, names);
}

/* circe's {"Green":{}} form of an enum value. */
JB_NOINLINE static jb_status dec_enum_object(jb_reader *r, const jb_type *t, const jb_plan *pl,
                                             void *out) {
    if (enter(r)) return r->code;
    const char *at = r->p;
    jb_str s;
    if (r->p >= r->end || *r->p != '"') return expect_char_fail(r, "a case name");
    if (jb__r_key(r, &s)) return r->code;
    long i = jb__names_find(pl, s.ptr, s.len);
    if (i < 0) return unknown_name(r, at, pl, "case", &s);
    if (jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != ':') return expect_char_fail(r, "':'");
    r->p++;
    if (jb__r_ws(r) || dec_no_payload(r, &pl->e[i]) || jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != '}') return close_fail(r, "'}'");
    r->p++;
    r->depth--;
    jb__store_uint(out, t->size, pl->e[i].value);
    return JB_OK;
}

static jb_status dec_enum(jb_reader *r, const jb_type *t, void *out) {
    const jb_plan *pl = plan_of(r, t);
    if (!pl) return r->code;
    if (JB_UNLIKELY(r->p < r->end && *r->p == '{' && (pl->fmt_flags & JB_FMT_NULLARY_OBJECT)))
        return dec_enum_object(r, t, pl, out);
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return type_error(r, t);
    const char *at = r->p;
    jb_str s;
    if (jb__r_key(r, &s)) return r->code;
    long i = jb__names_find(pl, s.ptr, s.len);
    if (JB_UNLIKELY(i < 0)) return unknown_name(r, at, pl, "case", &s);
    jb__store_uint(out, t->size, pl->e[i].value);
    return JB_OK;
}

/* ------------------------------------------------------------------ */
/* Records                                                             */
/* ------------------------------------------------------------------ */

/* Per-record-decode bitset of fields seen; on the stack up to 256 fields
 * (kept small: one lives in every nested record frame). */
typedef struct seenset {
    uint64_t local[4];
    uint64_t *bits;
} seenset;

static jb_status seen_init(jb_reader *r, seenset *s, size_t words) {
    if (words <= 4) {
        memset(s->local, 0, sizeof s->local);
        s->bits = s->local;
        return JB_OK;
    }
    s->bits = jb__scratch_push(r->arena, words * 8, 8);
    if (!s->bits) return nomem(r);
    memset(s->bits, 0, words * 8);
    return JB_OK;
}

/* Read a key and its ':' at r->p, leaving r->p on the value. */
static jb_status read_key_colon(jb_reader *r, jb_str *key) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return expect_char_fail(r, "string key");
    if (jb__r_key(r, key)) return r->code;
    if (jb__r_ws(r)) return r->code;
    if (JB_UNLIKELY(r->p >= r->end || *r->p != ':')) return expect_char_fail(r, "':'");
    r->p++;
    return jb__r_ws(r);
}

static jb_status dec_field(jb_reader *r, const jb_pentry *pe, char *base) {
    /* A flag over a pointer has three states: null is "present, NULL"
     * (dec_value of the PTR stores NULL and the flag is set below). */
    bool three = pe->presence == JB_PRESENCE_FLAG && pe->type->kind == JB_KIND_PTR;
    if (pe->optional && !three && r->p < r->end && *r->p == 'n') {
        /* null: absent */
        if (jb__r_literal(r, "null", 4)) return r->code;
        if (pe->presence == JB_PRESENCE_FLAG) base[pe->flag_offset] = 0;
        memset(base + pe->offset, 0, pe->type->size);
        return JB_OK;
    }
    if (pe->presence == JB_PRESENCE_FLAG) {
        bool t = true;
        memcpy(base + pe->flag_offset, &t, sizeof t);
    }
    return dec_value(r, pe->type, base + pe->offset);
}

static jb_status missing_field(jb_reader *r, const jb_plan *pl, const uint64_t *seen,
                               const char *close) {
    for (size_t w = 0; w < pl->mask_words; w++) {
        uint64_t miss = pl->required[w] & ~seen[w];
        if (miss) {
            size_t i = w * 64 + (size_t)__builtin_ctzll(miss);
            const jb_pentry *pe = &pl->e[i];
            jb__r_fail(r, JB_E_MISSING, close, "missing required field \"%s\" of %s", pe->name,
                       pl->type->name);
            jb__path_key(&r->path, pe->name, pe->name_len);
            return JB_E_MISSING;
        }
    }
    return JB_OK;
}

/*
 * Decode JSON text (a default value, a key's JSON text) with the current
 * reader's arena and flags, as if it stood at `at` in the document.
 */
static jb_status dec_text(jb_reader *r, const jb_type *t, const char *text, size_t len, void *out,
                          const char *at, const char *what) {
    jb_reader sub;
    jb_read_options o = {0};
    o.flags = r->flags & ~(uint32_t)JB_READ_ALLOW_TRAILING_DATA;
    o.max_depth = r->max_depth > r->depth ? r->max_depth - r->depth : 1;
    jb__r_init(&sub, text, len, r->arena, &o);
    sub.stack_floor = r->stack_floor;
    sub.key_mode = r->key_mode;
    sub.int64_string = r->int64_string;
    jb_status st = jb__r_ws(&sub);
    if (!st && sub.p >= sub.end) st = jb__r_fail(&sub, JB_E_SYNTAX, sub.p, "empty");
    if (!st) st = dec_value(&sub, t, out);
    if (!st) st = jb__r_ws(&sub);
    if (!st && sub.p < sub.end) st = jb__r_fail(&sub, JB_E_TRAILING, sub.p, "trailing data");
    if (st) return jb__r_fail(r, sub.code, at, "%s: %s", what, sub.message);
    return JB_OK;
}

/* Missing fields that have a default get it (decoded from its JSON text). */
static jb_status apply_defaults(jb_reader *r, const jb_plan *pl, char *base, const uint64_t *seen) {
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *pe = &pl->e[i];
        if (!pe->default_json || (seen[i / 64] >> (i % 64)) & 1) continue;
        if (pe->presence == JB_PRESENCE_FLAG) base[pe->flag_offset] = 1;
        jb_status st = dec_text(r, pe->type, pe->default_json, strlen(pe->default_json),
                                base + pe->offset, r->p - 1, "bad default value");
        if (st) {
            jb__path_key(&r->path, pe->name, pe->name_len);
            return st;
        }
    }
    return JB_OK;
}

/* Unknown members kept for JB_UNKNOWN_FIELDS: a list in the arena (other
 * decodes use the scratch stack in between), made an array at the '}'. */
typedef struct capnode {
    jb_raw_member m;
    struct capnode *next;
} capnode;

typedef struct captured {
    capnode *head, *tail;
    size_t n;
} captured;

static jb_status capture(jb_reader *r, captured *c, jb_str key) {
    capnode *node = jb__arena_alloc(r->arena, sizeof *node, _Alignof(capnode));
    char *k = node ? jb__arena_alloc(r->arena, key.len + 1, 1) : NULL;
    if (!k) return nomem(r);
    memcpy(k, key.ptr, key.len); /* key may sit in the reusable key buffer */
    k[key.len] = 0;
    node->m.key.ptr = k;
    node->m.key.len = key.len;
    node->next = NULL;
    const char *from = r->p;
    if (jb__r_skip(r)) {
        jb__path_key(&r->path, key.ptr, key.len);
        return r->code;
    }
    if (keep_text(r, from, &node->m.value)) return r->code;
    if (c->tail) c->tail->next = node;
    else c->head = node;
    c->tail = node;
    c->n++;
    return JB_OK;
}

static jb_status capture_store(jb_reader *r, const captured *c, char *dst) {
    jb_raw_members m = {NULL, c->n};
    if (c->n) {
        size_t bytes;
        if (!jb__mul_ok(c->n, sizeof(jb_raw_member), &bytes) ||
            !(m.items = jb__arena_alloc(r->arena, bytes, _Alignof(jb_raw_member))))
            return nomem(r);
        size_t i = 0;
        for (const capnode *n = c->head; n; n = n->next) m.items[i++] = n->m;
    }
    memcpy(dst, &m, sizeof m);
    return JB_OK;
}

/*
 * The members of a record object. r->p is just past '{' (and whitespace)
 * when `resume` is false, or just past a member (a tag already consumed)
 * when true. `ignore` (may be NULL) is a key to skip (an internal tag).
 * Consumes the closing '}'.
 */
JB_NOINLINE static jb_status dec_fields(jb_reader *r, const jb_plan *pl, char *base, bool resume,
                            const char *ignore, size_t ignore_len) {
    seenset seen;
    jb_scratch_mark sm = jb__scratch_mark(r->arena);
    if (seen_init(r, &seen, pl->mask_words)) return r->code;
    jb_status st = JB_OK;
    size_t guess = 0, count = 0;
    int more, ignored = resume ? 1 : 0; /* the ignored key (a tag) may appear once */
    captured cap = {NULL, NULL, 0};
    bool deny = (r->flags & JB_READ_DENY_UNKNOWN) || (pl->type->flags & JB_TYPE_DENY_UNKNOWN) ||
                (pl->fmt_flags & JB_FMT_DENY_UNKNOWN);
    if (resume) {
        more = next_or_close(r, '}');
    } else if (r->p < r->end && *r->p == '}') {
        r->p++;
        r->depth--;
        more = 0;
    } else {
        more = 1;
    }
    while (more > 0) {
        jb_str key;
        const char *key_at = r->p;
        long i = -1;
        /* Fields usually arrive in declaration order: compare the input with
         * the expected field's quoted name first. A match means the key is
         * exactly that name written without escapes, so the string scan and
         * the hash lookup are skipped. */
        const jb_pentry *g = guess < pl->n ? &pl->e[guess] : NULL;
        size_t ql = g ? g->key_len - 1 : 0; /* "name" without the ':' */
        if (g && (size_t)(r->end - r->p) > ql && memcmp(r->p, g->key, ql) == 0) {
            r->p += ql;
            key.ptr = g->name;
            key.len = g->name_len;
            i = (long)guess;
            if ((st = jb__r_ws(r))) goto done;
            if (JB_UNLIKELY(r->p >= r->end || *r->p != ':')) {
                st = expect_char_fail(r, "':'");
                goto done;
            }
            r->p++;
            if ((st = jb__r_ws(r))) goto done;
        } else {
            if ((st = read_key_colon(r, &key))) goto done;
            i = jb__names_find(pl, key.ptr, key.len);
        }
        if ((st = members_limit(r, ++count))) goto done;
        if (i < 0) {
            if (ignore && key.len == ignore_len && memcmp(key.ptr, ignore, key.len) == 0) {
                if (ignored++)
                    st = jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%.*s\"",
                                    (int)ignore_len, ignore);
                else
                    st = jb__r_skip(r);
            } else if (pl->has_capture) {
                st = capture(r, &cap, key);
            } else if (deny) {
                int shown = key.len > 40 ? 40 : (int)key.len;
                st = jb__r_fail(r, JB_E_UNKNOWN, key_at, "unknown field \"%.*s%s\" in %s", shown,
                                key.ptr, key.len > 40 ? "..." : "", pl->type->name);
            } else {
                st = jb__r_skip(r);
                if (st) jb__path_key(&r->path, key.ptr, key.len);
            }
            if (st) goto done;
        } else {
            const jb_pentry *pe = &pl->e[i];
            uint64_t bit = (uint64_t)1 << (i % 64);
            if (JB_UNLIKELY(seen.bits[i / 64] & bit)) {
                if (!(r->flags & JB_READ_DUPLICATE_LAST_WINS)) {
                    st = jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%s\" in %s", pe->name,
                                    pl->type->name);
                    jb__path_key(&r->path, pe->name, pe->name_len);
                    goto done;
                }
                memset(base + pe->offset, 0, pe->type->size);
                if (pe->presence == JB_PRESENCE_FLAG) base[pe->flag_offset] = 0;
            }
            seen.bits[i / 64] |= bit;
            guess = (size_t)i + 1;
            if (JB_UNLIKELY((st = dec_field(r, pe, base)))) {
                jb__path_key(&r->path, pe->name, pe->name_len);
                goto done;
            }
        }
        more = next_or_close(r, '}');
    }
    if (more < 0) {
        st = r->code;
        goto done;
    }
    if (pl->nrequired) st = missing_field(r, pl, seen.bits, r->p - 1);
    if (!st && pl->ndefaults) st = apply_defaults(r, pl, base, seen.bits);
    if (!st && pl->has_capture) st = capture_store(r, &cap, base + pl->capture_offset);
done:
    jb__scratch_release(r->arena, sm);
    return st;
}

/* Representation state a type with a format sets for its contents. */
typedef struct rscope {
    uint8_t key_mode;
    bool int64_string, positional_records;
    uint32_t flags;
} rscope;


static rscope scope_enter(jb_reader *r, const jb_plan *pl) {
    rscope old = {r->key_mode, r->int64_string, r->positional_records, r->flags};
    if (pl->key_mode) r->key_mode = (uint8_t)pl->key_mode;
    if (pl->fmt_flags & JB_FMT_INT64_STRING) r->int64_string = true;
    if (pl->fmt_flags & JB_FMT_INTEGRAL_FLOATS) r->flags |= JB_READ_INTEGRAL_FLOATS;
    return old;
}

static void scope_leave(jb_reader *r, rscope old) {
    r->key_mode = old.key_mode;
    r->int64_string = old.int64_string;
    r->flags = old.flags;
}

static jb_status dec_record_body(jb_reader *r, const jb_type *t, const jb_plan *pl, void *out) {
    if (pl->unwrap) {
        const jb_pentry *pe = &pl->e[0];
        if (pe->presence == JB_PRESENCE_FLAG) ((char *)out)[pe->flag_offset] = 1;
        return dec_value(r, pe->type, (char *)out + pe->offset);
    }
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '{')) return type_error(r, t);
    if (enter(r)) return r->code;
    return dec_fields(r, pl, (char *)out, false, NULL, 0);
}

static jb_status dec_record(jb_reader *r, const jb_type *t, void *out) {
    const jb_plan *pl = plan_of(r, t);
    if (!pl) return r->code;
    if (JB_LIKELY(!pl->scoped)) return dec_record_body(r, t, pl, out);
    rscope sc = scope_enter(r, pl);
    jb_status st = dec_record_body(r, t, pl, out);
    scope_leave(r, sc);
    return st;
}

/* ------------------------------------------------------------------ */
/* Arrays: tuple, fixed array, vec                                      */
/* ------------------------------------------------------------------ */

/* Exactly n elements; elem_at(i) gives the type and destination. */
JB_NOINLINE static jb_status dec_fixed(jb_reader *r, const jb_type *t, const jb_plan *pl, char *out, size_t n) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '[')) return type_error(r, t);
    if (enter(r)) return r->code;
    size_t i = 0;
    int more = 1;
    if (r->p < r->end && *r->p == ']') {
        r->p++;
        r->depth--;
        more = 0;
    }
    while (more > 0) {
        if (i == n) {
            if (r->p >= r->end || !starts_value((unsigned char)*r->p)) return type_error(r, t);
            return jb__r_fail(r, JB_E_TYPE, r->p, "expected an array of %zu elements, found more", n);
        }
        const jb_type *et = pl ? pl->e[i].type : t->elem;
        char *dst = pl ? out + pl->e[i].offset : out + i * t->elem->size;
        if (JB_UNLIKELY(dec_value(r, et, dst))) {
            jb__path_index(&r->path, i);
            return r->code;
        }
        i++;
        more = next_or_close(r, ']');
    }
    if (more < 0) return r->code;
    if (i != n)
        return jb__r_fail(r, JB_E_TYPE, r->p - 1, "expected an array of %zu elements, found %zu", n, i);
    return JB_OK;
}

typedef struct anyvec {
    void *items;
    size_t len;
} anyvec;

/* The n elements of es bytes pushed on the scratch stack since sm, moved
 * into one arena block (the array is sized once); the scratch is released
 * either way. */
static jb_status collect(jb_reader *r, jb_scratch_mark sm, size_t n, size_t es, size_t ea, anyvec *v) {
    v->items = NULL;
    v->len = n;
    if (n) {
        size_t bytes;
        if (!jb__mul_ok(n, es, &bytes) || !(v->items = jb__arena_alloc(r->arena, bytes, ea))) {
            jb__scratch_release(r->arena, sm);
            return nomem(r);
        }
        jb__scratch_gather(r->arena, sm, es, n, v->items);
    }
    jb__scratch_release(r->arena, sm);
    return JB_OK;
}

/* Elements into the scratch stack, then one arena block. */
JB_NOINLINE static jb_status dec_vec(jb_reader *r, const jb_type *t, void *out) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '[')) return type_error(r, t);
    if (enter(r)) return r->code;
    const jb_type *et = t->elem;
    size_t es = et->size, ea = elem_align(et), n = 0;
    /* scalars are written whole by their decoder: no need to zero them first */
    bool zero = et->kind > JB_KIND_F64;
    jb_scratch_mark sm = jb__scratch_mark(r->arena);
    jb_status st = JB_OK;
    int more = 1;
    if (r->p < r->end && *r->p == ']') {
        r->p++;
        r->depth--;
        more = 0;
    }
    while (more > 0) {
        if ((st = members_limit(r, n + 1))) goto fail;
        void *slot = jb__scratch_push(r->arena, es, ea);
        if (!slot) {
            st = nomem(r);
            goto fail;
        }
        if (zero) memset(slot, 0, es);
        if (JB_UNLIKELY((st = dec_value(r, et, slot)))) {
            jb__path_index(&r->path, n);
            goto fail;
        }
        n++;
        more = next_or_close(r, ']');
    }
    if (more < 0) {
        st = r->code;
        goto fail;
    }
    anyvec v;
    if ((st = collect(r, sm, n, es, ea, &v))) return st;
    memcpy(out, &v, sizeof v);
    return JB_OK;
fail:
    jb__scratch_release(r->arena, sm);
    return st;
}

/* ------------------------------------------------------------------ */
/* Maps                                                                */
/* ------------------------------------------------------------------ */

/* Parse a decimal integer key (strict JSON integer grammar) into k. */
static jb_status dec_int_key(jb_reader *r, const jb_type *k, const jb_str *s, const char *at,
                             void *dst) {
    bool integral = false;
    if (s->len == 0 || jb__num_scan(s->ptr, s->ptr + s->len, &integral, NULL) != s->len || !integral)
        return jb__r_fail(r, JB_E_TYPE, at, "expected an integer key, found \"%.*s\"",
                          s->len > 40 ? 40 : (int)s->len, s->ptr);
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
        return jb__r_fail(r, JB_E_RANGE, at, "key %.*s does not fit %s", s->len > 40 ? 40 : (int)s->len,
                          s->ptr, int_range[k->kind].name);
    return JB_OK;
}

/* An object key at r->p decoded as the map's key type into dst. */
static jb_status dec_map_key(jb_reader *r, const jb_type *k, void *dst, jb_str *text) {
    const char *at = r->p;
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '"')) return expect_char_fail(r, "string key");
    switch (k->kind) {
    case JB_KIND_CSTR:
        if (dec_cstr(r, (char **)dst)) return r->code;
        text->ptr = *(char **)dst;
        text->len = strlen(text->ptr);
        return JB_OK;
    case JB_KIND_STR:
        if (dec_str(r, (jb_str *)dst)) return r->code;
        *text = *(jb_str *)dst;
        return JB_OK;
    case JB_KIND_ENUM: {
        const jb_plan *pl = plan_of(r, k);
        if (!pl) return r->code;
        if (jb__r_key(r, text)) return r->code;
        long i = jb__names_find(pl, text->ptr, text->len);
        if (i < 0) return unknown_name(r, at, pl, "case", text);
        jb__store_uint(dst, k->size, pl->e[i].value);
        text->ptr = pl->e[i].name;
        return JB_OK;
    }
    default:
        if (jb__r_key(r, text)) return r->code;
        return dec_int_key(r, k, text, at, dst);
    }
}

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

/*
 * Failure path only: walk the map object at `at` again to the i-th key so
 * the error points at the duplicate key itself and names it in the path.
 */
static jb_status dup_key_fail(jb_reader *r, const char *at, size_t i) {
    r->p = at + 1;
    const char *key_at = at;
    jb_str key = {"", 0};
    for (size_t k = 0; k <= i; k++) {
        if (jb__r_ws(r)) break;
        key_at = r->p;
        if (read_key_colon(r, &key) || (k < i && (jb__r_skip(r) || jb__r_ws(r)))) break;
        if (k < i && r->p < r->end && *r->p == ',') r->p++;
    }
    r->code = JB_OK; /* the walk itself cannot fail on text that already parsed */
    jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%.*s%s\" in map",
               key.len > 40 ? 40 : (int)key.len, key.ptr, key.len > 40 ? "..." : "");
    jb__path_key(&r->path, key.ptr, key.len);
    return JB_E_DUPLICATE;
}

/*
 * Duplicate keys in a decoded map: an error (default), or with
 * JB_READ_DUPLICATE_LAST_WINS the last occurrence kept at the place of
 * the first. Uses a scratch hash table of entry indices. *n may shrink.
 */
static jb_status map_dups(jb_reader *r, const jb_type *t, char *items, size_t *n, size_t es,
                          const char *at) {
    size_t cap = 8;
    while (cap < 2 * *n) cap <<= 1;
    jb_scratch_mark sm = jb__scratch_mark(r->arena);
    uint32_t *tab = jb__scratch_push(r->arena, cap * sizeof(uint32_t), 4);
    if (!tab) return nomem(r);
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

JB_NOINLINE static jb_status dec_map(jb_reader *r, const jb_type *t, void *out) {
    jb_key_mode km = t->key_mode ? t->key_mode : (jb_key_mode)r->key_mode;
    bool obj = jb__map_is_object(t->key, km);
    bool text_key = km == JB_KEYS_JSON_TEXT && t->key->kind != JB_KIND_CSTR && t->key->kind != JB_KIND_STR;
    char open = obj ? '{' : '[', close = obj ? '}' : ']';
    if (JB_UNLIKELY(r->p >= r->end || *r->p != open)) return type_error(r, t);
    const char *at = r->p;
    if (enter(r)) return r->code;
    size_t es, vo, n = 0;
    jb__map_layout(t, &es, &vo);
    size_t ea = elem_align(t->key) > elem_align(t->elem) ? elem_align(t->key) : elem_align(t->elem);
    jb_scratch_mark sm = jb__scratch_mark(r->arena);
    jb_status st = JB_OK;
    int more = 1;
    if (r->p < r->end && *r->p == close) {
        r->p++;
        r->depth--;
        more = 0;
    }
    while (more > 0) {
        if ((st = members_limit(r, n + 1))) goto fail;
        char *e = jb__scratch_push(r->arena, es, ea);
        if (!e) {
            st = nomem(r);
            goto fail;
        }
        memset(e, 0, es);
        if (obj) {
            jb_str text;
            if (text_key) {
                const char *key_at = r->p;
                if (r->p >= r->end || *r->p != '"') {
                    st = expect_char_fail(r, "string key");
                    goto fail;
                }
                if ((st = jb__r_key(r, &text))) goto fail;
                if ((st = dec_text(r, t->key, text.ptr, text.len, e, key_at, "map key"))) goto fail;
            } else if ((st = dec_map_key(r, t->key, e, &text))) {
                goto fail;
            }
            if ((st = jb__r_ws(r))) goto fail;
            if (r->p >= r->end || *r->p != ':') {
                st = expect_char_fail(r, "':'");
                goto fail;
            }
            r->p++;
            if ((st = jb__r_ws(r))) goto fail;
            if (JB_UNLIKELY((st = dec_value(r, t->elem, e + vo)))) {
                jb__path_key(&r->path, text.ptr, text.len);
                goto fail;
            }
        } else {
            /* [key, value] */
            static const jb_type pair = {.kind = JB_KIND_TUPLE, .name = "[key, value] pair"};
            if (r->p >= r->end || *r->p != '[') {
                st = type_error(r, &pair);
                goto fail;
            }
            if ((st = enter(r))) goto fail;
            if ((st = dec_value(r, t->key, e))) goto pair_fail;
            if (next_or_close(r, ']') != 1) {
                if (!r->code) jb__r_fail(r, JB_E_TYPE, r->p - 1, "expected a [key, value] pair");
                st = r->code;
                goto pair_fail;
            }
            if ((st = dec_value(r, t->elem, e + vo))) goto pair_fail;
            if (jb__r_ws(r)) goto pair_fail;
            if (r->p >= r->end || *r->p != ']') {
                st = close_fail(r, "']' closing a [key, value] pair");
                goto pair_fail;
            }
            r->p++;
            r->depth--;
            goto pair_ok;
        pair_fail:
            st = r->code;
            jb__path_index(&r->path, n);
            goto fail;
        pair_ok:;
        }
        n++;
        more = next_or_close(r, close);
    }
    if (more < 0) {
        st = r->code;
        goto fail;
    }
    anyvec v;
    if ((st = collect(r, sm, n, es, ea, &v))) return st;
    if (n > 1 && (st = map_dups(r, t, v.items, &v.len, es, at))) return st;
    memcpy(out, &v, sizeof v);
    return JB_OK;
fail:
    jb__scratch_release(r->arena, sm);
    return st;
}

/* ------------------------------------------------------------------ */
/* Sums                                                                */
/* ------------------------------------------------------------------ */


static void set_tag(const jb_type *t, char *out, const jb_pentry *c) {
    jb__store_uint(out + t->tag_offset, t->tag_size, c->value);
}

/* A case name (string) at r->p -> entry index. */
static long read_case(jb_reader *r, const jb_plan *pl) {
    const char *at = r->p;
    jb_str s;
    if (r->p >= r->end || *r->p != '"') {
        char buf[16];
        int c = r->p < r->end ? (unsigned char)*r->p : -1;
        jb__r_fail(r, (starts_value(c) || c == ']' || c == '}') ? JB_E_TYPE : JB_E_SYNTAX, r->p,
                   "expected a case name of %s, found %s", pl->type->name, jb__r_found(r, r->p, buf));
        return -1;
    }
    if (jb__r_key(r, &s)) return -1;
    long i = jb__names_find(pl, s.ptr, s.len);
    if (i < 0) unknown_name(r, at, pl, "case", &s);
    return i;
}

/* A nullary case given a payload position: accept null, [] or {}. */
static jb_status dec_no_payload(jb_reader *r, const jb_pentry *c) {
    const char *at = r->p;
    if (r->p + 1 < r->end && ((r->p[0] == '[' && r->p[1] == ']') || (r->p[0] == '{' && r->p[1] == '}'))) {
        r->p += 2;
        return JB_OK;
    }
    if (r->p < r->end && *r->p == 'n') return jb__r_literal(r, "null", 4);
    if (jb__r_skip(r)) return r->code;
    return jb__r_fail(r, JB_E_TYPE, at, "case %s takes no payload", c->name);
}

/* The payload of case c; on failure the path gets `key` (the JSON key the
 * payload sits under) or, when key is NULL, the array index 1. */
static jb_status dec_payload(jb_reader *r, const jb_pentry *c, char *out, const char *key,
                             size_t key_len) {
    jb_status st;
    if (!c->type) {
        st = dec_no_payload(r, c);
    } else if (JB_UNLIKELY(r->positional_records && c->type->kind == JB_KIND_RECORD)) {
        /* Fable: a record payload as the array of its fields */
        const jb_plan *pp = plan_of(r, c->type);
        st = pp ? dec_fixed(r, &an_array, pp, out + c->offset, pp->n) : r->code;
    } else {
        st = dec_value(r, c->type, out + c->offset);
    }
    if (st) {
        if (key) jb__path_key(&r->path, key, key_len);
        else jb__path_index(&r->path, 1);
    }
    return st;
}

static jb_status sum_external(jb_reader *r, const jb_type *t, const jb_plan *pl, char *out) {
    if (r->p < r->end && *r->p == '"') {
        const char *at = r->p;
        long i = read_case(r, pl);
        if (i < 0) return r->code;
        if (pl->e[i].type)
            return jb__r_fail(r, JB_E_TYPE, at, "case %s needs a payload: {\"%s\": ...}", pl->e[i].name,
                              pl->e[i].name);
        set_tag(t, out, &pl->e[i]);
        return JB_OK;
    }
    if (r->p >= r->end || *r->p != '{') {
        char buf[16];
        bool value = r->p < r->end && starts_value((unsigned char)*r->p);
        return jb__r_fail(r, value ? JB_E_TYPE : JB_E_SYNTAX, r->p,
                          "expected string or object (a case of %s), found %s", t->name,
                          jb__r_found(r, r->p, buf));
    }
    if (enter(r)) return r->code;
    if (r->p < r->end && *r->p == '}')
        return jb__r_fail(r, JB_E_TYPE, r->p, "expected one key naming a case of %s, found {}", t->name);
    long i = read_case(r, pl);
    if (i < 0) return r->code;
    if (jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != ':') return expect_char_fail(r, "':'");
    r->p++;
    if (jb__r_ws(r) || dec_payload(r, &pl->e[i], out, pl->e[i].name, pl->e[i].name_len))
        return r->code;
    if (jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != '}') return close_fail(r, "'}' (a sum object has exactly one key)");
    r->p++;
    r->depth--;
    set_tag(t, out, &pl->e[i]);
    return JB_OK;
}

/*
 * Find the tag member of an object (r->p just past '{' and whitespace).
 * If it is the first member, r->p ends just past its value and *first is
 * true. Otherwise the other members are skipped (validated, not decoded)
 * until the tag is found, and r->p is put back where it was: the object is
 * then decoded once from its start. No tree, no second parse of the
 * payload when the tag comes first.
 */
static long find_tag(jb_reader *r, const jb_plan *pl, bool *first) {
    const char *start = r->p;
    uint32_t depth = r->depth;
    *first = true;
    int more = (r->p < r->end && *r->p == '}') ? 0 : 1;
    while (more > 0) {
        jb_str key;
        if (read_key_colon(r, &key)) return -1;
        if (key.len == pl->tag_name_len && memcmp(key.ptr, pl->tag_name, key.len) == 0) {
            long i = read_case(r, pl);
            if (i < 0) return -1;
            if (!*first) {
                r->p = start;
                r->depth = depth;
            }
            return i;
        }
        *first = false;
        if (jb__r_skip(r)) return -1;
        more = next_or_close(r, '}');
    }
    if (more == 0)
        jb__r_fail(r, JB_E_MISSING, r->p - 1, "missing tag field \"%s\" of %s", pl->tag_name,
                   pl->type->name);
    return -1;
}

/*
 * The rest of a tagged object once the case is known (r->p just past the
 * tag member when `first`, else at the object's first member): the
 * content key holds the payload; a second tag is a duplicate; other keys
 * are skipped. Shared by adjacent tagging and by internal tagging of
 * nullary and non-record payloads (aeson's TaggedObject).
 */
static jb_status tagged_rest(jb_reader *r, const jb_type *t, const jb_plan *pl, const jb_pentry *c,
                             bool first, char *out) {
    bool have_content = false;
    int tags = first ? 1 : 0;
    int more = first ? next_or_close(r, '}') : 1;
    while (more > 0) {
        jb_str key;
        const char *key_at = r->p;
        if (read_key_colon(r, &key)) return r->code;
        if (key.len == pl->content_name_len && memcmp(key.ptr, pl->content_name, key.len) == 0) {
            if (have_content)
                return jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%s\"", pl->content_name);
            have_content = true;
            if (dec_payload(r, c, out, pl->content_name, pl->content_name_len)) return r->code;
        } else if (key.len == pl->tag_name_len && memcmp(key.ptr, pl->tag_name, key.len) == 0) {
            if (tags++)
                return jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%s\"", pl->tag_name);
            if (jb__r_skip(r)) return r->code; /* the tag met again in order: already known */
        } else if (jb__r_skip(r)) {
            return r->code;
        }
        more = next_or_close(r, '}');
    }
    if (more < 0) return r->code;
    if (c->type && !have_content) {
        jb__r_fail(r, JB_E_MISSING, r->p - 1, "missing field \"%s\" of case %s", pl->content_name,
                   c->name);
        jb__path_key(&r->path, pl->content_name, pl->content_name_len);
        return JB_E_MISSING;
    }
    set_tag(t, out, c);
    return JB_OK;
}

JB_NOINLINE static jb_status sum_internal(jb_reader *r, const jb_type *t, const jb_plan *pl, char *out) {
    if (r->p >= r->end || *r->p != '{') return type_error(r, &an_object);
    if (enter(r)) return r->code;
    bool first;
    long i = find_tag(r, pl, &first);
    if (i < 0) return r->code;
    const jb_pentry *c = &pl->e[i];
    if (!c->type || c->type->kind != JB_KIND_RECORD) return tagged_rest(r, t, pl, c, first, out);
    const jb_plan *pp = plan_of(r, c->type);
    if (!pp) return r->code;
    /* the payload's fields sit in this object: no extra path step */
    jb_status st = dec_fields(r, pp, out + c->offset, first, pl->tag_name, pl->tag_name_len);
    if (st) return st;
    set_tag(t, out, c);
    return JB_OK;
}

JB_NOINLINE static jb_status sum_adjacent(jb_reader *r, const jb_type *t, const jb_plan *pl, char *out) {
    if (r->p >= r->end || *r->p != '{') return type_error(r, &an_object);
    if (enter(r)) return r->code;
    bool first;
    long i = find_tag(r, pl, &first);
    if (i < 0) return r->code;
    return tagged_rest(r, t, pl, &pl->e[i], first, out);
}

static jb_status sum_array(jb_reader *r, const jb_type *t, const jb_plan *pl, char *out) {
    if (r->p >= r->end || *r->p != '[') return type_error(r, &an_array);
    if (enter(r)) return r->code;
    long i = read_case(r, pl);
    if (i < 0) return r->code;
    const jb_pentry *c = &pl->e[i];
    int more = next_or_close(r, ']');
    if (more < 0) return r->code;
    if (more == 0) {
        if (c->type) return jb__r_fail(r, JB_E_TYPE, r->p - 1, "case %s needs a payload", c->name);
    } else {
        if (dec_payload(r, c, out, NULL, 0)) return r->code;
        if (jb__r_ws(r)) return r->code;
        if (r->p >= r->end || *r->p != ']') return close_fail(r, "']' (a [case, payload] pair)");
        r->p++;
        r->depth--;
    }
    set_tag(t, out, c);
    return JB_OK;
}

/* Try each case in order; a failed attempt leaves nothing behind. */
JB_NOINLINE static jb_status sum_untagged(jb_reader *r, const jb_type *t, const jb_plan *pl, char *out) {
    const char *start = r->p;
    uint32_t depth = r->depth;
    jb_arena_mark am = jb__arena_mark(r->arena);
    char why[JB_ERROR_MESSAGE_MAX];
    size_t wn = 0;
    why[0] = 0;
    /* Text that is not JSON is a syntax error, not a case that did not fit. */
    if (jb__r_skip(r)) return r->code;
    r->p = start;
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *c = &pl->e[i];
        jb_status st;
        if (!c->type) { /* a nullary case is null (serde), or its name */
            jb_str s;
            st = JB_E_TYPE;
            if (r->p < r->end && *r->p == 'n' && jb__r_literal(r, "null", 4) == JB_OK)
                st = JB_OK;
            else if (r->p < r->end && *r->p == '"' && jb__r_key(r, &s) == JB_OK &&
                     s.len == c->name_len && memcmp(s.ptr, c->name, s.len) == 0)
                st = JB_OK;
            else if (!r->code)
                jb__r_fail(r, JB_E_TYPE, start, "not null or the string \"%s\"", c->name);
        } else if (r->positional_records && c->type->kind == JB_KIND_RECORD) {
            const jb_plan *pp = plan_of(r, c->type);
            st = pp ? dec_fixed(r, &an_array, pp, out + c->offset, pp->n) : r->code;
        } else {
            st = dec_value(r, c->type, out + c->offset);
        }
        if (st == JB_OK) {
            set_tag(t, out, c);
            return JB_OK;
        }
        if (r->code == JB_E_NOMEM) return r->code;
        int w = snprintf(why + wn, sizeof why - wn, "%s%s: %s", wn ? "; " : "", c->name, r->message);
        if (w > 0) wn = wn + (size_t)w < sizeof why ? wn + (size_t)w : sizeof why - 1;
        /* undo the attempt */
        r->p = start;
        r->depth = depth;
        r->code = JB_OK;
        r->path.n = 0;
        r->path.overflow = false;
        jb__arena_rollback(r->arena, am);
        r->keybuf = NULL; /* it may lie in the memory just rolled back */
        r->keycap = 0;
        memset(out + c->offset, 0, c->type ? c->type->size : 0);
    }
    return jb__r_fail(r, JB_E_TYPE, start, "no case of %s fits: %s", t->name, why);
}

JB_NOINLINE static jb_status dec_sum(jb_reader *r, const jb_type *t, void *out) {
    const jb_plan *pl = plan_of(r, t);
    if (!pl) return r->code;
    rscope sc = {0, false, false, 0};
    if (pl->scoped) sc = scope_enter(r, pl);
    /* positional record payloads are a property of this sum only */
    bool positional = r->positional_records;
    r->positional_records = (pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS) != 0;
    jb_status st;
    if (pl->all_nullary && r->p < r->end && *r->p == '"') {
        st = sum_external(r, t, pl, out); /* a plain case-name string, in any style */
    } else {
        switch (pl->sum_style) {
        case JB_SUM_INTERNAL: st = sum_internal(r, t, pl, out); break;
        case JB_SUM_ADJACENT: st = sum_adjacent(r, t, pl, out); break;
        case JB_SUM_ARRAY: st = sum_array(r, t, pl, out); break;
        case JB_SUM_UNTAGGED: st = sum_untagged(r, t, pl, out); break;
        default: st = sum_external(r, t, pl, out); break;
        }
    }
    r->positional_records = positional;
    if (pl->scoped) scope_leave(r, sc);
    return st;
}

/* ------------------------------------------------------------------ */
/* Pointers and custom                                                 */
/* ------------------------------------------------------------------ */

static jb_status dec_ptr(jb_reader *r, const jb_type *t, void *out) {
    if (r->p < r->end && *r->p == 'n') {
        if (jb__r_literal(r, "null", 4)) return r->code;
        *(void **)out = NULL;
        return JB_OK;
    }
    const jb_type *et = t->elem;
    void *q = jb__arena_alloc(r->arena, et->size, elem_align(et));
    if (!q) return nomem(r);
    memset(q, 0, et->size);
    if (dec_value(r, et, q)) return r->code;
    *(void **)out = q;
    return JB_OK;
}

JB_NOINLINE static jb_status dec_custom(jb_reader *r, const jb_type *t, void *out) {
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

static jb_status dec_value(jb_reader *r, const jb_type *t, void *out) {
    switch (t->kind) {
    case JB_KIND_BOOL: return dec_bool(r, (bool *)out);
    case JB_KIND_I8: case JB_KIND_I16: case JB_KIND_I32: case JB_KIND_I64:
    case JB_KIND_U8: case JB_KIND_U16: case JB_KIND_U32: case JB_KIND_U64: return dec_int(r, t, out);
    case JB_KIND_F32: case JB_KIND_F64: return dec_float(r, t, out);
    case JB_KIND_CSTR: return dec_cstr(r, (char **)out);
    case JB_KIND_STR: return dec_str(r, (jb_str *)out);
    case JB_KIND_ENUM: return dec_enum(r, t, out);
    case JB_KIND_RECORD: return dec_record(r, t, out);
    case JB_KIND_TUPLE: {
        const jb_plan *pl = plan_of(r, t);
        if (!pl) return r->code;
        return dec_fixed(r, t, pl, (char *)out, pl->n);
    }
    case JB_KIND_ARRAY: return dec_fixed(r, t, NULL, (char *)out, t->count);
    case JB_KIND_SUM: return dec_sum(r, t, out);
    case JB_KIND_VEC: return dec_vec(r, t, out);
    case JB_KIND_MAP: return dec_map(r, t, out);
    case JB_KIND_PTR: return dec_ptr(r, t, out);
    case JB_KIND_RAW: return dec_raw(r, (jb_str *)out);
    case JB_KIND_NUMBER: return dec_number_text(r, t, (jb_str *)out);
    case JB_KIND_CUSTOM: return dec_custom(r, t, out);
    case JB_KIND_ANY: return jb__value_decode(r, (jb_value **)out);
    default:
        return jb__r_fail(r, JB_E_DESCRIPTOR, r->p, "descriptor %s has an invalid kind",
                          t->name ? t->name : "?");
    }
}

/* ------------------------------------------------------------------ */
/* Entry point                                                         */
/* ------------------------------------------------------------------ */

static jb_status arg_fail(jb_error *err, const char *msg) {
    jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, msg);
    return JB_E_ARG;
}

jb_status jb_decode(const jb_type *type, const char *json, size_t len, void *out, jb_arena *arena,
                    const jb_read_options *opts, jb_error *err) {
    if (!type) return arg_fail(err, "type is NULL");
    if (!out) return arg_fail(err, "out is NULL");
    memset(out, 0, type->size);
    if (!arena) return arg_fail(err, "arena is NULL");
    if (!json && len) return arg_fail(err, "json is NULL");
    if (!json) json = "";
    jb_reader r;
    jb__r_init(&r, json, len, arena, opts);
    r.stack_floor = jb__stack_floor();
    jb_arena_mark am = jb__arena_mark(arena);
    jb_scratch_mark sm = jb__scratch_mark(arena);
    jb_status st = JB_OK;
    char msg[JB_ERROR_MESSAGE_MAX];
    if (len > r.max_doc_size) {
        jb__r_fail(&r, JB_E_LIMIT, r.p, "document of %zu bytes is over the %zu-byte limit", len,
                   r.max_doc_size);
        goto fail;
    }
    if (jb__kind_has_plan(type->kind)) {
        if (!plan_of(&r, type)) goto fail;
    } else if ((st = jb__type_validate(type, msg, sizeof msg))) {
        jb__r_fail(&r, st, r.p, "%s", msg);
        goto fail;
    }
    if (jb__r_ws(&r)) goto fail;
    if (r.p >= r.end) {
        jb__r_fail(&r, JB_E_SYNTAX, r.p, "expected %s, found end of input", expected_name(type));
        goto fail;
    }
    if (dec_value(&r, type, out)) goto fail;
    if (!(r.flags & JB_READ_ALLOW_TRAILING_DATA)) {
        if (jb__r_ws(&r)) goto fail;
        if (r.p < r.end) {
            char buf[16];
            jb__r_fail(&r, JB_E_TRAILING, r.p, "expected end of input, found %s", jb__r_found(&r, r.p, buf));
            goto fail;
        }
    }
    jb__scratch_release(arena, sm);
    return JB_OK;
fail:
    st = r.code ? r.code : JB_E_SYNTAX;
    jb__error_fill(err, st, json, r.err_offset, &r.path, r.message);
    jb__scratch_release(arena, sm);
    jb__arena_rollback(arena, am);
    memset(out, 0, type->size);
    return st;
}

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
    default: return starts_number(r) ? JB_TOKEN_NUMBER : JB_TOKEN_ERROR;
    }
}

jb_status jb_read_null(jb_reader *r) {
    if (mark(r)) return r->code;
    if (r->p >= r->end || *r->p != 'n') return expect_char_fail(r, "null");
    return jb__r_literal(r, "null", 4);
}

jb_status jb_read_bool(jb_reader *r, bool *out) {
    return mark(r) ? r->code : dec_bool(r, out);
}

jb_status jb_read_i64(jb_reader *r, int64_t *out) {
    return mark(r) ? r->code : dec_int(r, &jb_i64, out);
}

jb_status jb_read_u64(jb_reader *r, uint64_t *out) {
    return mark(r) ? r->code : dec_int(r, &jb_u64, out);
}

jb_status jb_read_f64(jb_reader *r, double *out) {
    return mark(r) ? r->code : dec_float(r, &jb_f64, out);
}

jb_status jb_read_string(jb_reader *r, jb_str *out) {
    if (mark(r)) return r->code;
    if (r->p >= r->end || *r->p != '"') return type_error(r, &jb_string);
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
        return type_error(r, c == '{' ? &an_object : &an_array);
    }
    if (enter(r)) return r->code;
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
    int m = next_or_close(r, close);
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
    if ((st = read_key_colon(r, &k))) return st;
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
    return dec_value(r, type, out);
}

jb_arena *jb_read_arena(jb_reader *r) { return r->arena; }

jb_status jb_read_fail(jb_reader *r, jb_status code, const char *message) {
    return jb__r_fail(r, code ? code : JB_E_CUSTOM, r->tok ? r->tok : r->p, "%s",
                      message ? message : "custom decoder failed");
}
