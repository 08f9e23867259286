/* SPDX-License-Identifier: MIT */
/*
 * plan.h — what a descriptor compiles to, once, on first use: names with
 * their pre-escaped JSON bytes, a hash table from names to indices, value
 * tables for enums and sums, the required-field mask, and every
 * representation option resolved (the field's, the type's own, else its
 * format's: the table in docs/formats.md, "Which setting wins"). The
 * engines (encode*.c, decode*.c) run from plans; type.c validates
 * descriptors. A plan is published only once the plans of every type its
 * descriptor reaches are compiled too, so a published plan means a whole
 * valid descriptor graph.
 */
#ifndef JB_PLAN_H
#define JB_PLAN_H

#include "base.h"

/* A name -> index table: open addressing, power-of-two size, at most half
 * full. Slots hold index + 1 (0 = empty). Lookups cost one hash and
 * usually one compare whatever the number of names. */
typedef struct jb_pname {
    const char *name;        /* a JSON name or alias (unescaped) */
    size_t len;
    uint32_t entry;          /* the entry it selects */
} jb_pname;

typedef struct jb_names {
    uint32_t *slots;         /* index into keys + 1; 0 = empty */
    uint32_t mask;
    jb_pname *keys;
    size_t nkeys;
    uint64_t filter; /* bit jb__names_bit of every name: a key whose bit is
                                clear is none of them, known without hashing */
} jb_names;

/*
 * The filter bit of a name of n bytes at s: from its length and its first
 * and last bytes, multiplied to spread them over the top 6 bits. An
 * unknown key of a partial model (most of its keys) is then turned away
 * in a few instructions, before the hash and the probe; with a few names
 * it seldom shares a bit with one (a plan of many names has most bits set
 * and just hashes).
 */
static inline unsigned jb__names_bit(const char *s, size_t n) {
    uint32_t a = n ? (unsigned char)s[0] : 0, z = n ? (unsigned char)s[n - 1] : 0;
    return (unsigned)((((uint32_t)n ^ (a << 2) ^ (z << 5)) * UINT32_C(0x9E3779B1)) >> 26);
}

/* A value -> index table for enum and sum tags (values masked to the C
 * member's width). */
typedef struct jb_values {
    uint64_t *keys;
    uint32_t *slots;   /* index + 1; 0 = empty */
    uint32_t mask;
} jb_values;

/* One record field, tuple element, enum case or sum case. 96 bytes on
 * 64-bit targets (checked below): the engines index e[i] in their loops,
 * and a multiple of 16 costs shifts and an add where an 88-byte entry cost
 * a multiply (measured). Four bytes of padding after dec_opt are free. */
typedef struct jb_pentry {
    const char *name;        /* JSON name (unescaped) */
    size_t name_len;
    const char *key;         /* pre-escaped: "name": for fields, "name" for enum and sum cases */
    size_t key_len;
    const jb_type *type;     /* field type / sum payload (NULL: nullary) */
    size_t offset;           /* field or payload offset */
    size_t flag_offset;      /* presence flag */
    uint64_t value;          /* enum value / sum tag, masked to the member width */
    uint8_t presence;        /* JB_PRESENCE_* */
    uint8_t optional;        /* may be absent: a flag, or a JB_PTR_OF member (not a box) */
    uint8_t absent;          /* an absent optional on encode: JB_ABSENT_* (resolved) */
    uint8_t owns_name;       /* name was allocated by this plan (a renamed name) */
    uint32_t ckey_off;       /* records: where ,"name": starts in the plan's ckeys (encode) */
    char *other_name;        /* JB_RENAME_SNAKE_SERDE: the word-split spelling decoding accepts
                                too (owned), or NULL */
    uint8_t enc_op;          /* records: JB_EOP_*, how the encoder's fast loop writes the field */
    uint8_t enc_max;         /* the most bytes that value can take (fixed-size ops; else 0) */
    uint8_t dec_op;          /* records: JB_DOP_*, how the decoder's member loop reads the value */
    uint8_t dec_opt;         /* records: JB_DOPT_* bits, what it does around the value */
    const char *default_json; /* decoded when the key is missing, or NULL */
} jb_pentry;
_Static_assert(sizeof(void *) != 8 || sizeof(jb_pentry) == 96, "jb_pentry is 96 bytes on 64-bit targets");

