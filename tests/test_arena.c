/* SPDX-License-Identifier: MIT */
/*
 * test_arena.c — the decode arena and its scratch stack (src/arena.c).
 *
 * Every allocator call goes through a counting allocator, so the tests can
 * say exactly how many calls a reset or warm arena makes (none), inject a
 * failure at the Nth call, and check that nothing is left allocated.
 */
#include <stdint.h>
#include <stdlib.h>

#include "arena.h"
#include "check.h"

/* ------------------------------------------------------------------ */
/* A counting allocator that can fail the Nth allocation               */
/* ------------------------------------------------------------------ */

typedef struct counter {
    size_t calls;  /* every call */
    size_t allocs; /* calls that asked for memory (new_size > 0) */
    size_t frees;
    size_t live; /* bytes currently allocated */
    size_t live_blocks;
    size_t fail_at;   /* fail the allocation with this 1-based number (0: never) */
    size_t sizes[64]; /* sizes of the first allocations */
} counter;

static void *count_fn(void *ctx, void *p, size_t old, size_t n) {
    counter *c = ctx;
    c->calls++;
    if (n == 0) {
        if (p) {
            c->frees++;
            c->live -= old;
            c->live_blocks--;
        }
        free(p);
        return NULL;
    }
    c->allocs++;
    if (c->fail_at && c->allocs == c->fail_at) return NULL;
    void *r = realloc(p, n);
    if (!r) return NULL;
    if (c->allocs <= 64) c->sizes[c->allocs - 1] = n;
    if (!p) c->live_blocks++;
    c->live = c->live - old + n;
    return r;
}

static jb_arena *counted_arena(counter *c, size_t cap) {
    memset(c, 0, sizeof *c);
    jb_allocator al = {count_fn, c};
    return jb_arena_new_with(&al, cap);
}

