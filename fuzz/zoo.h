/* SPDX-License-Identifier: MIT */
/*
 * zoo.h — a zoo of descriptors covering every jb_kind and every sum
 * encoding, nested, plus descriptor-driven deep equality and a value
 * generator that builds any zoo value from fuzz bytes. Shared by
 * fuzz_typed, fuzz_roundtrip and fuzz_alloc.
 */
#ifndef JB_FUZZ_ZOO_H
#define JB_FUZZ_ZOO_H

#include "fuzz.h"

typedef struct zoo_entry {
    const char *name;
    const jb_type *type;
} zoo_entry;

extern const zoo_entry zoo_types[];
extern const size_t zoo_count;

/* Deep equality of two C values of descriptor t (floats by value and sign,
 * strings by bytes, pointers by pointee, vectors in order, maps as sets of
 * entries: their order is checked by re-encoding). */
bool zoo_equal(const jb_type *t, const void *a, const void *b);

/* Fill *out (t->size bytes) with a value built from src; memory from
 * arena. Terminates: every container consumes a byte for its length and an
 * exhausted source gives empty containers and NULL pointers. */
void zoo_gen(const jb_type *t, void *out, fuzz_src *src, jb_arena *arena, int depth);

#endif
