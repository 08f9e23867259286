/* SPDX-License-Identifier: MIT */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

#define ROLE(F) F(ROLE_ADMIN, "admin", 1) F(ROLE_USER, "user", 2) F(ROLE_GUEST, "guest", 7)
JB_ENUM_DEFINE(role, ROLE);                            /* enum role + role_type */

#define POINT(F) F(x, double) F(y, double)
JB_TUPLE_DEFINE(point, POINT);                         /* a tuple: [x, y] */

#define USER(F)                                                            \
    F(name, char *)                                    /* picked by type */ \
    F(id, int64_t)                                                         \
    F(role, role, &role_type)                                              \
    F(email, JB_MAYBE(char *))                         /* bool has_email */ \
    F(home, point *, JB_PTR_OF(&point_type))           /* NULL = absent */ \
    F(tags, JB_VEC(char *))                            /* .items, .len */ \
    F(scores, JB_MAP(char *, int32_t))                 /* .items[i].key / .value */
JB_RECORD_DEFINE(user, USER);                          /* struct user + user_type */

int main(void) {
    const char *in = "{\"name\":\"Ada\",\"id\":42,\"role\":\"admin\",\"tags\":[\"x\"],"
                     "\"scores\":{\"chess\":1800}}";
    jb_arena *arena = jb_arena_new();
    jb_error err;
    user u;
    if (jb_decode(&user_type, in, strlen(in), &u, arena, NULL, &err) != JB_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    jb_buf out = JB_BUF_INIT;
    jb_encode(&user_type, &u, &out, NULL, &err);
    fwrite(out.data, 1, out.len, stdout);              /* the same JSON as `in` */
    jb_buf_free(&out);
    jb_arena_free(arena);
    return 0;
}
