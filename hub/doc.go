// Package hub speaks the Hub protocol, version 2 (Scan 3.1's
// protocol.txt), as pydraughts' HubEngine drives it: a line of a command
// and name=value arguments in, replies out (id, param, wait, ready, info,
// done, pong, error). It is a grammar over play.Session like the line
// protocol (package protocol): the rule set (the variant param: english,
// pool), the game (pos with its moves), the options (every option of
// play.Registry, the book's level and file, as params with their types,
// defaults and ranges), the limits (level, through play.ParseLimits) and
// the choice of the move (play.Session.Decide) are play's.
//
// Positions and moves are converted at the edge (board.go): pydraughts
// writes an 8x8 position with the side that moves first as "white" and
// the squares counted from the other end, and a capture as its from and
// to squares and the captured ones. docs/hub.md has the grammar as Crown
// speaks it, every param and a session by hand.
//
// Run serves one session. Input is read on its own goroutine and a
// search runs on another, so ping, ponder-hit and stop are answered while
// the engine thinks; any other command stops the search (its done line
// first) and then runs. Every go is answered by one done line. A panic
// is answered as an error, never the end of the process.
package hub
