/* SPDX-License-Identifier: MIT */
/**
 * @file jbind_gen.h
 * @brief What code written by jb_codegen_write calls. Not for hand-written code.
 *
 * This header is installed beside jbind.h but is OUTSIDE the API and ABI
 * promise of docs/versioning.md: it changes with every release, patch
 * releases included. A generated file is tied to the exact library version
 * that wrote it: jb_gen_attach compares the version and a fingerprint of
 * the plans the file was written from with the running library's, and
 * refuses a mismatch (the interpreter then keeps running those types, and
 * jb_codegen_active says so). So a stale generated file is slower, never
 * wrong.
 *
 * The kernels below are exported as jb_gen_* functions (the shared library
 * exports only jb_ names; tests/test_exports.sh checks it). Each takes the
 * cursor and returns the new one, or NULL when the generated code must give
 * up: the library then rolls the call back and runs the interpreter on the
 * same input, which produces the value or the exact error. A generated
 * codec therefore only has to accept what the interpreter accepts and
 * produce what it produces; everything unusual is the interpreter's.
 *
 * docs/codegen.md is the guide; docs/design.md ("Generated codecs") the
 * design.
 */
#ifndef JBIND_GEN_H
#define JBIND_GEN_H

#include <string.h>

#include "jbind.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The version generated code is written for: it attaches only to a
 * library whose jb_version_number() and JB_VERSION_STRING are these. */
#define JB_GEN_VERSION JB_VERSION_NUMBER

/** The decoder's state as generated code sees it (the library fills it). */
typedef struct jb_gen_dec {
    const char *end;       /**< one past the input */
    uint32_t flags;        /**< the call's JB_READ_* */
    uint32_t depth;        /**< current nesting */
    uint32_t max_depth;
    size_t max_members;    /**< SIZE_MAX: none */
    void *reader;          /**< the library's reader, made on first use (opaque) */
    const char *at;        /**< the cursor jb_gen_field leaves (it returns the field) */
    jb_str key;            /**< the key jb_gen_field read last (an unknown key's text) */
    size_t max_string_len; /**< SIZE_MAX: none (a name matched inline checks it) */
    size_t max_number_len; /**< bytes of one number token (the call's limit) */
    void *arena;           /**< the call's arena (opaque) */
} jb_gen_dec;

/** The encoder's state as generated code sees it. */
typedef struct jb_gen_enc {
    char *end;             /**< end of the writable region (kernels refresh it) */
    uint32_t flags;        /**< the call's JB_WRITE_* */
    uint32_t depth;
    uint32_t max_depth;
    void *writer;          /**< the library's writer, made on first use (opaque) */
    uint32_t scope;        /**< the call's root representation scope (its float style) */
} jb_gen_enc;

/** A specialized decoder: p on the value's first byte (whitespace skipped);
 * returns the byte after the value, or NULL to hand over to the interpreter. */
typedef const char *(*jb_gen_dec_fn)(jb_gen_dec *d, const char *p, char *out);
/** A specialized encoder: writes at p; returns the new cursor or NULL. */
typedef char *(*jb_gen_enc_fn)(jb_gen_enc *e, char *p, const char *value);

/** The codecs of one type in a generated file (one per function pair). */
typedef struct jb_gen_codec {
    size_t type;           /**< index in the unit's type table */
    int attach;            /**< 1: what jb_decode / jb_encode of that type run (0: a function
                                for a place inside another type) */
    jb_gen_dec_fn decode;
    jb_gen_enc_fn encode;
} jb_gen_codec;

/** One generated file. */
typedef struct jb_gen_unit {
    uint32_t version;              /**< JB_GEN_VERSION of the writer */
    const char *version_string;    /**< JB_VERSION_STRING of the writer */
    uint64_t fingerprint;          /**< of the text above the unit: every plan it came from */
    const char *prefix;            /**< the name prefix it was written with */
    size_t nroots;
    const jb_type *const *roots;   /**< the descriptors named by symbols (NULL: none given) */
    const char *const *symbols;    /**< the roots' symbols as given to the generator (NULL entries) */
    size_t ntypes;
    const jb_type **types;         /**< ntypes slots, filled by jb_gen_attach */
    size_t ncodecs;
    const jb_gen_codec *codecs;    /**< every function pair of the file */
} jb_gen_unit;

