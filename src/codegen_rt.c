/* SPDX-License-Identifier: MIT */
/*
 * codegen_rt.c — the kernels generated code calls (jbind_gen.h), and the
 * hand-over between jb_decode / jb_encode and a generated codec.
 *
 * Each kernel is a thin wrapper around the interpreter's own leaf function
 * (the same code, so the same accepted inputs and the same values): it
 * puts the generated code's cursor into the reader or writer, calls the
 * leaf, and returns the new cursor, or NULL on any failure. A failure is
 * never reported from here: jb__gen_doc / jb__gen_enc_doc roll the call
 * back and the interpreter runs on the same input (codegen.md, "Same
 * behaviour"), which makes the error, the path and the arena state exactly
 * the interpreter's.
 */
#include "codegen.h"
#include "decode.h"
#include "encode.h"
#include "jbind_gen.h"
#include "kernel.h"
#include "numscan.h"

/* key_plain's 16-byte steps (SSE2 is part of x86-64) */
#if !defined(JB_NO_SIMD) && defined(JB_GNUC) && defined(__SSE2__) && defined(__x86_64__)
#define JB_GEN_KEY_SSE2 1
#include <emmintrin.h>
#endif

/*
 * The reader and writer behind a generated call, set up on first use.
 * Most documents a generated codec takes never need them (they are for
 * the kernels' general paths: escapes, long numbers, whitespace other
 * than a line break, the interpreter for one value), and setting one up is
 * most of a small document's cost (jb__r_init: about 60 instructions, the
 * writer's about 70). So the entry (jb__gen_doc, jb__gen_enc_doc) only
 * records what they are made from, and rd / wr make them when a kernel
 * first asks: the state they then get is what the entry would have made.
 */
typedef struct gen_reader {
    jb_reader r;
    bool ready;
    const char *json;
    size_t len;
    jb_arena *arena;
    const jb_read_options *opts;
    uintptr_t floor;
} gen_reader;

typedef struct gen_writer {
    jb_writer w;
    bool ready;
    jb_buf *buf;
    const jb_write_options *opts;
    uintptr_t floor;
} gen_writer;

static JB_NOINLINE jb_reader *rd_init(gen_reader *g) {
    jb__r_init(&g->r, g->json, g->len, g->arena, g->opts);
    g->r.stack_floor = g->floor;
    g->ready = true;
    return &g->r;
}

static inline jb_reader *rd(jb_gen_dec *d) {
    gen_reader *g = (gen_reader *)d->reader;
    return JB_LIKELY(g->ready) ? &g->r : rd_init(g);
}

/* The call's arena. */
static jb_arena *arena(jb_gen_dec *d) { return (jb_arena *)d->arena; }

static JB_NOINLINE jb_writer *wr_init(gen_writer *g) {
    jb__w_init_buf(&g->w, g->buf, g->opts);
    g->w.custom_depth = UINT32_MAX;
    g->w.stack_floor = g->floor;
    g->ready = true;
    return &g->w;
}

static inline jb_writer *wr(jb_gen_enc *e) {
    gen_writer *g = (gen_writer *)e->writer;
    return JB_LIKELY(g->ready) ? &g->w : wr_init(g);
}

/* The cursor back from a leaf: NULL when it failed. */
static const char *after(jb_reader *r, jb_status st) { return st ? NULL : r->p; }

/* Whitespace that is not a line break and spaces: through the reader. */
static JB_NOINLINE const char *ws_rest(jb_gen_dec *d, const char *p) {
    jb_reader *r = rd(d);
    const char *q = p < d->end ? jb__ws_line(p, d->end) : NULL;
    if (q) return q;
    r->p = p;
    return after(r, jb__r_ws(r));
}

/* One call per line of pretty-printed input: the common line break is a
 * leaf function's few word compares, the rest out of line (ws_rest). */
static inline const char *ws_at(jb_gen_dec *d, const char *p) {
    if (JB_LIKELY(d->end - p >= 34 && *p == '\n')) {
        const char *q = jb__ws_nl_spaces(p);
        if (JB_LIKELY(q != NULL)) return q;
    }
    return ws_rest(d, p);
}

const char *jb_gen_ws(jb_gen_dec *d, const char *p) { return ws_at(d, p); }

/* jbg_ws with ws_at in line: jb_gen_ws is exported, so calls of it here
 * would stay calls (it may be interposed). */
static inline const char *ws_here(jb_gen_dec *d, const char *p) {
    return p < d->end && (unsigned char)*p > ' ' ? p : ws_at(d, p);
}

/*
 * Integers: the common token (optional '-', 1 to 15 digits without a
 * leading zero, then a delimiter) without the reader; anything else
 * through jb__dec_int, whose fast path this is a shorter copy of (the
 * same tokens taken, the same values stored).
 *
 * One word load counts the digits. One digit is the word's low byte, two
 * to four are combined in 32 bits, five to seven by jb__digits_first; at
 * most 7 digits fit every kind of 32 bits and more, so those stores need
 * no range check. Eight digits or more (ids, timestamps): the first
 * eight's value, then the rest one byte at a time (a second word's
 * constants in registers made every integer save them), out of line but
 * in a vector's loop; a '-' goes out of line too (int_minus), so the
 * common unsigned token does no sign work. Within 9 bytes of
 * the end of the input, and where words are not loaded (JB_NUM_SWAR 0),
 * a byte loop of at most 7 digits. The kind is a constant where the
 * generator knows it (jb_gen_i8 ... jb_gen_u64, the vector loop).
 */
/* Every other integer token: the interpreter's leaf. */
static JB_NOINLINE const char *int_general(jb_gen_dec *d, const char *p, const jb_type *t, void *out) {
    jb_reader *r = rd(d);
    r->p = p;
    return after(r, jb__dec_int(r, t, out));
}

#if JB_NUM_SWAR
/* v (any 64-bit magnitude), negated when neg, stored at out as kind k;
 * false when it does not fit. */
static inline bool store_wide(jb_kind k, bool neg, uint64_t v, void *out) {
    if (k == JB_KIND_U64) {
        if (neg && v) return false;
        memcpy(out, &v, sizeof v);
        return true;
    }
    if (k == JB_KIND_I64 && neg && v == (uint64_t)1 << 63) {
        int64_t x = INT64_MIN;
        memcpy(out, &x, sizeof x);
        return true;
    }
    return v <= (uint64_t)INT64_MAX && jb__dec_int_store(k, neg, v, out);
}

/* 16 to 20 digits (hashes, 64-bit ids): v holds the first 16 at s, the
 * rest one byte at a time, a 20th only while the value stays below 2^64;
 * end - p >= 22, so s[n] is in the input for n <= 20 (a 21st digit is no
 * delimiter). Out of line: off int_long_at's common path. */
static JB_NOINLINE const char *int_wide(jb_gen_dec *d, const char *p, const char *s, const jb_type *t, void *out,
                                        uint64_t v) {
    unsigned n = 16;
    for (; n < 19 && jb__isdigit(s[n]); n++) v = v * 10 + (unsigned)(s[n] - '0');
    if (n == 19 && jb__isdigit(s[19])) { /* (19 digits always fit 64 bits) */
        unsigned c = (unsigned)(s[19] - '0');
        if (v > (UINT64_MAX - c) / 10) return int_general(d, p, t, out);
        v = v * 10 + c;
        n = 20;
    }
    if (jb__num_delim[(unsigned char)s[n]] && store_wide(t->kind, s != p, v, out)) return s + n;
    return int_general(d, p, t, out);
}

/* 8 to 15 digits (ids, timestamps): w is the first 8 digits' word (less
 * JB_ZEROS8), s the first digit; the rest one byte at a time (a second
 * word's constants in registers made every integer save them), and past
 * 15 int_wide. Out of line, a tail call: in line, its registers were
 * saved on every integer. */
JB_INLINE const char *int_long_at(jb_gen_dec *d, const char *p, const char *s, jb_kind k, const jb_type *t,
                                  void *out, uint64_t w) {
    bool neg = s != p;
    unsigned n;
    if (JB_LIKELY(d->end - p >= 18 && (w & 0xFF) != 0)) { /* (a leading zero: the general path) */
        uint64_t v = jb__digits8(w);
        for (n = 8; n < 16 && jb__isdigit(s[n]); n++) v = v * 10 + (unsigned)(s[n] - '0');
        /* s[n] is in the input: n <= 16 and 17 bytes follow s */
        if (JB_LIKELY(n < 16)) {
            if (JB_LIKELY(jb__num_delim[(unsigned char)s[n]] && jb__dec_int_store(k, neg, v, out))) return s + n;
        } else if (d->end - p >= 22) {
            return int_wide(d, p, s, t, out, v);
        }
    }
    return int_general(d, p, t, out);
}

static JB_NOINLINE const char *int_long(jb_gen_dec *d, const char *p, const char *s, const jb_type *t, void *out,
                                        uint64_t w) {
    return int_long_at(d, p, s, t->kind, t, out, w);
}
#endif

static JB_NOINLINE const char *int_minus(jb_gen_dec *d, const char *p, const jb_type *t, void *out);

/* The value v of at most 7 digits, negated when neg, stored at out as
 * kind k; false when it does not fit (the caller's general path then
 * reports it). Every such value fits 32 bits and up, signed or not (an
 * unsigned kind takes -0, as jb__dec_int_store does). */
