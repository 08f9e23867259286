/* SPDX-License-Identifier: MIT */
/*
 * kernel_x86.h — the avx2 block classes (jb_kernel.classify), in line:
 * kernel_x86.c's avx2 and avx512 kernels call them through the table, and
 * the structural scan's instantiation for those kernels (skip.c) takes
 * them in line, its masks then in registers rather than stored and
 * loaded again. Only where JB_KERNEL_X86 is defined.
 */
#ifndef JB_KERNEL_X86_H
#define JB_KERNEL_X86_H

#include "kernel.h"

#if defined(JB_KERNEL_X86)

#include <immintrin.h>

#define JB_TARGET_AVX2 __attribute__((target("avx2")))

/*
 * Block classes (skip.c), 32 bytes a step. Whitespace and the structural
 * bytes by one shuffle each on the low nibble: the table holds, for each
 * low nibble, the one byte of the class with that nibble (a byte of
 * another nibble where the class has none), so v equals its table entry
 * exactly when it is in the class; a byte >= 0x80 shuffles to 0 and never
 * matches. The structural bytes compare v | 0x20, which folds '[' / ']'
 * onto '{' / '}'; it also folds 0x1A and 0x0C onto ':' and ',', control
 * bytes that the and-not drops.
 */
/* Its tables and splats, aligned, from one opaque base (as x86_k: loads,
 * not rebuilt in registers per call). wst: -1 (0xFF) where no whitespace
 * byte has the nibble (no byte below 0x80 equals it); opt: 0..15 where no
 * structural byte has the nibble (v | 0x20 has bit 5 set, they do not). */
typedef struct x86_cls {
    _Alignas(32) signed char wst[32];
    signed char opt[32];
    unsigned char quote[32], bslash[32], x20[32], x1f[32];
} x86_cls;
#define KX_WST ' ', -1, -1, -1, -1, -1, -1, -1, -1, '\t', '\n', -1, -1, '\r', -1, -1
#define KX_OPT 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ':', '{', ',', '}', 14, 15
#define KX_B8(c) c, c, c, c, c, c, c, c
#define KX_B32(c) \
    { KX_B8(c), KX_B8(c), KX_B8(c), KX_B8(c) }
static const x86_cls x86_c = {{KX_WST, KX_WST}, {KX_OPT, KX_OPT}, KX_B32('"'),
                              KX_B32('\\'),     KX_B32(0x20),     KX_B32(0x1F)};
#undef KX_B32
#undef KX_B8
#undef KX_OPT
#undef KX_WST
static inline const x86_cls *x86_cls_opaque(void) {
    const x86_cls *p = &x86_c;
    __asm__("" : "+r"(p));
    return p;
}

/* The 64 mask bits of two 32-byte halves, the first in the low bits. */
JB_TARGET_AVX2 static inline uint64_t avx2_bits64(__m256i lo, __m256i hi) {
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(lo) |
           (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32;
}

/* Each class of one 32-byte half, as byte masks (0xFF: in the class). */
typedef struct avx2_half {
    __m256i q, b, ws, op, ctl, v;
} avx2_half;

JB_TARGET_AVX2 static inline avx2_half avx2_half_classes(const x86_cls *k, const unsigned char *s) {
    const __m256i *t = (const __m256i *)(const void *)k;
    avx2_half h;
    /* t[0] wst, t[1] opt, t[2] '"', t[3] '\\', t[4] 0x20, t[5] 0x1F */
    h.v = _mm256_loadu_si256((const __m256i *)(const void *)s);
    h.ctl = _mm256_cmpeq_epi8(_mm256_max_epu8(h.v, t[5]), t[5]);
    h.op = _mm256_andnot_si256(
        h.ctl, _mm256_cmpeq_epi8(_mm256_or_si256(h.v, t[4]), _mm256_shuffle_epi8(t[1], h.v)));
    h.ws = _mm256_cmpeq_epi8(h.v, _mm256_shuffle_epi8(t[0], h.v));
    h.q = _mm256_cmpeq_epi8(h.v, t[2]);
    h.b = _mm256_cmpeq_epi8(h.v, t[3]);
    return h;
}

JB_TARGET_AVX2 static inline void avx2_classify_inline(const unsigned char *s, jb_blockclass *c) {
    const x86_cls *k = x86_cls_opaque();
    avx2_half a = avx2_half_classes(k, s), b = avx2_half_classes(k, s + 32);
    c->quote = avx2_bits64(a.q, b.q);
    c->bslash = avx2_bits64(a.b, b.b);
    c->ws = avx2_bits64(a.ws, b.ws);
    c->op = avx2_bits64(a.op, b.op);
    c->ctrl = avx2_bits64(a.ctl, b.ctl);
    c->hi = avx2_bits64(a.v, b.v);
}

#endif /* JB_KERNEL_X86 */
#endif /* JB_KERNEL_X86_H */
