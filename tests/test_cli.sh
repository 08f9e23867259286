#!/bin/sh
# SPDX-License-Identifier: MIT
# test_cli.sh JBIND SOURCE_DIR
# Drives the jbind command-line tool; every expected output is written by
# hand below. Prints "N passed, M failed" and exits non-zero on a failure.
set -u
jbind=$1
src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/jbind-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*" >&2; }

# run STDIN_TEXT ARGS...: runs jbind, stdout to $tmp/out, stderr to $tmp/err, status in $rc
run() {
    input=$1
    shift
    printf '%s' "$input" | "$jbind" "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
# check_out NAME STATUS EXPECTED_STDOUT (exact, a trailing newline added)
check_out() {
    printf '%s\n' "$3" >"$tmp/want"
    if [ "$rc" -ne "$2" ]; then
        bad "$1: status $rc, want $2 (stderr: $(cat "$tmp/err"))"
    elif ! cmp -s "$tmp/out" "$tmp/want"; then
        bad "$1: stdout differs"
        diff "$tmp/want" "$tmp/out" >&2
    else
        ok
    fi
}
# check_silent NAME STATUS (nothing on stdout or stderr)
check_silent() {
    if [ "$rc" -ne "$2" ] || [ -s "$tmp/out" ] || [ -s "$tmp/err" ]; then
        bad "$1: status $rc, output: $(cat "$tmp/out" "$tmp/err")"
    else
        ok
    fi
}
# check_err NAME STATUS SUBSTRING (stdout empty, stderr contains SUBSTRING)
check_err() {
    if [ "$rc" -ne "$2" ]; then
        bad "$1: status $rc, want $2"
    elif [ -s "$tmp/out" ]; then
        bad "$1: unexpected stdout: $(cat "$tmp/out")"
    elif ! grep -qF -- "$3" "$tmp/err"; then
        bad "$1: stderr lacks [$3]: $(cat "$tmp/err")"
    else
        ok
    fi
}

doc='{"b":[1,2.50,{"c":null}],"a":"\u00e9\ud83d\ude00","big":123456789012345678901234567890}'

# --- help, version, usage -------------------------------------------------
run '' --help
if [ "$rc" -eq 0 ] && grep -q 'jbind fmt' "$tmp/out" && grep -q 'jbind check .*FILE' "$tmp/out" &&
    grep -q 'jbind get' "$tmp/out" && grep -q -- '--sort-keys' "$tmp/out"; then ok; else bad "--help"; fi
run '' --version
# (the header's version: a release bump does not edit this test)
check_out version 0 "jbind $(sed -n 's/^#define JB_VERSION_STRING "\(.*\)"$/\1/p' "$src/include/jbind.h")"
run ''
check_err no-command 2 'usage: jbind fmt'
run '' frobnicate
check_err unknown-command 2 "unknown command 'frobnicate'"
run '[]' fmt --bogus
check_err unknown-option 2 "unknown option '--bogus'"
run '[]' fmt --compact --indent 2
check_err compact-and-indent 2 'exclude each other'
run '[]' fmt --indent 0
check_err bad-indent 2 '--indent needs a number'
run '[]' fmt a b
check_err two-files 2 'at most one FILE'

# --- fmt ------------------------------------------------------------------
run "$doc" fmt
check_out fmt-default 0 '{
  "b": [
    1,
    2.5,
    {
      "c": null
    }
  ],
  "a": "é😀",
  "big": 123456789012345678901234567890
}'
run "$doc" fmt --compact
check_out fmt-compact 0 '{"b":[1,2.5,{"c":null}],"a":"é😀","big":123456789012345678901234567890}'
run "$doc" fmt --compact --sort-keys --ascii
check_out fmt-sorted-ascii 0 '{"a":"\u00e9\ud83d\ude00","b":[1,2.5,{"c":null}],"big":123456789012345678901234567890}'
run '{"z": [1], "y": {}}' fmt --indent 4 --sort-keys
check_out fmt-indent4 0 '{
    "y": {},
    "z": [
        1
    ]
}'
run '{"b": 1E30, "a": [4.50, 2e-3, -0], "\u20ac": 1, "\ud83d\ude00": 2, "\ufb33": 3}' fmt --canonical
# U+FB33 written as bytes: it must not be normalised to U+05D3 U+05BC here
check_out fmt-canonical 0 "{\"a\":[4.5,0.002,0],\"b\":1e+30,\"€\":1,\"😀\":2,\"$(printf '\357\254\263')\":3}"
run '{"a":1,"a":2}' fmt --canonical
check_err fmt-canonical-dup 2 'duplicate key "a"'
run '  "just a string"  ' fmt
check_out fmt-scalar 0 '"just a string"'
run '{"a":1,"a":2}' fmt --compact
check_out fmt-duplicates-kept 0 '{"a":1,"a":2}'
printf '[1,\n 2,\n x]' >"$tmp/bad.json"
"$jbind" fmt --brief "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_err fmt-invalid-file 1 "$tmp/bad.json:3:2: expected value, found 'x' (at \$[2])"
"$jbind" fmt "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
printf '%s\n' "$tmp/bad.json:3:2: expected value, found 'x'" ' 3 |  x]' '   |  ^' '   = at $[2] (JB_E_SYNTAX)' >"$tmp/want"
if [ "$rc" -eq 1 ] && [ ! -s "$tmp/out" ] && cmp -s "$tmp/err" "$tmp/want"; then ok; else
    bad "fmt-invalid-rendered ($rc)"; diff "$tmp/want" "$tmp/err" >&2; fi
