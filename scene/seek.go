package scene

import (
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/format/recorder"
)

// seeker is the scratch World StateAt decodes into, with the reader that
// continues after its current frame.
type seeker struct {
	rec   *Recording
	w     *World
	rd    *recorder.Reader
	valid bool             // w holds a complete frame and rd continues after it
	side  *recorder.Reader // reads frames again for fixStale
	need  []int32
}

// Seeking to frame m applies the frames from the keyframe before it. Of
// the frames before m it needs the events, the positions (distances sum
// every step) and the light states, but the animation, vehicle light and
// kinematics values only of the actors that no later frame writes again:
// those packets are skimmed there (the World notes which frame wrote each
// value) and fixStale reads the few values the frames after did not
// overwrite, once the target frame is applied. In CARLA's files every
// actor's values are written every frame, and nothing is read.
var seekSkim = []recorder.PacketID{recorder.IDVehicleAnimation, recorder.IDWalkerAnimation, recorder.IDVehicleLight, recorder.IDKinematics}

// keyFor returns the last keyframe at or before frame m.
func (rec *Recording) keyFor(m int) *keyframe {
	lo, hi := 0, len(rec.keys)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if rec.keys[mid].frame <= m {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return &rec.keys[max(lo-1, 0)]
}

// to brings the scratch world to frame m: by going on from where it is
// when that is past the nearest keyframe, else from that keyframe.
func (s *seeker) to(m int) error {
	k := s.rec.keyFor(m)
	if !s.valid || s.w.frame > m || s.w.frame < k.frame {
		before := 0.0
		if k.frame > 0 {
			before = s.rec.frames[k.frame-1].Elapsed
		}
		s.w.restore(k, before)
		if s.rd == nil {
			s.rd = recorder.NewFrameReader(s.rec.src, s.rec.ix, k.frame, len(s.rec.frames)-1)
		} else {
			s.rd.Reset(s.rec.src, s.rec.ix, k.frame, len(s.rec.frames)-1) // keeps its 512 KiB buffer
		}
		if err := s.next(k.frame < m); err != nil {
			return err
		}
	}
	for s.w.frame < m {
		if err := s.next(s.w.frame+1 < m); err != nil {
			return err
		}
	}
	return nil
}

// fixStale gives the actors whose values were last written in a frame
// the seek skimmed those values, read from that frame.
func (s *seeker) fixStale() error {
	w := s.w
	s.need = s.need[:0]
	for j := range w.count() {
		a := w.at(j)
		for g := gControl; g <= gKin; g++ {
			if a.skimmed&(1<<g) != 0 {
				s.need = append(s.need, a.seen[g])
			}
		}
	}
	if len(s.need) == 0 {
		return nil
	}
	slices.Sort(s.need)
	s.need = slices.Compact(s.need)
	for _, f := range s.need {
		if s.side == nil {
			s.side = recorder.NewFrameReader(s.rec.src, s.rec.ix, int(f), int(f))
		} else {
			s.side.Reset(s.rec.src, s.rec.ix, int(f), int(f))
		}
		if err := refillFrame(s.side, w, int(f)); err != nil {
			return fmt.Errorf("scene: reading frame %d again: %w", f, err)
		}
	}
	for j := range w.count() {
		w.at(j).skimmed = 0
	}
	return nil
}

// next applies the next frame, skimming its animation, light and
// kinematics packets if skim.
func (s *seeker) next(skim bool) error {
	s.valid = false
	if skim {
		s.rd.Skim(seekSkim...)
	} else {
		s.rd.Skim()
	}
	for {
		p, err := s.rd.Next()
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			return fmt.Errorf("scene: reading frame %d again: %w", s.w.frame+1, err)
		}
		s.w.Apply(p)
		if p.ID() == recorder.IDFrameEnd {
			s.valid = true
			return nil
		}
	}
}

