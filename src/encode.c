/* SPDX-License-Identifier: MIT */
/*
 * encode.c — the encoder engine: walks a C value with its descriptor's plan
 * and writes JSON bytes through the writer (write.c); the jb_encode entry
 * points. Leaves are written by encode_leaf.c, the jb_write_* API for
 * custom codecs is encode_api.c (encode.h is what they share).
 *
 * The walk does not recurse (see "The walk" below): a loop keeps an
 * explicit stack with a frame per open container; leaves, and arrays of
 * leaves, are written in place. Nesting costs frames, not C stack: the
 * first 32 live in the encode's locals, deeper ones in a malloc'd array.
 *
 * Failure: the first error is recorded in the writer (code + message); the
 * frames add their path segments while the stack unwinds, so the happy
 * path never touches the path.
 */
#include <math.h>
#include <stdlib.h>

#include "codegen.h"
#include "encode.h"

static bool field_present(const jb_pentry *pe, const char *base) {
    if (pe->presence == JB_PRESENCE_FLAG) {
        bool f;
        memcpy(&f, base + pe->flag_offset, sizeof f);
        return f;
    }
    if (pe->type->kind == JB_KIND_PTR) {
        void *q;
        memcpy(&q, base + pe->offset, sizeof q);
        return q != NULL;
    }
    return true;
}

/* A type whose plan changes the scope (plan.h) changes it for its
 * contents: the old scope back when it ends. */
static uint32_t scope_enter(jb_writer *w, const jb_plan *pl) {
    uint32_t old = w->scope;
    jb__w_scope(w, jb__scope_in(old, pl));
    return old;
}

static void scope_leave(jb_writer *w, uint32_t old) { jb__w_scope(w, old); }

/* The items of an array or vec. */
static jb_status items_of(jb_writer *w, const jb_type *t, const void *p, jb_anyvec *v) {
    *v = (jb_anyvec){(const char *)p, t->count};
    if (t->kind == JB_KIND_VEC) memcpy(v, p, sizeof *v);
    if (JB_UNLIKELY(!v->items && v->len))
        return jb__enc_fail(w, JB_E_VALUE, "vec with NULL items and length %zu", v->len);
    return JB_OK;
}

/* The fast field loop applies: compact output, default escaping (the
 * plan's pre-escaped keys are the bytes), no integers as strings. */
static inline bool fast_ok(const jb_writer *w) {
    return !(w->flags & (JB_WRITE_PRETTY | JB_WRITE_ESCAPE_UNICODE | JB_WRITE_ESCAPE_SLASH | JB_WRITE_CONTROL_HEX)) &&
           !(w->scope & JB__SCOPE_INT64_MASK);
}

static jb_status flat_record(jb_writer *w, const jb_plan *pl, const char *base);
static jb_status flat_records(jb_writer *w, const jb_plan *pl, const char *items, size_t count,
                              size_t stride);

/* The plan of a record written inline (enc_flat), or NULL. Not compiled
 * yet: NULL, and the walk compiles it. */
static inline const jb_plan *flat_plan(const jb_writer *w, const jb_type *t) {
    const jb_plan *pl;
    if (t->kind != JB_KIND_RECORD || !(pl = jb__plan_get(t)) || !pl->enc_flat || !fast_ok(w)) return NULL;
    return pl;
}

/* Write (t, p) in place if it needs no frame: leaves, arrays and vecs of
 * leaves (nothing in them nests), records of those (enc_flat), arrays
 * and vecs of such records, and arrays and vecs of double[N] rows
 * (jb__enc_f64_rows). True with the outcome in *st; false for a
 * container. A scalar field, a point's [x,y], a ring of points, a vec of
 * ids, a {"amount":..,"id":..} record or a vec of them thus costs no trip
 * through the walk's loop. */
static inline bool put_flat(jb_writer *w, const jb_type *t, const void *p, jb_status *st) {
    jb_anyvec v;
    const jb_plan *pl;
    if (JB_LIKELY(jb__enc_is_leaf(t))) {
        *st = jb__enc_leaf(w, t, p);
        return true;
    }
    if (t->kind == JB_KIND_RECORD) {
        if (!(pl = flat_plan(w, t))) return false;
        *st = flat_record(w, pl, p);
        return true;
    }
    if (t->kind != JB_KIND_ARRAY && t->kind != JB_KIND_VEC) return false;
    if (jb__enc_is_leaf(t->elem)) {
        if (!(*st = items_of(w, t, p, &v))) *st = jb__enc_leaves(w, t->elem, v.items, v.len);
        return true;
    }
    if ((pl = flat_plan(w, t->elem))) {
        if (!(*st = items_of(w, t, p, &v))) *st = flat_records(w, pl, v.items, v.len, t->elem->size);
        return true;
    }
    if (!jb__enc_f64_rows_ok(w, t->elem)) return false;
    if (!(*st = items_of(w, t, p, &v))) *st = jb__enc_f64_rows(w, t->elem, v.items, v.len);
    return true;
}

/* The current child (t, p): written in place (true), or handed back or
 * failed (false: the loop returns *st). */
static inline bool child(jb_writer *w, const jb_type *t, const void *p, const jb_type **ct,
                         const void **cp, bool *in_child, jb_status *st) {
    if (!put_flat(w, t, p, st)) {
        *ct = t;
        *cp = p;
        return false;
    }
    *in_child = *st != JB_OK;
    return !*st;
}

/*
 * The fields *pi.. of a record (pl->enc_fast, fast_ok): the hot loop of
 * encoding. Per field: one reservation covering the key run and the
 * longest fixed-size value, the ,"name": run copied as one 16-byte move
 * when it is that short (the first member skips the ','), then the value
 * written by its resolved opcode. The cursor lives in a local and goes
 * back to w->p only around calls that write through the writer. Stops at
 * the end, at a container field (handed back in *ct, *pi past it) or at a
 * failure (*in_child: inside field *pi - 1).
 */
