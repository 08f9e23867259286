/* SPDX-License-Identifier: MIT */
/*
 * test_kernel.c — kernel.c and the vector kernels: every kernel compiled
 * in that this CPU runs (the others are skipped with a message) against a
 * byte-at-a-time reference written here from RFC 8259 section 7 and RFC
 * 3629, for the decode scan and the copy (escape and unescape) in every
 * mode. Each input is a heap block of exactly its size, so that
 * ASan proves no kernel reads (or writes) past it.
 *
 * Boundaries: a quote, backslash, control, slash or invalid byte at every
 * offset 0..70 of strings of every length up to 140; each multi-byte
 * character at every offset (straddling the 16-, 32- and 64-byte blocks),
 * whole and cut off by the end of the buffer; overlong, surrogate and
 * out-of-range sequences at every offset; every 2-byte input and every
 * 3-byte input with a 3-byte lead at a block boundary, 4-byte leads with
 * a sample of tails; random strings. Then the dispatch: find, use, pick.
 * JB_TEST_SCALE below 1 (valgrind) thins the exhaustive part.
 */
#include <stdlib.h>

#include "check.h"
#include "kernel.h"

/* ------------------------------------------------------------------ */
/* Reference                                                           */
/* ------------------------------------------------------------------ */

/* Length of the well-formed character at s[0..n) (s[0] >= 0x80), 0 if
 * none: decode by bit pattern, then the RFC 3629 rules as arithmetic on
 * the code point. */
static size_t ref_seq(const unsigned char *s, size_t n) {
    static const uint32_t min[5] = {0, 0, 0x80, 0x800, 0x10000};
    size_t len;
    uint32_t v;
    if ((s[0] & 0xE0) == 0xC0)
        len = 2, v = s[0] & 0x1Fu;
    else if ((s[0] & 0xF0) == 0xE0)
        len = 3, v = s[0] & 0x0Fu;
    else if ((s[0] & 0xF8) == 0xF0)
        len = 4, v = s[0] & 0x07u;
    else
        return 0;
    if (n < len) return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xC0) != 0x80) return 0;
        v = (v << 6) | (s[i] & 0x3Fu);
    }
    if (v < min[len] || (v >= 0xD800 && v <= 0xDFFF) || v > 0x10FFFF) return 0;
    return len;
}

/* Where the decode scan must stop in s[0..n). */
static size_t ref_scan(const unsigned char *s, size_t n, int utf8) {
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c == '"' || c == '\\' || c < 0x20) return i;
        if (c >= 0x80 && utf8) {
            size_t k = ref_seq(s + i, n - i);
            if (!k) return i;
            i += k;
        } else {
            i++;
        }
    }
    return n;
}

/* Where the encode copy must stop in s[0..n) under mode. */
static size_t ref_escape(const unsigned char *s, size_t n, unsigned mode) {
    size_t i = 0;
    while (i < n) {
        unsigned c = s[i];
        if (c == '"' || c == '\\' || c < 0x20 || (c == '/' && (mode & JB_ESC_SLASH))) return i;
        if (c >= 0x80 && (mode & JB_ESC_HI)) return i;
        if (c >= 0x80 && (mode & JB_ESC_UTF8)) {
            size_t k = ref_seq(s + i, n - i);
            if (!k) return i;
            i += k;
        } else {
            i++;
        }
    }
    return n;
}

/* ------------------------------------------------------------------ */
/* Running every kernel on one input                                   */
/* ------------------------------------------------------------------ */

static const jb_kernel *active[8];
static size_t n_active;
static long n_inputs;

static const unsigned modes[] = {0,
                                 JB_ESC_UTF8,
                                 JB_ESC_HI,
                                 JB_ESC_SLASH,
                                 JB_ESC_UTF8 | JB_ESC_SLASH,
                                 JB_ESC_HI | JB_ESC_SLASH};

/* Run s[0..n) through every active kernel and compare with the reference.
 * Returns false after the first mismatch (reported with line and what). */
