package movegen

import (
	"fmt"
	"strconv"
	"strings"
)

// PathString writes m with every landing square: "11-15" for a quiet move,
// "15x24x31" for a capture. It never needs the position and is never
// ambiguous.
func (m Move) PathString() string {
	var b strings.Builder
	b.WriteString(strconv.Itoa(m.From.Number()))
	sep := byte('-')
	if m.IsCapture() {
		sep = 'x'
	}
	for i := 0; i < m.Landings(); i++ {
		b.WriteByte(sep)
		b.WriteString(strconv.Itoa(m.Landing(i).Number()))
	}
	return b.String()
}

// ShortString writes m as from and to only: "11-15" or "15x24".
func (m Move) ShortString() string {
	sep := "-"
	if m.IsCapture() {
		sep = "x"
	}
	return strconv.Itoa(m.From.Number()) + sep + strconv.Itoa(m.To.Number())
}

// String writes the full landing path (PathString).
func (m Move) String() string { return m.PathString() }

// FormatMove writes m, legal in p, in PDN and the game's notation: the
// short form unless another legal move shares its from and to, then the
// full landing path.
func (p *Position) FormatMove(m Move) string {
	r := p.Rules()
	if m.IsCapture() {
		var ml MoveList
		p.GenerateMoves(&ml)
		for _, o := range ml.Slice() {
			if o.From == m.From && o.To == m.To && !o.Same(m) {
				return r.PathText(m)
			}
		}
	}
	return r.ShortText(m)
}

// MoveError says why a move string was refused.
type MoveError struct {
	Move string
	FEN  string
	Msg  string
}

// Error writes the fault with the move and the position.
func (e *MoveError) Error() string {
	return fmt.Sprintf("move %s in %s: %s", Echo(e.Move), e.FEN, e.Msg)
}

// ParseMove reads a PDN move in the game's notation ("11-15", "15x24",
// "15x24x31"; "c3-d4", "c3:e5") and returns the legal move of p it names
// (ResolvePath says which paths name a move). '-', 'x' and ':' are all
// accepted as separators. A move that is not legal, or that
// names two different legal moves (same from and to, different pieces
// captured), is an error that says so.
func (p *Position) ParseMove(s string) (Move, error) {
	fail := func(format string, args ...any) (Move, error) {
		return Move{}, &MoveError{Move: s, FEN: p.FEN(), Msg: fmt.Sprintf(format, args...)}
	}
	squares, err := p.Rules().ParsePath(strings.TrimSpace(s))
	if err != nil {
		return fail("%v", err)
	}
	r := p.ResolvePath(squares)
	switch r.Status {
	case PathMove:
		return r.Move, nil
	case PathAmbiguous:
		alts := make([]string, len(r.Candidates))
		for i, m := range r.Candidates {
			alts[i] = p.Rules().PathText(m)
		}
		return fail("ambiguous: it names %d different captures; give the full path (%s)", len(r.Candidates), strings.Join(alts, " or "))
	}
	if p.HasCapture() {
		return fail("not legal: a capture is compulsory (legal: %s)", p.legalList())
	}
	return fail("not legal (legal: %s)", p.legalList())
}

func (p *Position) legalList() string {
	var ml MoveList
	p.GenerateMoves(&ml)
	if ml.N == 0 {
		return "none, the side to move has lost"
	}
	out := make([]string, ml.N)
	for i, m := range ml.Slice() {
		out[i] = p.FormatMove(m)
	}
	return strings.Join(out, " ")
}

// ParsePath reads the squares of a move written in PDN with English
// numbers ("11-15", "15x24x31"): Rules.ParsePath for American.
func ParsePath(s string) ([]Square, error) {
	return American.Rules().ParsePath(s)
}
