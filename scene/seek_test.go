package scene

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/sim/synth"
)

// carlaDir is the shared real recordings, beside the repository.
var carlaDir = filepath.Join("..", "..", "shared", "testdata", "carla")

var realFiles = []string{"carla-0.9.10-town01-lanecenter.log", "carla-0.9.13-town01-lanecenter.log"}

// readReal returns a real recording, skipping the test when the shared
// files are absent (failing instead under CI).
func readReal(t testing.TB, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(carlaDir, name))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("real recording missing under CI: %v", err)
		}
		t.Skipf("real recording not available: %v", err)
	}
	return data
}

// sameFrame describes how got differs from the reference want (empty if
// it does not), ignoring the derived motion a World cannot know.
func sameFrame(got, want *State) string {
	if got.Frame != want.Frame || got.FrameID != want.FrameID || got.Time != want.Time {
		return fmt.Sprintf("frame %d/%d at %v, want %d/%d at %v", got.Frame, got.FrameID, got.Time, want.Frame, want.FrameID, want.Time)
	}
	if len(got.Actors) != len(want.Actors) {
		return fmt.Sprintf("%d actors, want %d", len(got.Actors), len(want.Actors))
	}
	for i := range got.Actors {
		g, w := got.Actors[i], want.Actors[i]
		g.Velocity, g.Speed, g.Accel = mgl64.Vec3{}, 0, 0
		if !reflect.DeepEqual(g, w) {
			return fmt.Sprintf("actor %d:\n got %+v\nwant %+v", w.ID, g, w)
		}
	}
	if !reflect.DeepEqual(got.Weather, want.Weather) {
		return fmt.Sprintf("weather %+v, want %+v", got.Weather, want.Weather)
	}
	if len(got.Collisions)+len(want.Collisions) > 0 && !reflect.DeepEqual(got.Collisions, want.Collisions) {
		return fmt.Sprintf("collisions %+v, want %+v", got.Collisions, want.Collisions)
	}
	if len(got.Problems)+len(want.Problems) > 0 && !reflect.DeepEqual(got.Problems, want.Problems) {
		return fmt.Sprintf("problems %q, want %q", got.Problems, want.Problems)
	}
	return ""
}

// seekOrders returns the frame orders the property test visits.
func seekOrders(n int, rng *rand.Rand) map[string][]int {
	fwd, back, random := make([]int, n), make([]int, n), make([]int, 2*n)
	for i := range n {
		fwd[i], back[i] = i, n-1-i
	}
	for i := range random {
		random[i] = rng.IntN(n)
	}
	return map[string][]int{"forward": fwd, "backward": back, "random": random}
}

// checkSeeks is the property: whatever the order of the seeks, StateAt at a
// frame's time equals applying every frame from the start up to it, and a
// time between frames gives the same State however it is reached.
func checkSeeks(t *testing.T, data []byte) {
	ref := naiveStates(t, data)
	rec := openBytes(t, data)
	if len(ref) != len(rec.Frames()) {
		t.Fatalf("reference has %d frames, recording %d", len(ref), len(rec.Frames()))
	}
	if rec.Keyframes() < 2 && len(ref) > 100 {
		t.Fatalf("only %d keyframes: restoring is not exercised", rec.Keyframes())
	}
	times := rec.Times()
	rng := rand.New(rand.NewPCG(1, 2))
	var s State
	for name, order := range seekOrders(len(ref), rng) {
		for _, n := range order {
			if err := rec.StateAt(times[n], &s); err != nil {
				t.Fatalf("%s: StateAt(%v): %v", name, times[n], err)
			}
			if d := sameFrame(&s, &ref[n]); d != "" {
				t.Fatalf("%s seek to frame %d: %s", name, n, d)
			}
		}
	}
	// Seeking shares the static data Open made instead of making it anew.
	w := rec.sk.w
	for k := range w.count() {
		if st := w.at(k).st; rec.statics.all[st.index] != st {
			t.Fatalf("actor %d: static data not from Open", st.id)
		}
	}
	if rec.statics.misses != 0 {
		t.Fatalf("%d static lookups failed", rec.statics.misses)
	}
	// Between frames: the same t gives the same state on a fresh
	// Recording as after a random walk.
	fresh := openBytes(t, data)
	var a, b State
	for range 200 {
		n := rng.IntN(len(ref) - 1)
		tm := times[n] + rng.Float64()*(times[n+1]-times[n])
		for range 3 {
			if err := rec.StateAt(times[rng.IntN(len(ref))], &s); err != nil {
				t.Fatal(err)
			}
		}
		if err := rec.StateAt(tm, &a); err != nil {
			t.Fatal(err)
		}
		if err := fresh.StateAt(tm, &b); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("t=%v: state depends on how it was reached", tm)
		}
		if a.Frame != n || len(a.Actors) != len(ref[n].Actors) {
			t.Fatalf("t=%v: frame %d with %d actors, want %d with %d", tm, a.Frame, len(a.Actors), n, len(ref[n].Actors))
		}
	}
}

