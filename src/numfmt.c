/* SPDX-License-Identifier: MIT */
/*
 * numfmt.c — integers and shortest round-trip doubles/floats as text.
 *
 * Integers: digits are produced right to left, two at a time from a
 * "00".."99" table, in 8-digit 32-bit chunks so that the wide divisions are
 * few.
 *
 * Doubles and floats: Schubfach (Raffaello Giulietti, "The Schubfach way to
 * render doubles", 2020). For v = c * 2^q the rounding interval R_v around v
 * is [v - d_lo, v + d_hi] (open or closed by the parity of c). With
 * k = floor(log10(2^q)) (or of 3/4 * 2^q when the lower gap is half the
 * upper one), v * 10^-k lies in [c, 10c), so its integer part s has 16-17
 * digits. The algorithm computes 4 * v * 10^-k and the two interval ends in
 * the same scale, each rounded to odd ("rop": floor, with the last bit forced
 * to 1 when inexact), which keeps every comparison with a multiple of 4
 * exact. Then:
 *   - if exactly one multiple of 10^(k+1) lies in R_v, it is the shortest
 *     (the interval is narrower than 10^(k+1), so there is at most one);
 *   - else if exactly one of s, s + 1 (times 10^k) lies in R_v, take it;
 *   - else both do: take the one nearer v (ties to even).
 * 10^-k comes from a 128-bit table (g = floor(10^-k * 2^-r) + 1, so
 * g * 2^r > 10^-k) and rop needs only the upper 128 bits of the 192-bit
 * product c * g: the paper shows that a fraction below 2^-63 there means the
 * exact product is an integer.
 *
 * The result digits are then spelled as ECMAScript Number#toString does.
 */
#include "num.h"
#include "numtables.h"

/* ---- digit writing ---------------------------------------------------- */

static const uint64_t jb_pow10_u64[20] = {1u,
                                          10u,
                                          100u,
                                          1000u,
                                          10000u,
                                          100000u,
                                          1000000u,
                                          10000000u,
                                          100000000u,
                                          1000000000u,
                                          10000000000u,
                                          100000000000u,
                                          1000000000000u,
                                          10000000000000u,
                                          100000000000000u,
                                          1000000000000000u,
                                          10000000000000000u,
                                          100000000000000000u,
                                          1000000000000000000u,
                                          10000000000000000000u};

/* Number of decimal digits of v (1 for 0). */
static inline int jb_ndigits(uint64_t v) {
    /* floor(log10(v)) from the bit length: 1233/4096 ~ log10(2), then one
     * table comparison corrects the estimate (never off by more than 1). */
    uint64_t u = v | 1; /* same digit count as v (10^t is even), and 0 -> 1 */
    int bits = 64 - jb__clz64(u);
    int t = (bits * 1233) >> 12;
    return t + 1 - (u < jb_pow10_u64[t]);
}

/* Two digits of v < 100 at p. */
static inline void jb_put2(char *p, uint32_t v) { memcpy(p, jb__digit_pairs + 2 * v, 2); }

/* Exactly 8 digits of v < 10^8 at p (leading zeros kept). */
static inline void jb_put8(char *p, uint32_t v) {
    uint32_t hi = v / 10000, lo = v % 10000;
    jb_put2(p, hi / 100);
    jb_put2(p + 2, hi % 100);
    jb_put2(p + 4, lo / 100);
    jb_put2(p + 6, lo % 100);
}

/* The digits of v, ending just before end (end - jb_ndigits(v) is the start). */
static inline void jb_put_digits(char *end, uint64_t v) {
    char *p = end;
    uint32_t w;
    while (v >= 100000000u) {
        uint64_t q = v / 100000000u;
        p -= 8;
        jb_put8(p, (uint32_t)(v - q * 100000000u));
        v = q;
    }
    w = (uint32_t)v;
    while (w >= 100) {
        uint32_t q = w / 100;
        p -= 2;
        jb_put2(p, w - q * 100);
        w = q;
    }
    if (w >= 10) {
        p -= 2;
        jb_put2(p, w);
    } else {
        *--p = (char)('0' + w);
    }
}

size_t jb__fmt_u64(char *dst, uint64_t v) {
    int n = jb_ndigits(v);
    jb_put_digits(dst + n, v);
    return (size_t)n;
}

size_t jb__fmt_i64(char *dst, int64_t v) {
    if (v < 0) {
        /* 0 - (uint64_t)v is the magnitude even for INT64_MIN. */
        dst[0] = '-';
        return 1 + jb__fmt_u64(dst + 1, 0 - (uint64_t)v);
    }
    return jb__fmt_u64(dst, (uint64_t)v);
}

/* ---- Schubfach -------------------------------------------------------- */

/* s * 10^k, s > 0 (trailing zeros not yet removed). */
typedef struct jb_dec {
    uint64_t s;
    int32_t k;
} jb_dec;

/* g = floor(10^e * 2^-r) + 1 normalized to 128 bits, e in [-292, 324]. The
 * table follows the parser's rounding convention; the generator checks that
 * this adjustment gives Schubfach's g. */