/**
 * Attach a generated unit: check its version and fingerprint against the
 * plans of roots (NULL: the unit's own roots), fill its type table and
 * publish its codecs in the descriptors' cache slots. JB_OK, or
 * JB_E_DESCRIPTOR (bad descriptor), JB_E_VALUE (written by another version
 * or from other descriptors: nothing attached) with err saying why.
 * Idempotent and thread-safe; a type keeps the first codec attached to it.
 */
JB_API jb_status jb_gen_attach(jb_gen_unit *unit, const jb_type *const *roots, jb_error *err);

/* ---- decoding kernels (each: NULL = hand over to the interpreter) ---- */

/** Whitespace past the cases inlined below. */
JB_API const char *jb_gen_ws(jb_gen_dec *d, const char *p);
/** An integer into *out of type t (an integer descriptor). */
JB_API const char *jb_gen_int(jb_gen_dec *d, const char *p, const jb_type *t, void *out);
/** The same for the built-in integer descriptors (jb_i8 ... jb_u64): the
 * kind known, the store is one range check. */
JB_API const char *jb_gen_i8(jb_gen_dec *d, const char *p, void *out);
JB_API const char *jb_gen_i16(jb_gen_dec *d, const char *p, void *out);
JB_API const char *jb_gen_i32(jb_gen_dec *d, const char *p, void *out);
JB_API const char *jb_gen_i64(jb_gen_dec *d, const char *p, void *out);
JB_API const char *jb_gen_u8(jb_gen_dec *d, const char *p, void *out);
JB_API const char *jb_gen_u16(jb_gen_dec *d, const char *p, void *out);
JB_API const char *jb_gen_u32(jb_gen_dec *d, const char *p, void *out);
JB_API const char *jb_gen_u64(jb_gen_dec *d, const char *p, void *out);
/** A vector (its {items, len} at out) of elements of type t, a leaf the
 * generator reads through a kernel above (bool, an integer, f64, f32, a
 * string): the whole array in one loop, each element stored on the
 * scratch stack, then one arena block. */
JB_API const char *jb_gen_vec(jb_gen_dec *d, const char *p, const jb_type *t, void *out);
/* t may also be a fixed array (JB_KIND_ARRAY) of i32, i64, u32, u64 or
 * f64: a vector of points or pairs, each read as jb_gen_arr reads it. */
/** A fixed array of n >= 1 elements of leaf type t (as jb_gen_vec's) at out. */
JB_API const char *jb_gen_arr(jb_gen_dec *d, const char *p, const jb_type *t, void *out, size_t n);
JB_API const char *jb_gen_f64(jb_gen_dec *d, const char *p, double *out);
JB_API const char *jb_gen_f32(jb_gen_dec *d, const char *p, float *out);
JB_API const char *jb_gen_str(jb_gen_dec *d, const char *p, jb_str *out);
JB_API const char *jb_gen_cstr(jb_gen_dec *d, const char *p, char **out);
/** An enum value of type t. */
JB_API const char *jb_gen_enum(jb_gen_dec *d, const char *p, const jb_type *t, void *out);
/** A key string at p (its bytes in *key, valid until the next key), then
 * whitespace, ':' and whitespace. */
JB_API const char *jb_gen_key(jb_gen_dec *d, const char *p, jb_str *key);
/** A key or case-name string at p (no colon after it). */
JB_API const char *jb_gen_name(jb_gen_dec *d, const char *p, jb_str *key);
/** The entry a name selects in t's plan (names and aliases), or -1. */
JB_API long jb_gen_find(const jb_type *t, const char *s, size_t n);
/** The member key at p of record t, and ':' and whitespace after it:
 * field `guess`'s quoted name and colon compared first (an entry past the
 * plan: none), the key read and looked up in the plan's name table
 * otherwise. Returns the field's index (d->at on its value), -1 for an
 * unknown key (d->at on its value, d->key its text) or -2 to hand over.
 * A record decoder's one out-of-line step for every key it did not
 * expect, so that the decoder holds one dispatch on fields. */
JB_API long jb_gen_field(jb_gen_dec *d, const char *p, const jb_type *t, size_t guess);
/** The rest of jbg_next, out of line: whitespace, then ',' and whitespace
 * (the cursor on what follows) or `close` (the cursor past it, one level
 * up); NULL otherwise. The caller tells the two apart by the byte before
 * the cursor, which is `close` only after the close. */
