/* SPDX-License-Identifier: MIT */
/*
 * gen_emit.c — `jbind gen`'s output: the C types (a header) and their
 * descriptors (a source). This is the one file that writes descriptor
 * macros (the section "Descriptor macros" below): when jbind's macros
 * change, generated code follows by changing only that section.
 *
 * Layout of the header: forward typedefs of every struct, the enums
 * (sum tags too), the vector and map typedefs (pointers only: any element
 * may still be incomplete), then the structs in an order where everything
 * a struct holds by value is complete before it, then the descriptors'
 * declarations. A cycle of types held by value (a record holding itself)
 * is cut first: the edge that closes it is held through a pointer.
 */
#include <stdlib.h>
#include <string.h>

#include "gen_ir.h"

typedef struct em {
    gen *g;
    FILE *h, *c;
} em;

/* ------------------------------------------------------------------ */
/* Names                                                               */
/* ------------------------------------------------------------------ */

static const char *const int_ctype[] = {
    [JB_KIND_I8] = "int8_t",    [JB_KIND_I16] = "int16_t", [JB_KIND_I32] = "int32_t",
    [JB_KIND_I64] = "int64_t",  [JB_KIND_U8] = "uint8_t",  [JB_KIND_U16] = "uint16_t",
    [JB_KIND_U32] = "uint32_t", [JB_KIND_U64] = "uint64_t"};
static const char *const int_short[] = {
    [JB_KIND_I8] = "i8", [JB_KIND_I16] = "i16", [JB_KIND_I32] = "i32", [JB_KIND_I64] = "i64",
    [JB_KIND_U8] = "u8", [JB_KIND_U16] = "u16", [JB_KIND_U32] = "u32", [JB_KIND_U64] = "u64"};

/* A short name for t, to build container names from ("str", "Info"). */
static const char *short_name(gen *g, const gtype *t) {
    switch (t->kind) {
    case G_ANY: return "any";
    case G_BOOL: return "bool";
    case G_INT: return int_short[t->ikind];
    case G_INT_STRING: return gen_fmt(g, "%ss", int_short[t->ikind]);
    case G_NUMBER: return "f64";
    case G_FLOAT: return "f32";
    case G_CHAR: return "char";
    case G_NUMBER_TEXT: return "num";
    case G_STRING: return "str";
    case G_PTR: return gen_fmt(g, "%s_ptr", short_name(g, t->elem));
    default: return t->name + strlen(g->prefix);
    }
}

/* Vector and map typedefs are named when first needed. */
static void name_container(gen *g, gtype *t) {
    if (t->name || (t->kind != G_VEC && t->kind != G_MAP)) return;
    if (t->elem->kind == G_VEC || t->elem->kind == G_MAP) name_container(g, t->elem);
    if (t->elem->kind == G_PTR && (t->elem->elem->kind == G_VEC || t->elem->elem->kind == G_MAP))
        name_container(g, t->elem->elem);
    t->name = gen_ident(
        g, gen_fmt(g, "%s_%s", short_name(g, t->elem), t->kind == G_VEC ? "vec" : "map"), false);
}

/* The C type of a value of t. */
static const char *ctype(gen *g, gtype *t) {
    switch (t->kind) {
    case G_ANY: return "jb_value *";
    case G_BOOL: return "bool";
    case G_INT:
    case G_INT_STRING: return int_ctype[t->ikind];
    case G_NUMBER: return "double";
    case G_FLOAT: return "float";
    case G_CHAR: return "uint32_t";
    case G_NUMBER_TEXT:
    case G_STRING: return "jb_str";
    case G_PTR: return gen_fmt(g, "%s *", ctype(g, t->elem));
    case G_VEC:
    case G_MAP: name_container(g, t); return t->name;
    default: return t->name;
    }
}

