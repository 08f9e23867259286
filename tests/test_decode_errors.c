/* SPDX-License-Identifier: MIT */
/*
 * test_decode_errors.c — what a failed decode says (the failure paths of
 * src/decode*.c and the message helpers of src/read.c and src/error.c):
 * messages in JSON terms, the token found shown and shortened, literals
 * named whole. Each expected message, offset, line and column is written
 * by hand from the contract (include/jbind.h, docs/errors.md, issue 17).
 *
 * Inputs are copied into exactly-sized malloc blocks so that ASan sees
 * any read past the end.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"

static jb_arena *A;

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

#define ROLE(F) F(ROLE_ADMIN, "admin", 1) F(ROLE_USER, "user", 2) F(ROLE_GUEST, "guest", 7)
JB_ENUM_DEFINE(role, ROLE);

#define SERVER(F) F(host, char *) F(port, uint16_t) F(role, role, &role_type)
JB_RECORD_DEFINE(server, SERVER);

#define ints_t JB_VEC_OF_T(int32_t, &jb_i32)
#define small_map_t JB_MAP_OF_T(uint8_t, int32_t, &jb_u8, &jb_i32)

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static bool all_zero(const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return false;
    return true;
}

/* Decode json[0..len) (copied exactly) expecting failure with the whole
 * message, code and position; the output must be zeroed and the arena as
 * it was. */
static void expect_msg_n(int line, const jb_type *t, const char *json, size_t len, uint32_t flags,
                         jb_status code, size_t off, size_t ln, size_t col, const char *path,
                         const char *msg) {
    unsigned char *out = malloc(t->size);
    char *copy = malloc(len ? len : 1);
    jb_read_options o = {.flags = flags};
    jb_error e;
    size_t used = jb_arena_used(A);
    memcpy(copy, json, len);
    memset(out, 0xA5, t->size);
    jb_status st = jb_decode(t, copy, len, out, A, &o, &e);
    CHECK_AT(line, st == code, "status %s, want %s (%s)", jb_status_name(st), jb_status_name(code),
             st ? e.message : "");
    if (st != JB_OK) {
        CHECK_AT(line, e.offset == off && e.line == ln && e.column == col,
                 "at %zu (%zu:%zu), want %zu (%zu:%zu)", e.offset, e.line, e.column, off, ln, col);
        if (path) CHECK_AT(line, strcmp(e.path, path) == 0, "path [%s], want [%s]", e.path, path);
        CHECK_AT(line, strcmp(e.message, msg) == 0, "message\n  [%s], want\n  [%s]", e.message, msg);
    }
    CHECK_AT(line, all_zero(out, t->size), "output not zeroed");
    CHECK_AT(line, jb_arena_used(A) == used, "arena not rolled back");
    free(copy);
    free(out);
}
#define EXPECT_MSG(t, json, flags, code, off, ln, col, path, msg) \
    expect_msg_n(__LINE__, (t), (json), strlen(json), (flags), (code), (off), (ln), (col), (path), (msg))

/* ------------------------------------------------------------------ */
/* Messages                                                            */
/* ------------------------------------------------------------------ */

/* Literals are named only when the whole word is one (issue 17: `[]foo`
 * said "found false", `{foo:1}` "found false", `[1 nope]` "found null"). */
static void test_literals(void) {
    EXPECT_MSG(ints_t, "[]foo", 0, JB_E_TRAILING, 2, 1, 3, "$", "expected end of input, found 'foo'");
    EXPECT_MSG(&server_type, "{foo:1}", 0, JB_E_SYNTAX, 1, 1, 2, "$", "expected string key, found 'foo'");
    EXPECT_MSG(ints_t, "[1 nope]", 0, JB_E_SYNTAX, 3, 1, 4, "$", "expected ',' or ']', found 'nope'");
    EXPECT_MSG(ints_t, "[1 null]", 0, JB_E_SYNTAX, 3, 1, 4, "$", "expected ',' or ']', found null");
    EXPECT_MSG(ints_t, "[] false", 0, JB_E_TRAILING, 3, 1, 4, "$", "expected end of input, found false");
    EXPECT_MSG(ints_t, "[nul]", 0, JB_E_SYNTAX, 1, 1, 2, "$[0]", "expected an integer, found 'nul'");
    EXPECT_MSG(&jb_bool, "tru", 0, JB_E_SYNTAX, 0, 1, 1, "$", "expected 'true', found 'tru'");
    /* the DOM reads through the same helpers */
    {
        jb_value *v;
        jb_error e;
        char *in = malloc(8);
        memcpy(in, "[1 nope]", 8);
        CHECK_EQ_INT(jb_value_parse(in, 8, &v, A, NULL, &e), JB_E_SYNTAX);
        CHECK_STR(e.message, "expected ',' or ']', found 'nope'");
        free(in);
    }
}

