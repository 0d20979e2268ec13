package app

import (
	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/ui/settings"
)

// analysis is the analysing part of the app: the lane association and
// fault pass over the open recording (analysis.go), the thresholds it
// runs with and their panel (thresholds.go), the rule profile and the
// leaderboard's judging (leaderboard.go), the fault list
// (faultlist.go), the trails' length and the plots (plots.go). App
// composes it with the clock, the selection and the camera, which the
// fault list's commands also move.
type analysis struct {
	job        *analysisJob // the pass running (nil: none)
	assoc      *lanes.Association
	res        *faults.Result
	endLights  map[lanes.EndKey]int32
	endSigns   map[lanes.EndKey]int32
	thresholds faults.Thresholds

	list          List // the fault list
	picked        int  // the index in Faults of the fault last gone to (-1: none)
	pickedB       int  // the index in FaultsB of run B's fault last gone to (-1: none)
	rows          []faultRow
	rowsOf        faultRowsKey
	filter        FaultFilter // which faults the list shows (Ctrl+K)
	heroIDs       []uint32    // the heroes of run A and of run B, for FilterHero
	heroIDsB      []uint32
	thresholdList List           // the thresholds panel
	rules         Rules          // the rule profile the fault list follows (leaderboard.go)
	lb            lbState        // the leaderboard's judging (leaderboard.go)
	lbMarks       []faults.Fault // the listed infractions as the map marks them (infractions.go)

	trail        float64 // seconds of trail behind and ahead
	plots        Plot
	scratchIdx   []int
	sampleBudget int64 // SampleBudget; tests lower it
}

// init applies the remembered settings.
func (an *analysis) init(s settings.Settings) {
	an.thresholds, an.trail, an.picked, an.pickedB, an.sampleBudget = thresholdsOf(s), DefaultTrail, -1, -1, SampleBudget
	an.rules = rulesOf(s)
	if s.Trail > 0 {
		an.trail = nearestTrail(s.Trail)
	}
}

// running reports whether the pass runs.
func (an *analysis) running() bool { return an.job != nil }

// stop cancels the pass running, if any.
func (an *analysis) stop() {
	if an.job != nil {
		an.job.cancel()
		an.job = nil
	}
}

// forget drops what the pass found (a new recording or map is coming).
func (an *analysis) forget() {
	an.stop()
	an.assoc, an.res, an.endLights, an.endSigns = nil, nil, nil, nil
	an.plots.reset()
}

// install takes what a finished pass found, and puts the fault list's
// cursor back at the top.
func (an *analysis) install(j *analysisJob) {
	an.assoc, an.res, an.endLights, an.endSigns = j.assoc, j.result, j.lights, j.signs
	an.list.cursor, an.picked, an.pickedB = 0, -1, -1
}

// faults returns the faults found (nil: none, or not yet).
func (an *analysis) faults() []faults.Fault {
	if an.res == nil {
		return nil
	}
	return an.res.Faults
}

// setSampleBudget bounds the samples the pass may keep (tests lower it).
func (an *analysis) setSampleBudget(n int64) { an.sampleBudget = n }

// result returns what the pass found last (nil: nothing yet).
func (an *analysis) result() *faults.Result { return an.res }