/* xorshift: deterministic pseudo-random numbers for the workloads. */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t rnd(uint32_t n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* ------------------------------------------------------------------ */
/* Allocation                                                          */
/* ------------------------------------------------------------------ */

/* Every allocation is aligned, distinct, and keeps what was written to it
 * while later allocations happen (no overlap). */
static void test_alignment_and_overlap(void) {
    enum { N = 3000 };
    static unsigned char *ptrs[N];
    static size_t sizes[N];
    counter c;
    jb_arena *a = counted_arena(&c, 0);
    size_t used = 0, misaligned = 0, nulls = 0, corrupt = 0;
    CHECK(a != NULL);
    for (size_t i = 0; i < N; i++) {
        size_t align = (size_t)1 << rnd(5); /* 1, 2, 4, 8, 16 */
        size_t size = rnd(8) == 0 ? rnd(5000) : rnd(64);
        unsigned char *p = jb_arena_alloc(a, size, align);
        if (!p) {
            nulls++;
            continue;
        }
        if ((uintptr_t)p % align) misaligned++;
        memset(p, (int)(i & 0xFF), size);
        ptrs[i] = p;
        sizes[i] = size;
        used += size ? size : 1;
    }
    CHECK_EQ_INT(nulls, 0);
    CHECK_EQ_INT(misaligned, 0);
    for (size_t i = 0; i < N; i++)
        for (size_t k = 0; k < sizes[i]; k++)
            if (ptrs[i][k] != (unsigned char)(i & 0xFF)) corrupt++;
    CHECK_EQ_INT(corrupt, 0);
    CHECK_EQ_INT(jb_arena_used(a), used);
    CHECK(jb_arena_reserved(a) >= used);
    CHECK_EQ_INT(jb_arena_reserved(a), c.live - c.sizes[0]); /* all but the header */
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
    CHECK_EQ_INT(c.live_blocks, 0);
}

static void test_size_zero_and_args(void) {
    jb_arena *a = jb_arena_new();
    CHECK(a != NULL);
    void *p = jb_arena_alloc(a, 0, 1), *q = jb_arena_alloc(a, 0, 8);
    CHECK(p != NULL && q != NULL && p != q);
    CHECK((uintptr_t)q % 8 == 0);
    /* Size 0 on a fresh arena (no chunk yet) also works. */
    jb_arena *b = jb_arena_new();
    CHECK(jb__arena_alloc(b, 0, 16) != NULL);
    jb_arena_free(b);
    /* Bad alignments are refused by the public function. */
    CHECK(jb_arena_alloc(a, 8, 3) == NULL);
    CHECK(jb_arena_alloc(a, 8, 32) == NULL);
    CHECK(jb_arena_alloc(NULL, 8, 8) == NULL);
    CHECK(jb_arena_alloc(a, 8, 0) != NULL); /* 0 means 1 */
    CHECK_EQ_INT(jb_arena_used(NULL), 0);
    CHECK_EQ_INT(jb_arena_reserved(NULL), 0);
    jb_arena_reset(NULL);
    jb_arena_free(NULL);
    jb_arena_free(a);
}

/* Regular chunks: 4 KiB, doubling to 1 MiB, then 1 MiB each. */
static void test_chunk_growth(void) {
    counter c;
    jb_arena *a = counted_arena(&c, 0);
    size_t total = 0;
    /* 104-byte allocations (no padding at align 8) until 12 chunks exist. */
    size_t nulls = 0;
    while (c.allocs < 13) {
        nulls += jb__arena_alloc(a, 104, 8) == NULL;
        total += 104;
    }
    CHECK_EQ_INT(nulls, 0);
    CHECK_EQ_INT(c.sizes[0], sizeof(jb_arena));
    size_t want = 4096;
    for (int i = 1; i < 13; i++) {
        CHECK_AT(__LINE__, c.sizes[i] == want, "chunk %d: %zu bytes, want %zu", i, c.sizes[i],
                 want);
        if (want < ((size_t)1 << 20)) want *= 2;
    }
    CHECK_EQ_INT(c.sizes[9], (size_t)1 << 20);
    CHECK_EQ_INT(c.sizes[10], (size_t)1 << 20);
    CHECK_EQ_INT(jb_arena_used(a), total);
    /* Chunks are well used: at most one 104-byte tail plus a header lost
     * per chunk (the last one holds a single allocation). */
    CHECK(jb_arena_reserved(a) - total < 11 * (104 + 128) + c.sizes[12]);
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
}

/* A request larger than a regular chunk gets its own, sized exactly; the
 * doubling sequence is not disturbed. */
static void test_big_request(void) {
    counter c;
    jb_arena *a = counted_arena(&c, 0);
    CHECK(jb__arena_alloc(a, 10, 1) != NULL); /* chunk 1: 4096 */
    unsigned char *big = jb__arena_alloc(a, 100000, 16);
    CHECK(big != NULL);
    CHECK((uintptr_t)big % 16 == 0);
    memset(big, 0xAB, 100000);
    CHECK(c.sizes[2] >= 100000 && c.sizes[2] < 100000 + 128);
    /* Small allocations go on in regular chunks: the next one is 8192. */
    size_t nulls = 0;
    for (int i = 0; i < 100; i++) nulls += jb__arena_alloc(a, 64, 8) == NULL;
    CHECK_EQ_INT(nulls, 0);
    CHECK_EQ_INT(c.sizes[3], 8192);
    CHECK_EQ_INT(c.allocs, 4);
    /* After a block sized exactly for an odd request, what is left of it
     * still yields correctly aligned, in-bounds memory (ASan checks). */
    for (size_t odd = 5000; odd < 5040; odd++) {
        jb_arena *b = jb_arena_new();
        CHECK(jb__arena_alloc(b, odd, 1) != NULL); /* a block of its own */
        size_t misaligned = 0;
        for (int k = 0; k < 4; k++) {
            unsigned char *p = jb__arena_alloc(b, 1 + (size_t)k, 16);
            if (!p || (uintptr_t)p % 16)
                misaligned++;
            else
                memset(p, 1, 1 + (size_t)k);
        }
        CHECK_EQ_INT(misaligned, 0);
        jb_arena_free(b);
    }
    /* A size whose rounding would overflow fails cleanly. */
    CHECK(jb__arena_alloc(a, SIZE_MAX - 8, 8) == NULL);
    CHECK_EQ_INT(jb__arena_fail_code(a), JB_E_NOMEM);
    CHECK(jb__arena_alloc(a, SIZE_MAX, 16) == NULL);
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
}

static void test_cap(void) {
    counter c;
    /* Allocate until the cap says no: JB_E_LIMIT, never past the cap. */
    jb_arena *a = counted_arena(&c, 50000);
    size_t got = 0;
    for (;;) {
        void *p = jb__arena_alloc(a, 1000, 8);
        if (!p) break;
        got += 1000;
    }
    CHECK_EQ_INT(jb__arena_fail_code(a), JB_E_LIMIT);
    CHECK(jb_arena_reserved(a) <= 50000);
    CHECK(got >= 40000); /* the cap is used, not refused early */
    /* Smaller requests may still fit what is left. */
    size_t before = jb_arena_used(a);
    (void)jb__arena_alloc(a, 8, 8);
    CHECK(jb_arena_used(a) == before || jb_arena_used(a) == before + 8);
    /* One request beyond the cap. */
    CHECK(jb__arena_alloc(a, 60000, 8) == NULL);
    CHECK_EQ_INT(jb__arena_fail_code(a), JB_E_LIMIT);
    CHECK(jb__arena_alloc(a, SIZE_MAX - 8, 8) == NULL);
    CHECK_EQ_INT(jb__arena_fail_code(a), JB_E_LIMIT);
    /* After a reset the same memory serves again, with no allocator call. */
    size_t calls = c.calls;
    jb_arena_reset(a);
    CHECK(jb__arena_alloc(a, 1000, 8) != NULL);
    CHECK_EQ_INT(c.calls, calls);
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);

    /* A cap smaller than the first chunk shrinks it rather than failing. */
    a = counted_arena(&c, 1000);
    CHECK(jb__arena_alloc(a, 500, 8) != NULL);
    CHECK(jb_arena_reserved(a) <= 1000);
    CHECK(jb__arena_alloc(a, 900, 8) == NULL);
    CHECK_EQ_INT(jb__arena_fail_code(a), JB_E_LIMIT);
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);

    /* Under a small cap, chunks and scratch segments both find room: a
     * decode of a short array needs one of each. */
    a = counted_arena(&c, 1024);
    CHECK(jb__scratch_push(a, 16, 8) != NULL);
    CHECK(jb__scratch_push(a, 16, 8) != NULL);
    CHECK(jb__arena_alloc(a, 32, 8) != NULL);
    CHECK(jb__arena_alloc(a, 100, 8) != NULL);
    CHECK(jb_arena_reserved(a) <= 1024);
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);

    /* The scratch stack counts toward the same cap. */
    a = counted_arena(&c, 6000);
    CHECK(jb__arena_alloc(a, 100, 8) != NULL); /* a 4096 chunk */
    CHECK(jb__scratch_push(a, 3000, 8) == NULL);
    CHECK_EQ_INT(jb__arena_fail_code(a), JB_E_LIMIT);
    CHECK(jb__scratch_push(a, 800, 8) != NULL); /* a shrunk segment */
    CHECK(jb_arena_reserved(a) <= 6000);
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
}