JB_API const char *jb_gen_next(jb_gen_dec *d, const char *p, char close);
/** How many bits of seen[0..words) are set: a record's members, for its
 * max_members check at the end. */
JB_API size_t jb_gen_count(const uint64_t *seen, size_t words);
/** Skip one value, validated. */
JB_API const char *jb_gen_skip(jb_gen_dec *d, const char *p);
/** The interpreter for one value of type t; scope is the representation
 * state the generator resolved for this place (JB_GEN_SCOPE_*). */
JB_API const char *jb_gen_value(jb_gen_dec *d, const char *p, const jb_type *t, void *out,
                                uint32_t scope);
/** Decode memory; NULL when the arena cannot give it. */
JB_API void *jb_gen_alloc(jb_gen_dec *d, size_t size, size_t align);
/** A position of the scratch stack. */
typedef struct jb_gen_mark {
    void *seg;
    size_t off;
} jb_gen_mark;
JB_API jb_gen_mark jb_gen_mark_get(jb_gen_dec *d);
/** A slot of size bytes on the scratch stack (not zeroed). */
JB_API void *jb_gen_push(jb_gen_dec *d, size_t size);
/** The n elements of es bytes pushed since m as one arena block of
 * alignment ea, stored in the {items, len} at out. 0 on success. */
JB_API int jb_gen_collect(jb_gen_dec *d, jb_gen_mark m, size_t n, size_t es, size_t ea, void *out);
/** The map t's entries pushed since m: collected, checked for duplicate
 * keys (the map's text starts at `at`), sorted when `sorted`. 0 on success. */
JB_API int jb_gen_map_done(jb_gen_dec *d, const jb_type *t, jb_gen_mark m, size_t n, const char *at,
                           int sorted, void *out);
/** An object key of map key type k into *dst, then ':' and whitespace. */
JB_API const char *jb_gen_map_key(jb_gen_dec *d, const char *p, const jb_type *k, void *dst);
/** Nothing where a payload stands, for nullary case `entry` of sum t. */
JB_API const char *jb_gen_no_payload(jb_gen_dec *d, const char *p, const jb_type *t, size_t entry);

/** Large records (codegen.md, "Compact forms"): the whole record t at p
 * into o, driven by its plan, fields tried in declaration order first and
 * by the plan's name table otherwise. fns[i] decodes field i's value when
 * it is not a leaf (NULL: a leaf, read here in scope). tag, tag_len: an
 * internally tagged sum's payload, whose fields follow the tag named so in
 * the same object (NULL: a whole object). */
JB_API const char *jb_gen_record(jb_gen_dec *d, const char *p, char *o, const jb_type *t,
                                 const jb_gen_dec_fn *fns, uint32_t scope, const char *tag, size_t tag_len);

/* ---- encoding kernels ---- */

/** Room for n more bytes at p (the region may move): the new cursor. */
JB_API char *jb_gen_grow(jb_gen_enc *e, char *p, size_t n);
/** A JSON string of s[0..n) (xflags: JB_WRITE_* the scope adds). */
JB_API char *jb_gen_w_str(jb_gen_enc *e, char *p, const jb_str *s, uint32_t xflags);
JB_API char *jb_gen_w_cstr(jb_gen_enc *e, char *p, const char *s, uint32_t xflags);
/** Finite doubles and floats in a float style; NULL for the others. */
JB_API char *jb_gen_w_f64(jb_gen_enc *e, char *p, double v, int style);
JB_API char *jb_gen_w_f32(jb_gen_enc *e, char *p, float v, int style);
/** A map key of type k (at entry) as an object key with its ':'. */
JB_API char *jb_gen_w_map_key(jb_gen_enc *e, char *p, const jb_type *k, const void *entry);
/** The interpreter for one value of type t. */
JB_API char *jb_gen_w_value(jb_gen_enc *e, char *p, const jb_type *t, const void *value,
                            uint32_t scope);
/** The record t at o written by its plan (the compact form of
 * jb_gen_record): fns[i] encodes field i's value when it is not a leaf;
 * after_tag: the fields follow a sum's tag in an object already open. */
JB_API char *jb_gen_w_record(jb_gen_enc *e, char *p, const char *o, const jb_type *t,
                             const jb_gen_enc_fn *fns, uint32_t scope, int after_tag);
/** The enum t at o as its name (object: as {"name":{}}), by the plan's
 * value table: the compact form of a large enum's encoder. */
