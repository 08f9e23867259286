/* SPDX-License-Identifier: MIT */
/*
 * decode.c — the decoder engine: reads JSON with the scanner (read.c) and
 * fills the C value through the descriptor's plan. No tree in between;
 * every allocation comes from the caller's arena.
 *
 * No recursion that input can drive: each open container (record object,
 * tuple, fixed array, vector, map, sum) is a frame on the arena's scratch
 * stack, and one loop (jb__dec_run) steps the innermost frame. A frame
 * reads its members itself; a member that is a leaf (number, string, ...)
 * is decoded on the spot, a member that is a container pushes a frame and
 * the loop goes on with it; when it completes, it is popped and its parent
 * resumes. Pointers and unwrapped records push nothing: the pointee or
 * field is decoded in their place. Stack use is constant whatever the
 * nesting; the depth limit (max_depth) bounds the frames. The frames are
 * in decode_frame.h; sums, one frame kind, are stepped in decode_sum.c.
 *
 * Failure: the first error is recorded in the reader (code, offset,
 * message); the loop then pops the frames, each adding its path segment
 * (the key or index of the member that failed) and restoring what it
 * changed, until an untagged sum can try its next case or none is left;
 * jb_decode then fills jb_error, rolls the arena back and zeroes the output.
 */
#include "codegen.h"
#include "decode_frame.h"
#include "numscan.h"
#include "suggest.h"
#include "value.h"

/* ------------------------------------------------------------------ */
/* Starting a value                                                    */
/* ------------------------------------------------------------------ */

JB_INLINE jb_status leaf_record(jb_reader *r, const jb_plan *pl, char *base, const char *open,
                                frame **top);

/* Whitespace after a key's ':' at p: none or one space in line, else
 * the reader's. Returns the byte after it, or NULL (failure recorded). */
static inline const char *ws_value(jb_reader *r, const char *p) {
    if (JB_LIKELY(p + 1 < r->end)) {
        if ((unsigned char)*p > ' ' && *p != '/') return p;
        if (*p == ' ' && (unsigned char)p[1] > ' ' && p[1] != '/') return p + 1;
    }
    r->p = p;
    return jb__r_ws(r) ? NULL : r->p;
}

/* Whitespace after a member's ',' at p: none (minified input), or a line
 * break and up to 32 spaces (pretty-printed input: read.h's
 * jb__ws_nl_spaces in line, where jb__r_ws would test for one space and
 * call); anything else through the reader. NULL: failure recorded. */
static inline const char *ws_member(jb_reader *r, const char *p) {
    const char *end = r->end;
    if (JB_LIKELY(p < end)) {
        unsigned char c = (unsigned char)*p;
        if (c > ' ' && c != '/') return p;
        if (c == '\n' && end - p >= 34) {
            const char *q = jb__ws_nl_spaces(p);
            if (JB_LIKELY(q != NULL)) return q;
        }
    }
    r->p = p;
    return jb__r_ws_slow(r) ? NULL : r->p;
}

/*
 * After a member or element at p (the value just read), in a container
 * closed by `close`: the ',' and the whitespace after it (none, one space,
 * or a line break and its indentation) when the next value starts there
 * (1, *pp on it), or the whitespace before the close and the close itself
 * (0, *pp past it, the depth left), in line; everything else (whitespace
 * before a ',', a trailing comma, comments, errors) through jb__dec_next
 * from p, which reads the same bytes the same way. -1: failure recorded.
 */
JB_INLINE int after_value(jb_reader *r, const char **pp, char close) {
    const char *p = *pp, *end = r->end, *q;
    if (JB_LIKELY(end - p >= 2)) {
        if (*p == ',') {
            unsigned char c = (unsigned char)p[1];
            q = p + 1;
            if (c > ' ' && c != '/' && c != (unsigned char)close) {
                *pp = q;
                return 1;
            }
            if (c == '\n' && end - q >= 34) {
                q = jb__ws_nl_spaces(q);
            } else if (c == ' ' && end - q >= 2 && (unsigned char)q[1] > ' ' && q[1] != '/') {
                q++;
            } else {
                q = NULL;
            }
            if (q && *q != close) {
                *pp = q;
                return 1;
            }
        } else {
            q = p;
            if (*q == '\n' && end - q >= 34) q = jb__ws_nl_spaces(q);
            if (q && *q == close) {
                *pp = q + 1;
                r->depth--;
                return 0;
            }
        }
    }
    r->p = p;
    int m = jb__dec_next(r, close);
    *pp = r->p;
    return m;
}

/* jb__dec_next through after_value: the common shapes in line. */
JB_INLINE int dec_next(jb_reader *r, char close) {
    const char *p = r->p;
    int m = after_value(r, &p, close);
    r->p = p;
    return m;
}

/* jb__dec_enter with r->p on '{' or '[': the depth check, then the
 * whitespace after it, a line break and its indentation in line
 * (ws_member). */
JB_INLINE jb_status dec_enter(jb_reader *r) {
    if (JB_UNLIKELY(r->depth >= r->max_depth)) return jb__dec_enter(r);
    r->depth++;
    const char *q = ws_member(r, r->p + 1);
    if (JB_UNLIKELY(!q)) return r->code;
    r->p = q;
    return JB_OK;
}

/* '[' of a tuple or fixed array (pl NULL: t->elem each) of n elements. */
int jb__dec_start_fixed(jb_reader *r, frame **top, const jb_type *t, const jb_plan *pl, char *out,
                        size_t n) {
    const char *at = r->p;
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '[')) return jb__dec_type_error(r, t), S_FAIL;
    if (dec_enter(r)) return S_FAIL;
    frame *f = push_frame(r, top, F_FIXED, at);
    if (!f) return S_FAIL;
    fixed_frame *s = &f->u.fix;
    s->t = t;
    s->pl = pl;
    s->out = out;
    s->n = n;
    s->i = 0;
    s->in_child = false;
    s->more = jb__dec_first(r, ']');
    return S_PUSHED;
}

static int start_vec(jb_reader *r, frame **top, const jb_type *t, char *out) {
    const char *at = r->p;
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '[')) return jb__dec_type_error(r, t), S_FAIL;
    if (dec_enter(r)) return S_FAIL;
    if (!jb__dec_first(r, ']')) { /* [] */
        memset(out, 0, sizeof(anyvec));
        return S_LEAF;
    }
    frame *f = push_frame(r, top, F_VEC, at);
    if (!f) return S_FAIL;
    vec_frame *s = &f->u.vec;
    s->et = t->elem;
    s->out = out;
    s->es = t->elem->size;
    s->ea = jb__dec_align(t->elem);
    s->n = 0;
    /* scalars are written whole by their decoder: no need to zero them first */
    s->zero = t->elem->kind > JB_KIND_F64;
    s->in_child = false;
    s->sm = jb__scratch_mark(r->arena);
    s->more = 1;
    return S_PUSHED;
}

static int start_map(jb_reader *r, frame **top, const jb_type *t, char *out) {
    jb_key_mode km = t->key_mode ? t->key_mode : jb__scope_key_mode(r->scope);
    bool obj = jb__map_is_object(t->key, km);
    char open = obj ? '{' : '[';
    if (JB_UNLIKELY(r->p >= r->end || *r->p != open)) return jb__dec_type_error(r, t), S_FAIL;
    const char *at = r->p;
    if (dec_enter(r)) return S_FAIL;
    frame *f = push_frame(r, top, F_MAP, at);
    if (!f) return S_FAIL;
    map_frame *s = &f->u.map;
    s->t = t;
    s->out = out;
    s->at = at;
    s->obj = obj;
    s->text_key =
        km == JB_KEYS_JSON_TEXT && t->key->kind != JB_KIND_CSTR && t->key->kind != JB_KIND_STR;
    s->close = obj ? '}' : ']';
    s->sorted = jb__map_sorted(t, r->scope);
    jb__map_layout(t, &s->es, &s->vo);
    size_t ka = jb__dec_align(t->key), va = jb__dec_align(t->elem);
    s->ea = ka > va ? ka : va;
    s->n = 0;
    s->part = M_MEMBER;
    s->in_member = false;
    s->sm = jb__scratch_mark(r->arena);
    s->more = jb__dec_first(r, s->close);
    return S_PUSHED;
}

/* Kinds decoded by one call that reads no typed value inside: arrays of
 * them need no frame. (Custom codecs and `any` are leaves too, but go
 * through jb__dec_start.) */
static inline bool flat_kind(jb_kind k) { return jb__kind_flat(k); }

/* A value of a flat kind. */
static inline jb_status dec_flat(jb_reader *r, const jb_type *t, void *out) {
    switch (t->kind) {
    case JB_KIND_BOOL: return jb__dec_bool(r, (bool *)out);
    case JB_KIND_F32:
    case JB_KIND_F64: return jb__dec_float(r, t, out);
    case JB_KIND_CSTR: return jb__dec_cstr(r, (char **)out);
    case JB_KIND_STR: return jb__dec_str(r, (jb_str *)out);
    case JB_KIND_CHAR: return jb__dec_char(r, (uint32_t *)out);
    case JB_KIND_ENUM: return jb__dec_enum(r, t, out);
    case JB_KIND_RAW: return jb__dec_raw(r, (jb_str *)out);
    case JB_KIND_NUMBER: return jb__dec_number_text(r, t, (jb_str *)out);
    default: return jb__dec_int(r, t, out);
    }
}

/* A fixed array of n met more elements (r->p on the extra one), or
 * closed after `got`. */
