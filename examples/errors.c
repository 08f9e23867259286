/* SPDX-License-Identifier: MIT */
/*
 * errors.c — what a failed decode reports: status, byte offset, line and
 * column (1-based, in bytes), JSON path and a one-line message; and what
 * it leaves behind (a zeroed output, the arena as it was).
 */
#include <jbind.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    char *sku;
    uint8_t qty;
} line_item;
static const jb_type line_item_type =
    JB_RECORD(line_item, JB_FIELD(line_item, sku, &jb_cstr), JB_FIELD(line_item, qty, &jb_u8));

typedef JB_VEC(line_item) line_items;
typedef JB_MAP(char *, int32_t) counters;
typedef struct {
    char *customer;
    line_items items;
    counters stats;
} order;
static const jb_type order_type =
    JB_RECORD(order, JB_FIELD(order, customer, &jb_cstr),
              JB_FIELD(order, items, JB_VEC_OF_T(line_item, &line_item_type)),
              JB_FIELD(order, stats, JB_MAP_OF_T(char *, int32_t, &jb_cstr, &jb_i32)));

static void try_decode(const char *title, const char *json, jb_arena *arena) {
    order o;
    jb_error err;
    size_t before = jb_arena_used(arena);
    jb_status st = jb_decode(&order_type, json, strlen(json), &o, arena, NULL, &err);
    printf("-- %s\n", title);
    if (st == JB_OK) {
        printf("ok: %zu items\n", o.items.len);
        return;
    }
    printf("%s at offset %zu, line %zu, column %zu\n", jb_status_name(st), err.offset, err.line,
           err.column);
    printf("path:    %s\n", err.path);
    printf("message: %s\n", err.message);
    printf("output zeroed: %s, arena unchanged: %s\n",
           o.customer == NULL && o.items.items == NULL ? "yes" : "no",
           jb_arena_used(arena) == before ? "yes" : "no");
}

int main(void) {
    jb_arena *arena = jb_arena_new();
    if (!arena) return 1;

    try_decode("a number that does not fit",
               "{\n"
               "  \"customer\": \"Ada\",\n"
               "  \"items\": [\n"
               "    {\"sku\": \"A-1\", \"qty\": 2},\n"
               "    {\"sku\": \"B-7\", \"qty\": 300}\n"
               "  ],\n"
               "  \"stats\": {}\n"
               "}",
               arena);

    try_decode("a missing field (reported at the closing brace)",
               "{\"customer\":\"Ada\",\"items\":[{\"sku\":\"A-1\"}],\"stats\":{}}", arena);

    try_decode("a key that is not an identifier is quoted in the path",
               "{\"customer\":\"Ada\",\"items\":[],\"stats\":{\"a.b\":true}}", arena);

    try_decode("not JSON", "{\"customer\":\"Ada\",\"items\":[],\"stats\":{},}", arena);

    /* Relaxed input is an option, never the default. */
    jb_read_options relaxed = {.flags = JB_READ_ALLOW_TRAILING_COMMAS | JB_READ_ALLOW_COMMENTS};
    const char *loose = "{\"customer\":\"Ada\", /* none yet */ \"items\":[],\"stats\":{},}";
    order o;
    jb_error err;
    jb_status st = jb_decode(&order_type, loose, strlen(loose), &o, arena, &relaxed, &err);
    printf("-- relaxed flags\n%s\n", jb_status_name(st));

    jb_arena_free(arena);
    return st == JB_OK ? 0 : 1;
}
