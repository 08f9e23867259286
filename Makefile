# SPDX-License-Identifier: MIT
# jbind — short commands (the README names them). CMake does the building;
# this file picks configurations and runs them.
#
#   make test          install missing Debian packages, then build and run the
#                      whole suite: gcc -O2, the same under a decimal-comma
#                      locale, the installed library via pkg-config, gcc with
#                      ASan+UBSan, clang -O2 (all with -Werror)
#   make bench         install the peer libraries, build -O2 and run the
#                      benchmarks (BENCH_QUICK=1: correctness gates only)
#   make build         configure and build build/release
#   make amalgamation  jbind.c + jbind.h in build/amalgamation (vendoring)
#   make docs          the API reference (Doxygen) in build/docs/html; a
#                      warning, such as an undocumented public name, fails it
#   make install PREFIX=/usr/local
#   make format-check  clang-format --dry-run -Werror over the C sources
#   make fuzz          build the libFuzzer harnesses (clang-14, ASan+UBSan) in
#                      build/fuzz, replay fuzz/regressions, then run each
#                      target for FUZZ_SECONDS (docs/fuzzing.md)
#   make slow          valgrind memcheck over a size-reduced set of test
#                      programs (build/release), ThreadSanitizer over the
#                      threaded tests (build/tsan), and the linear-time test
#                      (callgrind instruction counts at N and 10N,
#                      tests/test_linear.sh); SLOW_SCALE sizes the first two
#   make clean
#
# Variables: JOBS (parallel compile jobs), CTEST_JOBS (parallel tests, 2),
# PREFIX (install prefix), FUZZ_SECONDS (per fuzz target, 60), FUZZ_TARGETS,
# SLOW_SCALE (JB_TEST_SCALE for the slow modes, 0.05), LINEAR_CASES and
# LINEAR_MAX_RATIO (slow-linear: which cases, the largest Ir(10N)/Ir(N), 12).

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.NOTPARALLEL:
.DEFAULT_GOAL := build

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CTEST_JOBS ?= 2
PREFIX ?= /usr/local
BUILD := build

# Debian packages `make test` needs, and the decimal-comma locales.
# (python3-jsonschema: the independent validator of tests/test_schema*;
# openapi-specification, json-schema-test-suite: schemas and samples of
# tests/test_schema_real.sh.)
APT_PACKAGES := cmake make gcc g++ clang pkg-config locales binutils python3 git python3-jsonschema \
	openapi-specification json-schema-test-suite
LOCALES := de_DE.UTF-8 fr_FR.UTF-8
TEST_LOCALE := de_DE.UTF-8

COMMON := -DJB_TESTS=ON -DJB_WERROR=ON
RELEASE_CFG := -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ $(COMMON)
ASAN_CFG := -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=gcc -DCMAKE_CXX_COMPILER=g++ \
	-DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" \
	-DJB_SANITIZE=address,undefined $(COMMON)
CLANG_CFG := -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ $(COMMON)

# Fuzzing: clang 14 with libFuzzer; the library gets coverage
# instrumentation (fuzzer-no-link), everything ASan+UBSan.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= dom typed roundtrip skip utf8 numbers alloc jansson kernel stream codegen
FUZZ_APT := clang-14 libclang-rt-14-dev libfuzzer-14-dev libjansson-dev
FUZZ_CFG := -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
	-DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DCMAKE_C_FLAGS="-fsanitize=fuzzer-no-link" \
	-DJB_SANITIZE=address,undefined -DJB_FUZZ=ON -DJB_TESTS=OFF -DJB_WERROR=ON

# Slow modes: valgrind over these test programs of build/release, TSan
# over the threaded tests in build/tsan; JB_TEST_SCALE=$(SLOW_SCALE) for the
# test files that honour it (test_limits).
SLOW_SCALE ?= 0.05
SLOW_APT := valgrind clang libjansson-dev
# (all = every tests/test_*.c program but the _long ones and VALGRIND_SKIP:
# the number tests are arithmetic loops over millions of values, minutes
# under valgrind for no allocation to check; ASan covers them in make test)
VALGRIND_TESTS ?= all
VALGRIND_SKIP ?= test_numfmt test_numparse
TSAN_TESTS ?= test_plan test_limits
VALGRIND := valgrind --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
	--errors-for-leak-kinds=definite,indirect --track-origins=no --quiet
