package eval

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/crown-checkers/crown/movegen"
)

// NetInputs is the number of a network's inputs: own men, own kings,
// enemy men, enemy kings, a square each, seen from the side to move.
const NetInputs = 4 * movegen.NumSquares

// NetHiddenStep is the granularity of a network's hidden layer: the AVX2
// kernel keeps 128 int16 sums in registers.
const NetHiddenStep = 128

// Network is a one-hidden-layer network over piece squares (NetInputs):
// H hidden units, each the clipped sum (to [0, netQA]) of its bias B1 and
// the first-layer weights W1 of the inputs that are on, then the output
// of the position's bucket (NetBucket): its bias B2 plus the units times
// its weights in W2. The inputs are the side to move's, so the score is
// exactly colour-symmetric whatever the weights.
//
// With a second hidden layer (H2 units), each second unit is the clipped
// sum of its bias BH and the first units' activations times WH, scaled
// back by netQH, and the outputs read the second units instead.
type Network struct {
	H  int     // hidden units, a multiple of NetHiddenStep
	W1 []int16 // the first layer, input by input: W1[i*H+j] joins input i to unit j
	B1 []int16 // the units' biases
	H2 int     // the second layer's units (0: none), a multiple of NetHidden2Step
	WH []int16 // the second layer, unit by unit: WH[k*H+j] joins first unit j to second unit k
	BH []int32 // the second units' biases
	W2 []int16 // the output weights, bucket by bucket: W2[b*w+j] joins unit j to output b, w H2 (or H without it)
	B2 []int32 // the output biases, a bucket each: their number is the network's outputs
}

// Buckets returns n's number of outputs (by the number of pieces; 1: one
// for all).
func (n *Network) Buckets() int { return len(n.B2) }

// MaxBuckets bounds a network's outputs: more than a bucket for every
// two piece counts would leave each too few positions to learn from.
const MaxBuckets = 12

// NetBucket returns which of buckets outputs scores a position of pieces
// pieces: the piece counts 1 to 24 split into buckets equal runs, so that
// the opening, the middle game and the ending each weigh the hidden units
// their own way.
func NetBucket(pieces, buckets int) int {
	return min(max(pieces-1, 0)*buckets/maxPieces, buckets-1)
}

// bucket returns the output of n that scores p.
func (n *Network) bucket(p *movegen.Position) int {
	if len(n.B2) <= 1 {
		return 0
	}
	return NetBucket(p.Occupied().Count(), len(n.B2))
}

// Quantisation: a hidden unit's activation 1.0 is netQA, an output weight
// 1.0 is netQB, an output 1.0 is 100 centi-men. A second layer's weight
// 1.0 is netQH (its sums are netQA*netQH a unit, brought back to netQA by
// a shift of netQHShift): weights up to 128 in int16, to 1/256.
const (
	netQA      = 255
	netQB      = 256
	netQHShift = 8
	netQH      = 1 << netQHShift
)

// NetHidden2Step is a second hidden layer's granularity, and MaxHidden2
// its largest width in a weight file: the layer is a small one after a
// wide first.
const (
	NetHidden2Step = 8
	MaxHidden2     = 64
)

// NetInputsOf lists the inputs of p that are on into in, in increasing
// order, and returns how many there are: the squares of the side to
// move's men (0-31), its kings (32-63), the other side's men (64-95) and
// kings (96-127), the board turned half a turn when White is to move.
func NetInputsOf(p *movegen.Position, in *[movegen.NumSquares]uint32) int {
	var b [4]uint32
	inputBoards(p, &b)
	n := 0
	for k, x := range b {
		for ; x != 0; x &= x - 1 {
			in[n] = uint32(k*movegen.NumSquares + bits.TrailingZeros32(x))
			n++
		}
	}
	return n
}

