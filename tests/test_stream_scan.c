/* SPDX-License-Identifier: MIT */
/*
 * test_stream_scan.c — the resumable validator (src/stream_scan.c) against
 * the DOM parser it mirrors: for every input, fed in windows cut at every
 * split point (two windows), one byte at a time, and in random cuts, the
 * validator must end where jb_value_parse_prefix ends, or fail with its
 * code, offset, message and path. Each window is its own exactly-sized
 * heap block, so a read past a window is an AddressSanitizer report.
 *
 * Inputs: the JSONTestSuite parsing files (../shared/data, skipped with a
 * note when absent), tests/conformance, and the cases below, which aim at
 * every place a window can cut (inside strings, escapes, UTF-8 sequences,
 * numbers, literals, comments; between a key and its colon), under each
 * read flag that changes the grammar.
 */
#include <stdlib.h>

#include "check.h"
#include "jbind.h"
#include "stream.h"
#include "testfiles.h"

/* Scale of the random chunkings (JB_TEST_SCALE, default 1). */
static double scale(void) {
    const char *s = getenv("JB_TEST_SCALE");
    double v = s ? atof(s) : 1.0;
    return v > 0 ? v : 1.0;
}

typedef struct outcome {
    jb_status st;
    size_t end; /* success: bytes used; failure: need_end (unused) */
    jb_error e;
} outcome;

