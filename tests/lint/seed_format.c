/* SPDX-License-Identifier: MIT */
/* seeds: -Wformat-nonliteral */
#include <stdio.h>
int lint_seed(const char *fmt);
int lint_seed(const char *fmt) { return printf(fmt, 1); }
