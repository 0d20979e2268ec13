package ui

import (
	"strings"
	"testing"

	"github.com/mm2carla/viewer/ui/input"
)

// TestWindowSmallThresholdsAbout: at 960x600 the thresholds panel says
// under its rows what the cursor's row limits, whole and inside the
// view, for the rule profile and every threshold (the panel showed only
// the flags' names, such as "collision-merge").
func TestWindowSmallThresholdsAbout(t *testing.T) {
	g, sc := demo(t)
	g.Layout(960, 600)
	a := g.App()
	sc.key(input.KeyK, true, false)
	drain(t, g, sc)
	if !a.ThresholdList().Open() {
		t.Fatal("Shift+K did not open the thresholds panel")
	}
	seen := map[string]bool{}
	for row := range a.ThresholdList().Len() {
		run(t, g, 1)
		lb := &g.pan.list
		about := strings.Join(lb.detailLines, " ")
		if about != a.ThresholdAbout() || about == "" {
			t.Errorf("row %d: the panel says %q, the app %q", row, about, a.ThresholdAbout())
		}
		if seen[about] {
			t.Errorf("row %d says what another says: %q", row, about)
		}
		seen[about] = true
		if lb.r.y1 > g.lay.view.y1 {
			t.Errorf("row %d: the panel %+v runs under the view's bottom %v", row, lb.r, g.lay.view.y1)
		}
		d := lb.detail
		n := 0
		for _, ti := range g.ov.layers[0].texts {
			if ti.rs == nil || ti.y < d.y0-1 || ti.y > d.y1 || ti.x < d.x0-1 || ti.x > d.x1 {
				continue
			}
			n++
			if s := string(g.ov.arena[ti.a:ti.b]); strings.Contains(s, "…") || ti.x+ti.w > lb.r.x1 {
				t.Errorf("row %d: %q is cut or leaves the panel", row, s)
			}
		}
		if n != len(lb.detailLines) {
			t.Errorf("row %d: %d lines drawn under the rows, want %d", row, n, len(lb.detailLines))
		}
		sc.key(input.KeyDown, false, false)
		drain(t, g, sc)
	}
	// A short window keeps the panel in the view, the lines as fit.
	g.Layout(960, 420)
	run(t, g, 2)
	if lb := &g.pan.list; lb.r.y1 > g.lay.view.y1 {
		t.Errorf("960x420: the panel %+v runs under the view's bottom %v", lb.r, g.lay.view.y1)
	}
}
