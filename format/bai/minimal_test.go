package bai

import (
	"bytes"
	"encoding/binary"
	"flag"
	"math"
	"os"
	"testing"
)

// rawFile builds CAI1 bytes by hand with encoding/binary, independently of
// Encode, and remembers where named fields start so tests can aim at them.
type rawFile struct {
	b   []byte
	off map[string]int
}

func (f *rawFile) mark(name string) { f.off[name] = len(f.b) }
func (f *rawFile) str(s string)     { f.b = append(f.b, s...) }
func (f *rawFile) u16(v uint16)     { f.b = binary.LittleEndian.AppendUint16(f.b, v) }
func (f *rawFile) u32(v uint32)     { f.b = binary.LittleEndian.AppendUint32(f.b, v) }
func (f *rawFile) f32(v float32)    { f.u32(math.Float32bits(v)) }
func (f *rawFile) vec(x, y, z float32) {
	f.f32(x)
	f.f32(y)
	f.f32(z)
}

// minimalFile is the sheet's smallest sensible map: one road of two
// sections along +X from (0,0,0) to (20,0,0), one room, one lane and one
// sidewalk a side, no rails; two intersections with one road each; two
// culling rooms. Side B drives +X and keeps to its right (+Z); side A
// drives -X on the -Z side and stores its curves end -> start.
func minimalFile() *rawFile {
	f := &rawFile{off: map[string]int{}}
	f.str("CAI1")
	f.u16(2) // intersections
	f.u16(1) // roads

	f.mark("road 0")
	f.u16(0) // id
	f.u16(2) // sections
	f.u16(FlagFlat)
	f.u16(1)   // rooms
	f.u16(1)   // the one PSDL room, numbered from 1
	f.f32(7.5) // half width
	f.f32(15)  // base speed
	side := func(name string, ambient uint16, zLane, zWalk, zInner, zOuter float32, backwards bool) {
		f.mark(name)
		f.u16(1) // lanes
		f.u16(0) // trams
		f.u16(0) // trains
		f.u16(1) // sidewalks
		f.u16(ambient)
		for range 2 { // curve distances: lane, sidewalk centre
			f.f32(0)
			f.f32(20)
		}
		f.f32(2) // edge distances
		f.f32(6)
		for i := range 40 {
			f.b = append(f.b, byte(i+1))
		}
		x0, x1 := float32(0), float32(20)
		if backwards {
			x0, x1 = x1, x0
		}
		f.vec(x0, 0, zLane) // lane
		f.vec(x1, 0, zLane)
		f.vec(x0, 0, zWalk) // sidewalk centre
		f.vec(x1, 0, zWalk)
		f.vec(0, 0.2, zInner) // inner, start -> end on both sides
		f.vec(20, 0.2, zInner)
		f.vec(0, 0.2, zOuter) // outer
		f.vec(20, 0.2, zOuter)
	}
	side("side A", AmbientAll, -2, -6, -5, -7.5, true)
	side("side B", AmbientCarsOnly, 2, 6, 5, 7.5, false)
	f.mark("distances")
	f.f32(0)
	f.f32(20)
	f.vec(0, 0, 0) // origins
	f.vec(20, 0, 0)
	f.vec(0, 0, 1) // x axes
	f.vec(0, 0, 1)
	f.vec(0, 1, 0) // y axes
	f.vec(0, 1, 0)
	f.vec(-1, 0, 0) // z axes, toward the previous section
	f.vec(-1, 0, 0)
	f.vec(1, 0, 0) // tangents
	f.vec(1, 0, 0)
	roadEnd := func(name string, intersection uint32, rule Rule, light, target [3]float32) {
		f.mark(name)
		f.u32(intersection)
		f.u16(0xCDCD) // fill
		f.u16(uint16(rule))
		f.u16(0) // unknown
		f.u32(0) // road index
		f.vec(light[0], light[1], light[2])
		f.vec(target[0], target[1], target[2])
	}
	roadEnd("end", 1, RuleNeverStop, [3]float32{}, [3]float32{}) // at section 1, stored first
	roadEnd("start", 0, RuleTrafficLight, [3]float32{1, 4, 3}, [3]float32{2, 4, 3})

	for i := range 2 {
		f.mark([]string{"intersection 0", "intersection 1"}[i])
		f.u16(uint16(i)) // id
		f.u16(1)         // room
		f.vec([]float32{-5, 25}[i], 0, 0)
		f.u16(1)
		f.u32(0)
	}
	f.mark("culling")
	f.u32(2)
	f.mark("cars 0")
	f.u16(0)
	f.mark("cars 1")
	f.u16(1)
	f.u16(0)
	f.mark("peds 0")
	f.u16(0)
	f.u16(1)
	f.u16(0)
	return f
}

// The layout the sheet gives, as absolute offsets into the minimal file.
func TestMinimalFileLayout(t *testing.T) {
	f := minimalFile()
	if len(f.b) != 630 {
		t.Fatalf("minimal file is %d bytes, the sheet says 630", len(f.b))
	}
	want := map[string]int{"road 0": 8, "side A": 26, "side B": 196, "distances": 366,
		"end": 494, "start": 532, "intersection 0": 570, "intersection 1": 592, "culling": 614,
		"cars 0": 618, "cars 1": 620, "peds 0": 624}
	for k, v := range want {
		if f.off[k] != v {
			t.Errorf("%s at byte %d, want %d", k, f.off[k], v)
		}
	}
}

