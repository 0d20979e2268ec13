package opendrive

import "math"

// This file reads <header> and <road> with its link, type, planView,
// profiles and signals; decode_lanes.go reads the road's lanes.

// header reads <header>.
func (d *decoder) header(e *elem) Header {
	d.push("header", "")
	defer d.pop()
	h := Header{
		RevMajor: d.integer(e, "revMajor", 1000),
		RevMinor: d.integer(e, "revMinor", 1000),
		Name:     d.str(e, "name"),
		Version:  d.str(e, "version"),
		Date:     d.str(e, "date"),
		Vendor:   d.str(e, "vendor"),
		North:    d.numOr(e, "north", 0),
		South:    d.numOr(e, "south", 0),
		East:     d.numOr(e, "east", 0),
		West:     d.numOr(e, "west", 0),
	}
	if d.err == nil && h.RevMajor != 1 {
		d.fail(e.line, nil, "OpenDRIVE %d.%d is not a version this reader knows (1.x)", h.RevMajor, h.RevMinor)
	}
	for c, ok := d.child(); ok; c, ok = d.child() {
		switch c.name() {
		case "geoReference":
			h.GeoReference = d.text()
		case "offset":
			h.Offset = Offset{d.num(&c, "x"), d.num(&c, "y"), d.num(&c, "z"), d.num(&c, "hdg")}
			h.HasOffset = true
			d.skip()
		default:
			d.skip()
		}
	}
	return h
}

// road reads one <road> and checks that it has a reference line and lanes.
func (d *decoder) road(e *elem) Road {
	r := Road{SrcLine: e.line, Junction: "-1"}
	r.ID = d.reqStr(e, "id")
	d.push("road", r.ID)
	defer d.pop()
	r.Name = d.str(e, "name")
	r.Length = d.length(e, "length", "road")
	if j := d.str(e, "junction"); j != "" {
		r.Junction = j
	}
	switch rule := d.str(e, "rule"); rule {
	case "LHT":
		r.LeftHand = true
	case "RHT", "":
	default:
		d.fail(e.line, nil, "<road> rule is %q, not RHT or LHT", rule)
	}
	for c, ok := d.child(); ok; c, ok = d.child() {
		switch c.name() {
		case "link":
			d.roadLink(&r)
		case "type":
			d.roadType(&c, &r)
		case "planView":
			d.planView(&r)
		case "elevationProfile":
			r.Elevation = d.profile("elevation", r.Elevation)
		case "lateralProfile":
			r.Superelevation = d.profile("superelevation", r.Superelevation)
		case "lanes":
			d.lanes(&r)
		case "signals":
			d.signals(&r)
		default:
			d.skip()
		}
	}
	switch {
	case d.err != nil:
	case len(r.Geometry) == 0:
		d.fail(e.line, nil, "no geometry (a road needs a <planView> with at least one <geometry>)")
	case len(r.Sections) == 0:
		d.fail(e.line, nil, "no lanes (a road needs a <laneSection> with a left or right lane)")
	}
	return r
}

// roadLink reads the road's <link>: its predecessor and successor.
func (d *decoder) roadLink(r *Road) {
	for c, ok := d.child(); ok; c, ok = d.child() {
		switch c.name() {
		case "predecessor":
			r.Predecessor = d.link(&c)
		case "successor":
			r.Successor = d.link(&c)
		default:
			d.skip()
		}
	}
}

func (d *decoder) link(e *elem) Link {
	l := Link{ID: d.reqStr(e, "elementId"), Contact: d.contact(e, "contactPoint")}
	switch t := d.str(e, "elementType"); t {
	case "road":
		l.Type = LinkRoad
	case "junction":
		l.Type = LinkJunction
	default:
		d.fail(e.line, nil, "<%s> elementType is %q, not road or junction", e.name(), t)
	}
	d.skip()
	return l
}