static int fixed_more(jb_reader *r, const jb_type *t, size_t n) {
    if (!jb__at_value(r)) return jb__dec_type_error(r, t), S_FAIL;
    jb__r_fail(r, JB_E_TYPE, r->p, "expected an array of %zu elements, found more", n);
    return S_FAIL;
}
static int fixed_short(jb_reader *r, size_t n, size_t got) {
    jb__r_fail(r, JB_E_TYPE, r->p - 1, "expected an array of %zu elements, found %zu", n, got);
    return S_FAIL;
}

/* A double as an element of an array or vector: the straight scan
 * (numscan.h) in line, here only (in the leaf switch it made every other
 * value's path heavier); every other form through jb__dec_f64. */
static inline jb_status elem_f64(jb_reader *r, double *out) {
#if JB_NUM_SWAR
    const char *p = r->p;
    double d;
    size_t n = jb__scan_f64_straight(p, r->end, &d);
    /* a straight token leaves 5 bytes of the 26 it needs: p[n] is input */
    if (JB_LIKELY(n && jb__num_delim[(unsigned char)p[n]] && n <= r->max_number_len)) {
        *out = d;
        r->p = p + n;
        return JB_OK;
    }
#endif
    return jb__dec_f64(r, out);
}

#if JB_NUM_SWAR
/*
 * A fixed array of n >= 1 doubles written minified, "[d,d,...]" with
 * every double of the straight scan's shape (numscan.h) and nothing
 * between the tokens (canada's points): read whole in line, no call, p
 * past its ']'. The ',' and the ']' are the delimiters the scan needs
 * after a token. NULL for anything else (the depth at its limit, another
 * shape, whitespace, a long token), r untouched: out may hold some of the
 * values, which flat_fixed_general then reads again from p.
 */
JB_INLINE const char *f64_array_min(const jb_reader *r, const char *p, double *out, size_t n) {
    const char *end = r->end;
    if (JB_UNLIKELY(r->depth >= r->max_depth || p >= end || *p != '[')) return NULL;
    p++;
    for (size_t i = 0; i < n; i++) {
        double d;
        size_t k = jb__scan_f64_straight(p, end, &d);
        /* a straight token leaves 5 of the 26 bytes it needs: p[k] is input */
        if (!k || k > r->max_number_len || p[k] != (i + 1 < n ? ',' : ']')) return NULL;
        out[i] = d;
        p += k + 1;
    }
    return p;
}
#endif

/* A fixed array of a flat kind, in one loop (no frame: nothing nests). */
static int flat_fixed_general(jb_reader *r, const jb_type *t, char *out) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '[')) return jb__dec_type_error(r, t), S_FAIL;
    if (dec_enter(r)) return S_FAIL;
    const jb_type *et = t->elem;
    const bool f64 = et->kind == JB_KIND_F64;
    size_t n = t->count, es = et->size, i = 0;
    const char *p = r->p;
    int more = 1;
    if (JB_UNLIKELY(p < r->end && *p == ']')) {
        r->p = p + 1;
        r->depth--;
        more = 0;
    }
    while (more > 0) {
        if (JB_UNLIKELY(i == n)) return fixed_more(r, t, n);
        jb_status st =
            f64 ? elem_f64(r, (double *)(void *)(out + i * es)) : dec_flat(r, et, out + i * es);
        if (JB_UNLIKELY(st)) {
            jb__path_index(&r->path, i);
            return S_FAIL;
        }
        i++;
        p = r->p;
        more = after_value(r, &p, ']');
        r->p = p;
    }
    if (more < 0) return S_FAIL;
    return i == n ? S_LEAF : fixed_short(r, n, i);
}

JB_INLINE int flat_fixed(jb_reader *r, const jb_type *t, char *out) {
#if JB_NUM_SWAR
    if (t->elem->kind == JB_KIND_F64 && t->count) {
        const char *q = f64_array_min(r, r->p, (double *)(void *)out, t->count);
        if (JB_LIKELY(q != NULL)) {
            r->p = q;
            return S_LEAF;
        }
    }
#endif
    return flat_fixed_general(r, t, out);
}

#define collect(r, sm, n, es, ea, v) jb__dec_collect(r, sm, n, es, ea, v)

/* How a vector's elements are read without a frame (leaf_vec): a flat
 * kind, a fixed array of one, or a record whose fields are all leaves
 * (pl->leaf_fields, unscoped, not unwrapped: leaf_record). LV_NONE: the
 * vector's frame (start_vec). */
enum { LV_FLAT, LV_FIXED, LV_RECORD, LV_NONE };

static inline int leaf_vec_mode(const jb_type *et, const jb_plan **pl) {
    if (flat_kind(et->kind)) return LV_FLAT;
    if (et->kind == JB_KIND_ARRAY)
        return et->elem && flat_kind(et->elem->kind) ? LV_FIXED : LV_NONE;
    if (et->kind == JB_KIND_RECORD) {
        const jb_plan *p = jb__plan_get(et); /* not compiled yet: start_vec compiles it */
        if (p && p->leaf_fields && !p->scoped && !p->unwrap) {
            *pl = p;
            return LV_RECORD;
        }
    }
    return LV_NONE;
}

/* Zero a record's slot: es bytes, a multiple of 8 up to 64 in line. */
static inline void zero_slot(char *slot, size_t es) {
    if ((es & 7) == 0 && es <= 64) {
        for (size_t i = 0; i < es; i += 8) memset(slot + i, 0, 8);
    } else {
        memset(slot, 0, es);
    }
}

/*
 * A vector whose elements need no frame, in one loop: the elements on the
 * scratch stack, gathered at the ']' as start_vec's frame does, the
 * element read as jb__dec_start would read it (same checks, same order,
 * same errors: a record's key, then the index, join the path). `mode` is
 * a constant where leaf_vec calls it, so each kind gets its own loop.
 */
JB_INLINE int leaf_vec_loop(jb_reader *r, const jb_type *t, char *out, frame **top, int mode,
                            const jb_plan *pl) {
    if (JB_UNLIKELY(r->p >= r->end || *r->p != '[')) return jb__dec_type_error(r, t), S_FAIL;
    if (dec_enter(r)) return S_FAIL;
    const char *p = r->p;
    if (p < r->end && *p == ']') { /* [] */
        r->p = p + 1;
        r->depth--;
        memset(out, 0, sizeof(anyvec));
        return S_LEAF;
    }
    const jb_type *et = t->elem;
    size_t es = et->size, ea = jb__dec_align(et), n = 0;
    jb_scratch_mark sm = jb__scratch_mark(r->arena);
    int more;
    do {
        char *slot;
        jb_status st;
        if (jb__dec_members_limit(r, n + 1)) goto fail;
        if (!(slot = jb__scratch_push(r->arena, es, ea))) {
            jb__dec_nomem(r);
            goto fail;
        }
        switch (mode) {
        case LV_FLAT: st = dec_flat(r, et, slot); break;
        case LV_FIXED: st = flat_fixed(r, et, slot) == S_FAIL ? r->code : JB_OK; break;
        default: {
            const char *at = r->p;
            zero_slot(slot, es);
            if (JB_UNLIKELY(at >= r->end || *at != '{')) {
                st = jb__dec_type_error(r, et);
            } else if (!(st = dec_enter(r))) {
                st = leaf_record(r, pl, slot, at, top);
            }
            break;
        }
        }
        if (JB_UNLIKELY(st)) {
            jb__path_index(&r->path, n);
            goto fail;
        }
        n++;
        p = r->p;
        more = after_value(r, &p, ']');
        r->p = p;
    } while (more > 0);
    if (more < 0) goto fail;
    anyvec v;
    if (collect(r, sm, n, es, ea, &v)) return S_FAIL;
    memcpy(out, &v, sizeof v);
    return S_LEAF;
fail:
    jb__scratch_release(r->arena, sm);
    return S_FAIL;
}

/* One function per kind of element: each loop has its own registers. */
static JB_NOINLINE int leaf_vec_flat(jb_reader *r, const jb_type *t, char *out) {
    return leaf_vec_loop(r, t, out, NULL, LV_FLAT, NULL);
}
static JB_NOINLINE int leaf_vec_fixed(jb_reader *r, const jb_type *t, char *out) {
    return leaf_vec_loop(r, t, out, NULL, LV_FIXED, NULL);
}
static JB_NOINLINE int leaf_vec_record(jb_reader *r, const jb_type *t, char *out, frame **top,
                                       const jb_plan *pl) {
    return leaf_vec_loop(r, t, out, top, LV_RECORD, pl);
}

static inline int leaf_vec(jb_reader *r, const jb_type *t, char *out, frame **top, int mode,
                           const jb_plan *pl) {
    switch (mode) {
    case LV_FLAT: return leaf_vec_flat(r, t, out);
    case LV_FIXED: return leaf_vec_fixed(r, t, out);
    default: return leaf_vec_record(r, t, out, top, pl);
    }
}

/* A vector of a flat kind (a field's JB_DOP_FLAT_VEC). */
static inline int flat_vec(jb_reader *r, const jb_type *t, char *out) {
    return leaf_vec_flat(r, t, out);
}

/*
 * Start decoding a value of type t at r->p into out (zeroed). A leaf is
 * decoded at once (S_LEAF), as is an array or vector of flat values. A
 * container pushes its frame (S_PUSHED: the loop steps it next). Pointers
 * and unwrapped records are passed through to what they hold; a scoped
 * record first pushes a frame that restores the scope when it pops.
 * S_FAIL: error recorded; frames pushed here stay for the loop to unwind.
 */
