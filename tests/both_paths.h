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
 * root codec of the unit's table is swapped for a thunk that runs the
 * original codec of the call in progress and counts the calls where it
 * ran and those it served (returned a cursor: took the value, no hand
 * over to the interpreter). The second pass must have at least
 * JB_BOTH_MIN_SERVED percent of its successful calls on attached types
 * served (where there are JB_BOTH_MIN_CALLS of them), every recorded root
 * attached, no type the first pass did not record, and no generated code
 * run outside a recorded call.
 *
 * The recording is the macros below around the public entry points: it
 * costs the library nothing. The type argument is evaluated three times (the
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

/* The codec jb_decode / jb_encode of t run, or NULL: src/codegen.h's
 * jb__gen_codec (static inline there), read from the cache slot. */
static inline const jb_gen_codec *jbt_gen_codec(const jb_type *t) {
    return t->cache ? (const jb_gen_codec *)t->cache->gen : NULL;
}

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

/* Per thread: what the thunks (below) served and entered so far, the
 * codec the call in progress will run, and that state when each call in
 * progress began (a suite's custom codec may call jb_decode). */
typedef struct {
    unsigned long served, entered;
    const jb_gen_codec *codec;
} jbt_call;
static _Thread_local jbt_call jbt_tl, jbt_tl_saved[16];
static _Thread_local unsigned jbt_tl_depth;
static void jbt_begin(const jb_type *t) {
    if (jbt_tl_depth < 16) jbt_tl_saved[jbt_tl_depth] = jbt_tl;
    jbt_tl_depth++;
    /* what jb_decode / jb_encode of t will run (codegen_rt.c) */
    jbt_tl.codec = t ? jbt_gen_codec(t) : NULL;
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
    bool served = depth < 16 && jbt_tl.served != jbt_tl_saved[depth].served;
    bool entered = depth < 16 && jbt_tl.entered != jbt_tl_saved[depth].entered;
    if (depth < 16) jbt_tl.codec = jbt_tl_saved[depth].codec;
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
#define JBT_D(t, call) (jbt_begin(t), jbt_note((t), (call), &jbt_dec_n))
#define JBT_E(t, call) (jbt_begin(t), jbt_note((t), (call), &jbt_enc_n))

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

/* The thunks: every root codec of the unit's table is replaced by these
 * two, which run the original codec of the call in progress (the one
 * jbt_gen_codec gave jbt_begin for the call's type) and count what it
 * served. Generated code reached any other way would find no codec here
 * and hand over: counted as stray, and the interpreter runs it. */
static jb_gen_codec jbt_codecs[4096]; /* the table attached: thunks at the roots */
static const jb_gen_codec *jbt_orig;  /* the unit's own table */
static atomic_ulong jbt_stray;

static const jb_gen_codec *jbt_original(void) {
    const jb_gen_codec *c = jbt_tl.codec;
    uintptr_t at = (uintptr_t)c, lo = (uintptr_t)jbt_codecs;
    if (!c || at < lo || at >= lo + sizeof jbt_codecs) {
        atomic_fetch_add(&jbt_stray, 1);
        return NULL;
    }
    jbt_tl.entered++;
    return &jbt_orig[(at - lo) / sizeof *c];
}
static const char *jbt_dthunk(jb_gen_dec *d, const char *p, char *out) {
    const jb_gen_codec *c = jbt_original();
    const char *q = c ? c->decode(d, p, out) : NULL;
    if (q) jbt_tl.served++;
    return q;
}
static char *jbt_ethunk(jb_gen_enc *e, char *p, const char *v) {
    const jb_gen_codec *c = jbt_original();
    char *q = c ? c->encode(e, p, v) : NULL;
    if (q) jbt_tl.served++;
    return q;
}

static int jbt_wrap_unit(jb_gen_unit *u) {
    if (u->ncodecs > sizeof jbt_codecs / sizeof jbt_codecs[0]) return 0;
    for (size_t i = 0; i < u->ncodecs; i++) {
        jbt_codecs[i] = u->codecs[i];
        if (!jbt_codecs[i].attach) continue;
        jbt_codecs[i].decode = jbt_dthunk;
        jbt_codecs[i].encode = jbt_ethunk;
    }
    jbt_orig = u->codecs;
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
 * not specialize, a sink other than a jb_buf, an arena with a cap, a
 * nesting deeper than the stack affords generated code). Below
 * JB_BOTH_MIN_CALLS such calls a share says nothing: test_limits encodes
 * one 600-deep list, which generated code serves where the stack's bounds
 * are known (glibc) and hands over where they are not (musl: 128 levels). */
#ifndef JB_BOTH_MIN_CALLS
#define JB_BOTH_MIN_CALLS 10
#endif
static int jbt_floor(jbt_counts *n) {
    unsigned long active = atomic_load(&n->active), served = atomic_load(&n->served);
    if (active < JB_BOTH_MIN_CALLS) return 1;
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
    CHECKF(jbt_wrap_unit(u), "the generated file has more than %zu codecs",
           sizeof jbt_codecs / sizeof jbt_codecs[0]);
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
    CHECKF(atomic_load(&jbt_stray) == 0, "generated code ran %lu times outside a recorded call",
           atomic_load(&jbt_stray));
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
