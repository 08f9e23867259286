/* SPDX-License-Identifier: MIT */
/*
 * codegen_dec.c — the C text of a node's decoder: `static const char
 * *dN(jb_gen_dec *d, const char *p, char *o)`, p on the value's first byte,
 * returning the byte after it or NULL (the interpreter then decodes the
 * whole document again: codegen_rt.c). It mirrors codegen_enc.c.
 *
 * The code accepts exactly a subset of what the interpreter (decode.c)
 * accepts, producing the same value: each construct below says which
 * interpreter path it follows. What it does not take returns NULL, so the
 * rule for every branch is "when in doubt, give up".
 *
 * Records are straight-line: one block per field in declaration order,
 * whose key is compared with the field's constant quoted name and colon
 * (`"name":`, a few word compares); on a miss one runtime call
 * (jb_gen_field) reads the key and looks it up in the plan's name table,
 * one dispatch runs the matching block's value code, after which the next
 * block is tried again. Each block holds only the common path inline (the
 * key, one space, the value, a ','); whitespace before a ',', the close
 * and every key not expected are calls, since gcc's time on the function
 * grows with the code each block repeats. A record of more than
 * JB_CG_COMPACT_FIELDS fields is a table and a call of jb_gen_record
 * instead (the same steps as a loop): straight-line code of hundreds of
 * fields in one goto chain compiles in superlinear time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen.h"

#define P(...) jb__cg_put(g, &g->body, __VA_ARGS__)

/* Kinds the interpreter decodes "flat" (decode.c flat_kind). */
static bool flat(jb_kind k) {
    return (k >= JB_KIND_BOOL && k <= JB_KIND_ENUM) || k == JB_KIND_RAW || k == JB_KIND_NUMBER;
}

/* The name of a built-in integer descriptor (its kernel is jb_gen_<name>). */
static const char *builtin_int(const jb_type *t) {
    if (t == &jb_i8) return "i8";
    if (t == &jb_i16) return "i16";
    if (t == &jb_i32) return "i32";
    if (t == &jb_i64) return "i64";
    if (t == &jb_u8) return "u8";
    if (t == &jb_u16) return "u16";
    if (t == &jb_u32) return "u32";
    if (t == &jb_u64) return "u64";
    return NULL;
}

/* The scope bits a leaf of kind k reads (decode.c's reader state). */
static bool scope_matters(const jb_type *t, uint32_t scope) {
    if (t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_U64)
        return JB_GEN_SCOPE_INT64(scope) || (scope & JB_GEN_SCOPE_INTEGRAL);
    if (t->kind == JB_KIND_F32 || t->kind == JB_KIND_F64) return (scope & JB_GEN_SCOPE_NONFINITE) != 0;
    return false;
}

/*
 * One value of type t at p into dst (a C expression of a char *), in
 * scope: p moves past it, or the function returns NULL.
 */
static void decode_value(cg *g, const jb_type *t, uint32_t scope, const char *dst, const char *in) {
    const char *bi;
    if (jb__cg_is_node(t)) {
        P("%sif (!(p = d%zu(d, p, %s))) return NULL;\n", in, jb__cg_node(g, t, scope, CG_NORMAL, NULL), dst);
        return;
    }
    if (!flat(t->kind) || scope_matters(t, scope)) {
        P("%sif (!(p = jb_gen_value(d, p, T[%zu], %s, %uu))) return NULL;\n", in, jb__cg_type(g, t), dst,
          (unsigned)scope);
        return;
    }
    switch (t->kind) {
    case JB_KIND_BOOL: P("%sif (!(p = jbg_bool(p, end, (bool *)(%s)))) return NULL;\n", in, dst); return;
    case JB_KIND_F64: P("%sif (!(p = jb_gen_f64(d, p, (double *)(%s)))) return NULL;\n", in, dst); return;
    case JB_KIND_F32: P("%sif (!(p = jb_gen_f32(d, p, (float *)(%s)))) return NULL;\n", in, dst); return;
    case JB_KIND_STR: P("%sif (!(p = jb_gen_str(d, p, (jb_str *)(%s)))) return NULL;\n", in, dst); return;
    case JB_KIND_CSTR: P("%sif (!(p = jb_gen_cstr(d, p, (char **)(%s)))) return NULL;\n", in, dst); return;
    default:
        if (t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_U64) {
            bi = builtin_int(t);
            if (bi) P("%sif (!(p = jb_gen_%s(d, p, %s))) return NULL;\n", in, bi, dst);
            else P("%sif (!(p = jb_gen_int(d, p, T[%zu], %s))) return NULL;\n", in, jb__cg_type(g, t), dst);
            return;
        }
        P("%sif (!(p = jb_gen_value(d, p, T[%zu], %s, %uu))) return NULL;\n", in, jb__cg_type(g, t), dst,
          (unsigned)scope);
        return;
    }
}

/* The whole value by the interpreter: the node's function just hands over. */
static void by_interpreter(cg *g, const jb_type *t, uint32_t scope) {
    P("    return jb_gen_value(d, p, T[%zu], o, %uu);\n}\n\n", jb__cg_type(g, t), (unsigned)scope);
}

