package app

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/settings"
)

// chooserFolder writes a folder as a user's runs look: a recording and a
// map under names that do not say what they are, an OpenDRIVE map, a
// text log named as CARLA's recordings are, a hidden file and a
// subfolder holding a second recording.
func chooserFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, data []byte) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("run1.bin", testrec.Bytes(testFrames))
	write("city.bai", smallMap(t))
	write("Town99.xodr", []byte(`<?xml version="1.0"?>`+"\n<!-- a town -->\n<OpenDRIVE><header/></OpenDRIVE>\n"))
	write("agent.log", []byte("2026-11-28 05:00:01 INFO agent started\n"))
	write(".hidden.log", testrec.Bytes(10))
	write("Runs/night.log", testrec.Bytes(testFrames))
	return dir
}

// rowsOf is the chooser's rows as "name kind" (a recent one "recent
// name kind", a marked one with a "*").
func rowsOf(c *Chooser) []string {
	var out []string
	for i := range c.Len() {
		r := c.Row(i)
		s := r.Name + " " + r.Kind.String()
		if r.Recent {
			s = "recent " + s
		}
		if r.Marked {
			s += " *"
		}
		out = append(out, s)
	}
	return out
}

// chooseIn opens the chooser of a fresh app in dir, listed whole.
func chooseIn(t *testing.T, s settings.Settings, dir string) *App {
	t.Helper()
	a := New(s, nil)
	t.Cleanup(a.Close)
	a.OpenChooser(false, dir)
	a.chooser.wait()
	return a
}

// TestChooserKinds: files are told apart by content, not name (the
// .log that is text is not a recording; a recording named .bin is);
// folders come first, the folder above before them, hidden files are
// left out; Enter on a folder lists it, Backspace goes back up with the
// cursor on the folder left.
func TestChooserKinds(t *testing.T) {
	dir := chooserFolder(t)
	a := chooseIn(t, settings.Settings{}, dir)
	c := a.Chooser()
	want := []string{".. up", "Runs folder", "agent.log not a recording or map", "city.bai map", "run1.bin recording", "Town99.xodr map"}
	if got := rowsOf(c); !slices.Equal(got, want) {
		t.Fatalf("rows:\n got %q\nwant %q", got, want)
	}
	a.Apply(input.ChooserMove(1))
	a.Apply(input.ChooserEnter())
	a.chooser.wait()
	if c.Dir() != filepath.Join(dir, "Runs") || !slices.Equal(rowsOf(c), []string{".. up", "night.log recording"}) || c.FolderRows() != 1 {
		t.Fatalf("in Runs: %s %q", c.Dir(), rowsOf(c))
	}
	a.Apply(input.ChooserBack())
	a.chooser.wait()
	if c.Dir() != dir || c.Row(c.List().Cursor()).Name != "Runs" {
		t.Errorf("back up: %s, cursor on %q", c.Dir(), c.Row(c.List().Cursor()).Name)
	}
	// Enter on the text log says why and stays.
	a.Apply(input.ChooserMove(1))
	a.Apply(input.ChooserEnter())
	if !c.Open() || !strings.Contains(c.Status(), "agent.log is neither") {
		t.Errorf("Enter on a text file: open %v, status %q", c.Open(), c.Status())
	}
	a.Apply(input.ChooserClose())
	if c.Open() || a.LoadsRunning() {
		t.Errorf("Esc: open %v, loads %v", c.Open(), a.LoadsRunning())
	}
}

// TestChooserFilter: typed characters keep the rows whose name holds
// them, case ignored (the folder above hidden meanwhile); Backspace
// deletes them one at a time before it goes up.
func TestChooserFilter(t *testing.T) {
	dir := chooserFolder(t)
	a := chooseIn(t, settings.Settings{}, dir)
	c := a.Chooser()
	for _, r := range "RUN" {
		a.Apply(input.ChooserType(r))
	}
	if got, want := rowsOf(c), []string{"Runs folder", "run1.bin recording"}; !slices.Equal(got, want) || c.Filter() != "RUN" {
		t.Fatalf("filter %q: %q, want %q", c.Filter(), got, want)
	}
	a.Apply(input.ChooserType('1'))
	if got := rowsOf(c); !slices.Equal(got, []string{"run1.bin recording"}) {
		t.Fatalf("filter run1: %q", got)
	}
	a.Apply(input.ChooserType('z'))
	if c.Len() != 0 || c.FolderRows() != 0 {
		t.Fatalf("filter run1z: %q", rowsOf(c))
	}
	a.Apply(input.ChooserBack())
	for range 4 {
		a.Apply(input.ChooserBack())
	}
	if c.Filter() != "" || c.Dir() != dir || c.Len() != 6 {
		t.Fatalf("filter deleted: %q in %s, %d rows", c.Filter(), c.Dir(), c.Len())
	}
	a.Apply(input.ChooserBack())
	a.chooser.wait()
	if c.Dir() != filepath.Dir(dir) {
		t.Errorf("Backspace with no filter: in %s, want %s", c.Dir(), filepath.Dir(dir))
	}
}

