/* SPDX-License-Identifier: MIT */
/*
 * types.h — the C types of the schema examples (docs/schema.md, "Export"):
 * a record with a rename policy, an alias, an optional field and a
 * default, holding an internally tagged sum. `jbind schema person` prints
 * their schema too (the CLI links types.c).
 */
#ifndef JB_EXAMPLE_SCHEMA_TYPES_H
#define JB_EXAMPLE_SCHEMA_TYPES_H

#include <jbind.h>

typedef struct {
    double w, h;
} rect;

typedef enum { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_EMPTY } shape_kind;

typedef struct {
    shape_kind kind;
    union {
        double r;
        rect rect;
    } as;
} shape;

typedef struct {
    uint32_t user_id;
    char *full_name;
    bool has_email;
    char *email;
    int16_t level;
    shape badge;
} person;

extern const jb_type shape_type, person_type;

#endif
