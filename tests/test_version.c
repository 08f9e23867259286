/* SPDX-License-Identifier: MIT */
/*
 * test_version.c — the run-time version agrees with the header's macros
 * and with the version CMake's project() gives the build (JB_PROJECT_VERSION,
 * from tests/test_version.cmake): a bump that missed one of them fails here.
 */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"
#include "jbind.h"

int main(void) {
    char want[32];
    snprintf(want, sizeof want, "%d.%d.%d", JB_VERSION_MAJOR, JB_VERSION_MINOR, JB_VERSION_PATCH);
    CHECK_STR(JB_VERSION_STRING, want);
    CHECK_STR(jb_version(), JB_VERSION_STRING);
    CHECK_STR(jb_version(), JB_PROJECT_VERSION);
    CHECK_EQ_INT(jb_version_number(), JB_VERSION_NUMBER);
    CHECK_EQ_INT(jb_version_number(),
                 JB_VERSION_MAJOR * 10000 + JB_VERSION_MINOR * 100 + JB_VERSION_PATCH);
    /* the number orders versions: 0.2.0 < 0.2.1 < 0.10.0 < 1.0.0 */
    CHECK(JB_VERSION_NUMBER < 1 * 10000);
    CHECK(JB_VERSION_MINOR < 100 && JB_VERSION_PATCH < 100);
#if JB_VERSION_NUMBER < 200
#error "JB_VERSION_NUMBER is usable in #if and is at least 0.2.0"
#endif
    return check_report();
}
