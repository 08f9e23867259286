/* SPDX-License-Identifier: MIT */
/*
 * test_allocfail.c — the allocation-failure sweep over every public entry
 * point that allocates through a caller's allocator (issue 7, part 6).
 *
 * A counting allocator fails its N-th call, for N = 1, 2, ... until the
 * call under test no longer meets a failure; twice, once failing only the
 * N-th call (the later ones succeed: recovery paths) and once failing the
 * N-th and every later call (nothing succeeds after the first failure).
 * Each failure must be clean:
 *
 *   jb_decode, jb_from_value   JB_E_NOMEM; *out zeroed; the arena's used
 *                              size as it was; the arena still works
 *   jb_value_parse, jb_to_value JB_E_NOMEM; *out NULL; the arena as it was
 *   jb_value_copy              NULL; the arena as it was
 *   jb_value_print, jb_encode  (a jb_buf on the failing allocator, holding
 *                              a prefix) JB_E_NOMEM; buf->len as it was and
 *                              the prefix intact
 *   jb_buf_reserve             JB_E_NOMEM; the buffer unchanged
 *   builders                   (a failing arena) jb_value_new_* NULL;
 *                              array_append / object_set JB_E_NOMEM with
 *                              the container unchanged; the tree built from
 *                              the calls that succeeded prints as expected
 *   jb_value_object_get        on an object past the index threshold whose
 *                              index cannot be allocated: still finds keys
 *   jb_arena_new_with, jb_arena_alloc  NULL
 *
 * and the arena cap (jb_arena_new_with's cap) swept from small to enough:
 * JB_E_LIMIT, same guarantees. A success must equal the unfailing result.
 * After jb_arena_free / jb_buf_free no byte is live in the allocator.
 * (Plan compilation and the DOM's deep-traversal stacks use malloc, not a
 * caller's allocator; they are outside this sweep.)
 */
#include <stdlib.h>

#include "check.h"
#include "jbind.h"

/* ------------------------------------------------------------------ */
/* The counting allocator                                              */
/* ------------------------------------------------------------------ */

typedef struct {
    unsigned long calls;   /* allocating calls (fresh or growing/shrinking) */
    unsigned long fail_at; /* 0 = never */
    bool sticky;           /* fail every call from fail_at on */
    unsigned long failed;  /* failures returned */
    size_t live;           /* bytes held */
    long blocks;           /* blocks held */
} counting;

static void *counting_fn(void *ctx, void *p, size_t old, size_t n) {
    counting *c = ctx;
    if (n == 0) {
        if (p) {
            c->live -= old;
            c->blocks--;
        }
        free(p);
        return NULL;
    }
    ++c->calls;
    if (c->fail_at && (c->calls == c->fail_at || (c->sticky && c->calls > c->fail_at))) {
        c->failed++;
        return NULL;
    }
    void *q = realloc(p, n);
    if (q) {
        c->live += n - (p ? old : 0);
        if (!p) c->blocks++;
    }
    return q;
}

/* Arm: the next `n`-th allocating call fails (and, sticky, all after it). */
static void arm(counting *c, unsigned long n, bool sticky) {
    c->fail_at = c->calls + n;
    c->sticky = sticky;
    c->failed = 0;
}
static void disarm(counting *c) { c->fail_at = 0; }

/* ------------------------------------------------------------------ */
/* Descriptors: records, sums (external and internal), maps, any, ...  */
/* ------------------------------------------------------------------ */

typedef enum { SH_CIRCLE, SH_RECT, SH_NONE } shape_tag;
typedef struct {
    double r;
} circle;
typedef struct {
    double w, h;
    jb_str label;
} rect;
typedef struct {
    shape_tag tag;
    union {
        circle c;
        rect r;
    } u;
} shape;
static const jb_type circle_type = JB_RECORD(circle, JB_FIELD(circle, r, &jb_f64));
static const jb_type rect_type =
    JB_RECORD(rect, JB_FIELD(rect, w, &jb_f64), JB_FIELD(rect, h, &jb_f64),
              JB_FIELD(rect, label, &jb_string));
