package scene

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/mm2carla/viewer/internal/cputime"
	"github.com/mm2carla/viewer/sim/synth"
)

// The seeking benchmarks run on one generated recording of at least
// benchBytes (1 GiB; SCENE_BENCH_MIB=256 makes a smaller one for quick
// looks) made by sim/synth: 500 vehicles, 50 walkers and 60 traffic
// lights at 20 Hz with spawns and destroys throughout. It is written once
// per process under os.TempDir and removed by TestMain when the benchmarks
// end; SCENE_BENCH_FILE=path writes it there instead (if no file of about
// that size is there already) and keeps it, for runs of the viewer on it.
var benchBytes = int64(1 << 30)

func init() {
	if mib, err := strconv.Atoi(os.Getenv("SCENE_BENCH_MIB")); err == nil && mib > 0 {
		benchBytes = int64(mib) << 20
	}
}

var bigFile struct {
	once sync.Once
	path string
	size int64
	keep bool
	err  error
}

func benchConfig() synth.Config {
	return synth.Config{Vehicles: 500, Walkers: 50, TrafficLights: 60, Hz: 20, TargetBytes: benchBytes, Churn: true, Seed: 42}
}

// bigRecording returns the path and size of the benchmark recording.
func bigRecording(b *testing.B) (string, int64) {
	bigFile.once.Do(func() {
		bigFile.path = filepath.Join(os.TempDir(), fmt.Sprintf("scene-bench-%d.log", benchBytes))
		if p := os.Getenv("SCENE_BENCH_FILE"); p != "" {
			bigFile.path, bigFile.keep = p, true
		}
		if fi, err := os.Stat(bigFile.path); err == nil && fi.Size() >= benchBytes && fi.Size() < benchBytes+benchBytes/8 {
			bigFile.size = fi.Size()
			return
		}
		f, err := os.Create(bigFile.path)
		if err != nil {
			bigFile.err = err
			return
		}
		w := bufio.NewWriterSize(f, 4<<20)
		err = synth.Write(w, benchConfig())
		if err == nil {
			err = w.Flush()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if fi, serr := os.Stat(bigFile.path); serr == nil {
			bigFile.size = fi.Size()
		}
		bigFile.err = err
	})
	if bigFile.err != nil {
		b.Fatal(bigFile.err)
	}
	return bigFile.path, bigFile.size
}

func TestMain(m *testing.M) {
	code := m.Run()
	if bigFile.path != "" && !bigFile.keep {
		os.Remove(bigFile.path)
	}
	os.Exit(code)
}

func openBig(b *testing.B) (*Recording, *os.File, int64) {
	path, size := bigRecording(b)
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	rec, err := Open(f, size, nil)
	if err != nil {
		b.Fatal(err)
	}
	return rec, f, size
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkOpen measures indexing plus the keyframe scan, and the heap the
// open Recording holds. Besides the wall-clock rate it reports the rate
// per second of the scanning goroutine's thread CPU time (cpu-MB/s), and,
// since the machine is shared, the median over the iterations of Open's
// wall time divided by the wall time of reading the file just before as
// `cat` does (x-cat: 128 KiB reads, page cache warm), the figure the issue
// sets a target for.
func BenchmarkOpen(b *testing.B) {
	path, size := bigRecording(b)
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.SetBytes(size)
	base := heapInUse()
	var rec *Recording
	var cpu time.Duration
	var ratios []float64
	b.ResetTimer()
	for range b.N {
		rec = nil
		b.StopTimer()
		cat := catTime(b, f, size)
		b.StartTimer()
		start := time.Now()
		c0, ok0 := cputime.Thread()
		if rec, err = Open(f, size, nil); err != nil {
			b.Fatal(err)
		}
		if c1, ok1 := cputime.Thread(); ok0 && ok1 {
			cpu += c1 - c0
		}
		ratios = append(ratios, float64(time.Since(start))/float64(cat))
	}
	b.StopTimer()
	if cpu > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/cpu.Seconds()/1e6, "cpu-MB/s")
	}
	b.ReportMetric(median(ratios), "x-cat")
	held := heapInUse() - base
	b.ReportMetric(float64(held)/(1<<20), "heap-MiB")
	b.ReportMetric(float64(size)/(1<<20), "file-MiB")
	b.ReportMetric(float64(len(rec.Frames())), "frames")
	b.ReportMetric(float64(rec.Keyframes()), "keyframes")
	runtime.KeepAlive(rec)
}

