/* SPDX-License-Identifier: MIT */
/*
 * stream.c — documents one after another, and the elements of one array,
 * from a buffer, pushed chunks or a pulled source (jb_stream in jbind.h).
 *
 * One engine for every source: the input arrives in windows (the whole
 * buffer; each pushed chunk; each read into rbuf). An element that lies
 * inside the window is decoded where it lies by the normal decoder, which
 * also finds its end: no framing pass at all for the buffer iterator, and
 * none for most elements of a chunked stream. Only where a window ends
 * inside an element does framing run: the element's bytes are gathered
 * into `held` while a fresh validator (stream_scan.c) finds where it ends,
 * resumably, then the decoder decodes it from `held`. LINES and SEQ frame
 * by their separator instead (memchr), so for them `held` is just the
 * partial line.
 *
 * The same validator, run over the whole document with a value hook,
 * finds a JSON Pointer's array, pauses at each of its elements and checks
 * the rest (ARRAY framing).
 *
 * Exact errors: an element decoded from a window decides what the same
 * decoder decides over the whole input, because the window contains the
 * element and the bytes after it that the decoder looks at; when the
 * decoder succeeded on a value that may go on past the window (a number
 * at its end) or failed, the validator says whether the element is
 * complete inside the window, and it is gathered if not. So a stream cut
 * anywhere gives the values and errors of the same bytes in one buffer.
 */
#include "stream.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "decode.h"
#include "value.h"

enum { JB_SRC_PUSH, JB_SRC_BUFFER, JB_SRC_PULL };

/* What `held` holds. */
enum {
    JB_H_NONE,
    JB_H_LINE,      /* LINES/SEQ: the start of a record */
    JB_H_SCAN,      /* an element being framed by s->elem */
    JB_H_SKIP_LINE, /* LINES/SEQ: dropping an oversized record up to its separator */
    JB_H_SKIP_SCAN, /* dropping an oversized element while s->elem finds its end */
    JB_H_WALK       /* skip/print: an element streaming through s->elem */
};

/* Phases of SINGLE and ARRAY framing. */
enum { PH_MAIN, PH_TRAIL, PH_END };

/* What a step found. */
enum { R_GOT, R_BAD, R_NEED, R_END, R_FATAL };

/* What window() found. */
enum { W_OK, W_NEED, W_END, W_FAIL };

#define RS 0x1E

static void zero_out(const jb_target *tg);
static bool over_count(jb_stream *s, size_t at, jb_error *e);

static bool final_window(const jb_stream *s) { return s->ended && !s->capped && !s->pre_active; }

/* ------------------------------------------------------------------ */
/* Memory                                                              */
/* ------------------------------------------------------------------ */

static void *smem(const jb_stream *s, void *p, size_t old, size_t n) {
    if (s->alloc.fn) return s->alloc.fn(s->alloc.ctx, p, old, n);
    if (n == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, n);
}

/* Append p[0..n) to held. */
static bool held_add(jb_stream *s, const char *p, size_t n) {
    size_t want;
    if (!jb__add_ok(s->held_len, n, &want)) return false;
    if (want > s->held_cap) {
        size_t cap = s->held_cap ? s->held_cap : 4096;
        char *nb;
        while (cap < want) cap = cap > SIZE_MAX / 2 ? want : cap * 2;
        if (!(nb = smem(s, s->held, s->held_cap, cap))) return false;
        s->held = nb;
        s->held_cap = cap;
    }
    if (n) memcpy(s->held + s->held_len, p, n);
    s->held_len += n;
    return true;
}

/* ------------------------------------------------------------------ */
/* Lines                                                               */
/* ------------------------------------------------------------------ */

/*
 * Line and column of an error are those of the whole stream (lines end at
 * \n, \r and \r\n, as jb_error's). They are counted lazily: a window is
 * counted when the stream leaves it (memchr for '\n' and '\r': for
 * NDJSON, a few instructions per line), and an error inside the current
 * window counts forward from there; a buffer is never left, so the
 * buffer iterator counts nothing until an error. An error can also name
 * a byte of a window already left: inside the element being gathered,
 * inside a token the validator gathered, at a comma or comment of an
 * earlier window. So where the count passes such an offset, it is marked,
 * and the count resumes from the mark over the bytes still kept.
 */
static void lines_count(jb_lines *lc, const char *p, size_t n) {
    const char *const end = p + n;
    const size_t base = lc->off;
    if (n == 0) return;
    for (const char *a = p;;) {
        const char *nl = memchr(a, '\n', (size_t)(end - a));
        if (!nl) break;
        if (!(nl > p ? nl[-1] == '\r' : lc->cr)) lc->line++;
        lc->start = base + (size_t)(nl + 1 - p);
        a = nl + 1;
    }
    for (const char *a = p;;) {
        const char *cr = memchr(a, '\r', (size_t)(end - a));
        size_t after;
        if (!cr) break;
        lc->line++;
        after = base + (size_t)(cr + 1 - p);
        if (after > lc->start) lc->start = after;
        a = cr + 1;
    }
    lc->cr = end[-1] == '\r';
    lc->off = base + n;
}

/* The offsets an error may still name (JB_MARK_*); SIZE_MAX = none. */
static void mark_offsets(const jb_stream *s, size_t off[JB_MARK_COUNT]) {
    for (int i = 0; i < JB_MARK_COUNT; i++) off[i] = SIZE_MAX;
    if (s->hold != JB_H_NONE) off[JB_MARK_HELD] = s->held_base;
    if (s->doc_ready) {
        if (s->doc.tok) off[JB_MARK_DOC_TOK] = s->doc.tok_off;
        off[JB_MARK_DOC_COMMA] = s->doc.comma_off;
        off[JB_MARK_DOC_WS] = s->doc.ws_off;
    }
    if (s->elem_ready) {
        if (s->elem.tok) off[JB_MARK_ELEM_TOK] = s->elem.tok_off;
        off[JB_MARK_ELEM_COMMA] = s->elem.comma_off;
        off[JB_MARK_ELEM_WS] = s->elem.ws_off;
    }
}

/* Count the window's bytes past the count, marking offsets on the way. */
static void lines_leave(jb_stream *s) {
    size_t off[JB_MARK_COUNT];
    const size_t wend = s->in_base + s->in_len;
    mark_offsets(s, off);
    while (s->lc.off < wend) {
        size_t to = wend;
        int which = -1;
        for (int i = 0; i < JB_MARK_COUNT; i++) {
            if (off[i] >= s->lc.off && off[i] < to) {
                to = off[i];
                which = i;
            }
        }
        if (s->lc.off >= s->in_base)
            lines_count(&s->lc, s->in + (s->lc.off - s->in_base), to - s->lc.off);
        else
            s->lc.off = to; /* (cannot happen: windows are counted in order) */
        if (which >= 0) {
            for (int i = 0; i < JB_MARK_COUNT; i++) {
                if (off[i] != to) continue;
                s->marks[i].set = true;
                s->marks[i].at = s->lc;
                s->mark_off[i] = to;
            }
            if (to == wend) break;
            /* step past the mark: count one byte */
            lines_count(&s->lc, s->in + (to - s->in_base), 1);
        }
    }
}

/* Count forward from lc over text (at stream offset base, len bytes) to
 * offset at; false when text does not cover [lc.off, at). */
static bool count_over(jb_lines *lc, const char *text, size_t base, size_t len, size_t at) {
    if (!text || lc->off < base || at > base + len || at < lc->off) return false;
    lines_count(lc, text + (lc->off - base), at - lc->off);
    return true;
}

