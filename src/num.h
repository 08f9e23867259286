/* SPDX-License-Identifier: MIT */
/*
 * num.h — number text: the JSON number grammar, range-checked integer
 * parsing, correctly rounded double/float parsing, integer formatting and
 * shortest round-trip double/float formatting. Never reads the locale.
 */
#ifndef JB_NUM_H
#define JB_NUM_H

#include "base.h"

/*
 * Scan a JSON number (RFC 8259 grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?)
 * starting at p, never reading at or past end. Returns its length, or 0 when
 * p does not start a valid number; then *bad (if not NULL) is the offset from
 * p of the first byte that breaks the grammar (== end - p when input ran out).
 * *integral (if not NULL) is true when there is no fraction and no exponent.
 * The scan stops at the first byte that cannot continue the number; the
 * caller checks that what follows is a delimiter.
 */
JB_HIDDEN size_t jb__num_scan(const char *p, const char *end, bool *integral, size_t *bad);

/*
 * Parse a number token s[0..n) (already valid per jb__num_scan) into an
 * integer. JB_OK; JB_E_RANGE if it does not fit; JB_E_TYPE if it has a
 * fraction or exponent — unless integral_floats is true and its value is an
 * exact integer in range (1.0, 1e2, 1.5e1), which is then accepted.
 */
JB_HIDDEN jb_status jb__parse_i64(const char *s, size_t n, bool integral_floats, int64_t *out);
JB_HIDDEN jb_status jb__parse_u64(const char *s, size_t n, bool integral_floats, uint64_t *out);

/* Correctly rounded (round-half-even) conversion of a valid number token.
 * JB_OK, or JB_E_RANGE when the magnitude rounds to infinity. Underflow
 * rounds to (signed) zero or a subnormal, as IEEE says. -0 gives -0.0.
 * Linear time in n. f32 is rounded directly from the decimal. */
JB_HIDDEN jb_status jb__parse_f64(const char *s, size_t n, double *out);
JB_HIDDEN jb_status jb__parse_f32(const char *s, size_t n, float *out);

/* Scan a number at p and convert it to double in one pass; returns its
 * length (and *st: JB_OK or JB_E_RANGE), or 0 when p does not start a
 * plain valid number (nothing stored; use jb__num_scan + jb__parse_f64). */
JB_HIDDEN size_t jb__scan_f64(const char *p, const char *end, double *out, jb_status *st);
/* The same, for a caller that has seen the token's first k (1..7) digits,
 * after an optional '-', followed by '.' (the DOM's number test): that
 * word is not read again. */
JB_HIDDEN size_t jb__scan_f64_point(const char *p, const char *end, unsigned k, double *out,
                                    jb_status *st);

/* ---- word-at-a-time digits (shared by numparse.c and the decoder) -------
 * On little-endian targets eight input bytes are loaded as one word (first
 * byte lowest). Subtracting '0' from every byte turns digits into 0..9;
 * a byte is then a non-digit when it is >= 10, which one add and one or
 * expose in its high bit. A borrow or carry crosses into a byte only from
 * a lower non-digit byte, so the first flagged byte is exactly the first
 * non-digit. Callers load a word only while 8 bytes remain in the input
 * and finish the last few bytes one at a time: no load reads past the end.
 * Other targets use the byte loops alone (JB_NUM_SWAR 0), as does a
 * build with -DJB_NO_SWAR (how the portable paths are tested here). */
#if !defined(JB_NO_SWAR) && defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define JB_NUM_SWAR 1
#else
#define JB_NUM_SWAR 0
#endif

#define JB_ZEROS8 0x3030303030303030u

static inline bool jb__isdigit(char c) { return (unsigned)((unsigned char)c - '0') < 10; }

/* How many leading bytes (0..8) of t = word - JB_ZEROS8 were digits. */
static inline unsigned jb__digit_count8(uint64_t t) {
    uint64_t bad = (t | (t + 0x7676767676767676u)) & 0x8080808080808080u;
    return bad ? jb__ctz64(bad) >> 3 : 8;
}

/* The value of 8 digits t = word - JB_ZEROS8 (first digit in the low
 * byte): neighbours combine into 2-digit, then 4- and 8-digit values, each
 * step one multiply. */
static inline uint32_t jb__digits8(uint64_t t) {
    t = (t * 10) + (t >> 8); /* byte 2i holds digit pair i */
    t = (((t & 0x000000FF000000FFu) * (100 + (1000000ull << 32))) +
         (((t >> 16) & 0x000000FF000000FFu) * (1 + (10000ull << 32)))) >>
        32;
    return (uint32_t)t;
}

