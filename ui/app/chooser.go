package app

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// The file chooser drawn in the window: Ctrl+O's fallback where no
// native dialog program is installed (on Linux the dialog is zenity's),
// or wherever the window is told to use it. It lists the recent files,
// then a folder's subfolders and files, the files told apart by content
// (a recording, a map, or neither, greyed) by a scan in the background
// (chooserscan.go), so that a folder of thousands of files shows at once
// and fills in. What it chooses is opened as the dialog's choice is:
// OpenFiles (two recordings are compared), or OpenCompare for Ctrl+Shift+O.
// Ctrl+Enter opens a folder instead, as its runs table (FolderChoice):
// the way to a runs table where Ctrl+Alt+O's folder dialog is missing.

// EntryKind is what a chooser row is.
type EntryKind uint8

// The kinds of row.
const (
	EntryPending   EntryKind = iota // a file not yet looked at
	EntryUnknown                    // a file that is neither a recording nor a map
	EntryRecording                  // a CARLA recording, by content
	EntryMap                        // a BAI or OpenDRIVE map, by content
	EntryFolder                     // a folder
	EntryParent                     // the folder above
	EntryThis                       // the folder listed, to open as a runs table (choosing a folder)
)

var entryKindNames = [...]string{"…", "not a recording or map", "recording", "map", "folder", "up", "open as a runs table"}

// String names the kind as the chooser's rows do.
func (k EntryKind) String() string {
	if int(k) < len(entryKindNames) {
		return entryKindNames[k]
	}
	return "?"
}

// File reports whether the row is a file that can be opened.
func (k EntryKind) File() bool { return k == EntryRecording || k == EntryMap }

// ChooserRow is one row of the chooser.
type ChooserRow struct {
	Name   string // what the row shows: a name, or a recent file's name
	Path   string // the folder or file
	Kind   EntryKind
	Recent bool // one of the recent files, listed first
	Marked bool // marked to be opened together (two recordings: compared)
}

// Chooser is the in-window file chooser's state: its folder and the
// scan of it, the filter typed, the files marked, the rows shown and
// the List of them (cursor, lines).
type Chooser struct {
	open    bool
	compare bool // the chosen recording becomes run B (Ctrl+Shift+O)
	folder  bool // shown to choose a folder of recordings (Ctrl+Alt+O): its title says so
	dir     string
	scan    *dirScan
	entries []chooserEntry // the folder's listing, folders first
	recent  []ChooserRow   // the recent files that exist, by content
	filter  []rune
	marks   []string // marked files' paths, in the order marked
	rows    []ChooserRow
	list    List
	goTo    string // the name the cursor goes to once the listing arrives
	// goFirst: the cursor goes to the folder's first entry once the
	// listing arrives (past the recent files and the folder above).
	goFirst bool
	// folderRows counts the rows of the folder's entries.
	folderRows int
	status     string // why the last Enter did nothing, or the folder's error
}

// Open reports whether the chooser shows.
func (c *Chooser) Open() bool { return c.open }

// Compare reports whether the chooser picks run B for the open recording.
func (c *Chooser) Compare() bool { return c.compare }

// Dir returns the folder listed.
func (c *Chooser) Dir() string { return c.dir }

// Filter returns the text typed to filter the rows.
func (c *Chooser) Filter() string { return string(c.filter) }

// Status returns a line about the last action or the folder (empty:
// nothing to say).
func (c *Chooser) Status() string { return c.status }

// Scanning reports whether the folder is still being listed or its
// files looked at.
func (c *Chooser) Scanning() bool { return c.scan != nil }

// List returns the rows' list: its cursor and one line a row.
func (c *Chooser) List() *List { return &c.list }

// Row returns row i.
func (c *Chooser) Row(i int) ChooserRow {
	r := c.rows[i]
	if r.Path == "" {
		r.Path = filepath.Join(c.dir, r.Name)
	}
	return r
}

// FolderRows returns how many rows are the folder's entries (not the
// recent files nor the folder above): 0 says the folder, or what the
// filter leaves of it, is empty.
func (c *Chooser) FolderRows() int { return c.folderRows }

// Len returns the number of rows.
func (c *Chooser) Len() int { return len(c.rows) }

// Marked returns the marked files, in the order marked.
func (c *Chooser) Marked() []string { return c.marks }

// show opens the chooser on folder dir with the recent files listed
// first (those that still exist, told apart by content).
func (c *Chooser) show(dir string, recent []string, compare bool) {
	c.close()
	c.open, c.compare, c.folder = true, compare, false
	c.recent = c.recent[:0]
	for _, p := range recent {
		if k := sniffPath(p); k.File() {
			c.recent = append(c.recent, ChooserRow{Name: recentName(p, recent), Path: p, Kind: k, Recent: true})
		}
	}
	c.cd(dir, "")
	c.goFirst = false // the newest recent file first: it is often opened again
}

