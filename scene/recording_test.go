package scene

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

// frameSpec is one frame of a hand-written recording.
type frameSpec struct {
	t    float64
	pkts []recorder.Packet
}

// writeFrames encodes frames as CARLA would, with the last duration -1.
func writeFrames(t testing.TB, frames []frameSpec) []byte {
	t.Helper()
	var b bytes.Buffer
	w, err := recorder.NewWriter(&b, recorder.Header{Version: 1, Map: "Test"}, recorder.Layout{})
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range frames {
		d := -1.0
		if i+1 < len(frames) {
			d = frames[i+1].t - f.t
		}
		w.Write(&recorder.FrameStart{Frame: uint64(i + 1), Duration: d, Elapsed: f.t})
		for _, p := range f.pkts {
			w.Write(p)
		}
		w.Write(&recorder.FrameEnd{})
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func positions(ps ...recorder.Position) *recorder.Positions { return &recorder.Positions{Records: ps} }

// moverFrames: actor 1 drives along Unreal X and turns from yaw 179 to
// -179 (2 degrees through 180); at t=0.3 it teleports 100 m.
func moverFrames() []frameSpec {
	add := &recorder.EventAdd{Actors: []recorder.ActorAdd{addActor(1, 1, "vehicle.a.b", recorder.Vec3{}, recorder.Vec3{})}}
	return []frameSpec{
		{0, []recorder.Packet{add, positions(pos(1, 0, 0, 0, 179))}},
		{0.1, []recorder.Packet{positions(pos(1, 100, 0, 0, -179))}},
		{0.2, []recorder.Packet{positions(pos(1, 300, 0, 0, -179))}},
		{0.3, []recorder.Packet{positions(pos(1, 10300, 0, 0, -179))}},
		{0.4, []recorder.Packet{positions(pos(1, 10400, 0, 0, -179))}},
	}
}

func stateAt(t *testing.T, rec *Recording, tm float64) *State {
	t.Helper()
	s := new(State)
	if err := rec.StateAt(tm, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestInterpolation(t *testing.T) {
	rec := openBytes(t, writeFrames(t, moverFrames()))
	// Exactly at a frame time: that frame's record, no lag.
	for i, want := range []float64{0, 1, 3, 103, 104} {
		a := stateAt(t, rec, rec.Times()[i]).Actor(1)
		if a.World.Location[0] != want {
			t.Errorf("frame %d: x = %v, want %v", i, a.World.Location[0], want)
		}
	}
	// Midway between frames 0 and 1: half way, and the yaw goes the short
	// way through 180 (world yaw -179 -> 179).
	s := stateAt(t, rec, 0.05)
	a := s.Actor(1)
	if !near(a.World.Location[0], 0.5, 1e-12) || !near(WrapDegrees(a.World.Rotation.Yaw), -180, 1e-9) {
		t.Errorf("midpoint %v, want x 0.5 yaw 180", a.World)
	}
	if s.Frame != 0 || !near(s.Alpha, 0.5, 1e-12) {
		t.Errorf("frame %d alpha %v", s.Frame, s.Alpha)
	}
	if !near(a.Speed, 10, 1e-9) {
		t.Errorf("speed %v, want 10 m/s", a.Speed)
	}
	// Frame 1 -> 2 is 2 m in 0.1 s after 1 m: 20 m/s, accelerating 100 m/s².
	a = stateAt(t, rec, 0.125).Actor(1)
	if !near(a.World.Location[0], 1.5, 1e-12) || !near(a.Speed, 20, 1e-9) || !near(a.Accel, 100, 1e-6) {
		t.Errorf("t=0.125: x %v speed %v accel %v", a.World.Location[0], a.Speed, a.Accel)
	}
	if !near(a.Distance, 1.5, 1e-12) {
		t.Errorf("distance %v, want 1.5", a.Distance)
	}
	// The teleport between frames 2 and 3 is not interpolated.
	a = stateAt(t, rec, 0.29).Actor(1)
	if a.World.Location[0] != 3 {
		t.Errorf("during a teleport x = %v, want 3 (held)", a.World.Location[0])
	}
	if d := stateAt(t, rec, 0.4).Actor(1).Distance; !near(d, 4, 1e-9) {
		t.Errorf("distance %v, want 4 (the teleport does not count)", d)
	}
	// The last frame (duration -1) holds; times past the end clamp.
	for _, tm := range []float64{0.4, 0.45, 99} {
		s := stateAt(t, rec, tm)
		if s.Frame != 4 || s.Alpha != 0 || s.Actor(1).World.Location[0] != 104 || s.Time != 0.4 {
			t.Errorf("t=%v: frame %d alpha %v time %v", tm, s.Frame, s.Alpha, s.Time)
		}
	}
	if s := stateAt(t, rec, -3); s.Frame != 0 || s.Time != 0 {
		t.Errorf("before the start: frame %d time %v", s.Frame, s.Time)
	}
}

func TestRealRecordings(t *testing.T) {
	for _, name := range realFiles {
		t.Run(name, func(t *testing.T) {
			rec := openBytes(t, readReal(t, name))
			if rec.Err() != nil {
				t.Fatalf("Err() = %v on a good file", rec.Err())
			}
			spawns := 0
			for _, e := range rec.Events() {
				if e.Kind == EventSpawn && e.Frame == 0 {
					spawns++
				}
			}
			if spawns < 170 || spawns > 190 {
				t.Errorf("frame 1 adds %d actors, want about 180", spawns)
			}
			s := stateAt(t, rec, 0)
			h := s.Hero()
			if h == nil || !strings.HasPrefix(h.Blueprint, "vehicle.lincoln") || h.Kind != KindCar || !h.BoxRecorded {
				t.Fatalf("hero %+v", h)
			}
			hid := h.ID
			// The scenario's five sensors are attached to the hero a few
			// seconds in (its collision sensor of frame 1 never is). They
			// stay on the hero as it drives: at every frame each is where
			// its offset from the hero puts it, within a few metres of it.
			sensors := 0
			for i := range rec.Times() {
				s := stateAt(t, rec, rec.Times()[i])
				h := s.Actor(hid)
				if h == nil {
					// The last frame destroys the hero but not its
					// sensors: each is reported and left in place.
					if i != len(rec.Times())-1 || len(s.Problems) != 5 || !strings.Contains(s.Problems[0], "does not exist") {
						t.Fatalf("frame %d: no hero; problems %q", i, s.Problems)
					}
					continue
				}
				for _, a := range s.Actors {
					if a.Kind != KindSensor || a.Parent == 0 {
						continue
					}
					sensors++
					if a.Parent != hid {
						t.Fatalf("frame %d: sensor %d parent %d, want the hero %d", i, a.ID, a.Parent, hid)
					}
					want := h.World.Apply(a.Local.Location)
					if !nearVec(a.World.Location, want, 1e-9) || a.World.Location.Sub(h.World.Location).Len() > 7 {
						t.Fatalf("frame %d: sensor %d at %v, hero at %v", i, a.ID, a.World.Location, h.World.Location)
					}
				}
			}
			if sensors < 5*100 {
				t.Fatalf("%d attached sensor-frames, want 5 sensors for 100+ frames", sensors)
			}
			last := stateAt(t, rec, rec.Times()[len(rec.Times())-2])
			if hl := last.Actor(hid); hl.Distance < 20 || hl.World.Location.Sub(h.World.Location).Len() < 20 {
				t.Errorf("hero drove %v m to %v: expected it to move", hl.Distance, hl.World.Location)
			}
		})
	}
}

// TestTruncated cuts a real file everywhere (in steps) and checks that it
// opens with every complete frame, keeps the error with its offset, and
// never panics.
func TestTruncated(t *testing.T) {
	data := readReal(t, realFiles[0])
	full := openBytes(t, data)
	frames := full.Frames()
	step := len(data) / 300
	var s State
	for n := 0; n < len(data); n += step {
		rec, err := Open(bytes.NewReader(data[:n]), int64(n), nil)
		// Frames that end at or before n are complete.
		want := 0
		for want < len(frames) && frames[want].End <= int64(n) {
			want++
		}
		if want == 0 {
			if err == nil {
				t.Fatalf("cut at %d: opened with no complete frame", n)
			}
			continue
		}
		if err != nil {
			t.Fatalf("cut at %d: %v", n, err)
		}
		if len(rec.Frames()) != want {
			t.Fatalf("cut at %d: %d frames, want %d", n, len(rec.Frames()), want)
		}
		var fe *recorder.FormatError
		if int64(n) != frames[want-1].End && !errors.As(rec.Err(), &fe) {
			t.Fatalf("cut at %d: Err() = %v, want a FormatError", n, rec.Err())
		}
		if err := rec.StateAt(rec.Duration()+1, &s); err != nil || s.Frame != want-1 {
			t.Fatalf("cut at %d: last state frame %d, %v", n, s.Frame, err)
		}
		// The index the scan's reader listed is BuildIndex's.
		ix, err := recorder.BuildIndex(bytes.NewReader(data[:n]), int64(n), nil)
		got := rec.Index()
		if err != nil || !reflect.DeepEqual(got.Frames, ix.Frames) || got.Size != ix.Size || got.Layout != ix.Layout ||
			(got.Err == nil) != (ix.Err == nil) || got.Err != nil && got.Err.Error() != ix.Err.Error() {
			t.Fatalf("cut at %d: index %d frames, size %d, %+v, err %v; BuildIndex %d, %d, %+v, %v", n,
				len(got.Frames), got.Size, got.Layout, got.Err, len(ix.Frames), ix.Size, ix.Layout, ix.Err)
		}
	}
}

// TestCorruptRecord breaks a record inside a complete frame: the frames
// before it stay usable and Err says where.
func TestCorruptRecord(t *testing.T) {
	fr := moverFrames()
	data := writeFrames(t, fr)
	good := openBytes(t, data)
	// Make frame 2's Positions count claim more records than its size holds.
	off := good.Frames()[2].Offset + 5 + 24 // FrameStart header + payload
	bad := bytes.Clone(data)
	if bad[off] != byte(recorder.IDPosition) {
		t.Fatalf("layout assumption: byte %d is %d", off, bad[off])
	}
	bad[off+5] = 9
	rec, err := Open(bytes.NewReader(bad), int64(len(bad)), nil)
	if err != nil {
		t.Fatal(err)
	}
	var fe *recorder.FormatError
	if len(rec.Frames()) != 2 || !errors.As(rec.Err(), &fe) || fe.Offset < off {
		t.Fatalf("%d frames, Err %v", len(rec.Frames()), rec.Err())
	}
	if s := stateAt(t, rec, 10); s.Frame != 1 || s.Actor(1).World.Location[0] != 1 {
		t.Errorf("last good state: frame %d", s.Frame)
	}
	// The frames after the bad record still index fine.
	if ix := rec.Index(); len(ix.Frames) != len(good.Frames()) || ix.Err != nil {
		t.Errorf("index: %d frames, err %v; want %d, nil", len(ix.Frames), ix.Err, len(good.Frames()))
	}
}

func TestOpenErrors(t *testing.T) {
	for name, data := range map[string][]byte{
		"empty":     nil,
		"not carla": []byte("\x01\x00\x04\x00JUNKxxxxxxxxxxxxxxxxxxxxx"),
		"no frames": writeFrames(t, nil),
	} {
		if _, err := Open(bytes.NewReader(data), int64(len(data)), nil); err == nil {
			t.Errorf("%s: Open succeeded", name)
		}
	}
}

func TestProgress(t *testing.T) {
	data := genBytes(t, genConfig{vehicles: 50, lights: 5, frames: 2000, hz: 20, seed: 9})
	var p Progress
	calls, lastDone := 0, int64(-1)
	rec, err := Open(bytes.NewReader(data), int64(len(data)), func(done, total int64) {
		calls++
		if done < lastDone || total != int64(len(data)) || done > total {
			t.Errorf("progress %d/%d after %d", done, total, lastDone)
		}
		lastDone = done
		p.Report(done, total)
	})
	if err != nil {
		t.Fatal(err)
	}
	if done, total := p.Load(); done != total || calls < 3 {
		t.Errorf("final progress %d/%d after %d calls", done, total, calls)
	}
	if want := len(data) / int(keySpacing(int64(len(data)))); rec.Keyframes() < want {
		t.Errorf("%d keyframes for %d bytes, want one every %d bytes", rec.Keyframes(), len(data), keySpacing(int64(len(data))))
	}
}

// TestOpenCanceled: a canceled Open stops at its next progress report
// (every 4 MiB) and returns the context's error, not a Recording.
func TestOpenCanceled(t *testing.T) {
	data := genBytes(t, genConfig{vehicles: 100, lights: 5, frames: 1500, hz: 20, seed: 12})
	if len(data) < 3*progressStep {
		t.Fatalf("%d bytes: too small to cancel midway", len(data))
	}
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	rec, err := OpenContext(ctx, bytes.NewReader(data), int64(len(data)), func(done, total int64) {
		calls++
		cancel()
	})
	if !errors.Is(err, context.Canceled) || rec != nil || calls != 1 {
		t.Fatalf("canceled at the first report: %v, %d reports", err, calls)
	}
	// Canceled before it starts, even a file read whole before the first
	// report does not open.
	small := writeFrames(t, moverFrames())
	if _, err := OpenContext(ctx, bytes.NewReader(small), int64(len(small)), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("canceled context: %v", err)
	}
}

func FuzzOpen(f *testing.F) {
	f.Add(writeFrames(f, moverFrames()))
	f.Add(writeFrames(f, creepFrames())) // a blocked span
	f.Add(genBytes(f, genConfig{vehicles: 2, lights: 1, frames: 5, hz: 10, seed: 1, sensors: true, problems: true}))
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := Open(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			return
		}
		var s State
		for _, tm := range []float64{-1, 0, rec.Duration() / 2, rec.Duration(), 1e9} {
			if err := rec.StateAt(tm, &s); err != nil {
				t.Fatalf("StateAt(%v): %v", tm, err)
			}
		}
		// The timeline's events are in file order, within the usable
		// frames; blocked spans last at least CARLA's minimum.
		prev := 0
		for _, e := range rec.Events() {
			if e.Frame < prev || e.Frame >= len(rec.Frames()) {
				t.Fatalf("event %+v after frame %d, %d frames", e, prev, len(rec.Frames()))
			}
			if e.Kind == EventBlocked && !(e.Duration >= BlockedTime) {
				t.Fatalf("blocked span %+v", e)
			}
			prev = e.Frame
		}
	})
}

// TestConcurrentUse: a UI goroutine may draw (StateAt) while another asks
// for blocked spans and the timeline; run with -race.
func TestConcurrentUse(t *testing.T) {
	data := genBytes(t, genConfig{vehicles: 10, walkers: 2, lights: 3, frames: 300, hz: 20, seed: 11, churn: true, sensors: true})
	rec := openBytes(t, data)
	want := stateAt(t, rec, 7.3)
	done := make(chan error, 3)
	for g := range 2 {
		go func() {
			var s State
			for i := range 200 {
				tm := float64((i*7+g*13)%300) / 20
				if err := rec.StateAt(tm, &s); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	go func() {
		_, err := rec.Blocked(1, 1)
		_ = rec.Events()
		done <- err
	}()
	for range 3 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if got := stateAt(t, rec, 7.3); !reflect.DeepEqual(got, want) {
		t.Errorf("state at 7.3 s changed after concurrent use")
	}
}