static void head(cg *g, size_t id, const char *what, const char *name) {
    jb__cg_put(g, &g->protos, "static const char *d%zu(jb_gen_dec *d, const char *p, char *o);\n", id);
    P("/* decode %s %s */\nstatic const char *d%zu(jb_gen_dec *d, const char *p, char *o) {\n", what,
      name ? name : "?", id);
}

/* ---- records ---- */

/* After a record member's value: a ',' and the byte after it inline
 * (bounded by the function's `end`, not d->end, which the value's stores
 * would make gcc load again), then to label `next` (the next key); all
 * else (whitespace before a ',', the close) to label `sep`, which the
 * whole function shares: one runtime call (jb_gen_next) and, after a
 * ',', the field lookup that tries the field after the last one matched
 * first. Each member's code, which gcc's time grows with, stays two
 * compares and a jump. */
static void member_end(cg *g, const char *next) {
    P("    if (end - p > 1 && *p == ',') {\n        if ((unsigned char)*++p <= ' ') p = jb_gen_ws(d, p);\n"
      "        goto %s;\n    }\n    goto sep;\n",
      next);
}

/* A large record: the table of its fields' value functions (0: a leaf,
 * which the runtime reads) and one call of the runtime's loop, which steps
 * as the straight-line form below does. */
static void compact_record(cg *g, const cg_node *nd, const jb_plan *pl, uint32_t in) {
    size_t tix = jb__cg_type(g, nd->t);
    jb__cg_field_table(g, pl, in, "jb_gen_dec_fn", 'd');
    P("    return jb_gen_record(d, p, o, T[%zu], f, %uu, ", tix, (unsigned)in);
    if (nd->mode == CG_AFTER_TAG) {
        jb__cg_lit(g, &g->body, nd->tag->tag_name, nd->tag->tag_name_len);
        P(", %zu);\n}\n\n", nd->tag->tag_name_len);
    } else {
        P("NULL, 0);\n}\n\n");
    }
}

