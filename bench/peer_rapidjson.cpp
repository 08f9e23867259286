/* SPDX-License-Identifier: MIT */
// RapidJSON: Document::Parse (full-precision doubles) + extraction (m_dom.inc);
// Writer<StringBuffer> straight from the structs (m_write.inc).
#include "models.h"
#define DOM_RAPIDJSON
#define W_RAPIDJSON
#include "api_dom.h"
#include "api_write.h"
#define PFX(x) rapidjson_##x

rapidjson::StringBuffer &rj_out_buffer(void) {
    static rapidjson::StringBuffer sb; // reused across operations, like jbind's jb_buf
    return sb;
}
#include "m_dom.inc"
#include "m_write.inc"
