package search

import "time"

// Time management constants.
const (
	// softFraction of the move time: no new iteration starts after it,
	// since the next one usually takes longer than all before it.
	softNum, softDen = 1, 2
	// hardFactor times the move time: a running iteration is cut off here,
	// so a target move time is kept on average.
	hardNum, hardDen = 3, 2
	// movesToGo is how many more moves a clock without increments is
	// assumed to have to last.
	movesToGo = 30
	// clockReserve is kept back from the remaining time for the protocol
	// round trip.
	clockReserve = 50 * time.Millisecond
)

// limited reports whether some limit ends the search by itself.
func (s *shared) limited() bool {
	l := s.limits
	return !l.Infinite && (l.Depth > 0 || l.Nodes > 0 || l.MoveTime > 0 || l.Remaining > 0)
}

// plan turns the limits into soft and hard time bounds and a depth cap.
func (s *shared) plan(rootMoves int) {
	l := s.limits
	s.maxDepth = maxDepth
	if l.Depth > 0 && l.Depth < maxDepth {
		s.maxDepth = l.Depth
	}
	if l.Infinite {
		return
	}
	switch {
	case l.MoveTime > 0 && l.Exact:
		s.hard = l.MoveTime
	case l.MoveTime > 0:
		s.soft = l.MoveTime * softNum / softDen
		s.hard = l.MoveTime * hardNum / hardDen
	case l.Remaining > 0:
		target := l.Remaining/movesToGo + l.Increment*3/4
		s.soft = target * softNum / softDen
		s.hard = target * hardNum / hardDen
	}
	if l.Remaining > 0 {
		limit := l.Remaining - clockReserve
		if limit < l.Remaining/2 {
			limit = l.Remaining / 2
		}
		if s.hard == 0 || s.hard > limit {
			s.hard = limit
		}
		if s.soft > s.hard {
			s.soft = s.hard
		}
	}
	s.single = rootMoves == 1 && s.hard > 0 && !l.Exact && l.Depth == 0 && l.Nodes == 0
}
