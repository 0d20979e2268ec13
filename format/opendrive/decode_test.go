package opendrive

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// readSmall returns the hand-written network of testdata/small.xodr.
func readSmall(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/small.xodr")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decodeSmall(t testing.TB) *Map {
	t.Helper()
	m, err := DecodeBytes(readSmall(t))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what was decoded; run with -update if the change is meant, and review the diff", path)
	}
}

// TestDecodeSmall pins every field of the hand-written network in a
// golden file, and checks by hand the facts the file was written to show.
func TestDecodeSmall(t *testing.T) {
	m := decodeSmall(t)
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "small.golden.json", append(js, '\n'))

	h := m.Header
	if h.RevMajor != 1 || h.RevMinor != 6 || h.Name != "small" || h.Vendor != "hand" || h.North != 30 || h.West != -5 ||
		h.GeoReference != "+proj=tmerc +lat_0=0 +lon_0=0 +k=1 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs" ||
		!h.HasOffset || h.Offset != (Offset{1, 2, 0, 0.5}) {
		t.Errorf("header %+v", h)
	}
	if len(m.Roads) != 3 || len(m.Junctions) != 1 || len(m.Controllers) != 1 {
		t.Fatalf("%d roads, %d junctions, %d controllers; want 3, 1, 1", len(m.Roads), len(m.Junctions), len(m.Controllers))
	}
	r := &m.Roads[0]
	var kinds []GeometryKind
	for _, g := range r.Geometry {
		kinds = append(kinds, g.Kind)
	}
	if !reflect.DeepEqual(kinds, []GeometryKind{GeomLine, GeomArc, GeomSpiral}) || r.Geometry[1].Curvature != 0.1 || r.Geometry[2].CurvStart != 0.1 {
		t.Errorf("road 1 geometry %+v", r.Geometry)
	}
	if r.Successor != (Link{LinkJunction, "100", ContactNone}) || r.Predecessor != (Link{}) || r.InJunction() {
		t.Errorf("road 1 links %+v %+v", r.Predecessor, r.Successor)
	}
	// The file lists left lanes 2 then 1; the section holds them from
	// the centre out.
	s0 := &r.Sections[0]
	if ids := laneIDs(s0.Left); !reflect.DeepEqual(ids, []int{1, 2}) || s0.Left[1].Type != "sidewalk" || !s0.Left[1].Level {
		t.Errorf("left lanes %v", ids)
	}
	if len(s0.Center.RoadMarks) != 2 || s0.Center.RoadMarks[1].SOffset != 12 || s0.Center.RoadMarks[1].LaneChange != "both" {
		t.Errorf("centre marks %+v", s0.Center.RoadMarks)
	}
	if l := s0.Lane(-2); l == nil || l.Widths[0].D != 0.001 || !reflect.DeepEqual(l.Successors, []int{-2}) {
		t.Errorf("lane -2 %+v", l)
	}
	if sg := r.Signals[0]; sg.ID != "5" || sg.Orientation != OrientPlus || !sg.Dynamic || sg.Type != "1000001" || sg.Subtype != "-1" ||
		sg.Value != -1 || sg.Height != 1.2 || !reflect.DeepEqual(sg.Validity, []Validity{{-2, -1}}) {
		t.Errorf("signal %+v", sg)
	}
	if ref := r.SignalReferences[0]; ref.ID != "5" || ref.Orientation != OrientMinus || ref.T != 3 {
		t.Errorf("signal reference %+v", ref)
	}
	r2 := &m.Roads[1]
	if !r2.LeftHand || r2.Geometry[0].Normalized || !r2.Geometry[1].Normalized || r2.Geometry[2].Kind != GeomPoly3 ||
		len(r2.Sections[0].Left[0].Borders) != 2 {
		t.Errorf("road 2 %+v", r2)
	}
	if r3 := &m.Roads[2]; !r3.InJunction() || r3.Predecessor != (Link{LinkRoad, "1", ContactEnd}) || len(r3.Sections[0].Left) != 0 {
		t.Errorf("road 3 %+v", r3)
	}
	j := m.Junctions[0]
	if j.ID != "100" || len(j.Connections) != 1 || !reflect.DeepEqual(j.Connections[0], Connection{"0", "1", "3", ContactStart, []LaneLink{{-1, -1}}}) {
		t.Errorf("junction %+v", j)
	}
	if c := m.Controllers[0]; c.ID != "7" || !reflect.DeepEqual(c.Controls, []Control{{"5", "0"}}) {
		t.Errorf("controller %+v", c)
	}
}

// Tools write numbers and booleans in several legal spellings.
func TestDecodeSpellings(t *testing.T) {
	m, err := DecodeBytes([]byte(`<OpenDRIVE><header revMajor="1" revMinor="5"/>
<road id="a" length=" 1E1 "><planView><geometry s="0" x="-0" y="+2.5" hdg=".5" length="10"><paramPoly3 aU="0" bU="1" cU="0" dU="0" aV="0" bV="0" cV="0" dV="0"/></geometry></planView>
<lanes><laneSection s="0" singleSide="1"><center><lane id="0"/></center><left><lane id="1" level="0"/></left></laneSection></lanes></road></OpenDRIVE>`))
	if err != nil {
		t.Fatal(err)
	}
	r := &m.Roads[0]
	if r.Length != 10 || r.Geometry[0].Y != 2.5 || r.Geometry[0].Hdg != 0.5 || !r.Sections[0].SingleSide || r.Sections[0].Left[0].Level {
		t.Errorf("%+v", r)
	}
	// pRange absent: OpenDRIVE 1.4's default, normalized.
	if !r.Geometry[0].Normalized {
		t.Error("paramPoly3 without pRange read as arcLength")
	}
	// A lane with neither widths nor borders has zero width.
	if w := r.LaneWidth(0, 5, 1); w != 0 {
		t.Errorf("width %g", w)
	}
}
