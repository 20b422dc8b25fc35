// Package movegen holds the rules of American checkers (English draughts, PDN
// GameType 21) and American Pool checkers (GameType 23): the Position, the
// Move, legal move generation with forced capture, copy-make, Zobrist hashing,
// PDN FEN and move notation, and perft with the reader of its suites
// (ReadPerftSuite, the rows of testdata/perft.tsv).
//
// # Board
//
// The 32 playable squares are numbered 1..32 in PDN; internally a Square is
// 0..31 and a Bitboard holds bit s for square s+1. Row r (0 = Black's back
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