static inline void jb_g128(int32_t e, uint64_t *hi, uint64_t *lo) {
    const uint64_t *t = jb__pow5_128[e - JB_POW5_MIN];
    uint64_t add = (e >= 0 || e < -27) ? 1u : 0u;
    *lo = t[1] + add;
    *hi = t[0] + (*lo < add);
}

/* Round to odd of (g * cp) / 2^128, g = ghi:glo. Only the upper 128 bits of
 * the 192-bit product are formed; z is the fraction's top 64 bits. */
static inline uint64_t jb_rop64(uint64_t ghi, uint64_t glo, uint64_t cp) {
    uint64_t x1 = jb__mulhi64(glo, cp);
    uint64_t y1;
    uint64_t y0 = jb__mul64(ghi, cp, &y1);
    uint64_t z = y0 + x1;
    uint64_t vb = y1 + (z < x1);
    return vb | (z > 1);
}

/* The 32-bit analogue: g is 64 bits, the product is formed to 64 + 32 bits. */
static inline uint32_t jb_rop32(uint64_t g, uint32_t cp) {
    uint64_t b01 = (uint64_t)(uint32_t)g * cp;
    uint64_t b11 = (g >> 32) * cp;
    uint64_t hi = b11 + (b01 >> 32);
    return (uint32_t)(hi >> 32) | ((uint32_t)hi > 1);
}

/* The final choice of Figure 4/6 of the paper, shared by both widths: vb, the
 * interval ends lower..upper (inclusive, already adjusted for openness) in
 * units of 10^k / 4. */
static inline jb_dec jb_pick(uint64_t vb, uint64_t lower, uint64_t upper, int32_t k) {
    jb_dec r;
    uint64_t s = vb >> 2;
    if (s >= 10) {
        uint64_t sp = s / 10;
        bool up_in = lower <= 40 * sp;
        bool wp_in = 40 * sp + 40 <= upper;
        if (up_in != wp_in) {
            r.s = sp + wp_in;
            r.k = k + 1;
            return r;
        }
    }
    {
        bool u_in = lower <= 4 * s;
        bool w_in = 4 * s + 4 <= upper;
        if (u_in != w_in) {
            r.s = s + w_in;
            r.k = k;
            return r;
        }
    }
    {
        uint64_t mid = 4 * s + 2;
        bool up = vb > mid || (vb == mid && (s & 1) != 0);
        r.s = s + up;
        r.k = k;
        return r;
    }
}

/* Shortest decimal of a finite nonzero double given by its exponent field
 * be and fraction field bm. */
static jb_dec jb_schubfach64(uint32_t be, uint64_t bm) {
    uint64_t c, cbl, cb, cbr, ghi, glo, vbl, vb, vbr;
    int32_t q, k, h;
    bool lower_closer, even;
    if (be != 0) {
        c = bm | ((uint64_t)1 << 52);
        q = (int32_t)be - 1075;
        /* An integer below 2^53: its digits are the shortest text. */
        if (q <= 0 && q > -53 && (c & (((uint64_t)1 << -q) - 1)) == 0) {
            jb_dec r = {c >> -q, 0};
            return r;
        }
    } else {
        c = bm;
        q = -1074;
    }
    even = (c & 1) == 0;
    /* At a power of two (not the smallest normal) the gap below is half the
     * gap above. */
    lower_closer = bm == 0 && be > 1;
    cbl = 4 * c - 2 + lower_closer;
    cb = 4 * c;
    cbr = 4 * c + 2;
    k = lower_closer ? jb__flog10_3q_pow2(q) : jb__flog10_pow2(q);
    h = q + jb__flog2_pow10(-k) + 1; /* 1..4: cbr << h stays below 2^60 */
    jb_g128(-k, &ghi, &glo);
    vbl = jb_rop64(ghi, glo, cbl << h);
    vb = jb_rop64(ghi, glo, cb << h);
    vbr = jb_rop64(ghi, glo, cbr << h);
    return jb_pick(vb, vbl + !even, vbr - !even, k);
}

static jb_dec jb_schubfach32(uint32_t be, uint32_t bm) {
    uint32_t c, cbl, cb, cbr, vbl, vb, vbr;
    uint64_t g;
    int32_t q, k, h;
    bool lower_closer, even;
    if (be != 0) {
        c = bm | ((uint32_t)1 << 23);
        q = (int32_t)be - 150;
        if (q <= 0 && q > -24 && (c & (((uint32_t)1 << -q) - 1)) == 0) {
            jb_dec r = {c >> -q, 0};
            return r;
        }
    } else {
        c = bm;
        q = -149;
    }
    even = (c & 1) == 0;
    lower_closer = bm == 0 && be > 1;
    cbl = 4 * c - 2 + lower_closer;
    cb = 4 * c;
    cbr = 4 * c + 2;
    k = lower_closer ? jb__flog10_3q_pow2(q) : jb__flog10_pow2(q);
    h = q + jb__flog2_pow10(-k) + 1;
    /* The 64-bit g is the top word of the 128-bit floor, plus one. */
    g = jb__pow5_128[-k - JB_POW5_MIN][0] + 1;
    vbl = jb_rop32(g, cbl << h);
    vb = jb_rop32(g, cb << h);
    vbr = jb_rop32(g, cbr << h);
    return jb_pick(vb, (uint64_t)vbl + !even, (uint64_t)vbr - !even, k);
}

