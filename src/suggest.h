/* SPDX-License-Identifier: MIT */
/*
 * suggest.h — the nearest names of a plan to a name it does not have, for
 * "did you mean" in messages (suggest.c). Failure paths only; bounded.
 */
#ifndef JB_SUGGEST_H
#define JB_SUGGEST_H

#include "plan.h"

#define JB_SUGGEST_LEN 64       /* longer names are not compared */
#define JB_SUGGEST_NAMES 20000  /* names (and aliases) compared at most, in plan order */
#define JB_SUGGEST_SHOWN 3      /* names suggested at most (the equally nearest) */
#define JB_SUGGEST_MAX (16 + JB_SUGGEST_SHOWN * (JB_SUGGEST_LEN + 4)) /* the text's buffer */

/* The optimal string alignment distance between a[0..n) and b[0..m)
 * (insertions, deletions, substitutions and swaps of adjacent bytes),
 * or k + 1 when it is more than k or either is longer than
 * JB_SUGGEST_LEN. */
JB_HIDDEN size_t jb__edit_distance(const char *a, size_t n, const char *b, size_t m, size_t k);

/* The distance allowed between a name of n bytes and a suggestion: 1 up
 * to 5 bytes, 2 up to 9, then 3 (a typo or two, not another word). */
JB_HIDDEN size_t jb__suggest_allowed(size_t n);

/*
 * The JSON names of pl's entries nearest to s[0..n) (names and aliases
 * compared; at most 1 edit for a name of up to 5 bytes, 2 up to 9, else
 * 3), written into buf as `did you mean "name"?` (up to
 * JB_SUGGEST_SHOWN equally near: `"a", "b" or "c"`). Returns how many;
 * 0 and an empty buf when none is near enough or the text would not fit
 * cap.
 */
JB_HIDDEN size_t jb__suggest(const jb_plan *pl, const char *s, size_t n, char *buf, size_t cap);

#endif
