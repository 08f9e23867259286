/* SPDX-License-Identifier: MIT */
/*
 * value_parse.c — jb_value_parse: JSON text into a jb_value tree, and the
 * `any` kind's decode (jb__value_decode), on the scanner of read.c and the
 * string kernels of kernel.c.
 *
 * No recursion and no per-level C stack: each open container pushes a
 * small frame on the arena's scratch stack, its elements are pushed above
 * the frame as they are read (nested containers push above and pop back
 * before the next element), and at the close the elements are copied
 * into one arena block and the frame is popped. The frames form a chain
 * through `up`, which also gives the error path.
 *
 * The loop keeps its cursor in a local and takes the common token of each
 * kind in line: whitespace that is no byte or one space (the rest, and
 * the indentation prediction, is jb__r_ws_slow), strings the kernel scans
 * to a closing quote with no escape, integers of up to 19 digits, plain
 * doubles, true/false/null. Everything else, and every failure, goes
 * through the reader's general functions with r->p set, so errors (code,
 * offset, message, path) are exactly theirs.
 *
 * Strings without escapes are scanned by the kernel in the input and
 * copied once into their own arena block (with the NUL terminator), the
 * short ones (up to 64 bytes, nearly all keys and words) by words inline.
 * An earlier design copied the whole input once and ended each string in
 * that copy: one memcpy per document, but it kept a second copy of every
 * byte (numbers, whitespace, punctuation) alive in the arena, and cost
 * more instructions on every corpus file but the string-heavy gsoc-2018
 * (BENCHMARKS.md, "DOM parse"). Strings with escapes are unescaped by
 * read.c into their own arena block; borrowed strings point into the
 * input, as jb__r_string's do.
 *
 * Containers close from the scratch stack in place: their elements are
 * copied in one pass from the scratch segment that holds them into one
 * arena block (nodes and the pointers to them, or members and their
 * nodes); a container whose elements span segments (a long array) is
 * copied the same way, one segment at a time (kids_spanned).
 */
#include <math.h>

#include "error.h"
#include "kernel.h"
#include "num.h"
#include "numscan.h"
#include "value.h"

/* str_fast's first 32 bytes in line, 16 a step (SSE2 is part of x86-64; GNU C
 * for str16's empty asm) */
#if !defined(JB_NO_SIMD) && defined(JB_GNUC) && defined(__SSE2__) && defined(__x86_64__)
#define JB_DOM_SSE2 1
#include <emmintrin.h>
#endif

/*
 * The copy of the input that strings point into (see str_fast): the input
 * from the window's first string up to hi is in the arena, the copy of
 * the byte at s at address s + delta (one add a string, where dst +
 * (s - src) took two loads more). Empty (hi the start of the input) until
 * the first string opens it.
 */
typedef struct strwin {
    const char *hi;
    uintptr_t delta; /* the copy's address minus the input's */
    size_t next;     /* bytes the next window copies at least (win_open) */
} strwin;

/* How strings are stored (parse context). */
typedef struct pctx {
    const jb_kernel *k;
    size_t maxs;       /* r->max_string_len */
    int utf8;          /* validate UTF-8 in strings */
    uint8_t clean;     /* nk of a string str_fast took: JB_STR_CLEAN when utf8 */
    bool borrow;       /* JB_READ_BORROW_STRINGS */
    const unsigned char *wst; /* ws_plain or ws_comments (below) */
    strwin win;               /* where copied strings go (str_fast) */
    size_t maxm;              /* max_members as one compare per element (0 = no limit: SIZE_MAX) */
    bool small_ok; /* small arrays without a frame: only where max_members cannot stop one */
} pctx;

/* The kernel for a parse. Until the first call through it picks one,
 * jb__kern() is a resolver whose functions pick (an environment look-up
 * and cpuid) on every call, so a table cached for the whole parse would
 * pay that per string of a process's first parse: one empty scan through
 * it picks first. */
static const jb_kernel *kern_picked(void) {
    static const char none[1] = {'"'};
    (void)jb__kern()->scan(none, none, 0);
    return jb__kern();
}

static jb_status r_nomem(jb_reader *r, const char *at) {
    jb_status code = jb__arena_fail_code(r->arena) == JB_E_LIMIT ? JB_E_LIMIT : JB_E_NOMEM;
    return jb__r_fail(r, code, at, "%s",
                      code == JB_E_LIMIT ? "allocation limit reached" : "out of memory");
}

/* One open container. Lives on the scratch stack, below its elements. */
typedef struct pframe {
    /* 16-aligned, so its size is a multiple of 16 (elem_push) */
    _Alignas(16) struct pframe *up;
    jb_value *slot;       /* the container's node, filled at the close */
    const char *open;     /* its '{' or '[' */
    jb_scratch_mark self; /* the scratch position before this frame */
    jb_scratch_mark kids; /* where its elements start */
    size_t n;             /* elements (members) pushed so far */
    bool obj;
    bool dirty; /* object: a key took the general path (not JB_KEYS_CLEAN) */
    bool no_small; /* array: small_run met an element small_array does not take */
    char close; /* '}' or ']' */
} pframe;

/* An object member while parsing; copied into the object's block at the
 * close. */
typedef struct orec {
    jb_str key;
    jb_value node;
} orec;

/* The closes place two arrays in one block (see close_array and
 * close_object): the second starts aligned when these hold. */
_Static_assert(sizeof(jb_value) % _Alignof(jb_value *) == 0, "pointers after nodes");
_Static_assert(sizeof(jb_member) % _Alignof(jb_value) == 0, "nodes after members");
_Static_assert(_Alignof(jb_value) >= _Alignof(jb_member), "members at a node's alignment");

/* Where the member at index j of the object opened at `open` starts: the
 * failure path of duplicate detection only (re-scans the object). */
static const char *member_at(const jb_reader *r, const char *open, size_t j) {
    jb_reader t = *r;
    jb_str k;
    t.code = JB_OK;
    t.p = open + 1;
    t.depth = 0;
    t.max_depth = UINT32_MAX;
    for (size_t i = 0;; i++) {
        const char *at;
        if (jb__r_ws(&t) || t.p >= t.end) return open;
        if (*t.p == ',') t.p++;
        if (jb__r_ws(&t) || t.p >= t.end) return open;
        at = t.p;
        if (i == j) return at;
        if (jb__r_key(&t, &k) || jb__r_ws(&t) || t.p >= t.end || *t.p != ':') return open;
        t.p++;
        if (jb__r_ws(&t) || jb__r_skip(&t)) return open;
    }
}

/*
 * The n elements of `size` bytes pushed since m, in place on the scratch
 * stack, when they all lie in the current segment (the common case: a
 * segment holds thousands of them); NULL when they span segments (then
 * kids_spanned copies them). They start where push placed the
 * first one, m's offset rounded up to jb__scratch_align(size) (nested
 * containers pushed above them were popped before the next element), so
 * the close copies them once, straight from there, with no call.
 */
