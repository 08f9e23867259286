#!/bin/sh
# SPDX-License-Identifier: MIT
# test_release.sh SOURCE_DIR
# Every file that names the version names the same one as the header
# (docs/versioning.md, "Releases and tags"): CMake's project(), the man
# page, CHANGELOG.md's newest section, debian/changelog's newest entry,
# the Doxyfile and the version in the README. (tests/test_version.c checks
# the run-time version against the header and CMake.)
set -eu
src=$1
status=0
want=$(sed -n 's/^#define JB_VERSION_STRING "\(.*\)"$/\1/p' "$src/include/jbind.h")
[ -n "$want" ] || { echo "FAIL: no JB_VERSION_STRING in include/jbind.h" >&2; exit 1; }
echo "header: $want"

same() { # what got
    if [ "$2" = "$want" ]; then
        echo "ok: $1 says $2"
    else
        echo "FAIL: $1 says '$2', the header says $want" >&2
        status=1
    fi
}

same CMakeLists.txt "$(sed -n 's/^project(jbind VERSION \([0-9.]*\) .*/\1/p' "$src/CMakeLists.txt")"
same cli/jbind.1 "$(sed -n 's/^\.TH JBIND 1 "[^"]*" "jbind \([^"]*\)".*/\1/p' "$src/cli/jbind.1")"
same CHANGELOG.md "$(sed -n 's/^## \[\([0-9][0-9.]*\)\].*/\1/p' "$src/CHANGELOG.md" | head -n 1)"
if [ -f "$src/debian/changelog" ]; then
    same debian/changelog "$(sed -n '1s/^jbind (\([^)-]*\)[^)]*).*/\1/p' "$src/debian/changelog")"
    # the runtime package is named after the soname: libjbind0.MINOR
    so=$(echo "$want" | cut -d. -f1,2)
    if grep -q "^Package: libjbind$so\$" "$src/debian/control"; then
        echo "ok: debian/control has libjbind$so"
    else
        echo "FAIL: debian/control has no package libjbind$so" >&2
        status=1
    fi
fi
same Doxyfile "$(sed -n 's/^PROJECT_NUMBER *= *\([0-9.]*\)$/\1/p' "$src/Doxyfile")"
same README.md "$(sed -n 's/.*It is at version \([0-9][0-9.]*[0-9]\).*/\1/p' "$src/README.md" | head -n 1)"
exit $status
