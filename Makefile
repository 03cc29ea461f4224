# One Makefile for people and CI. `make help` lists the targets.
SHELL := /bin/bash
PREFIX ?= /usr/local
SWIFT ?= swift
# The fast binaries: optimized, debug links switched on explicitly (a plain
# `swift build -c release` is the "shipping" build and refuses them), and on Linux fully static:
# no dynamic loader at start-up, which halves the CLI's start-up time (BENCHMARKS.md). The
# linker's warning about `dlopen` in libswiftCore is expected; we make no NSS calls
# (getpwuid, getaddrinfo), which a static glibc binary could not serve.
ifeq ($(shell uname -s),Linux)
  STATIC_FLAGS := -Xswiftc -static-executable
else
  STATIC_FLAGS := --static-swift-stdlib
endif
# RELEASE_SCRATCH: where the release build goes (the shipping-build test installs from its own).
RELEASE_SCRATCH ?= .build
# Generic types' metadata reached through accessor calls, not by demangling the type's mangled
# name at run time: a third of the start-up of every command went to demangling names such as
# `[String]` once per process (`deeplink url`: 433k -> 320k instructions, BENCHMARKS.md).
# A supported code-generation mode (the one for runtimes older than Swift 5.1); the binaries
# are about as large. Release builds only: a package that depends on this one builds its own way.
METADATA_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
RELEASE_FLAGS := -c release --scratch-path $(RELEASE_SCRATCH) $(STATIC_FLAGS) $(METADATA_FLAGS) -Xswiftc -DDEEPLINK_DEBUG_LINKS
# Where they are: SwiftPM links `<scratch>/release` to the platform's folder (no `swift build` to ask).
RELEASE_BIN = $(abspath $(RELEASE_SCRATCH))/release

# Fuzzing: libFuzzer with AddressSanitizer, optimized (about 4x the runs of a debug build),
# in its own scratch path. `-sanitize=fuzzer,address` goes to swiftc as one flag: given as two
# `--sanitize` options, the compiler keeps only the last and the code gets no coverage.
# A real run: long enough to find a bug as deep as the one kept in Fuzz/regressions/arguments
# (docs/security.md, "How long to fuzz"); CI runs 20 seconds a target.
FUZZ_SECONDS ?= 300
# Targets fuzzed at once: each libFuzzer run keeps one core busy.
FUZZ_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
FUZZ_TARGETS := route-parser arguments wire xml-plist binary-plist zip android-manifest png routes-file mcp
FUZZ_BUILD := $(SWIFT) build -c release --scratch-path .build/fuzz --sanitize=fuzzer \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
# Sanitizers: each in its own scratch path, so the debug build is left alone. XCTest's own
# harness leaks a little, so leak checking is off; the release-build tests are skipped (they
# check build configurations, not our code, and would build twice more under a sanitizer).
# lld, because gold prints a warning per ASan symbol it cannot export.
SANITIZE_ENV := DEEPLINK_SKIP_RELEASE_BUILDS=1
SANITIZE_FLAGS := -Xswiftc -use-ld=lld

.PHONY: help build release test test-deps docs format lint darwin demo completions man install install-completions install-man bench bench-against fuzz fuzz-replay sanitize clean

help:
	@echo "make build        debug build (the developer's loop)"
	@echo "make test         every test: unit, golden, end-to-end, real shells"
	@echo "make test-deps    install what the tests need (Tests/test-tools.txt): apt packages, the MCP SDK"
	@echo "make docs         the libraries' DocC catalogs, warnings as errors, into .build/docs/"
	@echo "make demo         start the app model, drive it through every route, stop it"
	@echo "make release      the optimized binaries that 'make install' installs"
	@echo "make install      PREFIX=... binaries and completion scripts"
	@echo "make completions  regenerate the shims of completions/"
	@echo "make man          regenerate man/deeplink.1 from the route table"
	@echo "make format/lint  swift-format from the toolchain"
	@echo "make bench        benchmarks with same-run baselines (see BENCHMARKS.md)"
	@echo "make bench-against BASE=DIR  what a user feels, beside another checkout's build"
	@echo "make fuzz         libFuzzer targets, FUZZ_SECONDS (default 300) each"
	@echo "make fuzz-replay  every kept fuzz input once, under the fuzz build (ASan)"
	@echo "make sanitize     the tests under AddressSanitizer and ThreadSanitizer"
	@echo "make darwin       compile every target for macOS 13 and iOS 16 against Apple's C headers (fetched with pip)"

build:
	$(SWIFT) build -Xswiftc -warnings-as-errors

# One product at a time: building everything would also build the test-support target, which
# needs the Testing module that release builds do not get.
release:
	$(SWIFT) build $(RELEASE_FLAGS) --product deeplink
	$(SWIFT) build $(RELEASE_FLAGS) --product deeplink-app