static inline const char *kids_in_place(const jb_arena *a, jb_scratch_mark m, size_t size) {
    if (JB_UNLIKELY(m.seg != a->scur || !m.seg)) return NULL;
    return a->scur->data + jb__align_up(m.off, jb__scratch_align(size));
}

/*
 * The elements of a container that span scratch segments (a long array:
 * mesh, numbers and canada hold thousands of numbers), copied into its
 * block one segment at a time, by the same loops as the in-place closes:
 * jb__scratch_gather's memcpy into a second block cost one instruction a
 * byte under callgrind (mesh: 2.2M of 15.0M a parse) and a second copy.
 * Each segment holds them from where push placed the first one there (the
 * mark's offset rounded up to jb__scratch_align(size) in the mark's
 * segment, 0 in every later one) up to its used bytes (the live position
 * for the current one); nested containers pushed above were popped before
 * the next element. With members NULL: n nodes and then their pointers at
 * nodes (an array); else n members at members, their nodes at nodes.
 */
static JB_NOINLINE void kids_spanned(const jb_arena *a, jb_scratch_mark m, size_t n,
                                     jb_member *members, jb_value *nodes) {
    const size_t size = members ? sizeof(orec) : sizeof(jb_value);
    const jb_block *s = m.seg ? (const jb_block *)m.seg : a->shead;
    jb_value **items = (jb_value **)(void *)(nodes + n);
    size_t off = m.off, i = 0;
    while (i < n && s) {
        size_t used = s == a->scur ? (size_t)(a->spos - s->data) : s->used;
        size_t start = jb__align_up(off, jb__scratch_align(size)), k;
        const char *src = s->data + start;
        k = start < used ? (used - start) / size : 0;
        if (k > n - i) k = n - i;
        if (members) {
            const orec *o = (const orec *)(const void *)src;
            for (size_t j = 0; j < k; j++) {
                nodes[i + j] = o[j].node;
                members[i + j].key = o[j].key;
                members[i + j].val = &nodes[i + j];
            }
        } else {
            const jb_value *e = (const jb_value *)(const void *)src;
            for (size_t j = 0; j < k; j++) {
                nodes[i + j] = e[j];
                items[i + j] = &nodes[i + j];
            }
        }
        i += k;
        if (s == a->scur) break;
        s = s->next;
        off = 0;
    }
}

static jb_status close_array(jb_reader *r, pframe *f) {
    size_t n = f->n, bytes;
    jb_value *v = f->slot, *nodes, **items;
    const jb_value *src;
    v->type = JB_VALUE_ARRAY;
    v->nk = 0;
    v->u.arr.items = NULL;
    v->u.arr.len = v->u.arr.cap = n;
    if (n == 0) return JB_OK;
    /* One block: the nodes, then the pointers to them (a multiple of
     * sizeof(jb_value) keeps the pointers aligned: jb_value holds
     * pointers). */
    if (!jb__mul_ok(n, sizeof(jb_value) + sizeof(jb_value *), &bytes)) return r_nomem(r, f->open);
    if (!(nodes = jb__arena_alloc(r->arena, bytes, _Alignof(jb_value)))) return r_nomem(r, f->open);
    items = (jb_value **)(void *)(nodes + n);
    src = (const jb_value *)(const void *)kids_in_place(r->arena, f->kids, sizeof(jb_value));
    if (JB_LIKELY(src != NULL)) {
        /* One pass (a copy loop: canada's coordinate pairs are 2 nodes,
         * where a memcpy call costs more than the copy). */
        for (size_t i = 0; i < n; i++) {
            nodes[i] = src[i];
            items[i] = &nodes[i];
        }
    } else {
        kids_spanned(r->arena, f->kids, n, NULL, nodes);
    }
    v->u.arr.items = items;
    return JB_OK;
}

static jb_status close_object(jb_reader *r, const pctx *c, pframe *f) {
    size_t n = f->n, bytes, dup = SIZE_MAX;
    jb_value *v = f->slot, *nodes;
    jb_vext *x = NULL;
    jb_member *m;
    const orec *src;
    v->type = JB_VALUE_OBJECT;
    /* every key by str_fast: scanned whole with UTF-8 checked, like the
     * strings it marks c->clean */
    v->nk = f->dirty ? 0 : c->clean;
    v->u.obj.items = NULL;
    v->u.obj.len = n;
    v->u.obj.x = NULL;
    if (n == 0) return JB_OK;
    /* One block: the members, then the nodes (jb_member's size is a
     * multiple of jb_value's alignment: both are pointers and sizes),
     * filled in one pass from the records in place. */
    if (!jb__mul_ok(n, sizeof(jb_member) + sizeof(jb_value), &bytes) ||
        !(m = jb__arena_alloc(r->arena, bytes, _Alignof(jb_value))))
        return r_nomem(r, f->open);
    nodes = (jb_value *)(void *)(m + n);
    src = (const orec *)(const void *)kids_in_place(r->arena, f->kids, sizeof(orec));
    if (JB_LIKELY(src != NULL)) {
        for (size_t i = 0; i < n; i++) {
            nodes[i] = src[i].node;
            m[i].key = src[i].key;
            m[i].val = &nodes[i];
        }
    } else {
        kids_spanned(r->arena, f->kids, n, m, nodes);
    }
    v->u.obj.items = m;
    if (n > JB_VALUE_INDEX_MIN) {
        x = jb__arena_alloc(r->arena, sizeof *x, _Alignof(jb_vext));
        if (!x) return r_nomem(r, f->open);
        memset(x, 0, sizeof *x);
        x->cap = n;
        x->arena = r->arena;
        v->u.obj.x = x;
    }
    if (!(r->flags & JB_READ_REJECT_DUPLICATE_KEYS)) return JB_OK;
    if (x) {
        if (!jb__value_index_build(x, m, n, &dup)) return r_nomem(r, f->open);
    } else {
        for (size_t i = 1; i < n && dup == SIZE_MAX; i++)
            for (size_t j = 0; j < i; j++)
                if (jb__key_eq(&m[j].key, m[i].key.ptr, m[i].key.len)) {
                    dup = i;
                    break;
                }
    }
    if (dup == SIZE_MAX) return JB_OK;
    {
        int shown = m[dup].key.len > 40 ? 40 : (int)m[dup].key.len;
        return jb__r_fail(r, JB_E_DUPLICATE, member_at(r, f->open, dup), "duplicate key \"%.*s%s\"",
                          shown, m[dup].key.ptr, m[dup].key.len > 40 ? "..." : "");
    }
}


/* A scalar at r->p into *v, by the reader's general functions: every
 * token the loop does not take in line, and every scalar failure. */
