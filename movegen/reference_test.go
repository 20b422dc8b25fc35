package movegen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/crown-checkers/crown/internal/schedtest"
)

// This file holds a deliberately plain reference move generator, written
// from the rules text (shared docs, rules.md) and not from the bitboard
// generator: an 8x8 array board, one square at a time, plain recursion.
// It is slow and obvious on purpose; the tests compare the fast generator
// with it on many random positions of every rule set. It reads the rule
// switches of Rules (data), not the generators' code.

// Cell contents of the reference board.
const (
	refEmpty int8 = iota
	refBlackMan
	refBlackKing
	refWhiteMan
	refWhiteKing
)

// refBoard is the reference position: cell[row][col], row 0 being Black's
// back rank (squares 1-4), the side to move (0 Black, 1 White) and the rule set.
type refBoard struct {
	cell  [8][8]int8
	turn  int
	rules *Rules
}

// refMove is a reference move: PDN square numbers, the captured squares as
// a mask with bit n-1 for square n and in the order taken, the landing
// squares in order, and whether a man was crowned on the way (Russian).
type refMove struct {
	from, to int
	captured uint32
	order    []int
	path     []int
	crowned  bool
}

// key identifies the move's result: from, to, the captured set and a
// crowning on the way.
func (m refMove) key() string {
	return fmt.Sprintf("%d-%d:%08x%s", m.from, m.to, m.captured, map[bool]string{true: "K"}[m.crowned])
}

// pathString writes every landing square, like PDN: 11-15, 15x24x31.
func (m refMove) pathString() string {
	sep := "-"
	if m.captured != 0 {
		sep = "x"
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(m.from))
	for _, l := range m.path {
		b.WriteString(sep)
		b.WriteString(strconv.Itoa(l))
	}
	return b.String()
}

// refNumber returns the PDN number of the dark square at row r, column c,
// or 0 for a light square or one off the board. Dark squares are those with
// r+c odd: columns 1,3,5,7 on even rows and 0,2,4,6 on odd rows.
func refNumber(r, c int) int {
	if r < 0 || r > 7 || c < 0 || c > 7 || (r+c)%2 == 0 {
		return 0
	}
	return 4*r + c/2 + 1
}

// refCoords returns the row and column of PDN square n.
func refCoords(n int) (r, c int) {
	r = (n - 1) / 4
	c = 2 * ((n - 1) % 4)
	if r%2 == 0 {
		c++
	}
	return r, c
}

func refOnBoard(r, c int) bool { return r >= 0 && r < 8 && c >= 0 && c < 8 }

func refColour(piece int8) int {
	if piece == refBlackMan || piece == refBlackKing {
		return 0
	}
	return 1
}

func refIsKing(piece int8) bool { return piece == refBlackKing || piece == refWhiteKing }

// refForward is the row step of a man of colour c: Black moves to higher rows.
func refForward(c int) int { return 1 - 2*c }

// refCrownRow is the row where men of colour c are crowned.
func refCrownRow(c int) int { return 7 * (1 - c) }

var refDirs = [4][2]int{{1, -1}, {1, 1}, {-1, -1}, {-1, 1}}

// refBoardFrom copies a movegen position square by square.
func refBoardFrom(p *Position) refBoard {
	b := refBoard{turn: int(p.Turn), rules: p.Rules()}
	for n := 1; n <= 32; n++ {
		r, c := refCoords(n)
		s := Square(n - 1)
		switch {
		case p.Pieces[Black].Has(s) && p.Kings.Has(s):
			b.cell[r][c] = refBlackKing
		case p.Pieces[Black].Has(s):
			b.cell[r][c] = refBlackMan
		case p.Pieces[White].Has(s) && p.Kings.Has(s):
			b.cell[r][c] = refWhiteKing
		case p.Pieces[White].Has(s):
			b.cell[r][c] = refWhiteMan
		}
	}
	return b
}

// fen writes the reference board as PDN FEN, independently of movegen.
func (b *refBoard) fen() string {
	var out strings.Builder
	out.WriteString([]string{"B", "W"}[b.turn])
	for _, col := range []int{1, 0} {
		out.WriteString(":" + []string{"B", "W"}[col])
		var items []string
		for n := 1; n <= 32; n++ {
			r, c := refCoords(n)
			pc := b.cell[r][c]
			if pc == refEmpty || refColour(pc) != col {
				continue
			}
			k := ""
			if refIsKing(pc) {
				k = "K"
			}
			items = append(items, k+strconv.Itoa(n))
		}
		out.WriteString(strings.Join(items, ","))
	}
	return out.String()
}

