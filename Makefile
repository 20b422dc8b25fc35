# Crown build, test and measurement targets. Run `make help` for the list.
GO      ?= go
BIN     := bin/crown
# Every binary is built with -trimpath: no folder of the machine that built
# it (the source's, Go's, the module cache's) goes into it, to be shown in a
# panic's trace or published with a release. -buildvcs=auto puts the git
# commit in its build information, for crown version, when it is built from
# a checkout (GOFLAGS=-buildvcs=false, as some machines set, would drop it).
GOBUILD := $(GO) build -trimpath -buildvcs=auto
# make test compiles with -trimpath too, for another reason: without it Go's
# build cache keys every package by its folder, so a fresh clone compiled
# everything again (its race-instrumented test binaries some 70 s of
# make test's two minutes); with it, a clone of sources built before, here
# or in another checkout, finds them in the cache.
GOTEST  := $(GO) test -trimpath
PKGS    := ./...
FUZZTIME ?= 30s
MAXTIME ?= 0.1

.PHONY: help build run test cross test-long test-slurm bench timing perft levels fuzz vet fmt clean train cb-linux cb-windows cb-host test-cb test-cb-source test-clients soak

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | sort

build: ## build bin/crown
	$(GOBUILD) -o $(BIN) ./cmd/crown

run: build ## analyze the start position for a few seconds (the main job)
	./$(BIN) analyze --movetime 5

test: ## gofmt and vet, then at once: the short suite (race detector where goroutines share memory), the rest of it without, and the build for every platform (cross)
	@test -z "$$(gofmt -l .)" || { gofmt -l .; echo "gofmt: the files above are not formatted"; exit 1; }
	$(GO) vet -trimpath $(PKGS)
	@plain=$$(mktemp); cross=$$(mktemp); rc=0; \
	( r=0; $(GOTEST) -short -vet=off -count=1 $(PLAIN_PKGS) || r=1; \
	  $(GOTEST) -short -vet=off -count=1 -run '$(NORACE_RUN)' $(NORACE_PKGS) || r=1; exit $$r ) >$$plain 2>&1 & pp=$$!; \
	$(MAKE) --no-print-directory cross >$$cross 2>&1 & cp=$$!; \
	echo "go test -short -race (the packages but $(PLAIN_PKGS))"; \
	GORACE=atexit_sleep_ms=0 $(GOTEST) -short -race -vet=off -count=1 $(RACE_PKGS) || rc=1; \
	wait $$pp || rc=1; echo "go test -short $(PLAIN_PKGS), and -run '$(NORACE_RUN)' $(NORACE_PKGS)"; cat $$plain; \
	wait $$cp || rc=1; cat $$cross; rm -f $$plain $$cross; exit $$rc

# make test runs each package's tests once, with the race detector where
# goroutines share memory (the search's threads, the databases' builders and
# caches, the front ends, the match and self-play workers, perft's shared
# table), without it in PLAIN_PKGS: packages that start no goroutine of
# their own (bench, eval, movegen/cbboard, review, tune) and cmd/crown,
# which wires the commands of packages that are raced in their own tests.
# A new package is raced unless it is added here. go vet runs once, before
# the tests (-vet=off spares go test its second pass); GORACE's
# atexit_sleep_ms=0 drops the second the detector waits at each test
# binary's exit. The three runs go at once so that one's waits (processes
# started and killed, clocks) are another's computing time; the plain run
# and cross print when done.
PLAIN_PKGS := ./bench/ ./cmd/crown/ ./eval/ ./movegen/cbboard/ ./review/ ./tune/
RACE_PKGS   = $(filter-out $(patsubst ./%/,$(MODULE)/%,$(PLAIN_PKGS)),$(shell $(GO) list $(PKGS)))
MODULE     := github.com/crown-checkers/crown

