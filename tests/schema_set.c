/* SPDX-License-Identifier: MIT */
/*
 * schema_set.c — the descriptor set of the schema tests (schema_set.h):
 * the fuzz zoo, descriptors for the options the zoo does not cover, the
 * pandoc AST and the corpus models; random values and mutants of them.
 */
#include <stdlib.h>

#include "schema_set.h"
#ifdef JB_HAVE_CORPUS
#include "models.h"
extern const jb_type twitter_type, citm_type, canada_type;
#endif

/* ------------------------------------------------------------------ */
/* Descriptors for the options the zoo does not cover                  */
/* ------------------------------------------------------------------ */

/* renames, explicit names, aliases, defaults, deny-unknown */
typedef struct {
    int32_t user_id;
    jb_str display_name;
    bool has_http_server;
    jb_str http_server;
    int32_t port;
    jb_str host;
    int64_t key;
} names_rec;
static const jb_type names_type =
    JB_RECORD((names_rec, .rename = JB_RENAME_CAMEL, .fmt_flags = JB_FMT_DENY_UNKNOWN),
              JB_FIELD(names_rec, user_id, &jb_i32),
              JB_FIELD(names_rec, display_name, &jb_string, JB_NAME("Display Name")),
              JB_OPTIONAL(names_rec, http_server, has_http_server, &jb_string),
              JB_FIELD(names_rec, port, &jb_i32, .aliases = JB_ALIASES("p", "portNumber"),
                       .default_json = "8080"),
              JB_FIELD(names_rec, host, &jb_string, .default_json = "\"localhost\""),
              JB_FIELD(names_rec, key, &jb_i64, .aliases = JB_ALIASES("KEY")));

typedef enum { LIGHT_RED, DarkBlue, Plain } shade;
static const jb_type shade_type =
    JB_ENUM((shade, .rename = JB_RENAME_KEBAB), JB_ENUM_CASE(LIGHT_RED, "LIGHT_RED"),
            JB_ENUM_CASE(DarkBlue, "DarkBlue"),
            JB_ENUM_CASE(Plain, "plain", .aliases = JB_ALIASES("PLAIN")));
static const jb_type shade_circe =
    JB_ENUM((shade, .format = &jb_format_circe), JB_ENUM_CASE(LIGHT_RED, "Red"),
            JB_ENUM_CASE(DarkBlue, "Blue"), JB_ENUM_CASE(Plain, "Plain"));

/* one sum type, every style, a scalar payload, aliases, a record payload */
typedef struct {
    double w, h;
} box;
static const jb_type box_type =
    JB_RECORD(box, JB_FIELD(box, w, &jb_f64), JB_FIELD(box, h, &jb_f64));
typedef enum { V_NONE, V_INT, V_BOX, V_LIST } vtag;
typedef struct {
    vtag tag;
    union {
        int64_t i;
        box b;
        JB_VEC(jb_str) l;
    } u;
} var;
#define VAR_CASES                                                                  \
    JB_NULLARY(V_NONE, "None", .aliases = JB_ALIASES("Nothing")),                  \
        JB_CASE(var, V_INT, "Int", u.i, &jb_i64),                                  \
        JB_CASE(var, V_BOX, "Box", u.b, &box_type, .aliases = JB_ALIASES("Rect")), \
        JB_CASE(var, V_LIST, "List", u.l, JB_VEC_OF_T(jb_str, &jb_string))
static const jb_type var_ext = JB_SUM((var, .sum_style = JB_SUM_EXTERNAL), tag, VAR_CASES);
static const jb_type var_int =
    JB_SUM((var, .sum_style = JB_SUM_INTERNAL, .tag_name = "type", .content_name = "value"), tag,
           VAR_CASES);
