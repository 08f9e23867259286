/* SPDX-License-Identifier: MIT */
/* types.c — the descriptors of types.h. */
#include "types.h"

static const jb_type rect_type =
    JB_RECORD(rect, JB_FIELD(rect, w, &jb_f64), JB_FIELD(rect, h, &jb_f64));

const jb_type shape_type = JB_SUM((shape, .sum_style = JB_SUM_INTERNAL, .tag_name = "type"), kind,
                                  JB_CASE(shape, SHAPE_CIRCLE, "Circle", as.r, &jb_f64),
                                  JB_CASE(shape, SHAPE_RECT, "Rect", as.rect, &rect_type),
                                  JB_NULLARY(SHAPE_EMPTY, "Empty"));

const jb_type person_type = JB_RECORD(
    (person, .rename = JB_RENAME_CAMEL), JB_FIELD(person, user_id, &jb_u32),
    JB_FIELD(person, full_name, &jb_cstr, .aliases = JB_ALIASES("name")),
    JB_OPTIONAL(person, email, has_email, &jb_cstr),
    JB_FIELD(person, level, &jb_i16, .default_json = "1"), JB_FIELD(person, badge, &shape_type));