// roadType reads a <type> record and its speed limit.
func (d *decoder) roadType(e *elem, r *Road) {
	t := RoadType{S: d.start(e, "s"), Type: d.str(e, "type")}
	if n := len(r.Types); n > 0 {
		d.inOrder(e, "road type", r.Types[n-1].S, t.S)
	}
	for c, ok := d.child(); ok; c, ok = d.child() {
		if c.name() == "speed" {
			// "no limit" and "undefined" are words the standard allows.
			if v := d.str(&c, "max"); v != "no limit" && v != "undefined" {
				t.SpeedMax = d.num(&c, "max")
			}
			t.SpeedUnit = d.str(&c, "unit")
		}
		d.skip()
	}
	r.Types = append(r.Types, t)
}

// start reads a required s or sOffset: a position along a road, not
// negative.
func (d *decoder) start(e *elem, name string) float64 {
	s := d.num(e, name)
	if s < 0 && d.err == nil {
		d.fail(e.line, nil, "<%s> %s is negative (%g)", e.name(), name, s)
	}
	return s
}

// planView reads the geometry records of the reference line.
func (d *decoder) planView(r *Road) {
	for c, ok := d.child(); ok; c, ok = d.child() {
		if c.name() != "geometry" {
			d.skip()
			continue
		}
		g := d.geometry(&c)
		if n := len(r.Geometry); n > 0 {
			d.inOrder(&c, "geometry", r.Geometry[n-1].S, g.S)
		}
		if d.err != nil {
			return
		}
		r.Geometry = append(r.Geometry, g)
	}
}

// geometry reads one <geometry> and its single shape element.
func (d *decoder) geometry(e *elem) Geometry {
	g := Geometry{
		SrcLine: e.line,
		S:       d.start(e, "s"),
		X:       d.num(e, "x"),
		Y:       d.num(e, "y"),
		Hdg:     d.num(e, "hdg"),
		Length:  d.length(e, "length", "geometry"),
	}
	shape := ""
	for c, ok := d.child(); ok; c, ok = d.child() {
		name := c.name()
		if isAdditionalData(name) {
			d.skip()
			continue
		}
		if shape != "" {
			d.fail(c.line, nil, "geometry with more than one shape (<%s> and <%s>)", shape, name)
			return g
		}
		shape = name
		d.shape(&c, &g)
		d.skip()
	}
	switch {
	case d.err != nil:
	case shape == "":
		d.fail(e.line, nil, "geometry with no shape (line, arc, spiral, poly3 or paramPoly3)")
	default:
		d.checkBend(e, &g)
	}
	return g
}

// checkBend refuses curves no road has: sharper than maxCurvature, or
// turning more than maxTurn in one geometry. Besides catching corrupt
// numbers, this bounds the work of evaluating spirals and poly3s, whose
// integrals need panels in proportion to how far they turn.
func (d *decoder) checkBend(e *elem, g *Geometry) {
	switch g.Kind {
	case GeomArc, GeomSpiral:
		// Only the kind's own fields are set, so this is its largest
		// curvature either way.
		k := max(math.Abs(g.Curvature), math.Abs(g.CurvStart), math.Abs(g.CurvEnd))
		if k > maxCurvature {
			d.fail(e.line, nil, "%v of absurd curvature (%g 1/m; the limit is %g)", g.Kind, k, float64(maxCurvature))
		} else if k*g.Length > maxTurn {
			d.fail(e.line, nil, "%v that turns absurdly far (%g rad; the limit is %g)", g.Kind, k*g.Length, float64(maxTurn))
		}
	case GeomPoly3:
		// v'' is linear in u, and u runs over at most [0, Length].
		k := max(math.Abs(g.Poly3.bend(0)), math.Abs(g.Poly3.bend(g.Length)))
		if k*g.Length > maxTurn {
			d.fail(e.line, nil, "poly3 whose slope changes absurdly (by up to %g; the limit is %g)", k*g.Length, float64(maxTurn))
		}
	}
}

