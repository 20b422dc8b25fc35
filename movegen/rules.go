package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// Variant names a rule set.
type Variant uint8

// The rule sets Crown plays.
const (
	// American is American checkers / English draughts, PDN GameType 21.
	American Variant = iota
	// Pool is American Pool checkers, PDN GameType 23.
	Pool
	// Russian is Russian draughts (shashki), PDN GameType 25.
	Russian
	// Brazilian is Brazilian draughts (international rules on 8x8), 26.
	Brazilian
	// Czech is Czech draughts, PDN GameType 29.
	Czech
	// Italian is Italian draughts (dama italiana), PDN GameType 22.
	Italian
	// Spanish is Spanish draughts, PDN GameType 24.
	Spanish
	// Thai is Thai draughts (mak-hos), PDN GameType 31.
	Thai
	// NumVariants is the number of rule sets: tables indexed by Variant
	// have this many entries, and any Variant from it up is no rule set.
	NumVariants
)

// Precedence says which of the captures on the board a player may choose.
type Precedence uint8

// The capture precedence rules of the family (variants.md).
const (
	// AnyCapture: free choice among the captures, each taken to its end
	// (American, Pool, Russian, Thai).
	AnyCapture Precedence = iota
	// KingFirst: a king must capture if any king can (Czech).
	KingFirst
	// MostPieces: a capture of the most pieces (Brazilian).
	MostPieces
	// MostThenKings: the most pieces, then the most kings among them
	// (Spanish).
	MostThenKings
	// ItalianOrder: the most pieces, then a capture by a king, then the most
	// kings, then the kings met earliest (Italian, rules 6.6-6.9).
	ItalianOrder
)

// Numbering says where a game's square numbers 1-32 lie on the board.
type Numbering uint8

// The numberings of the family, as CheckerBoard's coordinates.c places
// them (PDN 3.0 leaves each game its own).
const (
	// EnglishNumbers: 1-4 on Black's back row from White's left (b8, d8,
	// f8, h8), 29-32 on White's (a1-g1); Crown's internal order.
	EnglishNumbers Numbering = iota
	// ItalianNumbers: the board of the other colour, each row numbered
	// the other way: 1-4 on Black's back row from White's right.
	ItalianNumbers
	// SpanishNumbers: the Italian numbers counted from the other end, 1-4
	// on White's back row.
	SpanishNumbers
)

// Rules carries every difference between the rule sets that is data: draw
// rules, names, what pieces may do. American and Pool have generators of
// their own (fast paths, gen.go and perft.go); the other games are played
// by one generator that reads the switches below (generic.go).
type Rules struct {
	Variant  Variant
	Name     string // command-line name: "american", "pool", "russian", ...
	Title    string // human-readable name
	GameType int    // PDN GameType tag value
	// CBGameType is CheckerBoard's gametype for the game, 0 where
	// CheckerBoard has none (Pool, Thai).
	CBGameType int
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
	// MenCaptureBack is true where men capture backward as well as forward.
	MenCaptureBack bool
	// CrownInCapture is true where a man that reaches the far row during a
	// capture is crowned at once and goes on capturing as a king (Russian).
	CrownInCapture bool
	// MenSpareKings is true where a man may not capture a king (Italian).
	MenSpareKings bool
	// LandBehind is true where a king that captures lands on the square
	// just beyond the piece it takes (Thai).
	LandBehind bool
	// TakeAtOnce is true where a captured piece comes off as it is taken,
	// so the capture may cross its square again (Thai); elsewhere captured
	// pieces stay until the move ends and block.
	TakeAtOnce bool
	// Precedence restricts the choice among captures.
	Precedence Precedence
	// FirstMover is the side that moves first from the start position.
	FirstMover Colour
	// MenPerSide is the number of men each side starts with on its first
	// rows: 12 (three rows), 8 in Thai (two rows).
	MenPerSide int
	// Mirrored is true for the games played on the squares of the other
	// colour (Italian, Spanish): the board is the mirror image of the
	// others', which changes notation and drawing, not play.
	Mirrored bool
	// Numbering is how the game numbers the squares 1-32.
	Numbering Numbering
	// Algebraic is true where the game is written with coordinates (c3-d4)
	// rather than square numbers; numbers are read too.
	Algebraic bool
	// generic is true for the games played by the rule-reading generator.
	generic bool
}

