/* SPDX-License-Identifier: MIT */
/*
 * harness.h — what every bench translation unit shares: the allocation
 * counters, a bump arena the peers decode into (the same memory discipline
 * jbind's jb_arena gives: reset per operation, no per-value free), the
 * per-operation I/O block, the library ids and the case table.
 * Compiles as C11 and as C++ (the C++ peers include it).
 */
#ifndef BENCH_HARNESS_H
#define BENCH_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "jbind.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bench_alloc_stats {
    uint64_t count;  /* malloc/calloc/realloc/posix_memalign/aligned_alloc calls */
    uint64_t bytes;  /* bytes requested by them */
    uint64_t frees;
} bench_alloc_stats;
extern bench_alloc_stats bench_allocs;

/* ---- bump arena for the peers' decoded values ---- */
typedef struct ba_chunk {
    struct ba_chunk *next;
    size_t cap;
    char *data;
} ba_chunk;

typedef struct bench_arena {
    ba_chunk *head, *cur;
    char *p, *end;
} bench_arena;

void *ba_alloc_slow(bench_arena *a, size_t n);
static inline void *ba_alloc(bench_arena *a, size_t n) {
    n = (n + 15) & ~(size_t)15;
    if ((size_t)(a->end - a->p) >= n) {
        void *r = a->p;
        a->p += n;
        return r;
    }
    return ba_alloc_slow(a, n);
}
void ba_reset(bench_arena *a);
void ba_free(bench_arena *a);
/* A NUL-terminated copy as a jb_str. */
static inline jb_str ba_str(bench_arena *a, const char *s, size_t n) {
    char *d = (char *)ba_alloc(a, n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    jb_str r;
    r.ptr = d;
    r.len = n;
    return r;
}

/* Growable array in the arena (doubling; old blocks are left behind). */
typedef struct ba_vec {
    char *items;
    size_t len, cap, elem;
} ba_vec;
static inline void *ba_vec_push(bench_arena *a, ba_vec *v) {
    if (v->len == v->cap) {
        size_t nc = v->cap ? v->cap * 2 : 8;
        char *ni = (char *)ba_alloc(a, nc * v->elem);
        if (v->len) memcpy(ni, v->items, v->len * v->elem);
        v->items = ni;
        v->cap = nc;
    }
    void *r = v->items + v->len * v->elem;
    v->len++;
    memset(r, 0, v->elem);
    return r;
}

/* ---- growable byte buffer (hand-written encoders, copies) ---- */
typedef struct bench_buf {
    char *data;
    size_t len, cap;
} bench_buf;
void bb_grow(bench_buf *b, size_t n);
static inline char *bb_reserve(bench_buf *b, size_t n) {
    if (b->cap - b->len < n) bb_grow(b, n);
    return b->data + b->len;
}

/* ---- libraries ----
 * One line per library (a row of every table): the enum id, the name the
 * tables and JB_BENCH_LIBS use, its kind, what it does. Adding a library is
 * one line here plus its functions: either in the case tables
 * (jb_models.c, dom_c.c, numbers.c: an entry of .dec/.enc) or, for a
 * library that covers some cases only, registries of {case name, dec, enc}
 * listed in main.c (bench_lib.registries; glaze's are). Kinds:
 *   BENCH_OURS   jbind's own rows: the ratios are computed for them
 *   BENCH_PEER   another library: "best peer" is the fastest of these
 *   BENCH_LIMIT  a physical limit (memcpy of the same bytes): neither; the
 *                report reads every row as a fraction of it */
enum { BENCH_OURS = 0, BENCH_PEER, BENCH_LIMIT };
#define BENCH_LIBS(X)                                                                              \
    X(JBIND, "jbind", BENCH_OURS, "jb_decode / jb_encode with the bench descriptors, interpreted") \
    X(JBIND_GEN, "jbind-generated", BENCH_OURS, "the same calls, the codecs of jbind_generate attached") \
    X(SIMDJSON, "simdjson", BENCH_PEER, "On-Demand, parser reused (decode only)")                  \
    X(RAPIDJSON, "rapidjson", BENCH_PEER, "Document::Parse + extraction; Writer<StringBuffer>")    \
    X(JANSSON, "jansson", BENCH_PEER, "json_loadb + extraction; build json_t + json_dumps")        \
    X(JSONC, "json-c", BENCH_PEER, "json_tokener_parse + extraction; build + to_json_string")      \
    X(CJSON, "cJSON", BENCH_PEER, "cJSON_ParseWithLength + extraction; build + PrintUnformatted")  \
    X(HAND, "hand", BENCH_PEER, "hand-written recursive descent / snprintf writer")                 \
    X(LIBC, "libc", BENCH_PEER, "number cases: strtod / strtoll; snprintf %.17g")                   \
    X(LIBC_SHORT, "libc-shortest", BENCH_PEER, "number cases: shortest of %.15g/%.16g/%.17g")       \
    X(GLAZE, "glaze", BENCH_PEER, "glz::read into a reused C++ struct; glz::write into a reused string") \
    X(GLAZE_FRESH, "glaze-fresh", BENCH_PEER, "glz::read into a fresh C++ struct; glz::write_json to a new string") \
    X(YYJSON, "yyjson", BENCH_PEER, "yyjson_read + walk; yyjson_mut_doc + yyjson_mut_write")        \
    X(MEMCPY, "memcpy", BENCH_LIMIT, "memcpy of the input (decode) / of jbind's output (encode)")
#define BENCH_LIB_ENUM(id, name, kind, what) LIB_##id,
enum { BENCH_LIBS(BENCH_LIB_ENUM) LIB_COUNT };
struct bench_io;
/* A library's functions for the cases it covers, by case name ({NULL} ends). */
typedef struct bench_entry {
    const char *cas;
    int (*dec)(struct bench_io *io);
    int (*enc)(struct bench_io *io);
} bench_entry;
typedef struct bench_lib {
    const char *name;
    int kind;
    const char *what;
    const bench_entry *const *registries; /* NULL-terminated; NULL: the case tables only */
    const char *absent;         /* non-NULL: not built into this jbench, and why */
} bench_lib;
extern bench_lib bench_libs[LIB_COUNT];
/* yyjson's functions in the case tables (NULL where it is not built) */
#ifdef BENCH_HAVE_YYJSON
#define BENCH_YY(f) f
#else
#define BENCH_YY(f) NULL
#endif

/* One operation's inputs and outputs. */
typedef struct bench_io {
    /* decode */
    const char *in;        /* input JSON, NUL-terminated, with >= 64 readable padding bytes */
    size_t in_len;
    void *out;             /* the C value to fill (case size bytes) */
    bench_arena *arena;    /* peers allocate decoded memory here (reset per op) */
    jb_arena *jarena;      /* jbind's arena (reset per op) */
    /* encode */
    const void *value;     /* the C value to encode */
    const char *enc;       /* the produced JSON */
    size_t enc_len;
    void (*enc_release)(struct bench_io *io); /* frees the produced JSON (NULL: nothing) */
    void *enc_handle;
    bench_buf buf;         /* reusable output buffer for encoders that write into one */
    jb_buf jbuf;
    /* per-library persistent state (e.g. simdjson parser) */
    void *state;
    const struct bench_case *bc;
    /* 1 while the harness runs a correctness gate, 0 while timed: a peer
     * that decodes into its own types (glaze's C++ structs) converts them
     * into io->out only when it is set, outside the timed operation */
    int gate;
    char errmsg[1024];
} bench_io;

typedef int (*bench_fn)(bench_io *io); /* 0 = ok */

typedef struct bench_case {
    const char *name;
    const char *group;     /* "seed", "wide", "corpus", "partial", "lookup" */
    const char *file;      /* corpus file (relative to the data dir) or NULL */
    const char *note;
    size_t size;           /* sizeof the C value */
    const jb_type *type;   /* jbind descriptor */
    /* the "jbind-generated" row's descriptor when not type (NULL: type): a
     * named one-field unwrapped record around an inline vector or map, the
     * same JSON and memory (jbind_generate takes named roots with a plan) */
    const jb_type *gen_type;
    uint32_t write_flags;  /* jbind JB_WRITE_* for this model */
    uint32_t read_flags;
    /* seed cases: build the reference value (NULL for corpus cases) */
    void (*make)(bench_arena *a, void *out);
    bool (*equal)(const void *a, const void *b);
    double elems;          /* elements per op for ns/element (0 = none) */
    /* number cases: build the reference value and the input text (the
     * numbers as spelled in the corpus file, or generated); returns the
     * number of elements. NULL for the other cases. */
    size_t (*make_input)(bench_arena *a, void *out, const char *data_dir, char **text, size_t *len);
    int dom;               /* DOM case: parse/print through dom_libs[] (bench/dom.h) */
    bench_fn dec[LIB_COUNT];
    bench_fn enc[LIB_COUNT];
} bench_case;

extern const bench_case *const *bench_cases;
extern size_t bench_case_count;

/* equality helpers */
static inline bool eq_str(jb_str a, jb_str b) {
    return a.len == b.len && (a.len == 0 || memcmp(a.ptr, b.ptr, a.len) == 0);
}
static inline bool eq_cstr(const char *a, const char *b) {
    if (!a || !b) return a == b;
    return strcmp(a, b) == 0;
}
/* Report where an equality check failed (first call wins, cleared per gate). */
extern char bench_eq_where[256];
bool bench_neq(const char *where);
#define EQ(cond, where) do { if (!(cond)) return bench_neq(where); } while (0)

#ifdef __cplusplus
#define EXTERN_C extern "C"
#else
#define EXTERN_C
#endif

#define KEY_IS(k, lit) ((k).len == sizeof(lit) - 1 && memcmp((k).ptr, (lit), sizeof(lit) - 1) == 0)

/* SplitMix64, the generator the seed data uses. */
static inline uint64_t splitmix64(uint64_t *s) {
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

#ifdef __cplusplus
}
#endif

#endif
