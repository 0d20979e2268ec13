package fleet_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/analysis/fleet"
	"github.com/mm2carla/viewer/internal/drivetest"
)

// recordingBytes is a short recording of one vehicle whose header names
// the place "drivetest".
func recordingBytes() []byte {
	return drivetest.Script{Hz: 10, Seconds: 1, Vehicles: []drivetest.Vehicle{{ID: 7, Blueprint: "vehicle.audi.tt",
		Pose: func(float64) (mgl64.Vec3, float64, bool) { return mgl64.Vec3{}, 0, true }}}}.Bytes()
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// Walk finds recordings by content, whatever their names, in lexical
// order through nested folders, passes over other files in folders and
// keeps the place of a named file that is no recording.
func TestWalk(t *testing.T) {
	dir := t.TempDir()
	rec := recordingBytes()
	write(t, filepath.Join(dir, "b", "run.bin"), rec)
	write(t, filepath.Join(dir, "a", "deep", "x.log"), rec)
	write(t, filepath.Join(dir, "a", "notes.log"), []byte("not a recording"))
	bad := filepath.Join(t.TempDir(), "bad.log")
	write(t, bad, []byte("junk"))
	in, err := fleet.Walk([]string{bad, dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, it := range in.Items {
		got = append(got, it.Path)
	}
	want := []string{bad, filepath.Join(dir, "a", "deep", "x.log"), filepath.Join(dir, "b", "run.bin")}
	if !slices.Equal(got, want) || in.Items[0].Err == nil || in.Recordings() != 2 {
		t.Errorf("items %q (first error %v), want %q with the first an error", got, in.Items[0].Err, want)
	}
}

// CheckAll delivers every item once, in the order given when asked,
// whatever the number of workers, and a file that is no recording or is
// cut as a failed run naming it.
func TestCheckAllOrder(t *testing.T) {
	dir := t.TempDir()
	rec := recordingBytes()
	var items []fleet.Item
	for i := range 9 {
		p := filepath.Join(dir, string(rune('a'+i))+".log")
		data := rec
		if i == 4 {
			data = rec[:len(rec)-3]
		}
		write(t, p, data)
		items = append(items, fleet.Item{Path: p})
	}
	for _, jobs := range []int{1, 2, 5} {
		var got []string
		opt := &fleet.Options{Thresholds: faults.Defaults(), Jobs: jobs, Ordered: true}
		fleet.CheckAll(context.Background(), items, opt, func(r *fleet.Run) {
			got = append(got, r.Recording)
			if (r.Recording == items[4].Path) != r.Failed {
				t.Errorf("jobs %d: %s failed %v (%v)", jobs, r.Recording, r.Failed, r.Err)
			}
			if r.Failed && !strings.HasPrefix(r.Err.Error(), r.Recording+": ") {
				t.Errorf("error %q does not name the file", r.Err)
			}
		})
		for i := range items {
			if i >= len(got) || got[i] != items[i].Path {
				t.Fatalf("jobs %d: order %q", jobs, got)
			}
		}
	}
}
