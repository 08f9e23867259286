/* SPDX-License-Identifier: MIT */
/*
 * codegen_zoo_gen — writes the generated codecs of the zoo's descriptors
 * (codegen_zoo.h): `codegen_zoo_gen OUT.c jbgen_zoo`. The zoo's
 * descriptors are static, so the roots have no symbols and the programs
 * attach the file with jbgen_zoo_attach_roots.
 */
#include "codegen_zoo.h"

int main(int argc, char **argv) {
    const jb_type *types[128];
    jb_codegen_root roots[128];
    size_t n = zoo_roots(types);
    for (size_t i = 0; i < n; i++) roots[i] = (jb_codegen_root){types[i], NULL};
    return jb_codegen_main(argc, argv, roots, n);
}
