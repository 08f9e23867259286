/* SPDX-License-Identifier: MIT */
/*
 * kernel_x86.c — the x86-64 string kernels: sse2 (16 bytes a step), avx2
 * (32) and avx512 (64, AVX-512BW), with the contract of kernel.h.
 *
 * Each function carries its instruction set in a target attribute, so the
 * file needs no -march flag and compiles into any x86-64 build (and into
 * the one-file amalgamation); the CPU is asked (cpuid, and xgetbv for the
 * OS saving the wider registers) before a kernel is used.
 *
 * One body per width does both operations: scan (no copy) and copy (each
 * loaded vector is stored to dst before it is looked at; the clean prefix
 * is what counts). A step: load a whole vector (only while one remains
 * before the limit); the bytes that end a clean run are '"', '\\', those
 * below 0x20, '/' when asked, and every byte >= 0x80 when non-ASCII needs
 * work (JB_ESC_HI). With the UTF-8 check, a step that holds non-ASCII (or
 * follows one that ended inside a character) runs the nibble-table check
 * of kernel.h, which flags faults where they show. The step's answer:
 *   no special byte, no fault      take the whole vector;
 *   first special byte at k, no fault at or before k   stop at k (an
 *       incomplete character before k is a fault at k at the latest);
 *   a fault (at or before k)       hand over to the portable kernel from
 *       the last character boundary (jb__utf8_back), which finds the
 *       exact position.
 * When less than a vector remains, the next narrower loop (and finally
 * the portable kernel) goes on from the last character boundary. sse2
 * has no byte shuffle, so it checks UTF-8 as the portable kernel does:
 * where a step stops on a non-ASCII byte, character by character.
 */
#include "kernel_x86.h"
#include "kernel.h"

#if defined(JB_KERNEL_X86)

#include <cpuid.h>
#include <immintrin.h>

#define TARGET_AVX2 __attribute__((target("avx2")))
#define TARGET_AVX512 __attribute__((target("avx2,avx512f,avx512bw")))

/* ------------------------------------------------------------------ */
/* What the CPU has                                                    */
/* ------------------------------------------------------------------ */

/* XCR0: which register states the OS saves (bit 1 SSE, 2 AVX, 5-7 the
 * AVX-512 mask and upper registers). Only when cpuid says OSXSAVE. */
static uint64_t x86_xcr0(void) {
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

/* cpuid leaf 7 ebx if the CPU has AVX and the OS saves YMM (and, with
 * zmm, the AVX-512 state); else 0. */
static uint32_t x86_leaf7(bool zmm) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 0; /* OSXSAVE, AVX */
    uint64_t need = zmm ? 0xE6 : 0x06;
    if ((x86_xcr0() & need) != need) return 0;
    if (__get_cpuid_max(0, NULL) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    return b;
}

/* The bit instructions every AVX2 CPU has beside it (Haswell's set), which
 * the structural scan of a skipped container uses with the avx2 and
 * avx512 kernels (skip.c): BMI1 and BMI2 (leaf 7 ebx bits 3 and 8),
 * PCLMULQDQ (leaf 1 ecx bit 1). */
static bool x86_bits(uint32_t leaf7) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 1))) return false;
    return ((leaf7 >> 3) & 1) && ((leaf7 >> 8) & 1);
}

static bool has_sse2(void) { return true; } /* every x86-64 CPU */
static bool has_avx2(void) {
    uint32_t b = x86_leaf7(false);
    return ((b >> 5) & 1) && x86_bits(b);
}
static bool has_avx512(void) {
    uint32_t b = x86_leaf7(true);
    /* AVX2, AVX512F, AVX512BW */
    return ((b >> 5) & 1) && ((b >> 16) & 1) && ((b >> 30) & 1) && x86_bits(b);
}

/* ------------------------------------------------------------------ */
/* Shared pieces                                                       */
/* ------------------------------------------------------------------ */

/* kernel.h's UTF-8 fault tables */
static const unsigned char x86_utf8_t1[16] = {JB_UTF8_T1};
static const unsigned char x86_utf8_t2[16] = {JB_UTF8_T2};
static const unsigned char x86_utf8_t3[16] = {JB_UTF8_T3};

