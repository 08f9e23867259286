/* SPDX-License-Identifier: MIT */
/*
 * pandoc_util.c — what a pandoc tool needs beside the descriptors of
 * pandoc_types.c: decode/encode in pandoc's exact form (normalization,
 * aeson's string escapes), a walker over the AST, and the tools' I/O.
 */
#include "pandoc_types.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

jb_status pd_decode(const char *json, size_t len, pd_pandoc *out, jb_arena *arena, jb_error *err) {
    return jb_decode(&pd_pandoc_type, json, len, out, arena, &pd_read_options, err);
}

static void set_error(jb_error *err, jb_status code, const char *path, const char *msg) {
    if (!err) return;
    memset(err, 0, sizeof *err);
    err->code = code;
    snprintf(err->path, sizeof err->path, "%s", path);
    snprintf(err->message, sizeof err->message, "%s", msg);
}

static int key_cmp(const void *a, const void *b) {
    const jb_str *x = &((const pd_meta_entry *)a)->key, *y = &((const pd_meta_entry *)b)->key;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = n ? memcmp(x->ptr, y->ptr, n) : 0;
    if (c) return c;
    return (x->len > y->len) - (x->len < y->len);
}

static void sort_meta(pd_meta *m);

static void sort_meta_value(pd_meta_value *v) {
    size_t i;
    if (v->t == PD_META_MAP) sort_meta(&v->c.map);
    else if (v->t == PD_META_LIST)
        for (i = 0; i < v->c.list.len; i++) sort_meta_value(&v->c.list.items[i]);
}

static void sort_meta(pd_meta *m) {
    size_t i;
    /* Keys are unique (a duplicate key is a decode error), so the order is total. */
    if (m->len > 1) qsort(m->items, m->len, sizeof *m->items, key_cmp);
    for (i = 0; i < m->len; i++) sort_meta_value(&m->items[i].value);
}

jb_status pd_normalize(pd_pandoc *doc, jb_arena *arena, jb_error *err) {
    int64_t *v;
    if (doc->api_version.len < 2 || doc->api_version.items[0] != PD_API_MAJOR ||
        doc->api_version.items[1] != PD_API_MINOR) {
        char msg[160];
        size_t i;
        int n = snprintf(msg, sizeof msg, "incompatible API version [");
        for (i = 0; i < doc->api_version.len && n > 0 && (size_t)n < sizeof msg - 24; i++)
            n += snprintf(msg + n, sizeof msg - (size_t)n, "%s%lld", i ? "," : "",
                          (long long)doc->api_version.items[i]);
        snprintf(msg + n, sizeof msg - (size_t)n, "], expected [%d,%d,...]", PD_API_MAJOR,
                 PD_API_MINOR);
        set_error(err, JB_E_VALUE, "$[\"pandoc-api-version\"]", msg);
        return JB_E_VALUE;
    }
    v = jb_arena_alloc(arena, 4 * sizeof *v, _Alignof(int64_t));
    if (!v) {
        set_error(err, JB_E_NOMEM, "$", "out of memory");
        return JB_E_NOMEM;
    }
    v[0] = PD_API_MAJOR;
    v[1] = PD_API_MINOR;
    v[2] = PD_API_REV1;
    v[3] = PD_API_REV2;
    doc->api_version.items = v;
    doc->api_version.len = 4;
    sort_meta(&doc->meta);
    return JB_OK;
}

static size_t count_bf_escapes(const char *p, const char *end) {
    size_t n = 0;
    /* Every backslash in jbind's output starts an escape: \X or \uXXXX. */
    while (p < end && (p = memchr(p, '\\', (size_t)(end - p))) != NULL) {
        if (p[1] == 'b' || p[1] == 'f') n++;
        p += 2;
    }
    return n;
}

