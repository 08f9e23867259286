/* SPDX-License-Identifier: MIT */
/* The control for test_lint_flags.sh: compiles with no warning under the
 * strict set, so that a seed failing means its warning fired, not that the
 * command line is broken. */
#include <stddef.h>

int lint_clean(int x);

int lint_clean(int x) {
    switch (x) {
    case 0: return 1;
    default: return x + 1;
    }
}
