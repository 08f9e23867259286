/* SPDX-License-Identifier: MIT */
/*
 * fuzz_skip — the skip path agrees with the DOM parser on validity.
 * Input: [read-flags byte] JSON text.
 *   1. jb_decode into jb_raw (which validates with jb__r_skip) accepts
 *      exactly what jb_value_parse accepts, with the same status code on
 *      failure; the raw text is the input minus surrounding whitespace.
 *   2. The text as the value of an unknown record key, {"zz": <text>}
 *      (skipped field by field), is accepted exactly when the DOM parser
 *      accepts that wrapper.
 */
#include "fuzz.h"

/* no fields: every key is unknown, so no input can reach a typed member */
typedef struct {
    int32_t unused;
} skiprec;
static const jb_type skiprec_type = JB_RECORD(skiprec);

static bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static void agree(const char *what, const char *json, size_t n, jb_status a, const jb_error *ea,
                  jb_status b, const jb_error *eb) {
    if (a == b) return;
    fprintf(stderr, "%s: skip says %s (%s at %zu), DOM says %s (%s at %zu) on [%.*s]\n", what,
            jb_status_name(a), a ? ea->message : "", a ? ea->offset : 0, jb_status_name(b),
            b ? eb->message : "", b ? eb->offset : 0, (int)(n > 200 ? 200 : n), json);
    FUZZ_CHECK(a == b);
}

int fuzz_skip_one(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    jb_read_options o = fuzz_read_opts(data[0]);
    o.flags &= ~(uint32_t)(JB_READ_DUPLICATE_LAST_WINS | JB_READ_DUPLICATE_FIRST_WINS | JB_READ_INTEGRAL_FLOATS);
    size_t n = size - 1;
    char *json = fuzz_copy(data + 1, n);
    jb_arena *arena = jb_arena_new();
    FUZZ_CHECK(arena != NULL);
    jb_error e1, e2;
    jb_str raw;
    jb_value *v;

    jb_status a = jb_decode(&jb_raw, json, n, &raw, arena, &o, &e1);
    jb_status b = jb_value_parse(json, n, &v, arena, &o, &e2);
    agree("raw", json, n, a, &e1, b, &e2);
    if (a == JB_OK && !(o.flags & JB_READ_ALLOW_COMMENTS)) {
        size_t i = 0, j = n;
        while (i < j && is_ws(json[i])) i++;
        while (j > i && is_ws(json[j - 1])) j--;
        FUZZ_CHECK(raw.len == j - i && memcmp(raw.ptr, json + i, raw.len) == 0);
    }

    /* as an unknown field */
    char *wrap = malloc(n + 8);
    FUZZ_CHECK(wrap != NULL);
    memcpy(wrap, "{\"zz\":", 6);
    if (n) memcpy(wrap + 6, json, n);
    wrap[n + 6] = '\n'; /* ends a // comment the input may leave open */
    wrap[n + 7] = '}';
    char *w = fuzz_copy((const uint8_t *)wrap, n + 8);
    skiprec r;
    a = jb_decode(&skiprec_type, w, n + 8, &r, arena, &o, &e1);
    b = jb_value_parse(w, n + 8, &v, arena, &o, &e2);
    agree("unknown field", w, n + 8, a, &e1, b, &e2);
    if (a == JB_OK) FUZZ_CHECK(r.unused == 0);

    free(wrap);
    free(w);
    jb_arena_free(arena);
    free(json);
    return 0;
}

FUZZ_ENTRY(fuzz_skip_one)
