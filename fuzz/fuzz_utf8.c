/* SPDX-License-Identifier: MIT */
/*
 * fuzz_utf8 — string escaping and validation against a reference written
 * here from RFC 8259 section 7 and RFC 3629 (the Unicode table 3-7 rules:
 * no overlongs, no surrogates, nothing past U+10FFFF).
 * Input: [flags byte] bytes.
 *   encode: jb_encode of the bytes as a jb_str must equal ref_escape, and
 *           fail with JB_E_UTF8 exactly when ref_utf8 rejects the bytes;
 *           what it writes decodes back to the same bytes.
 *   decode: '"' bytes '"' decodes into a jb_str exactly when ref_unescape
 *           accepts it, to the same bytes.
 */
#include "fuzz.h"

/* Length of the valid UTF-8 sequence at s[0..n), 0 if none. */
static size_t ref_seq(const unsigned char *s, size_t n) {
    unsigned c = s[0];
    size_t k;
    uint32_t cp, min;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF)
        k = 2, cp = c & 0x1F, min = 0x80;
    else if (c >= 0xE0 && c <= 0xEF)
        k = 3, cp = c & 0x0F, min = 0x800;
    else if (c >= 0xF0 && c <= 0xF4)
        k = 4, cp = c & 0x07, min = 0x10000;
    else
        return 0;
    if (n < k) return 0;
    for (size_t i = 1; i < k; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        cp = cp << 6 | (s[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
    return k;
}

static uint32_t ref_cp(const unsigned char *s, size_t k) {
    static const unsigned char mask[5] = {0, 0x7F, 0x1F, 0x0F, 0x07};
    uint32_t cp = s[0] & mask[k];
    for (size_t i = 1; i < k; i++) cp = cp << 6 | (s[i] & 0x3F);
    return cp;
}

static bool ref_utf8(const unsigned char *s, size_t n) {
    for (size_t i = 0; i < n;) {
        size_t k = ref_seq(s + i, n - i);
        if (!k) return false;
        i += k;
    }
    return true;
}

static size_t put_u(char *o, uint32_t v) {
    static const char hx[] = "0123456789abcdef";
    o[0] = '\\', o[1] = 'u';
    o[2] = hx[v >> 12 & 15], o[3] = hx[v >> 8 & 15], o[4] = hx[v >> 4 & 15], o[5] = hx[v & 15];
    return 6;
}

/* The expected output: "...", escaping as jbind documents: \b \f \n \r \t
 * \" \\, other controls \u00xx (lowercase), '/' only with ESCAPE_SLASH,
 * non-ASCII as is or, with ESCAPE_UNICODE, \uXXXX (surrogate pairs);
 * invalid bytes (only reached with ALLOW_INVALID_UTF8) copied one by one. */
static size_t ref_escape(const unsigned char *s, size_t n, uint32_t flags, char *o) {
    size_t q = 0;
    o[q++] = '"';
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        if (c >= 0x80) {
            size_t k = ref_seq(s + i, n - i);
            if (!k || !(flags & JB_WRITE_ESCAPE_UNICODE)) {
                if (!k) k = 1;
                memcpy(o + q, s + i, k);
                q += k;
            } else {
                uint32_t cp = ref_cp(s + i, k);
                if (cp < 0x10000) {
                    q += put_u(o + q, cp);
                } else {
                    q += put_u(o + q, 0xD800 + ((cp - 0x10000) >> 10));
                    q += put_u(o + q, 0xDC00 + ((cp - 0x10000) & 0x3FF));
                }
            }
            i += k;
            continue;
        }
        const char *e = NULL;
        switch (c) {
        case '"': e = "\\\""; break;
        case '\\': e = "\\\\"; break;
        case '\b': e = "\\b"; break;
        case '\f': e = "\\f"; break;
        case '\n': e = "\\n"; break;
        case '\r': e = "\\r"; break;
        case '\t': e = "\\t"; break;
        case '/': e = (flags & JB_WRITE_ESCAPE_SLASH) ? "\\/" : NULL; break;
        default: break;
        }
        if (e) {
            memcpy(o + q, e, 2);
            q += 2;
        } else if (c < 0x20) {
            q += put_u(o + q, c);
        } else {
            o[q++] = (char)c;
        }
        i++;
    }
    o[q++] = '"';
    return q;
}

static int hexv(unsigned c) {
    if (c >= '0' && c <= '9') return (int)(c - '0');
    if (c >= 'a' && c <= 'f') return (int)(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return (int)(c - 'A' + 10);
    return -1;
}
static long hex4(const unsigned char *s, size_t n) {
    if (n < 4) return -1;
    long v = 0;
    for (int i = 0; i < 4; i++) {
        int h = hexv(s[i]);
        if (h < 0) return -1;
        v = v << 4 | h;
    }
    return v;
}
static size_t put_utf8(uint32_t cp, char *o) {
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xC0 | cp >> 6), o[1] = (char)(0x80 | (cp & 0x3F)), 2;
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | cp >> 12), o[1] = (char)(0x80 | (cp >> 6 & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | cp >> 18), o[1] = (char)(0x80 | (cp >> 12 & 0x3F));
    o[2] = (char)(0x80 | (cp >> 6 & 0x3F)), o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* Unescape the contents of a JSON string s[0..n) (between the quotes).
 * 1 = valid (*olen bytes in o), 0 = invalid, -1 = a lone surrogate escape
 * under allow_invalid (behaviour not specified: not compared). */
static int ref_unescape(const unsigned char *s, size_t n, bool allow_invalid, char *o,
                        size_t *olen) {
    size_t q = 0;
    for (size_t i = 0; i < n;) {
        unsigned c = s[i];
        if (c == '"' || c < 0x20) return 0;
        if (c >= 0x80) {
            size_t k = ref_seq(s + i, n - i);
            if (!k) {
                if (!allow_invalid) return 0;
                k = 1;
            }
            memcpy(o + q, s + i, k);
            q += k, i += k;
            continue;
        }
        if (c != '\\') {
            o[q++] = (char)c, i++;
            continue;
        }
        if (i + 1 >= n) return 0;
        unsigned e = s[i + 1];
        const char *m = strchr("\"\\/bfnrt", (int)e);
        if (e && m) {
            static const char out[] = "\"\\/\b\f\n\r\t";
            o[q++] = out[m - "\"\\/bfnrt"];
            i += 2;
            continue;
        }
        if (e != 'u') return 0;
        long u = hex4(s + i + 2, n - i - 2);
        if (u < 0) return 0;
        i += 6;
        if (u >= 0xD800 && u <= 0xDBFF) {
            long l =
                (i + 1 < n && s[i] == '\\' && s[i + 1] == 'u') ? hex4(s + i + 2, n - i - 2) : -1;
            if (l >= 0xDC00 && l <= 0xDFFF) {
                q += put_utf8((uint32_t)(0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00)), o + q);
                i += 6;
                continue;
            }
            return allow_invalid ? -1 : 0;
        }
        if (u >= 0xDC00 && u <= 0xDFFF) return allow_invalid ? -1 : 0;
        q += put_utf8((uint32_t)u, o + q);
    }
    *olen = q;
    return 1;
}

int fuzz_utf8_one(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    uint8_t sel = data[0];
    const unsigned char *s = data + 1;
    size_t n = size - 1;
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    char *in = fuzz_copy(s, n);
    char *want = malloc(n * 6 + 2);
    FUZZ_CHECK(want != NULL);
    jb_error err;

    /* encode */
    jb_write_options wo = {0, 0, 0, 0};
    if (sel & 1) wo.flags |= JB_WRITE_ESCAPE_UNICODE;
    if (sel & 2) wo.flags |= JB_WRITE_ESCAPE_SLASH;
    if (sel & 4) wo.flags |= JB_WRITE_ALLOW_INVALID_UTF8;
    bool valid = ref_utf8(s, n);
    jb_str str = {in, n};
    jb_buf b = JB_BUF_INIT;
    jb_status st = jb_encode(&jb_string, &str, &b, &wo, &err);
    if (!valid && !(wo.flags & JB_WRITE_ALLOW_INVALID_UTF8)) {
        FUZZ_CHECK(st == JB_E_UTF8);
        FUZZ_CHECK(b.len == 0);
    } else {
        FUZZ_CHECK(st == JB_OK);
        size_t wl = ref_escape(s, n, wo.flags, want);
        if (b.len != wl || memcmp(b.data, want, wl) != 0)
            fprintf(stderr, "escape:\n got  [%.*s]\n want [%.*s]\n", (int)b.len, b.data, (int)wl,
                    want);
        FUZZ_CHECK(b.len == wl && memcmp(b.data, want, wl) == 0);
        /* and back */
        jb_read_options ro = {valid ? 0 : JB_READ_ALLOW_INVALID_UTF8, 0, 0, 0, 0, 0, NULL};
        jb_str back;
        char *enc = fuzz_copy((const uint8_t *)b.data, b.len);
        FUZZ_CHECK(jb_decode(&jb_string, enc, b.len, &back, arena, &ro, &err) == JB_OK);
        FUZZ_CHECK(back.len == n && (!n || memcmp(back.ptr, s, n) == 0));
        free(enc);
    }
    jb_buf_free(&b);

    /* decode */
    bool allow = sel & 8;
    jb_read_options ro = {allow ? JB_READ_ALLOW_INVALID_UTF8 : 0, 0, 0, 0, 0, 0, NULL};
    if (sel & 16) ro.flags |= JB_READ_BORROW_STRINGS;
    char *q = malloc(n + 2);
    FUZZ_CHECK(q != NULL);
    q[0] = '"';
    if (n) memcpy(q + 1, s, n);
    q[n + 1] = '"';
    size_t wl = 0;
    int ref = ref_unescape(s, n, allow, want, &wl);
    jb_str got = {NULL, 0};
    st = jb_decode(&jb_string, q, n + 2, &got, arena, &ro, &err);
    if (ref >= 0) {
        if ((st == JB_OK) != (ref == 1))
            fprintf(stderr, "decode: jbind %s (%s), reference %s\n", jb_status_name(st),
                    err.message, ref ? "accepts" : "rejects");
        FUZZ_CHECK((st == JB_OK) == (ref == 1));
        if (st == JB_OK) FUZZ_CHECK(got.len == wl && (!wl || memcmp(got.ptr, want, wl) == 0));
    }
    /* a string key goes through the key scanner: same verdict (not when
     * the bytes hold a raw '"', which could close the key and go on as
     * valid JSON: {"a":1,"b":true}) */
    if (ref >= 0 && !memchr(s, '"', n)) {
        typedef JB_MAP(jb_str, bool) map_sb;
        static const jb_type mt = {.kind = JB_KIND_MAP,
                                   .name = "map",
                                   .size = sizeof(map_sb),
                                   .align = _Alignof(map_sb),
                                   .key = &jb_string,
                                   .elem = &jb_bool};
        char *k = malloc(n + 9);
        FUZZ_CHECK(k != NULL);
        k[0] = '{';
        memcpy(k + 1, q, n + 2);
        memcpy(k + n + 3, ":true}", 6);
        map_sb m;
        st = jb_decode(&mt, k, n + 9, &m, arena, &ro, &err);
        if ((st == JB_OK) != (ref == 1))
            fprintf(stderr, "key decode: jbind %s (%s), reference %s\n", jb_status_name(st),
                    err.message, ref ? "accepts" : "rejects");
        FUZZ_CHECK((st == JB_OK) == (ref == 1));
        if (st == JB_OK)
            FUZZ_CHECK(m.len == 1 && m.items[0].key.len == wl &&
                       (!wl || memcmp(m.items[0].key.ptr, want, wl) == 0));
        free(k);
    }
    free(q);
    free(want);
    free(in);
    jb_arena_free(arena);
    return 0;
}

FUZZ_ENTRY(fuzz_utf8_one)