/* ---- ECMAScript spelling ---------------------------------------------- */

/* Removes the trailing zeros of s > 0 (moving them into k). */
static inline void jb_strip_zeros(jb_dec *d) {
    while (d->s % 100000000u == 0) {
        d->s /= 100000000u;
        d->k += 8;
    }
    if (d->s % 10000u == 0) {
        d->s /= 10000u;
        d->k += 4;
    }
    if (d->s % 100u == 0) {
        d->s /= 100u;
        d->k += 2;
    }
    if (d->s % 10u == 0) {
        d->s /= 10u;
        d->k += 1;
    }
}

/*
 * Number#toString for s * 10^k, s without trailing zeros, of nd digits:
 * with n = nd + k (the decimal point position),
 *   nd <= n <= 21   digits, then n - nd zeros           100, 1e20 as 21 digits
 *   0 < n <= 21     digits with a point after n of them  1.5
 *   -6 < n <= 0     "0." then -n zeros, then digits      0.000001
 *   otherwise       d[.ddd]e(+|-)(n - 1)                 1e+21, 1.5e-7
 * At most 1 + 21 + 1 = 23 (or 1 + 17 + 1 + 5 = 24, 1 + 7 + 17) bytes.
 */
static size_t jb_spell(char *dst, bool neg, jb_dec d) {
    char *p = dst;
    int nd, n, e;
    if (neg) *p++ = '-';
    jb_strip_zeros(&d);
    nd = jb_ndigits(d.s);
    n = nd + d.k;
    if (d.k >= 0 && n <= 21) {
        jb_put_digits(p + nd, d.s);
        memset(p + nd, '0', (size_t)d.k);
        p += n;
    } else if (n > 0 && n <= 21) {
        /* Write the digits one byte to the right, slide the first n left
         * over the gap and put the point after them. */
        jb_put_digits(p + 1 + nd, d.s);
        memmove(p, p + 1, (size_t)n);
        p[n] = '.';
        p += nd + 1;
    } else if (n > -6 && n <= 0) {
        p[0] = '0';
        p[1] = '.';
        memset(p + 2, '0', (size_t)-n);
        p += 2 - n;
        jb_put_digits(p + nd, d.s);
        p += nd;
    } else {
        jb_put_digits(p + 1 + nd, d.s);
        p[0] = p[1];
        if (nd > 1) {
            p[1] = '.';
            p += nd + 1;
        } else {
            p += 1;
        }
        e = n - 1;
        *p++ = 'e';
        *p++ = e < 0 ? '-' : '+';
        if (e < 0) e = -e;
        if (e >= 100) {
            *p++ = (char)('0' + e / 100);
            jb_put2(p, (uint32_t)(e % 100));
            p += 2;
        } else if (e >= 10) {
            jb_put2(p, (uint32_t)e);
            p += 2;
        } else {
            *p++ = (char)('0' + e);
        }
    }
    return (size_t)(p - dst);
}

/* Not reachable through the contract (v must be finite); spelled as
 * JavaScript would, so that a broken caller is at least visible. */
static size_t jb_spell_nonfinite(char *dst, bool neg, bool nan) {
    const char *t = nan ? "NaN" : neg ? "-Infinity" : "Infinity";
    size_t n = strlen(t);
    memcpy(dst, t, n);
    return n;
}

size_t jb__fmt_f64(char *dst, double v) {
    uint64_t bits;
    uint64_t bm;
    uint32_t be;
    bool neg;
    memcpy(&bits, &v, sizeof bits);
    neg = (bits >> 63) != 0;
    be = (uint32_t)(bits >> 52) & 0x7ffu;
    bm = bits & (((uint64_t)1 << 52) - 1);
    if (JB_UNLIKELY(be == 0x7ffu)) return jb_spell_nonfinite(dst, neg, bm != 0);
    if (be == 0 && bm == 0) {
        dst[0] = '-';
        dst[neg] = '0';
        return 1 + (size_t)neg;
    }
    return jb_spell(dst, neg, jb_schubfach64(be, bm));
}

size_t jb__fmt_f32(char *dst, float v) {
    uint32_t bits, bm, be;
    bool neg;
    memcpy(&bits, &v, sizeof bits);
    neg = (bits >> 31) != 0;
    be = (bits >> 23) & 0xffu;
    bm = bits & (((uint32_t)1 << 23) - 1);
    if (JB_UNLIKELY(be == 0xffu)) return jb_spell_nonfinite(dst, neg, bm != 0);
    if (be == 0 && bm == 0) {
        dst[0] = '-';
        dst[neg] = '0';
        return 1 + (size_t)neg;
    }
    return jb_spell(dst, neg, jb_schubfach32(be, bm));
}
