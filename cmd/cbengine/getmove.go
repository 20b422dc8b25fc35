package main

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/movegen/cbboard"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// adapter is the engine behind the exported functions: one play session
// (its hash table lives across calls) with the settings enginecommand
// makes. The library holds one, theAdapter.
type adapter struct {
	play *play.Session
}

// defaultBookLevel is the library's book setting until the host sets one:
// good moves, some variety without the weaker choices, as a player
// expects of an engine in a GUI (the line protocol starts with 0, for
// scripts and matches).
const defaultBookLevel = book.Good

// newAdapter returns an adapter with the default options, playing
// American checkers.
func newAdapter() (*adapter, error) {
	s, err := play.New(play.Config{BookLevel: defaultBookLevel})
	if err != nil {
		return nil, err
	}
	return &adapter{play: s}, nil
}

// getMoveRequest is one getmove call's input, in Go types.
type getMoveRequest struct {
	board    cbboard.Board
	colour   int
	maxtime  float64
	info     int
	moreinfo int
	// playnow reports whether the host wants the move now; nil never does.
	playnow func() bool
	// status receives the search status text (CheckerBoard's str).
	status func(string)
}

// getMoveReply is what getmove hands back: the board after the move, the
// move and the result claim. When moved is false the board is unchanged
// and the status text says why (no legal move, or bad input).
type getMoveReply struct {
	board  cbboard.Board
	move   cbboard.Move
	result int
	moved  bool
}

// getMove plays one move: it reads the board, searches with the time the
// host gives, and returns the board after the best move. It never panics:
// bad input and internal errors are answered in the status text, with the
// board unchanged (bad input) or a legal move (a failed search).
func (a *adapter) getMove(req getMoveRequest) getMoveReply {
	status := req.status
	if status == nil {
		status = func(string) {}
	}
	start := time.Now()
	reply := getMoveReply{board: req.board, result: cbboard.Unknown}
	if req.info&cbboard.InfoResetMoves != 0 {
		a.play.ClearTable()
	}
	p, err := cbboard.PositionFrom(&req.board, req.colour, a.play.Variant())
	if err != nil {
		status("Crown: bad input: " + err.Error())
		return reply
	}
	if math.IsNaN(req.maxtime) {
		status("Crown: bad input: maxtime is not a number")
		return reply
	}
	lim, err := play.ParseLimits(cbboard.LimitWords(req.maxtime, req.info, req.moreinfo))
	if err != nil {
		status("Crown: bad input: " + err.Error())
		return reply
	}
	lim = chargeTime(lim, time.Since(start))
	r := p.Rules()
	ans, err := a.choose(play.Request{Request: search.Request{Pos: p, Limits: lim}}, req.playnow, func(in search.Info) { status(statusText(in, r)) })
	if ans.Source == play.NoMove {
		status("Crown: no legal move, " + p.Turn.Name() + " has lost")
		reply.result = cbboard.Loss
		return reply
	}
	after := p
	after.MakeMove(ans.Move)
	cbboard.Write(&reply.board, &after)
	reply.move = cbboard.MoveOf(&p, ans.Move)
	reply.result = cbboard.ResultCode(ans.Claim)
	reply.moved = true
	switch {
	case err != nil:
		status(fmt.Sprintf("Crown: search failed (%v); playing %s", err, r.PathText(ans.Move)))
	case ans.Source == play.FromBook:
		status(fmt.Sprintf("book move %s  value=%s", r.PathText(ans.Move), search.FormatScore(ans.Score)))
	default:
		status(statusText(search.Info{Depth: ans.Depth, SelDepth: ans.SelDepth, Score: ans.Score, Nodes: ans.Nodes, EGDBHits: ans.EGDBHits, Time: ans.Time, PV: ans.PV}, r) +
			"  result " + ans.Claim.String())
	}
	return reply
}

// minSearchTime is the least time chargeTime leaves a search.
const minSearchTime = time.Millisecond

// chargeTime takes the time getmove spent before the search (clearing the
// hash table for CB_RESET_MOVES takes long with a large table) off its
// time limits, so the whole call keeps to them.
func chargeTime(lim search.Limits, spent time.Duration) search.Limits {
	if lim.MoveTime > 0 {
		lim.MoveTime = max(lim.MoveTime-spent, minSearchTime)
	}
	if lim.Remaining > 0 {
		lim.Remaining = max(lim.Remaining-spent, minSearchTime)
	}
	return lim
}

// statusText writes a finished iteration the way CheckerBoard engines
// do: "depth 12/20  time 0.52s  value=+12  nodes 123456  2300kN/s  pv ...",
// with "db <hits>" before pv when the endgame database found positions;
// the moves in the game's own notation (r's).
func statusText(in search.Info, r *movegen.Rules) string {
	var b strings.Builder
	secs := in.Time.Seconds()
	knps := 0.0
	if secs > 0 {
		knps = float64(in.Nodes) / secs / 1000
	}
	fmt.Fprintf(&b, "depth %d/%d  time %.2fs  value=%s  nodes %d  %.0fkN/s  ", in.Depth, in.SelDepth, secs, search.FormatScore(in.Score), in.Nodes, knps)
	if in.EGDBHits > 0 {
		fmt.Fprintf(&b, "db %d  ", in.EGDBHits)
	}
	b.WriteString("pv")
	for _, m := range in.PV {
		b.WriteByte(' ')
		b.WriteString(r.PathText(m))
	}
	return b.String()
}
