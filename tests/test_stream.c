/* SPDX-License-Identifier: MIT */
/*
 * test_stream.c — streams from buffers and pushed chunks (src/stream.c):
 * prefix decodes and what they consume, each framing (SINGLE, CONCAT,
 * LINES, SEQ, ARRAY at a JSON Pointer), the NDJSON edge cases (CRLF, blank
 * lines, a last line without its newline, a byte order mark, a record that
 * is not an object, an error on line 1,000,001), the error policy and list,
 * the limits, and the push contract. Every expected value, offset, line,
 * column, path and message is written by hand from the contract in
 * include/jbind.h. (test_stream_split checks that pushed chunks give what
 * the buffer gives; test_stream_io the readers; test_stream_walk printing.)
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"
#include "stream_pt.h"

static jb_arena *A;

/* An exactly sized heap copy, so that a read past the input is an ASan report. */
static char *dup_exact(const char *s, size_t n) {
    char *p = malloc(n ? n : 1);
    if (n) memcpy(p, s, n);
    return p;
}

/* Expect an error: code, index, offset, line, column, path, message part. */
static void expect_err(int line, const jb_error *e, jb_status code, size_t index, size_t off,
                       size_t ln, size_t col, const char *path, const char *msg) {
    CHECK_AT(line, e->code == code, "code %s, want %s (%s)", jb_status_name(e->code),
             jb_status_name(code), e->message);
    CHECK_AT(line, e->index == index, "index %zu, want %zu", e->index, index);
    CHECK_AT(line, e->offset == off, "offset %zu, want %zu", e->offset, off);
    CHECK_AT(line, e->line == ln && e->column == col, "at %zu:%zu, want %zu:%zu", e->line,
             e->column, ln, col);
    if (path) CHECK_AT(line, strcmp(e->path, path) == 0, "path [%s], want [%s]", e->path, path);
    if (msg)
        CHECK_AT(line, strstr(e->message, msg) != NULL, "message [%s] lacks [%s]", e->message, msg);
}

/* The next typed record must be {x, name}. */
static void expect_pt(int line, jb_stream *s, int32_t x, const char *name) {
    pt v;
    jb_error e;
    jb_status st = jb_stream_next(s, &pt_type, &v, A, &e);
    CHECK_AT(line, st == JB_OK, "status %s (%s)", jb_status_name(st), st ? e.message : "");
    if (st) return;
    CHECK_AT(line, v.x == x, "x %d, want %d", v.x, x);
    CHECK_AT(line, v.name.len == strlen(name) && memcmp(v.name.ptr, name, v.name.len) == 0,
             "name [%.*s], want [%s]", (int)v.name.len, v.name.ptr, name);
}

static void expect_status(int line, jb_stream *s, jb_status want, jb_error *e) {
    pt v;
    jb_status st = jb_stream_next(s, &pt_type, &v, A, e);
    CHECK_AT(line, st == want, "status %s, want %s (%s)", jb_status_name(st), jb_status_name(want),
             st && st != JB_END && st != JB_NEED_INPUT ? e->message : "");
    pt zero;
    memset(&zero, 0, sizeof zero);
    if (st != JB_OK) CHECK_AT(line, memcmp(&v, &zero, sizeof v) == 0, "output not zeroed");
}

static jb_stream *buffer_stream(const char *in, size_t len, jb_framing f, uint32_t flags,
                                jb_error_list *list) {
    jb_stream_options o = {.framing = f, .flags = flags, .errors = list};
    jb_error e;
    jb_stream *s = jb_stream_new_buffer(in, len, &o, &e);
    CHECKF(s != NULL, "jb_stream_new_buffer: %s", s ? "" : e.message);
    return s;
}

/* ------------------------------------------------------------------ */
/* Prefix decodes                                                      */
/* ------------------------------------------------------------------ */

