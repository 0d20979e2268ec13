package demo

import (
	"testing"

	"github.com/mm2carla/viewer/analysis/towns"
)

// TestTownsBrakeBelievably drives the clean traffic of every built-in
// town at the default seed and measures how hard each car slows from
// one step to the next. The driver model brakes at most maxBrake; a car
// slows harder only where a line or a car it had not braked for stops
// it within the step (move's limit), which a viewer sees as a stop from
// speed to rest in one frame. The two cars of the staged collision are
// left out (their contact stops them so). Such stops happen only on
// lanes too short to stop on comfortably from their entry speed
// (shortToStop), where a car heeds the line at the end only once on the
// lane, unless it looks past the lane from the way into it (pickEarly):
// at the default seed two on Town10HD's 11 m link (road 2), at its red
// light, from 2-3 m/s, and one on Town04. Braking from the way into the
// link for its light instead (at 1.8 or at 4 m/s^2, once that took it,
// or planning for its line from there) slowed the traffic into it and left more cars
// blocked on Town10HD's clean seeds 1-10 (2 became 6 and 7), so they
// stay; this test holds every other lane to maxBrake. On the lanes that
// cannot hold a car, Town04's roads 2, 3 and 12 and Town03's road 38,
// the cars look past the lane: before that, seeds 1-5 stopped cars there
// from up to 8 m/s in one step (Town04 6 times, at seeds 1-3 and 5;
// Town03 9 times, at seeds 2-4); now one per town is left over those
// seeds (Town04's at the default seed, 44.8 m/s^2, as before; Town03's
// on road 38 at seed 3, from 3.9 m/s; their causes not looked into).
func TestTownsBrakeBelievably(t *testing.T) {
	if testing.Short() {
		t.Skip("eight two-minute demos on CARLA's towns")
	}
	for _, town := range towns.Builtin() {
		t.Run(town, func(t *testing.T) {
			t.Parallel()
			b := hardestBrake(t, town, DefaultSeed)
			t.Logf("%s: hardest braking %.1f m/s^2 off lanes too short to stop on, %d one-step stops on them (%d from %.0f m/s or more), hardest there %.1f m/s^2",
				town, b.worst, b.short, b.fast, stopFast, b.shortWorst)
			if b.worst > maxBrake+brakeSlack {
				t.Errorf("%s: a car slowed at %.1f m/s^2, more than maxBrake %.1f", town, b.worst, maxBrake)
			}
			if town != "Town03" && town != "Town04" {
				return
			}
			fast := 0
			for seed := int64(1); seed <= 5; seed++ {
				b := hardestBrake(t, town, seed)
				fast += b.fast
				t.Logf("%s seed %d: %d one-step stops from %.0f m/s or more on lanes too short to stop on", town, seed, b.fast, stopFast)
			}
			if fast > 1 {
				t.Errorf("%s seeds 1-5: %d one-step stops from %.0f m/s or more on lanes too short to stop on, want at most 1: cars no longer plan for the line past them", town, fast, stopFast)
			}
		})
	}
}

// stopFast (m/s) is the speed from which a one-step stop on a short
// lane counts as one a viewer sees as a car halting dead.
const stopFast = 2.0

// braking is what hardestBrake measures.
type braking struct {
	worst      float64 // hardest slowing (m/s^2) off lanes too short to stop on
	short      int     // steps slowing harder than maxBrake+brakeSlack on such lanes
	fast       int     // those from stopFast or faster
	shortWorst float64 // hardest slowing on such lanes
}

// brakeSlack is how much harder than maxBrake (m/s^2) a step's slowing
// may be: the last step of a stop at a line evens the speed to cover the
// distance left (move).
const brakeSlack = 0.5

// hardestBrake simulates the clean traffic of town at seed as RecordTown
// does and measures how hard the cars not in the staged collision slow
// from one step to the next, on lanes they could stop on comfortably and
// on those too short for that.
func hardestBrake(t *testing.T, town string, seed int64) (b braking) {
	t.Helper()
	n, frames := townRunNet(t, Options{Seed: seed, Minutes: DefaultMinutes, MapName: town, Clean: true})
	s := newSim(n, seed, false, 0)
	s.start()
	s.ev.reset()
	var prev []float64
	var was []uint32
	for f := 2; f <= frames; f++ {
		s.step()
		s.ev.reset()
		for len(prev) < len(s.veh) {
			prev, was = append(prev, 0), append(was, 0)
		}
		for i := range s.veh {
			v := &s.veh[i]
			if !v.alive {
				was[i] = 0
				continue
			}
			if was[i] == v.id && !v.hero && v.frozen == 0 && !v.distracted {
				d := (prev[i] - v.v) / s.dt
				switch {
				case !v.onMove && shortToStop(&n.lanes[v.seg], v.hl):
					if d > maxBrake+brakeSlack {
						b.short++
						if prev[i] >= stopFast {
							b.fast++
						}
					}
					b.shortWorst = max(b.shortWorst, d)
				default:
					b.worst = max(b.worst, d)
				}
			}
			prev[i], was[i] = v.v, v.id
		}
	}
	return b
}