int jb__dec_start(jb_reader *r, const jb_type *t, void *out, frame **top) {
    frame *const entry = *top;
    uint32_t hops = 0;
    jb_status st;
    for (;;) {
        switch (t->kind) {
        case JB_KIND_BOOL:
        case JB_KIND_I8:
        case JB_KIND_I16:
        case JB_KIND_I32:
        case JB_KIND_I64:
        case JB_KIND_U8:
        case JB_KIND_U16:
        case JB_KIND_U32:
        case JB_KIND_U64:
        case JB_KIND_F32:
        case JB_KIND_F64:
        case JB_KIND_CSTR:
        case JB_KIND_STR:
        case JB_KIND_CHAR:
        case JB_KIND_ENUM:
        case JB_KIND_RAW:
        case JB_KIND_NUMBER: st = dec_flat(r, t, out); goto leaf;
        case JB_KIND_CUSTOM: st = jb__dec_custom(r, t, out); goto leaf;
        case JB_KIND_ANY: st = jb__value_decode(r, (jb_value **)out); goto leaf;
        case JB_KIND_PTR: {
            if (r->p < r->end && *r->p == 'n') {
                if (JB_UNLIKELY(jb__ptr_is_box(t))) return jb__dec_type_error(r, t->elem), S_FAIL;
                st = jb__r_literal(r, "null", 4);
                *(void **)out = NULL;
                goto leaf;
            }
            const jb_type *et = t->elem;
            void *q = jb__arena_alloc(r->arena, et->size, jb__dec_align(et));
            if (!q) return jb__dec_nomem(r), S_FAIL;
            memset(q, 0, et->size);
            *(void **)out = q; /* a failure zeroes it (or the whole output) again */
            t = et;
            out = q;
            break;
        }
        case JB_KIND_RECORD: {
            const jb_plan *pl = jb__dec_plan(r, t);
            if (!pl) return S_FAIL;
            if (JB_UNLIKELY(pl->scoped)) {
                frame *f = push_frame(r, top, F_SCOPE, r->p);
                if (!f) return S_FAIL;
                scope_set(r, f, pl);
            }
            if (pl->unwrap) {
                const jb_pentry *pe = &pl->e[0];
                if (pe->presence == JB_PRESENCE_FLAG) ((char *)out)[pe->flag_offset] = 1;
                t = pe->type;
                out = (char *)out + pe->offset;
                break;
            }
            const char *at = r->p;
            if (JB_UNLIKELY(r->p >= r->end || *r->p != '{'))
                return jb__dec_type_error(r, t), S_FAIL;
            if (dec_enter(r)) return S_FAIL;
            /* collecting errors recovers inside a record: that needs its frame */
            if (pl->leaf_fields && JB_LIKELY(!r->errs)) {
                st = leaf_record(r, pl, (char *)out, at, top);
                goto leaf;
            }
            return jb__dec_push_record(r, top, pl, (char *)out, at, false, NULL, 0) == R_FAIL
                       ? S_FAIL
                       : S_PUSHED;
        }
        case JB_KIND_TUPLE: {
            const jb_plan *pl = jb__dec_plan(r, t);
            if (!pl) return S_FAIL;
            return jb__dec_start_fixed(r, top, t, pl, (char *)out, pl->n);
        }
        case JB_KIND_ARRAY:
            /* Flat elements are read in one loop, without a frame; collecting
             * errors goes on after a bad element, from the array's frame. */
            if (flat_kind(t->elem->kind) && JB_LIKELY(!r->errs)) {
                if (flat_fixed(r, t, (char *)out) == S_FAIL) return S_FAIL;
                st = JB_OK;
                goto leaf;
            }
            return jb__dec_start_fixed(r, top, t, NULL, (char *)out, t->count);
        case JB_KIND_VEC: {
            const jb_plan *epl = NULL;
            int mode = leaf_vec_mode(t->elem, &epl);
            if (mode != LV_NONE && JB_LIKELY(!r->errs)) { /* as arrays */
                if (leaf_vec(r, t, (char *)out, top, mode, epl) == S_FAIL) return S_FAIL;
                st = JB_OK;
                goto leaf;
            }
            return start_vec(r, top, t, (char *)out);
        }
        case JB_KIND_MAP: return start_map(r, top, t, (char *)out);
        case JB_KIND_SUM: {
            const jb_plan *pl = jb__dec_plan(r, t);
            if (!pl) return S_FAIL;
            return jb__dec_push_sum(r, top, t, pl, (char *)out);
        }
        default:
            jb__r_fail(r, JB_E_DESCRIPTOR, r->p, "descriptor %s has an invalid kind",
                       t->name ? t->name : "?");
            return S_FAIL;
        }
        /* passed through a pointer or an unwrapped record: such steps read
         * nothing, so a descriptor cycle of them alone would never end */
        if (JB_UNLIKELY(++hops > r->max_depth)) {
            jb__r_fail(r, JB_E_DEPTH, r->p,
                       "more than %u pointers or unwrapped records in a row (a descriptor cycle?)",
                       (unsigned)r->max_depth);
            return S_FAIL;
        }
    }
leaf:
    if (JB_UNLIKELY(st)) return S_FAIL;
    return *top == entry ? S_LEAF : S_PUSHED;
}

/* start for a member of a container: flat values decoded right here, in
 * the container's loop (the common case), the rest through start. */
static inline int start_member(jb_reader *r, const jb_type *t, void *out, frame **top) {
    if (JB_LIKELY(flat_kind(t->kind))) return dec_flat(r, t, out) ? S_FAIL : S_LEAF;
    return jb__dec_start(r, t, out, top);
}

/* ------------------------------------------------------------------ */
/* Records                                                             */
/* ------------------------------------------------------------------ */

/* Are all required fields of pl in seen? (at every '}': kept inline) */
static inline bool all_required(const jb_plan *pl, const uint64_t *seen) {
    for (size_t w = 0; w < pl->mask_words; w++)
        if (pl->required[w] & ~seen[w]) return false;
    return true;
}

/* A required field of the record frame s is missing (r->p is past its
 * '}'). Where unknown keys are skipped, one of them may be the field
 * misspelt: the nearest is named. */
static JB_NOINLINE jb_status missing_field(jb_reader *r, const record_frame *s, const char *open) {
    const jb_plan *pl = s->pl;
    for (size_t w = 0; w < pl->mask_words; w++) {
        uint64_t miss = pl->required[w] & ~s->seen[w];
        if (miss) {
            size_t i = w * 64 + jb__ctz64(miss);
            const jb_pentry *pe = &pl->e[i];
            char hint[JB_SHOW_MAX + 48];
            const char *close = r->p - 1;
            hint[0] = 0;
            if (open && !jb__deny_unknown(pl, r->flags))
                jb__dec_misspelt(r, pl, pe, open, s->ignore, s->ignore_len, hint, sizeof hint);
            jb__r_fail(r, JB_E_MISSING, close, "missing required field \"%s\" of %s%s", pe->name,
                       pl->type->name, hint);
            jb__path_key(&r->path, pe->name, pe->name_len);
            return JB_E_MISSING;
        }
    }
    return JB_OK;
}

/* Missing fields that have a default get it (decoded from its JSON text). */
static jb_status apply_defaults(jb_reader *r, const jb_plan *pl, char *base, const uint64_t *seen) {
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *pe = &pl->e[i];
        if (!pe->default_json || (seen[i / 64] >> (i % 64)) & 1) continue;
        if (pe->presence == JB_PRESENCE_FLAG) base[pe->flag_offset] = 1;
        jb_status st = jb__dec_text(r, pe->type, pe->default_json, strlen(pe->default_json),
                                    base + pe->offset, r->p - 1, "bad default value");
        if (st) {
            jb__path_key(&r->path, pe->name, pe->name_len);
            return st;
        }
    }
    return JB_OK;
}

static jb_status capture(jb_reader *r, captured *c, jb_str key) {
    capnode *node = jb__arena_alloc(r->arena, sizeof *node, _Alignof(capnode));
    char *k = node ? jb__arena_alloc(r->arena, key.len + 1, 1) : NULL;
    if (!k) return jb__dec_nomem(r);
    memcpy(k, key.ptr, key.len); /* key may sit in the reusable key buffer */
    k[key.len] = 0;
    node->m.key.ptr = k;
    node->m.key.len = key.len;
    node->next = NULL;
    const char *from = r->p;
    if (jb__r_skip(r)) {
        jb__path_key(&r->path, key.ptr, key.len);
        return r->code;
    }
    if (jb__dec_keep_text(r, from, &node->m.value)) return r->code;
    if (c->tail)
        c->tail->next = node;
    else
        c->head = node;
    c->tail = node;
    c->n++;
    return JB_OK;
}

static jb_status capture_store(jb_reader *r, const captured *c, char *dst) {
    jb_raw_members m = {NULL, c->n};
    if (c->n) {
        size_t bytes;
        if (!jb__mul_ok(c->n, sizeof(jb_raw_member), &bytes) ||
            !(m.items = jb__arena_alloc(r->arena, bytes, _Alignof(jb_raw_member))))
            return jb__dec_nomem(r);
        size_t i = 0;
        for (const capnode *n = c->head; n; n = n->next) m.items[i++] = n->m;
    }
    memcpy(dst, &m, sizeof m);
    return JB_OK;
}

/* The state of a record object's member loop, on a pushed frame or a
 * local one (leaf_record); the seen bits start in s->local. */
