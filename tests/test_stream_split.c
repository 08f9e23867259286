/* SPDX-License-Identifier: MIT */
/*
 * test_stream_split.c — push parsing gives what the one-shot decode gives
 * (issue 16, part 9). Every input of 4 KiB or less is pushed cut at every
 * split point, one byte at a time and in random cuts, in every framing
 * and as every kind of element (typed, jb_value, skip, print compact and
 * pretty); each run's log of values and errors (code, index, offset, line,
 * column, path, message) must equal the buffer iterator's over the same
 * bytes, and for SINGLE framing the first result must equal jb_decode's
 * or jb_value_parse's. The corpus files (../shared/data/corpus) go
 * through the same comparison in random cuts and, up to a size set by
 * JB_TEST_SCALE, one byte at a time; twitter.json's /statuses and
 * canada.json's /features as ARRAY framing.
 *
 * Inputs: the hand-written streams below (one per edge: CRLF, blank
 * lines, a BOM, records that are not objects, bad records in the middle,
 * RS framing, pointers), tests/conformance, the JSONTestSuite parsing
 * files and the typed fuzz seeds (fuzz/corpus/typed: a descriptor of the
 * fuzz zoo, read flags, then JSON).
 */
#include <stdlib.h>
#include <time.h>

#include "check.h"
#include "stream_pt.h"
#include "stream_run.h"
#include "testfiles.h"
#include "zoo.h"

static double scale(void) {
    const char *s = getenv("JB_TEST_SCALE");
    double v = s ? atof(s) : 1.0;
    return v > 0 ? v : 1.0;
}

