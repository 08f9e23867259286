/* SPDX-License-Identifier: MIT */
/*
 * test_errors_doc.c — docs/errors.md's examples, one per error code, read
 * back from the document and run through the library:
 *
 *   - the rendering (jb_error_render, plain mode, name "config.json")
 *     must be the document's, byte for byte: a message or renderer change
 *     fails here until the document says the same;
 *   - each example's code, offset, line and column must be the ones in
 *     the table below, written by hand from the input (never taken from
 *     the code under test);
 *   - every JB_E_* code has an example, and every example in the document
 *     is one the table knows.
 *
 * The document's format: an input block
 *
 *   ```json example=NAME
 *   ...the input, its last newline not part of it...
 *   ```
 *
 * (absent for an encode, whose error has no source text) and the output
 *
 *   ```text rendered=NAME
 *   ...jb_error_render's output...
 *   ```
 *
 * `test_errors_doc --print` prints each example's rendering in that
 * format, to update the document after a deliberate change (read the
 * difference before pasting it).
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"

/* ------------------------------------------------------------------ */
/* The types the examples use (docs/errors.md shows them)              */
/* ------------------------------------------------------------------ */

#define ROLE(F) F(ROLE_ADMIN, "admin", 1) F(ROLE_USER, "user", 2) F(ROLE_GUEST, "guest", 3)
JB_ENUM_DEFINE(role, ROLE);

#define SERVER(F) F(host, char *) F(port, uint16_t) F(role, role, &role_type)
JB_RECORD_DEFINE(server, SERVER);

#define POINT(F) F(x, double) F(y, double)
JB_RECORD_DEFINE(point, POINT);

/* Two cases with one JSON name: a bad descriptor. */
#define COLOR(F) F(COLOR_RED, "red", 1) F(COLOR_CRIMSON, "red", 2)
JB_ENUM_DEFINE(color, COLOR);

/* A custom codec whose decoder refuses negative stamps. */
static jb_status stamp_encode(jb_writer *w, const void *value, void *ctx) {
    (void)ctx;
    return jb_write_i64(w, *(const int64_t *)value);
}
static jb_status stamp_decode(jb_reader *r, void *value, void *ctx) {
    int64_t v;
    jb_status st = jb_read_i64(r, &v);
    (void)ctx;
    if (st) return st;
    if (v < 0) return jb_read_fail(r, 0, "a stamp is seconds since 1970, not negative");
    *(int64_t *)value = v;
    return JB_OK;
}
static const jb_type stamp_type = JB_CUSTOM(int64_t, stamp_encode, stamp_decode, NULL);

/* An allocator that gives out `left` blocks, then fails. */
static void *thin_realloc(void *ctx, void *p, size_t old, size_t n) {
    int *left = ctx;
    (void)old;
    if (n == 0) {
        free(p);
        return NULL;
    }
    if (*left <= 0) return NULL;
    --*left;
    return realloc(p, n);
}

static int fail_sink(void *ctx, const char *data, size_t len) {
    (void)ctx, (void)data, (void)len;
    return 1;
}

/* ------------------------------------------------------------------ */
/* The examples: written by hand                                       */
/* ------------------------------------------------------------------ */

typedef struct example {
    const char *name;
    jb_status code;
    size_t offset, line, column; /* counted by hand in the document's input */
} example;

