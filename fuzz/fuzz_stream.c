/* SPDX-License-Identifier: MIT */
/*
 * fuzz_stream — push parsing with chunk boundaries the fuzzer chooses,
 * against the one-shot decode of the same bytes.
 * Input: [framing + kind] [read flags] [stream flags] [cut count]
 *        [cut steps...] JSON text.
 *   byte 0: framing (low 3 bits, mod 5), element kind (bits 3-5: jb_value,
 *           skip, print, pretty, typed), bit 6: ARRAY at /a instead of the
 *           root, bit 7: finish before draining the last chunk
 *   byte 1: read flags (fuzz_read_opts); byte 2: bit 0 skip bad records,
 *           bit 1 allow a byte order mark, bit 2 skip the rest (ARRAY),
 *           bits 3-7 a max_element_bytes of 8 * that (0: none); with
 *           typed elements, byte 2 also picks the zoo descriptor
 *   byte 3: how many cuts (mod 64); then one byte per cut: the step to
 *           the next cut (0 = a run of 1-byte chunks)
 * Properties: the log of values and errors (code, index, offset, line,
 * column, path, message), of skipped counts and of the error list is the
 * same pushed as from one buffer; for SINGLE framing the first result is
 * jb_decode's / jb_value_parse's, with its data-after error on the next
 * call; no read outside a chunk or of a chunk already released (every
 * chunk is an exact heap copy freed once the stream returns
 * JB_NEED_INPUT); nothing leaks.
 */
#include "stream_run.h"
#include "zoo.h"

int fuzz_stream_one(const uint8_t *data, size_t size) {
    if (size < 4) return 0;
    const uint8_t sel = data[0], rf = data[1], sf = data[2];
    size_t ncuts = data[3] % 64, pos = 4;
    size_t steps[64];
    for (size_t i = 0; i < ncuts; i++) steps[i] = pos < size ? data[pos++] : 1;
    const char *json = (const char *)data + pos;
    const size_t len = size - pos;
    jb_read_options ro = fuzz_read_opts(rf);
    run_cfg c;
    memset(&c, 0, sizeof c);
    c.o.framing = (jb_framing)((sel & 7) % 5);
    c.kind = ((sel >> 3) & 7) % 5;
    c.type = zoo_types[sf % zoo_count].type;
    c.o.pointer = (sel & 0x40) && c.o.framing == JB_FRAMING_ARRAY ? "/a" : NULL;
    c.finish_early = (sel & 0x80) != 0;
    c.o.read = &ro;
    c.o.flags = (sf & 1 ? JB_STREAM_SKIP_BAD : 0) | (sf & 2 ? JB_STREAM_ALLOW_BOM : 0) |
                (sf & 4 ? JB_STREAM_SKIP_REST : 0);
    c.o.max_element_bytes = (size_t)(sf >> 3) * 8;

    /* the cuts: increasing offsets inside (0, len) */
    size_t cuts[64 * 4], m = 0, at = 0;
    for (size_t i = 0; i < ncuts && m + 4 < sizeof cuts / sizeof cuts[0]; i++) {
        if (steps[i] == 0) { /* a run of single bytes */
            for (int k = 0; k < 4 && at + 1 < len; k++) cuts[m++] = ++at;
            continue;
        }
        at += steps[i];
        if (at >= len) break;
        cuts[m++] = at;
    }
    char *copy = fuzz_copy((const uint8_t *)json, len);
    slog want = {0}, got = {0};
    run_stream(&c, copy, len, NULL, 0, &want);
    run_stream(&c, copy, len, cuts, m, &got);
    if (strcmp(slog_text(&want), slog_text(&got)) != 0) {
        fprintf(stderr, "framing %d kind %d cuts %zu\n--- buffer:\n%s--- pushed:\n%s",
                (int)c.o.framing, c.kind, m, slog_text(&want), slog_text(&got));
        FUZZ_CHECK(!"pushed differs from the buffer");
    }
    /* SINGLE: as the one-shot decode */
    if (c.o.framing == JB_FRAMING_SINGLE && (c.kind == RK_VALUE || c.kind == RK_TYPED) &&
        !c.o.max_element_bytes && !(c.o.flags & (JB_STREAM_ALLOW_BOM | JB_STREAM_SKIP_BAD))) {
        jb_arena *a = jb_arena_new();
        jb_error e;
        jb_status st;
        slog one = {0};
        FUZZ_CHECK(a != NULL);
        if (c.kind == RK_TYPED) {
            void *out = malloc(c.type->size);
            FUZZ_CHECK(out != NULL);
            st = jb_decode(c.type, copy, len, out, a, &ro, &e);
            free(out);
        } else {
            jb_value *v;
            st = jb_value_parse(copy, len, &v, a, &ro, &e);
        }
        /* the stream's first line is OK or ERR; an error in what follows
         * the document (data, an unterminated comment) is the next line */
        const char *line = slog_text(&want);
        if (st != JB_OK && strncmp(line, "OK", 2) == 0) line = strchr(line, '\n') + 1;
        if (st == JB_OK) {
            FUZZ_CHECK(strncmp(line, "OK", 2) == 0);
        } else {
            slog_error(&one, &e);
            if (strncmp(line, slog_text(&one), one.len) != 0) {
                fprintf(stderr, "one-shot: %sstream:   %.300s\n", slog_text(&one), line);
                FUZZ_CHECK(!"the SINGLE stream differs from the one-shot decode");
            }
        }
        slog_free(&one);
        jb_arena_free(a);
    }
    slog_free(&want);
    slog_free(&got);
    free(copy);
    return 0;
}

FUZZ_ENTRY(fuzz_stream_one)
