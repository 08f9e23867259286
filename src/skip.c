/* SPDX-License-Identifier: MIT */
/*
 * skip.c — skipping a container value by a structural scan: the fast path
 * of jb__r_skip for a value that starts with '{' or '['.
 *
 * The scan takes the value 64 bytes at a time. The kernel in use
 * classifies each block (jb_kernel.classify: quotes, backslashes,
 * whitespace, structural bytes, control bytes, bytes >= 0x80, one bit per
 * byte), and plain bit arithmetic here derives, for the block:
 *
 *   escaped  the bytes that follow an odd-length run of backslashes (the
 *            run may have begun in the previous block: one bit of carry);
 *   quotes   the quotes that are not escaped;
 *   instr    the bytes inside strings, opening quote included, closing
 *            quote not: the prefix XOR of the quotes (bit i = the parity
 *            of the quotes at or before i), inverted when the block begins
 *            inside a string;
 *   tokens   what a grammar check has to look at: structural bytes and
 *            opening quotes outside strings, and the first byte of each
 *            run of other non-whitespace bytes outside strings (numbers,
 *            literals, and anything that does not belong there).
 *
 * Then a small state machine walks the tokens (one per set bit, lowest
 * first) with the nesting in a bit stack, checks each number and literal
 * as the exact skip does, and stops where the container closes. String
 * contents are never looked at byte by byte: the masks say where they
 * end, that none holds a control byte, where their escapes are (each
 * checked alone: they are rare), and whether any byte >= 0x80 needs the
 * UTF-8 check (done once, at the end, over the value's bytes from the
 * first such byte: every byte >= 0x80 of a value that got this far is in
 * a string, and strings end at an ASCII quote, so the span is well formed
 * exactly when every string is).
 *
 * Acceptance is the exact skip's, by construction: the scan accepts only
 * what it has checked, and hands anything else back (false) to the exact
 * skip (read.c), which starts over from the same byte and so reports any
 * error exactly as before. What it hands back: every error; every
 * relaxed-flag form (comments, trailing commas, NaN and Infinity);
 * \u escapes of surrogates that are not a proper pair; nesting past the
 * bit stack (1,024 levels) or max_depth; input long enough that a string
 * could exceed max_string_len or a container max_members (the scan does
 * not count those). Bytes after the value that the last block holds are
 * classified too, but nothing past the closing bracket is judged.
 *
 * Loads: whole blocks only while 64 bytes remain before r->end; the last
 * bytes are copied into a local block padded with spaces (whitespace, so
 * they add no tokens). Numbers, literals and escapes are read from the
 * input itself, bounded by r->end.
 */
#include "read.h"

#include "kernel.h"
#include "num.h"
#include "utf8.h"

#if defined(JB_KERNEL_X86)
#include "kernel_x86.h"
/* The scan's instantiation for the avx2 and avx512 kernels, whose CPUs
 * have BMI1, BMI2 and PCLMULQDQ too (kernel_x86.c checks it): the avx2
 * block classes in line (kernel_x86.h), and-not, lowest-bit and
 * variable-shift instructions, and the prefix XOR as one carry-less
 * multiply. */
#define TARGET_BITS __attribute__((target("avx2,bmi,bmi2,pclmul")))
#endif

#define SKIP_BITS 1024 /* nesting levels the bit stack holds */

/* The byte an escape may name after the backslash (\u apart). */
static const unsigned char esc_ok[256] = {
    ['"'] = 1, ['\\'] = 1, ['/'] = 1, ['b'] = 1, ['f'] = 1, ['n'] = 1, ['r'] = 1, ['t'] = 1};
/* What may follow a number or literal (read.c's delim_tab; '/' is a
 * comment and goes to the exact skip). */
static const unsigned char delim_ok[256] = {
    [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\r'] = 1, [','] = 1, [']'] = 1, ['}'] = 1};

/*
 * Bit i of the result = the parity of the set bits of x at or below i: a
 * shift-xor cascade, each step doubling the span already summed.
 */
static inline uint64_t prefix_xor(uint64_t x) {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

#if defined(JB_KERNEL_X86)
/* prefix_xor by a carry-less multiply with all ones: bit i of the product
 * is the XOR of the bits of x at or below i. */
TARGET_BITS static inline uint64_t prefix_xor_clmul(uint64_t x) {
    __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)x), _mm_set1_epi8(-1), 0);
    return (uint64_t)_mm_cvtsi128_si64(p);
}
#endif

