/* SPDX-License-Identifier: MIT */
/*
 * test_value_parse.c — where the DOM parser puts the strings it copies
 * (src/value_parse.c: str_fast, win_open). A string without escapes is
 * placed in a window: one arena copy of the input from some string on,
 * with a NUL written over the copy of each string's closing quote. These
 * tests drive strings around every edge of a window (the first, small
 * window; the growth to the largest; strings longer than a window; a
 * string ending on the window's last byte or one past it; the input's
 * end), as values and as keys, and check each string's bytes and NUL
 * against the text the test wrote (the generator below is the oracle);
 * that the input is never written; that an arena cap copies each string
 * alone; that a prefix parse and a failed parse leave only what they
 * should.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"

/* String i of a document: its length, and its bytes (letters that depend
 * on i and the position, so a string placed at another's copy, or cut
 * short, or run into its neighbour, differs). */
static size_t str_len(size_t i, size_t seed) {
    /* lengths around the windows' sizes (256 .. 8192) and small ones */
    static const size_t lens[] = {0,    1,    2,    7,    30,   250,  255,   256,  257,
                                  3,    511,  512,  1023, 1024, 4095, 4096,  4097, 8190,
                                  8191, 8192, 8193, 9000, 17,   100,  12000, 5};
    return lens[(i + seed) % (sizeof lens / sizeof lens[0])];
}
static char str_byte(size_t i, size_t j) { return (char)('a' + (i * 7 + j) % 26); }

/* A document of n strings into buf (room bytes): an array whose elements
 * are, by turns, a string, a number then a string, and an object whose key
 * and value are strings (key: string i, value: string i + 1). Returns its
 * length, or 0 when it does not fit. */
static size_t make_doc(char *buf, size_t room, size_t n, size_t seed, bool pretty) {
    size_t k = 0;
    const char *sep = pretty ? ",\n  " : ",";
#define PUT(c)                       \
    do {                             \
        if (k + 1 >= room) return 0; \
        buf[k++] = (char)(c);        \
    } while (0)
#define PUTS(s)                                         \
    do {                                                \
        for (const char *q_ = (s); *q_; q_++) PUT(*q_); \
    } while (0)
#define PUTSTR(i)                                                  \
    do {                                                           \
        size_t l_ = str_len((i), seed);                            \
        PUT('"');                                                  \
        for (size_t j_ = 0; j_ < l_; j_++) PUT(str_byte((i), j_)); \
        PUT('"');                                                  \
    } while (0)
    PUT('[');
    for (size_t i = 0; i < n; i++) {
        if (i) PUTS(sep);
        switch (i % 3) {
        case 0: PUTSTR(i); break;
        case 1:
            PUTS("[12345, ");
            PUTSTR(i);
            PUT(']');
            break;
        default:
            PUT('{');
            PUTSTR(i);
            PUTS(pretty ? ": " : ":");
            PUTSTR(i + 1);
            PUT('}');
            break;
        }
    }
    PUT(']');
#undef PUT
#undef PUTS
#undef PUTSTR
    buf[k] = '\0';
    return k;
}

/* s is string i of the generator, NUL-terminated. */
static void check_str(int line, const jb_str *s, size_t i, size_t seed) {
    size_t l = str_len(i, seed);
    bool ok = s->ptr && s->len == l && s->ptr[l] == '\0';
    for (size_t j = 0; ok && j < l; j++) ok = s->ptr[j] == str_byte(i, j);
    CHECK_AT(line, ok, "string %zu (seed %zu): length %zu, want %zu", i, seed, s->len, l);
}

/* Every string of the parsed document v (make_doc's n strings) is right. */
static void check_doc(int line, const jb_value *v, size_t n, size_t seed) {
    jb_str s, key;
    CHECK_AT(line, jb_value_array_len(v) == n, "%zu elements", jb_value_array_len(v));
    for (size_t i = 0; i < n && i < jb_value_array_len(v); i++) {
        const jb_value *e = jb_value_array_get(v, i), *m;
        switch (i % 3) {
        case 0:
            CHECK_AT(line, jb_value_get_str(e, &s) == JB_OK, "element %zu", i);
            check_str(line, &s, i, seed);
            break;
        case 1:
            CHECK_AT(line, jb_value_get_str(jb_value_array_get(e, 1), &s) == JB_OK, "element %zu",
                     i);
            check_str(line, &s, i, seed);
            break;
        default:
            m = jb_value_object_at(e, 0, &key);
            check_str(line, &key, i, seed);
            CHECK_AT(line, m && jb_value_get_str(m, &s) == JB_OK, "element %zu", i);
            check_str(line, &s, i + 1, seed);
            break;
        }
    }
}

enum { ROOM = 1 << 20 };

