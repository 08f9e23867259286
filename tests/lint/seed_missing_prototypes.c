/* SPDX-License-Identifier: MIT */
/* seeds: -Wmissing-prototypes */
int lint_seed(int x) { return x; }
