/* SPDX-License-Identifier: MIT */
/*
 * codegen_enc.c — the C text of a node's encoder: `static char *eN(jb_gen_enc
 * *e, char *p, const char *o)`, writing the value of o at p and returning
 * the new cursor, or NULL (the interpreter then writes the whole value
 * again: codegen_rt.c). It mirrors codegen_dec.c, and writes the bytes
 * encode.c writes in compact mode.
 *
 * Constant text (`{"name":`, `,"name":`, a case's `"Name"`) is one memcpy
 * of a literal, which compilers turn into immediate stores. A record
 * reserves once for each run of fields whose size is bounded (keys, bools,
 * integers, floats) and writes them unchecked; strings and containers
 * reserve for themselves. Records of more than JB_CG_COMPACT_FIELDS
 * fields and enums of more cases than that are written as
 * a table and a call of the runtime's loop (jb_gen_w_record,
 * jb_gen_w_enum), which compile in linear time.
 */
#include <stdio.h>

#include "codegen.h"
#include "encode.h"
#include "write.h"

#define P(...) jb__cg_put(g, &g->body, __VA_ARGS__)

/* The most bytes a leaf of t writes when bounded (0: unbounded or not
 * written inline). */
static size_t bounded(const jb_type *t, uint32_t scope) {
    if (t->kind >= JB_KIND_I8 && t->kind <= JB_KIND_U64) {
        if (jb__int_as_string(t, scope)) return 0;
        return 21;
    }
    if (t->kind == JB_KIND_BOOL) return 5;
    return 0;
}

/* Does a name hold control bytes (which JB_FMT_CONTROL_HEX escapes
 * otherwise than the plan's pre-escaped bytes)? */
static bool has_control(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] < 0x20) return true;
    return false;
}

/* Write n bytes of literal text (room already made). */
static void put_text(cg *g, const char *s, size_t n, const char *in) {
    P("%smemcpy(p, ", in);
    jb__cg_lit(g, &g->body, s, n);
    P(", %zu);\n%sp += %zu;\n", n, in, n);
}

/* Room for n bytes, then the text. */
static void room_text(cg *g, const char *s, size_t n, const char *in) {
    P("%sif (!(p = jbg_room(e, p, %zu))) return NULL;\n", in, n);
    put_text(g, s, n, in);
}

/*
 * The value of type t at src (a C expression of a const char *) in scope.
 * When `have` is non-zero, that many bytes of room are already made and
 * cover a bounded leaf.
 */
