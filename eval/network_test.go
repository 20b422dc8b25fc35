package eval

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/movegen"
)

// randomNet returns a network of h hidden units and buckets outputs at
// random weights.
func randomNet(h, buckets int) *Network {
	r := rand.New(rand.NewPCG(1, uint64(buckets)))
	n := &Network{H: h, W1: make([]int16, NetInputs*h), B1: make([]int16, h),
		W2: make([]int16, buckets*h), B2: make([]int32, buckets)}
	for i := range n.W1 {
		n.W1[i] = int16(r.IntN(200) - 100)
	}
	for j := range n.B1 {
		n.B1[j] = int16(r.IntN(300))
	}
	for i := range n.W2 {
		n.W2[i] = int16(r.IntN(600) - 300)
	}
	for b := range n.B2 {
		n.B2[b] = int32(r.IntN(2*netQA*netQB) - netQA*netQB)
	}
	return n
}

// randomNet2 returns randomNet's network of h units with a second layer
// of h2 units at random weights, its outputs reading them.
func randomNet2(h, h2, buckets int) *Network {
	n := randomNet(h, buckets)
	r := rand.New(rand.NewPCG(3, uint64(h2)))
	n.H2, n.WH, n.BH, n.W2 = h2, make([]int16, h2*h), make([]int32, h2), make([]int16, buckets*h2)
	for i := range n.WH {
		n.WH[i] = int16(r.IntN(40) - 20)
	}
	for k := range n.BH {
		n.BH[k] = int32(r.IntN(netQA*netQH*4) - netQA*netQH*2)
	}
	for i := range n.W2 {
		n.W2[i] = int16(r.IntN(600) - 300)
	}
	return n
}

func BenchmarkNetwork(b *testing.B) {
	nets := map[string]*Network{"128": randomNet(128, 1), "256": randomNet(256, 1), "512": randomNet(512, 1),
		"256x32": randomNet2(256, 32, 1), "512x32": randomNet2(512, 32, 1)}
	for _, name := range []string{"128", "256", "512", "256x32", "512x32"} {
		n := nets[name]
		p, _ := movegen.ParseFEN("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", movegen.American)
		b.Run(name, func(b *testing.B) {
			s := 0
			for i := 0; i < b.N; i++ {
				s += n.Evaluate(&p)
			}
			_ = s
		})
	}
}

func BenchmarkLinear(b *testing.B) {
	p, _ := movegen.ParseFEN("W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12", movegen.American)
	s := 0
	for i := 0; i < b.N; i++ {
		s += Evaluate(&p)
	}
	_ = s
}

// netFile returns the embedded weights with a random network of h hidden
// units and buckets outputs for every rule set.
func netFile(h, buckets int) *WeightFile {
	f := *Default()
	for v := range f.Nets {
		f.Nets[v] = randomNet(h, buckets)
	}
	return &f
}

// sameNetwork reports whether a and b have the same weights.
func sameNetwork(a, b *Network) bool {
	return a != nil && b != nil && a.H == b.H && slices.Equal(a.W1, b.W1) &&
		slices.Equal(a.B1, b.B1) && slices.Equal(a.W2, b.W2) && slices.Equal(a.B2, b.B2) &&
		a.H2 == b.H2 && slices.Equal(a.WH, b.WH) && slices.Equal(a.BH, b.BH)
}

// net2File returns the embedded weights with randomNet2's network for
// every rule set.
func net2File(h, h2, buckets int) *WeightFile {
	f := *Default()
	for v := range f.Nets {
		f.Nets[v] = randomNet2(h, h2, buckets)
	}
	return &f
}

// TestNetworkFile checks a weight file with networks, of one output and
// of several: written and read back whole, its scores exactly
// colour-symmetric, Explain summing to Evaluate, and Evaluate
// allocation-free.
func TestNetworkFile(t *testing.T) {
	for _, buckets := range []int{1, 4} {
		testNetworkFile(t, netFile(256, buckets), buckets)
	}
	for _, buckets := range []int{1, 4} { // a second layer: model 3
		testNetworkFile(t, net2File(256, 32, buckets), buckets)
	}
}