/* Encode opcodes, resolved from a record field's type when its plan is
 * compiled, so the encoder's field loop switches on one byte instead of
 * re-deciding from the descriptor (kind, as-string flags) per field.
 * JB_EOP_ANY: anything else, written through the general leaf path or
 * handed to the walk. */
enum {
    JB_EOP_ANY = 0,
    JB_EOP_BOOL,
    JB_EOP_I8, JB_EOP_I16, JB_EOP_I32, JB_EOP_I64,
    JB_EOP_U8, JB_EOP_U16, JB_EOP_U32, JB_EOP_U64,
    JB_EOP_F32, JB_EOP_F64,
    JB_EOP_STR
};

/* Decode opcodes, resolved from a record field's type when its plan is
 * compiled: the decoder's member loop (decode.c, fast_members) reads a
 * field whose opcode is not JB_DOP_GENERAL without going through start's
 * dispatch on the descriptor. JB_DOP_GENERAL: containers, pointers,
 * custom codecs and `any`, through start (which may push a frame). */
enum {
    JB_DOP_GENERAL = 0,
    JB_DOP_BOOL,
    JB_DOP_INT,        /* any integer kind (as-string forms: its slow path) */
    JB_DOP_F64,
    JB_DOP_STR,
    JB_DOP_FLAT,       /* another flat kind (jb__kind_flat): the leaf switch */
    JB_DOP_FLAT_VEC,   /* a vector of a flat kind: one loop, no frame */
    JB_DOP_FLAT_ARRAY  /* a fixed array of a flat kind: the same */
};
/* What the member loop does around a field's value (dec_opt bits). */
#define JB_DOPT_NULL_ABSENT 1u /* null is the field absent (optional, not a flag over a pointer) */
#define JB_DOPT_FLAG 2u        /* a presence flag: set when the value is there */

/* Bytes of slack after each key in a plan's ckeys: the encoder copies a
 * short key as one 16-byte move, which may read past its end. */
#define JB_CKEY_PAD 16
/* Readable zero bytes after each entry's key (and its NUL): a key of up
 * to JB_KEY_PAD bytes can be copied as JB_KEY_PAD bytes. */
#define JB_KEY_PAD 16

typedef struct jb_plan {
    const jb_type *type;
    size_t n;                /* entries */
    jb_pentry *e;
    jb_names names;          /* name -> entry (records, enums, sums) */
    jb_values values;        /* value -> entry (enums, sums) */
    size_t nrequired;        /* required fields (records) */
    size_t mask_words;       /* 64-bit words in a seen/required bitset */
    uint64_t *required;      /* bit i set: entry i is required */
    uint64_t width_mask;     /* enums and sum tags: mask of the C member width */
    const char *tag_name;    /* sums: tag key (internal/adjacent) */
    size_t tag_name_len;
    const char *content_name;
    size_t content_name_len;
    const char *tag_key;     /* pre-escaped "tag": */
    size_t tag_key_len;
    const char *content_key; /* pre-escaped "contents": */
    size_t content_key_len;
    /* resolved representation options */
    jb_sum_style sum_style;  /* never JB_SUM_DEFAULT */
    uint32_t fmt_flags;      /* JB_FMT_* (format's | type's) */
    jb_float_style float_style; /* JB_FLOAT_INHERIT when the type says nothing */
    jb_key_mode key_mode;    /* for maps inside this type (JB_KEYS_AUTO: nothing said) */
    uint32_t scope_keep;     /* what entering the type does to the scope word (jb__scope_in): */
    uint32_t scope_set;      /*   the bits it keeps and the bits it sets (resolve_options) */
    bool scoped;             /* the type changes the scope, or is a sum with positional records
                                or a type with its own format: the engines act on entering it */
    bool all_nullary;        /* sums and enums: no case has a payload */
    bool unwrap;             /* record of one field written as that field's value */
    bool deny_unknown;       /* records: an unknown key is an error (type's or format's) */
    bool leaf_fields;        /* records of at most 64 fields, each of a type jb__type_leafy
                                accepts: the decoder reads them without a frame */
    size_t ndefaults;        /* entries with a default_json */
    bool has_capture;        /* a JB_UNKNOWN_FIELDS member collects unknown keys */
    size_t capture_offset;   /* its offset (a jb_members) */
    /* encode side (records) */
    char *ckeys;             /* every field's ,"name": back to back (+ JB_CKEY_PAD): a member's
                                separator and key as one run; the first member skips the ',' */
    bool enc_fast;           /* ckeys built and every key short enough for one reservation */
    bool enc_flat;           /* every field is a leaf or an array of leaves and nothing is
                                scoped: written inline, without a frame of the walk's */
} jb_plan;

