// Package train holds self-play data and the trainer for the learned
// evaluation (package eval's weights).
//
// # Self-play
//
// Run plays Crown against itself (one search.Engine per worker, cleared
// between games) and records every quiet position of each finished game,
// one where neither side could capture, with the search score of the move
// played there and, once the game is over, its result. A game is written
// whole or not at all, and a position already in the file is not written
// again. Game j of a run depends only on the run's settings and j (its
// opening, its random plies seeded by (Seed, j), node- or depth-limited
// searches on one thread from a cleared table), and games are written in
// the order of j whatever the concurrency, so the same settings give the
// same file.
//
// After every game Run keeps the run's progress in a state file beside the
// data file (FILE.state: the settings, the next game, the records
// written), so a run killed at any point continues where it stopped and
// ends with the bytes of an uninterrupted run. A run is split over
// machines by shards (Config.Shard of Config.Shards: the games j with j mod
// Shards == Shard), and Merge joins their files, each position once.
//
// # Training
//
// LoadSamples reads one rule set's records into compact samples from
// Black's view; Train fits eval's inputs (eval.Extract) to them by
// cross-entropy between sigmoid(eval/K) and a blend of the game's result and
// the search score's winning chance, with lazy Adam, a held-out tenth of
// the games and early stopping, and returns the weights quantised as an
// eval.Table. See docs/training.md.
//
// # Generations
//
// RunLoop trains in generations: self-play with the current weights, a fit
// of each rule set to the data of the last generations, and a match of the
// fit against the current weights per rule set, whose gain (Accept: an
// SPRT's H1, or a likelihood of superiority above AcceptLOS) makes the
// fit's table current. A generation keeps each step's result in its
// directory as the step ends (self-play its state files, the fit and the
// weights written atomically, the matches' scores in its result file), so
// a loop stopped at any point and started again with the same settings,
// which its directory keeps and checks, goes on where it stopped. The
// matches' engines come from the caller (LoopConfig.Engine): engines that
// speak the protocol are built above this package.
//
// # Record format
//
// A data file (see also docs/training.md) is a header and then records, all
// little-endian. The header is HeaderSize (12) bytes:
//
//	offset size field
//	0      8    magic "CROWNTRN"
//	8      2    format version, uint16 (Version, now 1)
//	10     2    record size in bytes, uint16 (RecordSize, now 20)
//
// Each record is RecordSize (20) bytes:
//
//	offset size field
//	0      4    black pieces, uint32 bitboard (bit s is square s+1)
//	4      4    white pieces, uint32 bitboard
//	8      4    kings of both sides, uint32 bitboard
//	12     2    search score, int16, centi-men from the side to move's view;
//	            proven wins and losses are clamped to +-ScoreBound (10000)
//	14     2    ply, uint16: plies played from the start position
//	16     1    side to move: 0 Black, 1 White
//	17     1    variant: 0 American, 1 Pool
//	18     1    game result from the side to move's view: 0 loss, 1 draw, 2 win
//	19     1    reserved, 0
//
// A file cut short by a killed run ends in part of a record: the Reader
// reports it, and OpenWriter cuts it off before appending.
package train