// moves returns every legal jump path (or quiet move). Captures are
// compulsory, so when there is one only captures are returned.
func (b *refBoard) moves() []refMove {
	var caps []refMove
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			pc := b.cell[r][c]
			if pc != refEmpty && refColour(pc) == b.turn {
				caps = append(caps, b.capturesFrom(r, c)...)
			}
		}
	}
	if len(caps) > 0 {
		return b.preferred(caps)
	}
	var quiet []refMove
	for r := 0; r < 8; r++ {
		for c := 0; c < 8; c++ {
			pc := b.cell[r][c]
			if pc == refEmpty || refColour(pc) != b.turn {
				continue
			}
			for _, d := range refDirs {
				if !refIsKing(pc) && d[0] != refForward(b.turn) {
					continue
				}
				for k := 1; ; k++ {
					tr, tc := r+k*d[0], c+k*d[1]
					if !refOnBoard(tr, tc) || b.cell[tr][tc] != refEmpty {
						break
					}
					to := refNumber(tr, tc)
					quiet = append(quiet, refMove{from: refNumber(r, c), to: to, path: []int{to}})
					if !(b.rules.FlyingKings && refIsKing(pc)) {
						break // only flying kings go on
					}
				}
			}
		}
	}
	return quiet
}

// uniqueMoves merges paths with the same result.
func (b *refBoard) uniqueMoves() []refMove {
	var out []refMove
	seen := map[string]bool{}
	for _, m := range b.moves() {
		if !seen[m.key()] {
			seen[m.key()] = true
			out = append(out, m)
		}
	}
	return out
}

// preferred keeps the captures the rule set's precedence allows: in
// Czech a king's capture if there is one; in Brazilian the most pieces; in
// Spanish the most pieces, then the most kings; in Italian the most
// pieces, then a capture by a king, then the most kings, then the one that
// meets a king first (compared capture by capture).
func (b *refBoard) preferred(caps []refMove) []refMove {
	pr := b.rules.Precedence
	if pr == AnyCapture {
		return caps
	}
	// better reports whether m is preferred to o.
	better := func(m, o refMove) bool {
		if pr == KingFirst {
			return b.kingAt(m.from) && !b.kingAt(o.from)
		}
		if len(m.order) != len(o.order) {
			return len(m.order) > len(o.order)
		}
		if pr == MostPieces {
			return false
		}
		if pr == ItalianOrder && b.kingAt(m.from) != b.kingAt(o.from) {
			return b.kingAt(m.from)
		}
		if km, ko := b.kingsIn(m.order), b.kingsIn(o.order); km != ko {
			return km > ko
		}
		if pr == ItalianOrder {
			for i := range m.order {
				if km, ko := b.kingAt(m.order[i]), b.kingAt(o.order[i]); km != ko {
					return km
				}
			}
		}
		return false
	}
	var out []refMove
	for _, m := range caps {
		beaten := false
		for _, o := range caps {
			beaten = beaten || better(o, m)
		}
		if !beaten {
			out = append(out, m)
		}
	}
	return out
}

// kingAt reports whether square n holds a king; kingsIn counts the kings
// on the squares given.
func (b *refBoard) kingAt(n int) bool {
	r, c := refCoords(n)
	return refIsKing(b.cell[r][c])
}

func (b *refBoard) kingsIn(squares []int) int {
	k := 0
	for _, n := range squares {
		if b.kingAt(n) {
			k++
		}
	}
	return k
}

// refJump is the state of one capture sequence being built.
type refJump struct {
	b        *refBoard
	from     int
	colour   int
	captured [8][8]bool
	mask     uint32
	order    []int
	path     []int
	crowned  bool
	out      []refMove
}

func (j *refJump) emit(to int) {
	j.out = append(j.out, refMove{from: j.from, to: to, captured: j.mask, order: slices.Clone(j.order),
		path: slices.Clone(j.path), crowned: j.crowned})
}