static bool check_input(int line, const unsigned char *bytes, size_t n, const char *what) {
    /* exact-size heap copies: a read or write past them is an ASan error */
    unsigned char *s = malloc(n ? n : 1);
    char *dst = malloc(n ? n : 1);
    bool ok = true;
    if (n) memcpy(s, bytes, n);
    n_inputs++;
    const char *lim = (const char *)s + n;
    for (size_t ki = 0; ki < n_active && ok; ki++) {
        const jb_kernel *k = active[ki];
        for (int utf8 = 0; utf8 <= 1 && ok; utf8++) {
            size_t want = ref_scan(s, n, utf8);
            size_t got = (size_t)(k->scan((const char *)s, lim, utf8) - (const char *)s);
            CHECK_AT(line, got == want, "%s: %s scan(utf8=%d) of %zu bytes stopped at %zu, want %zu",
                     what, k->name, utf8, n, got, want);
            ok = got == want;
            if (!ok) break;
        }
        for (size_t m = 0; m < sizeof modes / sizeof modes[0] && ok; m++) {
            size_t want = ref_escape(s, n, modes[m]);
            memset(dst, 0x55, n);
            size_t got = k->copy(dst, s, n, modes[m]);
            CHECK_AT(line, got == want && memcmp(dst, s, got) == 0,
                     "%s: %s copy(mode %u) of %zu bytes stopped at %zu (want %zu)%s", what,
                     k->name, modes[m], n, got, want, got == want ? ", copied text differs" : "");
            ok = got == want && memcmp(dst, s, got) == 0;
        }
    }
    free(s);
    free(dst);
    return ok;
}

/* Fillers: the text the tested byte sits in. Non-ASCII fillers put the
 * kernels' UTF-8 checks on every lane. */
static const char *const fillers[] = {
    "a",
    "\xC3\xA9",         /* é, 2 bytes */
    "\xE3\x81\x82",     /* あ, 3 bytes */
    "\xF0\x9F\x98\x80", /* 😀, 4 bytes */
    "ab\xC3\xA9xyz\xE3\x81\x82q\xF0\x9F\x98\x80",
};
#define N_FILLERS (sizeof fillers / sizeof fillers[0])

/* len bytes of filler f repeated (the last character may be cut off). */
static void fill(unsigned char *b, size_t len, size_t f) {
    size_t fl = strlen(fillers[f]);
    for (size_t i = 0; i < len; i++) b[i] = (unsigned char)fillers[f][i % fl];
}

/* ------------------------------------------------------------------ */
/* Cases                                                               */
/* ------------------------------------------------------------------ */

/* One byte that ends a clean run (or is let through), at every offset
 * 0..70 of strings of lengths just past it, across the next block
 * boundaries and up to 140, in every filler. */
static void test_byte_at_every_offset(void) {
    static const unsigned char bytes[] = {'"', '\\', 0x00, 0x1F, '\n', '/', 0x7F, 0x80,
                                          0xBF, 0xC0, 0xC1, 0xF5, 0xFF, 0xE3};
    static const size_t after[] = {1, 2, 5, 9, 17, 33, 65};
    unsigned char b[160];
    for (size_t f = 0; f < N_FILLERS; f++)
        for (size_t bi = 0; bi < sizeof bytes; bi++)
            for (size_t o = 0; o <= 70; o++)
                for (size_t ai = 0; ai <= sizeof after / sizeof after[0]; ai++) {
                    size_t len = ai < sizeof after / sizeof after[0] ? o + after[ai] : 140;
                    char what[96];
                    fill(b, len, f);
                    b[o] = bytes[bi];
                    snprintf(what, sizeof what, "byte 0x%02X at %zu of %zu (filler %zu)", bytes[bi],
                             o, len, f);
                    if (!check_input(__LINE__, b, len, what)) return;
                }
}

/* Well-formed characters of each length, including the edges of each
 * range. */
