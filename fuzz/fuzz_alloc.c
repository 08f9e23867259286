/* SPDX-License-Identifier: MIT */
/*
 * fuzz_alloc — allocation failure. Every allocation goes through a
 * counting allocator that fails the N-th call (N from the input) and
 * tracks live bytes.
 * Input: [N lo] [N hi] [descriptor selector] [read-flags byte] JSON text.
 * Properties, for jb_decode over the zoo and for jb_value_parse:
 *   - the result is the status of an unfailing run, or JB_E_NOMEM;
 *   - on failure *out is zeroed (NULL for the DOM) and the arena's used
 *     size is what it was;
 *   - the arena stays usable: with failures switched off the same call
 *     then gives the unfailing status;
 *   - jb_encode into a jb_buf on that allocator fails only with
 *     JB_E_NOMEM and leaves buf->len as it was;
 *   - after jb_arena_free / jb_buf_free no byte is live.
 */
#include "zoo.h"

typedef struct {
    unsigned long calls, fail_at;
    size_t live;
} counting;

static void *counting_fn(void *ctx, void *p, size_t old, size_t n) {
    counting *c = ctx;
    if (n == 0) {
        if (p) c->live -= old;
        free(p);
        return NULL;
    }
    if (++c->calls == c->fail_at) return NULL;
    void *q = realloc(p, n);
    if (q) c->live += n - (p ? old : 0);
    return q;
}

int fuzz_alloc_one(const uint8_t *data, size_t size) {
    if (size < 4) return 0;
    counting c = {0, (unsigned long)data[0] | (unsigned long)data[1] << 8, 0};
    const jb_type *t = zoo_types[data[2] % zoo_count].type;
    jb_read_options o = fuzz_read_opts(data[3]);
    size_t n = size - 4;
    char *json = fuzz_copy(data + 4, n);
    jb_allocator al = {counting_fn, &c};
    void *out = malloc(t->size);
    char *zero = calloc(1, t->size);
    FUZZ_CHECK(out && zero);
    jb_error err;

    /* the unfailing run */
    jb_arena *ref = jb_arena_new();
    FUZZ_CHECK(ref != NULL);
    jb_status want = jb_decode(t, json, n, out, ref, &o, &err);
    jb_value *dv;
    jb_status want_dom = jb_value_parse(json, n, &dv, ref, &o, &err);
    jb_arena_free(ref);

    jb_arena *arena = jb_arena_new_with(&al, 0);
    if (!arena) {
        FUZZ_CHECK(c.live == 0);
        goto out;
    }
    size_t used0 = jb_arena_used(arena);
    jb_status st = jb_decode(t, json, n, out, arena, &o, &err);
    FUZZ_CHECK(st == want || st == JB_E_NOMEM);
    if (st != JB_OK) {
        FUZZ_CHECK(memcmp(out, zero, t->size) == 0);
        FUZZ_CHECK(jb_arena_used(arena) == used0);
    } else {
        /* encode on the failing allocator */
        jb_buf b = {NULL, 0, 0, &al};
        jb_write_options wo = {
            (o.flags & JB_READ_ALLOW_INVALID_UTF8) ? JB_WRITE_ALLOW_INVALID_UTF8 : 0u, 0, 0, 0};
        c.fail_at = c.calls + 1 + (data[0] & 3);
        jb_status es = jb_encode(t, out, &b, &wo, &err);
        FUZZ_CHECK(es == JB_OK || es == JB_E_NOMEM || es == JB_E_NONFINITE);
        if (es != JB_OK) FUZZ_CHECK(b.len == 0);
        jb_buf_free(&b);
    }
    /* the DOM on the same arena */
    c.fail_at = c.calls + 1 + (data[1] & 7);
    used0 = jb_arena_used(arena);
    jb_value *v = (jb_value *)1;
    st = jb_value_parse(json, n, &v, arena, &o, &err);
    FUZZ_CHECK(st == want_dom || st == JB_E_NOMEM);
    if (st != JB_OK) {
        FUZZ_CHECK(v == NULL);
        FUZZ_CHECK(jb_arena_used(arena) == used0);
    }
    /* failures off: the arena still works and gives the unfailing answer */
    c.fail_at = 0;
    jb_arena_reset(arena);
    st = jb_decode(t, json, n, out, arena, &o, &err);
    FUZZ_CHECK(st == want);
    jb_arena_free(arena);
    FUZZ_CHECK(c.live == 0);
out:
    free(out);
    free(zero);
    free(json);
    return 0;
}

FUZZ_ENTRY(fuzz_alloc_one)