/* The constant vectors of the string steps (sse2_special, avx2_special,
 * the UTF-8 check), aligned in memory, each operation taking its constant
 * as a memory operand at an offset from one base register. gcc 12 builds
 * a _mm256_set1_epi8 in registers on every call, three instructions
 * apiece (a short string's first step is some 20), and does the same for
 * a load of a constant it can see through: the base address passes an
 * empty asm first, so the loads stay loads. */
#define X86_B8(c) c, c, c, c, c, c, c, c
#define X86_B32(c) {X86_B8(c), X86_B8(c), X86_B8(c), X86_B8(c)}
typedef struct x86_consts {
    _Alignas(32) unsigned char quote[32];
    unsigned char bslash[32], x1f[32], slash[32], nib[32], x60[32], x70[32], x80[32];
} x86_consts;
static const x86_consts x86_k = {X86_B32('"'),  X86_B32('\\'), X86_B32(0x1F), X86_B32('/'),
                                 X86_B32(0x0F), X86_B32(0x60), X86_B32(0x70), X86_B32(0x80)};
#undef X86_B32
#undef X86_B8
/* One base address for all of them (one register, each vector an offset
 * from it). */
static inline const x86_consts *x86_opaque(void) {
    const x86_consts *p = &x86_k;
    __asm__("" : "+r"(p));
    return p;
}
#define X86_LOAD(f) _mm256_load_si256((const __m256i *)(const void *)x86_opaque()->f)
#define X86_LOAD16(f) _mm_load_si128((const __m128i *)(const void *)x86_opaque()->f)

/* The rest of s[0..n) by the portable kernel: dst is NULL for a scan. */
static inline size_t x86_rest(char *dst, const unsigned char *s, size_t n, unsigned mode) {
    if (dst) return jb__kcopy_portable(dst, s, n, mode);
    return (size_t)(jb__kscan_portable((const char *)s, (const char *)s + n, mode & JB_ESC_UTF8) -
                    (const char *)s);
}

/* Index i of s moved back to a character boundary (jb__utf8_back). */
static inline size_t x86_back(const unsigned char *s, size_t i) {
    return (size_t)(jb__utf8_back((const char *)s, (const char *)s + i) - (const char *)s);
}

/*
 * Whether the last character of s[0..n) (n >= 3) is cut off by n, for a
 * last step that flagged no fault: every fault but that one shows at a
 * byte before n, and a cut character is exactly a lead with fewer bytes
 * after it than it needs: a lead (>= 0xC0) last, a 3- or 4-byte lead
 * (>= 0xE0) second to last, a 4-byte lead (>= 0xF0) third to last. (A
 * string that ends in a non-ASCII character, common in CJK text, then
 * needs no portable rerun of its last step.)
 */
static inline bool x86_cut_at_end(const unsigned char *s, size_t n) {
    return s[n - 1] >= 0xC0 || s[n - 2] >= 0xE0 || s[n - 3] >= 0xF0;
}

/* dst + i, or NULL for a scan (no arithmetic on a null pointer). */
static inline char *x86_at(char *dst, size_t i) { return dst ? dst + i : NULL; }

/* ------------------------------------------------------------------ */
/* sse2: 16 bytes a step, UTF-8 checked character by character          */
/* ------------------------------------------------------------------ */

static inline uint32_t sse2_special(__m128i v, bool slash) {
    __m128i x = _mm_or_si128(_mm_cmpeq_epi8(v, X86_LOAD16(quote)),
                             _mm_cmpeq_epi8(v, X86_LOAD16(bslash)));
    /* v <= 0x1F exactly when min(v, 0x1F) is v */
    x = _mm_or_si128(x, _mm_cmpeq_epi8(_mm_min_epu8(v, X86_LOAD16(x1f)), v));
    if (slash) x = _mm_or_si128(x, _mm_cmpeq_epi8(v, X86_LOAD16(slash)));
    return (uint32_t)_mm_movemask_epi8(x);
}

