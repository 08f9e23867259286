/* SPDX-License-Identifier: MIT */
/*
 * both_paths.h — a unit suite run through the generated codecs too
 * (issue 15, part 3; docs/codegen.md, "Same behaviour").
 *
 * tests/CMakeLists.txt builds each suite listed in JB_BOTH_PATHS_TESTS
 * twice more, with this header forced in front of the test file
 * (`-include both_paths.h`); plain builds never see it.
 *
 *   -DJB_TEST_GENERATE: the generator. Its main runs the suite once
 *     (at JB_TEST_SCALE 0.01: only the set of types matters), recording
 *     every root type passed to jb_decode* / jb_encode* in first-seen
 *     order, then writes the generated codecs of those types with
 *     jb_codegen_main (`prog OUT.c PREFIX`, roots without symbols: the
 *     suites' descriptors are static).
 *   -DJB_TEST_BOTH -DJB_BOTH_PREFIX=p: the test linked with that file,
 *     p.c. Its main runs the suite once recording (the same code, so the
 *     same list), attaches p_unit to the recorded roots (which checks the
 *     library version and the fingerprint of every plan), then runs the
 *     whole suite again at the caller's scale: every CHECK of the second
 *     pass runs with the generated codecs live.
 *
 * The suite's own main is renamed (the macro `main` below) so that it can
 * run twice; every suite's main is `int main(void)`, and one run leaves
 * nothing behind that the next one depends on.
 *
 * Proof that the second pass ran generated code: before attaching, every
 * root codec of the unit's table is swapped for a thunk that calls it and
 * counts the calls it served (returned a cursor: took the value, no hand
 * over to the interpreter). The second pass must have most of its
 * successful calls on attached types served (JB_BOTH_MIN_SERVED, percent),
 * every recorded root must be attached, and no type may appear that the
 * first pass did not record.
 *
 * The recording is the macros below around the public entry points: it
 * costs the library nothing. The type argument is evaluated twice (the
 * suites pass descriptors' addresses, never expressions with effects).
 */
#ifndef JB_BOTH_PATHS_H
#define JB_BOTH_PATHS_H

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "jbind_gen.h"

#if !defined(JB_TEST_GENERATE) && !defined(JB_TEST_BOTH)
#error "both_paths.h: define JB_TEST_GENERATE or JB_TEST_BOTH"
#endif

/* ---- the recorder ---- */

#define JBT_MAX_ROOTS 2048
static const jb_type *jbt_roots[JBT_MAX_ROOTS];
static size_t jbt_nroots;
static int jbt_pass;      /* 1: recording; 2: the generated pass */
static int jbt_overflow;  /* more than JBT_MAX_ROOTS types */

/* The calls of the generated pass (atomic: suites decode in threads). */
typedef struct {
    atomic_ulong calls;   /* every call of this direction */
    atomic_ulong ok;      /* ... that returned JB_OK */
    atomic_ulong active;  /* ... JB_OK, of a type with generated code attached */
    atomic_ulong entered; /* ... where a generated root codec ran (and took the value or handed over) */
    atomic_ulong served;  /* ... JB_OK, and a generated root codec took the value */
} jbt_counts;
static jbt_counts jbt_n[2]; /* decode, encode */
#define jbt_dec_n jbt_n[0]
#define jbt_enc_n jbt_n[1]
static atomic_ulong jbt_unrecorded; /* pass 2: a type pass 1 never saw */

/* What the thunks below served on this thread, and its value when each
 * call in progress began (a suite's custom codec may call jb_decode). */
static _Thread_local unsigned long jbt_tl_served, jbt_tl_entered;
static _Thread_local unsigned long jbt_tl_start[16], jbt_tl_estart[16];
static _Thread_local unsigned jbt_tl_depth;
static void jbt_begin(void) {
    if (jbt_tl_depth < 16) {
        jbt_tl_start[jbt_tl_depth] = jbt_tl_served;
        jbt_tl_estart[jbt_tl_depth] = jbt_tl_entered;
    }
    jbt_tl_depth++;
}

static size_t jbt_find(const jb_type *t) {
    for (size_t i = 0; i < jbt_nroots; i++)
        if (jbt_roots[i] == t) return i;
    return (size_t)-1;
}

