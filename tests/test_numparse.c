/* SPDX-License-Identifier: MIT */
/*
 * test_numparse.c — the number grammar, range-checked integers and
 * correctly rounded doubles/floats.
 *
 * Oracles: hand-written tables (grammar, integer boundaries, hard cases
 * from the literature); strtoull/strtoll for integers; glibc's strtod/strtof
 * (correctly rounded) in the "C" locale via strtod_l/strtof_l for binary
 * floating point; exact halfway points printed by glibc from long double.
 * Runs in the "C" locale and again under de_DE/fr_FR when installed.
 */
#define _GNU_SOURCE /* strtod_l, strtof_l */
#include "check.h"
#include "num.h"

#include <errno.h>
#include <float.h>
#include <locale.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

static locale_t c_loc;

static uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint64_t f64_bits(double d) {
    uint64_t b;
    memcpy(&b, &d, 8);
    return b;
}
static uint32_t f32_bits(float f) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* ---- grammar ------------------------------------------------------------ */

static void test_scan(void) {
    static const struct {
        int line;
        const char *in;
        size_t len;   /* expected return (0 = invalid) */
        int integral; /* expected *integral when valid */
        size_t bad;   /* expected *bad when invalid */
    } t[] = {
        {__LINE__, "0", 1, 1, 0},
        {__LINE__, "-0", 2, 1, 0},
        {__LINE__, "7", 1, 1, 0},
        {__LINE__, "123", 3, 1, 0},
        {__LINE__, "-123", 4, 1, 0},
        {__LINE__, "1234567890123456789012345", 25, 1, 0},
        {__LINE__, "0.5", 3, 0, 0},
        {__LINE__, "-0.0", 4, 0, 0},
        {__LINE__, "1e5", 3, 0, 0},
        {__LINE__, "1E5", 3, 0, 0},
        {__LINE__, "1e+5", 4, 0, 0},
        {__LINE__, "1e-5", 4, 0, 0},
        {__LINE__, "1.25e-10", 8, 0, 0},
        {__LINE__, "0e0", 3, 0, 0},
        {__LINE__, "123456789.123456789e+123", 24, 0, 0},
        /* stops at the first byte that cannot continue the number */
        {__LINE__, "01", 1, 1, 0},
        {__LINE__, "-01", 2, 1, 0},
        {__LINE__, "00", 1, 1, 0},
        {__LINE__, "1,", 1, 1, 0},
        {__LINE__, "1]", 1, 1, 0},
        {__LINE__, "1 ", 1, 1, 0},
        {__LINE__, "12x", 2, 1, 0},
        {__LINE__, "1.5.3", 3, 0, 0},
        {__LINE__, "1e5e3", 3, 0, 0},
        {__LINE__, "1-", 1, 1, 0},
        {__LINE__, "0x10", 1, 1, 0},
        {__LINE__, "12345678901234567x", 17, 1, 0},
        /* invalid */
        {__LINE__, "", 0, 0, 0},
        {__LINE__, "-", 0, 0, 1},
        {__LINE__, "+1", 0, 0, 0},
        {__LINE__, ".5", 0, 0, 0},
        {__LINE__, "-.5", 0, 0, 1},
        {__LINE__, "1.", 0, 0, 2},
        {__LINE__, "1.x", 0, 0, 2},
        {__LINE__, "1.e5", 0, 0, 2},
        {__LINE__, "1e", 0, 0, 2},
        {__LINE__, "1e+", 0, 0, 3},
        {__LINE__, "1e-", 0, 0, 3},
        {__LINE__, "1E+x", 0, 0, 3},
        {__LINE__, "-a", 0, 0, 1},
        {__LINE__, "- 1", 0, 0, 1},
        {__LINE__, "a", 0, 0, 0},
        {__LINE__, "Infinity", 0, 0, 0},
        {__LINE__, "-Infinity", 0, 0, 1},
        {__LINE__, "NaN", 0, 0, 0},
        {__LINE__, "12345678.", 0, 0, 9},
        {__LINE__, "0.12345678e", 0, 0, 11},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        size_t n = strlen(t[i].in), bad = 12345;
        bool integral = false;
        /* A heap copy of exactly n bytes: ASan sees any read past end. */
        char *buf = malloc(n + 1);
        size_t got;
        memcpy(buf, t[i].in, n);
        got = jb__num_scan(buf, buf + n, &integral, &bad);
        CHECK_AT(t[i].line, got == t[i].len, "[%s]: length %zu, want %zu", t[i].in, got, t[i].len);
        if (t[i].len) {
            CHECK_AT(t[i].line, integral == (t[i].integral != 0), "[%s]: integral %d", t[i].in,
                     integral);
        } else {
            CHECK_AT(t[i].line, bad == t[i].bad, "[%s]: bad %zu, want %zu", t[i].in, bad, t[i].bad);
        }
        /* NULL outputs are allowed */
        CHECK_AT(t[i].line, jb__num_scan(buf, buf + n, NULL, NULL) == t[i].len, "[%s] NULLs",
                 t[i].in);
        free(buf);
    }
    /* Prefixes of a valid number: each either is valid or reports bad == its
     * length (ran out of input), never reading past end. */
    {
        const char *full = "-123.456e+78";
        size_t n = strlen(full);
        for (size_t k = 0; k <= n; k++) {
            char *buf = malloc(k + 1);
            size_t bad = 999, got;
            memcpy(buf, full, k);
            got = jb__num_scan(buf, buf + k, NULL, &bad);
            CHECK_AT(__LINE__, got == k || (got == 0 && bad == k), "prefix %zu: got %zu bad %zu", k,
                     got, bad);
            free(buf);
        }
    }
}

/* ---- integers ----------------------------------------------------------- */

