/* SPDX-License-Identifier: MIT */
/*
 * jb_corpus_desc.c — the jbind descriptors of the full twitter.json,
 * citm_catalog.json and canada.json models (serde json-benchmark's fields).
 * Kept in its own translation unit: bench/compile_cost.py times `gcc -O2 -c`
 * of this file against the nlohmann/json equivalent (compile_nlohmann_corpus.cpp).
 */
#include "models.h"

#define STR (&jb_string)
#define VEC_U32 JB_VEC_OF_T(uint32_t, &jb_u32)
#define MAP_U32_STR JB_MAP_OF_T(uint32_t, jb_str, &jb_u32, &jb_string)
#define MAP_STR_STR JB_MAP_OF_T(jb_str, jb_str, &jb_string, &jb_string)
#define NULL_ONLY JB_PTR_OF_T(jb_str, &jb_string)
#define INDICES JB_ARRAY_OF(uint8_t, 2, &jb_u8)

/* twitter (serde json-benchmark's fields; ids-as-strings and colours kept as strings) */
static const jb_type tw_lang_type = JB_ENUM(tw_lang,
    JB_ENUM_CASE(LANG_ZH_CN, "zh-cn"), JB_ENUM_CASE(LANG_EN, "en"), JB_ENUM_CASE(LANG_ES, "es"),
    JB_ENUM_CASE(LANG_IT, "it"), JB_ENUM_CASE(LANG_JA, "ja"), JB_ENUM_CASE(LANG_ZH, "zh"));
static const jb_type tw_result_type_type = JB_ENUM(tw_result_type, JB_ENUM_CASE(RT_RECENT, "recent"));
static const jb_type tw_resize_type = JB_ENUM(tw_resize, JB_ENUM_CASE(RS_FIT, "fit"), JB_ENUM_CASE(RS_CROP, "crop"));
static const jb_type tw_url_type = JB_RECORD(tw_url,
    JB_FIELD(tw_url, url, STR), JB_FIELD(tw_url, expanded_url, STR),
    JB_FIELD(tw_url, display_url, STR), JB_FIELD(tw_url, indices, INDICES));
#define VEC_URL JB_VEC_OF_T(tw_url, &tw_url_type)
static const jb_type tw_user_url_type = JB_RECORD(tw_user_url, JB_FIELD(tw_user_url, urls, VEC_URL));
static const jb_type tw_user_entities_type = JB_RECORD(tw_user_entities,
    JB_FIELD(tw_user_entities, url, JB_PTR_OF_T(tw_user_url, &tw_user_url_type)),
    JB_FIELD(tw_user_entities, description, &tw_user_url_type));
#define UF(m, d) JB_FIELD(tw_user, m, d)
#define UO(m, d) JB_OPTIONAL(tw_user, m, has_##m, d)
static const jb_type tw_user_type = JB_RECORD(tw_user,
    UF(id, &jb_u32), UF(id_str, STR), UF(name, STR), UF(screen_name, STR), UF(location, STR),
    UF(description, STR), UO(url, STR), UF(entities, &tw_user_entities_type),
    JB_FIELD(tw_user, protected_, &jb_bool, JB_NAME("protected")), UF(followers_count, &jb_u32),
    UF(friends_count, &jb_u32), UF(listed_count, &jb_u32), UF(created_at, STR),
    UF(favourites_count, &jb_u32), UO(utc_offset, &jb_i32), UO(time_zone, STR),
    UF(geo_enabled, &jb_bool), UF(verified, &jb_bool), UF(statuses_count, &jb_u32),
    UF(lang, &tw_lang_type), UF(contributors_enabled, &jb_bool), UF(is_translator, &jb_bool),
    UF(is_translation_enabled, &jb_bool), UF(profile_background_color, STR),
    UF(profile_background_image_url, STR), UF(profile_background_image_url_https, STR),
    UF(profile_background_tile, &jb_bool), UF(profile_image_url, STR),
    UF(profile_image_url_https, STR), UO(profile_banner_url, STR), UF(profile_link_color, STR),
    UF(profile_sidebar_border_color, STR), UF(profile_sidebar_fill_color, STR),
    UF(profile_text_color, STR), UF(profile_use_background_image, &jb_bool),
    UF(default_profile, &jb_bool), UF(default_profile_image, &jb_bool), UF(following, &jb_bool),
    UF(follow_request_sent, &jb_bool), UF(notifications, &jb_bool));
