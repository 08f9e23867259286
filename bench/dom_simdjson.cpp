/* SPDX-License-Identifier: MIT */
// dom_simdjson.cpp — simdjson's DOM for the DOM cases (dom.h): a reused
// dom::parser (as simdjson recommends: its buffers are kept between
// documents), simdjson::to_string for print (a std::string per call, which
// is how its users get the text). Built with -march=native like the
// On-Demand peer (bench/CMakeLists.txt).
#include <simdjson.h>

#include <string>

#include "dom.h"

using namespace simdjson;

static dom::parser &parser() {
    static dom::parser p;
    return p;
}
static dom::element root;
static bool have_root;
static std::string out;

int dom_simdjson_parse(bench_io *io) {
    auto r = parser().parse(reinterpret_cast<const uint8_t *>(io->in), io->in_len, false); // input is padded
    if (r.error()) {
        snprintf(io->errmsg, sizeof io->errmsg, "simdjson: %s", error_message(r.error()));
        have_root = false;
        return -1;
    }
    root = r.value_unsafe();
    have_root = true;
    io->state = &root;
    return 0;
}
int dom_simdjson_print(bench_io *io) {
    if (!have_root) return -1;
    out = simdjson::to_string(root);
    io->enc = out.data();
    io->enc_len = out.size();
    return 0;
}
static jb_value *walk(dom::element e, jb_arena *a) {
    switch (e.type()) {
    case dom::element_type::NULL_VALUE: return jb_value_new_null(a);
    case dom::element_type::BOOL: return jb_value_new_bool(a, e.get_bool().value_unsafe());
    case dom::element_type::INT64: return jb_value_new_i64(a, e.get_int64().value_unsafe());
    case dom::element_type::UINT64: return jb_value_new_u64(a, e.get_uint64().value_unsafe());
    case dom::element_type::DOUBLE: return jb_value_new_f64(a, e.get_double().value_unsafe());
    case dom::element_type::STRING: {
        std::string_view s = e.get_string().value_unsafe();
        return jb_value_new_string(a, s.data(), s.size());
    }
    case dom::element_type::ARRAY: {
        jb_value *r = jb_value_new_array(a);
        dom::array arr = e.get_array().value_unsafe(); // a local: the result object is a temporary
        for (dom::element c : arr) {
            if (!r) break;
            r = dom_arr_add(r, walk(c, a), a);
        }
        return r;
    }
    case dom::element_type::OBJECT: {
        jb_value *r = jb_value_new_object(a);
        dom::object obj = e.get_object().value_unsafe();
        for (dom::key_value_pair kv : obj) {
            if (!r) break;
            r = dom_obj_set(r, kv.key.data(), kv.key.size(), walk(kv.value, a), a);
        }
        return r;
    }
    }
    return nullptr;
}
jb_value *dom_simdjson_to_value(bench_io *io, jb_arena *a) { return have_root ? walk(root, a) : nullptr; }
void dom_simdjson_close(bench_io *io) {
    have_root = false;
    io->state = nullptr;
}
