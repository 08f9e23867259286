/* SPDX-License-Identifier: MIT */
/*
 * decode_sum.c — decoding sums (tagged unions) in every style: external
 * ({"Case": payload} or "Case"), internal (the tag among the payload's
 * fields), adjacent ({"tag": ..., "content": ...}), array (["Case",
 * payload]) and untagged (each case tried in turn, a failed attempt
 * rolled back). A sum is one frame of the engine (decode_frame.h); its
 * payload is started through jb__dec_start like any member.
 */
#include "decode_frame.h"

static void set_tag(const sum_frame *s) {
    jb__store_uint(s->out + s->t->tag_offset, s->t->tag_size, s->c->value);
}

/* A case name (string) at r->p -> entry index. */
static long read_case(jb_reader *r, const jb_plan *pl) {
    const char *at = r->p;
    jb_str s;
    if (r->p >= r->end || *r->p != '"') {
        char got[JB_SHOW_MAX];
        int c = r->p < r->end ? (unsigned char)*r->p : -1;
        jb__r_fail(r, (jb__at_value(r) || c == ']' || c == '}') ? JB_E_TYPE : JB_E_SYNTAX, r->p,
                   "expected a string naming a case of %s, found %s", pl->type->name,
                   jb__token_show(r->p, r->end, true, got, sizeof got));
        return -1;
    }
    if (jb__r_key(r, &s)) return -1;
    long i = jb__names_find(pl, s.ptr, s.len);
    if (i < 0) jb__dec_unknown_name(r, at, pl, "case", &s);
    return i;
}

/*
 * Find the tag member of an object (r->p just past '{' and whitespace).
 * If it is the first member, r->p ends just past its value and *first is
 * true. Otherwise the other members are skipped (validated, not decoded)
 * until the tag is found, and r->p is put back where it was: the object is
 * then decoded once from its start. No tree, no second parse of the
 * payload when the tag comes first.
 */
static long find_tag(jb_reader *r, const jb_plan *pl, bool *first) {
    const char *start = r->p;
    uint32_t depth = r->depth;
    *first = true;
    int more = jb__dec_first(r, '}');
    while (more > 0) {
        jb_str key;
        if (jb__dec_key_colon(r, &key)) return -1;
        if (key.len == pl->tag_name_len && jb__bytes_eq(key.ptr, pl->tag_name, key.len)) {
            long i = read_case(r, pl);
            if (i < 0) return -1;
            if (!*first) {
                r->p = start;
                r->depth = depth;
            }
            return i;
        }
        *first = false;
        if (jb__r_skip(r)) return -1;
        more = jb__dec_next(r, '}');
    }
    if (more == 0)
        jb__r_fail(r, JB_E_MISSING, r->p - 1, "missing tag field \"%s\" of %s", pl->tag_name,
                   pl->type->name);
    return -1;
}

/* Start the payload of case s->c (which has one): a record payload as the
 * array of its fields when the sum says so (Fable), else as itself. */
static int start_case(jb_reader *r, sum_frame *s, frame **top) {
    const jb_pentry *c = s->c;
    if (JB_UNLIKELY(r->positional_records && c->type->kind == JB_KIND_RECORD)) {
        const jb_plan *pp = jb__dec_plan(r, c->type);
        return pp ? jb__dec_start_fixed(r, top, &jb__an_array, pp, s->out + c->offset, pp->n)
                  : S_FAIL;
    }
    return jb__dec_start(r, c->type, s->out + c->offset, top);
}

/*
 * Start the payload of case s->c; pmode and key say how a failure inside
 * it shows in the path. R_DONE when it is already complete (a leaf, or a
 * nullary case's null/[]/{}), R_AGAIN when a child frame decodes it,
 * R_FAIL.
 */
static int sum_payload(jb_reader *r, frame *f, frame **top, uint8_t pmode, const char *key,
                       size_t key_len) {
    sum_frame *s = &f->u.sum;
    const jb_pentry *c = s->c;
    int rc;
    s->pmode = pmode;
    s->pkey = key;
    s->pkey_len = key_len;
    if (!c->type) {
        if (jb__dec_no_payload(r, s->pl, c)) return R_FAIL;
        rc = S_LEAF;
    } else {
        rc = start_case(r, s, top);
    }
    if (rc == S_FAIL) return R_FAIL;
    if (rc == S_PUSHED) {
        f->waiting = true;
        return R_AGAIN;
    }
    s->pmode = PM_NONE;
    return R_DONE;
}

/* A tagged object's members once the case is known (adjacent tagging, and
 * internal tagging of nullary and non-record payloads): r->p is just past
 * the tag member when `first`, else at the object's first member. */