static uint64_t rng = 0x2545F4914F6CDD1Du;
static uint64_t next_rand(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static size_t n_runs;
/* Every split point at JB_TEST_SCALE >= 1; every 1/scale-th below (make slow). */
static size_t split_step = 1;

static bool compare(int line, const char *label, const slog *want, const slog *got,
                    const char *how) {
    n_runs++;
    if (strcmp(slog_text(want), slog_text(got)) == 0) return true;
    CHECK_AT(line, 0, "%s: %s differs from the buffer iterator", label, how);
    fprintf(stderr, "--- buffer:\n%s--- pushed:\n%s", slog_text(want), slog_text(got));
    return false;
}

/* The buffer iterator against pushed runs: every split point (when
 * splits), byte by byte (up to bytewise bytes), `rounds` random cuts. */
static void check_cuts(int line, const char *label, const run_cfg *c, const char *in, size_t len,
                       bool splits, size_t bytewise, size_t rounds, const slog *want) {
    slog got = {0};
    size_t cut[64] = {0};
    run_cfg cfg = *c;
    run_stream(&cfg, in, len, cut, 0, &got); /* one chunk */
    if (!compare(line, label, want, &got, "one chunk")) goto done;
    for (size_t k = 1; splits && k < len; k += split_step) {
        got.len = 0;
        cut[0] = k;
        cfg.finish_early = k & 1;
        run_stream(&cfg, in, len, cut, 1, &got);
        char how[48];
        snprintf(how, sizeof how, "split at %zu", k);
        if (!compare(line, label, want, &got, how)) goto done;
    }
    if (len > 1 && len <= bytewise) {
        size_t *all = malloc(len * sizeof *all);
        for (size_t k = 1; k < len; k++) all[k - 1] = k;
        got.len = 0;
        run_stream(&cfg, in, len, all, len - 1, &got);
        free(all);
        if (!compare(line, label, want, &got, "byte by byte")) goto done;
    }
    for (size_t r = 0; r < rounds && len > 2; r++) {
        size_t n = 1 + next_rand() % 63, m = 0, at = 0;
        /* cuts of every size: mostly small, some near the whole */
        size_t span = 1 + next_rand() % (next_rand() % 4 ? 64 : len);
        while (m < n) {
            at += 1 + next_rand() % span;
            if (at >= len) break;
            cut[m++] = at;
        }
        got.len = 0;
        cfg.finish_early = r & 1;
        run_stream(&cfg, in, len, cut, m, &got);
        if (!compare(line, label, want, &got, "a random cut")) goto done;
    }
    CHECK_AT(line, 1, "%s", "");
done:
    slog_free(&got);
}

static const char *kind_name(int k) {
    static const char *const names[] = {"value", "skip", "print", "pretty", "typed"};
    return names[k];
}

static const char *framing_name(jb_framing f) {
    static const char *const names[] = {"SINGLE", "CONCAT", "LINES", "SEQ", "ARRAY"};
    return names[f];
}

static void check_cfg(int line, const char *name, const run_cfg *c, const char *in, size_t len,
                      size_t rounds) {
    slog want = {0};
    char label[200];
    snprintf(label, sizeof label, "%s (%s %s%s%s, read flags %#x%s)", name,
             framing_name(c->o.framing), kind_name(c->kind), c->o.pointer ? " " : "",
             c->o.pointer ? c->o.pointer : "", c->o.read ? (unsigned)c->o.read->flags : 0u,
             c->o.flags & JB_STREAM_SKIP_BAD ? ", skip bad" : "");
    run_stream(c, in, len, NULL, 0, &want);
    check_cuts(line, label, c, in, len, len <= 4096, 4096, rounds, &want);
    slog_free(&want);
}

/* SINGLE framing against the one-shot decode of the same bytes. */
static void check_one_shot(int line, const char *name, const run_cfg *c, const char *in,
                           size_t len) {
    slog want = {0}, got = {0};
    jb_arena *a = jb_arena_new();
    jb_error e;
    jb_status st;
    char *copy = malloc(len ? len : 1);
    memcpy(copy, in, len);
    if (c->kind == RK_TYPED) {
        void *out = malloc(c->type->size);
        st = jb_decode(c->type, copy, len, out, a, c->o.read, &e);
        if (st == JB_OK) slog_value(&want, c->type, out, NULL);
        free(out);
    } else {
        jb_value *v;
        st = jb_value_parse(copy, len, &v, a, c->o.read, &e);
        if (st == JB_OK) slog_value(&want, NULL, NULL, v);
    }
    if (st != JB_OK) slog_error(&want, &e);
    run_stream(c, copy, len, NULL, 0, &got);
    /* the stream's first result; data after the document is reported by
     * the call after the one that delivered it */
    char *first = got.s ? got.s : (char *)"", *nl = strchr(first, '\n');
    if (st != JB_OK && nl && strncmp(first, "OK ", 3) == 0) first = nl + 1;
    nl = strchr(first, '\n');
    if (nl) nl[1] = '\0';
    if (first != got.s && got.s) memmove(got.s, first, strlen(first) + 1);
    n_runs++;
    CHECK_AT(line, strcmp(slog_text(&want), slog_text(&got)) == 0,
             "%s: SINGLE stream differs from the one-shot decode:\n  one-shot: %s  stream:   %s",
             name, slog_text(&want), slog_text(&got));
    free(copy);
    slog_free(&want);
    slog_free(&got);
    jb_arena_free(a);
}

static const jb_read_options relaxed = {
    JB_READ_ALLOW_COMMENTS | JB_READ_ALLOW_TRAILING_COMMAS | JB_READ_ALLOW_NAN_INF, 0, 0, 0, 0, 0, NULL};

/* A JSON document through every framing and kind. */
static void check_document(int line, const char *name, const char *in, size_t len, size_t rounds) {
    static const struct {
        jb_framing f;
        int kind;
        bool relaxed;
    } cfgs[] = {
        {JB_FRAMING_SINGLE, RK_VALUE, false}, {JB_FRAMING_SINGLE, RK_SKIP, false},
        {JB_FRAMING_SINGLE, RK_PRINT, false}, {JB_FRAMING_SINGLE, RK_PRETTY, false},
        {JB_FRAMING_SINGLE, RK_VALUE, true},  {JB_FRAMING_CONCAT, RK_VALUE, false},
        {JB_FRAMING_CONCAT, RK_SKIP, true},   {JB_FRAMING_LINES, RK_VALUE, false},
        {JB_FRAMING_LINES, RK_PRINT, false},  {JB_FRAMING_SEQ, RK_VALUE, false},
        {JB_FRAMING_ARRAY, RK_VALUE, false},  {JB_FRAMING_ARRAY, RK_PRINT, true},
    };
    for (size_t i = 0; i < sizeof cfgs / sizeof cfgs[0]; i++) {
        run_cfg c;
        memset(&c, 0, sizeof c);
        c.kind = cfgs[i].kind;
        c.o.framing = cfgs[i].f;
        c.o.read = cfgs[i].relaxed ? &relaxed : NULL;
        check_cfg(line, name, &c, in, len, rounds);
        if (c.o.framing == JB_FRAMING_SINGLE && c.kind == RK_VALUE)
            check_one_shot(line, name, &c, in, len);
    }
}

/* ------------------------------------------------------------------ */
/* Hand-written streams                                                */
/* ------------------------------------------------------------------ */

static const struct {
    int line;
    jb_framing f;
    const char *ptr;
    const char *in;
} streams[] = {
    {__LINE__, JB_FRAMING_LINES, NULL, "{\"x\":1,\"name\":\"a\"}\n{\"x\":2,\"name\":\"b\"}\n"},
    {__LINE__, JB_FRAMING_LINES, NULL,
     "{\"x\":1,\"name\":\"a\"}\r\n\r\n  \n{\"x\":2,\"name\":\"b\"}"},
    {__LINE__, JB_FRAMING_LINES, NULL,
     "\xEF\xBB\xBF{\"x\":1,\"name\":\"a\"}\n{\"x\":2,\"name\":\"b\"}\n"},
    {__LINE__, JB_FRAMING_LINES, NULL,
     "{\"x\":1,\"name\":\"a\"}\n[1,2]\n\"str\"\n{\"x\":3,\"name\":\"c\"}\n"},
    {__LINE__, JB_FRAMING_LINES, NULL,
     "{\"x\":1,\"name\":\"a\"} {\"x\":2}\n{\"x\":\n3,\"name\":\"c\"}\n{\"x\":4,\"name\":\"d\"}"},
    {__LINE__, JB_FRAMING_LINES, NULL,
     "{\"x\":1,\"name\":\"a\"}\n{\"x\":99999999999,\"name\":\"b\"}\n{\"name\":\"c\"}\n{\"x\":2,"
     "\"name\":\"\xff\"}\n"},
    {__LINE__, JB_FRAMING_LINES, NULL, "\r\n\n"},
    {__LINE__, JB_FRAMING_LINES, NULL, ""},
    {__LINE__, JB_FRAMING_LINES, NULL, "{\"x\":1,\"name\":\"a\"}\r"},
    {__LINE__, JB_FRAMING_LINES, NULL, "\xEF\xBB{\"x\":1}\n{\"x\":2,\"name\":\"b\"}\n"},
    {__LINE__, JB_FRAMING_CONCAT, NULL,
     "{\"x\":1,\"name\":\"a\"}{\"x\":2,\"name\":\"b\"}\n\n  {\"x\":3,\"name\":\"c\"} "},
    {__LINE__, JB_FRAMING_CONCAT, NULL, "1 2 3 [4] \"five\" {\"x\":6,\"name\":\"six\"} true null"},
    {__LINE__, JB_FRAMING_CONCAT, NULL,
     "{\"x\":1,\"name\":\"a\"} {\"x\":\"no\",\"name\":\"b\"} {\"x\":3,\"name\":\"c\"}"},
    {__LINE__, JB_FRAMING_CONCAT, NULL,
     "{\"x\":1,\"name\":\"a\"} {\"x\" 2} {\"x\":3,\"name\":\"c\"}"},
    {__LINE__, JB_FRAMING_CONCAT, NULL, "12{} 1.5e3[] -0\"s\""},
    {__LINE__, JB_FRAMING_CONCAT, NULL,
     "{\"x\":1,\"name\":\"a\"} /* c */ // d\n {\"x\":2,\"name\":\"b\"} /"},
    {__LINE__, JB_FRAMING_CONCAT, NULL, "{\"x\":1,\"name\":\"a\"}\xEF\xBB\xBF"},
    {__LINE__, JB_FRAMING_CONCAT, NULL, "null/* c */true//x\nfalse/ 1"},
    {__LINE__, JB_FRAMING_CONCAT, NULL, "[1] /x [2]"},
    {__LINE__, JB_FRAMING_SINGLE, NULL, "//v\n/x"},
    {__LINE__, JB_FRAMING_SINGLE, NULL, "  {\"x\":1,\"name\":\"a\"}  "},
    {__LINE__, JB_FRAMING_SINGLE, NULL, "{\"x\":1,\"name\":\"a\"} {\"x\":2,\"name\":\"b\"}"},
    {__LINE__, JB_FRAMING_SINGLE, NULL, "{\"x\":1,\"name\":\"a\"} \xEF\xBB\xBF"},
    {__LINE__, JB_FRAMING_SINGLE, NULL, "{\"x\":1,\"name\":\"a\"} \xEF\xBB"},
    {__LINE__, JB_FRAMING_SINGLE, NULL, "{\"x\":1,\"name\":\"a\"} /"},
    {__LINE__, JB_FRAMING_SINGLE, NULL, "   "},
    {__LINE__, JB_FRAMING_SEQ, NULL,
     "\x1E{\"x\":1,\"name\":\"a\"}\n\x1E{\"x\":2,\"name\":\"b\"}\n"},
    {__LINE__, JB_FRAMING_SEQ, NULL,
     "\x1E\x1E{\"x\":1,\n \"name\":\"a\"}\n\x1E 42\n\x1E"
     "42\x1E[1]x\n\x1E{\"x\":3,\"name\":\"c\"}"},
    {__LINE__, JB_FRAMING_SEQ, NULL, "junk\x1E{\"x\":1,\"name\":\"a\"}\n"},
    {__LINE__, JB_FRAMING_ARRAY, NULL, " [ {\"x\":1,\"name\":\"a\"} , {\"x\":2,\"name\":\"b\"} ] "},
    {__LINE__, JB_FRAMING_ARRAY, NULL,
     "[{\"x\":1,\"name\":\"a\"},{\"x\":\"q\",\"name\":\"b\"},3,{\"x\":4,\"name\":\"d\"}]"},
    {__LINE__, JB_FRAMING_ARRAY, NULL, "[]"},
    {__LINE__, JB_FRAMING_ARRAY, NULL, "[1,2,]"},
    {__LINE__, JB_FRAMING_ARRAY, NULL, "[1 2]"},
    {__LINE__, JB_FRAMING_ARRAY, NULL, "[1,2] x"},
    {__LINE__, JB_FRAMING_ARRAY, NULL, "{\"a\":1}"},
    {__LINE__, JB_FRAMING_ARRAY, "/data/items",
     "{\"meta\":{\"n\":2},\"data\":{\"skip\":[1,{\"items\":[0]}],\"items\":[{\"x\":1,\"name\":"
     "\"a\"},{\"x\":2,\"name\":\"b\"}],\"after\":\"z\"},\"tail\":[true]}"},
    {__LINE__, JB_FRAMING_ARRAY, "/data/items",
     "{\"data\":{\"items\":[{\"x\":1,\"name\":\"a\"}],\"after\":}}"},
    {__LINE__, JB_FRAMING_ARRAY, "/data/items", "{\"data\":{\"itemz\":[]}}"},
    {__LINE__, JB_FRAMING_ARRAY, "/data/items", "{\"data\":7}"},
    {__LINE__, JB_FRAMING_ARRAY, "/data/items", "{\"data\":{\"items\":{}}}"},
    {__LINE__, JB_FRAMING_ARRAY, "/1/a~1b", "[0,{\"a/b\":[{\"x\":1,\"name\":\"a\"}]},2]"},
    {__LINE__, JB_FRAMING_ARRAY, "/1/a~1b", "[0]"},
    {__LINE__, JB_FRAMING_ARRAY, "/k",
     "{\"k\":[{\"x\":1,\"name\":\"a\"}],\"k\":[{\"x\":2,\"name\":\"b\"}]}"},
    {__LINE__, JB_FRAMING_ARRAY, "/\xc3\xa9", "{\"\\u00e9\":[{\"x\":1,\"name\":\"a\"}]}"},
};

static void check_streams(size_t rounds) {
    for (size_t i = 0; i < sizeof streams / sizeof streams[0]; i++) {
        const int kinds[] = {RK_TYPED, RK_VALUE, RK_SKIP, RK_PRINT, RK_PRETTY};
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            for (int policy = 0; policy < 2; policy++) {
                for (int bom = 0; bom < 2; bom++) {
                    run_cfg c;
                    memset(&c, 0, sizeof c);
                    c.kind = kinds[k];
                    c.type = &pt_type;
                    c.o.framing = streams[i].f;
                    c.o.pointer = streams[i].ptr;
                    c.o.read = &relaxed;
                    c.o.flags = (policy ? JB_STREAM_SKIP_BAD : 0) | (bom ? JB_STREAM_ALLOW_BOM : 0);
                    if (bom && k) continue;
                    check_cfg(streams[i].line, streams[i].in, &c, streams[i].in,
                              strlen(streams[i].in), rounds);
                    if (c.o.framing == JB_FRAMING_ARRAY) {
                        c.o.flags |= JB_STREAM_SKIP_REST;
                        check_cfg(streams[i].line, streams[i].in, &c, streams[i].in,
                                  strlen(streams[i].in), rounds);
                    }
                }
            }
        }
    }
}

