/* SPDX-License-Identifier: MIT */
/*
 * common.c — what every jbind command uses: reading the input, reporting
 * a parse error, printing a value, parsing the options.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, isatty, fseeko, ftello */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "cli.h"

/* ------------------------------------------------------------------ */
/* Input and output                                                    */
/* ------------------------------------------------------------------ */

int cli_open(cli_input *in, const char *path, const cli_opts *o, uint32_t flags,
             jb_error_list *list) {
    jb_stream_options so = {.framing = o->framing, .flags = flags, .read = &o->r, .errors = list};
    jb_error e;
    in->path = path;
    in->f = (!path || strcmp(path, "-") == 0) ? stdin : fopen(path, "rb");
    in->s = NULL;
    if (!in->f) {
        fprintf(stderr, "jbind: %s: %s\n", cli_display_name(path), strerror(errno));
        return EXIT_TROUBLE;
    }
    /* one document may be as large as the library allows any document */
    so.max_element_bytes = o->r.max_doc_size ? o->r.max_doc_size : JB_DEFAULT_MAX_DOC;
    if (!(in->s = jb_stream_new_file(in->f, &so, &e))) {
        fprintf(stderr, "jbind: %s: %s\n", cli_display_name(path), e.message);
        cli_close(in);
        return EXIT_TROUBLE;
    }
    return 0;
}

void cli_close(cli_input *in) {
    jb_stream_free(in->s);
    if (in->f && in->f != stdin) fclose(in->f);
    in->s = NULL;
    in->f = NULL;
}

const char *cli_display_name(const char *path) {
    return (!path || strcmp(path, "-") == 0) ? "<stdin>" : path;
}

static bool use_color(const cli_opts *o, FILE *to) {
    const char *no = getenv("NO_COLOR"); /* no-color.org */
    if (o->color) return o->color > 0;
    return isatty(fileno(to)) && !(no && *no);
}

/* The input around e->offset, read back from a seekable file (the
 * stream has moved on) into buf: what jb_error_render looks at, 4 KiB
 * before the error (one byte more, so that a longer line shows as cut)
 * and a window after it. *at is e->offset within buf; 0 bytes for stdin
 * and pipes, or when the file cannot be read back. */
#define BEFORE (4096 + 1)
static size_t read_back(FILE *f, size_t offset, char *buf, size_t cap, size_t *at) {
    off_t here = f ? ftello(f) : -1, from;
    size_t n = 0;
    if (here < 0) return 0;
    from = offset > BEFORE ? (off_t)(offset - BEFORE) : 0;
    if (fseeko(f, from, SEEK_SET) == 0) n = fread(buf, 1, cap, f);
    clearerr(f);
    if (fseeko(f, here, SEEK_SET) != 0) return 0;
    *at = offset - (size_t)from;
    return *at <= n ? n : 0;
}

/* e (its offset already within src[0..len), NULL/0 for no source) rendered
 * to `to`: the shared end of cli_report and cli_report_text. */
static void render(FILE *to, const char *path, const char *src, size_t len, const cli_opts *o,
                   const jb_error *e) {
    char local[2048], *buf = local;
    const uint32_t flags = use_color(o, to) ? JB_RENDER_COLOR : 0;
    size_t n = jb_error_render(e, cli_display_name(path), src, len, flags, local, sizeof local);
    if (n >= sizeof local && (buf = malloc(n + 1)) != NULL)
        jb_error_render(e, cli_display_name(path), src, len, flags, buf, n + 1);
    fputs(buf ? buf : local, to);
    if (buf != local) free(buf);
}

static void brief(FILE *to, const char *path, const jb_error *e, const char *message) {
    fprintf(to, "%s:%zu:%zu: %s", cli_display_name(path), e->line, e->column, message);
    if (strcmp(e->path, "$") != 0) fprintf(to, " (at %s)", e->path);
    fputc('\n', to);
}

void cli_report(FILE *to, const cli_input *in, const cli_opts *o, const jb_error *e) {
    char src[BEFORE + 4 * JB_RENDER_WIDTH + 64];
    jb_error shown = *e;
    size_t len, at = 0;
    if (o->framing != JB_FRAMING_SINGLE) { /* "record N: message", cut visibly */
        int w = snprintf(shown.message, sizeof shown.message, "record %zu: %s", e->index + 1, e->message);
        if (w >= (int)sizeof shown.message) {
            size_t k = sizeof shown.message - 4;
            while (k > 0 && ((unsigned char)shown.message[k] & 0xC0) == 0x80) k--;
            memcpy(shown.message + k, "...", 4);
        }
    }
    if (o->brief) {
        brief(to, in->path, e, shown.message);
        return;
    }
    len = read_back(in->f, e->offset, src, sizeof src, &at);
    shown.offset = at;
    render(to, in->path, len ? src : NULL, len, o, &shown);
}

void cli_report_text(FILE *to, const char *path, const char *text, size_t len,
                     const cli_opts *o, const jb_error *e) {
    if (o->brief)
        brief(to, path, e, e->message);
    else
        render(to, path, text, len, o, e);
}

int cli_fail(jb_status st, const cli_input *in, const cli_opts *o, const jb_error *e,
             FILE *errto) {
    if (st == JB_E_IO || st == JB_E_NOMEM) {
        fprintf(stderr, "jbind: %s: %s\n", cli_display_name(in->path), e->message);
        return EXIT_TROUBLE;
    }
    cli_report(errto, in, o, e);
    return EXIT_INVALID;
}