static void encode_value(cg *g, const jb_type *t, uint32_t scope, const char *src, const char *in, bool have) {
    if (jb__cg_is_node(t)) {
        P("%sif (!(p = e%zu(e, p, %s))) return NULL;\n", in, jb__cg_node(g, t, scope, CG_NORMAL, NULL), src);
        return;
    }
    size_t b = bounded(t, scope);
    if (b && !have) P("%sif (!(p = jbg_room(e, p, %zu))) return NULL;\n", in, b);
    switch (b || t->kind < JB_KIND_I8 || t->kind > JB_KIND_U64 ? t->kind : JB_KIND_INVALID) {
    case JB_KIND_BOOL:
        P("%sif (*(const bool *)(%s)) {\n%s    memcpy(p, \"true\", 4);\n%s    p += 4;\n%s} else {\n"
          "%s    memcpy(p, \"false\", 5);\n%s    p += 5;\n%s}\n",
          in, src, in, in, in, in, in, in);
        return;
    case JB_KIND_I8: P("%sp += jbg_fmt_i64(p, *(const int8_t *)(%s));\n", in, src); return;
    case JB_KIND_I16: P("%sp += jbg_fmt_i64(p, *(const int16_t *)(%s));\n", in, src); return;
    case JB_KIND_I32: P("%sp += jbg_fmt_i64(p, *(const int32_t *)(%s));\n", in, src); return;
    case JB_KIND_U8: P("%sp += jbg_fmt_u64(p, *(const uint8_t *)(%s));\n", in, src); return;
    case JB_KIND_U16: P("%sp += jbg_fmt_u64(p, *(const uint16_t *)(%s));\n", in, src); return;
    case JB_KIND_U32: P("%sp += jbg_fmt_u64(p, *(const uint32_t *)(%s));\n", in, src); return;
    case JB_KIND_I64: P("%sp += jbg_fmt_i64(p, *(const int64_t *)(%s));\n", in, src); return;
    case JB_KIND_U64: P("%sp += jbg_fmt_u64(p, *(const uint64_t *)(%s));\n", in, src); return;
    case JB_KIND_F64:
        P("%sif (!(p = jb_gen_w_f64(e, p, *(const double *)(%s), %u))) return NULL;\n", in, src,
          JB_GEN_SCOPE_FLOAT(scope));
        return;
    case JB_KIND_F32:
        P("%sif (!(p = jb_gen_w_f32(e, p, *(const float *)(%s), %u))) return NULL;\n", in, src,
          JB_GEN_SCOPE_FLOAT(scope));
        return;
    case JB_KIND_STR:
        P("%sif (!(p = jb_gen_w_str(e, p, (const jb_str *)(%s), %uu))) return NULL;\n", in, src,
          scope & JB_GEN_SCOPE_CONTROL_HEX ? (unsigned)JB_WRITE_CONTROL_HEX : 0u);
        return;
    case JB_KIND_CSTR:
        P("%sif (!(p = jb_gen_w_cstr(e, p, *(const char *const *)(%s), %uu))) return NULL;\n", in, src,
          scope & JB_GEN_SCOPE_CONTROL_HEX ? (unsigned)JB_WRITE_CONTROL_HEX : 0u);
        return;
    default: break;
    }
    P("%sif (!(p = jb_gen_w_value(e, p, T[%zu], %s, %uu))) return NULL;\n", in, jb__cg_type(g, t), src,
      (unsigned)scope);
}

static void by_interpreter(cg *g, const jb_type *t, uint32_t scope) {
    P("    return jb_gen_w_value(e, p, T[%zu], o, %uu);\n}\n\n", jb__cg_type(g, t), (unsigned)scope);
}

static void head(cg *g, size_t id, const char *what, const char *name) {
    jb__cg_put(g, &g->protos, "static char *e%zu(jb_gen_enc *e, char *p, const char *o);\n", id);
    P("/* encode %s %s */\nstatic char *e%zu(jb_gen_enc *e, char *p, const char *o) {\n", what, name ? name : "?",
      id);
}

/* ---- records ---- */

/* Is field pe written whatever the value (next_record: not optional)? */
static bool always(const jb_pentry *pe) { return !pe->optional; }

