/* SPDX-License-Identifier: MIT */
/*
 * render.c — jb_error_render: an error shown against its input the way
 * compilers show theirs:
 *
 *     config.json:3:11: expected an integer between 0 and 65535, found 70000
 *        3 |   "port": 70000,
 *          |           ^~~~~
 *          = at $.server.port (JB_E_RANGE)
 *
 * The source line is a window of at most JB_RENDER_WIDTH display columns
 * around the error (long, minified lines are cut with "..." on either
 * side, never inside a UTF-8 character). Display columns are what a
 * terminal shows: a tab goes to the next multiple of 8, a wide character
 * (East Asian wide and fullwidth, emoji) takes 2, a combining mark 0;
 * bytes a terminal would act on (control characters, invalid UTF-8,
 * bidirectional overrides, line separators) are shown escaped. The header
 * keeps jb_error's own line and column (bytes). Nothing here allocates;
 * the output is cut visibly at the buffer's size.
 */
#include <stdio.h>

#include "error.h"
#include "utf8.h"

#define WIDTH JB_RENDER_WIDTH /* display columns of source text shown */
#define BACK 4096             /* bytes looked back for the start of a line */
#define TAB 8

/* ------------------------------------------------------------------ */
/* Output with visible truncation                                      */
/* ------------------------------------------------------------------ */

typedef struct out {
    char *d;
    size_t limit; /* bytes that may be stored before the cut mark */
    size_t len;   /* bytes stored */
    size_t need;  /* bytes the whole rendering takes */
    bool cut;
    bool color;
} out;