TSAN_CFG := -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ \
	-DCMAKE_C_FLAGS_DEBUG="-O1 -g" -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" -DJB_SANITIZE=thread $(COMMON)

CTEST_BASE := ctest --output-on-failure -j$(CTEST_JOBS)
CTEST := $(CTEST_BASE) -LE long
export UBSAN_OPTIONS := halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS := detect_leaks=1

# Phase timing: START stamps, END prints and logs the elapsed seconds.
START = @mkdir -p $(BUILD) && date +%s >$(BUILD)/.start-$@
END = @t=$$(( $$(date +%s) - $$(cat $(BUILD)/.start-$@) )); \
	echo "==> $@: done in $${t}s"; echo "$@ $${t}s" >>$(BUILD)/test-times.log

.PHONY: all build test bench install clean deps format format-check \
	test-release test-locale test-installed test-asan test-clang test-bench \
	test-amalgamation amalgamation test-m32 test-musl test-s390x test-arm64 \
	test-deb deb docs test-docs test-lint \
	fuzz fuzz-build slow slow-valgrind slow-tsan slow-linear

all: build

build:
	cmake -S . -B $(BUILD)/release $(RELEASE_CFG)
	cmake --build $(BUILD)/release -j$(JOBS)

test: deps
	@mkdir -p $(BUILD) && rm -f $(BUILD)/test-times.log
	$(MAKE) --no-print-directory test-release
	$(MAKE) --no-print-directory test-docs
	$(MAKE) --no-print-directory test-lint
	$(MAKE) --no-print-directory test-locale
	$(MAKE) --no-print-directory test-installed
	$(MAKE) --no-print-directory test-asan
	$(MAKE) --no-print-directory test-clang
	$(MAKE) --no-print-directory test-amalgamation
	$(MAKE) --no-print-directory test-m32
	$(MAKE) --no-print-directory test-musl
	$(MAKE) --no-print-directory test-s390x
	$(MAKE) --no-print-directory test-arm64
	$(MAKE) --no-print-directory test-deb
	$(MAKE) --no-print-directory test-bench
	@echo "==> make test: all phases passed"; cat $(BUILD)/test-times.log

# (a) gcc, -O2, warnings are errors.
test-release:
	$(START)
	cmake -S . -B $(BUILD)/release $(RELEASE_CFG)
	cmake --build $(BUILD)/release -j$(JOBS)
	$(CTEST) --test-dir $(BUILD)/release
	$(END)

# The API reference, warnings as errors (make docs).
test-docs:
	$(START)
	$(MAKE) --no-print-directory docs
	$(END)

# Static analysis over src/ (tools/lint.sh): clang-tidy 14 with the
# checked-in .clang-tidy and cppcheck, any finding fails. About 40 s on
# 2 cores (the analyzer in its shallow mode).
LINT_APT := clang-tidy cppcheck
test-lint:
	$(START)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(LINT_APT)" LOCALES=
	sh tools/lint.sh . $(BUILD)/lint $(JOBS)
	$(END)

# The same binaries under a decimal-comma locale: every test program calls
# setlocale(LC_ALL, "") first (tests/locale_env.c) and checks the separator.
test-locale:
	$(START)
	LC_ALL=$(TEST_LOCALE) JB_TEST_DECIMAL_POINT=, $(CTEST_BASE) -LE 'long|install' --test-dir $(BUILD)/release
	$(END)

# Install into a scratch prefix, build examples/quickstart.c with
# `cc $$(pkg-config --cflags --libs jbind)` (shared, rpath) and statically,
# run both, compare the output.
test-installed:
	$(START)
	sh tests/test_installed.sh $(BUILD)/release . cc
	$(END)

# (b) gcc with AddressSanitizer and UndefinedBehaviorSanitizer, -O1 -g.
test-asan:
	$(START)
	cmake -S . -B $(BUILD)/asan $(ASAN_CFG)
	cmake --build $(BUILD)/asan -j$(JOBS)
	$(CTEST) --test-dir $(BUILD)/asan
	$(END)