static void test_window_edges(void) {
    char *doc = malloc(ROOM), *copy = malloc(ROOM);
    jb_arena *a = jb_arena_new();
    CHECK(doc && copy && a);
    if (!doc || !copy || !a) goto out;
    /* every seed shifts which lengths fall where, so strings end at many
     * offsets from a window's start, the input's end among them */
    for (size_t seed = 0; seed < 26; seed++)
        for (int pretty = 0; pretty < 2; pretty++)
            for (size_t n = 1; n <= 40; n += 13) {
                jb_value *v = NULL;
                jb_error err;
                size_t len = make_doc(doc, ROOM, n, seed, pretty);
                CHECK(len > 0);
                memcpy(copy, doc, len);
                jb_arena_reset(a);
                CHECKF(jb_value_parse(doc, len, &v, a, NULL, &err) == JB_OK, "seed %zu n %zu: %s",
                       seed, n, err.message);
                check_doc(__LINE__, v, n, seed);
                CHECKF(memcmp(doc, copy, len) == 0, "seed %zu n %zu: the input was written", seed,
                       n);
            }
    /* A document that is one string, in a buffer of exactly its size: the
     * window ends at the input's end, and AddressSanitizer sees a copy
     * that reads past it. */
    for (size_t l = 0; l < 600; l += 37) {
        jb_value *v = NULL;
        jb_str s;
        char *one = malloc(l + 2);
        CHECK(one != NULL);
        if (!one) break;
        one[0] = '"';
        for (size_t j = 0; j < l; j++) one[1 + j] = str_byte(3, j);
        one[l + 1] = '"';
        jb_arena_reset(a);
        CHECK_EQ_INT(jb_value_parse(one, l + 2, &v, a, NULL, NULL), JB_OK);
        CHECK_EQ_INT(jb_value_get_str(v, &s), JB_OK);
        CHECKF(s.len == l && s.ptr[l] == '\0' && memcmp(s.ptr, one + 1, l) == 0, "length %zu", l);
        free(one);
    }
    /* The first window (256 bytes from the first string's first byte) and
     * a second string whose closing quote falls on each byte around the
     * window's end: inside it, on its last byte, one past it. Then a
     * third string, which must not run into the second. */
    for (size_t l = 240; l < 270; l++) {
        static const char tail[] = "\",\"zz\",[1,2,3,4,5,6,7,8,9,10,11,12]]";
        jb_value *v = NULL;
        jb_str s;
        size_t k = 0;
        doc[k++] = '[';
        doc[k++] = '"';
        doc[k++] = 'a';
        doc[k++] = '"';
        doc[k++] = ',';
        doc[k++] = '"';
        for (size_t j = 0; j < l; j++) doc[k++] = str_byte(5, j);
        memcpy(doc + k, tail, sizeof tail - 1);
        k += sizeof tail - 1;
        jb_arena_reset(a);
        CHECK_EQ_INT(jb_value_parse(doc, k, &v, a, NULL, NULL), JB_OK);
        CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, 1), &s), JB_OK);
        CHECKF(s.len == l && s.ptr[l] == '\0' && memcmp(s.ptr, doc + 6, l) == 0, "length %zu", l);
        CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, 2), &s), JB_OK);
        CHECK_MEM_AT(__LINE__, s.ptr, s.len + 1, "zz", 3);
    }
out:
    jb_arena_free(a);
    free(copy);
    free(doc);
}

/* Under an arena cap each string is copied alone (as before windows): the
 * same strings, in fewer arena bytes than the windows take for a document
 * whose strings sit between numbers. */
static void test_capped_arena(void) {
    static char doc[64 * 1024];
    size_t k = 0;
    jb_arena *open = jb_arena_new(), *capped = jb_arena_new_with(NULL, 1u << 24);
    jb_value *v = NULL, *w = NULL;
    CHECK(open && capped);
    if (!open || !capped) goto out;
    doc[k++] = '[';
    for (size_t i = 0; i < 500; i++) {
        /* "sNNN", then 60 bytes of numbers before the next string */
        k += (size_t)snprintf(doc + k, sizeof doc - k, "%s\"s%zu\"", i ? "," : "", i);
        for (int j = 0; j < 6; j++) k += (size_t)snprintf(doc + k, sizeof doc - k, ",123456789");
    }
    doc[k++] = ']';
    CHECK_EQ_INT(jb_value_parse(doc, k, &v, open, NULL, NULL), JB_OK);
    CHECK_EQ_INT(jb_value_parse(doc, k, &w, capped, NULL, NULL), JB_OK);
    for (size_t i = 0; i < 500 && v && w; i++) {
        char want[16];
        jb_str s, t;
        int n = snprintf(want, sizeof want, "s%zu", i);
        CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, i * 7), &s), JB_OK);
        CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(w, i * 7), &t), JB_OK);
        CHECK_MEM_AT(__LINE__, s.ptr, s.len, want, (size_t)n);
        CHECK_MEM_AT(__LINE__, t.ptr, t.len, want, (size_t)n);
        CHECK(s.ptr[s.len] == '\0' && t.ptr[t.len] == '\0');
    }
    /* windows copy the numbers between the strings too; alone, each string
     * takes its bytes and a NUL (5 or 6 bytes here, 500 of them) */
    CHECKF(jb_arena_used(capped) + 20000 < jb_arena_used(open), "capped %zu, open %zu",
           jb_arena_used(capped), jb_arena_used(open));
out:
    jb_arena_free(open);
    jb_arena_free(capped);
}

/* Two documents parsed from one buffer by prefix, into one arena: each
 * parse has its own window, and the second leaves the first's strings as
 * they were. A failed parse takes back everything it allocated, windows
 * included. */