static const jb_type var_adj = JB_SUM((var, .sum_style = JB_SUM_ADJACENT), tag, VAR_CASES);
static const jb_type var_arr = JB_SUM((var, .sum_style = JB_SUM_ARRAY), tag, VAR_CASES);
static const jb_type var_unt = JB_SUM((var, .sum_style = JB_SUM_UNTAGGED), tag, VAR_CASES);
static const jb_type var_fable = JB_SUM((var, .format = &jb_format_fable), tag, VAR_CASES);
static const jb_type var_nulls =
    JB_SUM((var, .fmt_flags = JB_FMT_NULLARY_OBJECT | JB_FMT_NULLARY_ARRAY), tag, VAR_CASES);
static const jb_type var_arr_nulls =
    JB_SUM((var, .sum_style = JB_SUM_ARRAY, .fmt_flags = JB_FMT_NULLARY_ARRAY), tag, VAR_CASES);

/* all-nullary sums: a plain name in every style (and with
 * JB_FMT_ALL_NULLARY_STRING only a name) */
typedef enum { P_LOW, P_HIGH } prio_tag;
typedef struct {
    prio_tag tag;
} prio;
#define PRIO_CASES \
    JB_NULLARY(P_LOW, "Low"), JB_NULLARY(P_HIGH, "High", .aliases = JB_ALIASES("HIGH"))
static const jb_type prio_adj = JB_SUM(
    (prio, .sum_style = JB_SUM_ADJACENT, .fmt_flags = JB_FMT_ALL_NULLARY_STRING), tag, PRIO_CASES);
static const jb_type prio_unt = JB_SUM((prio, .sum_style = JB_SUM_UNTAGGED), tag, PRIO_CASES);
static const jb_type prio_arr = JB_SUM((prio, .sum_style = JB_SUM_ARRAY), tag, PRIO_CASES);

/* records: capture, unwrap, three-state, per-field absent policies */
typedef struct {
    int32_t a;
    jb_raw_members rest;
} partial;
static const jb_type partial_type =
    JB_RECORD((partial, .fmt_flags = JB_FMT_DENY_UNKNOWN), JB_FIELD(partial, a, &jb_i32),
              JB_UNKNOWN_FIELDS(partial, rest));
typedef struct {
    uint16_t id;
} wrapped;
static const jb_type wrapped_type =
    JB_RECORD((wrapped, .fmt_flags = JB_FMT_UNWRAP_UNARY), JB_FIELD(wrapped, id, &jb_u16));
typedef struct {
    bool has_nick;
    jb_str *nick;
    bool has_n;
    int8_t n;
    bool has_m;
    uint8_t m;
    wrapped w;
} patch;
static const jb_type patch_type =
    JB_RECORD((patch, .fmt_flags = JB_FMT_DENY_UNKNOWN),
              JB_OPTIONAL(patch, nick, has_nick, JB_PTR_OF(&jb_string)),
              JB_OPTIONAL(patch, n, has_n, &jb_i8, .flags = JB_FIELD_NULL_WHEN_ABSENT),
              JB_OPTIONAL(patch, m, has_m, &jb_u8, .flags = JB_FIELD_OMIT_ABSENT),
              JB_FIELD(patch, w, &wrapped_type));

/* integers: strings, the int64-string scope (Fable's "+5"), integral floats */
typedef struct {
    int64_t a;
    uint64_t b;
    int32_t c;
    uint32_t d;
    int16_t e;
    uint64_t f;
} ints;
static const jb_type ints_type =
    JB_RECORD(ints, JB_FIELD(ints, a, &jb_i64_string), JB_FIELD(ints, b, &jb_u64_string),
              JB_FIELD(ints, c, &jb_i32_string), JB_FIELD(ints, d, &jb_u32_string),
              JB_FIELD(ints, e, &jb_i16), JB_FIELD(ints, f, &jb_u64));
static const jb_type ints_fable = JB_RECORD(
    (ints, .format = &jb_format_fable), JB_FIELD(ints, a, &jb_i64), JB_FIELD(ints, b, &jb_u64),
    JB_FIELD(ints, c, &jb_i32_string), JB_FIELD(ints, d, &jb_u32), JB_FIELD(ints, e, &jb_i16),
    JB_FIELD(ints, f, &jb_u64_string));
