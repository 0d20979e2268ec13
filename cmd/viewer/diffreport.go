package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/compare"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/scene"
)

// diffReport is the printed form of a comparison, in the file's own
// units and axes. The JSON document has exactly the fields with a json
// tag.
type diffReport struct {
	A             string      `json:"a"`
	B             string      `json:"b"`
	Threshold     float64     `json:"threshold"`
	Actors        []diffActor `json:"actors"`
	OnlyInA       []uint32    `json:"only_in_a"`
	OnlyInB       []uint32    `json:"only_in_b"`
	EventsOnlyInA []diffEvent `json:"events_only_in_a"`
	EventsOnlyInB []diffEvent `json:"events_only_in_b"`
	matched       [3]int      // pairs by rule
	onlyA, onlyB  []diffLone
}

type diffActor struct {
	AID           uint32     `json:"a_id"`
	BID           uint32     `json:"b_id"`
	Blueprint     string     `json:"blueprint"`
	FirstDiverges float64    `json:"first_diverges"` // s, A's clock
	MaxDivergence float64    `json:"max_divergence"` // m
	MaxAt         float64    `json:"max_at"`         // s, A's clock
	ALocation     [3]float64 `json:"a_location"`     // cm, Unreal axes, at MaxAt
	BLocation     [3]float64 `json:"b_location"`
	by            compare.Rule
}

type diffEvent struct {
	Kind   string   `json:"kind"`
	Time   float64  `json:"time"` // s, its run's clock
	Actors []uint32 `json:"actors"`
}

// diffLone is an actor of one run only, for the text.
type diffLone struct {
	id        uint32
	blueprint string
	spawned   float64
	at        [3]float64
}

func newDiffReport(a, b string, d *compare.Divergence, threshold float64, evA, evB []compare.Event) *diffReport {
	m := d.M
	rep := &diffReport{A: a, B: b, Threshold: threshold, Actors: []diffActor{}}
	for k, p := range m.Pairs {
		rep.matched[p.By]++
		f := d.FirstOver(k, threshold)
		if f < 0 {
			continue
		}
		pd := &d.Pairs[k]
		la, lb, _ := d.Locations(k, pd.PeakFrame)
		rep.Actors = append(rep.Actors, diffActor{AID: m.A.Actors[p.A].ID, BID: m.B.Actors[p.B].ID,
			Blueprint: m.A.Actors[p.A].Blueprint, FirstDiverges: fleet.Round(d.Times[f], 3),
			MaxDivergence: fleet.Round(pd.Peak, 3), MaxAt: fleet.Round(d.Times[pd.PeakFrame], 3),
			ALocation: unrealCM(la), BLocation: unrealCM(lb), by: p.By})
	}
	rep.OnlyInA, rep.onlyA = lone(m.A, m.OnlyA)
	rep.OnlyInB, rep.onlyB = lone(m.B, m.OnlyB)
	onlyA, onlyB := compare.OnlyInOne(m, d.Offset, evA, evB)
	rep.EventsOnlyInA, rep.EventsOnlyInB = printedEvents(onlyA), printedEvents(onlyB)
	return rep
}

// unrealCM converts a world position to the file's centimetres and axes.
func unrealCM(p mgl64.Vec3) [3]float64 {
	u := scene.ToUnreal(p)
	return [3]float64{fleet.Round(u.X, 1), fleet.Round(u.Y, 1), fleet.Round(u.Z, 1)}
}

// lone lists the unmatched actors of a run: their ids (each once,
// sorted) and, for the text, each one's life.
func lone(r *compare.Run, idx []int) ([]uint32, []diffLone) {
	ids, out := []uint32{}, []diffLone{}
	for _, i := range idx {
		a := &r.Actors[i]
		if !slices.Contains(ids, a.ID) {
			ids = append(ids, a.ID)
		}
		out = append(out, diffLone{id: a.ID, blueprint: a.Blueprint, spawned: r.Times[a.First], at: unrealCM(a.Spawn())})
	}
	slices.Sort(ids)
	return ids, out
}