JB_API char *jb_gen_w_enum(jb_gen_enc *e, char *p, const char *o, const jb_type *t, int object);
/** Decimal text of v at dst (21 bytes of room); its length. */
JB_API size_t jb_gen_fmt_i64(char *dst, int64_t v);
JB_API size_t jb_gen_fmt_u64(char *dst, uint64_t v);
/** A vector's len > 0 integers of type t (a built-in integer kind) at
 * items, after its '[': each followed by ',', the last one by ']'. */
JB_API char *jb_gen_w_ints(jb_gen_enc *e, char *p, const char *items, size_t len, const jb_type *t);
/** The decimal digits of each of 0 to 999 from byte 0, and their count
 * (1 to 3) in byte 3: jbg_fmt_i64's table. */
JB_API extern const char jb_gen_digits[1000][4];

/** Representation state inherited by a place in a type (what a type's
 * format sets for its contents), as the generator resolved it. */
#define JB_GEN_SCOPE_FLOAT(s)     ((s) & 0xffu)         /**< jb_float_style (0: the call's) */
#define JB_GEN_SCOPE_KEY_MODE(s)  (((s) >> 8) & 0x7u)   /**< jb_key_mode */
#define JB_GEN_SCOPE_INT64(s)     (((s) >> 11) & 0x3u)  /**< 0, 1 int64 as strings, 2 with a sign */
#define JB_GEN_SCOPE_INTEGRAL     0x2000u  /**< JB_FMT_INTEGRAL_FLOATS */
#define JB_GEN_SCOPE_NONFINITE    0x4000u  /**< JB_FMT_NONFINITE_AESON */
#define JB_GEN_SCOPE_SORTED       0x8000u  /**< JB_FMT_SORTED_MAPS */
#define JB_GEN_SCOPE_CONTROL_HEX  0x10000u /**< JB_FMT_CONTROL_HEX */

/* ---- small inline helpers of the generated code ---- */

/** How the decoding helpers below are declared: always inlined under GCC and Clang.
 * A record's decoder is one long function calling them at every member,
 * and past a size gcc -O2 stops inlining plain `static inline` functions
 * into it (its growth limits): jbg_is then became a call of memcmp
 * instead of one or two word compares of a constant. */
#if defined(__GNUC__)
#define JBG_INLINE static inline __attribute__((always_inline))
#else
#define JBG_INLINE static inline
#endif

/** Whitespace: inline when none or one space (the common cases). The
 * generated path runs without JB_READ_ALLOW_COMMENTS, so '/' is no
 * whitespace here. */
JBG_INLINE const char *jbg_ws(jb_gen_dec *d, const char *p) {
    const char *end = d->end;
    if (p < end) {
        unsigned char c = (unsigned char)*p;
        if (c > ' ') return p;
        if (c == ' ' && p + 1 < end && (unsigned char)p[1] > ' ') return p + 1;
    }
    return jb_gen_ws(d, p);
}

/** Whitespace where the common case is none and the next common one a
 * line break, which takes the call either way: after a record member's
 * ',' (minified: the key's quote; pretty: a line break and indentation).
 * One compare inline instead of jbg_ws's two keeps each member's code,
 * which every record decoder repeats, short. */
JBG_INLINE const char *jbg_ws0(jb_gen_dec *d, const char *p) {
    if (p < d->end && (unsigned char)*p > ' ') return p;
    return jb_gen_ws(d, p);
}

/** Bytes that may follow a literal: the end, whitespace , ] }. */
JBG_INLINE int jbg_lit_end(const char *p, const char *end) {
    if (p == end) return 1;
    switch (*p) {
    case ',': case ']': case '}': case ' ': case '\n': case '\r': case '\t': return 1;
    default: return 0;
    }
}

/** Unaligned loads of 8, 4 and 2 bytes (memcpy: no undefined behaviour;
 * compilers make them one load). */
JBG_INLINE uint64_t jbg_w8(const char *s) {
    uint64_t v;
    memcpy(&v, s, 8);
    return v;
}
JBG_INLINE uint32_t jbg_w4(const char *s) {
    uint32_t v;
    memcpy(&v, s, 4);
    return v;
}
JBG_INLINE uint16_t jbg_w2(const char *s) {
    uint16_t v;
    memcpy(&v, s, 2);
    return v;
}

