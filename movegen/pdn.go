package movegen

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Tag is one PDN tag pair, written [Name "Value"].
type Tag struct{ Name, Value string }

// Game is a game: read from or written to PDN, or being played (game.go
// has the methods that play it and apply the rules to it).
type Game struct {
	Tags    []Tag    // in file order (Event, Date, Black, White, Result, GameType, FEN, ...)
	Variant Variant  // from the GameType tag if present, else the default passed to ReadPDN
	Start   Position // from the FEN tag, else the start position
	Moves   []Move   // the legal moves read, in order
	// Result is "1-0" (Black won), "0-1" (White won), "1/2-1/2" or "*",
	// whoever moved first; a PDN file gives the first mover's score first
	// (pdnSide converts).
	Result string
	// Err is non-nil when the game could not be read to its end: it names
	// the move (number and text) that could not be read or played, or the
	// tag that was wrong. Moves holds the moves before it.
	Err error
	// Comment, if not empty, is a comment on the whole game, which
	// WritePDN writes before the first move (a review's summary, say).
	// ReadPDN skips comments and leaves it empty.
	Comment string
	// Annotations, if not nil, annotate the moves: Annotations[i] belongs
	// to Moves[i], and moves past its end have none. WritePDN writes them;
	// ReadPDN skips them (a mark glued to a move, a comment) and leaves
	// Annotations nil.
	Annotations []Annotation
	// positions caches every position from Start on (Positions).
	positions []Position
}

// Annotation is what a game record says about one move besides the move:
// a mark glued to it and a comment after it.
type Annotation struct {
	// Mark is "" or one of PDN's move assessments: "!", "?", "!!", "??",
	// "!?" or "?!".
	Mark string
	// Comment is written after the move as a PDN comment, {Comment}, its
	// blanks and line breaks as single spaces; it may not hold a brace.
	Comment string
}

// marks are the assessments an Annotation's Mark may hold.
var marks = []string{"", "!", "?", "!!", "??", "!?", "?!"}

// check reports what makes a mark or a comment unwritable.
func (a Annotation) check() error {
	if !slices.Contains(marks, a.Mark) {
		return fmt.Errorf("mark %s is not one of ! ? !! ?? !? ?!", Echo(a.Mark))
	}
	return checkComment(a.Comment)
}

// checkComment refuses a comment PDN cannot hold: a brace would end it
// early or open another.
func checkComment(c string) error {
	if strings.ContainsAny(c, "{}") {
		return fmt.Errorf("comment %s holds a brace", Echo(c))
	}
	return nil
}

// Tag returns the value of the game's first tag called name (compared
// without regard to case), or "" if there is none.
func (g *Game) Tag(name string) string {
	for _, t := range g.Tags {
		if strings.EqualFold(t.Name, name) {
			return t.Value
		}
	}
	return ""
}

// SetTag gives the game's first tag called name (compared without regard
// to case) the value, or adds the tag at the end when the game has none of
// that name. It writes into Tags: a game copied from another with Tags
// shared should clone them first.
func (g *Game) SetTag(name, value string) {
	for i := range g.Tags {
		if strings.EqualFold(g.Tags[i].Name, name) {
			g.Tags[i].Value = value
			return
		}
	}
	g.Tags = append(g.Tags, Tag{Name: name, Value: value})
}

// DeleteTag removes every tag called name (compared without regard to
// case), in place as SetTag writes.
func (g *Game) DeleteTag(name string) {
	g.Tags = slices.DeleteFunc(g.Tags, func(t Tag) bool { return strings.EqualFold(t.Name, name) })
}

// MaxPDNBytes bounds the PDN text ReadPDN reads: 64 MiB, some 150,000
// games, more than any collection of one player's or event's games.
const MaxPDNBytes = 64 << 20

