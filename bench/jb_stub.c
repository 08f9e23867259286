/* SPDX-License-Identifier: MIT */
/* jb_stub.c — stands in for the jbind library when it does not build yet
 * (cmake -DJB_BENCH_STUB=ON), so that the peers can still be measured:
 * every jbind call fails with JB_E_ARG and jbind's rows read FAILED. */
#include <stdlib.h>
#include <string.h>

#include "jbind.h"

#define SCALAR(n, k) const jb_type n = {.kind = k, .name = #n};
SCALAR(jb_bool, JB_KIND_BOOL)
SCALAR(jb_i8, JB_KIND_I8) SCALAR(jb_i16, JB_KIND_I16) SCALAR(jb_i32, JB_KIND_I32) SCALAR(jb_i64, JB_KIND_I64)
SCALAR(jb_u8, JB_KIND_U8) SCALAR(jb_u16, JB_KIND_U16) SCALAR(jb_u32, JB_KIND_U32) SCALAR(jb_u64, JB_KIND_U64)
SCALAR(jb_f32, JB_KIND_F32) SCALAR(jb_f64, JB_KIND_F64) SCALAR(jb_cstr, JB_KIND_CSTR)
SCALAR(jb_string, JB_KIND_STR) SCALAR(jb_raw, JB_KIND_RAW) SCALAR(jb_number, JB_KIND_NUMBER)

struct jb_arena { int unused; };
jb_arena *jb_arena_new(void) { return calloc(1, sizeof(jb_arena)); }
void jb_arena_reset(jb_arena *a) { (void)a; }
void jb_arena_free(jb_arena *a) { free(a); }
const char *jb_status_name(jb_status s) { (void)s; return "JB_E_ARG (stub: jbind not built)"; }
jb_status jb_decode(const jb_type *t, const char *j, size_t n, void *o, jb_arena *a,
                    const jb_read_options *opts, jb_error *e) {
    (void)t; (void)j; (void)n; (void)o; (void)a; (void)opts;
    if (e) { memset(e, 0, sizeof *e); e->code = JB_E_ARG; strcpy(e->message, "stub"); }
    return JB_E_ARG;
}
jb_status jb_encode(const jb_type *t, const void *v, jb_buf *b, const jb_write_options *o, jb_error *e) {
    (void)t; (void)v; (void)b; (void)o;
    if (e) { memset(e, 0, sizeof *e); e->code = JB_E_ARG; strcpy(e->message, "stub"); }
    return JB_E_ARG;
}
/* the dynamic value (DOM cases): every call fails */
jb_status jb_value_parse(const char *j, size_t n, jb_value **out, jb_arena *a, const jb_read_options *o,
                         jb_error *e) {
    (void)j; (void)n; (void)a; (void)o;
    if (out) *out = NULL;
    if (e) { memset(e, 0, sizeof *e); e->code = JB_E_ARG; strcpy(e->message, "stub"); }
    return JB_E_ARG;
}
jb_status jb_value_print(const jb_value *v, jb_buf *b, const jb_write_options *o, jb_error *e) {
    (void)v; (void)b; (void)o;
    if (e) { memset(e, 0, sizeof *e); e->code = JB_E_ARG; strcpy(e->message, "stub"); }
    return JB_E_ARG;
}
bool jb_value_equal(const jb_value *a, const jb_value *b) { (void)a; (void)b; return false; }
jb_value *jb_value_copy(const jb_value *v, jb_arena *a) { (void)v; (void)a; return NULL; }
jb_value *jb_value_new_null(jb_arena *a) { (void)a; return NULL; }
jb_value *jb_value_new_bool(jb_arena *a, bool b) { (void)a; (void)b; return NULL; }
jb_value *jb_value_new_i64(jb_arena *a, int64_t n) { (void)a; (void)n; return NULL; }
jb_value *jb_value_new_u64(jb_arena *a, uint64_t n) { (void)a; (void)n; return NULL; }
jb_value *jb_value_new_f64(jb_arena *a, double d) { (void)a; (void)d; return NULL; }
jb_value *jb_value_new_string(jb_arena *a, const char *s, size_t n) { (void)a; (void)s; (void)n; return NULL; }
jb_value *jb_value_new_array(jb_arena *a) { (void)a; return NULL; }
jb_value *jb_value_new_object(jb_arena *a) { (void)a; return NULL; }
jb_status jb_value_array_append(jb_value *arr, jb_value *el, jb_arena *a) { (void)arr; (void)el; (void)a; return JB_E_ARG; }
jb_status jb_value_object_set(jb_value *o, const char *k, size_t n, jb_value *v, jb_arena *a) {
    (void)o; (void)k; (void)n; (void)v; (void)a;
    return JB_E_ARG;
}
