/* SPDX-License-Identifier: MIT */
/*
 * kernel.c — the portable string kernels (the reference every vector
 * kernel must agree with) and the run-time choice of kernel.
 *
 * Portable kernels: 8 bytes at a time in a 64-bit word (SWAR). A clean
 * word costs one load, a few ALU operations and a branch (jb__swar_special
 * flags the bytes that end a clean run, exactly); the first flagged byte is
 * looked at alone. Non-ASCII text is validated where the word scan stops on
 * it, whole characters back to back while they last (jb__utf8_run), and
 * the word scan resumes after them. The last word overlaps the one before
 * it; only texts shorter than 8 bytes go one byte at a time.
 *
 * Dispatch: jb__kernel_now points first at a kernel_resolver table whose
 * functions pick the kernel (kernel_pick), publish it (a compare-and-swap), and
 * forward the call; later calls load the chosen table (an acquire load:
 * a plain load on x86-64) and call through it. Two threads that pick at
 * once pick the same kernel. kernel_pick honours JB_KERNEL=name when that kernel
 * is compiled in and the CPU runs it; otherwise (unset, unknown, or
 * unsupported here) it takes the last available one of the list, which is
 * ordered from the narrowest to the widest.
 */
#include "kernel.h"

#include <stdlib.h>

/* ------------------------------------------------------------------ */
/* Portable kernels                                                    */
/* ------------------------------------------------------------------ */

/* The flags of m (jb__swar_special) for the bytes of its word at d..7 in
 * memory order only (0 < d < 8). */
static inline uint64_t swar_from_byte(uint64_t m, size_t d) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return m & (~(uint64_t)0 << (8 * d));
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return m & (~(uint64_t)0 >> (8 * d));
#else
    unsigned char b[8];
    memcpy(b, &m, 8);
    memset(b, 0, d);
    memcpy(&m, b, 8);
    return m;
#endif
}

/*
 * Scan (dst NULL) or copy s[0..n) under mode; see kernel.h. slash is a
 * constant in each copy the callers make, and dst NULL in the scan's, so
 * the word test folds to what the mode needs.
 *
 * Words of 8 bytes while 8 remain; then, if the text is at least 8 bytes
 * long, one last word that ends at n and overlaps bytes already taken
 * (their flags are dropped: they were clean), so that only texts shorter
 * than 8 bytes go byte by byte.
 */
/* Byte classes for the byte-at-a-time loop: 1 for '"', '\\' and the bytes
 * below 0x20, 2 for '/', 4 for the bytes >= 0x80. */
#define C4 4, 4, 4, 4
#define C16 C4, C4, C4, C4
static const unsigned char byte_class[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    [0x22] = 1, [0x2F] = 2, [0x5C] = 1, [0x80] = C16, C16, C16, C16, C16, C16, C16, C16};
#undef C16
#undef C4

JB_INLINE size_t swar_body(char *dst, const unsigned char *s, size_t n, unsigned mode,
                           const bool slash) {
    const uint64_t hm = (mode & (JB_ESC_UTF8 | JB_ESC_HI)) ? JB_HI8 : 0;
    const unsigned stops = 1u | (slash ? 2u : 0u) | (hm ? 4u : 0u); /* byte_class bits that stop */
    size_t i = 0;
    for (;;) {
        unsigned char c;
        if (JB_LIKELY(n - i >= 8)) { /* the load needs 8 readable bytes */
            uint64_t w = jb__load64(s + i);
            uint64_t m = jb__swar_special(w, hm, slash);
            if (dst) memcpy(dst + i, &w, 8); /* whole word: the clean prefix counts */
            if (JB_LIKELY(m == 0)) {
                i += 8;
                continue;
            }
            i += jb__first_byte(m);
        } else if (i >= n) {
            return n;
        } else if (n >= 8) {
            uint64_t w = jb__load64(s + n - 8);
            uint64_t m = swar_from_byte(jb__swar_special(w, hm, slash), i - (n - 8));
            if (dst) memcpy(dst + n - 8, &w, 8);
            if (m == 0) return n;
            i = n - 8 + jb__first_byte(m);
        } else {
            c = s[i];
            if (!(byte_class[c] & stops)) {
                if (dst) dst[i] = (char)c;
                i++;
                continue;
            }
        }
        c = s[i];
        if (c < 0x80 || (mode & JB_ESC_HI)) return i; /* '"', '\\', a control byte, '/' */
        /* JB_ESC_UTF8. Non-ASCII text comes in runs (CJK, emoji): check
         * characters back to back while they last, then words again. */
        const unsigned char *t = jb__utf8_run(s + i, s + n);
        size_t k = (size_t)(t - (s + i));
        if (k == 0) return i;
        if (dst) memcpy(dst + i, s + i, k);
        i += k;
    }
}

const char *jb__kscan_portable(const char *s, const char *lim, int utf8) {
    const unsigned char *u = (const unsigned char *)s;
    return s + swar_body(NULL, u, (size_t)(lim - s), utf8 ? JB_ESC_UTF8 : 0, false);
}

size_t jb__kcopy_portable(char *dst, const unsigned char *s, size_t n, unsigned mode) {
    if (mode & JB_ESC_SLASH) return swar_body(dst, s, n, mode, true);
    return swar_body(dst, s, n, mode, false);
}

