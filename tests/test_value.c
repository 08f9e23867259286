/* SPDX-License-Identifier: MIT */
/*
 * test_value.c — the jb_value DOM: parse, numbers, getters, lookup (small
 * and indexed objects, duplicates), JSON Pointer (RFC 6901's examples),
 * builders and mutation, copy and equality, printing (compact, pretty,
 * sorted, ASCII-only, RFC 8785 canonical), sinks, errors and paths, the
 * any kind inside typed records, typed <-> value, allocation failure, and
 * a 1,000,000-deep document on a 64 KiB thread stack.
 * Expected outputs are written by hand.
 */
#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "small_stack.h"
#include "jbind.h"

static jb_value *parse(jb_arena *a, const char *json) {
    jb_value *v = NULL;
    jb_error e;
    jb_status st = jb_value_parse(json, strlen(json), &v, a, NULL, &e);
    CHECKF(st == JB_OK, "parse %s: %s", json, e.message);
    return v;
}

/* Print v with flags/indent into a static buffer (NUL-terminated). */
static const char *print(const jb_value *v, uint32_t flags, uint32_t indent) {
    static char out[4096];
    jb_buf b = JB_BUF_INIT;
    jb_write_options o = {.flags = flags, .indent = indent, .max_depth = 0};
    jb_error e;
    jb_status st = jb_value_print(v, &b, &o, &e);
    CHECKF(st == JB_OK, "print: %s", e.message);
    snprintf(out, sizeof out, "%.*s", st ? 0 : (int)b.len, b.data ? b.data : "");
    jb_buf_free(&b);
    return out;
}

/* parse then print compactly */
static const char *roundtrip(jb_arena *a, const char *json, uint32_t flags) {
    jb_value *v = parse(a, json);
    return v ? print(v, flags, 0) : "";
}

/* ------------------------------------------------------------------ */

static void test_types_and_numbers(void) {
    jb_arena *a = jb_arena_new();
    jb_value *v = parse(a, "[null, true, false, 1, -1, 9223372036854775808, 1.5, 1e400,"
                           " 123456789012345678901234567890, -0, \"s\", [], {}, 1e-400]");
    CHECK_EQ_INT(jb_value_type_of(v), JB_VALUE_ARRAY);
    CHECK_EQ_INT(jb_value_array_len(v), 14);
    CHECK(jb_value_is_null(jb_value_array_get(v, 0)));
    CHECK(jb_value_is_bool(jb_value_array_get(v, 1)));
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 3)), JB_NUMBER_I64);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 4)), JB_NUMBER_I64);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 5)), JB_NUMBER_U64);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 6)), JB_NUMBER_F64);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 7)), JB_NUMBER_BIG);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 8)), JB_NUMBER_BIG);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 9)), JB_NUMBER_F64);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 13)), JB_NUMBER_BIG);
    CHECK(jb_value_is_integer(jb_value_array_get(v, 5)));
    CHECK(!jb_value_is_integer(jb_value_array_get(v, 6)));
    CHECK(jb_value_is_string(jb_value_array_get(v, 10)));
    CHECK(jb_value_is_array(jb_value_array_get(v, 11)));
    CHECK(jb_value_is_object(jb_value_array_get(v, 12)));
    CHECK(jb_value_array_get(v, 14) == NULL);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_array_get(v, 10)), 0);
    /* Exact numbers come back as written; doubles in shortest form. */
    CHECK_STR(print(v, 0, 0), "[null,true,false,1,-1,9223372036854775808,1.5,1e400,"
                              "123456789012345678901234567890,-0,\"s\",[],{},1e-400]");
    /* NULL is no value */
    CHECK(jb_value_is_null(NULL));
    CHECK(!jb_value_is_array(NULL));
    CHECK_EQ_INT(jb_value_array_len(NULL), 0);
    jb_arena_free(a);
}

static void test_getters(void) {
    jb_arena *a = jb_arena_new();
    jb_value *v = parse(a, "[1.5, 9223372036854775808, 2.0, -1, 1e400, \"x\\u0000y\", true,"
                           " -9223372036854775808, 18446744073709551615, 1e19, 1e300]");
    int64_t i = 7;
    uint64_t u = 7;
    double d = 0;
    bool b = false;
    jb_str s;
    CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(v, 0), &i), JB_E_TYPE);
    CHECK_EQ_INT(i, 7);
    CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(v, 1), &i), JB_E_RANGE);
    CHECK_EQ_INT(jb_value_get_u64(jb_value_array_get(v, 1), &u), JB_OK);
    CHECK(u == UINT64_C(9223372036854775808));
    CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(v, 2), &i), JB_OK);
    CHECK_EQ_INT(i, 2);
    CHECK_EQ_INT(jb_value_get_u64(jb_value_array_get(v, 3), &u), JB_E_RANGE);
    CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(v, 3), &i), JB_OK);
    CHECK_EQ_INT(i, -1);
    CHECK_EQ_INT(jb_value_get_f64(jb_value_array_get(v, 4), &d), JB_E_RANGE);
    CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(v, 4), &i), JB_E_TYPE);
    CHECK_EQ_INT(jb_value_get_f64(jb_value_array_get(v, 0), &d), JB_OK);
    CHECK(d == 1.5);
    CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, 5), &s), JB_OK);
    CHECK(s.len == 3 && memcmp(s.ptr, "x\0y", 3) == 0);
    CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, 6), &s), JB_E_TYPE);
    CHECK_EQ_INT(jb_value_get_bool(jb_value_array_get(v, 6), &b), JB_OK);
    CHECK(b);
    CHECK_EQ_INT(jb_value_get_bool(jb_value_array_get(v, 0), &b), JB_E_TYPE);
    CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(v, 7), &i), JB_OK);
    CHECK(i == INT64_MIN);
    CHECK_EQ_INT(jb_value_get_u64(jb_value_array_get(v, 8), &u), JB_OK);
    CHECK(u == UINT64_MAX);
    CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(v, 8), &i), JB_E_RANGE);
    CHECK_EQ_INT(jb_value_get_u64(jb_value_array_get(v, 9), &u), JB_OK); /* 1e19 is exact */
    CHECK(u == UINT64_C(10000000000000000000));
    CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(v, 9), &i), JB_E_RANGE);
    CHECK_EQ_INT(jb_value_get_u64(jb_value_array_get(v, 10), &u), JB_E_RANGE);
    CHECK_EQ_INT(jb_value_get_i64(v, &i), JB_E_TYPE);
    CHECK_EQ_INT(jb_value_get_i64(NULL, &i), JB_E_TYPE);
    {
        char buf[32];
        jb_str t;
        CHECK_EQ_INT(jb_value_number_text(jb_value_array_get(v, 4), buf, &t), JB_OK);
        CHECK_MEM_AT(__LINE__, t.ptr, t.len, "1e400", 5);
        CHECK_EQ_INT(jb_value_number_text(jb_value_array_get(v, 2), buf, &t), JB_OK);
        CHECK_MEM_AT(__LINE__, t.ptr, t.len, "2", 1);
    }
    jb_arena_free(a);
}

static void test_objects(void) {
    jb_arena *a = jb_arena_new();
    jb_value *v = parse(a, "{\"a\": 1, \"b\": 2, \"a\": 3, \"\": 4}");
    jb_str k;
    int64_t i = 0;
    CHECK_EQ_INT(jb_value_object_len(v), 4);
    jb_value_get_i64(jb_value_object_get(v, "a", 1), &i);
    CHECK_EQ_INT(i, 3); /* the last wins */
    jb_value_get_i64(jb_value_object_get(v, "", 0), &i);
    CHECK_EQ_INT(i, 4);
    CHECK(jb_value_object_get(v, "c", 1) == NULL);
    CHECK(jb_value_object_get(v, "ab", 1) != NULL); /* length counts */
    CHECK(jb_value_object_at(v, 2, &k) != NULL);
    CHECK_MEM_AT(__LINE__, k.ptr, k.len, "a", 1);
    CHECK(jb_value_object_at(v, 4, &k) == NULL);

    /* A large object: the index path, with duplicates and NUL in keys. */
    {
        char json[20000];
        size_t n = 0;
        n += (size_t)snprintf(json + n, sizeof json - n, "{");
        for (int j = 0; j < 500; j++)
            n += (size_t)snprintf(json + n, sizeof json - n, "%s\"k%d\": %d", j ? "," : "", j, j);
        n += (size_t)snprintf(json + n, sizeof json - n, ",\"k7\": 700, \"n\\u0000ul\": -1}");
        jb_value *o = parse(a, json);
        bool all = true;
        for (int j = 0; j < 500; j++) {
            char key[16];
            int kl = snprintf(key, sizeof key, "k%d", j);
            jb_value *m = jb_value_object_get(o, key, (size_t)kl);
            all = all && m && jb_value_get_i64(m, &i) == JB_OK && i == (j == 7 ? 700 : j);
        }
        CHECK(all);
        CHECK(jb_value_object_get(o, "k500", 4) == NULL);
        CHECK(jb_value_object_get(o, "n\0ul", 4) != NULL);
        CHECK(jb_value_object_get(o, "n", 1) == NULL);
        /* set, then look up again (index maintained or rebuilt) */
        for (int j = 0; j < 300; j++) {
            char key[16];
            int kl = snprintf(key, sizeof key, "new%d", j);
            CHECK_EQ_INT(jb_value_object_set(o, key, (size_t)kl, jb_value_new_i64(a, -j), a),
                         JB_OK);
        }
        CHECK_EQ_INT(jb_value_object_len(o), 802);
        all = true;
        for (int j = 0; j < 300; j++) {
            char key[16];
            int kl = snprintf(key, sizeof key, "new%d", j);
            jb_value *m = jb_value_object_get(o, key, (size_t)kl);
            all = all && m && jb_value_get_i64(m, &i) == JB_OK && i == -j;
        }
        CHECK(all);
        /* replace the last "k7", then remove both */
        CHECK_EQ_INT(jb_value_object_set(o, "k7", 2, jb_value_new_i64(a, 77), a), JB_OK);
        CHECK_EQ_INT(jb_value_object_len(o), 802);
        jb_value_get_i64(jb_value_object_get(o, "k7", 2), &i);
        CHECK_EQ_INT(i, 77);
        size_t removed = 0;
        CHECK_EQ_INT(jb_value_object_remove(o, "k7", 2, &removed), JB_OK);
        CHECK_EQ_INT(removed, 2);
        CHECK(jb_value_object_get(o, "k7", 2) == NULL);
        jb_value_get_i64(jb_value_object_get(o, "k8", 2), &i);
        CHECK_EQ_INT(i, 8);
        jb_value_get_i64(jb_value_object_get(o, "new299", 6), &i);
        CHECK_EQ_INT(i, -299);
    }
    jb_arena_free(a);
}