static JB_ALWAYS_INLINE jb_status fields_run(jb_writer *w, const jb_plan *pl, const char *base, size_t *pi,
                                             bool *pfirst, const jb_type **ct, const void **cp,
                                             bool *in_child) {
    const jb_pentry *e = pl->e;
    const char *ck = pl->ckeys;
    const size_t n = pl->n;
    const jb_float_style fs = jb__scope_float(w->scope);
    size_t i = *pi;
    bool first = *pfirst;
    char *o = w->p;
    jb_status st = JB_OK;
    for (; i < n; i++) {
        const jb_pentry *pe = &e[i];
        const char *p = base + pe->offset;
        bool null = false;
        if (pe->optional && !field_present(pe, base)) {
            if (!jb__absent_as_null(pe, w->flags)) continue;
            null = true;
        }
        /* the key run (+ the 16-byte move's slack) and the worst fixed-size value */
        size_t kl = pe->key_len + !first;
        size_t need = kl + JB_CKEY_PAD + JB_FMT_F64_MAX;
        if (JB_UNLIKELY((size_t)(w->end - o) < need)) {
            w->p = o;
            if ((st = jb__w_grow(w, need))) {
                *in_child = false;
                st = jb__enc_sink_fail(w, st);
                break;
            }
            o = w->p;
        }
        const char *k = ck + pe->ckey_off + first;
        /* fixed-size moves read and write at most JB_CKEY_PAD bytes past
         * the run when it is longer than 16: inside ckeys (the next runs,
         * then the pad) and inside the reservation */
        if (JB_LIKELY(kl <= 16)) memcpy(o, k, 16);
        else if (kl <= 32) memcpy(o, k, 32);
        else memcpy(o, k, kl);
        o += kl;
        first = false;
        if (JB_UNLIKELY(null)) {
            memcpy(o, "null", 4);
            o += 4;
            continue;
        }
        switch (pe->enc_op) {
        case JB_EOP_BOOL: {
            bool b;
            memcpy(&b, p, sizeof b);
            memcpy(o, b ? "true" : "false", 5); /* the reservation covers 5 */
            o += b ? 4 : 5;
            continue;
        }
        case JB_EOP_I8: o += jb__fmt_i64(o, *(const int8_t *)p); continue;
        case JB_EOP_I16: o += jb__fmt_i64(o, *(const int16_t *)p); continue;
        case JB_EOP_I32: o += jb__fmt_i64(o, *(const int32_t *)p); continue;
        case JB_EOP_I64: o += jb__fmt_i64(o, *(const int64_t *)p); continue;
        case JB_EOP_U8: o += jb__fmt_u64(o, *(const uint8_t *)p); continue;
        case JB_EOP_U16: o += jb__fmt_u64(o, *(const uint16_t *)p); continue;
        case JB_EOP_U32: o += jb__fmt_u64(o, *(const uint32_t *)p); continue;
        case JB_EOP_U64: o += jb__fmt_u64(o, *(const uint64_t *)p); continue;
        case JB_EOP_F64: {
            double d = *(const double *)p;
            if (JB_UNLIKELY(!isfinite(d))) break; /* the leaf path decides: null, aeson, error */
            o += jb__fmt_f64_style(o, d, fs);
            continue;
        }
        case JB_EOP_F32: {
            float d = *(const float *)p;
            if (JB_UNLIKELY(!isfinite(d))) break;
            o += jb__fmt_f32_style(o, d, fs);
            continue;
        }
        case JB_EOP_STR: {
            /* a short clean string straight into the room (fast_ok: no
             * escaping flags); anything else through the writer */
            jb_str sv;
            memcpy(&sv, p, sizeof sv);
            if (sv.len <= JB_W_PLAIN_MAX && sv.ptr && (size_t)(w->end - o) >= sv.len + 2) {
                char *q = jb__w_plain_at(o, sv.ptr, sv.len, false);
                if (JB_LIKELY(q != NULL)) {
                    o = q;
                    continue;
                }
            }
            w->p = o;
            if (JB_UNLIKELY(st = jb__enc_str(w, (const jb_str *)p))) {
                *in_child = true;
                i++;
                goto out;
            }
            o = w->p;
            continue;
        }
        default: {
            /* an empty vec of leaves (a record's list of ids, often empty):
             * "[]" in the room the reservation left; the level it opens
             * is only checked */
            const jb_type *t = pe->type;
            jb_anyvec v;
            if (t->kind != JB_KIND_VEC || !jb__enc_is_leaf(t->elem)) break;
            memcpy(&v, p, sizeof v);
            if (v.len || w->depth >= w->max_depth) break;
            memcpy(o, "[]", 2);
            o += 2;
            continue;
        }
        }
        /* anything else: the general leaf path, or a container for the walk */
        w->p = o;
        if (!child(w, pe->type, p, ct, cp, in_child, &st)) {
            i++;
            goto out;
        }
        o = w->p;
    }
    w->p = o;
out:
    *pi = i;
    *pfirst = first;
    return st;
}

/* fields_run out of line: the walk's records (next_record) and a lone
 * inline record share this one copy; flat_records has its own, inlined
 * into its element loop. */
static JB_NOINLINE jb_status fields_fast(jb_writer *w, const jb_plan *pl, const char *base, size_t *pi,
                                         bool *pfirst, const jb_type **ct, const void **cp, bool *in_child) {
    return fields_run(w, pl, base, pi, pfirst, ct, cp, in_child);
}

/* A record of leaves (enc_flat) written inline: '{' fields '}'. A failure
 * inside a field adds that field's name to the path here. */
static jb_status flat_record(jb_writer *w, const jb_plan *pl, const char *base) {
    size_t i = 0;
    bool first = true, in_child = false;
    const jb_type *ct = NULL;
    const void *cp = NULL;
    jb_status st = jb__enc_open(w, '{');
    if (!st) st = fields_fast(w, pl, base, &i, &first, &ct, &cp, &in_child);
    if (JB_UNLIKELY(st)) {
        if (in_child) jb__path_key(&w->path, pl->e[i - 1].name, pl->e[i - 1].name_len);
        return st;
    }
    return jb__enc_close(w, '}', first);
}