func testNetworkFile(t *testing.T, f *WeightFile, buckets int) {
	f.Tables[movegen.Pool] = nil
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	g, err := ReadWeights(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for v := range f.Nets {
		if !sameNetwork(f.Nets[v], g.Nets[v]) {
			t.Fatalf("%v, %d buckets: the network read back differs", movegen.Variant(v), buckets)
		}
	}
	ps := randomPositions(200)
	for _, p := range ps {
		fl := p.Flip()
		a, b := g.Evaluate(&p), g.Evaluate(&fl)
		if a != b {
			t.Fatalf("%v %s: %d, flipped: %d", p.Variant, p.FEN(), a, b)
		}
		total, terms := g.Explain(&p)
		sum := 0
		for _, x := range terms {
			sum += x.Value
		}
		if p.Turn == movegen.White {
			sum = -sum
		}
		if total != a || sum != a {
			t.Fatalf("%s: Explain %d (terms sum %d), Evaluate %d", p.FEN(), total, sum, a)
		}
	}
	if n := testing.AllocsPerRun(100, func() {
		for i := range ps[:4] {
			g.Evaluate(&ps[i])
		}
	}); n != 0 {
		t.Errorf("a network's Evaluate allocates %v times", n)
	}
}

// TestNetworkFromFloat checks the quantisation: a float network's score,
// computed in floats, within a few centi-men of the quantised one's,
// and weights that would overflow refused; with one output and with
// several.
func TestNetworkFromFloat(t *testing.T) {
	for _, buckets := range []int{1, 3} {
		testNetworkFromFloat(t, buckets)
	}
}

func testNetworkFromFloat(t *testing.T, buckets int) {
	const h = 128
	r := rand.New(rand.NewPCG(7, 7))
	w1, b1, w2, b2 := make([]float32, NetInputs*h), make([]float32, h), make([]float32, buckets*h), make([]float32, buckets)
	for i := range w1 {
		w1[i] = (r.Float32()*2 - 1) * 0.3
	}
	for j := range b1 {
		b1[j], w2[j] = r.Float32(), (r.Float32()*2-1)*0.5
	}
	for i := h; i < len(w2); i++ {
		w2[i] = (r.Float32()*2 - 1) * 0.5
	}
	for b := range b2 {
		b2[b] = 0.25 * float32(b+1)
	}
	n, err := NetworkFromFloat(h, w1, b1, w2, b2)
	if err != nil {
		t.Fatal(err)
	}
	if n.Buckets() != buckets {
		t.Fatalf("%d buckets, want %d", n.Buckets(), buckets)
	}
	for _, p := range randomPositions(100) {
		var in []int
		own, opp, kings := p.Pieces[p.Turn], p.Pieces[p.Turn^1], p.Kings
		if p.Turn == movegen.White {
			f := p.Flip()
			own, opp, kings = f.Pieces[f.Turn], f.Pieces[f.Turn^1], f.Kings
		}
		for k, b := range [4]movegen.Bitboard{own &^ kings, own & kings, opp &^ kings, opp & kings} {
			for s := 0; s < movegen.NumSquares; s++ {
				if b&(1<<s) != 0 {
					in = append(in, k*movegen.NumSquares+s)
				}
			}
		}
		bk := NetBucket(p.Occupied().Count(), buckets)
		out := float64(b2[bk])
		for j := 0; j < h; j++ {
			a := float64(b1[j])
			for _, i := range in {
				a += float64(w1[i*h+j])
			}
			out += float64(w2[bk*h+j]) * min(max(a, 0), 1)
		}
		// Rounding the first layer to 1/255 moves a unit's sum by some
		// 0.01, the score by 3 or 4 centi-men (one standard deviation).
		if got := n.Evaluate(&p); math.Abs(float64(got)-100*out) > 12 {
			t.Fatalf("%d buckets, %s: %d, floats give %.2f", buckets, p.FEN(), got, 100*out)
		}
	}
	// Float undoes the quantisation: its weights quantise to n again.
	fw1, fb1, fw2, fb2 := n.Float()
	if m, err := NetworkFromFloat(h, fw1, fb1, fw2, fb2); err != nil {
		t.Fatal(err)
	} else if !sameNetwork(m, n) {
		t.Error("NetworkFromFloat(n.Float()) is not n")
	}
	w1[5*h] = 200
	if _, err := NetworkFromFloat(h, w1, b1, w2, b2); err == nil {
		t.Error("a weight out of int16's range: no error")
	}
	w1[5*h] = 0
	for i := 0; i < maxPieces; i++ {
		w1[i*h+3] = 6 // 24 pieces on these inputs: 24 x 6 x 255 passes int16's 32767
	}
	if _, err := NetworkFromFloat(h, w1, b1, w2, b2); err == nil || !strings.Contains(err.Error(), "overflow") {
		t.Errorf("a unit that can overflow: error %v", err)
	}
	if _, err := NetworkFromFloat(100, w1[:NetInputs*100], b1[:100], w2[:100], b2[:1]); err == nil {
		t.Error("100 hidden units: no error")
	}
	if _, err := NetworkFromFloat(h, w1, b1, w2[:h], b2[:0]); err == nil {
		t.Error("no output: no error")
	}
}

// TestBadNetworkFiles checks that a damaged network in a weight file gives
// an error naming the damage.
func TestBadNetworkFiles(t *testing.T) {
	var nb bytes.Buffer
	if err := netFile(128, 1).Write(&nb); err != nil {
		t.Fatal(err)
	}
	raw := gunzipped(t, nb.Bytes())
	nb.Reset()
	if err := net2File(128, 16, 2).Write(&nb); err != nil {
		t.Fatal(err)
	}
	raw2 := gunzipped(t, nb.Bytes())
	// After the header and provenance: the first rule set's variant and
	// model bytes, then its network's input and hidden-unit counts.
	at := len(weightMagic) + 6 + len(Default().Provenance)
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"an unknown model", resealed(raw, at+1, 7), "model 7"},
		{"a bucketed network of 1 bucket", resealed(func() []byte {
			b := bytes.Clone(raw)
			b[at+1], b[at+7] = modelBuckets, 0 // the count, little-endian 1
			return b
		}(), at+6, 1), "1 output buckets"},
		{"other inputs", resealed(raw, at+2, 100), "100 inputs"},
		{"hidden units not a multiple of 128", resealed(raw, at+4, 100), "hidden units"},
		{"a second layer of 12 units", resealed(raw2, at+8, 12), "12 second-layer units"},
		{"a second layer of no units", resealed(raw2, at+8, 0), "0 second-layer units"},
		{"a second layer of 0 buckets", resealed(raw2, at+6, 0), "0 output buckets"},
		{"the weights cut short", func() []byte {
			b := bytes.Clone(raw[:at+4+2+1000])
			return gzipped(binary.LittleEndian.AppendUint32(b, crc32.ChecksumIEEE(b)))
		}(), "cut short"},
	} {
		_, err := ReadWeights(bytes.NewReader(tt.data))
		if !errors.Is(err, ErrBadWeights) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want ErrBadWeights saying %q", tt.name, err, tt.want)
		}
	}
}
