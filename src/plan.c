/*
 * plan.c — compile a descriptor into its plan once, on first use, and
 * publish it with an atomic compare-and-swap into the descriptor's cache
 * slot. Threads that race on first use each build a plan; one wins, the
 * others free theirs and use the winner's. After that a lookup is a single
 * acquire load (jb__plan_get in plan.h).
 *
 * Plans live for the life of the process (descriptors are static), so they
 * are allocated with malloc and never freed.
 */
#include "plan.h"

#include <stdlib.h>

#include "error.h"
#include "write.h"

/* Word-at-a-time multiplicative hash: cheap for short keys, no per-byte
 * loop for long ones. Quality only needs to spread names over a table at
 * most half full. */
uint32_t jb__hash_bytes(const char *s, size_t n) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ (n * 0xff51afd7ed558ccdull);
    while (n >= 8) {
        h = (h ^ jb__load64(s)) * 0xbf58476d1ce4e5b9ull;
        h ^= h >> 31;
        s += 8;
        n -= 8;
    }
    if (n) {
        uint64_t w = 0;
        memcpy(&w, s, n);
        h = (h ^ w) * 0x94d049bb133111ebull;
        h ^= h >> 29;
    }
    h *= 0xbf58476d1ce4e5b9ull;
    return (uint32_t)(h >> 32);
}

static uint32_t hash_u64(uint64_t v) {
    v ^= v >> 33;
    v *= 0xff51afd7ed558ccdull;
    v ^= v >> 33;
    return (uint32_t)v;
}

long jb__names_find(const jb_plan *pl, const char *s, size_t n) {
    if (!pl->names.slots) return -1;
    uint32_t i = jb__hash_bytes(s, n) & pl->names.mask;
    for (;;) {
        uint32_t e = pl->names.slots[i];
        if (e == 0) return -1;
        const jb_pentry *pe = &pl->e[e - 1];
        if (pe->name_len == n && memcmp(pe->name, s, n) == 0) return (long)(e - 1);
        i = (i + 1) & pl->names.mask;
    }
}

long jb__values_find(const jb_plan *pl, uint64_t v) {
    if (!pl->values.slots) return -1;
    uint32_t i = hash_u64(v) & pl->values.mask;
    for (;;) {
        uint32_t e = pl->values.slots[i];
        if (e == 0) return -1;
        if (pl->values.keys[i] == v) return (long)(e - 1);
        i = (i + 1) & pl->values.mask;
    }
}

static uint32_t table_size(size_t n) {
    uint32_t sz = 8;
    while (sz < 2 * n) sz <<= 1;
    return sz;
}

static void plan_free(jb_plan *pl) {
    if (!pl) return;
    if (pl->e) {
        for (size_t i = 0; i < pl->n; i++) free((void *)pl->e[i].key);
    }
    free(pl->e);
    free(pl->names.slots);
    free(pl->values.keys);
    free(pl->values.slots);
    free(pl->required);
    free((void *)pl->tag_key);
    free((void *)pl->content_key);
    free(pl);
}

/* prefix + escaped name + suffix, malloc'd. */
static char *escape_key(const char *prefix, const char *name, size_t n, const char *suffix,
                        size_t *out_len) {
    size_t pl = strlen(prefix), sl = strlen(suffix), cap;
    if (!jb__mul_ok(n, 6, &cap) || !jb__add_ok(cap, pl + sl + 1, &cap)) return NULL;
    char *k = malloc(cap);
    if (!k) return NULL;
    memcpy(k, prefix, pl);
    size_t m = jb__escape_into(k + pl, name, n, 0);
    if (m == (size_t)-1) {
        free(k);
        return NULL;
    }
    memcpy(k + pl + m, suffix, sl);
    k[pl + m + sl] = 0;
    *out_len = pl + m + sl;
    return k;
}

typedef struct build {
    const jb_type *t;
    jb_plan *pl;
    jb_status code;
    char *msg;
    size_t cap;
} build;

static bool fail(build *b, jb_status code, const char *what, const char *name) {
    b->code = code;
    if (code == JB_E_NOMEM)
        jb__msgf(b->msg, b->cap, "type %s: out of memory compiling its plan", b->t->name);
    else
        jb__msgf(b->msg, b->cap, "type %s: %s '%s'", b->t->name, what, name ? name : "");
    return false;
}

