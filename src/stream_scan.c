/* SPDX-License-Identifier: MIT */
/*
 * stream_scan.c — the resumable validator: JSON fed in windows of any
 * size, checked as jb_value_parse checks it, with the same errors.
 *
 * Structure (what is expected next, the open containers, the comment
 * being skipped) is a small state machine that can stop at any byte.
 * Tokens are checked with the scanner's own functions (read.c) over the
 * window when the whole token lies inside it, which is nearly always;
 * only a token that runs into the end of a window is gathered into
 * tok_buf (its end found byte by byte as windows arrive, a string's
 * escapes tracked with one flag) and checked there once it is complete.
 * So every byte is read once, twice for the few tokens that span windows.
 *
 * Exactness: a check never looks further than the byte after its token
 * (and a byte order mark's three bytes), so when the scanner's functions
 * run over the window plus that byte they decide exactly what they decide
 * over the whole input. A failure that could be an artefact of the window
 * ending (an unterminated string, a cut UTF-8 sequence) is not reported:
 * the token is gathered and checked again when it is complete.
 */
#include "stream.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* What is expected next. */
enum {
    SX_VALUE,         /* a value */
    SX_ELEM_OR_CLOSE, /* after '[': a value or ']' */
    SX_KEY_OR_CLOSE,  /* after '{': a key or '}' */
    SX_KEY,           /* a key */
    SX_COLON,         /* ':' after a key */
    SX_SEP,           /* ',' or the close, after a member or element */
    SX_AFTER_COMMA,   /* after ',': the next member (or the close, with trailing commas) */
    SX_DONE,          /* the value is complete */
    SX_PAUSED,        /* stopped by the value hook at a value's first byte */
    SX_FAILED
};

/* Inside a comment (JB_READ_ALLOW_COMMENTS). */
enum { WS_NONE, WS_SLASH, WS_LINE, WS_BLOCK, WS_STAR };

/* skip_ws: a '/' that ended the previous window starts no comment. */
#define LONE_SLASH JB_SCAN_SLASH

/* A token being gathered. */
enum { TK_NONE, TK_STRING, TK_BARE, TK_PEEK };

/* Gathering a bare token stops here: the checks decide within these bytes
 * (a literal's message shows 24, a number is limited by max_number_len). */
#define BARE_MIN_CAP 32

static const char bom[3] = {'\xEF', '\xBB', '\xBF'};

/* ------------------------------------------------------------------ */
/* Setup, memory                                                       */
/* ------------------------------------------------------------------ */

static void *mem(jb_scan *sc, void *p, size_t old, size_t n) {
    if (sc->alloc.fn) return sc->alloc.fn(sc->alloc.ctx, p, old, n);
    if (n == 0) {
        free(p);
        return NULL;
    }
    return realloc(p, n);
}

/* Make room for n more bytes in a growable byte buffer. */
static bool grow(jb_scan *sc, char **buf, size_t *cap, size_t len, size_t n) {
    size_t want, ncap;
    char *nb;
    if (!jb__add_ok(len, n, &want)) return false;
    if (want <= *cap) return true;
    ncap = *cap ? *cap : 64;
    while (ncap < want) ncap = ncap > SIZE_MAX / 2 ? want : ncap * 2;
    if (!(nb = mem(sc, *buf, *cap, ncap))) return false;
    *buf = nb;
    *cap = ncap;
    return true;
}

jb_status jb__scan_init(jb_scan *sc, const jb_read_options *opts, const jb_allocator *alloc) {
    memset(sc, 0, offsetof(jb_scan, r));
    if (alloc) sc->alloc = *alloc;
    sc->lv = sc->lv_local;
    sc->lv_cap = sizeof sc->lv_local / sizeof sc->lv_local[0];
    jb__r_init(&sc->r, "", 0, NULL, opts);
    sc->flags = sc->r.flags;
    sc->max_depth = sc->r.max_depth;
    sc->max_string_len = sc->r.max_string_len;
    sc->max_number_len = sc->r.max_number_len;
    sc->max_members = sc->r.max_members;
    sc->arena = jb_arena_new_with(alloc, 0);
    sc->r.arena = sc->arena;
    return sc->arena ? JB_OK : JB_E_NOMEM;
}

void jb__scan_free(jb_scan *sc) {
    if (sc->lv != sc->lv_local) mem(sc, sc->lv, sc->lv_cap * sizeof *sc->lv, 0);
    mem(sc, sc->keys, sc->keys_cap, 0);
    mem(sc, sc->tok_buf, sc->tok_cap, 0);
    jb_arena_free(sc->arena);
    sc->lv = sc->lv_local;
    sc->keys = sc->tok_buf = NULL;
    sc->arena = NULL;
}

