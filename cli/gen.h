/* SPDX-License-Identifier: MIT */
/*
 * gen.h — `jbind gen`: C types and jbind descriptors from a JSON Schema
 * (docs/schema.md, "Generate"). Three stages, one file each:
 *
 *   gen_load.c  the schema documents, their "$id"s and anchors, and "$ref"
 *               resolution (drafts 04, 06/07, 2019-09 and 2020-12);
 *   gen_ir.c    schema -> a graph of C types (gtype): records, enums,
 *               tagged and untagged sums, tuples, vectors, maps, pointers,
 *               with every keyword the types do not enforce reported;
 *   gen_emit.c  the graph -> a header (types) and a source (descriptors):
 *               the one place that writes descriptor macros.
 *
 * Everything lives in one jb_arena (gen.arena) for the run.
 */
#ifndef JBIND_GEN_H
#define JBIND_GEN_H

#include <stdbool.h>
#include <stdio.h>

#include "jbind.h"

typedef enum gkind {
    G_ANY, /* jb_value *: not expressed as a C type */
    G_BOOL,
    G_INT,         /* ikind: JB_KIND_I8 .. JB_KIND_U64 */
    G_INT_STRING,  /* an integer that may be written as a string: jb_i64_string ... */
    G_NUMBER,      /* double */
    G_FLOAT,       /* float: a number bounded by float's own range (what jbind exports for one) */
    G_NUMBER_TEXT, /* jb_number: a number's text, exact (--numbers text) */
    G_STRING,      /* jb_str */
    G_CHAR,        /* uint32_t code point: a string of exactly one character (jb_char) */
    G_ENUM,        /* a C enum of string values */
    G_RECORD,
    G_TUPLE,
    G_SUM,
    G_VEC,
    G_MAP, /* string keys */
    G_PTR  /* T *: null, or a T */
} gkind;

/* Sum styles, as jb_sum_style. */
enum { GS_EXTERNAL = 1, GS_INTERNAL, GS_ADJACENT, GS_ARRAY, GS_UNTAGGED };

typedef struct gtype gtype;

typedef struct gfield {
    const char *json;   /* the property name */
    const char *member; /* its C member */
    const char *flag;   /* the presence flag member (optional fields), or NULL */
    gtype *type;
    bool required;
    bool via_ptr; /* held through a pointer: a by-value cycle would be infinite */
} gfield;

typedef struct gcase {
    const char *json;     /* the case name (tag value, key); NULL for an untagged case */
    const char **aliases; /* other names of the same case (NULL-terminated), or NULL */
    const char *tag;      /* the C tag constant */
    const char *member;   /* the union member (cases with a payload) */
    gtype *type;          /* payload, NULL for a nullary case */
    bool via_ptr;
} gcase;

struct gtype {
    gkind kind;
    const char *name;   /* C type name: named kinds, and vec / map / tag typedefs */
    const char *where;  /* where it comes from, "file#/pointer" (comments) */
    int ikind;          /* G_INT, G_INT_STRING */
    uint32_t fmt_flags; /* G_RECORD, G_SUM: JB_FMT_* beside the generated format's */
    /* G_ENUM */
    const char **values, **consts;
    size_t nvalues;
    /* G_RECORD */
    gfield *fields;
    size_t nfields, capfields;
    bool deny;           /* additionalProperties: false */
    const char *capture; /* the jb_raw_members member keeping other members, or NULL */
    /* G_TUPLE */
    gtype **elems;
    size_t nelems;
    /* G_SUM */
    int style;
    const char *tag_name, *content_name;
    const char *tag_type; /* the C enum of its tags */
    gcase *cases;
    size_t ncases, capcases;
    /* G_VEC, G_MAP, G_PTR */
    gtype *elem;
    /* bookkeeping */
    int mark;    /* emission order: 0 new, 1 in progress, 2 done */
    gtype *next; /* every type, in creation order */
};

/* A schema document and the resources inside it. */
typedef struct gdoc {
    const char *path; /* as given */
    const char *uri;  /* its base URI ("$id", else file://path) */
    jb_value *root;
    int draft; /* 4, 6, 7, 2019, 2020 */
} gdoc;

typedef struct gres {
    const char *uri; /* absolute, with a fragment for anchors */
    const jb_value *node;
    gdoc *doc;
} gres;

/* What a dropped keyword cost. */
typedef struct gnote {
    const char *where, *keyword, *why;
} gnote;

typedef struct gmemo {
    const jb_value *node;
    gtype *type;
} gmemo;

#define GEN_MAX_DOCS 64

typedef struct gen {
    jb_arena *arena;
    const char *prefix; /* of every C name */
    gdoc docs[GEN_MAX_DOCS];
    size_t ndocs;
    gres *res;
    size_t nres, capres, nindexed; /* nindexed: documents indexed so far */
    gtype *types, *last;           /* every type */
    gmemo *memo;
    size_t nmemo, capmemo;
    const char **names; /* C identifiers taken (types, constants) */
    size_t nnames, capnames;
    gnote *notes;
    size_t nnotes, capnotes;
    size_t nprops, nconcrete; /* properties, and those with a concrete C type */
    bool numbers_text;        /* unbounded "number" as jb_number text, not double */
    struct gsum {
        const jb_value *list;
        const char *base;
        gtype *type;
    } * sums; /* oneOf lists met */
    size_t nsums, capsums;
    const jb_value *busy[256]; /* nodes being converted (a cycle met before a named type) */
    size_t nbusy;
    gtype *root;
    const char *error; /* a failure that stops the run */
} gen;

/* ---- gen_load.c ---- */

/* Load a schema document (parsed into g->arena) and index its "$id"s and
 * anchors. false with g->error set on failure. */
bool gen_load(gen *g, const char *path);
/* The draft a node is read under ("$schema" of its document). */
int gen_draft(const gdoc *d);
/* Resolve ref against base (a URI): the node, with *base_out its base and
 * *where_out "file#pointer", or NULL when nothing is there. */
const jb_value *gen_resolve(gen *g, const char *base, const char *ref, const char **base_out,
                            const char **where_out, gdoc **doc_out);
/* The base URI inside node (its "$id" / "id" against base). */
const char *gen_base_of(gen *g, const jb_value *node, const char *base, int draft);

/* ---- gen_ir.c ---- */

/* Build the types of document 0's root (named root_name) and of every entry
 * of its "definitions" / "$defs". */
bool gen_build(gen *g, const char *root_name);

/* ---- gen_emit.c ---- */

/* Write the header and the source (which includes header_name). */
bool gen_emit(gen *g, FILE *h, FILE *c, const char *header_name, const char *guard,
              const char *source_name);

/* ---- helpers shared by the three (gen_ir.c) ---- */

/* printf into the arena. */
const char *gen_fmt(gen *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* A new C identifier from text, unique among g->names (registered). */
const char *gen_ident(gen *g, const char *text, bool upper);
/* A C member name from text, unique among taken[0..n). */
const char *gen_member(gen *g, const char *text, const char **taken, size_t n);
void gen_note(gen *g, const char *where, const char *keyword, const char *why);

#endif
