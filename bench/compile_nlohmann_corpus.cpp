/* SPDX-License-Identifier: MIT */
// compile_nlohmann_corpus.cpp — the twitter + citm_catalog + canada models
// declared for nlohmann/json, the C++ comparison for the compile cost of
// jb_corpus_desc.c (bench/compile_cost.py compiles it; it is not linked).
// Same fields and types as the C models; NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE
// (at most 63 members) for every struct; optional fields through std::optional.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

namespace nlohmann {
template <typename T> struct adl_serializer<std::optional<T>> {
    static void to_json(json &j, const std::optional<T> &o) {
        if (o) j = *o; else j = nullptr;
    }
    static void from_json(const json &j, std::optional<T> &o) {
        if (j.is_null()) o.reset(); else o = j.get<T>();
    }
};
} // namespace nlohmann

using Null = std::nullptr_t;
enum class Lang { ZhCn, En, Es, It, Ja, Zh };
NLOHMANN_JSON_SERIALIZE_ENUM(Lang, {{Lang::ZhCn, "zh-cn"}, {Lang::En, "en"}, {Lang::Es, "es"},
                                    {Lang::It, "it"}, {Lang::Ja, "ja"}, {Lang::Zh, "zh"}})
enum class Resize { Fit, Crop };
NLOHMANN_JSON_SERIALIZE_ENUM(Resize, {{Resize::Fit, "fit"}, {Resize::Crop, "crop"}})
enum class ResultType { Recent };
NLOHMANN_JSON_SERIALIZE_ENUM(ResultType, {{ResultType::Recent, "recent"}})