# The tests that skip under the race detector with -short
# (schedtest.SkipUnderRace; TestNoRaceListed checks that this list names
# each), run by make test again without it. They time the search (its
# stop, time limits and held answers, whose clock and stop polls the
# detector slows; its table's clears, whose 512 MiB it shadows), or compute
# on one goroutine where the detector slows them ten to fifty times without
# a race to find: the 4-piece database build and its games, egdb's
# reference build, distances and probes, fixed searches of the search's
# options and mates, random playouts, train's loops, node-jittered
# self-plays, fits and database targets, movegen's reference generator,
# random positions, PDN and the family's published perft, egdb's check of
# every position's moves against its plan, the playing levels' moves in a
# hundred positions and games; or repeat under other names work whose
# goroutines another test races: self-play's resumes, shards and
# extensions (TestSelfPlay races its workers), a third rule set's database
# build, prescreened book builds (TestBuildReproducible races the workers),
# the line protocol's multi-PV searches (TestTranscripts races the session).
# Their goroutines other tests check under it.
NORACE_TESTS := TestEGDBPlayShort TestTableClearIsFast TestStopLatency TestTimeLimits \
	TestHoldAnswer TestPonderClock TestDisable TestMultiPVOne TestRulesAgreeWithAdjudicate \
	TestParamsChangeSearch TestForcedWins TestEval TestAgainstReference TestDTC TestStoredDTC \
	TestStoreAndProbe TestLoop TestLoopData TestNodeJitter TestTrainDeterministic \
	TestTrainNetworkDeterministic TestFitK TestApplyEGDB TestPerftStart TestPerftSuiteReference \
	TestInvariants TestReferenceRandomPlacements TestReferenceRandomPlayouts TestReferencePerft \
	TestPDNRoundTrip TestPerftVariants TestDeps TestLevelsPlayHumanMistakes TestLevelsPlayLegalGames \
	TestMultiPVExact TestEGDBScores TestSelfPlayResume TestSelfPlayWithoutState TestSelfPlayExtend \
	TestSelfPlayShards TestDBTotals TestBuildPrescreen TestMultiPVOneLine
NORACE_PKGS  := ./search/ ./egdb/ ./train/ ./movegen/ ./protocol/ ./play/ ./book/
NORACE_RUN    = ^($(subst $(space),|,$(strip $(NORACE_TESTS))))$$
space        := $(subst ,, )

# The platforms crown and the CheckerBoard library are built for. make test
# compiles every package for each one but the machine's own (which make
# test vets natively, with cgo), with cgo off: go list -export compiles
# all Go code but the tests for the platform, without linking, so a call
# that exists on one system only fails here (the tests' own calls are the
# machine's and portable; vetting them too, with go vet, cost a third more). The library's cgo glue
# (cmd/cbengine/main.go, cbapi.c) needs the target's C compiler; it is
# vetted natively and built for Windows by make cb-windows. The first run
# for a platform compiles its standard library (about 100 CPU-seconds
# each); later runs still compile Crown's packages for it (some 10
# CPU-seconds each on a fresh clone). No file is constrained by
# architecture, so linux/arm64 would type-check the files linux/amd64 does,
# and darwin/arm64 is a 64-bit ARM target already: add it back (make cross
# PLATFORMS=linux/arm64) when a file is. Crown's packages compile without
# optimisation or inlining (-N -l): the objects are thrown away, and it
# spares a quarter of the compiler's time (10.5 -> 7.9 CPU-s a platform).
PLATFORMS ?= linux/amd64 windows/amd64 darwin/arm64

cross: ## compile every package for each of PLATFORMS but this machine's own, cgo off
	@host=$$($(GO) env GOHOSTOS)/$$($(GO) env GOHOSTARCH); set -e; for p in $(PLATFORMS); do \
	  test "$$p" = "$$host" && continue; \
	  echo "go list -export $(PKGS) for $$p"; \
	  CGO_ENABLED=0 GOOS=$${p%/*} GOARCH=$${p#*/} $(GO) list -trimpath -export -gcflags='-N -l' -f '{{.ImportPath}}' $(PKGS) >/dev/null; \
	done

