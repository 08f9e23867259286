/* SPDX-License-Identifier: MIT */
/*
 * test_codegen — generated codecs (src/codegen*.c) against the interpreter.
 *
 * The zoo's descriptors (fuzz/zoo.c: every kind and option) are generated
 * at build time (tests/test_codegen.cmake) and attached here. Then:
 *   - the generated path really runs: hand-picked documents decode and
 *     values encode through the generated functions alone, with the
 *     interpreter's result;
 *   - a table of documents (valid, and broken in each way the decoder
 *     reports) decodes with the same status, error and value both ways;
 *   - the differential harness fuzz/fuzz_codegen.c runs over deterministic
 *     pseudo-random inputs (JB_TEST_SCALE scales their number) and over
 *     fuzz/corpus/codegen and fuzz/regressions/codegen;
 *   - a unit written from other descriptors, or by another version, does
 *     not attach, and the interpreter keeps running.
 */
#include <dirent.h>
#include <pthread.h>
#include <stdlib.h>

#include "check.h"
#include "codegen.h"
#include "codegen_zoo.h"
#include "decode.h"
#include "encode.h"
#include "small_stack.h"

extern jb_gen_unit jbgen_zoo_unit;

static const jb_type *roots[128];
static size_t nroots;

static const jb_type *zoo(const char *name) {
    for (size_t i = 0; i < zoo_count; i++)
        if (strcmp(zoo_types[i].name, name) == 0) return zoo_types[i].type;
    return NULL;
}

/* The generated decoder alone on json (no hand-over): true when it took
 * the whole document. */
static bool gen_only(const jb_type *t, const char *json, size_t len, void *out, jb_arena *a,
                     const jb_read_options *o) {
    const jb_gen_codec *c = jb__gen_codec(t);
    memset(out, 0, t->size);
    return c && jb__gen_doc(c, json, len, out, t->size, a, o, NULL);
}

/* The generated encoder alone into out (its length reset first). */
static bool gen_only_enc(const jb_type *t, const void *v, jb_buf *out, const jb_write_options *o) {
    const jb_gen_codec *c = jb__gen_codec(t);
    out->len = 0;
    return c && jb__gen_enc_doc(c, v, out, o);
}

/* Decode json with the generated decoder alone (no hand-over). */
static bool gen_decode(const jb_type *t, const char *json, void *out, jb_arena *a) {
    return gen_only(t, json, strlen(json), out, a, NULL);
}

/* Encode with the generated encoder alone. */
static bool gen_encode(const jb_type *t, const void *v, jb_buf *out) { return gen_only_enc(t, v, out, NULL); }

static void test_attached(void) {
#ifdef JB_TEST_COMPACT
    jb__cg_compact_min = 0; /* as the generator of this file had it */
#endif
    nroots = zoo_roots(roots);
    CHECK(jbgen_zoo_attach_roots(roots) == 1);
    CHECK(jbgen_zoo_attach_roots(roots) == 1); /* again: harmless */
    for (size_t i = 0; i < nroots; i++) CHECKF(jb_codegen_active(roots[i]), "root %zu", i);
    CHECK(!jb_codegen_active(&jb_i32));
    CHECK(!jb_codegen_active(NULL));
}

/* Documents the generated code takes itself, and what they decode to. */
static const struct {
    int line;
    const char *type, *json;
} taken[] = {
    {__LINE__, "scalars",
     "{\"b\":true,\"i8\":-5,\"i32\":7,\"u64\":18446744073709551615,\"f64\":0.5,\"s\":\"h\\u00e9\","
     "\"cs\":\"x\",\"c\":\"Red\",\"i64s\":\"12\"}"},
    {__LINE__, "opt_rec", "{\"a\":1,\"b\":\"x\",\"n\":null}"},
    /* a member's inline steps (codegen_dec.c record): one space after
     * the colon, null, and whitespace before a ',' or the close (the
     * shared sep: jb_gen_next, then the field after the last one) */
    {__LINE__, "opt_rec", "{\"a\": 1,\"b\": \"x\",\"c\": null,\"n\":null}"},
    {__LINE__, "opt_rec", "{\"a\":1 ,\"b\":\"x\"\n,\"c\":2.5 }"},
    {__LINE__, "opt_rec", "{\"a\":  1,\"b\":\n\"x\",\"c\":\t2.5,\"n\": \t4}"},
    {__LINE__, "tup", "[1,\"x\",\"Red\",[1,2]]"},
    {__LINE__, "shape_ext", "{\"Circle\":{\"r\":1}}"},
    {__LINE__, "shape_ext", "\"Empty\""},
    {__LINE__, "shape_int", "{\"kind\":\"Rect\",\"w\":1,\"h\":2}"},
    {__LINE__, "shape_adj", "{\"t\":\"Circle\",\"c\":{\"r\":2}}"},
    {__LINE__, "shape_arr", "[\"Circle\",{\"r\":3}]"},
    {__LINE__, "color", "\"Green\""},
    {__LINE__, "tree", "{\"v\":1,\"left\":{\"v\":2,\"left\":null,\"right\":null},\"right\":null}"},
    {__LINE__, "tree", NULL},
    /* a tuple of one leaf type laid out as an array (jb_gen_arr) */
    {__LINE__, "triple", "[1,-22,333]"},
    {__LINE__, "triple", "[ 4 , 5 ,6 ]"},
    {__LINE__, "triple", "[9223372036854775807,-9223372036854775808,0]"},
};

static void test_taken(void) {
    jb_arena *a = jb_arena_new(), *gen = jb_arena_new();
    jb_buf b1 = JB_BUF_INIT, b2 = JB_BUF_INIT;
    char v1[4096], v2[4096];
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
        const jb_type *t = zoo(taken[i].type);
        CHECK_AT(taken[i].line, t && t->size <= sizeof v1, "%s", taken[i].type);
        if (!t || t->size > sizeof v1) continue;
        const char *json = taken[i].json;
        if (!json) { /* a value made by the zoo's generator, encoded by the interpreter */
            static const uint8_t seed[] = {3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4};
            fuzz_src src = {seed, sizeof seed};
            memset(v1, 0, t->size);
            zoo_gen(t, v1, &src, gen, 0);
            jb_write_options wo = {JB_WRITE_INTERPRET, 0, 0, 0};
            b1.len = 0;
            CHECK_AT(taken[i].line, jb_encode(t, v1, &b1, &wo, NULL) == JB_OK, "%s", taken[i].type);
            CHECK_AT(taken[i].line, jb_buf_reserve(&b1, 1) == JB_OK, "%s", taken[i].type);
            b1.data[b1.len] = 0;
            json = b1.data;
        }
        jb_arena_reset(a);
        CHECK_AT(taken[i].line, gen_decode(t, json, v1, a), "%s: generated code gave up on %s", taken[i].type, json);
        jb_read_options ro = {JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
        CHECK_AT(taken[i].line, jb_decode(t, json, strlen(json), v2, a, &ro, NULL) == JB_OK, "%s", json);
        CHECK_AT(taken[i].line, zoo_equal(t, v1, v2), "%s: values differ on %s", taken[i].type, json);
        CHECK_AT(taken[i].line, gen_encode(t, v1, &b2), "%s: generated encoder gave up", taken[i].type);
        jb_write_options wo = {JB_WRITE_INTERPRET, 0, 0, 0};
        jb_buf b3 = JB_BUF_INIT;
        CHECK_AT(taken[i].line, jb_encode(t, v1, &b3, &wo, NULL) == JB_OK, "%s", taken[i].type);
        CHECK_MEM_AT(taken[i].line, b2.data, b2.len, b3.data, b3.len);
        jb_buf_free(&b3);
    }
    jb_buf_free(&b1);
    jb_buf_free(&b2);
    jb_arena_free(a);
    jb_arena_free(gen);
}

/* The call's JB_READ_INTEGRAL_FLOATS and float style stay on the generated
 * path (the pandoc example's options): no hand-over, the interpreter's
 * result. */
static void test_call_options(void) {
    const jb_type *t = zoo("scalars");
    char v[4096];
    CHECK(t && t->size <= sizeof v);
    if (!t || t->size > sizeof v) return;
    static const char json[] = "{\"i8\":7.0,\"u64\":1e3,\"f64\":1}";
    jb_arena *a = jb_arena_new();
    jb_read_options ro = {.flags = JB_READ_INTEGRAL_FLOATS};
    CHECK(gen_only(t, json, sizeof json - 1, v, a, &ro));
    jb_buf b = JB_BUF_INIT, want = JB_BUF_INIT;
    jb_write_options wo = {.float_style = JB_FLOAT_RUST};
    CHECK(gen_only_enc(t, v, &b, &wo));
    static const char expect[] = "{\"i8\":7,\"u64\":1000,\"f64\":1.0}";
    CHECK_MEM_AT(__LINE__, b.data, b.len, expect, sizeof expect - 1);
    wo.flags = JB_WRITE_INTERPRET;
    CHECK(jb_encode(t, v, &want, &wo, NULL) == JB_OK);
    CHECK_MEM_AT(__LINE__, b.data, b.len, want.data, want.len);
    jb_buf_free(&b);
    jb_buf_free(&want);
    jb_arena_free(a);
}