static void record(cg *g, const cg_node *nd, const jb_plan *pl) {
    size_t n = pl->n, words = pl->mask_words ? pl->mask_words : 1, tix = jb__cg_type(g, nd->t);
    uint32_t in = nd->mode == CG_AFTER_TAG ? nd->scope : jb__scope_in(nd->scope, pl);
    char dst[64];
    if (n > jb__cg_compact_min && pl->mask_words <= JB_GEN_RECORD_WORDS) {
        compact_record(g, nd, pl, in);
        return;
    }
    /* count: the unknown members (each known one is seen once: the
     * max_members check of those waits for done) */
    P("    const char *const end = d->end;\n    uint64_t seen[%zu] = {0};\n    size_t count = 0, guess = 0;\n"
      "    long f;\n    (void)guess;\n",
      words);
    if (n == 0) P("    (void)seen;\n    (void)o;\n"); /* an empty record: no field reads them */
    if (nd->mode == CG_AFTER_TAG) {
        /* push_record(resume): just past the tag member, in the sum's object */
        P("    switch (jbg_next(d, &p, '}')) {\n    case 1: break;\n    case 0: goto done;\n    default: return NULL;\n    }\n");
    } else {
        P("    if (!(p = jbg_open(d, p, '{'))) return NULL;\n");
        P("    if (p < end && *p == '}') {\n        d->depth--;\n        p++;\n        goto done;\n    }\n");
    }
    P("    goto k0;\n");
    for (size_t i = 0; i < n; i++) {
        const jb_pentry *pe = &pl->e[i];
        /* the expected field first: its quoted name and colon as written
         * by every encoder (the interpreter's guess, decode.c) */
        /* and at most one space after it inline (both forms every
         * encoder writes; any other whitespace is a call): two bytes past
         * the colon exist in every valid object (a value and the close),
         * so the byte after the colon and the one after a space are read
         * unchecked */
        P("k%zu: /* %s */\n    if (end - p > %zu && jbg_is(p, end, ", i, pe->name, pe->key_len + 1);
        jb__cg_lit(g, &g->body, pe->key, pe->key_len);
        P(", %zu)) {\n        p += %zu + (p[%zu] == ' ');\n"
          "        if ((unsigned char)*p <= ' ') p = jb_gen_ws(d, p);\n        goto v%zu;\n    }\n    goto lookup;\n",
          pe->key_len, pe->key_len, pe->key_len, i);
        P("v%zu:\n    if (seen[%zu] & UINT64_C(0x%llx)) return NULL;\n    seen[%zu] |= UINT64_C(0x%llx);\n", i, i / 64,
          (unsigned long long)((uint64_t)1 << (i % 64)), i / 64, (unsigned long long)((uint64_t)1 << (i % 64)));
        P("    guess = %zu;\n", i + 1);
        jb__cg_at(dst, sizeof dst, "o", pe->offset);
        bool three = pe->presence == JB_PRESENCE_FLAG && pe->type->kind == JB_KIND_PTR;
        const char *ind = "    ";
        if (pe->optional && !three) { /* record_member: null is absent */
            /* the byte after null is checked by what follows (a ',' or
             * jb_gen_next: whitespace, ',' or '}') */
            P("    if (p < end && *p == 'n') {\n        if (!jbg_is(p, end, \"null\", 4)) return NULL;\n"
              "        p += 4;\n    } else {\n");
            ind = "        ";
        }
        if (pe->presence == JB_PRESENCE_FLAG) P("%so[%zu] = 1;\n", ind, pe->flag_offset);
        decode_value(g, pe->type, in, dst, ind);
        if (pe->optional && !three) P("    }\n");
        /* jbg_next with only the ',' inline: whitespace before it and the
         * close (once an object) out of line, so that each member's code,
         * which gcc's time grows with, stays short */
        char next[32];
        snprintf(next, sizeof next, "k%zu", i + 1);
        member_end(g, next);
    }
    P("k%zu:\n    goto lookup;\n", n);
    /* every key not expected: one out-of-line step and one dispatch */
    /* jb__deny_unknown, split: the plan's part now, the call's in the code */
    bool deny = jb__deny_unknown(pl, 0);
    bool tail = n > 0 || !deny; /* a member_end jumps to sep */
    P("lookup:\n    f = jb_gen_field(d, p, T[%zu], (size_t)-1);\n%s    p = d->at;\n    switch (f) {\n", tix,
      tail ? "dispatch:\n" : "");
    for (size_t i = 0; i < n; i++) P("    case %zu: goto v%zu;\n", i, i);
    P("    case -1: break;\n    default: return NULL;\n    }\n    /* an unknown key */\n"
      "    if (++count > d->max_members) return NULL;\n");
    if (nd->mode == CG_AFTER_TAG) {
        P("    if (d->key.len == %zu && memcmp(d->key.ptr, ", nd->tag->tag_name_len);
        jb__cg_lit(g, &g->body, nd->tag->tag_name, nd->tag->tag_name_len);
        P(", %zu) == 0) return NULL; /* the tag again */\n", nd->tag->tag_name_len);
    }
    if (deny) {
        P("    return NULL;\n");
    } else {
        P("    if ((d->flags & JB_READ_DENY_UNKNOWN) || !(p = jb_gen_skip(d, p))) return NULL;\n");
        member_end(g, "resume");
    }
    if (tail) {
        /* whitespace before a ',', or the close; after a ',' the field
         * after the last one matched is tried first */
        P("sep:\n    if (!(p = jb_gen_next(d, p, '}'))) return NULL;\n    if (p[-1] == '}') goto done;\n");
        P("%s    f = jb_gen_field(d, p, T[%zu], guess);\n    goto dispatch;\n", deny ? "" : "resume:\n", tix);
    }
    /* missing fields (defaults included: the interpreter applies those) */
    P("done:\n");
    for (size_t w = 0; w < pl->mask_words; w++) {
        uint64_t req = pl->required[w];
        for (size_t i = w * 64; i < n && i < w * 64 + 64; i++)
            if (pl->e[i].default_json) req |= (uint64_t)1 << (i % 64);
        if (req)
            P("    if ((seen[%zu] & UINT64_C(0x%llx)) != UINT64_C(0x%llx)) return NULL;\n", w, (unsigned long long)req,
              (unsigned long long)req);
    }
    /* the known members, at most n: jb__gen_doc runs generated code
     * only under a limit of JB_CG_COMPACT_FIELDS members or more, so only
     * a larger record counts them (its seen bits) */
    if (n > JB_CG_COMPACT_FIELDS)
        P("    if (count + jb_gen_count(seen, %zu) > d->max_members) return NULL;\n", words);
    P("    return p;\n}\n\n");
}

/* A record of one field written as that field's value (start: unwrap). */
static void unwrapped(cg *g, const cg_node *nd, const jb_plan *pl) {
    const jb_pentry *pe = &pl->e[0];
    char dst[64];
    jb__cg_at(dst, sizeof dst, "o", pe->offset);
    P("    const char *const end = d->end;\n    (void)end;\n");
    if (pe->presence == JB_PRESENCE_FLAG) P("    o[%zu] = 1;\n", pe->flag_offset);
    decode_value(g, pe->type, jb__scope_in(nd->scope, pl), dst, "    ");
    P("    return p;\n}\n\n");
}

/* ---- arrays ---- */

/* Does jb_gen_vec take a vector of t in scope (a leaf decode_value reads
 * through a kernel)? */
static bool vec_leaf(const jb_type *t, uint32_t scope) {
    switch (t->kind) {
    case JB_KIND_BOOL: case JB_KIND_F64: case JB_KIND_F32: case JB_KIND_STR: case JB_KIND_CSTR:
    case JB_KIND_I8: case JB_KIND_I16: case JB_KIND_I32: case JB_KIND_I64:
    case JB_KIND_U8: case JB_KIND_U16: case JB_KIND_U32: case JB_KIND_U64:
        return !jb__cg_is_node(t) && !scope_matters(t, scope);
    default: return false;
    }
}

/* A fixed array jb_gen_vec takes as a vector's element (codegen_rt.c
 * jb_gen_vec: numbers of these kinds). */
static bool vec_arr(const jb_type *t, uint32_t scope) {
    if (t->kind != JB_KIND_ARRAY || t->count == 0 || !vec_leaf(t->elem, scope)) return false;
    switch (t->elem->kind) {
    case JB_KIND_I32: case JB_KIND_I64: case JB_KIND_U32: case JB_KIND_U64: case JB_KIND_F64: return true;
    default: return false;
    }
}

