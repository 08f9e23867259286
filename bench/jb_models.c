/* SPDX-License-Identifier: MIT */
/*
 * jb_models.c — the jbind descriptors of every bench model (the only code
 * jbind needs: one table per C type), the enum name tables the peers share,
 * the deep-equality checks the correctness gate uses, and the generators of
 * the seed values.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "models.h"

extern const jb_type large_union_type, lu_record_type; /* lu_gen_desc.c */

/* (the enum name tables are in model_names.c) */

/* ======================= descriptors ======================= */
/* jb_models_desc.c (seed, wide, partial) and jb_corpus_desc.c (twitter,
 * citm_catalog, canada): their own translation units, which the generated
 * codecs are written from. */
extern const jb_type d_type, big_record_type, big_product_type, big_sum_type, enum5_type, foo_type,
    finch_type, tree_type, mesh_type, twitter100_type, gsoc_project_type, gh_event_type;
extern const jb_type twitter_type, citm_type, canada_type;
/* the named roots of the inline vector and map cases' generated rows (jb_models_desc.c) */
extern const jb_type foos_root_type, ints_root_type, i64arr_root_type, mapss_root_type, gsoc_root_type,
    github_root_type, numbers_root_type;
#define STR (&jb_string)
#define MAP_STR_STR JB_MAP_OF_T(jb_str, jb_str, &jb_string, &jb_string)

/* ======================= equality (the correctness gate) ======================= */
char bench_eq_where[256];
bool bench_neq(const char *where) {
    if (!bench_eq_where[0]) snprintf(bench_eq_where, sizeof bench_eq_where, "%s", where);
    return false;
}
#define EQV(a, b, where) EQ((a).len == (b).len, where " (length)")
#define EQS(a, b, f) EQ(eq_str((a)->f, (b)->f), #f)
#define EQN(a, b, f) EQ((a)->f == (b)->f, #f)
/* doubles: same value (jbind and every peer must round correctly) */
#define EQF(a, b, f) EQ((a)->f == (b)->f || (isnan((a)->f) && isnan((b)->f)), #f)
#define EQOPT(a, b, has, f) EQ((a)->has == (b)->has && (!(a)->has || (a)->f == (b)->f), #f)
#define EQOPTS(a, b, has, f) EQ((a)->has == (b)->has && (!(a)->has || eq_str((a)->f, (b)->f)), #f)

static bool eq_vec_i32(const vec_i32 *a, const vec_i32 *b) {
    EQV(*a, *b, "vec_i32");
    for (size_t i = 0; i < a->len; i++) EQ(a->items[i] == b->items[i], "vec_i32 element");
    return true;
}
static bool eq_vec_i64(const vec_i64 *a, const vec_i64 *b) {
    EQV(*a, *b, "vec_i64");
    for (size_t i = 0; i < a->len; i++) EQ(a->items[i] == b->items[i], "vec_i64 element");
    return true;
}
static bool eq_vec_u32(const vec_u32 *a, const vec_u32 *b) {
    EQV(*a, *b, "vec_u32");
    for (size_t i = 0; i < a->len; i++) EQ(a->items[i] == b->items[i], "vec_u32 element");
    return true;
}
static bool eq_vec_f64(const vec_f64 *a, const vec_f64 *b) {
    EQV(*a, *b, "vec_f64");
    for (size_t i = 0; i < a->len; i++) EQ(a->items[i] == b->items[i], "vec_f64 element");
    return true;
}
static bool eq_map_str_str(const map_str_str *a, const map_str_str *b) {
    EQV(*a, *b, "map<string,string>");
    for (size_t i = 0; i < a->len; i++) {
        EQ(eq_str(a->items[i].key, b->items[i].key), "map key");
        EQ(eq_str(a->items[i].value, b->items[i].value), "map value");
    }
    return true;
}
static bool eq_map_u32_str(const map_u32_str *a, const map_u32_str *b) {
    EQV(*a, *b, "map<u32,string>");
    for (size_t i = 0; i < a->len; i++) {
        EQ(a->items[i].key == b->items[i].key, "map key");
        EQ(eq_str(a->items[i].value, b->items[i].value), "map value");
    }
    return true;
}

