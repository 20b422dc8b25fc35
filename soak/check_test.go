package soak

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestChecks: each soak's settings out of range are refused, by Check
// and by the soak before anything runs, with errors that start with the
// setting's name; the settings crown soak runs with by default pass.
func TestChecks(t *testing.T) {
	protocol := ProtocolConfig{Engine: []string{"crown"}, Games: 1000, MoveTime: 20 * time.Millisecond, Concurrency: 2}
	cb := CheckerBoardConfig{Host: "host", Library: "lib", Games: 1000, MoveTime: 20 * time.Millisecond, Concurrency: 2}
	web := WebConfig{Crown: []string{"crown"}, Duration: time.Minute, Clients: 16, MaxGames: 24, Idle: 10 * time.Second}
	for _, tc := range []struct {
		cfg  any    // a ProtocolConfig, CheckerBoardConfig or WebConfig
		want string // "" for no error
	}{
		{protocol, ""},
		{with(protocol, func(c *ProtocolConfig) { c.Games = 0 }), "games must be at least 1"},
		{with(protocol, func(c *ProtocolConfig) { c.MoveTime = 0 }), "movetime must be positive"},
		{with(protocol, func(c *ProtocolConfig) { c.Concurrency = 0 }), "concurrency must be at least 1"},
		{cb, ""},
		{with(cb, func(c *CheckerBoardConfig) { c.Games = 0 }), "games must be at least 1"},
		{with(cb, func(c *CheckerBoardConfig) { c.MoveTime = 4 * time.Millisecond }), "movetime must be at least 0.005"},
		{with(cb, func(c *CheckerBoardConfig) { c.Concurrency = 0 }), "concurrency must be at least 1"},
		{web, ""},
		{with(web, func(c *WebConfig) { c.Duration = 0 }), "duration must be positive"},
		{with(web, func(c *WebConfig) { c.Clients = 0 }), "clients must be at least 1"},
		{with(web, func(c *WebConfig) { c.MaxGames = 0 }), "max-games must be at least 1"},
		{with(web, func(c *WebConfig) { c.Idle = -time.Second }), "idle must be positive"},
	} {
		var check error
		var run func() (*Report, error)
		switch c := tc.cfg.(type) {
		case ProtocolConfig:
			check, run = c.Check(), func() (*Report, error) { return Protocol(context.Background(), c) }
		case CheckerBoardConfig:
			check, run = c.Check(), func() (*Report, error) { return CheckerBoard(context.Background(), c) }
		case WebConfig:
			check, run = c.Check(), func() (*Report, error) { return Web(context.Background(), c) }
		}
		switch {
		case tc.want == "" && check != nil:
			t.Errorf("%+v: %v, want none", tc.cfg, check)
		case tc.want == "":
		case check == nil || check.Error() != tc.want:
			t.Errorf("%+v: %v, want %q", tc.cfg, check, tc.want)
		default:
			if _, err := run(); err == nil || !strings.HasSuffix(err.Error(), tc.want) {
				t.Errorf("%+v: the soak ran: %v", tc.cfg, err)
			}
		}
	}
}

// with returns c changed by set.
func with[T any](c T, set func(*T)) T {
	set(&c)
	return c
}

// TestProgram: a command line is split as a shell splits it; none is this
// program.
func TestProgram(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		cmdline string
		want    []string
		err     bool
	}{
		{"", []string{exe}, false},
		{"bin/crown 'a b'", []string{"bin/crown", "a b"}, false},
		{"'", nil, true},
	} {
		got, err := Program(tc.cmdline)
		if (err != nil) != tc.err || strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: %q, %v; want %q", tc.cmdline, got, err, tc.want)
		}
	}
}
