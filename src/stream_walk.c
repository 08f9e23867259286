/* SPDX-License-Identifier: MIT */
/*
 * stream_walk.c — documents checked or reprinted as they stream by, in
 * memory bounded by the longest token and the nesting, never by the
 * document: jb_stream_next_skip and jb_stream_next_print (what `jbind
 * check` and `jbind fmt` run on a document of any size).
 *
 * The validator (stream_scan.c) reads the element; for print its token
 * events drive a writer (write.c) with jb_value_print's layout: the same
 * separators, indentation and "key": spacing, and each scalar written by
 * the DOM printer itself from a one-node jb_value (so numbers keep their
 * text or shortest form, strings their escaping, exactly as jb_value_print
 * writes them). Sorting keys or canonical form needs whole objects: those
 * flags are refused here (parse, then jb_value_print).
 */
#include "stream.h"

#include <math.h>
#include <stdlib.h>

#include "value.h"
#include "write.h"

struct jb_walk {
    jb_writer w; /* the sink of the current document */
    jb_write_fn fn;
    void *ctx;
    jb_write_options opts;
    bool failed; /* the sink (or printing) failed: the stream stops */
    /* per open container: whether a member was written (bit per level) */
    uint64_t *nonempty;
    size_t nonempty_words;
    uint64_t local[8];
    bool after_key;     /* a key was written; its value comes next */
    jb_allocator alloc; /* the stream's (fn NULL: malloc) */
};

static void *wmem(const jb_allocator *a, void *p, size_t old, size_t n) {
    if (a->fn) return a->fn(a->ctx, p, old, n);
    if (n == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, n);
}

void jb__walk_free(jb_stream *s) {
    jb_walk *wk = s->walk;
    if (!wk) return;
    jb_allocator a = wk->alloc;
    if (wk->nonempty != wk->local)
        wmem(&a, wk->nonempty, wk->nonempty_words * sizeof *wk->nonempty, 0);
    wmem(&a, wk, sizeof *wk, 0);
    s->walk = NULL;
}

static bool bit_get(const jb_walk *wk, size_t d) { return (wk->nonempty[d / 64] >> (d % 64)) & 1; }

static bool bit_set(jb_walk *wk, size_t d, bool v) {
    if (d / 64 >= wk->nonempty_words) {
        size_t n = wk->nonempty_words * 2;
        uint64_t *nb;
        while (d / 64 >= n) n *= 2;
        nb = wmem(&wk->alloc, NULL, 0, n * sizeof *nb);
        if (!nb) return false;
        memcpy(nb, wk->nonempty, wk->nonempty_words * sizeof *nb);
        memset(nb + wk->nonempty_words, 0, (n - wk->nonempty_words) * sizeof *nb);
        if (wk->nonempty != wk->local)
            wmem(&wk->alloc, wk->nonempty, wk->nonempty_words * sizeof *nb, 0);
        wk->nonempty = nb;
        wk->nonempty_words = n;
    }
    if (v)
        wk->nonempty[d / 64] |= (uint64_t)1 << (d % 64);
    else
        wk->nonempty[d / 64] &= ~((uint64_t)1 << (d % 64));
    return true;
}

/* A failure of the sink or of printing: recorded in the scan (so the
 * stream reports it with the path) and flagged fatal. */
static jb_status walk_fail(jb_walk *wk, jb_scan *sc, jb_status st, const char *msg) {
    wk->failed = true;
    jb__scan_fail(sc, st, sc->ev_off, "%s", msg);
    return st;
}

static jb_status sink_fail(jb_walk *wk, jb_scan *sc, jb_status st) {
    return walk_fail(wk, sc, st,
                     st == JB_E_NOMEM ? "out of memory growing the output buffer"
                                      : "the output sink failed");
}

#define PUT(expr)                                                     \
    do {                                                              \
        jb_status st_ = (expr);                                       \
        if (JB_UNLIKELY(st_ != JB_OK)) return sink_fail(wk, sc, st_); \
    } while (0)

/* Before a value or key inside a container: ',' unless first, then the
 * newline and indentation when pretty (value_print.c's sep). */
static jb_status separate(jb_walk *wk, jb_scan *sc) {
    jb_writer *w = &wk->w;
    size_t d = w->depth;
    if (d == 0) return JB_OK;
    if (bit_get(wk, d - 1)) {
        PUT(jb__w_reserve(w, 1));
        *w->p++ = ',';
    } else if (!bit_set(wk, d - 1, true)) {
        return walk_fail(wk, sc, JB_E_NOMEM, "out of memory");
    }
    if (w->flags & JB_WRITE_PRETTY) PUT(jb__w_newline(w));
    return JB_OK;
}

static jb_status put_text(jb_walk *wk, jb_scan *sc, const jb_str *t) {
    jb_status st = jb__w_string(&wk->w, t->ptr ? t->ptr : "", t->len);
    if (st == JB_E_UTF8) return walk_fail(wk, sc, JB_E_UTF8, "invalid UTF-8 in a string");
    PUT(st);
    return JB_OK;
}

