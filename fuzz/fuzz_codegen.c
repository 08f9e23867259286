/* SPDX-License-Identifier: MIT */
/*
 * fuzz_codegen — the generated codecs against the interpreter, over the
 * zoo (every kind and option). For a value built from the fuzz bytes: its
 * encoding by both (same status, same bytes, same error); the decoding of
 * that text, of the text with one byte changed, of the text cut short and
 * of the raw fuzz bytes by both (same status, same error: code, offset,
 * line, column, path and message; same value; same arena use).
 * Input: [descriptor selector] [options byte] [mutation byte] generator bytes.
 */
#include "codegen_zoo.h"

static const jb_type *cg_roots[128];
static size_t cg_nroots;

static void attach_once(void) {
    if (cg_nroots) return;
    cg_nroots = zoo_roots(cg_roots);
    FUZZ_CHECK(jbgen_zoo_attach_roots(cg_roots) == 1);
}

static void same_error(const jb_error *a, const jb_error *b) {
    FUZZ_CHECK(a->code == b->code);
    FUZZ_CHECK(a->offset == b->offset && a->line == b->line && a->column == b->column);
    FUZZ_CHECK(strcmp(a->path, b->path) == 0);
    FUZZ_CHECK(strcmp(a->message, b->message) == 0);
}

/* Decode json[0..n) both ways: same outcome. */
static void decode_both(const jb_type *t, const char *json, size_t n, const jb_read_options *ro) {
    char *copy = fuzz_copy((const uint8_t *)json, n);
    jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
    void *v1 = malloc(t->size), *v2 = malloc(t->size);
    FUZZ_CHECK(a1 && a2 && v1 && v2);
    jb_read_options o1 = *ro, o2 = *ro;
    o2.flags |= JB_READ_INTERPRET;
    jb_error e1, e2;
    jb_status s1 = jb_decode(t, copy, n, v1, a1, &o1, &e1);
    jb_status s2 = jb_decode(t, copy, n, v2, a2, &o2, &e2);
    if (s1 != s2)
        fprintf(stderr, "%s: generated %s, interpreter %s (%s) on [%.*s]\n", t->name, jb_status_name(s1),
                jb_status_name(s2), e2.message, (int)(n > 200 ? 200 : n), json);
    FUZZ_CHECK(s1 == s2);
    FUZZ_CHECK(jb_arena_used(a1) == jb_arena_used(a2));
    if (s1) {
        same_error(&e1, &e2);
    } else {
        if (!zoo_equal(t, v1, v2)) fprintf(stderr, "%s: values differ on [%.*s]\n", t->name, (int)n, json);
        FUZZ_CHECK(zoo_equal(t, v1, v2));
    }
    free(v1);
    free(v2);
    jb_arena_free(a1);
    jb_arena_free(a2);
    free(copy);
}

int fuzz_codegen_one(const uint8_t *data, size_t size) {
    if (size < 3) return 0;
    attach_once();
    const jb_type *t = cg_roots[data[0] % cg_nroots];
    uint8_t o = data[1], m = data[2];
    jb_write_options wo = {0, 0, 0, 0};
    jb_read_options ro = {0, 0, 0, 0, 0, 0, NULL};
    if (o & 0x01) wo.flags |= JB_WRITE_PRETTY;
    if (o & 0x02) wo.flags |= JB_WRITE_NONFINITE_NULL;
    if (m & 0x40) wo.flags |= JB_WRITE_ABSENT_NULL;
    if (o & 0x04) ro.flags |= JB_READ_BORROW_STRINGS;
    if (o & 0x08) ro.flags |= JB_READ_DENY_UNKNOWN;
    if (o & 0x10) ro.flags |= (o & 0x20) ? JB_READ_DUPLICATE_LAST_WINS : JB_READ_DUPLICATE_FIRST_WINS;
    if (o & 0x40) ro.max_depth = 1 + (m & 7);
    if (o & 0x80) ro.max_members = 1 + (m & 3);
    if (m & 0x08) ro.flags |= JB_READ_INTEGRAL_FLOATS;
    wo.float_style = (uint32_t)(m >> 4 & 3) * 2; /* inherit, RUST, DOTNET, RUST_RYU */
    fuzz_src src = {data + 3, size - 3};
    jb_arena *gen = jb_arena_new();
    void *v = calloc(1, t->size);
    FUZZ_CHECK(gen && v);
    zoo_gen(t, v, &src, gen, 0);

    /* encode: same bytes, or the same error */
    jb_buf b1 = JB_BUF_INIT, b2 = JB_BUF_INIT;
    jb_write_options w2 = wo;
    w2.flags |= JB_WRITE_INTERPRET;
    jb_error e1, e2;
    jb_status s1 = jb_encode(t, v, &b1, &wo, &e1), s2 = jb_encode(t, v, &b2, &w2, &e2);
    FUZZ_CHECK(s1 == s2);
    if (s1) same_error(&e1, &e2);
    else FUZZ_CHECK(b1.len == b2.len && memcmp(b1.data, b2.data, b1.len) == 0);

    if (!s1) {
        decode_both(t, b1.data, b1.len, &ro);
        if (b1.len) {
            size_t at = (size_t)m * 7919 % b1.len;
            char saved = b1.data[at];
            b1.data[at] = (char)(m & 0x80 ? data[size - 1] : "\",:{}[]0 n\\"[m % 11]);
            decode_both(t, b1.data, b1.len, &ro);
            b1.data[at] = saved;
            decode_both(t, b1.data, at, &ro); /* cut short */
        }
    }
    decode_both(t, (const char *)data + 3, size - 3, &ro);
    jb_buf_free(&b1);
    jb_buf_free(&b2);
    jb_arena_free(gen);
    free(v);
    return 0;
}

FUZZ_ENTRY(fuzz_codegen_one)
