/* SPDX-License-Identifier: MIT */
/*
 * stream.h — what the stream files share: the resumable validator
 * (stream_scan.c), the stream itself (stream.c: sources, framing, element
 * decoding, limits, error policy), bounded printing and skipping
 * (stream_walk.c), file readers (stream_io.c).
 *
 * The validator ("scan") reads JSON fed in windows of any size and keeps
 * its place at any byte: inside a string, an escape, a UTF-8 sequence, a
 * number, a literal, a comment, between a key and its colon. It never
 * re-reads a byte it has used except the bytes of one token that spans
 * windows, which it gathers into its own buffer and then checks once with
 * the scanner's own functions (read.c): so its errors are jb_value_parse's,
 * byte for byte, offset, message and path. Outside that buffer it holds
 * one small record per open container.
 */
#ifndef JB_STREAM_H
#define JB_STREAM_H

#include "arena.h"
#include "base.h"
#include "error.h"
#include "read.h"

/* What jb__scan_feed did. */
enum {
    JB_SCAN_MORE = 1, /* every byte used; the value is not complete */
    JB_SCAN_DONE,     /* the value is complete (its last byte used) */
    JB_SCAN_STOP,     /* the value hook paused the scan at a value's first byte */
    JB_SCAN_FAIL,     /* invalid JSON (or an event's failure): the error is in the scan */
    JB_SCAN_SLASH     /* jb__scan_ws: a '/' starting no comment, at stream offset ws_off */
};

/* Token events, for printing and for finding a JSON Pointer's target. */
enum {
    JB_EV_OBJECT = 1,
    JB_EV_ARRAY,
    JB_EV_END_OBJECT,
    JB_EV_END_ARRAY,
    JB_EV_KEY,    /* text: the key, unescaped */
    JB_EV_STRING, /* text: the string, unescaped */
    JB_EV_NUMBER, /* text: the token; special: 1 NaN, 2 Infinity, 3 -Infinity */
    JB_EV_TRUE,
    JB_EV_FALSE,
    JB_EV_NULL
};

typedef struct jb_scan jb_scan;

/* A token event. Return JB_OK; JB_END to end the value here (the scan is
 * then done, as if the value were complete); or a failure (after
 * jb__scan_fail) that ends the scan. */
typedef jb_status (*jb_scan_event_fn)(void *ctx, jb_scan *sc, int ev, const jb_str *text,
                                      int special);
/* Called at the first byte of each value (whitespace skipped) when set:
 * return true to pause there (JB_SCAN_STOP); jb__scan_value_done then
 * resumes after a value the caller read itself. */
typedef bool (*jb_scan_value_fn)(void *ctx, jb_scan *sc, unsigned char first, size_t offset);

/* One open container. */
typedef struct jb_scan_level {
    bool obj;       /* object (else array) */
    bool in_value;  /* inside a member's value (the path names it) */
    bool unlimited; /* exempt from max_members (a stream's array of elements) */
    size_t n;       /* members or elements begun */
    size_t key_at;  /* its current key in keys[] (objects) */
    size_t key_len;
} jb_scan_level;

struct jb_scan {
    /* from jb_read_options */
    uint32_t flags;
    uint32_t max_depth;
    size_t max_string_len, max_number_len, max_members;
    uint32_t outer_depth; /* containers open around the value (counted against max_depth) */
    /* where it is */
    uint8_t state;    /* what is expected next (SX_* in stream_scan.c) */
    uint8_t ws;       /* inside a comment (WS_* in stream_scan.c) */
    uint8_t tok;      /* a token being gathered (TK_*), 0 = none */
    bool esc;         /* gathering a string: its last byte is a backslash that escapes the next */
    bool stop_after;  /* an event ended the value early (JB_END) */
    size_t ws_off;    /* stream offset of the comment being skipped */
    size_t comma_off; /* stream offset of the last ',' (trailing-comma errors point at it) */
    size_t ev_off;    /* stream offset of the token of the current event (END_*: the close) */
    uint32_t depth;   /* open containers */
    jb_scan_level *lv;
    size_t lv_cap;
    jb_scan_level lv_local[16];
    /* keys of the open objects, for paths: a stack, each cut to JB_ERROR_PATH_MAX bytes
     * (a longer key prints cut in a path anyway) */
    char *keys;
    size_t keys_len, keys_cap;
    /* the token gathered across windows */
    char *tok_buf;
    size_t tok_len, tok_cap;
    size_t tok_off; /* its stream offset */
    /* failure (first wins) */
    jb_status code;
    size_t err_off;  /* stream offset */
    size_t need_end; /* stream offset up to which the input was looked at to decide it */
    jb_path path;
    char message[JB_ERROR_MESSAGE_MAX];
    /* hooks (NULL: none) */
    jb_scan_event_fn on_event;
    jb_scan_value_fn on_value;
    void *ctx;
    /* memory: unescaped strings (reset per string), and the buffers above */
    jb_arena *arena;
    jb_allocator alloc;
    jb_reader r; /* set over a token to check it with read.c */
};

