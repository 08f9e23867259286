/* SPDX-License-Identifier: MIT */
/* check.c — `jbind check`: validate files, one report line per invalid one. */
#include "cli.h"

static int run(int argc, char **argv) {
    cli_opts o = {0};
    int n, rc, worst = 0;
    jb_arena *arena;
    if ((rc = cli_parse_opts(argc, argv, &o, &n, 0))) return rc;
    if (n == 0) return cli_usage_error("check needs at least one FILE (\"-\" is stdin)%s", "");
    if (!(arena = jb_arena_new())) return EXIT_TROUBLE;
    for (int i = 0; i < n; i++) {
        jb_value *v;
        rc = cli_load(argv[i], arena, &o, &v, stdout);
        if (rc > worst) worst = rc;
        jb_arena_reset(arena);
    }
    jb_arena_free(arena);
    if (fflush(stdout) == EOF) return EXIT_TROUBLE;
    return worst;
}

const cli_command cli_check = {
    "check", "check FILE...",
    "  check FILE...       validate files; print FILE:LINE:COLUMN: message for each\n"
    "                      invalid one; exit 0 when all are valid, 1 otherwise\n",
    run};