static void test_pointer(void) {
    /* RFC 6901 section 5's document and examples. */
    jb_arena *a = jb_arena_new();
    jb_value *v =
        parse(a, "{\"foo\": [\"bar\", \"baz\"], \"\": 0, \"a/b\": 1, \"c%d\": 2, \"e^f\": 3,"
                 " \"g|h\": 4, \"i\\\\j\": 5, \"k\\\"l\": 6, \" \": 7, \"m~n\": 8}");
    static const struct {
        int line;
        const char *ptr;
        const char *want; /* printed, or NULL */
        jb_status st;
    } cases[] = {
        {__LINE__, "/foo", "[\"bar\",\"baz\"]", JB_OK},
        {__LINE__, "/foo/0", "\"bar\"", JB_OK},
        {__LINE__, "/foo/1", "\"baz\"", JB_OK},
        {__LINE__, "/", "0", JB_OK},
        {__LINE__, "/a~1b", "1", JB_OK},
        {__LINE__, "/c%d", "2", JB_OK},
        {__LINE__, "/e^f", "3", JB_OK},
        {__LINE__, "/g|h", "4", JB_OK},
        {__LINE__, "/i\\j", "5", JB_OK},
        {__LINE__, "/k\"l", "6", JB_OK},
        {__LINE__, "/ ", "7", JB_OK},
        {__LINE__, "/m~0n", "8", JB_OK},
        {__LINE__, "foo", NULL, JB_E_SYNTAX},
        {__LINE__, "/foo/01", NULL, JB_E_SYNTAX},
        {__LINE__, "/foo/-", NULL, JB_E_MISSING},
        {__LINE__, "/foo/2", NULL, JB_E_MISSING},
        {__LINE__, "/foo/x", NULL, JB_E_SYNTAX},
        {__LINE__, "/m~2n", NULL, JB_E_SYNTAX},
        {__LINE__, "/m~", NULL, JB_E_SYNTAX},
        {__LINE__, "/foo/0/x", NULL, JB_E_TYPE},
        {__LINE__, "/nope", NULL, JB_E_MISSING},
        {__LINE__, "/foo/99999999999999999999999", NULL, JB_E_SYNTAX},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jb_value *r = NULL;
        jb_status st = jb_value_pointer_n(v, cases[i].ptr, strlen(cases[i].ptr), &r);
        CHECK_AT(cases[i].line, st == cases[i].st, "%s: got %s", cases[i].ptr, jb_status_name(st));
        if (cases[i].want) {
            CHECK_AT(cases[i].line, r != NULL, "%s", cases[i].ptr);
            if (r)
                CHECK_AT(cases[i].line, strcmp(print(r, 0, 0), cases[i].want) == 0, "%s",
                         cases[i].ptr);
            CHECK_AT(cases[i].line, jb_value_pointer(v, cases[i].ptr) == r, "%s", cases[i].ptr);
        } else {
            CHECK_AT(cases[i].line, r == NULL && jb_value_pointer(v, cases[i].ptr) == NULL, "%s",
                     cases[i].ptr);
        }
    }
    CHECK(jb_value_pointer(v, "") == v);
    /* a long escaped token (the heap path) */
    {
        char key[600], ptr[700];
        memset(key, 'x', sizeof key);
        key[0] = '~';
        jb_value *o = jb_value_new_object(a);
        CHECK_EQ_INT(jb_value_object_set(o, key, sizeof key, jb_value_new_bool(a, true), a), JB_OK);
        ptr[0] = '/';
        ptr[1] = '~';
        ptr[2] = '0';
        memset(ptr + 3, 'x', sizeof key - 1);
        ptr[3 + sizeof key - 1] = 0;
        CHECK(jb_value_is_bool(jb_value_pointer(o, ptr)));
    }
    jb_arena_free(a);
}

static void test_builders(void) {
    jb_arena *a = jb_arena_new();
    jb_value *o = jb_value_new_object(a), *list = jb_value_new_array(a);
    CHECK_EQ_INT(jb_value_object_set(o, "name", 4, jb_value_new_string(a, "x\"y", 3), a), JB_OK);
    CHECK_EQ_INT(jb_value_array_append(list, jb_value_new_i64(a, -5), a), JB_OK);
    CHECK_EQ_INT(jb_value_array_append(list, jb_value_new_f64(a, 2.5), a), JB_OK);
    CHECK_EQ_INT(jb_value_array_append(list, jb_value_new_u64(a, UINT64_MAX), a), JB_OK);
    CHECK_EQ_INT(jb_value_array_append(list, jb_value_new_bool(a, false), a), JB_OK);
    CHECK_EQ_INT(jb_value_array_append(list, jb_value_new_null(a), a), JB_OK);
    CHECK_EQ_INT(jb_value_array_append(list, jb_value_new_number_text(a, "1e999", 5), a), JB_OK);
    CHECK_EQ_INT(jb_value_object_set(o, "list", 4, list, a), JB_OK);
    CHECK_EQ_INT(jb_value_object_set(o, "empty", 5, jb_value_new_object(a), a), JB_OK);
    CHECK(jb_value_new_number_text(a, "01", 2) == NULL);
    CHECK(jb_value_new_number_text(a, "1 ", 2) == NULL);
    CHECK_EQ_INT(jb_value_number_kind(jb_value_new_number_text(a, "-7", 2)), JB_NUMBER_I64);
    CHECK_STR(print(o, 0, 0), "{\"name\":\"x\\\"y\",\"list\":[-5,2.5,18446744073709551615,false,"
                              "null,1e999],\"empty\":{}}");
    CHECK_STR(print(o, JB_WRITE_PRETTY, 0), "{\n"
                                            "  \"name\": \"x\\\"y\",\n"
                                            "  \"list\": [\n"
                                            "    -5,\n"
                                            "    2.5,\n"
                                            "    18446744073709551615,\n"
                                            "    false,\n"
                                            "    null,\n"
                                            "    1e999\n"
                                            "  ],\n"
                                            "  \"empty\": {}\n"
                                            "}");
    CHECK_STR(print(o, JB_WRITE_PRETTY | JB_PRINT_SORT_KEYS, 4), "{\n"
                                                                 "    \"empty\": {},\n"
                                                                 "    \"list\": [\n"
                                                                 "        -5,\n"
                                                                 "        2.5,\n"
                                                                 "        18446744073709551615,\n"
                                                                 "        false,\n"
                                                                 "        null,\n"
                                                                 "        1e999\n"
                                                                 "    ],\n"
                                                                 "    \"name\": \"x\\\"y\"\n"
                                                                 "}");
    /* appended elements stay where they are: pointers are stable */
    jb_value *first = jb_value_array_get(list, 0);
    for (int i = 0; i < 1000; i++) jb_value_array_append(list, jb_value_new_i64(a, i), a);
    CHECK(jb_value_array_get(list, 0) == first);
    CHECK_EQ_INT(jb_value_array_len(list), 1006);
    /* wrong types and arguments */
    CHECK_EQ_INT(jb_value_array_append(o, first, a), JB_E_TYPE);
    CHECK_EQ_INT(jb_value_object_set(list, "a", 1, first, a), JB_E_TYPE);
    CHECK_EQ_INT(jb_value_array_append(list, NULL, a), JB_E_ARG);
    CHECK_EQ_INT(jb_value_object_remove(list, "a", 1, NULL), JB_E_TYPE);
    CHECK(jb_value_new_null(NULL) == NULL);
    /* mutate a parsed object (no spare capacity) */
    jb_value *p = parse(a, "{\"a\":1}");
    CHECK_EQ_INT(jb_value_object_set(p, "b", 1, jb_value_new_i64(a, 2), a), JB_OK);
    CHECK_EQ_INT(jb_value_object_set(p, "a", 1, jb_value_new_i64(a, 3), a), JB_OK);
    CHECK_STR(print(p, 0, 0), "{\"a\":3,\"b\":2}");
    jb_value *q = parse(a, "[1]");
    CHECK_EQ_INT(jb_value_array_append(q, p, a), JB_OK);
    CHECK_STR(print(q, 0, 0), "[1,{\"a\":3,\"b\":2}]");
    jb_arena_free(a);
}

