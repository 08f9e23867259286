/* SPDX-License-Identifier: MIT */
/*
 * kernel_env.c — linked into every test program (not a test itself).
 *
 * ctest runs the string-related test programs once per string kernel
 * with JB_KERNEL=name (tests/CMakeLists.txt), which the library honours
 * when it picks its kernel (src/kernel.c). A kernel that is not compiled
 * in or that this CPU lacks would silently be replaced by the best one,
 * so this constructor exits with 77, which ctest counts as "skipped",
 * after saying why. With JB_KERNEL unset it does nothing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kernel.h"

#if defined(__GNUC__)
__attribute__((constructor)) static void jb_test_kernel_from_env(void) {
    const char *want = getenv("JB_KERNEL");
    if (!want || !*want) return;
    if (!jb__kernel_find(want)) {
        printf("JB_KERNEL=%s: that kernel is not compiled in or this CPU lacks it: skipped\n",
               want);
        exit(77);
    }
}
#endif

typedef int jb_test_kernel_env_unit; /* ISO C: a translation unit is never empty */
