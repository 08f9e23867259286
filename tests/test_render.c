/* SPDX-License-Identifier: MIT */
/*
 * test_render.c — jb_error_render (src/render.c): the header, the source
 * window and its caret (display columns: tabs, wide characters, combining
 * marks, escaped bytes), long lines cut on both sides, errors without
 * source, and visible truncation at the buffer's size. The errors are
 * made by hand, so what is tested is the rendering alone; every expected
 * text is written out by hand.
 */
#include <stdlib.h>

#include "check.h"
#include "jbind.h"

static jb_error mk(jb_status code, size_t offset, size_t line, size_t col, const char *path, const char *msg) {
    jb_error e;
    memset(&e, 0, sizeof e);
    e.code = code;
    e.offset = offset;
    e.line = line;
    e.column = col;
    snprintf(e.path, sizeof e.path, "%s", path);
    snprintf(e.message, sizeof e.message, "%s", msg);
    return e;
}

/* Render into an exactly-sized heap copy of the input (ASan sees a read
 * past it) and compare the whole text and the returned length. */
static void expect_render(int line, const jb_error *e, const char *in, size_t len, uint32_t flags,
                          const char *want) {
    char *copy = in ? malloc(len ? len : 1) : NULL, out[4096];
    if (copy) memcpy(copy, in, len);
    size_t n = jb_error_render(e, "f.json", copy, len, flags, out, sizeof out);
    CHECK_AT(line, n == strlen(want), "length %zu, want %zu", n, strlen(want));
    CHECK_AT(line, strcmp(out, want) == 0, "rendering\n%s---- want\n%s----", out, want);
    free(copy);
}
#define RENDER(e, in, flags, want) expect_render(__LINE__, &(e), (in), strlen(in), (flags), (want))

static void test_basic(void) {
    const char *in = "{\n  \"port\": 70000,\n  \"host\": \"x\"\n}";
    jb_error e = mk(JB_E_RANGE, 12, 2, 11, "$.port", "expected an integer between 0 and 65535, found 70000");
    RENDER(e, in, 0,
           "f.json:2:11: expected an integer between 0 and 65535, found 70000\n"
           " 2 |   \"port\": 70000,\n"
           "   |           ^~~~~\n"
           "   = at $.port (JB_E_RANGE)\n");
    /* a string token is underlined to its closing quote */
    e = mk(JB_E_TYPE, 29, 3, 11, "$.host", "m");
    RENDER(e, in, 0,
           "f.json:3:11: m\n"
           " 3 |   \"host\": \"x\"\n"
           "   |           ^~~\n"
           "   = at $.host (JB_E_TYPE)\n");
    /* at the closing brace, on the last line, a line number of 2 digits */
    e = mk(JB_E_MISSING, 33, 12, 1, "$.name", "missing");
    RENDER(e, in, 0,
           "f.json:12:1: missing\n"
           " 12 | }\n"
           "    | ^\n"
           "    = at $.name (JB_E_MISSING)\n");
    /* at the end of the input: the caret after the last character */
    e = mk(JB_E_SYNTAX, 3, 1, 4, "$", "expected value, found end of input");
    RENDER(e, "[1,", 0,
           "f.json:1:4: expected value, found end of input\n"
           " 1 | [1,\n"
           "   |    ^\n"
           "   = at $ (JB_E_SYNTAX)\n");
    /* at a line's end (\r\n: the line stops at \r) and an empty line */
    e = mk(JB_E_SYNTAX, 2, 1, 3, "$", "m");
    RENDER(e, "[1\r\n]", 0, "f.json:1:3: m\n 1 | [1\n   |   ^\n   = at $ (JB_E_SYNTAX)\n");
    e = mk(JB_E_SYNTAX, 2, 2, 1, "$", "m");
    RENDER(e, "[\n\n]", 0, "f.json:2:1: m\n 2 | \n   | ^\n   = at $ (JB_E_SYNTAX)\n");
    /* words, numbers and escapes are underlined whole */
    e = mk(JB_E_SYNTAX, 3, 1, 4, "$", "m");
    RENDER(e, "[1 nope]", 0, "f.json:1:4: m\n 1 | [1 nope]\n   |    ^~~~\n   = at $ (JB_E_SYNTAX)\n");
    e = mk(JB_E_UTF8, 2, 1, 3, "$[0]", "m");
    RENDER(e, "[\"\\ud800\"]", 0, "f.json:1:3: m\n 1 | [\"\\ud800\"]\n   |   ^~~~~~\n   = at $[0] (JB_E_UTF8)\n");
}