JB_INLINE size_t sse2_body(char *dst, const unsigned char *s, size_t n, unsigned mode,
                           const bool slash) {
    const bool hi_stops = (mode & (JB_ESC_UTF8 | JB_ESC_HI)) != 0;
    size_t i = 0;
    while (n - i >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(s + i));
        if (dst) _mm_storeu_si128((__m128i *)(dst + i), v);
        uint32_t m = sse2_special(v, slash);
        if (hi_stops) m |= (uint32_t)_mm_movemask_epi8(v);
        if (JB_LIKELY(m == 0)) {
            i += 16;
            continue;
        }
        i += (size_t)__builtin_ctz(m);
        if (s[i] < 0x80 || (mode & JB_ESC_HI)) return i;
        /* JB_ESC_UTF8: the characters here, then vectors again */
        const unsigned char *t = jb__utf8_run(s + i, s + n);
        size_t k = (size_t)(t - (s + i));
        if (k == 0) return i;
        if (dst) memcpy(dst + i, s + i, k);
        i += k;
    }
    return i + x86_rest(x86_at(dst, i), s + i, n - i, mode);
}

static const char *sse2_scan(const char *s, const char *lim, int utf8) {
    const unsigned char *u = (const unsigned char *)s;
    return s + sse2_body(NULL, u, (size_t)(lim - s), utf8 ? JB_ESC_UTF8 : 0, false);
}

static size_t sse2_copy(char *dst, const unsigned char *s, size_t n, unsigned mode) {
    if (mode & JB_ESC_SLASH) return sse2_body(dst, s, n, mode, true);
    return sse2_body(dst, s, n, mode, false);
}

/*
 * Block classes (skip.c), 16 bytes a step. SSE2 has no byte shuffle, so
 * each class is compares or-ed together: '[' / ']' are '{' / '}' with bit
 * 5 clear, so v | 0x20 compared with '{' and '}' takes both pairs (only
 * those four bytes give 0x7B or 0x7D once bit 5 is set); below 0x20 is
 * max(v, 0x1F) == 0x1F (unsigned).
 */
static void sse2_classify(const unsigned char *s, jb_blockclass *c) {
    const __m128i dq = _mm_set1_epi8('"'), bs = _mm_set1_epi8('\\'), sp = _mm_set1_epi8(' ');
    const __m128i tab = _mm_set1_epi8('\t'), lf = _mm_set1_epi8('\n'), cr = _mm_set1_epi8('\r');
    const __m128i b20 = _mm_set1_epi8(0x20), lb = _mm_set1_epi8('{'), rb = _mm_set1_epi8('}');
    const __m128i co = _mm_set1_epi8(':'), cm = _mm_set1_epi8(','), x1f = _mm_set1_epi8(0x1F);
    uint64_t q = 0, b = 0, ws = 0, op = 0, ctl = 0, hi = 0;
    for (unsigned i = 0; i < 64; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
        __m128i v20 = _mm_or_si128(v, b20);
        __m128i w = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, sp), _mm_cmpeq_epi8(v, tab)),
                                 _mm_or_si128(_mm_cmpeq_epi8(v, lf), _mm_cmpeq_epi8(v, cr)));
        __m128i o = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v20, lb), _mm_cmpeq_epi8(v20, rb)),
                                 _mm_or_si128(_mm_cmpeq_epi8(v, co), _mm_cmpeq_epi8(v, cm)));
        q |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, dq)) << i;
        b |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, bs)) << i;
        ws |= (uint64_t)(uint32_t)_mm_movemask_epi8(w) << i;
        op |= (uint64_t)(uint32_t)_mm_movemask_epi8(o) << i;
        ctl |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, x1f), x1f)) << i;
        hi |= (uint64_t)(uint32_t)_mm_movemask_epi8(v) << i;
    }
    c->quote = q;
    c->bslash = b;
    c->ws = ws;
    c->op = op;
    c->ctrl = ctl;
    c->hi = hi;
}

const jb_kernel jb__kernel_sse2 = {"sse2", has_sse2, sse2_scan, sse2_copy, sse2_classify};

/* ------------------------------------------------------------------ */
/* avx2: 32 bytes a step (then one of 16), UTF-8 checked by tables      */
/* ------------------------------------------------------------------ */

