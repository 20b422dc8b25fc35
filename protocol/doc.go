// Package protocol speaks Crown's line protocol: one command a line in, one
// reply a line out, modelled on the engine interface of CheckerBoard
// (getmove and enginecommand) so that a thin adapter can put Crown into
// CheckerBoard and any script or match runner can drive it. The grammar and
// every reply are specified in docs/protocol.md.
//
// Run serves one session, the protocol's grammar over a play.Session (the
// rule set, the game history, the options, the book, the endgame database
// and the search with its fallback move, shared with the other front
// ends). Input is read on its own goroutine and searches (and perft) run
// on another, so ping, stop and quit are answered while the engine thinks,
// and a command that changes the engine (set, new, getmove, perft) sent
// during a search with a limit waits for its end;
// a panic in either is answered as an error, never the end of the process. Every reply is written whole, one line per Write, through
// one mutex-guarded writer; nothing but protocol lines goes to the output and
// diagnostics go to Config.Stderr.
//
// A getmove may search several lines (set multipv, the info lines' multipv=)
// or ponder: getmove ... ponder searches the position after the reply the
// engine expects (the move line's ponder= after set ponder 1) until
// ponderhit, when its clock starts, or stop.
//
// ParseReply is the other side: it reads the reply lines, typing the
// fields of info and move lines, for programs that drive an engine such
// as the match runner.
package protocol
