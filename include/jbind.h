/* SPDX-License-Identifier: MIT */
/**
 * @file jbind.h
 * @brief Describe a C type once, get a JSON encoder and decoder for it.
 *
 * This header is the whole public API. Each section opens with its contract.
 *
 *   - Descriptors (jb_type) are static const data built by the JB_* macros
 *     below from offsetof/sizeof. Define them at file scope: a descriptor
 *     carries a pointer to a static cache slot where its compiled plan is
 *     published on first use (the macros create that slot with a file-scope
 *     compound literal, which has static storage duration).
 *   - jb_decode reads bytes straight into a C value; every allocation comes
 *     from a jb_arena. jb_encode writes a C value straight to bytes.
 *   - Every fallible call takes a jb_error * (NULL allowed) and returns a
 *     jb_status; JB_OK (0) is success.
 *
 * The header compiles as C11 and as C++ (the descriptor macros are C only:
 * they use designated initializers and compound literals).
 *
 * @par Five-minute reference
 * @code
 *   #define USER(F)                      // one member list: name, C type[, descriptor, options]
 *       F(name, char *)                  // required: a missing key is an error
 *       F(id, int64_t)                   // descriptor picked by _Generic from the C type
 *       F(tags, JB_VEC(char *))          // {items, len}
 *       F(mail, JB_MAYBE(char *))        // may be absent: bool has_mail says
 *   JB_RECORD_DEFINE(user, USER);        // typedef struct user {...} user; user_type
 *
 *   jb_arena *arena = jb_arena_new();    // all decoded memory; one free
 *   jb_error err;                        // code, offset, line, column, path, message
 *   user u;
 *   if (jb_decode(&user_type, json, len, &u, arena, NULL, &err) != JB_OK)
 *       fprintf(stderr, "%zu:%zu: %s (at %s)\n", err.line, err.column, err.message, err.path);
 *   jb_buf out = JB_BUF_INIT;            // reuse it: set out.len = 0
 *   jb_encode(&user_type, &u, &out, NULL, &err);
 *   jb_buf_free(&out);
 *   jb_arena_free(arena);
 * @endcode
 * (In real code the list's lines end with a backslash.) For a struct that
 * exists already: JB_RECORD(user, JB_FIELD(user, name, &jb_cstr), ...).
 *
 *   | to ...                           | use                                            |
 *   |----------------------------------|------------------------------------------------|
 *   | read JSON into a C value         | jb_decode (jb_read_options: leniency, limits)  |
 *   | write a C value as JSON          | jb_encode, _to (callback), _file, _fixed       |
 *   | declare a type and describe it   | JB_RECORD_DEFINE, JB_TUPLE_DEFINE, JB_ENUM_DEFINE, JB_SUM_DEFINE |
 *   | describe an existing struct      | JB_RECORD, JB_TUPLE, JB_ENUM, JB_SUM           |
 *   | describe a member                | JB_FIELD, JB_OPTIONAL (+ JB_NAME, .aliases, .default_json) |
 *   | containers                       | JB_VEC / JB_VEC_OF, JB_MAP / JB_MAP_OF, JB_PTR_OF, JB_BOX_OF, JB_ARRAY_OF |
 *   | speak aeson / serde / circe / F# | .format = &jb_format_aeson (_serde, _circe, _fable) |
 *   | hand-write one type              | JB_CUSTOM with jb_write_* / jb_read_*          |
 *   | JSON of unknown shape            | jb_value_parse, jb_value_pointer, jb_value_print; jb_any |
 *   | find a descriptor mistake early  | jb_type_check                                  |
 *   | NDJSON, chunks, files, big arrays | jb_stream_new_buffer / _file / jb_stream_new + jb_stream_next |
 *
 * Sections, in order: entry points; options; errors; memory; strings and
 * buffers; describing types (built-in descriptors, the descriptor macros,
 * representation options and formats); custom codecs; the dynamic value;
 * streams (many documents, array elements, chunks, files); and last the
 * descriptor internals the macros fill in.
 */

#ifndef JBIND_H
#define JBIND_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(JB_SHARED_BUILD)
#define JB_API __declspec(dllexport)
#elif defined(__GNUC__)
#define JB_API __attribute__((visibility("default")))
#else
#define JB_API /**< marks the library's exported functions and objects */
#endif

/** @name Version
 * The version of this header. docs/versioning.md states what a change of
 * each number may break: while MAJOR is 0, a MINOR bump may change the API
 * and the ABI (the shared library's soname is libjbind.so.0.MINOR); a PATCH
 * bump never does.
 * @{ */
/** The header's version in parts and as "MAJOR.MINOR.PATCH". */
#define JB_VERSION_MAJOR 0
#define JB_VERSION_MINOR 2
#define JB_VERSION_PATCH 0
#define JB_VERSION_STRING "0.2.0"
/** MAJOR * 10000 + MINOR * 100 + PATCH, for `#if` and for jb_version_number. */
#define JB_VERSION_NUMBER (JB_VERSION_MAJOR * 10000 + JB_VERSION_MINOR * 100 + JB_VERSION_PATCH)
/** @} */

/**
 * The version of the library the program runs with: "0.2.0" (jb_version)
 * and the same as a JB_VERSION_NUMBER (jb_version_number). With the shared
 * library this can differ from the header the program was compiled with;
 * the two are compatible when jb_version_number() / 100 ==
 * JB_VERSION_NUMBER / 100 (same MAJOR.MINOR).
 */
JB_API const char *jb_version(void);
/** jb_version as a number: MAJOR * 10000 + MINOR * 100 + PATCH. */
JB_API uint32_t jb_version_number(void);

/* ===================================================================== */
/* Types used before they are defined                                    */
/* ===================================================================== */

/** Forward declarations: the entry points come first; the types they take
 * are defined in the sections below. */
typedef struct jb_type jb_type;
typedef struct jb_arena jb_arena;                 /**< decode memory (opaque; see jb_arena_new) */
typedef struct jb_buf jb_buf;                     /**< a growable output buffer */
typedef struct jb_error jb_error;                 /**< a failure report */
typedef struct jb_read_options jb_read_options;   /**< decode flags and limits */
typedef struct jb_error_list jb_error_list;       /**< errors collected in caller storage */
typedef struct jb_write_options jb_write_options; /**< encode flags, indent, float style */
typedef struct jb_writer jb_writer;               /**< a custom encoder's output (opaque) */
typedef struct jb_reader jb_reader;               /**< a custom decoder's input (opaque) */
typedef struct jb_value jb_value;                 /**< a dynamic JSON value (opaque) */

/* ===================================================================== */
/* Status codes                                                          */
/* ===================================================================== */

/**
 * Every fallible function returns one of these. JB_OK is 0.
 * docs/errors.md is the catalogue: what each code means and when it occurs.
 */
typedef enum jb_status {
    JB_OK = 0,
    JB_E_SYNTAX,        /**< the input is not JSON (or not the JSON the flags allow) */
    JB_E_TYPE,          /**< valid JSON of the wrong type: "expected a string, found number 7" */
    JB_E_RANGE,         /**< a number that does not fit the target (300 into u8, 1e400 into f64) */
    JB_E_MISSING,       /**< a required field is absent */
    JB_E_UNKNOWN,       /**< an unknown enum name or sum case, or field (when the type, its format or the call denies them) */
    JB_E_DUPLICATE,     /**< a key appears twice in one object */
    JB_E_UTF8,          /**< invalid UTF-8 in input or in a string being encoded; lone surrogate escapes */
    JB_E_DEPTH,         /**< nesting deeper than the depth limit */
    JB_E_LIMIT,         /**< another configured limit was exceeded (string, number, size, members, allocation) */
    JB_E_NOMEM,         /**< an allocation failed or the arena cap was reached */
    JB_E_TRAILING,      /**< data after the end of the document */
    JB_E_NONFINITE,     /**< NaN or infinity where JSON cannot say it */
    JB_E_DESCRIPTOR,    /**< the descriptor itself is wrong (detected when its plan is compiled) */
    JB_E_VALUE,         /**< the C value cannot be encoded (bad enum value, NULL cstr in a required field, ...) */
    JB_E_IO,            /**< a sink failed (FILE error, callback returned non-zero) */
    JB_E_BUFFER,        /**< a fixed output buffer was too small (the needed size is reported) */
    JB_E_CUSTOM,        /**< a custom codec reported a failure */
    JB_E_ARG,           /**< a NULL or otherwise invalid argument */
    /* Not failures: what a stream call (jb_stream_next...) says instead of JB_OK. */
    JB_END,             /**< the stream has no more documents or elements */
    JB_NEED_INPUT       /**< a pushed stream needs the next chunk (jb_stream_feed) first */
} jb_status;

/* ===================================================================== */
/* Decoding and encoding                                                 */
/* ===================================================================== */

/**
 * Decode the JSON text json[0..len) into *out (type->size bytes), which
 * need not be initialized. Strings, vectors and pointees are allocated
 * from arena. On failure *out is zeroed, the arena is as it was before the
 * call, and err (if not NULL) says why. opts NULL = defaults.
 */
JB_API jb_status jb_decode(const jb_type *type, const char *json, size_t len, void *out,
                           jb_arena *arena, const jb_read_options *opts, jb_error *err);

/** Append the JSON for *value to buf. On failure buf->len is restored. */
JB_API jb_status jb_encode(const jb_type *type, const void *value, jb_buf *buf,
                           const jb_write_options *opts, jb_error *err);

/**
 * Other sinks. A sink is a write callback: it returns 0 on success, any
 * other value to stop the encode with JB_E_IO.
 */
typedef int (*jb_write_fn)(void *ctx, const char *data, size_t len);

/** @{ */
/** Encode through fn(ctx, ...) (jb_encode_to) or to f (jb_encode_file),
 * in pieces as the encoder fills its buffer. A failed encode may have
 * written part of the JSON already. */
JB_API jb_status jb_encode_to(const jb_type *type, const void *value, jb_write_fn fn,
                              void *ctx, const jb_write_options *opts, jb_error *err);
JB_API jb_status jb_encode_file(const jb_type *type, const void *value, FILE *f,
                                const jb_write_options *opts, jb_error *err);
/** @} */
/**
 * Encode into dst[0..cap). *needed (if not NULL) receives the full length
 * of the JSON whether or not it fitted; when it does not fit the result is
 * JB_E_BUFFER and dst holds a prefix. No NUL is written.
 */
JB_API jb_status jb_encode_fixed(const jb_type *type, const void *value, char *dst,
                                 size_t cap, size_t *needed, const jb_write_options *opts,
                                 jb_error *err);

/**
 * Compile the plan of a descriptor now (it is otherwise compiled on first
 * use) and report a descriptor mistake: JB_E_DESCRIPTOR naming the type and
 * field. Thread-safe.
 */
JB_API jb_status jb_type_check(const jb_type *type, jb_error *err);

/* ===================================================================== */
/* Options                                                                */
/* ===================================================================== */

/** Decode switches (jb_read_options.flags). 0 = strict RFC 8259. */
#define JB_READ_ALLOW_COMMENTS        0x0001u /**< // and block comments as whitespace */
#define JB_READ_ALLOW_TRAILING_COMMAS 0x0002u /**< [1,2,] and {"a":1,} */
#define JB_READ_ALLOW_NAN_INF         0x0004u /**< NaN, Infinity, -Infinity for float targets */
#define JB_READ_DENY_UNKNOWN          0x0008u /**< an unknown record key is an error: an override for
                                                   a descriptor you cannot change (the type's or format's
                                                   JB_FMT_DENY_UNKNOWN is the home of this option) */
#define JB_READ_DUPLICATE_LAST_WINS   0x0010u /**< a repeated key overwrites instead of failing */
#define JB_READ_BORROW_STRINGS        0x0020u /**< jb_str/raw/number point into the input when possible */
#define JB_READ_ALLOW_INVALID_UTF8    0x0040u /**< copy invalid UTF-8 through unchecked */
#define JB_READ_INTEGRAL_FLOATS       0x0080u /**< accept 1.0 or 1e2 into integer targets */
#define JB_READ_ALLOW_TRAILING_DATA   0x0100u /**< stop after the first value; ignore the rest */
#define JB_READ_INTERPRET             0x4000u /**< never hand the decode to generated code (see
                                                  "Code generation"): the interpreter runs */
#define JB_READ_DUPLICATE_FIRST_WINS  0x0400u /**< a repeated key is skipped (validated): the first value
                                                  stays, as aeson's decode keeps it. Not with _LAST_WINS
                                                  (JB_E_ARG). The DOM keeps every member either way */

/** Decode options; zero-initialized = strict RFC 8259 with the default limits. */
struct jb_read_options {
    uint32_t flags;          /**< JB_READ_* */
    uint32_t max_depth;      /**< nesting limit; 0 = 512. The typed decoder also stops with
                                JB_E_DEPTH before it would exhaust a small thread stack
                                (it learns the thread's stack bounds; see docs/memory.md) */
    size_t max_string_len;   /**< bytes of one decoded string; 0 = JB_DEFAULT_MAX_STRING */
    size_t max_number_len;   /**< bytes of one number token; 0 = JB_DEFAULT_MAX_NUMBER */
    size_t max_doc_size;     /**< input length; 0 = JB_DEFAULT_MAX_DOC */
    size_t max_members;      /**< members of one object / elements of one array;
                                0 = JB_DEFAULT_MAX_MEMBERS */
    /**
     * Collect every error of one jb_decode or jb_decode_prefix here (NULL =
     * stop at the first, as by default). The list is the caller's storage
     * (JB_ERROR_LIST_INIT); its free room is the hard cap: the decode stops
     * when the errors fill it, the last one kept being the one it stopped
     * at. Where the recovery is well defined the decode reports and goes
     * on: a value of the wrong type or out of range, an unknown enum name or
     * sum case, an unknown field where unknown fields are denied, a
     * duplicate key (the value is skipped, validated, and the next member
     * read); a missing required field (reported at its object's `}`). A
     * record, tuple, array, vector (of scalars too) or object-form map
     * recovers its own members; another value that fails (a sum, a map's
     * key) is skipped whole by the container around it. Any other
     * error (syntax, UTF-8, a limit, memory) ends the document and is the
     * last. The errors this call adds come after any the list held, in
     * document order (by offset), each as jb_error reports it; err and the
     * return code are the first of them. On failure the output is zeroed
     * and the arena rolled back, as always. Inside an untagged sum's
     * attempt and inside a custom codec errors are not collected: they are
     * the attempt's or the codec's, as without a list. The happy path pays
     * nothing for it; generated codecs hand a failing decode to the
     * interpreter, which collects. Streams ignore it (they have
     * jb_stream_options.errors).
     */
    jb_error_list *errors;
};
/** The limits are on by default; JB_NO_LIMIT (SIZE_MAX) in a field turns one
 * off. A total allocation cap for decoding is the arena's (jb_arena_new_with). */
