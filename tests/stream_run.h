/* SPDX-License-Identifier: MIT */
/*
 * stream_run.h — for the stream tests: run a jb_stream over an input,
 * from a buffer or pushed in chunks cut where the test says, and log
 * every result as one line of text (a value as its compact JSON, or an
 * error with code, index, offset, line, column, path and message), so
 * that two runs compare as two strings. Each pushed chunk is its own
 * exactly-sized heap block, freed as soon as the stream lets go of it
 * (JB_NEED_INPUT): a read past a chunk, or of a chunk after it was
 * released, is an AddressSanitizer report.
 */
#ifndef JB_STREAM_RUN_H
#define JB_STREAM_RUN_H

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "jbind.h"

typedef struct slog {
    char *s;
    size_t len, cap;
} slog;

static void slog_add(slog *l, const char *p, size_t n) {
    if (l->len + n + 1 > l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 1024;
        while (cap < l->len + n + 1) cap *= 2;
        l->s = realloc(l->s, cap);
        l->cap = cap;
    }
    memcpy(l->s + l->len, p, n);
    l->len += n;
    l->s[l->len] = '\0';
}

static void slog_printf(slog *l, const char *fmt, ...) {
    char buf[1024];
    va_list ap;
    int n;
    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > 0) slog_add(l, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void slog_free(slog *l) {
    free(l->s);
    l->s = NULL;
    l->len = l->cap = 0;
}

static const char *slog_text(const slog *l) { return l->s ? l->s : ""; }

static void slog_error(slog *l, const jb_error *e) {
    slog_printf(l, "ERR %s #%zu @%zu %zu:%zu %s [%s]\n", jb_status_name(e->code), e->index,
                e->offset, e->line, e->column, e->path, e->message);
}

/* "OK <compact JSON>" of a typed value (type) or of v, as a line. */
static void slog_value(slog *l, const jb_type *type, const void *out, const jb_value *v) {
    jb_buf b = JB_BUF_INIT;
    jb_write_options wo = {JB_WRITE_ALLOW_INVALID_UTF8 | JB_WRITE_NONFINITE_NULL, 0, 0, 0};
    jb_status es = type ? jb_encode(type, out, &b, &wo, NULL) : jb_value_print(v, &b, &wo, NULL);
    if (es) {
        slog_printf(l, "OK (%s: %s)\n", type ? "encode" : "print", jb_status_name(es));
    } else {
        slog_printf(l, "OK ");
        slog_add(l, b.data ? b.data : "", b.len);
        slog_printf(l, "\n");
    }
    jb_buf_free(&b);
}

/* What each element becomes. */
enum { RK_VALUE, RK_SKIP, RK_PRINT, RK_PRETTY, RK_TYPED };

typedef struct run_cfg {
    int kind;
    const jb_type *type; /* RK_TYPED */
    jb_stream_options o;
    bool finish_early; /* pushed: finish right after the last chunk, before draining it */
} run_cfg;

static int slog_sink(void *ctx, const char *data, size_t len) {
    slog_add(ctx, data, len);
    return 0;
}

/* One call of the stream; returns its status and logs it. A printed
 * document gathers in *pdoc across JB_NEED_INPUT and is logged when the
 * call that ends it returns. */
static jb_status run_one(const run_cfg *c, jb_stream *s, jb_arena *a, slog *l, slog *pdoc) {
    jb_error e;
    jb_status st;
    memset(&e, 0, sizeof e);
    switch (c->kind) {
    case RK_SKIP: st = jb_stream_next_skip(s, &e); break;
    case RK_PRINT:
    case RK_PRETTY: {
        jb_write_options wo = {c->kind == RK_PRETTY ? JB_WRITE_PRETTY : 0, 0, 0, 0};
        st = jb_stream_next_print(s, slog_sink, pdoc, &wo, &e);
        if (st != JB_NEED_INPUT && pdoc->len) {
            slog_printf(l, "PRINT ");
            slog_add(l, pdoc->s, pdoc->len);
            slog_printf(l, "\n");
            pdoc->len = 0;
        }
        break;
    }
    case RK_TYPED: {
        void *out = malloc(c->type->size);
        st = jb_stream_next(s, c->type, out, a, &e);
        if (st == JB_OK) slog_value(l, c->type, out, NULL);
        free(out);
        break;
    }
    default: {
        jb_value *v = NULL;
        st = jb_stream_next_value(s, &v, a, &e);
        if (st == JB_OK) slog_value(l, NULL, NULL, v);
        break;
    }
    }
    if (st == JB_OK && c->kind == RK_SKIP) slog_printf(l, "OK\n");
    if (st == JB_OK && (c->kind == RK_PRINT || c->kind == RK_PRETTY)) slog_printf(l, "OK\n");
    if (st != JB_OK && st != JB_END && st != JB_NEED_INPUT) slog_error(l, &e);
    if (st == JB_END) slog_printf(l, "END\n");
    return st;
}

/*
 * Run c over in[0..len): from a buffer (cuts NULL) or pushed in chunks cut
 * at cuts[0..ncuts) (increasing, inside (0, len)). Logs every result, then
 * the skipped count and the error list.
 */
static void run_stream(const run_cfg *c, const char *in, size_t len, const size_t *cuts,
                       size_t ncuts, slog *l) {
    jb_error list_items[8];
    jb_error_list list = JB_ERROR_LIST_INIT(list_items, 8);
    run_cfg cfg = *c;
    jb_error e;
    jb_stream *s;
    jb_arena *a = jb_arena_new();
    jb_status st = JB_OK;
    size_t calls = 0, max_calls = 4 * len + 1000; /* (a bug looping stops here) */
    slog pdoc = {0};
    cfg.o.errors = &list;
    if (!cuts) {
        s = jb_stream_new_buffer(in, len, &cfg.o, &e);
    } else {
        s = jb_stream_new(&cfg.o, &e);
    }
    if (!s) {
        slog_printf(l, "NEW ");
        slog_error(l, &e);
        jb_arena_free(a);
        return;
    }
    /* each call's result is logged; an error is asked for three times
     * (it must repeat: the stream stopped) */
    if (!cuts) {
        size_t errs = 0;
        while (calls++ < max_calls) {
            st = run_one(&cfg, s, a, l, &pdoc);
            if (st == JB_END || (st != JB_OK && ++errs == 3)) break;
        }
    } else {
        size_t from = 0, errs = 0;
        bool done = false;
        for (size_t i = 0; i <= ncuts && !done; i++) {
            size_t to = i < ncuts ? cuts[i] : len, n = to - from;
            char *chunk = malloc(n ? n : 1);
            if (n) memcpy(chunk, in + from, n);
            if (jb_stream_feed(s, chunk, n) != JB_OK) slog_printf(l, "FEED FAILED\n");
            if (i == ncuts && cfg.finish_early) jb_stream_finish(s);
            while (calls++ < max_calls) {
                st = run_one(&cfg, s, a, l, &pdoc);
                if (st == JB_NEED_INPUT) break;
                if (st == JB_END || (st != JB_OK && ++errs == 3)) {
                    done = true;
                    break;
                }
            }
            free(chunk); /* the stream let go of it, or is done */
            from = to;
        }
        if (!done) {
            jb_stream_finish(s);
            while (calls++ < max_calls) {
                st = run_one(&cfg, s, a, l, &pdoc);
                if (st == JB_NEED_INPUT) {
                    slog_printf(l, "NEED after finish\n");
                    break;
                }
                if (st == JB_END || (st != JB_OK && ++errs == 3)) break;
            }
        }
    }
    slog_printf(l, "skipped %zu index %zu offset %zu\n", jb_stream_skipped(s), jb_stream_index(s),
                jb_stream_offset(s));
    slog_printf(l, "list %zu/%zu\n", list.len, list.total);
    for (size_t i = 0; i < list.len; i++) slog_error(l, &list.items[i]);
    jb_stream_free(s);
    jb_arena_free(a);
    slog_free(&pdoc);
}

#endif
