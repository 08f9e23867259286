# SPDX-License-Identifier: MIT
# test_codegen: the zoo's generated codecs (written at build time by
# fuzz/codegen_zoo_gen.c through jbind_generate) against the interpreter.
set(JB_FUZZ_DIR ${PROJECT_SOURCE_DIR}/fuzz)
jbind_generate(TARGET test_codegen NAME jbgen_zoo MAIN ${JB_FUZZ_DIR}/codegen_zoo_gen.c
  SOURCES ${JB_FUZZ_DIR}/zoo.c)
target_include_directories(jbgen_zoo_generator PRIVATE ${JB_FUZZ_DIR})
target_sources(test_codegen PRIVATE ${JB_FUZZ_DIR}/fuzz_codegen.c ${JB_FUZZ_DIR}/zoo.c)
target_include_directories(test_codegen PRIVATE ${JB_FUZZ_DIR})
find_library(JB_TEST_LIBM m)
if(JB_TEST_LIBM)
  target_link_libraries(test_codegen PRIVATE ${JB_TEST_LIBM})
  target_link_libraries(jbgen_zoo_generator PRIVATE ${JB_TEST_LIBM})
endif()
