/* SPDX-License-Identifier: MIT */
/*
 * fuzz.h — what every harness in fuzz/ shares.
 *
 * A harness is a plain function `int fuzz_<name>_one(const uint8_t *, size_t)`
 * that returns 0 and aborts (FUZZ_CHECK) when a property fails. Built with
 * -DJB_FUZZ_LIBFUZZER it also defines LLVMFuzzerTestOneInput (FUZZ_ENTRY);
 * without it the same file links into tests/test_regressions.c, which replays
 * fuzz/regressions/<target>/ and fuzz/corpus/<target>/ in `make test`.
 *
 * The input handed to the library is always a fresh malloc of exactly the
 * input's length, so a read past the end is an ASan report, not luck.
 */
#ifndef JB_FUZZ_H
#define JB_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jbind.h"

#define FUZZ_CHECK(cond)                                                                \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
            abort();                                                                    \
        }                                                                               \
    } while (0)

#ifdef JB_FUZZ_LIBFUZZER
#define FUZZ_ENTRY(fn)                                            \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size); \
    int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) { return fn(data, size); }
#else
#define FUZZ_ENTRY(fn)
#endif

/* The entry points (tests/test_regressions.c calls them by target name). */
int fuzz_dom_one(const uint8_t *data, size_t size);
int fuzz_typed_one(const uint8_t *data, size_t size);
int fuzz_roundtrip_one(const uint8_t *data, size_t size);
int fuzz_skip_one(const uint8_t *data, size_t size);
int fuzz_utf8_one(const uint8_t *data, size_t size);
int fuzz_numbers_one(const uint8_t *data, size_t size);
int fuzz_alloc_one(const uint8_t *data, size_t size);
int fuzz_jansson_one(const uint8_t *data, size_t size);
int fuzz_kernel_one(const uint8_t *data, size_t size);
int fuzz_stream_one(const uint8_t *data, size_t size);
int fuzz_codegen_one(const uint8_t *data, size_t size);

/* An exact-size heap copy of data[0..n) (n may be 0: one byte is taken so
 * the pointer is valid; the library is told the length 0). */
static inline char *fuzz_copy(const uint8_t *data, size_t n) {
    char *p = malloc(n ? n : 1);
    FUZZ_CHECK(p != NULL);
    if (n) memcpy(p, data, n);
    return p;
}

/* A byte source: reads past the end give zeros. */
typedef struct fuzz_src {
    const uint8_t *p;
    size_t n;
} fuzz_src;

static inline uint8_t fs_u8(fuzz_src *s) {
    if (!s->n) return 0;
    s->n--;
    return *s->p++;
}
static inline uint64_t fs_u64(fuzz_src *s, unsigned bytes) {
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)fs_u8(s) << (8 * i);
    return v;
}

/* Read flags from a selector byte: the bits that keep a document's meaning
 * (no DENY_UNKNOWN etc.); bit 7 picks a small max_depth. */
static inline jb_read_options fuzz_read_opts(uint8_t sel) {
    jb_read_options o;
    memset(&o, 0, sizeof o);
    if (sel & 0x01) o.flags |= JB_READ_ALLOW_COMMENTS;
    if (sel & 0x02) o.flags |= JB_READ_ALLOW_TRAILING_COMMAS;
    if (sel & 0x04) o.flags |= JB_READ_ALLOW_NAN_INF;
    /* a duplicate policy: first wins when comments are on too, else last wins */
    if (sel & 0x08) o.flags |= (sel & 0x01) ? JB_READ_DUPLICATE_FIRST_WINS : JB_READ_DUPLICATE_LAST_WINS;
    if (sel & 0x10) o.flags |= JB_READ_BORROW_STRINGS;
    if (sel & 0x20) o.flags |= JB_READ_ALLOW_INVALID_UTF8;
    if (sel & 0x40) o.flags |= JB_READ_INTEGRAL_FLOATS;
    if (sel & 0x80) o.max_depth = 6;
    return o;
}

/*
 * Known open findings, masked so that fuzzing goes on finding new ones;
 * each mask names its finding in docs/fuzzing.md. JB_FUZZ_STRICT=1 in the
 * environment turns every mask off (to check a fix: the regression inputs
 * in fuzz/regressions/ then fail until it lands).
 */
static inline bool fuzz_strict(void) {
    static int s = -1;
    if (s < 0) s = getenv("JB_FUZZ_STRICT") != NULL;
    return s != 0;
}

/* F1 (integral doubles past 2^53 printed as integer digits, which read
 * back as other integers) is fixed in value_print.c: no mask any more. */

#endif