// enemyAt reports whether (r, c) holds an enemy piece not taken yet; a man
// of Italian spares kings (man tells whether the capturing piece is one).
func (j *refJump) enemyAt(r, c int, man bool) bool {
	pc := j.b.cell[r][c]
	if man && j.b.rules.MenSpareKings && refIsKing(pc) {
		return false
	}
	return pc != refEmpty && refColour(pc) != j.colour && !j.captured[r][c]
}

// free reports whether a capture may land on or pass (r, c): an empty
// square, or in Thai one whose piece was taken already.
func (j *refJump) free(r, c int) bool {
	return j.b.cell[r][c] == refEmpty || (j.b.rules.TakeAtOnce && j.captured[r][c])
}

func (j *refJump) take(r, c int, land int) {
	j.captured[r][c] = true
	j.mask |= 1 << (refNumber(r, c) - 1)
	j.order = append(j.order, refNumber(r, c))
	j.path = append(j.path, land)
}

func (j *refJump) untake(r, c int) {
	j.captured[r][c] = false
	j.mask &^= 1 << (refNumber(r, c) - 1)
	j.order = j.order[:len(j.order)-1]
	j.path = j.path[:len(j.path)-1]
}

// capturesFrom lists the capture paths of the piece on (r, c). The piece is
// lifted first: its start square counts as empty, so it can ring back to it.
// Captured pieces stay on the board (blocking, never jumped twice) until
// the move ends.
func (b *refBoard) capturesFrom(r, c int) []refMove {
	pc := b.cell[r][c]
	j := &refJump{b: b, from: refNumber(r, c), colour: refColour(pc)}
	b.cell[r][c] = refEmpty
	defer func() { b.cell[r][c] = pc }()
	if b.rules.FlyingKings && refIsKing(pc) {
		j.fly(r, c, -1, true)
	} else {
		j.short(r, c, refIsKing(pc))
	}
	return j.out
}

// short continues a sequence of one-square jumps from (r, c). Men jump
// forward only where they may not capture backward, and a forward-only man
// that reaches the crowning row stops there; Pool and Brazilian men jump in
// all four directions and, reaching the far row, jump on as men if they
// can; a Russian man reaching it is crowned and goes on as a flying king.
// Short kings (American, Italian) jump in all four directions.
func (j *refJump) short(r, c int, king bool) {
	any := false
	rules := j.b.rules
	for di, d := range refDirs {
		if !king && !rules.MenCaptureBack && d[0] != refForward(j.colour) {
			continue
		}
		mr, mc := r+d[0], c+d[1]
		lr, lc := r+2*d[0], c+2*d[1]
		if !refOnBoard(lr, lc) || !j.enemyAt(mr, mc, !king) || !j.free(lr, lc) {
			continue
		}
		any = true
		j.take(mr, mc, refNumber(lr, lc))
		switch {
		case !king && lr == refCrownRow(j.colour) && rules.CrownInCapture:
			j.crowned = true
			before := len(j.out)
			j.fly(lr, lc, di, true)
			if len(j.out) == before {
				j.emit(refNumber(lr, lc))
			}
			j.crowned = false
		case !king && !rules.MenCaptureBack && lr == refCrownRow(j.colour):
			j.emit(refNumber(lr, lc)) // crowned: the move ends
		default:
			j.short(lr, lc, king)
		}
		j.untake(mr, mc)
	}
	if !any && len(j.path) > 0 {
		j.emit(refNumber(r, c))
	}
}

// flyCapture finds, from (r, c) in direction d, the enemy piece a flying
// king could take and the empty squares beyond it where it could land.
func (j *refJump) flyCapture(r, c int, d [2]int) (er, ec int, lands [][2]int) {
	er, ec = r+d[0], c+d[1]
	for refOnBoard(er, ec) && j.free(er, ec) {
		er, ec = er+d[0], ec+d[1]
	}
	if !refOnBoard(er, ec) || !j.enemyAt(er, ec, false) {
		return 0, 0, nil // the edge, an own piece, or a piece taken already
	}
	for lr, lc := er+d[0], ec+d[1]; refOnBoard(lr, lc) && j.free(lr, lc); lr, lc = lr+d[0], lc+d[1] {
		lands = append(lands, [2]int{lr, lc})
		if j.b.rules.LandBehind {
			break // a Thai king lands just beyond the piece it takes
		}
	}
	return er, ec, lands
}

