/* SPDX-License-Identifier: MIT */
/*
 * fuzz_kernel — every string kernel this CPU runs against the portable
 * one (src/kernel.h), on arbitrary bytes. Input: [selector byte] bytes.
 *   1. The kernels themselves: scan (with and without the UTF-8 check)
 *      stops at the same byte; copy in every mode stops at the same byte
 *      and has copied the same prefix.
 *   2. Through the library, each kernel in turn: '"' bytes '"' decoded as
 *      a string (read flags from the selector) gives the same status,
 *      error offset and message and the same decoded bytes; the bytes
 *      decoded as JSON text into a raw value (which skips and validates)
 *      and into a DOM the same status, offset and message; the bytes
 *      encoded as a string (write flags from the selector) the same
 *      status and output.
 *   3. Skipping, each kernel in turn (the portable one too): jb__r_skip
 *      against jb__r_skip_exact alone (the same status, cursor, error
 *      offset and message), and the structural scan of skip.c alone: when
 *      it accepts a container, the exact skip accepts it and ends at the
 *      same byte; when not, the cursor is unchanged. The block classes (classify) of
 *      every 64-byte window of the first 1 KiB are the portable ones.
 * The kernel in use is global: this harness switches it and puts the
 * automatic choice back before it returns.
 */
#include "fuzz.h"
#include "kernel.h"
#include "read.h"

typedef struct outcome {
    jb_status st;
    size_t offset;
    char message[JB_ERROR_MESSAGE_MAX];
    char *bytes; /* malloc'd output, or NULL */
    size_t len;
} outcome;

static void record(outcome *o, jb_status st, const jb_error *e, const char *bytes, size_t len) {
    o->st = st;
    o->offset = st ? e->offset : 0;
    snprintf(o->message, sizeof o->message, "%s", st ? e->message : "");
    o->bytes = NULL;
    o->len = len;
    if (st == JB_OK && bytes) {
        o->bytes = malloc(len ? len : 1);
        FUZZ_CHECK(o->bytes != NULL);
        if (len) memcpy(o->bytes, bytes, len);
    }
}

static void same(const char *what, const char *kernel, const outcome *a, const outcome *b) {
    bool eq = a->st == b->st && a->offset == b->offset && strcmp(a->message, b->message) == 0 &&
              a->len == b->len && (!a->bytes) == (!b->bytes) &&
              (!a->bytes || !a->len || memcmp(a->bytes, b->bytes, a->len) == 0);
    if (!eq)
        fprintf(stderr, "%s: kernel %s gives %s at %zu (%s, %zu bytes), portable %s at %zu (%s, %zu bytes)\n",
                what, kernel, jb_status_name(a->st), a->offset, a->message, a->len,
                jb_status_name(b->st), b->offset, b->message, b->len);
    FUZZ_CHECK(eq);
}

/* The library-level outcomes under the kernel in use. */
static void run_library(const uint8_t *s, size_t n, uint8_t sel, outcome out[4]) {
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    jb_error err;
    jb_read_options ro = {0, 0, 0, 0, 0, 0, NULL};
    if (sel & 1) ro.flags |= JB_READ_ALLOW_INVALID_UTF8;
    if (sel & 2) ro.flags |= JB_READ_BORROW_STRINGS;
    if (sel & 4) ro.flags |= JB_READ_ALLOW_COMMENTS | JB_READ_ALLOW_TRAILING_COMMAS;

    /* a string */
    char *q = malloc(n + 2);
    FUZZ_CHECK(q != NULL);
    q[0] = '"';
    if (n) memcpy(q + 1, s, n);
    q[n + 1] = '"';
    jb_str str = {NULL, 0};
    jb_status st = jb_decode(&jb_string, q, n + 2, &str, arena, &ro, &err);
    record(&out[0], st, &err, str.ptr, str.len);
    free(q);

    /* JSON text: skipped into a raw value, and parsed into a DOM */
    char *text = fuzz_copy(s, n);
    jb_str raw = {NULL, 0};
    st = jb_decode(&jb_raw, text, n, &raw, arena, &ro, &err);
    record(&out[1], st, &err, raw.ptr, raw.len);
    jb_value *v;
    st = jb_value_parse(text, n, &v, arena, &ro, &err);
    record(&out[2], st, &err, NULL, 0);
    free(text);

    /* the bytes encoded as a string */
    jb_write_options wo = {0, 0, 0, 0};
    if (sel & 8) wo.flags |= JB_WRITE_ESCAPE_UNICODE;
    if (sel & 16) wo.flags |= JB_WRITE_ESCAPE_SLASH;
    if (sel & 32) wo.flags |= JB_WRITE_ALLOW_INVALID_UTF8;
    char *in = fuzz_copy(s, n);
    jb_str js = {in, n};
    jb_buf b = JB_BUF_INIT;
    st = jb_encode(&jb_string, &js, &b, &wo, &err);
    record(&out[3], st, &err, b.data, b.len);
    jb_buf_free(&b);
    free(in);
    jb_arena_free(arena);
}

static const unsigned modes[] = {0,
                                 JB_ESC_UTF8,
                                 JB_ESC_HI,
                                 JB_ESC_SLASH,
                                 JB_ESC_UTF8 | JB_ESC_SLASH,
                                 JB_ESC_HI | JB_ESC_SLASH};