static JB_NOINLINE jb_status scalar_slow(jb_reader *r, const pctx *c, jb_value *v) {
    const char *p = r->p;
    char fb[16];
    memset(v, 0, sizeof *v);
    if (p >= r->end) return jb__r_fail(r, JB_E_SYNTAX, p, "expected value, found end of input");
    switch (*p) {
    case '"': v->type = JB_VALUE_STRING; return jb__r_string(r, &v->u.str, c->borrow, NULL);
    case 't':
        v->type = JB_VALUE_BOOL;
        v->u.b = true;
        return jb__r_literal(r, "true", 4);
    case 'f': v->type = JB_VALUE_BOOL; return jb__r_literal(r, "false", 5);
    case 'n': v->type = JB_VALUE_NULL; return jb__r_literal(r, "null", 4);
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
    case 'N':
    case 'I': {
        jb_str tok;
        bool integral;
        int special = 0;
        if ((*p == 'N' || *p == 'I') && !(r->flags & JB_READ_ALLOW_NAN_INF)) break;
        if (jb__r_number(r, &tok, &integral, &special)) return r->code;
        if (special) {
            v->type = JB_VALUE_NUMBER;
            v->nk = JB_NUMBER_F64;
            v->u.num.n.d = special == 1 ? NAN : special == 2 ? INFINITY : -INFINITY;
            return JB_OK;
        }
        jb__value_set_number(v, tok.ptr, tok.len);
        if (v->nk == JB_NUMBER_BIG) {
            if (r->flags & JB_READ_BORROW_STRINGS) {
                v->u.num.text = tok.ptr;
            } else if (!(v->u.num.text = jb__arena_strdup(r->arena, tok.ptr, tok.len))) {
                return r_nomem(r, p);
            }
            v->u.num.len = tok.len;
        }
        return JB_OK;
    }
    default: break;
    }
    return jb__r_fail(r, JB_E_SYNTAX, p, "expected value, found %s", jb__r_found(r, p, fb));
}

/* The first window's bytes and the most a window grows to (win_open). */
#define WIN_FIRST 256
#define WIN_MOST 8192

/*
 * The string s[0..n) (its closing quote at s + n) into the arena, NUL
 * terminated, when the window does not hold it: a new window from s,
 * w->next bytes of the input or the string, whichever is longer (but no
 * further than the input's end), copied with one memcpy. w->next starts
 * small and doubles up to WIN_MOST, so a small document (a stream's
 * element, a prefix of a longer buffer) copies little more than itself,
 * and a large one opens a window every WIN_MOST bytes. Later strings
 * inside it are then placed with no allocation and no copy of their own
 * (str_fast). Under an arena cap each string is copied alone, as before
 * the windows: a document that fitted under a cap still fits. NULL: no
 * memory (the caller takes the general path, which reports it).
 */
static JB_NOINLINE const char *win_open(jb_reader *r, pctx *c, const char *s, size_t n) {
    strwin *w = &c->win;
    size_t size = n + 1, left = (size_t)(r->end - s);
    char *d;
    /* borrowed: the input's bytes, as jb__r_string borrows (no window
     * opens, so every string comes here) */
    if (c->borrow) return s;
    if (r->arena->cap) {
        if (!(d = jb__arena_alloc(r->arena, n + 1, 1))) return NULL;
        memcpy(d, s, n);
        d[n] = '\0';
        return d;
    }
    if (size < w->next) size = left < w->next ? left : w->next;
    if (w->next < WIN_MOST) w->next *= 2;
    if (!(d = jb__arena_alloc(r->arena, size, 1))) return NULL;
    memcpy(d, s, size);
    w->hi = s + size;
    w->delta = (uintptr_t)d - (uintptr_t)s;
    d[n] = '\0';
    return d;
}

/*
 * A string without escapes at q (its opening quote): the kernel scans the
 * input to the closing quote (validating UTF-8 on the way). The text is
 * the window's copy of the input (strwin, win_open), with a NUL written
 * over the copy of its closing quote: strings follow one another in the
 * input, so their copies never overlap, and most strings cost neither an
 * allocation nor a copy of their own (borrowed: the input's bytes, as
 * jb__r_string gives them). The byte after the closing quote is returned.
 * NULL: not that case (an escape, a fault, the end of the input, over
 * max_string_len, no memory): the caller takes the general path, which
 * reports the error.
 */
#if defined(JB_DOM_SSE2)
/*
 * 16 bytes at s, for str_fast: 1 when the first byte that ends clean text
 * is a '"' (at *t), 0 when there is none (all 16 are printable ASCII
 * other than '\\'), -1 when it is another: '\\', a control byte or a byte
 * >= 0x80 (the signed compare with 0x20 takes both: as signed bytes those
 * are negative), which the kernel then takes from s.
 */
static inline int str16(const char *s, const char **t) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i q = _mm_set1_epi8('"'), b = _mm_set1_epi8('\\'), c = _mm_set1_epi8(0x20);
    unsigned qm, m;
    /* Opaque constants: gcc turned 0x20 > v into !(v > 0x1F), one more
     * compare (with zero) and a copy of v, and copied v for each compare;
     * with the constants in registers it does not know, each compare
     * writes its constant's register and v stays (10 instructions, not
     * 15). */
    __asm__("" : "+x"(q), "+x"(b), "+x"(c));
    qm = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(q, v));
    m = qm | (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(b, v), _mm_cmpgt_epi8(c, v)));
    if (JB_LIKELY(m)) {
        if (JB_UNLIKELY(!(m & (0u - m) & qm))) return -1;
        *t = s + __builtin_ctz(m);
        return 1;
    }
    return 0;
}
#endif

JB_INLINE const char *str_fast(jb_reader *r, pctx *c, const char *q, jb_str *out) {
    const char *s = q + 1, *t = s;
    size_t n;
#if defined(JB_DOM_SSE2)
    /* Most strings (keys, words, ids) end within 32 bytes with only
     * printable ASCII before the quote: two 16-byte steps in line find
     * that quote with no call. Anything else goes to the kernel from the
     * step that saw it (the bytes before are ASCII, so that is a
     * character boundary), or from s + 32. */
    if (JB_LIKELY(r->end - s >= 16)) {
        int k = str16(s, &t);
        if (JB_LIKELY(k > 0)) goto found;
        if (k == 0) {
            t = s + 16;
            if (r->end - t >= 16) {
                k = str16(t, &t);
                if (JB_LIKELY(k > 0)) goto found;
                if (k == 0) t = s + 32;
            }
        }
    }
#endif
    t = c->k->scan(t, r->end, c->utf8);
    if (JB_UNLIKELY(t >= r->end || *t != '"')) {
        /* str_slow's hint: the first backslash, the text before it clean */
        out->ptr = t < r->end && *t == '\\' ? t : NULL;
        return NULL;
    }
#if defined(JB_DOM_SSE2)
found:
#endif
    n = (size_t)(t - s);
    if (JB_UNLIKELY(n > c->maxs)) {
        out->ptr = NULL;
        return NULL;
    }
    /* s is in the window when t is: it opened at an earlier string (with
     * borrowed strings no window opens) */
    if (JB_LIKELY(t < c->win.hi)) {
        char *d = (char *)((uintptr_t)s + c->win.delta);
        d[n] = '\0';
        out->ptr = d;
    } else if (JB_UNLIKELY(!(out->ptr = win_open(r, c, s, n)))) {
        return NULL;
    }
    out->len = n;
    return t + 1;
}

/* str_fast out of line, for small_array: in line there it made the
 * numbers' registers spill (canada's coordinate pairs). */
