package fleet_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/internal/cputime"
	"github.com/mm2carla/viewer/sim/demo"
)

// benchFleet is the fleet the benchmarks check: the folder that
// VIEWER_FLEET_BENCH names (docs/PERFORMANCE.md makes 100 two-minute demo
// runs with `viewer demo` in a loop), else four half-minute demo runs
// made here.
func benchFleet(b *testing.B) []fleet.Item {
	dir := os.Getenv("VIEWER_FLEET_BENCH")
	if dir == "" {
		dir = b.TempDir()
		for seed := int64(1); seed <= 4; seed++ {
			mapData, logData, _, err := demo.Build(demo.City(seed), demo.Options{Seed: seed, Minutes: 0.5})
			if err != nil {
				b.Fatal(err)
			}
			d := filepath.Join(dir, fmt.Sprintf("run%d", seed))
			if err := os.MkdirAll(d, 0o755); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d, "city.bai"), mapData, 0o644); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(d, "traffic.log"), logData, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	in, err := fleet.Walk([]string{dir})
	if err != nil {
		b.Fatal(err)
	}
	return in.Items
}

// BenchmarkFleet checks the fleet with one and two jobs (run it with
// -cpu 1,2 so that the jobs have as many cores), and with the Parquet
// dataset written. On the shared machine the wall clock also counts the
// waits for a core: cpu-s/op is the process's CPU time, and
// rec-h/core-h the recording-hours checked per hour of CPU.
func BenchmarkFleet(b *testing.B) {
	items := benchFleet(b)
	for _, c := range []struct {
		name    string
		parquet bool
	}{{"text", false}, {"parquet", true}} {
		b.Run(c.name, func(b *testing.B) {
			opt := &fleet.Options{Thresholds: faults.Defaults()}
			cpu, _ := cputime.Process()
			start := time.Now()
			var recorded float64
			for range b.N {
				var pq *fleet.Parquet
				if c.parquet {
					var err error
					if pq, err = fleet.NewParquet(b.TempDir()); err != nil {
						b.Fatal(err)
					}
				}
				fleet.CheckAll(context.Background(), items, opt, func(r *fleet.Run) {
					if r.Err != nil {
						b.Fatal(r.Err)
					}
					recorded += r.Duration
					if pq != nil {
						if err := pq.Write(r); err != nil {
							b.Fatal(err)
						}
					}
				})
				if pq != nil {
					if err := pq.Close(); err != nil {
						b.Fatal(err)
					}
				}
			}
			end, _ := cputime.Process()
			used := (end - cpu).Seconds()
			b.ReportMetric(used/float64(b.N), "cpu-s/op")
			b.ReportMetric(time.Since(start).Seconds()/float64(b.N), "wall-s/op")
			b.ReportMetric(recorded/used, "rec-h/core-h")
		})
	}
}
