/* SPDX-License-Identifier: MIT */
/*
 * small_stack.h — the thread stack the deep-input tests run on: 64 KiB, or
 * the system's minimum where that is larger (128 KiB on ARM64 Linux, whose
 * glibc allows for 64 KiB pages: pthread_attr_setstacksize refuses less).
 */
#ifndef JB_SMALL_STACK_H
#define JB_SMALL_STACK_H

#include <stddef.h>
#include <unistd.h>

static inline size_t small_stack(void) {
    long min = sysconf(_SC_THREAD_STACK_MIN);
    return min > (64L << 10) ? (size_t)min : (size_t)64 << 10;
}

#endif
