/* SPDX-License-Identifier: MIT */
/*
 * stream_io.c — reading from files: streams over a FILE *, a file
 * descriptor or a read callback (each a pulled source of stream.c, read
 * 64 KiB at a time), and whole documents from a FILE *, a descriptor or a
 * path (read to the end, then decoded as jb_decode / jb_value_parse).
 */
#include "stream.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#define JB_HAVE_READ 1
#endif

#include "arena.h"

/* Bytes a pulled stream reads at a time. */
#define PULL_CHUNK ((size_t)64 << 10)

JB_HIDDEN jb_stream *jb__stream_new_pull(jb_source_fn fn, void *ctx, size_t bufsize,
                                         const jb_stream_options *opts, jb_error *err);

/* ------------------------------------------------------------------ */
/* Sources                                                             */
/* ------------------------------------------------------------------ */

static int file_read(void *ctx, char *buf, size_t cap, size_t *got) {
    FILE *f = ctx;
    errno = 0;
    *got = fread(buf, 1, cap, f);
    if (*got == 0 && ferror(f)) {
        if (!errno) errno = EIO;
        return 1;
    }
    return 0;
}

#ifdef JB_HAVE_READ
/* The descriptor travels in the context pointer itself. */
static int fd_read(void *ctx, char *buf, size_t cap, size_t *got) {
    int fd = (int)(intptr_t)ctx;
    for (;;) {
        ssize_t n = read(fd, buf, cap);
        if (n >= 0) {
            *got = (size_t)n;
            return 0;
        }
        if (errno != EINTR) return 1;
    }
}
#endif

jb_stream *jb_stream_new_file(FILE *f, const jb_stream_options *opts, jb_error *err) {
    if (!f) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "the FILE is NULL");
        return NULL;
    }
    return jb__stream_new_pull(file_read, f, PULL_CHUNK, opts, err);
}

jb_stream *jb_stream_new_fd(int fd, const jb_stream_options *opts, jb_error *err) {
#ifdef JB_HAVE_READ
    if (fd < 0) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "the file descriptor is negative");
        return NULL;
    }
    return jb__stream_new_pull(fd_read, (void *)(intptr_t)fd, PULL_CHUNK, opts, err);
#else
    (void)fd;
    (void)opts;
    jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "file descriptors need POSIX read()");
    return NULL;
#endif
}

jb_stream *jb_stream_new_source(jb_source_fn fn, void *ctx, const jb_stream_options *opts,
                                jb_error *err) {
    return jb__stream_new_pull(fn, ctx, PULL_CHUNK, opts, err);
}

/* ------------------------------------------------------------------ */
/* Whole documents                                                     */
/* ------------------------------------------------------------------ */

/*
 * All of a source into a malloc'd buffer (*out, *len; a valid pointer
 * even when empty), at most max bytes: JB_E_LIMIT past them, JB_E_IO on a
 * read error, JB_E_NOMEM. err filled on failure.
 */
static jb_status read_all(jb_source_fn fn, void *ctx, size_t max, char **out, size_t *len,
                          jb_error *err) {
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        size_t got = 0;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : PULL_CHUNK;
            char *nb;
            if (ncap < cap || !(nb = realloc(buf, ncap))) {
                free(buf);
                jb__error_fill(err, JB_E_NOMEM, NULL, 0, NULL, "out of memory reading the input");
                return JB_E_NOMEM;
            }
            buf = nb;
            cap = ncap;
        }
        if (fn(ctx, buf + n, cap - n, &got) != 0) {
            char msg[JB_ERROR_MESSAGE_MAX];
            snprintf(msg, sizeof msg, "reading the input failed: %s",
                     strerror(errno ? errno : EIO));
            free(buf);
            jb__error_fill(err, JB_E_IO, NULL, 0, NULL, msg);
            return JB_E_IO;
        }
        if (got == 0) break;
        n += got;
        if (n > max) {
            char msg[JB_ERROR_MESSAGE_MAX];
            snprintf(msg, sizeof msg, "document over the %zu-byte limit (max_doc_size)", max);
            free(buf);
            jb__error_fill(err, JB_E_LIMIT, NULL, 0, NULL, msg);
            return JB_E_LIMIT;
        }
    }
    *out = buf;
    *len = n;
    return JB_OK;
}

