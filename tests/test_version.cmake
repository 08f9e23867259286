# SPDX-License-Identifier: MIT
# test_version compares the library's version with CMake's project version.
target_compile_definitions(test_version PRIVATE JB_PROJECT_VERSION="${PROJECT_VERSION}")
