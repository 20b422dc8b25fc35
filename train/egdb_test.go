package train

import (
	"testing"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/egdb/egdbtest"
	"github.com/crown-checkers/crown/internal/schedtest"
	"github.com/crown-checkers/crown/movegen"
)

// TestApplyEGDB checks the exact targets and the adjudication on a game
// that ends in a drawn 3-piece ending but was recorded as a Black win:
// the positions inside the database take their exact values, the ones
// before it the database's result only with adjudicate, and a game that
// never reaches the database is left alone.
func TestApplyEGDB(t *testing.T) {
	schedtest.SkipUnderRace(t, "a database build and its probes on one goroutine")
	db, err := egdb.Open(egdbtest.Dir(t, 3), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()

	sample := func(fen string, game int32, result movegen.Result) Sample {
		p, err := movegen.ParseFEN(fen, movegen.American)
		if err != nil {
			t.Fatal(err)
		}
		return Sample{Black: p.Pieces[movegen.Black], White: p.Pieces[movegen.White], Kings: p.Kings, Turn: p.Turn, Result: result, Game: game}
	}
	const (
		many  = "B:W21,22,23,24,25:B1,2,3,4,5" // outside the database
		drawn = "W:WK32:BK1"                   // king against king: drawn
		won   = "B:WK32:BK1,K5"                // two kings against one: Black wins
		lost  = "W:WK32:BK1,K5"                // the same, White to move: White loses
	)
	for _, adjudicate := range []bool{false, true} {
		samples := []Sample{
			sample(many, 0, movegen.Win), sample(many, 0, movegen.Win), sample(drawn, 0, movegen.Win), // recorded as a Black win
			sample(many, 1, movegen.Loss), sample(won, 1, movegen.Loss), sample(lost, 1, movegen.Loss),
			sample(many, 2, movegen.Draw),
		}
		st := ApplyEGDB(samples, movegen.American, db, adjudicate)
		wantResult := []movegen.Result{movegen.Win, movegen.Win, movegen.Draw, movegen.Loss, movegen.Win, movegen.Win, movegen.Draw}
		wantExact := []bool{false, false, true, false, true, true, false}
		if adjudicate {
			wantResult[0], wantResult[1], wantResult[3] = movegen.Draw, movegen.Draw, movegen.Win
		}
		for i, s := range samples {
			if s.Result != wantResult[i] || s.Exact != wantExact[i] {
				t.Errorf("adjudicate %v, sample %d: result %v exact %v, want %v %v", adjudicate, i, s.Result, s.Exact, wantResult[i], wantExact[i])
			}
		}
		want := EGDBStats{Exact: 3, Games: 2, Changed: 2}
		if adjudicate {
			want.Adjudicated = 3
		}
		if st != want {
			t.Errorf("adjudicate %v: stats %+v, want %+v", adjudicate, st, want)
		}
	}
}
