/* SPDX-License-Identifier: MIT */
/*
 * jbind — the command-line tool: format, check and query JSON with the
 * library's streams (one document, or --lines, --seq, --concat). See
 * cli/jbind.1 (man jbind) or `jbind --help`.
 *
 *   jbind fmt [--indent N | --compact] [--sort-keys] [--ascii] [--canonical] [FILE]
 *   jbind check FILE...
 *   jbind get [--indent N | --compact] POINTER [FILE]
 *   jbind schema [--compact] NAME         the JSON Schema of an example's type
 *   jbind gen [options] SCHEMA            C types and descriptors from a JSON Schema
 *
 * This file dispatches on the command name and writes the usage and help
 * texts from the command table; each command lives in its own file
 * (cli.h says what they share).
 */
#include <string.h>

#include "cli.h"

/* The commands, in the order usage and help list them. */
static const cli_command *const commands[] = {&cli_fmt, &cli_check, &cli_get, &cli_schema,
                                              &cli_gen};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char options_help[] =
    "Options:\n"
    "  --indent N          pretty-print with N spaces per level (1..16)\n"
    "  --compact           no whitespace at all\n"
    "  --sort-keys         object members sorted by key (bytes; duplicates keep order)\n"
    "  --ascii             escape every non-ASCII character as \\uXXXX\n"
    "  --canonical         RFC 8785 canonical form (JCS): compact, sorted, ECMAScript numbers\n"
    "  --lines             the input is NDJSON / JSON Lines: one document per line\n"
    "  --seq               the input is an RFC 7464 JSON text sequence (RS before each)\n"
    "  --concat            the input is documents one after another\n"
    "                      (without one of these the input is exactly one document)\n"
    "  --max-depth N       accept nesting up to N levels (default 512)\n"
    "  --brief             an error in one line: FILE:LINE:COLUMN: message (at PATH)\n"
    "  --color=WHEN        colour errors: auto (a terminal, NO_COLOR unset), always, never\n"
    "  -h, --help          this text\n"
    "  --version           the version\n"
    "\n"
    "Without FILE (or with \"-\") the input is stdin. Exit status: 0 success,\n"
    "1 invalid JSON or no value at the pointer, 2 usage or I/O error.\n"
    "Numbers: integers and numbers beyond double are printed exactly as written;\n"
    "other numbers in their shortest form (1.50 -> 1.5, 1E2 -> 100).\n"
    "Memory: check and fmt read a document of any size in memory bounded by its\n"
    "longest token and nesting (--sort-keys, --canonical and get hold one whole\n"
    "document; --lines and --seq one whole record).\n";

void cli_usage(FILE *to) {
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(to, "%s jbind %s\n", i == 0 ? "usage:" : "      ", commands[i]->usage);
    fputs("       jbind --help | --version\n", to);
}

static int help(void) {
    fputs("jbind — format, check and query JSON (strict RFC 8259)\n\nCommands:\n", stdout);
    for (size_t i = 0; i < NCOMMANDS; i++) fputs(commands[i]->help, stdout);
    fputs("\n", stdout);
    fputs(options_help, stdout);
    fputs("\n", stdout);
    cli_usage(stdout);
    return fflush(stdout) == EOF ? EXIT_TROUBLE : 0;
}

int main(int argc, char **argv) {
    const char *cmd = argc > 1 ? argv[1] : NULL;
    if (!cmd) {
        cli_usage(stderr);
        return EXIT_TROUBLE;
    }
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0)
        return help();
    if (strcmp(cmd, "--version") == 0) {
        printf("jbind %s\n", JB_VERSION_STRING);
        return fflush(stdout) == EOF ? EXIT_TROUBLE : 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (strcmp(cmd, commands[i]->name) == 0) return commands[i]->run(argc - 1, argv + 1);
    return cli_usage_error("unknown command '%s'", cmd);
}