static JB_NOINLINE const char *str_out(jb_reader *r, pctx *c, const char *q, jb_str *out) {
    return str_fast(r, c, q, out);
}

/* A string at r->p (its opening quote) that str_fast did not take, by
 * the general path (escapes, faults, borrowing, no copy), with str_fast's
 * hint in out->ptr: the string's first backslash, the text before it
 * scanned clean (jb__r_string_escaped then skips that scan), or NULL. */
static JB_NOINLINE jb_status str_slow(jb_reader *r, const pctx *c, jb_str *out) {
    if (out->ptr) return jb__r_string_escaped(r, out->ptr, out);
    return jb__r_string(r, out, c->borrow, NULL);
}

/* Two bytes as a word, for a compare with another two (same order). */
static inline uint16_t load16(const char *p) {
    uint16_t v;
    memcpy(&v, p, 2);
    return v;
}

/* Bytes at which whitespace handling must look (jb__r_ws_slow): every
 * byte up to ' ' (whitespace, and the control bytes it leaves alone), and
 * with JB_READ_ALLOW_COMMENTS '/'. Any other byte ends whitespace at once. */
#define WS_LOW                                                                                 \
    [0] = 1, [1] = 1, [2] = 1, [3] = 1, [4] = 1, [5] = 1, [6] = 1, [7] = 1, [8] = 1, [9] = 1,  \
    [10] = 1, [11] = 1, [12] = 1, [13] = 1, [14] = 1, [15] = 1, [16] = 1, [17] = 1, [18] = 1, \
    [19] = 1, [20] = 1, [21] = 1, [22] = 1, [23] = 1, [24] = 1, [25] = 1, [26] = 1, [27] = 1, \
    [28] = 1, [29] = 1, [30] = 1, [31] = 1, [32] = 1
static const unsigned char ws_plain[256] = {WS_LOW};
static const unsigned char ws_comments[256] = {WS_LOW, ['/'] = 1};
#undef WS_LOW

/* A line break and its indentation at p (*p == '\n'), in line:
 * jb__ws_nl_spaces (read.h: up to 32 spaces, a word at a time, unrolled)
 * while 34 bytes remain, so no load passes the input. NULL: not that case
 * (the caller takes jb__r_ws_slow). */
static inline const char *ws_indent(const jb_reader *r, const char *p) {
    return (size_t)(r->end - p) >= 34 ? jb__ws_nl_spaces(p) : NULL;
}

/* Whitespace at p by jb__r_ws_slow (its line-break + indentation
 * prediction, comments). NULL after a failure (unterminated comment). */
static JB_NOINLINE const char *pws_slow(jb_reader *r, const char *p) {
    r->p = p;
    if (jb__r_ws_slow(r)) return NULL;
    return r->p;
}

/*
 * Whitespace at p: the common cases in line (no whitespace, the one
 * space after a ':', a line break and indentation), the rest by
 * jb__r_ws_slow. NULL after a failure (unterminated comment).
 */
static inline const char *pws(jb_reader *r, const pctx *c, const char *p) {
    const char *q;
    if (JB_LIKELY(p < r->end && !c->wst[(unsigned char)*p])) return p;
    if (p + 1 < r->end && *p == ' ' && !c->wst[(unsigned char)p[1]]) return p + 1;
    if (p < r->end && *p == '\n' && (q = ws_indent(r, p)) != NULL) return q;
    return pws_slow(r, p);
}

/* Whitespace before an element (after '[', '{' or ','), the in-line
 * cases: none (minified), else a line break and indentation
 * (pretty-printed) before the single space that pws tries first. NULL:
 * none of them (nothing is recorded). */
static inline const char *ws_item_fast(const jb_reader *r, const pctx *c, const char *p) {
    const char *q;
    if (JB_LIKELY(p < r->end)) {
        if (JB_LIKELY(!c->wst[(unsigned char)*p])) return p;
        if (*p == '\n' && (q = ws_indent(r, p)) != NULL) return q;
        if (p + 1 < r->end && *p == ' ' && !c->wst[(unsigned char)p[1]]) return p + 1;
    }
    return NULL;
}

/* The same, the rest by jb__r_ws_slow (NULL after a failure). */
static inline const char *pws_item(jb_reader *r, const pctx *c, const char *p) {
    const char *q = ws_item_fast(r, c, p);
    return JB_LIKELY(q != NULL) ? q : pws_slow(r, p);
}

/* Bytes that may follow a literal or number in line (the slow paths
 * judge '/', end of input aside). */
static inline bool delim_at(const jb_reader *r, const char *p) {
    return p == r->end || jb__num_delim[(unsigned char)*p];
}

/* The double m bytes at p scanned to d (m = 0: not scanned) into *v;
 * NULL: the general path (faults, max_number_len, a zero that is not). */
JB_INLINE const char *num_double(const jb_reader *r, const char *p, size_t m, double d, jb_status st,
                                 jb_value *v) {
    if (!m || st != JB_OK || !delim_at(r, p + m) || m > r->max_number_len ||
        (d == 0 && jb__value_mantissa_nonzero(p, m)))
        return NULL;
    v->type = JB_VALUE_NUMBER;
    v->nk = JB_NUMBER_F64;
    v->u.num.n.d = d;
    v->u.num.text = NULL;
    v->u.num.len = 0;
    return p + m;
}

/* num_point's other cases: jb__scan_f64_point (the straight path again,
 * then the general one), num_double's checks. */
static JB_NOINLINE const char *num_point_slow(const jb_reader *r, const char *p, unsigned k,
                                              jb_value *v) {
    double d = 0;
    jb_status st = JB_OK;
    size_t m = jb__scan_f64_point(p, r->end, k, &d, &st);
    return num_double(r, p, m, d, st, v);
}

/* A double num_fast has seen the first k (1..7) digits and '.' of (ds at
 * the first digit, after an optional '-'): the straight scan (numscan.h)
 * in line. A straight token is in range and not a zero that is not (its
 * value is 0 only when its digits are), and 26 bytes remain from p, so
 * the byte after it is in the input: only the delimiter (which also turns
 * an exponent away) and max_number_len are left to check here. Through
 * jb__scan_f64_point it cost a call and the value and status passed back
 * through memory, about 20 instructions a double (out of line here it
 * cost more than it saved). */
JB_INLINE const char *num_point(const jb_reader *r, const char *p, const char *ds, unsigned k,
                                jb_value *v) {
#if JB_NUM_SWAR
    if (JB_LIKELY(r->end - p >= 26) && !(k > 1 && *ds == '0')) {
        double d;
        size_t m = jb__f64_point(p, ds, ds != p, k, &d);
        if (JB_LIKELY(m != 0 && jb__num_delim[(unsigned char)p[m]] && m <= r->max_number_len)) {
            v->type = JB_VALUE_NUMBER;
            v->nk = JB_NUMBER_F64;
            v->u.num.n.d = d;
            v->u.num.text = NULL;
            v->u.num.len = 0;
            return p + m;
        }
    }
#else
    (void)ds;
#endif
    return num_point_slow(r, p, k, v);
}

