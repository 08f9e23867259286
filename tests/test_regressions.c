/* SPDX-License-Identifier: MIT */
/*
 * test_regressions.c — replays every fuzz finding and every seed through
 * the harness it belongs to, in plain C (no libFuzzer): the fuzz/ harness sources
 * harnesses are linked in without JB_FUZZ_LIBFUZZER (see
 * tests/test_regressions.cmake). A harness aborts on a failed property,
 * so a regression that comes back fails `make test` under every build of
 * the suite (gcc, ASan+UBSan, clang, the decimal-comma locale).
 *
 *   fuzz/regressions/<target>/   inputs that once failed (see docs/fuzzing.md)
 *   fuzz/corpus/<target>/        the seed corpora
 *
 * fuzz_jansson runs only when libjansson was found (JB_HAVE_JANSSON).
 */
#include <dirent.h>
#include <stdlib.h>

#include "check.h"
#include "fuzz.h"

typedef int (*fuzz_fn)(const uint8_t *, size_t);

static const struct {
    const char *name;
    fuzz_fn fn;
} targets[] = {
    {"dom", fuzz_dom_one},         {"typed", fuzz_typed_one}, {"roundtrip", fuzz_roundtrip_one},
    {"skip", fuzz_skip_one},       {"utf8", fuzz_utf8_one},   {"numbers", fuzz_numbers_one},
    {"alloc", fuzz_alloc_one},     {"kernel", fuzz_kernel_one},
    {"stream", fuzz_stream_one},
#ifdef JB_HAVE_JANSSON
    {"jansson", fuzz_jansson_one},
#endif
};

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run fn on every file in dir (sorted); returns how many. */
static size_t replay_dir(const char *dir, fuzz_fn fn) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
            CHECK(names != NULL);
            if (!names) return 0;
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "rb");
        CHECKF(f != NULL, "cannot open %s", path);
        if (!f) continue;
        uint8_t *buf = NULL;
        size_t len = 0, bcap = 0, got;
        do {
            if (len == bcap) {
                bcap = bcap ? bcap * 2 : 4096;
                buf = realloc(buf, bcap);
                if (!buf) abort();
            }
            got = fread(buf + len, 1, bcap - len, f);
            len += got;
        } while (got);
        fclose(f);
        /* exactly len bytes, so a read past the end is an ASan report */
        uint8_t *exact = malloc(len ? len : 1);
        if (!exact) abort();
        if (len) memcpy(exact, buf, len);
        free(buf);
        fprintf(stderr, "%s\n", path); /* names the input if the harness aborts */
        CHECK(fn(exact, len) == 0);
        free(exact);
        free(names[i]);
    }
    free(names);
    return n;
}

int main(void) {
    size_t total_reg = 0, total_seed = 0;
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s/fuzz/regressions/%s", JB_SOURCE_DIR, targets[i].name);
        size_t r = replay_dir(dir, targets[i].fn);
        snprintf(dir, sizeof dir, "%s/fuzz/corpus/%s", JB_SOURCE_DIR, targets[i].name);
        size_t s = replay_dir(dir, targets[i].fn);
        printf("fuzz_%s: %zu regression inputs, %zu seeds\n", targets[i].name, r, s);
        total_reg += r, total_seed += s;
    }
    CHECK(total_seed > 0); /* the corpora are found */
#ifndef JB_HAVE_JANSSON
    printf("fuzz_jansson: libjansson not found, skipped\n");
#endif
    printf("%zu regression inputs, %zu seeds replayed\n", total_reg, total_seed);
    return check_report();
}
