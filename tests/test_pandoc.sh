#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/test_pandoc.sh — issue 8: the pandoc AST decoded and re-encoded byte
# for byte, and C filters run by pandoc itself.
#
#   tests/test_pandoc.sh BINDIR
#
# BINDIR holds pandoc-roundtrip, pandoc-upper and pandoc-wordcount (ctest
# passes it). Run from the repository root. pandoc is installed from Debian
# when missing (apt-get, as root); only when that is impossible does the test
# print SKIPPED and exit 0.
set -u

BIN=${1:?usage: test_pandoc.sh BINDIR}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
EX=$ROOT/examples/pandoc
RT=$BIN/pandoc-roundtrip
UPPER=$BIN/pandoc-upper
WC=$BIN/pandoc-wordcount

fail=0
pass=0
ok() { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

# ---- pandoc ----------------------------------------------------------------
if ! command -v pandoc >/dev/null 2>&1; then
  echo "pandoc not found; installing it from Debian (apt-get install pandoc)"
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    (apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends pandoc) \
      >/tmp/test_pandoc_apt.$$.log 2>&1 || tail -5 /tmp/test_pandoc_apt.$$.log
    rm -f /tmp/test_pandoc_apt.$$.log
  elif command -v sudo >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    (sudo -n apt-get update && sudo -n DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends pandoc) \
      >/dev/null 2>&1
  fi
fi
if ! command -v pandoc >/dev/null 2>&1; then
  echo "SKIPPED: pandoc is not installed and could not be installed (needs root and apt-get)"
  exit 0
fi
echo "using $(pandoc --version | head -1) ($(pandoc --version | sed -n 's/.*pandoc-types \([0-9.]*\).*/pandoc-types \1/p'))"
for t in "$RT" "$UPPER" "$WC"; do
  [ -x "$t" ] || { echo "FAIL missing program $t"; exit 1; }
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# pandoc-roundtrip is built with generated codecs (examples/pandoc/CMakeLists.txt),
# the filters with the interpreter: the checks below cover both paths.
codecs=$("$RT" --codecs)
if [ "$codecs" = generated ]; then ok "pandoc-roundtrip runs generated codecs"
else bad "pandoc-roundtrip: generated codecs did not attach ($codecs)"; fi

# ---- round trips ------------------------------------------------------------
# Each document: pandoc -> JSON; pandoc -f json -t json of that JSON is the
# reference; pandoc-roundtrip of the same JSON must equal it byte for byte.
roundtrip() { # name json
  local name=$1 json=$2
  if ! pandoc -f json -t json "$json" >"$TMP/ref.json" 2>"$TMP/ref.err"; then
    bad "$name: pandoc rejected its own JSON: $(head -c 300 "$TMP/ref.err")"
    return
  fi
  if ! "$RT" "$json" >"$TMP/out.json" 2>"$TMP/out.err"; then
    bad "$name: pandoc-roundtrip failed: $(head -c 300 "$TMP/out.err")"
    return
  fi
  if cmp -s "$TMP/ref.json" "$TMP/out.json"; then
    ok "$name: byte-identical ($(wc -c <"$json" | tr -d ' ') bytes)"
  else
    bad "$name: output differs from pandoc's: $(cmp "$TMP/ref.json" "$TMP/out.json" 2>&1)"
  fi
  # stdin works the same way
  if ! "$RT" <"$json" | cmp -s - "$TMP/ref.json"; then bad "$name: stdin output differs"; fi
}

n=0
for md in "$ROOT"/docs/*.md "$ROOT"/README.md "$ROOT"/BENCHMARKS.md "$EX"/stress.md; do
  [ -f "$md" ] || continue
  n=$((n + 1))
  json=$TMP/doc$n.json
  # -s keeps the YAML metadata; -M adds a MetaString (no Markdown source makes one).
  if pandoc -s -f markdown -t json -M stress-string=plain "$md" -o "$json" 2>"$TMP/conv.err"; then
    roundtrip "${md#"$ROOT"/}" "$json"
  else
    bad "${md#"$ROOT"/}: pandoc could not convert it: $(head -c 300 "$TMP/conv.err")"
  fi
done
# Row and column spans, table heads and feet, row-head columns: pandoc 2.17's
# Markdown reader makes no spans (grid-table spans came in pandoc 3), its
# HTML reader does.
pandoc -s -f html -t json "$EX/stress-tables.html" -o "$TMP/tables.json" &&
  roundtrip examples/pandoc/stress-tables.html "$TMP/tables.json"
# Hand-written JSON: Null, a short caption, \b and \f, unsorted metadata,
# API version [1,22], every float notation, keys in any order.
roundtrip examples/pandoc/edge.json "$EX/edge.json"
# Other pandoc writers' view of the stress document, through the native reader.
pandoc -s -f markdown -t json "$EX/stress.md" | pandoc -f json -t json | pandoc -f json -t json -o "$TMP/again.json" &&
  roundtrip "stress.md (pandoc twice)" "$TMP/again.json"

# Every constructor of the AST appears in the test documents.
cat "$TMP"/doc*.json "$TMP/tables.json" "$EX/edge.json" >"$TMP/all.json"
missing=""
for c in Str Emph Underline Strong Strikeout Superscript Subscript SmallCaps Quoted Cite Code \
         Space SoftBreak LineBreak Math RawInline Link Image Note Span \
         Plain Para LineBlock CodeBlock RawBlock BlockQuote OrderedList BulletList DefinitionList \
         Header HorizontalRule Table Div Null \
         MetaMap MetaList MetaBool MetaString MetaInlines MetaBlocks \
         SingleQuote DoubleQuote DisplayMath InlineMath AuthorInText SuppressAuthor NormalCitation \
         AlignLeft AlignRight AlignCenter AlignDefault ColWidth ColWidthDefault \
         DefaultStyle Example Decimal LowerRoman UpperRoman LowerAlpha UpperAlpha \
         DefaultDelim Period OneParen TwoParens; do
  grep -q "\"t\": *\"$c\"" "$TMP/all.json" || missing="$missing $c"
done
if [ -z "$missing" ]; then ok "every constructor is exercised"; else bad "constructors never exercised:$missing"; fi
if grep -q '"t":"Table","c":\[\["[^"]*",\[[^]]*\],\[[^]]*\]\],\[null' "$TMP/tables.json" &&
   grep -q ',2,1,\[\|,1,2,\[' "$TMP/tables.json"; then
  ok "row and column spans are exercised"
else
  bad "the HTML document has no spans"
fi

# ---- filters ----------------------------------------------------------------
out=$(pandoc --filter "$UPPER" -f markdown -t plain "$EX/stress.md" 2>"$TMP/f.err")
if [ $? -eq 0 ] && printf '%s' "$out" | grep -q "PLAIN WORDS, EMPHASIS" &&
   printf '%s' "$out" | grep -q "CAFÉ" && ! printf '%s' "$out" | grep -q "Plain words"; then
  ok "pandoc --filter pandoc-upper upper-cases every Str"
else
  bad "pandoc-upper: $(head -c 300 "$TMP/f.err") $(printf '%s' "$out" | head -3)"
fi
# the upper-cased document is still a valid, round-trippable AST
if pandoc -s --filter "$UPPER" -f markdown -t json "$EX/stress.md" -o "$TMP/upper.json" 2>/dev/null; then
  roundtrip "stress.md through pandoc-upper" "$TMP/upper.json"
  grep -q '"c":"ADA"' "$TMP/upper.json" && ok "pandoc-upper reaches the metadata" ||
    bad "pandoc-upper missed the metadata"
else
  bad "pandoc -s --filter pandoc-upper -t json failed"
fi
# the filter changes nothing but Str
printf 'Hello *world*, `code` stays.\n' | pandoc --filter "$UPPER" -t markdown >"$TMP/u.md"
if [ "$(cat "$TMP/u.md")" = 'HELLO *WORLD*, `code` STAYS.' ]; then ok "pandoc-upper leaves Code alone"; else
  bad "pandoc-upper: got $(cat "$TMP/u.md")"; fi

printf 'One two three.\n\n- four *five*\n\n`six seven`\n' >"$TMP/wc.md"
out=$(pandoc --filter "$WC" -s -t markdown "$TMP/wc.md" 2>"$TMP/wc.err")
if grep -q "^7 words in body$" "$TMP/wc.err" && printf '%s' "$out" | grep -q "^wordcount: 7$"; then
  ok "pandoc --filter pandoc-wordcount counts 7 words and sets meta wordcount"
else
  bad "pandoc-wordcount: stderr=$(cat "$TMP/wc.err") out=$(printf '%s' "$out" | head -5)"
fi
# compared with pandoc's own Lua word counter where pandoc has Lua filters
cat >"$TMP/wc.lua" <<'LUA'
words = 0
wordcount = {
  Str = function(el) if el.text:match("%P") then words = words + 1 end end,
  Code = function(el) _, n = el.text:gsub("%S+", "") words = words + n end,
  CodeBlock = function(el) _, n = el.text:gsub("%S+", "") words = words + n end,
}
function Pandoc(el)
  pandoc.walk_block(pandoc.Div(el.blocks), wordcount)
  io.stderr:write(words .. " words in body\n")
  return el
end
LUA
for md in "$ROOT"/README.md "$EX"/stress.md; do
  lua=$(pandoc --lua-filter "$TMP/wc.lua" -t plain "$md" 2>&1 >/dev/null | grep "words in body$")
  mine=$(pandoc -t json "$md" | "$WC" --count)
  if [ "$lua" = "$mine words in body" ]; then ok "${md#"$ROOT"/}: $mine words, as pandoc's Lua filter counts"; else
    bad "${md#"$ROOT"/}: pandoc-wordcount says $mine, the Lua filter says '$lua'"; fi
done

# ---- errors -------------------------------------------------------------------
printf '{"pandoc-api-version":[1,22,2,1],"meta":{},\n"blocks":[{"t":"Para","c":[{"t":"Str","c":"x"},\n  {"t":"Bogus"}]}]}\n' >"$TMP/bad1.json"
"$RT" "$TMP/bad1.json" >/dev/null 2>"$TMP/e1"; rc=$?
if [ $rc -ne 0 ] && grep -q "bad1.json:3:8: JB_E_UNKNOWN at \$.blocks\[0\].c\[1\]: expected one of \"Str\", \"Emph\", .*, found \"Bogus\"" "$TMP/e1"; then
  ok "unknown constructor: $(cat "$TMP/e1")"
else bad "unknown constructor: rc=$rc $(cat "$TMP/e1")"; fi

printf '{"pandoc-api-version":[1,22,2,1],"meta":{},"blocks":[{"t":"Header","c":[1,["",[],[]],[{"t":"Str","c":7}]]}]}' |
  "$RT" >/dev/null 2>"$TMP/e2"; rc=$?
if [ $rc -ne 0 ] && grep -q "<stdin>:1:102: JB_E_TYPE at \$.blocks\[0\].c\[2\]\[0\].c: expected a string, found number 7" "$TMP/e2"; then
  ok "mismatched type: $(cat "$TMP/e2")"
else bad "mismatched type: rc=$rc $(cat "$TMP/e2")"; fi

printf '{"pandoc-api-version":[1,22,2,1],"meta":{},"blocks":[{"t":"Para","c":[}]}' | "$RT" >/dev/null 2>"$TMP/e3"; rc=$?
if [ $rc -ne 0 ] && grep -q "<stdin>:1:.*JB_E_SYNTAX at \$.blocks\[0\].c" "$TMP/e3"; then
  ok "malformed JSON: $(cat "$TMP/e3")"
else bad "malformed JSON: rc=$rc $(cat "$TMP/e3")"; fi

printf '{"pandoc-api-version":[1,22],"meta":{},"blocks":[{"t":"Table","c":null}]}' | "$RT" >/dev/null 2>"$TMP/e4"; rc=$?
if [ $rc -ne 0 ] && grep -q "JB_E_TYPE at \$.blocks\[0\].c" "$TMP/e4"; then ok "null Table: $(cat "$TMP/e4")"; else
  bad "null Table: rc=$rc $(cat "$TMP/e4")"; fi

printf '{"pandoc-api-version":[1,21],"meta":{},"blocks":[]}' | "$RT" >/dev/null 2>"$TMP/e5"; rc=$?
if [ $rc -ne 0 ] && grep -q "incompatible API version \[1,21\]" "$TMP/e5"; then ok "old API version: $(cat "$TMP/e5")"; else
  bad "old API version: rc=$rc $(cat "$TMP/e5")"; fi

echo "pandoc: $pass passed, $fail failed"
[ $fail -eq 0 ]
