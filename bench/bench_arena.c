/* SPDX-License-Identifier: MIT */
/*
 * bench_arena.c — the bump arena the peers decode into (harness.h), shared
 * by the bench programs (jbench, stream_bench).
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"

void *ba_alloc_slow(bench_arena *a, size_t n) {
    /* move to the next kept chunk that fits, else add one */
    ba_chunk *c = a->cur ? a->cur->next : a->head;
    while (c && c->cap < n) c = c->next;
    if (!c) {
        size_t cap = n > (1u << 20) ? n : (1u << 20);
        c = (ba_chunk *)malloc(sizeof *c);
        c->data = (char *)malloc(cap);
        c->cap = cap;
        c->next = NULL;
        if (!a->head)
            a->head = c;
        else {
            ba_chunk *t = a->head;
            while (t->next) t = t->next;
            t->next = c;
        }
    }
    a->cur = c;
    a->p = c->data + n;
    a->end = c->data + c->cap;
    return c->data;
}
void ba_reset(bench_arena *a) {
    a->cur = NULL;
    a->p = a->end = NULL;
}
void ba_free(bench_arena *a) {
    for (ba_chunk *c = a->head, *n; c; c = n) {
        n = c->next;
        free(c->data);
        free(c);
    }
    memset(a, 0, sizeof *a);
}
