package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/protocol"
)

// Self is the engine spec of Crown in process: "self", or "self:" and its
// settings, key=value pairs separated by commas.
const Self = "self"

// ponderSetting is the setting of a self engine that lets it ponder, and
// the protocol's key that makes its move lines name the reply it expects.
const ponderSetting = "ponder"

// ParseEngine reads an engine spec as crown match's --engine1 takes it:
// "self[:key=value,...]" is Crown in process, protocol.Run with the
// configuration self, whose session's options the settings override; anything else is a command line, split by SplitCommandLine.
// A self engine's limit words (depth=6, nodes=5000, exact, ...) become its
// Limits through play.ParseLimits; an engine option of play.Registry
// (hashsize=16, egdbpath=DIR, ...) is checked, set in its options and
// sent as a set command too, which it answers; any other key is sent as
// "set KEY VALUE". ponder=1 lets the engine ponder (Engine.Ponder) and
// sends it set ponder 1, so that its move lines name the reply it
// expects; ponder=0, the default, does neither. The files the settings
// name (egdbpath=, evalfile=) are opened from self's pool
// (play.Config.Pool), which holds them from here on: a file that does not
// open is an error here, and the engines the match starts share it
// (without a pool each engine opens its own as it starts, and reports one
// that does not open then). The engine's name is the spec.
func ParseEngine(spec string, self protocol.Config) (Engine, error) {
	spec = strings.TrimSpace(spec)
	if spec != Self && !strings.HasPrefix(spec, Self+":") {
		argv, err := SplitCommandLine(spec)
		if err != nil {
			return Engine{}, err
		}
		return Engine{Name: spec, Argv: argv}, nil
	}
	e := Engine{Name: spec}
	opt := self.Session.Options
	settings := strings.TrimPrefix(strings.TrimPrefix(spec, Self), ":")
	var limitWords []string
	if settings != "" {
		for _, kv := range strings.Split(settings, ",") {
			key, val, ok := strings.Cut(kv, "=")
			key, val = strings.ToLower(strings.TrimSpace(key)), strings.TrimSpace(val)
			if strings.ContainsAny(key+val, " \t") || key == "" || ok && val == "" || !ok && !play.IsLimitKey(key) {
				return Engine{}, fmt.Errorf("bad setting %q in %q: want key=value", kv, spec)
			}
			if play.IsLimitKey(key) {
				limitWords = append(limitWords, strings.TrimSpace(kv))
				continue
			}
			if key == ponderSetting {
				if val != "0" && val != "1" {
					return Engine{}, fmt.Errorf("%s=%s: want 0 or 1", key, val)
				}
				e.Ponder = val == "1"
			}
			if op, found := play.LookupOption(key); found && key == op.Key {
				if err := op.SetText(&opt, val); err != nil {
					return Engine{}, fmt.Errorf("%s=%s: %v", key, val, err)
				}
				if pool := self.Session.Pool; pool != nil {
					if err := pool.Hold(opt); err != nil {
						return Engine{}, fmt.Errorf("%s=%s: %v", key, val, err)
					}
				}
			}
			e.Setup = append(e.Setup, "set "+key+" "+val)
		}
	}
	var err error
	if e.Limits, err = play.ParseLimits(limitWords); err != nil {
		return Engine{}, fmt.Errorf("in %q: %v", spec, err)
	}
	// Engine options are given to the engine as it is made, so it never
	// builds the default table only to replace it.
	self.Session.Options = opt
	e.Run = InProcess(self)
	return e, nil
}

// InProcess returns the RunFunc of Crown in process: protocol.Run with
// the configuration cfg.
func InProcess(cfg protocol.Config) RunFunc {
	return func(ctx context.Context, in io.Reader, out io.Writer) error {
		return protocol.Run(ctx, in, out, cfg)
	}
}

// SplitCommandLine splits a command line into words as a POSIX shell does
// for the simple cases: blanks separate words, single quotes keep
// everything, double quotes keep everything but a backslash before " or \,
// and a backslash outside quotes keeps the next character. An unterminated
// quote and a line without words are errors.
func SplitCommandLine(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				words = append(words, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			inWord = true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, errors.New("empty engine command")
	}
	return words, nil
}