/* Line and column of stream offset at. */
static void locate(jb_stream *s, size_t at, size_t *line, size_t *col) {
    jb_lines lc = s->lc;
    bool ok = false;
    if (at >= s->lc.off) {
        /* forward in the window (or, for a window not left yet, in held) */
        ok = count_over(&lc, s->in, s->in_base, s->in_len, at);
        if (!ok && s->hold != JB_H_NONE) {
            lc = s->lc;
            ok = count_over(&lc, s->held, s->held_base, s->held_len, at);
        }
        if (ok) s->lc = lc; /* keep the progress */
    }
    if (!ok) {
        /* from a mark, over the bytes that are still kept */
        for (int i = 0; i < JB_MARK_COUNT && !ok; i++) {
            const jb_scan *sc =
                i == JB_MARK_DOC_TOK || i == JB_MARK_DOC_COMMA || i == JB_MARK_DOC_WS ? &s->doc
                                                                                      : &s->elem;
            if (!s->marks[i].set || s->mark_off[i] > at) continue;
            lc = s->marks[i].at;
            if (s->mark_off[i] == at) {
                ok = true;
            } else if (i == JB_MARK_HELD) {
                ok = count_over(&lc, s->held, s->held_base, s->held_len, at);
            } else if (i == JB_MARK_DOC_TOK || i == JB_MARK_ELEM_TOK) {
                ok = count_over(&lc, sc->tok_buf, sc->tok_off, sc->tok_len, at);
            }
        }
    }
    if (!ok && s->src == JB_SRC_BUFFER) {
        /* an earlier offset in a buffer: count again from its start */
        memset(&lc, 0, sizeof lc);
        lc.line = 1;
        ok = count_over(&lc, s->in, 0, s->in_len, at);
    }
    if (!ok) { /* nothing kept covers it: the best known */
        lc = s->lc;
        if (at < lc.start) lc.start = at;
    }
    *line = lc.line;
    *col = at - lc.start + 1;
}

/* ------------------------------------------------------------------ */
/* Errors and the policy                                               */
/* ------------------------------------------------------------------ */

static void fill(jb_error *e, jb_status code, size_t at, const jb_path *path, const char *msg) {
    jb__error_fill(e, code, NULL, 0, path, msg);
    e->offset = at;
}

