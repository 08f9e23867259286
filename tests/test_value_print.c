/* SPDX-License-Identifier: MIT */
/*
 * test_value_print.c — the DOM printer's copy of what parse scanned clean
 * (src/value_print.c): strings marked clean and the keys of objects whose
 * keys parse all scanned clean are copied as they are, unchecked, at every
 * length around the copy's move sizes (0..80 bytes: 1-3, 4, 8 and 16-byte
 * moves, the 64-byte short limit and past it), ASCII and not; and every way
 * an object's keys stop being known clean (a key with an escape, a key
 * added by jb_value_object_set, parse without the UTF-8 check) still
 * checks and escapes. Expected texts are the input (parse -> compact print
 * gives the same bytes) or written by hand.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"

/* A string literal and its length (no NUL). */
#define T(s) s, sizeof(s) - 1
/* The buffer b holds exactly the literal s. */
#define CHECK_TEXT(b, s) CHECK_MEM_AT(__LINE__, (b).data, (b).len, s, sizeof(s) - 1)

/* Print v compactly with flags into b (reset first); the status. */
static jb_status print_into(const jb_value *v, jb_buf *b, uint32_t flags) {
    jb_write_options o = {.flags = flags};
    b->len = 0;
    return jb_value_print(v, b, &o, NULL);
}

/* n bytes of text for a string of length n: letters, with a two-byte
 * UTF-8 character at byte `at` when at + 2 <= n (else ASCII only), and a
 * '/' at byte `slash` when slash < n and no other byte is there. */
static void fill(char *s, size_t n, size_t at, size_t slash) {
    for (size_t i = 0; i < n; i++) s[i] = (char)('a' + i % 26);
    if (at + 2 <= n) {
        s[at] = '\xc3';
        s[at + 1] = '\xa9';
    }
    if (slash < n && !(at + 2 <= n && (slash == at || slash == at + 1))) s[slash] = '/';
}

/* The text with every '/' written as "\/" (JB_WRITE_ESCAPE_SLASH). */
static size_t slash_escaped(char *dst, const char *s, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '/') dst[k++] = '\\';
        dst[k++] = s[i];
    }
    return k;
}

static void test_clean_lengths(void) {
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    char key[96], val[96], doc[256], want[512], fixed[256];
    for (size_t n = 0; n <= 80; n++)
        for (int variant = 0; variant < 3; variant++) {
            /* 0: ASCII; 1: non-ASCII at the end; 2: a '/' in the middle */
            size_t at = variant == 1 && n >= 2 ? n - 2 : SIZE_MAX - 2;
            size_t slash = variant == 2 ? n / 2 : SIZE_MAX;
            size_t d = 0, w = 0, need = 0;
            jb_value *v = NULL;
            jb_error e;
            fill(key, n, at, slash);
            fill(val, n, at, slash);
            /* {"<key>":"<val>","k":["<val>"]} */
            doc[d++] = '{';
            doc[d++] = '"';
            memcpy(doc + d, key, n);
            d += n;
            memcpy(doc + d, "\":\"", 3);
            d += 3;
            memcpy(doc + d, val, n);
            d += n;
            memcpy(doc + d, "\",\"k\":[\"", 8);
            d += 8;
            memcpy(doc + d, val, n);
            d += n;
            memcpy(doc + d, "\"]}", 3);
            d += 3;
            CHECK_AT(__LINE__, jb_value_parse(doc, d, &v, a, NULL, &e) == JB_OK,
                     "n %zu variant %d: %s", n, variant, e.message);
            if (!v) continue;
            CHECK_EQ_INT(print_into(v, &b, 0), JB_OK);
            CHECK_MEM_AT(__LINE__, b.data, b.len, doc, d);
            /* a copy keeps what parse knew, and prints alike */
            CHECK_EQ_INT(print_into(jb_value_copy(v, a), &b, 0), JB_OK);
            CHECK_MEM_AT(__LINE__, b.data, b.len, doc, d);
            /* exactly enough room; one byte less fails with the size */
            CHECK_EQ_INT(jb_value_print_fixed(v, fixed, d, &need, NULL, NULL), JB_OK);
            CHECK_MEM_AT(__LINE__, fixed, d, doc, d);
            CHECK_EQ_INT(jb_value_print_fixed(v, fixed, d - 1, &need, NULL, NULL), JB_E_BUFFER);
            CHECK_EQ_INT(need, d);
            /* '/' escaped on request: the clean copy must not be taken */
            w = slash_escaped(want, doc, d);
            CHECK_EQ_INT(print_into(v, &b, JB_WRITE_ESCAPE_SLASH), JB_OK);
            CHECK_MEM_AT(__LINE__, b.data, b.len, want, w);
            if (variant == 1 && n >= 2) {
                /* non-ASCII as \u00e9 on request (6 bytes for 2, three times) */
                const char *got;
                CHECK_EQ_INT(print_into(v, &b, JB_WRITE_ESCAPE_UNICODE), JB_OK);
                got = b.data;
                CHECK_AT(__LINE__, b.len == d + 3 * 4, "n %zu: %zu bytes", n, b.len);
                CHECK_AT(__LINE__, b.len > n + 8 && memcmp(got + 2 + n - 2, "\\u00e9\"", 7) == 0,
                         "n %zu: key not escaped", n);
            }
        }
    jb_buf_free(&b);
    jb_arena_free(a);
}

