/* SPDX-License-Identifier: MIT */
/*
 * read.h — the scanner: whitespace (and comments when allowed), literals,
 * strings (validated, unescaped), numbers' extents, and skipping a whole
 * value. Shared by the typed decoder (decode*.c) and the DOM (value.c). It
 * never reads at or past r->end.
 */
#ifndef JB_READ_H
#define JB_READ_H

#include "arena.h"
#include "base.h"
#include "error.h"

/* The indentation jb__r_ws_slow predicts (read.c): pretty-printed input
 * puts every member on a line of its own, "newline + fill" where the fill
 * grows by one step per level. nl 0: no prediction yet. */
typedef struct jb_ws_guess {
    uint64_t head;  /* the first 8 bytes of such a run: the newline, then fill */
    uint64_t fill;  /* the fill byte (' ' or '\t') in every byte of a word */
    size_t nl;      /* the newline's bytes: 1 ("\n") or 2 ("\r\n"); 0: none */
    size_t count;   /* fill bytes of the last run */
    size_t step;    /* fill bytes per level of nesting (0: not seen yet) */
} jb_ws_guess;

/* decode.c's memory of the unknown members of recent records (see its
 * memo_skip): for up to JB_MEMO_PLANS record plans, the raw "key": of
 * the unknown member at each index of the last object of that plan. The
 * spans point into the input, so a memo is good for one reader over one
 * input; pl NULL: slot empty. */
#define JB_MEMO_PLANS 4
#define JB_MEMO_KEYS 32
typedef struct jb_memo_key {
    const char *at;    /* its '"' in the input */
    uint32_t len;      /* '"' to ':' inclusive */
    uint32_t name_len; /* the key's bytes between the quotes (no escapes) */
} jb_memo_key;
typedef struct jb_key_memo {
    const void *pl; /* the jb_plan whose objects these are */
    uint32_t live;  /* bit i: key[i] holds the member at index i */
    jb_memo_key key[JB_MEMO_KEYS];
} jb_key_memo;

struct jb_reader {
    const char *p;        /* cursor */
    const char *end;      /* one past the last input byte */
    const char *start;    /* the input, for offsets */
    jb_arena *arena;
    uint32_t flags;       /* the call's JB_READ_* */
    uint32_t scope;       /* what the enclosing types hand down (plan.h's scope word): set
                             and restored by decode.c as it enters and leaves a type */
    uint32_t depth;       /* current nesting */
    uint32_t max_depth;
    size_t max_string_len;  /* SIZE_MAX = none */
    size_t max_number_len;
    size_t max_members;     /* SIZE_MAX = none */
    size_t max_doc_size;    /* input length limit (checked by the entry points) */
    /* failure (first wins) */
    jb_status code;
    size_t err_offset;
    char message[JB_ERROR_MESSAGE_MAX];
    jb_path path;
    /* custom-codec API (decode_api.c): bit d set = an element was already read at depth d */
    uint64_t nonempty[8];
    uintptr_t stack_floor; /* decode.c: deeper than this address is JB_E_DEPTH (0: no check) */
    bool positional_records; /* JB_FMT_POSITIONAL_RECORDS of the current sum: record payloads
                                as arrays */
    const char *valid_end;   /* decode.c: input before this was already validated by a skip */
    const char *tok;      /* custom-codec API: start of the last value read (for jb_read_fail) */
    /* the last line break + indentation jb__r_ws_slow skipped, which
     * predicts the next one (read.c) */
    jb_ws_guess ws;
    /* decode.c: where jb_read_options.errors collects a decode's errors
     * (NULL: stop at the first; set only by jb_decode, cleared in nested
     * runs) */
    jb_error_list *errs;
    /* scratch for unescaping keys (grown in the arena when needed) */
    char *keybuf;
    size_t keycap;
    jb_key_memo memo[JB_MEMO_PLANS]; /* decode.c: unknown keys (only each pl cleared at init) */
    unsigned memo_next;              /* the slot the next plan's memo takes (round) */
};

/* Set up r over json[0..len) with opts (NULL = defaults). */
JB_HIDDEN void jb__r_init(jb_reader *r, const char *json, size_t len, jb_arena *arena,
                          const jb_read_options *opts);

