package app

import (
	"context"
	"math"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/settings"
)

// The lane association and fault pass (pipeline.Analyze, the pass
// `viewer check` runs) runs in the background once a whole recording has
// opened, and again when the map changes: it costs about what opening the
// recording did, and the window must stay usable meanwhile. Its progress
// shows with the loads; when it is done the trails, fault marks, fault
// list, inspector lines and plots appear.

// analysisJob is one run of the pass.
type analysisJob struct {
	cancel   context.CancelFunc
	done     chan struct{}
	progress atomic.Uint64 // float64 bits, 0 to 1
	name     string        // the recording's name, for the progress box

	th faults.Thresholds // the limits Find runs with

	// Set before done is closed.
	assoc  *lanes.Association
	result *faults.Result
	lights map[lanes.EndKey]int32 // a road end's recorded light: its index in assoc.Lights
	signs  map[lanes.EndKey]int32 // a road end a recorded stop sign makes a stop: its index in assoc.Signs
	off    [2]int                 // samples of moving vehicles off the map, and all of them
	err    error
}

// startAnalysis runs the pass over rec on the open map (m, or the
// OpenDRIVE network rn), with the lane map pipeline.LaneMap chooses, as
// `viewer check` does; with no map only the recorded collisions and
// blocked spans are listed.
func startAnalysis(name string, rec *scene.Recording, m *scene.Map, rn *scene.RoadNet, th faults.Thresholds) *analysisJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &analysisJob{cancel: cancel, done: make(chan struct{}), name: name, th: th}
	go func() {
		defer close(j.done)
		lm := pipeline.LaneMap(m, rn) // building a town's lane map takes a moment: not on the UI's goroutine
		an, err := pipeline.Analyze(ctx, rec, lm, pipeline.Options{Thresholds: th, Progress: func(done, total int64) {
			if total > 0 {
				j.progress.Store(math.Float64bits(0.9 * float64(done) / float64(total)))
			}
		}})
		if err != nil {
			j.err = err
			return
		}
		j.assoc, j.result = an.Assoc, an.Faults
		j.lights, j.signs = an.Assoc.EndLights(), an.Assoc.EndSigns()
		j.off[0], j.off[1] = towns.OffRoads(an.Assoc)
	}()
	return j
}

// startFind runs the fault rules alone over an association built
// before, with new thresholds (pipeline.Find).
func startFind(name string, rec *scene.Recording, as *lanes.Association, th faults.Thresholds) *analysisJob {
	j := &analysisJob{cancel: func() {}, done: make(chan struct{}), name: name, th: th}
	j.progress.Store(math.Float64bits(0.9))
	go func() {
		defer close(j.done)
		j.assoc = as
		j.result = pipeline.Find(rec, as, th)
		j.lights, j.signs = as.EndLights(), as.EndSigns()
	}()
	return j
}

// Progress returns how far the pass is, 0 to 1.
func (j *analysisJob) Progress() float64 { return math.Float64frombits(j.progress.Load()) }

// analyze starts the pass over the recording shown, on the map shown,
// cancelling one running.
func (a *App) analyze() {
	a.an.forget()
	rec := a.Recording()
	if rec == nil || a.Previewing() || a.mapJob != nil || a.tw.job != nil {
		// Nothing to look at yet, or a map is loading or being looked
		// for (the town a recording names, say): the pass runs once it
		// is in (installMap, pollTown), on its lanes, rather than twice.
		a.setClockEvents()
		return
	}
	if a.overBudget(a.recRes.Source.Name, rec) {
		a.setClockEvents()
		return
	}
	a.an.job = startAnalysis(a.recRes.Source.Name, rec, a.Map(), a.Roads(), a.an.thresholds)
}

// overBudget reports whether the pass over rec would keep more samples
// than the budget, and then says so.
func (a *App) overBudget(name string, rec *scene.Recording) bool {
	n := lanes.EstimateSamples(rec)
	if n <= a.an.sampleBudget {
		return false
	}
	a.notify(Warning, name+": lanes, trails and faults left out: its "+
		strconv.FormatFloat(float64(n)/1e6, 'f', 1, 64)+" million vehicle samples would take "+
		itoa(int(n*lanes.SampleBytes>>20))+" MiB (the limit is "+itoa(int(a.an.sampleBudget*lanes.SampleBytes>>20))+" MiB)")
	return true
}

