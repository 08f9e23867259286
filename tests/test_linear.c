/* SPDX-License-Identifier: MIT */
/*
 * test_linear.c — linear time on hostile shapes (issue 7, part 5).
 *
 * Work is counted, not timed: tests/test_linear.sh runs this program under
 * valgrind's callgrind once per case and size (`test_linear CASE N`),
 * counting the instructions (Ir) executed between the two
 * CALLGRIND_TOGGLE_COLLECT client requests around the operation only (the
 * input is built before, uninstrumented), and fails when a case's count at
 * 10N is more than 12 times its count at N. `make slow-linear` (part of
 * `make slow`) runs it; it needs valgrind, so it is not in the default
 * ctest run.
 *
 * Without arguments (the ctest entry) every case runs once at a small size
 * and checks its results: the cases stay correct between slow runs.
 *
 * The cases (N is the size the script uses; 10N is the second run):
 *   str_typed    one string of N bytes (mixed ASCII, multi-byte UTF-8,
 *                short and \u escapes) decoded into a jb_str, the same
 *                string skipped as an unknown field, re-encoded
 *   str_dom      the same through jb_value_parse and jb_value_print
 *   num_f64      a number of N digits into f64 (a near-halfway case that
 *                needs every digit: 9007199254740993.000...0001)
 *   num_number   an N-digit integer into jb_number, and the DOM (a BIG
 *                number, printed back) and the N-digit fraction into the DOM
 *   keys_unknown a record with one known field and N unknown ones, collected
 *                by JB_UNKNOWN_FIELDS and re-encoded, then skipped
 *   keys_map     N distinct keys into a map<jb_str, i32>, re-encoded
 *   keys_dom     N distinct keys: DOM parse, every key looked up, printed,
 *                parsed again with JB_READ_REJECT_DUPLICATE_KEYS
 *   dup_map      N copies of one key, and N/2 keys twice each, into a map
 *                with JB_READ_DUPLICATE_LAST_WINS
 *   dup_dom      the same two documents in the DOM (duplicates kept), every
 *                key looked up, printed
 *   collide_map  keys crafted against the map hash as it was unseeded
 *                (finding F2: 7-byte keys equal in the table-index bits of
 *                jb__hash_bytes) and keys colliding under Java's
 *                String.hashCode: into a map (duplicate check on), with
 *                LAST_WINS, and as unknown fields of a record
 *   collide_dom  the same keys through the DOM: parse, lookups, print, parse
 *                with JB_READ_REJECT_DUPLICATE_KEYS
 *   build_dom    the builders: N members set by jb_value_object_set, each
 *                set again (the replace path), N elements appended
 *   deep_typed   an N-deep list (a record through a pointer) decoded with
 *                max_depth raised and encoded back; an N-deep untagged sum
 *                (a number or a list of itself) decoded: the frame engines
 *                and the untagged sum's validation (once, not per level)
 */
#include <stdlib.h>

#include "check.h"
#include "unode.h"
#include "jbind.h"
#include "plan.h"

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define JB_HAVE_CALLGRIND 1
#endif
#endif
#ifndef JB_HAVE_CALLGRIND
#define CALLGRIND_START_INSTRUMENTATION
#define CALLGRIND_STOP_INSTRUMENTATION
#define CALLGRIND_TOGGLE_COLLECT
#define RUNNING_ON_VALGRIND 0
#endif

/* ------------------------------------------------------------------ */
/* Input text                                                          */
/* ------------------------------------------------------------------ */

typedef struct {
    char *p;
    size_t len, cap;
} text;
static void put(text *t, const char *s, size_t n) {
    if (t->len + n + 1 > t->cap) {
        t->cap = (t->len + n + 1) * 2;
        t->p = realloc(t->p, t->cap);
        if (!t->p) abort();
    }
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = 0;
}
static void puts_(text *t, const char *s) { put(t, s, strlen(s)); }

/* A JSON string body of exactly n bytes of text (no quotes), built from a
 * 64-byte block of ASCII, 2-, 3- and 4-byte UTF-8, short escapes, \u
 * escapes and a surrogate pair; padded with 'x'. */
