/* SPDX-License-Identifier: MIT */
/*
 * test_write.c — sinks, string escaping and indentation (src/write.c).
 * Expected bytes are written out by hand.
 */
#include <stdint.h>
#include <stdlib.h>

#include "check.h"
#include "write.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static jb_writer W; /* large (the staging chunk): one static writer */

static jb_write_options opts_of(uint32_t flags) {
    jb_write_options o = {.flags = flags};
    return o;
}

/* s[0..n) as a JSON string through a BUF sink that has room bytes of
 * memory to begin with (0: none, so the first write grows it; 256: enough
 * for the short-string path, jb__w_plain_at). On success *out is a malloc'd
 * copy of the output (caller frees). */
static jb_status enc_string_room(uint32_t flags, const char *s, size_t n, size_t room, char **out,
                                 size_t *len) {
    jb_buf b = JB_BUF_INIT;
    jb_write_options o = opts_of(flags);
    if (room && jb_buf_reserve(&b, room) != JB_OK) return JB_E_NOMEM;
    jb__w_init_buf(&W, &b, &o);
    jb_status st = jb__w_string(&W, s, n);
    if (st == JB_OK) st = jb__w_finish(&W);
    *out = NULL;
    *len = 0;
    if (st == JB_OK) {
        *out = malloc(b.len + 1);
        memcpy(*out, b.data, b.len);
        *len = b.len;
    }
    jb_buf_free(&b);
    return st;
}

static jb_status enc_string(uint32_t flags, const char *s, size_t n, char **out, size_t *len) {
    return enc_string_room(flags, s, n, 0, out, len);
}

/* Check that s[0..n) encodes to want (quotes included) under flags. */
static void check_enc(int line, uint32_t flags, const char *s, size_t n, const char *want,
                      size_t wantlen) {
    char *out;
    size_t len;
    jb_status st = enc_string(flags, s, n, &out, &len);
    CHECK_AT(line, st == JB_OK, "status %d", (int)st);
    if (st == JB_OK) CHECK_MEM_AT(line, out, len, want, wantlen);
    free(out);
}
#define CHECK_ENC(flags, s, want) \
    check_enc(__LINE__, (flags), (s), sizeof(s) - 1, (want), sizeof(want) - 1)

static void check_bad(int line, uint32_t flags, const char *s, size_t n) {
    char *out;
    size_t len;
    jb_status st = enc_string(flags, s, n, &out, &len);
    CHECK_AT(line, st == JB_E_UTF8, "status %d for %zu bytes", (int)st, n);
    free(out);
}

/* A counting allocator for jb_buf. */
typedef struct counter {
    size_t calls, fail_at, live;
} counter;

static void *count_fn(void *ctx, void *p, size_t old, size_t n) {
    counter *c = ctx;
    c->calls++;
    if (n == 0) {
        c->live -= old;
        free(p);
        return NULL;
    }
    if (c->fail_at && c->calls == c->fail_at) return NULL;
    void *r = realloc(p, n);
    if (r) c->live = c->live - old + n;
    return r;
}

/* ------------------------------------------------------------------ */
/* Escaping                                                            */
/* ------------------------------------------------------------------ */

/* How each control byte is written (RFC 8259 section 7), by hand. */
static const char *const control_escapes[32] = {
    "\\u0000", "\\u0001", "\\u0002", "\\u0003", "\\u0004", "\\u0005", "\\u0006", "\\u0007",
    "\\b",     "\\t",     "\\n",     "\\u000b", "\\f",     "\\r",     "\\u000e", "\\u000f",
    "\\u0010", "\\u0011", "\\u0012", "\\u0013", "\\u0014", "\\u0015", "\\u0016", "\\u0017",
    "\\u0018", "\\u0019", "\\u001a", "\\u001b", "\\u001c", "\\u001d", "\\u001e", "\\u001f",
};

/* The expected text for ASCII byte c. */
static const char *ascii_expect(unsigned c, bool slash, char tmp[2]) {
    if (c < 0x20) return control_escapes[c];
    if (c == '"') return "\\\"";
    if (c == '\\') return "\\\\";
    if (c == '/' && slash) return "\\/";
    tmp[0] = (char)c;
    tmp[1] = 0;
    return tmp;
}

/* Every ASCII byte at every position of a 16-byte word window (so the
 * 8-byte scan meets it in every lane, and in the byte-wise tail), with and
 * without ESCAPE_SLASH. */
static void test_every_ascii_byte(void) {
    size_t bad = 0, total = 0;
    for (int slash = 0; slash < 2; slash++)
        for (unsigned c = 0; c < 0x80; c++)
            for (size_t pre = 0; pre < 17; pre++) {
                char in[64], want[96], tmp[2];
                size_t n = 0, m = 0;
                for (size_t k = 0; k < pre; k++) in[n++] = 'a';
                in[n++] = (char)c;
                for (size_t k = 0; k < 9; k++) in[n++] = 'b';
                const char *e = ascii_expect(c, slash, tmp);
                want[m++] = '"';
                memset(want + m, 'a', pre);
                m += pre;
                memcpy(want + m, e, strlen(e));
                m += strlen(e);
                memset(want + m, 'b', 9);
                m += 9;
                want[m++] = '"';
                char *out;
                size_t len;
                jb_status st = enc_string(slash ? JB_WRITE_ESCAPE_SLASH : 0, in, n, &out, &len);
                total++;
                if (st != JB_OK || len != m || memcmp(out, want, m) != 0) {
                    if (bad++ < 5)
                        fprintf(stderr, "byte 0x%02x at %zu (slash %d): got [%.*s]\n", c, pre,
                                slash, (int)len, out ? out : "");
                }
                free(out);
            }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(total, 2 * 128 * 17);
}

