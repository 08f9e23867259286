/* SPDX-License-Identifier: MIT */
/* seeds: -Wconversion */
int lint_seed(long x);
int lint_seed(long x) { return x; }
