package movegen

import "testing"

func TestGamePlay(t *testing.T) {
	g := NewGame(StartPosition(American))
	for _, s := range []string{"11-15", "23-19", "8-11", "22-17"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	if _, err := g.PlayText("15-20"); err == nil {
		t.Fatal("15-20 accepted")
	}
	if len(g.Moves) != 4 || len(g.Positions()) != 5 {
		t.Fatalf("%d moves, %d positions after a refused move", len(g.Moves), len(g.Positions()))
	}
	want := StartPosition(American)
	for _, m := range g.Moves {
		want.MakeMove(m)
	}
	got := g.Position()
	if got != want {
		t.Errorf("position %s, want %s", got.FEN(), want.FEN())
	}
	h := g.History()
	if len(h) != 4 || h[0] != g.Start {
		t.Fatalf("history of %d positions", len(h))
	}
	h[0] = Position{}
	if g.Positions()[0] != g.Start {
		t.Error("History shares the game's positions")
	}
	if err := g.Play(NewQuietMove(0, 4)); err == nil {
		t.Error("Play accepted an illegal move")
	}
	g.Truncate(1)
	if len(g.Moves) != 1 || g.Position().Turn != White {
		t.Errorf("after Truncate(1): %d moves, %v to move", len(g.Moves), g.Position().Turn)
	}
	if _, err := g.PlayText("22-18"); err != nil {
		t.Fatal(err)
	}
	if g.Outcome().Over() {
		t.Error("game over after two moves")
	}
}

// TestGameCache checks that a game whose moves were set directly, as
// ReadPDN does, still reports its positions.
func TestGameCache(t *testing.T) {
	g := NewGame(StartPosition(American))
	for _, s := range []string{"11-15", "23-19"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
	other := Game{Start: g.Start, Moves: append([]Move(nil), g.Moves...)}
	if other.Position() != g.Position() {
		t.Error("positions differ for the same moves")
	}
	other.Moves = other.Moves[:1]
	if len(other.Positions()) != 2 {
		t.Errorf("%d positions for one move", len(other.Positions()))
	}
}

func TestGameOutcomeAndIrreversible(t *testing.T) {
	// Two kings each: shuffling them back and forth repeats the position.
	start, err := ParseFEN("B:WK29,K32:BK1,K4", American)
	if err != nil {
		t.Fatal(err)
	}
	g := NewGame(start)
	for i, s := range []string{"1-5", "29-25", "5-1", "25-29", "1-5", "29-25", "5-1", "25-29"} {
		if o := g.Outcome(); o.Over() {
			t.Fatalf("over before move %d: %s", i+1, o.Detail)
		}
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
	if o := g.Outcome(); o.Ending != Repetition {
		t.Errorf("ending %v, want threefold repetition", o.Ending)
	}
	if n := g.LastIrreversible(); n != 0 {
		t.Errorf("LastIrreversible %d for king moves only, want 0", n)
	}
	m := NewGame(StartPosition(American))
	for _, s := range []string{"11-15", "23-19"} {
		if _, err := m.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
	if n := m.LastIrreversible(); n != 2 {
		t.Errorf("LastIrreversible %d after two man moves, want 2", n)
	}
}

func TestFormatLine(t *testing.T) {
	g := NewGame(StartPosition(American))
	for _, s := range []string{"11-15", "23-19", "8-11", "22-18", "15x22"} {
		if _, err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := g.Start.FormatLine(g.Moves), "11-15 23-19 8-11 22-18 15x22"; got != want {
		t.Errorf("FormatLine = %q, want %q", got, want)
	}
	if got := g.Start.FormatLine(nil); got != "" {
		t.Errorf("FormatLine(nil) = %q", got)
	}
}