// shape reads the attributes of a geometry's shape element.
func (d *decoder) shape(c *elem, g *Geometry) {
	switch c.name() {
	case "line":
		g.Kind = GeomLine
	case "arc":
		g.Kind = GeomArc
		g.Curvature = d.num(c, "curvature")
	case "spiral":
		g.Kind = GeomSpiral
		g.CurvStart, g.CurvEnd = d.num(c, "curvStart"), d.num(c, "curvEnd")
	case "poly3":
		g.Kind = GeomPoly3
		g.Poly3 = d.cubic(c, "a", "b", "c", "d")
	case "paramPoly3":
		g.Kind = GeomParamPoly3
		g.U = d.cubic(c, "aU", "bU", "cU", "dU")
		g.V = d.cubic(c, "aV", "bV", "cV", "dV")
		// OpenDRIVE 1.4 made "normalized" the default when pRange is
		// absent; later versions require it.
		switch p := d.str(c, "pRange"); p {
		case "arcLength":
		case "normalized", "":
			g.Normalized = true
		default:
			d.fail(c.line, nil, "<paramPoly3> pRange is %q, not arcLength or normalized", p)
		}
	default:
		d.fail(c.line, nil, "unknown geometry kind <%s>", c.name())
	}
}

// isAdditionalData tells the elements any OpenDRIVE element may hold
// besides its own (g_additionalData).
func isAdditionalData(name string) bool {
	return name == "userData" || name == "include" || name == "dataQuality"
}

// profile reads the cubic records named rec (elevation, superelevation)
// of a profile element, appending them to recs; other children (shape,
// crossfall) are passed over.
func (d *decoder) profile(rec string, recs []Poly) []Poly {
	for c, ok := d.child(); ok; c, ok = d.child() {
		if c.name() == rec {
			p := Poly{S: d.start(&c, "s"), Cubic: d.cubic(&c, "a", "b", "c", "d")}
			if n := len(recs); n > 0 {
				d.inOrder(&c, rec, recs[n-1].S, p.S)
			}
			recs = append(recs, p)
		}
		d.skip()
	}
	return recs
}

// signals reads <signals>: signals and signal references.
func (d *decoder) signals(r *Road) {
	for c, ok := d.child(); ok; c, ok = d.child() {
		switch c.name() {
		case "signal":
			if s := d.signal(&c); d.err == nil {
				r.Signals = append(r.Signals, s)
			}
		case "signalReference":
			ref := SignalReference{
				SrcLine:     c.line,
				ID:          d.reqStr(&c, "id"),
				S:           d.start(&c, "s"),
				T:           d.num(&c, "t"),
				Orientation: d.orientation(&c),
			}
			ref.Validity = d.validities()
			if d.err == nil {
				r.SignalReferences = append(r.SignalReferences, ref)
			}
		default:
			d.skip()
		}
	}
}

func (d *decoder) signal(e *elem) Signal {
	s := Signal{
		SrcLine:     e.line,
		ID:          d.reqStr(e, "id"),
		Name:        d.str(e, "name"),
		S:           d.start(e, "s"),
		T:           d.num(e, "t"),
		ZOffset:     d.numOr(e, "zOffset", 0),
		HOffset:     d.numOr(e, "hOffset", 0),
		Pitch:       d.numOr(e, "pitch", 0),
		Roll:        d.numOr(e, "roll", 0),
		Orientation: d.orientation(e),
		Dynamic:     d.boolean(e, "dynamic"),
		Country:     d.str(e, "country"),
		Type:        d.str(e, "type"),
		Subtype:     d.str(e, "subtype"),
		Value:       d.numOr(e, "value", 0),
		Unit:        d.str(e, "unit"),
		Text:        d.str(e, "text"),
		Height:      d.numOr(e, "height", 0),
		Width:       d.numOr(e, "width", 0),
	}
	s.Validity = d.validities()
	return s
}

// validities reads the <validity> children of a signal or reference,
// through its end tag.
func (d *decoder) validities() []Validity {
	var vs []Validity
	for c, ok := d.child(); ok; c, ok = d.child() {
		if c.name() == "validity" {
			vs = append(vs, Validity{d.integer(&c, "fromLane", maxLaneID), d.integer(&c, "toLane", maxLaneID)})
		}
		d.skip()
	}
	return vs
}