static void record(cg *g, const cg_node *nd, const jb_plan *pl) {
    uint32_t in = nd->mode == CG_AFTER_TAG ? nd->scope : jb__scope_in(nd->scope, pl);
    char src[64], key[600];
    size_t klen;
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *pe = &pl->e[i];
        if (pe->key_len + 2 > sizeof key ||
            ((in & JB_GEN_SCOPE_CONTROL_HEX) && has_control(pe->name, pe->name_len))) {
            by_interpreter(g, nd->t, nd->scope);
            return;
        }
    }
    if (pl->n > jb__cg_compact_min) { /* the table and the runtime's loop (codegen_dec.c) */
        jb__cg_field_table(g, pl, in, "jb_gen_enc_fn", 'e');
        P("    return jb_gen_w_record(e, p, o, T[%zu], f, %uu, %d);\n}\n\n", jb__cg_type(g, nd->t),
          (unsigned)in, nd->mode == CG_AFTER_TAG ? 1 : 0);
        return;
    }
    /* 0: nothing written yet, 1: something written, 2: `first` says.
     * `first` exists when a field is reached in state 2 (an optional
     * field before it, nothing always written): a record whose optional
     * fields all come last never reads it (-Wunused-but-set-variable). */
    int state = nd->mode == CG_AFTER_TAG ? 1 : 0;
    bool need_first = false;
    for (size_t i = 0, st = (size_t)state; i < pl->n; i++) {
        if (st == 2) need_first = true;
        if (always(&pl->e[i])) st = 1;
        else if (st == 0) st = 2;
    }
    if (need_first) P("    int first = 1;\n");
    if (pl->n == 0) P("    (void)o;\n"); /* an empty record: {} */
    /* The '{' goes under the first field's reservation when that field is
     * always written; the '}' under the last one's when that is always
     * written and bounded: a record of such fields reserves once per
     * field, not once more for each brace. */
    bool open_with_first = nd->mode == CG_NORMAL && pl->n > 0 && always(&pl->e[0]);
    bool close_with_last = pl->n > 0 && always(&pl->e[pl->n - 1]) && bounded(pl->e[pl->n - 1].type, in) != 0;
    if (nd->mode == CG_NORMAL && !open_with_first) {
        P("    if (!jbg_deeper(e) || !(p = jbg_room(e, p, 1))) return NULL;\n    *p++ = '{';\n");
    }
    for (size_t i = 0; i < pl->n; i++) {
        const jb_pentry *pe = &pl->e[i];
        jb__cg_at(src, sizeof src, "o", pe->offset);
        key[0] = ',';
        memcpy(key + 1, pe->key, pe->key_len);
        klen = pe->key_len;
        size_t b = bounded(pe->type, in);
        if (always(pe)) {
            /* ,"name": and a bounded value under one reservation, which
             * covers the run of always written bounded fields that
             * follows too (a price's three integers: one) */
            size_t close = i + 1 == pl->n && close_with_last ? 1 : 0;
            if (b && i > 0 && always(&pl->e[i - 1]) && bounded(pl->e[i - 1].type, in)) {
                put_text(g, key, klen + 1, "    "); /* inside the run: state 1 */
                encode_value(g, pe->type, in, src, "    ", true);
                continue;
            }
            for (size_t j = i + 1; b && j < pl->n && always(&pl->e[j]); j++) {
                size_t bj = bounded(pl->e[j].type, in);
                if (!bj) break;
                close += pl->e[j].key_len + 1 + bj + (j + 1 == pl->n && close_with_last ? 1 : 0);
            }
            if (state == 2) {
                P("    if (!(p = jbg_room(e, p, %zu))) return NULL;\n    if (!first) *p++ = ',';\n",
                  klen + 1 + b + close);
                put_text(g, key + 1, klen, "    ");
            } else if (i == 0 && open_with_first) {
                key[0] = '{'; /* state 0: nothing before it */
                P("    if (!jbg_deeper(e) || !(p = jbg_room(e, p, %zu))) return NULL;\n", klen + 1 + b + close);
                put_text(g, key, klen + 1, "    ");
            } else {
                size_t off = state == 1 ? 0 : 1;
                P("    if (!(p = jbg_room(e, p, %zu))) return NULL;\n", klen + 1 - off + b + close);
                put_text(g, key + off, klen + 1 - off, "    ");
            }
            encode_value(g, pe->type, in, src, "    ", b != 0);
            state = 1;
            continue;
        }
        /* an optional field: written when present; when absent, null or nothing */
        if (pe->presence == JB_PRESENCE_FLAG) P("    if (*(const bool *)(o + %zu)) {\n", pe->flag_offset);
        else P("    if (*(const void *const *)(%s)) {\n", src);
        const char *ind = "        ";
        for (int absent = 0; absent < 2; absent++) {
            if (absent) {
                /* null always, or only under the call's JB_WRITE_ABSENT_NULL */
                if (jb__absent_as_null(pe, 0)) P("    } else {\n");
                else if (jb__absent_as_null(pe, JB_WRITE_ABSENT_NULL))
                    P("    } else if (e->flags & JB_WRITE_ABSENT_NULL) {\n");
                else break;
            }
            if (state == 2) {
                P("%sif (!(p = jbg_room(e, p, %zu))) return NULL;\n%sif (!first) *p++ = ',';\n", ind,
                  klen + 1 + (absent ? 4 : b), ind);
                put_text(g, key + 1, klen, ind);
            } else {
                size_t off = state == 1 ? 0 : 1;
                P("%sif (!(p = jbg_room(e, p, %zu))) return NULL;\n", ind, klen + 1 - off + (absent ? 4 : b));
                put_text(g, key + off, klen + 1 - off, ind);
            }
            if (absent) put_text(g, "null", 4, ind);
            else encode_value(g, pe->type, in, src, ind, b != 0);
            if (state != 1 && need_first) P("%sfirst = 0;\n", ind);
        }
        P("    }\n");
        if (state == 0) state = 2;
    }
    if (!close_with_last) P("    if (!(p = jbg_room(e, p, 1))) return NULL;\n");
    P("    *p++ = '}';\n    e->depth--;\n    return p;\n}\n\n");
}

