// Package movegen holds the rules of the 8x8 draughts family: American
// checkers (English draughts, PDN GameType 21), American Pool checkers (23),
// Russian (25), Brazilian (26), Czech (29), Italian (22), Spanish (24) and
// Thai (31): the Position, the Move, legal move generation with forced
// capture and each game's precedence among captures, copy-make, Zobrist
// hashing, PDN FEN and move notation in each game's own numbers or
// coordinates, and perft with the reader of its suites (ReadPerftSuite, the
// rows of testdata/perft.tsv). The published counts of every game
// (testdata/variants-perft.tsv) are the arbiter of its rules.
//
// # Rules as data
//
// A Rules value holds every difference between the games (rules.go): king
// range, men capturing backward, crowning during a capture, men that spare
// kings, landing just behind the piece taken, pieces taken at once,
// precedence, start, first mover, draw counts and notation. American and Pool
// have generators of their own, kept for speed (gen.go); the other games
// share one that reads the switches (generic.go).
//
// # Board
//
// The 32 playable squares are numbered 1..32 in PDN (English numbers);
// internally a Square is 0..31 and a Bitboard holds bit s for square s+1. The
// games of the other board colour (Italian, Spanish) are played on the
// mirror image of it: only their notation and drawing differ. Row r (0 = Black's back
// rank, squares 1-4) holds squares 4r..4r+3; on even rows they sit on
// columns 1,3,5,7 and on odd rows on columns 0,2,4,6. Black moves "down"
// (towards higher numbers) and crowns on 29-32; White moves "up" and crowns
// on 1-4.
//
// # Moves
//
// A Move is identified by its from square, its to square and the set of
// captured squares; it also carries one landing path for notation. The
// generator lists each distinct result once (GenerateMoves) or every jump
// path (GeneratePaths, for perft counted by paths). Capturing is compulsory,
// so a list holds either captures only or quiet moves only.
//
// Positions are small values: make a move by copying the parent and calling
// MakeMove on the copy (copy-make). Nothing on the generation or make path
// allocates.
package movegen
