package ui

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/app"
)

// The timeline's tooltip: hovering the bar lists what is at the time
// under the cursor, the faults whose marks are there first, then the
// recording's events (collisions first, a colour's lights on one line),
// then the comparison's (comparerows.go).

// maxTipEvents bounds the events the timeline tooltip lists.
const maxTipEvents = 6

// tooltip shows, above the bar at x, the time there and the events
// within a few pixels of it.
func (h *hudText) tooltip(g *Game, tl playback.Timeline, x float64) {
	l, ov, f := &g.lay, &g.ov, g.fonts
	h.tipShown = true
	h.tipLines(g, tl.TimeAt(x), l.px(4)*(tl.End-tl.Start)/max(tl.Width, 1))
	// Measure, place above the bar, draw on top of everything.
	pad, sw := l.px(8), l.px(14)
	w, start := 0.0, 0
	for _, end := range h.tipEnds {
		w = max(w, f.rRegular.widthBytes(h.tip[start:end]))
		start = end
	}
	w = min(w+sw+2*pad, l.w-l.px(8))
	hgt := float64(len(h.tipEnds))*f.lineH + 2*pad
	x0 := min(max(x-w/2, l.px(4)), l.w-l.px(4)-w)
	y0 := l.bar.y0 - l.px(12) - hgt
	r := rect{x0, y0, x0 + w, y0 + hgt}
	ov.rect(1, r, colPanelBg)
	ov.frame(1, r, math.Max(1, l.s), colPanelEdge)
	start = 0
	for i, end := range h.tipEnds {
		ty := y0 + pad + float64(i)*f.lineH
		tx := x0 + pad
		col := colText
		if c := h.tipCols[i]; c.A > 0 {
			ov.rect(1, rect{tx, ty + f.lineH*0.3, tx + l.px(8), ty + f.lineH*0.7}, c)
		}
		if i == 0 {
			col = colTitle
		} else {
			tx += sw
		}
		ov.run(1, h.tip[start:end], tx, ty+(f.lineH-faceH(f.regular))/2, f.rRegular, r.x1-pad-tx, col)
		start = end
	}
}

// tipLines writes the tooltip's lines for time t: the time and frame,
// then the moments within slop seconds of it, then the blocked spans that
// hold it (a span is listed wherever it holds, not only at its start).
func (h *hudText) tipLines(g *Game, t, slop float64) {
	h.tip, h.tipEnds, h.tipCols = h.tip[:0], h.tipEnds[:0], h.tipCols[:0]
	h.tip = playback.AppendTime(h.tip, t, 2)
	if rec := g.app.Recording(); rec != nil {
		h.tip = append(h.tip, "   frame "...)
		h.tip = strconv.AppendInt(h.tip, int64(rec.FrameAt(t)+1), 10)
	}
	h.tipLine(render.Color{})
	h.tipFaults(g, t, slop)
	h.tipEvents = h.tipEvents[:0]
	for _, e := range g.app.EventsAround(t-slop, t+slop) {
		if e.Kind != scene.EventBlocked && !h.tipListed(&e) {
			h.tipEvents = append(h.tipEvents, e)
		}
	}
	evs := g.app.BlockedAt(t, h.tipEvents)
	tipOrder(evs)
	h.tipEvents = evs
	written := 0 // events written, a line of lights counting each
	for i := range evs {
		if evs[i].Kind == scene.EventLight && lightsListed(evs[:i], evs[i].Light) {
			continue // on the line of its colour already
		}
		if len(h.tipCols) > maxTipEvents {
			h.tip = append(h.tip, "+ "...)
			h.tip = strconv.AppendInt(h.tip, int64(len(evs)-written), 10)
			h.tip = append(h.tip, " more"...)
			h.tipLine(render.Color{})
			break
		}
		n := 1
		if evs[i].Kind == scene.EventLight {
			h.tip, n = appendLights(h.tip, evs[i:], evs[i].Light)
		} else {
			h.tip = appendEvent(h.tip, &evs[i])
		}
		written += n
		var c render.Color
		if k, ok := app.MarkOf(evs[i].Kind); ok {
			c = colMark[k]
		}
		h.tipLine(c)
	}
	h.compareTipLines(g, t, slop)
}

// tipLine ends the tooltip's line being written, with swatch c.
func (h *hudText) tipLine(c render.Color) {
	h.tipEnds, h.tipCols = append(h.tipEnds, len(h.tip)), append(h.tipCols, c)
}

// maxTipFaults bounds the faults the tooltip lists.
const maxTipFaults = 3