static void string_body(text *t, size_t n) {
    static const char block[] = "abcdefgh\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\\n\\t\\\"\\\\"
                                "\\u00e9\\ud83d\\ude00 ijklmnopqrstu/";
    const size_t bl = sizeof block - 1;
    size_t done = 0;
    while (done + bl <= n) {
        put(t, block, bl);
        done += bl;
    }
    while (done++ < n) put(t, "x", 1);
}

static void key_object(text *t, char **keys, const size_t *lens, size_t n, const char *val) {
    puts_(t, "{");
    for (size_t i = 0; i < n; i++) {
        if (i) puts_(t, ",");
        puts_(t, "\"");
        for (size_t k = 0; k < lens[i]; k++) {
            unsigned char c = (unsigned char)keys[i][k];
            char e[8];
            if (c < 0x20 || c == '"' || c == '\\') {
                snprintf(e, sizeof e, "\\u%04x", c);
                puts_(t, e);
            } else {
                put(t, (const char *)&c, 1);
            }
        }
        puts_(t, "\":");
        puts_(t, val);
    }
    puts_(t, "}");
}

/* ------------------------------------------------------------------ */
/* Key sets                                                            */
/* ------------------------------------------------------------------ */

typedef struct {
    char **k;
    size_t *len;
    size_t n;
} keyset;

static keyset keys_new(size_t n) {
    keyset ks = {calloc(n ? n : 1, sizeof(char *)), calloc(n ? n : 1, sizeof(size_t)), 0};
    if (!ks.k || !ks.len) abort();
    return ks;
}
static void keys_free(keyset *ks) {
    for (size_t i = 0; i < ks->n; i++) free(ks->k[i]);
    free(ks->k);
    free(ks->len);
}
static void keys_add(keyset *ks, const char *s, size_t n) {
    char *c = malloc(n + 1);
    if (!c) abort();
    memcpy(c, s, n);
    c[n] = 0;
    ks->k[ks->n] = c;
    ks->len[ks->n++] = n;
}

static keyset distinct_keys(size_t n) {
    keyset ks = keys_new(n);
    char b[32];
    for (size_t i = 0; i < n; i++) keys_add(&ks, b, (size_t)snprintf(b, sizeof b, "key%zu", i));
    return ks;
}

/* Java String.hashCode collisions: "Aa" and "BB" hash alike, so all 2^17
 * strings of 17 such blocks share one hash. */
static keyset java_keys(size_t n) {
    keyset ks = keys_new(n);
    char b[40];
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < 17; k++) memcpy(b + 2 * k, (i >> k) & 1 ? "BB" : "Aa", 2);
        keys_add(&ks, b, 34);
    }
    return ks;
}

static uint64_t inv_mul(uint64_t a) { /* a odd: Newton iteration */
    uint64_t x = a;
    for (int i = 0; i < 6; i++) x *= 2 - a * x;
    return x;
}
static uint64_t inv_xorshift(uint64_t h, int s) {
    uint64_t x = h;
    for (int i = 0; i < 64 / s + 1; i++) x = h ^ (x >> s);
    return x;
}

/* 7-byte keys whose unseeded jb__hash_bytes (seed 0, what the map's
 * duplicate table used before finding F2 was fixed) agree in bits 32..51:
 * the hash of a short key is a bijection of the key word, so outputs are
 * chosen and inverted (as tests/test_limits.c does). Checked to collide
 * under jb__hash_bytes; aborts if the hash's structure changed. */
