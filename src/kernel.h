/* SPDX-License-Identifier: MIT */
/*
 * kernel.h — the string kernels (the hot inner loops of decoding and
 * encoding strings) and their run-time dispatch.
 *
 * A kernel is a table of functions with one contract and several
 * implementations: "portable" (plain C, 8 bytes at a time in a 64-bit word:
 * SWAR), and where the compiler and CPU have them "sse2", "avx2" and
 * "avx512" on x86-64, "neon" on ARM64 (kernel_x86.c, kernel_neon.c). The
 * portable kernel is the reference: every other one returns exactly what
 * it returns, for every input (tests/test_kernel.c, fuzz/fuzz_kernel.c).
 *
 * The kernel in use is picked once, on first use (kernel.c): the best one
 * the CPU has, or the one named by the environment variable JB_KERNEL
 * (a testing and diagnostic aid). It is published with an atomic store, and
 * read with one acquire load per call (jb__kern): until the pick, the
 * published table is a resolver whose functions pick and then forward.
 *
 * No kernel reads outside [s, lim) (or s[0..n)): vector loops run only
 * while a whole vector remains, and the rest goes through the portable
 * word and byte loops.
 */
#ifndef JB_KERNEL_H
#define JB_KERNEL_H

#include "base.h"
#include "utf8.h"

/* Escape modes (jb_kernel.escape): what makes a byte need work besides
 * '"', '\\' and the control bytes below 0x20. */
enum {
    JB_ESC_UTF8 = 1,  /* non-ASCII text is copied when well-formed UTF-8 */
    JB_ESC_HI = 2,    /* every byte >= 0x80 needs work (\uXXXX output) */
    JB_ESC_SLASH = 4, /* '/' needs work (\/ output) */
    /* neither UTF8 nor HI: bytes >= 0x80 are copied unchecked */
};

/*
 * The byte classes of one 64-byte block that the structural scan of a
 * skipped container (skip.c) needs: bit i of each mask stands for byte i of
 * the block (in memory order, whatever the host's byte order).
 */
typedef struct jb_blockclass {
    uint64_t quote;  /* '"' */
    uint64_t bslash; /* '\\' */
    uint64_t ws;     /* JSON whitespace: ' ', '\t', '\n', '\r' */
    uint64_t op;     /* '{', '}', '[', ']', ':', ',' */
    uint64_t ctrl;   /* below 0x20 (so '\t', '\n', '\r' too) */
    uint64_t hi;     /* 0x80 and above */
} jb_blockclass;

typedef struct jb_kernel {
    const char *name;
    bool (*available)(void); /* does this CPU (and OS) run it? */
    /*
     * Decode scan. s is at a character boundary, s <= lim. Returns the
     * first position p in [s, lim] such that [s, p) holds no '"', '\\' or
     * byte below 0x20 and, when utf8 is non-zero, is well-formed UTF-8
     * ending at a character boundary: p is lim, or *p is '"', '\\', a
     * control byte, or (utf8) the first byte of a sequence that is
     * ill-formed or cut off by lim.
     */
    const char *(*scan)(const char *s, const char *lim, int utf8);
    /*
     * Copy. Returns the number k of leading bytes of s[0..n) that need no
     * work under mode (JB_ESC_*), and has copied them to dst; writes only
     * dst[0..n). With JB_ESC_UTF8, s[0..k) ends at a character boundary
     * and s[k], if k < n, is '"', '\\', a control byte, '/' (with
     * JB_ESC_SLASH), or the first byte of a sequence that is ill-formed or
     * cut off by n. The encoder's escape loop stops on those; the decoder's
     * unescape loop copies the text between escapes with it (mode
     * JB_ESC_UTF8 or 0: then k is where scan would stop).
     */
    size_t (*copy)(char *dst, const unsigned char *s, size_t n, unsigned mode);
    /*
     * Block classes. Reads exactly s[0..64) (the caller copies a short
     * tail into a local block first) and fills *c.
     */
    void (*classify)(const unsigned char *s, jb_blockclass *c);
} jb_kernel;

/*
 * Which vector kernels are compiled: those whose instructions the compiler
 * can emit per function (target attributes, so no -march flag is needed),
 * on the architectures that have them. Elsewhere (32-bit x86, big-endian
 * machines, other compilers, JB_NO_BUILTINS) only the portable kernel
 * exists. JB_NO_SIMD builds the portable kernel alone.
 */
