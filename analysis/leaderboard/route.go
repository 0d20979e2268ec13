package leaderboard

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/scene"
)

// Route is one route of a leaderboard route file, as the criteria follow
// it: its key points joined by straight lines and sampled every
// RouteStep metres (the leaderboard has CARLA's route planner follow the
// lanes between them, at the same spacing, so on a turn the route here
// cuts the corner).
type Route struct {
	ID, Town string
	Keys     []mgl64.Vec3 // the file's key points, world metres
	Points   []mgl64.Vec3 // the sampled route
	accum    []float64    // metres along the route at each point
}

// RouteStep is the spacing of a route's points (m).
const RouteStep = 1.0

// maxRoutePoints bounds a route's sampled points (200 km of route: the
// leaderboard's longest routes are some kilometres): a route file's
// coordinates are read from text, and one absurd number must not ask for
// gigabytes.
const maxRoutePoints = 200_000

// RouteFile is what ReadRoutes found: the routes in the file's order.
type RouteFile struct {
	Routes []*Route
}

// Find returns the route with the id.
func (f *RouteFile) Find(id string) (*Route, bool) {
	for _, r := range f.Routes {
		if r.ID == id {
			return r, true
		}
	}
	return nil, false
}

// ReadRoutes reads a leaderboard route file: <routes> holding <route
// id=".." town=".."> elements whose key points are either <waypoint
// x y z .../> children (leaderboard 1.0's files, data/routes_*.xml on its
// leaderboard-1.0 branch) or <position x y z/> inside <waypoints>
// (leaderboard 2.0's); other children (weathers, scenarios) are skipped.
// Coordinates are CARLA's (metres, Unreal axes). An error names the line.
func ReadRoutes(r io.Reader) (*RouteFile, error) {
	d := xml.NewDecoder(r)
	f := &RouteFile{}
	var cur *Route
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		line, _ := d.InputPos()
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "route":
				if cur != nil {
					return nil, fmt.Errorf("line %d: a route inside route %s", line, cur.ID)
				}
				cur = &Route{ID: attr(t, "id"), Town: attr(t, "town")}
				if cur.ID == "" {
					return nil, fmt.Errorf("line %d: a route without an id", line)
				}
			case "waypoint", "position":
				if cur == nil {
					continue
				}
				p, err := point(t)
				if err != nil {
					return nil, fmt.Errorf("line %d: %s: %w", line, t.Name.Local, err)
				}
				cur.Keys = append(cur.Keys, p)
			}
		case xml.EndElement:
			if t.Name.Local == "route" && cur != nil {
				if err := cur.sample(); err != nil {
					return nil, fmt.Errorf("line %d: route %s: %w", line, cur.ID, err)
				}
				f.Routes = append(f.Routes, cur)
				cur = nil
			}
		}
	}
	if len(f.Routes) == 0 {
		return nil, errors.New("no <route> in the file")
	}
	return f, nil
}

func attr(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// point reads x, y and z (z may be missing: 0).
func point(t xml.StartElement) (mgl64.Vec3, error) {
	var v [3]float64
	for i, n := range []string{"x", "y", "z"} {
		s := attr(t, n)
		if s == "" && n == "z" {
			continue
		}
		x, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) > 1e7 {
			return mgl64.Vec3{}, fmt.Errorf("%s=%q: want a coordinate in metres", n, s)
		}
		v[i] = x
	}
	return scene.FromCarla(v[0], v[1], v[2]), nil
}

// sample makes the route's points from its key points.
func (r *Route) sample() error {
	if len(r.Keys) < 2 {
		return fmt.Errorf("%d key points, want 2 or more", len(r.Keys))
	}
	length := 0.0
	for i := 1; i < len(r.Keys); i++ {
		length += r.Keys[i].Sub(r.Keys[i-1]).Len()
	}
	if length/RouteStep+float64(len(r.Keys)) > maxRoutePoints {
		return fmt.Errorf("%.0f m long: more than %d points", length, maxRoutePoints)
	}
	if length == 0 {
		return errors.New("all its key points are one point")
	}
	r.Points = append(r.Points[:0], r.Keys[0])
	for i := 1; i < len(r.Keys); i++ {
		a, b := r.Keys[i-1], r.Keys[i]
		n := int(math.Ceil(b.Sub(a).Len() / RouteStep))
		for k := 1; k <= n; k++ {
			r.Points = append(r.Points, a.Add(b.Sub(a).Mul(float64(k)/float64(n))))
		}
	}
	r.accum = make([]float64, len(r.Points))
	for i := 1; i < len(r.Points); i++ {
		r.accum[i] = r.accum[i-1] + r.Points[i].Sub(r.Points[i-1]).Len()
	}
	return nil
}

// Length returns the route's length (m), as compute_route_length sums it.
func (r *Route) Length() float64 { return r.accum[len(r.accum)-1] }

// dir is the route's direction at point i: toward the next point (the
// last point keeps the last segment's).
func (r *Route) dir(i int) mgl64.Vec3 {
	j := min(i, len(r.Points)-2)
	d := r.Points[j+1].Sub(r.Points[j])
	if l := d.Len(); l > 0 {
		return d.Mul(1 / l)
	}
	return d
}
