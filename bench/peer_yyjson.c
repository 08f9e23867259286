/* SPDX-License-Identifier: MIT */
/* yyjson (compiled from ../shared/peers/yyjson when present): yyjson_read +
 * extraction (m_dom.inc); build a yyjson_mut_doc + yyjson_mut_write (m_write.inc). */
#include "models.h"
#define DOM_YYJSON
#define W_YYJSON
#include "api_dom.h"
#include "api_write.h"
#define PFX(x) yyjson_##x
#include "m_dom.inc"
#include "m_write.inc"