static void rec_init(record_frame *s, const jb_plan *pl, char *base, bool resume,
                     const char *ignore, size_t ignore_len) {
    s->pl = pl;
    s->base = base;
    s->cur = NULL;
    s->guess = s->count = 0;
    s->cap.head = s->cap.tail = NULL;
    s->cap.n = 0;
    s->ignore = ignore;
    s->ignore_len = ignore_len;
    s->ignored = resume ? 1 : 0; /* the ignored key (a tag) may appear once */
    s->resumed = resume;
    memset(s->local, 0, sizeof s->local);
    s->seen = s->local;
}

/* Push the frame reading the members of a record object into base. r->p
 * is just past '{' (and whitespace) when `resume` is false, or just past
 * a member (a tag already consumed) when true. `ignore` (may be NULL) is
 * a key to skip once (an internal tag). R_AGAIN, or R_FAIL. */
int jb__dec_push_record(jb_reader *r, frame **top, const jb_plan *pl, char *base, const char *open,
                        bool resume, const char *ignore, size_t ignore_len) {
    frame *f = push_frame(r, top, F_RECORD, open);
    if (!f) return R_FAIL;
    record_frame *s = &f->u.rec;
    rec_init(s, pl, base, resume, ignore, ignore_len);
    if (JB_UNLIKELY(pl->mask_words > 4)) {
        s->seen = jb__scratch_push(r->arena, pl->mask_words * 8, 8);
        if (!s->seen) return jb__dec_nomem(r), R_FAIL;
        memset(s->seen, 0, pl->mask_words * 8);
    }
    s->more = resume ? jb__dec_next(r, '}') : jb__dec_first(r, '}');
    return s->more < 0 ? R_FAIL : R_AGAIN;
}

/* An unknown key at key_at where the record denies them: its nearest
 * names are suggested. */
static JB_NOINLINE jb_status unknown_field(jb_reader *r, const jb_plan *pl, const char *key_at,
                                           jb_str key) {
    char got[JB_SHOW_MAX], hint[JB_SUGGEST_MAX];
    jb__suggest(pl, key.ptr, key.len, hint, sizeof hint);
    return jb__r_fail(r, JB_E_UNKNOWN, key_at, "unknown field %s in %s%s%s",
                      jb__token_show(key_at, r->end, false, got, sizeof got), pl->type->name,
                      hint[0] ? "; " : "", hint);
}

/*
 * Unknown members by their index (partial models: a record type whose
 * objects carry many members it does not read, in the same order each
 * time, as in an array of API results). record_member keeps, per plan,
 * the raw bytes "key": of each unknown member it skips, at the member's
 * index in its object (jb_reader.memo); memo_skip compares the member at
 * that index of the next object of the plan (or one index either side: an
 * optional member absent or added) with them, and on equal bytes skips
 * the value at once. Equal bytes from '"' to ':' are the same key, so
 * record_member would find no field and skip it the same way; what is
 * saved per unknown member is the look-ahead (fm_ahead), the key's scan
 * and the hash lookup. Only keys without escapes, and only where a record
 * skips its unknown members (no capture, not denied, no internal tag to
 * ignore): record_member's last case.
 */
/* The memo of pl's objects, or NULL. A search of four (it runs where the
 * fast loop stopped, once per member it did not take). */
static inline jb_key_memo *memo_of(jb_reader *r, const jb_plan *pl) {
    for (size_t i = 0; i < JB_MEMO_PLANS; i++)
        if (r->memo[i].pl == pl) return &r->memo[i];
    return NULL;
}

_Static_assert(JB_MEMO_KEYS <= 32, "jb_key_memo.live: a bit per index");

/* r->p just past the unknown member's key, ':' and whitespace; key as
 * jb__dec_key_colon read it (in the input when it has no escape). */
static void memo_keep(jb_reader *r, const jb_plan *pl, size_t index, const char *key_at, jb_str key) {
    if (index >= JB_MEMO_KEYS || key.ptr != key_at + 1) return;
    const char *q = r->p;
    while (q > key_at && (q[-1] == ' ' || q[-1] == '\n' || q[-1] == '\t' || q[-1] == '\r')) q--;
    if (q[-1] != ':' || (size_t)(q - key_at) >= UINT32_MAX) return; /* (a comment after the ':') */
    jb_key_memo *m = memo_of(r, pl);
    if (!m) { /* a slot for pl: the next in turn (the oldest claim) */
        m = &r->memo[r->memo_next++ % JB_MEMO_PLANS];
        m->pl = pl;
        m->live = 0;
    }
    m->key[index].at = key_at;
    m->key[index].len = (uint32_t)(q - key_at);
    m->key[index].name_len = (uint32_t)key.len;
    m->live |= (uint32_t)1 << index;
}

/* One member of a record at r->p: R_DONE (read whole), R_AGAIN (its value
 * is a container: a child frame was pushed), R_FAIL. */
static inline int record_member(jb_reader *r, frame *f, frame **top) {
    record_frame *s = &f->u.rec;
    const jb_plan *pl = s->pl;
    jb_str key;
    const char *key_at = r->p;
    long i;
    /* Fields usually arrive in declaration order: compare the input with
     * the expected field's pre-escaped "name": first (word loads, no
     * call). A match means the key is exactly that name, so the string
     * scan and the hash lookup are skipped. A key spelt otherwise (escaped,
     * or with whitespace before its ':') takes the general path below. */
    const jb_pentry *g = s->guess < pl->n ? &pl->e[s->guess] : NULL;
    if (g && (size_t)(r->end - r->p) >= g->key_len && jb__bytes_eq(r->p, g->key, g->key_len)) {
        r->p += g->key_len;
        key.ptr = g->name;
        key.len = g->name_len;
        i = (long)s->guess;
        if (jb__r_ws(r)) return R_FAIL;
    } else {
        if (jb__dec_key_colon(r, &key)) return R_FAIL;
        i = jb__names_find(pl, key.ptr, key.len);
    }
    if (jb__dec_members_limit(r, ++s->count)) return R_FAIL;
    if (i < 0) {
        jb_status st;
        if (s->ignore && key.len == s->ignore_len && jb__bytes_eq(key.ptr, s->ignore, key.len)) {
            if (s->ignored++)
                st = jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%.*s\"",
                                (int)s->ignore_len, s->ignore);
            else
                st = jb__r_skip(r);
        } else if (pl->has_capture) {
            st = capture(r, &s->cap, key);
        } else if (jb__deny_unknown(pl, r->flags)) {
            st = unknown_field(r, pl, key_at, key);
        } else {
            /* (only where memo_skip can run: fast_members' records) */
            if (!s->ignore && pl->mask_words == 1 && !r->errs) memo_keep(r, pl, s->count - 1, key_at, key);
            st = jb__r_skip(r);
            if (st) jb__path_key(&r->path, key.ptr, key.len);
        }
        return st ? R_FAIL : R_DONE;
    }
    /* NOLINTBEGIN(clang-analyzer-core.NullDereference): i is a found entry,
     * so pl->n > 0 and pl->e is allocated (the shallow analysis assumes e
     * may be NULL from the guess test above) */
    const jb_pentry *pe = &pl->e[i];
    char *base = s->base;
    uint64_t bit = (uint64_t)1 << (i % 64);
    if (JB_UNLIKELY(s->seen[i / 64] & bit)) {
        if (r->flags & JB_READ_DUPLICATE_FIRST_WINS) { /* the first value stays */
            if (!jb__r_skip(r)) return R_DONE;
            jb__path_key(&r->path, pe->name, pe->name_len);
            return R_FAIL;
        }
        if (!(r->flags & JB_READ_DUPLICATE_LAST_WINS)) {
            jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%s\" in %s", pe->name,
                       pl->type->name);
            jb__path_key(&r->path, pe->name, pe->name_len);
            return R_FAIL;
        }
        memset(base + pe->offset, 0, pe->type->size);
        if (pe->presence == JB_PRESENCE_FLAG) base[pe->flag_offset] = 0;
    }
    s->seen[i / 64] |= bit;
    s->guess = (size_t)i + 1;
    /* A flag over a pointer has three states: null is "present, NULL"
     * (the pointer decodes null as NULL and the flag is set below). */
    bool three = pe->presence == JB_PRESENCE_FLAG && pe->type->kind == JB_KIND_PTR;
    if (pe->optional && !three && r->p < r->end && *r->p == 'n') {
        /* null: absent */
        if (jb__r_literal(r, "null", 4)) {
            jb__path_key(&r->path, pe->name, pe->name_len);
            return R_FAIL;
        }
        if (pe->presence == JB_PRESENCE_FLAG) base[pe->flag_offset] = 0;
        memset(base + pe->offset, 0, pe->type->size);
        return R_DONE;
    }
    if (pe->presence == JB_PRESENCE_FLAG) base[pe->flag_offset] = 1;
    s->cur = pe;
    int rc = start_member(r, pe->type, base + pe->offset, top);
    if (JB_LIKELY(rc == S_LEAF)) {
        s->cur = NULL;
        return R_DONE;
    }
    if (rc == S_FAIL) return R_FAIL;
    f->waiting = true;
    return R_AGAIN;
    /* NOLINTEND(clang-analyzer-core.NullDereference) */
}

/* What fast_members stopped at. */
enum { FM_CLOSED, FM_MEMBER, FM_PUSHED, FM_FAIL };

