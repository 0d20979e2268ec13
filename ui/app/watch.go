package app

import (
	"context"
	"os"
	"time"
)

// Watching the open recordings' files. A scenario run again records over
// the same file; the window says so ("changed on disk: Ctrl+R reads it
// again") instead of going on showing the old run as if it were the file.
// It does not read it again by itself: the file may still be being
// written, and the user may be in the middle of looking at the old run.

// watchTicks is how often (in ticks: a second) a watched file is looked
// at. The ticks ask, a goroutine looks: the look is a system call, which
// on a network disk may take a while, and Tick does not wait for one.
const watchTicks = TPS

// fileWatch looks at one file's size and time in the background when
// asked and says when they change and then stay the same for one more
// look (a file being written says so once, when it is done).
type fileWatch struct {
	name    string
	cancel  context.CancelFunc
	look    chan struct{} // a value: look at the file now
	changed chan struct{} // a value when the file changed
}

// stamp is what a change of a file is seen by.
type stamp struct {
	size int64
	mod  time.Time
	ok   bool // the file could be looked at
}

func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{size: fi.Size(), mod: fi.ModTime(), ok: true}
}

// watchFile starts watching path, as it is now.
func watchFile(name, path string) *fileWatch {
	ctx, cancel := context.WithCancel(context.Background())
	w := &fileWatch{name: name, cancel: cancel, look: make(chan struct{}, 1), changed: make(chan struct{}, 1)}
	go func() {
		seen := stampOf(path)
		last := seen
		for {
			select {
			case <-ctx.Done():
				return
			case <-w.look:
			}
			now := stampOf(path)
			if now != seen && now == last && now.ok {
				seen = now
				select {
				case w.changed <- struct{}{}:
				default: // said already, not yet taken
				}
			}
			last = now
		}
	}()
	return w
}

// stop ends the watch; nil does nothing.
func (w *fileWatch) stop() {
	if w != nil {
		w.cancel()
	}
}

// ask has the file looked at (unless a look is waiting already).
func (w *fileWatch) ask() {
	if w == nil {
		return
	}
	select {
	case w.look <- struct{}{}:
	default:
	}
}

// take reports, once, that the file changed since the last take.
func (w *fileWatch) take() bool {
	if w == nil {
		return false
	}
	select {
	case <-w.changed:
		return true
	default:
		return false
	}
}

// rewatch replaces *w by a watch of the file of source name at path (none
// when path is "": bytes in memory).
func (a *App) rewatch(w **fileWatch, name, path string) {
	(*w).stop()
	*w = nil
	if path != "" {
		*w = watchFile(name, path)
	}
}

// pollWatches says when an open recording's file changed, and has the
// files looked at every watchEvery ticks.
func (a *App) pollWatches() {
	for _, w := range [...]*fileWatch{a.watchA, a.watchB} {
		if a.tick%int64(a.watchEvery) == 0 {
			w.ask()
		}
		if w.take() {
			a.notify(Info, w.name+" changed on disk: Ctrl+R reads it again")
		}
	}
}
