# SPDX-License-Identifier: MIT
# test_schema exports schemas for the fuzz zoo, the pandoc AST and the bench
# corpus models (twitter, citm_catalog, canada), so it links their
# descriptors. The corpus models' header includes bench's generated
# lu_gen.h: it is generated here the way bench/ does (skipped without
# Python, and then the corpus models are left out).
set(JB_FUZZ_DIR ${PROJECT_SOURCE_DIR}/fuzz)
set(JB_PANDOC_DIR ${PROJECT_SOURCE_DIR}/examples/pandoc)
target_sources(test_schema PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/schema_set.c ${JB_FUZZ_DIR}/zoo.c
  ${JB_PANDOC_DIR}/pandoc_types.c)
target_include_directories(test_schema PRIVATE ${JB_FUZZ_DIR} ${JB_PANDOC_DIR})
find_library(JB_TEST_LIBM m)
if(JB_TEST_LIBM)
  target_link_libraries(test_schema PRIVATE ${JB_TEST_LIBM})
endif()
find_package(Python3 COMPONENTS Interpreter)
if(Python3_Interpreter_FOUND AND EXISTS ${PROJECT_SOURCE_DIR}/bench/jb_corpus_desc.c)
  set(JB_SCHEMA_GEN ${CMAKE_CURRENT_BINARY_DIR}/schema_gen)
  add_custom_command(
    OUTPUT ${JB_SCHEMA_GEN}/lu_gen.h
    COMMAND ${Python3_EXECUTABLE} ${PROJECT_SOURCE_DIR}/bench/gen_large.py ${JB_SCHEMA_GEN}
    DEPENDS ${PROJECT_SOURCE_DIR}/bench/gen_large.py
    COMMENT "test_schema: generating bench's lu_gen.h (the corpus models' header needs it)")
  target_sources(test_schema PRIVATE ${PROJECT_SOURCE_DIR}/bench/jb_corpus_desc.c ${JB_SCHEMA_GEN}/lu_gen.h)
  target_include_directories(test_schema PRIVATE ${PROJECT_SOURCE_DIR}/bench ${JB_SCHEMA_GEN})
  target_compile_definitions(test_schema PRIVATE JB_HAVE_CORPUS)
endif()

