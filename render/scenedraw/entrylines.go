package scenedraw

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// The stop lines of an OpenDRIVE map's junction entries that a recorded
// traffic light governs, in the colour that light shows. Which light
// governs which entry is the association's (lanes.Association.EndLights):
// the light at the map's signal, or on a map without signals (CARLA's
// 2019 Town03 and Town05) the one the place rule ties to the entry. So
// the line that turns red is the one the red-light rule checks.
//
// The stop lines of the entries the stop-sign rule checks are drawn in
// the stop-sign colour: those the map's file makes stops, and those a
// recorded stop sign actor rules (SetEndSigns: the association's
// EndSigns), over any light's, since the check holds such an entry a
// stop whatever its light shows (a light the recording shows out of
// order, blinking yellow and off, as at the junction whose lights the
// demo puts out on Town01 and Town02).

// entryLine is the stop line of a junction entry, the light actor
// governing it (0: none known) and whether it is a stop by the map's
// file (fileStop) or by a recorded sign (signed). A line with neither
// light nor stop is not drawn.
type entryLine struct {
	key      lanes.EndKey
	a, b     mgl64.Vec3
	actor    uint32
	fileStop bool
	signed   bool
}

// stops reports whether the stop-sign rule checks the entry.
func (l *entryLine) stops() bool { return l.fileStop || l.signed }

// entryLines makes the stop lines of lm's junction entries, stopLineBack
// before where the lanes enter the junction.
func entryLines(lm *lanes.OpenDRIVE) []entryLine {
	ents := lm.Entries()
	out := make([]entryLine, len(ents))
	for i, e := range ents {
		back := mgl64.Vec3{-e.Dir[0], -e.Dir[1], 0}.Mul(stopLineBack)
		out[i] = entryLine{key: e.Key, a: e.Inner.Add(back), b: e.Outer.Add(back),
			fileStop: lm.End(e.Key.Road, e.Key.AtStart).Rule.Stops()}
	}
	return out
}

// SetEndLights tells the renderer which recorded traffic light governs
// each junction entry of the OpenDRIVE map set by SetRoads: ends is the
// association's EndLights, indices into lights (its Lights). The stop
// lines of those entries are then drawn in their light's state. nil
// ends, or a new SetRoads, forgets them. Call it once per association.
func (r *Renderer) SetEndLights(lights []lanes.LightTrack, ends map[lanes.EndKey]int32) {
	if r.net == nil {
		return
	}
	for k := range r.net.entries {
		l := &r.net.entries[k]
		l.actor = 0
		if i, ok := ends[l.key]; ok && int(i) < len(lights) {
			l.actor = lights[i].ID
		}
	}
}

// SetEndSigns tells the renderer which junction entries of the
// OpenDRIVE map set by SetRoads a recorded stop sign makes stops: ends is
// the association's EndSigns (its values are not read). Their stop lines
// are then drawn in the stop-sign colour, over a light's. nil ends, or a
// new SetRoads, forgets them. Call it once per association.
func (r *Renderer) SetEndSigns(ends map[lanes.EndKey]int32) {
	if r.net == nil {
		return
	}
	for k := range r.net.entries {
		l := &r.net.entries[k]
		_, l.signed = ends[l.key]
	}
}

// drawEntryLines draws the stop lines of the entries that stop, in the
// stop-sign colour, and of the other entries with a light, in the state
// the light shows in st (grey when it is not in st).
func (r *Renderer) drawEntryLines(dl *render.DrawList, v *render.View, st *scene.State) {
	for k := range r.net.entries {
		l := &r.net.entries[k]
		if l.actor == 0 && !l.stops() {
			continue
		}
		mid := l.a.Add(l.b).Mul(0.5)
		if !v.SphereVisible(mid, l.b.Sub(l.a).Len()/2+1) {
			continue
		}
		ppm := v.PixelsPerMetreAt(mid)
		if ppm < ppmStops {
			continue
		}
		col := colLampUnknown
		switch {
		case l.stops():
			col = ruleColor(bai.RuleStopSign)
			r.seen.on(legendRuleStop)
		case st != nil:
			if a := st.Actor(l.actor); a != nil && a.TrafficLight != nil {
				col = lightColor(a.TrafficLight.State)
			}
		}
		pts := [2]mgl64.Vec3{l.a, l.b}
		dl.GroundRibbon(render.LayerSignal, pts[:], max(stopLineW, minStopPx/ppm), faded(col, fade(ppm, ppmStops)))
	}
}
