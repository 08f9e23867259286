/* SPDX-License-Identifier: MIT */
/*
 * base.h — internal basics shared by every source file: branch hints,
 * visibility, checked size arithmetic. Not installed.
 */
#ifndef JB_BASE_H
#define JB_BASE_H

#include "jbind.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* JB_NO_BUILTINS (a test knob: make test's portable amalgamation run sets
 * it) makes the helpers below take their portable C paths even under GCC
 * and Clang, so that the code other compilers get is built and run here
 * too. */
#if defined(__GNUC__) && !defined(JB_NO_BUILTINS)
#define JB_GNUC 1
#endif

#if defined(__GNUC__)
#define JB_LIKELY(x) __builtin_expect(!!(x), 1)
#define JB_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define JB_HIDDEN __attribute__((visibility("hidden")))
#define JB_INLINE static inline __attribute__((always_inline))
#define JB_NOINLINE __attribute__((noinline))
#else
#define JB_LIKELY(x) (x)
#define JB_UNLIKELY(x) (x)
#define JB_HIDDEN
#define JB_INLINE static inline
#define JB_NOINLINE
#endif

/* Internal cross-file functions are named jb__* and declared JB_HIDDEN so
 * that the shared library exports only the public jb_* API. */

/* A case that goes on into the next one on purpose. GCC also takes a
 * comment for -Wimplicit-fallthrough; Clang only takes the attribute. */
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 7)
#define JB_FALLTHROUGH __attribute__((fallthrough))
#else
#define JB_FALLTHROUGH ((void)0)
#endif

/* The one way const is dropped (-Wcast-qual holds the rest of src/ to
 * it): memory the library owns or publishes but holds through a const
 * pointer, such as a plan's renamed names (freed with the plan), a
 * string the decoder copied into the arena for a char * member, or a
 * const object stored in an atomic void * slot. */
static inline void *jb__unconst(const void *p) { return (void *)(uintptr_t)p; }

/* a + b, false on overflow. */
static inline bool jb__add_ok(size_t a, size_t b, size_t *out) {
    if (b > SIZE_MAX - a) return false;
    *out = a + b;
    return true;
}

/* a * b, false on overflow. */
static inline bool jb__mul_ok(size_t a, size_t b, size_t *out) {
    if (a != 0 && b > SIZE_MAX / a) return false;
    *out = a * b;
    return true;
}

/* stack.c: the lowest address this thread's engine recursion may reach
 * (0: unknown, no check). */
JB_HIDDEN uintptr_t jb__stack_floor(void);
/* stack.c: does p point into this thread's stack? (false when unknown) */
JB_HIDDEN bool jb__on_stack(const void *p);

/* Is the stack at the caller below the floor? */
static inline bool jb__stack_low(uintptr_t floor) {
    char here;
    return (uintptr_t)&here < floor;
}

/* Trailing zero bits of v != 0. */
static inline unsigned jb__ctz64(uint64_t v) {
#if defined(JB_GNUC)
    return (unsigned)__builtin_ctzll(v);
#else
    unsigned n = 0;
    while (!(v & 1)) {
        v >>= 1;
        n++;
    }
    return n;
#endif
}

/*
 * Publishing a pointer between threads (the plan caches, plan.h): an
 * acquire load and a compare-and-swap that is acq_rel on success. GCC and
 * Clang have builtins; elsewhere C11 <stdatomic.h> on an object that is
 * accessed as an atomic pointer, which is sound where pointers are
 * lock-free (the atomic then has the plain pointer's representation), or
 * MSVC's interlocked intrinsics. JB_NO_THREADS builds without any of them,
 * for single-threaded programs on a compiler that has none (docs/portability.md).
 */
#if defined(JB_NO_THREADS)
static inline void *jb__atomic_load_ptr(void *volatile *p) { return *p; }
static inline bool jb__atomic_cas_ptr(void *volatile *p, void **expected, void *desired) {
    if (*p != *expected) {
        *expected = *p;
        return false;
    }
    *p = desired;
    return true;
}
#elif defined(JB_GNUC)
static inline void *jb__atomic_load_ptr(void *volatile *p) {
    return __atomic_load_n(p, __ATOMIC_ACQUIRE);
}
static inline bool jb__atomic_cas_ptr(void *volatile *p, void **expected, void *desired) {
    return __atomic_compare_exchange_n(p, expected, desired, false, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
}
#elif defined(_MSC_VER)
#include <intrin.h>
static inline void *jb__atomic_load_ptr(void *volatile *p) {
    /* a CAS that never changes anything, for its full barrier */
    return _InterlockedCompareExchangePointer(p, NULL, NULL);
}
static inline bool jb__atomic_cas_ptr(void *volatile *p, void **expected, void *desired) {
    void *old = _InterlockedCompareExchangePointer(p, desired, *expected);
    if (old == *expected) return true;
    *expected = old;
    return false;
}
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
#if ATOMIC_POINTER_LOCK_FREE != 2
#error "jbind: pointers are not always lock-free here; define JB_NO_THREADS for single-threaded use"
#endif
static inline void *jb__atomic_load_ptr(void *volatile *p) {
    return atomic_load_explicit((_Atomic(void *) volatile *)p, memory_order_acquire);
}
static inline bool jb__atomic_cas_ptr(void *volatile *p, void **expected, void *desired) {
    return atomic_compare_exchange_strong_explicit((_Atomic(void *) volatile *)p, expected,
                                                   desired, memory_order_acq_rel,
                                                   memory_order_acquire);
}
#else
#error "jbind needs C11 atomics, GCC/Clang builtins or MSVC intrinsics; define JB_NO_THREADS for single-threaded use"
#endif

static inline size_t jb__align_up(size_t n, size_t a) { return (n + (a - 1)) & ~(a - 1); }

/* Unaligned loads without UB. */
static inline uint64_t jb__load64(const void *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
/* 8 bytes, and the first n < 8 bytes, read as a little-endian number on
 * any host: for hashes whose values must not depend on the byte order
 * (the name hash: tests craft keys that collide under it). On a
 * big-endian host compilers turn the byte loop into a load and a swap. */
static inline uint64_t jb__load64_le(const void *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return jb__load64(p);
#else
    const unsigned char *b = (const unsigned char *)p;
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | b[i];
    return v;
#endif
}
static inline uint64_t jb__load_tail_le(const void *p, size_t n) {
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(&v, p, n);
#else
    const unsigned char *b = (const unsigned char *)p;
    while (n--) v = v << 8 | b[n];
#endif
    return v;
}
/* Stores v as 8 little-endian bytes (its low byte first) on any host. */
static inline void jb__store64_le(void *p, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8);
#else
    unsigned char *b = (unsigned char *)p;
    for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
#endif
}
static inline uint32_t jb__load32(const void *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

#endif
