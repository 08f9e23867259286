/* SPDX-License-Identifier: MIT */
/*
 * pandoc-wordcount — a pandoc JSON filter in C that counts the words of
 * the body, as pandoc's own wordcount.lua example does: a Str with any
 * character that is not punctuation is a word; Code and CodeBlock count
 * their whitespace-separated words. Metadata is not counted.
 *
 *   pandoc --filter ./pandoc-wordcount doc.md -s -t markdown
 *
 * It prints "N words in body" to stderr and passes the document on with
 * a metadata field  wordcount: MetaString "N"  added (or replaced).
 * Run alone (not by pandoc) with --count, it prints just N to stdout.
 */
#include "pandoc_types.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

typedef struct { uint64_t words; } count_ctx;

static uint64_t count_ws_words(jb_str s) {
    uint64_t n = 0;
    bool in_word = false;
    size_t i;
    for (i = 0; i < s.len; i++) {
        bool space = s.ptr[i] == ' ' || s.ptr[i] == '\t' || s.ptr[i] == '\n' || s.ptr[i] == '\r' ||
                     s.ptr[i] == '\f' || s.ptr[i] == '\v';
        if (!space && !in_word) n++;
        in_word = !space;
    }
    return n;
}

/* Lua's %P: any byte that is not ASCII punctuation (non-ASCII counts). */
static bool has_non_punct(jb_str s) {
    size_t i;
    for (i = 0; i < s.len; i++) {
        unsigned char c = (unsigned char)s.ptr[i];
        if (c >= 0x80 || !ispunct(c)) return true;
    }
    return false;
}

static void on_inline(pd_inline *in, void *vctx) {
    count_ctx *ctx = vctx;
    if (in->t == PD_STR && has_non_punct(in->c.str)) ctx->words++;
    else if (in->t == PD_CODE) ctx->words += count_ws_words(in->c.code.text);
}

static void on_block(pd_block *b, void *vctx) {
    count_ctx *ctx = vctx;
    if (b->t == PD_CODE_BLOCK) ctx->words += count_ws_words(b->c.code.text);
}

/* Set meta[key] = MetaString value, keeping the keys sorted. */
static int meta_set_string(pd_meta *m, const char *key, const char *value, jb_arena *arena) {
    size_t klen = strlen(key), i, at = m->len;
    pd_meta_entry *items;
    for (i = 0; i < m->len; i++) {
        size_t n = m->items[i].key.len < klen ? m->items[i].key.len : klen;
        int c = memcmp(m->items[i].key.ptr, key, n);
        if (c == 0 && m->items[i].key.len == klen) {
            at = i;
            goto set;
        }
        if (c > 0 || (c == 0 && m->items[i].key.len > klen)) {
            at = i;
            break;
        }
    }
    items = jb_arena_alloc(arena, (m->len + 1) * sizeof *items, _Alignof(pd_meta_entry));
    if (!items) return 1;
    if (m->len) {
        memcpy(items, m->items, at * sizeof *items);
        memcpy(items + at + 1, m->items + at, (m->len - at) * sizeof *items);
    }
    m->items = items;
    m->len++;
    m->items[at].key.ptr = key;
    m->items[at].key.len = klen;
set:
    m->items[at].value.t = PD_META_STRING;
    m->items[at].value.c.string.ptr = value;
    m->items[at].value.c.string.len = strlen(value);
    return 0;
}

int main(int argc, char **argv) {
    const char *prog = "pandoc-wordcount";
    count_ctx ctx = {0};
    pd_walker w = {on_inline, on_block, &ctx};
    bool count_only = argc > 1 && strcmp(argv[1], "--count") == 0;
    static char number[32];
    pd_pandoc doc;
    jb_arena *arena = jb_arena_new();
    int rc;
    if (!arena) return 1;
    rc = pd_load(prog, NULL, false, &doc, arena);
    if (rc == 0) {
        pd_walk_blocks(&doc.blocks, &w);
        snprintf(number, sizeof number, "%llu", (unsigned long long)ctx.words);
        if (count_only) {
            printf("%s\n", number);
        } else {
            fprintf(stderr, "%s words in body\n", number);
            if (meta_set_string(&doc.meta, "wordcount", number, arena)) {
                fprintf(stderr, "%s: out of memory\n", prog);
                rc = 1;
            } else {
                rc = pd_write(prog, &doc, stdout);
            }
        }
    }
    jb_arena_free(arena);
    return rc;
}
