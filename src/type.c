/* SPDX-License-Identifier: MIT */
/*
 * type.c — the built-in descriptors and descriptor validation. Knows the
 * kinds and their C shapes; knows nothing of JSON text.
 *
 * Validation runs when a plan is compiled (plan.c) and looks one level
 * deep: a record's fields against their descriptors, a container's element
 * size. Child descriptors are validated when their own plans compile or,
 * for plan-less kinds, by the parent that holds them. This keeps recursive
 * types (a node holding a vec of nodes) finite.
 */
#include "error.h"
#include "plan.h"

#include <inttypes.h>

#define SCALAR(id, k, ctype_name, T) \
    JB_API const jb_type id = {.kind = k, .name = ctype_name, .size = sizeof(T), .align = _Alignof(T)}

SCALAR(jb_bool, JB_KIND_BOOL, "bool", bool);
SCALAR(jb_i8, JB_KIND_I8, "int8_t", int8_t);
SCALAR(jb_i16, JB_KIND_I16, "int16_t", int16_t);
SCALAR(jb_i32, JB_KIND_I32, "int32_t", int32_t);
SCALAR(jb_i64, JB_KIND_I64, "int64_t", int64_t);
SCALAR(jb_u8, JB_KIND_U8, "uint8_t", uint8_t);
SCALAR(jb_u16, JB_KIND_U16, "uint16_t", uint16_t);
SCALAR(jb_u32, JB_KIND_U32, "uint32_t", uint32_t);
SCALAR(jb_u64, JB_KIND_U64, "uint64_t", uint64_t);
SCALAR(jb_f32, JB_KIND_F32, "float", float);
SCALAR(jb_f64, JB_KIND_F64, "double", double);
SCALAR(jb_cstr, JB_KIND_CSTR, "char *", char *);
SCALAR(jb_string, JB_KIND_STR, "jb_str", jb_str);
SCALAR(jb_char, JB_KIND_CHAR, "uint32_t (a character)", uint32_t);
SCALAR(jb_raw, JB_KIND_RAW, "jb_str (raw JSON)", jb_str);
SCALAR(jb_number, JB_KIND_NUMBER, "jb_str (number)", jb_str);

/* jb_raw_members: a map from string keys to raw JSON values ({jb_str key; jb_str value;}). */
JB_API const jb_type jb_raw_members_type = {
    .kind = JB_KIND_MAP, .name = "jb_raw_members", .size = sizeof(jb_raw_members),
    .align = _Alignof(jb_raw_members), .key = &jb_string, .elem = &jb_raw,
    .entry_size = sizeof(jb_raw_member), .value_offset = offsetof(jb_raw_member, value),
    .key_mode = JB_KEYS_STRING};

#define SCALAR_STR(id, k, ctype_name, T)                                                          \
    JB_API const jb_type id = {.kind = k, .name = ctype_name, .size = sizeof(T), .align = _Alignof(T), \
                               .flags = JB_TYPE_AS_STRING}
SCALAR_STR(jb_i64_string, JB_KIND_I64, "int64_t (as string)", int64_t);
SCALAR_STR(jb_u64_string, JB_KIND_U64, "uint64_t (as string)", uint64_t);
SCALAR_STR(jb_i32_string, JB_KIND_I32, "int32_t (as string)", int32_t);
SCALAR_STR(jb_u32_string, JB_KIND_U32, "uint32_t (as string)", uint32_t);

static const char *tname(const jb_type *t) { return t && t->name ? t->name : "(unnamed)"; }

/* Can a member of `size` bytes hold the case value v, as a signed or an
 * unsigned integer? Stored cut to the member's width, a value it cannot
 * hold would come back as another number: a silent wrong read. */
static bool value_fits(int64_t v, size_t size) {
    if (size >= 8) return true;
    int64_t lo = -((int64_t)1 << (size * 8 - 1)), hi = ((int64_t)1 << (size * 8)) - 1;
    return v >= lo && v <= hi;
}

