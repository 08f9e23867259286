/* SPDX-License-Identifier: MIT */
/* stream_pt.h — the small record the stream tests decode: {"x":1,"name":"a"}. */
#ifndef STREAM_PT_H
#define STREAM_PT_H

#include "jbind.h"

typedef struct pt {
    int32_t x;
    jb_str name;
} pt;
static const jb_type pt_type =
    JB_RECORD(pt, JB_FIELD(pt, x, &jb_i32), JB_FIELD(pt, name, &jb_string));

#endif
