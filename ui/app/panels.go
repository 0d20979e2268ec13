package app

import (
	"strconv"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
)

// maxAttrLines bounds the attributes the actor panel lists (CARLA vehicles
// carry a dozen; the panel must still fit a small window).
const maxAttrLines = 12

// ActorPanel returns the selected actor's panel (empty when nothing is
// selected). Rebuilt every tick; valid until the next.
func (a *App) ActorPanel() *Lines { return &a.txt.actor }

// ActorPanelScroll returns how many lines after its title the actor
// panel scrolls past when the window has no room for all of them.
func (a *App) ActorPanelScroll() int { return a.txt.actorScroll }

// ScrollActorPanel scrolls the actor panel by steps lines (the wheel
// over it: positive toward its end), within its lines.
func (a *App) ScrollActorPanel(steps int) {
	a.txt.actorScroll = min(max(a.txt.actorScroll+steps, 0), max(a.txt.actor.Len()-2, 0))
}

// ElementPanel returns the panel of the selected map element, or of the
// one under the cursor when none is selected (empty when neither).
func (a *App) ElementPanel() *Lines { return &a.txt.element }

// StatusText returns the status line: files, map, date, frames, actors
// now and, while playing, the frame rate.
func (a *App) StatusText() *Lines { return &a.txt.status }

// TimeText returns the timeline's texts, one a line: the time and the
// total, the frame, the speed and the play state (empty with no
// recording).
func (a *App) TimeText() *Lines { return &a.txt.time }

// Marks returns the timeline marks counted for a bar width pixels wide.
func (a *App) Marks(width int) *Marks {
	if a.rp.clock == nil {
		a.txt.marks.Update(nil, nil, 0, 0, width)
	} else {
		a.txt.marks.Update(a.Recording().Events(), a.rp.blocked, a.rp.clock.Start(), a.rp.clock.End(), width)
	}
	return &a.txt.marks
}

func (a *App) buildText() {
	a.buildFaultLines()
	a.buildDiffRows()
	a.buildThresholdLines()
	a.buildLeaderboardText()
	a.buildActorPanel()
	a.buildElementPanel()
	a.buildStatus()
	a.buildTimeText()
}

func (a *App) buildStatus() {
	l := &a.txt.status
	l.Reset()
	names := a.names
	if names == "" {
		names = "no file open"
	}
	l.S(names)
	a.cmp.status(l)
	if rec := a.Recording(); rec != nil {
		h := rec.Header()
		// The recording's town, unless the map open is named for it
		// ("Town05.xodr + run.log"): a 960 wide status line has no room
		// to say it twice.
		if h.Map != "" && (a.mapRes == nil || a.mapRes.Source.Name != h.Map+".xodr") {
			l.S("  |  ").S(h.Map)
		}
		if a.an.rules.Leaderboard() {
			// Early and short (no blueprint): after the actors now
			// it ran past a 960 wide window's status line.
			a.appendPenalty(l.S("  |  leaderboard ").S(a.an.rules.edition()).S(": "), true)
			if res, _ := a.Leaderboard(); res != nil && !res.LaneRules {
				l.S(" (no OpenDRIVE map)")
			}
		}
		l.S("  |  recorded ").S(a.txt.date)
		// The frames only with a note on them (indexing, cut short): the
		// timeline says "frame 1 / 2401" beside, and a 960 wide status
		// line had no room for it twice.
		if a.recNote != "" {
			l.S("  |  ").I(int64(len(rec.Frames()))).S(" frames").S(a.recNote)
		}
		if st := a.State(); st != nil {
			l.S("  |  ").I(int64(len(st.Actors))).S(" actors now")
		}
	}
	if rn := a.Roads(); rn != nil { // an OpenDRIVE map: its Map is empty
		l.S("  |  ").I(int64(len(rn.Roads))).S(" roads, ").I(int64(len(rn.Junctions))).S(" junctions")
	} else if m := a.Map(); m != nil {
		l.S("  |  ").I(int64(len(m.Roads))).S(" roads")
	}
	// The frame rate means something only while the replay moves: a
	// paused window idles and redraws only on input.
	if a.fps > 0 && a.rp.clock != nil && a.rp.clock.Playing() {
		l.S("  |  ").F(a.fps, 0).S(" fps")
	}
	l.End()
}

