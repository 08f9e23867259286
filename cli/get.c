/* SPDX-License-Identifier: MIT */
/* get.c — `jbind get`: print the value at a JSON Pointer. */
#include <string.h>

#include "cli.h"

static int run(int argc, char **argv) {
    cli_opts o = {0};
    int n, rc;
    jb_arena *arena;
    jb_value *v, *at = NULL;
    jb_status st;
    if ((rc = cli_parse_opts(argc, argv, &o, &n, CLI_PRINTING))) return rc;
    if (n < 1 || n > 2) return cli_usage_error("get takes a POINTER and at most one FILE%s", "");
    if (!(arena = jb_arena_new())) return EXIT_TROUBLE;
    rc = cli_load(n > 1 ? argv[1] : NULL, arena, &o, &v, stderr);
    if (rc == 0) {
        st = jb_value_pointer_n(v, argv[0], strlen(argv[0]), &at);
        if (st == JB_OK) {
            rc = cli_emit(at, &o);
        } else if (st == JB_E_SYNTAX) {
            fprintf(stderr, "jbind: '%s' is not a JSON Pointer (RFC 6901: \"\" or /token/...)\n",
                    argv[0]);
            rc = EXIT_TROUBLE;
        } else {
            fprintf(stderr, "jbind: %s: no value at '%s'\n", cli_display_name(n > 1 ? argv[1] : NULL),
                    argv[0]);
            rc = EXIT_INVALID;
        }
    }
    jb_arena_free(arena);
    return rc;
}

const cli_command cli_get = {
    "get", "get [--indent N | --compact] POINTER [FILE]",
    "  get POINTER [FILE]  print the value at an RFC 6901 JSON Pointer (\"/a/0/b\";\n"
    "                      ~1 is '/', ~0 is '~'; \"\" is the whole document)\n",
    run};