// recentName is how the chooser names recent file p: its name, with as
// many of its folders as tell it from the other recent files of the same
// name ("Town05/traffic.log"): CARLA's runs are often all traffic.log,
// and four rows of "traffic.log" told nothing.
func recentName(p string, recent []string) string {
	name := filepath.Base(p)
	for depth := 1; ; depth++ {
		clash := false
		for _, q := range recent {
			if q != p && tail(q, depth) == name {
				clash = true
				break
			}
		}
		up := tail(p, depth+1)
		if !clash || up == name { // unique, or no folder left to add
			return name
		}
		name = up
	}
}

// tail is the last n elements of path p, joined with "/".
func tail(p string, n int) string {
	p = filepath.ToSlash(filepath.Clean(p))
	i := len(p)
	for ; n > 0 && i > 0; n-- {
		i = strings.LastIndexByte(p[:i], '/')
		if i < 0 {
			return p
		}
	}
	return p[i+1:]
}

// close hides the chooser and stops its scan; the folder is kept for
// the next time.
func (c *Chooser) close() {
	c.open = false
	c.scan.stop()
	c.scan = nil
	c.filter, c.marks, c.status = c.filter[:0], c.marks[:0], ""
}

// cd lists folder dir, the cursor going to the row named sel once the
// listing arrives.
func (c *Chooser) cd(dir, sel string) {
	c.scan.stop()
	c.dir, c.goTo, c.goFirst = filepath.Clean(dir), sel, sel == ""
	c.entries, c.filter, c.status = c.entries[:0], c.filter[:0], ""
	c.list.cursor = 0
	c.scan = startScan(c.dir)
	c.rebuild()
}

// up goes to the folder above, the cursor on the one left.
func (c *Chooser) up() {
	if parent := filepath.Dir(c.dir); parent != c.dir {
		c.cd(parent, filepath.Base(c.dir))
	}
}

// poll takes what the scan found since the last tick.
func (c *Chooser) poll() {
	if c.scan == nil {
		return
	}
	changed, done := c.scan.take(&c.entries)
	if done {
		if err := c.scan.err; err != nil {
			c.status = err.Error()
		}
		c.scan = nil
	}
	if changed {
		c.rebuild()
	}
}

// wait blocks until the scan is done (tests, and scripted runs that need
// the same rows every time).
func (c *Chooser) wait() {
	if c.scan != nil {
		<-c.scan.done
		c.poll()
	}
}

// rebuild lists the rows: the recent files, the folder above, then the
// folder's entries (folders first), those matching the filter.
func (c *Chooser) rebuild() {
	c.rows = c.rows[:0]
	f := strings.ToLower(string(c.filter))
	match := func(name string) bool { return f == "" || strings.Contains(strings.ToLower(name), f) }
	for _, r := range c.recent {
		if match(r.Name) {
			c.rows = append(c.rows, r)
		}
	}
	if parent := filepath.Dir(c.dir); parent != c.dir && f == "" {
		c.rows = append(c.rows, ChooserRow{Name: "..", Path: parent, Kind: EntryParent})
	}
	first := len(c.rows) // where the cursor goes in a folder just listed
	if c.folder && f == "" {
		c.rows = append(c.rows, ChooserRow{Name: ".", Path: c.dir, Kind: EntryThis})
	}
	entries := len(c.rows)
	for _, e := range c.entries {
		if match(e.name) { // Path is joined when asked (Row): a folder may hold thousands
			c.rows = append(c.rows, ChooserRow{Name: e.name, Kind: e.kind})
		}
	}
	c.list.lines.Reset()
	for i := range c.rows {
		r := &c.rows[i]
		r.Marked = len(c.marks) > 0 && c.marked(c.Row(i).Path) >= 0
		c.list.lines.S(r.Name).End()
	}
	c.folderRows = len(c.rows) - entries
	if c.goFirst && (len(c.entries) > 0 || c.folder) {
		c.list.cursor, c.goFirst = min(first, len(c.rows)-1), false
	}
	if c.goTo != "" {
		for i, r := range c.rows {
			if !r.Recent && r.Name == c.goTo {
				c.list.cursor, c.goTo = i, ""
			}
		}
	}
	c.list.clampCursor(len(c.rows))
}

// marked returns the index of path among the marks, or -1.
func (c *Chooser) marked(path string) int {
	for i, m := range c.marks {
		if m == path {
			return i
		}
	}
	return -1
}

// typeRune adds r to the filter; the cursor goes to the first row.
func (c *Chooser) typeRune(r rune) {
	c.filter = append(c.filter, r)
	c.list.cursor, c.status = 0, ""
	c.rebuild()
}

// back deletes the filter's last character, else goes up a folder.
func (c *Chooser) back() {
	if n := len(c.filter); n > 0 {
		c.filter = c.filter[:n-1]
		c.rebuild()
		return
	}
	c.up()
}