/* Set up sc for one value with the read options (NULL = defaults);
 * alloc NULL = malloc. JB_OK or JB_E_NOMEM. */
JB_HIDDEN jb_status jb__scan_init(jb_scan *sc, const jb_read_options *opts,
                                  const jb_allocator *alloc);
JB_HIDDEN void jb__scan_free(jb_scan *sc);
/* Forget the value in progress and expect a new one, inside outer_depth
 * open containers. Buffers are kept. */
JB_HIDDEN void jb__scan_reset(jb_scan *sc, uint32_t outer_depth);
/*
 * Read p[0..n), which sits at stream offset `base`; final: nothing follows.
 * *used = bytes used: all of them for MORE; up to the value's end for
 * DONE (what follows it is not looked at); up to the paused value's first
 * byte for STOP; for FAIL, up to where the error was decided (need_end).
 */
JB_HIDDEN int jb__scan_feed(jb_scan *sc, const char *p, size_t n, size_t base, bool final,
                            size_t *used);
/*
 * Only whitespace (and comments) from p[0..n), with the scan's comment
 * state: 0 with *used on the first other byte; JB_SCAN_MORE (all used);
 * JB_SCAN_FAIL for an unterminated comment at the end; JB_SCAN_SLASH for
 * a '/' that begins no comment (at ws_off; *used past it when it is in p).
 */
JB_HIDDEN int jb__scan_ws(jb_scan *sc, const char *p, size_t n, size_t base, bool final,
                          size_t *used);
