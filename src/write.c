/* SPDX-License-Identifier: MIT */
/*
 * write.c — the output side: sinks, reserve/grow, string escaping,
 * indentation. The jb_write_* API and the encoder engine are in encode.c.
 *
 * Sinks. Every sink exposes one writable region [w->p, w->end); callers
 * reserve the worst case for a token (jb__w_reserve) and then write
 * unchecked. When the region is too small jb__w_grow makes room:
 *   BUF     the region is the jb_buf's own memory from len to cap; it grows
 *           geometrically (at least 2x) with buf->alloc. Finish stores len.
 *   FIXED   the region is the caller's buffer. When a reservation does not
 *           fit what is left, the writer switches to staging in w->chunk;
 *           each flush of the chunk copies into the caller's buffer what
 *           still fits and counts the rest, so jb__w_total is the needed
 *           size and finish reports JB_E_BUFFER exactly when it exceeds cap.
 *           (A worst-case reservation that does not fit does not by itself
 *           mean the output will not: the staged bytes still land in dst.)
 *   STREAM  the region is w->chunk; a full chunk is handed to fn. The first
 *           failure (fn returned non-zero) is sticky: later output is
 *           dropped and every grow and the finish report JB_E_IO.
 *
 * Strings (jb__w_string) are escaped in blocks of up to STR_BLOCK input
 * bytes: one reservation of the block's worst case (6 output bytes per
 * input byte: a control byte becomes \u00xx), then unchecked writes; a
 * block shrinks to the room the sink already has when that is at least
 * STR_MIN_BLOCK bytes' worth, so a stream chunk is filled before it is
 * flushed and a fixed buffer is filled before staging starts. Inside a
 * block, the string kernel in use (kernel.h) copies the clean run — no
 * byte that needs an escape, and well-formed UTF-8, checked in the same
 * pass — and stops on the first byte that needs work, which escape_one
 * handles on its own.
 */
#include <stdio.h>
#include <stdlib.h>

#include "kernel.h"
#include "num.h"
#include "plan.h"
#include "utf8.h"
#include "write.h"

/* Input bytes escaped per reservation. Worst case output for a block is
 * 6 * STR_BLOCK + STR_SLACK, which must fit in JB_W_CHUNK. */
#define STR_BLOCK 1024
/* Two quotes, plus a character of up to 3 more input bytes that starts in
 * the block and ends past it (12 output bytes with ESCAPE_UNICODE). */
#define STR_SLACK 32
/* A block smaller than STR_BLOCK is used to fill the room a sink already
 * has (a stream chunk's tail, a fixed buffer's end) rather than growing or
 * flushing early; below this size growing is better. */
#define STR_MIN_BLOCK 64
_Static_assert(6 * STR_BLOCK + STR_SLACK <= JB_W_CHUNK, "a string block must fit a chunk");

/* Spaces written per reservation by jb__w_newline. */
#define INDENT_BLOCK 1024

static const char hex_digits[16] = "0123456789abcdef";

/*
 * What each byte needs inside a JSON string, by byte value:
 *   0         nothing: copy it
 *   b f n r t "  \\   the two-byte escape \X with this letter
 *   u         \u00xx (the other control bytes)
 *   /         '/': escaped as \/ only with JB_WRITE_ESCAPE_SLASH
 *   H (0x80)  the lead or continuation byte of a UTF-8 sequence
 * Written by hand from RFC 8259 section 7 (row r = bytes 16r..16r+15);
 * tests/test_write.c checks every entry's effect.
 */
#define H 0x80
/* jb__escape_into's byte loop takes strings up to this long. */
#define ESC_SHORT 16
/* clang-format off */
static const unsigned char esc_table[256] = {
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'b', 't', 'n', 'u', 'f', 'r', 'u', 'u', /* 0x00 */
    'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', 'u', /* 0x10 */
    0,   0,   '"', 0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   '/', /* 0x20 */
    0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   /* 0x30 */
    0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   /* 0x40 */
    0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   '\\', 0,  0,   0,   /* 0x50 */
    0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   /* 0x60 */
    0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   0,   /* 0x70 */
    H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   /* 0x80 */
    H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   /* 0x90 */
    H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   /* 0xA0 */
    H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   /* 0xB0 */
    H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   /* 0xC0 */
    H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   /* 0xD0 */
    H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   /* 0xE0 */
    H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   H,   /* 0xF0 */
};
/* clang-format on */
#undef H