static void test_int_table(void) {
    static const struct {
        int line;
        const char *in;
        bool floats;      /* integral_floats */
        jb_status si, su; /* expected status for i64 and u64 */
        int64_t vi;
        uint64_t vu;
    } t[] = {
        {__LINE__, "0", false, JB_OK, JB_OK, 0, 0},
        {__LINE__, "-0", false, JB_OK, JB_OK, 0, 0},
        {__LINE__, "1", false, JB_OK, JB_OK, 1, 1},
        {__LINE__, "-1", false, JB_OK, JB_E_RANGE, -1, 0},
        {__LINE__, "9223372036854775807", false, JB_OK, JB_OK, INT64_MAX, 9223372036854775807u},
        {__LINE__, "9223372036854775808", false, JB_E_RANGE, JB_OK, 0, 9223372036854775808u},
        {__LINE__, "-9223372036854775807", false, JB_OK, JB_E_RANGE, -INT64_MAX, 0},
        {__LINE__, "-9223372036854775808", false, JB_OK, JB_E_RANGE, INT64_MIN, 0},
        {__LINE__, "-9223372036854775809", false, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "18446744073709551615", false, JB_E_RANGE, JB_OK, 0, UINT64_MAX},
        {__LINE__, "18446744073709551616", false, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "18446744073709551620", false, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "99999999999999999999", false, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "100000000000000000000", false, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "-18446744073709551615", false, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "12345678901234567890123456789", false, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "1.0", false, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "1e2", false, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "-0.0", false, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "1e30", false, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "123456789012345678901234.5", false, JB_E_TYPE, JB_E_TYPE, 0, 0},
        /* integral_floats */
        {__LINE__, "1.0", true, JB_OK, JB_OK, 1, 1},
        {__LINE__, "1e2", true, JB_OK, JB_OK, 100, 100},
        {__LINE__, "1E+2", true, JB_OK, JB_OK, 100, 100},
        {__LINE__, "1.5e1", true, JB_OK, JB_OK, 15, 15},
        {__LINE__, "100e-2", true, JB_OK, JB_OK, 1, 1},
        {__LINE__, "-100e-2", true, JB_OK, JB_E_RANGE, -1, 0},
        {__LINE__, "0.0", true, JB_OK, JB_OK, 0, 0},
        {__LINE__, "-0.0", true, JB_OK, JB_OK, 0, 0},
        {__LINE__, "0e99999999999999999999", true, JB_OK, JB_OK, 0, 0},
        {__LINE__, "0.000e-5", true, JB_OK, JB_OK, 0, 0},
        {__LINE__, "1.5", true, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "0.5e0", true, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "0.5e1", true, JB_OK, JB_OK, 5, 5},
        {__LINE__, "1e-1", true, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "1e-400", true, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "1e-99999999999999999999", true, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "1e30", true, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "1e400", true, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "1e99999999999999999999", true, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "1.5e30", true, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "1e18", true, JB_OK, JB_OK, 1000000000000000000, 1000000000000000000u},
        {__LINE__, "1e19", true, JB_E_RANGE, JB_OK, 0, 10000000000000000000u},
        {__LINE__, "1e20", true, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "9.223372036854775807e18", true, JB_OK, JB_OK, INT64_MAX, 9223372036854775807u},
        {__LINE__, "9.223372036854775808e18", true, JB_E_RANGE, JB_OK, 0, 9223372036854775808u},
        {__LINE__, "-9.223372036854775808e18", true, JB_OK, JB_E_RANGE, INT64_MIN, 0},
        {__LINE__, "-9.223372036854775809e18", true, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "1844674407370955161.5e1", true, JB_E_RANGE, JB_OK, 0, UINT64_MAX},
        {__LINE__, "18446744073709551615.000000000000000000000", true, JB_E_RANGE, JB_OK, 0,
         UINT64_MAX},
        {__LINE__, "1844674407370955161.6e1", true, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "18446744073709551615.5", true, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "0.00000000000000000000000000123e30", true, JB_OK, JB_OK, 1230, 1230},
        {__LINE__, "123456789012345678901234.5", true, JB_E_TYPE, JB_E_TYPE, 0, 0},
        {__LINE__, "123456789012345678901234.0", true, JB_E_RANGE, JB_E_RANGE, 0, 0},
        {__LINE__, "12", true, JB_OK, JB_OK, 12, 12},
        {__LINE__, "-9223372036854775808", true, JB_OK, JB_E_RANGE, INT64_MIN, 0},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        size_t n = strlen(t[i].in);
        char *buf = malloc(n + 1);
        int64_t vi = 77;
        uint64_t vu = 77;
        jb_status s;
        memcpy(buf, t[i].in, n);
        s = jb__parse_i64(buf, n, t[i].floats, &vi);
        CHECK_AT(t[i].line, s == t[i].si && (s != JB_OK || vi == t[i].vi),
                 "i64 [%s]: status %d value %" PRId64, t[i].in, (int)s, vi);
        s = jb__parse_u64(buf, n, t[i].floats, &vu);
        CHECK_AT(t[i].line, s == t[i].su && (s != JB_OK || vu == t[i].vu),
                 "u64 [%s]: status %d value %" PRIu64, t[i].in, (int)s, vu);
        free(buf);
    }
}

/* strtoll/strtoull as the oracle over boundaries and random values. */
static void check_int_oracle(int line, const char *s) {
    size_t n = strlen(s);
    int64_t vi = 0;
    uint64_t vu = 0;
    long long ri;
    unsigned long long ru;
    bool ri_range, ru_range;
    jb_status st;
    errno = 0;
    ri = strtoll(s, NULL, 10);
    ri_range = errno == ERANGE;
    errno = 0;
    ru = strtoull(s, NULL, 10);
    /* strtoull accepts "-5" as 2^64 - 5; JSON does not. */
    ru_range = errno == ERANGE || (s[0] == '-' && ru != 0);
    st = jb__parse_i64(s, n, false, &vi);
    CHECK_AT(line, ri_range ? st == JB_E_RANGE : (st == JB_OK && vi == ri), "i64 [%s] st %d", s,
             (int)st);
    st = jb__parse_u64(s, n, false, &vu);
    CHECK_AT(line, ru_range ? st == JB_E_RANGE : (st == JB_OK && vu == ru), "u64 [%s] st %d", s,
             (int)st);
    /* the same value spelled as an integral float */
    {
        char f[64];
        snprintf(f, sizeof f, "%s.000e0", s);
        st = jb__parse_i64(f, strlen(f), true, &vi);
        CHECK_AT(line, ri_range ? st == JB_E_RANGE : (st == JB_OK && vi == ri), "i64 [%s] st %d", f,
                 (int)st);
        st = jb__parse_u64(f, strlen(f), true, &vu);
        CHECK_AT(line, ru_range ? st == JB_E_RANGE : (st == JB_OK && vu == ru), "u64 [%s] st %d", f,
                 (int)st);
    }
}

