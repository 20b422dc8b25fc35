package play

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/crown-checkers/crown/movegen"
)

// The engine's name and version, as every front end reports them (the
// protocol's name, CheckerBoard's enginecommand "name").
const (
	Name    = "Crown"
	Version = "0.1"
)

// Licence is what every front end's about text and crown version say of
// Crown's licence: the MIT licence, whose text is LICENSE at the root of
// the source.
const Licence = "MIT licence"

// Build says which build of Crown runs: "commit 1a2b3c4d5e6f (2026-12-02T03:00:00Z,
// modified), go1.26.8 linux/amd64" from a git checkout, the Go version and
// platform alone otherwise (go run of a module, go test). The commit is
// what an engine author quotes in a report or a match's PDN.
func Build() string {
	platform := runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return platform
	}
	var commit, when, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			commit = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				modified = ", modified"
			}
		}
	}
	if commit == "" {
		return platform
	}
	const shortCommit = 12 // as git's abbreviations go, unique in any repository this size
	return fmt.Sprintf("commit %s (%s%s), %s", commit[:min(len(commit), shortCommit)], when, modified, platform)
}

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
