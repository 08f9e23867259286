/* SPDX-License-Identifier: MIT */
/*
 * dom.h — the DOM cases (issue 6 part 8, issue 3 item 6): every corpus file
 * parsed into each library's own document tree and printed back, compact.
 *
 * Per library four functions (bench/dom_c.c, dom_simdjson.cpp,
 * dom_rapidjson.cpp):
 *   parse(io)     io->in -> the library's document, held in io->state; the
 *                 previous document is released first, so that the cost of
 *                 freeing a tree is inside the timed operation for the
 *                 libraries that free node by node (jbind: jb_value_parse
 *                 into io->jarena, which the harness resets per operation;
 *                 simdjson: its reused dom::parser).
 *   print(io)     io->state -> io->enc / io->enc_len (compact JSON).
 *   to_value(io, arena)  the document as a jb_value tree (the parse gate:
 *                 it must equal jbind's parse of the file).
 *   close(io)     release the document.
 * The print gate: the printed text, parsed by jb_value_parse, must equal
 * (jb_value_equal) jbind's parse of the original file.
 */
#ifndef BENCH_DOM_H
#define BENCH_DOM_H

#include "harness.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dom_lib {
    bench_fn parse, print;
    jb_value *(*to_value)(bench_io *io, jb_arena *a);
    void (*close)(bench_io *io);
} dom_lib;

#define DOM_DECL(l)                                                              \
    int dom_##l##_parse(bench_io *io);                                           \
    int dom_##l##_print(bench_io *io);                                           \
    jb_value *dom_##l##_to_value(bench_io *io, jb_arena *a);                     \
    void dom_##l##_close(bench_io *io);
DOM_DECL(jbind)
DOM_DECL(simdjson)
DOM_DECL(rapidjson)
DOM_DECL(jansson)
DOM_DECL(jsonc)
DOM_DECL(cjson)
DOM_DECL(yyjson)

/* The library's functions for a DOM case (NULL: the library has no DOM here). */
const dom_lib *dom_lib_of(int lib);

/* helpers shared by the walkers (dom_c.c) */
jb_value *dom_obj_set(jb_value *obj, const char *k, size_t klen, jb_value *v, jb_arena *a);
jb_value *dom_arr_add(jb_value *arr, jb_value *v, jb_arena *a);
void dom_set_err(bench_io *io, const char *what, const char *detail);

#ifdef __cplusplus
}
#endif

#endif
