/* SPDX-License-Identifier: MIT */
/*
 * test_conformance.c — RFC 8259 conformance of the DOM parser (and, as a
 * differential, of the typed decoder's validating skip through jb_raw).
 *
 * 1. The project's own cases, tests/conformance/ (always):
 *      y_*.json      must be accepted
 *      n_*.json      must be rejected
 *      i_accept_* / i_reject_*   implementation-defined; the name says
 *                    jbind's verdict
 *      t_*.json      accepted, and printed compactly as t_*.expected says
 * 2. JSONTestSuite (when ../shared/data/JSONTestSuite is present):
 *      test_parsing: every y_ accepted, every n_ rejected, every i_ given
 *      the verdict recorded in i_verdicts below (docs/conformance.md says
 *      why); a file missing from the table fails the test, so a new one
 *      gets documented. test_transform: the printed form in transforms.
 * Every accepted document is also printed, re-parsed and compared
 * (jb_value_equal), and printing that again must give the same bytes.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jbind.h"

#define SUITE JB_SOURCE_DIR "/../shared/data/JSONTestSuite"
#define OWN JB_SOURCE_DIR "/tests/conformance"

/* ------------------------------------------------------------------ */
/* Verdicts for JSONTestSuite's implementation-defined files           */
/* ------------------------------------------------------------------ */

static const struct {
    const char *name;
    bool accept;
} i_verdicts[] = {
    {"i_number_double_huge_neg_exp.json", true},
    {"i_number_huge_exp.json", true},
    {"i_number_neg_int_huge_exp.json", true},
    {"i_number_pos_double_huge_exp.json", true},
    {"i_number_real_neg_overflow.json", true},
    {"i_number_real_pos_overflow.json", true},
    {"i_number_real_underflow.json", true},
    {"i_number_too_big_neg_int.json", true},
    {"i_number_too_big_pos_int.json", true},
    {"i_number_very_big_negative_int.json", true},
    {"i_object_key_lone_2nd_surrogate.json", false},
    {"i_string_1st_surrogate_but_2nd_missing.json", false},
    {"i_string_1st_valid_surrogate_2nd_invalid.json", false},
    {"i_string_UTF-16LE_with_BOM.json", false},
    {"i_string_UTF-8_invalid_sequence.json", false},
    {"i_string_UTF8_surrogate_U+D800.json", false},
    {"i_string_incomplete_surrogate_and_escape_valid.json", false},
    {"i_string_incomplete_surrogate_pair.json", false},
    {"i_string_incomplete_surrogates_escape_valid.json", false},
    {"i_string_invalid_lonely_surrogate.json", false},
    {"i_string_invalid_surrogate.json", false},
    {"i_string_invalid_utf-8.json", false},
    {"i_string_inverted_surrogates_U+1D11E.json", false},
    {"i_string_iso_latin_1.json", false},
    {"i_string_lone_second_surrogate.json", false},
    {"i_string_lone_utf8_continuation_byte.json", false},
    {"i_string_not_in_unicode_range.json", false},
    {"i_string_overlong_sequence_2_bytes.json", false},
    {"i_string_overlong_sequence_6_bytes.json", false},
    {"i_string_overlong_sequence_6_bytes_null.json", false},
    {"i_string_truncated-utf-8.json", false},
    {"i_string_utf16BE_no_BOM.json", false},
    {"i_string_utf16LE_no_BOM.json", false},
    {"i_structure_500_nested_arrays.json", true},
    {"i_structure_UTF-8_BOM_empty_object.json", false},
};

/* test_transform: the compact text jbind prints, or NULL = rejected. */
static const struct {
    const char *name;
    const char *printed;
} transforms[] = {
    {"number_-9223372036854775808.json", "[-9223372036854775808]"},
    {"number_-9223372036854775809.json", "[-9223372036854775809]"}, /* kept as text */
    {"number_1.0.json", "[1]"},
    {"number_1.000000000000000005.json", "[1]"},
    {"number_1000000000000000.json", "[1000000000000000]"},
    {"number_10000000000000000999.json", "[10000000000000000999]"}, /* kept as text */
    {"number_1e-999.json", "[1E-999]"},                             /* kept as text */
    {"number_1e6.json", "[1000000]"},
    {"number_9223372036854775807.json", "[9223372036854775807]"},
    {"number_9223372036854775808.json", "[9223372036854775808]"}, /* uint64 */
    {"object_key_nfc_nfd.json", "{\"\xc3\xa9\":\"NFC\",\"e\xcc\x81\":\"NFD\"}"},
    {"object_key_nfd_nfc.json", "{\"e\xcc\x81\":\"NFD\",\"\xc3\xa9\":\"NFC\"}"},
    {"object_same_key_different_values.json", "{\"a\":1,\"a\":2}"},
    {"object_same_key_same_value.json", "{\"a\":1,\"a\":1}"},
    {"object_same_key_unclear_values.json", "{\"a\":0,\"a\":-0}"},
    {"string_1_escaped_invalid_codepoint.json", NULL},
    {"string_1_invalid_codepoint.json", NULL},
    {"string_2_escaped_invalid_codepoints.json", NULL},
    {"string_2_invalid_codepoints.json", NULL},
    {"string_3_escaped_invalid_codepoints.json", NULL},
    {"string_3_invalid_codepoints.json", NULL},
    {"string_with_escaped_NULL.json", "[\"A\\u0000B\"]"},
};

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0, n = 0;
    if (!f) return NULL;
    for (;;) {
        if (n == cap) {
            char *nb = realloc(buf, cap ? cap * 2 : 4096);
            if (!nb) break;
            buf = nb;
            cap = cap ? cap * 2 : 4096;
        }
        size_t k = fread(buf + n, 1, cap - n, f);
        n += k;
        if (k == 0) break;
    }
    fclose(f);
    *len = n;
    return buf;
}

