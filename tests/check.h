/* SPDX-License-Identifier: MIT */
/*
 * check.h — the tiny assertion layer every tests/test_*.c uses.
 * A test program runs its checks, prints "N passed, M failed" and exits
 * non-zero when anything failed. Each failure names file and line (for
 * table-driven tests pass the table row's __LINE__ through CHECK_AT).
 */
#ifndef JB_CHECK_H
#define JB_CHECK_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int check_passed_, check_failed_;

#define CHECK_AT(line, cond, ...)                                                   \
    do {                                                                            \
        if (cond) {                                                                 \
            check_passed_++;                                                        \
        } else {                                                                    \
            check_failed_++;                                                        \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, (int)(line), #cond); \
            fprintf(stderr, __VA_ARGS__);                                           \
            fputc('\n', stderr);                                                    \
        }                                                                           \
    } while (0)

#define CHECK(cond) CHECK_AT(__LINE__, cond, "%s", "")
#define CHECKF(cond, ...) CHECK_AT(__LINE__, cond, __VA_ARGS__)

/* Compare two byte strings, printing both on mismatch. */
#define CHECK_MEM_AT(line, got, gotlen, want, wantlen)                              \
    CHECK_AT(line, (gotlen) == (wantlen) && memcmp((got), (want), (wantlen)) == 0,  \
             "got [%.*s] (%zu bytes), want [%.*s] (%zu bytes)", (int)(gotlen),     \
             (const char *)(got), (size_t)(gotlen), (int)(wantlen),                 \
             (const char *)(want), (size_t)(wantlen))
#define CHECK_STR(got, want) \
    CHECK_MEM_AT(__LINE__, (got), strlen(got), (want), strlen(want))
#define CHECK_EQ_INT(got, want)                                                     \
    CHECK_AT(__LINE__, (intmax_t)(got) == (intmax_t)(want), "got %jd, want %jd",   \
             (intmax_t)(got), (intmax_t)(want))

/* Print the summary line ctest logs show and return the exit status. */
static inline int check_report(void) {
    printf("%d passed, %d failed\n", check_passed_, check_failed_);
    return check_failed_ ? 1 : 0;
}

#endif
