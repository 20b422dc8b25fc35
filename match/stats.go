package match

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Score counts a match's games from one engine's view.
type Score struct {
	Wins, Losses, Draws int
}

// Games returns the number of games counted.
func (s Score) Games() int { return s.Wins + s.Losses + s.Draws }

// Add counts one game: points 1 (win), 0.5 (draw) or 0 (loss).
func (s *Score) Add(points float64) {
	switch {
	case points > 0.5:
		s.Wins++
	case points < 0.5:
		s.Losses++
	default:
		s.Draws++
	}
}

// Reverse returns the same games from the opponent's view.
func (s Score) Reverse() Score {
	return Score{Wins: s.Losses, Losses: s.Wins, Draws: s.Draws}
}

// Score returns the points per game, 0..1 (0.5 with no games).
func (s Score) Score() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + 0.5*float64(s.Draws)) / float64(n)
}

// variance returns the variance of one game's points around the mean score.
func (s Score) variance() float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	mu := s.Score()
	w, l, d := float64(s.Wins)/n, float64(s.Losses)/n, float64(s.Draws)/n
	return w*(1-mu)*(1-mu) + l*mu*mu + d*(0.5-mu)*(0.5-mu)
}

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// EloFromScore returns the logistic Elo difference that makes score the
// expected points per game: -400·log10(1/score - 1). It is ±Inf at 1 and 0.
func EloFromScore(score float64) float64 {
	switch {
	case score >= 1:
		return math.Inf(1)
	case score <= 0:
		return math.Inf(-1)
	}
	if score == 0.5 {
		return 0 // not -0, which would print as "-0.0"
	}
	return -400 * math.Log10(1/score-1)
}

// ScoreFromElo returns the expected points per game of a player elo points
// stronger: 1 / (1 + 10^(-elo/400)).
func ScoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Elo returns the Elo difference the score implies and its 95% margin: the
// normal interval of the mean score (from the per-game variance of the
// wins, losses and draws) mapped through EloFromScore, half its width. With
// no games both are 0; with a one-sided score the difference is infinite
// and the margin NaN.
func (s Score) Elo() (elo, margin float64) {
	n := s.Games()
	if n == 0 {
		return 0, 0
	}
	mu := s.Score()
	elo = EloFromScore(mu)
	if math.IsInf(elo, 0) {
		return elo, math.NaN()
	}
	dev := z95 * math.Sqrt(s.variance()/float64(n))
	return elo, (EloFromScore(mu+dev) - EloFromScore(mu-dev)) / 2
}

// LOS returns the likelihood of superiority: the probability that the
// engine is the stronger, from wins and losses alone (draws say nothing
// about it): 0.5·(1 + erf((W-L)/sqrt(2(W+L)))). It is 0.5 with no decisive
// game.
func (s Score) LOS() float64 {
	if s.Wins+s.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(s.Wins-s.Losses)/math.Sqrt(2*float64(s.Wins+s.Losses))))
}

// SPRT is a sequential probability ratio test of H0 "the Elo difference is
// Elo0" against H1 "it is Elo1", with error rates Alpha (accepting H1 when
// H0 holds) and Beta (the reverse).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// SPRTErrorRate is the Alpha and Beta ParseSPRT gives: 5% each, the usual
// choice.
const SPRTErrorRate = 0.05

// ParseSPRT reads a test written "elo0,elo1" (crown match --sprt), with
// error rates of SPRTErrorRate.
func ParseSPRT(s string) (*SPRT, error) {
	a, b, ok := strings.Cut(s, ",")
	if !ok {
		return nil, fmt.Errorf("want elo0,elo1, e.g. 0,10")
	}
	elo0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	elo1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if err := errors.Join(err0, err1); err != nil {
		return nil, fmt.Errorf("want two numbers: %w", err)
	}
	if elo1 <= elo0 {
		return nil, fmt.Errorf("elo1 (%g) must be above elo0 (%g)", elo1, elo0)
	}
	return &SPRT{Elo0: elo0, Elo1: elo1, Alpha: SPRTErrorRate, Beta: SPRTErrorRate}, nil
}

// SPRTVerdict is the state of a sequential test.
type SPRTVerdict int

// The verdicts.
const (
	SPRTContinue SPRTVerdict = iota // neither bound reached: play on
	SPRTAcceptH0                    // LLR at or below the lower bound
	SPRTAcceptH1                    // LLR at or above the upper bound
)

// String returns "continue", "H0 accepted" or "H1 accepted".
func (v SPRTVerdict) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[v]
}

// Bounds returns the lower and upper log-likelihood-ratio bounds:
// ln(β/(1-α)) and ln((1-β)/α).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 for the games in s,
// by the generalised SPRT's normal approximation on the logistic scale (as
// fishtest's LLR_logistic): N·(s1-s0)·(2·mean - s0 - s1) / (2·variance),
// where s0 and s1 are the expected scores at Elo0 and Elo1 and mean and
// variance are those of one game's points. A count of zero is taken as
// sprtPseudoCount so a one-sided score (all wins) still has a spread.
// It is 0 with no games.
func (t SPRT) LLR(s Score) float64 {
	if s.Games() == 0 {
		return 0
	}
	w, l, d := float64(s.Wins), float64(s.Losses), float64(s.Draws)
	w, l, d = max(w, sprtPseudoCount), max(l, sprtPseudoCount), max(d, sprtPseudoCount)
	n := w + l + d
	mu := (w + d/2) / n
	v := (w*(1-mu)*(1-mu) + l*mu*mu + d*(0.5-mu)*(0.5-mu)) / n
	s0, s1 := ScoreFromElo(t.Elo0), ScoreFromElo(t.Elo1)
	return n * (s1 - s0) * (2*mu - s0 - s1) / (2 * v)
}

// sprtPseudoCount stands in for a zero count in the LLR. Fishtest uses
// 1e-3, which makes a short run of draws (zero spread) look like proof of
// equality; half a game keeps ten straight draws inconclusive while ten
// straight wins still decide a 0-vs-50 test.
const sprtPseudoCount = 0.5

// Verdict returns the test's state after the games in s.
func (t SPRT) Verdict(s Score) SPRTVerdict {
	llr := t.LLR(s)
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return SPRTAcceptH1
	case llr <= lower:
		return SPRTAcceptH0
	}
	return SPRTContinue
}