/*
 * Block classes, a word of 8 bytes at a time. Each test leaves bit 7 of a
 * byte set exactly when the byte is in the class, with no carry between
 * bytes (v = w & LO7 holds every byte below 0x80, and one addition of at
 * most 0x7F per byte cannot carry out of it):
 *   (v ^ c) + 0x7F has bit 7 clear exactly for the bytes whose low 7 bits
 *   are c; or-ing in w itself removes the bytes >= 0x80 (which only look
 *   like c), so the complement flags exactly the bytes equal to c;
 *   v + 0x60 has bit 7 clear exactly for v < 0x20 (ctrl, again without the
 *   bytes >= 0x80);
 *   '[' and ']' are '{' and '}' without bit 5: testing w | 0x20 against
 *   '{' and '}' takes both pairs (no other byte has those low 7 bits once
 *   bit 5 is set, apart from >= 0x80 ones, dropped as above).
 * swar_gather packs the 8 flags (bits 7, 15, ..., 63) into 8 bits in memory
 * order: one multiply moves bit 8k to bit 56 + k (the partial products
 * land on distinct bits, so nothing carries).
 */
static inline uint64_t swar_gather(uint64_t m) {
    return ((m >> 7) * UINT64_C(0x0102040810204080)) >> 56;
}
static inline uint64_t swar_eq(uint64_t v, uint64_t w, unsigned c) {
    return ~(((v ^ (JB_ONES8 * c)) + JB_LO7) | w) & JB_HI8;
}

void jb__kclass_portable(const unsigned char *s, jb_blockclass *c) {
    uint64_t q = 0, b = 0, ws = 0, op = 0, ctl = 0, hi = 0;
    for (unsigned i = 0; i < 64; i += 8) {
        uint64_t w = jb__load64_le(s + i), v = w & JB_LO7, v20 = v | (JB_ONES8 * 0x20);
        q |= swar_gather(swar_eq(v, w, '"')) << i;
        b |= swar_gather(swar_eq(v, w, '\\')) << i;
        ws |= swar_gather(swar_eq(v, w, ' ') | swar_eq(v, w, '\t') | swar_eq(v, w, '\n') |
                          swar_eq(v, w, '\r'))
              << i;
        op |= swar_gather(swar_eq(v20, w, '{') | swar_eq(v20, w, '}') | swar_eq(v, w, ':') |
                          swar_eq(v, w, ','))
              << i;
        ctl |= swar_gather(~((v + JB_ONES8 * 0x60) | w) & JB_HI8) << i;
        hi |= swar_gather(w & JB_HI8) << i;
    }
    c->quote = q;
    c->bslash = b;
    c->ws = ws;
    c->op = op;
    c->ctrl = ctl;
    c->hi = hi;
}

static bool kernel_always(void) { return true; }

const jb_kernel jb__kernel_portable = {"portable", kernel_always, jb__kscan_portable,
                                       jb__kcopy_portable, jb__kclass_portable};

/* ------------------------------------------------------------------ */
/* Dispatch                                                            */
/* ------------------------------------------------------------------ */

static const jb_kernel *const kernels[] = {
    &jb__kernel_portable,
#if defined(JB_KERNEL_X86)
    &jb__kernel_sse2,
    &jb__kernel_avx2,
    &jb__kernel_avx512,
#endif
#if defined(JB_KERNEL_NEON)
    &jb__kernel_neon,
#endif
};
#define KERNEL_COUNT (sizeof kernels / sizeof kernels[0])

const jb_kernel *const *jb__kernel_list(size_t *n) {
    *n = KERNEL_COUNT;
    return kernels;
}

bool jb__kernel_available(const jb_kernel *k) { return k->available(); }

const jb_kernel *jb__kernel_find(const char *name) {
    for (size_t i = 0; i < KERNEL_COUNT; i++)
        if (strcmp(kernels[i]->name, name) == 0) return kernels[i]->available() ? kernels[i] : NULL;
    return NULL;
}

/* A store through base.h's compare-and-swap (it has no plain store). */
static void kernel_publish(const jb_kernel *k) {
    void *seen = jb__atomic_load_ptr(&jb__kernel_now);
    while (!jb__atomic_cas_ptr(&jb__kernel_now, &seen, jb__unconst(k))) {
    }
}

static const jb_kernel *kernel_pick(void) {
    const char *want = getenv("JB_KERNEL");
    const jb_kernel *k = want && *want ? jb__kernel_find(want) : NULL;
    for (size_t i = KERNEL_COUNT; !k && i-- > 0;)
        /* cppcheck-suppress arrayIndexOutOfBounds ; i < KERNEL_COUNT (i-- > 0 from the count) */
        if (kernels[i]->available()) k = kernels[i];
    kernel_publish(k);
    return k;
}

const jb_kernel *jb__kernel_use(const jb_kernel *k) {
    if (!k) return kernel_pick();
    kernel_publish(k);
    return k;
}

/* The kernel_resolver: what jb__kernel_now holds until the first call picks. */
static const char *resolve_scan(const char *s, const char *lim, int utf8) {
    return kernel_pick()->scan(s, lim, utf8);
}
static size_t resolve_copy(char *dst, const unsigned char *s, size_t n, unsigned mode) {
    return kernel_pick()->copy(dst, s, n, mode);
}
static void resolve_classify(const unsigned char *s, jb_blockclass *c) {
    kernel_pick()->classify(s, c);
}
static const jb_kernel kernel_resolver = {"(not yet picked)", kernel_always, resolve_scan, resolve_copy,
                                          resolve_classify};

void *volatile jb__kernel_now = (void *)(uintptr_t)&kernel_resolver; /* (a constant expression) */