/* "T m" (pointers written "T *m"). */
static const char *decl(gen *g, gtype *t, const char *member) {
    const char *ct = ctype(g, t);
    size_t n = strlen(ct);
    return n && ct[n - 1] == '*' ? gen_fmt(g, "%s%s", ct, member) : gen_fmt(g, "%s %s", ct, member);
}

/* The C string literal of s. */
static const char *lit(gen *g, const char *s) {
    size_t n = strlen(s);
    char *o = jb_arena_alloc(g->arena, 4 * n + 3, 1);
    size_t k = 0;
    o[k++] = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            o[k++] = '\\';
            o[k++] = (char)c;
        } else if (c < 0x20 || c == 0x7f || c == '?') { /* '?': no trigraphs */
            k += (size_t)snprintf(o + k, 5, "\\%03o", c);
        } else {
            o[k++] = (char)c;
        }
    }
    o[k++] = '"';
    o[k] = 0;
    return o;
}

/* ------------------------------------------------------------------ */
/* Descriptor macros: the only place generated code names them         */
/* ------------------------------------------------------------------ */

static const char *desc_of(gen *g, gtype *t);

static const char *m_vec_of(gen *g, gtype *elem) {
    return gen_fmt(g, "JB_VEC_OF_T(%s, %s)", ctype(g, elem), desc_of(g, elem));
}
static const char *m_map_of(gen *g, gtype *val) {
    return gen_fmt(g, "JB_MAP_OF_T(jb_str, %s, &jb_string, %s)", ctype(g, val), desc_of(g, val));
}
static const char *m_ptr_of(gen *g, gtype *elem) {
    return gen_fmt(g, "JB_PTR_OF_T(%s, %s)", ctype(g, elem), desc_of(g, elem));
}
static const char *m_box_of(gen *g, gtype *elem) {
    return gen_fmt(g, "JB_BOX_OF(%s)", desc_of(g, elem));
}
static const char *m_aliases(gen *g, const char **aliases) {
    const char *s = ".aliases = JB_ALIASES(";
    for (size_t i = 0; aliases[i]; i++)
        s = gen_fmt(g, "%s%s%s", s, i ? ", " : "", lit(g, aliases[i]));
    return gen_fmt(g, "%s)", s);
}
/* The format every generated record and sum carries: JSON Schema's
 * integers include 1.0, so integers read integral floats. */
static void m_format(em *e) {
    fprintf(e->c,
            "static const jb_format %sformat = {.name = \"jsonschema\", .flags = "
            "JB_FMT_INTEGRAL_FLOATS};\n\n",
            e->g->prefix);
}
/* ", .fmt_flags = A | B" for the JB_FMT_* bits jbind gen sets, or "". */
static const char *m_fmt_flags(gen *g, uint32_t flags) {
    static const struct {
        uint32_t bit;
        const char *name;
    } names[] = {{JB_FMT_DENY_UNKNOWN, "JB_FMT_DENY_UNKNOWN"},
                 {JB_FMT_UNWRAP_UNARY, "JB_FMT_UNWRAP_UNARY"},
                 {JB_FMT_INT64_STRING, "JB_FMT_INT64_STRING"},
                 {JB_FMT_INT64_SIGNED, "JB_FMT_INT64_SIGNED"},
                 {JB_FMT_NULLARY_STRICT, "JB_FMT_NULLARY_STRICT"},
                 {JB_FMT_NULLARY_ARRAY, "JB_FMT_NULLARY_ARRAY"},
                 {JB_FMT_NULLARY_OBJECT, "JB_FMT_NULLARY_OBJECT"}};
    const char *s = "";
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (flags & names[i].bit) s = gen_fmt(g, "%s%s%s", s, *s ? " | " : "", names[i].name);
    return *s ? gen_fmt(g, ", .fmt_flags = %s", s) : "";
}
static uint32_t record_flags(const gtype *t) {
    return (t->deny ? JB_FMT_DENY_UNKNOWN : 0u) | t->fmt_flags;
}
static void m_record_begin(em *e, const gtype *t) {
    fprintf(e->c, "const jb_type %s_type = JB_RECORD((%s, .format = &%sformat%s)", t->name, t->name,
            e->g->prefix, m_fmt_flags(e->g, record_flags(t)));
}
/* One field; desc is its descriptor, box that it is held through a
 * pointer (a cycle), present unless optional. */
