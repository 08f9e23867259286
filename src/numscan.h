/* SPDX-License-Identifier: MIT */
/*
 * numscan.h — the straight path of a double's scan (jb__scan_f64), inline
 * for the leaf decoders that read most doubles: the interpreter's
 * jb__dec_float, the generated codecs' jb_gen_f64 and the DOM. Out of
 * line it cost a call, a frame that saved five registers, and the value
 * and status passed back through memory: about 25 instructions a double,
 * a sixth of canada's decode. numparse.c has everything else.
 */
#ifndef JB_NUMSCAN_H
#define JB_NUMSCAN_H

#include "num.h"
#include "numtables.h"

#include <float.h>

/* FLT_EVAL_METHOD 0: float and double operations round to their own type,
 * which Clinger's fast path needs (x87 extended precision would round
 * twice). */
#if defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD == 0
#define JB_CLINGER 1
/* 10^0 .. 10^22, exact as doubles. */
JB_HIDDEN extern const double jb__p10_f64[23];
#else
#define JB_CLINGER 0
#endif

#if JB_NUM_SWAR
/* The non-digit bytes of t = word - JB_ZEROS8, each flagged by its high
 * bit (num.h: the lowest flag is exactly the first non-digit; flags above
 * it may be spurious). 0: eight digits. */
static inline uint64_t jb__nondigits8(uint64_t t) {
    return (t | (t + 0x7676767676767676u)) & 0x8080808080808080u;
}

/* The digits of t before its first non-digit (bad = jb__nondigits8(t),
 * nonzero), the bytes from it on cleared: read by jb__digits8 as trailing
 * zero digits, so c digits D give D * 10^(8 - c). The lowest flag, bit
 * 8c + 7, shifted down to bit 8c, less one, masks bytes 0..c-1. */
static inline uint64_t jb__digits_before(uint64_t t, uint64_t bad) {
    return t & (((bad & (0 - bad)) >> 7) - 1);
}

/*
 * Eisel-Lemire for the straight path below: w * 10^q with 1 <= w < 2^64
 * and -18 <= q <= -1. The value lies in [1e-18, 2^64), far inside the
 * normal range, so there is no zero, subnormal or infinity to handle; and
 * the 128-bit product always decides (jb_eisel_lemire gives up only for
 * q < -27 or q > 55, where 5^q is inexact in the table). With Clinger
 * (the only caller there passes w > 2^53 and q <= -9) no halfway point is
 * possible: w * 10^q = w / 5^-q / 2^-q halfway between two doubles needs
 * w / 5^-q to be an integer of 54 bits, so 5^-q <= 2^64 / 2^53, -q <= 4.
 * Returns the bits.
 */
JB_INLINE uint64_t jb__el_frac(uint64_t w, int q) {
    uint64_t hi, lo, m;
    int lz = jb__clz64(w), upper;
    int64_t p2;
    const uint64_t *t = jb__pow5_128[q - JB_POW5_MIN];
    w <<= lz;
    lo = jb__mul64(w, t[0], &hi);
    if ((hi & 0x1FF) == 0x1FF) { /* 9 = 64 - 52 - 3 low bits all ones */
        uint64_t h2 = jb__mulhi64(w, t[1]);
        lo += h2;
        hi += lo < h2;
    }
    upper = (int)(hi >> 63);
    m = hi >> (upper + 9); /* 54 bits: the leading 1 (bit 53), 52 more, the round bit */
#if !JB_CLINGER
    /* A halfway point (only for q >= -4, where 5^q is exact) goes to even. */
    if (lo <= 1 && q >= -4 && (m & 3) == 1 && (m << (upper + 9)) == hi) m &= ~(uint64_t)1;
#else
    (void)lo;
#endif
    /* Round half up: 53 bits, or 2^53 when it carried out. Added to the
     * exponent field less one, the leading 1 brings the field to p2, and
     * a carry to 2^53 brings it to p2 + 1 with a zero fraction. p2 is
     * floor(q * log2(10)) + 63 (the binary exponent of the normalized
     * 5^q) + upper - lz, biased. */
    m = (m + 1) >> 1;
    p2 = jb__floor_shr((int64_t)q * 217706, 16) + 63 + 1023 + upper - lz;
    return m + ((uint64_t)(p2 - 1) << 52);
}

