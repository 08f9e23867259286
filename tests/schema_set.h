/* SPDX-License-Identifier: MIT */
/*
 * schema_set.h — the descriptors the schema tests run over (the fuzz zoo,
 * descriptors for every format option, the pandoc AST and, when built with
 * JB_HAVE_CORPUS, the bench corpus models), and what both schema tests
 * make from them: random encoded values and their mutants. Shared by
 * tests/test_schema.c (export, checked by a validator) and
 * tests/schema_roundtrip.c (export, generate, compare).
 */
#ifndef JB_TEST_SCHEMA_SET_H
#define JB_TEST_SCHEMA_SET_H

#include "pandoc_types.h"
#include "zoo.h"

#define SCHEMA_MAX_ENTRIES 96
#define SCHEMA_MAX_DOC 65536 /* longer random documents are left out */

typedef struct schema_entry {
    const char *name;
    const jb_type *type;
    uint32_t schema_flags; /* JB_SCHEMA_* the schema is made with */
    jb_read_options ro;    /* what jb_decode is given */
} schema_entry;

extern schema_entry schema_entries[SCHEMA_MAX_ENTRIES];
extern size_t schema_nentries;

/* Fill schema_entries (once). */
void schema_set_build(void);
/* The jb_schema_options.custom hook for the custom codecs in the set. */
const jb_type *schema_custom_as(const jb_type *t, void *ctx);

/* A deterministic generator (splitmix64). */
void schema_rng_seed(uint64_t seed);
uint64_t schema_rnd(void);
size_t schema_below(size_t n);

/* Up to n random values of e (zoo_gen), encoded (every other one with
 * JB_WRITE_ABSENT_NULL), each passed to fn; stops once max_bytes of JSON
 * were made; documents past max_doc are skipped. Returns how many. */
size_t schema_random_docs(const schema_entry *e, size_t n, size_t max_bytes, size_t max_doc,
                          void (*fn)(const char *text, size_t len, void *ctx), void *ctx);

/* Strings and keys seen in some documents: what mutants swap in. */
typedef struct schema_pools schema_pools;
schema_pools *schema_pools_new(void);
void schema_pools_add(schema_pools *p, const char *json, size_t len);
void schema_pools_free(schema_pools *p);
/* A mutant of the document json[0..len) into out: one node changed (a
 * member dropped, added or renamed, a value replaced by one of another
 * type or range, an element dropped or repeated, a string swapped). */
bool schema_mutant(const schema_pools *p, const char *json, size_t len, jb_buf *out);

#endif
