/* SPDX-License-Identifier: MIT */
/*
 * read.c — the scanner: whitespace and comments, literals, numbers'
 * extents, strings (validated and unescaped) and skipping whole values.
 *
 * Invariant: nothing here reads at or past r->end. Word-at-a-time code runs
 * only while 8 bytes remain before its limit; the last bytes go one by one.
 *
 * Strings, the hot path of every decode, are scanned by the string kernel
 * in use (kernel.h: portable SWAR, or SSE2/AVX2/AVX-512/NEON), which stops
 * only at '"', '\\', a control byte or ill-formed UTF-8. A string without
 * escapes is borrowed from the input or copied with one memcpy into one
 * allocation of exactly len + 1 bytes. A string with escapes is measured
 * first (its closing quote found by the same scan without the UTF-8
 * check, stepping over escapes), given one allocation of the raw length
 * + 1 (unescaped text is never longer than the escaped), and unescaped
 * into it, the clean runs between escapes checked and copied in one pass
 * (the kernel's copy).
 *
 * Failure offsets: the first byte of the offending token; inside a string,
 * the offending byte (the backslash of a bad escape, the first byte of an
 * ill-formed UTF-8 sequence, the control byte); an unterminated string
 * points at its opening quote.
 */
#include "read.h"

#include "kernel.h"
#include "num.h"
#include "plan.h"

#include <stdarg.h>
#include <stdio.h>


#define SKIP_STACK 512 /* container levels jb__r_skip tracks without allocating */

/* ------------------------------------------------------------------ */
/* Character classes                                                   */
/* ------------------------------------------------------------------ */

