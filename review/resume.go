package review

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// Resume reads out, the text an earlier review wrote (records from
// Annotated written one after another by movegen's WritePDN, as crown
// annotate writes them), against games, the records being reviewed. It
// returns how many games at the start of out were reviewed to their end
// (their Review tag is ReviewComplete) and are games[:done] (the same rule
// set, start and moves), and the length of out that holds them: the rest,
// a review that stopped, is to be done again. Text that is not such an
// output, or whose games are not those, is an error that says which game
// differs.
func Resume(out []byte, games []movegen.Game) (done, keep int, err error) {
	starts := recordStarts(out)
	read, err := movegen.ReadPDN(bytes.NewReader(out), movegen.American)
	if err != nil {
		return 0, 0, err
	}
	if len(read) != len(starts) {
		return 0, 0, fmt.Errorf("it holds %d games in %d records: not the output of a review", len(read), len(starts))
	}
	for i, g := range read {
		if g.Tag(TagReview) != ReviewComplete {
			if g.Tag(TagReview) == "" {
				return 0, 0, fmt.Errorf("game %d has no %s tag: not the output of a review", i+1, TagReview)
			}
			break
		}
		if i >= len(games) || !sameGame(&g, &games[i]) {
			return 0, 0, fmt.Errorf("game %d is not game %d of the games to review", i+1, i+1)
		}
		done = i + 1
	}
	if done == len(starts) {
		return done, len(out), nil
	}
	return done, starts[done], nil
}

// recordStarts returns the offsets in text where a game's record begins:
// a line that opens with a tag, at the start or after a blank line, as
// WritePDN separates games (a comment holds no line that opens a tag
// there: its words follow the move text's).
func recordStarts(text []byte) []int {
	var starts []int
	blank := true
	for off := 0; off < len(text); {
		end := bytes.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text) - off
		}
		line := strings.TrimRight(string(text[off:off+end]), "\r")
		switch {
		case strings.TrimSpace(line) == "":
			blank = true
		case blank && strings.HasPrefix(line, "["):
			starts = append(starts, off)
			blank = false
		default:
			blank = false
		}
		off += end + 1
	}
	return starts
}

// sameGame reports whether a and b are the same game: rule set, start and
// moves.
func sameGame(a, b *movegen.Game) bool {
	if a.Variant != b.Variant || a.Start != b.Start || len(a.Moves) != len(b.Moves) {
		return false
	}
	for i := range a.Moves {
		if !a.Moves[i].Same(b.Moves[i]) {
			return false
		}
	}
	return true
}