JB_INLINE bool store_small(jb_kind k, bool neg, uint64_t v, void *out) {
    switch (k) {
    case JB_KIND_I32: {
        int32_t x = (int32_t)v;
        x = neg ? -x : x;
        memcpy(out, &x, sizeof x);
        return true;
    }
    case JB_KIND_I64: {
        int64_t x = (int64_t)v;
        x = neg ? -x : x;
        memcpy(out, &x, sizeof x);
        return true;
    }
    case JB_KIND_U32: {
        uint32_t x = (uint32_t)v;
        if (JB_UNLIKELY(neg && x)) return false;
        memcpy(out, &x, sizeof x);
        return true;
    }
    case JB_KIND_U64:
        if (JB_UNLIKELY(neg && v)) return false;
        memcpy(out, &v, sizeof v);
        return true;
    default: return jb__dec_int_store(k, neg, v, out);
    }
}

/* The size of an integer kind's C type. */
static inline size_t int_size(jb_kind k) {
    return k == JB_KIND_I8 || k == JB_KIND_U8 ? 1 : k == JB_KIND_I16 || k == JB_KIND_U16 ? 2
           : k == JB_KIND_I32 || k == JB_KIND_U32 ? 4 : 8;
}

#if JB_NUM_SWAR
/* The value of the first n digits of w (a word less JB_ZEROS8), 2 <= n
 * <= 7. 2 to 4 digits are moved to the top of a 32-bit word (zeros come
 * in as leading digits), then neighbours combined: bytes 0 and 2 hold the
 * two 2-digit halves. */
static inline uint64_t digits_few(uint64_t w, unsigned n) {
    if (n <= 4) {
        uint32_t h = (uint32_t)w << (8 * (4 - n));
        h = h * 10 + (h >> 8);
        /* pair 0 * 100 + pair 1 in bits 16..31 of one 32-bit product */
        return ((h & 0x00FF00FFu) * (1u + (100u << 16))) >> 16;
    }
    return jb__digits_first(w, n);
}

/* Elements a vector reads one by one after a run that took none. */
#define RUN_RETRY 16

/* One element of a run (int_run) at *pp into *po, both then moved past
 * it: false, nothing moved, where it is not "digits," of the run's form.
 * *pp has 16 bytes of input from it (the sign, 8 bytes from s and s[7]). */
JB_INLINE bool run_one(const char **pp, char **po, jb_kind k) {
    const char *p = *pp, *s = p;
    if (JB_UNLIKELY(*p == '-')) s++;
    uint64_t w = jb__load64(s) - JB_ZEROS8;
    unsigned n = jb__digit_count8(w);
    if (n - 1 >= 7u || s[n] != ',') return false; /* no digit, 8 or more, or no ',' after them */
    uint64_t v;
    if (n == 1) {
        v = w & 0xF;
    } else {
        if ((w & 0xFF) == 0) return false; /* a leading zero */
        v = digits_few(w, n);
    }
    /* (the sign a constant in each call: a 32- or 64-bit kind's store of
     * a value with no '-' is then one move) */
    if (!(JB_LIKELY(s == p) ? store_small(k, false, v, *po) : store_small(k, true, v, *po))) return false;
    *po += int_size(k);
    *pp = s + n + 1;
    return true;
}

/*
 * A run of the elements most integer arrays are made of, each 1 to 7
 * digits with an optional '-' and no leading zero, followed at once by a
 * ',': at most max of them stored at out, back to back. Returns how many
 * it took, *pp moved past the last one's ','. It stops, *pp at that
 * element, at anything else (whitespace, the last element before its ']',
 * a longer number, a value out of k's range: the caller's per-element
 * path reads it and reports any error) and where fewer than 16 bytes are
 * left. Each element is what int_body takes on its word path, with the
 * ',' tested in place of the delimiter table and the caller's tests of
 * the ',' and of the next slot done once for the run. Two elements a
 * step while 25 bytes are left (one takes at most 9) and two slots.
 */
JB_INLINE size_t int_run(const char **pp, const char *end, jb_kind k, char *out, size_t max) {
    const char *p = *pp;
    const size_t es = int_size(k);
    char *o = out, *const o_end = out + max * es;
    if (end - p < 16) return 0;
    const char *const last = end - 16; /* (in the input: compared as a pointer in the loops) */
    if (last - p >= 9) {
        const char *const last2 = last - 9;
        while ((size_t)(o_end - o) >= 2 * es && p <= last2) {
            if (!run_one(&p, &o, k) || !run_one(&p, &o, k)) goto done;
        }
    }
    while (o < o_end && p <= last) {
        if (!run_one(&p, &o, k)) break;
    }
done:
    *pp = p;
    return (size_t)(o - out) / es;
}
#endif

/* The integer at p of kind k (a constant: the store is known). end: d->end
 * (a parameter so that a loop keeps it in a register: stores through out
 * may alias *d). minus: a '-' is taken here (int_minus); otherwise it
 * goes to int_minus, which keeps the sign's work off the common path. */
JB_INLINE const char *int_body(jb_gen_dec *d, const char *p, const char *end, jb_kind k, const jb_type *t,
                               void *out, bool minus, bool long_here) {
    bool neg = false;
    const char *s = p;
    uint64_t v;
    unsigned n;
    (void)long_here; /* (only the word path takes 8 digits or more) */
#if JB_NUM_SWAR
    if (JB_LIKELY(end - p >= 9)) {
        if (*p == '-') { /* (the sign tested here and below: one bounds test on this path) */
            if (!minus) return int_minus(d, p, t, out);
            neg = true;
            s = p + 1;
        }
        uint64_t w = jb__load64(s) - JB_ZEROS8;
        n = jb__digit_count8(w);
        if (n == 1) {
            v = w & 0xF; /* one digit is its own value */
        } else if (JB_UNLIKELY(n == 0 || (w & 0xFF) == 0)) { /* not a digit; a leading zero */
            return int_general(d, p, t, out);
        } else if (n < 8) {
            v = digits_few(w, n);
        } else {
            return long_here ? int_long_at(d, p, s, k, t, out, w) : int_long(d, p, s, t, out, w);
        }
        /* s[n] is in the input: n < 8 and 8 bytes follow s */
    } else
#endif
    {
        if (p < end && *p == '-') {
            if (!minus) return int_minus(d, p, t, out);
            neg = true;
            s = p + 1;
        }
        v = 0;
        for (n = 0; n < 8 && s + n < end && jb__isdigit(s[n]); n++) v = v * 10 + (unsigned)(s[n] - '0');
        if (n == 0 || n == 8 || (n > 1 && *s == '0')) return int_general(d, p, t, out); /* (8: too long here) */
        if (s + n == end) goto store; /* the end of input delimits */
    }
    if (JB_UNLIKELY(!jb__num_delim[(unsigned char)s[n]])) return int_general(d, p, t, out);
store:
    if (JB_UNLIKELY(!store_small(k, neg, v, out))) return int_general(d, p, t, out);
    return s + n;
}

/* A negative integer (or '-' and anything). */
static JB_NOINLINE const char *int_minus(jb_gen_dec *d, const char *p, const jb_type *t, void *out) {
    const char *end = d->end;
    switch (t->kind) {
    case JB_KIND_I8: return int_body(d, p, end, JB_KIND_I8, t, out, true, true);
    case JB_KIND_I16: return int_body(d, p, end, JB_KIND_I16, t, out, true, true);
    case JB_KIND_I32: return int_body(d, p, end, JB_KIND_I32, t, out, true, true);
    case JB_KIND_I64: return int_body(d, p, end, JB_KIND_I64, t, out, true, true);
    case JB_KIND_U8: return int_body(d, p, end, JB_KIND_U8, t, out, true, true);
    case JB_KIND_U16: return int_body(d, p, end, JB_KIND_U16, t, out, true, true);
    case JB_KIND_U32: return int_body(d, p, end, JB_KIND_U32, t, out, true, true);
    default: return int_body(d, p, end, JB_KIND_U64, t, out, true, true);
    }
}

JB_INLINE const char *int_at(jb_gen_dec *d, const char *p, const char *end, jb_kind k, const jb_type *t,
                             void *out) {
    return int_body(d, p, end, k, t, out, false, false);
}

const char *jb_gen_int(jb_gen_dec *d, const char *p, const jb_type *t, void *out) {
    switch (t->kind) {
    case JB_KIND_I8: return int_at(d, p, d->end, JB_KIND_I8, t, out);
    case JB_KIND_I16: return int_at(d, p, d->end, JB_KIND_I16, t, out);
    case JB_KIND_I32: return int_at(d, p, d->end, JB_KIND_I32, t, out);
    case JB_KIND_I64: return int_at(d, p, d->end, JB_KIND_I64, t, out);
    case JB_KIND_U8: return int_at(d, p, d->end, JB_KIND_U8, t, out);
    case JB_KIND_U16: return int_at(d, p, d->end, JB_KIND_U16, t, out);
    case JB_KIND_U32: return int_at(d, p, d->end, JB_KIND_U32, t, out);
    default: return int_at(d, p, d->end, JB_KIND_U64, t, out);
    }
}

const char *jb_gen_i8(jb_gen_dec *d, const char *p, void *out) { return int_at(d, p, d->end, JB_KIND_I8, &jb_i8, out); }
const char *jb_gen_i16(jb_gen_dec *d, const char *p, void *out) { return int_at(d, p, d->end, JB_KIND_I16, &jb_i16, out); }
const char *jb_gen_i32(jb_gen_dec *d, const char *p, void *out) { return int_at(d, p, d->end, JB_KIND_I32, &jb_i32, out); }
const char *jb_gen_i64(jb_gen_dec *d, const char *p, void *out) { return int_at(d, p, d->end, JB_KIND_I64, &jb_i64, out); }
const char *jb_gen_u8(jb_gen_dec *d, const char *p, void *out) { return int_at(d, p, d->end, JB_KIND_U8, &jb_u8, out); }
const char *jb_gen_u16(jb_gen_dec *d, const char *p, void *out) { return int_at(d, p, d->end, JB_KIND_U16, &jb_u16, out); }
const char *jb_gen_u32(jb_gen_dec *d, const char *p, void *out) { return int_at(d, p, d->end, JB_KIND_U32, &jb_u32, out); }
const char *jb_gen_u64(jb_gen_dec *d, const char *p, void *out) { return int_at(d, p, d->end, JB_KIND_U64, &jb_u64, out); }

