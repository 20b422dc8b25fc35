package movegen

import (
	"fmt"
	"strconv"
)

// Variant names a rule set.
type Variant uint8

// The rule sets Crown plays.
const (
	// American is American checkers / English draughts, PDN GameType 21.
	American Variant = iota
	// Pool is American Pool checkers, PDN GameType 23.
	Pool
	// NumVariants is the number of rule sets: tables indexed by Variant
	// have this many entries, and any Variant from it up is no rule set.
	NumVariants
)

// Rules carries every difference between the rule sets that is data: draw
// rules, names, what pieces may do. The move generator's code differences
// live in per-rule-set functions chosen once per call (gen.go, perft.go).
type Rules struct {
	Variant  Variant
	Name     string // command-line name: "american" or "pool"
	Title    string // human-readable name
	GameType int    // PDN GameType tag value
	// DrawMoves is the number of moves by each side with no man move and no
	// capture after which the game is drawn (40 in American; 25 by default
	// in Pool, where some sources name 30).
	DrawMoves int
	// ThreeKingsMoves, when positive, is the number of its own moves within
	// which three kings must beat a lone king, counted from when that
	// material first appears; otherwise the game is drawn (Pool: 13).
	ThreeKingsMoves int
	// FlyingKings is true where kings move and capture at any distance.
	FlyingKings bool
}

var rulesTable = [NumVariants]Rules{
	American: {
		Variant: American, Name: "american", Title: "American checkers", GameType: 21,
		DrawMoves: 40,
	},
	Pool: {
		Variant: Pool, Name: "pool", Title: "American Pool checkers", GameType: 23,
		DrawMoves:       25,
		ThreeKingsMoves: 13,
		FlyingKings:     true,
	},
}

// DrawPlies returns the number of plies with no man move and no capture
// that draws the game: CheckerBoard declares the move-count draw one ply
// before 2*DrawMoves (after 79 plies in American), and Crown adjudicates and
// scores it the same way.
func (r *Rules) DrawPlies() int { return 2*r.DrawMoves - 1 }

// Rules returns the rule set of v. It panics when v is no rule set (see
// unknownVariant).
func (v Variant) Rules() *Rules {
	if v >= NumVariants {
		panic(unknownVariant(v))
	}
	return &rulesTable[v]
}

// unknownVariant is the panic value for a Variant that names no rule set.
// A Variant comes from the constants, ParseVariant or VariantForGameType, so
// another value is a programming error, and playing it by some other rule
// set's rules would go wrong quietly: the code that picks a rule set's
// functions or data stops the program instead. Being an error, it prints
// its message when the panic does.
type unknownVariant Variant

// Error says which value came and which rule sets there are.
func (v unknownVariant) Error() string {
	return "movegen: unknown variant " + strconv.Itoa(int(v)) + " (the rule sets are American and Pool)"
}

// String returns the variant's command-line name, or "Variant(n)" when v is
// no rule set (so that messages about a bad value can still name it).
func (v Variant) String() string {
	if v >= NumVariants {
		return "Variant(" + strconv.Itoa(int(v)) + ")"
	}
	return rulesTable[v].Name
}

// ParseVariant accepts a rule set by name ("american", "pool") or by PDN
// GameType number ("21", "23").
func ParseVariant(s string) (Variant, error) {
	for v := Variant(0); v < NumVariants; v++ {
		r := v.Rules()
		if s == r.Name || s == fmt.Sprint(r.GameType) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unknown variant %q (want american or pool, or GameType 21 or 23)", s)
}

// VariantForGameType returns the variant with the given PDN GameType number.
func VariantForGameType(gt int) (Variant, error) {
	for v := Variant(0); v < NumVariants; v++ {
		if v.Rules().GameType == gt {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unsupported game type %d (want 21 for American or 23 for Pool)", gt)
}
