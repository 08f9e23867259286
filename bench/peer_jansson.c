/* SPDX-License-Identifier: MIT */
/* jansson: parse to its DOM + extraction (m_dom.inc); build its DOM + print (m_write.inc). */
#include "models.h"
#define DOM_JANSSON
#define W_JANSSON
#include "api_dom.h"
#include "api_write.h"
#define PFX(x) jansson_##x
#include "m_dom.inc"
#include "m_write.inc"