/* Limits, each cut anywhere: a record over max_element_bytes (skipped
 * with the policy), more elements than max_elements, more bytes than
 * max_total_bytes. */
static void check_limits(size_t rounds) {
    static const struct {
        int line;
        jb_framing f;
        size_t max_element, max_elements, max_total;
        const char *in;
    } cases[] = {
        {__LINE__, JB_FRAMING_LINES, 12, 0, 0, "[1,2]\n[1,2,3,4,5,6,7]\n[3]\n"},
        {__LINE__, JB_FRAMING_CONCAT, 12, 0, 0, "[1,2] [1,2,3,4,5,6,7] [3]"},
        {__LINE__, JB_FRAMING_CONCAT, 12, 0, 0, "[1,2] [1,2,3,4,5,6,7 [3]"},
        {__LINE__, JB_FRAMING_CONCAT, 12, 0, 0, "[1,2] 123456789012345 [3]"},
        {__LINE__, JB_FRAMING_ARRAY, 6, 0, 0, "[[1,2],[1,2,3,4,5],[3]]"},
        /* too big, then malformed past the cut: the path is still $[0]'s */
        {__LINE__, JB_FRAMING_ARRAY, 6, 0, 0, "[\"ab\\ud8\x01xxxxxxxx"},
        {__LINE__, JB_FRAMING_ARRAY, 6, 0, 0, "[\"ab\\ud8\x01xxxxxxxx\"]"},
        {__LINE__, JB_FRAMING_ARRAY, 6, 0, 0, "[[1,2,3,4,5,6 7]]"},
        {__LINE__, JB_FRAMING_SEQ, 8, 0, 0, "\x1E[1,2]\n\x1E[1,2,3,4,5]\n\x1E[3]\n"},
        {__LINE__, JB_FRAMING_LINES, 0, 2, 0, "1\n2\n\n3\n"},
        {__LINE__, JB_FRAMING_LINES, 0, 2, 0, "1\n2\n\n  \n"},
        {__LINE__, JB_FRAMING_CONCAT, 0, 2, 0, "1 2 3"},
        {__LINE__, JB_FRAMING_ARRAY, 0, 2, 0, "[1,2,3]"},
        {__LINE__, JB_FRAMING_LINES, 0, 0, 8, "[1]\n[2]\n[3]\n"},
        {__LINE__, JB_FRAMING_CONCAT, 0, 0, 9, "[1] [2] [3]"},
        {__LINE__, JB_FRAMING_CONCAT, 0, 0, 11, "[1] [2] [3]"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int kind = RK_VALUE; kind <= RK_PRINT; kind++) {
            for (int policy = 0; policy < 2; policy++) {
                run_cfg c;
                memset(&c, 0, sizeof c);
                c.kind = kind;
                c.o.framing = cases[i].f;
                c.o.max_element_bytes = cases[i].max_element;
                c.o.max_elements = cases[i].max_elements;
                c.o.max_total_bytes = cases[i].max_total;
                c.o.flags = policy ? JB_STREAM_SKIP_BAD : 0;
                check_cfg(cases[i].line, cases[i].in, &c, cases[i].in, strlen(cases[i].in), rounds);
            }
        }
    }
}

