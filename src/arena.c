/* SPDX-License-Identifier: MIT */
/*
 * arena.c — decode memory: bump allocation in chunks, an optional cap, one
 * free; and the scratch stack the decoder collects array elements in.
 *
 * Chunks. The first regular chunk is 4 KiB; each new regular chunk doubles
 * the size, up to 1 MiB. A request that does not fit a regular chunk gets a
 * chunk of its own, sized exactly. All chunks stay on one list in the order
 * they were last used: the chunks up to `cur` hold live allocations, those
 * after it are free. When the current chunk is full the smallest free chunk
 * large enough is moved to just after `cur` and becomes current; only when
 * none fits is a new one taken from the allocator (and inserted there).
 * Because of that order, reset (cur = none) and rollback (cur = the mark's
 * chunk) free memory by moving one pointer, and keep every chunk: a decode
 * into a reset, warm arena allocates nothing.
 *
 * Scratch segments live on a second list managed the same way (same sizes,
 * same "move the best fit to just after the current one"). A
 * segment's `used` is written when the stack leaves it for the next one and
 * restored by release; entering a segment starts it empty.
 *
 * The cap bounds `reserved`: the bytes of chunks and segments together
 * (the arena header itself, allocated once, is not counted). Near the cap
 * a regular block shrinks to half of what is left (or to what the request
 * needs), so both lists keep finding room; a request that does not fit
 * what is left fails with JB_E_LIMIT.
 */
#include <stdlib.h>

#include "arena.h"

#define FIRST_BLOCK ((size_t)4096)
#define MAX_BLOCK ((size_t)1 << 20)
/* Header plus the worst-case loss to 16-aligning data (15) and end (15). */
#define BLOCK_OVERHEAD (sizeof(jb_block) + 32)

/* The empty bump region of an arena with no current chunk or segment:
 * 16-aligned, so that the inline fast paths compute pad 0 and room 0. It is
 * never written (every allocation from it takes the slow path). */
static _Alignas(16) char empty_region[16];

static void *default_realloc(void *ctx, void *ptr, size_t old_size, size_t new_size) {
    (void)ctx;
    (void)old_size;
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, new_size);
}

static inline bool is_pow2_le16(size_t align) {
    return align && align <= 16 && !(align & (align - 1));
}

/* ------------------------------------------------------------------ */
/* Blocks                                                              */
/* ------------------------------------------------------------------ */

/*
 * Take a block with at least `need` usable bytes from the allocator, its
 * size following *next (the doubling policy), within the cap. NULL on
 * failure with a->fail set.
 */
static jb_block *block_new(jb_arena *a, size_t need, size_t *next) {
    size_t size, room;
    bool regular;
    jb_block *b;
    if (!jb__add_ok(need, BLOCK_OVERHEAD, &need)) goto too_big;
    regular = need <= *next;
    size = regular ? *next : need;
    if (a->cap) {
        /* Near the cap a regular block takes at most half of what is left
         * (or just what the request needs), so that chunks and scratch
         * segments both still find room under a small cap. */
        room = a->cap > a->reserved ? a->cap - a->reserved : 0;
        if (need > room) goto too_big;
        if (regular && size > room / 2) {
            size = (room / 2) & ~(size_t)15;
            if (size < need) size = need;
        }
    }
    b = a->alloc.fn(a->alloc.ctx, NULL, 0, size);
    if (!b) {
        a->fail = JB_E_NOMEM;
        return NULL;
    }
    if (regular && *next < MAX_BLOCK) *next *= 2;
    a->reserved += size;
    b->next = NULL;
    b->size = size;
    /* 16-align both ends: data up, end down (see BLOCK_OVERHEAD). */
    b->data = (char *)(b + 1);
    b->data += (size_t)((0 - (uintptr_t)b->data) & 15);
    b->end = (char *)b + size;
    b->end -= (size_t)((uintptr_t)b->end & 15);
    b->used = 0;
    return b;

too_big:
    a->fail = a->cap ? JB_E_LIMIT : JB_E_NOMEM;
    return NULL;
}

/*
 * Make the block after *link (the first free one) have room for `need`
 * bytes: move there the smallest free block that fits (the first of equal
 * size), or insert a new one. Returns it, or NULL with a->fail set.
 *
 * Best fit keeps small requests out of big blocks that a big request will
 * want again. It also makes a repeat of the same allocations after a reset
 * take the same blocks in the same order (the list is in order of last
 * use, and no block made later is both smaller and large enough), so a
 * warm decode of the same document allocates nothing.
 */
static jb_block *block_next(jb_arena *a, jb_block **link, size_t need, size_t *next) {
    jb_block **best = NULL, **pp, *b;
    for (pp = link; (b = *pp) != NULL; pp = &b->next)
        if ((size_t)(b->end - b->data) >= need && (!best || b->size < (*best)->size)) best = pp;
    if (best) {
        b = *best;
        *best = b->next; /* unlink, then relink at *link */
    } else if (!(b = block_new(a, need, next))) {
        return NULL;
    }
    b->next = *link;
    *link = b;
    return b;
}

static void blocks_free(jb_arena *a, jb_block *b) {
    while (b) {
        jb_block *n = b->next;
        a->alloc.fn(a->alloc.ctx, b, b->size, 0);
        b = n;
    }
}

/* ------------------------------------------------------------------ */
/* Public arena API                                                    */
/* ------------------------------------------------------------------ */

jb_arena *jb_arena_new(void) { return jb_arena_new_with(NULL, 0); }