/** @{ */
#define JB_DEFAULT_MAX_DEPTH   512
/** @} */
#define JB_DEFAULT_MAX_STRING  ((size_t)64 << 20)   /**< 64 MiB */
#define JB_DEFAULT_MAX_NUMBER  ((size_t)4096)       /**< 4,096 bytes */
#define JB_DEFAULT_MAX_DOC     ((size_t)1 << 30)    /**< 1 GiB */
#define JB_DEFAULT_MAX_MEMBERS ((size_t)1 << 24)    /**< 16,777,216 */
#define JB_NO_LIMIT SIZE_MAX /**< in a limit field: no limit */

/** Encode switches (jb_write_options.flags). 0 = compact, strict. */
#define JB_WRITE_PRETTY         0x0001u /**< newlines and indentation (indent spaces, default 2) */
#define JB_WRITE_ESCAPE_UNICODE 0x0002u /**< non-ASCII as `\uXXXX` (surrogate pairs above U+FFFF) */
#define JB_WRITE_ESCAPE_SLASH   0x0004u /**< '/' as `\/` */
#define JB_WRITE_NONFINITE_NULL 0x0008u /**< NaN and infinities as null instead of an error */
#define JB_WRITE_ABSENT_NULL    0x0010u /**< absent optional fields as null instead of omitted: an
                                           override (JB_FMT_ABSENT_NULL is the option's home; a
                                           JB_FIELD_OMIT_ABSENT field is still omitted) */
#define JB_WRITE_ALLOW_INVALID_UTF8 0x0020u /**< copy invalid UTF-8 through unchecked */
#define JB_WRITE_CONTROL_HEX    0x0040u /**< backspace and form feed as `\u0008` `\u000c`,
                                           not `\b` `\f` (aeson) */
#define JB_WRITE_INTERPRET      0x4000u /**< never hand the encode to generated code: the interpreter runs */

/** Encode options; zero-initialized = compact, strict, ECMAScript doubles. */
struct jb_write_options {
    uint32_t flags;          /**< JB_WRITE_* */
    uint32_t indent;         /**< spaces per level with JB_WRITE_PRETTY; 0 = 2 */
    uint32_t max_depth;      /**< nesting limit; 0 = 512 */
    uint32_t float_style;    /**< jb_float_style for doubles; 0 = ECMA (a type's own float style or its
                                  format's overrides it: docs/formats.md, "Which setting wins") */
};

/* ===================================================================== */
/* Errors                                                                */
/* ===================================================================== */

#define JB_ERROR_PATH_MAX 256    /**< bytes of jb_error.path, with its NUL */
#define JB_ERROR_MESSAGE_MAX 256 /**< bytes of jb_error.message, with its NUL */

/**
 * A failure report. The first error of a call wins; it is filled only on
 * failure (the happy path never computes line, column or path).
 *   offset: byte offset of the first byte of the offending token
 *   line, column: 1-based; columns count bytes
 *   path: where in the document, e.g. $.items[3].name or $["a.b"]
 *   message: one line, what was expected and what was found
 * An over-long message is cut visibly with "..." at its end; an over-long
 * path keeps its innermost steps, with "$..." in front for the rest.
 * For encoding errors offset/line/column are 0 and path names the value.
 */
struct jb_error {
    jb_status code;                     /**< what went wrong (never JB_OK once filled) */
    size_t offset;                      /**< byte offset of the offending token */
    size_t line;                        /**< 1-based line of offset */
    size_t column;                      /**< 1-based column of offset, in bytes */
    char path[JB_ERROR_PATH_MAX];       /**< where, e.g. $.items[3].name (NUL-terminated) */
    char message[JB_ERROR_MESSAGE_MAX]; /**< one line: expected and found (NUL-terminated) */
    size_t index;                       /**< streams: which document or element (from 0) */
};
/* In a stream (jb_stream_next...) offset, line and column count from the
 * stream's first byte, and path is inside the document (inside the whole
 * document, "$.statuses[5].id", for array elements). */

/** A static string naming a status code, e.g. "JB_E_SYNTAX". */
JB_API const char *jb_status_name(jb_status code);

/**
 * Errors of a call that goes on after a failure (a stream with
 * JB_STREAM_SKIP_BAD, a decode with jb_read_options.errors), in storage
 * the caller provides: items[0..len) are the first len errors in order
 * (len <= cap); total counts every error reported, kept or not (total -
 * len were dropped). cap 0 only counts.
 * @code
 *   jb_error first[10];
 *   jb_error_list errors = JB_ERROR_LIST_INIT(first, 10);
 * @endcode
 */
struct jb_error_list {
    jb_error *items; /**< the caller's storage for cap errors */
    size_t cap;      /**< how many items can hold */
    size_t len;      /**< errors kept: the first len reported */
    size_t total;    /**< errors reported in all */
};

/** An empty list over the caller's items[0..cap). */
#define JB_ERROR_LIST_INIT(items, cap) {(items), (cap), 0, 0}

/** Count *e in list->total and keep a copy when there is room. A NULL list
 * or e does nothing. */
JB_API void jb_error_list_add(jb_error_list *list, const jb_error *e);

/** jb_error_render switches. */
#define JB_RENDER_COLOR 0x1u /**< ANSI colours: a bold first line, a red caret, blue margins */
/** Display columns of source text a rendering shows at most (a window of a longer line). */
#define JB_RENDER_WIDTH 80

/**
 * Render e against the text it came from, the way compilers report:
 * @code
 *   config.json:3:11: expected an integer between 0 and 65535, found 70000
 *      3 |   "port": 70000,
 *        |           ^~~~~
 *        = at $.server.port (JB_E_RANGE)
 * @endcode
 * name is the input's name (NULL: "<input>"); input[0..len) is the text
 * e was found in (NULL, or e->line 0 as for encode errors: no source
 * lines). The source line is a window of at most JB_RENDER_WIDTH display
 * columns around the error, cut with "..." when longer; the caret stands
 * under e->offset, ~ under the rest of the token there. Display columns
 * are a terminal's: a tab moves to the next multiple of 8, an East Asian
 * wide character or emoji takes 2, a combining mark 0; control
 * characters, invalid UTF-8, bidirectional controls and line separators
 * are shown escaped (`\u0001`, `\xFF`). The header's LINE:COLUMN are e's own
 * (columns in bytes). Writes dst[0..cap) NUL-terminated and returns the
 * length the whole rendering takes without the NUL (as snprintf does):
 * when that is cap or more, dst holds a prefix cut on a UTF-8 character
 * boundary and ended visibly with "...\n". Reads input only below len;
 * allocates nothing.
 */
JB_API size_t jb_error_render(const jb_error *e, const char *name, const char *input, size_t len,
                              uint32_t flags, char *dst, size_t cap);

/* ===================================================================== */
/* Memory: allocator and arena                                            */
/* ===================================================================== */

/**
 * The one allocator shape, realloc-like:
 *   fn(ctx, NULL, 0, n)   allocates n bytes (NULL on failure)
 *   fn(ctx, p, old, n)    resizes p (old is its current size)
 *   fn(ctx, p, old, 0)    frees p and returns NULL
 * Memory must be aligned for any object (as malloc's).
 */
typedef void *(*jb_realloc_fn)(void *ctx, void *ptr, size_t old_size, size_t new_size);

/** An allocator: the function and the context it is called with. */
typedef struct jb_allocator {
    jb_realloc_fn fn; /**< the realloc-like function */
    void *ctx;        /**< its first argument */
} jb_allocator;

/*
 * Decode memory. A decode allocates everything it produces (strings,
 * vectors, map entries, pointees) from an arena in bump-allocated chunks;
 * jb_arena_free releases it all at once. jb_arena_reset keeps the chunks for
 * the next decode, so a decode into a reset, warm arena allocates nothing.
 * An arena is not thread-safe; use one per thread.
 */
/* (typedef struct jb_arena jb_arena: above) */

/** An arena on malloc, no cap. NULL when out of memory. */
JB_API jb_arena *jb_arena_new(void);
/** An arena on the given allocator (NULL = malloc); cap = most bytes it may
 * take from the allocator in all (0 = no cap). Past the cap an allocation
 * fails and a decode reports JB_E_LIMIT; an allocator that returns NULL
 * gives JB_E_NOMEM. */
JB_API jb_arena *jb_arena_new_with(const jb_allocator *alloc, size_t cap);
/** Forget everything allocated, keep the memory. */
JB_API void jb_arena_reset(jb_arena *arena);
/** Release everything; NULL is allowed. */
JB_API void jb_arena_free(jb_arena *arena);
/** Bytes handed out since creation or the last reset. */
JB_API size_t jb_arena_used(const jb_arena *arena);
/** Bytes currently held from the allocator (chunks). */
JB_API size_t jb_arena_reserved(const jb_arena *arena);
/** Allocate size bytes aligned to align (a power of two, at most 16);
 * NULL on failure. For custom decoders. */
JB_API void *jb_arena_alloc(jb_arena *arena, size_t size, size_t align);

/* ===================================================================== */
/* Strings and buffers                                                    */
/* ===================================================================== */

/** A string with a length; may hold NUL bytes. Decoded strings are copied
 * into the arena (NUL-terminated there for convenience) unless
 * JB_READ_BORROW_STRINGS lets them point into the input. */
typedef struct jb_str {
    const char *ptr; /**< the bytes (NULL only when len is 0) */
    size_t len;      /**< their number, without a terminating NUL */
} jb_str;

/** An object member kept verbatim: its key (unescaped) and its value's JSON
 * text. JB_UNKNOWN_FIELDS collects a record's unknown members into a
 * jb_raw_members so that they are written back: a lossless round trip. */
typedef struct jb_raw_member {
    jb_str key;   /**< the member's key, unescaped */
    jb_str value; /**< its value's JSON text, verbatim */
} jb_raw_member;

/** The members JB_UNKNOWN_FIELDS collected, in document order. */
typedef struct jb_raw_members {
    jb_raw_member *items; /**< len members (in the decode's arena) */
    size_t len;           /**< how many */
} jb_raw_members;

/**
 * A growable output buffer. jb_encode appends to it. Set .len = 0 to reuse
 * it: encoding into a buffer that is already large enough allocates
 * nothing. alloc NULL means realloc/free. data is not NUL-terminated.
 */
struct jb_buf {
    char *data;                /**< the bytes written (not NUL-terminated) */
    size_t len;                /**< bytes in use */
    size_t cap;                /**< bytes allocated */
    const jb_allocator *alloc; /**< how data is allocated; NULL = realloc/free */
};

/** An empty buffer on realloc/free: `jb_buf out = JB_BUF_INIT;` */
#define JB_BUF_INIT {0, 0, 0, 0}

/** Release the buffer's memory and make it empty again (usable as new). */
JB_API void jb_buf_free(jb_buf *buf);
/** Make room for n more bytes. JB_OK or JB_E_NOMEM. */
JB_API jb_status jb_buf_reserve(jb_buf *buf, size_t n);

/* ===================================================================== */
/* Describing types                                                      */
/* ===================================================================== */

/*
 * A descriptor is a `static const jb_type` built by the macros below; its
 * fields are the internals at the end of this header. Scalars and strings
 * have built-in descriptors; records, tuples, enums, sums, vectors, maps,
 * pointers and fixed arrays are made with the JB_* macros, and how a type
 * looks in JSON (names, sum encodings, field policies) is the
 * representation options further down.
 *
 * Two ways to write a type:
 *   - the definer form (JB_RECORD_DEFINE, JB_TUPLE_DEFINE, JB_ENUM_DEFINE,
 *     JB_SUM_DEFINE): one member list declares the C type and its
 *     descriptor `T_type`; each member's name and type are written once,
 *     and _Generic picks the descriptor of scalar and string members;
 *   - the two-step form, for a struct that exists already (a system
 *     header's, a shared model's): JB_RECORD(T, JB_FIELD(T, m, desc), ...).
 *
 * Safe by construction: JB_FIELD (and JB_OPTIONAL, JB_ELEM, JB_CASE) look
 * through JB_VEC_OF, JB_MAP_OF, JB_PTR_OF, JB_BOX_OF and JB_ARRAY_OF to the
 * member itself and record its element, key, value or pointee size and C
 * type; every scalar field records its member's C type. A descriptor that
 * does not match its member is refused with JB_E_DESCRIPTOR, naming the
 * type and the field, when its plan compiles: at the first jb_decode,
 * jb_encode or jb_type_check, which compile the plans of every type the
 * descriptor reaches before a byte is read or written. A container macro on
 * a member of another shape (JB_VEC_OF on an int) does not compile.
 * Descriptors must have static storage: one at block scope is refused
 * (its plan cache would not outlive the block) where the thread's stack
 * bounds are known (Linux; not with -DJB_NO_STACK_BOUNDS).
 */