/* A leaf type's C expression: the built-in descriptor's name or T[i]. */
static void leaf_ref(cg *g, const jb_type *t, char *buf, size_t cap) {
    const char *bi = builtin_int(t);
    if (bi) snprintf(buf, cap, "&jb_%s", bi);
    else snprintf(buf, cap, "T[%zu]", jb__cg_type(g, t));
}

/* A tuple (pl) or fixed array of n elements (start_fixed, flat_fixed). */
/* A tuple whose elements are all the same leaf type, laid out as an
 * array of it (offsets first, first + size, ...): jb_gen_arr takes it as
 * the fixed array it is. */
static bool tuple_as_array(const jb_plan *pl, uint32_t scope) {
    if (!pl || pl->n == 0 || !vec_leaf(pl->e[0].type, scope)) return false;
    for (size_t i = 1; i < pl->n; i++)
        if (pl->e[i].type != pl->e[0].type || pl->e[i].offset != pl->e[0].offset + i * pl->e[0].type->size)
            return false;
    return true;
}

static void fixed_array(cg *g, const cg_node *nd, const jb_plan *pl, size_t n) {
    char dst[64];
    if (n > 0 && (pl ? tuple_as_array(pl, nd->scope) : vec_leaf(nd->t->elem, nd->scope))) { /* the runtime's loop */
        leaf_ref(g, pl ? pl->e[0].type : nd->t->elem, dst, sizeof dst);
        P("    return jb_gen_arr(d, p, %s, o + %zu, %zu);\n}\n\n", dst, pl ? pl->e[0].offset : 0, n);
        return;
    }
    P("    const char *const end = d->end;\n    (void)end;\n    if (!(p = jbg_open(d, p, '['))) return NULL;\n");
    if (n == 0) {
        P("    if (p >= end || *p != ']') return NULL;\n    d->depth--;\n    return p + 1;\n}\n\n");
        return;
    }
    for (size_t i = 0; i < n; i++) {
        const jb_type *et = pl ? pl->e[i].type : nd->t->elem;
        jb__cg_at(dst, sizeof dst, "o", pl ? pl->e[i].offset : i * nd->t->elem->size);
        P("    if (p < end && *p == ']') return NULL;\n");
        decode_value(g, et, nd->scope, dst, "    ");
        P("    if (jbg_next(d, &p, ']') != %d) return NULL;\n", i + 1 < n ? 1 : 0);
    }
    P("    return p;\n}\n\n");
}

/* A vector: elements on the scratch stack, then one arena block
 * (flat_vec, start_vec and step_vec). */
static void vec(cg *g, const cg_node *nd) {
    const jb_type *et = nd->t->elem;
    size_t es = et->size, ea = et->align ? et->align : 8;
    if (ea > 16) ea = 16;
    if (vec_arr(et, nd->scope) && et->elem->kind == JB_KIND_F64) {
        /* rows of doubles (canada's rings of [x, y] points): the
         * interpreter's vector of fixed arrays (decode.c leaf_vec) */
        by_interpreter(g, nd->t, nd->scope);
        return;
    }
    if (vec_leaf(et, nd->scope) || vec_arr(et, nd->scope)) { /* the whole loop in the runtime */
        char ref[64];
        leaf_ref(g, et, ref, sizeof ref);
        P("    return jb_gen_vec(d, p, %s, o);\n}\n\n", ref);
        return;
    }
    P("    const char *const end = d->end;\n    jb_gen_mark m;\n    size_t n = 0;\n    char *slot;\n");
    P("    if (!(p = jbg_open(d, p, '['))) return NULL;\n");
    P("    if (p < end && *p == ']') {\n        d->depth--;\n        return p + 1;\n    }\n");
    P("    m = jb_gen_mark_get(d);\n    for (;;) {\n");
    P("        if (++n > d->max_members || !(slot = jb_gen_push(d, %zu))) return NULL;\n", es);
    if (!flat(et->kind)) P("        memset(slot, 0, %zu);\n", es);
    decode_value(g, et, nd->scope, "slot", "        ");
    P("        switch (jbg_next(d, &p, ']')) {\n        case 1: continue;\n        case 0: break;\n"
      "        default: return NULL;\n        }\n        break;\n    }\n");
    P("    if (jb_gen_collect(d, m, n, %zu, %zu, o)) return NULL;\n    return p;\n}\n\n", es, ea);
}

