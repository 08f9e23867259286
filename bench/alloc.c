/* SPDX-License-Identifier: MIT */
/*
 * alloc.c — counts every heap allocation made in the bench process, by
 * every library (jbind, simdjson, RapidJSON via operator new, jansson,
 * json-c, cJSON, libc), by defining malloc & co. in the executable: the
 * dynamic linker binds all shared objects' malloc calls to these first.
 * They forward to glibc's __libc_* entry points (no dlsym, so no bootstrap
 * recursion). Single-threaded bench: plain counters.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>

#include "harness.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

bench_alloc_stats bench_allocs;

void *malloc(size_t n) {
    bench_allocs.count++;
    bench_allocs.bytes += n;
    return __libc_malloc(n);
}

void *calloc(size_t a, size_t b) {
    bench_allocs.count++;
    bench_allocs.bytes += a * b;
    return __libc_calloc(a, b);
}

void *realloc(void *p, size_t n) {
    bench_allocs.count++;
    bench_allocs.bytes += n;
    return __libc_realloc(p, n);
}

void free(void *p) {
    if (p) bench_allocs.frees++;
    __libc_free(p);
}

int posix_memalign(void **out, size_t align, size_t n) {
    bench_allocs.count++;
    bench_allocs.bytes += n;
    void *p = __libc_memalign(align, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}

void *aligned_alloc(size_t align, size_t n) {
    bench_allocs.count++;
    bench_allocs.bytes += n;
    return __libc_memalign(align, n);
}

void *memalign(size_t align, size_t n) {
    bench_allocs.count++;
    bench_allocs.bytes += n;
    return __libc_memalign(align, n);
}