// TestChooserOpens: Enter on a recording opens it as a dialog's choice
// does, and it becomes a recent file, which the next chooser lists
// first; two recordings marked open as a comparison, the first marked
// as run A.
func TestChooserOpens(t *testing.T) {
	dir := chooserFolder(t)
	a := chooseIn(t, settings.Settings{}, dir)
	c := a.Chooser()
	for _, r := range "run1" {
		a.Apply(input.ChooserType(r))
	}
	a.Apply(input.ChooserEnter())
	if c.Open() {
		t.Fatal("the chooser stays open after choosing a recording")
	}
	settle(t, a)
	if a.Recording() == nil || a.recRes.Source.Path != filepath.Join(dir, "run1.bin") {
		t.Fatalf("the recording chosen did not open")
	}
	if got := a.Settings().Recent; !slices.Equal(got, []string{filepath.Join(dir, "run1.bin")}) {
		t.Fatalf("recent = %q", got)
	}
	// The next chooser starts in the recording's folder, the recent file first.
	a.OpenChooser(false, "/")
	a.chooser.wait()
	if c.Dir() != dir || c.Len() == 0 || rowsOf(c)[0] != "recent run1.bin recording" {
		t.Fatalf("reopened in %s: %q", c.Dir(), rowsOf(c))
	}
	// Mark run1.bin (the recent row), then Runs/night.log: compared.
	a.Apply(input.ChooserMark())
	if !c.Row(0).Marked || c.List().Cursor() != 1 {
		t.Fatalf("after Space: %q, cursor %d", rowsOf(c), c.List().Cursor())
	}
	for _, r := range "runs" {
		a.Apply(input.ChooserType(r))
	}
	a.Apply(input.ChooserEnter())
	a.chooser.wait() // the cursor on the folder's first entry
	if r := c.Row(c.List().Cursor()); r.Name != "night.log" {
		t.Fatalf("cursor on %q in %s: %q", r.Name, c.Dir(), rowsOf(c))
	}
	a.Apply(input.ChooserEnter())
	settle(t, a)
	if !a.Comparing() || a.recRes.Source.Name != "run1.bin" || a.cmp.res == nil || a.cmp.res.Source.Name != "night.log" {
		t.Fatalf("marked pair: comparing %v", a.Comparing())
	}
	if got := a.Settings().Recent; len(got) != 2 || got[0] != filepath.Join(dir, "Runs", "night.log") {
		t.Errorf("recent after the pair = %q", got)
	}
}

// TestChooserOpensFolder: the chooser shown for a folder (Ctrl+Alt+O
// without a folder dialog) lists no recent files, and a "." row for the
// folder listed, the cursor on it: Enter there opens the folder as a
// runs table, as a dropped folder opens. Ctrl+Enter (ChooserFolder), in
// either chooser, opens the folder under the cursor, or on a file, ".."
// or ".", the folder listed.
func TestChooserOpensFolder(t *testing.T) {
	dir := chooserFolder(t)
	a := New(settings.Settings{Recent: []string{filepath.Join(dir, "run1.bin")}}, nil)
	t.Cleanup(a.Close)
	a.OpenFolderChooser(dir)
	a.chooser.wait()
	c := a.Chooser()
	if got := rowsOf(c); !c.Open() || !c.ForFolder() || len(got) < 3 || got[0] != ".. up" || got[1] != ". open as a runs table" || got[2] != "Runs folder" {
		t.Fatalf("folder chooser: open %v, for a folder %v, rows %q", c.Open(), c.ForFolder(), got)
	}
	if r := c.Row(c.List().Cursor()); r.Kind != EntryThis || r.Path != dir || c.FolderChoice() != dir {
		t.Fatalf("cursor on %q (%v), Ctrl+Enter would open %q; want the . row and %s", r.Name, r.Kind, c.FolderChoice(), dir)
	}
	for _, tc := range []struct{ row, want string }{
		{"Runs", filepath.Join(dir, "Runs")},
		{"run1.bin", dir},
		{"agent.log", dir},
		{"..", dir},
	} {
		for i := range c.Len() {
			if c.Row(i).Name == tc.row {
				a.Apply(input.ChooserMove(float64(i - c.List().Cursor())))
			}
		}
		if got := c.FolderChoice(); c.Row(c.List().Cursor()).Name != tc.row || got != tc.want {
			t.Errorf("on %s: Ctrl+Enter would open %q, want %q", c.Row(c.List().Cursor()).Name, got, tc.want)
		}
	}
	a.Apply(input.ChooserMove(2)) // from "..", past ".", onto Runs
	a.Apply(input.ChooserFolder())
	rt := a.RunsTable()
	if c.Open() || !rt.Open() || rt.Folder() != filepath.Join(dir, "Runs") {
		t.Fatalf("Ctrl+Enter on Runs: chooser open %v, runs table open %v of %q", c.Open(), rt.Open(), rt.Folder())
	}
	checked := func() {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for rt.Checking() {
			if time.Now().After(deadline) {
				t.Fatal("the folder's runs were not checked")
			}
			time.Sleep(time.Millisecond)
			a.Tick()
		}
	}
	checked()
	if done, found := rt.Progress(); done != 1 || found != 1 || rt.Path(0) != filepath.Join(dir, "Runs", "night.log") {
		t.Errorf("runs table of Runs: %d of %d checked, row 0 %q; want night.log", done, found, rt.Path(0))
	}
	// Enter on "." opens the folder listed.
	a.OpenFolderChooser(dir)
	a.chooser.wait()
	a.Apply(input.ChooserEnter())
	if c.Open() || !rt.Open() || rt.Folder() != dir {
		t.Fatalf("Enter on .: chooser open %v, runs table open %v of %q; want %s", c.Open(), rt.Open(), rt.Folder(), dir)
	}
	checked()
	// Shown for files again, it is not for a folder: no "." row.
	a.OpenChooser(false, dir)
	a.chooser.wait()
	if c.ForFolder() || slices.Contains(rowsOf(c), ". open as a runs table") {
		t.Errorf("Ctrl+O's chooser is for a folder: %q", rowsOf(c))
	}
}

