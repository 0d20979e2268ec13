package recorder_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/sim/synth"
)

// benchConfig is a busy town: 500 vehicles and 100 walkers at 20 Hz, with
// every per-frame packet CARLA writes, spawns and destroys throughout, to
// at least 256 MiB (the target has a frame-sized margin).
const benchMin = 256 << 20

var benchConfig = synth.Config{Vehicles: 500, Walkers: 100, TrafficLights: 60, Hz: 20,
	TargetBytes: benchMin + 1<<20, Churn: true, Seed: 1}

// bigRecording is generated once per test binary run, in memory, and only
// when a benchmark asks for it.
var bigRecording = sync.OnceValues(func() ([]byte, error) {
	var buf bytes.Buffer
	buf.Grow(int(benchConfig.TargetBytes) + 1<<20)
	err := synth.Write(&buf, benchConfig)
	return buf.Bytes(), err
})

func big(b *testing.B) []byte {
	b.Helper()
	data, err := bigRecording()
	if err != nil {
		b.Fatal(err)
	}
	if len(data) < benchMin {
		b.Fatalf("generated %d bytes, want at least %d", len(data), benchMin)
	}
	return data
}

// BenchmarkIndex measures BuildIndex over the whole recording.
func BenchmarkIndex(b *testing.B) {
	data := big(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var frames int
	for b.Loop() {
		ix, err := recorder.BuildIndex(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil || ix.Err != nil {
			b.Fatal(err, ix.Err)
		}
		frames = len(ix.Frames)
	}
	b.ReportMetric(float64(frames), "frames/op")
}

// BenchmarkDecode measures decoding every packet of the recording.
func BenchmarkDecode(b *testing.B) {
	data := big(b)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	var positions int
	for b.Loop() {
		r, err := recorder.NewReader(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		positions = 0
		for {
			p, err := r.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			if ps, ok := p.(*recorder.Positions); ok {
				positions += len(ps.Records)
			}
		}
	}
	b.ReportMetric(float64(positions), "positions/op")
}

// BenchmarkIndexFile indexes the recording from a file, as the viewer
// does (the file is fresh in the page cache, so this measures the
// reader's own work and the system calls, not the disk).
func BenchmarkIndexFile(b *testing.B) {
	data := big(b)
	path := filepath.Join(b.TempDir(), "big.log")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		ix, err := recorder.BuildIndex(f, int64(len(data)), nil)
		if err != nil || ix.Err != nil {
			b.Fatal(err, ix.Err)
		}
	}
}
