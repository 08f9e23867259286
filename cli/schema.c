/* SPDX-License-Identifier: MIT */
/*
 * schema.c — `jbind schema`: the JSON Schema (draft 2020-12) of the types
 * of jbind's examples, from their descriptors (jb_schema_write):
 *
 *   jbind schema [--compact] [--deny-unknown] [--id URI] NAME
 *   jbind schema --list
 *
 * NAME is one of the table below: the pandoc document AST
 * (examples/pandoc) and the record of examples/schema. The descriptors are
 * linked into the tool; a program's own types get their schema from
 * jb_schema_write. `jbind check --type NAME` decodes documents against
 * the same table (cli_find_type).
 */
#include <string.h>

#include "cli.h"
#include "pandoc_types.h"
#include "types.h"

static const cli_type types[] = {
    {"pandoc", "a pandoc document (pandoc -t json), pandoc-types 1.22", &pd_pandoc_type,
     JB_SCHEMA_INTEGRAL_FLOATS, JB_READ_INTEGRAL_FLOATS},
    {"pandoc-block", "one pandoc Block", &pd_block_type, JB_SCHEMA_INTEGRAL_FLOATS,
     JB_READ_INTEGRAL_FLOATS},
    {"pandoc-inline", "one pandoc Inline", &pd_inline_type, JB_SCHEMA_INTEGRAL_FLOATS,
     JB_READ_INTEGRAL_FLOATS},
    {"pandoc-meta", "one pandoc MetaValue", &pd_meta_value_type, JB_SCHEMA_INTEGRAL_FLOATS,
     JB_READ_INTEGRAL_FLOATS},
    {"person", "examples/schema: a record with a rename policy, an alias, a default and a sum",
     &person_type, 0, 0},
};
#define NTYPES (sizeof types / sizeof types[0])

const cli_type *cli_find_type(const char *name) {
    for (size_t k = 0; k < NTYPES; k++)
        if (strcmp(types[k].name, name) == 0) return &types[k];
    return NULL;
}

/* pandoc's Table is held by a custom codec: its JSON is pd_table_type's. */
static const jb_type *custom_as(const jb_type *t, void *ctx) {
    (void)ctx;
    return strcmp(t->name, "pd_table_ptr") == 0 ? &pd_table_type : NULL;
}

static int run(int argc, char **argv) {
    jb_schema_options o = {.flags = JB_SCHEMA_PRETTY, .custom = custom_as};
    const char *name = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--list") == 0) {
            for (size_t k = 0; k < NTYPES; k++) printf("%-14s %s\n", types[k].name, types[k].what);
            return fflush(stdout) == EOF ? EXIT_TROUBLE : 0;
        } else if (strcmp(a, "--compact") == 0) {
            o.flags &= ~(uint32_t)JB_SCHEMA_PRETTY;
        } else if (strcmp(a, "--deny-unknown") == 0) {
            o.flags |= JB_SCHEMA_DENY_UNKNOWN;
        } else if (strcmp(a, "--id") == 0 && i + 1 < argc) {
            o.id = argv[++i];
        } else if (a[0] == '-') {
            return cli_usage_error("schema: unknown option '%s'", a);
        } else if (!name) {
            name = a;
        } else {
            return cli_usage_error("schema takes one NAME%s", "");
        }
    }
    if (!name) return cli_usage_error("schema needs a NAME (jbind schema --list)%s", "");
    const cli_type *t = cli_find_type(name);
    if (t) {
        jb_buf b = JB_BUF_INIT;
        jb_error e;
        o.flags |= t->schema_flags;
        jb_status st = jb_schema_write(t->type, &b, &o, &e);
        if (st == JB_OK &&
            (fwrite(b.data, 1, b.len, stdout) != b.len || fputc('\n', stdout) == EOF))
            st = JB_E_IO;
        jb_buf_free(&b);
        if (st) {
            fprintf(stderr, "jbind schema: %s\n",
                    st == JB_E_IO ? "writing output failed" : e.message);
            return EXIT_TROUBLE;
        }
        return fflush(stdout) == EOF ? EXIT_TROUBLE : 0;
    }
    fprintf(stderr, "jbind: schema: no type '%s' (jbind schema --list)\n", name);
    return EXIT_INVALID;
}

const cli_command cli_schema = {
    "schema", "schema [--compact] [--deny-unknown] [--id URI] NAME | --list",
    "  schema NAME         the JSON Schema (2020-12) of an example's type: the pandoc\n"
    "                      AST (pandoc, pandoc-block, ...) or person (--list)\n",
    run};