/*
 * A number at p into *v, in line for the common tokens: an integer of up
 * to 19 digits (8 digits a word), or a plain double (jb__scan_f64, one
 * pass). NULL: the general path (other integers, BIG, -0 handled by
 * scan_f64 too, faults, max_number_len).
 */
JB_INLINE const char *num_fast(const jb_reader *r, const char *p, jb_value *v) {
    bool neg;
    uint64_t mag = 0;
    size_t n, m;
    double d;
    jb_status st;
    /* A fraction within the first 8 bytes (most doubles: "-65.6136...")
     * goes straight to the double scan instead of scanning the integer
     * part twice. */
    if ((size_t)(r->end - p) >= 9) {
        const char *ds = p + (*p == '-');
        uint64_t w = jb__load64_le(ds) - JB_ZEROS8;
        unsigned k = jb__digit_count8(w);
        if (k < 8 && k > 0) {
            if ((unsigned char)(w >> (8 * k)) == (unsigned char)('.' - '0')) {
                /* what this word said is passed on: it is not read again */
                return num_point(r, p, ds, k, v);
            }
            /* An integer of up to 7 digits ends in this word (ids,
             * counts, indices): its value from the same word. The byte
             * after the digits is in the word too. A leading zero of
             * more than one digit, an exponent: the general path. */
            if (jb__num_delim[(unsigned char)ds[k]] && !(k > 1 && *ds == '0')) {
                mag = k == 1 ? (w & 0xF) : jb__digits_first(w, k);
                n = (size_t)(ds - p) + k;
                neg = ds != p;
                goto integer;
            }
        } else if (k == 8 && (size_t)(r->end - ds) >= 16 && *ds != '0') {
            /* 8 to 15 digits (citm_catalog's ids): the next word ends
             * them, and the byte after them is in it. */
            uint64_t w2 = jb__load64_le(ds + 8) - JB_ZEROS8;
            unsigned k2 = jb__digit_count8(w2);
            if (k2 < 8 && jb__num_delim[(unsigned char)ds[8 + k2]]) {
                mag = jb__digits8(w);
                if (k2) mag = mag * jb__pow10_u32[k2] + jb__digits_first(w2, k2);
                n = (size_t)(ds - p) + 8 + k2;
                neg = ds != p;
                goto integer;
            }
        }
    }
    n = jb__scan_uint19(p, r->end, &neg, &mag);
    if (JB_LIKELY(n && delim_at(r, p + n))) {
    integer: /* n bytes at p, a valid integer of magnitude mag, delimited */
        if (JB_UNLIKELY(n > r->max_number_len)) return NULL;
        if (neg) {
            if (mag - 1 > (uint64_t)INT64_MAX) return NULL;
            v->nk = JB_NUMBER_I64;
            v->u.num.n.i = -(int64_t)(mag - 1) - 1;
        } else if (mag <= (uint64_t)INT64_MAX) {
            v->nk = JB_NUMBER_I64;
            v->u.num.n.i = (int64_t)mag;
        } else {
            v->nk = JB_NUMBER_U64;
            v->u.num.n.u = mag;
        }
        v->type = JB_VALUE_NUMBER;
        v->u.num.text = NULL;
        v->u.num.len = 0;
        return p + n;
    }
    if (!n || p + n >= r->end || (p[n] != '.' && p[n] != 'e' && p[n] != 'E')) return NULL;
    m = jb__scan_f64(p, r->end, &d, &st);
    return num_double(r, p, m, d, st, v);
}

/* true/false/null at p in line (followed by a delimiter); NULL: general path. */
JB_INLINE const char *lit_fast(const jb_reader *r, const char *p, jb_value *v) {
    size_t room = (size_t)(r->end - p);
    uint32_t w;
    if (room < 4) return NULL;
    w = jb__load32(p);
    memset(v, 0, sizeof *v);
    if (w == jb__load32("true") && delim_at(r, p + 4)) {
        v->type = JB_VALUE_BOOL;
        v->u.b = true;
        return p + 4;
    }
    if (w == jb__load32("null") && delim_at(r, p + 4)) {
        v->type = JB_VALUE_NULL;
        return p + 4;
    }
    if (room >= 5 && w == jb__load32("fals") && p[4] == 'e' && delim_at(r, p + 5)) {
        v->type = JB_VALUE_BOOL;
        return p + 5;
    }
    return NULL;
}

/* What a value's first byte starts, for the loop's dispatch: one load and
 * a jump over five dense cases, where a switch over the bytes themselves
 * compiles to a tree of about ten compares. */
enum { V_OTHER, V_STR, V_OPEN, V_LIT, V_NUM };
static const unsigned char vclass[256] = {
    ['"'] = V_STR, ['{'] = V_OPEN, ['['] = V_OPEN, ['t'] = V_LIT, ['f'] = V_LIT, ['n'] = V_LIT,
    ['-'] = V_NUM, ['0'] = V_NUM,  ['1'] = V_NUM,  ['2'] = V_NUM, ['3'] = V_NUM, ['4'] = V_NUM,
    ['5'] = V_NUM, ['6'] = V_NUM,  ['7'] = V_NUM,  ['8'] = V_NUM, ['9'] = V_NUM,
};

/* The most elements a small array holds in a local before it needs a
 * frame (canada's coordinate pairs, citm_catalog's id lists). */
#define SMALL_N 8

/*
 * The array opened at p (its '['), when it holds at most SMALL_N scalars
 * that the in-line paths take (str_fast, num_fast, lit_fast) between
 * whitespace that ws_item_fast takes: its elements are read into tmp with
 * no frame and no scratch push. Returns the byte after its ']' with *k
 * elements in tmp. NULL at anything else, which it leaves for the loop,
 * recording nothing: *k elements (maybe 0) are in tmp, the k-th ends at
 * *resume, and the loop goes on from there as if it had read them itself
 * (its 'after' state: it takes, and reports, whatever follows). Strings
 * are str_fast's: the same arena allocations as the loop's.
 */
JB_INLINE const char *small_array(jb_reader *r, pctx *c, const char *p, jb_value *tmp, size_t *k,
                                  const char **resume) {
    size_t n = 0;
    const char *q;
    *k = 0;
    if (!(p = ws_item_fast(r, c, p + 1))) return NULL;
    if (p < r->end && *p == ']') return p + 1;
    for (;;) {
        jb_value *v = &tmp[n];
        if (p >= r->end) return NULL;
        switch (vclass[(unsigned char)*p]) {
        case V_STR:
            if (!(q = str_out(r, c, p, &v->u.str))) return NULL;
            v->type = JB_VALUE_STRING;
            v->nk = c->clean;
            break;
        case V_NUM:
            if (!(q = num_fast(r, p, v))) return NULL;
            break;
        case V_LIT:
            if (!(q = lit_fast(r, p, v))) return NULL;
            break;
        default: return NULL;
        }
        *k = ++n;
        *resume = p = q;
        if (JB_UNLIKELY(p >= r->end)) return NULL;
        if (*p != ',') {
            if (!(p = ws_item_fast(r, c, p)) || p >= r->end) return NULL;
            if (*p == ']') return p + 1;
            if (*p != ',') return NULL;
        }
        if (n == SMALL_N) return NULL;
        if (!(p = ws_item_fast(r, c, p + 1)) || p >= r->end || *p == ']') return NULL;
    }
}