static void test_keys_not_clean(void) {
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    jb_error e;
    jb_value *v = NULL, *x;
    /* a key with an escape: decoded to a quote, escaped again */
    CHECK_EQ_INT(jb_value_parse(T("{\"a\\\"b\":1,\"c\":2}"), &v, a, NULL, &e), JB_OK);
    CHECK_EQ_INT(print_into(v, &b, 0), JB_OK);
    CHECK_TEXT(b, "{\"a\\\"b\":1,\"c\":2}");
    /* a control character by \u escape, the other keys plain */
    CHECK_EQ_INT(jb_value_parse(T("{\"x\":0,\"\\u0001\":1}"), &v, a, NULL, &e), JB_OK);
    CHECK_EQ_INT(print_into(v, &b, 0), JB_OK);
    CHECK_TEXT(b, "{\"x\":0,\"\\u0001\":1}");
    /* parsed clean, then a key that needs escaping added */
    CHECK_EQ_INT(jb_value_parse(T("{\"a\":1}"), &v, a, NULL, &e), JB_OK);
    x = jb_value_new_i64(a, 2);
    CHECK_EQ_INT(jb_value_object_set(v, "q\"\n", 3, x, a), JB_OK);
    CHECK_EQ_INT(print_into(v, &b, 0), JB_OK);
    CHECK_TEXT(b, "{\"a\":1,\"q\\\"\\n\":2}");
    /* replacing a member's value keeps the keys */
    CHECK_EQ_INT(jb_value_parse(T("{\"a\":1,\"b\":2}"), &v, a, NULL, &e), JB_OK);
    CHECK_EQ_INT(jb_value_object_set(v, "b", 1, jb_value_new_i64(a, 3), a), JB_OK);
    CHECK_EQ_INT(print_into(v, &b, 0), JB_OK);
    CHECK_TEXT(b, "{\"a\":1,\"b\":3}");
    /* parsed without the UTF-8 check: the keys are checked at print */
    {
        jb_read_options lax = {.flags = JB_READ_ALLOW_INVALID_UTF8};
        CHECK_EQ_INT(jb_value_parse(T("{\"a\xff\":1}"), &v, a, &lax, &e), JB_OK);
        CHECK_EQ_INT(print_into(v, &b, 0), JB_E_UTF8);
        CHECK_EQ_INT(print_into(v, &b, JB_WRITE_ALLOW_INVALID_UTF8), JB_OK);
        CHECK_TEXT(b, "{\"a\xff\":1}");
    }
    /* borrowed strings are the input's clean bytes too */
    {
        jb_read_options bor = {.flags = JB_READ_BORROW_STRINGS};
        CHECK_EQ_INT(jb_value_parse(T("{\"k/\xc3\xa9\":\"v\"}"), &v, a, &bor, &e), JB_OK);
        CHECK_EQ_INT(print_into(v, &b, 0), JB_OK);
        CHECK_TEXT(b, "{\"k/\xc3\xa9\":\"v\"}");
        CHECK_EQ_INT(print_into(v, &b, JB_WRITE_ESCAPE_SLASH | JB_WRITE_ESCAPE_UNICODE), JB_OK);
        CHECK_TEXT(b, "{\"k\\/\\u00e9\":\"v\"}");
    }
    jb_buf_free(&b);
    jb_arena_free(a);
}

int main(void) {
    test_clean_lengths();
    test_keys_not_clean();
    return check_report();
}