/** n bytes at p equal lit. lit and n are constants in generated code, so
 * the words of lit fold into immediates and this is a few loads and
 * compares: 8-byte words, the last one overlapping the one before (a
 * 14-byte key is two compares), and 4 or 2 bytes twice, overlapping, below
 * 8. memcmp with a constant length is not always expanded (gcc 12 calls
 * it for lengths like 14). */
JBG_INLINE int jbg_is(const char *p, const char *end, const char *lit, size_t n) {
    if ((size_t)(end - p) < n) return 0;
    if (n >= 8) {
        uint64_t diff = jbg_w8(p + n - 8) ^ jbg_w8(lit + n - 8);
        for (size_t k = 0; k + 8 < n; k += 8) diff |= jbg_w8(p + k) ^ jbg_w8(lit + k);
        return diff == 0;
    }
    /* cppcheck-suppress pointerOutOfBoundsCond ; n is lit's length, so lit + n - 4 is in it (n >= 4) */
    if (n >= 4) return ((jbg_w4(p) ^ jbg_w4(lit)) | (jbg_w4(p + n - 4) ^ jbg_w4(lit + n - 4))) == 0;
    if (n >= 2) return ((jbg_w2(p) ^ jbg_w2(lit)) | (jbg_w2(p + n - 2) ^ jbg_w2(lit + n - 2))) == 0;
    return n == 0 || *p == *lit;
}

JBG_INLINE const char *jbg_null(const char *p, const char *end) {
    return jbg_is(p, end, "null", 4) && jbg_lit_end(p + 4, end) ? p + 4 : NULL;
}

JBG_INLINE const char *jbg_bool(const char *p, const char *end, bool *out) {
    if (jbg_is(p, end, "true", 4) && jbg_lit_end(p + 4, end)) {
        *out = true;
        return p + 4;
    }
    if (jbg_is(p, end, "false", 5) && jbg_lit_end(p + 5, end)) {
        *out = false;
        return p + 5;
    }
    return NULL;
}

/** After a member or element: 1 after ',' (and whitespace), 0 after the
 * closing byte (consumed), -1 otherwise. */
JBG_INLINE int jbg_next(jb_gen_dec *d, const char **pp, char close) {
    const char *p = jbg_ws(d, *pp);
    if (p < d->end) {
        if (*p == ',') {
            *pp = jbg_ws(d, p + 1);
            return 1;
        }
        if (*p == close) {
            *pp = p + 1;
            d->depth--;
            return 0;
        }
    }
    return -1;
}

/** '{' or '[' at p: depth checked, whitespace after it skipped; NULL when
 * p is not on c or nesting is too deep. */
JBG_INLINE const char *jbg_open(jb_gen_dec *d, const char *p, char c) {
    if (p >= d->end || *p != c || d->depth >= d->max_depth) return NULL;
    d->depth++;
    return jbg_ws(d, p + 1);
}

/** Encoding: room for n bytes at p. */
static inline char *jbg_room(jb_gen_enc *e, char *p, size_t n) {
    if ((size_t)(e->end - p) >= n) return p;
    return jb_gen_grow(e, p, n);
}

/** Decimal text of v at dst (21 bytes of room), its length: 0 to 999 (a
 * record's counts and sizes, most integers) in line from jb_gen_digits,
 * one 4-byte move whose bytes past the digits are room the next write
 * covers; the rest by jb_gen_fmt_i64 / jb_gen_fmt_u64. */
JBG_INLINE size_t jbg_fmt_i64(char *dst, int64_t v) {
    if ((uint64_t)v < 1000) {
        memcpy(dst, jb_gen_digits[v], 4);
        return (unsigned char)jb_gen_digits[v][3];
    }
    return jb_gen_fmt_i64(dst, v);
}
JBG_INLINE size_t jbg_fmt_u64(char *dst, uint64_t v) {
    if (v < 1000) {
        memcpy(dst, jb_gen_digits[v], 4);
        return (unsigned char)jb_gen_digits[v][3];
    }
    return jb_gen_fmt_u64(dst, v);
}

/** Encoding: one level deeper (the interpreter's depth limit). */
static inline int jbg_deeper(jb_gen_enc *e) {
    if (e->depth >= e->max_depth) return 0;
    e->depth++;
    return 1;
}

#ifdef __cplusplus
}
#endif

#endif /* JBIND_GEN_H */
