package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/crown-checkers/crown/egdb"
	"github.com/crown-checkers/crown/internal/atomicfile"
)

// A resumable is a command that writes files into a directory and, run
// again after a kill or a failure, continues to the files an uninterrupted
// run writes (docs/reliability.md). Its command line names files relative
// to the directory it runs in, so that runs in two directories write the
// same bytes (crown train keeps its command line in the weight file).
type resumable struct {
	name string
	// args is the command line, short the sizes of make test, long those
	// of make test-long.
	short, long []string
	// input, if not nil, writes the files the command reads into dir.
	input func(t *testing.T, dir string)
	// outputs are the files compared, relative to the directory: a glob
	// pattern each.
	outputs []string
	// files are in the names of the files it writes: an error about one
	// must say one of them.
	files []string
	// disk is the size of the tmpfs a full disk test gives it: room for
	// some of its files, not all.
	disk string
}

// resumables are crown's commands that resume: each is killed and resumed
// (TestKillResume) and stopped by a full disk and resumed
// (TestFullDisk).
var resumables = []resumable{
	{
		name:    "egdb build",
		short:   []string{"egdb", "build", "--variant", "american", "--pieces", "3", "--dir", "db", "--threads", "1"},
		long:    []string{"egdb", "build", "--variant", "pool", "--pieces", "4", "--dir", "db", "--threads", "1"},
		outputs: []string{"db/*.egdb"},
		files:   []string{"db/"},
		disk:    "24k",
	},
	{
		name:    "selfplay",
		short:   []string{"selfplay", "--out", "data.bin", "--games", "8", "--depth", "2", "--hash", "1", "--concurrency", "2"},
		long:    []string{"selfplay", "--out", "data.bin", "--games", "60", "--nodes", "2000", "--hash", "1", "--concurrency", "2"},
		outputs: []string{"data.bin", "data.bin.state"},
		files:   []string{"data.bin"},
		disk:    "8k",
	},
	{
		name: "book build",
		short: []string{"book", "build", "--out", "b.book", "--ballots", "none", "--positions", "40", "--nodes", "500",
			"--main-plies", "4", "--concurrency", "1", "--hash", "1", "--checkpoint", "0"},
		long: []string{"book", "build", "--out", "b.book", "--ballots", "none", "--positions", "1200", "--nodes", "1000",
			"--main-plies", "6", "--concurrency", "2", "--hash", "1", "--checkpoint", "0"},
		outputs: []string{"b.book"},
		files:   []string{"b.book"},
		disk:    "4k",
	},
	{
		name:    "train",
		short:   []string{"train", "--data", "american.bin", "--out", "w.bin", "--variant", "american", "--epochs", "3"},
		long:    []string{"train", "--data", "american.bin,pool.bin", "--out", "w.bin", "--epochs", "20"},
		input:   trainingInput,
		outputs: []string{"w.bin"},
		files:   []string{"w.bin"},
		disk:    "16k",
	},
	{
		name:    "annotate",
		short:   []string{"annotate", "--depth", "4", "--threads", "1", "--hash", "1", "--games", "4", "--out", "a.pdn", "--graph", "graphs", "games.pdn"},
		long:    []string{"annotate", "--depth", "7", "--threads", "1", "--hash", "4", "--games", "40", "--out", "a.pdn", "--graph", "graphs", "games.pdn"},
		input:   annotateInput,
		outputs: []string{"a.pdn", "graphs/*.svg"},
		files:   []string{"a.pdn", "graphs/game-"},
		disk:    "16k",
	},
}

