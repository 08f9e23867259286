/* SPDX-License-Identifier: MIT */
/*
 * stream_bench.c — the streaming benchmark (issue 16, part 8).
 *
 * An NDJSON file is made from twitter.json's statuses (each compact, one
 * per line, the 100 repeated in order to about 200 MB: deterministic) in
 * the build directory (never in the repository), and decoded typed into
 * the bench's tw_status struct (bench/models.h, the descriptor of
 * jb_corpus_desc.c) by:
 *   perdoc   jb_decode of one status at a time, line boundaries known in
 *            advance: the whole-buffer decode the stream must keep up with
 *   iter     the buffer iterator (jb_stream_new_buffer, LINES)
 *   push     the push parser, fed 64 KiB chunks read from the file
 *   file     a stream over a FILE *
 *   simdjson simdjson On-Demand iterate_many over the same buffer, filling
 *            the same structs with bench/m_pull.inc's reader
 * and an NDJSON stream piped from a generator process (never on disk):
 * JB_STREAM_PIPE_BYTES bytes (5e9; 5e6 with --quick), and a tenth of it,
 * to show peak RSS flat as the stream grows 10x.
 *
 * Each mode runs in its own child process, so its peak RSS (getrusage) is
 * its own; the buffer modes read the file into memory there. Time: best of
 * JB_BENCH_RUNS (5) passes, MB/s of NDJSON text. Gate: every mode decodes
 * the same number of records with the same checksum (ids, text lengths).
 *
 *   stream_bench [--quick] [--out results.tsv] [--md fragment.md] [--mode NAME]
 * (--mode perdoc|iter|push|file|simdjson|pipe10|pipe: that mode alone, one
 * pass, in this process: for callgrind.)
 * With --md, each non-pipe mode is also counted under callgrind (see
 * profile_mode) when valgrind is installed.
 * Environment: JB_DATA_DIR (the corpus), JB_BUILD_DIR (where the NDJSON
 * file goes), JB_STREAM_MB (200), JB_STREAM_PIPE_BYTES, JB_BENCH_RUNS,
 * JB_STREAM_PROFILE_MB (20; 0: no instruction counts).
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "jbind.h"
#include "models.h"

extern const jb_type tw_status_type; /* jb_corpus_desc.c */
/* simdjson iterate_many filling tw_status (stream_simdjson.cpp): records
 * decoded, or -1; *sum gets the checksum. */
long stream_simdjson(const char *buf, size_t len, size_t cap, uint64_t *sum);

typedef struct result {
    double mbps;  /* best pass */
    long rss_kib; /* the child's peak RSS */
    uint64_t records;
    uint64_t checksum;
    uint64_t bytes;
    char error[400];
} result;

static int runs = 5;
static const char *ndjson_path;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static uint64_t status_sum(const tw_status *s) { return s->id + s->user.id + s->text.len; }

/* ------------------------------------------------------------------ */
/* The input                                                           */
/* ------------------------------------------------------------------ */

static char *statuses; /* the 100 statuses, compact, each with its "\n" */
static size_t statuses_len;

static char *read_all(const char *path, size_t *len, size_t pad) {
    FILE *f = fopen(path, "rb");
    char *buf;
    struct stat st;
    if (!f || fstat(fileno(f), &st) != 0) {
        if (f) fclose(f);
        return NULL;
    }
    buf = malloc((size_t)st.st_size + pad + 1);
    *len = fread(buf, 1, (size_t)st.st_size, f);
    memset(buf + *len, 0, pad + 1);
    fclose(f);
    return buf;
}

/* twitter.json's statuses as NDJSON lines. */
static int load_statuses(const char *data_dir) {
    char path[1024];
    size_t len;
    jb_arena *a = jb_arena_new();
    jb_value *doc, *arr;
    jb_buf out = JB_BUF_INIT;
    jb_error e;
    snprintf(path, sizeof path, "%s/twitter.json", data_dir);
    char *text = read_all(path, &len, 0);
    if (!text) {
        fprintf(stderr, "stream_bench: %s not found: the streaming cases are skipped\n", path);
        return -1;
    }
    if (jb_value_parse(text, len, &doc, a, NULL, &e) != JB_OK ||
        !(arr = jb_value_object_get(doc, "statuses", 8))) {
        fprintf(stderr, "stream_bench: %s: %s\n", path, e.message);
        return -1;
    }
    for (size_t i = 0; i < jb_value_array_len(arr); i++)
        jb_value_print_record(jb_value_array_get(arr, i), JB_FRAMING_LINES, &out, NULL, &e);
    statuses = out.data;
    statuses_len = out.len;
    free(text);
    jb_arena_free(a);
    return 0;
}