// tipFaults adds the faults whose marks above the bar are under the
// cursor (those spanning t, within slop), as the fault list writes
// them: the row of marks is what the user points at, and the tooltip
// listed only the recording's events. Under the leaderboard's rules,
// its infractions there.
func (h *hudText) tipFaults(g *Game, t, slop float64) {
	a, n := g.app, 0
	h.tipPairs = [maxTipFaults][2]uint32{}
	if a.Rules().Leaderboard() {
		for _, inf := range a.ListedInfractions() {
			if math.Abs(inf.Time-t) > slop || n == maxTipFaults {
				continue
			}
			h.tip = append(h.tip, inf.Kind.Key()...)
			h.tipLine(scenedraw.FaultColor(app.InfractionKind(inf.Kind)))
			n++
		}
		return
	}
	for i := range a.Faults() {
		f := &a.Faults()[i]
		if f.Start-slop > t || f.End+slop < t {
			continue
		}
		if n == maxTipFaults {
			break
		}
		h.tip = append(h.tip, f.Kind.String()...)
		h.tip = strconv.AppendUint(append(h.tip, "  "...), uint64(f.Actor), 10)
		h.tip = append(append(h.tip, ' '), tipBlueprint(f.Blueprint)...)
		if f.Other != 0 {
			h.tip = strconv.AppendUint(append(h.tip, "  with "...), uint64(f.Other), 10)
		}
		if f.Kind == faults.Collision {
			h.tipPairs[n] = [2]uint32{min(f.Actor, f.Other), max(f.Actor, f.Other)}
		}
		h.tipLine(scenedraw.FaultColor(f.Kind))
		n++
	}
}

// tipListed reports whether e is a collision the tooltip lists as a
// fault already.
func (h *hudText) tipListed(e *scene.Event) bool {
	if e.Kind != scene.EventCollision {
		return false
	}
	p := [2]uint32{min(e.Actor, e.Other), max(e.Actor, e.Other)}
	for _, q := range h.tipPairs {
		if q == p && q != [2]uint32{} {
			return true
		}
	}
	return false
}

// tipBlueprint drops a blueprint's first component ("vehicle."), as the
// fault list does.
func tipBlueprint(bp string) string {
	if i := strings.IndexByte(bp, '.'); i >= 0 && i+1 < len(bp) {
		return bp[i+1:]
	}
	return bp
}

// tipOrder puts what the user points at first, each kind in time order:
// a town's light changes crowd a moment, and a collision among them went
// to "+ 15 more".
func tipOrder(evs []scene.Event) {
	slices.SortStableFunc(evs, func(a, b scene.Event) int { return tipRank(a.Kind) - tipRank(b.Kind) })
}

// tipRank orders the tooltip's events: collisions, then blocked spans,
// then actors coming and going, then lights.
func tipRank(k scene.EventKind) int {
	switch k {
	case scene.EventCollision:
		return 0
	case scene.EventBlocked:
		return 1
	case scene.EventLight:
		return 3
	}
	return 2
}

// maxTipLights bounds the lights a line of the tooltip names.
const maxTipLights = 6

// lightsListed reports whether evs holds a light turning to state: the
// line of that colour lists every such light.
func lightsListed(evs []scene.Event, state recorder.LightState) bool {
	for i := range evs {
		if evs[i].Kind == scene.EventLight && evs[i].Light == state {
			return true
		}
	}
	return false
}

// appendLights writes on one line the lights of evs that turn to state,
// "lights 54, 55, 61 turn red" (a town's lights change by the group at
// one moment, a line each filled the tooltip), and returns how many.
func appendLights(b []byte, evs []scene.Event, state recorder.LightState) ([]byte, int) {
	n := 0
	for i := range evs {
		if evs[i].Kind == scene.EventLight && evs[i].Light == state {
			n++
		}
	}
	if n == 1 {
		b = strconv.AppendUint(append(b, "light "...), uint64(evs[0].Actor), 10)
		return append(append(b, " turns "...), state.String()...), 1
	}
	b = append(b, "lights "...)
	k := 0
	for i := range evs {
		if evs[i].Kind != scene.EventLight || evs[i].Light != state {
			continue
		}
		if k == maxTipLights {
			b = append(strconv.AppendInt(append(b, " and "...), int64(n-k), 10), " more"...)
			break
		}
		if k > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendUint(b, uint64(evs[i].Actor), 10)
		k++
	}
	return append(append(b, " turn "...), state.String()...), n
}

// appendEvent writes one event as the tooltip lists it.
func appendEvent(b []byte, e *scene.Event) []byte {
	id := func(b []byte, v uint32) []byte { return strconv.AppendUint(b, uint64(v), 10) }
	switch e.Kind {
	case scene.EventCollision:
		b = id(append(b, "collision  "...), e.Actor)
		if e.Other == faults.World {
			b = append(append(b, " with "...), faults.WorldName...)
		} else {
			b = id(append(b, " with "...), e.Other)
		}
	case scene.EventSpawn:
		b = id(append(b, "spawn  "...), e.Actor)
		b = append(append(b, ' '), e.Blueprint...)
	case scene.EventDestroy:
		b = id(append(b, "destroy  "...), e.Actor)
		b = append(append(b, ' '), e.Blueprint...)
	case scene.EventLight:
		b = id(append(b, "light "...), e.Actor)
		b = append(append(b, " turns "...), e.Light.String()...)
	case scene.EventParent:
		b = id(append(b, "attach  "...), e.Actor)
		b = id(append(b, " to "...), e.Other)
	case scene.EventBlocked:
		b = id(append(b, "blocked  "...), e.Actor)
		b = append(append(b, ' '), e.Blueprint...)
		b = strconv.AppendFloat(append(b, "  "...), e.Duration, 'f', 0, 64)
		b = playback.AppendTime(append(b, " s from "...), e.Time, 1)
	default:
		b = append(b, e.Kind.String()...)
	}
	return b
}