static void test_int_oracle(void) {
    char s[64];
    uint64_t p = 1;
    uint64_t seed = 7;
    for (int k = 0; k <= 19; k++, p *= 10) {
        uint64_t v[3] = {p - 1, p, p + 1};
        for (int j = 0; j < 3; j++) {
            snprintf(s, sizeof s, "%" PRIu64, v[j]);
            check_int_oracle(__LINE__, s);
            snprintf(s, sizeof s, "-%" PRIu64, v[j]);
            check_int_oracle(__LINE__, s);
        }
    }
    for (int k = 0; k < 64; k++) {
        uint64_t q = (uint64_t)1 << k;
        uint64_t v[3] = {q - 1, q, q + 1};
        for (int j = 0; j < 3; j++) {
            snprintf(s, sizeof s, "%" PRIu64, v[j]);
            check_int_oracle(__LINE__, s);
            snprintf(s, sizeof s, "-%" PRIu64, v[j]);
            check_int_oracle(__LINE__, s);
        }
    }
    for (int d = 0; d <= 9; d++) { /* UINT64_MAX with each last digit */
        snprintf(s, sizeof s, "1844674407370955161%d", d);
        check_int_oracle(__LINE__, s);
        snprintf(s, sizeof s, "922337203685477580%d", d);
        check_int_oracle(__LINE__, s);
        snprintf(s, sizeof s, "-922337203685477580%d", d);
        check_int_oracle(__LINE__, s);
    }
    for (int i = 0; i < 200000; i++) {
        uint64_t r = splitmix64(&seed);
        r >>= r & 63;
        snprintf(s, sizeof s, "%s%" PRIu64, (i & 1) ? "-" : "", r);
        check_int_oracle(__LINE__, s);
    }
}

/* ---- binary floating point ---------------------------------------------- */

static void check_f64(int line, const char *s, size_t n) {
    double got = 12345, want;
    jb_status st = jb__parse_f64(s, n, &got);
    want = strtod_l(s, NULL, c_loc);
    if (isinf(want)) {
        CHECK_AT(line, st == JB_E_RANGE, "f64 [%.*s]: status %d, want JB_E_RANGE",
                 n > 80 ? 80 : (int)n, s, (int)st);
    } else {
        CHECK_AT(line, st == JB_OK && f64_bits(got) == f64_bits(want),
                 "f64 [%.*s]: status %d got %a want %a", n > 80 ? 80 : (int)n, s, (int)st, got,
                 want);
    }
}

static void check_f32(int line, const char *s, size_t n) {
    float got = 12345, want;
    jb_status st = jb__parse_f32(s, n, &got);
    want = strtof_l(s, NULL, c_loc);
    if (isinf(want)) {
        CHECK_AT(line, st == JB_E_RANGE, "f32 [%.*s]: status %d, want JB_E_RANGE",
                 n > 80 ? 80 : (int)n, s, (int)st);
    } else {
        CHECK_AT(line, st == JB_OK && f32_bits(got) == f32_bits(want),
                 "f32 [%.*s]: status %d got %a want %a", n > 80 ? 80 : (int)n, s, (int)st,
                 (double)got, (double)want);
    }
}

/* Both widths, from a heap copy of exactly the token (ASan: no over-read). */
static void check_both(int line, const char *s) {
    size_t n = strlen(s);
    char *buf = malloc(n + 1);
    memcpy(buf, s, n + 1);
    CHECK_AT(line, jb__num_scan(buf, buf + n, NULL, NULL) == n, "[%.60s] is not a JSON number", s);
    check_f64(line, buf, n);
    check_f32(line, buf, n);
    free(buf);
}

