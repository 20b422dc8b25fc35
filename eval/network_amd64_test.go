package eval

import (
	"math/rand/v2"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// TestNetworkKernels checks the AVX2 kernel against the plain Go one on
// random positions, with and without a second layer, and the score's
// colour symmetry.
func TestNetworkKernels(t *testing.T) {
	if !hasAVX2 {
		t.Skip("no AVX2")
	}
	nets := []*Network{randomNet(128, 1), randomNet(256, 2), randomNet(512, 3), randomNet2(256, 32, 4), randomNet2(128, 8, 1)}
	for _, n := range nets {
		h := n.H
		r := rand.New(rand.NewPCG(2, 2))
		for i := 0; i < 2000; i++ {
			p := movegen.Position{Variant: movegen.American}
			for s := 0; s < 32; s++ {
				switch r.IntN(4) {
				case 1:
					p.Pieces[0] |= 1 << s
				case 2:
					p.Pieces[1] |= 1 << s
				}
				if r.IntN(5) == 0 {
					p.Kings |= (p.Pieces[0] | p.Pieces[1]) & (1 << s)
				}
			}
			p.Turn = movegen.Colour(r.IntN(2))
			a := n.Evaluate(&p)
			hasAVX2 = false
			b := n.Evaluate(&p)
			hasAVX2 = true
			if a != b {
				t.Fatalf("h %d+%d %v: AVX2 %d, Go %d", h, n.H2, p.FEN(), a, b)
			}
			f := p.Flip()
			if c := n.Evaluate(&f); c != a {
				t.Fatalf("flip %d %d", a, c)
			}
		}
	}
}
