package demo

import (
	"bytes"
	"testing"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/sim/citygen"
)

// FuzzRecord feeds arbitrary maps to the simulation: whatever a map that
// decodes holds (dead ends, loops, missing lanes, odd rules, huge or
// repeated points), a short recording is made without panicking or
// hanging, and it decodes.
func FuzzRecord(f *testing.F) {
	for _, cfg := range []citygen.Config{
		{BlocksX: 1, BlocksY: 1, BlockSize: 50, Seed: 1, MaxLanes: 1},
		{BlocksX: 2, BlocksY: 1, BlockSize: 60, Seed: 4, OneWayFraction: 1, Curvy: 1},
	} {
		m, err := citygen.Generate(cfg)
		if err != nil {
			f.Fatal(err)
		}
		var b bytes.Buffer
		if err := bai.Encode(&b, m); err != nil {
			f.Fatal(err)
		}
		f.Add(b.Bytes(), int64(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed int64) {
		m, err := bai.DecodeBytes(data)
		if err != nil {
			return
		}
		var out bytes.Buffer
		if _, err := Record(&out, m, Options{Seed: seed, Minutes: 0.02, MapName: "fuzz"}); err != nil {
			t.Fatal(err)
		}
		rp := readReplay(t, out.Bytes())
		if len(rp.frames) != 25 {
			t.Fatalf("%d frames", len(rp.frames))
		}
	})
}
