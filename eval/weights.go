package eval

import "github.com/crown-checkers/crown/movegen"

// Weights are the evaluation's tunable numbers for one rule set, in
// centi-men. "Mg" values apply with all pieces on the board, "Eg" values in
// the ending; between them the evaluation interpolates by the number of
// pieces left. A tuning run can replace the table wholesale.
type Weights struct {
	Man  int // a man
	King int // a king
	// Exchange rewards the side ahead for trading down: the material lead
	// times the share of the 24 pieces gone, divided by Exchange.
	Exchange int

	// BackRank is the bonus for each man still on its own back row, by
	// square from the left (PDN 1-4 for Black), while the opponent has men
	// that could crown; Bridge is the extra for the pair 1 and 3 (the
	// classic guard against a lone invader).
	BackRank [4]int
	Bridge   int

	// ManRowMg/Eg are bonuses by how far a man has advanced (row 0 = own
	// back row): tempo matters little early and decides the ending.
	ManRowMg, ManRowEg [8]int
	// CentreMg/Eg for a man on the four centre squares, CentreRing for the
	// four around them. EdgeMan for a man on a side file.
	CentreMg, CentreEg, CentreRing, EdgeMan int

	// KingCentre and KingEdge for kings on the centre block or the side
	// files; KingMainRoad for a king on the long diagonal (29-4) and
	// KingDoubleRoad on the double diagonals (1-28, 5-32).
	KingCentre, KingEdge, KingMainRoad, KingDoubleRoad int

	// Runaway is the bonus for a man with an empty path to the crowning
	// row; RunawayStep is taken off per row still to go.
	Runaway, RunawayStep int

	// MobilityMg/Eg per quiet move more than the opponent.
	MobilityMg, MobilityEg int

	// Ending of kings only. KingsWin is the bonus for the side with more
	// kings where that wins; Hunt rewards driving the weak king from the
	// double corners (per square of distance) and HuntApproach bringing
	// the kings closer (per square). DrawShift: a drawish ending's score
	// is divided by 2^DrawShift. HuntMobility is taken off per move the
	// weak king has; HuntRoad is for holding the long diagonal and
	// HuntDoubles for each double diagonal held (Pool's winning set-up);
	// HuntOffDoubles and HuntOffNext reward having driven the weak king off
	// the double diagonals and off the two diagonals beside the long one.
	KingsWin, Hunt, HuntApproach, HuntMobility, HuntRoad, HuntDoubles, HuntOffDoubles, HuntOffNext, DrawShift int
}

// weights holds the table of each rule set, indexed by movegen.Variant;
// a test checks that every rule set has one.
var weights = [movegen.NumVariants]Weights{
	movegen.American: {
		Man: 100, King: 135, Exchange: 3,
		BackRank: [4]int{10, 6, 10, 4}, Bridge: 8,
		ManRowMg: [8]int{0, 1, 3, 5, 7, 9, 12, 0},
		ManRowEg: [8]int{0, 4, 9, 14, 20, 27, 36, 0},
		CentreMg: 8, CentreEg: 3, CentreRing: 3, EdgeMan: -3,
		KingCentre: 10, KingEdge: -10, KingMainRoad: 0, KingDoubleRoad: 3,
		Runaway: 70, RunawayStep: 7,
		MobilityMg: 1, MobilityEg: 3,
		KingsWin: 250, Hunt: 8, HuntApproach: 4, HuntMobility: 0, DrawShift: 2,
	},
	movegen.Pool: { // flying kings dominate
		Man: 100, King: 260, Exchange: 3,
		BackRank: [4]int{10, 8, 10, 6}, Bridge: 6,
		ManRowMg: [8]int{0, 1, 3, 5, 8, 12, 18, 0},
		ManRowEg: [8]int{0, 5, 11, 18, 27, 38, 52, 0},
		CentreMg: 8, CentreEg: 3, CentreRing: 3, EdgeMan: -2,
		KingCentre: 4, KingEdge: -4, KingMainRoad: 25, KingDoubleRoad: 8,
		Runaway: 90, RunawayStep: 10,
		MobilityMg: 1, MobilityEg: 2,
		KingsWin: 250, Hunt: 0, HuntApproach: 2, HuntMobility: 4, HuntRoad: 40, HuntDoubles: 20, HuntOffDoubles: 20, HuntOffNext: 20, DrawShift: 5,
	},
}