# The benchmark, every case once through its correctness gates (no timing):
# keeps bench/ from rotting. The same entry point as `make bench`, so it
# also proves the order a new user runs: install the peers, then configure.
test-bench:
	$(START)
	$(MAKE) --no-print-directory bench BENCH_QUICK=1
	$(END)

# The single-file distribution (docs/vendoring.md): tools/amalgamate.py
# writes jbind.c + jbind.h; the public-header tests, the quick start and the
# examples are built against them and run, once as a user gets them and once
# with the portable fallbacks a compiler without GCC builtins or a system
# without stack bounds gets (JB_NO_BUILTINS, JB_NO_STACK_BOUNDS; and
# JB_NO_SWAR, the byte loops of big-endian hosts); jbind.c also compiles
# with clang and with JB_NO_THREADS (syntax only).
AMALGAMATION_WARN := -std=c11 -Wall -Wextra -Wpedantic -Werror
test-amalgamation:
	$(START)
	sh tests/test_amalgamation.sh . $(BUILD)/amalgamation-test gcc
	sh tests/test_amalgamation.sh . $(BUILD)/amalgamation-portable gcc -DJB_NO_BUILTINS -DJB_NO_STACK_BOUNDS \
		-DJB_NO_SWAR
	clang $(AMALGAMATION_WARN) -fsyntax-only $(BUILD)/amalgamation-test/jbind.c
	gcc $(AMALGAMATION_WARN) -DJB_NO_THREADS -DJB_NO_BUILTINS -fsyntax-only $(BUILD)/amalgamation-test/jbind.c
	$(END)

# Portability (docs/portability.md): the C unit test programs (ctest label
# "unit") built -O2 with warnings as errors and run on 32-bit x86 (gcc -m32,
# native), x86-64 with musl (native), big-endian s390x and ARM64 (Debian's
# cross compilers, run under qemu-user through CMAKE_CROSSCOMPILING_EMULATOR).
# Each phase installs its Debian packages when missing; PORT_SCALE is the
# tests' JB_TEST_SCALE there (the number tests' random counts, deep inputs).
PORT_SCALE ?= 0.05
PORT_CFG := -DCMAKE_BUILD_TYPE=Release -DJB_TESTS=ON -DJB_EXAMPLES=OFF -DJB_WERROR=ON
M32_APT := gcc-12-multilib
MUSL_APT := musl-tools
S390X_APT := gcc-s390x-linux-gnu libc6-dev-s390x-cross qemu-user
ARM64_APT := gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user

# port-phase NAME TOOLCHAIN PACKAGES
define port-phase
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(3)" LOCALES=
	cmake -S . -B $(BUILD)/$(1) $(PORT_CFG) -DCMAKE_TOOLCHAIN_FILE=$(CURDIR)/cmake/toolchains/$(2).cmake
	cmake --build $(BUILD)/$(1) -j$(JOBS)
	JB_TEST_SCALE=$(PORT_SCALE) $(CTEST_BASE) -L unit --test-dir $(BUILD)/$(1)
endef

test-m32:
	$(START)
	$(call port-phase,m32,i686-m32,$(M32_APT))
	$(END)

test-musl:
	$(START)
	$(call port-phase,musl,musl,$(MUSL_APT))
	$(END)

test-s390x:
	$(START)
	$(call port-phase,s390x,s390x-linux-gnu,$(S390X_APT))
	$(END)

test-arm64:
	$(START)
	$(call port-phase,arm64,aarch64-linux-gnu,$(ARM64_APT))
	$(END)

# Debian packages (debian/): libjbind0.MINOR, libjbind-dev, jbind, built by
# dpkg-buildpackage from a copy of the tree in $(BUILD)/deb (nocheck),
# unpacked with dpkg -x into a scratch root, and the quick start built
# against that root through the packaged jbind.pc and CMake files.
# Nothing is installed system-wide.
DEB_APT := debhelper dpkg-dev build-essential cmake pkg-config
test-deb:
	$(START)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(DEB_APT)" LOCALES=
	sh tests/test_deb.sh . $(BUILD)/deb gcc
	$(END)

# The Debian packages alone, into $(BUILD)/deb (what test-deb checks).
deb:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(DEB_APT)" LOCALES=
	sh tests/test_deb.sh . $(BUILD)/deb gcc