/* After JB_SCAN_STOP: the caller read the value itself; go on after it. */
JB_HIDDEN void jb__scan_value_done(jb_scan *sc);
/* Record a failure at stream offset `at` (first wins); returns code. */
JB_HIDDEN jb_status jb__scan_fail(jb_scan *sc, jb_status code, size_t at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* Append the open containers' path steps (innermost first) to path. */
JB_HIDDEN void jb__scan_path(const jb_scan *sc, jb_path *path);

/* ------------------------------------------------------------------ */
/* The stream (stream.c)                                               */
/* ------------------------------------------------------------------ */

/* Line and column bookkeeping: the state just before stream offset off. */
typedef struct jb_lines {
    size_t off;   /* bytes counted */
    size_t line;  /* 1-based line at off */
    size_t start; /* stream offset of that line's first byte */
    bool cr;      /* the byte before off is '\r' (a '\n' after it ends no new line) */
} jb_lines;

/* Where the line count stood at an offset that an error may name after
 * its window is gone (see stream.c, "Lines"). */
typedef struct jb_line_mark {
    bool set;
    jb_lines at;
} jb_line_mark;

enum {
    JB_MARK_HELD,
    JB_MARK_DOC_TOK,
    JB_MARK_ELEM_TOK,
    JB_MARK_DOC_COMMA,
    JB_MARK_DOC_WS,
    JB_MARK_ELEM_COMMA,
    JB_MARK_ELEM_WS,
    JB_MARK_COUNT
};

/* What to do with each element. */
typedef struct jb_target {
    int kind; /* JB_TG_* */
    const jb_type *type;
    void *out;
    jb_value **vout;
    jb_arena *arena;
    struct jb_walk *walk; /* JB_TG_PRINT: the printer (stream_walk.c) */
} jb_target;

enum { JB_TG_TYPED, JB_TG_VALUE, JB_TG_SKIP, JB_TG_PRINT };

typedef struct jb_walk jb_walk;

struct jb_stream {
    /* options */
    jb_framing framing;
    uint32_t flags;     /* JB_STREAM_* */
    jb_read_options ro; /* for elements: max_doc_size is the stream's business */
    size_t max_element, max_elements, max_total; /* 0 = none for the last two */
    jb_error_list *errors;
    jb_allocator alloc;
    /* ARRAY: the pointer, as given (for messages) and as unescaped tokens */
    char *ptr;
    size_t ptr_len;
    jb_str *tokens;
    size_t ntokens;
    char *ptr_bytes; /* the tokens' bytes */
    /* the source */
    uint8_t src; /* JB_SRC_* in stream.c */
    jb_source_fn fn;
    void *fctx;
    char *rbuf; /* pulled sources read into this */
    size_t rbuf_cap;
    /* the window: in[in_pos..in_len) unread, in[0] at stream offset in_base */
    const char *in;
    size_t in_len, in_pos, in_base;
    bool ended;  /* nothing follows the window */
    bool capped; /* max_total_bytes cut the window short */
    /* JB_STREAM_ALLOW_BOM at the start: bytes gathered to tell, and the
     * chunk behind them when they are read again as data */
    bool bom_done;
    bool pre_active;
    char pre[3];
    size_t pre_len;
    const char *saved_in;
    size_t saved_len;
    /* an element gathered across windows */
    uint8_t hold; /* JB_H_* in stream.c */
    bool tail;    /* JB_H_SCAN: malformed; gathering the rest of the token the error shows */
    char *held;
    size_t held_len, held_cap, held_base;
    /* framing */
    uint8_t phase;
    bool started; /* SEQ: the first RS was read; SINGLE: the document */
    jb_scan doc;  /* ARRAY: the document around the elements; walks */
    jb_scan elem; /* one element at a time */
    bool doc_ready, elem_ready;
    uint32_t elem_depth; /* containers open around each element */
    /* ARRAY: finding the target */
    size_t match; /* leading levels that match the pointer */
    bool target_seen, target_closed;
    jb_status nav_code; /* a failure found by the value hook */
    size_t nav_off;
    char nav_msg[JB_ERROR_MESSAGE_MAX];
    /* counters */
    size_t index, skipped, offset;
    size_t elem_end; /* stream offset past the element last framed, good or bad */
    /* lines */
    jb_lines lc;
    jb_line_mark marks[JB_MARK_COUNT];
    size_t mark_off[JB_MARK_COUNT];
    /* a failure that ended the stream (JB_OK: none) */
    jb_status fatal;
    jb_error fatal_err;
    /* printing (stream_walk.c) */
    jb_walk *walk;
    int pending; /* the target kind of an element in progress (-1: none) */
};

/* Report e (offset set, line and column not yet) for the element at
 * index: fill line and column, add it to the error list, apply the
 * policy. skippable: the framing knows where the next element starts.
 * Returns true when the stream goes on (skipped), false when it stopped. */
JB_HIDDEN bool jb__stream_bad(jb_stream *s, jb_error *e, bool skippable);
/* The scan's failure as a stream error at the current index. */
JB_HIDDEN void jb__stream_scan_error(jb_stream *s, const jb_scan *sc, jb_error *e);

/* ---- small shared helpers ---- */

/* JSON whitespace. */
static inline bool jb__is_ws(unsigned char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/*
 * What jb__r_found says of the byte at p with `avail` bytes readable from
 * it (0: end of input): NULL when it cannot tell yet (not final and the
 * bytes so far begin a byte order mark).
 */
JB_HIDDEN const char *jb__found_at(const char *p, size_t avail, bool final, char buf[16]);

/* Frees the walker of jb_stream_next_skip / _print (stream_walk.c), if any. */
JB_HIDDEN void jb__walk_free(jb_stream *s);

#endif