TARGET_AVX2 static inline uint32_t avx2_special(__m256i v, bool slash) {
    __m256i x = _mm256_or_si256(_mm256_cmpeq_epi8(v, X86_LOAD(quote)),
                                _mm256_cmpeq_epi8(v, X86_LOAD(bslash)));
    /* v <= 0x1F exactly when min(v, 0x1F) is v */
    x = _mm256_or_si256(x, _mm256_cmpeq_epi8(_mm256_min_epu8(v, X86_LOAD(x1f)), v));
    if (slash) x = _mm256_or_si256(x, _mm256_cmpeq_epi8(v, X86_LOAD(slash)));
    return (uint32_t)_mm256_movemask_epi8(x);
}

/* The faults of kernel.h's table check, one byte per byte: non-zero where
 * a fault shows. p1, p2, p3: the bytes one, two and three back. */
TARGET_AVX2 static inline __m256i avx2_fault_bytes(__m256i v, __m256i p1, __m256i p2, __m256i p3) {
    const __m256i t1 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)x86_utf8_t1));
    const __m256i t2 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)x86_utf8_t2));
    const __m256i t3 = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)x86_utf8_t3));
    const __m256i nib = X86_LOAD(nib);
    __m256i e = _mm256_and_si256(
        _mm256_shuffle_epi8(t1, _mm256_and_si256(_mm256_srli_epi16(p1, 4), nib)),
        _mm256_shuffle_epi8(t2, _mm256_and_si256(p1, nib)));
    e = _mm256_and_si256(e, _mm256_shuffle_epi8(t3, _mm256_and_si256(_mm256_srli_epi16(v, 4), nib)));
    /* 0x80 where the byte must be a 3rd or 4th byte: two back >= E0, three back >= F0 */
    __m256i must = _mm256_or_si256(_mm256_subs_epu8(p2, X86_LOAD(x60)),
                                   _mm256_subs_epu8(p3, X86_LOAD(x70)));
    return _mm256_xor_si256(e, _mm256_and_si256(must, X86_LOAD(x80)));
}

/* Bit i set: a fault shows at byte i of v; prev is the 32 bytes before v
 * (zeros at a boundary). alignr works within 128-bit lanes, so the lane
 * below each lane of v comes from a cross-lane permute first. */
TARGET_AVX2 static inline uint32_t avx2_faults(__m256i v, __m256i prev) {
    __m256i t = _mm256_permute2x128_si256(prev, v, 0x21); /* prev's upper lane, v's lower */
    __m256i e = avx2_fault_bytes(v, _mm256_alignr_epi8(v, t, 15), _mm256_alignr_epi8(v, t, 14),
                                 _mm256_alignr_epi8(v, t, 13));
    return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(e, _mm256_setzero_si256()));
}

/* The same on 16 bytes, from a boundary (nothing before them counts). */
TARGET_AVX2 static inline uint32_t avx2_faults16(__m128i v) {
    const __m128i t1 = _mm_loadu_si128((const __m128i *)x86_utf8_t1);
    const __m128i t2 = _mm_loadu_si128((const __m128i *)x86_utf8_t2);
    const __m128i t3 = _mm_loadu_si128((const __m128i *)x86_utf8_t3);
    const __m128i nib = X86_LOAD16(nib), z = _mm_setzero_si128();
    __m128i p1 = _mm_alignr_epi8(v, z, 15), p2 = _mm_alignr_epi8(v, z, 14);
    __m128i p3 = _mm_alignr_epi8(v, z, 13);
    __m128i e = _mm_and_si128(_mm_shuffle_epi8(t1, _mm_and_si128(_mm_srli_epi16(p1, 4), nib)),
                              _mm_shuffle_epi8(t2, _mm_and_si128(p1, nib)));
    e = _mm_and_si128(e, _mm_shuffle_epi8(t3, _mm_and_si128(_mm_srli_epi16(v, 4), nib)));
    __m128i must = _mm_or_si128(_mm_subs_epu8(p2, X86_LOAD16(x60)),
                                _mm_subs_epu8(p3, X86_LOAD16(x70)));
    e = _mm_xor_si128(e, _mm_and_si128(must, X86_LOAD16(x80)));
    return 0xFFFFu & ~(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(e, z));
}

