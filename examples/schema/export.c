/* SPDX-License-Identifier: MIT */
/*
 * export.c — the JSON Schema of a descriptor (docs/schema.md, "Export"):
 * person_type (types.c), printed pretty.
 */
#include <stdio.h>

#include "types.h"

int main(void) {
    jb_buf out = JB_BUF_INIT;
    jb_error err;
    jb_schema_options opts = {.flags = JB_SCHEMA_PRETTY, .title = "person"};
    if (jb_schema_write(&person_type, &out, &opts, &err) != JB_OK) {
        fprintf(stderr, "schema: %s\n", err.message);
        return 1;
    }
    printf("%.*s\n", (int)out.len, out.data);
    jb_buf_free(&out);
    return 0;
}
