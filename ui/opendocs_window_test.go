package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/ui/loader"
)

// demoGame is the window as a launch without files opens it: the
// built-in demo, playing; ready for the first tick.
func demoGame(t *testing.T) *Game {
	t.Helper()
	m, l, err := assets.Demo()
	if err != nil {
		t.Fatal(err)
	}
	g, err := NewGame(Options{AutoPlay: true, Input: &script{}, Sources: []loader.Source{
		loader.BytesSource("demo-city.bai", m), loader.BytesSource("demo-traffic.log", l)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	g.Layout(testW, testH)
	return g
}

// runLoaded ticks until nothing loads.
func runLoaded(t *testing.T, g *Game) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for run(t, g, 1); g.app.LoadsRunning(); run(t, g, 1) {
		if time.Now().After(deadline) {
			t.Fatal("files did not load")
		}
		time.Sleep(time.Millisecond)
	}
}

// TestLaunchDocumentsReplaceTheDemo: Finder starts the viewer without
// arguments (so the demo is chosen) and sends the double-clicked map
// before the first frame: the window shows that map alone, not the
// demo's traffic over it. Without a document the demo opens as before.
func TestLaunchDocumentsReplaceTheDemo(t *testing.T) {
	m, _, err := assets.Demo()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mine.bai")
	if err := os.WriteFile(path, m, 0o644); err != nil {
		t.Fatal(err)
	}
	g := demoGame(t)
	g.docs.Add([]string{path}) // AppKit's launch, before RunGame's first tick
	runLoaded(t, g)
	if g.app.Map() == nil || g.app.Recording() != nil {
		t.Errorf("map %v, recording %v: want the sent map alone", g.app.Map() != nil, g.app.Recording() != nil)
	}
	if title := g.app.Title(); !strings.Contains(title, "mine.bai") || strings.Contains(title, "demo") {
		t.Errorf("title %q, want the sent map's and no demo", title)
	}

	g = demoGame(t)
	runLoaded(t, g)
	if g.app.Map() == nil || g.app.Recording() == nil {
		t.Errorf("no document: map %v, recording %v, want the demo's two", g.app.Map() != nil, g.app.Recording() != nil)
	}
}