static const jb_type shape_type =
    JB_SUM(shape, tag, JB_CASE(shape, SH_CIRCLE, "Circle", u.c, &circle_type),
           JB_CASE(shape, SH_RECT, "Rect", u.r, &rect_type), JB_NULLARY(SH_NONE, "None"));
static const jb_type shape_internal_type = JB_SUM((shape, .sum_style = JB_SUM_INTERNAL, .tag_name = "type"), tag, JB_CASE(shape, SH_CIRCLE, "Circle", u.c, &circle_type),
    JB_CASE(shape, SH_RECT, "Rect", u.r, &rect_type), JB_NULLARY(SH_NONE, "None"));

typedef struct node {
    int32_t v;
    struct node *next;
} node;
static const jb_type node_type;
static const jb_type node_type =
    JB_RECORD(node, JB_FIELD(node, v, &jb_i32), JB_FIELD(node, next, JB_PTR_OF(&node_type)));

typedef enum { COLOR_RED, COLOR_GREEN } color;
static const jb_type color_type =
    JB_ENUM(color, JB_ENUM_CASE(COLOR_RED, "red"), JB_ENUM_CASE(COLOR_GREEN, "green"));

typedef JB_VEC(shape) vec_shape;
typedef JB_MAP(jb_str, int32_t) map_si;
typedef struct {
    char *name;
    jb_str note;
    vec_shape shapes;
    map_si counts;
    jb_value *extra;
    jb_str raw;
    jb_str num;
    node *list;
    bool has_opt;
    int64_t opt;
    color col;
    jb_raw_members rest;
} doc;
static const jb_type doc_type = JB_RECORD(
    doc, JB_FIELD(doc, name, &jb_cstr), JB_FIELD(doc, note, &jb_string),
    JB_FIELD(doc, shapes, JB_VEC_OF_T(shape, &shape_type)),
    JB_FIELD(doc, counts, JB_MAP_OF_T(jb_str, int32_t, &jb_string, &jb_i32)),
    JB_FIELD(doc, extra, &jb_any), JB_FIELD(doc, raw, &jb_raw), JB_FIELD(doc, num, &jb_number),
    JB_FIELD(doc, list, JB_PTR_OF_T(node, &node_type)), JB_OPTIONAL(doc, opt, has_opt, &jb_i64),
    JB_FIELD(doc, col, &color_type), JB_UNKNOWN_FIELDS(doc, rest));

typedef JB_VEC(shape) vec_ishape;
static const jb_type *const vec_ishape_type = JB_VEC_OF_T(shape, &shape_internal_type);
typedef JB_MAP(int32_t, vec_ishape) map_iv;
static const jb_type *const map_iv_type =
    JB_MAP_OF_T(int32_t, vec_ishape, &jb_i32, JB_VEC_OF_T(shape, &shape_internal_type));
typedef JB_MAP(color, jb_value *) map_ca;
static const jb_type *const map_ca_type = JB_MAP_OF_T(color, jb_value *, &color_type, &jb_any);

/* ------------------------------------------------------------------ */
/* Inputs                                                              */
/* ------------------------------------------------------------------ */

typedef struct {
    char *p;
    size_t len, cap;
} text;
static void put(text *t, const char *s) {
    size_t n = strlen(s);
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->p = realloc(t->p, t->cap);
        if (!t->p) abort();
    }
    memcpy(t->p + t->len, s, n + 1);
    t->len += n;
}
static void putf(text *t, const char *fmt, long a, long b) {
    char s[128];
    snprintf(s, sizeof s, fmt, a, b);
    put(t, s);
}

/* A big document for doc_type: a string past a chunk, 300 shapes, a map
 * of 200 keys (its duplicate table), a deep-ish any with an object of 40
 * members, a linked list of 50 nodes, 30 unknown fields. */
