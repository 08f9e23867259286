/* SPDX-License-Identifier: MIT */
/*
 * dom_yyjson.c — yyjson's DOM for the DOM cases (dom.h): yyjson_read into a
 * fresh immutable document (the previous one freed first, inside the timed
 * parse), yyjson_write for print (a malloc'd string, freed per print). Built
 * only when ../shared/peers/yyjson is present (bench/CMakeLists.txt).
 */
#include <stdlib.h>
#include <yyjson.h>

#include "dom.h"

int dom_yyjson_parse(bench_io *io) {
    if (io->state) yyjson_doc_free((yyjson_doc *)io->state);
    yyjson_read_err e;
    io->state = yyjson_read_opts((char *)(uintptr_t)io->in, io->in_len, YYJSON_READ_NOFLAG, NULL, &e);
    if (!io->state) {
        char at[64];
        snprintf(at, sizeof at, "at byte %zu", e.pos);
        dom_set_err(io, e.msg, at);
        return -1;
    }
    return 0;
}
static void yy_release(bench_io *io) { free((void *)(uintptr_t)io->enc); }
int dom_yyjson_print(bench_io *io) {
    size_t n = 0;
    char *s = yyjson_write((const yyjson_doc *)io->state, YYJSON_WRITE_NOFLAG, &n);
    if (!s) {
        dom_set_err(io, "yyjson_write failed", NULL);
        return -1;
    }
    io->enc = s;
    io->enc_len = n;
    io->enc_release = yy_release;
    return 0;
}
static jb_value *walk(yyjson_val *v, jb_arena *a) {
    switch (yyjson_get_type(v)) {
    case YYJSON_TYPE_NULL: return jb_value_new_null(a);
    case YYJSON_TYPE_BOOL: return jb_value_new_bool(a, yyjson_get_bool(v));
    case YYJSON_TYPE_NUM:
        if (yyjson_is_uint(v)) return jb_value_new_u64(a, yyjson_get_uint(v));
        if (yyjson_is_sint(v)) return jb_value_new_i64(a, yyjson_get_sint(v));
        return jb_value_new_f64(a, yyjson_get_real(v));
    case YYJSON_TYPE_STR: return jb_value_new_string(a, yyjson_get_str(v), yyjson_get_len(v));
    case YYJSON_TYPE_ARR: {
        jb_value *r = jb_value_new_array(a);
        size_t i, n;
        yyjson_val *e;
        yyjson_arr_foreach(v, i, n, e) {
            if (!r) break;
            r = dom_arr_add(r, walk(e, a), a);
        }
        return r;
    }
    case YYJSON_TYPE_OBJ: {
        jb_value *r = jb_value_new_object(a);
        size_t i, n;
        yyjson_val *k, *e;
        yyjson_obj_foreach(v, i, n, k, e) {
            if (!r) break;
            r = dom_obj_set(r, yyjson_get_str(k), yyjson_get_len(k), walk(e, a), a);
        }
        return r;
    }
    default: return NULL;
    }
}
jb_value *dom_yyjson_to_value(bench_io *io, jb_arena *a) {
    return io->state ? walk(yyjson_doc_get_root((yyjson_doc *)io->state), a) : NULL;
}
void dom_yyjson_close(bench_io *io) {
    if (io->state) yyjson_doc_free((yyjson_doc *)io->state);
    io->state = NULL;
}
