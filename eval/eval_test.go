package eval

import (
	"math/rand/v2"
	"strings"
	"testing"

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

// randomPositions plays seeded random games in both rule sets and returns
// every position met.
func randomPositions(games int) []movegen.Position {
	rng := rand.New(rand.NewPCG(1, 2))
	var out []movegen.Position
	var ml movegen.MoveList
	for g := 0; g < games; g++ {
		p := movegen.StartPosition(movegen.Variant(g) % movegen.NumVariants)
		for ply := 0; ply < 200; ply++ {
			out = append(out, p)
			p.GenerateMoves(&ml)
			if ml.N == 0 {
				break
			}
			p.MakeMove(ml.Moves[rng.IntN(ml.N)])
		}
	}
	return out
}

func TestFlipSymmetry(t *testing.T) {
	for _, p := range randomPositions(200) {
		f := p.Flip()
		if a, b := Evaluate(&p), Evaluate(&f); a != b {
			t.Fatalf("%v %s: %d, flipped %s: %d", p.Variant, p.FEN(), a, f.FEN(), b)
		}
	}
}

func TestExplainSums(t *testing.T) {
	for _, p := range randomPositions(40) {
		total, terms := Explain(&p)
		if e := Evaluate(&p); total != e {
			t.Fatalf("%s: Explain total %d, Evaluate %d", p.FEN(), total, e)
		}
		sum := 0
		for _, term := range terms {
			sum += term.Value
		}
		if p.Turn == movegen.White {
			sum = -sum
		}
		if sum != total {
			t.Fatalf("%s: terms sum to %d, total %d", p.FEN(), sum, total)
		}
	}
}

func TestEvaluateAllocs(t *testing.T) {
	p := movegen.StartPosition(movegen.Pool)
	if n := testing.AllocsPerRun(100, func() { Evaluate(&p) }); n != 0 {
		t.Errorf("Evaluate allocates %v times", n)
	}
}

// TestKnowledge checks facts the evaluation must get right, each as a
// score range from the side to move's view.
func TestKnowledge(t *testing.T) {
	tests := []struct {
		name     string
		v        movegen.Variant
		fen      string
		min, max int
	}{
		{"start american is level", movegen.American, "B:W21-32:B1-12", 0, 0},
		{"start pool is level", movegen.Pool, "B:W21-32:B1-12", 0, 0},
		{"american two kings beat one", movegen.American, "B:WK14:BK1,K32", 300, 1000},
		{"american lone king sees a lost ending", movegen.American, "W:WK14:BK1,K32", -1000, -300},
		{"american three kings beat two", movegen.American, "B:WK14,K18:BK1,K3,K32", 300, 1000},
		{"american one king each is drawish", movegen.American, "B:WK14:BK1", -20, 20},
		{"pool two kings against one draw", movegen.Pool, "B:WK14:BK1,K32", 0, 100},
		{"pool three kings against one off the long diagonal win", movegen.Pool, "B:WK14:BK1,K3,K32", 500, 2000},
		{"pool lone king on the long diagonal holds", movegen.Pool, "B:WK22:BK1,K2,K32", 0, 250},
		{"a pool king outweighs two men", movegen.Pool, "B:W21,22:BK1", 1, 200},
		{"an american king is less than two men", movegen.American, "B:W21,22:BK1", -200, -1},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen, tt.v)
		if s := Evaluate(&p); s < tt.min || s > tt.max {
			_, terms := Explain(&p)
			t.Errorf("%s (%s): %d, want %d..%d; terms %v", tt.name, tt.fen, s, tt.min, tt.max, terms)
		}
	}
}

// TestOrdering checks pairs where the first position must score higher
// for the side to move than the second.
func TestOrdering(t *testing.T) {
	tests := []struct {
		name          string
		v             movegen.Variant
		better, worse string
	}{
		{"lone american king is safer in the double corner", movegen.American, "W:WK1:BK14,K19", "W:WK13:BK14,K19"},
		{"strong kings close in", movegen.American, "B:WK1:BK6,K9", "B:WK1:BK24,K28"},
		{"a man with a free path is worth more", movegen.American, "B:W31,32:B21", "B:W30,32:B21"},
		{"back rank kept", movegen.American, "B:W21,22,23,24,25,26:B1,3,9,10,11,12", "B:W21,22,23,24,25,26:B5,6,9,10,11,12"},
		{"pool kings like the long diagonal", movegen.Pool, "B:W20,24:BK22,5", "B:W20,24:BK13,5"},
		{"centre man", movegen.American, "B:W22,23,24:B15,1,2", "B:W22,23,24:B12,1,2"},
	}
	for _, tt := range tests {
		a, b := mustFEN(t, tt.better, tt.v), mustFEN(t, tt.worse, tt.v)
		if sa, sb := Evaluate(&a), Evaluate(&b); sa <= sb {
			t.Errorf("%s: %s scores %d, not above %s at %d", tt.name, tt.better, sa, tt.worse, sb)
		}
	}
}

func BenchmarkEvaluate(b *testing.B) {
	ps := randomPositions(4)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Evaluate(&ps[i%len(ps)])
	}
}

// TestEveryVariantWeighted checks that each rule set has its weights (a
// rule set added to movegen without them would be scored with zeros) and
// that a Variant naming no rule set stops Evaluate loudly.
func TestEveryVariantWeighted(t *testing.T) {
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		w := &weights[v]
		if w.Man <= 0 || w.King <= w.Man || w.Exchange == 0 {
			t.Errorf("%v: weights %+v", v, *w)
		}
		p := movegen.StartPosition(v)
		if got := Evaluate(&p); got != 0 {
			t.Errorf("%v: start position scores %d, want 0", v, got)
		}
	}
	p := movegen.StartPosition(movegen.NumVariants)
	defer func() {
		if err, ok := recover().(error); !ok || !strings.Contains(err.Error(), "unknown variant") {
			t.Errorf("Evaluate with an unknown variant: panic %v, want an unknown-variant error", err)
		}
	}()
	Evaluate(&p)
}
