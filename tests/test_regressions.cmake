# SPDX-License-Identifier: MIT
# test_regressions links the fuzz/ harnesses as plain functions (no
# libFuzzer) and replays fuzz/regressions/ and fuzz/corpus/ through them.
set(JB_FUZZ_DIR ${PROJECT_SOURCE_DIR}/fuzz)
target_sources(test_regressions PRIVATE
  ${JB_FUZZ_DIR}/fuzz_dom.c ${JB_FUZZ_DIR}/fuzz_typed.c ${JB_FUZZ_DIR}/fuzz_roundtrip.c
  ${JB_FUZZ_DIR}/fuzz_skip.c ${JB_FUZZ_DIR}/fuzz_utf8.c ${JB_FUZZ_DIR}/fuzz_numbers.c
  ${JB_FUZZ_DIR}/fuzz_alloc.c ${JB_FUZZ_DIR}/fuzz_kernel.c ${JB_FUZZ_DIR}/fuzz_stream.c ${JB_FUZZ_DIR}/zoo.c)
target_include_directories(test_regressions PRIVATE ${JB_FUZZ_DIR} ${CMAKE_CURRENT_SOURCE_DIR})
find_library(JB_TEST_LIBM m)
if(JB_TEST_LIBM)
  target_link_libraries(test_regressions PRIVATE ${JB_TEST_LIBM})
endif()
find_library(JB_TEST_JANSSON jansson)
find_path(JB_TEST_JANSSON_INCLUDE jansson.h)
if(JB_TEST_JANSSON AND JB_TEST_JANSSON_INCLUDE)
  target_sources(test_regressions PRIVATE ${JB_FUZZ_DIR}/fuzz_jansson.c)
  target_compile_definitions(test_regressions PRIVATE JB_HAVE_JANSSON)
  target_include_directories(test_regressions PRIVATE ${JB_TEST_JANSSON_INCLUDE})
  target_link_libraries(test_regressions PRIVATE ${JB_TEST_JANSSON})
endif()
