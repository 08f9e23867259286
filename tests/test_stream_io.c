/* SPDX-License-Identifier: MIT */
/*
 * test_stream_io.c — reading from files (src/stream_io.c): streams over a
 * FILE *, a file descriptor (a pipe written by another thread) and a read
 * callback, including its failures; whole documents by FILE *, descriptor
 * and path; and an NDJSON stream piped from a generator thread, never
 * stored anywhere, decoded typed in bounded memory. That stream is
 * 5e7 bytes by default, JB_STREAM_BYTES overrides it, JB_TEST_SCALE
 * scales it (the benchmark runs the same at 5e9); outside sanitizer builds
 * the process's peak RSS must stay under 64 MB.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "check.h"
#include "jbind.h"
#include "stream_pt.h"

static const char ndjson[] = "{\"x\":1,\"name\":\"a\"}\n{\"x\":2,\"name\":\"b\"}\n{\"x\":\"no\","
                             "\"name\":\"c\"}\n{\"x\":4,\"name\":\"d\"}\n";

static FILE *temp_with(const char *text, size_t len) {
    FILE *f = tmpfile();
    CHECK(f != NULL);
    if (!f) return NULL;
    fwrite(text, 1, len, f);
    rewind(f);
    return f;
}

/* x values of every record, with the bad ones skipped. */
static int64_t drain(jb_stream *s, size_t *count, jb_status *last) {
    jb_arena *a = jb_arena_new();
    int64_t sum = 0;
    pt v;
    jb_error e;
    *count = 0;
    while ((*last = jb_stream_next(s, &pt_type, &v, a, &e)) == JB_OK) {
        sum += v.x;
        (*count)++;
    }
    jb_arena_free(a);
    return sum;
}

static void test_file(void) {
    FILE *f = temp_with(ndjson, sizeof ndjson - 1);
    jb_stream_options o = {.framing = JB_FRAMING_LINES, .flags = JB_STREAM_SKIP_BAD};
    jb_error e;
    size_t n;
    jb_status last;
    jb_stream *s = jb_stream_new_file(f, &o, &e);
    CHECK(drain(s, &n, &last) == 7);
    CHECK(n == 3 && last == JB_END && jb_stream_skipped(s) == 1);
    jb_stream_free(s);
    fclose(f);
    CHECK(jb_stream_new_file(NULL, &o, &e) == NULL && e.code == JB_E_ARG);
}

/* A thread writes text to a pipe in pieces; the stream reads the other end. */
typedef struct writer {
    int fd;
    const char *text;
    size_t len, piece;
    uint64_t gen_bytes; /* generate this many bytes of NDJSON instead of text */
    uint64_t gen_records;
} writer;

static void write_all(int fd, const char *p, size_t n) {
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return;
        p += k;
        n -= (size_t)k;
    }
}

static void *writer_main(void *arg) {
    writer *w = arg;
    if (w->gen_bytes) {
        /* records made on the fly: only this 64 KiB block exists */
        char block[65536];
        size_t used = 0;
        uint64_t out = 0;
        for (uint64_t i = 0; out < w->gen_bytes; i++) {
            char rec[128];
            int n = snprintf(rec, sizeof rec,
                             "{\"x\":%d,\"name\":\"record number %llu with some text\"}\n",
                             (int)(i % 1000), (unsigned long long)i);
            if (used + (size_t)n > sizeof block) {
                write_all(w->fd, block, used);
                used = 0;
            }
            memcpy(block + used, rec, (size_t)n);
            used += (size_t)n;
            out += (uint64_t)n;
            w->gen_records = i + 1;
        }
        write_all(w->fd, block, used);
    } else {
        for (size_t at = 0; at < w->len; at += w->piece)
            write_all(w->fd, w->text + at, w->len - at < w->piece ? w->len - at : w->piece);
    }
    close(w->fd);
    return NULL;
}

