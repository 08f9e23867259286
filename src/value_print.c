/* SPDX-License-Identifier: MIT */
/*
 * value_print.c — writing a jb_value: compact or pretty, keys as stored or
 * sorted (by bytes, or by UTF-16 code units for RFC 8785), through the
 * writer's sinks (write.c) with its escaping and float spelling
 * (jb_write_options.float_style; canonical form is always ECMAScript's). Iterative: an explicit stack
 * of open containers, nesting counted on w->depth against w->max_depth
 * (which is also what stops a value that contains itself).
 *
 * The layout (separators, indentation, "key": value spacing) is the typed
 * encoder's, byte for byte, so a jb_value and a typed value print alike.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "error.h"
#include "kernel.h"
#include "num.h"
#include "plan.h"
#include "value.h"

/* First failure wins, as in encode.c. */
static jb_status pfail(jb_writer *w, jb_status code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static jb_status pfail(jb_writer *w, jb_status code, const char *fmt, ...) {
    if (w->code == JB_OK) {
        va_list ap;
        w->code = code;
        va_start(ap, fmt);
        vsnprintf(w->message, sizeof w->message, fmt, ap);
        va_end(ap);
    }
    return w->code;
}

/* A sink failure (JB_E_NOMEM, JB_E_IO, JB_E_BUFFER, JB_E_LIMIT). */
static jb_status psink(jb_writer *w, jb_status st) {
    return pfail(w, st, "%s",
                 st == JB_E_NOMEM    ? "out of memory growing the output buffer"
                 : st == JB_E_BUFFER ? "output buffer too small"
                                     : "the output sink failed");
}

#define TRY(expr)                                            \
    do {                                                     \
        jb_status st_ = (expr);                              \
        if (JB_UNLIKELY(st_ != JB_OK)) return psink(w, st_); \
    } while (0)

static inline bool pretty(const jb_writer *w) { return (w->flags & JB_WRITE_PRETTY) != 0; }

static jb_status put(jb_writer *w, const char *s, size_t n) {
    TRY(jb__w_bytes(w, s, n));
    return JB_OK;
}

static jb_status open_c(jb_writer *w, char c) {
    if (JB_UNLIKELY(w->depth >= w->max_depth))
        return pfail(w, JB_E_DEPTH, "nesting deeper than %u (max_depth; a value inside itself?)",
                     (unsigned)w->max_depth);
    TRY(jb__w_reserve(w, 1));
    *w->p++ = c;
    w->depth++;
    return JB_OK;
}

static jb_status sep(jb_writer *w, bool first) {
    if (!first) {
        TRY(jb__w_reserve(w, 1));
        *w->p++ = ',';
    }
    if (pretty(w)) TRY(jb__w_newline(w));
    return JB_OK;
}

static jb_status close_c(jb_writer *w, char c, bool empty) {
    w->depth--;
    if (pretty(w) && !empty) TRY(jb__w_newline(w));
    TRY(jb__w_reserve(w, 1));
    *w->p++ = c;
    return JB_OK;
}

/*
 * Strings of at most SHORT_STR bytes that need no escape in any mode are
 * most of a document's keys and many of its values: written by
 * jb__w_plain_at (write.h) when the sink has the room. Anything else
 * (longer, non-ASCII, an escape, a nearly full sink) takes jb__w_string,
 * which validates UTF-8 and escapes; nothing is committed (w->p unchanged)
 * when this path gives up, so the fallback starts from scratch.
 *
 * add: how many of the bytes after the closing quote count (0, 1 or 2:
 * a key's ':' then ' ' when pretty). Needs n + 4 bytes of room at w->p.
 */
#define SHORT_STR JB_W_PLAIN_MAX

static bool put_plain(jb_writer *w, const char *s, size_t n, size_t add) {
    char *q = w->p;
    if (n > SHORT_STR || (size_t)(w->end - q) < n + 4) return false;
    if (!(q = jb__w_plain_at(q, s, n, (w->flags & JB_WRITE_ESCAPE_SLASH) != 0))) return false;
    q[0] = ':';
    q[1] = ' ';
    w->p = q + add;
    return true;
}

static jb_status put_string(jb_writer *w, const jb_str *s) {
    jb_status st = jb__w_string(w, s->ptr ? s->ptr : "", s->len);
    if (st == JB_E_UTF8) return pfail(w, JB_E_UTF8, "invalid UTF-8 in a string");
    TRY(st);
    return JB_OK;
}

static jb_status put_key(jb_writer *w, const jb_str *k) {
    jb_status st;
    if (put_plain(w, k->ptr, k->len, pretty(w) ? 2 : 1)) return JB_OK;
    if ((st = put_string(w, k))) return st;
    TRY(jb__w_reserve(w, 2));
    *w->p++ = ':';
    if (pretty(w)) *w->p++ = ' ';
    return JB_OK;
}

/* ------------------------------------------------------------------ */
/* Numbers                                                             */
/* ------------------------------------------------------------------ */

/* RFC 8785 section 3.2.2.3: the number as an IEEE double, spelled as
 * ECMAScript's Number#toString (which jb__fmt_f64 follows, but for -0). */
static jb_status put_canonical_number(jb_writer *w, const jb_value *v) {
    double d;
    switch (v->nk) {
    case JB_NUMBER_I64: d = (double)v->u.num.n.i; break;
    case JB_NUMBER_U64: d = (double)v->u.num.n.u; break;
    default: d = v->u.num.n.d; break;
    }
    if (!isfinite(d))
        return pfail(w, JB_E_NONFINITE, "%s has no canonical (RFC 8785) form",
                     v->nk == JB_NUMBER_BIG ? "a number beyond double range" : "NaN or infinity");
    TRY(jb__w_reserve(w, JB_FMT_F64_MAX));
    if (d == 0)
        *w->p++ = '0';
    else
        w->p += jb__fmt_f64(w->p, d);
    return JB_OK;
}

/* A finite double at q (JB_FMT_F64_MAX + 2 bytes of room); its length. */
static inline size_t put_double(char *q, double d, jb_float_style fs) {
    size_t n = jb__fmt_f64_style(q, d, fs);
    if (fs <= JB_FLOAT_ECMA && fabs(d) >= 9007199254740992.0 && !memchr(q, 'e', n)) {
        /* An integral double past 2^53 written as digits alone would
         * read back as an exact integer of another value
         * (6666666666666667000 is not 6666666666666666496.0): ".0"
         * keeps it a double, so parse -> print -> parse is a fixed
         * point. (The typed encoder, whose reader knows the target
         * type, writes the digits alone.) */
        q[n++] = '.';
        q[n++] = '0';
    }
    return n;
}

static jb_status put_number(jb_writer *w, const jb_value *v) {
    if (w->flags & JB_PRINT_CANONICAL) return put_canonical_number(w, v);
    switch (v->nk) {
    case JB_NUMBER_I64:
        TRY(jb__w_reserve(w, 24));
        w->p += jb__fmt_i64(w->p, v->u.num.n.i);
        return JB_OK;
    case JB_NUMBER_U64:
        TRY(jb__w_reserve(w, 24));
        w->p += jb__fmt_u64(w->p, v->u.num.n.u);
        return JB_OK;
    case JB_NUMBER_BIG: return put(w, v->u.num.text, v->u.num.len);
    default: {
        double d = v->u.num.n.d;
        if (JB_UNLIKELY(!isfinite(d))) {
            if (w->flags & JB_WRITE_NONFINITE_NULL) return put(w, "null", 4);
            return pfail(w, JB_E_NONFINITE, "%s cannot be written as JSON",
                         isnan(d) ? "NaN" : (d > 0 ? "Infinity" : "-Infinity"));
        }
        TRY(jb__w_reserve(w, JB_FMT_F64_MAX + 2)); /* + ".0" */
        w->p += put_double(w->p, d, jb__scope_float(w->scope));
        return JB_OK;
    }
    }
}

static jb_status put_scalar(jb_writer *w, const jb_value *v) {
    if (!v) return put(w, "null", 4);
    switch (v->type) {
    case JB_VALUE_BOOL: return v->u.b ? put(w, "true", 4) : put(w, "false", 5);
    case JB_VALUE_NUMBER: return put_number(w, v);
    case JB_VALUE_STRING: return put_string(w, &v->u.str);
    default: return put(w, "null", 4);
    }
}

/* ------------------------------------------------------------------ */
/* Key order                                                           */
/* ------------------------------------------------------------------ */

/* Ties (equal keys) keep document order: members lie in one array, so
 * address order is index order. */
static int tie(const jb_member *a, const jb_member *b) { return a < b ? -1 : a > b; }

static int cmp_bytes(const void *pa, const void *pb) {
    const jb_member *a = *(const jb_member *const *)pa, *b = *(const jb_member *const *)pb;
    size_t n = a->key.len < b->key.len ? a->key.len : b->key.len;
    int c = n ? memcmp(a->key.ptr, b->key.ptr, n) : 0;
    if (c) return c;
    if (a->key.len != b->key.len) return a->key.len < b->key.len ? -1 : 1;
    return tie(a, b);
}

/* UTF-16 code units of UTF-8 text, one at a time (RFC 8785 sorts keys by
 * them: above U+FFFF the surrogates 0xD800-0xDBFF sort before U+E000).
 * Text is valid UTF-8 here or printing fails anyway; an ill-formed byte
 * stands for itself so the order stays total. */
typedef struct u16it {
    const unsigned char *p, *end;
    unsigned pend; /* a low surrogate still to return */
} u16it;

static long u16_next(u16it *it) {
    unsigned c, cp, n, i;
    if (it->pend) {
        cp = it->pend;
        it->pend = 0;
        return (long)cp;
    }
    if (it->p >= it->end) return -1;
    c = *it->p;
    n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    if ((size_t)(it->end - it->p) < n) n = 1;
    cp = n == 1 ? c : c & (0x7Fu >> n);
    for (i = 1; i < n; i++) cp = (cp << 6) | (it->p[i] & 0x3Fu);
    it->p += n;
    if (cp < 0x10000) return (long)cp;
    cp -= 0x10000;
    it->pend = 0xDC00 | (cp & 0x3FF);
    return (long)(0xD800 | (cp >> 10));
}

static int cmp_utf16(const void *pa, const void *pb) {
    const jb_member *a = *(const jb_member *const *)pa, *b = *(const jb_member *const *)pb;
    u16it x = {(const unsigned char *)a->key.ptr, (const unsigned char *)a->key.ptr + a->key.len,
               0};
    u16it y = {(const unsigned char *)b->key.ptr, (const unsigned char *)b->key.ptr + b->key.len,
               0};
    for (;;) {
        long u = u16_next(&x), v = u16_next(&y);
        if (u != v) return u < v ? -1 : 1;
        if (u < 0) return tie(a, b);
    }
}

/* The members of o in print order (malloc'd), or NULL after a failure. */
static const jb_member **sorted_members(jb_writer *w, const jb_value *o) {
    size_t n = o->u.obj.len, bytes;
    const jb_member **ord;
    bool canon = (w->flags & JB_PRINT_CANONICAL) != 0;
    if (!jb__mul_ok(n, sizeof *ord, &bytes) || !(ord = malloc(bytes))) {
        pfail(w, JB_E_NOMEM, "out of memory sorting object keys");
        return NULL;
    }
    for (size_t i = 0; i < n; i++) ord[i] = &o->u.obj.items[i];
    qsort(ord, n, sizeof *ord, canon ? cmp_utf16 : cmp_bytes);
    if (canon) {
        for (size_t i = 1; i < n; i++) {
            const jb_str *k = &ord[i]->key;
            if (k->len == ord[i - 1]->key.len &&
                (k->len == 0 || !memcmp(k->ptr, ord[i - 1]->key.ptr, k->len))) {
                int shown = k->len > 40 ? 40 : (int)k->len;
                free(ord);
                jb__path_key(&w->path, k->ptr, k->len);
                pfail(w, JB_E_DUPLICATE,
                      "duplicate key \"%.*s%s\" has no canonical (RFC 8785) form", shown, k->ptr,
                      k->len > 40 ? "..." : "");
                return NULL;
            }
        }
    }
    return ord;
}

/* ------------------------------------------------------------------ */
/* The walk                                                            */
/* ------------------------------------------------------------------ */

typedef struct pfr {
    const jb_value *v;
    size_t i;                /* next element; i - 1 is being written */
    const jb_member **order; /* sorted members, or NULL for document order */
} pfr;

static size_t plen(const jb_value *v) {
    return v->type == JB_VALUE_ARRAY ? v->u.arr.len : v->u.obj.len;
}

static const jb_member *member_of(const pfr *f, size_t i) {
    return f->order ? f->order[i] : &f->v->u.obj.items[i];
}

/* Write a container's opening; push a frame if it has elements. */
static jb_status open_value(jb_writer *w, jb_vstack *st, const jb_value *v) {
    bool obj = v->type == JB_VALUE_OBJECT;
    jb_status rc = open_c(w, obj ? '{' : '[');
    pfr *f;
    if (rc) return rc;
    if (plen(v) == 0) return close_c(w, obj ? '}' : ']', true);
    if (!(f = jb__vstack_push(st))) return pfail(w, JB_E_NOMEM, "out of memory (print stack)");
    f->v = v;
    f->i = 0;
    f->order = NULL;
    if (obj && (w->flags & JB_PRINT_SORT_KEYS) && plen(v) > 1 &&
        !(f->order = sorted_members(w, v))) {
        st->n--;
        return w->code;
    }
    return JB_OK;
}

/*
 * The compact walk (no indentation, document key order: what most prints
 * are). Same output as the general walk below, byte for byte, with the
 * cursor and the open container in locals: the writer is touched only
 * around the slow calls (a string that needs escaping or is long, a big or
 * non-finite number, growing the sink). Each step (',' + a short key + a
 * short string, a number, a literal or an opening bracket) is reserved
 * once as STEP_MAX bytes and then written unchecked; a closing bracket
 * checks for its one byte. A reservation that the sink cannot give in
 * place makes it grow or stage (jb__w_grow): a fixed buffer is never
 * written past its end.
 */
#define STEP_MAX (1 + (SHORT_STR + 3) + (SHORT_STR + 2))
_Static_assert(STEP_MAX >= 1 + (SHORT_STR + 3) + JB_FMT_F64_MAX + 2, "a step covers a number");
_Static_assert(STEP_MAX <= JB_W_RESERVE_MAX, "a step fits one reservation");

/*
 * A string parse found clean (JB_STR_CLEAN, or a key of a JB_KEYS_CLEAN
 * object) of n <= SHORT_STR bytes, between quotes at q, unchecked: its
 * bytes are their own JSON text unless a flag escapes more (the caller
 * tests that). Reads only s[0..n), writes q[0..n + 2). Returns the byte
 * past the quote.
 */
JB_INLINE char *put_clean_short(char *q, const char *s, size_t n) {
    q[0] = '"';
    jb__value_copy_short(q + 1, s, n);
    q[n + 1] = '"';
    return q + n + 2;
}

static jb_status print_compact(jb_writer *w, jb_vstack *st, const jb_value *v) {
    const bool slash = (w->flags & JB_WRITE_ESCAPE_SLASH) != 0;
    /* a clean string (JB_STR_CLEAN) is its own JSON text */
    const bool verbatim = !(w->flags & (JB_WRITE_ESCAPE_SLASH | JB_WRITE_ESCAPE_UNICODE));
    const jb_float_style fs = jb__scope_float(w->scope);
    char *o = w->p, *end = w->end;
    const jb_value *c = NULL; /* the open container on top of st */
    size_t i = 0, n = 0;      /* its next element, and how many */
    jb_status rc;
#define SYNC() (w->p = o)
#define RELOAD() (o = w->p, end = w->end)
#define ROOM(k)                                                     \
    do {                                                            \
        if (JB_UNLIKELY((size_t)(end - o) < (k))) {                 \
            SYNC();                                                 \
            if ((rc = jb__w_grow(w, (k))) != JB_OK) goto sink_fail; \
            RELOAD();                                               \
        }                                                           \
    } while (0)
    ROOM(STEP_MAX);
    for (;;) {
        /* v: the value to write, STEP_MAX bytes of room at o */
        switch (v ? v->type : JB_VALUE_NULL) {
        case JB_VALUE_ARRAY:
        case JB_VALUE_OBJECT: {
            const bool obj = v->type == JB_VALUE_OBJECT;
            const size_t len = plen(v);
            pfr *f;
            if (JB_UNLIKELY(w->depth >= w->max_depth)) {
                SYNC();
                pfail(w, JB_E_DEPTH, "nesting deeper than %u (max_depth; a value inside itself?)",
                      (unsigned)w->max_depth);
                goto fail;
            }
            if (len == 0) {
                o[0] = obj ? '{' : '[';
                o[1] = obj ? '}' : ']';
                o += 2;
                break;
            }
            *o++ = obj ? '{' : '[';
            if (c) ((pfr *)st->base)[st->n - 1].i = i;
            if (!(f = jb__vstack_push(st))) {
                SYNC();
                pfail(w, JB_E_NOMEM, "out of memory (print stack)");
                goto fail;
            }
            f->v = c = v;
            f->order = NULL;
            w->depth++;
            i = 0;
            n = len;
            break;
        }
        case JB_VALUE_STRING: {
            char *q;
            /* the step's room covers a short string */
            if (v->nk == JB_STR_CLEAN && verbatim && v->u.str.len <= SHORT_STR) {
                o = put_clean_short(o, v->u.str.ptr, v->u.str.len);
                break;
            }
            q = v->u.str.len <= SHORT_STR ? jb__w_plain_at(o, v->u.str.ptr, v->u.str.len, slash) : NULL;
            if (JB_LIKELY(q != NULL)) {
                o = q;
                break;
            }
            /* Parsed clean (non-ASCII or long): nothing to check or escape
             * unless a flag escapes more; copied when the room is there. */
            if (v->nk == JB_STR_CLEAN && verbatim && v->u.str.len + 2 <= (size_t)(end - o)) {
                *o = '"';
                memcpy(o + 1, v->u.str.ptr, v->u.str.len);
                o += v->u.str.len + 1;
                *o++ = '"';
                break;
            }
            SYNC();
            if (put_string(w, &v->u.str)) goto fail;
            RELOAD();
            break;
        }
        case JB_VALUE_NUMBER:
            if (v->nk == JB_NUMBER_I64) {
                o += jb__fmt_i64(o, v->u.num.n.i);
            } else if (v->nk == JB_NUMBER_U64) {
                o += jb__fmt_u64(o, v->u.num.n.u);
            } else if (v->nk == JB_NUMBER_F64 && JB_LIKELY(isfinite(v->u.num.n.d))) {
                o += put_double(o, v->u.num.n.d, fs);
            } else {
                SYNC();
                if (put_number(w, v)) goto fail;
                RELOAD();
            }
            break;
        case JB_VALUE_BOOL:
            memcpy(o, v->u.b ? "true" : "false", 5); /* the step covers 5 */
            o += v->u.b ? 4 : 5;
            break;
        default: memcpy(o, "null", 4); o += 4; break;
        }
        /* the next element, closing what is finished */
    next:
        while (i == n) {
            if (!c) goto done;
            ROOM(1);
            *o++ = c->type == JB_VALUE_OBJECT ? '}' : ']';
            w->depth--;
            if (--st->n == 0) goto done;
            const pfr *f = (const pfr *)st->base + (st->n - 1);
            c = f->v;
            i = f->i;
            n = plen(c);
        }
        ROOM(STEP_MAX);
        if (i) *o++ = ',';
        if (c->type == JB_VALUE_OBJECT) {
            const jb_member *m = &c->u.obj.items[i++];
            char *q;
            if (c->nk == JB_KEYS_CLEAN && verbatim && m->key.len <= SHORT_STR)
                q = put_clean_short(o, m->key.ptr, m->key.len);
            else
                q = m->key.len <= SHORT_STR ? jb__w_plain_at(o, m->key.ptr, m->key.len, slash) : NULL;
            if (JB_LIKELY(q != NULL)) {
                *q = ':';
                o = q + 1;
            } else {
                SYNC();
                if (put_key(w, &m->key)) goto fail;
                RELOAD();
                ROOM(STEP_MAX);
            }
            v = m->val;
        } else {
            v = c->u.arr.items[i++];
            /* A run of plain numbers (coordinates, vertices, indices):
             * integers and finite doubles written here, each with the
             * step's reservation and comma as above, without the trip
             * through the switch; anything else goes to it. */
            while (v && v->type == JB_VALUE_NUMBER) {
                if (v->nk == JB_NUMBER_F64 && JB_LIKELY(isfinite(v->u.num.n.d)))
                    o += put_double(o, v->u.num.n.d, fs);
                else if (v->nk == JB_NUMBER_I64)
                    o += jb__fmt_i64(o, v->u.num.n.i);
                else
                    break;
                if (i == n) goto next;
                ROOM(STEP_MAX);
                *o++ = ',';
                v = c->u.arr.items[i++];
            }
        }
    }
done:
    SYNC();
    return JB_OK;
sink_fail:
    psink(w, rc);
fail:
    if (st->n) ((pfr *)st->base)[st->n - 1].i = i;
    return w->code;
#undef SYNC
#undef RELOAD
#undef ROOM
}

jb_status jb__value_encode(jb_writer *w, const jb_value *v) {
    pfr local[32];
    jb_vstack st = JB_VSTACK_INIT(local);
    const uint32_t saved = w->flags;
    jb_status rc = JB_OK;
    if (w->flags & JB_PRINT_CANONICAL) w->flags = JB_PRINT_CANONICAL | JB_PRINT_SORT_KEYS;
    if (!(w->flags & (JB_WRITE_PRETTY | JB_PRINT_SORT_KEYS | JB_PRINT_CANONICAL))) {
        if ((rc = print_compact(w, &st, v))) goto fail;
        goto done;
    }
    for (;;) {
        pfr *f;
        if (v && (v->type == JB_VALUE_ARRAY || v->type == JB_VALUE_OBJECT))
            rc = open_value(w, &st, v);
        else
            rc = put_scalar(w, v);
        if (rc) goto fail;
        for (;;) { /* the next element to write, closing what is finished */
            if (st.n == 0) goto done;
            f = (pfr *)st.base + (st.n - 1);
            if (f->i < plen(f->v)) break;
            rc = close_c(w, f->v->type == JB_VALUE_OBJECT ? '}' : ']', false);
            if (rc) goto fail;
            free((void *)f->order);
            st.n--;
        }
        if ((rc = sep(w, f->i == 0))) goto fail;
        if (f->v->type == JB_VALUE_OBJECT) {
            const jb_member *m = member_of(f, f->i++);
            if ((rc = put_key(w, &m->key))) goto fail;
            v = m->val;
        } else {
            v = f->v->u.arr.items[f->i++];
        }
    }
done:
    w->flags = saved;
    jb__vstack_free(&st);
    return JB_OK;
fail:
    /* The path of what failed, innermost first; then release the orders. */
    while (st.n) {
        pfr *f = (pfr *)st.base + --st.n;
        if (f->i) {
            if (f->v->type == JB_VALUE_OBJECT) {
                const jb_member *m = member_of(f, f->i - 1);
                jb__path_key(&w->path, m->key.ptr, m->key.len);
            } else {
                jb__path_index(&w->path, f->i - 1);
            }
        }
        free((void *)f->order);
    }
    w->flags = saved;
    jb__vstack_free(&st);
    return w->code ? w->code : rc;
}

/* ------------------------------------------------------------------ */
/* Entry points                                                        */
/* ------------------------------------------------------------------ */

static jb_status run(jb_writer *w, const jb_value *v, jb_error *err) {
    jb_status st;
    st = jb__value_encode(w, v);
    if (!st && (st = jb__w_finish(w)) != JB_OK) psink(w, st);
    if (st) {
        if (w->code == JB_OK) psink(w, st);
        jb__error_fill(err, w->code, NULL, 0, &w->path, w->message);
        return w->code;
    }
    return JB_OK;
}

static jb_status arg_fail(jb_error *err, const char *msg) {
    jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, msg);
    return JB_E_ARG;
}