func printedEvents(evs []compare.Event) []diffEvent {
	out := []diffEvent{}
	for _, e := range evs {
		out = append(out, diffEvent{Kind: e.Kind, Time: fleet.Round(e.Time, 3), Actors: e.Actors})
	}
	return out
}

// differ reports whether the runs differ beyond the threshold.
func (rep *diffReport) differ() bool {
	return len(rep.Actors)+len(rep.OnlyInA)+len(rep.OnlyInB)+len(rep.EventsOnlyInA)+len(rep.EventsOnlyInB) > 0
}

func (rep *diffReport) writeJSON(w io.Writer) error {
	bw := &errWriter{w: w}
	a, _ := json.Marshal(rep.A)
	b, _ := json.Marshal(rep.B)
	bw.printf("{\n  \"a\": %s,\n  \"b\": %s,\n  \"threshold\": %s,\n", a, b, jsonNum(rep.Threshold))
	writeList(bw, "actors", rep.Actors, ",")
	writeList(bw, "only_in_a", rep.OnlyInA, ",")
	writeList(bw, "only_in_b", rep.OnlyInB, ",")
	writeList(bw, "events_only_in_a", rep.EventsOnlyInA, ",")
	writeList(bw, "events_only_in_b", rep.EventsOnlyInB, "")
	bw.printf("}\n")
	return bw.err
}

func (rep *diffReport) writeText(w io.Writer, offset float64) error {
	bw := &errWriter{w: w}
	shift := ""
	if offset != 0 {
		shift = fmt.Sprintf(", B shifted by %s s", shortNum(offset))
	}
	bw.printf("Comparing %s (A) with %s (B), aligned at their first frames%s.\n", rep.A, rep.B, shift)
	bw.printf("Times in seconds (actors: on A's clock), locations in cm as the files store them.\n\n")
	bw.printf("Matched actors: %d (by id %d, by role %d, by spawn %d); diverging by more than %s m: %d\n",
		rep.matched[0]+rep.matched[1]+rep.matched[2], rep.matched[compare.ByID], rep.matched[compare.ByRole],
		rep.matched[compare.BySpawn], shortNum(rep.Threshold), len(rep.Actors))
	for _, a := range rep.Actors {
		bw.printf("  %d %s (B %d, by %s): over %s m at %.2f s, at most %.2f m at %.2f s: A at %s, B at %s\n",
			a.AID, a.Blueprint, a.BID, a.by, shortNum(rep.Threshold), a.FirstDiverges, a.MaxDivergence, a.MaxAt,
			xyz(a.ALocation), xyz(a.BLocation))
	}
	for _, s := range []struct {
		run   string
		lones []diffLone
	}{{"A", rep.onlyA}, {"B", rep.onlyB}} {
		bw.printf("\nActors only in %s: %d\n", s.run, len(s.lones))
		for _, l := range s.lones {
			bw.printf("  %d %s, spawned at %.2f s at %s\n", l.id, l.blueprint, l.spawned, xyz(l.at))
		}
	}
	for _, s := range []struct {
		run string
		evs []diffEvent
	}{{"A", rep.EventsOnlyInA}, {"B", rep.EventsOnlyInB}} {
		bw.printf("\nEvents only in %s: %d\n", s.run, len(s.evs))
		for _, e := range s.evs {
			bw.printf("  %8.2f  %-10s  actors %s\n", e.Time, e.Kind, ids(e.Actors))
		}
	}
	if rep.differ() {
		bw.printf("\nThe runs differ.\n")
	} else {
		bw.printf("\nThe runs agree within %s m.\n", shortNum(rep.Threshold))
	}
	return bw.err
}

func xyz(p [3]float64) string { return fmt.Sprintf("(%.1f, %.1f, %.1f)", p[0], p[1], p[2]) }

func ids(v []uint32) string {
	s := ""
	for i, id := range v {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(id)
	}
	return s
}
