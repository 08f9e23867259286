/* SPDX-License-Identifier: MIT */
/* seeds: -Wimplicit-fallthrough */
int lint_seed(int x);
int lint_seed(int x) {
    int y = 0;
    switch (x) {
    case 0: y = 1;
    case 1: y += 2; break;
    default: break;
    }
    return y;
}