static void doc_json(text *t) {
    put(t, "{\"name\":\"the \\u00e9 name\",\"note\":\"");
    for (int i = 0; i < 600; i++) put(t, "0123456789\\n");
    put(t, "\",\"shapes\":[");
    for (long i = 0; i < 300; i++) {
        if (i) put(t, ",");
        if (i % 3 == 0)
            putf(t, "{\"Circle\":{\"r\":%ld.5}}", i, 0);
        else if (i % 3 == 1)
            putf(t, "{\"Rect\":{\"w\":%ld,\"h\":%ld,\"label\":\"r\\u20ac\"}}", i, i + 1);
        else
            put(t, "\"None\"");
    }
    put(t, "],\"counts\":{");
    for (long i = 0; i < 200; i++) putf(t, &",\"k%ld\":1"[i == 0], i, 0);
    put(t, "},\"extra\":{\"a\":[1,2.5,-3e400,123456789012345678901234567890,\"s\",true,null,{\"d\":"
           "[[[]]]}],\"o\":{");
    for (long i = 0; i < 40; i++) putf(t, &",\"m%ld\":[1,{}]"[i == 0], i, 0);
    put(t, "}},\"raw\":[1, {\"x\" : \"y\"}],\"num\":-12.5e3,\"list\":");
    for (long i = 0; i < 50; i++) putf(t, "{\"v\":%ld,\"next\":", i, 0);
    put(t, "null");
    for (int i = 0; i < 50; i++) put(t, "}");
    put(t, ",\"opt\":42,\"col\":\"green\"");
    for (long i = 0; i < 30; i++) putf(t, ",\"unknown%ld\":{\"z\":[%ld]}", i, i);
    put(t, "}");
}

static void map_iv_json(text *t) {
    put(t, "{");
    for (long k = 0; k < 40; k++) {
        putf(t, &",\"%ld\":["[k == 0], k, 0);
        for (long i = 0; i < 8; i++) {
            if (i) put(t, ",");
            if (i % 2)
                putf(t, "{\"type\":\"Rect\",\"w\":%ld,\"h\":%ld,\"label\":\"x\"}", i, k);
            else
                put(t, "{\"type\":\"Circle\",\"r\":1}");
        }
        put(t, "]");
    }
    put(t, "}");
}

/* ------------------------------------------------------------------ */
/* Sweeps                                                              */
/* ------------------------------------------------------------------ */

#define MAX_SWEEP 100000ul

typedef struct {
    const char *name;
    const jb_type *type;
    const char *json;
    size_t len;
    uint32_t flags;
} dcase;

/* The unfailing encoding of a decoded value, to compare successes with. */
static jb_status encode_ref(const jb_type *t, const void *v, jb_buf *b, uint32_t rflags) {
    jb_write_options w = {(rflags & JB_READ_ALLOW_INVALID_UTF8) ? JB_WRITE_ALLOW_INVALID_UTF8 : 0u,
                          0, 0, 0};
    return jb_encode(t, v, b, &w, NULL);
}

/* jb_decode, jb_value_parse, jb_to_value, jb_from_value, jb_value_copy,
 * jb_encode and jb_value_print for one document, failing the N-th
 * allocation, every N. */