static bool eq_D(const D *a, const D *b) {
    EQ(a && b, "D pointer");
    EQ(a->tag == b->tag, "D tag");
    switch (a->tag) {
    case D_NULLARY: return true;
    case D_UNARY: return a->u.unary == b->u.unary ? true : bench_neq("Unary");
    case D_PRODUCT:
        EQ(eq_str(a->u.product.s, b->u.product.s) && eq_str(a->u.product.c, b->u.product.c), "Product");
        return eq_D(a->u.product.a, b->u.product.a);
    case D_RECORD:
        EQ(a->u.record.testOne == b->u.record.testOne, "testOne");
        EQ(a->u.record.testTwo == b->u.record.testTwo, "testTwo");
        return eq_D(a->u.record.testThree, b->u.record.testThree);
    }
    return false;
}
static bool eq_big_record(const void *a, const void *b) { return memcmp(a, b, sizeof(big_record)) == 0 ? true : bench_neq("big_record"); }
static bool eq_big_product(const void *a, const void *b) { return memcmp(a, b, sizeof(big_product)) == 0 ? true : bench_neq("big_product"); }
static bool eq_big_sum(const void *a, const void *b) { return *(const big_sum *)a == *(const big_sum *)b ? true : bench_neq("big_sum"); }
static bool eq_enum5(const void *a, const void *b) { return *(const enum5 *)a == *(const enum5 *)b ? true : bench_neq("enum5"); }
static bool eq_lu(const void *a, const void *b) { return *(const large_union *)a == *(const large_union *)b ? true : bench_neq("large_union"); }
static bool eq_foo(const foo *a, const foo *b) {
    EQS(a, b, s); EQF(a, b, d); EQN(a, b, i); EQN(a, b, l);
    EQV(a->bs, b->bs, "bs");
    for (size_t i = 0; i < a->bs.len; i++) EQ(a->bs.items[i] == b->bs.items[i], "bs element");
    return true;
}
static bool eq_map_foo(const void *pa, const void *pb) {
    const map_foo *a = (const map_foo *)pa, *b = (const map_foo *)pb;
    EQV(*a, *b, "foos");
    for (size_t i = 0; i < a->len; i++) {
        EQ(eq_str(a->items[i].key, b->items[i].key), "foos key");
        if (!eq_foo(&a->items[i].value, &b->items[i].value)) return false;
    }
    return true;
}
static bool eq_ints(const void *a, const void *b) { return eq_vec_i32((const vec_i32 *)a, (const vec_i32 *)b); }
static bool eq_i64arr(const void *a, const void *b) { return eq_vec_i64((const vec_i64 *)a, (const vec_i64 *)b); }
static bool eq_numbers(const void *a, const void *b) { return eq_vec_f64((const vec_f64 *)a, (const vec_f64 *)b); }
static bool eq_mapss(const void *a, const void *b) { return eq_map_str_str((const map_str_str *)a, (const map_str_str *)b); }
static bool eq_finch(const void *pa, const void *pb) {
    const finch_large *a = (const finch_large *)pa, *b = (const finch_large *)pb;
    EQV(a->foos, b->foos, "foos");
    for (size_t i = 0; i < a->foos.len; i++) EQ(eq_str(a->foos.items[i].s, b->foos.items[i].s), "foos.s");
    return eq_vec_i32(&a->ints, &b->ints);
}
static bool eq_lu_record(const void *pa, const void *pb) {
    for (int f = 0; f < LU_NFIELDS; f++) {
        const map_lu *a = (const map_lu *)((const char *)pa + lu_field_offsets[f]);
        const map_lu *b = (const map_lu *)((const char *)pb + lu_field_offsets[f]);
        EQV(*a, *b, "MapN");
        for (size_t i = 0; i < a->len; i++) {
            EQ(a->items[i].key == b->items[i].key, "MapN key");
            EQ(eq_str(a->items[i].value, b->items[i].value), "MapN value");
        }
    }
    return true;
}
static bool eq_tree_node(const tree_node *a, const tree_node *b) {
    EQS(a, b, name); EQN(a, b, number);
    EQV(a->children, b->children, "children");
    for (size_t i = 0; i < a->children.len; i++)
        if (!eq_tree_node(&a->children.items[i], &b->children.items[i])) return false;
    return true;
}
static bool eq_tree(const void *a, const void *b) { return eq_tree_node((const tree_node *)a, (const tree_node *)b); }
static bool eq_Dv(const void *a, const void *b) { return eq_D((const D *)a, (const D *)b); }