static void unwrapped(cg *g, const cg_node *nd, const jb_plan *pl) {
    char src[64];
    jb__cg_at(src, sizeof src, "o", pl->e[0].offset);
    encode_value(g, pl->e[0].type, jb__scope_in(nd->scope, pl), src, "    ", false);
    P("    return p;\n}\n\n");
}

/* ---- arrays ---- */

static void fixed_array(cg *g, const cg_node *nd, const jb_plan *pl, size_t n) {
    char src[64];
    /* every element bounded (aeson's BigProduct: 25 integers): the
     * brackets, the commas and every element under one reservation, as a
     * record's run of bounded fields */
    size_t all = n + 1; /* '[', the n - 1 commas and ']' */
    for (size_t i = 0; i < n && all; i++) {
        size_t b = bounded(pl ? pl->e[i].type : nd->t->elem, nd->scope);
        all = b ? all + b : 0;
    }
    if (n > 0 && all) {
        P("    if (!jbg_deeper(e) || !(p = jbg_room(e, p, %zu))) return NULL;\n    *p++ = '[';\n", all);
        for (size_t i = 0; i < n; i++) {
            jb__cg_at(src, sizeof src, "o", pl ? pl->e[i].offset : i * nd->t->elem->size);
            if (i) P("    *p++ = ',';\n");
            encode_value(g, pl ? pl->e[i].type : nd->t->elem, nd->scope, src, "    ", true);
        }
        P("    *p++ = ']';\n    e->depth--;\n    return p;\n}\n\n");
        return;
    }
    P("    if (!jbg_deeper(e) || !(p = jbg_room(e, p, 1))) return NULL;\n    *p++ = '[';\n");
    for (size_t i = 0; i < n; i++) {
        const jb_type *et = pl ? pl->e[i].type : nd->t->elem;
        size_t b = bounded(et, nd->scope);
        jb__cg_at(src, sizeof src, "o", pl ? pl->e[i].offset : i * nd->t->elem->size);
        if (i) P("    if (!(p = jbg_room(e, p, %zu))) return NULL;\n    *p++ = ',';\n", 1 + b);
        else if (b) P("    if (!(p = jbg_room(e, p, %zu))) return NULL;\n", b);
        encode_value(g, et, nd->scope, src, "    ", b != 0);
    }
    P("    if (!(p = jbg_room(e, p, 1))) return NULL;\n    *p++ = ']';\n    e->depth--;\n    return p;\n}\n\n");
}

/* The {items, len} at o (a vector or map), NULL items only when empty;
 * with an index i for a loop over them (index). */
static void items(cg *g, bool index) {
    P("    const char *items;\n    size_t len%s;\n    memcpy(&items, o, sizeof items);\n"
      "    memcpy(&len, o + sizeof items, sizeof len);\n    if (!items && len) return NULL;\n",
      index ? ", i" : "");
}

