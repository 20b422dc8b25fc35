package main

import (
	"errors"
	"fmt"
	"runtime"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/book"
	"github.com/crown-checkers/crown/movegen/cbboard"
	"github.com/crown-checkers/crown/play"
)

// Limits and fixed replies of enginecommand.
const (
	// protocolVersion is CheckerBoard's engine protocol version Crown speaks.
	protocolVersion = 2
	// maxCommandBytes bounds a command: longer ones (or a string whose end
	// is not found within it) are refused. set gamehist with a whole game
	// fits easily; the API's 256 bytes is CheckerBoard's own buffer.
	maxCommandBytes = 1 << 16
	// apiCommandBytes is the command buffer the API declares (char
	// command[256]): a host may fill it to the last byte with no NUL.
	apiCommandBytes = 256
	// maxReplyBytes is enginecommand's reply buffer, with its final NUL
	// (cbapi.h's ENGINECOMMAND_REPLY_SIZE; main.go checks they agree).
	maxReplyBytes = 1024
	// unknownReply answers a command Crown does not know, as CheckerBoard
	// expects (with return value 0).
	unknownReply = "?"
	// cbLeastCache is what a dbmbytes below Crown's least becomes: the
	// smallest cache CheckerBoard's Options list offers but 0. Its list
	// selects the entry that starts as get dbmbytes answers: 1 MiB, the
	// least Crown takes, selected 128, which OK then sent.
	cbLeastCache = 64
	// helpFile is the help document "help" names; CheckerBoard opens it
	// from its engines folder (make cb-windows writes it next to the DLL).
	helpFile = "crown-help.txt"
)

// errUnknown marks a command that gets the unknown reply.
var errUnknown = errors.New("unknown command")

// command answers one enginecommand: the reply text and whether the
// command was handled (enginecommand's return value 1). Commands Crown
// does not know get "?" and false; known commands with a bad argument, or
// asking for what Crown does not have (an endgame database), get a reply
// that says so, and false.
func (a *adapter) command(line string) (string, bool) {
	if len(line) > maxCommandBytes {
		return fmt.Sprintf("error: command longer than %d bytes, ignored", maxCommandBytes), false
	}
	reply, ok := a.commandOnce(line)
	if !ok && len(line) > apiCommandBytes && isGameHist(line) {
		// A host that filled the API's 256 bytes without a NUL (pydraughts,
		// for a history of exactly 256 characters) leaves whatever follows
		// in memory on the end of the command, so a refused history (which
		// leaves the one in force) is tried again as those 256 bytes. Only
		// a history: it is the one command a host sends longer than that.
		if r, ok := a.commandOnce(line[:apiCommandBytes]); ok {
			return r, true
		}
	}
	return reply, ok
}

// isGameHist reports whether line is a set gamehist command.
func isGameHist(line string) bool {
	f := strings.Fields(line[:min(len(line), apiCommandBytes)])
	return len(f) >= 2 && strings.EqualFold(f[0], "set") && strings.EqualFold(f[1], "gamehist")
}

// commandOnce answers one command line as command does, with no retry.
func (a *adapter) commandOnce(line string) (string, bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return unknownReply, false
	}
	reply, err := a.run(strings.ToLower(f[0]), f[1:])
	switch {
	case errors.Is(err, errUnknown):
		return unknownReply, false
	case err != nil:
		return err.Error(), false
	}
	return reply, true
}

// run answers a command word with its arguments.
func (a *adapter) run(cmd string, args []string) (string, error) {
	switch cmd {
	case "name":
		return play.Name + " " + play.Version, nil
	case "about":
		r := a.play.Variant().Rules()
		return play.Name + " " + play.Version + ", " + play.Description() + ", as a CheckerBoard engine library; " + play.Licence + "." +
			" Game type in force: " + strconv.Itoa(r.GameType) + ", " + r.Title + "." +
			" Evaluation weights: " + a.play.Provenance(), nil
	case "help":
		return helpFile, nil
	case "get":
		if len(args) == 0 {
			return "", errors.New("error: get needs a key")
		}
		return a.get(strings.ToLower(args[0]), args[1:])
	case "set":
		if len(args) == 0 {
			return "", errors.New("error: set needs a key and a value")
		}
		return a.set(strings.ToLower(args[0]), args[1:])
	case "staticevaluation":
		return a.staticEvaluation(args)
	}
	return "", errUnknown
}

