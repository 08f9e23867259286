/* SPDX-License-Identifier: MIT */
/*
 * numfmt.c — integers and shortest round-trip doubles/floats as text.
 *
 * Integers: digit pairs from the "00".."99" table, the quotients by
 * multiplies, the digit count found by comparisons of v on the way (one
 * path for nine digits, the usual width of ids).
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
 * That costs three 128x64 products a double. The common double (normal,
 * not a power of two, not among the smallest exponents) takes one instead
 * (jb_dragon64, after Junekey Jeon's Dragonbox, 2020): scaled so that the
 * interval is 100..1000 units wide, the upper end and the width alone
 * decide the shortest candidate in almost every case, and the exact
 * checks that the rest need are a second product on a cold branch.
 * Floats and the rare doubles keep Schubfach.
 *
 * The digits then go straight into the output in the style asked for
 * (numstyle.c lays them out): no intermediate text is rewritten.
 */
#include "num.h"
#include "numtables.h"

/* SSE2 (every x86-64) splits the 16 digits after the first in one vector
 * (jb_digits16_sse2); elsewhere, and under JB_NO_SIMD or JB_NO_BUILTINS,
 * two words of SWAR lanes do (jb_digits8_word). */
#if !defined(JB_NO_SIMD) && defined(JB_GNUC) && defined(__x86_64__) && defined(__SSE2__)
#define JB_FMT_SSE2 1
#include <emmintrin.h>
#else
#define JB_FMT_SSE2 0
#endif

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

#if !JB_FMT_SSE2
/*
 * The 8 decimal digits of v < 10^8 (leading zeros kept) as a word of
 * digit values 0..9, the first digit in the low byte, so that storing it
 * little-endian writes them in reading order. No table and no loop: v
 * splits into two 4-digit halves in 32-bit lanes, each half into two
 * 2-digit quarters in 16-bit lanes, each quarter into two digits in bytes.
 * Each split is one multiply by a reciprocal for all lanes at once
 * (x / 100 = x * 5243 >> 19 for x < 43699; x / 10 = x * 103 >> 10 for
 * x < 179; the products stay inside their lanes), and one more that puts
 * the quotient q in the low lane and the remainder x - b q in the high
 * one: (x << w) - q * (b * 2^w - 1) = ((x - b q) << w) + q, lane by lane,
 * every lane's term in [0, 2^w), so no borrow crosses lanes.
 */
static inline uint64_t jb_digits8_word(uint32_t v) {
    uint64_t h = ((uint64_t)v * 109951163u) >> 40; /* v / 10^4, exact for v < 10^8 */
    uint64_t y = ((uint64_t)v << 32) - h * 42949672959999u; /* 10^4 * 2^32 - 1 */
    uint64_t q = ((y * 5243) >> 19) & 0x0000007F0000007Fu;
    uint64_t z = (y << 16) - q * 6553599u; /* 100 * 2^16 - 1 */
    uint64_t t = ((z * 103) >> 10) & 0x000F000F000F000Fu;
    return (z << 8) - t * 2559u; /* 10 * 2^8 - 1 */
}


/* Trailing zero digits of a jb_digits8_word (8 for 0). */
static inline int jb_word_trailing_zeros(uint64_t w) { return w ? jb__clz64(w) >> 3 : 8; }
#else
/*
 * The digits of a and b (each < 10^8, leading zeros kept) as 16 bytes of
 * digit values 0..9, a's first, in reading order: the lane splits of
 * jb_digits8_word, both words at once, each split one multiply for the
 * quotient and one to place quotient and remainder (after Xiang JunBo's
 * BCD sequences, as Zmij uses them). 64-bit lanes a, b split by 10^4
 * into 32-bit lanes (x / 10^4 = x * 109951163 >> 40, exact for x < 10^8),
 * those by 100 into 16-bit lanes (y / 100 = y * 5243 >> 19 for y < 43699:
 * the high 16 bits of y * 5243, shifted by 3), those by 10 into bytes
 * (z / 10 = z * 6554 >> 16 for z < 100). The first split puts its
 * quotient in the upper lane (an add where a shift and an or would be
 * needed otherwise); one shuffle at the end puts the halves back.
 */
