package main

import (
	"context"
	"errors"
	"time"

	"github.com/crown-checkers/crown/internal/fault"
	"github.com/crown-checkers/crown/play"
	"github.com/crown-checkers/crown/search"
)

// pollInterval is how often getmove looks at *playnow while it searches.
const pollInterval = 5 * time.Millisecond

// choose finds the move (play.Session.Choose), searching until its limits
// or playnow, reporting every finished iteration to report. Its answer
// holds a legal move even when the search fails, so a game in the GUI
// goes on. It returns once the goroutine watching playnow has ended; a
// panic there stops the search and is its error.
func (a *adapter) choose(req play.Request, playnow func() bool, report func(search.Info)) (play.Answer, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req.Report = report
	if playnow == nil {
		return a.play.Choose(ctx, req)
	}
	done, watched := make(chan struct{}), make(chan error, 1)
	go func() {
		var err error
		defer func() {
			if err != nil {
				cancel()
			}
			watched <- err
		}()
		defer fault.Recover(&err, "watching playnow")
		watchPlaynow(playnow, cancel, done)
	}()
	ans, err := a.play.Choose(ctx, req)
	close(done)
	return ans, errors.Join(err, <-watched)
}

// watchPlaynow cancels the search when playnow reports true, polling it
// every pollInterval until done is closed.
func watchPlaynow(playnow func() bool, cancel context.CancelFunc, done <-chan struct{}) {
	if playnow() {
		cancel()
		return
	}
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	for {
		select {
		case <-done:
			return
		case <-t.C:
			if playnow() {
				cancel()
				return
			}
		}
	}
}