// stateDigest is a fingerprint of every exported field of s, derived
// motion and the values behind its pointers included (JSON prints each
// float so that it reads back exactly). An empty list counts as nil: a
// reused State keeps its buffers.
func stateDigest(t *testing.T, s *State) [32]byte {
	c := *s
	if len(c.Problems) == 0 {
		c.Problems = nil
	}
	if len(c.Collisions) == 0 {
		c.Collisions = nil
	}
	b, err := json.Marshal(&c)
	if err != nil {
		// JSON has no NaN or infinity, which a hostile file's floats
		// can be: print every value instead (%v prints a float so that
		// it reads back exactly, and NaN as NaN), the pointers' values
		// in place of their addresses.
		var w bytes.Buffer
		weather, actors := c.Weather, c.Actors
		c.Weather, c.Actors = nil, nil
		fmt.Fprintf(&w, "%+v weather %+v\n", c, deref(weather))
		for _, a := range actors {
			light := a.TrafficLight
			a.TrafficLight = nil
			fmt.Fprintf(&w, "%+v light %+v\n", a, deref(light))
		}
		b = w.Bytes()
	}
	return sha256.Sum256(b)
}

// deref returns *p, or false for nil.
func deref[T any](p *T) any {
	if p == nil {
		return false
	}
	return *p
}

// checkPlayBothWays is the property over whole States, derived speed and
// acceleration included: the times a clock visits playing forward from
// the start (a tick is shorter than a frame, so some ticks stay in a
// frame and most land between two) give the same States played backward
// from the end and sought in random order, each on a fresh Recording.
func checkPlayBothWays(t *testing.T, data []byte) {
	times := openBytes(t, data).Times()
	const tick = 0.0213 // 1/60 s at 1.28x
	var ticks []float64
	for tm := times[0]; tm < times[len(times)-1]; tm += tick {
		ticks = append(ticks, tm)
	}
	ticks = append(ticks, times[len(times)-1])
	forward := make([][32]byte, len(ticks))
	var s State
	rec := openBytes(t, data)
	for i, tm := range ticks {
		if err := rec.StateAt(tm, &s); err != nil {
			t.Fatal(err)
		}
		forward[i] = stateDigest(t, &s)
	}
	check := func(how string, order []int) {
		rec := openBytes(t, data)
		for _, i := range order {
			if err := rec.StateAt(ticks[i], &s); err != nil {
				t.Fatal(err)
			}
			if stateDigest(t, &s) != forward[i] {
				t.Fatalf("t=%v (frame %d): %s gives another state than playing forward", ticks[i], s.Frame, how)
			}
		}
	}
	backward := make([]int, len(ticks))
	for i := range backward {
		backward[i] = len(ticks) - 1 - i
	}
	check("playing backward from the end", backward)
	check("seeking in random order", rand.New(rand.NewPCG(5, 6)).Perm(len(ticks)))
}

func TestSeekMatchesReferenceReal(t *testing.T) {
	for _, name := range realFiles {
		t.Run(name, func(t *testing.T) {
			data := readReal(t, name)
			checkSeeks(t, data)
			checkPlayBothWays(t, data)
		})
	}
}

func TestSeekMatchesReferenceSynth(t *testing.T) {
	var b bytes.Buffer
	cfg := synth.Config{Vehicles: 40, Walkers: 10, TrafficLights: 8, Hz: 20, Frames: 1500, Churn: true, Seed: 3}
	if err := synth.Write(&b, cfg); err != nil {
		t.Fatal(err)
	}
	checkSeeks(t, b.Bytes())
	checkPlayBothWays(t, b.Bytes())
}

func TestSeekMatchesReferenceSynthetic(t *testing.T) {
	configs := map[string]genConfig{
		"churn":     {vehicles: 30, walkers: 8, lights: 6, frames: 400, hz: 20, seed: 3, churn: true, sensors: true},
		"gaps":      {vehicles: 20, walkers: 5, lights: 4, frames: 300, hz: 10, seed: 4, churn: true, gaps: true, teleports: true},
		"problems":  {vehicles: 5, lights: 2, frames: 200, hz: 30, seed: 5, problems: true, sensors: true},
		"one frame": {vehicles: 3, lights: 1, frames: 1, hz: 20, seed: 6},
	}
	for name, cfg := range configs {
		t.Run(name, func(t *testing.T) {
			data := genBytes(t, cfg)
			if cfg.frames == 1 {
				rec := openBytes(t, data)
				var s State
				for _, tm := range []float64{-1, 0, 5} {
					if err := rec.StateAt(tm, &s); err != nil || s.Frame != 0 || len(s.Actors) != 5 {
						t.Fatalf("t=%v: frame %d, %d actors, %v", tm, s.Frame, len(s.Actors), err)
					}
				}
				return
			}
			checkSeeks(t, data)
			checkPlayBothWays(t, data)
			// Actors left out of the per-frame packets make keyframes
			// store values that Open's scan skimmed and read again.
			if refills := openBytes(t, data).refills; cfg.gaps && refills == 0 {
				t.Error("no skimmed value was read again: the path is not tested")
			}
		})
	}
}