static const char *const good_chars[] = {
    "\xC2\x80", "\xDF\xBF", "\xE0\xA0\x80", "\xED\x9F\xBF", "\xEE\x80\x80",
    "\xEF\xBF\xBF", "\xF0\x90\x80\x80", "\xF3\xBF\xBF\xBF", "\xF4\x8F\xBF\xBF",
};

/* Ill-formed sequences: overlong, surrogate, above U+10FFFF, bad or
 * missing continuation bytes, excess continuation bytes, bytes that never
 * appear. */
static const char *const bad_seqs[] = {
    "\xC0\x80",         "\xC1\xBF",         "\xE0\x80\x80",     "\xE0\x9F\xBF",
    "\xED\xA0\x80",     "\xED\xBF\xBF",     "\xF0\x80\x80\x80", "\xF0\x8F\xBF\xBF",
    "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xF7\xBF\xBF\xBF", "\xF8\x88\x80\x80\x80",
    "\xC2\x41",         "\xE1\x80\x41",     "\xE1\x41\x80",     "\xF1\x80\x80\x41",
    "\xF1\x80\x41\x80", "\xC2\x80\x80",     "\xE1\x80\x80\x80", "\xF1\x80\x80\x80\x80",
    "\xC2\xC2\x80",     "\xE1\xE1\x80\x80", "\xFE",             "\xFF",
};

/* Each character (or bad sequence) at every offset 0..70, followed by
 * 0..40 more bytes of filler, ending the buffer or not; and every proper
 * prefix of each good character cut off by the end of the buffer. */
static void test_sequences_at_every_offset(void) {
    unsigned char b[160];
    for (int bad = 0; bad <= 1; bad++) {
        const char *const *set = bad ? bad_seqs : good_chars;
        size_t count = bad ? sizeof bad_seqs / sizeof bad_seqs[0]
                           : sizeof good_chars / sizeof good_chars[0];
        for (size_t ci = 0; ci < count; ci++) {
            size_t cl = strlen(set[ci]);
            for (size_t f = 0; f < N_FILLERS; f += 2)
                for (size_t o = 0; o <= 70; o++)
                    for (size_t tail = 0; tail <= 40; tail += (tail < 4 ? 1 : 9)) {
                        char what[96];
                        fill(b, o, f);
                        memcpy(b + o, set[ci], cl);
                        fill(b + o + cl, tail, 0);
                        snprintf(what, sizeof what, "%s sequence %zu at %zu, %zu after (filler %zu)",
                                 bad ? "bad" : "good", ci, o, tail, f);
                        if (!check_input(__LINE__, b, o + cl + tail, what)) return;
                    }
            if (bad) continue;
            for (size_t cut = 1; cut < cl; cut++)
                for (size_t o = 0; o <= 70; o++) {
                    char what[96];
                    fill(b, o, 0);
                    memcpy(b + o, set[ci], cut);
                    snprintf(what, sizeof what, "character %zu cut to %zu bytes at %zu", ci, cut, o);
                    if (!check_input(__LINE__, b, o + cut, what)) return;
                }
        }
    }
}

static double scale(void) {
    const char *sc = getenv("JB_TEST_SCALE");
    double v = sc ? atof(sc) : 1;
    return v > 0 && v < 1 ? v : 1;
}

/* Every 2-byte input ending the first 32- and 64-byte blocks; every 3-byte
 * lead with every second byte and a third byte of each high nibble across
 * the 32-byte block; the same for 4-byte leads (and F5..F7) with a sample
 * of fourth bytes across the 64-byte block. The vector UTF-8 checks look
 * at a byte's two nibbles and the next byte's high nibble, and at the
 * bytes two and three back: these cover every combination. */