static const jb_type ints_aeson =
    JB_RECORD((ints, .format = &jb_format_aeson), JB_FIELD(ints, a, &jb_i64),
              JB_FIELD(ints, b, &jb_u64), JB_FIELD(ints, c, &jb_i32), JB_FIELD(ints, d, &jb_u32),
              JB_FIELD(ints, e, &jb_i16), JB_FIELD(ints, f, &jb_u64_string));

/* maps: every key mode, integer keys of several widths */
typedef struct {
    double x, y;
} pt;
static const jb_type pt_type = JB_TUPLE(pt, JB_ELEM(pt, x, &jb_f64), JB_ELEM(pt, y, &jb_f64));
typedef JB_MAP(uint8_t, bool) m_u8;
typedef JB_MAP(int64_t, float) m_i64;
typedef JB_MAP(shade, int32_t) m_shade;
typedef JB_MAP(bool, int32_t) m_bool;
typedef JB_MAP(pt, int32_t) m_pt;
typedef JB_MAP(char *, int32_t) m_cstr;
typedef struct {
    m_u8 a;
    m_i64 b;
    m_shade c, d, e;
    m_bool f;
    m_pt g;
    m_cstr h;
} maps;
static const jb_type maps_type =
    JB_RECORD(maps, JB_FIELD(maps, a, JB_MAP_OF_T(uint8_t, bool, &jb_u8, &jb_bool)),
              JB_FIELD(maps, b, JB_MAP_OF_T(int64_t, float, &jb_i64, &jb_f32)),
              JB_FIELD(maps, c, JB_MAP_OF(&shade_type, &jb_i32)),
              JB_FIELD(maps, d, JB_MAP_OF(&shade_type, &jb_i32, .key_mode = JB_KEYS_PAIRS)),
              JB_FIELD(maps, e, JB_MAP_OF(&shade_type, &jb_i32, .key_mode = JB_KEYS_TEXT_INT)),
              JB_FIELD(maps, f, JB_MAP_OF(&jb_bool, &jb_i32)),
              JB_FIELD(maps, g, JB_MAP_OF(&pt_type, &jb_i32)),
              JB_FIELD(maps, h, JB_MAP_OF_T(char *, int32_t, &jb_cstr, &jb_i32)));
typedef struct {
    m_i64 b;
    m_shade c;
} maps_text;
static const jb_type maps_fable =
    JB_RECORD((maps_text, .format = &jb_format_fable),
              JB_FIELD(maps_text, b, JB_MAP_OF_T(int64_t, float, &jb_i64, &jb_f32)),
              JB_FIELD(maps_text, c, JB_MAP_OF(&shade_type, &jb_i32)));
static const jb_type maps_aeson =
    JB_RECORD((maps_text, .format = &jb_format_aeson),
              JB_FIELD(maps_text, b, JB_MAP_OF_T(int64_t, float, &jb_i64, &jb_f32)),
              JB_FIELD(maps_text, c, JB_MAP_OF(&shade_type, &jb_i32)));

/* The zoo's custom codecs described by plain descriptors for the schema:
 * point is [x, y] of int32, bag an object whose values it skips. */
typedef struct {
    int32_t x, y;
} xy;
static const jb_type xy_type = JB_TUPLE(xy, JB_ELEM(xy, x, &jb_i32), JB_ELEM(xy, y, &jb_i32));
static const jb_type *bag_as = JB_MAP_OF(&jb_string, &jb_raw);

const jb_type *schema_custom_as(const jb_type *t, void *ctx) {
    (void)ctx;
    if (strcmp(t->name, "point") == 0) return &xy_type;
    if (strcmp(t->name, "bag") == 0) return bag_as;
    if (strcmp(t->name, "pd_table_ptr") == 0) return &pd_table_type;
    return NULL;
}

/* ------------------------------------------------------------------ */
/* The set of descriptors                                              */
/* ------------------------------------------------------------------ */

schema_entry schema_entries[SCHEMA_MAX_ENTRIES];
size_t schema_nentries;