/* The allocation-failure workload: alternating scratch pushes and arena
 * allocations. Returns how many failed. */
static size_t fail_workload(jb_arena *a, size_t *bad_code) {
    size_t failures = 0;
    for (int i = 0; i < 400; i++) {
        void *p = (i & 1) ? jb__arena_alloc(a, 300, 8) : jb__scratch_push(a, 200, 8);
        if (!p) {
            failures++;
            *bad_code += jb__arena_fail_code(a) != JB_E_NOMEM;
        }
    }
    return failures;
}

/* Every cap from tiny to a few blocks: allocations and pushes of varied
 * sizes until the cap says no. Everything handed out is writable (ASan),
 * the cap holds, and the failure is JB_E_LIMIT. */
static void test_cap_sweep(void) {
    size_t over = 0, wrong_code = 0, never = 0, leaked = 0;
    for (size_t cap = 16; cap < 6000; cap += 7) {
        counter c;
        jb_arena *a = counted_arena(&c, cap);
        int k = 0;
        for (; k < 20000; k++) {
            size_t sz = 1 + (size_t)(k * 37 + (int)cap) % 300;
            unsigned char *p = (k % 3 == 2) ? jb__scratch_push(a, sz, 1)
                                            : jb__arena_alloc(a, sz, (size_t)1 << (k % 5));
            if (!p) break;
            memset(p, 0xEE, sz);
        }
        if (jb_arena_reserved(a) > cap) over++;
        if (jb__arena_fail_code(a) != JB_E_LIMIT) wrong_code++;
        if (k == 20000) never++;
        jb_arena_free(a);
        if (c.live) leaked++;
    }
    CHECK_EQ_INT(over, 0);
    CHECK_EQ_INT(wrong_code, 0);
    CHECK_EQ_INT(never, 0);
    CHECK_EQ_INT(leaked, 0);
}

