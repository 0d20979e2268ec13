package towns_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mm2carla/viewer/analysis/towns"
)

// Find a recording's town: with no file beside it, no maps folder and no
// CARLA installation, it comes from the towns built in, as bytes to load.
// A file that then fails to load is passed over with Fallback.
func ExampleFind() {
	dir, err := os.MkdirTemp("", "runs")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	rec := filepath.Join(dir, "route_17.log")

	t := towns.Find(rec, "Carla/Maps/Town05", towns.Options{})
	fmt.Println(t.From, t.Name, len(t.Data) > 0)
	fmt.Println(t.Notice())

	// A damaged Town05.xodr beside the recording: the caller's load fails.
	bad := filepath.Join(dir, "Town05.xodr")
	if err := os.WriteFile(bad, []byte("<OpenDRIVE>"), 0o644); err != nil {
		panic(err)
	}
	t = towns.Find(rec, "Town05", towns.Options{})
	fmt.Println(t.From, t.Path == bad)
	t = t.Fallback(fmt.Errorf("line 1: the data ends inside <OpenDRIVE>"))
	fmt.Println(t.From, t.Warn())

	fmt.Println(towns.Find(rec, "OpenDriveMap", towns.Options{}).Notice())
	// Output:
	// built in Town05.xodr true
	// map Town05 (named by route_17.log): built in (CARLA 2019 edition: lights matched by place)
	// beside the recording true
	// built in true
	// map OpenDriveMap (named by route_17.log): CARLA's standalone OpenDRIVE mode names no town: give the .xodr file the run was made on
}
