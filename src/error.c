/* SPDX-License-Identifier: MIT */
/*
 * error.c — the status code table, filling jb_error, path text, messages.
 * Only failure paths call into here; nothing here allocates.
 */
#include <stdarg.h>
#include <stdio.h>

#include "error.h"
#include "utf8.h"

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
/* Tokens shown in messages                                            */
/* ------------------------------------------------------------------ */

static bool is_alpha(unsigned char c) { return (c | 0x20) >= 'a' && (c | 0x20) <= 'z'; }

/* A bare word at p: a letter, then letters, digits and _ + - . (what a
 * misspelt literal, an unquoted key or NaN looks like). Its length, or 0
 * when p does not start one. */
size_t jb__word_len(const char *p, const char *end) {
    size_t n = 0;
    if (p >= end || !is_alpha((unsigned char)*p)) return 0;
    while (p + n < end) {
        unsigned char c = (unsigned char)p[n];
        if (!is_alpha(c) && !(c >= '0' && c <= '9') && c != '_' && c != '+' && c != '-' && c != '.')
            break;
        n++;
    }
    return n;
}

/* The literal a whole word spells, or NULL. */
static const char *literal_of(const char *p, size_t n) {
    if (n == 4 && memcmp(p, "true", 4) == 0) return "true";
    if (n == 5 && memcmp(p, "false", 5) == 0) return "false";
    if (n == 4 && memcmp(p, "null", 4) == 0) return "null";
    return NULL;
}

/* 'word' into buf (cap bytes), cut after `keep` bytes with "...". */
static const char *quote_word(const char *p, size_t n, size_t keep, char *buf, size_t cap) {
    size_t k = n > keep ? keep : n, i = 0;
    if (cap < keep + 6) return "a word"; /* never: callers pass room */
    buf[i++] = '\'';
    memcpy(buf + i, p, k);
    i += k;
    if (k < n) {
        memcpy(buf + i, "...", 3);
        i += 3;
    }
    buf[i++] = '\'';
    buf[i] = '\0';
    return buf;
}

const char *jb__token_literal(const char *p, const char *end) {
    return literal_of(p, jb__word_len(p, end));
}

const char *jb__token_name(const char *p, const char *end, char buf[16]) {
    size_t n;
    if (p >= end) return "end of input";
    /* Editors on some systems start files with one; say what it is. */
    if (end - p >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0) return "a byte order mark (U+FEFF)";
    if ((n = jb__word_len(p, end)) != 0) {
        const char *lit = literal_of(p, n);
        return lit ? lit : quote_word(p, n, 10, buf, 16);
    }
    return jb__found_name((unsigned char)*p, buf);
}

/* A token shown into a buffer the caller sized (JB_SHOW_MAX): the
 * pieces are bounded, so nothing is ever cut here. */
typedef struct shown {
    char *d;
    size_t n, cap;
} shown;

static void show_put(shown *s, const char *p, size_t n) {
    if (n > s->cap - 1 - s->n) n = s->cap - 1 - s->n;
    memcpy(s->d + s->n, p, n);
    s->n += n;
}

/* Up to `keep` bytes of a string's text as the input wrote it, never
 * ending inside a UTF-8 character; bytes that are not printable ASCII or
 * part of a well-formed UTF-8 character are shown as \xNN. Returns the
 * bytes of input consumed. */
static size_t show_text(shown *s, const unsigned char *p, size_t n, size_t keep) {
    static const char hex[] = "0123456789ABCDEF";
    size_t i = 0, used = 0;
    while (i < n) {
        unsigned char c = p[i];
        size_t len = 1, w = 1;
        if (c >= 0x80) {
            uint32_t cp;
            len = jb__utf8_decode(p + i, n - i, &cp);
            if (len == 0) len = 1, w = 4; /* \xNN */
            else w = len;
        } else if (c < 0x20 || c == 0x7F) {
            w = 4;
        }
        if (used + w > keep) break;
        if (w == 4 && len == 1) {
            char e[4] = {'\\', 'x', hex[c >> 4], hex[c & 15]};
            show_put(s, e, 4);
        } else {
            show_put(s, (const char *)p + i, len);
        }
        used += w;
        i += len;
    }
    return i;
}

/* " (4 MB)": a size in bytes, KB, MB or GB (of 1024), rounded down. */
static void show_size(shown *s, size_t bytes) {
    static const char *const unit[] = {"bytes", "KB", "MB", "GB"};
    char b[48];
    size_t u = 0, v = bytes;
    while (u < 3 && v >= 1024 * (u ? 1 : 10)) {
        v /= 1024;
        u++;
    }
    int w = snprintf(b, sizeof b, " (%zu %s)", v, unit[u]);
    if (w > 0) show_put(s, b, (size_t)w);
}

const char *jb__token_show(const char *p, const char *end, bool typed, char *dst, size_t cap) {
    char nb[16];
    shown s = {dst, 0, cap};
    size_t n;
    if (cap < JB_SHOW_MAX) return "a value"; /* never: callers pass JB_SHOW_MAX */
    if (p < end && *p == '"') {
        /* to the closing quote (a failure path: a long string is read once) */
        size_t avail = (size_t)(end - p), i = 1;
        while (i < avail && p[i] != '"') i += p[i] == '\\' ? 2 : 1;
        if (i > avail) i = avail;
        const char *q = p + i;
        n = i - 1;
        if (typed) show_put(&s, "string ", 7);
        show_put(&s, "\"", 1);
        size_t took = show_text(&s, (const unsigned char *)p + 1, n, JB_SHOW_TEXT);
        if (took < n) show_put(&s, "...", 3);
        if (q < end) show_put(&s, "\"", 1);
        if (took < n) show_size(&s, n);
        if (q >= end) show_put(&s, " (unterminated)", 15);
    } else if (p < end && (*p == '-' || (*p >= '0' && *p <= '9'))) {
        /* the number as JSON's grammar reads it (a leading 0 ends the
         * integer part: 03 is 0, then 3), shown, not judged: a reader of
         * chunks holds the same bytes and says the same */
        n = *p == '-';
        if (p + n < end && p[n] == '0')
            n++;
        else
            while (p + n < end && p[n] >= '0' && p[n] <= '9') n++;
        if (p + n < end && p[n] == '.')
            for (n++; p + n < end && p[n] >= '0' && p[n] <= '9';) n++;
        if (p + n < end && (p[n] == 'e' || p[n] == 'E')) {
            n++;
            if (p + n < end && (p[n] == '+' || p[n] == '-')) n++;
            while (p + n < end && p[n] >= '0' && p[n] <= '9') n++;
        }
        if (n == 0) n = 1;
        if (typed) show_put(&s, "number ", 7);
        show_put(&s, p, n > JB_SHOW_TEXT ? JB_SHOW_TEXT : n);
        if (n > JB_SHOW_TEXT) {
            show_put(&s, "...", 3);
            show_size(&s, n);
        }
    } else if ((n = jb__word_len(p, end)) != 0 && !literal_of(p, n)) {
        char wb[JB_SHOW_TEXT + 8];
        quote_word(p, n, JB_SHOW_TEXT, wb, sizeof wb);
        show_put(&s, wb, strlen(wb));
    } else {
        const char *name = jb__token_name(p, end, nb);
        show_put(&s, name, strlen(name));
    }
    dst[s.n] = '\0';
    return dst;
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