/*
 * The member loop's fast path (records of at most 64 fields, errors not
 * collected): members whose key is the expected field's pre-escaped
 * "name": (m->guess, as in record_member) and not yet seen, read one after
 * another with the cursor, the seen bits, the guess and the count in
 * locals, the value by the field's opcode (plan.h's JB_DOP_*: no dispatch
 * on the descriptor) and the ',' and the next line's indentation in line.
 * r->p is on a member's key of the record pl at base; ms holds the seen
 * bits, the guess and the count on entry and on return (a record frame's,
 * or leaf_record's locals). Stops at the '}' (FM_CLOSED); at a member it
 * does not take (FM_MEMBER: r->p on its key, nothing of it read, so
 * record_member reads it exactly as without this path); at a value that
 * pushed a frame (FM_PUSHED: ms->cur its field); or on a failure (FM_FAIL:
 * ms->cur names the field whose value failed, or is NULL when the failure
 * is between members, as record_member leaves it).
 */
/* How many fields past the expected one the fast loop tries before it
 * hands a key to record_member's lookup (absent optional fields). */
#define JB_FM_AHEAD 4

typedef struct member_state {
    uint64_t seen;
    size_t guess, count;
    const jb_pentry *cur;
} member_state;

/* The memo's key at index i when it is the one at p, or NULL. */
static inline const jb_memo_key *memo_at(const jb_key_memo *m, size_t i, const char *p, const char *end) {
    if (i >= JB_MEMO_KEYS || !((m->live >> i) & 1)) return NULL;
    const jb_memo_key *k = &m->key[i];
    return (size_t)(end - p) >= k->len && jb__bytes_eq(p, k->at, k->len) ? k : NULL;
}

/* fast_members_in stopped at a member (FM_MEMBER, r->p on its key): when
 * the memo has its key, skip it as record_member would, and the members
 * after it while the memo has theirs. FM_MEMBER (none taken: nothing
 * read), FM_CLOSED (the '}' followed), FM_FAIL, or FM_PUSHED standing for
 * "taken, a member follows" (nothing here pushes). */
static JB_NOINLINE int memo_skip(jb_reader *r, const record_frame *s, member_state *ms) {
    const jb_key_memo *m = memo_of(r, s->pl);
    if (!m || s->ignore) return FM_MEMBER;
    const char *p = r->p;
    size_t i = ms->count;
    const jb_memo_key *k = memo_at(m, i, p, r->end);
    /* else one index on (an optional member absent) or back (one added) */
    if (!k && !(k = memo_at(m, i + 1, p, r->end)) && !(i && (k = memo_at(m, i - 1, p, r->end))))
        return FM_MEMBER;
    for (;;) {
        r->p = p + k->len;
        if (jb__r_ws(r) || jb__dec_members_limit(r, ++ms->count)) return FM_FAIL;
        if (jb__r_skip(r)) {
            jb__path_key(&r->path, k->at + 1, k->name_len);
            return FM_FAIL;
        }
        int more = dec_next(r, '}');
        if (more <= 0) return more < 0 ? FM_FAIL : FM_CLOSED;
        p = r->p;
        if (!(k = memo_at(m, ms->count, p, r->end))) return FM_PUSHED;
    }
}

/*
 * After fast_members_in stopped at a member it did not take (FM_MEMBER,
 * r->p on its key): the expected field may be absent (an optional one),
 * so the JB_FM_AHEAD fields after it are tried the same way. True, with
 * ms->guess on the field, when one of them is the key and not yet seen:
 * record_member's lookup would find that field (each "name": is one
 * field's), so the fast loop may go on with it. Out of line, off the hot
 * loop (in it, the extra path cost every record registers).
 */
static JB_NOINLINE bool fm_ahead(const jb_reader *r, const jb_plan *pl, member_state *ms) {
    const jb_pentry *e = pl->e;
    size_t n = pl->n, g = ms->guess;
    const char *p = r->p;
    if (g >= n || (r->max_members && ms->count >= r->max_members)) return false;
    size_t lim = n - g > JB_FM_AHEAD ? g + JB_FM_AHEAD + 1 : n;
    for (size_t j = g + 1; j < lim; j++) {
        size_t kl = e[j].key_len;
        if (!((ms->seen >> j) & 1) && (size_t)(r->end - p) >= kl && jb__bytes_eq(p, e[j].key, kl)) {
            ms->guess = j;
            return true;
        }
    }
    return false;
}

JB_INLINE int fast_members_in(jb_reader *r, const jb_plan *pl, char *base, member_state *ms,
                              frame **top) {
    const jb_pentry *const e = pl->e;
    const size_t n = pl->n;
    const char *const end = r->end;
    const size_t maxm = r->max_members ? r->max_members : SIZE_MAX;
    uint64_t seen = ms->seen;
    size_t guess = ms->guess, count = ms->count;
    ms->cur = NULL;
    const char *p = r->p;
    int rc;
    for (;;) {
        if (guess >= n) {
            rc = FM_MEMBER;
            break;
        }
        const jb_pentry *pe = &e[guess];
        uint64_t bit = (uint64_t)1 << guess;
        size_t kl = pe->key_len;
        /* over max_members: record_member counts it and fails */
        if ((seen & bit) || count >= maxm || (size_t)(end - p) < kl ||
            !jb__bytes_eq(p, pe->key, kl)) {
            rc = FM_MEMBER;
            break;
        }
        seen |= bit;
        guess++;
        count++;
        if (!(p = ws_value(r, p + kl))) return FM_FAIL;
        char *out = base + pe->offset;
        unsigned opt = pe->dec_opt;
        if (opt) {
            if ((opt & JB_DOPT_NULL_ABSENT) && p < end && *p == 'n') {
                /* null: absent (the field is still zero: seen for the first time) */
                if (end - p >= 5 && jb__load32(p) == jb__load32("null") && jb__lit_end(r, p + 4)) {
                    p += 4;
                } else {
                    r->p = p;
                    if (jb__r_literal(r, "null", 4)) {
                        ms->cur = pe;
                        return FM_FAIL;
                    }
                    p = r->p;
                }
                goto next;
            }
            if (opt & JB_DOPT_FLAG) base[pe->flag_offset] = 1;
        }
        r->p = p;
        jb_status st;
        switch (pe->dec_op) {
        case JB_DOP_BOOL:
            /* true or false and a delimiter in line (jb__dec_bool's first
             * test, which takes every other form the same way) */
            if (JB_LIKELY(end - p >= 5)) {
                uint32_t w = jb__load32(p);
                if (w == jb__load32("true") && jb__lit_end(r, p + 4)) {
                    *(bool *)out = true;
                    p += 4;
                    goto next;
                }
                if (w == jb__load32("fals") && p[4] == 'e' && jb__lit_end(r, p + 5)) {
                    *(bool *)out = false;
                    p += 5;
                    goto next;
                }
            }
            st = jb__dec_bool(r, (bool *)out);
            break;
        case JB_DOP_INT: st = jb__dec_int(r, pe->type, out); break;
        case JB_DOP_F64: st = jb__dec_f64(r, (double *)out); break;
        case JB_DOP_STR: /* jb__dec_str's test here: one call less */
            if (JB_LIKELY(p < end && *p == '"')) {
                bool borrow = (r->flags & JB_READ_BORROW_STRINGS) != 0;
                st = jb__r_string(r, (jb_str *)out, borrow, NULL);
            } else {
                st = jb__dec_str(r, (jb_str *)out);
            }
            break;
        case JB_DOP_FLAT: st = dec_flat(r, pe->type, out); break;
        case JB_DOP_FLAT_VEC:
            /* [] (citm_catalog's blockIds) in line: the field is still zero
             * (seen for the first time); the depth checked as if entered */
            if (end - p >= 2 && p[0] == '[' && p[1] == ']' && r->depth < r->max_depth) {
                p += 2;
                goto next;
            }
            st = flat_vec(r, pe->type, out) == S_FAIL ? r->code : JB_OK;
            break;
        case JB_DOP_FLAT_ARRAY:
            st = flat_fixed(r, pe->type, out) == S_FAIL ? r->code : JB_OK;
            break;
        default: { /* through start, which may push a frame: the state goes back first */
            ms->seen = seen;
            ms->guess = guess;
            ms->count = count;
            int sr = jb__dec_start(r, pe->type, out, top);
            if (sr == S_LEAF) {
                st = JB_OK;
                break;
            }
            ms->cur = pe;
            return sr == S_PUSHED ? FM_PUSHED : FM_FAIL;
        }
        }
        if (JB_UNLIKELY(st)) {
            ms->cur = pe;
            return FM_FAIL;
        }
        p = r->p;
    next:
        /* the ',' right after the value, then the next key's quote; or the
         * '}', right after it or after a line break and its indentation */
        if (JB_LIKELY(p < end)) {
            if (JB_LIKELY(*p == ',')) {
                const char *q = ws_member(r, p + 1);
                if (!q) return FM_FAIL;
                if (JB_LIKELY(q < end && *q == '"')) {
                    p = q;
                    continue;
                }
            } else {
                const char *q = p;
                if (*q == '\n' && end - q >= 34) q = jb__ws_nl_spaces(q);
                if (q && *q == '}') {
                    p = q + 1;
                    r->depth--;
                    rc = FM_CLOSED;
                    break;
                }
            }
        }
        /* whitespace before the ',', the '}', a trailing comma: the reader's way */
        r->p = p;
        int m = jb__dec_next(r, '}');
        if (m < 0) return FM_FAIL;
        p = r->p;
        if (m == 0) {
            rc = FM_CLOSED;
            break;
        }
    }
    r->p = p;
    ms->seen = seen;
    ms->guess = guess;
    ms->count = count;
    return rc;
}

