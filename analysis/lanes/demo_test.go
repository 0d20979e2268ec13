package lanes_test

import (
	"github.com/mm2carla/viewer/analysis/lanes"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/sim/demo"
)

// The package's own tests that compare with the built-in demo get it
// from here: sim/demo drives on OpenDRIVE towns with this package's
// lane map, so they may not import it themselves.
func init() {
	*lanes.DemoBuild = func(minutes float64) (*bai.Map, []byte, error) {
		c := demo.City(demo.DefaultSeed)
		_, lb, _, err := demo.Build(c, demo.Options{Seed: demo.DefaultSeed, Minutes: minutes})
		if err != nil {
			return nil, nil, err
		}
		bm, err := citygen.Generate(c)
		return bm, lb, err
	}
}