/* Is a member of C type ct (from _Generic) a valid home for kind k? */
static bool ctype_fits(jb_ctype ct, const jb_type *t) {
    jb_kind k = t->kind;
    bool is_int = ct >= JB_CT_I8 && ct <= JB_CT_U64;
    switch (k) {
    case JB_KIND_BOOL: return ct == JB_CT_BOOL;
    /* plain char is a byte to both (same bits whatever its signedness) */
    case JB_KIND_I8: return ct == JB_CT_I8 || ct == JB_CT_CHAR;
    case JB_KIND_U8: return ct == JB_CT_U8 || ct == JB_CT_CHAR;
    case JB_KIND_I16: return ct == JB_CT_I16;
    case JB_KIND_I32: return ct == JB_CT_I32;
    case JB_KIND_I64: return ct == JB_CT_I64;
    case JB_KIND_U16: return ct == JB_CT_U16;
    case JB_KIND_U32: case JB_KIND_CHAR: return ct == JB_CT_U32;
    case JB_KIND_U64: return ct == JB_CT_U64;
    case JB_KIND_F32: return ct == JB_CT_F32;
    case JB_KIND_F64: return ct == JB_CT_F64;
    case JB_KIND_CSTR: return ct == JB_CT_CHARP;
    case JB_KIND_STR: case JB_KIND_RAW: case JB_KIND_NUMBER: return ct == JB_CT_STR;
    /* A C enum member is compatible with an integer type (_Generic picks
     * that); a struct or union member is UNKNOWN. */
    case JB_KIND_ENUM: return ct == JB_CT_UNKNOWN || is_int;
    case JB_KIND_PTR: return ct == JB_CT_UNKNOWN || (ct == JB_CT_CHARP && t->elem &&
                              (t->elem->kind == JB_KIND_I8 || t->elem->kind == JB_KIND_U8));
    case JB_KIND_CUSTOM: return true;
    default: return ct == JB_CT_UNKNOWN;
    }
}

static const char *const kind_names[JB_KIND_COUNT_] = {
    "invalid", "bool", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f32", "f64",
    "cstr", "str", "char", "enum", "record", "tuple", "array", "sum", "vec", "map", "ptr", "raw",
    "number", "custom", "any"};

static bool width_ok(size_t n) { return n == 1 || n == 2 || n == 4 || n == 8; }

/* A plan-less child (vec element, ptr pointee, ...) is checked here. */
static jb_status check_child(const jb_type *parent, const char *what, const jb_type *c,
                             size_t seen_size, char *msg, size_t cap) {
    if (!c) {
        jb__msgf(msg, cap, "type %s: %s descriptor is NULL", tname(parent), what);
        return JB_E_DESCRIPTOR;
    }
    if (c->kind <= JB_KIND_INVALID || c->kind >= JB_KIND_COUNT_) {
        jb__msgf(msg, cap, "type %s: %s descriptor has an invalid kind", tname(parent), what);
        return JB_E_DESCRIPTOR;
    }
    if (seen_size && seen_size != c->size) {
        jb__msgf(msg, cap, "type %s: %s is %zu bytes in C but its descriptor %s describes %zu bytes",
                 tname(parent), what, seen_size, tname(c), c->size);
        return JB_E_DESCRIPTOR;
    }
    return JB_OK;
}

/*
 * A child without a plan of its own (vec, ptr, map, fixed array, scalars)
 * is validated by the parent that holds it, through chains of such kinds
 * (a vec of vecs of pointers); a kind with a plan stops the walk: it is
 * validated when its own plan compiles, which keeps recursive types finite.
 */
static jb_status check_planless(const jb_type *c, char *msg, size_t cap) {
    for (int hops = 0; c && !jb__kind_has_plan(c->kind) && hops < 64; hops++) {
        jb_status st = jb__type_validate(c, msg, cap);
        if (st) return st;
        if (c->kind == JB_KIND_MAP) {
            if (!jb__kind_has_plan(c->key->kind) && (st = check_planless(c->key, msg, cap)))
                return st;
            c = c->elem;
        } else if (c->kind == JB_KIND_VEC || c->kind == JB_KIND_PTR || c->kind == JB_KIND_ARRAY) {
            c = c->elem;
        } else {
            break;
        }
    }
    return JB_OK;
}