struct Url { std::string url, expanded_url, display_url; std::vector<uint8_t> indices; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Url, url, expanded_url, display_url, indices)
struct UserUrl { std::vector<Url> urls; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(UserUrl, urls)
struct UserEntities { std::optional<UserUrl> url; UserUrl description; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(UserEntities, url, description)
struct User {
    uint32_t id; std::string id_str, name, screen_name, location, description;
    std::optional<std::string> url; UserEntities entities; bool protected_;
    uint32_t followers_count, friends_count, listed_count; std::string created_at;
    uint32_t favourites_count; std::optional<int32_t> utc_offset; std::optional<std::string> time_zone;
    bool geo_enabled, verified; uint32_t statuses_count; Lang lang;
    bool contributors_enabled, is_translator, is_translation_enabled;
    std::string profile_background_color, profile_background_image_url, profile_background_image_url_https;
    bool profile_background_tile; std::string profile_image_url, profile_image_url_https;
    std::optional<std::string> profile_banner_url;
    std::string profile_link_color, profile_sidebar_border_color, profile_sidebar_fill_color, profile_text_color;
    bool profile_use_background_image, default_profile, default_profile_image, following,
        follow_request_sent, notifications;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(User, id, id_str, name, screen_name, location, description,
    url, entities, protected_, followers_count, friends_count, listed_count, created_at,
    favourites_count, utc_offset, time_zone, geo_enabled, verified, statuses_count, lang,
    contributors_enabled, is_translator, is_translation_enabled, profile_background_color,
    profile_background_image_url, profile_background_image_url_https, profile_background_tile,
    profile_image_url, profile_image_url_https, profile_banner_url, profile_link_color,
    profile_sidebar_border_color, profile_sidebar_fill_color, profile_text_color,
    profile_use_background_image, default_profile, default_profile_image, following,
    follow_request_sent, notifications)
struct Hashtag { std::string text; std::vector<uint8_t> indices; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Hashtag, text, indices)
struct Mention { std::string screen_name, name; uint32_t id; std::string id_str; std::vector<uint8_t> indices; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Mention, screen_name, name, id, id_str, indices)
struct Size { uint16_t w, h; Resize resize; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Size, w, h, resize)
struct Sizes { Size medium, small, thumb, large; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Sizes, medium, small, thumb, large)
struct Media {
    uint64_t id; std::string id_str; std::vector<uint8_t> indices;
    std::string media_url, media_url_https, url, display_url, expanded_url, type; Sizes sizes;
    std::optional<uint64_t> source_status_id; std::optional<std::string> source_status_id_str;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Media, id, id_str, indices, media_url, media_url_https, url,
    display_url, expanded_url, type, sizes, source_status_id, source_status_id_str)
struct StatusEntities {
    std::vector<Hashtag> hashtags; std::vector<std::string> symbols; std::vector<Url> urls;
    std::vector<Mention> user_mentions; std::optional<std::vector<Media>> media;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(StatusEntities, hashtags, symbols, urls, user_mentions, media)
struct Metadata { ResultType result_type; Lang iso_language_code; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Metadata, result_type, iso_language_code)
struct Status;
void to_json(nlohmann::json &j, const Status &s);
void from_json(const nlohmann::json &j, Status &s);
struct Status {
    Metadata metadata; std::string created_at; uint64_t id; std::string id_str, text, source;
    bool truncated; std::optional<uint64_t> in_reply_to_status_id;
    std::optional<std::string> in_reply_to_status_id_str; std::optional<uint32_t> in_reply_to_user_id;
    std::optional<std::string> in_reply_to_user_id_str, in_reply_to_screen_name; User user;
    Null geo, coordinates, place, contributors;
    std::vector<Status> retweeted_status; // 0 or 1: a boxed optional
    uint32_t retweet_count, favorite_count; StatusEntities entities; bool favorited, retweeted;
    std::optional<bool> possibly_sensitive; Lang lang;
};
void to_json(nlohmann::json &j, const Status &s) {
    j = nlohmann::json{{"metadata", s.metadata}, {"created_at", s.created_at}, {"id", s.id},
        {"id_str", s.id_str}, {"text", s.text}, {"source", s.source}, {"truncated", s.truncated},
        {"in_reply_to_status_id", s.in_reply_to_status_id},
        {"in_reply_to_status_id_str", s.in_reply_to_status_id_str},
        {"in_reply_to_user_id", s.in_reply_to_user_id}, {"in_reply_to_user_id_str", s.in_reply_to_user_id_str},
        {"in_reply_to_screen_name", s.in_reply_to_screen_name}, {"user", s.user}, {"geo", nullptr},
        {"coordinates", nullptr}, {"place", nullptr}, {"contributors", nullptr},
        {"retweet_count", s.retweet_count}, {"favorite_count", s.favorite_count},
        {"entities", s.entities}, {"favorited", s.favorited}, {"retweeted", s.retweeted},
        {"possibly_sensitive", s.possibly_sensitive}, {"lang", s.lang}};
    if (s.retweeted_status.empty()) j["retweeted_status"] = nullptr;
    else j["retweeted_status"] = s.retweeted_status[0];
}
void from_json(const nlohmann::json &j, Status &s) {
    j.at("metadata").get_to(s.metadata); j.at("created_at").get_to(s.created_at); j.at("id").get_to(s.id);
    j.at("id_str").get_to(s.id_str); j.at("text").get_to(s.text); j.at("source").get_to(s.source);
    j.at("truncated").get_to(s.truncated);
    s.in_reply_to_status_id = j.value("in_reply_to_status_id", std::optional<uint64_t>());
    s.in_reply_to_status_id_str = j.value("in_reply_to_status_id_str", std::optional<std::string>());
    s.in_reply_to_user_id = j.value("in_reply_to_user_id", std::optional<uint32_t>());
    s.in_reply_to_user_id_str = j.value("in_reply_to_user_id_str", std::optional<std::string>());
    s.in_reply_to_screen_name = j.value("in_reply_to_screen_name", std::optional<std::string>());
    j.at("user").get_to(s.user);
    auto rs = j.find("retweeted_status");
    if (rs != j.end() && !rs->is_null()) s.retweeted_status.push_back(rs->get<Status>());
    j.at("retweet_count").get_to(s.retweet_count); j.at("favorite_count").get_to(s.favorite_count);
    j.at("entities").get_to(s.entities); j.at("favorited").get_to(s.favorited);
    j.at("retweeted").get_to(s.retweeted);
    s.possibly_sensitive = j.value("possibly_sensitive", std::optional<bool>());
    j.at("lang").get_to(s.lang);
}
struct SearchMetadata {
    double completed_in; uint64_t max_id; std::string max_id_str, next_results, query, refresh_url;
    uint8_t count; uint64_t since_id; std::string since_id_str;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SearchMetadata, completed_in, max_id, max_id_str, next_results, query,
    refresh_url, count, since_id, since_id_str)
struct Twitter { std::vector<Status> statuses; SearchMetadata search_metadata; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Twitter, statuses, search_metadata)

// citm_catalog (integer-string keys kept as std::string keys, which is what
// nlohmann maps to JSON objects)
struct Event {
    Null description; uint32_t id; std::optional<std::string> logo; std::string name;
    std::vector<uint32_t> subTopicIds; Null subjectCode, subtitle; std::vector<uint32_t> topicIds;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Event, description, id, logo, name, subTopicIds, subjectCode,
    subtitle, topicIds)
struct Price { uint32_t amount, audienceSubCategoryId, seatCategoryId; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Price, amount, audienceSubCategoryId, seatCategoryId)
struct Area { uint32_t areaId; std::vector<uint32_t> blockIds; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Area, areaId, blockIds)
struct SeatCategory { std::vector<Area> areas; uint32_t seatCategoryId; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(SeatCategory, areas, seatCategoryId)
struct Performance {
    uint32_t eventId, id; std::optional<std::string> logo; Null name; std::vector<Price> prices;
    std::vector<SeatCategory> seatCategories; Null seatMapImage; uint64_t start; std::string venueCode;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Performance, eventId, id, logo, name, prices, seatCategories,
    seatMapImage, start, venueCode)
using Names = std::map<std::string, std::string>;
struct Citm {
    Names areaNames, audienceSubCategoryNames, blockNames; std::map<std::string, Event> events;
    std::vector<Performance> performances;
    Names seatCategoryNames, subTopicNames, subjectNames, topicNames;
    std::map<std::string, std::vector<uint32_t>> topicSubTopics; Names venueNames;
};
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Citm, areaNames, audienceSubCategoryNames, blockNames, events,
    performances, seatCategoryNames, subTopicNames, subjectNames, topicNames, topicSubTopics, venueNames)

// canada
enum class GeoType { FeatureCollection, Feature, Polygon };
NLOHMANN_JSON_SERIALIZE_ENUM(GeoType, {{GeoType::FeatureCollection, "FeatureCollection"},
                                       {GeoType::Feature, "Feature"}, {GeoType::Polygon, "Polygon"}})
struct Geometry { GeoType type; std::vector<std::vector<std::array<double, 2>>> coordinates; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Geometry, type, coordinates)
struct Feature { GeoType type; std::map<std::string, std::string> properties; Geometry geometry; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Feature, type, properties, geometry)
struct Canada { GeoType type; std::vector<Feature> features; };
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Canada, type, features)

// Instantiate both directions so that the code is generated.
std::string enc_twitter(const Twitter &v) { return nlohmann::json(v).dump(); }
Twitter dec_twitter(const std::string &s) { return nlohmann::json::parse(s).get<Twitter>(); }
std::string enc_citm(const Citm &v) { return nlohmann::json(v).dump(); }
Citm dec_citm(const std::string &s) { return nlohmann::json::parse(s).get<Citm>(); }
std::string enc_canada(const Canada &v) { return nlohmann::json(v).dump(); }
Canada dec_canada(const std::string &s) { return nlohmann::json::parse(s).get<Canada>(); }
