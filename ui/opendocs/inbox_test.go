package opendocs

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// names lists the sources' paths, for comparing what was opened.
func names(srcs []loader.Source) string {
	var ps []string
	for _, s := range srcs {
		ps = append(ps, s.Path)
	}
	return strings.Join(ps, ",")
}

// TestQueuedBeforeTheFirstFrame: events that arrive on other threads
// before the game loop's first tick wait, and the first Deliver hands
// each over as one call, in order, with its files in order; the loop is
// woken once per event; a second Deliver has nothing left.
func TestQueuedBeforeTheFirstFrame(t *testing.T) {
	var mu sync.Mutex
	wakes := 0
	in := NewInbox(func() { mu.Lock(); wakes++; mu.Unlock() })
	var wg sync.WaitGroup
	for _, ev := range [][]string{{"/a/run.log"}, {"/b/city.bai", "", "/b/town.xodr"}} {
		wg.Add(1)
		go func() { defer wg.Done(); in.Add(ev) }()
		wg.Wait() // one after the other, as AppKit sends them
	}
	in.Add(nil)          // an event without files
	in.Add([]string{""}) // or with only empty names
	var got []string
	n := in.Deliver(func(srcs []loader.Source) { got = append(got, names(srcs)) })
	want := []string{"/a/run.log", "/b/city.bai,/b/town.xodr"}
	if n != 2 || strings.Join(got, ";") != strings.Join(want, ";") {
		t.Errorf("delivered %d: %q, want %q", n, got, want)
	}
	if wakes != 2 {
		t.Errorf("woke the loop %d times, want 2", wakes)
	}
	if n := in.Deliver(func([]loader.Source) { t.Error("delivered twice") }); n != 0 {
		t.Errorf("second Deliver: %d", n)
	}
	srcs := []loader.Source{}
	in.Add([]string{"/c/x.log"})
	in.Deliver(func(s []loader.Source) { srcs = s })
	if len(srcs) != 1 || srcs[0].Name != "x.log" || srcs[0].Path != "/c/x.log" {
		t.Errorf("sources %+v, want the file x.log at its path", srcs)
	}
}

// TestAddWhileDelivering: events from another thread while the loop
// delivers are neither lost nor delivered twice.
func TestAddWhileDelivering(t *testing.T) {
	in := NewInbox(nil)
	const events = 500
	done := make(chan struct{})
	go func() {
		for i := range events {
			in.Add([]string{filepath.Join("/r", string(rune('a'+i%26)))})
		}
		close(done)
	}()
	total := 0
	count := func(srcs []loader.Source) { total += len(srcs) }
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
		}
		in.Deliver(count)
	}
	in.Deliver(count)
	if total != events {
		t.Errorf("delivered %d files, want %d", total, events)
	}
}

// files writes a CARLA-format recording, a second one and a map into a
// folder and returns their paths.
func files(t *testing.T) (rec, rec2, mapPath string) {
	t.Helper()
	dir := t.TempDir()
	m, err := citygen.Generate(citygen.Default())
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := bai.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"run.log": testrec.Bytes(20), "run2.log": testrec.Bytes(30), "city.bai": b.Bytes()} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "run.log"), filepath.Join(dir, "run2.log"), filepath.Join(dir, "city.bai")
}

// settle ticks the app until its loads have finished.
func settle(t *testing.T, a *app.App) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for a.LoadsRunning() {
		if time.Now().After(deadline) {
			t.Fatal("loads did not finish")
		}
		time.Sleep(time.Millisecond)
		a.Tick()
	}
	a.Tick()
}

// errorsOf are the app's error notices.
func errorsOf(a *app.App) []string {
	var out []string
	for _, n := range a.Notices() {
		if n.Level == app.Error {
			out = append(out, n.Text)
		}
	}
	return out
}

// TestDeliverOpensInTheWindow runs events through the window's own
// opening (app.OpenFiles), as Update does: a recording and a map
// together open both; two recordings at once are compared; a missing
// file is an error notice naming it while the other file still opens.
func TestDeliverOpensInTheWindow(t *testing.T) {
	rec, rec2, mapPath := files(t)
	missing := filepath.Join(filepath.Dir(rec), "gone.bai")
	cases := []struct {
		name    string
		events  [][]string
		check   func(a *app.App) string
		wantErr string
	}{
		{"a recording and a map", [][]string{{rec, mapPath}}, func(a *app.App) string {
			if a.Recording() == nil || a.Map() == nil || a.Comparing() {
				return "want the recording and the map open, not comparing"
			}
			return ""
		}, ""},
		{"two recordings at once", [][]string{{rec, rec2}}, func(a *app.App) string {
			if !a.Comparing() || a.Recording() == nil || a.CompareRecording() == nil {
				return "want the two recordings compared"
			}
			return ""
		}, ""},
		{"two events before the first frame", [][]string{{mapPath}, {rec}}, func(a *app.App) string {
			if a.Recording() == nil || a.Map() == nil || a.Comparing() {
				return "want the map of the first event and the recording of the second open"
			}
			return ""
		}, ""},
		{"a missing file beside a map", [][]string{{missing, mapPath}}, func(a *app.App) string {
			if a.Map() == nil || a.Recording() != nil {
				return "want the map open and no recording"
			}
			return ""
		}, "gone.bai"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := app.New(settings.Settings{}, nil)
			in := NewInbox(nil)
			for _, ev := range c.events {
				in.Add(ev)
			}
			in.Deliver(a.OpenFiles)
			settle(t, a)
			if msg := c.check(a); msg != "" {
				t.Error(msg)
			}
			errs := errorsOf(a)
			switch {
			case c.wantErr == "" && len(errs) > 0:
				t.Errorf("error notices %q", errs)
			case c.wantErr != "" && (len(errs) != 1 || !strings.Contains(errs[0], c.wantErr)):
				t.Errorf("error notices %q, want one naming %s", errs, c.wantErr)
			}
		})
	}
}