# The API reference: Doxygen (Doxyfile) over include/jbind.h, with
# docs/reference.md as its first page, into $(BUILD)/docs/html. Doxyfile
# makes every warning an error, so an undocumented public name fails here.
DOCS_APT := doxygen
docs:
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(DOCS_APT)" LOCALES=
	rm -rf $(BUILD)/docs
	(cat Doxyfile; echo "OUTPUT_DIRECTORY = $(BUILD)/docs") | doxygen -
	@echo "API reference: $(BUILD)/docs/html/index.html"

# jbind.c and jbind.h in $(BUILD)/amalgamation, to copy into a project.
amalgamation:
	python3 tools/amalgamate.py --out $(BUILD)/amalgamation

# clang -O2: the second compiler must be warning-free too.
test-clang:
	$(START)
	cmake -S . -B $(BUILD)/clang $(CLANG_CFG)
	cmake --build $(BUILD)/clang -j$(JOBS)
	$(CTEST) --test-dir $(BUILD)/clang
	$(END)

# Benchmarks: bench/run.sh installs the peer libraries (Debian packages, as
# root) first and only then configures $(BUILD)/bench with -DJB_BENCH=ON,
# whose CMake needs them; it builds, runs and rewrites BENCHMARKS.md.
# BENCH_QUICK=1 runs every case once through its correctness gates instead
# (no timing, no files rewritten; in $(BUILD)/bench-quick): make test does.
BENCH_QUICK ?= 0
bench: deps
	@if [ "$(BENCH_QUICK)" = 1 ]; then \
		echo "+ bench/run.sh --quick"; \
		JB_BUILD_DIR=$(CURDIR)/$(BUILD)/bench-quick bash bench/run.sh --quick; \
	else \
		echo "+ bench/run.sh"; \
		JB_BUILD_DIR=$(CURDIR)/$(BUILD)/bench bash bench/run.sh; \
	fi

# Instructions per operation and per byte (callgrind; bench/profile.py) for
# jbind, glaze and yyjson on twitter, citm_catalog and canada (typed and DOM):
# the figure a noisy machine does not move. Prints the table and rewrites
# that section of BENCHMARKS.md.
.PHONY: bench-profile
bench-profile: deps
	JB_BUILD_DIR=$(CURDIR)/$(BUILD)/bench bash bench/run.sh --profile

# Fuzzing (docs/fuzzing.md): regressions first, then FUZZ_SECONDS a target.
fuzz:
	$(START)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(FUZZ_APT)" LOCALES=
	$(MAKE) --no-print-directory fuzz-build
	bash fuzz/run.sh $(BUILD)/fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)
	$(END)

fuzz-build:
	cmake -S . -B $(BUILD)/fuzz $(FUZZ_CFG)
	cmake --build $(BUILD)/fuzz -j$(JOBS)

# valgrind memcheck (definite and indirect leaks are errors) and TSan.
slow:
	$(START)
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(SLOW_APT) $(APT_PACKAGES)" LOCALES=
	$(MAKE) --no-print-directory slow-valgrind
	$(MAKE) --no-print-directory slow-tsan
	$(MAKE) --no-print-directory slow-linear
	$(END)

slow-valgrind:
	$(START)
	cmake -S . -B $(BUILD)/release $(RELEASE_CFG)
	cmake --build $(BUILD)/release -j$(JOBS)
	@list="$(VALGRIND_TESTS)"; \
	if [ "$$list" = all ]; then \
		list=$$(cd tests && ls test_*.c | sed 's/\.c$$//' | grep -v '_long$$' | \
			grep -vxF -e _ $(addprefix -e ,$(VALGRIND_SKIP))); \
	fi; \
	for t in $$list; do \
		s=$$(date +%s); \
		echo "+ valgrind $$t (JB_TEST_SCALE=$(SLOW_SCALE))"; \
		JB_TEST_SCALE=$(SLOW_SCALE) $(VALGRIND) $(BUILD)/release/tests/$$t >$(BUILD)/valgrind-$$t.log 2>&1 \
			|| { tail -40 $(BUILD)/valgrind-$$t.log; echo "valgrind: $$t failed"; exit 1; }; \
		echo "  $$t: clean in $$(( $$(date +%s) - s ))s"; \
	done
	$(END)