test-long: ## the full suite: deep perft, long tests (CROWN_EGDB5=DIR adds the 5-piece database play test)
	$(GO) test -count=1 -timeout 60m $(PKGS)

# The batch files of deploy/ (docs/egdb.md, "Past one machine") run for real
# by .ci/test-slurm: a one-node Slurm cluster on this machine (munged,
# slurmctld and slurmd from Debian's packages, installed if missing, started
# from a configuration in a temporary directory and stopped at the end),
# the 5-piece databases of both rule sets as array jobs per level with one
# task killed and requeued, byte-identical to a single-process build and
# verified; sharded self-play merged and fitted; the Kubernetes manifests
# through kubectl's client-side dry run. Not part of make test: it takes
# 10-25 minutes of 2 cores. PIECES=4 makes it quicker.
test-slurm: ## the deploy/ Slurm jobs on a one-node cluster made here, and the Kubernetes manifests offline (installs slurm-wlm and munge; 10-25 minutes)
	bash .ci/test-slurm

bench: build ## go benchmarks and the crown bench signature
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)
	./$(BIN) bench

timing: build ## think time against maxtime (MAXTIME seconds, default 0.1; 1 takes minutes), 1 and 2 threads, then exact
	./$(BIN) timing --maxtime $(MAXTIME) --threads 1
	./$(BIN) timing --maxtime $(MAXTIME) --threads 2
	./$(BIN) timing --maxtime $(MAXTIME) --exact

perft: build ## the perft suite in testdata/perft.tsv, both rule sets (about 2 minutes on 2 cores)
	./$(BIN) perft --suite testdata/perft.tsv --threads 2 --cache 512

# The learned evaluation in generations (crown train loop, docs/training.md):
# each generation plays self-play of both rule sets with the current weights
# (one process's two workers, a rule set each), fits new weights to the last
# three generations' data, and keeps a rule set's new table only if it wins a
# match against the current one at 0.1 s a move (312 games for American, 200
# on testdata/pool-openings.txt for Pool). The loop's files, and
# generations.md, its table, are in $(TRAIN_DIR); run again with the same
# variables, the target goes on where it stopped. If a generation was
# accepted, $(TRAIN_DIR)/current.bin ends in eval/weights.bin. TRAIN_EGDB=DIR
# fits with an endgame database (--egdb DIR --adjudicate); TRAIN_FLAGS adds
# flags of crown train loop (--sprt 0,10, --node-jitter 10, ...). The
# one-shot pipeline the committed weights came from is in docs/training.md.
TRAIN_DIR         ?= train-loop
TRAIN_GENERATIONS ?= 4
AMERICAN_GAMES    ?= 4000
POOL_GAMES        ?= 6000
TRAIN_NODES       ?= 8000
TRAIN_EGDB        ?=
TRAIN_FLAGS       ?=

train: build ## generations of self-play, fit and match into eval/weights.bin if one gains (about 75 minutes a generation on 2 cores)
	./$(BIN) train loop --dir $(TRAIN_DIR) --generations $(TRAIN_GENERATIONS) \
	  --american-games $(AMERICAN_GAMES) --pool-games $(POOL_GAMES) --nodes $(TRAIN_NODES) \
	  --pool-openings testdata/pool-openings.txt --concurrency 2 \
	  $(if $(TRAIN_EGDB),--egdb $(TRAIN_EGDB) --adjudicate) $(TRAIN_FLAGS)
	@if test -f $(TRAIN_DIR)/current.bin; then \
	  cp $(TRAIN_DIR)/current.bin eval/weights.bin && echo "eval/weights.bin: $(TRAIN_DIR)/current.bin"; \
	else echo "no generation was accepted: eval/weights.bin unchanged"; fi

