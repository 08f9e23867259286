/* SPDX-License-Identifier: MIT */
/*
 * utf8.c — UTF-8 validation, decoding and encoding, strict RFC 3629:
 * no overlong forms, no UTF-16 surrogates (U+D800..U+DFFF), nothing above
 * U+10FFFF.
 *
 * The well-formed byte sequences (RFC 3629 section 4, Unicode table 3-7):
 *
 *   U+0000..U+007F     00..7F
 *   U+0080..U+07FF     C2..DF  80..BF
 *   U+0800..U+0FFF     E0      A0..BF  80..BF     (E0 80..9F would be overlong)
 *   U+1000..U+CFFF     E1..EC  80..BF  80..BF
 *   U+D000..U+D7FF     ED      80..9F  80..BF     (ED A0..BF are surrogates)
 *   U+E000..U+FFFF     EE..EF  80..BF  80..BF
 *   U+10000..U+3FFFF   F0      90..BF  80..BF 80..BF  (F0 80..8F overlong)
 *   U+40000..U+FFFFF   F1..F3  80..BF  80..BF 80..BF
 *   U+100000..U+10FFFF F4      80..8F  80..BF 80..BF  (F4 90.. is > U+10FFFF)
 *
 * So only the second byte has a range other than 80..BF, and only after
 * E0, ED, F0 and F4. C0, C1 and F5..FF never appear.
 *
 * read.c has its own inline copy of the validity check (utf8_seq_ok) for the
 * string scanner's hot loop; the two follow this same table.
 */
#include "utf8.h"

/* Every byte's high bit: a word with none set is 8 ASCII bytes. */
#define HI8 UINT64_C(0x8080808080808080)

size_t jb__utf8_seq_len(unsigned char lead) {
    if (lead < 0x80) return 1;
    if (lead < 0xC2) return 0; /* continuation byte, or C0/C1 (only ever overlong) */
    if (lead < 0xE0) return 2;
    if (lead < 0xF0) return 3;
    if (lead < 0xF5) return 4;
    return 0; /* F5..FF would start code points above U+10FFFF */
}

size_t jb__utf8_decode(const unsigned char *s, size_t n, uint32_t *cp) {
    uint32_t c, lo = 0x80, hi = 0xBF;
    if (n == 0) return 0;
    c = s[0];
    if (c < 0x80) {
        if (cp) *cp = c;
        return 1;
    }
    if (c < 0xC2) return 0;
    if (c < 0xE0) {
        if (n < 2 || (s[1] & 0xC0) != 0x80) return 0;
        if (cp) *cp = ((c & 0x1F) << 6) | (s[1] & 0x3Fu);
        return 2;
    }
    if (c < 0xF0) {
        if (c == 0xE0) lo = 0xA0; /* below: overlong */
        if (c == 0xED) hi = 0x9F; /* above: U+D800..U+DFFF */
        if (n < 3 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80) return 0;
        if (cp) *cp = ((c & 0x0F) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu);
        return 3;
    }
    if (c < 0xF5) {
        if (c == 0xF0) lo = 0x90; /* below: overlong */
        if (c == 0xF4) hi = 0x8F; /* above: beyond U+10FFFF */
        if (n < 4 || s[1] < lo || s[1] > hi || (s[2] & 0xC0) != 0x80 || (s[3] & 0xC0) != 0x80)
            return 0;
        if (cp)
            *cp = ((c & 0x07) << 18) | ((s[1] & 0x3Fu) << 12) | ((s[2] & 0x3Fu) << 6) |
                  (s[3] & 0x3Fu);
        return 4;
    }
    return 0;
}

size_t jb__utf8_encode(uint32_t cp, char *out) {
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | (cp >> 6));
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        /* Precondition violated (a surrogate): write nothing rather than
         * produce ill-formed UTF-8. */
        if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
        o[0] = (unsigned char)(0xE0 | (cp >> 12));
        o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp > 0x10FFFF) return 0; /* precondition violated, as above */
    o[0] = (unsigned char)(0xF0 | (cp >> 18));
    o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

size_t jb__utf8_valid_prefix(const unsigned char *s, size_t n) {
    size_t i = 0;
    while (i < n) {
        /* ASCII runs, 16 then 8 bytes at a time: OR-ing the words keeps
         * every byte's high bit, so a zero result under HI8 means no byte
         * is >= 0x80. The loads need 16 (8) readable bytes: checked. */
        while (n - i >= 16 && ((jb__load64(s + i) | jb__load64(s + i + 8)) & HI8) == 0) i += 16;
        while (n - i >= 8 && (jb__load64(s + i) & HI8) == 0) i += 8;
        if (i >= n) break;
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        {
            size_t k = jb__utf8_decode(s + i, n - i, NULL);
            if (k == 0) return i; /* invalid or cut off: the prefix ends before it */
            i += k;
        }
    }
    return n;
}
