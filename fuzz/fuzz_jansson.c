/* SPDX-License-Identifier: MIT */
/*
 * fuzz_jansson — differential: jb_value_parse (strict, max_depth 2048)
 * against jansson's json_loadb (JSON_DECODE_ANY | JSON_ALLOW_NUL) on every
 * input: both accept or both reject, and accepted trees are equal.
 *
 * The mask of policy differences (docs/fuzzing.md repeats it):
 *   1. jansson rejects "\u0000" inside object keys (its keys are C
 *      strings); jbind accepts it. Skipped when jansson says so.
 *   2. Depth: jansson stops at 2048 levels, jbind at its max_depth (set to
 *      2048 here); the two count differently by one. Skipped when either
 *      reports a depth error.
 *   3. Integers beyond long long: jansson rejects them ("too big integer"
 *      / "too big negative integer"); jbind keeps them (U64 or BIG).
 *      Reals that overflow double: jansson rejects ("real number overflow");
 *      jbind keeps the text (BIG). Skipped when jansson says so.
 *   4. Duplicate keys: jansson keeps the last value, as jbind's lookup
 *      does; the comparison goes by jansson's keys and jbind's lookup.
 *   5. "-0": jansson reads an integer 0, jbind the double -0; numbers are
 *      compared by value, so they agree.
 *   7. jansson's buffer reader takes a NUL byte as the end of input, so
 *      "2\0" is 2 to jansson; a raw NUL is never valid JSON, and jbind
 *      must reject any input holding one.
 *   6. A number jbind holds as BIG whose double is out of range is
 *      compared only as "a number".
 */
#include <jansson.h>
#include <math.h>

#include "fuzz.h"

static bool same(const jb_value *v, json_t *j) {
    switch (json_typeof(j)) {
    case JSON_NULL: return jb_value_is_null(v);
    case JSON_TRUE:
    case JSON_FALSE: {
        bool b;
        return jb_value_get_bool(v, &b) == JB_OK && b == json_is_true(j);
    }
    case JSON_INTEGER: {
        int64_t i;
        return jb_value_get_i64(v, &i) == JB_OK && i == (int64_t)json_integer_value(j);
    }
    case JSON_REAL: {
        double d;
        if (!jb_value_is_number(v)) return false;
        if (jb_value_number_kind(v) == JB_NUMBER_BIG && jb_value_get_f64(v, &d) != JB_OK)
            return true; /* mask 6 */
        return jb_value_get_f64(v, &d) == JB_OK && d == json_real_value(j);
    }
    case JSON_STRING: {
        jb_str s;
        return jb_value_get_str(v, &s) == JB_OK && s.len == json_string_length(j) &&
               (!s.len || memcmp(s.ptr, json_string_value(j), s.len) == 0);
    }
    case JSON_ARRAY: {
        size_t n = json_array_size(j);
        if (!jb_value_is_array(v) || jb_value_array_len(v) != n) return false;
        for (size_t i = 0; i < n; i++)
            if (!same(jb_value_array_get(v, i), json_array_get(j, i))) return false;
        return true;
    }
    case JSON_OBJECT: {
        if (!jb_value_is_object(v)) return false;
        const char *key;
        json_t *val;
        json_object_foreach(j, key, val) {
            jb_value *m = jb_value_object_get(v, key, strlen(key));
            if (!m || !same(m, val)) return false;
        }
        /* every jbind key is one of jansson's (which are unique) */
        for (size_t i = 0, n = jb_value_object_len(v); i < n; i++) {
            jb_str k;
            jb_value_object_at(v, i, &k);
            if (memchr(k.ptr, 0, k.len) || !json_object_get(j, k.ptr)) return false;
        }
        return true;
    }
    }
    return false;
}

int fuzz_jansson_one(const uint8_t *data, size_t size) {
    char *json = fuzz_copy(data, size);
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    jb_read_options o = {0, 2048, 0, 0, 0, 0, NULL};
    jb_value *v;
    jb_error err;
    json_error_t jerr;
    jb_status st = jb_value_parse(json, size, &v, arena, &o, &err);
    json_t *j = json_loadb(json, size, JSON_DECODE_ANY | JSON_ALLOW_NUL, &jerr);
    if (memchr(json, 0, size)) { /* mask 7 */
        FUZZ_CHECK(st != JB_OK);
        goto done;
    }
    if (!j && (strstr(jerr.text, "NUL") || strstr(jerr.text, "too big") ||
               strstr(jerr.text, "overflow") || strstr(jerr.text, "depth")))
        goto done; /* masks 1, 2, 3 */
    if (st == JB_E_DEPTH) goto done;
    if ((st == JB_OK) != (j != NULL))
        fprintf(stderr, "jbind %s (%s at %zu), jansson %s (%s at %d)\n", jb_status_name(st),
                st ? err.message : "", st ? err.offset : 0, j ? "accepts" : "rejects",
                j ? "" : jerr.text, j ? 0 : jerr.position);
    FUZZ_CHECK((st == JB_OK) == (j != NULL));
    if (j) FUZZ_CHECK(same(v, j));
done:
    json_decref(j);
    jb_arena_free(arena);
    free(json);
    return 0;
}

FUZZ_ENTRY(fuzz_jansson_one)
