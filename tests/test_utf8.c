/* SPDX-License-Identifier: MIT */
/*
 * test_utf8.c — utf8.c: sequence lengths, strict decoding (RFC 3629: no
 * overlongs, no surrogates, nothing above U+10FFFF), encoding, and the
 * valid-prefix scan, checked against hand-written tables and against a
 * straightforward reference decoder over every 1-, 2- and 3-byte input.
 */
#include <stdlib.h>

#include "check.h"
#include "utf8.h"

/* Reference: decode by bit pattern, then apply the RFC 3629 rules as
 * arithmetic on the code point (minimum value per length, surrogates,
 * upper bound). Independent of utf8.c's second-byte ranges. */
static size_t ref_decode(const unsigned char *s, size_t n, uint32_t *cp) {
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    size_t len, i;
    uint32_t v;
    if (n == 0) return 0;
    if (s[0] < 0x80)
        len = 1, v = s[0];
    else if ((s[0] & 0xE0) == 0xC0)
        len = 2, v = s[0] & 0x1Fu;
    else if ((s[0] & 0xF0) == 0xE0)
        len = 3, v = s[0] & 0x0Fu;
    else if ((s[0] & 0xF8) == 0xF0)
        len = 4, v = s[0] & 0x07u;
    else
        return 0;
    if (n < len) return 0;
    for (i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    if (v < min[len] || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF) return 0;
    *cp = v;
    return len;
}

static void test_seq_len(void) {
    unsigned c;
    for (c = 0; c < 256; c++) {
        size_t want = c < 0x80 ? 1 : c < 0xC2 ? 0 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : c < 0xF5 ? 4 : 0;
        CHECKF(jb__utf8_seq_len((unsigned char)c) == want, "lead 0x%02X", c);
    }
}

static const struct {
    int line;
    const char *bytes;
    size_t n;
    size_t len; /* 0 = invalid */
    uint32_t cp;
} decode_cases[] = {
    {__LINE__, "\x00", 1, 1, 0x0},
    {__LINE__, "\x41", 1, 1, 0x41},
    {__LINE__, "\x7F", 1, 1, 0x7F},
    {__LINE__, "\xC2\x80", 2, 2, 0x80},
    {__LINE__, "\xC3\xA9", 2, 2, 0xE9},
    {__LINE__, "\xDF\xBF", 2, 2, 0x7FF},
    {__LINE__, "\xE0\xA0\x80", 3, 3, 0x800},
    {__LINE__, "\xE2\x82\xAC", 3, 3, 0x20AC},
    {__LINE__, "\xED\x9F\xBF", 3, 3, 0xD7FF},
    {__LINE__, "\xEE\x80\x80", 3, 3, 0xE000},
    {__LINE__, "\xEF\xBF\xBF", 3, 3, 0xFFFF},
    {__LINE__, "\xF0\x90\x80\x80", 4, 4, 0x10000},
    {__LINE__, "\xF0\x9F\x98\x80", 4, 4, 0x1F600},
    {__LINE__, "\xF4\x8F\xBF\xBF", 4, 4, 0x10FFFF},
    /* extra bytes after a character are not consumed */
    {__LINE__, "\xC3\xA9x", 3, 2, 0xE9},
    /* invalid: stray continuation bytes */
    {__LINE__, "\x80", 1, 0, 0},
    {__LINE__, "\xBF", 1, 0, 0},
    /* overlongs */
    {__LINE__, "\xC0\x80", 2, 0, 0},
    {__LINE__, "\xC1\xBF", 2, 0, 0},
    {__LINE__, "\xE0\x80\x80", 3, 0, 0},
    {__LINE__, "\xE0\x9F\xBF", 3, 0, 0},
    {__LINE__, "\xF0\x80\x80\x80", 4, 0, 0},
    {__LINE__, "\xF0\x8F\xBF\xBF", 4, 0, 0},
    /* surrogates */
    {__LINE__, "\xED\xA0\x80", 3, 0, 0},
    {__LINE__, "\xED\xBF\xBF", 3, 0, 0},
    /* above U+10FFFF */
    {__LINE__, "\xF4\x90\x80\x80", 4, 0, 0},
    {__LINE__, "\xF5\x80\x80\x80", 4, 0, 0},
    {__LINE__, "\xF7\xBF\xBF\xBF", 4, 0, 0},
    {__LINE__, "\xF8\x88\x80\x80\x80", 5, 0, 0},
    {__LINE__, "\xFE", 1, 0, 0},
    {__LINE__, "\xFF", 1, 0, 0},
    /* truncated (n says where the input ends) */
    {__LINE__, "\xC3", 1, 0, 0},
    {__LINE__, "\xE2\x82", 2, 0, 0},
    {__LINE__, "\xE2", 1, 0, 0},
    {__LINE__, "\xF0\x9F\x98", 3, 0, 0},
    {__LINE__, "\xF0\x9F", 2, 0, 0},
    {__LINE__, "", 0, 0, 0},
    /* a non-continuation where a continuation belongs */
    {__LINE__, "\xC3\x41", 2, 0, 0},
    {__LINE__, "\xC3\xC3", 2, 0, 0},
    {__LINE__, "\xE2\x82\x41", 3, 0, 0},
    {__LINE__, "\xF0\x9F\x98\x41", 4, 0, 0},
};

static void test_decode_table(void) {
    size_t i;
    for (i = 0; i < sizeof decode_cases / sizeof decode_cases[0]; i++) {
        uint32_t cp = 0xFFFFFFFF;
        size_t got =
            jb__utf8_decode((const unsigned char *)decode_cases[i].bytes, decode_cases[i].n, &cp);
        CHECK_AT(decode_cases[i].line, got == decode_cases[i].len, "len %zu, want %zu", got,
                 decode_cases[i].len);
        if (got) {
            CHECK_AT(decode_cases[i].line, cp == decode_cases[i].cp, "cp U+%04" PRIX32, cp);
        }
        /* the prefix scan agrees: a valid first character is kept */
        if (decode_cases[i].len == decode_cases[i].n || decode_cases[i].len == 0) {
            size_t vp = jb__utf8_valid_prefix((const unsigned char *)decode_cases[i].bytes,
                                              decode_cases[i].n);
            CHECK_AT(decode_cases[i].line, vp == decode_cases[i].len, "prefix %zu", vp);
        }
    }
}

/* Every 1-, 2- and 3-byte input against the reference, and 4-byte inputs
 * over every lead and second byte with representative tails. */
static void test_decode_exhaustive(void) {
    unsigned a, b, c, d;
    int bad = 0;
    unsigned char s[4];
    uint32_t cp1, cp2;
    for (a = 0; a < 256; a++) {
        s[0] = (unsigned char)a;
        for (b = 0; b < 256; b++) {
            s[1] = (unsigned char)b;
            for (c = 0; c < 256; c++) {
                size_t n1, n2;
                s[2] = (unsigned char)c;
                cp1 = cp2 = 0;
                n1 = jb__utf8_decode(s, 3, &cp1);
                n2 = ref_decode(s, 3, &cp2);
                if (n1 != n2 || (n1 && cp1 != cp2)) bad++;
                if (n1 == 3 && jb__utf8_valid_prefix(s, 3) != 3) bad++;
            }
            /* two-byte inputs (the third byte cut off) */
            {
                size_t n1 = jb__utf8_decode(s, 2, &cp1), n2 = ref_decode(s, 2, &cp2);
                if (n1 != n2 || (n1 && cp1 != cp2)) bad++;
            }
            for (c = 0; c < 4; c++) { /* ASCII, lowest and highest continuation, not one */
                static const unsigned tails[] = {0x41, 0x80, 0xBF, 0xC0};
                for (d = 0; d < 4; d++) {
                    unsigned char t[4] = {(unsigned char)a, (unsigned char)b,
                                          (unsigned char)tails[c], (unsigned char)tails[d]};
                    size_t n1 = jb__utf8_decode(t, 4, &cp1), n2 = ref_decode(t, 4, &cp2);
                    if (n1 != n2 || (n1 && cp1 != cp2)) bad++;
                }
            }
        }
    }
    CHECKF(bad == 0, "%d mismatches against the reference decoder", bad);
}

/* Every scalar value encodes and decodes back; surrogates and values above
 * U+10FFFF are refused by the encoder. */
static void test_encode_roundtrip(void) {
    uint32_t cp;
    int bad = 0;
    for (cp = 0; cp <= 0x10FFFF; cp++) {
        char buf[4];
        size_t n = jb__utf8_encode(cp, buf), m;
        uint32_t back = 0;
        size_t want = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        if (cp >= 0xD800 && cp <= 0xDFFF) {
            if (n != 0) bad++;
            continue;
        }
        m = jb__utf8_decode((const unsigned char *)buf, n, &back);
        if (n != want || m != n || back != cp) bad++;
        if (jb__utf8_valid_prefix((const unsigned char *)buf, n) != n) bad++;
    }
    CHECKF(bad == 0, "%d round-trip failures", bad);
    {
        char buf[4];
        CHECK(jb__utf8_encode(0x110000, buf) == 0);
        CHECK(jb__utf8_encode(0xFFFFFFFF, buf) == 0);
    }
}

static void test_encode_bytes(void) {
    char b[4];
    CHECK(jb__utf8_encode(0x41, b) == 1 && memcmp(b, "A", 1) == 0);
    CHECK(jb__utf8_encode(0xE9, b) == 2 && memcmp(b, "\xC3\xA9", 2) == 0);
    CHECK(jb__utf8_encode(0x20AC, b) == 3 && memcmp(b, "\xE2\x82\xAC", 3) == 0);
    CHECK(jb__utf8_encode(0x1F600, b) == 4 && memcmp(b, "\xF0\x9F\x98\x80", 4) == 0);
    CHECK(jb__utf8_encode(0x10FFFF, b) == 4 && memcmp(b, "\xF4\x8F\xBF\xBF", 4) == 0);
}

/* jb__utf8_valid_prefix over a malloc'd copy of exactly n bytes (so that
 * ASan would catch a read past the end). */
static size_t prefix_of(const char *s, size_t n) {
    unsigned char *b = malloc(n ? n : 1);
    size_t r;
    memcpy(b, s, n);
    r = jb__utf8_valid_prefix(b, n);
    free(b);
    return r;
}

static const struct {
    int line;
    const char *s;
    size_t n;
    size_t want;
} prefix_cases[] = {
    {__LINE__, "", 0, 0},
    {__LINE__, "abc", 3, 3},
    {__LINE__, "abcdefghijklmnopqrstuvwxyz0123456789", 36, 36},
    {__LINE__,
     "ab\xC0\x80"
     "cd",
     6, 2},
    {__LINE__, "abcdefgh\xE0\x80\x80", 11, 8},
    {__LINE__, "abcdefghi\xF0\x80\x80\x80", 13, 9},
    {__LINE__, "x\xED\xA0\x80", 4, 1},
    {__LINE__, "xy\xF4\x90\x80\x80", 6, 2},
    {__LINE__, "caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80", 14, 14},
    {__LINE__, "abcdefgh\xE2\x82", 10, 8},      /* truncated at the very end */
    {__LINE__, "abcdefgh\xF0\x9F\x98", 11, 8},  /* truncated at the very end */
    {__LINE__, "abcdefghijklmnop\xC3", 17, 16}, /* truncated after a 16-byte run */
    {__LINE__,
     "abc\x80"
     "def",
     7, 3},                           /* stray continuation */
    {__LINE__, "\xC3\xA9\xBF", 3, 2}, /* continuation after a full char */
    {__LINE__,
     "\xFF"
     "abcdefghijklmnop",
     17, 0},
};

static void test_prefix_table(void) {
    size_t i;
    for (i = 0; i < sizeof prefix_cases / sizeof prefix_cases[0]; i++) {
        size_t got = prefix_of(prefix_cases[i].s, prefix_cases[i].n);
        CHECK_AT(prefix_cases[i].line, got == prefix_cases[i].want, "got %zu, want %zu", got,
                 prefix_cases[i].want);
    }
}

/* A bad byte, a multi-byte character and a truncated sequence at every
 * position of ASCII runs of every length up to 40: exercises the 16- and
 * 8-byte fast paths at every alignment relative to their ends. */
static void test_prefix_sweep(void) {
    char buf[64];
    size_t len, i;
    int bad = 0;
    for (len = 0; len <= 40; len++) {
        memset(buf, 'a', sizeof buf);
        if (prefix_of(buf, len) != len) bad++;
        for (i = 0; i < len; i++) {
            memset(buf, 'a', sizeof buf);
            buf[i] = (char)0xFF; /* never valid */
            if (prefix_of(buf, len) != i) bad++;
            buf[i] = (char)0x80; /* stray continuation */
            if (prefix_of(buf, len) != i) bad++;
            if (i + 2 <= len) { /* é fits */
                memcpy(buf + i, "\xC3\xA9", 2);
                if (prefix_of(buf, len) != len) bad++;
            }
            if (i + 4 <= len) { /* U+1F600 fits */
                memcpy(buf + i, "\xF0\x9F\x98\x80", 4);
                if (prefix_of(buf, len) != len) bad++;
            } else { /* a 4-byte lead cut off by the end */
                memcpy(buf + i, "\xF0\x9F\x98\x80", len - i);
                if (prefix_of(buf, len) != i) bad++;
            }
        }
    }
    CHECKF(bad == 0, "%d sweep failures", bad);
}

int main(void) {
    test_seq_len();
    test_decode_table();
    test_decode_exhaustive();
    test_encode_roundtrip();
    test_encode_bytes();
    test_prefix_table();
    test_prefix_sweep();
    return check_report();
}
