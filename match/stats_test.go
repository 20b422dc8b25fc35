package match

import (
	"math"
	"strings"
	"testing"
)

// near reports whether a and b agree to within tol.
func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestElo checks Elo, margin and LOS against cutechess-cli's printed
// results for the same counts ("Elo difference: 44.9 +/- 6.8, LOS:
// 100.0 %" for 338-81-1581) and against values worked by hand.
func TestElo(t *testing.T) {
	tests := []struct {
		w, l, d          int
		elo, margin, los float64
	}{
		{338, 81, 1581, 44.9, 6.8, 1.0},   // cutechess-cli
		{1783, 0, 217, 496.6, 23.2, 1.0},  // cutechess-cli
		{2, 4211, 787, -426.4, 12.1, 0.0}, // cutechess-cli
		{30, 10, 60, 70.44, 42.80, 0.99922},
		{10, 10, 80, 0, 30.53, 0.5},
		{5, 12, 20, -66.53, 76.94, 0.04478},
	}
	for _, tc := range tests {
		s := Score{Wins: tc.w, Losses: tc.l, Draws: tc.d}
		elo, margin := s.Elo()
		if !near(elo, tc.elo, 0.05) || !near(margin, tc.margin, 0.05) || !near(s.LOS(), tc.los, 0.0005) {
			t.Errorf("%+v: Elo %.2f ± %.2f LOS %.5f, want %.2f ± %.2f LOS %.5f", s, elo, margin, s.LOS(), tc.elo, tc.margin, tc.los)
		}
	}
	if elo, _ := (Score{Wins: 2, Losses: 2}).Elo(); formatElo(elo, 0) != "+0.0 ± 0.0" {
		t.Errorf("even score: Elo %s", formatElo(elo, 0))
	}
	if got := (Score{Draws: 4}).EloText(); got != "+0.0 (every game drawn: no margin yet)" {
		t.Errorf("4 draws: Elo %s, want no margin", got)
	}
	if got := (Score{Wins: 1, Draws: 3}).EloText(); !strings.HasPrefix(got, "+") || !strings.Contains(got, " ± ") {
		t.Errorf("a win and 3 draws: Elo %s, want a margin", got)
	}
	if elo, _ := (Score{Wins: 3}).Elo(); !math.IsInf(elo, 1) {
		t.Errorf("all wins: Elo %v, want +Inf", elo)
	}
	if elo, margin := (Score{}).Elo(); elo != 0 || margin != 0 {
		t.Errorf("no games: %v ± %v", elo, margin)
	}
	for _, elo := range []float64{-300, -20, 0, 35.5, 400} {
		if got := EloFromScore(ScoreFromElo(elo)); !near(got, elo, 1e-9) {
			t.Errorf("EloFromScore(ScoreFromElo(%v)) = %v", elo, got)
		}
	}
	if !near(ScoreFromElo(400), 10.0/11, 1e-12) {
		t.Errorf("ScoreFromElo(400) = %v, want 10/11", ScoreFromElo(400))
	}
}

// TestSPRT checks the LLR against the GSPRT formula worked
// independently, the bounds for alpha = beta = 0.05, and the verdicts.
func TestSPRT(t *testing.T) {
	lower, upper := SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	if !near(lower, -2.944439, 1e-6) || !near(upper, 2.944439, 1e-6) {
		t.Fatalf("bounds %v %v, want ∓2.944439 (ln 19)", lower, upper)
	}
	tests := []struct {
		w, l, d    int
		elo0, elo1 float64
		llr        float64
		verdict    SPRTVerdict
	}{
		{30, 10, 60, 0, 10, 1.48358, SPRTContinue},
		{120, 40, 152, 0, 10, 4.86001, SPRTAcceptH1},
		{5, 12, 20, 0, 10, -0.51158, SPRTContinue},
		{200, 180, 620, -5, 5, 1.51635, SPRTContinue},
		{10, 0, 0, 0, 50, 5.96827, SPRTAcceptH1}, // zero counts taken as half a game
		{0, 0, 10, 0, 5, -0.01253, SPRTContinue}, // ten draws prove nothing yet
		{300, 340, 2000, 0, 5, -3.50523, SPRTAcceptH0},
		{0, 0, 0, 0, 5, 0, SPRTContinue},
	}
	for _, tc := range tests {
		s := Score{Wins: tc.w, Losses: tc.l, Draws: tc.d}
		test := SPRT{Elo0: tc.elo0, Elo1: tc.elo1, Alpha: 0.05, Beta: 0.05}
		if got := test.LLR(s); !near(got, tc.llr, 0.01) {
			t.Errorf("%+v [%v,%v]: LLR %.5f, want %.5f", s, tc.elo0, tc.elo1, got, tc.llr)
		}
		if got := test.Verdict(s); got != tc.verdict {
			t.Errorf("%+v [%v,%v]: %v, want %v", s, tc.elo0, tc.elo1, got, tc.verdict)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	if s, err := ParseSPRT(" -2.5, 5 "); err != nil || *s != (SPRT{Elo0: -2.5, Elo1: 5, Alpha: SPRTErrorRate, Beta: SPRTErrorRate}) {
		t.Errorf("-2.5,5: %+v, %v", s, err)
	}
	for in, want := range map[string]string{"5": "want elo0,elo1", "a,5": "want two numbers", "5,0": "elo1 (0) must be above elo0 (5)", "1,1": "must be above"} {
		if _, err := ParseSPRT(in); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
}