static void failf(jb_error *e, jb_status code, size_t at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void failf(jb_error *e, jb_status code, size_t at, const char *fmt, ...) {
    char msg[2 * JB_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fill(e, code, at, NULL, msg);
}

bool jb__stream_bad(jb_stream *s, jb_error *e, bool skippable) {
    e->index = s->framing == JB_FRAMING_SINGLE ? 0 : s->index; /* (data after it: still its) */
    locate(s, e->offset, &e->line, &e->column);
    jb_error_list_add(s->errors, e);
    if (skippable && (s->flags & JB_STREAM_SKIP_BAD)) {
        s->skipped++;
        s->index++;
        return true;
    }
    s->fatal = e->code ? e->code : JB_E_SYNTAX;
    s->fatal_err = *e;
    return false;
}

void jb__stream_scan_error(jb_stream *s, const jb_scan *sc, jb_error *e) {
    jb_path path = sc->path;
    if (sc == &s->elem && s->framing == JB_FRAMING_ARRAY) jb__scan_path(&s->doc, &path);
    fill(e, sc->code ? sc->code : JB_E_SYNTAX, sc->err_off, &path, sc->message);
}

/* A failure of the stream itself (always fatal). */
static int fatal(jb_stream *s, jb_error *e) {
    jb__stream_bad(s, e, false);
    return R_FATAL;
}

/* ------------------------------------------------------------------ */
/* Windows                                                             */
/* ------------------------------------------------------------------ */

/* Leave the used-up window. */
static void leave(jb_stream *s) {
    if (s->in_len) lines_leave(s);
    s->in_base += s->in_len;
    s->in = ""; /* never NULL: in + in_pos is always a valid pointer */
    s->in_len = s->in_pos = 0;
}

/* Cut a new window at max_total_bytes. */
static void cap_window(jb_stream *s) {
    if (s->max_total && s->in_base + s->in_len > s->max_total) {
        s->in_len = s->in_base < s->max_total ? s->max_total - s->in_base : 0;
        s->capped = true;
    }
}

/*
 * JB_STREAM_ALLOW_BOM: at the stream's start, skip a byte order mark. A
 * first window too short to tell is gathered into pre; when the bytes
 * turn out to be no mark they are read again as data (pre_active) before
 * the rest of the next window.
 */
static void check_bom(jb_stream *s) {
    size_t avail = s->in_len - s->in_pos, have = s->pre_len, k;
    bool match = true;
    if (s->bom_done) return;
    for (k = 0; k < 3 && k < have + avail; k++) {
        char c = k < have ? s->pre[k] : s->in[s->in_pos + (k - have)];
        if ((unsigned char)c != (unsigned char)"\xEF\xBB\xBF"[k]) match = false;
    }
    if (match && k == 3) { /* a mark: skip it */
        s->in_pos += 3 - have;
        s->pre_len = 0;
        s->bom_done = true;
        return;
    }
    if (match && !final_window(s)) { /* too short to tell: gather */
        memcpy(s->pre + have, s->in + s->in_pos, avail);
        s->pre_len += avail;
        s->in_pos = s->in_len;
        return;
    }
    s->bom_done = true;
    if (have) { /* read the gathered bytes again, then the window */
        s->saved_in = s->in + s->in_pos;
        s->saved_len = avail;
        s->in_base -= have;
        s->in = s->pre;
        s->in_len = have;
        s->in_pos = 0;
        s->lc.off = s->lc.off < s->in_base ? s->lc.off : s->in_base;
        s->pre_active = true;
        s->pre_len = 0;
    }
}

/* Make in[in_pos] readable. */
static int window(jb_stream *s, jb_error *e) {
    for (;;) {
        if (s->in_pos < s->in_len) return W_OK;
        if (s->pre_active) {
            leave(s);
            s->pre_active = false;
            s->in = s->saved_in;
            s->in_len = s->saved_len;
            cap_window(s);
            continue;
        }
        if (s->capped) {
            failf(e, JB_E_LIMIT, s->max_total, "stream longer than %zu bytes (max_total_bytes)",
                  s->max_total);
            fatal(s, e);
            return W_FAIL;
        }
        if (s->src == JB_SRC_BUFFER || s->ended) {
            if (!s->bom_done && (s->flags & JB_STREAM_ALLOW_BOM) && s->pre_len) {
                /* the end: what was gathered is no mark. Pushed input
                 * finished before its last chunk was drained still has
                 * that chunk as the window, and the gathered bytes are
                 * its last ones: leave it first, so that check_bom puts
                 * them back at the stream offset they came from. */
                if (s->in_len) leave(s);
                check_bom(s);
                continue;
            }
            return W_END; /* (the window stays: an error in it counts lines there) */
        }
        leave(s); /* the next window replaces it */
        if (s->src == JB_SRC_PUSH) return W_NEED;
        /* pulled: read the next window */
        size_t got = 0;
        if (s->fn(s->fctx, s->rbuf, s->rbuf_cap, &got) != 0 || got > s->rbuf_cap) {
            int en = errno;
            failf(e, JB_E_IO, s->in_base, "reading the input failed%s%s", en ? ": " : "",
                  en ? strerror(en) : "");
            fatal(s, e);
            return W_FAIL;
        }
        if (got == 0) {
            s->ended = true;
            continue;
        }
        s->in = s->rbuf;
        s->in_len = got;
        s->in_pos = 0;
        cap_window(s);
        if (!s->bom_done && (s->flags & JB_STREAM_ALLOW_BOM)) check_bom(s);
    }
}

/* ------------------------------------------------------------------ */
/* Decoding one element                                                */
/* ------------------------------------------------------------------ */

/* How decode_text treats what follows the value. */
enum { TRAIL_PREFIX, TRAIL_LINE, TRAIL_SEQ };

/* The failure in r (offsets relative to text at stream offset base) as e. */
static void reader_error(jb_stream *s, const jb_reader *r, size_t base, jb_error *e) {
    jb_path path = r->path;
    if (s->framing == JB_FRAMING_ARRAY) jb__scan_path(&s->doc, &path);
    fill(e, r->code ? r->code : JB_E_SYNTAX, base + r->err_offset, &path, r->message);
}

/* After a value in a LINES or SEQ record: only whitespace may follow; a
 * SEQ record whose value is a bare number or literal must end in
 * whitespace (RFC 7464 2.2: else it may have been cut). */
static jb_status check_trail(jb_stream *s, jb_reader *r, const char *value, int trail) {
    char fb[16];
    const char *after = r->p;
    (void)s;
    if (jb__r_ws(r)) return r->code;
    if (r->p < r->end)
        return jb__r_fail(
            r, JB_E_TRAILING, r->p,
            trail == TRAIL_LINE
                ? "expected a newline after the JSON text (one text per line), found %s"
                : "expected RS (0x1E) before the next JSON text, found %s",
            jb__r_found(r, r->p, fb));
    if (trail == TRAIL_SEQ && after == r->end && *value != '{' && *value != '[' && *value != '"')
        return jb__r_fail(r, JB_E_SYNTAX, value,
                          "a number or literal at the top of a JSON text sequence record must be "
                          "followed by whitespace (RFC 7464: it may have been cut off)");
    return JB_OK;
}

/*
 * Decode text[0..len), at stream offset base, as the element tg asks for:
 * TRAIL_PREFIX stops after the value (*end = bytes used); otherwise the
 * record must hold nothing else. On failure tg's output is zeroed, its
 * arena as it was, and e has the error but its line and column.
 */
static jb_status decode_text(jb_stream *s, const jb_target *tg, const char *text, size_t len,
                             size_t base, int trail, size_t *end, jb_error *e) {
    jb_reader r;
    jb_arena *a = tg->arena;
    jb_arena_mark am = jb__arena_mark(a);
    jb_scratch_mark sm = jb__scratch_mark(a);
    jb_status st;
    const char *value;
    jb__r_init(&r, text, len, a, &s->ro);
    r.stack_floor = jb__stack_floor();
    r.depth = s->elem_depth;
    if (tg->kind == JB_TG_TYPED) {
        st = jb__decode_value(&r, tg->type, tg->out);
    } else {
        st = jb__r_ws(&r);
        if (!st) st = jb__value_decode(&r, tg->vout);
    }
    if (!st && trail != TRAIL_PREFIX) {
        value = text;
        while (value < r.p && jb__is_ws((unsigned char)*value)) value++;
        st = check_trail(s, &r, value, trail);
    }
    if (st) {
        reader_error(s, &r, base, e);
        jb__scratch_release(a, sm);
        jb__arena_rollback(a, am);
        if (tg->kind == JB_TG_TYPED)
            memset(tg->out, 0, tg->type->size);
        else
            *tg->vout = NULL;
        return e->code;
    }
    jb__scratch_release(a, sm);
    *end = (size_t)(r.p - text);
    return JB_OK;
}

/* The element limit, checked on the extent the framing found. */
static bool too_big(jb_stream *s, size_t extent, size_t start, jb_error *e) {
    if (extent <= s->max_element) return false;
    failf(e, JB_E_LIMIT, start, "element of more than %zu bytes (max_element_bytes)",
          s->max_element);
    return true;
}

/* ------------------------------------------------------------------ */
/* LINES and SEQ: records framed by their separator                    */
/* ------------------------------------------------------------------ */

static bool blank(const char *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!jb__is_ws((unsigned char)p[i])) return false;
    return true;
}

/* The skip/print path's way of reading a whole record (stream_walk.c). */
JB_HIDDEN int jb__walk_record(jb_stream *s, const jb_target *tg, const char *text, size_t len,
                              size_t base, int trail, jb_error *e);

/* One complete record text[0..len) at stream offset base. */
static int record(jb_stream *s, const jb_target *tg, const char *text, size_t len, size_t base,
                  jb_error *e) {
    const int trail = s->framing == JB_FRAMING_LINES ? TRAIL_LINE : TRAIL_SEQ;
    size_t end;
    if (blank(text, len)) return -1; /* nothing: not a record */
    if (over_count(s, base, e)) return R_FATAL;
    if (too_big(s, len, base, e)) return R_BAD;
    if (tg->kind == JB_TG_SKIP || tg->kind == JB_TG_PRINT)
        return jb__walk_record(s, tg, text, len, base, trail, e);
    return decode_text(s, tg, text, len, base, trail, &end, e) ? R_BAD : R_GOT;
}

static int step_lines(jb_stream *s, const jb_target *tg, jb_error *e) {
    const char sep = s->framing == JB_FRAMING_LINES ? '\n' : (char)RS;
    for (;;) {
        int w = window(s, e), rc;
        const char *p, *hit;
        size_t avail, room;
        if (w == W_FAIL) return R_FATAL;
        if (w == W_NEED) return R_NEED;
        if (w == W_END) {
            if (s->hold == JB_H_LINE) { /* the last record has no separator */
                s->hold = JB_H_NONE;
                rc = record(s, tg, s->held, s->held_len, s->held_base, e);
                if (rc >= 0) {
                    s->elem_end = s->held_base + s->held_len;
                    return rc;
                }
            }
            s->hold = JB_H_NONE;
            return R_END;
        }
        p = s->in + s->in_pos;
        avail = s->in_len - s->in_pos;
        if (s->hold == JB_H_SKIP_LINE) {
            hit = memchr(p, sep, avail);
            s->in_pos += hit ? (size_t)(hit - p) + 1 : avail;
            if (hit) {
                s->hold = JB_H_NONE;
                s->offset = s->in_base + s->in_pos - 1;
            }
            continue;
        }
        if (sep == (char)RS && !s->started) {
            /* before the first RS: whitespace only */
            while (avail && jb__is_ws((unsigned char)*p)) p++, avail--, s->in_pos++;
            if (!avail) continue;
            if (*p == (char)RS) {
                s->in_pos++;
                s->started = true;
                continue;
            }
            char fb[16];
            failf(e, JB_E_SYNTAX, s->in_base + s->in_pos,
                  "expected RS (0x1E) to start a JSON text sequence record, found %s",
                  jb__found_name((unsigned char)*p, fb));
            s->hold = JB_H_SKIP_LINE; /* to the first RS */
            s->started = true;
            return R_BAD;
        }
        /* search no further than the limit: a longer record is an error */
        room = s->max_element - (s->hold == JB_H_LINE ? s->held_len : 0);
        hit = memchr(p, sep, avail < room + 1 ? avail : room + 1);
        if (hit) {
            size_t n = (size_t)(hit - p);
            s->in_pos += n + 1;
            if (s->hold == JB_H_LINE) {
                s->hold = JB_H_NONE;
                if (!held_add(s, p, n)) goto nomem;
                rc = record(s, tg, s->held, s->held_len, s->held_base, e);
                if (rc < 0) continue;
                s->elem_end = s->held_base + s->held_len;
            } else {
                rc = record(s, tg, p, n, s->in_base + (size_t)(p - s->in), e);
                if (rc < 0) continue;
                s->elem_end = s->in_base + (size_t)(hit - s->in);
            }
            return rc;
        }
        if (avail > room) { /* over the limit before its separator */
            size_t start = s->hold == JB_H_LINE ? s->held_base : s->in_base + s->in_pos;
            s->in_pos += room + 1; /* what was searched; the rest is searched next */
            s->hold = JB_H_SKIP_LINE;
            too_big(s, SIZE_MAX, start, e);
            return R_BAD;
        }
        if (s->hold != JB_H_LINE) {
            s->hold = JB_H_LINE;
            s->held_len = 0;
            s->held_base = s->in_base + s->in_pos;
        }
        if (!held_add(s, p, avail)) goto nomem;
        s->in_pos += avail;
    }
nomem:
    failf(e, JB_E_NOMEM, s->in_base + s->in_pos, "out of memory");
    return fatal(s, e);
}

/* ------------------------------------------------------------------ */
/* CONCAT, SINGLE and ARRAY: elements framed by their own syntax        */
/* ------------------------------------------------------------------ */

/* Streaming skip/print of one element through s->elem (stream_walk.c). */
JB_HIDDEN int jb__walk_element(jb_stream *s, const jb_target *tg, jb_error *e);

static bool elem_begin(jb_stream *s, jb_error *e) {
    if (!s->elem_ready) {
        if (jb__scan_init(&s->elem, &s->ro, s->alloc.fn ? &s->alloc : NULL)) {
            failf(e, JB_E_NOMEM, s->in_base + s->in_pos, "out of memory");
            fatal(s, e);
            return false;
        }
        s->elem_ready = true;
    }
    jb__scan_reset(&s->elem, s->elem_depth);
    return true;
}

/*
 * A malformed element's error shows the token at its offset ("found
 * number 1e", "found string "abc..." (4 MB)"), and a window may end
 * inside that token where one buffer would not. True when the token at
 * stream offset `at`, in text (at stream offset base, len bytes), may go
 * on past the text's end: the bytes are then gathered until it ends, so
 * that pushed input reports what one buffer reports. Over-approximate
 * (any run of number or word bytes to the end): gathering more than the
 * token changes nothing, the decoder fails at the same byte.
 */
static bool token_open(const char *text, size_t base, size_t len, size_t at) {
    const char *p, *const end = text + len;
    if (at < base || at - base > len) return false;
    p = text + (at - base);
    if (p == end) return true; /* "end of input": more may come */
    if (*p == '"') {
        for (p++; p < end; p++) {
            if (*p == '"') return false;
            if (*p == '\\' && ++p == end) return true;
        }
        return true;
    }
    if ((unsigned char)*p == 0xEF) return end - p < 3; /* a byte order mark? */
    if (*p == '-' || (*p >= '0' && *p <= '9') || ((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z')) {
        while (p < end && (((*p | 0x20) >= 'a' && (*p | 0x20) <= 'z') || (*p >= '0' && *p <= '9') ||
                           *p == '-' || *p == '+' || *p == '.' || *p == '_'))
            p++;
        return p == end;
    }
    return false;
}

/* What tail gathering may hold: the element's limit, but at least this
 * much, so that a small max_element_bytes does not change the message. */
#define TAIL_MIN ((size_t)64 * 1024)

/* Add up to n bytes of the token being gathered (tail) to held: *final
 * is set when the bound cut it (a token longer than that shows as far as
 * it was gathered: not worth more memory on a failure path). */
static bool tail_add(jb_stream *s, const char *p, size_t n, bool *final) {
    const size_t cap = s->max_element > TAIL_MIN ? s->max_element : TAIL_MIN;
    size_t room = cap > s->held_len ? cap - s->held_len : 0;
    if (n > room) {
        n = room;
        *final = true;
    }
    return held_add(s, p, n);
}

/*
 * The element gathered in held is complete (scan DONE) or malformed
 * (scan FAIL, its bytes up to where that was decided in held). Decode it
 * for its value or the decoder's own error.
 */
static int held_done(jb_stream *s, const jb_target *tg, int scan_rc, bool final, jb_error *e) {
    size_t end;
    jb_status st;
    const bool tail = s->tail;
    s->hold = JB_H_NONE;
    s->tail = false;
    s->elem_end = s->held_base + s->held_len;
    if (scan_rc == JB_SCAN_DONE && too_big(s, s->held_len, s->held_base, e)) return R_BAD;
    if (scan_rc == JB_SCAN_FAIL && s->held_len > s->max_element && !tail) {
        too_big(s, s->held_len, s->held_base, e);
        if (!jb__stream_bad(s, e, true)) return R_FATAL;
        jb__stream_scan_error(s, &s->elem, e);
        return fatal(s, e);
    }
    st = decode_text(s, tg, s->held, s->held_len, s->held_base, TRAIL_PREFIX, &end, e);
    if (scan_rc == JB_SCAN_FAIL) {
        if (!st) jb__stream_scan_error(s, &s->elem, e); /* (the decoder accepted: unexpected) */
        else if (!final && token_open(s->held, s->held_base, s->held_len, e->offset)) {
            s->hold = JB_H_SCAN; /* the token shown goes on: gather it */
            s->tail = true;
            return -1;
        }
        return fatal(s, e);
    }
    s->elem_end = s->held_base + (st ? s->held_len : end);
    return st ? R_BAD : R_GOT;
}

/* Go on framing the element in held over the window. */
static int step_held(jb_stream *s, const jb_target *tg, jb_error *e) {
    for (;;) {
        int w = window(s, e), rc;
        size_t used = 0, avail;
        const bool skipping = s->hold == JB_H_SKIP_SCAN;
        if (w == W_FAIL) return R_FATAL;
        if (w == W_NEED) return R_NEED;
        avail = w == W_END ? 0 : s->in_len - s->in_pos;
        if (s->tail) { /* the scanner is done: only the token is wanted */
            bool final = w == W_END || final_window(s);
            if (!tail_add(s, s->in + s->in_pos, avail, &final)) {
                failf(e, JB_E_NOMEM, s->held_base, "out of memory");
                return fatal(s, e);
            }
            s->in_pos += avail;
            rc = held_done(s, tg, JB_SCAN_FAIL, final, e);
            if (rc >= 0) return rc;
            continue;
        }
        rc = jb__scan_feed(&s->elem, w == W_END ? "" : s->in + s->in_pos, avail,
                           s->in_base + s->in_pos, w == W_END || (final_window(s)), &used);
        if (!skipping && !held_add(s, s->in + s->in_pos, used)) {
            failf(e, JB_E_NOMEM, s->held_base, "out of memory");
            return fatal(s, e);
        }
        s->in_pos += used;
        if (skipping) {
            if (rc == JB_SCAN_DONE) {
                s->hold = JB_H_NONE;
                s->offset = s->in_base + s->in_pos;
                return -1; /* dropped: go on */
            }
            if (rc == JB_SCAN_FAIL) {
                s->hold = JB_H_NONE;
                jb__stream_scan_error(s, &s->elem, e);
                return fatal(s, e);
            }
            continue;
        }
        if (rc == JB_SCAN_MORE) {
            if (s->held_len > s->max_element) { /* drop it, find its end */
                too_big(s, s->held_len, s->held_base, e);
                s->hold = JB_H_SKIP_SCAN;
                s->held_len = 0;
                return R_BAD;
            }
            continue;
        }
        /* complete (what follows it is the next element's), or malformed
         * (held has what the decision looked at, the byte after a bad
         * token too: the decoder then decides the same). Final only when
         * the window is used up: the rest of the token the decoder's
         * message shows may still be in it. */
        rc = held_done(s, tg, rc, w == W_END || (final_window(s) && s->in_pos == s->in_len), e);
        if (rc >= 0) return rc;
    }
}

static void zero_out(const jb_target *tg) {
    if (tg->kind == JB_TG_TYPED)
        memset(tg->out, 0, tg->type->size);
    else
        *tg->vout = NULL;
}

/* The next element would be one too many. */
static bool over_count(jb_stream *s, size_t at, jb_error *e) {
    if (!s->max_elements || s->index < s->max_elements) return false;
    failf(e, JB_E_LIMIT, at, "more than %zu elements (max_elements)", s->max_elements);
    fatal(s, e);
    return true;
}

/*
 * The element starting at in[in_pos]: decode it where it lies; when the
 * decoder failed, or succeeded on a value that may go on past the window,
 * ask the validator whether the element is complete within the window,
 * and gather it into held if it is not.
 */
static int element(jb_stream *s, const jb_target *tg, jb_error *e) {
    const char *p = s->in + s->in_pos;
    const size_t avail = s->in_len - s->in_pos, start = s->in_base + s->in_pos;
    const bool final = final_window(s);
    size_t end = 0, used = 0;
    jb_arena_mark am;
    jb_status st;
    int rc;
    if (over_count(s, start, e)) return R_FATAL;
    if (tg->kind == JB_TG_SKIP || tg->kind == JB_TG_PRINT) return jb__walk_element(s, tg, e);
    am = jb__arena_mark(tg->arena);
    st = decode_text(s, tg, p, avail, start, TRAIL_PREFIX, &end, e);
    /* trusted: the decoder saw the byte after the value, or its closing
     * byte ends it, or nothing follows anyway */
    if (!st &&
        (final || end < avail || p[end - 1] == '}' || p[end - 1] == ']' || p[end - 1] == '"')) {
        s->in_pos += end;
        s->elem_end = start + end;
        if (!too_big(s, end, start, e)) return R_GOT;
        zero_out(tg);
        jb__arena_rollback(tg->arena, am);
        return R_BAD;
    }
    if (!elem_begin(s, e)) return R_FATAL;
    rc = jb__scan_feed(&s->elem, p, avail, start, final, &used);
    if (!st && rc != JB_SCAN_MORE) { /* (the validator disagrees: unexpected) */
        zero_out(tg);
        jb__arena_rollback(tg->arena, am);
        if (rc == JB_SCAN_DONE) {
            s->in_pos += used;
            s->elem_end = start + used;
            return decode_text(s, tg, p, used, start, TRAIL_PREFIX, &end, e) ? R_BAD : R_GOT;
        }
        jb__stream_scan_error(s, &s->elem, e);
        return fatal(s, e);
    }
    if (rc == JB_SCAN_MORE) { /* the window cut it: gather it */
        if (!st) {            /* a number at the window's end: it may go on */
            zero_out(tg);
            jb__arena_rollback(tg->arena, am);
        }
        s->hold = JB_H_SCAN;
        s->tail = false;
        s->held_len = 0;
        s->held_base = start;
        if (!held_add(s, p, avail)) {
            failf(e, JB_E_NOMEM, start, "out of memory");
            return fatal(s, e);
        }
        s->in_pos += avail;
        if (avail > s->max_element) {
            too_big(s, avail, start, e);
            s->hold = JB_H_SKIP_SCAN;
            s->held_len = 0;
            return R_BAD;
        }
        return step_held(s, tg, e);
    }
    if (too_big(s, used, start, e)) {
        if (rc == JB_SCAN_DONE) {
            s->in_pos += used;
            s->elem_end = start + used;
            return R_BAD;
        }
        if (!jb__stream_bad(s, e, true)) return R_FATAL;
        jb__stream_scan_error(s, &s->elem, e);
        return fatal(s, e);
    }
    if (rc == JB_SCAN_DONE) { /* well-formed: the decoder's error, skippable */
        s->in_pos += used;
        s->elem_end = start + used;
        return R_BAD;
    }
    /* malformed: the decoder's error ends the stream, once it shows the
     * token a buffer would show */
    if (!final && token_open(p, start, avail, e->offset)) {
        bool cut = false;
        s->hold = JB_H_SCAN;
        s->tail = true;
        s->held_len = 0;
        s->held_base = start;
        if (!tail_add(s, p, avail, &cut)) {
            failf(e, JB_E_NOMEM, start, "out of memory");
            return fatal(s, e);
        }
        s->in_pos += avail;
        if (!cut) return step_held(s, tg, e);
        s->hold = JB_H_NONE;
        s->tail = false;
    }
    return fatal(s, e);
}

/* Whitespace (and comments) before a document; 0 when on its first byte.
 * A '/' that starts no comment begins the next document (its error). */
static bool walk_begin(jb_stream *s, const jb_target *tg, jb_error *e);

static int between(jb_stream *s, const jb_target *tg, jb_error *e) {
    for (;;) {
        int w = window(s, e), rc;
        size_t used;
        if (w == W_FAIL) return R_FATAL;
        if (w == W_NEED) return R_NEED;
        if (w == W_END) {
            size_t u;
            rc = jb__scan_ws(&s->doc, "", 0, s->in_base, true, &u);
            if (rc == JB_SCAN_FAIL) {
                jb__stream_scan_error(s, &s->doc, e);
                return fatal(s, e);
            }
            if (rc == JB_SCAN_SLASH) goto slash;
            return R_END;
        }
        rc = jb__scan_ws(&s->doc, s->in + s->in_pos, s->in_len - s->in_pos, s->in_base + s->in_pos,
                         final_window(s), &used);
        s->in_pos += used;
        if (rc == 0 && s->in_pos < s->in_len) return 0;
        if (rc == JB_SCAN_SLASH) goto slash;
        if (rc == JB_SCAN_FAIL) {
            jb__stream_scan_error(s, &s->doc, e);
            return fatal(s, e);
        }
    }
slash:
    /* the '/' ended an earlier window: it is the element's first byte */
    if (tg->kind == JB_TG_SKIP || tg->kind == JB_TG_PRINT) {
        if (!walk_begin(s, tg, e)) return R_FATAL;
    } else {
        if (!elem_begin(s, e)) return R_FATAL;
        s->hold = JB_H_SCAN;
        s->tail = false;
    }
    s->held_len = 0;
    s->held_base = s->doc.ws_off;
    {
        size_t u;
        int rc = jb__scan_feed(&s->elem, "/", 1, s->doc.ws_off, false, &u);
        (void)rc;
        if (s->hold == JB_H_SCAN && !held_add(s, "/", 1)) {
            failf(e, JB_E_NOMEM, s->held_base, "out of memory");
            return fatal(s, e);
        }
    }
    return 1; /* go on in held */
}

/* SINGLE: only whitespace may follow the document. A byte that may
 * begin a byte order mark is gathered in held (JB_H_LINE) until the
 * message can say which. */
static int trailing(jb_stream *s, const jb_target *tg, jb_error *e) {
    char fb[16];
    const char *name;
    if (s->hold != JB_H_LINE) {
        int rc = between(s, tg, e);
        if (rc == 1) {
            s->hold = JB_H_NONE;
            failf(e, JB_E_TRAILING, s->doc.ws_off, "expected end of input, found '/'");
            return fatal(s, e);
        }
        if (rc != 0) return rc;
        name = jb__found_at(s->in + s->in_pos, s->in_len - s->in_pos, final_window(s), fb);
        if (name) {
            failf(e, JB_E_TRAILING, s->in_base + s->in_pos, "expected end of input, found %s",
                  name);
            return fatal(s, e);
        }
        s->hold = JB_H_LINE;
        s->held_len = 0;
        s->held_base = s->in_base + s->in_pos;
    }
    for (;;) {
        int w = window(s, e);
        if (w == W_FAIL) return R_FATAL;
        if (w == W_NEED) return R_NEED;
        if (w == W_OK && s->held_len < JB_TOKEN_PEEK) {
            size_t k = s->in_len - s->in_pos;
            if (k > JB_TOKEN_PEEK - s->held_len) k = JB_TOKEN_PEEK - s->held_len;
            if (!held_add(s, s->in + s->in_pos, k)) {
                failf(e, JB_E_NOMEM, s->held_base, "out of memory");
                return fatal(s, e);
            }
            s->in_pos += k;
        }
        name = jb__found_at(s->held, s->held_len, w == W_END || s->held_len >= JB_TOKEN_PEEK, fb);
        if (name) break;
    }
    s->hold = JB_H_NONE;
    failf(e, JB_E_TRAILING, s->held_base, "expected end of input, found %s", name);
    return fatal(s, e);
}

static int step_concat(jb_stream *s, const jb_target *tg, jb_error *e) {
    int rc;
    for (;;) {
        if (s->hold == JB_H_SCAN || s->hold == JB_H_SKIP_SCAN) {
            rc = step_held(s, tg, e);
            if (rc >= 0) return rc;
            continue;
        }
        if (s->hold == JB_H_WALK) return jb__walk_element(s, tg, e);
        if (s->framing == JB_FRAMING_SINGLE && s->started) {
            rc = trailing(s, tg, e);
            return rc == 0 ? R_END : rc;
        }
        rc = between(s, tg, e);
        if (rc == 1) continue; /* an element begun in held */
        if (rc == R_END && s->framing == JB_FRAMING_SINGLE) {
            /* no document at all: the decoder says what it expected */
            size_t end;
            s->started = true;
            if (tg->kind == JB_TG_SKIP || tg->kind == JB_TG_PRINT) {
                failf(e, JB_E_SYNTAX, s->in_base + s->in_pos, "expected value, found end of input");
                return fatal(s, e);
            }
            decode_text(s, tg, "", 0, s->in_base + s->in_pos, TRAIL_PREFIX, &end, e);
            return fatal(s, e);
        }
        if (rc != 0) return rc;
        s->started = true;
        return element(s, tg, e);
    }
}

/* ------------------------------------------------------------------ */
/* ARRAY: the elements of the array at a JSON Pointer                  */
/* ------------------------------------------------------------------ */

/* Does the current step of the document match the pointer's token at
 * level l (a key of an object, or the index of an array element)? */
static bool index_matches(const jb_str *tok, size_t index) {
    char buf[24];
    int n = snprintf(buf, sizeof buf, "%zu", index);
    return n > 0 && (size_t)n == tok->len && memcmp(buf, tok->ptr, tok->len) == 0;
}

static void nav_fail(jb_stream *s, jb_status code, size_t at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void nav_fail(jb_stream *s, jb_status code, size_t at, const char *fmt, ...) {
    va_list ap;
    if (s->nav_code) return;
    s->nav_code = code;
    s->nav_off = at;
    va_start(ap, fmt);
    vsnprintf(s->nav_msg, sizeof s->nav_msg, fmt, ap);
    va_end(ap);
}

/* The value hook of the document scan: find the target, pause at each
 * of its elements. */
static bool on_value(void *ctx, jb_scan *sc, unsigned char first, size_t off) {
    jb_stream *s = ctx;
    const size_t d = sc->depth;
    char fb[16];
    if (s->target_seen) {
        /* an element of the target (its level is the innermost) */
        return !s->target_closed && d == s->ntokens + 1;
    }
    if (d > 0 && !sc->lv[d - 1].obj && s->match >= d - 1) { /* an array step */
        s->match = d - 1;
        if (d - 1 < s->ntokens && index_matches(&s->tokens[d - 1], sc->lv[d - 1].n - 1))
            s->match = d;
    }
    if (s->match < d || d > s->ntokens) return false;
    if (d == s->ntokens) { /* the target */
        if (first != '[') {
            if (!jb__starts_value(first)) return false; /* the scan says what it is */
            nav_fail(s, JB_E_TYPE, off, "expected array at JSON Pointer \"%s\", found %s", s->ptr,
                     jb__found_name(first, fb));
            return true;
        }
        s->target_seen = true;
        return false;
    }
    if (first != '{' && first != '[') {
        if (!jb__starts_value(first)) return false;
        nav_fail(s, JB_E_TYPE, off, "JSON Pointer \"%s\" goes through %s, not an object or array",
                 s->ptr, jb__found_name(first, fb));
        return true;
    }
    return false;
}

static jb_status on_event(void *ctx, jb_scan *sc, int ev, const jb_str *text, int special) {
    jb_stream *s = ctx;
    const size_t d = sc->depth; /* KEY: the object's depth; END_*: the depth after the close */
    (void)special;
    switch (ev) {
    case JB_EV_KEY:
        if (!s->target_seen && s->match >= d - 1) {
            s->match = d - 1;
            if (d - 1 < s->ntokens && text->len == s->tokens[d - 1].len &&
                memcmp(text->ptr, s->tokens[d - 1].ptr, text->len) == 0)
                s->match = d;
        }
        break;
    case JB_EV_ARRAY:
        if (s->target_seen && !s->target_closed && d == s->ntokens + 1)
            sc->lv[d - 1].unlimited = true; /* max_elements is the limit here */
        break;
    case JB_EV_END_ARRAY:
    case JB_EV_END_OBJECT:
        if (s->target_seen && !s->target_closed && d == s->ntokens) {
            s->target_closed = true;
            if (s->flags & JB_STREAM_SKIP_REST) return JB_END;
        } else if (!s->target_seen && s->match >= d && d < s->ntokens) {
            /* the container the pointer leads into closed without its step */
            nav_fail(s, JB_E_MISSING, sc->ev_off, "no value at JSON Pointer \"%s\"", s->ptr);
            return JB_E_MISSING;
        }
        if (s->match > d) s->match = d;
        break;
    default: break;
    }
    return JB_OK;
}

static bool doc_begin(jb_stream *s, jb_error *e) {
    if (!s->doc_ready) {
        if (jb__scan_init(&s->doc, &s->ro, s->alloc.fn ? &s->alloc : NULL)) {
            failf(e, JB_E_NOMEM, 0, "out of memory");
            fatal(s, e);
            return false;
        }
        s->doc_ready = true;
        jb__scan_reset(&s->doc, 0);
    }
    return true;
}

/*
 * The element the document scan paused at was read or reported: the scan
 * goes on after it. Not yet for one reported too big while its end is
 * still to be found (JB_H_SKIP_SCAN): the document is still inside it, and
 * an error in its rest is named by the path to it ($[i]...), as when the
 * whole element lay in one window.
 */
static void element_over(jb_stream *s) {
    if (s->hold != JB_H_SKIP_SCAN) jb__scan_value_done(&s->doc);
}

static int step_array(jb_stream *s, const jb_target *tg, jb_error *e) {
    for (;;) {
        int w, rc;
        size_t used = 0, avail;
        if (s->hold == JB_H_SCAN || s->hold == JB_H_SKIP_SCAN) {
            rc = step_held(s, tg, e);
            if (rc == R_NEED || rc == R_FATAL) return rc;
            element_over(s);
            if (rc >= 0) return rc;
            continue;
        }
        if (s->hold == JB_H_WALK) {
            rc = jb__walk_element(s, tg, e);
            if (rc == R_GOT || rc == R_BAD) jb__scan_value_done(&s->doc);
            return rc;
        }
        if (s->phase == PH_TRAIL) {
            rc = trailing(s, tg, e);
            return rc == 0 ? R_END : rc;
        }
        if (s->phase == PH_END) return R_END;
        w = window(s, e);
        if (w == W_FAIL) return R_FATAL;
        if (w == W_NEED) return R_NEED;
        avail = w == W_END ? 0 : s->in_len - s->in_pos;
        s->doc.on_value = on_value;
        s->doc.on_event = on_event;
        s->doc.ctx = s;
        rc = jb__scan_feed(&s->doc, w == W_END ? "" : s->in + s->in_pos, avail,
                           s->in_base + s->in_pos, w == W_END || final_window(s), &used);
        s->in_pos += used;
        if (s->nav_code) {
            jb_path path = {0};
            jb__scan_path(&s->doc, &path);
            fill(e, s->nav_code, s->nav_off, &path, s->nav_msg);
            return fatal(s, e);
        }
        switch (rc) {
        case JB_SCAN_MORE: continue;
        case JB_SCAN_STOP: /* an element */
            rc = element(s, tg, e);
            if (rc == R_GOT || rc == R_BAD) element_over(s);
            return rc;
        case JB_SCAN_DONE:
            s->phase = (s->flags & JB_STREAM_SKIP_REST) && s->target_closed ? PH_END : PH_TRAIL;
            if (!s->target_seen) {
                failf(e, JB_E_MISSING, s->in_base + s->in_pos, "no value at JSON Pointer \"%s\"",
                      s->ptr);
                return fatal(s, e);
            }
            continue;
        default: jb__stream_scan_error(s, &s->doc, e); return fatal(s, e);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Skip and print: elements streamed through the validator             */
/* ------------------------------------------------------------------ */

JB_HIDDEN void jb__walk_start(jb_walk *wk, jb_scan *sc);
JB_HIDDEN void jb__walk_flush(jb_walk *wk);
JB_HIDDEN jb_status jb__walk_end(jb_walk *wk, jb_scan *sc);
JB_HIDDEN bool jb__walk_failed(const jb_walk *wk);

/* The element at in[in_pos] (or the one in progress), through s->elem:
 * nothing is gathered but the token a window cuts. */
/* Start streaming an element through s->elem (and the printer). */
static bool walk_begin(jb_stream *s, const jb_target *tg, jb_error *e) {
    if (!elem_begin(s, e)) return false;
    s->hold = JB_H_WALK;
    s->held_base = s->in_base + s->in_pos;
    s->elem.on_event = NULL;
    if (tg->kind == JB_TG_PRINT) jb__walk_start(tg->walk, &s->elem);
    return true;
}

int jb__walk_element(jb_stream *s, const jb_target *tg, jb_error *e) {
    if (s->hold != JB_H_WALK) {
        if (!walk_begin(s, tg, e)) return R_FATAL;
    } else if (tg->kind == JB_TG_PRINT) {
        s->elem.ctx = tg->walk; /* (the same printer, maybe moved sink) */
    }
    for (;;) {
        int w = window(s, e), rc;
        size_t used = 0, avail;
        if (w == W_NEED || w == W_FAIL) { /* what is printed so far goes out */
            if (tg->kind == JB_TG_PRINT) jb__walk_flush(tg->walk);
            if (w == W_FAIL) s->hold = JB_H_NONE;
            return w == W_FAIL ? R_FATAL : R_NEED;
        }
        avail = w == W_END ? 0 : s->in_len - s->in_pos;
        rc = jb__scan_feed(&s->elem, w == W_END ? "" : s->in + s->in_pos, avail,
                           s->in_base + s->in_pos, w == W_END || final_window(s), &used);
        s->in_pos += used;
        if (rc == JB_SCAN_MORE) continue;
        s->hold = JB_H_NONE;
        if (rc == JB_SCAN_DONE && tg->kind == JB_TG_PRINT && jb__walk_end(tg->walk, &s->elem))
            rc = JB_SCAN_FAIL;
        s->elem_end = s->in_base + s->in_pos;
        if (rc == JB_SCAN_DONE) return R_GOT;
        s->elem.on_event = NULL;
        /* what was printed goes out (a failed sink takes nothing more) */
        if (tg->kind == JB_TG_PRINT) jb__walk_flush(tg->walk);
        jb__stream_scan_error(s, &s->elem, e);
        return fatal(s, e); /* malformed: where the next element starts is unknown */
    }
}

/* A whole LINES or SEQ record, checked (and printed) in one piece. */
int jb__walk_record(jb_stream *s, const jb_target *tg, const char *text, size_t len, size_t base,
                    int trail, jb_error *e) {
    size_t used = 0;
    int rc;
    char fb[16];
    if (!elem_begin(s, e)) return R_FATAL;
    s->elem.on_event = NULL;
    if (tg->kind == JB_TG_PRINT) jb__walk_start(tg->walk, &s->elem);
    rc = jb__scan_feed(&s->elem, text, len, base, true, &used);
    if (rc == JB_SCAN_DONE) {
        /* what decode_text's check_trail says of the rest */
        const char *p = text + used, *v = text;
        while (p < text + len && jb__is_ws((unsigned char)*p)) p++;
        while (v < text + used && jb__is_ws((unsigned char)*v)) v++;
        if (p < text + len) {
            failf(e, JB_E_TRAILING, base + (size_t)(p - text),
                  trail == TRAIL_LINE
                      ? "expected a newline after the JSON text (one text per line), found %s"
                      : "expected RS (0x1E) before the next JSON text, found %s",
                  jb__found_at(p, (size_t)(text + len - p), true, fb));
            s->elem.on_event = NULL;
            if (tg->kind == JB_TG_PRINT && jb__walk_end(tg->walk, &s->elem)) return fatal(s, e);
            return R_BAD;
        }
        if (trail == TRAIL_SEQ && used == len && *v != '{' && *v != '[' && *v != '"') {
            failf(e, JB_E_SYNTAX, base + (size_t)(v - text),
                  "a number or literal at the top of a JSON text sequence record must be "
                  "followed by whitespace (RFC 7464: it may have been cut off)");
            s->elem.on_event = NULL;
            if (tg->kind == JB_TG_PRINT && jb__walk_end(tg->walk, &s->elem)) return fatal(s, e);
            return R_BAD;
        }
        if (tg->kind == JB_TG_PRINT && jb__walk_end(tg->walk, &s->elem)) rc = JB_SCAN_FAIL;
    }
    s->elem.on_event = NULL;
    if (rc == JB_SCAN_DONE) return R_GOT;
    jb__stream_scan_error(s, &s->elem, e);
    if (tg->kind == JB_TG_PRINT) jb__walk_flush(tg->walk); /* the valid part */
    if (jb__walk_failed(tg->walk)) return fatal(s, e);
    return R_BAD;
}

/* ------------------------------------------------------------------ */
/* Next                                                                */
/* ------------------------------------------------------------------ */

static int step(jb_stream *s, const jb_target *tg, jb_error *e) {
    switch (s->framing) {
    case JB_FRAMING_LINES:
    case JB_FRAMING_SEQ: return step_lines(s, tg, e);
    case JB_FRAMING_ARRAY: return step_array(s, tg, e);
    default: return step_concat(s, tg, e);
    }
}

/* Holding part of an element for one kind of call, the stream refuses
 * another until it is done. */
static bool busy_with_other(const jb_stream *s, int kind) {
    bool walking = kind == JB_TG_SKIP || kind == JB_TG_PRINT;
    if (s->hold == JB_H_WALK) return s->pending != kind;
    if (s->hold == JB_H_SCAN || s->hold == JB_H_SKIP_SCAN) return walking;
    return false; /* a record being gathered (LINES, SEQ) suits every kind */
}

JB_HIDDEN jb_status jb__stream_next(jb_stream *s, const jb_target *tg, jb_error *err);
jb_status jb__stream_next(jb_stream *s, const jb_target *tg, jb_error *err) {
    /* cppcheck-suppress uninitvar ; only the address is taken: e is filled before it is read */
    jb_error local, *e = err ? err : &local;
    if (s->fatal) {
        *e = s->fatal_err;
        return s->fatal;
    }
    if (busy_with_other(s, tg->kind)) {
        jb__error_fill(e, JB_E_ARG, NULL, 0, NULL,
                       "another kind of jb_stream_next call has an element in progress");
        return JB_E_ARG;
    }
    if ((s->flags & JB_STREAM_RESET_ARENA) && tg->arena && s->hold == JB_H_NONE)
        jb_arena_reset(tg->arena);
    s->pending = tg->kind;
    for (;;) {
        int rc;
        rc = step(s, tg, e);
        switch (rc) {
        case R_GOT:
            s->index++;
            s->pending = -1;
            s->offset = s->elem_end;
            return JB_OK;
        case R_BAD: {
            size_t end = s->elem_end;
            s->pending = -1;
            if (jb__stream_bad(s, e, true)) {
                if (end > s->offset) s->offset = end;
                continue;
            }
            return s->fatal;
        }
        case R_NEED: return JB_NEED_INPUT;
        case R_END: s->pending = -1; return JB_END;
        default: return s->fatal ? s->fatal : JB_E_SYNTAX;
        }
    }
}

jb_status jb_stream_next(jb_stream *s, const jb_type *type, void *out, jb_arena *arena,
                         jb_error *err) {
    jb_target tg = {JB_TG_TYPED, type, out, NULL, arena, NULL};
    jb_status st;
    if (!s || !type || !out || !arena) {
        if (type && out) memset(out, 0, type->size);
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL,
                       "jb_stream_next: NULL stream, type, out or arena");
        return JB_E_ARG;
    }
    memset(out, 0, type->size);
    st = jb__stream_next(s, &tg, err);
    if (st != JB_OK) memset(out, 0, type->size);
    return st;
}

jb_status jb_stream_next_value(jb_stream *s, jb_value **out, jb_arena *arena, jb_error *err) {
    jb_target tg = {JB_TG_VALUE, NULL, NULL, out, arena, NULL};
    jb_status st;
    if (out) *out = NULL;
    if (!s || !out || !arena) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL,
                       "jb_stream_next_value: NULL stream, out or arena");
        return JB_E_ARG;
    }
    st = jb__stream_next(s, &tg, err);
    if (st != JB_OK) *out = NULL;
    return st;
}

/* ------------------------------------------------------------------ */
/* Creating, feeding, freeing                                          */
/* ------------------------------------------------------------------ */

/* The pointer's tokens, unescaped (~1 is '/', ~0 is '~'). */
static bool parse_pointer(jb_stream *s, const char *ptr, jb_error *e) {
    size_t len = strlen(ptr), n = 0;
    char *o;
    if (len && ptr[0] != '/') {
        failf(e, JB_E_ARG, 0, "JSON Pointer \"%.64s\" does not start with '/'", ptr);
        return false;
    }
    for (size_t i = 0; i < len; i++) n += ptr[i] == '/';
    s->ptr_len = len;
    s->ptr = smem(s, NULL, 0, len + 1);
    s->ptr_bytes = smem(s, NULL, 0, len + 1);
    s->tokens = smem(s, NULL, 0, (n ? n : 1) * sizeof *s->tokens);
    if (!s->ptr || !s->ptr_bytes || !s->tokens) {
        failf(e, JB_E_NOMEM, 0, "out of memory");
        return false;
    }
    memcpy(s->ptr, ptr, len + 1);
    o = s->ptr_bytes;
    for (size_t i = 0; i < len;) {
        jb_str *t = &s->tokens[s->ntokens++];
        i++; /* the '/' */
        t->ptr = o;
        while (i < len && ptr[i] != '/') {
            if (ptr[i] == '~') {
                if (i + 1 >= len || (ptr[i + 1] != '0' && ptr[i + 1] != '1')) {
                    failf(e, JB_E_ARG, 0, "JSON Pointer \"%.64s\": '~' must be followed by 0 or 1",
                          ptr);
                    return false;
                }
                *o++ = ptr[i + 1] == '0' ? '~' : '/';
                i += 2;
            } else {
                *o++ = ptr[i++];
            }
        }
        t->len = (size_t)(o - t->ptr);
    }
    return true;
}

static jb_stream *create(const jb_stream_options *opts, int src, jb_error *err) {
    jb_stream_options o;
    jb_allocator alloc = {NULL, NULL};
    jb_stream *s;
    /* cppcheck-suppress uninitvar ; only the address is taken: e is filled before it is read */
    jb_error local, *e = err ? err : &local;
    if (opts)
        o = *opts;
    else
        memset(&o, 0, sizeof o);
    if ((unsigned)o.framing > JB_FRAMING_ARRAY) {
        failf(e, JB_E_ARG, 0, "unknown framing %d", (int)o.framing);
        return NULL;
    }
    if (o.read && (o.read->flags & JB_READ_DUPLICATE_LAST_WINS) &&
        (o.read->flags & JB_READ_DUPLICATE_FIRST_WINS)) {
        failf(e, JB_E_ARG, 0, "JB_READ_DUPLICATE_LAST_WINS and _FIRST_WINS exclude each other");
        return NULL;
    }
    if (o.alloc) alloc = *o.alloc;
    s = alloc.fn ? alloc.fn(alloc.ctx, NULL, 0, sizeof *s) : malloc(sizeof *s);
    if (!s) {
        failf(e, JB_E_NOMEM, 0, "out of memory");
        return NULL;
    }
    memset(s, 0, sizeof *s);
    s->alloc = alloc;
    s->framing = o.framing;
    s->flags = o.flags;
    if (o.read) s->ro = *o.read;
    s->ro.max_doc_size = JB_NO_LIMIT;
    /* the stream frames documents itself */
    s->ro.flags &= ~(uint32_t)JB_READ_ALLOW_TRAILING_DATA;
    s->max_element = o.max_element_bytes ? o.max_element_bytes : JB_DEFAULT_MAX_ELEMENT;
    if (s->max_element == JB_NO_LIMIT) s->max_element = SIZE_MAX - 1;
    s->max_elements = o.max_elements == JB_NO_LIMIT ? 0 : o.max_elements;
    s->max_total = o.max_total_bytes == JB_NO_LIMIT ? 0 : o.max_total_bytes;
    s->errors = o.errors;
    s->src = (uint8_t)src;
    s->in = "";
    s->lc.line = 1;
    s->pending = -1;
    s->bom_done = !(o.flags & JB_STREAM_ALLOW_BOM);
    if (s->framing == JB_FRAMING_ARRAY && !parse_pointer(s, o.pointer ? o.pointer : "", e)) {
        jb_stream_free(s);
        return NULL;
    }
    s->elem_depth = s->framing == JB_FRAMING_ARRAY ? (uint32_t)s->ntokens + 1 : 0;
    if (!doc_begin(s, e)) {
        jb_stream_free(s);
        return NULL;
    }
    return s;
}

jb_stream *jb_stream_new(const jb_stream_options *opts, jb_error *err) {
    return create(opts, JB_SRC_PUSH, err);
}

jb_stream *jb_stream_new_buffer(const char *data, size_t len, const jb_stream_options *opts,
                                jb_error *err) {
    jb_stream *s;
    if (!data && len) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "data is NULL");
        return NULL;
    }
    if (!(s = create(opts, JB_SRC_BUFFER, err))) return NULL;
    s->in = data ? data : "";
    s->in_len = len;
    s->ended = true;
    cap_window(s);
    if (!s->bom_done) check_bom(s);
    return s;
}

JB_HIDDEN jb_stream *jb__stream_new_pull(jb_source_fn fn, void *ctx, size_t bufsize,
                                         const jb_stream_options *opts, jb_error *err);
jb_stream *jb__stream_new_pull(jb_source_fn fn, void *ctx, size_t bufsize,
                               const jb_stream_options *opts, jb_error *err) {
    jb_stream *s;
    if (!fn) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "the read callback is NULL");
        return NULL;
    }
    if (!(s = create(opts, JB_SRC_PULL, err))) return NULL;
    s->fn = fn;
    s->fctx = ctx;
    s->rbuf_cap = bufsize;
    if (!(s->rbuf = smem(s, NULL, 0, bufsize))) {
        jb_stream_free(s);
        jb__error_fill(err, JB_E_NOMEM, NULL, 0, NULL, "out of memory");
        return NULL;
    }
    return s;
}

