// Package opendocs hands the window the files the operating system asks
// the running viewer to open, as opposed to files named on its command
// line or dropped on its window.
//
// macOS is why it exists: Finder's double-click, Open With and a drop on
// the Dock icon start the app without arguments and send the files as an
// open-documents event to the application's delegate, on AppKit's main
// thread, at any time: while the app launches (before the first frame)
// or while it already runs. Listen (listen_darwin.go) adds the handler to
// Ebitengine's delegate; everything else here is ordinary Go, tested on
// every system.
//
// It stands on the ui floor, below package ui, which owns an Inbox and
// empties it in Update.
package opendocs

import (
	"sync"

	"github.com/mm2carla/viewer/ui/loader"
)

// Inbox queues the files of each open-documents event until the game
// loop takes them. Add may be called from any thread; Deliver belongs to
// Update, so that opening a file stays a change Update makes.
type Inbox struct {
	mu      sync.Mutex
	batches [][]string
	wake    func()
}

// NewInbox returns an empty inbox; wake (may be nil) is called after
// each Add, so that an idle game loop runs a tick to take the files
// (Ebitengine: ebiten.ScheduleFrame).
func NewInbox(wake func()) *Inbox { return &Inbox{wake: wake} }

// Add queues the paths of one event: files the user opened together
// (several selected in Finder) stay together, as a drop of several files
// does. Empty paths are left out; an event without any is ignored.
func (in *Inbox) Add(paths []string) {
	var batch []string
	for _, p := range paths {
		if p != "" {
			batch = append(batch, p)
		}
	}
	if len(batch) == 0 {
		return
	}
	in.mu.Lock()
	in.batches = append(in.batches, batch)
	in.mu.Unlock()
	if in.wake != nil {
		in.wake()
	}
}

// Deliver hands every queued event to open, oldest first, one call per
// event with the files in the order they came, and empties the queue. It
// returns how many events it delivered. Events that arrived before the
// first frame have waited here for the first Update.
//
// open is the window's way of opening files dropped together
// (app.OpenFiles): a recording and a map open both; two recordings are
// compared; a file that is missing or neither kind becomes an error
// notice naming it, and the other files still open.
func (in *Inbox) Deliver(open func([]loader.Source)) int {
	in.mu.Lock()
	batches := in.batches
	in.batches = nil
	in.mu.Unlock()
	for _, b := range batches {
		srcs := make([]loader.Source, len(b))
		for i, p := range b {
			srcs[i] = loader.FileSource(p)
		}
		open(srcs)
	}
	return len(batches)
}
