# Crown build, test and measurement targets. Run `make help` for the list.
GO      ?= go
BIN     := bin/crown
PKGS    := ./...
FUZZTIME ?= 30s
MAXTIME ?= 0.1

.PHONY: help build run test test-long bench timing perft fuzz vet fmt clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | sort

build: ## build bin/crown
	$(GO) build -o $(BIN) ./cmd/crown

run: build ## analyze the start position for a few seconds (the main job)
	./$(BIN) analyze --movetime 5

test: ## vet, the short test suite with the race detector, then the bench signature without it
	$(GO) vet $(PKGS)
	$(GO) test -short -race -count=1 $(PKGS)
	$(GO) test -count=1 -run TestSignature ./bench/

test-long: ## the full suite: deep perft, long tests
	$(GO) test -count=1 -timeout 60m $(PKGS)

bench: build ## go benchmarks and the crown bench signature
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)
	./$(BIN) bench

timing: build ## think time against maxtime (MAXTIME seconds, default 0.1; 1 takes minutes), 1 and 2 threads, then exact
	./$(BIN) timing --maxtime $(MAXTIME) --threads 1
	./$(BIN) timing --maxtime $(MAXTIME) --threads 2
	./$(BIN) timing --maxtime $(MAXTIME) --exact

perft: build ## the perft suite in testdata/perft.tsv, both rule sets (about 2 minutes on 2 cores)
	./$(BIN) perft --suite testdata/perft.tsv --threads 2 --cache 512

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
E2E      := web/e2e
CHROMIUM ?= /usr/bin/chromium

.PHONY: test-browser
test-browser: build ## the web board's end-to-end tests in headless Chromium (installs what it needs)
	@test -x $(CHROMIUM) || { apt-get update && apt-get install -y chromium; }
	cd $(E2E) && npm ci --no-audit --no-fund
	@log=$$(mktemp); \
	./$(BIN) serve --addr 127.0.0.1:0 --max-think 5s --analysis-time 20s >$$log 2>&1 & pid=$$!; \
	url=; for i in $$(seq 100); do url=$$(sed -n 's/^crown serve: listening on //p' $$log); test -n "$$url" && break; sleep 0.1; done; \
	rc=0; \
	if test -z "$$url"; then cat $$log; echo "crown serve did not start"; rc=1; \
	else echo "crown serve at $$url"; \
	  (cd $(E2E) && CROWN_URL=$$url CHROMIUM=$(CHROMIUM) node --test --test-concurrency=1 --test-timeout=180000 board.test.mjs) || rc=$$?; \
	fi; \
	kill $$pid 2>/dev/null || true; wait $$pid 2>/dev/null || true; rm -f $$log; exit $$rc
