/* SPDX-License-Identifier: MIT */
/* seeds: -Wvla */
int lint_seed(int n);
int lint_seed(int n) { int a[n]; a[0] = n; return a[0]; }