/* The block classes of s[0..64): the kernel's, or with x86 (the avx2 and
 * avx512 kernels) the same avx2 code in line. */
static inline void classify(const jb_kernel *k, const bool x86, const unsigned char *s,
                            jb_blockclass *c) {
#if defined(JB_KERNEL_X86)
    if (x86) {
        avx2_classify_inline(s, c);
        return;
    }
#else
    (void)x86;
#endif
    k->classify(s, c);
}

/*
 * The bytes escaped by the backslashes b: those right after a run of odd
 * length. *carry (0 or 1) says the previous block ended in an odd run, so
 * byte 0 is escaped (and, if it is a backslash, starts no run); it gets the
 * same for the next block.
 *
 * Adding a run's lowest bit to b clears the run and sets the bit right
 * after it. A run of odd length that starts at an even position ends at
 * an odd one, and one that starts at an odd position ends at an even one;
 * so the runs are summed in two sets (their starts at even and at odd
 * positions) and the end bits kept at the positions of the other parity.
 * A run reaching bit 63 carries out of the addition: of odd length
 * exactly when it started at an odd position.
 */
static inline uint64_t escaped_bytes(uint64_t b, uint64_t *carry) {
    const uint64_t even = UINT64_C(0x5555555555555555);
    uint64_t esc = *carry, starts, se, so;
    b &= ~esc;
    if (JB_LIKELY(!b)) {
        *carry = 0;
        return esc;
    }
    starts = b & ~(b << 1);
    se = b + (starts & even);
    so = b + (starts & ~even);
    *carry = so < b; /* unsigned wrap: an odd-start run reached bit 63 */
    return esc | (se & ~b & ~even) | (so & ~b & even);
}

/* Four hex digits at p (p + 4 <= end checked by the caller): their value,
 * or -1. */
static inline long hex4_at(const char *p) {
    long v = 0;
    for (int k = 0; k < 4; k++) {
        unsigned c = (unsigned char)p[k], d;
        if (c - '0' < 10)
            d = c - '0';
        else if ((c | 0x20) - 'a' < 6)
            d = (c | 0x20) - 'a' + 10;
        else
            return -1;
        v = v * 16 + (long)d;
    }
    return v;
}

/*
 * The escapes of one block, the bytes after their backslash at the bits of
 * m (blk: the block's first byte in the input). true when each is one the
 * exact skip accepts: a one-character escape, \u of a code point outside
 * the surrogates, or \u of a high surrogate followed by \u of a low one
 * (*pair: the 'u' of that second escape, which then needs no check).
 */
static JB_NOINLINE bool escapes_ok(const char *blk, uint64_t m, const char *end,
                                   const char **pair) {
    do {
        const char *u = blk + jb__ctz64(m);
        m &= m - 1;
        if (JB_LIKELY(esc_ok[(unsigned char)*u])) continue;
        if (*u != 'u') return false;
        if (u == *pair) continue;
        if (end - u < 5) return false;
        long cp = hex4_at(u + 1);
        if (cp < 0xD800 || cp > 0xDFFF) {
            if (cp < 0) return false;
            continue;
        }
        if (cp >= 0xDC00 || end - u < 11 || u[5] != '\\' || u[6] != 'u') return false;
        cp = hex4_at(u + 7);
        if (cp < 0xDC00 || cp > 0xDFFF) return false;
        *pair = u + 6;
    } while (m);
    return true;
}

/* The state of the token walk: what the next token may be. The walk
 * keeps it in where it runs (a label per state); this names it only
 * across a block boundary. */
enum {
    T_VALUE,  /* a value (after ':', or ',' in an array; the start) */
    T_AVALUE, /* a value or ']' (after '[') */
    T_KEY,    /* a key (after ',' in an object) */
    T_OKEY,   /* a key or '}' (after '{') */
    T_COLON,  /* ':' after a key */
    T_NEXT    /* ',' or the close of the container, after a value */
};

/* The odd bytes of a block (blk, its classes c, its escaped bytes esc)
 * within odd: inside strings, a control byte, an escape, a byte >= 0x80.
 * true when each is allowed (no control byte; escapes the exact skip
 * accepts); notes the first byte >= 0x80 in *first_hi. */
