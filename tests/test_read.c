/* SPDX-License-Identifier: MIT */
/*
 * test_read.c — the scanner (read.c): whitespace and comments, strings
 * (escapes, surrogates, UTF-8, every alignment of the 8-byte scan, borrow
 * vs copy, limits, allocation failure), numbers and literals with their
 * delimiters, and jb__r_skip (documents accepted and rejected, every
 * truncation, depth, trailing commas, comments, member limits; every cut
 * of the unit documents and of the JSONTestSuite files compared with a
 * simple recursive skip).
 *
 * Every input is copied into a malloc'd block of exactly its length, so
 * that AddressSanitizer reports any read at or past the end.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "read.h"

static jb_arena *arena;

/* ------------------------------------------------------------------ */
/* Harness                                                             */
/* ------------------------------------------------------------------ */

enum { M_COPY, M_BORROW, M_KEY, M_SKIP, M_WS, M_NUMBER };

typedef struct res {
    jb_status st;
    size_t off; /* error offset */
    size_t pos; /* r->p - start after the call */
    char msg[JB_ERROR_MESSAGE_MAX];
    char out[2048]; /* decoded bytes / number token */
    size_t outlen;
    bool borrowed;   /* result pointed into the input */
    bool nul;        /* has_nul */
    bool terminated; /* a copy was NUL-terminated */
    bool integral;
    int special;
} res;

typedef struct cfg {
    uint32_t flags;
    size_t max_string_len, max_number_len, max_members;
    uint32_t max_depth, depth;
    jb_arena *arena;
} cfg;

static res run_cfg(int mode, const char *json, size_t len, const cfg *c) {
    res o;
    jb_reader r;
    jb_read_options opt;
    char *buf = malloc(len ? len : 1);
    jb_str s = {0, 0};
    memset(&o, 0, sizeof o);
    memset(&opt, 0, sizeof opt);
    memcpy(buf, json, len);
    opt.flags = c->flags;
    opt.max_string_len = c->max_string_len;
    opt.max_number_len = c->max_number_len;
    opt.max_members = c->max_members;
    opt.max_depth = c->max_depth;
    jb__r_init(&r, buf, len, c->arena ? c->arena : arena, &opt);
    r.depth = c->depth;
    switch (mode) {
    case M_COPY: o.st = jb__r_string(&r, &s, false, &o.nul); break;
    case M_BORROW: o.st = jb__r_string(&r, &s, true, &o.nul); break;
    case M_KEY: o.st = jb__r_key(&r, &s); break;
    case M_SKIP: o.st = jb__r_skip(&r); break;
    case M_WS: o.st = jb__r_ws(&r); break;
    case M_NUMBER: o.st = jb__r_number(&r, &s, &o.integral, &o.special); break;
    }
    CHECKF(o.st == r.code, "status %d, recorded %d", (int)o.st, (int)r.code);
    CHECKF(r.p >= buf && r.p <= buf + len, "cursor outside the input");
    if (o.st == JB_OK) {
        o.borrowed = s.ptr >= buf && s.ptr <= buf + len;
        o.outlen = s.len < sizeof o.out ? s.len : sizeof o.out;
        if (s.ptr) memcpy(o.out, s.ptr, o.outlen);
        if (s.ptr && !o.borrowed) o.terminated = s.ptr[s.len] == '\0';
        CHECKF(r.depth == c->depth, "depth changed");
    } else {
        o.off = r.err_offset;
        memcpy(o.msg, r.message, sizeof o.msg);
    }
    o.pos = (size_t)(r.p - buf);
    free(buf);
    return o;
}

static res run(int mode, const char *json, size_t len, uint32_t flags) {
    cfg c;
    memset(&c, 0, sizeof c);
    c.flags = flags;
    return run_cfg(mode, json, len, &c);
}

static res runs(int mode, const char *json, uint32_t flags) {
    return run(mode, json, strlen(json), flags);
}

/* ------------------------------------------------------------------ */
/* Setup and failure                                                   */
/* ------------------------------------------------------------------ */

static void test_init_and_fail(void) {
    jb_reader r;
    jb_read_options o;
    const char *js = "[1, 2]";
    jb__r_init(&r, js, 6, arena, NULL);
    CHECK(r.p == js && r.start == js && r.end == js + 6);
    CHECK_EQ_INT(r.max_depth, 512);
    CHECK_EQ_INT(r.max_number_len, 4096);
    /* limits are on by default (64 MiB strings, 2^24 members, 1 GiB documents) */
    CHECK_EQ_INT(r.max_string_len, 64 * 1024 * 1024);
    CHECK_EQ_INT(r.max_members, 16777216);
    CHECK_EQ_INT(r.max_doc_size, 1024 * 1024 * 1024);
    CHECK_EQ_INT(r.flags, 0);
    CHECK_EQ_INT(r.depth, 0);
    CHECK(r.code == JB_OK && r.keybuf == NULL && r.keycap == 0 && r.path.n == 0);

    memset(&o, 0, sizeof o);
    o.flags = JB_READ_ALLOW_COMMENTS;
    o.max_depth = 7;
    o.max_number_len = 9;
    o.max_string_len = 11;
    o.max_members = 13;
    jb__r_init(&r, js, 6, arena, &o);
    CHECK(r.max_depth == 7 && r.max_number_len == 9 && r.max_string_len == 11 &&
          r.max_members == 13 && r.flags == JB_READ_ALLOW_COMMENTS);

    /* first failure wins; later ones return the recorded code */
    CHECK(jb__r_fail(&r, JB_E_SYNTAX, js + 4, "first %d", 1) == JB_E_SYNTAX);
    CHECK(jb__r_fail(&r, JB_E_DEPTH, js + 1, "second") == JB_E_SYNTAX);
    CHECK(r.code == JB_E_SYNTAX && r.err_offset == 4);
    CHECK_STR(r.message, "first 1");

    {
        char fb[16];
        CHECK_STR(jb__r_found(&r, js + 6, fb), "end of input");
    }
}

/* ------------------------------------------------------------------ */
/* Whitespace and comments                                             */
/* ------------------------------------------------------------------ */

#define C JB_READ_ALLOW_COMMENTS
static const struct {
    int line;
    const char *in;
    uint32_t flags;
    jb_status st;
    size_t pos; /* cursor after (or error offset) */
} ws_cases[] = {
    {__LINE__, "", 0, JB_OK, 0},
    {__LINE__, "x", 0, JB_OK, 0},
    {__LINE__, " x", 0, JB_OK, 1},
    {__LINE__, " \t\n\r x", 0, JB_OK, 5},
    {__LINE__, "   ", 0, JB_OK, 3},
    {__LINE__, "                        x", 0, JB_OK, 24}, /* 8-space runs */
    {__LINE__, "\n                   \t  x", 0, JB_OK, 23},
    {__LINE__, "\v", 0, JB_OK, 0},       /* vertical tab: not JSON whitespace */
    {__LINE__, "\f", 0, JB_OK, 0},       /* form feed: not JSON whitespace */
    {__LINE__, "\xC2\xA0", 0, JB_OK, 0}, /* no-break space: neither */
    {__LINE__, "/* c */x", 0, JB_OK, 0}, /* comments off: '/' stays for the caller */
    {__LINE__, " // c\nx", 0, JB_OK, 1},
    {__LINE__, "/* c */x", C, JB_OK, 7},
    {__LINE__, "/**/x", C, JB_OK, 4},
    {__LINE__, "/***/x", C, JB_OK, 5},
    {__LINE__, "/* a * b / c **/ x", C, JB_OK, 17},
    {__LINE__, "// c\nx", C, JB_OK, 5},
    {__LINE__, "// c\r\n  x", C, JB_OK, 8},
    {__LINE__, "// to the end", C, JB_OK, 13},
    {__LINE__, "//", C, JB_OK, 2},
    {__LINE__, " /* a */ // b\n /* c */ x", C, JB_OK, 23},
    {__LINE__, "/ x", C, JB_OK, 0}, /* a lone '/' is not a comment */
    {__LINE__, "/", C, JB_OK, 0},
    {__LINE__, "  /", C, JB_OK, 2},
    {__LINE__, "/*", C, JB_E_SYNTAX, 0},
    {__LINE__, "/*/", C, JB_E_SYNTAX, 0},
    {__LINE__, "  /* never closed *", C, JB_E_SYNTAX, 2},
    {__LINE__, "/* a */ /* b", C, JB_E_SYNTAX, 8},
};
#undef C

static void test_ws(void) {
    size_t i;
    for (i = 0; i < sizeof ws_cases / sizeof ws_cases[0]; i++) {
        res o = runs(M_WS, ws_cases[i].in, ws_cases[i].flags);
        CHECK_AT(ws_cases[i].line, o.st == ws_cases[i].st, "status %d", (int)o.st);
        if (o.st == JB_OK)
            CHECK_AT(ws_cases[i].line, o.pos == ws_cases[i].pos, "pos %zu", o.pos);
        else
            CHECK_AT(ws_cases[i].line,
                     o.off == ws_cases[i].pos && strstr(o.msg, "unterminated comment"),
                     "offset %zu, message %s", o.off, o.msg);
    }
}

/* Where whitespace (and, with comments, comments) starting at i ends:
 * a byte-by-byte reference for the run prediction below. */
static size_t ref_ws_end(const char *d, size_t n, size_t i, bool comments) {
    for (;;) {
        while (i < n && strchr(" \t\n\r", d[i]) && d[i]) i++;
        if (!comments || i + 1 >= n || d[i] != '/') return i;
        if (d[i + 1] == '/') {
            while (i < n && d[i] != '\n') i++;
        } else if (d[i + 1] == '*') {
            const char *e = strstr(d + i + 2, "*/");
            i = e ? (size_t)(e - d) + 2 : n;
        } else {
            return i;
        }
    }
}

/* jb__r_ws_slow predicts each run from the last two (pretty-printed input
 * repeats "newline + indentation"). Walk documents of tokens separated by
 * runs drawn from a pool — repeated, alternating, prefixes of each other,
 * CRLF and tabs, longer than 8, 16 and 24 bytes, followed by a comment,
 * near and at the end of the input — and check that every call stops
 * exactly where the reference does. */
