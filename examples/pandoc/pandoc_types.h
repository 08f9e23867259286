/* SPDX-License-Identifier: MIT */
/*
 * pandoc_types.h — the pandoc document AST (pandoc-types 1.22, the
 * pandoc-api-version [1,22,2,1] of Debian 12's pandoc 2.17) as C types,
 * with jbind descriptors for its JSON (pandoc -t json / -f json).
 *
 * The JSON is aeson's TaggedObject encoding with tag "t" and contents "c":
 *   Str "x"           {"t":"Str","c":"x"}
 *   Space             {"t":"Space"}                       (no "c")
 *   Code attr "x"     {"t":"Code","c":[attr,"x"]}        (several values: an array)
 *   AlignLeft         {"t":"AlignLeft"}                   (enumerations too)
 *   Attr              ["id",["class"],[["key","value"]]]
 *   Citation          {"citationId":...,"citationPrefix":...,...} (a record)
 * docs/pandoc.md describes the model; pandoc_types.c holds the descriptors,
 * pandoc_util.c the helpers declared at the end of this header.
 *
 * Every Haskell type maps to one C type:
 *   [a]                 a vec {a *items; size_t len;}  (pd_inlines, pd_blocks, ...)
 *   (a, b), Con a b     a struct read positionally (a JSON array)
 *   Text, Format        jb_str (UTF-8, may hold NUL; NUL-terminated in the arena)
 *   Int                 int64_t (Haskell's Int is 64 bits)
 *   Double              double, written as aeson writes it (1.0, 0.5, 1.0e-2)
 *   Maybe [Inline]      pd_inlines * (NULL = Nothing = null)
 *   an enumeration      a one-member struct {enum t;} (JSON {"t":"Name"})
 *   a sum               a struct {enum t; union {...} c;}
 * Everything a decode produces lives in the jb_arena given to jb_decode.
 */
#ifndef PANDOC_TYPES_H
#define PANDOC_TYPES_H

#include <jbind.h>
#include <stdint.h>

/* The API version this model follows (Debian 12: pandoc 2.17.1.1). */
#define PD_API_MAJOR 1
#define PD_API_MINOR 22
#define PD_API_REV1 2
#define PD_API_REV2 1

typedef struct pd_inline pd_inline;
typedef struct pd_block pd_block;
typedef struct pd_meta_value pd_meta_value;
typedef struct pd_meta_entry pd_meta_entry;
typedef struct pd_table pd_table;

/* ---- lists (layout of JB_VEC(T)) -------------------------------------- */
typedef struct { pd_inline *items; size_t len; } pd_inlines;       /* [Inline] */
typedef struct { pd_block *items; size_t len; } pd_blocks;         /* [Block] */
typedef struct { pd_inlines *items; size_t len; } pd_inline_lists; /* [[Inline]] */
typedef struct { pd_blocks *items; size_t len; } pd_block_lists;   /* [[Block]] */
typedef struct { jb_str *items; size_t len; } pd_texts;            /* [Text] */
typedef struct { int64_t *items; size_t len; } pd_ints;            /* [Int] */

/* ---- Attr = (Text, [Text], [(Text, Text)]) ----------------------------- */
typedef struct { jb_str key; jb_str value; } pd_kv;
typedef struct { pd_kv *items; size_t len; } pd_kvs;
typedef struct {
    jb_str id;
    pd_texts classes;
    pd_kvs attrs;
} pd_attr;

/* Target = (url, title); Format is a newtype over Text ("html", "latex"). */
typedef struct { jb_str url; jb_str title; } pd_target;
typedef jb_str pd_format;

/* ---- enumerations: {"t":"Name"} ----------------------------------------- */
typedef enum { PD_SINGLE_QUOTE, PD_DOUBLE_QUOTE } pd_quote_type_tag;
typedef struct { pd_quote_type_tag t; } pd_quote_type;

typedef enum { PD_DISPLAY_MATH, PD_INLINE_MATH } pd_math_type_tag;
typedef struct { pd_math_type_tag t; } pd_math_type;

