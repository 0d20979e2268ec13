package lanes

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// The pass's tracks and velocities.

// isTeleport is StateAt's rule for a move not to count as motion, on
// the squared length of the step (no square root a vehicle a frame).
func isTeleport(step2, dt float64) bool {
	const d2 = scene.TeleportDistance * scene.TeleportDistance
	return step2 > d2 && (dt <= 0 || step2 > scene.TeleportSpeed*scene.TeleportSpeed*dt*dt)
}

// start begins a track for a vehicle first seen in frame f.
func (p *pass) start(ps *scene.Mover, f int) follow {
	box := ps.Box()
	ext := box.Extent
	hint := max(p.life[scene.LifeKey{ID: ps.ID, Spawn: ps.SpawnFrame}]-(f-ps.SpawnFrame), 1)
	p.a.Tracks = append(p.a.Tracks, Track{ID: ps.ID, Blueprint: ps.Blueprint(), Kind: ps.Kind(),
		Length: 2 * ext[0], Width: 2 * ext[1], Ahead: box.Center[0], First: f, s: p.store.take(hint)})
	p.tracks = append(p.tracks, trackFill{})
	i := int32(len(p.a.Tracks) - 1)
	p.a.byID[ps.ID] = append(p.a.byID[ps.ID], i)
	return follow{id: ps.ID, track: i, spawn: ps.SpawnFrame, seen: f, cur: ps.Location, yaw: ps.Yaw}
}

// step moves a followed vehicle on to frame f, which gives the sample of
// the frame before its velocity.
func (p *pass) step(fl *follow, ps *scene.Mover, f int) {
	q := ps.Location
	d := q.Sub(fl.cur)
	dt := p.times[f] - p.times[fl.seen]
	var vel mgl64.Vec3
	if dt > 0 && !isTeleport(d.Dot(d), dt) {
		vel = d.Mul(1 / dt)
	} else {
		vel = p.backward(fl)
	}
	p.emit(fl, vel)
	fl.prevOK, fl.lastStep = true, d
	fl.cur, fl.yaw, fl.seen = q, ps.Yaw, f
}

// backward is the velocity of a followed vehicle's last sample from the
// frame before it; zero when there is none or the move was a teleport.
func (p *pass) backward(fl *follow) mgl64.Vec3 {
	if !fl.prevOK || fl.seen == 0 {
		return mgl64.Vec3{}
	}
	dt := p.times[fl.seen] - p.times[fl.seen-1]
	if dt > 0 && !isTeleport(fl.lastStep.Dot(fl.lastStep), dt) {
		return fl.lastStep.Mul(1 / dt)
	}
	return mgl64.Vec3{}
}

// finish writes the last sample of a vehicle that is gone.
func (p *pass) finish(fl *follow) { p.emit(fl, p.backward(fl)) }

// emit writes a vehicle's sample at frame fl.seen into the chunk.
func (p *pass) emit(fl *follow, vel mgl64.Vec3) {
	tf := &p.tracks[fl.track]
	if int(tf.n) == len(p.a.Tracks[fl.track].s) {
		p.grow(fl.track)
	}
	c := p.cur
	c.in = append(c.in, entry{rawSample(fl.cur, vel, fl.yaw), p.slotOf(fl.track), tf.n})
	tf.n++
}