static void test_ws_prediction(void) {
    static const char *const pool[] = {
        "\n", "\n  ", "\n    ", "\n      ", "\n        ", "\n            ",
        "\n                ", "\n                        ", "\n                            ",
        "\r\n    ", "\n\t\t", "\n\t  \t", " ", "  ", "\n\n    ", "\n   \t    \t         ",
        "\n    /* c */", "\n    // c\n    ", "\n                   /",
        "\n                                ", "\n                                 ",
        "\n                                        ", "\n                               /",
    };
    static const char *const tokens[] = {"x", "yy", "{", "\"k\":", "zzzzzzzzzzzz"};
    uint64_t seed = 12345;
    for (int doc = 0; doc < 3000; doc++) {
        char d[1200];
        size_t n = 0;
        int runs = (int)(seed % 40) + 1;
        int favourite = (int)((seed >> 8) % (sizeof pool / sizeof pool[0]));
        for (int k = 0; k < runs && n < 1000; k++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            /* mostly the favourite run and its neighbours: the predicted case */
            size_t pi = (seed >> 33) % 4 ? (size_t)favourite + (seed >> 40) % 2
                                         : (size_t)(seed >> 45);
            const char *run = pool[pi % (sizeof pool / sizeof pool[0])];
            const char *tok = tokens[(seed >> 50) % (sizeof tokens / sizeof tokens[0])];
            memcpy(d + n, run, strlen(run));
            n += strlen(run);
            if (k + 1 < runs || (seed >> 55) % 2) {
                memcpy(d + n, tok, strlen(tok));
                n += strlen(tok);
            }
        }
        for (int comments = 0; comments <= 1; comments++) {
            char *buf = malloc(n);
            jb_reader r;
            jb_read_options o = {comments ? JB_READ_ALLOW_COMMENTS : 0, 0, 0, 0, 0, 0, NULL};
            memcpy(buf, d, n);
            jb__r_init(&r, buf, n, arena, &o);
            for (;;) {
                size_t at = (size_t)(r.p - buf), want = ref_ws_end(d, n, at, comments);
                /* the stateless line-break run: where it takes a run, it
                 * ends where the reference does (comments or not: it
                 * declines a run ending in '/') */
                const char *line = at < n ? jb__ws_line(buf + at, buf + n) : NULL;
                CHECKF(!line || (size_t)(line - buf) == want,
                       "document %d: jb__ws_line from %zu stopped at %zu, want %zu", doc, at,
                       line ? (size_t)(line - buf) : 0, want);
                jb_status st = jb__r_ws(&r);
                size_t got = (size_t)(r.p - buf);
                CHECKF(st == JB_OK && got == want,
                       "document %d (comments %d): ws from %zu stopped at %zu, want %zu", doc,
                       comments, at, got, want);
                if (!(st == JB_OK && got == want)) break;
                if (got >= n || buf[got] == '/') break; /* '/' not a comment: the caller's */
                r.p++;                                  /* over one token byte */
            }
            free(buf);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Strings                                                             */
/* ------------------------------------------------------------------ */

static const struct {
    int line;
    const char *in;
    const char *want; /* expected bytes, hand-written */
    size_t wantlen;
    bool nul;
} esc_cases[] = {
    {__LINE__, "\"\"", "", 0, false},
    {__LINE__, "\"abc\"", "abc", 3, false},
    {__LINE__, "\"\\\"\"", "\x22", 1, false},
    {__LINE__, "\"\\\\\"", "\x5C", 1, false},
    {__LINE__, "\"\\/\"", "\x2F", 1, false},
    {__LINE__, "\"\\b\"", "\x08", 1, false},
    {__LINE__, "\"\\f\"", "\x0C", 1, false},
    {__LINE__, "\"\\n\"", "\x0A", 1, false},
    {__LINE__, "\"\\r\"", "\x0D", 1, false},
    {__LINE__, "\"\\t\"", "\x09", 1, false},
    {__LINE__, "\"\\u0041\"", "\x41", 1, false},
    {__LINE__, "\"\\u007F\"", "\x7F", 1, false},
    {__LINE__, "\"\\u0080\"", "\xC2\x80", 2, false},
    {__LINE__, "\"\\u00e9\"", "\xC3\xA9", 2, false},
    {__LINE__, "\"\\u00E9\"", "\xC3\xA9", 2, false},
    {__LINE__, "\"\\u07FF\"", "\xDF\xBF", 2, false},
    {__LINE__, "\"\\u0800\"", "\xE0\xA0\x80", 3, false},
    {__LINE__, "\"\\u20AC\"", "\xE2\x82\xAC", 3, false},
    {__LINE__, "\"\\u20ac\"", "\xE2\x82\xAC", 3, false},
    {__LINE__, "\"\\uD7FF\"", "\xED\x9F\xBF", 3, false},
    {__LINE__, "\"\\uE000\"", "\xEE\x80\x80", 3, false},
    {__LINE__, "\"\\uFFFF\"", "\xEF\xBF\xBF", 3, false},
    {__LINE__, "\"\\u0000\"", "\x00", 1, true},
    {__LINE__, "\"a\\u0000b\"",
     "a\x00"
     "b",
     3, true},
    /* surrogate pairs -> 4-byte UTF-8 */
    {__LINE__, "\"\\uD800\\uDC00\"", "\xF0\x90\x80\x80", 4, false},
    {__LINE__, "\"\\uD83D\\uDE00\"", "\xF0\x9F\x98\x80", 4, false},
    {__LINE__, "\"\\ud83d\\ude00\"", "\xF0\x9F\x98\x80", 4, false},
    {__LINE__, "\"\\uDBFF\\uDFFF\"", "\xF4\x8F\xBF\xBF", 4, false},
    {__LINE__, "\"x\\uD834\\uDD1Ey\"", "x\xF0\x9D\x84\x9Ey", 6, false},
    /* mixtures, raw UTF-8 beside escapes */
    {__LINE__, "\"a\\nb\\u00e9c\"",
     "a\nb\xC3\xA9"
     "c",
     6, false},
    {__LINE__, "\"caf\xC3\xA9\\t\xE2\x82\xAC\"", "caf\xC3\xA9\t\xE2\x82\xAC", 9, false},
    {__LINE__, "\"\\\\\\\"\\/\\b\\f\\n\\r\\t\"", "\\\"/\b\f\n\r\t", 8, false},
    {__LINE__, "\"0123456789abcdef\\n0123456789abcdef\"", "0123456789abcdef\n0123456789abcdef", 33,
     false},
    {__LINE__, "\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\\\"\"", "\"\"\"\"\"\"\"\"\"", 9, false},
    {__LINE__, "\"\xF0\x9F\x98\x80\"", "\xF0\x9F\x98\x80", 4, false},
    {__LINE__, "\"\xF4\x8F\xBF\xBF\"", "\xF4\x8F\xBF\xBF", 4, false},
    {__LINE__, "\"\x7F\"", "\x7F", 1, false}, /* DEL is not a control byte in JSON */
    /* escapes right after escapes (no clean text between), mixed-case hex */
    {__LINE__, "\"\\u00e9\\u20ac\\u0041\\n\\u00e9\"", "\xC3\xA9\xE2\x82\xAC" "A\n\xC3\xA9", 9, false},
    {__LINE__, "\"\\uAbCd\\t\"", "\xEA\xAF\x8D\t", 4, false},
    {__LINE__, "\"\\u0000\\u0000\"", "\0\0", 2, true},
};

static void test_string_escapes(void) {
    size_t i;
    int mode;
    for (i = 0; i < sizeof esc_cases / sizeof esc_cases[0]; i++) {
        size_t len = strlen(esc_cases[i].in);
        for (mode = M_COPY; mode <= M_SKIP; mode++) {
            res o = run(mode, esc_cases[i].in, len, 0);
            CHECK_AT(esc_cases[i].line, o.st == JB_OK, "mode %d: %d %s at %zu", mode, (int)o.st,
                     o.msg, o.off);
            CHECK_AT(esc_cases[i].line, o.pos == len, "mode %d: pos %zu", mode, o.pos);
            if (mode == M_SKIP || o.st != JB_OK) continue;
            CHECK_MEM_AT(esc_cases[i].line, o.out, o.outlen, esc_cases[i].want,
                         esc_cases[i].wantlen);
            if (mode != M_KEY) CHECK_AT(esc_cases[i].line, o.nul == esc_cases[i].nul, "has_nul");
            if (!o.borrowed) CHECK_AT(esc_cases[i].line, o.terminated, "not NUL-terminated");
        }
    }
}

#define U JB_E_UTF8
#define S JB_E_SYNTAX
static const struct {
    int line;
    const char *in;
    size_t len; /* 0 = strlen */
    jb_status st;
    size_t off;
    const char *msg; /* a substring of the message, or NULL */
} bad_strings[] = {
    /* escapes */
    {__LINE__, "\"\\q\"", 0, S, 1, "invalid escape '\\q'"},
    {__LINE__, "\"ab\\x41\"", 0, S, 3, "invalid escape '\\x'"},
    {__LINE__, "\"\\U0041\"", 0, S, 1, "invalid escape '\\U'"},
    {__LINE__, "\"\\'\"", 0, S, 1, "invalid escape"},
    {__LINE__, "\"\\\x01\"", 0, S, 1, "invalid escape"},
    {__LINE__, "\"\\\xC3\xA9\"", 0, S, 1, "invalid escape"},
    {__LINE__, "\"\\u12G4\"", 0, S, 1, "expected 4 hex digits, found 'G'"},
    {__LINE__, "\"\\u12\"", 0, S, 1, "expected 4 hex digits"},
    {__LINE__, "\"\\u\"", 0, S, 1, "hex"},
    {__LINE__, "\"\\u-123\"", 0, S, 1, "hex"},
    /* the bytes next to the digits' ranges, at each place */
    {__LINE__, "\"\\u/000\"", 0, S, 1, "found '/'"},
    {__LINE__, "\"\\u0:00\"", 0, S, 1, "found ':'"},
    {__LINE__, "\"\\u00@0\"", 0, S, 1, "found '@'"},
    {__LINE__, "\"\\u000`\"", 0, S, 1, "found '`'"},
    {__LINE__, "\"\\u000g\"", 0, S, 1, "found 'g'"},
    {__LINE__, "\"\\u00G0xxxx\"", 0, S, 1, "found 'G'"},
    /* a bad escape right after a good one */
    {__LINE__, "\"\\u00e9\\q\"", 0, S, 7, "invalid escape '\\q'"},
    {__LINE__, "\"\\u00e9\\u12\"", 0, S, 7, "expected 4 hex digits"},
    /* lone and reversed surrogates */
    {__LINE__, "\"\\uD800\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"\\uDBFF\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"\\uDC00\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"\\uDFFF\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"ab\\uDC00\\uD800\"", 0, U, 3, "lone surrogate"},
    {__LINE__, "\"\\uD800\\uD800\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"\\uD800\\u0041\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"\\uD800\\uE000\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"\\uD800x\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"\\uD800\\n\"", 0, U, 1, "lone surrogate"},
    {__LINE__, "\"\\uD800\\\\uDC00\"", 0, U, 1, "lone surrogate"}, /* \\ then text */
    {__LINE__, "\"\\uD800\\uDCxx\"", 0, S, 7, "hex"},
    /* raw control bytes */
    {__LINE__,
     "\"a\x01"
     "b\"",
     0, S, 2, "control character U+0001"},
    {__LINE__, "\"\t\"", 0, S, 1, "control character"},
    {__LINE__, "\"\n\"", 0, S, 1, "control character"},
    {__LINE__, "\"0123456789\x1F\"", 0, S, 11, "control character"},
    {__LINE__, "\"\x00\"", 3, S, 1, "control character U+0000"},
    {__LINE__, "\"a\\n\x02\"", 0, S, 4, "control character"},
    /* invalid UTF-8: offset of the first byte of the ill-formed sequence */
    {__LINE__, "\"a\xC0\x80\"", 0, U, 2, "UTF-8"},
    {__LINE__, "\"a\xC1\xBF\"", 0, U, 2, "UTF-8"},
    {__LINE__, "\"ab\xE0\x80\x80\"", 0, U, 3, "UTF-8"},
    {__LINE__, "\"\xE0\x9F\xBF\"", 0, U, 1, "UTF-8"},
    {__LINE__, "\"abcdefghij\xF0\x80\x80\x80\"", 0, U, 11, "UTF-8"},
    {__LINE__, "\"\xED\xA0\x80\"", 0, U, 1, "UTF-8"},
    {__LINE__, "\"\xED\xBF\xBF\"", 0, U, 1, "UTF-8"},
    {__LINE__, "\"\xF4\x90\x80\x80\"", 0, U, 1, "UTF-8"},
    {__LINE__, "\"\xF5\x80\x80\x80\"", 0, U, 1, "UTF-8"},
    {__LINE__, "\"\xFF\"", 0, U, 1, "0xFF"},
    {__LINE__, "\"abc\x80\"", 0, U, 4, "0x80"}, /* stray continuation */
    {__LINE__, "\"\xC3\xA9\xA9\"", 0, U, 3, "UTF-8"},
    {__LINE__, "\"\xC3\"", 0, U, 1, "UTF-8"}, /* cut off by the quote */
    {__LINE__, "\"\xE2\x82\"", 0, U, 1, "UTF-8"},
    {__LINE__, "\"ab\xE2\x82", 0, U, 3, "UTF-8"}, /* cut off by the end of input */
    {__LINE__, "\"ab\xF0\x9F\x98", 0, U, 3, "UTF-8"},
    {__LINE__, "\"\xC3", 0, U, 1, "UTF-8"},
    {__LINE__, "\"a\\n\xC3", 0, U, 4, "UTF-8"},
    {__LINE__, "\"\\n\xC0\x80\"", 0, U, 3, "UTF-8"}, /* after an escape */
    /* unterminated: at the opening quote */
    {__LINE__, "\"", 0, S, 0, "unterminated string"},
    {__LINE__, "\"abc", 0, S, 0, "unterminated string"},
    {__LINE__, "\"abcdefghijklmnopq", 0, S, 0, "unterminated string"},
    {__LINE__, "\"abc\\", 0, S, 0, "unterminated string"},
    {__LINE__, "\"abc\\\"", 0, S, 0, "unterminated string"},
    {__LINE__, "\"abc\\\\", 0, S, 0, "unterminated string"},
    {__LINE__, "\"\\u12", 0, S, 0, "unterminated string"},
    {__LINE__, "\"\\uD800", 0, S, 0, "unterminated string"},
    {__LINE__, "\"\\uD800\\", 0, S, 0, "unterminated string"},
    {__LINE__, "\"\\uD800\\u", 0, S, 0, "unterminated string"},
    {__LINE__, "\"\\uD800\\uDC0", 0, S, 0, "unterminated string"},
    {__LINE__, "\"\\n0123456789abcdefghijkl", 0, S, 0, "unterminated string"},
    /* not a string at all */
    {__LINE__, "abc", 0, S, 0, "expected string"},
    {__LINE__, "", 0, S, 0, "expected string, found end of input"},
};
#undef U
#undef S

static void test_string_errors(void) {
    size_t i;
    int mode;
    for (i = 0; i < sizeof bad_strings / sizeof bad_strings[0]; i++) {
        size_t len = bad_strings[i].len ? bad_strings[i].len : strlen(bad_strings[i].in);
        for (mode = M_COPY; mode <= M_SKIP; mode++) {
            res o;
            if (mode == M_SKIP && bad_strings[i].in[0] != '"') continue;
            o = run(mode, bad_strings[i].in, len, 0);
            CHECK_AT(bad_strings[i].line, o.st == bad_strings[i].st, "mode %d: status %d (%s)",
                     mode, (int)o.st, o.msg);
            CHECK_AT(bad_strings[i].line, o.off == bad_strings[i].off, "mode %d: offset %zu (%s)",
                     mode, o.off, o.msg);
            if (bad_strings[i].msg && o.st != JB_OK)
                CHECK_AT(bad_strings[i].line, strstr(o.msg, bad_strings[i].msg) != NULL,
                         "mode %d: message [%s]", mode, o.msg);
        }
    }
}

/* JB_READ_ALLOW_INVALID_UTF8 copies bytes through; controls stay errors. */
/*
 * An escaped string is decoded in one pass into memory free at the time
 * (the key buffer, the arena's chunk past its last allocation) when it
 * closes within that memory, and in two passes otherwise. For a key read
 * with every key buffer size from none (two passes) to past the
 * string's length (ASan sees a write past an exact-size buffer), and for
 * a value read from an empty arena (two passes) and a used one: the same
 * status, bytes, cursor and error.
 */
static res run_keybuf(const char *json, size_t len, size_t cap) {
    res o;
    jb_reader r;
    jb_str s = {0, 0};
    char *buf = malloc(len ? len : 1), *kb = cap ? malloc(cap) : NULL;
    memset(&o, 0, sizeof o);
    memcpy(buf, json, len);
    jb__r_init(&r, buf, len, arena, NULL);
    r.keybuf = kb;
    r.keycap = cap;
    o.st = jb__r_key(&r, &s);
    if (o.st == JB_OK) {
        o.outlen = s.len < sizeof o.out ? s.len : sizeof o.out;
        memcpy(o.out, s.ptr, o.outlen);
    } else {
        o.off = r.err_offset;
        memcpy(o.msg, r.message, sizeof o.msg);
    }
    o.pos = (size_t)(r.p - buf);
    free(kb);
    free(buf);
    return o;
}

static void same_res(int line, const res *a, const res *b, size_t cap) {
    CHECK_AT(line, a->st == b->st, "cap %zu: status %d, two passes %d", cap, (int)a->st,
             (int)b->st);
    CHECK_AT(line, a->pos == b->pos, "cap %zu: pos %zu, two passes %zu", cap, a->pos, b->pos);
    if (a->st != b->st) return;
    if (a->st == JB_OK) {
        CHECK_MEM_AT(line, a->out, a->outlen, b->out, b->outlen);
        CHECK_AT(line, a->nul == b->nul, "cap %zu: has_nul", cap);
    } else {
        CHECK_AT(line, a->off == b->off, "cap %zu: offset %zu, two passes %zu", cap, a->off, b->off);
        CHECK_AT(line, strcmp(a->msg, b->msg) == 0, "cap %zu: '%s', two passes '%s'", cap, a->msg,
                 b->msg);
    }
}

static void one_pass_case(int line, const char *in, size_t len) {
    res two = run_keybuf(in, len, 0), one;
    for (size_t cap = 1; cap <= len + 8; cap++) {
        one = run_keybuf(in, len, cap);
        same_res(line, &one, &two, cap);
    }
    /* a value: a fresh arena has no chunk (two passes), the shared one
     * has room (one pass where the string fits) */
    {
        cfg c;
        jb_arena *fresh = jb_arena_new();
        memset(&c, 0, sizeof c);
        c.arena = fresh;
        two = run_cfg(M_COPY, in, len, &c);
        one = run(M_COPY, in, len, 0);
        same_res(line, &one, &two, 0);
        jb_arena_free(fresh);
    }
}

static void test_string_one_pass(void) {
    char in[256];
    size_t i;
    for (i = 0; i < sizeof esc_cases / sizeof esc_cases[0]; i++)
        one_pass_case(esc_cases[i].line, esc_cases[i].in, strlen(esc_cases[i].in));
    for (i = 0; i < sizeof bad_strings / sizeof bad_strings[0]; i++) {
        size_t len = bad_strings[i].len ? bad_strings[i].len : strlen(bad_strings[i].in);
        if (bad_strings[i].in[0] == '"') one_pass_case(bad_strings[i].line, bad_strings[i].in, len);
    }
    /* clean runs of every length up to past a 64-byte vector between
     * escapes, a character of every UTF-8 length, a pair, a fault last */
    for (size_t n = 0; n <= 70; n++) {
        static const char *const tails[] = {"\"",           "\\u00e9\"",     "\xE2\x82\xAC\\n\"",
                                            "\\uD83D\\uDE00\"", "\xF0\x9F\x98\x80\"", "\\q\"",
                                            "\xC3\"",        "\x01\""};
        for (size_t k = 0; k < sizeof tails / sizeof tails[0]; k++) {
            size_t len;
            in[0] = '"';
            in[1] = '\\';
            in[2] = 't';
            memset(in + 3, 'a', n);
            len = 3 + n;
            memcpy(in + len, tails[k], strlen(tails[k]));
            len += strlen(tails[k]);
            one_pass_case(__LINE__, in, len);
        }
    }
}

static void test_string_invalid_utf8_allowed(void) {
    const uint32_t f = JB_READ_ALLOW_INVALID_UTF8;
    res o = runs(M_COPY,
                 "\"a\xC0\x80\xFF"
                 "bcdefghijk\xED\xA0\x80\"",
                 f);
    CHECK(o.st == JB_OK);
    CHECK_MEM_AT(__LINE__, o.out, o.outlen,
                 "a\xC0\x80\xFF"
                 "bcdefghijk\xED\xA0\x80",
                 17);
    o = runs(M_COPY, "\"\xA2\xDC\x9F\x80\xA2\xDC\x9F\x80\xA2\xDC\"",
             f); /* look like '"', '\\', controls */
    CHECK(o.st == JB_OK && o.outlen == 10);
    o = runs(M_BORROW, "\"\xFF\\n\xFE\"", f);
    CHECK(o.st == JB_OK);
    CHECK_MEM_AT(__LINE__, o.out, o.outlen, "\xFF\n\xFE", 3);
    o = runs(M_COPY, "\"\xFF\x01\"", f);
    CHECK(o.st == JB_E_SYNTAX && o.off == 2);
    o = runs(M_SKIP, "[\"\xFF\"]", f);
    CHECK(o.st == JB_OK);
    o = runs(M_COPY, "\"\\uD800\"", f); /* escapes are still checked */
    CHECK(o.st == JB_E_UTF8);
}

/*
 * Every string length 0..40, at every alignment 0..7 of the opening quote
 * within the input, with (a) nothing special, (b) an escape, (c) a control
 * byte, (d) a 2-byte character, (e) an invalid byte, (f) a 4-byte
 * character, at every position, and (g) no closing quote. The input ends
 * right after the string, so the 8-byte scan meets the end at every offset.
 */
static void test_string_alignment(void) {
    char in[64], want[64];
    size_t len, pos, al;
    int bad = 0;
    for (len = 0; len <= 40; len++) {
        for (al = 0; al < 8; al++) {
            int variant;
            for (variant = 0; variant < 7; variant++) {
                for (pos = 0; pos < (variant == 0 || variant == 6 ? 1 : len); pos++) {
                    size_t n = 0, wl = 0, i;
                    jb_status want_st = JB_OK;
                    size_t want_off = 0;
                    int mode;
                    memset(in, ' ', al);
                    n = al;
                    in[n++] = '"';
                    for (i = 0; i < len; i++) {
                        if (i == pos && variant == 1) {
                            in[n++] = '\\', in[n++] = 'n', want[wl++] = '\n';
                        } else if (i == pos && variant == 2) {
                            want_st = JB_E_SYNTAX, want_off = n;
                            in[n++] = '\x1F';
                        } else if (i == pos && variant == 3) {
                            in[n++] = '\xC3', in[n++] = '\xA9';
                            want[wl++] = '\xC3', want[wl++] = '\xA9';
                        } else if (i == pos && variant == 4) {
                            want_st = JB_E_UTF8, want_off = n;
                            in[n++] = '\xFE';
                        } else if (i == pos && variant == 5) {
                            memcpy(in + n, "\xF0\x9F\x98\x80", 4);
                            memcpy(want + wl, "\xF0\x9F\x98\x80", 4);
                            n += 4, wl += 4;
                        } else {
                            in[n] = want[wl++] = (char)('a' + i % 26);
                            n++;
                        }
                    }
                    if (variant == 6) {
                        want_st = JB_E_SYNTAX, want_off = al;
                    } else {
                        in[n++] = '"';
                    }
                    for (mode = M_COPY; mode <= M_SKIP; mode++) {
                        jb_reader r;
                        char *buf = malloc(n);
                        jb_str s = {0, 0};
                        jb_status st;
                        memcpy(buf, in, n);
                        jb__r_init(&r, buf, n, arena, NULL);
                        r.p = buf + al;
                        if (mode == M_COPY)
                            st = jb__r_string(&r, &s, false, NULL);
                        else if (mode == M_BORROW)
                            st = jb__r_string(&r, &s, true, NULL);
                        else if (mode == M_KEY)
                            st = jb__r_key(&r, &s);
                        else
                            st = jb__r_skip(&r);
                        if (st != want_st) {
                            bad++;
                            fprintf(stderr, "len %zu al %zu variant %d pos %zu mode %d: %d %s\n",
                                    len, al, variant, pos, mode, (int)st, r.message);
                        } else if (st != JB_OK) {
                            if (r.err_offset != want_off) bad++;
                        } else {
                            if (r.p != buf + n) bad++;
                            if (mode != M_SKIP && (s.len != wl || memcmp(s.ptr, want, wl) != 0))
                                bad++;
                            /* no escape: borrowed when asked and for keys */
                            if (mode == M_BORROW || mode == M_KEY) {
                                bool in_input = s.ptr == buf + al + 1;
                                if (in_input != (variant != 1)) bad++;
                            }
                        }
                        free(buf);
                    }
                }
            }
        }
    }
    CHECKF(bad == 0, "%d alignment failures", bad);
}

/* Borrowing, copying, and where keys live. */
static void test_string_borrow_copy(void) {
    jb_reader r;
    jb_str s;
    bool nul = true;
    const char *js = "\"hello\" \"he\\u006clo\" \"k\\ney\" \"ab\"";
    size_t used;
    jb__r_init(&r, js, strlen(js), arena, NULL);

    CHECK(jb__r_string(&r, &s, true, &nul) == JB_OK);
    CHECK(s.ptr == js + 1 && s.len == 5 && !nul);
    r.p = js;
    used = jb_arena_used(arena);
    CHECK(jb__r_string(&r, &s, false, &nul) == JB_OK);
    CHECK(s.ptr != js + 1 && s.len == 5 && memcmp(s.ptr, "hello\0", 6) == 0);
    CHECK(jb_arena_used(arena) - used == 6); /* exactly len + 1 */
    r.p = js + 8;
    CHECK(jb__r_string(&r, &s, true, &nul) == JB_OK); /* escapes: copied even when borrowing */
    CHECK((s.ptr < js || s.ptr >= js + strlen(js)) && s.len == 5 &&
          memcmp(s.ptr, "hello\0", 6) == 0);
    CHECK(r.p == js + 20);

    /* keys: borrowed without escapes, no allocation at all */
    r.p = js;
    used = jb_arena_used(arena);
    CHECK(jb__r_key(&r, &s) == JB_OK && s.ptr == js + 1 && s.len == 5);
    CHECK(jb_arena_used(arena) == used);
    r.p = js + 21;
    CHECK(jb__r_key(&r, &s) == JB_OK && s.len == 4 && memcmp(s.ptr, "k\ney", 4) == 0);
    CHECK(s.ptr == r.keybuf && r.keycap >= 7);
    { /* the key buffer is reused while it is large enough */
        char *kb = r.keybuf;
        r.p = js + 21;
        used = jb_arena_used(arena);
        CHECK(jb__r_key(&r, &s) == JB_OK && s.ptr == kb);
        CHECK(jb_arena_used(arena) == used);
    }
    r.p = js + 29;
    CHECK(jb__r_key(&r, &s) == JB_OK && s.ptr == js + 30 && s.len == 2);
    CHECK(r.p == js + strlen(js));

    /* a long escaped key grows the buffer */
    {
        char big[300];
        size_t i;
        big[0] = '"';
        for (i = 1; i < 297; i++) big[i] = 'x';
        big[297] = '\\', big[298] = 't', big[299] = '"';
        jb__r_init(&r, big, sizeof big, arena, NULL);
        CHECK(jb__r_key(&r, &s) == JB_OK && s.len == 297 && s.ptr[296] == '\t');
        CHECK(r.keycap >= 299);
    }
}

/* Allocation failure and max_string_len. */
/* Gives the arena its header, then fails every allocation. */
static void *failing_alloc(void *ctx, void *p, size_t old, size_t n) {
    int *calls = ctx;
    (void)old;
    if (n == 0) {
        free(p);
        return NULL;
    }
    return (*calls)++ == 0 ? malloc(n) : NULL;
}

static void test_string_limits(void) {
    cfg c;
    res o;
    jb_arena *capped = jb_arena_new_with(NULL, 64);
    int calls = 0;
    jb_allocator fa = {failing_alloc, &calls};
    jb_arena *failing = jb_arena_new_with(&fa, 0);
    char big[202];
    memset(big, 'z', sizeof big);
    big[0] = big[201] = '"';

    memset(&c, 0, sizeof c);
    c.arena = capped;
    o = run_cfg(M_COPY, big, sizeof big, &c);
    CHECK(o.st == JB_E_LIMIT && o.off == 0);
    CHECK_STR(o.msg, "allocation limit reached");
    o = run_cfg(M_BORROW, big, sizeof big, &c); /* borrowing allocates nothing */
    CHECK(o.st == JB_OK && o.outlen == 200);
    big[100] = '\\', big[101] = 'n';
    o = run_cfg(M_COPY, big, sizeof big, &c);
    CHECK(o.st == JB_E_LIMIT);
    o = run_cfg(M_KEY, big, sizeof big, &c);
    CHECK(o.st == JB_E_LIMIT);
    c.arena = failing;
    o = run_cfg(M_BORROW, big, sizeof big, &c);
    CHECK(o.st == JB_E_NOMEM);
    CHECK_STR(o.msg, "out of memory");
    o = run_cfg(M_COPY, "\"a\"", 3, &c);
    CHECK(o.st == JB_E_NOMEM && o.off == 0);
    o = run_cfg(M_SKIP, big, sizeof big, &c); /* skipping allocates nothing */
    CHECK(o.st == JB_OK);
    jb_arena_free(capped);
    jb_arena_free(failing);

    memset(&c, 0, sizeof c);
    c.max_string_len = 5;
    o = run_cfg(M_COPY, "\"abcde\"", 7, &c);
    CHECK(o.st == JB_OK && o.outlen == 5);
    o = run_cfg(M_COPY, "\"abcdef\"", 8, &c);
    CHECK(o.st == JB_E_LIMIT && o.off == 0);
    o = run_cfg(M_BORROW, "\"abcdef\"", 8, &c);
    CHECK(o.st == JB_E_LIMIT);
    o = run_cfg(M_KEY, "\"abcdef\"", 8, &c);
    CHECK(o.st == JB_E_LIMIT);
    /* the decoded length counts: 5 escapes of 6 bytes decode to 5 bytes */
    o = runs(M_COPY, "\"\\u0041\\u0042\\u0043\\u0044\\u0045\"", 0);
    CHECK(o.st == JB_OK && o.outlen == 5);
    o = run_cfg(M_COPY, "\"\\u0041\\u0042\\u0043\\u0044\\u0045\"", 32, &c);
    CHECK(o.st == JB_OK && o.outlen == 5);
    o = run_cfg(M_COPY, "\"\\u0041\\u0042\\u0043\\u0044\\u0045\\n\"", 34, &c);
    CHECK(o.st == JB_E_LIMIT && o.off == 0);
    o = run_cfg(M_KEY, "\"\\u00e9\\u00e9\\u00e9\"", 20, &c); /* 6 bytes */
    CHECK(o.st == JB_E_LIMIT);
    { /* a long escaped string is refused before its buffer is allocated */
        char lots[602];
        size_t i, used = jb_arena_used(arena);
        lots[0] = '"';
        for (i = 1; i < 601; i += 2) lots[i] = '\\', lots[i + 1] = 'n';
        lots[601] = '"';
        o = run_cfg(M_COPY, lots, sizeof lots, &c);
        CHECK(o.st == JB_E_LIMIT && jb_arena_used(arena) == used);
    }
}

/* ------------------------------------------------------------------ */
/* Numbers and literals                                                */
/* ------------------------------------------------------------------ */

#define N JB_READ_ALLOW_NAN_INF
#define C JB_READ_ALLOW_COMMENTS
static const struct {
    int line;
    const char *in;
    uint32_t flags;
    jb_status st;
    size_t toklen; /* token length; or error offset */
    bool integral;
    int special;
} num_cases[] = {
    {__LINE__, "0", 0, JB_OK, 1, true, 0},
    {__LINE__, "-0", 0, JB_OK, 2, true, 0},
    {__LINE__, "7", 0, JB_OK, 1, true, 0},
    {__LINE__, "-123", 0, JB_OK, 4, true, 0},
    {__LINE__, "1234567890123456789012345", 0, JB_OK, 25, true, 0},
    {__LINE__, "1.5", 0, JB_OK, 3, false, 0},
    {__LINE__, "-0.0", 0, JB_OK, 4, false, 0},
    {__LINE__, "1e5", 0, JB_OK, 3, false, 0},
    {__LINE__, "1E+2", 0, JB_OK, 4, false, 0},
    {__LINE__, "1e-2", 0, JB_OK, 4, false, 0},
    {__LINE__, "-1.5e10", 0, JB_OK, 7, false, 0},
    /* delimiters */
    {__LINE__, "1]", 0, JB_OK, 1, true, 0},
    {__LINE__, "1}", 0, JB_OK, 1, true, 0},
    {__LINE__, "1,", 0, JB_OK, 1, true, 0},
    {__LINE__, "1 ", 0, JB_OK, 1, true, 0},
    {__LINE__, "1\t", 0, JB_OK, 1, true, 0},
    {__LINE__, "1\n", 0, JB_OK, 1, true, 0},
    {__LINE__, "1\r", 0, JB_OK, 1, true, 0},
    {__LINE__, "2.5e3,", 0, JB_OK, 5, false, 0},
    {__LINE__, "1/", C, JB_OK, 1, true, 0},
    {__LINE__, "1x", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1a", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1/", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1[", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1{", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1:", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1\"", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1\v", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1\xC2\xA0", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "truthy", 0, JB_E_SYNTAX, 0, 0, 0},
    /* grammar */
    {__LINE__, "01", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "-01", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "00", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "-", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "--1", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "+1", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, ".5", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1.", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1.e5", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1e", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1e+", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1E-]", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1.5.3", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "0x10", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "-a", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "1e5e5", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "", 0, JB_E_SYNTAX, 0, 0, 0},
    /* NaN and infinities */
    {__LINE__, "NaN", N, JB_OK, 3, false, 1},
    {__LINE__, "Infinity", N, JB_OK, 8, false, 2},
    {__LINE__, "-Infinity", N, JB_OK, 9, false, 3},
    {__LINE__, "-Infinity]", N, JB_OK, 9, false, 3},
    {__LINE__, "NaN", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "Infinity", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "-Infinity", 0, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "NaNx", N, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "nan", N, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "Inf", N, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "-Inf", N, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "+Infinity", N, JB_E_SYNTAX, 0, 0, 0},
    {__LINE__, "Infinityy", N, JB_E_SYNTAX, 0, 0, 0},
};
#undef N
#undef C

static void test_numbers(void) {
    size_t i;
    for (i = 0; i < sizeof num_cases / sizeof num_cases[0]; i++) {
        res o = runs(M_NUMBER, num_cases[i].in, num_cases[i].flags);
        int line = num_cases[i].line;
        CHECK_AT(line, o.st == num_cases[i].st, "status %d (%s)", (int)o.st, o.msg);
        if (o.st != JB_OK) {
            CHECK_AT(line, o.off == num_cases[i].toklen, "offset %zu", o.off);
            CHECK_AT(line, o.pos == 0, "cursor moved on failure");
            continue;
        }
        CHECK_AT(line, o.outlen == num_cases[i].toklen && o.borrowed, "token %zu", o.outlen);
        CHECK_AT(line, o.pos == num_cases[i].toklen, "pos %zu", o.pos);
        CHECK_AT(line, o.integral == num_cases[i].integral, "integral");
        CHECK_AT(line, o.special == num_cases[i].special, "special %d", o.special);
    }
    {
        res o = runs(M_NUMBER, "1x", 0);
        CHECK(strstr(o.msg, "invalid number") != NULL);
        o = runs(M_NUMBER, "NaN", 0);
        CHECK(strstr(o.msg, "invalid number") && strstr(o.msg, "JB_READ_ALLOW_NAN_INF"));
        o = runs(M_NUMBER, "01", 0);
        CHECK_STR(o.msg, "invalid number: leading zero");
    }
    { /* max_number_len */
        cfg c;
        res o;
        memset(&c, 0, sizeof c);
        c.max_number_len = 5;
        o = run_cfg(M_NUMBER, "12345", 5, &c);
        CHECK(o.st == JB_OK);
        o = run_cfg(M_NUMBER, "-1234", 5, &c);
        CHECK(o.st == JB_OK);
        o = run_cfg(M_NUMBER, "123456", 6, &c);
        CHECK(o.st == JB_E_LIMIT && o.off == 0);
        o = run_cfg(M_NUMBER, "1.2345", 6, &c);
        CHECK(o.st == JB_E_LIMIT);
    }
    { /* default limit 4096 */
        static char digits[5000];
        res o;
        memset(digits, '7', sizeof digits);
        o = run(M_NUMBER, digits, 4096, 0);
        CHECK(o.st == JB_OK && o.outlen == 2048); /* res keeps at most 2048 bytes */
        o = run(M_NUMBER, digits, 4097, 0);
        CHECK(o.st == JB_E_LIMIT);
    }
}

static void test_literals(void) {
    static const struct {
        int line;
        const char *in, *word;
        jb_status st;
        const char *msg;
    } cases[] = {
        {__LINE__, "true", "true", JB_OK, NULL},
        {__LINE__, "false", "false", JB_OK, NULL},
        {__LINE__, "null", "null", JB_OK, NULL},
        {__LINE__, "true]", "true", JB_OK, NULL},
        {__LINE__, "null,", "null", JB_OK, NULL},
        {__LINE__, "false }", "false", JB_OK, NULL},
        {__LINE__, "tru", "true", JB_E_SYNTAX, "expected 'true', found 'tru'"},
        {__LINE__, "truex", "true", JB_E_SYNTAX, "expected 'true', found 'truex'"},
        {__LINE__, "true1", "true", JB_E_SYNTAX, NULL},
        {__LINE__, "nul", "null", JB_E_SYNTAX, NULL},
        {__LINE__, "NULL", "null", JB_E_SYNTAX, NULL},
        {__LINE__, "fals]", "false", JB_E_SYNTAX, "found 'fals'"},
        {__LINE__, "", "null", JB_E_SYNTAX, "expected 'null', found end of input"},
        {__LINE__, "true/", "true", JB_E_SYNTAX, NULL},
    };
    size_t i;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jb_reader r;
        size_t len = strlen(cases[i].in), wl = strlen(cases[i].word);
        char *buf = malloc(len ? len : 1);
        jb_status st;
        memcpy(buf, cases[i].in, len);
        jb__r_init(&r, buf, len, arena, NULL);
        st = jb__r_literal(&r, cases[i].word, wl);
        CHECK_AT(cases[i].line, st == cases[i].st, "status %d (%s)", (int)st, r.message);
        if (st == JB_OK)
            CHECK_AT(cases[i].line, r.p == buf + wl, "pos");
        else
            CHECK_AT(cases[i].line, r.err_offset == 0 && r.p == buf, "offset %zu", r.err_offset);
        if (cases[i].msg)
            CHECK_AT(cases[i].line, strstr(r.message, cases[i].msg) != NULL, "message [%s]",
                     r.message);
        free(buf);
    }
    { /* with comments allowed, a comment may follow directly */
        jb_reader r;
        jb_read_options o;
        memset(&o, 0, sizeof o);
        o.flags = JB_READ_ALLOW_COMMENTS;
        jb__r_init(&r, "true/**/", 8, arena, &o);
        CHECK(jb__r_literal(&r, "true", 4) == JB_OK);
    }
}

/* ------------------------------------------------------------------ */
/* Skipping values                                                     */
/* ------------------------------------------------------------------ */

#define T JB_READ_ALLOW_TRAILING_COMMAS
#define C JB_READ_ALLOW_COMMENTS
#define N JB_READ_ALLOW_NAN_INF
static const struct {
    int line;
    const char *in;
    uint32_t flags;
    jb_status st;
    size_t at; /* cursor after success, or error offset */
    const char *msg;
} skip_cases[] = {
    /* accepted */
    {__LINE__, "0", 0, JB_OK, 1, NULL},
    {__LINE__, "  -1.5e3", 0, JB_OK, 8, NULL},
    {__LINE__, "\"s\"", 0, JB_OK, 3, NULL},
    {__LINE__, "true", 0, JB_OK, 4, NULL},
    {__LINE__, "false", 0, JB_OK, 5, NULL},
    {__LINE__, "null", 0, JB_OK, 4, NULL},
    {__LINE__, "[]", 0, JB_OK, 2, NULL},
    {__LINE__, "{}", 0, JB_OK, 2, NULL},
    {__LINE__, "[ ]", 0, JB_OK, 3, NULL},
    {__LINE__, "{ \n }", 0, JB_OK, 5, NULL},
    {__LINE__, "[1,2,3] 4", 0, JB_OK, 7, NULL}, /* stops after one value */
    {__LINE__, "[1,2,3],", 0, JB_OK, 7, NULL},
    {__LINE__, "{\"a\":1}", 0, JB_OK, 7, NULL},
    {__LINE__, "{ \"a\" : [ 1 , { \"b\" : null } ] , \"c\" : \"d\" }", 0, JB_OK, 44, NULL},
    {__LINE__, "[[[[[[[[[[]]]]]]]]]]", 0, JB_OK, 20, NULL},
    {__LINE__, "[{},[],{\"\":[]},\"\",0,-0.0,true,false,null]", 0, JB_OK, 41, NULL},
    {__LINE__, "{\"\\u00e9\\n\":\"\\uD83D\\uDE00\",\"x\":[1e5,-2E-3]}", 0, JB_OK, 43, NULL},
    {__LINE__, "{\"a\":{\"a\":{\"a\":{}}}}", 0, JB_OK, 20, NULL},
    {__LINE__, "[\"caf\xC3\xA9\",\"\xF0\x9F\x98\x80\"]", 0, JB_OK, 16, NULL},
    {__LINE__, "{\"a\":1,\"a\":2}", 0, JB_OK, 13, NULL}, /* duplicates are not skip's business */
    /* relaxed flags */
    {__LINE__, "[1,]", T, JB_OK, 4, NULL},
    {__LINE__, "[1 , ]", T, JB_OK, 6, NULL},
    {__LINE__, "{\"a\":1,}", T, JB_OK, 8, NULL},
    {__LINE__, "[[1,],{\"a\":[],},]", T, JB_OK, 17, NULL},
    {__LINE__, "/*x*/[ // y\n 1 /* z */, 2 ]", C, JB_OK, 27, NULL},
    {__LINE__, "{/**/\"a\"/**/:/**/1/**/}", C, JB_OK, 23, NULL},
    {__LINE__, "[1/**/,2]", C, JB_OK, 9, NULL},
    {__LINE__, "[NaN,Infinity,-Infinity]", N, JB_OK, 24, NULL},
    {__LINE__, "[1,/*c*/]", T | C, JB_OK, 9, NULL},
    /* rejected */
    {__LINE__, "", 0, JB_E_SYNTAX, 0, "expected value, found end of input"},
    {__LINE__, "   ", 0, JB_E_SYNTAX, 3, "expected value, found end of input"},
    {__LINE__, "]", 0, JB_E_SYNTAX, 0, "expected value"},
    {__LINE__, "}", 0, JB_E_SYNTAX, 0, "expected value"},
    {__LINE__, ",", 0, JB_E_SYNTAX, 0, "expected value"},
    {__LINE__, "[1}", 0, JB_E_SYNTAX, 2, "expected ',' or ']'"},
    {__LINE__, "{\"a\":1]", 0, JB_E_SYNTAX, 6, "expected ',' or '}'"},
    {__LINE__, "[1 2]", 0, JB_E_SYNTAX, 3, "expected ',' or ']'"},
    {__LINE__, "[1,,2]", 0, JB_E_SYNTAX, 3, "expected value"},
    {__LINE__, "[,1]", 0, JB_E_SYNTAX, 1, "expected value"},
    {__LINE__, "[,]", T, JB_E_SYNTAX, 1, "expected value"},
    {__LINE__, "[1,,]", T, JB_E_SYNTAX, 3, "expected value"},
    {__LINE__, "{,}", T, JB_E_SYNTAX, 1, "expected string key"},
    {__LINE__, "[1,]", 0, JB_E_SYNTAX, 2, "trailing comma"},
    {__LINE__, "{\"a\":1,}", 0, JB_E_SYNTAX, 6, "trailing comma"},
    {__LINE__, "{\"a\" 1}", 0, JB_E_SYNTAX, 5, "expected ':'"},
    {__LINE__, "{\"a\":}", 0, JB_E_SYNTAX, 5, "expected value"},
    {__LINE__, "{\"a\"}", 0, JB_E_SYNTAX, 4, "expected ':'"},
    {__LINE__, "{1:2}", 0, JB_E_SYNTAX, 1, "expected string key"},
    {__LINE__, "{a:2}", 0, JB_E_SYNTAX, 1, "expected string key"},
    {__LINE__, "{'a':2}", 0, JB_E_SYNTAX, 1, "expected string key"},
    {__LINE__, "{\"a\":1,2}", 0, JB_E_SYNTAX, 7, "expected string key"},
    {__LINE__, "[\"a\":1]", 0, JB_E_SYNTAX, 4, "expected ',' or ']'"},
    {__LINE__, "[1]]", 0, JB_OK, 3, NULL}, /* the rest is the caller's */
    {__LINE__, "[01]", 0, JB_E_SYNTAX, 1, "leading zero"},
    {__LINE__, "[1x]", 0, JB_E_SYNTAX, 1, "invalid number"},
    {__LINE__, "[-]", 0, JB_E_SYNTAX, 1, "invalid number"},
    {__LINE__, "[tru]", 0, JB_E_SYNTAX, 1, "expected 'true'"},
    {__LINE__, "[nulll]", 0, JB_E_SYNTAX, 1, "expected 'null'"},
    {__LINE__, "[True]", 0, JB_E_SYNTAX, 1, "expected value"},
    {__LINE__, "[NaN]", 0, JB_E_SYNTAX, 1, "JB_READ_ALLOW_NAN_INF"},
    {__LINE__, "[Infinity]", 0, JB_E_SYNTAX, 1, "JB_READ_ALLOW_NAN_INF"},
    {__LINE__, "[-Infinity]", 0, JB_E_SYNTAX, 1, NULL},
    {__LINE__, "[Nope]", N, JB_E_SYNTAX, 1, "expected value"},
    {__LINE__, "[\"a\\q\"]", 0, JB_E_SYNTAX, 3, "invalid escape '\\q'"},
    {__LINE__, "[\"\\uDE00\"]", 0, JB_E_UTF8, 2, "lone surrogate"},
    {__LINE__, "{\"\xC0\xAF\":1}", 0, JB_E_UTF8, 2, "UTF-8"},
    {__LINE__, "[\"a\x01\"]", 0, JB_E_SYNTAX, 3, "control character"},
    {__LINE__, "/* c */ 1", 0, JB_E_SYNTAX, 0, "expected value, found '/'"},
    {__LINE__, "[1 // c\n]", 0, JB_E_SYNTAX, 3, "expected ',' or ']'"},
    {__LINE__, "[1 /* c ]", C, JB_E_SYNTAX, 3, "unterminated comment"},
    {__LINE__, "[1 / 2]", C, JB_E_SYNTAX, 3, "expected ',' or ']'"},
    {__LINE__, "\xEF\xBB\xBF[]", 0, JB_E_SYNTAX, 0, "expected value, found a byte order mark (U+FEFF)"}, /* BOM: not whitespace */
    {__LINE__, "\xEF\xBB[]", 0, JB_E_SYNTAX, 0, "expected value, found byte 0xEF"}, /* not a whole BOM */
    {__LINE__, "[1\f]", 0, JB_E_SYNTAX, 1, "invalid number"},          /* \f is no delimiter */
    {__LINE__, "[true\f]", 0, JB_E_SYNTAX, 1, "expected 'true'"},
    {__LINE__, "[\"\"\f]", 0, JB_E_SYNTAX, 3, "expected ',' or ']'"},
};
#undef T
#undef C
#undef N

static void test_skip_cases(void) {
    size_t i;
    for (i = 0; i < sizeof skip_cases / sizeof skip_cases[0]; i++) {
        res o = runs(M_SKIP, skip_cases[i].in, skip_cases[i].flags);
        int line = skip_cases[i].line;
        CHECK_AT(line, o.st == skip_cases[i].st, "status %d (%s at %zu)", (int)o.st, o.msg, o.off);
        if (o.st == JB_OK)
            CHECK_AT(line, o.pos == skip_cases[i].at, "pos %zu", o.pos);
        else
            CHECK_AT(line, o.off == skip_cases[i].at, "offset %zu (%s)", o.off, o.msg);
        if (skip_cases[i].msg && o.st != JB_OK)
            CHECK_AT(line, strstr(o.msg, skip_cases[i].msg) != NULL, "message [%s]", o.msg);
    }
    { /* messages, in full */
        res o = runs(M_SKIP, "[1}", 0);
        CHECK_STR(o.msg, "expected ',' or ']', found '}'");
        o = runs(M_SKIP, "", 0);
        CHECK_STR(o.msg, "expected value, found end of input");
        o = runs(M_SKIP, "[1", 0);
        CHECK_STR(o.msg, "expected ',' or ']', found end of input");
        o = runs(M_SKIP, "\"\\q\"", 0);
        CHECK_STR(o.msg, "invalid escape '\\q'");
    }
}

/* Valid documents whose every proper prefix is invalid (the top level is a
 * container or string, and nothing trails it). */
static const char *const docs[] = {
    "[]",
    "{}",
    "\"\"",
    "\"abc\\n\\u00e9\\uD83D\\uDE00\xC3\xA9\xF0\x9F\x98\x80 0123456789\"",
    "[1,-2.5e+3,true,false,null,\"x\",[],{}]",
    "{\"a\":{\"b\":[1,2,{\"c\":\"\\\"\"}]},\"d\":-0,\"e\":[[[]]],\"\\u0041\":\"\xE2\x82\xAC\"}",
    "[ 1 , [ 2 , [ 3 , { \"k\" : \"v\" } ] ] ]",
    ("{\n  \"id\": 12345,\n  \"name\": \"widget \\\"pro\\\"\",\n  \"tags\": [\"a\", \"b\"],\n"
     "  \"price\": 19.99,\n  \"stock\": null,\n  \"ok\": true\n}"),
};

static void test_skip_truncations(void) {
    size_t d, cut;
    int bad = 0;
    uint32_t flags[] = {0, JB_READ_ALLOW_COMMENTS | JB_READ_ALLOW_TRAILING_COMMAS |
                               JB_READ_ALLOW_NAN_INF};
    size_t f;
    for (f = 0; f < 2; f++) {
        for (d = 0; d < sizeof docs / sizeof docs[0]; d++) {
            size_t len = strlen(docs[d]);
            res o = run(M_SKIP, docs[d], len, flags[f]);
            CHECKF(o.st == JB_OK && o.pos == len, "doc %zu: %d %s", d, (int)o.st, o.msg);
            for (cut = 0; cut < len; cut++) {
                o = run(M_SKIP, docs[d], cut, flags[f]);
                if (o.st == JB_OK || o.off > cut) {
                    bad++;
                    fprintf(stderr, "doc %zu cut %zu: status %d offset %zu\n", d, cut, (int)o.st,
                            o.off);
                }
            }
        }
    }
    CHECKF(bad == 0, "%d truncations accepted", bad);
}

static void test_skip_depth(void) {
    size_t n = 1000000, i;
    char *deep = malloc(2 * n);
    cfg c;
    res o;
    memset(deep, '[', n);
    memset(deep + n, ']', n);
    /* 1,000,000 levels against the default 512: fails at the 513th '[' */
    o = run(M_SKIP, deep, n, 0);
    CHECK(o.st == JB_E_DEPTH && o.off == 512);
    o = run(M_SKIP, deep, 2 * n, 0);
    CHECK(o.st == JB_E_DEPTH && o.off == 512);
    /* exactly 512 is fine */
    {
        char *ok = malloc(1024);
        memset(ok, '[', 512);
        memset(ok + 512, ']', 512);
        o = run(M_SKIP, ok, 1024, 0);
        CHECK(o.st == JB_OK && o.pos == 1024);
        free(ok);
    }
    /* objects count too */
    {
        char buf[5 * 600 + 600];
        size_t k = 0;
        for (i = 0; i < 600; i++) memcpy(buf + k, "{\"a\":", 5), k += 5;
        for (i = 0; i < 600; i++) buf[k++] = '}';
        o = run(M_SKIP, buf, k, 0);
        CHECK(o.st == JB_E_DEPTH && o.off == 512 * 5);
    }
    /* a small limit, and a starting depth */
    memset(&c, 0, sizeof c);
    c.max_depth = 3;
    o = run_cfg(M_SKIP, "[[[1]]]", 7, &c);
    CHECK(o.st == JB_OK);
    o = run_cfg(M_SKIP, "[[[[1]]]]", 9, &c);
    CHECK(o.st == JB_E_DEPTH && o.off == 3);
    CHECK(strstr(o.msg, "3") != NULL);
    c.depth = 2;
    o = run_cfg(M_SKIP, "[1]", 3, &c);
    CHECK(o.st == JB_OK);
    o = run_cfg(M_SKIP, "[[1]]", 5, &c);
    CHECK(o.st == JB_E_DEPTH && o.off == 1);
    c.depth = 3;
    o = run_cfg(M_SKIP, "[]", 2, &c);
    CHECK(o.st == JB_E_DEPTH && o.off == 0);
    o = run_cfg(M_SKIP, "7", 1, &c); /* scalars need no room */
    CHECK(o.st == JB_OK);
    /* a raised limit: the whole million, past the local stack, iteratively */
    memset(&c, 0, sizeof c);
    c.max_depth = 2000000;
    o = run_cfg(M_SKIP, deep, 2 * n, &c);
    CHECK(o.st == JB_OK && o.pos == 2 * n);
    o = run_cfg(M_SKIP, deep, 2 * n - 1, &c); /* one ']' short */
    CHECK(o.st == JB_E_SYNTAX && o.off == 2 * n - 1);
    deep[n + 5] = '}';
    o = run_cfg(M_SKIP, deep, 2 * n, &c);
    CHECK(o.st == JB_E_SYNTAX && o.off == n + 5);
    free(deep);
}

static void test_skip_members(void) {
    cfg c;
    res o;
    memset(&c, 0, sizeof c);
    c.max_members = 3;
    o = run_cfg(M_SKIP, "[1,2,3]", 7, &c);
    CHECK(o.st == JB_OK);
    o = run_cfg(M_SKIP, "[1,2,3,4]", 9, &c);
    CHECK(o.st == JB_E_LIMIT && o.off == 7);
    o = run_cfg(M_SKIP, "[[1,2,3],[1,2,3],[1,[1,2,3],3]]", 31, &c);
    CHECK(o.st == JB_OK);
    o = run_cfg(M_SKIP, "[[1,2,3],[1,2,3],[1,[1,2,3],3],4]", 33, &c);
    CHECK(o.st == JB_E_LIMIT && o.off == 31);
    o = run_cfg(M_SKIP, "{\"a\":1,\"b\":2,\"c\":3}", 19, &c);
    CHECK(o.st == JB_OK);
    o = run_cfg(M_SKIP, "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", 25, &c);
    CHECK(o.st == JB_E_LIMIT && o.off == 19);
    CHECK(strstr(o.msg, "max_members") != NULL);
    c.flags = JB_READ_ALLOW_TRAILING_COMMAS;
    o = run_cfg(M_SKIP, "[1,2,3,]", 8, &c); /* a trailing comma adds no member */
    CHECK(o.st == JB_OK);
}

/* The cursor after a skip and a following jb__r_ws sits on what comes
 * next; skip leaves r->depth alone. */
static void test_skip_sequence(void) {
    jb_reader r;
    const char *js = " {\"a\":[1,2]} , [3] ,\"x\"";
    jb__r_init(&r, js, strlen(js), arena, NULL);
    r.depth = 5;
    CHECK(jb__r_skip(&r) == JB_OK && r.p == js + 12);
    CHECK(jb__r_ws(&r) == JB_OK && *r.p == ',');
    r.p++;
    CHECK(jb__r_skip(&r) == JB_OK && r.p == js + 18);
    r.p += 2;
    CHECK(jb__r_skip(&r) == JB_OK && r.p == js + strlen(js));
    CHECK(r.depth == 5);
}

/* ------------------------------------------------------------------ */
/* The skip against a simple reference                                 */
/* ------------------------------------------------------------------ */

/*
 * The simple skip: recursive descent over the scanner's own token
 * functions (jb__r_ws, jb__r_string, jb__r_number, jb__r_literal), each
 * rule stated once. jb__r_skip's state machine, with its tokens' common
 * cases in line, must agree with it on every input: the same status, the
 * same cursor, the same error offset and message. ctest runs this program
 * under every kernel (JB_KERNEL), so each kernel's scan is compared too.
 */
static jb_status ref_value(jb_reader *r, size_t d) {
    const char *p, *const end = r->end;
    jb_status st;
    jb_str s;
    char fb[16];
    if ((st = jb__r_ws(r)) != JB_OK) return st;
    p = r->p;
    if (p >= end) return jb__r_fail(r, JB_E_SYNTAX, p, "expected value, found end of input");
    switch (*p) {
    case '{':
    case '[': {
        const bool obj = *p == '{';
        const char close = obj ? '}' : ']';
        const size_t room = r->max_depth > r->depth ? (size_t)(r->max_depth - r->depth) : 0;
        size_t n = 1;
        if (d >= room)
            return jb__r_fail(r, JB_E_DEPTH, p, "nesting deeper than %u levels (max_depth)",
                              (unsigned)r->max_depth);
        r->p++;
        if ((st = jb__r_ws(r)) != JB_OK) return st;
        if (r->p < end && *r->p == close) {
            r->p++;
            return JB_OK;
        }
        for (;;) {
            if (obj) {
                p = r->p;
                if (p >= end || *p != '"')
                    return jb__r_fail(r, JB_E_SYNTAX, p, "expected string key, found %s",
                                      jb__r_found(r, p, fb));
                if ((st = jb__r_string(r, &s, true, NULL)) != JB_OK) return st;
                if ((st = jb__r_ws(r)) != JB_OK) return st;
                p = r->p;
                if (p >= end || *p != ':')
                    return jb__r_fail(r, JB_E_SYNTAX, p, "expected ':' after key, found %s",
                                      jb__r_found(r, p, fb));
                r->p++;
            }
            if ((st = ref_value(r, d + 1)) != JB_OK) return st;
            if ((st = jb__r_ws(r)) != JB_OK) return st;
            p = r->p;
            if (p < end && *p == ',') {
                const char *comma = p;
                r->p++;
                if ((st = jb__r_ws(r)) != JB_OK) return st;
                p = r->p;
                if (p < end && *p == close) {
                    if (!(r->flags & JB_READ_ALLOW_TRAILING_COMMAS))
                        return jb__r_fail(r, JB_E_SYNTAX, comma,
                                          "trailing comma before '%c' not allowed", *p);
                    r->p++;
                    return JB_OK;
                }
                if (++n > r->max_members && r->max_members)
                    return jb__r_fail(r, JB_E_LIMIT, p, "more than %zu %s (max_members)",
                                      r->max_members,
                                      obj ? "members in an object" : "elements in an array");
                continue;
            }
            if (p < end && *p == close) {
                r->p++;
                return JB_OK;
            }
            return jb__r_fail(r, JB_E_SYNTAX, p, "expected ',' or '%c', found %s", close,
                              jb__r_found(r, p, fb));
        }
    }
    case '"':
        return jb__r_string(r, &s, true, NULL);
    case 't':
        return jb__r_literal(r, "true", 4);
    case 'f':
        return jb__r_literal(r, "false", 5);
    case 'n':
        return jb__r_literal(r, "null", 4);
    case 'N':
    case 'I':
        if (!((end - p >= 3 && memcmp(p, "NaN", 3) == 0) ||
              (end - p >= 8 && memcmp(p, "Infinity", 8) == 0)))
            break;
        return jb__r_number(r, &s, NULL, NULL);
    default:
        if (*p == '-' || (*p >= '0' && *p <= '9')) return jb__r_number(r, &s, NULL, NULL);
        break;
    }
    return jb__r_fail(r, JB_E_SYNTAX, p, "expected value, found %s", jb__r_found(r, p, fb));
}

/* Both skips over json[0..len) (an exact copy each, for ASan) with flags
 * and a small max_members; returns false (and says why) when they differ. */
static bool skip_agrees(const char *what, const char *json, size_t len, uint32_t flags,
                        size_t max_members) {
    res o[2];
    int k;
    for (k = 0; k < 2; k++) {
        jb_reader r;
        jb_read_options opt;
        char *buf = malloc(len ? len : 1);
        memset(&opt, 0, sizeof opt);
        memcpy(buf, json, len);
        opt.flags = flags;
        opt.max_members = max_members;
        jb__r_init(&r, buf, len, arena, &opt);
        memset(&o[k], 0, sizeof o[k]);
        o[k].st = k ? ref_value(&r, 0) : jb__r_skip(&r);
        o[k].pos = (size_t)(r.p - buf);
        if (o[k].st != JB_OK) {
            o[k].off = r.err_offset;
            memcpy(o[k].msg, r.message, sizeof o[k].msg);
        }
        free(buf);
    }
    if (o[0].st == o[1].st && (o[0].st != JB_OK ? o[0].off == o[1].off &&
                                                      strcmp(o[0].msg, o[1].msg) == 0
                                                : o[0].pos == o[1].pos))
        return true;
    fprintf(stderr,
            "%s (%zu bytes, flags 0x%x): skip %d at %zu/%zu [%s], reference %d at %zu/%zu [%s]\n",
            what, len, (unsigned)flags, (int)o[0].st, o[0].pos, o[0].off, o[0].msg,
            (int)o[1].st, o[1].pos, o[1].off, o[1].msg);
    return false;
}

/* Every cut of a document (every length for the first 4096 bytes, then
 * every 97th and the whole), strict and relaxed, default and tight member
 * limits. Returns the number of disagreements. */
static int skip_agrees_cuts(const char *what, const char *json, size_t len) {
    static const uint32_t flags[] = {0, JB_READ_ALLOW_COMMENTS | JB_READ_ALLOW_TRAILING_COMMAS |
                                            JB_READ_ALLOW_NAN_INF | JB_READ_ALLOW_INVALID_UTF8};
    int bad = 0;
    for (size_t cut = 0; cut <= len; cut += cut < 4096 || cut == len ? 1 : 97) {
        if (cut > len) cut = len;
        for (size_t f = 0; f < 2; f++) {
            if (!skip_agrees(what, json, cut, flags[f], 0)) bad++;
            if (!skip_agrees(what, json, cut, flags[f], 3)) bad++;
        }
        if (bad > 20) break;
        if (cut == len) break;
    }
    return bad;
}

/* A whole file, or NULL (*len gets its size). */
static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return buf;
}

static int skip_agrees_dir(const char *dir, size_t *files) {
    DIR *d = opendir(dir);
    struct dirent *e;
    int bad = 0;
    char path[4096];
    if (!d) return 0;
    while ((e = readdir(d))) {
        size_t len;
        char *json;
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (!(json = slurp(path, &len))) continue;
        bad += skip_agrees_cuts(e->d_name, json, len);
        free(json);
        ++*files;
    }
    closedir(d);
    return bad;
}

static void test_skip_reference(void) {
    static const char *const more[] = {
        "{\"a\" : [ 1 ,\n\t\t2 ] , \"b\":{\"c\"\r\n:\"\\u00e9\\n\"}}",
        "[\"\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80\", \"\xC3\", \"\xED\xA0\x80\", \"\\uD83D\"]",
        "[\"a\x01\", 1e, -, 01, 1.5x, tru, nul, falsey, NaN, -Infinity, Infinity]",
        "{\"k\":1,}", "[1,]", "[1 // c\n, /* d */ 2]", "[1 /* open", "{\"k\" 1}", "{1:2}",
        "[                                        1,                                 2]",
        "\"                                                                      \"",
        "[1,2,3,4,5]", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}",
    };
    size_t i, files = 0;
    int bad = 0;
    for (i = 0; i < sizeof docs / sizeof docs[0]; i++)
        bad += skip_agrees_cuts("docs[]", docs[i], strlen(docs[i]));
    for (i = 0; i < sizeof more / sizeof more[0]; i++)
        bad += skip_agrees_cuts("more[]", more[i], strlen(more[i]));
    for (i = 0; i < sizeof skip_cases / sizeof skip_cases[0]; i++)
        bad += skip_agrees_cuts("skip_cases[]", skip_cases[i].in, strlen(skip_cases[i].in));
    bad += skip_agrees_dir(JB_SOURCE_DIR "/tests/conformance", &files);
    bad += skip_agrees_dir(JB_SOURCE_DIR "/../shared/data/JSONTestSuite/test_parsing", &files);
    if (files < 300) printf("test_skip_reference: %zu files (JSONTestSuite not found?)\n", files);
    CHECKF(bad == 0, "%d disagreements between jb__r_skip and the reference", bad);
}

