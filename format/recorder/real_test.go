package recorder

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// realDir holds the real recordings, outside the repository.
const realDir = "../../../shared/testdata/carla"

// realFile describes one real recording and the facts its README states.
type realFile struct {
	name     string
	frames   uint64
	duration string // %g of the last frame's elapsed
	date     int64
}

var realFiles = []realFile{
	{"carla-0.9.10-town01-lanecenter.log", 461, "15.8809", 1599118659},
	{"carla-0.9.13-town01-lanecenter.log", 432, "12.5282", 1637671165},
}

// readReal returns the bytes of a real recording, skipping the test when
// the shared directory is absent (failing instead under CI).
func readReal(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(realDir, name))
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("real recording needed under CI: %v", err)
		}
		t.Skipf("real recording absent: %v", err)
	}
	return b
}

// summary is what the golden files pin for a recording.
type summary struct {
	header     Header
	layout     Layout
	frames     int
	lastFrame  uint64
	elapsed    float64
	counts     map[PacketID]int
	frame1     map[ActorType]int
	heroes     []string
	wheelForms map[bool]int
}

// summarize decodes a whole recording with the streaming reader.
func summarize(t *testing.T, data []byte) summary {
	t.Helper()
	r, err := NewReader(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	s := summary{header: r.Header(), counts: map[PacketID]int{}, frame1: map[ActorType]int{}, wheelForms: map[bool]int{}}
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		s.counts[p.ID()]++
		switch p := p.(type) {
		case *FrameStart:
			s.frames++
			s.lastFrame, s.elapsed = p.Frame, p.Elapsed
		case *EventAdd:
			for _, a := range p.Actors {
				if s.frames == 1 {
					s.frame1[a.Type]++
				}
				for _, at := range a.Attributes {
					if at.Key == "role_name" && at.Value == "hero" {
						s.heroes = append(s.heroes, fmt.Sprintf("%d %s", a.ID, a.Description))
					}
				}
			}
		case *PhysicsControls:
			for _, pc := range p.Records {
				for _, w := range pc.Wheels {
					s.wheelForms[w.HasPosition]++
				}
			}
		}
	}
	s.layout = r.Layout()
	return s
}

func (s summary) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "version %d magic %s date %d map %s\n", s.header.Version, s.header.Magic, s.header.Date, s.header.Map)
	fmt.Fprintf(&b, "layout %+v\n", s.layout)
	fmt.Fprintf(&b, "frames %d last %d elapsed %g\n", s.frames, s.lastFrame, s.elapsed)
	ids := make([]int, 0, len(s.counts))
	for id := range s.counts {
		ids = append(ids, int(id))
	}
	sort.Ints(ids)
	for _, id := range ids {
		fmt.Fprintf(&b, "packet %2d %-18v %d\n", id, PacketID(id), s.counts[PacketID(id)])
	}
	for ty := ActorType(0); ty < 8; ty++ {
		if n := s.frame1[ty]; n > 0 {
			fmt.Fprintf(&b, "frame 1 actor type %d: %d\n", ty, n)
		}
	}
	fmt.Fprintf(&b, "heroes %q\n", s.heroes)
	fmt.Fprintf(&b, "physics wheels: %d short (36 B), %d long (48 B)\n", s.wheelForms[false], s.wheelForms[true])
	return b.String()
}

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s--- want\n%s", name, got, want)
	}
}

func TestRealFiles(t *testing.T) {
	for _, rf := range realFiles {
		t.Run(rf.name, func(t *testing.T) {
			data := readReal(t, rf.name)
			s := summarize(t, data)
			h := s.header
			if h.Version != 1 || h.Magic != Magic || h.Map != "Town01" || h.Date != rf.date {
				t.Errorf("header %+v", h)
			}
			// The README dates the recordings: 0.9.10 in 2020, 0.9.13 in 2021.
			t.Logf("recorded %v", time.Unix(h.Date, 0).UTC())
			if uint64(s.frames) != rf.frames || s.lastFrame != rf.frames {
				t.Errorf("frames %d, last id %d, want %d", s.frames, s.lastFrame, rf.frames)
			}
			if got := strconv.FormatFloat(s.elapsed, 'g', 6, 64); got != rf.duration { // C++ iostream default
				t.Errorf("duration %s, want %s", got, rf.duration)
			}
			if s.counts[IDFrameStart] != s.frames || s.counts[IDFrameEnd] != s.frames {
				t.Errorf("FrameStart %d FrameEnd %d for %d frames", s.counts[IDFrameStart], s.counts[IDFrameEnd], s.frames)
			}
			if s.counts[IDPosition] != s.frames {
				t.Errorf("%d Position packets for %d frames", s.counts[IDPosition], s.frames)
			}
			if s.layout.Wide || s.layout.DevNumbering {
				t.Errorf("layout %+v, want UE4 release numbering", s.layout)
			}
			var total int
			for _, n := range s.frame1 {
				total += n
			}
			if total < 150 || total > 250 || len(s.heroes) != 1 {
				t.Errorf("frame 1 adds %d actors (heroes %q), README says about 180 and one hero", total, s.heroes)
			}
			checkGolden(t, strings.TrimSuffix(rf.name, ".log")+".golden", s.String())
		})
	}
}

// TestRealWheelForms pins the PhysicsControl wheel size of each release
// (36 B in 0.9.10, 48 B in 0.9.13) and what the real files show of the
// wheel position: both forms carry one, the world location of the wheel
// centre at spawn (cm), around the vehicle's spawn location. A short wheel
// is read as six floats and the position, not as nine unnamed floats.
func TestRealWheelForms(t *testing.T) {
	for i, rf := range realFiles {
		data := readReal(t, rf.name)
		s := summarize(t, data)
		long := i == 1
		if s.wheelForms[long] != 4 || s.wheelForms[!long] != 0 {
			t.Errorf("%s: wheel forms %v, want 4 with HasPosition=%v", rf.name, s.wheelForms, long)
		}
		spawn, wheels := heroWheels(t, data)
		// A Lincoln MKZ: 1.6 m track, 2.9 m wheelbase, 0.36 m wheels.
		for j, w := range wheels {
			dx, dy := float64(w.Position[0])-spawn.X, float64(w.Position[1])-spawn.Y
			if dx*dx+dy*dy < 50*50 || dx*dx+dy*dy > 200*200 || math.Abs(float64(w.Position[2])-spawn.Z) > 100 {
				t.Errorf("%s: wheel %d at %v, not around the spawn at %+v", rf.name, j, w.Position, spawn)
			}
		}
	}
}

// heroWheels returns the spawn location of the vehicle that has physics
// and its wheels.
func heroWheels(t *testing.T, data []byte) (Vec3, []Wheel) {
	t.Helper()
	_, _, frames, err := decodeAll(data)
	if err != nil {
		t.Fatal(err)
	}
	spawns := map[uint32]Vec3{}
	for _, f := range frames {
		for _, p := range f {
			switch p := p.(type) {
			case *EventAdd:
				for _, a := range p.Actors {
					spawns[a.ID] = a.Location
				}
			case *PhysicsControls:
				pc := p.Records[0]
				if _, ok := spawns[pc.ID]; !ok || len(pc.Wheels) != 4 {
					t.Fatalf("physics of %d: spawned %v, %d wheels", pc.ID, ok, len(pc.Wheels))
				}
				return spawns[pc.ID], pc.Wheels
			}
		}
	}
	t.Fatal("no PhysicsControl packet")
	return Vec3{}, nil
}
