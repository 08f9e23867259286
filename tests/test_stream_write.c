/* SPDX-License-Identifier: MIT */
/*
 * test_stream_write.c — writing streams (src/stream_write.c): records for
 * LINES, SEQ and CONCAT framing, typed and jb_value, to a jb_buf and to a
 * callback; the bytes are written by hand below; what is written reads
 * back through a stream to the same values; refusals and failures leave
 * the buffer as it was.
 */
#include <stdlib.h>

#include "check.h"
#include "jbind.h"
#include "stream_pt.h"

typedef struct fl {
    double d;
} fl;
static const jb_type fl_type = JB_RECORD(fl, JB_FIELD(fl, d, &jb_f64));

/* got[0..len) must be the literal want, byte for byte (its size is its length). */
#define CHECK_BYTES(got, len, want) CHECK_MEM_AT(__LINE__, (got), (len), (want), sizeof(want) - 1)

static int to_buf(void *ctx, const char *data, size_t len) {
    jb_buf *b = ctx;
    if (jb_buf_reserve(b, len)) return 1;
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

static int failing(void *ctx, const char *data, size_t len) {
    (void)ctx;
    (void)data;
    (void)len;
    return 1;
}

static void test_records(void) {
    pt a = {1, {"a\nb", 3}}, b = {2, {"c", 1}};
    jb_buf buf = JB_BUF_INIT;
    jb_error e;
    CHECK(jb_encode_record(&pt_type, &a, JB_FRAMING_LINES, &buf, NULL, &e) == JB_OK);
    CHECK(jb_encode_record(&pt_type, &b, JB_FRAMING_LINES, &buf, NULL, &e) == JB_OK);
    CHECK_BYTES(buf.data, buf.len, "{\"x\":1,\"name\":\"a\\nb\"}\n{\"x\":2,\"name\":\"c\"}\n");
    buf.len = 0;
    CHECK(jb_encode_record(&pt_type, &a, JB_FRAMING_SEQ, &buf, NULL, &e) == JB_OK);
    CHECK_BYTES(buf.data, buf.len, "\x1E{\"x\":1,\"name\":\"a\\nb\"}\n");
    buf.len = 0;
    jb_write_options pretty = {JB_WRITE_PRETTY, 2, 0, 0};
    CHECK(jb_encode_record(&pt_type, &b, JB_FRAMING_CONCAT, &buf, &pretty, &e) == JB_OK);
    CHECK_BYTES(buf.data, buf.len, "{\n  \"x\": 2,\n  \"name\": \"c\"\n}\n");

    /* refused: pretty LINES, framings without records; buf unchanged */
    size_t len = buf.len;
    CHECK(jb_encode_record(&pt_type, &b, JB_FRAMING_LINES, &buf, &pretty, &e) == JB_E_ARG);
    CHECK(jb_encode_record(&pt_type, &b, JB_FRAMING_ARRAY, &buf, NULL, &e) == JB_E_ARG);
    CHECK(jb_encode_record(&pt_type, &b, JB_FRAMING_SINGLE, &buf, NULL, &e) == JB_E_ARG);
    CHECK(jb_encode_record(NULL, &b, JB_FRAMING_LINES, &buf, NULL, &e) == JB_E_ARG);
    CHECK(jb_encode_record(&pt_type, &b, JB_FRAMING_LINES, NULL, NULL, &e) == JB_E_ARG);
    /* a value that cannot be encoded: the error, and buf as it was */
    fl nan = {0.0 / 0.0};
    CHECK(jb_encode_record(&fl_type, &nan, JB_FRAMING_SEQ, &buf, NULL, &e) == JB_E_NONFINITE);
    CHECK_EQ_INT(buf.len, len);
    jb_buf_free(&buf);

    /* to a callback, and a failing one */
    jb_buf out = JB_BUF_INIT;
    CHECK(jb_encode_record_to(&pt_type, &b, JB_FRAMING_SEQ, to_buf, &out, NULL, &e) == JB_OK);
    CHECK_BYTES(out.data, out.len, "\x1E{\"x\":2,\"name\":\"c\"}\n");
    CHECK(jb_encode_record_to(&pt_type, &b, JB_FRAMING_LINES, failing, NULL, NULL, &e) == JB_E_IO);
    CHECK(jb_encode_record_to(&pt_type, &b, JB_FRAMING_SEQ, failing, NULL, NULL, &e) == JB_E_IO);
    CHECK(jb_encode_record_to(&pt_type, &b, JB_FRAMING_LINES, NULL, NULL, NULL, &e) == JB_E_ARG);
    jb_buf_free(&out);
}

static void test_values(void) {
    jb_arena *a = jb_arena_new();
    jb_value *v;
    jb_error e;
    jb_buf buf = JB_BUF_INIT;
    CHECK(jb_value_parse("{\"k\": [1, 2.50]}", 16, &v, a, NULL, &e) == JB_OK);
    CHECK(jb_value_print_record(v, JB_FRAMING_LINES, &buf, NULL, &e) == JB_OK);
    CHECK(jb_value_print_record(v, JB_FRAMING_SEQ, &buf, NULL, &e) == JB_OK);
    CHECK_BYTES(buf.data, buf.len, "{\"k\":[1,2.5]}\n\x1E{\"k\":[1,2.5]}\n");
    jb_buf out = JB_BUF_INIT;
    CHECK(jb_value_print_record_to(v, JB_FRAMING_LINES, to_buf, &out, NULL, &e) == JB_OK);
    CHECK_BYTES(out.data, out.len, "{\"k\":[1,2.5]}\n");
    jb_buf_free(&out);
    jb_buf_free(&buf);
    jb_arena_free(a);
}

/* Written records read back as the same values, in each framing. */
static void test_round_trip(void) {
    const jb_framing frs[] = {JB_FRAMING_LINES, JB_FRAMING_SEQ, JB_FRAMING_CONCAT};
    for (size_t f = 0; f < 3; f++) {
        jb_buf buf = JB_BUF_INIT;
        jb_error e;
        for (int i = 0; i < 100; i++) {
            char name[16];
            int n = snprintf(name, sizeof name, "n%d\t\"", i);
            pt v = {i * 7 - 300, {name, (size_t)n}};
            CHECK(jb_encode_record(&pt_type, &v, frs[f], &buf, NULL, &e) == JB_OK);
        }
        jb_stream_options o = {.framing = frs[f]};
        jb_stream *s = jb_stream_new_buffer(buf.data, buf.len, &o, &e);
        jb_arena *a = jb_arena_new();
        pt v;
        int i = 0;
        while (jb_stream_next(s, &pt_type, &v, a, &e) == JB_OK) {
            char name[16];
            int n = snprintf(name, sizeof name, "n%d\t\"", i);
            CHECK(v.x == i * 7 - 300 && v.name.len == (size_t)n &&
                  memcmp(v.name.ptr, name, (size_t)n) == 0);
            i++;
        }
        CHECK_EQ_INT(i, 100);
        jb_stream_free(s);
        jb_arena_free(a);
        jb_buf_free(&buf);
    }
}

int main(void) {
    test_records();
    test_values();
    test_round_trip();
    return check_report();
}