# The bench builds the release binaries, its C baselines and the Swift microbenchmarks, then
# prints every comparison side by side. BENCH_QUICK=1 for a smoke run of about a minute.
bench: release
	$(SWIFT) build $(RELEASE_FLAGS) --product deeplink-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product transition-app
	BIN="$(RELEASE_BIN)" bench/run.sh

# The numbers a user feels, this checkout beside BASE (another checkout, for instance a clean
# worktree of an earlier commit: git worktree add /tmp/base <commit>), each built as its own
# Makefile builds its release, flags included: what a user of either got.
bench-against:
	@test -n "$(BASE)" || { echo "make bench-against: set BASE to another checkout (git worktree add /tmp/base COMMIT)" >&2; exit 64; }
	$(SWIFT) build $(RELEASE_FLAGS) --product deeplink
	$(SWIFT) build $(RELEASE_FLAGS) --product deeplink-app
	$(SWIFT) build $(RELEASE_FLAGS) --product transition-app
	$(MAKE) -C "$(BASE)" release RELEASE_SCRATCH=.build
	BIN="$(RELEASE_BIN)" BASE_BIN="$$(cd "$(BASE)" && $(SWIFT) build -c release --show-bin-path)" bench/against.sh

# One build, warnings as errors, of everything the tests run (the products included), then the
# other builds some tests drive, all at once (the shipping and `make install` release builds, the
# example packages: scripts/build-test-packages.sh), then the tests on those builds, one process
# per test target, several at once (scripts/run-tests.sh says why), ending with a summary of the
# tests skipped for want of a tool; a package that failed to build fails `make test` after the
# tests ran (those that drive it report it too). `swift test` runs the same tests in one process, building
# what they drive itself; TEST_FILTER=REGEX runs the matching ones. The builds keep their
# temporary files in TEST_TMPDIR, removed when they are done: the compiler driver leaves a
# TemporaryDirectory.XXXXXX folder in TMPDIR at every build, and SwiftPM a lock file for each
# package it builds.
TEST_TMPDIR := $(CURDIR)/.build/test-tmp

test:
	@rm -rf "$(TEST_TMPDIR)" && mkdir -p "$(TEST_TMPDIR)"
	TMPDIR="$(TEST_TMPDIR)" $(SWIFT) build --build-tests -Xswiftc -warnings-as-errors
	@TMPDIR="$(TEST_TMPDIR)" scripts/build-test-packages.sh; packages=$$?; \
	  bin="$$(TMPDIR="$(TEST_TMPDIR)" $(SWIFT) build --show-bin-path)" && rm -rf "$(TEST_TMPDIR)" && \
	  scripts/run-tests.sh "$$bin" && exit $$packages

# What the tests need beyond the toolchain (Tests/test-tools.txt): Debian packages and the MCP SDK.
test-deps:
	scripts/test-deps.sh

# The libraries' API reference: each library's DocC catalog (Sources/<Library>/<Library>.docc)
# with its module's public symbols, which swift-symbolgraph-extract reads from the debug build
# (as DocumentationTests does), converted by the toolchain's docc with warnings as errors, so a
# broken ``symbol`` link or an undocumented parameter fails. No plugin package: the archives go
# to .build/docs/<Library>.doccarchive (`docc preview` serves one).
DOC_LIBRARIES := DeepLinkRoutes DeepLinkAgent DeepLinkCommand

