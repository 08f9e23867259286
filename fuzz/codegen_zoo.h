/* SPDX-License-Identifier: MIT */
/*
 * codegen_zoo.h — the zoo's descriptors as roots of generated code: every
 * zoo entry that can be a root (records, tuples, enums, sums), in zoo
 * order. The generator program (codegen_zoo_gen.c) and the programs that
 * attach the generated file (fuzz_codegen.c, tests/test_codegen.c) list
 * them the same way, so the file attaches.
 */
#ifndef JB_FUZZ_CODEGEN_ZOO_H
#define JB_FUZZ_CODEGEN_ZOO_H

#include "zoo.h"

/* Fills out (zoo_count entries of room) and returns how many. */
static inline size_t zoo_roots(const jb_type **out) {
    size_t n = 0;
    for (size_t i = 0; i < zoo_count; i++) {
        jb_kind k = zoo_types[i].type->kind;
        if (k == JB_KIND_RECORD || k == JB_KIND_TUPLE || k == JB_KIND_ENUM || k == JB_KIND_SUM)
            out[n++] = zoo_types[i].type;
    }
    return n;
}

/* Defined by the generated file (prefix jbgen_zoo). */
int jbgen_zoo_attach_roots(const jb_type *const *roots);

#endif
