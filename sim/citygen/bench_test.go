package citygen

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/mm2carla/viewer/format/bai"
)

// londonExact has the retail London map's counts exactly: 540 roads, 328
// intersections, 20-40 sections a road, 1342 culling rooms. A grid has
// (BlocksX+1)*(BlocksY+1) intersections and 328 = 8 x 41 only, so this is
// a strip of 7 x 40 blocks; London() stays a square 17 x 17 blocks (324
// intersections), which looks more like a city. The seed is one for which
// the road dropping reaches exactly 540 roads (it may stop short).
func londonExact() Config {
	c := London()
	c.Name = "London (exact counts)"
	c.BlocksX, c.BlocksY, c.Seed = 7, 40, 1904
	return c
}

// The generated cities the decoding benchmark uses have the counts its
// documentation claims.
func TestLondonCounts(t *testing.T) {
	for _, tc := range []struct {
		cfg           Config
		intersections int
	}{{London(), 324}, {londonExact(), 328}} {
		m, err := Generate(tc.cfg)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := 1<<30, 0
		for i := range m.Roads {
			lo, hi = min(lo, m.Roads[i].Sections()), max(hi, m.Roads[i].Sections())
		}
		if len(m.Roads) != 540 || len(m.Intersections) != tc.intersections || len(m.Culling.Cars) != 1342 || lo != 20 || hi != 40 {
			t.Errorf("%s: %d roads, %d intersections, %d culling rooms, %d-%d sections; want 540, %d, 1342, 20-40",
				tc.cfg.Name, len(m.Roads), len(m.Intersections), len(m.Culling.Cars), lo, hi, tc.intersections)
		}
	}
}

// BenchmarkDecodeLondon decodes generated London-sized cities with
// bai.DecodeBytes: the target is under 5 ms. format/bai has the
// same benchmark on a synthetic map of its own (it may import only the
// standard library); this one runs on the generator's realistic mix of
// lane counts, one-way roads, rails and rooms.
func BenchmarkDecodeLondon(b *testing.B) {
	for _, cfg := range []Config{London(), londonExact()} {
		m, err := Generate(cfg)
		if err != nil {
			b.Fatal(err)
		}
		var file bytes.Buffer
		if err := bai.Encode(&file, m); err != nil {
			b.Fatal(err)
		}
		data := file.Bytes()
		b.Run(strconv.Itoa(len(m.Intersections))+"-intersections", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bai.DecodeBytes(data); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(data)), "file-bytes")
		})
	}
}

func BenchmarkGenerateLondon(b *testing.B) {
	cfg := London()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Generate(cfg); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateDefault(b *testing.B) {
	cfg := Default()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Generate(cfg); err != nil {
			b.Fatal(err)
		}
	}
}