static void test_prefix_and_failure(void) {
    /* the two documents, then 20 KB more of the buffer that neither reads */
    static char text[20 * 1024];
    const char two[] = "[\"alpha\",\"beta\"] {\"gamma\":\"delta\"}";
    jb_arena *a = jb_arena_new();
    jb_value *v = NULL, *w = NULL;
    size_t used, consumed = 0;
    jb_str s, key;
    CHECK(a != NULL);
    if (!a) return;
    memset(text, ' ', sizeof text);
    memcpy(text, two, sizeof two - 1);
    CHECK_EQ_INT(jb_value_parse_prefix(text, sizeof text - 1, &v, a, NULL, &consumed, NULL), JB_OK);
    CHECK_EQ_INT((int)consumed, 16);
    CHECK_EQ_INT(
        jb_value_parse_prefix(text + consumed, sizeof text - 1 - consumed, &w, a, NULL, NULL, NULL),
        JB_OK);
    CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, 0), &s), JB_OK);
    CHECK_MEM_AT(__LINE__, s.ptr, s.len + 1, "alpha", 6);
    CHECK_EQ_INT(jb_value_get_str(jb_value_array_get(v, 1), &s), JB_OK);
    CHECK_MEM_AT(__LINE__, s.ptr, s.len + 1, "beta", 5);
    CHECK_EQ_INT(jb_value_get_str(jb_value_object_at(w, 0, &key), &s), JB_OK);
    CHECK_MEM_AT(__LINE__, key.ptr, key.len + 1, "gamma", 6);
    CHECK_MEM_AT(__LINE__, s.ptr, s.len + 1, "delta", 6);
    /* a small document takes a small window, not the rest of the buffer */
    CHECKF(jb_arena_used(a) < 2048, "%zu bytes for two small documents", jb_arena_used(a));
    used = jb_arena_used(a);
    {
        const char bad[] = "[\"one\",\"two\",\"three\" \"four\"]";
        jb_error err;
        CHECK_EQ_INT(jb_value_parse(bad, sizeof bad - 1, &v, a, NULL, &err), JB_E_SYNTAX);
        CHECK_EQ_INT((int)err.offset, 21); /* the quote of "four" */
        CHECK(v == NULL);
        CHECK_EQ_INT((int)jb_arena_used(a), (int)used);
    }
    jb_arena_free(a);
}

/* The escapes test's pieces: the JSON text and what it decodes to. */
static const struct {
    const char *json, *text;
} esc_pieces[] = {
    {"\\n", "\n"},
    {"\\\"", "\""},
    {"\\\\", "\\"},
    {"\\/", "/"},
    {"\\t", "\t"},
    {"\\u0041", "A"},
    {"\\u00e9", "\xc3\xa9"},
    {"\\u4E2D", "\xe4\xb8\xad"},
    {"\\ud83d\\ude00", "\xf0\x9f\x98\x80"},
    {"\xc3\xa9", "\xc3\xa9"},
    {"x", "x"},
};
enum { NPIECES = sizeof esc_pieces / sizeof esc_pieces[0] };

/* String i of the escapes test: a clean prefix (lengths around the small
 * and large windows), then up to 12 pieces, escapes among them, with a run
 * of letters now and then; appended as JSON to *j and as its text to *t. */
static void esc_string(size_t i, char *j, size_t *jn, char *t, size_t *tn) {
    static const size_t pre[] = {0, 1, 5, 31, 200, 250, 255, 256, 300, 1000, 4090, 8190, 9000};
    size_t l = pre[i % (sizeof pre / sizeof pre[0])], k = 1 + (i * 5) % 12;
    for (size_t q = 0; q < l; q++) j[(*jn)++] = t[(*tn)++] = str_byte(i, q);
    for (size_t q = 0; q < k; q++) {
        const char *pj = esc_pieces[(i + q * 3) % NPIECES].json;
        const char *pt = esc_pieces[(i + q * 3) % NPIECES].text;
        memcpy(j + *jn, pj, strlen(pj));
        *jn += strlen(pj);
        memcpy(t + *tn, pt, strlen(pt));
        *tn += strlen(pt);
        if ((i + q) % 4 == 0)
            for (size_t r = 0; r < 20; r++) j[(*jn)++] = t[(*tn)++] = str_byte(i + 1, r);
    }
}

/*
 * Strings with escapes, as values and as keys, between strings that the
 * windows hold: str_fast hands the first backslash to the escaped path
 * (value_parse.c's str_slow, read.c's jb__r_string_escaped). Each string
 * is checked against the text the test decoded, NUL included; the clean
 * strings between them must be intact (a 3-letter string right after
 * each); printed back, each is escaped again (an escaped string is not
 * JB_STR_CLEAN), and the print parses to an equal tree.
 */
static void test_escapes(void) {
    enum { N = 60 };
    char *doc = malloc(ROOM), *text = malloc(ROOM);
    size_t *at = malloc(N * sizeof *at), *len = malloc(N * sizeof *len);
    jb_arena *a = jb_arena_new();
    jb_buf out = JB_BUF_INIT;
    CHECK(doc && text && at && len && a);
    if (!doc || !text || !at || !len || !a) goto out;
    for (int pretty = 0; pretty < 2; pretty++) {
        size_t k = 0, tn = 0;
        jb_value *v = NULL, *back = NULL;
        jb_error err;
        doc[k++] = '[';
        for (size_t i = 0; i < N; i++) {
            if (i) k += (size_t)snprintf(doc + k, ROOM - k, pretty ? ",\n  " : ",");
            if (i % 2) doc[k++] = '{';
            doc[k++] = '"';
            at[i] = tn;
            esc_string(i, doc, &k, text, &tn);
            len[i] = tn - at[i];
            doc[k++] = '"';
            /* as a key, its value is "abc"; as a value, "abc" follows it */
            k += (size_t)snprintf(doc + k, ROOM - k,
                                  i % 2 ? (pretty ? ": \"abc\"}" : ":\"abc\"}") : ",\"abc\"");
        }
        doc[k++] = ']';
        jb_arena_reset(a);
        CHECKF(jb_value_parse(doc, k, &v, a, NULL, &err) == JB_OK, "pretty %d: %s", pretty,
               err.message);
        for (size_t i = 0; v && i < N; i++) {
            jb_str s, abc;
            const jb_value *e, *next;
            if (i % 2) {
                e = jb_value_array_get(v, i / 2 * 3 + 2);
                next = jb_value_object_at(e, 0, &s);
            } else {
                e = jb_value_array_get(v, i / 2 * 3);
                CHECK_EQ_INT(jb_value_get_str(e, &s), JB_OK);
                next = jb_value_array_get(v, i / 2 * 3 + 1);
            }
            CHECKF(s.len == len[i] && memcmp(s.ptr, text + at[i], s.len) == 0 &&
                       s.ptr[s.len] == '\0',
                   "pretty %d: string %zu (%zu bytes, want %zu)", pretty, i, s.len, len[i]);
            CHECKF(next && jb_value_get_str(next, &abc) == JB_OK && abc.len == 3 &&
                       memcmp(abc.ptr, "abc", 4) == 0,
                   "pretty %d: the string after %zu", pretty, i);
        }
        out.len = 0;
        CHECK_EQ_INT(jb_value_print(v, &out, NULL, NULL), JB_OK);
        CHECK_EQ_INT(jb_value_parse(out.data, out.len, &back, a, NULL, NULL), JB_OK);
        CHECK(back && jb_value_equal(v, back));
    }
out:
    jb_buf_free(&out);
    jb_arena_free(a);
    free(len);
    free(at);
    free(text);
    free(doc);
}