# The playing levels' calibration (docs/levels.md): each level against the
# next at equal conditions, LEVEL_GAMES games a match (the deck's ballots,
# colours reversed) at LEVEL_MOVETIME s a move, which the levels' own caps
# cut short below full strength, then level 1 against a search that counts
# material alone (testdata/material-weights.bin) at the same time. Each
# match's games go to $(LEVELS_DIR)/NAME.pdn and its summary to NAME.txt;
# run again with the same variables, the matches go on where they stopped.
LEVELS_DIR     ?= levels-calibration
LEVEL_GAMES    ?= 100
LEVEL_MOVETIME ?= 0.1
LEVEL_FLAGS    ?=

levels: build ## each playing level against the next, LEVEL_GAMES (100) games at LEVEL_MOVETIME (0.1) s, then level 1 against material alone; summaries in LEVELS_DIR (docs/levels.md)
	@mkdir -p $(LEVELS_DIR)
	@set -e; for n in 1 2 3 4 5 6 7; do \
	  name=level-$$((n+1))-vs-$$n; echo "== $$name"; \
	  ./$(BIN) match --engine1 self:level=$$((n+1)) --engine2 self:level=$$n --games $(LEVEL_GAMES) \
	    --movetime $(LEVEL_MOVETIME) --concurrency 2 --pdn $(LEVELS_DIR)/$$name.pdn --resume $(LEVEL_FLAGS) \
	    >$(LEVELS_DIR)/$$name.txt; cat $(LEVELS_DIR)/$$name.txt; \
	done; \
	name=material-vs-level-1; echo "== $$name"; \
	./$(BIN) match --engine1 self:evalfile=testdata/material-weights.bin --engine2 self:level=1 --games $(LEVEL_GAMES) \
	  --movetime $(LEVEL_MOVETIME) --concurrency 2 --pdn $(LEVELS_DIR)/$$name.pdn --resume $(LEVEL_FLAGS) \
	  >$(LEVELS_DIR)/$$name.txt; cat $(LEVELS_DIR)/$$name.txt

fuzz: ## run every fuzz target for FUZZTIME each
	@set -e; for pkg in $$($(GO) list $(PKGS)); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "fuzz $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done

vet: ## go vet and gofmt check
	$(GO) vet $(PKGS)
	@test -z "$$(gofmt -l .)" || { gofmt -l .; exit 1; }

fmt: ## gofmt the tree
	gofmt -w .

clean: ## remove build output
	rm -rf bin

# The browser tests: Debian's chromium driven by playwright-core from npm,
# against a crown serve on a free loopback port; screenshots in web/e2e/out.
# The server plays without its opening book (--book 0): the tests read the
# board while the engine thinks, and a book move would come at once. It keeps
# more games than the default (--max-games): each test opens a board of its own.
# fonts-noto-core draws the Telugu and Gurmukhi texts of the page.
E2E      := web/e2e
CHROMIUM ?= /usr/bin/chromium

.PHONY: test-browser
test-browser: build ## the web board's end-to-end tests in headless Chromium (installs what it needs)
	@test -x $(CHROMIUM) || { apt-get update && apt-get install -y chromium; }
	@dpkg -s fonts-noto-core >/dev/null 2>&1 || { apt-get update && apt-get install -y fonts-noto-core; }
	cd $(E2E) && npm ci --no-audit --no-fund
	@log=$$(mktemp); \
	./$(BIN) serve --addr 127.0.0.1:0 --max-think 5s --analysis-time 20s --book 0 --max-games 128 >$$log 2>&1 & pid=$$!; \
	url=; for i in $$(seq 100); do url=$$(sed -n 's/^crown serve: listening on //p' $$log); test -n "$$url" && break; sleep 0.1; done; \
	rc=0; \
	if test -z "$$url"; then cat $$log; echo "crown serve did not start"; rc=1; \
	else echo "crown serve at $$url"; \
	  (cd $(E2E) && CROWN_URL=$$url CHROMIUM=$(CHROMIUM) node --test --test-concurrency=1 --test-timeout=600000 board.test.mjs) || rc=$$?; \
	fi; \
	kill $$pid 2>/dev/null || true; wait $$pid 2>/dev/null || true; \
	if test $$rc != 0; then echo "crown serve's log:"; tail -n 200 $$log; fi; rm -f $$log; exit $$rc

