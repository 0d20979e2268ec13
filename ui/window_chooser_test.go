package ui

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/input"
)

// settleChooser runs the game until the chooser's folder is read.
func settleChooser(t *testing.T, g *Game, sc *script) {
	t.Helper()
	drain(t, g, sc)
	deadline := time.Now().Add(10 * time.Second)
	for g.App().Chooser().Scanning() {
		if time.Now().After(deadline) {
			t.Fatal("the chooser's folder was not read")
		}
		run(t, g, 1)
		time.Sleep(time.Millisecond)
	}
	run(t, g, 1)
}

// TestWindowChooserOpens: with the window's own chooser (as where no
// dialog program is installed), Ctrl+O shows it on top of the demo; it
// takes the keys first (typing filters, 8 does not hide the legend),
// a click on a row puts the cursor there and a second opens the
// recording it names, which replaces the demo's; Esc closes it without
// clearing the selection behind it.
func TestWindowChooserOpens(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "night-run.bin"), testrec.Bytes(testFrames/2), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "agent.log"), []byte("INFO started\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	g, sc := demo(t)
	g.opt.OwnChooser = true
	a := g.App()
	sc.key(input.KeyO, false, true)
	settleChooser(t, g, sc)
	c := a.Chooser()
	if !c.Open() || c.Dir() != dir || !g.pan.chooser.show {
		t.Fatalf("Ctrl+O: chooser open %v in %q (want %q), laid out %v", c.Open(), c.Dir(), dir, g.pan.chooser.show)
	}
	img := shot(t, g, "chooser")
	cb := g.pan.chooser.r
	if px := img.RGBAAt(int(cb.x0+cb.w()/2), int(cb.y1-2)); px.R > 60 || px.G > 60 || px.B > 60 {
		t.Errorf("the chooser's panel is not drawn: %v", px)
	}
	legend := a.LayerOn(input.LayerLegend)
	sc.typeText("8nig")
	sc.key(input.KeyDigit8, false, false)
	drain(t, g, sc)
	if a.LayerOn(input.LayerLegend) != legend || c.Filter() != "8nig" {
		t.Fatalf("typing went past the chooser: legend %v, filter %q", a.LayerOn(input.LayerLegend), c.Filter())
	}
	for c.Filter() != "" {
		sc.key(input.KeyBackspace, false, false)
		drain(t, g, sc)
	}
	row := -1
	for i := range c.Len() {
		if c.Row(i).Name == "night-run.bin" && c.Row(i).Kind == app.EntryRecording {
			row = i
		}
	}
	if row < 0 || c.Row(0).Name != ".." {
		t.Fatalf("rows: no recording night-run.bin among %d", c.Len())
	}
	rb := g.pan.chooser.rows
	x, y := (rb.X0+rb.X1)/2, rb.Top+(float64(row-rb.First)+0.5)*rb.RowH
	sc.click(x, y)
	drain(t, g, sc)
	if c.List().Cursor() != row || !c.Open() {
		t.Fatalf("one click: cursor %d, want %d", c.List().Cursor(), row)
	}
	sc.click(x, y)
	drain(t, g, sc)
	if c.Open() {
		t.Fatal("a second click on the recording left the chooser open")
	}
	for a.LoadsRunning() {
		run(t, g, 1)
		time.Sleep(time.Millisecond)
	}
	run(t, g, 1)
	if rec := a.Recording(); rec == nil || !strings.Contains(a.Title(), "night-run.bin") {
		t.Fatalf("the recording chosen is not open: %q", a.Title())
	}
	// Esc closes the chooser first, not the selection behind it.
	sc.key(input.KeyTab, false, false)
	sc.key(input.KeyO, false, true)
	settleChooser(t, g, sc)
	sel := a.Selected()
	if sel == 0 {
		t.Fatal("Tab selected no actor")
	}
	sc.key(input.KeyEscape, false, false)
	drain(t, g, sc)
	if c.Open() || a.Selected() != sel {
		t.Errorf("Esc: chooser open %v, selection %d (was %d)", c.Open(), a.Selected(), sel)
	}
}

// TestWindowOpenDialogFails: Ctrl+O runs the native dialog off the game
// loop; on Linux without a zenity-like program it reports the program
// missing, and the window's own chooser opens instead. (With one
// installed the dialog would wait for a user, so the test skips.)
func TestWindowOpenDialogFails(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the missing program is tested on Linux")
	}
	for _, helper := range []string{"zenity", "qarma", "matedialog"} {
		if _, err := exec.LookPath(helper); err == nil {
			t.Skipf("%s is installed: the dialog would wait for a user", helper)
		}
	}
	g, sc := demo(t)
	sc.key(input.KeyO, false, true)
	drain(t, g, sc)
	deadline := time.Now().Add(10 * time.Second)
	for g.dialog.busy() && time.Now().Before(deadline) {
		run(t, g, 1)
		time.Sleep(time.Millisecond)
	}
	run(t, g, 1)
	if !g.App().Chooser().Open() {
		t.Errorf("no chooser after the dialog's program was missing; notices %+v", g.App().Notices())
	}
	for _, n := range g.App().Notices() {
		if n.Level == app.Error {
			t.Errorf("error notice: %s", n.Text)
		}
	}
	// Ctrl+Alt+O's folder dialog falls back the same way, to the
	// chooser for a folder.
	sc.key(input.KeyEscape, false, false)
	var s input.Snapshot
	s.Held[input.KeyO], s.Ctrl, s.Alt = 1, true, true
	sc.queue = append(sc.queue, s, input.Snapshot{})
	drain(t, g, sc)
	deadline = time.Now().Add(10 * time.Second)
	for g.dialog.busy() && time.Now().Before(deadline) {
		run(t, g, 1)
		time.Sleep(time.Millisecond)
	}
	run(t, g, 1)
	if c := g.App().Chooser(); !c.Open() || !c.ForFolder() {
		t.Errorf("no chooser for a folder after the folder dialog's program was missing: open %v, for a folder %v", c.Open(), c.ForFolder())
	}
}

