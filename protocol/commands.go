package protocol

import (
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/crown-checkers/crown/lineio"
	"github.com/crown-checkers/crown/movegen"
	"github.com/crown-checkers/crown/play"
)

// helpText is the reply to "help": every command, get and set key.
func helpText() string {
	var keys strings.Builder
	for _, op := range play.Registry {
		keys.WriteString("|" + op.Key)
	}
	return "help commands: name about help options ping new getmove stop ponderhit staticevaluation perft quit;" +
		" get protocolversion|gametype|variant" + keys.String() + "|ponder|egdb|cpus|book|bookfile|gamehist|movelist;" +
		" set gametype|variant" + keys.String() + "|ponder|book|bookfile|gamehist; a position is a FEN or startpos; see docs/protocol.md"
}

// handle runs one input line.
func (s *session) handle(l lineio.Line) lineio.Outcome {
	f := strings.Fields(l.Text)
	if len(f) == 0 && !l.TooLong {
		return lineio.Continue
	}
	var cmd string
	var args []string
	if len(f) > 0 {
		cmd, args = strings.ToLower(f[0]), f[1:]
	}
	if _, running := s.loop.Running(); running && !atOnce[cmd] {
		switch {
		case s.loop.Ahead(): // behind a line that waits: keep the order sent
			return lineio.Defer
		case needsIdle[cmd] && s.loop.Endless():
			s.busy(cmd)
			return lineio.Continue
		case needsIdle[cmd]:
			return lineio.Defer
		}
	}
	if l.TooLong {
		s.out.Printf("error line too long: over %d bytes, ignored", MaxLineBytes)
		return lineio.Continue
	}
	switch cmd {
	case "quit":
		return lineio.Quit
	case "stop":
		return lineio.StopAll
	case "ponderhit":
		s.noArgs(cmd, args, s.ponderHit)
	case "ping":
		s.ping(args)
	case "name":
		s.noArgs(cmd, args, func() { s.out.Line("name " + s.fullName()) })
	case "about":
		s.noArgs(cmd, args, func() {
			s.out.Line("about " + s.fullName() + ", " + play.Description() + "; " + play.Licence + "; protocol in docs/protocol.md; evaluation weights: " + s.play.Provenance())
		})
	case "help":
		s.out.Line(helpText())
	case "options":
		s.options(args)
	case "get":
		s.get(args)
	case "set":
		s.set(args)
	case "new":
		s.noArgs(cmd, args, func() {
			s.play.NewGame()
			s.out.Line("new ok")
		})
	case "getmove":
		s.getmove(args)
	case "perft":
		s.perft(args)
	case "staticevaluation":
		s.staticEvaluation(args)
	default:
		s.out.Printf("error unknown command %s; try help", play.Echo(f[0]))
	}
	return lineio.Continue
}

// needsIdle names the commands that wait for the running job: they change
// the engine or start a job of their own. Sent during a job with limits
// (a getmove with a depth, a time or nodes, perft), such a command runs
// once the job has written its final line, as if the client had waited
// for it, and every line sent after it but those of atOnce waits its turn
// behind it; a script may send set right after getmove. During a job that
// runs until stopped (infinite, a ponder search before ponderhit) it is
// refused (busy): it would wait for ever.
var needsIdle = map[string]bool{"set": true, "new": true, "getmove": true, "perft": true}

// atOnce names the commands answered at once whatever waits: stop ends
// the running job and every job the lines waiting start (they run, each
// search stopped at once, as at the end of input), so that a search with
// a deep limit can always be stopped; ping says the engine lives; quit
// ends the session. Any other line sent while lines wait waits behind them,
// ponderhit too: it is for the ponder search a line before it starts.
var atOnce = map[string]bool{"stop": true, "ping": true, "quit": true}

// busy refuses cmd during a job that runs until stopped.
func (s *session) busy(cmd string) {
	job, _ := s.loop.Running()
	s.out.Printf("error busy: %s is not allowed while %s runs until stopped; send stop first", cmd, job)
}

// noArgs runs reply when the command came without arguments.
func (s *session) noArgs(cmd string, args []string, reply func()) {
	if len(args) > 0 {
		s.out.Printf("error %s takes no arguments", cmd)
		return
	}
	reply()
}

func (s *session) fullName() string {
	if s.cfg.Version == "" {
		return s.cfg.Name
	}
	return s.cfg.Name + " " + s.cfg.Version
}

// ping answers pong, echoing an optional token so a client can match them.
func (s *session) ping(args []string) {
	switch {
	case len(args) == 0:
		s.out.Line("pong")
	case len(args) == 1 && isToken(args[0]):
		s.out.Line("pong " + args[0])
	default:
		s.out.Line("error ping takes at most one token of letters, digits, '.', '_' or '-' (up to 64)")
	}
}

