/* SPDX-License-Identifier: MIT */
/*
 * utf8.h — UTF-8 validation, decoding and encoding (RFC 3629: no overlongs,
 * no surrogates U+D800..U+DFFF, nothing above U+10FFFF).
 */
#ifndef JB_UTF8_H
#define JB_UTF8_H

#include "base.h"

/* Length of the longest valid UTF-8 prefix of s[0..n) that ends on a
 * character boundary: n when all of it is valid. */
JB_HIDDEN size_t jb__utf8_valid_prefix(const unsigned char *s, size_t n);

/* Decode one character at s[0..n): returns its byte length (1..4) and the
 * code point in *cp, or 0 if s does not start with a valid sequence. */
JB_HIDDEN size_t jb__utf8_decode(const unsigned char *s, size_t n, uint32_t *cp);

/* Encode cp (<= 0x10FFFF, not a surrogate) into out (4 bytes); returns the length. */
JB_HIDDEN size_t jb__utf8_encode(uint32_t cp, char *out);

/* Length in bytes of the sequence a lead byte starts (1..4), 0 if not a lead byte. */
JB_HIDDEN size_t jb__utf8_seq_len(unsigned char lead);

/*
 * Length (2..4) of the well-formed UTF-8 sequence at s, whose first byte is
 * >= 0x80, within the avail bytes there; 0 if it is ill-formed or cut off.
 * The table of utf8.c, inline for the string loops (the kernels).
 */
static inline size_t jb__utf8_check(const unsigned char *s, size_t avail) {
    unsigned c = s[0], lo = 0x80, hi = 0xBF;
    if (c < 0xC2) return 0; /* a continuation byte, or C0/C1 (overlong) */
    if (c < 0xE0) return avail >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
    if (c < 0xF0) {
        if (c == 0xE0)
            lo = 0xA0; /* E0 80..9F: overlong */
        else if (c == 0xED)
            hi = 0x9F; /* ED A0..BF: surrogates */
        return avail >= 3 && s[1] >= lo && s[1] <= hi && (s[2] & 0xC0) == 0x80 ? 3 : 0;
    }
    if (c > 0xF4) return 0;
    if (c == 0xF0)
        lo = 0x90; /* F0 80..8F: overlong */
    else if (c == 0xF4)
        hi = 0x8F; /* F4 90..: above U+10FFFF */
    return avail >= 4 && s[1] >= lo && s[1] <= hi && (s[2] & 0xC0) == 0x80 && (s[3] & 0xC0) == 0x80
               ? 4
               : 0;
}

/* Past the well-formed characters from s (s < lim, *s >= 0x80) while they
 * last: the result is lim, an ASCII byte, or the first byte of a sequence
 * that is ill-formed or cut off by lim (the result is s if s is one). */
static inline const unsigned char *jb__utf8_run(const unsigned char *s, const unsigned char *lim) {
    do {
        size_t k = jb__utf8_check(s, (size_t)(lim - s));
        if (k == 0) return s;
        s += k;
    } while (s < lim && *s >= 0x80);
    return s;
}

#endif
