/* SPDX-License-Identifier: MIT */
/*
 * numparse.c — the JSON number grammar, range-checked integers and
 * correctly rounded doubles and floats. Never reads the locale.
 *
 * Binary floating point, three tiers (each exact where it answers):
 *   1. Clinger's fast path: w * 10^q with w and 10^|q| exact in the target
 *      type is one correctly rounded IEEE multiply or divide.
 *   2. Eisel-Lemire (Lemire, "Number parsing at a gigabyte per second",
 *      2021): the 64-bit significand times a 128-bit truncated 5^q, which
 *      decides the rounding unless the product sits too close to a
 *      halfway point; when more than 19 digits were given, w and w + 1 must
 *      round alike.
 *   3. Otherwise an exact decimal ("simple decimal conversion", as in Go's
 *      strconv and Wuffs): up to 800 digits plus a sticky bit for nonzero
 *      digits beyond them, scaled by powers of two with exact shifts until
 *      the binary exponent and the rounded significand can be read off.
 *      800 digits suffice: a double's halfway points have at most 767
 *      significant digits, so a tie is decided within them or by the sticky
 *      bit. Every tier reads each input byte a bounded number of times, so
 *      parsing is linear in the token length.
 * Floats run the same tiers with float parameters: never through double,
 * whose rounding followed by a second one to float would be wrong.
 */
#include "num.h"
#include "numscan.h"
#include "numtables.h"

#include <float.h>


const uint32_t jb__pow10_u32[9] = {1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
                                   100000000u};

/* ---- digit runs ------------------------------------------------------- */

/* Skips digits from p (not past end): a word at a time while 8 bytes
 * remain (num.h), then byte by byte. */
static inline const char *jb_skip_digits(const char *p, const char *end) {
#if JB_NUM_SWAR
    while (end - p >= 8) {
        unsigned k = jb__digit_count8(jb__load64(p) - JB_ZEROS8);
        p += k;
        if (k < 8) return p;
    }
#endif
    while (p < end && jb__isdigit(*p)) p++;
    return p;
}

/* Appends the digits from p to *w (wrapping modulo 2^64: callers count the
 * digits and redo the work when there were too many); returns the end.
 * Each word of up to 8 digits costs one count and one conversion. */
static inline const char *jb_eat_digits(const char *p, const char *end, uint64_t *w) {
    uint64_t v = *w;
#if JB_NUM_SWAR
    while (end - p >= 8) {
        uint64_t t = jb__load64(p) - JB_ZEROS8;
        unsigned k = jb__digit_count8(t);
        if (k == 0) break;
        v = v * jb__pow10_u32[k] + jb__digits_first(t, k);
        p += k;
        if (k < 8) {
            *w = v;
            return p;
        }
    }
#endif
    while (p < end && jb__isdigit(*p)) {
        v = v * 10 + (uint64_t)(*p - '0');
        p++;
    }
    *w = v;
    return p;
}

/* ---- grammar ---------------------------------------------------------- */

size_t jb__num_scan(const char *p, const char *end, bool *integral, size_t *bad) {
    const char *s = p;
    bool integ = true;
    if (p < end && *p == '-') p++;
    if (p >= end) goto fail;
    if (*p == '0') {
        p++;
    } else if (jb__isdigit(*p)) {
        p = jb_skip_digits(p + 1, end);
    } else {
        goto fail;
    }
    if (p < end && *p == '.') {
        integ = false;
        p++;
        if (p >= end || !jb__isdigit(*p)) goto fail;
        p = jb_skip_digits(p + 1, end);
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        integ = false;
        p++;
        if (p < end && (*p == '+' || *p == '-')) p++;
        if (p >= end || !jb__isdigit(*p)) goto fail;
        p = jb_skip_digits(p + 1, end);
    }
    if (integral) *integral = integ;
    return (size_t)(p - s);
fail:
    if (integral) *integral = false;
    if (bad) *bad = (size_t)(p - s);
    return 0;
}

