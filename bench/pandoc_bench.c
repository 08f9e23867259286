/* SPDX-License-Identifier: MIT */
/*
 * pandoc_bench.c — issue 8: decode and encode throughput of a large pandoc
 * document through the typed AST of examples/pandoc/pandoc_types.h, beside
 * DOM parse/print of the same bytes (jbind's jb_value, and the C peers
 * cJSON and jansson when built with them; json-c's header cannot share a
 * translation unit with jansson's, and the C++ peers live in jbench).
 *
 * Standalone. From the repository root, with the library built in BUILD:
 *
 *   cc -std=c11 -O2 -Iinclude -Iexamples/pandoc bench/pandoc_bench.c \
 *      examples/pandoc/pandoc_types.c examples/pandoc/pandoc_util.c \
 *      BUILD/libjbind.a -lm -o pandoc_bench
 *   pandoc -s -t json examples/pandoc/stress.md -o stress.json
 *   ./pandoc_bench stress.json            # the stress document repeated to 4 MiB
 *   ./pandoc_bench -m 16 stress.json      # ... to 16 MiB
 *
 * With the C peers (Debian: libcjson-dev libjansson-dev):
 *
 *   cc ... -DPD_BENCH_PEERS $(pkg-config --cflags --libs libcjson jansson)
 *
 * The big document is the input's blocks repeated to about the target
 * size (the metadata once), encoded by pandoc_types (so it is in
 * pandoc's exact form: `pandoc -f json -t json big.json` gives the same
 * bytes plus a newline; -w FILE writes it out to check). Before timing, the
 * bench checks decode+encode of the big text gives it back byte for byte.
 *
 * Each figure is the best of 5 trials of at least 0.2 s each, in MB/s of
 * JSON text (10^6 bytes). Typed decode resets one warm arena per document;
 * typed encode appends to one reused jb_buf (pd_encode: jb_encode plus the
 * \b/\f escape rewrite, which finds nothing to rewrite here; jb_encode alone
 * is shown too). DOM rows parse into a tree and free it, or print a tree
 * parsed once.
 */
#define _POSIX_C_SOURCE 200809L
#include "pandoc_types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef PD_BENCH_PEERS
#include <cjson/cJSON.h>
#include <jansson.h>
#endif

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what, const jb_error *err) {
    fprintf(stderr, "pandoc_bench: %s: %s at %s (%zu:%zu): %s\n", what,
            err ? jb_status_name(err->code) : "?", err ? err->path : "", err ? err->line : 0,
            err ? err->column : 0, err ? err->message : "");
    exit(1);
}

/* ---- the operations ----------------------------------------------------------- */

typedef struct {
    const char *json;
    size_t len;
    jb_arena *arena;
    pd_pandoc doc;  /* decoded once, for the encoders */
    jb_buf buf;
    jb_value *dom;  /* parsed once, for the DOM printer */
    jb_arena *dom_arena;
#ifdef PD_BENCH_PEERS
    cJSON *cj;
    json_t *ja;
#endif
    size_t sink;    /* defeats dead-code elimination */
} bench;

static void op_typed_decode(bench *b) {
    pd_pandoc doc;
    jb_error err;
    jb_arena_reset(b->arena);
    if (pd_decode(b->json, b->len, &doc, b->arena, &err)) die("decode", &err);
    b->sink += doc.blocks.len;
}

static void op_typed_encode(bench *b) {
    jb_error err;
    b->buf.len = 0;
    if (pd_encode(&b->doc, &b->buf, &err)) die("encode", &err);
    b->sink += b->buf.len;
}

static void op_typed_encode_plain(bench *b) {
    jb_error err;
    b->buf.len = 0;
    if (jb_encode(&pd_pandoc_type, &b->doc, &b->buf, &pd_write_options, &err)) die("encode", &err);
    b->sink += b->buf.len;
}

static void op_value_parse(bench *b) {
    jb_value *v;
    jb_error err;
    jb_arena_reset(b->arena);
    if (jb_value_parse(b->json, b->len, &v, b->arena, NULL, &err)) die("jb_value_parse", &err);
    b->sink += jb_value_object_len(v);
}

