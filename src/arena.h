/* SPDX-License-Identifier: MIT */
/*
 * arena.h — decode memory (see jb_arena in jbind.h) and the scratch stack
 * the decoder uses to collect array elements before copying them once.
 *
 * The arena struct is defined here (not only in arena.c) so that the two
 * hot paths, jb__arena_alloc and jb__scratch_push, are inline pointer
 * bumps. Only arena.c writes its fields.
 */
#ifndef JB_ARENA_H
#define JB_ARENA_H

#include "base.h"

/* A position in the arena to return to when a decode fails. */
typedef struct jb_arena_mark {
    void *chunk; /* the current chunk at mark time (NULL: none yet) */
    char *pos;   /* bump pointer in it */
    size_t used; /* jb_arena_used() at mark time */
} jb_arena_mark;

/* A position in the scratch stack. */
typedef struct jb_scratch_mark {
    void *seg;  /* segment at mark time (NULL: none yet) */
    size_t off; /* its used bytes at mark time */
} jb_scratch_mark;

/* A block taken from the allocator: an arena chunk or a scratch segment.
 * data and end are 16-aligned, so any allocation of align <= 16 that fits
 * in end - data bytes fits at data. */
typedef struct jb_block {
    struct jb_block *next; /* list order = order of use (see arena.c) */
    size_t size;           /* bytes taken from the allocator */
    char *data;            /* first usable byte */
    char *end;             /* one past the last usable byte */
    size_t used;           /* scratch segments: bytes in use when it was left */
} jb_block;

struct jb_arena {
    /* hot: the bump regions. Invariant: pos <= end, end 16-aligned (with no
     * current block both point at a 16-aligned empty sentinel). */
    char *pos, *end;   /* current chunk */
    size_t used;       /* bytes handed out since creation / reset */
    char *spos, *send; /* current scratch segment */
    jb_block *scur;    /* current scratch segment (NULL: none) */
    /* cold */
    jb_block *cur;     /* current chunk (NULL: none) */
    jb_block *head;    /* all chunks; those after cur are free */
    jb_block *shead;   /* all scratch segments; those after scur are free */
    size_t reserved;   /* bytes held from the allocator in blocks */
    size_t cap;        /* most bytes reserved may reach (0: none) */
    size_t next_chunk; /* size of the next regular chunk */
    size_t next_seg;   /* size of the next regular scratch segment */
    jb_allocator alloc;
    jb_status fail; /* why the last allocation failed */
};

/* Allocate from the arena. NULL on failure; jb__arena_fail_code then says
 * whether the allocator failed (JB_E_NOMEM) or the cap was hit (JB_E_LIMIT).
 * align is a power of two <= 16. size 0 returns a valid unique pointer. */
JB_HIDDEN void *jb__arena_alloc_slow(jb_arena *a, size_t size, size_t align);
static inline void *jb__arena_alloc(jb_arena *a, size_t size, size_t align) {
    /* (0 - pos) mod align = bytes to the next multiple of align. pos + pad
     * stays <= end because end is 16-aligned and align <= 16. */
    size_t pad = (size_t)((0 - (uintptr_t)a->pos) & (uintptr_t)(align - 1));
    char *p = a->pos + pad;
    /* 1 <= size <= room; size 0 wraps to SIZE_MAX and takes the slow path. */
    if (JB_LIKELY(size - 1 < (size_t)(a->end - p))) {
        a->pos = p + size;
        a->used += size;
        return p;
    }
    return jb__arena_alloc_slow(a, size, align);
}
JB_HIDDEN jb_status jb__arena_fail_code(const jb_arena *a);
/* A NUL-terminated copy of s[0..n) in the arena (the DOM's strings and
 * number texts); NULL when the arena cannot grow. */
JB_HIDDEN char *jb__arena_strdup(jb_arena *a, const char *s, size_t n);

static inline jb_arena_mark jb__arena_mark(jb_arena *a) {
    jb_arena_mark m = {a->cur, a->pos, a->used};
    return m;
}
/* Forget everything allocated since m (memory is kept for reuse). m must
 * have been taken since the last reset. */
JB_HIDDEN void jb__arena_rollback(jb_arena *a, jb_arena_mark m);

/*
 * The scratch stack: memory owned by the arena, kept across reset, made of
 * segments that never move (a pushed pointer stays valid until popped).
 * The decoder pushes the elements of an array of unknown length one by one
 * (nested arrays push above and pop back before the next element), then
 * gathers them into one arena block. Scratch segments count toward the cap.
 */
static inline jb_scratch_mark jb__scratch_mark(jb_arena *a) {
    jb_scratch_mark m = {a->scur, a->scur ? (size_t)(a->spos - a->scur->data) : 0};
    return m;
}

/* Where an element of `size` bytes is placed: at a multiple of the largest
 * power of two dividing size, at most 16. A C object's size is a multiple
 * of its alignment, so this is at least that alignment; and gather can
 * recompute it from the element size alone, so the elements of one array
 * are contiguous within a segment. */
static inline size_t jb__scratch_align(size_t size) {
    size_t low = size & (0 - size); /* lowest set bit of size */
    return low == 0 || low > 16 ? 16 : low;
}

/* size bytes, NOT zeroed; NULL on failure (fail code as above). The
 * pointer is aligned to jb__scratch_align(size), which is >= align when
 * size is a multiple of align (as for every C object, align <= 16). A
 * larger align is not honoured: that would break the contiguity gather
 * relies on (and such a size/align pair describes no C object). */
JB_HIDDEN void *jb__scratch_push_slow(jb_arena *a, size_t size);
static inline void *jb__scratch_push(jb_arena *a, size_t size, size_t align) {
    size_t al = jb__scratch_align(size);
    size_t pad = (size_t)((0 - (uintptr_t)a->spos) & (uintptr_t)(al - 1));
    char *p = a->spos + pad; /* <= send: send is 16-aligned */
    (void)align;
    if (JB_LIKELY(size - 1 < (size_t)(a->send - p))) {
        a->spos = p + size;
        return p;
    }
    return jb__scratch_push_slow(a, size);
}

/* Copy the count elements of elem_size bytes (all pushed with the same
 * size and alignment) pushed since m, in order, to dst. */
JB_HIDDEN void jb__scratch_gather(jb_arena *a, jb_scratch_mark m, size_t elem_size, size_t count,
                                  void *dst);
/* Pop back to m. */
JB_HIDDEN void jb__scratch_release(jb_arena *a, jb_scratch_mark m);
/* With no segment current (after a reset) but segments kept, make the
 * first one current, empty: the same state as after a push of nothing
 * into it. Containers marked and popped at the top of a document then
 * stay in that segment, where a mark of "no segment" sent each one's
 * first push to jb__scratch_push_slow (a search of the segment list) and
 * its pop back to no segment. A later release to a mark taken before
 * this undoes it. */
static inline void jb__scratch_enter(jb_arena *a) {
    if (!a->scur && a->shead) {
        a->scur = a->shead;
        a->scur->used = 0;
        a->spos = a->scur->data;
        a->send = a->scur->end;
    }
}
/* The same, inline when m lies in the current segment (the common case:
 * a decoder frame popped right after its children). */
static inline void jb__scratch_pop(jb_arena *a, jb_scratch_mark m) {
    if (JB_LIKELY(m.seg != NULL && m.seg == a->scur)) a->spos = a->scur->data + m.off;
    else jb__scratch_release(a, m);
}

#endif
