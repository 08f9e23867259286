/* SPDX-License-Identifier: MIT */
/*
 * numstyle.c — the same shortest round-trip digits, spelled as other
 * ecosystems print doubles (jb_float_style). The digits come from
 * jb__fmt_f64 (ECMAScript spelling); this file only moves the decimal
 * point and writes the exponent the way each peer does:
 *
 *   style    1        0.1    1e21      1e-7      123456789
 *   ECMA     1        0.1    1e+21     1e-7      123456789
 *   RUST     1.0      0.1    1e+21     1e-7      123456789.0   (serde_json >= 1.0.147)
 *   HASKELL  1.0      0.1    1.0e21    1.0e-7    1.23456789e8  (show / aeson)
 *   DOTNET   1.0      0.1    1E+21     1E-07     123456789.0   (Newtonsoft, .NET "R")
 *   JAVA     1.0      0.1    1.0E21    1.0E-7    1.23456789E8  (Double.toString, circe)
 *
 * Plain-notation ranges (k = position of the decimal point, value =
 * 0.D x 10^k for the digit string D):
 *   RUST     -5 < k <= 16         (ryu's format64)
 *   HASKELL  0 <= k < 8, i.e. 0.1 <= |x| < 10^7 (GHC's showFloat)
 *   DOTNET   -4 <= k-1 < max(digits, 15)  (.NET "R": 1E-05, 0.0001, 1E+15,
 *                                        9007199254740992.0)
 *   JAVA     -2 < k < 8, i.e. 10^-3 <= |x| < 10^7 (java.lang.Double.toString)
 */
#include "num.h"

/* Split an ECMAScript-spelled finite number into sign, digits and k. */
static void split(const char *s, size_t n, bool *neg, char *digits, size_t *nd, int *k) {
    size_t i = 0, d = 0;
    int point = -1, exp = 0;
    *neg = false;
    if (i < n && s[i] == '-') {
        *neg = true;
        i++;
    }
    for (; i < n && s[i] != 'e'; i++) {
        if (s[i] == '.') {
            point = (int)d;
            continue;
        }
        digits[d++] = s[i];
    }
    if (i < n && s[i] == 'e') {
        i++;
        bool eneg = false;
        if (s[i] == '+' || s[i] == '-') eneg = s[i++] == '-';
        for (; i < n; i++) exp = exp * 10 + (s[i] - '0');
        if (eneg) exp = -exp;
    }
    if (point < 0) point = (int)d;
    /* strip leading zeros ("0.001" -> "1", k moves left) */
    size_t lead = 0;
    while (lead + 1 < d && digits[lead] == '0') lead++;
    memmove(digits, digits + lead, d - lead);
    d -= lead;
    point -= (int)lead;
    /* strip trailing zeros ("100" -> "1", k unchanged) */
    while (d > 1 && digits[d - 1] == '0') d--;
    *nd = d;
    *k = point + exp;
    if (d == 1 && digits[0] == '0') *k = 1; /* zero */
}

static size_t put_int(char *o, int v) {
    char t[12];
    size_t n = 0;
    unsigned u = v < 0 ? (unsigned)(-(long)v) : (unsigned)v;
    do {
        t[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    for (size_t i = 0; i < n; i++) o[i] = t[n - 1 - i];
    return n;
}

/* Plain notation: digits with the point after k digits; ".0" when integral. */
static size_t plain(char *o, const char *dg, size_t nd, int k) {
    size_t w = 0;
    if (k <= 0) {
        o[w++] = '0';
        o[w++] = '.';
        for (int z = 0; z < -k; z++) o[w++] = '0';
        memcpy(o + w, dg, nd);
        return w + nd;
    }
    size_t ik = (size_t)k;
    if (ik >= nd) {
        memcpy(o, dg, nd);
        w = nd;
        for (size_t z = nd; z < ik; z++) o[w++] = '0';
        o[w++] = '.';
        o[w++] = '0';
        return w;
    }
    memcpy(o, dg, ik);
    w = ik;
    o[w++] = '.';
    memcpy(o + w, dg + ik, nd - ik);
    return w + nd - ik;
}

/* Scientific: d[.ddd]<e><exp>; force_frac writes "1.0" for one digit. */
static size_t sci(char *o, const char *dg, size_t nd, int k, char e, bool force_frac, bool plus,
                  int min_exp_digits) {
    size_t w = 0;
    o[w++] = dg[0];
    if (nd > 1 || force_frac) {
        o[w++] = '.';
        if (nd > 1) {
            memcpy(o + w, dg + 1, nd - 1);
            w += nd - 1;
        } else {
            o[w++] = '0';
        }
    }
    o[w++] = e;
    int x = k - 1;
    if (x < 0) o[w++] = '-';
    else if (plus) o[w++] = '+';
    int ax = x < 0 ? -x : x;
    if (min_exp_digits == 2 && ax < 10) o[w++] = '0';
    return w + put_int(o + w, ax);
}

/*
 * Respell the ECMAScript text s[0..n) (from jb__fmt_f64/f32) in style st
 * into dst (JB_FMT_F64_MAX + 8 bytes). Returns the length.
 */
size_t jb__float_respell(char *dst, const char *s, size_t n, jb_float_style st) {
    char dg[32];
    size_t nd, w = 0;
    bool neg;
    int k;
    if (st == JB_FLOAT_ECMA || st == JB_FLOAT_INHERIT) {
        memcpy(dst, s, n);
        return n;
    }
    split(s, n, &neg, dg, &nd, &k);
    if (neg) dst[w++] = '-';
    bool zero = nd == 1 && dg[0] == '0';
    switch (st) {
    case JB_FLOAT_RUST:
        if (zero || (k > -5 && k <= 16)) return w + plain(dst + w, dg, nd, zero ? 1 : k);
        return w + sci(dst + w, dg, nd, k, 'e', false, true, 1);
    case JB_FLOAT_HASKELL:
        if (zero || (k >= 0 && k < 8)) return w + plain(dst + w, dg, nd, zero ? 1 : k);
        return w + sci(dst + w, dg, nd, k, 'e', true, false, 1);
    case JB_FLOAT_DOTNET: {
        /* .NET "R": scientific below 1E-05 and from 10^max(digits, 15) up */
        int lim = nd > 15 ? (int)nd : 15;
        if (zero || (k - 1 >= -4 && k - 1 < lim)) return w + plain(dst + w, dg, nd, zero ? 1 : k);
        return w + sci(dst + w, dg, nd, k, 'E', false, true, 2);
    }
    case JB_FLOAT_JAVA:
        if (zero || (k > -3 && k < 8)) return w + plain(dst + w, dg, nd, zero ? 1 : k);
        return w + sci(dst + w, dg, nd, k, 'E', true, false, 1);
    default:
        memcpy(dst, s, n);
        return n;
    }
}