static void sweep_decode(const dcase *dc, bool sticky, size_t pre) {
    const jb_type *t = dc->type;
    jb_read_options o = {dc->flags, 0, 0, 0, 0, 0, NULL};
    jb_error err;
    void *out = malloc(t->size), *out2 = malloc(t->size);
    char *zero = calloc(1, t->size);
    if (!out || !out2 || !zero) abort();

    /* reference */
    jb_arena *ra = jb_arena_new();
    jb_buf want = JB_BUF_INIT, want_dom = JB_BUF_INIT;
    jb_status st = jb_decode(t, dc->json, dc->len, out, ra, &o, &err);
    CHECKF(st == JB_OK, "%s: reference decode %s %s at %s", dc->name, jb_status_name(st),
           err.message, err.path);
    if (st != JB_OK) goto done_ref;
    CHECK(encode_ref(t, out, &want, dc->flags) == JB_OK);
    jb_value *rv = NULL;
    st = jb_value_parse(dc->json, dc->len, &rv, ra, &o, &err);
    CHECK(st == JB_OK);
    jb_write_options pw = {JB_WRITE_ALLOW_INVALID_UTF8, 0, 0, 0};
    CHECK(jb_value_print(rv, &want_dom, &pw, NULL) == JB_OK);
    /* to_value and from_value go through the DOM: raw text and number
     * spellings are the DOM's, so they have references of their own */
    jb_buf want_to = JB_BUF_INIT, want_from = JB_BUF_INIT;
    jb_value *tv = NULL;
    CHECK(jb_to_value(t, out, &tv, ra, NULL) == JB_OK);
    CHECK(jb_value_print(tv, &want_to, &pw, NULL) == JB_OK);
    CHECK(jb_from_value(t, rv, out2, ra, &o, NULL) == JB_OK);
    CHECK(encode_ref(t, out2, &want_from, dc->flags) == JB_OK);

    const char *const ops[] = {"jb_decode",     "jb_value_parse", "jb_to_value",   "jb_from_value",
                               "jb_value_copy", "jb_encode",      "jb_value_print"};
    for (size_t op = 0; op < sizeof ops / sizeof ops[0]; op++) {
        unsigned long n;
        unsigned long failures = 0;
        for (n = 1; n < MAX_SWEEP; n++) {
            counting c = {0};
            jb_allocator al = {counting_fn, &c};
            jb_arena *a = jb_arena_new_with(&al, 0);
            CHECK(a != NULL);
            if (!a) break;
            /* some bytes already in the arena (rollback must keep them); the
             * amount moves where the first chunk runs out inside the call */
            char *keep = jb_arena_alloc(a, pre, 8);
            CHECK(keep != NULL);
            memset(keep, 'k', pre);
            size_t used = jb_arena_used(a);
            jb_value *src = NULL;
            if (op == 4 || op == 6) { /* copy/print need a tree made unfailing */
                CHECK(jb_value_parse(dc->json, dc->len, &src, ra, &o, NULL) == JB_OK);
            }
            void *typed_src = NULL;
            jb_arena *ta = NULL;
            if (op == 2 || op == 5) { /* to_value/encode need a decoded value */
                ta = jb_arena_new();
                typed_src = out2;
                CHECK(jb_decode(t, dc->json, dc->len, typed_src, ta, &o, NULL) == JB_OK);
            }
            jb_value *from = NULL;
            if (op == 3) {
                CHECK(jb_value_parse(dc->json, dc->len, &from, ra, &o, NULL) == JB_OK);
            }
            jb_buf b = {NULL, 0, 0, &al};
            CHECK(jb_buf_reserve(&b, 3) == JB_OK);
            memcpy(b.data, "pre", 3);
            b.len = 3;

            arm(&c, n, sticky);
            jb_status r = JB_OK;
            jb_value *v = (jb_value *)&c; /* not NULL: must be set */
            memset(out, 0xA5, t->size);
            jb_buf got = JB_BUF_INIT;
            jb_write_options wo = {JB_WRITE_ALLOW_INVALID_UTF8, 0, 0, 0};
            switch (op) {
            case 0: r = jb_decode(t, dc->json, dc->len, out, a, &o, &err); break;
            case 1: r = jb_value_parse(dc->json, dc->len, &v, a, &o, &err); break;
            case 2: r = jb_to_value(t, typed_src, &v, a, &err); break;
            case 3: r = jb_from_value(t, from, out, a, &o, &err); break;
            case 4:
                v = jb_value_copy(src, a);
                r = v ? JB_OK : JB_E_NOMEM;
                break;
            case 5: r = encode_ref(t, typed_src, &b, dc->flags); break;
            case 6: r = jb_value_print(src, &b, &pw, &err); break;
            }
            unsigned long failed = c.failed;
            disarm(&c);
            CHECKF(r == JB_OK || r == JB_E_NOMEM, "%s %s N=%lu: %s", dc->name, ops[op], n,
                   jb_status_name(r));
            if (r != JB_OK) {
                failures++;
                CHECKF(failed > 0, "%s %s N=%lu: failed without an allocation failure", dc->name,
                       ops[op], n);
                if (op <= 4)
                    CHECKF(jb_arena_used(a) == used, "%s %s N=%lu: arena not rolled back", dc->name,
                           ops[op], n);
                if (op == 0 || op == 3)
                    CHECKF(memcmp(out, zero, t->size) == 0, "%s %s N=%lu: *out not zeroed",
                           dc->name, ops[op], n);
                if (op == 1 || op == 2 || op == 4)
                    CHECKF(v == NULL, "%s %s N=%lu: *out not NULL", dc->name, ops[op], n);
                if (op >= 5)
                    CHECKF(b.len == 3 && memcmp(b.data, "pre", 3) == 0,
                           "%s %s N=%lu: buffer not restored (len %zu)", dc->name, ops[op], n,
                           b.len);
                /* the arena still works */
                jb_value *again = NULL;
                CHECK(jb_value_parse("[1]", 3, &again, a, NULL, NULL) == JB_OK);
            } else {
                /* a success equals the unfailing result */
                switch (op) {
                case 0:
                case 3: CHECK(encode_ref(t, out, &got, dc->flags) == JB_OK); break;
                case 1:
                case 2:
                case 4: CHECK(jb_value_print(v, &got, &wo, NULL) == JB_OK); break;
                default: break;
                }
                const jb_buf *ref = op == 0   ? &want
                                    : op == 2 ? &want_to
                                    : op == 3 ? &want_from
                                              : NULL;
                if (ref) {
                    CHECKF(got.len == ref->len && memcmp(got.data, ref->data, got.len) == 0,
                           "%s %s N=%lu: success differs", dc->name, ops[op], n);
                } else if (op == 1 || op == 4) {
                    CHECKF(got.len == want_dom.len && memcmp(got.data, want_dom.data, got.len) == 0,
                           "%s %s N=%lu: success differs", dc->name, ops[op], n);
                } else if (op == 5) {
                    CHECKF(b.len == 3 + want.len && memcmp(b.data + 3, want.data, want.len) == 0,
                           "%s %s N=%lu: success differs", dc->name, ops[op], n);
                } else {
                    CHECKF(b.len == 3 + want_dom.len &&
                               memcmp(b.data + 3, want_dom.data, want_dom.len) == 0,
                           "%s %s N=%lu: success differs", dc->name, ops[op], n);
                }
                CHECK(memcmp(keep, "kkkk", 4) == 0);
            }
            jb_buf_free(&got);
            jb_buf_free(&b);
            jb_arena_free(a);
            jb_arena_free(ta);
            CHECKF(c.live == 0 && c.blocks == 0, "%s %s N=%lu: %zu bytes in %ld blocks leaked",
                   dc->name, ops[op], n, c.live, c.blocks);
            if (failed == 0) break; /* N passed the last allocation: done */
        }
        CHECKF(n < MAX_SWEEP, "%s %s: no end", dc->name, ops[op]);
        /* the big documents cannot fit the arena's first chunk or the
         * buffer's first growth: every operation meets failures */
        CHECKF(failures > 0 || dc->len < 8192, "%s %s: no failure was met (%lu allocations)",
               dc->name, ops[op], n - 1);
        if (!sticky && pre == 100)
            printf("  %-10s %-15s %3lu allocation points, %3lu clean failures\n", dc->name, ops[op],
                   n - 1, failures);
    }
    jb_buf_free(&want_dom);
    jb_buf_free(&want_to);
    jb_buf_free(&want_from);
done_ref:
    jb_buf_free(&want);
    jb_arena_free(ra);
    free(out);
    free(out2);
    free(zero);
}

