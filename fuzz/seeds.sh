#!/bin/sh
# SPDX-License-Identifier: MIT
# seeds.sh — writes the hand-written seed inputs in fuzz/corpus/<target>/
# (the gen-* seeds come from gen_seeds.c). Re-run after editing; the files
# are committed, small, and named for what they exercise.
#   sh fuzz/seeds.sh fuzz/corpus
set -eu
C=${1:-fuzz/corpus}
mkdir -p "$C/dom" "$C/skip" "$C/jansson" "$C/utf8" "$C/numbers" "$C/typed" "$C/roundtrip" "$C/alloc" \
    "$C/kernel"

# JSON documents shared by the DOM, skip and jansson targets
doc() { # name, text
    printf '%s' "$2" >"$C/jansson/$1"
    printf '\000%s' "$2" >"$C/dom/$1"             # flags 0: strict
    printf '\000%s' "$2" >"$C/skip/$1"
}
doc scalars '[null,true,false,0,-0,1.5,-2e-3,1E+2,"",""]'
doc nested '{"a":[1,{"b":{"c":[[],{}]}}],"d":"e"}'
doc strings '["\"\\\/\b\f\n\r\t","\u0041\u00e9\u20ac\ud83d\ude00","é€😀","\u0000"]'
doc keys '{"":1,"a":2,"a":3,"\u0000":4,"k\"ey":5}'
doc numbers '[0,1,-1,9223372036854775807,-9223372036854775808,9223372036854775808,18446744073709551615,18446744073709551616,1e308,1e309,5e-324,2.2250738585072014e-308,0.1,123456789012345678901234567890]'
doc ws ' 	
 {  "a" :	[ 1 ,2 ] } 
'
doc deep '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]'
doc deepobj '{"a":{"a":{"a":{"a":{"a":{"a":{"a":{"a":{}}}}}}}}}'
doc bad-trailing '[1,2,]'
doc bad-lone-surrogate '"\ud800"'
doc bad-utf8 "$(printf '"\303\050"')"
doc bad-leading-zero '01'
doc bad-unterminated '{"a":"b'
doc big '[1e400,-1e400,1e-400,100000000000000000000000000000000000001]'
# relaxed flags (bit 0 comments, 1 trailing commas, 2 NaN/Inf, 5 invalid UTF-8)
printf '\003[1,/* c */2,// x\n]' >"$C/dom/relaxed-comments"
printf '\004[NaN,Infinity,-Infinity]' >"$C/dom/relaxed-nan"
printf '\040["\377\376"]' >"$C/dom/relaxed-invalid-utf8"
printf '\010{"a":1,"a":2}' >"$C/dom/reject-duplicates"
printf '\200[[[[[[[[1]]]]]]]]' >"$C/dom/small-depth"
cp "$C/dom/relaxed-comments" "$C/dom/relaxed-nan" "$C/skip/"

# utf8: [flags] bytes (bit 0 escape unicode, 1 escape slash, 2/3 allow invalid)
printf '\000plain ascii / slash' >"$C/utf8/ascii"
printf '\001\303\251\342\202\254\360\237\230\200' >"$C/utf8/escape-unicode"
printf '\002a/b\\c"d' >"$C/utf8/escape-slash"
printf '\000\001\002\037\177\b\f\n\r\t' >"$C/utf8/controls"
printf '\000\300\200' >"$C/utf8/overlong"
printf '\000\355\240\200' >"$C/utf8/surrogate-utf8"
printf '\000\364\220\200\200' >"$C/utf8/past-10ffff"
printf '\014\377abc\200' >"$C/utf8/invalid-allowed"
printf '\000\\u00e9\\ud83d\\ude00\\n\\"' >"$C/utf8/escapes"
printf '\000\\ud83d' >"$C/utf8/lone-high"
printf '\000\\udc00x' >"$C/utf8/lone-low"