int cli_out_write(void *ctx, const char *data, size_t len) {
    cli_out *out = ctx;
    if (out->direct) {
        if (len && fwrite(data, 1, len, stdout) != len) out->failed = true;
        return out->failed ? 1 : 0;
    }
    if (out->len + len > out->cap) {
        size_t cap = out->cap ? out->cap : 65536;
        char *nb;
        while (cap < out->len + len) cap *= 2;
        if (!(nb = realloc(out->buf, cap))) {
            errno = ENOMEM;
            out->failed = true;
            return 1;
        }
        out->buf = nb;
        out->cap = cap;
    }
    memcpy(out->buf + out->len, data, len);
    out->len += len;
    if (out->len > CLI_HOLD) { /* too long to hold: out it goes */
        out->direct = true;
        if (fwrite(out->buf, 1, out->len, stdout) != out->len) out->failed = true;
        out->len = 0;
    }
    return out->failed ? 1 : 0;
}

void cli_out_commit(cli_out *out) {
    if (out->len && fwrite(out->buf, 1, out->len, stdout) != out->len) out->failed = true;
    if (fputc('\n', stdout) == EOF) out->failed = true;
    out->len = 0;
    out->direct = false;
}

void cli_out_drop(cli_out *out) {
    if (out->direct && fputc('\n', stdout) == EOF) out->failed = true; /* end the partial text */
    out->len = 0;
    out->direct = false;
}

int cli_emit(const jb_value *v, const cli_opts *o) {
    jb_error e;
    jb_status st = jb_value_print_file(v, stdout, &o->w, &e);
    if (st == JB_OK && (fputc('\n', stdout) == EOF || fflush(stdout) == EOF)) st = JB_E_IO;
    if (st == JB_OK) return 0;
    if (st == JB_E_IO)
        fprintf(stderr, "jbind: writing output: %s\n", strerror(errno ? errno : EIO));
    else
        fprintf(stderr, "jbind: %s (at %s)\n", e.message, e.path);
    return EXIT_TROUBLE;
}

/* ------------------------------------------------------------------ */
/* Options                                                             */
/* ------------------------------------------------------------------ */

static bool parse_uint(const char *s, unsigned long lo, unsigned long hi, uint32_t *out) {
    char *end;
    unsigned long v;
    if (!s || !*s || *s == '-' || *s == '+') return false;
    errno = 0;
    v = strtoul(s, &end, 10);
    if (errno || *end || v < lo || v > hi) return false;
    *out = (uint32_t)v;
    return true;
}

int cli_usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "jbind: ");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    cli_usage(stderr);
    return EXIT_TROUBLE;
}

int cli_parse_opts(int argc, char **argv, cli_opts *o, int *nargs, unsigned groups) {
    bool printing = groups & CLI_PRINTING, formatting = groups & CLI_FORMATTING;
    int n = 0;
    bool ended = false;
    o->w.flags = JB_WRITE_PRETTY;
    o->w.indent = 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (ended || a[0] != '-' || strcmp(a, "-") == 0) {
            argv[n++] = argv[i];
            continue;
        }
        if (strcmp(a, "--") == 0) {
            ended = true;
        } else if (printing && strcmp(a, "--compact") == 0) {
            o->w.flags &= ~(uint32_t)JB_WRITE_PRETTY;
            o->compact = true;
        } else if (printing && strcmp(a, "--indent") == 0) {
            if (!parse_uint(i + 1 < argc ? argv[i + 1] : NULL, 1, 16, &o->w.indent))
                return cli_usage_error("--indent needs a number from 1 to 16%s", "");
            o->indented = true;
            i++;
        } else if (formatting && strcmp(a, "--sort-keys") == 0) {
            o->w.flags |= JB_PRINT_SORT_KEYS;
        } else if (printing && strcmp(a, "--ascii") == 0) {
            o->w.flags |= JB_WRITE_ESCAPE_UNICODE;
        } else if (formatting && strcmp(a, "--canonical") == 0) {
            o->w.flags |= JB_PRINT_CANONICAL;
        } else if (strcmp(a, "--lines") == 0 || strcmp(a, "--seq") == 0 ||
                   strcmp(a, "--concat") == 0) {
            jb_framing f = a[2] == 'l' ? JB_FRAMING_LINES : a[2] == 's' ? JB_FRAMING_SEQ
                                                                        : JB_FRAMING_CONCAT;
            if (o->framing != JB_FRAMING_SINGLE && o->framing != f)
                return cli_usage_error("--lines, --seq and --concat exclude each other%s", "");
            o->framing = f;
        } else if (strcmp(a, "--brief") == 0) {
            o->brief = true;
        } else if (strncmp(a, "--color=", 8) == 0) {
            if (strcmp(a + 8, "always") == 0) o->color = 1;
            else if (strcmp(a + 8, "never") == 0) o->color = -1;
            else if (strcmp(a + 8, "auto") == 0) o->color = 0;
            else return cli_usage_error("--color takes auto, always or never, not '%s'", a + 8);
        } else if (strcmp(a, "--max-depth") == 0) {
            if (!parse_uint(i + 1 < argc ? argv[i + 1] : NULL, 1, 100000000, &o->r.max_depth))
                return cli_usage_error("--max-depth needs a positive number%s", "");
            o->w.max_depth = o->r.max_depth;
            i++;
        } else {
            return cli_usage_error("unknown option '%s'", a);
        }
    }
    if (o->compact && o->indented)
        return cli_usage_error("--compact and --indent exclude each other%s", "");
    *nargs = n;
    return 0;
}