/* Every double off the straight path: through the reader. */
static JB_NOINLINE const char *f64_rest(jb_reader *r, const char *p, double *out) {
    r->p = p;
    return after(r, jb__dec_float(r, &jb_f64, out));
}

JB_INLINE const char *f64_at(jb_gen_dec *d, const char *p, const char *end, double *out) {
#if JB_NUM_SWAR
    /* jb__dec_float's straight path with the cursor in a register (through
     * the reader: 13 more instructions a double). p[n] is in the input: a
     * straight token leaves 26 - n bytes after it. */
    size_t n = jb__scan_f64_straight(p, end, out);
    if (JB_LIKELY(n != 0) && jb__num_delim[(unsigned char)p[n]])
        return p + n;
#else
    (void)end;
#endif
    return f64_rest(rd(d), p, out);
}

const char *jb_gen_f64(jb_gen_dec *d, const char *p, double *out) { return f64_at(d, p, d->end, out); }

const char *jb_gen_f32(jb_gen_dec *d, const char *p, float *out) {
    jb_reader *r = rd(d);
    r->p = p;
    return after(r, jb__dec_float(r, &jb_f32, out));
}

/* The first byte at or after q that ends a plain run ('"', '\\', a
 * control byte or one >= 0x80), or NULL where the input ends first (the
 * caller's general path then reads it).
 * Sixteen bytes a step while 16 remain (most keys and short strings end
 * in the first): '"', '\\', and, by one signed compare, the bytes below
 * 0x20 and those >= 0x80 (negative as signed bytes); then eight bytes a
 * step (jb__swar_special flags exactly those bytes). */
static inline const char *plain_run(const char *q, const char *end) {
#if defined(JB_GEN_KEY_SSE2)
    while (end - q >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)q);
        unsigned m = (unsigned)_mm_movemask_epi8(
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                         _mm_cmplt_epi8(v, _mm_set1_epi8(0x20))));
        if (m) return q + __builtin_ctz(m);
        q += 16;
    }
#endif
    while (end - q >= 8) {
        uint64_t m = jb__swar_special(jb__load64(q), JB_HI8, false);
        if (m) return q + jb__first_byte(m);
        q += 8;
    }
    for (; q < end; q++) { /* the input's last bytes (a short document's whole string) */
        unsigned char c = (unsigned char)*q;
        if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') return q;
    }
    return NULL;
}

/* A plain string at p (its '"', plain_run's bytes, its '"' before lim,
 * within the call's string limit, which is the reader's): its closing
 * quote, or NULL (the reader's paths read the rest). */
static inline const char *plain_string(jb_gen_dec *d, const char *p, const char *lim) {
    const char *q;
    if (JB_UNLIKELY(p >= d->end || *p != '"') || !(q = plain_run(p + 1, lim)) || *q != '"' ||
        (size_t)(q - p - 1) > d->max_string_len)
        return NULL;
    return q;
}

/* The longest string jb_gen_str reads in line (the closing quote within
 * this many bytes). */
#define STR_INLINE_MAX 128

/* jb__dec_str without its type check: a byte other than '"' hands over
 * here, and the interpreter reports it. */
const char *jb_gen_str(jb_gen_dec *d, const char *p, jb_str *out) {
    if (JB_UNLIKELY(p >= d->end || *p != '"')) return NULL;
    /* A plain string (ASCII, no escape: no UTF-8 check either) in line,
     * as jb__r_string reads it: the same limit, the same copy (len + 1
     * bytes, NUL-terminated) in the arena or the input's bytes borrowed.
     * The reader is then never set up for a document of plain strings;
     * anything else (an escape, a byte >= 0x80, the limit, no memory) is
     * the reader's, and so is a string longer than STR_INLINE_MAX, whose
     * scan the reader's wider kernel does in fewer steps. */
    const char *s = p + 1;
    const char *q = plain_string(d, p, d->end - s > STR_INLINE_MAX ? s + STR_INLINE_MAX : d->end);
    if (JB_LIKELY(q)) {
        size_t len = (size_t)(q - s);
        if (d->flags & JB_READ_BORROW_STRINGS) {
            out->ptr = s;
        } else {
            char *buf = jb__arena_alloc(arena(d), len + 1, 1);
            if (JB_UNLIKELY(!buf)) goto reader;
            memcpy(buf, s, len);
            buf[len] = '\0';
            out->ptr = buf;
        }
        out->len = len;
        return q + 1;
    }
reader:;
    jb_reader *r = rd(d);
    r->p = p;
    return after(r, jb__r_string(r, out, (d->flags & JB_READ_BORROW_STRINGS) != 0, NULL));
}

const char *jb_gen_cstr(jb_gen_dec *d, const char *p, char **out) {
    jb_reader *r = rd(d);
    r->p = p;
    return after(r, jb__dec_cstr(r, out));
}

const char *jb_gen_enum(jb_gen_dec *d, const char *p, const jb_type *t, void *out) {
    /* A plain name (ASCII, no escape, within the limit: jb__r_key's bytes)
     * found by the plan's hash and stored as jb__dec_enum stores it, with
     * no reader set up; the object forms, an escaped or unknown name and
     * every error are jb__dec_enum's. */
    const jb_plan *pl = jb__plan_get(t);
    const char *q;
    if (pl && !(pl->fmt_flags & (JB_FMT_NULLARY_OBJECT | JB_FMT_NULLARY_STRICT)) &&
        (q = plain_string(d, p, d->end))) {
        long i = jb__names_find(pl, p + 1, (size_t)(q - p - 1));
        if (i >= 0) {
            jb__store_uint(out, t->size, pl->e[i].value);
            return q + 1;
        }
    }
    jb_reader *r = rd(d);
    r->p = p;
    return after(r, jb__dec_enum(r, t, out));
}

const char *jb_gen_key(jb_gen_dec *d, const char *p, jb_str *key) {
    jb_reader *r = rd(d);
    r->p = p;
    return after(r, jb__dec_key_colon(r, key));
}

const char *jb_gen_name(jb_gen_dec *d, const char *p, jb_str *key) {
    jb_reader *r = rd(d);
    r->p = p;
    return after(r, jb__r_key(r, key));
}

long jb_gen_find(const jb_type *t, const char *s, size_t n) {
    return jb__names_find(jb__plan_get(t), s, n);
}

/*
 * A key that needs no work, read in line: at p a '"', then bytes none of
 * which is '\\', a control byte or >= 0x80, then '"' and ':' right after
 * it, within max_string_len. *key gets its bytes (in the input, as
 * jb__r_key gives a key without escapes) and the result is the byte
 * after the colon. Every other key returns NULL, unread, and jb_gen_key
 * reads it (jb__dec_key_colon: the same key, and the same cursor after
 * the whitespace, wherever both accept it). The text is plain_string's;
 * the colon is checked against the end.
 */
static inline const char *key_plain(jb_gen_dec *d, const char *p, jb_str *key) {
    const char *q = plain_string(d, p, d->end);
    if (!q || JB_UNLIKELY(d->end - q < 2 || q[1] != ':')) return NULL;
    key->ptr = p + 1;
    key->len = (size_t)(q - p - 1);
    return q + 2;
}

long jb_gen_field(jb_gen_dec *d, const char *p, const jb_type *t, size_t guess) {
    const jb_plan *pl = jb__plan_get(t);
    if (guess < pl->n) {
        const jb_pentry *pe = &pl->e[guess];
        if (jbg_is(p, d->end, pe->key, pe->key_len)) {
            d->at = jbg_ws(d, p + pe->key_len);
            return d->at ? (long)guess : -2;
        }
    }
    const char *v = key_plain(d, p, &d->key);
    if (v) {
        if (!(v = jbg_ws(d, v))) return -2;
    } else if (p >= d->end || *p != '"' || !(v = jb_gen_key(d, p, &d->key))) {
        return -2;
    }
    d->at = v;
    long i = jb__names_find(pl, d->key.ptr, d->key.len);
    return i >= 0 && (size_t)i < pl->n ? i : -1;
}

const char *jb_gen_next(jb_gen_dec *d, const char *p, char close) {
    p = ws_here(d, p);
    if (!p || p >= d->end) return NULL;
    if (*p == ',') return ws_here(d, p + 1);
    if (*p != close) return NULL;
    d->depth--;
    return p + 1;
}

size_t jb_gen_count(const uint64_t *seen, size_t words) {
    size_t n = 0;
    for (size_t w = 0; w < words; w++)
        for (uint64_t b = seen[w]; b; b &= b - 1) n++; /* clears the lowest set bit */
    return n;
}

/*
 * A string value skipped without the reader (the usual unknown member's
 * value): the kernel's scan to its closing quote within max_string_len,
 * which is jb__r_skip's string case without its dispatch. NULL for
 * anything else (an escape, a fault, the end), and jb__r_skip takes the
 * value from the same byte. (Scanning the first 16 bytes a word at a time
 * first ran more instructions on aeson.twitter100, whose skipped strings
 * are mostly longer.)
 */
static inline const char *skip_str_fast(jb_gen_dec *d, const char *p) {
    const char *const end = d->end, *s = p + 1;
    const jb_reader *r = rd(d);
    const char *t = jb__kern()->scan(s, end, !(r->flags & JB_READ_ALLOW_INVALID_UTF8));
    if (JB_LIKELY(t < end && *t == '"' && (size_t)(t - s) <= r->max_string_len)) return t + 1;
    return NULL;
}