jb_status pd_aeson_escapes(jb_buf *buf, size_t from, size_t *rewrites) {
    size_t n = count_bf_escapes(buf->data + from, buf->data + buf->len), tail;
    const char *src, *end;
    char *dst;
    jb_status st;
    if (rewrites) *rewrites = n;
    if (!n) return JB_OK;
    if ((st = jb_buf_reserve(buf, 4 * n)) != JB_OK) return st;
    /* Move the text up by 4n bytes, then copy it down, expanding as we go:
     * the writer never catches up with the reader. */
    tail = buf->len - from;
    memmove(buf->data + from + 4 * n, buf->data + from, tail);
    src = buf->data + from + 4 * n;
    end = src + tail;
    dst = buf->data + from;
    while (src < end) {
        const char *bs = memchr(src, '\\', (size_t)(end - src));
        size_t run = bs ? (size_t)(bs - src) : (size_t)(end - src);
        memmove(dst, src, run);
        dst += run;
        src += run;
        if (!bs) break;
        if (src[1] == 'b' || src[1] == 'f') {
            memcpy(dst, src[1] == 'b' ? "\\u0008" : "\\u000c", 6);
            dst += 6;
        } else {
            dst[0] = src[0];
            dst[1] = src[1];
            dst += 2;
        }
        src += 2;
    }
    buf->len += 4 * n;
    return JB_OK;
}

jb_status pd_encode(const pd_pandoc *doc, jb_buf *buf, jb_error *err) {
    size_t start = buf->len;
    jb_status st = jb_encode(&pd_pandoc_type, doc, buf, &pd_write_options, err);
    if (st) return st;
    if ((st = pd_aeson_escapes(buf, start, NULL)) != JB_OK) {
        buf->len = start;
        set_error(err, st, "$", "out of memory");
    }
    return st;
}

/* ---- walking ---------------------------------------------------------------- */

static void walk_block_lists(pd_block_lists *l, const pd_walker *w) {
    size_t i;
    for (i = 0; i < l->len; i++) pd_walk_blocks(&l->items[i], w);
}

static void walk_attr(pd_attr *a, const pd_walker *w) {
    (void)a;
    (void)w;
}

static void walk_rows(pd_rows *rows, const pd_walker *w) {
    size_t i, j;
    for (i = 0; i < rows->len; i++)
        for (j = 0; j < rows->items[i].cells.len; j++)
            pd_walk_blocks(&rows->items[i].cells.items[j].content, w);
}

static void walk_table(pd_table *t, const pd_walker *w) {
    size_t i;
    walk_attr(&t->attr, w);
    if (t->caption.short_caption) pd_walk_inlines(t->caption.short_caption, w);
    pd_walk_blocks(&t->caption.content, w);
    walk_rows(&t->head.rows, w);
    for (i = 0; i < t->bodies.len; i++) {
        walk_rows(&t->bodies.items[i].head, w);
        walk_rows(&t->bodies.items[i].body, w);
    }
    walk_rows(&t->foot.rows, w);
}

void pd_walk_inlines(pd_inlines *is, const pd_walker *w) {
    size_t i, j;
    for (i = 0; i < is->len; i++) {
        pd_inline *in = &is->items[i];
        if (w->on_inline) w->on_inline(in, w->ctx);
        switch (in->t) {
        case PD_EMPH: case PD_UNDERLINE: case PD_STRONG: case PD_STRIKEOUT:
        case PD_SUPERSCRIPT: case PD_SUBSCRIPT: case PD_SMALL_CAPS:
            pd_walk_inlines(&in->c.inlines, w);
            break;
        case PD_QUOTED: pd_walk_inlines(&in->c.quoted.content, w); break;
        case PD_CITE:
            for (j = 0; j < in->c.cite.citations.len; j++) {
                pd_walk_inlines(&in->c.cite.citations.items[j].prefix, w);
                pd_walk_inlines(&in->c.cite.citations.items[j].suffix, w);
            }
            pd_walk_inlines(&in->c.cite.content, w);
            break;
        case PD_LINK: case PD_IMAGE: pd_walk_inlines(&in->c.link.content, w); break;
        case PD_NOTE: pd_walk_blocks(&in->c.note, w); break;
        case PD_SPAN: pd_walk_inlines(&in->c.span.content, w); break;
        case PD_STR: case PD_CODE: case PD_SPACE: case PD_SOFT_BREAK: case PD_LINE_BREAK:
        case PD_MATH: case PD_RAW_INLINE:
            break;
        }
    }
}