/* A record's end, its '}' read: the required fields, the defaults, the
 * unknown members kept. R_DONE or R_FAIL. */
static inline int record_end(jb_reader *r, frame *f) {
    record_frame *s = &f->u.rec;
    const jb_plan *pl = s->pl;
    if (pl->nrequired && JB_UNLIKELY(!all_required(pl, s->seen)) && missing_field(r, s, f->open))
        return R_FAIL;
    if (pl->ndefaults && apply_defaults(r, pl, s->base, s->seen)) return R_FAIL;
    if (pl->has_capture && capture_store(r, &s->cap, s->base + pl->capture_offset)) return R_FAIL;
    return R_DONE;
}

/* fast_members_in on a record frame: its state in and out; s->cur names
 * the field that failed or pushed (path_segment), f->waiting the push. */
static int fast_members(jb_reader *r, frame *f, frame **top) {
    record_frame *s = &f->u.rec;
    member_state ms = {s->seen[0], s->guess, s->count, NULL};
    int rc;
    while ((rc = fast_members_in(r, s->pl, s->base, &ms, top)) == FM_MEMBER) {
        if (r->memo_next) { /* (no call while no record has skipped a member) */
            int k = memo_skip(r, s, &ms);
            if (k == FM_PUSHED) continue; /* an unknown member skipped; more follow */
            if (k != FM_MEMBER) {
                rc = k;
                break;
            }
        }
        if (!fm_ahead(r, s->pl, &ms)) break;
    }
    s->seen[0] = ms.seen;
    s->guess = ms.guess;
    s->count = ms.count;
    s->cur = ms.cur;
    if (rc == FM_PUSHED) f->waiting = true;
    if (rc == FM_CLOSED || rc == FM_MEMBER) s->more = rc == FM_CLOSED ? 0 : 1;
    return rc;
}

static int step_record(jb_reader *r, frame *f, frame **top) {
    record_frame *s = &f->u.rec;
    const jb_plan *pl = s->pl;
    if (f->waiting) { /* a member's value just completed */
        f->waiting = false;
        s->cur = NULL;
        s->more = dec_next(r, '}');
    }
    /* the fast path keeps one word of seen bits; collecting errors needs
     * record_member's bookkeeping */
    const bool fast = pl->mask_words == 1 && JB_LIKELY(!r->errs);
    while (s->more > 0) {
        if (fast) {
            int fm = fast_members(r, f, top);
            if (fm == FM_CLOSED) break;
            if (fm == FM_FAIL) return R_FAIL;
            if (fm == FM_PUSHED) return R_AGAIN;
        }
        int rc = record_member(r, f, top);
        if (rc != R_DONE) return rc;
        s->more = dec_next(r, '}');
    }
    if (s->more < 0) return R_FAIL;
    return record_end(r, f);
}

/*
 * A record whose fields are all leaves (pl->leaf_fields: flat values, or
 * pointers, arrays and vectors of them) at r->p just past its '{': its
 * member loop runs on a frame in this C frame, not on the scratch stack,
 * since no member can push a child. Saves the push, the pop and a turn
 * of jb__dec_run per object (citm's prices and events, twitter's urls,
 * hashtags and sizes). On failure the member's key joins the path, as the
 * unwinding would add it. Not used when errors are collected (r->errs):
 * the recovery goes on inside the record, from its frame.
 */
JB_INLINE jb_status leaf_record(jb_reader *r, const jb_plan *pl, char *base, const char *open,
                                frame **top) {
    frame f;
    record_frame *s = &f.u.rec;
    const uint32_t depth = r->depth;
    /* the member loop's fast path first, on locals (the frame is set up
     * only when it stops at a member it does not take, FM_MEMBER, or at a
     * '}' with more to check: step_record goes on from there). No member
     * of a leaf record pushes a frame (jb__type_leafy): no FM_PUSHED. */
    member_state ms = {0, 0, 0, NULL};
    int more = jb__dec_first(r, '}');
    if (JB_LIKELY(more > 0 && pl->mask_words == 1)) {
        int fm = fast_members_in(r, pl, base, &ms, top);
        if (JB_LIKELY(fm == FM_CLOSED)) {
            if (JB_LIKELY((pl->required[0] & ~ms.seen) == 0 && !pl->ndefaults && !pl->has_capture))
                return JB_OK;
            more = 0;
        } else if (fm == FM_FAIL) {
            if (ms.cur) jb__path_key(&r->path, ms.cur->name, ms.cur->name_len);
            return r->code;
        }
    }
    f.open = open;
    f.kind = F_RECORD;
    f.waiting = false;
    f.depth = depth;
    rec_init(s, pl, base, false, NULL, 0);
    s->seen[0] = ms.seen;
    s->guess = ms.guess;
    s->count = ms.count;
    s->more = more;
    if (JB_LIKELY(step_record(r, &f, top) == R_DONE)) return JB_OK;
    if (s->cur) jb__path_key(&r->path, s->cur->name, s->cur->name_len);
    return r->code;
}

/* ------------------------------------------------------------------ */
/* Arrays: tuple, fixed array, vec                                      */
/* ------------------------------------------------------------------ */

static int step_fixed(jb_reader *r, frame *f, frame **top) {
    fixed_frame *s = &f->u.fix;
    if (f->waiting) {
        f->waiting = false;
        s->in_child = false;
        s->i++;
        s->more = dec_next(r, ']');
    }
    while (s->more > 0) {
        if (s->i == s->n) return fixed_more(r, s->t, s->n), R_FAIL;
        const jb_type *et = s->pl ? s->pl->e[s->i].type : s->t->elem;
        char *dst = s->pl ? s->out + s->pl->e[s->i].offset : s->out + s->i * s->t->elem->size;
        s->in_child = true;
        int rc = start_member(r, et, dst, top);
        if (rc != S_LEAF) {
            if (rc == S_FAIL) return R_FAIL;
            f->waiting = true;
            return R_AGAIN;
        }
        s->in_child = false;
        s->i++;
        s->more = dec_next(r, ']');
    }
    if (s->more < 0) return R_FAIL;
    if (s->i != s->n) return fixed_short(r, s->n, s->i), R_FAIL;
    return R_DONE;
}

/* The n elements of es bytes pushed on the scratch stack since sm, moved
 * into one arena block (the array is sized once); the scratch is released
 * either way. */
jb_status jb__dec_collect(jb_reader *r, jb_scratch_mark sm, size_t n, size_t es, size_t ea,
                          void *out) {
    anyvec *v = out;
    v->items = NULL;
    v->len = n;
    if (n) {
        size_t bytes;
        if (!jb__mul_ok(n, es, &bytes) || !(v->items = jb__arena_alloc(r->arena, bytes, ea))) {
            jb__scratch_release(r->arena, sm);
            return jb__dec_nomem(r);
        }
        jb__scratch_gather(r->arena, sm, es, n, v->items);
    }
    jb__scratch_release(r->arena, sm);
    return JB_OK;
}

static int step_vec(jb_reader *r, frame *f, frame **top) {
    vec_frame *s = &f->u.vec;
    if (f->waiting) {
        f->waiting = false;
        s->in_child = false;
        s->n++;
        s->more = dec_next(r, ']');
    }
    while (s->more > 0) {
        if (jb__dec_members_limit(r, s->n + 1)) return R_FAIL;
        void *slot = jb__scratch_push(r->arena, s->es, s->ea);
        if (!slot) return jb__dec_nomem(r), R_FAIL;
        if (s->zero) memset(slot, 0, s->es);
        s->in_child = true;
        int rc = jb__dec_start(r, s->et, slot, top);
        if (rc != S_LEAF) {
            if (rc == S_FAIL) return R_FAIL;
            f->waiting = true;
            return R_AGAIN;
        }
        s->in_child = false;
        s->n++;
        s->more = dec_next(r, ']');
    }
    if (s->more < 0) return R_FAIL;
    anyvec v;
    if (collect(r, s->sm, s->n, s->es, s->ea, &v)) return R_FAIL;
    memcpy(s->out, &v, sizeof v);
    return R_DONE;
}

/* ------------------------------------------------------------------ */
/* Maps                                                                */
/* ------------------------------------------------------------------ */

/* Read the key of an object-form map entry into s->e (r->p on its '"'),
 * then the ':'. */
static jb_status map_key(jb_reader *r, map_frame *s) {
    const jb_type *k = s->t->key;
    const char *key_at = r->p;
    s->text_raw = false;
    if (s->text_key) {
        if (r->p >= r->end || *r->p != '"') return jb__dec_expect(r, "string key");
        if (jb__r_key(r, &s->text)) return r->code;
        if (jb__dec_text(r, k, s->text.ptr, s->text.len, s->e, key_at, "map key")) return r->code;
    } else if (jb__dec_map_key(r, k, s->e, &s->text)) {
        return r->code;
    }
    if (r->keybuf && s->text.ptr == r->keybuf) {
        /* The next escaped key read inside the value reuses r->keybuf: keep
         * the key as written (r->p is past its closing quote) for the path. */
        s->text.ptr = key_at + 1;
        s->text.len = (size_t)(r->p - key_at - 2);
        s->text_raw = true;
    }
    if (jb__r_ws(r)) return r->code;
    if (r->p >= r->end || *r->p != ':') return jb__dec_expect(r, "':'");
    r->p++;
    return jb__r_ws(r);
}