typedef enum { PD_AUTHOR_IN_TEXT, PD_SUPPRESS_AUTHOR, PD_NORMAL_CITATION } pd_citation_mode_tag;
typedef struct { pd_citation_mode_tag t; } pd_citation_mode;

typedef enum { PD_ALIGN_LEFT, PD_ALIGN_RIGHT, PD_ALIGN_CENTER, PD_ALIGN_DEFAULT } pd_alignment_tag;
typedef struct { pd_alignment_tag t; } pd_alignment;

typedef enum {
    PD_DEFAULT_STYLE, PD_EXAMPLE, PD_DECIMAL, PD_LOWER_ROMAN, PD_UPPER_ROMAN,
    PD_LOWER_ALPHA, PD_UPPER_ALPHA
} pd_list_number_style_tag;
typedef struct { pd_list_number_style_tag t; } pd_list_number_style;

typedef enum { PD_DEFAULT_DELIM, PD_PERIOD, PD_ONE_PAREN, PD_TWO_PARENS } pd_list_number_delim_tag;
typedef struct { pd_list_number_delim_tag t; } pd_list_number_delim;

/* ListAttributes = (Int, ListNumberStyle, ListNumberDelim) */
typedef struct {
    int64_t start;
    pd_list_number_style style;
    pd_list_number_delim delim;
} pd_list_attributes;

/* ---- Citation (a record: the only named fields in the AST) --------------- */
typedef struct {
    jb_str id;              /* citationId */
    pd_inlines prefix;      /* citationPrefix */
    pd_inlines suffix;      /* citationSuffix */
    pd_citation_mode mode;  /* citationMode */
    int64_t note_num;       /* citationNoteNum */
    int64_t hash;           /* citationHash */
} pd_citation;
typedef struct { pd_citation *items; size_t len; } pd_citations;

/* ---- Inline -------------------------------------------------------------- */
typedef enum {
    PD_STR, PD_EMPH, PD_UNDERLINE, PD_STRONG, PD_STRIKEOUT, PD_SUPERSCRIPT,
    PD_SUBSCRIPT, PD_SMALL_CAPS, PD_QUOTED, PD_CITE, PD_CODE, PD_SPACE,
    PD_SOFT_BREAK, PD_LINE_BREAK, PD_MATH, PD_RAW_INLINE, PD_LINK, PD_IMAGE,
    PD_NOTE, PD_SPAN
} pd_inline_tag;

typedef struct { pd_quote_type type; pd_inlines content; } pd_quoted;  /* Quoted */
typedef struct { pd_citations citations; pd_inlines content; } pd_cite; /* Cite */
typedef struct { pd_attr attr; jb_str text; } pd_code;                 /* Code, CodeBlock */
typedef struct { pd_math_type type; jb_str text; } pd_math;            /* Math */
typedef struct { pd_format format; jb_str text; } pd_raw;              /* RawInline, RawBlock */
typedef struct { pd_attr attr; pd_inlines content; pd_target target; } pd_link; /* Link, Image */
typedef struct { pd_attr attr; pd_inlines content; } pd_span;          /* Span */

struct pd_inline {
    pd_inline_tag t;
    union {
        jb_str str;          /* Str */
        pd_inlines inlines;  /* Emph Underline Strong Strikeout Superscript Subscript SmallCaps */
        pd_quoted quoted;    /* Quoted */
        pd_cite cite;        /* Cite */
        pd_code code;        /* Code */
        pd_math math;        /* Math */
        pd_raw raw;          /* RawInline */
        pd_link link;        /* Link, Image */
        pd_blocks note;      /* Note */
        pd_span span;        /* Span */
    } c;                     /* Space, SoftBreak, LineBreak: none */
};

/* ---- Block --------------------------------------------------------------- */
typedef enum {
    PD_PLAIN, PD_PARA, PD_LINE_BLOCK, PD_CODE_BLOCK, PD_RAW_BLOCK, PD_BLOCK_QUOTE,
    PD_ORDERED_LIST, PD_BULLET_LIST, PD_DEFINITION_LIST, PD_HEADER,
    PD_HORIZONTAL_RULE, PD_TABLE, PD_DIV, PD_NULL
} pd_block_tag;

