/* SPDX-License-Identifier: MIT */
/*
 * schema_export.c — the JSON Schema of a descriptor (docs/schema.md): a
 * record with a rename policy, an optional field, an alias and a default,
 * holding an internally tagged sum. Prints the schema, pretty.
 */
#include <jbind.h>
#include <stdio.h>

typedef struct {
    double w, h;
} rect;
static const jb_type rect_type =
    JB_RECORD(rect, JB_FIELD(rect, w, &jb_f64), JB_FIELD(rect, h, &jb_f64));

typedef enum { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_EMPTY } shape_kind;
typedef struct {
    shape_kind kind;
    union {
        double r;
        rect rect;
    } as;
} shape;
static const jb_type shape_type = JB_SUM((shape, .sum_style = JB_SUM_INTERNAL, .tag_name = "type"), kind, JB_CASE(shape, SHAPE_CIRCLE, "Circle", as.r, &jb_f64),
    JB_CASE(shape, SHAPE_RECT, "Rect", as.rect, &rect_type), JB_NULLARY(SHAPE_EMPTY, "Empty"));

typedef struct {
    uint32_t user_id;
    char *full_name;
    bool has_email;
    char *email;
    int16_t level;
    shape badge;
} person;
static const jb_type person_type =
    JB_RECORD((person, .rename = JB_RENAME_CAMEL), JB_FIELD(person, user_id, &jb_u32),
                   JB_FIELD(person, full_name, &jb_cstr, .aliases = JB_ALIASES("name")),
                   JB_OPTIONAL(person, email, has_email, &jb_cstr),
                   JB_FIELD(person, level, &jb_i16, .default_json = "1"),
                   JB_FIELD(person, badge, &shape_type));

int main(void) {
    jb_buf out = JB_BUF_INIT;
    jb_error err;
    jb_schema_options opts = {.flags = JB_SCHEMA_PRETTY, .title = "person"};
    if (jb_schema_write(&person_type, &out, &opts, &err) != JB_OK) {
        fprintf(stderr, "schema: %s\n", err.message);
        return 1;
    }
    printf("%.*s\n", (int)out.len, out.data);
    jb_buf_free(&out);
    return 0;
}