// SampleBudget is how many vehicle samples (lanes.SampleBytes each) the
// window's lane and fault pass may keep: 512 MiB. A 20-minute recording
// of 200 cars holds 4.8 million, a 1 GiB one of 500 cars 12 million; an
// 8 GiB one (94 million, 3 GB) is left without lanes and faults, so that
// opening it does not exhaust the machine's memory.
const SampleBudget = 16 << 20

// pollAnalysis installs the pass's result once it is done.
func (a *App) pollAnalysis() {
	j := a.an.job
	if j == nil {
		return
	}
	select {
	case <-j.done:
	default:
		return
	}
	a.an.job = nil
	if j.err != nil {
		a.notify(Error, "lanes and faults of "+j.name+": "+j.err.Error())
		return
	}
	a.an.install(j)
	a.setClockEvents()
	if j.th != a.an.thresholds { // changed while it ran
		a.refind()
	}
	n := len(j.result.Faults)
	msg := itoa(n) + " faults found in " + j.name
	if n == 1 {
		msg = "1 fault found in " + j.name
	}
	if !j.result.LaneRules {
		msg += " (no map: collisions and blocked spans only)"
	}
	a.dropNotices(func(t string) bool { // the count before: of this run, without (B)
		return strings.Contains(t, " found in "+j.name) && strings.HasSuffix(t, "; K lists them")
	})
	a.notify(Info, msg+"; K lists them")
	if w := towns.OffRoadsWarning(j.off[0], j.off[1], a.openMapSource().Name, j.name); w != "" {
		a.notify(Warning, w)
	}
}

// Analyzing reports whether the pass is running.
func (a *App) Analyzing() bool { return a.an.running() }

// Association returns the recording's lane association, or nil until the
// pass is done.
func (a *App) Association() *lanes.Association { return a.an.assoc }

// Faults returns the faults found, sorted by start (nil until the pass is
// done; read-only).
func (a *App) Faults() []faults.Fault { return a.an.faults() }

// EndLights returns the road ends with a recorded traffic light: indices
// into Association().Lights by end (nil until the pass is done;
// read-only). The window colours those ends' stop lines by their light.
func (a *App) EndLights() map[lanes.EndKey]int32 { return a.an.endLights }

// EndSigns returns the road ends that a recorded stop sign makes stops
// (lanes.Association.EndSigns: indices into Association().Signs by end;
// nil until the pass is done; read-only). The window draws those ends'
// stop lines in the stop-sign colour, as the stop-sign rule holds them.
func (a *App) EndSigns() map[lanes.EndKey]int32 { return a.an.endSigns }

// Thresholds returns the fault rules' limits in use.
func (a *App) Thresholds() faults.Thresholds { return a.an.thresholds }

// thresholdField is a threshold as `viewer check` calls its flag, and
// where it is kept.
type thresholdField struct {
	name string
	v    *float64
}

// numThresholds is how many thresholds faults.Thresholds has (a test
// checks it against the type).
const numThresholds = 13

// thresholdFields names every threshold as `viewer check` calls its flag,
// with a pointer into th. An array, not a slice: the open thresholds
// panel walks it every tick, and an array stays on the stack.
func thresholdFields(th *faults.Thresholds) [numThresholds]thresholdField {
	return [numThresholds]thresholdField{
		{"off-lane", &th.OffLane}, {"off-lane-time", &th.OffLaneTime}, {"lane-change-time", &th.LaneChangeTime},
		{"wrong-way-speed", &th.WrongWaySpeed}, {"wrong-way-angle", &th.WrongWayAngle},
		{"wrong-way-time", &th.WrongWayTime}, {"stop-speed", &th.StopSpeed}, {"stop-distance", &th.StopDistance},
		{"close-call-ttc", &th.CloseCallTTC}, {"moving-speed", &th.MovingSpeed},
		{"collision-window", &th.CollisionWindow}, {"after-collision", &th.AfterCollision},
		{"collision-merge", &th.CollisionMerge},
	}
}