static void test_columns(void) {
    jb_error e;
    /* tabs go to the next multiple of 8 */
    e = mk(JB_E_TYPE, 8, 2, 7, "$.a", "m");
    RENDER(e, "{\n\t\"a\":\ttrue}", 0,
           "f.json:2:7: m\n"
           " 2 |         \"a\":    true}\n"
           "   |                 ^~~~\n"
           "   = at $.a (JB_E_TYPE)\n");
    /* wide characters take two columns, a combining mark none */
    e = mk(JB_E_TYPE, 18, 1, 19, "$.b", "m");
    RENDER(e, "{\"a\":\"\xe4\xb8\xad\xe6\x96\x87\",\"b\":1}", 0, /* two CJK characters */
           "f.json:1:19: m\n"
           " 1 | {\"a\":\"\xe4\xb8\xad\xe6\x96\x87\",\"b\":1}\n"
           "   |                 ^\n"
           "   = at $.b (JB_E_TYPE)\n");
    e = mk(JB_E_TYPE, 15, 1, 16, "$.b", "m");
    RENDER(e, "{\"a\":\"e\xcc\x81\",\"b\":1}", 0, /* e and U+0301: one column */
           "f.json:1:16: m\n"
           " 1 | {\"a\":\"e\xcc\x81\",\"b\":1}\n"
           "   |              ^\n"
           "   = at $.b (JB_E_TYPE)\n");
    /* the error on a wide character: the caret covers both columns */
    e = mk(JB_E_SYNTAX, 1, 1, 2, "$", "m");
    RENDER(e, "[\xe4\xb8\xad]", 0, "f.json:1:2: m\n 1 | [\xe4\xb8\xad]\n   |  ^~\n   = at $ (JB_E_SYNTAX)\n");
    /* bytes a terminal would act on are escaped, and counted as shown */
    e = mk(JB_E_SYNTAX, 6, 1, 7, "$", "m");
    RENDER(e, "[\"\x01\xff\",x]", 0,
           "f.json:1:7: m\n"
           " 1 | [\"\\u0001\\xFF\",x]\n"
           "   |               ^\n"
           "   = at $ (JB_E_SYNTAX)\n");
    e = mk(JB_E_SYNTAX, 7, 1, 8, "$", "m");
    RENDER(e, "[\"\xe2\x80\xae\",x]", 0, /* U+202E, right-to-left override */
           "f.json:1:8: m\n"
           " 1 | [\"\\u202E\",x]\n"
           "   |           ^\n"
           "   = at $ (JB_E_SYNTAX)\n");
    /* the message, path and name are escaped too */
    e = mk(JB_E_CUSTOM, 0, 1, 1, "$[\"\\u001b\"]", "bad\033[31m\tthing");
    RENDER(e, "1", 0, "f.json:1:1: bad\\u001B[31m\\tthing\n 1 | 1\n   | ^\n   = at $[\"\\u001b\"] (JB_E_CUSTOM)\n");
}

/* A long line: a window of JB_RENDER_WIDTH columns around the error. */
static void test_window(void) {
    char line[400], want[1024];
    memset(line, ',', 300); /* commas: one-byte tokens, no ~ after the caret */
    line[0] = '[';
    line[300] = '\0';
    /* an error near the start: the window starts at the line's start */
    jb_error e = mk(JB_E_SYNTAX, 5, 1, 6, "$", "m");
    snprintf(want, sizeof want,
             "f.json:1:6: m\n 1 | [%.79s...\n   |      ^\n   = at $ (JB_E_SYNTAX)\n", line + 1);
    expect_render(__LINE__, &e, line, 300, 0, want);
    /* in the middle: half a width (40 columns) before it, "..." on both sides */
    e = mk(JB_E_SYNTAX, 150, 1, 151, "$", "m");
    line[150] = 'X';
    snprintf(want, sizeof want,
             "f.json:1:151: m\n 1 | ...%.40sX%.39s...\n   |    %40s^\n   = at $ (JB_E_SYNTAX)\n", line + 110,
             line + 151, "");
    expect_render(__LINE__, &e, line, 300, 0, want);
    /* near the end: no "..." after */
    e = mk(JB_E_SYNTAX, 299, 1, 300, "$", "m");
    line[299] = ']';
    snprintf(want, sizeof want, "f.json:1:300: m\n 1 | ...%.40s]\n   |    %40s^\n   = at $ (JB_E_SYNTAX)\n",
             line + 259, "");
    expect_render(__LINE__, &e, line, 300, 0, want);
    /* a line longer than the look-back: cut on the left even near its end */
    size_t n = 5000;
    char *big = malloc(n);
    memset(big, ',', n);
    e = mk(JB_E_SYNTAX, n - 1, 1, n, "$", "m");
    snprintf(want, sizeof want, "f.json:1:%zu: m\n 1 | ...%.41s\n   |    %40s^\n   = at $ (JB_E_SYNTAX)\n", n, big,
             ""); /* 40 columns before the error, and its own */
    expect_render(__LINE__, &e, big, n, 0, want);
    free(big);
}

