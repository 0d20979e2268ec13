// Package leaderboard predicts what CARLA's leaderboard would say of a
// recorded run: the infractions its criteria count for the hero, the
// penalty its statistics manager multiplies from them and, given the
// route the run followed, the route completion, route deviation and
// driving score. A team that wants to know why a run scored 0.42, or
// whether a change would have been counted as running a red light, asks
// the recording instead of running CARLA again.
//
// The rules are the criteria's as their source states them (facts read
// there, not code): scenario_runner's
// srunner/scenariomanager/scenarioatomics/atomic_criteria.py at commit
// 94ff3b8af752bad2b9d464ad5105868906aa34c0 (the 0.9.16 release):
// CollisionTest, RunningRedLightTest, RunningStopTest,
// OutsideRouteLanesTest, ActorBlockedTest, InRouteTest and
// RouteCompletionTest; and the leaderboard's
// leaderboard/utils/statistics_manager.py and
// leaderboard/scenarios/route_scenario.py on its branches leaderboard-1.0
// (commit 2165f5e4a53be8e96c501fa39965800489b1a0a5) and leaderboard-2.0
// (commit a87a3419e9d2e0d36deb25f1f26c17edee2d1420), which set the
// criteria's parameters (blocked: 0.1 m/s for 180 s; deviation: 30 m)
// and the penalties. Each file here says which criterion it follows.
//
// What a recording does not hold is taken from the map, and the Result
// says so: the recorder keeps no trigger volumes, so the lanes a light
// governs are its road end's entering lanes (OpenDRIVE signals where the
// town has them, else the place rule of analysis/lanes, EndLights), and a
// stop sign's area is the end of each lane entering a stop-sign end (the
// map's signals, else the entry a recorded traffic.stop actor governs by
// the same place rule of analysis/lanes, Association.EndSigns). The
// leaderboard interpolates a route with CARLA's route planner; here the
// route is its key points joined by straight lines, sampled every metre.
//
// It works on an analysis/lanes Association over an OpenDRIVE map
// (lanes.OpenDRIVE) and the recording's events; it decides nothing
// about printing.
package leaderboard