static const char *const shape_macros[] = {"", "JB_VEC_OF", "JB_MAP_OF", "JB_PTR_OF", "JB_ARRAY_OF"};
static const jb_kind shape_kinds[] = {JB_KIND_INVALID, JB_KIND_VEC, JB_KIND_MAP, JB_KIND_PTR, JB_KIND_ARRAY};

/*
 * A member seen through a container macro (jb_seen, recorded by JB_FIELD
 * or JB_CASE from the member itself) against the descriptor the macro
 * built: element, key, value or pointee size and C type, the map entry,
 * the fixed array's length. what/who name the member for the message.
 */
static jb_status check_seen(const jb_type *t, const char *what, const char *who, const jb_seen *s,
                            size_t member_size, const jb_type *d, char *msg, size_t cap) {
    if (!s->shape) return JB_OK;
    if (s->shape > JB_SHAPE_ARRAY || d->kind != shape_kinds[s->shape]) {
        jb__msgf(msg, cap, "type %s, %s %s: a %s member described by %s", tname(t), what, who,
                 s->shape <= JB_SHAPE_ARRAY ? shape_macros[s->shape] : "?", kind_names[d->kind]);
        return JB_E_DESCRIPTOR;
    }
    const char *part = s->shape == JB_SHAPE_PTR ? "pointee" : s->shape == JB_SHAPE_MAP ? "map value" : "element";
    const jb_type *e = d->elem;
    if (!e) return JB_OK; /* a NULL element is reported by the descriptor's own check */
    if (e->size != s->elem_size || !ctype_fits((jb_ctype)s->elem_ctype, e)) {
        jb__msgf(msg, cap, "type %s, %s %s: the member's %s is %zu bytes%s but its descriptor %s (%s) describes %zu",
                 tname(t), what, who, part, s->elem_size,
                 e->size == s->elem_size ? " of another C type" : "", tname(e), kind_names[e->kind], e->size);
        return JB_E_DESCRIPTOR;
    }
    if (s->shape == JB_SHAPE_MAP) {
        const jb_type *k = d->key;
        size_t es, vo;
        if (!k) return JB_OK;
        if (k->size != s->key_size || !ctype_fits((jb_ctype)s->key_ctype, k)) {
            jb__msgf(msg, cap, "type %s, %s %s: the member's map key is %zu bytes%s but its descriptor %s (%s) describes %zu",
                     tname(t), what, who, s->key_size, k->size == s->key_size ? " of another C type" : "",
                     tname(k), kind_names[k->kind], k->size);
            return JB_E_DESCRIPTOR;
        }
        jb__map_layout(d, &es, &vo);
        if (es != s->entry_size) {
            jb__msgf(msg, cap, "type %s, %s %s: the member's map entry is %zu bytes, the descriptors lay out %zu",
                     tname(t), what, who, s->entry_size, es);
            return JB_E_DESCRIPTOR;
        }
    }
    if (s->shape == JB_SHAPE_ARRAY && s->elem_size && member_size / s->elem_size != d->count) {
        jb__msgf(msg, cap, "type %s, %s %s: the member has %zu elements, its descriptor %zu", tname(t),
                 what, who, member_size / s->elem_size, d->count);
        return JB_E_DESCRIPTOR;
    }
    return JB_OK;
}