// Evaluate returns the network's score of p from the side to move's view.
func (n *Network) Evaluate(p *movegen.Position) int {
	var rows [movegen.NumSquares]uint32
	k := NetInputsOf(p, &rows)
	b := n.bucket(p)
	if n.H2 > 0 {
		var acc [MaxHidden]int16
		return n.score(n.sum(n.B1, acc[:n.H], rows[:k], nil, b), b)
	}
	return n.score(n.sum(n.B1, nil, rows[:k], nil, b), b)
}

// layer2Go is layer2 in plain Go: bucket b's output before its bias from
// the first units' sums acc, through the second layer.
func (n *Network) layer2Go(acc []int16, b int) int32 {
	acc = acc[:n.H]
	var sums [MaxHidden2]int32
	for k := range n.H2 {
		for j, w := range n.WH[k*n.H : (k+1)*n.H] {
			sums[k] += int32(min(max(acc[j], 0), netQA)) * int32(w)
		}
	}
	return n.layer2Out(sums[:n.H2], b)
}

// layer2Out returns bucket b's output before its bias from the second
// units' sums before their biases.
func (n *Network) layer2Out(sums []int32, b int) int32 {
	var out int32
	w2 := n.W2[b*n.H2 : (b+1)*n.H2]
	for k, s := range sums {
		out += min(max((s+n.BH[k])>>netQHShift, 0), netQA) * int32(w2[k])
	}
	return out
}

// score turns the kernel's output sum of bucket b into centi-men.
func (n *Network) score(sum int32, b int) int {
	return int((int64(n.B2[b]) + int64(sum)) * 100 / (netQA * netQB))
}

// forward is the kernel in plain Go: the first layer's sums are base plus
// the rows of the inputs add less those of sub; they are stored in dst
// unless it is nil, and bucket b's output before its bias is returned
// (with a second layer, dst is required and the output is layer2's).
// The int16 sums wrap, so the order of the rows does not change the
// result.
func (n *Network) forward(base, dst []int16, add, sub []uint32, b int) int32 {
	var out int32
	var acc [NetHiddenStep]int16
	for c := 0; c < n.H; c += NetHiddenStep {
		copy(acc[:], base[c:c+NetHiddenStep])
		for _, r := range add {
			row := n.W1[int(r)*n.H+c : int(r)*n.H+c+NetHiddenStep]
			for j := range acc {
				acc[j] += row[j]
			}
		}
		for _, r := range sub {
			row := n.W1[int(r)*n.H+c : int(r)*n.H+c+NetHiddenStep]
			for j := range acc {
				acc[j] -= row[j]
			}
		}
		if dst != nil {
			copy(dst[c:c+NetHiddenStep], acc[:])
		}
		if n.H2 > 0 {
			continue
		}
		w2 := n.W2[b*n.H+c : b*n.H+c+NetHiddenStep]
		for j, a := range acc {
			out += int32(min(max(a, 0), netQA)) * int32(w2[j])
		}
	}
	if n.H2 > 0 {
		return n.layer2(dst, b)
	}
	return out
}

// maxPieces is the most pieces a position has: twelve a side.
const maxPieces = 24

// NetworkFromFloat quantises float weights (activations clipped to [0, 1],
// output in men) of h hidden units and len(b2) buckets. Weights out of
// int16's range, or a unit whose sum could leave it, are an error.
func NetworkFromFloat(h int, w1, b1, w2, b2 []float32) (*Network, error) {
	return TwoLayersFromFloat(h, 0, w1, b1, nil, nil, w2, b2)
}

