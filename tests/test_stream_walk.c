/* SPDX-License-Identifier: MIT */
/*
 * test_stream_walk.c — jb_stream_next_print and jb_stream_next_skip
 * (src/stream_walk.c): for every document (the corpus, the conformance
 * files, the cases below) printing as it streams writes the bytes
 * jb_value_parse + jb_value_print write, compact, pretty (indent 2 and 4)
 * and ASCII-escaped; skip and print fail where jb_value_parse fails, with
 * its code, offset, line, column, path and message; print has then
 * written the valid part. Also: sorted keys and canonical form refused, a
 * failing sink, printing resumed after JB_NEED_INPUT.
 */
#include <stdlib.h>

#include "check.h"
#include "jbind.h"
#include "testfiles.h"

typedef struct sink {
    char *s;
    size_t len, cap;
    size_t fail_after; /* fail once this many bytes are out (0: never) */
} sink;

static int sink_fn(void *ctx, const char *data, size_t len) {
    sink *k = ctx;
    if (k->fail_after && k->len + len > k->fail_after) return 1;
    if (k->len + len + 1 > k->cap) {
        k->cap = (k->len + len + 1) * 2;
        k->s = realloc(k->s, k->cap);
    }
    memcpy(k->s + k->len, data, len);
    k->len += len;
    k->s[k->len] = '\0';
    return 0;
}

static const jb_write_options opt_sets[] = {
    {0, 0, 0, 0},
    {JB_WRITE_PRETTY, 0, 0, 0},
    {JB_WRITE_PRETTY, 4, 0, 0},
    {JB_WRITE_ESCAPE_UNICODE | JB_WRITE_ESCAPE_SLASH, 0, 0, 0},
    {0, 0, 0, JB_FLOAT_JAVA},
    {JB_WRITE_PRETTY, 0, 0, JB_FLOAT_RUST_RYU}, /* the last style, which the printer once dropped */
};

static size_t n_docs;

/* One document: print through the stream and through the DOM, compare. */
static void check_doc(int line, const char *name, const char *json, size_t len) {
    jb_arena *a = jb_arena_new();
    jb_value *v;
    jb_error pe, se;
    jb_status pst = jb_value_parse(json, len, &v, a, NULL, &pe);
    n_docs++;
    for (size_t i = 0; i < sizeof opt_sets / sizeof opt_sets[0]; i++) {
        const jb_write_options *wo = &opt_sets[i];
        sink got = {0};
        jb_buf want = JB_BUF_INIT;
        jb_stream *s = jb_stream_new_buffer(json, len, NULL, &se);
        jb_status st = jb_stream_next_print(s, sink_fn, &got, wo, &se);
        if (st == JB_OK && pst == JB_E_TRAILING) /* the next call reports what follows */
            st = jb_stream_next_print(s, sink_fn, &got, wo, &se);
        if (pst == JB_OK) {
            jb_status ws = jb_value_print(v, &want, wo, NULL);
            CHECK_AT(line, st == ws, "%s: print %s, DOM print %s (%s)", name, jb_status_name(st),
                     jb_status_name(ws), st ? se.message : "");
            if (st == JB_OK && ws == JB_OK)
                CHECK_AT(line, got.len == want.len && memcmp(got.s, want.data, want.len) == 0,
                         "%s (options %zu): printed differently:\n  stream %.200s\n  DOM    %.200s",
                         name, i, got.s ? got.s : "", want.data ? want.data : "");
            if (st == JB_OK)
                CHECK_AT(line, jb_stream_next_print(s, sink_fn, &got, wo, &se) == JB_END, "%s",
                         name);
        } else {
            CHECK_AT(line, st == pst, "%s: print %s, parse %s", name, jb_status_name(st),
                     jb_status_name(pst));
            CHECK_AT(line,
                     se.offset == pe.offset && se.line == pe.line && se.column == pe.column &&
                         strcmp(se.path, pe.path) == 0 && strcmp(se.message, pe.message) == 0,
                     "%s: print failed at %zu:%zu %s [%s], parse at %zu:%zu %s [%s]", name, se.line,
                     se.column, se.path, se.message, pe.line, pe.column, pe.path, pe.message);
        }
        jb_stream_free(s);
        jb_buf_free(&want);
        free(got.s);
    }
    /* skip agrees with parse */
    jb_stream *s = jb_stream_new_buffer(json, len, NULL, &se);
    jb_status st = jb_stream_next_skip(s, &se);
    if (st == JB_OK && pst == JB_E_TRAILING) st = jb_stream_next_skip(s, &se);
    CHECK_AT(line, st == pst, "%s: skip %s, parse %s", name, jb_status_name(st),
             jb_status_name(pst));
    if (st && pst)
        CHECK_AT(line,
                 se.offset == pe.offset && strcmp(se.message, pe.message) == 0 &&
                     strcmp(se.path, pe.path) == 0,
                 "%s: skip [%s] at %zu, parse [%s] at %zu", name, se.message, se.offset, pe.message,
                 pe.offset);
    jb_stream_free(s);
    jb_arena_free(a);
}

