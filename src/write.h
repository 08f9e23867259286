/* SPDX-License-Identifier: MIT */
/*
 * write.h — the output side: sinks (growable jb_buf, fixed buffer, FILE *,
 * callback), reserve-then-write, string escaping. The encoder (encode.c)
 * drives it; this file knows nothing of descriptors.
 */
#ifndef JB_WRITE_H
#define JB_WRITE_H

#include "base.h"
#include "error.h"
#include "kernel.h"

/* jb__w_plain_at's 16-byte steps (SSE2 is part of x86-64) */
#if !defined(JB_NO_SIMD) && defined(__SSE2__) && defined(__x86_64__)
#define JB_W_PLAIN_SSE2 1
#include <emmintrin.h>
#endif

enum { JB_SINK_BUF = 1, JB_SINK_FIXED, JB_SINK_STREAM };

/* Bytes of the staging chunk used by stream sinks (and by a fixed sink
 * once the caller's buffer is full, to count the needed size). A single
 * jb__w_reserve may ask for at most this many bytes. */
#define JB_W_CHUNK 8192
#define JB_W_RESERVE_MAX 256

struct jb_writer {
    char *p;            /* next byte to write */
    char *end;          /* end of the writable region */
    int sink;           /* JB_SINK_* */
    jb_status status;   /* sticky first failure of the sink */
    /* JB_SINK_BUF */
    jb_buf *buf;
    size_t buf_start;   /* buf->len when the encode started (restored on failure) */
    /* JB_SINK_FIXED */
    char *fixed;
    size_t fixed_cap;
    bool overflowed;    /* the fixed buffer is full: now counting in chunk */
    /* JB_SINK_STREAM */
    jb_write_fn fn;
    void *ctx;
    /* bytes already flushed out of chunk (stream) or counted past the fixed cap */
    size_t flushed;
    /* options */
    uint32_t flags;     /* JB_WRITE_* */
    uint32_t indent;    /* spaces per level when pretty */
    uint32_t max_depth;
    uint32_t depth;     /* current nesting, kept by the encoder */
    /* custom-codec API state: bit d set = a value was already written at depth d */
    uint64_t nonempty[8];
    bool value_slot;    /* custom-codec API: a key (or the engine) opened a slot for one value */
    /* what the enclosing types hand down (plan.h's scope word): the call's
     * float style and JB_WRITE_CONTROL_HEX at the root (w_init), set and
     * restored by encode.c as it enters and leaves a type. Its control-hex
     * bit is mirrored in flags, which the escaping tests read. */
    uint32_t scope;
    uintptr_t stack_floor; /* encode.c: deeper than this address is JB_E_DEPTH (0: no check) */
    uint32_t custom_depth; /* depth at which the running custom encoder writes its one value
                              (UINT32_MAX: none running); set by encode.c */
    jb_path path;       /* collected on failure */
    char message[JB_ERROR_MESSAGE_MAX];
    jb_status code;     /* encode failure code (first wins) */
    char chunk[JB_W_CHUNK];
};

/* Set up a writer. opts may be NULL. */
JB_HIDDEN void jb__w_init_buf(jb_writer *w, jb_buf *buf, const jb_write_options *opts);
JB_HIDDEN void jb__w_init_fixed(jb_writer *w, char *dst, size_t cap, const jb_write_options *opts);
/* fn/ctx: a callback sink. For FILE * pass jb__w_file_fn and the FILE. */
JB_HIDDEN void jb__w_init_stream(jb_writer *w, jb_write_fn fn, void *ctx,
                                 const jb_write_options *opts);
JB_HIDDEN int jb__w_file_fn(void *ctx, const char *data, size_t len);

/* Slow path of jb__w_reserve: make n (<= JB_W_RESERVE_MAX, or any n for a
 * BUF sink) bytes writable at w->p. JB_OK, or the sink's failure
 * (JB_E_NOMEM, JB_E_IO), also stored in w->status. */
JB_HIDDEN jb_status jb__w_grow(jb_writer *w, size_t n);

/* Make n bytes writable at w->p; then write them unchecked. */
static inline jb_status jb__w_reserve(jb_writer *w, size_t n) {
    if (JB_LIKELY((size_t)(w->end - w->p) >= n)) return JB_OK;
    return jb__w_grow(w, n);
}

/*
 * The short-string fast path: "s" written at q unchecked, for
 * n <= JB_W_PLAIN_MAX bytes that need no escape under any flags (printable
 * ASCII but '"' and '\\', and '/' when slash). Needs n + 2 bytes of room
 * at q; no store goes past q + n + 1, no load outside s[0..n). Returns the
 * byte past the closing quote, or NULL when s needs the general path
 * (jb__w_string): what was stored at q is then garbage in room the caller
 * owns, and is overwritten. It skips the block reservation and kernel
 * dispatch of the general path, which cost more than the copy for the many
 * short keys and values.
 *
 * Each piece is stored before it is checked (the clean case is the one
 * that counts). A text of 16 bytes or more goes 16 at a time on x86-64
 * (SSE2, which every x86-64 CPU has), the last 16 overlapping the ones
 * before; elsewhere, and below 16 bytes, 8 at a time in a word
 * (jb__swar_special, every byte >= 0x80 flagged too), the last word loaded
 * at s + n - 8 overlapping the previous one, instead of a byte loop.
 */
