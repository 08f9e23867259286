/* SPDX-License-Identifier: MIT */
// glaze_partial.cpp — glaze on the partial models (unknown keys skipped:
// error_on_unknown_keys = false): gsoc-2018, mesh, numbers, github_events,
// aeson/twitter100 (glaze_peer.h says what is timed and how it is gated).
// gsoc-2018's strings hold control characters: escape_control_characters
// (glaze_models.h).
#include "glaze_peer.h"

#define ROWS(R)                                                                 \
    R("gsoc-2018", gz::gsoc, gsoc, gz::partial_escaping_opts),                  \
    R("mesh", gz::mesh, mesh, gz::partial_opts),                                \
    R("numbers", std::vector<double>, vec_f64, gz::partial_opts),               \
    R("github_events", gz::gh_events, gh_events, gz::partial_opts),             \
    R("aeson.twitter100", gz::twitter100, twitter100, gz::partial_opts)
extern "C" const bench_entry glaze_partial_entries[] = {ROWS(GLAZE_ROW), {nullptr, nullptr, nullptr}};
extern "C" const bench_entry glaze_fresh_partial_entries[] = {ROWS(GLAZE_FRESH_ROW), {nullptr, nullptr, nullptr}};
