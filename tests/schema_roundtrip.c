/* SPDX-License-Identifier: MIT */
/*
 * schema_roundtrip.c — the two directions together (issue 18, part 5):
 * for every descriptor of the schema set (schema_set.h), its schema was
 * exported, `jbind gen` made C types from it, and this program (built by
 * tests/test_schema_roundtrip.sh with the generated sources and a registry
 * of their root descriptors) compares the generated descriptors with the
 * originals:
 *
 *   - every document the original encodes (random values) decodes with the
 *     generated type, and the generated type encodes it back to the same
 *     JSON (compared as jb_value), or, where the two spell one value
 *     differently (an output convention JSON Schema does not carry, such
 *     as circe's {"Empty": {}} for "Empty", or a double written 1.0e21 or
 *     1e+21), to JSON the original reads back to the same C value
 *     (zoo_equal);
 *   - mutants of those documents: the two verdicts are counted side by
 *     side, and the documents they disagree on are listed (the schema or
 *     the generated types cannot say everything: docs/schema.md).
 *
 * Exit status 1 when a document the original wrote is refused, or comes
 * back with another meaning.
 */
#include <stdlib.h>

#include "schema_set.h"

typedef struct gen_entry {
    const char *name;
    const jb_type *type;
} gen_entry;
extern const gen_entry registry[];
extern const size_t nregistry;

static int failures;

typedef struct run {
    const schema_entry *e;
    const jb_type *g;
    size_t values, respelled, mutants, agree, only_gen, only_orig, shown;
    jb_arena *a;
} run;

static jb_status decode(const jb_type *t, const char *text, size_t len, const jb_read_options *ro,
                        void **out, jb_arena *a, jb_error *err) {
    *out = calloc(1, t->size ? t->size : 1);
    char *copy = malloc(len ? len : 1);
    if (!*out || !copy) abort();
    memcpy(copy, text, len);
    jb_status st = jb_decode(t, copy, len, *out, a, ro, err);
    free(copy);
    return st;
}

static bool same_json(const char *a, size_t na, const char *b, size_t nb, jb_arena *arena) {
    jb_value *x = NULL, *y = NULL;
    return jb_value_parse(a, na, &x, arena, NULL, NULL) == JB_OK &&
           jb_value_parse(b, nb, &y, arena, NULL, NULL) == JB_OK && jb_value_equal(x, y);
}

static void on_value(const char *text, size_t len, void *ctx) {
    run *r = ctx;
    void *gv = NULL, *ov = NULL;
    jb_error err;
    jb_buf b1 = JB_BUF_INIT;
    r->values++;
    if (decode(r->g, text, len, NULL, &gv, r->a, &err)) {
        failures++;
        fprintf(stderr,
                "%s: the generated type refuses what the original wrote: %s at %s\n  %.*s\n",
                r->e->name, err.message, err.path, (int)(len > 300 ? 300 : len), text);
    } else if (jb_encode(r->g, gv, &b1, NULL, &err)) {
        failures++;
        fprintf(stderr, "%s: the generated type cannot encode it: %s\n", r->e->name, err.message);
    } else if (!same_json(text, len, b1.data, b1.len, r->a)) {
        /* another spelling: the original must read it as the same value */
        void *first = NULL;
        jb_status st = decode(r->e->type, b1.data, b1.len, &r->e->ro, &ov, r->a, &err);
        bool same = st == JB_OK &&
                    decode(r->e->type, text, len, &r->e->ro, &first, r->a, NULL) == JB_OK &&
                    zoo_equal(r->e->type, first, ov);
        free(first);
        if (same) {
            r->respelled++;
        } else {
            if (st)
                fprintf(stderr, "%s: the original refuses the generated type's JSON: %s at %s\n",
                        r->e->name, err.message, err.path);
            /* show where they part */
            size_t k = 0;
            while (k < len && k < b1.len && text[k] == b1.data[k]) k++;
            size_t from = k > 120 ? k - 120 : 0;
            failures++;
            fprintf(stderr,
                    "%s: the generated type writes another value (from byte %zu):\n  original:  "
                    "%.*s\n  generated: %.*s\n",
                    r->e->name, from, (int)(len - from > 240 ? 240 : len - from), text + from,
                    (int)(b1.len - from > 240 ? 240 : b1.len - from), b1.data + from);
        }
    }
    free(gv);
    free(ov);
    jb_buf_free(&b1);
    jb_arena_reset(r->a);
}