/* The arena cap, from small to enough: JB_E_LIMIT until it fits. */
static void sweep_cap(const dcase *dc) {
    const jb_type *t = dc->type;
    jb_read_options o = {dc->flags, 0, 0, 0, 0, 0, NULL};
    void *out = malloc(t->size);
    char *zero = calloc(1, t->size);
    if (!out || !zero) abort();
    size_t cap;
    unsigned long limits = 0;
    for (int which = 0; which < 2; which++) {
        for (cap = 256; cap < ((size_t)64 << 20); cap += cap / 8) {
            counting c = {0};
            jb_allocator al = {counting_fn, &c};
            jb_arena *a = jb_arena_new_with(&al, cap);
            CHECK(a != NULL);
            if (!a) break;
            jb_error err;
            jb_status st;
            size_t used = jb_arena_used(a);
            if (which == 0) {
                memset(out, 0xA5, t->size);
                st = jb_decode(t, dc->json, dc->len, out, a, &o, &err);
                if (st != JB_OK) {
                    CHECKF(memcmp(out, zero, t->size) == 0, "%s cap %zu: *out not zeroed", dc->name,
                           cap);
                }
            } else {
                jb_value *v = (jb_value *)&c;
                st = jb_value_parse(dc->json, dc->len, &v, a, &o, &err);
                if (st != JB_OK) CHECKF(v == NULL, "%s cap %zu: *out not NULL", dc->name, cap);
            }
            CHECKF(st == JB_OK || st == JB_E_LIMIT, "%s cap %zu: %s", dc->name, cap,
                   jb_status_name(st));
            if (st != JB_OK) {
                limits++;
                CHECKF(err.code == st, "%s cap: err.code", dc->name);
                CHECKF(jb_arena_used(a) == used, "%s cap %zu: arena not rolled back", dc->name,
                       cap);
                CHECKF(jb_arena_reserved(a) <= cap, "%s cap %zu: reserved %zu", dc->name, cap,
                       jb_arena_reserved(a));
            }
            jb_arena_free(a);
            CHECKF(c.live == 0, "%s cap %zu: %zu bytes leaked", dc->name, cap, c.live);
            if (st == JB_OK) break;
        }
    }
    CHECKF(limits > 0, "%s: the cap never bit", dc->name);
    free(out);
    free(zero);
}

