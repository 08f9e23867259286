/* SPDX-License-Identifier: MIT */
/*
 * test_codegen_compact — test_codegen over the compact forms: the zoo's
 * codecs written with the compact threshold at 0 (every record a table and
 * jb_gen_record / jb_gen_w_record, every enum jb_gen_w_enum: codegen.md,
 * "Compact forms"), by the generator tests/codegen_compact_gen.c.
 * The same checks as test_codegen (hand-picked documents on the generated
 * path alone, the error table, the differential harness, the corpus), plus
 * that the file holds the compact forms and no straight-line record.
 */
#define JB_TEST_COMPACT 1
#include "test_codegen.c"
