/* SPDX-License-Identifier: MIT */
/*
 * value.h — the jb_value DOM inside: node layout, and the two hooks the
 * typed engine calls for the `any` kind (JB_KIND_ANY).
 *
 * A node is 32 bytes: a type byte, a number-kind byte, and a 24-byte
 * payload. Containers refer to their elements by pointer so that a
 * jb_value * handed out stays valid across appends; parse places the
 * elements of one container in one block (gathered from the scratch
 * stack) and points at them.
 */
#ifndef JB_VALUE_H
#define JB_VALUE_H

#include "base.h"
#include "read.h"
#include "write.h"

/* Objects with more members than this get a hash index on first lookup. */
#define JB_VALUE_INDEX_MIN 16

typedef struct jb_member {
    jb_str key;
    jb_value *val;
} jb_member;

/* Per-object side data: growth capacity, the arena for a lazy index, and
 * the index (open addressing, slot = member index + 1, 0 = empty; the
 * last member of a key wins). Present for built objects and for parsed
 * objects past JB_VALUE_INDEX_MIN members. */
typedef struct jb_vext {
    size_t cap;      /* member capacity of items */
    jb_arena *arena; /* where the index is built */
    size_t *slots;   /* NULL: not built (or invalidated by a removal) */
    size_t nslots;   /* a power of two, >= 2 * members when built */
    uint64_t seed;
} jb_vext;

/* nk of a string that parse scanned in one piece with UTF-8 checked: its
 * bytes are valid UTF-8 with no '"', backslash or control byte, so print
 * copies them as they are unless a flag asks for more escaping. Copy
 * keeps it (same bytes); builders leave 0 (print checks). */
#define JB_STR_CLEAN 1

/* nk of an object whose keys parse all scanned so (JB_STR_CLEAN's
 * sense): print copies them as they are. Copy keeps it (same keys);
 * jb_value_object_set clears it when it adds a key; builders leave 0. */
#define JB_KEYS_CLEAN 1

struct jb_value {
    uint8_t type; /* jb_value_type */
    uint8_t nk;   /* jb_number_kind for numbers; JB_STR_CLEAN or 0 for strings,
                     JB_KEYS_CLEAN or 0 for objects */
    union {
        bool b;
        struct {
            union {
                int64_t i;
                uint64_t u;
                double d; /* F64, and BIG's nearest double */
            } n;
            const char *text; /* BIG: the token */
            size_t len;
        } num;
        jb_str str;
        struct {
            jb_value **items;
            size_t len;
            size_t cap;
        } arr;
        struct {
            jb_member *items;
            size_t len;
            jb_vext *x; /* NULL: capacity == len and no index */
        } obj;
    } u;
};

/*
 * Decode any value at r->p (whitespace skipped) into a new tree in
 * r->arena; r->p ends just past it. Iterative (an explicit stack on the
 * arena's scratch stack): nesting is bounded by r->max_depth, counted from
 * r->depth, never by the C stack. Failures are recorded with jb__r_fail
 * and the path of the failing element is appended to r->path (innermost
 * first), so the caller's levels can add theirs.
 */
JB_HIDDEN jb_status jb__value_decode(jb_reader *r, jb_value **out);

/*
 * Write v (NULL writes null) through w honouring JB_WRITE_PRETTY/indent,
 * the escaping flags, JB_PRINT_SORT_KEYS and JB_PRINT_CANONICAL, nesting
 * counted on w->depth against w->max_depth. Iterative. Failures are
 * recorded in w->code/w->message with the path in w->path.
 */
JB_HIDDEN jb_status jb__value_encode(jb_writer *w, const jb_value *v);

/* A traversal stack: starts in a caller's local array, moves to malloc
 * when it outgrows it. */
typedef struct jb_vstack {
    void *base; /* local array or heap */
    size_t n;   /* entries in use */
    size_t cap;
    size_t esz; /* bytes per entry */
    void *heap; /* NULL while on the local array */
} jb_vstack;
#define JB_VSTACK_INIT(local) \
    { (local), 0, sizeof(local) / sizeof((local)[0]), sizeof((local)[0]), NULL }
/* A new top entry (uninitialised), or NULL when out of memory. */
JB_HIDDEN void *jb__vstack_push(jb_vstack *s);
JB_HIDDEN void jb__vstack_free(jb_vstack *s);

static inline bool jb__key_eq(const jb_str *k, const char *s, size_t n) {
    return k->len == n && (n == 0 || memcmp(k->ptr, s, n) == 0);
}

/*
 * Build x's index over m[0..n) (value.c). The later of two equal keys
 * wins the slot; *dup (if not NULL) receives the index of the first member
 * whose key repeats an earlier one (SIZE_MAX if none). false when out of
 * memory.
 */
JB_HIDDEN bool jb__value_index_build(jb_vext *x, const jb_member *m, size_t n, size_t *dup);

/* Members lookup (value.c), shared with print and equal. */
JB_HIDDEN jb_value *jb__value_lookup(const jb_value *obj, const char *key, size_t len);

/* Number classification of a valid token (value.c): fills v's number. */
JB_HIDDEN bool jb__value_mantissa_nonzero(const char *s, size_t n);
JB_HIDDEN jb_status jb__value_set_number(jb_value *v, const char *tok, size_t len);

/*
 * n bytes from s to d without a call, for the DOM's short strings (keys
 * and words of a few bytes, where memcpy's call and size dispatch cost
 * more than the copy): parse copies them into the arena, print copies a
 * clean one into the output. Reads only s[0..n) and writes only d[0..n):
 * 16-byte moves from 16 bytes on, the last one overlapping the one before;
 * below that two overlapping 8- or 4-byte moves, and for 1..3 bytes the
 * first, middle and last byte.
 */
static inline void jb__value_copy_short(char *d, const char *s, size_t n) {
    if (n >= 16) {
        for (size_t i = 0; i + 16 < n; i += 16) memcpy(d + i, s + i, 16);
        memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
        uint64_t a = jb__load64(s), b = jb__load64(s + n - 8);
        memcpy(d, &a, 8);
        memcpy(d + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a = jb__load32(s), b = jb__load32(s + n - 4);
        memcpy(d, &a, 4);
        memcpy(d + n - 4, &b, 4);
    } else if (n) {
        d[0] = s[0];
        d[n / 2] = s[n / 2];
        d[n - 1] = s[n - 1];
    }
}

#endif