static void test_prefix(void) {
    const char *in = "  {\"x\":7,\"name\":\"q\"}  [1]";
    char *copy = dup_exact(in, strlen(in));
    pt v;
    size_t used = 99;
    jb_error e;
    CHECK(jb_decode_prefix(&pt_type, copy, strlen(in), &v, A, NULL, &used, &e) == JB_OK);
    CHECK_EQ_INT(used, 20); /* 2 spaces + 18 bytes of object, trailing spaces not */
    CHECK_EQ_INT(v.x, 7);
    jb_value *dv;
    CHECK(jb_value_parse_prefix(copy + used, strlen(in) - used, &dv, A, NULL, &used, &e) == JB_OK);
    CHECK_EQ_INT(used, 5);
    CHECK_EQ_INT(jb_value_array_len(dv), 1);
    /* a number needs the byte after it: "12" then '}' is no number end */
    CHECK(jb_value_parse_prefix("12}", 3, &dv, A, NULL, &used, &e) == JB_OK);
    CHECK_EQ_INT(used, 2);
    CHECK(jb_value_parse_prefix("12x", 3, &dv, A, NULL, &used, &e) == JB_E_SYNTAX);
    CHECK_EQ_INT(used, 0);
    CHECK(dv == NULL);
    /* max_doc_size bounds the value, not the buffer */
    jb_read_options o = {.max_doc_size = 4};
    CHECK(jb_value_parse_prefix("[1] [2,3,4]", 11, &dv, A, &o, &used, &e) == JB_OK);
    CHECK_EQ_INT(used, 3);
    CHECK(jb_value_parse_prefix("[2,3,4]", 7, &dv, A, &o, &used, &e) == JB_E_LIMIT);
    CHECK(jb_decode_prefix(&pt_type, "[2,3,4]", 7, &v, A, &o, &used, &e) == JB_E_TYPE);
    CHECK(jb_decode_prefix(&pt_type, "{\"x\":1,\"name\":\"\"}", 17, &v, A, &o, &used, &e) ==
          JB_E_LIMIT);
    CHECK(strstr(e.message, "17 bytes") != NULL);
    CHECK(jb_decode_prefix(&pt_type, "{\"x\":1,\"name\":\"\"}", 17, &v, A, NULL, NULL, &e) ==
          JB_OK);
    free(copy);
}

/* ------------------------------------------------------------------ */
/* LINES                                                               */
/* ------------------------------------------------------------------ */

static void test_lines(void) {
    /* CRLF, blank lines (also "\r\n" and spaces only), a last line without newline */
    const char *in =
        "{\"x\":1,\"name\":\"a\"}\r\n\r\n  \n{\"x\":2,\"name\":\"b\"}\n\n{\"x\":3,\"name\":\"c\"}";
    char *copy = dup_exact(in, strlen(in));
    jb_error e;
    jb_stream *s = buffer_stream(copy, strlen(in), JB_FRAMING_LINES, 0, NULL);
    expect_pt(__LINE__, s, 1, "a");
    expect_pt(__LINE__, s, 2, "b");
    expect_pt(__LINE__, s, 3, "c");
    expect_status(__LINE__, s, JB_END, &e);
    expect_status(__LINE__, s, JB_END, &e);
    CHECK_EQ_INT(jb_stream_index(s), 3);
    CHECK_EQ_INT(jb_stream_offset(s), strlen(in));
    jb_stream_free(s);
    free(copy);

    /* Empty and blank-only streams have no records. */
    s = buffer_stream("", 0, JB_FRAMING_LINES, 0, NULL);
    expect_status(__LINE__, s, JB_END, &e);
    jb_stream_free(s);
    s = buffer_stream(" \r\n\n\t\n", 6, JB_FRAMING_LINES, 0, NULL);
    expect_status(__LINE__, s, JB_END, &e);
    jb_stream_free(s);
}

static void test_lines_errors(void) {
    /* line 2 is not an object; line 3 has a string for x; line 4 has two
     * texts; line 5 is cut; line 6 is good */
    const char *in = "{\"x\":1,\"name\":\"a\"}\n"     /* 0..18, \n at 18 */
                     "[1,2]\n"                        /* 19..24 */
                     "{\"x\":\"s\",\"name\":\"c\"}\n" /* 25..45 */
                     "{\"x\":4,\"name\":\"d\"} {}\n"  /* 46..67 */
                     "{\"x\":5,\n"                    /* 68..75: the line ends inside the object */
                     "{\"x\":6,\"name\":\"f\"}\n";    /* 76.. */
    char *copy = dup_exact(in, strlen(in));
    jb_error e, items[2];
    jb_error_list list = JB_ERROR_LIST_INIT(items, 2);

    /* Stop at the first bad record: it is returned again and again. */
    jb_stream *s = buffer_stream(copy, strlen(in), JB_FRAMING_LINES, 0, &list);
    expect_pt(__LINE__, s, 1, "a");
    expect_status(__LINE__, s, JB_E_TYPE, &e);
    expect_err(__LINE__, &e, JB_E_TYPE, 1, 19, 2, 1, "$", "expected an object for pt, found array");
    expect_status(__LINE__, s, JB_E_TYPE, &e);
    expect_err(__LINE__, &e, JB_E_TYPE, 1, 19, 2, 1, "$", "expected an object for pt, found array");
    CHECK_EQ_INT(list.len, 1);
    CHECK_EQ_INT(list.total, 1);
    jb_stream_free(s);

    /* Skip them: counted, the first two kept, every one counted in total. */
    list.len = list.total = 0;
    s = buffer_stream(copy, strlen(in), JB_FRAMING_LINES, JB_STREAM_SKIP_BAD, &list);
    expect_pt(__LINE__, s, 1, "a");
    expect_pt(__LINE__, s, 6, "f");
    expect_status(__LINE__, s, JB_END, &e);
    CHECK_EQ_INT(jb_stream_skipped(s), 4);
    CHECK_EQ_INT(jb_stream_index(s), 6);
    CHECK_EQ_INT(list.len, 2);
    CHECK_EQ_INT(list.total, 4);
    expect_err(__LINE__, &items[0], JB_E_TYPE, 1, 19, 2, 1, "$",
               "expected an object for pt, found array");
    expect_err(__LINE__, &items[1], JB_E_TYPE, 2, 30, 3, 6, "$.x",
               "expected an integer, found string \"s\"");
    jb_stream_free(s);

    /* All four, with a list large enough. */
    jb_error all[8];
    jb_error_list big = JB_ERROR_LIST_INIT(all, 8);
    s = buffer_stream(copy, strlen(in), JB_FRAMING_LINES, JB_STREAM_SKIP_BAD, &big);
    while (jb_stream_next(s, &pt_type, &(pt){0}, A, &e) == JB_OK) {}
    CHECK_EQ_INT(big.len, 4);
    expect_err(__LINE__, &all[2], JB_E_TRAILING, 3, 65, 4, 20, "$",
               "expected a newline after the JSON text (one text per line), found object");
    expect_err(__LINE__, &all[3], JB_E_SYNTAX, 4, 75, 5, 8, "$",
               "expected string key, found end of input");
    jb_stream_free(s);
    free(copy);
}