/*
 * The plan of t (a RECORD, TUPLE, ENUM or SUM), compiling and publishing it
 * on first use, with the plans of every type t reaches (the slow path:
 * jb__plan_get is the hot one, a single acquire load). NULL when a
 * descriptor is invalid or memory ran out: *code is JB_E_DESCRIPTOR or
 * JB_E_NOMEM and msg says why. Thread-safe.
 */
JB_HIDDEN const jb_plan *jb__plan_slow(const jb_type *t, jb_status *code, char *msg, size_t cap);

static inline const jb_plan *jb__plan_get(const jb_type *t) {
    return (const jb_plan *)jb__atomic_load_ptr(&t->cache->plan);
}

/*
 * Representation options: the one place each is resolved (docs/formats.md,
 * "Which setting wins", has the precedence table). A plan resolves the
 * field's, the type's and the format's choice when it compiles
 * (absent_rule, resolve_options in plan.c); the engines read the result
 * through the functions below and nowhere else. A call-time flag
 * (JB_READ_DENY_UNKNOWN, JB_WRITE_ABSENT_NULL) can only turn a behaviour
 * on, and is folded in here. Adding an option: resolve it in plan.c, read
 * it here, use it in one engine file per direction (docs/design.md).
 */
enum {
    JB_ABSENT_OMIT = 0, /* omitted, unless the call says JB_WRITE_ABSENT_NULL */
    JB_ABSENT_NULL,     /* written as null (the field, the type or its format said so) */
    JB_ABSENT_NEVER     /* always omitted (JB_FIELD_OMIT_ABSENT), whatever the call says */
};
static inline bool jb__absent_as_null(const jb_pentry *pe, uint32_t write_flags) {
    return pe->absent == JB_ABSENT_NULL ||
           (pe->absent == JB_ABSENT_OMIT && (write_flags & JB_WRITE_ABSENT_NULL));
}
static inline bool jb__deny_unknown(const jb_plan *pl, uint32_t read_flags) {
    return pl->deny_unknown || (read_flags & JB_READ_DENY_UNKNOWN);
}
/*
 * The scope: what the formats of the enclosing types hand down to a value
 * (the key mode of maps, 64-bit integers as strings, the float style, and
 * the inherited switches), as one word. The reader and the writer carry it
 * (r->scope, w->scope) and read it through the macros below; generated code
 * passes the same words (jbind_gen.h's JB_GEN_SCOPE_* are this layout,
 * checked in codegen.c). A plan resolves once what entering its type does
 * to the word (scope_keep, scope_set: resolve_options in plan.c, from
 * JB__SCOPE_INHERITED), and jb__scope_in applies it. The call's own flags
 * that mean the same thing (JB_READ_INTEGRAL_FLOATS, JB_WRITE_CONTROL_HEX,
 * jb_write_options.float_style) are the word's value at the root: a plan
 * can add a switch to them, never take one away.
 *
 * A new inherited option: a bit here and a row in JB__SCOPE_INHERITED, and
 * its use in one engine file per direction. The generator defers a leaf
 * whose scope holds a bit it does not know to the interpreter
 * (codegen.c jb__cg_leaf_plain), so it needs nothing.
 */
