# SPDX-License-Identifier: MIT
# The unit suites and the golden tests through both paths (issue 15, part
# 3; tests/both_paths.h says how). For each suite NAME below:
#
#   NAME_codecs_generator  the suite built with JB_TEST_GENERATE: run at
#                          build time by jbind_generate, it records every
#                          root type the suite decodes or encodes and writes
#                          NAME_codecs.c;
#   NAME_generated         the suite built with JB_TEST_BOTH and linked with
#                          NAME_codecs.c: a ctest (label unit) that runs the
#                          suite, attaches the codecs to the recorded types,
#                          and runs it again on the generated path.
#
# Each build compiles a two-line wrapper (in the binary directory) that
# defines the mode and includes both_paths.h and then the suite's file, so
# the suite's source is untouched and its messages keep its file name.
set(JB_BOTH_PATHS_TESTS test_decode test_encode test_decode_errors test_limits test_roundtrip
    test_format test_interop)
set(JB_BOTH_PATHS_DIR ${CMAKE_CURRENT_BINARY_DIR}/both_paths)
foreach(name IN LISTS JB_BOTH_PATHS_TESTS)
  set(suite ${CMAKE_CURRENT_SOURCE_DIR}/${name}.c)
  set(gen_src ${JB_BOTH_PATHS_DIR}/${name}_gen.c)
  set(both_src ${JB_BOTH_PATHS_DIR}/${name}_both.c)
  file(CONFIGURE OUTPUT ${gen_src} CONTENT
"/* written by tests/both_paths.cmake: the generator of ${name}_codecs.c */
#define JB_TEST_GENERATE 1
#include \"both_paths.h\"
#include \"${suite}\"
")
  file(CONFIGURE OUTPUT ${both_src} CONTENT
"/* written by tests/both_paths.cmake: ${name} through both paths */
#define JB_TEST_BOTH 1
#define JB_BOTH_PREFIX ${name}_codecs
#include \"both_paths.h\"
#include \"${suite}\"
")
  add_executable(${name}_generated ${both_src} $<TARGET_OBJECTS:jb_test_support>)
  jb_test_program(${name}_generated)
  jbind_generate(TARGET ${name}_generated NAME ${name}_codecs MAIN ${gen_src}
    SOURCES $<TARGET_OBJECTS:jb_test_support>)
  jb_test_program(${name}_codecs_generator)
  jb_test_register(${name}_generated)
endforeach()