// TwoLayersFromFloat is NetworkFromFloat for a network with a second
// hidden layer of h2 units (0: none): wh joins them to the first layer's,
// first unit by first unit (wh[j*h2+k] joins j to k, the trainer's
// order), bh are their biases, and w2 reads them, h2 weights a bucket.
func TwoLayersFromFloat(h, h2 int, w1, b1, wh, bh, w2, b2 []float32) (*Network, error) {
	nb := len(b2)
	width := h
	if h2 > 0 {
		width = h2
	}
	if h <= 0 || h%NetHiddenStep != 0 || h > MaxHidden || nb < 1 || nb > MaxBuckets || len(w1) != NetInputs*h || len(b1) != h || len(w2) != nb*width ||
		h2 < 0 || h2%NetHidden2Step != 0 || h2 > MaxHidden2 || len(wh) != h*h2 || len(bh) != h2 {
		return nil, fmt.Errorf("eval: network of %d and %d hidden units and %d buckets: bad sizes", h, h2, nb)
	}
	n := &Network{H: h, W1: make([]int16, len(w1)), B1: make([]int16, h), H2: h2, W2: make([]int16, nb*width), B2: make([]int32, nb)}
	q := func(x float32, s float64) (int16, error) {
		v := math.Round(float64(x) * s)
		if v > math.MaxInt16 || v < math.MinInt16 {
			return 0, fmt.Errorf("eval: network weight %g out of range", x)
		}
		return int16(v), nil
	}
	var err error
	for i, x := range w1 {
		if n.W1[i], err = q(x, netQA); err != nil {
			return nil, err
		}
	}
	for i := range w2 {
		if n.W2[i], err = q(w2[i], netQB); err != nil {
			return nil, err
		}
	}
	for j := range b1 {
		if n.B1[j], err = q(b1[j], netQA); err != nil {
			return nil, err
		}
		// The most a unit's int16 sum can reach: its bias and its
		// largest rows of one sign, one a piece.
		col := make([]int, NetInputs)
		for i := range col {
			col[i] = int(n.W1[i*h+j])
		}
		slices.Sort(col)
		lo, hi := int(n.B1[j]), int(n.B1[j])
		for i := 0; i < maxPieces; i++ {
			lo += min(col[i], 0)
			hi += max(col[NetInputs-1-i], 0)
		}
		if lo < math.MinInt16 || hi > math.MaxInt16 {
			return nil, fmt.Errorf("eval: network unit %d can overflow its sum (%d to %d)", j, lo, hi)
		}
	}
	for b, x := range b2 {
		n.B2[b] = int32(math.Round(float64(x) * netQA * netQB))
	}
	if h2 > 0 {
		n.WH, n.BH = make([]int16, h2*h), make([]int32, h2)
		for k := range h2 {
			bias := math.Round(float64(bh[k]) * netQA * netQH)
			// The most a second unit's int32 sum can reach: its bias and
			// every first unit fully open on its weight's side.
			most := math.Abs(bias)
			for j := range h {
				if n.WH[k*h+j], err = q(wh[j*h2+k], netQH); err != nil {
					return nil, err
				}
				most += netQA * math.Abs(float64(n.WH[k*h+j]))
			}
			if most > math.MaxInt32 {
				return nil, fmt.Errorf("eval: network's second unit %d can overflow its sum", k)
			}
			n.BH[k] = int32(bias)
		}
	}
	return n, nil
}

// Float returns n's weights in float32, the inverse of NetworkFromFloat:
// NetworkFromFloat of them gives n back. A trainer starts from them to fit
// on from n. A network with a second layer has more (n.H2 > 0); their
// caller must check.
func (n *Network) Float() (w1, b1, w2, b2 []float32) {
	w1, b1, w2, b2 = make([]float32, len(n.W1)), make([]float32, len(n.B1)), make([]float32, len(n.W2)), make([]float32, len(n.B2))
	for i, x := range n.W1 {
		w1[i] = float32(x) / netQA
	}
	for j, x := range n.B1 {
		b1[j] = float32(x) / netQA
	}
	for i, x := range n.W2 {
		w2[i] = float32(x) / netQB
	}
	for b, x := range n.B2 {
		b2[b] = float32(float64(x) / (netQA * netQB))
	}
	return w1, b1, w2, b2
}

// MaxHidden bounds a network's hidden layer in a weight file.
const MaxHidden = 4096