/*
 * Record a failure at byte `at` (first wins) with a printf-style message,
 * and return code. Every scanner function that fails calls this.
 */
JB_HIDDEN jb_status jb__r_fail(jb_reader *r, jb_status code, const char *at, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Skip whitespace (and comments with JB_READ_ALLOW_COMMENTS) from r->p.
 * Returns JB_OK or a syntax error for an unterminated comment. The common
 * case of minified input (the next byte is not whitespace, or is one
 * space) is inline; the out-of-line part first measures a line break and
 * its indentation (jb__ws_line: pretty-printed input), then tries the
 * line break and indentation it predicts from the last one. */
JB_HIDDEN jb_status jb__r_ws_slow(jb_reader *r);

/* Loads of the indentation measure below: 8 bytes as a little-endian
 * number on any host, so that the first byte in memory is the lowest. */
#define JB__WS_SPACES UINT64_C(0x2020202020202020)

/*
 * The common line break of pretty-printed input: p on '\n', at least 34
 * bytes from p to the end, then up to 32 spaces (indentation by spaces:
 * every level of twitter's and citm's). Returns the byte after the
 * spaces when it ends whitespace (above ' ' and not a comment's '/'),
 * else NULL (tabs, a blank line, deeper indentation: jb__ws_line's
 * general part). Each word is XORed with spaces, so its first nonzero
 * byte is the first non-space: the lowest set bit of a little-endian
 * word. Reads [p, p + 33], the byte after the 32 included.
 */
static inline const char *jb__ws_nl_spaces(const char *p) {
    const char *q = p + 1;
    uint64_t x;
    if ((x = jb__load64_le(q) ^ JB__WS_SPACES) != 0) goto found;
    if ((x = jb__load64_le(q + 8) ^ JB__WS_SPACES) != 0) {
        q += 8;
        goto found;
    }
    if ((x = jb__load64_le(q + 16) ^ JB__WS_SPACES) != 0) {
        q += 16;
        goto found;
    }
    if ((x = jb__load64_le(q + 24) ^ JB__WS_SPACES) != 0) {
        q += 24;
        goto found;
    }
    return NULL;
found:
    q += jb__ctz64(x) >> 3;
    return (unsigned char)*q > ' ' && *q != '/' ? q : NULL;
}

/*
 * The whitespace of pretty-printed input, p on it: a line break ("\n" or
 * "\r\n") and the next line's indentation, a run of spaces or of tabs.
 * Returns the byte after the run when that byte ends whitespace (it is
 * above ' ' and not a comment's '/'), NULL for anything else (the end of
 * the input near, a blank line, mixed fill, no line break at p): the
 * caller's general loop then takes the same bytes. No state, no
 * prediction: jb__ws_nl_spaces first, then the run measured 8 bytes at a
 * time as there. Reads only below end: 8 bytes are read from q only while
 * 9 remain, so the byte after a partial word is there.
 */
static inline const char *jb__ws_line(const char *p, const char *end) {
    const char *q = p + 1;
    uint64_t fill = JB__WS_SPACES, x;
    if (*p != '\n') {
        if (*p != '\r' || end - p < 2 || p[1] != '\n') return NULL;
        q++;
    } else if (end - p >= 34) {
        const char *r = jb__ws_nl_spaces(p);
        if (r) return r;
    }
    if (end - q < 9) return NULL;
    if (*q == '\t') fill = UINT64_C(0x0909090909090909);
    while ((x = jb__load64_le(q) ^ fill) == 0) {
        q += 8;
        if (end - q < 9) return NULL;
    }
    q += jb__ctz64(x) >> 3;
    return (unsigned char)*q > ' ' && *q != '/' ? q : NULL;
}

static inline jb_status jb__r_ws(jb_reader *r) {
    const char *p = r->p;
    if (JB_LIKELY(p < r->end && (unsigned char)*p > ' ' && *p != '/')) return JB_OK;
    /* one space, as after ':' in "key": value — no call */
    if (p + 1 < r->end && *p == ' ' && (unsigned char)p[1] > ' ' && p[1] != '/') {
        r->p = p + 1;
        return JB_OK;
    }
    return jb__r_ws_slow(r);
}

/*
 * String at r->p (which is '"'). On success r->p is past the closing quote
 * and *out is the decoded bytes: pointing into the input when the string
 * has no escapes and `borrow` is true, otherwise a NUL-terminated copy in
 * the arena. Validates UTF-8 (unless JB_READ_ALLOW_INVALID_UTF8) and
 * escapes (\uD800-\uDFFF only as a proper pair); rejects raw control bytes;
 * enforces max_string_len. *has_nul (may be NULL) is set when the decoded
 * text contains a NUL byte (from \u0000).
 */
JB_HIDDEN jb_status jb__r_string(jb_reader *r, jb_str *out, bool borrow, bool *has_nul);

/*
 * jb__r_string's path for a string with escapes, for a caller that has
 * scanned the string at r->p up to its first backslash t already (the
 * text before t is clean: no '"', '\\' or control byte, and valid UTF-8
 * unless JB_READ_ALLOW_INVALID_UTF8, as jb__r_string checks it): the same
 * result and errors as jb__r_string, without its scan of that text (the
 * DOM, value_parse.c). The result is always a copy in the arena.
 */
JB_HIDDEN jb_status jb__r_string_escaped(jb_reader *r, const char *t, jb_str *out);

/*
 * An object key at r->p (which is '"'): like jb__r_string, but the result
 * points into the input when there are no escapes and otherwise into
 * r->keybuf (valid until the next key). Never allocates on the common path.
 */
JB_HIDDEN jb_status jb__r_key(jb_reader *r, jb_str *out);

/* A number token at r->p: validates the grammar (and with
 * JB_READ_ALLOW_NAN_INF accepts NaN, Infinity, -Infinity: then *special is
 * 1, 2, 3), checks that a delimiter follows, enforces max_number_len.
 * *tok is the token text; r->p moves past it. */
JB_HIDDEN jb_status jb__r_number(jb_reader *r, jb_str *tok, bool *integral, int *special);

/* The literal `word` (true/false/null) at r->p, followed by a delimiter. */
JB_HIDDEN jb_status jb__r_literal(jb_reader *r, const char *word, size_t len);

/*
 * Skip one complete value at r->p (after whitespace), validating it fully
 * (strings' UTF-8 and escapes, numbers' grammar, nesting), without
 * recursion: depth is counted against r->max_depth from r->depth.
 * Honors the relaxed flags (comments, trailing commas, NaN).
 */
JB_HIDDEN jb_status jb__r_skip(jb_reader *r);

/*
 * The structural scan of the container (r->p at its '{' or '['; skip.c):
 * true with r->p past it when the value is one jb__r_skip accepts (and
 * accepts there); false, r untouched, for everything else (every error,
 * the relaxed flags' forms, the limits it does not count), which
 * jb__r_skip's exact state machine then takes from the same byte.
 */
JB_HIDDEN bool jb__skip_scan(jb_reader *r);
/* jb__r_skip tries jb__skip_scan first on a container; -DJB_SKIP_SCAN=0
 * builds without it (the exact state machine alone: docs/design.md). */
#ifndef JB_SKIP_SCAN
#define JB_SKIP_SCAN 1
#endif
/* jb__r_skip without the structural scan: the exact state machine alone
 * (the reference the tests and fuzz_kernel compare the scan with). */
JB_HIDDEN jb_status jb__r_skip_exact(jb_reader *r);

/* Describe the byte at p for "found ..." messages. */
JB_HIDDEN const char *jb__r_found(const jb_reader *r, const char *p, char buf[16]);
/* After the top-level value of the document that starts at json: with
 * consumed, its length goes there (checked against max_doc_size); without,
 * only whitespace may follow unless JB_READ_ALLOW_TRAILING_DATA. Nonzero
 * (r->code) on failure. The typed decode and the DOM parse share it. */
JB_HIDDEN jb_status jb__r_doc_end(jb_reader *r, const char *json, size_t *consumed);

#endif