/* n nodes from src as the parsed array *v: one block holding the nodes,
 * then the pointers to them, as close_array makes. */
JB_INLINE jb_status fill_array(jb_reader *r, jb_value *v, const jb_value *src, size_t n,
                               const char *open) {
    jb_value *nodes, **items;
    v->type = JB_VALUE_ARRAY;
    v->nk = 0;
    v->u.arr.items = NULL;
    v->u.arr.len = v->u.arr.cap = n;
    if (n == 0) return JB_OK;
    /* n <= SMALL_N: the size cannot overflow */
    nodes = jb__arena_alloc(r->arena, n * (sizeof(jb_value) + sizeof(jb_value *)),
                            _Alignof(jb_value));
    if (!nodes) return r_nomem(r, open);
    items = (jb_value **)(void *)(nodes + n);
    for (size_t i = 0; i < n; i++) {
        nodes[i] = src[i];
        items[i] = &nodes[i];
    }
    v->u.arr.items = items;
    return JB_OK;
}

/*
 * Room for one element on the scratch stack (a member's orec, an array's
 * node) with no padding to compute: on 64-bit targets every size the
 * parse pushes is a multiple of 16 (ELEM_SIZES_16) and the stack top is
 * then at a multiple of 16 at every element push. A container's elements are pushed after
 * its frame, which jb__scratch_push placed at a multiple of 16, or after
 * one another; a nested container is popped back before the next element,
 * and a new segment starts 16-aligned (jb_block). So each lands where
 * jb__scratch_push would place it, which the closes (kids_in_place,
 * kids_spanned) rely on. About four instructions fewer a push.
 */
#define ELEM_SIZES_16 \
    (sizeof(pframe) % 16 == 0 && sizeof(orec) % 16 == 0 && sizeof(jb_value) % 16 == 0)
static inline void *elem_push(jb_arena *a, size_t size) {
    char *p = a->spos;
    /* Where a size is not a multiple of 16 (32-bit targets: a node is 20
     * bytes on i386), the general push and its pad; a constant test. */
    if (!ELEM_SIZES_16) return jb__scratch_push(a, size, 1);
    if (JB_LIKELY(size <= (size_t)(a->send - p))) {
        /* room in a segment: p is in it, not NULL (said, so that the
         * caller's NULL test is left to the slow path) */
#if defined(__GNUC__)
        if (!p) __builtin_unreachable();
#endif
        a->spos = p + size;
        return p;
    }
    return jb__scratch_push_slow(a, size);
}

/* Open the container at p whose node is *slot: push its frame. */
static pframe *open_frame(jb_reader *r, pframe *up, jb_value *slot, const char *p) {
    jb_scratch_mark self = jb__scratch_mark(r->arena);
    pframe *f;
    if (JB_UNLIKELY(r->depth >= r->max_depth)) {
        jb__r_fail(r, JB_E_DEPTH, p, "nesting deeper than %u levels (max_depth)",
                   (unsigned)r->max_depth);
        return NULL;
    }
    f = jb__scratch_push(r->arena, sizeof *f, _Alignof(pframe));
    if (JB_UNLIKELY(!f)) {
        r_nomem(r, p);
        return NULL;
    }
    f->up = up;
    f->slot = slot;
    f->open = p;
    f->self = self;
    f->kids = jb__scratch_mark(r->arena);
    f->n = 0;
    f->obj = *p == '{';
    f->dirty = false;
    f->no_small = false;
    f->close = f->obj ? '}' : ']';
    r->depth++;
    return f;
}

/*
 * An array's numbers one after another (mesh, numbers: thousands of
 * them), p on a number and v pushed for it: each number by num_fast,
 * then a ',', no whitespace or one space, and the next number's first
 * byte, with the loop's checks in its order (max_members; a push that
 * fails) and none of its dispatch: some 30 instructions fewer a number
 * than the loop (mesh: 12.9M to 10.7M a parse). Returns the byte after the last number
 * read, for the loop's 'after' (which reads what follows again and
 * reports); NULL when num_fast does not take a number, r->p on it, for
 * the loop's 'value' (its node is the scratch stack's top). Out of line: in the loop, a third
 * copy of num_fast made gcc spill registers on every path (citm_catalog
 * +6 %).
 */
static JB_NOINLINE const char *num_run(jb_reader *r, const pctx *c, pframe *f, const char *p,
                                       jb_value *v) {
    jb_arena *a = r->arena;
    for (;;) {
        const char *q = num_fast(r, p, v), *e;
        if (JB_UNLIKELY(!q)) {
            r->p = p; /* v, the stack's top, is the loop's slot */
            return NULL;
        }
        p = q;
        if (JB_UNLIKELY(p >= r->end || *p != ',')) break;
        e = p + 1;
        if (e < r->end && *e == ' ') e++;
        /* a number's first byte ends the whitespace: no other check */
        if (JB_UNLIKELY(e >= r->end) || vclass[(unsigned char)*e] != V_NUM ||
            JB_UNLIKELY(f->n >= c->maxm))
            break;
        if (JB_UNLIKELY(!(v = elem_push(a, sizeof(jb_value))))) break;
        f->n++;
        p = e;
    }
    return p;
}

/*
 * An array's small arrays one after another (canada's coordinate pairs:
 * thousands of them in each ring), p on a '[' and v pushed for it: each
 * by small_array and fill_array, then a ',', no whitespace or one space,
 * and the next '[', with the loop's checks in its order (max_members, the
 * depth a small array takes, a push that fails) and none of its dispatch.
 * Returns the byte after the last array read, for the loop's 'after';
 * NULL, with r->code set, when fill_array failed (recorded), else with
 * r->p on an array small_array did not take, for the loop's 'value' (its
 * node is the scratch stack's top), and f->no_small set so that the rest
 * of f's elements take the loop (small_array would read each twice). Out
 * of line, as num_run.
 */
static JB_NOINLINE const char *small_run(jb_reader *r, pctx *c, pframe *f, const char *p,
                                         jb_value *v) {
    jb_arena *a = r->arena;
    jb_value tmp[SMALL_N];
    for (;;) {
        size_t k = 0;
        const char *resume = NULL, *q = small_array(r, c, p, tmp, &k, &resume), *e;
        if (JB_UNLIKELY(!q)) {
            f->no_small = true;
            r->p = p;
            /* The loop reads this array again from its '[': its strings
             * that small_array placed (in a window that may have opened
             * after them) get new windows, as the window assumes strings
             * come in input order (str_fast's t < hi). */
            c->win.hi = p;
            return NULL;
        }
        if (JB_UNLIKELY(fill_array(r, v, tmp, k, p) != JB_OK)) return NULL;
        p = q;
        if (JB_UNLIKELY(p >= r->end || *p != ',')) break;
        e = p + 1;
        if (e < r->end && *e == ' ') e++;
        if (JB_UNLIKELY(e >= r->end) || *e != '[' || JB_UNLIKELY(f->n >= c->maxm)) break;
        if (JB_UNLIKELY(!(v = elem_push(a, sizeof(jb_value))))) break;
        f->n++;
        p = e;
    }
    return p;
}

