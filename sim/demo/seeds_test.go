package demo

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/scene"
)

// seedRun is one full-length demo on its own city and what the check
// finds in it.
type seedRun struct {
	seed  int64
	sum   Summary
	found *faults.Result
}

// runSeed builds the demo for seed at the default length and checks it.
func runSeed(t testing.TB, seed int64) seedRun {
	mb, lb, sum, err := Build(City(seed), Options{Seed: seed, Minutes: DefaultMinutes})
	if err != nil {
		t.Fatal(err)
	}
	bm, err := bai.DecodeBytes(mb)
	if err != nil {
		t.Fatal(err)
	}
	return seedRun{seed: seed, sum: sum, found: findFaults(t, lb, scene.NewMap(bm))}
}

// kinds lists the kinds the run's rogue staged.
func (r seedRun) kinds() []string {
	var ks []string
	for _, st := range r.sum.Staged {
		ks = append(ks, st.Kind)
	}
	return ks
}

// TestRogueSeeds: on seeds 1-20, each city its own, every fault the
// rogue staged is one the check finds once, by the rogue, over the same
// span (the exact times are TestRogueFaults' for the default seed); the
// rogue commits no fault it did not write down and stages each kind at
// most once; there is one collision, the staged one, and the rogue is
// in none. It logs the kinds and the plan (plan.go) of each seed. Issue
// 27 wants all five kinds on every seed: no seed of 1-20 may miss a
// kind (maxShort). Seeds 2, 6 and 7 used to, in every plan: on seed 2
// the rogue came down to its crawl only a metre before the only stop
// line it reached and stopped while a crossing car held its way; on
// seeds 6 and 7 every plan was drawn to the lanes of the other acts and
// never reached a lane for a wrong-way (6) or an off-lane (7) before the
// end; and a plan chosen by a run that is not rewound was written with
// another plan's focus. The eager plans (plan.go) fix the first two;
// seeds 5 and 6 still need plans 6 and 7 of 8. ROGUE_SEEDS=40 runs seeds 1-40 (then the bound is not
// checked). Twenty two-minute runs with their plans take some 22 s of
// CPU, so -short skips them.
func TestRogueSeeds(t *testing.T) {
	const maxShort = 0
	if testing.Short() {
		t.Skip("20 two-minute demos")
	}
	last := int64(20)
	if n, err := strconv.Atoi(os.Getenv("ROGUE_SEEDS")); err == nil && n > 0 {
		last = int64(n)
	}
	var mu sync.Mutex
	var short []int64
	t.Cleanup(func() {
		slices.Sort(short)
		t.Logf("seeds without all five kinds: %v", short)
		if last == 20 && len(short) > maxShort {
			t.Errorf("%d of seeds 1-%d miss a kind, want at most %d", len(short), last, maxShort)
		}
	})
	for seed := int64(1); seed <= last; seed++ {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			t.Parallel()
			r := runSeed(t, seed)
			checkSeed(t, r)
			if len(r.sum.Staged) != int(nActs)-1 {
				mu.Lock()
				short = append(short, seed)
				mu.Unlock()
			}
			t.Logf("seed %d staged %d kinds with plan %d of %d tried: %s", seed, len(r.sum.Staged),
				r.sum.RoguePlan, r.sum.RoguePlans, strings.Join(r.kinds(), ", "))
		})
	}
}

// sameSpan is how far (s) apart a fault the check finds may be from a
// staged one and still be that one: eight frames. Where the rules place
// a front at a line or start a time to collision differs from the sim's
// by a frame or two on most seeds; a rogue pulling away from a stand at
// a red line (waitsForRed) crosses slowly, and on seed 11 the check
// places its front past the line 0.3 s (some 0.6 m) after the sim does.
const sameSpan = 0.4

// checkSeed compares what a run staged with what the check found.
func checkSeed(t *testing.T, r seedRun) {
	t.Helper()
	sum := r.sum
	if sum.Rogue == 0 {
		t.Fatal("no rogue")
	}
	seen := map[string]bool{}
	for _, st := range sum.Staged {
		if seen[st.Kind] || st.Actor != sum.Rogue {
			t.Errorf("staged %+v twice or by another actor", st)
		}
		seen[st.Kind] = true
		n := 0
		for _, f := range r.found.Faults {
			if f.Actor == sum.Rogue && f.Kind.String() == st.Kind && f.Start <= st.End+sameSpan && f.End >= st.Start-sameSpan {
				n++
			}
		}
		if n != 1 {
			t.Errorf("the check finds the staged %s at %.2f-%.2f %d times", st.Kind, st.Start, st.End, n)
		}
	}
	for _, f := range r.found.Faults {
		switch {
		case f.Kind == faults.Collision && (f.Actor == sum.Rogue || f.Other == sum.Rogue):
			t.Errorf("the rogue collided: %+v", f)
		case f.Actor == sum.Rogue && !seen[f.Kind.String()]:
			t.Errorf("the rogue committed %v at %.2f-%.2f, not staged", f.Kind, f.Start, f.End)
		}
	}
	if c := r.found.Count(faults.Collision); c != 1 || sum.Collisions != 1 {
		t.Errorf("%d collisions found, %d recorded, want the staged one", c, sum.Collisions)
	}
}

// BenchmarkRogueSeeds simulates and checks the full-length demo on
// seeds 1-20 and reports how many of the rogue's five kinds each seed
// stages on average and on how many seeds all five: the goal is 5 and 20.
func BenchmarkRogueSeeds(b *testing.B) {
	for b.Loop() {
		kinds, all := 0, 0
		for seed := int64(1); seed <= 20; seed++ {
			r := runSeed(b, seed)
			kinds += len(r.sum.Staged)
			if len(r.sum.Staged) == int(nActs)-1 {
				all++
			}
		}
		b.ReportMetric(float64(kinds)/20, "kinds/seed")
		b.ReportMetric(float64(all), "seeds-with-all-5")
	}
}
