/* SPDX-License-Identifier: MIT */
/*
 * gen_load.c — schema documents for `jbind gen`: load, index every "$id"
 * (draft 04: "id"), "$anchor" and "$dynamicAnchor", resolve "$ref".
 *
 * A reference is a URI reference against the base URI where it stands
 * (RFC 3986 section 5.2, the subset schemas use: absolute URIs, a path
 * relative to the base's directory with ./ and ../, a fragment alone).
 * Its fragment is a JSON Pointer ("#/definitions/Info", percent-escapes
 * and ~0 ~1 undone) or an anchor name. A document without "$id" has the
 * base file://<path>; a URI that matches no resource is looked up by its
 * last path segment among the documents given (a schema split over files
 * that name each other by relative ids, such as HAR's "log.json#").
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gen.h"

static bool has_scheme(const char *s) {
    const char *p = s;
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z'))) return false;
    while ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
           *p == '+' || *p == '-' || *p == '.')
        p++;
    return *p == ':';
}

/* s without its fragment, in the arena. */
static const char *strip_fragment(gen *g, const char *s) {
    const char *h = strchr(s, '#');
    return h ? gen_fmt(g, "%.*s", (int)(h - s), s) : s;
}

/* Remove "." and ".." segments from a path (in place). */
static void remove_dots(char *path) {
    char *out = path, *in = path;
    while (*in) {
        if (strncmp(in, "./", 2) == 0) {
            in += 2;
        } else if (strncmp(in, "../", 3) == 0) {
            in += 3;
            if (out > path) { /* drop the last segment written */
                out--;
                while (out > path && out[-1] != '/') out--;
            }
        } else {
            while (*in && *in != '/') *out++ = *in++;
            if (*in == '/') *out++ = *in++;
        }
    }
    *out = 0;
}

/* ref resolved against base (both without regard to fragments of base). */
static const char *uri_resolve(gen *g, const char *base, const char *ref) {
    if (has_scheme(ref)) return ref;
    const char *b = strip_fragment(g, base ? base : "");
    if (ref[0] == '#' || ref[0] == 0) return gen_fmt(g, "%s%s", b, ref);
    const char *colon = strchr(b, ':');
    if (ref[0] == '/' && ref[1] == '/')
        return gen_fmt(g, "%.*s%s", colon ? (int)(colon - b + 1) : 0, b, ref);
    if (ref[0] == '/') {
        /* scheme://authority + ref */
        const char *auth =
            colon && colon[1] == '/' && colon[2] == '/' ? strchr(colon + 3, '/') : NULL;
        size_t keep = auth ? (size_t)(auth - b) : colon ? (size_t)(colon - b + 1) : 0;
        return gen_fmt(g, "%.*s%s", (int)keep, b, ref);
    }
    const char *slash = strrchr(b, '/');
    size_t dir = slash ? (size_t)(slash - b + 1) : 0;
    const char *joined = gen_fmt(g, "%.*s%s", (int)dir, b, ref);
    /* dots only in the path part (after scheme://authority) */
    const char *start = joined;
    const char *c = strchr(joined, ':');
    if (c && c[1] == '/' && c[2] == '/') {
        const char *a = strchr(c + 3, '/');
        start = a ? a : joined + strlen(joined);
    }
    char *mutable_copy = (char *)start;
    remove_dots(mutable_copy);
    return joined;
}

static void index_add(gen *g, const char *uri, const jb_value *node, gdoc *d) {
    for (size_t i = 0; i < g->nres; i++)
        if (strcmp(g->res[i].uri, uri) == 0) return; /* the first one wins */
    if (g->nres == g->capres) {
        g->capres = g->capres ? 2 * g->capres : 64;
        g->res = realloc(g->res, g->capres * sizeof *g->res);
        if (!g->res) abort();
    }
    g->res[g->nres++] = (gres){uri, node, d};
}

static const char *str_member(const jb_value *node, const char *key) {
    jb_str s;
    if (jb_value_get_str(jb_value_object_get(node, key, strlen(key)), &s)) return NULL;
    return s.ptr;
}

const char *gen_base_of(gen *g, const jb_value *node, const char *base, int draft) {
    const char *id = str_member(node, draft <= 4 ? "id" : "$id");
    if (!id || id[0] == '#') return base; /* "#foo" in draft 04-07 is an anchor, not a base */
    return strip_fragment(g, uri_resolve(g, base, id));
}

/* Keywords whose values are data, not schemas. */
static bool data_keyword(const char *k, size_t n) {
    static const char *const data[] = {"enum", "const", "default", "examples", "example", NULL};
    for (size_t i = 0; data[i]; i++)
        if (strlen(data[i]) == n && memcmp(data[i], k, n) == 0) return true;
    return false;
}

static void index_node(gen *g, gdoc *d, const jb_value *node, const char *base, int depth) {
    if (depth > 200) return;
    if (jb_value_is_array(node)) {
        for (size_t i = 0, n = jb_value_array_len(node); i < n; i++)
            index_node(g, d, jb_value_array_get(node, i), base, depth + 1);
        return;
    }
    if (!jb_value_is_object(node)) return;
    base = gen_base_of(g, node, base, d->draft);
    index_add(g, base, node, d);
    const char *id = str_member(node, d->draft <= 4 ? "id" : "$id");
    if (id && id[0] == '#' && id[1]) index_add(g, gen_fmt(g, "%s%s", base, id), node, d);
    const char *anchor = str_member(node, "$anchor");
    if (anchor) index_add(g, gen_fmt(g, "%s#%s", base, anchor), node, d);
    anchor = str_member(node, "$dynamicAnchor");
    if (anchor) index_add(g, gen_fmt(g, "%s#%s", base, anchor), node, d);
    for (size_t i = 0, n = jb_value_object_len(node); i < n; i++) {
        jb_str k;
        const jb_value *v = jb_value_object_at(node, i, &k);
        if (!data_keyword(k.ptr, k.len)) index_node(g, d, v, base, depth + 1);
    }
}