/*
 * Faulty strings with escapes, after a clean string has opened a window:
 * each fails as the typed decoder's string and key paths (jb__r_string,
 * jb__r_key, which scan the string from its start) fail on the same text:
 * same code, offset and message; max_string_len over the unescaped text
 * too (and a text of exactly max_string_len bytes fits).
 */
static void test_escape_errors(void) {
    static const struct {
        int line;
        const char *doc;
        size_t max_string_len;
        bool fails;
    } cases[] = {
        {__LINE__, "[\"open\",\"a\\qb\"]", 0, true},
        {__LINE__, "[\"open\",\"a\\n\\u12\"]", 0, true},
        {__LINE__, "[\"open\",\"a\\u12g4\"]", 0, true},
        {__LINE__, "[\"open\",\"a\\ud800x\"]", 0, true},
        {__LINE__, "[\"open\",\"a\\ud800\\u0041\"]", 0, true},
        {__LINE__, "[\"open\",\"\\udc00\"]", 0, true},
        {__LINE__, "[\"open\",\"a\\n\\u00e9\x01\"]", 0, true},
        {__LINE__, "[\"open\",\"a\\n\xff\"]", 0, true},
        {__LINE__, "[\"open\",\"a\\n\xe4\xb8\"]", 0, true},
        {__LINE__, "[\"open\",\"ab\\\"", 0, true},
        {__LINE__, "[\"open\",\"ab\\n", 0, true},
        {__LINE__, "[\"open\",\"ab\\", 0, true},
        {__LINE__, "{\"open\":1,\"k\\x\":2}", 0, true},
        {__LINE__, "{\"open\":1,\"k\\n\\t\\u0041\":2,\"k\\u004\":3}", 0, true},
        {__LINE__, "[\"open\",\"abcd\\n\\n\\n\"]", 5, true},
        {__LINE__, "[\"open\",\"abcd\\n\\n\"]", 6, false}, /* 6 bytes: fits */
        {__LINE__, "{\"open\":1,\"\\u0041\\u0042\\u0043\\u0044\":2}", 3, true},
        {__LINE__,
         "[\"open\",\"\\u0041\\u0042\\u0043\\u0044\\u0045\\u0046\\u0047\\u0048\\u0049\\u004a\\u004b"
         "\\u004c\"]",
         1, true},
    };
    /* the typed decoder's view of the same text: strings, or keys */
    const jb_type *const strs = JB_VEC_OF_T(jb_str, &jb_string);
    const jb_type *const keys = JB_MAP_OF_T(jb_str, int64_t, &jb_string, &jb_i64);
    jb_arena *a = jb_arena_new(), *b = jb_arena_new();
    CHECK(a && b);
    if (!a || !b) goto out;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *doc = cases[i].doc;
        jb_read_options o;
        jb_error e1, e2;
        jb_value *v = NULL;
        JB_MAP(jb_str, int64_t) m;
        JB_VEC(jb_str) vs;
        jb_status s1, s2;
        memset(&o, 0, sizeof o);
        o.max_string_len = cases[i].max_string_len;
        jb_arena_reset(a);
        jb_arena_reset(b);
        s1 = jb_value_parse(doc, strlen(doc), &v, a, &o, &e1);
        s2 = doc[0] == '{' ? jb_decode(keys, doc, strlen(doc), &m, b, &o, &e2)
                           : jb_decode(strs, doc, strlen(doc), &vs, b, &o, &e2);
        CHECK_AT(cases[i].line, s1 == s2 && (s1 != JB_OK) == cases[i].fails,
                 "status %d, typed decode %d", (int)s1, (int)s2);
        if (s1 == JB_OK || s2 == JB_OK) continue;
        CHECK_AT(cases[i].line, e1.offset == e2.offset && strcmp(e1.message, e2.message) == 0,
                 "at %zu: %s; typed decode at %zu: %s", e1.offset, e1.message, e2.offset,
                 e2.message);
    }
out:
    jb_arena_free(a);
    jb_arena_free(b);
}

/* Number tokens for test_number_runs: each kind num_fast takes (small and
 * 8-to-15-digit integers, 19 digits, doubles with a point in the first
 * word or later) and what it leaves to the general path (u64, BIG,
 * exponents, -0, 17 significant digits). */
static const char *const run_tokens[] = {
    "0",
    "-0",
    "7",
    "-1",
    "123456789",
    "1234567890123456789",
    "12345678901234567890",
    "123456789012345678901234",
    "1.5",
    "-0.25",
    "0.1",
    "-65.6136812",
    "123.456789012345678",
    "1e5",
    "1E-5",
    "2.5e+3",
    "1.7976931348623157e308",
    "5e-324",
    "0.0",
    "-0.0",
    "99999999",
    "100000000",
    "4294967295",
};
enum { NRUN = sizeof run_tokens / sizeof run_tokens[0] };