// thresholdsOf returns the defaults with the remembered values over them.
func thresholdsOf(s settings.Settings) faults.Thresholds {
	th := faults.Defaults()
	for _, f := range thresholdFields(&th) {
		if v, ok := s.Thresholds[f.name]; ok {
			*f.v = v
		}
	}
	return th
}

// thresholdSettings returns every threshold by name, for the settings
// file, so that a user can find and edit them there.
func thresholdSettings(th faults.Thresholds) map[string]float64 {
	out := map[string]float64{}
	for _, f := range thresholdFields(&th) {
		out[f.name] = *f.v
	}
	return out
}

// maxFaultLines bounds the faults the actor panel lists.
const maxFaultLines = 4

// lightAheadRange is how near (m) an end with a light or a stop must be
// for the actor panel to show it.
const lightAheadRange = 80

// actorLanes writes the actor panel's lines of the association: where the
// vehicle is on the map, the stop or light ahead, and its faults (with the
// leaderboard's rules, run A's infractions instead: actorInfractions);
// of run A, or of run B while B alone shows (b: id is B's, at B's own
// time).
func (a *App) actorLanes(l *Lines, id uint32, b bool) {
	as, fs, t, ends, signs := a.an.assoc, a.Faults(), a.rp.stateTime, a.an.endLights, a.an.endSigns
	if b {
		as, fs, t, ends, signs = a.cmp.work.faultsAssoc, a.FaultsB(), a.cmp.stateTime, nil, nil
	}
	if as == nil {
		if a.an.job != nil || b && a.cmp.work.faultJob != nil {
			l.Kv("lane", "looking...")
		}
		return
	}
	k := as.TrackIndexAt(id, t)
	if k >= 0 {
		tr := &as.Tracks[k]
		if i := tr.Index(t); i >= 0 {
			s := tr.At(i)
			laneLine(l, as.Map, &s)
			ruleAhead(l, as, ends, signs, &s, t)
			a.vehicleAhead(l, as, k, tr.First+i)
		}
	}
	if !b && a.an.rules.Leaderboard() {
		// The leaderboard's infractions in place of our faults: of a
		// vehicle, or of whatever Ctrl+K had judged (which says why
		// it cannot be).
		if judged, _ := a.lbWanted(); k >= 0 || judged.actor == id {
			a.actorInfractions(l, id)
		}
		return
	}
	a.an.scratchIdx = a.an.scratchIdx[:0]
	for i := range fs {
		if fs[i].Actor == id {
			a.an.scratchIdx = append(a.an.scratchIdx, i)
		}
	}
	for k, i := range a.an.scratchIdx {
		if k == 0 {
			l.S("faults")
		}
		if k == maxFaultLines {
			l.Tab().S("... ").I(int64(len(a.an.scratchIdx) - k)).S(" more (K lists them)").End()
			break
		}
		f := &fs[i]
		l.Tab()
		l.buf = playback.AppendTime(l.buf, f.Start, 2)
		if f.End > f.Start {
			l.S("-")
			l.buf = playback.AppendTime(l.buf, f.End, 2)
		}
		l.S("  ").S(f.Kind.String()).End()
		if f.HasOther() {
			// A line of its own: beside the times and the kind it ran
			// past a small window's panel.
			l.buf = faults.AppendOther(append(l.Tab().buf, "  with "...), f.Other, shortBlueprint(f.OtherBlueprint))
			l.End()
		}
	}
}

