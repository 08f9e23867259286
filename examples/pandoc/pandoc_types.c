/* SPDX-License-Identifier: MIT */
/*
 * pandoc_types.c — jbind descriptors for the whole pandoc AST
 * (pandoc_types.h): this file is only data (and the Table pointer's small
 * custom codec). The helpers (normalization, aeson's escapes, the walker,
 * the tools' I/O) are in pandoc_util.c.
 */
#include "pandoc_types.h"

/* aeson's TaggedObject encoding: {"t":"Case","c":payload}, nullary {"t":"Case"}. */
#define PD_SUM(T, ...) \
    JB_SUM((T, .sum_style = JB_SUM_ADJACENT, .tag_name = "t", .content_name = "c"), t, \
                __VA_ARGS__)

/* ---- small pieces ---------------------------------------------------------- */

static const jb_type pd_kv_type = JB_TUPLE(pd_kv,
    JB_ELEM(pd_kv, key, &jb_string),
    JB_ELEM(pd_kv, value, &jb_string));

const jb_type pd_attr_type = JB_TUPLE(pd_attr,
    JB_ELEM(pd_attr, id, &jb_string),
    JB_ELEM(pd_attr, classes, JB_VEC_OF_T(jb_str, &jb_string)),
    JB_ELEM(pd_attr, attrs, JB_VEC_OF_T(pd_kv, &pd_kv_type)));

static const jb_type pd_target_type = JB_TUPLE(pd_target,
    JB_ELEM(pd_target, url, &jb_string),
    JB_ELEM(pd_target, title, &jb_string));

static const jb_type pd_quote_type_type = PD_SUM(pd_quote_type,
    JB_NULLARY(PD_SINGLE_QUOTE, "SingleQuote"),
    JB_NULLARY(PD_DOUBLE_QUOTE, "DoubleQuote"));

static const jb_type pd_math_type_type = PD_SUM(pd_math_type,
    JB_NULLARY(PD_DISPLAY_MATH, "DisplayMath"),
    JB_NULLARY(PD_INLINE_MATH, "InlineMath"));

static const jb_type pd_citation_mode_type = PD_SUM(pd_citation_mode,
    JB_NULLARY(PD_AUTHOR_IN_TEXT, "AuthorInText"),
    JB_NULLARY(PD_SUPPRESS_AUTHOR, "SuppressAuthor"),
    JB_NULLARY(PD_NORMAL_CITATION, "NormalCitation"));

static const jb_type pd_alignment_type = PD_SUM(pd_alignment,
    JB_NULLARY(PD_ALIGN_LEFT, "AlignLeft"),
    JB_NULLARY(PD_ALIGN_RIGHT, "AlignRight"),
    JB_NULLARY(PD_ALIGN_CENTER, "AlignCenter"),
    JB_NULLARY(PD_ALIGN_DEFAULT, "AlignDefault"));

static const jb_type pd_list_number_style_type = PD_SUM(pd_list_number_style,
    JB_NULLARY(PD_DEFAULT_STYLE, "DefaultStyle"),
    JB_NULLARY(PD_EXAMPLE, "Example"),
    JB_NULLARY(PD_DECIMAL, "Decimal"),
    JB_NULLARY(PD_LOWER_ROMAN, "LowerRoman"),
    JB_NULLARY(PD_UPPER_ROMAN, "UpperRoman"),
    JB_NULLARY(PD_LOWER_ALPHA, "LowerAlpha"),
    JB_NULLARY(PD_UPPER_ALPHA, "UpperAlpha"));

static const jb_type pd_list_number_delim_type = PD_SUM(pd_list_number_delim,
    JB_NULLARY(PD_DEFAULT_DELIM, "DefaultDelim"),
    JB_NULLARY(PD_PERIOD, "Period"),
    JB_NULLARY(PD_ONE_PAREN, "OneParen"),
    JB_NULLARY(PD_TWO_PARENS, "TwoParens"));

static const jb_type pd_list_attributes_type = JB_TUPLE(pd_list_attributes,
    JB_ELEM(pd_list_attributes, start, &jb_i64),
    JB_ELEM(pd_list_attributes, style, &pd_list_number_style_type),
    JB_ELEM(pd_list_attributes, delim, &pd_list_number_delim_type));

/* The recursive lists (vecs need no cache slot: a macro per use is fine). */
#define PD_INLINES JB_VEC_OF_T(pd_inline, &pd_inline_type)
#define PD_BLOCKS JB_VEC_OF_T(pd_block, &pd_block_type)
#define PD_BLOCK_LISTS JB_VEC_OF_T(pd_blocks, PD_BLOCKS)

