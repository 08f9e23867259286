/* SPDX-License-Identifier: MIT */
/*
 * shapes.c — one tagged union, five JSON encodings (JB_SUM with .sum_style), and
 * decoding an internally tagged object whose tag is not the first member.
 */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    double r;
} circle;
typedef struct {
    double w, h;
} rect;
static const jb_type circle_type = JB_RECORD(circle, JB_FIELD(circle, r, &jb_f64));
static const jb_type rect_type =
    JB_RECORD(rect, JB_FIELD(rect, w, &jb_f64), JB_FIELD(rect, h, &jb_f64));

typedef enum { SHAPE_CIRCLE, SHAPE_RECT, SHAPE_EMPTY } shape_kind;
typedef struct {
    shape_kind kind;
    union {
        circle circle;
        rect rect;
    } as;
} shape;

/* clang-format off */
#define SHAPE_CASES \
    JB_CASE(shape, SHAPE_CIRCLE, "Circle", as.circle, &circle_type), \
    JB_CASE(shape, SHAPE_RECT, "Rect", as.rect, &rect_type), \
    JB_NULLARY(SHAPE_EMPTY, "Empty")
/* clang-format on */

/* Descriptors live at file scope: each holds a slot for its compiled plan. */
static const jb_type shape_external = JB_SUM(shape, kind, SHAPE_CASES);
static const jb_type shape_internal =
    JB_SUM((shape, .sum_style = JB_SUM_INTERNAL, .tag_name = "type"), kind, SHAPE_CASES);
static const jb_type shape_adjacent =
    JB_SUM((shape, .sum_style = JB_SUM_ADJACENT, .tag_name = "t", .content_name = "c"), kind, SHAPE_CASES);
static const jb_type shape_array = JB_SUM((shape, .sum_style = JB_SUM_ARRAY), kind, SHAPE_CASES);
static const jb_type shape_untagged = JB_SUM((shape, .sum_style = JB_SUM_UNTAGGED), kind, SHAPE_CASES);

/* Print each value's JSON on one line, reusing one buffer. */
static int print_json(const char *label, const jb_type *t, const shape *v, size_t n) {
    jb_buf out = JB_BUF_INIT;
    jb_error err;
    printf("%-9s", label);
    for (size_t i = 0; i < n; i++) {
        out.len = 0; /* reuse the buffer: no allocation once it is big enough */
        if (jb_encode(t, &v[i], &out, NULL, &err) != JB_OK) {
            fprintf(stderr, "%s: %s\n", label, err.message);
            jb_buf_free(&out);
            return 1;
        }
        printf(" %.*s", (int)out.len, out.data);
    }
    printf("\n");
    jb_buf_free(&out);
    return 0;
}

int main(void) {
    shape items[] = {
        {.kind = SHAPE_CIRCLE, .as.circle = {1}},
        {.kind = SHAPE_RECT, .as.rect = {2, 3.5}},
        {.kind = SHAPE_EMPTY},
    };
    static const struct {
        const char *label;
        const jb_type *type;
    } styles[] = {
        {"external", &shape_external}, {"internal", &shape_internal}, {"adjacent", &shape_adjacent},
        {"array", &shape_array},       {"untagged", &shape_untagged},
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++)
        rc |= print_json(styles[i].label, styles[i].type, items, 3);

    /* Internal tags may come anywhere in the object. */
    const char *in = "{\"w\":4,\"h\":5,\"type\":\"Rect\"}";
    jb_arena *arena = jb_arena_new();
    jb_error err;
    shape s;
    if (!arena || jb_decode(&shape_internal, in, strlen(in), &s, arena, NULL, &err) != JB_OK) {
        fprintf(stderr, "decode failed\n");
        return 1;
    }
    printf("decoded   kind=%d w=%g h=%g\n", (int)s.kind, s.as.rect.w, s.as.rect.h);
    rc |= print_json("external", &shape_external, &s, 1);
    jb_arena_free(arena);
    return rc;
}