# Crown as a CheckerBoard engine library (cmd/cbengine, docs/checkerboard.md).
# go build -buildmode=c-shared also writes a .h next to the library: build
# output, like the library. The help file is docs/checkerboard.md under the
# name the engine's "help" answers, for CheckerBoard's engines folder.
CB_SO        := bin/crown-cb.so
CB_FAULT_SO  := bin/crown-cb-fault.so
CB_DLL       := bin/crown-cb.dll
CB_HELP      := bin/crown-help.txt
CB_HOST      := bin/cb-host
HOSTCC       ?= gcc
HOSTCXX      ?= g++
MINGW_CC     ?= x86_64-w64-mingw32-gcc
MINGW_OBJDUMP ?= x86_64-w64-mingw32-objdump
CB_GAMES     ?= 2
CB_MAXTIME   ?= 0.05

cb-linux: ## CheckerBoard engine library for Checkerboard-for-Linux: bin/crown-cb.so
	CGO_ENABLED=1 $(GOBUILD) -buildmode=c-shared -o $(CB_SO) ./cmd/cbengine
	cp docs/checkerboard.md $(CB_HELP)
	@readelf -d $(CB_SO) | grep -q 'FLAGS_1.*NODELETE' || { echo "$(CB_SO) lacks NODELETE: dlclose would unmap a running Go runtime"; exit 1; }
	@echo "$(CB_SO) is NODELETE: dlclose leaves it loaded"

cb-host: ## the C host that loads the CheckerBoard library as CheckerBoard does (make test-cb, make soak): bin/cb-host
	@mkdir -p $(dir $(CB_HOST))
	$(HOSTCC) -std=c11 -O1 -Wall -Wextra -o $(CB_HOST) cmd/cbengine/host/host.c -ldl -lpthread

cb-windows: ## 64-bit CheckerBoard engine DLL, cross-compiled with mingw-w64 (installed if missing): bin/crown-cb.dll
	@command -v $(MINGW_CC) >/dev/null || { apt-get update && apt-get install -y gcc-mingw-w64-x86-64; }
	CC=$(MINGW_CC) GOOS=windows GOARCH=amd64 CGO_ENABLED=1 $(GOBUILD) -buildmode=c-shared -o $(CB_DLL) ./cmd/cbengine
	cp docs/checkerboard.md $(CB_HELP)
	@exports=$$($(MINGW_OBJDUMP) -p $(CB_DLL) | sed -n '/Ordinal\/Name Pointer/,/^$$/p'); \
	for f in getmove enginecommand; do \
	  echo "$$exports" | grep -qw "$$f" || { echo "$(CB_DLL) does not export $$f"; exit 1; }; \
	done; echo "$(CB_DLL) exports getmove and enginecommand"

# The test also builds the library with the tag crownfault, whose engine
# panics where CROWN_FAULT says (internal/fault), to check that a panic in a
# helper search thread or in the distance builder still gives a legal move.
test-cb: cb-linux cb-host ## the library loaded by a C host (dlopen): CB_GAMES ballot games at CB_MAXTIME s, playnow, bad input, injected panics
	CGO_ENABLED=1 $(GOBUILD) -tags crownfault -buildmode=c-shared -o $(CB_FAULT_SO) ./cmd/cbengine
	CROWN_CB_LIB=$(abspath $(CB_SO)) CROWN_CB_FAULT_LIB=$(abspath $(CB_FAULT_SO)) CROWN_CB_HOST=$(abspath $(CB_HOST)) \
	  CROWN_CB_GAMES=$(CB_GAMES) CROWN_CB_MAXTIME=$(CB_MAXTIME) \
	  $(GO) test -count=1 -v -run 'Host' ./cmd/cbengine/

