// Package assets holds what the viewer carries inside its binary: the
// definition of the built-in demo, shown when the viewer is opened with no
// file.
//
// The demo is not stored as a map and a recording (the recording alone is
// 32 MB). It is a small definition, demo.json, embedded here: the seed
// and length of the traffic and the configuration of the generated city.
// Demo builds both files from it in memory with package sim/demo in
// about 0.1 s, and gives the same bytes every time: the same as `viewer
// demo` writes with its defaults. Changing the demo means editing
// demo.json; the tests keep it equal to those defaults.
package assets

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/mm2carla/viewer/sim/citygen"
	"github.com/mm2carla/viewer/sim/demo"
)

//go:embed demo.json
var demoJSON []byte

// DemoSpec is the built-in demo's definition.
type DemoSpec struct {
	Seed    int64          `json:"seed"`    // traffic seed
	Minutes float64        `json:"minutes"` // length of the recording
	City    citygen.Config `json:"city"`    // the city to generate; its Name is the recording's map name
}

// Spec returns the built-in demo's definition, read from demo.json.
func Spec() (DemoSpec, error) {
	var s DemoSpec
	dec := json.NewDecoder(bytes.NewReader(demoJSON))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return s, fmt.Errorf("assets: demo.json: %w", err)
	}
	return s, nil
}

// Demo builds the built-in demo: the encoded city (a .bai map) and the
// CARLA recording of traffic on it.
func Demo() (mapBytes, logBytes []byte, err error) {
	s, err := Spec()
	if err != nil {
		return nil, nil, err
	}
	mapBytes, logBytes, _, err = demo.Build(s.City, demo.Options{Seed: s.Seed, Minutes: s.Minutes})
	return mapBytes, logBytes, err
}