static void vec(cg *g, const cg_node *nd) {
    const jb_type *et = nd->t->elem;
    size_t b = bounded(et, nd->scope);
    if (et->kind == JB_KIND_ARRAY && et->count > 0 && et->elem->kind == JB_KIND_F64) {
        /* rows of doubles (canada's rings of [x, y] points): the
         * interpreter's one loop over every number (encode_leaf.c
         * jb__enc_f64_rows) writes them in fewer instructions than a
         * call a row and one a number */
        by_interpreter(g, nd->t, nd->scope);
        return;
    }
    bool ints = b && et->kind != JB_KIND_BOOL;
    items(g, !ints);
    /* empty (a record's list of ids often is): [] under one reservation */
    P("    if (!len) {\n        if (e->depth >= e->max_depth || !(p = jbg_room(e, p, 2))) return NULL;\n"
      "        memcpy(p, \"[]\", 2);\n        return p + 2;\n    }\n");
    P("    if (!jbg_deeper(e) || !(p = jbg_room(e, p, 1))) return NULL;\n    *p++ = '[';\n");
    if (ints) {
        /* integers written as numbers: the library's loop (one
         * reservation a block, jb_gen_digits) */
        P("    if (!(p = jb_gen_w_ints(e, p, items, len, T[%zu]))) return NULL;\n", jb__cg_type(g, et));
        P("    e->depth--;\n    return p;\n}\n\n");
        return;
    }
    if (b) {
        /* bools: one reservation for a block of them, each followed by
         * ',', the last ',' then made the ']' (len > 0 here). Blocks of
         * JB_CG_VEC_BLOCK keep a reservation near the text's size. */
        P("    for (i = 0; i < len;) {\n        size_t stop = len - i > %u ? i + %u : len;\n", JB_CG_VEC_BLOCK,
          JB_CG_VEC_BLOCK);
        P("        if (!(p = jbg_room(e, p, (stop - i) * %zu))) return NULL;\n", 1 + b);
        P("        for (; i < stop; i++) {\n            const char *it = items + i * %zu;\n", et->size);
        encode_value(g, et, nd->scope, "it", "            ", true);
        P("            *p++ = ',';\n        }\n    }\n    p[-1] = ']';\n    e->depth--;\n    return p;\n}\n\n");
        return;
    }
    P("    for (i = 0; i < len; i++) {\n        const char *it = items + i * %zu;\n", et->size);
    P("        if (i) {\n            if (!(p = jbg_room(e, p, 1))) return NULL;\n            *p++ = ',';\n        }\n");
    encode_value(g, et, nd->scope, "it", "        ", false);
    P("    }\n    if (!(p = jbg_room(e, p, 1))) return NULL;\n    *p++ = ']';\n    e->depth--;\n    return p;\n}\n\n");
}

static void map(cg *g, const cg_node *nd) {
    const jb_type *t = nd->t;
    jb_key_mode km = t->key_mode ? t->key_mode : (jb_key_mode)JB_GEN_SCOPE_KEY_MODE(nd->scope);
    bool text_key = km == JB_KEYS_JSON_TEXT && t->key->kind != JB_KIND_CSTR && t->key->kind != JB_KIND_STR;
    bool sorted = jb__map_sorted(t, nd->scope);
    if (!jb__map_is_object(t->key, km) || text_key || sorted || (nd->scope & JB_GEN_SCOPE_CONTROL_HEX)) {
        by_interpreter(g, t, nd->scope);
        return;
    }
    size_t es, vo;
    jb__map_layout(t, &es, &vo);
    char src[64];
    jb__cg_at(src, sizeof src, "it", vo);
    items(g, true);
    P("    if (!jbg_deeper(e) || !(p = jbg_room(e, p, 1))) return NULL;\n    *p++ = '{';\n");
    P("    for (i = 0; i < len; i++) {\n        const char *it = items + i * %zu;\n", es);
    P("        if (i) {\n            if (!(p = jbg_room(e, p, 1))) return NULL;\n            *p++ = ',';\n        }\n");
    P("        if (!(p = jb_gen_w_map_key(e, p, T[%zu], it))) return NULL;\n", jb__cg_type(g, t->key));
    encode_value(g, t->elem, nd->scope, src, "        ", false);
    P("    }\n    if (!(p = jbg_room(e, p, 1))) return NULL;\n    *p++ = '}';\n    e->depth--;\n    return p;\n}\n\n");
}

