/* SPDX-License-Identifier: MIT */
/*
 * version.c — what a consumer does first: ask the library it runs with for
 * its version and compare it with the header it was compiled against.
 * Prints jb_version(); exits 1 when MAJOR.MINOR differ.
 */
#include <jbind.h>
#include <stdio.h>

int main(void) {
    printf("%s\n", jb_version());
    if (jb_version_number() / 100 != JB_VERSION_NUMBER / 100) {
        fprintf(stderr, "compiled against jbind %s, running with %s\n", JB_VERSION_STRING,
                jb_version());
        return 1;
    }
    return 0;
}
