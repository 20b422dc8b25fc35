// Package play is Crown at a board, whatever the front end: a Session
// holds what the line protocol (package protocol), the CheckerBoard
// library (cmd/cbengine), the web board (package web) and crown analyze
// each used to keep for themselves, so that they are thin grammars over
// one behaviour:
//
//   - the rule set in force and the game so far (set gamehist), whose
//     positions the search counts for repetitions and the move-count
//     rules when the game ends in the position searched;
//   - the engine's options (Options), read and checked through Registry
//     and Tunables, with a host's cap on the hash table; Pool.Open, the
//     one place an option takes effect, gives the search their numbers
//     and opens the files they name (an endgame database, a weight file),
//     shared among the sessions of the pool's owner;
//   - the limits written as words (ParseLimits, LimitWords);
//   - the opening book: its level, the book file in use and the random
//     choice among book moves;
//   - the endgame database in force;
//   - the choice of a move, made here once for every front end (Choose,
//     or Decide and Plan.Run for a front end that answers at once what
//     needs no search): no legal move is a loss; a move to play comes
//     from the opening book when it has the position, else from the
//     search (or the endgame database's distances, through it), and the
//     Answer says which (Source);
//   - the playing level (Level, the option level): below full strength a
//     game's move is searched less, the book skipped at the lowest
//     levels, and the move drawn among those scored near the best, never
//     one that loses material a short search sees (docs/levels.md);
//   - the search, with its fallback: whatever goes wrong inside it (a bug,
//     a panic), Choose answers a legal move and says what went wrong; a
//     request may ask for the N best moves with exact scores and lines
//     (search.Request.MultiPV, or the multipv option; Result.Lines), name
//     the root moves to search, or ponder (search.Request);
//   - the static evaluation's terms from the side to move's view;
//   - the answer to a draw offer (AcceptsDraw), from the search's score.
//
// A Session is safe for use by several goroutines: settings may be read
// while a search runs, and a change the engine cannot take during a
// search (search.ErrBusy) is refused.
package play
