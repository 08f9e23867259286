/* SPDX-License-Identifier: MIT */
// glaze_models.h — the bench models as a glaze user declares them: C++
// aggregates mirroring bench/models.h field for field (std::string,
// std::vector, std::optional for an optional field, std::unique_ptr for a
// nullable box, std::monostate for a field that is always null, a
// std::vector of pairs for a map kept in document order, enum classes with a
// glz::meta enumerate of their JSON names). glaze reflects the aggregates'
// member names itself; glz::meta appears only where a JSON name is not a C++
// name (protected, @type), for enums, and for a positional record.
//
// Shared by the bench's glaze translation units (glaze_*.cpp, C++23) and by
// bench/compile_glaze_corpus.cpp (the compile-cost figure). Needs glaze on
// the include path (../shared/peers/glaze/include).
#ifndef BENCH_GLAZE_MODELS_H
#define BENCH_GLAZE_MODELS_H

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <glaze/glaze.hpp>

namespace gz {
using str = std::string;
template <class T> using vec = std::vector<T>;
template <class K, class V> using ordered_map = std::vector<std::pair<K, V>>; // an object, in document order
using null_only = std::monostate; // always null (std::nullptr_t members defeat glaze 5.7.2's member count)

// ---------------- twitter.json ----------------
enum class lang { zh_cn, en, es, it, ja, zh };
enum class result_type { recent };
enum class resize { fit, crop };
struct url { str url, expanded_url, display_url; std::array<uint8_t, 2> indices; };
struct user_url { vec<url> urls; };
struct user_entities { std::optional<user_url> url; user_url description; };
struct user {
    uint32_t id;
    str id_str, name, screen_name, location, description;
    std::optional<str> url;
    user_entities entities;
    bool protected_;
    uint32_t followers_count, friends_count, listed_count;
    str created_at;
    uint32_t favourites_count;
    std::optional<int32_t> utc_offset;
    std::optional<str> time_zone;
    bool geo_enabled, verified;
    uint32_t statuses_count;
    gz::lang lang;
    bool contributors_enabled, is_translator, is_translation_enabled;
    str profile_background_color, profile_background_image_url, profile_background_image_url_https;
    bool profile_background_tile;
    str profile_image_url, profile_image_url_https;
    std::optional<str> profile_banner_url;
    str profile_link_color, profile_sidebar_border_color, profile_sidebar_fill_color, profile_text_color;
    bool profile_use_background_image, default_profile, default_profile_image, following, follow_request_sent,
        notifications;
};
struct hashtag { str text; std::array<uint8_t, 2> indices; };
struct mention { str screen_name, name; uint32_t id; str id_str; std::array<uint8_t, 2> indices; };
struct size { uint16_t w, h; gz::resize resize; };
struct sizes { size medium, small, thumb, large; };
struct media {
    uint64_t id;
    str id_str;
    std::array<uint8_t, 2> indices;
    str media_url, media_url_https, url, display_url, expanded_url, type;
    gz::sizes sizes;
    std::optional<uint64_t> source_status_id;
    std::optional<str> source_status_id_str;
};
struct status_entities {
    vec<hashtag> hashtags;
    vec<str> symbols;
    vec<url> urls;
    vec<mention> user_mentions;
    std::optional<vec<gz::media>> media;
};
struct metadata { gz::result_type result_type; lang iso_language_code; };
struct status {
    gz::metadata metadata;
    str created_at;
    uint64_t id;
    str id_str, text, source;
    bool truncated;
    std::optional<uint64_t> in_reply_to_status_id;
    std::optional<str> in_reply_to_status_id_str;
    std::optional<uint32_t> in_reply_to_user_id;
    std::optional<str> in_reply_to_user_id_str;
    std::optional<str> in_reply_to_screen_name;
    gz::user user;
    null_only geo, coordinates, place, contributors;
    std::unique_ptr<status> retweeted_status;
    uint32_t retweet_count, favorite_count;
    status_entities entities;
    bool favorited, retweeted;
    std::optional<bool> possibly_sensitive;
    gz::lang lang;
};
struct search_metadata {
    double completed_in;
    uint64_t max_id;
    str max_id_str, next_results, query, refresh_url;
    uint8_t count;
    uint64_t since_id;
    str since_id_str;
};
struct twitter { vec<status> statuses; gz::search_metadata search_metadata; };

// ---------------- citm_catalog.json ----------------
struct citm_event {
    null_only description;
    uint32_t id;
    std::optional<str> logo;
    str name;
    vec<uint32_t> subTopicIds;
    null_only subjectCode, subtitle;
    vec<uint32_t> topicIds;
};
struct citm_price { uint32_t amount, audienceSubCategoryId, seatCategoryId; };
struct citm_area { uint32_t areaId; vec<uint32_t> blockIds; };
struct citm_seat_category { vec<citm_area> areas; uint32_t seatCategoryId; };
struct citm_performance {
    uint32_t eventId, id;
    std::optional<str> logo;
    null_only name;
    vec<citm_price> prices;
    vec<citm_seat_category> seatCategories;
    null_only seatMapImage;
    uint64_t start;
    str venueCode;
};
struct citm_catalog {
    ordered_map<uint32_t, str> areaNames, audienceSubCategoryNames, blockNames;
    ordered_map<uint32_t, citm_event> events;
    vec<citm_performance> performances;
    ordered_map<uint32_t, str> seatCategoryNames, subTopicNames, subjectNames, topicNames;
    ordered_map<uint32_t, vec<uint32_t>> topicSubTopics;
    ordered_map<str, str> venueNames;
};

// ---------------- canada.json ----------------
enum class geo_type { FeatureCollection, Feature, Polygon };
struct canada_geometry { geo_type type; vec<vec<std::array<double, 2>>> coordinates; };
struct canada_feature { geo_type type; ordered_map<str, str> properties; canada_geometry geometry; };
struct canada { geo_type type; vec<canada_feature> features; };

// ---------------- seed cases ----------------
// aeson D, in jbind's default sum encoding: "Nullary" | {"Unary":n} |
// {"Product":[s,c,D]} | {"Record":{testOne,testTwo,testThree}}. glaze reads
// a std::variant by the JSON type (a string) and, among objects, by key.
// (a std::shared_ptr box: glaze assigns variant alternatives by copy)
struct d_value;
using d_box = std::shared_ptr<d_value>;
struct d_unary { int64_t Unary; };
struct d_product { std::tuple<str, str, d_box> Product; };
struct d_record_body { double testOne; bool testTwo; d_box testThree; };
struct d_record { d_record_body Record; };
struct d_value { std::variant<str, d_unary, d_product, d_record> v; };

struct big_record {
    int64_t field01, field02, field03, field04, field05, field06, field07, field08, field09, field10, field11,
        field12, field13, field14, field15, field16, field17, field18, field19, field20, field21, field22, field23,
        field24, field25;
};
struct big_product { // written as a 25-element array (glz::meta below)
    int64_t p01, p02, p03, p04, p05, p06, p07, p08, p09, p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p20,
        p21, p22, p23, p24, p25;
};
enum class big_sum { F01, F02, F03, F04, F05, F06, F07, F08, F09, F10, F11, F12, F13, F14, F15, F16, F17, F18,
                     F19, F20, F21, F22, F23, F24, F25 };
struct foo { str s; double d; int32_t i; int64_t l; vec<bool> bs; };
using foos = ordered_map<str, foo>;
struct foo_s { str s; };
struct finch_large { vec<foo_s> foos; vec<int32_t> ints; };
enum class enum5 { E1, E2, E3, E4, E5 };
struct tree_node { str name; int64_t number; vec<tree_node> children; };

// ---------------- partial models (unknown keys skipped: opts below) ----------------
struct gsoc_org { str name, description; };
struct gsoc_person { str name; };
struct gsoc_project { str type, name, description; gsoc_org sponsor; gsoc_person author; };
using gsoc = ordered_map<str, gsoc_project>;
struct mesh { vec<double> positions, normals, tex0; vec<uint32_t> colors; vec<int32_t> indices; };
struct gh_actor { uint64_t id; str login; };
struct gh_repo { uint64_t id; str name; };
struct gh_event { str type, created_at; gh_actor actor; gh_repo repo; bool public_; str id; };
using gh_events = vec<gh_event>;
struct t100_result { str created_at, from_user, text, iso_language_code; uint64_t id, from_user_id; };
struct twitter100 { vec<t100_result> results; uint64_t max_id; int32_t page; str query; };

// glaze options: a glaze user's defaults (unknown keys are an error), and
// the partial models' (unknown keys skipped). glaze writes control
// characters other than \b\f\n\r\t raw by default (a U+0000 in a string
// comes out as a NUL byte: not JSON); a user whose strings hold them turns
// on escape_control_characters, an option glaze reads from an options type
// derived from glz::opts. gsoc-2018's do, so its rows use it.
inline constexpr glz::opts full_opts{};
inline constexpr glz::opts partial_opts{.error_on_unknown_keys = false};
struct escaping_opts : glz::opts {
    bool escape_control_characters = true;
};
inline constexpr escaping_opts partial_escaping_opts{{.error_on_unknown_keys = false}};
} // namespace gz