/* An array of the first ntokens of tokens[], by turns from position
 * `from`, joined by sep,
 * with `bad` (if not NULL) as element `at`; the start of each element in
 * starts[]. */
static size_t tokens_doc(char *buf, size_t room, const char *sep, const char *const *tokens,
                         size_t ntokens, size_t from, size_t count, const char *bad, size_t at,
                         size_t *starts) {
    size_t k = 0;
    k += (size_t)snprintf(buf + k, room - k, "[");
    for (size_t i = 0; i < count; i++) {
        const char *t = bad && i == at ? bad : tokens[(from + i) % ntokens];
        if (i) k += (size_t)snprintf(buf + k, room - k, "%s", sep);
        starts[i] = k;
        k += (size_t)snprintf(buf + k, room - k, "%s", t);
    }
    k += (size_t)snprintf(buf + k, room - k, "]");
    return k;
}

/* The faults e1 (in doc, elements at st) and e2 (in ref, at rst) of a run
 * and of the loop are at the same place: in the same element, or in the
 * same separator before it, at the same offset in it, with the same
 * message and path. */
static void check_same_place(int line, const char *bad, size_t at, int limit, const jb_error *e1,
                             const size_t *st, const jb_error *e2, const size_t *rst, size_t n) {
    size_t i1 = 0, i2 = 0;
    while (i1 + 1 < n && st[i1 + 1] <= e1->offset) i1++;
    while (i2 + 1 < n && rst[i2 + 1] <= e2->offset) i2++;
    CHECK_AT(line,
             i1 == i2 && (e1->offset >= st[i1]) == (e2->offset >= rst[i2]) &&
                 (e1->offset < st[i1] || e1->offset - st[i1] == e2->offset - rst[i2]) &&
                 strcmp(e1->message, e2->message) == 0 && strcmp(e1->path, e2->path) == 0,
             "%s at %zu, limit %d: at %zu %s %s; through the loop at %zu %s %s", bad, at, limit,
             e1->offset, e1->path, e1->message, e2->offset, e2->path, e2->message);
}

/*
 * Arrays of numbers, which the DOM reads in a run (value_parse.c's
 * num_run: ',' and no whitespace or one space between numbers) and, with
 * a line break between elements, through the general loop: every element
 * equals its token parsed alone, of the same number kind, in both; a
 * faulty element, another value in the middle, max_members, a trailing
 * comma and the input's end fail in both with the same code and message,
 * at the same place in the element.
 */
static void test_number_runs(void) {
    static const char *const seps[] = {",", ", ", ",\n  ", ",  ", " ,", ",\t"};
    static const char *const bads[] = {"01", "1.",    "-",    "1e",    "--1", "1.5.5", "0x10",
                                       "",   "\"s\"", "true", "[1]",   "{}",  "nul",   "1 2",
                                       "-a", "2.5x",  "NaN",  "1e400", "3]"};
    char doc[4096], ref[4096];
    size_t st[64], rst[64];
    jb_arena *a = jb_arena_new(), *b = jb_arena_new();
    CHECK(a && b);
    if (!a || !b) goto out;
    for (size_t si = 0; si < sizeof seps / sizeof seps[0]; si++)
        for (size_t from = 0; from < NRUN; from += 5) {
            size_t n = 2 + (from * 7) % 40, len;
            jb_value *v = NULL;
            jb_error err;
            jb_arena_reset(a);
            len = tokens_doc(doc, sizeof doc, seps[si], run_tokens, NRUN, from, n, NULL, 0, st);
            CHECKF(jb_value_parse(doc, len, &v, a, NULL, &err) == JB_OK, "sep %zu from %zu: %s", si,
                   from, err.message);
            for (size_t i = 0; v && i < n; i++) {
                const char *t = run_tokens[(from + i) % NRUN];
                jb_value *one = NULL, *e = jb_value_array_get(v, i);
                jb_arena_reset(b);
                CHECK(jb_value_parse(t, strlen(t), &one, b, NULL, NULL) == JB_OK);
                CHECKF(e && one && jb_value_equal(e, one) &&
                           jb_value_number_kind(e) == jb_value_number_kind(one),
                       "sep %zu: element %zu (%s)", si, i, t);
            }
        }
    /* faults: in a run (", ") and through the loop (a line break) */
    for (size_t bi = 0; bi < sizeof bads / sizeof bads[0]; bi++)
        for (size_t at = 0; at < 12; at += 5)
            for (int limit = 0; limit < 2; limit++) {
                jb_read_options o;
                jb_error e1, e2;
                jb_value *v = NULL;
                jb_status s1, s2;
                size_t l1 =
                    tokens_doc(doc, sizeof doc, ", ", run_tokens, NRUN, 3, 14, bads[bi], at, st);
                size_t l2 =
                    tokens_doc(ref, sizeof ref, ",\n  ", run_tokens, NRUN, 3, 14, bads[bi], at, rst);
                memset(&o, 0, sizeof o);
                o.max_members = limit ? 9 : 0;
                jb_arena_reset(a);
                s1 = jb_value_parse(doc, l1, &v, a, &o, &e1);
                s2 = jb_value_parse(ref, l2, &v, a, &o, &e2);
                CHECKF(s1 == s2, "%s at %zu, limit %d: %d, through the loop %d", bads[bi], at,
                       limit, (int)s1, (int)s2);
                if (s1 == JB_OK || s2 == JB_OK) continue;
                check_same_place(__LINE__, bads[bi], at, limit, &e1, st, &e2, rst, 14);
            }
    /* a trailing comma, and the input's end, after a run */
    {
        static const char *const cut[] = {"[1, 2, 3, ]", "[1, 2, 3,", "[1, 2, 3", "[1, 2, 3, ",
                                          "[1,2,3,]",    "[1,2,3,",   "[1,2,3",   "[1, 2, -"};
        for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
            jb_error err;
            jb_value *v = NULL;
            char want[64];
            size_t wl = 0;
            /* the same text with a line break after each comma */
            for (const char *q = cut[i]; *q; q++) {
                want[wl++] = *q;
                if (*q == ',') want[wl++] = '\n';
                if (*q == ',' && q[1] == ' ') q++;
            }
            jb_error e2;
            jb_arena_reset(a);
            CHECK_AT(__LINE__, jb_value_parse(cut[i], strlen(cut[i]), &v, a, NULL, &err) != JB_OK,
                     "%s", cut[i]);
            CHECK_AT(__LINE__, jb_value_parse(want, wl, &v, a, NULL, &e2) != JB_OK, "%s", cut[i]);
            CHECK_AT(__LINE__, err.code == e2.code && strcmp(err.message, e2.message) == 0,
                     "%s: %s; through the loop: %s", cut[i], err.message, e2.message);
        }
    }
