/*
 * arena.h — decode memory (see jb_arena in jbind.h) and the scratch stack
 * the decoder uses to collect array elements before copying them once.
 */
#ifndef JB_ARENA_H
#define JB_ARENA_H

#include "base.h"

/* A position in the arena to return to when a decode fails. */
typedef struct jb_arena_mark {
    void *chunk;   /* the current chunk at mark time (NULL: none yet) */
    char *pos;     /* bump pointer in it */
    size_t used;   /* jb_arena_used() at mark time */
} jb_arena_mark;

/* A position in the scratch stack. */
typedef struct jb_scratch_mark {
    void *seg;     /* segment at mark time (NULL: none yet) */
    size_t off;    /* its used bytes at mark time */
} jb_scratch_mark;

/* Allocate from the arena. NULL on failure; jb__arena_fail_code then says
 * whether the allocator failed (JB_E_NOMEM) or the cap was hit (JB_E_LIMIT).
 * align is a power of two <= 16. size 0 returns a valid unique pointer. */
JB_HIDDEN void *jb__arena_alloc(jb_arena *a, size_t size, size_t align);
JB_HIDDEN jb_status jb__arena_fail_code(const jb_arena *a);

JB_HIDDEN jb_arena_mark jb__arena_mark(jb_arena *a);
/* Forget everything allocated since m (memory is kept for reuse). */
JB_HIDDEN void jb__arena_rollback(jb_arena *a, jb_arena_mark m);

/*
 * The scratch stack: memory owned by the arena, kept across reset, made of
 * segments that never move (a pushed pointer stays valid until popped).
 * The decoder pushes the elements of an array of unknown length one by one
 * (nested arrays push above and pop back before the next element), then
 * gathers them into one arena block.
 */
JB_HIDDEN jb_scratch_mark jb__scratch_mark(jb_arena *a);
/* size bytes aligned to align (<= 16), NOT zeroed; NULL on failure (fail code as above). */
JB_HIDDEN void *jb__scratch_push(jb_arena *a, size_t size, size_t align);
/* Copy the count elements of elem_size bytes (all pushed with the same
 * size and alignment) pushed since m, in order, to dst. */
JB_HIDDEN void jb__scratch_gather(jb_arena *a, jb_scratch_mark m, size_t elem_size,
                                  size_t count, void *dst);
/* Pop back to m. */
JB_HIDDEN void jb__scratch_release(jb_arena *a, jb_scratch_mark m);

#endif