// canCapture reports whether a flying king on (r, c) has any capture now.
func (j *refJump) canCapture(r, c int) bool {
	for _, d := range refDirs {
		if _, _, lands := j.flyCapture(r, c, d); len(lands) > 0 {
			return true
		}
	}
	return false
}

// fly continues a flying king's capture from (r, c); came is the index of
// the direction of the last jump (-1 before the first) and first tells
// whether (r, c) was the nearest landing square beyond the piece just taken.
// Going on along the same diagonal is the same move from every landing
// square, so it is tried from the nearest one only.
func (j *refJump) fly(r, c, came int, first bool) {
	for di, d := range refDirs {
		if di == came && !first {
			continue
		}
		er, ec, lands := j.flyCapture(r, c, d)
		if len(lands) == 0 {
			continue
		}
		j.captured[er][ec] = true
		// The landing rule: where the capture can go on, the king must land
		// on such a square; it stops only if none allows more.
		goOn := make([]bool, len(lands))
		anyOn := false
		for i, l := range lands {
			goOn[i] = j.canCapture(l[0], l[1])
			anyOn = anyOn || goOn[i]
		}
		j.captured[er][ec] = false
		for i, l := range lands {
			to := refNumber(l[0], l[1])
			j.take(er, ec, to)
			switch {
			case anyOn && goOn[i]:
				j.fly(l[0], l[1], di, i == 0)
			case !anyOn:
				j.emit(to)
			}
			j.untake(er, ec)
		}
	}
}

// play returns the board after m: the piece goes from from to to, the
// captured pieces come off, and a man ending on its far row is crowned.
func (b refBoard) play(m refMove) refBoard {
	fr, fc := refCoords(m.from)
	tr, tc := refCoords(m.to)
	pc := b.cell[fr][fc]
	b.cell[fr][fc] = refEmpty
	for n := 1; n <= 32; n++ {
		if m.captured&(1<<(n-1)) != 0 {
			r, c := refCoords(n)
			b.cell[r][c] = refEmpty
		}
	}
	if (tr == refCrownRow(b.turn) || m.crowned) && !refIsKing(pc) {
		pc++ // man -> king of the same colour
	}
	b.cell[tr][tc] = pc
	b.turn = 1 - b.turn
	return b
}

// perft counts leaves of the reference move tree.
func (b refBoard) perft(depth int, paths bool) uint64 {
	if depth == 0 {
		return 1
	}
	ms := b.moves()
	if !paths {
		ms = b.uniqueMoves()
	}
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += b.play(m).perft(depth-1, paths)
	}
	return n
}

// randomRefBoard places a random legal position: 1 to 12 pieces a side,
// each a king with probability kingShare, no man on its own crowning row.
func randomRefBoard(rng *rand.Rand, v Variant, kingShare float64) refBoard {
	b := refBoard{turn: rng.IntN(2), rules: v.Rules()}
	squares := rng.Perm(32)
	next := 0
	for col := 0; col < 2; col++ {
		n := 1 + rng.IntN(12)
		for placed := 0; placed < n; next++ {
			r, c := refCoords(squares[next] + 1)
			pc := int8(1 + 2*col) // the man of colour col
			if rng.Float64() < kingShare || r == refCrownRow(col) {
				pc++
			}
			b.cell[r][c] = pc
			placed++
		}
	}
	return b
}

// compareWithReference checks that movegen's unique moves and jump paths in
// p are exactly the reference generator's.
func compareWithReference(t *testing.T, p *Position) {
	t.Helper()
	rb := refBoardFrom(p)
	var want, wantPaths []string
	for _, m := range rb.uniqueMoves() {
		want = append(want, m.key())
	}
	for _, m := range rb.moves() {
		wantPaths = append(wantPaths, m.pathString())
	}
	var ml MoveList
	p.GenerateMoves(&ml)
	var got, gotPaths []string
	for _, m := range ml.Slice() {
		got = append(got, fmt.Sprintf("%d-%d:%08x%s", m.From.Number(), m.To.Number(), uint32(m.Captured), map[bool]string{true: "K"}[m.CrownedInCapture()]))
	}
	p.GeneratePaths(&ml)
	for _, m := range ml.Slice() {
		gotPaths = append(gotPaths, m.PathString())
	}
	slices.Sort(want)
	slices.Sort(got)
	slices.Sort(wantPaths)
	slices.Sort(gotPaths)
	if !slices.Equal(want, got) {
		t.Fatalf("%s %s: unique moves differ\nmovegen:   %v\nreference: %v", p.Variant, p.FEN(), got, want)
	}
	if !slices.Equal(wantPaths, gotPaths) {
		t.Fatalf("%s %s: jump paths differ\nmovegen:   %v\nreference: %v", p.Variant, p.FEN(), gotPaths, wantPaths)
	}
}