/* Only types with a plan slot can carry generated code (records, tuples,
 * enums, sums; a vector root is interpreted, its elements' types are in
 * the unit when they are reached from a recorded root), and only good
 * descriptors (the suites pass bad ones on purpose). Called after the
 * call, so the suite sees the call exactly as it wrote it. */
static jb_status jbt_note(const jb_type *t, jb_status st, jbt_counts *n) {
    unsigned depth = --jbt_tl_depth;
    bool served = depth < 16 && jbt_tl_served != jbt_tl_start[depth];
    bool entered = depth < 16 && jbt_tl_entered != jbt_tl_estart[depth];
    bool slot = t && t->cache;
    if (jbt_pass == 1) {
        if (slot && jbt_find(t) == (size_t)-1 && jb_type_check(t, NULL) == JB_OK) {
            if (jbt_nroots < JBT_MAX_ROOTS) jbt_roots[jbt_nroots++] = t;
            else jbt_overflow = 1;
        }
        return st;
    }
    atomic_fetch_add(&n->calls, 1);
    if (entered) atomic_fetch_add(&n->entered, 1);
    if (st != JB_OK) return st;
    atomic_fetch_add(&n->ok, 1);
    if (!slot) return st;
    if (jb_codegen_active(t)) atomic_fetch_add(&n->active, 1);
    else if (jbt_find(t) == (size_t)-1) atomic_fetch_add(&jbt_unrecorded, 1);
    if (served) atomic_fetch_add(&n->served, 1);
    return st;
}
/* (the comma sequences jbt_begin before the call) */
#define JBT_D(t, call) (jbt_begin(), jbt_note((t), (call), &jbt_dec_n))
#define JBT_E(t, call) (jbt_begin(), jbt_note((t), (call), &jbt_enc_n))

/* ---- the generator's main ---- */

#ifdef JB_TEST_GENERATE
int jbt_suite_main(void);
int main(int argc, char **argv) {
    /* the suites read their data relative to the source root, as ctest
     * runs them; the output path is absolute (jbind_generate) */
    if (chdir(JB_SOURCE_DIR) != 0) {
        perror(JB_SOURCE_DIR);
        return 1;
    }
    setenv("JB_TEST_SCALE", "0.01", 1);
    /* the suite's summary is not the generator's: its failures are the
     * plain test's to report */
    if (!freopen("/dev/null", "w", stdout)) return 1;
    jbt_pass = 1;
    (void)jbt_suite_main();
    if (jbt_overflow) {
        fprintf(stderr, "%s: more than %d root types\n", argv[0], JBT_MAX_ROOTS);
        return 1;
    }
    static jb_codegen_root roots[JBT_MAX_ROOTS];
    for (size_t i = 0; i < jbt_nroots; i++) roots[i] = (jb_codegen_root){jbt_roots[i], NULL};
    return jb_codegen_main(argc, argv, roots, jbt_nroots);
}
#endif

/* ---- the two-pass main ---- */

#ifdef JB_TEST_BOTH
#ifndef JB_BOTH_PREFIX
#error "both_paths.h: JB_TEST_BOTH needs JB_BOTH_PREFIX (the generated file's prefix)"
#endif
#ifndef JB_BOTH_MIN_SERVED
#define JB_BOTH_MIN_SERVED 50
#endif
#define JBT_CAT2(a, b) a##b
#define JBT_CAT(a, b) JBT_CAT2(a, b)
extern jb_gen_unit JBT_CAT(JB_BOTH_PREFIX, _unit);
int JBT_CAT(JB_BOTH_PREFIX, _attach_roots)(const jb_type *const *roots);

/* The thunks: 512 decoders and 512 encoders, each calling the root codec
 * in its slot and counting what it served. (Generated by the preprocessor
 * here because a plain function pointer has no closure.) */