/* The value of the first k digits of t, 1 <= k <= 8: the other bytes are
 * shifted out and zeros come in as leading digits. */
static inline uint32_t jb__digits_first(uint64_t t, unsigned k) {
    return jb__digits8(k == 8 ? t : t << (8 * (8 - k)));
}

/* Bytes that may follow a number: whitespace , ] } (a 256-entry table in
 * decode_leaf.c; the general path also knows comments). */
JB_HIDDEN extern const bool jb__num_delim[256];

/* 10^k for k <= 8. */
JB_HIDDEN extern const uint32_t jb__pow10_u32[9];

/*
 * An integer at p: optional '-', 1..19 digits without a leading zero (so
 * the magnitude fits in uint64). Returns its length with *neg and *mag, or
 * 0 when there is no digit, a leading zero or a 20th digit: the caller's
 * general path handles those. The byte after the digits is a non-digit
 * (or the end); the caller checks it is a delimiter, which also turns a
 * fraction or exponent away. 8 digits a word while 8 bytes remain, then a
 * byte at a time: reads only below end. Out of line: inlined, it made the
 * decoder's leaf switch heavier for every value, not just integers.
 */
JB_HIDDEN size_t jb__scan_uint19(const char *p, const char *end, bool *neg, uint64_t *mag);

/* Decimal text of v; no NUL. dst needs 20 bytes (u64) / 21 bytes (i64). */
JB_HIDDEN size_t jb__fmt_u64(char *dst, uint64_t v);
JB_HIDDEN size_t jb__fmt_i64(char *dst, int64_t v);

/*
 * Shortest text that parses back to exactly v, in style st (jb_float_style;
 * INHERIT and unknown values mean ECMA), written straight from the
 * shortest digits. ECMA is ECMAScript Number#toString (-2, 0.1, 100,
 * 1e+21, 1.5e-7, 5e-324; plain notation for 1e-6 <= |v| < 1e21) except
 * that -0.0 is "-0"; the other styles are described in numstyle.c. v must
 * be finite. dst needs JB_FMT_F64_MAX bytes: the text is at most 26 bytes,
 * and the bytes after it, up to JB_FMT_F64_MAX, may be overwritten. No NUL.
 * f32: the shortest that round-trips as a float. jb__fmt_f64/f32 = ECMA.
 */
#define JB_FMT_F64_MAX 40
JB_HIDDEN size_t jb__fmt_f64_style(char *dst, double v, jb_float_style st);
JB_HIDDEN size_t jb__fmt_f32_style(char *dst, float v, jb_float_style st);
JB_HIDDEN size_t jb__fmt_f64(char *dst, double v);
JB_HIDDEN size_t jb__fmt_f32(char *dst, float v);

/* The last jb_float_style value (callers clamp to it). */
#define JB_FLOAT_LAST JB_FLOAT_RUST_RYU

/* numstyle.c: lay out the digits dg[0..m) (no trailing zero; dg holds '0'
 * up to JB_DIGITS_ROOM) with the decimal point at position n (value =
 * 0.dg * 10^n) in style st; f32 selects the style's float ranges. Zero is
 * m = 1, dg "0", n = 1. dst as for jb__fmt_f64_style. */
/* How each style spells a double (the table is in numstyle.c; numfmt.c's
 * fast path reads lo/lo32 too). n is the decimal point's position. */
typedef struct jb_spelling {
    int8_t lo, hi;       /* plain notation for lo <= n <= hi (doubles) */
    int8_t lo32, hi32;   /* the same for floats */
    char e;              /* exponent letter */
    bool plus;           /* '+' before a positive exponent */
    bool two;            /* at least two exponent digits (1E-05) */
    bool point_zero;     /* an integral plain value ends in ".0" (zero is 0.0) */
    bool sci_point_zero; /* a one-digit significand is d.0 in exponent form */
    bool hi_digits;      /* hi grows to the digit count (DOTNET) */
} jb_spelling;
JB_HIDDEN extern const jb_spelling jb__spellings[JB_FLOAT_LAST + 1];

#define JB_DIGITS_ROOM 40
JB_HIDDEN size_t jb__spell_float(char *dst, bool neg, const char *dg, int m, int n,
                                 jb_float_style st, bool f32);

#endif