static const example examples[] = {
    /* {"host": "a" "port": 1} : the second string starts at byte 13 */
    {"syntax", JB_E_SYNTAX, 13, 1, 14},
    /* {host: "a"} : the bare word at byte 1 */
    {"syntax-key", JB_E_SYNTAX, 1, 1, 2},
    /* {"host": "a", "port": 80, "role": nope} : the word at byte 34 */
    {"syntax-word", JB_E_SYNTAX, 34, 1, 35},
    /* line 2 (from byte 2) is `  "port": "8080",`: the string in column 11 */
    {"type", JB_E_TYPE, 12, 2, 11},
    /* line 2 is `  "port": 70000,` */
    {"range", JB_E_RANGE, 12, 2, 11},
    /* {"host": "a", "port": "xxx...", ...} : the string at byte 22 */
    {"type-long", JB_E_TYPE, 22, 1, 23},
    /* {"host": "a", "port": 80} : the } is byte 24 */
    {"missing", JB_E_MISSING, 24, 1, 25},
    /* {"host": "a", "prot": 80, "role": "user"} : the } at byte 40 */
    {"missing-near", JB_E_MISSING, 40, 1, 41},
    /* lines of 2, 15 and 14 bytes, then `  "role": "amdin"` from byte 31 */
    {"unknown", JB_E_UNKNOWN, 41, 4, 11},
    /* the same input as missing-near, denied: the key "prot" at byte 14 */
    {"unknown-field", JB_E_UNKNOWN, 14, 1, 15},
    /* {"host": "a", "host": "b", ...} : the second key at byte 14 */
    {"duplicate", JB_E_DUPLICATE, 14, 1, 15},
    /* {"host": "\uD800", ...} : the backslash at byte 10 */
    {"utf8", JB_E_UTF8, 10, 1, 11},
    /* {"host": "a", "tags": [[[1]]], ...} : the object is level 1, the
     * first [ (byte 22) level 2, the second (byte 23) one too many */
    {"depth", JB_E_DEPTH, 23, 1, 24},
    /* {"host": "abcde", ...} (the keys are 4 bytes) : the string at byte 9 */
    {"limit", JB_E_LIMIT, 9, 1, 10},
    /* {"host": "a.example.org", ...}: the string at byte 9 */
    {"nomem", JB_E_NOMEM, 9, 1, 10},
    /* {"host": "a", "port": 80, "role": "user"} x : the x at byte 42 */
    {"trailing", JB_E_TRAILING, 42, 1, 43},
    /* {"host": "a", "port": 80, "role": "user"}foo : the word at byte 41 */
    {"trailing-word", JB_E_TRAILING, 41, 1, 42},
    {"nonfinite", JB_E_NONFINITE, 0, 0, 0}, /* encode: no position */
    /* a plan's failure is reported at the document's first byte */
    {"descriptor", JB_E_DESCRIPTOR, 0, 1, 1},
    {"value", JB_E_VALUE, 0, 0, 0},
    {"io", JB_E_IO, 0, 0, 0},
    {"buffer", JB_E_BUFFER, 0, 0, 0},
    /* collect: the first of the errors in `collected` below */
    {"collect", JB_E_TYPE, 12, 2, 11},
    /* -5 : the number at byte 0 */
    {"custom", JB_E_CUSTOM, 0, 1, 1},
    {"arg", JB_E_ARG, 0, 0, 0},
};
#define NEXAMPLES (sizeof examples / sizeof examples[0])

/* The example "collect": one decode with jb_read_options.errors and
 * JB_READ_DENY_UNKNOWN, five mistakes, every error rendered in turn.
 * Lines of 2, 13, 14, 19 and 14 bytes start at 0, 2, 15, 29, 48, 62. */
static const example collected[] = {
    {"host", JB_E_TYPE, 12, 2, 11},     /* "host": 7 */
    {"prot", JB_E_UNKNOWN, 17, 3, 3},   /* "prot": 80, denied */
    {"role", JB_E_UNKNOWN, 39, 4, 11},  /* "amdin" */
    {"host", JB_E_DUPLICATE, 50, 5, 3}, /* the second "host" */
    {"port", JB_E_MISSING, 62, 6, 1},   /* the closing } */
};
#define NCOLLECTED (sizeof collected / sizeof collected[0])
static jb_error collect_items[NCOLLECTED + 2];
static jb_error_list collect_list;