static inline __m128i jb_digits16_sse2(uint32_t a, uint32_t b) {
    __m128i x = _mm_set_epi64x((long long)b, (long long)a);
    /* (x / 10^4) << 32 | x % 10^4 = x + (2^32 - 10^4) * (x / 10^4): the
     * quotient (the earlier digits) lands in the upper 32-bit lane */
    __m128i q = _mm_srli_epi64(_mm_mul_epu32(x, _mm_set1_epi64x(109951163)), 40);
    __m128i y = _mm_add_epi64(x, _mm_mul_epu32(q, _mm_set1_epi64x(0xffffffffu - 9999)));
    /* each 32-bit lane y < 10^4: quotient by 100 low, remainder high */
    __m128i q2 = _mm_srli_epi16(_mm_mulhi_epu16(y, _mm_set1_epi32(5243)), 3);
    __m128i r2 = _mm_sub_epi16(y, _mm_mullo_epi16(q2, _mm_set1_epi32(100)));
    __m128i z = _mm_or_si128(q2, _mm_slli_epi32(r2, 16));
    /* each 16-bit lane z < 100: (z << 8) - (10 * 2^8 - 1) * (z / 10)
     * = (z % 10) << 8 | z / 10, the tens digit in the low byte */
    __m128i q3 = _mm_mulhi_epu16(z, _mm_set1_epi16(6554));
    __m128i k = _mm_set1_epi16(2559);
    __asm__("" : "+x"(k)); /* one multiply: gcc would spell it as 4 shifts and adds */
    __m128i d = _mm_sub_epi16(_mm_slli_epi16(z, 8), _mm_mullo_epi16(q3, k));
    /* the 32-bit lanes back in reading order (each pair swapped) */
    return _mm_shuffle_epi32(d, _MM_SHUFFLE(2, 3, 0, 1));
}
#endif

/* ---- integers --------------------------------------------------------- */

/*
 * Integers go out in digit pairs from a 200-byte table ("00".."99"), each
 * pair one 2-byte load and one 2-byte store, with the quotients by 10^4
 * and 100 taken by multiplies (exact in the ranges given; the tests of
 * test_numfmt.c cover each boundary). The count of digits is picked by a
 * few comparisons of v on the way, not computed first: per integer that
 * is fewer instructions than a word of digit lanes shifted into place, and
 * each number writes exactly its own bytes.
 */

/* Two digits of v < 100 at p. (A 64-bit index: the load's address is then
 * one scaled-index operand, not a doubling first.) */
static inline void int_put2(char *p, uint64_t v) { memcpy(p, jb__digit_pairs + 2 * v, 2); }

/* Four digits of v < 10^4 at p, leading zeros kept: v / 100 as
 * v * 5243 >> 19 (exact for v < 43699). (32-bit products: gcc spells a
 * 64-bit * 100 as three shifts and adds.) */
static inline void int_put4(char *p, uint32_t v) {
    uint32_t a = (v * 5243u) >> 19;
    int_put2(p, a);
    int_put2(p + 2, v - a * 100u);
}

/* Eight digits of v < 10^8 at p, leading zeros kept: v / 10^4 as
 * v * 109951163 >> 40 (exact for every v < 10^8). */
static inline void int_put8(char *p, uint32_t v) {
    uint32_t a = (uint32_t)(((uint64_t)v * 109951163u) >> 40);
    int_put4(p, a);
    int_put4(p + 4, v - a * 10000u);
}