/* Append the failing element's place in every open container to the path
 * (innermost first). The innermost frame counts only when the failure was
 * inside its current element's value (in_value); every outer frame is
 * always inside one (the container being read). An object's current
 * member is its last record: the stack's top for the innermost frame
 * (nothing is pushed while a scalar value is read), else right below the
 * mark its child frame took before its push (in the same segment: the
 * record was the last push before it). The loop keeps no pointer to it. */
static void parse_path(jb_reader *r, const pframe *f, bool in_value) {
    const pframe *child = NULL;
    for (; f; child = f, f = f->up, in_value = true) {
        if (!in_value) continue;
        if (f->obj) {
            const char *end = child ? ((const jb_block *)child->self.seg)->data + child->self.off
                                    : r->arena->spos;
            const orec *rec = (const orec *)(const void *)(end - sizeof(orec));
            jb__path_key(&r->path, rec->key.ptr, rec->key.len);
        } else {
            jb__path_index(&r->path, f->n - 1);
        }
    }
}

/* The loop (see the top of the file): r->p on a value, whitespace
 * skipped; strings by c. */
static jb_status parse_run(jb_reader *r, pctx *c, jb_value **out) {
    jb_arena *a = r->arena;
    const jb_scratch_mark base = jb__scratch_mark(a);
    const uint32_t depth0 = r->depth;
    const char *p = r->p, *q;
    pframe *f = NULL;
    jb_value *slot, *root;
    bool in_value = false;
    char fb[16];

    *out = NULL;
    if (!(root = jb__arena_alloc(a, sizeof *root, _Alignof(jb_value)))) {
        r_nomem(r, p);
        goto fail;
    }
    slot = root;
value: /* p is on a value (whitespace skipped); it goes to *slot */
    if (JB_UNLIKELY(p >= r->end)) {
        jb__r_fail(r, JB_E_SYNTAX, p, "expected value, found end of input");
        goto fail;
    }
    switch (vclass[(unsigned char)*p]) {
    case V_STR:
        in_value = true;
        slot->type = JB_VALUE_STRING;
        if (JB_LIKELY((q = str_fast(r, c, p, &slot->u.str)) != NULL)) {
            slot->nk = c->clean; /* str_fast's scan checked every byte */
            p = q;
            goto after;
        }
        slot->nk = 0;
        r->p = p;
        if (str_slow(r, c, &slot->u.str)) goto fail;
        p = r->p;
        goto after;
    case V_OPEN: {
        pframe *nf;
        jb_value tmp[SMALL_N];
        size_t k = 0;
        const char *resume = NULL;
        if (*p == '[' && c->small_ok && r->depth < r->max_depth) {
            if ((q = small_array(r, c, p, tmp, &k, &resume)) != NULL) {
                if (fill_array(r, slot, tmp, k, p)) goto fail;
                p = q;
                goto after;
            }
        }
        if (!(nf = open_frame(r, f, slot, p))) goto fail;
        f = nf;
        in_value = false;
        if (k) {
            /* The small array's elements become the frame's, as if the
             * loop had read them; it goes on after the last one. */
            for (size_t i = 0; i < k; i++) {
                jb_value *e = elem_push(a, sizeof(jb_value));
                if (JB_UNLIKELY(!e)) {
                    r_nomem(r, p);
                    goto fail;
                }
                *e = tmp[i];
            }
            f->n = k;
            p = resume;
            goto after;
        }
        if (!(p = pws_item(r, c, p + 1))) goto fail;
        if (p < r->end && *p == f->close) {
            p++;
            goto close;
        }
        goto element;
    }
    case V_LIT:
        in_value = true;
        if (JB_LIKELY((q = lit_fast(r, p, slot)) != NULL)) {
            p = q;
            goto after;
        }
        break;
    case V_NUM:
        in_value = true;
        if (JB_LIKELY((q = num_fast(r, p, slot)) != NULL)) {
            p = q;
            goto after;
        }
        break;
    default:
        /* whitespace: only after a key's ": " (every other path to
         * 'value' skipped it), which left the rest here */
        if (c->wst[(unsigned char)*p]) {
            if (JB_UNLIKELY(!(q = pws(r, c, p)))) goto fail;
            if (q != p) {
                p = q;
                goto value;
            }
        }
        in_value = true;
        break;
    }
    r->p = p;
    if (scalar_slow(r, c, slot)) goto fail;
    p = r->p;
after: /* a value is complete */
    if (!f) goto done;
    in_value = false;
    /* The ',' straight after the value (minified, and every value that
     * ends a line in pretty-printed text before its comma) needs no
     * whitespace call. */
    if (JB_LIKELY(p < r->end && *p == ',')) goto comma;
    if (JB_UNLIKELY(!(p = pws(r, c, p)))) goto fail;
    if (JB_LIKELY(p < r->end && *p == ',')) goto comma;
    if (p < r->end && *p == f->close) {
        p++;
        goto close;
    }
    jb__r_fail(r, JB_E_SYNTAX, p, "expected ',' or '%c', found %s", f->close,
               jb__r_found(r, p, fb));
    goto fail;
comma: /* p is on the ',' after an element */
    {
        const char *at = p;
        /* a line break first (pretty-printed text: every element on a
         * line of its own), then what pws_item takes */
        if (p + 1 < r->end && p[1] == '\n' && (q = ws_indent(r, p + 1)) != NULL)
            p = q;
        else if (JB_UNLIKELY(!(p = pws_item(r, c, p + 1))))
            goto fail;
        /* an object's next key: no close byte to test (the key's '"' is
         * none), the member limit, then the key */
        if (JB_LIKELY(p < r->end && *p == '"') && f->obj) {
            if (JB_UNLIKELY(f->n >= c->maxm)) goto over;
            goto key;
        }
        if (JB_UNLIKELY(p < r->end && *p == f->close)) {
            if (!(r->flags & JB_READ_ALLOW_TRAILING_COMMAS)) {
                jb__r_fail(r, JB_E_SYNTAX, at, "trailing comma before '%c' not allowed",
                           f->close);
                goto fail;
            }
            p++;
            goto close;
        }
        if (JB_UNLIKELY(f->n >= c->maxm)) {
        over:
            jb__r_fail(r, JB_E_LIMIT, p, "more than %zu %s (max_members)", r->max_members,
                       f->obj ? "members in an object" : "elements in an array");
            goto fail;
        }
    }
element: /* p is on the next element (whitespace skipped) */
    if (f->obj) {
        orec *rec;
        if (JB_UNLIKELY(p >= r->end || *p != '"')) {
            jb__r_fail(r, JB_E_SYNTAX, p, "expected string key, found %s", jb__r_found(r, p, fb));
            goto fail;
        }
    key: /* p on a key's '"' in object f */
        if (JB_UNLIKELY(!(rec = elem_push(a, sizeof *rec)))) {
            r_nomem(r, p);
            goto fail;
        }
        if (JB_LIKELY((q = str_fast(r, c, p, &rec->key)) != NULL)) {
            p = q;
        } else {
            r->p = p;
            if (str_slow(r, c, &rec->key)) goto fail;
            p = r->p;
            f->dirty = true;
        }
        f->n++;
        /* ": " straight after the key (every pretty-printed file of the
         * corpus) in one 2-byte compare; else the ':' straight after the
         * key, then one space or none before the value. */
        if (JB_LIKELY(r->end - p >= 2 && load16(p) == load16(": "))) {
            /* whitespace after it: 'value' skips it (its default case) */
            p += 2;
            slot = &rec->node;
            goto value;
        }
        if (JB_UNLIKELY(p >= r->end || *p != ':')) {
            if (JB_UNLIKELY(!(p = pws(r, c, p)))) goto fail;
            if (JB_UNLIKELY(p >= r->end || *p != ':')) {
                jb__r_fail(r, JB_E_SYNTAX, p, "expected ':' after key, found %s",
                           jb__r_found(r, p, fb));
                goto fail;
            }
        }
        p++;
        if (JB_LIKELY(r->end - p >= 2 && *p == ' ' && !c->wst[(unsigned char)p[1]])) {
            p++;
        } else if (JB_UNLIKELY(!(p = pws(r, c, p)))) {
            goto fail;
        }
        slot = &rec->node;
    } else {
        if (JB_UNLIKELY(!(slot = elem_push(a, sizeof(jb_value))))) {
            r_nomem(r, p);
            goto fail;
        }
        f->n++;
        if (JB_LIKELY(p < r->end) && vclass[(unsigned char)*p] == V_NUM) {
            /* a run of numbers, out of line (num_run) */
            if (!(q = num_run(r, c, f, p, slot))) {
                /* at a number num_fast did not take: its node is the
                 * stack's top */
                p = r->p;
                slot = (jb_value *)(void *)(a->spos - sizeof(jb_value));
                goto value;
            }
            p = q;
            goto after;
        }
        if (JB_LIKELY(p < r->end) && *p == '[' && !f->no_small && c->small_ok &&
            r->depth < r->max_depth) {
            /* a run of small arrays, out of line (small_run) */
            if (!(q = small_run(r, c, f, p, slot))) {
                if (r->code) goto fail;
                /* at an array small_array did not take: the loop's
                 * V_OPEN takes it from its node, the stack's top */
                p = r->p;
                slot = (jb_value *)(void *)(a->spos - sizeof(jb_value));
                goto value;
            }
            p = q;
            goto after;
        }
    }
    goto value;
close: /* f's closing byte was consumed */
    r->p = p;
    if ((f->obj ? close_object(r, c, f) : close_array(r, f)) != JB_OK) goto fail;
    r->depth--;
    {
        pframe *up = f->up;
        jb__scratch_pop(a, f->self);
        f = up;
    }
    goto after;
done:
    r->p = p;
    *out = root;
    return JB_OK;
fail:
    parse_path(r, f, in_value);
    jb__scratch_release(a, base);
    r->depth = depth0;
    return r->code ? r->code : JB_E_SYNTAX;
}