run '[1,2' fmt
check_err fmt-invalid-stdin 1 '<stdin>:1:5: expected'
run '' fmt
check_err fmt-empty 1 '<stdin>:1:1: expected value, found end of input'
"$jbind" fmt "$tmp/missing.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_err fmt-missing-file 2 "jbind: $tmp/missing.json: "

# --- check ----------------------------------------------------------------
printf '{"ok": true}\n' >"$tmp/good.json"
printf '{\n  "a": 1,\n  "b" 2\n}\n' >"$tmp/bad2.json"
printf '["\\ud800"]' >"$tmp/bad3.json"
"$jbind" check "$tmp/good.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_silent check-good 0
"$jbind" check "$tmp/good.json" "$tmp/bad2.json" "$tmp/bad3.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-bad 1 "$tmp/bad2.json:3:7: expected ':' after key, found number
 3 |   \"b\" 2
   |       ^
   = at \$ (JB_E_SYNTAX)
$tmp/bad3.json:1:3: lone surrogate '\\uD800' (a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape)
 1 | [\"\\ud800\"]
   |   ^~~~~~
   = at \$[0] (JB_E_UTF8)"
"$jbind" check --brief "$tmp/good.json" "$tmp/bad2.json" "$tmp/bad3.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-bad-brief 1 "$tmp/bad2.json:3:7: expected ':' after key, found number
$tmp/bad3.json:1:3: lone surrogate '\\uD800' (a \\uD800-\\uDBFF escape must be followed by a \\uDC00-\\uDFFF escape) (at \$[0])"
esc=$(printf '\033')
"$jbind" check --color=always "$tmp/bad2.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-color 1 "${esc}[1m$tmp/bad2.json:3:7: expected ':' after key, found number${esc}[0m
${esc}[1;34m 3 | ${esc}[0m  \"b\" 2
${esc}[1;34m   |${esc}[0m       ${esc}[1;31m^${esc}[0m
${esc}[1;34m   =${esc}[0m at \$ (JB_E_SYNTAX)"
NO_COLOR=1 "$jbind" check --color=auto "$tmp/bad2.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-no-color 1 "$tmp/bad2.json:3:7: expected ':' after key, found number
 3 |   \"b\" 2
   |       ^
   = at \$ (JB_E_SYNTAX)"
# stdin cannot be read back: no source line
run '[1,' check -
check_out check-stdin-bad 1 "<stdin>:1:4: expected value, found end of input
   = at \$ (JB_E_SYNTAX)"
run '[1,' check --color=sometimes -
check_err check-color-bad 2 "--color takes auto, always or never, not 'sometimes'"
printf '[1]' | "$jbind" check - >"$tmp/out" 2>"$tmp/err"
rc=$?
check_silent check-stdin 0
run '' check
check_err check-no-file 2 'check needs at least one FILE'
"$jbind" check "$tmp/good.json" "$tmp/nope.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 2 ] && grep -qF "$tmp/nope.json" "$tmp/err"; then ok; else bad "check-unreadable: $rc"; fi

# --- check --type: every error of one decode, each rendered ----------------
# five mistakes against examples/schema's person (userId u32, fullName,
# optional email, level i16, badge an internally tagged sum); the columns
# were counted by hand: 7 at 2:15, "emial" at 3:3, 40000 at 4:12, "Rectt"
# at 5:21, the closing brace (userId missing) at 6:1
printf '{\n  "fullName": 7,\n  "emial": "a@b.c",\n  "level": 40000,\n  "badge": {"type": "Rectt", "w": 1}\n}\n' >"$tmp/person5.json"
"$jbind" check --type person --deny-unknown "$tmp/person5.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-type-five 1 "$tmp/person5.json:2:15: expected a string, found number 7
 2 |   \"fullName\": 7,
   |               ^
   = at \$.fullName (JB_E_TYPE)
$tmp/person5.json:3:3: unknown field \"emial\" in person; did you mean \"email\"?
 3 |   \"emial\": \"a@b.c\",
   |   ^~~~~~~
   = at \$ (JB_E_UNKNOWN)
$tmp/person5.json:4:12: expected an integer between -32768 and 32767, found 40000
 4 |   \"level\": 40000,
   |            ^~~~~
   = at \$.level (JB_E_RANGE)
$tmp/person5.json:5:21: expected one of \"Circle\", \"Rect\", \"Empty\", found \"Rectt\"; did you mean \"Rect\"?
 5 |   \"badge\": {\"type\": \"Rectt\", \"w\": 1}
   |                     ^~~~~~~
   = at \$.badge (JB_E_UNKNOWN)
$tmp/person5.json:6:1: missing required field \"userId\" of person
 6 | }
   | ^
   = at \$.userId (JB_E_MISSING)"
# without --deny-unknown the misspelt field is skipped: four errors
"$jbind" check --type person --brief "$tmp/person5.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-type-brief 1 "$tmp/person5.json:2:15: expected a string, found number 7 (at \$.fullName)
$tmp/person5.json:4:12: expected an integer between -32768 and 32767, found 40000 (at \$.level)
$tmp/person5.json:5:21: expected one of \"Circle\", \"Rect\", \"Empty\", found \"Rectt\"; did you mean \"Rect\"? (at \$.badge)
$tmp/person5.json:6:1: missing required field \"userId\" of person (at \$.userId)"
"$jbind" check --type person --deny-unknown --max-errors 2 --brief "$tmp/person5.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-type-max 1 "$tmp/person5.json:2:15: expected a string, found number 7 (at \$.fullName)
$tmp/person5.json:3:3: unknown field \"emial\" in person; did you mean \"email\"?
$tmp/person5.json: stopped after 2 errors (--max-errors)"
# a syntax error ends the document: it is the last error
run '{"userId": "x", "fullName": "a" "badge": 1}' check --type person --brief -
check_out check-type-syntax 1 '<stdin>:1:12: expected an integer, found string "x" (at $.userId)
<stdin>:1:33: expected '"','"' or '"'}'"', found string'
run '{"userId": 1, "fullName": "Ann", "badge": {"type": "Circle", "contents": 2}}' check --type person -
check_silent check-type-good 0
run '{}' check --type nobody -
check_err check-type-unknown 2 "check: no type 'nobody'"
run '{}' check --max-errors 3 -
check_err check-max-without-type 2 '--max-errors and --deny-unknown need --type'
run '{}' check --type person --max-errors 0 -
check_err check-max-zero 2 '--max-errors needs a number from 1 to 100000'
run '{}' check --type person --lines -
check_err check-type-lines 2 '--type checks one document per file'

# --- get ------------------------------------------------------------------
run "$doc" get /b/1
check_out get-number 0 '2.5'
run "$doc" get /b/2
check_out get-object 0 '{
  "c": null
}'
run "$doc" get --compact /b
check_out get-compact 0 '[1,2.5,{"c":null}]'
run "$doc" get /a
check_out get-string 0 '"é😀"'
run '{"a/b": {"m~n": 7}}' get '/a~1b/m~0n'
check_out get-escaped 0 '7'
run '[true]' get ''
check_out get-whole 0 '[
  true
]'
run "$doc" get /b/9
check_err get-missing 1 "no value at '/b/9'"
run "$doc" get /zzz
check_err get-missing-key 1 "no value at '/zzz'"
run "$doc" get b
check_err get-bad-pointer 2 "'b' is not a JSON Pointer"
run "$doc" get /b/01
check_err get-bad-index 2 "is not a JSON Pointer"
printf '%s' "$doc" >"$tmp/doc.json"
"$jbind" get /big "$tmp/doc.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out get-file 0 '123456789012345678901234567890'
run '' get
check_err get-no-pointer 2 'get takes a POINTER'

# --- size and depth -------------------------------------------------------
# A few megabytes through a pipe: compact in, compact out, byte for byte.
awk 'BEGIN { printf "["; for (i = 0; i < 300000; i++) printf "%s{\"id\":%d,\"v\":\"x%d\"}", (i ? "," : ""), i, i; printf "]" }' >"$tmp/big.json"
"$jbind" fmt --compact <"$tmp/big.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
printf '\n' >>"$tmp/big.json"
if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/big.json"; then ok; else bad "big document round trip ($rc)"; fi
"$jbind" get /299999/v <"$tmp/big.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out big-get 0 '"x299999"'
awk 'BEGIN { for (i = 0; i < 2000; i++) printf "["; for (i = 0; i < 2000; i++) printf "]" }' >"$tmp/deep.json"
"$jbind" check --brief "$tmp/deep.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" -eq 1 ] && grep -qF "$tmp/deep.json:1:513: nesting deeper than 512 levels (max_depth) (at \$...[0][0]" "$tmp/out"; then
    ok
else
    bad "deep at the default limit ($rc): $(cut -c1-200 "$tmp/out")"
fi
"$jbind" fmt --compact --max-depth 3000 "$tmp/deep.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
printf '\n' >>"$tmp/deep.json"
if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/deep.json"; then ok; else bad "deep with --max-depth ($rc)"; fi

# --- several documents: --lines, --seq, --concat ---------------------------
nd='{"a":1}
{"a":[2,3]}

{"b":null}'
run "$nd" fmt --lines --compact
check_out fmt-lines 0 '{"a":1}
{"a":[2,3]}
{"b":null}'
run "$(printf '{"a":1}\r\n\r\n{"a":2}')" fmt --lines --compact
check_out fmt-lines-crlf 0 '{"a":1}
{"a":2}'
run '1 2.50 [3]{"x":"y"}' fmt --concat --compact
check_out fmt-concat 0 '1
2.5
[3]
{"x":"y"}'
run "$(printf '\036{"a":1}\n\036[2]\n')" fmt --seq --compact
check_out fmt-seq 0 '{"a":1}
[2]'
run '{"a":1}
{"a":2} x
{"a":3}' fmt --lines --compact
if [ "$rc" -eq 1 ] && [ "$(cat "$tmp/out")" = '{"a":1}' ] &&
    grep -qF '<stdin>:2:9: record 2: expected a newline after the JSON text (one text per line), found' "$tmp/err"; then
    ok
else
    bad "fmt --lines stops at a bad record ($rc): $(cat "$tmp/out" "$tmp/err")"
fi
run '{"a":1} {"b":2}' fmt
check_err fmt-two-documents 1 '<stdin>:1:9: expected end of input, found object'
run '{"a":1}' fmt --lines --seq
check_err fmt-two-framings 2 'exclude each other'
printf '{"a":1}\n[1,\n{"a":2}\n{"a":"\\x"}\n{"a":3}\n' >"$tmp/log.ndjson"
"$jbind" check --brief --lines "$tmp/log.ndjson" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-lines 1 "$tmp/log.ndjson:2:4: record 2: expected value, found end of input
$tmp/log.ndjson:4:7: record 4: invalid escape '\\x' (at \$.a)"
"$jbind" check --lines "$tmp/log.ndjson" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-lines-rendered 1 "$tmp/log.ndjson:2:4: record 2: expected value, found end of input
 2 | [1,
   |    ^
   = at \$ (JB_E_SYNTAX)
$tmp/log.ndjson:4:7: record 4: invalid escape '\\x'
 4 | {\"a\":\"\\x\"}
   |       ^~
   = at \$.a (JB_E_SYNTAX)"
"$jbind" check --brief --concat "$tmp/log.ndjson" >"$tmp/out" 2>"$tmp/err"
rc=$?
check_out check-concat-stops 1 "$tmp/log.ndjson:4:1: record 2: expected ',' or ']', found object"
run "$nd" get --lines --compact /a
if [ "$rc" -eq 1 ] && [ "$(cat "$tmp/out")" = '1
[2,3]' ] && grep -qF "record 3: no value at '/a'" "$tmp/err"; then ok; else
    bad "get --lines ($rc): $(cat "$tmp/out" "$tmp/err")"
fi

# --- bounded memory: check and fmt of a document larger than the memory allowed
# (not under sanitizers, which reserve terabytes of address space)
if [ -z "${ASAN_OPTIONS:-}" ] && (ulimit -v 40000) 2>/dev/null; then
    awk 'BEGIN { printf "{\"rows\":["; for (i = 0; i < 600000; i++) printf "%s{\"id\":%d,\"name\":\"row %d of the table\",\"ok\":true}", (i ? "," : ""), i, i; printf "]}" }' >"$tmp/huge.json"
    (ulimit -v 40000; "$jbind" check "$tmp/huge.json") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    check_silent check-huge-bounded 0
    (ulimit -v 40000; "$jbind" fmt --compact "$tmp/huge.json") >"$tmp/out" 2>"$tmp/err"
    rc=$?
    printf '\n' >>"$tmp/huge.json"
    if [ "$rc" -eq 0 ] && cmp -s "$tmp/out" "$tmp/huge.json"; then ok; else bad "fmt of a huge document in bounded memory ($rc): $(head -c 300 "$tmp/err")"; fi
    # a whole tree of it does not fit: the limit is real
    (ulimit -v 40000; "$jbind" fmt --sort-keys "$tmp/huge.json") >/dev/null 2>"$tmp/err"
    rc=$?
    if [ "$rc" -ne 0 ]; then ok; else bad "fmt --sort-keys fitted in 40 MB: the bounded test proves nothing"; fi
    rm -f "$tmp/huge.json"
fi

# --- schema and gen (docs/schema.md) -----------------------------------------
run '' schema --compact person
if [ "$rc" -eq 0 ] && grep -qF '"$schema":"https://json-schema.org/draft/2020-12/schema"' "$tmp/out" &&
    grep -qF '"userId":{"type":"integer","minimum":0,"maximum":4294967295}' "$tmp/out" &&
    grep -qF '"discriminator":{"propertyName":"type"}' "$tmp/out"; then ok; else bad "schema person: $(head -c 300 "$tmp/out")"; fi
run '' schema --list
if [ "$rc" -eq 0 ] && grep -q '^pandoc ' "$tmp/out" && grep -q '^person ' "$tmp/out"; then ok; else bad "schema --list"; fi
run '' schema nothing
check_err "schema unknown" 1 "no type 'nothing'"
run '' schema
check_err "schema without NAME" 2 "schema needs a NAME"
run '' gen
check_err "gen without SCHEMA" 2 "gen needs a SCHEMA"
printf '{"type":"object","required":["n"],"properties":{"n":{"type":"integer","minimum":0,"maximum":200},"tag":{"enum":["a","b"]},"x":{"pattern":"^y$","type":"string"}}}' >"$tmp/s.json"
run '' gen --prefix t --name thing --out "$tmp/thing" "$tmp/s.json"
if [ "$rc" -eq 0 ] && grep -qF 'uint8_t n; /* "n" */' "$tmp/thing.h" && grep -qF 'T_THING_TAG_A' "$tmp/thing.h" &&
    grep -qF 'JB_FIELD(t_thing, n, &jb_u8, JB_NAME("n"))' "$tmp/thing.c" &&
    grep -qF 's.json#/properties/x: pattern: not enforced' "$tmp/err" &&
    grep -qF '3 of 3 properties (100.0%) have a concrete C type' "$tmp/err"; then ok; else
    bad "gen: $(cat "$tmp/err")"
fi
printf '{"type":' >"$tmp/broken.json"
run '' gen --out "$tmp/broken" "$tmp/broken.json"
check_err "gen on broken JSON" 1 "broken.json:1:9"

# --- output errors ---------------------------------------------------------
if [ -w /dev/full ]; then
    printf '[1,2,3]' | "$jbind" fmt >/dev/full 2>"$tmp/err"
    rc=$?
    if [ "$rc" -eq 2 ] && grep -q 'writing output' "$tmp/err"; then ok; else bad "write error ($rc)"; fi
fi

# --- the man page ------------------------------------------------------------
man1="$src/cli/jbind.1"
if grep -q '^\.SH NAME' "$man1" && grep -q '^\.SH SYNOPSIS' "$man1" && grep -q '^\.SH EXIT STATUS' "$man1" &&
    grep -q 'sort\\-keys' "$man1"; then ok; else bad "man page sections"; fi
if command -v man >/dev/null 2>&1; then
    if MANWIDTH=80 man -l "$man1" 2>"$tmp/err" | grep -q 'format, check and query JSON'; then ok; else
        bad "man -l renders: $(cat "$tmp/err")"
    fi
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
