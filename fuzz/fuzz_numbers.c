/* SPDX-License-Identifier: MIT */
/*
 * fuzz_numbers — number parsing and printing against exact references.
 * Input: [mode byte] payload.
 *   mode % 4 == 0: payload is number text. Decoded into f64 / f32 it must
 *     equal strtod_l / strtof_l in the C locale (bit for bit; overflow to
 *     infinity is JB_E_RANGE); into i64 / u64 it must equal a checked
 *     decimal accumulator (JB_E_RANGE past the type; with mode bit 2,
 *     JB_READ_INTEGRAL_FLOATS, integral fractions and exponents too);
 *     jb_number and the DOM accept exactly the RFC 8259 grammar.
 *   mode % 4 == 1: 8 payload bytes are a double; every float style prints
 *     it so that it parses back to the same bits, and the ECMA form has
 *     the fewest significant digits that do (checked with %.*e).
 *   mode % 4 == 2: the same for 4 bytes as a float.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <locale.h>
#include <math.h>

#include "fuzz.h"

static locale_t c_locale(void) {
    static locale_t c;
    if (!c) c = newlocale(LC_ALL_MASK, "C", (locale_t)0);
    FUZZ_CHECK(c != (locale_t)0);
    return c;
}

/* RFC 8259 number grammar over all of s[0..n). */
static bool ref_grammar(const char *s, size_t n, bool *integral) {
    size_t i = 0;
    *integral = true;
    if (i < n && s[i] == '-') i++;
    if (i >= n) return false;
    if (s[i] == '0')
        i++;
    else if (s[i] >= '1' && s[i] <= '9')
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    else
        return false;
    if (i < n && s[i] == '.') {
        *integral = false;
        i++;
        if (i >= n || s[i] < '0' || s[i] > '9') return false;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        *integral = false;
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        if (i >= n || s[i] < '0' || s[i] > '9') return false;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    }
    return i == n;
}

/* The exact value of a grammatical number as an integer: 1 = integral and
 * fits (*neg, *mag), 0 = not integral, 2 = integral but past 2^64. */
static int ref_integer(const char *s, size_t n, bool *neg, uint64_t *mag) {
    char dig[8192];
    size_t nd = 0, i = 0;
    long exp = 0;
    *neg = s[0] == '-';
    if (*neg) i++;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) dig[nd++] = s[i];
    if (i < n && s[i] == '.')
        for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++) dig[nd++] = s[i], exp--;
    if (i < n) { /* exponent */
        bool eneg = false;
        long e = 0;
        i++;
        if (s[i] == '+' || s[i] == '-') eneg = s[i++] == '-';
        for (; i < n; i++) e = e > 1000000 ? e : e * 10 + (s[i] - '0');
        exp += eneg ? -e : e;
    }
    size_t lead = 0;
    while (lead < nd && dig[lead] == '0') lead++;
    if (lead == nd) {
        *mag = 0;
        return 1;
    }
    while (nd > lead && dig[nd - 1] == '0') nd--, exp++;
    if (exp < 0) return 0;
    if ((long)(nd - lead) + exp > 20) return 2;
    uint64_t v = 0;
    for (size_t k = lead; k < nd + (size_t)exp; k++) {
        unsigned d = k < nd ? (unsigned)(dig[k] - '0') : 0;
        if (v > (UINT64_MAX - d) / 10) return 2;
        v = v * 10 + d;
    }
    *mag = v;
    return 1;
}

