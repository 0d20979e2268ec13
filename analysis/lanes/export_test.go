package lanes

import "github.com/mm2carla/viewer/format/bai"

// demoBuild makes the built-in demo (the demo city's map and that many
// minutes of its traffic) for the tests that compare with it. sim/demo
// imports this package, so only an external test file may import it:
// demo_test.go sets this through DemoBuild.
var demoBuild func(minutes float64) (*bai.Map, []byte, error)

// DemoBuild lets the external test package set demoBuild.
var DemoBuild = &demoBuild
