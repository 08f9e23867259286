/* SPDX-License-Identifier: MIT */
/*
 * stack.c — how deep re-entry into the engine may go on this thread's C
 * stack.
 *
 * The typed decoder and encoder keep their nesting in frames, not on the
 * C stack; they recurse only when user code or text inside the document
 * re-enters them (a custom codec's jb_read_value / jb_write_value, a
 * default value or JSON-text key decoded by a second reader). Each such
 * re-entry costs a few KB, which a main thread (8 MiB) never notices but a
 * small thread stack (64 KiB) can run out of. So re-entry compares the
 * address of a local variable with a floor: the bottom of this thread's
 * stack plus a margin for the failure path (message formatting). Passing
 * the floor is JB_E_DEPTH, never a crash.
 *
 * The floor is found once per thread (pthread_getattr_np, which every
 * Linux C library has: glibc, musl, bionic) and cached in a thread-local
 * variable. Where the bounds cannot be learned (other systems, or a build
 * with -DJB_NO_STACK_BOUNDS, which make test uses to run this path) it is
 * 0 and only the depth limit applies: that is enough for everything but
 * custom codecs that re-enter the engine on a small thread stack
 * (docs/portability.md). The same bounds tell the plan compiler when a
 * descriptor lives on the stack (jb__on_stack). Comparing addresses of
 * different objects through uintptr_t is implementation-defined; on the
 * flat address spaces of every platform jbind targets it means what it
 * says.
 */
#if defined(__linux__) && !defined(JB_NO_STACK_BOUNDS)
#define _GNU_SOURCE 1 /* pthread_getattr_np; NOLINT(bugprone-reserved-identifier,cert-dcl37-c,cert-dcl51-cpp): a feature-test macro */
#include <pthread.h>
#define JB_HAVE_GETATTR_NP 1
#endif
#include <stdint.h>

#include "base.h"

/* Bytes kept free below the floor for error reporting (vsnprintf, paths). */
#define JB_STACK_MARGIN (24u * 1024u)

static _Thread_local uintptr_t floor_cache;
static _Thread_local uintptr_t stack_lo, stack_hi; /* [lo, hi): this thread's stack, 0 = unknown */
static _Thread_local bool floor_known;

/* Learn this thread's stack bounds, once. */
static void learn(void) {
    uintptr_t fl = 0;
#ifdef JB_HAVE_GETATTR_NP
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
        void *addr = NULL;
        size_t size = 0;
        if (pthread_attr_getstack(&attr, &addr, &size) == 0 && addr && size > JB_STACK_MARGIN) {
            fl = (uintptr_t)addr + JB_STACK_MARGIN; /* stacks grow down on every target here */
            stack_lo = (uintptr_t)addr;
            stack_hi = (uintptr_t)addr + size;
        }
        pthread_attr_destroy(&attr);
    }
#endif
    floor_cache = fl;
    floor_known = true;
}

uintptr_t jb__stack_floor(void) {
    if (JB_UNLIKELY(!floor_known)) learn();
    return floor_cache;
}

/* Used when a plan compiles: a descriptor (or its cache slot) on this
 * thread's stack was defined at block scope and dies with its block. */
bool jb__on_stack(const void *p) {
    if (JB_UNLIKELY(!floor_known)) learn();
    uintptr_t a = (uintptr_t)p;
    return a >= stack_lo && a < stack_hi;
}