// frameCache is everything StateAt needs for times in frame n: the state
// at n with derived motion, and each actor's pose at n+1. Seeking inside
// one frame only interpolates.
type frameCache struct {
	valid      bool
	n          int
	frameID    uint64
	actors     []Actor // world at n; Velocity, Speed, Accel filled
	lights     []LightInfo
	next       []Transform // pose at n+1 when hasNext
	hasNext    []bool
	step       []float64 // distance from n to n+1
	prev       []idLoc   // world locations at n-1, sorted by id
	collisions []recorder.Collision
	weather    recorder.Weather
	hasWeather bool
	problems   []string
}

type idLoc struct {
	id  uint32
	loc mgl64.Vec3
}

// build fills the cache for frame n.
func (rec *Recording) build(n int) error {
	s, fc := &rec.sk, &rec.fc
	forward := fc.valid && fc.n == n-1 && s.valid && s.w.frame == n
	fc.valid = false
	fc.prev = fc.prev[:0]
	if forward {
		// Playing forward: the last build left the world at n, and its
		// actors are the world at n-1.
		for i := range fc.actors {
			fc.prev = append(fc.prev, idLoc{fc.actors[i].ID, fc.actors[i].World.Location})
		}
	} else {
		if err := s.to(max(n-1, 0)); err != nil {
			return err
		}
		if n > 0 {
			for k := range s.w.count() {
				a := s.w.at(k)
				fc.prev = append(fc.prev, idLoc{a.st.id, a.world.Location})
			}
			if err := s.to(n); err != nil {
				return err
			}
		}
	}
	if err := s.fixStale(); err != nil {
		return err
	}
	rec.snapshot(n)
	if n+1 < len(rec.frames) {
		if err := s.next(false); err != nil {
			return err
		}
		rec.peekNext(n)
	}
	rec.motion(n)
	fc.valid, fc.n = true, n
	return nil
}

// snapshot copies the scratch world (at frame n) into the cache.
func (rec *Recording) snapshot(n int) {
	w, fc := rec.sk.w, &rec.fc
	w.State(&rec.tmp)
	fc.actors = append(fc.actors[:0], rec.tmp.Actors...)
	fc.lights = growLights(fc.lights, len(rec.tmp.lights))
	copy(fc.lights, rec.tmp.lights)
	k := 0
	for i := range fc.actors {
		if fc.actors[i].TrafficLight != nil {
			fc.actors[i].TrafficLight = &fc.lights[k]
			k++
		}
	}
	fc.frameID = w.frameID
	fc.collisions = append(fc.collisions[:0], w.collisions...)
	fc.weather, fc.hasWeather = w.weather, w.hasWeather
	fc.problems = fc.problems[:0]
	if len(w.problems) > 0 {
		fc.problems = append(fc.problems, rec.tmp.Problems...)
	}
	fc.next = resize(fc.next, len(fc.actors))
	fc.hasNext = resize(fc.hasNext, len(fc.actors))
	fc.step = resize(fc.step, len(fc.actors))
	clear(fc.hasNext)
	clear(fc.step)
}

// peekNext records each actor's world transform at frame n+1 (the
// scratch world's frame now), unless the move is a teleport.
func (rec *Recording) peekNext(n int) {
	w, fc := rec.sk.w, &rec.fc
	dt := rec.times[n+1] - rec.times[n]
	for i := range fc.actors {
		a := w.get(fc.actors[i].ID)
		if a == nil || a.st.spawnFrame > n {
			continue // gone, or a new actor with the same id
		}
		nx := a.world
		step := dist(&nx.Location, &fc.actors[i].World.Location)
		if isTeleport(step, dt) {
			continue
		}
		fc.next[i], fc.hasNext[i], fc.step[i] = nx, true, step
	}
}

