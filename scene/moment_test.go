package scene

import (
	"bytes"
	"context"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mm2carla/viewer/sim/synth"
)

// momentFiles are the recordings the OpenAt tests (and the pieces' ones)
// read: generated, synthetic and the real ones when present.
func momentFiles(t *testing.T) map[string][]byte {
	files := map[string][]byte{}
	for name, cfg := range map[string]genConfig{
		"churn":    {vehicles: 30, walkers: 8, lights: 6, frames: 400, hz: 20, seed: 3, churn: true, sensors: true},
		"gaps":     {vehicles: 20, walkers: 5, lights: 4, frames: 300, hz: 10, seed: 4, churn: true, gaps: true, teleports: true},
		"problems": {vehicles: 5, lights: 2, frames: 200, hz: 30, seed: 5, problems: true, sensors: true},
	} {
		files[name] = genBytes(t, cfg)
	}
	var b bytes.Buffer
	if err := synth.Write(&b, synth.Config{Vehicles: 40, Walkers: 10, TrafficLights: 8, Hz: 20, Frames: 600, Churn: true, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	files["synth"] = b.Bytes()
	for _, name := range realFiles {
		if data, err := readRealQuiet(t, name); err == nil {
			files[name] = data
		}
	}
	return files
}

// momentTimes are the times tried: before the start, after the end, frame
// times and times between frames.
func momentTimes(times []float64, rng *rand.Rand) []float64 {
	end := times[len(times)-1]
	ts := []float64{-1, math.NaN(), times[0], end, end + 5, times[len(times)/2]}
	for range 12 {
		n := rng.IntN(len(times))
		ts = append(ts, times[n])
		if n+1 < len(times) {
			ts = append(ts, times[n]+rng.Float64()*(times[n+1]-times[n]))
		}
	}
	return ts
}

// checkMoment compares OpenAt's state at t with Open's, and what both
// say about the file.
func checkMoment(t *testing.T, name string, data []byte, full *Recording, tm float64) *Recording {
	t.Helper()
	return checkMomentOf(t, name, bytes.NewReader(data), int64(len(data)), full, tm)
}

// checkMomentOf is checkMoment of the recording of size bytes in r.
func checkMomentOf(t *testing.T, name string, r io.ReaderAt, size int64, full *Recording, tm float64) *Recording {
	t.Helper()
	rec, err := OpenAt(context.Background(), r, size, tm, nil)
	if err != nil {
		t.Fatalf("%s at %v: %v", name, tm, err)
	}
	if !reflect.DeepEqual(rec.Frames(), full.Frames()) || !reflect.DeepEqual(rec.Times(), full.Times()) ||
		rec.Index().Size != full.Index().Size || !sameErr(rec.Err(), full.Err()) || !sameErr(rec.Index().Err, full.Index().Err) {
		t.Fatalf("%s at %v: %d frames, err %v; Open: %d frames, err %v", name, tm, len(rec.Frames()), rec.Err(), len(full.Frames()), full.Err())
	}
	// The events of the frames applied, up to the one after t's.
	last := min(full.FrameAt(tm)+1, len(full.Frames())-1)
	var wantEv []Event
	for _, e := range full.Events() {
		if e.Kind != EventBlocked && e.Frame <= last {
			wantEv = append(wantEv, e)
		}
	}
	if !reflect.DeepEqual(rec.Events(), wantEv) && len(rec.Events())+len(wantEv) > 0 {
		t.Fatalf("%s at %v: %d events, want Open's %d up to frame %d", name, tm, len(rec.Events()), len(wantEv), last)
	}
	var got, want State
	if err := rec.StateAt(tm, &got); err != nil {
		t.Fatal(err)
	}
	if err := full.StateAt(tm, &want); err != nil {
		t.Fatal(err)
	}
	if rec.statics.misses != 0 {
		t.Fatalf("%s at %v: %d static lookups failed: the scan stopped too early", name, tm, rec.statics.misses)
	}
	for _, a := range got.Actors {
		if a.Distance != 0 {
			t.Fatalf("%s at %v: actor %d has Distance %v; OpenAt computes none", name, tm, a.ID, a.Distance)
		}
	}
	for i := range want.Actors {
		want.Actors[i].Distance = 0 // OpenAt does not compute it
	}
	if stateDigest(t, &got) != stateDigest(t, &want) {
		t.Fatalf("%s at %v: the state differs from Open's (frame %d, %d actors; Open frame %d, %d actors)",
			name, tm, got.Frame, len(got.Actors), want.Frame, len(want.Actors))
	}
	return rec
}

func sameErr(a, b error) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Error() == b.Error()
}

// TestOpenAt: the state at any time from OpenAt is Open's, bit for bit,
// with the default pieces and with tiny ones read by other goroutines.
func TestOpenAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for name, data := range momentFiles(t) {
		full := openBytes(t, data)
		times := momentTimes(full.Times(), rng)
		for _, tm := range times {
			checkMoment(t, name, data, full, tm)
		}
		withPieces(3<<10, 2, func() {
			for _, tm := range times[:8] {
				checkMoment(t, name+" (tiny pieces)", data, full, tm)
			}
		})
		// Pieces of several keyframes each, most of which OpenAt leaves out.
		left := 0
		some := times[:8]
		if name == "gaps" {
			// Every frame: a moment at a keyframe that an actor's
			// position skipped needs the pose the decoder handed over.
			some = full.Times()
		}
		withPieces(64<<10, 2, func() {
			for _, tm := range some {
				left += checkMoment(t, name+" (64 KiB pieces)", data, full, tm).keysLeft
			}
		})
		if len(data) > 4*64<<10 && left == 0 {
			t.Errorf("%s (%d bytes): OpenAt left out no keyframe", name, len(data))
		}
	}
}