static void rest_begin(jb_reader *r, sum_frame *s, bool first) {
    s->have_content = false;
    s->tags = first ? 1 : 0;
    s->more = first ? jb__dec_next(r, '}') : 1;
    s->phase = P_REST;
}

/* The value does not start a sum of this style: `what` is what would
 * ("a string or an object", "an object", or "a string" for a sum written
 * as a plain name). */
static int not_a_sum(jb_reader *r, const jb_type *t, const char *what) {
    char got[JB_SHOW_MAX];
    bool value = jb__at_value(r);
    jb__r_fail(r, value ? JB_E_TYPE : JB_E_SYNTAX, r->p, "expected %s (a case of %s), found %s",
               what, t->name, jb__token_show(r->p, r->end, true, got, sizeof got));
    return R_FAIL;
}

/* A case-name string: a nullary case (any style when all cases are
 * nullary). Under JB_FMT_NULLARY_STRICT a sum that writes its nullary
 * cases as {"Case":[]} or {"Case":{}} does not read the bare name. */
static int sum_name(jb_reader *r, sum_frame *s) {
    const char *at = r->p;
    const jb_plan *pl = s->pl;
    long i = read_case(r, pl);
    if (i < 0) return R_FAIL;
    s->c = &pl->e[i];
    if (s->c->type) {
        jb__r_fail(r, JB_E_TYPE, at, "case %s needs a payload: {\"%s\": ...}", s->c->name,
                   s->c->name);
        return R_FAIL;
    }
    if (JB_UNLIKELY((pl->fmt_flags & JB_FMT_NULLARY_STRICT) && jb__nullary_form(pl) &&
                    !pl->all_nullary)) {
        jb__r_fail(r, JB_E_TYPE, at, "expected {\"%s\":%s}, found a string", s->c->name,
                   jb__nullary_form(pl));
        return R_FAIL;
    }
    set_tag(s);
    return R_DONE;
}

int jb__dec_push_sum(jb_reader *r, frame **top, const jb_type *t, const jb_plan *pl, char *out) {
    frame *f = push_frame(r, top, F_SUM, r->p);
    if (!f) return S_FAIL;
    sum_frame *s = &f->u.sum;
    s->t = t;
    s->pl = pl;
    s->out = out;
    s->c = NULL;
    s->phase = P_BEGIN;
    s->pmode = PM_NONE;
    if (pl->scoped) scope_set(r, f, pl);
    /* positional record payloads are a property of this sum only */
    s->positional = r->positional_records;
    r->positional_records = (pl->fmt_flags & JB_FMT_POSITIONAL_RECORDS) != 0;
    return S_PUSHED;
}

/* Undo a failed attempt of an untagged sum's case (the frames above it
 * are already popped): keep its reason for the message, put the reader
 * and the arena back, and clear what the attempt wrote. */
void jb__dec_untagged_undo(jb_reader *r, sum_frame *s) {
    const jb_pentry *c = &s->pl->e[s->i];
    int w = snprintf(s->why + s->wn, JB_ERROR_MESSAGE_MAX - s->wn, "%s%s: %s", s->wn ? "; " : "",
                     c->name, r->message);
    if (w > 0)
        s->wn =
            s->wn + (size_t)w < JB_ERROR_MESSAGE_MAX ? s->wn + (size_t)w : JB_ERROR_MESSAGE_MAX - 1;
    r->p = s->start;
    r->depth = s->depth;
    r->code = JB_OK;
    r->path.n = 0;
    r->path.overflow = false;
    jb__arena_rollback(r->arena, s->am);
    jb__scratch_release(r->arena, s->inner);
    r->keybuf = NULL; /* it may lie in the memory just rolled back */
    r->keycap = 0;
    memset(s->out + c->offset, 0, c->type ? c->type->size : 0);
    s->pmode = PM_NONE;
    s->i++;
}