static void test_fd(void) {
    int p[2];
    CHECK(pipe(p) == 0);
    writer w = {p[1], ndjson, sizeof ndjson - 1, 7, 0, 0};
    pthread_t t;
    pthread_create(&t, NULL, writer_main, &w);
    jb_stream_options o = {.framing = JB_FRAMING_LINES, .flags = JB_STREAM_SKIP_BAD};
    jb_error e;
    size_t n;
    jb_status last;
    jb_stream *s = jb_stream_new_fd(p[0], &o, &e);
    CHECK(drain(s, &n, &last) == 7);
    CHECK(n == 3 && last == JB_END);
    jb_stream_free(s);
    pthread_join(t, NULL);
    close(p[0]);
    CHECK(jb_stream_new_fd(-1, &o, &e) == NULL && e.code == JB_E_ARG);
}

/* A read callback: bytes three at a time, then an I/O error. */
typedef struct src {
    const char *text;
    size_t len, at, fail_at;
} src;

static int src_read(void *ctx, char *buf, size_t cap, size_t *got) {
    src *s = ctx;
    size_t n = s->len - s->at < 3 ? s->len - s->at : 3;
    if (s->fail_at && s->at >= s->fail_at) {
        errno = EIO;
        return 1;
    }
    if (n > cap) n = cap;
    memcpy(buf, s->text + s->at, n);
    s->at += n;
    *got = n;
    return 0;
}

static void test_source(void) {
    src k = {ndjson, sizeof ndjson - 1, 0, 0};
    jb_stream_options o = {.framing = JB_FRAMING_LINES, .flags = JB_STREAM_SKIP_BAD};
    jb_error e;
    size_t n;
    jb_status last;
    jb_stream *s = jb_stream_new_source(src_read, &k, &o, &e);
    CHECK(drain(s, &n, &last) == 7 && n == 3 && last == JB_END);
    jb_stream_free(s);

    src bad = {ndjson, sizeof ndjson - 1, 0, 30};
    s = jb_stream_new_source(src_read, &bad, &o, &e);
    pt v;
    jb_arena *a = jb_arena_new();
    CHECK(jb_stream_next(s, &pt_type, &v, a, &e) == JB_OK && v.x == 1);
    CHECK(jb_stream_next(s, &pt_type, &v, a, &e) == JB_E_IO);
    CHECK(strstr(e.message, "reading the input failed") != NULL);
    CHECK(jb_stream_next(s, &pt_type, &v, a, &e) == JB_E_IO); /* it stays stopped */
    jb_stream_free(s);
    jb_arena_free(a);
    CHECK(jb_stream_new_source(NULL, NULL, &o, &e) == NULL && e.code == JB_E_ARG);
}

