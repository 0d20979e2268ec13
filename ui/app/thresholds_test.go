package app

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/ui/input"
)

// TestThresholdStepsCoverEveryField: every threshold the settings name
// has a unit and step in the panel, and its default lies on its steps
// and within its limits (so Left then Right comes back to it).
func TestThresholdStepsCoverEveryField(t *testing.T) {
	def := faults.Defaults()
	fields := thresholdFields(&def)
	if n := reflect.TypeFor[faults.Thresholds]().NumField(); n != numThresholds {
		t.Errorf("faults.Thresholds has %d fields, the panel %d", n, numThresholds)
	}
	if len(fields) != len(thresholdSteps) {
		t.Errorf("%d fields, %d steps", len(fields), len(thresholdSteps))
	}
	for _, f := range fields {
		st, ok := thresholdSteps[f.name]
		if !ok {
			t.Errorf("%s: no step", f.name)
			continue
		}
		if *f.v < st.min || *f.v > st.max || st.step <= 0 {
			t.Errorf("%s: default %v outside [%v, %v] or step %v", f.name, *f.v, st.min, st.max, st.step)
		}
	}
}

// TestThresholdsPanel: Shift+K opens the panel (closing the fault list);
// Right raises the threshold under the cursor by its step, remembered in
// the settings; raising off-lane past the drift makes its fault go when
// the rules run again, and lowering it back brings the fault back.
func TestThresholdsPanel(t *testing.T) {
	a := newFaulty(t)
	if i, _ := faultOf(a, faults.OffLane); i < 0 {
		t.Fatal("no off-lane fault to start with")
	}
	m := input.NewMapper()
	keys(a, m, false, input.KeyK)
	keys(a, m, true, input.KeyK)
	if !a.ThresholdList().Open() || a.FaultList().Open() {
		t.Fatalf("Shift+K: thresholds %v, fault list %v", a.ThresholdList().Open(), a.FaultList().Open())
	}
	m.SetThresholds(true)
	if got := string(a.ThresholdList().Lines().Line(1)); got != "off-lane\t1.0 m" {
		t.Errorf("first threshold's row %q", got)
	}
	keys(a, m, false, input.KeyDown) // past the rule profile's row
	gen := a.SettingsGen()
	for range 15 { // 1.0 m -> 2.5 m: beyond the 1.8 m drift
		keys(a, m, false, input.KeyRight)
	}
	if a.Thresholds().OffLane != 2.5 || a.Settings().Thresholds["off-lane"] != 2.5 || a.SettingsGen() == gen {
		t.Errorf("off-lane %v, remembered %v, settings gen %d (was %d)",
			a.Thresholds().OffLane, a.Settings().Thresholds["off-lane"], a.SettingsGen(), gen)
	}
	if a.Clock().Time() != 0 {
		t.Errorf("Right in the panel moved the clock to %v", a.Clock().Time())
	}
	settle(t, a)
	if i, f := faultOf(a, faults.OffLane); i >= 0 {
		t.Errorf("off-lane at 2.5 m still finds %+v", f)
	}
	if got := string(a.ThresholdList().Lines().Line(1)); !strings.Contains(got, "2.5 m  (default 1.0)") {
		t.Errorf("changed row %q", got)
	}
	for range 15 {
		keys(a, m, false, input.KeyLeft)
	}
	settle(t, a)
	if i, _ := faultOf(a, faults.OffLane); i < 0 || a.Thresholds().OffLane != 1 {
		t.Errorf("off-lane back at %v: fault found %v", a.Thresholds().OffLane, i >= 0)
	}
	keys(a, m, false, input.KeyDown, input.KeyDown)
	for range 100 {
		keys(a, m, false, input.KeyLeft)
	}
	if a.ThresholdList().Cursor() != 3 || a.Thresholds().LaneChangeTime != 0 {
		t.Errorf("cursor %d, lane-change-time %v after 100 steps down (want row 3, its floor 0)",
			a.ThresholdList().Cursor(), a.Thresholds().LaneChangeTime)
	}
	keys(a, m, false, input.KeyEscape)
	if a.ThresholdList().Open() {
		t.Error("Esc did not close the panel")
	}
}
