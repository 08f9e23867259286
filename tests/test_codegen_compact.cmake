# SPDX-License-Identifier: MIT
# test_codegen_compact: test_codegen.c over the zoo's codecs written in the
# compact forms (tests/codegen_compact_gen.c lowers the threshold).
# Not through jbind_generate: the file keeps test_codegen's prefix
# (jbgen_zoo, which fuzz_codegen.c attaches) in a directory of its own.
set(JB_FUZZ_DIR ${PROJECT_SOURCE_DIR}/fuzz)
add_executable(codegen_compact_gen ${CMAKE_CURRENT_SOURCE_DIR}/codegen_compact_gen.c
  ${JB_FUZZ_DIR}/zoo.c)
target_include_directories(codegen_compact_gen PRIVATE ${JB_FUZZ_DIR} ${PROJECT_SOURCE_DIR}/src)
target_link_libraries(codegen_compact_gen PRIVATE jbind_static)
set(jb_compact_out ${CMAKE_CURRENT_BINARY_DIR}/compact/jbgen_zoo.c)
file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/compact)
add_custom_command(OUTPUT ${jb_compact_out}
  COMMAND codegen_compact_gen ${jb_compact_out} jbgen_zoo
  DEPENDS codegen_compact_gen
  COMMENT "jbind: generating the zoo's codecs in the compact forms"
  VERBATIM)
target_sources(test_codegen_compact PRIVATE ${jb_compact_out} ${JB_FUZZ_DIR}/fuzz_codegen.c ${JB_FUZZ_DIR}/zoo.c)
target_include_directories(test_codegen_compact PRIVATE ${JB_FUZZ_DIR})
find_library(JB_TEST_LIBM m)
if(JB_TEST_LIBM)
  target_link_libraries(test_codegen_compact PRIVATE ${JB_TEST_LIBM})
  target_link_libraries(codegen_compact_gen PRIVATE ${JB_TEST_LIBM})
endif()