slow-tsan:
	$(START)
	cmake -S . -B $(BUILD)/tsan $(TSAN_CFG)
	cmake --build $(BUILD)/tsan -j$(JOBS) --target $(TSAN_TESTS)
	@for t in $(TSAN_TESTS); do \
		echo "+ tsan $$t (JB_TEST_SCALE=$(SLOW_SCALE))"; \
		JB_TEST_SCALE=$(SLOW_SCALE) TSAN_OPTIONS=halt_on_error=1:exitcode=66 \
			$(BUILD)/tsan/tests/$$t >$(BUILD)/tsan-$$t.log 2>&1 \
			|| { tail -60 $(BUILD)/tsan-$$t.log; echo "tsan: $$t failed"; exit 1; }; \
		tail -1 $(BUILD)/tsan-$$t.log; \
	done
	$(END)

# Linear time (issue 7, part 5): every tests/test_linear.c case at N and
# 10N under callgrind; fails when the instruction count grows more than
# LINEAR_MAX_RATIO times. LINEAR_CASES picks cases (default all).
LINEAR_MAX_RATIO ?= 12
LINEAR_CASES ?=
slow-linear:
	$(START)
	cmake -S . -B $(BUILD)/release $(RELEASE_CFG)
	cmake --build $(BUILD)/release -j$(JOBS) --target test_linear
	MAX_RATIO=$(LINEAR_MAX_RATIO) bash tests/test_linear.sh $(BUILD)/release/tests/test_linear $(LINEAR_CASES) \
		| tee $(BUILD)/linear.log
	$(END)

install: build
	cmake --install $(BUILD)/release --prefix $(PREFIX)

clean:
	rm -rf $(BUILD)

# Hand-written C sources; not generated tables (a "GENERATED" note at the
# top) and not examples/quickstart.c, which is the README's text verbatim.
FORMAT_FILES = $(shell find src include tests examples bench fuzz tools \
	\( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) -type f 2>/dev/null | sort | \
	while read -r f; do head -n 5 "$$f" | grep -q GENERATED || echo "$$f"; done | \
	grep -vx examples/quickstart.c)

format-check:
	@if command -v clang-format >/dev/null 2>&1; then \
		echo "+ clang-format --dry-run -Werror ($(words $(FORMAT_FILES)) files)"; \
		clang-format --dry-run -Werror $(FORMAT_FILES); \
	else \
		echo "clang-format not installed; format-check skipped"; \
	fi

format:
	clang-format -i $(FORMAT_FILES)

# Install missing Debian packages (apt-get update once, only when something
# is missing) and generate the decimal-comma locales. Works as root without
# sudo; elsewhere uses sudo when present. A no-op when all is in place.
deps:
	@if ! command -v dpkg-query >/dev/null 2>&1; then \
		echo "deps: not a Debian system: install $(APT_PACKAGES) yourself"; exit 0; \
	fi; \
	if [ "$$(id -u)" = 0 ]; then sudo=""; \
	elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
	else sudo="none"; fi; \
	missing=""; \
	for p in $(APT_PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
		if [ "$$sudo" = none ]; then echo "deps: missing:$$missing (run as root)"; exit 1; fi; \
		echo "deps: installing$$missing"; \
		$$sudo apt-get update; \
		$$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing; \
	else \
		echo "deps: packages present"; \
	fi; \
	need=""; \
	for l in $(LOCALES); do \
		norm=$$(echo "$$l" | sed 's/UTF-8$$/utf8/'); \
		locale -a 2>/dev/null | grep -qix "$$norm" || need="$$need $$l"; \
	done; \
	if [ -n "$$need" ]; then \
		if [ "$$sudo" = none ]; then echo "deps: locales missing:$$need (run as root)"; exit 1; fi; \
		echo "deps: generating locales$$need"; \
		for l in $$need; do \
			$$sudo sed -i "s/^# *\($$l UTF-8\)/\1/" /etc/locale.gen; \
			grep -q "^$$l UTF-8" /etc/locale.gen || echo "$$l UTF-8" | $$sudo tee -a /etc/locale.gen >/dev/null; \
		done; \
		$$sudo locale-gen; \
	else \
		echo "deps: locales present"; \
	fi
