/* SPDX-License-Identifier: MIT */
/*
 * error.h — filling jb_error: messages, line/column from an offset, and the
 * JSON path text. Only failure paths call into here.
 */
#ifndef JB_ERROR_H
#define JB_ERROR_H

#include "base.h"

/* One step of a JSON path. Paths are collected innermost first while a
 * failing decode or encode unwinds. */
typedef struct jb_pathseg {
    const char *key;  /* object key bytes (not NUL-terminated), or NULL for an index */
    size_t len;       /* key length */
    size_t index;     /* array index when key == NULL; for a key, 1 when it is
                         the raw text between the quotes as the input has it
                         (escapes not undone), else 0 */
} jb_pathseg;

#define JB_PATH_SEGS 64

/* Path segments collected during unwinding; shared by reader and writer. */
typedef struct jb_path {
    jb_pathseg segs[JB_PATH_SEGS];
    size_t n;          /* segments stored (innermost first) */
    bool overflow;     /* more segments than fit: the outermost were dropped */
} jb_path;

static inline void jb__path_key(jb_path *p, const char *key, size_t len) {
    if (p->n < JB_PATH_SEGS) {
        p->segs[p->n].key = key;
        p->segs[p->n].len = len;
        p->segs[p->n].index = 0;
        p->n++;
    } else {
        p->overflow = true;
    }
}
/* A key given as its text in the input (escapes as written): for keys
 * whose unescaped form lived in a buffer that later keys reuse. */
static inline void jb__path_rawkey(jb_path *p, const char *raw, size_t len) {
    bool stored = p->n < JB_PATH_SEGS;
    jb__path_key(p, raw, len);
    if (stored) p->segs[p->n - 1].index = 1;
}
static inline void jb__path_index(jb_path *p, size_t i) {
    if (p->n < JB_PATH_SEGS) {
        p->segs[p->n].key = NULL;
        p->segs[p->n].len = 0;
        p->segs[p->n].index = i;
        p->n++;
    } else {
        p->overflow = true;
    }
}

/*
 * Fill e (if not NULL): code, offset, line and column computed from
 * input[0..offset) (input may be NULL for encode errors: then offset, line
 * and column are 0), the path text from p (may be NULL: "$"), and the
 * message from msg. Line and column are 1-based, columns count bytes, a
 * line ends at \n (a \r\n pair counts once; a lone \r also ends a line).
 */
JB_HIDDEN void jb__error_fill(jb_error *e, jb_status code, const char *input, size_t offset,
                              const jb_path *p, const char *msg);

/*
 * The path as text: "$", "$.name", "$[3]", "$.a[3].b"; a key that is not an
 * identifier ([A-Za-z_][A-Za-z0-9_]*) is written $["a.b"] with JSON string
 * escaping (a raw key, index 1, is written as it is). When it does not fit
 * cap (>= 8) bytes with the NUL, the innermost segments that fit are kept
 * after "$..."; overflow (segments dropped) also shows as "$..." in front.
 */
JB_HIDDEN void jb__path_format(char *dst, size_t cap, const jb_path *p);

/* snprintf into a message buffer, truncated visibly with "..." */
JB_HIDDEN void jb__msgf(char *dst, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* What a JSON value starting with byte c is, for "found X" messages:
 * "string", "number", "object", "array", "true", "false", "null",
 * "end of input" (c < 0), or "'x'"-style for anything else (written to
 * buf, which needs 16 bytes). */
JB_HIDDEN const char *jb__found_name(int c, char buf[16]);

/*
 * What starts at p (p == end: "end of input") for "found X" in syntax
 * messages: "true", "false" or "null" only when the whole word is that
 * literal (`[]foo` found 'foo', not false); another bare word quoted and
 * shortened ('nope', 'Infinity', 'abcdefghij...'); else what
 * jb__found_name says of the byte, or the byte order mark. buf needs 16
 * bytes.
 */
JB_HIDDEN const char *jb__token_name(const char *p, const char *end, char buf[16]);
/* The length of the bare word at p (a letter, then letters, digits,
 * _ + - .), 0 when p starts none. */
JB_HIDDEN size_t jb__word_len(const char *p, const char *end);

/* "true", "false" or "null" when the bare word at p is that literal,
 * whole; else NULL. */
JB_HIDDEN const char *jb__token_literal(const char *p, const char *end);

/* Bytes of a token's text shown in a message before it is cut with "...",
 * and the buffer jb__token_show needs. */
#define JB_SHOW_TEXT 32
#define JB_SHOW_MAX 96
/* The bytes of a bare word a name shows, at most, and one more to see it
 * is cut (jb__token_name shows 10, jb__token_show JB_SHOW_TEXT): a reader
 * of chunks that holds fewer, with more to come, gathers this many
 * before it names the token, so that a stream and a whole document say
 * the same. */
#define JB_TOKEN_PEEK (JB_SHOW_TEXT + 1)

/*
 * The token at p as a message shows what was found, into dst (cap >=
 * JB_SHOW_MAX): a number or string as the input wrote it (70000,
 * "amdin"), true, false, null, object, array, a bare word ('nope'), or
 * what jb__token_name says. With `typed`, strings and numbers carry their
 * JSON type in front (string "8080", number 42), for messages about a
 * value of the wrong type. A string or number longer than JB_SHOW_TEXT
 * bytes is cut on a UTF-8 boundary, visibly, with its size after it:
 * "aaaa..." (4 MB). Bytes that are not printable show as \xNN. Reads only
 * [p, end).
 */
JB_HIDDEN const char *jb__token_show(const char *p, const char *end, bool typed, char *dst,
                                     size_t cap);

#endif