/* Untagged: try each case in order; a failed attempt leaves nothing behind. */
static int step_untagged(jb_reader *r, frame *f, frame **top) {
    sum_frame *s = &f->u.sum;
    const jb_plan *pl = s->pl;
    if (f->waiting) { /* the attempt at case i succeeded */
        f->waiting = false;
        s->pmode = PM_NONE;
        set_tag(s);
        return R_DONE;
    }
    while (s->i < pl->n) {
        const jb_pentry *c = &pl->e[s->i];
        s->c = c;
        s->pmode = PM_ATTEMPT;
        int rc;
        if (!c->type) { /* a nullary case is null (serde), or its name; only its name (aeson) */
            bool by_name = (pl->fmt_flags & JB_FMT_UNTAGGED_NULLARY_NAME) != 0;
            jb_str name;
            rc = S_FAIL;
            if (!by_name && r->p < r->end && *r->p == 'n' && jb__r_literal(r, "null", 4) == JB_OK)
                rc = S_LEAF; /* NOLINT(bugprone-branch-clone): null, or the name below */
            else if (r->p < r->end && *r->p == '"' && jb__r_key(r, &name) == JB_OK &&
                     name.len == c->name_len && jb__bytes_eq(name.ptr, c->name, name.len))
                rc = S_LEAF;
            else if (!r->code)
                jb__r_fail(r, JB_E_TYPE, s->start,
                           by_name ? "not the string \"%s\"" : "not null or the string \"%s\"",
                           c->name);
        } else {
            rc = start_case(r, s, top);
        }
        if (rc == S_LEAF) {
            s->pmode = PM_NONE;
            set_tag(s);
            return R_DONE;
        }
        if (rc == S_PUSHED) {
            f->waiting = true;
            return R_AGAIN;
        }
        /* failed at once: frames it pushed, if any, go first (the loop
         * unwinds them and comes back to untagged_undo) */
        if (*top != f || r->code == JB_E_NOMEM) return R_FAIL;
        jb__dec_untagged_undo(r, s);
    }
    s->pmode = PM_NONE;
    jb__r_fail(r, JB_E_TYPE, s->start, "no case of %s fits: %s", s->t->name, s->why);
    return R_FAIL;
}

static int sum_begin(jb_reader *r, frame *f, frame **top) {
    sum_frame *s = &f->u.sum;
    const jb_plan *pl = s->pl;
    const jb_type *t = s->t;
    long i;
    bool first;
    if (pl->all_nullary && (pl->fmt_flags & JB_FMT_ALL_NULLARY_STRING)) {
        /* written as a plain string in every style, read only as one (aeson) */
        if (r->p < r->end && *r->p == '"') return sum_name(r, s);
        return not_a_sum(r, t, "a string");
    }
    if (pl->all_nullary && r->p < r->end && *r->p == '"') return sum_name(r, s); /* in any style */
    switch (pl->sum_style) {
    case JB_SUM_INTERNAL:
    case JB_SUM_ADJACENT:
        if (r->p >= r->end || *r->p != '{') return not_a_sum(r, t, "an object");
        if (jb__dec_enter(r)) return R_FAIL;
        if ((i = find_tag(r, pl, &first)) < 0) return R_FAIL;
        s->c = &pl->e[i];
        if (pl->sum_style == JB_SUM_INTERNAL && s->c->type && s->c->type->kind == JB_KIND_RECORD) {
            /* the payload's fields sit in this object: no extra path step */
            const jb_plan *pp = jb__dec_plan(r, s->c->type);
            if (!pp) return R_FAIL;
            s->phase = P_SET_TAG;
            f->waiting = true;
            return jb__dec_push_record(r, top, pp, s->out + s->c->offset, f->open, first,
                                       pl->tag_name, pl->tag_name_len);
        }
        rest_begin(r, s, first);
        return R_DONE;
    case JB_SUM_ARRAY: {
        if (r->p >= r->end || *r->p != '[') return not_a_sum(r, t, "an array");
        if (jb__dec_enter(r)) return R_FAIL;
        if ((i = read_case(r, pl)) < 0) return R_FAIL;
        s->c = &pl->e[i];
        int more = jb__dec_next(r, ']');
        if (more < 0) return R_FAIL;
        if (more == 0) {
            if (s->c->type) {
                jb__r_fail(r, JB_E_TYPE, r->p - 1, "case %s needs a payload", s->c->name);
                return R_FAIL;
            }
            if (JB_UNLIKELY((pl->fmt_flags & (JB_FMT_NULLARY_STRICT | JB_FMT_NULLARY_ARRAY)) ==
                            (JB_FMT_NULLARY_STRICT | JB_FMT_NULLARY_ARRAY))) {
                jb__r_fail(r, JB_E_TYPE, r->p - 1, "expected [\"%s\",[]], found an array of 1",
                           s->c->name);
                return R_FAIL;
            }
            s->phase = P_SET_TAG;
            return R_DONE;
        }
        s->phase = P_ARRAY_CLOSE;
        return sum_payload(r, f, top, PM_INDEX1, NULL, 0);
    }
    case JB_SUM_UNTAGGED:
        s->start = r->p;
        s->depth = r->depth;
        /* Text that is not JSON is a syntax error, not a case that did not
         * fit. Once: an untagged sum inside lies in text already checked. */
        if (r->p >= r->valid_end) {
            if (jb__r_skip(r)) return R_FAIL;
            r->valid_end = r->p;
            r->p = s->start;
        }
        s->why = jb__scratch_push(r->arena, JB_ERROR_MESSAGE_MAX, 1);
        if (!s->why) return jb__dec_nomem(r), R_FAIL;
        s->why[0] = 0;
        s->wn = 0;
        s->i = 0;
        s->am = jb__arena_mark(r->arena);
        s->inner = jb__scratch_mark(r->arena);
        s->phase = P_UNTAGGED;
        return R_DONE;
    default: /* external */
        if (r->p < r->end && *r->p == '"') return sum_name(r, s);
        if (r->p >= r->end || *r->p != '{') return not_a_sum(r, t, "a string or an object");
        if (jb__dec_enter(r)) return R_FAIL;
        if (r->p < r->end && *r->p == '}') {
            jb__r_fail(r, JB_E_TYPE, r->p, "expected one key naming a case of %s, found {}",
                       t->name);
            return R_FAIL;
        }
        if ((i = read_case(r, pl)) < 0) return R_FAIL;
        s->c = &pl->e[i];
        if (jb__r_ws(r)) return R_FAIL;
        if (r->p >= r->end || *r->p != ':') return jb__dec_expect(r, "':'"), R_FAIL;
        r->p++;
        if (jb__r_ws(r)) return R_FAIL;
        s->phase = P_EXT_CLOSE;
        return sum_payload(r, f, top, PM_KEY, s->c->name, s->c->name_len);
    }
}