static keyset crafted_keys(size_t n) {
    const uint64_t seed = UINT64_C(0x9E3779B97F4A7C15) ^ (7 * UINT64_C(0xff51afd7ed558ccd));
    const uint64_t i1 = inv_mul(UINT64_C(0x94d049bb133111eb));
    const uint64_t i2 = inv_mul(UINT64_C(0xbf58476d1ce4e5b9));
    uint64_t pre = seed;
    pre = (pre ^ (pre >> 29)) * UINT64_C(0xbf58476d1ce4e5b9); /* the seed spreading step */
    keyset ks = keys_new(n);
    uint64_t r = 1;
    for (uint64_t tries = 0; ks.n < n && tries < (uint64_t)n * 4096; tries++) {
        r ^= r << 13, r ^= r >> 7, r ^= r << 17;
        uint64_t h = r & ~(UINT64_C(0xFFFFF) << 32);
        uint64_t x = (inv_xorshift(h * i2, 29) * i1) ^ pre;
        if (x >> 56) continue;
        char k[8];
        for (int b = 0; b < 8; b++) /* little-endian, as the hash reads keys on every host */
            k[b] = (char)(x >> (8 * b));
        if (memchr(k, 0, 7)) continue;
        keys_add(&ks, k, 7);
    }
    return ks;
}
static bool crafted_collide(const keyset *ks) {
    if (ks->n < 2) return false;
    uint32_t h0 = jb__hash_bytes(ks->k[0], 7) & 0xFFFFF;
    for (size_t i = 1; i < ks->n && i < 100; i++)
        if ((jb__hash_bytes(ks->k[i], 7) & 0xFFFFF) != h0) return false;
    return true;
}

/* ------------------------------------------------------------------ */
/* Types                                                               */
/* ------------------------------------------------------------------ */

typedef struct {
    jb_str s;
} srec;
static const jb_type srec_type = JB_RECORD(srec, JB_FIELD(srec, s, &jb_string));

typedef struct {
    int32_t a;
    jb_raw_members rest;
} urec;
static const jb_type urec_type =
    JB_RECORD(urec, JB_FIELD(urec, a, &jb_i32), JB_UNKNOWN_FIELDS(urec, rest));
typedef struct {
    int32_t a;
} arec;
static const jb_type arec_type = JB_RECORD(arec, JB_FIELD(arec, a, &jb_i32));

typedef JB_MAP(jb_str, int32_t) map_si;
static const jb_type *const map_si_type = JB_MAP_OF_T(jb_str, int32_t, &jb_string, &jb_i32);

/* ------------------------------------------------------------------ */
/* Measured region                                                     */
/* ------------------------------------------------------------------ */

static bool measuring;
static void begin(void) {
    if (measuring) {
        CALLGRIND_START_INSTRUMENTATION;
        CALLGRIND_TOGGLE_COLLECT;
    }
}
static void end(void) {
    if (measuring) {
        CALLGRIND_TOGGLE_COLLECT;
        CALLGRIND_STOP_INSTRUMENTATION;
    }
}

/* Write options matching read flags: invalid UTF-8 read through is written through. */
static jb_write_options wopts(uint32_t read_flags) {
    jb_write_options w = {
        (read_flags & JB_READ_ALLOW_INVALID_UTF8) ? JB_WRITE_ALLOW_INVALID_UTF8 : 0u, 0, 0, 0};
    return w;
}

static void print_ok(const jb_value *v, size_t min_len, uint32_t read_flags) {
    jb_buf b = JB_BUF_INIT;
    jb_error err;
    jb_write_options w = wopts(read_flags);
    jb_status st = jb_value_print(v, &b, &w, &err);
    CHECKF(st == JB_OK && b.len >= min_len, "print: %s %s", jb_status_name(st), err.message);
    jb_buf_free(&b);
}

/* ------------------------------------------------------------------ */
/* Cases                                                               */
/* ------------------------------------------------------------------ */

static void case_str_typed(size_t n) {
    text s = {0}, t = {0};
    string_body(&s, n);
    puts_(&t, "{\"s\":\"");
    put(&t, s.p, s.len);
    puts_(&t, "\",\"zz\":\"");
    put(&t, s.p, s.len);
    puts_(&t, "\"}");
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    jb_error err;
    srec r;
    begin();
    jb_status st = jb_decode(&srec_type, t.p, t.len, &r, a, NULL, &err);
    jb_status es = st == JB_OK ? jb_encode(&srec_type, &r, &b, NULL, &err) : st;
    end();
    CHECKF(st == JB_OK, "str_typed: %s %s", jb_status_name(st), err.message);
    CHECKF(es == JB_OK && r.s.len > n / 2 && b.len > n / 2, "str_typed encode %s",
           jb_status_name(es));
    jb_buf_free(&b);
    jb_arena_free(a);
    free(s.p);
    free(t.p);
}

