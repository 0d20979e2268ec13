package assets

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/sim/demo"
)

// TestSpecIsTheDemoDefault: the built-in demo is what `viewer demo` makes
// with no options, so users can write it out and tests can rebuild it.
func TestSpecIsTheDemoDefault(t *testing.T) {
	s, err := Spec()
	if err != nil {
		t.Fatal(err)
	}
	if s.Seed != demo.DefaultSeed || s.Minutes != demo.DefaultMinutes || s.City != demo.City(demo.DefaultSeed) {
		t.Fatalf("demo.json is %+v, want seed %d, %g minutes, city %+v", s, demo.DefaultSeed, demo.DefaultMinutes, demo.City(demo.DefaultSeed))
	}
}

func TestDemo(t *testing.T) {
	mapBytes, logBytes, err := Demo()
	if err != nil {
		t.Fatal(err)
	}
	m, err := bai.DecodeBytes(mapBytes)
	if err != nil {
		t.Fatal(err)
	}
	if ps := bai.Validate(m); len(ps) > 0 {
		t.Errorf("the demo map has %d problems, first %v", len(ps), ps[0])
	}
	rd, err := recorder.NewReader(bytes.NewReader(logBytes))
	if err != nil {
		t.Fatal(err)
	}
	if h := rd.Header(); h.Map != "Demo City" || h.Version != 1 {
		t.Errorf("header %+v", h)
	}
	frames := 0
	for {
		p, err := rd.Next()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatal(err)
			}
			break
		}
		if _, ok := p.(*recorder.FrameStart); ok {
			frames++
		}
	}
	if frames != 2401 {
		t.Errorf("%d frames, want 2401 (two minutes at 20 a second)", frames)
	}
	m2, l2, err := Demo()
	if err != nil || !bytes.Equal(m2, mapBytes) || !bytes.Equal(l2, logBytes) {
		t.Error("a second Demo() differs")
	}
}

// BenchmarkDemo is what the viewer pays at start-up with no file.
func BenchmarkDemo(b *testing.B) {
	for b.Loop() {
		if _, _, err := Demo(); err != nil {
			b.Fatal(err)
		}
	}
}
