package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/movegen/cbboard"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// getmove's info bits (cbapi.h).
const (
	infoResetMoves = 1 // CB_RESET_MOVES: a new game
	infoExactTime  = 2 // CB_EXACT_TIME: use maxtime exactly
	// infoIncrShift and infoIncrMask select bits 2-3: the incremental
	// clock's unit, 0 when no incremental clock is in use.
	infoIncrShift = 2
	infoIncrMask  = 3
	// moreinfo holds the remaining time in its high 16 bits and the
	// increment in its low 16 bits.
	moreinfoShift = 16
	moreinfoMask  = 1<<moreinfoShift - 1
)

// cbInfiniteSeconds is the maxtime CheckerBoard sends at its "infinite"
// level. It is read as the move time it is, 100 days, which
// play.MaxLimitSeconds admits (TestLimitWords): the search runs until
// playnow, or until it has proven the result or reached its deepest
// iteration, and answers then. The protocol's infinite would instead hold
// such an answer until playnow.
const cbInfiniteSeconds = 8_600_000

// incrUnits are the units of the incremental clock, by the value of info
// bits 2-3.
var incrUnits = [...]time.Duration{1: time.Millisecond, 2: 10 * time.Millisecond, 3: 100 * time.Millisecond}

// resultCode is getmove's return value for the search's claim: a claim
// without a code of its own is unknown, never 0 (CheckerBoard's draw, on
// which it ends an engine match's game).
func resultCode(c movegen.Result) int {
	switch c {
	case movegen.Win:
		return cbboard.Win
	case movegen.Loss:
		return cbboard.Loss
	case movegen.Draw:
		return cbboard.Draw
	}
	return cbboard.Unknown
}

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
	color    int
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

// limitWords writes getmove's time arguments as the words of the
// protocol's getmove (maxtime=, exact, remaining=, increment=), so that
// play.ParseLimits, the one reader of limits, checks and reads them.
func limitWords(maxtime float64, info, moreinfo int) []string {
	secs := func(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) }
	if mode := info >> infoIncrShift & infoIncrMask; mode != 0 {
		unit := incrUnits[mode]
		remaining := time.Duration(moreinfo>>moreinfoShift&moreinfoMask) * unit
		increment := time.Duration(moreinfo&moreinfoMask) * unit
		// An empty clock still gets the least it can show: a move is due.
		remaining = max(remaining, unit)
		return []string{"remaining=" + secs(remaining), "increment=" + secs(increment)}
	}
	w := []string{"maxtime=" + strconv.FormatFloat(maxtime, 'g', -1, 64)}
	if info&infoExactTime != 0 {
		w = append(w, "exact")
	}
	return w
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
	if req.info&infoResetMoves != 0 {
		a.play.ClearTable()
	}
	p, err := cbboard.PositionFrom(&req.board, req.color, a.play.Variant())
	if err != nil {
		status("Crown: bad input: " + err.Error())
		return reply
	}
	if math.IsNaN(req.maxtime) {
		status("Crown: bad input: maxtime is not a number")
		return reply
	}
	lim, err := play.ParseLimits(limitWords(req.maxtime, req.info, req.moreinfo))
	if err != nil {
		status("Crown: bad input: " + err.Error())
		return reply
	}
	lim = chargeTime(lim, time.Since(start))
	ans, err := a.choose(play.Request{Request: search.Request{Pos: p, Limits: lim}}, req.playnow, status)
	if ans.Source == play.NoMove {
		status("Crown: no legal move, " + p.Turn.Name() + " has lost")
		reply.result = cbboard.Loss
		return reply
	}
	after := p
	after.MakeMove(ans.Move)
	cbboard.Write(&reply.board, &after)
	reply.move = cbboard.MoveOf(&p, ans.Move)
	reply.result = resultCode(ans.Claim)
	reply.moved = true
	switch {
	case err != nil:
		status(fmt.Sprintf("Crown: search failed (%v); playing %s", err, ans.Move.PathString()))
	case ans.Source == play.FromBook:
		status(fmt.Sprintf("book move %s  value=%s", ans.Move.PathString(), search.FormatScore(ans.Score)))
	default:
		status(statusText(search.Info{Depth: ans.Depth, SelDepth: ans.SelDepth, Score: ans.Score, Nodes: ans.Nodes, EGDBHits: ans.EGDBHits, Time: ans.Time, PV: ans.PV}) +
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
// with "db <hits>" before pv when the endgame database found positions.
func statusText(in search.Info) string {
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
		b.WriteString(m.PathString())
	}
	return b.String()
}