/* ------------------------------------------------------------------ */
/* Builders, lookups, arena, buffer                                    */
/* ------------------------------------------------------------------ */

/* Build {"k0": [..], "k1": "<long>", ...} with a failing arena; the calls
 * that succeed must make a consistent tree, the failing ones change
 * nothing. */
static void sweep_builders(bool sticky) {
    static char big[9000];
    memset(big, 'b', sizeof big);
    unsigned long n, failures = 0;
    for (n = 1; n < MAX_SWEEP; n++) {
        counting c = {0};
        jb_allocator al = {counting_fn, &c};
        jb_arena *a = jb_arena_new_with(&al, 0);
        CHECK(a != NULL);
        if (!a) break;
        arm(&c, n, sticky);
        jb_value *root = jb_value_new_object(a);
        size_t members = 0;
        if (root) {
            for (int i = 0; i < 60; i++) {
                char key[32];
                int kl = snprintf(key, sizeof key, "member-key-%d", i);
                jb_value *val = NULL;
                switch (i % 6) {
                case 0: val = jb_value_new_null(a); break;
                case 1: val = jb_value_new_bool(a, true); break;
                case 2: val = jb_value_new_i64(a, -i); break;
                case 3: val = jb_value_new_u64(a, UINT64_MAX - (uint64_t)i); break;
                case 4: val = jb_value_new_f64(a, i + 0.25); break;
                case 5:
                    val = jb_value_new_number_text(a, "123456789012345678901234567890", 30);
                    break;
                }
                if (i % 10 == 9) val = jb_value_new_string(a, big, sizeof big);
                if (i % 15 == 14) {
                    val = jb_value_new_array(a);
                    for (int k = 0; val && k < 40; k++) {
                        jb_value *e = jb_value_new_string(a, key, (size_t)kl);
                        if (!e) continue;
                        size_t before = jb_value_array_len(val);
                        jb_status st = jb_value_array_append(val, e, a);
                        CHECKF(st == JB_OK || st == JB_E_NOMEM, "append: %s", jb_status_name(st));
                        CHECK(jb_value_array_len(val) == before + (st == JB_OK));
                        if (st == JB_OK) CHECK(jb_value_array_get(val, before) == e);
                    }
                }
                if (!val) continue;
                jb_status st = jb_value_object_set(root, key, (size_t)kl, val, a);
                CHECKF(st == JB_OK || st == JB_E_NOMEM, "object_set: %s", jb_status_name(st));
                CHECK(jb_value_object_len(root) == members + (st == JB_OK));
                if (st == JB_OK) {
                    members++;
                    CHECK(jb_value_object_get(root, key, (size_t)kl) == val);
                } else {
                    CHECK(jb_value_object_get(root, key, (size_t)kl) == NULL);
                }
            }
            /* replacing a value in place, lookups past the index threshold */
            jb_value *t = jb_value_new_bool(a, false);
            if (t && members) {
                jb_str k0;
                jb_value_object_at(root, 0, &k0);
                char key[32];
                memcpy(key, k0.ptr, k0.len);
                jb_status st = jb_value_object_set(root, key, k0.len, t, a);
                CHECK(st == JB_OK || st == JB_E_NOMEM);
                CHECK(jb_value_object_len(root) == members);
            }
            for (size_t i = 0; i < members; i++) {
                jb_str k;
                jb_value *m = jb_value_object_at(root, i, &k);
                CHECK(m != NULL && jb_value_object_get(root, k.ptr, k.len) == m);
            }
        }
        unsigned long failed = c.failed;
        disarm(&c);
        if (failed) failures++;
        if (root) {
            /* whatever was built prints and reparses to an equal tree */
            jb_buf b = {NULL, 0, 0, &al};
            CHECK(jb_value_print(root, &b, NULL, NULL) == JB_OK);
            jb_value *back = NULL;
            CHECK(jb_value_parse(b.data, b.len, &back, a, NULL, NULL) == JB_OK);
            CHECK(jb_value_equal(root, back));
            jb_buf_free(&b);
        }
        jb_arena_free(a);
        CHECKF(c.live == 0 && c.blocks == 0, "builders N=%lu: %zu bytes leaked", n, c.live);
        if (!failed) break;
    }
    CHECK(n < MAX_SWEEP && failures > 0);
    if (!sticky) printf("  builders: %lu allocation points, %lu with a failure\n", n - 1, failures);
}