static int step_map(jb_reader *r, frame *f, frame **top) {
    map_frame *s = &f->u.map;
    const jb_type *t = s->t;
    int rc;
    f->waiting = false; /* s->part says where the entry stands */
    for (;;) {
        switch (s->part) {
        case M_MEMBER: /* between entries */
            if (s->more <= 0) goto end;
            if (jb__dec_members_limit(r, s->n + 1)) return R_FAIL;
            s->e = jb__scratch_push(r->arena, s->es, s->ea);
            if (!s->e) return jb__dec_nomem(r), R_FAIL;
            memset(s->e, 0, s->es);
            if (s->obj) {
                if (map_key(r, s)) return R_FAIL;
                s->part = M_VALUE;
                s->in_member = true;
                rc = start_member(r, t->elem, s->e + s->vo, top);
            } else {
                /* [key, value] */
                if (r->p >= r->end || *r->p != '[')
                    return jb__dec_type_error(r, &jb__a_pair), R_FAIL;
                if (jb__dec_enter(r)) return R_FAIL;
                s->part = M_PAIR_KEY;
                s->in_member = true;
                rc = jb__dec_start(r, t->key, s->e, top);
            }
            break;
        case M_PAIR_KEY: /* the key of a pair is in: its value */
            if (jb__dec_next(r, ']') != 1) {
                if (!r->code) jb__r_fail(r, JB_E_TYPE, r->p - 1, "expected a [key, value] pair");
                return R_FAIL;
            }
            s->part = M_PAIR_VALUE;
            rc = jb__dec_start(r, t->elem, s->e + s->vo, top);
            break;
        case M_PAIR_VALUE: /* the value of a pair is in: its ']' */
            if (jb__r_ws(r)) return R_FAIL;
            if (r->p >= r->end || *r->p != ']')
                return jb__dec_close_fail(r, "']' closing a [key, value] pair"), R_FAIL;
            r->p++;
            r->depth--;
            JB_FALLTHROUGH;
        default: /* M_VALUE: the entry is complete */
            s->in_member = false;
            s->n++;
            s->more = dec_next(r, s->close);
            s->part = M_MEMBER;
            continue;
        }
        if (rc == S_FAIL) return R_FAIL;
        if (rc == S_PUSHED) {
            f->waiting = true;
            return R_AGAIN;
        }
    }
end:
    if (s->more < 0) return R_FAIL;
    anyvec v;
    if (collect(r, s->sm, s->n, s->es, s->ea, &v)) return R_FAIL;
    if (v.len > 1 && jb__dec_map_dups(r, t, v.items, &v.len, s->es, s->at)) return R_FAIL;
    if (JB_UNLIKELY(s->sorted) && v.len > 1 && jb__dec_map_sort(r, t, v.items, v.len, s->es))
        return R_FAIL;
    memcpy(s->out, &v, sizeof v);
    return R_DONE;
}

/* ------------------------------------------------------------------ */
/* The loop                                                            */
/* ------------------------------------------------------------------ */

/* A failure inside the member a frame was decoding: that member's key or
 * index joins the path (innermost first). */
static void path_segment(jb_path *path, const frame *f) {
    switch (f->kind) {
    case F_RECORD:
        if (f->u.rec.cur) jb__path_key(path, f->u.rec.cur->name, f->u.rec.cur->name_len);
        break;
    case F_FIXED:
        if (f->u.fix.in_child) jb__path_index(path, f->u.fix.i);
        break;
    case F_VEC:
        if (f->u.vec.in_child) jb__path_index(path, f->u.vec.n);
        break;
    case F_MAP:
        if (!f->u.map.in_member) break;
        if (f->u.map.obj && f->u.map.text_raw)
            jb__path_rawkey(path, f->u.map.text.ptr, f->u.map.text.len);
        else if (f->u.map.obj)
            jb__path_key(path, f->u.map.text.ptr, f->u.map.text.len);
        else
            jb__path_index(path, f->u.map.n);
        break;
    case F_SUM:
        if (f->u.sum.pmode == PM_KEY)
            jb__path_key(path, f->u.sum.pkey, f->u.sum.pkey_len);
        else if (f->u.sum.pmode == PM_INDEX1)
            jb__path_index(path, 1);
        break;
    default: break;
    }
}

static int step(jb_reader *r, frame **top) {
    frame *f = *top;
    switch (f->kind) {
    case F_RECORD: return step_record(r, f, top);
    case F_FIXED: return step_fixed(r, f, top);
    case F_VEC: return step_vec(r, f, top);
    case F_MAP: return step_map(r, f, top);
    case F_SUM: return jb__dec_step_sum(r, f, top);
    default: return R_DONE; /* F_SCOPE: the value it scoped is complete */
    }
}

/* ------------------------------------------------------------------ */
/* Collecting errors (jb_read_options.errors)                         */
/* ------------------------------------------------------------------ */

/*
 * Everything here runs only on failure, when the caller attached a list:
 * the happy path pays for a frame's depth and a record's `resumed` flag,
 * nothing else. The error is reported with its whole path (the frames
 * are read, not popped), then the innermost container that can go on
 * skips the value that failed and reads its next member. That value is
 * found again by reading the container anew from its '{' or '[' up to
 * the member's index: everything before it was read once already, and
 * keeping each member's start instead would cost the happy path a store
 * per member.
 */

/* The codes after which the document is still read as it was meant:
 * valid JSON of the wrong type, value or name. */
static bool acc_recoverable(jb_status code) {
    return code == JB_E_TYPE || code == JB_E_RANGE || code == JB_E_UNKNOWN ||
           code == JB_E_MISSING || code == JB_E_DUPLICATE;
}

enum { A_NONE, A_MEMBER, A_DONE };

/* How frame f stands after a failure: A_MEMBER, one of its members failed
 * (it can skip it, *k is the member's index); A_DONE, it failed as a whole
 * after reading its closing byte (a missing field, a short tuple, a
 * duplicate map key: it is complete); A_NONE, the value it reads failed
 * as a whole and its container must skip it. `top`: f is the innermost
 * frame (below it, only a member's child frame can have failed). */
static int acc_state(const frame *f, bool top, size_t *k) {
    switch (f->kind) {
    case F_RECORD:
        if (top && !f->waiting) {
            if (f->u.rec.more == 0) return A_DONE;
        } else if (!f->u.rec.cur) {
            return A_NONE;
        }
        *k = f->u.rec.count - 1 + (f->u.rec.resumed ? 1 : 0);
        return A_MEMBER;
    case F_FIXED:
        if (f->u.fix.in_child) {
            *k = f->u.fix.i;
            return A_MEMBER;
        }
        return top && f->u.fix.more == 0 ? A_DONE : A_NONE;
    case F_VEC:
        if (!f->u.vec.in_child) return A_NONE;
        *k = f->u.vec.n;
        return A_MEMBER;
    case F_MAP:
        if (f->u.map.in_member && f->u.map.obj && f->u.map.part == M_VALUE) {
            *k = f->u.map.n;
            return A_MEMBER;
        }
        return top && !f->u.map.in_member && f->u.map.more == 0 ? A_DONE : A_NONE;
    default: return A_NONE; /* sums and scopes fail whole */
    }
}

/* Report r's error, with the path of every frame from top out, to the list. */
static JB_NOINLINE void acc_report(jb_reader *r, const frame *top) {
    jb_path path = r->path;
    for (const frame *f = top; f; f = f->up) path_segment(&path, f);
    jb_error e;
    jb__error_fill(&e, r->code, r->start, r->err_offset, &path, r->message);
    jb_error_list_add(r->errs, &e);
}

/* Put r->p on the value of member k of container f (a record's or an
 * object map's after its key and ':', an array's element), reading the
 * container again from its start. */
static jb_status acc_find_member(jb_reader *r, const frame *f, size_t k) {
    bool obj = f->kind == F_RECORD || f->kind == F_MAP;
    r->p = f->open + 1;
    r->depth = f->depth;
    if (jb__r_ws(r)) return r->code;
    for (size_t j = 0;; j++) {
        jb_str key;
        if (obj && jb__dec_key_colon(r, &key)) return r->code;
        if (j == k) return JB_OK;
        if (jb__r_skip(r)) return r->code;
        if (jb__dec_next(r, obj ? '}' : ']') != 1) return r->code ? r->code : JB_E_SYNTAX;
    }
}

/*
 * After the failure in r, with a list attached: report it and go on where
 * that is well defined. Returns the loop's next step: R_AGAIN (step the
 * frame that recovered, now past the member that failed), R_DONE (the
 * innermost frame is complete), or R_FAIL (not recovered: unwind as
 * without a list; r->code may now be a later syntax error met while
 * skipping, reported by the caller as the last). The error is reported
 * here only when the decode goes on; the last one is the caller's.
 */
static JB_NOINLINE int acc_recover(jb_reader *r, frame **top) {
    if (!acc_recoverable(r->code)) return R_FAIL;
    /* room for this error and at least one more, else this is the last */
    if (r->errs->len + 1 >= r->errs->cap) return R_FAIL;
    for (const frame *f = *top; f; f = f->up)
        if (f->kind == F_SUM && f->u.sum.pmode == PM_ATTEMPT)
            return R_FAIL; /* the sum's to judge */
    size_t k = 0;
    frame *f = *top;
    int st = f ? acc_state(f, true, &k) : A_NONE;
    while (f && st == A_NONE) {
        f = f->up;
        if (f) st = acc_state(f, false, &k);
    }
    if (!f) return R_FAIL; /* nothing around the value that failed */
    acc_report(r, *top);
    while (*top != f) pop_frame(r, top);
    r->code = JB_OK;
    r->path.n = 0;
    r->path.overflow = false;
    if (st == A_DONE) return R_DONE;
    if (acc_find_member(r, f, k) || jb__r_skip(r)) return R_FAIL;
    switch (f->kind) { /* as if the member had been decoded by a child frame */
    case F_RECORD: f->waiting = true; break;
    case F_FIXED:
        f->waiting = true;
        f->u.fix.in_child = true;
        break;
    case F_VEC:
        f->waiting = true;
        f->u.vec.in_child = true;
        break;
    default: break; /* a map: part M_VALUE completes the entry */
    }
    return R_AGAIN;
}

