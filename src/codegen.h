/* SPDX-License-Identifier: MIT */
/*
 * codegen.h — the code generator's files (codegen.c: the driver, the
 * fingerprint and attaching; codegen_dec.c and codegen_enc.c: the C text of
 * decoders and encoders) and the hand-over from the entry points to
 * generated code (codegen_rt.c).
 *
 * The generator walks compiled plans, so every representation option is
 * already resolved; it writes one C function per (type, inherited scope,
 * mode) "node" and direction. Everything it does not specialize is a call
 * of the interpreter for that value (jb_gen_value / jb_gen_w_value), so a
 * node never has to refuse a type.
 */
#ifndef JB_CODEGEN_H
#define JB_CODEGEN_H

#include "jbind_gen.h"
#include "plan.h"


/* ---- the hand-over (codegen_rt.c) ---- */

/* The codec attached to t, or NULL (one load and an acquire: in line in
 * jb_decode and jb_encode, where it is asked on every call). */
static inline const jb_gen_codec *jb__gen_codec(const jb_type *t) {
    if (!t->cache) return NULL;
    return (const jb_gen_codec *)jb__atomic_load_ptr(&t->cache->gen);
}
/* jb_decode / jb_decode_prefix (consumed: not NULL) of a whole document
 * by the generated codec c, out zeroed (size bytes): 1 when it took the
 * document (the value in out, *consumed set); 0 when the interpreter must
 * run, with the arena, the scratch stack and out as they were. */
JB_HIDDEN int jb__gen_doc(const jb_gen_codec *c, const char *json, size_t len, void *out, size_t size,
                          jb_arena *a, const jb_read_options *opts, size_t *consumed);
/* jb_decode where c is attached to type and the arguments are sound (not
 * NULL, flags that do not exclude each other): zeroes out, runs c, and
 * where c hands over runs the interpreter (jb__decode_interp). */
JB_HIDDEN jb_status jb__gen_decode(const jb_gen_codec *c, const jb_type *type, const char *json, size_t len,
                                   void *out, jb_arena *a, const jb_read_options *opts, jb_error *err);
/* jb_encode of value by the generated codec c into buf: 1 when it wrote
 * the value (buf->len past it); 0 when the interpreter must write it all,
 * buf->len as it was (buf's memory may have grown). */
JB_HIDDEN int jb__gen_enc_doc(const jb_gen_codec *c, const void *value, jb_buf *buf,
                              const jb_write_options *opts);

/* ---- the generator ---- */

enum { CG_NORMAL = 0, CG_AFTER_TAG = 1 };

/* Compact forms (codegen.md): a record of more fields than this, or an
 * enum of more cases, is written as a table and a call of the runtime's
 * loop (jb_gen_record, jb_gen_w_record, jb_gen_w_enum) instead of
 * straight-line code, whose compile time grows faster than its size. The
 * bench's models stay under it (their largest record has 33 fields). */
#define JB_CG_COMPACT_FIELDS 64
/* The threshold in use: JB_CG_COMPACT_FIELDS (fields and cases alike),
 * unless a test (tests/test_codegen_compact.c and its generator) lowers it
 * to put every record and enum of the zoo through the compact forms. Both
 * the generator and the attaching program must use the same value (the
 * fingerprint compares the text). */
JB_HIDDEN extern size_t jb__cg_compact_min;
/* The most 64-bit words of seen bits jb_gen_record keeps on its stack
 * (2,048 fields); a larger record stays straight-line. */
#define JB_GEN_RECORD_WORDS 32
/* Bounded elements of a vector the generated encoder reserves room for at
 * once: a block's worst case stays a few KB (22 bytes an integer). */
#define JB_CG_VEC_BLOCK 256u

/* A function to write: a type in an inherited scope (JB_GEN_SCOPE_*), and
 * for records a mode (CG_AFTER_TAG: an internally tagged sum's payload,
 * whose fields follow the tag in the same object; tag is the sum's plan). */
typedef struct cg_node {
    const jb_type *t;
    uint32_t scope;
    uint8_t mode;
    const jb_plan *tag;
} cg_node;

typedef struct cg {
    jb_buf body;          /* the functions */
    jb_buf protos;        /* their prototypes */
    cg_node *nodes;
    size_t nnodes, node_cap;
    const jb_type **types; /* the type table T[] of the generated file */
    size_t ntypes, type_cap;
    bool oom;
} cg;

/* Append printf-style text to b (on failure g->oom is set). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
JB_HIDDEN void jb__cg_put(cg *g, jb_buf *b, const char *fmt, ...);
/* s[0..n) as a C string literal. */
JB_HIDDEN void jb__cg_lit(cg *g, jb_buf *b, const char *s, size_t n);
/* The index of t in the type table (added on first use). */
JB_HIDDEN size_t jb__cg_type(cg *g, const jb_type *t);
/* The index of a node (added, to be written later, on first use). */
JB_HIDDEN size_t jb__cg_node(cg *g, const jb_type *t, uint32_t scope, uint8_t mode, const jb_plan *tag);
/* Does the generator hand the whole node over to the interpreter? When
 * the scope inside it holds a bit the generator does not know (a new
 * inherited option reaches generated code correct before the generator
 * learns it) or the type keeps unknown members (JB_UNKNOWN_FIELDS). */
JB_HIDDEN bool jb__cg_interpreted(const jb_plan *pl, uint32_t scope);
/* Does the type need its own node (anything but the leaves written inline)? */
JB_HIDDEN bool jb__cg_is_node(const jb_type *t);
/* A compact record's table of value functions (codegen.md, "Compact
 * forms"): `static const FN_TYPE f[n] = {...};` with the function of each
 * field's node, named PREFIX and its number ('d' decoders, 'e' encoders),
 * or 0 for a leaf the runtime reads or writes itself. */
JB_HIDDEN void jb__cg_field_table(cg *g, const jb_plan *pl, uint32_t scope, const char *fn_type,
                                  char prefix);
/* A chain of pointers and unwrapped records from t that comes back to
 * itself (it reads no input: the interpreter stops it at max_depth). */
JB_HIDDEN bool jb__cg_transparent_cycle(const jb_type *t);
/* "o + 16"-like: the C expression of base plus offset. */
JB_HIDDEN void jb__cg_at(char *dst, size_t cap, const char *base, size_t off);

/* The node's decoder / encoder function (codegen_dec.c, codegen_enc.c). */
JB_HIDDEN void jb__cg_decoder(cg *g, size_t id);
JB_HIDDEN void jb__cg_encoder(cg *g, size_t id);

#endif