// annotateInput copies the games of testdata/tinsley-games.pdn to
// games.pdn, for crown annotate.
func annotateInput(t *testing.T, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "tinsley-games.pdn"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "games.pdn"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// args returns the command line of the test's size.
func (r *resumable) args() []string {
	if testing.Short() {
		return r.short
	}
	return r.long
}

// trainingInput writes american.bin and pool.bin, self-play games of each
// rule set (a few with -short), for crown train.
func trainingInput(t *testing.T, dir string) {
	t.Helper()
	games := "30"
	if testing.Short() {
		games = "6"
	}
	for _, v := range []string{"american", "pool"} {
		args := []string{"selfplay", "--out", filepath.Join(dir, v+".bin"), "--variant", v, "--games", games, "--depth", "2", "--hash", "1"}
		if code, _, errOut := runCrown(args...); code != exitOK {
			t.Fatalf("%q: exit %d, %s", args, code, errOut)
		}
	}
}

// reference is an uninterrupted run of a resumable: its outputs and how
// long it took.
type reference struct {
	files map[string][]byte
	took  time.Duration
}

// references holds each resumable's uninterrupted run, made once per test
// binary.
var references struct {
	sync.Mutex
	runs map[string]*reference
}

// referenceRun returns r's uninterrupted run with the crown binary bin.
func referenceRun(t *testing.T, bin string, r *resumable) *reference {
	t.Helper()
	references.Lock()
	defer references.Unlock()
	if ref := references.runs[r.name]; ref != nil {
		return ref
	}
	dir := t.TempDir()
	if r.input != nil {
		r.input(t, dir)
	}
	start := time.Now()
	if out, err := crownIn(dir, bin, r.args()).CombinedOutput(); err != nil {
		t.Fatalf("uninterrupted %s: %v\n%s", r.name, err, out)
	}
	ref := &reference{files: outputFiles(t, dir, r.outputs), took: time.Since(start)}
	if len(ref.files) == 0 {
		t.Fatalf("uninterrupted %s wrote none of %q", r.name, r.outputs)
	}
	if references.runs == nil {
		references.runs = map[string]*reference{}
	}
	references.runs[r.name] = ref
	return ref
}

// crownIn returns the command running bin with args in dir.
func crownIn(dir, bin string, args []string) *exec.Cmd {
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	return cmd
}

// outputFiles reads the files of dir that patterns match, by their path
// relative to dir.
func outputFiles(t *testing.T, dir string, patterns []string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	for _, p := range patterns {
		names, err := filepath.Glob(filepath.Join(dir, p))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			rel, err := filepath.Rel(dir, name)
			if err != nil {
				t.Fatal(err)
			}
			files[rel] = data
		}
	}
	return files
}

// sameOutputs fails t unless dir holds exactly ref's output files, byte for
// byte.
func sameOutputs(t *testing.T, dir string, r *resumable, ref *reference) {
	t.Helper()
	got := outputFiles(t, dir, r.outputs)
	for name, want := range ref.files {
		if g, ok := got[name]; !ok {
			t.Errorf("%s: %s is missing", r.name, name)
		} else if !bytes.Equal(g, want) {
			t.Errorf("%s: %s differs from the uninterrupted run's (%d bytes, want %d)", r.name, name, len(g), len(want))
		}
	}
	for name := range got {
		if _, ok := ref.files[name]; !ok {
			t.Errorf("%s: %s, which the uninterrupted run did not write", r.name, name)
		}
	}
}

// checkTrusted fails t if dir holds a database slice that does not read
// whole: a file a later build would load. Every other output is checked by
// the command itself when it resumes, and by sameOutputs at the end.
func checkTrusted(t *testing.T, dir string) {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "db", "*.egdb"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if _, err := egdb.ReadSliceFile(name); err != nil {
			t.Errorf("a slice file a build would load does not read: %v", err)
		}
	}
}

// TestKillResume kills each resumable command (SIGKILL) at random points
// of its run, several times, resumes it with the same command each time,
// and checks that it ends with the files of an uninterrupted run, byte for
// byte, and no temporary file a kill left; -short uses small sizes and
// fewer kills. The kills that struck a
// running process are logged (go test -v -run TestKillResume).
func TestKillResume(t *testing.T) {
	bin := crownBinary(t)
	kills := 12
	if testing.Short() {
		kills = 4
	}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	for i := range resumables {
		r := &resumables[i]
		t.Run(strings.ReplaceAll(r.name, " ", "_"), func(t *testing.T) {
			ref := referenceRun(t, bin, r)
			dir := t.TempDir()
			if r.input != nil {
				r.input(t, dir)
			}
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			survived := 0
			for range kills {
				// Delays that add up to about the run's time on average, so
				// the kills fall all along it.
				delay := time.Duration(rng.Float64() * 1.5 * float64(ref.took) / float64(kills))
				killed, err := runKilled(crownIn(dir, bin, r.args()), delay)
				if err != nil {
					t.Fatal(err)
				}
				if !killed {
					break
				}
				survived++
				checkTrusted(t, dir)
			}
			if out, err := crownIn(dir, bin, r.args()).CombinedOutput(); err != nil {
				t.Fatalf("%s resumed after %d kills: %v\n%s", r.name, survived, err, out)
			}
			sameOutputs(t, dir, r, ref)
			checkNoTemporary(t, dir)
			t.Logf("%s: survived %d kills (uninterrupted run %v)", r.name, survived, ref.took.Round(time.Millisecond))
		})
	}
}