/* A number or literal at p whose text ends at p + n: followed by the end
 * of input or a delimiter other than '/' (jb__r_skip's skip_delim). */
static inline bool skip_delim(const char *p, size_t n, const char *end) {
    return p + n == end || jb__num_delim[(unsigned char)p[n]];
}

/*
 * An unknown member's value: a string by the kernel's scan
 * (skip_str_fast), a number or literal as jb__r_skip takes it in line
 * (the same tokens: jb__num_scan within max_number_len, the word, then a
 * delimiter or the end), without the call; anything else, and all that
 * these decline, through jb__r_skip from the same byte.
 */
const char *jb_gen_skip(jb_gen_dec *d, const char *p) {
    jb_reader *r = rd(d);
    const char *const end = d->end;
    if (JB_LIKELY(p < end)) {
        unsigned char c = (unsigned char)*p;
        if (c == '"') {
            const char *q = skip_str_fast(d, p);
            if (JB_LIKELY(q != NULL)) return q;
        } else if (c - '0' < 10 || c == '-') {
            bool integ;
            size_t bad = 0, len = jb__num_scan(p, end, &integ, &bad);
            if (JB_LIKELY(len && len <= r->max_number_len && skip_delim(p, len, end)))
                return p + len;
        } else if (c == 't' || c == 'n') {
            if (end - p >= 4 && memcmp(p, c == 't' ? "true" : "null", 4) == 0 &&
                skip_delim(p, 4, end))
                return p + 4;
        } else if (c == 'f') {
            if (end - p >= 5 && memcmp(p, "false", 5) == 0 && skip_delim(p, 5, end)) return p + 5;
        }
    }
    r->p = p;
    r->depth = d->depth;
    return after(r, jb__r_skip(r));
}

/* The reader in the scope of a place the generator resolved (over the
 * call's root scope, which the reader holds between runtime calls); the
 * root scope back after. */
static uint32_t scope_in(jb_reader *r, uint32_t scope) {
    uint32_t root = r->scope;
    r->scope = jb__scope_over(root, scope);
    return root;
}

static void scope_out(jb_reader *r, uint32_t root) { r->scope = root; }

const char *jb_gen_value(jb_gen_dec *d, const char *p, const jb_type *t, void *out, uint32_t scope) {
    jb_reader *r = rd(d);
    r->p = p;
    r->depth = d->depth;
    uint32_t s = scope_in(r, scope);
    jb_status st = jb__dec_run(r, t, out);
    scope_out(r, s);
    return after(r, st);
}


void *jb_gen_alloc(jb_gen_dec *d, size_t size, size_t align) {
    return jb__arena_alloc(arena(d), size, align);
}

jb_gen_mark jb_gen_mark_get(jb_gen_dec *d) {
    jb_scratch_mark m = jb__scratch_mark(arena(d));
    jb_gen_mark g = {m.seg, m.off};
    return g;
}

void *jb_gen_push(jb_gen_dec *d, size_t size) {
    return jb__scratch_push(arena(d), size, 1);
}

/* jb__dec_collect without the reader (a failure is not reported: the
 * interpreter runs the call again): the n elements of es bytes pushed
 * since m as one arena block of alignment ea, {items, len} stored at out,
 * the scratch stack popped to m. 0 on success. */
static int collect(jb_arena *a, jb_scratch_mark m, size_t n, size_t es, size_t ea, void *out) {
    char *items = NULL;
    size_t bytes;
    if (n) {
        if (!jb__mul_ok(n, es, &bytes) || !(items = jb__arena_alloc(a, bytes, ea))) return 1;
        jb__scratch_gather(a, m, es, n, items);
    }
    jb__scratch_pop(a, m);
    memcpy(out, &items, sizeof items);
    memcpy((char *)out + sizeof items, &n, sizeof n);
    return 0;
}

int jb_gen_collect(jb_gen_dec *d, jb_gen_mark m, size_t n, size_t es, size_t ea, void *out) {
    jb_scratch_mark sm = {m.seg, m.off};
    return collect(arena(d), sm, n, es, ea, out);
}

int jb_gen_map_done(jb_gen_dec *d, const jb_type *t, jb_gen_mark m, size_t n, const char *at, int sorted,
                    void *out) {
    jb_reader *r = rd(d);
    jb_scratch_mark sm = {m.seg, m.off};
    size_t es, vo;
    jb__map_layout(t, &es, &vo);
    size_t ka = jb__dec_align(t->key), va = jb__dec_align(t->elem);
    struct {
        char *items;
        size_t len;
    } v;
    if (jb__dec_collect(r, sm, n, es, ka > va ? ka : va, &v)) return 1;
    if (v.len > 1 && jb__dec_map_dups(r, t, v.items, &v.len, es, at)) return 1;
    if (sorted && v.len > 1 && jb__dec_map_sort(r, t, v.items, v.len, es)) return 1;
    memcpy(out, &v, sizeof v);
    return 0;
}

const char *jb_gen_map_key(jb_gen_dec *d, const char *p, const jb_type *k, void *dst) {
    jb_reader *r = rd(d);
    jb_str text;
    r->p = p;
    if (jb__dec_map_key(r, k, dst, &text) || jb__r_ws(r)) return NULL;
    if (r->p >= r->end || *r->p != ':') return NULL;
    r->p++;
    return after(r, jb__r_ws(r));
}

const char *jb_gen_no_payload(jb_gen_dec *d, const char *p, const jb_type *t, size_t entry) {
    jb_reader *r = rd(d);
    const jb_plan *pl = jb__plan_get(t);
    r->p = p;
    r->depth = d->depth;
    return after(r, jb__dec_no_payload(r, pl, &pl->e[entry]));
}

/* ---- vectors of leaves ---- */

/* One element of kind k (a constant in each loop below) at p into slot. */
JB_INLINE const char *vec_leaf(jb_gen_dec *d, const char *p, const char *end, jb_kind k, const jb_type *t,
                               char *slot) {
    switch (k) {
    case JB_KIND_BOOL: return jbg_bool(p, end, (bool *)(void *)slot);
    case JB_KIND_F64: return f64_at(d, p, end, (double *)(void *)slot);
    case JB_KIND_F32: return jb_gen_f32(d, p, (float *)(void *)slot);
    case JB_KIND_STR: return jb_gen_str(d, p, (jb_str *)(void *)slot);
    case JB_KIND_CSTR: return jb_gen_cstr(d, p, (char **)(void *)slot);
    default: return int_body(d, p, end, k, t, slot, true, true); /* (a loop saves its registers once) */
    }
}

/*
 * A fixed array of n >= 1 leaves of kind k (t: the leaf's type) into out:
 * codegen_dec.c's fixed_array step for step (jbg_open, then per element
 * the leaf and jbg_next, which must give ',' before the last element and
 * the close after it), with the ',' or ']' that usually follows in line.
 * (fixed_array's test for a ']' before an element is the leaf's own
 * failure here: no leaf starts with ']'.)
 */
JB_INLINE const char *arr_body(jb_gen_dec *d, const char *p, const char *end, jb_kind k, const jb_type *t,
                               char *out, size_t n) {
    const size_t es = t->size;
    size_t i = 0;
    if (!(p = jbg_open(d, p, '['))) return NULL;
#if JB_NUM_SWAR
    /* every element but the last (which a ']' follows) may be in the run */
    if (k >= JB_KIND_I8 && k <= JB_KIND_U64 && (i = int_run(&p, end, k, out, n - 1)) != 0 &&
        JB_UNLIKELY(p >= end || (unsigned char)*p <= ' ') && !(p = ws_here(d, p)))
        return NULL; /* (whitespace after the run's last ',': as after any other) */
#endif
    for (;; i++) {
        bool last = i + 1 == n;
        char want = last ? ']' : ',';
        if (!(p = vec_leaf(d, p, end, k, t, out + i * es))) return NULL;
        if (JB_LIKELY(p < end && *p == want)) {
            p++;
            if (last) {
                d->depth--;
                return p;
            }
            if (JB_UNLIKELY(p >= end || (unsigned char)*p <= ' ') && !(p = ws_here(d, p))) return NULL;
            continue;
        }
        if (!(p = jb_gen_next(d, p, ']'))) return NULL;
        if ((p[-1] == ']') != last) return NULL; /* too few or too many (after a ',', p[-1] is not ']') */
        if (last) return p;
    }
}

const char *jb_gen_arr(jb_gen_dec *d, const char *p, const jb_type *t, void *out, size_t n) {
    const char *end = d->end;
    char *o = out;
    switch (t->kind) {
    case JB_KIND_BOOL: return arr_body(d, p, end, JB_KIND_BOOL, t, o, n);
    case JB_KIND_I8: return arr_body(d, p, end, JB_KIND_I8, t, o, n);
    case JB_KIND_I16: return arr_body(d, p, end, JB_KIND_I16, t, o, n);
    case JB_KIND_I32: return arr_body(d, p, end, JB_KIND_I32, t, o, n);
    case JB_KIND_I64: return arr_body(d, p, end, JB_KIND_I64, t, o, n);
    case JB_KIND_U8: return arr_body(d, p, end, JB_KIND_U8, t, o, n);
    case JB_KIND_U16: return arr_body(d, p, end, JB_KIND_U16, t, o, n);
    case JB_KIND_U32: return arr_body(d, p, end, JB_KIND_U32, t, o, n);
    case JB_KIND_U64: return arr_body(d, p, end, JB_KIND_U64, t, o, n);
    case JB_KIND_F64: return arr_body(d, p, end, JB_KIND_F64, t, o, n);
    case JB_KIND_F32: return arr_body(d, p, end, JB_KIND_F32, t, o, n);
    case JB_KIND_STR: return arr_body(d, p, end, JB_KIND_STR, t, o, n);
    case JB_KIND_CSTR: return arr_body(d, p, end, JB_KIND_CSTR, t, o, n);
    default: return NULL; /* the generator never asks */
    }
}

