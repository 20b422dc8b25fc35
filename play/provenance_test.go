package play

import "testing"

func TestWithoutFolders(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"test: men doubled", "test: men doubled"},
		{"crown train --egdb /work/egdb --adjudicate", "crown train --egdb egdb --adjudicate"},
		{"--data /work/gen4/american.bin,/work/gen5/american.bin --out /w/x.bin; data a.bin",
			"--data american.bin,american.bin --out x.bin; data a.bin"},
		{"--out=/home/me/w.bin", "--out=w.bin"},
		{`--data C:\games\a.bin d:/b.bin`, "--data a.bin b.bin"},
		{"/top", "top"},
		{"/work/egdb/", "egdb/"},
		{"a / b, 1/2, gen4/a.bin, K 55.2", "a / b, 1/2, gen4/a.bin, K 55.2"},
	} {
		if got := withoutFolders(tc.in); got != tc.want {
			t.Errorf("withoutFolders(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
