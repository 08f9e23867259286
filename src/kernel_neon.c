/* SPDX-License-Identifier: MIT */
/*
 * kernel_neon.c — the ARM64 string kernel: neon, 16 bytes a step, with the
 * contract of kernel.h and the structure of kernel_x86.c's avx2 kernel
 * (read that file's notes): a whole-vector step while 16 bytes remain,
 * the nibble-table UTF-8 check of kernel.h where a step holds non-ASCII,
 * the portable kernel from the last character boundary when a step shows
 * a fault, then one last step that overlaps the one before.
 *
 * NEON is part of every ARM64 CPU, so the kernel is always available
 * there. NEON has no byte-to-bit "movemask": a comparison result is
 * narrowed to 4 bits per byte (shift right by 4 and narrow each 16-bit
 * pair), so the masks below have 4 bits per byte and byte k of a step is
 * bits 4k..4k+3.
 */
#include "kernel.h"

#if defined(JB_KERNEL_NEON)

#include <arm_neon.h>

static const unsigned char neon_utf8_t1[16] = {JB_UTF8_T1};
static const unsigned char neon_utf8_t2[16] = {JB_UTF8_T2};
static const unsigned char neon_utf8_t3[16] = {JB_UTF8_T3};

static bool has_neon(void) { return true; }

/* 4 bits per byte of a comparison result (0xFF or 0x00 per byte). */
static inline uint64_t neon_mask(uint8x16_t cmp) {
    uint8x8_t narrowed = vshrn_n_u16(vreinterpretq_u16_u8(cmp), 4);
    return vget_lane_u64(vreinterpret_u64_u8(narrowed), 0);
}

static inline uint64_t neon_special(uint8x16_t v, bool slash) {
    uint8x16_t x = vorrq_u8(vceqq_u8(v, vdupq_n_u8('"')), vceqq_u8(v, vdupq_n_u8('\\')));
    x = vorrq_u8(x, vcleq_u8(v, vdupq_n_u8(0x1F)));
    if (slash) x = vorrq_u8(x, vceqq_u8(v, vdupq_n_u8('/')));
    return neon_mask(x);
}

static inline uint64_t neon_top(uint8x16_t v) { return neon_mask(vcgeq_u8(v, vdupq_n_u8(0x80))); }

/* Nibbles set where a fault of kernel.h's table check shows in v; prev is
 * the 16 bytes before v (zeros at a boundary). */
static inline uint64_t neon_faults(uint8x16_t v, uint8x16_t prev) {
    const uint8x16_t t1 = vld1q_u8(neon_utf8_t1), t2 = vld1q_u8(neon_utf8_t2);
    const uint8x16_t t3 = vld1q_u8(neon_utf8_t3);
    uint8x16_t p1 = vextq_u8(prev, v, 15), p2 = vextq_u8(prev, v, 14), p3 = vextq_u8(prev, v, 13);
    uint8x16_t e = vandq_u8(vqtbl1q_u8(t1, vshrq_n_u8(p1, 4)),
                            vqtbl1q_u8(t2, vandq_u8(p1, vdupq_n_u8(0x0F))));
    e = vandq_u8(e, vqtbl1q_u8(t3, vshrq_n_u8(v, 4)));
    /* 0x80 where the byte must be a 3rd or 4th byte: two back >= E0, three back >= F0 */
    uint8x16_t must = vorrq_u8(vqsubq_u8(p2, vdupq_n_u8(0x60)), vqsubq_u8(p3, vdupq_n_u8(0x70)));
    e = veorq_u8(e, vandq_u8(must, vdupq_n_u8(0x80)));
    return neon_mask(vtstq_u8(e, e));
}

static inline size_t neon_rest(char *dst, const unsigned char *s, size_t n, unsigned mode) {
    if (dst) return jb__kcopy_portable(dst, s, n, mode);
    return (size_t)(jb__kscan_portable((const char *)s, (const char *)s + n, mode & JB_ESC_UTF8) -
                    (const char *)s);
}

