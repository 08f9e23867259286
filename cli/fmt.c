/* SPDX-License-Identifier: MIT */
/* fmt.c — `jbind fmt`: print the document, pretty by default. */
#include "cli.h"

static int run(int argc, char **argv) {
    cli_opts o = {0};
    int n, rc;
    jb_arena *arena;
    jb_value *v;
    if ((rc = cli_parse_opts(argc, argv, &o, &n, CLI_PRINTING | CLI_FORMATTING))) return rc;
    if (n > 1) return cli_usage_error("fmt takes at most one FILE%s", "");
    if (!(arena = jb_arena_new())) return EXIT_TROUBLE;
    rc = cli_load(n ? argv[0] : NULL, arena, &o, &v, stderr);
    if (rc == 0) rc = cli_emit(v, &o);
    jb_arena_free(arena);
    return rc;
}

const cli_command cli_fmt = {
    "fmt", "fmt [--indent N | --compact] [--sort-keys] [--ascii] [--canonical] [FILE]",
    "  fmt [FILE]          print the document, pretty (2-space indent) by default\n", run};