// TestWindowChooserFolder: with the window's own chooser (as where no
// dialog program is installed), Ctrl+Alt+O shows it for a folder, on
// the "." row of the folder listed: Enter opens that folder's runs
// table; and in Ctrl+O's chooser, Ctrl+Enter on a subfolder opens its.
func TestWindowChooserFolder(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.log", "b.log", "night/c.log"} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, testrec.Bytes(testFrames/2), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	g, sc := demo(t)
	g.opt.OwnChooser = true
	a := g.App()
	c, rt := a.Chooser(), a.RunsTable()
	ctrlAltO := func() {
		var s input.Snapshot
		s.Held[input.KeyO], s.Ctrl, s.Alt = 1, true, true
		sc.queue = append(sc.queue, s, input.Snapshot{})
		settleChooser(t, g, sc)
	}
	ctrlAltO()
	if r := c.Row(c.List().Cursor()); !c.Open() || !c.ForFolder() || r.Kind != app.EntryThis || r.Path != dir {
		t.Fatalf("Ctrl+Alt+O: chooser open %v for a folder %v, cursor on %q (%v)", c.Open(), c.ForFolder(), r.Name, r.Kind)
	}
	shot(t, g, "chooser-folder")
	sc.key(input.KeyEnter, false, false)
	drain(t, g, sc)
	if c.Open() || !rt.Open() || rt.Folder() != dir {
		t.Fatalf("Enter on .: chooser open %v, runs table open %v of %q; want %s", c.Open(), rt.Open(), rt.Folder(), dir)
	}
	waitFor(t, g, "the runs to be checked", func() bool { return !rt.Checking() })
	if _, n := rt.Progress(); n != 3 {
		t.Errorf("%d runs in %s, want 3", n, dir)
	}
	sc.key(input.KeyEscape, false, false) // hides the table
	sc.key(input.KeyO, false, true)
	settleChooser(t, g, sc)
	if !c.Open() || c.ForFolder() {
		t.Fatalf("Ctrl+O: chooser open %v, for a folder %v", c.Open(), c.ForFolder())
	}
	for i := range c.Len() {
		if c.Row(i).Name == "night" {
			a.Apply(input.ChooserMove(float64(i - c.List().Cursor())))
		}
	}
	sc.key(input.KeyEnter, false, true) // Ctrl+Enter
	drain(t, g, sc)
	if night := filepath.Join(dir, "night"); c.Open() || !rt.Open() || rt.Folder() != night {
		t.Fatalf("Ctrl+Enter on night: chooser open %v, runs table open %v of %q; want %s", c.Open(), rt.Open(), rt.Folder(), night)
	}
	waitFor(t, g, "the runs to be checked", func() bool { return !rt.Checking() })
	if _, n := rt.Progress(); n != 1 {
		t.Errorf("%d runs in night, want 1", n)
	}
}

// TestWindowFolderDialog: Ctrl+Alt+O runs the system's folder dialog
// (zenity's, on Linux) off the game loop, and the folder it answers
// opens as its runs table. The dialog here is a stand-in zenity on PATH
// that answers a folder, as one a user picked, and notes how it was
// asked.
func TestWindowFolderDialog(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the stand-in dialog is a Linux zenity")
	}
	for _, helper := range []string{"qarma"} { // looked for before zenity
		if _, err := exec.LookPath(helper); err == nil {
			t.Skipf("%s is installed: it would be asked instead of the stand-in", helper)
		}
	}
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	for _, name := range []string{"a.log", "b/c.log"} {
		p := filepath.Join(runs, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, testrec.Bytes(testFrames/2), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bin, asked := filepath.Join(dir, "bin"), filepath.Join(dir, "asked")
	script := "#!/bin/sh\necho \"$@\" > " + asked + "\necho " + runs + "\n"
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "zenity"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	g, sc := demo(t)
	var s input.Snapshot
	s.Held[input.KeyO], s.Ctrl, s.Alt = 1, true, true
	sc.queue = append(sc.queue, s, input.Snapshot{})
	drain(t, g, sc)
	waitFor(t, g, "the dialog to answer", func() bool { return !g.dialog.busy() })
	run(t, g, 1)
	args, err := os.ReadFile(asked)
	if err != nil || !strings.Contains(string(args), "--file-selection") || !strings.Contains(string(args), "--directory") {
		t.Fatalf("the dialog was asked %q (%v), want a folder selection", args, err)
	}
	rt := g.App().RunsTable()
	if !rt.Open() || rt.Folder() != runs || g.App().Chooser().Open() {
		t.Fatalf("after the folder dialog: runs table open %v of %q, chooser open %v; want %s", rt.Open(), rt.Folder(), g.App().Chooser().Open(), runs)
	}
	waitFor(t, g, "the runs to be checked", func() bool { return !rt.Checking() })
	if _, n := rt.Progress(); n != 2 {
		t.Errorf("%d runs in %s, want 2", n, runs)
	}
}