// ReadPDN reads every game of a PDN file (PDN 3.0: tag pairs, then the
// move text ended by a result). Rule sets come from the GameType tag, with
// v for games without one; start positions from the FEN tag. It skips
// comments ({...} and ; to the end of the line), variations (...), move
// numbers ("12." and "12..."), NAGs ($3) and annotations (! ?, also glued
// to a move: "11-15!"). Any other text in the move text, such as a comment
// that lost its braces, stops the game as an unreadable move. The error is
// only for reading r; a game whose moves cannot all be read keeps the moves
// before the bad one, says why in Game.Err, and reading goes on with the
// next game. An unclosed tag value breaks its game (Game.Err names the
// line); an unclosed comment or variation breaks the game it is in, or a
// game of its own between games, with the rest of the file unread, for
// where it was meant to end cannot be known.
func ReadPDN(r io.Reader, v Variant) ([]Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxPDNBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxPDNBytes {
		return nil, fmt.Errorf("PDN text over %d bytes, the most Crown reads", MaxPDNBytes)
	}
	lx := pdnLexer{src: string(data)}
	var games []Game
	var cur *pdnGame
	finish := func() {
		if cur != nil {
			games = append(games, cur.finish())
			cur = nil
		}
	}
	for {
		tok := lx.next()
		switch tok.kind {
		case pdnEOF:
			if lx.unclosed != nil {
				if cur == nil {
					cur = &pdnGame{defaultVariant: v}
				}
				cur.begin()
				cur.fail(lx.unclosed)
			}
			finish()
			return games, nil
		case pdnTag:
			if cur != nil && cur.started {
				finish() // a new tag section without a result before it
			}
			if cur == nil {
				cur = &pdnGame{defaultVariant: v}
			}
			cur.game.Tags = append(cur.game.Tags, Tag{Name: tok.name, Value: tok.text})
			if tok.err != nil {
				cur.fail(tok.err)
			}
		case pdnWord:
			if cur == nil {
				cur = &pdnGame{defaultVariant: v}
			}
			if res, ok := pdnResult(tok.text); ok {
				cur.game.Result = res
				finish()
				continue
			}
			cur.word(tok.text)
		}
	}
}

// pdnResult recognises a game termination marker, mapping the PDN score
// forms (2-0, 0-2, 1-1, 0-0) to the usual ones.
func pdnResult(s string) (string, bool) {
	switch s {
	case "1-0", "2-0":
		return "1-0", true
	case "0-1", "0-2":
		return "0-1", true
	case "1/2-1/2", "1-1":
		return "1/2-1/2", true
	case "*", "0-0":
		return "*", true
	}
	return "", false
}

// pdnGame is a game being read.
type pdnGame struct {
	game           Game
	defaultVariant Variant
	started        bool     // the move text has begun: tags are settled
	pos            Position // the position before the next move
	number         int      // the move number of the next move
	second         bool     // the next move is the second of its number
}

// begin settles the rule set and start position from the tags.
func (pg *pdnGame) begin() {
	if pg.started {
		return
	}
	pg.started = true
	g := &pg.game
	g.Variant = pg.defaultVariant
	if gt := g.Tag("GameType"); gt != "" {
		num, _, _ := strings.Cut(gt, ",") // GameType may go on: "21,W,8,8,A0,0"
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if err != nil {
			pg.fail(fmt.Errorf("GameType tag %s is not a game type number", Echo(gt)))
		} else if g.Variant, err = VariantForGameType(n); err != nil {
			pg.fail(fmt.Errorf("GameType tag: %w", err))
		}
	}
	g.Start = StartPosition(g.Variant)
	if fen := g.Tag("FEN"); fen != "" && g.Err == nil {
		fen = strings.TrimSpace(fen)
		if strings.HasPrefix(fen, "[") && strings.HasSuffix(fen, "]") {
			fen = fen[1 : len(fen)-1]
		}
		fen = strings.Trim(strings.TrimSpace(fen), `"`)
		p, err := ParseFEN(fen, g.Variant)
		if err != nil {
			g.Err = fmt.Errorf("FEN tag: %w", err)
		} else {
			g.Start = p
		}
	}
	pg.pos = g.Start
	pg.number = 1
	pg.second = g.Start.Turn != g.Variant.Rules().FirstMover
}

// fail marks the game broken by err, unless it is already: Err names the
// first fault.
func (pg *pdnGame) fail(err error) {
	if pg.game.Err == nil {
		pg.game.Err = err
	}
}