/*
 * The loop codegen_dec.c's vec writes for other elements, step for step
 * (jbg_open, an empty array, then per element: the member limit, a slot
 * pushed, the leaf, jbg_next), with the leaf in line and the ',' that
 * usually follows an element tested first; then the elements gathered
 * into one arena block (jb__dec_collect). Instantiated per kind
 * (jb_gen_vec), so each loop's leaf and store are its own. The limits are
 * locals (stores through a slot may alias *d), and after the first push
 * each slot is the next es bytes where the segment has them: the first
 * push aligned the cursor to jb__scratch_align(es), a divisor of es, so
 * jb__scratch_push would add no padding (a new segment starts aligned).
 */
JB_INLINE const char *vec_loop(jb_gen_dec *d, const char *p, jb_kind k, const jb_type *t, void *out,
                               const jb_type *arr) {
    const char *const end = d->end;
    jb_arena *a = arena(d);
    const size_t es = arr ? arr->size : t->size, max_n = d->max_members;
    size_t n = 0;
    if (!(p = jbg_open(d, p, '['))) return NULL;
    if (p < end && *p == ']') {
        d->depth--;
        return p + 1; /* out stays {NULL, 0} */
    }
    jb_scratch_mark m = jb__scratch_mark(a);
    char *slot = jb__scratch_push(a, es, 1);
    if (!slot) return NULL; /* (on every NULL here the entry pops the scratch stack) */
    /* the segment's cursor and end in registers: nothing but this loop
     * pushes on the scratch stack until it ends (a number's or bool's
     * general path takes no scratch; a string's is given the cursor, and
     * whatever it pushes it pops) */
    char *sp = a->spos, *se = a->send;
#if JB_NUM_SWAR
    size_t skip = 0;
#endif
    for (;;) {
#if JB_NUM_SWAR
        if (k >= JB_KIND_I8 && k <= JB_KIND_U64 && !arr && !skip--) {
            /* a run of plain elements into this segment's slots (slot is
             * sp - es), one kept free for the element after the run */
            size_t fit = (size_t)(se - slot) / es - 1;
            size_t c = int_run(&p, end, k, slot, fit < max_n - n ? fit : max_n - n);
            n += c;
            slot += c * es;
            sp = slot + es;
            /* whitespace after the run's last ',', as after any other */
            if (c && JB_UNLIKELY(p >= end || (unsigned char)*p <= ' ') && !(p = ws_here(d, p))) return NULL;
            /* none: long numbers (ids, hashes) or spaced commas; the next
             * RUN_RETRY elements go one by one, not through a run that
             * stops at once */
            skip = c ? 0 : RUN_RETRY;
        }
#endif
        if (k == JB_KIND_STR || k == JB_KIND_CSTR) a->spos = sp;
        if (JB_UNLIKELY(++n > max_n) ||
            !(p = arr ? arr_body(d, p, end, k, t, slot, arr->count) : vec_leaf(d, p, end, k, t, slot)))
            return NULL;
        if (JB_LIKELY(end - p > 1 && *p == ',')) { /* jbg_next's common case: ',' and no space */
            if (JB_UNLIKELY((unsigned char)*++p <= ' ') && !(p = ws_here(d, p))) return NULL;
        } else {
            if (!(p = jb_gen_next(d, p, ']'))) return NULL;
            if (p[-1] == ']') break; /* after a ',', p[-1] is ',' or whitespace */
        }
        if (JB_LIKELY(es <= (size_t)(se - sp))) {
            slot = sp;
            sp += es;
        } else {
            a->spos = sp;
            if (!(slot = jb__scratch_push(a, es, 1))) return NULL;
            sp = a->spos;
            se = a->send;
        }
    }
    a->spos = sp;
    if (arr) t = arr;
    size_t ea = t->align ? t->align : 8; /* as the generator's vec */
    return collect(a, m, n, es, ea > 16 ? 16 : ea, out) ? NULL : p;
}

const char *jb_gen_vec(jb_gen_dec *d, const char *p, const jb_type *t, void *out) {
    switch (t->kind) {
    case JB_KIND_BOOL: return vec_loop(d, p, JB_KIND_BOOL, t, out, NULL);
    case JB_KIND_I8: return vec_loop(d, p, JB_KIND_I8, t, out, NULL);
    case JB_KIND_I16: return vec_loop(d, p, JB_KIND_I16, t, out, NULL);
    case JB_KIND_I32: return vec_loop(d, p, JB_KIND_I32, t, out, NULL);
    case JB_KIND_I64: return vec_loop(d, p, JB_KIND_I64, t, out, NULL);
    case JB_KIND_U8: return vec_loop(d, p, JB_KIND_U8, t, out, NULL);
    case JB_KIND_U16: return vec_loop(d, p, JB_KIND_U16, t, out, NULL);
    case JB_KIND_U32: return vec_loop(d, p, JB_KIND_U32, t, out, NULL);
    case JB_KIND_U64: return vec_loop(d, p, JB_KIND_U64, t, out, NULL);
    case JB_KIND_F64: return vec_loop(d, p, JB_KIND_F64, t, out, NULL);
    case JB_KIND_F32: return vec_loop(d, p, JB_KIND_F32, t, out, NULL);
    case JB_KIND_STR: return vec_loop(d, p, JB_KIND_STR, t, out, NULL);
    case JB_KIND_CSTR: return vec_loop(d, p, JB_KIND_CSTR, t, out, NULL);
    case JB_KIND_ARRAY: /* fixed arrays of numbers (points, pairs) */
        switch (t->elem->kind) {
        case JB_KIND_I32: return vec_loop(d, p, JB_KIND_I32, t->elem, out, t);
        case JB_KIND_I64: return vec_loop(d, p, JB_KIND_I64, t->elem, out, t);
        case JB_KIND_U32: return vec_loop(d, p, JB_KIND_U32, t->elem, out, t);
        case JB_KIND_U64: return vec_loop(d, p, JB_KIND_U64, t->elem, out, t);
        case JB_KIND_F64: return vec_loop(d, p, JB_KIND_F64, t->elem, out, t);
        default: return NULL; /* the generator never asks */
        }
    default: return NULL; /* the generator never asks */
    }
}

/* ---- the compact forms of large records and enums ---- */

/* A leaf value in scope, as codegen_dec.c's decode_value writes it inline:
 * the flat kinds through their kernels, the rest through the interpreter. */
static const char *dec_leaf(jb_gen_dec *d, const char *p, const jb_type *t, uint32_t scope, char *dst) {
    jb_kind k = t->kind;
    bool ints = k >= JB_KIND_I8 && k <= JB_KIND_U64;
    if (ints && !JB_GEN_SCOPE_INT64(scope) && !(scope & JB_GEN_SCOPE_INTEGRAL)) return jb_gen_int(d, p, t, dst);
    switch (k) {
    case JB_KIND_BOOL: return jbg_bool(p, d->end, (bool *)(void *)dst);
    case JB_KIND_F64:
        if (!(scope & JB_GEN_SCOPE_NONFINITE)) return jb_gen_f64(d, p, (double *)(void *)dst);
        break;
    case JB_KIND_F32:
        if (!(scope & JB_GEN_SCOPE_NONFINITE)) return jb_gen_f32(d, p, (float *)(void *)dst);
        break;
    case JB_KIND_STR: return jb_gen_str(d, p, (jb_str *)(void *)dst);
    case JB_KIND_CSTR: return jb_gen_cstr(d, p, (char **)(void *)dst);
    default: break;
    }
    return jb_gen_value(d, p, t, dst, scope);
}

/* The loop the straight-line record decoder (codegen_dec.c record) unrolls,
 * step for step: the same accepted inputs and the same value, so the two
 * forms are interchangeable. A large record's straight form compiles in
 * superlinear time; this one is data and one call. */