/* twitter */
static bool eq_tw_urls(const vec_tw_url *a, const vec_tw_url *b) {
    EQV(*a, *b, "urls");
    for (size_t i = 0; i < a->len; i++) {
        const tw_url *x = &a->items[i], *y = &b->items[i];
        EQS(x, y, url); EQS(x, y, expanded_url); EQS(x, y, display_url);
        EQ(memcmp(x->indices, y->indices, 2) == 0, "url.indices");
    }
    return true;
}
static bool eq_tw_user(const tw_user *a, const tw_user *b) {
    EQN(a, b, id); EQS(a, b, id_str); EQS(a, b, name); EQS(a, b, screen_name);
    EQS(a, b, location); EQS(a, b, description); EQOPTS(a, b, has_url, url);
    EQ(!a->entities.url == !b->entities.url, "user.entities.url presence");
    if (a->entities.url && !eq_tw_urls(&a->entities.url->urls, &b->entities.url->urls)) return false;
    if (!eq_tw_urls(&a->entities.description.urls, &b->entities.description.urls)) return false;
    EQN(a, b, protected_); EQN(a, b, followers_count); EQN(a, b, friends_count);
    EQN(a, b, listed_count); EQS(a, b, created_at); EQN(a, b, favourites_count);
    EQOPT(a, b, has_utc_offset, utc_offset); EQOPTS(a, b, has_time_zone, time_zone);
    EQN(a, b, geo_enabled); EQN(a, b, verified); EQN(a, b, statuses_count); EQN(a, b, lang);
    EQN(a, b, contributors_enabled); EQN(a, b, is_translator); EQN(a, b, is_translation_enabled);
    EQS(a, b, profile_background_color); EQS(a, b, profile_background_image_url);
    EQS(a, b, profile_background_image_url_https); EQN(a, b, profile_background_tile);
    EQS(a, b, profile_image_url); EQS(a, b, profile_image_url_https);
    EQOPTS(a, b, has_profile_banner_url, profile_banner_url);
    EQS(a, b, profile_link_color); EQS(a, b, profile_sidebar_border_color);
    EQS(a, b, profile_sidebar_fill_color); EQS(a, b, profile_text_color);
    EQN(a, b, profile_use_background_image); EQN(a, b, default_profile);
    EQN(a, b, default_profile_image); EQN(a, b, following); EQN(a, b, follow_request_sent);
    EQN(a, b, notifications);
    return true;
}
static bool eq_tw_size(const tw_size *a, const tw_size *b) {
    EQN(a, b, w); EQN(a, b, h); EQN(a, b, resize);
    return true;
}
static bool eq_tw_status(const tw_status *a, const tw_status *b) {
    EQN(a, b, metadata.result_type); EQN(a, b, metadata.iso_language_code);
    EQS(a, b, created_at); EQN(a, b, id); EQS(a, b, id_str); EQS(a, b, text); EQS(a, b, source);
    EQN(a, b, truncated);
    EQOPT(a, b, has_in_reply_to_status_id, in_reply_to_status_id);
    EQOPTS(a, b, has_in_reply_to_status_id_str, in_reply_to_status_id_str);
    EQOPT(a, b, has_in_reply_to_user_id, in_reply_to_user_id);
    EQOPTS(a, b, has_in_reply_to_user_id_str, in_reply_to_user_id_str);
    EQOPTS(a, b, has_in_reply_to_screen_name, in_reply_to_screen_name);
    if (!eq_tw_user(&a->user, &b->user)) return false;
    EQ(!a->geo && !b->geo && !a->coordinates && !b->coordinates && !a->place && !b->place &&
           !a->contributors && !b->contributors, "null-only fields");
    EQ(!a->retweeted_status == !b->retweeted_status, "retweeted_status presence");
    if (a->retweeted_status && !eq_tw_status(a->retweeted_status, b->retweeted_status)) return false;
    EQN(a, b, retweet_count); EQN(a, b, favorite_count);
    const tw_status_entities *x = &a->entities, *y = &b->entities;
    EQV(x->hashtags, y->hashtags, "hashtags");
    for (size_t i = 0; i < x->hashtags.len; i++) {
        EQS(&x->hashtags.items[i], &y->hashtags.items[i], text);
        EQ(memcmp(x->hashtags.items[i].indices, y->hashtags.items[i].indices, 2) == 0, "hashtag.indices");
    }
    EQV(x->symbols, y->symbols, "symbols");
    if (!eq_tw_urls(&x->urls, &y->urls)) return false;
    EQV(x->user_mentions, y->user_mentions, "user_mentions");
    for (size_t i = 0; i < x->user_mentions.len; i++) {
        const tw_mention *m = &x->user_mentions.items[i], *n = &y->user_mentions.items[i];
        EQS(m, n, screen_name); EQS(m, n, name); EQN(m, n, id); EQS(m, n, id_str);
        EQ(memcmp(m->indices, n->indices, 2) == 0, "mention.indices");
    }
    EQ(x->has_media == y->has_media, "media presence");
    if (x->has_media) {
        EQV(x->media, y->media, "media");
        for (size_t i = 0; i < x->media.len; i++) {
            const tw_media *m = &x->media.items[i], *n = &y->media.items[i];
            EQN(m, n, id); EQS(m, n, id_str); EQ(memcmp(m->indices, n->indices, 2) == 0, "media.indices");
            EQS(m, n, media_url); EQS(m, n, media_url_https); EQS(m, n, url);
            EQS(m, n, display_url); EQS(m, n, expanded_url); EQS(m, n, type);
            EQ(eq_tw_size(&m->sizes.medium, &n->sizes.medium) && eq_tw_size(&m->sizes.small, &n->sizes.small) &&
                   eq_tw_size(&m->sizes.thumb, &n->sizes.thumb) && eq_tw_size(&m->sizes.large, &n->sizes.large),
               "media.sizes");
            EQOPT(m, n, has_source_status_id, source_status_id);
            EQOPTS(m, n, has_source_status_id_str, source_status_id_str);
        }
    }
    EQN(a, b, favorited); EQN(a, b, retweeted);
    EQOPT(a, b, has_possibly_sensitive, possibly_sensitive);
    EQN(a, b, lang);
    return true;
}
static bool eq_twitter(const void *pa, const void *pb) {
    const twitter *a = (const twitter *)pa, *b = (const twitter *)pb;
    EQV(a->statuses, b->statuses, "statuses");
    for (size_t i = 0; i < a->statuses.len; i++)
        if (!eq_tw_status(&a->statuses.items[i], &b->statuses.items[i])) return false;
    const tw_search_metadata *x = &a->search_metadata, *y = &b->search_metadata;
    EQF(x, y, completed_in); EQN(x, y, max_id); EQS(x, y, max_id_str); EQS(x, y, next_results);
    EQS(x, y, query); EQS(x, y, refresh_url); EQN(x, y, count); EQN(x, y, since_id);
    EQS(x, y, since_id_str);
    return true;
}