static void op_value_print(bench *b) {
    jb_error err;
    b->buf.len = 0;
    if (jb_value_print(b->dom, &b->buf, NULL, &err)) die("jb_value_print", &err);
    b->sink += b->buf.len;
}

#ifdef PD_BENCH_PEERS
static void op_cjson_parse(bench *b) {
    cJSON *v = cJSON_ParseWithLength(b->json, b->len);
    if (!v) die("cJSON_Parse", NULL);
    b->sink += (size_t)cJSON_GetArraySize(v);
    cJSON_Delete(v);
}
static void op_cjson_print(bench *b) {
    char *s = cJSON_PrintUnformatted(b->cj);
    if (!s) die("cJSON_Print", NULL);
    b->sink += strlen(s);
    cJSON_free(s);
}
static void op_jansson_parse(bench *b) {
    json_error_t e;
    json_t *v = json_loadb(b->json, b->len, 0, &e);
    if (!v) die("json_loadb", NULL);
    b->sink += json_object_size(v);
    json_decref(v);
}
static void op_jansson_print(bench *b) {
    char *s = json_dumps(b->ja, JSON_COMPACT);
    if (!s) die("json_dumps", NULL);
    b->sink += strlen(s);
    free(s);
}
#endif

/* Best of 5 trials of >= 0.2 s; MB/s of `bytes` per operation. */
static double measure(bench *b, void (*op)(bench *), size_t bytes) {
    double best = 0;
    int trial;
    op(b); /* warm-up: arena chunks, buffer capacity, plans */
    for (trial = 0; trial < 5; trial++) {
        size_t iters = 0;
        double t0 = now(), t;
        do {
            op(b);
            iters++;
            t = now() - t0;
        } while (t < 0.2);
        if ((double)bytes * (double)iters / t / 1e6 > best)
            best = (double)bytes * (double)iters / t / 1e6;
    }
    return best;
}

/* ---- building the big document ------------------------------------------------ */

static char *load_input(const char *path, size_t *len) {
    if (path) return pd_read_all(path, len);
    {
        /* No file: ask pandoc for the stress document's JSON. */
        FILE *p = popen("pandoc -s -t json examples/pandoc/stress.md", "r");
        char *data = NULL;
        size_t cap = 0, n = 0, got;
        if (!p) return NULL;
        for (;;) {
            if (cap - n < 65536) {
                char *g = realloc(data, cap = cap ? 2 * cap : 1 << 20);
                if (!g) break;
                data = g;
            }
            if ((got = fread(data + n, 1, cap - n, p)) == 0) break;
            n += got;
        }
        if (pclose(p) != 0 || n == 0) {
            free(data);
            return NULL;
        }
        *len = n;
        return data;
    }
}

