/* SPDX-License-Identifier: MIT */
/*
 * jbind — the command-line tool: format, check and query JSON with the
 * jb_value DOM. See cli/jbind.1 (man jbind) or `jbind --help`.
 *
 *   jbind fmt [--indent N | --compact] [--sort-keys] [--ascii] [--canonical] [FILE]
 *   jbind check FILE...
 *   jbind get [--indent N | --compact] POINTER [FILE]
 *
 * Input: the whole of FILE (or stdin when FILE is absent or "-") is read
 * into memory, any size that fits. Output goes through the library's
 * stream sink to stdout as it is produced (8 KiB at a time).
 * Exit status: 0 success; 1 invalid JSON (or, for get, nothing at the
 * pointer); 2 usage, I/O or resource errors.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jbind.h"

#define EXIT_INVALID 1
#define EXIT_TROUBLE 2

static const char usage_text[] =
    "usage: jbind fmt [--indent N | --compact] [--sort-keys] [--ascii] [--canonical] [FILE]\n"
    "       jbind check FILE...\n"
    "       jbind get [--indent N | --compact] POINTER [FILE]\n"
    "       jbind --help | --version\n";

static const char help_text[] =
    "jbind — format, check and query JSON (strict RFC 8259)\n"
    "\n"
    "Commands:\n"
    "  fmt [FILE]          print the document, pretty (2-space indent) by default\n"
    "  check FILE...       validate files; print FILE:LINE:COLUMN: message for each\n"
    "                      invalid one; exit 0 when all are valid, 1 otherwise\n"
    "  get POINTER [FILE]  print the value at an RFC 6901 JSON Pointer (\"/a/0/b\";\n"
    "                      ~1 is '/', ~0 is '~'; \"\" is the whole document)\n"
    "\n"
    "Options:\n"
    "  --indent N          pretty-print with N spaces per level (1..16)\n"
    "  --compact           no whitespace at all\n"
    "  --sort-keys         object members sorted by key (bytes; duplicates keep order)\n"
    "  --ascii             escape every non-ASCII character as \\uXXXX\n"
    "  --canonical         RFC 8785 canonical form (JCS): compact, sorted, ECMAScript numbers\n"
    "  --max-depth N       accept nesting up to N levels (default 512)\n"
    "  -h, --help          this text\n"
    "  --version           the version\n"
    "\n"
    "Without FILE (or with \"-\") the input is stdin. Exit status: 0 success,\n"
    "1 invalid JSON or no value at the pointer, 2 usage or I/O error.\n"
    "Numbers: integers and numbers beyond double are printed exactly as written;\n"
    "other numbers in their shortest form (1.50 -> 1.5, 1E2 -> 100).\n";

typedef struct opts {
    jb_write_options w;
    jb_read_options r;
    bool compact;  /* --compact given */
    bool indented; /* --indent given */
} opts;

/* ------------------------------------------------------------------ */
/* Input                                                               */
/* ------------------------------------------------------------------ */

/* The whole of path ("-" or NULL = stdin) in a malloc'd buffer. NULL on
 * failure (errno says why). */
static char *slurp(const char *path, size_t *len) {
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

static const char *display_name(const char *path) {
    return (!path || strcmp(path, "-") == 0) ? "<stdin>" : path;
}

static void report(FILE *to, const char *path, const jb_error *e) {
    fprintf(to, "%s:%zu:%zu: %s", display_name(path), e->line, e->column, e->message);
    if (strcmp(e->path, "$") != 0) fprintf(to, " (at %s)", e->path);
    fputc('\n', to);
}

/* Read and parse path into arena; 0 or an exit status (reported). */
static int load(const char *path, jb_arena *arena, const opts *o, jb_value **out, FILE *errto) {
    size_t len = 0;
    char *text = slurp(path, &len);
    jb_error e;
    jb_status st;
    if (!text) {
        fprintf(stderr, "jbind: %s: %s\n", display_name(path), strerror(errno));
        return EXIT_TROUBLE;
    }
    st = jb_value_parse(text, len, out, arena, &o->r, &e);
    free(text);
    if (st == JB_OK) return 0;
    report(errto, path, &e);
    return st == JB_E_NOMEM ? EXIT_TROUBLE : EXIT_INVALID;
}

/* Print v then a newline to stdout; 0 or EXIT_TROUBLE (reported). */
static int emit(const jb_value *v, const opts *o) {
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

static int usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "jbind: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\n%s", usage_text);
    return EXIT_TROUBLE;
}