static outcome oracle(const char *json, size_t len, const jb_read_options *o) {
    outcome r;
    jb_arena *a = jb_arena_new();
    jb_value *v;
    memset(&r, 0, sizeof r);
    r.st = jb_value_parse_prefix(json, len, &v, a, o, &r.end, &r.e);
    jb_arena_free(a);
    return r;
}

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next_rand(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

/*
 * Run the validator over json[0..len) cut at the offsets in cuts[0..ncuts)
 * (increasing, in (0, len)). Error offsets are filled like jb_error's
 * (line and column from the whole input).
 */
static outcome run_scan(const char *json, size_t len, const jb_read_options *o, const size_t *cuts,
                        size_t ncuts) {
    outcome r;
    jb_scan sc;
    size_t pos = 0;
    memset(&r, 0, sizeof r);
    if (jb__scan_init(&sc, o, NULL) != JB_OK) {
        r.st = JB_E_NOMEM;
        return r;
    }
    jb__scan_reset(&sc, 0);
    for (size_t i = 0; i <= ncuts; i++) {
        size_t to = i < ncuts ? cuts[i] : len, used = 0;
        size_t n = to - pos;
        char *w = malloc(n ? n : 1);
        if (n) memcpy(w, json + pos, n);
        int rc = jb__scan_feed(&sc, w, n, pos, i == ncuts, &used);
        free(w);
        if (used > n) {
            r.st = JB_E_ARG;
            snprintf(r.e.message, sizeof r.e.message, "used %zu of %zu", used, n);
            break;
        }
        if (rc == JB_SCAN_DONE) {
            r.st = JB_OK;
            r.end = pos + used;
            break;
        }
        if (rc == JB_SCAN_FAIL) {
            r.st = sc.code;
            jb__error_fill(&r.e, sc.code, json, sc.err_off, &sc.path, sc.message);
            break;
        }
        if (rc == JB_SCAN_MORE && used != n) {
            r.st = JB_E_ARG;
            snprintf(r.e.message, sizeof r.e.message, "MORE used %zu of %zu", used, n);
            break;
        }
        if (rc == JB_SCAN_MORE && i == ncuts) {
            r.st = JB_E_ARG;
            snprintf(r.e.message, sizeof r.e.message, "MORE at the end");
            break;
        }
        pos = to;
    }
    jb__scan_free(&sc);
    return r;
}

static int same(const outcome *a, const outcome *b) {
    if (a->st != b->st) return 0;
    if (a->st == JB_OK) return a->end == b->end;
    return a->e.offset == b->e.offset && a->e.line == b->e.line && a->e.column == b->e.column &&
           strcmp(a->e.message, b->e.message) == 0 && strcmp(a->e.path, b->e.path) == 0;
}

static void show(const char *what, const outcome *o) {
    if (o->st == JB_OK)
        fprintf(stderr, "  %s: OK, %zu bytes\n", what, o->end);
    else
        fprintf(stderr, "  %s: %s at %zu (%zu:%zu) %s [%s]\n", what, jb_status_name(o->st),
                o->e.offset, o->e.line, o->e.column, o->e.message, o->e.path);
}

static size_t n_runs;
static size_t split_step = 1; /* 1/JB_TEST_SCALE below scale 1 */

/* All chunkings of one input under one set of options. */
static void check_all(int line, const char *name, const char *json, size_t len,
                      const jb_read_options *o, size_t rounds) {
    outcome want = oracle(json, len, o), got;
    size_t cut[64];
    char label[160];
    snprintf(label, sizeof label, "%s (flags %#x)", name, o ? (unsigned)o->flags : 0u);
    got = run_scan(json, len, o, NULL, 0);
    n_runs++;
    if (!same(&want, &got)) {
        CHECK_AT(line, 0, "%s: one window differs", label);
        show("parse", &want);
        show("scan", &got);
        return;
    }
    for (size_t k = 1; k < len; k += split_step) { /* every split point (scale < 1: some) */
        cut[0] = k;
        got = run_scan(json, len, o, cut, 1);
        n_runs++;
        if (!same(&want, &got)) {
            CHECK_AT(line, 0, "%s: split at %zu differs", label, k);
            show("parse", &want);
            show("scan", &got);
            return;
        }
    }
    if (len > 1 && len <= 4096) { /* one byte at a time */
        size_t *all = malloc(len * sizeof *all);
        for (size_t k = 1; k < len; k++) all[k - 1] = k;
        got = run_scan(json, len, o, all, len - 1);
        n_runs++;
        free(all);
        if (!same(&want, &got)) {
            CHECK_AT(line, 0, "%s: byte by byte differs", label);
            show("parse", &want);
            show("scan", &got);
            return;
        }
    }
    for (size_t r = 0; r < rounds && len > 2; r++) { /* random cuts */
        size_t n = 1 + next_rand() % (len - 1 < 63 ? len - 1 : 63), m = 0, at = 0;
        for (size_t i = 0; i < n && at + 1 < len; i++) {
            at += 1 + next_rand() % ((len - at - 1) / (n - i) + 1);
            if (at >= len) break;
            cut[m++] = at;
        }
        got = run_scan(json, len, o, cut, m);
        n_runs++;
        if (!same(&want, &got)) {
            CHECK_AT(line, 0, "%s: random cut (%zu windows) differs", label, m + 1);
            show("parse", &want);
            show("scan", &got);
            return;
        }
    }
    CHECK_AT(line, 1, "%s", "");
}

static const uint32_t flag_sets[] = {
    0,
    JB_READ_ALLOW_COMMENTS,
    JB_READ_ALLOW_TRAILING_COMMAS | JB_READ_ALLOW_NAN_INF,
    JB_READ_ALLOW_INVALID_UTF8,
    JB_READ_ALLOW_COMMENTS | JB_READ_ALLOW_TRAILING_COMMAS | JB_READ_ALLOW_NAN_INF,
};

static void check_flags(int line, const char *name, const char *json, size_t len, size_t rounds) {
    for (size_t i = 0; i < sizeof flag_sets / sizeof flag_sets[0]; i++) {
        jb_read_options o = {.flags = flag_sets[i]};
        check_all(line, name, json, len, &o, rounds);
    }
}

/* Hand-written inputs: each aims at a place a window can cut. */
static const struct {
    int line;
    const char *json;
} cases[] = {
    {__LINE__, ""},
    {__LINE__, "   "},
    {__LINE__, "{\"a\":1,\"b\":[true,false,null],\"c\":\"x\\u00e9\\ud83d\\ude00\\n\"}"},
    {__LINE__, "  [1, -2.5e+10, 0, -0, 1e-7, 123456789012345678901234567890]  "},
    {__LINE__, "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""},
    {__LINE__, "\"\\\\\\\"\\/\\b\\f\\n\\r\\t\""},
    {__LINE__, "{\"k\" : \"v\" , \"k2\"\n:\n[ ] }"},
    {__LINE__, "[[[[[]]]],{},{\"\":{\"\":[]}}]"},
    {__LINE__, "true "},
    {__LINE__, "false"},
    {__LINE__, "nul"},
    {__LINE__, "nullx"},
    {__LINE__, "tru e"},
    {__LINE__, "[truex, 1]"},
    {__LINE__, "[1.]"},
    {__LINE__, "[01]"},
    {__LINE__, "[-]"},
    {__LINE__, "[1e]"},
    {__LINE__, "12:"},
    {__LINE__, "12\"x\""},
    {__LINE__, "[1 2]"},
    {__LINE__, "{\"a\" 1}"},
    {__LINE__, "{\"a\":1 \"b\":2}"},
    {__LINE__, "{1:2}"},
    {__LINE__, "{\"a\":}"},
    {__LINE__, "[1,]"},
    {__LINE__, "{\"a\":1,}"},
    {__LINE__, "[,1]"},
    {__LINE__, "[1,,2]"},
    {__LINE__, "{,}"},
    {__LINE__, "[}"},
    {__LINE__, "{]"},
    {__LINE__, "[1}"},
    {__LINE__, "]"},
    {__LINE__, ","},
    {__LINE__, "\"abc"},
    {__LINE__, "\"ab\\"},
    {__LINE__, "\"ab\\u12"},
    {__LINE__, "\"ab\\uD83D\""},
    {__LINE__, "\"ab\\uD83D\\u0041\""},
    {__LINE__, "\"ab\\uDE00\""},
    {__LINE__, "\"ab\\x\""},
    {__LINE__, "\"a\x01z\""},
    {__LINE__, "\"a\nz\""},
    {__LINE__, "\"\xc3\""},
    {__LINE__, "\"\xe2\x82\""},
    {__LINE__, "\"\xf0\x9f\x98\""},
    {__LINE__, "\"\xff\""},
    {__LINE__, "\"\xed\xa0\x80\""},
    {__LINE__, "[\"a\",\"b\xc3\"]"},
    {__LINE__, "\xef\xbb\xbf{}"},
    {__LINE__, "\xef\xbb{}"},
    {__LINE__, "[1,\xef\xbb\xbf]"},
    {__LINE__, "[1 \xef\xbb\xbf]"},
    {__LINE__, "{\"a\" \xef\xbb\xbf}"},
    {__LINE__, "[1]x"},
    {__LINE__, "{} {}"},
    {__LINE__, "[NaN, Infinity, -Infinity]"},
    {__LINE__, "[Nan]"},
    {__LINE__, "[Infinit]"},
    {__LINE__, "// line\n[1, /* block */ 2 // tail\n, 3] /* after */"},
    {__LINE__, "[1/* c */,2]"},
    {__LINE__, "[1/2]"},
    {__LINE__, "[1 /x]"},
    {__LINE__, "[tru/e]"},
    {__LINE__, "[null/* c */,true//x\n,false/**/]"}, /* a literal ended by a comment */
    {__LINE__, "[nul/x]"},
    {__LINE__, "/* unterminated"},
    {__LINE__, "[1, /* unterminated *"},
    {__LINE__, "/"},
    {__LINE__, "[/]"},
    {__LINE__, "[1,/]"},
    {__LINE__, "{\"a\"/}"},
    {__LINE__, "{\"a\":1/}"},
    {__LINE__, "{/}"},
    {__LINE__, "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]"},
    {__LINE__, "{\"a\":{\"b\":{\"c\":[0,1,{\"d\":tru}]}}}"},
    {__LINE__, "{\"a\\nb\":[1,x]}"},
    {__LINE__, "{\"a.b\":{\"\\u00e9\":[1,2,{\"x\":[nul]}]}}"},
    {__LINE__, "[\"\\u0000\"]"},
    {__LINE__, "{\"\":[{\"\":[x]}]}"}, /* empty keys in the path */
    {__LINE__, "-"},
    {__LINE__, "-1"},
    {__LINE__, "1.5e308"},
    {__LINE__, "1e400"},
};

/* Nesting and member limits, which the validator counts itself. */
static void check_limits(void) {
    char deep[80];
    jb_read_options o = {.max_depth = 6};
    memset(deep, '[', 40);
    memset(deep + 40, ']', 40);
    check_all(__LINE__, "deep", deep, sizeof deep, &o, 20);
    o.max_depth = 40;
    check_all(__LINE__, "deep at the limit", deep, sizeof deep, &o, 20);
    jb_read_options m = {.max_members = 3};
    check_all(__LINE__, "members", "[1,2,3]", 7, &m, 20);
    check_all(__LINE__, "members over", "[1,2,3,4]", 9, &m, 20);
    check_all(__LINE__, "members over obj", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}", 25, &m, 20);
    m.flags = JB_READ_ALLOW_COMMENTS;
    check_all(__LINE__, "members over slash", "[1,2,3,/]", 9, &m, 20);
    jb_read_options sl = {.max_string_len = 4};
    check_all(__LINE__, "string limit", "[\"abcd\",\"abcde\"]", 16, &sl, 20);
    check_all(__LINE__, "string limit esc", "[\"ab\\u0063d\",\"a\\tcde\"]", 22, &sl, 20);
    jb_read_options nl = {.max_number_len = 3};
    check_all(__LINE__, "number limit", "[123,1234]", 10, &nl, 20);
}

/* The validator's string cap: a string longer than 6 * max_string_len,
 * gathered across windows, is judged without waiting for its end. */
static void check_long_strings(void) {
    jb_read_options o = {.max_string_len = 8};
    const char *ok = "\"abcdefgh\"";
    check_all(__LINE__, "string at limit", ok, strlen(ok), &o, 20);
    char big[200];
    big[0] = '"';
    memset(big + 1, 'x', sizeof big - 2);
    big[sizeof big - 1] = '"';
    check_all(__LINE__, "long string", big, sizeof big, &o, 20);
}

static size_t file_rounds;
static void scan_file(const char *name, const char *text, size_t len) {
    check_flags(__LINE__, name, text, len, file_rounds);
}

int main(void) {
    size_t rounds = (size_t)(40 * scale());
    split_step = scale() >= 1 ? 1 : (size_t)(1 / scale());
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_flags(cases[i].line, cases[i].json, cases[i].json, strlen(cases[i].json), rounds);
    check_limits();
    check_long_strings();
    file_rounds = rounds / 4 + 1;
    size_t n = for_each_json(JB_SOURCE_DIR "/tests/conformance", 4096, scan_file);
    size_t m =
        for_each_json(JB_SOURCE_DIR "/../shared/data/JSONTestSuite/test_parsing", 4096, scan_file);
    if (m == 0) printf("note: ../shared/data/JSONTestSuite not found: its files were skipped\n");
    printf("%zu conformance files, %zu JSONTestSuite files, %zu chunked runs\n", n, m, n_runs);
    return check_report();
}
