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
//
// This is the app's one timer, and it times only looks at the disk, never
// the replay: a goroutine for each file looks at its size and time once a
// second (a system call, which on a network disk may take a while, so not
// on Tick's thread) and wakes the window (SetWake) when they changed: a
// paused window idles without ticking until something happens.

// watchEvery is how often a watched file is looked at.
const watchEvery = time.Second

// fileWatch looks at one file's size and time in the background and says
// when they change and then stay the same for one more look (a file
// being written says so once, when it is done).
type fileWatch struct {
	name    string
	cancel  context.CancelFunc
	changed chan struct{} // a value when the file changed
}

// stamp is what a change of a file is seen by.
type stamp struct {
	size, mod int64 // bytes; modification time, ns since 1970
	ok        bool  // the file could be looked at
}

func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{size: fi.Size(), mod: fi.ModTime().UnixNano(), ok: true}
}

// watchFile starts watching path, as it is now, every every; wake (if not
// nil) is called when it changed.
func watchFile(name, path string, every time.Duration, wake func()) *fileWatch {
	ctx, cancel := context.WithCancel(context.Background())
	w := &fileWatch{name: name, cancel: cancel, changed: make(chan struct{}, 1)}
	seen := stampOf(path)
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		last := seen
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			now := stampOf(path)
			if now != seen && now == last && now.ok {
				seen = now
				select {
				case w.changed <- struct{}{}:
				default: // said already, not yet taken
				}
				if wake != nil {
					wake()
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

// SetWake gives the app a function that wakes the window's idle loop
// (ebiten.ScheduleFrame), for what happens off its ticks: a watched file
// changing. Safe to call from any goroutine once set; set it before files
// open.
func (a *App) SetWake(f func()) { a.wake = f }

// rewatch replaces *w by a watch of the file of source name at path (none
// when path is "": bytes in memory).
func (a *App) rewatch(w **fileWatch, name, path string) {
	(*w).stop()
	*w = nil
	if path != "" {
		*w = watchFile(name, path, a.watch.every, a.wake)
	}
}

// pollWatches says when an open recording's file changed.
func (a *App) pollWatches() {
	for _, w := range [...]*fileWatch{a.watch.a, a.watch.b} {
		if w.take() {
			a.notify(Info, w.name+" changed on disk: Ctrl+R reads it again")
		}
	}
}