static void add_entry(const char *name, const jb_type *t, uint32_t sflags, uint32_t rflags,
                      uint32_t depth) {
    if (schema_nentries == SCHEMA_MAX_ENTRIES) return;
    schema_entry *e = &schema_entries[schema_nentries++];
    memset(e, 0, sizeof *e);
    e->name = name;
    e->type = t;
    e->schema_flags = sflags;
    e->ro.flags = rflags;
    e->ro.max_depth = depth;
}

void schema_set_build(void) {
    if (schema_nentries) return;
    for (size_t i = 0; i < zoo_count; i++) add_entry(zoo_types[i].name, zoo_types[i].type, 0, 0, 0);
    add_entry("names", &names_type, 0, 0, 0);
    add_entry("shade", &shade_type, 0, 0, 0);
    add_entry("shade_circe", &shade_circe, 0, 0, 0);
    add_entry("var_ext", &var_ext, 0, 0, 0);
    add_entry("var_int", &var_int, 0, 0, 0);
    add_entry("var_adj", &var_adj, 0, 0, 0);
    add_entry("var_arr", &var_arr, 0, 0, 0);
    add_entry("var_unt", &var_unt, 0, 0, 0);
    add_entry("var_fable", &var_fable, 0, 0, 0);
    add_entry("var_nulls", &var_nulls, 0, 0, 0);
    add_entry("var_arr_nulls", &var_arr_nulls, 0, 0, 0);
    add_entry("prio_adj", &prio_adj, 0, 0, 0);
    add_entry("prio_unt", &prio_unt, 0, 0, 0);
    add_entry("prio_arr", &prio_arr, 0, 0, 0);
    add_entry("partial", &partial_type, 0, 0, 0);
    add_entry("patch", &patch_type, 0, 0, 0);
    add_entry("ints", &ints_type, 0, 0, 0);
    add_entry("ints_fable", &ints_fable, 0, 0, 0);
    add_entry("ints_aeson", &ints_aeson, 0, 0, 0);
    add_entry("maps", &maps_type, 0, 0, 0);
    add_entry("maps_fable", &maps_fable, 0, 0, 0);
    add_entry("maps_aeson", &maps_aeson, 0, 0, 0);
    add_entry("opt_rec_strict", zoo_types[2].type, JB_SCHEMA_DENY_UNKNOWN, JB_READ_DENY_UNKNOWN, 0);
    add_entry("ints_integral", &ints_type, JB_SCHEMA_INTEGRAL_FLOATS, JB_READ_INTEGRAL_FLOATS, 0);
#ifdef JB_HAVE_CORPUS
    add_entry("twitter", &twitter_type, 0, 0, 0);
    add_entry("citm_catalog", &citm_type, 0, 0, 0);
    add_entry("canada", &canada_type, 0, 0, 0);
#endif
    add_entry("pandoc", &pd_pandoc_type, JB_SCHEMA_INTEGRAL_FLOATS, JB_READ_INTEGRAL_FLOATS,
              PD_MAX_DEPTH);
    add_entry("pandoc_block", &pd_block_type, JB_SCHEMA_INTEGRAL_FLOATS, JB_READ_INTEGRAL_FLOATS,
              PD_MAX_DEPTH);
}

/* ------------------------------------------------------------------ */
/* Random values and their mutants                                     */
/* ------------------------------------------------------------------ */