/** @{ */
/** Built-in scalar descriptors: bool, int8_t ... int64_t, uint8_t ...
 * uint64_t (JSON integers, range-checked), float and double. */
JB_API extern const jb_type jb_bool;
JB_API extern const jb_type jb_i8, jb_i16, jb_i32, jb_i64;
JB_API extern const jb_type jb_u8, jb_u16, jb_u32, jb_u64;
JB_API extern const jb_type jb_f32, jb_f64;
/** @} */
JB_API extern const jb_type jb_cstr;   /**< char *  */
JB_API extern const jb_type jb_string; /**< jb_str (a string with a length) */
JB_API extern const jb_type jb_raw;    /**< jb_str holding verbatim JSON */
JB_API extern const jb_type jb_number; /**< jb_str holding a JSON number's text */
/** jb_raw_members (for JB_UNKNOWN_FIELDS; as a plain field it is a JSON object of raw members) */
JB_API extern const jb_type jb_raw_members_type;
/** @{ */
/** 64- and 32-bit integers written as JSON strings, read from a string or a
 * number (JavaScript peers lose precision past 2^53). */
JB_API extern const jb_type jb_i64_string, jb_u64_string, jb_i32_string, jb_u32_string;
/** @} */
JB_API extern const jb_type jb_any;    /**< jb_value * (NULL encodes as null) */
/** One character (Haskell Char, Rust char): a uint32_t Unicode code point,
 * written as a JSON string of exactly that character and read only from a
 * string of exactly one code point ("expected a string of one character").
 * A surrogate or a value past U+10FFFF does not encode (JB_E_VALUE). Never
 * picked for a uint32_t member by default: name it (&jb_char). As a map key
 * it is the object key, as aeson and serde write Map Char / BTreeMap<char>. */
JB_API extern const jb_type jb_char;

/** Per-field behaviour bits (the .flags option of a field). */
#define JB_FIELD_NULL_WHEN_ABSENT 0x1u /**< encode an absent optional as null instead of omitting it */
#define JB_FIELD_FLATTEN          0x4u /**< a record member whose fields appear in the parent object (JB_FLATTEN) */
#define JB_FIELD_OMIT_ABSENT      0x8u /**< always omit when absent, whatever the format or the call says */
#define JB_FIELD_CAPTURE          0x10u /**< a jb_raw_members member collecting unknown keys (JB_UNKNOWN_FIELDS) */

/** Per-type behaviour bits (jb_type.flags; set by the built-in descriptors and JB_BOX_OF). */
#define JB_TYPE_AS_STRING     0x2u /**< integers: written as a JSON string ("123"), read from either */
#define JB_TYPE_BOX           0x4u /**< a pointer that must be present and non-NULL (JB_BOX_OF) */

/* ------------------------------------------------------------------ */
/* Descriptor macros (C only)                                          */
/* ------------------------------------------------------------------ */
#ifndef __cplusplus

/*
 * The two-step form. Every list macro takes the type, or the type and its
 * options in parentheses, then its items, e.g.
 *   JB_RECORD((user, .format = &jb_format_serde, .rename = JB_RENAME_CAMEL), fields...)
 * Type options: .format, .rename, .fmt_flags (JB_FMT_*), .float_style,
 * .key_mode (maps inside), and for sums .sum_style, .tag_name,
 * .content_name. Field and case options follow the descriptor, e.g.
 *   JB_FIELD(T, m, &jb_i32, JB_NAME("n"), .aliases = JB_ALIASES("num"), .default_json = "0")
 * Field options: JB_NAME (or .name), .aliases, .default_json, .flags
 * (JB_FIELD_*). Case options: .aliases.
 */

/** struct T -> JSON object: JB_RECORD(T, fields...) or JB_RECORD((T, type options...), fields...).
 * Fields: JB_FIELD, JB_OPTIONAL, JB_FLATTEN, JB_UNKNOWN_FIELDS. */
#define JB_RECORD(...) JB__LIST_TYPE_(JB_KIND_RECORD, __VA_ARGS__, )
/** struct T -> JSON array, members in the order given: JB_TUPLE(T or (T, options...), JB_ELEM...). */
#define JB_TUPLE(...) JB__LIST_TYPE_(JB_KIND_TUPLE, __VA_ARGS__, )
#define JB__LIST_TYPE_(k, T, ...) { \
    .kind = k, JB__HEAD_(T), .cache = JB_CACHE_, .fields = (const jb_field[]){__VA_ARGS__ {.cname = 0}} }

/** A field: member m, described by desc (JB_AUTO: picked from the member's
 * C type), named as its C member (the type's rename policy applies), then
 * field options. A missing key is an error (JB_E_MISSING), except for a
 * JB_PTR_OF member (NULL when absent) and a field with .default_json. */
#define JB_FIELD(T, m, ...) JB__FIELD_(T, m, __VA_ARGS__, )
/** An optional field: bool member `flag` says whether `m` is present. When
 * desc is a JB_PTR_OF, the field has three states: flag false = absent,
 * flag true and NULL = null, flag true and non-NULL = a value. */
#define JB_OPTIONAL(T, m, flag, ...) JB__OPTIONAL_(T, m, flag, __VA_ARGS__, )
/** A tuple element (JB_TUPLE): member m in its position. */
#define JB_ELEM(T, m, ...) JB_FIELD(T, m, __VA_ARGS__)
/** A record member whose own fields appear in this object (serde flatten):
 * desc must be a record descriptor. */
#define JB_FLATTEN(T, m, desc) JB_FIELD(T, m, desc, .flags = JB_FIELD_FLATTEN)
/** A jb_raw_members member m that collects the record's unknown members on
 * decode (key and raw value text) and writes them back, after the known
 * fields, on encode (serde's flatten into a map, for lossless round trips). */
#define JB_UNKNOWN_FIELDS(T, m) JB_FIELD(T, m, &jb_raw_members_type, .flags = JB_FIELD_CAPTURE)

/** Field option: the JSON name, written as given (no rename policy applies). */
#define JB_NAME(json) .name = (json)
/** Extra names accepted on decode: the value of a field's or case's .aliases. */
#define JB_ALIASES(...) ((const char *const[]){__VA_ARGS__, 0})

/** A C enum -> JSON string naming the case: JB_ENUM(T or (T, options...), cases...).
 * Values may be sparse. */
#define JB_ENUM(T, ...) { \
    .kind = JB_KIND_ENUM, JB__HEAD_(T), .cache = JB_CACHE_, \
    .cases = (const jb_enum_case[]){__VA_ARGS__, {.name = 0}} }
/** One enum case: its C value, its JSON name, then case options, e.g.
 *   JB_ENUM_CASE(RED, "red", .aliases = JB_ALIASES("Red", "RED")) */
#define JB_ENUM_CASE(value_, ...) {.cname = #value_, .value = (int64_t)(value_), .name = __VA_ARGS__}

/** A tagged union: a struct T with an enum member tagm and a union:
 * JB_SUM(T or (T, options...), tagm, cases...). Cases: JB_CASE (a payload
 * member) and JB_NULLARY (no payload). */
#define JB_SUM(T, tagm, ...) { \
    .kind = JB_KIND_SUM, JB__HEAD_(T), .cache = JB_CACHE_, \
    .tag_offset = offsetof(JB__TNAME_(T), tagm), .tag_size = sizeof(JB_MEMBER_(JB__TNAME_(T), tagm)), \
    .sum_cases = (const jb_case[]){__VA_ARGS__, {.name = 0}} }
/** A case with a payload: tag value tag_, JSON name json, payload member m
 * (e.g. u.circle) described by desc, then case options. */
#define JB_CASE(T, tag_, json, m, ...) JB__CASE_(T, tag_, json, m, __VA_ARGS__, )
/** A case without payload: tag value tag_, its JSON name, then case options. */
#define JB_NULLARY(tag_, ...) {.cname = #tag_, .tag = (int64_t)(tag_), .name = __VA_ARGS__}

/** @{ */
/** Anonymous container types for struct members; typedef them to pass
 * them around. */
#define JB_VEC(T) struct { T *items; size_t len; }
#define JB_MAP(K, V) struct { struct { K key; V value; } *items; size_t len; }
/** @} */

/*
 * Descriptors made inline. Each expands to a marker cast and a file-scope
 * compound literal, `(jb__vec_mark)(&(const jb_type){...})`: an address
 * constant wherever a descriptor goes (a top-level type, a vec of vecs),
 * and a shape JB_FIELD recognizes, so that it checks the member it is put
 * on. The _T forms also record the element C type where there is no
 * member to look at (inside another container).
 */

/** The descriptor of a scalar or string member, picked by _Generic from
 * its C type (bool, the integers, float, double, char *, jb_str,
 * jb_value *). Only inside JB_FIELD, JB_OPTIONAL, JB_ELEM and JB_CASE (and
 * by default in the definers); a C enum member is an integer to _Generic,
 * so give its descriptor. */
#define JB_AUTO (jb__auto_mark)((const jb_type *)0)
/** {T *items; size_t len;} -> JSON array of elem_. */
#define JB_VEC_OF(elem_) (jb__vec_mark)(&(const jb_type){ \
    .kind = JB_KIND_VEC, .name = "vec", .size = sizeof(JB_VEC(char)), \
    .align = _Alignof(JB_VEC(char)), .elem = (elem_) })
/** A vec whose element C type T is recorded: its size is checked against elem_. */
#define JB_VEC_OF_T(T, elem_) (jb__vec_mark)(&(const jb_type){ \
    .kind = JB_KIND_VEC, .name = "vec", .size = sizeof(JB_VEC(T)), \
    .align = _Alignof(JB_VEC(T)), .elem = (elem_), .elem_size = sizeof(T) })
/** A map; then map options (.key_mode = JB_KEYS_*). The entry layout is
 * computed for generic K and V by the plan (struct {K key; V value;} with
 * the descriptors' sizes and alignments) and checked against the member. */
#define JB_MAP_OF(key_, ...) (jb__map_mark)(&(const jb_type){ \
    .kind = JB_KIND_MAP, .name = "map", .size = sizeof(JB_VEC(char)), \
    .align = _Alignof(JB_VEC(char)), .key = (key_), .elem = __VA_ARGS__ })
/** A map whose K and V C types are recorded; entry layout taken from C. */
#define JB_MAP_OF_T(K, V, key_, ...) (jb__map_mark)(&(const jb_type){ \
    .kind = JB_KIND_MAP, .name = "map", .size = sizeof(JB_MAP(K, V)), \
    .align = _Alignof(JB_MAP(K, V)), .key = (key_), \
    .key_size = sizeof(K), .elem_size = sizeof(V), \
    .entry_size = sizeof(*((JB_MAP(K, V) *)0)->items), \
    .value_offset = offsetof(struct { K key; V value; }, value), .elem = __VA_ARGS__ })
/** T *: NULL encodes as absent/null; decodes allocate the pointee. */
#define JB_PTR_OF(elem_) (jb__ptr_mark)(&(const jb_type){ \
    .kind = JB_KIND_PTR, .name = "ptr", .size = sizeof(void *), \
    .align = _Alignof(void *), .elem = (elem_) })
/** A pointer whose pointee C type T is recorded: its size is checked against elem_. */
#define JB_PTR_OF_T(T, elem_) (jb__ptr_mark)(&(const jb_type){ \
    .kind = JB_KIND_PTR, .name = "ptr", .size = sizeof(T *), \
    .align = _Alignof(T *), .elem = (elem_), .elem_size = sizeof(T) })
/** T * that must be present and non-NULL (serde's Box<T>, aeson's
 * recursive fields): a missing key is JB_E_MISSING, null is JB_E_TYPE, and
 * encoding a NULL one is JB_E_VALUE. Under JB_OPTIONAL the flag says
 * whether it is there; when it is, it is not NULL. */
#define JB_BOX_OF(elem_) (jb__ptr_mark)(&(const jb_type){ \
    .kind = JB_KIND_PTR, .name = "box", .size = sizeof(void *), \
    .align = _Alignof(void *), .elem = (elem_), .flags = JB_TYPE_BOX })
/** T x[N] as a JSON array of exactly N; T is the element C type. */
#define JB_ARRAY_OF(T, N, elem_) (jb__array_mark)(&(const jb_type){ \
    .kind = JB_KIND_ARRAY, .name = "array", .size = sizeof(T[N]), \
    .align = _Alignof(T), .elem = (elem_), .count = (N), .elem_size = sizeof(T) })
/** A custom codec for a C type T. */
#define JB_CUSTOM(T, enc, dec, ctx_) { \
    .kind = JB_KIND_CUSTOM, .name = #T, .size = sizeof(T), .align = _Alignof(T), \
    .custom = &(const jb_custom){(enc), (dec), (ctx_)} }

