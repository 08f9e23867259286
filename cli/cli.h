/* SPDX-License-Identifier: MIT */
/*
 * cli.h — what the jbind tool's files share: exit statuses, the options
 * every command parses, input and output helpers (common.c), and the
 * command table main.c dispatches on. One file per command (fmt.c,
 * check.c, get.c); a new command is a new file plus one row in main.c's
 * table.
 *
 * Input: FILE (or stdin when FILE is absent or "-") is read through a
 * jb_stream, 64 KiB at a time: exactly one document, or with --lines,
 * --seq or --concat one after another. What each command holds in memory
 * is in cli/jbind.1 (MEMORY) and docs/streaming.md.
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
    jb_framing framing; /* --lines, --seq, --concat; else SINGLE */
    bool compact;  /* --compact given */
    bool indented; /* --indent given */
    bool brief;    /* --brief: an error is one line, not rendered with its source */
    int color;     /* --color=: 1 always, -1 never, 0 auto (a terminal, and NO_COLOR unset) */
} cli_opts;

/* An input being read: the file (or stdin) and the stream over it. */
typedef struct cli_input {
    const char *path;
    FILE *f;
    jb_stream *s;
} cli_input;

/* fmt's output: a document is held (up to CLI_HOLD bytes) until it is
 * known to be valid, so that an invalid one prints nothing; a longer one
 * goes out as it is made (then an error leaves its valid beginning). */
#define CLI_HOLD ((size_t)1 << 20)
typedef struct cli_out {
    char *buf;
    size_t len, cap;
    bool direct; /* past CLI_HOLD: writing straight to stdout */
    bool failed; /* a write to stdout failed (errno says why) */
} cli_out;

/* Which groups of options a command accepts (cli_parse_opts). */
enum {
    CLI_PRINTING = 0x1,  /* --compact, --indent, --ascii: the command prints JSON */
    CLI_FORMATTING = 0x2 /* --sort-keys, --canonical: fmt only */
    /* --lines, --seq, --concat and --max-depth: every command */
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

/* Open path ("-" or NULL = stdin) as a stream in o's framing with the
 * stream flags (JB_STREAM_*; list may be NULL). 0 or EXIT_TROUBLE
 * (reported). */
int cli_open(cli_input *in, const char *path, const cli_opts *o, uint32_t flags,
             jb_error_list *list);
void cli_close(cli_input *in);
/* "<stdin>" for "-" or NULL, else path. */
const char *cli_display_name(const char *path);
/* An error of in, to `to`: rendered as compilers show errors
 * (jb_error_render: the source line, read back from a seekable file, with
 * a caret; colour per o->color), or with --brief in one line,
 * FILE:LINE:COLUMN: message (at PATH). "record N: " goes before the
 * message when the framing has many documents. */
void cli_report(FILE *to, const cli_input *in, const cli_opts *o, const jb_error *e);
/* The same for an error of a document held whole in text[0..len) (its
 * offsets are text's): rendered against that text, or --brief. */
void cli_report_text(FILE *to, const char *path, const char *text, size_t len,
                     const cli_opts *o, const jb_error *e);
/* The exit status for a stream's failure st (reported to errto for invalid
 * JSON; to stderr for reading, memory or writing troubles). */
int cli_fail(jb_status st, const cli_input *in, const cli_opts *o, const jb_error *e,
             FILE *errto);
/* Print v then a newline to stdout; 0 or EXIT_TROUBLE (reported). */
int cli_emit(const jb_value *v, const cli_opts *o);
/* fmt's output (cli_out): the sink for jb_stream_next_print; commit the
 * held document and a newline, or drop it. */
int cli_out_write(void *ctx, const char *data, size_t len);
void cli_out_commit(cli_out *out);
void cli_out_drop(cli_out *out);
/* "jbind: " + the message (printf-style) + the usage; EXIT_TROUBLE. The
 * format attribute lets -Wformat=2 check every call's arguments. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
int cli_usage_error(const char *fmt, ...);
/*
 * Take the options out of argv[1..argc) (in place; the operands stay in
 * order in argv, their count in *nargs). "--" ends the options. groups
 * (CLI_*) says which options beyond --max-depth the command accepts.
 * 0 or EXIT_TROUBLE (reported).
 */
int cli_parse_opts(int argc, char **argv, cli_opts *o, int *nargs, unsigned groups);

/* ---- schema.c ---- */

/* A type the tool knows (the examples' descriptors, linked in): what
 * `jbind schema NAME` prints and `jbind check --type NAME` decodes. */
typedef struct cli_type {
    const char *name, *what;
    const jb_type *type;
    uint32_t schema_flags; /* JB_SCHEMA_* its schema is written with */
    uint32_t read_flags;   /* JB_READ_* its documents are read with */
} cli_type;
/* The type called name, or NULL. */
const cli_type *cli_find_type(const char *name);

/* ---- main.c ---- */

/* The usage lines of every command (and --help | --version) to `to`. */
void cli_usage(FILE *to);

/* ---- the commands ---- */

extern const cli_command cli_fmt, cli_check, cli_get, cli_gen, cli_schema;

#endif