// isToken reports whether t is a short plain word that can be echoed.
func isToken(t string) bool {
	if len(t) > 64 {
		return false
	}
	for _, c := range []byte(t) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// keyArgs splits the arguments of get or set into the key, in lower case,
// and the rest; without a key it answers the error and reports false.
func (s *session) keyArgs(cmd, wants string, args []string) (string, []string, bool) {
	if len(args) == 0 {
		s.out.Printf("error %s needs %s; try help", cmd, wants)
		return "", nil, false
	}
	return strings.ToLower(args[0]), args[1:], true
}

func (s *session) get(args []string) {
	key, rest, ok := s.keyArgs("get", "a key", args)
	if !ok {
		return
	}
	if key == "movelist" {
		s.moveList(rest)
		return
	}
	reply := s.getReply(key)
	switch {
	case reply == nil:
		s.out.Printf("error unknown get key %s; try help", play.Echo(args[0]))
	case len(rest) > 0:
		s.out.Printf("error get %s takes no more arguments", key)
	default:
		reply()
	}
}

// getReply returns what answers "get key", nil for an unknown key.
func (s *session) getReply(key string) func() {
	if op := play.OptionByKey(key); op != nil {
		return func() { s.out.Printf("%s %s", op.Key, op.Format(s.play.Options())) }
	}
	return map[string]func(){
		"egdb":            func() { s.out.Printf("egdb %s", play.DescribeEGDB(s.play.EGDB())) },
		"protocolversion": func() { s.out.Printf("protocolversion %d", Version) },
		"gametype":        s.replyGameType,
		"variant":         s.replyVariant,
		"cpus":            func() { s.out.Printf("cpus %d", runtime.NumCPU()) },
		"book":            s.replyBook,
		"bookfile":        s.replyBookFile,
		"gamehist":        s.replyGameHist,
		"ponder":          s.replyPonder,
	}[key]
}

func (s *session) set(args []string) {
	key, rest, ok := s.keyArgs("set", "a key and a value", args)
	if !ok {
		return
	}
	if key == "gamehist" {
		s.setGameHist(rest)
		return
	}
	if key == "bookfile" {
		s.setBookFile(rest)
		return
	}
	if key == "variant" {
		s.setVariant(rest)
		return
	}
	if op := play.OptionByKey(key); op != nil {
		s.setOption(op, rest)
		return
	}
	switch key {
	case "gametype", "book", "ponder":
	default:
		s.out.Printf("error unknown set key %s; try help", play.Echo(args[0]))
		return
	}
	if len(rest) != 1 {
		s.out.Printf("error set %s takes one number", key)
		return
	}
	n, err := strconv.Atoi(rest[0])
	if err != nil {
		s.out.Printf("error set %s: %s is not a whole number", key, play.Echo(rest[0]))
		return
	}
	switch key {
	case "gametype":
		if err := s.play.SetGameType(n); err != nil {
			s.out.Printf("error set gametype: %v", err)
			return
		}
		s.replyGameType()
	case "book":
		if err := s.play.SetBookLevel(n); err != nil {
			s.out.Printf("error set book: %v", err)
			return
		}
		s.replyBook()
	case "ponder":
		if n != 0 && n != 1 {
			s.out.Printf("error set ponder: %d is out of range 0..1", n)
			return
		}
		s.ponder = n == 1
		s.replyPonder()
	}
}

// replyPonder answers whether move lines name the reply the engine
// expects: "ponder 1" or "ponder 0".
func (s *session) replyPonder() {
	n := 0
	if s.ponder {
		n = 1
	}
	s.out.Printf("ponder %d", n)
}

// setOption changes one engine option from the registry and answers the
// value in force. A text option (egdbpath, evalfile) takes the rest of
// the line, its words joined by single blanks.
func (s *session) setOption(op *play.Option, args []string) {
	text := strings.Join(args, " ")
	if !op.IsText() && len(args) != 1 || len(args) == 0 {
		s.out.Printf("error set %s takes %s", op.Key, op.Takes())
		return
	}
	if err := s.play.SetOption(op, text); err != nil {
		s.out.Printf("error set %s: %v", op.Key, err)
		return
	}
	s.out.Printf("%s %s", op.Key, op.Format(s.play.Options()))
}

func (s *session) replyGameType() {
	s.out.Printf("gametype %d", s.play.Variant().Rules().GameType)
}

// replyVariant answers the rule set in force by name: "variant russian".
func (s *session) replyVariant() {
	s.out.Printf("variant %s", s.play.Variant())
}

// setVariant sets the rule set by name, or by PDN GameType as set
// gametype does (movegen.ParseVariant), and answers its name.
func (s *session) setVariant(args []string) {
	if len(args) != 1 {
		s.out.Printf("error set variant takes one name: %s", movegen.VariantNames())
		return
	}
	v, err := movegen.ParseVariant(strings.ToLower(args[0]))
	if err == nil {
		err = s.play.SetGameType(v.Rules().GameType)
	}
	if err != nil {
		s.out.Printf("error set variant: %v", err)
		return
	}
	s.replyVariant()
}

// replyBook answers the book level in force, its name and the book of the
// rule set in force: "book 2 good moves; default book".
func (s *session) replyBook() {
	level := s.play.BookLevel()
	if _, err := s.play.Book(); err != nil {
		s.out.Printf("book %d %s; %v", level, level, err)
		return
	}
	s.out.Printf("book %d %s; %s book", level, level, s.play.BookFile())
}

func (s *session) replyBookFile() {
	s.out.Printf("bookfile %s", s.play.BookFile())
}

// setBookFile loads a book file, the rest of the line (its words joined
// by single blanks), or the shipped book again for "default"; on error
// the book in use stays.
func (s *session) setBookFile(args []string) {
	if len(args) == 0 {
		s.out.Printf("error set bookfile takes a path or %s", play.DefaultBook)
		return
	}
	if err := s.play.SetBookFile(strings.Join(args, " ")); err != nil {
		s.out.Printf("error set bookfile: %v", err)
		return
	}
	s.replyBookFile()
}

func (s *session) replyGameHist() {
	if h := s.play.HistoryText(); h != "" {
		s.out.Line("gamehist " + h)
		return
	}
	s.out.Line("gamehist none")
}

// setGameHist replaces the game history with a FEN and the moves played
// from it, or leaves it as it was when any part is wrong.
func (s *session) setGameHist(args []string) {
	if len(args) == 0 {
		s.out.Line("error set gamehist needs a FEN and the moves played from it")
		return
	}
	if err := s.play.SetHistory(s.fenText(args[0]), args[1:]); err != nil {
		s.out.Printf("error set gamehist: %v", err)
		return
	}
	s.replyGameHist()
}

// startPos is the word that stands for a FEN: the start position of the
// game in force, as UCI's position startpos.
const startPos = "startpos"

// fenText returns a position argument as a FEN: the start position's of
// the game in force for startPos (in any case), the word itself otherwise.
func (s *session) fenText(word string) string {
	if strings.EqualFold(word, startPos) {
		p := movegen.StartPosition(s.play.Variant())
		return p.FEN()
	}
	return word
}

// parseFEN reads a position argument, a FEN in the session's rule set or
// startPos, answering the error itself when it is bad.
func (s *session) parseFEN(cmd, fen string) (movegen.Position, bool) {
	p, err := s.play.ParseFEN(s.fenText(fen))
	if err != nil {
		s.out.Printf("error %s: %v", cmd, err)
		return movegen.Position{}, false
	}
	return p, true
}

// moveList answers every legal move of a position, sorted by their
// landing paths so the reply does not depend on generation order.
func (s *session) moveList(args []string) {
	if len(args) != 1 {
		s.out.Line("error get movelist takes one FEN")
		return
	}
	p, ok := s.parseFEN("get movelist", args[0])
	if !ok {
		return
	}
	var ml movegen.MoveList
	p.GenerateMoves(&ml)
	moves := ml.Slice()
	sort.Slice(moves, func(i, j int) bool { return movePathLess(moves[i], moves[j]) })
	var b strings.Builder
	b.WriteString("movelist")
	for _, m := range moves {
		b.WriteByte(' ')
		b.WriteString(p.Rules().PathText(m))
	}
	s.out.Line(b.String())
}

// movePathLess orders moves by their landing squares, number by number.
func movePathLess(a, b movegen.Move) bool {
	if a.From != b.From {
		return a.From < b.From
	}
	for i := 0; i < a.Landings() && i < b.Landings(); i++ {
		if a.Landing(i) != b.Landing(i) {
			return a.Landing(i) < b.Landing(i)
		}
	}
	return a.Landings() < b.Landings()
}

// staticEvaluation answers the evaluation and its terms, all from the side
// to move's view, so the terms sum to the score.
func (s *session) staticEvaluation(args []string) {
	if len(args) != 1 {
		s.out.Line("error staticevaluation takes one FEN")
		return
	}
	p, ok := s.parseFEN("staticevaluation", args[0])
	if !ok {
		return
	}
	total, terms := s.play.Evaluate(&p)
	var b strings.Builder
	fmt.Fprintf(&b, "staticevaluation score=%+d", total)
	for _, t := range terms {
		fmt.Fprintf(&b, " %s=%+d", termKey(t.Name), t.Value)
	}
	s.out.Line(b.String())
}

// termKey turns a term name into a key: lower case, no spaces or '='.
func termKey(name string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '=' || r == '\t' {
			return '_'
		}
		return r
	}, strings.ToLower(name))
}
