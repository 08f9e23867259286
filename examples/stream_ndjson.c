/* SPDX-License-Identifier: MIT */
/*
 * stream_ndjson.c — NDJSON in and out (docs/streaming.md): typed records
 * from a buffer, bad records skipped and reported with their record
 * number, line and column; the good ones written back as NDJSON; then the
 * same file read from a FILE *, one 64 KiB read at a time.
 */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    char *level;
    char *msg;
    uint32_t ms;
} event;
static const jb_type event_type =
    JB_RECORD(event, JB_FIELD(event, level, &jb_cstr), JB_FIELD(event, msg, &jb_cstr),
              JB_FIELD(event, ms, &jb_u32));

static const char log_text[] = "{\"level\":\"info\",\"msg\":\"started\",\"ms\":0}\n"
                               "{\"level\":\"warn\",\"msg\":\"slow disk\",\"ms\":1250}\r\n"
                               "\n"
                               "{\"level\":\"info\",\"msg\":\"cut off\",\"ms\":\n"
                               "[\"not\", \"an\", \"event\"]\n"
                               "{\"level\":\"error\",\"msg\":\"disk full\",\"ms\":-1}\n"
                               "{\"level\":\"info\",\"msg\":\"stopped\",\"ms\":99000}";

int main(void) {
    jb_error first[8];
    jb_error_list errors = JB_ERROR_LIST_INIT(first, 8);
    jb_stream_options opts = {.framing = JB_FRAMING_LINES,
                              .flags = JB_STREAM_SKIP_BAD | JB_STREAM_RESET_ARENA,
                              .errors = &errors};
    jb_arena *arena = jb_arena_new();
    jb_buf out = JB_BUF_INIT;
    jb_error err;
    jb_stream *s = jb_stream_new_buffer(log_text, sizeof log_text - 1, &opts, &err);
    event ev;
    jb_status st;

    /* Each call decodes the next record; the arena is reset first. */
    while ((st = jb_stream_next(s, &event_type, &ev, arena, &err)) == JB_OK) {
        printf("record %zu: %s %s (%u ms)\n", jb_stream_index(s) - 1, ev.level, ev.msg, ev.ms);
        jb_encode_record(&event_type, &ev, JB_FRAMING_LINES, &out, NULL, &err);
    }
    if (st != JB_END) printf("stopped: %s\n", err.message);
    printf("%zu records skipped:\n", jb_stream_skipped(s));
    for (size_t i = 0; i < errors.len; i++)
        printf("  record %zu, line %zu, column %zu: %s (at %s)\n", first[i].index, first[i].line,
               first[i].column, first[i].message, first[i].path);
    jb_stream_free(s);

    /* What was written, read back from a file. */
    FILE *f = tmpfile();
    if (!f) return 1;
    fwrite(out.data, 1, out.len, f);
    rewind(f);
    opts = (jb_stream_options){.framing = JB_FRAMING_LINES};
    s = jb_stream_new_file(f, &opts, &err);
    uint64_t total = 0;
    while ((st = jb_stream_next(s, &event_type, &ev, arena, &err)) == JB_OK) total += ev.ms;
    printf("from the file: %zu records, %llu ms in all (%s)\n", jb_stream_index(s),
           (unsigned long long)total, jb_status_name(st));
    jb_stream_free(s);
    fclose(f);
    jb_buf_free(&out);
    jb_arena_free(arena);
    return st == JB_END ? 0 : 1;
}
