package citygen

import (
	"testing"

	"github.com/mm2carla/viewer/format/bai"
)

// FuzzGenerate feeds arbitrary knobs: Generate must either refuse them or
// give a map that passes every check and bai.Validate, and never panic.
func FuzzGenerate(f *testing.F) {
	f.Add(uint8(6), uint8(5), float32(80), int64(2), uint8(0), uint8(0), 0.35, 0.25, uint16(0), uint16(0), uint16(79), true, false)
	f.Add(uint8(1), uint8(1), float32(40), int64(-1), uint8(1), uint8(1), 1.0, 1.0, uint16(4), uint16(9), uint16(1), false, true)
	f.Add(uint8(9), uint8(3), float32(59.9), int64(7), uint8(3), uint8(3), 0.5, 0.0, uint16(30), uint16(60), uint16(0), true, true)
	f.Fuzz(func(t *testing.T, bx, by uint8, size float32, seed int64, minL, maxL uint8, oneWay, curvy float64,
		secMin, secMax, roads uint16, tram, train bool) {
		cfg := Config{
			BlocksX: int(bx % 12), BlocksY: int(by % 12), BlockSize: size, Seed: seed,
			MinLanes: int(minL % 5), MaxLanes: int(maxL % 5), OneWayFraction: oneWay, Curvy: curvy,
			SectionsMin: int(secMin % 200), SectionsMax: int(secMax % 200), Roads: int(roads), Tram: tram, Train: train,
		}
		m, err := Generate(cfg)
		if err != nil {
			return
		}
		checkMap(t, "fuzz", m)
		if ps := bai.Validate(m); len(ps) > 0 {
			t.Errorf("%d problems, first %v", len(ps), ps[0])
		}
	})
}
