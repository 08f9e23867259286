/* SPDX-License-Identifier: MIT */
/*
 * fuzz_roundtrip — typed values built from the fuzz bytes (zoo_gen: random
 * shapes and values within the zoo) are encoded, decoded back with strict
 * options and compared with zoo_equal; the decoded value re-encodes to the
 * same bytes.
 * Input: [descriptor selector] [write-options byte] generator bytes.
 */
#include "zoo.h"

int fuzz_roundtrip_one(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    const zoo_entry *z = &zoo_types[data[0] % zoo_count];
    const jb_type *t = z->type;
    jb_write_options wo = {0, 0, 0, 0};
    uint8_t w = data[1];
    if (w & 0x01) wo.flags |= JB_WRITE_PRETTY;
    if (w & 0x02) wo.flags |= JB_WRITE_ESCAPE_UNICODE;
    if (w & 0x04) wo.flags |= JB_WRITE_ESCAPE_SLASH;
    wo.indent = (w >> 3) & 3;
    wo.float_style = (uint32_t)((w >> 5) % 6); /* 0 (ECMA) .. JB_FLOAT_JAVA */
    fuzz_src src = {data + 2, size - 2};
    jb_arena *gen = jb_arena_new(), *arena = jb_arena_new();
    FUZZ_CHECK(gen && arena);
    void *v1 = malloc(t->size), *v2 = malloc(t->size);
    FUZZ_CHECK(v1 && v2);
    zoo_gen(t, v1, &src, gen, 0);

    jb_buf e1 = JB_BUF_INIT, e2 = JB_BUF_INIT;
    jb_error err;
    jb_status st = jb_encode(t, v1, &e1, &wo, &err);
    if (st != JB_OK)
        fprintf(stderr, "%s: encode: %s %s at %s\n", z->name, jb_status_name(st), err.message,
                err.path);
    FUZZ_CHECK(st == JB_OK);
    char *json = fuzz_copy((const uint8_t *)e1.data, e1.len);
    st = jb_decode(t, json, e1.len, v2, arena, NULL, &err);
    if (st != JB_OK)
        fprintf(stderr, "%s: decode of [%.*s]: %s %s at %s\n", z->name, (int)e1.len, e1.data,
                jb_status_name(st), err.message, err.path);
    FUZZ_CHECK(st == JB_OK);
    if (!zoo_equal(t, v1, v2))
        fprintf(stderr, "%s: decoded value differs; JSON [%.*s]\n", z->name, (int)e1.len, e1.data);
    FUZZ_CHECK(zoo_equal(t, v1, v2));
    FUZZ_CHECK(jb_encode(t, v2, &e2, &wo, &err) == JB_OK);
    FUZZ_CHECK(e1.len == e2.len && memcmp(e1.data, e2.data, e1.len) == 0);

    jb_buf_free(&e1);
    jb_buf_free(&e2);
    jb_arena_free(gen);
    jb_arena_free(arena);
    free(json);
    free(v1);
    free(v2);
    return 0;
}

FUZZ_ENTRY(fuzz_roundtrip_one)