typedef struct { pd_list_attributes attrs; pd_block_lists items; } pd_ordered_list;
/* DefinitionList [([Inline], [[Block]])] */
typedef struct { pd_inlines term; pd_block_lists defs; } pd_definition;
typedef struct { pd_definition *items; size_t len; } pd_definitions;
typedef struct { int64_t level; pd_attr attr; pd_inlines content; } pd_header;
typedef struct { pd_attr attr; pd_blocks content; } pd_div;

struct pd_block {
    pd_block_tag t;
    union {
        pd_inlines inlines;          /* Plain, Para */
        pd_inline_lists lines;       /* LineBlock */
        pd_code code;                /* CodeBlock */
        pd_raw raw;                  /* RawBlock */
        pd_blocks blocks;            /* BlockQuote */
        pd_ordered_list ordered;     /* OrderedList */
        pd_block_lists items;        /* BulletList */
        pd_definitions definitions;  /* DefinitionList */
        pd_header header;            /* Header */
        pd_table *table;             /* Table (by pointer: it is large) */
        pd_div div;                  /* Div */
    } c;                             /* HorizontalRule, Null: none */
};

/* ---- Tables (pandoc-types >= 1.21) --------------------------------------- */
/* ColWidth Double | ColWidthDefault */
typedef enum { PD_COL_WIDTH, PD_COL_WIDTH_DEFAULT } pd_col_width_tag;
typedef struct { pd_col_width_tag t; double width; } pd_col_width;

/* ColSpec = (Alignment, ColWidth) */
typedef struct { pd_alignment align; pd_col_width width; } pd_col_spec;
typedef struct { pd_col_spec *items; size_t len; } pd_col_specs;

/* Caption (Maybe ShortCaption) [Block]; ShortCaption = [Inline] */
typedef struct { pd_inlines *short_caption; pd_blocks content; } pd_caption;

/* Cell Attr Alignment RowSpan ColSpan [Block]; RowSpan/ColSpan are Ints */
typedef struct {
    pd_attr attr;
    pd_alignment align;
    int64_t row_span;
    int64_t col_span;
    pd_blocks content;
} pd_cell;
typedef struct { pd_cell *items; size_t len; } pd_cells;

/* Row Attr [Cell] */
typedef struct { pd_attr attr; pd_cells cells; } pd_row;
typedef struct { pd_row *items; size_t len; } pd_rows;

/* TableHead Attr [Row]; TableFoot Attr [Row] */
typedef struct { pd_attr attr; pd_rows rows; } pd_table_head;
typedef pd_table_head pd_table_foot;

/* TableBody Attr RowHeadColumns [Row] [Row] (intermediate head, body) */
typedef struct {
    pd_attr attr;
    int64_t row_head_columns;
    pd_rows head;
    pd_rows body;
} pd_table_body;
typedef struct { pd_table_body *items; size_t len; } pd_table_bodies;

/* Table Attr Caption [ColSpec] TableHead [TableBody] TableFoot */
struct pd_table {
    pd_attr attr;
    pd_caption caption;
    pd_col_specs col_specs;
    pd_table_head head;
    pd_table_bodies bodies;
    pd_table_foot foot;
};

/* ---- Meta ---------------------------------------------------------------- */
/* Meta = Map Text MetaValue: a JSON object; pandoc writes keys sorted. */
typedef struct { pd_meta_entry *items; size_t len; } pd_meta;
typedef struct { pd_meta_value *items; size_t len; } pd_meta_values;

typedef enum {
    PD_META_MAP, PD_META_LIST, PD_META_BOOL, PD_META_STRING, PD_META_INLINES, PD_META_BLOCKS
} pd_meta_value_tag;

struct pd_meta_value {
    pd_meta_value_tag t;
    union {
        pd_meta map;           /* MetaMap */
        pd_meta_values list;   /* MetaList */
        bool boolean;          /* MetaBool */
        jb_str string;         /* MetaString */
        pd_inlines inlines;    /* MetaInlines */
        pd_blocks blocks;      /* MetaBlocks */
    } c;
};