static void test_copy_equal(void) {
    jb_arena *a = jb_arena_new(), *b = jb_arena_new();
    static const struct {
        int line;
        const char *x, *y;
        bool eq;
    } cases[] = {
        {__LINE__, "1", "1.0", true},
        {__LINE__, "1", "1e0", true},
        {__LINE__, "100", "1E2", true},
        {__LINE__, "0", "-0", true},
        {__LINE__, "1", "2", false},
        {__LINE__, "1", "\"1\"", false},
        {__LINE__, "9223372036854775807", "9223372036854775806", false},
        {__LINE__, "18446744073709551615", "18446744073709551615", true},
        {__LINE__, "18446744073709551615", "-1", false},
        /* a double stands for its own (rounded) value, not for the text it came from */
        {__LINE__, "123456789012345678901234567890", "1.23456789012345678901234567890e29", false},
        {__LINE__, "123456789012345678901234567890", "123456789012345678901234567891", false},
        {__LINE__, "1e400", "10e399", true},
        {__LINE__, "1e400", "-1e400", false},
        {__LINE__, "1e-400", "0.1e-399", true},
        {__LINE__, "1e-400", "0", false},
        {__LINE__, "0.5", "0.50", true},
        {__LINE__, "[1,[2,{\"a\":[]}]]", "[1.0,[2,{\"a\":[]}]]", true},
        {__LINE__, "[1,2]", "[2,1]", false},
        {__LINE__, "[1,2]", "[1,2,3]", false},
        {__LINE__, "{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}", true},
        {__LINE__, "{\"a\":1,\"a\":2}", "{\"a\":2}", true},
        {__LINE__, "{\"a\":1,\"a\":2}", "{\"a\":1}", false},
        {__LINE__, "{\"a\":1,\"b\":2}", "{\"a\":1,\"c\":2}", false},
        {__LINE__, "{\"a\":{\"b\":null}}", "{\"a\":{\"b\":false}}", false},
        {__LINE__, "\"a\\u0000b\"", "\"a\\u0000c\"", false},
        {__LINE__, "true", "true", true},
        {__LINE__, "null", "false", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jb_value *x = parse(a, cases[i].x), *y = parse(a, cases[i].y);
        CHECK_AT(cases[i].line, jb_value_equal(x, y) == cases[i].eq, "%s vs %s", cases[i].x,
                 cases[i].y);
        CHECK_AT(cases[i].line, jb_value_equal(y, x) == cases[i].eq, "%s vs %s", cases[i].y,
                 cases[i].x);
        jb_value *c = jb_value_copy(x, b);
        CHECK_AT(cases[i].line, c && c != x && jb_value_equal(c, x), "copy of %s", cases[i].x);
    }
    /* a copy lives in its own arena */
    jb_value *x = parse(a, "{\"k\":[\"s\",{\"n\":12345678901234567890123}]}");
    char text[128];
    snprintf(text, sizeof text, "%s", print(x, 0, 0));
    jb_value *c = jb_value_copy(x, b);
    jb_arena_free(a);
    CHECK_STR(print(c, 0, 0), text);
    CHECK(jb_value_equal(NULL, NULL));
    CHECK(!jb_value_equal(c, NULL));
    jb_arena_free(b);
}

static void test_print_flags(void) {
    jb_arena *a = jb_arena_new();
    CHECK_STR(roundtrip(a, "[\"\xc3\xa9\xf0\x9f\x98\x80/\"]", JB_WRITE_ESCAPE_UNICODE),
              "[\"\\u00e9\\ud83d\\ude00/\"]");
    CHECK_STR(roundtrip(a, "[\"a/b\"]", JB_WRITE_ESCAPE_SLASH), "[\"a\\/b\"]");
    CHECK_STR(roundtrip(a, "{\"\xc3\xa9\":1}", JB_WRITE_ESCAPE_UNICODE), "{\"\\u00e9\":1}");
    CHECK_STR(roundtrip(a, "{\"b\":1,\"a\":2,\"b\":0,\"\":3}", JB_PRINT_SORT_KEYS),
              "{\"\":3,\"a\":2,\"b\":1,\"b\":0}");
    CHECK_STR(roundtrip(a, "[[],{},[[]]]", JB_WRITE_PRETTY),
              "[\n  [],\n  {},\n  [\n    []\n  ]\n]");

    /* non-finite doubles, invalid UTF-8, with the path */
    {
        jb_value *arr = jb_value_new_array(a), *o = jb_value_new_object(a);
        jb_buf b = JB_BUF_INIT;
        jb_error e;
        jb_write_options nn = {.flags = JB_WRITE_NONFINITE_NULL, .indent = 0, .max_depth = 0};
        jb_value_array_append(arr, jb_value_new_i64(a, 1), a);
        jb_value_array_append(arr, jb_value_new_f64(a, NAN), a);
        jb_value_object_set(o, "x", 1, arr, a);
        CHECK_EQ_INT(jb_value_print(o, &b, NULL, &e), JB_E_NONFINITE);
        CHECK_STR(e.path, "$.x[1]");
        CHECK_EQ_INT(b.len, 0);
        CHECK_EQ_INT(jb_value_print(o, &b, &nn, &e), JB_OK);
        CHECK_MEM_AT(__LINE__, b.data, b.len, "{\"x\":[1,null]}", 14);
        b.len = 0;
        jb_value_object_set(o, "bad", 3, jb_value_new_string(a, "\xff", 1), a);
        jb_value_object_set(o, "x", 1, jb_value_new_null(a), a);
        CHECK_EQ_INT(jb_value_print(o, &b, NULL, &e), JB_E_UTF8);
        CHECK_STR(e.path, "$.bad");
        jb_buf_free(&b);
    }
    /* sinks: fixed (too small, then exact), callback, FILE */
    {
        jb_value *v = parse(a, "{\"abc\":[1,2,3]}");
        char small[5], exact[15];
        size_t need = 0;
        CHECK_EQ_INT(jb_value_print_fixed(v, small, sizeof small, &need, NULL, NULL), JB_E_BUFFER);
        CHECK_EQ_INT(need, 15);
        CHECK(memcmp(small, "{\"abc", 5) == 0);
        CHECK_EQ_INT(jb_value_print_fixed(v, exact, sizeof exact, &need, NULL, NULL), JB_OK);
        CHECK(memcmp(exact, "{\"abc\":[1,2,3]}", 15) == 0);
        FILE *f = tmpfile();
        char back[32] = {0};
        CHECK_EQ_INT(jb_value_print_file(v, f, NULL, NULL), JB_OK);
        rewind(f);
        CHECK_EQ_INT(fread(back, 1, sizeof back, f), 15);
        CHECK_STR(back, "{\"abc\":[1,2,3]}");
        fclose(f);
        CHECK_EQ_INT(jb_value_print_file(v, NULL, NULL, NULL), JB_E_ARG);
        CHECK_EQ_INT(jb_value_print(v, NULL, NULL, NULL), JB_E_ARG);
    }
    /* a value inside itself stops at max_depth */
    {
        jb_value *arr = jb_value_new_array(a);
        jb_buf b = JB_BUF_INIT;
        jb_value_array_append(arr, arr, a);
        CHECK_EQ_INT(jb_value_print(arr, &b, NULL, NULL), JB_E_DEPTH);
        jb_buf_free(&b);
    }
    CHECK_STR(print(NULL, 0, 0), "null");
    jb_arena_free(a);
}

/* RFC 8785: the examples of sections 3.2.2 and 3.2.3, and the rules. */
static void test_canonical(void) {
    jb_arena *a = jb_arena_new();
    CHECK_STR(
        roundtrip(
            a,
            "{\"numbers\": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],"
            " \"string\": \"\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\\"\\/\","
            " \"literals\": [null, true, false]}",
            JB_PRINT_CANONICAL),
        "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],"
        "\"string\":\"\xe2\x82\xac$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
    /* key order by UTF-16 code units: U+1F600 (D83D DE00) before U+FB33 */
    CHECK_STR(roundtrip(a,
                        "{\"\\u20ac\": \"Euro Sign\", \"\\r\": \"Carriage Return\","
                        " \"\\ufb33\": \"Hebrew Letter Dalet With Dagesh\", \"1\": \"One\","
                        " \"\\ud83d\\ude00\": \"Emoji: Grinning Face\", \"\\u0080\": \"Control\","
                        " \"\\u00f6\": \"Latin Small Letter O With Diaeresis\"}",
                        JB_PRINT_CANONICAL | JB_WRITE_PRETTY | JB_WRITE_ESCAPE_UNICODE),
              "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\xc2\x80\":\"Control\","
              "\"\xc3\xb6\":\"Latin Small Letter O With Diaeresis\",\"\xe2\x82\xac\":\"Euro Sign\","
              "\"\xf0\x9f\x98\x80\":\"Emoji: Grinning Face\",\"\xef\xac\xb3\":\"Hebrew Letter "
              "Dalet With Dagesh\"}");
    /* numbers are IEEE doubles; -0 is 0 */
    CHECK_STR(roundtrip(a,
                        "[-0, 9007199254740993, 1e21, 1e-7, 123456789012345678901234567890, 0.1]",
                        JB_PRINT_CANONICAL),
              "[0,9007199254740992,1e+21,1e-7,1.2345678901234568e+29,0.1]");
    /* duplicates and numbers past double have no canonical form */
    {
        jb_value *v = parse(a, "{\"a\":1,\"a\":2}");
        jb_buf b = JB_BUF_INIT;
        jb_write_options o = {.flags = JB_PRINT_CANONICAL, .indent = 0, .max_depth = 0};
        jb_error e;
        CHECK_EQ_INT(jb_value_print(v, &b, &o, &e), JB_E_DUPLICATE);
        v = parse(a, "[1e400]");
        CHECK_EQ_INT(jb_value_print(v, &b, &o, &e), JB_E_NONFINITE);
        CHECK_STR(e.path, "$[0]");
        jb_buf_free(&b);
    }
    jb_arena_free(a);
}

static void test_errors(void) {
    jb_arena *a = jb_arena_new();
    jb_value *v = (jb_value *)1;
    jb_error e;
    static const struct {
        int line;
        const char *json;
        uint32_t flags;
        jb_status st;
        size_t offset;
        const char *path;
    } cases[] = {
        {__LINE__, "{\"a\":[1,2,{\"b\":tru}]}", 0, JB_E_SYNTAX, 15, "$.a[2].b"},
        {__LINE__, "[1,2", 0, JB_E_SYNTAX, 4, "$"},
        {__LINE__, "[1,]", 0, JB_E_SYNTAX, 2, "$"},
        {__LINE__, "{\"a\" 1}", 0, JB_E_SYNTAX, 5, "$"},
        {__LINE__, "[\"\\ud800\"]", 0, JB_E_UTF8, 2, "$[0]"},
        {__LINE__, "[] x", 0, JB_E_TRAILING, 3, "$"},
        {__LINE__, "", 0, JB_E_SYNTAX, 0, "$"},
        {__LINE__, "{\"a\":1,\"b\":2,\"a\":3}", JB_READ_REJECT_DUPLICATE_KEYS, JB_E_DUPLICATE, 13,
         "$"},
        {__LINE__, "[{\"x\":{\"k\":1,\"k\" : 2}}]", JB_READ_REJECT_DUPLICATE_KEYS, JB_E_DUPLICATE,
         13, "$[0].x"},
        {__LINE__, "[1,2,3]", 0, JB_OK, 0, ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        jb_read_options o = {.flags = cases[i].flags};
        jb_status st = jb_value_parse(cases[i].json, strlen(cases[i].json), &v, a, &o, &e);
        CHECK_AT(cases[i].line, st == cases[i].st, "%s: %s", cases[i].json, jb_status_name(st));
        if (st == JB_OK) continue;
        CHECK_AT(cases[i].line, v == NULL, "out not cleared");
        CHECK_AT(cases[i].line, e.offset == cases[i].offset, "offset %zu (%s)", e.offset,
                 e.message);
        CHECK_AT(cases[i].line, strcmp(e.path, cases[i].path) == 0, "%s: path %s", cases[i].json, e.path);
        CHECK_AT(cases[i].line, jb_arena_used(a) == 0, "arena not rolled back");
    }
    /* duplicate detection in an indexed object; without the flag it is kept */
    {
        char json[2048];
        size_t n = 0;
        n += (size_t)snprintf(json + n, sizeof json - n, "{");
        for (int j = 0; j < 40; j++)
            n += (size_t)snprintf(json + n, sizeof json - n, "\"k%d\":%d,", j, j);
        n += (size_t)snprintf(json + n, sizeof json - n, "\"k3\":0}");
        jb_read_options o = {.flags = JB_READ_REJECT_DUPLICATE_KEYS};
        CHECK_EQ_INT(jb_value_parse(json, n, &v, a, &o, &e), JB_E_DUPLICATE);
        CHECK_EQ_INT(e.offset, n - 7); /* the second "k3" */
        CHECK_EQ_INT(jb_value_parse(json, n, &v, a, NULL, &e), JB_OK);
    }
    /* relaxed flags, limits, borrowing */
    {
        jb_read_options o = {.flags = JB_READ_ALLOW_COMMENTS | JB_READ_ALLOW_TRAILING_COMMAS |
                                      JB_READ_ALLOW_NAN_INF};
        const char *json = "[1, /* c */ NaN, -Infinity, {\"a\":2,},] // end";
        CHECK_EQ_INT(jb_value_parse(json, strlen(json), &v, a, &o, &e), JB_OK);
        CHECK_STR(print(v, JB_WRITE_NONFINITE_NULL, 0), "[1,null,null,{\"a\":2}]");
        jb_read_options lim = {.max_depth = 3, .max_members = 2};
        CHECK_EQ_INT(jb_value_parse("[[[1]]]", 7, &v, a, &lim, &e), JB_OK);
        CHECK_EQ_INT(jb_value_parse("[[[[1]]]]", 9, &v, a, &lim, &e), JB_E_DEPTH);
        CHECK_EQ_INT(jb_value_parse("[1,2,3]", 7, &v, a, &lim, &e), JB_E_LIMIT);
        CHECK_EQ_INT(jb_value_parse("{\"a\":1,\"b\":2}", 13, &v, a, &lim, &e), JB_OK);
        jb_read_options bor = {.flags = JB_READ_BORROW_STRINGS};
        const char *src = "{\"key\":\"val\",\"n\":1e999}";
        jb_str s;
        CHECK_EQ_INT(jb_value_parse(src, strlen(src), &v, a, &bor, &e), JB_OK);
        jb_value_get_str(jb_value_object_get(v, "key", 3), &s);
        CHECK(s.ptr == src + 8);
        jb_read_options trail = {.flags = JB_READ_ALLOW_TRAILING_DATA};
        CHECK_EQ_INT(jb_value_parse("[1] [2]", 7, &v, a, &trail, &e), JB_OK);
        CHECK_EQ_INT(jb_value_parse("[1]", 3, NULL, a, NULL, &e), JB_E_ARG);
        CHECK_EQ_INT(jb_value_parse("[1]", 3, &v, NULL, NULL, &e), JB_E_ARG);
    }
    jb_arena_free(a);
}

/* ------------------------------------------------------------------ */
/* The any kind and typed <-> value                                    */
/* ------------------------------------------------------------------ */

typedef struct event {
    char *name;
    jb_value *payload;
    int32_t n;
} event;

static const jb_type event_type =
    JB_RECORD(event, JB_FIELD(event, name, &jb_cstr), JB_FIELD(event, payload, &jb_any),
              JB_FIELD(event, n, &jb_i32));

static void test_any_and_typed(void) {
    jb_arena *a = jb_arena_new();
    event ev;
    jb_error e;
    const char *json = "{\"name\":\"ev\",\"payload\":{\"x\":[1,2.5,\"s\",null],\"y\":{}},\"n\":3}";
    CHECK_EQ_INT(jb_type_check(&event_type, &e), JB_OK);
    jb_status st = jb_decode(&event_type, json, strlen(json), &ev, a, NULL, &e);
    CHECKF(st == JB_OK, "%s", e.message);
    if (st == JB_OK) {
        CHECK_STR(ev.name, "ev");
        CHECK_EQ_INT(ev.n, 3);
        CHECK_STR(print(ev.payload, 0, 0), "{\"x\":[1,2.5,\"s\",null],\"y\":{}}");
        jb_buf b = JB_BUF_INIT;
        jb_write_options so = {
            .flags = JB_PRINT_SORT_KEYS | JB_WRITE_PRETTY, .indent = 0, .max_depth = 0};
        CHECK_EQ_INT(jb_encode(&event_type, &ev, &b, NULL, &e), JB_OK);
        CHECK_MEM_AT(__LINE__, b.data, b.len, json, strlen(json));
        b.len = 0;
        CHECK_EQ_INT(jb_encode(&event_type, &ev, &b, &so, &e), JB_OK);
        CHECK_MEM_AT(
            __LINE__, b.data, b.len,
            "{\n  \"name\": \"ev\",\n  \"payload\": {\n    \"x\": [\n      1,\n      2.5,\n"
            "      \"s\",\n      null\n    ],\n    \"y\": {}\n  },\n  \"n\": 3\n}",
            strlen("{\n  \"name\": \"ev\",\n  \"payload\": {\n    \"x\": [\n      1,\n      2.5,\n"
                   "      \"s\",\n      null\n    ],\n    \"y\": {}\n  },\n  \"n\": 3\n}"));
        /* a NULL jb_value * encodes as null; null decodes as a null value */
        ev.payload = NULL;
        b.len = 0;
        CHECK_EQ_INT(jb_encode(&event_type, &ev, &b, NULL, &e), JB_OK);
        CHECK_MEM_AT(__LINE__, b.data, b.len, "{\"name\":\"ev\",\"payload\":null,\"n\":3}", 34);
        CHECK_EQ_INT(jb_decode(&event_type, b.data, b.len, &ev, a, NULL, &e), JB_OK);
        CHECK(ev.payload != NULL && jb_value_is_null(ev.payload));
        jb_buf_free(&b);
    }
    /* errors inside an any field carry the whole path */
    const char *bad = "{\"name\":\"ev\",\"payload\":{\"x\":[1,{\"z\":tru}]},\"n\":3}";
    size_t used = jb_arena_used(a);
    CHECK_EQ_INT(jb_decode(&event_type, bad, strlen(bad), &ev, a, NULL, &e), JB_E_SYNTAX);
    CHECK_STR(e.path, "$.payload.x[1].z");
    CHECK_EQ_INT(jb_arena_used(a), used);

    /* jb_to_value / jb_from_value */
    event in = {"name", NULL, -7}, out;
    jb_value *v = NULL;
    in.payload = parse(a, "[true,{\"k\":\"v\"}]");
    CHECK_EQ_INT(jb_to_value(&event_type, &in, &v, a, &e), JB_OK);
    CHECK_STR(print(v, 0, 0), "{\"name\":\"name\",\"payload\":[true,{\"k\":\"v\"}],\"n\":-7}");
    CHECK_EQ_INT(jb_from_value(&event_type, v, &out, a, NULL, &e), JB_OK);
    CHECK(out.name && strcmp(out.name, "name") == 0);
    CHECK_EQ_INT(out.n, -7);
    CHECK(jb_value_equal(out.payload, in.payload));
    /* from_value reports type errors with the path */
    jb_value_object_set(v, "n", 1, jb_value_new_string(a, "seven", 5), a);
    CHECK_EQ_INT(jb_from_value(&event_type, v, &out, a, NULL, &e), JB_E_TYPE);
    CHECK_STR(e.path, "$.n");
    CHECK(out.name == NULL);
    /* scalars */
    int64_t big = INT64_MIN;
    CHECK_EQ_INT(jb_to_value(&jb_i64, &big, &v, a, &e), JB_OK);
    CHECK_EQ_INT(jb_value_number_kind(v), JB_NUMBER_I64);
    int64_t back = 0;
    CHECK_EQ_INT(jb_from_value(&jb_i64, v, &back, a, NULL, &e), JB_OK);
    CHECK(back == INT64_MIN);
    jb_arena_free(a);
}

/* ------------------------------------------------------------------ */
/* Allocation failure: every cap from 0 up either succeeds or reports    */
/* JB_E_LIMIT and leaves the arena as it was.                            */
/* ------------------------------------------------------------------ */

static void test_alloc_failure(void) {
    const char *json =
        "{\"a\":[1,2,{\"b\":\"str\\n\",\"c\":123456789012345678901234}],\"d\":[[],{}],"
        "\"e\":[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20],"
        "\"f\":{\"1\":1,\"2\":2,\"3\":3,\"4\":4,\"5\":5,\"6\":6,\"7\":7,\"8\":8,\"9\":9,"
        "\"10\":1,\"11\":1,\"12\":1,\"13\":1,\"14\":1,\"15\":1,\"16\":1,\"17\":1,\"18\":1}}";
    bool ok_seen = false, all_clean = true;
    for (size_t cap = 0; cap < 40000 && !ok_seen; cap += 64) {
        jb_arena *a = jb_arena_new_with(NULL, cap);
        jb_value *v;
        jb_status st;
        if (!a) continue;
        st = jb_value_parse(json, strlen(json), &v, a, NULL, NULL);
        if (st == JB_OK) {
            ok_seen = true;
            jb_arena *b = jb_arena_new_with(NULL, cap);
            /* copy into a capped arena: NULL or a full copy */
            jb_value *c = jb_value_copy(v, b);
            all_clean = all_clean && (c == NULL || jb_value_equal(c, v));
            jb_arena_free(b);
        } else {
            all_clean = all_clean && (st == JB_E_LIMIT || st == JB_E_NOMEM) && v == NULL &&
                        jb_arena_used(a) == 0;
        }
        jb_arena_free(a);
    }
    CHECK(ok_seen);
    CHECK(all_clean);
}

/* ------------------------------------------------------------------ */
/* A million levels on a 64 KiB stack                                   */
/* ------------------------------------------------------------------ */

#define DEEP 1000000

static int deep_result;

static void *deep_thread(void *arg) {
    (void)arg;
    char *s = malloc(2 * DEEP);
    jb_arena *a = jb_arena_new(), *b = jb_arena_new();
    jb_value *v = NULL, *w = NULL;
    jb_read_options ro = {.max_depth = 2 * DEEP};
    jb_write_options wo = {.flags = 0, .indent = 0, .max_depth = 2 * DEEP};
    jb_buf out = JB_BUF_INIT;
    jb_error e;
    int r = 0;
    memset(s, '[', DEEP);
    memset(s + DEEP, ']', DEEP);
    /* default limit: a clean JB_E_DEPTH */
    if (jb_value_parse(s, 2 * DEEP, &v, a, NULL, &e) == JB_E_DEPTH && v == NULL) r |= 1;
    if (jb_value_parse(s, 2 * DEEP, &v, a, &ro, &e) == JB_OK) r |= 2;
    if (jb_value_print(v, &out, &wo, &e) == JB_OK && out.len == 2 * DEEP &&
        memcmp(out.data, s, out.len) == 0)
        r |= 4;
    if ((w = jb_value_copy(v, b)) != NULL) r |= 8;
    if (jb_value_equal(v, w)) r |= 16;
    /* one difference at the bottom */
    {
        jb_value *p = w;
        while (jb_value_array_len(p)) p = jb_value_array_get(p, 0);
        jb_value_array_append(p, jb_value_new_null(b), b);
        if (!jb_value_equal(v, w)) r |= 32;
    }
    /* the typed decoder through the any kind */
    {
        jb_value *any = NULL;
        if (jb_decode(&jb_any, s, 2 * DEEP, &any, a, &ro, &e) == JB_OK && jb_value_equal(any, v))
            r |= 64;
    }
    jb_buf_free(&out);
    jb_arena_free(a);
    jb_arena_free(b);
    free(s);
    deep_result = r;
    return NULL;
}

static void test_deep(void) {
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    CHECK_EQ_INT(pthread_attr_setstacksize(&attr, small_stack()), 0);
    CHECK_EQ_INT(pthread_create(&t, &attr, deep_thread, NULL), 0);
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    CHECKF(deep_result == 127, "deep: result bits %#x", deep_result);
}

/* Numbers with a fraction or exponent take a one-pass scan in the parser;
 * each token here, inside an array, alone at the end of the input and
 * built by jb_value_new_number_text (the classifier of the general path)
 * must give the kind in the table and strtod's double. */
static void test_float_tokens(void) {
    static const struct {
        int line;
        const char *tok;
        jb_number_kind kind;
    } cases[] = {
        {__LINE__, "1.5", JB_NUMBER_F64},
        {__LINE__, "-0.0", JB_NUMBER_F64},
        {__LINE__, "0e-400", JB_NUMBER_F64},
        {__LINE__, "0.000e5", JB_NUMBER_F64},
        {__LINE__, "1e-400", JB_NUMBER_BIG},
        {__LINE__, "-2.5e-999", JB_NUMBER_BIG},
        {__LINE__, "1e400", JB_NUMBER_BIG},
        {__LINE__, "-1.7976931348623159e308", JB_NUMBER_BIG},
        {__LINE__, "1.7976931348623157e308", JB_NUMBER_F64},
        {__LINE__, "4.9e-324", JB_NUMBER_F64},
        {__LINE__, "2.2250738585072011e-308", JB_NUMBER_F64},
        {__LINE__, "-65.613616999999977", JB_NUMBER_F64},
        {__LINE__, "1E+2", JB_NUMBER_F64},
        {__LINE__, "12345678901234567890.5", JB_NUMBER_F64},
        {__LINE__, "0.1234567890123456789012345", JB_NUMBER_F64},
        /* around the straight path's word: 1..8 integer digits, an
         * exponent after the fraction, a 17th to 20th digit */
        {__LINE__, "0.5", JB_NUMBER_F64},
        {__LINE__, "-7.0", JB_NUMBER_F64},
        {__LINE__, "1234567.25", JB_NUMBER_F64},
        {__LINE__, "-1234567.125", JB_NUMBER_F64},
        {__LINE__, "12345678.5", JB_NUMBER_F64},
        {__LINE__, "1.5e3", JB_NUMBER_F64},
        {__LINE__, "-2.25E-2", JB_NUMBER_F64},
        {__LINE__, "1.2345678901234567", JB_NUMBER_F64},
        {__LINE__, "1.234567890123456789", JB_NUMBER_F64},
        {__LINE__, "9.9999999999999999999", JB_NUMBER_F64},
    };
    jb_arena *a = jb_arena_new();
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *tok = cases[i].tok;
        char doc[64];
        jb_value *v[4];
        char padded[96];
        /* strtod reads the locale's decimal point (the tests also run
         * under a decimal-comma locale): give it the token in its terms */
        char local[64];
        const char *dp = localeconv()->decimal_point;
        size_t o = 0;
        for (const char *q = tok; *q && o + 8 < sizeof local; q++) {
            if (*q == '.')
                for (const char *r = dp; *r; r++) local[o++] = *r;
            else
                local[o++] = *q;
        }
        local[o] = 0;
        double want = strtod(local, NULL);
        snprintf(doc, sizeof doc, "[%s ,%s]", tok, tok);
        v[0] = jb_value_array_get(parse(a, doc), 1);
        v[1] = parse(a, tok);
        v[2] = jb_value_new_number_text(a, tok, strlen(tok));
        /* 30 bytes after the token: the DOM's straight path for doubles */
        snprintf(padded, sizeof padded, "[%s                              ]", tok);
        v[3] = jb_value_array_get(parse(a, padded), 0);
        for (int k = 0; k < 4; k++) {
            double d = 0;
            CHECK_AT(cases[i].line, jb_value_number_kind(v[k]) == cases[i].kind,
                     "%s (form %d): kind %d", tok, k, (int)jb_value_number_kind(v[k]));
            if (cases[i].kind != JB_NUMBER_F64) continue;
            CHECK_AT(cases[i].line, jb_value_get_f64(v[k], &d) == JB_OK && d == want &&
                                        signbit(d) == signbit(want),
                     "%s (form %d): %.17g", tok, k, d);
        }
    }
    /* not numbers, with and without room for the straight path: a
     * leading zero, no fraction digit */
    {
        static const char *const bad[] = {"01.5", "-00.5", "0012.5", "1.", "-1.e5", "1234567."};
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            char doc[96];
            jb_value *v = NULL;
            jb_error e;
            snprintf(doc, sizeof doc, "[%s                              ]", bad[i]);
            CHECK_AT(__LINE__, jb_value_parse(doc, strlen(doc), &v, a, NULL, &e) == JB_E_SYNTAX,
                     "%s", bad[i]);
            snprintf(doc, sizeof doc, "[%s]", bad[i]);
            CHECK_AT(__LINE__, jb_value_parse(doc, strlen(doc), &v, a, NULL, &e) == JB_E_SYNTAX,
                     "%s", bad[i]);
            CHECK(v == NULL);
        }
    }
    jb_arena_free(a);
}

/* Short strings take a direct path in print (value_print.c: put_plain);
 * every length around its word and size limits, with a byte that needs
 * work at every position, as a value and as a key, compact and pretty,
 * with and without ESCAPE_SLASH, must print as the typed encoder writes
 * the same string (write.c's general path), and fail alike on invalid
 * UTF-8. A fixed buffer of exactly the size needed (and one byte less)
 * checks the room test. */
/*
 * Short strings (under 8 bytes: the overlapping-load and three-byte checks
 * of the fast path) with one byte that needs work at every position: the
 * expected text is built here from the escape rules, not from the encoder,
 * so a byte the fast path wrongly passes shows.
 */
static void test_print_short_escapes(void) {
    static const struct {
        char c;
        const char *esc; /* NULL: invalid UTF-8 */
        uint32_t flags;
    } cases[] = {{'"', "\\\"", 0},   {'\\', "\\\\", 0}, {'\n', "\\n", 0},
                 {'\x01', "\\u0001", 0}, {'\x1f', "\\u001f", 0}, {'/', "/", 0},
                 {'/', "\\/", JB_WRITE_ESCAPE_SLASH}, {'\x7f', "\x7f", 0},
                 {'\xff', NULL, 0}, {'\x80', NULL, 0}};
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++)
        for (size_t n = 1; n <= 9; n++)
            for (size_t k = 0; k < n; k++) {
                char s[16], exp[64];
                size_t e = 0;
                jb_write_options o = {.flags = cases[c].flags};
                memset(s, 'a', n);
                s[k] = cases[c].c;
                jb_value *v = jb_value_new_string(a, s, n);
                exp[e++] = '"';
                memset(exp + e, 'a', k);
                e += k;
                if (cases[c].esc) {
                    memcpy(exp + e, cases[c].esc, strlen(cases[c].esc));
                    e += strlen(cases[c].esc);
                }
                memset(exp + e, 'a', n - k - 1);
                e += n - k - 1;
                exp[e++] = '"';
                b.len = 0;
                jb_status st = jb_value_print(v, &b, &o, NULL);
                if (!cases[c].esc) {
                    CHECK_AT(__LINE__, st == JB_E_UTF8, "case %zu n %zu k %zu: %d", c, n, k, (int)st);
                    continue;
                }
                CHECK_AT(__LINE__, st == JB_OK, "case %zu n %zu k %zu: %d", c, n, k, (int)st);
                CHECK_MEM_AT(__LINE__, b.data, b.len, exp, e);
            }
    jb_buf_free(&b);
    jb_arena_free(a);
}

