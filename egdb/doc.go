// Package egdb builds, stores and probes Crown's endgame databases: the
// win/loss/draw value of every position with few pieces, for American
// checkers and for American Pool checkers.
//
// # Slices and colour
//
// The positions are grouped by material into slices (type Material). Every
// stored position has Black to move: a position with White to move is first
// turned round with movegen's Flip, which swaps the colours and turns the
// board, so the side to move always plays "down" the board and one table
// serves both sides to move. A slice is named after the material of the
// side to move and then of the other side, men first: "1m2k-0m1k" is one man
// and two kings to move against a lone king.
//
// # Index
//
// Within a slice each position has a perfect index (Index, Unindex): a
// combinatorial rank of the men and kings. Men never stand on their own
// crowning row (the side to move's men are never on squares 29-32, the
// other side's never on 1-4); the kings take the squares that are left. No
// index is wasted beyond those exclusions. See docs/egdb.md.
//
// # Values
//
// A value (a movegen.Result) is a win, loss or draw for the side to move
// with perfect play, and ignores the move-count rules (40 moves in
// American, 25 in Pool, and Pool's thirteen moves for three kings against
// one): the search applies those.
// A side with no legal move (or no pieces) loses. Positions with a capture
// pending are stored like any other: they are computed from their
// successors, which lie in smaller slices, so the probe needs no search.
//
// # Building
//
// Build computes the slices in dependency order: a slice's captures lead
// into slices with fewer pieces and its promotions into slices with fewer
// men, which are built first, so only the moves that stay within a slice (and
// its colour-mirror, which is built with it) are resolved by iteration: every
// pass resolves the positions whose successors decide them, until a pass
// changes nothing; what is left is drawn. Successors come from movegen's
// generator, so both rule sets (flying kings, men capturing backwards) need
// no move rules here.
package egdb