/* ------------------------------------------------------------------ */
/* Allocation for jb_buf                                               */
/* ------------------------------------------------------------------ */

static void *buf_realloc(const jb_allocator *al, void *p, size_t old, size_t n) {
    if (al && al->fn) return al->fn(al->ctx, p, old, n);
    if (n == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, n);
}

/* Make buf->cap >= need: at least double, at least 64 bytes. */
static jb_status buf_grow_to(jb_buf *b, size_t need) {
    size_t cap;
    char *d;
    if (need <= b->cap) return JB_OK;
    if (!jb__mul_ok(b->cap, 2, &cap) || cap < need) cap = need;
    if (cap < 64) cap = 64;
    d = buf_realloc(b->alloc, b->data, b->data ? b->cap : 0, cap);
    if (!d) return JB_E_NOMEM;
    b->data = d;
    b->cap = cap;
    return JB_OK;
}

void jb_buf_free(jb_buf *buf) {
    if (!buf) return;
    if (buf->data) buf_realloc(buf->alloc, buf->data, buf->cap, 0);
    buf->data = NULL;
    buf->len = buf->cap = 0;
}

jb_status jb_buf_reserve(jb_buf *buf, size_t n) {
    size_t need;
    if (!buf) return JB_E_ARG;
    if (!jb__add_ok(buf->len, n, &need)) return JB_E_NOMEM;
    return buf_grow_to(buf, need);
}

/* ------------------------------------------------------------------ */
/* Writer setup                                                        */
/* ------------------------------------------------------------------ */

static void w_init(jb_writer *w, int sink, const jb_write_options *opts) {
    /* Field by field: the 8 KiB chunk is left as it is. */
    w->sink = sink;
    w->status = JB_OK;
    w->buf = NULL;
    w->buf_start = 0;
    w->fixed = NULL;
    w->fixed_cap = 0;
    w->overflowed = false;
    w->fn = NULL;
    w->ctx = NULL;
    w->flushed = 0;
    w->flags = opts ? opts->flags : 0;
    w->scope = jb__scope_write_root(w->flags, opts && opts->float_style <= JB_FLOAT_LAST ? opts->float_style : 0);
    w->indent = opts && opts->indent ? opts->indent : 2;
    w->max_depth = opts && opts->max_depth ? opts->max_depth : 512;
    w->depth = 0;
    /* No stack check and no custom encoder running until encode.c's run()
     * says otherwise: a writer made for the DOM printer or a test is read
     * by the same leaf code. */
    w->stack_floor = 0;
    w->custom_depth = UINT32_MAX;
    memset(w->nonempty, 0, sizeof w->nonempty);
    w->value_slot = false;
    w->path.n = 0;
    w->path.overflow = false;
    w->message[0] = '\0';
    w->code = JB_OK;
    w->p = w->end = w->chunk;
}

void jb__w_init_buf(jb_writer *w, jb_buf *buf, const jb_write_options *opts) {
    w_init(w, JB_SINK_BUF, opts);
    w->buf = buf;
    w->buf_start = buf->len;
    /* With no memory yet the region stays empty (p = end = chunk) and the
     * first reservation grows the buffer. */
    if (buf->data) {
        w->p = buf->data + buf->len;
        w->end = buf->data + buf->cap;
    }
}

void jb__w_init_fixed(jb_writer *w, char *dst, size_t cap, const jb_write_options *opts) {
    w_init(w, JB_SINK_FIXED, opts);
    w->fixed = dst;
    w->fixed_cap = cap;
    if (dst && cap) {
        w->p = dst;
        w->end = dst + cap;
    } else {
        /* Nothing fits: count from the start. */
        w->fixed_cap = 0;
        w->overflowed = true;
        w->end = w->chunk + JB_W_CHUNK;
    }
}

void jb__w_init_stream(jb_writer *w, jb_write_fn fn, void *ctx, const jb_write_options *opts) {
    w_init(w, JB_SINK_STREAM, opts);
    w->fn = fn;
    w->ctx = ctx;
    w->end = w->chunk + JB_W_CHUNK;
}

