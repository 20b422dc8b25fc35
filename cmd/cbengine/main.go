// Command cbengine is Crown as a CheckerBoard engine library: built with
// go build -buildmode=c-shared (make cb-linux, make cb-windows) it exports
// CheckerBoard's engine API, getmove and enginecommand, with the prototypes
// and the struct CBmove of cbapi.h, for CheckerBoard on 64-bit Windows and
// Checkerboard-for-Linux.
//
// It is a thin adapter, CheckerBoard's grammar over a play.Session (one
// for the process, its hash table kept across calls), as the line
// protocol is another: the board goes into a movegen.Position, the time
// arguments become the line protocol's limit words for play.ParseLimits,
// and the session holds the game history, the options (play.Registry's),
// the book, the endgame database and the search with its fallback move.
// docs/checkerboard.md says how to install and use it.
package main

/*
#include <stdlib.h>
#include "cbapi.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/crown-checkers/crown/movegen/cbboard"
	"github.com/crown-checkers/crown/search"
)

// Buffer sizes of the API (cbapi.h).
const (
	statusSize = C.CB_STATUS_SIZE           // getmove's str
	replySize  = C.ENGINECOMMAND_REPLY_SIZE // enginecommand's reply
)

// Package cbboard's encoding must be cbapi.h's. Each array length below is
// minus a sum of squared differences between the two, negative (which does
// not compile) unless they all agree: the piece codes and getmove's return
// values, and CBmove's arrays against cbboard.MaxJumps.
var (
	_ [-((C.CB_FREE-cbboard.Free)*(C.CB_FREE-cbboard.Free) + (C.CB_WHITE-cbboard.White)*(C.CB_WHITE-cbboard.White) +
		(C.CB_BLACK-cbboard.Black)*(C.CB_BLACK-cbboard.Black) + (C.CB_MAN-cbboard.Man)*(C.CB_MAN-cbboard.Man) +
		(C.CB_KING-cbboard.King)*(C.CB_KING-cbboard.King) + (C.CB_DRAW-cbboard.Draw)*(C.CB_DRAW-cbboard.Draw) +
		(C.CB_WIN-cbboard.Win)*(C.CB_WIN-cbboard.Win) + (C.CB_LOSS-cbboard.Loss)*(C.CB_LOSS-cbboard.Loss) +
		(C.CB_UNKNOWN-cbboard.Unknown)*(C.CB_UNKNOWN-cbboard.Unknown))]struct{}
	_ [-((len(C.struct_CBmove{}.path)-cbboard.MaxJumps)*(len(C.struct_CBmove{}.path)-cbboard.MaxJumps) +
		(len(C.struct_CBmove{}.del)-cbboard.MaxJumps)*(len(C.struct_CBmove{}.del)-cbboard.MaxJumps) +
		(len(C.struct_CBmove{}.delpiece)-cbboard.MaxJumps)*(len(C.struct_CBmove{}.delpiece)-cbboard.MaxJumps))]struct{}
	// and the bound cbapi.c looks for a command's end within is command.go's,
	// as is the reply's size
	_ [-(C.CROWN_COMMAND_MAX - maxCommandBytes) * (C.CROWN_COMMAND_MAX - maxCommandBytes)]struct{}
	_ [-(replySize - maxReplyBytes) * (replySize - maxReplyBytes)]struct{}
)

// minSearchProcs: the library provides Go processors for at least this
// many search threads, plus search.SpareProcs, so the goroutine watching
// playnow is never kept waiting by the search (as cmd/crown does).
const minSearchProcs = 2

var (
	adapterOnce sync.Once
	theAdapter  *adapter
	adapterErr  error // why the adapter could not be made
)

// engine returns the library's adapter, made on first use.
func engine() (*adapter, error) {
	adapterOnce.Do(func() {
		runtime.GOMAXPROCS(max(runtime.GOMAXPROCS(0), minSearchProcs) + search.SpareProcs)
		theAdapter, adapterErr = newAdapter()
	})
	return theAdapter, adapterErr
}

// main is not called in a c-shared library; the package needs one.
func main() {}

// crownGetMove is getmove's body (cbapi.c calls it with board as a
// pointer to its 64 ints). A nil board answers CB_UNKNOWN; nil str,
// playnow or move are ignored.
//
//export crownGetMove
func crownGetMove(board *C.int, colour C.int, maxtime C.double, str *C.char, playnow *C.int, info, moreinfo C.int, move *C.struct_CBmove) (result C.int) {
	status := func(s string) { writeCString(str, statusSize, s) }
	// A panic must not cross into the host, which it would end: a bug
	// is answered in str, and the board is left as it came.
	defer func() {
		if r := recover(); r != nil {
			status(fmt.Sprintf("Crown: internal error: %v", r))
			result = C.CB_UNKNOWN
		}
	}()
	if board == nil {
		status("Crown: bad input: no board")
		return C.CB_UNKNOWN
	}
	cells := (*[cbboard.Size][cbboard.Size]C.int)(unsafe.Pointer(board))
	req := getMoveRequest{colour: int(colour), maxtime: float64(maxtime), info: int(info), moreinfo: int(moreinfo), status: status}
	for x := range cells {
		for y := range cells[x] {
			req.board[x][y] = int32(cells[x][y])
		}
	}
	if playnow != nil {
		flag := (*int32)(unsafe.Pointer(playnow))
		req.playnow = func() bool { return atomic.LoadInt32(flag) != 0 }
	}
	a, err := engine()
	if err != nil {
		status("Crown: internal error: " + err.Error())
		return C.CB_UNKNOWN
	}
	reply := a.getMove(req)
	if !reply.moved {
		return C.int(reply.result)
	}
	for x := range cells {
		for y := range cells[x] {
			cells[x][y] = C.int(reply.board[x][y])
		}
	}
	if move != nil {
		writeCBmove(move, &reply.move)
	}
	return C.int(reply.result)
}

// writeCBmove copies m into the host's struct CBmove.
func writeCBmove(dst *C.struct_CBmove, m *cbboard.Move) {
	cc := func(c cbboard.Coor) C.struct_coor { return C.struct_coor{x: C.int(c.X), y: C.int(c.Y)} }
	dst.jumps = C.int(m.Jumps)
	dst.newpiece = C.int(m.Newpiece)
	dst.oldpiece = C.int(m.Oldpiece)
	dst.from = cc(m.From)
	dst.to = cc(m.To)
	for i := range cbboard.MaxJumps {
		dst.path[i] = cc(m.Path[i])
		dst.del[i] = cc(m.Del[i])
		dst.delpiece[i] = C.int(m.Delpiece[i])
	}
}

// crownEngineCommand is enginecommand's body: it reads the command, n
// bytes long (cbapi.c found its end; -1 when there was none within 64 KiB
// of readable memory, which is refused), answers it into reply (at most
// replySize bytes with the final NUL) and returns 1 when it handled the
// command, 0 otherwise.
//
//export crownEngineCommand
func crownEngineCommand(command *C.char, n C.int, reply *C.char) (handled C.int) {
	defer func() {
		if r := recover(); r != nil {
			writeCString(reply, replySize, fmt.Sprintf("error: internal error: %v", r))
			handled = 0
		}
	}()
	if command == nil {
		writeCString(reply, replySize, unknownReply)
		return 0
	}
	if n < 0 {
		writeCString(reply, replySize, "error: command longer than "+strconv.Itoa(maxCommandBytes)+" bytes, or not ended in readable memory, ignored")
		return 0
	}
	text := C.GoStringN(command, n)
	a, err := engine()
	if err != nil {
		writeCString(reply, replySize, "error: internal error: "+err.Error())
		return 0
	}
	r, ok := a.command(text)
	writeCString(reply, replySize, r)
	if ok {
		return 1
	}
	return 0
}

// writeCString writes s into the size-byte buffer at dst, cut to fit with
// its final NUL (and not inside a UTF-8 sequence). A nil dst is ignored.
func writeCString(dst *C.char, size int, s string) {
	if dst == nil || size <= 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(dst)), size)
	b[0] = 0
	n := copy(b[:size-1], s)
	for n < len(s) && n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	b[n] = 0
}
