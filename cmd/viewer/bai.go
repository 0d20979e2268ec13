package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/mm2carla/viewer/format/bai"
)

const baiHelp = `
Prints the counts of a Midtown Madness 2 AI map (magic CAI1): roads,
intersections, culling rooms, sections, lane/tram/train curves, road ends
by vehicle rule, traffic lights, the bounding box of every curve point and
centre-line origin (file axes: metres, Y up), then every problem Validate
finds, one a line, as "warning|error PLACE: MESSAGE".

Exit status: 0 when the map decodes (with --check: and has no error-level
problem), 1 when the file cannot be read or decoded (the message names the
byte offset and, for a damaged map, how many of its roads and
intersections were read whole before the error) or --check finds errors,
2 for bad usage.
`

// cmdBAI summarises and checks a .bai AI map.
func cmdBAI() *Command {
	c := &Command{
		Name:    "bai",
		Summary: "summarise and check a Midtown Madness 2 AI map (.bai)",
		Usage:   "FILE [--json] [--check]",
	}
	c.Run = func(env *Env, args []string) error { return runBAI(env, c, args) }
	return c
}

func runBAI(env *Env, c *Command, args []string) error {
	fs := NewFlags(env, c)
	asJSON := fs.Bool("json", false, "print one JSON document instead of text")
	check := fs.Bool("check", false, "exit with status 1 when the map has an error-level problem")
	usage := fs.Usage
	fs.Usage = func() {
		usage()
		fmt.Fprint(env.Stdout, baiHelp)
	}
	pos, err := Parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return Usagef("want one FILE, got %d arguments", len(pos))
	}
	file := pos[0]
	m, err := readBAI(file)
	if err != nil {
		return err
	}
	s := summariseBAI(file, m)
	if *asJSON {
		err = writeBAIJSON(env.Stdout, s)
	} else {
		err = writeBAIText(env.Stdout, s)
	}
	if err != nil {
		return err
	}
	if n := s.errors(); *check && n > 0 {
		plural := "s"
		if n == 1 {
			plural = ""
		}
		return fmt.Errorf("%s: %d error-level problem%s", file, n, plural)
	}
	return nil
}

