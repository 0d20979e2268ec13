package ui

import (
	"strings"
	"testing"

	"github.com/mm2carla/viewer/ui/input"
)

// helpItem is one text of the help's layer as drawn.
type helpItem struct {
	s          string
	x0, y0, x1 float64
	y1         float64
}

// helpItems returns the texts the last frame drew on the help's layer.
func helpItems(g *Game) []helpItem {
	var out []helpItem
	for _, ti := range g.ov.layers[1].texts {
		s := ti.s
		if ti.rs != nil {
			s = string(g.ov.arena[ti.a:ti.b])
		}
		out = append(out, helpItem{s, ti.x, ti.y, ti.x + ti.w, ti.y + faceH(ti.face)})
	}
	return out
}

// TestWindowSmallHelpReadable: at 960x600 every line of the help can be
// read whole: no text is cut short with "…", none runs out of the window
// or over another, and scrolling down (Down, then End) shows every
// binding's keys and every word of its action. The help used to cut a
// third of the actions at this size.
func TestWindowSmallHelpReadable(t *testing.T) {
	for _, size := range [][2]int{{960, 600}, {800, 500}, {1400, 900}, {1280, 720}, {560, 420}} {
		g, sc := demo(t)
		g.opt.About = "viewer 1.2.3 (0123456789ab) · Go 1.26.8 · Ebitengine v2.10.4" // as the binary's help ends
		g.Layout(size[0], size[1])
		w, h := float64(size[0]), float64(size[1])
		sc.key(input.KeyH, false, false)
		drain(t, g, sc)
		if !g.App().Help() {
			t.Fatal("H did not open the help")
		}
		seen := map[string]bool{}
		look := func() {
			items := helpItems(g)
			for i, it := range items {
				seen[it.s] = true
				if strings.Contains(it.s, "…") {
					t.Errorf("%dx%d: the help cuts %q", size[0], size[1], it.s)
				}
				if it.x0 < 0 || it.x1 > w || it.y0 < 0 || it.y1 > h {
					t.Errorf("%dx%d: %q at %.0f,%.0f..%.0f,%.0f is out of the window", size[0], size[1], it.s, it.x0, it.y0, it.x1, it.y1)
				}
				for _, o := range items[:i] {
					if it.x0 < o.x1-0.5 && o.x0 < it.x1-0.5 && it.y0 < o.y1-0.5 && o.y0 < it.y1-0.5 {
						t.Errorf("%dx%d: %q overlaps %q", size[0], size[1], it.s, o.s)
					}
				}
			}
		}
		look()
		for range 60 { // Down walks it a line at a time, to the end
			top := g.App().HelpTop()
			sc.key(input.KeyDown, false, false)
			drain(t, g, sc)
			look()
			if g.App().HelpTop() == top {
				break
			}
		}
		scrolled := g.App().HelpTop()
		sc.key(input.KeyEnd, false, false)
		drain(t, g, sc)
		look()
		if g.App().HelpTop() != scrolled {
			t.Errorf("%dx%d: End scrolled to line %d, Down stopped at %d", size[0], size[1], g.App().HelpTop(), scrolled)
		}
		fits := size[1] >= 720 // the help fits whole (1280x720 scrolled a line for half a line's gap)
		if !fits && scrolled == 0 {
			t.Errorf("%dx%d: the help did not scroll", size[0], size[1])
		}
		if fits && scrolled != 0 {
			t.Errorf("%dx%d: the help scrolled %d lines in a window it fits", size[0], size[1], scrolled)
		}
		words := map[string]bool{}
		for s := range seen {
			for _, f := range strings.Fields(s) {
				words[f] = true
			}
		}
		for _, b := range input.Bindings() {
			if !seen[b.Keys] {
				t.Errorf("%dx%d: the help never shows the keys %q", size[0], size[1], b.Keys)
			}
			for _, f := range strings.Fields(b.Action) {
				if !words[f] {
					t.Errorf("%dx%d: the help never shows %q of %q", size[0], size[1], f, b.Action)
				}
			}
		}
		// Home goes back to the top; Esc closes it and a new help starts
		// at the top again.
		sc.key(input.KeyHome, false, false)
		drain(t, g, sc)
		if top := g.App().HelpTop(); top != 0 {
			t.Errorf("%dx%d: Home left the help at line %d", size[0], size[1], top)
		}
		// Laid out once for the size: a frame of it allocates nothing.
		if n := testing.AllocsPerRun(20, g.step); n != 0 {
			t.Errorf("%dx%d: a frame with the help allocates %v times", size[0], size[1], n)
		}
	}
}
