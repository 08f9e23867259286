/* SPDX-License-Identifier: MIT */
/*
 * fuzz_typed — jb_decode over the descriptor zoo (zoo.c).
 * Input: [descriptor selector] [read-flags byte] JSON text.
 * Properties: a failed decode leaves *out zeroed and the arena as it was;
 * a decoded value re-encodes; the encoding re-decodes (same options) to a
 * deep-equal value, which re-encodes to identical bytes.
 */
#include "zoo.h"

int fuzz_typed_one(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    const jb_type *t = zoo_types[data[0] % zoo_count].type;
    jb_read_options o = fuzz_read_opts(data[1]);
    char *json = fuzz_copy(data + 2, size - 2);
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    void *v1 = malloc(t->size), *v2 = malloc(t->size);
    char *zero = calloc(1, t->size);
    FUZZ_CHECK(v1 && v2 && zero);
    jb_buf e1 = JB_BUF_INIT, e2 = JB_BUF_INIT;
    jb_write_options wo = {0, 0, 0, 0};
    if (o.flags & JB_READ_ALLOW_INVALID_UTF8) wo.flags |= JB_WRITE_ALLOW_INVALID_UTF8;
    jb_error err;

    size_t used0 = jb_arena_used(arena);
    jb_status st = jb_decode(t, json, size - 2, v1, arena, &o, &err);
    if (st != JB_OK) {
        FUZZ_CHECK(err.code == st);
        FUZZ_CHECK(memcmp(v1, zero, t->size) == 0);
        FUZZ_CHECK(jb_arena_used(arena) == used0);
        goto done;
    }
    st = jb_encode(t, v1, &e1, &wo, &err);
    if (st == JB_E_NONFINITE && (o.flags & JB_READ_ALLOW_NAN_INF)) goto done;
    if (st != JB_OK)
        fprintf(stderr, "encode: %s %s at %s\n", jb_status_name(st), err.message, err.path);
    FUZZ_CHECK(st == JB_OK);
    st = jb_decode(t, e1.data ? e1.data : "", e1.len, v2, arena, &o, &err);
    if (st != JB_OK)
        fprintf(stderr, "re-decode of [%.*s]: %s %s at %s\n", (int)e1.len, e1.data,
                jb_status_name(st), err.message, err.path);
    FUZZ_CHECK(st == JB_OK);
    FUZZ_CHECK(zoo_equal(t, v1, v2));
    st = jb_encode(t, v2, &e2, &wo, &err);
    FUZZ_CHECK(st == JB_OK);
    if (e1.len != e2.len || memcmp(e1.data, e2.data, e1.len) != 0)
        fprintf(stderr, "not a fixed point:\n  [%.*s]\n  [%.*s]\n", (int)e1.len, e1.data,
                (int)e2.len, e2.data);
    FUZZ_CHECK(e1.len == e2.len && memcmp(e1.data, e2.data, e1.len) == 0);
done:
    jb_buf_free(&e1);
    jb_buf_free(&e2);
    jb_arena_free(arena);
    free(v1);
    free(v2);
    free(zero);
    free(json);
    return 0;
}

FUZZ_ENTRY(fuzz_typed_one)
