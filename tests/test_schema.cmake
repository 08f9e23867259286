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

# The generator on published schemas (tests/test_schema_real.sh) and the
# two directions together over this test's descriptors
# (tests/test_schema_roundtrip.sh). Both build C at test time with the
# compiler of this build (and its sanitizers), against the static library.
find_program(JB_BASH bash)
if(JB_BASH AND TARGET jbind-cli)
  add_test(NAME test_schema_real
    COMMAND ${JB_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/test_schema_real.sh $<TARGET_FILE:jbind-cli>
            $<TARGET_FILE:jbind_static> ${PROJECT_SOURCE_DIR}/include ${PROJECT_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/schema_real ${CMAKE_C_COMPILER} "${JB_SANITIZE}")
  set_tests_properties(test_schema_real PROPERTIES WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    TIMEOUT ${JB_TEST_TIMEOUT} SKIP_REGULAR_EXPRESSION "^SKIPPED: no python3-jsonschema")
  add_test(NAME test_schema_roundtrip
    COMMAND ${JB_BASH} ${CMAKE_CURRENT_SOURCE_DIR}/test_schema_roundtrip.sh $<TARGET_FILE:jbind-cli>
            $<TARGET_FILE:test_schema> $<TARGET_FILE:jbind_static> ${PROJECT_SOURCE_DIR}
            ${CMAKE_CURRENT_BINARY_DIR}/schema_roundtrip ${CMAKE_C_COMPILER} "${JB_SANITIZE}"
            "${JB_SCHEMA_GEN}")
  set_tests_properties(test_schema_roundtrip PROPERTIES WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    TIMEOUT ${JB_TEST_TIMEOUT})
  foreach(t test_schema_real test_schema_roundtrip)
    if(JB_TEST_ENV)
      set_tests_properties(${t} PROPERTIES ENVIRONMENT "${JB_TEST_ENV}")
    endif()
  endforeach()
endif()