void jb__scan_reset(jb_scan *sc, uint32_t outer_depth) {
    sc->state = SX_VALUE;
    sc->ws = WS_NONE;
    sc->tok = TK_NONE;
    sc->esc = false;
    sc->depth = 0;
    sc->keys_len = 0;
    sc->tok_len = 0;
    sc->code = JB_OK;
    sc->path.n = 0;
    sc->path.overflow = false;
    sc->message[0] = '\0';
    sc->outer_depth = outer_depth;
    sc->stop_after = false;
    sc->need_end = 0;
}

/* ------------------------------------------------------------------ */
/* Failure                                                             */
/* ------------------------------------------------------------------ */

void jb__scan_path(const jb_scan *sc, jb_path *path) {
    for (size_t d = sc->depth; d-- > 0;) {
        const jb_scan_level *l = &sc->lv[d];
        if (!l->in_value) continue;
        if (l->obj) /* (never NULL: a NULL key is an index in a jb_path) */
            jb__path_key(path, sc->keys ? sc->keys + l->key_at : "", l->key_len);
        else
            jb__path_index(path, l->n - 1);
    }
}

jb_status jb__scan_fail(jb_scan *sc, jb_status code, size_t at, const char *fmt, ...) {
    char tmp[2 * JB_ERROR_MESSAGE_MAX];
    va_list ap;
    if (sc->code != JB_OK) return sc->code;
    sc->code = code;
    sc->err_off = at;
    if (sc->need_end < at + 1) sc->need_end = at + 1;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    jb__msgf(sc->message, sizeof sc->message, "%s", tmp);
    sc->path.n = 0;
    sc->path.overflow = false;
    jb__scan_path(sc, &sc->path);
    sc->state = SX_FAILED;
    return code;
}

const char *jb__found_at(const char *p, size_t avail, bool final, char buf[16]) {
    if (avail >= 3 && memcmp(p, bom, 3) == 0) return "a byte order mark (U+FEFF)";
    if (avail > 0 && avail < 3 && !final && memcmp(p, bom, avail) == 0) return NULL;
    /* a bare word is named whole (up to JB_TOKEN_PEEK bytes): wait for its end */
    if (!final && avail < JB_TOKEN_PEEK && avail && jb__word_len(p, p + avail) == avail)
        return NULL;
    return jb__token_name(p, p + avail, buf);
}

/* What the state expected, for "expected X, found Y". */
static void unexpected(jb_scan *sc, size_t at, const char *found) {
    jb_scan_level *l = sc->depth ? &sc->lv[sc->depth - 1] : NULL;
    switch (sc->state) {
    case SX_KEY:
    case SX_KEY_OR_CLOSE:
        jb__scan_fail(sc, JB_E_SYNTAX, at, "expected string key, found %s", found);
        break;
    case SX_COLON:
        jb__scan_fail(sc, JB_E_SYNTAX, at, "expected ':' after key, found %s", found);
        break;
    case SX_SEP:
        jb__scan_fail(sc, JB_E_SYNTAX, at, "expected ',' or '%c', found %s",
                      l && l->obj ? '}' : ']', found);
        break;
    default: jb__scan_fail(sc, JB_E_SYNTAX, at, "expected value, found %s", found); break;
    }
}

/* The reader's failure (offsets relative to `origin`, at stream offset
 * `base`) as the scan's. */
static int take_failure(jb_scan *sc, const char *origin, size_t base) {
    char msg[JB_ERROR_MESSAGE_MAX];
    memcpy(msg, sc->r.message, sizeof msg);
    jb__scan_fail(sc, sc->r.code ? sc->r.code : JB_E_SYNTAX, base + sc->r.err_offset, "%s", msg);
    (void)origin;
    return JB_SCAN_FAIL;
}

/* ------------------------------------------------------------------ */
/* Containers                                                          */
/* ------------------------------------------------------------------ */

static bool push_level(jb_scan *sc, bool obj) {
    jb_scan_level *l;
    if (sc->depth == sc->lv_cap) {
        size_t ncap = sc->lv_cap * 2;
        jb_scan_level *nl;
        if (sc->lv == sc->lv_local) {
            nl = mem(sc, NULL, 0, ncap * sizeof *nl);
            if (nl) memcpy(nl, sc->lv, sc->lv_cap * sizeof *nl);
        } else {
            nl = mem(sc, sc->lv, sc->lv_cap * sizeof *nl, ncap * sizeof *nl);
        }
        if (!nl) return false;
        sc->lv = nl;
        sc->lv_cap = ncap;
    }
    l = &sc->lv[sc->depth++];
    l->obj = obj;
    l->in_value = false;
    l->unlimited = false;
    l->n = 0;
    l->key_at = sc->keys_len;
    l->key_len = 0;
    return true;
}

