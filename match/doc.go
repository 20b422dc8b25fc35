// Package match plays engines against each other to measure a change's
// strength: two engines speaking Crown's line protocol (docs/protocol.md),
// as processes or in process, play games from ballot openings, each
// opening twice with colours reversed. The runner adjudicates every game
// by the rules of the game (movegen.Adjudicate), a move cap and the
// engines' failures (an illegal move, a bad reply, an error, a crash or a
// time forfeit), writes the games as PDN (each move followed by a comment
// with the mover's score, depth and time, from its last info line), and
// reports the score, the Elo difference with its margin, the likelihood of
// superiority and, optionally, a sequential probability ratio test that
// stops the match as soon as it decides. An engine may ponder
// (Engine.Ponder, self:ponder=1): the runner then sends it, between its
// moves, the position after the reply it expects as a ponder search, and
// ponderhit or stop when the opponent has moved, timing its move from its
// getmove or ponderhit only. What a process engine writes to its stderr is
// kept with the game it was written in (Game.Stderr), so that a failure
// comes with the engine's own account, and the report holds the peak
// memory of each engine's processes (Report.PeakMemory).
//
// Run plays a match described by a Config, from openings of the book
// package (book.SelectBallots, book.ReadBallots); ParseEngine reads an
// engine spec (a command line, or self:key=value,... for Crown in process,
// InProcess); Report holds the outcome and writes its summary. Resumed
// reads back the games an earlier run of a match wrote to its PDN, so
// that Run (Config.Resumed) plays only the rest.
package match