/* The same outcome both ways, for documents of every kind of failure. */
static const struct {
    int line;
    const char *type, *json;
    uint32_t flags;
} docs[] = {
    {__LINE__, "shape_ext", "{\"Circle\":{\"r\":1}}", 0},
    {__LINE__, "shape_ext", "{\"Circle\":{\"r\":1},}", 0},
    {__LINE__, "shape_ext", "{\"Circle\":{\"r\":1}} x", 0},
    {__LINE__, "shape_ext", "{\"Circle\":{\"r\":\"1\"}}", 0},
    {__LINE__, "shape_ext", "{\"Nope\":{}}", 0},
    {__LINE__, "shape_ext", "\"Circle\"", 0},
    {__LINE__, "shape_int", "{\"w\":1,\"kind\":\"Rect\",\"h\":2}", 0},
    {__LINE__, "shape_int", "{\"kind\":\"Rect\",\"w\":1,\"h\":2,\"kind\":\"Rect\"}", 0},
    {__LINE__, "shape_int", "{\"kind\":\"Rect\",\"w\":1,\"h\":2,\"x\":3}", 0},
    {__LINE__, "shape_int", "{\"kind\":\"Rect\",\"w\":1}", 0},
    {__LINE__, "shape_adj", "{\"t\":\"Circle\",\"c\":{\"r\":1},\"c\":{\"r\":2}}", 0},
    {__LINE__, "shape_adj", "{\"t\":\"Circle\"}", 0},
    {__LINE__, "shape_arr", "[\"Circle\"]", 0},
    {__LINE__, "shape_arr", "[\"Circle\",{\"r\":1},2]", 0},
    {__LINE__, "opt_rec", "{\"a\":null}", 0},
    {__LINE__, "opt_rec", "{\"zz\":1}", 0},
    {__LINE__, "opt_rec", "{\"c\":nullx}", 0},
    {__LINE__, "opt_rec", "{\"c\":null1,\"a\":2}", 0},
    {__LINE__, "opt_rec", "{\"c\":null", 0},
    {__LINE__, "opt_rec", "{\"c\":nul}", 0},
    {__LINE__, "opt_rec", "{\"c\":null ,\"a\":2 }", 0},
    {__LINE__, "opt_rec", "{\"a\":", 0},
    {__LINE__, "opt_rec", "{\"a\": ", 0},
    {__LINE__, "opt_rec", "{\"a\":1", 0},
    {__LINE__, "opt_rec", "{\"a\":1,", 0},
    {__LINE__, "opt_rec", "{\"a\":1 ,", 0},
    {__LINE__, "opt_rec", "{\"a\":1 ,\"a\":2}", 0},
    {__LINE__, "opt_rec", "{\"a\":1 ,}", 0},
    {__LINE__, "opt_rec", "{\"a\":1 x}", 0},
    {__LINE__, "opt_rec", "{\"zz\":1}", JB_READ_DENY_UNKNOWN},
    {__LINE__, "opt_rec", "{\"zz\":[1,{\"q\":\"\\u00e9\"}]}", 0},
    {__LINE__, "opt_rec", "{\"zz\":[1,{\"q\":\"\\ud800\"}]}", 0},
    {__LINE__, "opt_rec", "{\"zz\":\"0123456789abcdef\xff\",\"a\":1}", 0},
    {__LINE__, "opt_rec", "{\"zz\":\"0123456789abcdef\xff\",\"a\":1}", JB_READ_ALLOW_INVALID_UTF8},
    {__LINE__, "opt_rec", "{\"zz\":\"01234\x01\",\"a\":1}", 0},
    {__LINE__, "opt_rec", "{\"zz\":\"01234\\x\",\"a\":1}", 0},
    {__LINE__, "opt_rec", "{\"zz\":\"0123456789", 0},
    {__LINE__, "tup", "[]", 0},
    {__LINE__, "tup", "[1,2,3,4,5,6,7,8,9]", 0},
    {__LINE__, "tree", "{\"v\":1,\"left\":{\"v\":2},\"right\":{\"v\":3,\"left\":{}}}", 0},
    {__LINE__, "tree", "{\"v\":1,\"v\":2}", 0},
    {__LINE__, "tree", "{\"v\":1,\"v\":2}", JB_READ_DUPLICATE_LAST_WINS},
    {__LINE__, "tree", "{\"v\":1,\"v\":2}", JB_READ_DUPLICATE_FIRST_WINS},
    {__LINE__, "tree", "{\"\\u0076\":1}", 0},
    {__LINE__, "tree", "{\"v\" : 1 , \"left\" : null } ", 0},
    /* pretty-printed: line breaks and indentation of 2 to 40 spaces, tabs,
     * CRLF, blank lines, a '/' after the indentation, and the last line
     * breaks within 34 bytes of the end (jb_gen_ws's two paths) */
    {__LINE__, "tree",
     "{\n  \"v\": 1,\n  \"left\": {\n    \"v\": 2,\n    \"left\": {\n"
     "                                        \"v\": 3\n                    },\n"
     "    \"right\": null\n  },\n  \"right\": null\n}",
     0},
    {__LINE__, "tree",
     "{\n\t\"v\": 1,\r\n\t\t\"left\": null,\n\n  \"right\": {\r\n"
     "                                \"v\": 4\n                                 }\n}              "
     "    ",
     0},
    {__LINE__, "tree", "{\n  \"v\": 1,\n  /\"left\": null\n}                                    ",
     0},
    {__LINE__, "tree", "{\n  \"v\": 1,\n \t \"left\": null\n}                                    ",
     0},
    {__LINE__, "tree", "{\"v\":1e400}", 0},
    {__LINE__, "tree", "{\"v\":1,\"left\":{\"v\":2,\"left\":{\"v\":3,\"right\":{}}}}", 0},
    {__LINE__, "color", "\"purple\"", 0},
    {__LINE__, "color", "7", 0},
    {__LINE__, "scalars", "{\"b\":true,\"b\":false}", 0},
    {__LINE__, "scalars", "{\"i8\":300}", 0},
    {__LINE__, "scalars", "{\"u64\":18446744073709551615}", 0},
    {__LINE__, "scalars", "{\"u64\":18446744073709551616}", 0},
    {__LINE__, "scalars", "{\"i8\":7.0,\"u64\":1e3}", 0},
    {__LINE__, "scalars", "{\"i8\":7.0,\"u64\":1e3}", JB_READ_INTEGRAL_FLOATS},
    {__LINE__, "scalars", "{\"i8\":7.5}", JB_READ_INTEGRAL_FLOATS},
    {__LINE__, "scalars", "{\"s\":\"a\\u0000b\"}", 0},
    {__LINE__, "scalars", "{\"s\":\"\xff\"}", 0},
    {__LINE__, "misc", "{\"raw\":[1,2],\"num\":1.5e3}", 0},
    {__LINE__, "zoo", "{\"kids\":[{},{\"kids\":[{}]}]}", 0},
    {__LINE__, "zoo", "{\"u\":null,\"kids\":[{},{\"kids\":[{\"sc\":{}}]}]}", 0},
    {__LINE__, "interop", "{}", 0},
    {__LINE__, "sorted_maps", "{}", 0},
};

static void same_error(int line, const jb_error *a, const jb_error *b) {
    CHECK_AT(line, a->code == b->code, "code %d vs %d", a->code, b->code);
    CHECK_AT(line, a->offset == b->offset && a->line == b->line && a->column == b->column, "offset %zu vs %zu",
             a->offset, b->offset);
    CHECK_AT(line, strcmp(a->path, b->path) == 0, "path %s vs %s", a->path, b->path);
    CHECK_AT(line, strcmp(a->message, b->message) == 0, "message %s vs %s", a->message, b->message);
}

static void test_docs(void) {
    char v1[4096], v2[4096];
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        const jb_type *t = zoo(docs[i].type);
        CHECK_AT(docs[i].line, t && t->size <= sizeof v1, "%s", docs[i].type);
        if (!t || t->size > sizeof v1) continue;
        jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
        jb_read_options o1 = {docs[i].flags, 0, 0, 0, 0, 0, NULL}, o2 = {docs[i].flags | JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
        jb_error e1, e2;
        size_t n = strlen(docs[i].json);
        char *copy = malloc(n ? n : 1);
        memcpy(copy, docs[i].json, n);
        jb_status s1 = jb_decode(t, copy, n, v1, a1, &o1, &e1), s2 = jb_decode(t, copy, n, v2, a2, &o2, &e2);
        CHECK_AT(docs[i].line, s1 == s2, "%s: %s vs %s", docs[i].json, jb_status_name(s1), jb_status_name(s2));
        CHECK_AT(docs[i].line, jb_arena_used(a1) == jb_arena_used(a2), "arena %zu vs %zu", jb_arena_used(a1),
                 jb_arena_used(a2));
        if (s1 == s2 && s1) same_error(docs[i].line, &e1, &e2);
        if (s1 == s2 && !s1) CHECK_AT(docs[i].line, zoo_equal(t, v1, v2), "%s: values differ", docs[i].json);
        free(copy);
        jb_arena_free(a1);
        jb_arena_free(a2);
    }
}