/* The current object's key, for paths (cut: see jb_scan.keys). */
static bool set_key(jb_scan *sc, const jb_str *k) {
    jb_scan_level *l = &sc->lv[sc->depth - 1];
    size_t n = k->len < JB_ERROR_PATH_MAX ? k->len : JB_ERROR_PATH_MAX;
    sc->keys_len = l->key_at;
    if (!grow(sc, &sc->keys, &sc->keys_cap, sc->keys_len, n)) return false;
    if (n) memcpy(sc->keys + sc->keys_len, k->ptr, n);
    sc->keys_len += n;
    l->key_len = n;
    return true;
}

/* An event's answer: JB_OK goes on; JB_END ends the value here (see
 * jb_scan_event_fn); a failure was recorded by the handler. */
static jb_status event(jb_scan *sc, int ev, const jb_str *text, int special) {
    jb_status st = sc->on_event ? sc->on_event(sc->ctx, sc, ev, text, special) : JB_OK;
    if (st == JB_END)
        sc->stop_after = true;
    else if (st && sc->code == JB_OK)
        jb__scan_fail(sc, st, sc->err_off, "event failed");
    return st == JB_END ? JB_OK : st;
}

/* A value just ended: the document is complete or a separator follows. */
static void value_end(jb_scan *sc) {
    if (sc->depth == 0 || sc->stop_after) {
        sc->state = SX_DONE;
        return;
    }
    sc->lv[sc->depth - 1].in_value = false;
    sc->state = SX_SEP;
}

void jb__scan_value_done(jb_scan *sc) {
    if (sc->state == SX_PAUSED) value_end(sc);
}

/* ------------------------------------------------------------------ */
/* Tokens                                                              */
/* ------------------------------------------------------------------ */

/* Point the scan's reader at text[0..len), at pos. */
static jb_reader *reader_at(jb_scan *sc, const char *text, size_t len, const char *pos) {
    jb_reader *r = &sc->r;
    r->start = text;
    r->p = pos;
    r->end = text + len;
    r->code = JB_OK;
    r->depth = 0;
    for (size_t i = 0; i < JB_MEMO_PLANS; i++) r->memo[i].pl = NULL; /* spans of the old text */
    if (jb_arena_used(sc->arena) > ((size_t)64 << 10)) jb_arena_reset(sc->arena);
    return r;
}

/* Does c end a bare token (number, literal, or junk)? Numbers also end at
 * '/' when comments are allowed (1/ * c * / is a number, then a comment);
 * other tokens do not (a literal's message shows the '/'). */
static inline bool bare_end(const jb_scan *sc, unsigned char c, bool number) {
    switch (c) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case ',':
    case ':':
    case '[':
    case ']':
    case '{':
    case '}':
    case '"': return true;
    case '/': return number && (sc->flags & JB_READ_ALLOW_COMMENTS);
    default: return false;
    }
}

/* What may follow true, false or null (jb__r_literal's is_delim). */
static inline bool lit_delim(const jb_scan *sc, unsigned char c) {
    switch (c) {
    case ' ':
    case '\t':
    case '\n':
    case '\r':
    case ',':
    case ']':
    case '}': return true;
    case '/': return (sc->flags & JB_READ_ALLOW_COMMENTS) != 0;
    default: return false;
    }
}

/* When p[0..n) begins with true, false or null and the byte after it
 * ends a literal, the literal's length; else 0. */
static size_t literal_decided(const jb_scan *sc, const char *p, size_t n) {
    const char *word = *p == 't' ? "true" : *p == 'f' ? "false" : *p == 'n' ? "null" : NULL;
    size_t len = word ? strlen(word) : 0;
    if (word && n > len && memcmp(p, word, len) == 0 && lit_delim(sc, (unsigned char)p[len]))
        return len;
    return 0;
}

static bool number_start(const jb_scan *sc, unsigned char c) {
    if (c == '-' || (c >= '0' && c <= '9')) return true;
    return (c == 'N' || c == 'I') && (sc->flags & JB_READ_ALLOW_NAN_INF);
}

/*
 * Check the complete bare token at text[at..) with the scanner (text
 * holds len bytes: the token and, when there is one, the byte after it),
 * as jb_value_parse's parse_scalar does, then send its event. The token
 * is at stream offset `base` + at. *end receives its end.
 */
static int bare_check(jb_scan *sc, const char *text, size_t len, size_t at, size_t base,
                      size_t *end) {
    jb_reader *r = reader_at(sc, text, len, text + at);
    const unsigned char c = (unsigned char)text[at];
    jb_status st;
    int ev = 0, special = 0;
    jb_str tok = {NULL, 0};
    sc->need_end = base + len;
    switch (c) {
    case 't': st = jb__r_literal(r, "true", 4), ev = JB_EV_TRUE; break;
    case 'f': st = jb__r_literal(r, "false", 5), ev = JB_EV_FALSE; break;
    case 'n': st = jb__r_literal(r, "null", 4), ev = JB_EV_NULL; break;
    default:
        if (number_start(sc, c)) {
            st = jb__r_number(r, &tok, NULL, &special);
            ev = JB_EV_NUMBER;
        } else {
            char fb[16];
            st = jb__r_fail(r, JB_E_SYNTAX, r->p, "expected value, found %s",
                            jb__r_found(r, r->p, fb));
        }
    }
    if (st) return take_failure(sc, text, base);
    *end = (size_t)(r->p - text);
    sc->ev_off = base + at;
    if (sc->on_event && event(sc, ev, &tok, special)) return JB_SCAN_FAIL;
    return JB_SCAN_DONE;
}

