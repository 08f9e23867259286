/* SPDX-License-Identifier: MIT */
/*
 * codegen_compact_gen — fuzz/codegen_zoo_gen.c with the compact
 * threshold at 0: `codegen_compact_gen OUT.c jbgen_zoo` writes the
 * zoo's codecs with every record and enum in the compact form, for
 * test_codegen_compact (which sets the same threshold before attaching).
 */
#include "codegen.h"
#include "codegen_zoo.h"

int main(int argc, char **argv) {
    const jb_type *types[128];
    jb_codegen_root roots[128];
    size_t n = zoo_roots(types);
    for (size_t i = 0; i < n; i++) roots[i] = (jb_codegen_root){types[i], NULL};
    jb__cg_compact_min = 0;
    return jb_codegen_main(argc, argv, roots, n);
}