# kernel: [selector] bytes (bit 0 allow invalid UTF-8 on read, 1 borrow,
# 2 comments and trailing commas; 3 escape unicode, 4 escape slash, 5 allow
# invalid on write); long texts, so that every vector width gets whole blocks
k32='0123456789abcdef0123456789abcdef'
printf '\000%s%s%s' "$k32" "$k32" "$k32" >"$C/kernel/ascii-96"
printf '\000%s\303\251%s\342\202\254%s\360\237\230\200' "${k32%?}" "${k32%??}" "${k32%???}" >"$C/kernel/straddle"
printf '\000%s%s\355\240\200%s' "$k32" "${k32%?}" "$k32" >"$C/kernel/surrogate-at-63"
printf '\000%s\\n\\u00e9%s\\"%s' "$k32" "$k32" "$k32" >"$C/kernel/escapes"
printf '\030%s/%s\001%s' "$k32" "$k32" "$k32" >"$C/kernel/slash-control"
printf '\000{"a":["%s","\343\201\202\343\201\204%s"],"b":{"c":"%s"}}' "$k32" "$k32" "$k32" >"$C/kernel/json"
printf '\041%s\377%s\200' "$k32" "$k32" >"$C/kernel/invalid-allowed"

# numbers: [mode] payload (mode 0 text, 4 text with integral floats, 1 double bits, 2 float bits)
n=0
for t in 0 -0 1 -1 0.1 1e2 1E-2 9223372036854775807 9223372036854775808 -9223372036854775808 \
         -9223372036854775809 18446744073709551615 18446744073709551616 1.7976931348623157e308 \
         1.7976931348623159e308 4.9e-324 2.4703282292062328e-324 2.2250738585072011e-308 \
         3.4028235e38 3.4028236e38 1.00000005960464477539 9007199254740993 01 1. .1 -; do
    printf '\000%s' "$t" >"$C/numbers/text-$n"
    printf '\004%s' "$t" >"$C/numbers/intf-$n"
    n=$((n + 1))
done
printf '\004100e-2' >"$C/numbers/intf-exact"
printf '\001\232\231\231\231\231\231\271\077' >"$C/numbers/double-0.1"
printf '\001\000\000\000\000\000\000\360\103' >"$C/numbers/double-2p63"
printf '\001\001\000\000\000\000\000\000\000' >"$C/numbers/double-denormal"
printf '\002\315\314\314\075' >"$C/numbers/float-0.1"

# roundtrip: [selector][write flags] generator bytes
i=0
while [ $i -lt 42 ]; do
    printf "\\$(printf '%03o' $i)\\$(printf '%03o' $((i * 37 % 256)))0123456789abcdefghijklmnopqrstuvwxyz!@#$%%^&*()" >"$C/roundtrip/sel-$i"
    i=$((i + 1))
done

# stream: [framing + kind] [read flags] [stream flags] [cut count] [cut steps...] text
# (framing 0 SINGLE 1 CONCAT 2 LINES 3 SEQ 4 ARRAY; kind << 3: 0 value 1 skip
# 2 print 3 pretty 4 typed; 0x40 ARRAY at /a; 0x80 finish early)
mkdir -p "$C/stream"
printf '\002\000\000\003\005\000\007{"a":1}\r\n\n["x",2]\n"last"' >"$C/stream/lines-value"
printf '\002\000\001\002\003\004{"a":1}\n[1,\n{"b":"\\u00e9"}\n' >"$C/stream/lines-skip-bad"
printf '\042\000\000\002\001\002{"a":[1,2.50,"s"]}\n' >"$C/stream/lines-typed"
printf '\001\001\000\004\001\001\001\001 1 2.5e3 "s" [] {} true null // c\n /* d */ -0' >"$C/stream/concat-comments"
printf '\011\000\000\001\012{"a":1}{"b":[true,false]} "x"' >"$C/stream/concat-skip"
printf '\003\000\000\002\003\003\036{"a":1}\n\036\036 42\n\03642\036[1]' >"$C/stream/seq"
printf '\104\000\004\002\006\011{"z":0,"a":[{"k":1},[2],3],"b":tru}' >"$C/stream/array-pointer-skip-rest"
printf '\004\000\000\001\002[1, {"x": [2, 3]}, "four"]' >"$C/stream/array-root"
printf '\034\000\000\003\001\001\001{"k":[1,{"m":null}],"s":"\\ud83d\\ude00"}' >"$C/stream/single-pretty"
printf '\020\000\000\000{"k":1} x' >"$C/stream/single-print-trailing"
printf '\002\000\002\002\001\001\357\273\277{"a":1}\n' >"$C/stream/lines-bom"
printf '\001\000\020\001\005[1,2,3] [1,2,3,4,5,6,7,8,9] [3]' >"$C/stream/concat-max-element"
