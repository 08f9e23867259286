/* SPDX-License-Identifier: MIT */
/* cjson: parse to its DOM + extraction (m_dom.inc); build its DOM + print (m_write.inc). */
#include "models.h"
#define DOM_CJSON
#define W_CJSON
#include "api_dom.h"
#include "api_write.h"
#define PFX(x) cjson_##x
#include "m_dom.inc"
#include "m_write.inc"
