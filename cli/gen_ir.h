/* SPDX-License-Identifier: MIT */
/*
 * gen_ir.h — what gen_ir.c (schema nodes to types) and gen_sum.c (oneOf /
 * anyOf to sums) share inside `jbind gen`.
 */
#ifndef JBIND_GEN_IR_H
#define JBIND_GEN_IR_H

#include "gen.h"

/* Where a schema node stands. */
typedef struct ctx {
    const char *base; /* base URI */
    gdoc *doc;
    const char *where;    /* "file#/pointer" */
    const char *name;     /* the C name its type would get */
    const jb_value *self; /* the node as reached (before merging): what the memo keys */
    bool nullable;        /* the type being built is wrapped in a pointer (null) */
} ctx;

/* The parts of an allOf-like node, each resolved and copied with absolute refs. */
typedef struct parts {
    jb_value *p[64];
    size_t n;
} parts;

gtype *type_of(gen *g, const jb_value *s, ctx c);
ctx sub(gen *g, ctx c, const char *step, const char *name);
gtype *new_type(gen *g, gkind k, const char *where);
gtype *memo_get(gen *g, const jb_value *node);
void memo_put(gen *g, const jb_value *node, gtype *t);
gtype *shared(gen *g, gkind k, int ikind, gtype *elem);
gtype *ptr_to(gen *g, gtype *t);
const jb_value *get(const jb_value *o, const char *k);
bool str_is(const jb_value *v, const char *s);
const char *str_of(const jb_value *v);
bool in_list(const jb_value *list, const char *s, size_t n);
bool false_at(const jb_value *s, const char *k);
bool number_at(const jb_value *s, const char *k, double *out);
void note_rest(gen *g, const jb_value *s, const char *where, const char *const *handled,
               const char *why);
bool is_validation(const char *k);
/* Not a jb_value, nor a container of them. */
bool is_concrete(const gtype *t);
/* A record from s's properties, without the property `skip` (or NULL). */
gtype *record(gen *g, const jb_value *s, ctx c, const char *skip);
gtype *string_enum(gen *g, const jb_value *vals, ctx c);
const jb_value *enum_values(gen *g, const jb_value *s);
bool all_strings(const jb_value *vals, size_t *nulls);
/* The parts of an allOf-like node, resolved (refs followed, nested allOf
 * flattened), each copied with absolute refs. */
void collect_parts(gen *g, const jb_value *s, ctx c, parts *out, int depth);
jb_value *merge(gen *g, parts *ps, ctx c);
/* An integer node; as_string: read from a string too, whose schema is str
 * (a jbind pattern with a leading "\\+?" is Fable's signed form). */
gtype *integer(gen *g, const jb_value *s, ctx c, bool as_string, const jb_value *str);

/* ---- gen_sum.c ---- */

/* A node with oneOf / anyOf: a pointer (a null branch), an enum (string
 * constants only), an integer read from strings too, a tagged sum or an
 * untagged one. */
gtype *sum(gen *g, const jb_value *s, ctx c);
/* "type": [..]: a pointer for [T, "null"], else an untagged sum. */
gtype *type_list(gen *g, const jb_value *s, ctx c, const jb_value *types);

#endif
