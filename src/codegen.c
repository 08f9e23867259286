/* SPDX-License-Identifier: MIT */
/*
 * codegen.c — the code generator's driver: which functions a generated
 * file holds (nodes), its type table, the whole text in a stable order, the
 * fingerprint that ties it to the plans it came from, and attaching a
 * generated unit to the running program's descriptors.
 *
 * The text is a function of the plans, the roots' symbols, the prefix and
 * the library version only (no addresses, no hash-table order), so the
 * same input gives the same bytes. The fingerprint is a hash of that text
 * up to the unit definition: jb_gen_attach writes the text again from the
 * running program's descriptors and compares, so any change of a name, an
 * offset, a size or an option that the code depends on, or of the library,
 * refuses the stale file.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "codegen.h"
#include "error.h"

/* ------------------------------------------------------------------ */
/* Text                                                                */
/* ------------------------------------------------------------------ */

void jb__cg_put(cg *g, jb_buf *b, const char *fmt, ...) {
    char small[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0 || g->oom) return;
    if (jb_buf_reserve(b, (size_t)n + 1)) {
        g->oom = true;
        return;
    }
    if ((size_t)n < sizeof small) {
        memcpy(b->data + b->len, small, (size_t)n);
    } else {
        va_start(ap, fmt);
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)n;
}

void jb__cg_lit(cg *g, jb_buf *b, const char *s, size_t n) {
    jb__cg_put(g, b, "\"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') jb__cg_put(g, b, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f || c == '?') jb__cg_put(g, b, "\\%03o", c); /* '?': no trigraphs */
        else jb__cg_put(g, b, "%c", c);
    }
    jb__cg_put(g, b, "\"");
}

void jb__cg_at(char *dst, size_t cap, const char *base, size_t off) {
    if (off) snprintf(dst, cap, "%s + %zu", base, off);
    else snprintf(dst, cap, "%s", base);
}

/* ------------------------------------------------------------------ */
/* Types and nodes                                                     */
/* ------------------------------------------------------------------ */

static bool grow(void **a, size_t *cap, size_t n, size_t elem) {
    if (n < *cap) return true;
    size_t nc = *cap ? *cap * 2 : 32;
    void *na = realloc(*a, nc * elem);
    if (!na) return false;
    *a = na;
    *cap = nc;
    return true;
}

size_t jb__cg_type(cg *g, const jb_type *t) {
    for (size_t i = 0; i < g->ntypes; i++)
        if (g->types[i] == t) return i;
    if (!grow((void **)&g->types, &g->type_cap, g->ntypes, sizeof *g->types)) {
        g->oom = true;
        return 0;
    }
    g->types[g->ntypes] = t;
    return g->ntypes++;
}

size_t jb__cg_compact_min = JB_CG_COMPACT_FIELDS;

/* Are a and b plan-less containers (vector, map, pointer, array) equal in
 * everything but their names? Then one node's code serves both: the code
 * reads nothing else of its type, and a map or vector written once per
 * field (a compound literal per use, as in JB_MAP_OF_T) would otherwise
 * be a copy of the same function per field. */
static bool same_shape(const jb_type *a, const jb_type *b) {
    if (a == b) return true;
    if (a->kind != b->kind || a->cache || b->cache) return false;
    if (a->kind != JB_KIND_VEC && a->kind != JB_KIND_MAP && a->kind != JB_KIND_PTR && a->kind != JB_KIND_ARRAY)
        return false;
    return a->size == b->size && a->align == b->align && a->fields == b->fields && a->cases == b->cases &&
           a->sum_cases == b->sum_cases && a->elem == b->elem && a->key == b->key && a->count == b->count &&
           a->elem_size == b->elem_size && a->key_size == b->key_size && a->entry_size == b->entry_size &&
           a->value_offset == b->value_offset && a->tag_offset == b->tag_offset && a->tag_size == b->tag_size &&
           a->sum_style == b->sum_style && a->tag_name == b->tag_name && a->content_name == b->content_name &&
           a->custom == b->custom && a->flags == b->flags && a->format == b->format && a->rename == b->rename &&
           a->key_mode == b->key_mode && a->float_style == b->float_style && a->fmt_flags == b->fmt_flags;
}