/*
 * Take the options out of argv[1..argc) (in place; the operands stay in
 * order in argv, their count in *nargs). "--" ends the options.
 * `formatting` says whether the fmt-only options are allowed.
 */
static int parse_opts(int argc, char **argv, opts *o, int *nargs, bool formatting, bool printing) {
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
                return usage_error("--indent needs a number from 1 to 16%s", "");
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
                return usage_error("--max-depth needs a positive number%s", "");
            o->w.max_depth = o->r.max_depth;
            i++;
        } else {
            return usage_error("unknown option '%s'", a);
        }
    }
    if (o->compact && o->indented)
        return usage_error("--compact and --indent exclude each other%s", "");
    *nargs = n;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Commands                                                            */
/* ------------------------------------------------------------------ */

static int cmd_fmt(int argc, char **argv) {
    opts o = {0};
    int n, rc;
    jb_arena *arena;
    jb_value *v;
    if ((rc = parse_opts(argc, argv, &o, &n, true, true))) return rc;
    if (n > 1) return usage_error("fmt takes at most one FILE%s", "");
    if (!(arena = jb_arena_new())) return EXIT_TROUBLE;
    rc = load(n ? argv[0] : NULL, arena, &o, &v, stderr);
    if (rc == 0) rc = emit(v, &o);
    jb_arena_free(arena);
    return rc;
}

static int cmd_check(int argc, char **argv) {
    opts o = {0};
    int n, rc, worst = 0;
    jb_arena *arena;
    if ((rc = parse_opts(argc, argv, &o, &n, false, false))) return rc;
    if (n == 0) return usage_error("check needs at least one FILE (\"-\" is stdin)%s", "");
    if (!(arena = jb_arena_new())) return EXIT_TROUBLE;
    for (int i = 0; i < n; i++) {
        jb_value *v;
        rc = load(argv[i], arena, &o, &v, stdout);
        if (rc > worst) worst = rc;
        jb_arena_reset(arena);
    }
    jb_arena_free(arena);
    if (fflush(stdout) == EOF) return EXIT_TROUBLE;
    return worst;
}

static int cmd_get(int argc, char **argv) {
    opts o = {0};
    int n, rc;
    jb_arena *arena;
    jb_value *v, *at = NULL;
    jb_status st;
    if ((rc = parse_opts(argc, argv, &o, &n, false, true))) return rc;
    if (n < 1 || n > 2) return usage_error("get takes a POINTER and at most one FILE%s", "");
    if (!(arena = jb_arena_new())) return EXIT_TROUBLE;
    rc = load(n > 1 ? argv[1] : NULL, arena, &o, &v, stderr);
    if (rc == 0) {
        st = jb_value_pointer_n(v, argv[0], strlen(argv[0]), &at);
        if (st == JB_OK) {
            rc = emit(at, &o);
        } else if (st == JB_E_SYNTAX) {
            fprintf(stderr, "jbind: '%s' is not a JSON Pointer (RFC 6901: \"\" or /token/...)\n",
                    argv[0]);
            rc = EXIT_TROUBLE;
        } else {
            fprintf(stderr, "jbind: %s: no value at '%s'\n", display_name(n > 1 ? argv[1] : NULL),
                    argv[0]);
            rc = EXIT_INVALID;
        }
    }
    jb_arena_free(arena);
    return rc;
}

int main(int argc, char **argv) {
    const char *cmd = argc > 1 ? argv[1] : NULL;
    if (!cmd) {
        fputs(usage_text, stderr);
        return EXIT_TROUBLE;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(help_text, stdout);
        fputs("\n", stdout);
        fputs(usage_text, stdout);
        return fflush(stdout) == EOF ? EXIT_TROUBLE : 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("jbind %s\n", JB_VERSION_STRING);
        return fflush(stdout) == EOF ? EXIT_TROUBLE : 0;
    }
    if (strcmp(cmd, "fmt") == 0) return cmd_fmt(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0) return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "get") == 0) return cmd_get(argc - 1, argv + 1);
    return usage_error("unknown command '%s'", cmd);
}
