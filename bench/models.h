/* SPDX-License-Identifier: MIT */
/*
 * models.h — the C types every library fills and encodes. Plain C structs,
 * shared by the jbind descriptors (C), the C peers and the C++ peers.
 * Strings are jb_str (pointer + length, NUL-terminated in the decode arena);
 * vectors are {T *items; size_t len;} (jbind's JB_VEC layout); maps are
 * vectors of {key, value} entries in document order (JB_MAP layout).
 */
#ifndef BENCH_MODELS_H
#define BENCH_MODELS_H

#include "harness.h"
#include "lu_gen.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct { bool *items; size_t len; } vec_bool;
typedef struct { int32_t *items; size_t len; } vec_i32;
typedef struct { int64_t *items; size_t len; } vec_i64;
typedef struct { uint32_t *items; size_t len; } vec_u32;
typedef struct { double *items; size_t len; } vec_f64;
typedef struct { jb_str *items; size_t len; } vec_str;
typedef struct { jb_str key; jb_str value; } ent_str_str;
typedef struct { ent_str_str *items; size_t len; } map_str_str;
typedef struct { uint32_t key; jb_str value; } ent_u32_str;
typedef struct { ent_u32_str *items; size_t len; } map_u32_str;

/* ---------------- seed: aeson AutoCompare ---------------- */
typedef enum d_tag { D_NULLARY = 0, D_UNARY, D_PRODUCT, D_RECORD } d_tag;
typedef struct D D;
typedef struct d_product { jb_str s; jb_str c; D *a; } d_product;   /* Product String Char a */
typedef struct d_record { double testOne; bool testTwo; D *testThree; } d_record;
struct D {
    d_tag tag;
    union { int64_t unary; d_product product; d_record record; } u;
};

typedef struct big_record {
    int64_t field01, field02, field03, field04, field05, field06, field07, field08, field09,
        field10, field11, field12, field13, field14, field15, field16, field17, field18,
        field19, field20, field21, field22, field23, field24, field25;
} big_record;
typedef struct big_product {
    int64_t p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16,
        p17, p18, p19, p20, p21, p22, p23, p24, p25;
} big_product;
typedef enum big_sum {
    F01 = 0, F02, F03, F04, F05, F06, F07, F08, F09, F10, F11, F12, F13, F14, F15, F16, F17,
    F18, F19, F20, F21, F22, F23, F24, F25
} big_sum;
extern const char *const big_sum_names[25];

/* ---------------- seed: circe / finch ---------------- */
typedef struct foo { jb_str s; double d; int32_t i; int64_t l; vec_bool bs; } foo;
typedef struct { jb_str key; foo value; } ent_foo;
typedef struct { ent_foo *items; size_t len; } map_foo;
typedef struct foo_s { jb_str s; } foo_s;
typedef struct { foo_s *items; size_t len; } vec_foo_s;
typedef struct finch_large { vec_foo_s foos; vec_i32 ints; } finch_large;

/* ---------------- seed: 5-case enum for the lookup cost ---------------- */
typedef enum enum5 { E1 = 0, E2, E3, E4, E5 } enum5;
extern const char *const enum5_names[5];

/* ---------------- wide / deep ---------------- */
typedef struct tree_node tree_node;
typedef struct { tree_node *items; size_t len; } vec_node;
struct tree_node { jb_str name; int64_t number; vec_node children; };