int jb__w_file_fn(void *ctx, const char *data, size_t len) {
    FILE *f = ctx;
    if (len && fwrite(data, 1, len, f) != len) return 1;
    return ferror(f) ? 1 : 0;
}

/* ------------------------------------------------------------------ */
/* Growing and flushing                                                */
/* ------------------------------------------------------------------ */

/* Deliver len bytes to the final destination of a FIXED (overflowed) or
 * STREAM sink. */
static void sink_out(jb_writer *w, const char *data, size_t len) {
    if (w->sink == JB_SINK_FIXED) {
        if (w->flushed < w->fixed_cap) {
            size_t k = w->fixed_cap - w->flushed;
            memcpy(w->fixed + w->flushed, data, k < len ? k : len);
        }
    } else if (w->status == JB_OK && len && w->fn(w->ctx, data, len) != 0) {
        w->status = JB_E_IO;
    }
    w->flushed += len;
}

/* Empty the staging chunk into the sink. */
static void flush_chunk(jb_writer *w) {
    sink_out(w, w->chunk, (size_t)(w->p - w->chunk));
    w->p = w->chunk;
    w->end = w->chunk + JB_W_CHUNK;
}

static jb_status buf_grow(jb_writer *w, size_t n) {
    jb_buf *b = w->buf;
    size_t len = b->data ? (size_t)(w->p - b->data) : b->len, need;
    if (!jb__add_ok(len, n, &need) || buf_grow_to(b, need) != JB_OK) {
        w->status = JB_E_NOMEM;
        return JB_E_NOMEM;
    }
    w->p = b->data + len;
    w->end = b->data + b->cap;
    return JB_OK;
}

jb_status jb__w_grow(jb_writer *w, size_t n) {
    if (w->status != JB_OK) return w->status;
    if (w->sink == JB_SINK_BUF) return buf_grow(w, n);
    if (n > JB_W_CHUNK) {
        /* Only a BUF sink has room for one token this large. */
        w->status = JB_E_LIMIT;
        return JB_E_LIMIT;
    }
    if (w->sink == JB_SINK_FIXED && !w->overflowed) {
        /* Keep what is in dst; stage from here on. */
        w->flushed = (size_t)(w->p - w->fixed);
        w->overflowed = true;
        w->p = w->chunk;
        w->end = w->chunk + JB_W_CHUNK;
        return JB_OK;
    }
    flush_chunk(w);
    return w->status;
}

jb_status jb__w_bytes(jb_writer *w, const char *s, size_t n) {
    size_t room = (size_t)(w->end - w->p);
    if (JB_LIKELY(n <= room)) {
        if (n) memcpy(w->p, s, n);
        w->p += n;
        return JB_OK;
    }
    if (w->status != JB_OK) return w->status;
    if (w->sink == JB_SINK_BUF) {
        if (buf_grow(w, n) != JB_OK) return w->status;
        memcpy(w->p, s, n);
        w->p += n;
        return JB_OK;
    }
    if (w->sink == JB_SINK_FIXED && !w->overflowed) {
        /* Fill dst, then only count the rest. */
        memcpy(w->p, s, room);
        w->flushed = w->fixed_cap + (n - room);
        w->overflowed = true;
        w->p = w->chunk;
        w->end = w->chunk + JB_W_CHUNK;
        return JB_OK;
    }
    /* Staging: flush what is staged, then pass a large run straight
     * through, or stage a small one. */
    flush_chunk(w);
    if (n >= JB_W_CHUNK) {
        sink_out(w, s, n);
    } else {
        memcpy(w->p, s, n);
        w->p += n;
    }
    return w->status;
}

jb_status jb__w_finish(jb_writer *w) {
    if (w->status != JB_OK) return w->status;
    switch (w->sink) {
    case JB_SINK_BUF:
        if (w->buf->data) w->buf->len = (size_t)(w->p - w->buf->data);
        return JB_OK;
    case JB_SINK_FIXED:
        if (w->overflowed) {
            flush_chunk(w);
            if (w->flushed > w->fixed_cap) return JB_E_BUFFER;
        }
        return JB_OK;
    default: flush_chunk(w); return w->status;
    }
}

