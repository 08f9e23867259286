# SPDX-License-Identifier: MIT
# 32-bit x86 with the host gcc (Debian: gcc-12-multilib; see below). The programs run
# natively on an x86-64 kernel. make test-m32 uses it:
#   cmake -S . -B build/m32 -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/i686-m32.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(CMAKE_C_COMPILER gcc)
# Debian's gcc-multilib adds one thing to gcc-12-multilib: the link
# /usr/include/asm -> x86_64-linux-gnu/asm (x86's kernel headers serve both
# widths). It conflicts with the cross compilers of the s390x and ARM64
# phases, so the same link is made in the build tree instead.
set(JB_M32_INCLUDE ${CMAKE_BINARY_DIR}/m32-include)
if(NOT EXISTS ${JB_M32_INCLUDE}/asm AND EXISTS /usr/include/x86_64-linux-gnu/asm)
  file(MAKE_DIRECTORY ${JB_M32_INCLUDE})
  file(CREATE_LINK /usr/include/x86_64-linux-gnu/asm ${JB_M32_INCLUDE}/asm SYMBOLIC)
endif()
set(CMAKE_C_FLAGS_INIT "-m32 -idirafter ${JB_M32_INCLUDE}")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-m32")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-m32")
# never the host's 64-bit libraries (jansson for test_regressions, ...)
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu)

# The target runs on this host, but CMake counts the build as a cross build
# and would not run the build-time generator targets (jbind_generate) by
# their path without an emulator: a no-op one lets it.
set(CMAKE_CROSSCOMPILING_EMULATOR /usr/bin/env)