out:
    jb_arena_free(a);
    jb_arena_free(b);
}

/* Small arrays for test_small_runs: what small_array takes (up to 8
 * scalars, with or without spaces) and what it leaves to the loop (9
 * elements, a nested container, a fault). */
static const char *const small_tokens[] = {
    "[1,2]",
    "[-65.613616999999977,43.420273000000009]",
    "[]",
    "[ ]",
    "[1.5, -2.25]",
    "[\"s\",true,null,false]",
    "[0]",
    "[1,2,3,4,5,6,7,8]",
    "[ 1 , 2 ]",
    /* small, but small_array leaves them to the loop: not in a run */
    "[\"a\\nb\"]",
    "[12345678901234567890]",
};
enum { NSMALL = sizeof small_tokens / sizeof small_tokens[0], NSMALL_RUN = NSMALL - 2 };

/*
 * Arrays of small arrays, which the DOM reads in a run (value_parse.c's
 * small_run: ',' and no whitespace or one space between them) and, with a
 * line break between elements, through the loop: every element equals
 * its text parsed alone, in both; an element small_array does not take
 * (9 elements, a nested container: the rest of the array then takes the
 * loop), a faulty one, max_members, max_depth and the input's end fail or
 * succeed in both alike, with the same code, message and path, at the
 * same place in the element.
 */
