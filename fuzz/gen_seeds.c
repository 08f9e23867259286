/* SPDX-License-Identifier: MIT */
/*
 * gen_seeds — writes the generated part of the seed corpora: for every zoo
 * descriptor, a few values made by zoo_gen from a fixed pseudo-random byte
 * stream, encoded with jb_encode, as inputs for fuzz_typed
 * ([selector][flags] JSON) and fuzz_alloc ([N lo][N hi][selector][flags]
 * JSON). The hand-written seeds beside them come from fuzz/seeds.sh.
 *
 *   build/fuzz/fuzz/fuzz_gen_seeds fuzz/corpus
 */
#include <errno.h>
#include <sys/stat.h>

#include "zoo.h"

static void put(const char *dir, const char *target, const char *name, int k, const uint8_t *head,
                size_t hn, const jb_buf *b) {
    char path[512];
    snprintf(path, sizeof path, "%s/%s/gen-%s-%d", dir, target, name, k);
    FILE *f = fopen(path, "wb");
    FUZZ_CHECK(f != NULL);
    fwrite(head, 1, hn, f);
    fwrite(b->data, 1, b->len, f);
    fclose(f);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
        return 2;
    }
    uint64_t x = 0x243F6A8885A308D3u; /* xorshift64 */
    uint8_t bytes[512];
    for (size_t i = 0; i < zoo_count; i++) {
        for (int k = 0; k < 3; k++) {
            for (size_t j = 0; j < sizeof bytes; j++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                bytes[j] = (uint8_t)x;
            }
            fuzz_src src = {bytes, (size_t)(64 << k)};
            jb_arena *a = jb_arena_new();
            void *v = malloc(zoo_types[i].type->size);
            FUZZ_CHECK(a && v);
            zoo_gen(zoo_types[i].type, v, &src, a, 0);
            jb_buf b = JB_BUF_INIT;
            FUZZ_CHECK(jb_encode(zoo_types[i].type, v, &b, NULL, NULL) == JB_OK);
            uint8_t typed[2] = {(uint8_t)i, 0};
            uint8_t alloc[4] = {(uint8_t)(3 + 5 * k), 0, (uint8_t)i, 0};
            put(argv[1], "typed", zoo_types[i].name, k, typed, 2, &b);
            put(argv[1], "alloc", zoo_types[i].name, k, alloc, 4, &b);
            jb_buf_free(&b);
            free(v);
            jb_arena_free(a);
        }
    }
    return 0;
}