static int cmp_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular names in dir, sorted; NULL when dir cannot be opened. */
static char **list_dir(const char *dir, size_t *count) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0;
    if (!d) return NULL;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names) abort();
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (!names) names = malloc(sizeof *names);
    qsort(names, n, sizeof *names, cmp_names);
    *count = n;
    return names;
}

static void free_list(char **names, size_t n) {
    for (size_t i = 0; i < n; i++) free(names[i]);
    free(names);
}

static bool starts(const char *s, const char *prefix) {
    return strncmp(s, prefix, strlen(prefix)) == 0;
}
static bool ends(const char *s, const char *suffix) {
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

/*
 * Parse text with the DOM and with the typed decoder (jb_raw validates by
 * skipping); both must agree. On acceptance, check the print/re-parse
 * round trip; *printed (if not NULL) receives the compact text (malloc'd).
 */
static bool judge(const char *name, const char *text, size_t len, char **printed) {
    jb_arena *a = jb_arena_new();
    jb_value *v = NULL, *v2 = NULL;
    jb_error e;
    jb_str raw;
    jb_status st = jb_value_parse(text, len, &v, a, NULL, &e);
    jb_status st_raw = jb_decode(&jb_raw, text, len, &raw, a, NULL, NULL);
    CHECKF((st == JB_OK) == (st_raw == JB_OK), "%s: DOM says %s, typed skip says %s", name,
           jb_status_name(st), jb_status_name(st_raw));
    if (st == JB_OK) {
        jb_buf b1 = JB_BUF_INIT, b2 = JB_BUF_INIT;
        CHECKF(jb_value_print(v, &b1, NULL, NULL) == JB_OK, "%s: print failed", name);
        CHECKF(jb_value_parse(b1.data, b1.len, &v2, a, NULL, NULL) == JB_OK, "%s: reparse failed",
               name);
        CHECKF(jb_value_equal(v, v2), "%s: reparse differs", name);
        CHECKF(jb_value_print(v2, &b2, NULL, NULL) == JB_OK, "%s: print 2 failed", name);
        CHECKF(b1.len == b2.len && memcmp(b1.data, b2.data, b1.len) == 0,
               "%s: print is not a fixed point", name);
        if (printed) {
            *printed = malloc(b1.len + 1);
            memcpy(*printed, b1.data, b1.len);
            (*printed)[b1.len] = 0;
        }
        jb_buf_free(&b1);
        jb_buf_free(&b2);
    } else {
        CHECKF(e.code == st && e.line >= 1 && e.column >= 1 && e.message[0],
               "%s: incomplete error report", name);
        CHECKF(jb_arena_used(a) == 0, "%s: a failed parse left %zu bytes", name, jb_arena_used(a));
        if (printed) *printed = NULL;
    }
    jb_arena_free(a);
    return st == JB_OK;
}

static bool judge_file(const char *dir, const char *name, char **printed) {
    char path[1024];
    size_t len = 0;
    char *text;
    bool ok;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    text = read_all(path, &len);
    CHECKF(text != NULL, "cannot read %s", path);
    if (!text) return false;
    ok = judge(name, text, len, printed);
    free(text);
    return ok;
}

/* ------------------------------------------------------------------ */
/* The project's own cases                                             */
/* ------------------------------------------------------------------ */

static void run_own(void) {
    size_t n = 0, counts[5] = {0};
    char **names = list_dir(OWN, &n);
    CHECKF(names != NULL, "cannot open %s", OWN);
    if (!names) return;
    for (size_t i = 0; i < n; i++) {
        const char *nm = names[i];
        char *printed = NULL;
        if (!ends(nm, ".json")) continue;
        if (starts(nm, "y_")) {
            CHECKF(judge_file(OWN, nm, NULL), "%s: rejected", nm);
            counts[0]++;
        } else if (starts(nm, "n_")) {
            CHECKF(!judge_file(OWN, nm, NULL), "%s: accepted", nm);
            counts[1]++;
        } else if (starts(nm, "i_accept_")) {
            CHECKF(judge_file(OWN, nm, NULL), "%s: rejected", nm);
            counts[2]++;
        } else if (starts(nm, "i_reject_")) {
            CHECKF(!judge_file(OWN, nm, NULL), "%s: accepted", nm);
            counts[2]++;
        } else if (starts(nm, "t_")) {
            char path[1024];
            size_t elen = 0;
            char *want;
            snprintf(path, sizeof path, "%s/%.*s.expected", OWN, (int)(strlen(nm) - 5), nm);
            want = read_all(path, &elen);
            CHECKF(want != NULL, "%s: no .expected file", nm);
            CHECKF(judge_file(OWN, nm, &printed), "%s: rejected", nm);
            if (want && printed) CHECK_MEM_AT(__LINE__, printed, strlen(printed), want, elen);
            free(want);
            free(printed);
            counts[3]++;
        } else {
            CHECKF(0, "%s: unknown prefix in tests/conformance", nm);
        }
    }
    printf("own cases: %zu y_, %zu n_, %zu i_, %zu t_\n", counts[0], counts[1], counts[2],
           counts[3]);
    CHECK(counts[0] >= 15 && counts[1] >= 40 && counts[2] >= 8 && counts[3] >= 8);
    free_list(names, n);
}

/* ------------------------------------------------------------------ */
/* JSONTestSuite                                                       */
/* ------------------------------------------------------------------ */

static void run_suite(void) {
    size_t n = 0, y = 0, nn = 0, ii = 0, t = 0;
    char **names = list_dir(SUITE "/test_parsing", &n);
    if (!names) {
        printf("skipped JSONTestSuite: %s not found\n", SUITE "/test_parsing");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const char *nm = names[i];
        bool ok = judge_file(SUITE "/test_parsing", nm, NULL);
        if (starts(nm, "y_")) {
            CHECKF(ok, "%s: rejected", nm);
            y++;
        } else if (starts(nm, "n_")) {
            CHECKF(!ok, "%s: accepted", nm);
            nn++;
        } else if (starts(nm, "i_")) {
            size_t k = 0, m = sizeof i_verdicts / sizeof i_verdicts[0];
            while (k < m && strcmp(i_verdicts[k].name, nm) != 0) k++;
            CHECKF(k < m, "%s: not in the i_ table (document it in docs/conformance.md)", nm);
            if (k < m) CHECKF(ok == i_verdicts[k].accept, "%s: verdict changed", nm);
            ii++;
        }
    }
    free_list(names, n);
    printf("JSONTestSuite test_parsing: %zu y_ accepted, %zu n_ rejected, %zu i_ as documented\n",
           y, nn, ii);
    CHECK_EQ_INT(y, 95);
    CHECK_EQ_INT(nn, 188);
    CHECK_EQ_INT(ii, 35);

    names = list_dir(SUITE "/test_transform", &n);
    CHECK(names != NULL);
    if (!names) return;
    for (size_t i = 0; i < n; i++) {
        const char *nm = names[i];
        size_t k = 0, m = sizeof transforms / sizeof transforms[0];
        char *printed = NULL;
        while (k < m && strcmp(transforms[k].name, nm) != 0) k++;
        CHECKF(k < m, "%s: not in the transform table", nm);
        if (k == m) continue;
        bool ok = judge_file(SUITE "/test_transform", nm, &printed);
        if (!transforms[k].printed) {
            CHECKF(!ok, "%s: accepted", nm);
        } else {
            CHECKF(ok, "%s: rejected", nm);
            if (printed) CHECK_STR(printed, transforms[k].printed);
        }
        free(printed);
        t++;
    }
    free_list(names, n);
    printf("JSONTestSuite test_transform: %zu files as documented\n", t);
    CHECK_EQ_INT(t, 22);
}

/* Nesting at and past the default limit (512), built here rather than
 * stored as files. */
static void run_depth(void) {
    size_t depth[] = {511, 512, 513, 100000};
    for (size_t k = 0; k < sizeof depth / sizeof depth[0]; k++) {
        size_t d = depth[k];
        char *s = malloc(2 * d);
        jb_arena *a = jb_arena_new();
        jb_value *v;
        jb_error e;
        memset(s, '[', d);
        memset(s + d, ']', d);
        jb_status st = jb_value_parse(s, 2 * d, &v, a, NULL, &e);
        if (d <= 512) {
            CHECKF(st == JB_OK, "%zu levels: %s", d, e.message);
        } else {
            CHECKF(st == JB_E_DEPTH, "%zu levels: %s", d, jb_status_name(st));
            CHECK_EQ_INT(e.offset, 512);
        }
        jb_arena_free(a);
        free(s);
    }
}

int main(void) {
    run_own();
    run_suite();
    run_depth();
    return check_report();
}
