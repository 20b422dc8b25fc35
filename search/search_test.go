package search

import (
	"context"
	"testing"
	"time"

	"github.com/crown-checkers/crown/movegen"
)

func mustFEN(t testing.TB, fen string, v movegen.Variant) movegen.Position {
	t.Helper()
	p, err := movegen.ParseFEN(fen, v)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// legal reports whether m is a legal move of p.
func legal(p *movegen.Position, m movegen.Move) bool {
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	for _, o := range ml.Slice() {
		if o.Same(m) {
			return true
		}
	}
	return false
}

func TestSearchStartDepth(t *testing.T) {
	for _, v := range []movegen.Variant{movegen.American, movegen.Pool} {
		e := New(Options{HashMiB: 8})
		p := movegen.StartPosition(v)
		var infos []Info
		res := e.Search(context.Background(), Request{Pos: p, Limits: Limits{Depth: 8}, Report: func(i Info) { infos = append(infos, i) }})
		if !res.HasMove || !legal(&p, res.Move) {
			t.Fatalf("%v: bad result %+v", v, res)
		}
		if res.Depth != 8 || len(infos) != 8 {
			t.Errorf("%v: depth %d, %d reports, want 8", v, res.Depth, len(infos))
		}
		t.Logf("%v: %s score %d nodes %d pv %v", v, p.FormatMove(res.Move), res.Score, res.Nodes, res.PV)
	}
}

func TestSearchNoMoves(t *testing.T) {
	p := mustFEN(t, "W:W:B1,2", movegen.American)
	res := New(Options{HashMiB: 1}).Search(context.Background(), Request{Pos: p, Limits: Limits{Depth: 4}})
	if res.HasMove || res.Claim != Loss {
		t.Errorf("got %+v, want no move and a loss", res)
	}
}

func TestSearchStop(t *testing.T) {
	e := New(Options{HashMiB: 8, Threads: 2})
	p := movegen.StartPosition(movegen.American)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(100 * time.Millisecond); cancel() }()
	res := e.Search(ctx, Request{Pos: p, Limits: Limits{Infinite: true}})
	if !res.HasMove || !legal(&p, res.Move) {
		t.Fatalf("bad result %+v", res)
	}
	t.Logf("depth %d nodes %d time %v", res.Depth, res.Nodes, res.Time)
}