static inline size_t neon_back(const unsigned char *s, size_t i) {
    return (size_t)(jb__utf8_back((const char *)s, (const char *)s + i) - (const char *)s);
}

static inline char *neon_at(char *dst, size_t i) { return dst ? dst + i : NULL; }

/* The last step over the 16 bytes that end at n (n >= 16), of which those
 * before i (a boundary, n - 16 < i < n) were taken already. */
static inline size_t neon_last(char *dst, const unsigned char *s, size_t i, size_t n,
                               unsigned mode, bool slash) {
    size_t base = n - 16;
    uint8x16_t v = vld1q_u8(s + base);
    if (dst) vst1q_u8((unsigned char *)dst + base, v);
    uint64_t keep = ~(uint64_t)0 << (4 * (i - base));
    uint64_t sp = neon_special(v, slash) & keep;
    uint64_t top = neon_top(v) & keep;
    if (mode & JB_ESC_HI) {
        sp |= top;
    } else if ((mode & JB_ESC_UTF8) && top) {
        /* sp ^ (sp - 1): the bits up to the first special byte (all if none) */
        if (neon_faults(v, vdupq_n_u8(0)) & keep & (sp ^ (sp - 1)))
            return i + neon_rest(neon_at(dst, i), s + i, n - i, mode);
        if (!sp && (top >> 63)) { /* a character cut off by n */
            size_t b = i + neon_back(s + i, n - i);
            return b + neon_rest(neon_at(dst, b), s + b, n - b, mode);
        }
    }
    return sp ? base + ((size_t)__builtin_ctzll(sp) >> 2) : n;
}

JB_INLINE size_t neon_body(char *dst, const unsigned char *s, size_t n, size_t i, unsigned mode,
                           const bool slash) {
    if (n < 16) return neon_rest(dst, s, n, mode);
    uint8x16_t prev = vdupq_n_u8(0);
    uint64_t carry = 0; /* the last step may end inside a character: check this one */
    for (;;) {
        if (n - i < 16) {
            if (!carry) break;
            i = neon_back(s, i);
            carry = 0;
            prev = vdupq_n_u8(0);
            if (n - i < 16) break;
        }
        uint8x16_t v = vld1q_u8(s + i);
        if (dst) vst1q_u8((unsigned char *)dst + i, v);
        uint64_t sp = neon_special(v, slash);
        uint64_t top = neon_top(v);
        if (mode & JB_ESC_HI) {
            sp |= top;
        } else if ((mode & JB_ESC_UTF8) && (top | carry)) {
            if (JB_UNLIKELY(neon_faults(v, prev) & (sp ^ (sp - 1)))) {
                size_t b = neon_back(s, i);
                return b + neon_rest(neon_at(dst, b), s + b, n - b, mode);
            }
            carry = top >> 63; /* its last byte is non-ASCII */
        }
        prev = v;
        if (sp) return i + ((size_t)__builtin_ctzll(sp) >> 2);
        i += 16;
    }
    return i < n ? neon_last(dst, s, i, n, mode, slash) : n;
}

static const char *neon_scan(const char *s, const char *lim, int utf8) {
    const unsigned char *u = (const unsigned char *)s;
    return s + neon_body(NULL, u, (size_t)(lim - s), 0, utf8 ? JB_ESC_UTF8 : 0, false);
}

static size_t neon_copy(char *dst, const unsigned char *s, size_t n, unsigned mode) {
    if (mode & JB_ESC_SLASH) return neon_body(dst, s, n, 0, mode, true);
    return neon_body(dst, s, n, 0, mode, false);
}

/* Block classes: the portable kernel's (no NEON version yet). */
const jb_kernel jb__kernel_neon = {"neon", has_neon, neon_scan, neon_copy, jb__kclass_portable};

#else
typedef int jb_kernel_neon_unit; /* ISO C: a translation unit is never empty */
#endif