/* A parsed object past the index threshold: the first lookup builds its
 * index in the arena; with that allocation failing it must still answer. */
static void lookup_under_failure(void) {
    counting c = {0};
    jb_allocator al = {counting_fn, &c};
    jb_arena *a = jb_arena_new_with(&al, 0);
    text t = {0};
    put(&t, "{");
    for (long i = 0; i < 3000; i++) putf(&t, &",\"key%ld\":1"[i == 0], i, 0);
    put(&t, ",\"key7\":2}");
    jb_value *v = NULL;
    CHECK(jb_value_parse(t.p, t.len, &v, a, NULL, NULL) == JB_OK);
    arm(&c, 1, true);
    int64_t x = 0;
    CHECK(jb_value_get_i64(jb_value_object_get(v, "key7", 4), &x) == JB_OK && x == 2);
    CHECK(jb_value_object_get(v, "key2999", 7) != NULL);
    CHECK(jb_value_object_get(v, "nope", 4) == NULL);
    disarm(&c);
    CHECK(jb_value_get_i64(jb_value_object_get(v, "key7", 4), &x) == JB_OK && x == 2);
    jb_arena_free(a);
    CHECK(c.live == 0);
    free(t.p);
}

static void arena_and_buffer(void) {
    /* jb_arena_new_with: every allocation point */
    unsigned long n;
    for (n = 1; n < 100; n++) {
        counting c = {0};
        jb_allocator al = {counting_fn, &c};
        arm(&c, n, true);
        jb_arena *a = jb_arena_new_with(&al, 0);
        unsigned long failed = c.failed;
        disarm(&c);
        if (failed) CHECKF(a == NULL, "jb_arena_new_with N=%lu: an arena despite a failure", n);
        if (a) {
            CHECK(jb_arena_alloc(a, 10, 8) != NULL);
            arm(&c, 1, true);
            CHECK(jb_arena_alloc(a, 1 << 20, 16) == NULL); /* a chunk of its own */
            disarm(&c);
            CHECK(jb_arena_alloc(a, 1 << 20, 16) != NULL);
        }
        jb_arena_free(a);
        CHECKF(c.live == 0, "jb_arena_new_with N=%lu: %zu bytes leaked", n, c.live);
        if (!failed) break;
    }
    CHECK(n > 1 && n < 100);

    /* jb_buf_reserve */
    counting c = {0};
    jb_allocator al = {counting_fn, &c};
    jb_buf b = {NULL, 0, 0, &al};
    CHECK(jb_buf_reserve(&b, 10) == JB_OK);
    memcpy(b.data, "0123456789", 10);
    b.len = 10;
    char *data = b.data;
    size_t cap = b.cap;
    arm(&c, 1, true);
    CHECK(jb_buf_reserve(&b, 1 << 20) == JB_E_NOMEM);
    CHECK(b.data == data && b.cap == cap && b.len == 10 && memcmp(b.data, "0123456789", 10) == 0);
    CHECK(jb_buf_reserve(&b, SIZE_MAX - 4) == JB_E_NOMEM); /* overflow, no call */
    disarm(&c);
    CHECK(jb_buf_reserve(&b, SIZE_MAX - 4) == JB_E_NOMEM);
    CHECK(b.len == 10 && memcmp(b.data, "0123456789", 10) == 0);
    jb_buf_free(&b);
    CHECK(c.live == 0 && c.blocks == 0);
}

