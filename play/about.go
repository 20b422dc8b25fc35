package play

import (
	"fmt"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// The engine's name and version, as every front end reports them (the
// protocol's name, CheckerBoard's enginecommand "name").
const (
	Name    = "Crown"
	Version = "0.1"
)

// Description says what the engine plays, for every front end's about
// text: "a checkers engine for American checkers (GameType 21) and
// American Pool checkers (GameType 23)", from the rule sets movegen
// knows, so that a new one is named everywhere at once.
func Description() string {
	var games []string
	for v := movegen.Variant(0); v < movegen.NumVariants; v++ {
		r := v.Rules()
		games = append(games, fmt.Sprintf("%s (GameType %d)", r.Title, r.GameType))
	}
	list := strings.Join(games, ", ")
	if n := len(games); n > 1 {
		list = strings.Join(games[:n-1], ", ") + " and " + games[n-1]
	}
	return "a checkers engine for " + list
}