/* JSON whitespace (RFC 8259: space, tab, line feed, carriage return). */
static const unsigned char ws_tab[256] = {[' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1};

/* What may follow a number or literal: whitespace, ',', ']', '}' (and the
 * end of input; '/' too when comments are allowed, see is_delim). */
static const unsigned char delim_tab[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [','] = 1, [']'] = 1, ['}'] = 1};

/* Hex digit value + 1; 0 = not a hex digit. */
static const unsigned char hex_tab[256] = {
    ['0'] = 1,  ['1'] = 2,  ['2'] = 3,  ['3'] = 4,  ['4'] = 5,  ['5'] = 6,  ['6'] = 7,  ['7'] = 8,
    ['8'] = 9,  ['9'] = 10, ['a'] = 11, ['b'] = 12, ['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16,
    ['A'] = 11, ['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16};

/* The byte a one-character escape stands for; 0 = not such an escape
 * (\u is handled apart). */
static const char esc_tab[256] = {['"'] = '"',  ['\\'] = '\\', ['/'] = '/',  ['b'] = '\b',
                                  ['f'] = '\f', ['n'] = '\n',  ['r'] = '\r', ['t'] = '\t'};

static inline bool is_delim(const jb_reader *r, unsigned char c) {
    return delim_tab[c] || (c == '/' && (r->flags & JB_READ_ALLOW_COMMENTS));
}

/* ------------------------------------------------------------------ */
/* Setup and failure                                                   */
/* ------------------------------------------------------------------ */

/* jb_reader's fields as jb__r_init sets them, in its order: a field added
 * to jb_reader and not to this list (and to jb__r_init) changes its size
 * and stops the build here. */
struct reader_fields {
    const char *p, *end, *start;
    jb_arena *arena;
    uint32_t flags, scope, depth, max_depth;
    size_t max_string_len, max_number_len, max_members, max_doc_size;
    jb_status code;
    size_t err_offset;
    uint64_t nonempty[8];
    uintptr_t stack_floor;
    bool positional_records;
    const char *valid_end, *tok;
    jb_ws_guess ws;
    jb_error_list *errs;
    char *keybuf;
    size_t keycap;
    jb_key_memo memo[JB_MEMO_PLANS];
    unsigned memo_next;
    char message[JB_ERROR_MESSAGE_MAX];
    jb_path path;
};
_Static_assert(sizeof(struct reader_fields) == sizeof(jb_reader), "jb__r_init: a field of jb_reader is not set");

void jb__r_init(jb_reader *r, const char *json, size_t len, jb_arena *arena,
                const jb_read_options *opts) {
    /* Every field but the bulky diagnostic buffers (message, path
     * segments), which are written only on failure: a decode of a small
     * document should not pay for clearing 2 KB. Field by field rather
     * than memset over the runs between them (~300 bytes, cleared by a
     * rep store): this is per call, and a 5-byte document's decode is a
     * few hundred instructions. reader_fields below breaks the build
     * when a field is added to jb_reader and not here. */
    r->p = r->start = r->valid_end = json;
    r->end = json ? json + len : json;
    r->arena = arena;
    r->flags = opts ? opts->flags : 0;
    r->depth = 0;
    r->max_depth = JB_DEFAULT_MAX_DEPTH;
    r->max_number_len = JB_DEFAULT_MAX_NUMBER;
    r->max_string_len = JB_DEFAULT_MAX_STRING;
    r->max_members = JB_DEFAULT_MAX_MEMBERS;
    r->max_doc_size = JB_DEFAULT_MAX_DOC;
    r->code = JB_OK;
    r->err_offset = 0;
    r->message[0] = '\0';
    r->path.n = 0;
    r->path.overflow = false;
    memset(r->nonempty, 0, sizeof r->nonempty);
    r->stack_floor = 0;
    r->positional_records = false;
    r->tok = NULL;
    memset(&r->ws, 0, sizeof r->ws);
    r->errs = NULL;
    r->keybuf = NULL;
    r->keycap = 0;
    for (size_t i = 0; i < JB_MEMO_PLANS; i++) r->memo[i].pl = NULL;
    r->memo_next = 0;
    if (opts) {
        if (opts->max_depth) r->max_depth = opts->max_depth;
        if (opts->max_number_len) r->max_number_len = opts->max_number_len;
        if (opts->max_string_len) r->max_string_len = opts->max_string_len;
        if (opts->max_members) r->max_members = opts->max_members;
        if (opts->max_doc_size) r->max_doc_size = opts->max_doc_size;
    }
    r->scope = jb__scope_read_root(r->flags);
}

/* The recorded code is returned, so a status always agrees with the
 * message and offset stored beside it (first failure wins). */
jb_status jb__r_fail(jb_reader *r, jb_status code, const char *at, const char *fmt, ...) {
    char tmp[2 * JB_ERROR_MESSAGE_MAX];
    va_list ap;
    if (r->code != JB_OK) return r->code;
    r->code = code;
    if (!at) at = r->p;
    r->err_offset = (size_t)(at - r->start);
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    jb__msgf(r->message, sizeof r->message, "%s", tmp);
    return code;
}

const char *jb__r_found(const jb_reader *r, const char *p, char buf[16]) {
    return jb__token_name(p, r->end, buf);
}

/* A byte for messages about text inside a token: 'x', byte 0xNN, or end of
 * input. */
static const char *byte_desc(const jb_reader *r, const char *p, char buf[16]) {
    unsigned char c;
    if (p >= r->end) return "end of input";
    c = (unsigned char)*p;
    if (c >= 0x20 && c < 0x7F)
        snprintf(buf, 16, "'%c'", (char)c);
    else
        snprintf(buf, 16, "byte 0x%02X", (unsigned)c);
    return buf;
}

static JB_NOINLINE jb_status fail_nomem(jb_reader *r, const char *at) {
    if (jb__arena_fail_code(r->arena) == JB_E_LIMIT)
        return jb__r_fail(r, JB_E_LIMIT, at, "allocation limit reached");
    return jb__r_fail(r, JB_E_NOMEM, at, "out of memory");
}

static JB_NOINLINE jb_status fail_unterminated(jb_reader *r, const char *q) {
    return jb__r_fail(r, JB_E_SYNTAX, q,
                      "unterminated string: no closing '\"' before end of input");
}

static JB_NOINLINE jb_status fail_string_len(jb_reader *r, const char *q) {
    return jb__r_fail(r, JB_E_LIMIT, q, "string longer than %zu bytes (max_string_len)",
                      r->max_string_len);
}

static JB_NOINLINE jb_status fail_expect_string(jb_reader *r, const char *p) {
    char fb[16];
    return jb__r_fail(r, JB_E_SYNTAX, p, "expected string, found %s", jb__r_found(r, p, fb));
}

/* ------------------------------------------------------------------ */
/* Whitespace and comments                                             */
/* ------------------------------------------------------------------ */

/* The bytes of the first n (1..8) of a word, in memory order. */
static inline uint64_t first_bytes(size_t n) {
    if (n >= 8) return ~(uint64_t)0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return ~(uint64_t)0 << (8 * (8 - n));
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return ((uint64_t)1 << (8 * n)) - 1;
#else
    unsigned char b[8] = {0};
    uint64_t m;
    memset(b, 0xFF, n);
    memcpy(&m, b, 8);
    return m;
#endif
}

/*
 * The prediction. In pretty-printed input the byte before a line break
 * says what the next line holds: after ',' a sibling at the same
 * indentation as the last line; after '{' or '[' the first member, one
 * level deeper; after the end of a value (a string's quote, a number's
 * digit, true/false/null/NaN/Infinity's last letter, '}' or ']') the
 * closing bracket, one level up. Anything else: no prediction.
 */
enum { WS_NONE, WS_SAME, WS_DEEPER, WS_SHALLOWER };
static const unsigned char ws_before[256] = {
    [','] = WS_SAME,      ['{'] = WS_DEEPER,    ['['] = WS_DEEPER,    ['"'] = WS_SHALLOWER,
    ['}'] = WS_SHALLOWER, [']'] = WS_SHALLOWER, ['e'] = WS_SHALLOWER, ['l'] = WS_SHALLOWER,
    ['N'] = WS_SHALLOWER, ['y'] = WS_SHALLOWER, ['0'] = WS_SHALLOWER, ['1'] = WS_SHALLOWER,
    ['2'] = WS_SHALLOWER, ['3'] = WS_SHALLOWER, ['4'] = WS_SHALLOWER, ['5'] = WS_SHALLOWER,
    ['6'] = WS_SHALLOWER, ['7'] = WS_SHALLOWER, ['8'] = WS_SHALLOWER, ['9'] = WS_SHALLOWER};

/*
 * Is [p, p + n) the run g predicts (its newline, then n - g->nl fill
 * bytes), followed by a byte that ends whitespace (neither whitespace nor
 * a comment's '/')? One word compare for the first 8 bytes (masked when n
 * < 8), one for the last 8 (overlapping), one per 8 between: a line of
 * up to 16 bytes is two compares. Needs 8 readable bytes at p and n + 1
 * in all (room).
 */
static inline bool ws_fits(const jb_ws_guess *g, const char *p, size_t n, size_t room) {
    uint64_t w;
    if (room <= n) return false;
    w = jb__load64(p);
    if (n < 8) {
        if ((w ^ g->head) & first_bytes(n)) return false;
    } else {
        if (w != g->head) return false;
        for (size_t k = 8; k + 8 < n; k += 8)
            if (jb__load64(p + k) != g->fill) return false;
        /* the last word, unless it would take in the newline: n == 9 after
         * "\r\n", where byte 8 is the one left to check */
        if (n > 8 && (n - 8 >= g->nl ? jb__load64(p + n - 8) != g->fill
                                      : (unsigned char)p[8] != (unsigned char)g->fill))
            return false;
    }
    return !ws_tab[(unsigned char)p[n]] && p[n] != '/';
}

/* Learn from the run [from, from + n) that ws_general skipped (whitespace
 * only): when it is a newline and fill, it is the next prediction, and
 * when it followed an opening bracket or a value's end the difference
 * from the last one is the step per level (from the document's first
 * line, whose level is 0, too). Any other run ends the prediction. */
static void ws_learn(jb_reader *r, const char *from, size_t n) {
    jb_ws_guess *g = &r->ws;
    size_t nl = from[0] == '\n' ? 1 : n >= 2 && from[0] == '\r' && from[1] == '\n' ? 2 : 0;
    unsigned char fill = n > nl ? (unsigned char)from[nl] : ' ';
    size_t count = n - nl, last;
    if (!nl || (fill != ' ' && fill != '\t')) {
        g->nl = 0;
        return;
    }
    for (size_t k = nl; k < n; k++)
        if ((unsigned char)from[k] != fill) {
            g->nl = 0;
            return;
        }
    /* the last line, in the same style; none: level 0 */
    last = g->nl == nl && (unsigned char)g->fill == fill ? g->count : 0;
    if (from > r->start) {
        unsigned c = ws_before[(unsigned char)from[-1]];
        if (c == WS_DEEPER && count > last) g->step = count - last;
        if (c == WS_SHALLOWER && count < last) g->step = last - count;
    }
    g->nl = nl;
    g->count = count;
    g->fill = JB_ONES8 * fill;
    /* head: the newline's bytes, then fill (in memory order) */
    {
        unsigned char b[8];
        memset(b, fill, 8);
        memcpy(b, from, nl);
        memcpy(&g->head, b, 8);
    }
}

/* Whitespace and comments from r->p, byte by byte and 8 spaces at a time;
 * a run of whitespace only teaches the prediction (ws_learn). */
static JB_NOINLINE jb_status ws_general(jb_reader *r) {
    const char *p = r->p, *end = r->end;
    const char *from = p;
    bool comment = false;
    for (;;) {
        /* Indentation comes in runs of spaces: take them 8 at a time while
         * 8 bytes remain. x has a zero byte for each space, so on a
         * little-endian machine the count of trailing zero bits / 8 is the
         * number of spaces before the first other byte. */
        while (end - p >= 8) {
            uint64_t x = jb__load64(p) ^ (JB_ONES8 * ' ');
            if (x == 0) {
                p += 8;
                continue;
            }
#if defined(JB_GNUC) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            p += (unsigned)__builtin_ctzll(x) >> 3;
#endif
            break;
        }
        if (p >= end) break;
        if (ws_tab[(unsigned char)*p]) {
            p++;
            continue;
        }
        if (*p != '/' || !(r->flags & JB_READ_ALLOW_COMMENTS) || end - p < 2) break;
        comment = true;
        if (p[1] == '/') { /* to the end of the line, or of the input */
            const char *nl = memchr(p + 2, '\n', (size_t)(end - (p + 2)));
            p = nl ? nl + 1 : end;
        } else if (p[1] == '*') {
            const char *c = p + 2;
            for (;;) {
                const char *star = memchr(c, '*', (size_t)(end - c));
                if (!star || end - star < 2) {
                    r->p = p;
                    return jb__r_fail(r, JB_E_SYNTAX, p,
                                      "unterminated comment: no closing '*/' before end of input");
                }
                if (star[1] == '/') {
                    p = star + 2;
                    break;
                }
                c = star + 1;
            }
        } else {
            break; /* a lone '/': not whitespace; the caller reports it */
        }
    }
    if (!comment && p > from) ws_learn(r, from, (size_t)(p - from));
    r->p = p;
    return JB_OK;
}

/*
 * The stateless measure first (jb__ws_line: a line break and a run of
 * spaces or tabs, a few word compares), then the prediction (ws_before,
 * ws_fits) for what it declines: a hit costs a table load and a few word
 * compares in this small function; a miss, and everything that is not a
 * line break + indentation, goes through ws_general.
 */
jb_status jb__r_ws_slow(jb_reader *r) {
    const char *p = r->p;
    jb_ws_guess *g = &r->ws;
    const char *q = p < r->end ? jb__ws_line(p, r->end) : NULL;
    if (q) {
        r->p = q;
        return JB_OK;
    }
    size_t room = (size_t)(r->end - p);
    if (g->nl && room >= 8 && p > r->start) {
        unsigned c = ws_before[(unsigned char)p[-1]];
        size_t count = g->count;
        if (c == WS_DEEPER) count += g->step;
        if (c == WS_SHALLOWER) {
            if (count < g->step) c = WS_NONE;
            count -= g->step;
        }
        if (c != WS_NONE && ws_fits(g, p, g->nl + count, room)) {
            g->count = count;
            r->p = p + g->nl + count;
            return JB_OK;
        }
    }
    return ws_general(r);
}

/* ------------------------------------------------------------------ */
/* Strings                                                             */
/* ------------------------------------------------------------------ */

/* UTF-8 of a code point already known to be valid (not a surrogate,
 * <= U+10FFFF). */
static inline size_t utf8_put(uint32_t cp, char *o) {
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    o[0] = (char)(0xF0 | (cp >> 18));
    o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    o[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

/* The failure at p, where the string kernel stopped inside the string
 * opened at q on something other than '"' or '\\'. */
static JB_NOINLINE void fail_scan(jb_reader *r, const char *p, const char *q) {
    unsigned char c;
    if (p >= r->end) {
        fail_unterminated(r, q);
        return;
    }
    c = (unsigned char)*p;
    if (c < 0x20)
        jb__r_fail(r, JB_E_SYNTAX, p,
                   "unescaped control character U+%04X in string (write it as an escape)",
                   (unsigned)c);
    else
        jb__r_fail(r, JB_E_UTF8, p,
                   "invalid UTF-8: byte 0x%02X in string does not start a well-formed sequence",
                   (unsigned)c);
}

/*
 * Skip clean string text from s (inside the string opened by the quote at
 * q): no '"', '\\' or control byte, and valid UTF-8 unless
 * JB_READ_ALLOW_INVALID_UTF8. Returns the first '"' or '\\', or NULL after
 * recording a failure. Reads only below lim (r->end, or one past a closing
 * quote already found). With o, the clean text is also copied to *o, which
 * moves past it.
 */
static inline const char *scan_clean(jb_reader *r, const char *s, const char *lim, const char *q,
                                     char **o) {
    const int check = !(r->flags & JB_READ_ALLOW_INVALID_UTF8);
    const char *t;
    if (o) {
        size_t k = jb__kern()->copy(*o, (const unsigned char *)s, (size_t)(lim - s),
                                    check ? JB_ESC_UTF8 : 0);
        t = s + k;
        *o += k;
    } else {
        t = jb__kern()->scan(s, lim, check);
    }
    if (JB_LIKELY(t < lim && (*t == '"' || *t == '\\'))) return t;
    fail_scan(r, t < lim ? t : r->end, q);
    return NULL;
}

/*
 * The closing quote of a string known to contain an escape: from s (a
 * backslash), step over each backslash and the byte after it, and return
 * the first other '"', or NULL if the input ends first. It only locates
 * (the scan without the UTF-8 check, stepping over control bytes); the
 * unescape pass validates everything up to that quote.
 */
static const char *find_close(const jb_kernel *k, const char *s, const char *end) {
    for (;;) {
        if (*s == '"') return s;
        if (*s == '\\') {
            if (end - s < 2) return NULL;
            s += 2;
        } else {
            s++; /* a control byte */
        }
        s = k->scan(s, end, 0);
        if (s >= end) return NULL;
    }
}

/* The value of the four hex digits at h, or a value above 0xFFFF when one
 * is not a hex digit: hex_tab gives each digit's value + 1, so its value
 * is that minus 1, and a byte that is no digit gives UINT32_MAX, whose
 * bits above the low 4 stay above 0xFFFF in the or of the four, wherever
 * it is shifted. */
static inline uint32_t hex4_value(const char *h) {
    return ((uint32_t)hex_tab[(unsigned char)h[0]] - 1) << 12 |
           ((uint32_t)hex_tab[(unsigned char)h[1]] - 1) << 8 |
           ((uint32_t)hex_tab[(unsigned char)h[2]] - 1) << 4 |
           ((uint32_t)hex_tab[(unsigned char)h[3]] - 1);
}

/* Four hex digits after the "\u" at e (a backslash), digit by digit:
 * false after recording the first fault, as hex4. */
static JB_NOINLINE bool hex4_slow(jb_reader *r, const char *e, const char *lim, const char *q,
                                  uint32_t *out) {
    uint32_t v = 0;
    int i;
    for (i = 2; i < 6; i++) {
        unsigned h;
        char fb[16];
        if (lim - e <= i) {
            fail_unterminated(r, q);
            return false;
        }
        h = hex_tab[(unsigned char)e[i]];
        if (!h) {
            jb__r_fail(r, JB_E_SYNTAX, e, "invalid \\u escape: expected 4 hex digits, found %s",
                       byte_desc(r, e + i, fb));
            return false;
        }
        v = (v << 4) | (h - 1);
    }
    *out = v;
    return true;
}

/* Four hex digits after the "\u" at e (a backslash); false after recording
 * a failure. All four in the input and valid: one step (hex4_value);
 * anything else digit by digit (hex4_slow), to report the first fault. */
static inline bool hex4(jb_reader *r, const char *e, const char *lim, const char *q,
                        uint32_t *out) {
    if (JB_LIKELY(lim - e >= 6)) {
        uint32_t v = hex4_value(e + 2);
        if (JB_LIKELY(v <= 0xFFFF)) {
            *out = v;
            return true;
        }
    }
    return hex4_slow(r, e, lim, q, out);
}

/*
 * Decode the escape at e (a backslash) in the string opened at q; when o
 * is not NULL append its UTF-8 to *o. Returns the position after the
 * escape, or NULL after recording a failure. \uD800..\uDBFF must be
 * followed by \uDC00..\uDFFF; the pair becomes one 4-byte character.
 */
static const char *unescape_one(jb_reader *r, const char *e, const char *lim, const char *q,
                                char **o, bool *nul) {
    uint32_t cp, lo;
    const char *next;
    unsigned char c;
    if (lim - e < 2) {
        fail_unterminated(r, q);
        return NULL;
    }
    c = (unsigned char)e[1];
    if (c != 'u') {
        char v = esc_tab[c];
        if (JB_UNLIKELY(!v)) {
            if (c >= 0x20 && c < 0x7F)
                jb__r_fail(r, JB_E_SYNTAX, e, "invalid escape '\\%c'", (char)c);
            else
                jb__r_fail(r, JB_E_SYNTAX, e, "invalid escape: '\\' followed by byte 0x%02X",
                           (unsigned)c);
            return NULL;
        }
        if (o) *(*o)++ = v;
        return e + 2;
    }
    if (!hex4(r, e, lim, q, &cp)) return NULL;
    next = e + 6; /* hex4 saw e[5], so this is at most lim */
    if (cp >= 0xD800 && cp <= 0xDFFF) {
        if (cp >= 0xDC00) goto lone; /* a low surrogate first */
        if (lim - next < 1 || (next[0] == '\\' && lim - next < 2)) {
            fail_unterminated(r, q);
            return NULL;
        }
        if (next[0] != '\\' || next[1] != 'u') goto lone;
        if (!hex4(r, next, lim, q, &lo)) return NULL;
        if (lo < 0xDC00 || lo > 0xDFFF) goto lone;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        next += 6;
    }
    if (cp == 0 && nul) *nul = true;
    if (o) *o += utf8_put(cp, *o);
    return next;
lone:
    jb__r_fail(r, JB_E_UTF8, e,
               "lone surrogate '\\u%04X' (a \\uD800-\\uDBFF escape must be "
               "followed by a \\uDC00-\\uDFFF escape)",
               (unsigned)cp);
    return NULL;
}

/*
 * From e (a backslash) to the closing quote of the string opened at q:
 * decode each escape and validate the clean runs between them, appending
 * both to *o when o is not NULL (runs with memcpy). Returns the closing
 * quote, or NULL after recording a failure.
 */
static const char *unescape_rest(jb_reader *r, const char *e, const char *lim, const char *q,
                                 char **o, bool *nul) {
    for (;;) {
        const char *s = unescape_one(r, e, lim, q, o, nul);
        if (!s) return NULL;
        /* an escape right after this one (runs of \u escapes: text in
         * other scripts), or the closing quote: no clean text between, so
         * no kernel call; scan_clean would stop there at once */
        if (JB_LIKELY(s < lim) && (*s == '\\' || *s == '"')) {
            if (*s == '"') return s;
            e = s;
            continue;
        }
        e = scan_clean(r, s, lim, q, o);
        if (!e) return NULL;
        if (*e == '"') return e;
    }
}

/* Validate the rest of the string whose opening quote is at q, from t:
 * where scan_clean stopped on its first '"' or '\\' (NULL: it failed).
 * Returns the position after the closing quote, or NULL after recording
 * a failure. */
static const char *skip_string_at(jb_reader *r, const char *q, const char *t) {
    bool escaped = t && *t == '\\';
    if (escaped) t = unescape_rest(r, t, r->end, q, NULL, NULL);
    if (!t) return NULL;
    /* max_string_len holds for skipped strings too (the decoded length:
     * the raw length when there are no escapes, else counted below). */
    size_t raw = (size_t)(t - (q + 1));
    if (JB_UNLIKELY(r->max_string_len && raw > r->max_string_len)) {
        size_t len = raw;
        if (escaped) {
            len = 0;
            for (const char *s = q + 1; s < t; s++, len++) {
                if (*s != '\\') continue;
                if (s[1] != 'u') {
                    s++;
                    continue;
                }
                /* \uXXXX: 1-3 UTF-8 bytes; a surrogate pair (12 raw) gives 4 */
                unsigned cp = 0;
                for (int k = 2; k < 6; k++) {
                    char c = s[k];
                    cp = cp * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
                }
                if (cp >= 0xD800 && cp <= 0xDBFF) { /* validated pair: 4 bytes in all */
                    len += 3;
                    s += 11;
                    continue;
                }
                len += cp < 0x80 ? 0 : cp < 0x800 ? 1 : 2;
                s += 5;
            }
        }
        if (len > r->max_string_len) {
            fail_string_len(r, q);
            return NULL;
        }
    }
    return t + 1;
}

/*
 * The escaped tail of a string in one pass, for the common case: from e
 * (a backslash) decode each escape and copy the clean text after it to *o
 * with the kernel, up to the closing quote, which it returns (*o then past
 * the text). NULL at anything else, with nothing recorded: a fault, or
 * lim reached first; the caller then takes the two-pass path, which
 * reports exactly. Every escape's UTF-8 is no longer than its text, so
 * the output stays behind the input: with *o at or before the output of
 * e, it writes below *o + (lim - e) only. Reads below lim only.
 */
static const char *unescape_fast(const jb_kernel *k, const char *e, const char *lim, char **po,
                                 bool *nul, unsigned mode) {
    char *o = *po;
    for (;;) {
        unsigned char c;
        if (lim - e < 2) return NULL;
        c = (unsigned char)e[1];
        if (c != 'u') {
            char v = esc_tab[c];
            if (!v) return NULL;
            *o++ = v;
            e += 2;
        } else {
            uint32_t cp, lo;
            if (lim - e < 6 || (cp = hex4_value(e + 2)) > 0xFFFF) return NULL;
            e += 6;
            if (cp - 0xD800 < 0x800) { /* a surrogate: high, then \u of a low one */
                if (cp >= 0xDC00 || lim - e < 6 || e[0] != '\\' || e[1] != 'u') return NULL;
                lo = hex4_value(e + 2) - 0xDC00; /* not a hex digit: above 0xFFFF */
                if (lo >= 0x400) return NULL;
                cp = 0x10000 + ((cp - 0xD800) << 10) + lo;
                e += 6;
            }
            if (cp == 0) *nul = true;
            o += utf8_put(cp, o);
        }
        if (e < lim && *e != '\\' && *e != '"') {
            size_t n = k->copy(o, (const unsigned char *)e, (size_t)(lim - e), mode);
            o += n;
            e += n;
        }
        if (e >= lim) return NULL;
        if (*e == '"') {
            *po = o;
            return e;
        }
        if (*e != '\\') return NULL;
    }
}

/*
 * The escaped tail of a string: s is its first content byte, t its first
 * backslash (s..t is clean, already validated). Finds the closing quote,
 * checks the decoded length can still fit max_string_len, then unescapes
 * into a buffer from get_buf of the raw length + 1. On success *out holds
 * the NUL-terminated result and r->p is past the closing quote.
 */
static jb_status string_escaped(jb_reader *r, const char *q, const char *s, const char *t, bool key,
                                jb_str *out, bool *has_nul) {
    const char *close;
    size_t raw, len, room = key ? r->keycap : (size_t)(r->arena->end - r->arena->pos);
    char *buf = key ? r->keybuf : r->arena->pos, *o;
    bool nul = false;
    /* One pass first (unescape_fast), into memory that is free now: the
     * key buffer, or the arena's current chunk past its last allocation,
     * taken by the allocation below once the string is known to fit; with
     * the input read only within room bytes of s, the output stays inside
     * it. What that pass does not take (the string not closed within
     * room, a fault, a length over max_string_len's first bound) goes
     * through the two passes below from the start. */
    if (room > (size_t)(r->end - s)) room = (size_t)(r->end - s);
    if (room > (size_t)(t - s) + 1) {
        memcpy(buf, s, (size_t)(t - s));
        o = buf + (t - s);
        close = unescape_fast(jb__kern(), t, s + room, &o, &nul,
                              (r->flags & JB_READ_ALLOW_INVALID_UTF8) ? 0 : JB_ESC_UTF8);
        raw = close ? (size_t)(close - s) : 0;
        if (close && !(r->max_string_len && raw / 6 > r->max_string_len)) {
            /* raw + 1 <= room: the bytes just written, at buf (the
             * arena's bump pointer, alignment 1) */
            if (!key && jb__arena_alloc(r->arena, raw + 1, 1) != buf) return fail_nomem(r, q);
            goto done;
        }
        nul = false;
    }
    close = find_close(jb__kern(), t, r->end);
    if (!close) {
        /* Report the first fault, as jb__r_skip would: validate up to the
         * end (which ends in "unterminated" if nothing earlier is wrong). */
        if (unescape_rest(r, t, r->end, q, NULL, NULL)) fail_unterminated(r, q);
        return r->code;
    }
    raw = (size_t)(close - s);
    /* Every escape shrinks to no less than a sixth of its text (\u0041 is 6
     * bytes for 1), so the result has at least raw / 6 bytes. */
    if (r->max_string_len && raw / 6 > r->max_string_len) return fail_string_len(r, q);
    if (key) {
        if (r->keycap < raw + 1) {
            size_t cap = r->keycap < 32 ? 64 : r->keycap;
            while (cap < raw + 1) cap = cap > SIZE_MAX / 2 ? raw + 1 : cap * 2;
            buf = jb__arena_alloc(r->arena, cap, 1);
            if (!buf) return fail_nomem(r, q);
            r->keybuf = buf;
            r->keycap = cap;
        }
        buf = r->keybuf;
    } else {
        buf = jb__arena_alloc(r->arena, raw + 1, 1);
        if (!buf) return fail_nomem(r, q);
    }
    memcpy(buf, s, (size_t)(t - s));
    o = buf + (t - s);
    /* The limit is one past the closing quote: the unescape pass cannot
     * run beyond the text measured above, so it cannot overflow buf. */
    if (!unescape_rest(r, t, close + 1, q, &o, &nul)) return r->code;
done:
    len = (size_t)(o - buf);
    *o = '\0';
    if (r->max_string_len && len > r->max_string_len) return fail_string_len(r, q);
    out->ptr = buf;
    out->len = len;
    if (has_nul) *has_nul = nul;
    r->p = close + 1;
    return JB_OK;
}

jb_status jb__r_string_escaped(jb_reader *r, const char *t, jb_str *out) {
    return string_escaped(r, r->p, r->p + 1, t, false, out, NULL);
}

jb_status jb__r_string(jb_reader *r, jb_str *out, bool borrow, bool *has_nul) {
    const char *q = r->p, *s = q + 1, *t;
    size_t len;
    if (JB_UNLIKELY(q >= r->end || *q != '"')) return fail_expect_string(r, q);
    t = scan_clean(r, s, r->end, q, NULL);
    if (JB_UNLIKELY(!t)) return r->code;
    if (JB_UNLIKELY(*t == '\\')) return string_escaped(r, q, s, t, false, out, has_nul);
    len = (size_t)(t - s);
    if (r->max_string_len && len > r->max_string_len) return fail_string_len(r, q);
    if (borrow) {
        out->ptr = s;
    } else {
        char *buf = jb__arena_alloc(r->arena, len + 1, 1);
        if (JB_UNLIKELY(!buf)) return fail_nomem(r, q);
        memcpy(buf, s, len);
        buf[len] = '\0';
        out->ptr = buf;
    }
    out->len = len;
    if (has_nul) *has_nul = false;
    r->p = t + 1;
    return JB_OK;
}

jb_status jb__r_key(jb_reader *r, jb_str *out) {
    const char *q = r->p, *s = q + 1, *t;
    size_t len;
    if (JB_UNLIKELY(q >= r->end || *q != '"')) return fail_expect_string(r, q);
    t = scan_clean(r, s, r->end, q, NULL);
    if (JB_UNLIKELY(!t)) return r->code;
    if (JB_UNLIKELY(*t == '\\')) return string_escaped(r, q, s, t, true, out, NULL);
    len = (size_t)(t - s);
    if (r->max_string_len && len > r->max_string_len) return fail_string_len(r, q);
    out->ptr = s;
    out->len = len;
    r->p = t + 1;
    return JB_OK;
}

/* ------------------------------------------------------------------ */
/* Numbers and literals                                                */
/* ------------------------------------------------------------------ */

/* NaN (1), Infinity (2), -Infinity (3) at p, with its length; 0 if none. */
static int nan_inf(const char *p, const char *end, size_t *len) {
    size_t avail = (size_t)(end - p);
    if (avail >= 3 && memcmp(p, "NaN", 3) == 0) return *len = 3, 1;
    if (avail >= 8 && memcmp(p, "Infinity", 8) == 0) return *len = 8, 2;
    if (avail >= 9 && memcmp(p, "-Infinity", 9) == 0) return *len = 9, 3;
    return 0;
}

static JB_NOINLINE jb_status fail_number(jb_reader *r, const char *p, size_t n, size_t bad) {
    char fb[16];
    size_t sp = 0;
    if (n == 0 && nan_inf(p, r->end, &sp))
        return jb__r_fail(r, JB_E_SYNTAX, p,
                          "invalid number: NaN and Infinity are not JSON "
                          "(JB_READ_ALLOW_NAN_INF accepts them)");
    if (n == 0)
        return jb__r_fail(r, JB_E_SYNTAX, p, "invalid number, found %s", byte_desc(r, p + bad, fb));
    if ((n == 1 || (n == 2 && p[0] == '-')) && p[n - 1] == '0' && p[n] >= '0' && p[n] <= '9')
        return jb__r_fail(r, JB_E_SYNTAX, p, "invalid number: leading zero");
    return jb__r_fail(r, JB_E_SYNTAX, p, "invalid number, found %s after '%.*s'",
                      byte_desc(r, p + n, fb), n > 32 ? 32 : (int)n, p);
}

jb_status jb__r_number(jb_reader *r, jb_str *tok, bool *integral, int *special) {
    const char *p = r->p, *end = r->end;
    size_t bad = 0, n;
    bool integ = false;
    int sp = 0;
    n = jb__num_scan(p, end, &integ, &bad);
    if (JB_UNLIKELY(n == 0)) {
        if (!(r->flags & JB_READ_ALLOW_NAN_INF) || !(sp = nan_inf(p, end, &n)))
            return fail_number(r, p, 0, bad);
        integ = false;
    }
    if (JB_UNLIKELY(n > r->max_number_len))
        return jb__r_fail(r, JB_E_LIMIT, p, "number longer than %zu bytes (max_number_len)",
                          r->max_number_len);
    if (JB_UNLIKELY(p + n < end && !is_delim(r, (unsigned char)p[n])))
        return fail_number(r, p, n, 0);
    tok->ptr = p;
    tok->len = n;
    if (integral) *integral = integ;
    if (special) *special = sp;
    r->p = p + n;
    return JB_OK;
}

static JB_NOINLINE jb_status fail_literal(jb_reader *r, const char *word, size_t len) {
    /* Show the token that was found: the run of printable bytes up to a
     * delimiter or structural character. */
    const char *p = r->p, *e = p;
    char fb[16];
    while (e < r->end && e - p < 24 && (unsigned char)*e > 0x20 && (unsigned char)*e < 0x7F &&
           !strchr(",:[]{}\"", *e))
        e++;
    if (e == p)
        return jb__r_fail(r, JB_E_SYNTAX, p, "expected '%.*s', found %s", (int)len, word,
                          jb__r_found(r, p, fb));
    return jb__r_fail(r, JB_E_SYNTAX, p, "expected '%.*s', found '%.*s%s'", (int)len, word,
                      (int)(e - p), p, e - p == 24 ? "..." : "");
}

jb_status jb__r_literal(jb_reader *r, const char *word, size_t len) {
    const char *p = r->p;
    if (JB_LIKELY((size_t)(r->end - p) >= len && memcmp(p, word, len) == 0 &&
                  (p + len == r->end || is_delim(r, (unsigned char)p[len])))) {
        r->p = p + len;
        return JB_OK;
    }
    return fail_literal(r, word, len);
}

/* ------------------------------------------------------------------ */
/* Skipping a value                                                    */
/* ------------------------------------------------------------------ */

/* Double the skip stack into the arena (only past SKIP_STACK levels,
 * which needs a max_depth above the default). */
static size_t *skip_grow(jb_reader *r, size_t *stack, size_t *cap, const char *at) {
    size_t ncap, bytes;
    size_t *ns;
    if (!jb__mul_ok(*cap, 2, &ncap) || !jb__mul_ok(ncap, sizeof *ns, &bytes)) {
        jb__r_fail(r, JB_E_NOMEM, at, "out of memory");
        return NULL;
    }
    /* on the scratch stack: jb__r_skip pops it when it returns */
    ns = jb__scratch_push(r->arena, bytes, _Alignof(size_t));
    if (!ns) {
        fail_nomem(r, at);
        return NULL;
    }
    memcpy(ns, stack, *cap * sizeof *ns);
    *cap = ncap;
    return ns;
}

/*
 * One iterative state machine (labels value / after / close / key) rather
 * than recursion, so that hostile nesting costs a bounded stack. For each
 * open container the stack holds the enclosing level's state: its member
 * count shifted left by one, and 1 in the low bit for an object. The
 * current level's count and kind live in n and obj.
 */
static jb_status skip_value(jb_reader *r);

jb_status jb__r_skip_exact(jb_reader *r) {
    jb_scratch_mark m = jb__scratch_mark(r->arena);
    jb_status st = skip_value(r);
    jb__scratch_pop(r->arena, m);
    return st;
}


/*
 * Whitespace inside a skipped value, from p: the bytes one at a time, but
 * a run of spaces (the indentation after a line break) 8 at a time. No
 * prediction: jb__r_ws_slow's guess stays the decoder's, which is what
 * the line after the skipped value needs. A comment (when allowed) goes to
 * jb__r_ws_slow. Returns the first byte after the whitespace (maybe end),
 * or NULL after recording a failure (an unterminated comment).
 */
static inline const char *skip_ws(jb_reader *r, const char *p) {
    const char *const end = r->end;
    while (p < end && ws_tab[(unsigned char)*p]) {
        p++;
        while (end - p >= 8) {
            /* x is 0 in the bytes that are ' '; m flags the others, exactly
             * (the low 7 bits plus 0x7F carry into bit 7 only when non-zero,
             * never into the next byte) */
            uint64_t x = jb__load64(p) ^ (JB_ONES8 * ' ');
            uint64_t m = (((x & JB_LO7) + JB_LO7) | x) & JB_HI8;
            if (m) {
                p += jb__first_byte(m);
                break;
            }
            p += 8;
        }
    }
    if (JB_UNLIKELY(p < end && *p == '/' && (r->flags & JB_READ_ALLOW_COMMENTS))) {
        r->p = p;
        if (jb__r_ws_slow(r) != JB_OK) return NULL;
        return r->p;
    }
    return p;
}

/* The string opened at q, skipped: the kernel's scan, and when it stops on
 * the closing quote of a string within max_string_len, nothing else; an
 * escape or a fault goes on as skip_string would from there. Returns the
 * byte after the closing quote, or NULL after recording a failure. */
static inline const char *skip_str(jb_reader *r, const char *q) {
    const char *end = r->end;
    const char *t = jb__kern()->scan(q + 1, end, !(r->flags & JB_READ_ALLOW_INVALID_UTF8));
    if (JB_LIKELY(t < end && *t == '"' && (size_t)(t - (q + 1)) <= r->max_string_len)) return t + 1;
    if (t < end && (*t == '"' || *t == '\\')) return skip_string_at(r, q, t);
    fail_scan(r, t < end ? t : end, q);
    return NULL;
}

/* A number or literal whose text at p ends at p + n: followed by the end
 * of input or a delimiter other than '/' (which the slow paths judge). */
static inline bool skip_delim(const char *p, size_t n, const char *end) {
    return p + n == end || delim_tab[(unsigned char)p[n]];
}

/*
 * The state machine keeps its cursor in the local p, and r->p is set only
 * for the calls that read from it (the slow paths: comments, failures of
 * numbers and literals, NaN and Infinity), which then report from exactly
 * where the simple skip would. Each token's common case is in line:
 * whitespace (skip_ws), a string the kernel scans to its closing quote
 * (skip_str), a number jb__num_scan takes whole, true/false/null.
 */
static jb_status skip_value(jb_reader *r) {
    size_t local[SKIP_STACK];
    size_t *stack = local, cap = SKIP_STACK;
    const size_t room = r->max_depth > r->depth ? (size_t)(r->max_depth - r->depth) : 0;
    const size_t max = r->max_members;
    const char *p = r->p, *const end = r->end;
    size_t d = 0, n = 0;
    bool obj = false;
    jb_status st;
    char fb[16];

value:
    if (!(p = skip_ws(r, p))) return r->code;
    if (p >= end) return jb__r_fail(r, JB_E_SYNTAX, p, "expected value, found end of input");
    switch (*p) {
    case '{':
    case '[':
        if (d >= room)
            return jb__r_fail(r, JB_E_DEPTH, p, "nesting deeper than %u levels (max_depth)",
                              (unsigned)r->max_depth);
        if (d == cap && !(stack = skip_grow(r, stack, &cap, p))) return r->code;
        stack[d++] = (n << 1) | (size_t)obj;
        obj = *p == '{';
        if (!(p = skip_ws(r, p + 1))) return r->code;
        if (p < end && *p == (obj ? '}' : ']')) {
            p++;
            goto close;
        }
        n = 1;
        if (obj) goto key;
        goto value;
    case '"':
        if (!(p = skip_str(r, p))) return r->code;
        break;
    case 't':
        if (end - p >= 4 && memcmp(p, "true", 4) == 0 && skip_delim(p, 4, end)) {
            p += 4;
            break;
        }
        r->p = p;
        if ((st = jb__r_literal(r, "true", 4)) != JB_OK) return st;
        p = r->p;
        break;
    case 'f':
        if (end - p >= 5 && memcmp(p, "false", 5) == 0 && skip_delim(p, 5, end)) {
            p += 5;
            break;
        }
        r->p = p;
        if ((st = jb__r_literal(r, "false", 5)) != JB_OK) return st;
        p = r->p;
        break;
    case 'n':
        if (end - p >= 4 && memcmp(p, "null", 4) == 0 && skip_delim(p, 4, end)) {
            p += 4;
            break;
        }
        r->p = p;
        if ((st = jb__r_literal(r, "null", 4)) != JB_OK) return st;
        p = r->p;
        break;
    case 'N':
    case 'I': {
        size_t len;
        if (!nan_inf(p, end, &len)) goto bad_value; /* else let jb__r_number judge the flag */
    }
    JB_FALLTHROUGH;
    case '-':
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9': {
        jb_str tok;
        bool integ;
        size_t bad = 0, len = jb__num_scan(p, end, &integ, &bad);
        if (JB_LIKELY(len && len <= r->max_number_len && skip_delim(p, len, end))) {
            p += len;
            break;
        }
        r->p = p;
        if ((st = jb__r_number(r, &tok, NULL, NULL)) != JB_OK) return st;
        p = r->p;
        break;
    }
    default:
    bad_value:
        return jb__r_fail(r, JB_E_SYNTAX, p, "expected value, found %s", jb__r_found(r, p, fb));
    }

after:
    if (d == 0) {
        r->p = p;
        return JB_OK;
    }
    if (!(p = skip_ws(r, p))) return r->code;
    if (p < end && *p == ',') {
        const char *comma = p;
        if (!(p = skip_ws(r, p + 1))) return r->code;
        if (p < end && *p == (obj ? '}' : ']')) {
            if (!(r->flags & JB_READ_ALLOW_TRAILING_COMMAS))
                return jb__r_fail(r, JB_E_SYNTAX, comma, "trailing comma before '%c' not allowed",
                                  *p);
            p++;
            goto close;
        }
        if (++n > max && max)
            return jb__r_fail(r, JB_E_LIMIT, p, "more than %zu %s (max_members)", max,
                              obj ? "members in an object" : "elements in an array");
        if (obj) goto key;
        goto value;
    }
    if (p < end && *p == (obj ? '}' : ']')) {
        p++;
        goto close;
    }
    return jb__r_fail(r, JB_E_SYNTAX, p, "expected ',' or '%c', found %s", obj ? '}' : ']',
                      jb__r_found(r, p, fb));

close:
    d--;
    n = stack[d] >> 1;
    obj = stack[d] & 1;
    goto after;

key: /* whitespace before the key is already skipped */
    if (p >= end || *p != '"')
        return jb__r_fail(r, JB_E_SYNTAX, p, "expected string key, found %s",
                          jb__r_found(r, p, fb));
    if (!(p = skip_str(r, p))) return r->code;
    if (!(p = skip_ws(r, p))) return r->code;
    if (p >= end || *p != ':')
        return jb__r_fail(r, JB_E_SYNTAX, p, "expected ':' after key, found %s",
                          jb__r_found(r, p, fb));
    p++;
    goto value;
}

/*
 * Skipping a value: a scalar at r->p (the common case of an unknown
 * member) in line here, with exactly skip_value's checks and in its
 * order, so that what it accepts and every error (each from the function
 * skip_value would call, at the same byte) are unchanged; no scratch mark
 * and no state machine's frame for it. Anything else (whitespace first,
 * containers, a number or literal that needs a closer look) goes to
 * skip_value from the same byte.
 */
jb_status jb__r_skip(jb_reader *r) {
    const char *p = r->p, *const end = r->end;
    if (JB_LIKELY(p < end)) {
        switch (*p) {
        case '"':
            if (!(p = skip_str(r, p))) return r->code;
            r->p = p;
            return JB_OK;
        case '-':
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9': {
            bool integ;
            size_t bad = 0, len = jb__num_scan(p, end, &integ, &bad);
            if (JB_LIKELY(len && len <= r->max_number_len && skip_delim(p, len, end))) {
                r->p = p + len;
                return JB_OK;
            }
            break;
        }
        case 't':
        case 'n':
            if (end - p >= 4 && memcmp(p, *p == 't' ? "true" : "null", 4) == 0 && skip_delim(p, 4, end)) {
                r->p = p + 4;
                return JB_OK;
            }
            break;
        case 'f':
            if (end - p >= 5 && memcmp(p, "false", 5) == 0 && skip_delim(p, 5, end)) {
                r->p = p + 5;
                return JB_OK;
            }
            break;
#if JB_SKIP_SCAN
        case '{':
        case '[':
            /* A container: the structural scan (skip.c) first; what it
             * does not accept goes through skip_value from the same byte
             * (docs/design.md). */
            if (jb__skip_scan(r)) return JB_OK;
            break;
#endif
        default: break;
        }
    }
    return jb__r_skip_exact(r);
}

jb_status jb__r_doc_end(jb_reader *r, const char *json, size_t *consumed) {
    if (consumed) {
        size_t n = (size_t)(r->p - json);
        if (n > r->max_doc_size)
            return jb__r_fail(r, JB_E_LIMIT, json, "document of %zu bytes is over the %zu-byte limit", n,
                              r->max_doc_size);
        *consumed = n;
    } else if (!(r->flags & JB_READ_ALLOW_TRAILING_DATA)) {
        if (jb__r_ws(r)) return r->code;
        if (r->p < r->end) {
            char buf[16];
            return jb__r_fail(r, JB_E_TRAILING, r->p, "expected end of input, found %s", jb__r_found(r, r->p, buf));
        }
    }
    return JB_OK;
}