static inline bool odd_ok(const jb_blockclass *c, uint64_t esc, uint64_t odd, const char *blk,
                          const char *end, const char **pair, const char **first_hi) {
    if (c->ctrl & odd) return false;
    if ((esc & odd) && !escapes_ok(blk, esc & odd, end, pair)) return false;
    if ((c->hi & odd) && !*first_hi) *first_hi = blk + jb__ctz64(c->hi & odd);
    return true;
}

/*
 * The walk takes the tokens of a block one per set bit of tok, lowest
 * first: NEXT(S) takes the next one into i, p, ch and goes to state S's
 * label, or, when the block has none left, names S in state and goes to
 * the next block, which resumes at S. So a token costs its own check and
 * no dispatch on the state (the state is where the code runs); the
 * switch on state runs once a block.
 */
#define NEXT(S)                  \
    do {                         \
        if (JB_UNLIKELY(!tok)) { \
            state = T_##S;       \
            goto next_block;     \
        }                        \
        i = jb__ctz64(tok);      \
        tok &= tok - 1;          \
        p = blk + i;             \
        ch = (unsigned char)*p;  \
        goto s_##S;              \
    } while (0)

/* The scan (jb__skip_scan), instantiated once for every CPU and, on
 * x86-64, once for the avx2 and avx512 kernels (x86: their block classes
 * in line, the prefix XOR by prefix_xor_clmul). */