/* Insert entry i by name; fails on a duplicate name. */
static bool names_add(build *b, size_t i) {
    jb_plan *pl = b->pl;
    const jb_pentry *pe = &pl->e[i];
    uint32_t h = jb__hash_bytes(pe->name, pe->name_len) & pl->names.mask;
    while (pl->names.slots[h]) {
        const jb_pentry *o = &pl->e[pl->names.slots[h] - 1];
        if (o->name_len == pe->name_len && memcmp(o->name, pe->name, pe->name_len) == 0)
            return fail(b, JB_E_DESCRIPTOR, "duplicate JSON name", pe->name);
        h = (h + 1) & pl->names.mask;
    }
    pl->names.slots[h] = (uint32_t)i + 1;
    return true;
}

/* Insert entry i by value; fails on a duplicate value. */
static bool values_add(build *b, size_t i) {
    jb_plan *pl = b->pl;
    uint64_t v = pl->e[i].value;
    uint32_t h = hash_u64(v) & pl->values.mask;
    while (pl->values.slots[h]) {
        if (pl->values.keys[h] == v)
            return fail(b, JB_E_DESCRIPTOR, "two cases have the same C value; second is",
                        pl->e[i].name);
        h = (h + 1) & pl->values.mask;
    }
    pl->values.slots[h] = (uint32_t)i + 1;
    pl->values.keys[h] = v;
    return true;
}

static bool alloc_tables(build *b, bool names, bool values) {
    jb_plan *pl = b->pl;
    uint32_t sz = table_size(pl->n);
    if (names) {
        pl->names.slots = calloc(sz, sizeof(uint32_t));
        pl->names.mask = sz - 1;
        if (!pl->names.slots) return fail(b, JB_E_NOMEM, "", NULL);
    }
    if (values) {
        pl->values.slots = calloc(sz, sizeof(uint32_t));
        pl->values.keys = calloc(sz, sizeof(uint64_t));
        pl->values.mask = sz - 1;
        if (!pl->values.slots || !pl->values.keys) return fail(b, JB_E_NOMEM, "", NULL);
    }
    return true;
}

static bool set_name(build *b, jb_pentry *pe, const char *name, const char *prefix,
                     const char *suffix) {
    pe->name = name;
    pe->name_len = strlen(name);
    pe->key = escape_key(prefix, name, pe->name_len, suffix, &pe->key_len);
    /* escape_key fails on memory or on a name that is not UTF-8 */
    if (!pe->key) return fail(b, JB_E_DESCRIPTOR, "name is not valid UTF-8 (or out of memory)", name);
    return true;
}

static bool build_record(build *b) {
    const jb_type *t = b->t;
    jb_plan *pl = b->pl;
    size_t n = 0;
    while (t->fields[n].name) n++;
    pl->n = n;
    pl->e = calloc(n ? n : 1, sizeof(jb_pentry));
    pl->mask_words = (n + 63) / 64;
    pl->required = calloc(pl->mask_words ? pl->mask_words : 1, sizeof(uint64_t));
    if (!pl->e || !pl->required) return fail(b, JB_E_NOMEM, "", NULL);
    bool record = t->kind == JB_KIND_RECORD;
    if (record && !alloc_tables(b, true, false)) return false;
    for (size_t i = 0; i < n; i++) {
        const jb_field *f = &t->fields[i];
        jb_pentry *pe = &pl->e[i];
        if (!set_name(b, pe, f->name, "\"", "\":")) return false;
        pe->type = f->type;
        pe->offset = f->offset;
        pe->flag_offset = f->flag_offset;
        pe->presence = f->presence;
        pe->fflags = f->flags;
        pe->optional = f->presence == JB_PRESENCE_FLAG || f->type->kind == JB_KIND_PTR;
        pe->req_bit = UINT32_MAX;
        if (record) {
            if (!names_add(b, i)) return false;
            if (!pe->optional) {
                pl->required[i / 64] |= (uint64_t)1 << (i % 64);
                pl->nrequired++;
            }
        }
    }
    return true;
}