static void check_text(const char *s, size_t n, bool integral_floats) {
    for (size_t i = 0; i < n; i++)
        if (!strchr("0123456789+-.eE", s[i]) || !s[i]) return;
    bool integral = false;
    bool ok = n <= 4096 && ref_grammar(s, n, &integral);
    jb_read_options o = {integral_floats ? JB_READ_INTEGRAL_FLOATS : 0, 0, 0, 0, 0, 0, NULL};
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    char *z = malloc(n + 1); /* NUL-terminated copy for strtod */
    FUZZ_CHECK(z != NULL);
    memcpy(z, s, n);
    z[n] = 0;
    jb_error err;

    double d;
    jb_status st = jb_decode(&jb_f64, s, n, &d, arena, &o, &err);
    if (!ok) {
        FUZZ_CHECK(st != JB_OK);
    } else {
        errno = 0;
        double r = strtod_l(z, NULL, c_locale());
        if (isinf(r)) {
            FUZZ_CHECK(st == JB_E_RANGE);
        } else {
            if (st != JB_OK || memcmp(&d, &r, 8) != 0)
                fprintf(stderr, "f64 [%s]: %s %.17g, strtod %.17g\n", z, jb_status_name(st), d, r);
            FUZZ_CHECK(st == JB_OK && memcmp(&d, &r, 8) == 0);
        }
    }

    float f;
    st = jb_decode(&jb_f32, s, n, &f, arena, &o, &err);
    if (!ok) {
        FUZZ_CHECK(st != JB_OK);
    } else {
        float r = strtof_l(z, NULL, c_locale());
        if (isinf(r)) {
            FUZZ_CHECK(st == JB_E_RANGE);
        } else {
            if (st != JB_OK || memcmp(&f, &r, 4) != 0)
                fprintf(stderr, "f32 [%s]: %s %.9g, strtof %.9g\n", z, jb_status_name(st), f, r);
            FUZZ_CHECK(st == JB_OK && memcmp(&f, &r, 4) == 0);
        }
    }

    int64_t i64;
    uint64_t u64;
    jb_status si = jb_decode(&jb_i64, s, n, &i64, arena, &o, &err);
    jb_status su = jb_decode(&jb_u64, s, n, &u64, arena, &o, &err);
    if (!ok) {
        FUZZ_CHECK(si != JB_OK && su != JB_OK);
    } else {
        bool neg;
        uint64_t mag = 0;
        int k = ref_integer(s, n, &neg, &mag);
        if (!integral && !integral_floats) k = 0;
        bool i_ok = k == 1 && (neg ? mag <= (uint64_t)INT64_MAX + 1 : mag <= INT64_MAX);
        bool u_ok = k == 1 && (!neg || mag == 0);
        if ((si == JB_OK) != i_ok || (su == JB_OK) != u_ok)
            fprintf(stderr, "int [%s]: i64 %s, u64 %s; reference %d (%s%llu)\n", z,
                    jb_status_name(si), jb_status_name(su), k, neg ? "-" : "",
                    (unsigned long long)mag);
        FUZZ_CHECK((si == JB_OK) == i_ok && (su == JB_OK) == u_ok);
        if (i_ok) FUZZ_CHECK((uint64_t)i64 == (neg ? 0 - mag : mag));
        if (u_ok) FUZZ_CHECK(u64 == mag);
        if (k == 2) FUZZ_CHECK(si == JB_E_RANGE && su == JB_E_RANGE);
    }

    jb_str num;
    st = jb_decode(&jb_number, s, n, &num, arena, &o, &err);
    FUZZ_CHECK((st == JB_OK) == ok);
    if (ok) FUZZ_CHECK(num.len == n && memcmp(num.ptr, s, n) == 0);

    jb_value *v;
    st = jb_value_parse(s, n, &v, arena, NULL, &err);
    FUZZ_CHECK((st == JB_OK) == ok);
    if (ok && jb_value_number_kind(v) == JB_NUMBER_F64) {
        double r = strtod_l(z, NULL, c_locale()), g = 0;
        FUZZ_CHECK(jb_value_get_f64(v, &g) == JB_OK && memcmp(&g, &r, 8) == 0);
    } else if (ok && jb_value_number_kind(v) == JB_NUMBER_I64) {
        FUZZ_CHECK(jb_value_get_i64(v, &i64) == JB_OK && si == JB_OK);
        FUZZ_CHECK(jb_decode(&jb_i64, s, n, &i64, arena, NULL, &err) == JB_OK);
        int64_t g;
        FUZZ_CHECK(jb_value_get_i64(v, &g) == JB_OK && g == i64);
    }
    free(z);
    jb_arena_free(arena);
}

/* Significant digits in a printed number (leading zeros, sign, point and
 * exponent excluded; trailing zeros of the mantissa excluded). */
static int sig_digits(const char *s, size_t n) {
    int count = 0, zeros = 0;
    bool started = false;
    for (size_t i = 0; i < n && s[i] != 'e' && s[i] != 'E'; i++) {
        if (s[i] < '0' || s[i] > '9') continue;
        if (s[i] == '0') {
            if (started) zeros++;
            continue;
        }
        started = true;
        count += zeros + 1;
        zeros = 0;
    }
    return count ? count : 1;
}

