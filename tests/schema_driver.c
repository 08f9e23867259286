/* SPDX-License-Identifier: MIT */
/*
 * schema_driver.c — runs the types `jbind gen` made from a schema over
 * documents: tests/test_schema_real.sh compiles it with the generated
 * source (-DGEN_HEADER='"x.h"' -DGEN_ROOT=X_ROOT, the header's root
 * descriptor macro) and reads its verdicts.
 *
 *   schema_driver FILE...      each document: decode with the root type,
 *                              encode, compare with the original as
 *                              jb_value (numbers by value, objects as maps)
 *   schema_driver --lines F    the same for each line of F (one document a line)
 *
 * One line of output per document: "ok", "differs <encoded JSON>" or
 * "rejected <code> <message> at <path>". Exit status 0 when every document
 * printed "ok" (or, with --lines, always: the caller compares verdicts).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include GEN_HEADER

static int one(const jb_type *t, const char *text, size_t len) {
    jb_arena *a = jb_arena_new();
    void *v = calloc(1, t->size ? t->size : 1);
    char *copy = malloc(len ? len : 1); /* exactly len bytes: ASan sees a read past the end */
    jb_error e;
    jb_value *orig = NULL, *back = NULL;
    jb_buf out = JB_BUF_INIT;
    int rc = 1;
    if (!a || !v || !copy) abort();
    memcpy(copy, text, len);
    jb_status st = jb_decode(t, copy, len, v, a, NULL, &e);
    if (st) {
        printf("rejected %s %s at %s\n", jb_status_name(st), e.message, e.path);
    } else if ((st = jb_encode(t, v, &out, NULL, &e))) {
        printf("unencodable %s %s at %s\n", jb_status_name(st), e.message, e.path);
    } else if (jb_value_parse(copy, len, &orig, a, NULL, NULL) ||
               jb_value_parse(out.data, out.len, &back, a, NULL, NULL)) {
        printf("unparsable\n");
    } else if (!jb_value_equal(orig, back)) {
        printf("differs %.*s\n", (int)(out.len > 2000 ? 2000 : out.len), out.data);
    } else {
        printf("ok\n");
        rc = 0;
    }
    jb_buf_free(&out);
    free(copy);
    free(v);
    jb_arena_free(a);
    return rc;
}

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0, k;
    char *b = malloc(cap);
    while (b && (k = fread(b + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap && !(b = realloc(b, cap *= 2))) break;
    }
    fclose(f);
    *len = n;
    return b;
}

int main(int argc, char **argv) {
    const jb_type *t = GEN_ROOT;
    int bad = 0;
    if (argc == 3 && strcmp(argv[1], "--lines") == 0) {
        size_t len;
        char *text = slurp(argv[2], &len);
        if (!text) return 2;
        for (size_t i = 0; i < len;) {
            size_t j = i;
            while (j < len && text[j] != '\n') j++;
            one(t, text + i, j - i);
            i = j + 1;
        }
        free(text);
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        size_t len;
        char *text = slurp(argv[i], &len);
        if (!text) {
            printf("unreadable %s\n", argv[i]);
            bad++;
            continue;
        }
        bad += one(t, text, len);
        free(text);
    }
    return bad ? 1 : 0;
}
