/* SPDX-License-Identifier: MIT */
/*
 * version.c — the library's own version, for programs that check at run
 * time which libjbind they were linked with (the header's JB_VERSION_*
 * macros say which one they were compiled against).
 */
#include "base.h"

const char *jb_version(void) { return JB_VERSION_STRING; }

uint32_t jb_version_number(void) { return JB_VERSION_NUMBER; }
