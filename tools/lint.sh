#!/bin/sh
# SPDX-License-Identifier: MIT
# Static analysis over src/ (make test-lint; CONTRIBUTING.md "Static
# analysis"): clang-tidy with the checked-in .clang-tidy, then cppcheck.
# Any finding fails. A false positive is silenced at its line, with a why
# (NOLINT(check) for clang-tidy, "cppcheck-suppress id ; why" for cppcheck).
#   tools/lint.sh SOURCE_DIR BUILD_DIR [JOBS]
# BUILD_DIR is only configured (compile_commands.json), never built.
# CLANG_TIDY and CPPCHECK name the tools (default clang-tidy, cppcheck).
#
# Cost, 2 cores: clang-tidy ~1 CPU-minute, cppcheck ~25 CPU-seconds. The
# static analyzer runs in its "shallow" mode (-analyzer-config
# mode=shallow: less inlining across calls, a smaller path budget): on
# src/decode.c the deep mode takes 32 CPU-seconds to the shallow 3.6, with
# the same findings; over all of src/ deep is some 5 CPU-minutes.
set -eu
src=$1 build=$2 jobs=${3:-2}
tidy=${CLANG_TIDY:-clang-tidy}
cppcheck=${CPPCHECK:-cppcheck}

cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DJB_TESTS=OFF -DJB_EXAMPLES=OFF -DJB_INSTALL=OFF >/dev/null

fail=0
files=$(cd "$src" && ls src/*.c)
echo "+ $tidy over $(echo "$files" | wc -l) files of src/ (-j$jobs)"
# -P runs the files in parallel; each prints its findings with notes.
# (the exit status is not used: a finding or a failed parse prints
# "error:", which the grep below looks for)
(cd "$src" && echo "$files" | xargs -P "$jobs" -n 1 "$tidy" -p "$build" --quiet \
    --extra-arg=-Xclang --extra-arg=-analyzer-config \
    --extra-arg=-Xclang --extra-arg=mode=shallow) >"$build/clang-tidy.log" 2>&1 || true
if grep -q 'error:\|warning:' "$build/clang-tidy.log"; then
    grep -v ' warnings\? generated\.$' "$build/clang-tidy.log"
    echo "clang-tidy: findings above (src/, .clang-tidy)"
    fail=1
fi

# cppcheck: warning, portability and performance (style is the formatter's
# and the reviewer's). invalidPointerCast is off: the engines read a member
# through a byte pointer at its descriptor offset, cast to the member's C
# type (the plan checked that type), which is what it flags.
echo "+ $cppcheck over src/ (-j$jobs)"
if ! (cd "$src" && "$cppcheck" -q -j "$jobs" --std=c11 --enable=warning,portability,performance \
        --suppress=invalidPointerCast --inline-suppr --error-exitcode=1 -I include -I src src/); then
    echo "cppcheck: findings above (src/)"
    fail=1
fi
[ "$fail" = 0 ] && echo "lint: clang-tidy and cppcheck clean over src/"
exit "$fail"