/* opt_rec's memory (fuzz/zoo.c), to read the decoded fields. */
typedef struct {
    int32_t a;
    jb_str b;
    bool has_c;
    double c;
    int64_t *p;
    bool has_q;
    jb_str *q;
    bool has_n;
    int32_t n;
} opt_rec_mem;

/*
 * Keys off the expected order (jb_gen_field's key_plain, the plan's name
 * filter in jb__names_find): plain keys of every length from 0 to 40 at
 * every offset of a word, unknown and known, aliases, and the keys
 * key_plain leaves to the reader (escapes, non-ASCII bytes, a space
 * before the colon, fewer than 8 bytes left). Each document is taken by
 * the generated code alone and by the interpreter, with the values given
 * here (not the other path's).
 */
static void check_opt(int line, const char *json, int32_t a, const char *b,
                      const jb_read_options *o) {
    const jb_type *t = zoo("opt_rec");
    opt_rec_mem v1, v2;
    jb_arena *ar = jb_arena_new();
    CHECK_AT(line, t && t->size == sizeof v1, "opt_rec's size");
    if (!t || t->size != sizeof v1) return;
    CHECK_AT(line, gen_only(t, json, strlen(json), &v1, ar, o), "generated code gave up on %s", json);
    CHECK_AT(line, v1.a == a && v1.b.len == strlen(b) && memcmp(v1.b.ptr, b, v1.b.len) == 0,
             "generated: a %d b %.*s on %s", (int)v1.a, (int)v1.b.len, v1.b.ptr, json);
    jb_read_options ro = o ? *o : (jb_read_options){0};
    ro.flags |= JB_READ_INTERPRET;
    CHECK_AT(line, jb_decode(t, json, strlen(json), &v2, ar, &ro, NULL) == JB_OK,
             "interpreter on %s", json);
    CHECK_AT(line, v2.a == a && v2.b.len == strlen(b) && memcmp(v2.b.ptr, b, v2.b.len) == 0,
             "interpreter: a %d b %.*s on %s", (int)v2.a, (int)v2.b.len, v2.b.ptr, json);
    jb_arena_free(ar);
}

/* fmtrec (fuzz/zoo.c): camelCase names longer than a word. */
typedef struct {
    int32_t user_id;
    bool has_display_name;
    jb_str display_name;
    char last_shape[32];
} fmtrec_mem;

static void check_fmt(int line, const char *json, int32_t id, const char *name) {
    const jb_type *t = zoo("fmtrec");
    fmtrec_mem v1, v2;
    jb_arena *ar = jb_arena_new();
    CHECK_AT(line, t && t->size <= sizeof v1, "fmtrec's size");
    if (!t || t->size > sizeof v1) return;
    CHECK_AT(line, gen_only(t, json, strlen(json), &v1, ar, NULL), "generated code gave up on %s", json);
    CHECK_AT(line,
             v1.user_id == id && v1.has_display_name && v1.display_name.len == strlen(name) &&
                 memcmp(v1.display_name.ptr, name, v1.display_name.len) == 0,
             "generated: %d %.*s on %s", (int)v1.user_id, (int)v1.display_name.len,
             v1.display_name.ptr, json);
    jb_read_options ro = {.flags = JB_READ_INTERPRET};
    CHECK_AT(line, jb_decode(t, json, strlen(json), &v2, ar, &ro, NULL) == JB_OK,
             "interpreter on %s", json);
    CHECK_AT(line,
             v2.user_id == id && v2.has_display_name && v2.display_name.len == strlen(name) &&
                 memcmp(v2.display_name.ptr, name, v2.display_name.len) == 0,
             "interpreter: %d %.*s on %s", (int)v2.user_id, (int)v2.display_name.len,
             v2.display_name.ptr, json);
    jb_arena_free(ar);
}

static void test_keys(void) {
    char json[512], key[64], bval[16];
    for (int n = 0; n <= 40; n++) {
        memset(key, 'k', (size_t)n);
        key[n] = 0;
        /* unknown plain keys before, between and after the known ones, and
         * a known one after each; padding moves the key across a word */
        for (int pad = 0; pad < 8; pad++) {
            snprintf(
                json, sizeof json,
                "{\"%.*s\":0,\"%s\":[1,{\"x\":2}],\"b\":\"s%d\",\"%s\":\"z\",\"a\":%d,\"%s\":3}",
                pad, "wwwwwwww", key, n, key, n, key);
            snprintf(bval, sizeof bval, "s%d", n);
            check_opt(__LINE__, json, n, bval, NULL);
        }
    }
    /* a byte that stops key_plain's steps (an escape, a byte >= 0x80, a
     * control byte, invalid UTF-8) at every place of the first two 16-byte
     * steps of an unknown key: the well-formed keys are read (through
     * the reader), the others refused by the generated code as by the
     * interpreter */
    for (int n = 0; n <= 40; n++) {
        static const char *const ok[] = {"\\u0061", "\xc3\xa9", "\\\"", "\\n"};
        static const char *const bad[] = {"\x01", "\x1f", "\xff", "\xc3", "\x80"};
        opt_rec_mem v;
        jb_arena *ar = jb_arena_new();
        jb_read_options ro = {0};
        const jb_type *t = zoo("opt_rec");
        ro.flags = JB_READ_INTERPRET;
        memset(key, 'k', (size_t)n);
        key[n] = 0;
        for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
            snprintf(json, sizeof json, "{\"%s%skk\":1,\"b\":\"s%d\",\"a\":%d}", key, ok[i], n, n);
            snprintf(bval, sizeof bval, "s%d", n);
            check_opt(__LINE__, json, n, bval, NULL);
        }
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            snprintf(json, sizeof json, "{\"b\":\"x\",\"%s%skk\":1,\"a\":2}", key, bad[i]);
            CHECKF(t && !gen_only(t, json, strlen(json), &v, ar, NULL), "generated code took %s",
                   json);
            CHECKF(t && jb_decode(t, json, strlen(json), &v, ar, &ro, NULL) != JB_OK,
                   "interpreter took %s", json);
        }
        jb_arena_free(ar);
    }
    /* unknown numbers and literals (jb_gen_skip's in-line cases) before
     * each delimiter, and the forms they decline, which both paths
     * refuse */
    {
        static const char *const ok[] = {"0",    "-0",    "7",       "-12",
                                         "1.5",  "1e5",   "-2.5E-3", "12345678901234567890123",
                                         "true", "false", "null"};
        static const char *const seps[] = {",", " ,", "\n,", "\t,", "\r\n,"};
        static const char *const bad[] = {"01",    "1.",    "-",      "1x", "tru", "nul", "fals",
                                          "truex", "nulll", "falsey", "1/", "+1",  "NaN", "t"};
        opt_rec_mem v;
        jb_arena *ar = jb_arena_new();
        jb_read_options ro = {0};
        const jb_type *t = zoo("opt_rec");
        ro.flags = JB_READ_INTERPRET;
        for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
            for (size_t j = 0; j < sizeof seps / sizeof seps[0]; j++) {
                snprintf(json, sizeof json, "{\"u\":%s%s\"b\":\"v\",\"w\":%s%s\"a\":3,\"z\":%s}",
                         ok[i], seps[j], ok[i], seps[j], ok[i]);
                check_opt(__LINE__, json, 3, "v", NULL);
            }
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            snprintf(json, sizeof json, "{\"b\":\"x\",\"u\":%s,\"a\":2}", bad[i]);
            CHECKF(t && !gen_only(t, json, strlen(json), &v, ar, NULL), "generated code took %s",
                   json);
            CHECKF(t && jb_decode(t, json, strlen(json), &v, ar, &ro, NULL) != JB_OK,
                   "interpreter took %s", json);
        }
        jb_arena_free(ar);
    }
    /* known keys of 6, 9 and 11 bytes out of order, among unknown ones
     * one byte longer or shorter */
    check_fmt(__LINE__,
              "{\"lastShape\":{\"tag\":\"Empty\"},\"displayNam\":\"no\",\"displayName\":\"dn\","
              "\"userId\":7}",
              7, "dn");
    check_fmt(__LINE__,
              "{\"displayNamex\":\"no\",\"userI\":1,\"userIdd\":2,\"displayName\":\"d2\","
              "\"lastShapes\":0,"
              "\"userId\":-1,\"lastShap\":0,\"lastShape\":{\"tag\":\"Empty\"}}",
              -1, "d2");
    check_opt(__LINE__, "{\"b\":\"x\",\"a\":5,\"q\":null}", 5, "x", NULL); /* known, out of order */
    check_opt(__LINE__, "{\"bee\":\"y\",\"zzzzzzzzzzzzzzzzz\":1,\"a\":-3}", -3, "y",
              NULL); /* an alias */
    check_opt(__LINE__, "{\"qqqqqqqqqqqqq\":1,\"B\":\"w\",\"a\":2}", 2, "w",
              NULL); /* the other alias */
    check_opt(__LINE__, "{\"zz\":1,\"b\\u0065e\":\"e\",\"\\u0061\":4,\"c\":1}", 4, "e",
              NULL); /* escapes */
    check_opt(__LINE__, "{\"\xc3\xa9t\xc3\xa9\":1,\"b\":\"\xc3\xa9\",\"a\":6,\"c\":2}", 6,
              "\xc3\xa9", NULL);
    check_opt(__LINE__, "{\"zzz\" : 1 ,\"b\"  :\"sp\", \"a\"\n:\t8 }", 8, "sp",
              NULL); /* space before ':' */
    check_opt(__LINE__, "{\"zzz\":1,\"b\":\"e\",\"a\":9}", 9, "e",
              NULL); /* "a" is under 8 bytes from the end */
    check_opt(__LINE__, "{\"zzz\":1,\"b\":\"e\",\"aa\":0,\"a\":12345678}", 12345678, "e", NULL);
    check_opt(__LINE__, "{\"a\":1,\"b\":\"v\",\"ab\":1,\"ba\":2,\"bb\":3,\"aaa\":4,\"bea\":5}", 1,
              "v", NULL);
    /* unknown string values (jb_gen_skip's scan) of every length, plain,
     * non-ASCII and escaped, then the known fields */
    for (int n = 0; n <= 40; n++) {
        char val[64];
        memset(val, 'v', (size_t)n);
        val[n] = 0;
        snprintf(json, sizeof json,
                 "{\"u\":\"%s\",\"w\":\"%s\xc3\xa9\",\"x\":\"%s\\n\",\"b\":\"%d\",\"a\":%d}", val,
                 val, val, n, n);
        snprintf(bval, sizeof bval, "%d", n);
        check_opt(__LINE__, json, n, bval, NULL);
    }
    /* a key at max_string_len and one past it: the past one hands over */
    jb_read_options lim = {.max_string_len = 12};
    check_opt(__LINE__, "{\"yyyyyyyyyyyy\":1,\"b\":\"short\",\"a\":3}", 3, "short", &lim);
    static const char past[] = "{\"b\":\"e\",\"yyyyyyyyyyyyy\":1,\"a\":3}";
    const jb_type *t = zoo("opt_rec");
    opt_rec_mem v;
    jb_error e1, e2;
    jb_arena *ar = jb_arena_new();
    jb_read_options o1 = lim, o2 = lim;
    o2.flags |= JB_READ_INTERPRET;
    CHECK(jb_decode(t, past, sizeof past - 1, &v, ar, &o1, &e1) == JB_E_LIMIT);
    CHECK(jb_decode(t, past, sizeof past - 1, &v, ar, &o2, &e2) == JB_E_LIMIT);
    CHECK(e1.offset == 9);
    same_error(__LINE__, &e1, &e2);
    /* an unknown member's string value at max_string_len, and past it */
    check_opt(__LINE__, "{\"b\":\"e\",\"y\":\"yyyyyyyyyyyy\",\"a\":3}", 3, "e", &lim);
    static const char vpast[] = "{\"b\":\"e\",\"y\":\"yyyyyyyyyyyyy\",\"a\":3}";
    CHECK(jb_decode(t, vpast, sizeof vpast - 1, &v, ar, &o1, &e1) == JB_E_LIMIT);
    CHECK(jb_decode(t, vpast, sizeof vpast - 1, &v, ar, &o2, &e2) == JB_E_LIMIT);
    CHECK(e1.offset == 13);
    same_error(__LINE__, &e1, &e2);
    jb_arena_free(ar);
}