/* citm */
static bool eq_citm(const void *pa, const void *pb) {
    const citm_catalog *a = (const citm_catalog *)pa, *b = (const citm_catalog *)pb;
    if (!eq_map_u32_str(&a->areaNames, &b->areaNames) ||
        !eq_map_u32_str(&a->audienceSubCategoryNames, &b->audienceSubCategoryNames) ||
        !eq_map_u32_str(&a->blockNames, &b->blockNames))
        return false;
    EQV(a->events, b->events, "events");
    for (size_t i = 0; i < a->events.len; i++) {
        const citm_event *x = &a->events.items[i].value, *y = &b->events.items[i].value;
        EQ(a->events.items[i].key == b->events.items[i].key, "events key");
        EQ(!x->description && !y->description && !x->subjectCode && !y->subjectCode && !x->subtitle && !y->subtitle, "event null-only");
        EQN(x, y, id); EQOPTS(x, y, has_logo, logo); EQS(x, y, name);
        if (!eq_vec_u32(&x->subTopicIds, &y->subTopicIds) || !eq_vec_u32(&x->topicIds, &y->topicIds)) return false;
    }
    EQV(a->performances, b->performances, "performances");
    for (size_t i = 0; i < a->performances.len; i++) {
        const citm_performance *x = &a->performances.items[i], *y = &b->performances.items[i];
        EQN(x, y, eventId); EQN(x, y, id); EQOPTS(x, y, has_logo, logo);
        EQ(!x->name && !y->name && !x->seatMapImage && !y->seatMapImage, "performance null-only");
        EQV(x->prices, y->prices, "prices");
        for (size_t j = 0; j < x->prices.len; j++)
            EQ(memcmp(&x->prices.items[j], &y->prices.items[j], sizeof(citm_price)) == 0, "price");
        EQV(x->seatCategories, y->seatCategories, "seatCategories");
        for (size_t j = 0; j < x->seatCategories.len; j++) {
            const citm_seat_category *s = &x->seatCategories.items[j], *t = &y->seatCategories.items[j];
            EQN(s, t, seatCategoryId);
            EQV(s->areas, t->areas, "areas");
            for (size_t k = 0; k < s->areas.len; k++) {
                EQ(s->areas.items[k].areaId == t->areas.items[k].areaId, "areaId");
                if (!eq_vec_u32(&s->areas.items[k].blockIds, &t->areas.items[k].blockIds)) return false;
            }
        }
        EQN(x, y, start); EQS(x, y, venueCode);
    }
    if (!eq_map_u32_str(&a->seatCategoryNames, &b->seatCategoryNames) ||
        !eq_map_u32_str(&a->subTopicNames, &b->subTopicNames) ||
        !eq_map_u32_str(&a->subjectNames, &b->subjectNames) ||
        !eq_map_u32_str(&a->topicNames, &b->topicNames))
        return false;
    EQV(a->topicSubTopics, b->topicSubTopics, "topicSubTopics");
    for (size_t i = 0; i < a->topicSubTopics.len; i++) {
        EQ(a->topicSubTopics.items[i].key == b->topicSubTopics.items[i].key, "topicSubTopics key");
        if (!eq_vec_u32(&a->topicSubTopics.items[i].value, &b->topicSubTopics.items[i].value)) return false;
    }
    return eq_map_str_str(&a->venueNames, &b->venueNames);
}