/*
 * The structural scan (src/skip.c) itself: on valid containers it must
 * accept (so that it cannot pass the comparisons above by handing every
 * value back to the exact skip) and stop where the exact skip stops; on
 * everything else it must hand back (false, r->p unchanged). Built around
 * the 64-byte blocks: backslash runs of every length 0..70 placed at every
 * offset of a block, multi-byte characters and \u escapes (surrogate pairs
 * too) across block boundaries, nesting at and past the scan's bit stack
 * and max_depth. Each document is also compared, with its cuts, with the
 * reference skip (skip_agrees). Runs under every kernel (ctest).
 */
typedef struct {
    int st;        /* jb__skip_scan: 1 accepted, 0 handed back */
    size_t pos;    /* r->p after it */
    jb_status ex;  /* jb__r_skip_exact */
    size_t ex_pos; /* its cursor */
} scan_res;

static scan_res scan_one(const char *json, size_t len, uint32_t max_depth) {
    scan_res o;
    jb_reader r;
    jb_read_options opt;
    char *buf = malloc(len ? len : 1);
    memset(&opt, 0, sizeof opt);
    opt.max_depth = max_depth;
    memcpy(buf, json, len);
    jb__r_init(&r, buf, len, arena, &opt);
    o.st = jb__skip_scan(&r);
    o.pos = (size_t)(r.p - buf);
    jb__r_init(&r, buf, len, arena, &opt);
    o.ex = jb__r_skip_exact(&r);
    o.ex_pos = (size_t)(r.p - buf);
    free(buf);
    return o;
}

