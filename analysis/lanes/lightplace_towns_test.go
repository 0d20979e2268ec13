package lanes

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

// signalledTowns are the CARLA towns whose OpenDRIVE files name their
// traffic lights (under carlaDir).
var signalledTowns = []string{"Town01.xodr", "towns/Town02.xodr", "towns/Town04.xodr", "towns/Town06.xodr",
	"towns/Town07.xodr", "towns/Town10HD.xodr"}

// signalTruth is what a town's file says about its traffic lights: each
// light as a recorded actor would stand (the signal's pose, the actor's
// yaw 90 degrees clockwise of the signal's heading, as Town01's
// recordings show), and the junction entries each rules.
type signalTruth struct {
	ids    []string
	poses  []LightPose
	rules  []map[EndKey]bool // the entries each light rules
	single int               // lights without references, ruled by where they stand
	// virtual counts the signals left out: unnamed ones that no
	// reference names. Town10HD's two stand on the reference line (t 0)
	// facing along it with no orientation, lane-level marks of a junction
	// rather than a pole, so no light actor stands where they do.
	virtual int
}

// townTruth reads a town's signals. The entries a light rules are where
// the lanes of its references enter the junction: a reference on a
// connecting road names lanes of it (validity), and a lane with a
// negative id enters at the road's start (right-hand traffic), one with
// a positive id at its end; the incoming road's end linked there is the
// entry. A light with no reference rules the end of its own road it
// stands nearer to (OpenDRIVE.ruledEnd); an unnamed one is left out
// (see signalTruth.virtual).
func townTruth(t *testing.T, m *opendrive.Map, rn *scene.RoadNet, o *OpenDRIVE) signalTruth {
	t.Helper()
	var st signalTruth
	for ri := range m.Roads {
		for k := range m.Roads[ri].Signals {
			sg := &m.Roads[ri].Signals[k]
			if sg.Type != scene.SignalTrafficLight {
				continue
			}
			var pose LightPose
			for i := range rn.Signals {
				if rn.Signals[i].ID == sg.ID {
					pose = SignalLight(&rn.Signals[i])
				}
			}
			rules := map[EndKey]bool{}
			for j := range m.Roads {
				for _, ref := range m.Roads[j].SignalReferences {
					if ref.ID != sg.ID {
						continue
					}
					for _, v := range ref.Validity {
						for lane := min(v.FromLane, v.ToLane); lane <= max(v.FromLane, v.ToLane); lane++ {
							if k, ok := laneEntry(rn, j, lane); ok {
								rules[k] = true
							}
						}
					}
				}
			}
			if len(rules) == 0 && sg.Name == "" {
				st.virtual++
				continue
			}
			if len(rules) == 0 {
				if road, atStart, ok := o.ruledEnd(ri, sg.S); ok {
					rules[EndKey{road, atStart}] = true
					st.single++
				}
			}
			st.ids, st.poses, st.rules = append(st.ids, sg.ID), append(st.poses, pose), append(st.rules, rules)
		}
	}
	return st
}

// laneEntry is the junction entry from which lane of connecting road j
// is driven.
func laneEntry(rn *scene.RoadNet, j, lane int) (EndKey, bool) {
	rd := &rn.Roads[j]
	if lane == 0 || rd.Junction < 0 {
		return EndKey{}, false
	}
	link := rd.End
	if lane < 0 {
		link = rd.Start
	}
	if link.Road < 0 || rn.Roads[link.Road].Junction >= 0 {
		return EndKey{}, false
	}
	return EndKey{link.Road, link.AtStart}, true
}

