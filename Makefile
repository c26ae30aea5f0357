# budget: build, test, bench, install, run.
# `make run` and `make test` set up a fresh Debian/Ubuntu machine themselves (see `deps`).

PREFIX  ?= /usr/local
SWIFT   ?= swift
# Release builds link the Swift runtime statically, and libstdc++ too when its archive is there:
# loading the shared libstdc++ costs about 0.7 ms of every `budget` process here. The linker finds
# -lstdc++ in .build/static-cxx first, a one-line linker script naming the archive.
STATIC_CXX := $(shell p=$$(gcc -print-file-name=libstdc++.a 2>/dev/null); [ -f "$$p" ] && echo "$$p")
CXX_DIR     = $(CURDIR)/.build/static-cxx
RELEASE     = -c release --static-swift-stdlib $(if $(STATIC_CXX),-Xlinker -L$(CXX_DIR))
ARGS    ?= report
BENCH   ?=
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps static-cxx build test fuzz bench install uninstall run clean

all: build

# SwiftPM's `providers: apt` only prints a hint, so install what the build, the tests and the
# benchmarks need when it is missing: the SQLite and libxml2 headers and libraries, zstd's library
# (loaded, not linked, for the history of imports; dpkg itself needs it), pkg-config, the sqlite3
# shell (the baseline the benchmarks compare against, and a test helper), and the shells and
# man(1) the completion and man page tests feed.
deps:
	@missing=""; \
	[ -f /usr/include/sqlite3.h ] || missing="$$missing libsqlite3-dev"; \
	[ -f /usr/include/libxml2/libxml/parser.h ] || missing="$$missing libxml2-dev"; \
	/sbin/ldconfig -p 2>/dev/null | grep -q 'libzstd\.so\.1 ' || missing="$$missing libzstd1"; \
	command -v pkg-config >/dev/null 2>&1 || missing="$$missing pkg-config"; \
	command -v sqlite3 >/dev/null 2>&1 || missing="$$missing sqlite3"; \
	command -v zsh >/dev/null 2>&1 || missing="$$missing zsh"; \
	command -v fish >/dev/null 2>&1 || missing="$$missing fish"; \
	command -v man >/dev/null 2>&1 || missing="$$missing man-db"; \
	command -v groff >/dev/null 2>&1 || missing="$$missing groff-base"; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

static-cxx:
	@$(if $(STATIC_CXX),mkdir -p "$(CXX_DIR)" && echo 'INPUT($(STATIC_CXX))' > "$(CXX_DIR)/libstdc++.so",true)

# `swift build $(1)` (and a release build of product $(1)) with its output through a pipe to
# stderr: never a terminal, so a build run from a terminal and one run in a pipe (CI, `make run
# > file`) are the same build (SwiftPM colours diagnostics on a terminal, and that changed flag
# recompiled everything), and stdout stays the tool's. Its status is the build's.
swift_build = mkdir -p .build && { $(SWIFT) build $(1) 2>&1; echo $$? > .build/make-build-status; } | cat >&2; \
	exit $$(cat .build/make-build-status)
release_build = $(call swift_build,$(RELEASE) --product $(1))

build: deps static-cxx
	$(call release_build,budget)

test: deps
	@$(call swift_build,--build-tests)
	$(SWIFT) test --skip-build

# Long randomized runs, each suite of FUZZ_SUITES at length: the bank file fuzzer with FUZZ files
# per format (200,000 unless told, from FUZZ_SEED when given; `make test` runs 10,000), the
# sync fuzzer with FUZZ_STEPS random steps (3,000; `make test` runs 1,000; FUZZ_SEED moves its
# three seeds) and the monthly totals'
# differential test with FUZZ_STEPS steps per seed (`make test` runs 300), and the windowed live
# list's with FUZZ_STEPS lists per request (`make test` runs 150). Add a suite to the list
# to have it run here.
FUZZ        ?= 200000
FUZZ_SEED   ?=
FUZZ_STEPS  ?= 3000
FUZZ_SUITES ?= BankFileFuzzTests SyncFuzzTests MonthTotalsTests LiveTransactionsWindowTests
fuzz: deps
	@$(call swift_build,--build-tests)
	for suite in $(FUZZ_SUITES); do BUDGET_FUZZ_ITERATIONS=$(FUZZ) BUDGET_FUZZ_STEPS=$(FUZZ_STEPS) $(if $(FUZZ_SEED),BUDGET_FUZZ_SEED=$(FUZZ_SEED)) $(SWIFT) test --skip-build --filter "$$suite" || exit 1; done

# `make bench BENCH="core totals"` runs some groups; SIZE is the rows of the live list and of the totals
# group's history (issue 13): a million unless told, `SIZE=10000000` for ten million.
SIZE ?= 1000000
bench: deps static-cxx
	$(call release_build,budget)
	$(call release_build,budget-bench)
	BUDGET_BENCH_SIZE=$(SIZE) $$($(SWIFT) build $(RELEASE) --show-bin-path)/budget-bench $$($(SWIFT) build $(RELEASE) --show-bin-path)/budget $(BENCH)

# The binary, its man page and its completions, in their standard places under PREFIX.
MAN1DIR  = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR  = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR   = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR  = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

install: build
	@bin="$$($(SWIFT) build $(RELEASE) --show-bin-path)/budget"; set -e; \
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(MAN1DIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"; \
	install -m 0755 "$$bin" "$(DESTDIR)$(PREFIX)/bin/budget"; \
	"$$bin" help --man > "$(MAN1DIR)/budget.1"; \
	"$$bin" completions bash > "$(BASHDIR)/budget"; \
	"$$bin" completions zsh > "$(ZSHDIR)/_budget"; \
	"$$bin" completions fish > "$(FISHDIR)/budget.fish"; \
	chmod 0644 "$(MAN1DIR)/budget.1" "$(BASHDIR)/budget" "$(ZSHDIR)/_budget" "$(FISHDIR)/budget.fish"; \
	echo "installed budget, its man page and its bash, zsh and fish completions under $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/budget" "$(MAN1DIR)/budget.1" "$(BASHDIR)/budget" "$(ZSHDIR)/_budget" "$(FISHDIR)/budget.fish"

# Builds, then runs `budget $(ARGS)` (this month's report by default) on the default database;
# what installing and building print goes to stderr, so `make run ARGS=export > book.csv` holds
# the export alone.
run: static-cxx
	@$(MAKE) --no-print-directory deps >&2
	@$(call release_build,budget)
	@"$$($(SWIFT) build $(RELEASE) --show-bin-path)/budget" $(ARGS)

clean:
	rm -rf .build