#if !defined(JB_NO_SIMD) && defined(JB_GNUC) && defined(__x86_64__) &&                    \
    ((defined(__clang__) && __clang_major__ >= 6) || (!defined(__clang__) && __GNUC__ >= 7))
#define JB_KERNEL_X86 1
#endif
#if !defined(JB_NO_SIMD) && defined(JB_GNUC) && defined(__aarch64__) && defined(__ARM_NEON) && \
    defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define JB_KERNEL_NEON 1
#endif

#if defined(JB_KERNEL_X86)
JB_HIDDEN extern const jb_kernel jb__kernel_sse2;
JB_HIDDEN extern const jb_kernel jb__kernel_avx2;
JB_HIDDEN extern const jb_kernel jb__kernel_avx512;
#endif
#if defined(JB_KERNEL_NEON)
JB_HIDDEN extern const jb_kernel jb__kernel_neon;
#endif


/*
 * The vector UTF-8 check (x86 AVX2/AVX-512, NEON) follows Keiser and
 * Lemire, "Validating UTF-8 in less than one instruction per byte"
 * (2021): every fault of a well-formedness rule shows at some byte as a
 * property of (the previous byte's high nibble, its low nibble, this
 * byte's high nibble), so three 16-entry table lookups ANDed together
 * find it; one bit per class of fault:
 *
 *   bit  class              previous byte      this byte
 *   0x01 too short          C0..FF (a lead)    00..7F or C0..FF (no continuation)
 *   0x02 too long           00..7F             80..BF (a continuation after ASCII)
 *   0x04 overlong 3         E0                 80..9F
 *   0x08 too large          F4..FF             90..BF
 *   0x10 surrogate          ED                 A0..BF
 *   0x20 overlong 2         C0..C1             80..BF
 *   0x40 overlong 4 / large F0, F5..FF         80..8F
 *   0x80 two continuations  80..BF             80..BF
 *
 * Each class is a product (set of high nibbles) x (set of low nibbles) x
 * (set of next high nibbles), so bit b of T1[h1] & T2[l1] & T3[h0] is set
 * exactly when the pair is of class b. (F5..FF followed by a
 * non-continuation is "too short" already; followed by 80..8F it is class
 * 0x40, by 90..BF class 0x08.) Class 0x80 is no fault by itself: two
 * continuations in a row are right exactly when the byte two back is a
 * 3- or 4-byte lead (>= E0) or the byte three back a 4-byte lead (>= F0).
 * So the check XORs 0x80 where that holds: a byte is at fault iff the
 * result is non-zero. Each fault is flagged at the first byte that shows
 * it (the byte after a bad lead, the excess continuation, the ASCII byte
 * where a continuation was due), never before the sequence's lead and
 * never later than the byte after it; a character cut off at the end of
 * a block shows in the next one, at its first byte.
 */
/* T1: the previous byte's high nibble */
#define JB_UTF8_T1                                                                             \
    0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x80, 0x80, 0x80, 0x80, 0x21, 0x01, 0x15, \
        0x49
/* T2: the previous byte's low nibble */
#define JB_UTF8_T2                                                                             \
    0xE7, 0xA3, 0x83, 0x83, 0x8B, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0xCB, 0xDB, 0xCB, \
        0xCB
/* T3: this byte's high nibble */
#define JB_UTF8_T3                                                                             \
    0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0xE6, 0xAE, 0xBA, 0xBA, 0x01, 0x01, 0x01, \
        0x01

/* The kernel in use (a const jb_kernel *), published with base.h's
 * atomics. */
JB_HIDDEN extern void *volatile jb__kernel_now;
static inline const jb_kernel *jb__kern(void) {
    return (const jb_kernel *)jb__atomic_load_ptr(&jb__kernel_now);
}

/* The kernels compiled in, best last; *n gets their count. Whether the CPU
 * has each one is jb__kernel_available's answer. */
JB_HIDDEN const jb_kernel *const *jb__kernel_list(size_t *n);
/* The compiled kernel of that name that this CPU can run, or NULL. */
JB_HIDDEN const jb_kernel *jb__kernel_find(const char *name);
JB_HIDDEN bool jb__kernel_available(const jb_kernel *k);
/* Use kernel k from now on (tests and the differential fuzzer: not for use
 * while other threads decode or encode). NULL: pick again as on first use
 * (JB_KERNEL, else the best). Returns the kernel now in use. */