/* A byte order mark: an error at 1:1 (skippable), or skipped when allowed. */
static void test_bom(void) {
    const char *in = "\xEF\xBB\xBF{\"x\":1,\"name\":\"a\"}\n{\"x\":2,\"name\":\"b\"}\n";
    jb_error e;
    jb_stream *s = buffer_stream(in, strlen(in), JB_FRAMING_LINES, 0, NULL);
    expect_status(__LINE__, s, JB_E_SYNTAX, &e);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 0, 0, 1, 1, "$",
               "expected an object for pt, found a byte order mark (U+FEFF)");
    jb_stream_free(s);
    s = buffer_stream(in, strlen(in), JB_FRAMING_LINES, JB_STREAM_SKIP_BAD, NULL);
    expect_pt(__LINE__, s, 2, "b");
    expect_status(__LINE__, s, JB_END, &e);
    CHECK_EQ_INT(jb_stream_skipped(s), 1);
    jb_stream_free(s);
    s = buffer_stream(in, strlen(in), JB_FRAMING_LINES, JB_STREAM_ALLOW_BOM, NULL);
    expect_pt(__LINE__, s, 1, "a");
    expect_pt(__LINE__, s, 2, "b");
    expect_status(__LINE__, s, JB_END, &e);
    jb_stream_free(s);
    /* only at the start: a mark on line 2 is an error there */
    const char *in2 = "{\"x\":1,\"name\":\"a\"}\n\xEF\xBB\xBF{\"x\":2,\"name\":\"b\"}\n";
    s = buffer_stream(in2, strlen(in2), JB_FRAMING_LINES, JB_STREAM_ALLOW_BOM, NULL);
    expect_pt(__LINE__, s, 1, "a");
    expect_status(__LINE__, s, JB_E_SYNTAX, &e);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 1, 19, 2, 1, "$", "byte order mark");
    jb_stream_free(s);
    /* pushed: the start of a mark, then the end of the input before that
     * chunk was drained: the bytes are read again where they were (a
     * fuzz_stream finding: offset 0 became SIZE_MAX, column 0) */
    static const struct {
        int line;
        const char *chunk;
        jb_framing framing;
        const char *msg;
    } cut[] = {
        {__LINE__, "\xEF", JB_FRAMING_SEQ, "found byte 0xEF"},
        {__LINE__, "\xEF\xBB", JB_FRAMING_SEQ, "found byte 0xEF"},
        {__LINE__, "\xEF", JB_FRAMING_LINES, "expected an object for pt"},
        {__LINE__, "\xEF\xBB", JB_FRAMING_CONCAT, "expected an object for pt"},
    };
    for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
        jb_stream_options o = {.framing = cut[i].framing, .flags = JB_STREAM_ALLOW_BOM};
        const size_t n = strlen(cut[i].chunk);
        char *c = dup_exact(cut[i].chunk, n);
        s = jb_stream_new(&o, &e);
        CHECK_AT(cut[i].line, s != NULL, "jb_stream_new");
        if (!s) continue;
        CHECK_AT(cut[i].line, jb_stream_feed(s, c, n) == JB_OK, "feed");
        CHECK_AT(cut[i].line, jb_stream_finish(s) == JB_OK, "finish");
        expect_status(cut[i].line, s, JB_E_SYNTAX, &e);
        expect_err(cut[i].line, &e, JB_E_SYNTAX, 0, 0, 1, 1, "$", cut[i].msg);
        CHECK_AT(cut[i].line, jb_stream_offset(s) <= n, "offset %zu",
                 jb_stream_offset(s));
        jb_stream_free(s);
        free(c);
    }
}