static void test_small_runs(void) {
    static const char *const seps[] = {",", ", ", ",\n  ", ",  "};
    static const char *const bads[] = {"[1,2,3,4,5,6,7,8,9]",
                                       "[[1]]",
                                       "[{}]",
                                       "[1,]",
                                       "[1 2]",
                                       "[01]",
                                       "[",
                                       "[1,2",
                                       "1",
                                       "[1,2]]",
                                       "[-]",
                                       "[1,2,3,4,5,6,7,8,9,10]",
                                       "[true,nul]",
                                       "{}",
                                       "[5]",
                                       "[ 5 ]"};
    char doc[4096], ref[4096];
    size_t st[64], rst[64];
    jb_arena *a = jb_arena_new(), *b = jb_arena_new();
    CHECK(a && b);
    if (!a || !b) goto out;
    for (size_t si = 0; si < sizeof seps / sizeof seps[0]; si++)
        for (size_t from = 0; from < NSMALL; from += 3) {
            size_t n = 2 + (from * 5) % 30, len;
            jb_value *v = NULL;
            jb_error err;
            jb_arena_reset(a);
            len = tokens_doc(doc, sizeof doc, seps[si], small_tokens, NSMALL, from, n, NULL, 0,
                             st);
            CHECKF(jb_value_parse(doc, len, &v, a, NULL, &err) == JB_OK, "sep %zu from %zu: %s", si,
                   from, err.message);
            for (size_t i = 0; v && i < n; i++) {
                const char *t = small_tokens[(from + i) % NSMALL];
                jb_value *one = NULL, *e = jb_value_array_get(v, i);
                jb_arena_reset(b);
                CHECK(jb_value_parse(t, strlen(t), &one, b, NULL, NULL) == JB_OK);
                CHECKF(e && one && jb_value_equal(e, one), "sep %zu: element %zu (%s)", si, i, t);
            }
        }
    for (size_t bi = 0; bi < sizeof bads / sizeof bads[0]; bi++)
        for (size_t at = 0; at < 12; at += 4)
            for (int limit = 0; limit < 3; limit++) {
                jb_read_options o;
                jb_error e1, e2;
                jb_value *v = NULL, *w = NULL;
                jb_status s1, s2;
                /* with a bad element, the others all in a run (NSMALL_RUN) */
                size_t l1 = tokens_doc(doc, sizeof doc, ", ", small_tokens, NSMALL_RUN, 1, 14,
                                       bads[bi], at, st);
                size_t l2 = tokens_doc(ref, sizeof ref, ",\n  ", small_tokens, NSMALL_RUN, 1, 14,
                                       bads[bi], at, rst);
                memset(&o, 0, sizeof o);
                o.max_members = limit == 1 ? 9 : 0;
                o.max_depth = limit == 2 ? 1 : 0;
                jb_arena_reset(a);
                s1 = jb_value_parse(doc, l1, &v, a, &o, &e1);
                s2 = jb_value_parse(ref, l2, &w, a, &o, &e2);
                CHECKF(s1 == s2, "%s at %zu, limit %d: %d, through the loop %d", bads[bi], at,
                       limit, (int)s1, (int)s2);
                if (s1 == JB_OK && s2 == JB_OK) {
                    CHECKF(jb_value_equal(v, w), "%s at %zu: the trees differ", bads[bi], at);
                    continue;
                }
                if (s1 == JB_OK || s2 == JB_OK) continue;
                check_same_place(__LINE__, bads[bi], at, limit, &e1, st, &e2, rst, 14);
            }
    /* the runs' own entry: nesting and member limits as the loop has them */
    {
        static const struct {
            int line;
            const char *doc;
            uint32_t max_depth;
            size_t max_members;
            jb_status want;
            size_t offset;
        } lim[] = {
            {__LINE__, "[[1], [2], [3]]", 1, 0, JB_E_DEPTH, 1},
            {__LINE__, "[[1], [2], [3]]", 2, 0, JB_OK, 0},
            {__LINE__, "[[[1], [2], [3]]]", 2, 0, JB_E_DEPTH, 2},
            {__LINE__, "[[1], [2], [3], [4], [5], [6], [7], [8], [9], [10]]", 0, 9, JB_E_LIMIT, 46},
            {__LINE__, "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", 0, 9, JB_E_LIMIT, 28},
            {__LINE__, "[1, 2, 3]", 0, 2, JB_E_LIMIT, 7},
            /* an object's next key after a comma (the loop's own short cut) */
            {__LINE__, "{\"a\":1,\"b\":2,\"c\":3}", 0, 2, JB_E_LIMIT, 13},
            {__LINE__, "{\"a\": 1,\n  \"b\": 2,\n  \"c\": 3}", 0, 2, JB_E_LIMIT, 21},
            {__LINE__, "{\"a\":1,\"b\":2,\"c\":3}", 0, 3, JB_OK, 0},
        };
        for (size_t i = 0; i < sizeof lim / sizeof lim[0]; i++) {
            jb_read_options o;
            jb_error err;
            jb_value *v = NULL;
            jb_status s;
            memset(&o, 0, sizeof o);
            o.max_depth = lim[i].max_depth;
            o.max_members = lim[i].max_members;
            jb_arena_reset(a);
            s = jb_value_parse(lim[i].doc, strlen(lim[i].doc), &v, a, &o, &err);
            CHECK_AT(lim[i].line, s == lim[i].want && (s == JB_OK || err.offset == lim[i].offset),
                     "%d at %zu: %s", (int)s, s ? err.offset : 0, s ? err.message : "");
        }
    }
    {
        static const char *const cut[] = {"[[1], [2], ]", "[[1], [2],",   "[[1], [2]",
                                          "[[1], [2], ",  "[[1],[2],]",   "[[1],[2],",
                                          "[[1],[2]",     "[[1], [2], [", "[[1], [2], [3"};
        for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
            jb_error err, e2;
            jb_value *v = NULL;
            char want[64];
            size_t wl = 0;
            for (const char *q = cut[i]; *q; q++) {
                want[wl++] = *q;
                if (*q == ',') want[wl++] = '\n';
                if (*q == ',' && q[1] == ' ') q++;
            }
            jb_arena_reset(a);
            CHECK_AT(__LINE__, jb_value_parse(cut[i], strlen(cut[i]), &v, a, NULL, &err) != JB_OK,
                     "%s", cut[i]);
            CHECK_AT(__LINE__, jb_value_parse(want, wl, &v, a, NULL, &e2) != JB_OK, "%s", cut[i]);
            CHECK_AT(__LINE__, err.code == e2.code && strcmp(err.message, e2.message) == 0,
                     "%s: %s; through the loop: %s", cut[i], err.message, e2.message);
        }
    }
out:
    jb_arena_free(a);
    jb_arena_free(b);
}

/*
 * The whitespace around a member's ':' in every combination the loop
 * treats apart (": " in one compare, whatever follows it then skipped at
 * the value; ':' alone; whitespace before it; comments when allowed): each
 * document reads as {"a":1,"b":[2]}; cut after the ':' or its space it
 * fails at the input's end, as without the space.
 */
static void test_member_spacing(void) {
    static const char *const before[] = {"", " ", "\n", "\t "};
    static const char *const after[] = {"",    " ",  "  ",      " \n ", "\t",
                                        " \t", "\n", " /*c*/ ", ": ",   " 1"};
    jb_arena *a = jb_arena_new();
    jb_value *want = NULL;
    CHECK(a != NULL);
    if (!a) return;
    CHECK_EQ_INT(jb_value_parse("{\"a\":1,\"b\":[2]}", 15, &want, a, NULL, NULL), JB_OK);
    for (size_t i = 0; i < sizeof before / sizeof before[0]; i++)
        for (size_t j = 0; j < sizeof after / sizeof after[0]; j++)
            for (int comments = 0; comments < 2; comments++) {
                char doc[128], cut[128];
                jb_read_options o;
                jb_error e1, e2;
                jb_value *v = NULL;
                jb_status s;
                bool bad = strchr(after[j], '/') && !comments; /* a comment not allowed */
                bool junk = after[j][0] == ':' ||
                            (after[j][0] && after[j][1] == '1'); /* ": :" or ": 1 1" */
                int n = snprintf(doc, sizeof doc, "{\"a\"%s:%s1,\"b\"%s:%s[2]}", before[i],
                                 after[j], before[i], after[j]);
                memset(&o, 0, sizeof o);
                o.flags = comments ? JB_READ_ALLOW_COMMENTS : 0;
                s = jb_value_parse(doc, (size_t)n, &v, a, &o, &e1);
                if (bad || junk) {
                    CHECK_AT(__LINE__, s == JB_E_SYNTAX, "%s: %d", doc, (int)s);
                } else {
                    CHECK_AT(__LINE__, s == JB_OK && jb_value_equal(v, want), "%s: %d %s", doc,
                             (int)s, s ? e1.message : "");
                }
                /* cut after the ':' and what follows it: the end of the
                 * input where the value should be, at the same offset */
                n = snprintf(cut, sizeof cut, "{\"a\"%s:%s", before[i], after[j]);
                s = jb_value_parse(cut, (size_t)n, &v, a, &o, &e2);
                if (!bad && !junk)
                    CHECK_AT(__LINE__,
                             s == JB_E_SYNTAX && e2.offset == (size_t)n &&
                                 strcmp(e2.message, "expected value, found end of input") == 0,
                             "%s: %d at %zu: %s", cut, (int)s, e2.offset, e2.message);
            }
    jb_arena_free(a);
}

