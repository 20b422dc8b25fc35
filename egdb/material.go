package egdb

import (
	"fmt"
	"math/bits"

	"github.com/crown-checkers/crown/movegen"
)

// MaxPieces bounds the pieces of a slice. Eight is far beyond what one
// machine builds (six pieces take minutes, eight days); it keeps the
// combinatorial tables and the material-indexed arrays small.
const MaxPieces = 8

// Material is a slice's material: men and kings of the side to move (always
// Black in a stored position) and of the other side (White).
type Material struct {
	BM, BK, WM, WK int
}

// MaterialOf returns the material of p as stored: of the side to move first.
// It flips nothing itself; call it on a position with Black to move.
func MaterialOf(p *movegen.Position) Material {
	return Material{
		BM: p.Men(movegen.Black).Count(), BK: p.KingsOf(movegen.Black).Count(),
		WM: p.Men(movegen.White).Count(), WK: p.KingsOf(movegen.White).Count(),
	}
}

// Pieces returns the number of pieces on the board.
func (m Material) Pieces() int { return m.BM + m.BK + m.WM + m.WK }

// Men returns the number of men of both sides.
func (m Material) Men() int { return m.BM + m.WM }

// Mirror returns the material with the sides swapped: where the slice's
// positions go after a move without capture or promotion.
func (m Material) Mirror() Material { return Material{m.WM, m.WK, m.BM, m.BK} }

// Valid reports whether m is a slice a database holds: no count negative,
// each side has a piece (a side without one has lost, so there is nothing to
// store), and at most MaxPieces in all.
func (m Material) Valid() bool {
	return m.BM >= 0 && m.BK >= 0 && m.WM >= 0 && m.WK >= 0 &&
		m.BM+m.BK > 0 && m.WM+m.WK > 0 && m.Pieces() <= MaxPieces
}

// String returns the slice name: "<men>m<kings>k-<men>m<kings>k", the side
// to move first.
func (m Material) String() string {
	return fmt.Sprintf("%dm%dk-%dm%dk", m.BM, m.BK, m.WM, m.WK)
}

// ParseMaterial reads a slice name written by String.
func ParseMaterial(s string) (Material, error) {
	var m Material
	var rest string
	n, err := fmt.Sscanf(s, "%dm%dk-%dm%dk%s", &m.BM, &m.BK, &m.WM, &m.WK, &rest)
	if n < 4 || (err != nil && n != 4) || m.String() != s || !m.Valid() {
		return Material{}, fmt.Errorf("egdb: bad slice name %q (want e.g. 1m2k-0m1k, at most %d pieces)", s, MaxPieces)
	}
	return m, nil
}

// Slices returns every slice of up to n pieces in build order: fewer pieces
// first, then fewer men, so that every slice comes after those its captures
// and promotions lead into. A slice and its mirror are adjacent, and a
// builder takes them together.
func Slices(n int) []Material {
	var out []Material
	for p := 2; p <= min(n, MaxPieces); p++ {
		for bm := 0; bm <= p; bm++ {
			for bk := 0; bm+bk <= p; bk++ {
				for wm := 0; bm+bk+wm <= p; wm++ {
					m := Material{bm, bk, wm, p - bm - bk - wm}
					if m.Valid() {
						out = append(out, m)
					}
				}
			}
		}
	}
	sortBuildOrder(out)
	return out
}

// buildLess orders slices for building: fewer pieces first, then fewer
// men, then by pairKey.
func buildLess(a, b Material) bool {
	if a.Pieces() != b.Pieces() {
		return a.Pieces() < b.Pieces()
	}
	if a.Men() != b.Men() {
		return a.Men() < b.Men()
	}
	return pairKey(a) < pairKey(b)
}

// pairKey orders slices so that a slice and its mirror are adjacent: both
// have the same key, the smaller of the two materials' codes, and then the
// one with that code comes first.
func pairKey(m Material) int {
	a, b := m.code(), m.Mirror().code()
	if a <= b {
		return 2 * a
	}
	return 2*b + 1
}

// codeBase is the radix of a material code: every count is 0..MaxPieces.
const codeBase = MaxPieces + 1

// numCodes is the number of material codes, the size of arrays indexed by
// material.
const numCodes = codeBase * codeBase * codeBase * codeBase

// code numbers a material 0..numCodes-1, for arrays indexed by material.
func (m Material) code() int {
	return ((m.BM*codeBase+m.BK)*codeBase+m.WM)*codeBase + m.WK
}

// materialCode is the code of p's material (Black to move), without
// building a Material.
func materialCode(p *movegen.Position) int {
	bm := bits.OnesCount32(uint32(p.Pieces[movegen.Black] &^ p.Kings))
	bk := bits.OnesCount32(uint32(p.Pieces[movegen.Black] & p.Kings))
	wm := bits.OnesCount32(uint32(p.Pieces[movegen.White] &^ p.Kings))
	wk := bits.OnesCount32(uint32(p.Pieces[movegen.White] & p.Kings))
	return ((bm*codeBase+bk)*codeBase+wm)*codeBase + wk
}
