/* SPDX-License-Identifier: MIT */
/* The hand-written floor: recursive descent with strtoll/strtod, snprintf out. */
#include "models.h"
#define P_HAND
#define W_HAND
#include "api_pull.h"
#include "api_write.h"
#define PFX(x) hand_##x

static int hex4(const char *p, unsigned *out) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return -1;
    }
    *out = v;
    return 0;
}

/* A string at c->p. With a == NULL (keys) the result points into the input
 * when there is no escape; otherwise it is unescaped into c->arena / a. */
int h_string_raw(hcur *c, bench_arena *a, jb_str *out) {
    if (c->p >= c->end || *c->p != '"') return h_fail(c);
    const char *s = ++c->p, *q = s;
    while (q < c->end && *q != '"' && *q != '\\') {
        if ((unsigned char)*q < 0x20) return h_fail(c);
        q++;
    }
    if (q >= c->end) return h_fail(c);
    if (*q == '"') {
        c->p = q + 1;
        if (a) *out = ba_str(a, s, (size_t)(q - s));
        else { out->ptr = s; out->len = (size_t)(q - s); }
        return 0;
    }
    if (!a) a = c->arena;
    /* escapes: find the end first (upper bound for the copy) */
    const char *e = q;
    while (e < c->end && *e != '"') {
        if (*e == '\\') e++;
        e++;
    }
    if (e >= c->end) return h_fail(c);
    char *d = (char *)ba_alloc(a, (size_t)(e - s) + 1), *o = d;
    memcpy(o, s, (size_t)(q - s));
    o += q - s;
    const char *p = q;
    while (p < e) {
        if (*p != '\\') {
            if ((unsigned char)*p < 0x20) return h_fail(c);
            *o++ = *p++;
            continue;
        }
        p++;
        switch (*p++) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned u, lo;
            if (e - p < 4 || hex4(p, &u)) return h_fail(c);
            p += 4;
            if (u >= 0xD800 && u < 0xDC00) {
                if (e - p < 6 || p[0] != '\\' || p[1] != 'u' || hex4(p + 2, &lo) || lo < 0xDC00 ||
                    lo > 0xDFFF)
                    return h_fail(c);
                p += 6;
                u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
            } else if (u >= 0xDC00 && u < 0xE000) {
                return h_fail(c);
            }
            if (u < 0x80) *o++ = (char)u;
            else if (u < 0x800) { *o++ = (char)(0xC0 | (u >> 6)); *o++ = (char)(0x80 | (u & 63)); }
            else if (u < 0x10000) {
                *o++ = (char)(0xE0 | (u >> 12));
                *o++ = (char)(0x80 | ((u >> 6) & 63));
                *o++ = (char)(0x80 | (u & 63));
            } else {
                *o++ = (char)(0xF0 | (u >> 18));
                *o++ = (char)(0x80 | ((u >> 12) & 63));
                *o++ = (char)(0x80 | ((u >> 6) & 63));
                *o++ = (char)(0x80 | (u & 63));
            }
            break;
        }
        default: return h_fail(c);
        }
    }
    *o = 0;
    c->p = e + 1;
    out->ptr = d;
    out->len = (size_t)(o - d);
    return 0;
}

int h_skip(hcur *c) {
    h_ws(c);
    if (c->p >= c->end) return h_fail(c);
    char ch = *c->p;
    if (ch == '"') {
        jb_str s;
        return h_string_raw(c, NULL, &s);
    }
    if (ch == '{') {
        jb_str k;
        for (int st = 0; h_obj_next(c, &st, &k);)
            if (h_skip(c)) return -1;
        return c->err ? -1 : 0;
    }
    if (ch == '[') {
        for (int st = 0; h_arr_next(c, &st);)
            if (h_skip(c)) return -1;
        return c->err ? -1 : 0;
    }
    if (ch == 't' || ch == 'f') {
        bool b;
        return p_bool(c, &b);
    }
    if (ch == 'n') return p_null(c) == 1 ? 0 : h_fail(c);
    double d;
    return p_f64(c, &d);
}

#include "m_pull.inc"
#undef REQ
#include "m_write.inc"