/* The last step, over the 16 bytes that end at n (n >= 16), of which
 * those before i (a character boundary, n - 16 <= i < n) were taken
 * already: their flags are dropped. The check starts afresh: the bytes
 * before i are whole characters, which can neither make nor hide a fault
 * at i or after (a 3- or 4-byte lead two or three back would be cut). */
TARGET_AVX2 static inline size_t avx2_last16(char *dst, const unsigned char *s, size_t i,
                                             size_t n, unsigned mode, bool slash) {
    size_t base = n - 16;
    __m128i v = _mm_loadu_si128((const __m128i *)(s + base));
    if (dst) _mm_storeu_si128((__m128i *)(dst + base), v);
    uint32_t keep = 0xFFFFu << (i - base);
    uint32_t sp = sse2_special(v, slash) & keep;
    uint32_t top = (uint32_t)_mm_movemask_epi8(v) & keep;
    if (mode & JB_ESC_HI) {
        sp |= top;
    } else if ((mode & JB_ESC_UTF8) && top) {
        /* sp ^ (sp - 1): the bits up to the first special byte (all if none) */
        if (avx2_faults16(v) & keep & (sp ^ (sp - 1)))
            return i + x86_rest(x86_at(dst, i), s + i, n - i, mode);
        if (!sp && (top >> 15)) { /* the last character may be cut off by n */
            if (!x86_cut_at_end(s, n)) return n;
            size_t b = i + x86_back(s + i, n - i);
            return b + x86_rest(x86_at(dst, b), s + b, n - b, mode);
        }
    }
    return sp ? base + (size_t)__builtin_ctz(sp) : n;
}

/* The same over the 32 bytes that end at n (n >= 32, n - 32 <= i < n). */
TARGET_AVX2 static inline size_t avx2_last32(char *dst, const unsigned char *s, size_t i,
                                             size_t n, unsigned mode, bool slash) {
    size_t base = n - 32;
    __m256i v = _mm256_loadu_si256((const __m256i *)(s + base));
    if (dst) _mm256_storeu_si256((__m256i *)(dst + base), v);
    uint32_t keep = ~0u << (i - base);
    uint32_t sp = avx2_special(v, slash) & keep;
    uint32_t top = (uint32_t)_mm256_movemask_epi8(v) & keep;
    if (mode & JB_ESC_HI) {
        sp |= top;
    } else if ((mode & JB_ESC_UTF8) && top) {
        if (avx2_faults(v, _mm256_setzero_si256()) & keep & (sp ^ (sp - 1)))
            return i + x86_rest(x86_at(dst, i), s + i, n - i, mode);
        if (!sp && (top >> 31)) {
            if (!x86_cut_at_end(s, n)) return n;
            size_t b = i + x86_back(s + i, n - i);
            return b + x86_rest(x86_at(dst, b), s + b, n - b, mode);
        }
    }
    return sp ? base + (size_t)__builtin_ctz(sp) : n;
}

/*
 * 32-byte steps while 32 bytes remain, then one last step of 32 that
 * overlaps the one before; text of 16..31 bytes takes a step of 16 and an
 * overlapping last one of 16; only text shorter than 16 bytes goes to the
 * portable kernel.
 */