/* The float style has the low byte to itself: every double written reads
 * it, and a byte is one load. */
#define JB__SCOPE_FLOAT_SHIFT 0             /* jb_float_style (0: the call's, ECMAScript) */
#define JB__SCOPE_FLOAT_MASK  0xffu
#define JB__SCOPE_KEY_SHIFT   8             /* jb_key_mode of maps without their own */
#define JB__SCOPE_KEY_MASK    (0x7u << JB__SCOPE_KEY_SHIFT)
#define JB__SCOPE_INT64_SHIFT 11            /* 0; 1 int64 as strings; 2 with an explicit sign */
#define JB__SCOPE_INT64_MASK  (0x3u << JB__SCOPE_INT64_SHIFT)
#define JB__SCOPE_INTEGRAL    0x2000u       /* JB_FMT_INTEGRAL_FLOATS, JB_READ_INTEGRAL_FLOATS */
#define JB__SCOPE_NONFINITE   0x4000u       /* JB_FMT_NONFINITE_AESON */
#define JB__SCOPE_SORTED      0x8000u       /* JB_FMT_SORTED_MAPS */
#define JB__SCOPE_CONTROL_HEX 0x10000u      /* JB_FMT_CONTROL_HEX, JB_WRITE_CONTROL_HEX */
/* The inherited switches: {format flag, scope bit} pairs, one row each. */
#define JB__SCOPE_INHERITED                                                                        \
    {{JB_FMT_INTEGRAL_FLOATS, JB__SCOPE_INTEGRAL},                                                 \
     {JB_FMT_NONFINITE_AESON, JB__SCOPE_NONFINITE},                                                \
     {JB_FMT_SORTED_MAPS, JB__SCOPE_SORTED},                                                       \
     {JB_FMT_CONTROL_HEX, JB__SCOPE_CONTROL_HEX}}

static inline jb_key_mode jb__scope_key_mode(uint32_t s) {
    return (jb_key_mode)((s & JB__SCOPE_KEY_MASK) >> JB__SCOPE_KEY_SHIFT);
}
static inline unsigned jb__scope_int64(uint32_t s) {
    return (s & JB__SCOPE_INT64_MASK) >> JB__SCOPE_INT64_SHIFT;
}
static inline jb_float_style jb__scope_float(uint32_t s) {
    return (jb_float_style)((s & JB__SCOPE_FLOAT_MASK) >> JB__SCOPE_FLOAT_SHIFT);
}
/* The scope inside a type with plan pl, entered from scope s. */
static inline uint32_t jb__scope_in(uint32_t s, const jb_plan *pl) {
    return (s & pl->scope_keep) | pl->scope_set;
}
/* A generated place's scope (resolved from a root of 0) over the call's
 * root scope: the place's float style if it has one, else the call's; the
 * call's switches kept. The same word jb__scope_in gives the interpreter. */
static inline uint32_t jb__scope_over(uint32_t root, uint32_t placed) {
    return placed | ((placed & JB__SCOPE_FLOAT_MASK) ? root & ~JB__SCOPE_FLOAT_MASK : root);
}
/* The root scope of a read, of a write. */
static inline uint32_t jb__scope_read_root(uint32_t read_flags) {
    return (read_flags & JB_READ_INTEGRAL_FLOATS) ? JB__SCOPE_INTEGRAL : 0u;
}
static inline uint32_t jb__scope_write_root(uint32_t write_flags, unsigned float_style) {
    return ((uint32_t)float_style << JB__SCOPE_FLOAT_SHIFT & JB__SCOPE_FLOAT_MASK) |
           ((write_flags & JB_WRITE_CONTROL_HEX) ? JB__SCOPE_CONTROL_HEX : 0u);
}

/* Kinds with no plan (integers, pointers, maps) carry their own options in
 * the descriptor; the enclosing plans' scope adds to them. */
/* An integer of type t written as a JSON string and read from one too: its
 * descriptor says so (the int64-as-string scalars), or the scope's int64
 * strings (JB_FMT_INT64_STRING) reach it. */