/* Read everything from fn and decode it: typed (type) or as a jb_value
 * (vout). With borrowed strings the text moves into the arena first. */
static jb_status decode_source(jb_source_fn fn, void *ctx, const jb_type *type, void *out,
                               jb_value **vout, jb_arena *arena, const jb_read_options *opts,
                               jb_error *err) {
    size_t max = opts && opts->max_doc_size ? opts->max_doc_size : JB_DEFAULT_MAX_DOC, len = 0;
    char *text = NULL;
    const char *json;
    jb_arena_mark am;
    jb_status st;
    if (type && out) memset(out, 0, type->size);
    if (vout) *vout = NULL;
    if (!arena || (!vout && (!type || !out))) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "NULL type, out or arena");
        return JB_E_ARG;
    }
    if ((st = read_all(fn, ctx, max, &text, &len, err)) != JB_OK) return st;
    am = jb__arena_mark(arena);
    json = text;
    if (opts && (opts->flags & JB_READ_BORROW_STRINGS)) {
        char *kept = jb_arena_alloc(arena, len ? len : 1, 1);
        if (!kept) {
            free(text);
            jb__error_fill(err, JB_E_NOMEM, NULL, 0, NULL, "out of memory keeping the input");
            return JB_E_NOMEM;
        }
        memcpy(kept, text, len);
        json = kept;
    }
    st = vout ? jb_value_parse(json, len, vout, arena, opts, err)
              : jb_decode(type, json, len, out, arena, opts, err);
    if (st) jb__arena_rollback(arena, am);
    free(text);
    return st;
}

jb_status jb_decode_file(const jb_type *type, FILE *f, void *out, jb_arena *arena,
                         const jb_read_options *opts, jb_error *err) {
    if (!f) {
        if (type && out) memset(out, 0, type->size);
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "the FILE is NULL");
        return JB_E_ARG;
    }
    return decode_source(file_read, f, type, out, NULL, arena, opts, err);
}

jb_status jb_decode_fd(const jb_type *type, int fd, void *out, jb_arena *arena,
                       const jb_read_options *opts, jb_error *err) {
#ifdef JB_HAVE_READ
    if (fd >= 0)
        return decode_source(fd_read, (void *)(intptr_t)fd, type, out, NULL, arena, opts, err);
#endif
    (void)fd;
    if (type && out) memset(out, 0, type->size);
    jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "bad file descriptor (or no POSIX read())");
    return JB_E_ARG;
}

/* Open path for the whole-document readers; NULL after filling err and
 * *st. */
static FILE *open_path(const char *path, jb_status *st, jb_error *err) {
    FILE *f;
    char msg[JB_ERROR_MESSAGE_MAX];
    if (!path) {
        jb__error_fill(err, *st = JB_E_ARG, NULL, 0, NULL, "path is NULL");
        return NULL;
    }
    if ((f = fopen(path, "rb"))) return f;
    snprintf(msg, sizeof msg, "cannot open %.160s: %s", path, strerror(errno));
    jb__error_fill(err, *st = JB_E_IO, NULL, 0, NULL, msg);
    return NULL;
}

jb_status jb_decode_path(const jb_type *type, const char *path, void *out, jb_arena *arena,
                         const jb_read_options *opts, jb_error *err) {
    jb_status st;
    FILE *f = open_path(path, &st, err);
    if (!f) {
        if (type && out) memset(out, 0, type->size);
        return st;
    }
    st = decode_source(file_read, f, type, out, NULL, arena, opts, err);
    fclose(f);
    return st;
}

jb_status jb_value_parse_file(FILE *f, jb_value **out, jb_arena *arena, const jb_read_options *opts,
                              jb_error *err) {
    if (!f || !out) {
        if (out) *out = NULL;
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "the FILE or out is NULL");
        return JB_E_ARG;
    }
    return decode_source(file_read, f, NULL, NULL, out, arena, opts, err);
}

jb_status jb_value_parse_path(const char *path, jb_value **out, jb_arena *arena,
                              const jb_read_options *opts, jb_error *err) {
    FILE *f;
    jb_status st;
    if (!out) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "out is NULL");
        return JB_E_ARG;
    }
    *out = NULL;
    if (!(f = open_path(path, &st, err))) return st;
    st = decode_source(file_read, f, NULL, NULL, out, arena, opts, err);
    fclose(f);
    return st;
}