static void check_double(double x) {
    if (!isfinite(x)) return;
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    jb_buf b = JB_BUF_INIT;
    jb_error err;
    for (uint32_t style = JB_FLOAT_ECMA; style <= JB_FLOAT_RUST_RYU; style++) {
        jb_write_options wo = {0, 0, 0, style};
        b.len = 0;
        FUZZ_CHECK(jb_encode(&jb_f64, &x, &b, &wo, &err) == JB_OK);
        double y;
        char *t = fuzz_copy((const uint8_t *)b.data, b.len);
        jb_status st = jb_decode(&jb_f64, t, b.len, &y, arena, NULL, &err);
        if (st != JB_OK || memcmp(&x, &y, 8) != 0)
            fprintf(stderr, "style %u: %.17g printed [%.*s] read %s %.17g\n", (unsigned)style, x,
                    (int)b.len, b.data, jb_status_name(st), y);
        FUZZ_CHECK(st == JB_OK && memcmp(&x, &y, 8) == 0);
        free(t);
        if (style == JB_FLOAT_ECMA && x != 0) {
            int k = sig_digits(b.data, b.len);
            if (k > 1) {
                char shorter[64];
                locale_t old = uselocale(c_locale());
                snprintf(shorter, sizeof shorter, "%.*e", k - 2, x);
                double z = strtod_l(shorter, NULL, c_locale());
                uselocale(old);
                if (z == x)
                    fprintf(stderr, "%.17g printed [%.*s], but %s also round-trips\n", x,
                            (int)b.len, b.data, shorter);
                FUZZ_CHECK(z != x);
            }
        }
    }
    /* the DOM prints the same text as the ECMA encoder */
    jb_value *v = jb_value_new_f64(arena, x);
    jb_buf p = JB_BUF_INIT;
    b.len = 0;
    FUZZ_CHECK(v && jb_value_print(v, &p, NULL, &err) == JB_OK);
    FUZZ_CHECK(jb_encode(&jb_f64, &x, &b, NULL, &err) == JB_OK);
    /* ... except that it keeps integral doubles past 2^53 doubles with ".0"
     * (value_print.c: otherwise they would read back as other integers) */
    if (fabs(x) >= 9007199254740992.0 && !memchr(b.data, 'e', b.len)) {
        FUZZ_CHECK(p.len == b.len + 2 && memcmp(p.data, b.data, b.len) == 0 &&
                   memcmp(p.data + b.len, ".0", 2) == 0);
    } else {
        FUZZ_CHECK(p.len == b.len && memcmp(p.data, b.data, b.len) == 0);
    }
    jb_buf_free(&p);
    jb_buf_free(&b);
    jb_arena_free(arena);
}

static void check_float(float x) {
    if (!isfinite(x)) return;
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    jb_buf b = JB_BUF_INIT;
    jb_error err;
    FUZZ_CHECK(jb_encode(&jb_f32, &x, &b, NULL, &err) == JB_OK);
    float y;
    char *t = fuzz_copy((const uint8_t *)b.data, b.len);
    jb_status st = jb_decode(&jb_f32, t, b.len, &y, arena, NULL, &err);
    if (st != JB_OK || memcmp(&x, &y, 4) != 0)
        fprintf(stderr, "f32 %.9g printed [%.*s] read %s %.9g\n", x, (int)b.len, b.data,
                jb_status_name(st), y);
    FUZZ_CHECK(st == JB_OK && memcmp(&x, &y, 4) == 0);
    if (x != 0) {
        int k = sig_digits(b.data, b.len);
        if (k > 1) {
            char shorter[64];
            locale_t old = uselocale(c_locale());
            snprintf(shorter, sizeof shorter, "%.*e", k - 2, (double)x);
            float z = strtof_l(shorter, NULL, c_locale());
            uselocale(old);
            if (z == x)
                fprintf(stderr, "f32 %.9g printed [%.*s], but %s also round-trips\n", x, (int)b.len,
                        b.data, shorter);
            FUZZ_CHECK(z != x);
        }
    }
    free(t);
    jb_buf_free(&b);
    jb_arena_free(arena);
}

int fuzz_numbers_one(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    uint8_t mode = data[0];
    if (mode % 4 == 0) {
        char *s = fuzz_copy(data + 1, size - 1);
        check_text(s, size - 1, mode & 4);
        free(s);
    } else if (mode % 4 == 1 && size >= 9) {
        double x;
        memcpy(&x, data + 1, 8);
        check_double(x);
    } else if (mode % 4 == 2 && size >= 5) {
        float x;
        memcpy(&x, data + 1, 4);
        check_float(x);
    }
    return 0;
}

FUZZ_ENTRY(fuzz_numbers_one)