jb_status jb_value_print(const jb_value *v, jb_buf *buf, const jb_write_options *opts,
                         jb_error *err) {
    jb_writer w;
    jb_status st;
    if (!buf) return arg_fail(err, "buf is NULL");
    jb__w_init_buf(&w, buf, opts);
    st = run(&w, v, err);
    if (st) buf->len = w.buf_start;
    return st;
}

jb_status jb_value_print_to(const jb_value *v, jb_write_fn fn, void *ctx,
                            const jb_write_options *opts, jb_error *err) {
    jb_writer w;
    if (!fn) return arg_fail(err, "write callback is NULL");
    jb__w_init_stream(&w, fn, ctx, opts);
    return run(&w, v, err);
}

jb_status jb_value_print_file(const jb_value *v, FILE *f, const jb_write_options *opts,
                              jb_error *err) {
    if (!f) return arg_fail(err, "FILE is NULL");
    return jb_value_print_to(v, jb__w_file_fn, f, opts, err);
}

jb_status jb_value_print_fixed(const jb_value *v, char *dst, size_t cap, size_t *needed,
                               const jb_write_options *opts, jb_error *err) {
    jb_writer w;
    jb_status st;
    if (!dst && cap) return arg_fail(err, "dst is NULL");
    jb__w_init_fixed(&w, dst, cap, opts);
    st = run(&w, v, err);
    if (needed) *needed = (st == JB_OK || st == JB_E_BUFFER) ? jb__w_total(&w) : 0;
    return st;
}
