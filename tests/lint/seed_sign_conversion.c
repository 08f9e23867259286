/* SPDX-License-Identifier: MIT */
/* seeds: -Wsign-conversion */
unsigned lint_seed(int x);
unsigned lint_seed(int x) { unsigned u = 0; u += x; return u; }
