/* SPDX-License-Identifier: MIT */
/*
 * unode.h — a recursive untagged sum shared by the deep-nesting tests
 * (test_decode.c, test_linear.c): a number, or a list of these.
 */
#ifndef JB_TEST_UNODE_H
#define JB_TEST_UNODE_H

#include "jbind.h"

typedef struct unode {
    int tag;
    union { int64_t num; JB_VEC(struct unode) list; } as;
} unode;
static const jb_type unode_type;
static const jb_type unode_type = JB_SUM((unode, .sum_style = JB_SUM_UNTAGGED), tag,
    JB_CASE(unode, 1, "Num", as.num, &jb_i64), JB_CASE(unode, 2, "List", as.list, JB_VEC_OF(&unode_type)));

#endif