/*
 * The definer form: the C type and its descriptor from one member list.
 * The list is an X-macro: a macro taking the name of a macro that it calls
 * once per member, as many members as you like:
 *
 *   #define USER(F)                                      \
 *       F(name, char *)                                  \
 *       F(id, int64_t)                                   \
 *       F(role, role, &role_type)                        \
 *       F(email, JB_MAYBE(char *))                       \
 *       F(home, point *, JB_PTR_OF(&point_type))         \
 *       F(tags, JB_VEC(char *))                          \
 *       F(scores, JB_MAP(char *, int32_t))               \
 *       F(pos, JB_ARRAY(double, 2))                      \
 *       F(kind_, int32_t, JB_AUTO, JB_NAME("kind"))
 *   JB_RECORD_DEFINE(user, USER);
 *
 * name and id get their descriptors from their C types, role an explicit
 * one; email is optional (the definer declares `bool has_email` before
 * it); tags and scores are a vec and a map of scalars (picked too); pos is
 * `double pos[2]`; kind_ is "kind" in JSON (options follow the
 * descriptor, JB_AUTO picks it).
 *
 * declares `typedef struct user user;`, the struct, and `static const
 * jb_type user_type` (declared before the struct too, so a member may point
 * back: F(next, user *, JB_PTR_OF(&user_type))). Type options follow the
 * list: JB_RECORD_DEFINE(user, USER, .format = &jb_format_serde).
 * A member is F(name, type) or F(name, type, desc, field options...);
 * type may be JB_VEC(E), JB_MAP(K, V), JB_ARRAY(E, N) (a fixed array) or
 * JB_MAYBE(T) (bool has_<name> beside it). Use one definer per source line
 * (the descriptor finds its struct through a name made from __LINE__).
 */
/** A record: struct T from the member list, and T_type. */
#define JB_RECORD_DEFINE(T, ...) JB__RECORD_DEFINE_(JB_KIND_RECORD, T, __VA_ARGS__, )
/** A tuple: struct T from the member list (written as a JSON array), and T_type. */
#define JB_TUPLE_DEFINE(T, ...) JB__RECORD_DEFINE_(JB_KIND_TUPLE, T, __VA_ARGS__, )
/**
 * A C enum and its descriptor: the list calls F(C, "json") or
 * F(C, "json", value) or F(C, "json", value, case options...), e.g.
 * @code
 *   #define ROLE(F) F(ROLE_ADMIN, "admin", 1) F(ROLE_USER, "user", 2)
 *   JB_ENUM_DEFINE(role, ROLE)
 * @endcode
 * declares `typedef enum role {ROLE_ADMIN = 1, ROLE_USER = 2} role;` and
 * role_type. Type options follow the list.
 */
#define JB_ENUM_DEFINE(T, ...) JB__ENUM_DEFINE_(T, __VA_ARGS__, )
/**
 * A tagged union and its descriptor: the list calls F(TAG, "json") for a
 * case without payload, F(TAG, "json", type, member) for one whose payload
 * descriptor is picked by type (as a record member's), or
 * F(TAG, "json", type, member, desc, case options...), e.g.
 * @code
 *   #define SHAPE(F) F(SHAPE_CIRCLE, "Circle", double, radius) \
 *                    F(SHAPE_RECT, "Rect", rect, rect, &rect_type) F(SHAPE_NONE, "None")
 *   JB_SUM_DEFINE(shape, SHAPE)
 * @endcode
 * declares `typedef enum shape_tag {SHAPE_CIRCLE, ...} shape_tag;`,
 * `typedef struct shape { shape_tag tag; union { ... }; } shape;` (the
 * payloads are members of an anonymous union: s.radius) and shape_type.
 * Type options (.sum_style, ...) follow the list.
 */
#define JB_SUM_DEFINE(T, ...) JB__SUM_DEFINE_(T, __VA_ARGS__, )
/** @{ */
/** Member types for the definers only: a fixed array `E name[N]`, and an
 * optional T with its `bool has_<name>` presence flag. */
#define JB_ARRAY(E, N) jb__JB_ARRAY_is_for_the_definer_lists
#define JB_MAYBE(T) jb__JB_MAYBE_is_for_the_definer_lists
/** @} */

#endif /* !__cplusplus */

/* ------------------------------------------------------------------ */
/* Representation options and formats                                 */
/* ------------------------------------------------------------------ */

/** Sum encodings (jb_type.sum_style). Only JB_SUM_EXTERNAL is the core
 * default; the rest are representation options of the type. */
typedef enum jb_sum_style {
    JB_SUM_DEFAULT = 0,    /**< the format's style, else JB_SUM_EXTERNAL */
    JB_SUM_EXTERNAL,       /**< {"Case": payload}; nullary "Case" */
    JB_SUM_INTERNAL,       /**< {"<tag>":"Case", ...payload fields} (record payloads) */
    JB_SUM_ADJACENT,       /**< {"<tag>":"Case","<content>":payload} */
    JB_SUM_ARRAY,          /**< ["Case", payload] */
    JB_SUM_UNTAGGED        /**< payload only (nullary: null, or its name with
                              JB_FMT_UNTAGGED_NULLARY_NAME); decode tries cases in order */
} jb_sum_style;

/** Rename policies, applied once when the plan compiles to every name not
 * given explicitly (JB_FIELD's member name; enum and sum case names).
 * Words split at '_' / '-' / spaces, where a capital follows a lowercase
 * letter or a digit, and before the last capital of an acronym run that
 * goes on in lowercase ("HTTPServer" -> HTTP, Server; "userID" -> user,
 * ID; "field01" -> field01; "a1B2" -> a1, B2), the rule of circe's
 * withSnakeCaseMemberNames (aeson's camelTo2 differs only in not
 * splitting after a digit). docs/formats.md has the table. */
typedef enum jb_rename {
    JB_RENAME_NONE = 0,
    JB_RENAME_SNAKE,           /**< user_id */
    JB_RENAME_CAMEL,           /**< userId */
    JB_RENAME_PASCAL,          /**< UserId */
    JB_RENAME_KEBAB,           /**< user-id */
    JB_RENAME_SCREAMING_SNAKE, /**< USER_ID */
    JB_RENAME_LOWER,           /**< user_id from user_ID (letters lowered, nothing else changed) */
    JB_RENAME_UPPER,           /**< USER_ID from user_id (letters raised, nothing else changed) */
    /** serde's rename_all = "snake_case", exactly: on enum and sum cases
     * a '_' before every capital but the first character, then lower case
     * ("HTTPServer" -> "h_t_t_p_server", "UserID" -> "user_i_d", "A1B2" ->
     * "a1_b2"); record fields are left as written, as serde leaves them.
     * Decoding also accepts the JB_RENAME_SNAKE spelling of a case
     * ("http_server") unless another name already has it. ASCII capitals
     * only (serde also splits before a non-ASCII capital). */
    JB_RENAME_SNAKE_SERDE
} jb_rename;

/** How doubles are spelled (always the shortest digits that round-trip). */
typedef enum jb_float_style {
    JB_FLOAT_INHERIT = 0,  /**< from the enclosing type's format, else the call's, else ECMA */
    JB_FLOAT_ECMA,         /**< ECMAScript Number#toString: 1, 0.1, 1e+21, 1e-7 (-0 kept) */
    JB_FLOAT_RUST,         /**< serde_json >= 1.0.147 (zmij): 1.0, 0.1, 1e+21, 1e-7 */
    JB_FLOAT_HASKELL,      /**< aeson: 1.0, 0.1, 1.0e21, 1.0e-2 */
    JB_FLOAT_DOTNET,       /**< Newtonsoft: 1.0, 0.1, 1E+15, 1E-05, 9007199254740992.0 */
    JB_FLOAT_JAVA,         /**< circe (Java Double.toString): 1.0, 0.1, 1.0E21, 1.0E-7 */
    JB_FLOAT_RUST_RYU      /**< serde_json <= 1.0.146 (ryu): 1.0, 0.1, 1e21, 1e-7 */
} jb_float_style;

/** How a map's keys are written (encode and decode alike). */
typedef enum jb_key_mode {
    JB_KEYS_AUTO = 0,      /**< object when the key is string-like, else pairs */
    JB_KEYS_STRING,        /**< object; keys must be string, enum or integer (else a descriptor error) */
    JB_KEYS_PAIRS,         /**< [[k, v], ...] */
    JB_KEYS_JSON_TEXT,     /**< object; string keys as they are, other keys as their JSON text
                              ("\"Red\"", "1", "{\"x\":1}": Fable.Remoting) */
    JB_KEYS_TEXT_INT       /**< object for string and integer keys, pairs for all others,
                              enums included (aeson's ToJSONKey defaults) */
} jb_key_mode;

/** Format switches (jb_format.flags, jb_type.fmt_flags). */
#define JB_FMT_ABSENT_NULL        0x0001u /**< absent optionals written as null (aeson without omitNothingFields) */
#define JB_FMT_ALL_NULLARY_STRING 0x0002u /**< a sum whose cases are all nullary is a plain string,
                                             read only from a string (aeson allNullaryToStringTag) */
#define JB_FMT_NULLARY_OBJECT     0x0004u /**< external tag: nullary case as {"Case":{}} (circe) */
#define JB_FMT_NULLARY_ARRAY      0x0008u /**< external tag: nullary case as {"Case":[]} (aeson ObjectWithSingleField) */
#define JB_FMT_UNWRAP_UNARY       0x0010u /**< a record of one field is that field's value (aeson unwrapUnaryRecords, serde transparent) */
#define JB_FMT_DENY_UNKNOWN       0x0020u /**< unknown record keys are errors */
#define JB_FMT_INT64_STRING       0x0040u /**< 64-bit integers written as strings, read from either */
#define JB_FMT_INT64_SIGNED       0x0080u /**< with JB_FMT_INT64_STRING: an explicit sign, "+5" (Fable) */
#define JB_FMT_POSITIONAL_RECORDS 0x0100u /**< a sum case's record payload as an array of its fields (Fable) */
#define JB_FMT_INTEGRAL_FLOATS    0x0200u /**< accept 7.0 / 7e0 into integers on decode (aeson) */
#define JB_FMT_CONTROL_HEX        0x0400u /**< strings escape `\b` `\f` as `\u0008` `\u000c`
                                             (aeson) */
#define JB_FMT_UNTAGGED_NULLARY_NAME 0x0800u /**< untagged sums: a nullary case is its name ("Empty"),
                                                 read only from that string (aeson UntaggedValue);
                                                 without it a nullary case is null (serde untagged) */
#define JB_FMT_NULLARY_STRICT     0x1000u /**< a nullary case reads only the form it is written in:
                                             {"Case":[]} / ["Case",[]] with JB_FMT_NULLARY_ARRAY,
                                             {"Case":{}} with JB_FMT_NULLARY_OBJECT (not the bare
                                             "Case", not null); without it [], {} and null are all
                                             accepted where a payload would stand */
#define JB_FMT_NONFINITE_AESON    0x2000u /**< floats: NaN written as null, infinities as "+inf" and
                                             "-inf", and read back so (null is NaN) (aeson >= 2.0) */
#define JB_FMT_SORTED_MAPS        0x4000u /**< maps in key order, as Data.Map and BTreeMap: a decoded
                                             map's entries are sorted by key, and a map is written in
                                             key order (the value is not changed). Integers and
                                             characters numerically, strings by bytes, enums by C value;
                                             maps with other keys keep their order. Inherited by the
                                             maps inside the type; a map's own .fmt_flags may set it */

/**
 * A wire format: a complete set of representation options, applied to a
 * type in one word (jb_type.format), every option overridable by the
 * type's own fields (non-zero wins). Presets reproduce the derived JSON of
 * other ecosystems; docs/formats.md lists their rules side by side.
 */
typedef struct jb_format {
    const char *name;            /**< for messages: "aeson", "serde", ... */
    jb_rename rename_fields;     /**< record field names */
    jb_rename rename_cases;      /**< enum and sum case names */
    jb_sum_style sum_style;      /**< how sums are written */
    const char *tag_name;        /**< internal and adjacent sums: the tag key (NULL = "tag") */
    const char *content_name;    /**< adjacent sums: the content key (NULL = "contents") */
    uint32_t flags;              /**< JB_FMT_* */
    jb_float_style float_style;  /**< how doubles are spelled */
    jb_key_mode key_mode;        /**< how map keys are written */
} jb_format;

JB_API extern const jb_format jb_format_aeson;  /**< Haskell aeson, Generic defaultOptions */
JB_API extern const jb_format jb_format_serde;  /**< Rust serde_json derive defaults */
JB_API extern const jb_format jb_format_circe;  /**< Scala circe generic derivation */
JB_API extern const jb_format jb_format_fable;  /**< F# Fable.Remoting.Json */

/* ===================================================================== */
/* Custom codecs: writing and reading by hand                            */
/* ===================================================================== */

/**
 * Custom codec: for types that must be hand-written. encode writes exactly
 * one JSON value through the jb_write_* functions; decode reads exactly one
 * value through the jb_read_* functions. Both return JB_OK or an error
 * status (use jb_read_fail / jb_write_fail to say why).
 */
typedef struct jb_custom {
    /** write *value as one JSON value (NULL: the type cannot be encoded) */
    jb_status (*encode)(jb_writer *w, const void *value, void *ctx);
    /** read one JSON value into *value (NULL: the type cannot be decoded) */
    jb_status (*decode)(jb_reader *r, void *value, void *ctx);
    void *ctx; /**< passed to both */
} jb_custom;

/** @{ */
/** Each writes one JSON token; commas, colons and indentation are handled.
 * They return JB_OK or the sink's failure. */
JB_API jb_status jb_write_null(jb_writer *w);
JB_API jb_status jb_write_bool(jb_writer *w, bool v);
JB_API jb_status jb_write_i64(jb_writer *w, int64_t v);
JB_API jb_status jb_write_u64(jb_writer *w, uint64_t v);
JB_API jb_status jb_write_f64(jb_writer *w, double v);
JB_API jb_status jb_write_string(jb_writer *w, const char *s, size_t len);
/** @} */
/** Verbatim JSON text (not validated). */
JB_API jb_status jb_write_raw(jb_writer *w, const char *json, size_t len);
/** @{ */
/** Containers: an object is begin, then key and value for each member,
 * then end; an array is begin, its values, end. */