static void test_float_table(void) {
    static const struct {
        int line;
        const char *in;
    } t[] = {
        {__LINE__, "0"},
        {__LINE__, "-0"},
        {__LINE__, "0.1"},
        {__LINE__, "1e23"},
        {__LINE__, "9007199254740993"},
        {__LINE__, "9007199254740992.9999999999"},
        {__LINE__, "9007199254740993.0000000001"},
        {__LINE__, "2.2250738585072011e-308"},
        {__LINE__, "2.2250738585072012e-308"},
        {__LINE__, "2.22507385850720113605740979670913197593481954635164564e-308"},
        {__LINE__, "2.22507385850720113605740979670913197593481954635164565e-308"},
        {__LINE__, "7.038531e-26"},
        {__LINE__, "0.1e-400"},
        {__LINE__, "1e-400"},
        {__LINE__, "-1e-400"},
        {__LINE__, "1e400"},
        {__LINE__, "-1e400"},
        {__LINE__, "1e309"},
        {__LINE__, "1e308"},
        {__LINE__, "4.9406564584124654e-324"},
        {__LINE__, "2.4703282292062327e-324"},
        {__LINE__, "2.4703282292062328e-324"},
        {__LINE__, "2.470328229206232720882538e-324"},
        {__LINE__, "1e-324"},
        {__LINE__, "3e-324"},
        {__LINE__, "1.7976931348623157e308"},
        {__LINE__, "1.7976931348623158e308"},
        {__LINE__, "1.7976931348623159e308"},
        {__LINE__,
         "179769313486231580793728971405303415079934132710037826936173778980444968292764"
         "750946649017977587207096330286416692887910946555547851940402630657488671505820"
         "681908902000708383676273854845817711531764475730270069855571366959622842914819"
         "860834936475292719074168444365510704342711559699508093042880177904174497791.9999"
         "999999999999999999999999999999999999999999"},
        {__LINE__, "179769313486231580793728971405303415079934132710037826936173778980444968292764"
                   "750946649017977587207096330286416692887910946555547851940402630657488671505820"
                   "681908902000708383676273854845817711531764475730270069855571366959622842914819"
                   "860834936475292719074168444365510704342711559699508093042880177904174497792"},
        {__LINE__, "1.00000000000000011102230246251565404236316680908203125"},
        {__LINE__, "1.00000000000000011102230246251565404236316680908203124"},
        {__LINE__, "1.00000000000000011102230246251565404236316680908203126"},
        {__LINE__, "1.00000000000000033306690738754696212708950042724609375"},
        {__LINE__, "0.500000000000000166533453693773481063544750213623046875"},
        {__LINE__, "3.518437208883201171875e13"},
        {__LINE__, "62.5364939768271845828"},
        {__LINE__, "8.10109172351e-10"},
        {__LINE__, "1.50000000000000011102230246251565404236316680908203125"},
        {__LINE__, "9007199254740991.4999999999999999999999999999999995"},
        {__LINE__, "6.9294956446009195e15"},
        {__LINE__, "7.0420557077594588669468784357561207962098443483187940e-304"},
        {__LINE__, "1.00000005960464477539062499"},
        {__LINE__, "1.000000059604644775390625"},
        {__LINE__, "1.00000005960464477539062501"},
        {__LINE__, "1.00000017881393432617187499"},
        {__LINE__, "1.000000178813934326171875"},
        {__LINE__, "3.4028234663852886e38"},
        {__LINE__, "3.4028235677973366e38"},
        {__LINE__, "3.40282356779733661637539395458142568447e38"},
        {__LINE__, "3.40282356779733661637539395458142568448e38"},
        {__LINE__, "3.4028236e38"},
        {__LINE__, "1e39"},
        {__LINE__, "1.17549435e-38"},
        {__LINE__, "1.4e-45"},
        {__LINE__, "7e-46"},
        {__LINE__, "7.1e-46"},
        {__LINE__, "7.00649232162408535461864791644958065640130970938257885878534141944895541342930"
                   "3e-46"},
        {__LINE__, "1e-46"},
        {__LINE__, "123456789012345678901234567890"},
        {__LINE__, "0.000000000000000000000000000000000000000000000000000000000000000000001"},
        {__LINE__, "1e22"},
        {__LINE__, "1e-22"},
        {__LINE__, "123456789e30"},
        {__LINE__, "9007199254740992e22"},
        {__LINE__, "9007199254740993e22"},
        {__LINE__, "1e99999999999999999999"},
        {__LINE__, "-1e99999999999999999999"},
        {__LINE__, "1e-99999999999999999999"},
        {__LINE__, "0e99999999999999999999"},
        {__LINE__, "0.0000000000000000000000000000000000000000000000000000000000000e999"},
        {__LINE__, "4503599627370496.5"},
        {__LINE__, "4503599627370497.5"},
        {__LINE__, "45035996.273704985"},
        {__LINE__, "1090544144181609348835077142190"},
        {__LINE__, "2.2250738585072014e-308"},
        {__LINE__, "2.225073858507201136057409796709131975934819546351645648e-308"},
        {__LINE__, "1448997445238699"},
        {__LINE__, "1.4489974452386990e15"},
        {__LINE__, "5e-20"},
        {__LINE__, "5708990770823839524233143877797980545530986496e-45"},
        {__LINE__, "10000000000000000000000000000000000000000000e-20"},
        {__LINE__, "1e-7"},
        {__LINE__, "4.35"},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) check_both(t[i].line, t[i].in);
    {
        double d = 1;
        CHECK(jb__parse_f64("-0", 2, &d) == JB_OK && d == 0 && signbit(d));
        CHECK(jb__parse_f64("-0.0e5", 6, &d) == JB_OK && d == 0 && signbit(d));
        CHECK(jb__parse_f64("-1e-400", 7, &d) == JB_OK && d == 0 && signbit(d));
        CHECK(jb__parse_f64("1e400", 5, &d) == JB_E_RANGE);
        CHECK(jb__parse_f64("-1e400", 6, &d) == JB_E_RANGE);
    }
    {
        float f = 1;
        CHECK(jb__parse_f32("-0", 2, &f) == JB_OK && f == 0 && signbit(f));
        CHECK(jb__parse_f32("-1e-50", 6, &f) == JB_OK && f == 0 && signbit(f));
        CHECK(jb__parse_f32("1e39", 4, &f) == JB_E_RANGE);
        CHECK(jb__parse_f32("3.4028236e38", 12, &f) == JB_E_RANGE);
    }
}

/* Random digit strings: 1..25 digits, a random point, random exponent. */
static void test_float_random(long count) {
    uint64_t seed = 0x7061727365ull;
    char s[128];
    for (long i = 0; i < count; i++) {
        uint64_t r = splitmix64(&seed);
        int nd = 1 + (int)(r % 25), pt, e;
        char *p = s;
        r >>= 5;
        pt = (int)(r % (uint64_t)(nd + 1));
        r >>= 5;
        e = (int)(r % 761) - 380;
        r >>= 10;
        if (r & 1) *p++ = '-';
        r >>= 1;
        {
            uint64_t d = splitmix64(&seed);
            for (int j = 0; j < nd; j++) {
                if (j == pt && j > 0) *p++ = '.';
                /* "0123" is not JSON: a leading 0 only alone or as "0." */
                *p++ = (char)('0' + (j == 0 && nd > 1 && pt != 1 ? 1 + d % 9 : d % 10));
                d /= 10;
                if (d == 0) d = splitmix64(&seed);
            }
        }
        if (r & 2) p += sprintf(p, "e%d", e);
        *p = 0;
        check_both(__LINE__, s);
    }
}

/* Long mantissas: 400..1000 digits, near and far from halfway points. */
static void test_float_long(long count) {
    uint64_t seed = 0x6C6F6E67ull;
    char *s = malloc(1200);
    for (long i = 0; i < count; i++) {
        uint64_t r = splitmix64(&seed);
        int nd = 400 + (int)(r % 601), e = (int)((r >> 10) % 700) - 1000;
        char *p = s;
        *p++ = (char)('1' + (r >> 20) % 9);
        for (int j = 1; j < nd; j++) {
            /* long runs of 0s or 9s make near-ties */
            int mode = (int)((r >> 24) % 3);
            *p++ = mode == 0 ? '0' : mode == 1 ? '9' : (char)('0' + splitmix64(&seed) % 10);
        }
        p += sprintf(p, "e%d", e + (int)((r >> 30) % 1400) - 300);
        check_both(__LINE__, s);
    }
    free(s);
}

/* Exact halfway points between neighbouring doubles (and floats), printed
 * exactly by glibc from long double, then nudged just below and above. */