func TestDecodeMinimal(t *testing.T) {
	f := minimalFile()
	m, err := DecodeBytes(f.b)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Roads) != 1 || len(m.Intersections) != 2 {
		t.Fatalf("%d roads, %d intersections; want 1, 2", len(m.Roads), len(m.Intersections))
	}
	r := &m.Roads[0]
	check := func(what string, got, want any) {
		t.Helper()
		if !equal(got, want) {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	check("ID", r.ID, uint16(0))
	check("Sections", r.Sections(), 2)
	check("Flags", r.Flags, FlagFlat)
	check("Rooms", r.Rooms, []uint16{1})
	check("HalfWidth", r.HalfWidth, float32(7.5))
	check("BaseSpeed", r.BaseSpeed, float32(15))
	check("Distance", r.Distance, []float32{0, 20})
	check("Origin", r.Origin, []Vec3{{0, 0, 0}, {20, 0, 0}})
	check("XAxis", r.XAxis, []Vec3{{0, 0, 1}, {0, 0, 1}})
	check("YAxis", r.YAxis, []Vec3{{0, 1, 0}, {0, 1, 0}})
	check("ZAxis", r.ZAxis, []Vec3{{-1, 0, 0}, {-1, 0, 0}})
	check("Tangent", r.Tangent, []Vec3{{1, 0, 0}, {1, 0, 0}})
	check("End", r.End, RoadEnd{Intersection: 1, Fill: 0xCDCD, Rule: RuleNeverStop})
	check("Start", r.Start, RoadEnd{Intersection: 0, Fill: 0xCDCD, Rule: RuleTrafficLight,
		LightOrigin: Vec3{1, 4, 3}, LightTarget: Vec3{2, 4, 3}})
	var misc [40]byte
	for i := range misc {
		misc[i] = byte(i + 1)
	}
	for _, s := range []struct {
		name         string
		side         *Side
		ambient      uint16
		lane, walk   []Vec3
		inner, outer []Vec3
	}{
		{"A", &r.SideA, AmbientAll, []Vec3{{20, 0, -2}, {0, 0, -2}}, []Vec3{{20, 0, -6}, {0, 0, -6}},
			[]Vec3{{0, 0.2, -5}, {20, 0.2, -5}}, []Vec3{{0, 0.2, -7.5}, {20, 0.2, -7.5}}},
		{"B", &r.SideB, AmbientCarsOnly, []Vec3{{0, 0, 2}, {20, 0, 2}}, []Vec3{{0, 0, 6}, {20, 0, 6}},
			[]Vec3{{0, 0.2, 5}, {20, 0.2, 5}}, []Vec3{{0, 0.2, 7.5}, {20, 0.2, 7.5}}},
	} {
		p := "Side" + s.name + "."
		check(p+"NumLanes", s.side.NumLanes, uint16(1))
		check(p+"NumSidewalks", s.side.NumSidewalks, uint16(1))
		check(p+"AmbientTypes", s.side.AmbientTypes, s.ambient)
		check(p+"CurveDistances", s.side.CurveDistances, [][]float32{{0, 20}, {0, 20}})
		check(p+"EdgeDistances", s.side.EdgeDistances, []float32{2, 6})
		check(p+"Misc", s.side.Misc, misc)
		check(p+"Lanes()", s.side.Lanes(), [][]Vec3{s.lane})
		check(p+"SidewalkCentres()", s.side.SidewalkCentres(), [][]Vec3{s.walk})
		check(p+"Trams", len(s.side.Trams), 0)
		check(p+"Trains", len(s.side.Trains), 0)
		check(p+"SidewalkInner", s.side.SidewalkInner, s.inner)
		check(p+"SidewalkOuter", s.side.SidewalkOuter, s.outer)
	}
	check("Intersections[0]", m.Intersections[0], Intersection{ID: 0, Room: 1, Center: Vec3{-5, 0, 0}, Roads: []uint32{0}})
	check("Intersections[1]", m.Intersections[1], Intersection{ID: 1, Room: 1, Center: Vec3{25, 0, 0}, Roads: []uint32{0}})
	check("Culling.Cars", m.Culling.Cars, [][]uint16{nil, {0}})
	check("Culling.Peds", m.Culling.Peds, [][]uint16{nil, {0}})

	h, err := DecodeHeader(bytes.NewReader(f.b))
	if err != nil || h != (Header{Intersections: 2, Roads: 1}) {
		t.Errorf("DecodeHeader = %+v, %v; want {2 1}", h, err)
	}
	if m2, err := Decode(bytes.NewReader(f.b)); err != nil || !equal(m2, m) {
		t.Errorf("Decode(reader) differs from DecodeBytes: %v", err)
	}
}

// update rewrites testdata/minimal.bai: go test ./format/bai -update
var update = flag.Bool("update", false, "rewrite testdata/minimal.bai from the hand-built bytes")

// testdata/minimal.bai, read by ExampleDecode, must be the hand-built file.
func TestMinimalFixture(t *testing.T) {
	want := minimalFile().b
	if *update {
		if err := os.WriteFile("testdata/minimal.bai", want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile("testdata/minimal.bai")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("testdata/minimal.bai differs from minimalFile (go test -update rewrites it)")
	}
}