/* The digits of v < 10^4 at p, no leading zero ("0" for 0); their count. */
static inline size_t int_lead4(char *p, uint32_t v) {
    if (v < 100) {
        if (v < 10) {
            p[0] = (char)('0' + v);
            return 1;
        }
        int_put2(p, v);
        return 2;
    }
    uint32_t a = (v * 5243u) >> 19;
    if (v < 1000) {
        p[0] = (char)('0' + a);
        int_put2(p + 1, v - a * 100u);
        return 3;
    }
    int_put2(p, a);
    int_put2(p + 2, v - a * 100u);
    return 4;
}

/* The digits of v < 10^8 at p, no leading zero; their count. */
static inline size_t int_lead8(char *p, uint32_t v) {
    if (v < 10000) return int_lead4(p, v);
    uint32_t a = (uint32_t)(((uint64_t)v * 109951163u) >> 40);
    size_t n = int_lead4(p, a);
    int_put4(p + n, v - a * 10000u);
    return n + 4;
}

/*
 * Up to 8 digits, then nine (the common width of ids, whose first digit
 * is v * 1441151881 >> 57: exact below 5.9 * 10^9), then up to 16 as a
 * lead of 1..8 and 8 more, then up to 20. Every store is of a digit
 * inside the number's own length (at most 20 bytes; 21 with a sign).
 */