static jb_status check_field(const jb_type *t, const jb_field *f, char *msg, size_t cap) {
    const char *fn = f->cname;
    if (!f->type) {
        jb__msgf(msg, cap, "type %s, field %s: descriptor is NULL", tname(t), fn);
        return JB_E_DESCRIPTOR;
    }
    const jb_type *ft = f->type;
    if (ft->kind <= JB_KIND_INVALID || ft->kind >= JB_KIND_COUNT_) {
        jb__msgf(msg, cap, "type %s, field %s: descriptor has an invalid kind", tname(t), fn);
        return JB_E_DESCRIPTOR;
    }
    if (f->size != ft->size) {
        jb__msgf(msg, cap,
                 "type %s, field %s: member is %zu bytes but descriptor %s (%s) describes %zu bytes",
                 tname(t), fn, f->size, tname(ft), kind_names[ft->kind], ft->size);
        return JB_E_DESCRIPTOR;
    }
    if (!ctype_fits((jb_ctype)f->ctype, ft)) {
        jb__msgf(msg, cap, "type %s, field %s: the member's C type does not match descriptor %s (%s)",
                 tname(t), fn, tname(ft), kind_names[ft->kind]);
        return JB_E_DESCRIPTOR;
    }
    if (f->offset + f->size > t->size) {
        jb__msgf(msg, cap, "type %s, field %s: member lies outside the struct", tname(t), fn);
        return JB_E_DESCRIPTOR;
    }
    if (f->presence == JB_PRESENCE_FLAG && f->flag_ctype != JB_CT_BOOL) {
        jb__msgf(msg, cap, "type %s, field %s: the presence flag must be a bool member", tname(t), fn);
        return JB_E_DESCRIPTOR;
    }
    if (f->presence > JB_PRESENCE_FLAG) {
        jb__msgf(msg, cap, "type %s, field %s: unknown presence", tname(t), fn);
        return JB_E_DESCRIPTOR;
    }
    jb_status st = check_seen(t, "field", fn, &f->seen, f->size, ft, msg, cap);
    if (st) return st;
    char inner[JB_ERROR_MESSAGE_MAX];
    if (check_planless(ft, inner, sizeof inner)) {
        jb__msgf(msg, cap, "type %s, field %s: %s", tname(t), fn, inner);
        return JB_E_DESCRIPTOR;
    }
    return JB_OK;
}