/* An error on line 1,000,001: its line, column and offset in the stream
 * (below JB_TEST_SCALE 1, make slow, on line scale * 1,000,000 + 1). */
static void test_far_line(void) {
    const char *rec = "{\"x\":1,\"name\":\"n\"}\n"; /* 19 bytes */
    const char *sc = getenv("JB_TEST_SCALE");
    const double scale = sc && atof(sc) > 0 && atof(sc) < 1 ? atof(sc) : 1;
    const size_t n = (size_t)(1000000 * scale), rl = strlen(rec);
    const char *bad = "{\"x\":2,\"name\":\"a}\n"; /* the string does not end on its line */
    const size_t len = n * rl + strlen(bad) + rl;
    char *in = malloc(len);
    for (size_t i = 0; i < n; i++) memcpy(in + i * rl, rec, rl);
    memcpy(in + n * rl, bad, strlen(bad));
    memcpy(in + n * rl + strlen(bad), "{\"x\":3,\"name\":\"z\"}\n", rl);
    jb_stream *s = buffer_stream(in, len, JB_FRAMING_LINES, JB_STREAM_SKIP_BAD, NULL);
    jb_error items[1];
    jb_error_list list = JB_ERROR_LIST_INIT(items, 1);
    jb_stream_free(s);
    jb_stream_options o = {.framing = JB_FRAMING_LINES,
                           .flags = JB_STREAM_SKIP_BAD | JB_STREAM_RESET_ARENA,
                           .errors = &list};
    jb_error e;
    s = jb_stream_new_buffer(in, len, &o, &e);
    size_t count = 0;
    pt v;
    int64_t sum = 0;
    while (jb_stream_next(s, &pt_type, &v, A, &e) == JB_OK) {
        count++;
        sum += v.x;
    }
    CHECK_EQ_INT(count, n + 1);
    CHECK_EQ_INT(sum, (int64_t)n + 3);
    CHECK_EQ_INT(list.total, 1);
    /* its opening quote is at column 15 of line 1,000,001 */
    expect_err(__LINE__, &items[0], JB_E_SYNTAX, n, n * rl + 14, n + 1, 15, "$.name",
               "unterminated string");
    jb_stream_free(s);
    free(in);
}

/* ------------------------------------------------------------------ */
/* CONCAT, SINGLE, SEQ                                                 */
/* ------------------------------------------------------------------ */

static void test_concat(void) {
    const char *in = "{\"a\":1}[2]\"three\" 4\n true {\"x\":1}null";
    const char *want[] = {"{\"a\":1}", "[2]", "\"three\"", "4", "true", "{\"x\":1}", "null"};
    jb_stream *s = buffer_stream(in, strlen(in), JB_FRAMING_CONCAT, 0, NULL);
    jb_value *v;
    jb_error e;
    for (size_t i = 0; i < 7; i++) {
        jb_buf b = JB_BUF_INIT;
        CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
        jb_value_print(v, &b, NULL, NULL);
        CHECK_MEM_AT(__LINE__, b.data, b.len, want[i], strlen(want[i]));
        jb_buf_free(&b);
    }
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_END && v == NULL);
    jb_stream_free(s);

    /* A number or literal needs whitespace (or , ] }) after it: "1{" is no number. */
    s = buffer_stream("1{}", 3, JB_FRAMING_CONCAT, 0, NULL);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_SYNTAX);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 0, 0, 1, 1, "$", "invalid number, found '{' after '1'");
    jb_stream_free(s);
    s = buffer_stream("[] true{}", 9, JB_FRAMING_CONCAT, 0, NULL);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_SYNTAX);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 1, 3, 1, 4, "$", "expected 'true'");
    jb_stream_free(s);

    /* A well-formed bad document is skipped; a malformed one ends the stream. */
    const char *in2 = "{\"x\":\"s\",\"name\":\"a\"} {\"x\":2,\"name\":\"b\"}\n{\"x\" "
                      "3}\n{\"x\":4,\"name\":\"d\"}";
    jb_error items[4];
    jb_error_list list = JB_ERROR_LIST_INIT(items, 4);
    s = buffer_stream(in2, strlen(in2), JB_FRAMING_CONCAT, JB_STREAM_SKIP_BAD, &list);
    expect_pt(__LINE__, s, 2, "b");
    expect_status(__LINE__, s, JB_E_SYNTAX, &e);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 2, 45, 2, 6, "$", "expected ':'");
    expect_status(__LINE__, s, JB_E_SYNTAX, &e);
    CHECK_EQ_INT(jb_stream_skipped(s), 1);
    CHECK_EQ_INT(list.total, 2);
    expect_err(__LINE__, &items[0], JB_E_TYPE, 0, 5, 1, 6, "$.x",
               "expected an integer, found string \"s\"");
    jb_stream_free(s);
}