/* Text: as much as fits, never ending inside a UTF-8 character. */
static void emit(out *o, const char *s, size_t n) {
    o->need += n;
    if (o->cut || !o->d) return;
    if (n > o->limit - o->len) {
        size_t k = o->limit - o->len;
        while (k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
        memcpy(o->d + o->len, s, k);
        o->len += k;
        o->cut = true;
        return;
    }
    memcpy(o->d + o->len, s, n);
    o->len += n;
}

static void emits(out *o, const char *s) { emit(o, s, strlen(s)); }

/* A colour escape: whole or not at all; nothing in plain mode. */
static void style(out *o, const char *esc) {
    size_t n = strlen(esc);
    if (!o->color) return;
    o->need += n;
    if (o->cut || !o->d) return;
    if (n > o->limit - o->len) {
        o->cut = true;
        return;
    }
    memcpy(o->d + o->len, esc, n);
    o->len += n;
}

static void spaces(out *o, size_t n) {
    static const char sp[] = "                                ";
    while (n > 0) {
        size_t k = n < sizeof sp - 1 ? n : sizeof sp - 1;
        emit(o, sp, k);
        n -= k;
    }
}

#define BOLD "\033[1m"
#define RED "\033[1;31m"
#define BLUE "\033[1;34m"
#define RESET "\033[0m"

/* ------------------------------------------------------------------ */
/* Characters as a terminal shows them                                 */
/* ------------------------------------------------------------------ */

/* Display widths that are not 1 (a short table after Unicode's East
 * Asian Width, W and F, and the common combining marks: an approximation
 * of wcwidth that needs no locale). */
static const struct { uint32_t lo, hi; uint8_t w; } widths[] = {
    {0x0300, 0x036F, 0}, {0x0483, 0x0489, 0}, {0x0591, 0x05BD, 0}, {0x0610, 0x061A, 0},
    {0x064B, 0x065F, 0}, {0x0E31, 0x0E31, 0}, {0x0E34, 0x0E3A, 0}, {0x1100, 0x115F, 2},
    {0x1AB0, 0x1AFF, 0}, {0x1DC0, 0x1DFF, 0}, {0x200B, 0x200D, 0}, {0x20D0, 0x20FF, 0},
    {0x231A, 0x231B, 2}, {0x2329, 0x232A, 2}, {0x23E9, 0x23EC, 2}, {0x25FD, 0x25FE, 2},
    {0x2614, 0x2615, 2}, {0x2648, 0x2653, 2}, {0x26A1, 0x26A1, 2}, {0x26AA, 0x26AB, 2},
    {0x26BD, 0x26BE, 2}, {0x26C4, 0x26C5, 2}, {0x26CE, 0x26CE, 2}, {0x26D4, 0x26D4, 2},
    {0x26EA, 0x26EA, 2}, {0x26F2, 0x26F5, 2}, {0x26FA, 0x26FD, 2}, {0x2705, 0x2705, 2},
    {0x270A, 0x270B, 2}, {0x2728, 0x2728, 2}, {0x274C, 0x274C, 2}, {0x2753, 0x2755, 2},
    {0x2757, 0x2757, 2}, {0x2795, 0x2797, 2}, {0x27B0, 0x27B0, 2}, {0x27BF, 0x27BF, 2},
    {0x2B1B, 0x2B1C, 2}, {0x2B50, 0x2B50, 2}, {0x2B55, 0x2B55, 2}, {0x2E80, 0x303E, 2},
    {0x3041, 0x33FF, 2}, {0x3400, 0x4DBF, 2}, {0x4E00, 0x9FFF, 2}, {0xA000, 0xA4CF, 2},
    {0xA960, 0xA97F, 2}, {0xAC00, 0xD7A3, 2}, {0xF900, 0xFAFF, 2}, {0xFE00, 0xFE0F, 0},
    {0xFE10, 0xFE19, 2}, {0xFE20, 0xFE2F, 0}, {0xFE30, 0xFE6F, 2}, {0xFF00, 0xFF60, 2},
    {0xFFE0, 0xFFE6, 2}, {0x16FE0, 0x16FE4, 2}, {0x17000, 0x18CFF, 2}, {0x1B000, 0x1B2FF, 2},
    {0x1F004, 0x1F004, 2}, {0x1F0CF, 0x1F0CF, 2}, {0x1F18E, 0x1F18E, 2}, {0x1F191, 0x1F19A, 2},
    {0x1F200, 0x1F251, 2}, {0x1F300, 0x1F64F, 2}, {0x1F680, 0x1F6FF, 2}, {0x1F7E0, 0x1F7EB, 2},
    {0x1F90C, 0x1F9FF, 2}, {0x1FA70, 0x1FAFF, 2}, {0x20000, 0x3FFFD, 2}, {0xE0100, 0xE01EF, 0},
};

static size_t char_width(uint32_t cp) {
    size_t lo = 0, hi = sizeof widths / sizeof widths[0];
    while (lo < hi) { /* binary search: the table is sorted */
        size_t mid = (lo + hi) / 2;
        if (cp < widths[mid].lo) hi = mid;
        else if (cp > widths[mid].hi) lo = mid + 1;
        else return widths[mid].w;
    }
    return 1;
}

/* Code points a terminal would act on or hide: C0 and C1 controls,
 * DEL, line and paragraph separators, bidirectional controls. */
static bool must_escape(uint32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E ||
           cp == 0x200F || cp == 0x061C;
}

/* One unit of shown text starting at s[0..n) (n >= 1): the bytes it
 * takes from the input, the text shown for it (into buf, or s itself)
 * and its display width at column col (tabs depend on it). */
typedef struct unit {
    size_t bytes, width, shown_len;
    const char *shown;
    char buf[TAB + 1];
} unit;

static void unit_at(unit *u, const unsigned char *s, size_t n, size_t col) {
    static const char hex[] = "0123456789ABCDEF";
    uint32_t cp = s[0]; /* also what the tests below read when s is not UTF-8 */
    size_t len = s[0] < 0x80 ? 1 : jb__utf8_decode(s, n, &cp);
    u->shown = u->buf;
    if (cp == '\t' && len == 1) {
        u->bytes = 1;
        u->width = u->shown_len = TAB - col % TAB;
        memset(u->buf, ' ', u->width);
    } else if (len == 0) { /* not UTF-8: \xNN */
        u->bytes = 1;
        u->width = u->shown_len = 4;
        u->buf[0] = '\\', u->buf[1] = 'x', u->buf[2] = hex[s[0] >> 4], u->buf[3] = hex[s[0] & 15];
    } else if (must_escape(cp)) { /* \u00XX, \u202E */
        u->bytes = len;
        u->width = u->shown_len = 6;
        snprintf(u->buf, sizeof u->buf, "\\u%04X", (unsigned)cp);
    } else {
        u->bytes = u->shown_len = len;
        u->width = char_width(cp);
        u->shown = (const char *)s;
    }
}

/* Message text (a message, a path, a name) with the same escapes. */
static void emit_safe(out *o, const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    size_t n = strlen(s), i = 0, run = 0;
    while (i < n) {
        unit u;
        if (p[i] >= 0x20 && p[i] < 0x7F) { /* the common case: ASCII, kept in a run */
            i++;
            continue;
        }
        unit_at(&u, p + i, n - i, 0);
        if (u.shown == s + i) { /* a character shown as it is: stays in the run */
            i += u.bytes;
            continue;
        }
        emit(o, s + run, i - run);
        if (p[i] == '\t') emit(o, "\\t", 2); /* a message stays one line */
        else emit(o, u.shown, u.shown_len);
        i += u.bytes;
        run = i;
    }
    emit(o, s + run, n - run);
}

/* ------------------------------------------------------------------ */
/* The source window                                                   */
/* ------------------------------------------------------------------ */

static bool line_end(char c) { return c == '\n' || c == '\r'; }
static bool isxdigit_(char c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }

/* Where the token at `at` ends (for the ~ under it): a string to its
 * closing quote, a number or a bare word to its last character, else one
 * character. Reads at most `max` bytes. */
static size_t token_end(const char *in, size_t len, size_t at, size_t max) {
    size_t i = at, lim = len - at > max ? at + max : len;
    unsigned char c;
    if (at >= len) return at;
    c = (unsigned char)in[at];
    if (c == '"') {
        for (i = at + 1; i < lim && in[i] != '"' && !line_end(in[i]); i += in[i] == '\\' ? 2 : 1) {
        }
        return i < lim && in[i] == '"' ? i + 1 : (i < lim ? i : lim);
    }
    if (c == '-' || (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')) {
        while (i < lim) {
            c = (unsigned char)in[i];
            if (!((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '-' ||
                  c == '+' || c == '.' || c == '_'))
                break;
            i++;
        }
        return i;
    }
    if (c == '\\' && at + 1 < lim) { /* an escape: \uXXXX, or \n and the like */
        i = at + 2;
        if (in[at + 1] == 'u')
            while (i < lim && i < at + 6 && isxdigit_(in[i])) i++;
        return i;
    }
    return at + 1; /* one byte; the caret covers its character */
}

/* The display column of `to`, counted from `from` (both unit starts). */
static size_t columns(const char *in, size_t from, size_t to) {
    size_t col = 0;
    while (from < to) {
        unit u;
        unit_at(&u, (const unsigned char *)in + from, to - from, col);
        col += u.width;
        from += u.bytes;
    }
    return col;
}

static void source(out *o, const jb_error *e, const char *in, size_t len, size_t gutter) {
    size_t at = e->offset, start, left, col_at, end;
    bool cut_left = false, cut_right = false;
    char num[32];
    /* the line's start, looking back at most BACK bytes */
    start = at;
    while (start > 0 && at - start < BACK && !line_end(in[start - 1])) start--;
    if (start > 0 && !line_end(in[start - 1])) {
        cut_left = true;
        while (start < at && ((unsigned char)in[start] & 0xC0) == 0x80) start++;
    }
    /* the error's own unit start (an offset inside a character: its start) */
    while (at > start && at < len && ((unsigned char)in[at] & 0xC0) == 0x80) at--;
    col_at = columns(in, start, at);
    /* a long line: begin the window half a width before the error */
    left = start;
    if (cut_left || col_at > WIDTH - 10) {
        size_t skip = col_at > WIDTH / 2 ? col_at - WIDTH / 2 : 0, col = 0;
        while (left < at && col < skip) {
            unit u;
            unit_at(&u, (const unsigned char *)in + left, len - left, col);
            col += u.width;
            left += u.bytes;
        }
        cut_left = cut_left || left > start;
    }
    /* the window's text, up to WIDTH columns */
    snprintf(num, sizeof num, "%zu", e->line);
    style(o, BLUE);
    spaces(o, 1 + gutter - strlen(num));
    emits(o, num);
    emit(o, " | ", 3);
    style(o, RESET);
    size_t col = 0, caret = 0, caret_w = 1, tilde_end = token_end(in, len, at, 4 * WIDTH), under = 0;
    if (cut_left) {
        emit(o, "...", 3);
        col = 3;
    }
    for (end = left; end < len && !line_end(in[end]);) {
        unit u;
        unit_at(&u, (const unsigned char *)in + end, len - end, col - (cut_left ? 3 : 0));
        if (col + u.width > WIDTH + (cut_left ? 3 : 0)) {
            cut_right = true;
            break;
        }
        if (end == at) caret = col, caret_w = u.width ? u.width : 1;
        else if (end > at && end < tilde_end) under += u.width;
        emit(o, u.shown, u.shown_len);
        col += u.width;
        end += u.bytes;
    }
    if (at >= end) caret = col, caret_w = 1; /* at the line's end or the input's */
    if (cut_right) emit(o, "...", 3);
    emit(o, "\n", 1);
    /* the caret line */
    style(o, BLUE);
    spaces(o, 1 + gutter);
    emit(o, " |", 2);
    style(o, RESET);
    spaces(o, 1 + caret);
    style(o, RED);
    emit(o, "^", 1);
    for (size_t i = 1; i < caret_w + under; i++) emit(o, "~", 1);
    style(o, RESET);
    emit(o, "\n", 1);
}

static void render(out *o, const jb_error *e, const char *name, const char *input, size_t len);

size_t jb_error_render(const jb_error *e, const char *name, const char *input, size_t len, uint32_t flags,
                       char *dst, size_t cap) {
    /* room kept for the cut mark: "..." (a reset in colour) and "\n" */
    const size_t reserve = 3 + ((flags & JB_RENDER_COLOR) ? strlen(RESET) : 0) + 1;
    out o = {NULL, 0, 0, 0, false, (flags & JB_RENDER_COLOR) != 0};
    if (!e) return 0;
    render(&o, e, name, input, len); /* count first: whether it all fits decides the limit */
    if (!dst || cap == 0) return o.need;
    if (o.need < cap) {
        o = (out){dst, cap - 1, 0, 0, false, o.color};
    } else if (cap > reserve) {
        o = (out){dst, cap - 1 - reserve, 0, 0, false, o.color};
    } else {
        dst[0] = '\0';
        return o.need;
    }
    render(&o, e, name, input, len);
    if (o.cut) {
        memcpy(o.d + o.len, "...", 3);
        o.len += 3;
        if (o.color) {
            memcpy(o.d + o.len, RESET, strlen(RESET));
            o.len += strlen(RESET);
        }
        o.d[o.len++] = '\n';
    }
    o.d[o.len] = '\0';
    return o.need;
}

static void render(out *o, const jb_error *e, const char *name, const char *input, size_t len) {
    char num[48];
    size_t gutter;
    if (!name) name = "<input>";
    snprintf(num, sizeof num, "%zu", e->line);
    gutter = strlen(num);
    /* FILE:LINE:COLUMN: message */
    style(o, BOLD);
    emit_safe(o, name);
    if (e->line) {
        snprintf(num, sizeof num, ":%zu:%zu", e->line, e->column);
        emits(o, num);
    }
    emit(o, ": ", 2);
    emit_safe(o, e->message);
    style(o, RESET);
    emit(o, "\n", 1);
    if (e->line && input && e->offset <= len) source(o, e, input, len, gutter);
    /* = at PATH (CODE) */
    style(o, BLUE);
    spaces(o, 1 + gutter);
    emit(o, " =", 2);
    style(o, RESET);
    emit(o, " at ", 4);
    emit_safe(o, e->path[0] ? e->path : "$");
    emit(o, " (", 2);
    emits(o, jb_status_name(e->code));
    emit(o, ")\n", 2);
}
