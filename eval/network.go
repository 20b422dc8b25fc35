package eval

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"

	"github.com/crown-checkers/crown/movegen"
)

// NetInputs is the number of a network's inputs: own men, own kings,
// enemy men, enemy kings, a square each, seen from the side to move.
const NetInputs = 4 * movegen.NumSquares

// NetHiddenStep is the granularity of a network's hidden layer: the AVX2
// kernel keeps 128 int16 sums in registers.
const NetHiddenStep = 128

// Network is a one-hidden-layer network over piece squares.
type Network struct {
	H  int
	W1 []int16 // [NetInputs][H]
	B1 []int16
	W2 []int16
	B2 int32
}

// Quantisation: a hidden unit's activation 1.0 is netQA, an output weight
// 1.0 is netQB, an output 1.0 is 100 centi-men.
const (
	netQA = 255
	netQB = 256
)

// Evaluate returns the network's score of p from the side to move's view.
func (n *Network) Evaluate(p *movegen.Position) int {
	own, opp := p.Pieces[p.Turn], p.Pieces[p.Turn^1]
	kings := p.Kings
	if p.Turn == movegen.White {
		own = movegen.Bitboard(bits.Reverse32(uint32(own)))
		opp = movegen.Bitboard(bits.Reverse32(uint32(opp)))
		kings = movegen.Bitboard(bits.Reverse32(uint32(kings)))
	}
	var rows [movegen.NumSquares]uint32
	k := 0
	list := func(b movegen.Bitboard, off int) {
		for x := uint32(b); x != 0; x &= x - 1 {
			rows[k] = uint32(off + bits.TrailingZeros32(x))
			k++
		}
	}
	list(own&^kings, 0)
	list(own&kings, 32)
	list(opp&^kings, 64)
	list(opp&kings, 96)
	return int((int64(n.B2) + int64(n.sum(rows[:k]))) * 100 / (netQA * netQB))
}

// forward is the kernel in plain Go: the output before its bias, from the
// first layer's rows of the inputs that are on.
func (n *Network) forward(rows []uint32) int32 {
	var out int32
	var acc [NetHiddenStep]int16
	for c := 0; c < n.H; c += NetHiddenStep {
		copy(acc[:], n.B1[c:c+NetHiddenStep])
		for _, r := range rows {
			row := n.W1[int(r)*n.H+c : int(r)*n.H+c+NetHiddenStep]
			for j := range acc {
				acc[j] += row[j]
			}
		}
		w2 := n.W2[c : c+NetHiddenStep]
		for j, a := range acc {
			out += int32(min(max(a, 0), netQA)) * int32(w2[j])
		}
	}
	return out
}

// NetworkFromFloat quantises float weights (activations clipped to [0, 1],
// output in men).
func NetworkFromFloat(h int, w1, b1, w2 []float32, b2 float32) (*Network, error) {
	if h <= 0 || h%NetHiddenStep != 0 || len(w1) != NetInputs*h || len(b1) != h || len(w2) != h {
		return nil, fmt.Errorf("eval: network of %d hidden units: bad sizes", h)
	}
	n := &Network{H: h, W1: make([]int16, len(w1)), B1: make([]int16, h), W2: make([]int16, h)}
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
	for j := range b1 {
		if n.B1[j], err = q(b1[j], netQA); err != nil {
			return nil, err
		}
		if n.W2[j], err = q(w2[j], netQB); err != nil {
			return nil, err
		}
		// The most a unit's accumulator can reach: its bias and its 24 largest rows of one sign.
		var pos, neg []float64
		for i := 0; i < NetInputs; i++ {
			v := float64(n.W1[i*h+j])
			if v > 0 {
				pos = append(pos, v)
			} else {
				neg = append(neg, -v)
			}
		}
		if top(pos, 24)+math.Abs(float64(n.B1[j])) > math.MaxInt16 || top(neg, 24)+math.Abs(float64(n.B1[j])) > math.MaxInt16 {
			return nil, fmt.Errorf("eval: network unit %d can overflow its accumulator", j)
		}
	}
	n.B2 = int32(math.Round(float64(b2) * netQA * netQB))
	return n, nil
}

func top(xs []float64, k int) float64 {
	s := 0.0
	for ; k > 0 && len(xs) > 0; k-- {
		m := 0
		for i := range xs {
			if xs[i] > xs[m] {
				m = i
			}
		}
		s += xs[m]
		xs = append(xs[:m], xs[m+1:]...)
	}
	return s
}

// MaxHidden bounds a network's hidden layer in a weight file.
const MaxHidden = 4096

// appendTo appends n in the weight file's network layout.
func (n *Network) appendTo(b []byte) []byte {
	le := binary.LittleEndian
	b = le.AppendUint16(b, NetInputs)
	b = le.AppendUint16(b, uint16(n.H))
	for _, xs := range [][]int16{n.W1, n.B1, n.W2} {
		for _, x := range xs {
			b = le.AppendUint16(b, uint16(x))
		}
	}
	return le.AppendUint32(b, uint32(n.B2))
}

// readNetwork reads a network in the weight file's layout from the start
// of d and returns it and the bytes after it.
func readNetwork(d []byte) (*Network, []byte, error) {
	le := binary.LittleEndian
	if len(d) < 4 {
		return nil, nil, fmt.Errorf("cut short")
	}
	in, h := int(le.Uint16(d)), int(le.Uint16(d[2:]))
	if in != NetInputs {
		return nil, nil, fmt.Errorf("%d inputs, this model has %d", in, NetInputs)
	}
	if h == 0 || h%NetHiddenStep != 0 || h > MaxHidden {
		return nil, nil, fmt.Errorf("%d hidden units, want a multiple of %d up to %d", h, NetHiddenStep, MaxHidden)
	}
	d = d[4:]
	n := &Network{H: h, W1: make([]int16, NetInputs*h), B1: make([]int16, h), W2: make([]int16, h)}
	if len(d) < 2*(len(n.W1)+2*h)+4 {
		return nil, nil, fmt.Errorf("weights cut short")
	}
	for _, xs := range [][]int16{n.W1, n.B1, n.W2} {
		for i := range xs {
			xs[i] = int16(le.Uint16(d))
			d = d[2:]
		}
	}
	n.B2 = int32(le.Uint32(d))
	return n, d[4:], nil
}