int main(int argc, char **argv) {
    const char *path = NULL, *write_path = NULL;
    double target_mb = 4;
    bench b;
    pd_pandoc small, big;
    jb_error err;
    jb_buf text = JB_BUF_INIT;
    char *input;
    size_t input_len = 0, k, i, reps, nblocks, inlines = 0;
    int a;

    for (a = 1; a < argc; a++) {
        if (strcmp(argv[a], "-m") == 0 && a + 1 < argc) target_mb = atof(argv[++a]);
        else if (strcmp(argv[a], "-w") == 0 && a + 1 < argc) write_path = argv[++a];
        else if (argv[a][0] == '-' && argv[a][1]) {
            fprintf(stderr, "usage: pandoc_bench [-m MiB] [-w big.json] [pandoc.json]\n");
            return 2;
        } else path = argv[a];
    }
    input = load_input(path, &input_len);
    if (!input) {
        fprintf(stderr, "pandoc_bench: cannot read %s\n",
                path ? path : "the output of `pandoc -s -t json examples/pandoc/stress.md`");
        return 1;
    }

    memset(&b, 0, sizeof b);
    b.arena = jb_arena_new();
    b.dom_arena = jb_arena_new();
    if (!b.arena || !b.dom_arena) return 1;

    /* Decode the small document, repeat its blocks to the target size. */
    if (pd_decode(input, input_len, &small, b.dom_arena, &err)) die("decode input", &err);
    if (pd_normalize(&small, b.dom_arena, &err)) die("normalize input", &err);
    if (pd_encode(&small, &text, &err)) die("encode input", &err);
    reps = (size_t)(target_mb * 1048576.0 / (double)text.len) + 1;
    nblocks = small.blocks.len * reps;
    big = small;
    big.blocks.items = malloc(nblocks * sizeof *big.blocks.items);
    if (!big.blocks.items) return 1;
    for (k = 0; k < reps; k++)
        memcpy(big.blocks.items + k * small.blocks.len, small.blocks.items,
               small.blocks.len * sizeof *small.blocks.items);
    big.blocks.len = nblocks;
    text.len = 0;
    if (pd_encode(&big, &text, &err)) die("encode big", &err);
    free(big.blocks.items);
    if (write_path) {
        FILE *f = fopen(write_path, "wb");
        if (!f || fwrite(text.data, 1, text.len, f) != text.len || fclose(f)) {
            fprintf(stderr, "pandoc_bench: cannot write %s\n", write_path);
            return 1;
        }
    }

    b.json = text.data;
    b.len = text.len;
    /* Correctness gate: decode + encode of the big text gives it back. */
    if (pd_decode(b.json, b.len, &b.doc, b.dom_arena, &err)) die("decode big", &err);
    if (pd_encode(&b.doc, &b.buf, &err)) die("re-encode big", &err);
    if (b.buf.len != b.len || memcmp(b.buf.data, b.json, b.len) != 0) {
        fprintf(stderr, "pandoc_bench: round trip of the big document differs\n");
        return 1;
    }
    if (jb_value_parse(b.json, b.len, &b.dom, b.dom_arena, NULL, &err)) die("parse big", &err);
#ifdef PD_BENCH_PEERS
    b.cj = cJSON_ParseWithLength(b.json, b.len);
    b.ja = json_loadb(b.json, b.len, 0, NULL);
    if (!b.cj || !b.ja) {
        fprintf(stderr, "pandoc_bench: a peer could not parse the document\n");
        return 1;
    }
#endif
    for (i = 0; i < b.doc.blocks.len; i++)
        if (b.doc.blocks.items[i].t == PD_PARA || b.doc.blocks.items[i].t == PD_PLAIN)
            inlines += b.doc.blocks.items[i].c.inlines.len;

    printf("pandoc document: %.2f MB (%zu copies of %s, %zu top-level blocks, "
           "%zu inlines in top-level paragraphs)\n",
           (double)b.len / 1e6, reps, path ? path : "stress.md", b.doc.blocks.len, inlines);
    jb_arena_reset(b.arena);
    op_typed_decode(&b);
    printf("typed decode arena: %.1f MB used for %.2f MB of JSON\n",
           (double)jb_arena_used(b.arena) / 1e6, (double)b.len / 1e6);
    printf("%-34s %10s\n", "operation", "MB/s");
    printf("%-34s %10.0f\n", "jbind typed decode (pd_decode)", measure(&b, op_typed_decode, b.len));
    printf("%-34s %10.0f\n", "jbind typed encode (pd_encode)", measure(&b, op_typed_encode, b.len));
    printf("%-34s %10.0f\n", "jbind typed encode (jb_encode)", measure(&b, op_typed_encode_plain, b.len));
    printf("%-34s %10.0f\n", "jbind DOM parse (jb_value_parse)", measure(&b, op_value_parse, b.len));
    printf("%-34s %10.0f\n", "jbind DOM print (jb_value_print)", measure(&b, op_value_print, b.len));
#ifdef PD_BENCH_PEERS
    printf("%-34s %10.0f\n", "cJSON parse", measure(&b, op_cjson_parse, b.len));
    printf("%-34s %10.0f\n", "cJSON print", measure(&b, op_cjson_print, b.len));
    printf("%-34s %10.0f\n", "jansson parse", measure(&b, op_jansson_parse, b.len));
    printf("%-34s %10.0f\n", "jansson print", measure(&b, op_jansson_print, b.len));
    cJSON_Delete(b.cj);
    json_decref(b.ja);
#endif
    if (b.sink == 0) printf("(nothing measured)\n");
    jb_buf_free(&b.buf);
    jb_buf_free(&text);
    jb_arena_free(b.arena);
    jb_arena_free(b.dom_arena);
    free(input);
    return 0;
}