/*
 * '[' records ']' for count records of a flat plan (enc_flat, fast_ok),
 * stride bytes apart: the element loop of the walk's F_ELEMS frame without
 * the frame (a seat category's areas, a performance's prices). Every
 * record opens a level one deeper than the array's, checked once. A
 * failure inside element i adds [i] to the path after its field's name.
 */
static JB_NOINLINE jb_status flat_records(jb_writer *w, const jb_plan *pl, const char *items,
                                          size_t count, size_t stride) {
    jb_status st = jb__enc_open(w, '[');
    if (st) return st;
    if (count && JB_UNLIKELY(w->depth >= w->max_depth))
        return jb__enc_fail(w, JB_E_DEPTH, "nesting deeper than %u (a cycle?)", (unsigned)w->max_depth);
    w->depth++;
    for (size_t i = 0; i < count; i++) {
        const char *base = items + i * stride;
        size_t fi = 0;
        bool first = true, in_child = false;
        const jb_type *ct = NULL;
        const void *cp = NULL;
        TRY_W(w, jb__w_reserve(w, 2));
        if (i) *w->p++ = ',';
        *w->p++ = '{';
        st = fields_run(w, pl, base, &fi, &first, &ct, &cp, &in_child);
        if (JB_UNLIKELY(st)) {
            if (in_child) jb__path_key(&w->path, pl->e[fi - 1].name, pl->e[fi - 1].name_len);
            jb__path_index(&w->path, i);
            return st;
        }
        TRY_W(w, jb__w_reserve(w, 1));
        *w->p++ = '}';
    }
    w->depth--;
    return jb__enc_close(w, ']', count == 0);
}

/* Members kept by JB_UNKNOWN_FIELDS, written back after the known fields. */
static jb_status enc_captured(jb_writer *w, const jb_plan *pl, const char *base, bool *first) {
    jb_raw_members m;
    memcpy(&m, base + pl->capture_offset, sizeof m);
    if (!m.items && m.len) return jb__enc_fail(w, JB_E_VALUE, "jb_raw_members with NULL items and length %zu", m.len);
    for (size_t i = 0; i < m.len; i++) {
        const jb_raw_member *e = &m.items[i];
        jb_status st = jb__enc_sep(w, *first);
        if (!st) st = jb__enc_str(w, &e->key);
        if (!st) st = jb__enc_key(w, ":", 1);
        if (!st) st = jb__enc_leaf(w, &jb_raw, &e->value);
        if (st) return st;
        *first = false;
    }
    return JB_OK;
}

/* ------------------------------------------------------------------ */
/* The walk                                                            */
/* ------------------------------------------------------------------ */

/*
 * One frame per open container. A frame's loop writes punctuation and
 * leaves itself and hands back its next container child; a finished frame
 * writes its closing bracket and pops. Fields are shared between kinds as
 * the comments say.
 */
enum {
    F_RECORD,      /* '{' fields (and captured members) '}'; also an internal sum's record case */
    F_TUPLE,       /* '[' the plan's entries ']'; also a record written positionally (Fable) */
    F_ELEMS,       /* '[' elements of an array or vec ']' */
    F_MAP,         /* '{' "key": value ... '}' */
    F_PAIRS,       /* '[' [key, value] ... ']' */
    F_SUM_EXT,     /* {"Case": payload}: path key the case name */
    F_SUM_CONTENT, /* {"tag": "Case", "contents": payload}: path key the content name */
    F_SUM_ARRAY    /* ["Case", payload]: path index 1 */
};

typedef struct eframe {
    uint8_t kind;         /* F_* */
    uint8_t phase;        /* F_PAIRS: 0 before an entry, 1 after its key, 2 after its value */
    bool first;           /* F_RECORD: no member written yet */
    bool text_key;        /* F_MAP: keys written as their JSON text (Fable) */
    bool scoped;          /* popping restores `saved`: a format scope was entered on the way here */
    uint32_t saved;       /* the scope before, when scoped */
    uint32_t hops;        /* transparent steps from (hop_t, hop_p) to this container (see enter) */
    const jb_type *hop_t; /* the value as the parent handed it over; for the error path only */
    const void *hop_p;
    const jb_plan *pl;    /* F_RECORD, F_TUPLE: whose entries are written; F_SUM_*: the sum's */
    const jb_type *t;     /* F_ELEMS: the element type; F_MAP, F_PAIRS: the map type */
    const char *base;     /* the record or tuple; array or map items; F_SUM_*: the payload */
    size_t i, n;          /* next entry or element, and how many (F_SUM_*: i is 1 once the
                             payload started, n the case's index) */
    size_t stride, vo;    /* element or map entry size; offset of an entry's value */
    size_t *order;        /* F_MAP, F_PAIRS: entries in key order (malloc'd), or NULL */
} eframe;

/* Frames kept in the locals of an encode (about 3 KiB) and of a nested
 * walk. Only a value nesting deeper allocates: the stack moves to the heap
 * (malloc), at most one frame per open level, so bounded by max_depth.
 * Small on purpose: encodes run on threads with 64 KiB stacks, and the
 * writer itself holds an 8 KiB chunk. */
#define ENC_FRAMES 32
#define ENC_NESTED_FRAMES 4

typedef struct estack {
    eframe *f;    /* the local array, or heap */
    size_t n, cap;
    eframe *heap; /* NULL while on the local array */
} estack;

static JB_NOINLINE bool grow(jb_writer *w, estack *s) {
    size_t cap = s->cap * 2, bytes;
    eframe *nf;
    if (!jb__mul_ok(cap, sizeof *nf, &bytes) || !(nf = realloc(s->heap, bytes))) {
        jb__enc_fail(w, JB_E_NOMEM, "out of memory for the encoder's stack (%zu levels deep)", s->n);
        return false;
    }
    if (!s->heap) memcpy(nf, s->f, s->n * sizeof *nf);
    s->f = s->heap = nf;
    s->cap = cap;
    return true;
}

