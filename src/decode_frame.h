/* SPDX-License-Identifier: MIT */
/*
 * decode_frame.h — the decoder engine's frames, shared by its two files:
 * decode.c (the loop, records, arrays, maps, error recovery, the entry
 * points) and decode_sum.c (sums of every style). Nothing else includes
 * it: the names are the engine's own, unprefixed like its statics.
 */
#ifndef JB_DECODE_FRAME_H
#define JB_DECODE_FRAME_H

#include "decode.h"

/* ------------------------------------------------------------------ */
/* Frames                                                              */
/* ------------------------------------------------------------------ */

enum { F_RECORD, F_FIXED, F_VEC, F_MAP, F_SUM, F_SCOPE };

/* What starting a value did (start). */
enum { S_LEAF, S_PUSHED, S_FAIL };
/* What stepping a frame did (step): finished (pop it), pushed a child
 * (step that), failed (unwind). */
enum { R_DONE, R_AGAIN, R_FAIL };

/* Unknown members kept for JB_UNKNOWN_FIELDS: a list in the arena (the
 * scratch stack is busy with frames), made an array at the '}'. */
typedef struct capnode {
    jb_raw_member m;
    struct capnode *next;
} capnode;

typedef struct captured {
    capnode *head, *tail;
    size_t n;
} captured;

/* The members of a record object (also an internally tagged sum's
 * payload, whose fields share the object with the tag). */
typedef struct record_frame {
    const jb_plan *pl;
    char *base;
    const jb_pentry *cur; /* the field whose value a child frame is decoding */
    uint64_t *seen;       /* fields seen: local, or on the scratch stack past 256 fields */
    uint64_t local[4];
    size_t guess; /* the field expected next (declaration order) */
    size_t count; /* members read, for max_members */
    captured cap;
    const char *ignore; /* a key to skip once (the internal tag), or NULL */
    size_t ignore_len;
    int more; /* 1: a member follows; 0: the '}' was read */
    int ignored;
    bool resumed; /* the object's first member (a tag) was read before the frame */
} record_frame;

/* A tuple (pl: its plan) or fixed array (pl NULL): exactly n elements. */
typedef struct fixed_frame {
    const jb_type *t;
    const jb_plan *pl;
    char *out;
    size_t n, i;
    int more;
    bool in_child; /* element i is being decoded */
} fixed_frame;

/* A vector: elements pushed on the scratch stack after the frame, then
 * gathered into one arena block (the array is sized once). */
typedef struct vec_frame {
    const jb_type *et;
    char *out;
    size_t es, ea, n;
    jb_scratch_mark sm;
    int more;
    bool zero, in_child;
} vec_frame;

/* A map as an object or as [key, value] pairs; entries on the scratch
 * stack like a vector's elements. */
typedef struct map_frame {
    const jb_type *t;
    char *out;
    const char *at; /* its '{' or '[' (duplicate keys are reported from there) */
    char *e;        /* the entry being read */
    jb_str text;    /* its key's text (object form), for the path */
    bool text_raw;  /* text is the key as written (its unescaped form was in r->keybuf) */
    size_t es, vo, ea, n;
    jb_scratch_mark sm;
    int more;
    uint8_t part; /* M_* */
    bool obj, text_key, in_member, sorted;
    char close;
} map_frame;

/* A sum in any style; phase says what comes next. */
typedef struct sum_frame {
    const jb_type *t;
    const jb_plan *pl;
    char *out;
    const jb_pentry *c; /* the case, once known */
    const char *pkey;   /* the payload's key, for the path (pmode P_KEY) */
    size_t pkey_len;
    uint8_t phase;   /* P_* */
    uint8_t pmode;   /* a payload is being decoded: PM_* */
    bool positional; /* r->positional_records to restore */
    bool have_content;
    int tags, more;
    /* untagged: the case tried next, where the value starts, what to undo */
    size_t i, wn;
    const char *start;
    uint32_t depth;
    jb_arena_mark am;
    jb_scratch_mark inner;
    char *why; /* JB_ERROR_MESSAGE_MAX bytes on the scratch stack: each case's failure */
} sum_frame;

