package web

import (
	"errors"
	"fmt"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/search"
)

// The bounds of a game's clock.
const (
	// MinClock is the shortest time a side may have on its clock.
	MinClock = time.Second
	// MaxClock is the longest.
	MaxClock = 3 * time.Hour
	// MaxIncrement bounds the time added to a side's clock for each move.
	MaxIncrement = time.Minute
)

// clockSetting is a new game's clock: each side's time and the time added
// for each move it makes; a zero base is no clock.
type clockSetting struct {
	base, inc time.Duration
}

// parseClock checks a new game's clock, in milliseconds: none (0, 0), or
// a side's time from MinClock to MaxClock and an increment up to
// MaxIncrement.
func parseClock(baseMS, incMS int) (clockSetting, error) {
	c := clockSetting{base: time.Duration(baseMS) * time.Millisecond, inc: time.Duration(incMS) * time.Millisecond}
	switch {
	case baseMS == 0 && incMS == 0:
		return c, nil
	case baseMS == 0:
		return c, errors.New("an increment needs a clock: give clock_ms too")
	case c.base < MinClock || c.base > MaxClock:
		return c, fmt.Errorf("clock %d ms is out of range %d..%d ms", baseMS, MinClock.Milliseconds(), MaxClock.Milliseconds())
	case c.inc < 0 || c.inc > MaxIncrement:
		return c, fmt.Errorf("increment %d ms is out of range 0..%d ms", incMS, MaxIncrement.Milliseconds())
	}
	return c, nil
}

// gameClock is a game's clock: each side's time left, and the side whose
// time runs now, since when. It runs while the board shows the end of the
// line of a game going on with no review on it: looking back through the
// game, or reviewing it, stops it. A side's move ends its time's run and
// adds the increment; a side whose time runs out loses (flagFall).
type gameClock struct {
	clockSetting
	left    [2]time.Duration // each side's time left when its run began (or when settled)
	running bool
	side    movegen.Colour // whose time runs, if running
	since   time.Time      // when it began to run, or was last settled
	timer   *time.Timer    // fires when side's time runs out
	gen     uint64         // counts the timers set; a timer older than the last does nothing
}

// newClock returns the clock a game starts with, nil for none.
func newClock(c clockSetting) *gameClock {
	if c.base == 0 {
		return nil
	}
	return &gameClock{clockSetting: c, left: [2]time.Duration{c.base, c.base}}
}

// leftAt returns side's time left at now, at least zero.
func (c *gameClock) leftAt(side movegen.Colour, now time.Time) time.Duration {
	left := c.left[side]
	if c.running && c.side == side {
		left -= now.Sub(c.since)
	}
	return max(left, 0)
}

// settleClock takes the time run so far off the running side's clock; mu
// is held.
func (g *game) settleClock() {
	c := g.clock
	if c == nil || !c.running {
		return
	}
	now := time.Now()
	c.left[c.side] -= now.Sub(c.since)
	c.since = now
}

// moved adds the increment to the clock of mover, who has just moved on
// its own time; the clock is settled; mu is held.
func (g *game) moved(mover movegen.Colour) {
	if c := g.clock; c != nil && c.running && c.side == mover {
		c.left[mover] += c.inc
	}
}

// stopClock stops the clock and its timer; mu is held.
func (g *game) stopClock() {
	c := g.clock
	if c == nil {
		return
	}
	c.gen++
	c.running = false
	if c.timer != nil {
		c.timer.Stop()
		c.timer = nil
	}
}

// runClock starts the time of the side to move, if the clock runs in the
// board's position (the end of the line, no review, the game going on),
// and sets a timer for the moment it runs out; else the clock stands. The
// clock is settled; mu is held.
func (g *game) runClock() {
	c := g.clock
	if c == nil {
		return
	}
	g.stopClock()
	if !g.atEnd() || g.rev != nil || g.outcome().Over {
		return
	}
	c.running, c.side, c.since = true, g.pos().Turn, time.Now()
	gen := c.gen
	c.timer = time.AfterFunc(max(c.left[c.side], 0), func() { g.flagFall(c, gen) })
}

// flagFall ends the game when the running side's time has run out: the
// other side wins. It runs on the timer's goroutine; a panic in it (a
// bug) goes to the server's log.
func (g *game) flagFall(c *gameClock, gen uint64) {
	var err error
	defer func() {
		if err != nil {
			g.srv.logf("game %s: %v\n%s", g.id, err, fault.Stack(err))
		}
	}()
	defer fault.Recover(&err, "game "+g.id+": clock")
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.clock != c || c.gen != gen || !c.running || g.srv.ctx.Err() != nil {
		return // the clock was stopped or set again since
	}
	g.settleClock()
	if c.left[c.side] > 0 {
		g.runClock() // the timer fired early
		return
	}
	c.left[c.side] = 0
	loser := c.side
	g.verdict = &outcome{Over: true, Result: winResult(loser.Other()), Reason: loser.Title() + "'s time ran out",
		Ending: endingTime, Side: loser.Name()}
	g.schedule()
}

// moveLimits are the engine's limits for a move by side: the game's time
// per move, or with a clock, the time side has left and the increment
// (the search keeps a reserve for the round trip); mu is held.
func (g *game) moveLimits(side movegen.Colour) search.Limits {
	c := g.clock
	if c == nil {
		return search.Limits{MoveTime: g.moveTime, Exact: true}
	}
	// Some time, however little is left: a zero Remaining is no limit.
	return search.Limits{Remaining: max(c.leftAt(side, time.Now()), MinMoveTime), Increment: c.inc}
}

// clockView is the clock as the page shows it: the setting, each side's
// time left at the moment of the state, and whose time runs ("" for
// none), for the page to count down.
type clockView struct {
	BaseMS      int64  `json:"base_ms"`
	IncrementMS int64  `json:"increment_ms"`
	BlackMS     int64  `json:"black_ms"`
	WhiteMS     int64  `json:"white_ms"`
	Running     string `json:"running"`
}

// clockView returns the clock's view, nil for none; mu is held.
func (g *game) clockView() *clockView {
	c := g.clock
	if c == nil {
		return nil
	}
	now := time.Now()
	v := &clockView{BaseMS: c.base.Milliseconds(), IncrementMS: c.inc.Milliseconds(),
		BlackMS: c.leftAt(movegen.Black, now).Milliseconds(), WhiteMS: c.leftAt(movegen.White, now).Milliseconds()}
	if c.running {
		v.Running = c.side.Name()
	}
	return v
}