#define JBT_THUNKS 512
static jb_gen_dec_fn jbt_dorig[JBT_THUNKS];
static jb_gen_enc_fn jbt_eorig[JBT_THUNKS];
#define JBT_TH(a, b, c)                                                                  \
    static const char *jbt_dt_##a##b##c(jb_gen_dec *d, const char *p, char *out) {      \
        const char *q = (jbt_tl_entered++, jbt_dorig[a * 64 + b * 8 + c](d, p, out));    \
        if (q) jbt_tl_served++;                                                          \
        return q;                                                                        \
    }                                                                                    \
    static char *jbt_et_##a##b##c(jb_gen_enc *e, char *p, const char *v) {              \
        char *q = (jbt_tl_entered++, jbt_eorig[a * 64 + b * 8 + c](e, p, v));            \
        if (q) jbt_tl_served++;                                                          \
        return q;                                                                        \
    }
#define JBT_TH8(a, b) JBT_TH(a, b, 0) JBT_TH(a, b, 1) JBT_TH(a, b, 2) JBT_TH(a, b, 3) \
    JBT_TH(a, b, 4) JBT_TH(a, b, 5) JBT_TH(a, b, 6) JBT_TH(a, b, 7)
#define JBT_TH64(a) JBT_TH8(a, 0) JBT_TH8(a, 1) JBT_TH8(a, 2) JBT_TH8(a, 3) JBT_TH8(a, 4) \
    JBT_TH8(a, 5) JBT_TH8(a, 6) JBT_TH8(a, 7)
JBT_TH64(0) JBT_TH64(1) JBT_TH64(2) JBT_TH64(3) JBT_TH64(4) JBT_TH64(5) JBT_TH64(6) JBT_TH64(7)
#define JBT_N(p, a, b, c) p##a##b##c,
#define JBT_N8(p, a, b) JBT_N(p, a, b, 0) JBT_N(p, a, b, 1) JBT_N(p, a, b, 2) JBT_N(p, a, b, 3) \
    JBT_N(p, a, b, 4) JBT_N(p, a, b, 5) JBT_N(p, a, b, 6) JBT_N(p, a, b, 7)
#define JBT_N64(p, a) JBT_N8(p, a, 0) JBT_N8(p, a, 1) JBT_N8(p, a, 2) JBT_N8(p, a, 3) \
    JBT_N8(p, a, 4) JBT_N8(p, a, 5) JBT_N8(p, a, 6) JBT_N8(p, a, 7)
#define JBT_N512(p) JBT_N64(p, 0) JBT_N64(p, 1) JBT_N64(p, 2) JBT_N64(p, 3) JBT_N64(p, 4) \
    JBT_N64(p, 5) JBT_N64(p, 6) JBT_N64(p, 7)
static const jb_gen_dec_fn jbt_dthunk[JBT_THUNKS] = {JBT_N512(jbt_dt_)};
static const jb_gen_enc_fn jbt_ethunk[JBT_THUNKS] = {JBT_N512(jbt_et_)};

/* The unit's codec table with its root codecs behind thunks. */
static jb_gen_codec jbt_codecs[8 * JBT_THUNKS];

static int jbt_wrap_unit(jb_gen_unit *u) {
    size_t k = 0;
    if (u->ncodecs > sizeof jbt_codecs / sizeof jbt_codecs[0]) return 0;
    for (size_t i = 0; i < u->ncodecs; i++) {
        jbt_codecs[i] = u->codecs[i];
        if (!jbt_codecs[i].attach) continue;
        if (k == JBT_THUNKS) return 0;
        jbt_dorig[k] = jbt_codecs[i].decode;
        jbt_eorig[k] = jbt_codecs[i].encode;
        jbt_codecs[i].decode = jbt_dthunk[k];
        jbt_codecs[i].encode = jbt_ethunk[k];
        k++;
    }
    u->codecs = jbt_codecs;
    return 1;
}

static void jbt_print(const char *dir, jbt_counts *n) {
    printf("  %s: %lu calls (generated code ran in %lu), %lu ok, %lu ok with generated code attached, "
           "%lu served by it\n",
           dir, atomic_load(&n->calls), atomic_load(&n->entered), atomic_load(&n->ok), atomic_load(&n->active),
           atomic_load(&n->served));
}

/* served >= JB_BOTH_MIN_SERVED % of the successful calls on attached
 * types (the rest handed over on purpose: flags the generated code does
 * not specialize, a sink other than a jb_buf, an arena with a cap) */