// readBAI decodes the map in file. It looks at the magic before reading
// the rest, so that a recording or other large file given by mistake is
// refused without being read into memory.
func readBAI(file string) (*bai.Map, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err // *PathError names the file
	}
	defer f.Close()
	h, err := bai.DecodeHeader(f)
	if errors.Is(err, bai.ErrNotCAI1) {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	m, err := bai.Decode(f)
	if err != nil {
		if m != nil { // a damaged map: say how far it got
			return nil, fmt.Errorf("%s: %w; %s", file, err, baiKept(h, m))
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return m, nil
}

// baiKept says how much of a damaged map was read whole before the error,
// against the counts its header gives.
func baiKept(h bai.Header, m *bai.Map) string {
	switch {
	case len(m.Roads) < h.Roads:
		return fmt.Sprintf("read %d of %d roads before the error", len(m.Roads), h.Roads)
	case len(m.Intersections) < h.Intersections:
		return fmt.Sprintf("read all %d roads and %d of %d intersections before the error",
			h.Roads, len(m.Intersections), h.Intersections)
	}
	return fmt.Sprintf("read all %d roads and %d intersections before the error", h.Roads, h.Intersections)
}

// baiSummary is what the command reports; its JSON form is the --json
// output, so the field tags are part of the command's interface.
type baiSummary struct {
	File          string       `json:"file"`
	Magic         string       `json:"magic"`
	Roads         int          `json:"roads"`
	Intersections int          `json:"intersections"`
	CullingRooms  int          `json:"culling_rooms"`
	Sections      int          `json:"sections"`
	LaneCurves    baiLaneCount `json:"lane_curves"`
	TramCurves    int          `json:"tram_curves"`
	TrainCurves   int          `json:"train_curves"`
	RoadEnds      baiEndCount  `json:"road_ends"`
	TrafficLights int          `json:"traffic_lights"`
	Bounds        *baiBounds   `json:"bounds"` // null when the map has no points
	Problems      []baiProblem `json:"problems"`
}

type baiLaneCount struct {
	Total int `json:"total"`
	SideA int `json:"side_a"`
	SideB int `json:"side_b"`
}

// baiEndCount counts road ends by rule; unconnected ends are not counted
// under a rule, and rules above 3 go to Other.
type baiEndCount struct {
	StopSign     int `json:"stop_sign"`
	TrafficLight int `json:"traffic_light"`
	AlwaysStop   int `json:"always_stop"`
	NeverStop    int `json:"never_stop"`
	Unconnected  int `json:"unconnected"`
	Other        int `json:"other_rule"`
}

type baiBounds struct {
	Min [3]float32 `json:"min"`
	Max [3]float32 `json:"max"`
}

// MarshalJSON writes the float32 values in their shortest exact form
// (80.3, not 80.30000305175781).
func (b *baiBounds) MarshalJSON() ([]byte, error) {
	num := func(v [3]float32) [3]json.Number {
		var out [3]json.Number
		for i, x := range v {
			out[i] = json.Number(strconv.FormatFloat(float64(x), 'f', -1, 32))
		}
		return out
	}
	return json.Marshal(struct {
		Min [3]json.Number `json:"min"`
		Max [3]json.Number `json:"max"`
	}{num(b.Min), num(b.Max)})
}

type baiProblem struct {
	Severity string `json:"severity"`
	Where    string `json:"where"`
	Message  string `json:"message"`
}

func (s *baiSummary) errors() int {
	n := 0
	for _, p := range s.Problems {
		if p.Severity == bai.Error.String() {
			n++
		}
	}
	return n
}

func summariseBAI(file string, m *bai.Map) *baiSummary {
	s := &baiSummary{File: file, Magic: "CAI1", Roads: len(m.Roads), Intersections: len(m.Intersections),
		CullingRooms: len(m.Culling.Cars), Problems: []baiProblem{}}
	var box baiBoundsAcc
	for i := range m.Roads {
		r := &m.Roads[i]
		s.Sections += r.Sections()
		box.add(r.Origin)
		for k, side := range []*bai.Side{&r.SideA, &r.SideB} {
			lanes := len(side.Lanes())
			if k == 0 {
				s.LaneCurves.SideA += lanes
			} else {
				s.LaneCurves.SideB += lanes
			}
			s.TramCurves += len(side.Trams)
			s.TrainCurves += len(side.Trains)
			for _, rows := range [][][]bai.Vec3{side.Curves, side.Trams, side.Trains, {side.SidewalkInner, side.SidewalkOuter}} {
				for _, pts := range rows {
					box.add(pts)
				}
			}
		}
		for _, e := range []*bai.RoadEnd{&r.End, &r.Start} {
			s.RoadEnds.count(e)
			if e.HasLight() {
				s.TrafficLights++
			}
		}
	}
	s.LaneCurves.Total = s.LaneCurves.SideA + s.LaneCurves.SideB
	s.Bounds = box.result()
	for _, p := range bai.Validate(m) {
		s.Problems = append(s.Problems, baiProblem{p.Severity.String(), p.Where, p.Msg})
	}
	return s
}

func (c *baiEndCount) count(e *bai.RoadEnd) {
	if !e.Connected() {
		c.Unconnected++
		return
	}
	switch e.Rule {
	case bai.RuleStopSign:
		c.StopSign++
	case bai.RuleTrafficLight:
		c.TrafficLight++
	case bai.RuleAlwaysStop:
		c.AlwaysStop++
	case bai.RuleNeverStop:
		c.NeverStop++
	default:
		c.Other++
	}
}

// baiBoundsAcc grows a box over finite points; Validate reports the others.
type baiBoundsAcc struct {
	min, max [3]float32
	any      bool
}

func (b *baiBoundsAcc) add(pts []bai.Vec3) {
	for _, p := range pts {
		v := [3]float32{p.X, p.Y, p.Z}
		if !baiFinite(v[0]) || !baiFinite(v[1]) || !baiFinite(v[2]) {
			continue
		}
		if !b.any {
			b.min, b.max, b.any = v, v, true
			continue
		}
		for i := range v {
			b.min[i] = min(b.min[i], v[i])
			b.max[i] = max(b.max[i], v[i])
		}
	}
}

func (b *baiBoundsAcc) result() *baiBounds {
	if !b.any {
		return nil
	}
	return &baiBounds{Min: b.min, Max: b.max}
}

func baiFinite(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }

func writeBAIText(w io.Writer, s *baiSummary) error {
	p := &baiPrinter{w: w}
	p.printf("%s AI map: %s\n", s.Magic, s.File)
	p.printf("roads: %d\n", s.Roads)
	p.printf("intersections: %d\n", s.Intersections)
	p.printf("culling rooms: %d\n", s.CullingRooms)
	p.printf("sections: %d\n", s.Sections)
	p.printf("lane curves: %d (side A %d, side B %d)\n", s.LaneCurves.Total, s.LaneCurves.SideA, s.LaneCurves.SideB)
	p.printf("tram curves: %d\n", s.TramCurves)
	p.printf("train curves: %d\n", s.TrainCurves)
	e := s.RoadEnds
	p.printf("road ends: stop sign %d, traffic light %d, always stop %d, never stop %d, unconnected %d",
		e.StopSign, e.TrafficLight, e.AlwaysStop, e.NeverStop, e.Unconnected)
	if e.Other > 0 {
		p.printf(", other rule %d", e.Other)
	}
	p.printf("\ntraffic lights: %d\n", s.TrafficLights)
	if b := s.Bounds; b != nil {
		p.printf("bounds: (%s, %s, %s) - (%s, %s, %s)\n", decimal1(b.Min[0]), decimal1(b.Min[1]), decimal1(b.Min[2]),
			decimal1(b.Max[0]), decimal1(b.Max[1]), decimal1(b.Max[2]))
	} else {
		p.printf("bounds: none\n")
	}
	p.printf("problems: %d\n", len(s.Problems))
	for _, pr := range s.Problems {
		p.printf("%s %s: %s\n", pr.Severity, pr.Where, pr.Message)
	}
	return p.err
}

// decimal1 formats x with one decimal, writing a value that rounds to
// zero as "0.0" rather than "-0.0".
func decimal1(x float32) string {
	s := strconv.FormatFloat(float64(x), 'f', 1, 32)
	if s == "-0.0" {
		return "0.0"
	}
	return s
}

func writeBAIJSON(w io.Writer, s *baiSummary) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// baiPrinter is the name demo.go prints through; it is state.go's
// errWriter, which keeps the first write error so a report checks it once.
type baiPrinter = errWriter
