/* SPDX-License-Identifier: MIT */
/*
 * check.c — `jbind check`: validate files, one report per invalid
 * document (rendered with its source line, or one line with --brief). Each document is checked as it streams by
 * (jb_stream_next_skip): memory is its longest token and nesting, never
 * the document. With --lines or --seq every bad record is reported (they
 * are skipped: the next one starts at the next separator); with --concat,
 * or one document, the first error ends the file.
 *
 * With --type NAME (a type of `jbind schema --list`) each file is one
 * document, read whole into memory and decoded against that type with
 * jb_read_options.errors: up to --max-errors errors (default 20) come
 * back from one decode, each rendered against the text in memory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_SHOWN 100 /* reports per file; the rest are counted */

static void show(const cli_input *in, const cli_opts *o, const jb_error *e) {
    if (e->code == JB_E_IO || e->code == JB_E_NOMEM)
        cli_fail(e->code, in, o, e, stdout);
    else
        cli_report(stdout, in, o, e);
}

static int check_one(const char *path, const cli_opts *o) {
    jb_error items[MAX_SHOWN], e;
    jb_error_list list = JB_ERROR_LIST_INIT(items, MAX_SHOWN);
    const uint32_t flags =
        o->framing == JB_FRAMING_LINES || o->framing == JB_FRAMING_SEQ ? JB_STREAM_SKIP_BAD : 0;
    cli_input in;
    size_t shown = 0;
    jb_status st;
    int rc;
    if ((rc = cli_open(&in, path, o, flags, &list))) return rc;
    do {
        st = jb_stream_next_skip(in.s, &e);
        for (; shown < list.len; shown++) show(&in, o, &items[shown]); /* as they come */
    } while (st == JB_OK);
    if (list.total > list.len)
        printf("%s: %zu more invalid records\n", cli_display_name(path), list.total - list.len);
    rc = list.total ? EXIT_INVALID : 0;
    for (size_t i = 0; i < list.len; i++)
        if (items[i].code == JB_E_IO || items[i].code == JB_E_NOMEM) rc = EXIT_TROUBLE;
    cli_close(&in);
    return rc;
}

/* What --type asks for. */
typedef struct typed {
    const cli_type *t;
    size_t max_errors;
    uint32_t flags; /* JB_READ_* beyond the type's own: --deny-unknown */
} typed;

#define DEFAULT_MAX_ERRORS 20
#define MAX_MAX_ERRORS 100000

/* path (or stdin) read whole into *text (malloc'd; NULL for an empty
 * file) and *len. Reading stops one byte past limit: that is enough for
 * the decode to report the document as over its size limit. 0 or
 * EXIT_TROUBLE (reported). */
static int slurp(const char *path, size_t limit, char **text, size_t *len) {
    FILE *f = (!path || strcmp(path, "-") == 0) ? stdin : fopen(path, "rb");
    char *buf = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    *text = NULL;
    *len = 0;
    if (!f) {
        fprintf(stderr, "jbind: %s: %s\n", cli_display_name(path), strerror(errno));
        return EXIT_TROUBLE;
    }
    while (n <= limit) {
        if (n == cap) {
            size_t want = cap ? cap * 2 : 65536;
            char *nb = want > cap ? realloc(buf, want) : NULL;
            if (!nb) {
                fprintf(stderr, "jbind: %s: out of memory reading it\n", cli_display_name(path));
                rc = EXIT_TROUBLE;
                break;
            }
            buf = nb;
            cap = want;
        }
        size_t room = cap - n, got;
        if (room > limit + 1 - n) room = limit + 1 - n;
        got = fread(buf + n, 1, room, f);
        n += got;
        if (got < room) {
            if (ferror(f)) {
                fprintf(stderr, "jbind: %s: %s\n", cli_display_name(path),
                        strerror(errno ? errno : EIO));
                rc = EXIT_TROUBLE;
            }
            break;
        }
    }
    if (f != stdin) fclose(f);
    if (rc) {
        free(buf);
        return rc;
    }
    *text = buf;
    *len = n;
    return 0;
}

