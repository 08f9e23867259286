/* SPDX-License-Identifier: MIT */
/*
 * pandoc-upper — a pandoc JSON filter in C: upper-cases the text of every
 * Str, in the body and in the metadata, through the typed AST.
 *
 *   pandoc --filter ./pandoc-upper doc.md -t plain
 *
 * pandoc runs a filter with the target format as its argument and the
 * document's JSON on stdin; the filter writes the changed JSON to stdout.
 * Case mapping is towupper() under a UTF-8 locale (so é -> É), one code
 * point to one code point; without such a locale, ASCII only.
 */
#include "pandoc_types.h"

#include <locale.h>
#include <string.h>
#include <wctype.h>

/* Decode one UTF-8 sequence (input is valid: jbind validated it). */
static size_t utf8_get(const unsigned char *s, size_t n, uint32_t *cp) {
    if (s[0] < 0x80 || n < 2) { *cp = s[0]; return 1; }
    if (s[0] < 0xE0) { *cp = ((uint32_t)(s[0] & 0x1F) << 6) | (s[1] & 0x3F); return 2; }
    if (s[0] < 0xF0 || n < 4) {
        if (n < 3) { *cp = s[0]; return 1; }
        *cp = ((uint32_t)(s[0] & 0x0F) << 12) | ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
        return 3;
    }
    *cp = ((uint32_t)(s[0] & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) |
          ((uint32_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
    return 4;
}

static size_t utf8_put(unsigned char *q, uint32_t cp) {
    if (cp < 0x80) { q[0] = (unsigned char)cp; return 1; }
    if (cp < 0x800) {
        q[0] = (unsigned char)(0xC0 | (cp >> 6));
        q[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        q[0] = (unsigned char)(0xE0 | (cp >> 12));
        q[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        q[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    q[0] = (unsigned char)(0xF0 | (cp >> 18));
    q[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
    q[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
    q[3] = (unsigned char)(0x80 | (cp & 0x3F));
    return 4;
}

typedef struct {
    jb_arena *arena;
    bool wide; /* a UTF-8 locale: towupper knows the non-ASCII letters */
    bool failed;
} upper_ctx;

static void upper_str(pd_inline *in, void *vctx) {
    upper_ctx *ctx = vctx;
    const unsigned char *s;
    unsigned char *out;
    size_t i = 0, n, k = 0;
    if (in->t != PD_STR) return;
    s = (const unsigned char *)in->c.str.ptr;
    n = in->c.str.len;
    /* An upper-case letter takes at most 4 bytes; so does any input character. */
    out = jb_arena_alloc(ctx->arena, 4 * n + 1, 1);
    if (!out) {
        ctx->failed = true;
        return;
    }
    while (i < n) {
        uint32_t cp;
        i += utf8_get(s + i, n - i, &cp);
        if (cp < 0x80) cp = (cp >= 'a' && cp <= 'z') ? cp - 32 : cp;
        else if (ctx->wide) {
            wint_t u = towupper((wint_t)cp);
            if ((uint32_t)u <= 0x10FFFF && !((uint32_t)u >= 0xD800 && (uint32_t)u <= 0xDFFF))
                cp = (uint32_t)u;
        }
        k += utf8_put(out + k, cp);
    }
    out[k] = 0;
    in->c.str.ptr = (const char *)out;
    in->c.str.len = k;
}

int main(int argc, char **argv) {
    const char *prog = "pandoc-upper";
    upper_ctx ctx = {0};
    pd_walker w = {upper_str, NULL, &ctx};
    pd_pandoc doc;
    int rc;
    /* argv[1] is the target format when pandoc runs us; we ignore it. */
    (void)argc;
    (void)argv;
    ctx.wide = setlocale(LC_CTYPE, "C.UTF-8") != NULL || setlocale(LC_CTYPE, "en_US.UTF-8") != NULL;
    ctx.arena = jb_arena_new();
    if (!ctx.arena) return 1;
    rc = pd_load(prog, NULL, false, &doc, ctx.arena);
    if (rc == 0) {
        pd_walk_pandoc(&doc, &w);
        if (ctx.failed) {
            fprintf(stderr, "%s: out of memory\n", prog);
            rc = 1;
        } else {
            rc = pd_write(prog, &doc, stdout);
        }
    }
    jb_arena_free(ctx.arena);
    return rc;
}