/* Run example x on the document's input (NULL for an encode). */
static jb_status run(const example *x, const char *in, size_t len, jb_error *e) {
    const char *n = x->name;
    jb_read_options ro = {0};
    jb_write_options wo = {0};
    jb_arena *a = jb_arena_new();
    jb_status st;
    server s = {0};
    CHECK(a != NULL);
    if (strcmp(n, "depth") == 0) ro.max_depth = 2;
    if (strcmp(n, "limit") == 0) ro.max_string_len = 4;
    if (strcmp(n, "unknown-field") == 0) ro.flags = JB_READ_DENY_UNKNOWN;
    if (strcmp(n, "collect") == 0) {
        jb_error_list empty = JB_ERROR_LIST_INIT(collect_items, NCOLLECTED + 2);
        collect_list = empty;
        ro.flags = JB_READ_DENY_UNKNOWN;
        ro.errors = &collect_list;
    }
    if (strcmp(n, "nomem") == 0) {
        static int left;
        jb_allocator thin = {thin_realloc, &left};
        jb_arena *t;
        left = 1; /* the arena's own state, then nothing */
        t = jb_arena_new_with(&thin, 0);
        CHECK(t != NULL);
        st = jb_decode(&server_type, in, len, &s, t, NULL, e);
        jb_arena_free(t);
    } else if (strcmp(n, "custom") == 0) {
        int64_t v;
        st = jb_decode(&stamp_type, in, len, &v, a, NULL, e);
    } else if (strcmp(n, "descriptor") == 0) {
        color c;
        st = jb_decode(&color_type, in, len, &c, a, NULL, e);
    } else if (strcmp(n, "arg") == 0) {
        st = jb_decode(NULL, in, len, &s, a, NULL, e);
    } else if (strcmp(n, "nonfinite") == 0) {
        point p = {1.5, NAN};
        jb_buf b = JB_BUF_INIT;
        st = jb_encode(&point_type, &p, &b, &wo, e);
        jb_buf_free(&b);
    } else if (strcmp(n, "value") == 0) {
        jb_buf b = JB_BUF_INIT;
        s.port = 80;
        s.role = ROLE_USER; /* host stays NULL */
        st = jb_encode(&server_type, &s, &b, &wo, e);
        jb_buf_free(&b);
    } else if (strcmp(n, "io") == 0) {
        s.host = "a";
        s.port = 80;
        s.role = ROLE_USER;
        st = jb_encode_to(&server_type, &s, fail_sink, NULL, &wo, e);
    } else if (strcmp(n, "buffer") == 0) {
        char dst[8];
        size_t needed = 0;
        s.host = "a";
        s.port = 80;
        s.role = ROLE_USER;
        st = jb_encode_fixed(&server_type, &s, dst, sizeof dst, &needed, &wo, e);
        if (st == JB_E_BUFFER)
            CHECK_EQ_INT(needed, strlen("{\"host\":\"a\",\"port\":80,\"role\":\"user\"}"));
    } else {
        st = jb_decode(&server_type, in, len, &s, a, &ro, e);
    }
    jb_arena_free(a);
    return st;
}

/* ------------------------------------------------------------------ */
/* Reading docs/errors.md                                              */
/* ------------------------------------------------------------------ */

#define MAXBLOCK 4096

typedef struct block {
    char name[32];
    char text[MAXBLOCK];
    size_t len;
    bool seen;
} block;

static block inputs[64], outputs[64];
static size_t ninputs, noutputs;

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fclose(f);
        return NULL;
    }
    buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) buf[n] = '\0';
    *len = (size_t)n;
    return buf;
}

/* Collect the fenced blocks "```json example=NAME" and "```text
 * rendered=NAME". */
static void read_doc(const char *doc) {
    const char *p = doc;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        const char *next = eol ? eol + 1 : p + n;
        static const char tin[] = "```json example=", tout[] = "```text rendered=";
        block *b = NULL;
        size_t skip = 0;
        if (n > sizeof tin - 1 && memcmp(p, tin, sizeof tin - 1) == 0) {
            CHECK(ninputs < 64);
            b = &inputs[ninputs++];
            skip = sizeof tin - 1;
        } else if (n > sizeof tout - 1 && memcmp(p, tout, sizeof tout - 1) == 0) {
            CHECK(noutputs < 64);
            b = &outputs[noutputs++];
            skip = sizeof tout - 1;
        }
        if (b) {
            CHECKF(n - skip < sizeof b->name, "block name too long: %.*s", (int)n, p);
            memcpy(b->name, p + skip, n - skip);
            b->name[n - skip] = '\0';
            b->len = 0;
            /* the lines up to the closing fence, each with its newline */
            p = next;
            while (*p && strncmp(p, "```\n", 4) != 0) {
                eol = strchr(p, '\n');
                n = eol ? (size_t)(eol - p) + 1 : strlen(p);
                CHECKF(b->len + n < MAXBLOCK, "block %s too long", b->name);
                memcpy(b->text + b->len, p, n);
                b->len += n;
                p += n;
            }
            CHECKF(*p, "block %s is not closed", b->name);
            b->text[b->len] = '\0';
            next = p + 4;
        }
        p = next;
    }
}

