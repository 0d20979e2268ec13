package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// GridStyle configures the metric ground grid. Zero fields take defaults.
type GridStyle struct {
	// Color draws ordinary lines, MajorColor every tenth line.
	Color, MajorColor Color
	// WidthPx is the line width in logical pixels (0: 1).
	WidthPx float64
	// MinSpacingPx is the smallest gap, in logical pixels at the centre,
	// allowed between lines; the spacing is the smallest power of ten
	// metres (1 m to 10 km) that respects it (0: 24).
	MinSpacingPx float64
	// MaxLines caps the lines drawn in each direction (0: 201).
	MaxLines int
	// ScaleColor draws the scale bar and its label; a zero alpha hides
	// the scale bar.
	ScaleColor Color
}

// GridInfo describes the grid that was drawn.
type GridInfo struct {
	// Spacing is the distance between lines in metres.
	Spacing float64
	// PixelsPerMetre is the device-pixel scale at the grid centre.
	PixelsPerMetre float64
	// Label is the scale text, e.g. "10 m".
	Label string
}

// gridSteps are the spacings the grid may use, with their scale labels as
// constants so drawing the scale bar allocates nothing.
var gridSteps = [...]struct {
	metres float64
	label  string
}{{1, "1 m"}, {10, "10 m"}, {100, "100 m"}, {1000, "1 km"}, {10000, "10 km"}}

// Grid draws square grid lines on the horizontal plane through center
// (normally the camera target) on LayerGrid, with a spacing chosen from
// the zoom so lines stay at least MinSpacingPx apart near the centre, and,
// unless hidden, a scale bar one spacing long with its label in the
// bottom-left corner on LayerOverlay.
func (dl *DrawList) Grid(center mgl64.Vec3, st GridStyle) GridInfo {
	v := &dl.view
	s := v.Viewport.DeviceScale()
	ppm := v.PixelsPerMetreAt(center)
	minPx := orDefault(st.MinSpacingPx, 24) * s
	step := gridSteps[len(gridSteps)-1]
	for _, g := range gridSteps {
		if g.metres*ppm >= minPx {
			step = g
			break
		}
	}
	info := GridInfo{Spacing: step.metres, PixelsPerMetre: ppm, Label: step.label}
	maxLines := st.MaxLines
	if maxLines <= 0 {
		maxLines = 201
	}
	b := dl.visibleGround(center, step.metres*float64(maxLines/2))
	hw := orDefault(st.WidthPx, 1) * s / 2
	sp := step.metres
	i0, i1 := math.Ceil(b.Min[0]/sp), math.Floor(b.Max[0]/sp)
	for k := range gridLines(i0, i1, maxLines) {
		i := i0 + float64(k)
		dl.gridLine(mgl64.Vec3{i * sp, b.Min[1], center[2]}, mgl64.Vec3{i * sp, b.Max[1], center[2]}, i, hw, st)
	}
	j0, j1 := math.Ceil(b.Min[1]/sp), math.Floor(b.Max[1]/sp)
	for k := range gridLines(j0, j1, maxLines) {
		j := j0 + float64(k)
		dl.gridLine(mgl64.Vec3{b.Min[0], j * sp, center[2]}, mgl64.Vec3{b.Max[0], j * sp, center[2]}, j, hw, st)
	}
	if st.ScaleColor.A > 0 {
		dl.scaleBar(sp*ppm, step.label, st.ScaleColor)
	}
	return info
}

// gridLines is how many grid lines there are from index i0 to i1, at
// most maxLines+1 (the bound visibleGround keeps to). None when the
// indices are not numbers, or so large that a step of one does not
// change them: a view 10^28 m from the origin (a hostile recording) would
// otherwise loop for ever on i++.
func gridLines(i0, i1 float64, maxLines int) int {
	if !(i1 >= i0) || i0+1 == i0 || i1+1 == i1 {
		return 0
	}
	return int(min(i1-i0+1, float64(maxLines+1)))
}

// gridLine draws one grid line; index i multiple of ten makes it major.
func (dl *DrawList) gridLine(a, b mgl64.Vec3, i, hw float64, st GridStyle) {
	col := st.Color
	if math.Mod(i, 10) == 0 && st.MajorColor.A > 0 {
		col = st.MajorColor
	}
	pts := [2]mgl64.Vec3{a, b}
	dl.begin(LayerGrid)
	dl.polyline3D(pts[:], hw, col)
	dl.end()
}

// visibleGround bounds the part of the plane z = center.Z worth gridding:
// where the viewport's corners and edge midpoints meet the plane, widened
// to radius metres around center when some of them miss it (the horizon
// is on screen), and never beyond that radius.
func (dl *DrawList) visibleGround(center mgl64.Vec3, radius float64) AABB {
	v := &dl.view
	w, h := v.Viewport.Width, v.Viewport.Height
	b := EmptyAABB().Extend(center)
	missed := false
	for _, p := range [8][2]float64{{0, 0}, {w / 2, 0}, {w, 0}, {w, h / 2}, {w, h}, {w / 2, h}, {0, h}, {0, h / 2}} {
		g, ok := v.GroundPoint(p[0], p[1], center[2])
		if !ok {
			missed = true
			continue
		}
		b = b.Extend(g)
	}
	lo := center.Sub(mgl64.Vec3{radius, radius, 0})
	hi := center.Add(mgl64.Vec3{radius, radius, 0})
	if missed {
		b = b.Extend(lo).Extend(hi)
	}
	b.Min[0], b.Min[1] = max(b.Min[0], lo[0]), max(b.Min[1], lo[1])
	b.Max[0], b.Max[1] = min(b.Max[0], hi[0]), min(b.Max[1], hi[1])
	return b
}

// scaleBar draws a bar lengthPx device pixels long with end ticks in the
// bottom-left corner, and its label above it.
func (dl *DrawList) scaleBar(lengthPx float64, label string, col Color) {
	v := &dl.view
	s := v.Viewport.DeviceScale()
	x0, y := 16*s, v.Viewport.Height-16*s
	x1 := x0 + lengthPx
	w := 2.0
	dl.Line2D(LayerOverlay, x0, y, x1, y, w, col)
	dl.Line2D(LayerOverlay, x0, y-5*s, x0, y+1*s, w, col)
	dl.Line2D(LayerOverlay, x1, y-5*s, x1, y+1*s, w, col)
	dl.AddLabel(Label{X: (x0 + x1) / 2, Y: y - 4*s, Text: label, Color: col, Priority: math.MaxInt32})
}