// BenchmarkOpenAt measures OpenAt and the StateAt it is for (what `viewer
// state` does) at the start, the middle and the end of the recording,
// with the median ratio to a `cat` of the file just before (x-cat, see
// BenchmarkOpen).
func BenchmarkOpenAt(b *testing.B) {
	path, size := bigRecording(b)
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	rec, err := Open(f, size, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, at := range []struct {
		name string
		t    float64
	}{{"start", 0}, {"middle", rec.Duration() / 2}, {"end", rec.Duration()}} {
		b.Run(at.name, func(b *testing.B) {
			var ratios, cpus []float64
			var s State
			for range b.N {
				b.StopTimer()
				cat := catTime(b, f, size)
				b.StartTimer()
				start := time.Now()
				c0, ok0 := cputime.Process()
				r, err := OpenAt(context.Background(), f, size, at.t, nil)
				if err == nil {
					err = r.StateAt(at.t, &s)
				}
				if err != nil {
					b.Fatal(err)
				}
				ratios = append(ratios, float64(time.Since(start))/float64(cat))
				if c1, ok1 := cputime.Process(); ok0 && ok1 {
					cpus = append(cpus, float64(c1-c0)/1e6)
				}
			}
			b.ReportMetric(median(ratios), "x-cat")
			// The CPU time of every thread (decoders, scan, collector):
			// what the two cores must share, less at the mercy of other
			// processes than the wall time.
			b.ReportMetric(median(cpus), "cpu-ms/op")
		})
	}
}

// catTime reads the file as cat does (128 KiB at a time) and returns how
// long that took.
func catTime(b *testing.B, f *os.File, size int64) time.Duration {
	buf := make([]byte, 128<<10)
	start := time.Now()
	for off := int64(0); off < size; off += int64(len(buf)) {
		if _, err := f.ReadAt(buf, off); err != nil && err != io.EOF {
			b.Fatal(err)
		}
	}
	return time.Since(start)
}

func median(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := slices.Clone(x)
	slices.Sort(s)
	return s[len(s)/2]
}

// BenchmarkSeekRandom jumps to random times, forward and backward, and
// reports the worst and 99th-percentile latency besides the mean: as wall
// time, and as the CPU time of the benchmark's thread, which leaves out
// the time other processes kept it from running on the shared machine.
func BenchmarkSeekRandom(b *testing.B) {
	rec, f, _ := openBig(b)
	defer f.Close()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	rng := rand.New(rand.NewPCG(1, 1))
	var s State
	rec.StateAt(0, &s)
	wall := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t := rng.Float64() * rec.Duration()
		start := time.Now()
		c0, ok0 := cputime.Thread()
		if err := rec.StateAt(t, &s); err != nil {
			b.Fatal(err)
		}
		c1, ok1 := cputime.Thread()
		wall = append(wall, time.Since(start))
		if ok0 && ok1 {
			cpu = append(cpu, c1-c0)
		}
	}
	b.StopTimer()
	report := func(d []time.Duration, unit string) {
		if len(d) == 0 {
			return
		}
		slices.Sort(d)
		b.ReportMetric(float64(d[len(d)-1].Microseconds())/1000, "worst-"+unit)
		b.ReportMetric(float64(d[len(d)*99/100].Microseconds())/1000, "p99-"+unit)
	}
	report(wall, "ms")
	report(cpu, "cpu-ms")
	b.ReportMetric(float64(len(s.Actors)), "actors")
}

// BenchmarkPlayForward steps 1/60 s per call, as the window does when
// playing: most calls only interpolate, some decode the next frame.
func BenchmarkPlayForward(b *testing.B) {
	rec, f, _ := openBig(b)
	defer f.Close()
	var s State
	t := rec.Duration() / 3
	rec.StateAt(t, &s)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		t += 1.0 / 60
		if t > rec.Duration() {
			t = 0
		}
		if err := rec.StateAt(t, &s); err != nil {
			b.Fatal(err)
		}
	}
}
