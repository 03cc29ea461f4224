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
RELEASE_FLAGS := -c release $(STATIC_FLAGS) -Xswiftc -DDEEPLINK_DEBUG_LINKS
RELEASE_BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)

.PHONY: help build release test format lint demo completions install install-completions bench fuzz sanitize clean

help:
	@echo "make build        debug build (the developer's loop)"
	@echo "make test         every test: unit, golden, end-to-end, real shells"
	@echo "make demo         start the app model, drive it through every route, stop it"
	@echo "make release      the optimized binaries that 'make install' installs"
	@echo "make install      PREFIX=... binaries and completion scripts"
	@echo "make completions  regenerate completions/ from the route table"
	@echo "make format/lint  swift-format from the toolchain"
	@echo "make bench        benchmarks with same-run baselines (see BENCHMARKS.md)"
	@echo "make fuzz         libFuzzer targets, bounded time each"
	@echo "make sanitize     the tests under AddressSanitizer and ThreadSanitizer"

build:
	$(SWIFT) build -Xswiftc -warnings-as-errors

# One product at a time: building everything would also build the test-support target, which
# needs the Testing module that release builds do not get.
release:
	$(SWIFT) build $(RELEASE_FLAGS) --product deeplink
	$(SWIFT) build $(RELEASE_FLAGS) --product deeplink-app

# The bench builds the release binaries, its C baselines and the Swift microbenchmarks, then
# prints every comparison side by side. BENCH_QUICK=1 for a smoke run of a few seconds.
bench: release
	$(SWIFT) build $(RELEASE_FLAGS) --product deeplink-bench
	BIN="$(RELEASE_BIN)" bench/run.sh

test: build
	$(SWIFT) test

format:
	$(SWIFT) format -i -r Sources Tests Package.swift

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift

demo:
	@scripts/demo.sh

# The scripts of completions/, from the route table (a test fails when they are stale). Each is
# written beside its target first, so a failed generation leaves the old file whole.
COMPLETION_SCRIPTS := bash:deeplink.bash zsh:_deeplink fish:deeplink.fish

completions:
	$(SWIFT) build --product deeplink
	@bin="$$($(SWIFT) build --show-bin-path)"; \
	for entry in $(COMPLETION_SCRIPTS); do \
	  shell=$${entry%%:*}; file=completions/$${entry#*:}; \
	  "$$bin/deeplink" completions "$$shell" > "$$file.new" && mv "$$file.new" "$$file" || exit 1; \
	  echo "wrote $$file"; \
	done

# The optimized binaries, and each completion script where its shell looks by default.
install: release install-completions
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$(RELEASE_BIN)/deeplink" "$(RELEASE_BIN)/deeplink-app" "$(DESTDIR)$(PREFIX)/bin/"

install-completions:
	install -d "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d"
	install -m 644 completions/deeplink.bash "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/deeplink"
	install -m 644 completions/_deeplink "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_deeplink"
	install -m 644 completions/deeplink.fish "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/deeplink.fish"

clean:
	rm -rf .build