JB_API jb_status jb_write_object_begin(jb_writer *w);
JB_API jb_status jb_write_key(jb_writer *w, const char *key, size_t len);
JB_API jb_status jb_write_object_end(jb_writer *w);
JB_API jb_status jb_write_array_begin(jb_writer *w);
JB_API jb_status jb_write_array_end(jb_writer *w);
/** @} */
/** Encode a value through another descriptor. */
JB_API jb_status jb_write_value(jb_writer *w, const jb_type *type, const void *value);
/** Fail with JB_E_CUSTOM and a message. */
JB_API jb_status jb_write_fail(jb_writer *w, const char *message);

/** The JSON type of the next value. */
typedef enum jb_token {
    JB_TOKEN_ERROR = 0, JB_TOKEN_NULL, JB_TOKEN_BOOL, JB_TOKEN_NUMBER,
    JB_TOKEN_STRING, JB_TOKEN_ARRAY, JB_TOKEN_OBJECT
} jb_token;

/** The type of the next value, without consuming it (JB_TOKEN_ERROR at
 * bad input or the end). */
JB_API jb_token jb_read_peek(jb_reader *r);
/** @{ */
/** Each reads one scalar into *out: JB_OK, JB_E_TYPE (another JSON type),
 * JB_E_RANGE (a number that does not fit) or JB_E_SYNTAX. */
JB_API jb_status jb_read_null(jb_reader *r);
JB_API jb_status jb_read_bool(jb_reader *r, bool *out);
JB_API jb_status jb_read_i64(jb_reader *r, int64_t *out);
JB_API jb_status jb_read_u64(jb_reader *r, uint64_t *out);
JB_API jb_status jb_read_f64(jb_reader *r, double *out);
/** @} */
/** A string, unescaped into the arena (NUL-terminated there). */
JB_API jb_status jb_read_string(jb_reader *r, jb_str *out);
/** @{ */
/** Arrays: begin, then while jb_read_array_next says *more, read an element. */
JB_API jb_status jb_read_array_begin(jb_reader *r);
JB_API jb_status jb_read_array_next(jb_reader *r, bool *more);
/** @} */
/** @{ */
/** Objects: begin, then while jb_read_object_next gives a key, read its value. */
JB_API jb_status jb_read_object_begin(jb_reader *r);
JB_API jb_status jb_read_object_next(jb_reader *r, bool *more, jb_str *key);
/** @} */
/** Skip one value of any type (validated). */
JB_API jb_status jb_read_skip(jb_reader *r);
/** Decode a value through another descriptor into out (type->size bytes,
 * zeroed first). */
JB_API jb_status jb_read_value(jb_reader *r, const jb_type *type, void *out);
/** The arena of the current decode. */
JB_API jb_arena *jb_read_arena(jb_reader *r);
/** Fail with the given code (JB_E_CUSTOM if 0) and message, at the current token. */
JB_API jb_status jb_read_fail(jb_reader *r, jb_status code, const char *message);

/* ===================================================================== */
/* The dynamic value                                                      */
/* ===================================================================== */

/*
 * jb_value is a JSON tree for documents whose shape is unknown or only
 * partly known (aeson's Value, serde's Value). Contract:
 *   - Every node lives in a jb_arena: parse, builders and copy allocate
 *     from the arena they are given; jb_arena_free releases the tree.
 *     Values are opaque; read them with the functions below.
 *   - Numbers keep what the text said: integers that fit int64_t or
 *     uint64_t exactly, other numbers as double, and the original text of
 *     numbers beyond both (integers past 64 bits, magnitudes past double).
 *   - Objects keep document order and every duplicate key; lookup returns
 *     the last. Lookup is a backwards scan up to 16 members; past that an
 *     index is built in the object's arena on the first lookup (so even a
 *     read may allocate: do not share one tree between threads until each
 *     large object has been looked up once).
 *   - Containers refer to their elements by pointer: a jb_value * stays
 *     valid while its arena lives, whatever is appended or set. A value
 *     must not contain itself (printing reports JB_E_DEPTH).
 *   - Nothing recurses: parse, copy, equal and print use explicit stacks,
 *     so depth is bounded by max_depth and memory, never by the C stack.
 *     (Print, copy and equal allocate a traversal stack with malloc past 32
 *     levels.)
 */

/** The JSON type of a value (jb_value_type_of). */
typedef enum jb_value_type {
    JB_VALUE_NULL = 0,
    JB_VALUE_BOOL,
    JB_VALUE_NUMBER,
    JB_VALUE_STRING,
    JB_VALUE_ARRAY,
    JB_VALUE_OBJECT
} jb_value_type;

/** How a number is held (jb_value_number_kind). */
typedef enum jb_number_kind {
    JB_NUMBER_I64 = 1, /**< an integer that fits int64_t */
    JB_NUMBER_U64,     /**< an integer above INT64_MAX that fits uint64_t */
    JB_NUMBER_F64,     /**< a number with fraction or exponent (or -0), as a double */
    JB_NUMBER_BIG      /**< beyond both: the text is kept; the double is nearest (may be inf) */
} jb_number_kind;

/** Decode switch for jb_value_parse / the any kind: a repeated key in one
 * object is JB_E_DUPLICATE (pointing at the repeated key). */
#define JB_READ_REJECT_DUPLICATE_KEYS 0x0200u

/** Print switches (jb_write_options.flags, beside the JB_WRITE_* bits). */
#define JB_PRINT_SORT_KEYS 0x0100u /**< object members by key bytes (stable: duplicates keep order) */
#define JB_PRINT_CANONICAL 0x0200u /**< RFC 8785 (JCS): compact, keys by UTF-16 code units, numbers
                                      as ECMAScript doubles, minimal escaping; duplicates are
                                      JB_E_DUPLICATE. Overrides the other flags. */

/**
 * Parse json[0..len) into a tree allocated from arena; *out is the root.
 * Same flags and limits as jb_decode (opts NULL = strict RFC 8259, depth
 * 512). On failure *out is NULL, the arena is as it was and err says why.
 */
JB_API jb_status jb_value_parse(const char *json, size_t len, jb_value **out, jb_arena *arena,
                                const jb_read_options *opts, jb_error *err);

/** @{ */
/** Type and predicates (NULL counts as no value: type JB_VALUE_NULL, all
 * predicates but is_null false). */
JB_API jb_value_type jb_value_type_of(const jb_value *v);
JB_API bool jb_value_is_null(const jb_value *v);
JB_API bool jb_value_is_bool(const jb_value *v);
JB_API bool jb_value_is_number(const jb_value *v);
JB_API bool jb_value_is_integer(const jb_value *v); /**< JB_NUMBER_I64 or JB_NUMBER_U64 */
JB_API bool jb_value_is_string(const jb_value *v);
JB_API bool jb_value_is_array(const jb_value *v);
JB_API bool jb_value_is_object(const jb_value *v);
/** @} */
/** 0 when v is not a number. */
JB_API jb_number_kind jb_value_number_kind(const jb_value *v);

/**
 * Checked getters: JB_OK, JB_E_TYPE (not that JSON type; a number with a
 * fraction for an integer getter) or JB_E_RANGE (does not fit); *out is
 * untouched on failure. An integral double converts when exact (2.0 -> 2);
 * 1.5 is JB_E_TYPE, 2^63 is JB_E_RANGE for int64_t. get_f64 of a BIG
 * number whose magnitude is past double is JB_E_RANGE.
 */
/** @{ */
JB_API jb_status jb_value_get_bool(const jb_value *v, bool *out);
JB_API jb_status jb_value_get_i64(const jb_value *v, int64_t *out);
JB_API jb_status jb_value_get_u64(const jb_value *v, uint64_t *out);
JB_API jb_status jb_value_get_f64(const jb_value *v, double *out);
/** @} */
/** A string's bytes (NUL-terminated in the arena; may hold NULs). */
JB_API jb_status jb_value_get_str(const jb_value *v, jb_str *out);
/** A number's text: the original for BIG, else its shortest JSON form
 * written into buf (needs 32 bytes). */
JB_API jb_status jb_value_number_text(const jb_value *v, char buf[32], jb_str *out);

/** @{ */
/** Arrays: length (0 for a non-array) and element i (NULL out of range). */
JB_API size_t jb_value_array_len(const jb_value *v);
JB_API jb_value *jb_value_array_get(const jb_value *v, size_t i);
/** @} */

/** @{ */
/** Objects: member count (0 for a non-object), member i in document order
 * (key to *key, which may be NULL; NULL out of range, with *key empty),
 * and lookup by key (the last member with that key; NULL if none). */
JB_API size_t jb_value_object_len(const jb_value *v);
JB_API jb_value *jb_value_object_at(const jb_value *v, size_t i, jb_str *key);
JB_API jb_value *jb_value_object_get(const jb_value *v, const char *key, size_t len);
/** @} */

/**
 * RFC 6901 JSON Pointer: "" is v itself, "/a/0/b" steps into member "a",
 * element 0, member "b"; "~1" stands for '/', "~0" for '~'. Array indexes
 * are 0 or [1-9][0-9]*; "-" (past the end) finds nothing.
 * jb_value_pointer takes a NUL-terminated pointer and returns NULL when
 * nothing is there or the pointer is malformed. jb_value_pointer_n says
 * which: JB_OK, JB_E_SYNTAX (malformed: no leading '/', a '~' not followed
 * by 0 or 1, a bad index), JB_E_MISSING (no such member or element),
 * JB_E_TYPE (a step into a scalar); *out is NULL on failure.
 */
/** @{ */
JB_API jb_value *jb_value_pointer(const jb_value *v, const char *pointer);
JB_API jb_status jb_value_pointer_n(const jb_value *v, const char *pointer, size_t len,
                                    jb_value **out);
/** @} */

/**
 * Builders. Each returns a new node from arena, or NULL when out of
 * memory (or arena is NULL). Strings are copied (and NUL-terminated);
 * they are not validated here: printing invalid UTF-8 is JB_E_UTF8.
 * jb_value_new_number_text keeps a JSON number's text (validated by the
 * grammar; NULL if it is not a number) and classifies it as parse does.
 */
/** @{ */
JB_API jb_value *jb_value_new_null(jb_arena *arena);
JB_API jb_value *jb_value_new_bool(jb_arena *arena, bool b);
JB_API jb_value *jb_value_new_i64(jb_arena *arena, int64_t n);
JB_API jb_value *jb_value_new_u64(jb_arena *arena, uint64_t n);
JB_API jb_value *jb_value_new_f64(jb_arena *arena, double d);
JB_API jb_value *jb_value_new_number_text(jb_arena *arena, const char *text, size_t len);
JB_API jb_value *jb_value_new_string(jb_arena *arena, const char *s, size_t len);
JB_API jb_value *jb_value_new_array(jb_arena *arena);
JB_API jb_value *jb_value_new_object(jb_arena *arena);
/** @} */

/**
 * Changing containers. arena is where growth is allocated (normally the
 * tree's own). append adds elem at the end; object_set replaces the value
 * of the last member named key, or appends a member (the key is copied);
 * object_remove removes every member named key and stores how many in
 * *removed (may be NULL). JB_OK, JB_E_TYPE (not an array/object), JB_E_ARG
 * (NULL argument) or JB_E_NOMEM.
 */
/** @{ */
JB_API jb_status jb_value_array_append(jb_value *array, jb_value *elem, jb_arena *arena);
JB_API jb_status jb_value_object_set(jb_value *object, const char *key, size_t len,
                                     jb_value *val, jb_arena *arena);
JB_API jb_status jb_value_object_remove(jb_value *object, const char *key, size_t len,
                                        size_t *removed);
/** @} */

/** A deep copy of v into arena; NULL when out of memory. */
JB_API jb_value *jb_value_copy(const jb_value *v, jb_arena *arena);
/** Deep equality: numbers by value (1 == 1.0 == 1e0), strings by bytes,
 * arrays in order, objects as maps (order ignored; a duplicated key counts
 * by its last value). */
JB_API bool jb_value_equal(const jb_value *a, const jb_value *b);

/**
 * Print v as JSON. opts (NULL = compact) takes the JB_WRITE_* flags
 * (pretty with indent, escaping) plus JB_PRINT_SORT_KEYS and
 * JB_PRINT_CANONICAL; max_depth (0 = 512) bounds nesting. The sinks are
 * jb_encode's: append to a jb_buf (restored on failure), a callback, a
 * FILE *, a fixed buffer (*needed as jb_encode_fixed).
 */
/** @{ */
JB_API jb_status jb_value_print(const jb_value *v, jb_buf *buf, const jb_write_options *opts,
                                jb_error *err);
JB_API jb_status jb_value_print_to(const jb_value *v, jb_write_fn fn, void *ctx,
                                   const jb_write_options *opts, jb_error *err);
JB_API jb_status jb_value_print_file(const jb_value *v, FILE *f, const jb_write_options *opts,
                                     jb_error *err);
JB_API jb_status jb_value_print_fixed(const jb_value *v, char *dst, size_t cap, size_t *needed,
                                      const jb_write_options *opts, jb_error *err);
/** @} */

/**
 * Typed <-> value through a descriptor (aeson's toJSON / fromJSON).
 * jb_to_value: the tree of *value as jb_encode would write it, in arena.
 * jb_from_value: fill *out from v as jb_decode would from v's text (opts
 * as jb_decode's; NULL = strict); on failure *out is zeroed and the arena
 * is as it was. A list in opts->errors collects every error as jb_decode
 * of v's text does; offsets, lines and columns are in v's compact text.
 */
/** @{ */
JB_API jb_status jb_to_value(const jb_type *type, const void *value, jb_value **out,
                             jb_arena *arena, jb_error *err);
JB_API jb_status jb_from_value(const jb_type *type, const jb_value *v, void *out,
                               jb_arena *arena, const jb_read_options *opts, jb_error *err);
/** @} */

/* ===================================================================== */
/* JSON Schema                                                            */
/* ===================================================================== */