// word takes one word of move text.
func (pg *pdnGame) word(w string) {
	pg.begin()
	// A move number, possibly glued to the move: "12.", "12...", "12.11-15".
	if i := strings.IndexByte(w, '.'); i > 0 && isDigits(w[:i]) {
		n, _ := strconv.Atoi(w[:i])
		dots := len(w) - len(strings.TrimLeft(w[i:], "."))
		pg.number, pg.second = n, dots-i >= 3
		w = w[dots:]
	}
	if w == "" || w[0] == '$' || strings.Trim(w, "!?") == "" {
		return // number only, NAG or annotation
	}
	if pg.game.Err != nil {
		return // the game is broken: skip the rest of its moves
	}
	text := movePrefix(w, pg.pos.Rules())
	label := strconv.Itoa(pg.number) + "."
	if pg.second {
		label += ".."
	}
	if text == "" || strings.Trim(w[len(text):], "!?") != "" {
		pg.game.Err = fmt.Errorf("move %s %s is not a move: want squares joined by '-', 'x' or ':'", label, Echo(w))
		return
	}
	m, err := pg.pos.ParseMove(text)
	if err != nil {
		pg.game.Err = fmt.Errorf("move %s %s: %w", label, text, err)
		return
	}
	pg.game.Moves = append(pg.game.Moves, m)
	pg.pos.MakeMove(m)
	if pg.second {
		pg.number++
	}
	pg.second = !pg.second
}

// finish completes the game at its result or at the end of its text.
func (pg *pdnGame) finish() Game {
	pg.begin()
	g := pg.game
	if g.Result == "" {
		if res, ok := pdnResult(g.Tag("Result")); ok {
			g.Result = res
		} else {
			g.Result = "*"
		}
	}
	g.Result = pdnSide(g.Variant, g.Result)
	return g
}

// pdnSide converts a result between Crown's reading ("1-0": Black won)
// and a PDN file's for game v, which gives the first mover's score first:
// the same where Black moves first, swapped where White does (CheckerBoard
// and the draughts federations write a White win "1-0" in those games).
// It is its own inverse.
func pdnSide(v Variant, res string) string {
	if v.Rules().FirstMover == White {
		switch res {
		case ResultBlackWins:
			return ResultWhiteWins
		case ResultWhiteWins:
			return ResultBlackWins
		}
	}
	return res
}

// movePrefix returns the leading part of w made of squares and separators
// ("11-15" of "11-15!"; in the games written with coordinates, "c3:e5" of
// "c3:e5?"), or "" if w does not start with a square.
func movePrefix(w string, r *Rules) string {
	isFile := func(c byte) bool { return r.Algebraic && c >= 'a' && c <= 'h' }
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	i := 0
	for i < len(w) && (isDigit(w[i]) || isFile(w[i]) || w[i] == '-' || w[i] == 'x' || w[i] == 'X' || w[i] == ':') {
		i++
	}
	if i == 0 || !isDigit(w[0]) && !(isFile(w[0]) && len(w) > 1 && isDigit(w[1])) {
		return ""
	}
	return w[:i]
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// PDN tokens: a tag pair or one word of move text.
const (
	pdnEOF = iota
	pdnTag
	pdnWord
)

type pdnToken struct {
	kind int
	name string // tag name
	text string // tag value or word
	err  error  // what is wrong with a tag: its value's quote not closed
}

// pdnLexer splits PDN text into tags and move-text words, dropping
// comments and variations.
type pdnLexer struct {
	src string
	pos int
	// unclosed says where a comment or variation was opened and never
	// closed: it ran to the end of the text, which is then all read.
	unclosed error
}

// line returns the line number (from 1) of the byte at pos.
func (lx *pdnLexer) line(pos int) int { return strings.Count(lx.src[:pos], "\n") + 1 }

func (lx *pdnLexer) next() pdnToken {
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v':
			lx.pos++
		case c == '{':
			lx.skipComment()
		case c == ';':
			lx.skipPast('\n')
		case c == '(':
			lx.skipVariation()
		case c == ')' || c == '}' || c == ']':
			lx.pos++ // stray closer
		case c == '[':
			lx.pos++
			return lx.tag(true)
		case strings.HasPrefix(lx.src[lx.pos:], "\xef\xbb\xbf"):
			lx.pos += 3 // byte order mark
		default:
			start := lx.pos
			for lx.pos < len(lx.src) && !strings.ContainsRune(" \t\r\n\f\v{};()[]\"", rune(lx.src[lx.pos])) {
				lx.pos++
			}
			w := lx.src[start:lx.pos]
			if w == "" { // a stray quote
				lx.pos++
				continue
			}
			if isTagName(w) && lx.peekQuote() {
				lx.pos = start
				return lx.tag(false) // a tag pair without its brackets
			}
			return pdnToken{kind: pdnWord, text: w}
		}
	}
	return pdnToken{kind: pdnEOF}
}

// isTagName reports whether w can be a tag name: a letter, then letters,
// digits or underscores.
func isTagName(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		letter := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
		if !letter && (i == 0 || c != '_' && (c < '0' || c > '9')) {
			return false
		}
	}
	return w != ""
}

