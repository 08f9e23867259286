/* SPDX-License-Identifier: MIT */
/*
 * cli.h — what the jbind tool's files share: exit statuses, the options
 * every command parses, input and output helpers (common.c), and the
 * command table main.c dispatches on. One file per command (fmt.c,
 * check.c, get.c); a new command is a new file plus one row in main.c's
 * table.
 *
 * Input: the whole of FILE (or stdin when FILE is absent or "-") is read
 * into memory, any size that fits. Output goes through the library's
 * stream sink to stdout as it is produced (8 KiB at a time).
 * Exit status: 0 success; 1 invalid JSON (or, for get, nothing at the
 * pointer); 2 usage, I/O or resource errors.
 */
#ifndef JBIND_CLI_H
#define JBIND_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "jbind.h"

#define EXIT_INVALID 1
#define EXIT_TROUBLE 2

/* The options of one command line. */
typedef struct cli_opts {
    jb_write_options w;
    jb_read_options r;
    bool compact;  /* --compact given */
    bool indented; /* --indent given */
} cli_opts;

/* Which groups of options a command accepts (cli_parse_opts). */
enum {
    CLI_PRINTING = 0x1,  /* --compact, --indent, --ascii: the command prints JSON */
    CLI_FORMATTING = 0x2 /* --sort-keys, --canonical: fmt only */
};

/* A command: its name, its usage line (after "jbind "), its lines in the
 * help's "Commands:" section, and what runs it (argv[0] is the name). */
typedef struct cli_command {
    const char *name;
    const char *usage;
    const char *help;
    int (*run)(int argc, char **argv);
} cli_command;

/* ---- common.c ---- */

/* The whole of path ("-" or NULL = stdin) in a malloc'd buffer. NULL on
 * failure (errno says why). */
char *cli_slurp(const char *path, size_t *len);
/* "<stdin>" for "-" or NULL, else path. */
const char *cli_display_name(const char *path);
/* FILE:LINE:COLUMN: message (at PATH) and a newline, to `to`. */
void cli_report(FILE *to, const char *path, const jb_error *e);
/* Read and parse path into arena; 0 or an exit status (reported to errto
 * for invalid JSON, stderr for I/O). */
int cli_load(const char *path, jb_arena *arena, const cli_opts *o, jb_value **out, FILE *errto);
/* Print v then a newline to stdout; 0 or EXIT_TROUBLE (reported). */
int cli_emit(const jb_value *v, const cli_opts *o);
/* "jbind: " + the message (fmt has one %s for arg) + the usage; EXIT_TROUBLE. */
int cli_usage_error(const char *fmt, const char *arg);
/*
 * Take the options out of argv[1..argc) (in place; the operands stay in
 * order in argv, their count in *nargs). "--" ends the options. groups
 * (CLI_*) says which options beyond --max-depth the command accepts.
 * 0 or EXIT_TROUBLE (reported).
 */
int cli_parse_opts(int argc, char **argv, cli_opts *o, int *nargs, unsigned groups);

/* ---- main.c ---- */

/* The usage lines of every command (and --help | --version) to `to`. */
void cli_usage(FILE *to);

/* ---- the commands ---- */

extern const cli_command cli_fmt, cli_check, cli_get;

#endif
