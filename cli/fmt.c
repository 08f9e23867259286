/* SPDX-License-Identifier: MIT */
/*
 * fmt.c — `jbind fmt`: print each document, pretty by default. It streams:
 * a document is reprinted as it is read (jb_stream_next_print), in memory
 * bounded by its longest token and nesting, whatever its size; its output
 * is held until it is known to be valid, up to CLI_HOLD bytes, so that an
 * invalid document prints nothing. --sort-keys and --canonical need whole
 * objects: each document is then parsed into a tree and printed.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Each document as a tree (sorting keys, canonical form). */
static int fmt_trees(cli_input *in, const cli_opts *o) {
    jb_arena *arena = jb_arena_new();
    jb_value *v, *more;
    jb_error e;
    jb_status st;
    int rc = 0;
    if (!arena) return EXIT_TROUBLE;
    while ((st = jb_stream_next_value(in->s, &v, arena, &e)) == JB_OK) {
        /* exactly one document: the next call must find the end */
        if (o->framing == JB_FRAMING_SINGLE &&
            (st = jb_stream_next_value(in->s, &more, arena, &e)) != JB_END)
            break;
        if ((rc = cli_emit(v, o)) != 0) break;
        jb_arena_reset(arena);
    }
    if (!rc && st != JB_END) rc = cli_fail(st, in, o, &e, stderr);
    jb_arena_free(arena);
    return rc;
}

/* Each document reprinted as it streams by. */
static int fmt_stream(cli_input *in, const cli_opts *o) {
    cli_out out = {0};
    jb_error e;
    jb_status st;
    int rc = 0;
    for (;;) {
        st = jb_stream_next_print(in->s, cli_out_write, &out, &o->w, &e);
        if (st == JB_OK && o->framing == JB_FRAMING_SINGLE) {
            st = jb_stream_next_print(in->s, cli_out_write, &out, &o->w, &e);
            if (st == JB_END) cli_out_commit(&out);
        } else if (st == JB_OK) {
            cli_out_commit(&out);
            if (!out.failed) continue;
        }
        if (st == JB_END || out.failed) break;
        cli_out_drop(&out);
        rc = out.failed ? 0 : cli_fail(st, in, o, &e, stderr);
        break;
    }
    if (out.failed) {
        fprintf(stderr, "jbind: writing output: %s\n", strerror(errno ? errno : EIO));
        rc = EXIT_TROUBLE;
    }
    free(out.buf);
    return rc;
}

static int run(int argc, char **argv) {
    cli_opts o = {0};
    cli_input in;
    int n, rc;
    if ((rc = cli_parse_opts(argc, argv, &o, &n, CLI_PRINTING | CLI_FORMATTING))) return rc;
    if (n > 1) return cli_usage_error("fmt takes at most one FILE%s", "");
    if ((rc = cli_open(&in, n ? argv[0] : NULL, &o, 0, NULL))) return rc;
    rc = o.w.flags & (JB_PRINT_SORT_KEYS | JB_PRINT_CANONICAL) ? fmt_trees(&in, &o)
                                                               : fmt_stream(&in, &o);
    cli_close(&in);
    if (!rc && fflush(stdout) == EOF) {
        fprintf(stderr, "jbind: writing output: %s\n", strerror(errno ? errno : EIO));
        rc = EXIT_TROUBLE;
    }
    return rc;
}

const cli_command cli_fmt = {
    "fmt",
    "fmt [--indent N | --compact] [--sort-keys] [--ascii] [--canonical] [--lines | --seq | "
    "--concat] [FILE]",
    "  fmt [FILE]          print the document (each one, with --lines, --seq, --concat),\n"
    "                      pretty (2-space indent) by default\n",
    run};