static void check_ties(int line, long double mid) {
    char *s = malloc(2000), *below = malloc(2100), *above = malloc(2100);
    char *e, *last;
    size_t n;
    locale_t old = uselocale(c_loc);
    snprintf(s, 2000, "%.1100Le", mid);
    uselocale(old);
    e = strchr(s, 'e');
    /* strip trailing zeros of the mantissa */
    last = e - 1;
    while (*last == '0') last--;
    n = (size_t)(last - s + 1);
    check_both(line, (memmove(s + n, e, strlen(e) + 1), s));
    /* above: append ...0001 before the exponent */
    snprintf(above, 2100, "%.*s%s%s", (int)n, s, strchr(s, '.') ? "000001" : ".000001", s + n);
    check_both(line, above);
    /* below: last digit - 1, then 9s */
    if (s[n - 1] > '0' && s[n - 1] <= '9' && n > 2) {
        snprintf(below, 2100, "%.*s%c999999%s", (int)n - 1, s, s[n - 1] - 1, s + n);
        check_both(line, below);
    }
    free(s);
    free(below);
    free(above);
}

static void test_float_ties(long count) {
#if LDBL_MANT_DIG >= 64
    uint64_t seed = 0x746965ull;
    for (long i = 0; i < count; i++) {
        uint64_t r = splitmix64(&seed);
        double d;
        float f;
        uint64_t b = r & 0x7FEFFFFFFFFFFFFFull; /* finite, below max */
        memcpy(&d, &b, 8);
        check_ties(__LINE__, ((long double)d + (long double)nextafter(d, INFINITY)) / 2);
        {
            uint32_t fb = (uint32_t)(r >> 32) & 0x7F7FFFFFu;
            memcpy(&f, &fb, 4);
            check_ties(__LINE__, ((long double)f + (long double)nextafterf(f, INFINITY)) / 2);
        }
    }
    /* subnormals, the normal/subnormal border, the top */
    check_ties(__LINE__, (long double)DBL_TRUE_MIN / 2);
    check_ties(__LINE__, (long double)DBL_TRUE_MIN * 3 / 2);
    check_ties(__LINE__, ((long double)DBL_MIN + (long double)nextafter(DBL_MIN, 0)) / 2);
    check_ties(__LINE__, (long double)DBL_MAX + (long double)DBL_MAX * 0x1p-54L);
    check_ties(__LINE__, (long double)FLT_TRUE_MIN / 2);
    check_ties(__LINE__, (long double)FLT_MAX + (long double)FLT_MAX * 0x1p-25L);
    check_ties(__LINE__, 9007199254740993.0L);
#else
    (void)count;
    printf("long double too narrow: exact halfway tests skipped\n");
#endif
}

/* Subnormals and their neighbourhood spelled with 17-25 digits. */
static void test_float_subnormal(long count) {
    uint64_t seed = 0x7375626eull;
    char s[64];
    for (long i = 0; i < count; i++) {
        uint64_t r = splitmix64(&seed);
        double d;
        uint64_t b = r & 0x000FFFFFFFFFFFFFull;
        int prec = 16 + (int)((r >> 52) % 10);
        locale_t old;
        memcpy(&d, &b, 8);
        old = uselocale(c_loc);
        snprintf(s, sizeof s, "%.*e", prec, d);
        uselocale(old);
        check_both(__LINE__, s);
    }
}

/* A 1,000,000-digit number: it must parse (correctly) in linear time. */
static void test_float_huge(void) {
    size_t n = 1000000;
    char *s = malloc(n + 32);
    uint64_t seed = 99;
    size_t k;
    for (k = 0; k < n; k++) s[k] = (char)('0' + splitmix64(&seed) % 10);
    s[0] = '4';
    strcpy(s + n, "e-999700");
    check_both(__LINE__, s); /* ~4e299 */
    strcpy(s + n, "e-999690");
    check_both(__LINE__, s); /* ~4e309: range */
    strcpy(s + n, "e-1000300");
    check_both(__LINE__, s); /* ~4e-301 */
    strcpy(s + n, "e-1000320");
    check_both(__LINE__, s); /* ~4e-321: subnormal */
    s[n] = 0;
    check_both(__LINE__, s); /* ~4e999999: range */
    /* 1 then a million zeros then 1, over 10^1000000: just above 1 */
    s[0] = '1';
    memset(s + 1, '0', n - 2);
    s[n - 1] = '1';
    strcpy(s + n, "e-999999");
    check_both(__LINE__, s);
    /* 0.000...0001 with a million zeros, scaled back up */
    memcpy(s, "0.", 2);
    memset(s + 2, '0', n - 3);
    s[n - 1] = '7';
    strcpy(s + n, "e999990");
    check_both(__LINE__, s);
    /* a million digits on a halfway point: 1 + 2^-53 followed by zeros ... 1 */
    {
        const char *h = "1.00000000000000011102230246251565404236316680908203125";
        size_t hl = strlen(h);
        memcpy(s, h, hl);
        memset(s + hl, '0', n - hl);
        s[n] = 0;
        check_both(__LINE__, s); /* exact tie -> even (1) */
        s[n - 1] = '1';
        check_both(__LINE__, s); /* just above -> up */
    }
    free(s);
}

/* ---- word-at-a-time digit runs ------------------------------------------ */

/* A heap copy of exactly n bytes, no terminator: under ASan any read at or
 * past s + n is reported, so every check below also proves the scanners
 * stay inside the input. */
static char *exact_copy(const char *s, size_t n) {
    char *b = malloc(n ? n : 1);
    memcpy(b, s, n);
    return b;
}

/* jb__digit_count8 for a non-digit at every position, every byte value
 * there, and bytes after it that borrow (0x00) or carry (0xFF): the count
 * must stop at the first non-digit. jb__digits_first against a byte loop. */
