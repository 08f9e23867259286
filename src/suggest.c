/* SPDX-License-Identifier: MIT */
/*
 * suggest.c — "did you mean": the names of a plan nearest to a name that
 * is not one of them (an unknown field under deny-unknown, an unknown
 * enum or sum case, a key that is probably a misspelt missing field).
 * Only failure paths call into here.
 *
 * The distance is the optimal string alignment distance (Levenshtein
 * plus the swap of two adjacent bytes, so "nmae" is 1 from "name"), on
 * bytes. The work is bounded whatever the plan: names longer than
 * JB_SUGGEST_LEN bytes are not compared, at most JB_SUGGEST_NAMES names
 * are, a name whose length differs by more than the allowed distance is
 * passed over without a table, and a table row whose every cell is past
 * the bound stops that comparison.
 */
#include <stdio.h>

#include "suggest.h"

size_t jb__suggest_allowed(size_t n) { return n < 6 ? 1 : n < 10 ? 2 : 3; }

size_t jb__edit_distance(const char *a, size_t n, const char *b, size_t m, size_t k) {
    /* three rows of the table: i-2, i-1, i (swaps look two rows back) */
    size_t rows[3][JB_SUGGEST_LEN + 1];
    size_t *pp = rows[0], *prev = rows[1], *cur = rows[2];
    if (n > JB_SUGGEST_LEN || m > JB_SUGGEST_LEN) return k + 1;
    if ((n > m ? n - m : m - n) > k) return k + 1;
    for (size_t j = 0; j <= m; j++) prev[j] = j;
    for (size_t i = 1; i <= n; i++) {
        size_t low;
        cur[0] = low = i;
        for (size_t j = 1; j <= m; j++) {
            size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
            size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
            size_t d = sub < del ? sub : del;
            if (ins < d) d = ins;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && pp[j - 2] + 1 < d)
                d = pp[j - 2] + 1;
            cur[j] = d;
            if (d < low) low = d;
        }
        if (low > k) return k + 1; /* every path is already past the bound */
        size_t *t = pp;
        pp = prev;
        prev = cur;
        cur = t;
    }
    return prev[m] <= k ? prev[m] : k + 1;
}

size_t jb__suggest(const jb_plan *pl, const char *s, size_t n, char *buf, size_t cap) {
    size_t k = jb__suggest_allowed(n), best = k + 1, found[JB_SUGGEST_SHOWN], nfound = 0;
    const jb_names *names = &pl->names;
    size_t limit = names->nkeys < JB_SUGGEST_NAMES ? names->nkeys : JB_SUGGEST_NAMES;
    if (cap) buf[0] = '\0';
    if (n == 0 || n > JB_SUGGEST_LEN || cap == 0) return 0;
    /* every name and alias; an entry is suggested by its JSON name, once */
    for (size_t i = 0; i < limit; i++) {
        const jb_pname *key = &names->keys[i];
        size_t d = jb__edit_distance(s, n, key->name, key->len, best <= k ? best : k);
        bool seen = false;
        if (d > k || d > best || d == 0) continue;
        if (d < best) {
            best = d;
            nfound = 0;
        }
        for (size_t j = 0; j < nfound; j++) seen |= found[j] == key->entry;
        if (!seen && nfound < JB_SUGGEST_SHOWN) found[nfound++] = key->entry;
    }
    /* "did you mean "a"?", "... "a" or "b"?", "... "a", "b" or "c"?" */
    size_t len = 0;
    for (size_t j = 0; j < nfound; j++) {
        /* cppcheck-suppress uninitvar ; found[0..nfound) is set in the loop above */
        const jb_pentry *e = &pl->e[found[j]];
        const char *sep = j == 0 ? "did you mean " : j + 1 == nfound ? " or " : ", ";
        int w = snprintf(buf + len, cap - len, "%s\"%.*s\"%s", sep, (int)e->name_len, e->name,
                         j + 1 == nfound ? "?" : "");
        if (w < 0 || (size_t)w >= cap - len) { /* does not fit: say nothing */
            buf[0] = '\0';
            return 0;
        }
        len += (size_t)w;
    }
    return nfound;
}
