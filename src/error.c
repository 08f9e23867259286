/* SPDX-License-Identifier: MIT */
/*
 * error.c — the status code table, filling jb_error, path text, messages.
 * Only failure paths call into here; nothing here allocates.
 */
#include <stdarg.h>
#include <stdio.h>

#include "error.h"

/*
 * The one list of status codes: name and a one-line description. The
 * descriptions are also the default message when a failure gives none.
 * Keep this in the order of jb_status (a static assertion below checks the
 * count) and in step with docs/errors.md.
 */
#define JB_STATUS_LIST(X)                                               \
    X(JB_OK, "success")                                                 \
    X(JB_E_SYNTAX, "the input is not JSON")                             \
    X(JB_E_TYPE, "valid JSON of the wrong type")                        \
    X(JB_E_RANGE, "a number does not fit the target type")              \
    X(JB_E_MISSING, "a required field is absent")                       \
    X(JB_E_UNKNOWN, "an unknown field, enum name or sum case")          \
    X(JB_E_DUPLICATE, "a key appears twice in one object")              \
    X(JB_E_UTF8, "invalid UTF-8 or a lone surrogate escape")            \
    X(JB_E_DEPTH, "nesting deeper than the depth limit")                \
    X(JB_E_LIMIT, "a configured limit was exceeded")                    \
    X(JB_E_NOMEM, "out of memory")                                      \
    X(JB_E_TRAILING, "data after the end of the document")              \
    X(JB_E_NONFINITE, "NaN or infinity where JSON cannot represent it") \
    X(JB_E_DESCRIPTOR, "the type descriptor is invalid")                \
    X(JB_E_VALUE, "the C value cannot be encoded")                      \
    X(JB_E_IO, "the output sink failed")                                \
    X(JB_E_BUFFER, "the fixed output buffer is too small")              \
    X(JB_E_CUSTOM, "a custom codec failed")                             \
    X(JB_E_ARG, "an invalid argument")                                  \
    X(JB_END, "the end of the stream")                                  \
    X(JB_NEED_INPUT, "the stream needs more input")

#define NAME_(code, desc) #code,
#define DESC_(code, desc) desc,
#define COUNT_(code, desc) +1
static const char *const status_names[] = {JB_STATUS_LIST(NAME_)};
static const char *const status_descs[] = {JB_STATUS_LIST(DESC_)};
_Static_assert(0 JB_STATUS_LIST(COUNT_) == JB_NEED_INPUT + 1,
               "JB_STATUS_LIST must list every jb_status, in order");
#undef NAME_
#undef DESC_
#undef COUNT_

#define N_STATUS (sizeof status_names / sizeof status_names[0])

const char *jb_status_name(jb_status code) {
    if ((unsigned)code < N_STATUS) return status_names[code];
    return "JB_E_(unknown)";
}

/* ------------------------------------------------------------------ */
/* Bounded text output with visible truncation                         */
/* ------------------------------------------------------------------ */

/* Appends to dst[0..cap-1) and counts what did not fit. */
typedef struct text {
    char *dst;
    size_t cap; /* >= 1: room for the NUL */
    size_t len; /* bytes stored */
    bool cut;   /* something did not fit */
} text;

static void put(text *t, const char *s, size_t n) {
    if (!t->dst) { /* counting only */
        t->len += n;
        return;
    }
    size_t room = t->cap - 1 - t->len;
    if (n > room) {
        n = room;
        t->cut = true;
    }
    memcpy(t->dst + t->len, s, n);
    t->len += n;
}

static void putc_(text *t, char c) { put(t, &c, 1); }

/* NUL-terminate; when something was cut, end with "..." instead, not
 * splitting a UTF-8 character. dst[0..len) is what fitted. */
static void finish(char *dst, size_t cap, size_t len, bool cut) {
    if (cut && cap >= 4) {
        len = cap - 4; /* keep len bytes, then "...", then NUL */
        while (len > 0 && ((unsigned char)dst[len] & 0xC0) == 0x80) len--;
        memcpy(dst + len, "...", 3);
        len += 3;
    }
    dst[len] = '\0';
}

/* ------------------------------------------------------------------ */
/* Messages                                                            */
/* ------------------------------------------------------------------ */

void jb__msgf(char *dst, size_t cap, const char *fmt, ...) {
    va_list ap;
    int n;
    if (!dst || cap == 0) return;
    va_start(ap, fmt);
    n = vsnprintf(dst, cap, fmt, ap);
    va_end(ap);
    if (n < 0) {
        dst[0] = '\0';
        return;
    }
    finish(dst, cap, (size_t)n < cap ? (size_t)n : cap - 1, (size_t)n >= cap);
}

const char *jb__found_name(int c, char buf[16]) {
    static const char hex[] = "0123456789ABCDEF"; /* as byte_desc in read.c */
    if (c < 0) return "end of input";
    switch (c) {
    case '"': return "string";
    case '{': return "object";
    case '[': return "array";
    case 't': return "true";
    case 'f': return "false";
    case 'n': return "null";
    case '-': return "number";
    default: break;
    }
    if (c >= '0' && c <= '9') return "number";
    c &= 0xFF;
    if (c >= 0x20 && c < 0x7F) {
        buf[0] = '\'';
        buf[1] = (char)c;
        buf[2] = '\'';
        buf[3] = '\0';
    } else {
        /* A control or non-ASCII byte: never print it raw. */
        memcpy(buf, "byte 0x", 7);
        buf[7] = hex[c >> 4];
        buf[8] = hex[c & 15];
        buf[9] = '\0';
    }
    return buf;
}

