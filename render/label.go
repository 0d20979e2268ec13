package render

import (
	"cmp"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Rect is a screen rectangle in device pixels, Min inclusive.
type Rect struct{ MinX, MinY, MaxX, MaxY float64 }

// Overlaps reports whether r and s share any area.
func (r Rect) Overlaps(s Rect) bool {
	return r.MinX < s.MaxX && s.MinX < r.MaxX && r.MinY < s.MaxY && s.MinY < r.MaxY
}

// Label is a text label anchored at a screen point. The caller fills the
// first group of fields; placement (DrawList.Finish) fills the rest.
type Label struct {
	// X, Y is the anchor in device pixels (e.g. the projected actor).
	X, Y float64
	Text string
	// Color is the text colour; Background, when its alpha is not zero,
	// fills the label's box behind the text for readability.
	Color, Background Color
	// Priority orders placement: higher first. Among equal priorities the
	// nearer label (smaller Depth) wins, then the one added first.
	Priority int32
	Depth    float64
	// Reserve makes the label a hole in the placement rather than text:
	// Box (given, not placed) is kept free of every other label, as a
	// panel drawn over the view (the legend) keeps its whole rectangle,
	// gaps between its texts included. It is never drawn.
	Reserve bool

	// Placed is true when the label found a free spot on screen; backends
	// draw only placed labels.
	Placed bool
	// Box is the placed label's rectangle, padding included.
	Box Rect
	// TextX, Baseline is the text origin: the left end of its baseline
	// (font.Drawer's Dot). TextTop = Baseline - ascent is the top of the
	// line box, for text APIs that position by the top-left corner.
	TextX, Baseline, TextTop float64
}

// AddLabel adds a screen-space label (anchor already in device pixels).
func (dl *DrawList) AddLabel(l Label) {
	dl.labels = append(dl.labels, l)
}

// Label3D adds a label anchored at the world point p; it reports false and
// adds nothing when p is behind the near plane or off screen. The anchor
// and Depth of l are overwritten.
func (dl *DrawList) Label3D(p mgl64.Vec3, l Label) bool {
	x, y, d, ok := dl.view.WorldToScreen(p)
	if !ok || !dl.view.Viewport.RectVisible(x, y, x, y) {
		return false
	}
	l.X, l.Y, l.Depth = x, y, d
	dl.AddLabel(l)
	return true
}

// labelPlacer is the greedy screen-space placer: labels are taken by
// priority; each tries the four spots diagonal to its anchor (upper right,
// the cartographers' first choice, then upper left, lower right, lower
// left: spots that never overlap one another) and takes the first that is
// fully on screen and overlaps no label placed before it. A screenGrid
// keeps the overlap test near constant time. All buffers are reused
// between frames.
type labelPlacer struct {
	order []int32
	grid  screenGrid
}

// PlaceLabels runs the greedy placement on labels for the viewport vp,
// measuring text with m. It is what DrawList.Finish uses; it is exported
// as a function so an Ebitengine text layer can place labels it gathered
// itself with the same rules.
func PlaceLabels(labels []Label, m TextMeasurer, vp Viewport) {
	var p labelPlacer
	p.place(labels, m, vp)
}

func (p *labelPlacer) place(labels []Label, m TextMeasurer, vp Viewport) {
	for i := range labels {
		labels[i].Placed = false
	}
	if m == nil || len(labels) == 0 {
		return
	}
	p.grid.reset(vp)
	p.order = p.order[:0]
	for i := range labels {
		if labels[i].Reserve {
			p.insert(int32(i), labels[i].Box)
			continue
		}
		p.order = append(p.order, int32(i))
	}
	slices.SortFunc(p.order, func(a, b int32) int {
		la, lb := &labels[a], &labels[b]
		if c := cmp.Compare(lb.Priority, la.Priority); c != 0 {
			return c
		}
		if c := cmp.Compare(la.Depth, lb.Depth); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	s := vp.DeviceScale()
	pad, gap := 2*s, 3*s
	ascent, descent := m.LineMetrics()
	h := ascent + descent + 2*pad
	screen := Rect{0, 0, vp.Width, vp.Height}
	for _, i := range p.order {
		l := &labels[i]
		if l.Text == "" {
			continue
		}
		w := m.MeasureString(l.Text) + 2*pad
		cands := [4]Rect{
			{l.X + gap, l.Y - gap - h, l.X + gap + w, l.Y - gap}, // upper right
			{l.X - gap - w, l.Y - gap - h, l.X - gap, l.Y - gap}, // upper left
			{l.X + gap, l.Y + gap, l.X + gap + w, l.Y + gap + h}, // lower right
			{l.X - gap - w, l.Y + gap, l.X - gap, l.Y + gap + h}, // lower left
		}
		for _, r := range cands {
			if !contains(screen, r) || p.collides(labels, r) {
				continue
			}
			l.Placed, l.Box = true, r
			l.TextX, l.TextTop = r.MinX+pad, r.MinY+pad
			l.Baseline = l.TextTop + ascent
			p.insert(i, r)
			break
		}
	}
}

func contains(outer, r Rect) bool {
	return r.MinX >= outer.MinX && r.MinY >= outer.MinY && r.MaxX <= outer.MaxX && r.MaxY <= outer.MaxY
}

func (p *labelPlacer) collides(labels []Label, r Rect) bool {
	c0, r0, c1, r1 := p.grid.span(r)
	for y := r0; y <= r1; y++ {
		for x := c0; x <= c1; x++ {
			for _, j := range *p.grid.at(x, y) {
				if labels[j].Box.Overlaps(r) {
					return true
				}
			}
		}
	}
	return false
}

func (p *labelPlacer) insert(i int32, r Rect) {
	c0, r0, c1, r1 := p.grid.span(r)
	for y := r0; y <= r1; y++ {
		for x := c0; x <= c1; x++ {
			c := p.grid.at(x, y)
			*c = append(*c, i)
		}
	}
}
