# SPDX-License-Identifier: MIT
# x86-64 with musl libc instead of glibc (Debian: musl-tools, whose
# musl-gcc wraps gcc). The programs run natively. make test-musl uses it:
#   cmake -S . -B build/musl -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/musl.cmake
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER musl-gcc)
# musl's libm is part of its libc; never link glibc's libraries
set(CMAKE_IGNORE_PATH /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib64 /lib64)

# The target runs on this host, but CMake counts the build as a cross build
# and would not run the build-time generator targets (jbind_generate) by
# their path without an emulator: a no-op one lets it.
set(CMAKE_CROSSCOMPILING_EMULATOR /usr/bin/env)
