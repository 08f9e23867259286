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
#include <math.h>
#include <stdint.h>
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

/*
 * Runs of plain numbers in arrays: the compact walk writes integers and
 * finite doubles that follow one another in an array without its switch
 * (value_print.c). JB_PRINT_SORT_KEYS takes the general walk, which
 * prints arrays alike (the objects here have one key), so the two must
 * agree on every array of random elements — integers of every size, u64
 * past INT64_MAX, doubles (integral ones past 2^53 too, which get ".0"),
 * NaN and infinities (an error, or null with JB_WRITE_NONFINITE_NULL),
 * big number text, null, strings, nested arrays and objects — in two
 * float styles, on a growing buffer and on a fixed buffer of every size.
 */
static uint64_t rnd_state = 0x6a62766e72756e73u;
static uint64_t rnd(void) {
    uint64_t z = (rnd_state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static jb_value *random_elem(jb_arena *a, int depth) {
    static const double dv[] = {0.5, -2.25, 1e21, 123456.789, -0.0, 9007199254740993.0 * 4, 1e-7, 3.0};
    uint64_t r = rnd(), m = rnd();
    int64_t small = (int64_t)(m >> 1 >> (r >> 58)); /* 0 .. 2^63 - 1, of every length */
    switch (r % 16) {
    case 0: case 1: case 2: case 3: return jb_value_new_i64(a, r & 16 ? -small : small);
    case 4: case 5: case 6: case 7: return jb_value_new_f64(a, dv[(r >> 8) % 8] * (double)((r >> 16) % 1000 + 1));
    case 8: return jb_value_new_u64(a, UINT64_MAX - (r >> 20));
    case 9: return jb_value_new_f64(a, (r >> 8) & 1 ? (double)NAN : ((r >> 9) & 1 ? 1.0 : -1.0) / 0.0);
    case 10: return jb_value_new_number_text(a, T("123456789012345678901234567890"));
    case 11: return jb_value_new_null(a);
    case 12: return jb_value_new_string(a, T("s"));
    case 13: return jb_value_new_i64(a, INT64_MIN);
    case 14: {
        jb_value *o = jb_value_new_object(a);
        if (o) jb_value_object_set(o, T("k"), jb_value_new_i64(a, 7), a);
        return o;
    }
    default: {
        jb_value *arr = jb_value_new_array(a);
        size_t n = depth < 2 ? rnd() % 5 : 0;
        for (size_t i = 0; i < n && arr; i++) jb_value_array_append(arr, random_elem(a, depth + 1), a);
        return arr;
    }
    }
}

static void same_print(int line, const jb_value *v, uint32_t flags, uint32_t style) {
    jb_write_options oc = {.flags = flags, .float_style = style};
    jb_write_options og = {.flags = flags | JB_PRINT_SORT_KEYS, .float_style = style};
    jb_buf bc = JB_BUF_INIT, bg = JB_BUF_INIT;
    jb_error ec, eg;
    memset(&ec, 0, sizeof ec);
    memset(&eg, 0, sizeof eg);
    jb_status sc = jb_value_print(v, &bc, &oc, &ec), sg = jb_value_print(v, &bg, &og, &eg);
    CHECK_AT(line, sc == sg, "status %d vs %d", (int)sc, (int)sg);
    if (sc == JB_OK && sg == JB_OK) CHECK_MEM_AT(line, bc.data, bc.len, bg.data, bg.len);
    else CHECK_AT(line, strcmp(ec.message, eg.message) == 0, "%s vs %s", ec.message, eg.message);
    if (sc == JB_OK && sg == JB_OK) {
        for (size_t cap = 0; cap <= bg.len + 1; cap++) {
            char dc[1024], dg[1024];
            size_t nc = 0, ng = 0;
            if (cap + 16 > sizeof dc) break;
            memset(dc, 0x5a, sizeof dc);
            memset(dg, 0x5a, sizeof dg);
            jb_status fc = jb_value_print_fixed(v, dc, cap, &nc, &oc, NULL);
            jb_status fg = jb_value_print_fixed(v, dg, cap, &ng, &og, NULL);
            CHECK_AT(line, fc == fg && nc == ng, "cap %zu: %d/%zu vs %d/%zu", cap, (int)fc, nc, (int)fg, ng);
            CHECK_AT(line, memcmp(dc, dg, sizeof dc) == 0, "cap %zu: the bytes", cap);
        }
    }
    jb_buf_free(&bc);
    jb_buf_free(&bg);
}

static void test_number_runs(void) {
    for (int round = 0; round < 400; round++) {
        jb_arena *a = jb_arena_new();
        jb_value *arr = jb_value_new_array(a);
        size_t n = rnd() % 12;
        for (size_t i = 0; i < n; i++) jb_value_array_append(arr, random_elem(a, 0), a);
        same_print(__LINE__, arr, 0, 0);
        same_print(__LINE__, arr, JB_WRITE_NONFINITE_NULL, 0);
        same_print(__LINE__, arr, JB_WRITE_NONFINITE_NULL, JB_FLOAT_RUST);
        jb_arena_free(a);
    }
    /* the text itself */
    jb_arena *a = jb_arena_new();
    jb_value *arr = jb_value_new_array(a);
    jb_buf b = JB_BUF_INIT;
    jb_value_array_append(arr, jb_value_new_f64(a, 0.5), a);
    jb_value_array_append(arr, jb_value_new_i64(a, -3), a);
    jb_value_array_append(arr, jb_value_new_f64(a, 1e22), a);
    jb_value_array_append(arr, jb_value_new_f64(a, 12345678901234567890.0), a);
    jb_value_array_append(arr, jb_value_new_u64(a, UINT64_MAX), a);
    jb_value_array_append(arr, jb_value_new_f64(a, 2.0), a);
    CHECK(print_into(arr, &b, 0) == JB_OK);
    CHECK_TEXT(b, "[0.5,-3,1e+22,12345678901234567000.0,18446744073709551615,2]");
    jb_buf_free(&b);
    jb_arena_free(a);
}

int main(void) {
    test_clean_lengths();
    test_keys_not_clean();
    test_number_runs();
    return check_report();
}