func (a *App) buildTimeText() {
	l := &a.txt.time
	l.Reset()
	c := a.rp.clock
	if c == nil {
		return
	}
	l.buf = playback.AppendTime(l.buf, c.Time(), 2)
	l.S(" / ")
	l.buf = playback.AppendTime(l.buf, c.End(), 2)
	l.End()
	// Run A's frame: while comparing, the clock steps through both
	// runs' frames, which is no frame number of either.
	frame, frames := c.Frame(), c.Frames()
	if rec := a.Recording(); rec != nil && a.cmp.res != nil {
		frame, frames = rec.FrameAt(c.Time()), len(rec.Frames())
	}
	l.S("frame ").I(int64(frame + 1)).S(" / ").I(int64(frames)).End()
	l.buf = strconv.AppendFloat(l.buf, c.Speed(), 'g', -1, 64)
	l.S("x").End()
	switch {
	case c.Playing() && c.Reversed():
		l.S("playing backwards")
	case c.Playing():
		l.S("playing")
	default:
		l.S("paused")
	}
	if c.Looping() {
		l.S(", loop")
	}
	if c.Reversed() && !c.Playing() {
		l.S(", reversed")
	}
	l.End()
}

func (a *App) buildActorPanel() {
	l := &a.txt.actor
	l.Reset()
	if a.txt.actorOf != a.sel.actor { // another actor's panel starts at its top
		a.txt.actorOf, a.txt.actorScroll = a.sel.actor, 0
	}
	if a.sel.actor == 0 {
		return
	}
	// The panel is of the run shown: with B alone, of the selected
	// actor's match in B (the selection stays A's id).
	st, id, b := a.State(), a.sel.actor, a.showingB()
	if b {
		st = a.CompareState()
		bID, ok := a.MatchB(id)
		l.S("Actor ").U(uint64(bID)).S(" of run B (A's ").U(uint64(id)).S(")")
		if !ok {
			l.End().S("no match in run B at this time").End()
			return
		}
		id = bID
	} else {
		l.S("Actor ").U(uint64(id))
	}
	var act *scene.Actor
	if st != nil {
		act = st.Actor(id)
	}
	if act == nil {
		l.End().S("not in the scene at this time").End()
		return
	}
	if act.Hero {
		l.S("  (hero)")
	} else if r := roleName(act.Attributes); r != "" { // a rogue, an ego_vehicle: what the run made it
		l.S("  (").S(r).S(")")
	}
	if a.cam.follow == a.sel.actor {
		l.S("  [following]")
	}
	l.End()
	l.S("kind").Tab().S(act.Kind.String()).S(" (recorded type ").I(int64(act.Type)).S(")").End()
	l.Kv("blueprint", act.Blueprint)
	a.actorFamily(l, st, act)
	loc := act.World.Location
	l.S("location").Tab().S("x ").F(loc[0], 2).S("  y ").F(loc[1], 2).S("  z ").F(loc[2], 2).S(" m").End()
	rot := act.World.Rotation
	l.S("heading").Tab().S("yaw ").F(rot.Yaw, 1).S("°  pitch ").F(rot.Pitch, 1).S("°  roll ").F(rot.Roll, 1).S("°").End()
	a.actorDivergence(l, a.sel.actor)
	a.actorMotion(l, act)
	a.actorLanes(l, act.ID, b)
	if e, ok := a.blockedSpan(act.ID, a.rp.stateTime); ok && !b {
		l.S("blocked").Tab().S("still for ").F(e.Duration, 0).S(" s, ")
		l.buf = playback.AppendTime(l.buf, e.Time, 1)
		l.S(" to ")
		l.buf = playback.AppendTime(l.buf, e.Time+e.Duration, 1)
		l.End()
	}
	a.actorSpecifics(l, act)
	ext := act.Box.Extent
	l.S("box").Tab().F(2*ext[0], 2).S(" × ").F(2*ext[1], 2).S(" × ").F(2*ext[2], 2).S(" m")
	if !act.BoxRecorded {
		l.S(" (default)")
	}
	l.End()
	l.S("spawned").Tab().S("frame ").I(int64(act.SpawnFrame + 1)).End()
	actorAttributes(l, act.Attributes)
}

// actorFamily lists the parent and the children.
func (a *App) actorFamily(l *Lines, st *scene.State, act *scene.Actor) {
	l.S("parent").Tab()
	if act.Parent == 0 {
		l.S("none")
	} else {
		l.U(uint64(act.Parent))
		if p := st.Actor(act.Parent); p != nil {
			l.S(" ").S(p.Blueprint)
		}
	}
	l.End()
	n := 0
	for i := range st.Actors {
		if st.Actors[i].Parent == act.ID {
			n++
		}
	}
	l.S("children").Tab()
	if n == 0 {
		l.S("none").End()
		return
	}
	shown := 0
	for i := range st.Actors {
		c := &st.Actors[i]
		if c.Parent != act.ID {
			continue
		}
		if shown == 4 {
			l.Tab().S("... ").I(int64(n - shown)).S(" more").End()
			break
		}
		if shown > 0 {
			l.Tab()
		}
		l.U(uint64(c.ID)).S(" ").S(c.Blueprint).End()
		shown++
	}
}