/*
 * A JSON Schema (draft 2020-12) for a descriptor: the documents jb_decode
 * accepts for it with default read options, derived from the compiled
 * plans, so it follows the type's format (renamed fields and cases,
 * aliases, the sum style with its tag and content keys, optional and
 * three-state fields, defaults, map key modes, integers as strings,
 * deny-unknown). Records, tuples, enums and sums are "$defs" named after
 * their C type, referenced with "$ref" (recursive types too). Every value
 * jb_encode writes validates against it. docs/schema.md lists what JSON
 * Schema cannot say (duplicate keys, 1 vs 1.0, invalid UTF-8, limits).
 */
#define JB_SCHEMA_PRETTY          0x1u /**< jb_schema_write: indented (2 spaces), not compact */
#define JB_SCHEMA_DENY_UNKNOWN    0x2u /**< as decoded with JB_READ_DENY_UNKNOWN: closed records */
#define JB_SCHEMA_INTEGRAL_FLOATS 0x4u /**< as decoded with JB_READ_INTEGRAL_FLOATS */

/** Schema options; zero-initialized = compact, no "$id" or "title". */
typedef struct jb_schema_options {
    uint32_t flags;    /**< JB_SCHEMA_* */
    const char *id;    /**< the document's "$id" (NULL: none) */
    const char *title; /**< its "title" (NULL: none) */
    /** A custom codec's JSON, described by another descriptor whose schema
     * stands for it (e.g. a tuple for a point written as [x, y]); NULL, or
     * a NULL answer: true (any value). */
    const jb_type *(*custom)(const jb_type *custom_type, void *ctx);
    void *ctx;         /**< passed to custom */
} jb_schema_options;

/**
 * The schema of type as a jb_value tree in arena (opts NULL = defaults).
 * JB_E_DESCRIPTOR for a bad descriptor; on failure *out is NULL and the
 * arena as it was.
 */
JB_API jb_status jb_schema_value(const jb_type *type, jb_arena *arena, jb_value **out,
                                 const jb_schema_options *opts, jb_error *err);
/** The schema of type appended to buf as JSON text. */
JB_API jb_status jb_schema_write(const jb_type *type, jb_buf *buf, const jb_schema_options *opts,
                                 jb_error *err);

/* ===================================================================== */
/* Streams: documents one after another, array elements, chunks, files   */
/* ===================================================================== */

/** @{ */
/**
 * The first JSON value of json[0..len), decoded as jb_decode (or parsed as
 * jb_value_parse) would, and nothing after it read: *consumed (NULL
 * allowed) receives the bytes from json to just past the value (leading
 * whitespace counted, trailing not), where the next document starts.
 * max_doc_size bounds the value, not len. On failure *consumed is 0.
 */
JB_API jb_status jb_decode_prefix(const jb_type *type, const char *json, size_t len, void *out,
                                  jb_arena *arena, const jb_read_options *opts, size_t *consumed,
                                  jb_error *err);
JB_API jb_status jb_value_parse_prefix(const char *json, size_t len, jb_value **out,
                                       jb_arena *arena, const jb_read_options *opts,
                                       size_t *consumed, jb_error *err);
/** @} */

/**
 * A stream delivers JSON texts one after another (or the elements of one
 * array), each decoded by the engine of jb_decode (typed) or of
 * jb_value_parse (DOM). docs/streaming.md is the guide. Contract:
 *   - Sources: a buffer (jb_stream_new_buffer); chunks of any size the
 *     caller pushes (jb_stream_new, jb_stream_feed, jb_stream_finish); a
 *     FILE *, a file descriptor or a read callback, read as needed. The
 *     same jb_stream_next* calls serve them all.
 *   - Memory: an element that lies inside the buffer or the current chunk
 *     is decoded where it lies; one that spans chunks is gathered into a
 *     buffer the stream owns, which never holds more than one element
 *     (max_element_bytes) or, outside elements, one token. So memory is
 *     bounded by the largest element, not by the stream. Decoded values
 *     come from the arena given to each call.
 *   - Each call returns JB_OK with the next value; JB_END after the last;
 *     JB_NEED_INPUT (pushed streams only) when the next element is not
 *     complete yet: feed the next chunk and call again; or an error, whose
 *     jb_error has the element's index, its offset, line and column in the
 *     whole stream, and the path inside the document. A value is delivered
 *     as soon as its last byte arrives (a number or true/false/null at the
 *     top of CONCAT framing needs the byte after it; a LINES record, its
 *     newline or the end of input).
 *   - Bad elements: by default the first one stops the stream: that call
 *     and every later one return its error. With JB_STREAM_SKIP_BAD it is
 *     skipped: counted (jb_stream_skipped), its error added to opts.errors
 *     and the stream goes on with the next element, wherever the framing
 *     can say where that is: always for LINES and SEQ (the next line or
 *     RS); for CONCAT and ARRAY only if the bad element is well-formed JSON
 *     (a type, range, missing-field... error). Malformed JSON there, and
 *     the stream's own failures (its limits, I/O, memory), end the stream.
 *   - A stream is not thread-safe. A pushed chunk must stay valid and
 *     unchanged until jb_stream_next* returns JB_NEED_INPUT (or the stream
 *     is freed); the bytes of an element that spans chunks are copied.
 */
typedef enum jb_framing {
    JB_FRAMING_SINGLE = 0, /**< exactly one JSON text, as jb_decode (more is JB_E_TRAILING) */
    JB_FRAMING_CONCAT,     /**< JSON texts one after another; whitespace between them where
                              needed (1 2, {}{}, "a"[1]) */
    JB_FRAMING_LINES,      /**< NDJSON / JSON Lines: one JSON text per line ("\n" or "\r\n");
                              blank lines skipped; the last line may lack its "\n" */
    JB_FRAMING_SEQ,        /**< RFC 7464 JSON text sequence: each text after an RS byte (0x1E);
                              a top-level number or literal must be followed by whitespace */
    JB_FRAMING_ARRAY       /**< the elements of one array: the document's root or the array at
                              opts.pointer; the rest of the document is validated */
} jb_framing;

/** Stream switches (jb_stream_options.flags). */
#define JB_STREAM_SKIP_BAD    0x0001u /**< skip bad elements (see above) instead of stopping */
#define JB_STREAM_RESET_ARENA 0x0002u /**< jb_arena_reset the call's arena before each element */
#define JB_STREAM_ALLOW_BOM   0x0004u /**< a UTF-8 byte order mark at the stream's start is skipped */
#define JB_STREAM_SKIP_REST   0x0008u /**< ARRAY: stop at the array's end; the rest of the
                                         document is not read */

/** Default max_element_bytes. */
#define JB_DEFAULT_MAX_ELEMENT ((size_t)64 << 20) /**< 64 MiB */

/** Stream options; zero-initialized = one document (SINGLE), strict, the default limits. */
typedef struct jb_stream_options {
    jb_framing framing;          /**< how the documents or elements are delimited */
    uint32_t flags;              /**< JB_STREAM_* */
    const char *pointer;         /**< ARRAY: RFC 6901 pointer to the array; NULL or "" = the root.
                                    A key that repeats in an object: its first member counts */
    const jb_read_options *read; /**< how elements are read (NULL = strict defaults); its
                                    max_doc_size is replaced by max_element_bytes */
    size_t max_element_bytes;    /**< bytes of one document or element; 0 = JB_DEFAULT_MAX_ELEMENT */
    size_t max_elements;         /**< documents or elements in all; 0 = no limit */
    size_t max_total_bytes;      /**< bytes of the stream read in all; 0 = no limit */
    jb_error_list *errors;       /**< every error reported is added here (NULL = not kept) */
    const jb_allocator *alloc;   /**< the stream's own memory (NULL = malloc) */
} jb_stream_options;

/** A stream of documents or array elements (opaque; see jb_stream_new). */
typedef struct jb_stream jb_stream;

/**
 * A read callback for jb_stream_new_source: store up to cap bytes in buf
 * and their count in *got, 0 at the end of input (it may block). Return 0,
 * or non-zero for an I/O error (the stream fails with JB_E_IO).
 */
typedef int (*jb_source_fn)(void *ctx, char *buf, size_t cap, size_t *got);

/** @{ */
/** Streams over each source, with opts (NULL = SINGLE framing, defaults).
 * NULL on bad options or out of memory (err says which). The buffer and
 * the FILE * stay the caller's; neither is closed or freed. */
JB_API jb_stream *jb_stream_new(const jb_stream_options *opts, jb_error *err); /* pushed */
JB_API jb_stream *jb_stream_new_buffer(const char *data, size_t len, const jb_stream_options *opts,
                                       jb_error *err);
JB_API jb_stream *jb_stream_new_file(FILE *f, const jb_stream_options *opts, jb_error *err);
/** A blocking read() loop on fd (POSIX; EINTR retried); fd is not closed. */
JB_API jb_stream *jb_stream_new_fd(int fd, const jb_stream_options *opts, jb_error *err);
JB_API jb_stream *jb_stream_new_source(jb_source_fn fn, void *ctx, const jb_stream_options *opts,
                                       jb_error *err);
/** @} */
/** Free the stream (NULL allowed); decoded values stay in their arenas. */
JB_API void jb_stream_free(jb_stream *s);

/** Pushed streams: hand over the next chunk (len may be 0), after a call
 * returned JB_NEED_INPUT or before the first; JB_E_ARG otherwise, or for
 * a stream with another source or one already finished. */
JB_API jb_status jb_stream_feed(jb_stream *s, const char *data, size_t len);
/** No chunk will follow: what is left is the end of the stream. */
JB_API jb_status jb_stream_finish(jb_stream *s);

/** The next document or element, typed into *out (type->size bytes;
 * zeroed unless JB_OK). */
JB_API jb_status jb_stream_next(jb_stream *s, const jb_type *type, void *out, jb_arena *arena,
                                jb_error *err);
/** The same as a jb_value tree (*out NULL unless JB_OK). */
JB_API jb_status jb_stream_next_value(jb_stream *s, jb_value **out, jb_arena *arena,
                                      jb_error *err);
/** @{ */
/**
 * The next document or element validated and dropped (skip), or written
 * to fn as it is read (print: opts as jb_value_print's, but
 * JB_PRINT_SORT_KEYS and JB_PRINT_CANONICAL, which need whole objects, are
 * JB_E_ARG). Memory: the longest token and the nesting, not the document,
 * whatever its size (a LINES or SEQ record is gathered first). Errors are
 * jb_value_parse's; print has then written the valid part before the
 * error. After JB_NEED_INPUT, call print again with the same sink.
 */
JB_API jb_status jb_stream_next_skip(jb_stream *s, jb_error *err);
JB_API jb_status jb_stream_next_print(jb_stream *s, jb_write_fn fn, void *ctx,
                                      const jb_write_options *opts, jb_error *err);
/** @} */

/** Documents or elements delivered or skipped so far (the next one's index). */
JB_API size_t jb_stream_index(const jb_stream *s);
/** Bad ones skipped under JB_STREAM_SKIP_BAD. */
JB_API size_t jb_stream_skipped(const jb_stream *s);
/** Stream offset just past the last document or element read. */
JB_API size_t jb_stream_offset(const jb_stream *s);

/** @{ */
/**
 * Whole documents from files: all of f (from its position), of fd, or of
 * the file at path is read (at most max_doc_size bytes, else JB_E_LIMIT;
 * a read error is JB_E_IO) and decoded as jb_decode / jb_value_parse.
 * The text is kept in the arena only when borrowed strings point into it
 * (JB_READ_BORROW_STRINGS). Nothing is closed but what path opened.
 */
JB_API jb_status jb_decode_file(const jb_type *type, FILE *f, void *out, jb_arena *arena,
                                const jb_read_options *opts, jb_error *err);
JB_API jb_status jb_decode_fd(const jb_type *type, int fd, void *out, jb_arena *arena,
                              const jb_read_options *opts, jb_error *err);
JB_API jb_status jb_decode_path(const jb_type *type, const char *path, void *out,
                                jb_arena *arena, const jb_read_options *opts, jb_error *err);
JB_API jb_status jb_value_parse_file(FILE *f, jb_value **out, jb_arena *arena,
                                     const jb_read_options *opts, jb_error *err);
JB_API jb_status jb_value_parse_path(const char *path, jb_value **out, jb_arena *arena,
                                     const jb_read_options *opts, jb_error *err);
/** @} */

/** @{ */
/**
 * Writing streams: one record in the framing (LINES, SEQ or CONCAT): the
 * JSON of the value, then "\n"; SEQ writes RS (0x1E) before it. LINES
 * refuses JB_WRITE_PRETTY (JB_E_ARG: a newline would end the record).
 * Sinks as jb_encode's; to a jb_buf, buf->len is restored on failure.
 */
JB_API jb_status jb_encode_record(const jb_type *type, const void *value, jb_framing framing,
                                  jb_buf *buf, const jb_write_options *opts, jb_error *err);
JB_API jb_status jb_encode_record_to(const jb_type *type, const void *value, jb_framing framing,
                                     jb_write_fn fn, void *ctx, const jb_write_options *opts,
                                     jb_error *err);
JB_API jb_status jb_value_print_record(const jb_value *v, jb_framing framing, jb_buf *buf,
                                       const jb_write_options *opts, jb_error *err);
JB_API jb_status jb_value_print_record_to(const jb_value *v, jb_framing framing, jb_write_fn fn,
                                          void *ctx, const jb_write_options *opts, jb_error *err);
/** @} */

/* ===================================================================== */
/* Code generation                                                        */
/* ===================================================================== */

