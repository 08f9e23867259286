/* SPDX-License-Identifier: MIT */
/* dom_jsonc.c — json-c for the DOM cases (dom.h): json_tokener_parse_ex
 * with a reused tokener; json_object_to_json_string_length (the text is
 * owned by the object, whose print buffer is reused). */
#include <json-c/json.h>
#include <string.h>

#include "dom.h"

/* ---------------- json-c: json_tokener_parse_ex / json_object_to_json_string_ext ---------------- */
static json_tokener *jsonc_tok;
int dom_jsonc_parse(bench_io *io) {
    if (io->state) json_object_put((json_object *)io->state);
    if (!jsonc_tok) jsonc_tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH);
    json_tokener_reset(jsonc_tok);
    io->state = json_tokener_parse_ex(jsonc_tok, io->in, (int)io->in_len);
    enum json_tokener_error e = json_tokener_get_error(jsonc_tok);
    if (!io->state || e != json_tokener_success) {
        dom_set_err(io, "json_tokener_parse_ex", json_tokener_error_desc(e));
        return -1;
    }
    return 0;
}
int dom_jsonc_print(bench_io *io) {
    size_t n = 0;
    /* PLAIN: compact; NOSLASHESCAPE: '/' as is, as the other libraries write it */
    const char *s = json_object_to_json_string_length((json_object *)io->state,
                                                      JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &n);
    if (!s) {
        dom_set_err(io, "json_object_to_json_string_length failed", NULL);
        return -1;
    }
    io->enc = s; /* owned by the object (its print buffer is reused) */
    io->enc_len = n;
    return 0;
}
static jb_value *jsonc_walk(json_object *j, jb_arena *a) {
    switch (json_object_get_type(j)) {
    case json_type_null: return jb_value_new_null(a);
    case json_type_boolean: return jb_value_new_bool(a, json_object_get_boolean(j));
    case json_type_int: return jb_value_new_i64(a, json_object_get_int64(j));
    case json_type_double: return jb_value_new_f64(a, json_object_get_double(j));
    case json_type_string:
        return jb_value_new_string(a, json_object_get_string(j), (size_t)json_object_get_string_len(j));
    case json_type_array: {
        jb_value *r = jb_value_new_array(a);
        for (size_t i = 0, n = json_object_array_length(j); i < n && r; i++)
            r = dom_arr_add(r, jsonc_walk(json_object_array_get_idx(j, i), a), a);
        return r;
    }
    case json_type_object: {
        jb_value *r = jb_value_new_object(a);
        json_object_object_foreach(j, k, v) {
            if (!r) break;
            r = dom_obj_set(r, k, strlen(k), jsonc_walk(v, a), a);
        }
        return r;
    }
    }
    return NULL;
}
jb_value *dom_jsonc_to_value(bench_io *io, jb_arena *a) { return jsonc_walk((json_object *)io->state, a); }
void dom_jsonc_close(bench_io *io) {
    if (io->state) json_object_put((json_object *)io->state);
    io->state = NULL;
}