/* The NDJSON file: the statuses repeated to at least mb megabytes. */
static int make_file(const char *build_dir, double mb) {
    static char path[1024];
    size_t reps = (size_t)(mb * 1e6 / (double)statuses_len) + 1, want = reps * statuses_len;
    struct stat st;
    snprintf(path, sizeof path, "%s/twitter-statuses.ndjson", build_dir);
    ndjson_path = path;
    if (stat(path, &st) == 0 && (size_t)st.st_size == want) return 0; /* made before, same bytes */
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "stream_bench: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < reps; i++) fwrite(statuses, 1, statuses_len, f);
    if (fclose(f) != 0) return -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* The modes (each in a child process)                                 */
/* ------------------------------------------------------------------ */

enum { M_PERDOC, M_ITER, M_PUSH, M_FILE, M_SIMDJSON, M_PIPE_SMALL, M_PIPE, M_COUNT };
static const char *const mode_names[M_COUNT] = {"jb_decode, one status at a time",
                                                "buffer iterator (jb_stream_new_buffer)",
                                                "push parser, 64 KiB chunks",
                                                "FILE * (jb_stream_new_file)",
                                                "simdjson iterate_many",
                                                "pipe from a generator (1/10)",
                                                "pipe from a generator"};
static const char *const mode_keys[M_COUNT] = {"perdoc",   "iter",   "push", "file",
                                               "simdjson", "pipe10", "pipe"};

static uint64_t pipe_bytes = 5000000000ull;

/* One pass of a stream: records and checksum; -1 on an error. */
static int drain(jb_stream *s, jb_arena *a, uint64_t *n, uint64_t *sum, char err[400]) {
    tw_status st;
    jb_error e;
    jb_status rc;
    while ((rc = jb_stream_next(s, &tw_status_type, &st, a, &e)) == JB_OK) {
        (*n)++;
        *sum += status_sum(&st);
    }
    if (rc != JB_END && rc != JB_NEED_INPUT) {
        snprintf(err, 400, "record %zu, %zu:%zu: %s", e.index, e.line, e.column, e.message);
        return -1;
    }
    return rc == JB_END ? 0 : 1;
}

static jb_stream_options lines_opts(void) {
    jb_stream_options o = {.framing = JB_FRAMING_LINES, .flags = JB_STREAM_RESET_ARENA};
    return o;
}

/* perdoc: where each line ends, found before the passes (not measured) */
static size_t *ends;
static size_t nends;

static void find_ends(const char *buf, size_t len) {
    size_t cap = 1024;
    ends = malloc(cap * sizeof *ends);
    for (const char *p = buf; p < buf + len;) {
        const char *nl = memchr(p, '\n', (size_t)(buf + len - p));
        if (!nl) nl = buf + len;
        if (nends == cap) ends = realloc(ends, (cap *= 2) * sizeof *ends);
        ends[nends++] = (size_t)(nl - buf);
        p = nl + 1;
    }
}

static int pass_perdoc(const char *buf, result *r, jb_arena *a) {
    tw_status st;
    jb_error e;
    size_t start = 0;
    for (size_t i = 0; i < nends; i++) {
        jb_arena_reset(a);
        if (jb_decode(&tw_status_type, buf + start, ends[i] - start, &st, a, NULL, &e)) {
            snprintf(r->error, sizeof r->error, "line %zu: %s", i + 1, e.message);
            return -1;
        }
        r->records++;
        r->checksum += status_sum(&st);
        start = ends[i] + 1;
    }
    return 0;
}

static int pass_iter(const char *buf, size_t len, result *r, jb_arena *a) {
    jb_stream_options o = lines_opts();
    jb_stream *s = jb_stream_new_buffer(buf, len, &o, NULL);
    int rc = drain(s, a, &r->records, &r->checksum, r->error);
    jb_stream_free(s);
    return rc;
}

static int pass_push(result *r, jb_arena *a) {
    static char chunk[64 * 1024];
    jb_stream_options o = lines_opts();
    jb_stream *s = jb_stream_new(&o, NULL);
    FILE *f = fopen(ndjson_path, "rb");
    int rc = 1;
    while (rc == 1) {
        size_t n = fread(chunk, 1, sizeof chunk, f);
        if (n)
            jb_stream_feed(s, chunk, n);
        else
            jb_stream_finish(s);
        rc = drain(s, a, &r->records, &r->checksum, r->error);
    }
    fclose(f);
    jb_stream_free(s);
    return rc;
}

static int pass_file(result *r, jb_arena *a) {
    jb_stream_options o = lines_opts();
    FILE *f = fopen(ndjson_path, "rb");
    jb_stream *s = jb_stream_new_file(f, &o, NULL);
    int rc = drain(s, a, &r->records, &r->checksum, r->error);
    jb_stream_free(s);
    fclose(f);
    return rc;
}

/* The generator: `bytes` of NDJSON (whole statuses, cyclically) to fd. */
static void generate(int fd, uint64_t bytes) {
    uint64_t out = 0;
    while (out < bytes) {
        const char *p = statuses;
        size_t left = statuses_len;
        if (bytes - out < left) { /* end on a whole line */
            const char *nl = memchr(statuses + (bytes - out), '\n', left - (size_t)(bytes - out));
            left = nl ? (size_t)(nl + 1 - statuses) : left;
        }
        out += left;
        while (left) {
            ssize_t k = write(fd, p, left);
            if (k <= 0) {
                if (k < 0 && errno == EINTR) continue;
                _exit(1);
            }
            p += k;
            left -= (size_t)k;
        }
    }
}

static int pass_pipe(uint64_t bytes, result *r, jb_arena *a) {
    int p[2];
    pid_t g;
    if (pipe(p) != 0) return -1;
    if ((g = fork()) == 0) {
        close(p[0]);
        generate(p[1], bytes);
        close(p[1]);
        _exit(0);
    }
    close(p[1]);
    jb_stream_options o = lines_opts();
    jb_stream *s = jb_stream_new_fd(p[0], &o, NULL);
    int rc = drain(s, a, &r->records, &r->checksum, r->error);
    jb_stream_free(s);
    close(p[0]);
    waitpid(g, NULL, 0);
    return rc;
}

/*
 * One pass of a mode: what the timing measures and what callgrind counts
 * (--toggle-collect=stream_pass: instructions inside it only, so reading
 * the corpus and making the file are not counted). Not inlined, so that
 * callgrind sees it.
 */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
int stream_pass(int mode, const char *buf, size_t len, result *p, jb_arena *a);
int stream_pass(int mode, const char *buf, size_t len, result *p, jb_arena *a) {
    switch (mode) {
    case M_PERDOC: return pass_perdoc(buf, p, a);
    case M_ITER: return pass_iter(buf, len, p, a);
    case M_PUSH: return pass_push(p, a);
    case M_FILE: return pass_file(p, a);
    case M_SIMDJSON: {
        long n = stream_simdjson(buf, len, len + 64, &p->checksum);
        if (n < 0) {
            snprintf(p->error, sizeof p->error, "simdjson failed");
            return -1;
        }
        p->records = (uint64_t)n;
        return 0;
    }
    case M_PIPE_SMALL: return pass_pipe(pipe_bytes / 10, p, a);
    default: return pass_pipe(pipe_bytes, p, a);
    }
}

/* Run one mode here (in the child): best of `runs` passes. */
static void run_mode(int mode, result *r) {
    size_t len = 0;
    char *buf = NULL;
    jb_arena *a = jb_arena_new();
    int passes = mode >= M_PIPE_SMALL ? 1 : runs; /* the pipe is long enough once */
    double best = 0;
    memset(r, 0, sizeof *r);
    if (mode <= M_ITER || mode == M_SIMDJSON) {
        buf = read_all(ndjson_path, &len, 64); /* simdjson wants padding */
        if (!buf) {
            snprintf(r->error, sizeof r->error, "cannot read %s", ndjson_path);
            return;
        }
        if (mode == M_PERDOC) find_ends(buf, len);
    }
    for (int i = 0; i < passes; i++) {
        result p;
        double t0, t;
        int rc;
        memset(&p, 0, sizeof p);
        t0 = now();
        rc = stream_pass(mode, buf, len, &p, a);
        t = now() - t0;
        if (rc) {
            *r = p;
            return;
        }
        p.bytes = mode >= M_PIPE_SMALL ? 0 : len;
        if (mode == M_PUSH || mode == M_FILE) {
            struct stat st;
            stat(ndjson_path, &st);
            p.bytes = (uint64_t)st.st_size;
        }
        if (mode >= M_PIPE_SMALL)
            p.bytes = p.checksum ? (mode == M_PIPE ? pipe_bytes : pipe_bytes / 10) : 0;
        p.mbps = (double)p.bytes / 1e6 / t;
        if (p.mbps > best) {
            best = p.mbps;
            *r = p;
        }
    }
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    r->rss_kib = ru.ru_maxrss;
    free(buf);
    free(ends);
    ends = NULL;
    nends = 0;
    jb_arena_free(a);
}

static int run_child(int mode, result *r) {
    int p[2];
    pid_t c;
    if (pipe(p) != 0) return -1;
    fflush(NULL);
    if ((c = fork()) == 0) {
        result here;
        close(p[0]);
        run_mode(mode, &here);
        if (write(p[1], &here, sizeof here) != (ssize_t)sizeof here) _exit(2);
        _exit(0);
    }
    close(p[1]);
    ssize_t got = read(p[0], r, sizeof *r);
    close(p[0]);
    waitpid(c, NULL, 0);
    if (got != (ssize_t)sizeof *r) {
        snprintf(r->error, sizeof r->error, "the child died");
        return -1;
    }
    return r->error[0] ? -1 : 0;
}

/* ------------------------------------------------------------------ */
/* Instruction counts                                                  */
/* ------------------------------------------------------------------ */

/*
 * Instructions per byte of one mode: this program again, `--mode KEY`,
 * under callgrind counting inside stream_pass only, over a smaller NDJSON
 * file of its own (JB_STREAM_PROFILE_MB, 20) in dir. The counts do not
 * move with the machine's load, so the targets are judged by them, the
 * times beside. 0 when valgrind is missing or the run failed.
 */
static double profile_mode(const char *self, int mode, const char *dir, double mb) {
    char out[1200], mbs[32], line[256];
    double ir = 0;
    pid_t c;
    int status = 0;
    snprintf(out, sizeof out, "%s/callgrind.%s.out", dir, mode_keys[mode]);
    snprintf(mbs, sizeof mbs, "%g", mb);
    fflush(NULL);
    if ((c = fork()) == 0) {
        char outarg[1300];
        snprintf(outarg, sizeof outarg, "--callgrind-out-file=%s", out);
        setenv("JB_STREAM_MB", mbs, 1);
        setenv("JB_BUILD_DIR", dir, 1);
        if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr)) _exit(126);
        execlp("valgrind", "valgrind", "--tool=callgrind", "--toggle-collect=stream_pass", outarg,
               self, "--mode", mode_keys[mode], (char *)NULL);
        _exit(127);
    }
    if (c < 0 || waitpid(c, &status, 0) != c || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        remove(out); /* (a partial profile, if any) */
        return 0;
    }
    FILE *f = fopen(out, "r");
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "totals:", 7) == 0 || strncmp(line, "summary:", 8) == 0)
            ir = strtod(strchr(line, ':') + 1, NULL);
    if (f) fclose(f);
    remove(out);
    return ir;
}