static const struct {
    int line;
    const char *json;
} cases[] = {
    {__LINE__, "{}"},
    {__LINE__, "[]"},
    {__LINE__, "[[],{},[[]],{\"a\":{}}]"},
    {__LINE__, "{\"b\":[1,2.50,{\"c\":null}],\"a\":\"\\u00e9\\ud83d\\ude00\",\"big\":"
               "123456789012345678901234567890}"},
    {__LINE__, "  \"just a string\"  "},
    {__LINE__, "[1E2, -0, 0.1e-3, 1.5, 12345678901234567890, -9223372036854775809]"},
    {__LINE__, "{\"a\":1,\"a\":2}"},
    {__LINE__, "[\"/\", \"\\/\", \"\\u0000\\u001f\\b\\f\\n\\r\\t\"]"},
    {__LINE__, "[1,\n 2,\n x]"},
    {__LINE__, "{\n  \"a\": 1,\n  \"b\" 2\n}\n"},
    {__LINE__, "[\"\\ud800\"]"},
    {__LINE__, "[1,2"},
    {__LINE__, ""},
    {__LINE__, "[true, false, null]"},
};

/* The valid part is written before an error; printing resumes across
 * chunks into the same sink; refused options; a failing sink. */
static void test_contract(void) {
    jb_error e;
    sink k = {0};
    jb_write_options wo = {0, 0, 0, 0};
    jb_stream *s = jb_stream_new_buffer("[1,{\"a\":[2,x]}]", 15, NULL, &e);
    CHECK(jb_stream_next_print(s, sink_fn, &k, &wo, &e) == JB_E_SYNTAX);
    CHECK_STR(k.s ? k.s : "", "[1,{\"a\":[2");
    CHECK_STR(e.path, "$[1].a[1]");
    jb_stream_free(s);

    jb_stream_options o = {.framing = JB_FRAMING_CONCAT};
    const char *parts[] = {"[1,{\"k", "ey\":", "\"va", "lue\"}] {", "} "};
    k.len = 0;
    s = jb_stream_new(&o, &e);
    size_t docs = 0;
    for (size_t i = 0; i < 5; i++) {
        jb_status st;
        CHECK(jb_stream_feed(s, parts[i], strlen(parts[i])) == JB_OK);
        if (i == 4) jb_stream_finish(s);
        while ((st = jb_stream_next_print(s, sink_fn, &k, &wo, &e)) == JB_OK) {
            docs++;
            sink_fn(&k, "\n", 1);
        }
        CHECK(st == (i == 4 ? JB_END : JB_NEED_INPUT));
    }
    CHECK_EQ_INT(docs, 2);
    CHECK_STR(k.s, "[1,{\"key\":\"value\"}]\n{}\n");
    jb_stream_free(s);

    s = jb_stream_new_buffer("{}", 2, NULL, &e);
    wo.flags = JB_PRINT_SORT_KEYS;
    CHECK(jb_stream_next_print(s, sink_fn, &k, &wo, &e) == JB_E_ARG);
    wo.flags = JB_PRINT_CANONICAL;
    CHECK(jb_stream_next_print(s, sink_fn, &k, &wo, &e) == JB_E_ARG);
    CHECK(jb_stream_next_print(s, NULL, &k, NULL, &e) == JB_E_ARG);
    jb_stream_free(s);

    /* a sink that fails: JB_E_IO, and the stream stops */
    char big[20000];
    memset(big, ' ', sizeof big);
    big[0] = '[';
    for (size_t i = 1; i + 2 < sizeof big; i += 2) big[i] = '1', big[i + 1] = ',';
    big[sizeof big - 2] = '1';
    big[sizeof big - 1] = ']';
    sink bad = {0};
    bad.fail_after = 100;
    s = jb_stream_new_buffer(big, sizeof big, NULL, &e);
    CHECK(jb_stream_next_print(s, sink_fn, &bad, NULL, &e) == JB_E_IO);
    CHECK(strstr(e.message, "sink failed") != NULL);
    CHECK(jb_stream_next_print(s, sink_fn, &bad, NULL, &e) == JB_E_IO);
    jb_stream_free(s);
    free(bad.s);
    free(k.s);

    /* the writer's own depth limit */
    sink d = {0};
    jb_write_options shallow = {0, 0, 2, 0};
    s = jb_stream_new_buffer("[[[1]]]", 7, NULL, &e);
    CHECK(jb_stream_next_print(s, sink_fn, &d, &shallow, &e) == JB_E_DEPTH);
    jb_stream_free(s);
    free(d.s);
}

static void walk_file(const char *name, const char *text, size_t len) {
    check_doc(__LINE__, name, text, len);
}

int main(void) {
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_doc(cases[i].line, cases[i].json, cases[i].json, strlen(cases[i].json));
    size_t c = for_each_json(JB_SOURCE_DIR "/tests/conformance", (size_t)1 << 20, walk_file);
    size_t t = for_each_json(JB_SOURCE_DIR "/../shared/data/JSONTestSuite/test_parsing",
                             (size_t)1 << 20, walk_file);
    /* the corpus; below JB_TEST_SCALE 1 (make slow) only its smaller files */
    const char *sc = getenv("JB_TEST_SCALE");
    double scale = sc && atof(sc) > 0 ? atof(sc) : 1;
    size_t max = scale >= 1 ? (size_t)64 << 20 : (size_t)(4e6 * scale);
    size_t k = for_each_json(JB_SOURCE_DIR "/../shared/data/corpus", max, walk_file);
    if (!t || !k) printf("note: ../shared/data not found: JSONTestSuite and corpus skipped\n");
    test_contract();
    printf("%zu documents (%zu conformance, %zu JSONTestSuite, %zu corpus)\n", n_docs, c, t, k);
    return check_report();
}