int gen_draft(const gdoc *d) { return d->draft; }

static int draft_of(const jb_value *root) {
    const char *s = str_member(root, "$schema");
    if (!s) return 2020;
    if (strstr(s, "draft-04") || strstr(s, "draft-03")) return 4;
    if (strstr(s, "draft-06")) return 6;
    if (strstr(s, "draft-07")) return 7;
    if (strstr(s, "2019-09")) return 2019;
    return 2020;
}

bool gen_load(gen *g, const char *path) {
    jb_value *root = NULL;
    jb_error e;
    jb_status st = jb_value_parse_path(path, &root, g->arena, NULL, &e);
    if (st == JB_E_IO) {
        g->error = gen_fmt(g, "%s: cannot read it", path);
        return false;
    }
    if (st) {
        g->error = gen_fmt(g, "%s:%zu:%zu: %s", path, e.line, e.column, e.message);
        return false;
    }
    if (g->ndocs == GEN_MAX_DOCS) {
        g->error = gen_fmt(g, "%s: more than %d schema documents", path, GEN_MAX_DOCS);
        return false;
    }
    gdoc *d = &g->docs[g->ndocs++];
    d->path = path;
    d->root = root;
    d->draft = draft_of(root);
    char *abs = realpath(path, NULL);
    const char *fileuri = gen_fmt(g, "file://%s", abs ? abs : path);
    free(abs);
    d->uri = gen_base_of(g, root, fileuri, d->draft);
    index_add(g, fileuri, root, d);
    /* the documents are indexed once all are loaded (gen_resolve does it
     * lazily): a later document's $id may be what an earlier one names */
    return true;
}

static void index_all(gen *g) {
    for (; g->nindexed < g->ndocs; g->nindexed++) {
        gdoc *d = &g->docs[g->nindexed];
        index_node(g, d, d->root, d->uri, 0);
    }
}

/* One step of a JSON Pointer fragment, with %XX and ~0 ~1 undone. */
static size_t pointer_token(const char *p, char *out, size_t cap) {
    size_t n = 0;
    while (*p && *p != '/' && n + 1 < cap) {
        char c = *p++;
        if (c == '%' && p[0] && p[1]) {
            char hex[3] = {p[0], p[1], 0};
            c = (char)strtol(hex, NULL, 16);
            p += 2;
        }
        if (c == '~' && (*p == '0' || *p == '1')) {
            c = *p == '0' ? '~' : '/';
            p++;
        }
        out[n++] = c;
    }
    out[n] = 0;
    return n;
}

static const jb_value *follow_pointer(const jb_value *node, const char *frag) {
    const char *p = frag;
    while (node && *p == '/') {
        p++;
        char tok[512];
        pointer_token(p, tok, sizeof tok);
        /* the raw token's length in the fragment */
        const char *e = strchr(p, '/');
        p = e ? e : p + strlen(p);
        if (jb_value_is_array(node)) {
            char *end;
            long i = strtol(tok, &end, 10);
            node = *end || i < 0 ? NULL : jb_value_array_get(node, (size_t)i);
        } else {
            node = jb_value_object_get(node, tok, strlen(tok));
        }
    }
    return node;
}

static const gres *find_res(gen *g, const char *uri) {
    for (size_t i = 0; i < g->nres; i++)
        if (strcmp(g->res[i].uri, uri) == 0) return &g->res[i];
    /* by the last path segment: "log.json" for ".../lib/log.json" */
    const char *seg = strrchr(uri, '/');
    seg = seg ? seg + 1 : uri;
    if (!*seg) return NULL;
    for (size_t i = 0; i < g->ndocs; i++) {
        const char *p = strrchr(g->docs[i].path, '/');
        p = p ? p + 1 : g->docs[i].path;
        if (strcmp(p, seg) == 0) return find_res(g, g->docs[i].uri);
    }
    return NULL;
}

const jb_value *gen_resolve(gen *g, const char *base, const char *ref, const char **base_out,
                            const char **where_out, gdoc **doc_out) {
    index_all(g);
    const char *abs = uri_resolve(g, base, ref);
    const char *hash = strchr(abs, '#');
    const char *frag = hash ? hash + 1 : "";
    const char *res_uri = hash ? gen_fmt(g, "%.*s", (int)(hash - abs), abs) : abs;
    const gres *r = NULL;
    const jb_value *node = NULL;
    if (*frag && *frag != '/') { /* an anchor */
        r = find_res(g, abs);
        node = r ? r->node : NULL;
    } else {
        r = find_res(g, res_uri);
        node = r ? follow_pointer(r->node, frag) : NULL;
    }
    if (!node) return NULL;
    if (base_out) *base_out = res_uri;
    if (doc_out) *doc_out = r->doc;
    if (where_out) {
        const char *p = strrchr(r->doc->path, '/');
        *where_out = gen_fmt(g, "%s#%s", p ? p + 1 : r->doc->path, frag);
    }
    return node;
}
