/* SPDX-License-Identifier: MIT */
/* jsonc: parse to its DOM + extraction (m_dom.inc); build its DOM + print (m_write.inc). */
#include "models.h"
#define DOM_JSONC
#define W_JSONC
#include "api_dom.h"
#include "api_write.h"
#define PFX(x) jsonc_##x
#include "m_dom.inc"
#include "m_write.inc"
