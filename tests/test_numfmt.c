/* SPDX-License-Identifier: MIT */
/*
 * test_numfmt.c — integer and shortest double/float formatting.
 *
 * Oracles, none of them the code under test:
 *   - round trip through the C library's strtod/strtof in the "C" locale
 *     (as well as through jb__parse_f64/f32);
 *   - shortness and choice: the fewest digits N for which printf("%.*e")
 *     (correctly rounded by glibc) reads back to the same value; our digit
 *     count must not exceed N, and when it equals N the digits must be the
 *     same (the closest N-digit decimal). The whole string must then be the
 *     ECMAScript spelling of those digits, built here from the spec's rules;
 *   - hand-written expected strings derived from the ECMAScript
 *     Number::toString rules;
 *   - snprintf("%" PRIu64 / PRId64) for integers.
 * Everything runs in the "C" locale and again under de_DE/fr_FR (decimal
 * comma) when such a locale is installed; the oracle always uses the "C"
 * locale (uselocale around it).
 */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "num.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static locale_t c_loc;

/* ---- oracle helpers (C locale) ------------------------------------------ */

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static double bits_to_f64(uint64_t b) {
    double d;
    memcpy(&d, &b, 8);
    return d;
}
static uint64_t f64_to_bits(double d) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}
static float bits_to_f32(uint32_t b) {
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static uint32_t f32_to_bits(float f) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

static double c_strtod(const char *s) {
    locale_t old = uselocale(c_loc);
    double d = strtod(s, NULL);
    uselocale(old);
    return d;
}
static float c_strtof(const char *s) {
    locale_t old = uselocale(c_loc);
    float f = strtof(s, NULL);
    uselocale(old);
    return f;
}

/* Significant digits (no leading/trailing zeros) of a decimal string in
 * any spelling, and n: value = 0.DIGITS * 10^n. */
static int sig_digits(const char *s, char *digits, int *n) {
    char all[1200];
    int na = 0, intlen = -1, start = 0, nd;
    for (; *s && *s != 'e' && *s != 'E'; s++) {
        if (*s == '.' || *s == ',')
            intlen = na;
        else if (*s >= '0' && *s <= '9')
            all[na++] = *s;
    }
    if (intlen < 0) intlen = na;
    *n = intlen + (*s ? atoi(s + 1) : 0); /* value = 0.ALL * 10^n */
    while (start < na && all[start] == '0') {
        start++;
        (*n)--;
    }
    while (na > start && all[na - 1] == '0') na--;
    nd = na - start;
    memcpy(digits, all + start, (size_t)nd);
    digits[nd] = 0;
    if (nd == 0) *n = 0;
    return nd;
}

/* The ECMAScript Number::toString spelling of 0.DIGITS * 10^n (written
 * independently of numfmt.c, from the spec's steps). */
static void js_spell(char *out, bool neg, const char *d, int n) {
    int k = (int)strlen(d);
    char *p = out;
    if (neg) *p++ = '-';
    if (k <= n && n <= 21) {
        p += sprintf(p, "%s", d);
        for (int i = 0; i < n - k; i++) *p++ = '0';
    } else if (0 < n && n <= 21) {
        p += sprintf(p, "%.*s.%s", n, d, d + n);
    } else if (-6 < n && n <= 0) {
        p += sprintf(p, "0.");
        for (int i = 0; i < -n; i++) *p++ = '0';
        p += sprintf(p, "%s", d);
    } else {
        int e = n - 1;
        if (k == 1)
            p += sprintf(p, "%c", d[0]);
        else
            p += sprintf(p, "%c.%s", d[0], d + 1);
        p += sprintf(p, "e%c%d", e < 0 ? '-' : '+', e < 0 ? -e : e);
    }
    *p = 0;
}

/* Fewest digits N such that %.(N-1)e of v reads back as v; its text. */
static int shortest_printf(double v, bool as_float, char *buf, size_t cap) {
    locale_t old = uselocale(c_loc);
    int n;
    for (n = 1; n <= 17; n++) {
        snprintf(buf, cap, "%.*e", n - 1, v);
        if (as_float ? strtof(buf, NULL) == (float)v : strtod(buf, NULL) == v) break;
    }
    uselocale(old);
    return n;
}

/* ---- checks ------------------------------------------------------------- */

static void check_f64_one(int line, double v, bool shortness) {
    char out[JB_FMT_F64_MAX + 1], ref[64], dg[40], rdg[40], js[64];
    double back;
    int n, rn, nd, rnd;
    size_t len = jb__fmt_f64(out, v);
    out[len] = 0;
    CHECK_AT(line, len <= JB_FMT_F64_MAX, "length %zu", len);
    CHECK_AT(line, jb__parse_f64(out, len, &back) == JB_OK && f64_to_bits(back) == f64_to_bits(v),
             "jb round trip of %.17g via [%s]", v, out);
    back = c_strtod(out);
    CHECK_AT(line, f64_to_bits(back) == f64_to_bits(v), "strtod round trip of %.17g via [%s]", v,
             out);
    if (!shortness || v == 0) return;
    nd = sig_digits(out, dg, &n);
    (void)shortest_printf(v, false, ref, sizeof ref);
    rnd = sig_digits(ref, rdg, &rn);
    CHECK_AT(line, nd <= rnd, "%.17g: [%s] has %d digits, [%s] only %d", v, out, nd, ref, rnd);
    if (nd == rnd) {
        CHECK_AT(line, strcmp(dg, rdg) == 0 && n == rn, "%.17g: [%s] is not the closest [%s]", v,
                 out, ref);
        js_spell(js, signbit(v) != 0, rdg, rn);
        CHECK_AT(line, strcmp(js, out) == 0, "%.17g: got [%s], ECMAScript spelling [%s]", v, out,
                 js);
    }
}

static void check_f32_one(int line, float v, bool shortness) {
    char out[JB_FMT_F64_MAX + 1], ref[64], dg[40], rdg[40], js[64];
    float back;
    int n, rn, nd, rnd;
    size_t len = jb__fmt_f32(out, v);
    out[len] = 0;
    CHECK_AT(line, len <= JB_FMT_F64_MAX, "length %zu", len);
    CHECK_AT(line, jb__parse_f32(out, len, &back) == JB_OK && f32_to_bits(back) == f32_to_bits(v),
             "jb round trip of %.9g via [%s]", (double)v, out);
    back = c_strtof(out);
    CHECK_AT(line, f32_to_bits(back) == f32_to_bits(v), "strtof round trip of %.9g via [%s]",
             (double)v, out);
    if (!shortness || v == 0) return;
    nd = sig_digits(out, dg, &n);
    (void)shortest_printf((double)v, true, ref, sizeof ref);
    rnd = sig_digits(ref, rdg, &rn);
    CHECK_AT(line, nd <= rnd, "%.9g: [%s] has %d digits, [%s] only %d", (double)v, out, nd, ref,
             rnd);
    if (nd == rnd) {
        CHECK_AT(line, strcmp(dg, rdg) == 0 && n == rn, "%.9g: [%s] is not the closest [%s]",
                 (double)v, out, ref);
        js_spell(js, signbit(v) != 0, rdg, rn);
        CHECK_AT(line, strcmp(js, out) == 0, "%.9g: got [%s], ECMAScript spelling [%s]", (double)v,
                 out, js);
    }
}

/* Expected strings, from the ECMAScript rules (not from numfmt.c). */
static void test_f64_table(void) {
    static const struct {
        int line;
        double v;
        const char *want;
    } t[] = {
        {__LINE__, 0.0, "0"},
        {__LINE__, -0.0, "-0"},
        {__LINE__, 1.0, "1"},
        {__LINE__, -2.0, "-2"},
        {__LINE__, 0.1, "0.1"},
        {__LINE__, -0.5, "-0.5"},
        {__LINE__, 1.5, "1.5"},
        {__LINE__, 100.0, "100"},
        {__LINE__, 123.456, "123.456"},
        {__LINE__, 4.35, "4.35"},
        {__LINE__, 12345678.9, "12345678.9"},
        {__LINE__, 0.1 + 0.2, "0.30000000000000004"},
        {__LINE__, 1.0 / 3.0, "0.3333333333333333"},
        {__LINE__, 2.0 / 3.0, "0.6666666666666666"},
        {__LINE__, 1e15, "1000000000000000"},
        {__LINE__, 9007199254740992.0, "9007199254740992"},
        {__LINE__, 9223372036854775808.0, "9223372036854776000"},
        {__LINE__, 1e20, "100000000000000000000"},
        {__LINE__, 123456789012345680000.0, "123456789012345680000"},
        {__LINE__, 999999999999999868928.0, "999999999999999900000"},
        {__LINE__, 1e21, "1e+21"},
        {__LINE__, 1.5e21, "1.5e+21"},
        {__LINE__, 1e23, "1e+23"},
        {__LINE__, 1e100, "1e+100"},
        {__LINE__, -1e-100, "-1e-100"},
        {__LINE__, 1e-5, "0.00001"},
        {__LINE__, 2.5e-5, "0.000025"},
        {__LINE__, 1e-6, "0.000001"},
        {__LINE__, 1.234e-6, "0.000001234"},
        {__LINE__, 1e-7, "1e-7"},
        {__LINE__, 1.5e-7, "1.5e-7"},
        {__LINE__, 1.234e-7, "1.234e-7"},
        {__LINE__, 9.5367431640625e-7, "9.5367431640625e-7"},
        {__LINE__, 123e-20, "1.23e-18"},
        {__LINE__, 5e-324, "5e-324"},
        {__LINE__, -5e-324, "-5e-324"},
        {__LINE__, 1e-323, "1e-323"},
        {__LINE__, DBL_MIN, "2.2250738585072014e-308"},
        {__LINE__, 2.225073858507201e-308, "2.225073858507201e-308"},
        {__LINE__, DBL_MAX, "1.7976931348623157e+308"},
        {__LINE__, -DBL_MAX, "-1.7976931348623157e+308"},
        {__LINE__, 8.98846567431158e307, "8.98846567431158e+307"},
        {__LINE__, 5e-7, "5e-7"},
        {__LINE__, 0.000001, "0.000001"},
        {__LINE__, 4294967296.0, "4294967296"},
        {__LINE__, 4294967295.5, "4294967295.5"},
        {__LINE__, 1e22, "1e+22"},
        {__LINE__, 2e-7, "2e-7"},
        {__LINE__, 1.7e-310, "1.7e-310"},
        {__LINE__, 299792458.0, "299792458"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char out[JB_FMT_F64_MAX];
        size_t n = jb__fmt_f64(out, t[i].v);
        CHECK_MEM_AT(t[i].line, out, n, t[i].want, strlen(t[i].want));
        check_f64_one(t[i].line, t[i].v, true);
    }
}

static void test_f32_table(void) {
    static const struct {
        int line;
        float v;
        const char *want;
    } t[] = {
        {__LINE__, 0.0f, "0"},
        {__LINE__, -0.0f, "-0"},
        {__LINE__, 1.0f, "1"},
        {__LINE__, -2.0f, "-2"},
        {__LINE__, 0.1f, "0.1"},
        {__LINE__, 1.0f / 3.0f, "0.33333334"},
        {__LINE__, 3.14159265f, "3.1415927"},
        {__LINE__, FLT_MAX, "3.4028235e+38"},
        {__LINE__, FLT_MIN, "1.1754944e-38"},
        {__LINE__, 1.4e-45f, "1e-45"},
        {__LINE__, 16777216.0f, "16777216"},
        {__LINE__, 16777218.0f, "16777218"},
        {__LINE__, 1e10f, "10000000000"},
        {__LINE__, 1e21f, "1e+21"},
        {__LINE__, 1.5e-7f, "1.5e-7"},
        {__LINE__, 1e-6f, "0.000001"},
        {__LINE__, 7.038531e-26f, "7.038531e-26"},
        {__LINE__, 123456789.0f, "123456790"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        char out[JB_FMT_F64_MAX];
        size_t n = jb__fmt_f32(out, t[i].v);
        CHECK_MEM_AT(t[i].line, out, n, t[i].want, strlen(t[i].want));
        check_f32_one(t[i].line, t[i].v, true);
    }
}

/* Random bit patterns (all exponents equally likely), plus the structured
 * families where shortest-digit algorithms go wrong: powers of two (the
 * asymmetric interval), integers, subnormals, neighbours of powers of ten. */
static void test_f64_random(long count, long shortness_every) {
    uint64_t seed = 0x6A62696E64ull; /* fixed: failures reproduce */
    int e;
    for (long i = 0; i < count; i++) {
        uint64_t b = splitmix64(&seed);
        double v = bits_to_f64(b);
        if (!isfinite(v)) continue;
        check_f64_one(__LINE__, v, i % shortness_every == 0);
    }
    for (e = -1074; e <= 1023; e++) {
        double v = ldexp(1.0, e);
        check_f64_one(__LINE__, v, true);
        check_f64_one(__LINE__, nextafter(v, 0), true);
        check_f64_one(__LINE__, nextafter(v, INFINITY), true);
    }
    for (e = -323; e <= 308; e++) {
        char s[32];
        double v;
        snprintf(s, sizeof s, "1e%d", e);
        v = c_strtod(s);
        check_f64_one(__LINE__, v, true);
        check_f64_one(__LINE__, nextafter(v, 0), true);
        check_f64_one(__LINE__, nextafter(v, INFINITY), true);
    }
    for (long i = 0; i < count / 20; i++) { /* 100,000 unscaled */
        uint64_t r = splitmix64(&seed);
        check_f64_one(__LINE__, (double)(r >> (r & 63)), i % 4 == 0);              /* integers */
        check_f64_one(__LINE__, bits_to_f64(r & 0x000FFFFFFFFFFFFFu), i % 4 == 0); /* subnormal */
    }
}

/*
 * The one-product path's rare steps (numfmt.c, jb_dragon64), each checked
 * against the printf oracle for shortness and closeness: decimals of 1 to
 * 3 digits at every exponent, and their neighbours one ulp away, are where
 * the scaled upper end is an integer (the excluded end), where the lower
 * end decides (r == di) and where the 100-step rounding is exact or a
 * tie; then the exponent fields next to the Schubfach fallback (1..8) and
 * the largest ones, and integers next to 2^53 (the integer shortcut's
 * edge). Every exponent field, too, with fractions of each kind: the
 * path reads k, beta and the power's row from one table entry per field
 * (jb__dragon_exp), so a wrong entry shows only at its own exponent.
 */
static void test_f64_one_product(long count) {
    uint64_t seed = 0x6A62647261ull;
    for (uint64_t be = 1; be < 0x7FF; be++) {
        uint64_t r = splitmix64(&seed) & 0x000FFFFFFFFFFFFFu;
        check_f64_one(__LINE__, bits_to_f64(be << 52 | r), true);
        check_f64_one(__LINE__, bits_to_f64(be << 52 | (r >> 26)), true);       /* short */
        check_f64_one(__LINE__, bits_to_f64(be << 52 | 0x000FFFFFFFFFFFFFu), true); /* top */
        check_f64_one(__LINE__, bits_to_f64(be << 52 | 1), true);
    }
    for (long i = 0; i < count; i++) {
        uint64_t r = splitmix64(&seed);
        char s[32];
        double v;
        uint64_t frac = r & 0x000FFFFFFFFFFFFFu;
        snprintf(s, sizeof s, "%ue%d", (unsigned)((r >> 52) % 1000), (int)((r >> 20) % 640) - 330);
        v = c_strtod(s);
        if (v != 0 && isfinite(v)) {
            check_f64_one(__LINE__, v, true);
            check_f64_one(__LINE__, nextafter(v, 0), true);
            check_f64_one(__LINE__, nextafter(v, INFINITY), true);
        }
        check_f64_one(__LINE__, bits_to_f64(((1 + (r >> 61)) << 52) | frac), true);
        check_f64_one(__LINE__, bits_to_f64(((0x7FEu - (r >> 61)) << 52) | frac), true);
        v = 9007199254740992.0 + (double)(int64_t)((r >> 40) % 8193) - 4096.0;
        check_f64_one(__LINE__, v, true);
        check_f64_one(__LINE__, -v, true);
    }
}

static void test_f32_random(long count, long shortness_every) {
    uint64_t seed = 0x6A62663332ull;
    for (long i = 0; i < count; i++) {
        float v = bits_to_f32((uint32_t)splitmix64(&seed));
        if (!isfinite(v)) continue;
        check_f32_one(__LINE__, v, i % shortness_every == 0);
    }
    for (int e = -149; e <= 127; e++) {
        float v = ldexpf(1.0f, e);
        check_f32_one(__LINE__, v, true);
        check_f32_one(__LINE__, nextafterf(v, 0), true);
        check_f32_one(__LINE__, nextafterf(v, INFINITY), true);
    }
}

static void test_integers(void) {
    char out[32], ref[32];
    size_t n;
    /* Every width boundary: 10^k - 1, 10^k, 10^k + 1; 2^k - 1, 2^k, 2^k + 1
     * and their negatives; the ends of the types. */
    uint64_t vals[300];
    int nv = 0;
    uint64_t p = 1;
    for (int k = 0; k <= 19; k++, p *= 10) {
        vals[nv++] = p - 1;
        vals[nv++] = p;
        vals[nv++] = p + 1;
    }
    for (int k = 0; k < 64; k++) {
        uint64_t q = (uint64_t)1 << k;
        vals[nv++] = q - 1;
        vals[nv++] = q;
        vals[nv++] = q + 1;
    }
    vals[nv++] = UINT64_MAX;
    vals[nv++] = UINT64_MAX - 1;
    for (int i = 0; i < nv; i++) {
        int64_t s = (int64_t)vals[i];
        n = jb__fmt_u64(out, vals[i]);
        snprintf(ref, sizeof ref, "%" PRIu64, vals[i]);
        CHECK_MEM_AT(__LINE__, out, n, ref, strlen(ref));
        n = jb__fmt_i64(out, s);
        snprintf(ref, sizeof ref, "%" PRId64, s);
        CHECK_MEM_AT(__LINE__, out, n, ref, strlen(ref));
        if (s != INT64_MIN) {
            n = jb__fmt_i64(out, -s);
            snprintf(ref, sizeof ref, "%" PRId64, -s);
            CHECK_MEM_AT(__LINE__, out, n, ref, strlen(ref));
        }
    }
    n = jb__fmt_i64(out, INT64_MIN);
    CHECK_MEM_AT(__LINE__, out, n, "-9223372036854775808", 20);
    n = jb__fmt_i64(out, INT64_MAX);
    CHECK_MEM_AT(__LINE__, out, n, "9223372036854775807", 19);
    n = jb__fmt_u64(out, UINT64_MAX);
    CHECK_MEM_AT(__LINE__, out, n, "18446744073709551615", 20);
    n = jb__fmt_u64(out, 0);
    CHECK_MEM_AT(__LINE__, out, n, "0", 1);
    n = jb__fmt_i64(out, -1);
    CHECK_MEM_AT(__LINE__, out, n, "-1", 2);
    {
        uint64_t seed = 42;
        for (int i = 0; i < 200000; i++) {
            uint64_t r = splitmix64(&seed);
            r >>= r & 63;
            n = jb__fmt_u64(out, r);
            snprintf(ref, sizeof ref, "%" PRIu64, r);
            CHECK_MEM_AT(__LINE__, out, n, ref, strlen(ref));
            n = jb__fmt_i64(out, (int64_t)(r ^ (r << 63)));
            snprintf(ref, sizeof ref, "%" PRId64, (int64_t)(r ^ (r << 63)));
            CHECK_MEM_AT(__LINE__, out, n, ref, strlen(ref));
        }
    }
}

/* ---- float styles ------------------------------------------------------- */

/*
 * Each style's spelling of 0.DIGITS * 10^n, written from the peers' rules
 * (docs/formats.md) independently of numstyle.c: plain notation for
 * lo <= n <= hi, with ".0" on integral values (all but ECMA); otherwise
 * d[.ddd], the exponent letter, its sign and digits.
 */
static void style_spell(char *out, jb_float_style st, bool f32, bool neg, const char *d, int n) {
    int k = (int)strlen(d), lo, hi;
    bool point_zero = st != JB_FLOAT_ECMA, sci_zero = false, plus = false, two = false;
    char e = 'e';
    char *p = out;
    if (k == 0) { /* zero: "0" in ECMA's spelling, "0.0" in every other */
        sprintf(out, "%s%s", neg ? "-" : "", st <= JB_FLOAT_ECMA ? "0" : "0.0");
        return;
    }
    switch (st) {
    case JB_FLOAT_RUST: lo = f32 ? -5 : -4, hi = f32 ? 13 : 16, plus = true; break;
    case JB_FLOAT_RUST_RYU: lo = f32 ? -5 : -4, hi = f32 ? 13 : 16; break;
    case JB_FLOAT_HASKELL: lo = 0, hi = 7, sci_zero = true; break;
    case JB_FLOAT_DOTNET: lo = -3, hi = k > 15 ? k : 15, e = 'E', plus = two = true; break;
    case JB_FLOAT_JAVA: lo = -2, hi = 7, e = 'E', sci_zero = true; break;
    default: js_spell(out, neg, d, n); return;
    }
    if (neg) *p++ = '-';
    if (n >= lo && n <= hi) {
        if (n >= k) {
            p += sprintf(p, "%s", d);
            for (int i = 0; i < n - k; i++) *p++ = '0';
            if (point_zero) p += sprintf(p, ".0");
        } else if (n > 0) {
            p += sprintf(p, "%.*s.%s", n, d, d + n);
        } else {
            p += sprintf(p, "0.");
            for (int i = 0; i < -n; i++) *p++ = '0';
            p += sprintf(p, "%s", d);
        }
    } else {
        int x = n - 1;
        p += sprintf(p, "%c", d[0]);
        if (k > 1) p += sprintf(p, ".%s", d + 1);
        else if (sci_zero) p += sprintf(p, ".0");
        *p++ = e;
        if (x < 0) *p++ = '-';
        else if (plus) *p++ = '+';
        p += sprintf(p, two ? "%02d" : "%d", x < 0 ? -x : x);
    }
    *p = 0;
}

static const jb_float_style all_styles[] = {JB_FLOAT_INHERIT, JB_FLOAT_ECMA,   JB_FLOAT_RUST,
                                            JB_FLOAT_HASKELL, JB_FLOAT_DOTNET, JB_FLOAT_JAVA,
                                            JB_FLOAT_RUST_RYU};

/* Every style against style_spell, with the digits of the ECMA text (the
 * other checks prove those shortest and correct), and each text parsed
 * back to the same bits. The formatter's room past the text is filled
 * with a marker first: the text must not depend on it. */
static void check_styles_one(int line, double v, bool f32) {
    char ecma[JB_FMT_F64_MAX], out[JB_FMT_F64_MAX + 1], want[80], dg[40];
    int n;
    size_t len = f32 ? jb__fmt_f32(ecma, (float)v) : jb__fmt_f64(ecma, v);
    ecma[len] = 0;
    sig_digits(ecma, dg, &n);
    for (size_t i = 0; i < sizeof all_styles / sizeof all_styles[0]; i++) {
        jb_float_style st = all_styles[i];
        memset(out, '#', sizeof out);
        len = f32 ? jb__fmt_f32_style(out, (float)v, st) : jb__fmt_f64_style(out, v, st);
        CHECK_AT(line, len <= 26, "style %d: %zu bytes", (int)st, len);
        out[len] = 0;
        style_spell(want, st, f32, signbit(v) != 0, dg, n);
        CHECK_AT(line, strcmp(out, want) == 0, "style %d of %.17g%s: got [%s], want [%s]", (int)st,
                 v, f32 ? " (f32)" : "", out, want);
        if (f32) {
            float b = 0;
            CHECK_AT(line, jb__parse_f32(out, len, &b) == JB_OK && f32_to_bits(b) == f32_to_bits((float)v),
                     "style %d: [%s] does not read back", (int)st, out);
        } else {
            double b = 0;
            CHECK_AT(line, jb__parse_f64(out, len, &b) == JB_OK && f64_to_bits(b) == f64_to_bits(v),
                     "style %d: [%s] does not read back", (int)st, out);
        }
    }
}

/* Exponent boundaries of every style: 1, 2 and 17 (9 for floats) digits
 * at every decimal exponent, their neighbours one ulp away, negative
 * zero, the smallest and largest subnormals and normals, random values. */
static void test_styles(long count) {
    uint64_t seed = 2024;
    for (int e = -325; e <= 309; e++) {
        static const char *const mant[] = {"1", "2.5", "1.2345678901234567", "9.999999999999999"};
        for (size_t i = 0; i < 4; i++) {
            char t[48];
            snprintf(t, sizeof t, "%se%d", mant[i], e);
            double v = c_strtod(t);
            if (!isfinite(v)) continue;
            check_styles_one(__LINE__, v, false);
            check_styles_one(__LINE__, -v, false);
            check_styles_one(__LINE__, nextafter(v, 0), false);
            check_styles_one(__LINE__, nextafter(v, INFINITY), false);
            if (e >= -46 && e <= 38) {
                float f = c_strtof(t);
                if (isfinite(f) && f != 0) {
                    check_styles_one(__LINE__, f, true);
                    check_styles_one(__LINE__, nextafterf(f, INFINITY), true);
                }
            }
        }
    }
    {
        static const uint64_t b64[] = {0, 0x8000000000000000u, 1, 0x000fffffffffffffu,
                                       0x0010000000000000u, 0x7fefffffffffffffu, 0xffefffffffffffffu,
                                       0x4340000000000000u, 0x4330000000000001u};
        static const uint32_t b32[] = {0, 0x80000000u, 1, 0x007fffffu, 0x00800000u, 0x7f7fffffu,
                                       0xff7fffffu, 0x4b800000u};
        for (size_t i = 0; i < sizeof b64 / sizeof b64[0]; i++)
            check_styles_one(__LINE__, bits_to_f64(b64[i]), false);
        for (size_t i = 0; i < sizeof b32 / sizeof b32[0]; i++)
            check_styles_one(__LINE__, bits_to_f32(b32[i]), true);
    }
    for (long i = 0; i < count; i++) {
        uint64_t r = splitmix64(&seed);
        double v = bits_to_f64(r);
        if (isfinite(v)) check_styles_one(__LINE__, v, false);
        float f = bits_to_f32((uint32_t)r);
        if (isfinite(f)) check_styles_one(__LINE__, f, true);
    }
}

/*
 * Integral doubles below 2^53 (numfmt.c's own path for them: plain digits
 * and the style's ".0" below 10^7, the general layout past it): the ECMA
 * text against printf's exact integer digits, every style against
 * style_spell; each value below 10^5, each side of every power of ten up
 * to 10^15 and of 10^7 (where HASKELL and JAVA leave plain notation), the
 * last integers below 2^53, and both signs. A few texts by hand, too.
 */
static void check_integral_one(int line, double v) {
    char out[JB_FMT_F64_MAX + 1], ref[40];
    size_t n = jb__fmt_f64(out, v);
    snprintf(ref, sizeof ref, "%.0f", v);
    CHECK_MEM_AT(line, out, n, ref, strlen(ref));
    check_styles_one(line, v, false);
}

static void test_f64_integral(void) {
    static const struct {
        double v;
        jb_float_style st;
        const char *want;
    } hand[] = {
        {1.0, JB_FLOAT_ECMA, "1"},
        {1.0, JB_FLOAT_RUST, "1.0"},
        {-7.0, JB_FLOAT_HASKELL, "-7.0"},
        {9999999.0, JB_FLOAT_JAVA, "9999999.0"},
        {10000000.0, JB_FLOAT_JAVA, "1.0E7"},
        {10000000.0, JB_FLOAT_HASKELL, "1.0e7"},
        {10000000.0, JB_FLOAT_RUST_RYU, "10000000.0"},
        {12345678.0, JB_FLOAT_ECMA, "12345678"},
        {9007199254740991.0, JB_FLOAT_DOTNET, "9007199254740991.0"},
        {9007199254740991.0, JB_FLOAT_JAVA, "9.007199254740991E15"},
        {1000000000000000.0, JB_FLOAT_DOTNET, "1E+15"},
        {-123.0, (jb_float_style)99, "-123"},
    };
    char out[JB_FMT_F64_MAX + 1];
    double p10 = 1;
    for (size_t i = 0; i < sizeof hand / sizeof hand[0]; i++) {
        size_t n = jb__fmt_f64_style(out, hand[i].v, hand[i].st);
        CHECK_MEM_AT(__LINE__, out, n, hand[i].want, strlen(hand[i].want));
    }
    for (int v = 1; v < 100000; v++) {
        check_integral_one(__LINE__, v);
        if (v % 7 == 0) check_integral_one(__LINE__, -v);
    }
    for (int e = 1; e <= 15; e++, p10 *= 10)
        for (int d = -300; d <= 300; d++) {
            double v = p10 * 10 + d;
            check_integral_one(__LINE__, v);
            check_integral_one(__LINE__, -v);
        }
    for (int d = 1; d <= 3000; d++) check_integral_one(__LINE__, 9007199254740992.0 - d);
}

/*
 * serde_json's own output, for JB_FLOAT_RUST_RYU: printed by the real
 * serde_json 1.0.87 (with ryu 1.0.2; Debian bookworm's
 * librust-serde-json-dev, built offline from /usr/share/cargo/registry)
 * on this machine with serde_json::to_string(&v). The same run over
 * 508,120 finite values (f64 and f32, every decimal exponent and random
 * bit patterns) matched JB_FLOAT_RUST_RYU byte for byte. The JB_FLOAT_RUST
 * column is the same text with '+' before a positive exponent: what
 * serde_json 1.0.147 and later write (zmij's write(), docs/formats.md);
 * not run here, as no newer serde_json is installable.
 */
static void test_serde_golden(void) {
    static const struct {
        int line;
        bool f32;
        uint64_t bits;
        const char *ryu, *zmij;
    } g[] = {
        {__LINE__, false, 0x0000000000000000u, "0.0", "0.0"},
        {__LINE__, false, 0x8000000000000000u, "-0.0", "-0.0"},
        {__LINE__, false, 0x3ff0000000000000u, "1.0", "1.0"},
        {__LINE__, false, 0xc000000000000000u, "-2.0", "-2.0"},
        {__LINE__, false, 0x3fb999999999999au, "0.1", "0.1"},
        {__LINE__, false, 0x3fd3333333333334u, "0.30000000000000004", "0.30000000000000004"},
        {__LINE__, false, 0x3f1a36e2eb1c432du, "0.0001", "0.0001"},
        {__LINE__, false, 0x3ee4f8b588e368f1u, "0.00001", "0.00001"},
        {__LINE__, false, 0x3eef75104d551d69u, "0.000015", "0.000015"},
        {__LINE__, false, 0x3eb0c6f7a0b5ed8du, "1e-6", "1e-6"},
        {__LINE__, false, 0xbe8421f5f40d8376u, "-1.5e-7", "-1.5e-7"},
        {__LINE__, false, 0x419d6f3454000000u, "123456789.0", "123456789.0"},
        {__LINE__, false, 0x430c6bf526340000u, "1000000000000000.0", "1000000000000000.0"},
        {__LINE__, false, 0x430c6bf52633ffffu, "999999999999999.9", "999999999999999.9"},
        {__LINE__, false, 0x4341c37937e08000u, "1e16", "1e+16"},
        {__LINE__, false, 0x434aa535d3d0c000u, "1.5e16", "1.5e+16"},
        {__LINE__, false, 0x4340000000000000u, "9007199254740992.0", "9007199254740992.0"},
        {__LINE__, false, 0x437b69b4ba630f35u, "1.2345678901234568e17", "1.2345678901234568e+17"},
        {__LINE__, false, 0x444b1ae4d6e2ef50u, "1e21", "1e+21"},
        {__LINE__, false, 0xc44b1ae4d6e2ef50u, "-1e21", "-1e+21"},
        {__LINE__, false, 0x54b249ad2594c37du, "1e100", "1e+100"},
        {__LINE__, false, 0x2b2bff2ee48e0530u, "1e-100", "1e-100"},
        {__LINE__, false, 0x7e41eb2d66005835u, "1.5e300", "1.5e+300"},
        {__LINE__, false, 0x81b01297d23ab683u, "-1.5e-300", "-1.5e-300"},
        {__LINE__, false, 0x0000000000000001u, "5e-324", "5e-324"},
        {__LINE__, false, 0x0010000000000000u, "2.2250738585072014e-308", "2.2250738585072014e-308"},
        {__LINE__, false, 0x7fefffffffffffffu, "1.7976931348623157e308", "1.7976931348623157e+308"},
        {__LINE__, false, 0xc0506745803cd140u, "-65.61361699999998", "-65.61361699999998"},
        {__LINE__, false, 0x4045b5cb81733228u, "43.42027300000001", "43.42027300000001"},
        {__LINE__, true, 0x00000000u, "0.0", "0.0"},
        {__LINE__, true, 0x80000000u, "-0.0", "-0.0"},
        {__LINE__, true, 0x3f800000u, "1.0", "1.0"},
        {__LINE__, true, 0x3dcccccdu, "0.1", "0.1"},
        {__LINE__, true, 0x3727c5acu, "0.00001", "0.00001"},
        {__LINE__, true, 0x358637bdu, "0.000001", "0.000001"},
        {__LINE__, true, 0xb627c5acu, "-0.0000025", "-0.0000025"},
        {__LINE__, true, 0x33d6bf95u, "1e-7", "1e-7"},
        {__LINE__, true, 0x34210fb0u, "1.5e-7", "1.5e-7"},
        {__LINE__, true, 0x5368d4a5u, "1000000000000.0", "1000000000000.0"},
        {__LINE__, true, 0x551184e7u, "1e13", "1e+13"},
        {__LINE__, true, 0x555a475bu, "1.5e13", "1.5e+13"},
        {__LINE__, true, 0x56b5e621u, "1e14", "1e+14"},
        {__LINE__, true, 0x4b800000u, "16777216.0", "16777216.0"},
        {__LINE__, true, 0x47f12065u, "123456.79", "123456.79"},
        {__LINE__, true, 0x7f7fffffu, "3.4028235e38", "3.4028235e+38"},
        {__LINE__, true, 0x00000001u, "1e-45", "1e-45"},
        {__LINE__, true, 0x00800000u, "1.1754944e-38", "1.1754944e-38"},
    };
    for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
        char out[JB_FMT_F64_MAX];
        for (int z = 0; z < 2; z++) {
            jb_float_style st = z ? JB_FLOAT_RUST : JB_FLOAT_RUST_RYU;
            const char *want = z ? g[i].zmij : g[i].ryu;
            size_t n = g[i].f32 ? jb__fmt_f32_style(out, bits_to_f32((uint32_t)g[i].bits), st)
                                : jb__fmt_f64_style(out, bits_to_f64(g[i].bits), st);
            CHECK_MEM_AT(g[i].line, out, n, want, strlen(want));
            /* and through the encoder: a scalar, and a compact array */
            jb_buf b = {0};
            jb_write_options o = {0};
            o.float_style = (uint32_t)st;
            double d = bits_to_f64(g[i].bits);
            float f = bits_to_f32((uint32_t)g[i].bits);
            const void *val = g[i].f32 ? (const void *)&f : (const void *)&d;
            const jb_type *t = g[i].f32 ? &jb_f32 : &jb_f64;
            CHECK_AT(g[i].line, jb_encode(t, val, &b, &o, NULL) == JB_OK, "encode");
            CHECK_MEM_AT(g[i].line, b.data, b.len, want, strlen(want));
            {
                struct { void *items; size_t len; } vec = {(void *)val, 1};
                char w2[96];
                snprintf(w2, sizeof w2, "[%s]", want);
                b.len = 0;
                CHECK_AT(g[i].line, jb_encode(JB_VEC_OF(t), &vec, &b, &o, NULL) == JB_OK, "encode vec");
                CHECK_MEM_AT(g[i].line, b.data, b.len, w2, strlen(w2));
            }
            jb_buf_free(&b);
        }
    }
}

/* The integer printer writes whole words: into a heap buffer of exactly
 * the contract's 20 bytes (21 with a sign), every digit count and sign,
 * ASan reports any store past it. */
static void test_integer_room(void) {
    char *u = malloc(20), *i = malloc(21), ref[32];
    uint64_t p = 1;
    for (int k = 0; k < 20; k++, p *= 10) {
        uint64_t v[2] = {p, p - 1 + (k == 0)};
        for (int j = 0; j < 2; j++) {
            size_t n = jb__fmt_u64(u, v[j]);
            snprintf(ref, sizeof ref, "%" PRIu64, v[j]);
            CHECK_MEM_AT(__LINE__, u, n, ref, strlen(ref));
            int64_t s = -(int64_t)(v[j] >> 1);
            n = jb__fmt_i64(i, s);
            snprintf(ref, sizeof ref, "%" PRId64, s);
            CHECK_MEM_AT(__LINE__, i, n, ref, strlen(ref));
        }
    }
    size_t n = jb__fmt_i64(i, INT64_MIN);
    CHECK_MEM_AT(__LINE__, i, n, "-9223372036854775808", 20);
    n = jb__fmt_u64(u, UINT64_MAX);
    CHECK_MEM_AT(__LINE__, u, n, "18446744073709551615", 20);
    free(u);
    free(i);
}

/* Each path of the integer printer (numfmt.c: up to 8 digits, nine, up
 * to 16, more) against snprintf: every value below 10^5, each side of
 * every width and of the nine-digit path's multiply (exact below 5.9e9),
 * and the bytes after the number left as they were. */
static void test_integer_paths(void) {
    char out[32], ref[32];
    uint64_t around[] = {99999999u,           100000000u,          100000001u,
                         123456789u,          999999999u,          1000000000u,
                         4294967295u,         4294967296u,         5900000000u,
                         9999999999u,         9999999999999999u,   10000000000000000u,
                         10000000000000001u,  UINT64_MAX - 999}; /* the last window ends at UINT64_MAX */
    for (uint64_t v = 0; v < 100000u; v++) {
        size_t n = jb__fmt_u64(out, v);
        snprintf(ref, sizeof ref, "%" PRIu64, v);
        CHECK_MEM_AT(__LINE__, out, n, ref, strlen(ref));
    }
    for (size_t i = 0; i < sizeof around / sizeof around[0]; i++) {
        for (uint64_t d = 0; d < 2000; d++) {
            uint64_t v = around[i] - 1000 + d;
            memset(out, 'x', sizeof out);
            size_t n = jb__fmt_u64(out, v);
            snprintf(ref, sizeof ref, "%" PRIu64, v);
            CHECK_MEM_AT(__LINE__, out, n, ref, strlen(ref));
            CHECKF(out[n] == 'x', "a store past the %zu digits of %s", n, ref);
        }
    }
    uint64_t seed = 7;
    for (int i = 0; i < 100000; i++) { /* nine digits, the ids' width */
        uint64_t v = 100000000u + splitmix64(&seed) % 900000000u;
        size_t n = jb__fmt_u64(out, v);
        snprintf(ref, sizeof ref, "%" PRIu64, v);
        CHECK_MEM_AT(__LINE__, out, n, ref, strlen(ref));
    }
}

/* JB_TEST_SCALE (0 < s < 1: the slow modes and the emulated targets of
 * make test) divides the random and long-input counts by 1/s. */
static long scale_divisor(void) {
    const char *s = getenv("JB_TEST_SCALE");
    double f = s ? atof(s) : 1.0;
    return f > 0 && f < 1 ? (long)(1.0 / f + 0.5) : 1;
}

static void run_all(long scale) {
    test_integers();
    test_integer_room();
    test_integer_paths();
    test_f64_table();
    test_f32_table();
    test_f64_random(2000000 / scale, 10);
    test_f64_one_product(50000 / scale);
    test_f32_random(2000000 / scale, 10);
    test_styles(200000 / scale);
    test_f64_integral();
    test_serde_golden();
}

int main(void) {
    static const char *const comma_locales[] = {"de_DE.UTF-8", "fr_FR.UTF-8", "de_DE.utf8",
                                                "fr_FR.utf8",  "de_DE",       "fr_FR"};
    const char *got = NULL;
    c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    if (!c_loc) {
        fprintf(stderr, "newlocale(\"C\") failed\n");
        return 2;
    }
    setlocale(LC_ALL, "C");
    long div = scale_divisor();
    run_all(div);
    for (size_t i = 0; i < sizeof comma_locales / sizeof comma_locales[0] && !got; i++)
        got = setlocale(LC_NUMERIC, comma_locales[i]);
    if (got) {
        printf("again under LC_NUMERIC=%s (decimal point \"%s\")\n", got,
               localeconv()->decimal_point);
        run_all(4 * div);
    } else {
        printf("no de_DE/fr_FR locale installed: decimal-comma run skipped\n");
    }
    freelocale(c_loc);
    return check_report();
}