#define JB_W_PLAIN_MAX 64
#if defined(JB_W_PLAIN_SSE2)
/* Non-zero when one of the 16 bytes of v is '"', '\\', '/' (only when
 * slash), below 0x20 or >= 0x80: the signed compare with 0x20 takes both
 * the control bytes (0..0x1F) and the bytes >= 0x80 (negative as signed). */
static inline int jb__plain16_bad(__m128i v, bool slash) {
    __m128i x =
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\')));
    x = _mm_or_si128(x, _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
    if (slash) x = _mm_or_si128(x, _mm_cmpeq_epi8(v, _mm_set1_epi8('/')));
    return _mm_movemask_epi8(x);
}
#endif
JB_INLINE char *jb__w_plain_at(char *q, const char *s, size_t n, bool slash) {
    uint64_t x;
    q[0] = '"';
#if defined(JB_W_PLAIN_SSE2)
    if (n >= 16) {
        __m128i v;
        size_t i = 0;
        for (; i + 16 <= n; i += 16) {
            v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
            _mm_storeu_si128((__m128i *)(void *)(q + 1 + i), v);
            if (jb__plain16_bad(v, slash)) return NULL;
        }
        if (i < n) { /* the last 16 bytes, overlapping what was checked */
            v = _mm_loadu_si128((const __m128i *)(const void *)(s + n - 16));
            _mm_storeu_si128((__m128i *)(void *)(q + 1 + n - 16), v);
            if (jb__plain16_bad(v, slash)) return NULL;
        }
        q[n + 1] = '"';
        return q + n + 2;
    }
#endif
    if (n >= 8) {
        size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            x = jb__load64(s + i);
            if (jb__swar_special(x, JB_HI8, slash)) return NULL;
            memcpy(q + 1 + i, &x, 8);
        }
        if (i < n) { /* the last 8 bytes, overlapping what was checked */
            x = jb__load64(s + n - 8);
            if (jb__swar_special(x, JB_HI8, slash)) return NULL;
            memcpy(q + 1 + n - 8, &x, 8);
        }
    } else if (n >= 4) {
        /* the first and the last 4 bytes (overlapping below 8) in one word:
         * the check is per byte, so where each lands does not matter */
        uint32_t lo = jb__load32(s), hi = jb__load32(s + n - 4);
        x = (uint64_t)lo | (uint64_t)hi << 32;
        if (jb__swar_special(x, JB_HI8, slash)) return NULL;
        memcpy(q + 1, &lo, 4);
        memcpy(q + 1 + n - 4, &hi, 4);
    } else if (n) {
        /* bytes 0, n/2 and n-1 cover 1 to 3 bytes; the rest of the word is
         * 'a', which needs nothing */
        const unsigned char *u = (const unsigned char *)s;
        x = UINT64_C(0x6161616161000000) | u[0] | (uint64_t)u[n >> 1] << 8 | (uint64_t)u[n - 1] << 16;
        if (jb__swar_special(x, JB_HI8, slash)) return NULL;
        q[1] = (char)u[0];
        q[1 + (n >> 1)] = (char)u[n >> 1];
        q[n] = (char)u[n - 1];
    }
    q[n + 1] = '"';
    return q + n + 2;
}

/* Write n bytes of any length. */
JB_HIDDEN jb_status jb__w_bytes(jb_writer *w, const char *s, size_t n);

/*
 * Write s[0..n) as a JSON string with quotes: escape '"', '\\' and control
 * bytes (\b \f \n \r \t, others \u00XX), '/' as \/ with
 * JB_WRITE_ESCAPE_SLASH, non-ASCII as \uXXXX (surrogate pairs above
 * U+FFFF) with JB_WRITE_ESCAPE_UNICODE. Invalid UTF-8 fails with
 * JB_E_UTF8 (unless JB_WRITE_ALLOW_INVALID_UTF8) and writes nothing
 * meaningful (the encode is failing). Clean runs are copied with memcpy.
 */
JB_HIDDEN jb_status jb__w_string(jb_writer *w, const char *s, size_t n);

/* Escape s[0..n) (no quotes) into dst with default flags; dst needs 6*n
 * bytes. Returns the length, or (size_t)-1 for invalid UTF-8. Used by the
 * plan compiler to pre-escape keys. */
JB_HIDDEN size_t jb__escape_into(char *dst, const char *s, size_t n, uint32_t flags);

/* '\n' then depth*indent spaces (pretty mode). */
JB_HIDDEN jb_status jb__w_newline(jb_writer *w);

/* Flush everything still staged to the sink. For FIXED, JB_E_BUFFER if it
 * overflowed. Call once at the end of a successful encode. */
JB_HIDDEN jb_status jb__w_finish(jb_writer *w);
/* Total bytes produced so far (flushed + staged; for FIXED the needed size). */
JB_HIDDEN size_t jb__w_total(const jb_writer *w);

#endif