int main(void) {
    text d = {0}, m = {0};
    doc_json(&d);
    map_iv_json(&m);
    static const char any_json[] =
        "[{\"a\":[1,2,{\"b\":null}],\"c\":\"\\ud83d\\ude00\"},-0.0,1e999,"
        "18446744073709551615,\"\xc3\xa9\"]";
    static const char map_ca_json[] = "{\"red\":{\"x\":[1,2,3]},\"green\":[\"y\",{\"z\":{}}]}";
    const dcase cases[] = {
        {"doc", &doc_type, d.p, d.len, 0},
        {"doc-borrow", &doc_type, d.p, d.len, JB_READ_BORROW_STRINGS},
        {"map-iv", map_iv_type, m.p, m.len, 0},
        {"any", &jb_any, any_json, sizeof any_json - 1, 0},
        {"map-ca", map_ca_type, map_ca_json, sizeof map_ca_json - 1, 0},
        {"ishapes", vec_ishape_type,
         "[{\"type\":\"Rect\",\"w\":1,\"h\":2,\"label\":\"l\"},{\"type\":\"None\"},"
         "{\"r\":3,\"type\":\"Circle\"}]",
         0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dcase dc = cases[i];
        if (!dc.len) dc.len = strlen(dc.json);
        /* JB_TEST_SCALE below 1 (the slow modes: valgrind) keeps two */
        static const size_t pres[] = {100, 3900, 1000, 2500, 3500, 4000, 4040};
        const char *sc = getenv("JB_TEST_SCALE");
        size_t npres = sc && atof(sc) > 0 && atof(sc) < 1 ? 2 : sizeof pres / sizeof pres[0];
        for (size_t p = 0; p < npres; p++) {
            sweep_decode(&dc, false, pres[p]);
            sweep_decode(&dc, true, pres[p]);
        }
        sweep_cap(&dc);
    }
    sweep_builders(false);
    sweep_builders(true);
    lookup_under_failure();
    arena_and_buffer();
    free(d.p);
    free(m.p);
    return check_report();
}