static jb_status print_event(void *ctx, jb_scan *sc, int ev, const jb_str *text, int special) {
    jb_walk *wk = ctx;
    jb_writer *w = &wk->w;
    jb_value node;
    jb_status st;
    if (ev == JB_EV_END_OBJECT || ev == JB_EV_END_ARRAY) {
        bool empty = !bit_get(wk, w->depth - 1);
        w->depth--;
        if ((w->flags & JB_WRITE_PRETTY) && !empty) PUT(jb__w_newline(w));
        PUT(jb__w_reserve(w, 1));
        *w->p++ = ev == JB_EV_END_OBJECT ? '}' : ']';
        return JB_OK;
    }
    if (wk->after_key) {
        wk->after_key = false;
    } else if ((st = separate(wk, sc)) != JB_OK) {
        return st;
    }
    switch (ev) {
    case JB_EV_OBJECT:
    case JB_EV_ARRAY:
        if (w->depth >= w->max_depth)
            return walk_fail(wk, sc, JB_E_DEPTH,
                             "nesting deeper than the writer's max_depth (jb_write_options)");
        PUT(jb__w_reserve(w, 1));
        *w->p++ = ev == JB_EV_OBJECT ? '{' : '[';
        w->depth++;
        if (!bit_set(wk, w->depth - 1, false))
            return walk_fail(wk, sc, JB_E_NOMEM, "out of memory");
        return JB_OK;
    case JB_EV_KEY:
        if ((st = put_text(wk, sc, text)) != JB_OK) return st;
        PUT(jb__w_reserve(w, 2));
        *w->p++ = ':';
        if (w->flags & JB_WRITE_PRETTY) *w->p++ = ' ';
        wk->after_key = true;
        return JB_OK;
    case JB_EV_STRING: return put_text(wk, sc, text);
    default: break;
    }
    /* a scalar, written as jb_value_print writes it */
    memset(&node, 0, sizeof node);
    if (ev == JB_EV_NUMBER) {
        node.type = JB_VALUE_NUMBER;
        if (special) {
            node.nk = JB_NUMBER_F64;
            node.u.num.n.d = special == 1 ? NAN : special == 2 ? INFINITY : -INFINITY;
        } else {
            jb__value_set_number(&node, text->ptr, text->len);
            if (node.nk == JB_NUMBER_BIG) {
                node.u.num.text = text->ptr;
                node.u.num.len = text->len;
            }
        }
    } else if (ev != JB_EV_NULL) {
        node.type = JB_VALUE_BOOL;
        node.u.b = ev == JB_EV_TRUE;
    }
    if ((st = jb__value_encode(w, &node)) != JB_OK) {
        wk->failed = true;
        jb__scan_fail(sc, w->code ? w->code : st, sc->ev_off, "%s",
                      w->message[0] ? w->message : "printing failed");
        return st;
    }
    return JB_OK;
}

/* ---- what stream.c calls ---- */

/* Set up the printer for the next document (tg->walk), on sc. */
JB_HIDDEN void jb__walk_start(jb_walk *wk, jb_scan *sc);
void jb__walk_start(jb_walk *wk, jb_scan *sc) {
    jb__w_init_stream(&wk->w, wk->fn, wk->ctx, &wk->opts);
    wk->failed = false;
    wk->after_key = false;
    sc->on_event = print_event;
    sc->ctx = wk;
}

/* Hand what is staged to the sink (the document goes on later). */
JB_HIDDEN void jb__walk_flush(jb_walk *wk);
void jb__walk_flush(jb_walk *wk) { jb__w_finish(&wk->w); }

/* The document is complete: flush it. JB_OK or the sink's failure in sc. */
JB_HIDDEN jb_status jb__walk_end(jb_walk *wk, jb_scan *sc);
jb_status jb__walk_end(jb_walk *wk, jb_scan *sc) {
    jb_status st = jb__w_finish(&wk->w);
    sc->on_event = NULL;
    if (st) return sink_fail(wk, sc, st);
    return JB_OK;
}

JB_HIDDEN bool jb__walk_failed(const jb_walk *wk);
bool jb__walk_failed(const jb_walk *wk) { return wk && wk->failed; }

JB_HIDDEN jb_status jb__stream_next(jb_stream *s, const jb_target *tg, jb_error *err);

jb_status jb_stream_next_skip(jb_stream *s, jb_error *err) {
    jb_target tg = {JB_TG_SKIP, NULL, NULL, NULL, NULL, NULL};
    if (!s) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "jb_stream_next_skip: NULL stream");
        return JB_E_ARG;
    }
    return jb__stream_next(s, &tg, err);
}

jb_status jb_stream_next_print(jb_stream *s, jb_write_fn fn, void *ctx,
                               const jb_write_options *opts, jb_error *err) {
    jb_target tg = {JB_TG_PRINT, NULL, NULL, NULL, NULL, NULL};
    jb_walk *wk;
    if (!s || !fn) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "jb_stream_next_print: NULL stream or sink");
        return JB_E_ARG;
    }
    if (opts && (opts->flags & (JB_PRINT_SORT_KEYS | JB_PRINT_CANONICAL))) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL,
                       "jb_stream_next_print: sorted keys and canonical form need whole objects "
                       "(use jb_stream_next_value, then jb_value_print)");
        return JB_E_ARG;
    }
    if (!(wk = s->walk)) {
        if (!(wk = wmem(&s->alloc, NULL, 0, sizeof *wk))) {
            jb__error_fill(err, JB_E_NOMEM, NULL, 0, NULL, "out of memory");
            return JB_E_NOMEM;
        }
        memset(wk, 0, sizeof *wk); /* once per stream */
        wk->alloc = s->alloc;
        wk->nonempty = wk->local;
        wk->nonempty_words = sizeof wk->local / sizeof wk->local[0];
        s->walk = wk;
    }
    wk->fn = fn;
    wk->ctx = ctx;
    if (opts)
        wk->opts = *opts;
    else
        memset(&wk->opts, 0, sizeof wk->opts);
    tg.walk = wk;
    return jb__stream_next(s, &tg, err);
}
