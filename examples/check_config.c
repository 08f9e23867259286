/* SPDX-License-Identifier: MIT */
/*
 * check_config.c — every mistake of a config file in one decode: the
 * errors are collected in a jb_error_list (jb_read_options.errors) and
 * each is printed the way a compiler reports, by jb_error_render.
 *
 * The file below has five different mistakes: a port written as a
 * string, a worker count out of range, a misspelt field (the record
 * denies unknown fields, so it is named, with a suggestion), an unknown
 * log level, and a required field left out. The program prints the five
 * renderings and checks each error's code, line and column against the
 * ones written by hand below; it fails when they differ.
 */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

typedef enum { LOG_DEBUG, LOG_INFO, LOG_WARN } log_level;
static const jb_type log_level_type =
    JB_ENUM(log_level, JB_ENUM_CASE(LOG_DEBUG, "debug"), JB_ENUM_CASE(LOG_INFO, "info"),
            JB_ENUM_CASE(LOG_WARN, "warn"));

typedef struct {
    char *name;
    uint16_t port;
    uint8_t workers;
    bool has_hostname;
    char *hostname;
    log_level log;
    bool tls;
} server_conf;
static const jb_type server_conf_type = JB_RECORD(
    (server_conf, .fmt_flags = JB_FMT_DENY_UNKNOWN), JB_FIELD(server_conf, name, &jb_cstr),
    JB_FIELD(server_conf, port, &jb_u16), JB_FIELD(server_conf, workers, &jb_u8),
    JB_OPTIONAL(server_conf, hostname, has_hostname, &jb_cstr),
    JB_FIELD(server_conf, log, &log_level_type), JB_FIELD(server_conf, tls, &jb_bool));

static const char config[] = "{\n"
                             "  \"name\": \"edge-1\",\n"
                             "  \"port\": \"8080\",\n"
                             "  \"workers\": 300,\n"
                             "  \"hostnmae\": \"example.org\",\n"
                             "  \"log\": \"verbose\"\n"
                             "}\n";

/* What each error must be, worked out from the text above by hand. */
static const struct {
    jb_status code;
    size_t line, column;
    const char *path;
} want[] = {
    {JB_E_TYPE, 3, 11, "$.port"},     /* "8080": a string where a number goes */
    {JB_E_RANGE, 4, 14, "$.workers"}, /* 300 does not fit a uint8_t */
    {JB_E_UNKNOWN, 5, 3, "$"},        /* "hostnmae": did you mean "hostname"? */
    {JB_E_UNKNOWN, 6, 10, "$.log"},   /* "verbose" is not a log level */
    {JB_E_MISSING, 7, 1, "$.tls"},    /* no "tls" before the closing brace */
};
#define WANT (sizeof want / sizeof want[0])

int main(void) {
    jb_arena *arena = jb_arena_new();
    if (!arena) return 1;
    jb_error items[16];
    jb_error_list errors = JB_ERROR_LIST_INIT(items, 16);
    jb_read_options opts = {.errors = &errors};
    server_conf conf;
    jb_error first;
    jb_status st =
        jb_decode(&server_conf_type, config, strlen(config), &conf, arena, &opts, &first);

    int bad = 0;
    for (size_t i = 0; i < errors.len; i++) {
        char text[1024];
        jb_error_render(&errors.items[i], "config.json", config, strlen(config), 0, text,
                        sizeof text);
        fputs(text, stdout);
    }
    printf("%zu errors\n", errors.len);
    if (errors.len != WANT || errors.total != WANT) bad = 1;
    for (size_t i = 0; i < errors.len && i < WANT; i++) {
        const jb_error *e = &errors.items[i];
        if (e->code != want[i].code || e->line != want[i].line || e->column != want[i].column ||
            strcmp(e->path, want[i].path) != 0) {
            fprintf(stderr, "error %zu: %s at %zu:%zu %s, expected %s at %zu:%zu %s\n", i + 1,
                    jb_status_name(e->code), e->line, e->column, e->path,
                    jb_status_name(want[i].code), want[i].line, want[i].column, want[i].path);
            bad = 1;
        }
    }
    /* the call still fails as a whole: the first error, a zeroed output */
    if (st != JB_E_TYPE || first.code != JB_E_TYPE || first.line != 3 || conf.name != NULL) bad = 1;
    if (!strstr(errors.items[2].message, "did you mean \"hostname\"?")) bad = 1;
    if (jb_arena_used(arena) != 0) bad = 1;
    jb_arena_free(arena);
    return bad;
}