static void case_str_dom(size_t n) {
    text t = {0};
    puts_(&t, "[\"");
    string_body(&t, n);
    puts_(&t, "\"]");
    jb_arena *a = jb_arena_new();
    jb_error err;
    jb_value *v = NULL;
    begin();
    jb_status st = jb_value_parse(t.p, t.len, &v, a, NULL, &err);
    if (st == JB_OK) print_ok(v, n / 2, 0);
    end();
    CHECKF(st == JB_OK, "str_dom: %s %s", jb_status_name(st), err.message);
    jb_arena_free(a);
    free(t.p);
}

/* 9007199254740993 (2^53 + 1, halfway between two doubles) followed by
 * digits that are all zero but the last: rounding up needs all of them. */
static void near_halfway(text *t, size_t digits, bool fraction) {
    puts_(t, "9007199254740993");
    if (fraction) puts_(t, ".");
    size_t rest = digits > 17 ? digits - 17 : 0;
    for (size_t i = 0; i < rest; i++) put(t, "0", 1);
    puts_(t, "1");
}

static void case_num_f64(size_t n) {
    text t = {0};
    near_halfway(&t, n, true);
    jb_read_options o = {0, 0, 0, t.len + 1, 0, 0, NULL};
    jb_arena *a = jb_arena_new();
    jb_error err;
    double d = 0;
    begin();
    jb_status st = jb_decode(&jb_f64, t.p, t.len, &d, a, &o, &err);
    end();
    CHECKF(st == JB_OK, "num_f64: %s %s", jb_status_name(st), err.message);
    CHECKF(d == 9007199254740994.0, "num_f64: %.17g", d);
    jb_arena_free(a);
    free(t.p);
}

static void case_num_number(size_t n) {
    text i = {0}, f = {0};
    for (size_t k = 0; k < n; k++) put(&i, &"1234567890"[k % 10], 1);
    near_halfway(&f, n, true);
    jb_read_options o = {0, 0, 0, i.len + f.len + 1, 0, 0, NULL};
    jb_arena *a = jb_arena_new();
    jb_error err;
    jb_str num = {0, 0};
    jb_value *v = NULL, *w = NULL;
    begin();
    jb_status st = jb_decode(&jb_number, i.p, i.len, &num, a, &o, &err);
    jb_status s2 = jb_value_parse(i.p, i.len, &v, a, &o, &err);
    if (s2 == JB_OK) print_ok(v, n, 0);
    jb_status s3 = jb_value_parse(f.p, f.len, &w, a, &o, &err);
    if (s3 == JB_OK) print_ok(w, 1, 0);
    end();
    CHECKF(st == JB_OK && num.len == n, "num_number: %s", jb_status_name(st));
    CHECKF(s2 == JB_OK && jb_value_number_kind(v) == JB_NUMBER_BIG, "num_number DOM: %s",
           jb_status_name(s2));
    double d = 0;
    CHECKF(s3 == JB_OK && jb_value_get_f64(w, &d) == JB_OK && d == 9007199254740994.0,
           "num_number DOM fraction: %s %.17g", jb_status_name(s3), d);
    jb_arena_free(a);
    free(i.p);
    free(f.p);
}