/*
 * Specialized codecs written from the same descriptors (docs/codegen.md).
 * The descriptors stay the one description and the zero-cost default; for
 * the types a program marks hot, jb_codegen_write writes one C file with a
 * decoder and an encoder per type (straight-line fields, keys compared as
 * constant words, the library's kernels for strings and numbers). Linked
 * into the program, the file attaches itself to the descriptors (a
 * constructor where the compiler has one, else `PREFIX_attach()`), and
 * jb_decode / jb_encode of those types run it: call sites do not change.
 *
 * Same behaviour, by construction: generated code handles the common
 * cases; on anything else (an error of any kind, escaped keys, duplicate
 * keys, flags it does not specialize such as pretty printing, comments,
 * an arena with a cap, a sink other than a jb_buf) the call is rolled back
 * and the interpreter runs on the same input, so values, bytes, errors,
 * arena rollback and limits are the interpreter's. A generated file
 * attaches only to the exact library version and plans it was written
 * from (jbind_gen.h); otherwise the interpreter runs.
 */

/** A type to generate code for: its descriptor and, when it has external
 * linkage, its symbol (the generated file then refers to it and attaches
 * itself; with NULL the program passes the descriptor to
 * `PREFIX_attach_roots`). */
typedef struct jb_codegen_root {
    const jb_type *type;  /**< the root's descriptor */
    const char *symbol;   /**< its C name with external linkage, or NULL */
} jb_codegen_root;

/** How jb_codegen_write names and shapes the file it writes. */
typedef struct jb_codegen_options {
    const char *prefix;   /**< C identifier prefix of the file's public names; NULL = "jbgen" */
    uint32_t flags;       /**< reserved, 0 */
} jb_codegen_options;

/**
 * Write the C source of the specialized codecs for roots[0..n) and every
 * type they reach to fn/ctx. The text depends only on the descriptors'
 * plans, the options and the library version (stable: check it in or
 * write it in every build). JB_E_DESCRIPTOR for a bad descriptor, JB_E_IO
 * when fn fails.
 */
JB_API jb_status jb_codegen_write(const jb_codegen_root *roots, size_t n, jb_write_fn fn, void *ctx,
                                  const jb_codegen_options *opts, jb_error *err);

/**
 * The main of a generator program: `prog OUTPUT.c [PREFIX]` writes the
 * file for roots[0..n) (see docs/codegen.md for the five-line program).
 * Returns 0, or 1 with a message on stderr.
 */
JB_API int jb_codegen_main(int argc, char **argv, const jb_codegen_root *roots, size_t n);

/** Whether jb_decode / jb_encode of type run generated code (with flags
 * that do not send it to the interpreter). */
JB_API bool jb_codegen_active(const jb_type *type);

/* ===================================================================== */
/* Descriptor internals                                                  */
/* ===================================================================== */

/*
 * What the descriptor macros fill in. Build descriptors with the macros,
 * never by hand; these are here because the macros expand to them and the
 * plan compiler reads them.
 */

/** What a descriptor describes (jb_type.kind); set by the macros. */
typedef enum jb_kind {
    JB_KIND_INVALID = 0,
    JB_KIND_BOOL,
    JB_KIND_I8, JB_KIND_I16, JB_KIND_I32, JB_KIND_I64,
    JB_KIND_U8, JB_KIND_U16, JB_KIND_U32, JB_KIND_U64,
    JB_KIND_F32, JB_KIND_F64,
    JB_KIND_CSTR,     /**< char *, NUL-terminated */
    JB_KIND_STR,      /**< jb_str */
    JB_KIND_CHAR,     /**< uint32_t code point: a string of exactly one character */
    JB_KIND_ENUM,     /**< a C enum (any width): string naming the case */
    JB_KIND_RECORD,   /**< struct: object */
    JB_KIND_TUPLE,    /**< struct read positionally: array */
    JB_KIND_ARRAY,    /**< T x[N]: array of exactly N */
    JB_KIND_SUM,      /**< tagged union */
    JB_KIND_VEC,      /**< {T *items; size_t len;}: array */
    JB_KIND_MAP,      /**< {{K key; V value;} *items; size_t len;} */
    JB_KIND_PTR,      /**< T *: NULL is absent / null */
    JB_KIND_RAW,      /**< jb_str of verbatim JSON text */
    JB_KIND_NUMBER,   /**< jb_str holding a JSON number's text, validated */
    JB_KIND_CUSTOM,   /**< user callbacks */
    JB_KIND_ANY,      /**< jb_value *: any JSON value, as a DOM */
    JB_KIND_COUNT_
} jb_kind;

/** The C type a record member was declared with, found by _Generic in the
 * field macros so that the plan compiler can reject a descriptor that does
 * not match (a jb_i32 descriptor on an int64_t member, ...). */
typedef enum jb_ctype {
    JB_CT_UNKNOWN = 0, /**< a struct, union, enum or user pointer: size checked only */
    JB_CT_BOOL,
    JB_CT_I8, JB_CT_I16, JB_CT_I32, JB_CT_I64,
    JB_CT_U8, JB_CT_U16, JB_CT_U32, JB_CT_U64,
    JB_CT_F32, JB_CT_F64,
    JB_CT_CHARP,   /**< char * */
    JB_CT_STR,     /**< jb_str */
    JB_CT_CHAR     /**< plain char (signedness is the platform's) */
} jb_ctype;

/** Presence of a record field. */
enum {
    JB_PRESENCE_REQUIRED = 0, /**< missing key is an error (a JB_PTR_OF member: NULL/absent allowed) */
    JB_PRESENCE_FLAG = 1      /**< a bool member says whether the value is present */
};

/** The container macro JB_FIELD (or JB_CASE) looked through (jb_seen.shape). */
enum { JB_SHAPE_NONE = 0, JB_SHAPE_VEC, JB_SHAPE_MAP, JB_SHAPE_PTR, JB_SHAPE_ARRAY };

/** What the field macros saw of a container member, from the member
 * itself, for the plan compiler to compare with the descriptor. */
typedef struct jb_seen {
    uint8_t shape;          /**< JB_SHAPE_*: which container macro; NONE = nothing recorded */
    uint8_t elem_ctype;     /**< jb_ctype of the element, pointee or map value */
    uint8_t key_ctype;      /**< map: jb_ctype of the key */
    size_t elem_size;       /**< sizeof the element, pointee or map value */
    size_t key_size;        /**< map: sizeof the key */
    size_t entry_size;      /**< map: sizeof one {key, value} entry */
} jb_seen;

/** One record field or tuple element. */
typedef struct jb_field {
    const char *cname;      /**< the C member; NULL marks the end of a list */
    const char *name;       /**< explicit JSON name (JB_NAME: no rename policy), or NULL: cname */
    const jb_type *type;    /**< the member's descriptor */
    size_t offset;          /**< offsetof the member */
    size_t size;            /**< sizeof the member, checked against type */
    size_t flag_offset;     /**< JB_PRESENCE_FLAG: offset of the bool */
    uint8_t presence;       /**< JB_PRESENCE_* */
    uint8_t ctype;          /**< jb_ctype of the member */
    uint8_t flag_ctype;     /**< jb_ctype of the presence flag member */
    uint32_t flags;         /**< JB_FIELD_* */
    const char *const *aliases; /**< extra names accepted on decode (NULL-terminated), or NULL */
    const char *default_json;   /**< JSON text decoded into the member when its key is missing */
    jb_seen seen;           /**< the member seen through a container macro */
} jb_field;

/** One enum case: the C value and its JSON name. */
typedef struct jb_enum_case {
    const char *name;       /**< NULL marks the end of the list */
    const char *cname;      /**< the C enumerator, for messages */
    int64_t value;          /**< its value */
    const char *const *aliases; /**< extra names accepted on decode (NULL-terminated), or NULL */
} jb_enum_case;

/** One sum (tagged union) case. type NULL = nullary case. */
typedef struct jb_case {
    const char *name;       /**< JSON name; NULL marks the end of the list */
    const char *cname;      /**< the C tag enumerator, for messages */
    const jb_type *type;    /**< payload descriptor, NULL for a nullary case */
    const char *const *aliases; /**< extra names accepted on decode (NULL-terminated), or NULL */
    int64_t tag;            /**< value of the tag member for this case */
    size_t offset;          /**< offset of the payload member */
    size_t size;            /**< sizeof the payload member */
    uint8_t ctype;          /**< jb_ctype of the payload member */
    jb_seen seen;           /**< the payload member seen through a container macro */
} jb_case;

/** Opaque per-descriptor cache slot where the plan is published. */
typedef struct jb_cache {
    void *volatile plan;    /**< NULL until the plan is compiled */
    void *volatile gen;     /**< a generated codec attached to the type (jbind_gen.h), or NULL */
} jb_cache;

/**
 * A type descriptor. Build it with the JB_* macros, never by hand: the
 * fields are an implementation detail the macros fill in.
 */
struct jb_type {
    jb_kind kind;               /**< what it describes */
    const char *name;           /**< the C type name, for messages */
    size_t size;                /**< sizeof the C type */
    size_t align;               /**< _Alignof the C type (0 = unknown) */
    const jb_field *fields;     /**< record fields / tuple elements */
    const jb_enum_case *cases;  /**< enum cases */
    const jb_case *sum_cases;   /**< sum cases */
    const jb_type *elem;        /**< vec/array/ptr element, map value */
    const jb_type *key;         /**< map key */
    size_t count;               /**< fixed array length */
    size_t elem_size;           /**< _T macros: sizeof the element C type (0 = unchecked) */
    size_t key_size;            /**< JB_MAP_OF_T: sizeof the key C type (0 = unchecked) */
    size_t entry_size;          /**< map: sizeof one {key, value} entry */
    size_t value_offset;        /**< map: offsetof value in an entry */
    size_t tag_offset;          /**< sum: offset of the tag member */
    size_t tag_size;            /**< sum: sizeof the tag member */
    jb_sum_style sum_style;     /**< sum: its encoding (0 = from format) */
    const char *tag_name;       /**< sum internal/adjacent: tag key (NULL = "tag") */
    const char *content_name;   /**< sum adjacent: content key (NULL = "contents") */
    const jb_custom *custom;    /**< custom: the codec */
    uint32_t flags;             /**< JB_TYPE_* */
    jb_cache *cache;            /**< plan slot (records, tuples, enums, sums) */
    /** representation options (0 = from format, else the default) */
    const jb_format *format;    /**< a preset or user format; NULL = jbind's defaults */
    jb_rename rename;           /**< fields (records) or cases (enums, sums) */
    jb_key_mode key_mode;       /**< maps */
    jb_float_style float_style; /**< doubles inside this type */
    uint32_t fmt_flags;         /**< JB_FMT_* added to the format's */
};

#ifndef __cplusplus
/** The C type of an expression, as a jb_ctype (see jb_ctype). */
#define JB_CTYPE_OF(e) _Generic((e), \
    bool: JB_CT_BOOL, char: JB_CT_CHAR, \
    signed char: JB_CT_I8, short: JB_CT_I16, int: JB_CT_I32, \
    long: (sizeof(long) == 8 ? JB_CT_I64 : JB_CT_I32), \
    long long: JB_CT_I64, \
    unsigned char: JB_CT_U8, unsigned short: JB_CT_U16, unsigned int: JB_CT_U32, \
    unsigned long: (sizeof(long) == 8 ? JB_CT_U64 : JB_CT_U32), \
    unsigned long long: JB_CT_U64, \
    float: JB_CT_F32, double: JB_CT_F64, \
    char *: JB_CT_CHARP, const char *: JB_CT_CHARP, \
    jb_str: JB_CT_STR, \
    default: JB_CT_UNKNOWN)

#define JB_MEMBER_(T, m) (((T *)0)->m)
#define JB_CACHE_ (&(jb_cache){0})

/*
 * The macro machinery (names with two underscores are not API). Standard
 * C11 preprocessing, no cap on the length of any list:
 *   - JB__FIRST_, JB__REST_: split a short list (REST_ is empty, or ends
 *     with a comma that an initializer list accepts); the field macros
 *     instead append an empty argument, so the descriptor passes through as
 *     few macros as can be (each one rescans its tokens);
 *   - JB__IS_PAREN_(x): 1 when x starts with a parenthesized group;
 *   - a container macro expands to `(jb__vec_mark)(&(const jb_type){...})`:
 *     two groups, the first a cast to a pointer typedef that is also the
 *     name of a function-like macro. JB__MARK_ strips the first group's
 *     parentheses, so the name meets the second group and expands to
 *     "~, VEC"; anything else (`&jb_i32`, `(&x)`) is NONE. JB__DESC_ then
 *     records what the member really is (sizeof(*m.items), its _Generic C
 *     type, ...) beside the descriptor, for the plan compiler to compare;
 *   - the definers call the user's X-macro list with a step macro per
 *     pass; a step pastes JB__TK_ onto the member type's first token, so a
 *     wrapper (JB_VEC, JB_MAP, JB_ARRAY, JB_MAYBE) is recognized before it
 *     expands. The struct is found through a typedef named from __LINE__.
 * JB__MANY_ counts a definer entry's items (at most 15 in one entry).
 */
typedef const jb_type *jb__vec_mark, *jb__map_mark, *jb__ptr_mark, *jb__array_mark, *jb__auto_mark;
#define jb__vec_mark(...) ~, VEC
#define jb__map_mark(...) ~, MAP
#define jb__ptr_mark(...) ~, PTR
#define jb__array_mark(...) ~, ARRAY
#define jb__auto_mark(...) ~, AUTO