static inline bool jb__int_as_string(const jb_type *t, uint32_t scope) {
    return (t->flags & JB_TYPE_AS_STRING) ||
           ((scope & JB__SCOPE_INT64_MASK) && (t->kind == JB_KIND_I64 || t->kind == JB_KIND_U64));
}
/* A pointer that must be present and non-NULL (JB_BOX_OF): null is a type
 * error, a missing key JB_E_MISSING. */
static inline bool jb__ptr_is_box(const jb_type *t) { return (t->flags & JB_TYPE_BOX) != 0; }
/* A map in key order: its own descriptor says so, or the scope's
 * JB_FMT_SORTED_MAPS (from an enclosing plan) reaches it. */
static inline bool jb__map_sorted(const jb_type *t, uint32_t scope) {
    return (scope & JB__SCOPE_SORTED) || (t->fmt_flags & JB_FMT_SORTED_MAPS);
}

/*
 * Check a descriptor used at the top of a call (jb_decode, jb_encode,
 * jb_type_check, ...): JB_OK once the plans of t and of everything it
 * reaches are compiled (cheap when they are: a plan-less root such as a
 * JB_VEC_OF walks down to the first published plans). Otherwise
 * JB_E_DESCRIPTOR or JB_E_NOMEM with msg saying which type and field.
 */
JB_HIDDEN jb_status jb__root_check(const jb_type *t, char *msg, size_t cap);

/*
 * Are the n bytes at a equal to the n bytes at b? For short keys compared
 * against a plan's pre-escaped bytes in the decoder's hot loop, where a
 * memcmp call costs more than the compare. Word loads that overlap instead
 * of masking: for n >= 8 the words at 0, 8, ... and the one ending at n
 * (which covers the tail); for 4 <= n < 8 the 4-byte words at 0 and n - 4;
 * shorter, a byte loop. Every load lies inside [a, a + n) and [b, b + n):
 * nothing past either buffer is read, so the caller only checks that n
 * bytes remain.
 */
static inline bool jb__bytes_eq(const char *a, const char *b, size_t n) {
    if (n >= 8) {
        uint64_t x = jb__load64(a + n - 8) ^ jb__load64(b + n - 8);
        for (size_t k = 0; k + 8 < n; k += 8) x |= jb__load64(a + k) ^ jb__load64(b + k);
        return x == 0;
    }
    if (n >= 4)
        return ((jb__load32(a) ^ jb__load32(b)) | (jb__load32(a + n - 4) ^ jb__load32(b + n - 4))) == 0;
    for (size_t k = 0; k < n; k++)
        if (a[k] != b[k]) return false;
    return true;
}

/* Look a name up: the entry index or -1. */
JB_HIDDEN long jb__names_find(const jb_plan *pl, const char *s, size_t n);
/* Look a masked value up: the entry index or -1. */
JB_HIDDEN long jb__values_find(const jb_plan *pl, uint64_t v);

/* Hash used by the name tables. */
JB_HIDDEN uint32_t jb__hash_bytes(const char *s, size_t n);
JB_HIDDEN uint32_t jb__hash_seeded(const char *s, size_t n, uint64_t seed);

/* Read an integer member of `size` bytes (1, 2, 4, 8) as an unsigned value. */
static inline uint64_t jb__load_uint(const void *p, size_t size) {
    switch (size) {
    case 1: { uint8_t v; memcpy(&v, p, 1); return v; }
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}
static inline void jb__store_uint(void *p, size_t size, uint64_t v) {
    switch (size) {
    case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); break; }
    case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
    case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}
static inline uint64_t jb__width_mask(size_t size) {
    return size >= 8 ? ~(uint64_t)0 : (((uint64_t)1 << (size * 8)) - 1);
}

/* Map entry layout from the descriptor (checked macros give it; otherwise
 * struct { K key; V value; } is computed from sizes and alignments). */