const char *jb_gen_record(jb_gen_dec *d, const char *p, char *o, const jb_type *t, const jb_gen_dec_fn *fns,
                          uint32_t scope, const char *tag, size_t tag_len) {
    const jb_plan *pl = jb__plan_get(t);
    const char *const end = d->end;
    size_t n = pl->n, count = 0, guess = 0;
    uint64_t seen[JB_GEN_RECORD_WORDS] = {0};
    jb_str key;
    if (pl->mask_words > JB_GEN_RECORD_WORDS) return NULL; /* the generator never asks */
    if (tag) {
        switch (jbg_next(d, &p, '}')) {
        case 1: break;
        case 0: goto done;
        default: return NULL;
        }
    } else {
        if (!(p = jbg_open(d, p, '{'))) return NULL;
        if (p < end && *p == '}') {
            d->depth--;
            p++;
            goto done;
        }
    }
    for (;;) {
        long i;
        const jb_pentry *pe = guess < n ? &pl->e[guess] : NULL;
        if (pe && jbg_is(p, end, pe->key, pe->key_len)) {
            i = (long)guess;
            p = jbg_ws(d, p + pe->key_len);
        } else {
            if (p >= end || *p != '"' || !(p = jb_gen_key(d, p, &key))) return NULL;
            i = jb__names_find(pl, key.ptr, key.len);
            if (i < 0 || (size_t)i >= n) { /* an unknown key */
                if (++count > d->max_members) return NULL;
                if (tag && key.len == tag_len && memcmp(key.ptr, tag, tag_len) == 0) return NULL; /* the tag again */
                if (pl->deny_unknown || (d->flags & JB_READ_DENY_UNKNOWN) || !(p = jb_gen_skip(d, p))) return NULL;
                switch (jbg_next(d, &p, '}')) {
                case 1: continue;
                case 0: goto done;
                default: return NULL;
                }
            }
            pe = &pl->e[i];
        }
        uint64_t bit = (uint64_t)1 << ((size_t)i % 64);
        if (seen[(size_t)i / 64] & bit) return NULL;
        seen[(size_t)i / 64] |= bit;
        if (++count > d->max_members) return NULL;
        guess = (size_t)i + 1;
        /* (pe is never NULL here: pl->e has n entries, and i < n) */
        bool three = pe->presence == JB_PRESENCE_FLAG && /* NOLINT(clang-analyzer-core.NullDereference) */
                     pe->type->kind == JB_KIND_PTR;
        if (pe->optional && !three && p < end && *p == 'n') { /* record_member: null is absent */
            if (!(p = jbg_null(p, end))) return NULL;
        } else {
            if (pe->presence == JB_PRESENCE_FLAG) o[pe->flag_offset] = 1;
            p = fns[i] ? fns[i](d, p, o + pe->offset) : dec_leaf(d, p, pe->type, scope, o + pe->offset);
            if (!p) return NULL;
        }
        switch (jbg_next(d, &p, '}')) {
        case 1: break;
        case 0: goto done;
        default: return NULL;
        }
    }
done:
    /* missing fields (defaults included: the interpreter applies those) */
    for (size_t i = 0; i < n && i / 64 < pl->mask_words; i++)
        if (!(seen[i / 64] & ((uint64_t)1 << (i % 64))) &&
            /* (pl->e is never NULL: it has n entries) */
            (((pl->required[i / 64] >> (i % 64)) & 1) ||
             pl->e[i].default_json)) /* NOLINT(clang-analyzer-core.NullDereference) */
            return NULL;
    return p;
}

/* ---- encoding ---- */

/* The generated code's cursor into the writer, and back. */
static jb_writer *w_at(jb_gen_enc *e, char *p) {
    jb_writer *w = wr(e);
    w->p = p;
    return w;
}
static char *w_after(jb_gen_enc *e, jb_writer *w, jb_status st) {
    e->end = w->end;
    return st ? NULL : w->p;
}

char *jb_gen_grow(jb_gen_enc *e, char *p, size_t n) {
    jb_writer *w = w_at(e, p);
    return w_after(e, w, jb__w_grow(w, n));
}

/* jb_gen_w_str's general path, out of line: the fast path then saves no
 * registers. */
static JB_NOINLINE char *gen_w_str_escaped(jb_gen_enc *e, char *p, const jb_str *s,
                                           uint32_t xflags) {
    size_t n = s->len;
    /* A short string with something to escape (a '\n', a quote): its
     * escapes written at p by the writer's own escaper (jb__escape_into:
     * the bytes jb__w_string writes, under the same flags) when the room
     * holds the worst case, 6 bytes a byte; no writer set up. Invalid
     * UTF-8 and everything else: the writer's path, which reports it. */
    if (n <= JB_W_PLAIN_MAX && s->ptr && (size_t)(e->end - p) >= 6 * n + 2) {
        size_t k = jb__escape_into(p + 1, s->ptr, n, e->flags | xflags);
        if (k != (size_t)-1) {
            p[0] = '"';
            p[k + 1] = '"';
            return p + k + 2;
        }
    }
    jb_writer *w = w_at(e, p);
    uint32_t f = w->flags;
    w->flags |= xflags;
    jb_status st = jb__enc_str(w, s);
    w->flags = f;
    return w_after(e, w, st);
}

/* Short clean strings (most values) straight into the room at p, as
 * jb__w_string's own first try does (jb__w_plain_at), without the
 * writer's state in between; the rest through jb__enc_str. */
char *jb_gen_w_str(jb_gen_enc *e, char *p, const jb_str *s, uint32_t xflags) {
    size_t n = s->len;
    if (JB_LIKELY(n <= JB_W_PLAIN_MAX && s->ptr && (size_t)(e->end - p) >= n + 2)) {
        char *q = ((e->flags | xflags) & JB_WRITE_ESCAPE_SLASH) ? jb__w_plain_at(p, s->ptr, n, true)
                                                     : jb__w_plain_at(p, s->ptr, n, false);
        if (JB_LIKELY(q != NULL)) return q;
    }
    return gen_w_str_escaped(e, p, s, xflags);
}

char *jb_gen_w_cstr(jb_gen_enc *e, char *p, const char *s, uint32_t xflags) {
    if (!s) return NULL;
    jb_str v = {s, strlen(s)};
    return jb_gen_w_str(e, p, &v, xflags);
}

/* style is the scope's (a format's float style, resolved when the file was
 * written); JB_FLOAT_INHERIT there means the call's, as in encode.c. */
char *jb_gen_w_f64(jb_gen_enc *e, char *p, double v, int style) {
    if (!(v - v == 0)) return NULL; /* NaN and infinities: the interpreter's */
    if (!style) style = (int)jb__scope_float(e->scope);
    if ((size_t)(e->end - p) < JB_FMT_F64_MAX && !(p = jb_gen_grow(e, p, JB_FMT_F64_MAX))) return NULL;
    return p + jb__fmt_f64_style(p, v, (jb_float_style)style);
}

char *jb_gen_w_f32(jb_gen_enc *e, char *p, float v, int style) {
    if (!(v - v == 0)) return NULL;
    if (!style) style = (int)jb__scope_float(e->scope);
    if ((size_t)(e->end - p) < JB_FMT_F64_MAX && !(p = jb_gen_grow(e, p, JB_FMT_F64_MAX))) return NULL;
    return p + jb__fmt_f32_style(p, v, (jb_float_style)style);
}

/* The entry of enum plan pl whose value is v, or -1. Most enums number
 * their cases 0, 1, 2, ... in order: then case v is entry v, whatever v,
 * where the hash table's probe runs longer for some values than for
 * others (values are unique: the plan rejects a duplicate, so entry v
 * holding v is the entry the table finds). */
static inline long enum_entry(const jb_plan *pl, uint64_t v) {
    return v < pl->n && pl->e[v].value == v ? (long)v : jb__values_find(pl, v);
}

/* An entry's pre-escaped key at p, which has room for JB_KEY_PAD bytes
 * or the key, whichever is longer: a short key is one fixed-size move
 * (its allocation is padded, plan.c escape_key), not a call of memcpy. */
static inline char *put_key(char *p, const jb_pentry *pe) {
    if (JB_LIKELY(pe->key_len <= JB_KEY_PAD)) memcpy(p, pe->key, JB_KEY_PAD);
    else memcpy(p, pe->key, pe->key_len);
    return p + pe->key_len;
}

char *jb_gen_w_map_key(jb_gen_enc *e, char *p, const jb_type *k, const void *entry) {
    if (k->kind == JB_KIND_ENUM) {
        /* An enum key (Fable's maps keyed by a union): its pre-escaped
         * "name" and ':' at p, the bytes jb__enc_map_key writes on this
         * path (compact, no escaping flag: the generated path takes
         * neither); a value no case has goes there and fails. */
        const jb_plan *pl = jb__plan_get(k);
        long i = pl ? enum_entry(pl, jb__load_uint(entry, k->size)) : -1;
        if (i >= 0) {
            const jb_pentry *pe = &pl->e[i];
            if (!(p = jbg_room(e, p, pe->key_len + 1 + JB_KEY_PAD))) return NULL;
            p = put_key(p, pe);
            *p++ = ':';
            return p;
        }
    }
    jb_writer *w = w_at(e, p);
    jb_status st = jb__enc_map_key(w, k, entry);
    return w_after(e, w, st);
}

char *jb_gen_w_value(jb_gen_enc *e, char *p, const jb_type *t, const void *value, uint32_t scope) {
    jb_writer *w = w_at(e, p);
    uint32_t root = w->scope;
    w->depth = e->depth;
    jb__w_scope(w, jb__scope_over(root, scope));
    jb_status st = jb__enc_nested(w, t, value);
    jb__w_scope(w, root);
    return w_after(e, w, st);
}

/* The most bytes a leaf writes when bounded (codegen_enc.c bounded). */
static size_t enc_bounded(const jb_type *t, uint32_t scope) {
    if (t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_U64) {
        if ((t->flags & JB_TYPE_AS_STRING) ||
            (JB_GEN_SCOPE_INT64(scope) && (t->kind == JB_KIND_I64 || t->kind == JB_KIND_U64)))
            return 0;
        return 21;
    }
    if (t->kind == JB_KIND_BOOL) return 5;
    return 0;
}

