/* SPDX-License-Identifier: MIT */
/*
 * pandoc-roundtrip — read pandoc's JSON (a file or stdin), decode it into
 * the typed C AST of pandoc_types.h, and write it back. The output is
 * byte-identical to `pandoc -f json -t json` of the same input: the API
 * version becomes pandoc's [1,22,2,1] and metadata keys are sorted, as
 * pandoc does (--keep leaves both as they came).
 *
 *   pandoc -t json doc.md | pandoc-roundtrip          > doc.json
 *   pandoc-roundtrip doc.json
 *
 * Bad input is reported with the file, line, column and JSON path:
 *   pandoc-roundtrip: doc.json:1:73: JB_E_UNKNOWN at $.blocks[0].c[1].t: ...
 */
#include "pandoc_types.h"

#include <string.h>

int main(int argc, char **argv) {
    const char *path = NULL, *prog = "pandoc-roundtrip";
    bool normalize = true;
    pd_pandoc doc;
    jb_arena *arena;
    int i, rc;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--keep") == 0) {
            normalize = false;
        } else if (strcmp(argv[i], "--codecs") == 0) {
            /* which path runs: the build links generated codecs for the AST */
            puts(jb_codegen_active(&pd_pandoc_type) ? "generated" : "interpreted");
            return 0;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: %s [--keep] [FILE|-]\n"
                   "Decode pandoc JSON into the typed AST and encode it again.\n"
                   "  --keep    keep the input's API version and metadata key order\n"
                   "  --codecs  say whether generated codecs or the interpreter run\n",
                   prog);
            return 0;
        } else if (!path) {
            path = argv[i];
        } else {
            fprintf(stderr, "%s: too many arguments (try --help)\n", prog);
            return 2;
        }
    }
    arena = jb_arena_new();
    if (!arena) {
        fprintf(stderr, "%s: out of memory\n", prog);
        return 1;
    }
    rc = pd_load(prog, path, normalize, &doc, arena);
    if (rc == 0) rc = pd_write(prog, &doc, stdout);
    jb_arena_free(arena);
    return rc;
}