static const jb_type tw_hashtag_type = JB_RECORD(tw_hashtag,
    JB_FIELD(tw_hashtag, text, STR), JB_FIELD(tw_hashtag, indices, INDICES));
static const jb_type tw_mention_type = JB_RECORD(tw_mention,
    JB_FIELD(tw_mention, screen_name, STR), JB_FIELD(tw_mention, name, STR),
    JB_FIELD(tw_mention, id, &jb_u32), JB_FIELD(tw_mention, id_str, STR),
    JB_FIELD(tw_mention, indices, INDICES));
static const jb_type tw_size_type = JB_RECORD(tw_size,
    JB_FIELD(tw_size, w, &jb_u16), JB_FIELD(tw_size, h, &jb_u16),
    JB_FIELD(tw_size, resize, &tw_resize_type));
static const jb_type tw_sizes_type = JB_RECORD(tw_sizes,
    JB_FIELD(tw_sizes, medium, &tw_size_type), JB_FIELD(tw_sizes, small, &tw_size_type),
    JB_FIELD(tw_sizes, thumb, &tw_size_type), JB_FIELD(tw_sizes, large, &tw_size_type));
#define MF(m, d) JB_FIELD(tw_media, m, d)
static const jb_type tw_media_type = JB_RECORD(tw_media,
    MF(id, &jb_u64), MF(id_str, STR), MF(indices, INDICES), MF(media_url, STR),
    MF(media_url_https, STR), MF(url, STR), MF(display_url, STR), MF(expanded_url, STR),
    MF(type, STR), MF(sizes, &tw_sizes_type),
    JB_OPTIONAL(tw_media, source_status_id, has_source_status_id, &jb_u64),
    JB_OPTIONAL(tw_media, source_status_id_str, has_source_status_id_str, STR));
static const jb_type tw_entities_type = JB_RECORD(tw_status_entities,
    JB_FIELD(tw_status_entities, hashtags, JB_VEC_OF_T(tw_hashtag, &tw_hashtag_type)),
    JB_FIELD(tw_status_entities, symbols, JB_VEC_OF_T(jb_str, &jb_string)),
    JB_FIELD(tw_status_entities, urls, VEC_URL),
    JB_FIELD(tw_status_entities, user_mentions, JB_VEC_OF_T(tw_mention, &tw_mention_type)),
    JB_OPTIONAL(tw_status_entities, media, has_media, JB_VEC_OF_T(tw_media, &tw_media_type)));
static const jb_type tw_metadata_type = JB_RECORD(tw_metadata,
    JB_FIELD(tw_metadata, result_type, &tw_result_type_type),
    JB_FIELD(tw_metadata, iso_language_code, &tw_lang_type));
extern const jb_type tw_status_type;
#define SF(m, d) JB_FIELD(tw_status, m, d)
#define SO(m, d) JB_OPTIONAL(tw_status, m, has_##m, d)
const jb_type tw_status_type = JB_RECORD(tw_status,
    SF(metadata, &tw_metadata_type), SF(created_at, STR), SF(id, &jb_u64), SF(id_str, STR),
    SF(text, STR), SF(source, STR), SF(truncated, &jb_bool), SO(in_reply_to_status_id, &jb_u64),
    SO(in_reply_to_status_id_str, STR), SO(in_reply_to_user_id, &jb_u32),
    SO(in_reply_to_user_id_str, STR), SO(in_reply_to_screen_name, STR),
    SF(user, &tw_user_type), SF(geo, NULL_ONLY), SF(coordinates, NULL_ONLY),
    SF(place, NULL_ONLY), SF(contributors, NULL_ONLY),
    SF(retweeted_status, JB_PTR_OF_T(tw_status, &tw_status_type)),
    SF(retweet_count, &jb_u32), SF(favorite_count, &jb_u32), SF(entities, &tw_entities_type),
    SF(favorited, &jb_bool), SF(retweeted, &jb_bool), SO(possibly_sensitive, &jb_bool),
    SF(lang, &tw_lang_type));
#define MDF(m, d) JB_FIELD(tw_search_metadata, m, d)
static const jb_type tw_search_metadata_type = JB_RECORD(tw_search_metadata,
    MDF(completed_in, &jb_f64), MDF(max_id, &jb_u64), MDF(max_id_str, STR),
    MDF(next_results, STR), MDF(query, STR), MDF(refresh_url, STR), MDF(count, &jb_u8),
    MDF(since_id, &jb_u64), MDF(since_id_str, STR));
