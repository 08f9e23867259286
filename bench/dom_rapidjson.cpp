/* SPDX-License-Identifier: MIT */
// dom_rapidjson.cpp — RapidJSON's Document for the DOM cases (dom.h):
// Document::Parse<kParseFullPrecisionFlag> (its default parse is not
// correctly rounded) into a fresh Document per parse (freeing the previous
// one is inside the timed operation, as for the malloc-based C peers);
// Writer<StringBuffer> for print, buffer and writer reused.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <new>

#include "dom.h"

using namespace rapidjson;

int dom_rapidjson_parse(bench_io *io) {
    delete static_cast<Document *>(io->state);
    Document *d = new Document();
    io->state = d;
    d->Parse<kParseFullPrecisionFlag>(io->in, io->in_len);
    if (d->HasParseError()) {
        snprintf(io->errmsg, sizeof io->errmsg, "RapidJSON parse error %d at %zu", (int)d->GetParseError(),
                 d->GetErrorOffset());
        return -1;
    }
    return 0;
}
static StringBuffer &sbuf() {
    static StringBuffer sb;
    return sb;
}
int dom_rapidjson_print(bench_io *io) {
    static Writer<StringBuffer> w;
    StringBuffer &sb = sbuf();
    sb.Clear();
    w.Reset(sb);
    if (!static_cast<Document *>(io->state)->Accept(w)) {
        snprintf(io->errmsg, sizeof io->errmsg, "RapidJSON Writer failed");
        return -1;
    }
    io->enc = sb.GetString();
    io->enc_len = sb.GetSize();
    return 0;
}
static jb_value *walk(const Value &v, jb_arena *a) {
    if (v.IsNull()) return jb_value_new_null(a);
    if (v.IsBool()) return jb_value_new_bool(a, v.GetBool());
    if (v.IsInt64()) return jb_value_new_i64(a, v.GetInt64());
    if (v.IsUint64()) return jb_value_new_u64(a, v.GetUint64());
    if (v.IsNumber()) return jb_value_new_f64(a, v.GetDouble());
    if (v.IsString()) return jb_value_new_string(a, v.GetString(), v.GetStringLength());
    if (v.IsArray()) {
        jb_value *r = jb_value_new_array(a);
        for (const Value &c : v.GetArray()) {
            if (!r) break;
            r = dom_arr_add(r, walk(c, a), a);
        }
        return r;
    }
    if (v.IsObject()) {
        jb_value *r = jb_value_new_object(a);
        for (const auto &m : v.GetObject()) {
            if (!r) break;
            r = dom_obj_set(r, m.name.GetString(), m.name.GetStringLength(), walk(m.value, a), a);
        }
        return r;
    }
    return nullptr;
}
jb_value *dom_rapidjson_to_value(bench_io *io, jb_arena *a) {
    return io->state ? walk(*static_cast<Document *>(io->state), a) : nullptr;
}
void dom_rapidjson_close(bench_io *io) {
    delete static_cast<Document *>(io->state);
    io->state = nullptr;
}