static void test_exhaustive(void) {
    unsigned char b[100];
    static const size_t at2[] = {31, 63};
    static const unsigned char fourth[] = {0x41, 0x80, 0xBF, 0xC0};
    const unsigned step = scale() < 1 ? 7 : 1;
    memset(b, 'x', sizeof b);
    for (size_t a = 0; a < sizeof at2 / sizeof at2[0]; a++)
        for (unsigned v = 0; v < 65536; v += step) {
            b[at2[a]] = (unsigned char)(v >> 8);
            b[at2[a] + 1] = (unsigned char)v;
            if (!check_input(__LINE__, b, sizeof b, "2-byte input")) return;
            b[at2[a]] = b[at2[a] + 1] = 'x';
        }
    for (unsigned v = 0xE000; v <= 0xEFFF; v += step)
        for (unsigned third = 0x05; third < 256; third += 16) {
            b[30] = (unsigned char)(v >> 8);
            b[31] = (unsigned char)v;
            b[32] = (unsigned char)(third ^ (v & 0x0A)); /* vary the low nibble too */
            if (!check_input(__LINE__, b, sizeof b, "3-byte input at 30")) return;
        }
    b[30] = b[31] = b[32] = 'x';
    for (unsigned v = 0xF000; v <= 0xF7FF; v += step)
        for (unsigned third = 0x0A; third < 256; third += 16)
            for (size_t k = 0; k < sizeof fourth; k++) {
                b[62] = (unsigned char)(v >> 8);
                b[63] = (unsigned char)v;
                b[64] = (unsigned char)third;
                b[65] = fourth[k];
                if (!check_input(__LINE__, b, sizeof b, "4-byte input at 62")) return;
            }
}

/* Random strings over an alphabet weighted towards the bytes the kernels
 * treat specially and the pieces of multi-byte characters. */
static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}

static void test_random(void) {
    unsigned char b[400];
    long count = (long)(20000 * scale());
    for (long t = 0; t < count; t++) {
        size_t len = (size_t)(next() % sizeof b);
        unsigned density = (unsigned)(next() % 64) + 1; /* 1 in density bytes is "interesting" */
        for (size_t i = 0; i < len; i++) {
            uint64_t x = next();
            if (x % density) {
                b[i] = (unsigned char)('a' + x % 26);
                continue;
            }
            switch ((x >> 8) % 6) {
            case 0: b[i] = "\"\\/\n\x01\x1f\x7f"[(x >> 16) % 7]; break;
            case 1: b[i] = (unsigned char)(0x80 + (x >> 16) % 64); break; /* continuation */
            case 2: b[i] = (unsigned char)(0xC0 + (x >> 16) % 64); break; /* lead (or never) */
            default: {                                                    /* a whole character */
                const char *c = good_chars[(x >> 16) % (sizeof good_chars / sizeof good_chars[0])];
                size_t cl = strlen(c);
                if (i + cl <= len) {
                    memcpy(b + i, c, cl);
                    i += cl - 1;
                } else {
                    b[i] = 'z';
                }
            }
            }
        }
        if (!check_input(__LINE__, b, len, "random string")) return;
    }
}

/* The portable kernel is always there; unknown names are not; use()
 * switches and use(NULL) picks again, honouring JB_KERNEL. */
static void test_dispatch(void) {
    size_t n;
    const jb_kernel *const *list = jb__kernel_list(&n);
    CHECK(n >= 1 && list[0] == &jb__kernel_portable);
    CHECK(jb__kernel_find("portable") == &jb__kernel_portable);
    CHECK(jb__kernel_find("no-such-kernel") == NULL);
    CHECK(jb__kernel_use(&jb__kernel_portable) == &jb__kernel_portable);
    CHECK(jb__kern() == &jb__kernel_portable);
    const jb_kernel *picked = jb__kernel_use(NULL);
    CHECK(picked != NULL && jb__kern() == picked && jb__kernel_available(picked));
    const char *env = getenv("JB_KERNEL");
    if (env && jb__kernel_find(env)) {
        CHECKF(strcmp(picked->name, env) == 0, "JB_KERNEL=%s, picked %s", env, picked->name);
    } else {
        /* the best: no available kernel after it in the list */
        size_t at = 0;
        while (at < n && list[at] != picked) at++;
        CHECK(at < n);
        for (size_t i = at + 1; i < n; i++)
            CHECKF(!jb__kernel_available(list[i]), "picked %s, but %s is available", picked->name,
                   list[i]->name);
    }
    /* a string decoded and encoded through the public API under each kernel */
    for (size_t i = 0; i < n_active; i++) {
        jb__kernel_use(active[i]);
        const char *json = "\"caf\xC3\xA9 \\u00e9\\n and 0123456789012345678901234567890123\"";
        jb_str out;
        jb_arena *a = jb_arena_new();
        CHECKF(jb_decode(&jb_string, json, strlen(json), &out, a, NULL, NULL) == JB_OK, "%s",
               active[i]->name);
        CHECKF(out.len == 48 && memcmp(out.ptr, "caf\xC3\xA9 \xC3\xA9\n and ", 14) == 0, "%s",
               active[i]->name);
        jb_buf b = JB_BUF_INIT;
        CHECKF(jb_encode(&jb_string, &out, &b, NULL, NULL) == JB_OK, "%s", active[i]->name);
        CHECK_MEM_AT(__LINE__, b.data, b.len,
                     "\"caf\xC3\xA9 \xC3\xA9\\n and 0123456789012345678901234567890123\"", 51);
        jb_buf_free(&b);
        jb_arena_free(a);
    }
    jb__kernel_use(NULL);
}

