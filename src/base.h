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

/* Is the stack at the caller below the floor? */
static inline bool jb__stack_low(uintptr_t floor) {
    char here;
    return (uintptr_t)&here < floor;
}

static inline size_t jb__align_up(size_t n, size_t a) { return (n + (a - 1)) & ~(a - 1); }

/* Unaligned loads without UB. */
static inline uint64_t jb__load64(const void *p) {
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
}
static inline uint32_t jb__load32(const void *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

#endif