/* ------------------------------------------------------------------ */
/* Path text                                                           */
/* ------------------------------------------------------------------ */

static bool is_ident(const char *k, size_t n) {
    if (n == 0) return false;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)k[i];
        bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
        if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
    }
    return true;
}

/* A key as a JSON string body: '"', '\\' and control bytes escaped
 * (\b \f \n \r \t, others \u00xx); other bytes as they are. */
static void put_quoted(text *t, const char *k, size_t n) {
    static const char hex[] = "0123456789abcdef";
    size_t run = 0; /* start of the pending run of plain bytes */
    for (size_t i = 0; i < n && !t->cut; i++) {
        unsigned char c = (unsigned char)k[i];
        char e[6] = {'\\', 0, 0, 0, 0, 0};
        size_t elen = 2;
        switch (c) {
        case '"':
        case '\\': e[1] = (char)c; break;
        case '\b': e[1] = 'b'; break;
        case '\f': e[1] = 'f'; break;
        case '\n': e[1] = 'n'; break;
        case '\r': e[1] = 'r'; break;
        case '\t': e[1] = 't'; break;
        default:
            if (c >= 0x20) continue; /* stays in the run */
            memcpy(e + 1, "u00", 3);
            e[4] = hex[c >> 4];
            e[5] = hex[c & 15];
            elen = 6;
        }
        put(t, k + run, i - run);
        put(t, e, elen);
        run = i + 1;
    }
    put(t, k + run, n - run);
}

static void put_index(text *t, size_t index) {
    char d[24];
    size_t i = sizeof d;
    d[--i] = ']';
    do {
        d[--i] = (char)('0' + index % 10);
        index /= 10;
    } while (index);
    d[--i] = '[';
    put(t, d + i, sizeof d - i);
}

static void put_seg(text *t, const jb_pathseg *s) {
    if (!s->key) {
        put_index(t, s->index);
    } else if (s->index == 1) {
        /* raw input text: already a JSON string body */
        put(t, "[\"", 2);
        put(t, s->key, s->len);
        put(t, "\"]", 2);
    } else if (is_ident(s->key, s->len)) {
        putc_(t, '.');
        put(t, s->key, s->len);
    } else {
        put(t, "[\"", 2);
        put_quoted(t, s->key, s->len);
        put(t, "\"]", 2);
    }
}

/* The length of a segment's text (a counting pass: nothing is stored). */
static size_t seg_len(const jb_pathseg *s) {
    text t = {NULL, SIZE_MAX, 0, false};
    put_seg(&t, s);
    return t.len;
}

/*
 * When the whole path does not fit, the innermost steps are the useful
 * ones (they name what failed): keep as many of them as fit after "$...",
 * and cut only a single innermost step that alone is too long.
 */
void jb__path_format(char *dst, size_t cap, const jb_path *p) {
    text t = {dst, cap, 0, false};
    if (!dst || cap == 0) return;
    put(&t, "$", 1);
    if (p) {
        size_t n = p->n < JB_PATH_SEGS ? p->n : JB_PATH_SEGS;
        size_t total = p->overflow ? 4 : 1, keep = 0;
        for (size_t i = 0; i < n; i++) total += seg_len(&p->segs[i]);
        if (total <= cap - 1) {
            keep = n;
        } else {
            /* Stored innermost first: count how many fit after "$...". */
            size_t room = cap > 5 ? cap - 5 : 0;
            while (keep < n) {
                size_t l = seg_len(&p->segs[keep]);
                if (l > room) {
                    if (keep == 0) keep = 1; /* the innermost alone: cut by finish */
                    break;
                }
                room -= l;
                keep++;
            }
        }
        if (keep < n || p->overflow) put(&t, "...", 3);
        while (keep-- > 0 && !t.cut) put_seg(&t, &p->segs[keep]);
    }
    finish(dst, cap, t.len, t.cut);
}

/* ------------------------------------------------------------------ */
/* jb_error                                                            */
/* ------------------------------------------------------------------ */

/* 1-based line and column of input[offset]: a line ends at \n, at \r, and
 * at a \r\n pair (counted once: its \n does not start another line). */
static void line_col(const char *input, size_t offset, size_t *line, size_t *col) {
    const unsigned char *s = (const unsigned char *)input;
    size_t ln = 1, start = 0; /* start: offset of the current line's first byte */
    for (size_t i = 0; i < offset; i++) {
        if (s[i] == '\n') {
            if (!(i > 0 && s[i - 1] == '\r')) ln++;
            start = i + 1;
        } else if (s[i] == '\r') {
            ln++;
            start = i + 1;
        }
    }
    *line = ln;
    *col = offset - start + 1;
}

void jb__error_fill(jb_error *e, jb_status code, const char *input, size_t offset, const jb_path *p,
                    const char *msg) {
    if (!e) return;
    e->code = code;
    if (input) {
        e->offset = offset;
        line_col(input, offset, &e->line, &e->column);
    } else {
        e->offset = e->line = e->column = 0;
    }
    jb__path_format(e->path, sizeof e->path, p);
    if (!msg || !*msg) msg = (unsigned)code < N_STATUS ? status_descs[code] : "unknown error";
    jb__msgf(e->message, sizeof e->message, "%s", msg);
    e->index = 0;
}

void jb_error_list_add(jb_error_list *list, const jb_error *e) {
    if (!list || !e) return;
    if (list->len < list->cap && list->items) list->items[list->len++] = *e;
    list->total++;
}
