/* SPDX-License-Identifier: MIT */
/*
 * locale_env.c — linked into every test program (not a test itself).
 *
 * A C program starts in the "C" locale whatever the environment says; a
 * real application calls setlocale(LC_ALL, "") and then strtod/printf use
 * the user's decimal separator. jbind must not care. This constructor makes
 * each test behave like such an application, so that
 *     LC_ALL=de_DE.UTF-8 JB_TEST_DECIMAL_POINT=, ctest ...
 * runs the whole suite under a decimal-comma locale. JB_TEST_DECIMAL_POINT
 * (optional) guards against a locale that silently failed to load.
 */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
__attribute__((constructor)) static void jb_test_locale_from_env(void) {
    const char *want = getenv("JB_TEST_DECIMAL_POINT");
    const char *got;
    if (setlocale(LC_ALL, "") == NULL && want != NULL) {
        fprintf(stderr, "locale_env: setlocale(LC_ALL, \"\") failed (is the locale generated?)\n");
        exit(2);
    }
    got = localeconv()->decimal_point;
    if (want != NULL && strcmp(got, want) != 0) {
        fprintf(stderr, "locale_env: decimal point is \"%s\", JB_TEST_DECIMAL_POINT wants \"%s\"\n",
                got, want);
        exit(2);
    }
}
#endif

typedef int jb_test_locale_env_unit; /* ISO C: a translation unit is never empty */