/* json must be accepted by the scan (want 1) or handed back (want 0);
 * accepted = the exact skip's result; cuts: compare every cut too. */
static int scan_expect(const char *what, const char *json, size_t len, int want, bool cuts) {
    scan_res o = scan_one(json, len, 0);
    int bad = 0;
    if (o.st != want || (o.st && (o.ex != JB_OK || o.pos != o.ex_pos)) || (!o.st && o.pos != 0)) {
        fprintf(stderr, "%s (%zu bytes): scan %d at %zu (want %d), exact %d at %zu: %.*s\n", what,
                len, o.st, o.pos, want, (int)o.ex, o.ex_pos, (int)(len > 160 ? 160 : len), json);
        bad++;
    }
    if (cuts)
        bad += skip_agrees_cuts(what, json, len);
    else if (!skip_agrees(what, json, len, 0, 0))
        bad++;
    return bad;
}

static void test_skip_scan(void) {
    char doc[4096];
    int bad = 0, n;
    size_t pad, run;
    /* backslash runs: n even = n/2 escaped backslashes, then 'x'; n odd:
     * the last escapes a quote. Then an invalid form: an odd run before 'x'. */
    for (pad = 0; pad < 64; pad++) {
        for (run = 0; run <= 70; run++) {
            n = snprintf(doc, sizeof doc, "[%*s\"", (int)pad, "");
            memset(doc + n, '\\', run);
            n += (int)run;
            n += snprintf(doc + n, sizeof doc - (size_t)n, "%sx\" , {\"\\\\\":\"\\\"\"}]",
                          run % 2 ? "\"" : "");
            bad += scan_expect("backslash run", doc, (size_t)n, 1, pad % 16 == 0 && run % 8 == 1);
            n = snprintf(doc, sizeof doc, "[%*s\"", (int)pad, "");
            memset(doc + n, '\\', 2 * run + 1);
            n += (int)(2 * run + 1);
            n += snprintf(doc + n, sizeof doc - (size_t)n, "x\"]");
            bad += scan_expect("odd run before x", doc, (size_t)n, 0, false);
        }
    }
    /* strings spanning blocks; non-ASCII and \u escapes across the boundaries */
    for (pad = 0; pad < 140; pad++) {
        static const char *const ok[] = {
            "\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80", "\\uD83D\\uDE00", "\\u00e9\\u20AC\\n\\t\\/",
            "\\\\uD800", "a\\\"b",
        };
        static const char *const no[] = {
            "\xC3", "\xED\xA0\x80", "\xF0\x9F\x98", "\\uD83D", "\\uDE00", "\\uD83D\\u0041",
            "\\u12G4", "\\x", "\x01", "\x1F", "\\uD83Dx",
        };
        for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
            n = snprintf(doc, sizeof doc, "{\"k\":[\"%*s%s\"],\"%s\":1}", (int)pad, "", ok[i], ok[i]);
            bad += scan_expect("string ok", doc, (size_t)n, 1, pad % 32 == 5);
        }
        for (size_t i = 0; i < sizeof no / sizeof no[0]; i++) {
            n = snprintf(doc, sizeof doc, "{\"k\":[\"%*s%s\"]}", (int)pad, "", no[i]);
            bad += scan_expect("string bad", doc, (size_t)n, 0, pad % 32 == 7);
        }
        /* numbers and literals at every offset, then their bad forms */
        n = snprintf(doc, sizeof doc, "[%*s-1.5e+3,0,true,false,null,{\"a\":[]},[],{}]", (int)pad, "");
        bad += scan_expect("scalars", doc, (size_t)n, 1, pad % 32 == 9);
        static const char *const nos[] = {"01", "1.", "tru", "nulls", "1x", "[1}", "{]",
                                          "[1,]", "{\"a\"1}", "\"a\"\"b\"", "NaN", "1 2", "/**/1"};
        for (size_t i = 0; i < sizeof nos / sizeof nos[0]; i++) {
            n = snprintf(doc, sizeof doc, "[%*s%s]", (int)pad, "", nos[i]);
            bad += scan_expect("scalars bad", doc, (size_t)n, 0, false);
        }
        /* a value followed by more input: only the value is judged */
        n = snprintf(doc, sizeof doc, "[%*s1] \"\\x\x01", (int)pad, "");
        bad += scan_expect("trailing junk", doc, (size_t)n, 1, false);
    }
    /* nesting: the default max_depth (512), the bit stack (1,024) */
    {
        static const size_t depths[] = {1, 63, 64, 65, 511, 512, 513, 1023, 1024, 1025, 1500};
        static char deep[2 * 1500 + 8];
        for (size_t i = 0; i < sizeof depths / sizeof depths[0]; i++) {
            size_t dd = depths[i];
            for (size_t j = 0; j < dd; j++) {
                deep[j] = j % 3 ? '[' : '{';
                deep[2 * dd - 1 - j] = j % 3 ? ']' : '}';
            }
            /* objects need keys: use arrays where j % 3 == 0 is not allowed */
            for (size_t j = 0; j < dd; j++) deep[j] = '[', deep[2 * dd - 1 - j] = ']';
            scan_res o = scan_one(deep, 2 * dd, 0);
            CHECKF(o.st == (dd <= 512), "depth %zu default max_depth: scan %d", dd, o.st);
            o = scan_one(deep, 2 * dd, 4000);
            CHECKF(o.st == (dd <= 1024) && (!o.st || o.pos == 2 * dd) && o.ex == JB_OK,
                   "depth %zu max_depth 4000: scan %d at %zu, exact %d", dd, o.st, o.pos, (int)o.ex);
            o = scan_one(deep, 2 * dd - 1, 4000);
            CHECKF(o.st == 0 && o.ex != JB_OK, "depth %zu cut: scan %d", dd, o.st);
        }
    }
    CHECKF(bad == 0, "%d structural-scan failures", bad);
}

int main(void) {
    arena = jb_arena_new();
    test_init_and_fail();
    test_ws();
    test_ws_prediction();
    test_string_escapes();
    test_string_errors();
    test_string_invalid_utf8_allowed();
    test_string_one_pass();
    test_string_alignment();
    test_string_borrow_copy();
    test_string_limits();
    test_numbers();
    test_literals();
    test_skip_cases();
    test_skip_truncations();
    test_skip_depth();
    test_skip_members();
    test_skip_sequence();
    test_skip_reference();
    test_skip_scan();
    jb_arena_free(arena);
    return check_report();
}