static const char *string_close(const char *s, const char *end, bool *esc);

/* Check the complete string token text[at..] (its closing quote within
 * text[0..len)); a key when `key`. */
static int string_check(jb_scan *sc, const char *text, size_t len, size_t at, size_t base, bool key,
                        size_t *end) {
    jb_reader *r = reader_at(sc, text, len, text + at);
    jb_str s;
    if (jb__r_string(r, &s, true, NULL)) {
        /* the scanner may have looked as far as the closing quote */
        bool esc = false;
        const char *q = string_close(text + at + 1, text + len, &esc);
        size_t upto = base + (q ? (size_t)(q + 1 - text) : len);
        if (sc->need_end < upto) sc->need_end = upto;
        return take_failure(sc, text, base);
    }
    *end = (size_t)(r->p - text);
    if (sc->need_end < base + *end) sc->need_end = base + *end;
    if (key) {
        sc->lv[sc->depth - 1].n++;
        if (!set_key(sc, &s)) {
            jb__scan_fail(sc, JB_E_NOMEM, base + at, "out of memory");
            return JB_SCAN_FAIL;
        }
    }
    sc->ev_off = base + at;
    if (sc->on_event && event(sc, key ? JB_EV_KEY : JB_EV_STRING, &s, 0)) return JB_SCAN_FAIL;
    return JB_SCAN_DONE;
}

/*
 * The closing quote of a string from s on, a backslash escaping the byte
 * after it (*esc carries a backslash that ended the previous window).
 * NULL when [s, end) holds none.
 */
static const char *string_close(const char *s, const char *end, bool *esc) {
    if (*esc) {
        if (s >= end) return NULL;
        s++;
        *esc = false;
    }
    for (;;) {
        const char *q = memchr(s, '"', (size_t)(end - s));
        const char *b = memchr(s, '\\', (size_t)((q ? q : end) - s));
        if (!b) return q;
        /* an escape before the next quote: step over it */
        if (b + 1 >= end) {
            *esc = true;
            return NULL;
        }
        s = b + 2;
    }
}

/* Append p[0..n) to the gathered token. */
static bool gather(jb_scan *sc, const char *p, size_t n) {
    if (!grow(sc, &sc->tok_buf, &sc->tok_cap, sc->tok_len, n)) return false;
    if (n) memcpy(sc->tok_buf + sc->tok_len, p, n);
    sc->tok_len += n;
    return true;
}

/* Start gathering the token at p (stream offset off) that the window cuts. */
static int gather_start(jb_scan *sc, int kind, const char *p, const char *end, size_t off) {
    sc->tok = (uint8_t)kind;
    sc->tok_len = 0;
    sc->tok_off = off;
    if (!gather(sc, p, (size_t)(end - p))) {
        jb__scan_fail(sc, JB_E_NOMEM, off, "out of memory");
        return JB_SCAN_FAIL;
    }
    return JB_SCAN_MORE;
}

/* Most bytes a gathered string may take before it is judged (a decoded
 * string is at least a sixth of its escaped text). */
static size_t string_gather_cap(const jb_scan *sc) {
    size_t cap;
    if (!jb__mul_ok(sc->max_string_len, 6, &cap) || !jb__add_ok(cap, 2, &cap)) return SIZE_MAX;
    return cap;
}

static size_t bare_gather_cap(const jb_scan *sc) {
    size_t cap = sc->max_number_len;
    if (!jb__add_ok(cap, 1, &cap)) return SIZE_MAX;
    return cap < BARE_MIN_CAP ? BARE_MIN_CAP : cap;
}

/* The token (string or bare) at p, inside window [w, end) at stream
 * offset base. *next = past it on DONE. */