/* Integers on the generated path: jb_gen_int's word-at-a-time tokens (up
 * to 20 digits, a sign, a delimiter after) and everything it leaves to
 * jb__dec_int, for every integer kind, with at least 22 bytes after the
 * token (the word path) and with the document ending right after it (the
 * fallback). Both ways give the same outcome; a plain token in range is
 * taken by the generated code alone and stores the hand-written value. */
static const struct {
    const char *tok;
    int plain; /* a valid integer token: neg and mag are its value */
    int neg;
    uint64_t mag;
} int_toks[] = {
    {"0", 1, 0, 0},
    {"-0", 1, 1, 0},
    {"7", 1, 0, 7},
    {"-7", 1, 1, 7},
    {"127", 1, 0, 127},
    {"128", 1, 0, 128},
    {"-128", 1, 1, 128},
    {"-129", 1, 1, 129},
    {"255", 1, 0, 255},
    {"256", 1, 0, 256},
    {"32767", 1, 0, 32767},
    {"-32769", 1, 1, 32769},
    {"65535", 1, 0, 65535},
    {"65536", 1, 0, 65536},
    {"1234567", 1, 0, 1234567},
    {"12345678", 1, 0, 12345678},
    {"-12345678", 1, 1, 12345678},
    {"123456789", 1, 0, 123456789},
    {"205705999", 1, 0, 205705999},
    {"2147483647", 1, 0, 2147483647},
    {"2147483648", 1, 0, 2147483648u},
    {"-2147483648", 1, 1, 2147483648u},
    {"-2147483649", 1, 1, 2147483649u},
    {"4294967295", 1, 0, 4294967295u},
    {"4294967296", 1, 0, 4294967296u},
    {"999999999999999", 1, 0, 999999999999999u},
    {"-999999999999999", 1, 1, 999999999999999u},
    {"1000000000000000", 1, 0, 1000000000000000u},
    {"12345678901234567", 1, 0, 12345678901234567u},
    {"9223372036854775807", 1, 0, 9223372036854775807u},
    {"-9223372036854775808", 1, 1, 9223372036854775808u},
    {"9223372036854775808", 1, 0, 9223372036854775808u},
    {"18446744073709551615", 1, 0, 18446744073709551615u},
    {"18446744073709551616", 0, 0, 0},
    {"99999999999999999999", 0, 0, 0},
    {"123456789012345678901", 0, 0, 0},
    {"10000000000000000000", 1, 0, 10000000000000000000u},
    {"-9223372036854775809", 1, 1, 9223372036854775809u},
    {"-18446744073709551615", 1, 1, 18446744073709551615u},
    {"1234567890123456789", 1, 0, 1234567890123456789u},
    {"-1234567890123456789", 1, 1, 1234567890123456789u},
    {"0123456789012345678", 0, 0, 0},
    /* 2 to 4 digits, and 5 to 7 (the one-word paths) */
    {"12", 1, 0, 12},
    {"-99", 1, 1, 99},
    {"100", 1, 0, 100},
    {"9999", 1, 0, 9999},
    {"-1000", 1, 1, 1000},
    {"10000", 1, 0, 10000},
    {"-654321", 1, 1, 654321},
    {"0.5", 0, 0, 0},
    {"-a", 0, 0, 0},
    {"1/", 0, 0, 0},
    {"01", 0, 0, 0},
    {"-01", 0, 0, 0},
    {"00000000", 0, 0, 0},
    {"-", 0, 0, 0},
    {"--1", 0, 0, 0},
    {"1.0", 0, 0, 0},
    {"1e2", 0, 0, 0},
    {"12345678.5", 0, 0, 0},
    {"1x", 0, 0, 0},
    {"\"1\"", 0, 0, 0},
    {"true", 0, 0, 0},
};

/* An integer of size bytes at at, as a uint64_t (sign-extended when
 * signed): the value widened the same way on every byte order. */
static uint64_t stored_int(const char *at, size_t size, bool is_signed) {
    union { uint8_t b; uint16_t h; uint32_t w; uint64_t d; } x;
    memcpy(&x, at, size);
    uint64_t u = size == 1 ? x.b : size == 2 ? x.h : size == 4 ? x.w : x.d;
    unsigned bits = (unsigned)size * 8;
    if (is_signed && bits < 64 && (u >> (bits - 1))) u |= ~(uint64_t)0 << bits;
    return u;
}