/* A map as an object with string-like keys (start_map, step_map). */
static void map(cg *g, const cg_node *nd) {
    const jb_type *t = nd->t;
    jb_key_mode km = t->key_mode ? t->key_mode : (jb_key_mode)JB_GEN_SCOPE_KEY_MODE(nd->scope);
    bool text_key = km == JB_KEYS_JSON_TEXT && t->key->kind != JB_KIND_CSTR && t->key->kind != JB_KIND_STR;
    if (!jb__map_is_object(t->key, km) || text_key) {
        by_interpreter(g, t, nd->scope);
        return;
    }
    size_t es, vo;
    jb__map_layout(t, &es, &vo);
    bool sorted = jb__map_sorted(t, nd->scope);
    char dst[64];
    jb__cg_at(dst, sizeof dst, "e", vo);
    P("    const char *const end = d->end, *at = p;\n    jb_gen_mark m;\n    size_t n = 0;\n    char *e;\n");
    P("    if (!(p = jbg_open(d, p, '{'))) return NULL;\n    m = jb_gen_mark_get(d);\n");
    P("    if (p < end && *p == '}') {\n        d->depth--;\n        p++;\n    } else {\n        for (;;) {\n");
    P("            if (++n > d->max_members || !(e = jb_gen_push(d, %zu))) return NULL;\n", es);
    P("            memset(e, 0, %zu);\n", es);
    P("            if (!(p = jb_gen_map_key(d, p, T[%zu], e))) return NULL;\n", jb__cg_type(g, t->key));
    decode_value(g, t->elem, nd->scope, dst, "            ");
    P("            switch (jbg_next(d, &p, '}')) {\n            case 1: continue;\n            case 0: break;\n"
      "            default: return NULL;\n            }\n            break;\n        }\n    }\n");
    P("    if (jb_gen_map_done(d, T[%zu], m, n, at, %d, o)) return NULL;\n    return p;\n}\n\n", jb__cg_type(g, t),
      sorted ? 1 : 0);
}

/* A pointer: null, or the pointee in fresh arena memory (start, PTR). */
static void ptr(cg *g, const cg_node *nd) {
    const jb_type *et = nd->t->elem;
    size_t ea = et->align ? et->align : 8;
    if (ea > 16) ea = 16;
    P("    const char *const end = d->end;\n    char *q;\n    (void)end;\n");
    P("    if (p < end && *p == 'n') {\n");
    if (jb__ptr_is_box(nd->t)) P("        return NULL; /* a box is never null */\n    }\n");
    else P("        return jbg_null(p, end); /* NULL already */\n    }\n");
    P("    if (!(q = jb_gen_alloc(d, %zu, %zu))) return NULL;\n    memset(q, 0, %zu);\n    memcpy(o, &q, sizeof q);\n",
      et->size, ea, et->size);
    decode_value(g, et, nd->scope, "q", "    ");
    P("    return p;\n}\n\n");
}

/* ---- names: enum cases and sum tags ---- */

/* Names the tree below matches: printable ASCII but '"' and '\\', as
 * raw input spells them with no escape (so the input's quoted bytes equal
 * `"name"` exactly when jb__r_key would read that name), and short. Any
 * other name, and any input spelt otherwise, takes the general path. */
#define CG_TREE_NAME_MAX 62
static bool tree_name(const jb_pname *k) {
    if (k->len > CG_TREE_NAME_MAX) return false;
    for (size_t i = 0; i < k->len; i++)
        if (k->name[i] < 0x20 || k->name[i] > 0x7e || k->name[i] == '"' || k->name[i] == '\\') return false;
    return true;
}

/* Byte j of `"name"`. */
static unsigned char quoted_at(const jb_pname *k, size_t j) {
    return j == 0 || j == k->len + 1 ? (unsigned char)'"' : (unsigned char)k->name[j - 1];
}

/* What a match does (the input at p is `"name"` of k): emitted at ind. */
typedef void (*cg_hit_fn)(cg *g, const jb_pname *k, const void *ctx, const char *ind);

/*
 * Match the quoted string at p against ks[0..n) (tree_name names): a
 * switch on the one byte that splits the set into the most groups, then
 * the same within each group, and at three names or fewer the constant
 * compares of each whole `"name"` (jbg_is: the closing quote included, so
 * a match is the whole string). A switch's byte j is before the end of
 * every name of its set (two names differ before the shorter one's
 * closing quote), so a byte there exists whenever one of them matches.
 * Every miss falls through to what the caller writes after the tree: the
 * general path, which reads the string and looks it up.
 */
static void name_tree(cg *g, const jb_pname **ks, size_t n, size_t depth, cg_hit_fn hit, const void *ctx) {
    char ind[80];
    size_t w = 4 + 4 * depth < sizeof ind - 1 ? 4 + 4 * depth : sizeof ind - 1;
    memset(ind, ' ', w);
    ind[w] = '\0';
    size_t minlen = SIZE_MAX, best = 0, best_j = 0;
    for (size_t i = 0; i < n; i++)
        if (ks[i]->len + 2 < minlen) minlen = ks[i]->len + 2;
    if (n > 3) {
        for (size_t j = 1; j + 1 <= minlen; j++) {
            bool seen[256] = {false};
            size_t distinct = 0;
            for (size_t i = 0; i < n; i++) {
                unsigned char c = quoted_at(ks[i], j);
                if (!seen[c]) distinct++;
                seen[c] = true;
            }
            if (distinct > best) {
                best = distinct;
                best_j = j;
            }
        }
    }
    if (best < 2) {
        for (size_t i = 0; i < n; i++) {
            char lit[CG_TREE_NAME_MAX + 2];
            lit[0] = '"';
            memcpy(lit + 1, ks[i]->name, ks[i]->len);
            lit[ks[i]->len + 1] = '"';
            P("%sif (jbg_is(p, end, ", ind);
            jb__cg_lit(g, &g->body, lit, ks[i]->len + 2);
            P(", %zu)) {\n", ks[i]->len + 2);
            char in2[84];
            snprintf(in2, sizeof in2, "%s    ", ind);
            hit(g, ks[i], ctx, in2);
            P("%s}\n", ind);
        }
        return;
    }
    const jb_pname **sub = malloc(n * sizeof *sub);
    if (!sub) {
        g->oom = true;
        return;
    }
    P("%sif (end - p > %zu) {\n%s    switch ((unsigned char)p[%zu]) {\n", ind, best_j, ind, best_j);
    for (unsigned c = 0; c < 256; c++) {
        size_t m = 0;
        for (size_t i = 0; i < n; i++)
            if (quoted_at(ks[i], best_j) == c) sub[m++] = ks[i];
        if (!m) continue;
        P("%s    case %u:\n", ind, c);
        name_tree(g, sub, m, depth + 2, hit, ctx);
        P("%s        break;\n", ind);
    }
    P("%s    default: break;\n%s    }\n%s}\n", ind, ind, ind);
    free(sub);
}