// ---------------- glz::meta: what glaze cannot reflect ----------------
// glaze 5.7.2 counts an aggregate's members by brace initialisation, which
// brace elision throws off for a std::array member: the records holding
// one (the twitter indices) list their members.
template <> struct glz::meta<gz::url> {
    using T = gz::url;
    static constexpr auto value = glz::object("url", &T::url, "expanded_url", &T::expanded_url, "display_url",
                                              &T::display_url, "indices", &T::indices);
};
template <> struct glz::meta<gz::hashtag> {
    using T = gz::hashtag;
    static constexpr auto value = glz::object("text", &T::text, "indices", &T::indices);
};
template <> struct glz::meta<gz::mention> {
    using T = gz::mention;
    static constexpr auto value = glz::object("screen_name", &T::screen_name, "name", &T::name, "id", &T::id,
                                              "id_str", &T::id_str, "indices", &T::indices);
};
template <> struct glz::meta<gz::media> {
    using T = gz::media;
    static constexpr auto value =
        glz::object("id", &T::id, "id_str", &T::id_str, "indices", &T::indices, "media_url", &T::media_url,
                    "media_url_https", &T::media_url_https, "url", &T::url, "display_url", &T::display_url,
                    "expanded_url", &T::expanded_url, "type", &T::type, "sizes", &T::sizes, "source_status_id",
                    &T::source_status_id, "source_status_id_str", &T::source_status_id_str);
};
template <> struct glz::meta<gz::lang> {
    using enum gz::lang;
    static constexpr auto value = glz::enumerate("zh-cn", zh_cn, "en", en, "es", es, "it", it, "ja", ja, "zh", zh);
};
template <> struct glz::meta<gz::result_type> {
    static constexpr auto value = glz::enumerate("recent", gz::result_type::recent);
};
template <> struct glz::meta<gz::resize> {
    static constexpr auto value = glz::enumerate("fit", gz::resize::fit, "crop", gz::resize::crop);
};
template <> struct glz::meta<gz::geo_type> {
    using enum gz::geo_type;
    static constexpr auto value =
        glz::enumerate("FeatureCollection", FeatureCollection, "Feature", Feature, "Polygon", Polygon);
};
template <> struct glz::meta<gz::user> {
    static constexpr std::string_view rename_key(const std::string_view key) {
        return key == "protected_" ? "protected" : key;
    }
};
template <> struct glz::meta<gz::gh_event> {
    static constexpr std::string_view rename_key(const std::string_view key) {
        return key == "public_" ? "public" : key;
    }
};
template <> struct glz::meta<gz::gsoc_project> {
    static constexpr std::string_view rename_key(const std::string_view key) { return key == "type" ? "@type" : key; }
};
template <> struct glz::meta<gz::d_value> {
    static constexpr auto value = &gz::d_value::v;
};
template <> struct glz::meta<gz::big_product> {
    using T = gz::big_product;
    static constexpr auto value =
        glz::array(&T::p01, &T::p02, &T::p03, &T::p04, &T::p05, &T::p06, &T::p07, &T::p08, &T::p09, &T::p10,
                   &T::p11, &T::p12, &T::p13, &T::p14, &T::p15, &T::p16, &T::p17, &T::p18, &T::p19, &T::p20,
                   &T::p21, &T::p22, &T::p23, &T::p24, &T::p25);
};
template <> struct glz::meta<gz::big_sum> {
    using enum gz::big_sum;
    static constexpr auto value =
        glz::enumerate("F01", F01, "F02", F02, "F03", F03, "F04", F04, "F05", F05, "F06", F06, "F07", F07, "F08", F08,
                       "F09", F09, "F10", F10, "F11", F11, "F12", F12, "F13", F13, "F14", F14, "F15", F15, "F16", F16,
                       "F17", F17, "F18", F18, "F19", F19, "F20", F20, "F21", F21, "F22", F22, "F23", F23, "F24", F24,
                       "F25", F25);
};
template <> struct glz::meta<gz::enum5> {
    using enum gz::enum5;
    static constexpr auto value = glz::enumerate("E1", E1, "E2", E2, "E3", E3, "E4", E4, "E5", E5);
};

#endif
