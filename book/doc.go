// Package book is Crown's opening book: a file of positions, each with its
// legal moves and their book scores, built by Crown's own search with
// dropout expansion (Lincke) from the start position and from the ACF
// three-move ballots, and read back in milliseconds to play the opening
// without searching. It holds the ballots too, the openings matches and
// self-play start from: a Ballot is its moves from the start position and
// the position they reach, read from the embedded ACF table
// (SelectBallots: deck, crossboard, all) or from a file of FENs, PDN FEN
// tags or table rows (ReadBallots).
//
// The file (docs/book.md) is a 32-byte header (magic, version, rule set,
// counts, CRC-32C of the rest), then the positions sorted by their pieces,
// 16 bytes each, then their moves, 12 bytes each: from, to, captured
// squares, the book score (centi-men from the mover's view, the negamax of
// the build's search scores) and a count (the book positions below the
// move). Read checks every field and answers a clear error for a damaged
// file, never a panic.
//
// Choose picks a move at one of CheckerBoard's book levels: 0 off, 1 all
// good moves (variety), 2 good moves, 3 the best move only; the random
// choice among near-equal moves comes from a seeded generator the caller
// owns, so a game is replayable. Build grows a book, and continues one
// that an interrupted build wrote. Default returns the book that ships for
// each rule set (american.book, pool.book, embedded); Open, a command's
// book, reads a file or falls back on it, and Select picks a front end's.
package book
