package pipeline

import (
	"context"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/scene"
)

// LaneMap is the lane map the analysis places vehicles on, chosen from
// an open map: the OpenDRIVE network when it has a road, else the BAI
// map when it has one, else nil (no map: only the recorded collisions
// and blocked spans are faults).
//
// It is the one chooser, for every command and the window. A map without
// a road counts as no map, because the lane rules over it would find
// every vehicle off the map and no fault, and report that as a clean
// check; saying the lane rules were skipped is the truth. (The window
// always ruled so; the commands used to run the lane rules over an empty
// map.) A damaged map, which the window shows with the roads read before
// the error, gives the lane map of those roads.
func LaneMap(m *scene.Map, rn *scene.RoadNet) lanes.Map {
	switch {
	case rn != nil && len(rn.Roads) > 0:
		return lanes.NewOpenDRIVE(rn)
	case m != nil && len(m.Roads) > 0:
		return lanes.NewBAI(m)
	}
	return nil
}

// LaneMapOf is LaneMap of an opened map file; nil for nil.
func LaneMapOf(f *File) lanes.Map {
	if f == nil {
		return nil
	}
	return LaneMap(f.Map, f.Roads)
}

// Options tune Analyze.
type Options struct {
	// Thresholds are the fault rules' limits (faults.Defaults(), or a
	// user's).
	Thresholds faults.Thresholds
	// Only, when not nil (even empty), keeps the tracks of these vehicles
	// alone (lanes.AssociateActors): a fraction of the pass's cost when
	// a few vehicles are wanted. Without a map Find gives on such an
	// association the faults it gives on the whole one, as long as Only
	// holds the actors of the recorded collisions and blocked spans
	// (lanes.EventActors); with a map it misses the close calls with the
	// vehicles left out. nil: every vehicle.
	Only []uint32
	// Progress, if not nil, is called on Analyze's goroutine with the
	// frames associated out of the total.
	Progress func(done, total int64)
}

// Analysis is one recording's lane association and the faults found
// over it.
type Analysis struct {
	Recording  *scene.Recording
	Assoc      *lanes.Association // Assoc.Map is the lane map (nil: none)
	Faults     *faults.Result
	Thresholds faults.Thresholds // the limits Faults were found with
}

// Associate places the vehicles of rec on lm (nil: no map) at every
// frame: every vehicle, or those of only when it is not nil (see
// Options.Only). It uses every core for a while; ctx stops it with ctx's
// error. A recording whose events claim more vehicle samples than its
// frames could hold is refused with a *lanes.ClaimError.
func Associate(ctx context.Context, rec *scene.Recording, lm lanes.Map, only []uint32, progress func(done, total int64)) (*lanes.Association, error) {
	if only != nil {
		return lanes.AssociateActors(ctx, rec, lm, only, progress)
	}
	return lanes.Associate(ctx, rec, lm, progress)
}

// Find runs the fault rules over an association of rec with the
// thresholds th: the lane rules when the association has a map, and the
// recorded collisions and blocked spans always. It costs a fraction of
// the association, which is why new thresholds run it alone.
func Find(rec *scene.Recording, as *lanes.Association, th faults.Thresholds) *faults.Result {
	return faults.Find(as, rec.Events(), th)
}

// Analyze is the pipeline: the vehicles of rec associated with the lanes
// of lm (LaneMap's choice; nil: no map), then the faults found with
// opt.Thresholds. Errors are Associate's, unwrapped: the caller names
// the recording.
func Analyze(ctx context.Context, rec *scene.Recording, lm lanes.Map, opt Options) (*Analysis, error) {
	as, err := Associate(ctx, rec, lm, opt.Only, opt.Progress)
	if err != nil {
		return nil, err
	}
	return &Analysis{Recording: rec, Assoc: as, Faults: Find(rec, as, opt.Thresholds), Thresholds: opt.Thresholds}, nil
}

// Refind returns the analysis with the faults found again with th over
// the same association, which it shares (read-only).
func (a *Analysis) Refind(th faults.Thresholds) *Analysis {
	return &Analysis{Recording: a.Recording, Assoc: a.Assoc, Faults: Find(a.Recording, a.Assoc, th), Thresholds: th}
}