static void test_single(void) {
    jb_error e;
    jb_stream *s = buffer_stream(" {\"x\":1,\"name\":\"a\"}\n ", 21, JB_FRAMING_SINGLE, 0, NULL);
    expect_pt(__LINE__, s, 1, "a");
    expect_status(__LINE__, s, JB_END, &e);
    jb_stream_free(s);
    /* more than one document: the second call says so, as jb_decode does */
    s = buffer_stream("{\"x\":1,\"name\":\"a\"}\n{}", 21, JB_FRAMING_SINGLE, JB_STREAM_SKIP_BAD,
                      NULL);
    expect_pt(__LINE__, s, 1, "a");
    expect_status(__LINE__, s, JB_E_TRAILING, &e);
    expect_err(__LINE__, &e, JB_E_TRAILING, 0, 19, 2, 1, "$",
               "expected end of input, found object");
    jb_stream_free(s);
    /* nothing at all */
    s = buffer_stream("  ", 2, JB_FRAMING_SINGLE, 0, NULL);
    expect_status(__LINE__, s, JB_E_SYNTAX, &e);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 0, 2, 1, 3, "$",
               "expected an object for pt, found end of input");
    jb_stream_free(s);
    /* the default options are SINGLE */
    s = jb_stream_new_buffer("[1] [2]", 7, NULL, &e);
    jb_value *v;
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_TRAILING);
    jb_stream_free(s);
}

static void test_seq(void) {
    /* RFC 7464: RS before each text; RS RS is nothing; 42 then RS is cut off */
    const char *in = "\x1E{\"x\":1,\n \"name\":\"a\"}\n\x1E\x1E{\"x\":2,\"name\":\"b\"}\n\x1E"
                     "42\x1E\"s\"\x1E{\"x\":3,\"name\":\"c\"}";
    jb_error items[4];
    jb_error_list list = JB_ERROR_LIST_INIT(items, 4);
    jb_stream *s = buffer_stream(in, strlen(in), JB_FRAMING_SEQ, JB_STREAM_SKIP_BAD, &list);
    jb_error e;
    expect_pt(__LINE__, s, 1, "a");
    expect_pt(__LINE__, s, 2, "b");
    expect_pt(__LINE__, s, 3, "c");
    expect_status(__LINE__, s, JB_END, &e);
    CHECK_EQ_INT(list.total, 2);
    /* line 4 starts at the RS at 43; "42" is at offset 44, the bare "s" at 47 */
    expect_err(__LINE__, &items[0], JB_E_TYPE, 2, 44, 4, 2, "$",
               "expected an object for pt, found number 42");
    expect_err(__LINE__, &items[1], JB_E_TYPE, 3, 47, 4, 5, "$",
               "expected an object for pt, found string \"s\"");
    jb_stream_free(s);
    /* a number at the end of a record without whitespace may be cut off */
    s = buffer_stream("\x1E"
                      "42\x1E",
                      4, JB_FRAMING_SEQ, 0, NULL);
    jb_value *v;
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_SYNTAX);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 0, 1, 1, 2, "$", "RFC 7464");
    jb_stream_free(s);
    s = buffer_stream("\x1E"
                      "42\n\x1E",
                      5, JB_FRAMING_SEQ, 0, NULL);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_END);
    jb_stream_free(s);
    /* nothing but whitespace may come before the first RS */
    s = buffer_stream(" x\x1E[1]\n", 7, JB_FRAMING_SEQ, 0, NULL);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_SYNTAX);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 0, 1, 1, 2, "$", "expected RS (0x1E) to start");
    jb_stream_free(s);
}

/* ------------------------------------------------------------------ */
/* ARRAY                                                               */
/* ------------------------------------------------------------------ */

static jb_stream *array_stream(const char *in, const char *ptr, uint32_t flags) {
    jb_stream_options o = {.framing = JB_FRAMING_ARRAY, .pointer = ptr, .flags = flags};
    jb_error e;
    jb_stream *s = jb_stream_new_buffer(in, strlen(in), &o, &e);
    CHECKF(s != NULL, "jb_stream_new_buffer: %s", s ? "" : e.message);
    return s;
}