/*
 * Block classes (jb_kernel.classify): every kernel against a byte-by-byte
 * statement of each class, for every byte value at every position of a
 * block (the rest of it a filler byte, every filler value from a set that
 * covers each class), and random blocks.
 */
static bool classify_ok(const unsigned char *b) {
    jb_blockclass want = {0, 0, 0, 0, 0, 0}, got;
    for (unsigned i = 0; i < 64; i++) {
        unsigned c = b[i];
        uint64_t bit = (uint64_t)1 << i;
        if (c == '"') want.quote |= bit;
        if (c == '\\') want.bslash |= bit;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') want.ws |= bit;
        if (c == '{' || c == '}' || c == '[' || c == ']' || c == ':' || c == ',') want.op |= bit;
        if (c < 0x20) want.ctrl |= bit;
        if (c >= 0x80) want.hi |= bit;
    }
    for (size_t k = 0; k < n_active; k++) {
        active[k]->classify(b, &got);
        if (memcmp(&got, &want, sizeof want) != 0) {
            fprintf(stderr, "classify: kernel %s differs\n", active[k]->name);
            return false;
        }
    }
    n_inputs++;
    return true;
}

static void test_classify(void) {
    static const unsigned char fill_bytes[] = {'a', ' ', '"', '\\', '{', 0x1A, 0x0C, 0x5B, 0xFF, 0x80, 0x00, '\r'};
    unsigned char b[64];
    int bad = 0;
    for (size_t f = 0; f < sizeof fill_bytes; f++)
        for (unsigned i = 0; i < 64; i++)
            for (unsigned c = 0; c < 256; c++) {
                memset(b, fill_bytes[f], 64);
                b[i] = (unsigned char)c;
                if (!classify_ok(b)) bad++;
            }
    for (int t = 0; t < 20000; t++) {
        for (unsigned i = 0; i < 64; i += 8) {
            uint64_t x = next();
            memcpy(b + i, &x, 8);
        }
        if (!classify_ok(b)) bad++;
    }
    CHECKF(bad == 0, "%d blocks classified differently", bad);
}

int main(void) {
    size_t n;
    const jb_kernel *const *list = jb__kernel_list(&n);
    for (size_t i = 0; i < n; i++) {
        if (jb__kernel_available(list[i]) && n_active < sizeof active / sizeof active[0]) {
            active[n_active++] = list[i];
            printf("kernel %s: tested\n", list[i]->name);
        } else {
            printf("kernel %s: compiled in, but this CPU lacks it: skipped\n", list[i]->name);
        }
    }
    test_byte_at_every_offset();
    test_sequences_at_every_offset();
    test_exhaustive();
    test_random();
    test_dispatch();
    test_classify();
    printf("%ld inputs through %zu kernel(s)\n", n_inputs, n_active);
    return check_report();
}
