/* SPDX-License-Identifier: MIT */
/*
 * stream_push.c — push parsing (docs/streaming.md): bytes arrive in
 * chunks of any size, as from a socket; each element comes out as soon as
 * its last byte is in. Here the elements of the array at /orders of one
 * large document, fed 7 bytes at a time, while the rest of the document
 * is still checked.
 */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    int64_t id;
    double total;
} order;
static const jb_type order_type =
    JB_RECORD(order, JB_FIELD(order, id, &jb_i64), JB_FIELD(order, total, &jb_f64));

static const char doc[] = "{\"shop\": \"north\",\n"
                          " \"orders\": [{\"id\": 1, \"total\": 9.5},\n"
                          "            {\"id\": 2, \"total\": 120.25},\n"
                          "            {\"id\": 3, \"total\": 0.75}],\n"
                          " \"closed\": true}";

int main(void) {
    jb_stream_options opts = {.framing = JB_FRAMING_ARRAY, .pointer = "/orders"};
    jb_arena *arena = jb_arena_new();
    jb_error err;
    jb_stream *s = jb_stream_new(&opts, &err);
    size_t fed = 0, chunks = 0;
    double sum = 0;
    order o;
    jb_status st;
    for (;;) {
        st = jb_stream_next(s, &order_type, &o, arena, &err);
        if (st == JB_OK) {
            printf("after %zu bytes: order %lld, %.2f\n", fed, (long long)o.id, o.total);
            sum += o.total;
            continue;
        }
        if (st != JB_NEED_INPUT) break;
        /* the next chunk: it must stay valid until JB_NEED_INPUT again */
        size_t n = sizeof doc - 1 - fed < 7 ? sizeof doc - 1 - fed : 7;
        jb_stream_feed(s, doc + fed, n);
        fed += n;
        chunks++;
        if (fed == sizeof doc - 1) jb_stream_finish(s);
    }
    printf("%s after %zu chunks: %zu orders, %.2f in all\n", jb_status_name(st), chunks,
           jb_stream_index(s), sum);
    jb_stream_free(s);

    /* the same bytes cut short: the error names the element and where */
    s = jb_stream_new_buffer(doc, 90, &opts, &err);
    while ((st = jb_stream_next(s, &order_type, &o, arena, &err)) == JB_OK) {}
    printf("cut at 90 bytes: %s: element %zu, line %zu, column %zu: %s (at %s)\n",
           jb_status_name(st), err.index, err.line, err.column, err.message, err.path);
    jb_stream_free(s);
    jb_arena_free(arena);
    return 0;
}