/* One member of a tagged object after the tag (phase P_REST). */
static int rest_member(jb_reader *r, frame *f, frame **top) {
    sum_frame *s = &f->u.sum;
    const jb_plan *pl = s->pl;
    jb_str key;
    const char *key_at = r->p;
    if (jb__dec_key_colon(r, &key)) return R_FAIL;
    s->phase = P_REST_NEXT;
    if (key.len == pl->content_name_len && jb__bytes_eq(key.ptr, pl->content_name, key.len)) {
        if (s->have_content) {
            jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%s\"", pl->content_name);
            return R_FAIL;
        }
        s->have_content = true;
        return sum_payload(r, f, top, PM_KEY, pl->content_name, pl->content_name_len);
    }
    if (key.len == pl->tag_name_len && jb__bytes_eq(key.ptr, pl->tag_name, key.len) && s->tags++) {
        jb__r_fail(r, JB_E_DUPLICATE, key_at, "duplicate key \"%s\"", pl->tag_name);
        return R_FAIL;
    }
    /* another member, or the tag met again in order (already known) */
    return jb__r_skip(r) ? R_FAIL : R_DONE;
}

int jb__dec_step_sum(jb_reader *r, frame *f, frame **top) {
    sum_frame *s = &f->u.sum;
    if (s->phase == P_UNTAGGED) return step_untagged(r, f, top);
    if (f->waiting) { /* the payload is in; s->phase says what follows */
        f->waiting = false;
        s->pmode = PM_NONE;
    }
    for (;;) {
        int rc;
        switch (s->phase) {
        case P_BEGIN: rc = sum_begin(r, f, top); break;
        case P_EXT_CLOSE:
            if (jb__r_ws(r)) return R_FAIL;
            if (r->p >= r->end || *r->p != '}')
                return jb__dec_close_fail(r, "'}' (a sum object has exactly one key)"), R_FAIL;
            r->p++;
            r->depth--;
            s->phase = P_SET_TAG;
            continue;
        case P_ARRAY_CLOSE:
            if (jb__r_ws(r)) return R_FAIL;
            if (r->p >= r->end || *r->p != ']')
                return jb__dec_close_fail(r, "']' (a [case, payload] pair)"), R_FAIL;
            r->p++;
            r->depth--;
            s->phase = P_SET_TAG;
            continue;
        case P_REST_NEXT:
            s->more = jb__dec_next(r, '}');
            s->phase = P_REST;
            continue;
        case P_REST:
            if (s->more < 0) return R_FAIL;
            if (s->more > 0) {
                rc = rest_member(r, f, top);
                break;
            }
            if (s->c->type && !s->have_content) {
                jb__r_fail(r, JB_E_MISSING, r->p - 1, "missing field \"%s\" of case %s",
                           s->pl->content_name, s->c->name);
                jb__path_key(&r->path, s->pl->content_name, s->pl->content_name_len);
                return R_FAIL;
            }
            s->phase = P_SET_TAG;
            continue;
        case P_SET_TAG: set_tag(s); return R_DONE;
        default: /* P_UNTAGGED, set by sum_begin */ return step_untagged(r, f, top);
        }
        if (rc != R_DONE) return rc;
        /* sum_name finished the whole sum: no phase follows */
        if (s->phase == P_BEGIN) return R_DONE;
    }
}