/* A leaf value in scope, as codegen_enc.c's encode_value writes it. */
static char *enc_leaf(jb_gen_enc *e, char *p, const jb_type *t, uint32_t scope, const char *src) {
    size_t b = enc_bounded(t, scope);
    if (b && !(p = jbg_room(e, p, b))) return NULL;
    switch (b || t->kind < JB_KIND_I8 || t->kind > JB_KIND_U64 ? t->kind : JB_KIND_INVALID) {
    case JB_KIND_BOOL:
        if (*(const bool *)(const void *)src) {
            memcpy(p, "true", 4);
            return p + 4;
        }
        memcpy(p, "false", 5);
        return p + 5;
    /* the width is the kind's, as the straight form's casts read it */
    case JB_KIND_I8: { int8_t x; memcpy(&x, src, 1); return p + jb__fmt_i64(p, x); }
    case JB_KIND_I16: { int16_t x; memcpy(&x, src, 2); return p + jb__fmt_i64(p, x); }
    case JB_KIND_I32: { int32_t x; memcpy(&x, src, 4); return p + jb__fmt_i64(p, x); }
    case JB_KIND_I64: { int64_t x; memcpy(&x, src, 8); return p + jb__fmt_i64(p, x); }
    case JB_KIND_U8: return p + jb__fmt_u64(p, jb__load_uint(src, 1));
    case JB_KIND_U16: return p + jb__fmt_u64(p, jb__load_uint(src, 2));
    case JB_KIND_U32: return p + jb__fmt_u64(p, jb__load_uint(src, 4));
    case JB_KIND_U64: return p + jb__fmt_u64(p, jb__load_uint(src, 8));
    case JB_KIND_F64: {
        double v;
        memcpy(&v, src, sizeof v);
        return jb_gen_w_f64(e, p, v, (int)JB_GEN_SCOPE_FLOAT(scope));
    }
    case JB_KIND_F32: {
        float v;
        memcpy(&v, src, sizeof v);
        return jb_gen_w_f32(e, p, v, (int)JB_GEN_SCOPE_FLOAT(scope));
    }
    case JB_KIND_STR:
        return jb_gen_w_str(e, p, (const jb_str *)(const void *)src,
                            scope & JB_GEN_SCOPE_CONTROL_HEX ? (uint32_t)JB_WRITE_CONTROL_HEX : 0u);
    case JB_KIND_CSTR: {
        const char *s;
        memcpy(&s, src, sizeof s);
        return jb_gen_w_cstr(e, p, s, scope & JB_GEN_SCOPE_CONTROL_HEX ? (uint32_t)JB_WRITE_CONTROL_HEX : 0u);
    }
    default: return jb_gen_w_value(e, p, t, src, scope);
    }
}

/* The loop codegen_enc.c's record unrolls: `,"name":` from the plan, the
 * value by fns[i] or as a leaf, optional fields written when present
 * (absent: null, or nothing). */
char *jb_gen_w_record(jb_gen_enc *e, char *p, const char *o, const jb_type *t, const jb_gen_enc_fn *fns,
                      uint32_t scope, int after_tag) {
    const jb_plan *pl = jb__plan_get(t);
    int first = !after_tag;
    if (!after_tag) {
        if (!jbg_deeper(e) || !(p = jbg_room(e, p, 1))) return NULL;
        *p++ = '{';
    }
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *pe = &pl->e[i];
        const char *src = o + pe->offset;
        int absent = 0;
        if (pe->optional) {
            bool present;
            if (pe->presence == JB_PRESENCE_FLAG) present = *(const bool *)(const void *)(o + pe->flag_offset);
            else {
                const void *q;
                memcpy(&q, src, sizeof q);
                present = q != NULL;
            }
            if (!present) {
                if (!jb__absent_as_null(pe, e->flags)) continue;
                absent = 1;
            }
        }
        if (!(p = jbg_room(e, p, pe->key_len + 1 + JB_KEY_PAD + (absent ? 4 : 0)))) return NULL;
        if (!first) *p++ = ',';
        first = 0;
        p = put_key(p, pe);
        if (absent) {
            memcpy(p, "null", 4);
            p += 4;
        } else if (!(p = fns[i] ? fns[i](e, p, src) : enc_leaf(e, p, pe->type, scope, src))) {
            return NULL;
        }
    }
    if (!(p = jbg_room(e, p, 1))) return NULL;
    *p++ = '}';
    e->depth--;
    return p;
}

char *jb_gen_w_enum(jb_gen_enc *e, char *p, const char *o, const jb_type *t, int object) {
    const jb_plan *pl = jb__plan_get(t);
    long i = enum_entry(pl, jb__load_uint(o, t->size) & pl->width_mask);
    if (i < 0) return NULL;
    const jb_pentry *pe = &pl->e[i];
    if (!(p = jbg_room(e, p, pe->key_len + JB_KEY_PAD + (object ? 5 : 0)))) return NULL;
    if (object) *p++ = '{';
    p = put_key(p, pe);
    if (object) {
        memcpy(p, ":{}}", 4);
        p += 4;
    }
    return p;
}

/* The digits of 0 to 999 and their count in the fourth byte (jbind_gen.h
 * jbg_fmt_i64): built by the preprocessor a hundred, ten and one digit
 * at a time, so the table is checked data, not 1,000 typed entries. */
#define JB_DIG1(u) {(char)('0' + (u)), 0, 0, 1}
#define JB_DIG2(t, u) {(char)('0' + (t)), (char)('0' + (u)), 0, 2}
#define JB_DIG3(h, t, u) {(char)('0' + (h)), (char)('0' + (t)), (char)('0' + (u)), 3}
#define JB_DIG_TENS2(t) JB_DIG2(t, 0), JB_DIG2(t, 1), JB_DIG2(t, 2), JB_DIG2(t, 3), JB_DIG2(t, 4), \
        JB_DIG2(t, 5), JB_DIG2(t, 6), JB_DIG2(t, 7), JB_DIG2(t, 8), JB_DIG2(t, 9)
#define JB_DIG_TENS3(h, t) JB_DIG3(h, t, 0), JB_DIG3(h, t, 1), JB_DIG3(h, t, 2), JB_DIG3(h, t, 3), \
        JB_DIG3(h, t, 4), JB_DIG3(h, t, 5), JB_DIG3(h, t, 6), JB_DIG3(h, t, 7), JB_DIG3(h, t, 8), JB_DIG3(h, t, 9)
#define JB_DIG_HUNDRED(h) JB_DIG_TENS3(h, 0), JB_DIG_TENS3(h, 1), JB_DIG_TENS3(h, 2), JB_DIG_TENS3(h, 3), \
        JB_DIG_TENS3(h, 4), JB_DIG_TENS3(h, 5), JB_DIG_TENS3(h, 6), JB_DIG_TENS3(h, 7), JB_DIG_TENS3(h, 8), \
        JB_DIG_TENS3(h, 9)
const char jb_gen_digits[1000][4] = {
    JB_DIG1(0), JB_DIG1(1), JB_DIG1(2), JB_DIG1(3), JB_DIG1(4), JB_DIG1(5), JB_DIG1(6), JB_DIG1(7), JB_DIG1(8),
    JB_DIG1(9), JB_DIG_TENS2(1), JB_DIG_TENS2(2), JB_DIG_TENS2(3), JB_DIG_TENS2(4), JB_DIG_TENS2(5),
    JB_DIG_TENS2(6), JB_DIG_TENS2(7), JB_DIG_TENS2(8), JB_DIG_TENS2(9), JB_DIG_HUNDRED(1), JB_DIG_HUNDRED(2),
    JB_DIG_HUNDRED(3), JB_DIG_HUNDRED(4), JB_DIG_HUNDRED(5), JB_DIG_HUNDRED(6), JB_DIG_HUNDRED(7),
    JB_DIG_HUNDRED(8), JB_DIG_HUNDRED(9)};
#undef JB_DIG1
#undef JB_DIG2
#undef JB_DIG3
#undef JB_DIG_TENS2
#undef JB_DIG_TENS3
#undef JB_DIG_HUNDRED

/* (jbg_fmt_i64 and jbg_fmt_u64 call these past 999: the table again
 * below it, for a caller of the function itself) */
size_t jb_gen_fmt_i64(char *dst, int64_t v) {
    if ((uint64_t)v < 1000) return jbg_fmt_u64(dst, (uint64_t)v);
    return jb__fmt_i64(dst, v);
}

size_t jb_gen_fmt_u64(char *dst, uint64_t v) {
    if (v < 1000) return jbg_fmt_u64(dst, v);
    return jb__fmt_u64(dst, v);
}

/* A vector's integers of kind k after its '[' (len > 0): blocks of
 * JB_CG_VEC_BLOCK under one reservation, each integer followed by ',',
 * the last ',' made the ']'. A loop in the library rather than in each
 * generated encoder, whose empty vectors (most, in citm) then save no
 * registers for it. */
JB_INLINE char *w_ints(jb_gen_enc *e, char *p, const char *items, size_t len, jb_kind k) {
    const size_t es = int_size(k);
    for (size_t i = 0; i < len;) {
        size_t stop = len - i > JB_CG_VEC_BLOCK ? i + JB_CG_VEC_BLOCK : len;
        if (!(p = jbg_room(e, p, (stop - i) * 22))) return NULL;
        for (; i < stop; i++) {
            const char *it = items + i * es;
            switch (k) {
            case JB_KIND_I8: p += jbg_fmt_i64(p, *(const int8_t *)(const void *)it); break;
            case JB_KIND_I16: p += jbg_fmt_i64(p, *(const int16_t *)(const void *)it); break;
            case JB_KIND_I32: p += jbg_fmt_i64(p, *(const int32_t *)(const void *)it); break;
            case JB_KIND_I64: p += jbg_fmt_i64(p, *(const int64_t *)(const void *)it); break;
            case JB_KIND_U8: p += jbg_fmt_u64(p, *(const uint8_t *)(const void *)it); break;
            case JB_KIND_U16: p += jbg_fmt_u64(p, *(const uint16_t *)(const void *)it); break;
            case JB_KIND_U32: p += jbg_fmt_u64(p, *(const uint32_t *)(const void *)it); break;
            default: p += jbg_fmt_u64(p, *(const uint64_t *)(const void *)it); break;
            }
            *p++ = ',';
        }
    }
    p[-1] = ']';
    return p;
}