// TestOpenAtDamaged: a cut or broken file gives OpenAt the frames and the
// error Open finds, wherever the damage lies from the moment.
func TestOpenAtDamaged(t *testing.T) {
	data := readRealOrGen(t)
	rng := rand.New(rand.NewPCG(9, 10))
	for range 25 {
		n := rng.IntN(len(data))
		cut := data[:n]
		broken := bytes.Clone(data)
		broken[n] ^= 0xff
		for _, d := range [][]byte{cut, broken} {
			full, err := Open(bytes.NewReader(d), int64(len(d)), nil)
			if err != nil {
				if _, err2 := OpenAt(context.Background(), bytes.NewReader(d), int64(len(d)), 1, nil); err2 == nil || err2.Error() != err.Error() {
					t.Fatalf("damaged at %d: Open fails with %v, OpenAt with %v", n, err, err2)
				}
				continue
			}
			times := full.Times()
			for _, tm := range []float64{times[0], times[len(times)/2], times[len(times)-1]} {
				withPieces(2<<10, 2, func() { checkMoment(t, "damaged", d, full, tm) })
				checkMoment(t, "damaged", d, full, tm)
			}
		}
	}
}

// FuzzOpenAt: whatever the bytes and the moment, OpenAt fails as Open
// does or gives Open's state, read with tiny pieces by other goroutines
// (the decoders' hand-overs, align's pairings) and whole.
func FuzzOpenAt(f *testing.F) {
	f.Add(genBytes(f, genConfig{vehicles: 4, walkers: 2, lights: 2, frames: 40, hz: 10, seed: 2, churn: true, gaps: true, sensors: true}), 0.5)
	f.Add(genBytes(f, genConfig{vehicles: 3, lights: 1, frames: 30, hz: 20, seed: 6, churn: true, teleports: true, problems: true}), 0.9)
	f.Add(writeFrames(f, moverFrames()), 0.3)
	f.Fuzz(func(t *testing.T, data []byte, at float64) {
		full, err := Open(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			if _, err2 := OpenAt(context.Background(), bytes.NewReader(data), int64(len(data)), at, nil); err2 == nil || err2.Error() != err.Error() {
				t.Fatalf("Open fails with %v, OpenAt with %v", err, err2)
			}
			return
		}
		times := full.Times()
		tm := times[0] + at*(times[len(times)-1]-times[0])
		withPieces(700, 2, func() { checkMoment(t, "tiny pieces", data, full, tm) })
		checkMoment(t, "whole", data, full, tm)
	})
}
