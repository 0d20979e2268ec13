package scenedraw

import (
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// FlashDuration is how long, in seconds of replay time, a collision's
// flash lasts. A recording marks a collision in one frame (50 ms at
// 20 Hz), too short to see while playing, so the flash keeps expanding
// and fading for this long after it, following the two actors. With
// Options.Events the collisions come from the recording's timeline, so a
// frame depends on its time alone (a snapshot 0.4 s after a collision
// shows it 0.4 s old); without, the Renderer remembers the collisions of
// the frames it drew.
const FlashDuration = 1.2

// maxFlashLookback bounds the events examined backwards from the current
// frame, so a burst of events cannot make a frame slow.
const maxFlashLookback = 4096

// maxFlashes bounds the remembered collisions.
const maxFlashes = 64

// flash is one remembered collision: the pair and when it was first seen.
type flash struct {
	a, b  uint32
	start float64
}

// flashes is the Renderer's short memory of collisions.
type flashes struct{ list []flash }

// update forgets flashes that are over or that start after now (the
// replay went back) and adds the current frame's collisions. Only the
// time passed decides, never a clock: a snapshot of a collision's frame
// always shows the flash at its start.
func (f *flashes) update(st *scene.State, now float64) {
	n := 0
	for _, x := range f.list {
		if age := now - x.start; age >= 0 && age <= FlashDuration {
			f.list[n] = x
			n++
		}
	}
	f.list = f.list[:n]
	if st == nil {
		return
	}
	for _, c := range st.Collisions {
		a, b := min(c.Actor1, c.Actor2), max(c.Actor1, c.Actor2)
		if f.has(a, b) || len(f.list) >= maxFlashes {
			continue
		}
		f.list = append(f.list, flash{a, b, now})
	}
}

// fromEvents replaces the list with the collisions of events (a
// recording's timeline, in frame order) that began in frame frame or up
// to FlashDuration before now.
func (f *flashes) fromEvents(events []scene.Event, frame int, now float64) {
	f.list = f.list[:0]
	end := sort.Search(len(events), func(i int) bool { return events[i].Frame > frame })
	for i := end - 1; i >= 0 && i >= end-maxFlashLookback; i-- {
		e := &events[i]
		if now-e.Time > FlashDuration {
			break
		}
		if e.Kind != scene.EventCollision || e.Time > now {
			continue
		}
		a, b := min(e.Actor, e.Other), max(e.Actor, e.Other)
		if f.has(a, b) || len(f.list) >= maxFlashes {
			continue
		}
		f.list = append(f.list, flash{a, b, e.Time})
	}
}

func (f *flashes) has(a, b uint32) bool {
	for _, x := range f.list {
		if x.a == a && x.b == b {
			return true
		}
	}
	return false
}

// drawCollisions draws each remembered collision as a star at the
// midpoint of the two actors: it expands and fades over FlashDuration.
// Its screen size has a floor so that a collision is seen from afar.
func (r *Renderer) drawCollisions(dl *render.DrawList, v *render.View, st *scene.State, opt Options) {
	now := opt.Time
	if math.IsNaN(now) || math.IsInf(now, 0) {
		now = st.Time
	}
	if opt.Events != nil {
		r.flashes.fromEvents(opt.Events, st.Frame, now)
	} else {
		r.flashes.update(st, now)
	}
	for _, f := range r.flashes.list {
		p, ok := collisionPoint(st, recorder.Collision{Actor1: f.a, Actor2: f.b})
		if !ok {
			continue
		}
		x, y, _, vis := v.WorldToScreen(p)
		if !vis {
			continue
		}
		phase := min(max((now-f.start)/FlashDuration, 0), 1)
		s := v.Viewport.DeviceScale()
		rad := max(14*s, 2.5*v.PixelsPerMetreAt(p)) * (0.6 + 1.2*phase)
		alpha := float32(1 - 0.85*phase)
		if !v.Viewport.RectVisible(x-rad, y-rad, x+rad, y+rad) {
			continue
		}
		r.seen.on(legendFlash)
		r.star(dl, x, y, rad, colFlash.WithAlpha(alpha), colFlash2.WithAlpha(alpha))
	}
}

// collisionPoint is the midpoint of the two actors' box centres; one
// actor alone when the other is unknown (CARLA records collisions with
// the static world as id 0).
func collisionPoint(st *scene.State, c recorder.Collision) (mgl64.Vec3, bool) {
	a, b := st.Actor(c.Actor1), st.Actor(c.Actor2)
	switch {
	case a != nil && b != nil:
		pa, pb := poseOf(a), poseOf(b)
		return render.Lerp(pa.center, pb.center, 0.5), true
	case a != nil:
		return poseOf(a).center, true
	case b != nil:
		return poseOf(b).center, true
	}
	return mgl64.Vec3{}, false
}

// star draws a ring with eight rays around (x, y).
func (r *Renderer) star(dl *render.DrawList, x, y, rad float64, ring, rays render.Color) {
	const n = 24
	r.xy = r.xy[:0]
	for i := range n + 1 {
		s, c := math.Sincos(2 * math.Pi * float64(i) / n)
		r.xy = append(r.xy, x+c*rad, y+s*rad)
	}
	dl.Polyline2D(render.LayerOverlay, r.xy, 3, ring)
	for i := range 8 {
		s, c := math.Sincos(2*math.Pi*float64(i)/8 + math.Pi/8)
		in, out := rad*0.35, rad*(0.8+0.25*float64(i%2))
		dl.Line2D(render.LayerOverlay, x+c*in, y+s*in, x+c*out, y+s*out, 2.5, rays)
	}
}