static void case_keys_unknown(size_t n) {
    keyset ks = distinct_keys(n);
    text t = {0};
    key_object(&t, ks.k, ks.len, ks.n, "[1,{\"x\":2}]");
    t.p[t.len - 1] = ',';
    puts_(&t, "\"a\":7}");
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    jb_error err;
    urec u;
    arec r;
    begin();
    jb_status st = jb_decode(&urec_type, t.p, t.len, &u, a, NULL, &err);
    jb_status es = st == JB_OK ? jb_encode(&urec_type, &u, &b, NULL, &err) : st;
    jb_status s2 = jb_decode(&arec_type, t.p, t.len, &r, a, NULL, &err);
    end();
    CHECKF(st == JB_OK && u.a == 7 && u.rest.len == n, "keys_unknown: %s %s", jb_status_name(st),
           err.message);
    CHECKF(es == JB_OK && b.len == t.len, "keys_unknown encode: %s %zu/%zu", jb_status_name(es),
           b.len, t.len);
    CHECKF(s2 == JB_OK && r.a == 7, "keys_unknown skipped: %s", jb_status_name(s2));
    jb_buf_free(&b);
    jb_arena_free(a);
    keys_free(&ks);
    free(t.p);
}

/* Decode t into a map (flags), expect `want` entries, re-encode. */
static void map_run(const char *what, const text *t, uint32_t flags, size_t want) {
    jb_read_options o = {flags, 0, 0, 0, 0, 0, NULL};
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    jb_error err;
    jb_write_options w = wopts(flags);
    map_si m;
    begin();
    jb_status st = jb_decode(map_si_type, t->p, t->len, &m, a, &o, &err);
    jb_status es = st == JB_OK ? jb_encode(map_si_type, &m, &b, &w, &err) : st;
    end();
    CHECKF(st == JB_OK && m.len == want, "%s: %s %s (%zu entries, want %zu)", what,
           jb_status_name(st), err.message, st == JB_OK ? m.len : 0, want);
    CHECKF(es == JB_OK, "%s: encode %s", what, jb_status_name(es));
    jb_buf_free(&b);
    jb_arena_free(a);
}

/* Parse t into the DOM (flags), look every key of ks up, print. */
static void dom_run(const char *what, const text *t, uint32_t flags, const keyset *ks,
                    size_t members) {
    jb_read_options o = {flags, 0, 0, 0, 0, 0, NULL};
    jb_arena *a = jb_arena_new();
    jb_error err;
    jb_value *v = NULL;
    size_t found = 0;
    begin();
    jb_status st = jb_value_parse(t->p, t->len, &v, a, &o, &err);
    for (size_t i = 0; st == JB_OK && i < ks->n; i++)
        found += jb_value_object_get(v, ks->k[i], ks->len[i]) != NULL;
    if (st == JB_OK) print_ok(v, members, flags);
    end();
    CHECKF(st == JB_OK && jb_value_object_len(v) == members && found == ks->n,
           "%s: %s %s (%zu members, %zu found)", what, jb_status_name(st), err.message,
           st == JB_OK ? jb_value_object_len(v) : 0, found);
    jb_arena_free(a);
}

static void case_keys_map(size_t n) {
    keyset ks = distinct_keys(n);
    text t = {0};
    key_object(&t, ks.k, ks.len, ks.n, "1");
    map_run("keys_map", &t, 0, n);
    keys_free(&ks);
    free(t.p);
}

static void case_keys_dom(size_t n) {
    keyset ks = distinct_keys(n);
    text t = {0};
    key_object(&t, ks.k, ks.len, ks.n, "1");
    dom_run("keys_dom", &t, 0, &ks, n);
    dom_run("keys_dom reject-dup", &t, JB_READ_REJECT_DUPLICATE_KEYS, &ks, n);
    keys_free(&ks);
    free(t.p);
}

/* N copies of one key; N/2 keys twice each (the second half repeats the
 * first). */
static void dup_docs(size_t n, keyset *same, keyset *twice, text *t1, text *t2) {
    *same = keys_new(n);
    for (size_t i = 0; i < n; i++) keys_add(same, "dup", 3);
    key_object(t1, same->k, same->len, same->n, "1");
    *twice = keys_new(n);
    char b[32];
    for (size_t i = 0; i < n; i++)
        keys_add(twice, b, (size_t)snprintf(b, sizeof b, "key%zu", i % (n / 2 ? n / 2 : 1)));
    key_object(t2, twice->k, twice->len, twice->n, "1");
}

