package play

// DrawMargin is how far ahead, in centi-men from its own view, the engine
// may see itself and still call the position level: a draw offered there
// is accepted.
const DrawMargin = 10

// AcceptsDraw reports whether the engine accepts a draw offered by its
// opponent, from its search's score of the position in its own view
// (search units, one man 100): when its evaluation says the position is
// level or worse for it. A front end asks here rather than deciding, so
// that every board answers an offer alike.
func AcceptsDraw(score int) bool { return score <= DrawMargin }
