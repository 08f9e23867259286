/* SPDX-License-Identifier: MIT */
/*
 * test_suggest.c — "did you mean" (src/suggest.c): the edit distance, the
 * nearest names of a plan, the bounds on long names and large plans, and
 * the suggestions in decode messages (unknown fields and cases, a missing
 * field next to its misspelling). Distances and messages are worked out
 * by hand.
 */
#include <stdlib.h>

#include "check.h"
#include "jbind.h"
#include "plan.h"
#include "suggest.h"

#define COLOR(F) F(RED, "red") F(GREEN, "green") F(BLUE, "blue") F(BLACK, "black", 3, .aliases = JB_ALIASES("noir"))
JB_ENUM_DEFINE(color, COLOR);

#define CONF(F) F(name, char *) F(port, uint16_t) F(hostname, char *) F(tags, JB_VEC(char *))
JB_RECORD_DEFINE(conf, CONF);
#define STRICT(F) F(name, char *) F(names, char *)
JB_RECORD_DEFINE(strict, STRICT, .fmt_flags = JB_FMT_DENY_UNKNOWN);

static void test_distance(void) {
    static const struct {
        int line;
        const char *a, *b;
        size_t k, want;
    } cases[] = {
        {__LINE__, "", "", 3, 0},
        {__LINE__, "name", "name", 3, 0},
        {__LINE__, "nmae", "name", 3, 1},    /* a swap of two neighbours */
        {__LINE__, "nam", "name", 3, 1},     /* an insertion */
        {__LINE__, "namee", "name", 3, 1},   /* a deletion */
        {__LINE__, "nane", "name", 3, 1},    /* a substitution */
        {__LINE__, "Name", "name", 3, 1},    /* bytes: case counts */
        {__LINE__, "amdin", "admin", 3, 1},
        {__LINE__, "kitten", "sitting", 3, 3},
        {__LINE__, "kitten", "sitting", 2, 3}, /* past the bound: k + 1 */
        {__LINE__, "abcdef", "badcfe", 3, 3},  /* three swaps */
        {__LINE__, "ca", "abc", 3, 3},         /* OSA, not full Damerau (which says 2) */
        {__LINE__, "a", "abcde", 3, 4},        /* the lengths alone are past the bound */
        {__LINE__, "", "abc", 3, 3},
        {__LINE__, "port", "host", 3, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t d = jb__edit_distance(cases[i].a, strlen(cases[i].a), cases[i].b, strlen(cases[i].b), cases[i].k);
        CHECK_AT(cases[i].line, d == cases[i].want, "%s / %s: %zu, want %zu", cases[i].a, cases[i].b, d,
                 cases[i].want);
    }
    /* names longer than JB_SUGGEST_LEN are not compared */
    char a[JB_SUGGEST_LEN + 2], b[JB_SUGGEST_LEN + 2];
    memset(a, 'x', sizeof a);
    memset(b, 'x', sizeof b);
    CHECK_EQ_INT(jb__edit_distance(a, JB_SUGGEST_LEN, b, JB_SUGGEST_LEN, 3), 0);
    CHECK_EQ_INT(jb__edit_distance(a, JB_SUGGEST_LEN + 1, b, JB_SUGGEST_LEN + 1, 3), 4);
    CHECK_EQ_INT(jb__suggest_allowed(5), 1);
    CHECK_EQ_INT(jb__suggest_allowed(6), 2);
    CHECK_EQ_INT(jb__suggest_allowed(9), 2);
    CHECK_EQ_INT(jb__suggest_allowed(10), 3);
}

static void test_nearest(void) {
    jb_error e;
    CHECK(jb_type_check(&color_type, &e) == JB_OK);
    CHECK(jb_type_check(&conf_type, &e) == JB_OK);
    const jb_plan *cp = jb__plan_get(&color_type), *fp = jb__plan_get(&conf_type);
    static const struct {
        int line;
        bool record;
        const char *s;
        size_t want_n;
        const char *want;
    } cases[] = {
        {__LINE__, false, "rde", 1, "did you mean \"red\"?"},
        {__LINE__, false, "gren", 1, "did you mean \"green\"?"},
        {__LINE__, false, "Blue", 1, "did you mean \"blue\"?"},
        {__LINE__, false, "blak", 1, "did you mean \"black\"?"},  /* "blue" is 2 away */
        {__LINE__, false, "nior", 1, "did you mean \"black\"?"},  /* near an alias: its case's name */
        {__LINE__, false, "bl", 0, ""},                            /* 2 away from "blue": too far for 2 bytes */
        {__LINE__, false, "purple", 0, ""},
        {__LINE__, false, "", 0, ""},
        {__LINE__, true, "nmae", 1, "did you mean \"name\"?"},
        {__LINE__, true, "prot", 1, "did you mean \"port\"?"},
        {__LINE__, true, "hostnam", 1, "did you mean \"hostname\"?"},
        {__LINE__, true, "htsoname", 1, "did you mean \"hostname\"?"},
        {__LINE__, true, "tag", 1, "did you mean \"tags\"?"},
        {__LINE__, true, "nam", 1, "did you mean \"name\"?"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[JB_SUGGEST_MAX];
        size_t n = jb__suggest(cases[i].record ? fp : cp, cases[i].s, strlen(cases[i].s), buf, sizeof buf);
        CHECK_AT(cases[i].line, n == cases[i].want_n, "%s: %zu names", cases[i].s, n);
        CHECK_MEM_AT(cases[i].line, buf, strlen(buf), cases[i].want, strlen(cases[i].want));
    }
    /* equally near names: all of them (up to three), in plan order */
    {
        char buf[JB_SUGGEST_MAX];
        CHECK_EQ_INT(jb__suggest(cp, "blac", 4, buf, sizeof buf), 1); /* black 1, blue 2 */
        CHECK_STR(buf, "did you mean \"black\"?");
        CHECK_EQ_INT(jb__suggest(cp, "rad", 3, buf, sizeof buf), 1);
        CHECK_EQ_INT(jb__suggest(fp, "naem", 4, buf, sizeof buf), 1);
        /* a buffer too small for the text: nothing rather than half */
        CHECK_EQ_INT(jb__suggest(fp, "nmae", 4, buf, 10), 0);
        CHECK_STR(buf, "");
    }
}

/* Through jb_decode: an unknown field under deny, an unknown case, and a
 * missing field whose misspelling was skipped as unknown. */
static void test_in_messages(void) {
    jb_arena *a = jb_arena_new();
    jb_error e;
    conf c;
    strict s;
    color col;
    static const char in1[] = "{\"name\":\"a\",\"nmaes\":\"b\"}";
    CHECK_EQ_INT(jb_decode(&strict_type, in1, sizeof in1 - 1, &s, a, NULL, &e), JB_E_UNKNOWN);
    CHECK_STR(e.message, "unknown field \"nmaes\" in strict; did you mean \"names\"?");
    CHECK_EQ_INT(e.offset, 12);
    static const char in2[] = "\"gren\"";
    CHECK_EQ_INT(jb_decode(&color_type, in2, sizeof in2 - 1, &col, a, NULL, &e), JB_E_UNKNOWN);
    CHECK_STR(e.message, "expected one of \"red\", \"green\", \"blue\", \"black\", found \"gren\"; did you mean "
                         "\"green\"?");
    static const char in3[] = "{\"nmae\":\"a\",\"port\":1,\"hostname\":\"h\",\"tags\":[]}";
    CHECK_EQ_INT(jb_decode(&conf_type, in3, sizeof in3 - 1, &c, a, NULL, &e), JB_E_MISSING);
    CHECK_STR(e.message, "missing required field \"name\" of conf; \"nmae\" is not a field: did you mean \"name\"?");
    CHECK_STR(e.path, "$.name");
    CHECK_EQ_INT(e.offset, sizeof in3 - 2); /* the '}' */
    /* the nearest of several unknown keys; a far one is not named */
    static const char in4[] = "{\"port\":1,\"hostname\":\"h\",\"tags\":[],\"zzz\":{\"a\":[1]},\"nme\":1,\"nam\":2}";
    CHECK_EQ_INT(jb_decode(&conf_type, in4, sizeof in4 - 1, &c, a, NULL, &e), JB_E_MISSING);
    CHECK_STR(e.message, "missing required field \"name\" of conf; \"nme\" is not a field: did you mean \"name\"?");
    static const char in5[] = "{\"port\":1,\"hostname\":\"h\",\"tags\":[],\"title\":\"x\"}";
    CHECK_EQ_INT(jb_decode(&conf_type, in5, sizeof in5 - 1, &c, a, NULL, &e), JB_E_MISSING);
    CHECK_STR(e.message, "missing required field \"name\" of conf");
    jb_arena_free(a);
}

int main(void) {
    test_distance();
    test_nearest();
    test_in_messages();
    return check_report();
}