// placeAgreement compares the place rule with a town's signals: of the
// entries some signal rules, how many the rule gives one of their
// signals' lights; and how many entries it gives a light that does not
// rule them. Each light stands shift metres off its signal (in a
// direction that turns from light to light) and is turned turn degrees
// (alternately either way), as a recorded actor may be.
func placeAgreement(t *testing.T, name string, shift, turn float64) (agree, signalled, wrong int, detail string) {
	t.Helper()
	m, rn, o := carlaTown(t, name)
	st := townTruth(t, m, rn, o)
	ruled := map[EndKey]bool{}
	for _, r := range st.rules {
		for k := range r {
			ruled[k] = true
		}
	}
	poses := make([]LightPose, len(st.poses))
	for i, p := range st.poses {
		a := 2.4 * float64(i)
		p.Pos = p.Pos.Add(mgl64.Vec3{math.Cos(a), math.Sin(a), 0}.Mul(shift))
		p.Yaw += turn * float64(1-2*(i%2))
		poses[i] = p
	}
	got := o.EntryLights(poses, nil)
	var b strings.Builder
	for k := range ruled {
		if i, ok := got[k]; ok && st.rules[i][k] {
			agree++
		} else {
			fmt.Fprintf(&b, " missed road %s %s;", rn.Roads[k.Road].ID, endWord(k.AtStart))
		}
	}
	for k, i := range got {
		if !st.rules[i][k] {
			wrong++
			fmt.Fprintf(&b, " light %s on road %s %s;", st.ids[i], rn.Roads[k.Road].ID, endWord(k.AtStart))
		}
	}
	return agree, len(ruled), wrong, b.String()
}

func endWord(atStart bool) string {
	if atStart {
		return "start"
	}
	return "end"
}

// TestPlaceRuleAgreesWithSignals is issue 25's measure of the place rule
// (EntryLights), the one Town03 and Town05 depend on: on every town
// whose file names its lights, with each light standing where its signal
// does, the rule gives at least 90% of the entries the signals rule one
// of their own lights; and so it does with every light 1 m off its
// signal and turned 5 degrees (a recorded Town01 actor is within 0.35 m
// and 2 degrees of its signal).
func TestPlaceRuleAgreesWithSignals(t *testing.T) {
	for _, off := range []struct{ shift, turn float64 }{{0, 0}, {1, 5}} {
		for _, name := range signalledTowns {
			agree, n, wrong, detail := placeAgreement(t, name, off.shift, off.turn)
			share := float64(agree) / float64(max(n, 1))
			t.Logf("%-20s %.0f m %.0f deg off: %3d of %3d signalled entries agree (%.1f%%), %d given a light that does not rule them;%s",
				name, off.shift, off.turn, agree, n, 100*share, wrong, detail)
			if share < 0.9 || n == 0 {
				t.Errorf("%s, lights %.0f m and %.0f degrees off: the place rule agrees with the signals on %d of %d entries (%.1f%%), want 90%%:%s",
					name, off.shift, off.turn, agree, n, 100*share, detail)
			}
		}
	}
}

// TestSignalledEndsAreTheReferencesEntries: on every town whose file
// names its lights, each road end the map gives a light (HasLight) is
// an entry that light's references rule, and at least 90% of the
// entries the references rule get one, although in Town04, Town06,
// Town07 and Town10HD the lights stand across the junction, on the road
// the traffic leaves by.
func TestSignalledEndsAreTheReferencesEntries(t *testing.T) {
	for _, name := range signalledTowns {
		m, rn, o := carlaTown(t, name)
		st := townTruth(t, m, rn, o)
		ruled := map[EndKey]bool{}
		for _, r := range st.rules {
			for k := range r {
				ruled[k] = true
			}
		}
		lit, right := 0, 0
		for r := range rn.Roads {
			for _, atStart := range []bool{true, false} {
				e := o.End(r, atStart)
				if !e.HasLight {
					continue
				}
				lit++
				k := EndKey{r, atStart}
				for i, p := range st.poses {
					if p.Pos == e.Light && st.rules[i][k] {
						right++
						break
					}
				}
				if ruled[k] {
					delete(ruled, k)
				}
			}
		}
		n := len(ruled) + right
		t.Logf("%-20s %d ends with a light, %d of them ruled by it; %d ruled entries without one", name, lit, right, len(ruled))
		if right != lit || float64(right) < 0.9*float64(n) {
			t.Errorf("%s: %d ends with a light, %d ruled by it by the references; %d entries the references rule have none",
				name, lit, right, len(ruled))
		}
	}
}