static void ptr(cg *g, const cg_node *nd) {
    P("    const char *q;\n    memcpy(&q, o, sizeof q);\n    if (!q) {\n");
    if (jb__ptr_is_box(nd->t)) P("        return NULL; /* a box is never NULL */\n    }\n");
    else P("        if (!(p = jbg_room(e, p, 4))) return NULL;\n        memcpy(p, \"null\", 4);\n        return p + 4;\n    }\n");
    encode_value(g, nd->t->elem, nd->scope, "q", "    ", false);
    P("    return p;\n}\n\n");
}

/* ---- enums and sums ---- */

static void tag_switch(cg *g, const jb_type *t, size_t size, size_t off) {
    size_t bits = size * 8;
    if (bits != 8 && bits != 16 && bits != 32) bits = 64;
    P("    uint%zu_t v;\n    memcpy(&v, o + %zu, %zu);\n    switch (v) {\n", bits, off, size);
    (void)t;
}

static void enumeration(cg *g, const cg_node *nd, const jb_plan *pl) {
    for (size_t c = 0; c < pl->n; c++)
        if ((nd->scope & JB_GEN_SCOPE_CONTROL_HEX) && has_control(pl->e[c].name, pl->e[c].name_len)) {
            by_interpreter(g, nd->t, nd->scope);
            return;
        }
    bool object = (pl->fmt_flags & JB_FMT_NULLARY_OBJECT) != 0;
    size_t sz = nd->t->size;
    if (pl->n > jb__cg_compact_min && (sz == 1 || sz == 2 || sz == 4 || sz == 8)) {
        /* a large enum: the plan's value table, not a switch of a path per case */
        P("    return jb_gen_w_enum(e, p, o, T[%zu], %d);\n}\n\n", jb__cg_type(g, nd->t), object ? 1 : 0);
        return;
    }
    tag_switch(g, nd->t, sz, 0);
    char buf[600];
    for (size_t c = 0; c < pl->n; c++) {
        const jb_pentry *pe = &pl->e[c];
        if (pe->key_len + 6 > sizeof buf) {
            P("    case UINT64_C(%llu): return jb_gen_w_value(e, p, T[%zu], o, 0u);\n", (unsigned long long)pe->value,
              jb__cg_type(g, nd->t));
            continue;
        }
        size_t n = 0;
        if (object) buf[n++] = '{';
        memcpy(buf + n, pe->key, pe->key_len);
        n += pe->key_len;
        if (object) {
            memcpy(buf + n, ":{}}", 4);
            n += 4;
        }
        P("    case UINT64_C(%llu):\n", (unsigned long long)pe->value);
        room_text(g, buf, n, "        ");
        P("        return p;\n");
    }
    P("    default: return NULL;\n    }\n}\n\n");
}