/*
 * Write the opening bracket c (none when 0: a sum's payload) and push a
 * frame of `kind` over base with n entries; the caller fills the rest.
 * NULL on failure, w->code says why. The stack may move: earlier frame
 * pointers are stale afterwards.
 */
static inline eframe *open_frame(jb_writer *w, estack *s, char c, uint8_t kind, const void *base,
                                 size_t n) {
    if (c && jb__enc_open(w, c)) return NULL;
    if (JB_UNLIKELY(s->n == s->cap) && !grow(w, s)) return NULL;
    eframe *f = &s->f[s->n++];
    f->kind = kind;
    f->phase = 0;
    f->first = true;
    f->scoped = false;
    f->hops = 0;
    f->base = (const char *)base;
    f->i = 0;
    f->n = n;
    return f;
}

static inline void pop(jb_writer *w, estack *s) {
    eframe *f = &s->f[--s->n];
    if (JB_UNLIKELY(f->scoped)) scope_leave(w, f->saved);
}

/* A record's '{' or a tuple's '[' (kind F_RECORD or F_TUPLE), and its frame. */
static jb_status open_plan(jb_writer *w, estack *s, uint8_t kind, const jb_plan *pl, const void *p) {
    eframe *f = open_frame(w, s, kind == F_RECORD ? '{' : '[', kind, p, pl->n);
    if (!f) return w->code;
    f->pl = pl;
    return JB_OK;
}

/* An array or vec of containers (or of flat arrays). */
static jb_status open_elems(jb_writer *w, estack *s, const jb_type *elem, const char *items,
                            size_t count) {
    eframe *f;
    if (count == 0) {
        jb_status st = jb__enc_open(w, '[');
        return st ? st : jb__enc_close(w, ']', true);
    }
    if (!(f = open_frame(w, s, '[', F_ELEMS, items, count))) return w->code;
    f->t = elem;
    f->stride = elem->size;
    return JB_OK;
}

/*
 * A map in key order (JB_FMT_SORTED_MAPS): *order stays NULL when its
 * entries already are (one pass, no memory: a decoded sorted map), else a
 * malloc'd permutation the frame writes through and frees. The value is
 * not touched.
 */
static jb_status map_order(jb_writer *w, const jb_type *t, const jb_anyvec *v, size_t es, size_t **order) {
    const jb_type *k = t->key;
    const jb_plan *epl = NULL;
    size_t bytes;
    *order = NULL;
    if (v->len < 2 || !jb__key_orderable(k)) return JB_OK;
    if (k->kind == JB_KIND_ENUM && !(epl = jb__enc_plan(w, k))) return w->code;
    if (jb__keys_sorted(k, epl, v->items, v->len, es)) return JB_OK;
    size_t *idx = jb__mul_ok(v->len, 2 * sizeof(size_t), &bytes) ? malloc(bytes) : NULL;
    if (!idx) return jb__enc_fail(w, JB_E_NOMEM, "out of memory ordering a map of %zu entries", v->len);
    for (size_t i = 0; i < v->len; i++) idx[i] = i;
    jb__keys_sort(k, epl, v->items, es, idx, idx + v->len, v->len);
    *order = idx; /* the second half was the sort's scratch */
    return JB_OK;
}

static jb_status open_map(jb_writer *w, estack *s, const jb_type *t, const void *p) {
    jb_anyvec v;
    size_t es, vo;
    size_t *order = NULL;
    eframe *f;
    memcpy(&v, p, sizeof v);
    if (JB_UNLIKELY(!v.items && v.len))
        return jb__enc_fail(w, JB_E_VALUE, "map with NULL items and length %zu", v.len);
    jb__map_layout(t, &es, &vo);
    jb_key_mode km = t->key_mode ? t->key_mode : jb__scope_key_mode(w->scope);
    bool obj = jb__map_is_object(t->key, km);
    if (v.len == 0) {
        jb_status st = jb__enc_open(w, obj ? '{' : '[');
        return st ? st : jb__enc_close(w, obj ? '}' : ']', true);
    }
    if (JB_UNLIKELY(jb__map_sorted(t, w->scope))) {
        jb_status st = map_order(w, t, &v, es, &order);
        if (st) return st;
    }
    if (!(f = open_frame(w, s, obj ? '{' : '[', obj ? F_MAP : F_PAIRS, v.items, v.len))) {
        free(order);
        return w->code;
    }
    f->order = order;
    f->t = t;
    f->stride = es;
    f->vo = vo;
    f->text_key = km == JB_KEYS_JSON_TEXT && t->key->kind != JB_KIND_CSTR && t->key->kind != JB_KIND_STR;
    return JB_OK;
}

/* '{' "tag": "Case" — the opening of internal and adjacent forms. */
static jb_status open_tagged(jb_writer *w, const jb_plan *pl, const jb_pentry *c) {
    jb_status st;
    if ((st = jb__enc_open(w, '{')) || (st = jb__enc_sep(w, true)) ||
        (st = jb__enc_key(w, pl->tag_key, pl->tag_key_len)) || (st = jb__enc_name(w, c)))
        return st;
    return JB_OK;
}

/* A frame whose one child is case ci's payload (what comes before it is
 * written already): n holds the case. */
static jb_status push_payload(jb_writer *w, estack *s, uint8_t kind, const jb_plan *pl, long ci,
                              const void *payload) {
    eframe *f = open_frame(w, s, 0, kind, payload, (size_t)ci);
    if (!f) return w->code;
    f->pl = pl;
    return JB_OK;
}

/*
 * A sum (its scope entered by the caller): the tag, then a frame for the
 * payload, or the whole value when the case is nullary. An untagged case
 * with a payload writes nothing of its own: *hop gets the payload's type
 * (and *p the payload) for the caller to continue with.
 */