TARGET_AVX2 JB_INLINE size_t avx2_body(char *dst, const unsigned char *s, size_t n, size_t i,
                                       unsigned mode, const bool slash) {
    if (n >= 32) {
        __m256i prev = _mm256_setzero_si256();
        uint32_t carry = 0; /* the last step may end inside a character: check this one */
        for (;;) {
            if (n - i < 32) {
                /* the last step starts at a boundary: back to the cut
                 * character's lead (a whole step may fit again) */
                if (!carry) break;
                i = x86_back(s, i);
                carry = 0;
                prev = _mm256_setzero_si256();
                if (n - i < 32) break;
            }
            __m256i v = _mm256_loadu_si256((const __m256i *)(s + i));
            if (dst) _mm256_storeu_si256((__m256i *)(dst + i), v);
            uint32_t sp = avx2_special(v, slash);
            uint32_t top = (uint32_t)_mm256_movemask_epi8(v);
            if (mode & JB_ESC_HI) {
                sp |= top;
            } else if ((mode & JB_ESC_UTF8) && (top | carry)) {
                if (JB_UNLIKELY(avx2_faults(v, prev) & (sp ^ (sp - 1)))) {
                    size_t b = x86_back(s, i);
                    return b + x86_rest(x86_at(dst, b), s + b, n - b, mode);
                }
                carry = top >> 31; /* its last byte is non-ASCII (else a cut character showed) */
            }
            prev = v;
            if (sp) return i + (size_t)__builtin_ctz(sp);
            i += 32;
        }
        return i < n ? avx2_last32(dst, s, i, n, mode, slash) : n;
    }
    if (n >= 16) {
        do { /* from a boundary each time */
            __m128i v = _mm_loadu_si128((const __m128i *)(s + i));
            if (dst) _mm_storeu_si128((__m128i *)(dst + i), v);
            uint32_t sp = sse2_special(v, slash);
            uint32_t top = (uint32_t)_mm_movemask_epi8(v);
            if (mode & JB_ESC_HI) {
                sp |= top;
            } else if ((mode & JB_ESC_UTF8) && top) {
                if (avx2_faults16(v) & (sp ^ (sp - 1)))
                    return i + x86_rest(x86_at(dst, i), s + i, n - i, mode);
                if (!sp && (top >> 15)) i = x86_back(s, i + 16) - 16;
            }
            if (sp) return i + (size_t)__builtin_ctz(sp);
            i += 16;
        } while (n - i >= 16);
        return i < n ? avx2_last16(dst, s, i, n, mode, slash) : n;
    }
    return x86_rest(dst, s, n, mode);
}

/* The bodies out of line, from i (a character boundary; 0, or 32 after a
 * clean ASCII first step when n >= 32). */
TARGET_AVX2 static JB_NOINLINE size_t avx2_scan_rest(const unsigned char *s, size_t n, size_t i,
                                                     unsigned mode) {
    return avx2_body(NULL, s, n, i, mode, false);
}
TARGET_AVX2 static JB_NOINLINE size_t avx2_copy_rest(char *dst, const unsigned char *s, size_t n,
                                                     size_t i, unsigned mode) {
    if (mode & JB_ESC_SLASH) return avx2_body(dst, s, n, i, mode, true);
    return avx2_body(dst, s, n, i, mode, false);
}

/*
 * The entry points do the first step in line, with the few constants it
 * needs: most strings end within 32 bytes, on a '"' (or the byte that
 * needs work) with only ASCII before it. Anything else goes to the body,
 * from 32 when the first step was clean ASCII.
 */
TARGET_AVX2 static const char *avx2_scan(const char *s, const char *lim, int utf8) {
    const unsigned char *u = (const unsigned char *)s;
    size_t n = (size_t)(lim - s), i = 0;
    if (JB_LIKELY(n >= 32)) {
        __m256i v = _mm256_loadu_si256((const __m256i *)u);
        uint32_t sp = avx2_special(v, false);
        uint32_t top = utf8 ? (uint32_t)_mm256_movemask_epi8(v) : 0;
        if (!(top & (sp ^ (sp - 1)))) { /* no non-ASCII up to the first special */
            if (sp) return s + __builtin_ctz(sp);
            i = 32;
        }
    }
    return s + avx2_scan_rest(u, n, i, utf8 ? JB_ESC_UTF8 : 0);
}

TARGET_AVX2 static size_t avx2_copy(char *dst, const unsigned char *s, size_t n, unsigned mode) {
    size_t i = 0;
    if (JB_LIKELY(n >= 32)) {
        __m256i v = _mm256_loadu_si256((const __m256i *)s);
        _mm256_storeu_si256((__m256i *)dst, v);
        uint32_t sp = avx2_special(v, (mode & JB_ESC_SLASH) != 0);
        uint32_t top = (mode & (JB_ESC_UTF8 | JB_ESC_HI)) ? (uint32_t)_mm256_movemask_epi8(v) : 0;
        if (mode & JB_ESC_HI) { /* non-ASCII needs work: it is special */
        sp |= top;
        top = 0;
    }
        if (!(top & (sp ^ (sp - 1)))) {
            if (sp) return (size_t)__builtin_ctz(sp);
            i = 32;
        }
    } else if (n < 16) {
        return jb__kcopy_portable(dst, s, n, mode);
    }
    return avx2_copy_rest(dst, s, n, i, mode);
}

