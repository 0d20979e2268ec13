package scene

// actor returns the public view of a. light is storage for its
// traffic-light state, non-nil exactly when a has one (a.hasLight()).
func (a *actorState) actor(light *LightInfo) Actor {
	st := a.st
	out := Actor{
		ID: st.id, Type: st.typ, Kind: st.kind, Blueprint: st.blueprint, UID: st.uid,
		Attributes: st.attrs, Hero: st.hero, Parent: a.parent, SpawnFrame: st.spawnFrame,
		World: a.world, Box: st.box, BoxRecorded: st.boxRecorded,
		Control: a.control, LightBits: a.lightBits, WalkerSpeed: a.walker, Kinematics: a.kin,
		Doors: a.doors, Distance: metres(a.dist),
	}
	if a.parent != 0 {
		out.Local = a.local
	}
	if light != nil {
		*light = a.tl
		light.Green, light.Yellow, light.Red = st.times[0], st.times[1], st.times[2]
		out.TrafficLight = light
	}
	return out
}

func (a *actorState) hasLight() bool { return a.seen[gTL] >= 0 }

// lightCount is how many actors have a traffic-light state.
func (w *World) lightCount() int {
	n := 0
	for k := range w.count() {
		if w.at(k).hasLight() {
			n++
		}
	}
	return n
}

// State fills dst with the world as of the current frame, reusing dst's
// buffers. A World knows only the frames applied so far, so it leaves the
// derived motion (Velocity, Speed, Accel) zero; Recording.StateAt fills it.
func (w *World) State(dst *State) {
	dst.Time, dst.Frame, dst.FrameID, dst.Alpha = w.time, w.frame, w.frameID, 0
	dst.lights = growLights(dst.lights, w.lightCount())
	dst.Actors = dst.Actors[:0]
	nl := 0
	for k := range w.count() {
		a := w.at(k)
		var lp *LightInfo
		if a.hasLight() {
			lp = &dst.lights[nl]
			nl++
		}
		dst.Actors = append(dst.Actors, a.actor(lp))
	}
	dst.Collisions = append(dst.Collisions[:0], w.collisions...)
	dst.Weather = nil
	if w.hasWeather {
		dst.weather = w.weather
		dst.Weather = &dst.weather
	}
	dst.Problems = dst.Problems[:0]
	for _, p := range w.problems {
		dst.Problems = append(dst.Problems, p.String())
	}
}

// growLights returns a slice of n LightInfos, reusing s when it can. The
// States handed out point into it, so it is never appended to in place.
func growLights(s []LightInfo, n int) []LightInfo {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]LightInfo, n, n+n/4)
}
