/* SPDX-License-Identifier: MIT */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

typedef enum { ROLE_ADMIN = 1, ROLE_USER = 2, ROLE_GUEST = 7 } role;
static const jb_type role_type = JB_ENUM(role,
    JB_ENUM_CASE(ROLE_ADMIN, "admin"),
    JB_ENUM_CASE(ROLE_USER,  "user"),
    JB_ENUM_CASE(ROLE_GUEST, "guest"));

typedef struct { double x, y; } point;                 /* a tuple: [x, y] */
static const jb_type point_type = JB_TUPLE(point,
    JB_ELEM(point, x, &jb_f64),
    JB_ELEM(point, y, &jb_f64));

typedef struct {
    char *name;
    int64_t id;
    role role;
    bool has_email; char *email;                       /* optional: presence flag */
    point *home;                                       /* optional: NULL = absent */
    JB_VEC(char *) tags;                               /* .items, .len */
    JB_MAP(char *, int32_t) scores;                    /* .items[i].key / .value, .len */
} user;
static const jb_type user_type = JB_RECORD(user,
    JB_FIELD(user, name, &jb_cstr),
    JB_FIELD(user, id, &jb_i64),
    JB_FIELD(user, role, &role_type),
    JB_OPTIONAL(user, email, has_email, &jb_cstr),
    JB_FIELD(user, home, JB_PTR_OF(&point_type)),
    JB_FIELD(user, tags, JB_VEC_OF(&jb_cstr)),
    JB_FIELD(user, scores, JB_MAP_OF(&jb_cstr, &jb_i32)));

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
