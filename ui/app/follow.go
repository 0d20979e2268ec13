package app

import (
	"math"
	"slices"

	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// Following an actor. In the perspective view the chase camera
// (chaseRig, render.ChaseCamera) rides behind and above the actor like
// CARLA's follow mode, smoothed and advanced once a tick; a seek cuts to
// the new place instead of flying there. In the top-down view the actor
// stays in the middle. Stopping (Esc, C, F, a right drag) leaves the orbit
// camera showing what the chase showed.

// followPPM is the top-down scale following comes at least as close as,
// so the actor is more than a dot.
const followPPM = 6.0 // logical pixels per metre

// Followable reports whether Tab cycles through actors of kind k.
func Followable(k scene.Kind) bool { return k.IsVehicle() || k == scene.KindWalker }

// FollowOrder returns the actors Tab cycles through: the hero first, then
// the other vehicles, then the walkers, each by id. It appends to dst.
func FollowOrder(st *scene.State, dst []uint32) []uint32 {
	if st == nil {
		return dst
	}
	if h := st.Hero(); h != nil && Followable(h.Kind) {
		dst = append(dst, h.ID)
	}
	for pass := range 2 {
		for i := range st.Actors {
			act := &st.Actors[i]
			if act.Hero || !Followable(act.Kind) || (pass == 0) != act.Kind.IsVehicle() {
				continue
			}
			dst = append(dst, act.ID)
		}
	}
	return dst
}

// cycleFollow follows the next (dir 1) or previous (dir -1) actor in
// FollowOrder and selects it.
func (a *App) cycleFollow(dir int) {
	a.cam.followList = FollowOrder(a.State(), a.cam.followList[:0])
	n := len(a.cam.followList)
	if n == 0 {
		a.notify(Info, "no vehicle or walker to follow")
		return
	}
	cur := a.cam.follow
	if cur == 0 {
		cur = a.sel.actor
	}
	i := slices.Index(a.cam.followList, cur)
	switch {
	case i < 0 && dir > 0:
		i = 0
	case i < 0:
		i = n - 1
	default:
		i = (i + dir + n) % n
	}
	a.startFollow(a.cam.followList[i])
	a.sel.selectActor(a.cam.follow)
}

// toggleFollowSelected follows the selected actor, or stops following.
func (a *App) toggleFollowSelected() {
	switch {
	case a.cam.follow != 0:
		a.cam.stopFollowing()
	case a.sel.actor != 0:
		a.startFollow(a.sel.actor)
	default:
		a.notify(Info, "select an actor first (click it, or Tab)")
	}
}

// startFollow points the camera at actor id (see camera.startFollowing).
func (a *App) startFollow(id uint32) {
	var act *scene.Actor
	if st := a.State(); st != nil {
		act = st.Actor(id)
	}
	a.cam.startFollowing(id, act, a.rp.stateTime)
}

// startFollowing follows actor id, act where it is now (nil: not there,
// or no state yet), at replay time now: the chase cuts to its place
// behind it. Starting afresh puts the chase at its default place; going
// on to another actor keeps how the user turned and zoomed it.
func (c *camera) startFollowing(id uint32, act *scene.Actor, now float64) {
	fresh := c.follow == 0
	c.follow = id
	if fresh {
		c.top.PixelsPerMetre = max(c.top.PixelsPerMetre, followPPM)
	}
	if act != nil {
		pos, yaw := scenedraw.ChaseTarget(act)
		c.startChase(pos, yaw, fresh)
		c.followTime = now
	}
}

// stopFollowing stops following; the orbit camera takes over the
// chase's view.
func (c *camera) stopFollowing() {
	c.follow = 0
	c.stopChase()
}

// updateFollow moves the following camera by one tick toward the actor,
// or cuts to it when the replay time jumped (a seek, a frame step, a
// loop). An actor that is not there now (not yet spawned, or destroyed)
// leaves the camera where it is.
func (a *App) updateFollow() {
	if a.cam.follow == 0 {
		return
	}
	st := a.State()
	if st == nil {
		return
	}
	act := st.Actor(a.cam.follow)
	if main, _ := a.ShownStates(); main != st { // run B alone: follow the match
		if id, ok := a.MatchB(a.cam.follow); ok && main.Actor(id) != nil {
			act = main.Actor(id)
		}
	}
	if act == nil {
		return
	}
	a.cam.followTo(act, a.rp.stateTime, a.timeJumped())
}

// followTo moves the chase one tick toward act, seen at replay time now,
// or cuts to it when the time jumped.
func (c *camera) followTo(act *scene.Actor, now float64, jumped bool) {
	pos, yaw := scenedraw.ChaseTarget(act)
	if !c.chasing || jumped {
		c.startChase(pos, yaw, !c.chasing)
	} else {
		c.chase.update(pos, yaw)
		c.top.Center = pos
	}
	c.followTime = now
	c.update()
}

// timeJumped reports whether the replay time moved since the last follow
// update by more than playing one tick moves it.
func (a *App) timeJumped() bool {
	if a.rp.clock == nil {
		return false
	}
	step := math.Abs(a.rp.clock.Speed()) / TPS
	return math.Abs(a.rp.stateTime-a.cam.followTime) > 1.5*step+1e-9
}

// keepSelectedInView is what a seek on the selected actor's plots does
// to the camera: the plots are that actor's, so the user looks for it at
// the new time. Followed, the chase cuts to it (updateFollow); else a
// camera that no longer sees it is moved over it, keeping its zoom.
func (a *App) keepSelectedInView() {
	st := a.State()
	if a.sel.actor == 0 || a.cam.follow == a.sel.actor || st == nil {
		return
	}
	act := st.Actor(a.sel.actor)
	if act == nil {
		return
	}
	p := act.World.Location
	if x, y, _, ok := a.cam.view.WorldToScreen(p); ok && a.cam.vp.RectVisible(x, y, x, y) {
		return
	}
	a.cam.lookAt(p, math.Inf(1)) // the zoom as it is
}

// FollowedBox returns the followed actor's extent on screen, device
// pixels (a square around its box's bounding sphere), for the window to
// keep its panels off it; false when nothing followed is on screen.
func (a *App) FollowedBox() (x0, y0, x1, y1 float64, ok bool) {
	st := a.State()
	if a.cam.follow == 0 || st == nil {
		return 0, 0, 0, 0, false
	}
	act := st.Actor(a.cam.follow)
	if act == nil {
		return 0, 0, 0, 0, false
	}
	p := act.World.Location
	x, y, _, vis := a.cam.view.WorldToScreen(p)
	if !vis {
		return 0, 0, 0, 0, false
	}
	r := max(act.Box.Extent.Len(), 1) * a.cam.view.PixelsPerMetreAt(p)
	return x - r, y - 2*r, x + r, y + r, true
}