jb_status jb__value_decode(jb_reader *r, jb_value **out) {
    pctx c;
    c.k = kern_picked();
    c.maxs = r->max_string_len;
    c.utf8 = !(r->flags & JB_READ_ALLOW_INVALID_UTF8);
    c.clean = c.utf8 ? JB_STR_CLEAN : 0;
    c.borrow = (r->flags & JB_READ_BORROW_STRINGS) != 0;
    c.wst = (r->flags & JB_READ_ALLOW_COMMENTS) ? ws_comments : ws_plain;
    c.maxm = r->max_members ? r->max_members : SIZE_MAX;
    c.small_ok = c.maxm >= SMALL_N;
    c.win.hi = r->p;
    c.win.delta = 0;
    c.win.next = WIN_FIRST;
    return parse_run(r, &c, out);
}

/* jb_value_parse and jb_value_parse_prefix (consumed not NULL: stop after
 * the value, its end to *consumed; max_doc_size then bounds the value). */
static jb_status parse_doc(const char *json, size_t len, jb_value **out, jb_arena *arena,
                           const jb_read_options *opts, size_t *consumed, jb_error *err) {
    jb_reader r;
    jb_arena_mark am;
    jb_scratch_mark sm;
    jb_status st;
    pctx c;
    if (consumed) *consumed = 0;
    if (!out) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "out is NULL");
        return JB_E_ARG;
    }
    *out = NULL;
    if (!arena || (!json && len)) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, arena ? "json is NULL" : "arena is NULL");
        return JB_E_ARG;
    }
    if (!json) json = "";
    jb__r_init(&r, json, len, arena, opts);
    am = jb__arena_mark(arena);
    sm = jb__scratch_mark(arena);
    if (!consumed && len > r.max_doc_size) {
        jb__r_fail(&r, JB_E_LIMIT, r.p, "document of %zu bytes is over the %zu-byte limit", len,
                   r.max_doc_size);
        goto fail;
    }
    c.k = kern_picked();
    c.maxs = r.max_string_len;
    c.utf8 = !(r.flags & JB_READ_ALLOW_INVALID_UTF8);
    c.clean = c.utf8 ? JB_STR_CLEAN : 0;
    c.borrow = (r.flags & JB_READ_BORROW_STRINGS) != 0;
    c.wst = (r.flags & JB_READ_ALLOW_COMMENTS) ? ws_comments : ws_plain;
    c.maxm = r.max_members ? r.max_members : SIZE_MAX;
    c.small_ok = c.maxm >= SMALL_N;
    c.win.hi = r.p;
    c.win.delta = 0;
    c.win.next = WIN_FIRST;
    if (jb__r_ws(&r) || parse_run(&r, &c, out)) goto fail;
    if (jb__r_doc_end(&r, json, consumed)) goto fail;
    jb__scratch_release(arena, sm);
    return JB_OK;
fail:
    st = r.code ? r.code : JB_E_SYNTAX;
    jb__error_fill(err, st, json, r.err_offset, &r.path, r.message);
    jb__scratch_release(arena, sm);
    jb__arena_rollback(arena, am);
    *out = NULL;
    return st;
}

jb_status jb_value_parse(const char *json, size_t len, jb_value **out, jb_arena *arena,
                         const jb_read_options *opts, jb_error *err) {
    return parse_doc(json, len, out, arena, opts, NULL, err);
}

jb_status jb_value_parse_prefix(const char *json, size_t len, jb_value **out, jb_arena *arena,
                                const jb_read_options *opts, size_t *consumed, jb_error *err) {
    size_t dummy;
    return parse_doc(json, len, out, arena, opts, consumed ? consumed : &dummy, err);
}
