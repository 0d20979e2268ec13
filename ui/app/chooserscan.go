package app

import (
	"cmp"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/mm2carla/viewer/analysis/pipeline"
)

// chooserEntry is one entry of the chooser's folder.
type chooserEntry struct {
	name string
	kind EntryKind
}

// dirScan lists a folder and looks at its files' first bytes on a
// goroutine of its own, so that the window never waits on the disk: a
// folder of 10,000 files shows its names at once and its kinds fill in
// (at most pipeline.XMLSniffLen bytes read a file). The chooser takes
// what it found each tick (take) and stops it when it leaves the folder.
type dirScan struct {
	quit chan struct{} // closed: stop looking
	done chan struct{} // closed when the goroutine ends
	mu   sync.Mutex
	// Under mu: the listing (set once), how many of its entries are
	// looked at, and what the chooser has taken.
	entries []chooserEntry
	listed  bool
	looked  int
	copied  bool // the chooser has the listing
	took    int  // the chooser has the kinds of the entries before this
	err     error
}

// startScan starts scanning dir.
func startScan(dir string) *dirScan {
	s := &dirScan{quit: make(chan struct{}), done: make(chan struct{})}
	go s.run(dir)
	return s
}

// stop asks the scan to stop (a nil scan is none).
func (s *dirScan) stop() {
	if s != nil {
		select {
		case <-s.quit:
		default:
			close(s.quit)
		}
	}
}

// stopped reports whether stop was called.
func (s *dirScan) stopped() bool {
	select {
	case <-s.quit:
		return true
	default:
		return false
	}
}

// run lists dir, folders first then files, each by name (case
// ignored), hidden ones (a leading dot) left out, then looks at each
// file in that order.
func (s *dirScan) run(dir string) {
	defer close(s.done)
	des, err := os.ReadDir(dir)
	entries := make([]chooserEntry, 0, len(des))
	for _, d := range des {
		if strings.HasPrefix(d.Name(), ".") {
			continue
		}
		kind := EntryPending
		switch t := d.Type(); {
		case t.IsDir():
			kind = EntryFolder
		case t&fs.ModeSymlink != 0: // where it points decides
			st, serr := os.Stat(filepath.Join(dir, d.Name()))
			switch {
			case serr != nil:
				kind = EntryUnknown
			case st.IsDir():
				kind = EntryFolder
			case !st.Mode().IsRegular():
				kind = EntryUnknown
			}
		case !t.IsRegular(): // a pipe or a device: never opened
			kind = EntryUnknown
		}
		entries = append(entries, chooserEntry{name: d.Name(), kind: kind})
	}
	slices.SortFunc(entries, func(a, b chooserEntry) int {
		if fa, fb := a.kind == EntryFolder, b.kind == EntryFolder; fa != fb {
			if fa {
				return -1
			}
			return 1
		}
		return cmp.Or(strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name)), strings.Compare(a.name, b.name))
	})
	s.mu.Lock()
	s.entries, s.listed, s.err = entries, true, err
	s.mu.Unlock()
	for i := range entries {
		if s.stopped() {
			return
		}
		if entries[i].kind != EntryPending {
			continue
		}
		k := sniffFile(filepath.Join(dir, entries[i].name))
		s.mu.Lock()
		s.entries[i].kind, s.looked = k, i+1
		s.mu.Unlock()
	}
	s.mu.Lock()
	s.looked = len(entries)
	s.mu.Unlock()
}

// take copies what the scan found since the last take into *dst (the
// chooser's listing), and reports whether anything changed and whether
// the scan is over.
func (s *dirScan) take(dst *[]chooserEntry) (changed, done bool) {
	select {
	case <-s.done:
		done = true
	default:
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case !s.listed:
	case !s.copied:
		*dst = append((*dst)[:0], s.entries...)
		s.copied, s.took, changed = true, s.looked, true
	case s.looked > s.took:
		for i := s.took; i < s.looked; i++ {
			(*dst)[i].kind = s.entries[i].kind
		}
		s.took, changed = s.looked, true
	}
	return changed, done
}

// sniffPath tells a file's kind from its first bytes, reading at most
// pipeline.XMLSniffLen of them; a file that cannot be read is unknown.
func sniffPath(p string) EntryKind {
	st, err := os.Stat(p)
	if err != nil || !st.Mode().IsRegular() { // a pipe would block the read
		return EntryUnknown
	}
	return sniffFile(p)
}

// sniffFile is sniffPath for a path known to be a regular file (the
// scan's listing says so without a stat).
func sniffFile(p string) EntryKind {
	f, err := os.Open(p)
	if err != nil {
		return EntryUnknown
	}
	defer f.Close()
	var head [pipeline.XMLSniffLen]byte
	n, err := io.ReadFull(f, head[:])
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return EntryUnknown
	}
	switch pipeline.Sniff(head[:n]) {
	case pipeline.KindRecording:
		return EntryRecording
	case pipeline.KindMap:
		return EntryMap
	}
	return EntryUnknown
}