static jb_status open_sum(jb_writer *w, estack *s, const jb_type *t, const jb_plan *pl,
                          const void **p, const jb_type **hop) {
    uint64_t tag = jb__load_uint((const char *)*p + t->tag_offset, t->tag_size);
    long ci = jb__values_find(pl, tag);
    if (JB_UNLIKELY(ci < 0))
        return jb__enc_fail(w, JB_E_VALUE, "tag %llu is not a case of %s", (unsigned long long)tag, t->name);
    const jb_pentry *c = &pl->e[ci];
    const char *payload = (const char *)*p + c->offset;
    jb_status st;
    if (pl->all_nullary && (pl->fmt_flags & JB_FMT_ALL_NULLARY_STRING)) return jb__enc_name(w, c);
    switch (pl->sum_style) {
    case JB_SUM_INTERNAL: {
        if ((st = open_tagged(w, pl, c))) return st;
        if (!c->type) return jb__enc_close(w, '}', false);
        if (c->type->kind != JB_KIND_RECORD) { /* aeson TaggedObject: under the content key */
            if ((st = jb__enc_sep(w, false)) || (st = jb__enc_key(w, pl->content_key, pl->content_key_len)))
                return st;
            return push_payload(w, s, F_SUM_CONTENT, pl, ci, payload);
        }
        /* a record's fields follow the tag in the same object (its own
         * format scope is not entered: the sum's applies) */
        const jb_plan *pp = jb__enc_plan(w, c->type);
        eframe *f = pp ? open_frame(w, s, 0, F_RECORD, payload, pp->n) : NULL;
        if (!f) return w->code;
        f->pl = pp;
        f->first = false;
        return JB_OK;
    }
    case JB_SUM_ADJACENT:
        if ((st = open_tagged(w, pl, c))) return st;
        if (!c->type) return jb__enc_close(w, '}', false);
        if ((st = jb__enc_sep(w, false)) || (st = jb__enc_key(w, pl->content_key, pl->content_key_len))) return st;
        return push_payload(w, s, F_SUM_CONTENT, pl, ci, payload);
    case JB_SUM_ARRAY:
        if ((st = jb__enc_open(w, '[')) || (st = jb__enc_sep(w, true)) || (st = jb__enc_name(w, c))) return st;
        if (c->type) {
            if ((st = jb__enc_sep(w, false))) return st;
            return push_payload(w, s, F_SUM_ARRAY, pl, ci, payload);
        }
        if ((pl->fmt_flags & JB_FMT_NULLARY_ARRAY) && ((st = jb__enc_sep(w, false)) || (st = jb__enc_lit(w, "[]", 2))))
            return st;
        return jb__enc_close(w, ']', false);
    case JB_SUM_UNTAGGED:
        if (!c->type) /* aeson UntaggedValue: its name; serde: a unit variant untagged is null */
            return (pl->fmt_flags & JB_FMT_UNTAGGED_NULLARY_NAME) ? jb__enc_name(w, c) : jb__enc_lit(w, "null", 4);
        if (c->type->kind == JB_KIND_RECORD && (pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS)) {
            const jb_plan *pp = jb__enc_plan(w, c->type); /* Fable: the fields as an array */
            return pp ? open_plan(w, s, F_TUPLE, pp, payload) : w->code;
        }
        *hop = c->type;
        *p = payload;
        return JB_OK;
    default: /* external */
        if (!c->type && !(pl->fmt_flags & (JB_FMT_NULLARY_OBJECT | JB_FMT_NULLARY_ARRAY)))
            return jb__enc_name(w, c);
        if ((st = jb__enc_open(w, '{')) || (st = jb__enc_sep(w, true)) || (st = jb__enc_name(w, c)) ||
            (st = jb__enc_key(w, ":", 1)))
            return st;
        if (c->type) return push_payload(w, s, F_SUM_EXT, pl, ci, payload);
        if ((st = jb__enc_lit(w, (pl->fmt_flags & JB_FMT_NULLARY_OBJECT) ? "{}" : "[]", 2))) return st;
        return jb__enc_close(w, '}', false);
    }
}

/*
 * The path segments of a run of transparent steps (see enter): replay the
 * `hops` steps from (t, p), which all succeeded before (plans exist, tags
 * are cases), and add the names of the unwrapped records passed, innermost
 * first. The path keeps only its innermost JB_PATH_SEGS segments, so a
 * ring of that many is enough. Failure path only.
 */
static void hop_path(jb_writer *w, const jb_type *t, const void *p, uint32_t hops) {
    const jb_pentry *ring[JB_PATH_SEGS];
    size_t named = 0;
    for (uint32_t k = 0; k < hops; k++) {
        if (t->kind == JB_KIND_PTR) {
            p = *(const void *const *)p;
            t = t->elem;
            continue;
        }
        const jb_plan *pl = jb__enc_plan(w, t);
        const jb_pentry *e = &pl->e[0]; /* an unwrapped record's one field */
        if (t->kind == JB_KIND_SUM) {   /* an untagged sum's case */
            e = &pl->e[jb__values_find(pl, jb__load_uint((const char *)p + t->tag_offset, t->tag_size))];
        } else {
            ring[named++ % JB_PATH_SEGS] = e;
        }
        p = (const char *)p + e->offset;
        t = e->type;
    }
    for (size_t j = 0; j < named && j < JB_PATH_SEGS; j++) {
        const jb_pentry *e = ring[(named - 1 - j) % JB_PATH_SEGS];
        jb__path_key(&w->path, e->name, e->name_len);
    }
    if (named > JB_PATH_SEGS) w->path.overflow = true; /* the outermost were dropped */
}

/*
 * Write the value (t, p): a leaf entirely, a container's opening with a
 * frame pushed for its contents.
 *
 * Pointers, unwrapped records and untagged sums with a payload are
 * transparent: they write nothing and open no level, the walk just goes on
 * with what they hold (hops). A descriptor cycle through them (a pointer to
 * an unwrapped record holding that pointer) would go on forever on a cyclic
 * value, so a run of more than max_depth hops fails like too deep nesting.
 * A type with a format scope met on the way enters it; the frame pushed (or
 * this function, for a leaf) restores the scope from before the first hop.
 * Inlined into walk, its one caller: a call per container was measurable.
 */