size_t jb__w_total(const jb_writer *w) {
    switch (w->sink) {
    case JB_SINK_BUF: return w->buf->data ? (size_t)(w->p - w->buf->data) - w->buf_start : 0;
    case JB_SINK_FIXED:
        if (!w->overflowed) return (size_t)(w->p - w->fixed);
        return w->flushed + (size_t)(w->p - w->chunk);
    default: return w->flushed + (size_t)(w->p - w->chunk);
    }
}

/* ------------------------------------------------------------------ */
/* Indentation                                                         */
/* ------------------------------------------------------------------ */

jb_status jb__w_newline(jb_writer *w) {
    uint64_t left = (uint64_t)w->depth * w->indent; /* both are 32-bit: no overflow */
    size_t k = left < INDENT_BLOCK ? (size_t)left : INDENT_BLOCK;
    jb_status st = jb__w_reserve(w, k + 1);
    if (st != JB_OK) return st;
    *w->p++ = '\n';
    for (;;) {
        memset(w->p, ' ', k);
        w->p += k;
        left -= k;
        if (left == 0) return JB_OK;
        k = left < INDENT_BLOCK ? (size_t)left : INDENT_BLOCK;
        if ((st = jb__w_reserve(w, k)) != JB_OK) return st;
    }
}

/* ------------------------------------------------------------------ */
/* String escaping                                                     */
/* ------------------------------------------------------------------ */

/* \uXXXX, lowercase hex. */
static inline char *put_u(char *q, unsigned v) {
    q[0] = '\\';
    q[1] = 'u';
    q[2] = hex_digits[(v >> 12) & 15];
    q[3] = hex_digits[(v >> 8) & 15];
    q[4] = hex_digits[(v >> 4) & 15];
    q[5] = hex_digits[v & 15];
    return q + 6;
}

/* Output and input positions, returned together (in two registers) so
 * that neither has its address taken in the scanning loop. q is NULL on
 * invalid UTF-8; i is then the offending byte. */
typedef struct esc_pos {
    char *q;
    size_t i;
} esc_pos;

static inline esc_pos esc_at(char *q, size_t i) {
    esc_pos r = {q, i};
    return r;
}

/* Handle the byte at s[i], which needs work (the kernel stopped on it).
 * May consume up to 3 bytes past the block's end, never past n. Out of
 * line: the scanning loop stays small. */
/* The escape of the ASCII byte c (its esc_table entry e, not 0) at q;
 * the byte after it. */
static inline char *escape_ascii(char *q, unsigned char c, unsigned char e, uint32_t flags) {
    if (e == 'u' || ((flags & JB_WRITE_CONTROL_HEX) && (e == 'b' || e == 'f'))) {
        memcpy(q, "\\u00", 4);
        q[4] = hex_digits[c >> 4];
        q[5] = hex_digits[c & 15];
        return q + 6;
    }
    q[0] = '\\';
    q[1] = (char)e;
    return q + 2;
}

static JB_NOINLINE esc_pos escape_one(char *q, const unsigned char *s, size_t i, size_t n,
                                      uint32_t flags) {
    unsigned char c = s[i];
    unsigned char e = esc_table[c];
    if (c < 0x80) return esc_at(escape_ascii(q, c, e, flags), i + 1);
    uint32_t cp;
    size_t k = jb__utf8_decode(s + i, n - i, &cp);
    if (k == 0) {
        if (!(flags & JB_WRITE_ALLOW_INVALID_UTF8)) return esc_at(NULL, i);
        *q = (char)c; /* only with ESCAPE_UNICODE: otherwise the kernel copies it */
        return esc_at(q + 1, i + 1);
    }
    if (!(flags & JB_WRITE_ESCAPE_UNICODE)) {
        /* a character the block's end cut off: the kernel saw only part */
        memcpy(q, s + i, k);
        return esc_at(q + k, i + k);
    }
    if (cp < 0x10000) return esc_at(put_u(q, cp), i + k);
    cp -= 0x10000; /* a surrogate pair: 10 high bits, 10 low bits */
    q = put_u(q, 0xD800 + (cp >> 10));
    return esc_at(put_u(q, 0xDC00 + (cp & 0x3FF)), i + k);
}