static void test_ints(void) {
    static const struct {
        const char *name;
        int64_t min;
        uint64_t max;
    } kinds[] = {
        {"i8", INT8_MIN, INT8_MAX},      {"i16", INT16_MIN, INT16_MAX},
        {"i32", INT32_MIN, INT32_MAX},   {"i64", INT64_MIN, INT64_MAX},
        {"u8", 0, UINT8_MAX},            {"u16", 0, UINT16_MAX},
        {"u32", 0, UINT32_MAX},          {"u64", 0, UINT64_MAX},
    };
    const jb_type *t = zoo("scalars");
    const jb_plan *pl = t ? jb__plan_get(t) : NULL;
    char v1[4096], v2[4096], json[128];
    CHECK(pl && t->size <= sizeof v1);
    if (!pl || t->size > sizeof v1) return;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        long e = jb__names_find(pl, kinds[k].name, strlen(kinds[k].name));
        CHECKF(e >= 0, "%s", kinds[k].name);
        if (e < 0) continue;
        const jb_pentry *pe = &pl->e[e];
        for (size_t i = 0; i < sizeof int_toks / sizeof int_toks[0]; i++) {
            for (int pad = 0; pad <= 1; pad++) {
                int n = snprintf(json, sizeof json, "{\"%s\":%s%s}", kinds[k].name, int_toks[i].tok,
                                 pad ? "                        " : "");
                const char *doc = json; /* unpadded: '}' right after the token */
                jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
                jb_read_options o2 = {JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
                jb_error e1, e2;
                jb_status s1 = jb_decode(t, doc, (size_t)n, v1, a1, NULL, &e1);
                jb_status s2 = jb_decode(t, doc, (size_t)n, v2, a2, &o2, &e2);
                CHECKF(s1 == s2, "%s: %s vs %s", doc, jb_status_name(s1), jb_status_name(s2));
                if (s1 == s2 && s1) same_error(__LINE__, &e1, &e2);
                if (s1 == s2 && !s1) CHECKF(zoo_equal(t, v1, v2), "%s: values differ", doc);
                bool in = int_toks[i].plain && (int_toks[i].neg ? int_toks[i].mag == 0 ||
                                                                     (kinds[k].min < 0 &&
                                                                      int_toks[i].mag - 1 <=
                                                                          (uint64_t)(-(kinds[k].min + 1)))
                                                               : int_toks[i].mag <= kinds[k].max);
                CHECKF(in == (s1 == JB_OK), "%s: %s", doc, jb_status_name(s1));
                if (in && s1 == JB_OK) {
                    /* the stored value at the kind's width and signedness */
                    const char *at = v1 + pe->offset;
                    uint64_t got = stored_int(at, pe->type->size, kinds[k].min < 0);
                    uint64_t want = int_toks[i].neg ? (uint64_t)0 - int_toks[i].mag : int_toks[i].mag;
                    CHECKF(got == want, "%s: stored %llu", doc, (unsigned long long)got);
                    jb_arena_reset(a1);
                    CHECKF(gen_decode(t, doc, v1, a1), "%s: the generated code gave up", doc);
                }
                jb_arena_free(a1);
                jb_arena_free(a2);
            }
        }
    }
}

/*
 * Vectors of integers (jb_gen_vec's loop, with the integer kernel in
 * line) of every kind: each token as the first, a middle and the last
 * element, the array closing the document right after it (the byte loop
 * near the end of input) or padded (the word loads), and with spaces
 * around the commas (jb_gen_next, whitespace after ','). Both paths give
 * the same result, and the generated code takes every valid document.
 */