/* ---- Citation ------------------------------------------------------------- */

const jb_type pd_citation_type = JB_RECORD(pd_citation,
    JB_FIELD(pd_citation, id, &jb_string, JB_NAME("citationId")),
    JB_FIELD(pd_citation, prefix, PD_INLINES, JB_NAME("citationPrefix")),
    JB_FIELD(pd_citation, suffix, PD_INLINES, JB_NAME("citationSuffix")),
    JB_FIELD(pd_citation, mode, &pd_citation_mode_type, JB_NAME("citationMode")),
    JB_FIELD(pd_citation, note_num, &jb_i64, JB_NAME("citationNoteNum")),
    JB_FIELD(pd_citation, hash, &jb_i64, JB_NAME("citationHash")));

/* ---- Inline payloads -------------------------------------------------------- */

static const jb_type pd_quoted_type = JB_TUPLE(pd_quoted,
    JB_ELEM(pd_quoted, type, &pd_quote_type_type),
    JB_ELEM(pd_quoted, content, PD_INLINES));

static const jb_type pd_cite_type = JB_TUPLE(pd_cite,
    JB_ELEM(pd_cite, citations, JB_VEC_OF_T(pd_citation, &pd_citation_type)),
    JB_ELEM(pd_cite, content, PD_INLINES));

static const jb_type pd_code_type = JB_TUPLE(pd_code,
    JB_ELEM(pd_code, attr, &pd_attr_type),
    JB_ELEM(pd_code, text, &jb_string));

static const jb_type pd_math_desc = JB_TUPLE(pd_math,
    JB_ELEM(pd_math, type, &pd_math_type_type),
    JB_ELEM(pd_math, text, &jb_string));

static const jb_type pd_raw_type = JB_TUPLE(pd_raw,
    JB_ELEM(pd_raw, format, &jb_string),
    JB_ELEM(pd_raw, text, &jb_string));

static const jb_type pd_link_type = JB_TUPLE(pd_link,
    JB_ELEM(pd_link, attr, &pd_attr_type),
    JB_ELEM(pd_link, content, PD_INLINES),
    JB_ELEM(pd_link, target, &pd_target_type));

static const jb_type pd_span_type = JB_TUPLE(pd_span,
    JB_ELEM(pd_span, attr, &pd_attr_type),
    JB_ELEM(pd_span, content, PD_INLINES));

const jb_type pd_inline_type = PD_SUM(pd_inline,
    JB_CASE(pd_inline, PD_STR, "Str", c.str, &jb_string),
    JB_CASE(pd_inline, PD_EMPH, "Emph", c.inlines, PD_INLINES),
    JB_CASE(pd_inline, PD_UNDERLINE, "Underline", c.inlines, PD_INLINES),
    JB_CASE(pd_inline, PD_STRONG, "Strong", c.inlines, PD_INLINES),
    JB_CASE(pd_inline, PD_STRIKEOUT, "Strikeout", c.inlines, PD_INLINES),
    JB_CASE(pd_inline, PD_SUPERSCRIPT, "Superscript", c.inlines, PD_INLINES),
    JB_CASE(pd_inline, PD_SUBSCRIPT, "Subscript", c.inlines, PD_INLINES),
    JB_CASE(pd_inline, PD_SMALL_CAPS, "SmallCaps", c.inlines, PD_INLINES),
    JB_CASE(pd_inline, PD_QUOTED, "Quoted", c.quoted, &pd_quoted_type),
    JB_CASE(pd_inline, PD_CITE, "Cite", c.cite, &pd_cite_type),
    JB_CASE(pd_inline, PD_CODE, "Code", c.code, &pd_code_type),
    JB_NULLARY(PD_SPACE, "Space"),
    JB_NULLARY(PD_SOFT_BREAK, "SoftBreak"),
    JB_NULLARY(PD_LINE_BREAK, "LineBreak"),
    JB_CASE(pd_inline, PD_MATH, "Math", c.math, &pd_math_desc),
    JB_CASE(pd_inline, PD_RAW_INLINE, "RawInline", c.raw, &pd_raw_type),
    JB_CASE(pd_inline, PD_LINK, "Link", c.link, &pd_link_type),
    JB_CASE(pd_inline, PD_IMAGE, "Image", c.link, &pd_link_type),
    JB_CASE(pd_inline, PD_NOTE, "Note", c.note, PD_BLOCKS),
    JB_CASE(pd_inline, PD_SPAN, "Span", c.span, &pd_span_type));