jb_status jb__type_validate(const jb_type *t, char *msg, size_t cap) {
    if (!t) {
        jb__msgf(msg, cap, "descriptor is NULL");
        return JB_E_DESCRIPTOR;
    }
    if (t->kind <= JB_KIND_INVALID || t->kind >= JB_KIND_COUNT_) {
        jb__msgf(msg, cap, "type %s: invalid kind %d", tname(t), (int)t->kind);
        return JB_E_DESCRIPTOR;
    }
    jb_status st = JB_OK;
    switch (t->kind) {
    case JB_KIND_RECORD:
    case JB_KIND_TUPLE:
        if (!t->fields) {
            jb__msgf(msg, cap, "type %s: no field list", tname(t));
            return JB_E_DESCRIPTOR;
        }
        for (const jb_field *f = t->fields; f->cname; f++)
            if ((st = check_field(t, f, msg, cap)) != JB_OK) return st;
        return JB_OK;
    case JB_KIND_ENUM:
        if (!t->cases || !t->cases[0].name) {
            jb__msgf(msg, cap, "type %s: an enum needs at least one case", tname(t));
            return JB_E_DESCRIPTOR;
        }
        if (!width_ok(t->size)) {
            jb__msgf(msg, cap, "type %s: enum of %zu bytes is not supported", tname(t), t->size);
            return JB_E_DESCRIPTOR;
        }
        for (const jb_enum_case *c = t->cases; c->name; c++)
            if (!value_fits(c->value, t->size)) {
                jb__msgf(msg, cap, "type %s, case %s (%s): the value %" PRId64 " does not fit the enum's %zu-byte C type",
                         tname(t), c->name, c->cname ? c->cname : "?", c->value, t->size);
                return JB_E_DESCRIPTOR;
            }
        return JB_OK;
    case JB_KIND_SUM:
        if (!t->sum_cases || !t->sum_cases[0].name) {
            jb__msgf(msg, cap, "type %s: a sum needs at least one case", tname(t));
            return JB_E_DESCRIPTOR;
        }
        if (!width_ok(t->tag_size) || t->tag_offset + t->tag_size > t->size) {
            jb__msgf(msg, cap, "type %s: bad tag member (%zu bytes at %zu)", tname(t), t->tag_size,
                     t->tag_offset);
            return JB_E_DESCRIPTOR;
        }
        if ((unsigned)t->sum_style > JB_SUM_UNTAGGED) {
            jb__msgf(msg, cap, "type %s: unknown sum style %d", tname(t), (int)t->sum_style);
            return JB_E_DESCRIPTOR;
        }
        for (const jb_case *c = t->sum_cases; c->name; c++) {
            char who[128]; /* the case's JSON name and its C tag */
            jb__msgf(who, sizeof who, "%s (%s)", c->name, c->cname ? c->cname : "?");
            if (!value_fits(c->tag, t->tag_size)) {
                jb__msgf(msg, cap, "type %s, case %s: the tag %" PRId64 " does not fit the %zu-byte tag member",
                         tname(t), who, c->tag, t->tag_size);
                return JB_E_DESCRIPTOR;
            }
            if (!c->type) continue;
            char inner[JB_ERROR_MESSAGE_MAX];
            if (check_child(t, "payload", c->type, 0, inner, sizeof inner)) {
                jb__msgf(msg, cap, "type %s, case %s: %s", tname(t), who, inner);
                return JB_E_DESCRIPTOR;
            }
            if (c->size != c->type->size) {
                jb__msgf(msg, cap, "type %s, case %s: the payload member is %zu bytes but descriptor %s (%s) describes %zu",
                         tname(t), who, c->size, tname(c->type), kind_names[c->type->kind], c->type->size);
                return JB_E_DESCRIPTOR;
            }
            if (!ctype_fits((jb_ctype)c->ctype, c->type)) {
                jb__msgf(msg, cap, "type %s, case %s: the payload member's C type does not match descriptor %s (%s)",
                         tname(t), who, tname(c->type), kind_names[c->type->kind]);
                return JB_E_DESCRIPTOR;
            }
            if ((st = check_seen(t, "case", who, &c->seen, c->size, c->type, msg, cap))) return st;
            if (check_planless(c->type, inner, sizeof inner)) {
                jb__msgf(msg, cap, "type %s, case %s: %s", tname(t), who, inner);
                return JB_E_DESCRIPTOR;
            }
            if (c->offset + c->size > t->size) {
                jb__msgf(msg, cap, "type %s, case %s: payload lies outside the struct", tname(t), who);
                return JB_E_DESCRIPTOR;
            }
        }
        return JB_OK;
    case JB_KIND_VEC:
        if (t->size != sizeof(JB_VEC(char))) break;
        return check_child(t, "element", t->elem, t->elem_size, msg, cap);
    case JB_KIND_PTR:
        if (t->size != sizeof(void *)) break;
        return check_child(t, "pointee", t->elem, t->elem_size, msg, cap);
    case JB_KIND_ARRAY:
        if ((st = check_child(t, "element", t->elem, t->elem_size, msg, cap))) return st;
        if (t->count == 0 || t->elem->size * t->count != t->size) {
            jb__msgf(msg, cap, "type %s: %zu elements of %zu bytes do not make %zu bytes", tname(t),
                     t->count, t->elem->size, t->size);
            return JB_E_DESCRIPTOR;
        }
        return JB_OK;
    case JB_KIND_MAP:
        if (t->size != sizeof(JB_VEC(char))) break;
        if ((st = check_child(t, "key", t->key, t->key_size, msg, cap))) return st;
        if ((unsigned)t->key_mode > JB_KEYS_TEXT_INT ||
            (t->key_mode == JB_KEYS_STRING && !jb__key_is_stringlike(t->key))) {
            jb__msgf(msg, cap, "type %s: keys of %s cannot be object keys (use JB_KEYS_PAIRS or "
                     "JB_KEYS_JSON_TEXT)", tname(t), tname(t->key));
            return JB_E_DESCRIPTOR;
        }
        return check_child(t, "value", t->elem, t->elem_size, msg, cap);
    case JB_KIND_CUSTOM:
        if (!t->custom || !t->custom->encode || !t->custom->decode) {
            jb__msgf(msg, cap, "type %s: a custom type needs encode and decode callbacks", tname(t));
            return JB_E_DESCRIPTOR;
        }
        return JB_OK;
    case JB_KIND_STR:
    case JB_KIND_RAW:
    case JB_KIND_NUMBER:
        if (t->size != sizeof(jb_str)) break;
        return JB_OK;
    default:
        return JB_OK;
    }
    jb__msgf(msg, cap, "type %s: size %zu does not fit a %s", tname(t), t->size, kind_names[t->kind]);
    return JB_E_DESCRIPTOR;
}