jb_status jb__dec_run(jb_reader *r, const jb_type *t, void *out) {
    frame *top = NULL;
    int rc = jb__dec_start(r, t, out, &top);
    if (JB_LIKELY(rc == S_LEAF)) return JB_OK;
    rc = rc == S_FAIL ? R_FAIL : R_AGAIN;
    for (;;) {
        if (rc == R_DONE) {
            pop_frame(r, &top);
            if (!top) return JB_OK;
        } else if (rc == R_FAIL) {
            if (JB_UNLIKELY(r->errs != NULL)) {
                int next = acc_recover(r, &top);
                if (next != R_FAIL) {
                    rc = next;
                    continue;
                }
            }
            /* unwind to an untagged sum that can try its next case, or out */
            for (;;) {
                if (!top) return r->code;
                frame *f = top;
                if (f->kind == F_SUM && f->u.sum.pmode == PM_ATTEMPT && r->code != JB_E_NOMEM) {
                    f->waiting = false;
                    jb__dec_untagged_undo(r, &f->u.sum);
                    break;
                }
                path_segment(&r->path, f);
                pop_frame(r, &top);
            }
        }
        rc = step(r, &top);
    }
}

/* Re-entry from a custom codec or a JSON text inside the document: the
 * only C recursion of the decoder, checked against this thread's stack. */
jb_status jb__dec_nested(jb_reader *r, const jb_type *t, void *out) {
    if (JB_UNLIKELY(jb__stack_low(r->stack_floor)))
        return jb__r_fail(r, JB_E_DEPTH, r->p,
                          "nesting too deep for this thread's stack (at depth %u)",
                          (unsigned)r->depth);
    /* a failure in here is the custom codec's to handle: not collected */
    jb_error_list *errs = r->errs;
    r->errs = NULL;
    jb_status st = jb__dec_run(r, t, out);
    r->errs = errs;
    return st;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                         */
/* ------------------------------------------------------------------ */

static jb_status arg_fail(jb_error *err, const char *msg) {
    jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, msg);
    return JB_E_ARG;
}

jb_status jb__decode_value(jb_reader *r, const jb_type *type, void *out) {
    jb_status st;
    char msg[JB_ERROR_MESSAGE_MAX];
    if ((st = jb__root_check(type, msg, sizeof msg))) return jb__r_fail(r, st, r->p, "%s", msg);
    if (jb__r_ws(r)) return r->code;
    if (r->p >= r->end) {
        char want[JB_NAMES_SHOWN + 32];
        jb__dec_expected(type, want, sizeof want);
        return jb__r_fail(r, JB_E_SYNTAX, r->p, "expected %s, found end of input", want);
    }
    return jb__dec_run(r, type, out);
}

/* The end of a decode that collected errors: the last one (r's, when the
 * decode stopped at it) joins those reported on the way, the ones this
 * decode added (from items[len0], total0) are put in document order
 * (stably: an error of a map's duplicate keys, found at its end, is
 * reported at its '{'), and the first of them is err and the result. */
static jb_status collected(jb_error_list *errs, size_t len0, size_t total0, const jb_reader *r,
                           const char *json, jb_error *err) {
    jb_error last;
    memset(&last, 0, sizeof last);
    if (r->code || errs->total == total0) {
        jb__error_fill(&last, r->code ? r->code : JB_E_SYNTAX, json, r->err_offset, &r->path,
                       r->message);
        jb_error_list_add(errs, &last);
    }
    jb_error *it = errs->items;
    for (size_t i = len0 + 1; i < errs->len; i++) { /* insertion sort: nearly sorted already */
        jb_error e = it[i];
        size_t j = i;
        for (; j > len0 && it[j - 1].offset > e.offset; j--) it[j] = it[j - 1];
        it[j] = e;
    }
    const jb_error *first = errs->len > len0 ? &it[len0] : &last;
    if (err) *err = *first;
    return first->code;
}

/* The interpreter's run of a document (decode_doc after its checks, and
 * jb__gen_decode's hand-over). Out of line so that a generated decode
 * does not set up this frame, whose reader is 2.5 KB. */
JB_NOINLINE jb_status jb__decode_interp(const jb_type *type, const char *json, size_t len, void *out,
                                           jb_arena *arena, const jb_read_options *opts, size_t *consumed,
                                           jb_error *err) {
    jb_reader r;
    jb__r_init(&r, json, len, arena, opts);
    r.stack_floor = jb__stack_floor();
    jb_arena_mark am = jb__arena_mark(arena);
    jb_scratch_mark sm = jb__scratch_mark(arena);
    jb_status st;
    jb_error_list *errs = opts ? opts->errors : NULL;
    size_t errs_len = errs ? errs->len : 0, errs_total = errs ? errs->total : 0;
    /* A prefix decode bounds the value's extent, not the (maybe larger)
     * buffer it starts in; so it is checked after the value below. */
    if (!consumed && len > r.max_doc_size) {
        jb__r_fail(&r, JB_E_LIMIT, r.p, "document of %zu bytes is over the %zu-byte limit", len,
                   r.max_doc_size);
        goto fail;
    }
    r.errs = errs;
    if (jb__decode_value(&r, type, out)) goto fail;
    if (jb__r_doc_end(&r, json, consumed)) goto fail;
    if (JB_UNLIKELY(errs && errs->total != errs_total)) goto fail; /* every error recovered */
    jb__scratch_release(arena, sm);
    return JB_OK;
fail:
    if (errs) {
        st = collected(errs, errs_len, errs_total, &r, json, err);
    } else {
        st = r.code ? r.code : JB_E_SYNTAX;
        jb__error_fill(err, st, json, r.err_offset, &r.path, r.message);
    }
    jb__scratch_release(arena, sm);
    jb__arena_rollback(arena, am);
    memset(out, 0, type->size);
    return st;
}

/* jb_decode and jb_decode_prefix: prefix = stop after the value (its end
 * to *consumed) instead of requiring the end of input there. */
static jb_status decode_doc(const jb_type *type, const char *json, size_t len, void *out,
                            jb_arena *arena, const jb_read_options *opts, size_t *consumed,
                            jb_error *err) {
    if (consumed) *consumed = 0;
    if (!type) return arg_fail(err, "type is NULL");
    if (!out) return arg_fail(err, "out is NULL");
    memset(out, 0, type->size);
    if (!arena) return arg_fail(err, "arena is NULL");
    if (!json && len) return arg_fail(err, "json is NULL");
    if (!json) json = "";
    if (opts && (opts->flags & JB_READ_DUPLICATE_LAST_WINS) &&
        (opts->flags & JB_READ_DUPLICATE_FIRST_WINS))
        return arg_fail(err, "JB_READ_DUPLICATE_LAST_WINS and _FIRST_WINS exclude each other");
    /* The generated codec for type (codegen_rt.c) first, where one is
     * attached: it takes the document or hands it over untouched (a bad
     * input, a limit, a shape or flag it does not specialize), and the
     * interpreter then runs it from the start and reports any error
     * exactly. Collecting errors is the interpreter's (generated code stops
     * at the first); a generated codec that took the document found none.
     * (No jb__root_check: attaching compiled the plans of every type the
     * codec reaches, jb_gen_attach, so the check would pass.) */
    const jb_gen_codec *gen = opts && (opts->flags & JB_READ_INTERPRET) ? NULL : jb__gen_codec(type);
    if (gen && jb__gen_doc(gen, json, len, out, type->size, arena, opts, consumed)) return JB_OK;
    return jb__decode_interp(type, json, len, out, arena, opts, consumed, err);
}

jb_status jb_decode(const jb_type *type, const char *json, size_t len, void *out, jb_arena *arena,
                    const jb_read_options *opts, jb_error *err) {
    /* The common call, sound arguments and a codec attached, goes straight
     * to the generated run (codegen_rt.c), which does decode_doc's work
     * from the zeroing of out on: on a small document the entry's frames
     * are a good part of the cost. Anything else takes decode_doc's checks. */
    const jb_gen_codec *gen;
    uint32_t both = JB_READ_DUPLICATE_LAST_WINS | JB_READ_DUPLICATE_FIRST_WINS;
    if (JB_LIKELY(type && out && arena && json) && (gen = jb__gen_codec(type)) &&
        !(opts && ((opts->flags & JB_READ_INTERPRET) || (opts->flags & both) == both)))
        return jb__gen_decode(gen, type, json, len, out, arena, opts, err);
    return decode_doc(type, json, len, out, arena, opts, NULL, err);
}

jb_status jb_decode_prefix(const jb_type *type, const char *json, size_t len, void *out,
                           jb_arena *arena, const jb_read_options *opts, size_t *consumed,
                           jb_error *err) {
    size_t dummy;
    return decode_doc(type, json, len, out, arena, opts, consumed ? consumed : &dummy, err);
}