/* ---- Tables ----------------------------------------------------------------- */

static const jb_type pd_col_width_type = JB_SUM((pd_col_width, .sum_style = JB_SUM_ADJACENT, .tag_name = "t", .content_name = "c",
     .float_style = JB_FLOAT_HASKELL), t,
    JB_CASE(pd_col_width, PD_COL_WIDTH, "ColWidth", width, &jb_f64),
    JB_NULLARY(PD_COL_WIDTH_DEFAULT, "ColWidthDefault"));

static const jb_type pd_col_spec_type = JB_TUPLE(pd_col_spec,
    JB_ELEM(pd_col_spec, align, &pd_alignment_type),
    JB_ELEM(pd_col_spec, width, &pd_col_width_type));

static const jb_type pd_caption_type = JB_TUPLE(pd_caption,
    JB_ELEM(pd_caption, short_caption, JB_PTR_OF_T(pd_inlines, PD_INLINES)),
    JB_ELEM(pd_caption, content, PD_BLOCKS));

static const jb_type pd_cell_type = JB_TUPLE(pd_cell,
    JB_ELEM(pd_cell, attr, &pd_attr_type),
    JB_ELEM(pd_cell, align, &pd_alignment_type),
    JB_ELEM(pd_cell, row_span, &jb_i64),
    JB_ELEM(pd_cell, col_span, &jb_i64),
    JB_ELEM(pd_cell, content, PD_BLOCKS));

static const jb_type pd_row_type = JB_TUPLE(pd_row,
    JB_ELEM(pd_row, attr, &pd_attr_type),
    JB_ELEM(pd_row, cells, JB_VEC_OF_T(pd_cell, &pd_cell_type)));

#define PD_ROWS JB_VEC_OF_T(pd_row, &pd_row_type)

static const jb_type pd_table_head_type = JB_TUPLE(pd_table_head,
    JB_ELEM(pd_table_head, attr, &pd_attr_type),
    JB_ELEM(pd_table_head, rows, PD_ROWS));

static const jb_type pd_table_body_type = JB_TUPLE(pd_table_body,
    JB_ELEM(pd_table_body, attr, &pd_attr_type),
    JB_ELEM(pd_table_body, row_head_columns, &jb_i64),
    JB_ELEM(pd_table_body, head, PD_ROWS),
    JB_ELEM(pd_table_body, body, PD_ROWS));

const jb_type pd_table_type = JB_TUPLE(pd_table,
    JB_ELEM(pd_table, attr, &pd_attr_type),
    JB_ELEM(pd_table, caption, &pd_caption_type),
    JB_ELEM(pd_table, col_specs, JB_VEC_OF_T(pd_col_spec, &pd_col_spec_type)),
    JB_ELEM(pd_table, head, &pd_table_head_type),
    JB_ELEM(pd_table, bodies, JB_VEC_OF_T(pd_table_body, &pd_table_body_type)),
    JB_ELEM(pd_table, foot, &pd_table_head_type));

/* Table's payload is held by pointer (a Block stays 80 bytes instead of 240),
 * but it is not optional: null is an error, as it is for pandoc. A plain
 * JB_PTR_OF would accept null (see docs/pandoc.md, "jbind gaps"). */
static jb_status table_ptr_encode(jb_writer *w, const void *value, void *ctx) {
    const pd_table *t = *(pd_table *const *)value;
    (void)ctx;
    if (!t) return jb_write_fail(w, "Table without a payload (NULL pd_table *)");
    return jb_write_value(w, &pd_table_type, t);
}

static jb_status table_ptr_decode(jb_reader *r, void *value, void *ctx) {
    pd_table *t;
    jb_status st;
    (void)ctx;
    if (jb_read_peek(r) != JB_TOKEN_ARRAY)
        return jb_read_fail(r, JB_E_TYPE, "expected an array (the Table's contents)");
    t = jb_arena_alloc(jb_read_arena(r), sizeof *t, _Alignof(pd_table));
    if (!t) return jb_read_fail(r, JB_E_NOMEM, "out of memory");
    if ((st = jb_read_value(r, &pd_table_type, t)) != JB_OK) return st;
    *(pd_table **)value = t;
    return JB_OK;
}

typedef pd_table *pd_table_ptr;
static const jb_type pd_table_ptr_type = JB_CUSTOM(pd_table_ptr, table_ptr_encode, table_ptr_decode, NULL);

