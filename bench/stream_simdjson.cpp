/* SPDX-License-Identifier: MIT */
// simdjson On-Demand iterate_many over NDJSON, filling tw_status with the
// same reader as the main bench's simdjson peer (m_pull.inc), for
// stream_bench.c. The buffer carries SIMDJSON_PADDING.
#include "models.h"
#define P_SIMDJSON
#include "api_pull.h"
#define PFX(x) stream_simdjson_case_##x

od::parser &sj_parser(void) {
    static od::parser p;
    return p;
}
#include "m_pull.inc"

extern "C" long stream_simdjson(const char *buf, size_t len, size_t cap, uint64_t *sum);

long stream_simdjson(const char *buf, size_t len, size_t cap, uint64_t *sum) {
    static od::parser parser;
    static bench_arena arena;
    od::document_stream docs;
    long n = 0;
    (void)cap;
    *sum = 0;
    /* batch: large enough for any status (they are a few KiB) */
    if (parser.iterate_many(buf, len, 1 << 20).get(docs)) return -1;
    for (auto doc : docs) {
        od::value v;
        tw_status st;
        ba_reset(&arena);
        memset(&st, 0, sizeof st);
        if (doc.get_value().get(v) || pd_tw_status(v, &st, &arena)) return -1;
        *sum += st.id + st.user.id + st.text.len;
        n++;
    }
    return n;
}