// peekQuote reports whether the next non-blank character is a quote.
func (lx *pdnLexer) peekQuote() bool {
	rest := strings.TrimLeft(lx.src[lx.pos:], " \t")
	return strings.HasPrefix(rest, `"`)
}

// tag reads Name "Value" (after the '[' when bracketed, which it closes).
// The value may escape \" and \\.
func (lx *pdnLexer) tag(bracketed bool) pdnToken {
	lx.skipBlanks()
	start := lx.pos
	for lx.pos < len(lx.src) && isTagName(lx.src[start:lx.pos+1]) {
		lx.pos++
	}
	tok := pdnToken{kind: pdnTag, name: lx.src[start:lx.pos]}
	lx.skipBlanks()
	if lx.pos < len(lx.src) && lx.src[lx.pos] == '"' {
		open := lx.pos
		lx.pos++
		var b strings.Builder
		for lx.pos < len(lx.src) && lx.src[lx.pos] != '"' && lx.src[lx.pos] != '\n' {
			if lx.src[lx.pos] == '\\' && lx.pos+1 < len(lx.src) && lx.src[lx.pos+1] != '\n' {
				lx.pos++
			}
			b.WriteByte(lx.src[lx.pos])
			lx.pos++
		}
		if lx.pos < len(lx.src) && lx.src[lx.pos] == '"' {
			lx.pos++
		} else { // the line ended first: the next line is not this value's
			tok.err = fmt.Errorf("line %d: the value of tag %s has no closing quote", lx.line(open), Echo(tok.name))
		}
		tok.text = b.String()
	}
	if bracketed {
		// Tolerate anything up to the ']' on the same line.
		for lx.pos < len(lx.src) && lx.src[lx.pos] != ']' && lx.src[lx.pos] != '\n' {
			lx.pos++
		}
		if lx.pos < len(lx.src) && lx.src[lx.pos] == ']' {
			lx.pos++
		}
	}
	return tok
}

func (lx *pdnLexer) skipBlanks() {
	for lx.pos < len(lx.src) && (lx.src[lx.pos] == ' ' || lx.src[lx.pos] == '\t') {
		lx.pos++
	}
}

// skipPast moves past the next c (or to the end).
func (lx *pdnLexer) skipPast(c byte) {
	if i := strings.IndexByte(lx.src[lx.pos+1:], c); i >= 0 {
		lx.pos += i + 2
	} else {
		lx.pos = len(lx.src)
	}
}

// skipComment moves past a {comment}, or notes that it is never closed.
func (lx *pdnLexer) skipComment() {
	open := lx.pos
	lx.skipPast('}')
	if lx.src[lx.pos-1] != '}' {
		lx.noteUnclosed(open, "comment")
	}
}

// noteUnclosed records a comment or variation opened at open that runs
// to the end of the text (the first, if one is inside another).
func (lx *pdnLexer) noteUnclosed(open int, what string) {
	if lx.unclosed == nil {
		lx.unclosed = fmt.Errorf("line %d: the %s opened here with %q is never closed; the rest of the text is unread", lx.line(open), what, lx.src[open])
	}
}

// skipVariation moves past a parenthesised variation, nested ones and
// comments inside it included.
func (lx *pdnLexer) skipVariation() {
	open := lx.pos
	depth := 0
	for lx.pos < len(lx.src) {
		switch lx.src[lx.pos] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				lx.pos++
				return
			}
		case '{':
			lx.skipComment()
			continue
		case ';':
			lx.skipPast('\n')
			continue
		}
		lx.pos++
	}
	lx.noteUnclosed(open, "variation")
}

// pdnLineWidth is where WritePDN wraps move text: under 80 columns, the
// width PGN and PDN files traditionally keep to.
const pdnLineWidth = 79

// pdnFirstTags are written first, in this order, whether the game has them
// or not ("?" when unknown).
var pdnFirstTags = []string{"Event", "Date", "Black", "White", "Result"}

