/* SPDX-License-Identifier: MIT */
/*
 * format.c — the wire-format presets. Each is a complete set of
 * representation options reproducing another ecosystem's derived JSON;
 * docs/formats.md gives the sources for every rule.
 */
#include "base.h"

/* Haskell aeson 2.0, Generic/TH with defaultOptions: field and constructor
 * names unchanged, sums as TaggedObject "tag" "contents" (record payloads
 * inlined), all-nullary sums as plain strings (and read only as strings),
 * Nothing written as null (omitNothingFields = False), doubles as GHC
 * shows them (1.0, 1.0e-2), integers read from integral numbers written
 * with a fraction (7.0), backspace and form feed escaped as \u0008 and
 * \u000c, NaN as null and the infinities as "+inf" / "-inf" (and
 * null read as NaN). For a type that picks another sumEncoding the nullary cases
 * follow aeson too: {"Empty":[]} (ObjectWithSingleField) and
 * ["Empty",[]] (TwoElemArray), read only in that form, and "Empty"
 * (UntaggedValue). */
JB_API const jb_format jb_format_aeson = {
    .name = "aeson",
    .sum_style = JB_SUM_INTERNAL,
    .tag_name = "tag",
    .content_name = "contents",
    .flags = JB_FMT_ABSENT_NULL | JB_FMT_ALL_NULLARY_STRING | JB_FMT_INTEGRAL_FLOATS |
             JB_FMT_CONTROL_HEX | JB_FMT_UNTAGGED_NULLARY_NAME | JB_FMT_NULLARY_ARRAY |
             JB_FMT_NULLARY_STRICT | JB_FMT_NONFINITE_AESON,
    .float_style = JB_FLOAT_HASKELL,
    .key_mode = JB_KEYS_TEXT_INT, /* Text and Int keys -> object; enum keys -> pairs */
};

/* Rust serde_json with #[derive(Serialize, Deserialize)] defaults: externally
 * tagged enums (unit variants as "Name"), None as null, f64 by ryu (1.0, 1e21). */
JB_API const jb_format jb_format_serde = {
    .name = "serde",
    .sum_style = JB_SUM_EXTERNAL,
    .flags = JB_FMT_ABSENT_NULL,
    .float_style = JB_FLOAT_RUST,
};

/* Scala circe generic derivation: sealed traits as {"Case": {...}}, case
 * objects (and all-nullary enums) as {"Case": {}}, None as null, doubles as
 * Java prints them (1.0E21). */
JB_API const jb_format jb_format_circe = {
    .name = "circe",
    .sum_style = JB_SUM_EXTERNAL,
    .flags = JB_FMT_ABSENT_NULL | JB_FMT_NULLARY_OBJECT,
    .float_style = JB_FLOAT_JAVA,
};

/* F# Fable.Remoting.Json (on Newtonsoft): unions as {"Case": payload} with
 * nullary cases as "Case" and record payloads positional ({"Rect":[2.0,3.0]}),
 * None as null, int64 as signed strings ("+5"),
 * non-string map keys as their JSON text, doubles as Newtonsoft writes
 * them (1.0, 1E+21). */
JB_API const jb_format jb_format_fable = {
    .name = "fable",
    .sum_style = JB_SUM_EXTERNAL,
    .flags = JB_FMT_ABSENT_NULL | JB_FMT_INT64_STRING | JB_FMT_INT64_SIGNED |
             JB_FMT_POSITIONAL_RECORDS,
    .float_style = JB_FLOAT_DOTNET,
    .key_mode = JB_KEYS_JSON_TEXT,
};
