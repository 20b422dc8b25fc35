package train

import (
	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/movegen"
)

// EGDBStats counts what ApplyEGDB changed.
type EGDBStats struct {
	Exact       int // samples inside the database, now with their exact value
	Adjudicated int // samples before a game's first database position, given its value as result
	Games       int // games that reached the database
	Changed     int // games whose recorded result differs from the database's
}

// ApplyEGDB gives the samples of rule set v that db holds their exact
// value (Exact, with Result the value from Black's view), so the trainer
// fits them to it whatever the blend. With adjudicate, it also replaces
// the result of every sample of a game before the game's first database
// position by that position's value: the result the game would have had
// with perfect play from there, where the recorded one also carries the
// errors of the engine's play in the ending. The samples must come game by
// game, as LoadSamples gives them. Samples are quiet positions (neither
// side can capture; docs/training.md), so a probe never needs the
// database's capture search, though it would resolve one.
func ApplyEGDB(samples []Sample, v movegen.Variant, db *egdb.DB, adjudicate bool) EGDBStats {
	var st EGDBStats
	pieces := db.Pieces(v)
	for start := 0; start < len(samples); {
		end := start + 1
		for end < len(samples) && samples[end].Game == samples[start].Game {
			end++
		}
		game := samples[start:end]
		first := -1
		for i := range game {
			s := &game[i]
			if (s.Black | s.White).Count() > pieces {
				continue
			}
			p := s.position(v)
			val := db.Probe(&p)
			if val == movegen.Unknown {
				continue
			}
			s.Exact, s.Result = true, blackResult(val, s.Turn)
			st.Exact++
			if first < 0 {
				first = i
			}
		}
		if first >= 0 {
			st.Games++
			r := game[first].Result
			if game[0].Result != r {
				st.Changed++
			}
			if adjudicate {
				for i := range game[:first] {
					game[i].Result = r
					st.Adjudicated++
				}
			}
		}
		start = end
	}
	return st
}

// blackResult turns a database value for the side to move into a
// Sample's result, from Black's view.
func blackResult(v movegen.Result, turn movegen.Colour) movegen.Result {
	if turn == movegen.White {
		return v.Negate()
	}
	return v
}