static void case_dup_map(size_t n) {
    keyset same, twice;
    text t1 = {0}, t2 = {0};
    dup_docs(n, &same, &twice, &t1, &t2);
    map_run("dup_map one key", &t1, JB_READ_DUPLICATE_LAST_WINS, 1);
    map_run("dup_map keys twice", &t2, JB_READ_DUPLICATE_LAST_WINS, n / 2);
    keys_free(&same);
    keys_free(&twice);
    free(t1.p);
    free(t2.p);
}

static void case_dup_dom(size_t n) {
    keyset same, twice;
    text t1 = {0}, t2 = {0};
    dup_docs(n, &same, &twice, &t1, &t2);
    dom_run("dup_dom one key", &t1, 0, &same, n);
    dom_run("dup_dom keys twice", &t2, 0, &twice, n);
    keys_free(&same);
    keys_free(&twice);
    free(t1.p);
    free(t2.p);
}

static void collide_docs(size_t n, keyset *cr, keyset *jv, text *t1, text *t2) {
    *cr = crafted_keys(n);
    if (cr->n != n || !crafted_collide(cr)) {
        fprintf(stderr,
                "collide: the crafted keys do not collide under jb__hash_bytes (%zu of %zu);"
                " update crafted_keys to src/plan.c's hash\n",
                cr->n, n);
        exit(2);
    }
    *jv = java_keys(n);
    key_object(t1, cr->k, cr->len, cr->n, "1");
    key_object(t2, jv->k, jv->len, jv->n, "1");
}

static void case_collide_map(size_t n) {
    keyset cr, jv;
    text t1 = {0}, t2 = {0};
    collide_docs(n, &cr, &jv, &t1, &t2);
    map_run("collide_map crafted", &t1, JB_READ_ALLOW_INVALID_UTF8, n);
    map_run("collide_map crafted last-wins", &t1,
            JB_READ_ALLOW_INVALID_UTF8 | JB_READ_DUPLICATE_LAST_WINS, n);
    map_run("collide_map java", &t2, 0, n);
    /* as unknown fields: probes of the record's name table */
    jb_read_options o = {JB_READ_ALLOW_INVALID_UTF8, 0, 0, 0, 0, 0, NULL};
    jb_arena *a = jb_arena_new();
    jb_error err;
    urec u;
    t1.p[t1.len - 1] = ',';
    puts_(&t1, "\"a\":7}");
    begin();
    jb_status st = jb_decode(&urec_type, t1.p, t1.len, &u, a, &o, &err);
    end();
    CHECKF(st == JB_OK && u.rest.len == n, "collide unknown: %s %s", jb_status_name(st),
           err.message);
    jb_arena_free(a);
    keys_free(&cr);
    keys_free(&jv);
    free(t1.p);
    free(t2.p);
}

static void case_collide_dom(size_t n) {
    keyset cr, jv;
    text t1 = {0}, t2 = {0};
    collide_docs(n, &cr, &jv, &t1, &t2);
    dom_run("collide_dom crafted", &t1, JB_READ_ALLOW_INVALID_UTF8, &cr, n);
    dom_run("collide_dom crafted reject-dup", &t1,
            JB_READ_ALLOW_INVALID_UTF8 | JB_READ_REJECT_DUPLICATE_KEYS, &cr, n);
    dom_run("collide_dom java", &t2, JB_READ_REJECT_DUPLICATE_KEYS, &jv, n);
    keys_free(&cr);
    keys_free(&jv);
    free(t1.p);
    free(t2.p);
}

/* The builders: N members set (distinct keys, then every key set again:
 * the replace path looks each one up), N elements appended. */
static void case_build_dom(size_t n) {
    keyset ks = distinct_keys(n);
    jb_arena *a = jb_arena_new();
    size_t ok = 0;
    begin();
    jb_value *o = jb_value_new_object(a), *arr = jb_value_new_array(a);
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < n; i++)
            ok += jb_value_object_set(o, ks.k[i], ks.len[i], jb_value_new_i64(a, (int64_t)i), a) ==
                  JB_OK;
    for (size_t i = 0; i < n; i++)
        ok += jb_value_array_append(arr, jb_value_new_null(a), a) == JB_OK;
    end();
    CHECKF(ok == 3 * n && jb_value_object_len(o) == n && jb_value_array_len(arr) == n,
           "build_dom: %zu ok, %zu members, %zu elements", ok, jb_value_object_len(o),
           jb_value_array_len(arr));
    jb_arena_free(a);
    keys_free(&ks);
}

