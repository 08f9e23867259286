/* SPDX-License-Identifier: MIT */
/*
 * test_error.c — status names, line/column, path text, messages
 * (src/error.c). Every expected string is written out by hand.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "error.h"

/* A path built from segments given outermost first (as one reads them);
 * error.h stores them innermost first. */
typedef struct seg {
    const char *key; /* NULL: an index */
    size_t len;      /* key length ((size_t)-1: strlen) */
    size_t index;
} seg;

static void make_path(jb_path *p, const seg *segs, size_t n) {
    p->n = 0;
    p->overflow = false;
    while (n-- > 0) {
        const seg *s = &segs[n];
        if (s->key)
            jb__path_key(p, s->key, s->len == (size_t)-1 ? strlen(s->key) : s->len);
        else
            jb__path_index(p, s->index);
    }
}

#define K(s) \
    { (s), (size_t)-1, 0 }
#define KL(s, n) \
    { (s), (n), 0 }
#define I(i) \
    { NULL, 0, (i) }

static void test_status_names(void) {
    static const struct {
        jb_status code;
        const char *name;
    } names[] = {
        {JB_OK, "JB_OK"},
        {JB_E_SYNTAX, "JB_E_SYNTAX"},
        {JB_E_TYPE, "JB_E_TYPE"},
        {JB_E_RANGE, "JB_E_RANGE"},
        {JB_E_MISSING, "JB_E_MISSING"},
        {JB_E_UNKNOWN, "JB_E_UNKNOWN"},
        {JB_E_DUPLICATE, "JB_E_DUPLICATE"},
        {JB_E_UTF8, "JB_E_UTF8"},
        {JB_E_DEPTH, "JB_E_DEPTH"},
        {JB_E_LIMIT, "JB_E_LIMIT"},
        {JB_E_NOMEM, "JB_E_NOMEM"},
        {JB_E_TRAILING, "JB_E_TRAILING"},
        {JB_E_NONFINITE, "JB_E_NONFINITE"},
        {JB_E_DESCRIPTOR, "JB_E_DESCRIPTOR"},
        {JB_E_VALUE, "JB_E_VALUE"},
        {JB_E_IO, "JB_E_IO"},
        {JB_E_BUFFER, "JB_E_BUFFER"},
        {JB_E_CUSTOM, "JB_E_CUSTOM"},
        {JB_E_ARG, "JB_E_ARG"},
        {JB_END, "JB_END"},
        {JB_NEED_INPUT, "JB_NEED_INPUT"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK_STR(jb_status_name(names[i].code), names[i].name);
    CHECK_STR(jb_status_name((jb_status)(JB_NEED_INPUT + 1)), "JB_E_(unknown)");
    CHECK_STR(jb_status_name((jb_status)-1), "JB_E_(unknown)");
}

static void test_line_column(void) {
    static const struct {
        int line;
        const char *in;
        size_t offset, want_line, want_col;
    } cases[] = {
        {__LINE__, "", 0, 1, 1},
        {__LINE__, "abc", 0, 1, 1},
        {__LINE__, "abc", 2, 1, 3},
        {__LINE__, "abc", 3, 1, 4},  /* end of input */
        {__LINE__, "a\nb", 1, 1, 2}, /* at the \n itself */
        {__LINE__, "a\nb", 2, 2, 1},
        {__LINE__, "a\nbcd", 4, 2, 3},
        {__LINE__, "\n\n\n", 3, 4, 1},
        {__LINE__, "a\r\nb", 2, 2, 1}, /* at the \n of a \r\n pair */
        {__LINE__, "a\r\nb", 3, 2, 1}, /* \r\n counts once */
        {__LINE__, "a\r\nbc", 5, 2, 3},
        {__LINE__, "\r\n\r\n", 4, 3, 1},
        {__LINE__, "a\rb", 2, 2, 1}, /* a lone \r ends a line */
        {__LINE__, "a\r\rb", 3, 3, 1},
        {__LINE__, "a\n\rb", 3, 3, 1},                       /* \n then a lone \r: two lines */
        {__LINE__, "\r\r\n", 3, 3, 1},                       /* \r, then a \r\n pair */
        {__LINE__, "{\r\n  \"a\": 1,\n  \"b\" x", 19, 3, 7}, /* at the x */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jb_error e;
        memset(&e, 0x55, sizeof e);
        jb__error_fill(&e, JB_E_SYNTAX, cases[i].in, cases[i].offset, NULL, "m");
        CHECK_AT(cases[i].line,
                 e.offset == cases[i].offset && e.line == cases[i].want_line &&
                     e.column == cases[i].want_col,
                 "offset %zu: got %zu:%zu, want %zu:%zu", cases[i].offset, e.line, e.column,
                 cases[i].want_line, cases[i].want_col);
    }
}

static void test_path_cases(void) {
    static const seg s_name[] = {K("name")};
    static const seg s_idx[] = {I(3)};
    static const seg s_nested[] = {K("a"), I(3), K("b")};
    static const seg s_dot[] = {K("a.b")};
    static const seg s_quote[] = {K("a\"b")};
    static const seg s_bslash[] = {K("a\\b")};
    static const seg s_ctl[] = {K("\b\f\n\r\t")};
    static const seg s_u[] = {KL("\x01\x1f\0", 3)};
    static const seg s_empty[] = {K("")};
    static const seg s_digit[] = {K("1a")};
    static const seg s_ident[] = {K("_x1"), K("Z_9")};
    static const seg s_space[] = {K("a b")};
    static const seg s_utf8[] = {K("caf\xc3\xa9")};
    static const seg s_dash[] = {K("kebab-case")};
    static const seg s_big[] = {I(0), I(SIZE_MAX)};
#if SIZE_MAX == UINT64_MAX
#define SIZE_MAX_TEXT "18446744073709551615"
#elif SIZE_MAX == UINT32_MAX
#define SIZE_MAX_TEXT "4294967295" /* 32-bit targets (make test-m32) */
#endif
    static const seg s_mixed[] = {K("items"), I(0), K("x y"), I(12), K("id")};
    static const seg s_klen[] = {KL("abcdef", 3)}; /* only the length counts */
    static const struct {
        int line;
        const seg *segs;
        size_t n;
        bool overflow;
        const char *want;
    } cases[] = {
        {__LINE__, NULL, 0, false, "$"},
        {__LINE__, s_name, 1, false, "$.name"},
        {__LINE__, s_idx, 1, false, "$[3]"},
        {__LINE__, s_nested, 3, false, "$.a[3].b"},
        {__LINE__, s_dot, 1, false, "$[\"a.b\"]"},
        {__LINE__, s_quote, 1, false, "$[\"a\\\"b\"]"},
        {__LINE__, s_bslash, 1, false, "$[\"a\\\\b\"]"},
        {__LINE__, s_ctl, 1, false, "$[\"\\b\\f\\n\\r\\t\"]"},
        {__LINE__, s_u, 1, false, "$[\"\\u0001\\u001f\\u0000\"]"},
        {__LINE__, s_empty, 1, false, "$[\"\"]"},
        {__LINE__, s_digit, 1, false, "$[\"1a\"]"},
        {__LINE__, s_ident, 2, false, "$._x1.Z_9"},
        {__LINE__, s_space, 1, false, "$[\"a b\"]"},
        {__LINE__, s_utf8, 1, false, "$[\"caf\xc3\xa9\"]"},
        {__LINE__, s_dash, 1, false, "$[\"kebab-case\"]"},
        {__LINE__, s_big, 2, false, "$[0][" SIZE_MAX_TEXT "]"},
        {__LINE__, s_mixed, 5, false, "$.items[0][\"x y\"][12].id"},
        {__LINE__, s_klen, 1, false, "$.abc"},
        {__LINE__, NULL, 0, true, "$..."},
        {__LINE__, s_name, 1, true, "$....name"},
        {__LINE__, s_idx, 1, true, "$...[3]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jb_path p;
        char out[JB_ERROR_PATH_MAX];
        make_path(&p, cases[i].segs, cases[i].n);
        p.overflow = cases[i].overflow;
        jb__path_format(out, sizeof out, &p);
        CHECK_MEM_AT(cases[i].line, out, strlen(out), cases[i].want, strlen(cases[i].want));
    }
    char out[32];
    jb__path_format(out, sizeof out, NULL);
    CHECK_STR(out, "$");
}

static void test_path_truncation(void) {
    static const seg s_long[] = {K("aaaaaaaaaaaaaaaaaaaa")}; /* $.+20 = 22 bytes */
    jb_path p;
    char out[64];
    make_path(&p, s_long, 1);

    /* Fits exactly: 22 bytes and the NUL in 23. */
    memset(out, 'Z', sizeof out);
    jb__path_format(out, 23, &p);
    CHECK_STR(out, "$.aaaaaaaaaaaaaaaaaaaa");
    /* One byte short: 18 bytes kept, then "...", then the NUL. */
    memset(out, 'Z', sizeof out);
    jb__path_format(out, 22, &p);
    CHECK_STR(out, "$."
                   "aaaaaaaa"
                   "aaaaaaaa"
                   "...");
    CHECK(out[22] == 'Z'); /* nothing written past cap */
    /* The smallest cap allowed. */
    jb__path_format(out, 8, &p);
    CHECK_STR(out, "$.aa...");

    /* A cut never splits a UTF-8 character: "$[\"" then e-acute pairs. */
    static const seg s_utf8[] = {K("\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9")};
    make_path(&p, s_utf8, 1);
    jb__path_format(out, 10, &p); /* 6 bytes would end inside the 2nd: keep 5 */
    CHECK_STR(out, "$[\"\xc3\xa9...");
    jb__path_format(out, 11, &p); /* 7 bytes end on a boundary */
    CHECK_STR(out, "$[\"\xc3\xa9\xc3\xa9...");

    /* Overflow marker and truncation together, at the real size. */
    static char key[100];
    memset(key, 'k', 99);
    jb_path deep;
    deep.n = 0;
    deep.overflow = false;
    for (int i = 0; i < 70; i++) jb__path_key(&deep, key, 99);
    CHECK_EQ_INT(deep.n, JB_PATH_SEGS);
    CHECK(deep.overflow);
    char full[JB_ERROR_PATH_MAX];
    jb__path_format(full, sizeof full, &deep);
    /* Whole innermost steps are kept (each ".k..k" is 100 bytes: two fit
     * in 255 after "$..."); the outer ones give way. */
    {
        char want[JB_ERROR_PATH_MAX] = "$...";
        for (int i = 0; i < 2; i++) {
            strcat(want, ".");
            strcat(want, key); /* 99 bytes: key[99] is the NUL */
        }
        CHECK_STR(full, want);
    }
    /* Index segments overflow the same way. */
    jb_path idx;
    idx.n = 0;
    idx.overflow = false;
    for (size_t i = 0; i < JB_PATH_SEGS + 1; i++) jb__path_index(&idx, i);
    CHECK(idx.overflow);
    CHECK_EQ_INT(idx.n, JB_PATH_SEGS);
    jb__path_format(full, 16, &idx);
    /* segs[0] (innermost) holds index 0: three steps fit after "$..." */
    CHECK_STR(full, "$...[2][1][0]");
    jb__path_format(full, sizeof full, &idx); /* all 64 kept steps fit */
    CHECK(strncmp(full, "$...[63][62]", 12) == 0 && strcmp(full + strlen(full) - 6, "[1][0]") == 0);

    /* Not overflowed but too long: the outer steps go, "$..." says so. */
    static const seg s_three[] = {K("outer_key_long"), K("middle_key_long"), K("inner")};
    make_path(&p, s_three, 3);
    jb__path_format(out, 32, &p); /* the whole is 38 bytes */
    CHECK_STR(out, "$....middle_key_long.inner");
    jb__path_format(out, 39, &p);
    CHECK_STR(out, "$.outer_key_long.middle_key_long.inner");
    jb__path_format(out, 38, &p);
    CHECK_STR(out, "$....middle_key_long.inner");
    /* the innermost alone too long for the buffer: it is cut at its end */
    {
        static char lkey[300];
        char want[JB_ERROR_PATH_MAX] = "$....";
        memset(lkey, 'q', sizeof lkey);
        jb_path lp = {.n = 0, .overflow = false};
        jb__path_key(&lp, lkey, sizeof lkey);
        jb__path_key(&lp, "outer", 5);
        jb__path_format(full, sizeof full, &lp);
        memset(want + 5, 'q', JB_ERROR_PATH_MAX - 9);
        memcpy(want + JB_ERROR_PATH_MAX - 4, "...", 4);
        CHECK_STR(full, want);
    }

    /* A raw key (escapes as the input wrote them) is written as it is. */
    jb_path rp = {.n = 0, .overflow = false};
    jb__path_index(&rp, 4);
    jb__path_rawkey(&rp, "a\\u0041\\n", 9);
    jb__path_key(&rp, "m", 1);
    jb__path_format(out, sizeof out, &rp);
    CHECK_STR(out, "$.m[\"a\\u0041\\n\"][4]");
}

static void test_msgf(void) {
    char m[32];
    jb__msgf(m, sizeof m, "expected %s, found %s", "string", "number");
    CHECK_STR(m, "expected string, found number");
    jb__msgf(m, 10, "hello world!");
    CHECK_STR(m, "hello ...");
    /* Exactly fits: 9 bytes and the NUL in 10. */
    jb__msgf(m, 10, "%s", "123456789");
    CHECK_STR(m, "123456789");
    jb__msgf(m, 10, "%s", "1234567890");
    CHECK_STR(m, "123456...");
    /* The cut backs up to a character boundary: 6 bytes would end inside
     * the third e-acute. */
    jb__msgf(m, 10, "a\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
    CHECK_STR(m, "a\xc3\xa9\xc3\xa9...");
    jb__msgf(m, 1, "anything");
    CHECK_STR(m, "");
    jb__msgf(m, sizeof m, "%zu > %d", (size_t)300, 255);
    CHECK_STR(m, "300 > 255");
}

static void test_error_fill(void) {
    jb_error e;
    static const seg s[] = {K("items"), I(3), K("name")};
    jb_path p;
    make_path(&p, s, 3);
    memset(&e, 0x55, sizeof e);
    jb__error_fill(&e, JB_E_TYPE, "[1,\n 2]", 5, &p, "expected string, found number");
    CHECK_EQ_INT(e.code, JB_E_TYPE);
    CHECK_EQ_INT(e.offset, 5);
    CHECK_EQ_INT(e.line, 2);
    CHECK_EQ_INT(e.column, 2);
    CHECK_STR(e.path, "$.items[3].name");
    CHECK_STR(e.message, "expected string, found number");

    /* Encode errors: no input, so offset, line and column are 0. */
    memset(&e, 0x55, sizeof e);
    jb__error_fill(&e, JB_E_VALUE, NULL, 123, NULL, NULL);
    CHECK_EQ_INT(e.code, JB_E_VALUE);
    CHECK_EQ_INT(e.offset, 0);
    CHECK_EQ_INT(e.line, 0);
    CHECK_EQ_INT(e.column, 0);
    CHECK_STR(e.path, "$");
    CHECK_STR(e.message, "the C value cannot be encoded"); /* the code's description */

    /* An over-long message is cut visibly to the array. */
    char longmsg[400];
    memset(longmsg, 'm', sizeof longmsg - 1);
    longmsg[sizeof longmsg - 1] = '\0';
    jb__error_fill(&e, JB_E_CUSTOM, "", 0, NULL, longmsg);
    CHECK_EQ_INT(strlen(e.message), JB_ERROR_MESSAGE_MAX - 1);
    CHECK_STR(e.message + JB_ERROR_MESSAGE_MAX - 4, "...");
    CHECK_EQ_INT(e.line, 1);
    CHECK_EQ_INT(e.column, 1);

    jb__error_fill(NULL, JB_E_SYNTAX, "x", 0, NULL, "ignored"); /* no crash */
}

static void test_found_name(void) {
    char buf[16];
    CHECK_STR(jb__found_name('"', buf), "string");
    CHECK_STR(jb__found_name('{', buf), "object");
    CHECK_STR(jb__found_name('[', buf), "array");
    CHECK_STR(jb__found_name('t', buf), "true");
    CHECK_STR(jb__found_name('f', buf), "false");
    CHECK_STR(jb__found_name('n', buf), "null");
    CHECK_STR(jb__found_name('-', buf), "number");
    for (int d = '0'; d <= '9'; d++) CHECK_STR(jb__found_name(d, buf), "number");
    CHECK_STR(jb__found_name(-1, buf), "end of input");
    CHECK_STR(jb__found_name('}', buf), "'}'");
    CHECK_STR(jb__found_name(',', buf), "','");
    CHECK_STR(jb__found_name('x', buf), "'x'");
    CHECK_STR(jb__found_name(0x01, buf), "byte 0x01");
    CHECK_STR(jb__found_name(0x7f, buf), "byte 0x7F");
    CHECK_STR(jb__found_name(0xff, buf), "byte 0xFF");
}

/* jb__token_name: what "found X" says in syntax messages. The input is
 * given with its length (embedded bytes and the end both matter). */
static void test_token_name(void) {
    static const struct {
        int line;
        const char *in;
        size_t len; /* (size_t)-1: strlen */
        const char *want;
    } cases[] = {
        {__LINE__, "", (size_t)-1, "end of input"},
        {__LINE__, "true", (size_t)-1, "true"},
        {__LINE__, "true,", (size_t)-1, "true"},
        {__LINE__, "false]", (size_t)-1, "false"},
        {__LINE__, "null}", (size_t)-1, "null"},
        /* a word is named as a literal only when it is one, whole */
        {__LINE__, "foo", (size_t)-1, "'foo'"},
        {__LINE__, "foo:1}", (size_t)-1, "'foo'"},
        {__LINE__, "nope]", (size_t)-1, "'nope'"},
        {__LINE__, "nul", (size_t)-1, "'nul'"},
        {__LINE__, "truely", (size_t)-1, "'truely'"},
        {__LINE__, "true", 3, "'tru'"}, /* cut short by the end of input */
        {__LINE__, "NaN", (size_t)-1, "'NaN'"},
        {__LINE__, "Infinity", (size_t)-1, "'Infinity'"},
        {__LINE__, "x", (size_t)-1, "'x'"},
        {__LINE__, "abcdefghijk", (size_t)-1, "'abcdefghij...'"}, /* 11 letters: 10 shown */
        {__LINE__, "abcdefghij", (size_t)-1, "'abcdefghij'"},
        {__LINE__, "a_b-c.d+e1 x", (size_t)-1, "'a_b-c.d+e1'"},
        /* value starts other than words keep their JSON type */
        {__LINE__, "\"s\"", (size_t)-1, "string"},
        {__LINE__, "{", (size_t)-1, "object"},
        {__LINE__, "[", (size_t)-1, "array"},
        {__LINE__, "-1", (size_t)-1, "number"},
        {__LINE__, "7", (size_t)-1, "number"},
        /* other bytes */
        {__LINE__, "}", (size_t)-1, "'}'"},
        {__LINE__, "'a'", (size_t)-1, "'''"},
        {__LINE__, "_x", (size_t)-1, "'_'"},
        {__LINE__, "\x01", (size_t)-1, "byte 0x01"},
        {__LINE__, "\xc3\xa9", (size_t)-1, "byte 0xC3"},
        {__LINE__, "\xEF\xBB\xBF{}", (size_t)-1, "a byte order mark (U+FEFF)"},
        {__LINE__, "\xEF\xBB", (size_t)-1, "byte 0xEF"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[16];
        size_t n = cases[i].len == (size_t)-1 ? strlen(cases[i].in) : cases[i].len;
        char *in = malloc(n ? n : 1); /* exact size: ASan sees a read past it */
        memcpy(in, cases[i].in, n);
        memset(buf, 0x55, sizeof buf);
        const char *got = jb__token_name(in, in + n, buf);
        CHECK_MEM_AT(cases[i].line, got, strlen(got), cases[i].want, strlen(cases[i].want));
        free(in);
    }
}

/* jb__token_show: the token shown in value and type messages. */
static void test_token_show(void) {
    static const struct {
        int line;
        const char *in;
        size_t len;
        bool typed;
        const char *want;
    } cases[] = {
        {__LINE__, "70000,", (size_t)-1, false, "70000"},
        {__LINE__, "70000", (size_t)-1, true, "number 70000"},
        {__LINE__, "-1.5e3]", (size_t)-1, false, "-1.5e3"},
        {__LINE__, "\"amdin\"", (size_t)-1, false, "\"amdin\""},
        {__LINE__, "\"8080\"}", (size_t)-1, true, "string \"8080\""},
        {__LINE__, "\"a\\\"b\"", (size_t)-1, false, "\"a\\\"b\""}, /* escapes as written */
        {__LINE__, "\"\"", (size_t)-1, true, "string \"\""},
        {__LINE__, "\"abc", (size_t)-1, false, "\"abc (unterminated)"},
        {__LINE__, "\"ab\\", (size_t)-1, false, "\"ab\\ (unterminated)"},
        {__LINE__, "\"caf\xc3\xa9\"", (size_t)-1, false, "\"caf\xc3\xa9\""},
        {__LINE__, "\"a\x01z\"", (size_t)-1, false, "\"a\\x01z\""},
        {__LINE__, "\"a\xff\"", (size_t)-1, false, "\"a\\xFF\""},
        {__LINE__, "true", (size_t)-1, true, "true"},
        {__LINE__, "null", (size_t)-1, false, "null"},
        {__LINE__, "{\"a\":1}", (size_t)-1, true, "object"},
        {__LINE__, "[1]", (size_t)-1, true, "array"},
        {__LINE__, "nope", (size_t)-1, true, "'nope'"},
        {__LINE__, "", (size_t)-1, true, "end of input"},
        {__LINE__, "}", (size_t)-1, true, "'}'"},
        /* long strings and numbers: 32 bytes, "...", the size */
        {__LINE__, "\"0123456789abcdef0123456789abcdef\"", (size_t)-1, false,
         "\"0123456789abcdef0123456789abcdef\""},
        {__LINE__, "\"0123456789abcdef0123456789abcdefX\"", (size_t)-1, false,
         "\"0123456789abcdef0123456789abcdef...\" (33 bytes)"},
        {__LINE__, "\"0123456789abcdef0123456789abcdefX", (size_t)-1, true,
         "string \"0123456789abcdef0123456789abcdef... (33 bytes) (unterminated)"},
        /* the cut backs off a UTF-8 character it would split: 31 + 2 bytes */
        {__LINE__, "\"0123456789abcdef0123456789abcde\xc3\xa9\"", (size_t)-1, false,
         "\"0123456789abcdef0123456789abcde...\" (33 bytes)"},
        {__LINE__, "123456789012345678901234567890123,", (size_t)-1, true,
         "number 12345678901234567890123456789012... (33 bytes)"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[JB_SHOW_MAX];
        size_t n = cases[i].len == (size_t)-1 ? strlen(cases[i].in) : cases[i].len;
        char *in = malloc(n ? n : 1);
        memcpy(in, cases[i].in, n);
        const char *got = jb__token_show(in, in + n, cases[i].typed, buf, sizeof buf);
        CHECK_MEM_AT(cases[i].line, got, strlen(got), cases[i].want, strlen(cases[i].want));
        free(in);
    }
    /* sizes in KB, MB (of 1024): a 4 MiB string */
    {
        size_t n = (size_t)4 << 20;
        char *big = malloc(n + 2), buf[JB_SHOW_MAX];
        memset(big, 'a', n + 2);
        big[0] = big[n + 1] = '"';
        CHECK_STR(jb__token_show(big, big + n + 2, true, buf, sizeof buf),
                  "string \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" (4 MB)");
        big[20481] = '"'; /* 20480 bytes of text: 20 KB */
        CHECK_STR(jb__token_show(big, big + n + 2, false, buf, sizeof buf),
                  "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" (20 KB)");
        big[10240] = '"'; /* 10239 bytes: still counted in bytes */
        CHECK_STR(jb__token_show(big, big + n + 2, false, buf, sizeof buf),
                  "\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" (10239 bytes)");
        free(big);
    }
}

/* Through the public calls: a custom decoder's message longer than
 * jb_error.message, with a 3-byte character (U+20AC, E2 82 AC) across the
 * cut; then its rendering into buffers that end inside one. */
static const char *cut_message;
static jb_status cut_enc(jb_writer *w, const void *v, void *ctx) {
    (void)ctx;
    return jb_write_i64(w, *(const int64_t *)v);
}
static jb_status cut_dec(jb_reader *r, void *v, void *ctx) {
    (void)v, (void)ctx;
    return jb_read_fail(r, 0, cut_message);
}

static const jb_type cut_type = JB_CUSTOM(int64_t, cut_enc, cut_dec, NULL);

static void test_message_cut_utf8(void) {
    const jb_type *t = &cut_type;
    char msg[300], want[300], out[64];
    int64_t v;
    jb_error e;
    jb_arena *a = jb_arena_new();
    CHECK(a != NULL);
    /* 250 'm', the euro sign in bytes 250..252, more after. 255 bytes fit
     * in the array: 252 and "..."; the sign would end at 253, so the cut
     * backs up to 250. */
    memset(msg, 'm', 250);
    memcpy(msg + 250, "\xe2\x82\xac and more", 13);
    msg[263] = '\0';
    cut_message = msg;
    CHECK_EQ_INT(jb_decode(t, "1", 1, &v, a, NULL, &e), JB_E_CUSTOM);
    memset(want, 'm', 250);
    memcpy(want + 250, "...", 4);
    CHECK_STR(e.message, want);
    CHECK_EQ_INT(strlen(e.message), 253);

    /* The rendering: "f.json:1:1: " is 12 bytes, then 3 per sign; cap c
     * keeps c - 1 - 4 bytes before "...\n". */
    cut_message = "\xe2\x82\xac\xe2\x82\xac\xe2\x82\xac";
    CHECK_EQ_INT(jb_decode(t, "1", 1, &v, a, NULL, &e), JB_E_CUSTOM);
    CHECK_STR(e.message, cut_message);
    jb_error_render(&e, "f.json", "1", 1, 0, out, 20); /* 15: exactly one sign */
    CHECK_STR(out, "f.json:1:1: \xe2\x82\xac...\n");
    jb_error_render(&e, "f.json", "1", 1, 0, out, 21); /* 16: inside the second */
    CHECK_STR(out, "f.json:1:1: \xe2\x82\xac...\n");
    jb_error_render(&e, "f.json", "1", 1, 0, out, 22); /* 17: still inside */
    CHECK_STR(out, "f.json:1:1: \xe2\x82\xac...\n");
    jb_error_render(&e, "f.json", "1", 1, 0, out, 23); /* 18: two signs */
    CHECK_STR(out, "f.json:1:1: \xe2\x82\xac\xe2\x82\xac...\n");
    jb_arena_free(a);
}

int main(void) {
    test_status_names();
    test_line_column();
    test_path_cases();
    test_path_truncation();
    test_msgf();
    test_error_fill();
    test_found_name();
    test_token_name();
    test_token_show();
    test_message_cut_utf8();
    return check_report();
}