/* Block classes (skip.c): kernel_x86.h. */
TARGET_AVX2 static void avx2_classify(const unsigned char *s, jb_blockclass *c) {
    avx2_classify_inline(s, c);
}

const jb_kernel jb__kernel_avx2 = {"avx2", has_avx2, avx2_scan, avx2_copy, avx2_classify};

/* ------------------------------------------------------------------ */
/* avx512: 64 bytes a step, then the avx2 kernel                        */
/* ------------------------------------------------------------------ */

TARGET_AVX512 static inline uint64_t avx512_special(__m512i v, bool slash) {
    uint64_t m = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('"')) |
                 _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('\\')) |
                 _mm512_cmple_epu8_mask(v, _mm512_set1_epi8(0x1F));
    if (slash) m |= _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8('/'));
    return m;
}

/* Bit i set: a fault shows at byte i of v (prev: the 64 bytes before).
 * alignr_epi64 by 6 gives, per 128-bit lane, the lane below it (prev's
 * top lane under v's first). */
TARGET_AVX512 static inline uint64_t avx512_faults(__m512i v, __m512i prev) {
    const __m512i t1 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)x86_utf8_t1));
    const __m512i t2 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)x86_utf8_t2));
    const __m512i t3 = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)x86_utf8_t3));
    const __m512i nib = _mm512_set1_epi8(0x0F);
    __m512i t = _mm512_alignr_epi64(v, prev, 6);
    __m512i p1 = _mm512_alignr_epi8(v, t, 15), p2 = _mm512_alignr_epi8(v, t, 14);
    __m512i p3 = _mm512_alignr_epi8(v, t, 13);
    __m512i e = _mm512_and_si512(
        _mm512_shuffle_epi8(t1, _mm512_and_si512(_mm512_srli_epi16(p1, 4), nib)),
        _mm512_shuffle_epi8(t2, _mm512_and_si512(p1, nib)));
    e = _mm512_and_si512(e, _mm512_shuffle_epi8(t3, _mm512_and_si512(_mm512_srli_epi16(v, 4), nib)));
    __m512i must = _mm512_or_si512(_mm512_subs_epu8(p2, _mm512_set1_epi8(0x60)),
                                   _mm512_subs_epu8(p3, _mm512_set1_epi8(0x70)));
    e = _mm512_xor_si512(e, _mm512_and_si512(must, _mm512_set1_epi8((char)0x80)));
    return _mm512_test_epi8_mask(e, e);
}

/* The last step over the 64 bytes that end at n, as avx2_last32. */
TARGET_AVX512 static inline size_t avx512_last64(char *dst, const unsigned char *s, size_t i,
                                                 size_t n, unsigned mode, bool slash) {
    size_t base = n - 64;
    __m512i v = _mm512_loadu_si512((const void *)(s + base));
    if (dst) _mm512_storeu_si512((void *)(dst + base), v);
    uint64_t keep = ~(uint64_t)0 << (i - base);
    uint64_t sp = avx512_special(v, slash) & keep;
    uint64_t top = _mm512_movepi8_mask(v) & keep;
    if (mode & JB_ESC_HI) {
        sp |= top;
    } else if ((mode & JB_ESC_UTF8) && top) {
        if (avx512_faults(v, _mm512_setzero_si512()) & keep & (sp ^ (sp - 1)))
            return i + x86_rest(x86_at(dst, i), s + i, n - i, mode);
        if (!sp && (top >> 63)) {
            size_t b = i + x86_back(s + i, n - i);
            return b + x86_rest(x86_at(dst, b), s + b, n - b, mode);
        }
    }
    return sp ? base + (size_t)__builtin_ctzll(sp) : n;
}

/* 64-byte steps while 64 bytes remain, then one overlapping last step of
 * 64; text shorter than 64 bytes goes to the avx2 kernel. */
