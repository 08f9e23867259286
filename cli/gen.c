/* SPDX-License-Identifier: MIT */
/*
 * gen.c — `jbind gen`: C types and jbind descriptors from a JSON Schema
 * (gen.h has the stages; docs/schema.md the mapping).
 *
 *   jbind gen [--prefix P] [--name NAME] [--out BASE] [--quiet] SCHEMA [MORE...]
 *
 * Writes BASE.h (the types) and BASE.c (the descriptors); BASE defaults
 * to SCHEMA's file name without its extension, in the current directory.
 * MORE are other schema documents that SCHEMA's "$ref"s may name. Every
 * keyword the generated types do not enforce is reported on stderr with
 * where it stands, then a summary: how many properties got a concrete C
 * type (not a jb_value).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gen.h"

static const char *stem(gen *g, const char *path) {
    const char *p = strrchr(path, '/');
    p = p ? p + 1 : path;
    size_t n = strcspn(p, ".");
    return gen_fmt(g, "%.*s", (int)(n ? n : strlen(p)), p);
}

/* The prefix of C names: [a-z0-9_] ending in '_'. */
static const char *make_prefix(gen *g, const char *text) {
    size_t n = strlen(text);
    char *s = jb_arena_alloc(g->arena, n + 3, 1);
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        char c = text[i];
        if (c >= 'A' && c <= 'Z') c = (char)(c - 'A' + 'a');
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            s[o++] = c;
        else if (o && s[o - 1] != '_')
            s[o++] = '_';
    }
    if (o == 0 || (s[0] >= '0' && s[0] <= '9')) {
        memmove(s + 1, s, o);
        s[0] = 's';
        o++;
    }
    if (s[o - 1] != '_') s[o++] = '_';
    s[o] = 0;
    return s;
}

static void summary(gen *g) {
    size_t ntypes = 0;
    for (gtype *t = g->types; t; t = t->next)
        ntypes +=
            t->kind == G_RECORD || t->kind == G_SUM || t->kind == G_TUPLE || t->kind == G_ENUM;
    double pct = g->nprops ? 100.0 * (double)g->nconcrete / (double)g->nprops : 100.0;
    fprintf(stderr,
            "jbind gen: %s: %zu types; %zu of %zu properties (%.1f%%) have a concrete C type\n",
            g->docs[0].path, ntypes, g->nconcrete, g->nprops, pct);
    /* keywords not enforced, by count */
    const char *kw[256];
    size_t count[256], nk = 0;
    for (size_t i = 0; i < g->nnotes; i++) {
        size_t k = 0;
        while (k < nk && strcmp(kw[k], g->notes[i].keyword) != 0) k++;
        if (k == nk && nk < 256) {
            kw[nk] = g->notes[i].keyword;
            count[nk++] = 0;
        }
        if (k < 256) count[k]++;
    }
    if (nk) {
        fprintf(stderr, "jbind gen: not enforced by the C types:");
        for (size_t k = 0; k < nk; k++) fprintf(stderr, " %s (%zu)", kw[k], count[k]);
        fputc('\n', stderr);
    }
}

static int run(int argc, char **argv) {
    const char *prefix = NULL, *name = NULL, *out = NULL;
    bool quiet = false, numbers_text = false;
    const char *files[GEN_MAX_DOCS];
    int nfiles = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has_next = i + 1 < argc;
        if (strcmp(a, "--prefix") == 0 && has_next)
            prefix = argv[++i];
        else if (strcmp(a, "--name") == 0 && has_next)
            name = argv[++i];
        else if (strcmp(a, "--out") == 0 && has_next)
            out = argv[++i];
        else if (strcmp(a, "--quiet") == 0)
            quiet = true;
        else if (strcmp(a, "--numbers") == 0 && has_next && !strcmp(argv[i + 1], "text"))
            numbers_text = true, i++;
        else if (strcmp(a, "--numbers") == 0 && has_next && !strcmp(argv[i + 1], "double"))
            numbers_text = false, i++;
        else if (a[0] == '-' && a[1])
            return cli_usage_error("gen: unknown option or missing value '%s'", a);
        else if (nfiles < GEN_MAX_DOCS)
            files[nfiles++] = a;
        else
            return cli_usage_error("gen: too many schema files%s", "");
    }
    if (nfiles == 0) return cli_usage_error("gen needs a SCHEMA file%s", "");
    gen g;
    memset(&g, 0, sizeof g);
    g.arena = jb_arena_new();
    g.numbers_text = numbers_text;
    if (!g.arena) return EXIT_TROUBLE;
    int rc = 0;
    for (int i = 0; i < nfiles && rc == 0; i++)
        if (!gen_load(&g, files[i])) rc = EXIT_INVALID;
    if (rc == 0) {
        const char *base = out ? out : stem(&g, files[0]);
        g.prefix = make_prefix(&g, prefix ? prefix : stem(&g, files[0]));
        const jb_value *title = jb_value_object_get(g.docs[0].root, "title", 5);
        jb_str ts;
        const char *root = name                                           ? name
                           : (title && jb_value_get_str(title, &ts) == 0) ? ts.ptr
                                                                          : stem(&g, files[0]);
        if (!gen_build(&g, root)) rc = EXIT_INVALID;
        const char *hpath = gen_fmt(&g, "%s.h", base), *cpath = gen_fmt(&g, "%s.c", base);
        const char *hname = strrchr(hpath, '/') ? strrchr(hpath, '/') + 1 : hpath;
        FILE *h = rc ? NULL : fopen(hpath, "w"), *c = rc ? NULL : fopen(cpath, "w");
        if (rc == 0 && (!h || !c)) {
            fprintf(stderr, "jbind gen: cannot write %s / %s\n", hpath, cpath);
            rc = EXIT_TROUBLE;
        }
        if (rc == 0) {
            const char *guard = gen_ident(&g, hname, true); /* "order.h" -> ORDER_H */
            if (!gen_emit(&g, h, c, hname, guard, cpath)) rc = EXIT_TROUBLE;
        }
        if (h && fclose(h)) rc = EXIT_TROUBLE;
        if (c && fclose(c)) rc = EXIT_TROUBLE;
        if (!quiet)
            for (size_t i = 0; i < g.nnotes; i++)
                fprintf(stderr, "jbind gen: %s: %s: %s\n", g.notes[i].where, g.notes[i].keyword,
                        g.notes[i].why);
        if (rc == 0) summary(&g);
    }
    if (g.error) fprintf(stderr, "jbind gen: %s\n", g.error);
    free(g.res);
    free(g.memo);
    free(g.names);
    free(g.notes);
    free(g.sums);
    for (gtype *t = g.types; t; t = t->next) free(t->cases);
    for (gtype *t = g.types; t; t = t->next) free(t->fields);
    jb_arena_free(g.arena);
    return rc;
}

const cli_command cli_gen = {
    "gen",
    "gen [--prefix P] [--name NAME] [--out BASE] [--numbers double|text] [--quiet] SCHEMA "
    "[MORE...]",
    "  gen SCHEMA          C types (BASE.h) and their jbind descriptors (BASE.c) from a\n"
    "                      JSON Schema (drafts 04, 07, 2020-12); MORE: documents its\n"
    "                      $refs name; reports every keyword the types do not enforce\n",
    run};
