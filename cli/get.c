/* SPDX-License-Identifier: MIT */
/* get.c — `jbind get`: print the value at a JSON Pointer, of each document. */
#include <string.h>

#include "cli.h"

/* What the pointer names in v: printed, or reported missing (1). */
static int print_at(const cli_input *in, const cli_opts *o, const char *ptr, jb_value *v,
                    size_t index) {
    jb_value *at = NULL;
    jb_status st = jb_value_pointer_n(v, ptr, strlen(ptr), &at);
    if (st == JB_OK) return cli_emit(at, o);
    if (st == JB_E_SYNTAX) { /* e.g. /b/01 where b is an array */
        fprintf(stderr, "jbind: '%s' is not a JSON Pointer (RFC 6901: \"\" or /token/...)\n", ptr);
        return EXIT_TROUBLE;
    }
    if (o->framing == JB_FRAMING_SINGLE)
        fprintf(stderr, "jbind: %s: no value at '%s'\n", cli_display_name(in->path), ptr);
    else
        fprintf(stderr, "jbind: %s: record %zu: no value at '%s'\n", cli_display_name(in->path),
                index + 1, ptr);
    return EXIT_INVALID;
}

static int run(int argc, char **argv) {
    cli_opts o = {0};
    cli_input in;
    int n, rc, worst = 0;
    jb_arena *arena;
    jb_value *v, *more;
    jb_error e;
    jb_status st;
    if ((rc = cli_parse_opts(argc, argv, &o, &n, CLI_PRINTING))) return rc;
    if (n < 1 || n > 2) return cli_usage_error("get takes a POINTER and at most one FILE%s", "");
    if (!(arena = jb_arena_new())) return EXIT_TROUBLE;
    /* a malformed pointer is a usage error, before any input is read */
    if (jb_value_pointer_n(jb_value_new_null(arena), argv[0], strlen(argv[0]), &v) == JB_E_SYNTAX) {
        fprintf(stderr, "jbind: '%s' is not a JSON Pointer (RFC 6901: \"\" or /token/...)\n",
                argv[0]);
        jb_arena_free(arena);
        return EXIT_TROUBLE;
    }
    if ((rc = cli_open(&in, n > 1 ? argv[1] : NULL, &o, 0, NULL))) {
        jb_arena_free(arena);
        return rc;
    }
    while ((st = jb_stream_next_value(in.s, &v, arena, &e)) == JB_OK) {
        size_t index = jb_stream_index(in.s) - 1;
        if (o.framing == JB_FRAMING_SINGLE &&
            (st = jb_stream_next_value(in.s, &more, arena, &e)) != JB_END)
            break;
        rc = print_at(&in, &o, argv[0], v, index);
        if (rc > worst) worst = rc;
        if (rc == EXIT_TROUBLE) break;
        jb_arena_reset(arena);
    }
    if (st != JB_END && worst != EXIT_TROUBLE) {
        rc = cli_fail(st, &in, &o, &e, stderr);
        if (rc > worst) worst = rc;
    }
    cli_close(&in);
    jb_arena_free(arena);
    return worst;
}

const cli_command cli_get = {
    "get", "get [--indent N | --compact] [--lines | --seq | --concat] POINTER [FILE]",
    "  get POINTER [FILE]  print the value at an RFC 6901 JSON Pointer (\"/a/0/b\";\n"
    "                      ~1 is '/', ~0 is '~'; \"\" is the whole document), of each\n"
    "                      document with --lines, --seq, --concat\n",
    run};