static void test_print_short_strings(void) {
    static const char *const specials[] = {"\"",   "\\",       "/",    "\x01",
                                           "\x7f", "\xc3\xa9", "\xff", "\n"};
    static const uint32_t flags[] = {0, JB_WRITE_ESCAPE_SLASH, JB_WRITE_PRETTY,
                                     JB_WRITE_ESCAPE_UNICODE, JB_PRINT_CANONICAL};
    jb_arena *a = jb_arena_new();
    jb_buf got = JB_BUF_INIT, want = JB_BUF_INIT;
    char s[96], fixed[256];
    for (size_t n = 0; n <= 80; n++)
        for (size_t sp = 0; sp <= sizeof specials / sizeof *specials; sp++)
            for (size_t k = 0; k < (sp ? n : 1); k++)
                for (size_t fl = 0; fl < sizeof flags / sizeof *flags; fl++) {
                    jb_write_options o = {.flags = flags[fl]};
                    /* canonical escaping is the writer's default one */
                    jb_write_options ow = {.flags =
                                               flags[fl] == JB_PRINT_CANONICAL ? 0 : flags[fl]};
                    size_t len = n;
                    jb_value *obj = jb_value_new_object(a), *str;
                    jb_str js;
                    jb_status sw, sg, sk;
                    for (size_t i = 0; i < n; i++) s[i] = (char)('a' + i % 26);
                    if (sp) {
                        size_t m = strlen(specials[sp - 1]);
                        memcpy(s + k, specials[sp - 1], m);
                        len = k + m > n ? k + m : n;
                    }
                    js = (jb_str){s, len};
                    str = jb_value_new_string(a, s, len);
                    jb_value_object_set(obj, s, len, jb_value_new_i64(a, 7), a);
                    got.len = want.len = 0;
                    sw = jb_encode(&jb_string, &js, &want, &ow, NULL);
                    sg = jb_value_print(str, &got, &o, NULL);
                    CHECK_AT(__LINE__, sw == sg, "n %zu special %zu at %zu flags %u: %d vs %d", n,
                             sp, k, (unsigned)flags[fl], (int)sg, (int)sw);
                    if (sw != JB_OK || sg != JB_OK) continue;
                    CHECK_MEM_AT(__LINE__, got.data, got.len, want.data, want.len);
                    /* the key: {"<enc>":7} or its pretty form */
                    {
                        char exp[320];
                        bool pr = (flags[fl] & JB_WRITE_PRETTY) != 0;
                        size_t e = 0;
                        memcpy(exp + e, pr ? "{\n  " : "{", pr ? 4 : 1);
                        e += pr ? 4 : 1;
                        memcpy(exp + e, want.data, want.len);
                        e += want.len;
                        memcpy(exp + e, pr ? ": 7\n}" : ":7}", pr ? 5 : 3);
                        e += pr ? 5 : 3;
                        got.len = 0;
                        sk = jb_value_print(obj, &got, &o, NULL);
                        CHECK_EQ_INT(sk, JB_OK);
                        CHECK_MEM_AT(__LINE__, got.data, got.len, exp, e);
                        /* exactly enough room, then one byte less */
                        {
                            size_t need = 0;
                            CHECK_EQ_INT(jb_value_print_fixed(obj, fixed, e, &need, &o, NULL),
                                         JB_OK);
                            CHECK_MEM_AT(__LINE__, fixed, e, exp, e);
                            CHECK_EQ_INT(jb_value_print_fixed(obj, fixed, e - 1, &need, &o, NULL),
                                         JB_E_BUFFER);
                            CHECK_EQ_INT(need, e);
                        }
                    }
                }
    jb_buf_free(&got);
    jb_buf_free(&want);
    jb_arena_free(a);
}