/*
 * Scan and convert in one pass (the decoder's and the DOM's hot path for
 * doubles). The common double, "[-]d[ddddddd].ddd..." with 1..7 integer
 * digits, at most 19 digits in all and no exponent, is read in two word
 * loads and at most three bytes, with the point squeezed out: the first
 * word takes the integer digits from a load at the start and the fraction
 * digits from a load one byte later (which sees them shifted down past
 * the point), so "-65.613616999999977" is the digit string
 * 65613616999999977 read as 8 + 8 digits and one byte. A word that ends
 * the digits is read with the rest cleared, as zero digits: w is then the
 * digits times a power of ten that depends only on which word ended them,
 * and the exponent with it (k - 8 or k - 16, k the integer digits; one
 * less per digit after the second word). Then Clinger (w <= 2^53: one
 * correctly rounded IEEE division by at most 10^18) or jb__el_frac, which
 * always decides there. The loads at +0, +1 and +9 from the first digit
 * and the bytes up to +20 need 21 bytes; callers ask for 26 from p (a
 * sign included), so the byte after a straight token is in the input
 * too. Anything else (a long integer part, a leading zero, an empty
 * fraction, a 20th digit, the last bytes of the input) takes numparse.c's
 * general path, errors included. An exponent is not looked for: the
 * caller checks that the byte after the token is a delimiter, which 'e'
 * and 'E' are not (jb__scan_f64, whose callers do not, checks itself).
 */
/* The straight path from the point on: p at the token (ip = p + neg at
 * its first digit), k = 1..7 integer digits known to be followed by '.',
 * no leading zero, 26 bytes of input from p. 0: the general path. */
JB_INLINE size_t jb__f64_point(const char *p, const char *ip, bool neg, unsigned k,
                               double *out) {
    const char *q;
    uint64_t t, bad, w, mask, bits;
    int e10;
    mask = ((uint64_t)1 << (8 * k)) - 1;
    /* Merged before '0' is subtracted: the point's borrow in the second
     * load would otherwise reach the byte after it. */
    t = ((jb__load64(ip) & mask) | (jb__load64(ip + 1) & ~mask)) - JB_ZEROS8;
    bad = jb__nondigits8(t);
    if (bad) {
        /* At most 7 fraction digits, and at least one: the first
         * non-digit is past the point's place (byte k). */
        unsigned c = jb__ctz64(bad) >> 3;
        if (c == k) return 0;
        q = ip + 1 + c;
#if JB_CLINGER
        {
            /* w < 10^8: exact, as 10^(8-k) is; zero too */
            double d = (double)jb__digits8(jb__digits_before(t, bad)) / jb__p10_f64[8 - k];
            *out = neg ? -d : d;
            return (size_t)(q - p);
        }
#else
        w = jb__digits8(jb__digits_before(t, bad));
        e10 = (int)k - 8;
#endif
    } else {
        uint64_t t2 = jb__load64(ip + 9) - JB_ZEROS8, bad2 = jb__nondigits8(t2);
        w = (uint64_t)jb__digits8(t) * 100000000u;
        if (bad2) {
            w += jb__digits8(jb__digits_before(t2, bad2));
            q = ip + 9 + (jb__ctz64(bad2) >> 3);
            e10 = (int)k - 16;
        } else {
            /* 16 digits: up to three more, one byte each (17 is canada's
             * common case); a 20th is the general path's to count. */
            unsigned d;
            w += jb__digits8(t2);
            q = ip + 17;
            if ((d = (unsigned char)*q - '0') < 10) {
                w = w * 10 + d;
                if ((d = (unsigned char)*++q - '0') < 10) {
                    w = w * 10 + d;
                    if ((d = (unsigned char)*++q - '0') < 10) {
                        w = w * 10 + d;
                        if (jb__isdigit(*++q)) return 0;
                    }
                }
            }
            e10 = (int)k + 1 - (int)(q - ip);
        }
    }
#if JB_CLINGER
    if (w <= ((uint64_t)1 << 53)) { /* exact w and 10^-e10; zero too */
        double d = (double)w / jb__p10_f64[-e10];
        *out = neg ? -d : d;
        return (size_t)(q - p);
    }
#else
    if (JB_UNLIKELY(w == 0)) {
        *out = neg ? -0.0 : 0.0;
        return (size_t)(q - p);
    }
#endif
    bits = jb__el_frac(w, e10) | ((uint64_t)neg << 63);
    memcpy(out, &bits, sizeof bits);
    return (size_t)(q - p);
}

/* The straight path alone: its length and *out, or 0 (nothing stored)
 * when the token is not the common shape or fewer than 26 bytes remain;
 * then jb__scan_f64 decides. A straight token is always in range. The
 * byte after it (in the input) is not checked: the caller must see a
 * delimiter there, or the token was longer (an exponent). */
JB_INLINE size_t jb__scan_f64_straight(const char *p, const char *end, double *out) {
    if (JB_LIKELY(end - p >= 26)) {
        bool neg = *p == '-';
        const char *ip = p + neg;
        uint64_t t0 = jb__load64(ip) - JB_ZEROS8;
        unsigned k = jb__digit_count8(t0);
        /* 1..7 integer digits followed by '.', no leading zero. */
        if (k - 1 < 7 && (unsigned char)(t0 >> (8 * k)) == (unsigned char)('.' - '0') &&
            !(k > 1 && (t0 & 0xFF) == 0))
            return jb__f64_point(p, ip, neg, k, out);
    }
    return 0;
}
#endif

#endif