docs:
	@for library in $(DOC_LIBRARIES); do \
	  $(SWIFT) build --target $$library -Xswiftc -warnings-as-errors 2>&1 | grep -vE '^(\[|Building for|Build of target)' ; \
	  test $${PIPESTATUS[0]} -eq 0 || exit 1; \
	done
	@modules="$$($(SWIFT) build --show-bin-path)/Modules"; \
	triple=$$($(SWIFT) -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$$/\1/p' | head -1); \
	for library in $(DOC_LIBRARIES); do \
	  graphs=.build/docs/symbol-graphs/$$library; rm -rf "$$graphs" && mkdir -p "$$graphs" || exit 1; \
	  swift-symbolgraph-extract -module-name $$library -target "$$triple" -I "$$modules" \
	    -I Sources/DeepLinkSystemC/include -I Sources/CZlib -minimum-access-level public -output-dir "$$graphs" || exit 1; \
	  docc convert Sources/$$library/$$library.docc --additional-symbol-graph-dir "$$graphs" \
	    --fallback-display-name $$library --fallback-bundle-identifier deeplink.$$library \
	    --warnings-as-errors --output-path .build/docs/$$library.doccarchive || exit 1; \
	  echo "wrote .build/docs/$$library.doccarchive"; \
	done

fuzz:
	@set -o pipefail; for target in $(FUZZ_TARGETS); do \
	  echo "== building fuzz-$$target"; \
	  $(FUZZ_BUILD) --product fuzz-$$target 2>&1 | grep -v '^\[' || exit 1; \
	done
	@bin=$$($(FUZZ_BUILD) --show-bin-path); \
	printf '%s\n' $(FUZZ_TARGETS) | xargs -P $(FUZZ_JOBS) -I{} scripts/fuzz-target.sh "$$bin" $(FUZZ_SECONDS) {}

# Every kept input (Fuzz/corpus and Fuzz/regressions), each run once by the fuzz build (with
# AddressSanitizer): libFuzzer given files, not folders, runs them and exits.
fuzz-replay:
	@set -o pipefail; for target in $(FUZZ_TARGETS); do \
	  $(FUZZ_BUILD) --product fuzz-$$target 2>&1 | grep -v '^\[' || exit 1; \
	done
	@bin=$$($(FUZZ_BUILD) --show-bin-path); \
	for target in $(FUZZ_TARGETS); do \
	  inputs=$$(find Fuzz/corpus/$$target Fuzz/regressions/$$target -type f ! -name '.*' | sort); \
	  log=.build/fuzz-replay-$$target.log; \
	  SWIFT_BACKTRACE=enable=no "$$bin/fuzz-$$target" $$inputs >$$log 2>&1 || \
	    { tail -40 $$log; echo "fuzz-$$target failed on a kept input (above)"; exit 1; }; \
	  echo "fuzz-$$target: $$(echo "$$inputs" | wc -l) kept inputs replayed, no failure"; \
	done

sanitize:
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan $(SANITIZE_FLAGS)
	$(SANITIZE_ENV) ASAN_OPTIONS=detect_leaks=0 scripts/run-tests.sh "$$($(SWIFT) build --sanitize=address --scratch-path .build/asan --show-bin-path)"
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build/tsan $(SANITIZE_FLAGS)
	$(SANITIZE_ENV) scripts/run-tests.sh "$$($(SWIFT) build --sanitize=thread --scratch-path .build/tsan --show-bin-path)"

format:
	$(SWIFT) format -i -r Sources Tests Fuzz Package.swift

# Every target, Darwin branches included, compiled for the Apple deployment targets against
# Apple's own C headers (docs/your-own-app.md, "Platforms"); first the check's self-test, which
# proves on a probe package that it refuses Linux-only calls and too-new API by file:line.
darwin:
	@if [ "$$(uname -s)" != Darwin ]; then scripts/check-darwin.sh --self-test; fi
	scripts/check-darwin.sh

lint:
	$(SWIFT) format lint --strict -r Sources Tests Fuzz Package.swift

demo:
	@scripts/demo.sh

# The scripts of completions/, shims that ask deeplink at each Tab (a test fails when they are
# stale). Each is written beside its target first, so a failed generation leaves the old file
# whole.
COMPLETION_SCRIPTS := bash:deeplink.bash zsh:_deeplink fish:deeplink.fish

completions:
	$(SWIFT) build --product deeplink
	@bin="$$($(SWIFT) build --show-bin-path)"; \
	for entry in $(COMPLETION_SCRIPTS); do \
	  shell=$${entry%%:*}; file=completions/$${entry#*:}; \
	  "$$bin/deeplink" completions "$$shell" > "$$file.new" && mv "$$file.new" "$$file" || exit 1; \
	  echo "wrote $$file"; \
	done

# The manual page, from the route table like the help (a test fails when it is stale).
man:
	$(SWIFT) build --product deeplink
	@bin="$$($(SWIFT) build --show-bin-path)"; \
	"$$bin/deeplink" __manpage > man/deeplink.1.new && mv man/deeplink.1.new man/deeplink.1 && echo "wrote man/deeplink.1"

# The optimized binaries, each completion script where its shell looks by default, the manual
# page, and the routes file's JSON Schema for editors.
install: release install-completions install-man
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/deeplink"
	install -m 755 "$(RELEASE_BIN)/deeplink" "$(RELEASE_BIN)/deeplink-app" "$(DESTDIR)$(PREFIX)/bin/"
	install -m 644 deeplink.routes.schema.json "$(DESTDIR)$(PREFIX)/share/deeplink/"

install-man:
	install -d "$(DESTDIR)$(PREFIX)/share/man/man1"
	install -m 644 man/deeplink.1 "$(DESTDIR)$(PREFIX)/share/man/man1/deeplink.1"

install-completions:
	install -d "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 644 completions/deeplink.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/deeplink"
	install -m 644 completions/_deeplink "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_deeplink"
	install -m 644 completions/deeplink.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/deeplink.fish"

clean:
	rm -rf .build