/* The tree over pl's tree_name names (aliases included), under a check
 * that the longest is within the call's max_string_len, as jb__r_key
 * checks it. Nothing (false) when no name qualifies. */
static bool names_match(cg *g, const jb_plan *pl, cg_hit_fn hit, const void *ctx) {
    size_t n = 0, longest = 0;
    const jb_pname **ks = malloc((pl->names.nkeys ? pl->names.nkeys : 1) * sizeof *ks);
    if (!ks) {
        g->oom = true;
        return false;
    }
    for (size_t i = 0; i < pl->names.nkeys; i++) {
        const jb_pname *k = &pl->names.keys[i];
        if (k->entry >= pl->n || !tree_name(k)) continue;
        ks[n++] = k;
        if (k->len > longest) longest = k->len;
    }
    if (n) {
        P("    if (d->max_string_len >= %zu) {\n", longest);
        name_tree(g, ks, n, 1, hit, ctx);
        P("    }\n");
    }
    free(ks);
    return n != 0;
}

/* An enum case matched: its value stored, the cursor past the string. */
static void enum_hit(cg *g, const jb_pname *k, const void *ctx, const char *ind) {
    const jb_type *t = ctx;
    const jb_plan *pl = jb__plan_get(t);
    size_t bits = t->size * 8;
    if (bits != 8 && bits != 16 && bits != 32) bits = 64;
    /* NOLINTNEXTLINE(clang-analyzer-core.NullDereference): the plan is compiled (names_match read it) */
    uint64_t v = pl->e[k->entry].value & (bits == 64 ? UINT64_MAX : ((uint64_t)1 << bits) - 1);
    P("%suint%zu_t v_ = UINT%zu_C(%llu);\n%smemcpy(o, &v_, %zu);\n%sreturn p + %zu;\n", ind, bits, bits,
      (unsigned long long)v, ind, t->size, ind, k->len + 2);
}

/* A sum's case name matched: c the case, the cursor past the string,
 * then to the label ctx names (where jb_gen_find's result is used). */
static void case_hit(cg *g, const jb_pname *k, const void *ctx, const char *ind) {
    P("%sc = %lu;\n%sp += %zu;\n%sgoto %s;\n", ind, (unsigned long)k->entry, ind, k->len + 2, ind,
      (const char *)ctx);
}

/* A sum's case name at p into c (sum_name, find_tag): the tree first (when
 * the sum is small), jb_gen_name and jb_gen_find otherwise; then label. */
static void case_name(cg *g, const jb_plan *pl, size_t tix, const char *label) {
    bool tree = pl->n <= jb__cg_compact_min && names_match(g, pl, case_hit, label);
    P("    if (p >= end || *p != '\"' || !(p = jb_gen_name(d, p, &key))) return NULL;\n");
    P("    c = jb_gen_find(T[%zu], key.ptr, key.len);\n", tix);
    if (tree) P("%s:\n", label);
}

/* An enum (jb__dec_enum): its names by the tree when it is small and a
 * string is its only form; every other input by jb_gen_enum. */
static void enum_dec(cg *g, const cg_node *nd, const jb_plan *pl) {
    const jb_type *t = nd->t;
    size_t bits = t->size * 8;
    if (pl->n <= jb__cg_compact_min && !(pl->fmt_flags & JB_FMT_NULLARY_OBJECT) &&
        (bits == 8 || bits == 16 || bits == 32 || bits == 64)) {
        P("    const char *const end = d->end;\n    (void)end;\n");
        names_match(g, pl, enum_hit, t);
    }
    P("    return jb_gen_enum(d, p, T[%zu], o);\n}\n\n", jb__cg_type(g, t));
}

/* ---- sums ---- */

static void set_tag(cg *g, const jb_type *t, uint64_t v, const char *in) {
    size_t bits = t->tag_size * 8;
    if (bits != 8 && bits != 16 && bits != 32) bits = 64;
    P("%s{\n%s    uint%zu_t tag_ = UINT%zu_C(%llu);\n%s    memcpy(o + %zu, &tag_, %zu);\n%s}\n", in, in, bits, bits,
      (unsigned long long)v, in, t->tag_offset, t->tag_size, in);
}

