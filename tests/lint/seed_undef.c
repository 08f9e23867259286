/* SPDX-License-Identifier: MIT */
/* seeds: -Wundef */
#if LINT_SEED_NOT_DEFINED
int lint_seed_never;
#endif
int lint_seed(void);
int lint_seed(void) { return 0; }