// motion derives velocity, speed and acceleration by finite differences:
// the velocity of the segment being shown (n to n+1, or n-1 to n at the
// end), and the change of speed between the segments around frame n.
func (rec *Recording) motion(n int) {
	fc := &rec.fc
	dtNext, dtPrev := 0.0, 0.0
	if n+1 < len(rec.times) {
		dtNext = rec.times[n+1] - rec.times[n]
	}
	if n > 0 {
		dtPrev = rec.times[n] - rec.times[n-1]
	}
	p := 0
	for i := range fc.actors {
		a := &fc.actors[i]
		// The differences are (to - from).Mul(1/dt) written per component
		// (see dist for why), with the same roundings.
		var vNext, vPrev mgl64.Vec3
		okNext := fc.hasNext[i] && dtNext > 0
		if okNext {
			inv, to := 1/dtNext, &fc.next[i].Location
			for k := range 3 {
				vNext[k] = (to[k] - a.World.Location[k]) * inv
			}
		}
		for p < len(fc.prev) && fc.prev[p].id < a.ID {
			p++
		}
		okPrev := false
		if p < len(fc.prev) && fc.prev[p].id == a.ID && a.SpawnFrame < n && dtPrev > 0 {
			if from := &fc.prev[p].loc; !isTeleport(dist(&a.World.Location, from), dtPrev) {
				okPrev = true
				inv := 1 / dtPrev
				for k := range 3 {
					vPrev[k] = (a.World.Location[k] - from[k]) * inv
				}
			}
		}
		switch {
		case okNext:
			a.Velocity = vNext
		case okPrev:
			a.Velocity = vPrev
		default:
			a.Velocity = mgl64.Vec3{}
		}
		a.Speed = a.Velocity.Len()
		a.Accel = 0
		if okNext && okPrev {
			a.Accel = (vNext.Len() - vPrev.Len()) / ((dtNext + dtPrev) / 2)
		}
	}
}

// StateAt fills dst with the state at time t (seconds since the recording
// began), reusing dst's buffers: once its buffers have grown it allocates
// nothing, whether t stays in a frame, plays on or jumps anywhere.
//
// t is clamped to [Times()[0], Duration()] (NaN counts as the start).
// Between frames n and n+1 each actor's pose is interpolated (location
// linearly, each angle the short way); at a frame's own time it is that
// frame's record exactly. Teleports (see TeleportDistance) and actors
// that are gone in frame n+1 are not interpolated. The same t always gives
// the same State, however it was reached.
func (rec *Recording) StateAt(t float64, dst *State) error {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	last := len(rec.times) - 1
	if math.IsNaN(t) || t < rec.times[0] {
		t = rec.times[0]
	}
	t = min(t, rec.times[last])
	n := rec.FrameAt(t)
	alpha := 0.0
	if n < last && rec.times[n+1] > rec.times[n] {
		alpha = min(max((t-rec.times[n])/(rec.times[n+1]-rec.times[n]), 0), 1)
	}
	if !rec.fc.valid || rec.fc.n != n {
		if err := rec.build(n); err != nil {
			return err
		}
	}
	rec.fill(dst, t, n, alpha)
	return nil
}

func (rec *Recording) fill(dst *State, t float64, n int, alpha float64) {
	fc := &rec.fc
	dst.Time, dst.Frame, dst.FrameID, dst.Alpha = t, n, fc.frameID, alpha
	dst.Actors = append(dst.Actors[:0], fc.actors...)
	dst.lights = growLights(dst.lights, len(fc.lights))
	copy(dst.lights, fc.lights)
	k := 0
	for i := range dst.Actors {
		a := &dst.Actors[i]
		if a.TrafficLight != nil {
			a.TrafficLight = &dst.lights[k]
			k++
		}
		if alpha > 0 && fc.hasNext[i] {
			a.World.lerpTo(&fc.next[i], alpha)
			a.Distance += alpha * fc.step[i]
		}
		if rec.noDist {
			a.Distance = 0
		}
	}
	dst.Collisions = append(dst.Collisions[:0], fc.collisions...)
	dst.Weather = nil
	if fc.hasWeather {
		dst.weather = fc.weather
		dst.Weather = &dst.weather
	}
	dst.Problems = append(dst.Problems[:0], fc.problems...)
}

func resize[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n, n+n/4)
}