/* The payload of case c (a nullary one: nothing where a payload stands). */
static void payload(cg *g, const cg_node *nd, const jb_plan *pl, size_t c, uint32_t in, const char *ind) {
    const jb_pentry *pe = &pl->e[c];
    char dst[64];
    if (!pe->type) {
        P("%sif (!(p = jb_gen_no_payload(d, p, T[%zu], %zu))) return NULL;\n", ind, jb__cg_type(g, nd->t), c);
        return;
    }
    jb__cg_at(dst, sizeof dst, "o", pe->offset);
    decode_value(g, pe->type, in, dst, ind);
}

/* A case name string at p (sum_name): a nullary case only. */
static void by_name(cg *g, const cg_node *nd, const jb_plan *pl) {
    P("name:\n");
    case_name(g, pl, jb__cg_type(g, nd->t), "name_hit");
    P("    switch (c) {\n");
    bool strict = (pl->fmt_flags & JB_FMT_NULLARY_STRICT) &&
                  (pl->fmt_flags & (JB_FMT_NULLARY_ARRAY | JB_FMT_NULLARY_OBJECT)) && !pl->all_nullary;
    for (size_t c = 0; c < pl->n && !strict; c++) {
        if (pl->e[c].type) continue;
        P("    case %zu:\n", c);
        set_tag(g, nd->t, pl->e[c].value, "        ");
        P("        return p;\n");
    }
    P("    default: return NULL;\n    }\n");
}

static void sum(cg *g, const cg_node *nd, const jb_plan *pl) {
    uint32_t in = jb__scope_in(nd->scope, pl);
    size_t tix = jb__cg_type(g, nd->t);
    bool positional = false;
    for (size_t c = 0; c < pl->n; c++)
        if (pl->e[c].type && pl->e[c].type->kind == JB_KIND_RECORD) positional = true;
    positional = positional && (pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS);
    if (pl->sum_style == JB_SUM_UNTAGGED || positional) {
        by_interpreter(g, nd->t, nd->scope);
        return;
    }
    P("    const char *const end = d->end;\n    jb_str key;\n    long c = -1;\n    int have = 0;\n    (void)have;\n"
      "    (void)c;\n");
    if (pl->all_nullary && (pl->fmt_flags & JB_FMT_ALL_NULLARY_STRING)) {
        P("    if (p >= end || *p != '\"') return NULL;\n    goto name;\n");
        by_name(g, nd, pl);
        P("}\n\n");
        return;
    }
    if (pl->all_nullary || pl->sum_style == JB_SUM_EXTERNAL) P("    if (p < end && *p == '\"') goto name;\n");
    switch (pl->sum_style) {
    case JB_SUM_ARRAY:
        P("    if (!(p = jbg_open(d, p, '['))) return NULL;\n");
        case_name(g, pl, tix, "tag_hit");
        P("    switch (jbg_next(d, &p, ']')) {\n    case 1: break;\n    case 0:\n        switch (c) {\n");
        if ((pl->fmt_flags & (JB_FMT_NULLARY_STRICT | JB_FMT_NULLARY_ARRAY)) !=
            (JB_FMT_NULLARY_STRICT | JB_FMT_NULLARY_ARRAY))
            for (size_t c = 0; c < pl->n; c++) {
                if (pl->e[c].type) continue;
                P("        case %zu:\n", c);
                set_tag(g, nd->t, pl->e[c].value, "            ");
                P("            return p;\n");
            }
        P("        default: return NULL;\n        }\n    default: return NULL;\n    }\n    switch (c) {\n");
        for (size_t c = 0; c < pl->n; c++) {
            P("    case %zu:\n", c);
            payload(g, nd, pl, c, in, "        ");
            set_tag(g, nd->t, pl->e[c].value, "        ");
            P("        break;\n");
        }
        P("    default: return NULL;\n    }\n");
        P("    p = jbg_ws(d, p);\n    if (p >= end || *p != ']') return NULL;\n    d->depth--;\n    return p + 1;\n");
        break;
    case JB_SUM_INTERNAL:
    case JB_SUM_ADJACENT:
        /* the tag first, as every encoder writes it (find_tag's fast case) */
        P("    if (!(p = jbg_open(d, p, '{'))) return NULL;\n    if (!jbg_is(p, end, ");
        jb__cg_lit(g, &g->body, pl->tag_key, pl->tag_key_len);
        P(", %zu)) return NULL;\n    p = jbg_ws(d, p + %zu);\n", pl->tag_key_len, pl->tag_key_len);
        case_name(g, pl, tix, "tag_hit");
        if (pl->sum_style == JB_SUM_INTERNAL) {
            P("    switch (c) {\n");
            for (size_t c = 0; c < pl->n; c++) {
                const jb_pentry *pe = &pl->e[c];
                if (!pe->type || pe->type->kind != JB_KIND_RECORD) continue;
                const jb_plan *pp = jb__plan_get(pe->type);
                P("    case %zu:\n", c);
                if (pp->has_capture) { /* the interpreter's */
                    P("        return NULL;\n");
                    continue;
                }
                set_tag(g, nd->t, pe->value, "        ");
                P("        return d%zu(d, p, o + %zu);\n", jb__cg_node(g, pe->type, in, CG_AFTER_TAG, pl),
                  pe->offset);
            }
            P("    default: break;\n    }\n");
        }
        /* the other members: the content once, the tag not again (P_REST) */
        P("    if (c < 0) return NULL;\n    for (;;) {\n        switch (jbg_next(d, &p, '}')) {\n"
          "        case 1: break;\n        case 0: goto rest_done;\n        default: return NULL;\n        }\n");
        P("        if (p >= end || *p != '\"' || !(p = jb_gen_key(d, p, &key))) return NULL;\n");
        P("        if (key.len == %zu && memcmp(key.ptr, ", pl->content_name_len);
        jb__cg_lit(g, &g->body, pl->content_name, pl->content_name_len);
        P(", %zu) == 0) {\n            if (have++) return NULL;\n            switch (c) {\n", pl->content_name_len);
        for (size_t c = 0; c < pl->n; c++) {
            P("            case %zu:\n", c);
            payload(g, nd, pl, c, in, "                ");
            P("                break;\n");
        }
        P("            default: return NULL;\n            }\n            continue;\n        }\n");
        P("        if (key.len == %zu && memcmp(key.ptr, ", pl->tag_name_len);
        jb__cg_lit(g, &g->body, pl->tag_name, pl->tag_name_len);
        P(", %zu) == 0) return NULL;\n        if (!(p = jb_gen_skip(d, p))) return NULL;\n    }\nrest_done:\n",
          pl->tag_name_len);
        P("    switch (c) {\n");
        for (size_t c = 0; c < pl->n; c++) {
            P("    case %zu:\n", c);
            if (pl->e[c].type) P("        if (!have) return NULL;\n");
            set_tag(g, nd->t, pl->e[c].value, "        ");
            P("        return p;\n");
        }
        P("    default: return NULL;\n    }\n");
        break;
    default: { /* external: {"Case": payload} */
        /* the key by the name tree (then the colon), as case_name */
        P("    if (!(p = jbg_open(d, p, '{'))) return NULL;\n");
        bool tree = pl->n <= jb__cg_compact_min && names_match(g, pl, case_hit, "key_hit");
        P("    if (p >= end || *p != '\"' || !(p = jb_gen_key(d, p, &key))) return NULL;\n");
        P("    c = jb_gen_find(T[%zu], key.ptr, key.len);\n", tix);
        if (tree)
            P("    goto key_done;\nkey_hit:\n    if (!(p = jbg_ws(d, p)) || p >= end || *p != ':') return NULL;\n"
              "    if (!(p = jbg_ws(d, p + 1))) return NULL;\nkey_done:\n");
        P("    switch (c) {\n");
        for (size_t c = 0; c < pl->n; c++) {
            P("    case %zu:\n", c);
            payload(g, nd, pl, c, in, "        ");
            set_tag(g, nd->t, pl->e[c].value, "        ");
            P("        break;\n");
        }
        P("    default: return NULL;\n    }\n");
        P("    p = jbg_ws(d, p);\n    if (p >= end || *p != '}') return NULL;\n    d->depth--;\n    return p + 1;\n");
        break;
    }
    }
    if (pl->all_nullary || pl->sum_style == JB_SUM_EXTERNAL) by_name(g, nd, pl);
    P("}\n\n");
}