typedef struct dlist { int32_t v; struct dlist *next; } dlist;
static const jb_type dlist_type;
static const jb_type dlist_type = JB_RECORD(dlist, JB_FIELD(dlist, v, &jb_i32),
    JB_FIELD(dlist, next, JB_PTR_OF(&dlist_type)));

static void case_deep_typed(size_t n) {
    text t = {0}, u = {0};
    for (size_t i = 0; i < n; i++) puts_(&t, "{\"v\":1,\"next\":");
    puts_(&t, "null");
    for (size_t i = 0; i < n; i++) puts_(&t, "}");
    for (size_t i = 0; i < n; i++) puts_(&u, "[");
    puts_(&u, "7");
    for (size_t i = 0; i < n; i++) puts_(&u, "]");
    jb_arena *a = jb_arena_new();
    jb_buf b = JB_BUF_INIT;
    jb_error err;
    jb_read_options ro = {.max_depth = (uint32_t)(n + 10)};
    jb_write_options wo = {.max_depth = (uint32_t)(n + 10)};
    dlist l;
    unode un;
    begin();
    jb_status st = jb_decode(&dlist_type, t.p, t.len, &l, a, &ro, &err);
    jb_status es = st == JB_OK ? jb_encode(&dlist_type, &l, &b, &wo, &err) : st;
    jb_status us = jb_decode(&unode_type, u.p, u.len, &un, a, &ro, &err);
    end();
    /* the same text back, but the innermost null pointer is left out */
    CHECKF(st == JB_OK && es == JB_OK && b.len == t.len - strlen(",\"next\":null"), "deep_typed list: %s %s",
           jb_status_name(es), st == JB_OK && es == JB_OK ? "" : err.message);
    size_t k = 0;
    for (const unode *q = &un; us == JB_OK && q->tag == 2 && q->as.list.len == 1; q = q->as.list.items) k++;
    CHECKF(us == JB_OK && k == n, "deep_typed untagged: %s, %zu levels", jb_status_name(us), k);
    jb_buf_free(&b);
    jb_arena_free(a);
    free(t.p);
    free(u.p);
}

static const struct {
    const char *name;
    void (*run)(size_t n);
    size_t small; /* the size of the no-argument self-check */
} cases[] = {
    {"str_typed", case_str_typed, 10000},      {"str_dom", case_str_dom, 10000},
    {"num_f64", case_num_f64, 5000},           {"num_number", case_num_number, 5000},
    {"keys_unknown", case_keys_unknown, 1000}, {"keys_map", case_keys_map, 1000},
    {"keys_dom", case_keys_dom, 1000},         {"dup_map", case_dup_map, 1000},
    {"dup_dom", case_dup_dom, 1000},           {"collide_map", case_collide_map, 1000},
    {"build_dom", case_build_dom, 1000},       {"collide_dom", case_collide_dom, 1000},
    {"deep_typed", case_deep_typed, 1000},
};

int main(int argc, char **argv) {
    const size_t ncases = sizeof cases / sizeof cases[0];
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < ncases; i++) printf("%s\n", cases[i].name);
        return 0;
    }
    if (argc == 3) {
        size_t n = (size_t)strtoull(argv[2], NULL, 10);
        for (size_t i = 0; i < ncases; i++) {
            if (strcmp(argv[1], cases[i].name) == 0) {
                measuring = RUNNING_ON_VALGRIND != 0;
                cases[i].run(n);
                return check_report();
            }
        }
        fprintf(stderr, "test_linear: no case %s (--list)\n", argv[1]);
        return 2;
    }
    for (size_t i = 0; i < ncases; i++) cases[i].run(cases[i].small);
    return check_report();
}