jb_arena *jb_arena_new_with(const jb_allocator *alloc, size_t cap) {
    jb_allocator al = {default_realloc, NULL};
    if (alloc && alloc->fn) al = *alloc;
    jb_arena *a = al.fn(al.ctx, NULL, 0, sizeof *a);
    if (!a) return NULL;
    memset(a, 0, sizeof *a);
    a->pos = a->end = a->spos = a->send = empty_region;
    a->cap = cap;
    a->next_chunk = a->next_seg = FIRST_BLOCK;
    a->alloc = al;
    a->fail = JB_E_NOMEM;
    return a;
}

void jb_arena_reset(jb_arena *a) {
    if (!a) return;
    /* The first chunk kept as the current one, empty: a reused arena's
     * first allocation is then the inline bump, not the slow path's walk
     * of the list (a small document's decode allocates a few times). */
    a->cur = a->head;
    if (a->head) {
        a->pos = a->head->data;
        a->end = a->head->end;
    } else {
        a->pos = a->end = empty_region;
    }
    a->used = 0;
    a->scur = NULL;
    a->spos = a->send = empty_region;
}

void jb_arena_free(jb_arena *a) {
    if (!a) return;
    blocks_free(a, a->head);
    blocks_free(a, a->shead);
    a->alloc.fn(a->alloc.ctx, a, sizeof *a, 0);
}

size_t jb_arena_used(const jb_arena *a) { return a ? a->used : 0; }

size_t jb_arena_reserved(const jb_arena *a) { return a ? a->reserved : 0; }

void *jb_arena_alloc(jb_arena *a, size_t size, size_t align) {
    if (!a) return NULL;
    if (align == 0) align = 1;
    if (!is_pow2_le16(align)) {
        a->fail = JB_E_ARG;
        return NULL;
    }
    return jb__arena_alloc(a, size, align);
}

/* ------------------------------------------------------------------ */
/* Internal arena API                                                  */
/* ------------------------------------------------------------------ */

/* The current chunk cannot take size bytes (or size is 0, or there is no
 * chunk yet): move on to the next chunk that can. */
void *jb__arena_alloc_slow(jb_arena *a, size_t size, size_t align) {
    /* Size 0: one byte, so that the pointer is unique (back through the
     * fast path, which may still have room). */
    if (size == 0) return jb__arena_alloc(a, 1, align);
    /* Every chunk's data is 16-aligned and align <= 16: offset 0 suits. */
    jb_block *b = block_next(a, a->cur ? &a->cur->next : &a->head, size, &a->next_chunk);
    if (!b) return NULL;
    a->cur = b;
    a->end = b->end;
    a->pos = b->data + size;
    a->used += size;
    return b->data;
}

jb_status jb__arena_fail_code(const jb_arena *a) { return a ? a->fail : JB_E_NOMEM; }

void jb__arena_rollback(jb_arena *a, jb_arena_mark m) {
    /* Every chunk used since m lies after m.chunk on the list (chunks are
     * only ever inserted after the current one), so this frees them all. */
    a->cur = m.chunk;
    if (a->cur) {
        a->pos = m.pos;
        a->end = a->cur->end;
    } else {
        a->pos = a->end = empty_region;
    }
    a->used = m.used;
}

/* ------------------------------------------------------------------ */
/* Scratch stack                                                       */
/* ------------------------------------------------------------------ */

void *jb__scratch_push_slow(jb_arena *a, size_t size) {
    /* Nothing to store: any non-NULL pointer will do. */
    if (size == 0) return a->spos;
    /* Leave the current segment (recording how much of it is in use) for
     * the next one, which starts empty. Segment data is 16-aligned, so
     * offset 0 suits any alignment. */
    if (a->scur) a->scur->used = (size_t)(a->spos - a->scur->data);
    jb_block *s = block_next(a, a->scur ? &a->scur->next : &a->shead, size, &a->next_seg);
    if (!s) return NULL;
    a->scur = s;
    s->used = 0;
    a->send = s->end;
    a->spos = s->data + size;
    return s->data;
}

void jb__scratch_gather(jb_arena *a, jb_scratch_mark m, size_t elem_size, size_t count, void *dst) {
    /* Within each segment the elements are contiguous (elem_size is a
     * multiple of their alignment) from the first one placed there: in the
     * mark's segment at the mark's offset rounded up to the alignment push
     * used, in every later segment at offset 0. Each segment holds them up
     * to its used bytes (the live position for the current one): nested
     * arrays pushed above were released back before the next element. */
    jb_block *s = m.seg ? (jb_block *)m.seg : a->shead;
    size_t off = m.seg ? m.off : 0;
    size_t al = jb__scratch_align(elem_size);
    char *out = dst;
    if (elem_size == 0) return;
    while (count && s) {
        size_t used = s == a->scur ? (size_t)(a->spos - s->data) : s->used;
        size_t start = jb__align_up(off, al);
        if (start < used) {
            size_t k = (used - start) / elem_size;
            if (k > count) k = count;
            memcpy(out, s->data + start, k * elem_size);
            out += k * elem_size;
            count -= k;
        }
        if (s == a->scur) break;
        s = s->next;
        off = 0;
    }
}

void jb__scratch_release(jb_arena *a, jb_scratch_mark m) {
    a->scur = m.seg;
    if (a->scur) {
        a->spos = a->scur->data + m.off;
        a->send = a->scur->end;
    } else {
        a->spos = a->send = empty_region;
    }
}

char *jb__arena_strdup(jb_arena *a, const char *s, size_t n) {
    char *d;
    if (n == SIZE_MAX) return NULL;
    d = jb__arena_alloc(a, n + 1, 1);
    if (!d) return NULL;
    if (n) memcpy(d, s, n);
    d[n] = '\0';
    return d;
}
