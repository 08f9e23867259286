/* SPDX-License-Identifier: MIT */
/*
 * main.c — the bench driver.
 *
 *   jbench [--quick [--jobs N]] [--case PATTERNS] [--lib PATTERNS] [--out results.tsv]
 *       runs every (case, library) pair in its own child process (a fresh
 *       exec, so that the child's peak RSS is its own), prints a table and
 *       writes the raw results. --quick: the correctness gates only, one
 *       operation each, no timing; exit status 1 if any gate failed;
 *       --jobs N: N children at a time (--quick only: timed children
 *       always run alone).
 *       PATTERNS: comma-separated shell patterns (fnmatch), each matched
 *       against the whole name: "twitter" is the typed twitter case only,
 *       "dom.*" every DOM case, "*twitter*" all three twitter files.
 *   jbench --child CASE LIB [--quick]   (internal) one pair; prints R lines.
 *   jbench --list                       the case names.
 *   jbench --libs                       the library table (TSV: name, kind,
 *                                       built, what it does / why not built).
 *
 * Environment: JB_DATA_DIR (corpus directory; default ../shared/data/corpus
 * relative to the repository root), JB_BENCH_SECONDS (seconds per timed run,
 * default 0.2), JB_BENCH_RUNS (timed runs, default 5), JB_BENCH_CASES and
 * JB_BENCH_LIBS (the same PATTERNS as --case / --lib; the options win),
 * JB_BENCH_JOBS (the same as --jobs).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "dom.h"
#include "models.h"

extern char **environ;
int hand_enc_d(bench_io *); /* for input generation: see canonical_input */

/* ---------------- the library table (harness.h) ---------------- */
#ifdef BENCH_HAVE_GLAZE /* one registry per glaze translation unit (glaze_*.cpp) */
extern const bench_entry glaze_corpus_entries[], glaze_fresh_corpus_entries[], glaze_seed_entries[],
    glaze_fresh_seed_entries[], glaze_partial_entries[], glaze_fresh_partial_entries[];
static const bench_entry *const glaze_registries[] = {glaze_corpus_entries, glaze_seed_entries,
                                                      glaze_partial_entries, NULL};
static const bench_entry *const glaze_fresh_registries[] = {glaze_fresh_corpus_entries, glaze_fresh_seed_entries,
                                                            glaze_fresh_partial_entries, NULL};
#define GLAZE_ABSENT NULL
#else
static const bench_entry *const glaze_registries[] = {NULL}, *const glaze_fresh_registries[] = {NULL};
#ifndef BENCH_GLAZE_ABSENT
#define BENCH_GLAZE_ABSENT "not built"
#endif
#define GLAZE_ABSENT BENCH_GLAZE_ABSENT
#endif
#ifdef BENCH_HAVE_YYJSON
#define YYJSON_ABSENT NULL
#else
#ifndef BENCH_YYJSON_ABSENT
#define BENCH_YYJSON_ABSENT "not built"
#endif
#define YYJSON_ABSENT BENCH_YYJSON_ABSENT
#endif
#define BENCH_LIB_ROW(id, name_, kind_, what_) {.name = name_, .kind = kind_, .what = what_},
bench_lib bench_libs[LIB_COUNT] = {BENCH_LIBS(BENCH_LIB_ROW)};
static void bench_libs_init(void) {
    bench_libs[LIB_GLAZE].registries = glaze_registries;
    bench_libs[LIB_GLAZE_FRESH].registries = glaze_fresh_registries;
    bench_libs[LIB_GLAZE].absent = bench_libs[LIB_GLAZE_FRESH].absent = GLAZE_ABSENT;
    bench_libs[LIB_YYJSON].absent = YYJSON_ABSENT;
}

/* ---------------- buffer (the arena is in bench_arena.c) ---------------- */
void bb_grow(bench_buf *b, size_t n) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap - b->len < n) cap *= 2;
    b->data = (char *)realloc(b->data, cap);
    b->cap = cap;
}

/* ---------------- jbind: one generic pair for every case ---------------- */
static jb_error jb_last_error;
/* "jbind" runs the interpreter (JB_*_INTERPRET), "jbind-generated" the
 * same calls with the generated codecs (bench/CMakeLists.txt,
 * jbind_generate) taking them. */
/* The descriptor a row runs: the generated row's own root where the case
 * has one (bench_case.gen_type). */
static const jb_type *row_type(const bench_case *bc, int generated) {
    return generated && bc->gen_type ? bc->gen_type : bc->type;
}
static int jbind_decode_flags(bench_io *io, uint32_t extra) {
    jb_read_options o;
    memset(&o, 0, sizeof o);
    o.flags = io->bc->read_flags | extra;
    jb_status s = jb_decode(row_type(io->bc, extra == 0), io->in, io->in_len, io->out, io->jarena, &o, &jb_last_error);
    if (s != JB_OK) {
        snprintf(io->errmsg, sizeof io->errmsg, "%s at %.200s: %.500s", jb_status_name(s), jb_last_error.path,
                 jb_last_error.message);
        return -1;
    }
    return 0;
}
int jbind_dec(bench_io *io) { return jbind_decode_flags(io, JB_READ_INTERPRET); }
static int jbind_gen_dec(bench_io *io) { return jbind_decode_flags(io, 0); }
static int jbind_encode_flags(bench_io *io, uint32_t extra) {
    jb_write_options o;
    memset(&o, 0, sizeof o);
    o.flags = io->bc->write_flags | extra;
    io->jbuf.len = 0;
    jb_status s = jb_encode(row_type(io->bc, extra == 0), io->value, &io->jbuf, &o, &jb_last_error);
    if (s != JB_OK) {
        snprintf(io->errmsg, sizeof io->errmsg, "%s at %.200s: %.500s", jb_status_name(s), jb_last_error.path,
                 jb_last_error.message);
        return -1;
    }
    io->enc = io->jbuf.data;
    io->enc_len = io->jbuf.len;
    io->enc_release = NULL;
    return 0;
}
int jbind_enc(bench_io *io) { return jbind_encode_flags(io, JB_WRITE_INTERPRET); }
static int jbind_gen_enc(bench_io *io) { return jbind_encode_flags(io, 0); }