/* A sink callback appending to a jb_buf. */
static int collect(void *ctx, const char *data, size_t len) {
    jb_buf *b = ctx;
    if (len == 0) return 0;
    if (jb_buf_reserve(b, len) != JB_OK) return 1;
    memcpy(b->data + b->len, data, len);
    b->len += len;
    return 0;
}

/*
 * The compact printer (the default: no indentation, document order) over a
 * document of every kind of step: keys and strings short, at the short
 * path's limit (64 bytes) and past it, escaped, non-ASCII; integers,
 * unsigned, doubles, big numbers; literals; empty and nested containers.
 * The text is written here in the printer's own form, so parse -> print
 * gives it back byte for byte. Then every capacity of a fixed buffer from
 * 0 to one past the length: JB_E_BUFFER below it with the needed size and
 * the prefix that fits, nothing written past the capacity (guard bytes).
 */
static void test_print_compact_sinks(void) {
    jb_arena *a = jb_arena_new();
    jb_buf text = JB_BUF_INIT, got = JB_BUF_INIT;
    char k64[65], k65[66];
    memset(k64, 'k', 64);
    k64[64] = '\0';
    memset(k65, 'q', 65);
    k65[65] = '\0';
    CHECK_EQ_INT(jb_buf_reserve(&text, 1 << 16), JB_OK);
    text.len += (size_t)snprintf(text.data, text.cap, "[");
    for (int r = 0; r < 12; r++) {
        text.len += (size_t)snprintf(
            text.data + text.len, text.cap - text.len,
            "%s{\"id\":%d,\"neg\":%d,\"u\":18446744073709551615,\"d\":%d.5,\"e\":-0.125,"
            "\"big\":123456789012345678901234567890,\"t\":true,\"f\":false,\"n\":null,"
            "\"s\":\"%.*s\",\"%s\":\"%s\",\"%s\":[],\"esc\":\"a\\\"b\\\\c\\n\","
            "\"utf\":\"caf\xc3\xa9 \xe6\x97\xa5\",\"o\":{},\"xy\":[[%d,2],[3.25],{\"z\":[true,null]}]}",
            r ? "," : "", r, -r * 1000003, r, r * 5, k65, k64, k64, k65, r);
    }
    text.len += (size_t)snprintf(text.data + text.len, text.cap - text.len, "]");
    jb_value *v = parse(a, text.data);
    CHECK_EQ_INT(jb_value_print(v, &got, NULL, NULL), JB_OK);
    CHECK_MEM_AT(__LINE__, got.data, got.len, text.data, text.len);
    got.len = 0;
    CHECK_EQ_INT(jb_value_print_to(v, collect, &got, NULL, NULL), JB_OK);
    CHECK_MEM_AT(__LINE__, got.data, got.len, text.data, text.len);
    for (size_t cap = 0; cap <= text.len + 1; cap++) {
        char *dst = malloc(cap + 16);
        size_t need = 0, keep = cap < text.len ? cap : text.len;
        bool guard = true;
        memset(dst, 0x5a, cap + 16);
        jb_status st = jb_value_print_fixed(v, dst, cap, &need, NULL, NULL);
        CHECK_EQ_INT(st, cap >= text.len ? JB_OK : JB_E_BUFFER);
        CHECK_EQ_INT(need, text.len);
        CHECK_AT(__LINE__, memcmp(dst, text.data, keep) == 0, "cap %zu: the prefix", cap);
        for (size_t i = cap; i < cap + 16; i++) guard &= dst[i] == 0x5a;
        CHECK_AT(__LINE__, guard, "cap %zu: a byte past the buffer was written", cap);
        free(dst);
    }
    /* a failure deep inside: nothing left in the buffer, the path names it */
    {
        jb_value *bad = parse(a, "[{\"a\":[1,2]},{\"b\":[3,{\"c\":\"x\"}]}]");
        jb_error e;
        jb_value *c = jb_value_pointer(bad, "/1/b/1");
        jb_value_object_set(c, "c", 1, jb_value_new_string(a, "\xc3", 1), a);
        got.len = 0;
        CHECK_EQ_INT(jb_value_print(bad, &got, NULL, &e), JB_E_UTF8);
        CHECK_STR(e.path, "$[1].b[1].c");
        CHECK_EQ_INT(got.len, 0);
    }
    jb_buf_free(&text);
    jb_buf_free(&got);
    jb_arena_free(a);
}

