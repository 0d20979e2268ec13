package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// townRun writes, in a new folder, a recording whose header names town,
// and opens it as a command does.
func townRun(t *testing.T, town string) (Source, *File) {
	t.Helper()
	s := drivetest.Script{Map: town, Hz: 10, Seconds: 1, Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.audi.tt",
		Pose: func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{}, 0, true }}}}
	p := filepath.Join(t.TempDir(), "run.log")
	if err := os.WriteFile(p, s.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	src := FileSource(p)
	f, err := Load(context.Background(), src, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return src, f
}

func TestLoadTown(t *testing.T) {
	ctx := context.Background()
	t.Run("built in", func(t *testing.T) {
		src, rec := townRun(t, "/Game/Carla/Maps/Town02")
		m, res := LoadTown(ctx, src, rec.Recording, towns.Options{})
		if m == nil || m.Roads == nil || len(m.Roads.Roads) == 0 || res.From != towns.BuiltIn {
			t.Fatalf("map %v from %v: %s", m, res.From, res.Notice())
		}
	})
	t.Run("a damaged file beside gives way", func(t *testing.T) {
		src, rec := townRun(t, "Town02")
		bad := filepath.Join(filepath.Dir(src.Path), "Town02.xodr")
		if err := os.WriteFile(bad, []byte("<OpenDRIVE><header/><road id=\"1\" length=\"x\">"), 0o644); err != nil {
			t.Fatal(err)
		}
		m, res := LoadTown(ctx, src, rec.Recording, towns.Options{})
		if m == nil || res.From != towns.BuiltIn || !strings.Contains(res.Notice(), bad) {
			t.Fatalf("map %v from %v: %s", m, res.From, res.Notice())
		}
	})
	t.Run("the file beside wins over the built-in town", func(t *testing.T) {
		src, rec := townRun(t, "Town02")
		data, err := towns.BuiltinData("Town02")
		if err != nil {
			t.Fatal(err)
		}
		beside := filepath.Join(filepath.Dir(src.Path), "Town02.xodr")
		if err := os.WriteFile(beside, data, 0o644); err != nil {
			t.Fatal(err)
		}
		m, res := LoadTown(ctx, src, rec.Recording, towns.Options{})
		if m == nil || res.From != towns.Beside || m.Source.Path != beside {
			t.Fatalf("map %v from %v: %s", m, res.From, res.Notice())
		}
	})
	t.Run("off", func(t *testing.T) {
		src, rec := townRun(t, "Town02")
		if m, res := LoadTown(ctx, src, rec.Recording, towns.Options{MapsDir: towns.MapsOff}); m != nil || res.Found() {
			t.Fatalf("--maps off loaded %v from %v", m, res.From)
		}
	})
	t.Run("no path", func(t *testing.T) {
		_, rec := townRun(t, "Town02")
		if m, res := LoadTown(ctx, BytesSource("run.log", nil), rec.Recording, towns.Options{}); m != nil || res.Notice() != "" {
			t.Fatalf("a recording with no folder loaded %v: %q", m, res.Notice())
		}
	})
}