/* ---------------- corpus: twitter.json (serde json-benchmark's model) ---------------- */
typedef enum tw_lang { LANG_ZH_CN = 0, LANG_EN, LANG_ES, LANG_IT, LANG_JA, LANG_ZH } tw_lang;
extern const char *const tw_lang_names[6];
typedef enum tw_result_type { RT_RECENT = 0 } tw_result_type;
typedef enum tw_resize { RS_FIT = 0, RS_CROP } tw_resize;
typedef struct { uint8_t v[2]; } tw_indices;
typedef struct tw_url { jb_str url, expanded_url, display_url; uint8_t indices[2]; } tw_url;
typedef struct { tw_url *items; size_t len; } vec_tw_url;
typedef struct tw_user_url { vec_tw_url urls; } tw_user_url;
typedef struct tw_user_entities { tw_user_url *url; tw_user_url description; } tw_user_entities;
typedef struct tw_user {
    uint32_t id;
    jb_str id_str, name, screen_name, location, description;
    bool has_url; jb_str url;
    tw_user_entities entities;
    bool protected_;
    uint32_t followers_count, friends_count, listed_count;
    jb_str created_at;
    uint32_t favourites_count;
    bool has_utc_offset; int32_t utc_offset;
    bool has_time_zone; jb_str time_zone;
    bool geo_enabled, verified;
    uint32_t statuses_count;
    tw_lang lang;
    bool contributors_enabled, is_translator, is_translation_enabled;
    jb_str profile_background_color, profile_background_image_url,
        profile_background_image_url_https;
    bool profile_background_tile;
    jb_str profile_image_url, profile_image_url_https;
    bool has_profile_banner_url; jb_str profile_banner_url;
    jb_str profile_link_color, profile_sidebar_border_color, profile_sidebar_fill_color,
        profile_text_color;
    bool profile_use_background_image, default_profile, default_profile_image, following,
        follow_request_sent, notifications;
} tw_user;
typedef struct tw_hashtag { jb_str text; uint8_t indices[2]; } tw_hashtag;
typedef struct { tw_hashtag *items; size_t len; } vec_tw_hashtag;
typedef struct tw_mention { jb_str screen_name, name; uint32_t id; jb_str id_str; uint8_t indices[2]; } tw_mention;
typedef struct { tw_mention *items; size_t len; } vec_tw_mention;
typedef struct tw_size { uint16_t w, h; tw_resize resize; } tw_size;
typedef struct tw_sizes { tw_size medium, small, thumb, large; } tw_sizes;
typedef struct tw_media {
    uint64_t id; jb_str id_str; uint8_t indices[2];
    jb_str media_url, media_url_https, url, display_url, expanded_url, type;
    tw_sizes sizes;
    bool has_source_status_id; uint64_t source_status_id;
    bool has_source_status_id_str; jb_str source_status_id_str;
} tw_media;
typedef struct { tw_media *items; size_t len; } vec_tw_media;
typedef struct tw_status_entities {
    vec_tw_hashtag hashtags;
    vec_str symbols;           /* always [] in the file (serde: empty::Array) */
    vec_tw_url urls;
    vec_tw_mention user_mentions;
    bool has_media; vec_tw_media media;
} tw_status_entities;
typedef struct tw_metadata { tw_result_type result_type; tw_lang iso_language_code; } tw_metadata;
typedef struct tw_status tw_status;
struct tw_status {
    tw_metadata metadata;
    jb_str created_at;
    uint64_t id;
    jb_str id_str, text, source;
    bool truncated;
    bool has_in_reply_to_status_id; uint64_t in_reply_to_status_id;
    bool has_in_reply_to_status_id_str; jb_str in_reply_to_status_id_str;
    bool has_in_reply_to_user_id; uint32_t in_reply_to_user_id;
    bool has_in_reply_to_user_id_str; jb_str in_reply_to_user_id_str;
    bool has_in_reply_to_screen_name; jb_str in_reply_to_screen_name;
    tw_user user;
    jb_str *geo, *coordinates, *place, *contributors; /* always null (serde: ()) */
    tw_status *retweeted_status;
    uint32_t retweet_count, favorite_count;
    tw_status_entities entities;
    bool favorited, retweeted;
    bool has_possibly_sensitive; bool possibly_sensitive;
    tw_lang lang;
};
typedef struct { tw_status *items; size_t len; } vec_tw_status;
typedef struct tw_search_metadata {
    double completed_in;
    uint64_t max_id; jb_str max_id_str, next_results, query, refresh_url;
    uint8_t count;
    uint64_t since_id; jb_str since_id_str;
} tw_search_metadata;
typedef struct twitter { vec_tw_status statuses; tw_search_metadata search_metadata; } twitter;