/*
 * Escape s[i..stop) to q, unchecked: the caller guarantees room for 6
 * bytes per input byte plus STR_SLACK - 2 (or, when stop == n, 6 per byte).
 * A character that starts before stop is finished even past it (at most 3
 * bytes, never past n). Returns the new positions, with i >= stop, or q
 * NULL on invalid UTF-8.
 */
static esc_pos escape_span(char *q, const unsigned char *s, size_t i, size_t stop, size_t n,
                           uint32_t flags) {
    const jb_kernel *k = jb__kern();
    unsigned mode = 0;
    if (flags & JB_WRITE_ESCAPE_UNICODE)
        mode = JB_ESC_HI;
    else if (!(flags & JB_WRITE_ALLOW_INVALID_UTF8))
        mode = JB_ESC_UTF8;
    if (flags & JB_WRITE_ESCAPE_SLASH) mode |= JB_ESC_SLASH;
    while (i < stop) {
        /* Below 16 bytes every kernel is the portable one: call it
         * directly (one call less for the many short strings). */
        size_t c = stop - i < 16 ? jb__kcopy_portable(q, s + i, stop - i, mode)
                                 : k->copy(q, s + i, stop - i, mode);
        q += c;
        i += c;
        if (i >= stop) break;
        esc_pos r = escape_one(q, s, i, n, flags);
        if (JB_UNLIKELY(!r.q)) return r;
        q = r.q;
        i = r.i;
    }
    return esc_at(q, i);
}

jb_status jb__w_string(jb_writer *w, const char *str, size_t n) {
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    if (n <= JB_W_PLAIN_MAX && (size_t)(w->end - w->p) >= n + 2) {
        /* short and clean (most keys and many values): no block set-up */
        char *q = jb__w_plain_at(w->p, str, n, (w->flags & JB_WRITE_ESCAPE_SLASH) != 0);
        if (JB_LIKELY(q != NULL)) {
            w->p = q;
            return JB_OK;
        }
    }
    for (;;) {
        /* The block: up to STR_BLOCK bytes, or fewer (but at least
         * STR_MIN_BLOCK) if that lets the room already there do. Each block
         * advances i, so i == 0 only in the first, which opens the quote. */
        size_t take = n - i < STR_BLOCK ? n - i : STR_BLOCK;
        size_t room = (size_t)(w->end - w->p);
        char *q;
        if (JB_UNLIKELY(room < 6 * take + STR_SLACK)) {
            size_t fit = room > STR_SLACK ? (room - STR_SLACK) / 6 : 0;
            if (fit >= STR_MIN_BLOCK) {
                take = fit;
            } else {
                jb_status st = jb__w_grow(w, 6 * take + STR_SLACK);
                if (st != JB_OK) return st;
            }
        }
        q = w->p;
        if (i == 0) *q++ = '"';
        esc_pos r = escape_span(q, s, i, i + take, n, w->flags);
        if (JB_UNLIKELY(!r.q)) return JB_E_UTF8;
        w->p = r.q;
        i = r.i;
        if (i >= n) break;
    }
    *w->p++ = '"'; /* STR_SLACK keeps room for it */
    return JB_OK;
}

size_t jb__escape_into(char *dst, const char *s, size_t n, uint32_t flags) {
    const unsigned char *u = (const unsigned char *)s;
    char *q = dst;
    size_t i = 0;
    /* A short string (a value of "\n", a name with a quote) a byte at a
     * time: the span path's kernel set-up and calls cost more than its
     * bytes. ASCII as escape_one writes it; from the first byte >= 0x80
     * (UTF-8 to check, or to escape) the span path takes the rest. */
    if (n <= ESC_SHORT) {
        for (; i < n; i++) {
            unsigned char c = u[i], e = esc_table[c];
            if (JB_LIKELY(!e) || (e == '/' && !(flags & JB_WRITE_ESCAPE_SLASH))) {
                *q++ = (char)c;
            } else if (c < 0x80) {
                q = escape_ascii(q, c, e, flags);
            } else {
                break;
            }
        }
        if (i == n) return (size_t)(q - dst);
    }
    esc_pos r = escape_span(q, u, i, n, n, flags);
    return r.q ? (size_t)(r.q - dst) : (size_t)-1;
}