static inline void jb__map_layout(const jb_type *t, size_t *entry_size, size_t *value_offset) {
    if (t->entry_size) {
        *entry_size = t->entry_size;
        *value_offset = t->value_offset;
        return;
    }
    size_t ka = t->key->align ? t->key->align : 1, va = t->elem->align ? t->elem->align : 1;
    size_t vo = jb__align_up(t->key->size, va);
    size_t a = ka > va ? ka : va;
    *value_offset = vo;
    *entry_size = jb__align_up(vo + t->elem->size, a);
}

/* Validate a descriptor one level deep (type.c): kind, sizes and C types
 * of the members against their descriptors (and what the field macros saw
 * through container macros), element sizes. JB_OK or JB_E_DESCRIPTOR with
 * a message naming the type and field. */
JB_HIDDEN jb_status jb__type_validate(const jb_type *t, char *msg, size_t cap);

/* Whether a descriptor's kind has a plan. */
static inline bool jb__kind_has_plan(jb_kind k) {
    return k == JB_KIND_RECORD || k == JB_KIND_TUPLE || k == JB_KIND_ENUM || k == JB_KIND_SUM;
}

/* Kinds the decoder reads in one call that reads no typed value inside. */
static inline bool jb__kind_flat(jb_kind k) {
    return (k >= JB_KIND_BOOL && k <= JB_KIND_ENUM) || k == JB_KIND_RAW || k == JB_KIND_NUMBER;
}
/* A type whose value the decoder reads without pushing a frame: a flat
 * kind, or a pointer, fixed array or vector of one (a loop of leaves). */
static inline bool jb__type_leafy(const jb_type *t) {
    if (jb__kind_flat(t->kind)) return true;
    if (t->kind == JB_KIND_PTR || t->kind == JB_KIND_ARRAY || t->kind == JB_KIND_VEC)
        return t->elem && jb__kind_flat(t->elem->kind);
    return false;
}

/* Is a map with key type k and key mode km written as an object? */
static inline bool jb__map_is_object(const jb_type *k, jb_key_mode km) {
    switch (km) {
    case JB_KEYS_PAIRS: return false;
    case JB_KEYS_JSON_TEXT: return true;
    case JB_KEYS_TEXT_INT: return k->kind == JB_KIND_CSTR || k->kind == JB_KIND_STR ||
                                  k->kind == JB_KIND_CHAR ||
                                  (k->kind >= JB_KIND_I8 && k->kind <= JB_KIND_U64);
    default: return k->kind != JB_KIND_BOOL && k->kind != JB_KIND_F32 && k->kind != JB_KIND_F64 &&
                    k->kind <= JB_KIND_ENUM && k->kind != JB_KIND_INVALID;
    }
}

/* Maps in key order (map_order.c, JB_FMT_SORTED_MAPS). Keys of kinds
 * bool .. enum have an order; enum_plan is the key's plan when it is an
 * enum (else unused). jb__keys_sort sorts idx[0..n), entry indices into
 * items (es bytes each), stably by key; tmp holds n more. */
JB_HIDDEN bool jb__key_orderable(const jb_type *k);
JB_HIDDEN int jb__key_cmp(const jb_type *k, const jb_plan *enum_plan, const char *a, const char *b);
JB_HIDDEN bool jb__keys_sorted(const jb_type *k, const jb_plan *enum_plan, const char *items, size_t n,
                               size_t es);
JB_HIDDEN void jb__keys_sort(const jb_type *k, const jb_plan *enum_plan, const char *items, size_t es,
                             size_t *idx, size_t *tmp, size_t n);

/* Is the map key kind written as an object key (string-like)? */
static inline bool jb__key_is_stringlike(const jb_type *k) {
    switch (k->kind) {
    case JB_KIND_CSTR: case JB_KIND_STR: case JB_KIND_CHAR: case JB_KIND_ENUM:
    case JB_KIND_I8: case JB_KIND_I16: case JB_KIND_I32: case JB_KIND_I64:
    case JB_KIND_U8: case JB_KIND_U16: case JB_KIND_U32: case JB_KIND_U64:
        return true;
    default:
        return false;
    }
}

#endif