static void mutants(run *r, char **docs, size_t *lens, size_t n, size_t count) {
    schema_pools *p = schema_pools_new();
    for (size_t i = 0; i < n && i < 64; i++) schema_pools_add(p, docs[i], lens[i]);
    jb_buf m = JB_BUF_INIT;
    for (size_t k = 0; k < count && n; k++) {
        size_t i = schema_below(n);
        m.len = 0;
        if (!schema_mutant(p, docs[i], lens[i], &m)) continue;
        void *gv, *ov;
        jb_error ge, oe;
        bool g = decode(r->g, m.data, m.len, NULL, &gv, r->a, &ge) == JB_OK;
        bool o = decode(r->e->type, m.data, m.len, &r->e->ro, &ov, r->a, &oe) == JB_OK;
        free(gv);
        free(ov);
        r->mutants++;
        if (g == o)
            r->agree++;
        else if (g)
            r->only_gen++;
        else
            r->only_orig++;
        if (g != o && r->shown++ < 2)
            printf("    %s only: %.*s\n      (%s: %s)\n",
                   g ? "generated accepts" : "original accepts", (int)(m.len > 200 ? 200 : m.len),
                   m.data, g ? "original" : "generated", g ? oe.message : ge.message);
        jb_arena_reset(r->a);
    }
    jb_buf_free(&m);
    schema_pools_free(p);
}

typedef struct keep {
    char **docs;
    size_t *lens;
    size_t n, cap;
    run *r;
} keep;

static void on_keep(const char *text, size_t len, void *ctx) {
    keep *k = ctx;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 256;
        k->docs = realloc(k->docs, k->cap * sizeof *k->docs);
        k->lens = realloc(k->lens, k->cap * sizeof *k->lens);
        if (!k->docs || !k->lens) abort();
    }
    k->docs[k->n] = malloc(len ? len : 1);
    if (!k->docs[k->n]) abort();
    memcpy(k->docs[k->n], text, len);
    k->lens[k->n++] = len;
    on_value(text, len, k->r);
}

int main(void) {
    const char *sc = getenv("JB_TEST_SCALE");
    double scale = sc && atof(sc) > 0 ? atof(sc) : 1.0;
    size_t nvalues = (size_t)(500 * scale) + 10;
    schema_set_build();
    size_t totals[5] = {0};
    for (size_t i = 0; i < nregistry; i++) {
        const schema_entry *e = NULL;
        for (size_t j = 0; j < schema_nentries && !e; j++)
            if (strcmp(schema_entries[j].name, registry[i].name) == 0) e = &schema_entries[j];
        if (!e) continue;
        run r = {e, registry[i].type, 0, 0, 0, 0, 0, 0, 0, jb_arena_new()};
        keep k = {NULL, NULL, 0, 0, &r};
        schema_rng_seed(0xa11ce000u + i);
        schema_random_docs(e, nvalues, (size_t)(256 * 1024 * scale), SCHEMA_MAX_DOC, on_keep, &k);
        printf("%-14s %4zu values (%zu respelled)\n", e->name, r.values, r.respelled);
        mutants(&r, k.docs, k.lens, k.n, k.n);
        printf("  %-12s %4zu mutants: %zu same verdict, %zu accepted by the generated type only, "
               "%zu by the original only\n",
               "", r.mutants, r.agree, r.only_gen, r.only_orig);
        totals[0] += r.values, totals[1] += r.respelled, totals[2] += r.mutants,
            totals[3] += r.only_gen, totals[4] += r.only_orig;
        for (size_t j = 0; j < k.n; j++) free(k.docs[j]);
        free(k.docs);
        free(k.lens);
        jb_arena_free(r.a);
    }
    printf("all: %zu descriptors, %zu values (%zu respelled), %zu mutants (%zu accepted by the "
           "generated types only, "
           "%zu by the originals only); %d failures\n",
           nregistry, totals[0], totals[1], totals[2], totals[3], totals[4], failures);
    return failures ? 1 : 0;
}