JB_HIDDEN const jb_kernel *jb__kernel_use(const jb_kernel *k);

/* The portable kernel, which the vector kernels also call for their tails
 * and to find the exact position of a fault their blocks detected. */
JB_HIDDEN extern const jb_kernel jb__kernel_portable;
JB_HIDDEN const char *jb__kscan_portable(const char *s, const char *lim, int utf8);
JB_HIDDEN size_t jb__kcopy_portable(char *dst, const unsigned char *s, size_t n, unsigned mode);
JB_HIDDEN void jb__kclass_portable(const unsigned char *s, jb_blockclass *c);

/* ------------------------------------------------------------------ */
/* Word-at-a-time (SWAR) helpers                                       */
/* ------------------------------------------------------------------ */

#define JB_ONES8 UINT64_C(0x0101010101010101)
#define JB_HI8 UINT64_C(0x8080808080808080)
#define JB_LO7 UINT64_C(0x7F7F7F7F7F7F7F7F)

/*
 * Bit 7 of each byte of the result is set when that byte of w is '"',
 * '\\', below 0x20, '/' (only when slash), or >= 0x80 (only when hm is
 * JB_HI8; hm is 0 otherwise). Exact per byte: no carry crosses bytes, so
 * the first flagged byte in memory order is the first such byte.
 *
 *   v = w & LO7 keeps the low 7 bits of each byte, so every byte of v is
 *   <= 0x7F, and each addition below adds at most 0x7F per byte: a byte
 *   sum is at most 0xFE, nothing carries into the next byte.
 *   v + 0x60: bit 7 is set iff v >= 0x20, so it is CLEAR exactly for the
 *   bytes below 0x20.
 *   (v ^ c) + 0x7F: the xor is 0 exactly for the byte c, and adding 0x7F
 *   sets bit 7 iff the xor was non-zero: CLEAR exactly for c.
 *   AND of these: bit 7 clear iff the byte is one of them; the complement
 *   flags them. The tests saw only 7 bits, so a byte >= 0x80 can match by
 *   accident (0xA2 looks like '"'): & ~w drops every byte whose own bit 7 is
 *   set, and w & hm adds those bytes back when they are wanted.
 */
static inline uint64_t jb__swar_special(uint64_t w, uint64_t hm, bool slash) {
    uint64_t v = w & JB_LO7;
    uint64_t t = (v + JB_ONES8 * 0x60) & ((v ^ (JB_ONES8 * '"')) + JB_LO7) &
                 ((v ^ (JB_ONES8 * '\\')) + JB_LO7);
    if (slash) t &= (v ^ (JB_ONES8 * '/')) + JB_LO7;
    return ((~t & ~w) | (w & hm)) & JB_HI8;
}

/* Index (0..7, in memory order) of the first flagged byte of a non-zero
 * mask whose flags are exact (bit 7 of a byte only). The word was loaded
 * in native order: memory order is low-to-high on little endian (count
 * trailing zeros) and high-to-low on big endian (count leading zeros). */
static inline size_t jb__first_byte(uint64_t m) {
#if defined(JB_GNUC) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return (size_t)__builtin_ctzll(m) >> 3;
#elif defined(JB_GNUC) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (size_t)__builtin_clzll(m) >> 3;
#else
    unsigned char b[8];
    size_t i = 0;
    memcpy(b, &m, 8);
    while (!(b[i] & 0x80)) i++;
    return i;
#endif
}

/*
 * Where a vector kernel's checked text ends on a character boundary: p is
 * one past bytes that were validated as UTF-8 except that the last
 * character may be cut off (its remaining bytes were not looked at yet).
 * Backs up to the lead byte of that character, if any, so that a scan
 * restarted there (by a narrower loop) sees the whole character. Never
 * goes below s, which is a boundary.
 *
 * Looking back at most 3 bytes: a lead byte (>= 0xC0) among them starts
 * the character that may be cut (a complete one is harmlessly re-read);
 * an ASCII byte first means p is a boundary; three continuation bytes end
 * a complete 4-byte character (anything else was flagged already).
 */
static inline const char *jb__utf8_back(const char *s, const char *p) {
    for (int k = 1; k <= 3 && p - k >= s; k++) {
        unsigned char c = (unsigned char)p[-k];
        if (c >= 0xC0) return p - k;
        if (c < 0x80) return p;
    }
    return p;
}

#endif
