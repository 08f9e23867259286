/* SPDX-License-Identifier: MIT */
/*
 * check.c — `jbind check`: validate files, one report per invalid
 * document (rendered with its source line, or one line with --brief). Each document is checked as it streams by
 * (jb_stream_next_skip): memory is its longest token and nesting, never
 * the document. With --lines or --seq every bad record is reported (they
 * are skipped: the next one starts at the next separator); with --concat,
 * or one document, the first error ends the file.
 */
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

static int run(int argc, char **argv) {
    cli_opts o = {0};
    int n, rc, worst = 0;
    if ((rc = cli_parse_opts(argc, argv, &o, &n, 0))) return rc;
    if (n == 0) return cli_usage_error("check needs at least one FILE (\"-\" is stdin)%s", "");
    for (int i = 0; i < n; i++) {
        rc = check_one(argv[i], &o);
        if (rc > worst) worst = rc;
    }
    if (fflush(stdout) == EOF) return EXIT_TROUBLE;
    return worst;
}

const cli_command cli_check = {
    "check", "check [--lines | --seq | --concat] [--brief] [--color=WHEN] FILE...",
    "  check FILE...       validate files; for each invalid document (every bad record\n"
    "                      with --lines, --seq) print FILE:LINE:COLUMN: message, the\n"
    "                      line with a caret and the JSON path (--brief: one line);\n"
    "                      exit 0 when all are valid, 1 otherwise\n",
    run};