jb_status jb_stream_feed(jb_stream *s, const char *data, size_t len) {
    if (!s || s->src != JB_SRC_PUSH || s->ended || (!data && len)) return JB_E_ARG;
    if (s->in_pos < s->in_len || s->pre_active) return JB_E_ARG; /* the last chunk is not used up */
    leave(s);
    s->in = data ? data : "";
    s->in_len = len;
    s->in_pos = 0;
    cap_window(s);
    if (!s->bom_done) check_bom(s);
    return JB_OK;
}

jb_status jb_stream_finish(jb_stream *s) {
    if (!s || s->src != JB_SRC_PUSH) return JB_E_ARG;
    s->ended = true;
    return JB_OK;
}

void jb_stream_free(jb_stream *s) {
    jb_allocator a;
    if (!s) return;
    a = s->alloc;
    if (s->doc_ready) jb__scan_free(&s->doc);
    if (s->elem_ready) jb__scan_free(&s->elem);
    jb__walk_free(s);
    smem(s, s->held, s->held_cap, 0);
    smem(s, s->rbuf, s->rbuf_cap, 0);
    if (s->ptr) {
        size_t n = 0;
        for (size_t i = 0; i < s->ptr_len; i++) n += s->ptr[i] == '/';
        smem(s, s->tokens, (n ? n : 1) * sizeof *s->tokens, 0);
        smem(s, s->ptr_bytes, s->ptr_len + 1, 0);
        smem(s, s->ptr, s->ptr_len + 1, 0);
    }
    if (a.fn)
        a.fn(a.ctx, s, sizeof *s, 0);
    else
        free(s);
}

size_t jb_stream_index(const jb_stream *s) { return s ? s->index : 0; }
size_t jb_stream_skipped(const jb_stream *s) { return s ? s->skipped : 0; }
size_t jb_stream_offset(const jb_stream *s) { return s ? s->offset : 0; }
