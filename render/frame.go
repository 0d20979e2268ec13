package render

import "math"

// "Frame all": fit a bounding box (the map plus its actors) in the
// viewport, keeping the camera's orientation.

// frameMargin leaves a little air around framed content.
const frameMargin = 1.05

// FrameAll centres the orbit camera on b and sets the distance so that the
// box's bounding sphere fits inside the narrower of the two fields of
// view; every corner of b then projects inside the viewport whatever the
// yaw and pitch. An empty or non-finite box leaves the camera unchanged.
func (c *OrbitCamera) FrameAll(b AABB, vp Viewport) {
	if b.IsEmpty() || !Finite(b.Min) || !Finite(b.Max) {
		return
	}
	r := b.Max.Sub(b.Min).Len() / 2
	hy := orDefault(c.FovY, DefaultFovY) / 2
	hx := math.Atan(math.Tan(hy) * vp.Aspect())
	d := max(r, 1e-3) / math.Sin(min(hx, hy)) * frameMargin
	c.Target = b.Center()
	c.Distance = min(max(d, orDefault(c.MinDistance, DefaultMinDistance)), orDefault(c.MaxDistance, DefaultMaxDistance))
}

// FrameAll centres the top-down camera on b and picks the largest scale at
// which b's horizontal extent fits in the viewport. The eye is raised, if
// needed, so nothing in b is above it. An empty or non-finite box, or an
// unusable viewport, leaves the camera unchanged.
func (c *TopDownCamera) FrameAll(b AABB, vp Viewport) {
	c.FrameIn(b, vp, Rect{0, 0, vp.Width, vp.Height})
}

// FrameIn is FrameAll fitting b into area, a rectangle of the viewport in
// device pixels (the part a panel leaves free), instead of the whole
// viewport. An empty area leaves the camera unchanged.
func (c *TopDownCamera) FrameIn(b AABB, vp Viewport, area Rect) {
	aw, ah := area.MaxX-area.MinX, area.MaxY-area.MinY
	if b.IsEmpty() || !Finite(b.Min) || !Finite(b.Max) || !vp.Usable() || !(aw > 0 && ah > 0) || !finite(aw+ah) {
		return
	}
	c.Center = b.Center()
	c.Height = max(orDefault(c.Height, DefaultTopDownHeight), (b.Max[2]-c.Center[2])+100)
	w, h := b.Max[0]-b.Min[0], b.Max[1]-b.Min[1]
	s := vp.DeviceScale()
	fit := math.Inf(1)
	if w > 0 {
		fit = aw / w
	}
	if h > 0 {
		fit = min(fit, ah/h)
	}
	if !math.IsInf(fit, 1) && fit > 0 {
		c.PixelsPerMetre = min(max(fit/s/frameMargin, MinPixelsPerMetre), MaxPixelsPerMetre)
	}
	// Put b's centre at the area's centre: +X is right, +Y up the screen.
	ppd := c.ppm() * s
	c.Center[0] -= ((area.MinX+area.MaxX)/2 - vp.Width/2) / ppd
	c.Center[1] += ((area.MinY+area.MaxY)/2 - vp.Height/2) / ppd
}