var rulesTable = [NumVariants]Rules{
	American: {
		Variant: American, Name: "american", Title: "American checkers", GameType: 21, CBGameType: 21,
		DrawMoves: 40, FirstMover: Black, MenPerSide: 12,
	},
	Pool: {
		Variant: Pool, Name: "pool", Title: "American Pool checkers", GameType: 23,
		DrawMoves:       25,
		ThreeKingsMoves: 13,
		FlyingKings:     true, MenCaptureBack: true, FirstMover: Black, MenPerSide: 12,
	},
	// The draw rules of the games below are the federations' as summarised
	// in docs/variants.md; the move rules are checked by the published perft
	// counts (testdata/variants-perft.tsv).
	Russian: {
		Variant: Russian, Name: "russian", Title: "Russian draughts", GameType: 25, CBGameType: 25,
		DrawMoves: 15, ThreeKingsMoves: 15,
		FlyingKings: true, MenCaptureBack: true, CrownInCapture: true,
		FirstMover: White, MenPerSide: 12, Algebraic: true, generic: true,
	},
	Brazilian: {
		Variant: Brazilian, Name: "brazilian", Title: "Brazilian draughts", GameType: 26, CBGameType: 26,
		DrawMoves: 25, ThreeKingsMoves: 16,
		FlyingKings: true, MenCaptureBack: true, Precedence: MostPieces,
		FirstMover: White, MenPerSide: 12, generic: true,
	},
	Czech: {
		Variant: Czech, Name: "czech", Title: "Czech draughts", GameType: 29, CBGameType: 29,
		DrawMoves:   30,
		FlyingKings: true, Precedence: KingFirst,
		FirstMover: White, MenPerSide: 12, Algebraic: true, generic: true,
	},
	Italian: {
		Variant: Italian, Name: "italian", Title: "Italian draughts", GameType: 22, CBGameType: 22,
		DrawMoves:     40,
		MenSpareKings: true, Precedence: ItalianOrder,
		FirstMover: White, MenPerSide: 12, Mirrored: true, Numbering: ItalianNumbers, generic: true,
	},
	Spanish: {
		Variant: Spanish, Name: "spanish", Title: "Spanish draughts", GameType: 24, CBGameType: 24,
		DrawMoves:   40,
		FlyingKings: true, Precedence: MostThenKings,
		FirstMover: White, MenPerSide: 12, Mirrored: true, Numbering: SpanishNumbers, generic: true,
	},
	Thai: {
		Variant: Thai, Name: "thai", Title: "Thai draughts", GameType: 31,
		DrawMoves:   40,
		FlyingKings: true, LandBehind: true, TakeAtOnce: true,
		FirstMover: White, MenPerSide: 8, Algebraic: true, generic: true,
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
	return "movegen: unknown variant " + strconv.Itoa(int(v)) + " (see movegen.NumVariants)"
}

// String returns the variant's command-line name, or "Variant(n)" when v is
// no rule set (so that messages about a bad value can still name it).
func (v Variant) String() string {
	if v >= NumVariants {
		return "Variant(" + strconv.Itoa(int(v)) + ")"
	}
	return rulesTable[v].Name
}

// ParseVariant accepts a rule set by name ("american", "pool", "russian",
// ...) or by PDN GameType number ("21", "23", "25", ...).
func ParseVariant(s string) (Variant, error) {
	for v := Variant(0); v < NumVariants; v++ {
		r := v.Rules()
		if s == r.Name || s == fmt.Sprint(r.GameType) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unknown variant %q (want %s, or a GameType: %s)", s, VariantNames(), gameTypes())
}

// VariantForGameType returns the variant with the given PDN GameType number.
func VariantForGameType(gt int) (Variant, error) {
	for v := Variant(0); v < NumVariants; v++ {
		if v.Rules().GameType == gt {
			return v, nil
		}
	}
	return 0, fmt.Errorf("unsupported game type %d (want one of %s)", gt, gameTypes())
}

// VariantNames lists the rule sets' names, comma-separated, for messages
// and help texts.
func VariantNames() string {
	names := make([]string, 0, NumVariants)
	for v := Variant(0); v < NumVariants; v++ {
		names = append(names, v.String())
	}
	return strings.Join(names, ", ")
}

// gameTypes lists the GameType numbers with their games, for messages.
func gameTypes() string {
	s := make([]string, 0, NumVariants)
	for v := Variant(0); v < NumVariants; v++ {
		s = append(s, fmt.Sprintf("%d %s", v.Rules().GameType, v))
	}
	return strings.Join(s, ", ")
}