size_t jb__cg_node(cg *g, const jb_type *t, uint32_t scope, uint8_t mode, const jb_plan *tag) {
    for (size_t i = 0; i < g->nnodes; i++) {
        const cg_node *n = &g->nodes[i];
        if (n->scope == scope && n->mode == mode && n->tag == tag && same_shape(n->t, t)) return i;
    }
    if (!grow((void **)&g->nodes, &g->node_cap, g->nnodes, sizeof *g->nodes)) {
        g->oom = true;
        return 0;
    }
    g->nodes[g->nnodes] = (cg_node){t, scope, mode, tag};
    jb__cg_type(g, t);
    return g->nnodes++;
}

/* The generated code passes the engines' scope words (plan.h) as they are. */
_Static_assert(JB_GEN_SCOPE_KEY_MODE(~0u) << JB__SCOPE_KEY_SHIFT == JB__SCOPE_KEY_MASK &&
                   JB_GEN_SCOPE_INT64(~0u) << JB__SCOPE_INT64_SHIFT == JB__SCOPE_INT64_MASK &&
                   JB_GEN_SCOPE_FLOAT(~0u) << JB__SCOPE_FLOAT_SHIFT == JB__SCOPE_FLOAT_MASK &&
                   JB_GEN_SCOPE_INTEGRAL == JB__SCOPE_INTEGRAL && JB_GEN_SCOPE_NONFINITE == JB__SCOPE_NONFINITE &&
                   JB_GEN_SCOPE_SORTED == JB__SCOPE_SORTED && JB_GEN_SCOPE_CONTROL_HEX == JB__SCOPE_CONTROL_HEX,
               "jbind_gen.h's JB_GEN_SCOPE_* are plan.h's scope layout");

/* The scope bits whose every use the generator knows. */
#define CG_SCOPE_KNOWN                                                                             \
    (JB__SCOPE_KEY_MASK | JB__SCOPE_INT64_MASK | JB__SCOPE_FLOAT_MASK | JB__SCOPE_INTEGRAL |       \
     JB__SCOPE_NONFINITE | JB__SCOPE_SORTED | JB__SCOPE_CONTROL_HEX)

bool jb__cg_interpreted(const jb_plan *pl, uint32_t scope) {
    if (pl && (pl->has_capture || (jb__scope_in(scope, pl) & ~(uint32_t)CG_SCOPE_KNOWN))) return true;
    return (scope & ~(uint32_t)CG_SCOPE_KNOWN) != 0;
}

bool jb__cg_is_node(const jb_type *t) {
    switch (t->kind) {
    case JB_KIND_RECORD: case JB_KIND_TUPLE: case JB_KIND_ARRAY: case JB_KIND_SUM:
    case JB_KIND_VEC: case JB_KIND_MAP: case JB_KIND_PTR: case JB_KIND_ENUM:
        return true;
    default:
        return false;
    }
}

void jb__cg_field_table(cg *g, const jb_plan *pl, uint32_t scope, const char *fn_type, char prefix) {
    jb__cg_put(g, &g->body, "    static const %s f[%zu] = {", fn_type, pl->n);
    for (size_t i = 0; i < pl->n; i++) {
        const jb_type *ft = pl->e[i].type;
        jb__cg_put(g, &g->body, i % 8 ? " " : "\n        ");
        if (jb__cg_is_node(ft))
            jb__cg_put(g, &g->body, "%c%zu,", prefix, jb__cg_node(g, ft, scope, CG_NORMAL, NULL));
        else
            jb__cg_put(g, &g->body, "0,");
    }
    jb__cg_put(g, &g->body, "\n    };\n");
}