# pydraughts drives Crown (testdata/clients/pydraughts_drive.py): a front
# end someone else wrote, taken as published from CLIENTS_DIR
# (pydraughts-*.tar.gz, extracted into CLIENTS_BUILD with the stand-in
# module it needs), plays whole English games against Crown through its
# unmodified HubEngine (crown hub: move-time, depth and clock limits,
# pondering off and on) and its CheckerBoardEngine (bin/crown-cb.so: exact
# move time, fixed time, a clock), CLIENTS_GAMES a mode at
# CLIENTS_MOVETIME s a move, Crown against itself and against a random
# mover, and one game each of Russian, Brazilian and Italian draughts
# through each driver, every move checked by pydraughts' rules. Skipped, with a message,
# without the tarball or python3.
CLIENTS_DIR      ?= ../shared/clients
CLIENTS_BUILD    := bin/clients
CLIENTS_GAMES    ?= 3
CLIENTS_MOVETIME ?= 0.05

test-clients: ## pydraughts drives Crown: whole games through its HubEngine (crown hub) and CheckerBoardEngine (bin/crown-cb.so), English and a game each of Russian, Brazilian and Italian, every move checked by its rules (pydraughts from CLIENTS_DIR, ../shared/clients; skipped without it)
	@tarball=$$(ls $(CLIENTS_DIR)/pydraughts-*.tar.gz 2>/dev/null | tail -n 1); \
	if test -z "$$tarball"; then echo "make test-clients: skipped: no pydraughts-*.tar.gz in $(CLIENTS_DIR)"; exit 0; fi; \
	if ! command -v python3 >/dev/null; then echo "make test-clients: skipped: python3 is not installed"; exit 0; fi; \
	set -e; $(MAKE) --no-print-directory build cb-linux; \
	rm -rf $(CLIENTS_BUILD); mkdir -p $(CLIENTS_BUILD); tar -xzf "$$tarball" -C $(CLIENTS_BUILD); \
	echo "python3 testdata/clients/pydraughts_drive.py (pydraughts from $$tarball)"; \
	python3 testdata/clients/pydraughts_drive.py --pydraughts $(CLIENTS_BUILD)/pydraughts --work $(CLIENTS_BUILD) \
	  --crown $(BIN) --cb-lib $(CB_SO) --games $(CLIENTS_GAMES) --movetime $(CLIENTS_MOVETIME)

# CheckerBoard's own program, compiled on Linux from its published source
# (github.com/eygilbert/CheckerBoard, not part of Crown: given by path),
# plays the library (cmd/cbengine/cbsource, docs/checkerboard.md): the files
# its project file lists, unmodified, over a stand-in for the Windows
# headers (cbshim.h), with a driver that is the user (Engine > Select,
# About, Help, Evaluate, Options, the Level menu, engine matches, autoplay,
# the Play button) and checks every move by CheckerBoard's own generator.
# Skipped, with a message, when the source is not there.
CHECKERBOARD_SRC ?= /work/ext/CheckerBoard
CB_SOURCE_BUILD  ?= bin/cbsource
CB_SOURCE_FLAGS  ?=

test-cb-source: ## CheckerBoard's program built from its source (CHECKERBOARD_SRC) plays the library: engine matches at fixed and incremental time, exact time, Play (playnow), 40 plies in each of game types 22, 24, 25, 26, 29, every move checked by its generator (the library's move list as it reads it, beyond English)
	@if test ! -d "$(CHECKERBOARD_SRC)"; then \
	  echo "make test-cb-source: skipped: CheckerBoard's source not found at $(CHECKERBOARD_SRC); git clone https://github.com/eygilbert/CheckerBoard and set CHECKERBOARD_SRC"; \
	else \
	  $(MAKE) --no-print-directory cb-linux && \
	  CXX=$(HOSTCXX) sh cmd/cbengine/cbsource/test.sh "$(abspath $(CHECKERBOARD_SRC))" "$(abspath $(CB_SO))" \
	    "$(abspath $(CB_HELP))" "$(abspath $(CB_SOURCE_BUILD))" $(CB_SOURCE_FLAGS); \
	fi