/* ------------------------------------------------------------------ */
/* Report                                                              */
/* ------------------------------------------------------------------ */

static const char *verdict(double got, double goal) { return got >= goal ? "met" : "NOT met"; }

/* A speed target row: the ratio of the other side's instructions per byte
 * to this side's when both were counted (ref_ipb, ipb), else by time. */
static void speed_target(FILE *f, const char *what, double goal, double ref_ipb, double ipb,
                         double by_time) {
    const bool counted = ref_ipb > 0 && ipb > 0;
    const double got = counted ? ref_ipb / ipb : by_time;
    fprintf(f, "| %s | >= %.2fx | %.3fx | %s | %.2fx | %s |\n", what, goal, got,
            counted ? "instructions" : "time", by_time, verdict(got, goal));
}

int main(int argc, char **argv) {
    const char *out_path = NULL, *md_path = NULL;
    const char *data_dir = getenv("JB_DATA_DIR"), *build_dir = getenv("JB_BUILD_DIR");
    double mb = getenv("JB_STREAM_MB") ? atof(getenv("JB_STREAM_MB")) : 200;
    bool quick = false;
    const char *only = NULL;
    result r[M_COUNT];
    int failed = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = true;
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            out_path = argv[++i];
        else if (strcmp(argv[i], "--md") == 0 && i + 1 < argc)
            md_path = argv[++i];
        else if (strcmp(argv[i], "--mode") == 0 && i + 1 < argc)
            only = argv[++i];
        else {
            fprintf(stderr,
                    "usage: stream_bench [--quick] [--out FILE] [--md FILE] [--mode NAME]\n");
            return 2;
        }
    }
    if (getenv("JB_BENCH_RUNS")) runs = atoi(getenv("JB_BENCH_RUNS"));
    if (quick) {
        mb = getenv("JB_STREAM_MB") ? mb : 2;
        pipe_bytes = 5000000;
        runs = 1;
    }
    if (getenv("JB_STREAM_PIPE_BYTES"))
        pipe_bytes = strtoull(getenv("JB_STREAM_PIPE_BYTES"), NULL, 10);
    if (!data_dir) data_dir = JB_REPO_ROOT "/../shared/data/corpus";
    if (!build_dir) build_dir = ".";
    if (load_statuses(data_dir) != 0) return quick ? 0 : 1; /* no corpus: said so, skipped */
    if (make_file(build_dir, mb) != 0) return 1;
    if (only) { /* one mode, in this process: for callgrind (one pass) */
        runs = 1;
        for (int m = 0; m < M_COUNT; m++) {
            if (strcmp(only, mode_keys[m]) != 0) continue;
            run_mode(m, &r[m]);
            printf("%s: %llu records, checksum %llu %s\n", mode_keys[m],
                   (unsigned long long)r[m].records, (unsigned long long)r[m].checksum, r[m].error);
            return r[m].error[0] != 0;
        }
        fprintf(stderr, "stream_bench: no mode %s\n", only);
        return 2;
    }

    for (int m = 0; m < M_COUNT; m++) {
        if (run_child(m, &r[m]) != 0) {
            fprintf(stderr, "stream_bench: %s: %s\n", mode_names[m], r[m].error);
            failed = 1;
            continue;
        }
        /* the gate: the same records, the same values */
        if (m != M_PERDOC && m < M_PIPE_SMALL &&
            (r[m].records != r[M_PERDOC].records || r[m].checksum != r[M_PERDOC].checksum)) {
            fprintf(
                stderr, "stream_bench: %s: %llu records, checksum %llu; jb_decode: %llu, %llu\n",
                mode_names[m], (unsigned long long)r[m].records, (unsigned long long)r[m].checksum,
                (unsigned long long)r[M_PERDOC].records, (unsigned long long)r[M_PERDOC].checksum);
            failed = 1;
        }
        if (m >= M_PIPE_SMALL && r[m].records == 0) failed = 1;
        printf("%-40s %8.0f MB/s  %8ld KiB peak RSS  %9llu records\n", mode_names[m], r[m].mbps,
               r[m].rss_kib, (unsigned long long)r[m].records);
        fflush(stdout);
    }
    if (failed || quick) return failed;

    if (out_path) {
        FILE *f = fopen(out_path, "w");
        for (int m = 0; f && m < M_COUNT; m++)
            fprintf(f, "%s\t%.1f\t%ld\t%llu\n", mode_keys[m], r[m].mbps, r[m].rss_kib,
                    (unsigned long long)r[m].records);
        if (f) fclose(f);
    }
    if (md_path) {
        /* instructions per byte (callgrind), the figure the targets are judged by */
        double ipb[M_COUNT] = {0}, pmb = 20;
        char self[1024], pdir[1100], pfile[1200];
        ssize_t sl = readlink("/proc/self/exe", self, sizeof self - 1);
        struct stat pst;
        if (getenv("JB_STREAM_PROFILE_MB")) pmb = atof(getenv("JB_STREAM_PROFILE_MB"));
        snprintf(pdir, sizeof pdir, "%s/stream-profile", build_dir);
        snprintf(pfile, sizeof pfile, "%s/twitter-statuses.ndjson", pdir);
        if (sl > 0 && pmb > 0 && (mkdir(pdir, 0777) == 0 || errno == EEXIST)) {
            self[sl] = 0;
            for (int m = 0; m < M_PIPE_SMALL; m++) {
                if (m == M_SIMDJSON) continue; /* -march=native: valgrind cannot run it */
                double ir = profile_mode(self, m, pdir, pmb);
                if (ir > 0 && stat(pfile, &pst) == 0 && pst.st_size > 0)
                    ipb[m] = ir / (double)pst.st_size;
                printf("%-40s %8.2f instructions/byte (callgrind, %g MB)\n", mode_names[m], ipb[m],
                       pmb);
            }
            remove(pfile);
            rmdir(pdir);
        }
        FILE *f = fopen(md_path, "w");
        double iter = r[M_ITER].mbps;
        if (!f) return 1;
        fprintf(f, "## Streaming (issue 16)\n\n");
        fprintf(
            f,
            "`bench/stream_bench.c`: twitter.json's 100 statuses, compact, one per line, repeated "
            "to %.0f MB of NDJSON (made in the build directory), decoded into the typed "
            "`tw_status` (bench/models.h) with `JB_STREAM_RESET_ARENA`; each mode in its own "
            "process, best of %d passes; peak RSS is that process's (the buffer modes hold the "
            "file in memory). simdjson: On-Demand `iterate_many` over the padded buffer, filling "
            "the same structs with `bench/m_pull.inc`'s reader (`-march=native`). The pipe: a "
            "generator process writes NDJSON into a pipe, the stream reads the other end "
            "(`jb_stream_new_fd`); nothing is stored. Instructions per byte: callgrind inside "
            "one pass (`stream_pass`) over a %g MB file of the same statuses; they do not move "
            "with the machine's load, so the speed targets are judged by them (speed ratio = "
            "the inverse ratio of instructions), the times beside (simdjson, built with "
            "`-march=native`, uses instructions valgrind "
            "cannot run here: it is compared by time).\n\n",
            mb, runs, pmb);
        fprintf(f, "| mode | instructions / byte | MB/s | peak RSS | records |\n"
                   "|---|---:|---:|---:|---:|\n");
        for (int m = 0; m < M_COUNT; m++) {
            char ib[32] = "";
            if (ipb[m] > 0) snprintf(ib, sizeof ib, "%.2f", ipb[m]);
            if (m >= M_PIPE_SMALL)
                fprintf(f, "| %s, %.1f GB | | %.0f | %.1f MB | %llu |\n", mode_names[m],
                        (m == M_PIPE ? pipe_bytes : pipe_bytes / 10) / 1e9, r[m].mbps,
                        r[m].rss_kib / 1024.0, (unsigned long long)r[m].records);
            else
                fprintf(f, "| %s | %s | %.0f | %.1f MB | %llu |\n", mode_names[m], ib, r[m].mbps,
                        r[m].rss_kib / 1024.0, (unsigned long long)r[m].records);
        }
        /* speed ratios: by instructions where both sides were counted, else by time */
        fprintf(f, "\n| target | goal | measured | by | by time | |\n"
                   "|---|---|---:|---|---:|---|\n");
        speed_target(f, "buffer iterator vs one status at a time", 0.95, ipb[M_PERDOC], ipb[M_ITER],
                     iter / r[M_PERDOC].mbps);
        speed_target(f, "buffer iterator vs simdjson iterate_many", 1.0, ipb[M_SIMDJSON],
                     ipb[M_ITER], iter / r[M_SIMDJSON].mbps);
        speed_target(f, "push (64 KiB chunks) vs buffer iterator", 0.85, ipb[M_ITER], ipb[M_PUSH],
                     r[M_PUSH].mbps / iter);
        double flat = (double)r[M_PIPE].rss_kib / (double)r[M_PIPE_SMALL].rss_kib;
        fprintf(f, "| peak RSS, pipe at 10x the bytes | flat | %.2fx | peak RSS | | %s |\n", flat,
                flat <= 1.1 ? "met" : "NOT met");
        fprintf(f, "| peak RSS, %.0f GB pipe | < 64 MB | %.1f MB | peak RSS | | %s |\n\n",
                pipe_bytes / 1e9, r[M_PIPE].rss_kib / 1024.0,
                r[M_PIPE].rss_kib < 64 * 1024 ? "met" : "NOT met");
        fclose(f);
    }
    return 0;
}