static void test_no_source(void) {
    /* an encode error: line 0, no position */
    jb_error e = mk(JB_E_VALUE, 0, 0, 0, "$.items[2]", "value 9 is not a case of enum color");
    RENDER(e, "", 0, "f.json: value 9 is not a case of enum color\n   = at $.items[2] (JB_E_VALUE)\n");
    /* no input given; an offset past the input */
    e = mk(JB_E_TYPE, 3, 1, 4, "$", "m");
    expect_render(__LINE__, &e, NULL, 0, 0, "f.json:1:4: m\n   = at $ (JB_E_TYPE)\n");
    expect_render(__LINE__, &e, "[1", 2, 0, "f.json:1:4: m\n   = at $ (JB_E_TYPE)\n");
    /* the default name */
    char out[256];
    jb_error_render(&e, NULL, NULL, 0, 0, out, sizeof out);
    CHECK_STR(out, "<input>:1:4: m\n   = at $ (JB_E_TYPE)\n");
    CHECK_EQ_INT(jb_error_render(NULL, NULL, NULL, 0, 0, out, sizeof out), 0);
}

static void test_color(void) {
    jb_error e = mk(JB_E_SYNTAX, 1, 1, 2, "$", "m");
    RENDER(e, "[}", JB_RENDER_COLOR,
           "\033[1mf.json:1:2: m\033[0m\n"
           "\033[1;34m 1 | \033[0m[}\n"
           "\033[1;34m   |\033[0m  \033[1;31m^\033[0m\n"
           "\033[1;34m   =\033[0m at $ (JB_E_SYNTAX)\n");
}

/* A buffer too small: a prefix, cut on a UTF-8 boundary, "...\n" after
 * it; the return value is still the whole length. */
static void test_truncation(void) {
    jb_error e = mk(JB_E_TYPE, 0, 1, 1, "$", "\xc3\xa9\xc3\xa9\xc3\xa9"); /* three e-acute */
    const char *full = "f.json:1:1: \xc3\xa9\xc3\xa9\xc3\xa9\n 1 | 1\n   | ^\n   = at $ (JB_E_TYPE)\n";
    char out[64];
    size_t n = strlen(full);
    for (size_t cap = 0; cap <= n + 1; cap++) {
        memset(out, 'Z', sizeof out);
        size_t got = jb_error_render(&e, "f.json", "1", 1, 0, cap ? out : NULL, cap);
        CHECKF(got == n, "cap %zu: %zu", cap, got);
        if (cap == 0) continue;
        CHECKF(out[cap - 1] == '\0' || memchr(out, 0, cap), "cap %zu: not terminated", cap);
        CHECKF(out[cap] == 'Z', "cap %zu: wrote past the buffer", cap);
        if (cap > n) {
            CHECKF(strcmp(out, full) == 0, "cap %zu: [%s]", cap, out);
        } else if (cap > 4) { /* room for "...\n" */
            size_t l = strlen(out);
            CHECKF(l >= 4 && strcmp(out + l - 4, "...\n") == 0, "cap %zu: [%s]", cap, out);
            CHECKF(strncmp(out, full, l - 4) == 0, "cap %zu: not a prefix [%s]", cap, out);
        } else {
            CHECKF(out[0] == '\0', "cap %zu: [%s]", cap, out);
        }
    }
    /* the exact cuts around the e-acute characters: 12 bytes of header,
     * then 2 per character; cap 20 keeps 20 - 1 - 4 = 15 bytes: 12 + one
     * character (the second would end at 16) */
    jb_error_render(&e, "f.json", "1", 1, 0, out, 20);
    CHECK_STR(out, "f.json:1:1: \xc3\xa9...\n");
    jb_error_render(&e, "f.json", "1", 1, 0, out, 21);
    CHECK_STR(out, "f.json:1:1: \xc3\xa9\xc3\xa9...\n");
    /* in colour, an escape is never cut: it is left out, and a reset ends */
    jb_error_render(&e, "f.json", "1", 1, JB_RENDER_COLOR, out, 14);
    CHECK_STR(out, "\033[1mf...\033[0m\n"); /* 14 - 1 - 8 = 5 bytes: the escape and "f" */
    jb_error_render(&e, "f.json", "1", 1, JB_RENDER_COLOR, out, 12);
    CHECK_STR(out, "...\033[0m\n"); /* 3 bytes: not the whole escape, so none of it */
}

int main(void) {
    test_basic();
    test_columns();
    test_window();
    test_no_source();
    test_color();
    test_truncation();
    return check_report();
}
