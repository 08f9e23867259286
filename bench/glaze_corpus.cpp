/* SPDX-License-Identifier: MIT */
// glaze_corpus.cpp — glaze on the full serde json-benchmark models: twitter,
// citm_catalog, canada (glaze_peer.h says what is timed and how it is gated).
#include "glaze_peer.h"

extern "C" const bench_entry glaze_corpus_entries[] = {
    GLAZE_ROW("twitter", gz::twitter, twitter, gz::full_opts),
    GLAZE_ROW("citm_catalog", gz::citm_catalog, citm_catalog, gz::full_opts),
    GLAZE_ROW("canada", gz::canada, canada, gz::full_opts),
    {nullptr, nullptr, nullptr}};
extern "C" const bench_entry glaze_fresh_corpus_entries[] = {
    GLAZE_FRESH_ROW("twitter", gz::twitter, twitter, gz::full_opts),
    GLAZE_FRESH_ROW("citm_catalog", gz::citm_catalog, citm_catalog, gz::full_opts),
    GLAZE_FRESH_ROW("canada", gz::canada, canada, gz::full_opts),
    {nullptr, nullptr, nullptr}};
