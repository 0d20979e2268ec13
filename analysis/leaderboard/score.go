package leaderboard

import "fmt"

// Version is a leaderboard edition, whose statistics manager weighs the
// infractions.
type Version uint8

// The editions.
const (
	V1 Version = 1 // leaderboard-1.0
	V2 Version = 2 // leaderboard-2.0 (the default)
)

// ParseVersion reads "1.0" or "2.0" (also "1" and "2").
func ParseVersion(s string) (Version, error) {
	switch s {
	case "1.0", "1":
		return V1, nil
	case "2.0", "2":
		return V2, nil
	}
	return 0, fmt.Errorf("leaderboard %q: want 1.0 or 2.0", s)
}

func (v Version) String() string { return fmt.Sprintf("%d.0", uint8(v)) }

// Penalty is the factor one infraction of kind k multiplies the
// infraction penalty by in edition v; 1 for the kinds that end the route
// without a penalty (deviation, blocked) and for an outside-lanes
// infraction, whose factor is its share (OutsideFactor).
//
// leaderboard-1.0's statistics_manager.py names the factors
// PENALTY_COLLISION_PEDESTRIAN 0.50, _VEHICLE 0.60, _STATIC 0.65,
// PENALTY_TRAFFIC_LIGHT 0.70 and PENALTY_STOP 0.80; leaderboard-2.0's
// PENALTY_VALUE_DICT has the same five and adds scenario timeouts (0.7),
// yielding to emergency vehicles (0.7) and, in PENALTY_PERC_DICT, the
// minimum speed (0.7, 'decreases'), which a recording of the hero alone
// cannot decide and which this package does not predict.
func (v Version) Penalty(k Kind) float64 {
	switch k {
	case CollisionPedestrian:
		return 0.50
	case CollisionVehicle:
		return 0.60
	case CollisionLayout:
		return 0.65
	case RedLight:
		return 0.70
	case StopInfraction:
		return 0.80
	}
	return 1
}

// OutsideFactor is what an outside-lanes infraction of pct percent
// multiplies the penalty by: 1 - pct/100 in 1.0; in 2.0 the
// PENALTY_PERC_DICT entry [0, 'increases'] gives 1 - (1 - 0) * pct/100,
// the same.
func (v Version) OutsideFactor(pct float64) float64 {
	return max(1-pct/100, 0)
}

// Score is the leaderboard's scores of a route: score_route (route
// completion, %), score_penalty (the infraction penalty) and
// score_composed (the driving score: their product, not below 0).
type Score struct {
	Route, Penalty, Composed float64
}

// PenaltyOf multiplies the factors of the infractions, as
// compute_route_statistics does event by event.
func (v Version) PenaltyOf(inf []Infraction) float64 {
	p := 1.0
	for i := range inf {
		if inf[i].Kind == OutsideRouteLanes {
			p *= v.OutsideFactor(inf[i].Percentage)
		} else {
			p *= v.Penalty(inf[i].Kind)
		}
	}
	return p
}

// ScoreOf is the scores of a route completed to completion percent with
// those infractions.
func (v Version) ScoreOf(completion float64, inf []Infraction) Score {
	p := v.PenaltyOf(inf)
	return Score{Route: completion, Penalty: p, Composed: max(completion*p, 0)}
}

// RecordKeys returns the infraction keys of the edition's route record,
// in its order: leaderboard-1.0's RouteRecord lists them; leaderboard-2.0's
// is PENALTY_NAME_DICT's values and then route_timeout.
func (v Version) RecordKeys() []string {
	if v == V1 {
		return []string{"collisions_pedestrian", "collisions_vehicle", "collisions_layout", "red_light",
			"stop_infraction", "outside_route_lanes", "route_dev", "route_timeout", "vehicle_blocked"}
	}
	return []string{"collisions_layout", "collisions_pedestrian", "collisions_vehicle", "red_light",
		"stop_infraction", "outside_route_lanes", "min_speed_infractions", "yield_emergency_vehicle_infractions",
		"scenario_timeouts", "route_dev", "vehicle_blocked", "route_timeout"}
}

// NotPredicted returns the record's keys this package cannot decide from
// a recording: the route timeout (a time limit the leaderboard computes
// from the route), and in 2.0 the minimum speed (against the traffic
// around), the emergency vehicle and the scenarios' timeouts (the
// scenarios' own state).
func (v Version) NotPredicted() []string {
	if v == V1 {
		return []string{"route_timeout"}
	}
	return []string{"min_speed_infractions", "yield_emergency_vehicle_infractions", "scenario_timeouts", "route_timeout"}
}
