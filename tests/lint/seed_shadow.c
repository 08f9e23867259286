/* SPDX-License-Identifier: MIT */
/* seeds: -Wshadow */
int lint_seed(int x);
int lint_seed(int x) {
    int y = x;
    { int x = y + 1; y = x; }
    return y;
}
