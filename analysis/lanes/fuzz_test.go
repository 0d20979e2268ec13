package lanes

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/drivetest"
	"github.com/mm2carla/viewer/scene"
)

// FuzzBAI builds the lane map of whatever a BAI file decodes to (whole
// or partly) and asks it about points on and off its curves: a map from
// a hostile file (NaNs, infinities, kilometre-long segments, roads of
// one point) must give answers, not panics, hangs or huge grids.
func FuzzBAI(f *testing.F) {
	var city bytes.Buffer
	if err := bai.Encode(&city, drivetest.City()); err != nil {
		f.Fatal(err)
	}
	f.Add(city.Bytes())
	if mini, err := os.ReadFile(filepath.Join("..", "..", "format", "bai", "testdata", "minimal.bai")); err == nil {
		f.Add(mini)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		bm, _ := bai.DecodeBytes(data)
		if bm == nil {
			return
		}
		sm := scene.NewMap(bm)
		m := NewBAI(sm)
		if m.Roads() != len(sm.Roads) || m.Intersections() != len(sm.Intersections) {
			t.Fatalf("%d roads, %d intersections", m.Roads(), m.Intersections())
		}
		probes := []mgl64.Vec3{{}, {math.NaN(), 0, 0}, {math.Inf(1), math.Inf(-1), 0}, {1e30, -1e30, 5}}
		for r := range sm.Roads {
			for _, p := range sm.Roads[r].Centre {
				probes = append(probes, p, p.Add(mgl64.Vec3{1.5, -2, 0.5}))
			}
		}
		var c Cursor
		var fx Fix
		var hits []LaneHit
		for i, p := range probes {
			if i > 200 {
				break
			}
			loc := m.Locate(p)
			m.Follow(&c, p, &fx)
			if loc.Fix() != fx && !hasNaN(p) {
				t.Fatalf("at %v Follow %+v, Locate %+v", p, fx, loc.Fix())
			}
			if (loc.Place == OnRoad) != (loc.Road >= 0) || loc.Road >= m.Roads() || loc.Intersection >= m.Intersections() {
				t.Fatalf("at %v: %+v", p, loc)
			}
			hits = m.LanesNear(p, 5, hits[:0])
			if loc.HasLane { // the lane measure over the map's curves, whatever they are
				l := loc.Lane.Lane
				_ = ToEndOnLane(m, EndAhead(m, l), l, loc.Along, p)
				_ = ToEndOnLane(m, m.End(int(l.Road), l.Side == SideB), l, loc.Along, p)
				_ = AlongOnLane(m, l, loc.Along, p)
			}
		}
		for r := range m.Roads() {
			_ = m.End(r, true)
			_ = EndAhead(m, LaneRef{Road: int32(r), Side: SideB})
		}
	})
}

func hasNaN(p mgl64.Vec3) bool { return math.IsNaN(p[0]+p[1]+p[2]) || math.IsInf(p[0]+p[1]+p[2], 0) }