const jb_type twitter_type = JB_RECORD(twitter,
    JB_FIELD(twitter, statuses, JB_VEC_OF_T(tw_status, &tw_status_type)),
    JB_FIELD(twitter, search_metadata, &tw_search_metadata_type));

/* citm_catalog */
static const jb_type citm_event_type = JB_RECORD(citm_event,
    JB_FIELD(citm_event, description, NULL_ONLY), JB_FIELD(citm_event, id, &jb_u32),
    JB_OPTIONAL(citm_event, logo, has_logo, STR), JB_FIELD(citm_event, name, STR),
    JB_FIELD(citm_event, subTopicIds, VEC_U32), JB_FIELD(citm_event, subjectCode, NULL_ONLY),
    JB_FIELD(citm_event, subtitle, NULL_ONLY), JB_FIELD(citm_event, topicIds, VEC_U32));
static const jb_type citm_price_type = JB_RECORD(citm_price,
    JB_FIELD(citm_price, amount, &jb_u32), JB_FIELD(citm_price, audienceSubCategoryId, &jb_u32),
    JB_FIELD(citm_price, seatCategoryId, &jb_u32));
static const jb_type citm_area_type = JB_RECORD(citm_area,
    JB_FIELD(citm_area, areaId, &jb_u32), JB_FIELD(citm_area, blockIds, VEC_U32));
static const jb_type citm_seat_type = JB_RECORD(citm_seat_category,
    JB_FIELD(citm_seat_category, areas, JB_VEC_OF_T(citm_area, &citm_area_type)),
    JB_FIELD(citm_seat_category, seatCategoryId, &jb_u32));
#define PF(m, d) JB_FIELD(citm_performance, m, d)
static const jb_type citm_perf_type = JB_RECORD(citm_performance,
    PF(eventId, &jb_u32), PF(id, &jb_u32), JB_OPTIONAL(citm_performance, logo, has_logo, STR),
    PF(name, NULL_ONLY), PF(prices, JB_VEC_OF_T(citm_price, &citm_price_type)),
    PF(seatCategories, JB_VEC_OF_T(citm_seat_category, &citm_seat_type)),
    PF(seatMapImage, NULL_ONLY), PF(start, &jb_u64), PF(venueCode, STR));
#define CF(m, d) JB_FIELD(citm_catalog, m, d)
const jb_type citm_type = JB_RECORD(citm_catalog,
    CF(areaNames, MAP_U32_STR), CF(audienceSubCategoryNames, MAP_U32_STR),
    CF(blockNames, MAP_U32_STR),
    CF(events, JB_MAP_OF_T(uint32_t, citm_event, &jb_u32, &citm_event_type)),
    CF(performances, JB_VEC_OF_T(citm_performance, &citm_perf_type)),
    CF(seatCategoryNames, MAP_U32_STR), CF(subTopicNames, MAP_U32_STR),
    CF(subjectNames, MAP_U32_STR), CF(topicNames, MAP_U32_STR),
    CF(topicSubTopics, JB_MAP_OF_T(uint32_t, vec_u32, &jb_u32, VEC_U32)),
    CF(venueNames, MAP_STR_STR));

/* canada */
static const jb_type geo_type_type = JB_ENUM(geo_type,
    JB_ENUM_CASE(GT_FEATURE_COLLECTION, "FeatureCollection"), JB_ENUM_CASE(GT_FEATURE, "Feature"),
    JB_ENUM_CASE(GT_POLYGON, "Polygon"));
#define POINT JB_ARRAY_OF(double, 2, &jb_f64)
static const jb_type canada_geometry_type = JB_RECORD(canada_geometry,
    JB_FIELD(canada_geometry, type, &geo_type_type),
    JB_FIELD(canada_geometry, coordinates,
             JB_VEC_OF_T(vec_point, JB_VEC_OF_T(geo_point, POINT))));
static const jb_type canada_feature_type = JB_RECORD(canada_feature,
    JB_FIELD(canada_feature, type, &geo_type_type),
    JB_FIELD(canada_feature, properties, MAP_STR_STR),
    JB_FIELD(canada_feature, geometry, &canada_geometry_type));
const jb_type canada_type = JB_RECORD(canada,
    JB_FIELD(canada, type, &geo_type_type),
    JB_FIELD(canada, features, JB_VEC_OF_T(canada_feature, &canada_feature_type)));

