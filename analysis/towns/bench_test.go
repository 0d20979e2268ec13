package towns

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/internal/cputime"
	"github.com/mm2carla/viewer/scene"
)

// BenchmarkTown04 finds and reads the largest built-in town, Town04 (3.4
// MB of XML), as opening a recording made on it with no map does: the
// search (nothing beside the recording), the decompression, the decoding
// and the sampling into the road network the window draws and the lanes
// are built from. Target: under 150 ms. On the shared machine the wall
// time counts the waits for a core; cpu-ms/op is the process's CPU time
// (the garbage collector's workers too) an operation.
func BenchmarkTown04(b *testing.B) { benchTown(b, "Carla/Maps/Town04") }

// BenchmarkTown01 is the same for Town01, whose decoding and sampling
// format/opendrive's BenchmarkTown01 measures alone: the two side by
// side scale this one's figure to a quiet machine's.
func BenchmarkTown01(b *testing.B) { benchTown(b, "Town01") }

func benchTown(b *testing.B, header string) {
	rec := filepath.Join(b.TempDir(), "run.log")
	b.ReportAllocs()
	c0, ok := cputime.Process()
	for b.Loop() {
		r := Find(rec, header, Options{})
		if r.From != BuiltIn {
			b.Fatalf("found %v", r.From)
		}
		m, err := opendrive.DecodeBytes(r.Data)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := scene.NewRoadNet(m, 0); err != nil {
			b.Fatal(err)
		}
	}
	if c1, ok1 := cputime.Process(); ok && ok1 {
		b.ReportMetric(float64(c1-c0)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}

// BenchmarkFindTown04 is the search and the decompression alone.
func BenchmarkFindTown04(b *testing.B) {
	rec := filepath.Join(b.TempDir(), "run.log")
	b.ReportAllocs()
	for b.Loop() {
		if r := Find(rec, "Town04", Options{}); len(r.Data) != 3403393 {
			b.Fatalf("%d bytes", len(r.Data))
		}
	}
}