static JB_ALWAYS_INLINE jb_status enter(jb_writer *w, estack *s, const jb_type *t, const void *p) {
    const jb_type *const t0 = t;
    const void *const p0 = p;
    const size_t n0 = s->n;
    uint32_t hops = 0;
    bool scoped = false;
    uint32_t saved = 0;
    jb_status st;
    for (;; hops++) {
        if (JB_UNLIKELY(hops > w->max_depth)) {
            st = jb__enc_fail(w, JB_E_DEPTH, "nesting deeper than %u (a cycle?)", (unsigned)w->max_depth);
            goto out;
        }
        switch (t->kind) {
        case JB_KIND_RECORD:
        case JB_KIND_TUPLE:
        case JB_KIND_SUM: {
            const jb_type *hop = NULL;
            const jb_plan *pl = jb__enc_plan(w, t);
            if (!pl) {
                st = w->code;
                goto out;
            }
            if (t->kind == JB_KIND_TUPLE) {
                st = open_plan(w, s, F_TUPLE, pl, p);
                goto out;
            }
            if (JB_UNLIKELY(pl->scoped)) {
                uint32_t old = scope_enter(w, pl);
                if (!scoped) saved = old;
                scoped = true;
            }
            if (t->kind == JB_KIND_RECORD && JB_LIKELY(!pl->unwrap)) {
                st = open_plan(w, s, F_RECORD, pl, p);
                goto out;
            }
            if (t->kind == JB_KIND_RECORD) { /* unwrapped: go on with its one field */
                p = (const char *)p + pl->e[0].offset;
                t = pl->e[0].type;
                continue;
            }
            if ((st = open_sum(w, s, t, pl, &p, &hop)) || !hop) goto out;
            t = hop; /* untagged: go on with the payload */
            continue;
        }
        case JB_KIND_ARRAY:
        case JB_KIND_VEC: {
            jb_anyvec v;
            if ((st = items_of(w, t, p, &v))) goto out;
            st = jb__enc_is_leaf(t->elem)           ? jb__enc_leaves(w, t->elem, v.items, v.len)
                 : jb__enc_f64_rows_ok(w, t->elem) ? jb__enc_f64_rows(w, t->elem, v.items, v.len)
                                                   : open_elems(w, s, t->elem, v.items, v.len);
            goto out;
        }
        case JB_KIND_MAP: st = open_map(w, s, t, p); goto out;
        case JB_KIND_PTR: {
            const void *q = *(const void *const *)p;
            if (!q) {
                st = JB_UNLIKELY(jb__ptr_is_box(t)) ? jb__enc_null_box(w, t) : jb__enc_lit(w, "null", 4);
                goto out;
            }
            t = t->elem;
            p = q;
            continue;
        }
        default: st = jb__enc_leaf(w, t, p); goto out;
        }
    }
out:
    if (JB_UNLIKELY(st)) {
        if (hops) hop_path(w, t0, p0, hops);
        if (scoped) scope_leave(w, saved);
        return st;
    }
    if (s->n == n0) { /* a leaf */
        if (JB_UNLIKELY(scoped)) scope_leave(w, saved);
        return JB_OK;
    }
    eframe *f = &s->f[s->n - 1]; /* a container: its frame undoes the scope, knows the way here */
    if (JB_UNLIKELY(hops)) {
        f->hop_t = t0;
        f->hop_p = p0;
        f->hops = hops;
    }
    if (JB_UNLIKELY(scoped)) {
        f->scoped = true;
        f->saved = saved;
    }
    return JB_OK;
}

/*
 * The next child of the top frame, writing what comes before it: leaves
 * are written here; a container child is handed back in (*ct, *cp) for
 * enter. A finished frame is closed and popped (*ct stays NULL). On
 * failure *in_child says whether it happened inside the frame's current
 * child (the frame's path segment applies) or in its own punctuation.
 * The loops keep their state in locals and store it back when they leave:
 * the frame is memory that writes through w->p may alias.
 */

static jb_status next_record(jb_writer *w, estack *s, const jb_type **ct, const void **cp,
                             bool *in_child) {
    eframe *f = &s->f[s->n - 1];
    const jb_plan *pl = f->pl;
    const char *base = f->base;
    bool first = f->first;
    jb_status st;
    if (JB_LIKELY(pl->enc_fast && fast_ok(w))) {
        size_t i = f->i;
        st = fields_fast(w, pl, base, &i, &first, ct, cp, in_child);
        if (st || i < f->n || *ct) { /* failed, or a container child handed back */
            f->i = i;
            f->first = first;
            return st;
        }
        goto close;
    }
    for (size_t i = f->i; i < f->n; i++) {
        const jb_pentry *pe = &pl->e[i];
        if (pe->optional && !field_present(pe, base)) {
            if (!jb__absent_as_null(pe, w->flags)) continue;
            if ((st = jb__enc_sep(w, first)) || (st = jb__enc_name_key(w, pe)) || (st = jb__enc_lit(w, "null", 4)))
                return st;
            first = false;
            continue;
        }
        if ((st = jb__enc_sep(w, first)) || (st = jb__enc_name_key(w, pe))) return st;
        first = false;
        if (!child(w, pe->type, base + pe->offset, ct, cp, in_child, &st)) {
            f->i = i + 1;
            f->first = false;
            return st;
        }
    }
close:
    if ((pl->has_capture && (st = enc_captured(w, pl, base, &first))) || (st = jb__enc_close(w, '}', first)))
        return st;
    pop(w, s);
    return JB_OK;
}