static void test_escapes_by_hand(void) {
    CHECK_ENC(0, "", "\"\"");
    CHECK_ENC(0, "plain", "\"plain\"");
    CHECK_ENC(0, "\"\\\b\f\n\r\t", "\"\\\"\\\\\\b\\f\\n\\r\\t\"");
    CHECK_ENC(0,
              "a\x01"
              "b\x1f"
              "c\x7f",
              "\"a\\u0001b\\u001fc\x7f\""); /* DEL is not escaped */
    CHECK_ENC(0, "\0", "\"\\u0000\"");
    CHECK_ENC(0, "a/b", "\"a/b\"");
    CHECK_ENC(JB_WRITE_ESCAPE_SLASH, "a/b</script>", "\"a\\/b<\\/script>\"");
    CHECK_ENC(0, "0123456789abcdef\n0123456789abcdef", "\"0123456789abcdef\\n0123456789abcdef\"");
    CHECK_ENC(0, "\n\n\n\n\n\n\n\n\n", "\"\\n\\n\\n\\n\\n\\n\\n\\n\\n\"");
    CHECK_ENC(0, "\"\"\"\"\"\"\"\"", "\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\"");
    CHECK_ENC(0, "tab\there, quote\" and backslash\\ end",
              "\"tab\\there, quote\\\" and backslash\\\\ end\"");
}

/* UTF-8 passes through as it is, and with ESCAPE_UNICODE becomes \uXXXX
 * (lowercase hex), surrogate pairs above U+FFFF. */