/* canada */
static bool eq_canada(const void *pa, const void *pb) {
    const canada *a = (const canada *)pa, *b = (const canada *)pb;
    EQN(a, b, type);
    EQV(a->features, b->features, "features");
    for (size_t i = 0; i < a->features.len; i++) {
        const canada_feature *x = &a->features.items[i], *y = &b->features.items[i];
        EQN(x, y, type); EQN(x, y, geometry.type);
        if (!eq_map_str_str(&x->properties, &y->properties)) return false;
        EQV(x->geometry.coordinates, y->geometry.coordinates, "rings");
        for (size_t r = 0; r < x->geometry.coordinates.len; r++) {
            const vec_point *p = &x->geometry.coordinates.items[r], *q = &y->geometry.coordinates.items[r];
            EQV(*p, *q, "ring");
            for (size_t k = 0; k < p->len; k++)
                EQ(p->items[k].xy[0] == q->items[k].xy[0] && p->items[k].xy[1] == q->items[k].xy[1], "point");
        }
    }
    return true;
}

/* partial */
static bool eq_gsoc(const void *pa, const void *pb) {
    const gsoc *a = (const gsoc *)pa, *b = (const gsoc *)pb;
    EQV(*a, *b, "gsoc");
    for (size_t i = 0; i < a->len; i++) {
        const gsoc_project *x = &a->items[i].value, *y = &b->items[i].value;
        EQ(eq_str(a->items[i].key, b->items[i].key), "gsoc key");
        EQS(x, y, type); EQS(x, y, name); EQS(x, y, description); EQS(x, y, sponsor.name);
        EQS(x, y, sponsor.description); EQS(x, y, author.name);
    }
    return true;
}
static bool eq_mesh(const void *pa, const void *pb) {
    const mesh *a = (const mesh *)pa, *b = (const mesh *)pb;
    return eq_vec_f64(&a->positions, &b->positions) && eq_vec_f64(&a->normals, &b->normals) &&
           eq_vec_f64(&a->tex0, &b->tex0) && eq_vec_u32(&a->colors, &b->colors) &&
           eq_vec_i32(&a->indices, &b->indices);
}
static bool eq_github(const void *pa, const void *pb) {
    const gh_events *a = (const gh_events *)pa, *b = (const gh_events *)pb;
    EQV(*a, *b, "events");
    for (size_t i = 0; i < a->len; i++) {
        const gh_event *x = &a->items[i], *y = &b->items[i];
        EQS(x, y, type); EQS(x, y, created_at); EQN(x, y, actor.id); EQS(x, y, actor.login);
        EQN(x, y, repo.id); EQS(x, y, repo.name); EQN(x, y, public_); EQS(x, y, id);
    }
    return true;
}
static bool eq_twitter100(const void *pa, const void *pb) {
    const twitter100 *a = (const twitter100 *)pa, *b = (const twitter100 *)pb;
    EQV(a->results, b->results, "results");
    for (size_t i = 0; i < a->results.len; i++) {
        const t100_result *x = &a->results.items[i], *y = &b->results.items[i];
        EQS(x, y, created_at); EQS(x, y, from_user); EQS(x, y, text); EQS(x, y, iso_language_code);
        EQN(x, y, id); EQN(x, y, from_user_id);
    }
    EQN(a, b, max_id); EQN(a, b, page); EQS(a, b, query);
    return true;
}