// mark marks the file under the cursor, or unmarks it.
func (c *Chooser) mark() {
	if c.list.cursor >= len(c.rows) {
		return
	}
	r := c.Row(c.list.cursor)
	if !r.Kind.File() {
		c.status = r.Name + ": only recordings and maps are marked"
		return
	}
	if i := c.marked(r.Path); i >= 0 {
		c.marks = append(c.marks[:i], c.marks[i+1:]...)
	} else {
		c.marks = append(c.marks, r.Path)
	}
	c.status = ""
	c.rebuild()
	c.list.move(1, len(c.rows)) // on to the next, as file managers do
}

// enter opens the row under the cursor: a folder is listed; a file is
// chosen, with the marked ones before it; on a file that is neither a
// recording nor a map, the marked ones are; on ".", the folder listed is
// chosen (folder). It returns the files chosen (none: the chooser stays)
// or the folder.
func (c *Chooser) enter() (files []string, folder string) {
	if c.list.cursor >= len(c.rows) {
		if len(c.marks) > 0 {
			return append([]string(nil), c.marks...), ""
		}
		return nil, ""
	}
	r := c.Row(c.list.cursor)
	switch r.Kind {
	case EntryParent:
		c.up()
		return nil, ""
	case EntryThis:
		return nil, r.Path
	case EntryFolder:
		c.cd(r.Path, "")
		return nil, ""
	case EntryPending: // not looked at yet: look now (a few KB)
		r.Kind = sniffPath(r.Path)
	}
	if !r.Kind.File() && len(c.marks) > 0 { // the marked ones, as the chooser says
		return append([]string(nil), c.marks...), ""
	}
	if !r.Kind.File() {
		c.status = r.Name + " is neither a CARLA recording nor a map (by its content)"
		return nil, ""
	}
	out := append([]string(nil), c.marks...)
	if c.marked(r.Path) < 0 {
		out = append(out, r.Path)
	}
	return out, ""
}

// clickRow moves the cursor to row i, or opens it when the cursor is
// already there (a second click, or a double click).
func (c *Chooser) clickRow(i int) (files []string, folder string) {
	if i < 0 || i >= len(c.rows) {
		return nil, ""
	}
	if c.list.cursor != i {
		c.list.cursor = i
		return nil, ""
	}
	return c.enter()
}

// OpenChooser shows the in-window file chooser: for recordings and maps,
// or with compare, for the recording to compare with the open one (run
// B). It starts in the folder it was last in, else the open recording's,
// else the newest recent file's, else dir.
func (a *App) OpenChooser(compare bool, dir string) {
	start := a.chooser.dir
	if start == "" && a.recRes != nil && a.recRes.Source.Path != "" {
		start = filepath.Dir(a.recRes.Source.Path)
	}
	if start == "" && len(a.recent) > 0 {
		start = filepath.Dir(a.recent[0])
	}
	if start == "" {
		start = dir
	}
	if st, err := os.Stat(start); err != nil || !st.IsDir() {
		start = dir
	}
	if abs, err := filepath.Abs(start); err == nil {
		start = abs
	}
	a.help = false // the chooser is on top; the help would only show through
	a.chooser.show(start, a.recent, compare)
}

// Chooser returns the in-window file chooser, for drawing it.
func (a *App) Chooser() *Chooser { return &a.chooser }

// ClickChooserRow is a click on row i of the chooser (the window hit-tests
// its layout): the cursor goes there, or a second click opens it.
func (a *App) ClickChooserRow(i int) { a.openEntered(a.chooser.clickRow(i)) }

// applyChooser carries out a chooser command.
func (a *App) applyChooser(kind chooserCmd, steps float64, r rune) {
	c := &a.chooser
	if !c.open {
		return
	}
	switch kind {
	case chooserMove:
		c.list.move(steps, len(c.rows))
	case chooserEnter:
		a.openEntered(c.enter())
	case chooserBack:
		c.back()
	case chooserType:
		c.typeRune(r)
	case chooserMark:
		c.mark()
	case chooserClose:
		c.close()
	case chooserOpenFolder:
		a.openChosenFolder(c.FolderChoice())
	}
}

type chooserCmd uint8

const (
	chooserMove chooserCmd = iota
	chooserEnter
	chooserBack
	chooserType
	chooserMark
	chooserClose
	chooserOpenFolder
)

// noteRecent remembers a file opened from disk among the recent files.
func (a *App) noteRecent(src loader.Source) {
	if src.Path == "" {
		return
	}
	p, err := filepath.Abs(src.Path)
	if err != nil {
		return
	}
	if len(a.recent) > 0 && a.recent[0] == p {
		return
	}
	a.recent = settings.AddRecent(a.recent, p)
	a.settingsGen++
}

// Recent returns the recent files, newest first.
func (a *App) Recent() []string { return a.recent }
