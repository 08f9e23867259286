/* SPDX-License-Identifier: MIT */
/*
 * api_pull.h — a naming layer over the pull-style readers, so that one
 * routine per model (m_pull.inc) serves both:
 *   P_SIMDJSON  simdjson On-Demand (parser reused, input already padded):
 *               iterate each object's fields, dispatch on the key, read the
 *               value in place — the way On-Demand is meant to be used for
 *               filling structs
 *   P_HAND      a hand-written recursive-descent reader with strtoll/strtod:
 *               the floor a C programmer writes without a library
 * PV is the current value (simdjson: ondemand::value&, hand: cursor *).
 *   P_OBJ_FOREACH(v, k, fv) { if (KEY_IS(k, "a")) ...; else P_SKIP(fv); }
 *   P_ARR_FOREACH(v, ev) { ... }
 * Every field value must be consumed (read or P_SKIP) inside the loop.
 */
#ifndef BENCH_API_PULL_H
#define BENCH_API_PULL_H

#include <errno.h>
#include <stdlib.h>

#include "harness.h"


#if defined(P_SIMDJSON)
#include <simdjson.h>
namespace od = simdjson::ondemand;
typedef od::value &PV;
#define P_OBJ_FOREACH(v, k, fv)                                                     \
    od::object k##_obj;                                                             \
    if ((v).get_object().get(k##_obj)) return -1;                                   \
    for (auto k##_r : k##_obj)                                                      \
        if (k##_r.error()) return -1;                                               \
        else if (od::field k##_f = std::move(k##_r.value_unsafe()); false) {}       \
        else if (std::string_view k##_sv; k##_f.unescaped_key().get(k##_sv)) return -1; \
        else if (jb_str k = {k##_sv.data(), k##_sv.size()}; false) {}              \
        else if (od::value fv = k##_f.value(); false) {}                           \
        else
#define P_ARR_FOREACH(v, ev)                                                        \
    od::array ev##_arr;                                                             \
    if ((v).get_array().get(ev##_arr)) return -1;                                   \
    for (auto ev##_r : ev##_arr)                                                    \
        if (ev##_r.error()) return -1;                                              \
        else if (od::value ev = ev##_r.value_unsafe(); false) {}                   \
        else
#define P_SKIP(v) ((void)0) /* On-Demand skips what is not read */
#define P_ERR(v) 0
static inline int p_i64(PV v, int64_t *o) { return v.get_int64().get(*o) ? -1 : 0; }
static inline int p_u64(PV v, uint64_t *o) { return v.get_uint64().get(*o) ? -1 : 0; }
static inline int p_f64(PV v, double *o) { return v.get_double().get(*o) ? -1 : 0; }
static inline int p_bool(PV v, bool *o) { return v.get_bool().get(*o) ? -1 : 0; }
static inline int p_str(PV v, bench_arena *a, jb_str *o) {
    std::string_view sv;
    if (v.get_string().get(sv)) return -1;
    *o = ba_str(a, sv.data(), sv.size());
    return 0;
}
/* 1 if the value is null (consumed), 0 if not (untouched), -1 on error */
static inline int p_null(PV v) {
    bool n;
    if (v.is_null().get(n)) return -1;
    return n ? 1 : 0;
}
static inline bool p_is_str(PV v) {
    od::json_type t;
    return !v.type().get(t) && t == od::json_type::string;
}
od::parser &sj_parser(void);
#define P_CASE(name, T, fn)                                                         \
    extern "C" int PFX(dec_##name)(bench_io *io) {                                  \
        od::document doc;                                                           \
        if (sj_parser().iterate(io->in, io->in_len, io->in_len + simdjson::SIMDJSON_PADDING) \
                .get(doc))                                                          \
            return -1;                                                              \
        od::value root;                                                             \
        if (doc.get_value().get(root)) return -1;                                   \
        return fn(root, (T *)io->out, io->arena);                                   \
    }
/* a document that is one string (enum cases) */
#define P_ROOT_STR_CASE(name, fn)                                                   \
    extern "C" int PFX(dec_##name)(bench_io *io) {                                  \
        od::document doc;                                                           \
        if (sj_parser().iterate(io->in, io->in_len, io->in_len + simdjson::SIMDJSON_PADDING) \
                .get(doc))                                                          \
            return -1;                                                              \
        std::string_view sv;                                                        \
        if (doc.get_string().get(sv)) return -1;                                    \
        return fn(sv.data(), sv.size(), io->out);                                   \
    }

#elif defined(P_HAND)
typedef struct hcur {
    const char *p, *end;
    int err;
    bench_arena *arena;
} hcur;
typedef hcur *PV;
static inline void h_ws(hcur *c) {
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\n' || *c->p == '\r' || *c->p == '\t'))
        c->p++;
}
static inline int h_fail(hcur *c) {
    c->err = 1;
    c->p = c->end;
    return -1;
}
int h_string_raw(hcur *c, bench_arena *a, jb_str *out); /* hand.c */
int h_skip(hcur *c);
/* object iteration: *st 0 before '{', 1 inside */
static inline int h_obj_next(hcur *c, int *st, jb_str *key) {
    h_ws(c);
    if (c->p >= c->end) { h_fail(c); return 0; }
    if (*st == 0) {
        if (*c->p != '{') { h_fail(c); return 0; }
        c->p++;
        h_ws(c);
        *st = 1;
        if (c->p < c->end && *c->p == '}') { c->p++; return 0; }
    } else {
        if (*c->p == '}') { c->p++; return 0; }
        if (*c->p != ',') { h_fail(c); return 0; }
        c->p++;
        h_ws(c);
    }
    if (h_string_raw(c, c->arena, key)) return 0;
    h_ws(c);
    if (c->p >= c->end || *c->p != ':') { h_fail(c); return 0; }
    c->p++;
    h_ws(c);
    return 1;
}
static inline int h_arr_next(hcur *c, int *st) {
    h_ws(c);
    if (c->p >= c->end) { h_fail(c); return 0; }
    if (*st == 0) {
        if (*c->p != '[') { h_fail(c); return 0; }
        c->p++;
        h_ws(c);
        *st = 1;
        if (c->p < c->end && *c->p == ']') { c->p++; return 0; }
        return 1;
    }
    if (*c->p == ']') { c->p++; return 0; }
    if (*c->p != ',') { h_fail(c); return 0; }
    c->p++;
    h_ws(c);
    return 1;
}
#define P_OBJ_FOREACH(v, k, fv)                                                     \
    jb_str k;                                                                       \
    PV fv = (v);                                                                    \
    for (int k##_st = 0; h_obj_next((v), &k##_st, &k);)
#define P_ARR_FOREACH(v, ev)                                                        \
    PV ev = (v);                                                                    \
    for (int ev##_st = 0; h_arr_next((v), &ev##_st);)
#define P_SKIP(v) h_skip(v)
#define P_ERR(v) ((v)->err ? -1 : 0)
static inline int h_num_end_ok(const char *e) {
    return *e != '.' && *e != 'e' && *e != 'E';
}
static inline int p_i64(PV c, int64_t *o) {
    char *e;
    errno = 0;
    long long x = strtoll(c->p, &e, 10);
    if (e == c->p || errno || !h_num_end_ok(e)) return h_fail(c);
    c->p = e;
    *o = x;
    return 0;
}
static inline int p_u64(PV c, uint64_t *o) {
    char *e;
    if (*c->p == '-') return h_fail(c);
    errno = 0;
    unsigned long long x = strtoull(c->p, &e, 10);
    if (e == c->p || errno || !h_num_end_ok(e)) return h_fail(c);
    c->p = e;
    *o = x;
    return 0;
}
static inline int p_f64(PV c, double *o) {
    char *e;
    double x = strtod(c->p, &e);
    if (e == c->p) return h_fail(c);
    c->p = e;
    *o = x;
    return 0;
}
static inline int p_bool(PV c, bool *o) {
    if (c->end - c->p >= 4 && memcmp(c->p, "true", 4) == 0) { c->p += 4; *o = true; return 0; }
    if (c->end - c->p >= 5 && memcmp(c->p, "false", 5) == 0) { c->p += 5; *o = false; return 0; }
    return h_fail(c);
}
static inline int p_str(PV c, bench_arena *a, jb_str *o) { return h_string_raw(c, a, o); }
static inline int p_null(PV c) {
    if (c->end - c->p >= 4 && memcmp(c->p, "null", 4) == 0) { c->p += 4; return 1; }
    return 0;
}
static inline bool p_is_str(PV c) { return c->p < c->end && *c->p == '"'; }
#define P_CASE(name, T, fn)                                                         \
    int PFX(dec_##name)(bench_io *io) {                                             \
        hcur c = {io->in, io->in + io->in_len, 0, io->arena};                       \
        h_ws(&c);                                                                   \
        int r = fn(&c, (T *)io->out, io->arena);                                    \
        h_ws(&c);                                                                   \
        return (r || c.err || c.p != c.end) ? -1 : 0;                               \
    }
#define P_ROOT_STR_CASE(name, fn)                                                   \
    int PFX(dec_##name)(bench_io *io) {                                             \
        hcur c = {io->in, io->in + io->in_len, 0, io->arena};                       \
        jb_str s;                                                                   \
        h_ws(&c);                                                                   \
        if (h_string_raw(&c, io->arena, &s)) return -1;                             \
        h_ws(&c);                                                                   \
        if (c.p != c.end) return -1;                                                \
        return fn(s.ptr, s.len, io->out);                                           \
    }
#else
#error "define a pull backend"
#endif

/* Grow-by-doubling vector in the arena, for arrays of unknown length. */
#define P_VEC_PUSH(arena, bv, T) ((T *)ba_vec_push((arena), &(bv)))
#define P_VEC_INIT(bv, T) ((bv).items = NULL, (bv).len = 0, (bv).cap = 0, (bv).elem = sizeof(T))
#define P_VEC_DONE(bv, vec, T) ((vec).items = (T *)(bv).items, (vec).len = (bv).len)

#endif