/*
 * The whitespace after an element's ',' in every form the loop treats
 * apart (a line break and its indentation first, then what pws_item
 * takes: none, one space, tabs, CRLF, blank lines, a long indentation,
 * comments when allowed), in an object and in an array: each reads as
 * the minified document; cut after it, each fails at the input's end.
 */
static void test_comma_spacing(void) {
    static const char *const ws[] = {
        "",      " ",      "\n",         "\n  ", "\n\t",
        "\r\n ", "\n\n  ", "\n  /*c*/ ", "\n ",  "\n                                          "};
    jb_arena *a = jb_arena_new();
    jb_value *want = NULL;
    CHECK(a != NULL);
    if (!a) return;
    CHECK_EQ_INT(jb_value_parse("{\"a\":1,\"b\":[2,\"x\",{\"c\":3}]}", 27, &want, a, NULL, NULL),
                 JB_OK);
    for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++)
        for (int comments = 0; comments < 2; comments++) {
            char doc[256], cut[256];
            jb_read_options o;
            jb_error e1, e2;
            jb_value *v = NULL;
            jb_status s;
            bool bad = strchr(ws[i], '/') && !comments;
            int n = snprintf(doc, sizeof doc, "{\"a\":1,%s\"b\":[2,%s\"x\",%s{\"c\":3}]}", ws[i],
                             ws[i], ws[i]);
            memset(&o, 0, sizeof o);
            o.flags = comments ? JB_READ_ALLOW_COMMENTS : 0;
            s = jb_value_parse(doc, (size_t)n, &v, a, &o, &e1);
            if (bad)
                CHECK_AT(__LINE__, s == JB_E_SYNTAX, "%s: %d", doc, (int)s);
            else
                CHECK_AT(__LINE__, s == JB_OK && jb_value_equal(v, want), "%s: %d %s", doc, (int)s,
                         s ? e1.message : "");
            if (bad) continue;
            n = snprintf(cut, sizeof cut, "{\"a\":1,%s", ws[i]);
            s = jb_value_parse(cut, (size_t)n, &v, a, &o, &e2);
            CHECK_AT(__LINE__, s == JB_E_SYNTAX && e2.offset == (size_t)n, "%s: %d at %zu: %s", cut,
                     (int)s, e2.offset, e2.message);
            n = snprintf(cut, sizeof cut, "[1,%s", ws[i]);
            s = jb_value_parse(cut, (size_t)n, &v, a, &o, &e2);
            CHECK_AT(__LINE__, s == JB_E_SYNTAX && e2.offset == (size_t)n, "%s: %d at %zu: %s", cut,
                     (int)s, e2.offset, e2.message);
        }
    jb_arena_free(a);
}

/*
 * A run of small arrays where one is not small after all (an escaped
 * string, a ninth element, a nested object after its strings): the loop
 * reads that array again from its '[' after small_array placed its
 * strings, in windows that opened after the earlier ones. Every string
 * must still be its own bytes (found by the DOM fuzzer: a window's copy
 * was used for a string before it).
 */
static void test_small_run_reread(void) {
    static const char *const tails[] = {"\"\\r\"", "1,2,3,4,5,6", "{}", "[]"};
    char *doc = malloc(ROOM);
    jb_arena *a = jb_arena_new();
    CHECK(doc && a);
    if (!doc || !a) goto out;
    for (size_t seed = 0; seed < 26; seed++)
        for (size_t ti = 0; ti < sizeof tails / sizeof tails[0]; ti++)
            for (int lead = 0; lead < 2; lead++) {
                /* [ (["x"],) [s0, s1, s2, tail] ] */
                size_t k = 0;
                k += (size_t)snprintf(doc + k, ROOM - k, "[%s[", lead ? "[\"x\"]," : "");
                for (size_t i = 0; i < 3; i++) {
                    size_t l = str_len(i, seed);
                    doc[k++] = '"';
                    for (size_t j = 0; j < l; j++) doc[k++] = str_byte(i, j);
                    doc[k++] = '"';
                    doc[k++] = ',';
                }
                k += (size_t)snprintf(doc + k, ROOM - k, "%s]]", tails[ti]);
                jb_value *v = NULL;
                jb_error err;
                jb_arena_reset(a);
                CHECKF(jb_value_parse(doc, k, &v, a, NULL, &err) == JB_OK, "seed %zu tail %zu: %s",
                       seed, ti, err.message);
                const jb_value *in = jb_value_array_get(v, lead ? 1 : 0);
                for (size_t i = 0; i < 3; i++) {
                    jb_str str = {NULL, 0};
                    CHECKF(jb_value_get_str(jb_value_array_get(in, i), &str) == JB_OK,
                           "seed %zu tail %zu", seed, ti);
                    check_str(__LINE__, &str, i, seed);
                }
            }
out:
    jb_arena_free(a);
    free(doc);
}

int main(void) {
    test_window_edges();
    test_capped_arena();
    test_prefix_and_failure();
    test_escapes();
    test_escape_errors();
    test_number_runs();
    test_small_runs();
    test_member_spacing();
    test_comma_spacing();
    test_small_run_reread();
    return check_report();
}