static int token(jb_scan *sc, const char *w, const char *p, const char *end, size_t base,
                 bool final, bool key, const char **next) {
    size_t off = base + (size_t)(p - w), e;
    int rc;
    if (*p == '"') {
        rc = string_check(sc, w, (size_t)(end - w), (size_t)(p - w), base, key, &e);
        if (rc == JB_SCAN_FAIL && !final && sc->code != JB_E_NOMEM) {
            /* Judge it only once the string is complete: the window may
             * have cut it (or cut a UTF-8 sequence in it). */
            bool esc = false;
            if (!string_close(p + 1, end, &esc)) {
                sc->code = JB_OK;
                sc->need_end = 0;
                sc->state = key ? SX_KEY : SX_VALUE;
                rc = gather_start(sc, TK_STRING, p, end, off);
                sc->esc = esc;
                return rc;
            }
        }
    } else {
        const bool num = number_start(sc, (unsigned char)*p);
        const char *t = p + 1;
        size_t lit;
        while (t < end && !bare_end(sc, (unsigned char)*t, num)) t++;
        if (t == end && !final && (lit = literal_decided(sc, p, (size_t)(end - p))) != 0)
            t = p + lit; /* a literal and its delimiter: decided */
        else if (t == end && !final)
            return gather_start(sc, TK_BARE, p, end, off);
        /* check it with the byte after it, when there is one */
        rc = bare_check(sc, w, (size_t)(t < end ? t + 1 - w : t - w), (size_t)(p - w), base, &e);
    }
    if (rc == JB_SCAN_DONE) *next = w + e;
    return rc;
}

/* Go on gathering the token cut by the last window, with p[0..n): *used
 * = bytes of p taken. DONE when the token is complete and checked. */
static int token_more(jb_scan *sc, const char *p, size_t n, size_t base, bool final, size_t *used) {
    const char *end = p + n, *stop;
    size_t e, cap;
    int rc;
    bool complete;
    (void)base;
    if (sc->tok == TK_STRING) {
        const char *q = string_close(p, end, &sc->esc);
        stop = q ? q + 1 : end;
        complete = q != NULL;
        cap = string_gather_cap(sc);
    } else {
        const bool num = number_start(sc, (unsigned char)sc->tok_buf[0]);
        stop = p;
        while (stop < end && !bare_end(sc, (unsigned char)*stop, num)) stop++;
        complete = stop < end;
        cap = bare_gather_cap(sc);
    }
    if ((size_t)(stop - p) > cap - (sc->tok_len < cap ? sc->tok_len : cap)) {
        stop = p + (cap - (sc->tok_len < cap ? sc->tok_len : cap)); /* long enough to judge */
        complete = true;
    }
    const size_t before = sc->tok_len;
    if (!gather(sc, p, (size_t)(stop - p))) {
        *used = 0;
        jb__scan_fail(sc, JB_E_NOMEM, sc->tok_off, "out of memory");
        return JB_SCAN_FAIL;
    }
    *used = (size_t)(stop - p);
    if (sc->tok == TK_BARE) {
        /* A literal is decided once its word and the byte after it are in:
         * with comments a '/' may follow it directly (null/ * c * /), and
         * what follows belongs to the next token. (before <= len: with
         * len + 1 bytes it would have been decided on the last window.) */
        size_t len = literal_decided(sc, sc->tok_buf, sc->tok_len);
        if (len && before <= len) {
            *used = len - before;
            sc->tok_len = len + 1; /* the word and its delimiter, for the check */
            sc->tok = TK_NONE;
            rc = bare_check(sc, sc->tok_buf, sc->tok_len, 0, sc->tok_off, &e);
            return rc;
        }
    }
    if (!complete && !final) return JB_SCAN_MORE;
    if (sc->tok == TK_STRING) {
        bool key = sc->state == SX_KEY;
        sc->tok = TK_NONE;
        rc = string_check(sc, sc->tok_buf, sc->tok_len, 0, sc->tok_off, key, &e);
        if (rc == JB_SCAN_FAIL && sc->code == JB_E_SYNTAX && sc->err_off == sc->tok_off &&
            sc->tok_len >= string_gather_cap(sc)) {
            /* cut at the gathering cap while unterminated: it is too long */
            size_t at = sc->tok_off;
            sc->code = JB_OK;
            jb__scan_fail(sc, JB_E_LIMIT, at, "string longer than %zu bytes (max_string_len)",
                          sc->max_string_len);
        }
    } else {
        /* the byte after the token, for the check (not used) */
        size_t len = sc->tok_len;
        if (stop < end) {
            if (!gather(sc, stop, 1)) {
                jb__scan_fail(sc, JB_E_NOMEM, sc->tok_off, "out of memory");
                return JB_SCAN_FAIL;
            }
        }
        sc->tok = TK_NONE;
        rc = bare_check(sc, sc->tok_buf, sc->tok_len, 0, sc->tok_off, &e);
        if (rc == JB_SCAN_DONE && e != len) {
            /* a valid token is never cut: it ended at its delimiter */
            jb__scan_fail(sc, JB_E_SYNTAX, sc->tok_off + e, "internal: token end mismatch");
            rc = JB_SCAN_FAIL;
        }
    }
    return rc;
}

/* ------------------------------------------------------------------ */
/* Whitespace and comments                                             */
/* ------------------------------------------------------------------ */

/*
 * Skip whitespace (and comments) from *pp. 0: *pp is on a byte that is
 * not whitespace, or at end with nothing pending; JB_SCAN_MORE: the
 * window ended inside a comment (or on a '/' that may start one);
 * JB_SCAN_FAIL: an unterminated comment at the end, or a lone '/'.
 */