/* One file decoded against ty's type: every error collected, rendered. */
static int check_typed(const char *path, const cli_opts *o, const typed *ty) {
    const size_t limit = o->r.max_doc_size ? o->r.max_doc_size : JB_DEFAULT_MAX_DOC;
    jb_read_options ro = o->r;
    jb_error *items, e;
    jb_arena *arena;
    void *out;
    char *text;
    size_t len;
    int rc;
    if ((rc = slurp(path, limit, &text, &len))) return rc;
    items = malloc(ty->max_errors * sizeof *items);
    out = calloc(1, ty->t->type->size ? ty->t->type->size : 1);
    arena = jb_arena_new();
    if (!items || !out || !arena) {
        fprintf(stderr, "jbind: %s: out of memory\n", cli_display_name(path));
        rc = EXIT_TROUBLE;
    } else {
        jb_error_list list = JB_ERROR_LIST_INIT(items, ty->max_errors);
        ro.flags |= ty->t->read_flags | ty->flags;
        ro.errors = &list;
        jb_status st = jb_decode(ty->t->type, text ? text : "", len, out, arena, &ro, &e);
        if (st == JB_E_IO || st == JB_E_NOMEM) {
            fprintf(stderr, "jbind: %s: %s\n", cli_display_name(path), e.message);
            rc = EXIT_TROUBLE;
        } else if (st != JB_OK) {
            if (list.len == 0) /* not collected (an argument's error): the one there is */
                cli_report_text(stdout, path, text, len, o, &e);
            for (size_t i = 0; i < list.len; i++)
                cli_report_text(stdout, path, text, len, o, &items[i]);
            if (list.len == ty->max_errors)
                printf("%s: stopped after %zu errors (--max-errors)\n", cli_display_name(path),
                       list.len);
            rc = EXIT_INVALID;
        }
    }
    jb_arena_free(arena);
    free(out);
    free(items);
    free(text);
    return rc;
}

/* Take --type NAME, --max-errors N and --deny-unknown out of argv (in
 * place, before cli_parse_opts sees the rest). 0 or EXIT_TROUBLE. */
static int take_typed(int *argc, char **argv, typed *ty) {
    int n = 1;
    bool max_given = false, deny = false, ended = false;
    ty->max_errors = DEFAULT_MAX_ERRORS;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i];
        if (ended || strcmp(a, "--") == 0) {
            ended = true;
            argv[n++] = argv[i];
        } else if (strcmp(a, "--type") == 0) {
            if (i + 1 >= *argc) return cli_usage_error("--type needs a NAME (jbind schema --list)%s", "");
            if (!(ty->t = cli_find_type(argv[++i])))
                return cli_usage_error("check: no type '%s' (jbind schema --list)", argv[i]);
        } else if (strcmp(a, "--max-errors") == 0) {
            char *end;
            const char *v = i + 1 < *argc ? argv[++i] : "";
            unsigned long m;
            errno = 0;
            m = (*v >= '0' && *v <= '9') ? strtoul(v, &end, 10) : 0;
            if (m == 0 || errno || *end || m > MAX_MAX_ERRORS)
                return cli_usage_error("--max-errors needs a number from 1 to %d", MAX_MAX_ERRORS);
            ty->max_errors = (size_t)m;
            max_given = true;
        } else if (strcmp(a, "--deny-unknown") == 0) {
            ty->flags |= JB_READ_DENY_UNKNOWN;
            deny = true;
        } else {
            argv[n++] = argv[i];
        }
    }
    *argc = n;
    if (!ty->t && (max_given || deny))
        return cli_usage_error("--max-errors and --deny-unknown need --type%s", "");
    return 0;
}

static int run(int argc, char **argv) {
    cli_opts o = {0};
    typed ty = {0};
    int n, rc, worst = 0;
    if ((rc = take_typed(&argc, argv, &ty))) return rc;
    if ((rc = cli_parse_opts(argc, argv, &o, &n, 0))) return rc;
    if (n == 0) return cli_usage_error("check needs at least one FILE (\"-\" is stdin)%s", "");
    if (ty.t && o.framing != JB_FRAMING_SINGLE)
        return cli_usage_error("--type checks one document per file (not --lines, --seq, --concat)%s", "");
    for (int i = 0; i < n; i++) {
        rc = ty.t ? check_typed(argv[i], &o, &ty) : check_one(argv[i], &o);
        if (rc > worst) worst = rc;
    }
    if (fflush(stdout) == EOF) return EXIT_TROUBLE;
    return worst;
}

const cli_command cli_check = {
    "check",
    "check [--lines | --seq | --concat | --type NAME [--max-errors N] [--deny-unknown]] "
    "[--brief] [--color=WHEN] FILE...",
    "  check FILE...       validate files; for each invalid document (every bad record\n"
    "                      with --lines, --seq) print FILE:LINE:COLUMN: message, the\n"
    "                      line with a caret and the JSON path (--brief: one line);\n"
    "                      exit 0 when all are valid, 1 otherwise\n"
    "  check --type NAME FILE...\n"
    "                      also decode each file as one document of type NAME (jbind\n"
    "                      schema --list) and print every error, up to --max-errors N\n"
    "                      (default 20); --deny-unknown: unknown fields are errors\n",
    run};