/*
 * Containers too large for one scratch segment beside small ones that fit:
 * the parse copies elements from the scratch stack in place when they lie
 * in one segment and gathers them when they span several. An array of
 * 20,000 two-element arrays and an object of 3,000 members, every element
 * checked by index; then the parsed containers grow (append, set), which
 * must leave the parsed elements where they were.
 */
static void test_parse_spanning(void) {
    enum { NA = 20000, NO = 3000 };
    jb_arena *a = jb_arena_new();
    jb_buf text = JB_BUF_INIT;
    char key[16];
    int64_t i64;
    jb_str s;
    CHECK_EQ_INT(jb_buf_reserve(&text, 1 << 20), JB_OK);
    text.len += (size_t)snprintf(text.data, text.cap, "{\"a\":[");
    for (int i = 0; i < NA; i++)
        text.len += (size_t)snprintf(text.data + text.len, text.cap - text.len, "%s[%d,\"s%d\"]",
                                     i ? "," : "", i, i % 10);
    text.len += (size_t)snprintf(text.data + text.len, text.cap - text.len, "],\"o\":{");
    for (int i = 0; i < NO; i++)
        text.len += (size_t)snprintf(text.data + text.len, text.cap - text.len, "%s\"k%d\":[%d]",
                                     i ? "," : "", i, -i);
    text.len += (size_t)snprintf(text.data + text.len, text.cap - text.len, "}}");
    jb_value *v = parse(a, text.data);
    jb_value *arr = jb_value_object_get(v, "a", 1), *obj = jb_value_object_get(v, "o", 1);
    CHECK_EQ_INT(jb_value_array_len(arr), NA);
    CHECK_EQ_INT(jb_value_object_len(obj), NO);
    for (int i = 0; i < NA; i++) {
        jb_value *e = jb_value_array_get(arr, (size_t)i);
        CHECK_EQ_INT(jb_value_array_len(e), 2);
        CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(e, 0), &i64), JB_OK);
        CHECK_AT(__LINE__, i64 == i, "a[%d][0] is %lld", i, (long long)i64);
        CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(e, 1), &s), JB_OK);
        CHECK_AT(__LINE__, s.len == 2 && s.ptr[0] == 's' && s.ptr[1] == '0' + i % 10 && !s.ptr[2],
                 "a[%d][1]", i);
    }
    for (int i = 0; i < NO; i++) {
        jb_str k;
        jb_value *e = jb_value_object_at(obj, (size_t)i, &k);
        int n = snprintf(key, sizeof key, "k%d", i);
        CHECK_MEM_AT(__LINE__, k.ptr, k.len, key, (size_t)n);
        CHECK_EQ_INT(jb_value_array_len(e), 1);
        CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(e, 0), &i64), JB_OK);
        CHECK_AT(__LINE__, i64 == -i, "o.k%d[0] is %lld", i, (long long)i64);
        CHECK(jb_value_object_get(obj, key, (size_t)n) == e);
    }
    {
        jb_value *first = jb_value_array_get(arr, 0), *m0 = jb_value_object_at(obj, 0, NULL);
        jb_value *pair = jb_value_array_get(arr, 1);
        CHECK_EQ_INT(jb_value_array_append(pair, jb_value_new_i64(a, 7), a), JB_OK);
        CHECK_EQ_INT(jb_value_array_append(arr, jb_value_new_null(a), a), JB_OK);
        CHECK_EQ_INT(jb_value_object_set(obj, "new", 3, jb_value_new_bool(a, true), a), JB_OK);
        CHECK_EQ_INT(jb_value_object_set(jb_value_object_get(v, "o", 1), "k1", 2,
                                         jb_value_new_i64(a, 11), a), JB_OK);
        CHECK_EQ_INT(jb_value_array_len(pair), 3);
        CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(pair, 2), &i64), JB_OK);
        CHECK(i64 == 7);
        CHECK_EQ_INT(jb_value_get_i64(jb_value_array_get(pair, 0), &i64), JB_OK);
        CHECK(i64 == 1);
        CHECK(jb_value_array_get(arr, 0) == first && jb_value_object_at(obj, 0, NULL) == m0);
        CHECK_EQ_INT(jb_value_array_len(arr), NA + 1);
        CHECK(jb_value_is_null(jb_value_array_get(arr, NA)));
        CHECK_EQ_INT(jb_value_object_len(obj), NO + 1);
        CHECK_EQ_INT(jb_value_get_i64(jb_value_object_get(obj, "k1", 2), &i64), JB_OK);
        CHECK(i64 == 11);
        CHECK(jb_value_is_bool(jb_value_object_get(obj, "new", 3)));
    }
    jb_buf_free(&text);
    jb_arena_free(a);
}

/*
 * Strings without escapes of every length 0..130 (the inline word copy
 * runs up to 64 bytes, memcpy past it) as values and as keys, each in an
 * input of exactly its size (so a read past it is an ASan finding): the
 * bytes, the length and the NUL terminator; borrowed, the value points
 * into the input. Then a string cut off by the end of the input at each
 * length: JB_E_SYNTAX at the opening quote, nothing returned.
 */
static void test_parse_string_lengths(void) {
    jb_arena *a = jb_arena_new();
    jb_read_options borrow = {.flags = JB_READ_BORROW_STRINGS};
    char want[131];
    for (size_t n = 0; n <= 130; n++) {
        size_t len = 2 * n + 11, k = 0; /* ["s",{"s":1}] */
        char *doc = malloc(len);
        jb_value *v = NULL, *e;
        jb_str key, s;
        jb_error err;
        for (size_t i = 0; i < n; i++) want[i] = (char)('a' + (i * 7 + n) % 26);
        doc[k++] = '[';
        doc[k++] = '"';
        memcpy(doc + k, want, n);
        k += n;
        memcpy(doc + k, "\",{\"", 4);
        k += 4;
        memcpy(doc + k, want, n);
        k += n;
        memcpy(doc + k, "\":1}]", 5);
        k += 5;
        CHECK_EQ_INT(k, len);
        CHECK_EQ_INT(jb_value_parse(doc, len, &v, a, NULL, &err), JB_OK);
        CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, 0), &s), JB_OK);
        CHECK_MEM_AT(__LINE__, s.ptr, s.len, want, n);
        CHECK_AT(__LINE__, s.ptr[n] == '\0', "n %zu: no NUL after the value", n);
        CHECK(s.ptr < doc || s.ptr >= doc + len);
        e = jb_value_object_at(jb_value_array_get(v, 1), 0, &key);
        CHECK_MEM_AT(__LINE__, key.ptr, key.len, want, n);
        CHECK_AT(__LINE__, key.ptr[n] == '\0', "n %zu: no NUL after the key", n);
        CHECK(jb_value_object_get(jb_value_array_get(v, 1), want, n) == e);
        CHECK_EQ_INT(jb_value_parse(doc, len, &v, a, &borrow, &err), JB_OK);
        CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, 0), &s), JB_OK);
        CHECK_MEM_AT(__LINE__, s.ptr, s.len, want, n);
        CHECK(s.ptr == doc + 2);
        /* cut: '"' and the n bytes, no closing quote */
        v = (jb_value *)&a;
        CHECK_EQ_INT(jb_value_parse(doc + 1, n + 1, &v, a, NULL, &err), JB_E_SYNTAX);
        CHECK(v == NULL);
        CHECK_EQ_INT(err.offset, 0);
        free(doc);
    }
    jb_arena_free(a);
}

/* One row of a failure table: json parsed from a heap copy of exactly its
 * size (a read past it is an ASan finding) with options o into a reset
 * arena; the status, and on failure the offset, the path and nothing
 * left behind (no value, the arena as it was). */