void pd_walk_blocks(pd_blocks *bs, const pd_walker *w) {
    size_t i, j;
    for (i = 0; i < bs->len; i++) {
        pd_block *b = &bs->items[i];
        if (w->on_block) w->on_block(b, w->ctx);
        switch (b->t) {
        case PD_PLAIN: case PD_PARA: pd_walk_inlines(&b->c.inlines, w); break;
        case PD_LINE_BLOCK:
            for (j = 0; j < b->c.lines.len; j++) pd_walk_inlines(&b->c.lines.items[j], w);
            break;
        case PD_BLOCK_QUOTE: pd_walk_blocks(&b->c.blocks, w); break;
        case PD_ORDERED_LIST: walk_block_lists(&b->c.ordered.items, w); break;
        case PD_BULLET_LIST: walk_block_lists(&b->c.items, w); break;
        case PD_DEFINITION_LIST:
            for (j = 0; j < b->c.definitions.len; j++) {
                pd_walk_inlines(&b->c.definitions.items[j].term, w);
                walk_block_lists(&b->c.definitions.items[j].defs, w);
            }
            break;
        case PD_HEADER: pd_walk_inlines(&b->c.header.content, w); break;
        case PD_TABLE: if (b->c.table) walk_table(b->c.table, w); break;
        case PD_DIV: pd_walk_blocks(&b->c.div.content, w); break;
        case PD_CODE_BLOCK: case PD_RAW_BLOCK: case PD_HORIZONTAL_RULE: case PD_NULL:
            break;
        }
    }
}

static void walk_meta_value(pd_meta_value *v, const pd_walker *w) {
    size_t i;
    switch (v->t) {
    case PD_META_MAP:
        for (i = 0; i < v->c.map.len; i++) walk_meta_value(&v->c.map.items[i].value, w);
        break;
    case PD_META_LIST:
        for (i = 0; i < v->c.list.len; i++) walk_meta_value(&v->c.list.items[i], w);
        break;
    case PD_META_INLINES: pd_walk_inlines(&v->c.inlines, w); break;
    case PD_META_BLOCKS: pd_walk_blocks(&v->c.blocks, w); break;
    case PD_META_BOOL: case PD_META_STRING: break;
    }
}

void pd_walk_pandoc(pd_pandoc *doc, const pd_walker *w) {
    size_t i;
    for (i = 0; i < doc->meta.len; i++) walk_meta_value(&doc->meta.items[i].value, w);
    pd_walk_blocks(&doc->blocks, w);
}

char *pd_read_all(const char *path, size_t *len) {
    FILE *f = (!path || strcmp(path, "-") == 0) ? stdin : fopen(path, "rb");
    char *data = NULL, *grown;
    size_t cap = 0, n = 0, got;
    if (!f) return NULL;
    for (;;) {
        if (cap - n < 65536) {
            cap = cap ? cap * 2 : 1 << 20;
            grown = realloc(data, cap);
            if (!grown) {
                free(data);
                data = NULL;
                errno = ENOMEM;
                break;
            }
            data = grown;
        }
        got = fread(data + n, 1, cap - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                free(data);
                data = NULL;
            }
            break;
        }
    }
    if (f != stdin) fclose(f);
    if (data) *len = n;
    return data;
}

/* ---- tools -------------------------------------------------------------------- */

int pd_load(const char *prog, const char *path, bool normalize, pd_pandoc *doc, jb_arena *arena) {
    const char *source = (!path || strcmp(path, "-") == 0) ? "<stdin>" : path;
    size_t len = 0;
    jb_error err;
    jb_status st;
    char *data = pd_read_all(path, &len);
    if (!data) {
        fprintf(stderr, "%s: %s: %s\n", prog, source, strerror(errno));
        return 1;
    }
    st = pd_decode(data, len, doc, arena, &err);
    free(data);
    if (st == JB_OK && normalize) st = pd_normalize(doc, arena, &err);
    if (st != JB_OK) {
        if (err.line)
            fprintf(stderr, "%s: %s:%zu:%zu: %s at %s: %s\n", prog, source, err.line, err.column,
                    jb_status_name(err.code), err.path, err.message);
        else
            fprintf(stderr, "%s: %s: %s at %s: %s\n", prog, source, jb_status_name(err.code),
                    err.path, err.message);
        return 1;
    }
    return 0;
}

int pd_write(const char *prog, const pd_pandoc *doc, FILE *f) {
    jb_buf buf = JB_BUF_INIT;
    jb_error err;
    jb_status st = pd_encode(doc, &buf, &err);
    int rc = 0;
    if (st != JB_OK) {
        fprintf(stderr, "%s: encoding failed: %s at %s: %s\n", prog, jb_status_name(err.code),
                err.path, err.message);
        rc = 1;
    } else if (fwrite(buf.data, 1, buf.len, f) != buf.len || fputc('\n', f) == EOF ||
               fflush(f) != 0) {
        fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
        rc = 1;
    }
    jb_buf_free(&buf);
    return rc;
}