static void test_whole(void) {
    const char *doc = "{\"x\":5,\"name\":\"whole\"}";
    jb_arena *a = jb_arena_new();
    jb_error e;
    pt v;
    FILE *f = temp_with(doc, strlen(doc));
    CHECK(jb_decode_file(&pt_type, f, &v, a, NULL, &e) == JB_OK && v.x == 5);
    rewind(f);
    /* borrowed strings point into text the arena keeps */
    jb_read_options borrow = {.flags = JB_READ_BORROW_STRINGS};
    CHECK(jb_decode_file(&pt_type, f, &v, a, &borrow, &e) == JB_OK);
    CHECK(v.name.len == 5 && memcmp(v.name.ptr, "whole", 5) == 0);
    rewind(f);
    jb_value *dv;
    CHECK(jb_value_parse_file(f, &dv, a, NULL, &e) == JB_OK && jb_value_object_len(dv) == 2);
    fclose(f);

    /* by descriptor, and a limit */
    int p[2];
    CHECK(pipe(p) == 0);
    writer w = {p[1], doc, strlen(doc), 4, 0, 0};
    pthread_t t;
    pthread_create(&t, NULL, writer_main, &w);
    CHECK(jb_decode_fd(&pt_type, p[0], &v, a, NULL, &e) == JB_OK && v.x == 5);
    pthread_join(t, NULL);
    close(p[0]);
    f = temp_with(doc, strlen(doc));
    jb_read_options small = {.max_doc_size = 10};
    size_t used = jb_arena_used(a);
    CHECK(jb_decode_file(&pt_type, f, &v, a, &small, &e) == JB_E_LIMIT);
    CHECK(jb_arena_used(a) == used && v.x == 0);
    fclose(f);

    /* by path: a file there, and none */
    char path[] = "/tmp/jbind-io-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    write_all(fd, doc, strlen(doc));
    close(fd);
    CHECK(jb_decode_path(&pt_type, path, &v, a, NULL, &e) == JB_OK && v.x == 5);
    CHECK(jb_value_parse_path(path, &dv, a, NULL, &e) == JB_OK);
    unlink(path);
    CHECK(jb_decode_path(&pt_type, path, &v, a, NULL, &e) == JB_E_IO);
    CHECK(strstr(e.message, "cannot open") != NULL);
    CHECK(jb_value_parse_path(path, &dv, a, NULL, &e) == JB_E_IO && dv == NULL);
    CHECK(jb_decode_path(&pt_type, NULL, &v, a, NULL, &e) == JB_E_ARG);
    /* a decode error in a file names its place as jb_decode does */
    f = temp_with("{\"x\":1,\n\"name\":2}", 17);
    CHECK(jb_decode_file(&pt_type, f, &v, a, NULL, &e) == JB_E_TYPE);
    CHECK(e.line == 2 && e.column == 8 && strcmp(e.path, "$.name") == 0);
    fclose(f);
    jb_arena_free(a);
}

/* Sanitizers make RSS meaningless (shadow memory). */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
    __has_feature(memory_sanitizer)
#define SANITIZED 1
#endif
#endif

static double scale(void) {
    const char *s = getenv("JB_TEST_SCALE");
    double v = s ? atof(s) : 1.0;
    return v > 0 ? v : 1.0;
}

/* A long NDJSON stream through a pipe, never stored, in bounded memory. */
static void test_long_pipe(void) {
    const char *env = getenv("JB_STREAM_BYTES");
    uint64_t bytes = env ? strtoull(env, NULL, 10) : (uint64_t)(5e7 * scale());
    int p[2];
    CHECK(pipe(p) == 0);
    writer w = {p[1], NULL, 0, 0, bytes, 0};
    pthread_t t;
    pthread_create(&t, NULL, writer_main, &w);
    jb_stream_options o = {.framing = JB_FRAMING_LINES, .flags = JB_STREAM_RESET_ARENA};
    jb_error e;
    jb_arena *a = jb_arena_new();
    jb_stream *s = jb_stream_new_fd(p[0], &o, &e);
    pt v;
    uint64_t n = 0, sum = 0;
    jb_status st;
    while ((st = jb_stream_next(s, &pt_type, &v, a, &e)) == JB_OK) {
        n++;
        sum += (uint64_t)v.x;
    }
    CHECKF(st == JB_END, "%s %s", jb_status_name(st), e.message);
    pthread_join(t, NULL);
    close(p[0]);
    CHECK(n == w.gen_records);
    uint64_t want = 0;
    for (uint64_t i = 0; i < n; i++) want += i % 1000;
    CHECK(sum == want);
    CHECK(jb_arena_reserved(a) <= 64 * 1024); /* one record's memory, reset each time */
    jb_stream_free(s);
    jb_arena_free(a);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
#ifdef SANITIZED
    printf("%llu bytes, %llu records through a pipe (peak RSS %ld KiB, not checked under "
           "sanitizers)\n",
           (unsigned long long)bytes, (unsigned long long)n, ru.ru_maxrss);
#else
    CHECKF(ru.ru_maxrss < 64 * 1024, "peak RSS %ld KiB", ru.ru_maxrss);
    printf("%llu bytes, %llu records through a pipe, peak RSS %ld KiB\n", (unsigned long long)bytes,
           (unsigned long long)n, ru.ru_maxrss);
#endif
}

int main(void) {
    test_file();
    test_fd();
    test_source();
    test_whole();
    test_long_pipe();
    return check_report();
}