static void sum(cg *g, const cg_node *nd, const jb_plan *pl) {
    uint32_t in = jb__scope_in(nd->scope, pl);
    bool positional = false, control = false;
    for (size_t c = 0; c < pl->n; c++) {
        if (pl->e[c].type && pl->e[c].type->kind == JB_KIND_RECORD) positional = true;
        control = control || has_control(pl->e[c].name, pl->e[c].name_len);
    }
    control = control || has_control(pl->tag_name ? pl->tag_name : "", pl->tag_name_len) ||
              has_control(pl->content_name ? pl->content_name : "", pl->content_name_len);
    positional = positional && (pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS);
    if (pl->sum_style == JB_SUM_UNTAGGED || positional || (control && (in & JB_GEN_SCOPE_CONTROL_HEX))) {
        by_interpreter(g, nd->t, nd->scope);
        return;
    }
    tag_switch(g, nd->t, nd->t->tag_size, nd->t->tag_offset);
    char src[64], buf[700];
    bool names_only = pl->all_nullary && (pl->fmt_flags & JB_FMT_ALL_NULLARY_STRING);
    for (size_t c = 0; c < pl->n; c++) {
        const jb_pentry *pe = &pl->e[c];
        size_t n = 0;
        P("    case UINT64_C(%llu):\n", (unsigned long long)pe->value);
        if (pe->key_len + pl->tag_key_len + pl->content_key_len + 8 > sizeof buf) {
            P("        return jb_gen_w_value(e, p, T[%zu], o, %uu);\n", jb__cg_type(g, nd->t), (unsigned)nd->scope);
            continue;
        }
        jb__cg_at(src, sizeof src, "o", pe->offset);
        const char *nm = pe->key;
        size_t nl = pe->key_len;
        if (names_only) {
            room_text(g, nm, nl, "        ");
            P("        return p;\n");
            continue;
        }
        const char *close = "}";
        switch (pl->sum_style) {
        case JB_SUM_INTERNAL:
        case JB_SUM_ADJACENT:
            buf[n++] = '{';
            memcpy(buf + n, pl->tag_key, pl->tag_key_len);
            n += pl->tag_key_len;
            memcpy(buf + n, nm, nl);
            n += nl;
            P("        if (!jbg_deeper(e)) return NULL;\n");
            if (!pe->type) {
                buf[n++] = '}';
                room_text(g, buf, n, "        ");
                P("        e->depth--;\n        return p;\n");
                continue;
            }
            if (pl->sum_style == JB_SUM_INTERNAL && pe->type->kind == JB_KIND_RECORD) {
                room_text(g, buf, n, "        ");
                P("        return e%zu(e, p, %s);\n", jb__cg_node(g, pe->type, in, CG_AFTER_TAG, pl), src);
                continue;
            }
            buf[n++] = ',';
            memcpy(buf + n, pl->content_key, pl->content_key_len);
            n += pl->content_key_len;
            break;
        case JB_SUM_ARRAY:
            buf[n++] = '[';
            memcpy(buf + n, nm, nl);
            n += nl;
            close = "]";
            P("        if (!jbg_deeper(e)) return NULL;\n");
            if (!pe->type) {
                if (pl->fmt_flags & JB_FMT_NULLARY_ARRAY) {
                    memcpy(buf + n, ",[]", 3);
                    n += 3;
                }
                buf[n++] = ']';
                room_text(g, buf, n, "        ");
                P("        e->depth--;\n        return p;\n");
                continue;
            }
            buf[n++] = ',';
            break;
        default: /* external */
            if (!pe->type && !(pl->fmt_flags & (JB_FMT_NULLARY_OBJECT | JB_FMT_NULLARY_ARRAY))) {
                room_text(g, nm, nl, "        ");
                P("        return p;\n");
                continue;
            }
            buf[n++] = '{';
            memcpy(buf + n, nm, nl);
            n += nl;
            buf[n++] = ':';
            P("        if (!jbg_deeper(e)) return NULL;\n");
            if (!pe->type) {
                memcpy(buf + n, (pl->fmt_flags & JB_FMT_NULLARY_OBJECT) ? "{}}" : "[]}", 3);
                n += 3;
                room_text(g, buf, n, "        ");
                P("        e->depth--;\n        return p;\n");
                continue;
            }
            break;
        }
        room_text(g, buf, n, "        ");
        encode_value(g, pe->type, in, src, "        ", false);
        P("        if (!(p = jbg_room(e, p, 1))) return NULL;\n        *p++ = '%s';\n        e->depth--;\n"
          "        return p;\n",
          close);
    }
    P("    default: return NULL;\n    }\n}\n\n");
}

void jb__cg_encoder(cg *g, size_t id) {
    cg_node nd = g->nodes[id];
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
    default:
        head(g, id, "enum", t->name);
        enumeration(g, &nd, pl);
        return;
    }
}