/* Fail the Nth allocator call, for every N the workload reaches: the
 * failing call gives NULL and JB_E_NOMEM, the arena stays usable, nothing
 * leaks. */
static void test_allocator_failure(void) {
    counter c;
    size_t bad_code = 0;
    jb_arena *a = counted_arena(&c, 0);
    CHECK_EQ_INT(fail_workload(a, &bad_code), 0);
    jb_arena_free(a);
    size_t total = c.allocs;
    CHECK(total >= 8); /* chunks and segments both grew several times */
    for (size_t n = 1; n <= total; n++) {
        memset(&c, 0, sizeof c);
        c.fail_at = n;
        jb_allocator al = {count_fn, &c};
        a = jb_arena_new_with(&al, 0);
        if (n == 1) {
            CHECK(a == NULL); /* the arena header itself */
            CHECK_EQ_INT(c.live, 0);
            continue;
        }
        size_t failures = a ? fail_workload(a, &bad_code) : 99;
        CHECK_AT(__LINE__, failures == 1, "fail_at %zu: %zu failures", n, failures);
        jb_arena_free(a);
        CHECK_EQ_INT(c.live, 0);
        CHECK_EQ_INT(c.live_blocks, 0);
    }
    CHECK_EQ_INT(bad_code, 0);
    /* The first chunk's allocation fails. */
    a = counted_arena(&c, 0);
    c.fail_at = 2;
    CHECK(jb__arena_alloc(a, 1, 1) == NULL);
    CHECK_EQ_INT(jb__arena_fail_code(a), JB_E_NOMEM);
    CHECK(jb__arena_alloc(a, 1, 1) != NULL); /* and the next one works */
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
    CHECK_EQ_INT(jb__arena_fail_code(NULL), JB_E_NOMEM);
}

/* A decode-shaped workload: many small allocations, a few big ones,
 * scratch pushes. Returns a checksum of the pointers it got. */
static uintptr_t workload(jb_arena *a) {
    uintptr_t sum = 0;
    for (int i = 0; i < 2000; i++) {
        size_t sz = (size_t)(i % 97) + (i % 500 == 0 ? 200000 : 0);
        char *p = jb__arena_alloc(a, sz, (size_t)1 << (i % 5));
        if (!p) return 0;
        memset(p, 1, sz);
        sum = sum * 31 + (uintptr_t)p;
        if (i % 50 == 0) {
            jb_scratch_mark m = jb__scratch_mark(a);
            for (int k = 0; k < 700; k++) {
                int *e = jb__scratch_push(a, sizeof(int), sizeof(int));
                if (!e) return 0;
                *e = k;
            }
            int *dst = jb__arena_alloc(a, 700 * sizeof(int), sizeof(int));
            if (!dst) return 0;
            jb__scratch_gather(a, m, sizeof(int), 700, dst);
            jb__scratch_release(a, m);
            sum = sum * 31 + (uintptr_t)dst + (uintptr_t)dst[699];
        }
    }
    return sum;
}

