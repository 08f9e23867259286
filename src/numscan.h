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
/*
 * Eisel-Lemire for the fast path below: w * 10^q with 1 <= w < 10^19 and
 * -18 <= q <= -1. The value lies in [1e-18, 1e19), far inside the normal
 * range, so there is no zero, subnormal or infinity to handle; and the
 * 128-bit product always decides (jb_eisel_lemire gives up only for
 * q < -27 or q > 55, where 5^q is inexact in the table). Returns the bits.
 */
JB_INLINE uint64_t jb__el_frac(uint64_t w, int64_t q) {
    uint64_t hi, lo, m;
    int lz = jb__clz64(w), upper, shift;
    const uint64_t *t = jb__pow5_128[q - JB_POW5_MIN];
    int64_t p2;
    w <<= lz;
    lo = jb__mul64(w, t[0], &hi);
    if ((hi & 0x1FF) == 0x1FF) { /* 9 = 64 - 52 - 3 low bits all ones */
        uint64_t h2 = jb__mulhi64(w, t[1]);
        lo += h2;
        hi += lo < h2;
    }
    upper = (int)(hi >> 63);
    shift = upper + 9;
    m = hi >> shift;
    p2 = jb__floor_shr(q * 217706, 16) + 63 + upper - lz + 1023;
    /* A halfway point (only for q >= -4, where 5^q is exact) goes to even. */
    if (lo <= 1 && q >= -4 && (m & 3) == 1 && (m << shift) == hi) m &= ~(uint64_t)1;
    m += m & 1;
    m >>= 1;
    if (m >= ((uint64_t)2 << 52)) {
        m = (uint64_t)1 << 52;
        p2++;
    }
    return (m & ~((uint64_t)1 << 52)) | ((uint64_t)p2 << 52);
}

/*
 * Scan and convert in one pass (the decoder's and the DOM's hot path for
 * doubles). The common double, "[-]d[ddddddd].ddd..." with 1..7 integer
 * digits, at most 19 digits in all and no exponent, is read in at most
 * three word loads with the point squeezed out: the first word takes the
 * integer digits from a load at the start and the fraction digits from a
 * load one byte later (which sees them shifted down past the point), so
 * "-65.613616999999977" is the digit string 65613616999999977 read as
 * 8 + 8 + 1 digits. Then Clinger (w <= 2^53: one correctly rounded IEEE
 * division by 10^18 at most) or jb__el_frac, which always decides there.
 * The loads at +0, +1, +9 and +17 from the first digit need 25 bytes
 * (26 from p, a sign included). Anything else (an exponent, a long
 * integer part, a leading zero, an empty fraction, a 20th digit, the last
 * bytes of the input) takes numparse.c's general path, errors included.
 */
/* The straight path from the point on: p at the token (ip = p + neg at
 * its first digit), k = 1..7 integer digits known to be followed by '.',
 * no leading zero, 26 bytes of input from p. 0: the general path. */
JB_INLINE size_t jb__f64_point(const char *p, const char *ip, bool neg, unsigned k,
                               double *out) {
    const char *q;
    uint64_t t, w, mask, bits;
    unsigned c;
    int64_t e10;
    mask = ((uint64_t)1 << (8 * k)) - 1;
    /* Merged before '0' is subtracted: the point's borrow in the second
     * load would otherwise reach the byte after it. */
    t = ((jb__load64(ip) & mask) | (jb__load64(ip + 1) & ~mask)) - JB_ZEROS8;
    c = jb__digit_count8(t);
    if (c < 8) {
        if (c == k) return 0; /* no fraction digit */
        w = jb__digits_first(t, c);
        q = ip + 1 + c;
    } else {
        w = jb__digits8(t);
        t = jb__load64(ip + 9) - JB_ZEROS8;
        c = jb__digit_count8(t);
        if (c < 8) {
            if (c) w = w * jb__pow10_u32[c] + jb__digits_first(t, c);
            q = ip + 9 + c;
        } else {
            w = w * 100000000u + jb__digits8(t);
            t = jb__load64(ip + 17) - JB_ZEROS8;
            c = jb__digit_count8(t);
            if (c > 3) return 0; /* a 20th digit: the general path counts */
            /* One more digit is the common end (17 significant digits). */
            if (c == 1) {
                w = w * 10 + (t & 0xFF);
            } else if (c) {
                w = w * jb__pow10_u32[c] + jb__digits_first(t, c);
            }
            q = ip + 17 + c;
        }
    }
    if (JB_UNLIKELY(*q == 'e' || *q == 'E')) return 0;
    /* q - ip - 1 digits in all, k of them before the point. */
    e10 = (int64_t)k + 1 - (q - ip);
#if JB_CLINGER
    if (w <= ((uint64_t)1 << 53)) { /* exact w and 10^-e10; zero too */
        double d = (double)w / jb__p10_f64[-e10];
        *out = neg ? -d : d;
        return (size_t)(q - p);
    }
#endif
    if (JB_UNLIKELY(w == 0)) {
        *out = neg ? -0.0 : 0.0;
        return (size_t)(q - p);
    }
    bits = jb__el_frac(w, e10) | ((uint64_t)neg << 63);
    memcpy(out, &bits, sizeof bits);
    return (size_t)(q - p);
}

/* The straight path alone: its length and *out, or 0 (nothing stored)
 * when the token is not the common shape or fewer than 26 bytes remain;
 * then jb__scan_f64 decides. A straight token is always in range. */
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