static void check_parse_case(int line, const char *json, const jb_read_options *o, jb_status want,
                             size_t offset, const char *path, jb_arena *a) {
    jb_error e;
    jb_value *v = (jb_value *)&a;
    size_t len = strlen(json);
    char *exact = malloc(len);
    memcpy(exact, json, len);
    jb_arena_reset(a);
    jb_status st = jb_value_parse(exact, len, &v, a, o, &e);
    free(exact);
    CHECK_AT(line, st == want, "%s: %s", json, jb_status_name(st));
    if (st == JB_OK) return;
    CHECK_AT(line, v == NULL, "out not cleared");
    CHECK_AT(line, e.offset == offset, "offset %zu (%s)", e.offset, e.message);
    CHECK_AT(line, strcmp(e.path, path) == 0, "%s: path %s", json, e.path);
    CHECK_AT(line, jb_arena_used(a) == 0, "arena not rolled back");
}

/*
 * Whitespace at every place the parse loop takes it (before and after a
 * key's ':', after '[', '{' and ',', before ',', ']' and '}', around the
 * document), in each style the loop takes in line or passes on: none, one
 * space, a line break with indentation (short, 32 spaces, past 32), tabs,
 * CRLF, mixed, and comments when allowed. Each document sits in a buffer
 * of exactly its size (a read past it is an ASan finding); every one is
 * the same tree. Then the failures at those places: code, offset, path.
 */
static void test_parse_whitespace(void) {
    static const char tmpl[] = "%{%\"a\"%:%[%1%,%\"s\"%,%{%}%,%[%]%,%-2.5%]%,%\"b\"%:%true%}%";
    static const char want[] = "{\"a\":[1,\"s\",{},[],-2.5],\"b\":true}";
    static const char *const styles[] = {
        "", " ", "  ", "\n", "\n    ", "\n        ", "\n                                ",
        "\n                                        ", "\t", "\r\n  ", " \n ", "\n\t\t", "\n \t",
        "\n\n  ", " /* c */ ", "\n  // c\n  ", "/**/",
    };
    jb_arena *a = jb_arena_new();
    jb_error e;
    jb_value *v;
    for (size_t i = 0; i < sizeof styles / sizeof styles[0]; i++) {
        bool comment = strchr(styles[i], '/') != NULL;
        jb_read_options o = {.flags = comment ? JB_READ_ALLOW_COMMENTS : 0};
        size_t w = strlen(styles[i]), len = 0;
        char *doc = malloc(sizeof tmpl * (w + 1));
        for (const char *t = tmpl; *t; t++) {
            if (*t == '%') {
                memcpy(doc + len, styles[i], w);
                len += w;
            } else {
                doc[len++] = *t;
            }
        }
        char *exact = malloc(len);
        memcpy(exact, doc, len);
        v = NULL;
        CHECK_AT(__LINE__, jb_value_parse(exact, len, &v, a, &o, &e) == JB_OK, "style %zu: %s", i,
                 e.message);
        if (v) CHECK_AT(__LINE__, strcmp(print(v, 0, 0), want) == 0, "style %zu", i);
        if (comment) {
            v = (jb_value *)&a;
            CHECK_AT(__LINE__, jb_value_parse(exact, len, &v, a, NULL, &e) == JB_E_SYNTAX,
                     "style %zu without the flag", i);
            CHECK(v == NULL);
        }
        free(exact);
        free(doc);
    }
    {
        static const struct {
            int line;
            const char *json;
            uint32_t flags;
            size_t max_members;
            jb_status st;
            size_t offset;
            const char *path;
        } cases[] = {
            {__LINE__, "{\"a\":1 x}", 0, 0, JB_E_SYNTAX, 7, "$"},
            {__LINE__, "{\"a\":1x}", 0, 0, JB_E_SYNTAX, 5, "$.a"},
            {__LINE__, "[1,\n    ]", 0, 0, JB_E_SYNTAX, 2, "$"},
            {__LINE__, "[1,\n    ]", JB_READ_ALLOW_TRAILING_COMMAS, 0, JB_OK, 0, ""},
            {__LINE__, "{\"a\":1,\n  }", 0, 0, JB_E_SYNTAX, 6, "$"},
            {__LINE__, "{\"a\"\n  :\n  1}", 0, 0, JB_OK, 0, ""},
            {__LINE__, "{\"a\" x}", 0, 0, JB_E_SYNTAX, 5, "$"},
            {__LINE__, "{\"a\":}", 0, 0, JB_E_SYNTAX, 5, "$.a"},
            {__LINE__, "{\"a\": }", 0, 0, JB_E_SYNTAX, 6, "$.a"},
            {__LINE__, "{\"a\":", 0, 0, JB_E_SYNTAX, 5, "$"},
            {__LINE__, "{\"a\": ", 0, 0, JB_E_SYNTAX, 6, "$"},
            {__LINE__, "{\"a\"", 0, 0, JB_E_SYNTAX, 4, "$"},
            {__LINE__, "[1,\n", 0, 0, JB_E_SYNTAX, 4, "$"},
            {__LINE__, "[1,\n                                        ", 0, 0, JB_E_SYNTAX, 44, "$"},
            {__LINE__, "[\n  1\n  ,\n  2\n]", 0, 0, JB_OK, 0, ""},
            {__LINE__, "[1, /* open", JB_READ_ALLOW_COMMENTS, 0, JB_E_SYNTAX, 4, "$"},
            {__LINE__, "{\"a\":1,\n \"b\":2,\n \"c\":3}", 0, 2, JB_E_LIMIT, 17, "$"},
            {__LINE__, "{\"a\":1,\n \"b\":2}", 0, 2, JB_OK, 0, ""},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            jb_read_options o = {.flags = cases[i].flags, .max_members = cases[i].max_members};
            check_parse_case(cases[i].line, cases[i].json, &o, cases[i].st, cases[i].offset,
                             cases[i].path, a);
        }
    }
    jb_arena_free(a);
}

/*
 * Arrays of 0..11 elements of every kind the parse loop takes in line or
 * passes on (integers, doubles, plain and escaped strings, literals, a
 * BIG number, nested containers), at every position, between several
 * styles of separator, alone and as member values: each sits in a buffer
 * of exactly its size and prints back as the same elements, compact (the
 * expected text is the elements joined by hand). Then the failures inside
 * short arrays: code, offset, path, the limits, and nothing left behind.
 */
static void test_parse_small_arrays(void) {
    static const char *const elems[] = {
        "1",    "-2",   "2.5",  "\"s\"",  "true", "null", "false", "\"e\\n\"",
        "18446744073709551616", "[]",   "[1,\"x\"]", "{}",  "{\"k\":[0]}", "-0.5",
    };
    static const char *const seps[] = {",", ", ", " , ", ",\n    ", "\n,\n"};
    enum { NE = sizeof elems / sizeof elems[0], NS = sizeof seps / sizeof seps[0] };
    jb_arena *a = jb_arena_new();
    jb_error e;
    jb_value *v;
    char doc[1024], want[1024];
    for (size_t si = 0; si < NS; si++)
        for (size_t n = 0; n <= 11; n++)
            for (size_t s0 = 0; s0 < NE; s0++)
                for (int member = 0; member < 2; member++) {
                    size_t len = 0, wl = 0;
                    if (member) {
                        len += (size_t)snprintf(doc + len, sizeof doc - len, "{\"a\":");
                        wl += (size_t)snprintf(want + wl, sizeof want - wl, "{\"a\":");
                    }
                    doc[len++] = '[';
                    want[wl++] = '[';
                    for (size_t i = 0; i < n; i++) {
                        /* every kind at every place: a step through elems
                         * that changes with the start */
                        const char *el = elems[(s0 + i * (s0 % 3 + 1)) % NE];
                        len += (size_t)snprintf(doc + len, sizeof doc - len, "%s%s",
                                                i ? seps[si] : "", el);
                        wl += (size_t)snprintf(want + wl, sizeof want - wl, "%s%s", i ? "," : "",
                                               el);
                    }
                    doc[len++] = ']';
                    want[wl++] = ']';
                    if (member) {
                        len += (size_t)snprintf(doc + len, sizeof doc - len, ",\"b\":2}");
                        wl += (size_t)snprintf(want + wl, sizeof want - wl, ",\"b\":2}");
                    }
                    want[wl] = '\0';
                    char *exact = malloc(len);
                    memcpy(exact, doc, len);
                    v = NULL;
                    jb_arena_reset(a);
                    CHECK_AT(__LINE__, jb_value_parse(exact, len, &v, a, NULL, &e) == JB_OK,
                             "%.*s: %s", (int)len, doc, e.message);
                    if (v)
                        CHECK_AT(__LINE__, strcmp(print(v, 0, 0), want) == 0, "%.*s", (int)len,
                                 doc);
                    free(exact);
                }
    {
        static const struct {
            int line;
            const char *json;
            uint32_t flags;
            size_t max_members;
            uint32_t max_depth;
            jb_status st;
            size_t offset;
            const char *path;
        } cases[] = {
            {__LINE__, "[1,2 x]", 0, 0, 0, JB_E_SYNTAX, 5, "$"},
            {__LINE__, "[1,2x]", 0, 0, 0, JB_E_SYNTAX, 3, "$[1]"},
            {__LINE__, "[1,tru]", 0, 0, 0, JB_E_SYNTAX, 3, "$[1]"},
            {__LINE__, "{\"a\":[1,tru]}", 0, 0, 0, JB_E_SYNTAX, 8, "$.a[1]"},
            {__LINE__, "[1,2,3,4,5,6,7,8,tru]", 0, 0, 0, JB_E_SYNTAX, 17, "$[8]"},
            {__LINE__, "[1,2,3,4,5,6,7,tru]", 0, 0, 0, JB_E_SYNTAX, 15, "$[7]"},
            {__LINE__, "[1,2,3,4,5,6,7,8,9,x]", 0, 0, 0, JB_E_SYNTAX, 19, "$[9]"},
            {__LINE__, "[1,\"\\ud800\"]", 0, 0, 0, JB_E_UTF8, 4, "$[1]"},
            {__LINE__, "[1,2", 0, 0, 0, JB_E_SYNTAX, 4, "$"},
            {__LINE__, "[1,", 0, 0, 0, JB_E_SYNTAX, 3, "$"},
            {__LINE__, "[1 ", 0, 0, 0, JB_E_SYNTAX, 3, "$"},
            {__LINE__, "[1,2,3,4,5,6,7,8,]", 0, 0, 0, JB_E_SYNTAX, 16, "$"},
            {__LINE__, "[1,2,3,4,5,6,7,8,]", JB_READ_ALLOW_TRAILING_COMMAS, 0, 0, JB_OK, 0, ""},
            {__LINE__, "[1 , ]", JB_READ_ALLOW_TRAILING_COMMAS, 0, 0, JB_OK, 0, ""},
            {__LINE__, "[1,2,3,4]", 0, 3, 0, JB_E_LIMIT, 7, "$"},
            {__LINE__, "[1,2,3]", 0, 3, 0, JB_OK, 0, ""},
            {__LINE__, "[1,2,3,4,5,6,7,8,9]", 0, 8, 0, JB_E_LIMIT, 17, "$"},
            {__LINE__, "[1,2,3,4,5,6,7,8]", 0, 8, 0, JB_OK, 0, ""},
            {__LINE__, "[[1]]", 0, 0, 1, JB_E_DEPTH, 1, "$"},
            {__LINE__, "[1]", 0, 0, 1, JB_OK, 0, ""},
            {__LINE__, "[1, /* c */ 2 // d\n]", JB_READ_ALLOW_COMMENTS, 0, 0, JB_OK, 0, ""},
            {__LINE__, "[1, /* c", JB_READ_ALLOW_COMMENTS, 0, 0, JB_E_SYNTAX, 4, "$"},
            {__LINE__, "[NaN,1]", JB_READ_ALLOW_NAN_INF, 0, 0, JB_OK, 0, ""},
            {__LINE__, "[1,NaN]", 0, 0, 0, JB_E_SYNTAX, 3, "$[1]"},
            {__LINE__, "[01]", 0, 0, 0, JB_E_SYNTAX, 1, "$[0]"},
        };
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            jb_read_options o = {.flags = cases[i].flags,
                                 .max_members = cases[i].max_members,
                                 .max_depth = cases[i].max_depth};
            check_parse_case(cases[i].line, cases[i].json, &o, cases[i].st, cases[i].offset,
                             cases[i].path, a);
        }
    }
    jb_arena_free(a);
}

