package web

import (
	"fmt"
	"slices"
	"strings"

	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// maxPathSquares bounds the squares a move request may name: a capture of
// all twelve pieces lands twelve times, plus the start square.
const maxPathSquares = 1 + movegen.MaxPiecesPerSide

// Why a move request did not name exactly one legal move. The browser reads
// the code: "ambiguous" and "incomplete" keep the piece picked and ask for
// more squares.
const (
	codeIllegal     = "illegal"
	codeMustCapture = "must_capture"
	codeAmbiguous   = "ambiguous"
	codeIncomplete  = "incomplete"
	codeNotYours    = "not_your_piece"
)

// moveProblem explains a refused move request.
type moveProblem struct {
	Code    string
	Message string
	// MustCapture lists the squares (1-32) of the pieces that can capture,
	// when a capture is compulsory.
	MustCapture []int
	// Options lists the moves a request could mean, when it is ambiguous
	// or incomplete (each route once).
	Options []movegen.Move
}

// resolve finds the one legal move of p that path names: the start square,
// then some or all of its landing squares in order, ending with where it
// stops (movegen.ResolvePath, which movegen.ParseMove reads moves with).
// When the path names no move or several, the problem says why.
func resolve(p *movegen.Position, path []movegen.Square) (movegen.Move, *moveProblem) {
	from, to := path[0], path[len(path)-1]
	rules := p.Rules()
	r := p.ResolvePath(path)
	switch r.Status {
	case movegen.PathMove:
		return r.Move, nil
	case movegen.PathAmbiguous:
		return movegen.Move{}, &moveProblem{
			Code: codeAmbiguous,
			Message: fmt.Sprintf("%d different captures go from %s to %s: click the squares the piece lands on along the way, then %s again",
				len(r.Candidates), rules.SquareName(from), rules.SquareName(to), rules.SquareName(to)),
			Options: r.Candidates,
		}
	case movegen.PathUnfinished:
		return movegen.Move{}, &moveProblem{
			Code:    codeIncomplete,
			Message: "The capture goes on: click the next square the piece lands on, or where it stops",
			Options: r.Candidates,
		}
	}
	must := mustCapture(p)
	switch {
	case !p.Pieces[p.Turn].Has(from):
		return movegen.Move{}, &moveProblem{Code: codeNotYours, Message: fmt.Sprintf("Square %s holds no %s piece: pick one of yours", rules.SquareName(from), p.Turn.Name())}
	case len(must) > 0 && !slices.Contains(must, from.Number()):
		return movegen.Move{}, &moveProblem{Code: codeMustCapture, Message: "A capture is compulsory: one of the highlighted pieces must jump", MustCapture: must}
	case len(must) > 0:
		return movegen.Move{}, &moveProblem{Code: codeMustCapture, Message: "That piece must capture: jump over an enemy piece", MustCapture: must}
	}
	return movegen.Move{}, &moveProblem{Code: codeIllegal, Message: fmt.Sprintf("%s is not a legal move here", joinSquares(rules, path))}
}

// mustCapture returns the squares of the pieces that can capture, in
// order, or nil when no capture is possible.
func mustCapture(p *movegen.Position) []int {
	if !p.HasCapture() {
		return nil
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	var out []int
	for _, m := range ml.Slice() {
		if !slices.Contains(out, m.From.Number()) {
			out = append(out, m.From.Number())
		}
	}
	slices.Sort(out)
	return out
}

// joinSquares writes a path of squares in the game's notation, joined by
// '-'.
func joinSquares(r *movegen.Rules, path []movegen.Square) string {
	parts := make([]string, len(path))
	for i, s := range path {
		parts[i] = r.SquareName(s)
	}
	return strings.Join(parts, "-")
}

// parsePath reads a move given as text in the game's notation ("11-15",
// "15x24x31"; "c3-d4", "c3:e5" where the game writes coordinates) or as
// Crown's square numbers (1-32, the English ones in every game: the board's
// squares as the state lists them), and checks its shape; legality is
// resolve's job.
func parsePath(r *movegen.Rules, text string, squares []int) ([]movegen.Square, error) {
	if text != "" {
		if squares != nil {
			return nil, fmt.Errorf("give the move as text or as squares, not both")
		}
		path, err := r.ParsePath(text)
		if err != nil {
			return nil, fmt.Errorf("move %s: %v", play.Echo(text), err)
		}
		for _, sq := range path {
			squares = append(squares, sq.Number())
		}
	}
	if len(squares) < 2 {
		return nil, fmt.Errorf("a move needs at least two squares, from and to")
	}
	if len(squares) > maxPathSquares {
		return nil, fmt.Errorf("a move names at most %d squares", maxPathSquares)
	}
	out := make([]movegen.Square, len(squares))
	for i, n := range squares {
		if n < 1 || n > movegen.NumSquares {
			return nil, fmt.Errorf("square %d is off the board (1-%d)", n, movegen.NumSquares)
		}
		out[i] = movegen.Square(n - 1)
	}
	return out, nil
}