// appendTo appends n in the weight file's network layout: that of one
// output (modelNetwork) when n has one, which older builds read too; the
// bucket count follows the width when n is bucketed or has a second layer
// (modelBuckets, modelTwoLayers), then the second layer's width (the
// latter), the int16 weights and the int32 biases.
func (n *Network) appendTo(b []byte) []byte {
	le := binary.LittleEndian
	b = le.AppendUint16(b, NetInputs)
	b = le.AppendUint16(b, uint16(n.H))
	if nb := n.Buckets(); nb > 1 || n.H2 > 0 {
		b = le.AppendUint16(b, uint16(nb))
	}
	if n.H2 > 0 {
		b = le.AppendUint16(b, uint16(n.H2))
	}
	for _, xs := range [][]int16{n.W1, n.B1, n.WH, n.W2} {
		for _, x := range xs {
			b = le.AppendUint16(b, uint16(x))
		}
	}
	for _, xs := range [][]int32{n.BH, n.B2} {
		for _, x := range xs {
			b = le.AppendUint32(b, uint32(x))
		}
	}
	return b
}

// model returns the weight file's model number for n.
func (n *Network) model() byte {
	switch {
	case n.H2 > 0:
		return modelTwoLayers
	case n.Buckets() > 1:
		return modelBuckets
	}
	return modelNetwork
}

// readNetwork reads a network of the given model in the weight file's
// layout (appendTo) from the start of d, and returns it and the bytes
// after it.
func readNetwork(d []byte, model byte) (*Network, []byte, error) {
	le := binary.LittleEndian
	if len(d) < 6 {
		return nil, nil, fmt.Errorf("cut short")
	}
	in, h, nb, h2 := int(le.Uint16(d)), int(le.Uint16(d[2:])), 1, 0
	if in != NetInputs {
		return nil, nil, fmt.Errorf("%d inputs, this model has %d", in, NetInputs)
	}
	if h == 0 || h%NetHiddenStep != 0 || h > MaxHidden {
		return nil, nil, fmt.Errorf("%d hidden units, want a multiple of %d up to %d", h, NetHiddenStep, MaxHidden)
	}
	d = d[4:]
	switch model {
	case modelBuckets:
		if nb = int(le.Uint16(d)); nb < 2 || nb > MaxBuckets {
			return nil, nil, fmt.Errorf("%d output buckets, want 2 to %d", nb, MaxBuckets)
		}
		d = d[2:]
	case modelTwoLayers:
		if len(d) < 4 {
			return nil, nil, fmt.Errorf("cut short")
		}
		if nb = int(le.Uint16(d)); nb < 1 || nb > MaxBuckets {
			return nil, nil, fmt.Errorf("%d output buckets, want 1 to %d", nb, MaxBuckets)
		}
		if h2 = int(le.Uint16(d[2:])); h2 == 0 || h2%NetHidden2Step != 0 || h2 > MaxHidden2 {
			return nil, nil, fmt.Errorf("%d second-layer units, want a multiple of %d up to %d", h2, NetHidden2Step, MaxHidden2)
		}
		d = d[4:]
	}
	width := h
	if h2 > 0 {
		width = h2
	}
	n := &Network{H: h, W1: make([]int16, NetInputs*h), B1: make([]int16, h), H2: h2, WH: make([]int16, h2*h),
		BH: make([]int32, h2), W2: make([]int16, nb*width), B2: make([]int32, nb)}
	if h2 == 0 {
		n.WH, n.BH = nil, nil
	}
	if len(d) < 2*(len(n.W1)+len(n.B1)+len(n.WH)+len(n.W2))+4*(len(n.BH)+nb) {
		return nil, nil, fmt.Errorf("weights cut short")
	}
	for _, xs := range [][]int16{n.W1, n.B1, n.WH, n.W2} {
		for i := range xs {
			xs[i] = int16(le.Uint16(d))
			d = d[2:]
		}
	}
	for _, xs := range [][]int32{n.BH, n.B2} {
		for i := range xs {
			xs[i] = int32(le.Uint32(d))
			d = d[4:]
		}
	}
	return n, d, nil
}