static bool build_enum(build *b) {
    const jb_type *t = b->t;
    jb_plan *pl = b->pl;
    size_t n = 0;
    while (t->cases[n].name) n++;
    pl->n = n;
    pl->width_mask = jb__width_mask(t->size);
    pl->e = calloc(n, sizeof(jb_pentry));
    if (!pl->e) return fail(b, JB_E_NOMEM, "", NULL);
    if (!alloc_tables(b, true, true)) return false;
    for (size_t i = 0; i < n; i++) {
        jb_pentry *pe = &pl->e[i];
        if (!set_name(b, pe, t->cases[i].name, "\"", "\"")) return false;
        pe->value = (uint64_t)t->cases[i].value & pl->width_mask;
        if (!names_add(b, i) || !values_add(b, i)) return false;
    }
    return true;
}

static bool build_sum(build *b) {
    const jb_type *t = b->t;
    jb_plan *pl = b->pl;
    size_t n = 0;
    while (t->sum_cases[n].name) n++;
    pl->n = n;
    pl->width_mask = jb__width_mask(t->tag_size);
    pl->e = calloc(n, sizeof(jb_pentry));
    if (!pl->e) return fail(b, JB_E_NOMEM, "", NULL);
    if (!alloc_tables(b, true, true)) return false;
    for (size_t i = 0; i < n; i++) {
        const jb_case *c = &t->sum_cases[i];
        jb_pentry *pe = &pl->e[i];
        if (!set_name(b, pe, c->name, "\"", "\"")) return false;
        pe->type = c->type;
        pe->offset = c->offset;
        pe->value = (uint64_t)c->tag & pl->width_mask;
        if (!names_add(b, i) || !values_add(b, i)) return false;
    }
    pl->tag_name = t->tag_name ? t->tag_name : "tag";
    pl->content_name = t->content_name ? t->content_name : "contents";
    pl->tag_name_len = strlen(pl->tag_name);
    pl->content_name_len = strlen(pl->content_name);
    pl->tag_key = escape_key("\"", pl->tag_name, pl->tag_name_len, "\":", &pl->tag_key_len);
    pl->content_key =
        escape_key("\"", pl->content_name, pl->content_name_len, "\":", &pl->content_key_len);
    if (!pl->tag_key || !pl->content_key) return fail(b, JB_E_DESCRIPTOR, "bad tag name", pl->tag_name);
    if (t->sum_style == JB_SUM_INTERNAL) {
        /* the tag key must not collide with a payload field */
        for (size_t i = 0; i < n; i++) {
            const jb_type *pt = pl->e[i].type;
            if (!pt) continue;
            for (const jb_field *f = pt->fields; f->name; f++)
                if (strcmp(f->name, pl->tag_name) == 0)
                    return fail(b, JB_E_DESCRIPTOR, "a payload field has the tag's name", f->name);
        }
    }
    return true;
}

const jb_plan *jb__plan_slow(const jb_type *t, jb_status *code, char *msg, size_t cap) {
    const jb_plan *have = jb__plan_get(t);
    if (have) return have;
    jb_status st = jb__type_validate(t, msg, cap);
    if (st != JB_OK) {
        *code = st;
        return NULL;
    }
    if (!t->cache) {
        *code = JB_E_DESCRIPTOR;
        jb__msgf(msg, cap, "type %s: no plan cache slot (build descriptors with the JB_* macros)",
                 t->name ? t->name : "(unnamed)");
        return NULL;
    }
    build b = {t, calloc(1, sizeof(jb_plan)), JB_OK, msg, cap};
    if (!b.pl) {
        *code = JB_E_NOMEM;
        jb__msgf(msg, cap, "out of memory compiling a plan");
        return NULL;
    }
    b.pl->type = t;
    bool ok = false;
    switch (t->kind) {
    case JB_KIND_RECORD:
    case JB_KIND_TUPLE: ok = build_record(&b); break;
    case JB_KIND_ENUM: ok = build_enum(&b); break;
    case JB_KIND_SUM: ok = build_sum(&b); break;
    default: ok = fail(&b, JB_E_DESCRIPTOR, "kind has no plan", t->name); break;
    }
    if (!ok) {
        *code = b.code;
        plan_free(b.pl);
        return NULL;
    }
    void *expected = NULL;
#if defined(__GNUC__)
    if (!__atomic_compare_exchange_n(&t->cache->plan, &expected, b.pl, false, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
        plan_free(b.pl); /* another thread won the race: use its plan */
        return (const jb_plan *)expected;
    }
#else
#error "jbind needs GCC/Clang atomics"
#endif
    return b.pl;
}