bool jb__cg_transparent_cycle(const jb_type *t) {
    const jb_type *seen[65];
    size_t n = 0;
    while (n < 64) {
        for (size_t i = 0; i < n; i++)
            /* cppcheck-suppress uninitvar ; seen[0..n) is written below before n grows */
            if (seen[i] == t) return true;
        seen[n++] = t;
        if (t->kind == JB_KIND_PTR) {
            t = t->elem;
        } else if (t->kind == JB_KIND_RECORD) {
            const jb_plan *pl = jb__plan_get(t);
            if (!pl || !pl->unwrap) return false;
            t = pl->e[0].type;
        } else {
            return false;
        }
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* The whole file                                                      */
/* ------------------------------------------------------------------ */

static uint64_t fnv1a(uint64_t h, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}
#define FNV_START UINT64_C(0xcbf29ce484222325)

static bool ident_ok(const char *s) {
    if (!s || !*s || (*s >= '0' && *s <= '9')) return false;
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
            return false;
    return true;
}

typedef struct gen_out {
    jb_buf text;           /* everything up to the unit definition (hashed) */
    jb_buf tail;           /* the unit definition and the attach functions */
    const jb_type **types; /* the type table, ntypes entries (malloc'd) */
    size_t ntypes;
    uint64_t fingerprint;
} gen_out;

static jb_status gen_fail(jb_error *err, jb_status code, const char *msg) {
    jb__error_fill(err, code, NULL, 0, NULL, msg);
    return code;
}

/* Write the file for roots (types[i], symbols[i]) into o. */
static jb_status generate(const jb_type *const *types, const char *const *symbols, size_t n, const char *prefix,
                          gen_out *o, jb_error *err) {
    cg g;
    memset(&g, 0, sizeof g);
    memset(o, 0, sizeof *o);
    char msg[JB_ERROR_MESSAGE_MAX];
    if (!ident_ok(prefix)) return gen_fail(err, JB_E_ARG, "the prefix is not a C identifier");
    for (size_t i = 0; i < n; i++) {
        if (!types[i]) return gen_fail(err, JB_E_ARG, "a root type is NULL");
        if (symbols[i] && !ident_ok(symbols[i])) return gen_fail(err, JB_E_ARG, "a root symbol is not a C identifier");
        jb_status st = jb__root_check(types[i], msg, sizeof msg);
        if (st) return gen_fail(err, st, msg);
        if (!jb__cg_is_node(types[i]) || !types[i]->cache)
            return gen_fail(err, JB_E_ARG, "a root type is not a record, tuple, enum or sum");
    }
    /* the roots' nodes first, in order: their codecs are the unit's */
    for (size_t i = 0; i < n; i++) jb__cg_node(&g, types[i], 0, CG_NORMAL, NULL);
    for (size_t i = 0; i < g.nnodes && !g.oom; i++) {
        jb__cg_decoder(&g, i);
        jb__cg_encoder(&g, i);
    }
    /* the head: what the text came from, the declarations */
    jb_buf *h = &o->text;
    jb__cg_put(&g, h, "/* Generated by jbind %s (jb_codegen_write): specialized codecs for\n", JB_VERSION_STRING);
    for (size_t i = 0; i < n; i++)
        jb__cg_put(&g, h, " *   %s (%s)\n", symbols[i] ? symbols[i] : "(passed to attach)",
                   types[i]->name ? types[i]->name : "?");
    jb__cg_put(&g, h, " * and the types they reach. Do not edit: generate it again. It attaches only to\n"
                      " * the library version and descriptors it was written from (jbind_gen.h). */\n"
                      "#include <jbind_gen.h>\n\n");
    for (size_t i = 0; i < n; i++)
        if (symbols[i]) jb__cg_put(&g, h, "extern const jb_type %s;\n", symbols[i]);
    jb__cg_put(&g, h, "\n/* the descriptors the code refers to, filled in by jb_gen_attach */\nstatic const jb_type *T[%zu];\n\n",
               g.ntypes);
    if (g.protos.len && jb_buf_reserve(h, g.protos.len + g.body.len + 1)) g.oom = true;
    if (!g.oom) {
        memcpy(h->data + h->len, g.protos.data, g.protos.len);
        h->len += g.protos.len;
        jb__cg_put(&g, h, "\n");
        memcpy(h->data + h->len, g.body.data, g.body.len);
        h->len += g.body.len;
    }
    o->fingerprint = fnv1a(FNV_START, h->data ? h->data : "", h->len);
    /* the tail: the unit (not hashed: it holds the fingerprint) */
    jb_buf *t = &o->tail;
    jb__cg_put(&g, t, "static const jb_gen_codec jbg_codecs[] = {\n");
    size_t ncodecs = 0;
    for (size_t i = 0; i < g.nnodes; i++) {
        const cg_node *nd = &g.nodes[i];
        int attach = !nd->scope && !nd->mode && nd->t->cache;
        jb__cg_put(&g, t, "    {%zu, %d, d%zu, e%zu},\n", jb__cg_type(&g, nd->t), attach, i, i);
        ncodecs++;
    }
    jb__cg_put(&g, t, "};\nstatic const jb_type *const jbg_roots[] = {");
    for (size_t i = 0; i < n; i++) jb__cg_put(&g, t, symbols[i] ? "&%s, " : "%sNULL, ", symbols[i] ? symbols[i] : "");
    jb__cg_put(&g, t, "};\nstatic const char *const jbg_symbols[] = {");
    for (size_t i = 0; i < n; i++) {
        if (symbols[i]) jb__cg_put(&g, t, "\"%s\", ", symbols[i]);
        else jb__cg_put(&g, t, "NULL, ");
    }
    bool all_symbols = true;
    for (size_t i = 0; i < n; i++) all_symbols = all_symbols && symbols[i];
    jb__cg_put(&g, t,
               "};\n\njb_gen_unit %s_unit = {JB_GEN_VERSION, \"%s\", UINT64_C(0x%016llx), \"%s\", %zu, jbg_roots,\n"
               "    jbg_symbols, %zu, T, %zu, jbg_codecs};\n\n",
               prefix, JB_VERSION_STRING, (unsigned long long)o->fingerprint, prefix, n, g.ntypes, ncodecs);
    jb__cg_put(&g, t,
               "/* Attach the codecs (done before main where the compiler has constructors and\n"
               " * every root was given by symbol): 1 when attached, 0 when the interpreter keeps\n"
               " * running these types. */\n"
               "int %s_attach(void);\nint %s_attach(void) { return jb_gen_attach(&%s_unit, NULL, NULL) == JB_OK; }\n"
               "/* The same with the roots' descriptors given, in the generator's order. */\n"
               "int %s_attach_roots(const jb_type *const *roots);\n"
               "int %s_attach_roots(const jb_type *const *roots) {\n"
               "    return jb_gen_attach(&%s_unit, roots, NULL) == JB_OK;\n}\n",
               prefix, prefix, prefix, prefix, prefix, prefix);
    if (all_symbols)
        jb__cg_put(&g, t,
                   "\n#if defined(__GNUC__)\n"
                   "static void jbg_init(void) __attribute__((constructor));\n"
                   "static void jbg_init(void) { (void)%s_attach(); }\n"
                   "#elif defined(_MSC_VER)\n"
                   "static void __cdecl jbg_init(void) { (void)%s_attach(); }\n"
                   "#pragma section(\".CRT$XCU\", read)\n"
                   "__declspec(allocate(\".CRT$XCU\")) static void(__cdecl *jbg_init_)(void) = jbg_init;\n"
                   "#endif\n",
                   prefix, prefix);
    jb_buf_free(&g.body);
    jb_buf_free(&g.protos);
    free(g.nodes);
    o->types = g.types;
    o->ntypes = g.ntypes;
    if (g.oom) {
        jb_buf_free(&o->text);
        jb_buf_free(&o->tail);
        free(o->types);
        o->types = NULL;
        return gen_fail(err, JB_E_NOMEM, "out of memory writing the generated code");
    }
    return JB_OK;
}

static void gen_out_free(gen_out *o) {
    jb_buf_free(&o->text);
    jb_buf_free(&o->tail);
    free(o->types);
}

jb_status jb_codegen_write(const jb_codegen_root *roots, size_t n, jb_write_fn fn, void *ctx,
                           const jb_codegen_options *opts, jb_error *err) {
    if ((!roots && n) || !fn) return gen_fail(err, JB_E_ARG, roots ? "write callback is NULL" : "roots is NULL");
    const jb_type **types = calloc(n ? n : 1, sizeof *types);
    const char **symbols = calloc(n ? n : 1, sizeof *symbols);
    if (!types || !symbols) {
        free(types);
        free(symbols);
        return gen_fail(err, JB_E_NOMEM, "out of memory");
    }
    for (size_t i = 0; i < n; i++) {
        types[i] = roots[i].type;
        symbols[i] = roots[i].symbol;
    }
    gen_out o;
    jb_status st = generate(types, symbols, n, opts && opts->prefix ? opts->prefix : "jbgen", &o, err);
    free(types);
    free(symbols);
    if (st) return st;
    if ((o.text.len && fn(ctx, o.text.data, o.text.len)) || fn(ctx, o.tail.data, o.tail.len))
        st = gen_fail(err, JB_E_IO, "the write callback failed");
    gen_out_free(&o);
    return st;
}

static int to_buf(void *ctx, const char *data, size_t len) {
    jb_buf *b = ctx;
    if (jb_buf_reserve(b, len)) return 1;
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

int jb_codegen_main(int argc, char **argv, const jb_codegen_root *roots, size_t n) {
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: %s OUTPUT.c [PREFIX]\n", argc ? argv[0] : "codegen");
        return 1;
    }
    jb_codegen_options o = {argc == 3 ? argv[2] : NULL, 0};
    jb_buf text = JB_BUF_INIT;
    jb_error err;
    if (jb_codegen_write(roots, n, to_buf, &text, &o, &err)) {
        fprintf(stderr, "%s: %s\n", argv[0], err.message);
        jb_buf_free(&text);
        return 1;
    }
    /* Leave an unchanged file alone: builds then do not compile it again. */
    FILE *f = fopen(argv[1], "rb");
    if (f) {
        bool same = true;
        size_t i = 0;
        int c;
        while (same && (c = getc(f)) != EOF) same = i < text.len && (unsigned char)text.data[i++] == c;
        same = same && i == text.len;
        fclose(f);
        if (same) {
            jb_buf_free(&text);
            return 0;
        }
    }
    f = fopen(argv[1], "wb");
    int rc = !f || fwrite(text.data, 1, text.len, f) != text.len;
    if (f && fclose(f)) rc = 1;
    if (rc) fprintf(stderr, "%s: cannot write %s\n", argv[0], argv[1]);
    jb_buf_free(&text);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Attaching                                                           */
/* ------------------------------------------------------------------ */

jb_status jb_gen_attach(jb_gen_unit *u, const jb_type *const *roots, jb_error *err) {
    if (!u) return gen_fail(err, JB_E_ARG, "unit is NULL");
    if (u->version != JB_GEN_VERSION || !u->version_string || strcmp(u->version_string, JB_VERSION_STRING) != 0)
        return gen_fail(err, JB_E_VALUE, "generated code of another jbind version: not attached");
    if (!roots) roots = u->roots;
    for (size_t i = 0; i < u->nroots; i++)
        if (!roots || !roots[i]) return gen_fail(err, JB_E_ARG, "a root descriptor is missing: use _attach_roots");
    gen_out o;
    jb_status st = generate(roots, u->symbols, u->nroots, u->prefix, &o, err);
    if (st) return st;
    if (o.fingerprint != u->fingerprint || o.ntypes != u->ntypes) {
        gen_out_free(&o);
        return gen_fail(err, JB_E_VALUE, "generated code written from other descriptors: not attached");
    }
    for (size_t i = 0; i < o.ntypes; i++) {
        void *expected = NULL;
        /* the same value whoever wins: attaching twice is harmless */
        jb__atomic_cas_ptr((void *volatile *)jb__unconst(&u->types[i]), &expected, jb__unconst(o.types[i]));
    }
    for (size_t i = 0; i < u->ncodecs; i++) {
        const jb_gen_codec *c = &u->codecs[i];
        const jb_type *t = o.types[c->type];
        void *expected = NULL;
        if (c->attach && t->cache) jb__atomic_cas_ptr(&t->cache->gen, &expected, (void *)(uintptr_t)c);
    }
    gen_out_free(&o);
    return JB_OK;
}

bool jb_codegen_active(const jb_type *type) { return type && jb__gen_codec(type) != NULL; }