static void test_array(void) {
    jb_error e;
    jb_stream *s =
        array_stream(" [{\"x\":1,\"name\":\"a\"} ,\n{\"x\":2,\"name\":\"b\"}] ", NULL, 0);
    expect_pt(__LINE__, s, 1, "a");
    expect_pt(__LINE__, s, 2, "b");
    expect_status(__LINE__, s, JB_END, &e);
    jb_stream_free(s);

    const char *doc =
        "{\"meta\":{\"items\":[0]},\"data\":{\"items\":["
        "{\"x\":1,\"name\":\"a\"},{\"x\":\"two\",\"name\":\"b\"},{\"x\":3,\"name\":\"c\"}"
        "],\"after\":true}}";
    /* an element's error names its place in the whole document */
    s = array_stream(doc, "/data/items", 0);
    expect_pt(__LINE__, s, 1, "a");
    expect_status(__LINE__, s, JB_E_TYPE, &e);
    expect_err(__LINE__, &e, JB_E_TYPE, 1, 63, 1, 64, "$.data.items[1].x",
               "expected an integer, found string \"two\"");
    jb_stream_free(s);
    s = array_stream(doc, "/data/items", JB_STREAM_SKIP_BAD);
    expect_pt(__LINE__, s, 1, "a");
    expect_pt(__LINE__, s, 3, "c");
    expect_status(__LINE__, s, JB_END, &e);
    jb_stream_free(s);

    /* The rest of the document is validated, or not read with SKIP_REST. */
    const char *broken = "{\"a\":[1,2],\"b\":tru}";
    jb_value *v;
    s = array_stream(broken, "/a", 0);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_SYNTAX);
    expect_err(__LINE__, &e, JB_E_SYNTAX, 2, 15, 1, 16, "$.b", "expected 'true', found 'tru'");
    jb_stream_free(s);
    s = array_stream(broken, "/a", JB_STREAM_SKIP_REST);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_END);
    jb_stream_free(s);

    /* Pointers: escapes, indexes, a missing target, one that is no array. */
    s = array_stream("[0,{\"a/b\":[5,6]}]", "/1/a~1b", 0);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    int64_t i;
    CHECK(jb_value_get_i64(v, &i) == JB_OK && i == 5);
    jb_stream_free(s);
    s = array_stream("{\"data\":{\"itemz\":[]}}", "/data/items", 0);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_MISSING);
    expect_err(__LINE__, &e, JB_E_MISSING, 0, 19, 1, 20, NULL,
               "no value at JSON Pointer \"/data/items\"");
    jb_stream_free(s);
    s = array_stream("{\"data\":{\"items\":{}}}", "/data/items", 0);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_TYPE);
    expect_err(__LINE__, &e, JB_E_TYPE, 0, 17, 1, 18, "$.data.items",
               "expected array at JSON Pointer \"/data/items\", found object");
    jb_stream_free(s);
    s = array_stream("{\"data\":7}", "/data/items", 0);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_TYPE);
    CHECK(strstr(e.message, "goes through number") != NULL);
    jb_stream_free(s);
    /* a repeated key: its first member is the target */
    s = array_stream("{\"k\":[1],\"k\":[2]}", "/k", 0);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_value_get_i64(v, &i) == JB_OK && i == 1);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_END);
    jb_stream_free(s);
    /* a malformed pointer is refused when the stream is made */
    jb_stream_options o = {.framing = JB_FRAMING_ARRAY, .pointer = "a/b"};
    CHECK(jb_stream_new_buffer("[]", 2, &o, &e) == NULL && e.code == JB_E_ARG);
    o.pointer = "/a~2";
    CHECK(jb_stream_new_buffer("[]", 2, &o, &e) == NULL && e.code == JB_E_ARG);
    /* max_members does not limit the elements (max_elements does) */
    jb_read_options ro = {.max_members = 2};
    o.pointer = NULL;
    o.read = &ro;
    s = jb_stream_new_buffer("[1,2,3,4]", 9, &o, &e);
    size_t n = 0;
    while (jb_stream_next_value(s, &v, A, &e) == JB_OK) n++;
    CHECK_EQ_INT(n, 4);
    jb_stream_free(s);
}

/* ------------------------------------------------------------------ */
/* Limits, arena reset, the push contract                              */
/* ------------------------------------------------------------------ */