/*
 * Integers of 1..21 digits, with and without '-', with and without a
 * leading zero, followed by each kind of byte (delimiters, a fraction, an
 * exponent, a stray letter) or by the end of an input of exactly their
 * size: the kind and value against an accumulation done here, digit by
 * digit, and the failures where the grammar says so.
 */
static void test_parse_integer_lengths(void) {
    static const char *const tails[] = {"", "]", ",0]", " ]", "\n]", "}", "x]", ".5]", "e2]", "E+1]", "/"};
    jb_arena *a = jb_arena_new();
    jb_error e;
    for (size_t len = 1; len <= 21; len++)
        for (int neg = 0; neg < 2; neg++)
            for (int zero = 0; zero < 2; zero++)
                for (size_t ti = 0; ti < sizeof tails / sizeof tails[0]; ti++) {
                    char doc[64], digits[32];
                    size_t n = 0, tl = strlen(tails[ti]);
                    bool arr = tl > 0 && tails[ti][tl - 1] == ']';
                    bool obj = tails[ti][0] == '}';
                    uint64_t mag = 0;
                    bool over = false; /* past UINT64_MAX */
                    for (size_t i = 0; i < len; i++) {
                        unsigned dg;
                        digits[i] = (char)(zero && i == 0 ? '0' : '1' + (i * 7 + len) % 9);
                        dg = (unsigned)(digits[i] - '0');
                        if (mag > (UINT64_MAX - dg) / 10) over = true;
                        mag = mag * 10 + dg;
                    }
                    if (arr) doc[n++] = '[';
                    if (obj) n += (size_t)snprintf(doc + n, sizeof doc - n, "{\"k\":");
                    if (neg) doc[n++] = '-';
                    memcpy(doc + n, digits, len);
                    n += len;
                    memcpy(doc + n, tails[ti], tl);
                    n += tl;
                    char *exact = malloc(n);
                    memcpy(exact, doc, n);
                    jb_value *v = (jb_value *)&a;
                    jb_arena_reset(a);
                    jb_status st = jb_value_parse(exact, n, &v, a, NULL, &e);
                    free(exact);
                    bool bad_tail = tails[ti][0] == 'x' || tails[ti][0] == '/';
                    bool frac = tails[ti][0] == '.' || tails[ti][0] == 'e' || tails[ti][0] == 'E';
                    if ((zero && len > 1) || bad_tail) {
                        CHECK_AT(__LINE__, st == JB_E_SYNTAX, "%.*s: %s", (int)n, doc,
                                 jb_status_name(st));
                        CHECK_AT(__LINE__, v == NULL, "%.*s", (int)n, doc);
                        continue;
                    }
                    CHECK_AT(__LINE__, st == JB_OK, "%.*s: %s", (int)n, doc, e.message);
                    if (st != JB_OK) continue;
                    jb_value *x = arr ? jb_value_array_get(v, 0)
                                      : obj ? jb_value_object_get(v, "k", 1) : v;
                    jb_number_kind kind = jb_value_number_kind(x);
                    if (frac) {
                        double d = 0, want = (double)mag;
                        CHECK_AT(__LINE__, kind == JB_NUMBER_F64, "%.*s: kind %d", (int)n, doc,
                                 (int)kind);
                        if (len > 14) continue;
                        want = tails[ti][0] == '.' ? want + 0.5
                               : tails[ti][0] == 'e' ? want * 100 : want * 10;
                        if (neg) want = -want;
                        CHECK_AT(__LINE__, jb_value_get_f64(x, &d) == JB_OK && d == want, "%.*s",
                                 (int)n, doc);
                        continue;
                    }
                    if (neg && mag == 0) {
                        CHECK_AT(__LINE__, kind == JB_NUMBER_F64, "%.*s: -0 kind %d", (int)n, doc,
                                 (int)kind);
                    } else if (!over && (neg ? mag <= (uint64_t)INT64_MAX + 1
                                             : mag <= (uint64_t)INT64_MAX)) {
                        int64_t i64 = 0;
                        int64_t want = neg ? (int64_t)(0 - mag) : (int64_t)mag;
                        CHECK_AT(__LINE__, kind == JB_NUMBER_I64, "%.*s: kind %d", (int)n, doc,
                                 (int)kind);
                        CHECK_AT(__LINE__, jb_value_get_i64(x, &i64) == JB_OK && i64 == want,
                                 "%.*s", (int)n, doc);
                    } else if (!over && !neg) {
                        uint64_t u64 = 0;
                        CHECK_AT(__LINE__, kind == JB_NUMBER_U64, "%.*s: kind %d", (int)n, doc,
                                 (int)kind);
                        CHECK_AT(__LINE__, jb_value_get_u64(x, &u64) == JB_OK && u64 == mag,
                                 "%.*s", (int)n, doc);
                    } else {
                        CHECK_AT(__LINE__, kind == JB_NUMBER_BIG, "%.*s: kind %d", (int)n, doc,
                                 (int)kind);
                    }
                }
    jb_arena_free(a);
}

/*
 * Strings that parse scanned clean (valid UTF-8, nothing to escape) and
 * print copies as they are: non-ASCII and long ones, as values, keys and
 * in copies, printed plain, with '/' or non-ASCII escaped, into fixed
 * buffers of every size around the text; and strings that are not clean
 * (parsed without the UTF-8 check, built) still checked. Expected texts
 * are written by hand.
 */
static void test_print_clean_strings(void) {
    /* "é/x", 70 bytes of "aé/" repeats, key "ü" */
    char doc[512], want_slash[512], want_uni[512];
    size_t n = 0, ns = 0, nu = 0;
    jb_arena *a = jb_arena_new();
    jb_error e;
    jb_value *v;
    n += (size_t)snprintf(doc + n, sizeof doc - n, "[\"\xc3\xa9/x\",\"");
    ns += (size_t)snprintf(want_slash + ns, sizeof want_slash - ns, "[\"\xc3\xa9\\/x\",\"");
    nu += (size_t)snprintf(want_uni + nu, sizeof want_uni - nu, "[\"\\u00e9/x\",\"");
    for (int i = 0; i < 20; i++) {
        n += (size_t)snprintf(doc + n, sizeof doc - n, "a\xc3\xa9/");
        ns += (size_t)snprintf(want_slash + ns, sizeof want_slash - ns, "a\xc3\xa9\\/");
        nu += (size_t)snprintf(want_uni + nu, sizeof want_uni - nu, "a\\u00e9/");
    }
    n += (size_t)snprintf(doc + n, sizeof doc - n, "\",{\"\xc3\xbc\":\"\xf0\x9f\x98\x80\"}]");
    ns += (size_t)snprintf(want_slash + ns, sizeof want_slash - ns,
                           "\",{\"\xc3\xbc\":\"\xf0\x9f\x98\x80\"}]");
    nu += (size_t)snprintf(want_uni + nu, sizeof want_uni - nu,
                           "\",{\"\\u00fc\":\"\\ud83d\\ude00\"}]");
    CHECK_EQ_INT(jb_value_parse(doc, n, &v, a, NULL, &e), JB_OK);
    CHECK_STR(print(v, 0, 0), doc);
    CHECK_STR(print(v, JB_WRITE_ESCAPE_SLASH, 0), want_slash);
    CHECK_STR(print(v, JB_WRITE_ESCAPE_UNICODE, 0), want_uni);
    CHECK_STR(print(jb_value_copy(v, a), 0, 0), doc);
    for (size_t cap = 0; cap <= n + 2; cap++) {
        char *fixed = malloc(cap ? cap : 1);
        size_t need = 0;
        jb_status st = jb_value_print_fixed(v, fixed, cap, &need, NULL, NULL);
        CHECK_AT(__LINE__, st == (cap >= n ? JB_OK : JB_E_BUFFER), "cap %zu: %s", cap,
                 jb_status_name(st));
        CHECK_AT(__LINE__, need == n, "cap %zu: need %zu", cap, need);
        if (st == JB_OK) CHECK_MEM_AT(__LINE__, fixed, n, doc, n);
        free(fixed);
    }
    {
        /* parsed without the UTF-8 check: print still checks */
        jb_read_options lax = {.flags = JB_READ_ALLOW_INVALID_UTF8};
        jb_buf b = JB_BUF_INIT;
        jb_write_options pass = {.flags = JB_WRITE_ALLOW_INVALID_UTF8};
        CHECK_EQ_INT(jb_value_parse("[\"a\xff\xc3\xa9\"]", 8, &v, a, &lax, &e), JB_OK);
        CHECK_EQ_INT(jb_value_print(v, &b, NULL, &e), JB_E_UTF8);
        b.len = 0;
        CHECK_EQ_INT(jb_value_print(v, &b, &pass, &e), JB_OK);
        CHECK_MEM_AT(__LINE__, b.data, b.len, "[\"a\xff\xc3\xa9\"]", 8);
        jb_buf_free(&b);
        /* built: not clean, checked */
        v = jb_value_new_array(a);
        CHECK_EQ_INT(jb_value_array_append(v, jb_value_new_string(a, "\xc3\xa9\"\x01", 4), a), JB_OK);
        CHECK_STR(print(v, 0, 0), "[\"\xc3\xa9\\\"\\u0001\"]");
    }
    jb_arena_free(a);
}

int main(void) {
    test_types_and_numbers();
    test_float_tokens();
    test_getters();
    test_objects();
    test_parse_spanning();
    test_parse_string_lengths();
    test_parse_whitespace();
    test_parse_small_arrays();
    test_parse_integer_lengths();
    test_pointer();
    test_builders();
    test_copy_equal();
    test_print_flags();
    test_print_short_strings();
    test_print_short_escapes();
    test_print_clean_strings();
    test_print_compact_sinks();
    test_canonical();
    test_errors();
    test_any_and_typed();
    test_alloc_failure();
    test_deep();
    return check_report();
}