TARGET_AVX512 JB_INLINE size_t avx512_body(char *dst, const unsigned char *s, size_t n, size_t i,
                                           unsigned mode, const bool slash) {
    __m512i prev = _mm512_setzero_si512();
    uint64_t carry = 0;
    for (;;) {
        if (n - i < 64) { /* as in avx2_body */
            if (!carry) break;
            i = x86_back(s, i);
            carry = 0;
            prev = _mm512_setzero_si512();
            if (n - i < 64) break;
        }
        __m512i v = _mm512_loadu_si512((const void *)(s + i));
        if (dst) _mm512_storeu_si512((void *)(dst + i), v);
        uint64_t sp = avx512_special(v, slash);
        uint64_t top = _mm512_movepi8_mask(v);
        if (mode & JB_ESC_HI) {
            sp |= top;
        } else if ((mode & JB_ESC_UTF8) && (top | carry)) {
            if (JB_UNLIKELY(avx512_faults(v, prev) & (sp ^ (sp - 1)))) {
                size_t b = x86_back(s, i);
                return b + x86_rest(x86_at(dst, b), s + b, n - b, mode);
            }
            carry = top >> 63;
        }
        prev = v;
        if (sp) return i + (size_t)__builtin_ctzll(sp);
        i += 64;
    }
    return i < n ? avx512_last64(dst, s, i, n, mode, slash) : n;
}

TARGET_AVX512 static JB_NOINLINE size_t avx512_scan_rest(const unsigned char *s, size_t n,
                                                         size_t i, unsigned mode) {
    return avx512_body(NULL, s, n, i, mode, false);
}
TARGET_AVX512 static JB_NOINLINE size_t avx512_copy_rest(char *dst, const unsigned char *s,
                                                         size_t n, size_t i, unsigned mode) {
    if (mode & JB_ESC_SLASH) return avx512_body(dst, s, n, i, mode, true);
    return avx512_body(dst, s, n, i, mode, false);
}

/* As the avx2 entry points, with a first step of 64; text shorter than 64
 * bytes goes to the avx2 kernel. */
TARGET_AVX512 static const char *avx512_scan(const char *s, const char *lim, int utf8) {
    const unsigned char *u = (const unsigned char *)s;
    size_t n = (size_t)(lim - s), i = 0;
    if (n < 64) return avx2_scan(s, lim, utf8);
    __m512i v = _mm512_loadu_si512((const void *)u);
    uint64_t sp = avx512_special(v, false);
    uint64_t top = utf8 ? _mm512_movepi8_mask(v) : 0;
    if (!(top & (sp ^ (sp - 1)))) {
        if (sp) return s + __builtin_ctzll(sp);
        i = 64;
    }
    return s + avx512_scan_rest(u, n, i, utf8 ? JB_ESC_UTF8 : 0);
}

TARGET_AVX512 static size_t avx512_copy(char *dst, const unsigned char *s, size_t n,
                                        unsigned mode) {
    size_t i = 0;
    if (n < 64) return avx2_copy(dst, s, n, mode);
    __m512i v = _mm512_loadu_si512((const void *)s);
    _mm512_storeu_si512((void *)dst, v);
    uint64_t sp = avx512_special(v, (mode & JB_ESC_SLASH) != 0);
    uint64_t top = (mode & (JB_ESC_UTF8 | JB_ESC_HI)) ? _mm512_movepi8_mask(v) : 0;
    if (mode & JB_ESC_HI) { /* non-ASCII needs work: it is special */
        sp |= top;
        top = 0;
    }
    if (!(top & (sp ^ (sp - 1)))) {
        if (sp) return (size_t)__builtin_ctzll(sp);
        i = 64;
    }
    return avx512_copy_rest(dst, s, n, i, mode);
}

/* Block classes: avx2's (every CPU with AVX-512BW has AVX2). */
const jb_kernel jb__kernel_avx512 = {"avx512", has_avx512, avx512_scan, avx512_copy, avx2_classify};

#else
typedef int jb_kernel_x86_unit; /* ISO C: a translation unit is never empty */
#endif