static void test_limits(void) {
    jb_error e;
    jb_value *v;
    jb_stream_options o = {.framing = JB_FRAMING_LINES, .max_element_bytes = 8};
    jb_stream *s = jb_stream_new_buffer("[1,2]\n[1,2,3,4,5]\n[3]\n", 22, &o, &e);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_LIMIT);
    expect_err(__LINE__, &e, JB_E_LIMIT, 1, 6, 2, 1, "$",
               "element of more than 8 bytes (max_element_bytes)");
    jb_stream_free(s);
    o.flags = JB_STREAM_SKIP_BAD;
    s = jb_stream_new_buffer("[1,2]\n[1,2,3,4,5]\n[3]\n", 22, &o, &e);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK && jb_value_array_len(v) == 1);
    CHECK(jb_stream_skipped(s) == 1);
    jb_stream_free(s);

    o = (jb_stream_options){.framing = JB_FRAMING_CONCAT, .max_elements = 2};
    s = jb_stream_new_buffer("1 2 3", 5, &o, &e);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_LIMIT);
    expect_err(__LINE__, &e, JB_E_LIMIT, 2, 4, 1, 5, "$", "more than 2 elements (max_elements)");
    jb_stream_free(s);
    s = jb_stream_new_buffer("1 2  ", 5, &o, &e); /* two are fine */
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_END);
    jb_stream_free(s);

    o = (jb_stream_options){.framing = JB_FRAMING_LINES, .max_total_bytes = 8};
    s = jb_stream_new_buffer("[1]\n[2]\n[3]\n", 12, &o, &e);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_LIMIT);
    expect_err(__LINE__, &e, JB_E_LIMIT, 2, 8, 3, 1, "$",
               "stream longer than 8 bytes (max_total_bytes)");
    jb_stream_free(s);
}

static void test_reset_arena(void) {
    jb_arena *a = jb_arena_new();
    jb_stream_options o = {.framing = JB_FRAMING_LINES, .flags = JB_STREAM_RESET_ARENA};
    const char *in =
        "{\"x\":1,\"name\":\"aaaaaaaaaaaaaaaa\"}\n{\"x\":2,\"name\":\"bbbbbbbbbbbbbbbb\"}\n";
    jb_error e;
    jb_stream *s = jb_stream_new_buffer(in, strlen(in), &o, &e);
    pt v;
    CHECK(jb_stream_next(s, &pt_type, &v, a, &e) == JB_OK);
    size_t used = jb_arena_used(a);
    CHECK(used > 0);
    CHECK(jb_stream_next(s, &pt_type, &v, a, &e) == JB_OK);
    CHECK_EQ_INT(jb_arena_used(a), used); /* the same size again, not twice it */
    CHECK(v.x == 2 && v.name.len == 16 && v.name.ptr[0] == 'b');
    jb_stream_free(s);
    jb_arena_free(a);
}

static void test_push_contract(void) {
    jb_stream_options o = {.framing = JB_FRAMING_LINES};
    jb_error e;
    jb_stream *s = jb_stream_new(&o, &e);
    char c1[] = "{\"x\":1,\"na", c2[] = "me\":\"a\"}\n{\"x\":2,\"name\":\"b\"}";
    pt v;
    expect_status(__LINE__, s, JB_NEED_INPUT, &e); /* nothing fed yet */
    CHECK(jb_stream_feed(s, c1, strlen(c1)) == JB_OK);
    expect_status(__LINE__, s, JB_NEED_INPUT, &e);
    memset(c1, 'Z', strlen(c1)); /* released: the stream must have kept a copy */
    CHECK(jb_stream_feed(s, c2, strlen(c2)) == JB_OK);
    CHECK(jb_stream_feed(s, c2, strlen(c2)) == JB_E_ARG); /* not used up yet */
    expect_pt(__LINE__, s, 1, "a");
    expect_status(__LINE__, s, JB_NEED_INPUT, &e); /* the last line has no newline: it may go on */
    CHECK(jb_stream_feed(s, NULL, 0) == JB_OK);
    expect_status(__LINE__, s, JB_NEED_INPUT, &e);
    CHECK(jb_stream_finish(s) == JB_OK);
    expect_pt(__LINE__, s, 2, "b");
    expect_status(__LINE__, s, JB_END, &e);
    CHECK(jb_stream_feed(s, "x", 1) == JB_E_ARG); /* finished */
    jb_stream_free(s);

    /* no feeding a stream with another source */
    s = jb_stream_new_buffer("[]", 2, &o, &e);
    CHECK(jb_stream_feed(s, "x", 1) == JB_E_ARG);
    CHECK(jb_stream_finish(s) == JB_E_ARG);
    jb_stream_free(s);

    /* an element in progress for one kind of call is not another's */
    o.framing = JB_FRAMING_CONCAT;
    s = jb_stream_new(&o, &e);
    CHECK(jb_stream_feed(s, "{\"x\":", 5) == JB_OK);
    CHECK(jb_stream_next(s, &pt_type, &v, A, &e) == JB_NEED_INPUT);
    CHECK(jb_stream_next_skip(s, &e) == JB_E_ARG);
    CHECK(jb_stream_feed(s, "1,\"name\":\"a\"}", 13) == JB_OK);
    expect_pt(__LINE__, s, 1, "a");
    jb_stream_free(s);

    /* arguments */
    CHECK(jb_stream_next(NULL, &pt_type, &v, A, &e) == JB_E_ARG);
    CHECK(jb_stream_next_value(NULL, NULL, A, &e) == JB_E_ARG);
    CHECK(jb_stream_next_skip(NULL, &e) == JB_E_ARG);
    o.framing = (jb_framing)99;
    CHECK(jb_stream_new(&o, &e) == NULL && e.code == JB_E_ARG);
    jb_stream_free(NULL);
    CHECK(jb_stream_index(NULL) == 0 && jb_stream_skipped(NULL) == 0 &&
          jb_stream_offset(NULL) == 0);
}

