/* SPDX-License-Identifier: MIT */
/*
 * model_names.c — the JSON names of the models' enums (models.h), for the
 * peers' hand-written readers and writers; shared by the bench programs
 * (jbench, stream_bench).
 */
#include "models.h"

const char *const big_sum_names[25] = {
    "F01", "F02", "F03", "F04", "F05", "F06", "F07", "F08", "F09", "F10", "F11", "F12", "F13",
    "F14", "F15", "F16", "F17", "F18", "F19", "F20", "F21", "F22", "F23", "F24", "F25"};
const char *const enum5_names[5] = {"E1", "E2", "E3", "E4", "E5"};
const char *const tw_lang_names[6] = {"zh-cn", "en", "es", "it", "ja", "zh"};
const char *const geo_type_names[3] = {"FeatureCollection", "Feature", "Polygon"};
