# SPDX-License-Identifier: MIT
# test_stream_split decodes the typed fuzz seeds with the fuzz zoo's descriptors.
target_sources(test_stream_split PRIVATE ${PROJECT_SOURCE_DIR}/fuzz/zoo.c)
target_include_directories(test_stream_split PRIVATE ${PROJECT_SOURCE_DIR}/fuzz)
find_library(JB_SPLIT_LIBM m)
if(JB_SPLIT_LIBM)
  target_link_libraries(test_stream_split PRIVATE ${JB_SPLIT_LIBM})
endif()