/* The layout of one JB_MAP(jb_str, pd_meta_value) entry. */
struct pd_meta_entry {
    jb_str key;
    pd_meta_value value;
};

/* ---- Pandoc -------------------------------------------------------------- */
typedef struct {
    pd_ints api_version;  /* "pandoc-api-version" */
    pd_meta meta;
    pd_blocks blocks;
} pd_pandoc;

/* ---- descriptors --------------------------------------------------------- */
extern const jb_type pd_pandoc_type;
extern const jb_type pd_meta_value_type;
extern const jb_type pd_block_type;
extern const jb_type pd_inline_type;
extern const jb_type pd_attr_type;
extern const jb_type pd_citation_type;
extern const jb_type pd_table_type;

/* The read and write options pandoc's JSON needs (aeson's behaviour):
 * integral floats accepted for Int (aeson reads 1.0 as 1), doubles
 * written in Haskell's style (1.0, 1.0e-2), and nesting up to
 * PD_MAX_DEPTH JSON levels (aeson has no limit; jbind's default is 512,
 * which a Markdown list nested ~100 deep reaches). */
#ifndef PD_MAX_DEPTH
#define PD_MAX_DEPTH 20000
#endif
extern const jb_read_options pd_read_options;
extern const jb_write_options pd_write_options;

/* Decode a whole document; err gets path, line and column on failure. */
jb_status pd_decode(const char *json, size_t len, pd_pandoc *out, jb_arena *arena, jb_error *err);

/*
 * Put the document in the form pandoc itself would write it:
 *   - pandoc-api-version becomes pandoc's own [1,22,2,1] (it must be
 *     1.22.x on input, as pandoc requires: JB_E_VALUE otherwise);
 *   - Meta and MetaMap keys are sorted (by bytes = by code point, as
 *     Data.Map Text orders them).
 * Allocates from arena (the version array).
 */
jb_status pd_normalize(pd_pandoc *doc, jb_arena *arena, jb_error *err);

/*
 * Encode to buf in pandoc's exact bytes: jb_encode, then the string
 * escapes rewritten to aeson's (\b -> \u0008, \f -> \u000c; see
 * docs/pandoc.md). On failure buf->len is restored.
 */
jb_status pd_encode(const pd_pandoc *doc, jb_buf *buf, jb_error *err);

/* Rewrite the JSON text buf->data[from..len) from jbind's escapes to
 * aeson's: \b and \f become \u0008 and \u000c (the buffer grows by 4
 * bytes per rewrite; *rewrites, if not NULL, says how many). JB_OK or
 * JB_E_NOMEM. */
jb_status pd_aeson_escapes(jb_buf *buf, size_t from, size_t *rewrites);

/* ---- walking ------------------------------------------------------------- */
/* Visit every Inline and Block (pre-order, including the metadata, notes,
 * captions and table cells). A callback may change the node in place. */
typedef struct pd_walker {
    void (*on_inline)(pd_inline *in, void *ctx);
    void (*on_block)(pd_block *b, void *ctx);
    void *ctx;
} pd_walker;

void pd_walk_pandoc(pd_pandoc *doc, const pd_walker *w);
void pd_walk_blocks(pd_blocks *bs, const pd_walker *w);
void pd_walk_inlines(pd_inlines *is, const pd_walker *w);

/* Read a whole file ("-" or NULL = stdin) into a malloc'd buffer. */
char *pd_read_all(const char *path, size_t *len);

/*
 * The command-line tools' common steps. pd_load reads path (NULL or "-" =
 * stdin), decodes and normalizes it into *doc; on failure it prints
 *   prog: source:line:column: JB_E_TYPE at $.blocks[3].c[1]: message
 * to stderr and returns non-zero. pd_write encodes doc (pandoc's bytes,
 * plus the final newline pandoc writes) to f; non-zero on failure.
 */
int pd_load(const char *prog, const char *path, bool normalize, pd_pandoc *doc, jb_arena *arena);
int pd_write(const char *prog, const pd_pandoc *doc, FILE *f);

#endif /* PANDOC_TYPES_H */