/* The element read options: the caller's JB_READ_* apply to each element;
 * contradictory duplicate rules are refused as jb_decode refuses them;
 * JB_READ_ALLOW_TRAILING_DATA and bits outside the public JB_READ_* set
 * (the engine's own, never the caller's) are ignored. */
static void test_read_options(void) {
    jb_error e;
    double d;
    jb_value *v;
    jb_read_options ro = {.flags = JB_READ_DUPLICATE_LAST_WINS | JB_READ_DUPLICATE_FIRST_WINS};
    jb_stream_options o = {.framing = JB_FRAMING_LINES, .read = &ro};
    memset(&e, 0, sizeof e);
    CHECK(jb_stream_new_buffer("{}", 2, &o, &e) == NULL);
    CHECK(e.code == JB_E_ARG && strstr(e.message, "exclude each other") != NULL);
    CHECK(jb_decode(&jb_f64, "1", 1, &d, A, &ro, &e) == JB_E_ARG); /* (the same refusal) */
    CHECK(jb_stream_new(&o, &e) == NULL && e.code == JB_E_ARG);

    /* the caller's rules do apply: the first duplicate wins */
    ro.flags = JB_READ_DUPLICATE_FIRST_WINS;
    jb_stream *s = jb_stream_new_buffer("{\"x\":1,\"name\":\"a\",\"x\":2}\n", 25, &o, &e);
    expect_pt(__LINE__, s, 1, "a");
    jb_stream_free(s);
    ro.flags = 0;
    s = jb_stream_new_buffer("{\"x\":1,\"name\":\"a\",\"x\":2}\n", 25, &o, &e);
    expect_status(__LINE__, s, JB_E_DUPLICATE, &e);
    expect_err(__LINE__, &e, JB_E_DUPLICATE, 0, 18, 1, 19, NULL, "\"x\"");
    jb_stream_free(s);

    /* a bit no JB_READ_* names (0x80000000 is the engine's aeson
     * non-finite rule, under which null would decode as NaN) is ignored:
     * null stays a type error for a double, as jb_decode says */
    ro.flags = 0x80000000u;
    CHECK(jb_decode(&jb_f64, "null", 4, &d, A, &ro, &e) == JB_E_TYPE);
    s = jb_stream_new_buffer("null\n", 5, &o, &e);
    CHECK(jb_stream_next(s, &jb_f64, &d, A, &e) == JB_E_TYPE);
    expect_err(__LINE__, &e, JB_E_TYPE, 0, 0, 1, 1, "$", NULL);
    jb_stream_free(s);

    /* the stream does its own framing: ALLOW_TRAILING_DATA does not end
     * a SINGLE document before what follows it */
    ro.flags = JB_READ_ALLOW_TRAILING_DATA;
    o.framing = JB_FRAMING_SINGLE;
    s = jb_stream_new_buffer("[1] [2]", 7, &o, &e);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_OK);
    CHECK(jb_stream_next_value(s, &v, A, &e) == JB_E_TRAILING);
    expect_err(__LINE__, &e, JB_E_TRAILING, 0, 4, 1, 5, "$", "expected end of input");
    jb_stream_free(s);
}

/* The error list on its own (issue 17 reuses it). */
static void test_error_list(void) {
    jb_error items[2], e;
    jb_error_list l = JB_ERROR_LIST_INIT(items, 2);
    memset(&e, 0, sizeof e);
    for (int i = 0; i < 5; i++) {
        e.offset = (size_t)i;
        jb_error_list_add(&l, &e);
    }
    CHECK(l.len == 2 && l.total == 5 && items[0].offset == 0 && items[1].offset == 1);
    jb_error_list counting = JB_ERROR_LIST_INIT(NULL, 0);
    jb_error_list_add(&counting, &e);
    CHECK(counting.len == 0 && counting.total == 1);
    jb_error_list_add(NULL, &e);
    jb_error_list_add(&counting, NULL);
    CHECK(counting.total == 1);
}

int main(void) {
    A = jb_arena_new();
    test_prefix();
    test_lines();
    test_lines_errors();
    test_bom();
    test_far_line();
    test_concat();
    test_single();
    test_seq();
    test_array();
    test_limits();
    test_reset_arena();
    test_push_contract();
    test_read_options();
    test_error_list();
    jb_arena_free(A);
    return check_report();
}
