/* SPDX-License-Identifier: MIT */
/*
 * twitter.c — the typed model of twitter.json (serde json-benchmark's
 * fields, as bench/models.h and bench/jb_corpus_desc.c describe it for the
 * benchmark) written in the definer form: each C type and its descriptor
 * from one member list. It decodes ../shared/data/corpus/twitter.json when
 * that file is there (and says it skipped otherwise), encodes it again,
 * and checks that decoding its own output gives the same bytes back.
 */
#include <jbind.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LANG(F) F(LANG_ZH_CN, "zh-cn") F(LANG_EN, "en") F(LANG_ES, "es") F(LANG_IT, "it") \
    F(LANG_JA, "ja") F(LANG_ZH, "zh")
JB_ENUM_DEFINE(tw_lang, LANG);
#define RESULT_TYPE(F) F(RT_RECENT, "recent")
JB_ENUM_DEFINE(tw_result_type, RESULT_TYPE);
#define RESIZE(F) F(RS_FIT, "fit") F(RS_CROP, "crop")
JB_ENUM_DEFINE(tw_resize, RESIZE);

#define URL(F) F(url, jb_str) F(expanded_url, jb_str) F(display_url, jb_str) \
    F(indices, JB_ARRAY(uint8_t, 2))
JB_RECORD_DEFINE(tw_url, URL);
#define USER_URL(F) F(urls, JB_VEC(tw_url), JB_VEC_OF(&tw_url_type))
JB_RECORD_DEFINE(tw_user_url, USER_URL);
#define USER_ENTITIES(F) F(url, tw_user_url *, JB_PTR_OF(&tw_user_url_type)) \
    F(description, tw_user_url, &tw_user_url_type)
JB_RECORD_DEFINE(tw_user_entities, USER_ENTITIES);

#define USER(F)                                                                           \
    F(id, uint32_t) F(id_str, jb_str) F(name, jb_str) F(screen_name, jb_str)              \
    F(location, jb_str) F(description, jb_str) F(url, JB_MAYBE(jb_str))                  \
    F(entities, tw_user_entities, &tw_user_entities_type)                                 \
    F(protected_, bool, JB_AUTO, JB_NAME("protected"))                                    \
    F(followers_count, uint32_t) F(friends_count, uint32_t) F(listed_count, uint32_t)     \
    F(created_at, jb_str) F(favourites_count, uint32_t) F(utc_offset, JB_MAYBE(int32_t))  \
    F(time_zone, JB_MAYBE(jb_str)) F(geo_enabled, bool) F(verified, bool)                 \
    F(statuses_count, uint32_t) F(lang, tw_lang, &tw_lang_type)                           \
    F(contributors_enabled, bool) F(is_translator, bool) F(is_translation_enabled, bool)  \
    F(profile_background_color, jb_str) F(profile_background_image_url, jb_str)           \
    F(profile_background_image_url_https, jb_str) F(profile_background_tile, bool)        \
    F(profile_image_url, jb_str) F(profile_image_url_https, jb_str)                       \
    F(profile_banner_url, JB_MAYBE(jb_str)) F(profile_link_color, jb_str)                 \
    F(profile_sidebar_border_color, jb_str) F(profile_sidebar_fill_color, jb_str)         \
    F(profile_text_color, jb_str) F(profile_use_background_image, bool)                   \
    F(default_profile, bool) F(default_profile_image, bool) F(following, bool)            \
    F(follow_request_sent, bool) F(notifications, bool)
JB_RECORD_DEFINE(tw_user, USER);

#define HASHTAG(F) F(text, jb_str) F(indices, JB_ARRAY(uint8_t, 2))
JB_RECORD_DEFINE(tw_hashtag, HASHTAG);
#define MENTION(F) F(screen_name, jb_str) F(name, jb_str) F(id, uint32_t) F(id_str, jb_str) \
    F(indices, JB_ARRAY(uint8_t, 2))
JB_RECORD_DEFINE(tw_mention, MENTION);
#define SIZE(F) F(w, uint16_t) F(h, uint16_t) F(resize, tw_resize, &tw_resize_type)
JB_RECORD_DEFINE(tw_size, SIZE);
#define SIZES(F) F(medium, tw_size, &tw_size_type) F(small, tw_size, &tw_size_type) \
    F(thumb, tw_size, &tw_size_type) F(large, tw_size, &tw_size_type)
JB_RECORD_DEFINE(tw_sizes, SIZES);
#define MEDIA(F)                                                                        \
    F(id, uint64_t) F(id_str, jb_str) F(indices, JB_ARRAY(uint8_t, 2))                  \
    F(media_url, jb_str) F(media_url_https, jb_str) F(url, jb_str) F(display_url, jb_str) \
    F(expanded_url, jb_str) F(type, jb_str) F(sizes, tw_sizes, &tw_sizes_type)          \
    F(source_status_id, JB_MAYBE(uint64_t)) F(source_status_id_str, JB_MAYBE(jb_str))