static block *find(block *bs, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(bs[i].name, name) == 0) return &bs[i];
    return NULL;
}

int main(int argc, char **argv) {
    const bool print = argc > 1 && strcmp(argv[1], "--print") == 0;
    size_t doclen;
    char *doc = slurp(JB_SOURCE_DIR "/docs/errors.md", &doclen);
    CHECKF(doc != NULL, "cannot read %s", JB_SOURCE_DIR "/docs/errors.md");
    read_doc(doc);

    /* Every code from JB_E_SYNTAX to JB_E_ARG has its example. */
    for (int c = JB_E_SYNTAX; c <= JB_E_ARG; c++) {
        bool has = false;
        for (size_t i = 0; i < NEXAMPLES; i++) has |= examples[i].code == (jb_status)c;
        CHECKF(has, "no example of %s", jb_status_name((jb_status)c));
    }

    for (size_t i = 0; i < NEXAMPLES; i++) {
        const example *x = &examples[i];
        block *in = find(inputs, ninputs, x->name), *out = find(outputs, noutputs, x->name);
        const char *text = NULL;
        size_t len = 0;
        jb_error e;
        char r[2048];
        if (in) {
            in->seen = true;
            text = in->text;
            len = in->len ? in->len - 1 : 0; /* the block's last newline is not input */
        }
        memset(&e, 0x55, sizeof e);
        jb_status st = run(x, text, len, &e);
        size_t n = jb_error_render(&e, "config.json", text, len, 0, r, sizeof r);
        CHECKF(n < sizeof r, "%s: rendering of %zu bytes", x->name, n);
        if (strcmp(x->name, "collect") == 0) { /* every error, one after another */
            CHECKF(collect_list.len == NCOLLECTED, "collect: %zu errors", collect_list.len);
            n = 0;
            for (size_t k = 0; k < collect_list.len && k < NCOLLECTED; k++) {
                const jb_error *c = &collect_list.items[k];
                const example *w = &collected[k];
                CHECKF(c->code == w->code && c->offset == w->offset && c->line == w->line &&
                           c->column == w->column,
                       "collect %zu: %s at %zu, %zu:%zu, want %s at %zu, %zu:%zu", k,
                       jb_status_name(c->code), c->offset, c->line, c->column,
                       jb_status_name(w->code), w->offset, w->line, w->column);
                n += jb_error_render(c, "config.json", text, len, 0, r + n, sizeof r - n);
                CHECK(n < sizeof r);
            }
        }
        if (print) {
            if (in) printf("```json example=%s\n%s```\n", x->name, in->text);
            printf("```text rendered=%s\n%s```\n\n", x->name, r);
        }
        CHECKF(st == x->code, "%s: %s, want %s (%s)", x->name, jb_status_name(st),
               jb_status_name(x->code), e.message);
        CHECKF(e.code == x->code, "%s: e.code %s", x->name, jb_status_name(e.code));
        CHECKF(e.offset == x->offset && e.line == x->line && e.column == x->column,
               "%s: at offset %zu, %zu:%zu, want %zu, %zu:%zu", x->name, e.offset, e.line, e.column,
               x->offset, x->line, x->column);
        if (print) continue;
        CHECKF(out != NULL, "docs/errors.md has no ```text rendered=%s block", x->name);
        out->seen = true;
        CHECKF(strcmp(out->text, r) == 0, "%s: docs/errors.md shows\n%s--- the library renders\n%s",
               x->name, out->text, r);
    }
    if (!print) {
        for (size_t i = 0; i < ninputs; i++)
            CHECKF(inputs[i].seen, "docs/errors.md: example=%s is not in the test's table",
                   inputs[i].name);
        for (size_t i = 0; i < noutputs; i++)
            CHECKF(outputs[i].seen, "docs/errors.md: rendered=%s is not in the test's table",
                   outputs[i].name);
    }
    free(doc);
    return check_report();
}