/* ======================= seed values ======================= */
static jb_str mkstr(bench_arena *a, const char *s) { return ba_str(a, s, strlen(s)); }
static jb_str mkstrf(bench_arena *a, const char *fmt, long v) {
    char t[64];
    int n = snprintf(t, sizeof t, fmt, v);
    return ba_str(a, t, (size_t)n);
}
static void make_d(bench_arena *a, void *out) {
    /* Record 1234.56789 True (Product "Hello World!" 'a'
     *   (Record 9876.54321 False (Product "Yeehaa!!!" '\n' Nullary))) */
    D *n = (D *)ba_alloc(a, 5 * sizeof(D)), *r1 = (D *)out;
    memset(n, 0, 5 * sizeof(D));
    memset(r1, 0, sizeof(D));
    r1->tag = D_RECORD;
    r1->u.record.testOne = 1234.56789;
    r1->u.record.testTwo = true;
    r1->u.record.testThree = &n[0];
    n[0].tag = D_PRODUCT;
    n[0].u.product.s = mkstr(a, "Hello World!");
    n[0].u.product.c = mkstr(a, "a");
    n[0].u.product.a = &n[1];
    n[1].tag = D_RECORD;
    n[1].u.record.testOne = 9876.54321;
    n[1].u.record.testTwo = false;
    n[1].u.record.testThree = &n[2];
    n[2].tag = D_PRODUCT;
    n[2].u.product.s = mkstr(a, "Yeehaa!!!");
    n[2].u.product.c = mkstr(a, "\n");
    n[2].u.product.a = &n[3];
    n[3].tag = D_NULLARY;
}
static void make_big_record(bench_arena *a, void *out) {
    (void)a;
    int64_t *f = &((big_record *)out)->field01;
    for (int i = 0; i < 25; i++) f[i] = i + 1;
}
static void make_big_product(bench_arena *a, void *out) {
    (void)a;
    int64_t *f = &((big_product *)out)->p01;
    for (int i = 0; i < 25; i++) f[i] = i + 1;
}
static void make_big_sum(bench_arena *a, void *out) { (void)a; *(big_sum *)out = F25; }
static void make_enum5(bench_arena *a, void *out) { (void)a; *(enum5 *)out = E5; }
static void make_case500(bench_arena *a, void *out) { (void)a; *(large_union *)out = LU_Case500; }
static void make_case1(bench_arena *a, void *out) { (void)a; *(large_union *)out = LU_Case1; }
static void make_foos(bench_arena *a, void *out) {
    map_foo *m = (map_foo *)out;
    m->len = 100;
    m->items = (ent_foo *)ba_alloc(a, 100 * sizeof(ent_foo));
    for (int i = 0; i < 100; i++) {
        ent_foo *e = &m->items[i];
        char *k = (char *)ba_alloc(a, (size_t)i + 1), *s = (char *)ba_alloc(a, (size_t)i + 1);
        memset(k, 'b', (size_t)i);
        k[i] = 0;
        memset(s, 'a', (size_t)i);
        s[i] = 0;
        e->key.ptr = k;
        e->key.len = (size_t)i;
        e->value.s.ptr = s;
        e->value.s.len = (size_t)i;
        e->value.d = (i + 2.0) / (i + 1.0);
        e->value.i = i;
        e->value.l = (int64_t)i * 1000;
        e->value.bs.len = (size_t)i + 1; /* circe: (0 to i) */
        e->value.bs.items = (bool *)ba_alloc(a, (size_t)i + 1);
        for (int j = 0; j <= i; j++) e->value.bs.items[j] = (j % 2 == 0);
    }
}
static void make_ints(bench_arena *a, void *out) {
    vec_i32 *v = (vec_i32 *)out;
    v->len = 1001;
    v->items = (int32_t *)ba_alloc(a, 1001 * sizeof(int32_t));
    for (int i = 0; i <= 1000; i++) v->items[i] = i;
}
static void make_finch(bench_arena *a, void *out) {
    static const char alnum[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    finch_large *f = (finch_large *)out;
    uint64_t s1 = 1, s2 = 2;
    f->foos.len = 2048;
    f->foos.items = (foo_s *)ba_alloc(a, 2048 * sizeof(foo_s));
    for (int i = 0; i < 2048; i++) {
        char *s = (char *)ba_alloc(a, 101);
        for (int j = 0; j < 100; j++) s[j] = alnum[splitmix64(&s1) % 62];
        s[100] = 0;
        f->foos.items[i].s.ptr = s;
        f->foos.items[i].s.len = 100;
    }
    f->ints.len = 4096;
    f->ints.items = (int32_t *)ba_alloc(a, 4096 * sizeof(int32_t));
    for (int i = 0; i < 4096; i++) f->ints.items[i] = (int32_t)(splitmix64(&s2) >> 32);
}
static void make_lu_record(bench_arena *a, void *out) {
    for (int k = 1; k <= LU_NFIELDS; k++) {
        map_lu *m = (map_lu *)((char *)out + lu_field_offsets[k - 1]);
        m->len = 2;
        m->items = (ent_lu *)ba_alloc(a, 2 * sizeof(ent_lu));
        m->items[0].key = (large_union)(k - 1);  /* Case_k */
        m->items[0].value = mkstr(a, "some string here");
        m->items[1].key = (large_union)k;        /* Case_(k+1) */
        m->items[1].value = mkstr(a, "another string here");
    }
}
static long tree_counter;
static void make_tree_node(bench_arena *a, tree_node *n, int depth) {
    long id = tree_counter++;
    n->name = mkstrf(a, "node%ld", id);
    n->number = id;
    n->children.len = depth < 8 ? 5 : 0;
    n->children.items = (tree_node *)ba_alloc(a, 5 * sizeof(tree_node));
    for (size_t i = 0; i < n->children.len; i++) make_tree_node(a, &n->children.items[i], depth + 1);
}
static void make_tree(bench_arena *a, void *out) {
    tree_counter = 0;
    make_tree_node(a, (tree_node *)out, 0);
}
static void make_i64arr(bench_arena *a, void *out) {
    vec_i64 *v = (vec_i64 *)out;
    uint64_t s = 3;
    v->len = 100001;
    v->items = (int64_t *)ba_alloc(a, v->len * sizeof(int64_t));
    for (size_t i = 0; i < v->len; i++) v->items[i] = (int64_t)splitmix64(&s);
}
static void make_map_n(bench_arena *a, void *out, long n) {
    map_str_str *m = (map_str_str *)out;
    m->len = (size_t)n;
    m->items = (ent_str_str *)ba_alloc(a, (size_t)n * sizeof(ent_str_str));
    for (long i = 0; i < n; i++) {
        m->items[i].key = mkstrf(a, "key%ld", i);
        m->items[i].value = mkstrf(a, "value%ld", i);
    }
}
static void make_map10(bench_arena *a, void *o) { make_map_n(a, o, 10); }
static void make_map100(bench_arena *a, void *o) { make_map_n(a, o, 100); }
static void make_map1000(bench_arena *a, void *o) { make_map_n(a, o, 1000); }
static void make_map10000(bench_arena *a, void *o) { make_map_n(a, o, 10000); }

/* ======================= the cases ======================= */
int jbind_dec(bench_io *io);
int jbind_enc(bench_io *io);
#define DECL(c)                                                                     \
    int simdjson_dec_##c(bench_io *); int rapidjson_dec_##c(bench_io *);           \
    int jansson_dec_##c(bench_io *); int jsonc_dec_##c(bench_io *);                \
    int cjson_dec_##c(bench_io *); int hand_dec_##c(bench_io *);                   \
    int rapidjson_enc_##c(bench_io *); int jansson_enc_##c(bench_io *);            \
    int jsonc_enc_##c(bench_io *); int cjson_enc_##c(bench_io *);                  \
    int hand_enc_##c(bench_io *); int yyjson_dec_##c(bench_io *);                  \
    int yyjson_enc_##c(bench_io *);
#define ALL_CASES(X)                                                                \
    X(d) X(bigrecord) X(bigproduct) X(bigsum) X(foos) X(ints) X(finch) X(lu_record)  \
    X(lu_case500) X(lu_case1) X(enum5) X(tree) X(i64arr) X(map10) X(map100)          \
    X(map1000) X(map10000) X(twitter) X(citm) X(canada) X(gsoc) X(mesh) X(numbers)    \
    X(github) X(twitter100)
ALL_CASES(DECL)
#define DECS(c)                                                                            \
    {[LIB_JBIND] = jbind_dec, [LIB_SIMDJSON] = simdjson_dec_##c, [LIB_RAPIDJSON] = rapidjson_dec_##c, \
     [LIB_JANSSON] = jansson_dec_##c, [LIB_JSONC] = jsonc_dec_##c, [LIB_CJSON] = cjson_dec_##c,  \
     [LIB_HAND] = hand_dec_##c, [LIB_YYJSON] = BENCH_YY(yyjson_dec_##c)}
#define ENCS(c)                                                                            \
    {[LIB_JBIND] = jbind_enc, [LIB_RAPIDJSON] = rapidjson_enc_##c, [LIB_JANSSON] = jansson_enc_##c, \
     [LIB_JSONC] = jsonc_enc_##c, [LIB_CJSON] = cjson_enc_##c, [LIB_HAND] = hand_enc_##c,        \
     [LIB_YYJSON] = BENCH_YY(yyjson_enc_##c)}
#define SEED(id, name_, group_, note_, T, type_, mk, eq, elems_)                    \
    static const bench_case case_##id = {.name = name_, .group = group_, .note = note_, \
        .size = sizeof(T), .type = type_, .make = mk, .equal = eq, .elems = elems_,  \
        .dec = DECS(id), .enc = ENCS(id)};
#define CORPUS(id, name_, group_, file_, T, type_, wflags, eq)                       \
    static const bench_case case_##id = {.name = name_, .group = group_, .file = file_, \
        .size = sizeof(T), .type = type_, .write_flags = wflags, .equal = eq,        \
        .dec = DECS(id), .enc = ENCS(id)};
/* A case whose type is an inline vector or map: its generated row runs
 * through the named root gen_ (bench_case.gen_type). */
#define SEED_G(id, name_, group_, note_, T, type_, gen_, mk, eq, elems_)            \
    static const bench_case case_##id = {.name = name_, .group = group_, .note = note_, \
        .size = sizeof(T), .type = type_, .gen_type = gen_, .make = mk, .equal = eq,  \
        .elems = elems_, .dec = DECS(id), .enc = ENCS(id)};
#define CORPUS_G(id, name_, group_, file_, T, type_, gen_, wflags, eq)               \
    static const bench_case case_##id = {.name = name_, .group = group_, .file = file_, \
        .size = sizeof(T), .type = type_, .gen_type = gen_, .write_flags = wflags,   \
        .equal = eq, .dec = DECS(id), .enc = ENCS(id)};