/* ---- token anatomy ---------------------------------------------------- */

/* Exponent digits accumulate up to this, then saturate: 10^17 is beyond any
 * exponent that matters, and the sums below stay far from INT64 limits for
 * any token shorter than 2^62 bytes. */
#define JB_EXP_SAT 100000000000000000ll

/* Parses [eE][+-]?digits at p (p < end, *p is e or E). */
static int64_t jb_read_exp(const char *p, const char *end) {
    bool neg = false;
    int64_t e = 0;
    p++;
    if (p < end && (*p == '+' || *p == '-')) neg = *p++ == '-';
    for (; p < end && jb__isdigit(*p); p++) {
        if (e < JB_EXP_SAT) e = e * 10 + (*p - '0');
    }
    return neg ? -e : e;
}

/*
 * A valid token seen as sign, digits and exponent. The value is
 * w * 10^q exactly when !inexact; otherwise w holds the first 19
 * significant digits, some later digit is nonzero, and the value lies in
 * (w * 10^q, (w + 1) * 10^q).
 */
typedef struct jb_numparts {
    uint64_t w;
    int64_t q;
    bool neg;
    bool inexact;
} jb_numparts;

/* The rare case of more than 19 digits: recount the significant ones. */
static JB_NOINLINE void jb_parts_long(const char *ip, const char *ie, const char *fp,
                                      const char *fe, jb_numparts *np) {
    const char *p;
    size_t taken = 0;
    uint64_t w = 0;
    int64_t dropped_int = 0; /* integer digits past the 19 taken */
    bool nonzero = false;
    /* Integer part: "0" or no leading zero. */
    p = ip;
    if (ie - ip == 1 && *ip == '0') p = ie;
    for (; p < ie; p++) {
        if (taken < 19) {
            w = w * 10 + (uint64_t)(*p - '0');
            taken++;
        } else {
            dropped_int++;
            nonzero |= *p != '0';
        }
    }
    p = fp;
    if (taken == 0) {
        for (; p < fe && *p == '0'; p++) np->q--;
    }
    for (; p < fe && taken < 19; p++) {
        w = w * 10 + (uint64_t)(*p - '0');
        taken++;
        np->q--;
    }
    for (; p < fe && !nonzero; p++) nonzero = *p != '0';
    np->w = w;
    np->q += dropped_int;
    np->inexact = nonzero;
}

/*
 * One pass over the number at p: the grammar is checked while the digits
 * are gathered into np. Returns the token's length, or 0 when p does not
 * start a valid number (nothing else is known then; the caller's general
 * path reports the error precisely). Only a token of more than 19 digits
 * is read a second time, to find its 19 significant ones.
 */
JB_INLINE size_t jb_scan_parts(const char *p, const char *end, jb_numparts *np) {
    const char *s = p, *ip, *ie, *fp, *fe;
    uint64_t w = 0;
    int64_t q = 0;
    np->neg = p < end && *p == '-';
    p += np->neg;
    ip = p;
    p = jb_eat_digits(p, end, &w);
    ie = fe = fp = p;
    if (ie == ip || (*ip == '0' && ie - ip > 1)) return 0; /* no digit, or a leading zero */
    if (p < end && *p == '.') {
        fp = p + 1;
        fe = p = jb_eat_digits(fp, end, &w);
        if (fe == fp) return 0;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        bool eneg = false;
        p++;
        if (p < end && (*p == '+' || *p == '-')) eneg = *p++ == '-';
        if (p >= end || !jb__isdigit(*p)) return 0;
        for (; p < end && jb__isdigit(*p); p++)
            if (q < JB_EXP_SAT) q = q * 10 + (*p - '0');
        if (eneg) q = -q;
    }
    np->q = q - (fe - fp);
    np->w = w;
    np->inexact = false;
    /* Leading zeros make w no bigger, so only a count above 19 after them
     * needs the careful path (which also sees dropped zeros as exact). */
    if (JB_UNLIKELY((ie - ip) + (fe - fp) > 19)) {
        np->q = q;
        jb_parts_long(ip, ie, fp, fe, np);
    }
    return (size_t)(p - s);
}