static void test_int_vecs(void) {
    static const char *const kinds[] = {"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"};
    static const char *const shapes[] = {"[%s]", "[%s,1]", "[1,%s,2]", "[3,%s]", "[3 , %s ,4]",
                                         "[\n%s\n]"};
    const jb_type *t = zoo("leaf_vecs");
    char v1[4096], v2[4096], json[256], arr[128];
    CHECK(t && t->size <= sizeof v1);
    if (!t || t->size > sizeof v1) return;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (size_t i = 0; i < sizeof int_toks / sizeof int_toks[0]; i++)
            for (size_t sh = 0; sh < sizeof shapes / sizeof shapes[0]; sh++)
                for (int pad = 0; pad <= 1; pad++) {
                    snprintf(arr, sizeof arr, shapes[sh], int_toks[i].tok);
                    int n = snprintf(json, sizeof json, "{\"%s\":%s%s}", kinds[k], arr,
                                     pad ? "                        " : "");
                    jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
                    jb_read_options o2 = {JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
                    jb_error e1, e2;
                    jb_status s1 = jb_decode(t, json, (size_t)n, v1, a1, NULL, &e1);
                    jb_status s2 = jb_decode(t, json, (size_t)n, v2, a2, &o2, &e2);
                    CHECKF(s1 == s2, "%s: %s vs %s", json, jb_status_name(s1), jb_status_name(s2));
                    if (s1 == s2 && s1) same_error(__LINE__, &e1, &e2);
                    if (s1 == s2 && !s1) {
                        CHECKF(zoo_equal(t, v1, v2), "%s: values differ", json);
                        jb_arena_reset(a1);
                        CHECKF(gen_only(t, json, (size_t)n, v1, a1, NULL), "%s: the generated code gave up",
                               json);
                        CHECKF(zoo_equal(t, v1, v2), "%s: generated values differ", json);
                    }
                    jb_arena_free(a1);
                    jb_arena_free(a2);
                }
}

/*
 * Vectors of integers written by the generated encoder: blocks of
 * JB_CG_VEC_BLOCK elements under one reservation, the last ',' made the
 * ']', and 0 to 999 from jb_gen_digits (a 4-byte move past short
 * numbers). Each kind's vector of 1 to 600 elements cycles through the
 * values at the table's edges and past them; the text is built here with
 * printf, decoded by the interpreter, and must come back byte for byte
 * from the generated encoder, from a buffer that starts empty (the
 * reservation grows it) and from one with text already in it.
 */
static void test_int_vec_text(void) {
    static const struct {
        const char *name;
        bool is_signed;
        int64_t min;
        uint64_t max;
    } kinds[] = {
        {"i8", true, INT8_MIN, INT8_MAX},    {"i16", true, INT16_MIN, INT16_MAX},
        {"i32", true, INT32_MIN, INT32_MAX}, {"i64", true, INT64_MIN, INT64_MAX},
        {"u8", false, 0, UINT8_MAX},         {"u16", false, 0, UINT16_MAX},
        {"u32", false, 0, UINT32_MAX},       {"u64", false, 0, UINT64_MAX},
    };
    static const int64_t vals[] = {0, 9, 10, 99, 100, 999, 1000, 1001, 12345, -1, -9, -10, -999, -1000, 7};
    static const size_t counts[] = {1, 2, 255, 256, 257, 600};
    const jb_type *t = zoo("leaf_vecs");
    char v[4096];
    CHECK(t && t->size <= sizeof v);
    if (!t || t->size > sizeof v) return;
    size_t cap = 64 + 600 * 24;
    char *json = malloc(cap);
    CHECK(json != NULL);
    if (!json) return;
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (size_t c = 0; c < sizeof counts / sizeof counts[0]; c++) {
            size_t n = (size_t)snprintf(json, cap, "{\"%s\":[", kinds[k].name);
            for (size_t i = 0; i < counts[c]; i++) {
                int64_t x = vals[i % (sizeof vals / sizeof vals[0])];
                if (i % 7 == 3) x = kinds[k].min; /* the kind's extremes among them */
                if (i % 11 == 5) x = (int64_t)kinds[k].max;
                if (!kinds[k].is_signed && x < 0) x = -x;
                if (kinds[k].is_signed ? x < kinds[k].min || (x > 0 && (uint64_t)x > kinds[k].max)
                                       : (uint64_t)x > kinds[k].max)
                    x = 5;
                if (i % 11 == 5 && !kinds[k].is_signed)
                    n += (size_t)snprintf(json + n, cap - n, "%s%llu", i ? "," : "",
                                          (unsigned long long)kinds[k].max);
                else
                    n += (size_t)snprintf(json + n, cap - n, "%s%lld", i ? "," : "", (long long)x);
            }
            n += (size_t)snprintf(json + n, cap - n, "]}");
            jb_arena *a = jb_arena_new();
            jb_read_options ro = {JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
            jb_error err;
            jb_status st = jb_decode(t, json, n, v, a, &ro, &err);
            CHECKF(st == JB_OK, "%s x%zu: %s", kinds[k].name, counts[c], err.message);
            if (st == JB_OK) {
                jb_buf out = JB_BUF_INIT;
                CHECKF(gen_encode(t, v, &out), "%s x%zu: the generated encoder gave up", kinds[k].name,
                       counts[c]);
                CHECK_MEM_AT(__LINE__, out.data, out.len, json, n);
                /* again after text already in the buffer, with no room left */
                jb_buf_free(&out);
                CHECK(jb_buf_reserve(&out, 5) == JB_OK);
                memcpy(out.data, "xy", 2);
                out.len = 2;
                jb_write_options wo = {0};
                const jb_gen_codec *gc = jb__gen_codec(t);
                CHECK(gc && jb__gen_enc_doc(gc, v, &out, &wo));
                CHECK(out.len == n + 2 && memcmp(out.data, "xy", 2) == 0);
                if (out.len == n + 2) CHECK_MEM_AT(__LINE__, out.data + 2, n, json, n);
                jb_buf_free(&out);
            }
            jb_arena_free(a);
        }
    free(json);
}

/*
 * Strings read in line by jb_gen_str (plain ASCII, no escape) and those
 * it leaves to the reader (an escape, a byte >= 0x80, a control byte, an
 * unterminated string, the input's last bytes): each string of 0 to 40
 * bytes as the last element of an array, the document closing right
 * after it or padded, under max_string_len just below, at and above its
 * length, copied and borrowed. Both paths give the same status, error,
 * value and arena use; a borrowed plain string points into the input.
 */
static void test_plain_strings(void) {
    static const char *const bodies[] = {"", "a", "Hello World!", "0123456789abcde", "0123456789abcdef",
                                         "0123456789abcdef0123456789abcdef01234567", "tab\there",
                                         "caf\u00e9", "caf\xc3\xa9", "new\nline", "ctl\x01x", "q\"q"};
    const jb_type *t = zoo("leaf_vecs");
    char v1[4096], v2[4096], json[256], body[64];
    CHECK(t && t->size <= sizeof v1);
    if (!t || t->size > sizeof v1) return;
    const jb_plan *pl = jb__plan_get(t);
    long si = jb__names_find(pl, "s", 1);
    CHECK(si >= 0);
    if (si < 0) return;
    size_t s_at = pl->e[si].offset;
    for (size_t b = 0; b < sizeof bodies / sizeof bodies[0]; b++) {
        /* the C escapes \x.. above stand for raw bytes: undo them here */
        size_t bl = 0;
        for (const char *c = bodies[b]; *c && bl < sizeof body - 1; c++) {
            if (c[0] == '\\' && c[1] == 'x') {
                body[bl++] = (char)strtol((char[]){c[2], c[3], 0}, NULL, 16);
                c += 3;
            } else {
                body[bl++] = *c;
            }
        }
        body[bl] = '\0';
        for (int pad = 0; pad <= 2; pad++)
            for (size_t lim = 0; lim < 4; lim++)
                for (int borrow = 0; borrow <= 1; borrow++) {
                    /* pad 2: the string unterminated at the end of input */
                    int n = snprintf(json, sizeof json, pad == 2 ? "{\"s\":[\"%s" : "{\"s\":[\"%s\"]}%s", body,
                                     pad ? "                " : "");
                    jb_read_options o1 = {0}, o2 = {0};
                    o1.flags = borrow ? JB_READ_BORROW_STRINGS : 0;
                    o1.max_string_len = lim == 0 ? 0 : bl + lim - 2; /* default, len - 1, len, len + 1 */
                    if (lim == 1 && bl == 0) o1.max_string_len = 1;
                    o2 = o1;
                    o2.flags |= JB_READ_INTERPRET;
                    jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
                    jb_error e1, e2;
                    jb_status s1 = jb_decode(t, json, (size_t)n, v1, a1, &o1, &e1);
                    jb_status s2 = jb_decode(t, json, (size_t)n, v2, a2, &o2, &e2);
                    CHECKF(s1 == s2, "%s (limit %zu): %s vs %s", json, o1.max_string_len, jb_status_name(s1),
                           jb_status_name(s2));
                    if (s1 == s2 && s1) same_error(__LINE__, &e1, &e2);
                    CHECKF(jb_arena_used(a1) == jb_arena_used(a2), "%s: arena %zu vs %zu", json,
                           jb_arena_used(a1), jb_arena_used(a2));
                    if (s1 == s2 && !s1) {
                        CHECKF(zoo_equal(t, v1, v2), "%s: values differ", json);
                        /* the vector {items, len} of "s" */
                        const jb_str *items;
                        size_t len;
                        memcpy(&items, v1 + s_at, sizeof items);
                        memcpy(&len, v1 + s_at + sizeof items, sizeof len);
                        bool plain = strpbrk(body, "\\\x01") == NULL && strstr(body, "\xc3") == NULL;
                        CHECK(len == 1 && items[0].len <= bl);
                        if (borrow && plain && len == 1)
                            CHECKF(items[0].ptr == json + 7, "%s: not borrowed", json);
                        if (!borrow && len == 1)
                            CHECKF(items[0].ptr[items[0].len] == '\0', "%s: no NUL", json);
                        jb_arena_reset(a1);
                        if (plain)
                            CHECKF(gen_only(t, json, (size_t)n, v1, a1, &o1), "%s: the generated code gave up",
                                   json);
                    }
                    jb_arena_free(a1);
                    jb_arena_free(a2);
                }
    }
}

/*
 * Runs of plain integers (int_run: "digits," read a run at a time in
 * vectors and fixed arrays) broken by everything that ends a run: a long
 * number, a sign, a leading zero, a fraction, a value out of the kind's
 * range, whitespace before or after a ',', the input's last 16 bytes.
 * Random documents from a fixed seed, long enough for runs; both paths
 * give the same result, and the generated code takes every valid one.
 */
static void test_int_runs(void) {
    static const char *const kinds[] = {"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "i3s", "u2s"};
    static const char *const toks[] = {"0", "7", "12", "99", "100", "255", "256", "-3", "-0", "-128", "-129",
                                       "123456", "1234567", "12345678", "4294967295", "4294967296", "007",
                                       "1.5", "1e2", "-", "18446744073709551615"};
    static const char *const seps[] = {",", ",", ",", ", ", ",\n    ", " ,", "\t,\t"};
    const jb_type *t = zoo("leaf_vecs");
    char v1[4096], v2[4096];
    CHECK(t && t->size <= sizeof v1);
    if (!t || t->size > sizeof v1) return;
    size_t cap = 8192, taken = 0, valid = 0;
    char *json = malloc(cap);
    CHECK(json != NULL);
    if (!json) return;
    uint64_t seed = 0x9E3779B97F4A7C15u;
    for (int round = 0; round < 3000; round++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        uint64_t r = seed >> 11;
        size_t kind = (size_t)(r % 10), count = (size_t)((r >> 4) % 48);
        bool plain = (r >> 10) % 3 != 0; /* mostly small numbers and ',' alone: long runs */
        bool rows = kind >= 8;
        size_t width = kind == 8 ? 3 : 2;
        size_t n = (size_t)snprintf(json, cap, "{\"%s\":[", kinds[kind]);
        for (size_t i = 0; i < count; i++) {
            if (i) {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                n += (size_t)snprintf(json + n, cap - n, "%s", plain ? "," : seps[(seed >> 20) % 7]);
            }
            if (rows) n += (size_t)snprintf(json + n, cap - n, "[");
            for (size_t j = 0; j < (rows ? width : 1); j++) {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                size_t ti = plain ? (size_t)((seed >> 33) % 5) : (size_t)((seed >> 33) % 21);
                if (j) n += (size_t)snprintf(json + n, cap - n, "%s", plain ? "," : seps[(seed >> 40) % 7]);
                n += (size_t)snprintf(json + n, cap - n, "%s", toks[ti]);
            }
            if (rows) n += (size_t)snprintf(json + n, cap - n, "]");
        }
        n += (size_t)snprintf(json + n, cap - n, "]%s}", (r >> 20) % 2 ? "" : "                ");
        jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
        jb_read_options o2 = {JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
        jb_error e1, e2;
        jb_status s1 = jb_decode(t, json, n, v1, a1, NULL, &e1);
        jb_status s2 = jb_decode(t, json, n, v2, a2, &o2, &e2);
        CHECKF(s1 == s2, "%s: %s vs %s", json, jb_status_name(s1), jb_status_name(s2));
        if (s1 == s2 && s1) same_error(__LINE__, &e1, &e2);
        if (s1 == s2 && !s1) {
            valid++;
            CHECKF(zoo_equal(t, v1, v2), "%s: values differ", json);
            jb_arena_reset(a1);
            bool took = gen_only(t, json, n, v1, a1, NULL);
            CHECKF(took, "%s: the generated code gave up", json);
            if (took) {
                taken++;
                CHECKF(zoo_equal(t, v1, v2), "%s: generated values differ", json);
            }
        }
        jb_arena_free(a1);
        jb_arena_free(a2);
    }
    CHECKF(valid > 1000 && taken == valid, "%zu valid documents, %zu taken by the generated code", valid, taken);
    free(json);
}

/*
 * Enum names (the scalars' "c": Red, Green, blue-ish) read by the
 * generated code (inline matches, or jb_gen_enum's plain-name lookup in
 * the compact build) and those it leaves to the reader: escaped
 * spellings, unknown and near names, bytes >= 0x80, the name cut by the
 * end of input, under limits around the name's length. Both paths agree
 * on status, error and value; a known plain name is the generated code's.
 */
static void test_enum_names(void) {
    static const char *const names[] = {"\"Red\"", "\"Green\"", "\"blue-ish\"", "\"R\\u0065d\"", "\"Re\"",
                                        "\"Redd\"", "\"red\"", "\"Gr\303\251en\"", "\"Green", "\"\"", "17"};
    const jb_type *t = zoo("scalars");
    char v1[4096], v2[4096], json[128];
    CHECK(t && t->size <= sizeof v1);
    if (!t || t->size > sizeof v1) return;
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        for (int form = 0; form < 3; form++)
            for (size_t lim = 0; lim < 4; lim++) {
                /* the name alone at the end, inside a record, padded */
                int n = form == 0   ? snprintf(json, sizeof json, "{\"c\":%s", names[i])
                        : form == 1 ? snprintf(json, sizeof json, "{\"c\":%s}", names[i])
                                    : snprintf(json, sizeof json, "{\"c\":%s,\"b\":true}               ", names[i]);
                jb_read_options o1 = {0};
                o1.max_string_len = lim ? 2 + lim : 0; /* 3, 4, 5 bytes or the default */
                jb_read_options o2 = o1;
                o2.flags = JB_READ_INTERPRET;
                jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
                jb_error e1, e2;
                jb_status s1 = jb_decode(t, json, (size_t)n, v1, a1, &o1, &e1);
                jb_status s2 = jb_decode(t, json, (size_t)n, v2, a2, &o2, &e2);
                CHECKF(s1 == s2, "%s (limit %zu): %s vs %s", json, o1.max_string_len, jb_status_name(s1),
                       jb_status_name(s2));
                if (s1 == s2 && s1) same_error(__LINE__, &e1, &e2);
                if (s1 == s2 && !s1) {
                    CHECKF(zoo_equal(t, v1, v2), "%s: values differ", json);
                    if (i < 3) {
                        jb_arena_reset(a1);
                        CHECKF(gen_only(t, json, (size_t)n, v1, a1, &o1), "%s: the generated code gave up", json);
                    }
                }
                jb_arena_free(a1);
                jb_arena_free(a2);
            }
}

/* The other leaves jb_gen_vec takes, and a call's max_number_len below
 * what the number kernels take unchecked (the interpreter runs it). */
static void test_leaf_vecs(void) {
    static const char *const docs[] = {
        "{\"b\":[true,false, true ,false]}",
        "{\"b\":[]}",
        "{\"b\":[ ]}",
        "{\"f32\":[1.5,-2,3e2]}",
        "{\"f64\":[0.25,-1.5e-300,12345678.125,1]}",
        "{\"s\":[\"a\",\"\",\"\\u00e9x\",\"long enough to be scanned\"]}",
        "{\"cs\":[\"a\",\"b\\n\"]}",
        "{\"i32\":[1,2,3],\"u8\":[255,0],\"b\":[false]}",
        /* fixed arrays (jb_gen_arr) and vectors of them: the ',' and ']'
         * in line, after whitespace (jb_gen_next) */
        "{\"b3\":[true,false,true],\"f2\":[1.5,-0.25]}",
        "{\"b3\":[ true , false ,true ],\"f2\":[ 1.5 ,2 ]}",
        "{\"pts\":[[1.5,2.5],[-3,4e1],[0.125,6]],\"i3s\":[[1,-2,3],[4,5,-6]],\"u2s\":[[1,2]]}",
        "{\"pts\":[ [1.5 , 2.5] , [3,4] ],\"i3s\":[],\"u2s\":[[18446744073709551615,0]]}",
    };
    const jb_type *t = zoo("leaf_vecs");
    char v1[4096], v2[4096];
    CHECK(t && t->size <= sizeof v1);
    if (!t || t->size > sizeof v1) return;
    for (size_t i = 0; i < sizeof docs / sizeof docs[0]; i++) {
        jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
        jb_read_options o2 = {JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
        CHECKF(gen_only(t, docs[i], strlen(docs[i]), v1, a1, NULL), "%s: the generated code gave up", docs[i]);
        CHECKF(jb_decode(t, docs[i], strlen(docs[i]), v2, a2, &o2, NULL) == JB_OK, "%s", docs[i]);
        CHECKF(zoo_equal(t, v1, v2), "%s: values differ", docs[i]);
        jb_arena_free(a1);
        jb_arena_free(a2);
    }
    /* the wrong count of elements in a fixed array: handed over, and the
     * interpreter's error */
    static const char *const bad[] = {
        "{\"f2\":[1.5]}", "{\"f2\":[1.5,2,3]}", "{\"f2\":[1.5 ]}", "{\"f2\":[1.5,2 ,3]}", "{\"f2\":[]}",
        "{\"pts\":[[1,2],[3]]}", "{\"pts\":[[1,2,3]]}", "{\"i3s\":[[1,2,3],[4,5]]}", "{\"b3\":[true,false]}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
        jb_read_options o2 = {JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
        jb_error e1, e2;
        CHECKF(!gen_only(t, bad[i], strlen(bad[i]), v1, a1, NULL), "%s: taken", bad[i]);
        jb_status s1 = jb_decode(t, bad[i], strlen(bad[i]), v1, a1, NULL, &e1);
        jb_status s2 = jb_decode(t, bad[i], strlen(bad[i]), v2, a2, &o2, &e2);
        CHECKF(s1 != JB_OK && s1 == s2, "%s: %s vs %s", bad[i], jb_status_name(s1), jb_status_name(s2));
        if (s1 == s2 && s1) same_error(__LINE__, &e1, &e2);
        jb_arena_free(a1);
        jb_arena_free(a2);
    }
    /* Top-level containers on a warm arena (scratch segments kept, none
     * current after the reset): the generated entry makes the first
     * segment current for the document (jb__scratch_enter) and leaves the
     * scratch stack as it found it, taken or handed over. */
    {
        static const char warm[] = "{\"i32\":[1,2,3],\"s\":[\"a\",\"b\"],\"f64\":[0.5],\"pts\":[[1,2]],\"u8\":[7]}";
        static const char bad[] = "{\"i32\":[1,2,3],\"s\":[\"a\",\"b\"],\"f64\":[0.5],\"pts\":[[1,2]],\"u8\":[700]}";
        jb_arena *a1 = jb_arena_new(), *a2 = jb_arena_new();
        jb_read_options o2 = {JB_READ_INTERPRET, 0, 0, 0, 0, 0, NULL};
        CHECK(gen_only(t, warm, sizeof warm - 1, v1, a1, NULL));
        for (int round = 0; round < 3; round++) {
            jb_arena_reset(a1);
            CHECK(a1->scur == NULL && a1->shead != NULL);
            CHECKF(gen_only(t, warm, sizeof warm - 1, v1, a1, NULL), "round %d", round);
            CHECK(jb_decode(t, warm, sizeof warm - 1, v2, a2, &o2, NULL) == JB_OK);
            CHECKF(zoo_equal(t, v1, v2), "round %d: values differ", round);
            CHECKF(a1->scur == NULL, "round %d: a scratch segment left current", round);
            CHECK(!gen_only(t, bad, sizeof bad - 1, v1, a1, NULL));
            CHECKF(a1->scur == NULL, "round %d: a scratch segment left current after a hand-over", round);
        }
        jb_arena_free(a1);
        jb_arena_free(a2);
    }
    /* max_number_len 31: declined; the interpreter's limit error at 3 */
    static const char doc[] = "{\"i32\":[1,22,333]}";
    jb_arena *a = jb_arena_new();
    jb_read_options o = {.max_number_len = 31};
    CHECK(!gen_only(t, doc, sizeof doc - 1, v1, a, &o));
    o.max_number_len = 32;
    CHECK(gen_only(t, doc, sizeof doc - 1, v1, a, &o));
    o.max_number_len = 2;
    jb_error e;
    CHECK(jb_decode(t, doc, sizeof doc - 1, v1, a, &o, &e) == JB_E_LIMIT);
    jb_arena_free(a);
}

/* The differential harness over pseudo-random inputs. */
static void test_differential(void) {
    double scale = 1.0;
    const char *sc = getenv("JB_TEST_SCALE");
    if (sc && atof(sc) > 0) scale = atof(sc);
    size_t n = (size_t)(4000 * scale);
    uint64_t x = 0x9e3779b97f4a7c15u;
    uint8_t buf[512];
    for (size_t i = 0; i < n; i++) {
        size_t len = 3 + (size_t)(x % 400);
        for (size_t k = 0; k < len; k++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            buf[k] = (uint8_t)x;
        }
        buf[0] = (uint8_t)i; /* every root in turn */
        fuzz_codegen_one(buf, len); /* aborts on a difference */
    }
    CHECKF(n > 0, "%zu inputs", n);
}

/* The committed corpus and regression inputs of fuzz_codegen. */
static void replay_dir(const char *dir, size_t *count) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (de->d_name[0] == '.') continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        FILE *f = fopen(path, "rb");
        if (!f) continue;
        static uint8_t data[1 << 16];
        size_t len = fread(data, 1, sizeof data, f);
        fclose(f);
        fuzz_codegen_one(data, len);
        (*count)++;
    }
    closedir(d);
}

static void test_replay(void) {
    size_t count = 0;
    replay_dir(JB_SOURCE_DIR "/fuzz/corpus/codegen", &count);
    replay_dir(JB_SOURCE_DIR "/fuzz/regressions/codegen", &count);
    printf("replayed %zu fuzz_codegen inputs\n", count);
    CHECK(count > 0);
}

/* Records shaped like the zoo's "tree", with a field renamed: the unit's
 * fingerprint does not match, so nothing attaches. */
typedef struct tnode tnode;
typedef struct {
    tnode *items;
    size_t len;
} tnodes;
struct tnode {
    int64_t v;
    tnodes kids;
};

static const jb_type renamed;
static const jb_type renamed = JB_RECORD(tnode, JB_FIELD(tnode, v, &jb_i64, JB_NAME("value")),
                                         JB_FIELD(tnode, kids, JB_VEC_OF_T(tnode, &renamed)));

static void test_refused(void) {
    jb_gen_unit u = jbgen_zoo_unit;
    const jb_type *saved[128];
    memcpy(saved, roots, nroots * sizeof *roots);
    jb_error err;
    /* another version */
    u.version_string = "0.0.1";
    CHECK(jb_gen_attach(&u, roots, &err) == JB_E_VALUE);
    CHECK(strstr(err.message, "version") != NULL);
    /* another fingerprint: the descriptors changed since the file was written */
    u = jbgen_zoo_unit;
    u.fingerprint ^= 1;
    CHECK(jb_gen_attach(&u, roots, &err) == JB_E_VALUE);
    CHECK(strstr(err.message, "other descriptors") != NULL);
    /* other descriptors in a root's place */
    u = jbgen_zoo_unit;
    for (size_t i = 0; i < nroots; i++)
        if (roots[i] == zoo("tree")) roots[i] = &renamed;
    CHECK(jb_gen_attach(&u, roots, &err) == JB_E_VALUE);
    CHECK(!jb_codegen_active(&renamed));
    memcpy(roots, saved, nroots * sizeof *roots);
    CHECK(jb_gen_attach(NULL, roots, &err) == JB_E_ARG);
}

/* A jb_write_fn appending to the jb_buf ctx. */
static int to_buf(void *ctx, const char *data, size_t len) {
    jb_buf *b = ctx;
    if (jb_buf_reserve(b, len)) return 1;
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

#ifdef JB_TEST_COMPACT

/* The file really holds the compact forms: no straight-line record (its
 * first field's label), every enum encoder by the plan's value table. */
static void test_compact_text(void) {
    jb_codegen_root r[128];
    for (size_t i = 0; i < nroots; i++) r[i] = (jb_codegen_root){roots[i], NULL};
    jb_codegen_options o = {"jbgen_zoo", 0};
    jb_buf text = JB_BUF_INIT;
    CHECK(jb_codegen_write(r, nroots, to_buf, &text, &o, NULL) == JB_OK);
    CHECK(jb_buf_reserve(&text, 1) == JB_OK);
    text.data[text.len] = 0;
    CHECK(strstr(text.data, "return jb_gen_record(d, p, o, T[") != NULL);
    CHECK(strstr(text.data, "return jb_gen_w_record(e, p, o, T[") != NULL);
    CHECK(strstr(text.data, "return jb_gen_w_enum(e, p, o, T[") != NULL);
    CHECK(strstr(text.data, ", 1);\n}") != NULL); /* a payload after a tag */
    CHECK(strstr(text.data, "goto k0;") == NULL);
    size_t enums = 0, tables = 0;
    for (const char *q = text.data; (q = strstr(q, "/* encode enum ")); q++) enums++;
    for (const char *q = text.data; (q = strstr(q, "    return jb_gen_w_enum(e, p, o, T[")); q++) tables++;
    CHECKF(enums > 0 && tables == enums, "%zu enum encoders, %zu by the plan's table", enums, tables);
    jb_buf_free(&text);
}
#endif

/* A type with generated code, encoded to the sinks that cannot be rolled
 * back (a fixed buffer, a callback): the interpreter writes them, with its
 * bytes. (The restart after generated code used to assume a jb_buf and
 * crashed on the others: found by tests/both_paths.h over test_encode.) */
static void test_sinks(void) {
    const jb_type *t = zoo("scalars");
    char v[4096];
    CHECK(t && t->size <= sizeof v && jb_codegen_active(t));
    if (!t || t->size > sizeof v) return;
    static const char json[] = "{\"b\":true,\"i8\":-5,\"i32\":7,\"u64\":18446744073709551615,\"f64\":0.5,"
                               "\"s\":\"h\",\"cs\":\"x\",\"c\":\"Red\",\"i64s\":\"12\"}";
    jb_arena *a = jb_arena_new();
    CHECK(jb_decode(t, json, sizeof json - 1, v, a, NULL, NULL) == JB_OK);
    jb_buf want = JB_BUF_INIT, got = JB_BUF_INIT;
    jb_write_options wo = {.flags = JB_WRITE_INTERPRET};
    CHECK(jb_encode(t, v, &want, &wo, NULL) == JB_OK && want.len > 0);
    char fixed[4096];
    size_t needed = 0;
    CHECK(jb_encode_fixed(t, v, fixed, sizeof fixed, &needed, NULL, NULL) == JB_OK);
    CHECK_MEM_AT(__LINE__, fixed, needed, want.data, want.len);
    needed = 0;
    CHECK(jb_encode_fixed(t, v, fixed, 3, &needed, NULL, NULL) == JB_E_BUFFER && needed == want.len);
    CHECK(jb_encode_to(t, v, to_buf, &got, NULL, NULL) == JB_OK);
    CHECK_MEM_AT(__LINE__, got.data, got.len, want.data, want.len);
    jb_buf_free(&want);
    jb_buf_free(&got);
    jb_arena_free(a);
}

/* Generated code recurses on the C stack where the interpreter does not:
 * on a 64 KiB thread with max_depth raised, a tree 20,000 deep decodes and
 * encodes (the generated attempt stops at what the stack affords and hands
 * over) instead of overflowing. Found by test_encode's and test_decode's
 * deep small-stack cases through both paths. */
typedef struct {
    const char *json;
    size_t len;
    uint32_t depth;
    jb_status dec, enc;
    bool same; /* the interpreter's bytes */
} deep_job;

static void *deep_thread(void *p) {
    deep_job *j = p;
    const jb_type *t = zoo("tree");
    char v[256];
    jb_arena *a = jb_arena_new();
    jb_read_options ro = {.max_depth = j->depth};
    jb_write_options wo = {.max_depth = j->depth};
    jb_buf b = JB_BUF_INIT, want = JB_BUF_INIT;
    j->dec = t && t->size <= sizeof v ? jb_decode(t, j->json, j->len, v, a, &ro, NULL) : JB_E_ARG;
    j->enc = j->dec ? j->dec : jb_encode(t, v, &b, &wo, NULL);
    wo.flags = JB_WRITE_INTERPRET;
    j->same = !j->enc && jb_encode(t, v, &want, &wo, NULL) == JB_OK && b.len == want.len &&
              memcmp(b.data, want.data, b.len) == 0 && b.len > j->len / 2;
    jb_buf_free(&want);
    jb_buf_free(&b);
    jb_arena_free(a);
    return NULL;
}

static void test_deep_small_stack(void) {
    const size_t n = 20000;
    static const char open[] = "{\"v\":1,\"left\":", close[] = ",\"right\":null}";
    size_t len = n * (sizeof open - 1 + sizeof close - 1) + 4;
    char *json = malloc(len);
    CHECK(json != NULL && jb_codegen_active(zoo("tree")));
    if (!json) return;
    char *q = json;
    for (size_t i = 0; i < n; i++) q = memcpy(q, open, sizeof open - 1), q += sizeof open - 1;
    q = memcpy(q, "null", 4), q += 4;
    for (size_t i = 0; i < n; i++) q = memcpy(q, close, sizeof close - 1), q += sizeof close - 1;
    deep_job j = {json, len, (uint32_t)n + 8, JB_E_ARG, JB_E_ARG, false};
    pthread_attr_t at;
    pthread_t th;
    pthread_attr_init(&at);
    CHECK(pthread_attr_setstacksize(&at, small_stack()) == 0);
    CHECK(pthread_create(&th, &at, deep_thread, &j) == 0 && pthread_join(th, NULL) == 0);
    pthread_attr_destroy(&at);
    CHECKF(j.dec == JB_OK, "decode: %s", jb_status_name(j.dec));
    CHECKF(j.enc == JB_OK, "encode: %s", jb_status_name(j.enc));
    CHECK(j.same);
    free(json);
}

int main(void) {
    test_attached();
#ifdef JB_TEST_COMPACT
    test_compact_text();
#endif
    test_taken();
    test_call_options();
    test_sinks();
    test_deep_small_stack();
    test_docs();
    test_keys();
    test_ints();
    test_int_vecs();
    test_leaf_vecs();
    test_int_vec_text();
    test_plain_strings();
    test_int_runs();
    test_enum_names();
    test_differential();
    test_replay();
    test_refused();
    return check_report();
}