func (a *App) actorMotion(l *Lines, act *scene.Actor) {
	l.S("speed").Tab().F(act.Speed, 2).S(" m/s (").F(act.Speed*3.6, 1).S(" km/h)").End()
	l.S("acceleration").Tab().F(act.Accel, 2).S(" m/s²").End()
	l.S("distance").Tab().F(act.Distance, 1).S(" m").End()
}

func (a *App) actorSpecifics(l *Lines, act *scene.Actor) {
	switch {
	case act.Kind.IsVehicle():
		c := act.Control
		l.S("control").Tab().S("steer ").F(float64(c.Steer), 2).S("  throttle ").F(float64(c.Throttle), 2).
			S("  brake ").F(float64(c.Brake), 2).End()
		l.Tab().S("handbrake ").S(onOff(c.Handbrake)).S("  gear ")
		if c.Gear < 0 {
			l.S("R")
		} else {
			l.I(int64(c.Gear))
		}
		l.End()
		l.S("lights").Tab()
		appendLightBits(l, act.LightBits)
		l.End()
	case act.Kind == scene.KindWalker:
		l.S("walk speed").Tab().F(act.WalkerSpeed, 2).S(" m/s").End()
	}
	if tl := act.TrafficLight; tl != nil {
		l.S("light").Tab().S(tl.State.String()).S(" for ").F(float64(tl.Elapsed), 1).S(" s")
		if tl.Frozen {
			l.S(" (frozen)")
		}
		l.End()
		if tl.Green > 0 || tl.Yellow > 0 || tl.Red > 0 {
			l.S("phases").Tab().S("green ").F(float64(tl.Green), 1).S(" s  yellow ").F(float64(tl.Yellow), 1).
				S(" s  red ").F(float64(tl.Red), 1).S(" s").End()
		}
	}
}

func actorAttributes(l *Lines, attrs []recorder.Attribute) {
	for i, at := range attrs {
		if i == maxAttrLines {
			l.Tab().S("... ").I(int64(len(attrs) - i)).S(" more").End()
			return
		}
		if i == 0 {
			l.S("attributes")
		}
		l.Tab().S(at.Key).S(" = ").S(at.Value)
		if at.Value == "" { // not a line cut short
			l.S("(empty)")
		}
		l.End()
	}
}

// roleName returns an actor's role_name attribute ("" none).
func roleName(attrs []recorder.Attribute) string {
	for _, at := range attrs {
		if at.Key == "role_name" {
			return at.Value
		}
	}
	return ""
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// lightBitNames names recorder.Light* bits, lowest bit first.
var lightBitNames = [...]string{"position", "low beam", "high beam", "brake", "right blinker",
	"left blinker", "reverse", "fog", "interior", "special 1", "special 2"}

// lightsPerLine is how many light names a line of the actor panel
// holds: "position, brake, right blinker, left blinker" ran past the
// value column of a 960 wide window.
const lightsPerLine = 3

// appendLightBits writes the names of the set bits ("none" for 0),
// lightsPerLine a line, the next lines under the first's value.
func appendLightBits(l *Lines, bits uint32) {
	if bits == 0 {
		l.S("none")
		return
	}
	n := 0
	for i, name := range lightBitNames {
		if bits&(1<<i) == 0 {
			continue
		}
		switch {
		case n > 0 && n%lightsPerLine == 0:
			l.S(",").End().Tab()
		case n > 0:
			l.S(", ")
		}
		l.S(name)
		n++
	}
	if rest := uint64(bits) &^ (1<<len(lightBitNames) - 1); rest != 0 {
		if n > 0 {
			l.S(", ")
		}
		l.S("0x")
		l.buf = strconv.AppendUint(l.buf, rest, 16)
	}
}

// formatDate writes a recording's date (Unix seconds) in UTC.
func formatDate(unix int64) string {
	if unix <= 0 {
		return "(no date)"
	}
	return time.Unix(unix, 0).UTC().Format("2006-01-02 15:04 UTC")
}

func itoa(n int) string { return strconv.Itoa(n) }