/* ---------------- helpers ---------------- */
static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}
static const bench_case *find_case(const char *name) {
    for (size_t i = 0; i < bench_case_count; i++)
        if (strcmp(bench_cases[i]->name, name) == 0) return bench_cases[i];
    return NULL;
}
static int find_lib(const char *name) {
    for (int i = 0; i < LIB_COUNT; i++)
        if (strcmp(bench_libs[i].name, name) == 0) return i;
    return -1;
}
/* The library's decode (enc = 0) or encode (enc = 1) of the case, or NULL:
 * the case tables first, then the library's registry. memcpy copies the
 * bytes of every case (encode: where jbind encodes the case). */
static bench_fn case_fn(const bench_case *bc, int lib, int enc) {
    if (bench_libs[lib].absent) return NULL;
    if (bench_libs[lib].kind == BENCH_LIMIT) return enc ? bc->enc[LIB_JBIND] : bc->dec[LIB_JBIND];
    /* the generated row: the typed cases whose type has generated codecs */
    if (lib == LIB_JBIND_GEN) {
        if (!jb_codegen_active(row_type(bc, 1))) return NULL;
        if (enc) return bc->enc[LIB_JBIND] == jbind_enc ? jbind_gen_enc : NULL;
        return bc->dec[LIB_JBIND] == jbind_dec ? jbind_gen_dec : NULL;
    }
    bench_fn f = enc ? bc->enc[lib] : bc->dec[lib];
    if (f || !bench_libs[lib].registries) return f;
    for (const bench_entry *const *r = bench_libs[lib].registries; *r; r++)
        for (const bench_entry *e = *r; e->cas; e++)
            if (!strcmp(e->cas, bc->name)) return enc ? e->enc : e->dec;
    return NULL;
}
/* name matches one of the comma-separated fnmatch patterns (NULL: all) */
static int name_matches(const char *patterns, const char *name) {
    if (!patterns || !*patterns) return 1;
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", patterns);
    char *save = NULL;
    for (char *t = strtok_r(buf, ", ", &save); t; t = strtok_r(NULL, ", ", &save))
        if (fnmatch(t, name, 0) == 0) return 1;
    return 0;
}
static char data_dir[4096];
static void resolve_data_dir(const char *argv0) {
    (void)argv0;
    const char *env = getenv("JB_DATA_DIR");
    if (env && *env) {
        snprintf(data_dir, sizeof data_dir, "%s", env);
        return;
    }
#ifdef JB_REPO_ROOT
    snprintf(data_dir, sizeof data_dir, "%s/../shared/data/corpus", JB_REPO_ROOT);
#else
    snprintf(data_dir, sizeof data_dir, "../shared/data/corpus");
#endif
}
/* Whole file, NUL-terminated, with 64 zero padding bytes (simdjson). */
static char *load_file(const char *rel, size_t *len) {
    char path[8192];
    snprintf(path, sizeof path, "%s/%s", data_dir, rel);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = (char *)calloc(1, (size_t)n + 128);
    if (fread(b, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(b);
        return NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return b;
}
static int file_exists(const char *rel) {
    char path[8192];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", data_dir, rel);
    return stat(path, &st) == 0;
}

/* ---------------- one (case, library) in a child ---------------- */
typedef struct opstat {
    double med, min, max;  /* ns per op */
    double allocs, bytes;  /* per op */
    long iters;
} opstat;

static void do_dec(bench_io *io, bench_fn fn, int *rc) {
    ba_reset(io->arena);
    jb_arena_reset(io->jarena);
    memset(io->out, 0, io->bc->size);
    *rc |= fn(io);
}
static void do_enc(bench_io *io, bench_fn fn, int *rc) {
    *rc |= fn(io);
    if (io->enc_release) io->enc_release(io);
    io->enc_release = NULL;
}
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
/* Instruction counts (bench/profile.py, `make bench-profile`): with
 * JB_BENCH_PROFILE=N set, a timed measurement becomes one warm-up operation
 * then N operations inside bench_profiled_dec / bench_profiled_enc, which
 * callgrind's --toggle-collect counts alone (the reference decode, the gates
 * and the set-up stay outside). External and not inlined: callgrind finds
 * them by name. */
__attribute__((noinline)) void bench_profiled_dec(bench_io *io, bench_fn fn, long n, int *rc) {
    for (long i = 0; i < n; i++) do_dec(io, fn, rc);
}
__attribute__((noinline)) void bench_profiled_enc(bench_io *io, bench_fn fn, long n, int *rc) {
    for (long i = 0; i < n; i++) do_enc(io, fn, rc);
}
static long profile_iters(void) {
    const char *e = getenv("JB_BENCH_PROFILE");
    return e && atol(e) > 0 ? atol(e) : 0;
}
static int time_op(bench_io *io, bench_fn fn, int is_dec, double seconds, int runs, opstat *st) {
    int rc = 0;
    void (*op)(bench_io *, bench_fn, int *) = is_dec ? do_dec : do_enc;
    io->gate = 0;
    if (profile_iters()) {
        op(io, fn, &rc);
        (is_dec ? bench_profiled_dec : bench_profiled_enc)(io, fn, profile_iters(), &rc);
        memset(st, 0, sizeof *st);
        st->iters = profile_iters();
        return rc ? -1 : 0;
    }
    /* warm up, then estimate the cost of one operation */
    double t0 = now_ns();
    long n = 0;
    do {
        op(io, fn, &rc);
        n++;
    } while (now_ns() - t0 < 2e7 && n < 1000000);
    if (rc) return -1;
    double per = (now_ns() - t0) / (double)n;
    long iters = (long)(seconds * 1e9 / (per > 1 ? per : 1));
    if (iters < 1) iters = 1;
    /* allocations per operation, warm */
    long acount = iters < 64 ? iters : 64;
    bench_alloc_stats a0 = bench_allocs;
    for (long i = 0; i < acount; i++) op(io, fn, &rc);
    st->allocs = (double)(bench_allocs.count - a0.count) / (double)acount;
    st->bytes = (double)(bench_allocs.bytes - a0.bytes) / (double)acount;
    double r[64];
    if (runs > 64) runs = 64;
    for (int k = 0; k < runs; k++) {
        double s = now_ns();
        for (long i = 0; i < iters; i++) op(io, fn, &rc);
        r[k] = (now_ns() - s) / (double)iters;
    }
    if (rc) return -1;
    qsort(r, (size_t)runs, sizeof r[0], cmp_double);
    st->med = runs % 2 ? r[runs / 2] : (r[runs / 2 - 1] + r[runs / 2]) / 2;
    st->min = r[0];
    st->max = r[runs - 1];
    st->iters = iters;
    return 0;
}

static double g_elems; /* elements per operation (ns/element), 0 = none */
static void emit(const bench_case *bc, int lib, const char *op, const char *status, const opstat *st,
                 size_t nbytes, const char *msg) {
    printf("R\t%s\t%s\t%s\t%s\t%.1f\t%.1f\t%.1f\t%ld\t%.2f\t%.0f\t%zu\t%.0f\t%s\n", bc->name,
           bench_libs[lib].name, op, status, st ? st->med : 0, st ? st->min : 0, st ? st->max : 0,
           st ? st->iters : 0, st ? st->allocs : 0, st ? st->bytes : 0, nbytes, g_elems, msg ? msg : "");
    fflush(stdout);
}

/* Decode text with jbind, or RapidJSON when jbind cannot, into out. */
static int verify_decode(const bench_case *bc, bench_io *io, const char *text, size_t len,
                         void *out, const char **who) {
    bench_io v = *io;
    /* the verifier decodes from a padded copy (simdjson-style peers need it) */
    char *copy = (char *)calloc(1, len + 128);
    memcpy(copy, text, len);
    v.in = copy;
    v.in_len = len;
    v.out = out;
    v.arena = (bench_arena *)calloc(1, sizeof(bench_arena));
    memset(out, 0, bc->size);
    v.gate = 1;
    int r = bc->dec[LIB_JBIND](&v);
    *who = "jbind";
    if (r) snprintf(io->errmsg, sizeof io->errmsg, "jbind: %.900s", v.errmsg);
    if (r && bc->dec[LIB_RAPIDJSON]) {
        memset(out, 0, bc->size);
        r = bc->dec[LIB_RAPIDJSON](&v);
        *who = "rapidjson";
    }
    /* arena intentionally kept alive: out points into it */
    return r;
}

/* ---------------- the physical limit: memcpy of the same bytes ----------------
 * decode: the input text copied into a reused buffer; encode: jbind's
 * output for the case copied the same way. Gate: the copy equals its
 * source. Every other row reads as a fraction of these. */
static const char *limit_src;
static size_t limit_len;
static int memcpy_dec(bench_io *io) {
    memcpy(io->buf.data, io->in, io->in_len);
    return 0;
}
static int memcpy_enc(bench_io *io) {
    memcpy(io->buf.data, limit_src, limit_len);
    io->enc = io->buf.data;
    io->enc_len = limit_len;
    io->enc_release = NULL;
    return 0;
}
static void run_limit(const bench_case *bc, int lib, bench_io *io, const char *out, size_t out_len, int quick,
                      double seconds, int runs) {
    const char *op[2] = {"dec", "enc"};
    for (int e = 0; e < 2; e++) {
        size_t n = e ? out_len : io->in_len;
        if (e && !out) continue;
        limit_src = e ? out : io->in;
        limit_len = n;
        io->buf.len = 0;
        bb_reserve(&io->buf, n + 1);
        bench_fn fn = e ? memcpy_enc : memcpy_dec;
        fn(io);
        if (memcmp(io->buf.data, limit_src, n) != 0) {
            emit(bc, lib, op[e], "FAILED", NULL, n, "the copy differs from its source");
            continue;
        }
        opstat st;
        if (quick) emit(bc, lib, op[e], "OK", NULL, n, "copy");
        else if (time_op(io, fn, !e, seconds, runs, &st)) emit(bc, lib, op[e], "FAILED", NULL, n, "failed while timed");
        else emit(bc, lib, op[e], "OK", &st, n, e ? "copy of jbind's output" : "copy of the input");
    }
}

/* A DOM case (dom.h): parse the file into the library's tree, print it.
 * Gates: the tree (walked into a jb_value) equals jbind's parse of the
 * file; the printed text, parsed by jbind, equals it too. */
static int run_child_dom(const bench_case *bc, int lib, int quick, double seconds, int runs) {
    const dom_lib *dl = dom_lib_of(lib);
    size_t input_len = 0;
    char *input = load_file(bc->file, &input_len);
    if (!input) {
        emit(bc, lib, "dec", "SKIPPED", NULL, 0, "corpus file missing");
        return 0;
    }
    char msg[512] = "";
    jb_arena *ref_arena = jb_arena_new(), *gate_arena = jb_arena_new();
    jb_value *ref = NULL;
    jb_error err;
    if (jb_value_parse(input, input_len, &ref, ref_arena, NULL, &err) != JB_OK) {
        snprintf(msg, sizeof msg, "no reference: jb_value_parse failed: %.400s", err.message);
        emit(bc, lib, "dec", "FAILED", NULL, input_len, msg);
        return 0;
    }
    bench_arena arena = {0};
    bench_io io;
    memset(&io, 0, sizeof io);
    io.bc = bc;
    io.arena = &arena;
    io.jarena = jb_arena_new();
    io.in = input;
    io.in_len = input_len;
    io.out = calloc(1, bc->size);
    if (bench_libs[lib].kind == BENCH_LIMIT) {
        jb_buf printed = JB_BUF_INIT;
        int have = jb_value_print(ref, &printed, NULL, &err) == JB_OK;
        run_limit(bc, lib, &io, have ? printed.data : NULL, printed.len, quick, seconds, runs);
        return 0;
    }

    /* ---- parse ---- */
    int rc = 0, parsed = 1;
    io.gate = 1;
    do_dec(&io, dl->parse, &rc);
    do_dec(&io, dl->parse, &rc);
    if (rc) {
        snprintf(msg, sizeof msg, "parse failed: %.400s", io.errmsg);
        emit(bc, lib, "dec", "FAILED", NULL, input_len, msg);
        parsed = 0;
    } else {
        jb_value *v = dl->to_value(&io, gate_arena);
        if (!v || !jb_value_equal(v, ref)) {
            snprintf(msg, sizeof msg, "the parsed tree differs from jbind's jb_value_parse of the file");
            emit(bc, lib, "dec", "FAILED", NULL, input_len, msg);
        } else if (quick) {
            emit(bc, lib, "dec", "OK", NULL, input_len, "jbind");
        } else {
            opstat st;
            if (time_op(&io, dl->parse, 1, seconds, runs, &st)) emit(bc, lib, "dec", "FAILED", NULL, input_len, "failed while timed");
            else emit(bc, lib, "dec", "OK", &st, input_len, "jbind");
        }
    }
    /* ---- print (from the tree the library parsed) ---- */
    if (parsed) {
        size_t out_len = 0;
        io.errmsg[0] = 0;
        io.gate = 1;
        jb_arena_reset(gate_arena);
        if (dl->print(&io)) {
            snprintf(msg, sizeof msg, "print failed: %.400s", io.errmsg);
            emit(bc, lib, "enc", "FAILED", NULL, 0, msg);
        } else {
            out_len = io.enc_len;
            jb_value *back = NULL;
            int ok = jb_value_parse(io.enc, io.enc_len, &back, gate_arena, NULL, &err) == JB_OK;
            if (!ok) snprintf(msg, sizeof msg, "the printed text does not parse: %.300s", err.message);
            else if (!jb_value_equal(back, ref)) {
                ok = 0;
                snprintf(msg, sizeof msg, "the printed text parses to a different tree");
            }
            if (io.enc_release) io.enc_release(&io);
            io.enc_release = NULL;
            if (!ok) emit(bc, lib, "enc", "FAILED", NULL, out_len, msg);
            else if (quick) emit(bc, lib, "enc", "OK", NULL, out_len, "jbind");
            else {
                opstat st;
                if (time_op(&io, dl->print, 0, seconds, runs, &st)) emit(bc, lib, "enc", "FAILED", NULL, out_len, "failed while timed");
                else emit(bc, lib, "enc", "OK", &st, out_len, "jbind");
            }
        }
    }
    dl->close(&io);
    return 0;
}

static int run_child(const bench_case *bc, int lib, int quick) {
    double seconds = getenv("JB_BENCH_SECONDS") ? atof(getenv("JB_BENCH_SECONDS")) : 0.2;
    int runs = getenv("JB_BENCH_RUNS") ? atoi(getenv("JB_BENCH_RUNS")) : 5;
    if (!case_fn(bc, lib, 0) && !case_fn(bc, lib, 1)) return 0; /* no such row (e.g. glaze has no DOM case) */
    if (bc->dom) return run_child_dom(bc, lib, quick, seconds, runs);
    g_elems = bc->elems;
    bench_arena ref_arena = {0}, arena = {0};
    bench_io io;
    memset(&io, 0, sizeof io);
    io.bc = bc;
    io.arena = &arena;
    io.jarena = jb_arena_new();
    void *ref = calloc(1, bc->size);
    char msg[512] = "";
    const char *refsrc = "generated";

    /* the input text and the reference value */
    char *input = NULL;
    size_t input_len = 0;
    if (bc->make_input) {
        /* number cases: the reference value and the text of the same numbers */
        g_elems = (double)bc->make_input(&ref_arena, ref, data_dir, &input, &input_len);
        refsrc = "libc strtod/strtoll";
    } else if (bc->make) {
        bc->make(&ref_arena, ref);
        /* canonical input: the hand-written encoder's output of the value */
        io.value = ref;
        if (bc->enc[LIB_HAND](&io)) {
            fprintf(stderr, "%s: cannot generate the input\n", bc->name);
            return 2;
        }
        input = (char *)calloc(1, io.enc_len + 128);
        memcpy(input, io.enc, io.enc_len);
        input_len = io.enc_len;
    } else {
        input = load_file(bc->file, &input_len);
        if (!input) {
            emit(bc, lib, "dec", "SKIPPED", NULL, 0, "corpus file missing");
            return 0;
        }
        io.in = input;
        io.in_len = input_len;
        io.out = ref;
        io.arena = &ref_arena;
        if (bc->dec[LIB_JBIND](&io)) {
            snprintf(msg, sizeof msg, "reference from RapidJSON (jbind: %.400s)", io.errmsg);
            memset(ref, 0, bc->size);
            jb_arena_free(io.jarena);
            io.jarena = jb_arena_new();
            if (bc->dec[LIB_RAPIDJSON](&io)) {
                fprintf(stderr, "%s: no reference decoder succeeded\n", bc->name);
                return 2;
            }
            refsrc = "rapidjson";
        } else {
            refsrc = "jbind";
            /* keep jbind's reference alive in its own arena */
            io.jarena = jb_arena_new();
        }
        io.arena = &arena;
    }
    io.in = input;
    io.in_len = input_len;
    io.value = ref;
    io.out = calloc(1, bc->size);
    if (bench_libs[lib].kind == BENCH_LIMIT) {
        int have = bc->enc[LIB_JBIND] && bc->enc[LIB_JBIND](&io) == 0;
        char *out = NULL;
        if (have) {
            out = (char *)malloc(io.enc_len + 1);
            memcpy(out, io.enc, io.enc_len);
        }
        run_limit(bc, lib, &io, out, have ? io.enc_len : 0, quick, seconds, runs);
        return 0;
    }

    /* ---- decode ---- */
    bench_fn dec = case_fn(bc, lib, 0);
    if (dec) {
        int ok = 1;
        io.gate = 1;
        io.errmsg[0] = 0;
        bench_eq_where[0] = 0;
        do_dec(&io, dec, &(int){0});
        int rc = 0;
        do_dec(&io, dec, &rc);
        if (rc) {
            ok = 0;
            snprintf(msg, sizeof msg, "decode failed%s%.400s", io.errmsg[0] ? ": " : "", io.errmsg);
        } else if (!bc->equal(io.out, ref)) {
            ok = 0;
            snprintf(msg, sizeof msg, "decoded value differs from the %s reference at %s", refsrc,
                     bench_eq_where);
        }
        if (!ok) emit(bc, lib, "dec", "FAILED", NULL, input_len, msg);
        else if (quick) emit(bc, lib, "dec", "OK", NULL, input_len, refsrc);
        else {
            opstat st;
            if (time_op(&io, dec, 1, seconds, runs, &st)) emit(bc, lib, "dec", "FAILED", NULL, input_len, "failed while timed");
            else emit(bc, lib, "dec", "OK", &st, input_len, refsrc);
        }
    }
    /* ---- encode ---- */
    bench_fn enc = case_fn(bc, lib, 1);
    if (enc) {
        int ok = 1;
        size_t out_len = 0;
        const char *who = "";
        io.gate = 1;
        io.errmsg[0] = 0;
        bench_eq_where[0] = 0;
        if (enc(&io)) {
            ok = 0;
            snprintf(msg, sizeof msg, "encode failed%s%.400s", io.errmsg[0] ? ": " : "", io.errmsg);
        } else {
            out_len = io.enc_len;
            void *back = calloc(1, bc->size);
            if (verify_decode(bc, &io, io.enc, io.enc_len, back, &who)) {
                ok = 0;
                snprintf(msg, sizeof msg, "output does not decode (%.60s...): %.300s", io.enc, io.errmsg);
            } else if (!bc->equal(back, ref)) {
                ok = 0;
                snprintf(msg, sizeof msg, "output decodes (%s) to a different value at %s", who, bench_eq_where);
            }
            if (io.enc_release) io.enc_release(&io);
            io.enc_release = NULL;
        }
        if (!ok) emit(bc, lib, "enc", "FAILED", NULL, out_len, msg);
        else if (quick) emit(bc, lib, "enc", "OK", NULL, out_len, who);
        else {
            opstat st;
            if (time_op(&io, enc, 0, seconds, runs, &st)) emit(bc, lib, "enc", "FAILED", NULL, out_len, "failed while timed");
            else emit(bc, lib, "enc", "OK", &st, out_len, who);
        }
    }
    return 0;
}

/* ---------------- the parent ---------------- */
typedef struct result {
    char cas[64], lib[16], op[8], status[16], msg[256];
    double med, min, max, allocs, bytes, elems;
    long iters;
    size_t nbytes;
    long rss_kb;
} result;

/* One (case, library) child: a freshly exec'd copy of this program whose
 * R lines go to a temporary file (not a pipe, so that the parent can wait
 * for whichever of several children ends first without draining each). */
typedef struct child {
    pid_t pid;
    FILE *out;
    const bench_case *bc;
    int lib, pair;
} child;

static int child_start(const char *self, const bench_case *bc, int lib, int quick, child *ch) {
    ch->out = tmpfile();
    if (!ch->out) return -1;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fileno(ch->out), 1);
    char *argv[] = {(char *)self, (char *)"--child", (char *)bc->name,
                    (char *)bench_libs[lib].name, quick ? (char *)"--quick" : NULL, NULL};
    int rc = posix_spawn(&ch->pid, self, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc) {
        fclose(ch->out);
        return -1;
    }
    ch->bc = bc;
    ch->lib = lib;
    return 0;
}

/* The child has exited (status, ru): its R lines into res[*nres...]. */
static void child_finish(child *ch, int status, const struct rusage *ru, result *res, int *nres, int cap) {
    rewind(ch->out);
    char line[2048];
    int first = *nres;
    while (fgets(line, sizeof line, ch->out)) {
        if (line[0] != 'R' || line[1] != '\t' || *nres >= cap) continue;
        result *r = &res[(*nres)++];
        memset(r, 0, sizeof *r);
        char *save, *t = strtok_r(line + 2, "\t\n", &save);
        int k = 0;
        while (t) {
            switch (k++) {
            case 0: snprintf(r->cas, sizeof r->cas, "%s", t); break;
            case 1: snprintf(r->lib, sizeof r->lib, "%s", t); break;
            case 2: snprintf(r->op, sizeof r->op, "%s", t); break;
            case 3: snprintf(r->status, sizeof r->status, "%s", t); break;
            case 4: r->med = atof(t); break;
            case 5: r->min = atof(t); break;
            case 6: r->max = atof(t); break;
            case 7: r->iters = atol(t); break;
            case 8: r->allocs = atof(t); break;
            case 9: r->bytes = atof(t); break;
            case 10: r->nbytes = (size_t)atoll(t); break;
            case 11: r->elems = atof(t); break;
            case 12: snprintf(r->msg, sizeof r->msg, "%s", t); break;
            }
            t = strtok_r(NULL, "\t\n", &save);
        }
    }
    fclose(ch->out);
    for (int i = first; i < *nres; i++) res[i].rss_kb = ru->ru_maxrss;
    if ((!WIFEXITED(status) || WEXITSTATUS(status) != 0) && *nres < cap) {
        result *r = &res[(*nres)++];
        memset(r, 0, sizeof *r);
        snprintf(r->cas, sizeof r->cas, "%s", ch->bc->name);
        snprintf(r->lib, sizeof r->lib, "%s", bench_libs[ch->lib].name);
        snprintf(r->op, sizeof r->op, "-");
        snprintf(r->status, sizeof r->status, "FAILED");
        snprintf(r->msg, sizeof r->msg, "child %s %d", WIFSIGNALED(status) ? "killed by signal" : "exited with",
                 WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
    }
}

/* Gate failures that are the peer's documented behaviour, not a bench bug:
 * they stay FAILED (never timed) but do not fail `--quick`. */
static const struct { const char *cas, *lib, *op, *why; } known_failures[] = {
    {"wide.int64x100001", "cJSON", "dec", "cJSON stores every number as a double: int64 beyond 2^53 is rounded"},
    {"wide.int64x100001", "cJSON", "enc", "cJSON stores every number as a double: int64 beyond 2^53 is rounded"},
    {"twitter", "cJSON", "dec", "cJSON stores every number as a double: 64-bit ids beyond 2^53 are rounded"},
    {"twitter", "cJSON", "enc", "cJSON prints 64-bit ids from a double, as 5.0587492409581568e+17"},
    {"aeson.twitter100", "cJSON", "dec", "cJSON stores every number as a double: 64-bit ids beyond 2^53 are rounded"},
    {"aeson.twitter100", "cJSON", "enc", "cJSON prints 64-bit ids from a double in exponent form"},
    {"circe.foos", "cJSON", "enc", "cJSON prints a double with 15 digits when it is within DBL_EPSILON: not exact"},
    {"canada", "cJSON", "enc", "cJSON prints a double with 15 digits when it is within DBL_EPSILON: not exact"},
    {"dom.twitter", "cJSON", "dec", "cJSON stores every number as a double: 64-bit ids beyond 2^53 are rounded"},
    {"dom.twitter", "cJSON", "enc", "cJSON prints 64-bit ids from a double, as 5.0587492409581568e+17"},
    {"dom.aeson.twitter100", "cJSON", "dec", "cJSON stores every number as a double: 64-bit ids beyond 2^53 are rounded"},
    {"dom.aeson.twitter100", "cJSON", "enc", "cJSON prints 64-bit ids from a double in exponent form"},
    {"dom.canada", "cJSON", "enc", "cJSON prints a double with 15 digits when it is within DBL_EPSILON: not exact"},
};
static const char *known_failure(const char *cas, const char *lib, const char *op) {
    for (size_t i = 0; i < sizeof known_failures / sizeof known_failures[0]; i++)
        if (!strcmp(known_failures[i].cas, cas) && !strcmp(known_failures[i].lib, lib) &&
            !strcmp(known_failures[i].op, op))
            return known_failures[i].why;
    return NULL;
}

static void print_result(const result *r, const result *all, int n) {
    /* ratio: best peer (fastest OK result of a BENCH_PEER library, same case/op) / this */
    double best = 0;
    for (int i = 0; i < n; i++) {
        int l = find_lib(all[i].lib);
        if (!strcmp(all[i].cas, r->cas) && !strcmp(all[i].op, r->op) && l >= 0 &&
            bench_libs[l].kind == BENCH_PEER && !strcmp(all[i].status, "OK") && all[i].med > 0 &&
            (best == 0 || all[i].med < best))
            best = all[i].med;
    }
    if (strcmp(r->status, "OK") || r->med == 0) {
        printf("%-24s %-4s %-13s %-7s %s\n", r->cas, r->op, r->lib, r->status, r->msg);
        return;
    }
    double mbs = r->nbytes ? (double)r->nbytes / r->med * 1e3 : 0; /* bytes/ns*1e3 = MB/s */
    printf("%-24s %-4s %-13s %-7s %12.0f ns [%9.0f,%9.0f] %8.1f MB/s  x%5.2f  %9.1f allocs %11.0f B/op  rss %6ld KB",
           r->cas, r->op, r->lib, r->status, r->med, r->min, r->max, mbs, best > 0 ? best / r->med : 0,
           r->allocs, r->bytes, r->rss_kb);
    if (r->elems > 0) printf("  %.2f ns/elem", r->med / r->elems);
    printf("\n");
}

int main(int argc, char **argv) {
    int quick = 0, jobs = getenv("JB_BENCH_JOBS") ? atoi(getenv("JB_BENCH_JOBS")) : 1;
    const char *only_case = getenv("JB_BENCH_CASES"), *only_lib = getenv("JB_BENCH_LIBS"), *out = NULL;
    resolve_data_dir(argv[0]);
    bench_libs_init();
    if (argc >= 4 && strcmp(argv[1], "--child") == 0) {
        const bench_case *bc = find_case(argv[2]);
        int lib = find_lib(argv[3]);
        if (!bc || lib < 0) return 2;
        return run_child(bc, lib, argc > 4 && strcmp(argv[4], "--quick") == 0);
    }
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick")) quick = 1;
        else if (!strcmp(argv[i], "--case") && i + 1 < argc) only_case = argv[++i];
        else if (!strcmp(argv[i], "--lib") && i + 1 < argc) only_lib = argv[++i];
        else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
        else if (!strcmp(argv[i], "--jobs") && i + 1 < argc) jobs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--libs")) {
            static const char *const kinds[] = {"ours", "peer", "limit"};
            printf("lib\tkind\tbuilt\twhat\n");
            for (int l = 0; l < LIB_COUNT; l++)
                printf("%s\t%s\t%s\t%s\n", bench_libs[l].name, kinds[bench_libs[l].kind],
                       bench_libs[l].absent ? "no" : "yes", bench_libs[l].absent ? bench_libs[l].absent : bench_libs[l].what);
            return 0;
        } else if (!strcmp(argv[i], "--list")) {
            for (size_t c = 0; c < bench_case_count; c++)
                printf("%-24s %-8s %s\n", bench_cases[c]->name, bench_cases[c]->group,
                       bench_cases[c]->file ? bench_cases[c]->file : bench_cases[c]->note);
            return 0;
        } else {
            fprintf(stderr, "usage: %s [--quick [--jobs N]] [--case PATTERNS] [--lib PATTERNS] [--out FILE] | --list | --libs\n",
                    argv[0]);
            return 2;
        }
    }
    char self[4096];
    ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl <= 0) return 2;
    self[sl] = 0;
    /* Spawn the children from a private copy of this executable: a rebuild
     * of the build directory during the run (another `make`) must not swap
     * the binary under the remaining children. */
    char copy[1024];
    int have_copy = 0;
    {
        const char *tmp = getenv("TMPDIR");
        snprintf(copy, sizeof copy, "%.900s/jbench-%ld", tmp && *tmp ? tmp : "/tmp", (long)getpid());
        int in = open(self, O_RDONLY), out = open(copy, O_WRONLY | O_CREAT | O_TRUNC, 0700);
        if (in >= 0 && out >= 0) {
            char b[65536];
            ssize_t k;
            have_copy = 1;
            while ((k = read(in, b, sizeof b)) > 0)
                if (write(out, b, (size_t)k) != k) { have_copy = 0; break; }
            if (k < 0) have_copy = 0;
        }
        if (in >= 0) close(in);
        if (out >= 0) close(out);
        if (have_copy) snprintf(self, sizeof self, "%s", copy);
        else unlink(copy);
    }
    if (jobs < 1) jobs = 1;
    if (!quick && jobs > 1) {
        printf("jbench: --jobs %d ignored: timed children run one at a time\n", jobs);
        jobs = 1;
    }
    printf("jbench: data dir %s%s\n", data_dir, quick ? " (quick: correctness gates only)" : "");
    if (quick && jobs > 1) printf("jbench: %d children at a time\n", jobs);
    if (only_case && *only_case) printf("jbench: cases %s only\n", only_case);
    if (only_lib && *only_lib) printf("jbench: libraries %s only\n", only_lib);
    for (int l = 0; l < LIB_COUNT; l++)
        if (bench_libs[l].absent && name_matches(only_lib, bench_libs[l].name))
            printf("jbench: %s: SKIPPED, not built into this jbench: %s\n", bench_libs[l].name, bench_libs[l].absent);
    int cap = 4096, n = 0, failed = 0, skipped = 0, known = 0;
    result *res = (result *)calloc((size_t)cap, sizeof(result));
    double t_start = now_ns();
    /* every (case, library) pair to run, in table order */
    int npairs = 0;
    int *pair_case = (int *)calloc(bench_case_count * LIB_COUNT + 1, sizeof(int));
    int *pair_lib = (int *)calloc(bench_case_count * LIB_COUNT + 1, sizeof(int));
    for (size_t c = 0; c < bench_case_count; c++) {
        const bench_case *bc = bench_cases[c];
        if (!name_matches(only_case, bc->name)) continue;
        if (bc->file && !file_exists(bc->file)) {
            printf("%-24s SKIPPED: %s/%s not found (set JB_DATA_DIR)\n", bc->name, data_dir, bc->file);
            skipped++;
            continue;
        }
        for (int lib = 0; lib < LIB_COUNT; lib++) {
            if (!name_matches(only_lib, bench_libs[lib].name)) continue;
            if (!case_fn(bc, lib, 0) && !case_fn(bc, lib, 1)) continue;
            pair_case[npairs] = (int)c;
            pair_lib[npairs++] = lib;
        }
    }
    /* Run them, up to `jobs` children at a time (1 when timing: a timed
     * child has the machine to itself, as far as this program can see to
     * it), and print each case once all its pairs are done, in table order,
     * whichever child ended first. */
    enum { PAIR_RESULTS = 4 }; /* a child reports dec, enc and a failure at most */
    result *pres = (result *)calloc((size_t)npairs * PAIR_RESULTS + 1, sizeof(result));
    int *pcount = (int *)calloc((size_t)npairs + 1, sizeof(int));
    char *pdone = (char *)calloc((size_t)npairs + 1, 1);
    child *running = (child *)calloc((size_t)jobs, sizeof(child));
    int nrun = 0, next = 0, committed = 0;
    while (committed < npairs) {
        while (nrun < jobs && next < npairs) {
            child *ch = &running[nrun];
            const bench_case *bc = bench_cases[pair_case[next]];
            if (child_start(self, bc, pair_lib[next], quick, ch) == 0) {
                ch->pair = next++;
                nrun++;
                continue;
            }
            result *r = &pres[next * PAIR_RESULTS];
            snprintf(r->cas, sizeof r->cas, "%s", bc->name);
            snprintf(r->lib, sizeof r->lib, "%s", bench_libs[pair_lib[next]].name);
            snprintf(r->op, sizeof r->op, "-");
            snprintf(r->status, sizeof r->status, "FAILED");
            snprintf(r->msg, sizeof r->msg, "could not start the child: %s", strerror(errno));
            pcount[next] = 1;
            pdone[next++] = 1;
        }
        if (nrun > 0) {
            int status;
            struct rusage ru;
            pid_t pid = wait4(-1, &status, 0, &ru);
            if (pid < 0 && errno == EINTR) continue;
            if (pid < 0) break;
            for (int k = 0; k < nrun; k++) {
                if (running[k].pid != pid) continue;
                int p = running[k].pair;
                child_finish(&running[k], status, &ru, &pres[p * PAIR_RESULTS], &pcount[p], PAIR_RESULTS);
                pdone[p] = 1;
                running[k] = running[--nrun];
                break;
            }
        }
        while (committed < npairs) { /* the next case, if all its pairs are done */
            int end = committed, all = 1;
            while (end < npairs && pair_case[end] == pair_case[committed]) all &= pdone[end++];
            if (!all) break;
            int first = n;
            for (int p = committed; p < end; p++)
                for (int i = 0; i < pcount[p] && n < cap; i++) res[n++] = pres[p * PAIR_RESULTS + i];
            for (int i = first; i < n; i++) {
                const char *why = known_failure(res[i].cas, res[i].lib, res[i].op);
                if (!strcmp(res[i].status, "FAILED") && why) {
                    snprintf(res[i].status, sizeof res[i].status, "FAILED*");
                    snprintf(res[i].msg, sizeof res[i].msg, "known peer limitation: %s", why);
                    known++;
                }
                print_result(&res[i], res + first, n - first);
                if (!strcmp(res[i].status, "FAILED")) failed++;
            }
            fflush(stdout);
            committed = end;
        }
    }
    printf("jbench: %d results, %d FAILED, %d FAILED* (known peer limitations), %d cases skipped, %.1f s\n",
           n, failed, known, skipped, (now_ns() - t_start) / 1e9);
    if (out) {
        FILE *f = fopen(out, "w");
        if (f) {
            fprintf(f, "case\tgroup\tlib\top\tstatus\tmedian_ns\tmin_ns\tmax_ns\titers\tallocs_per_op\tbytes_per_op\tdoc_bytes\telems\tpeak_rss_kb\tnote\n");
            for (int i = 0; i < n; i++) {
                const bench_case *bc = find_case(res[i].cas);
                fprintf(f, "%s\t%s\t%s\t%s\t%s\t%.1f\t%.1f\t%.1f\t%ld\t%.2f\t%.0f\t%zu\t%.0f\t%ld\t%s\n", res[i].cas,
                        bc ? bc->group : "?", res[i].lib, res[i].op, res[i].status, res[i].med, res[i].min,
                        res[i].max, res[i].iters, res[i].allocs, res[i].bytes, res[i].nbytes, res[i].elems, res[i].rss_kb,
                        res[i].msg);
            }
            fclose(f);
        }
    }
    if (have_copy) unlink(copy);
    return quick && failed ? 1 : 0;
}