enum { M_MEMBER, M_VALUE, M_PAIR_KEY, M_PAIR_VALUE };
enum { P_BEGIN, P_EXT_CLOSE, P_ARRAY_CLOSE, P_SET_TAG, P_REST, P_REST_NEXT, P_UNTAGGED };
enum { PM_NONE, PM_KEY, PM_INDEX1, PM_ATTEMPT };

typedef struct frame frame;
struct frame {
    frame *up;             /* the enclosing frame of this run, or NULL */
    jb_scratch_mark below; /* the scratch stack before this frame: popping returns there */
    const char *open;      /* where its value starts (a failure skips the value from here) */
    uint8_t kind;          /* F_* */
    bool waiting;          /* a child frame is decoding one of its members */
    bool scoped;           /* popping restores `saved`, the scope before (plan.h) */
    uint32_t depth;        /* r->depth when pushed: inside the '{' or '[' of a record,
                              tuple, array, vector or map (error recovery) */
    uint32_t saved;
    union {
        record_frame rec;
        fixed_frame fix;
        vec_frame vec;
        map_frame map;
        sum_frame sum;
    } u;
};

/* The layout every vector and map shares. */
typedef struct anyvec {
    void *items;
    size_t len;
} anyvec;

static inline frame *push_frame(jb_reader *r, frame **top, uint8_t kind, const char *open) {
    jb_scratch_mark m = jb__scratch_mark(r->arena);
    frame *f = jb__scratch_push(r->arena, sizeof(frame), _Alignof(frame));
    if (JB_UNLIKELY(!f)) {
        jb__dec_nomem(r);
        return NULL;
    }
    f->up = *top;
    f->below = m;
    f->open = open;
    f->kind = kind;
    f->waiting = false;
    f->scoped = false;
    f->depth = r->depth;
    *top = f;
    return f;
}

static inline void pop_frame(jb_reader *r, frame **top) {
    frame *f = *top;
    *top = f->up;
    if (f->kind == F_SUM) r->positional_records = f->u.sum.positional;
    if (f->scoped) r->scope = f->saved;
    jb__scratch_pop(r->arena, f->below);
}

/* A type whose plan changes the scope (plan.h) changes how its contents
 * read until it ends (pop_frame puts the old scope back). */
static inline void scope_set(jb_reader *r, frame *f, const jb_plan *pl) {
    f->scoped = true;
    f->saved = r->scope;
    r->scope = jb__scope_in(r->scope, pl);
}

/* ---- between decode.c and decode_sum.c ---- */

/* Start decoding a value of type t at r->p into out (zeroed): S_LEAF,
 * S_PUSHED or S_FAIL (decode.c). */
JB_HIDDEN int jb__dec_start(jb_reader *r, const jb_type *t, void *out, frame **top);
/* '[' of a tuple or fixed array (pl NULL: t->elem each) of n elements. */
JB_HIDDEN int jb__dec_start_fixed(jb_reader *r, frame **top, const jb_type *t, const jb_plan *pl,
                                  char *out, size_t n);
/* Push the frame reading the members of a record object (decode.c). */
JB_HIDDEN int jb__dec_push_record(jb_reader *r, frame **top, const jb_plan *pl, char *base,
                                  const char *open, bool resume, const char *ignore,
                                  size_t ignore_len);
/* Push the frame of a sum of type t (plan pl) at r->p (decode_sum.c). */
JB_HIDDEN int jb__dec_push_sum(jb_reader *r, frame **top, const jb_type *t, const jb_plan *pl,
                               char *out);
/* Step a sum's frame: R_DONE, R_AGAIN or R_FAIL. */
JB_HIDDEN int jb__dec_step_sum(jb_reader *r, frame *f, frame **top);
/* Undo a failed attempt of an untagged sum's case s->i, which moves on to
 * the next case. */
JB_HIDDEN void jb__dec_untagged_undo(jb_reader *r, sum_frame *s);

#endif
