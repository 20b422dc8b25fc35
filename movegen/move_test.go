package movegen

import (
	"testing"
	"unsafe"
)

// TestMoveSize: a Move packs into 16 bytes. A field order that pads it to
// 24 makes move lists and the search's tables of moves half as large
// again, and measured slower (the commit that reordered the fields).
func TestMoveSize(t *testing.T) {
	if n := unsafe.Sizeof(Move{}); n != 16 {
		t.Errorf("a Move takes %d bytes, want 16: order its fields from the widest down", n)
	}
}