static void test_utf8(void) {
    static const struct {
        int line;
        const char *in, *raw, *esc;
    } cases[] = {
        {__LINE__, "\xc2\x80", "\"\xc2\x80\"", "\"\\u0080\""},                        /* U+0080 */
        {__LINE__, "\xc3\xa9", "\"\xc3\xa9\"", "\"\\u00e9\""},                        /* e-acute */
        {__LINE__, "\xdf\xbf", "\"\xdf\xbf\"", "\"\\u07ff\""},                        /* U+07FF */
        {__LINE__, "\xe0\xa0\x80", "\"\xe0\xa0\x80\"", "\"\\u0800\""},                /* U+0800 */
        {__LINE__, "\xe2\x82\xac", "\"\xe2\x82\xac\"", "\"\\u20ac\""},                /* euro */
        {__LINE__, "\xed\x9f\xbf", "\"\xed\x9f\xbf\"", "\"\\ud7ff\""},                /* U+D7FF */
        {__LINE__, "\xee\x80\x80", "\"\xee\x80\x80\"", "\"\\ue000\""},                /* U+E000 */
        {__LINE__, "\xef\xbf\xbf", "\"\xef\xbf\xbf\"", "\"\\uffff\""},                /* U+FFFF */
        {__LINE__, "\xf0\x90\x80\x80", "\"\xf0\x90\x80\x80\"", "\"\\ud800\\udc00\""}, /* U+10000 */
        {__LINE__, "\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"", "\"\\ud83d\\ude00\""}, /* U+1F600 */
        {__LINE__, "\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"", "\"\\udbff\\udfff\""}, /* U+10FFFF */
        {__LINE__, "caf\xc3\xa9 \xe2\x82\xac\n\xf0\x9f\x98\x80!",
         "\"caf\xc3\xa9 \xe2\x82\xac\\n\xf0\x9f\x98\x80!\"",
         "\"caf\\u00e9 \\u20ac\\n\\ud83d\\ude00!\""},
        {__LINE__, "\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e",
         "\"\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e\"",
         "\"\\u65e5\\u672c\\u8a9e\\u65e5\\u672c\\u8a9e\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = strlen(cases[i].in);
        check_enc(cases[i].line, 0, cases[i].in, n, cases[i].raw, strlen(cases[i].raw));
        check_enc(cases[i].line, JB_WRITE_ALLOW_INVALID_UTF8, cases[i].in, n, cases[i].raw,
                  strlen(cases[i].raw));
        check_enc(cases[i].line, JB_WRITE_ESCAPE_UNICODE, cases[i].in, n, cases[i].esc,
                  strlen(cases[i].esc));
    }
}

static void test_invalid_utf8(void) {
    static const struct {
        int line;
        const char *in;
    } bad[] = {
        {__LINE__, "\x80"}, /* lone continuation */
        {__LINE__, "a\xbf"
                   "b"},
        {__LINE__, "\xc0\x80"},                 /* overlong NUL */
        {__LINE__, "\xc1\xbf"},                 /* overlong 0x7F */
        {__LINE__, "\xe0\x80\x80"},             /* overlong, 3 bytes */
        {__LINE__, "\xe0\x9f\xbf"},             /* overlong U+07FF */
        {__LINE__, "\xf0\x80\x80\x80"},         /* overlong, 4 bytes */
        {__LINE__, "\xf0\x8f\xbf\xbf"},         /* overlong U+FFFF */
        {__LINE__, "\xed\xa0\x80"},             /* U+D800 encoded */
        {__LINE__, "\xed\xbf\xbf"},             /* U+DFFF encoded */
        {__LINE__, "\xed\xa0\xbd\xed\xb8\x80"}, /* a surrogate pair, CESU-8 style */
        {__LINE__, "\xc3"},                     /* truncated at the end */
        {__LINE__, "\xe2\x82"},
        {__LINE__, "\xf0\x9f\x98"},
        {__LINE__, "\xc3"
                   "a"}, /* truncated by ASCII */
        {__LINE__, "\xe2\x82"
                   "abcdefghij"},
        {__LINE__, "\xc3\xa9\xc3"},     /* valid, then truncated */
        {__LINE__, "\xf4\x90\x80\x80"}, /* U+110000 */
        {__LINE__, "\xf5\x80\x80\x80"},
        {__LINE__, "\xf8\x88\x80\x80\x80"}, /* 5-byte form */
        {__LINE__, "\xfe"},
        {__LINE__, "\xff"},
        {__LINE__, "abcdefghijklmnop\xff"
                   "qrstuvwxyz"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t n = strlen(bad[i].in);
        check_bad(bad[i].line, 0, bad[i].in, n);
        check_bad(bad[i].line, JB_WRITE_ESCAPE_UNICODE, bad[i].in, n);
        check_bad(bad[i].line, JB_WRITE_ESCAPE_SLASH, bad[i].in, n);
        /* Allowed: the bytes pass through exactly. */
        char want[64];
        want[0] = '"';
        memcpy(want + 1, bad[i].in, n);
        want[n + 1] = '"';
        check_enc(bad[i].line, JB_WRITE_ALLOW_INVALID_UTF8, bad[i].in, n, want, n + 2);
    }
    /* Allowed with ESCAPE_UNICODE: valid characters escaped, bad bytes raw. */
    CHECK_ENC(JB_WRITE_ALLOW_INVALID_UTF8 | JB_WRITE_ESCAPE_UNICODE,
              "\xc3\xa9\xff\xe2\x82"
              "a",
              "\"\\u00e9\xff\xe2\x82"
              "a\"");
}

/* Characters that straddle the escaping blocks (1024 input bytes) and the
 * 8-byte words, valid and invalid, in both modes. */
static void test_block_boundaries(void) {
    static const struct {
        const char *ch, *esc;
    } chars[] = {
        {"\xc3\xa9", "\\u00e9"},
        {"\xe2\x82\xac", "\\u20ac"},
        {"\xf0\x9f\x98\x80", "\\ud83d\\ude00"},
    };
    size_t bad = 0;
    static char in[5000], want[30000];
    for (size_t c = 0; c < 3; c++)
        for (size_t at = 1010; at < 1030 || (at >= 2040 && at < 2060);
             at = at == 1029 ? 2040 : at + 1)
            for (int esc = 0; esc < 2; esc++) {
                size_t cl = strlen(chars[c].ch), n = 0, m = 0;
                memset(in, 'x', at);
                n = at;
                memcpy(in + n, chars[c].ch, cl);
                n += cl;
                memset(in + n, 'y', 20);
                n += 20;
                want[m++] = '"';
                memset(want + m, 'x', at);
                m += at;
                const char *e = esc ? chars[c].esc : chars[c].ch;
                memcpy(want + m, e, strlen(e));
                m += strlen(e);
                memset(want + m, 'y', 20);
                m += 20;
                want[m++] = '"';
                char *out;
                size_t len;
                jb_status st = enc_string(esc ? JB_WRITE_ESCAPE_UNICODE : 0, in, n, &out, &len);
                if (st != JB_OK || len != m || memcmp(out, want, m) != 0) bad++;
                free(out);
                /* Cut the character short: invalid wherever it falls. */
                for (size_t cut = 1; cut < cl; cut++) {
                    memcpy(in + at + cut, "yyyy", 4);
                    if (enc_string(esc ? JB_WRITE_ESCAPE_UNICODE : 0, in, at + cut + 4, &out,
                                   &len) != JB_E_UTF8)
                        bad++;
                    free(out);
                    if (enc_string(0, in, at + cut, &out, &len) != JB_E_UTF8)
                        bad++; /* at the end */
                    free(out);
                    memcpy(in + at, chars[c].ch, cl);
                }
            }
    CHECK_EQ_INT(bad, 0);

    /* A long run of non-ASCII text, through many blocks. */
    size_t n = 0;
    for (int i = 0; i < 1500; i++) {
        memcpy(in + n, "\xe2\x82\xac", 3);
        n += 3;
    }
    char *out;
    size_t len;
    CHECK(enc_string(0, in, n, &out, &len) == JB_OK);
    CHECK(len == n + 2 && out[0] == '"' && memcmp(out + 1, in, n) == 0 && out[n + 1] == '"');
    free(out);
    CHECK(enc_string(JB_WRITE_ESCAPE_UNICODE, in, n, &out, &len) == JB_OK);
    CHECK_EQ_INT(len, 1500 * 6 + 2);
    CHECK(memcmp(out + 1 + 6 * 1499, "\\u20ac\"", 7) == 0);
    free(out);
    /* ... with one bad byte far in. */
    in[3000] = '\xff';
    CHECK(enc_string(0, in, n, &out, &len) == JB_E_UTF8);
    free(out);
    CHECK(enc_string(JB_WRITE_ESCAPE_UNICODE, in, n, &out, &len) == JB_E_UTF8);
    free(out);
    /* All control bytes: the 6x worst case over several blocks. */
    memset(in, '\x01', 3000);
    CHECK(enc_string(0, in, 3000, &out, &len) == JB_OK);
    CHECK_EQ_INT(len, 6 * 3000 + 2);
    CHECK(memcmp(out + 1 + 6 * 2999, "\\u0001\"", 7) == 0);
    free(out);
}

/* jb__escape_into's byte loop (strings of up to 16 bytes) against the
 * writer's block path (escape_span, which an empty buffer takes): every
 * byte value at the start, middle and end of strings of 1 to 20 bytes,
 * then an "é" or a lone 0xC3 after it, under each flag that changes an
 * escape. The same bytes, or both refuse. */
static void test_escape_short(void) {
    static const uint32_t flags[] = {0, JB_WRITE_ESCAPE_SLASH, JB_WRITE_CONTROL_HEX, JB_WRITE_ESCAPE_UNICODE,
                                     JB_WRITE_ALLOW_INVALID_UTF8, JB_WRITE_ESCAPE_SLASH | JB_WRITE_CONTROL_HEX};
    char in[32], dst[6 * 32];
    size_t bad = 0, runs = 0;
    for (size_t f = 0; f < sizeof flags / sizeof flags[0]; f++)
        for (unsigned c = 0; c < 256; c++)
            for (size_t n = 1; n <= 20; n++)
                for (size_t at = 0; at < n; at += (n > 2 ? n / 2 : 1))
                    for (int tail = 0; tail < 3; tail++) {
                        size_t m = n;
                        memset(in, 'x', n);
                        in[at] = (char)c;
                        if (tail == 1) {
                            memcpy(in + m, "\xc3\xa9", 2);
                            m += 2;
                        } else if (tail == 2) {
                            in[m++] = '\xc3';
                        }
                        char *want;
                        size_t want_len;
                        jb_status st = enc_string(flags[f], in, m, &want, &want_len);
                        size_t k = jb__escape_into(dst, in, m, flags[f]);
                        runs++;
                        if (st != JB_OK) {
                            if (k != (size_t)-1) bad++;
                        } else if (k != want_len - 2 || memcmp(dst, want + 1, k) != 0) {
                            bad++;
                        }
                        free(want);
                    }
    CHECKF(bad == 0, "%zu of %zu strings escaped otherwise than the block path", bad, runs);
}

static void test_escape_into(void) {
    char dst[64];
    CHECK_EQ_INT(jb__escape_into(dst, "name", 4, 0), 4);
    CHECK(memcmp(dst, "name", 4) == 0);
    CHECK_EQ_INT(jb__escape_into(dst, "a\"b\\c\n", 6, 0), 9);
    CHECK(memcmp(dst, "a\\\"b\\\\c\\n", 9) == 0);
    CHECK_EQ_INT(jb__escape_into(dst, "a/b", 3, JB_WRITE_ESCAPE_SLASH), 4);
    CHECK(memcmp(dst, "a\\/b", 4) == 0);
    CHECK_EQ_INT(jb__escape_into(dst, "\xc3\xa9", 2, 0), 2);
    CHECK_EQ_INT(jb__escape_into(dst, "\xc3\xa9", 2, JB_WRITE_ESCAPE_UNICODE), 6);
    CHECK(memcmp(dst, "\\u00e9", 6) == 0);
    CHECK_EQ_INT(jb__escape_into(dst, "\xc3", 1, 0), (size_t)-1);
    CHECK_EQ_INT(jb__escape_into(dst, "ok\xed\xa0\x80", 5, 0), (size_t)-1);
    CHECK_EQ_INT(jb__escape_into(dst, "", 0, 0), 0);
    /* dst needs exactly 6n: heap blocks of that size (ASan sees any
     * overrun), for worst-case and clean inputs of every length. */
    size_t bad = 0;
    for (size_t n = 1; n < 40; n++) {
        char *src = malloc(n), *out = malloc(6 * n);
        memset(src, '\x1f', n);
        if (jb__escape_into(out, src, n, 0) != 6 * n || memcmp(out, "\\u001f", 6) != 0) bad++;
        memset(src, 'k', n);
        if (jb__escape_into(out, src, n, 0) != n || out[n - 1] != 'k') bad++;
        free(src);
        free(out);
    }
    CHECK_EQ_INT(bad, 0);
}

/* ------------------------------------------------------------------ */
/* Sinks                                                               */
/* ------------------------------------------------------------------ */

/* The same mixed output through any sink: raw bytes, a long escaped
 * string, reserve-then-write, a newline. Returns the first failure. */
static jb_status produce(jb_writer *w, const char *big, size_t bign) {
    jb_status st;
    if ((st = jb__w_bytes(w, "[", 1)) != JB_OK) return st;
    if ((st = jb__w_string(w, big, bign)) != JB_OK) return st;
    if ((st = jb__w_reserve(w, 3)) != JB_OK) return st;
    memcpy(w->p, ",1,", 3);
    w->p += 3;
    w->depth = 2;
    if ((st = jb__w_newline(w)) != JB_OK) return st;
    w->depth = 0;
    if ((st = jb__w_bytes(w, big, bign)) != JB_OK) return st;
    return jb__w_bytes(w, "]", 1);
}

/* What produce() writes, built by hand for a big string of 'a'..'z' with
 * a '"' every 100 bytes (pretty indent 2, depth 2). */
static size_t produce_expect(char *out, const char *big, size_t bign) {
    size_t m = 0;
    out[m++] = '[';
    out[m++] = '"';
    for (size_t i = 0; i < bign; i++) {
        if (big[i] == '"') out[m++] = '\\';
        out[m++] = big[i];
    }
    out[m++] = '"';
    memcpy(out + m, ",1,\n    ", 8);
    m += 8;
    memcpy(out + m, big, bign);
    m += bign;
    out[m++] = ']';
    return m;
}

static char *make_big(size_t n) {
    char *s = malloc(n ? n : 1);
    for (size_t i = 0; i < n; i++) s[i] = i % 100 == 99 ? '"' : (char)('a' + i % 26);
    return s;
}

static void test_buf_sink(void) {
    counter c = {0, 0, 0};
    jb_allocator al = {count_fn, &c};
    jb_buf b = {0, 0, 0, &al};
    jb_write_options o = opts_of(0);
    const size_t sizes[] = {0, 1, 50, 5000, 40000};
    for (size_t k = 0; k < 5; k++) {
        size_t n = sizes[k];
        char *big = make_big(n), *want = malloc(3 * n + 64);
        size_t m = produce_expect(want, big, n);
        b.len = 0;
        jb__w_init_buf(&W, &b, &o);
        CHECK(produce(&W, big, n) == JB_OK);
        CHECK_EQ_INT(jb__w_total(&W), m);
        CHECK(jb__w_finish(&W) == JB_OK);
        CHECK_MEM_AT(__LINE__, b.data, b.len, want, m);
        CHECK(b.cap >= b.len);
        free(big);
        free(want);
    }
    /* Growth is geometric: a handful of calls for 40 KB. */
    CHECK(c.calls <= 12);
    /* Reuse: a buffer that is large enough allocates nothing. */
    size_t calls = c.calls;
    for (int r = 0; r < 3; r++) {
        char *big = make_big(40000);
        b.len = 0;
        jb__w_init_buf(&W, &b, &o);
        CHECK(produce(&W, big, 40000) == JB_OK);
        CHECK(jb__w_finish(&W) == JB_OK);
        free(big);
    }
    CHECK_EQ_INT(c.calls, calls);
    /* Appending keeps what is there; total counts this writer's bytes. */
    size_t before = b.len;
    jb__w_init_buf(&W, &b, &o);
    CHECK(jb__w_string(&W, "x", 1) == JB_OK);
    CHECK_EQ_INT(jb__w_total(&W), 3);
    CHECK(jb__w_finish(&W) == JB_OK);
    CHECK_EQ_INT(b.len, before + 3);
    CHECK(memcmp(b.data + before, "\"x\"", 3) == 0);
    jb_buf_free(&b);
    CHECK(b.data == NULL && b.len == 0 && b.cap == 0);
    CHECK_EQ_INT(c.live, 0);

    /* jb_buf_reserve: room for n more, at least doubling. */
    jb_buf r = {0, 0, 0, &al};
    CHECK(jb_buf_reserve(&r, 10) == JB_OK);
    CHECK(r.cap >= 10 && r.data != NULL);
    r.len = r.cap;
    size_t cap0 = r.cap;
    CHECK(jb_buf_reserve(&r, 1) == JB_OK);
    CHECK(r.cap >= 2 * cap0);
    calls = c.calls;
    CHECK(jb_buf_reserve(&r, r.cap - r.len) == JB_OK); /* already there */
    CHECK_EQ_INT(c.calls, calls);
    CHECK(jb_buf_reserve(&r, SIZE_MAX) == JB_E_NOMEM); /* len + n overflows */
    CHECK(jb_buf_reserve(NULL, 1) == JB_E_ARG);
    jb_buf_free(&r);
    jb_buf_free(NULL);
    CHECK_EQ_INT(c.live, 0);

    /* Allocator failure: JB_E_NOMEM, sticky, and the buffer is intact. */
    c.fail_at = c.calls + 2; /* the first grow works, the second fails */
    jb_buf f = {0, 0, 0, &al};
    jb__w_init_buf(&W, &f, &o);
    char *big = make_big(20000);
    CHECK(jb__w_bytes(&W, big, 100) == JB_OK);
    CHECK(jb__w_bytes(&W, big, 20000) == JB_E_NOMEM);
    CHECK(jb__w_reserve(&W, 1 << 20) == JB_E_NOMEM);
    CHECK(jb__w_finish(&W) == JB_E_NOMEM);
    CHECK_EQ_INT(f.len, 0); /* finish did not publish a length */
    CHECK(f.data != NULL && memcmp(f.data, big, 100) == 0);
    jb_buf_free(&f);
    free(big);
    CHECK_EQ_INT(c.live, 0);

    /* A default (malloc) buffer. */
    jb_buf d = JB_BUF_INIT;
    jb__w_init_buf(&W, &d, NULL);
    CHECK(jb__w_string(&W, "hi", 2) == JB_OK);
    CHECK(jb__w_finish(&W) == JB_OK);
    CHECK_MEM_AT(__LINE__, d.data, d.len, "\"hi\"", 4);
    jb_buf_free(&d);
}

static void test_fixed_sink(void) {
    jb_write_options o = opts_of(0);
    char dst[200];
    /* "abc" as a string is 5 bytes. */
    for (size_t cap = 0; cap <= 7; cap++) {
        memset(dst, '#', sizeof dst);
        jb__w_init_fixed(&W, cap ? dst : NULL, cap, &o);
        CHECK(jb__w_string(&W, "abc", 3) == JB_OK);
        jb_status st = jb__w_finish(&W);
        CHECK_AT(__LINE__, st == (cap >= 5 ? JB_OK : JB_E_BUFFER), "cap %zu: %d", cap, (int)st);
        CHECK_EQ_INT(jb__w_total(&W), 5);
        size_t k = cap < 5 ? cap : 5;
        CHECK_MEM_AT(__LINE__, dst, k, "\"abc\"", k); /* the prefix that fits */
        CHECK_AT(__LINE__, dst[cap] == '#', "wrote past cap %zu", cap);
    }
    /* A string whose worst case (6 bytes per input byte) does not fit but
     * whose text does: exact fit is still OK. */
    char s[100];
    memset(s, 'q', sizeof s);
    jb__w_init_fixed(&W, dst, 102, &o);
    CHECK(jb__w_string(&W, s, 100) == JB_OK);
    CHECK(jb__w_finish(&W) == JB_OK);
    CHECK_EQ_INT(jb__w_total(&W), 102);
    CHECK(dst[0] == '"' && dst[1] == 'q' && dst[100] == 'q' && dst[101] == '"');
    /* One byte short. */
    memset(dst, '#', sizeof dst);
    jb__w_init_fixed(&W, dst, 101, &o);
    CHECK(jb__w_string(&W, s, 100) == JB_OK);
    CHECK(jb__w_finish(&W) == JB_E_BUFFER);
    CHECK_EQ_INT(jb__w_total(&W), 102);
    CHECK(dst[0] == '"' && dst[100] == 'q' && dst[101] == '#');

    /* Mixed output much larger than the buffer and than a chunk: the
     * needed size is exact and dst holds the prefix. */
    size_t n = 30000;
    char *big = make_big(n), *want = malloc(3 * n + 64), *fx = malloc(n);
    size_t m = produce_expect(want, big, n);
    const size_t caps[] = {10, 1000, 20000, 30000};
    for (size_t k = 0; k < 4; k++) {
        memset(fx, '#', n);
        jb__w_init_fixed(&W, fx, caps[k], &o);
        CHECK(produce(&W, big, n) == JB_OK);
        CHECK(jb__w_finish(&W) == JB_E_BUFFER);
        CHECK_EQ_INT(jb__w_total(&W), m);
        CHECK_MEM_AT(__LINE__, fx, caps[k], want, caps[k]);
        if (caps[k] < n) CHECK(fx[caps[k]] == '#');
    }
    /* ... and exactly fitting, and one byte short, at that size. */
    char *fit = malloc(m);
    jb__w_init_fixed(&W, fit, m, &o);
    CHECK(produce(&W, big, n) == JB_OK);
    CHECK(jb__w_finish(&W) == JB_OK);
    CHECK_EQ_INT(jb__w_total(&W), m);
    CHECK_MEM_AT(__LINE__, fit, m, want, m);
    memset(fit, '#', m);
    jb__w_init_fixed(&W, fit, m - 1, &o);
    CHECK(produce(&W, big, n) == JB_OK);
    CHECK(jb__w_finish(&W) == JB_E_BUFFER);
    CHECK_EQ_INT(jb__w_total(&W), m);
    CHECK_MEM_AT(__LINE__, fit, m - 1, want, m - 1);
    CHECK(fit[m - 1] == '#');
    free(fit);
    free(big);
    free(want);
    free(fx);
}

/* Fixed buffers of every size around the worst cases, each allocated to
 * exactly its size (ASan sees a write past it): the output is the prefix
 * that fits and the status says whether all of it did. The inputs make
 * the escaper write its worst case: 6 bytes per control byte, 12 for a
 * 4-byte character with ESCAPE_UNICODE, at the ends of blocks. */
static void test_fixed_exact_sizes(void) {
    static char in[4200];
    size_t bad = 0, runs = 0;
    for (int kind = 0; kind < 4; kind++) {
        size_t n = 0;
        uint32_t flags = kind >= 2 ? JB_WRITE_ESCAPE_UNICODE : 0;
        if (kind == 0) n = 40; /* 40 control bytes */
        if (kind == 1) n = 1030;
        memset(in, '\x01', n);
        if (kind >= 2) {
            /* control bytes, then a 4-byte character across the block end */
            n = kind == 2 ? 1022 : 1023;
            memset(in, '\x01', n);
            memcpy(in + n, "\xf0\x9f\x98\x80z", 5);
            n += 5;
        }
        char *want;
        size_t m;
        if (enc_string(flags, in, n, &want, &m) != JB_OK) {
            bad++;
            continue;
        }
        jb_write_options o = opts_of(flags);
        size_t lo = m > 300 ? m - 300 : 0;
        for (size_t cap = lo; cap <= m + 40; cap++) {
            char *dst = malloc(cap ? cap : 1);
            jb__w_init_fixed(&W, dst, cap, &o);
            jb_status st = jb__w_string(&W, in, n);
            if (st == JB_OK) st = jb__w_finish(&W);
            size_t k = cap < m ? cap : m;
            if (st != (cap >= m ? JB_OK : JB_E_BUFFER) || jb__w_total(&W) != m ||
                memcmp(dst, want, k) != 0)
                bad++;
            runs++;
            free(dst);
        }
        free(want);
    }
    CHECK_EQ_INT(bad, 0);
    CHECK(runs > 1000);
}

/* A stream callback that collects what it is given. */
typedef struct collector {
    char *data;
    size_t len, cap;
    size_t calls, max_call;
    size_t fail_at; /* fail this call (1-based); 0 never */
} collector;

static int collect(void *ctx, const char *data, size_t len) {
    collector *c = ctx;
    c->calls++;
    if (c->fail_at && c->calls >= c->fail_at) return -1;
    if (len > c->max_call) c->max_call = len;
    if (c->len + len > c->cap) {
        c->cap = (c->len + len) * 2;
        c->data = realloc(c->data, c->cap);
    }
    memcpy(c->data + c->len, data, len);
    c->len += len;
    return 0;
}

static void test_stream_sink(void) {
    jb_write_options o = opts_of(0);
    /* Strings shorter than, equal to, and many times a chunk. */
    const size_t sizes[] = {0, 10, JB_W_CHUNK - 1, JB_W_CHUNK, JB_W_CHUNK + 1, 100000};
    for (size_t k = 0; k < 6; k++) {
        size_t n = sizes[k];
        char *big = make_big(n), *want = malloc(3 * n + 64);
        size_t m = produce_expect(want, big, n);
        collector c = {0};
        jb__w_init_stream(&W, collect, &c, &o);
        CHECK(produce(&W, big, n) == JB_OK);
        CHECK(jb__w_finish(&W) == JB_OK);
        CHECK_EQ_INT(jb__w_total(&W), m);
        CHECK_MEM_AT(__LINE__, c.data, c.len, want, m);
        free(c.data);
        free(big);
        free(want);
    }
    /* A long string alone: every flush is at most a chunk, and chunks are
     * filled well (not flushed after every block). */
    size_t n = 200000;
    char *big = make_big(n);
    collector c = {0};
    jb__w_init_stream(&W, collect, &c, &o);
    CHECK(jb__w_string(&W, big, n) == JB_OK);
    CHECK(jb__w_finish(&W) == JB_OK);
    CHECK(c.max_call <= JB_W_CHUNK);
    CHECK(c.calls <= (c.len / JB_W_CHUNK + 1) * 3 / 2);
    CHECK_EQ_INT(c.len, n + n / 100 + 2);
    free(c.data);

    /* Callback failure: JB_E_IO, sticky; the callback is not called again. */
    for (size_t fail = 1; fail <= 3; fail++) {
        collector f = {0};
        f.fail_at = fail;
        jb__w_init_stream(&W, collect, &f, &o);
        jb_status st = JB_OK;
        for (int i = 0; i < 10 && st == JB_OK; i++) st = jb__w_string(&W, big, n / 10);
        if (st == JB_OK) st = jb__w_finish(&W);
        CHECK(st == JB_E_IO);
        CHECK(jb__w_finish(&W) == JB_E_IO);
        CHECK(jb__w_grow(&W, 1) == JB_E_IO);
        CHECK_EQ_INT(f.calls, fail);
        free(f.data);
    }
    /* Failing only at the final flush. */
    collector f = {0};
    f.fail_at = 1;
    jb__w_init_stream(&W, collect, &f, &o);
    CHECK(jb__w_string(&W, "short", 5) == JB_OK);
    CHECK(jb__w_finish(&W) == JB_E_IO);
    free(big);

    /* FILE sink. */
    FILE *tf = tmpfile();
    CHECK(tf != NULL);
    if (tf) {
        jb__w_init_stream(&W, jb__w_file_fn, tf, &o);
        CHECK(jb__w_string(&W, "to a file\n", 10) == JB_OK);
        CHECK(jb__w_finish(&W) == JB_OK);
        rewind(tf);
        char back[32] = {0};
        size_t got = fread(back, 1, sizeof back, tf);
        CHECK_MEM_AT(__LINE__, back, got, "\"to a file\\n\"", 13);
        fclose(tf);
    }
    FILE *ro = fopen("/dev/null", "r"); /* writing to it fails */
    if (ro) {
        CHECK(jb__w_file_fn(ro, "x", 1) != 0);
        jb__w_init_stream(&W, jb__w_file_fn, ro, &o);
        CHECK(jb__w_string(&W, "x", 1) == JB_OK);
        CHECK(jb__w_finish(&W) == JB_E_IO);
        fclose(ro);
    }
}

static void test_newline(void) {
    static const struct {
        int line;
        uint32_t depth, indent;
        size_t spaces;
    } cases[] = {
        {__LINE__, 0, 0, 0}, /* indent 0 means the default 2 */
        {__LINE__, 1, 0, 2},      {__LINE__, 3, 2, 6},
        {__LINE__, 2, 4, 8},      {__LINE__, 300, 4, 1200}, /* longer than one block of spaces */
        {__LINE__, 512, 9, 4608},
    };
    static char want[5000];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jb_write_options o = {.flags = JB_WRITE_PRETTY, .indent = cases[i].indent};
        want[0] = '\n';
        memset(want + 1, ' ', cases[i].spaces);
        /* Through a buffer and through a stream. */
        jb_buf b = JB_BUF_INIT;
        jb__w_init_buf(&W, &b, &o);
        W.depth = cases[i].depth;
        CHECK(jb__w_newline(&W) == JB_OK);
        CHECK(jb__w_finish(&W) == JB_OK);
        CHECK_MEM_AT(cases[i].line, b.data, b.len, want, cases[i].spaces + 1);
        jb_buf_free(&b);
        collector c = {0};
        jb__w_init_stream(&W, collect, &c, &o);
        W.depth = cases[i].depth;
        for (int k = 0; k < 3; k++) CHECK(jb__w_newline(&W) == JB_OK);
        CHECK(jb__w_finish(&W) == JB_OK);
        CHECK_EQ_INT(c.len, 3 * (cases[i].spaces + 1));
        CHECK_MEM_AT(cases[i].line, c.data + 2 * (cases[i].spaces + 1), cases[i].spaces + 1, want,
                     cases[i].spaces + 1);
        free(c.data);
    }
}

static void test_init_defaults(void) {
    jb_buf b = JB_BUF_INIT;
    memset(&W, 0x5A, sizeof W);
    jb__w_init_buf(&W, &b, NULL);
    CHECK_EQ_INT(W.flags, 0);
    CHECK_EQ_INT(W.indent, 2);
    CHECK_EQ_INT(W.max_depth, 512);
    CHECK_EQ_INT(W.depth, 0);
    CHECK_EQ_INT(W.code, JB_OK);
    CHECK_EQ_INT(W.status, JB_OK);
    CHECK_EQ_INT(W.path.n, 0);
    CHECK(!W.path.overflow);
    CHECK(W.message[0] == '\0');
    CHECK(W.nonempty[0] == 0 && W.nonempty[7] == 0);
    CHECK_EQ_INT(jb__w_total(&W), 0);
    jb_write_options o = {.flags = JB_WRITE_PRETTY, .indent = 4, .max_depth = 10};
    jb__w_init_stream(&W, collect, NULL, &o);
    CHECK_EQ_INT(W.indent, 4);
    CHECK_EQ_INT(W.max_depth, 10);
    CHECK_EQ_INT(W.flags, JB_WRITE_PRETTY);
}

/* The short-string path (jb__w_plain_at: up to 64 bytes, steps of 16 on
 * x86-64, words of 8, 4+4 and 1-3 bytes): every ASCII byte at every
 * position of every length from 1 to 70 (past the path's limit), with and
 * without ESCAPE_SLASH; then a two-byte character and an invalid byte at
 * every position of the short lengths, and every byte >= 0x80 alone (never
 * UTF-8 between ASCII bytes) at every position of every length. */
static void test_short_strings_every_position(void) {
    size_t bad = 0, total = 0;
    for (int slash = 0; slash < 2; slash++)
        for (unsigned c = 1; c < 0x80; c++)
            for (size_t n = 1; n <= 70; n++)
                for (size_t k = 0; k < n; k++) {
                    char in[72], want[80], tmp[2], *out;
                    size_t m = 0, len;
                    const char *e = ascii_expect(c, slash, tmp);
                    memset(in, 'x', n);
                    in[k] = (char)c;
                    want[m++] = '"';
                    memset(want + m, 'x', k);
                    m += k;
                    memcpy(want + m, e, strlen(e));
                    m += strlen(e);
                    memset(want + m, 'x', n - k - 1);
                    m += n - k - 1;
                    want[m++] = '"';
                    for (size_t room = 0; room <= 256; room += 256) {
                        jb_status st = enc_string_room(slash ? JB_WRITE_ESCAPE_SLASH : 0, in, n,
                                                       room, &out, &len);
                        total++;
                        if ((st != JB_OK || len != m || memcmp(out, want, m) != 0) && bad++ < 5)
                            fprintf(stderr,
                                    "byte 0x%02x at %zu of %zu (slash %d, room %zu): got [%.*s]\n",
                                    c, k, n, slash, room, (int)len, out ? out : "");
                        free(out);
                    }
                }
    CHECK_EQ_INT(bad, 0);
    CHECK_EQ_INT(total, 2 * 2 * 127 * (70 * 71 / 2));
    for (size_t n = 2; n <= 12; n++)
        for (size_t k = 0; k + 1 < n; k++) {
            char in[16], want[20];
            memset(in, 'y', n);
            in[k] = '\xc3';
            in[k + 1] = '\xa9'; /* U+00E9, copied as it is */
            want[0] = '"';
            memcpy(want + 1, in, n);
            want[n + 1] = '"';
            check_enc(__LINE__, 0, in, n, want, n + 2);
            in[k + 1] = '\xff'; /* never in UTF-8 */
            check_bad(__LINE__, 0, in, n);
        }
    bad = 0;
    for (unsigned c = 0x80; c < 0x100; c++)
        for (size_t n = 1; n <= 70; n++)
            for (size_t k = 0; k < n; k++) {
                char in[72], *out;
                size_t len;
                memset(in, 'z', n);
                in[k] = (char)c;
                for (size_t room = 0; room <= 256; room += 256) {
                    jb_status st = enc_string_room(0, in, n, room, &out, &len);
                    if (st != JB_E_UTF8 && bad++ < 5)
                        fprintf(stderr, "lone byte 0x%02x at %zu of %zu (room %zu): status %d\n", c,
                                k, n, room, (int)st);
                    free(out);
                }
            }
    CHECK_EQ_INT(bad, 0);
    CHECK_ENC(0, "", "\"\"");
}

int main(void) {
    test_every_ascii_byte();
    test_short_strings_every_position();
    test_escapes_by_hand();
    test_utf8();
    test_invalid_utf8();
    test_block_boundaries();
    test_escape_into();
    test_escape_short();
    test_buf_sink();
    test_fixed_sink();
    test_fixed_exact_sizes();
    test_stream_sink();
    test_newline();
    test_init_defaults();
    return check_report();
}
