/* SPDX-License-Identifier: MIT */
// test_cxx_header.cpp — the public header compiles as C++ (C++11, -Wall
// -Wextra -Wpedantic) and its functions link from C++ (extern "C").
// The descriptor macros are C only; C++ code uses descriptors defined in C
// and the built-in scalar ones.
#include <jbind.h>

#include <cstdio>
#include <cstring>

static int failures = 0;

static void expect(bool ok, const char *what) {
    if (!ok) {
        std::fprintf(stderr, "test_cxx_header: failed: %s\n", what);
        failures++;
    }
}

int main() {
    expect(std::strcmp(jb_status_name(JB_OK), "JB_OK") == 0, "jb_status_name(JB_OK)");
    expect(std::strcmp(jb_status_name(JB_E_SYNTAX), "JB_E_SYNTAX") == 0,
           "jb_status_name(JB_E_SYNTAX)");

    jb_arena *arena = jb_arena_new();
    expect(arena != nullptr, "jb_arena_new");

    // A scalar round trip through the built-in descriptors.
    int64_t n = 0;
    jb_error err;
    const char in[] = "-42";
    expect(jb_decode(&jb_i64, in, sizeof in - 1, &n, arena, nullptr, &err) == JB_OK,
           "jb_decode i64");
    expect(n == -42, "decoded value");

    jb_buf out = JB_BUF_INIT;
    expect(jb_encode(&jb_i64, &n, &out, nullptr, &err) == JB_OK, "jb_encode i64");
    expect(out.len == 3 && std::memcmp(out.data, "-42", 3) == 0, "encoded text");
    jb_buf_free(&out);
    jb_arena_free(arena);

    std::printf("%d failed\n", failures);
    return failures ? 1 : 0;
}
