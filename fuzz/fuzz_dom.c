/* SPDX-License-Identifier: MIT */
/*
 * fuzz_dom — jb_value_parse with flags from the first input byte.
 * Properties: a failure leaves *out NULL, the arena as it was, and err set;
 * on success parse -> print -> parse is a fixed point (jb_value_equal, and
 * the second print is byte-identical to the first); the pretty print
 * parses to an equal tree; a deep copy is equal and prints the same;
 * sorted and canonical prints parse back.
 */
#include "fuzz.h"

static jb_status print(const jb_value *v, jb_buf *b, uint32_t flags) {
    jb_write_options wo = {flags, 0, 0, 0};
    b->len = 0;
    return jb_value_print(v, b, &wo, NULL);
}

int fuzz_dom_one(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    jb_read_options o = fuzz_read_opts(data[0]);
    /* DOM-relevant: duplicate-key rejection instead of last-wins */
    if (o.flags & (JB_READ_DUPLICATE_LAST_WINS | JB_READ_DUPLICATE_FIRST_WINS)) {
        o.flags &= ~(uint32_t)(JB_READ_DUPLICATE_LAST_WINS | JB_READ_DUPLICATE_FIRST_WINS);
        o.flags |= JB_READ_REJECT_DUPLICATE_KEYS;
    }
    size_t n = size - 1;
    char *json = fuzz_copy(data + 1, n);
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    jb_value *v = (jb_value *)1, *v2 = NULL, *v3 = NULL;
    jb_buf p1 = JB_BUF_INIT, p2 = JB_BUF_INIT;
    jb_error err;
    uint32_t wf = (o.flags & JB_READ_ALLOW_INVALID_UTF8) ? JB_WRITE_ALLOW_INVALID_UTF8 : 0;
    /* the re-parse takes what print writes: strict, but invalid UTF-8 kept */
    jb_read_options o2 = {o.flags & JB_READ_ALLOW_INVALID_UTF8, o.max_depth, 0, 0, 0, 0, NULL};

    size_t used0 = jb_arena_used(arena);
    jb_status st = jb_value_parse(json, n, &v, arena, &o, &err);
    if (st != JB_OK) {
        FUZZ_CHECK(v == NULL);
        FUZZ_CHECK(err.code == st);
        FUZZ_CHECK(jb_arena_used(arena) == used0);
        goto done;
    }
    FUZZ_CHECK(v != NULL);
    st = print(v, &p1, wf);
    if (st == JB_E_NONFINITE && (o.flags & JB_READ_ALLOW_NAN_INF)) goto done;
    FUZZ_CHECK(st == JB_OK);
    st = jb_value_parse(p1.data, p1.len, &v2, arena, &o2, &err);
    if (st != JB_OK)
        fprintf(stderr, "re-parse of [%.*s]: %s %s\n", (int)p1.len, p1.data, jb_status_name(st),
                err.message);
    FUZZ_CHECK(st == JB_OK);
    FUZZ_CHECK(jb_value_equal(v, v2));
    FUZZ_CHECK(print(v2, &p2, wf) == JB_OK);
    FUZZ_CHECK(p1.len == p2.len && memcmp(p1.data, p2.data, p1.len) == 0);

    /* pretty */
    FUZZ_CHECK(print(v, &p2, wf | JB_WRITE_PRETTY | JB_WRITE_ESCAPE_UNICODE) == JB_OK);
    FUZZ_CHECK(jb_value_parse(p2.data, p2.len, &v3, arena, &o2, &err) == JB_OK);
    FUZZ_CHECK(jb_value_equal(v, v3));
    /* copy */
    v3 = jb_value_copy(v, arena);
    FUZZ_CHECK(v3 != NULL && jb_value_equal(v, v3));
    FUZZ_CHECK(print(v3, &p2, wf) == JB_OK);
    FUZZ_CHECK(p1.len == p2.len && memcmp(p1.data, p2.data, p1.len) == 0);
    /* sorted keys: same tree as a map */
    FUZZ_CHECK(print(v, &p2, wf | JB_PRINT_SORT_KEYS) == JB_OK);
    FUZZ_CHECK(jb_value_parse(p2.data, p2.len, &v3, arena, &o2, &err) == JB_OK);
    FUZZ_CHECK(jb_value_equal(v, v3));
    /* canonical (RFC 8785): may refuse duplicates, invalid UTF-8, big numbers */
    st = print(v, &p2, JB_PRINT_CANONICAL);
    if (st == JB_OK) {
        jb_read_options o3 = {0, o.max_depth, 0, 0, 0, 0, NULL};
        FUZZ_CHECK(jb_value_parse(p2.data, p2.len, &v3, arena, &o3, &err) == JB_OK);
    } else {
        FUZZ_CHECK(st == JB_E_DUPLICATE || st == JB_E_UTF8 || st == JB_E_NONFINITE ||
                   st == JB_E_RANGE || st == JB_E_VALUE);
    }
done:
    jb_buf_free(&p1);
    jb_buf_free(&p2);
    jb_arena_free(arena);
    free(json);
    return 0;
}

FUZZ_ENTRY(fuzz_dom_one)