# The DLL under Wine (cmd/cbengine/wine/test-wine.sh, docs/checkerboard.md,
# "Under Wine"): a mingw-w64 host loads, frees and reloads it (the DLL must
# pin itself), then the real CheckerBoard, built with mingw-w64 from its
# published source at CHECKERBOARD_SRC (above; skipped with a message when absent),
# plays Crown against Crown under Wine on Xvfb, driven by xdotool, to the
# end of a game: every move replayed by Crown's PDN reader, a screenshot in
# WINE_SHOT. Installs Debian's wine, xvfb, xdotool, xclip, imagemagick and
# g++-mingw-w64 if missing. Output in WINE_OUT; 2-3 minutes (3-5 from a
# fresh clone, which builds CheckerBoard).
MINGW_CXX        ?= x86_64-w64-mingw32-g++
MINGW_WINDRES    ?= x86_64-w64-mingw32-windres
WINE_OUT         ?= bin/wine
WINE_SHOT        ?= $(WINE_OUT)/checkerboard.png

.PHONY: test-wine
test-wine: cb-windows build ## the Windows DLL under Wine: unloaded and reloaded by a test host, then a game of Crown against Crown in the real CheckerBoard (CHECKERBOARD_SRC), with a screenshot
	DLL=$(abspath $(CB_DLL)) HELP=$(abspath $(CB_HELP)) CROWN=$(abspath $(BIN)) OUT=$(abspath $(WINE_OUT)) SCREENSHOT=$(abspath $(WINE_SHOT)) \
	  MINGW_CC=$(MINGW_CC) MINGW_CXX=$(MINGW_CXX) MINGW_WINDRES=$(MINGW_WINDRES) CHECKERBOARD_SRC=$(CHECKERBOARD_SRC) \
	  bash cmd/cbengine/wine/test-wine.sh

# The soaks (crown soak, docs/reliability.md), not part of make test: GAMES
# games process against process through the line protocol (half American,
# half Pool) and GAMES through the CheckerBoard library driven by the C
# host, at SOAK_MOVETIME seconds a move, SOAK_CONCURRENCY at once; then the
# web server under SOAK_CLIENTS loopback clients for SOAK_WEB. Each part
# reports moves, failures by kind, peak memory and run time, and leaves a
# failure's files in SOAK_DIR; all parts run, and the target fails if any
# part had a failure.
GAMES            ?= 1000
SOAK_MOVETIME    ?= 0.02
SOAK_CONCURRENCY ?= 2
SOAK_WEB         ?= 10m
SOAK_CLIENTS     ?= 16
SOAK_DIR         ?= soak-failures

soak: build cb-linux cb-host ## GAMES (1000) games through the protocol and GAMES through the CheckerBoard library at 0.02 s a move, then the web server under load for SOAK_WEB (10m); about an hour on 2 cores
	@rc=0; \
	set -x; \
	./$(BIN) soak protocol --games $(GAMES) --movetime $(SOAK_MOVETIME) --concurrency $(SOAK_CONCURRENCY) --dir $(SOAK_DIR) || rc=1; \
	./$(BIN) soak checkerboard --host $(CB_HOST) --lib $(abspath $(CB_SO)) --games $(GAMES) --movetime $(SOAK_MOVETIME) \
	  --concurrency $(SOAK_CONCURRENCY) --dir $(SOAK_DIR) || rc=1; \
	./$(BIN) soak web --duration $(SOAK_WEB) --clients $(SOAK_CLIENTS) --dir $(SOAK_DIR) || rc=1; \
	exit $$rc
