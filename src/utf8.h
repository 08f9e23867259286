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

#endif
