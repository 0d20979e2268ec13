package ui

import (
	"testing"

	"github.com/mm2carla/viewer/ui/input"
)

// helpTexts opens the help in a game made with opt and returns the help
// layer's texts with their heights on screen.
func helpTexts(t *testing.T, opt Options) map[string]float64 {
	t.Helper()
	sc := &script{}
	opt.Input = sc
	g, err := NewGame(opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(g.Close)
	g.Layout(testW, testH)
	sc.key(input.KeyH, false, false)
	drain(t, g, sc)
	if !g.App().Help() {
		t.Fatal("H did not open the help")
	}
	texts := map[string]float64{}
	for _, ti := range g.ov.layers[1].texts {
		s := ti.s
		if ti.rs != nil {
			s = string(g.ov.arena[ti.a:ti.b])
		}
		texts[s] = ti.y
	}
	return texts
}

// TestWindowHelpShowsAbout: the help's last line is the version the
// binary was given, below every other line of the help; without one the
// help has no such line.
func TestWindowHelpShowsAbout(t *testing.T) {
	const about = "viewer 9.8.7 (0123456789ab) · Go 1.26.8 · Ebitengine v2.10.4"
	texts := helpTexts(t, Options{About: about})
	y, ok := texts[about]
	if !ok {
		t.Fatalf("the help does not show %q; it shows %d lines", about, len(texts))
	}
	for s, ys := range texts {
		if s != about && ys >= y {
			t.Errorf("%q at y %.0f is not above the about line at %.0f", s, ys, y)
		}
	}
	if _, ok := helpTexts(t, Options{})[about]; ok {
		t.Error("the help shows an about line it was not given")
	}
}