static int jbt_floor(jbt_counts *n) {
    unsigned long active = atomic_load(&n->active), served = atomic_load(&n->served);
    return served * 100 >= active * (unsigned long)JB_BOTH_MIN_SERVED;
}

int jbt_suite_main(void);
int main(void) {
    const char *scale = getenv("JB_TEST_SCALE");
    char *saved = scale ? strdup(scale) : NULL;
    setenv("JB_TEST_SCALE", "0.01", 1);
    jbt_pass = 1;
    (void)jbt_suite_main();
    if (saved) setenv("JB_TEST_SCALE", saved, 1);
    else unsetenv("JB_TEST_SCALE");
    free(saved);
    int passed1, failed1;

    jb_gen_unit *u = &JBT_CAT(JB_BOTH_PREFIX, _unit);
    CHECKF(!jbt_overflow, "more than %d root types", JBT_MAX_ROOTS);
    CHECKF(u->nroots == jbt_nroots, "recorded %zu root types, the generated file has %zu", jbt_nroots,
           u->nroots);
    if (u->nroots != jbt_nroots) return check_report();
    CHECKF(jbt_wrap_unit(u), "the generated file has more root codecs than %d thunks", JBT_THUNKS);
    int attached = JBT_CAT(JB_BOTH_PREFIX, _attach_roots)(jbt_roots);
    CHECKF(attached, "%s", "the generated codecs did not attach (version or fingerprint)");
    size_t live = 0;
    for (size_t i = 0; i < jbt_nroots; i++) live += jb_codegen_active(jbt_roots[i]);
    CHECKF(live == jbt_nroots, "%zu of %zu recorded roots have generated code", live, jbt_nroots);
    if (!attached) return check_report();

    printf("generated pass: %zu root types, %zu codecs in the unit\n", jbt_nroots, u->ncodecs);
    fflush(stdout);
    passed1 = check_passed_, failed1 = check_failed_;
    jbt_pass = 2;
    (void)jbt_suite_main();
    printf("generated pass: %d checks, %d failed\n", check_passed_ + check_failed_ - passed1 - failed1,
           check_failed_ - failed1);
    jbt_print("decode", &jbt_dec_n);
    jbt_print("encode", &jbt_enc_n);
    CHECKF(atomic_load(&jbt_unrecorded) == 0, "%lu calls of a type the first pass did not record",
           atomic_load(&jbt_unrecorded));
    CHECKF(jbt_floor(&jbt_dec_n), "generated decoders served under %d%% of the calls",
           JB_BOTH_MIN_SERVED);
    CHECKF(jbt_floor(&jbt_enc_n), "generated encoders served under %d%% of the calls",
           JB_BOTH_MIN_SERVED);
    /* generated code ran at all (an error suite's calls all hand over) */
    CHECK(atomic_load(&jbt_dec_n.entered) + atomic_load(&jbt_enc_n.entered) > 0);
    return check_report();
}
#endif

/* ---- the suite ---- */

#define main jbt_suite_main

#define jb_decode(t, ...) JBT_D(t, jb_decode(t, __VA_ARGS__))
#define jb_decode_prefix(t, ...) JBT_D(t, jb_decode_prefix(t, __VA_ARGS__))
#define jb_decode_file(t, ...) JBT_D(t, jb_decode_file(t, __VA_ARGS__))
#define jb_decode_fd(t, ...) JBT_D(t, jb_decode_fd(t, __VA_ARGS__))
#define jb_decode_path(t, ...) JBT_D(t, jb_decode_path(t, __VA_ARGS__))
#define jb_encode(t, ...) JBT_E(t, jb_encode(t, __VA_ARGS__))
#define jb_encode_to(t, ...) JBT_E(t, jb_encode_to(t, __VA_ARGS__))
#define jb_encode_file(t, ...) JBT_E(t, jb_encode_file(t, __VA_ARGS__))
#define jb_encode_fixed(t, ...) JBT_E(t, jb_encode_fixed(t, __VA_ARGS__))
#define jb_encode_record(t, ...) JBT_E(t, jb_encode_record(t, __VA_ARGS__))
#define jb_encode_record_to(t, ...) JBT_E(t, jb_encode_record_to(t, __VA_ARGS__))

#endif