#define JB__CAT_(a, b) a##b
#define JB__CAT(a, b) JB__CAT_(a, b)
#define JB__ID(...) __VA_ARGS__
#define JB__EAT(...)
#define JB__APPLY(f, ...) f(__VA_ARGS__)
#define JB__FIRST_(...) JB__FIRST__(__VA_ARGS__, ~)
#define JB__FIRST__(a, ...) a
#define JB__SECOND(...) JB__SECOND_(__VA_ARGS__)
#define JB__SECOND_(a, b, ...) b
#define JB__REST_(...) JB__REST__(__VA_ARGS__, )
#define JB__REST__(a, ...) __VA_ARGS__
#define JB__IS_PAREN_(x) JB__SECOND(JB__PAREN_PROBE_ x, 0, ~)
#define JB__PAREN_PROBE_(...) ~, 1
#define JB__MANY_(...) JB__ARG16_(__VA_ARGS__, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, ~)
#define JB__ARG16_(a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, n, ...) n

/* A type macro's first argument: T, or (T, type options...). Only this
 * argument is looked at, never the item list (a pass over a 200-field
 * list would cost more than compiling it). */
#define JB__HEAD_(T) JB__CAT(JB__HEAD_, JB__IS_PAREN_(T))(T)
#define JB__HEAD_0(T) .name = #T, .size = sizeof(T), .align = _Alignof(T)
#define JB__HEAD_1(T) JB__HEAD__ T
#define JB__HEAD__(T, ...) .name = #T, .size = sizeof(T), .align = _Alignof(T), __VA_ARGS__
#define JB__TNAME_(T) JB__CAT(JB__TNAME_, JB__IS_PAREN_(T))(T)
#define JB__TNAME_0(T) T
#define JB__TNAME_1(T) JB__FIRST_ T

/* a member and its descriptor (the descriptor passes through as few
 * macros as can be: each one rescans its tokens) */
#define JB__FIELD_(T, m, desc, ...) {JB__MEMBER_(T, m), JB__DESC_(T, m, desc), __VA_ARGS__}
#define JB__OPTIONAL_(T, m, flag, desc, ...) \
    {JB__MEMBER_(T, m), JB__FLAG_(T, flag), JB__DESC_(T, m, desc), __VA_ARGS__}
#define JB__CASE_(T, tag_, json, m, desc, ...) \
    {.name = (json), .cname = #tag_, .tag = (int64_t)(tag_), .offset = offsetof(T, m), \
     .size = sizeof(JB_MEMBER_(T, m)), .ctype = JB_CTYPE_OF(JB_MEMBER_(T, m)), \
     JB__DESC_(T, m, desc), __VA_ARGS__}
#define JB__MEMBER_(T, m) \
    .cname = #m, .offset = offsetof(T, m), .size = sizeof(JB_MEMBER_(T, m)), \
    .ctype = JB_CTYPE_OF(JB_MEMBER_(T, m))
#define JB__FLAG_(T, flag) \
    .presence = JB_PRESENCE_FLAG, .flag_offset = offsetof(T, flag), \
    .flag_ctype = JB_CTYPE_OF(JB_MEMBER_(T, flag))
#define JB__MARK_(desc) JB__CAT(JB__MARK_, JB__IS_PAREN_(JB__EAT desc))(desc)
#define JB__MARK_0(desc) NONE
#define JB__MARK_1(desc) JB__SECOND(JB__ID desc, NONE, ~)
#define JB__DESC_(T, m, desc) JB__CAT(JB__DESC_, JB__MARK_(desc))(T, m, desc)
#define JB__DESC_NONE(T, m, desc) .type = (desc)
#define JB__DESC_AUTO(T, m, desc) .type = JB__AUTO_OF_(JB_MEMBER_(T, m))
#define JB__DESC_VEC(T, m, desc) .type = desc, .seen = { \
    .shape = JB_SHAPE_VEC, .elem_size = sizeof(*JB_MEMBER_(T, m).items), \
    .elem_ctype = JB_CTYPE_OF(*JB_MEMBER_(T, m).items)}
#define JB__DESC_MAP(T, m, desc) .type = desc, .seen = { \
    .shape = JB_SHAPE_MAP, .elem_size = sizeof(JB_MEMBER_(T, m).items->value), \
    .elem_ctype = JB_CTYPE_OF(JB_MEMBER_(T, m).items->value), \
    .key_size = sizeof(JB_MEMBER_(T, m).items->key), \
    .key_ctype = JB_CTYPE_OF(JB_MEMBER_(T, m).items->key), \
    .entry_size = sizeof(*JB_MEMBER_(T, m).items)}
#define JB__DESC_PTR(T, m, desc) .type = desc, .seen = { \
    .shape = JB_SHAPE_PTR, .elem_size = sizeof(*JB_MEMBER_(T, m)), \
    .elem_ctype = JB_CTYPE_OF(*JB_MEMBER_(T, m))}
#define JB__DESC_ARRAY(T, m, desc) .type = desc, .seen = { \
    .shape = JB_SHAPE_ARRAY, .elem_size = sizeof(JB_MEMBER_(T, m)[0]), \
    .elem_ctype = JB_CTYPE_OF(JB_MEMBER_(T, m)[0])}

/* JB_AUTO: the descriptor of a scalar or string by its C type */
#if LONG_MAX > 0x7fffffffL
#define JB__LONG_ &jb_i64
#define JB__ULONG_ &jb_u64
#else
#define JB__LONG_ &jb_i32
#define JB__ULONG_ &jb_u32
#endif
#define JB__AUTO_OF_(e) _Generic((e), \
    bool: &jb_bool, signed char: &jb_i8, short: &jb_i16, int: &jb_i32, long: JB__LONG_, \
    long long: &jb_i64, unsigned char: &jb_u8, unsigned short: &jb_u16, unsigned int: &jb_u32, \
    unsigned long: JB__ULONG_, unsigned long long: &jb_u64, float: &jb_f32, double: &jb_f64, \
    char *: &jb_cstr, const char *: &jb_cstr, jb_str: &jb_string, jb_value *: &jb_any)
#define JB__AUTO_T_(T) JB__AUTO_OF_(*(T *)0)

/* ---- the definers ---- */
#define JB__SELF_ JB__CAT(jb__self_, __LINE__)
/* a member type: (KIND, inner...) for the wrappers, else the pasted
 * identifier (PLAIN) */
#define JB__TK_JB_VEC(...) (VEC, __VA_ARGS__)
#define JB__TK_JB_MAP(...) (MAP, __VA_ARGS__)
#define JB__TK_JB_ARRAY(...) (ARRAY, __VA_ARGS__)
#define JB__TK_JB_MAYBE(...) (MAYBE, JB__TK_##__VA_ARGS__, __VA_ARGS__)
/* the probe of a member type: (KIND, inner...) for a wrapper, else the
 * pasted identifier (PLAIN) */
#define JB__TKIND_(p) JB__CAT(JB__TKIND_, JB__IS_PAREN_(p))(p)
#define JB__TKIND_0(p) PLAIN
#define JB__TKIND_1(p) JB__FIRST_ p
#define JB__TINNER_(p) JB__REST__ p

/* records and tuples, pass 1: the member declarations. A step first
 * takes the probe and the member type out of the entry, so that what
 * follows passes only those (and never the descriptor) along. */
#define JB__RD_(m, ...) JB__RD__(m, JB__FIRST_(JB__TK_##__VA_ARGS__), JB__FIRST_(__VA_ARGS__))
#define JB__RD__(m, p, type) JB__CAT(JB__RD_, JB__TKIND_(p))(m, p, type)
#define JB__RD_PLAIN(m, p, type) type m;
#define JB__RD_VEC JB__RD_PLAIN
#define JB__RD_MAP JB__RD_PLAIN
#define JB__RD_ARRAY(m, p, type) JB__APPLY(JB__RD_ARRAY_, m, JB__TINNER_(p))
#define JB__RD_ARRAY_(m, E, N) E m[N];
#define JB__RD_MAYBE(m, p, type) bool has_##m; JB__APPLY(JB__RD_MAYBE_, m, JB__TINNER_(p))
#define JB__RD_MAYBE_(m, ip, X) X m;
/* pass 2: the fields: the descriptor given (and options), or the one the
 * member type implies */
#define JB__RF_(m, ...) \
    JB__RF__(m, JB__FIRST_(JB__TK_##__VA_ARGS__), JB__MANY_(__VA_ARGS__), (__VA_ARGS__))
#define JB__RF__(m, p, many, args) JB__CAT(JB__RF_, JB__CAT(JB__TKIND_(p), many))(m, p, args),
#define JB__RF_PLAIN1(m, p, args) JB_FIELD(JB__SELF_, m, JB__REST__ args)
#define JB__RF_VEC1 JB__RF_PLAIN1
#define JB__RF_MAP1 JB__RF_PLAIN1
#define JB__RF_ARRAY1 JB__RF_PLAIN1
#define JB__RF_MAYBE1(m, p, args) JB_OPTIONAL(JB__SELF_, m, has_##m, JB__REST__ args)
#define JB__RF_PLAIN0(m, p, args) JB_FIELD(JB__SELF_, m, JB_AUTO)
#define JB__RF_VEC0(m, p, args) JB_FIELD(JB__SELF_, m, JB__AUTO_VEC_(p))
#define JB__RF_MAP0(m, p, args) JB_FIELD(JB__SELF_, m, JB__AUTO_MAP_(p))
#define JB__RF_ARRAY0(m, p, args) JB_FIELD(JB__SELF_, m, JB__AUTO_ARRAY_(p))
#define JB__RF_MAYBE0(m, p, args) \
    JB_OPTIONAL(JB__SELF_, m, has_##m, JB__APPLY(JB__AUTO_INNER_, JB__TINNER_(p)))
#define JB__AUTO_INNER_(ip, X) JB__CAT(JB__AUTO_, JB__TKIND_(ip))(ip)
#define JB__AUTO_PLAIN(p) JB_AUTO
#define JB__AUTO_VEC JB__AUTO_VEC_
#define JB__AUTO_MAP JB__AUTO_MAP_
#define JB__AUTO_ARRAY JB__AUTO_ARRAY_
#define JB__AUTO_VEC_(p) JB_VEC_OF(JB__AUTO_T_(JB__TINNER_(p)))
#define JB__AUTO_MAP_(p) JB__APPLY(JB__AUTO_MAP__, JB__TINNER_(p))
#define JB__AUTO_MAP__(K, V) JB_MAP_OF(JB__AUTO_T_(K), JB__AUTO_T_(V))
#define JB__AUTO_ARRAY_(p) JB__APPLY(JB__AUTO_ARRAY__, JB__TINNER_(p))
#define JB__AUTO_ARRAY__(E, N) JB_ARRAY_OF(E, N, JB__AUTO_T_(E))
#define JB__RECORD_DEFINE_(k, T, list, ...) \
    static const jb_type T##_type; \
    typedef struct T T; \
    typedef struct T JB__SELF_; \
    struct T { list(JB__RD_) }; \
    static const jb_type T##_type = { \
        .kind = k, .name = #T, .size = sizeof(T), .align = _Alignof(T), .cache = JB_CACHE_, \
        __VA_ARGS__ .fields = (const jb_field[]){list(JB__RF_) {.cname = 0}} }

/* enums: the enumerators, then the cases */
#define JB__ED_(C, ...) JB__CAT(JB__ED_, JB__MANY_(__VA_ARGS__))(C, __VA_ARGS__)
#define JB__ED_0(C, json) C,
#define JB__ED_1(C, ...) C = JB__SECOND(__VA_ARGS__, ~),
#define JB__EC_(C, ...) JB__CAT(JB__EC_, JB__MANY_(__VA_ARGS__))(C, __VA_ARGS__),
#define JB__EC_0(C, json) JB_ENUM_CASE(C, json)
#define JB__EC_1(C, json, ...) JB_ENUM_CASE(C, json, JB__REST_(__VA_ARGS__))
#define JB__ENUM_DEFINE_(T, list, ...) \
    typedef enum T { list(JB__ED_) } T; \
    static const jb_type T##_type = { \
        .kind = JB_KIND_ENUM, .name = #T, .size = sizeof(T), .align = _Alignof(T), \
        .cache = JB_CACHE_, __VA_ARGS__ .cases = (const jb_enum_case[]){list(JB__EC_) {.name = 0}} }

/* sums: the tag enumerators, the payload members, the cases */
#define JB__ST_(TAG, ...) TAG,
#define JB__SU_(TAG, ...) JB__CAT(JB__SU_, JB__MANY_(__VA_ARGS__))(__VA_ARGS__)
#define JB__SU_0(json)
#define JB__SU_1(json, type, ...) type JB__FIRST_(__VA_ARGS__);
#define JB__SC_(TAG, ...) JB__CAT(JB__SC_, JB__MANY_(__VA_ARGS__))(TAG, __VA_ARGS__),
#define JB__SC_0(TAG, json) JB_NULLARY(TAG, json)
#define JB__SC_1(TAG, json, type, ...) JB__CAT(JB__SC_P, JB__MANY_(__VA_ARGS__))(TAG, json, __VA_ARGS__)
#define JB__SC_P0(TAG, json, m) JB_CASE(JB__SELF_, TAG, json, m, JB_AUTO)
#define JB__SC_P1(TAG, json, m, ...) JB_CASE(JB__SELF_, TAG, json, m, __VA_ARGS__)
#define JB__SUM_DEFINE_(T, list, ...) \
    static const jb_type T##_type; \
    typedef struct T T; \
    typedef struct T JB__SELF_; \
    typedef enum T##_tag { list(JB__ST_) } T##_tag; \
    struct T { T##_tag tag; union { char jb__none_; list(JB__SU_) }; }; \
    static const jb_type T##_type = { \
        .kind = JB_KIND_SUM, .name = #T, .size = sizeof(T), .align = _Alignof(T), \
        .tag_offset = offsetof(T, tag), .tag_size = sizeof(T##_tag), .cache = JB_CACHE_, \
        __VA_ARGS__ .sum_cases = (const jb_case[]){list(JB__SC_) {.name = 0}} }
#endif /* !__cplusplus */

#ifdef __cplusplus
}
#endif

#endif /* JBIND_H */
