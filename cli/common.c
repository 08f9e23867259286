/* SPDX-License-Identifier: MIT */
/*
 * common.c — what every jbind command uses: reading the input, reporting
 * a parse error, printing a value, parsing the options.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* ------------------------------------------------------------------ */
/* Input and output                                                    */
/* ------------------------------------------------------------------ */

char *cli_slurp(const char *path, size_t *len) {
    FILE *f = (!path || strcmp(path, "-") == 0) ? stdin : fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    int saved;
    if (!f) return NULL;
    for (;;) {
        size_t k;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 65536;
            char *nb;
            if (ncap < cap || !(nb = realloc(buf, ncap))) {
                errno = ENOMEM;
                goto fail;
            }
            buf = nb;
            cap = ncap;
        }
        k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (k == 0) {
            if (ferror(f)) goto fail;
            break;
        }
    }
    if (f != stdin) fclose(f);
    *len = n;
    if (!buf) buf = malloc(1);
    return buf;
fail:
    saved = errno ? errno : EIO;
    if (f != stdin) fclose(f);
    free(buf);
    errno = saved;
    return NULL;
}

const char *cli_display_name(const char *path) {
    return (!path || strcmp(path, "-") == 0) ? "<stdin>" : path;
}

void cli_report(FILE *to, const char *path, const jb_error *e) {
    fprintf(to, "%s:%zu:%zu: %s", cli_display_name(path), e->line, e->column, e->message);
    if (strcmp(e->path, "$") != 0) fprintf(to, " (at %s)", e->path);
    fputc('\n', to);
}

int cli_load(const char *path, jb_arena *arena, const cli_opts *o, jb_value **out, FILE *errto) {
    size_t len = 0;
    char *text = cli_slurp(path, &len);
    jb_error e;
    jb_status st;
    if (!text) {
        fprintf(stderr, "jbind: %s: %s\n", cli_display_name(path), strerror(errno));
        return EXIT_TROUBLE;
    }
    st = jb_value_parse(text, len, out, arena, &o->r, &e);
    free(text);
    if (st == JB_OK) return 0;
    cli_report(errto, path, &e);
    return st == JB_E_NOMEM ? EXIT_TROUBLE : EXIT_INVALID;
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

int cli_usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "jbind: ");
    fprintf(stderr, fmt, arg);
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