/* ---- Clinger ---------------------------------------------------------- */

/* JB_CLINGER: numscan.h. */
#if JB_CLINGER
const double jb__p10_f64[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
static const float jb_p10_f32[11] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f,
                                     1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
#endif

static inline bool jb_clinger64(const jb_numparts *np, double *out) {
#if JB_CLINGER
    uint64_t w = np->w;
    int64_t q = np->q;
    if (np->inexact || w > ((uint64_t)1 << 53)) return false;
    if (q < -22 || q > 22 + 15) return false;
    if (q > 22) {
        /* w * 10^(q-22) may still be an exact integer below 2^53. */
        static const uint64_t p10[16] = {1u,
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
                                         1000000000000000u};
        uint64_t m = p10[q - 22];
        if (w > ((uint64_t)1 << 53) / m) return false;
        w *= m;
        q = 22;
    }
    *out = q < 0 ? (double)w / jb__p10_f64[-q] : (double)w * jb__p10_f64[q];
    return true;
#else
    (void)np;
    (void)out;
    return false;
#endif
}

static inline bool jb_clinger32(const jb_numparts *np, float *out) {
#if JB_CLINGER
    if (np->inexact || np->w > ((uint64_t)1 << 24) || np->q < -10 || np->q > 10) return false;
    *out = np->q < 0 ? (float)np->w / jb_p10_f32[-np->q] : (float)np->w * jb_p10_f32[np->q];
    return true;
#else
    (void)np;
    (void)out;
    return false;
#endif
}

/* ---- binary formats --------------------------------------------------- */

typedef struct jb_fltfmt {
    int mbits;                /* explicit significand bits */
    int ebits;                /* exponent field bits */
    int bias;                 /* the exponent of the smallest normal is bias + 1 */
    int32_t inf;              /* the all-ones exponent field */
    int64_t qmin, qmax;       /* w * 10^q with q outside is 0 / infinity for any w < 2^64 */
    int64_t rte_min, rte_max; /* q range where w * 10^q can be a halfway point */
} jb_fltfmt;

static const jb_fltfmt jb_f64fmt = {52, 11, -1023, 0x7FF, -342, 308, -4, 23};
static const jb_fltfmt jb_f32fmt = {23, 8, -127, 0xFF, -65, 38, -17, 10};

/* ---- Eisel-Lemire ----------------------------------------------------- */

/*
 * w * 10^q, w != 0, rounded to the format: *mant (fraction field) and *e2
 * (exponent field; f->inf for infinity). False when the 128-bit product
 * cannot decide (the caller falls back to the exact path).
 */
JB_INLINE bool jb_eisel_lemire(uint64_t w, int64_t q, const jb_fltfmt *f, uint64_t *mant,
                             int32_t *e2) {
    uint64_t hi, lo, m;
    int lz, upper, shift;
    int32_t p2;
    const uint64_t *t;
    if (q < f->qmin) {
        *mant = 0;
        *e2 = 0;
        return true;
    }
    if (q > f->qmax) {
        *mant = 0;
        *e2 = f->inf;
        return true;
    }
    lz = jb__clz64(w);
    w <<= lz;
    t = jb__pow5_128[q - JB_POW5_MIN];
    lo = jb__mul64(w, t[0], &hi);
    /* Only when the bits below the significand + 3 are all ones can the
     * lower word of 5^q carry into them: then add w * t[1] >> 64. */
    {
        uint64_t mask = UINT64_MAX >> (f->mbits + 3);
        if ((hi & mask) == mask) {
            uint64_t h2 = jb__mulhi64(w, t[1]);
            lo += h2;
            hi += lo < h2;
            /* Still all ones and 5^q inexact: give up (Mushtak & Lemire
             * 2023 show this never triggers; it only costs a branch). */
            if (lo == UINT64_MAX && (q < -27 || q > 55) && (hi & mask) == mask) return false;
        }
    }
    upper = (int)(hi >> 63);
    shift = upper + 64 - f->mbits - 3;
    m = hi >> shift; /* mbits + 2 bits: leading 1, fraction, round bit */
    /* floor(q * log2(10)) + 63: the binary exponent of the normalized 5^q. */
    p2 = (int32_t)(jb__floor_shr(q * 217706, 16) + 63 + upper - lz - f->bias);
    if (p2 <= 0) {
        /* Subnormal (or zero). Ties cannot occur here (q < -27). */
        if (-p2 + 1 >= 64) {
            *mant = 0;
            *e2 = 0;
            return true;
        }
        m >>= -p2 + 1;
        m += m & 1;
        m >>= 1;
        /* Rounding up may have reached the smallest normal. */
        *e2 = m < ((uint64_t)1 << f->mbits) ? 0 : 1;
        *mant = m & (((uint64_t)1 << f->mbits) - 1);
        return true;
    }
    /* An exact halfway point rounds to even: only possible when 5^q is
     * exact and nothing but zeros was shifted out. */
    if (lo <= 1 && q >= f->rte_min && q <= f->rte_max && (m & 3) == 1 && (m << shift) == hi) {
        m &= ~(uint64_t)1;
    }
    m += m & 1;
    m >>= 1;
    if (m >= ((uint64_t)2 << f->mbits)) {
        m = (uint64_t)1 << f->mbits;
        p2++;
    }
    m &= ~((uint64_t)1 << f->mbits);
    if (p2 >= f->inf) {
        p2 = f->inf;
        m = 0;
    }
    *mant = m;
    *e2 = p2;
    return true;
}

/* ---- exact decimal ---------------------------------------------------- */

#define JB_DEC_DIGITS 800
#define JB_DEC_SHIFT 60 /* largest shift per step: 10 * 2^60 < 2^64 */

typedef struct jb_decimal {
    int nd;     /* digits in d, at most JB_DEC_DIGITS; no trailing zeros */
    int dp;     /* decimal point: value = 0.d[0]d[1]... * 10^dp */
    bool trunc; /* nonzero digits were dropped after d[nd-1] */
    /* Room for the 19 digits a left shift by up to 60 can add. */
    uint8_t d[JB_DEC_DIGITS + 19];
} jb_decimal;

static void jb_dec_trim(jb_decimal *a) {
    while (a->nd > 0 && a->d[a->nd - 1] == 0) a->nd--;
    if (a->nd == 0) a->dp = 0;
}

/* a *= 2^k, 0 < k <= 60. Right to left; the write position runs 19 ahead of
 * the read position, so the pass is in place, then the result moves down. */
static void jb_dec_lshift(jb_decimal *a, unsigned k) {
    int r = a->nd, w = a->nd + 19, nd;
    uint64_t n = 0;
    while (--r >= 0) {
        uint64_t quo;
        n += (uint64_t)a->d[r] << k;
        quo = n / 10;
        a->d[--w] = (uint8_t)(n - quo * 10);
        n = quo;
    }
    while (n > 0) {
        uint64_t quo = n / 10;
        a->d[--w] = (uint8_t)(n - quo * 10);
        n = quo;
    }
    nd = a->nd + 19 - w;
    a->dp += nd - a->nd;
    memmove(a->d, a->d + w, (size_t)nd);
    if (nd > JB_DEC_DIGITS) {
        for (r = JB_DEC_DIGITS; r < nd; r++) a->trunc |= a->d[r] != 0;
        nd = JB_DEC_DIGITS;
    }
    a->nd = nd;
    jb_dec_trim(a);
}

/* a /= 2^k, 0 < k <= 60, left to right in place (writes never pass reads). */
static void jb_dec_rshift(jb_decimal *a, unsigned k) {
    int r = 0, w = 0;
    uint64_t n = 0, mask = ((uint64_t)1 << k) - 1;
    for (; (n >> k) == 0; r++) {
        if (r >= a->nd) {
            if (n == 0) {
                a->nd = 0;
                a->dp = 0;
                return;
            }
            while ((n >> k) == 0) {
                n *= 10;
                r++;
            }
            break;
        }
        n = n * 10 + a->d[r];
    }
    a->dp -= r - 1;
    for (; r < a->nd; r++) {
        uint8_t c = a->d[r];
        a->d[w++] = (uint8_t)(n >> k);
        n = (n & mask) * 10 + c;
    }
    while (n > 0) {
        uint8_t dig = (uint8_t)(n >> k);
        n &= mask;
        if (w < JB_DEC_DIGITS) {
            a->d[w++] = dig;
        } else if (dig > 0) {
            a->trunc = true;
        }
        n *= 10;
    }
    a->nd = w;
    jb_dec_trim(a);
}

static void jb_dec_shift(jb_decimal *a, int k) {
    if (a->nd == 0) return;
    for (; k > JB_DEC_SHIFT; k -= JB_DEC_SHIFT) jb_dec_lshift(a, JB_DEC_SHIFT);
    for (; k < -JB_DEC_SHIFT; k += JB_DEC_SHIFT) jb_dec_rshift(a, JB_DEC_SHIFT);
    if (k > 0) jb_dec_lshift(a, (unsigned)k);
    if (k < 0) jb_dec_rshift(a, (unsigned)-k);
}

/* Round half to even at the decimal point; the sticky bit breaks ties up. */
static uint64_t jb_dec_round(const jb_decimal *a) {
    uint64_t n = 0;
    int i;
    bool up;
    for (i = 0; i < a->dp && i < a->nd; i++) n = n * 10 + a->d[i];
    for (; i < a->dp; i++) n *= 10;
    if (a->dp < 0 || a->dp >= a->nd) return n;
    if (a->d[a->dp] == 5 && a->dp + 1 == a->nd) {
        up = a->trunc || (a->dp > 0 && (a->d[a->dp - 1] & 1));
    } else {
        up = a->d[a->dp] >= 5;
    }
    return n + up;
}

/* Loads the digits of a valid token; returns its decimal point position
 * (int64: a long token can push it far beyond int). */
static int64_t jb_dec_load(jb_decimal *a, const char *s, size_t n) {
    const char *p = s, *end = s + n;
    int64_t dp = 0;
    a->nd = 0;
    a->trunc = false;
    p += p < end && *p == '-';
    if (p < end && *p == '0') {
        p++; /* integer part "0": no significant digit */
    } else {
        for (; p < end && jb__isdigit(*p); p++, dp++) {
            if (a->nd < JB_DEC_DIGITS) {
                a->d[a->nd++] = (uint8_t)(*p - '0');
            } else {
                a->trunc |= *p != '0';
            }
        }
    }
    if (p < end && *p == '.') {
        p++;
        if (a->nd == 0) {
            for (; p < end && *p == '0'; p++) dp--;
        }
        for (; p < end && jb__isdigit(*p); p++) {
            if (a->nd < JB_DEC_DIGITS) {
                a->d[a->nd++] = (uint8_t)(*p - '0');
            } else {
                a->trunc |= *p != '0';
            }
        }
    }
    if (p < end && (*p == 'e' || *p == 'E')) dp += jb_read_exp(p, end);
    jb_dec_trim(a);
    return dp;
}

/* Bits of the token (sign excluded) in format f; sets *overflow. */
static uint64_t jb_dec_to_bits(const char *s, size_t n, const jb_fltfmt *f, bool *overflow) {
    /* Powers of two that keep dp from overshooting: 2^powtab[i] < 10^i. */
    static const int powtab[9] = {1, 3, 6, 9, 13, 16, 19, 23, 26};
    jb_decimal a;
    int64_t dp64 = jb_dec_load(&a, s, n);
    int e2 = 0; /* binary exponent */
    uint64_t mant;
    *overflow = false;
    if (a.nd == 0 || dp64 < -400) return 0;
    if (dp64 > 310) goto inf;
    a.dp = (int)dp64;
    /* Scale into [1/2, 1), counting the binary exponent. */
    while (a.dp > 0) {
        int k = a.dp >= 9 ? 27 : powtab[a.dp];
        jb_dec_shift(&a, -k);
        e2 += k;
    }
    while (a.dp < 0 || (a.dp == 0 && a.d[0] < 5)) {
        int k = -a.dp >= 9 ? 27 : powtab[-a.dp];
        jb_dec_shift(&a, k);
        e2 -= k;
    }
    e2--; /* [1/2, 1) -> [1, 2) */
    if (e2 < f->bias + 1) {
        /* Below the normal range: denormalize. */
        int k = f->bias + 1 - e2;
        jb_dec_shift(&a, -k);
        e2 += k;
    }
    if (e2 - f->bias >= f->inf) goto inf;
    jb_dec_shift(&a, 1 + f->mbits);
    mant = jb_dec_round(&a);
    if (mant == ((uint64_t)2 << f->mbits)) {
        mant >>= 1;
        e2++;
        if (e2 - f->bias >= f->inf) goto inf;
    }
    if (!(mant & ((uint64_t)1 << f->mbits))) e2 = f->bias; /* subnormal */
    return (mant & (((uint64_t)1 << f->mbits) - 1)) | ((uint64_t)(e2 - f->bias) << f->mbits);
inf:
    *overflow = true;
    return (uint64_t)f->inf << f->mbits;
}

/* ---- doubles and floats ----------------------------------------------- */

/* Unsigned bits of |token| in format f, by tiers 2 and 3. */
static JB_NOINLINE uint64_t jb_slow_bits(const char *s, size_t n, const jb_numparts *np,
                                         const jb_fltfmt *f, bool *overflow) {
    uint64_t m, m1;
    int32_t e, e1;
    if (jb_eisel_lemire(np->w, np->q, f, &m, &e)) {
        if (!np->inexact ||
            (jb_eisel_lemire(np->w + 1, np->q, f, &m1, &e1) && m1 == m && e1 == e)) {
            *overflow = e == f->inf;
            return m | ((uint64_t)e << f->mbits);
        }
    }
    return jb_dec_to_bits(s, n, f, overflow);
}

/* The general path of jb__scan_f64 (every valid token, errors found). */
static JB_NOINLINE size_t jb_scan_f64_general(const char *p, const char *end, double *out,
                                              jb_status *st) {
    jb_numparts np;
    uint64_t bits, m;
    int32_t e;
    bool overflow;
    size_t n = jb_scan_parts(p, end, &np);
    if (JB_UNLIKELY(n == 0)) return 0;
    *st = JB_OK;
    if (np.w == 0) {
        *out = np.neg ? -0.0 : 0.0;
        return n;
    }
    if (jb_clinger64(&np, out)) {
        if (np.neg) *out = -*out;
        return n;
    }
    if (JB_LIKELY(!np.inexact) && jb_eisel_lemire(np.w, np.q, &jb_f64fmt, &m, &e)) {
        bits = m | ((uint64_t)e << 52);
        overflow = e == jb_f64fmt.inf;
    } else {
        bits = jb_slow_bits(p, n, &np, &jb_f64fmt, &overflow);
    }
    bits |= (uint64_t)np.neg << 63;
    memcpy(out, &bits, sizeof bits);
    if (JB_UNLIKELY(overflow)) *st = JB_E_RANGE;
    return n;
}

/* A straight token is whole unless an exponent follows (numscan.h: the
 * straight path leaves that to its caller); p[n] is in the input. */
static inline bool jb_straight_whole(const char *p, size_t n) {
    return n != 0 && (p[n] | 0x20) != 'e';
}

size_t jb__scan_f64(const char *p, const char *end, double *out, jb_status *st) {
#if JB_NUM_SWAR
    size_t n = jb__scan_f64_straight(p, end, out);
    if (JB_LIKELY(jb_straight_whole(p, n))) {
        *st = JB_OK;
        return n;
    }
#endif
    return jb_scan_f64_general(p, end, out, st);
}

size_t jb__scan_f64_point(const char *p, const char *end, unsigned k, double *out,
                          jb_status *st) {
#if JB_NUM_SWAR
    if (JB_LIKELY(end - p >= 26)) {
        bool neg = *p == '-';
        const char *ip = p + neg;
        size_t n;
        if (!(k > 1 && *ip == '0') && jb_straight_whole(p, n = jb__f64_point(p, ip, neg, k, out))) {
            *st = JB_OK;
            return n;
        }
    }
#else
    (void)k;
#endif
    return jb_scan_f64_general(p, end, out, st);
}

jb_status jb__parse_f64(const char *s, size_t n, double *out) {
    jb_status st = JB_OK;
    /* A valid token is always scanned whole; anything else is a caller's
     * bug, answered with 0 rather than an unset value. */
    if (JB_UNLIKELY(jb__scan_f64(s, s + n, out, &st) != n)) *out = 0;
    return st;
}

jb_status jb__parse_f32(const char *s, size_t n, float *out) {
    jb_numparts np;
    uint32_t bits;
    bool overflow;
    if (JB_UNLIKELY(jb_scan_parts(s, s + n, &np) != n)) { /* as above */
        np.w = 0;
        np.neg = false;
    }
    if (np.w == 0) {
        *out = np.neg ? -0.0f : 0.0f;
        return JB_OK;
    }
    if (jb_clinger32(&np, out)) {
        if (np.neg) *out = -*out;
        return JB_OK;
    }
    bits = (uint32_t)jb_slow_bits(s, n, &np, &jb_f32fmt, &overflow) | ((uint32_t)np.neg << 31);
    memcpy(out, &bits, sizeof bits);
    return overflow ? JB_E_RANGE : JB_OK;
}

/* ---- integers --------------------------------------------------------- */

size_t jb__scan_uint19(const char *p, const char *end, bool *neg, uint64_t *mag) {
    const char *s = p, *d0;
    uint64_t v = 0;
    *neg = p < end && *p == '-';
    p += *neg;
    d0 = p;
#if JB_NUM_SWAR
    /* The first word on its own: most integers end inside it. */
    if (JB_LIKELY(end - p >= 8)) {
        uint64_t t = jb__load64(p) - JB_ZEROS8;
        unsigned k = jb__digit_count8(t);
        if (JB_LIKELY(k < 8)) {
            if (JB_UNLIKELY(k == 0 || (k > 1 && *p == '0'))) return 0;
            /* One digit (counts, flags, small ids) is its own value. */
            *mag = k == 1 ? (t & 0xF) : jb__digits_first(t, k);
            return (size_t)(p + k - s);
        }
        v = jb__digits8(t);
        p += 8;
        while (end - p >= 8) {
            t = jb__load64(p) - JB_ZEROS8;
            k = jb__digit_count8(t);
            if (k == 0) break;
            v = v * jb__pow10_u32[k] + jb__digits_first(t, k);
            p += k;
            if (k < 8 || p - d0 > 19) break;
        }
    }
#endif
    if (!JB_NUM_SWAR || end - p < 8) {
        /* The tail of the input (or all of it without SWAR), a byte at a time. */
        while (p < end && jb__isdigit(*p) && p - d0 <= 19) {
            v = v * 10 + (uint64_t)(*p - '0');
            p++;
        }
    }
    if (JB_UNLIKELY(p == d0 || p - d0 > 19 || (*d0 == '0' && p - d0 > 1))) return 0;
    *mag = v;
    return (size_t)(p - s);
}


/* |value| of a token with a fraction or exponent, when it is an integer:
 * JB_E_TYPE when it is not, JB_E_RANGE when it exceeds UINT64_MAX. The
 * value is D * 10^t with D its significant digits without trailing zeros;
 * it is an integer iff t >= 0, and needs more than 20 digits iff
 * digits(D) + t > 20. */
static JB_NOINLINE jb_status jb_integral_float(const char *s, size_t n, uint64_t *mag) {
    const char *p = s, *end = s + n;
    uint8_t first[20];
    int64_t dp = 0, nsig = 0, m = 0, t;
    uint64_t v = 0;
    p += p < end && *p == '-';
    /* Walk the significant digits: dp counts integer ones, m ends after the
     * last nonzero one. */
    if (p < end && *p == '0') {
        p++;
    } else {
        for (; p < end && jb__isdigit(*p); p++, dp++) {
            if (nsig < 20) first[nsig] = (uint8_t)(*p - '0');
            nsig++;
            if (*p != '0') m = nsig;
        }
    }
    if (p < end && *p == '.') {
        p++;
        if (nsig == 0) {
            for (; p < end && *p == '0'; p++) dp--;
        }
        for (; p < end && jb__isdigit(*p); p++) {
            if (nsig < 20) first[nsig] = (uint8_t)(*p - '0');
            nsig++;
            if (*p != '0') m = nsig;
        }
    }
    if (p < end && (*p == 'e' || *p == 'E')) dp += jb_read_exp(p, end);
    if (m == 0) {
        *mag = 0;
        return JB_OK;
    }
    t = dp - m;
    if (t < 0) return JB_E_TYPE;
    if (m + t > 20) return JB_E_RANGE;
    for (int64_t i = 0; i < m + t; i++) {
        uint64_t d = i < m ? first[i] : 0;
        if (v > (UINT64_MAX - d) / 10) return JB_E_RANGE;
        v = v * 10 + d;
    }
    *mag = v;
    return JB_OK;
}

/* Sign and magnitude of an integer token (or an integral float when
 * allowed). Up to 19 digits cannot overflow; a 20th is checked; more
 * cannot fit (no leading zeros). */
static inline jb_status jb_int_mag(const char *s, size_t n, bool integral_floats, bool *neg,
                                   uint64_t *mag) {
    const char *p = s, *end = s + n, *q;
    uint64_t v = 0;
    *neg = p < end && *p == '-';
    p += *neg;
    if (JB_LIKELY(end - p <= 19)) {
        q = jb_eat_digits(p, end, &v);
        if (JB_LIKELY(q == end)) {
            *mag = v;
            return JB_OK;
        }
    } else {
        q = jb_skip_digits(p, end);
        if (q == end) {
            if (q - p > 20) return JB_E_RANGE;
            (void)jb_eat_digits(p, p + 19, &v);
            {
                uint64_t d = (uint64_t)(p[19] - '0');
                if (v > (UINT64_MAX - d) / 10) return JB_E_RANGE;
                *mag = v * 10 + d;
            }
            return JB_OK;
        }
    }
    if (!integral_floats) return JB_E_TYPE;
    return jb_integral_float(s, n, mag);
}

jb_status jb__parse_u64(const char *s, size_t n, bool integral_floats, uint64_t *out) {
    bool neg;
    uint64_t mag;
    jb_status st = jb_int_mag(s, n, integral_floats, &neg, &mag);
    if (st != JB_OK) return st;
    if (neg && mag != 0) return JB_E_RANGE;
    *out = mag;
    return JB_OK;
}

jb_status jb__parse_i64(const char *s, size_t n, bool integral_floats, int64_t *out) {
    bool neg;
    uint64_t mag;
    jb_status st = jb_int_mag(s, n, integral_floats, &neg, &mag);
    if (st != JB_OK) return st;
    if (neg) {
        if (mag > (uint64_t)INT64_MAX + 1) return JB_E_RANGE;
        /* -(mag - 1) - 1 stays in range for mag == 2^63. */
        *out = mag == 0 ? 0 : -(int64_t)(mag - 1) - 1;
    } else {
        if (mag > (uint64_t)INT64_MAX) return JB_E_RANGE;
        *out = (int64_t)mag;
    }
    return JB_OK;
}