int fuzz_kernel_one(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    uint8_t sel = data[0];
    const uint8_t *s = data + 1;
    size_t n = size - 1;
    char *in = fuzz_copy(s, n);
    char *d1 = malloc(n ? n : 1), *d2 = malloc(n ? n : 1);
    FUZZ_CHECK(d1 && d2);
    const unsigned char *u = (const unsigned char *)in;
    size_t count;
    const jb_kernel *const *list = jb__kernel_list(&count);
    const jb_kernel *ref = &jb__kernel_portable;

    /* 1. the kernels */
    for (size_t k = 0; k < count; k++) {
        const jb_kernel *kn = list[k];
        if (kn == ref || !jb__kernel_available(kn)) continue;
        for (int utf8 = 0; utf8 <= 1; utf8++) {
            const char *a = kn->scan(in, in + n, utf8), *b = ref->scan(in, in + n, utf8);
            if (a != b)
                fprintf(stderr, "scan(utf8=%d): %s stops at %td, portable at %td\n", utf8,
                        kn->name, a - in, b - in);
            FUZZ_CHECK(a == b);
        }
        for (size_t m = 0; m < sizeof modes / sizeof modes[0]; m++) {
            size_t a = kn->copy(d1, u, n, modes[m]), b = ref->copy(d2, u, n, modes[m]);
            if (a != b)
                fprintf(stderr, "copy(mode %u): %s stops at %zu, portable at %zu\n", modes[m],
                        kn->name, a, b);
            FUZZ_CHECK(a == b && memcmp(d1, in, a) == 0 && memcmp(d2, in, b) == 0);
        }
    }

    for (size_t k = 0; k < count; k++) {
        const jb_kernel *kn = list[k];
        if (kn == ref || !jb__kernel_available(kn)) continue;
        for (size_t i = 0; i + 64 <= n && i < 1024; i++) {
            jb_blockclass a, b;
            kn->classify(u + i, &a);
            ref->classify(u + i, &b);
            if (memcmp(&a, &b, sizeof a) != 0)
                fprintf(stderr, "classify at %zu: %s differs from portable\n", i, kn->name);
            FUZZ_CHECK(memcmp(&a, &b, sizeof a) == 0);
        }
    }

    /* 3. the structural scan against the exact skip, under each kernel */
    {
        jb_read_options o = fuzz_read_opts(sel);
        jb_arena *arena = jb_arena_new();
        FUZZ_CHECK(arena != NULL);
        for (size_t k = 0; k < count; k++) {
            jb_reader r1, r2;
            jb_status a, b;
            if (!jb__kernel_available(list[k])) continue;
            jb__kernel_use(list[k]);
            jb__r_init(&r1, in, n, arena, &o);
            a = jb__r_skip(&r1);
            jb__r_init(&r2, in, n, arena, &o);
            b = jb__r_skip_exact(&r2);
            if (a != b || r1.p != r2.p ||
                (a != JB_OK && (r1.err_offset != r2.err_offset || strcmp(r1.message, r2.message))))
                fprintf(stderr, "skip (%s): %d at %td [%s], exact %d at %td [%s]\n", list[k]->name,
                        (int)a, r1.p - in, a ? r1.message : "", (int)b, r2.p - in,
                        b ? r2.message : "");
            FUZZ_CHECK(a == b && r1.p == r2.p);
            FUZZ_CHECK(a == JB_OK ||
                       (r1.err_offset == r2.err_offset && strcmp(r1.message, r2.message) == 0));
            /* the scan itself (whether or not jb__r_skip uses it): accepted
             * means the exact skip accepts and ends there; else r untouched */
            jb__r_init(&r1, in, n, arena, &o);
            while (r1.p < r1.end && (*r1.p == ' ' || *r1.p == '\n')) r1.p++;
            if (r1.p < r1.end && (*r1.p == '{' || *r1.p == '[')) {
                const char *at = r1.p;
                bool ok = jb__skip_scan(&r1);
                jb__r_init(&r2, in, n, arena, &o);
                r2.p = at;
                b = jb__r_skip_exact(&r2);
                if (ok && (b != JB_OK || r1.p != r2.p))
                    fprintf(stderr, "scan (%s) accepts to %td, exact %d at %td\n", list[k]->name,
                            r1.p - in, (int)b, r2.p - in);
                FUZZ_CHECK(ok ? b == JB_OK && r1.p == r2.p : r1.p == at);
            }
        }
        jb_arena_free(arena);
    }

    /* 2. the library under each kernel */
    static const char *const what[4] = {"string decode", "raw (skip) decode", "DOM parse",
                                        "string encode"};
    outcome want[4], got[4];
    jb__kernel_use(ref);
    run_library(s, n, sel, want);
    for (size_t k = 0; k < count; k++) {
        if (list[k] == ref || !jb__kernel_available(list[k])) continue;
        jb__kernel_use(list[k]);
        run_library(s, n, sel, got);
        for (int i = 0; i < 4; i++) {
            same(what[i], list[k]->name, &got[i], &want[i]);
            free(got[i].bytes);
        }
    }
    for (int i = 0; i < 4; i++) free(want[i].bytes);
    jb__kernel_use(NULL);
    free(d1);
    free(d2);
    free(in);
    return 0;
}

FUZZ_ENTRY(fuzz_kernel_one)