static void test_swar_words(void) {
    static const unsigned char after[] = {0x00, 0x2F, 0x3A, 0xFF, '5'};
    for (unsigned pos = 0; pos < 8; pos++) {
        for (unsigned b = 0; b < 256; b++) {
            for (size_t a = 0; a < sizeof after; a++) {
                unsigned char w[8];
                uint64_t v;
                for (unsigned i = 0; i < 8; i++) w[i] = (unsigned char)('1' + (i * 3 + pos) % 9);
                w[pos] = (unsigned char)b;
                for (unsigned i = pos + 1; i < 8; i++) w[i] = after[a];
                v = 0; /* the word as the SWAR code loads it: w[0] in the low byte */
                for (unsigned i = 8; i-- > 0;) v = v << 8 | w[i];
                bool dig = b >= '0' && b <= '9';
                unsigned want = dig ? (after[a] == '5' ? 8 : pos + 1) : pos;
                unsigned got = jb__digit_count8(v - JB_ZEROS8);
                CHECKF(got == want, "pos %u byte 0x%02x after 0x%02x: count %u, want %u", pos, b,
                       after[a], got, want);
                if (got > 0) {
                    uint32_t ref = 0;
                    for (unsigned i = 0; i < got; i++) ref = ref * 10 + (uint32_t)(w[i] - '0');
                    CHECKF(jb__digits_first(v - JB_ZEROS8, got) == ref, "value of %u digits", got);
                }
            }
        }
    }
}

/* Integers of 1..21 digits (with and without '-') through jb__scan_uint19,
 * jb__parse_i64/u64 and the double scanner, each at the very end of an
 * exact-size buffer (the tail path) and followed by delimiters or by
 * bytes that must stop or refuse the fast path. */
static void test_digit_runs(void) {
    static const char *const follow[] = {"", ",", "]", " 1", ".5", "e3", "x"};
    uint64_t seed = 99;
    char digits[32], s[64];
    for (int len = 1; len <= 21; len++) {
        for (int rep = 0; rep < 24; rep++) {
            for (int i = 0; i < len; i++) {
                uint64_t r = splitmix64(&seed);
                /* rep 0: all nines, rep 1: 1 then zeros, else random */
                digits[i] = rep == 0 ? '9' : rep == 1 ? (i ? '0' : '1') : (char)('0' + r % 10);
            }
            if (digits[0] == '0' && len > 1) digits[0] = '7';
            digits[len] = 0;
            for (int neg = 0; neg < 2; neg++) {
                for (size_t f = 0; f < sizeof follow / sizeof follow[0]; f++) {
                    int n = snprintf(s, sizeof s, "%s%s%s", neg ? "-" : "", digits, follow[f]);
                    int tok = neg + len;
                    char *b = exact_copy(s, (size_t)n);
                    bool isneg;
                    uint64_t mag = 12345;
                    size_t got = jb__scan_uint19(b, b + n, &isneg, &mag);
                    errno = 0;
                    unsigned long long ref = strtoull(digits, NULL, 10);
                    if (len <= 19) {
                        CHECKF(got == (size_t)tok && isneg == (neg != 0) && mag == ref,
                               "scan_uint19 [%s]: %zu %llu", s, got, (unsigned long long)mag);
                    } else {
                        CHECKF(got == 0, "scan_uint19 [%s] takes 20+ digits", s);
                    }
                    /* The double scanner stops at the same place for an
                     * integer token and agrees with strtod. */
                    double d = 0, want = strtod_l(s, NULL, c_loc);
                    jb_status st = JB_OK;
                    size_t dn = jb__scan_f64(b, b + n, &d, &st);
                    size_t want_n = (size_t)tok;
                    if (follow[f][0] == '.') want_n += 2;
                    if (follow[f][0] == 'e') want_n += 2;
                    CHECKF(dn == want_n && st == JB_OK && f64_bits(d) == f64_bits(want),
                           "scan_f64 [%s]: %zu %a want %a", s, dn, d, want);
                    free(b);
                }
                /* Exact integer tokens through the range-checked parsers. */
                snprintf(s, sizeof s, "%s%s", neg ? "-" : "", digits);
                char *b = exact_copy(s, strlen(s));
                check_int_oracle(__LINE__, s);
                CHECK(jb__num_scan(b, b + strlen(s), NULL, NULL) == strlen(s));
                free(b);
            }
        }
    }
    /* Leading zeros and lone signs are never taken. */
    {
        static const char *const bad[] = {"-", "00", "01", "-01", "00000000000", "-", ""};
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            size_t n = strlen(bad[i]);
            char *b = exact_copy(bad[i], n);
            bool isneg;
            uint64_t mag;
            CHECKF(jb__scan_uint19(b, b + n, &isneg, &mag) == 0, "[%s] taken", bad[i]);
            free(b);
        }
    }
}

/* Doubles whose integer and fraction parts are 0..24 digits long, so
 * every run ends before, at and after each 8-byte word boundary, each at
 * the end of an exact-size buffer and before a delimiter, against strtod. */
static void test_float_runs(void) {
    uint64_t seed = 5;
    char s[96];
    for (int il = 1; il <= 24; il++) {
        for (int fl = 0; fl <= 24; fl++) {
            for (int ex = 0; ex < 3; ex++) {
                int n = 0;
                if (splitmix64(&seed) & 1) s[n++] = '-';
                for (int i = 0; i < il; i++) {
                    int d = (int)(splitmix64(&seed) % 10);
                    if (i == 0 && il > 1 && d == 0) d = 3;
                    s[n++] = (char)('0' + d);
                }
                if (fl) {
                    s[n++] = '.';
                    for (int i = 0; i < fl; i++) s[n++] = (char)('0' + splitmix64(&seed) % 10);
                }
                if (ex == 1) n += snprintf(s + n, sizeof s - (size_t)n, "e-%d", (int)(splitmix64(&seed) % 300));
                if (ex == 2) n += snprintf(s + n, sizeof s - (size_t)n, "E+%d", (int)(splitmix64(&seed) % 290));
                s[n] = 0;
                check_f64(__LINE__, s, (size_t)n); /* the oracles need the NUL */
                check_f32(__LINE__, s, (size_t)n);
                char *b = exact_copy(s, (size_t)n);
                double d = 0, want = strtod_l(s, NULL, c_loc);
                jb_status st = JB_OK;
                CHECKF(jb__scan_f64(b, b + n, &d, &st) == (size_t)n &&
                           (isinf(want) ? st == JB_E_RANGE : f64_bits(d) == f64_bits(want)),
                       "scan_f64 [%s] at the end of the buffer: %a want %a", s, d, want);
                free(b);
                /* and followed by a delimiter in a longer buffer */
                s[n] = ',';
                b = exact_copy(s, (size_t)n + 1);
                CHECKF(jb__scan_f64(b, b + n + 1, &d, &st) == (size_t)n, "scan_f64 [%.*s,]", n, s);
                free(b);
            }
        }
    }
}