/* ------------------------------------------------------------------ */
/* Files                                                               */
/* ------------------------------------------------------------------ */

/* The typed seeds: [descriptor] [read flags] JSON, as fuzz_typed reads them. */
static size_t check_typed_seeds(const char *dir, size_t rounds) {
    DIR *d = opendir(dir);
    struct dirent *e;
    size_t n = 0;
    if (!d) return 0;
    while ((e = readdir(d))) {
        char path[1024], *buf = NULL;
        size_t len;
        if (e->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        len = read_file(path, &buf);
        if (len == (size_t)-1 || len < 2 || len > 4096 + 2) {
            free(buf);
            continue;
        }
        jb_read_options ro = fuzz_read_opts((uint8_t)buf[1]);
        const jb_framing frs[] = {JB_FRAMING_SINGLE, JB_FRAMING_CONCAT, JB_FRAMING_LINES};
        for (size_t f = 0; f < sizeof frs / sizeof frs[0]; f++) {
            run_cfg c;
            memset(&c, 0, sizeof c);
            c.kind = RK_TYPED;
            c.type = zoo_types[(unsigned char)buf[0] % zoo_count].type;
            c.o.framing = frs[f];
            c.o.read = &ro;
            check_cfg(__LINE__, e->d_name, &c, buf + 2, len - 2, rounds);
            if (frs[f] == JB_FRAMING_SINGLE)
                check_one_shot(__LINE__, e->d_name, &c, buf + 2, len - 2);
        }
        n++;
        free(buf);
    }
    closedir(d);
    return n;
}

/* A corpus file: random cuts always; byte by byte when within bytewise. */
static void check_corpus_file(const char *name, const char *ptr, size_t bytewise, size_t rounds) {
    char path[1024], *buf = NULL;
    size_t len;
    snprintf(path, sizeof path, "%s/../shared/data/corpus/%s", JB_SOURCE_DIR, name);
    len = read_file(path, &buf);
    if (len == (size_t)-1) {
        printf("note: %s not found: skipped\n", path);
        return;
    }
    if (scale() < 1 && (double)len > 4e6 * scale()) { /* make slow: the small ones only */
        free(buf);
        return;
    }
    const int kinds[] = {RK_VALUE, RK_SKIP, RK_PRETTY};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        run_cfg c;
        slog want = {0};
        char label[256];
        memset(&c, 0, sizeof c);
        c.kind = kinds[k];
        c.o.framing = ptr ? JB_FRAMING_ARRAY : JB_FRAMING_SINGLE;
        c.o.pointer = ptr;
        snprintf(label, sizeof label, "%s%s%s (%s)", name, ptr ? " " : "", ptr ? ptr : "",
                 kind_name(kinds[k]));
        run_stream(&c, buf, len, NULL, 0, &want);
        const char *err = strstr(slog_text(&want), "\nERR JB_");
        CHECKF(err == NULL, "%s: %.300s", label, err ? err : "");
        check_cuts(__LINE__, label, &c, buf, len, false, k == 0 ? bytewise : 0, rounds, &want);
        slog_free(&want);
    }
    free(buf);
}