static void test_reset_reuses(void) {
    counter c;
    jb_arena *a = counted_arena(&c, 0);
    /* Reset also empties the scratch stack (a failed decode may not have
     * released it). */
    CHECK(jb__scratch_push(a, 64, 8) != NULL);
    CHECK(jb__arena_alloc(a, 64, 8) != NULL);
    jb_arena_reset(a);
    jb_scratch_mark m = jb__scratch_mark(a);
    CHECK(m.seg == NULL && m.off == 0);
    /* the first chunk stays current, empty: the next allocation is the
     * inline bump from its start */
    CHECK(a->head && a->cur == a->head && a->pos == a->head->data && a->end == a->head->end);
    char *bump = jb__arena_alloc(a, 8, 8);
    CHECK(bump == a->head->data);
    jb_arena_reset(a);
    CHECK_EQ_INT(jb_arena_used(a), 0);
    uintptr_t first = workload(a);
    CHECK(first != 0);
    size_t used = jb_arena_used(a), reserved = jb_arena_reserved(a), calls = c.calls;
    for (int round = 0; round < 3; round++) {
        jb_arena_reset(a);
        CHECK_EQ_INT(jb_arena_used(a), 0);
        CHECK_EQ_INT(jb_arena_reserved(a), reserved);
        uintptr_t again = workload(a);
        CHECK(again == first); /* the very same addresses */
        CHECK_EQ_INT(jb_arena_used(a), used);
        CHECK_EQ_INT(jb_arena_reserved(a), reserved);
        CHECK_EQ_INT(c.calls, calls); /* zero allocator calls */
    }
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
}

static void test_rollback(void) {
    counter c;
    jb_arena *a = counted_arena(&c, 0);
    /* A mark on a fresh arena: rollback returns to nothing. */
    jb_arena_mark m0 = jb__arena_mark(a);
    char *x = jb__arena_alloc(a, 100, 8);
    CHECK(x != NULL);
    jb__arena_rollback(a, m0);
    CHECK_EQ_INT(jb_arena_used(a), 0);
    CHECK(jb__arena_alloc(a, 100, 8) == x);

    /* A mark in the middle of a chunk; what follows spills over several
     * chunks and one big one. */
    char *keep = jb__arena_alloc(a, 50, 1);
    memset(keep, 'k', 50);
    jb_arena_mark m = jb__arena_mark(a);
    size_t used = jb_arena_used(a);
    char *after = jb__arena_alloc(a, 16, 16);
    size_t nulls = 0;
    for (int i = 0; i < 300; i++) nulls += jb__arena_alloc(a, 200, 8) == NULL;
    CHECK(jb__arena_alloc(a, 3u << 20, 16) != NULL);
    size_t calls = c.calls, reserved = jb_arena_reserved(a);
    jb__arena_rollback(a, m);
    CHECK_EQ_INT(jb_arena_used(a), used);
    CHECK(jb__arena_alloc(a, 16, 16) == after);
    /* Redoing the same work reuses the chunks: no allocator calls. */
    for (int i = 0; i < 300; i++) nulls += jb__arena_alloc(a, 200, 8) == NULL;
    CHECK_EQ_INT(nulls, 0);
    CHECK(jb__arena_alloc(a, 3u << 20, 16) != NULL);
    CHECK_EQ_INT(c.calls, calls);
    CHECK_EQ_INT(jb_arena_reserved(a), reserved);
    /* What was allocated before the mark is intact. */
    size_t bad = 0;
    for (int i = 0; i < 50; i++) bad += keep[i] != 'k';
    CHECK_EQ_INT(bad, 0);
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
}

/* ------------------------------------------------------------------ */
/* Scratch stack                                                       */
/* ------------------------------------------------------------------ */

/* Element sizes of C types (each a multiple of its alignment). */
static const size_t elem_sizes[] = {1, 2, 3, 4, 8, 12, 16, 24, 40, 48, 1000, 5000};

typedef struct scratch_stats {
    size_t arrays, elems, bad_align, bad_data, bad_adjacent, failures;
} scratch_stats;

static unsigned char pattern(unsigned level, size_t index, size_t byte) {
    return (unsigned char)(level * 37 + index * 11 + byte * 3 + 1);
}

/*
 * One array of unknown length at nesting `level`, the way the decoder
 * builds it: mark, push each element (after an element, maybe a nested
 * array that pushes above it and releases back), gather into the arena,
 * release. Checks every element's alignment and contents, and that two
 * elements pushed one after the other in one segment are adjacent.
 */
