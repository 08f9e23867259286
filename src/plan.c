/* SPDX-License-Identifier: MIT */
/*
 * plan.c — compile a descriptor into its plan once, on first use, and
 * publish it with an atomic compare-and-swap into the descriptor's cache
 * slot. Threads that race on first use each build a plan; one wins, the
 * others free theirs and use the winner's. After that a lookup is a single
 * acquire load (jb__plan_get in plan.h).
 *
 * Plans live for the life of the process (descriptors are static), so they
 * are allocated with malloc and never freed. jb_type_check (the public
 * "compile it now") lives here too.
 */
#include "plan.h"

#include <stdlib.h>

#include "error.h"
#include "num.h"
#include "write.h"

/* Word-at-a-time multiplicative hash: cheap for short keys, no per-byte
 * loop for long ones. Quality only needs to spread names over a table at
 * most half full. */
uint32_t jb__hash_bytes(const char *s, size_t n) { return jb__hash_seeded(s, n, 0); }

/* Names in plans come from descriptors; keys hashed during a decode come
 * from the input, so those tables use a secret seed (hash flooding). */
uint32_t jb__hash_seeded(const char *s, size_t n, uint64_t seed) {
    uint64_t h = 0x9E3779B97F4A7C15ull ^ seed ^ (n * 0xff51afd7ed558ccdull);
    h = (h ^ (h >> 29)) * 0xbf58476d1ce4e5b9ull; /* spread the seed before mixing words in */
    while (n >= 8) {
        h = (h ^ jb__load64_le(s)) * 0xbf58476d1ce4e5b9ull; /* the same on every host */
        h ^= h >> 31;
        s += 8;
        n -= 8;
    }
    if (n) {
        uint64_t w = jb__load_tail_le(s, n);
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
    if (!((pl->names.filter >> jb__names_bit(s, n)) & 1)) return -1; /* also: no table */
    uint32_t i = jb__hash_bytes(s, n) & pl->names.mask;
    for (;;) {
        uint32_t e = pl->names.slots[i];
        if (e == 0) return -1;
        const jb_pname *k = &pl->names.keys[e - 1];
        if (k->len == n && jb__bytes_eq(k->name, s, n)) return (long)k->entry;
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
        for (size_t i = 0; i < pl->n; i++) {
            free(jb__unconst(pl->e[i].key));
            if (pl->e[i].owns_name) free(jb__unconst(pl->e[i].name));
            free(pl->e[i].other_name);
        }
    }
    free(pl->e);
    free(pl->names.slots);
    free(pl->names.keys);
    free(pl->values.keys);
    free(pl->values.slots);
    free(pl->required);
    free(jb__unconst(pl->tag_key));
    free(jb__unconst(pl->content_key));
    free(pl->ckeys);
    free(pl);
}

/* prefix + escaped name + suffix, malloc'd. */
static char *escape_key(const char *prefix, const char *name, size_t n, const char *suffix,
                        size_t *out_len) {
    size_t pl = strlen(prefix), sl = strlen(suffix), cap;
    /* JB_KEY_PAD zero bytes past the text: encoders move a short key as
     * one fixed-size copy (codegen_rt.c put_key) */
    if (!jb__mul_ok(n, 6, &cap) || !jb__add_ok(cap, pl + sl + 1 + JB_KEY_PAD, &cap)) return NULL;
    char *k = calloc(1, cap);
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

/* Insert a name (or alias) selecting entry i; fails on a duplicate. */
static bool name_add(build *b, const char *name, size_t len, size_t i) {
    jb_plan *pl = b->pl;
    uint32_t h = jb__hash_bytes(name, len) & pl->names.mask;
    while (pl->names.slots[h]) {
        const jb_pname *o = &pl->names.keys[pl->names.slots[h] - 1];
        if (o->len == len && memcmp(o->name, name, len) == 0)
            return fail(b, JB_E_DESCRIPTOR, "duplicate JSON name", name);
        h = (h + 1) & pl->names.mask;
    }
    jb_pname *k = &pl->names.keys[pl->names.nkeys];
    k->name = name;
    k->len = len;
    k->entry = (uint32_t)i;
    pl->names.slots[h] = (uint32_t)++pl->names.nkeys;
    pl->names.filter |= (uint64_t)1 << jb__names_bit(name, len);
    return true;
}

static bool names_add(build *b, size_t i) {
    return name_add(b, b->pl->e[i].name, b->pl->e[i].name_len, i);
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

/* nnames: names + aliases the table will hold. */
static bool alloc_tables(build *b, bool names, bool values, size_t nnames) {
    jb_plan *pl = b->pl;
    uint32_t sz = table_size(pl->n);
    if (names) {
        uint32_t nsz = table_size(nnames);
        pl->names.slots = calloc(nsz, sizeof(uint32_t));
        pl->names.keys = calloc(nnames ? nnames : 1, sizeof(jb_pname));
        pl->names.mask = nsz - 1;
        if (!pl->names.slots || !pl->names.keys) return fail(b, JB_E_NOMEM, "", NULL);
    }
    if (values) {
        pl->values.slots = calloc(sz, sizeof(uint32_t));
        pl->values.keys = calloc(sz, sizeof(uint64_t));
        pl->values.mask = sz - 1;
        if (!pl->values.slots || !pl->values.keys) return fail(b, JB_E_NOMEM, "", NULL);
    }
    return true;
}

/* ------------------------------------------------------------------ */
/* Rename policies                                                     */
/* ------------------------------------------------------------------ */

static bool is_up(char c) { return c >= 'A' && c <= 'Z'; }
static bool is_lo(char c) { return c >= 'a' && c <= 'z'; }
static bool is_dig(char c) { return c >= '0' && c <= '9'; }
static char to_lo(char c) { return is_up(c) ? (char)(c - 'A' + 'a') : c; }
static char to_up(char c) { return is_lo(c) ? (char)(c - 'a' + 'A') : c; }

/*
 * Does a new word start at s[i]? Separators are handled by the caller.
 * lower|digit -> Upper ("userId", "a1B2"), and the last capital of an
 * acronym before a lowercase letter ("HTTPServer" -> HTTP + Server).
 * Digits do not start words ("field01" stays one word).
 */
static bool word_start(const char *s, size_t i, size_t n) {
    char p = s[i - 1], c = s[i];
    if (is_up(c) && (is_lo(p) || is_dig(p))) return true;
    if (is_up(c) && is_up(p) && i + 1 < n && is_lo(s[i + 1])) return true;
    return false;
}

/* Apply policy r to name; malloc'd NUL-terminated result. */
static char *rename_name(jb_rename r, const char *s) {
    size_t n = strlen(s);
    char *out = malloc(2 * n + 1);
    if (!out) return NULL;
    size_t o = 0, word = 0;
    bool in_word = false;
    if (r == JB_RENAME_SNAKE_SERDE) { /* serde's variant rule: no word splitting */
        for (size_t i = 0; i < n; i++) {
            if (i > 0 && is_up(s[i])) out[o++] = '_';
            out[o++] = to_lo(s[i]);
        }
        out[o] = 0;
        return out;
    }
    if (r == JB_RENAME_LOWER || r == JB_RENAME_UPPER) { /* case only, as serde's "lowercase" */
        for (size_t i = 0; i < n; i++) out[i] = r == JB_RENAME_LOWER ? to_lo(s[i]) : to_up(s[i]);
        out[n] = 0;
        return out;
    }
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '_' || c == '-' || c == ' ') {
            in_word = false;
            continue;
        }
        bool starts = !in_word || (i > 0 && word_start(s, i, n));
        if (starts) {
            if (word > 0) {
                if (r == JB_RENAME_SNAKE || r == JB_RENAME_SCREAMING_SNAKE) out[o++] = '_';
                else if (r == JB_RENAME_KEBAB) out[o++] = '-';
            }
            word++;
        }
        in_word = true;
        switch (r) {
        case JB_RENAME_SCREAMING_SNAKE:
        case JB_RENAME_UPPER: c = to_up(c); break;
        case JB_RENAME_CAMEL: c = (starts && word > 1) ? to_up(c) : to_lo(c); break;
        case JB_RENAME_PASCAL: c = starts ? to_up(c) : to_lo(c); break;
        default: c = to_lo(c); break;
        }
        out[o++] = c;
    }
    out[o] = 0;
    return out;
}

/* ------------------------------------------------------------------ */
/* Entries                                                             */
/* ------------------------------------------------------------------ */

/* Name entry pe `name` (renamed by policy r unless explicit) and make its
 * pre-escaped key prefix+name+suffix. */
static bool set_name(build *b, jb_pentry *pe, const char *name, jb_rename r, const char *prefix,
                     const char *suffix) {
    if (r == JB_RENAME_SNAKE_SERDE) { /* decoding also takes the word-split spelling */
        pe->other_name = rename_name(JB_RENAME_SNAKE, name);
        if (!pe->other_name) return fail(b, JB_E_NOMEM, "", NULL);
    }

    if (r != JB_RENAME_NONE) {
        char *renamed = rename_name(r, name);
        if (!renamed) return fail(b, JB_E_NOMEM, "", NULL);
        name = renamed;
        pe->owns_name = 1;
    }
    pe->name = name;
    pe->name_len = strlen(name);
    if (pe->other_name && strcmp(pe->other_name, name) == 0) { /* one spelling: "plain" */
        free(pe->other_name);
        pe->other_name = NULL;
    }
    pe->key = escape_key(prefix, name, pe->name_len, suffix, &pe->key_len);
    /* escape_key fails on memory or on a name that is not UTF-8 */
    if (!pe->key) return fail(b, JB_E_DESCRIPTOR, "name is not valid UTF-8 (or out of memory)", name);
    return true;
}

static const jb_format no_format = {0};

static const jb_format *fmt_of(const jb_type *t) { return t->format ? t->format : &no_format; }

/* Count a record's entries with flattened members expanded, and its aliases. */
static bool count_fields(build *b, const jb_type *t, size_t *n, size_t *nalias, int depth) {
    if (depth > 16) return fail(b, JB_E_DESCRIPTOR, "flattening nests too deep (a cycle?) at", t->name);
    for (const jb_field *f = t->fields; f->cname; f++) {
        if (f->flags & JB_FIELD_CAPTURE) continue;
        if (f->flags & JB_FIELD_FLATTEN) {
            if (f->type->kind != JB_KIND_RECORD)
                return fail(b, JB_E_DESCRIPTOR, "JB_FLATTEN needs a record member:", f->cname);
            if (!count_fields(b, f->type, n, nalias, depth + 1)) return false;
            continue;
        }
        (*n)++;
        for (const char *const *a = f->aliases; a && *a; a++) (*nalias)++;
    }
    return true;
}

/* How an absent optional field of a record with format flags ff is
 * written: the field's own bits, then the type's or format's. */
static uint8_t absent_rule(const jb_field *f, uint32_t ff) {
    if (f->flags & JB_FIELD_OMIT_ABSENT) return JB_ABSENT_NEVER;
    if ((f->flags & JB_FIELD_NULL_WHEN_ABSENT) || (ff & JB_FMT_ABSENT_NULL)) return JB_ABSENT_NULL;
    return JB_ABSENT_OMIT;
}

/* Fill entries from t's fields at byte offset base (flattened members
 * recurse with their own rename policy). */
static bool aliases_add(build *b, const char *const *a, size_t i);

static bool add_fields(build *b, const jb_type *t, size_t base, size_t *i, int depth) {
    jb_plan *pl = b->pl;
    const jb_format *fmt = fmt_of(t);
    jb_rename rn = t->rename ? t->rename : fmt->rename_fields;
    if (rn == JB_RENAME_SNAKE_SERDE) rn = JB_RENAME_NONE; /* serde's snake_case keeps field names */
    bool record = pl->type->kind == JB_KIND_RECORD;
    for (const jb_field *f = t->fields; f->cname; f++) {
        if (f->flags & JB_FIELD_CAPTURE) {
            if (f->type != &jb_raw_members_type || pl->has_capture)
                return fail(b, JB_E_DESCRIPTOR, "JB_UNKNOWN_FIELDS needs one jb_raw_members member:", f->cname);
            pl->has_capture = true;
            pl->capture_offset = base + f->offset;
            continue;
        }
        if (f->flags & JB_FIELD_FLATTEN) {
            char m[JB_ERROR_MESSAGE_MAX];
            if (jb__type_validate(f->type, m, sizeof m)) return fail(b, JB_E_DESCRIPTOR, m, "");
            if (!add_fields(b, f->type, base + f->offset, i, depth + 1)) return false;
            continue;
        }
        jb_pentry *pe = &pl->e[*i];
        /* an explicit JSON name is written as given; the member's is renamed */
        if (!set_name(b, pe, f->name ? f->name : f->cname, f->name ? JB_RENAME_NONE : rn, "\"", "\":"))
            return false;
        pe->type = f->type;
        pe->offset = base + f->offset;
        pe->flag_offset = base + f->flag_offset;
        pe->presence = f->presence;
        pe->default_json = f->default_json;
        pe->optional = f->presence == JB_PRESENCE_FLAG ||
                       (f->type->kind == JB_KIND_PTR && !jb__ptr_is_box(f->type));
        pe->absent = absent_rule(f, pl->fmt_flags);
        if (record) {
            if (!names_add(b, *i)) return false;
            if (!aliases_add(b, f->aliases, *i)) return false;
            if (f->default_json) pl->ndefaults++;
            if (!pe->optional && !f->default_json) {
                pl->required[*i / 64] |= (uint64_t)1 << (*i % 64);
                pl->nrequired++;
            }
        }
        (*i)++;
    }
    return true;
}

/* The encoder's opcode for a field of type t, and the most bytes its
 * value takes (0: not fixed). Integers written as strings are not fixed
 * (JB_EOP_ANY): their leaf path knows the quotes. */
static uint8_t enc_op_of(const jb_type *t, uint8_t *max) {
    *max = 0;
    if (t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_U64 && jb__int_as_string(t, 0)) return JB_EOP_ANY;
    switch (t->kind) {
    case JB_KIND_BOOL: *max = 5; return JB_EOP_BOOL;
    case JB_KIND_I8: *max = 4; return JB_EOP_I8;
    case JB_KIND_I16: *max = 6; return JB_EOP_I16;
    case JB_KIND_I32: *max = 11; return JB_EOP_I32;
    case JB_KIND_I64: *max = 20; return JB_EOP_I64;
    case JB_KIND_U8: *max = 3; return JB_EOP_U8;
    case JB_KIND_U16: *max = 5; return JB_EOP_U16;
    case JB_KIND_U32: *max = 10; return JB_EOP_U32;
    case JB_KIND_U64: *max = 20; return JB_EOP_U64;
    case JB_KIND_F32: *max = JB_FMT_F64_MAX; return JB_EOP_F32;
    case JB_KIND_F64: *max = JB_FMT_F64_MAX; return JB_EOP_F64;
    case JB_KIND_STR: return JB_EOP_STR;
    default: return JB_EOP_ANY;
    }
}

/* A leaf for the encoder (no frame): what jb__enc_is_leaf says. */
static bool enc_leaf_kind(const jb_type *t) { return t->kind < JB_KIND_RECORD || t->kind > JB_KIND_PTR; }

/*
 * The encode side of a record's plan: each field's opcode, the ,"name":
 * runs, and whether the record can be written without a frame. A key
 * longer than a stream sink's reservation leaves enc_fast off (the
 * general path writes it in chunks).
 */
static bool enc_ops(build *b) {
    jb_plan *pl = b->pl;
    size_t total = JB_CKEY_PAD;
    bool fast = true, flat = !pl->unwrap && !pl->scoped && !pl->has_capture;
    for (size_t i = 0; i < pl->n; i++) {
        jb_pentry *pe = &pl->e[i];
        const jb_type *t = pe->type;
        pe->enc_op = enc_op_of(t, &pe->enc_max);
        if (pe->key_len + 1 + JB_CKEY_PAD + JB_FMT_F64_MAX + 8 > JB_W_RESERVE_MAX) fast = false;
        total += pe->key_len + 1;
        if (!enc_leaf_kind(t) &&
            !((t->kind == JB_KIND_ARRAY || t->kind == JB_KIND_VEC) && enc_leaf_kind(t->elem)))
            flat = false;
        if (t->kind == JB_KIND_CUSTOM || t->kind == JB_KIND_ANY) flat = false; /* may nest walks */
    }
    if (!fast || total > UINT32_MAX) return true;
    char *ck = calloc(1, total), *o = ck;
    if (!ck) return fail(b, JB_E_NOMEM, "", NULL);
    for (size_t i = 0; i < pl->n; i++) {
        jb_pentry *pe = &pl->e[i];
        pe->ckey_off = (uint32_t)(o - ck);
        *o++ = ',';
        memcpy(o, pe->key, pe->key_len);
        o += pe->key_len;
    }
    pl->ckeys = ck;
    pl->enc_fast = true;
    pl->enc_flat = flat;
    return true;
}

/* The decoder's opcode for a field of type t (plan.h, JB_DOP_*). */
static uint8_t dec_op_of(const jb_type *t) {
    switch (t->kind) {
    case JB_KIND_BOOL: return JB_DOP_BOOL;
    case JB_KIND_I8: case JB_KIND_I16: case JB_KIND_I32: case JB_KIND_I64:
    case JB_KIND_U8: case JB_KIND_U16: case JB_KIND_U32: case JB_KIND_U64:
        return JB_DOP_INT;
    case JB_KIND_F64: return JB_DOP_F64;
    case JB_KIND_STR: return JB_DOP_STR;
    case JB_KIND_VEC: return t->elem && jb__kind_flat(t->elem->kind) ? JB_DOP_FLAT_VEC : JB_DOP_GENERAL;
    case JB_KIND_ARRAY: return t->elem && jb__kind_flat(t->elem->kind) ? JB_DOP_FLAT_ARRAY : JB_DOP_GENERAL;
    default: return jb__kind_flat(t->kind) ? JB_DOP_FLAT : JB_DOP_GENERAL;
    }
}

/* The decode side of a record's plan: each field's opcode and what the
 * member loop does around its value (record_member's tests, resolved). */
static void dec_ops(jb_plan *pl) {
    for (size_t i = 0; i < pl->n; i++) {
        jb_pentry *pe = &pl->e[i];
        bool three = pe->presence == JB_PRESENCE_FLAG && pe->type->kind == JB_KIND_PTR;
        pe->dec_op = dec_op_of(pe->type);
        pe->dec_opt = (uint8_t)((pe->optional && !three ? JB_DOPT_NULL_ABSENT : 0u) |
                                (pe->presence == JB_PRESENCE_FLAG ? JB_DOPT_FLAG : 0u));
    }
}

static bool build_record(build *b) {
    const jb_type *t = b->t;
    jb_plan *pl = b->pl;
    size_t n = 0, nalias = 0, i = 0;
    if (!count_fields(b, t, &n, &nalias, 0)) return false;
    pl->n = n;
    pl->e = calloc(n ? n : 1, sizeof(jb_pentry));
    pl->mask_words = (n + 63) / 64;
    pl->required = calloc(pl->mask_words ? pl->mask_words : 1, sizeof(uint64_t));
    if (!pl->e || !pl->required) return fail(b, JB_E_NOMEM, "", NULL);
    bool record = t->kind == JB_KIND_RECORD;
    if (record && !alloc_tables(b, true, false, n + nalias)) return false;
    if (!add_fields(b, t, 0, &i, 0)) return false;
    pl->unwrap = record && (pl->fmt_flags & JB_FMT_UNWRAP_UNARY) && n == 1;
    pl->leaf_fields = record && n <= 64;
    for (i = 0; i < n && pl->leaf_fields; i++) pl->leaf_fields = jb__type_leafy(pl->e[i].type);
    if (record) dec_ops(pl);
    return !record || enc_ops(b);
}

static size_t count_list(const char *const *a) {
    size_t n = 0;
    while (a && a[n]) n++;
    return n;
}

static size_t count_aliases_e(const jb_enum_case *c, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += count_list(c[i].aliases);
    return k;
}

static size_t count_aliases_s(const jb_case *c, size_t n) {
    size_t k = 0;
    for (size_t i = 0; i < n; i++) k += count_list(c[i].aliases);
    return k;
}

static bool aliases_add(build *b, const char *const *a, size_t i) {
    for (; a && *a; a++)
        if (!name_add(b, *a, strlen(*a), i)) return false;
    return true;
}

/* After every name and alias is in: each case's other spelling
 * (JB_RENAME_SNAKE_SERDE), where no name has it yet. */
static bool other_names_add(build *b) {
    jb_plan *pl = b->pl;
    for (size_t i = 0; i < pl->n; i++) {
        const char *o = pl->e[i].other_name;
        if (o && jb__names_find(pl, o, strlen(o)) < 0 && !name_add(b, o, strlen(o), i)) return false;
    }
    return true;
}

/* Room in the name table for the other spellings of n cases. */
static size_t other_names(jb_rename r, size_t n) { return r == JB_RENAME_SNAKE_SERDE ? n : 0; }

static bool build_enum(build *b) {
    const jb_type *t = b->t;
    jb_plan *pl = b->pl;
    size_t n = 0;
    while (t->cases[n].name) n++;
    pl->n = n;
    pl->width_mask = jb__width_mask(t->size);
    pl->all_nullary = true;
    pl->e = calloc(n ? n : 1, sizeof(jb_pentry));
    if (!pl->e) return fail(b, JB_E_NOMEM, "", NULL);
    jb_rename rn = t->rename ? t->rename : fmt_of(t)->rename_cases;
    if (!alloc_tables(b, true, true, n + count_aliases_e(t->cases, n) + other_names(rn, n))) return false;
    for (size_t i = 0; i < n; i++) {
        jb_pentry *pe = &pl->e[i];
        if (!set_name(b, pe, t->cases[i].name, rn, "\"", "\"")) return false;
        pe->value = (uint64_t)t->cases[i].value & pl->width_mask;
        if (!names_add(b, i) || !values_add(b, i) || !aliases_add(b, t->cases[i].aliases, i))
            return false;
    }
    return other_names_add(b);
}

static bool build_sum(build *b) {
    const jb_type *t = b->t;
    jb_plan *pl = b->pl;
    const jb_format *fmt = fmt_of(t);
    size_t n = 0;
    while (t->sum_cases[n].name) n++;
    pl->n = n;
    pl->width_mask = jb__width_mask(t->tag_size);
    pl->e = calloc(n ? n : 1, sizeof(jb_pentry));
    if (!pl->e) return fail(b, JB_E_NOMEM, "", NULL);
    jb_rename rn = t->rename ? t->rename : fmt->rename_cases;
    if (!alloc_tables(b, true, true, n + count_aliases_s(t->sum_cases, n) + other_names(rn, n))) return false;
    pl->all_nullary = true;
    for (size_t i = 0; i < n; i++) {
        const jb_case *c = &t->sum_cases[i];
        jb_pentry *pe = &pl->e[i];
        if (!set_name(b, pe, c->name, rn, "\"", "\"")) return false;
        pe->type = c->type;
        pe->offset = c->offset;
        pe->value = (uint64_t)c->tag & pl->width_mask;
        if (c->type) pl->all_nullary = false;
        if (!names_add(b, i) || !values_add(b, i) || !aliases_add(b, c->aliases, i)) return false;
    }
    if (!other_names_add(b)) return false;
    pl->tag_name = t->tag_name ? t->tag_name : fmt->tag_name ? fmt->tag_name : "tag";
    pl->content_name = t->content_name ? t->content_name
                       : fmt->content_name ? fmt->content_name : "contents";
    pl->tag_name_len = strlen(pl->tag_name);
    pl->content_name_len = strlen(pl->content_name);
    pl->tag_key = escape_key("\"", pl->tag_name, pl->tag_name_len, "\":", &pl->tag_key_len);
    pl->content_key =
        escape_key("\"", pl->content_name, pl->content_name_len, "\":", &pl->content_key_len);
    if (!pl->tag_key || !pl->content_key) return fail(b, JB_E_DESCRIPTOR, "bad tag name", pl->tag_name);
    if (pl->sum_style == JB_SUM_INTERNAL) {
        /* the tag key must not collide with a record payload's field */
        for (size_t i = 0; i < n; i++) {
            const jb_type *pt = pl->e[i].type;
            if (!pt || pt->kind != JB_KIND_RECORD) continue;
            for (const jb_field *f = pt->fields; f->cname; f++)
                if (strcmp(f->name ? f->name : f->cname, pl->tag_name) == 0)
                    return fail(b, JB_E_DESCRIPTOR, "a payload field has the tag's name", f->cname);
        }
    }
    return true;
}

/* The representation options a type resolves to: its own, else its format's. */
static void resolve_options(jb_plan *pl, const jb_type *t) {
    const jb_format *fmt = fmt_of(t);
    pl->sum_style = t->sum_style ? t->sum_style : fmt->sum_style ? fmt->sum_style : JB_SUM_EXTERNAL;
    pl->fmt_flags = fmt->flags | t->fmt_flags;
    pl->float_style = t->float_style ? t->float_style : fmt->float_style;
    pl->key_mode = t->key_mode ? t->key_mode : fmt->key_mode;
    pl->deny_unknown = (pl->fmt_flags & JB_FMT_DENY_UNKNOWN) != 0;
    /* What entering the type does to the scope (plan.h): each setting it
     * makes replaces the enclosing one; each switch it turns on is added. */
    static const struct { uint32_t fmt, bit; } inherited[] = JB__SCOPE_INHERITED;
    uint32_t keep = ~0u, set = 0;
    if (pl->key_mode != JB_KEYS_AUTO) {
        keep &= ~JB__SCOPE_KEY_MASK;
        set |= ((uint32_t)pl->key_mode << JB__SCOPE_KEY_SHIFT) & JB__SCOPE_KEY_MASK;
    }
    if (pl->fmt_flags & JB_FMT_INT64_STRING) {
        keep &= ~JB__SCOPE_INT64_MASK;
        set |= (pl->fmt_flags & JB_FMT_INT64_SIGNED ? 2u : 1u) << JB__SCOPE_INT64_SHIFT;
    }
    if (pl->float_style != JB_FLOAT_INHERIT) {
        keep &= ~JB__SCOPE_FLOAT_MASK;
        set |= ((uint32_t)pl->float_style << JB__SCOPE_FLOAT_SHIFT) & JB__SCOPE_FLOAT_MASK;
    }
    for (size_t i = 0; i < sizeof inherited / sizeof inherited[0]; i++)
        if (pl->fmt_flags & inherited[i].fmt) set |= inherited[i].bit;
    pl->scope_keep = keep;
    pl->scope_set = set;
    pl->scoped = keep != ~0u || set != 0 || (pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS) || t->format != NULL;
}

/* Compile t's plan (not published). NULL on failure: *code and msg say why. */
static jb_plan *compile(const jb_type *t, jb_status *code, char *msg, size_t cap) {
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
    /* A descriptor at block scope dies with its block, and its cache slot
     * (a compound literal there) too: a plan published into it would
     * dangle, and be leaked at every call. */
    if (jb__on_stack(t) || jb__on_stack(t->cache)) {
        *code = JB_E_DESCRIPTOR;
        jb__msgf(msg, cap, "type %s: descriptor defined at block scope (its plan cache would not "
                 "outlive the block): define it static, at file scope", t->name ? t->name : "(unnamed)");
        return NULL;
    }
    build b = {t, calloc(1, sizeof(jb_plan)), JB_OK, msg, cap};
    if (!b.pl) {
        *code = JB_E_NOMEM;
        jb__msgf(msg, cap, "out of memory compiling a plan");
        return NULL;
    }
    b.pl->type = t;
    resolve_options(b.pl, t);
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
    return b.pl;
}

/* Publish pl in t's slot: the first plan stored wins a race between
 * threads compiling the same descriptor; a loser frees its own. */
static void publish(const jb_type *t, jb_plan *pl) {
    void *expected = NULL;
    if (!jb__atomic_cas_ptr(&t->cache->plan, &expected, pl)) plan_free(pl);
}

/* ------------------------------------------------------------------ */
/* The closure: every type a descriptor reaches                        */
/* ------------------------------------------------------------------ */

/*
 * A descriptor is checked whole before its first use: its plan and the
 * plans of every type it reaches are compiled, and published only when
 * all of them compiled, so that a mistake anywhere is reported before a
 * byte is read or written (not when the decoder first meets the type,
 * half-way through a document). The walk is an explicit stack; types
 * with a plan already published are whole already and end their branch,
 * so repeated calls with a plan-less root (a JB_VEC_OF) cost a few steps.
 * A chain of plan-less descriptors longer than PLANLESS_MAX is a cycle.
 */
#define CLOSURE_LOCAL 32
#define PLANLESS_MAX 64

typedef struct walk_item {
    const jb_type *t;
    uint32_t planless; /* plan-less descriptors passed since the last plan */
} walk_item;

typedef struct closure {
    walk_item *stack, local[CLOSURE_LOCAL];
    size_t n, cap;
    jb_plan **done; /* compiled, not yet published (their types: done[i]->type) */
    size_t ndone, capdone;
    jb_status code;
    char *msg;
    size_t msgcap;
} closure;

static bool grow_array(void **a, size_t *cap, size_t elem, bool local) {
    size_t ncap = *cap ? *cap * 2 : 16, bytes;
    void *na;
    if (!jb__mul_ok(ncap, elem, &bytes) || !(na = local ? malloc(bytes) : realloc(*a, bytes))) return false;
    if (local) memcpy(na, *a, *cap * elem);
    *a = na;
    *cap = ncap;
    return true;
}

static bool push(closure *c, const jb_type *t, uint32_t planless) {
    if (!t) return true; /* a NULL child is reported by its parent's validation */
    if (c->n == c->cap &&
        !grow_array((void **)&c->stack, &c->cap, sizeof(walk_item), c->stack == c->local)) {
        c->code = JB_E_NOMEM;
        jb__msgf(c->msg, c->msgcap, "out of memory checking a descriptor");
        return false;
    }
    c->stack[c->n++] = (walk_item){t, planless};
    return true;
}

/* Is t's plan compiled in this walk already? */
static bool compiled(const closure *c, const jb_type *t) {
    for (size_t i = 0; i < c->ndone; i++)
        if (c->done[i]->type == t) return true;
    return false;
}

/* Visit one descriptor: compile it (a plan kind) or validate it (a
 * plan-less one), and push what it holds. */
static bool visit(closure *c, walk_item it) {
    const jb_type *t = it.t;
    if (jb__kind_has_plan(t->kind)) {
        if (jb__plan_get(t) || compiled(c, t)) return true;
        jb_plan *pl = compile(t, &c->code, c->msg, c->msgcap);
        if (!pl) return false;
        if (c->ndone == c->capdone && !grow_array((void **)&c->done, &c->capdone, sizeof(jb_plan *), false)) {
            plan_free(pl);
            c->code = JB_E_NOMEM;
            jb__msgf(c->msg, c->msgcap, "out of memory checking a descriptor");
            return false;
        }
        c->done[c->ndone++] = pl;
        /* flattened members are in the entries: their types are pushed there */
        for (size_t i = 0; i < pl->n; i++)
            if (!push(c, pl->e[i].type, 0)) return false;
        return true;
    }
    if (it.planless > PLANLESS_MAX) {
        c->code = JB_E_DESCRIPTOR;
        jb__msgf(c->msg, c->msgcap, "type %s: more than %d plan-less descriptors in a chain (a cycle?)",
                 t->name ? t->name : "(unnamed)", PLANLESS_MAX);
        return false;
    }
    if ((c->code = jb__type_validate(t, c->msg, c->msgcap))) return false;
    switch (t->kind) {
    case JB_KIND_MAP: return push(c, t->key, it.planless + 1) && push(c, t->elem, it.planless + 1);
    case JB_KIND_VEC:
    case JB_KIND_PTR:
    case JB_KIND_ARRAY: return push(c, t->elem, it.planless + 1);
    default: return true;
    }
}

/* Check (and compile) t and everything it reaches; on success the plans
 * are published. */
static jb_status check_closure(const jb_type *t, char *msg, size_t cap) {
    closure c = {.stack = NULL, .cap = CLOSURE_LOCAL, .code = JB_OK, .msg = msg, .msgcap = cap};
    c.stack = c.local;
    bool ok = push(&c, t, 0);
    while (ok && c.n) ok = visit(&c, c.stack[--c.n]);
    for (size_t i = 0; i < c.ndone; i++) {
        if (ok) publish(c.done[i]->type, c.done[i]);
        else plan_free(c.done[i]);
    }
    free(c.done);
    if (c.stack != c.local) free(c.stack);
    return ok ? JB_OK : c.code;
}

const jb_plan *jb__plan_slow(const jb_type *t, jb_status *code, char *msg, size_t cap) {
    const jb_plan *have = jb__plan_get(t);
    if (have) return have;
    if (!jb__kind_has_plan(t->kind)) {
        *code = JB_E_DESCRIPTOR;
        jb__msgf(msg, cap, "type %s: kind has no plan", t->name ? t->name : "(unnamed)");
        return NULL;
    }
    jb_status st = check_closure(t, msg, cap);
    if (st) {
        *code = st;
        return NULL;
    }
    return jb__plan_get(t);
}

jb_status jb__root_check(const jb_type *t, char *msg, size_t cap) {
    if (jb__kind_has_plan(t->kind) && JB_LIKELY(jb__plan_get(t) != NULL)) return JB_OK;
    return check_closure(t, msg, cap);
}

/* The public check: compile the plans of t and of everything it reaches
 * now, and report a descriptor mistake. */
jb_status jb_type_check(const jb_type *type, jb_error *err) {
    if (!type) {
        jb__error_fill(err, JB_E_ARG, NULL, 0, NULL, "type is NULL");
        return JB_E_ARG;
    }
    char msg[JB_ERROR_MESSAGE_MAX];
    jb_status st = jb__root_check(type, msg, sizeof msg);
    if (st) jb__error_fill(err, st, NULL, 0, NULL, msg);
    return st;
}