static void m_field(em *e, const gtype *r, const gfield *f, const char *desc) {
    gen *g = e->g;
    if (f->flag)
        fprintf(e->c, ",\n    JB_OPTIONAL(%s, %s, %s, %s, JB_NAME(%s))", r->name, f->member,
                f->flag, desc, lit(g, f->json));
    else if (f->required && f->type->kind == G_PTR) /* required, may be null: write the null */
        fprintf(e->c,
                ",\n    JB_FIELD(%s, %s, %s, JB_NAME(%s), .flags = JB_FIELD_NULL_WHEN_ABSENT)",
                r->name, f->member, desc, lit(g, f->json));
    else
        fprintf(e->c, ",\n    JB_FIELD(%s, %s, %s, JB_NAME(%s))", r->name, f->member, desc,
                lit(g, f->json));
}
static void m_capture(em *e, const gtype *r) {
    fprintf(e->c, ",\n    JB_UNKNOWN_FIELDS(%s, %s)", r->name, r->capture);
}
static void m_empty_record(em *e, const gtype *t) {
    fprintf(e->c, "const jb_type %s_type = JB_RECORD((%s, .format = &%sformat%s));\n\n", t->name,
            t->name, e->g->prefix, m_fmt_flags(e->g, record_flags(t)));
}
static void m_tuple_begin(em *e, const gtype *t) {
    fprintf(e->c, "const jb_type %s_type = JB_TUPLE(%s", t->name, t->name);
}
static void m_elem(em *e, const gtype *t, size_t i, const char *desc) {
    fprintf(e->c, ",\n    JB_ELEM(%s, e%zu, %s)", t->name, i, desc);
}
static void m_enum_begin(em *e, const gtype *t) {
    fprintf(e->c, "const jb_type %s_type = JB_ENUM(%s", t->name, t->name);
}
static void m_enum_case(em *e, const char *cname, const char *json) {
    fprintf(e->c, ",\n    JB_ENUM_CASE(%s, %s)", cname, lit(e->g, json));
}
static const char *const style_name[] = {[GS_EXTERNAL] = "JB_SUM_EXTERNAL",
                                         [GS_INTERNAL] = "JB_SUM_INTERNAL",
                                         [GS_ADJACENT] = "JB_SUM_ADJACENT",
                                         [GS_ARRAY] = "JB_SUM_ARRAY",
                                         [GS_UNTAGGED] = "JB_SUM_UNTAGGED"};
static void m_sum_begin(em *e, const gtype *t) {
    gen *g = e->g;
    fprintf(e->c, "const jb_type %s_type = JB_SUM((%s, .format = &%sformat, .sum_style = %s%s",
            t->name, t->name, g->prefix, style_name[t->style], m_fmt_flags(g, t->fmt_flags));
    if (t->tag_name) fprintf(e->c, ", .tag_name = %s", lit(g, t->tag_name));
    if (t->content_name) fprintf(e->c, ", .content_name = %s", lit(g, t->content_name));
    fputs("), tag", e->c);
}
static void m_case(em *e, const gtype *t, const gcase *k, const char *desc) {
    gen *g = e->g;
    const char *name = lit(g, k->json);
    const char *al = k->aliases ? gen_fmt(g, ", %s", m_aliases(g, k->aliases)) : "";
    if (k->type)
        fprintf(e->c, ",\n    JB_CASE(%s, %s, %s, u.%s, %s%s)", t->name, k->tag, name, k->member,
                desc, al);
    else
        fprintf(e->c, ",\n    JB_NULLARY(%s, %s%s)", k->tag, name, al);
}
static void m_end(em *e) { fputs(");\n\n", e->c); }