static int skip_ws(jb_scan *sc, const char **pp, const char *w, const char *end, size_t base,
                   bool final) {
    const char *p = *pp;
    const bool comments = (sc->flags & JB_READ_ALLOW_COMMENTS) != 0;
    for (;;) {
        switch (sc->ws) {
        case WS_NONE:
            while (p < end && jb__is_ws((unsigned char)*p)) p++;
            if (p == end || *p != '/' || !comments) {
                *pp = p;
                return 0;
            }
            if (end - p < 2) {
                if (final) { /* a lone '/' at the end: not a comment */
                    *pp = p;
                    return 0;
                }
                sc->ws = WS_SLASH;
                sc->ws_off = base + (size_t)(p - w);
                *pp = end;
                return JB_SCAN_MORE;
            }
            if (p[1] != '/' && p[1] != '*') {
                *pp = p;
                return 0;
            }
            sc->ws_off = base + (size_t)(p - w);
            sc->ws = p[1] == '/' ? WS_LINE : WS_BLOCK;
            p += 2;
            break;
        case WS_SLASH: /* a '/' ended the last window */
            if (p == end && !final) return JB_SCAN_MORE;
            if (p == end || (*p != '/' && *p != '*')) {
                sc->ws = WS_NONE; /* not a comment: the caller judges the '/' */
                return LONE_SLASH;
            }
            sc->ws = *p == '/' ? WS_LINE : WS_BLOCK;
            p++;
            break;
        case WS_LINE: {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            if (!nl) {
                if (final) sc->ws = WS_NONE;
                *pp = end;
                return final ? 0 : JB_SCAN_MORE;
            }
            p = nl + 1;
            sc->ws = WS_NONE;
            break;
        }
        case WS_BLOCK:
        case WS_STAR:
            for (;;) {
                if (sc->ws == WS_STAR) {
                    if (p == end) break;
                    if (*p == '/') {
                        p++;
                        sc->ws = WS_NONE;
                        break;
                    }
                    if (*p != '*') sc->ws = WS_BLOCK;
                    p++;
                    continue;
                }
                const char *star = memchr(p, '*', (size_t)(end - p));
                if (!star) {
                    p = end;
                    break;
                }
                p = star + 1;
                sc->ws = WS_STAR;
            }
            if (sc->ws != WS_NONE) {
                if (!final) {
                    *pp = end;
                    return JB_SCAN_MORE;
                }
                sc->ws = WS_NONE;
                sc->need_end = base + (size_t)(end - w);
                jb__scan_fail(sc, JB_E_SYNTAX, sc->ws_off,
                              "unterminated comment: no closing '*/' before end of input");
                return JB_SCAN_FAIL;
            }
            break;
        }
    }
}

int jb__scan_ws(jb_scan *sc, const char *w, size_t n, size_t base, bool final, size_t *used) {
    const char *p = w;
    int rc = skip_ws(sc, &p, w, w + n, base, final);
    *used = rc == JB_SCAN_MORE ? n : (size_t)(p - w);
    return rc;
}

/* ------------------------------------------------------------------ */
/* The state machine                                                   */
/* ------------------------------------------------------------------ */

/* The bytes the name of the token at p stands for: a byte order mark, a
 * bare word (as much of it as its name shows), else the one byte. The
 * stream holds these, so that naming them again says the same. */
static size_t named_len(const char *p, const char *end) {
    size_t word = jb__word_len(p, end);
    if (end - p >= 3 && memcmp(p, bom, 3) == 0) return 3;
    return word > JB_TOKEN_PEEK ? JB_TOKEN_PEEK : word ? word : 1;
}

/* Report "expected ..., found <token at p>", or start gathering up to
 * JB_TOKEN_PEEK bytes when the token (a byte order mark, a bare word)
 * cannot be told yet. */
static int fail_found(jb_scan *sc, const char *w, const char *p, const char *end, size_t base,
                      bool final) {
    char fb[16];
    const size_t off = base + (size_t)(p - w);
    const char *name = jb__found_at(p, (size_t)(end - p), final, fb);
    if (!name) return gather_start(sc, TK_PEEK, p, end, off);
    sc->need_end = off + named_len(p, end);
    unexpected(sc, off, name);
    return JB_SCAN_FAIL;
}

/* The peek gathered for fail_found: report once JB_TOKEN_PEEK bytes are
 * in, or fewer say what it is. */
