/* SPDX-License-Identifier: MIT */
/*
 * generated.c — C types made from a JSON Schema (docs/schema.md,
 * "Generate"): the build runs `jbind gen --prefix shop --name order
 * order.schema.json`, and this program uses the header it writes: decode
 * an order, read it as plain C, change it, encode it; then a document the
 * types refuse.
 */
#include <stdio.h>
#include <string.h>

#include "order.h"

static const char doc[] =
    "{\"id\": 42, \"customer\": \"Ada\", \"status\": \"paid\","
    " \"items\": [{\"sku\": \"ABC-1\", \"qty\": 2, \"price\": 9.5}, {\"sku\": \"XYZ-7\", \"qty\": "
    "1, \"gift\": true}],"
    " \"note\": null, \"delivery\": {\"kind\": \"post\", \"address\": \"12 Analytical Row\"}}";

int main(void) {
    jb_arena *arena = jb_arena_new();
    shop_order o;
    jb_error err;
    if (!arena || jb_decode(&shop_order_type, doc, strlen(doc), &o, arena, NULL, &err) != JB_OK) {
        fprintf(stderr, "decode: %s\n", err.message);
        return 1;
    }
    printf("order %u for %s, %s, %zu items\n", (unsigned)o.id, o.customer.ptr,
           o.status == SHOP_ORDER_STATUS_PAID ? "paid" : "not paid", o.items.len);
    for (size_t i = 0; i < o.items.len; i++) {
        const shop_item *it = &o.items.items[i];
        printf("  %s x%u", it->sku.ptr, (unsigned)it->qty);
        if (it->has_price) printf(" at %.2f", it->price);
        printf(" (%zu other members kept)\n", it->extra.len);
    }
    printf("note: %s\n", !o.has_note ? "absent" : o.note ? o.note->ptr : "null");
    if (o.has_delivery && o.delivery.tag == SHOP_ORDER_DELIVERY_POST)
        printf("post to %s\n", o.delivery.u.post.address.ptr);

    /* ship it: the same value, with another status and no note */
    o.status = SHOP_ORDER_STATUS_SHIPPED;
    o.has_note = false;
    jb_buf out = JB_BUF_INIT;
    if (jb_encode(&shop_order_type, &o, &out, NULL, &err) != JB_OK) {
        fprintf(stderr, "encode: %s\n", err.message);
        return 1;
    }
    printf("%.*s\n", (int)out.len, out.data);

    /* a member the schema closes out (additionalProperties: false) */
    static const char bad[] =
        "{\"id\": 1, \"customer\": \"B\", \"status\": \"open\", \"items\": [], \"coupon\": 5}";
    shop_order o2;
    if (jb_decode(&shop_order_type, bad, strlen(bad), &o2, arena, NULL, &err) == JB_OK) return 1;
    printf("refused: %s (%s) at %s\n", err.message, jb_status_name(err.code), err.path);
    jb_buf_free(&out);
    jb_arena_free(arena);
    return 0;
}