/* s (NUL-terminated, a valid number) scanned by jb__scan_f64 from a heap
 * buffer of exactly n + pad bytes: the token, then `after` repeated over
 * the padding. With pad >= 26 - n the one-pass word path is taken where
 * the token has its shape; the answer must match strtod either way and
 * the scan must stop at the token's end (ASan: no load past the buffer). */
static void check_scan_padded(int line, const char *s, size_t pad, char after) {
    size_t n = strlen(s);
    char *b = malloc(n + pad + 1);
    double d = 12345, want = strtod_l(s, NULL, c_loc);
    jb_status st = JB_E_TYPE;
    size_t got;
    memcpy(b, s, n);
    memset(b + n, after, pad);
    if (pad) b[n] = after == '9' ? ',' : after; /* a delimiter first; digits may follow it */
    got = jb__scan_f64(b, b + n + pad, &d, &st);
    CHECK_AT(line, got == n && (isinf(want) ? st == JB_E_RANGE : st == JB_OK && f64_bits(d) == f64_bits(want)),
             "scan_f64 [%s] + %zu bytes of '%c': length %zu status %d got %a want %a", s, pad, after, got,
             (int)st, d, want);
    free(b);
}

/* The word path of jb__scan_f64 ("[-]I.F", 1..7 integer digits, up to 19
 * digits, no exponent) at its edges: every integer/fraction length split
 * around the 8-digit words (17 significant digits is canada's common
 * case), 19 and 20 digits, with and without a sign, leading zeros in the
 * fraction, all nines and powers of ten, digits taken from random doubles
 * printed to 15..19 digits (so near halfway points of the doubles), the
 * buffer ending 25, 26 and 27 bytes after the token's start, and the
 * shapes that must leave it (exponents, an 8th integer digit, "01.5"
 * is not a number and "1." neither). */
static void test_float_word_path(long count) {
    uint64_t seed = 0x776f7264ull;
    char s[64];
    static const char *const fixed[] = {
        "0.0", "-0.0", "0.5", "-0.5", "1.0", "9.9", "0.1", "0.2", "0.3", "1.5", "2.5",
        "9007199254740.992", "9007199254740.993", "9007199254740.9935", "900719925474.09935",
        "9.007199254740993", "0.9007199254740993", "1.7976931348623157", "2.2250738585072014",
        "0.0000000000000000001", "0.000000000000000001", "0.0000000000000000009",
        "9999999.999999999999", "9999999.99999999999", "1234567.123456789012", "1.234567890123456789",
        "1.2345678901234567890", "0.99999999999999999999", "0.9999999999999999999",
        "-65.613616999999977", "43.420273000000009", "-0.0636837780476", "0.696468466152",
        "1234567.8", "12345678.9", "1.00000000000000000001", "4.9406564584124654",
        "1.0000000000000002220446", "1.00000000000000011102230246251565404", "0.10000000000000000555",
        "123.4e5", "1.5E-3", "1.5e+308", "7.7e-320",
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        for (size_t pad = 0; pad <= 40; pad++) {
            check_scan_padded(__LINE__, fixed[i], pad, '9');
            check_scan_padded(__LINE__, fixed[i], pad, ' ');
        }
    }
    /* Every split of 1..8 integer digits and 1..20 fraction digits. */
    for (int il = 1; il <= 8; il++) {
        for (int fl = 1; fl <= 20; fl++) {
            for (int rep = 0; rep < 8; rep++) {
                int n = 0;
                if (rep & 1) s[n++] = '-';
                for (int i = 0; i < il; i++) {
                    int d = rep == 2 ? 9 : rep == 4 ? (i == 0) : (int)(splitmix64(&seed) % 10);
                    if (i == 0 && il > 1 && d == 0) d = 7;
                    if (il == 1 && rep == 6) d = 0;
                    s[n++] = (char)('0' + d);
                }
                s[n++] = '.';
                for (int i = 0; i < fl; i++) {
                    int d = rep == 2 ? 9 : rep == 4 ? 0 : (int)(splitmix64(&seed) % 10);
                    if (rep == 6 && i < fl / 2) d = 0;
                    s[n++] = (char)('0' + d);
                }
                s[n] = 0;
                for (size_t pad = 24 - (size_t)n % 8; pad <= 28; pad++) check_scan_padded(__LINE__, s, pad, '9');
                check_scan_padded(__LINE__, s, 32, ']');
            }
        }
    }
    /* Digits of random doubles in [1e-3, 1e7), 15..19 significant. */
    for (long i = 0; i < count; i++) {
        uint64_t r = splitmix64(&seed);
        double v = ldexp((double)(r >> 11), -53) * pow(10.0, (double)(int)(r % 10) - 3);
        int prec = 15 + (int)((r >> 4) % 5);
        int n = snprintf(s, sizeof s, "%s%.*f", (r >> 8) & 1 ? "-" : "", prec, v);
        /* %f gives prec fraction digits (and the locale's point, made '.'
         * here); keep prec significant ones. */
        {
            char *dot = strpbrk(s, ".,");
            if (dot) *dot = '.';
            int lead = 0, sig = 0, cut = n;
            for (int j = 0; j < n; j++) {
                if (s[j] < '0' || s[j] > '9') continue;
                if (!lead && s[j] == '0') continue;
                lead = 1;
                if (++sig == prec) {
                    cut = j + 1;
                    break;
                }
            }
            if (dot && cut > dot - s + 1) s[cut] = 0;
            if ((r >> 9) & 1) { /* nudge the last digit: either side of the nearest */
                size_t m = strlen(s);
                if (s[m - 1] >= '1' && s[m - 1] <= '8') s[m - 1] = (char)(s[m - 1] + ((r >> 10) & 1 ? 1 : -1));
            }
        }
        check_scan_padded(__LINE__, s, 26, '9');
    }
}

/* The decoder's integer fast path (jb__dec_int) and the DOM's number path
 * at every integer width's limits and one past them, as a whole document
 * (exact-size buffer) and inside an array. */
