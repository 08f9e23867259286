/* SPDX-License-Identifier: MIT */
/*
 * numstyle.c — the shortest round-trip digits laid out as each ecosystem
 * prints doubles (jb_float_style). numfmt.c finds the digits and the
 * decimal point's position; this file writes them straight into the
 * output, one layout driven by a row of data per style:
 *
 *   style      1     0.1   1e21     1e-7     123456789     source
 *   ECMA       1     0.1   1e+21    1e-7     123456789     Number#toString
 *   RUST       1.0   0.1   1e+21    1e-7     123456789.0   serde_json >= 1.0.147 (zmij)
 *   RUST_RYU   1.0   0.1   1e21     1e-7     123456789.0   serde_json <= 1.0.146 (ryu)
 *   HASKELL    1.0   0.1   1.0e21   1.0e-7   1.23456789e8  show / aeson
 *   DOTNET     1.0   0.1   1E+21    1E-07    123456789.0   Newtonsoft, .NET "R"
 *   JAVA       1.0   0.1   1.0E21   1.0E-7   1.23456789E8  Double.toString, circe
 *
 * Plain-notation ranges, with n the decimal point's position (value =
 * 0.D x 10^n for the digits D, so the decimal exponent is n - 1):
 *   ECMA      -5 <= n <= 21            (1e-6 <= |x| < 1e21)
 *   RUST(_RYU) -4 <= n <= 16 for doubles, -5 <= n <= 13 for floats: ryu's
 *             format64 / format32 and zmij's write() use the same ranges
 *             (decimal exponent -5..=15, and -6..=12 for f32)
 *   HASKELL    0 <= n <= 7             (0.1 <= |x| < 10^7, GHC's showFloat)
 *   DOTNET    -3 <= n <= max(15, digits) (.NET "R": 1E-05, 0.0001, 1E+15,
 *                                        9007199254740992.0)
 *   JAVA      -2 <= n <= 7             (10^-3 <= |x| < 10^7)
 */
#include "num.h"
#include "numtables.h"


const jb_spelling jb__spellings[JB_FLOAT_LAST + 1] = {
    [JB_FLOAT_INHERIT] = {-5, 21, -5, 21, 'e', true, false, false, false, false},
    [JB_FLOAT_ECMA] = {-5, 21, -5, 21, 'e', true, false, false, false, false},
    [JB_FLOAT_RUST] = {-4, 16, -5, 13, 'e', true, false, true, false, false},
    [JB_FLOAT_RUST_RYU] = {-4, 16, -5, 13, 'e', false, false, true, false, false},
    [JB_FLOAT_HASKELL] = {0, 7, 0, 7, 'e', false, false, true, true, false},
    [JB_FLOAT_DOTNET] = {-3, 15, -3, 15, 'E', true, true, true, false, true},
    [JB_FLOAT_JAVA] = {-2, 7, -2, 7, 'E', false, false, true, true, false},
};

/*
 * The copies below are of fixed sizes (16 or 24 bytes, which compile to a
 * few moves, not a memmove call): they may carry '0's from dg or bytes
 * that a later store overwrites, never more than JB_FMT_F64_MAX bytes
 * from dst. 16 bytes suffice where a copy holds at most 16 digits (the
 * two sides of a point inside 17 digits; the digits after the first).
 */
size_t jb__spell_float(char *dst, bool neg, const char *dg, int m, int n, jb_float_style st,
                       bool f32) {
    const jb_spelling *sp = &jb__spellings[(unsigned)st <= JB_FLOAT_LAST ? st : JB_FLOAT_ECMA];
    char *p = dst;
    int lo = f32 ? sp->lo32 : sp->lo, hi = f32 ? sp->hi32 : sp->hi, e;
    *p = '-';
    p += neg;
    if (sp->hi_digits && m > hi) hi = m;
    if (n >= lo && n <= hi) {
        if (n >= m) {
            /* digits, then zeros up to the point (dg holds them): 1e20 */
            memcpy(p, dg, 24);
            p += n;
            if (sp->point_zero) {
                p[0] = '.';
                p[1] = '0';
                p += 2;
            }
        } else if (n > 0) {
            /* the point inside the digits: 12.34 */
            memcpy(p, dg, 16);
            p[n] = '.';
            memcpy(p + n + 1, dg + n, 16);
            p += m + 1;
        } else {
            /* "0." and -n zeros, then the digits: 0.001234 */
            memcpy(p, "0.000000", 8);
            memcpy(p + 2 - n, dg, 24);
            p += 2 - n + m;
        }
        return (size_t)(p - dst);
    }
    /* d[.ddd]e[sign]x */
    p[0] = dg[0];
    if (m > 1) {
        p[1] = '.';
        memcpy(p + 2, dg + 1, 16);
        p += m + 1;
    } else if (sp->sci_point_zero) {
        p[1] = '.';
        p[2] = '0';
        p += 3;
    } else {
        p += 1;
    }
    *p++ = sp->e;
    e = n - 1;
    if (e < 0) {
        *p++ = '-';
        e = -e;
    } else if (sp->plus) {
        *p++ = '+';
    }
    if (e >= 100) {
        *p++ = (char)('0' + e / 100);
        memcpy(p, jb__digit_pairs + 2 * (e % 100), 2);
        p += 2;
    } else if (e >= 10 || sp->two) {
        memcpy(p, jb__digit_pairs + 2 * e, 2);
        p += 2;
    } else {
        *p++ = (char)('0' + e);
    }
    return (size_t)(p - dst);
}