static uint64_t rng_state;
void schema_rng_seed(uint64_t seed) { rng_state = seed; }
uint64_t schema_rnd(void) { /* splitmix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
size_t schema_below(size_t n) { return n ? (size_t)(schema_rnd() % n) : 0; }
#define below schema_below

/* Strings and keys seen in a descriptor's documents: what mutants swap in. */
#define POOL 48
struct schema_pools {
    jb_str s[POOL];
    size_t ns;
    jb_str k[POOL];
    size_t nk;
    jb_arena *arena;
};
typedef struct schema_pools pools;

static void pool_add(jb_str *p, size_t *n, jb_str v, jb_arena *a) {
    for (size_t i = 0; i < *n; i++)
        if (p[i].len == v.len && memcmp(p[i].ptr, v.ptr, v.len) == 0) return;
    if (*n == POOL) return;
    char *d = jb_arena_alloc(a, v.len + 1, 1);
    memcpy(d, v.ptr, v.len);
    d[v.len] = 0;
    p[(*n)++] = (jb_str){d, v.len};
}

static void collect(const jb_value *v, pools *p, jb_arena *a, int depth) {
    if (depth > 64) return;
    jb_str s;
    if (jb_value_get_str(v, &s) == JB_OK && s.len < 40) pool_add(p->s, &p->ns, s, a);
    for (size_t i = 0, n = jb_value_array_len(v); i < n; i++)
        collect(jb_value_array_get(v, i), p, a, depth + 1);
    for (size_t i = 0, n = jb_value_object_len(v); i < n; i++) {
        jb_str k;
        const jb_value *m = jb_value_object_at(v, i, &k);
        if (k.len < 40) pool_add(p->k, &p->nk, k, a);
        collect(m, p, a, depth + 1);
    }
}

static const char *const scalar_texts[] = {
    "null",
    "true",
    "false",
    "0",
    "-1",
    "1.5",
    "127",
    "128",
    "255",
    "256",
    "-129",
    "32768",
    "65536",
    "2147483648",
    "-2147483649",
    "4294967296",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "1e39",
    "-3.5e38",
    "1e309",
    "\"\"",
    "\"x\"",
    "\"5\"",
    "\"+5\"",
    "\"-0\"",
    "\"01\"",
    "\"1.0\"",
    "\"18446744073709551616\"",
    "[]",
    "{}",
    "[1]",
    "{\"a\":1}",
};

static jb_value *pool_value(jb_arena *a, const pools *p) {
    size_t n = sizeof scalar_texts / sizeof scalar_texts[0];
    if (p->ns && below(3) == 0) {
        jb_str s = p->s[below(p->ns)];
        return jb_value_new_string(a, s.ptr, s.len);
    }
    jb_value *v = NULL;
    const char *t = scalar_texts[below(n)];
    if (jb_value_parse(t, strlen(t), &v, a, NULL, NULL) != JB_OK) abort();
    return v;
}

static jb_str pool_key(const pools *p) {
    static const char *const extra[] = {"zz", "tag", "t", "c", "contents", "kind", "type", "value"};
    if (p->nk && below(2)) return p->k[below(p->nk)];
    const char *k = extra[below(sizeof extra / sizeof extra[0])];
    return (jb_str){k, strlen(k)};
}

static size_t count_nodes(const jb_value *v) {
    size_t n = 1;
    for (size_t i = 0, m = jb_value_array_len(v); i < m; i++)
        n += count_nodes(jb_value_array_get(v, i));
    for (size_t i = 0, m = jb_value_object_len(v); i < m; i++)
        n += count_nodes(jb_value_object_at(v, i, NULL));
    return n;
}

/* One change to node v. */
static jb_value *mutate_node(jb_arena *a, const jb_value *v, const pools *p) {
    size_t n;
    jb_value *c;
    switch (below(4)) {
    case 0: break; /* replaced below */
    case 1:
        if (jb_value_is_object(v)) {
            c = jb_value_copy(v, a);
            n = jb_value_object_len(c);
            if (n && below(2)) {
                jb_str k;
                jb_value_object_at(c, below(n), &k);
                jb_value_object_remove(c, k.ptr, k.len, NULL);
            } else {
                jb_str k = pool_key(p);
                jb_value_object_set(c, k.ptr, k.len, pool_value(a, p), a);
            }
            return c;
        }
        if (jb_value_is_array(v)) {
            n = jb_value_array_len(v);
            c = jb_value_new_array(a);
            size_t drop = n && below(2) ? below(n) : n;
            for (size_t i = 0; i < n; i++)
                if (i != drop)
                    jb_value_array_append(c, jb_value_copy(jb_value_array_get(v, i), a), a);
            if (drop == n) /* repeat an element, or add a stranger */
                jb_value_array_append(c,
                                      n && below(2) ? jb_value_copy(jb_value_array_get(v, 0), a)
                                                    : pool_value(a, p),
                                      a);
            return c;
        }
        break;
    case 2:
        if (jb_value_is_object(v) && (n = jb_value_object_len(v))) { /* rename a member */
            c = jb_value_new_object(a);
            size_t which = below(n);
            for (size_t i = 0; i < n; i++) {
                jb_str k;
                const jb_value *m = jb_value_object_at(v, i, &k);
                if (i == which) k = pool_key(p);
                jb_value_object_set(c, k.ptr, k.len, jb_value_copy(m, a), a);
            }
            return c;
        }
        break;
    default:
        if (jb_value_is_string(v) && p->ns) {
            jb_str s = p->s[below(p->ns)];
            return jb_value_new_string(a, s.ptr, s.len);
        }
        break;
    }
    return pool_value(a, p);
}

/* A copy of v with node *k (pre-order) mutated. */
static jb_value *mutant(jb_arena *a, const jb_value *v, long *k, const pools *p) {
    if ((*k)-- == 0) return mutate_node(a, v, p);
    if (jb_value_is_array(v)) {
        jb_value *c = jb_value_new_array(a);
        for (size_t i = 0, n = jb_value_array_len(v); i < n; i++)
            jb_value_array_append(c, mutant(a, jb_value_array_get(v, i), k, p), a);
        return c;
    }
    if (jb_value_is_object(v)) {
        jb_value *c = jb_value_new_object(a);
        for (size_t i = 0, n = jb_value_object_len(v); i < n; i++) {
            jb_str key;
            const jb_value *m = jb_value_object_at(v, i, &key);
            jb_value_object_set(c, key.ptr, key.len, mutant(a, m, k, p), a);
        }
        return c;
    }
    return jb_value_copy(v, a);
}

schema_pools *schema_pools_new(void) {
    schema_pools *p = calloc(1, sizeof *p);
    if (!p || !(p->arena = jb_arena_new())) abort();
    return p;
}

void schema_pools_add(schema_pools *p, const char *json, size_t len) {
    jb_value *d = NULL;
    if (jb_value_parse(json, len, &d, p->arena, NULL, NULL) == JB_OK) collect(d, p, p->arena, 0);
}

void schema_pools_free(schema_pools *p) {
    if (!p) return;
    jb_arena_free(p->arena);
    free(p);
}

bool schema_mutant(const schema_pools *p, const char *json, size_t len, jb_buf *out) {
    jb_arena *a = jb_arena_new();
    jb_value *d = NULL;
    bool ok = false;
    if (a && jb_value_parse(json, len, &d, a, NULL, NULL) == JB_OK) {
        long k = (long)below(count_nodes(d));
        jb_value *mu = mutant(a, d, &k, p);
        ok = mu && jb_value_print(mu, out, NULL, NULL) == JB_OK;
    }
    jb_arena_free(a);
    return ok;
}

size_t schema_random_docs(const schema_entry *e, size_t n, size_t max_bytes, size_t max_doc,
                          void (*fn)(const char *text, size_t len, void *ctx), void *ctx) {
    jb_arena *gen = jb_arena_new();
    void *v = malloc(e->type->size);
    uint8_t bytes[768];
    jb_buf b = JB_BUF_INIT;
    size_t made = 0, tried = 0, total = 0;
    if (!gen || !v) abort();
    while (made < n && tried < 4 * n && total < max_bytes) {
        tried++;
        for (size_t i = 0; i < sizeof bytes; i++) bytes[i] = (uint8_t)schema_rnd();
        fuzz_src src = {bytes, sizeof bytes};
        zoo_gen(e->type, v, &src, gen, 0);
        jb_write_options wo = {0};
        if (tried & 1) wo.flags = JB_WRITE_ABSENT_NULL;
        b.len = 0;
        if (jb_encode(e->type, v, &b, &wo, NULL) == JB_OK && b.len <= max_doc) {
            fn(b.data, b.len, ctx);
            total += b.len;
            made++;
        }
        jb_arena_reset(gen);
    }
    jb_buf_free(&b);
    free(v);
    jb_arena_free(gen);
    return made;
}