static int peek_more(jb_scan *sc, const char *p, size_t n, bool final, size_t *used) {
    char fb[16];
    size_t take = JB_TOKEN_PEEK - sc->tok_len < n ? JB_TOKEN_PEEK - sc->tok_len : n;
    const char *name;
    gather(sc, p, take); /* at most JB_TOKEN_PEEK bytes: tok_buf already holds 64 */
    name = jb__found_at(sc->tok_buf, sc->tok_len, final, fb);
    if (!name) {
        *used = take;
        return JB_SCAN_MORE;
    }
    /* the bytes named end the token (the rest of the peek may lie past an
     * element's limit); the caller's *used follows need_end */
    take = named_len(sc->tok_buf, sc->tok_buf + sc->tok_len);
    *used = 0;
    sc->tok = TK_NONE;
    sc->need_end = sc->tok_off + take;
    unexpected(sc, sc->tok_off, name);
    return JB_SCAN_FAIL;
}

/*
 * A '/' that ended the previous window and starts no comment: where it
 * stands, jb_value_parse finds it instead of a value, key or separator.
 * Take the steps it takes on a byte that is not a close, then fail.
 */
static int lone_slash(jb_scan *sc, jb_scan_level *l) {
    const size_t at = sc->ws_off;
    sc->need_end = at + 1;
    switch (sc->state) {
    case SX_ELEM_OR_CLOSE:
        l->n++;
        sc->state = SX_VALUE;
        break;
    case SX_KEY_OR_CLOSE: sc->state = SX_KEY; break;
    case SX_AFTER_COMMA:
        if (sc->max_members && l->n >= sc->max_members && !l->unlimited) {
            jb__scan_fail(sc, JB_E_LIMIT, at, "more than %zu %s (max_members)", sc->max_members,
                          l->obj ? "members in an object" : "elements in an array");
            return JB_SCAN_FAIL;
        }
        if (l->obj) {
            sc->state = SX_KEY;
        } else {
            l->n++;
            sc->state = SX_VALUE;
        }
        break;
    default: break;
    }
    if (sc->state == SX_VALUE && l) l->in_value = true;
    unexpected(sc, at, "'/'");
    return JB_SCAN_FAIL;
}

/* The end of input where the state needs more. */
static int fail_end(jb_scan *sc, size_t off) {
    sc->need_end = off;
    unexpected(sc, off, "end of input");
    return JB_SCAN_FAIL;
}