/* Tuples, arrays and vecs: '[' elements ']'. */
static jb_status next_elem(jb_writer *w, estack *s, const jb_type **ct, const void **cp,
                           bool *in_child) {
    eframe *f = &s->f[s->n - 1];
    jb_status st;
    for (size_t i = f->i; i < f->n; i++) {
        const jb_type *t;
        const char *p;
        if (f->kind == F_TUPLE) {
            t = f->pl->e[i].type;
            p = f->base + f->pl->e[i].offset;
        } else {
            t = f->t;
            p = f->base + i * f->stride;
        }
        if ((st = jb__enc_sep(w, i == 0))) return st;
        if (!child(w, t, p, ct, cp, in_child, &st)) {
            f->i = i + 1;
            return st;
        }
    }
    if ((st = jb__enc_close(w, ']', f->n == 0))) return st;
    pop(w, s);
    return JB_OK;
}

/* A map as an object: "key": value. A key's failure is the entry's. */
static jb_status next_member(jb_writer *w, estack *s, const jb_type **ct, const void **cp,
                             bool *in_child) {
    eframe *f = &s->f[s->n - 1];
    const jb_type *t = f->t;
    jb_status st;
    for (size_t i = f->i; i < f->n; i++) {
        const char *e = f->base + (JB_UNLIKELY(f->order != NULL) ? f->order[i] : i) * f->stride;
        if ((st = jb__enc_sep(w, i == 0))) return st;
        f->i = i + 1;
        st = f->text_key ? jb__enc_json_text_key(w, t->key, e) : jb__enc_map_key(w, t->key, e);
        if ((*in_child = st != JB_OK) || !child(w, t->elem, e + f->vo, ct, cp, in_child, &st)) return st;
    }
    if ((st = jb__enc_close(w, '}', false))) return st;
    free(f->order);
    pop(w, s);
    return JB_OK;
}

/* A map as an array of pairs: [key, value], each pair one level deeper.
 * Whatever fails inside a pair is the entry's (path index i). */
static jb_status next_pair(jb_writer *w, estack *s, const jb_type **ct, const void **cp,
                           bool *in_child) {
    eframe *f = &s->f[s->n - 1];
    const jb_type *t = f->t;
    jb_status st = JB_OK;
    while (f->i < f->n) {
        const char *e = f->base + (JB_UNLIKELY(f->order != NULL) ? f->order[f->i] : f->i) * f->stride;
        const jb_type *ft = t->key;
        const char *fp = e;
        switch (f->phase) {
        case 0: /* before the pair: its key */
            if ((st = jb__enc_sep(w, f->i == 0))) return st;
            if ((st = jb__enc_open(w, '[')) || (st = jb__enc_sep(w, true))) break;
            f->phase = 1;
            break;
        case 1: /* after the key: the value */
            if ((st = jb__enc_sep(w, false))) break;
            ft = t->elem;
            fp = e + f->vo;
            f->phase = 2;
            break;
        default: /* after the value: close the pair */
            if ((st = jb__enc_close(w, ']', false))) break;
            f->phase = 0;
            f->i++;
            continue;
        }
        if ((*in_child = st != JB_OK) || !child(w, ft, fp, ct, cp, in_child, &st)) return st;
    }
    if ((st = jb__enc_close(w, ']', false))) return st;
    free(f->order);
    pop(w, s);
    return JB_OK;
}

/* A sum's payload (a record positionally when the format says so), then
 * the closing bracket. */
static jb_status next_payload(jb_writer *w, estack *s, const jb_type **ct, const void **cp,
                              bool *in_child) {
    eframe *f = &s->f[s->n - 1];
    if (f->i == 0) {
        const jb_type *t = f->pl->e[f->n].type;
        f->i = 1;
        if (JB_UNLIKELY(t->kind == JB_KIND_RECORD && (f->pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS))) {
            const jb_plan *pp = jb__enc_plan(w, t);
            jb_status st = pp ? open_plan(w, s, F_TUPLE, pp, f->base) : w->code;
            *in_child = st != JB_OK;
            return st;
        }
        *ct = t;
        *cp = f->base;
        return JB_OK;
    }
    jb_status st = jb__enc_close(w, f->kind == F_SUM_ARRAY ? ']' : '}', false);
    if (!st) pop(w, s);
    return st;
}

/* The top frame's path segment for its current child. */
static void frame_path(jb_writer *w, const eframe *f) {
    switch (f->kind) {
    case F_RECORD: jb__path_key(&w->path, f->pl->e[f->i - 1].name, f->pl->e[f->i - 1].name_len); break;
    case F_PAIRS: jb__path_index(&w->path, f->order ? f->order[f->i] : f->i); break; /* the C index */
    case F_MAP: jb__path_index(&w->path, f->order ? f->order[f->i - 1] : f->i - 1); break;
    case F_SUM_EXT: jb__path_key(&w->path, f->pl->e[f->n].name, f->pl->e[f->n].name_len); break;
    case F_SUM_CONTENT: jb__path_key(&w->path, f->pl->content_name, f->pl->content_name_len); break;
    case F_SUM_ARRAY: jb__path_index(&w->path, 1); break;
    default: jb__path_index(&w->path, f->i - 1); break; /* tuples, arrays, map members */
    }
}

/*
 * Encode (t, p) on the stack s: the driver. Alternates between entering a
 * value (a leaf written, or a container opened and its frame pushed) and
 * asking the top frame for its next container child. A failure unwinds the
 * frames: each adds its path segment (when inside its child) and those of
 * the hops that led to it, and restores its scope.
 */