// get answers "get key".
func (a *adapter) get(key string, rest []string) (string, error) {
	switch key {
	case "gamehist":
		return "", errUnknown
	case "movelist":
		return a.moveList(rest)
	}
	if len(rest) > 0 {
		return "", fmt.Errorf("error: get %s takes no more arguments", key)
	}
	if op := engineOption(key); op != nil {
		return op.Format(a.play.Options()), nil
	}
	switch key {
	case "protocolversion":
		return strconv.Itoa(protocolVersion), nil
	case "gametype":
		return strconv.Itoa(a.play.Variant().Rules().GameType), nil
	case "cpus":
		return strconv.Itoa(runtime.NumCPU()), nil
	case "book":
		return strconv.Itoa(int(a.play.BookLevel())), nil
	case "bookfile":
		return a.play.BookFile(), nil
	}
	return "", errUnknown
}

// cbOptionNames are CheckerBoard's names of engine options: its database
// path and cache (dbmbytes, in MiB) are egdbpath and egdbcache.
var cbOptionNames = map[string]string{"dbpath": "egdbpath", "dbmbytes": "egdbcache"}

// engineOption returns the engine option (play.Registry) whose key, or
// CheckerBoard name, is key, or nil.
func engineOption(key string) *play.Option {
	if name, ok := cbOptionNames[key]; ok {
		key = name
	}
	return play.OptionByKey(key)
}

// set answers "set key value..." with the value now in force.
func (a *adapter) set(key string, args []string) (string, error) {
	switch key {
	case "gamehist":
		return a.setGameHist(args)
	case "bookfile":
		return a.setBookFile(args)
	}
	op := engineOption(key)
	if op == nil && key != "gametype" && key != "book" {
		return "", errUnknown
	}
	if op != nil && op.IsText() {
		if len(args) == 0 {
			return "", fmt.Errorf("error: set %s takes %s", key, op.Takes())
		}
		return a.setOption(op, key, strings.Join(args, " "))
	}
	if len(args) != 1 {
		return "", fmt.Errorf("error: set %s takes one number", key)
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", fmt.Errorf("error: set %s: %s is not a whole number", key, play.Echo(args[0]))
	}
	if op != nil {
		return a.setNumber(op, key, n)
	}
	if key == "book" {
		if err := a.play.SetBookLevel(n); err != nil {
			return "", fmt.Errorf("error: set book: %v", err)
		}
		return fmt.Sprintf("%d (%s)", n, book.Level(n)), nil
	}
	if err := a.play.SetGameType(n); err != nil {
		return "", fmt.Errorf("error: set gametype: %v", err)
	}
	return strconv.Itoa(n), nil
}

// setOption sets an engine option of play.Registry under the name key
// (the option's own, or CheckerBoard's dbpath and dbmbytes): hashsize
// resizes the hash table, searchthreads changes the thread count, egdbpath
// opens a database. It fails while a search runs.
func (a *adapter) setOption(op *play.Option, key, text string) (string, error) {
	if err := a.play.SetOption(op, text); err != nil {
		return "", fmt.Errorf("error: set %s: %v", key, err)
	}
	return op.Format(a.play.Options()), nil
}