int jb__scan_feed(jb_scan *sc, const char *w, size_t n, size_t base, bool final, size_t *used) {
    const char *p = w, *const end = w + n, *next;
    int rc;
    *used = 0;
    if (sc->state == SX_FAILED) return JB_SCAN_FAIL;
    if (sc->state == SX_DONE) return JB_SCAN_DONE;
    if (sc->state == SX_PAUSED) return JB_SCAN_STOP;
    if (sc->tok != TK_NONE) {
        size_t k;
        rc = sc->tok == TK_PEEK ? peek_more(sc, p, n, final, &k)
                                : token_more(sc, p, n, base, final, &k);
        p += k;
        if (rc == JB_SCAN_FAIL) goto out; /* used: up to need_end (the byte after the token) */
        if (rc != JB_SCAN_DONE) {
            *used = n;
            return rc;
        }
        if (sc->state == SX_KEY)
            sc->state = SX_COLON;
        else
            value_end(sc);
    }
    for (;;) {
        jb_scan_level *l;
        unsigned char c;
        if (sc->state == SX_DONE) {
            *used = (size_t)(p - w);
            return JB_SCAN_DONE;
        }
        rc = skip_ws(sc, &p, w, end, base, final);
        /* NULL only at depth 0, where the state is SX_VALUE or SX_DONE: the
         * states that read l (element, separator, after a comma, key) exist
         * inside a container only, which the shallow analysis cannot see. */
        l = sc->depth ? &sc->lv[sc->depth - 1] : NULL;
        /* NOLINTBEGIN(clang-analyzer-core.NullDereference) */
        if (rc == LONE_SLASH) {
            rc = lone_slash(sc, l);
            goto out;
        }
        if (rc == JB_SCAN_FAIL) goto out; /* used: up to need_end */
        if (rc != 0) {
            *used = n;
            return rc;
        }
        if (p == end) {
            if (!final) {
                *used = n;
                return JB_SCAN_MORE;
            }
            /* What jb_value_parse does at the end of input in each state. */
            if (sc->state == SX_ELEM_OR_CLOSE) {
                l->n++;
                sc->state = SX_VALUE;
            } else if (sc->state == SX_AFTER_COMMA) {
                if (sc->max_members && l->n >= sc->max_members && !l->unlimited) goto too_many;
                if (l->obj) {
                    sc->state = SX_KEY;
                } else {
                    l->n++;
                    sc->state = SX_VALUE;
                }
            }
            *used = n;
            return fail_end(sc, base + n);
        }
        c = (unsigned char)*p;
        switch (sc->state) {
        case SX_ELEM_OR_CLOSE:
            if (c == ']') goto close;
            l->n++;
            sc->state = SX_VALUE;
            JB_FALLTHROUGH;
        case SX_VALUE:
            if (sc->on_value && sc->on_value(sc->ctx, sc, c, base + (size_t)(p - w))) {
                if (l) l->in_value = true;
                sc->state = SX_PAUSED;
                *used = (size_t)(p - w);
                return JB_SCAN_STOP;
            }
            if (c == '{' || c == '[') {
                if (sc->outer_depth + sc->depth >= sc->max_depth) {
                    sc->need_end = base + (size_t)(p - w) + 1;
                    jb__scan_fail(sc, JB_E_DEPTH, base + (size_t)(p - w),
                                  "nesting deeper than %u levels (max_depth)",
                                  (unsigned)sc->max_depth);
                    goto failed;
                }
                if (l) l->in_value = true;
                if (!push_level(sc, c == '{')) {
                    jb__scan_fail(sc, JB_E_NOMEM, base + (size_t)(p - w), "out of memory");
                    goto failed;
                }
                sc->ev_off = base + (size_t)(p - w);
                if (sc->on_event && event(sc, c == '{' ? JB_EV_OBJECT : JB_EV_ARRAY, NULL, 0))
                    goto failed;
                p++;
                sc->state = c == '{' ? SX_KEY_OR_CLOSE : SX_ELEM_OR_CLOSE;
                continue;
            }
            if (l) l->in_value = true;
            if (c != '"' && c != 't' && c != 'f' && c != 'n' && c != 'N' && c != 'I' &&
                !number_start(sc, c)) {
                /* no value starts so: jb_value_parse says so at once. (N and
                 * I are gathered as tokens: a typed decoder names NaN and
                 * Infinity, which takes up to nine bytes to see.) */
                rc = fail_found(sc, w, p, end, base, final);
                goto out;
            }
            rc = token(sc, w, p, end, base, final, false, &next);
            if (rc == JB_SCAN_MORE) {
                *used = n;
                return rc;
            }
            if (rc == JB_SCAN_FAIL) goto failed;
            p = next;
            value_end(sc);
            continue;
        case SX_KEY_OR_CLOSE:
            if (c == '}') goto close;
            sc->state = SX_KEY;
            JB_FALLTHROUGH;
        case SX_KEY:
            if (c != '"') {
                rc = fail_found(sc, w, p, end, base, final);
                goto out;
            }
            rc = token(sc, w, p, end, base, final, true, &next);
            if (rc == JB_SCAN_MORE) {
                *used = n;
                return rc;
            }
            if (rc == JB_SCAN_FAIL) goto failed;
            p = next;
            sc->state = SX_COLON;
            continue;
        case SX_COLON:
            if (c != ':') {
                rc = fail_found(sc, w, p, end, base, final);
                goto out;
            }
            p++;
            sc->state = SX_VALUE;
            continue;
        case SX_SEP:
            if (c == ',') {
                sc->comma_off = base + (size_t)(p - w);
                p++;
                sc->state = SX_AFTER_COMMA;
                continue;
            }
            if (c == (l->obj ? '}' : ']')) goto close;
            rc = fail_found(sc, w, p, end, base, final);
            goto out;
        case SX_AFTER_COMMA:
            if (c == (l->obj ? '}' : ']')) {
                if (!(sc->flags & JB_READ_ALLOW_TRAILING_COMMAS)) {
                    sc->need_end = base + (size_t)(p - w) + 1;
                    jb__scan_fail(sc, JB_E_SYNTAX, sc->comma_off,
                                  "trailing comma before '%c' not allowed", (char)c);
                    goto failed;
                }
                goto close;
            }
            if (sc->max_members && l->n >= sc->max_members && !l->unlimited) goto too_many;
            if (l->obj) {
                sc->state = SX_KEY;
            } else {
                l->n++;
                sc->state = SX_VALUE;
            }
            continue;
        default: goto failed;
        }
    close:
        sc->depth--;
        sc->keys_len = sc->lv[sc->depth].key_at;
        sc->ev_off = base + (size_t)(p - w);
        if (sc->on_event && event(sc, c == '}' ? JB_EV_END_OBJECT : JB_EV_END_ARRAY, NULL, 0))
            goto failed;
        p++;
        value_end(sc);
        continue;
    too_many:
        sc->need_end = base + (size_t)(p - w) + (p < end);
        jb__scan_fail(sc, JB_E_LIMIT, base + (size_t)(p - w), "more than %zu %s (max_members)",
                      sc->max_members, l->obj ? "members in an object" : "elements in an array");
        goto failed;
        /* NOLINTEND(clang-analyzer-core.NullDereference) */
    }
failed:
    rc = JB_SCAN_FAIL;
out:
    if (rc == JB_SCAN_MORE) {
        *used = n;
        return rc;
    }
    {
        size_t u = sc->need_end > base ? sc->need_end - base : 0;
        *used = u < n ? u : n;
    }
    return JB_SCAN_FAIL;
}