static jb_status walk(jb_writer *w, estack *s, const jb_type *t, const void *p) {
    bool in_child = false;
    jb_status st;
    for (;;) {
        if (t && JB_UNLIKELY(st = enter(w, s, t, p))) {
            in_child = true;
            goto fail;
        }
        if (s->n == 0) break;
        t = NULL;
        switch (s->f[s->n - 1].kind) {
        case F_RECORD: st = next_record(w, s, &t, &p, &in_child); break;
        case F_TUPLE:
        case F_ELEMS: st = next_elem(w, s, &t, &p, &in_child); break;
        case F_MAP: st = next_member(w, s, &t, &p, &in_child); break;
        case F_PAIRS: st = next_pair(w, s, &t, &p, &in_child); break;
        default: st = next_payload(w, s, &t, &p, &in_child); break;
        }
        if (JB_UNLIKELY(st)) goto fail;
    }
    if (JB_UNLIKELY(s->heap != NULL)) free(s->heap);
    return JB_OK;
fail:
    while (s->n) {
        const eframe *f = &s->f[s->n - 1];
        if (in_child) frame_path(w, f);
        if (f->hops) hop_path(w, f->hop_t, f->hop_p, f->hops);
        if (f->kind == F_MAP || f->kind == F_PAIRS) free(f->order);
        pop(w, s);
        in_child = true;
    }
    free(s->heap);
    return w->code ? w->code : st;
}

/* A whole encode: frames on this function's stack, up to ENC_FRAMES deep. */
static jb_status enc_value(jb_writer *w, const jb_type *t, const void *p) {
    eframe local[ENC_FRAMES];
    estack s = {local, 0, ENC_FRAMES, NULL};
    return walk(w, &s, t, p);
}

/*
 * A walk started from inside a leaf: a custom encoder's jb_write_value, or
 * a map key written as its JSON text. That is recursion the user's types
 * drive (a custom codec may encode its own type again), so here, and only
 * here, the stack floor is checked (src/stack.c); and a nested walk keeps
 * few frames locally to keep each round small.
 */
jb_status jb__enc_nested(jb_writer *w, const jb_type *t, const void *p) {
    eframe local[ENC_NESTED_FRAMES];
    estack s = {local, 0, ENC_NESTED_FRAMES, NULL};
    if (JB_UNLIKELY(jb__stack_low(w->stack_floor)))
        return jb__enc_fail(w, JB_E_DEPTH, "nesting too deep for this thread's stack (at depth %u)",
                     (unsigned)w->depth);
    return walk(w, &s, t, p);
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

static jb_status check_args(const jb_type *type, const void *value, jb_error *err) {
    if (type && value) return JB_OK;
    jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, type ? "value is NULL" : "type is NULL");
    return JB_E_ARG;
}

/* Check the root descriptor and everything it reaches (plan.c). */
static jb_status check_root(jb_writer *w, const jb_type *t) {
    char msg[JB_ERROR_MESSAGE_MAX];
    jb_status st = jb__root_check(t, msg, sizeof msg);
    if (st) return jb__enc_fail(w, st, "%s", msg);
    return JB_OK;
}

static jb_status run(jb_writer *w, const jb_type *type, const void *value, jb_error *err) {
    w->custom_depth = UINT32_MAX;
    w->stack_floor = jb__stack_floor();
    /* A codec is attached only to a type whose plans, and those of all it
     * reaches, compiled (jb_gen_attach): check_root would pass. */
    jb_status st = jb__gen_codec(type) ? JB_OK : check_root(w, type);
    if (!st) st = enc_value(w, type, value);
    if (!st) {
        st = jb__w_finish(w);
        if (st) jb__enc_sink_fail(w, st);
    }
    if (st) {
        if (w->code == JB_OK) jb__enc_sink_fail(w, st);
        jb__error_fill(err, w->code, NULL, 0, &w->path, w->message);
        return w->code;
    }
    return JB_OK;
}

/* The interpreter into a jb_buf. Out of line: a generated encode
 * (jb_encode) does not set up this frame, whose writer is 8 KB (it holds
 * the stream staging chunk; the buf sink never uses it). */
static JB_NOINLINE jb_status encode_buf(const jb_type *type, const void *value, jb_buf *buf,
                                        const jb_write_options *opts, jb_error *err) {
    jb_writer w;
    jb__w_init_buf(&w, buf, opts);
    jb_status st = run(&w, type, value, err);
    if (st) buf->len = w.buf_start;
    return st;
}

jb_status jb_encode(const jb_type *type, const void *value, jb_buf *buf,
                    const jb_write_options *opts, jb_error *err) {
    jb_status st = check_args(type, value, err);
    if (st) return st;
    if (!buf) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "buf is NULL");
        return JB_E_ARG;
    }
    /* Generated code for this type first (codegen_rt.c): if it gives up,
     * buf->len is as it was and the interpreter writes it all. Only into a
     * jb_buf, the one sink that can be rolled back. */
    const jb_gen_codec *gen = opts && (opts->flags & JB_WRITE_INTERPRET) ? NULL : jb__gen_codec(type);
    if (gen && jb__gen_enc_doc(gen, value, buf, opts)) return JB_OK;
    return encode_buf(type, value, buf, opts, err);
}

jb_status jb_encode_to(const jb_type *type, const void *value, jb_write_fn fn, void *ctx,
                       const jb_write_options *opts, jb_error *err) {
    jb_status st = check_args(type, value, err);
    if (st) return st;
    if (!fn) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "write callback is NULL");
        return JB_E_ARG;
    }
    jb_writer w;
    jb__w_init_stream(&w, fn, ctx, opts);
    return run(&w, type, value, err);
}

jb_status jb_encode_file(const jb_type *type, const void *value, FILE *f,
                         const jb_write_options *opts, jb_error *err) {
    if (!f) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "FILE is NULL");
        return JB_E_ARG;
    }
    return jb_encode_to(type, value, jb__w_file_fn, f, opts, err);
}

jb_status jb_encode_fixed(const jb_type *type, const void *value, char *dst, size_t cap,
                          size_t *needed, const jb_write_options *opts, jb_error *err) {
    jb_status st = check_args(type, value, err);
    if (st) return st;
    if (!dst && cap) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "dst is NULL");
        return JB_E_ARG;
    }
    jb_writer w;
    jb__w_init_fixed(&w, dst, cap, opts);
    st = run(&w, type, value, err);
    if (needed) *needed = (st == JB_OK || st == JB_E_BUFFER) ? jb__w_total(&w) : 0;
    return st;
}