// TestReferenceRandomPlayouts compares the generators along random games
// of both rule sets from the start position.
func TestReferenceRandomPlayouts(t *testing.T) {
	schedtest.SkipUnderRace(t, "random playouts on one goroutine")
	games := 400
	if testing.Short() {
		games = 60
	}
	for v := range NumVariants {
		rng := rand.New(rand.NewPCG(1, uint64(v)))
		n := 0
		for g := 0; g < games; g++ {
			playout(rng, StartPosition(v), maxPlayoutPlies, func(p *Position) {
				compareWithReference(t, p)
				n++
			})
		}
		t.Logf("%s: %d positions from %d games", v, n, games)
	}
}

// TestReferenceRandomPlacements compares the generators on random legal
// placements, many with kings, of both rule sets.
func TestReferenceRandomPlacements(t *testing.T) {
	schedtest.SkipUnderRace(t, "random positions on one goroutine")
	count := 40000
	if testing.Short() {
		count = 4000
	}
	for v := range NumVariants {
		rng := rand.New(rand.NewPCG(2, uint64(v)))
		for i := 0; i < count; i++ {
			rb := randomRefBoard(rng, v, []float64{0, 0.2, 0.5, 1}[i%4])
			p, err := ParseFEN(rb.fen(), American) // the reference writes English numbers
			if err != nil {
				t.Fatalf("random placement %s: %v", rb.fen(), err)
			}
			p.Variant = v
			if got := refBoardFrom(&p); got != rb {
				t.Fatalf("FEN %s read back as %s", rb.fen(), got.fen())
			}
			compareWithReference(t, &p)
		}
	}
}

// TestReferencePerft compares perft counts of the two generators to small
// depths from the start and from positions rich in kings.
func TestReferencePerft(t *testing.T) {
	schedtest.SkipUnderRace(t, "the reference generator on one goroutine")
	cases := []struct {
		v     Variant
		fen   string
		depth int
	}{
		{American, "B:W21-32:B1-12", 6},
		{Pool, "B:W21-32:B1-12", 6},
		{American, "W:WK10:B14,15,22,23", 5},
		{Pool, "B:W14,15,22,23:BK10", 5},
		{Pool, "W:WK29,K4,18:BK1,K32,10,14,15", 4},
		{American, "B:WK5,K27,18,19:BK28,K2,11,15", 5},
		{Russian, "W:W21-32:B1-12", 5},
		{Brazilian, "W:W21-32:B1-12", 5},
		{Czech, "W:W21-32:B1-12", 5},
		{Italian, "W:W21-32:B1-12", 5},
		{Spanish, "W:W21-32:B1-12", 5},
		{Thai, "W:W25-32:B1-8", 6},
		{Russian, "W:WK29,K4,18,22:BK1,K32,10,14,15", 4},
		{Brazilian, "W:WK29,K4,18:BK1,K32,10,14,15", 4},
		{Czech, "B:WK29,K4,18,19:BK1,K32,10,14,15", 4},
		{Italian, "W:WK5,K27,18,19:BK28,K2,11,15", 5},
		{Spanish, "W:WK29,K4,18:BK1,K32,10,14,15", 4},
		{Thai, "W:WK29,K4,18:BK1,K32,10,14,15", 4},
	}
	for _, c := range cases {
		p := englishFEN(t, c.fen, c.v)
		depth := c.depth
		if testing.Short() {
			depth--
		}
		for _, paths := range []bool{false, true} {
			want := refBoardFrom(&p).perft(depth, paths)
			if got := Perft(p, depth, paths); got != want {
				t.Errorf("%s %s depth %d paths=%v: movegen %d, reference %d", c.v, c.fen, depth, paths, got, want)
			}
		}
	}
}
