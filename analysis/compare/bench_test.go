package compare

import (
	"bytes"
	"context"
	"testing"

	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/scene"
)

// BenchmarkDemo matches two copies of the built-in demo recording and
// measures every pair: the cost `viewer diff` and the window pay once a
// pair of recordings is open (docs/PERFORMANCE.md has the figure).
//
//	go test ./analysis/compare -run '^$' -bench Demo -benchmem
func BenchmarkDemo(b *testing.B) {
	_, log, err := assets.Demo()
	if err != nil {
		b.Fatal(err)
	}
	openLog := func() *scene.Recording {
		rec, err := scene.Open(bytes.NewReader(log), int64(len(log)), nil)
		if err != nil {
			b.Fatal(err)
		}
		return rec
	}
	ra, rb := openLog(), openLog()
	b.SetBytes(int64(2 * len(log)))
	b.ResetTimer()
	for b.Loop() {
		m, err := Match(context.Background(), ra, rb)
		if err != nil {
			b.Fatal(err)
		}
		d := Diverge(m, 0)
		if len(m.OnlyA)+len(m.OnlyB) != 0 || len(d.Pairs) == 0 {
			b.Fatalf("%d pairs, %d and %d unmatched", len(d.Pairs), len(m.OnlyA), len(m.OnlyB))
		}
	}
	b.ReportMetric(float64(len(ra.Times())), "frames")
}