/* The descriptor expression of t. */
static const char *desc_of(gen *g, gtype *t) {
    static const char *const ints[] = {
        [JB_KIND_I8] = "&jb_i8",   [JB_KIND_I16] = "&jb_i16", [JB_KIND_I32] = "&jb_i32",
        [JB_KIND_I64] = "&jb_i64", [JB_KIND_U8] = "&jb_u8",   [JB_KIND_U16] = "&jb_u16",
        [JB_KIND_U32] = "&jb_u32", [JB_KIND_U64] = "&jb_u64"};
    static const char *const int_strings[] = {[JB_KIND_I32] = "&jb_i32_string",
                                              [JB_KIND_I64] = "&jb_i64_string",
                                              [JB_KIND_U32] = "&jb_u32_string",
                                              [JB_KIND_U64] = "&jb_u64_string"};
    switch (t->kind) {
    case G_ANY: return "&jb_any";
    case G_BOOL: return "&jb_bool";
    case G_INT: return ints[t->ikind];
    case G_INT_STRING: return int_strings[t->ikind];
    case G_NUMBER: return "&jb_f64";
    case G_FLOAT: return "&jb_f32";
    case G_CHAR: return "&jb_char";
    case G_NUMBER_TEXT: return "&jb_number";
    case G_STRING: return "&jb_string";
    case G_VEC: return m_vec_of(g, t->elem);
    case G_MAP: return m_map_of(g, t->elem);
    case G_PTR: return m_ptr_of(g, t->elem);
    default: return gen_fmt(g, "&%s_type", t->name);
    }
}

/* ------------------------------------------------------------------ */
/* By-value structure: cycles cut, dependency order                   */
/* ------------------------------------------------------------------ */

static bool holds_by_value(const gtype *t) {
    return t->kind == G_RECORD || t->kind == G_SUM || t->kind == G_TUPLE;
}

static void cut_cycles(gen *g, gtype *t) {
    if (!holds_by_value(t) || t->mark == 2) return;
    t->mark = 1;
    for (size_t i = 0; i < t->nfields; i++) {
        gfield *f = &t->fields[i];
        if (f->type->mark == 1 && holds_by_value(f->type))
            f->via_ptr = true;
        else
            cut_cycles(g, f->type);
    }
    for (size_t i = 0; i < t->ncases; i++) {
        gcase *k = &t->cases[i];
        if (!k->type) continue;
        if (k->type->mark == 1 && holds_by_value(k->type))
            k->via_ptr = true;
        else
            cut_cycles(g, k->type);
    }
    for (size_t i = 0; i < t->nelems; i++) {
        if (t->elems[i]->mark == 1 && holds_by_value(t->elems[i]))
            t->elems[i] = ptr_to(g, t->elems[i]);
        else
            cut_cycles(g, t->elems[i]);
    }
    t->mark = 2;
}

/* The C type a field, element or case payload is held as. */
static gtype *held(gen *g, gtype *t, bool via_ptr) { return via_ptr ? ptr_to(g, t) : t; }

static bool named(const gtype *t) {
    return t->kind == G_RECORD || t->kind == G_SUM || t->kind == G_TUPLE || t->kind == G_ENUM;
}

/* Vector and map typedefs, each after the containers it holds. */
static void emit_container(em *e, gtype *t) {
    if ((t->kind != G_VEC && t->kind != G_MAP) || t->mark) return;
    t->mark = 1;
    gtype *inner = t->elem->kind == G_PTR ? t->elem->elem : t->elem;
    emit_container(e, inner);
    const char *name = ctype(e->g, t);
    if (t->kind == G_VEC)
        fprintf(e->h, "typedef struct %s { %s*items; size_t len; } %s;\n", name,
                decl(e->g, t->elem, ""), name);
    else
        fprintf(e->h, "typedef struct %s { struct %s_entry *items; size_t len; } %s;\n", name, name,
                name);
}