/* What a type wants, in JSON words, and the token that was there. */
static void test_json_terms(void) {
    EXPECT_MSG(&server_type, "{\"host\":\"h\",\"port\":70000,\"role\":\"user\"}", 0, JB_E_RANGE, 19, 1, 20,
               "$.port", "expected an integer between 0 and 65535, found 70000");
    EXPECT_MSG(&server_type, "{\"host\":\"h\",\"port\":\"8080\",\"role\":\"user\"}", 0, JB_E_TYPE, 19, 1, 20,
               "$.port", "expected an integer, found string \"8080\"");
    EXPECT_MSG(&server_type, "{\"host\":\"h\",\"port\":80,\"role\":\"amdin\"}", 0, JB_E_UNKNOWN, 29, 1, 30,
               "$.role", "expected one of \"admin\", \"user\", \"guest\", found \"amdin\"; did you mean \"admin\"?");
    EXPECT_MSG(&server_type, "{\"host\":7}", 0, JB_E_TYPE, 8, 1, 9, "$.host",
               "expected a string, found number 7");
    EXPECT_MSG(&server_type, "[]", 0, JB_E_TYPE, 0, 1, 1, "$", "expected an object for server, found array");
    EXPECT_MSG(&server_type, "", 0, JB_E_SYNTAX, 0, 1, 1, "$", "expected an object for server, found end of input");
    EXPECT_MSG(&role_type, "3", 0, JB_E_TYPE, 0, 1, 1, "$",
               "expected one of \"admin\", \"user\", \"guest\", found number 3");
    EXPECT_MSG(&jb_i8, "-129", 0, JB_E_RANGE, 0, 1, 1, "$", "expected an integer between -128 and 127, found -129");
    EXPECT_MSG(&jb_u64, "-1", 0, JB_E_RANGE, 0, 1, 1, "$",
               "expected an integer between 0 and 18446744073709551615, found -1");
    EXPECT_MSG(&jb_i64, "9223372036854775808", 0, JB_E_RANGE, 0, 1, 1, "$",
               "expected an integer between -9223372036854775808 and 9223372036854775807, found "
               "9223372036854775808");
    EXPECT_MSG(&jb_i32, "1.5", 0, JB_E_TYPE, 0, 1, 1, "$", "expected an integer, found 1.5");
    EXPECT_MSG(&jb_f64, "1e400", 0, JB_E_RANGE, 0, 1, 1, "$",
               "expected a number between -1.7976931348623157e308 and 1.7976931348623157e308, found 1e400");
    EXPECT_MSG(&jb_f32, "-1e39", 0, JB_E_RANGE, 0, 1, 1, "$",
               "expected a number between -3.4028235e38 and 3.4028235e38, found -1e39");
    EXPECT_MSG(&jb_bool, "\"yes\"", 0, JB_E_TYPE, 0, 1, 1, "$", "expected true or false, found string \"yes\"");
    EXPECT_MSG(&jb_cstr, "\"a\\u0000b\"", 0, JB_E_TYPE, 0, 1, 1, "$",
               "expected a string without \\u0000, found \"a\\u0000b\" (a NUL-terminated field cannot "
               "hold it; jb_str can)");
    EXPECT_MSG(small_map_t, "{\"300\":1}", 0, JB_E_RANGE, 1, 1, 2, "$",
               "expected an integer key between 0 and 255, found \"300\"");
    EXPECT_MSG(small_map_t, "{\"01\":1}", 0, JB_E_TYPE, 1, 1, 2, "$",
               "expected an integer key, found \"01\"");
    EXPECT_MSG(&jb_f64, "NaN", 0, JB_E_SYNTAX, 0, 1, 1, "$",
               "expected a number, found 'NaN' (NaN and Infinity need JB_READ_ALLOW_NAN_INF)");
    EXPECT_MSG(&jb_i32, "NaN", JB_READ_ALLOW_NAN_INF, JB_E_TYPE, 0, 1, 1, "$", "expected an integer, found NaN");
}

/* A long token is shown cut, with its size: a 4 MiB string. */
static void test_long_token(void) {
    size_t n = (size_t)4 << 20;
    char *json = malloc(n + 2);
    memset(json, 'a', n + 2);
    json[0] = json[n + 1] = '"';
    expect_msg_n(__LINE__, &jb_i32, json, n + 2, 0, JB_E_TYPE, 0, 1, 1, "$",
                 "expected an integer, found string \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa...\" (4 MB)");
    free(json);
    /* a long number */
    EXPECT_MSG(&jb_u8, "1000000000000000000000000000000000000000", 0, JB_E_RANGE, 0, 1, 1, "$",
               "expected an integer between 0 and 255, found 10000000000000000000000000000000... (40 bytes)");
}

int main(void) {
    A = jb_arena_new();
    test_literals();
    test_json_terms();
    test_long_token();
    jb_arena_free(A);
    return check_report();
}