size_t jb__fmt_u64(char *dst, uint64_t v) {
    if (v < 100000000u) return int_lead8(dst, (uint32_t)v);
    if (v < 1000000000u) {
        uint32_t hi = (uint32_t)((v * 1441151881u) >> 57);
        dst[0] = (char)('0' + hi);
        int_put8(dst + 1, (uint32_t)v - hi * 100000000u);
        return 9;
    }
    if (v < 10000000000000000u) {
        uint64_t hi = v / 100000000u;
        size_t n = int_lead8(dst, (uint32_t)hi);
        int_put8(dst + n, (uint32_t)(v - hi * 100000000u));
        return n + 8;
    }
    uint64_t hi = v / 10000000000000000u, rest = v - hi * 10000000000000000u;
    uint64_t mid = rest / 100000000u;
    size_t n = int_lead4(dst, (uint32_t)hi); /* hi <= 1844 */
    int_put8(dst + n, (uint32_t)mid);
    int_put8(dst + n + 8, (uint32_t)(rest - mid * 100000000u));
    return n + 16;
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

/* s * 10^(n - 17) with s of exactly 17 digits (10^16 <= s < 10^17): n is
 * the decimal point's position, value = 0.s * 10^n. */
typedef struct jb_dec17 {
    uint64_t s;
    int32_t n;
} jb_dec17;


/* s * 10^k as a jb_dec17, s > 0 of at most 17 digits. */
static inline jb_dec17 jb_dec17_of(uint64_t s, int32_t k) {
    jb_dec17 d;
    int nd = jb_ndigits(s);
    d.s = s * jb_pow10_u64[17 - nd];
    d.n = nd + k;
    return d;
}

/* The same when s has 15 or 16 digits (the one-product path's longer
 * step: 4.5 * 10^14 <= s < 10^16). */
static inline jb_dec17 jb_dec17_of16(uint64_t s, int32_t k) {
    jb_dec17 d;
    bool d16 = s >= 1000000000000000u;
    d.s = d16 ? 10 * s : 100 * s;
    d.n = k + 15 + d16;
    return d;
}

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
 * be and fraction field bm, by Schubfach alone: the reference path, and the
 * one taken by the rare doubles the one-product path below leaves out. */
static JB_NOINLINE jb_dec jb_schubfach64(uint32_t be, uint64_t bm) {
    uint64_t c, cbl, cb, cbr, ghi, glo, vbl, vb, vbr;
    int32_t q, k, h;
    bool lower_closer, even;
    if (be != 0) {
        c = bm | ((uint64_t)1 << 52);
        q = (int32_t)be - 1075;
        /* An integer below 2^53: its digits are the shortest text. */
        if ((uint32_t)(q + 52) <= 52u && (c & (((uint64_t)1 << -q) - 1)) == 0) {
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

/* jb_dragon64's power: 10^(2-k) for k = floor(q * log10 2), rounded up
 * to 128 bits (ghi:glo), and beta, the shift that puts the interval's
 * width in [100, 1000) units: read from the exponent field's entry of
 * jb__dragon_exp (numtables.h), not computed. */
typedef struct jb_dragon_pow {
    uint64_t hi, lo;
    int32_t k, beta, dshift;
} jb_dragon_pow;

static inline jb_dragon_pow jb_dragon_power(uint32_t be) {
    jb_dragon_pow g;
    const jb_dragon_exp *x = &jb__dragon_exp[be - 6];
    /* row is a byte offset: the address is one add */
    const uint64_t *t = (const uint64_t *)(const void *)((const char *)jb__pow5_128 + x->row);
    /* 6 <= beta <= 9 (tools/gen_pow5.py checks): (2c + 1) << beta stays
     * below 2^63. */
    g.beta = x->beta;
    g.dshift = x->dshift;
    g.k = x->k;
    g.hi = t[0];
    g.lo = t[1] + x->up; /* never carries (the generator checks) */
#if JB_FMT_SSE2
    /* Every field loaded here, now: left to itself, gcc loads some after
     * the first product and keeps the table's addresses live across it,
     * which costs the path three saved registers. */
    __asm__("" : "+r"(g.hi), "+r"(g.lo), "+r"(g.beta), "+r"(g.dshift), "+r"(g.k));
#endif
    return g;
}

/* For jb_dragon64's exact checks: m * 2^(q-1) scaled by 10^(2-k), from
 * the low 128 bits of m times the power g (the unit bit is at
 * 2^(128 - beta)): bit 0 says whether its integer part is odd, bit 1
 * whether it is an integer. */
static inline unsigned jb_scaled_bits(uint64_t m, const jb_dragon_pow *g) {
    uint64_t lo = m * g->lo, hi = m * g->hi + jb__mulhi64(m, g->lo);
    unsigned integer = ((hi << g->beta) | (lo >> (64 - g->beta))) == 0;
    return (unsigned)((hi >> (64 - g->beta)) & 1) | integer << 1;
}

/* jb_dragon64's answer when it needs an exact check that it was told not
 * to make (s = 0: no double gives it otherwise). */
#define JB_DRAGON_UNDECIDED ((jb_dec17){0, 0})

/*
 * The common double with one product (the idea of Junekey Jeon's
 * Dragonbox, 2020, which refines Schubfach): v = c * 2^q with
 * 2^52 <= c < 2^53, q = be - 1075 for the exponent field be, not a power
 * of two (so the rounding interval is symmetric: v -/+ 2^(q-1), its ends
 * included when c is even) and q >= -1069 (be >= 6, so that 10^(2-k) is
 * in the table).
 *
 * With k = floor(q * log10 2), scaling by 10^(2-k) makes the interval's
 * width d = 2^q * 10^(2-k) lie in [100, 1000). One 128x64 product of
 * (2c + 1) * 2^beta with the power rounded up to 128 bits gives
 * zi = floor(z) for the scaled upper end z, and its low word is zero
 * exactly when z is an integer; di = floor(d) comes from the power's top
 * word alone (the paper proves both exact for every double).
 *
 * Since d < 1000, at most one multiple of 1000 lies in the interval: the
 * largest one not above z, zi - r with r = zi mod 1000, is inside when
 * r < di (unless it is z itself and z is excluded), outside when r > di,
 * and when r == di it is decided by the exact lower end (the parity and
 * integrality of its scaled value, from a second product that only this
 * rare case forms). If it is inside, s = zi / 1000 is the shortest (times
 * 10^(k+1)). Otherwise no shorter candidate exists, and the answer is the
 * multiple of 100 nearest to v (d >= 100 puts it inside): v scaled is
 * z - d/2, so (r - di/2 + 50) / 100 added to 10s rounds it, except that
 * when that division is exact, di's dropped fraction may have moved it
 * by one, or v may lie half way: the exact parity and integrality of v
 * scaled settle both (ties to even).
 *
 * Those exact checks (when r == di, about one double in 500, and when the
 * division is exact, one in 100) are made only when exact is true;
 * otherwise the answer is JB_DRAGON_UNDECIDED, and the caller starts over
 * on a cold path that makes them: the common path then needs no call and
 * keeps no value alive for them, so it saves and restores no register.
 */
JB_INLINE jb_dec17 jb_dragon64(uint64_t c, uint32_t be, bool exact) {
    jb_dec17 d;
    jb_dragon_pow g = jb_dragon_power(be);
    int32_t k = g.k, beta = g.beta;
    uint64_t u = (2 * c + 1) << beta;
    uint64_t zhi, zlo = jb__mul64(u, g.hi, &zhi);
    uint64_t mid = jb__mulhi64(u, g.lo);
    uint32_t di = (uint32_t)(g.hi >> g.dshift);
    uint64_t s;
    uint32_t r, dist, rest;
    bool even = (c & 1) == 0;
    zlo += mid;
    zhi += zlo < mid;
    s = zhi / 1000;
    r = (uint32_t)(zhi - s * 1000);
    if (r < di) {
        if (JB_LIKELY(r != 0 || zlo != 0)) return jb_dec17_of16(s, k + 1);
        /* s * 1000 is z itself (rare: the caller starts over with exact
         * set, so that the common path keeps no parity): it is in the
         * interval when c is even; else z is excluded, and the multiple
         * of 100 is then below it, as if r were 1000 */
        if (!exact) return JB_DRAGON_UNDECIDED;
        if (even) return jb_dec17_of16(s, k + 1);
        s--;
        r = 1000;
    } else if (JB_UNLIKELY(r == di)) {
        /* x = (2c - 1) 2^(q-1) scaled: its integer part's parity and
         * whether it is an integer (the bits of the 192-bit product just
         * below the unit bit at 2^(128 - beta)). s * 1000 = zi - di is in
         * [x, ...] when xi is odd, or x is an integer and included. */
        unsigned x;
        if (!exact) return JB_DRAGON_UNDECIDED;
        x = jb_scaled_bits(2 * c - 1, &g); /* bit 0 odd, bit 1 integer */
        if ((x & 1) != 0 || (x == 2 && even)) return jb_dec17_of16(s, k + 1);
    }
    dist = r - di / 2 + 50;
    rest = dist / 100;
    s = 10 * s + rest;
    if (JB_UNLIKELY(dist == rest * 100)) {
        /* y = 2c 2^(q-1) = v scaled, exactly: the estimate's parity must
         * match yi's (else it is one too high), and a tie goes to even. */
        bool approx_odd = ((dist ^ 50) & 1) != 0, y_odd, y_int;
        unsigned y;
        if (!exact) return JB_DRAGON_UNDECIDED;
        y = jb_scaled_bits(2 * c, &g);
        y_odd = (y & 1) != 0;
        y_int = (y & 2) != 0;
        s -= (uint64_t)(y_odd != approx_odd || ((s & 1) != 0 && y_int));
    }
    /* 4.5 * 10^15 <= s < 10^17: 16 or 17 digits */
    {
        bool d17 = s >= 10000000000000000u;
        d.s = d17 ? s : 10 * s;
        d.n = k + 16 + d17;
    }
    return d;
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

/* ---- digits, then the style's layout ---------------------------------- */

/*
 * The digits of s * 10^(n - 17) (s of exactly 17 digits, jb_dec17) as
 * text, without trailing zeros: one digit and two 8-digit words, with no
 * leading zeros to skip, the trailing zeros counted from the words
 * instead of divided away. m is the digit count; the words hold '0' for
 * the digits past m. On x86-64 the two words stay in one SSE2 register
 * (jb_digits16_sse2): the second is stored straight from it, and taken
 * into a general register only by the general layout.
 */
#if JB_FMT_SSE2
typedef __m128i jb_words16;
static inline uint64_t jb_words16_b(jb_words16 w) { return (uint64_t)_mm_cvtsi128_si64(w); }
static inline uint64_t jb_words16_c(jb_words16 w) {
    return (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(w, w));
}
/* the second word at p, one store (movhps; __m64 may alias) */
static inline void jb_words16_store_c(char *p, jb_words16 w) {
    _mm_storeh_pi((__m64 *)(void *)p, _mm_castsi128_ps(w));
}
#else
typedef struct jb_words16 {
    uint64_t b, c;
} jb_words16;
static inline uint64_t jb_words16_b(jb_words16 w) { return w.b; }
static inline uint64_t jb_words16_c(jb_words16 w) { return w.c; }
static inline void jb_words16_store_c(char *p, jb_words16 w) { jb__store64_le(p, w.c); }
#endif

/* The layouts jb_put17 leaves out: the table-driven one of numstyle.c,
 * with the digits in a '0'-padded buffer. Out of line, so that the
 * common path keeps its registers; the small fields travel packed in one
 * word (bits 0-7 m, 8-23 n + 1024, 24-31 the style, 32 the sign, 33 f32,
 * 56-63 the first digit) so that every argument is in a register and the
 * call is a jump. */
static JB_NOINLINE size_t jb_put_text_general(char *dst, uint64_t b, uint64_t c, uint64_t f) {
    char dg[JB_DIGITS_ROOM];
    memset(dg, '0', JB_DIGITS_ROOM);
    dg[0] = (char)(f >> 56);
    jb__store64_le(dg + 1, b);
    jb__store64_le(dg + 9, c);
    return jb__spell_float(dst, ((f >> 32) & 1) != 0, dg, (int)(f & 0xff),
                           (int)((f >> 8) & 0xffff) - 1024, (jb_float_style)((f >> 24) & 0xff),
                           ((f >> 33) & 1) != 0);
}

/*
 * The text of d in style st at dst. Two common cases are written here,
 * each in a few word stores; bytes past the text, up to 25 from dst
 * after the sign, may be overwritten (the contract gives JB_FMT_F64_MAX):
 *   - the point inside the digits and 1 <= n <= 7, which every style
 *     writes plainly as d.ddd (every plain range holds 1..7, and the ".0"
 *     rules apply only when no digit follows the point): the first digit,
 *     the first word, the same word shifted past the point (its digits
 *     n..8 land one byte right), the point, then the second word one byte
 *     right;
 *   - lo <= n <= 0 (the style's plain range reaches down to n; lo >= -5 in
 *     every style): "0.", -n zeros (one 8-byte store of "0.000000"), then
 *     the digits.
 * The rest goes to jb_put_text_general.
 */
JB_INLINE size_t jb_put17(char *dst, bool neg, jb_dec17 d, jb_float_style st, bool f32) {
    /* hi9 < 10^9 fits 32 bits: its split by 10^8 is a 32-bit division */
    uint32_t hi9 = (uint32_t)(d.s / 100000000u);
    uint32_t lead = hi9 / 100000000u;
    uint32_t wa = hi9 - lead * 100000000u, wb = (uint32_t)(d.s - (uint64_t)hi9 * 100000000u);
    char *p = dst;
    char first = (char)('0' + lead);
    int n = d.n, m;
    uint64_t b;
    jb_words16 w;
#if JB_FMT_SSE2
    {
        __m128i dg = jb_digits16_sse2(wa, wb);
        /* bit i of nz: digit i + 2 is not 0 (0x7f + digit has its top bit
         * set unless the digit is 0); the last such one ends the text
         * (m = 1 when all 16 are zeros: (nz << 1) | 1 has its top bit at
         * m - 1) */
        uint32_t nz = (uint32_t)_mm_movemask_epi8(_mm_add_epi8(dg, _mm_set1_epi8(0x7f)));
        w = _mm_add_epi8(dg, _mm_set1_epi8('0'));
        m = 64 - jb__clz64(((uint64_t)nz << 1) | 1);
    }
#else
    {
        uint64_t xb = jb_digits8_word(wa), xc = jb_digits8_word(wb);
        w.b = xb + JB_ZEROS8;
        w.c = xc + JB_ZEROS8;
        m = xc ? 17 - jb_word_trailing_zeros(xc) : xb ? 9 - jb_word_trailing_zeros(xb) : 1;
    }
#endif
    b = jb_words16_b(w);
    *p = '-';
    p += neg;
    if (JB_LIKELY((unsigned)(n - 1) < 7u && n < m)) {
        unsigned u = (unsigned)n;
        p[0] = first;
        jb__store64_le(p + 1, b);
        jb__store64_le(p + u + 1, b >> (8 * (u - 1)));
        p[u] = '.';
        jb_words16_store_c(p + 10, w); /* digits 10..17 all follow the point */
        return (size_t)neg + (size_t)m + 1;
    }
    if (n <= 0) {
        const jb_spelling *sp = &jb__spellings[(unsigned)st <= JB_FLOAT_LAST ? st : JB_FLOAT_ECMA];
        if (n >= (f32 ? sp->lo32 : sp->lo)) {
            size_t z = (size_t)(2 - n);
            memcpy(p, "0.000000", 8);
            p[z] = first;
            jb__store64_le(p + z + 1, b);
            jb_words16_store_c(p + z + 9, w);
            return (size_t)neg + z + (size_t)m;
        }
    }
    return jb_put_text_general(dst, b, jb_words16_c(w),
                               (uint64_t)(unsigned)m | (uint64_t)(unsigned)(n + 1024) << 8 |
                                   (uint64_t)((unsigned)st <= JB_FLOAT_LAST ? st : JB_FLOAT_ECMA)
                                       << 24 |
                                   (uint64_t)neg << 32 | (uint64_t)f32 << 33 |
                                   (uint64_t)(unsigned char)first << 56);
}

/* Not reachable through the contract (v must be finite); spelled as
 * JavaScript would, so that a broken caller is at least visible. */
static size_t jb_spell_nonfinite(char *dst, bool neg, bool nan) {
    const char *t = nan ? "NaN" : neg ? "-Infinity" : "Infinity";
    size_t n = strlen(t);
    memcpy(dst, t, n);
    return n;
}

/* Zero: the digit 0 before the point, laid out by the style (0, 0.0). */
static size_t jb_spell_zero(char *dst, bool neg, jb_float_style st, bool f32) {
    char dg[JB_DIGITS_ROOM];
    memset(dg, '0', JB_DIGITS_ROOM);
    return jb__spell_float(dst, neg, dg, 1, 1, st, f32);
}

/* The doubles the common path leaves out: non-finite, zero, Schubfach
 * for subnormals, powers of two and the smallest exponents, and the
 * common doubles whose one-product answer needs its exact checks. */
static JB_NOINLINE size_t jb_fmt_f64_rare(char *dst, double v, jb_float_style st) {
    uint64_t bits;
    bool neg;
    memcpy(&bits, &v, sizeof bits);
    neg = (bits >> 63) != 0;
    uint32_t be = (uint32_t)(bits >> 52) & 0x7ffu;
    uint64_t bm = bits & (((uint64_t)1 << 52) - 1);
    jb_dec17 d;
    if (be == 0x7ffu) return jb_spell_nonfinite(dst, neg, bm != 0);
    if (be == 0 && bm == 0) return jb_spell_zero(dst, neg, st, false);
    if (be - 6 <= 0x7fe - 6 && bm != 0) {
        d = jb_dragon64(bm | ((uint64_t)1 << 52), be, true);
    } else {
        jb_dec e = jb_schubfach64(be, bm);
        d = jb_dec17_of(e.s, e.k);
    }
    return jb_put17(dst, neg, d, st, false);
}

/*
 * A double that is an integer v below 2^53 (v > 0): below 10^7 every
 * style writes it plainly (each plain range holds n = 1..7), as its
 * digits and, in the styles that mark a double so, ".0"; past that, the
 * layout of the others (its digits are the shortest text either way).
 */
static JB_NOINLINE size_t jb_fmt_f64_int(char *dst, uint64_t bits, uint64_t v, jb_float_style st) {
    bool neg = (bits >> 63) != 0;
    if (v < 10000000u) {
        const jb_spelling *sp = &jb__spellings[(unsigned)st <= JB_FLOAT_LAST ? st : JB_FLOAT_ECMA];
        char *p = dst;
        *p = '-';
        p += neg;
        p += int_lead8(p, (uint32_t)v);
        memcpy(p, ".0", 2);
        return (size_t)(p - dst) + (sp->point_zero ? 2 : 0);
    }
    return jb_put17(dst, neg, jb_dec17_of(v, 0), st, false);
}

/*
 * The common double on one path with no call but tail calls: exponent
 * field 6..0x7fe, fraction nonzero (not a power of two), no exact check
 * needed. Integers below 2^53 skip the search (before the test for a
 * power of two: 1.0 is one): their digits are the shortest text.
 */
size_t jb__fmt_f64_style(char *dst, double v, jb_float_style st) {
    uint64_t bits, bm, c;
    uint32_t be;
    int32_t q;
    jb_dec17 d;
    memcpy(&bits, &v, sizeof bits);
#if JB_FMT_SSE2
    /* v stays in its SSE register for the rare path and the sign (read
     * again at the end), so that bits need not stay live in a general
     * one across the products */
    __asm__("" : "+x"(v));
#endif
    be = (uint32_t)(bits >> 52) & 0x7ffu;
    bm = bits & (((uint64_t)1 << 52) - 1);
    if (JB_UNLIKELY(be - 6 > 0x7fe - 6)) return jb_fmt_f64_rare(dst, v, st);
    c = bm | ((uint64_t)1 << 52);
    q = (int32_t)be - 1075;
    /* an integer below 2^53 (1.0 and the other powers of two too): q <= 0
     * and the low -q bits of c are zeros, -q <= ctz(c) (<= 52, bit 52 is
     * set; q > 0 makes -q huge unsigned) */
    if ((uint32_t)-q <= jb__ctz64(c)) return jb_fmt_f64_int(dst, bits, c >> -q, st);
    if (JB_UNLIKELY(bm == 0)) return jb_fmt_f64_rare(dst, v, st);
    d = jb_dragon64(c, be, false);
    if (JB_UNLIKELY(d.s == 0)) return jb_fmt_f64_rare(dst, v, st);
    memcpy(&bits, &v, sizeof bits);
    return jb_put17(dst, (bits >> 63) != 0, d, st, false);
}

size_t jb__fmt_f32_style(char *dst, float v, jb_float_style st) {
    uint32_t bits, bm, be;
    bool neg;
    jb_dec d;
    memcpy(&bits, &v, sizeof bits);
    neg = (bits >> 31) != 0;
    be = (bits >> 23) & 0xffu;
    bm = bits & (((uint32_t)1 << 23) - 1);
    if (JB_UNLIKELY(be == 0xffu)) return jb_spell_nonfinite(dst, neg, bm != 0);
    if (JB_UNLIKELY(be == 0 && bm == 0)) return jb_spell_zero(dst, neg, st, true);
    d = jb_schubfach32(be, bm);
    return jb_put17(dst, neg, jb_dec17_of(d.s, d.k), st, true);
}

size_t jb__fmt_f64(char *dst, double v) { return jb__fmt_f64_style(dst, v, JB_FLOAT_ECMA); }
size_t jb__fmt_f32(char *dst, float v) { return jb__fmt_f32_style(dst, v, JB_FLOAT_ECMA); }