JB_RECORD_DEFINE(tw_media, MEDIA);
#define ENTITIES(F)                                                                  \
    F(hashtags, JB_VEC(tw_hashtag), JB_VEC_OF(&tw_hashtag_type))                     \
    F(symbols, JB_VEC(jb_str))                                                       \
    F(urls, JB_VEC(tw_url), JB_VEC_OF(&tw_url_type))                                 \
    F(user_mentions, JB_VEC(tw_mention), JB_VEC_OF(&tw_mention_type))               \
    F(media, JB_MAYBE(JB_VEC(tw_media)), JB_VEC_OF(&tw_media_type))
JB_RECORD_DEFINE(tw_status_entities, ENTITIES);
#define METADATA(F) F(result_type, tw_result_type, &tw_result_type_type) \
    F(iso_language_code, tw_lang, &tw_lang_type)
JB_RECORD_DEFINE(tw_metadata, METADATA);

#define NULL_ONLY JB_PTR_OF(&jb_string) /* always null in the file (serde: ()) */
#define STATUS(F)                                                                          \
    F(metadata, tw_metadata, &tw_metadata_type) F(created_at, jb_str) F(id, uint64_t)      \
    F(id_str, jb_str) F(text, jb_str) F(source, jb_str) F(truncated, bool)                 \
    F(in_reply_to_status_id, JB_MAYBE(uint64_t)) F(in_reply_to_status_id_str, JB_MAYBE(jb_str)) \
    F(in_reply_to_user_id, JB_MAYBE(uint32_t)) F(in_reply_to_user_id_str, JB_MAYBE(jb_str)) \
    F(in_reply_to_screen_name, JB_MAYBE(jb_str)) F(user, tw_user, &tw_user_type)           \
    F(geo, jb_str *, NULL_ONLY) F(coordinates, jb_str *, NULL_ONLY)                        \
    F(place, jb_str *, NULL_ONLY) F(contributors, jb_str *, NULL_ONLY)                     \
    F(retweeted_status, tw_status *, JB_PTR_OF(&tw_status_type))                           \
    F(retweet_count, uint32_t) F(favorite_count, uint32_t)                                 \
    F(entities, tw_status_entities, &tw_status_entities_type) F(favorited, bool)           \
    F(retweeted, bool) F(possibly_sensitive, JB_MAYBE(bool)) F(lang, tw_lang, &tw_lang_type)
JB_RECORD_DEFINE(tw_status, STATUS);
#define SEARCH_METADATA(F)                                                               \
    F(completed_in, double) F(max_id, uint64_t) F(max_id_str, jb_str) F(next_results, jb_str) \
    F(query, jb_str) F(refresh_url, jb_str) F(count, uint8_t) F(since_id, uint64_t)      \
    F(since_id_str, jb_str)
JB_RECORD_DEFINE(tw_search_metadata, SEARCH_METADATA);
#define TWITTER(F) F(statuses, JB_VEC(tw_status), JB_VEC_OF(&tw_status_type)) \
    F(search_metadata, tw_search_metadata, &tw_search_metadata_type)
JB_RECORD_DEFINE(twitter, TWITTER);

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long n;
    if (!f) return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)n + 1)) && fread(buf, 1, (size_t)n, f) == (size_t)n) {
        *len = (size_t)n;
    } else {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

int main(void) {
    const char *path = "../shared/data/corpus/twitter.json";
    size_t len = 0;
    char *json = slurp(path, &len);
    if (!json) {
        printf("twitter: %s not found, skipped\n", path);
        return 0;
    }
    jb_arena *arena = jb_arena_new();
    jb_buf once = JB_BUF_INIT, twice = JB_BUF_INIT;
    jb_error err;
    twitter t, again;
    int rc = 1;
    if (jb_decode(&twitter_type, json, len, &t, arena, NULL, &err) ||
        jb_encode(&twitter_type, &t, &once, NULL, &err) ||
        jb_decode(&twitter_type, once.data, once.len, &again, arena, NULL, &err) ||
        jb_encode(&twitter_type, &again, &twice, NULL, &err)) {
        fprintf(stderr, "twitter: %s (at %s)\n", err.message, err.path);
    } else if (once.len != twice.len || memcmp(once.data, twice.data, once.len) != 0) {
        fprintf(stderr, "twitter: encoding is not a fixed point\n");
    } else {
        printf("twitter: %zu statuses, %zu bytes in, %zu out, round trip stable\n", t.statuses.len,
               len, once.len);
        rc = 0;
    }
    jb_buf_free(&once);
    jb_buf_free(&twice);
    jb_arena_free(arena);
    free(json);
    return rc;
}
