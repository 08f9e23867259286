/* SPDX-License-Identifier: MIT */
/*
 * value_pointer.c — RFC 6901 JSON Pointer over a jb_value: "/a/0/b", with
 * ~1 for '/' and ~0 for '~' inside a token. A step into an object uses the
 * object's lookup (the last member with the key; indexed when large).
 */
#include <stdlib.h>

#include "value.h"

/* ------------------------------------------------------------------ */
/* JSON Pointer (RFC 6901)                                             */
/* ------------------------------------------------------------------ */

/* An array index token: 0 or [1-9][0-9]*, no overflow. */
static bool pointer_index(const char *s, size_t n, size_t *out) {
    size_t v = 0;
    if (n == 0 || (n > 1 && s[0] == '0')) return false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        if (v > (SIZE_MAX - 9) / 10) return false;
        v = v * 10 + (size_t)(s[i] - '0');
    }
    *out = v;
    return true;
}

/* Unescape token s[0..n) (~0 -> ~, ~1 -> /) into d; -1 on a bad escape. */
static long pointer_unescape(const char *s, size_t n, char *d) {
    size_t o = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '~') {
            d[o++] = s[i];
            continue;
        }
        if (i + 1 >= n || (s[i + 1] != '0' && s[i + 1] != '1')) return -1;
        d[o++] = s[i + 1] == '0' ? '~' : '/';
        i++;
    }
    return (long)o;
}

/* One step from v by the (escaped) token s[0..n). */
static jb_status pointer_step(const jb_value *v, const char *s, size_t n, jb_value **next) {
    if (v->type == JB_VALUE_ARRAY) {
        size_t i;
        if (n == 1 && s[0] == '-') return JB_E_MISSING;
        if (!pointer_index(s, n, &i)) return JB_E_SYNTAX;
        if (i >= v->u.arr.len) return JB_E_MISSING;
        *next = v->u.arr.items[i];
        return JB_OK;
    }
    if (v->type != JB_VALUE_OBJECT) return JB_E_TYPE;
    if (!memchr(s, '~', n)) {
        *next = jb__value_lookup(v, s, n);
    } else {
        char local[256] = {0};
        char *buf = n <= sizeof local ? local : malloc(n);
        long k;
        if (!buf) return JB_E_NOMEM;
        k = pointer_unescape(s, n, buf);
        *next = k < 0 ? NULL : jb__value_lookup(v, buf, (size_t)k);
        if (buf != local) free(buf);
        if (k < 0) return JB_E_SYNTAX;
    }
    return *next ? JB_OK : JB_E_MISSING;
}

jb_status jb_value_pointer_n(const jb_value *v, const char *pointer, size_t len, jb_value **out) {
    const char *p = pointer, *end = pointer ? pointer + len : NULL;
    jb_value *cur = (jb_value *)(uintptr_t)v; /* the result may be written through, as strchr's */
    if (out) *out = NULL;
    if (!v || !out || (!pointer && len)) return JB_E_ARG;
    if (len == 0) {
        *out = cur;
        return JB_OK;
    }
    if (*p != '/') return JB_E_SYNTAX;
    while (p < end) {
        const char *s = p + 1, *e = memchr(s, '/', (size_t)(end - s));
        jb_status st;
        if (!e) e = end;
        if ((st = pointer_step(cur, s, (size_t)(e - s), &cur)) != JB_OK) return st;
        p = e;
    }
    *out = cur;
    return JB_OK;
}

jb_value *jb_value_pointer(const jb_value *v, const char *pointer) {
    jb_value *out = NULL;
    if (!pointer) return NULL;
    jb_value_pointer_n(v, pointer, strlen(pointer), &out);
    return out;
}