/* ---------------- corpus: citm_catalog.json ---------------- */
typedef struct citm_event {
    jb_str *description;  /* null */
    uint32_t id;
    bool has_logo; jb_str logo;
    jb_str name;
    vec_u32 subTopicIds;
    jb_str *subjectCode, *subtitle; /* null */
    vec_u32 topicIds;
} citm_event;
typedef struct { uint32_t key; citm_event value; } ent_citm_event;
typedef struct { ent_citm_event *items; size_t len; } map_citm_event;
typedef struct citm_price { uint32_t amount, audienceSubCategoryId, seatCategoryId; } citm_price;
typedef struct { citm_price *items; size_t len; } vec_citm_price;
typedef struct citm_area { uint32_t areaId; vec_u32 blockIds; } citm_area;
typedef struct { citm_area *items; size_t len; } vec_citm_area;
typedef struct citm_seat_category { vec_citm_area areas; uint32_t seatCategoryId; } citm_seat_category;
typedef struct { citm_seat_category *items; size_t len; } vec_citm_seat_category;
typedef struct citm_performance {
    uint32_t eventId, id;
    bool has_logo; jb_str logo;
    jb_str *name;  /* null */
    vec_citm_price prices;
    vec_citm_seat_category seatCategories;
    jb_str *seatMapImage; /* null */
    uint64_t start;
    jb_str venueCode;
} citm_performance;
typedef struct { citm_performance *items; size_t len; } vec_citm_performance;
typedef struct { uint32_t key; vec_u32 value; } ent_u32_vec_u32;
typedef struct { ent_u32_vec_u32 *items; size_t len; } map_u32_vec_u32;
typedef struct citm_catalog {
    map_u32_str areaNames, audienceSubCategoryNames, blockNames;
    map_citm_event events;
    vec_citm_performance performances;
    map_u32_str seatCategoryNames, subTopicNames, subjectNames, topicNames;
    map_u32_vec_u32 topicSubTopics;
    map_str_str venueNames;
} citm_catalog;

/* ---------------- corpus: canada.json ---------------- */
typedef enum geo_type { GT_FEATURE_COLLECTION = 0, GT_FEATURE, GT_POLYGON } geo_type;
extern const char *const geo_type_names[3];
typedef struct { double xy[2]; } geo_point;
typedef struct { geo_point *items; size_t len; } vec_point;
typedef struct { vec_point *items; size_t len; } vec_ring;
typedef struct canada_geometry { geo_type type; vec_ring coordinates; } canada_geometry;
typedef struct canada_feature { geo_type type; map_str_str properties; canada_geometry geometry; } canada_feature;
typedef struct { canada_feature *items; size_t len; } vec_feature;
typedef struct canada { geo_type type; vec_feature features; } canada;

/* ---------------- corpus: partial models (unknown keys skipped) ---------------- */
typedef struct gsoc_org { jb_str name, description; } gsoc_org;
typedef struct gsoc_person { jb_str name; } gsoc_person;
typedef struct gsoc_project { jb_str type, name, description; gsoc_org sponsor; gsoc_person author; } gsoc_project;
typedef struct { jb_str key; gsoc_project value; } ent_gsoc;
typedef struct { ent_gsoc *items; size_t len; } gsoc;

typedef struct mesh { vec_f64 positions, normals, tex0; vec_u32 colors; vec_i32 indices; } mesh;

typedef struct gh_actor { uint64_t id; jb_str login; } gh_actor;
typedef struct gh_repo { uint64_t id; jb_str name; } gh_repo;
typedef struct gh_event { jb_str type, created_at; gh_actor actor; gh_repo repo; bool public_; jb_str id; } gh_event;
typedef struct { gh_event *items; size_t len; } gh_events;

typedef struct t100_result { jb_str created_at, from_user, text, iso_language_code; uint64_t id, from_user_id; } t100_result;
typedef struct { t100_result *items; size_t len; } vec_t100_result;
typedef struct twitter100 { vec_t100_result results; uint64_t max_id; int32_t page; jb_str query; } twitter100;

/* enum name lookups shared by the peers (linear scan; the enums are tiny) */
static inline int name_index(const char *const *names, int n, const char *s, size_t len) {
    for (int i = 0; i < n; i++)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0) return i;
    return -1;
}

#ifdef __cplusplus
}
#endif

#endif