static size_t file_rounds;
static void split_file(const char *name, const char *text, size_t len) {
    check_document(__LINE__, name, text, len, file_rounds);
}

int main(void) {
    const double sc = scale();
    const size_t rounds = (size_t)(16 * sc) + 1;
    split_step = sc >= 1 ? 1 : (size_t)(1 / sc);
    clock_t t0 = clock();
    check_streams(rounds * 2);
    check_limits(rounds * 2);
    file_rounds = rounds;
    size_t nc = for_each_json(JB_SOURCE_DIR "/tests/conformance", 4096, split_file);
    file_rounds = rounds / 2 + 1;
    size_t ns =
        for_each_json(JB_SOURCE_DIR "/../shared/data/JSONTestSuite/test_parsing", 4096, split_file);
    if (!ns) printf("note: ../shared/data/JSONTestSuite not found: skipped\n");
    size_t nt = check_typed_seeds(JB_SOURCE_DIR "/fuzz/corpus/typed", rounds);
    /* the corpus: byte by byte up to 256 KiB (x JB_TEST_SCALE) */
    const size_t bytewise = (size_t)(256 * 1024 * sc);
    static const char *const files[] = {"twitter.json",       "citm_catalog.json",    "canada.json",
                                        "github_events.json", "numbers.json",         "mesh.json",
                                        "gsoc-2018.json",     "aeson/twitter100.json"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        check_corpus_file(files[i], NULL, bytewise, (size_t)(2 * sc) + 1);
    check_corpus_file("twitter.json", "/statuses", bytewise, (size_t)(2 * sc) + 1);
    check_corpus_file("canada.json", "/features", 0, (size_t)(2 * sc) + 1);
    printf("%zu conformance, %zu JSONTestSuite, %zu typed seeds; %zu runs compared in %.1f s\n", nc,
           ns, nt, n_runs, (double)(clock() - t0) / CLOCKS_PER_SEC);
    return check_report();
}