// TestChooserEnterMarked: with files marked, Enter on a row that is not
// a file to open (the cursor moved on after the last mark) opens the
// marked ones.
func TestChooserEnterMarked(t *testing.T) {
	dir := chooserFolder(t)
	a := chooseIn(t, settings.Settings{}, dir)
	c := a.Chooser()
	a.Apply(input.ChooserMove(3))  // city.bai
	a.Apply(input.ChooserMark())   // on to run1.bin
	a.Apply(input.ChooserMark())   // on to Town99.xodr
	a.Apply(input.ChooserMove(-3)) // agent.log, text
	if got := c.Marked(); len(got) != 2 || c.Row(c.List().Cursor()).Name != "agent.log" {
		t.Fatalf("marked %q, cursor on %q", got, c.Row(c.List().Cursor()).Name)
	}
	a.Apply(input.ChooserEnter())
	if c.Open() {
		t.Fatalf("Enter with two marked: still open (%q)", c.Status())
	}
	settle(t, a)
	if a.Map() == nil || a.Recording() == nil || a.recRes.Source.Name != "run1.bin" {
		t.Errorf("the marked map and recording did not open")
	}
}

// TestChooserClick: a click moves the cursor to the row; a second click
// on it opens it.
func TestChooserClick(t *testing.T) {
	dir := chooserFolder(t)
	a := chooseIn(t, settings.Settings{}, dir)
	c := a.Chooser()
	a.ClickChooserRow(1)
	if c.Dir() != dir || c.List().Cursor() != 1 {
		t.Fatalf("one click: in %s, cursor %d", c.Dir(), c.List().Cursor())
	}
	a.ClickChooserRow(1)
	a.chooser.wait()
	if c.Dir() != filepath.Join(dir, "Runs") {
		t.Errorf("second click: in %s", c.Dir())
	}
	a.ClickChooserRow(99) // past the rows: nothing
}

// TestChooserBigFolder: a folder of 3,000 files lists at once (the
// names before any is looked at) and the kinds fill in on the scan's
// goroutine; the window's tick does not wait for them.
func TestChooserBigFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 3,000 files")
	}
	dir := t.TempDir()
	rec := testrec.Bytes(10)
	for i := range 3000 {
		data := []byte("text\n")
		if i%100 == 0 {
			data = rec
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%04d.log", i)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := New(settings.Settings{}, nil)
	defer a.Close()
	start := time.Now()
	a.OpenChooser(false, dir)
	a.Tick()
	if d := time.Since(start); d > time.Second {
		t.Errorf("opening the chooser took %v", d)
	}
	a.chooser.wait()
	recs := 0
	for i := range a.Chooser().Len() {
		if a.Chooser().Row(i).Kind == EntryRecording {
			recs++
		}
	}
	if a.Chooser().Len() != 3001 || recs != 30 {
		t.Errorf("%d rows, %d recordings; want 3001, 30", a.Chooser().Len(), recs)
	}
}

// TestRecentName: a recent file is named by its name alone, unless
// another recent file has the same: then with as many folders as tell
// them apart.
func TestRecentName(t *testing.T) {
	recent := []string{"/runs/Town05/traffic.log", "/runs/Town10HD/traffic.log", "/a/seed-1/traffic.log",
		"/b/seed-1/traffic.log", "/maps/Town05.xodr", "/traffic.log"}
	want := []string{"Town05/traffic.log", "Town10HD/traffic.log", "a/seed-1/traffic.log",
		"b/seed-1/traffic.log", "Town05.xodr", "traffic.log"} // the root has no folder to add
	for i, p := range recent {
		if got := recentName(p, recent); got != want[i] {
			t.Errorf("recentName(%q) = %q, want %q", p, got, want[i])
		}
	}
	if got := recentName("/runs/Town05/traffic.log", []string{"/runs/Town05/traffic.log"}); got != "traffic.log" {
		t.Errorf("alone: %q", got)
	}
}