static void emit_struct(em *e, gtype *t);

/* What t holds by value must be complete before it. */
static void emit_deps(em *e, gtype *t) {
    for (size_t i = 0; i < t->nfields; i++)
        if (!t->fields[i].via_ptr && holds_by_value(t->fields[i].type))
            emit_struct(e, t->fields[i].type);
    for (size_t i = 0; i < t->ncases; i++)
        if (t->cases[i].type && !t->cases[i].via_ptr && holds_by_value(t->cases[i].type))
            emit_struct(e, t->cases[i].type);
    for (size_t i = 0; i < t->nelems; i++)
        if (holds_by_value(t->elems[i])) emit_struct(e, t->elems[i]);
    if (t->kind == G_MAP && holds_by_value(t->elem))
        emit_struct(e, t->elem); /* a map entry holds its value */
}

static void emit_struct(em *e, gtype *t) {
    gen *g = e->g;
    if (t->mark == 2 || !(holds_by_value(t) || t->kind == G_MAP)) return;
    t->mark = 2;
    emit_deps(e, t);
    FILE *h = e->h;
    if (t->kind == G_MAP) {
        fprintf(h, "struct %s_entry { jb_str key; %s; };\n\n", ctype(g, t),
                decl(g, t->elem, "value"));
        return;
    }
    fprintf(h, "/* %s */\nstruct %s {\n", t->where, t->name);
    if (t->kind == G_RECORD) {
        for (size_t i = 0; i < t->nfields; i++) {
            const gfield *f = &t->fields[i];
            if (f->flag) fprintf(h, "    bool %s;\n", f->flag);
            fprintf(h, "    %s; /* %s */\n", decl(g, held(g, f->type, f->via_ptr), f->member),
                    lit(g, f->json));
        }
        if (t->capture)
            fprintf(h, "    jb_raw_members %s; /* the other members, verbatim */\n", t->capture);
        if (!t->nfields && !t->capture) fputs("    char empty_; /* {} */\n", h);
    } else if (t->kind == G_TUPLE) {
        for (size_t i = 0; i < t->nelems; i++)
            fprintf(h, "    %s;\n", decl(g, t->elems[i], gen_fmt(g, "e%zu", i)));
        if (!t->nelems) fputs("    char empty_; /* [] */\n", h);
    } else {
        fprintf(h, "    %s tag;\n", t->tag_type);
        bool any = false;
        for (size_t i = 0; i < t->ncases; i++) any = any || t->cases[i].type;
        if (any) {
            fputs("    union {\n", h);
            for (size_t i = 0; i < t->ncases; i++) {
                const gcase *k = &t->cases[i];
                if (k->type)
                    fprintf(h, "        %s;\n", decl(g, held(g, k->type, k->via_ptr), k->member));
            }
            fputs("    } u;\n", h);
        }
    }
    fputs("};\n\n", h);
}

static void emit_enum(em *e, const gtype *t) {
    FILE *h = e->h;
    if (t->kind == G_ENUM) {
        fprintf(h, "/* %s */\ntypedef enum {", t->where);
        for (size_t i = 0; i < t->nvalues; i++)
            fprintf(h, "%s\n    %s", i ? "," : "", t->consts[i]);
        fprintf(h, "\n} %s;\n\n", t->name);
    } else if (t->kind == G_SUM) {
        fprintf(h, "typedef enum {");
        for (size_t i = 0; i < t->ncases; i++)
            fprintf(h, "%s\n    %s", i ? "," : "", t->cases[i].tag);
        fprintf(h, "\n} %s;\n\n", t->tag_type);
    }
}