// laneLine says where sample s is: "road 12 side B lane 0, offset +0.42
// m, heading error 3 deg", "intersection 17" or "off the map", with the
// map file's own numbers.
func laneLine(l *Lines, m lanes.Map, s *lanes.Sample) {
	l.S("lane").Tab()
	switch s.Place {
	case lanes.OnRoad:
		l.S("road ").I(int64(m.RoadID(s.Road)))
		if s.HasLane {
			l.S(" side ").S(s.Lane.Side.String()).S(" lane ").I(int64(s.Lane.Lane)).End()
			l.Tab().S("offset ")
			if s.Offset >= 0 {
				l.S("+")
			}
			l.F(s.Offset, 2).S(" m").End()
			// A line of its own: beside the offset it ran past the panel.
			l.Tab().S("heading error ")
			if math.IsNaN(s.HeadingError) {
				l.S("- (standing)")
			} else {
				l.F(s.HeadingError, 0).S(" deg")
			}
		}
		if s.Type != lanes.Driving { // the lane holding it is not a driving lane
			l.End()
			l.Tab().S("in a ").S(s.Type.String()).S(" lane")
		}
	case lanes.InIntersection:
		l.S("intersection ").I(int64(m.IntersectionID(s.Intersection)))
	case lanes.NoMap:
		l.S("no map open")
	default:
		l.S("off the map")
	}
	l.End()
}

// vehicleAhead says which vehicle is ahead of track t's in its lane at
// frame f, the gap to it and the time until it closes (faults.Ahead).
func (a *App) vehicleAhead(l *Lines, as *lanes.Association, t int32, f int) {
	ld, ok := faults.Ahead(as, t, f, a.an.thresholds)
	if !ok {
		return
	}
	l.S("ahead").Tab().U(uint64(ld.ID)).S(" ").S(ld.Blueprint).End()
	l.Tab().S("gap ").F(ld.Gap, 1).S(" m, ")
	if math.IsInf(ld.TTC, 1) {
		l.S("not closing").End()
		return
	}
	l.F(ld.TTC, 1).S(" s to collision").End()
}

// ruleAhead says, when s is in a lane that ends within lightAheadRange
// at a stop or a traffic light, what the check holds there and how far
// it is: "stop sign: ahead, 12 m to the line" where the stop-sign rule
// checks the end (the map's rule, or a recorded stop sign: signs, the
// association's EndSigns), and the light's recorded state ("light
// ahead: red, 12 m to the line"; "out of order" when the recording
// never shows it red or green, as at the junction whose lights the demo
// puts out on Town01 and Town02, where a temporary sign rules instead).
// ends is the association's EndLights. A car driving against its lane
// (heading error over 90 degrees: the rogue's wrong-way) has that lane's
// line behind it, so nothing is said.
func ruleAhead(l *Lines, as *lanes.Association, ends, signs map[lanes.EndKey]int32, s *lanes.Sample, t float64) {
	m := as.Map
	if s.Place != lanes.OnRoad || !s.HasLane || m == nil || math.Abs(s.HeadingError) > 90 {
		return
	}
	e := lanes.EndAhead(m, s.Lane)
	key := lanes.EndKey{Road: e.Road, AtStart: e.AtStart}
	_, signed := signs[key]
	stops := e.Rule.Stops() || signed
	// A recorded light tied to the end counts as much as the map's own:
	// the 2019 Town03 and Town05 name no signal, and their lights are
	// tied to the entries by place (lanes.Association.EndLights).
	k, recorded := ends[key]
	if !e.HasLight && !recorded && !stops {
		return
	}
	d := lanes.ToEndOnLane(m, e, s.Lane, s.Along, s.Pos) // as the rules measure: along the car's lane
	if d > lightAheadRange || d < 0 {
		return
	}
	if stops { // "stop sign ahead" would not fit the panel's label column
		if e.Rule == lanes.RuleAlwaysStop {
			l.S("stop").Tab()
		} else {
			l.S("stop sign").Tab()
		}
		l.S("ahead, ").F(d, 0).S(" m to the line").End()
	}
	if !e.HasLight && !recorded {
		return
	}
	l.S("light ahead").Tab()
	said := true // something before the distance
	switch {
	case !recorded:
		l.S("not recorded")
	case as.Lights[k].OutOfOrder():
		l.S("out of order")
		if st, ok := as.Lights[k].StateAt(t); ok {
			l.S(" (").S(st.String()).S(")")
		}
	default:
		st, ok := as.Lights[k].StateAt(t)
		if ok {
			l.S(st.String())
		}
		said = ok
	}
	switch {
	case stops: // the distance is on the stop's line
	case said:
		l.S(", ").F(d, 0).S(" m to the line")
	default:
		l.F(d, 0).S(" m to the line")
	}
	l.End()
}
