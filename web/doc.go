// Package web is Crown's board in the browser, served by `crown serve`: a
// single page (plain HTML, CSS and JavaScript, embedded in the binary) and
// a small JSON API over the engine. The server keeps each game under a
// random id and decides every question of legality with movegen; the page
// only draws the board and sends what the person does.
// Engine moves and analysis run as cancellable searches, a bounded number at
// once, and the page follows them through a stream of server-sent events.
// Each game's engine is a play.Session, made at its first search and let go
// of (its table's memory, its hold on the endgame database) when the game
// is over or dropped; a search that fails still plays a legal move, and the
// failure goes to the server's log (Options.Log).
//
// The API, all JSON:
//
//	GET  /api/variants               the games it plays: [{name, title, game_type, first_mover}]
//	POST /api/games                  start a game: {variant, human, movetime_ms, level, clock_ms, increment_ms, fen | pdn}
//	GET  /api/games/{id}             the game's state
//	POST /api/games/{id}/new         start a new game under the same id
//	POST /api/games/{id}/move        {path: [from, landings...]} or {move: "11-15"} (the game's notation: "c3-d4" in Russian)
//	POST /api/games/{id}/undo        take back the last move (and the engine's reply)
//	POST /api/games/{id}/redo        bring it back
//	POST /api/games/{id}/go          the engine moves now
//	POST /api/games/{id}/analysis    {on: true|false, lines: 1..5}
//	POST /api/games/{id}/review      review every move of the game (package review): graph, marks, summary
//	POST /api/games/{id}/goto        {ply}: show the position after that many moves (the game stays whole)
//	POST /api/games/{id}/hint        the engine's best move for the person to move
//	POST /api/games/{id}/resign      the person resigns (with no engine, the side to move)
//	POST /api/games/{id}/draw        the person offers the engine a draw, which play.AcceptsDraw answers
//	GET  /api/games/{id}/pdn         the whole game as a PDN file (the state's "pdn")
//	GET  /api/games/{id}/events      the state after every change (text/event-stream)
//
// A game is its whole line of moves; the board shows the position after
// "ply" of them. Undo, redo and goto move that cursor without cutting the
// game: a move played at it replaces the moves after it, and the engine
// moves by itself only at the end of the line. The record (GET pdn, the
// state's "pdn") is always the whole game: a loaded game's tags (Crown's
// for a name it lacks), its result while its moves are unchanged and the
// rules do not end it, and once a review has ended its marks and comments
// as crown annotate writes them.
//
// The server plays every game of the 8x8 family movegen knows (a new
// game's variant is its name, movegen.Rules.Name, or its PDN GameType; a
// PDN game's GameType tag chooses its game). Squares in the API's paths
// and lists are Crown's numbers 1-32, the English ones whatever the game;
// every text a person reads (a move, a line, a square's name in the
// state's "squares", the FEN and the PDN) is in the game's own notation:
// Italian and Spanish numbers, Russian, Czech and Thai coordinates. A
// move's text is read in that notation too.
//
// Errors are 4xx and 5xx answers whose body has an "error" message in
// English and a "code" (bad_fen, bad_pdn, busy, not_found, ...); a refused
// move says why in "code" too, which pieces must capture, and what an
// ambiguous or unfinished path could mean. A game that is over says why in
// "reason" (English) and "ending" (a code). The page shows codes, not the
// server's English, in the player's language (static/i18n). A score (of
// analysis, a line, a hint, a review's point or move) is data too, which
// the page writes in the player's language as search.ScoreText does
// (docs/scores.md): {kind, cm, plies, moves, side}, kind "cm" (an
// evaluation, cm centi-men), "win" or "loss" (a forced result within
// plies plies, that is moves moves), or "dbwin", "dbloss" or "dbdraw" (the
// endgame database's value), from the view of side, the side to move in
// the position scored (for a move, the side that played it; Black for the
// review graph's points).
//
// A game may have a clock (clock_ms for each side, increment_ms added
// for each move it makes): it runs for the side to move while the board
// shows the end of a game going on with no review on it, the engine's
// time follows its clock (search.Limits' Remaining and Increment), and
// the side whose time runs out loses. The state's "clock" gives each
// side's time left at its moment and whose runs, for the page to count
// down; the server alone decides a flag's fall. A resignation, a draw
// agreed and a time out end the game at the end of its line ("ending"
// "resigned", "agreed", "time"; "ending_side" the side that resigned or
// ran out of time) until a move played there gives it another end. A
// draw offer is weighed by a short search of the engine's own
// ("draw_offer": its answer, "" while it weighs, then "declined" or
// "accepted"), once in a position, on the person's turn.
//
// An analysis report carries what the board draws beside and on it: the
// evaluation bar's share for Black ("black_share", thousandths, from
// Black's view whichever side is to move) and the best move ("best") for
// its arrow.
//
// Server.Serve serves the board on a listener until a context ends, with
// GET /debug/vars beside it (Server.DebugVars): the process's goroutines
// and memory and the server's counts (DebugVars), to loopback clients
// only.
package web

import "embed"

// staticFiles is the page: index.html, its style sheet, its script and the
// catalogues of its texts, one per language (static/i18n/LANG.json).
//
//go:embed static
var staticFiles embed.FS