static void scratch_array(jb_arena *a, unsigned level, scratch_stats *st) {
    size_t es = elem_sizes[rnd(sizeof elem_sizes / sizeof elem_sizes[0])];
    size_t al = es & (0 - es);
    if (al > 16) al = 16;
    size_t count = rnd(level == 0 ? 3000 : 400) / (es >= 1000 ? 50 : 1);
    jb_scratch_mark m = jb__scratch_mark(a);
    unsigned char *prev = NULL;
    const jb_block *prev_seg = NULL;
    st->arrays++;
    for (size_t i = 0; i < count; i++) {
        unsigned char *p = jb__scratch_push(a, es, al);
        if (!p) {
            st->failures++;
            return;
        }
        if ((uintptr_t)p % al) st->bad_align++;
        /* In the same segment as the previous element: right after it. */
        if (prev && a->scur == prev_seg && p != prev + es) st->bad_adjacent++;
        for (size_t b = 0; b < es; b++) p[b] = pattern(level, i, b);
        prev = p;
        prev_seg = a->scur;
        if (level < 3 && rnd(40) == 0) scratch_array(a, level + 1, st);
    }
    unsigned char *dst = count ? jb__arena_alloc(a, count * es, al) : NULL;
    if (count && !dst) {
        st->failures++;
        return;
    }
    jb__scratch_gather(a, m, es, count, dst);
    for (size_t i = 0; i < count; i++)
        for (size_t b = 0; b < es; b++)
            if (dst[i * es + b] != pattern(level, i, b)) {
                st->bad_data++;
                b = es;
                i = count;
            }
    st->elems += count;
    jb__scratch_release(a, m);
    /* Release restored the position exactly. */
    jb_scratch_mark m2 = jb__scratch_mark(a);
    if (m2.seg != m.seg || m2.off != m.off) st->bad_adjacent++;
}

static void test_scratch_nested(void) {
    counter c;
    jb_arena *a = counted_arena(&c, 0);
    scratch_stats st = {0};
    for (int i = 0; i < 60; i++) {
        scratch_array(a, 0, &st);
        jb_arena_reset(a); /* gathered copies are not needed any more */
    }
    CHECK(st.arrays > 100); /* nesting did happen */
    CHECK(st.elems > 50000);
    CHECK_EQ_INT(st.failures, 0);
    CHECK_EQ_INT(st.bad_align, 0);
    CHECK_EQ_INT(st.bad_data, 0);
    CHECK_EQ_INT(st.bad_adjacent, 0);
    jb_scratch_mark m = jb__scratch_mark(a);
    CHECK(m.seg == NULL && m.off == 0); /* all released */
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
}

/* Hand-made case: an array of chars with, inside it, an array of doubles
 * that crosses two segment boundaries, inside which an array of 12-byte
 * structs starts at an odd offset. */