static void test_decode_int_limits(void) {
    static const struct {
        const jb_type *t;
        const char *min, *max, *below, *above;
    } w[] = {
        {&jb_i8, "-128", "127", "-129", "128"},
        {&jb_i16, "-32768", "32767", "-32769", "32768"},
        {&jb_i32, "-2147483648", "2147483647", "-2147483649", "2147483648"},
        {&jb_i64, "-9223372036854775808", "9223372036854775807", "-9223372036854775809",
         "9223372036854775808"},
        {&jb_u8, "0", "255", "-1", "256"},
        {&jb_u16, "0", "65535", "-1", "65536"},
        {&jb_u32, "0", "4294967295", "-1", "4294967296"},
        {&jb_u64, "0", "18446744073709551615", "-1", "18446744073709551616"},
    };
    jb_arena *a = jb_arena_new();
    for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
        const char *ok[] = {w[i].min, w[i].max, "0", "-0", "7", "12345678", "1"};
        const char *bad[] = {w[i].below, w[i].above};
        bool sgn = w[i].t->kind <= JB_KIND_I64;
        for (size_t j = 0; j < sizeof ok / sizeof ok[0]; j++) {
            size_t n = strlen(ok[j]);
            char *b = exact_copy(ok[j], n);
            unsigned char out[8] = {0};
            jb_status st = jb_decode(w[i].t, b, n, out, a, NULL, NULL);
            bool fits = true;
            if (j == 5) fits = w[i].t->size >= 4;
            CHECKF(fits ? st == JB_OK : st == JB_E_RANGE, "%s [%s]: %d", w[i].t->name, ok[j], (int)st);
            if (fits && st == JB_OK) {
                int64_t vs = 0;
                uint64_t vu = 0;
                if (sgn) {
                    switch (w[i].t->size) {
                    case 1: vs = *(int8_t *)(void *)out; break;
                    case 2: { int16_t x; memcpy(&x, out, 2); vs = x; break; }
                    case 4: { int32_t x; memcpy(&x, out, 4); vs = x; break; }
                    default: memcpy(&vs, out, 8); break;
                    }
                    CHECKF(vs == strtoll(ok[j], NULL, 10), "%s [%s] = %" PRId64, w[i].t->name, ok[j], vs);
                } else {
                    memcpy(&vu, out, w[i].t->size); /* little or big: compare through the same width */
                    uint64_t want = strtoull(ok[j], NULL, 10);
                    uint64_t got = 0;
                    switch (w[i].t->size) {
                    case 1: got = out[0]; break;
                    case 2: { uint16_t x; memcpy(&x, out, 2); got = x; break; }
                    case 4: { uint32_t x; memcpy(&x, out, 4); got = x; break; }
                    default: got = vu; break;
                    }
                    CHECKF(got == want, "%s [%s] = %" PRIu64, w[i].t->name, ok[j], got);
                }
            }
            free(b);
        }
        for (size_t j = 0; j < 2; j++) {
            char s[64];
            for (int form = 0; form < 2; form++) {
                size_t n = (size_t)snprintf(s, sizeof s, form ? "[%s]" : "%s", bad[j]);
                char *b = exact_copy(s, n);
                unsigned char out[64] = {0};
                const jb_type *t = form ? JB_VEC_OF(w[i].t) : w[i].t;
                jb_error err;
                jb_status st = jb_decode(t, b, n, out, a, NULL, &err);
                CHECKF(st == JB_E_RANGE && err.offset == (size_t)form, "%s [%s]: %d at %zu",
                       w[i].t->name, s, (int)st, err.offset);
                free(b);
            }
        }
    }
    /* The DOM: integers of every length up to 20 digits, at the end of the
     * buffer, classified as I64 / U64 / BIG / F64 (-0) exactly. */
    {
        static const struct {
            const char *s;
            jb_number_kind k;
        } d[] = {
            {"0", JB_NUMBER_I64}, {"-0", JB_NUMBER_F64}, {"7", JB_NUMBER_I64},
            {"12345678", JB_NUMBER_I64}, {"-123456789", JB_NUMBER_I64},
            {"9223372036854775807", JB_NUMBER_I64}, {"-9223372036854775808", JB_NUMBER_I64},
            {"9223372036854775808", JB_NUMBER_U64}, {"18446744073709551615", JB_NUMBER_U64},
            {"-9223372036854775809", JB_NUMBER_BIG}, {"18446744073709551616", JB_NUMBER_BIG},
            {"9999999999999999999", JB_NUMBER_U64}, {"-9999999999999999999", JB_NUMBER_BIG},
            {"1000000000000000", JB_NUMBER_I64},
        };
        for (size_t i = 0; i < sizeof d / sizeof d[0]; i++) {
            size_t n = strlen(d[i].s);
            char *b = exact_copy(d[i].s, n);
            jb_value *v = NULL;
            jb_status st = jb_value_parse(b, n, &v, a, NULL, NULL);
            CHECKF(st == JB_OK && jb_value_number_kind(v) == d[i].k, "DOM [%s]: %d kind %d", d[i].s,
                   (int)st, st == JB_OK ? (int)jb_value_number_kind(v) : -1);
            if (st == JB_OK && d[i].k == JB_NUMBER_I64) {
                int64_t x = 0;
                CHECKF(jb_value_get_i64(v, &x) == JB_OK && x == strtoll(d[i].s, NULL, 10), "DOM [%s]",
                       d[i].s);
            }
            if (st == JB_OK && d[i].k == JB_NUMBER_U64) {
                uint64_t x = 0;
                CHECKF(jb_value_get_u64(v, &x) == JB_OK && x == strtoull(d[i].s, NULL, 10),
                       "DOM [%s]", d[i].s);
            }
            free(b);
            jb_arena_reset(a);
        }
    }
    jb_arena_free(a);
}

/* JB_TEST_SCALE (0 < s < 1: the slow modes and the emulated targets of
 * make test) divides the random and long-input counts by 1/s. */
static long scale_divisor(void) {
    const char *s = getenv("JB_TEST_SCALE");
    double f = s ? atof(s) : 1.0;
    return f > 0 && f < 1 ? (long)(1.0 / f + 0.5) : 1;
}

static void run_all(long scale) {
    test_scan();
    test_int_table();
    test_int_oracle();
    test_float_table();
    test_float_random(1000000 / scale);
    test_float_long(3000 / scale);
    test_float_ties(20000 / scale);
    test_float_subnormal(100000 / scale);
    test_float_huge();
    test_swar_words();
    test_digit_runs();
    test_float_runs();
    test_float_word_path(200000 / scale);
    test_decode_int_limits();
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