// WritePDN writes the game as PDN: the tags Event, Date, Black, White and
// Result first, GameType when the rule set is not American or the game had
// the tag, FEN when the game does not begin at the start position, then the
// other tags in order; then the game's Comment, the numbered moves, written
// with FormatMove, each with its annotation's mark glued to it and its
// comment after it, wrapped under 80 columns (a comment may span lines),
// and the result. A blank line follows, so games can be written one after
// another. A comment with a brace, or a mark PDN does not have, is an
// error, and nothing is written.
func (g *Game) WritePDN(w io.Writer) error {
	if err := g.checkPDN(); err != nil {
		return err
	}
	result := pdnSide(g.Variant, g.Result)
	if _, ok := pdnResult(result); !ok {
		result = "*"
	}
	var b strings.Builder
	g.writeTags(&b, result)
	text := &pdnText{b: &b}
	text.comment(g.Comment)
	if err := g.writeMoves(text); err != nil {
		return err
	}
	text.add(result)
	b.WriteString("\n\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// checkPDN returns an error if the game cannot be written as PDN: more
// annotations than moves, a comment with a brace or a mark PDN does not
// have.
func (g *Game) checkPDN() error {
	if len(g.Annotations) > len(g.Moves) {
		return fmt.Errorf("writing PDN: %d annotations for %d moves", len(g.Annotations), len(g.Moves))
	}
	if err := checkComment(g.Comment); err != nil {
		return fmt.Errorf("writing PDN: the game's %w", err)
	}
	for i, a := range g.Annotations {
		if err := a.check(); err != nil {
			return fmt.Errorf("writing PDN: move %d: %w", i+1, err)
		}
	}
	return nil
}

// writeTags writes the game's tags as WritePDN orders them, with result
// as the Result tag.
func (g *Game) writeTags(b *strings.Builder, result string) {
	done := map[string]bool{"gametype": true, "fen": true}
	for _, name := range pdnFirstTags {
		val := g.Tag(name)
		if name == "Result" {
			val = result
		}
		if val == "" {
			val = "?"
		}
		writeTag(b, name, val)
		done[strings.ToLower(name)] = true
	}
	if g.Variant != American || g.Tag("GameType") != "" {
		writeTag(b, "GameType", strconv.Itoa(g.Variant.Rules().GameType))
	}
	start := StartPosition(g.Variant)
	if g.Start.Pieces != start.Pieces || g.Start.Kings != start.Kings || g.Start.Turn != start.Turn {
		writeTag(b, "FEN", g.Start.FEN())
	}
	for _, t := range g.Tags {
		if !done[strings.ToLower(t.Name)] {
			writeTag(b, t.Name, t.Value)
		}
	}
}

// writeMoves writes the numbered moves, each with its annotation's mark
// and its comment; a move that is not legal is an error.
func (g *Game) writeMoves(text *pdnText) error {
	p := g.Start
	p.Variant = g.Variant
	number, second := 1, p.Turn != g.Variant.Rules().FirstMover // the game's first mover opens each numbered move
	var ml MoveList
	for i, m := range g.Moves {
		p.GenerateMoves(&ml)
		legal := false
		for _, o := range ml.Slice() {
			legal = legal || o.Same(m)
		}
		if !legal {
			return fmt.Errorf("writing PDN: move %d (%s) is not legal in %s", i+1, m.PathString(), p.FEN())
		}
		var note Annotation
		if i < len(g.Annotations) {
			note = g.Annotations[i]
		}
		move := p.FormatMove(m) + note.Mark
		switch {
		case !second:
			move = strconv.Itoa(number) + ". " + move
		case i == 0 || i > 0 && i <= len(g.Annotations) && strings.TrimSpace(g.Annotations[i-1].Comment) != "":
			move = strconv.Itoa(number) + "... " + move // after a comment, the number says whose move it is
		}
		text.add(move)
		text.comment(note.Comment)
		p.MakeMove(m)
		if second {
			number++
		}
		second = !second
	}
	return nil
}

// pdnText is PDN's move text being written, wrapped under pdnLineWidth.
type pdnText struct {
	b    *strings.Builder
	line int // the length of the line being written
}

// add adds a word, on a new line if it would pass the width.
func (t *pdnText) add(s string) {
	switch {
	case t.line == 0:
	case t.line+1+len(s) > pdnLineWidth:
		t.b.WriteByte('\n')
		t.line = 0
	default:
		t.b.WriteByte(' ')
		t.line++
	}
	t.b.WriteString(s)
	t.line += len(s)
}

// comment adds {text} word by word, so that it wraps like the moves.
func (t *pdnText) comment(text string) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for _, word := range words {
		t.add(word)
	}
}

// writeTag writes [Name "Value"] with \ and " escaped.
func writeTag(b *strings.Builder, name, value string) {
	value = strings.ReplaceAll(value, `\`, `\\`)
	value = strings.ReplaceAll(value, `"`, `\"`)
	fmt.Fprintf(b, "[%s \"%s\"]\n", name, value)
}