char *jb_gen_w_ints(jb_gen_enc *e, char *p, const char *items, size_t len, const jb_type *t) {
    switch (t->kind) {
    case JB_KIND_I8: return w_ints(e, p, items, len, JB_KIND_I8);
    case JB_KIND_I16: return w_ints(e, p, items, len, JB_KIND_I16);
    case JB_KIND_I32: return w_ints(e, p, items, len, JB_KIND_I32);
    case JB_KIND_I64: return w_ints(e, p, items, len, JB_KIND_I64);
    case JB_KIND_U8: return w_ints(e, p, items, len, JB_KIND_U8);
    case JB_KIND_U16: return w_ints(e, p, items, len, JB_KIND_U16);
    case JB_KIND_U32: return w_ints(e, p, items, len, JB_KIND_U32);
    case JB_KIND_U64: return w_ints(e, p, items, len, JB_KIND_U64);
    default: return NULL; /* the generator never asks */
    }
}

/* ------------------------------------------------------------------ */
/* The hand-over                                                       */
/* ------------------------------------------------------------------ */

/* Read flags generated code honours itself (the rest send the call to the
 * interpreter): borrowed strings and invalid UTF-8 are the string leaves',
 * trailing data is the entry point's, an unknown key with DENY_UNKNOWN and
 * a duplicate key under either DUPLICATE flag hand over. INTEGRAL_FLOATS
 * is the integer leaves': generated code reads every integer through
 * jb_gen_int / jb_gen_value, which see the call's flags in r. */
#define GEN_READ_FLAGS (JB_READ_BORROW_STRINGS | JB_READ_ALLOW_INVALID_UTF8 | JB_READ_ALLOW_TRAILING_DATA | \
                        JB_READ_DENY_UNKNOWN | JB_READ_DUPLICATE_LAST_WINS | JB_READ_DUPLICATE_FIRST_WINS | \
                        JB_READ_REJECT_DUPLICATE_KEYS | JB_READ_INTEGRAL_FLOATS)
/* Write flags generated code honours: invalid UTF-8 is the string leaf's,
 * a non-finite float always hands over, JB_WRITE_ABSENT_NULL is tested in
 * the generated record encoders. The call's float style is the writer's,
 * which jb_gen_w_f64 falls back to where the scope inherits. */
#define GEN_WRITE_FLAGS (JB_WRITE_ALLOW_INVALID_UTF8 | JB_WRITE_NONFINITE_NULL | JB_WRITE_ABSENT_NULL)

/* Generated code recurses on the C stack, one call (or a few) per level
 * of nesting, where the interpreter keeps frames on the arena: a small
 * thread stack with max_depth raised would overflow in generated code and
 * not in the interpreter. So the generated attempt gets a depth limit of
 * its own, what the stack left above the floor (src/stack.c) affords at
 * GEN_STACK_PER_LEVEL bytes a level after GEN_STACK_RESERVE for an
 * interpreter call at the bottom (jb_gen_value); past it the code hands
 * over and the interpreter runs the whole call, with the caller's limit.
 * A level takes 100-300 bytes (gcc -fstack-usage, -O2 and ASan), so these
 * are margins. Where the stack's bounds are unknown (floor 0) the attempt
 * stops at GEN_DEPTH_UNKNOWN_STACK levels. Once per call: the count is
 * nothing beside a document's work. */
/* Longer than any number token the kernels' fast paths take (an
 * integer's sign and 15 digits, a double's straight path 25 bytes). */
#define GEN_NUMBER_MIN 32u

#define GEN_STACK_PER_LEVEL 1024u
#define GEN_STACK_RESERVE (16u * 1024u)
#define GEN_DEPTH_UNKNOWN_STACK 128u

static uint32_t gen_max_depth(uintptr_t fl, uint32_t depth, uint32_t max_depth) {
    uintptr_t levels = GEN_DEPTH_UNKNOWN_STACK;
    if (fl) {
        char here;
        uintptr_t at = (uintptr_t)&here;
        levels = at > fl + GEN_STACK_RESERVE ? (at - fl - GEN_STACK_RESERVE) / GEN_STACK_PER_LEVEL : 0;
    }
    return levels < (uintptr_t)(max_depth - depth) ? depth + (uint32_t)levels : max_depth;
}


/* Whitespace before or after the root value (the interpreter's jb__r_ws:
 * comments are never on here). */
static const char *doc_ws(jb_gen_dec *d, const char *p) { return p < d->end && (unsigned char)*p > ' ' ? p : ws_at(d, p); }

/* Anything the generated attempt left on the scratch stack popped (a
 * kernel that failed may leave pushes behind; a success leaves none):
 * seg and pos are the segment and cursor at the start. */
static void scratch_back(jb_arena *a, jb_block *seg, char *pos) {
    if (JB_UNLIKELY(a->scur != seg || a->spos != pos)) {
        jb_scratch_mark m = {seg, seg ? (size_t)(pos - seg->data) : 0};
        jb__scratch_release(a, m);
    }
}

JB_INLINE int gen_doc(const jb_gen_codec *c, const char *json, size_t len, void *out, size_t size, jb_arena *a,
                      const jb_read_options *opts, size_t *consumed) {
    static const jb_read_options none; /* all 0: what NULL means */
    if (!opts) opts = &none;
    uint32_t flags = opts->flags;
    /* An arena with a cap: the interpreter's frames on the scratch stack
     * count toward it, so only the interpreter meets the cap exactly. */
    if ((flags & ~GEN_READ_FLAGS) || a->cap) return 0;
    /* the limits as jb__r_init sets them */
    size_t max_members = opts->max_members ? opts->max_members : JB_DEFAULT_MAX_MEMBERS;
    size_t max_doc = opts->max_doc_size ? opts->max_doc_size : JB_DEFAULT_MAX_DOC;
    /* A straight-line record counts its known members only past
     * JB_CG_COMPACT_FIELDS of them (codegen_dec.c): a lower limit is the
     * interpreter's. A document over the size limit is its error. */
    /* The number kernels' fast paths take tokens of up to GEN_NUMBER_MIN
     * bytes unchecked: a call's max_number_len below it is the
     * interpreter's too. */
    if (max_members < JB_CG_COMPACT_FIELDS || (opts->max_number_len && opts->max_number_len < GEN_NUMBER_MIN) ||
        (!consumed && len > max_doc))
        return 0;
    uintptr_t floor = jb__stack_floor();
    gen_reader g;
    g.ready = false;
    g.json = json;
    g.len = len;
    g.arena = a;
    g.opts = opts;
    g.floor = floor;
    jb_gen_dec d;
    d.end = json + len;
    d.flags = flags;
    d.depth = 0;
    d.max_depth = gen_max_depth(floor, 0, opts->max_depth ? opts->max_depth : JB_DEFAULT_MAX_DEPTH);
    d.max_members = max_members;
    d.reader = &g;
    d.arena = a; /* (at and key: jb_gen_field's results, written before they are read) */
    d.max_string_len = opts->max_string_len ? opts->max_string_len : JB_DEFAULT_MAX_STRING;
    d.max_number_len = opts->max_number_len ? opts->max_number_len : JB_DEFAULT_MAX_NUMBER;
    jb_arena_mark am = jb__arena_mark(a);
    jb_block *sseg = a->scur;
    char *spos = a->spos;
    jb__scratch_enter(a); /* (scratch_back returns to the state before) */
    const char *p = doc_ws(&d, json);
    if (p && p < d.end && (p = c->decode(&d, p, (char *)out))) {
        if (consumed) {
            size_t n = (size_t)(p - json);
            if (n <= max_doc) {
                *consumed = n;
                scratch_back(a, sseg, spos);
                return 1;
            }
        } else if (p == d.end || (flags & JB_READ_ALLOW_TRAILING_DATA) || ((p = doc_ws(&d, p)) && p == d.end)) {
            scratch_back(a, sseg, spos);
            return 1;
        }
    }
    /* hand over: nothing of the attempt stays */
    scratch_back(a, sseg, spos);
    jb__arena_rollback(a, am);
    memset(out, 0, size);
    return 0;
}

int jb__gen_doc(const jb_gen_codec *c, const char *json, size_t len, void *out, size_t size, jb_arena *a,
                const jb_read_options *opts, size_t *consumed) {
    return gen_doc(c, json, len, out, size, a, opts, consumed);
}

jb_status jb__gen_decode(const jb_gen_codec *c, const jb_type *type, const char *json, size_t len, void *out,
                         jb_arena *a, const jb_read_options *opts, jb_error *err) {
    memset(out, 0, type->size);
    if (gen_doc(c, json, len, out, type->size, a, opts, NULL)) return JB_OK;
    return jb__decode_interp(type, json, len, out, a, opts, NULL, err);
}

int jb__gen_enc_doc(const jb_gen_codec *c, const void *value, jb_buf *buf, const jb_write_options *opts) {
    static const jb_write_options none; /* all 0: what NULL means */
    if (!opts) opts = &none;
    uint32_t flags = opts->flags;
    if (flags & ~GEN_WRITE_FLAGS) return 0;
    uintptr_t floor = jb__stack_floor();
    gen_writer g;
    g.ready = false;
    g.buf = buf;
    g.opts = opts;
    g.floor = floor;
    jb_gen_enc e;
    e.flags = flags;
    e.depth = 0;
    e.max_depth = gen_max_depth(floor, 0, opts->max_depth ? opts->max_depth : 512);
    e.writer = &g;
    /* the writer's root scope (w_init): the call's float style */
    e.scope = jb__scope_write_root(flags, opts->float_style <= JB_FLOAT_LAST ? opts->float_style : 0);
    char *p;
    if (buf->data) {
        p = buf->data + buf->len;
        e.end = buf->data + buf->cap;
    } else { /* no memory yet: the writer's empty region, which the first room check grows */
        jb_writer *w = wr(&e);
        p = w->p;
        e.end = w->end;
    }
    if (!(p = c->encode(&e, p, (const char *)value))) return 0; /* buf->len is as it was */
    buf->len = (size_t)(p - buf->data);
    return 1;
}
