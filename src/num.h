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

/* Decimal text of v; no NUL. dst needs 20 bytes (u64) / 21 bytes (i64). */
JB_HIDDEN size_t jb__fmt_u64(char *dst, uint64_t v);
JB_HIDDEN size_t jb__fmt_i64(char *dst, int64_t v);

/*
 * Shortest text that parses back to exactly v, spelled as ECMAScript
 * Number#toString (-2, 0.1, 100, 1e+21, 1.5e-7, 5e-324; plain notation for
 * 1e-6 <= |v| < 1e21, exponent form otherwise) except that -0.0 is "-0".
 * v must be finite. dst needs 32 bytes; no NUL. f32: the shortest that
 * round-trips as a float.
 */
JB_HIDDEN size_t jb__fmt_f64(char *dst, double v);
JB_HIDDEN size_t jb__fmt_f32(char *dst, float v);

#define JB_FMT_F64_MAX 32

/* numstyle.c: respell ECMAScript number text (from jb__fmt_f64/f32) in
 * another ecosystem's style; dst needs JB_FMT_F64_MAX + 8 bytes. */
JB_HIDDEN size_t jb__float_respell(char *dst, const char *s, size_t n, jb_float_style st);

#endif