// runKilled starts cmd and kills it after delay, and says whether the kill
// struck it before it ended; a run that ends first must have succeeded.
func runKilled(cmd *exec.Cmd, delay time.Duration) (bool, error) {
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return false, err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return false, fmt.Errorf("%q ended before its kill: %v\n%s", cmd.Args, err, out.Bytes())
		}
		return false, nil
	case <-time.After(delay):
	}
	if err := cmd.Process.Kill(); err != nil {
		return false, err
	}
	err := <-done
	return cmd.ProcessState.ExitCode() == -1, ignoreKilled(err)
}

// ignoreKilled returns nil for the error of a process that exited or was
// killed: either is what a kill test expects.
func ignoreKilled(err error) error {
	if _, ok := err.(*exec.ExitError); ok {
		return nil
	}
	return err
}

// TestFullDisk runs each resumable command into a tmpfs too small for its
// files, checks that it stops with an error naming the file it could not
// write and leaves no file a later run would trust, then into a read-only
// one, and then, the tmpfs made larger, that the same command ends with
// the files of an uninterrupted run. It needs mount(8) and the right to
// mount (root on Linux), and is skipped without them.
func TestFullDisk(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("tmpfs mounts are Linux's")
	}
	bin := crownBinary(t)
	for i := range resumables {
		r := &resumables[i]
		t.Run(strings.ReplaceAll(r.name, " ", "_"), func(t *testing.T) {
			ref := referenceRun(t, bin, r)
			dir := t.TempDir()
			if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+r.disk, "tmpfs", dir).CombinedOutput(); err != nil {
				t.Skipf("cannot mount a tmpfs here (needs root and mount rights): %v: %s", err, bytes.TrimSpace(out))
			}
			t.Cleanup(func() {
				if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
					t.Errorf("umount %s: %v: %s", dir, err, out)
				}
			})
			remount := func(opts string) {
				t.Helper()
				if out, err := exec.Command("mount", "-o", "remount,"+opts, dir).CombinedOutput(); err != nil {
					t.Fatalf("remount %s: %v: %s", opts, err, out)
				}
			}
			if r.input != nil {
				remount("size=4m")
				r.input(t, dir)
				used := dirBytes(t, dir)
				remount(fmt.Sprintf("size=%d", used+int64(parseSize(t, r.disk))))
			}
			out, err := crownIn(dir, bin, r.args()).CombinedOutput()
			if err == nil {
				t.Fatalf("%s finished in a tmpfs of %s:\n%s", r.name, r.disk, out)
			}
			msg := lastLine(out)
			if !strings.Contains(msg, "no space left on device") || !slices.ContainsFunc(r.files, func(f string) bool { return strings.Contains(msg, "writing "+f) || strings.Contains(msg, " "+f) }) {
				t.Errorf("%s on a full disk: %q; want a message naming the file and the lack of space", r.name, msg)
			}
			t.Logf("%s, full disk: %s", r.name, msg)
			checkTrusted(t, dir)
			checkNoTemporary(t, dir)

			remount("ro")
			out, err = crownIn(dir, bin, r.args()).CombinedOutput()
			msg = lastLine(out)
			if err == nil || !strings.Contains(msg, "read-only file system") {
				t.Errorf("%s on a read-only disk: %v, %q; want a failure saying so", r.name, err, msg)
			}
			t.Logf("%s, read-only: %s", r.name, msg)

			remount("rw,size=8m")
			if out, err := crownIn(dir, bin, r.args()).CombinedOutput(); err != nil {
				t.Fatalf("%s resumed with room: %v\n%s", r.name, err, out)
			}
			sameOutputs(t, dir, r, ref)
			checkNoTemporary(t, dir)
		})
	}
}

// lastLine returns the last line of out, where a command says why it
// failed (a progress line ends in a carriage return, not a newline).
func lastLine(out []byte) string {
	lines := strings.FieldsFunc(string(out), func(r rune) bool { return r == '\n' || r == '\r' })
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			return l
		}
	}
	return ""
}

// checkNoTemporary fails t if dir holds a temporary file of
// internal/atomicfile: a failed write removes its own.
func checkNoTemporary(t *testing.T, dir string) {
	t.Helper()
	var left []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), atomicfile.TempInfix) {
			left = append(left, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(left) > 0 {
		slices.Sort(left)
		t.Errorf("temporary files left: %q", left)
	}
}

// dirBytes returns the bytes the files under dir take, in whole pages.
func dirBytes(t *testing.T, dir string) int64 {
	t.Helper()
	var n int64
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err == nil {
			n += (info.Size() + 4095) / 4096 * 4096
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// parseSize reads a tmpfs size such as "16k".
func parseSize(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscanf(s, "%dk", &n); err != nil {
		t.Fatalf("size %q: %v", s, err)
	}
	return n << 10
}
