package leaderboard

import (
	"math"
	"strings"
	"testing"
)

// FuzzReadRoutes: any input gives routes or an error, never a panic or
// a huge allocation, and every route read has at least two points and a
// finite, positive length.
func FuzzReadRoutes(f *testing.F) {
	f.Add(routes10)
	f.Add(routes20)
	f.Add(`<routes><route id="1"><waypoint x="0" y="0"/><waypoint x="5e6" y="5e6"/></route></routes>`)
	f.Add(`<routes><route id="1"><route id="2">`)
	f.Fuzz(func(t *testing.T, src string) {
		rf, err := ReadRoutes(strings.NewReader(src))
		if err != nil {
			return
		}
		for _, r := range rf.Routes {
			if l := r.Length(); len(r.Points) < 2 || !(l > 0) || math.IsInf(l, 0) {
				t.Fatalf("route %q: %d points, %g m", r.ID, len(r.Points), l)
			}
		}
	})
}