static void test_scratch_boundaries(void) {
    typedef struct {
        int32_t a, b, c;
    } tri;
    counter c;
    jb_arena *a = counted_arena(&c, 0);
    jb_scratch_mark m0 = jb__scratch_mark(a);
    char *c0 = jb__scratch_push(a, 1, 1);
    *c0 = 'x';
    char *c1 = jb__scratch_push(a, 1, 1);
    *c1 = 'y';
    CHECK(c1 == c0 + 1);

    jb_scratch_mark m1 = jb__scratch_mark(a);
    CHECK_EQ_INT(m1.off, 2);
    enum { ND = 3000 }; /* 24000 bytes: segments of 4096 and 8192 and 16384 */
    size_t segs_before = c.allocs;
    size_t bad_push = 0;
    for (int i = 0; i < ND; i++) {
        double *d = jb__scratch_push(a, sizeof(double), _Alignof(double));
        if (!d || (uintptr_t)d % _Alignof(double)) {
            bad_push++;
            continue;
        }
        *d = i * 0.5;
        if (i == 1000) {
            /* Nested: 12-byte structs from an offset that is not a
             * multiple of 8 or 16. */
            jb_scratch_mark m_odd = jb__scratch_mark(a);
            char *odd = jb__scratch_push(a, 1, 1);
            *odd = 'o';
            jb_scratch_mark m2 = jb__scratch_mark(a);
            for (int k = 0; k < 500; k++) {
                tri *t = jb__scratch_push(a, sizeof(tri), _Alignof(tri));
                t->a = k;
                t->b = -k;
                t->c = k * k;
            }
            tri got[500];
            jb__scratch_gather(a, m2, sizeof(tri), 500, got);
            int bad = 0;
            for (int k = 0; k < 500; k++)
                bad += got[k].a != k || got[k].b != -k || got[k].c != k * k;
            CHECK_EQ_INT(bad, 0);
            jb__scratch_release(a, m2);
            jb__scratch_release(a, m_odd); /* the char was nested scratch too */
        }
    }
    CHECK_EQ_INT(bad_push, 0);
    CHECK(c.allocs - segs_before >= 2); /* the doubles did cross segments */
    double *ds = malloc(ND * sizeof(double));
    jb__scratch_gather(a, m1, sizeof(double), ND, ds);
    int bad = 0;
    for (int i = 0; i < ND; i++) bad += ds[i] != i * 0.5;
    CHECK_EQ_INT(bad, 0);
    free(ds);
    jb__scratch_release(a, m1);

    /* Back in the first segment: the chars are still adjacent. */
    char *c2 = jb__scratch_push(a, 1, 1);
    CHECK(c2 == c1 + 1);
    *c2 = 'z';
    char chars[3];
    jb__scratch_gather(a, m0, 1, 3, chars);
    CHECK(memcmp(chars, "xyz", 3) == 0);
    jb__scratch_release(a, m0);

    /* An alignment request larger than the size allows (12 bytes at 8, as
     * for a descriptor of unknown alignment) still gathers correctly: the
     * elements stay contiguous, aligned to 4 as a 12-byte C object is. */
    jb_scratch_mark m12 = jb__scratch_mark(a);
    size_t bad12 = 0;
    for (int k = 0; k < 2000; k++) {
        tri *t = jb__scratch_push(a, sizeof(tri), 8);
        if (!t || (uintptr_t)t % _Alignof(tri)) {
            bad12++;
            continue;
        }
        t->a = k;
        t->b = 2 * k;
        t->c = 3 * k;
    }
    tri *all = malloc(2000 * sizeof(tri));
    jb__scratch_gather(a, m12, sizeof(tri), 2000, all);
    for (int k = 0; k < 2000; k++) bad12 += all[k].a != k || all[k].b != 2 * k || all[k].c != 3 * k;
    CHECK_EQ_INT(bad12, 0);
    free(all);
    jb__scratch_release(a, m12);

    /* An element larger than any segment gets its own. */
    size_t calls = c.calls;
    jb_scratch_mark mb = jb__scratch_mark(a);
    unsigned char *big = jb__scratch_push(a, 100000, 16);
    CHECK(big != NULL && (uintptr_t)big % 16 == 0);
    memset(big, 7, 100000);
    unsigned char *big2 = jb__scratch_push(a, 100000, 16);
    CHECK(big2 != NULL);
    memset(big2, 8, 100000);
    unsigned char *both = malloc(200000);
    jb__scratch_gather(a, mb, 100000, 2, both);
    CHECK(both[0] == 7 && both[99999] == 7 && both[100000] == 8 && both[199999] == 8);
    free(both);
    jb__scratch_release(a, mb);
    CHECK(c.calls > calls);

    /* Scratch memory survives reset: the same pushes again, no calls. */
    jb_arena_reset(a);
    calls = c.calls;
    jb_scratch_mark mr = jb__scratch_mark(a);
    CHECK(mr.seg == NULL);
    for (int i = 0; i < ND; i++) bad_push += jb__scratch_push(a, 8, 8) == NULL;
    CHECK_EQ_INT(bad_push, 0);
    CHECK(jb__scratch_push(a, 100000, 16) != NULL);
    CHECK(jb__scratch_push(a, 100000, 16) != NULL);
    CHECK_EQ_INT(c.calls, calls);
    jb__scratch_release(a, mr);
    /* Pushing zero bytes is harmless. */
    CHECK(jb__scratch_push(a, 0, 1) != NULL);
    jb_arena_free(a);
    CHECK_EQ_INT(c.live, 0);
    CHECK_EQ_INT(c.live_blocks, 0);
}

int main(void) {
    test_alignment_and_overlap();
    test_size_zero_and_args();
    test_chunk_growth();
    test_big_request();
    test_cap();
    test_cap_sweep();
    test_allocator_failure();
    test_reset_reuses();
    test_rollback();
    test_scratch_nested();
    test_scratch_boundaries();
    return check_report();
}
