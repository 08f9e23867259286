/* SPDX-License-Identifier: MIT */
// simdjson On-Demand filling the structs (m_pull.inc). The parser is reused
// across operations (as simdjson recommends); inputs carry SIMDJSON_PADDING.
#include "models.h"
#define P_SIMDJSON
#include "api_pull.h"
#define PFX(x) simdjson_##x

od::parser &sj_parser(void) {
    static od::parser p;
    return p;
}
#include "m_pull.inc"