void jb__cg_decoder(cg *g, size_t id) {
    cg_node nd = g->nodes[id]; /* a copy: new nodes may move the array */
    const jb_type *t = nd.t;
    const jb_plan *pl = jb__kind_has_plan(t->kind) ? jb__plan_get(t) : NULL;
    /* NOLINTBEGIN(clang-analyzer-core.NullDereference): a record's and a tuple's
     * plan is there (jb__root_check compiled every type the roots reach) */
    if (jb__cg_interpreted(pl, nd.scope)) {
        head(g, id, "interpreted", t->name);
        by_interpreter(g, t, nd.scope);
        return;
    }
    switch (t->kind) {
    case JB_KIND_RECORD:
        head(g, id, "record", t->name);
        if (pl->unwrap && jb__cg_transparent_cycle(t)) by_interpreter(g, t, nd.scope);
        else if (pl->unwrap && nd.mode == CG_NORMAL) unwrapped(g, &nd, pl);
        else record(g, &nd, pl);
        return;
    case JB_KIND_TUPLE:
        head(g, id, "tuple", t->name);
        fixed_array(g, &nd, pl, pl->n);
        return;
        /* NOLINTEND(clang-analyzer-core.NullDereference) */
    case JB_KIND_ARRAY:
        head(g, id, "array", t->name);
        fixed_array(g, &nd, NULL, t->count);
        return;
    case JB_KIND_VEC:
        head(g, id, "vector", t->name);
        vec(g, &nd);
        return;
    case JB_KIND_MAP:
        head(g, id, "map", t->name);
        map(g, &nd);
        return;
    case JB_KIND_PTR:
        head(g, id, "pointer", t->name);
        if (jb__cg_transparent_cycle(t)) by_interpreter(g, t, nd.scope);
        else ptr(g, &nd);
        return;
    case JB_KIND_SUM:
        head(g, id, "sum", t->name);
        sum(g, &nd, pl);
        return;
    default: /* JB_KIND_ENUM */
        head(g, id, "enum", t->name);
        enum_dec(g, &nd, pl);
        return;
    }
}