JB_INLINE bool scan(jb_reader *r, const jb_kernel *k, const bool x86) {
    const char *const start = r->p, *const end = r->end;
    const int utf8 = !(r->flags & JB_READ_ALLOW_INVALID_UTF8);
    const size_t span = (size_t)(end - start);
    const size_t room = r->max_depth > r->depth ? (size_t)(r->max_depth - r->depth) : 0;
    /* bit d % 64 of kinds[d / 64]: the container at depth d is an object.
     * Not zeroed (a fixed cost on every small container): a word is
     * written whole when its first level is pushed, and no bit is read
     * before its level was pushed. */
    uint64_t kinds[SKIP_BITS / 64];
    uint64_t ecarry = 0, scarry = 0, qcarry = 0, tok, limit;
    const char *first_hi = NULL, *pair = NULL, *blk = start, *p;
    size_t d = 0;
    unsigned i;
    unsigned char ch;
    int state = T_VALUE;
    bool obj = false;
    jb_blockclass c;
    uint64_t esc, odd;
    unsigned char tail[64];

    /* a container only (the contract: a scalar would leave the walk at
     * depth 0); and the limits the scan does not count: past them, the
     * exact skip */
    if (!span || (*start != '{' && *start != '[')) return false;
    if (span > r->max_string_len || span / 2 >= r->max_members) return false;
    goto classify;

next_block:
    /* every token of the block walked, the value not closed: its strings
     * checked, then the next block (none: the end of input inside the
     * value) */
    if (JB_UNLIKELY(odd) && !odd_ok(&c, esc, odd, blk, end, &pair, &first_hi)) return false;
    if (end - blk <= 64) return false;
    blk += 64;
classify : {
    uint64_t q, instr, scal;
    limit = ~(uint64_t)0;
    if (end - blk >= 64) {
        classify(k, x86, (const unsigned char *)blk, &c);
    } else {
        /* the last block (blk < end: a block that ends at end and does
         * not close the value returns above) */
        size_t n = (size_t)(end - blk);
        /* blk is never NULL: it starts at the value's first byte (r->p < end) */
        memcpy(tail, blk, n); /* NOLINT(clang-analyzer-core.NonNullParamChecker) */
        memset(tail + n, ' ', 64 - n);
        classify(k, x86, tail, &c);
        limit = ((uint64_t)1 << n) - 1; /* n < 64: the escape after a last '\\' is not there */
    }
    esc = escaped_bytes(c.bslash, &ecarry);
    q = c.quote & ~esc;
#if defined(JB_KERNEL_X86)
    instr = (x86 ? prefix_xor_clmul(q) : prefix_xor(q)) ^ qcarry;
#else
    instr = prefix_xor(q) ^ qcarry;
#endif
    qcarry = (uint64_t)0 - (instr >> 63);
    scal = ~instr & ~q & ~c.ws & ~c.op;
    tok = (c.op & ~instr) | (q & instr) | (scal & ~((scal << 1) | scarry));
    scarry = scal >> 63;
    /* what the block's strings hold, judged when the walk leaves the
     * block (up to the value's end when it ends here); most blocks hold
     * nothing of it */
    odd = (c.ctrl | esc | c.hi) & instr & limit;
}
    switch (state) {
    case T_VALUE: NEXT(VALUE);
    case T_AVALUE: NEXT(AVALUE);
    case T_KEY: NEXT(KEY);
    case T_OKEY: NEXT(OKEY);
    case T_COLON: NEXT(COLON);
    default: NEXT(NEXT);
    }

s_AVALUE:
    if (ch == ']') goto close;
s_VALUE: /* (s_AVALUE falls through to here) */
    switch (ch) {
    case '{':
    case '[': {
        uint64_t bit = (uint64_t)1 << (d % 64);
        if (d >= room || d >= SKIP_BITS) return false;
        obj = ch == '{';
        kinds[d / 64] = (d % 64 ? kinds[d / 64] & ~bit : 0) | (obj ? bit : 0);
        d++;
        if (obj) NEXT(OKEY);
        NEXT(AVALUE);
    }
    case '"': NEXT(NEXT);
    case 't':
        if (end - p < 5 || memcmp(p, "true", 4) != 0 || !delim_ok[(unsigned char)p[4]])
            return false;
        NEXT(NEXT);
    case 'f':
        if (end - p < 6 || memcmp(p, "false", 5) != 0 || !delim_ok[(unsigned char)p[5]])
            return false;
        NEXT(NEXT);
    case 'n':
        if (end - p < 5 || memcmp(p, "null", 4) != 0 || !delim_ok[(unsigned char)p[4]])
            return false;
        NEXT(NEXT);
    default: {
        /* a number (or not: jb__num_scan says 0); what follows it must be
         * a delimiter, and inside the container a closing bracket at the
         * latest comes after it */
        bool integ;
        size_t bad = 0, len;
        if (ch != '-' && ch - '0' >= 10) return false;
        len = jb__num_scan(p, end, &integ, &bad);
        if (!len || len > r->max_number_len || end - p == (ptrdiff_t)len ||
            !delim_ok[(unsigned char)p[len]])
            return false;
        NEXT(NEXT);
    }
    }
s_OKEY:
    if (ch == '}') goto close;
s_KEY: /* (s_OKEY falls through to here) */
    if (ch != '"') return false;
    NEXT(COLON);
s_COLON:
    if (ch != ':') return false;
    NEXT(VALUE);
s_NEXT:
    if (ch == ',') {
        if (obj) NEXT(KEY);
        NEXT(VALUE);
    }
    if (ch != (obj ? '}' : ']')) return false;
close:
    /* the container at depth d - 1 closes (its kind was checked) */
    if (--d != 0) {
        /* level d - 1 was pushed, so its word was written (the analyzer
         * does not follow the pushes) */
        /* NOLINTNEXTLINE(clang-analyzer-core.UndefinedBinaryOperatorResult) */
        obj = (kinds[(d - 1) / 64] >> ((d - 1) % 64)) & 1;
        NEXT(NEXT);
    }
    /* the value ends at p: its strings in this block up to there, then
     * the UTF-8 of its bytes from the first >= 0x80 */
    if (JB_UNLIKELY(odd) && !odd_ok(&c, esc, i == 63 ? odd : odd & (((uint64_t)2 << i) - 1), blk,
                                    end, &pair, &first_hi))
        return false;
    if (first_hi && utf8) {
        size_t n = (size_t)(p + 1 - first_hi);
        if (jb__utf8_valid_prefix((const unsigned char *)first_hi, n) != n) return false;
    }
    r->p = p + 1;
    return true;
}

#undef NEXT

#if defined(JB_KERNEL_X86)
/* flatten: the avx2 classes too, which gcc would leave a call */
TARGET_BITS __attribute__((flatten)) static JB_NOINLINE bool scan_bits(jb_reader *r,
                                                                       const jb_kernel *k) {
    return scan(r, k, true);
}
#endif

bool jb__skip_scan(jb_reader *r) {
    const jb_kernel *k = jb__kern();
#if defined(JB_KERNEL_X86)
    if (k == &jb__kernel_avx2 || k == &jb__kernel_avx512) return scan_bits(r, k);
#endif
    return scan(r, k, false);
}