static void emit_desc(em *e, gtype *t) {
    gen *g = e->g;
    switch (t->kind) {
    case G_RECORD:
        if (!t->nfields && !t->capture) {
            m_empty_record(e, t);
            return;
        }
        m_record_begin(e, t);
        for (size_t i = 0; i < t->nfields; i++) {
            gfield *f = &t->fields[i];
            m_field(e, t, f, f->via_ptr ? m_box_of(g, f->type) : desc_of(g, f->type));
        }
        if (t->capture) m_capture(e, t);
        m_end(e);
        break;
    case G_TUPLE:
        m_tuple_begin(e, t);
        for (size_t i = 0; i < t->nelems; i++) m_elem(e, t, i, desc_of(g, t->elems[i]));
        m_end(e);
        break;
    case G_ENUM:
        m_enum_begin(e, t);
        for (size_t i = 0; i < t->nvalues; i++) m_enum_case(e, t->consts[i], t->values[i]);
        m_end(e);
        break;
    case G_SUM:
        m_sum_begin(e, t);
        for (size_t i = 0; i < t->ncases; i++) {
            gcase *k = &t->cases[i];
            m_case(e, t, k,
                   !k->type     ? NULL
                   : k->via_ptr ? m_box_of(g, k->type)
                                : desc_of(g, k->type));
        }
        m_end(e);
        break;
    default: break;
    }
}

/* Is t (or what it holds) used by a named type? Only those are emitted. */
static void reset_marks(gen *g) {
    for (gtype *t = g->types; t; t = t->next) t->mark = 0;
}

bool gen_emit(gen *g, FILE *h, FILE *c, const char *header_name, const char *guard,
              const char *source_name) {
    em e = {g, h, c};
    for (gtype *t = g->types; t; t = t->next) cut_cycles(g, t);
    reset_marks(g);
    fprintf(h,
            "/* Generated by `jbind gen` from %s: the C types. Do not edit; generate again. */\n",
            g->docs[0].path);
    fprintf(h, "#ifndef %s\n#define %s\n\n#include <jbind.h>\n\n", guard, guard);
    for (gtype *t = g->types; t; t = t->next)
        if (holds_by_value(t)) fprintf(h, "typedef struct %s %s;\n", t->name, t->name);
    fputc('\n', h);
    for (gtype *t = g->types; t; t = t->next) emit_enum(&e, t);
    /* the containers the named types use (names are given as they are met) */
    for (gtype *t = g->types; t; t = t->next)
        if (t->kind == G_VEC || t->kind == G_MAP) ctype(g, t);
    for (gtype *t = g->types; t; t = t->next) emit_container(&e, t);
    fputc('\n', h);
    for (gtype *t = g->types; t; t = t->next)
        t->mark = t->mark == 1 && (t->kind == G_VEC || t->kind == G_MAP) ? 0 : t->mark;
    for (gtype *t = g->types; t; t = t->next) emit_struct(&e, t);
    for (gtype *t = g->types; t; t = t->next)
        if (named(t)) fprintf(h, "extern const jb_type %s_type;\n", t->name);
    if (g->root)
        fprintf(h, "\n/* The descriptor of the schema's root. */\n#define %s %s\n",
                gen_ident(g, gen_fmt(g, "%sROOT", g->prefix), true), desc_of(g, g->root));
    fprintf(h, "\n#endif\n");
    fprintf(
        c,
        "/* Generated by `jbind gen` from %s: the descriptors. Do not edit; generate again. */\n",
        g->docs[0].path);
    fprintf(c, "#include \"%s\"\n\n", header_name);
    (void)source_name;
    bool formats = false;
    for (gtype *t = g->types; t; t = t->next)
        formats =
            formats || (t->kind == G_RECORD && (t->nfields || t->capture)) || t->kind == G_SUM;
    if (formats) m_format(&e);
    for (gtype *t = g->types; t; t = t->next) emit_desc(&e, t);
    return !ferror(h) && !ferror(c);
}
