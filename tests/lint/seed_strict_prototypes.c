/* SPDX-License-Identifier: MIT */
/* seeds: -Wstrict-prototypes */
int lint_seed_old();
int lint_seed(void);
int lint_seed(void) { return 0; }
