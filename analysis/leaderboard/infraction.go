package leaderboard

import (
	"fmt"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// Kind is an infraction as the leaderboard's statistics manager files it.
type Kind uint8

// The kinds the criteria here find, in the order the statistics
// manager's record lists them.
const (
	CollisionPedestrian Kind = iota + 1
	CollisionVehicle
	CollisionLayout
	RedLight
	StopInfraction
	OutsideRouteLanes
	RouteDeviation
	VehicleBlocked
)

// Kinds lists the kinds in the order of the leaderboard's record.
var Kinds = []Kind{CollisionPedestrian, CollisionVehicle, CollisionLayout, RedLight, StopInfraction,
	OutsideRouteLanes, RouteDeviation, VehicleBlocked}

// keys are the statistics manager's infraction keys (RouteRecord's
// infractions in 1.0, PENALTY_NAME_DICT in 2.0: the same words), which a
// team's result tooling reads.
var keys = [...]string{"", "collisions_pedestrian", "collisions_vehicle", "collisions_layout", "red_light",
	"stop_infraction", "outside_route_lanes", "route_dev", "vehicle_blocked"}

// Key returns the leaderboard's key of the kind ("collisions_vehicle", ...).
func (k Kind) Key() string {
	if k > 0 && int(k) < len(keys) {
		return keys[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Infraction is one event a criterion would have appended.
type Infraction struct {
	Kind     Kind
	Time     float64    // seconds since the recording began
	Location mgl64.Vec3 // world metres: the hero's, or the light's or stop's as the message names it
	// Other is the other actor of a collision (World for the world
	// itself), the light actor of a red light; OtherType its blueprint.
	Other     uint32
	OtherType string
	// Stop is the road end of a stop infraction, Percentage and
	// Distance the share (%) and metres of an outside-lanes infraction.
	Percentage, Distance float64
	// Message is the criterion's message, in its words.
	Message string
}

// World is the other actor of a collision with the world itself, as
// CARLA's recorder writes it.
const World = math.MaxUint32

// at formats a location as the criteria do: "(x=.., y=.., z=..)" in
// CARLA's metres and axes, each rounded to 3 decimals.
func at(p mgl64.Vec3) string {
	x, y, z := scene.ToCarla(p)
	return fmt.Sprintf("(x=%s, y=%s, z=%s)", pyRound(x), pyRound(y), pyRound(z))
}

// pyRound prints round(v, 3) as Python prints a float: the shortest form,
// with ".0" on a whole number.
func pyRound(v float64) string { return pyRoundN(v, 3) }

// pyRoundN prints round(v, n) as Python prints a float.
func pyRoundN(v float64, n int) string {
	f := math.Pow(10, float64(n))
	r := math.Round(v*f) / f
	if r == 0 {
		r = 0 // no "-0"
	}
	s := strconv.FormatFloat(r, 'f', -1, 64)
	for _, c := range s {
		if c == '.' {
			return s
		}
	}
	return s + ".0"
}
