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
    for (long i = 0; i < 100000; i++) {
        uint64_t r = splitmix64(&seed);
        check_f64_one(__LINE__, (double)(r >> (r & 63)), i % 4 == 0);              /* integers */
        check_f64_one(__LINE__, bits_to_f64(r & 0x000FFFFFFFFFFFFFu), i % 4 == 0); /* subnormal */
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

static void run_all(long scale) {
    test_integers();
    test_f64_table();
    test_f32_table();
    test_f64_random(2000000 / scale, 10);
    test_f32_random(2000000 / scale, 10);
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
    run_all(1);
    for (size_t i = 0; i < sizeof comma_locales / sizeof comma_locales[0] && !got; i++)
        got = setlocale(LC_NUMERIC, comma_locales[i]);
    if (got) {
        printf("again under LC_NUMERIC=%s (decimal point \"%s\")\n", got,
               localeconv()->decimal_point);
        run_all(4);
    } else {
        printf("no de_DE/fr_FR locale installed: decimal-comma run skipped\n");
    }
    freelocale(c_loc);
    return check_report();
}
