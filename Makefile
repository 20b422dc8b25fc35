# Crown build, test and measurement targets. Run `make help` for the list.
GO      ?= go
BIN     := bin/crown
PKGS    := ./...
FUZZTIME ?= 30s

.PHONY: help build run test test-long bench perft fuzz vet fmt clean

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed 's/:.*## /\t/' | sort

build: ## build bin/crown
	$(GO) build -o $(BIN) ./cmd/crown

run: build ## analyze the start position for a few seconds (the main job)
	./$(BIN) analyze --movetime 5

test: ## vet, then the short test suite with the race detector
	$(GO) vet $(PKGS)
	$(GO) test -short -race -count=1 $(PKGS)

test-long: ## the full suite: deep perft, long tests
	$(GO) test -count=1 -timeout 60m $(PKGS)

bench: build ## go benchmarks and the crown bench signature
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)
	./$(BIN) bench

perft: build ## the perft suite in testdata/perft.tsv, both rule sets
	./$(BIN) perft --suite testdata/perft.tsv

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
