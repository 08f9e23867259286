/* SPDX-License-Identifier: MIT */
// glaze_seed.cpp — glaze on the seed cases (aeson, circe, finch, Fable's
// lookups) and the wide ones (glaze_peer.h says what is timed and how it is
// gated). Not Fable's 500-case union (LargeUnionMaps, lookup.Case500 and
// Case1): glaze 5.7.2 does not compile a 500-name enum (bench/compile_cost.py
// measures the attempt with JB_COMPILE_GLAZE_LU=1).
#include "glaze_peer.h"

using str_map = gz::ordered_map<std::string, std::string>;
#define ROWS(R)                                                                 \
    R("aeson.D", gz::d_value, D, gz::full_opts),                                \
    R("aeson.BigRecord", gz::big_record, big_record, gz::full_opts),            \
    R("aeson.BigProduct", gz::big_product, big_product, gz::full_opts),         \
    R("aeson.BigSum", gz::big_sum, big_sum, gz::full_opts),                     \
    R("circe.foos", gz::foos, map_foo, gz::full_opts),                          \
    R("circe.ints", std::vector<int32_t>, vec_i32, gz::full_opts),              \
    R("finch.large", gz::finch_large, finch_large, gz::full_opts),              \
    R("fable.lookup.Enum5", gz::enum5, enum5, gz::full_opts),                   \
    R("wide.tree5x8", gz::tree_node, tree_node, gz::full_opts),                 \
    R("wide.int64x100001", std::vector<int64_t>, vec_i64, gz::full_opts),       \
    R("wide.map10", str_map, map_str_str, gz::full_opts),                       \
    R("wide.map100", str_map, map_str_str, gz::full_opts),                      \
    R("wide.map1000", str_map, map_str_str, gz::full_opts),                     \
    R("wide.map10000", str_map, map_str_str, gz::full_opts)
extern "C" const bench_entry glaze_seed_entries[] = {ROWS(GLAZE_ROW), {nullptr, nullptr, nullptr}};
extern "C" const bench_entry glaze_fresh_seed_entries[] = {ROWS(GLAZE_FRESH_ROW), {nullptr, nullptr, nullptr}};
