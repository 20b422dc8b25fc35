package movegen

// Result is a game's result from one side's view: what an endgame
// database holds for a position (egdb), what a search proves (search's
// claim), what a training record stores (train). It is Crown's one
// vocabulary of results; numbers fixed elsewhere (a file format,
// CheckerBoard's codes) are converted where they are read and written.
// The order makes a better result greater: Loss < Draw < Win.
type Result uint8

// The results. Unknown is none: a position the database does not hold, a
// result not proven, a game not over.
const (
	Unknown Result = iota
	Loss
	Draw
	Win
)

// String returns "unknown", "loss", "draw" or "win".
func (r Result) String() string {
	switch r {
	case Loss:
		return "loss"
	case Draw:
		return "draw"
	case Win:
		return "win"
	}
	return "unknown"
}

// Negate returns the result for the other side: a win for one is a loss
// for the other; a draw and Unknown stay.
func (r Result) Negate() Result {
	switch r {
	case Loss:
		return Win
	case Win:
		return Loss
	}
	return r
}