SEED(d, "aeson.D", "seed", "jbind default sum encoding (external tag; nullary as \"Nullary\"), not aeson's {\"Nullary\":[]}", D, &d_type, make_d, eq_Dv, 0)
SEED(bigrecord, "aeson.BigRecord", "seed", "25 int64 fields", big_record, &big_record_type, make_big_record, eq_big_record, 0)
SEED(bigproduct, "aeson.BigProduct", "seed", "25 positional int64", big_product, &big_product_type, make_big_product, eq_big_product, 0)
SEED(bigsum, "aeson.BigSum", "seed", "25 nullary cases as a C enum, value \"F25\"", big_sum, &big_sum_type, make_big_sum, eq_big_sum, 0)
SEED_G(foos, "circe.foos", "seed", "map of 100 Foo", map_foo, JB_MAP_OF_T(jb_str, foo, &jb_string, &foo_type), &foos_root_type, make_foos, eq_map_foo, 0)
SEED_G(ints, "circe.ints", "seed", "[0..1000] int32", vec_i32, JB_VEC_OF_T(int32_t, &jb_i32), &ints_root_type, make_ints, eq_ints, 1001)
SEED(finch, "finch.large", "seed", "2048 {s: 100 chars} + 4096 int32 (SplitMix64)", finch_large, &finch_type, make_finch, eq_finch, 0)
SEED(lu_record, "fable.LargeUnionMaps", "seed", "200 fields of map<LargeUnion(500 cases),string>", lu_record, &lu_record_type, make_lu_record, eq_lu_record, 0)
SEED(lu_case500, "fable.lookup.Case500", "lookup", "decode \"Case500\" into the 500-case enum", large_union, &large_union_type, make_case500, eq_lu, 0)
SEED(lu_case1, "fable.lookup.Case1", "lookup", "decode \"Case1\" into the 500-case enum", large_union, &large_union_type, make_case1, eq_lu, 0)
SEED(enum5, "fable.lookup.Enum5", "lookup", "decode \"E5\" into a 5-case enum", enum5, &enum5_type, make_enum5, eq_enum5, 0)
SEED(tree, "wide.tree5x8", "wide", "fan-out 5, depth 8: 488,281 nodes", tree_node, &tree_type, make_tree, eq_tree, 488281)
SEED_G(i64arr, "wide.int64x100001", "wide", "100,001 int64 (SplitMix64)", vec_i64, JB_VEC_OF_T(int64_t, &jb_i64), &i64arr_root_type, make_i64arr, eq_i64arr, 100001)
SEED_G(map10, "wide.map10", "wide", "map<string,string> 10 entries", map_str_str, MAP_STR_STR, &mapss_root_type, make_map10, eq_mapss, 10)
SEED_G(map100, "wide.map100", "wide", "map<string,string> 100 entries", map_str_str, MAP_STR_STR, &mapss_root_type, make_map100, eq_mapss, 100)
SEED_G(map1000, "wide.map1000", "wide", "map<string,string> 1,000 entries", map_str_str, MAP_STR_STR, &mapss_root_type, make_map1000, eq_mapss, 1000)
SEED_G(map10000, "wide.map10000", "wide", "map<string,string> 10,000 entries", map_str_str, MAP_STR_STR, &mapss_root_type, make_map10000, eq_mapss, 10000)
CORPUS(twitter, "twitter", "corpus", "twitter.json", twitter, &twitter_type, JB_WRITE_ABSENT_NULL, eq_twitter)
CORPUS(citm, "citm_catalog", "corpus", "citm_catalog.json", citm_catalog, &citm_type, JB_WRITE_ABSENT_NULL, eq_citm)
CORPUS(canada, "canada", "corpus", "canada.json", canada, &canada_type, 0, eq_canada)
CORPUS_G(gsoc, "gsoc-2018", "partial", "gsoc-2018.json", gsoc, JB_MAP_OF_T(jb_str, gsoc_project, &jb_string, &gsoc_project_type), &gsoc_root_type, 0, eq_gsoc)
CORPUS(mesh, "mesh", "partial", "mesh.json", mesh, &mesh_type, 0, eq_mesh)
CORPUS_G(numbers, "numbers", "partial", "numbers.json", vec_f64, JB_VEC_OF_T(double, &jb_f64), &numbers_root_type, 0, eq_numbers)
CORPUS_G(github, "github_events", "partial", "github_events.json", gh_events, JB_VEC_OF_T(gh_event, &gh_event_type), &github_root_type, 0, eq_github)
CORPUS(twitter100, "aeson.twitter100", "partial", "aeson/twitter100.json", twitter100, &twitter100_type, 0, eq_twitter100)

/* the number micro-benchmarks (numbers.c) and the DOM cases (dom_c.c) */
#define EXTRA_CASES(X)                                                                   \
    X(num_f64_canada) X(num_f64_mesh) X(num_f64_numbers) X(num_f64_random) X(num_i64_mesh) \
    X(num_i64_random) X(dom_twitter) X(dom_citm) X(dom_canada) X(dom_gsoc) X(dom_mesh)      \
    X(dom_numbers) X(dom_github) X(dom_twitter100)
#define XDECL(c) extern const bench_case case_##c;
EXTRA_CASES(XDECL)

#define REF(c) &case_##c,
static const bench_case *const all_cases[] = {ALL_CASES(REF) EXTRA_CASES(REF)};
const bench_case *const *bench_cases = all_cases;
size_t bench_case_count = sizeof all_cases / sizeof all_cases[0];