// setNumber sets a numeric engine option, brought into its range: a value
// CheckerBoard's options dialog offers beyond Crown's limits (a hash table
// of half the machine's memory, a database cache of 0) is taken as the
// nearest Crown has, and the reply says so, for CheckerBoard drops a
// refusal without a word. The reply is the value in force, but empty for
// an accepted dbmbytes: CheckerBoard shows any other reply to it in a
// message box, which should open only when there is something to read.
func (a *adapter) setNumber(op *play.Option, key string, n int) (string, error) {
	in := a.play.Clamp(op, n)
	if key == "dbmbytes" && n < op.Min {
		in = cbLeastCache
	}
	reply, err := a.setOption(op, key, strconv.Itoa(in))
	switch {
	case err != nil:
		return "", err
	case key == "dbmbytes" && n < op.Min:
		return fmt.Sprintf("%s set to %d %s: Crown needs a block cache (%d asked)", key, in, op.Unit, n), nil
	case in != n:
		bound := "most"
		if in > n {
			bound = "least"
		}
		unit := ""
		if op.Unit != "" {
			unit = " " + op.Unit
		}
		return fmt.Sprintf("%s set to %d%s, the %s Crown takes (%d asked)", key, in, unit, bound, n), nil
	case key == "dbmbytes":
		return "", nil
	}
	return reply, nil
}

// setGameHist replaces the game history with a FEN and the moves played
// from it, or keeps the one in force when any part is wrong. Both are in
// CheckerBoard's numbers of the game type, rewritten in the game's own.
func (a *adapter) setGameHist(args []string) (string, error) {
	if len(args) == 0 {
		return "", errors.New("error: set gamehist needs a FEN and the moves played from it")
	}
	v := a.play.Variant()
	p, err := cbboard.ReadPosition(args[0], v)
	if err != nil {
		return "", fmt.Errorf("error: set gamehist: %v", err)
	}
	moves := make([]string, len(args)-1)
	for i, m := range args[1:] {
		if moves[i], err = cbboard.GameMove(m, v); err != nil {
			return "", fmt.Errorf("error: set gamehist: move %d: %v", i+1, err)
		}
	}
	if err := a.play.SetHistory(p.FEN(), moves); err != nil {
		return "", fmt.Errorf("error: set gamehist: %v", err)
	}
	return "gamehist " + a.play.HistoryText(), nil
}

// moveList answers CheckerBoard's "get movelist FEN" (cbboard.MoveList):
// with it CheckerBoard checks the user's moves and the engine's by the
// rules of the game type in force instead of its own English generator.
// A list longer than the reply is refused, and CheckerBoard falls back
// to its own.
func (a *adapter) moveList(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("error: get movelist takes one FEN")
	}
	reply, err := cbboard.MoveListOf(args[0], a.play.Variant())
	switch {
	case err != nil:
		return "", fmt.Errorf("error: get movelist: %v", err)
	case len(reply) >= maxReplyBytes:
		return "", fmt.Errorf("error: get movelist: %d bytes, more than the reply holds", len(reply))
	}
	return reply, nil
}

// staticEvaluation answers the evaluation of a FEN and its terms, one a
// line, in centi-men from the side to move's view (the terms add up to the
// score), for CheckerBoard's message box.
func (a *adapter) staticEvaluation(args []string) (string, error) {
	if len(args) != 1 {
		return "", errors.New("error: staticevaluation takes one FEN")
	}
	p, err := cbboard.ReadPosition(args[0], a.play.Variant())
	if err != nil {
		return "", fmt.Errorf("error: staticevaluation: %v", err)
	}
	total, terms := a.play.Evaluate(&p)
	var b strings.Builder
	fmt.Fprintf(&b, "score %+d (centi-men, %s to move)", total, p.Turn.Name())
	for _, t := range terms {
		fmt.Fprintf(&b, "\n%s %+d", t.Name, t.Value)
	}
	return b.String(), nil
}

// setBookFile reads a book file (its path, which may hold blanks), or the
// shipped book again for "default"; on error the book in use stays.
func (a *adapter) setBookFile(args []string) (string, error) {
	if len(args) == 0 {
		return "", fmt.Errorf("error: set bookfile takes a path or %s", play.DefaultBook)
	}
	if err := a.play.SetBookFile(strings.Join(args, " ")); err != nil {
		return "", fmt.Errorf("error: set bookfile: %v", err)
	}
	return a.play.BookFile(), nil
}