/* ---- Block payloads ------------------------------------------------------------ */

static const jb_type pd_ordered_list_type = JB_TUPLE(pd_ordered_list,
    JB_ELEM(pd_ordered_list, attrs, &pd_list_attributes_type),
    JB_ELEM(pd_ordered_list, items, PD_BLOCK_LISTS));

static const jb_type pd_definition_type = JB_TUPLE(pd_definition,
    JB_ELEM(pd_definition, term, PD_INLINES),
    JB_ELEM(pd_definition, defs, PD_BLOCK_LISTS));

static const jb_type pd_header_type = JB_TUPLE(pd_header,
    JB_ELEM(pd_header, level, &jb_i64),
    JB_ELEM(pd_header, attr, &pd_attr_type),
    JB_ELEM(pd_header, content, PD_INLINES));

static const jb_type pd_div_type = JB_TUPLE(pd_div,
    JB_ELEM(pd_div, attr, &pd_attr_type),
    JB_ELEM(pd_div, content, PD_BLOCKS));

const jb_type pd_block_type = PD_SUM(pd_block,
    JB_CASE(pd_block, PD_PLAIN, "Plain", c.inlines, PD_INLINES),
    JB_CASE(pd_block, PD_PARA, "Para", c.inlines, PD_INLINES),
    JB_CASE(pd_block, PD_LINE_BLOCK, "LineBlock", c.lines,
            JB_VEC_OF_T(pd_inlines, PD_INLINES)),
    JB_CASE(pd_block, PD_CODE_BLOCK, "CodeBlock", c.code, &pd_code_type),
    JB_CASE(pd_block, PD_RAW_BLOCK, "RawBlock", c.raw, &pd_raw_type),
    JB_CASE(pd_block, PD_BLOCK_QUOTE, "BlockQuote", c.blocks, PD_BLOCKS),
    JB_CASE(pd_block, PD_ORDERED_LIST, "OrderedList", c.ordered, &pd_ordered_list_type),
    JB_CASE(pd_block, PD_BULLET_LIST, "BulletList", c.items, PD_BLOCK_LISTS),
    JB_CASE(pd_block, PD_DEFINITION_LIST, "DefinitionList", c.definitions,
            JB_VEC_OF_T(pd_definition, &pd_definition_type)),
    JB_CASE(pd_block, PD_HEADER, "Header", c.header, &pd_header_type),
    JB_NULLARY(PD_HORIZONTAL_RULE, "HorizontalRule"),
    JB_CASE(pd_block, PD_TABLE, "Table", c.table, &pd_table_ptr_type),
    JB_CASE(pd_block, PD_DIV, "Div", c.div, &pd_div_type),
    JB_NULLARY(PD_NULL, "Null"));

/* ---- Meta --------------------------------------------------------------------- */

#define PD_META JB_MAP_OF_T(jb_str, pd_meta_value, &jb_string, &pd_meta_value_type)

const jb_type pd_meta_value_type = PD_SUM(pd_meta_value,
    JB_CASE(pd_meta_value, PD_META_MAP, "MetaMap", c.map, PD_META),
    JB_CASE(pd_meta_value, PD_META_LIST, "MetaList", c.list,
            JB_VEC_OF_T(pd_meta_value, &pd_meta_value_type)),
    JB_CASE(pd_meta_value, PD_META_BOOL, "MetaBool", c.boolean, &jb_bool),
    JB_CASE(pd_meta_value, PD_META_STRING, "MetaString", c.string, &jb_string),
    JB_CASE(pd_meta_value, PD_META_INLINES, "MetaInlines", c.inlines, PD_INLINES),
    JB_CASE(pd_meta_value, PD_META_BLOCKS, "MetaBlocks", c.blocks, PD_BLOCKS));

/* ---- Pandoc ------------------------------------------------------------------- */

const jb_type pd_pandoc_type = JB_RECORD(pd_pandoc,
    JB_FIELD(pd_pandoc, api_version, JB_VEC_OF_T(int64_t, &jb_i64), JB_NAME("pandoc-api-version")),
    JB_FIELD(pd_pandoc, meta, PD_META),
    JB_FIELD(pd_pandoc, blocks, PD_BLOCKS));

const jb_read_options pd_read_options = {.flags = JB_READ_INTEGRAL_FLOATS, .max_depth = PD_MAX_DEPTH};
const jb_write_options pd_write_options = {.float_style = JB_FLOAT_HASKELL, .max_depth = PD_MAX_DEPTH};
