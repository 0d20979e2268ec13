package opendrive

import (
	"math"
	"strconv"
	"strings"
)

// Limits that keep absurd values from reaching the geometry. No real road
// has a geometry 1000 km long or a coordinate beyond 100 000 km; values
// past them are refused as corrupt rather than sampled.
const (
	maxLength = 1e6 // one geometry, lane section or record offset (m)
	maxCoord  = 1e8 // any coordinate or s (m)
	// maxCurvature bounds the curvature of arcs and spirals (1/m): a
	// radius under a millimetre.
	maxCurvature = 1e3
	// maxTurn bounds how far one geometry turns (radians, about 160 full
	// turns), which bounds the work of integrating it.
	maxTurn = 1e3
	// maxLanesPerSide bounds a section's lanes on one side; real roads
	// have a handful.
	maxLanesPerSide = 100
	// maxLaneID bounds lane ids in links and validity ranges.
	maxLaneID = 1 << 16
)

// attr returns the value of the named attribute, trimmed of space.
func (e *elem) attr(name string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Local == name {
			return strings.TrimSpace(a.Value), true
		}
	}
	return "", false
}

// str returns an optional text attribute ("" when absent).
func (d *decoder) str(e *elem, name string) string {
	v, _ := e.attr(name)
	return v
}

// reqStr returns a required text attribute, failing when it is absent
// or empty.
func (d *decoder) reqStr(e *elem, name string) string {
	v, ok := e.attr(name)
	if !ok || v == "" {
		d.fail(e.line, nil, "<%s> has no %s", e.name(), name)
	}
	return v
}

// num returns a required number attribute.
func (d *decoder) num(e *elem, name string) float64 {
	v, ok := e.attr(name)
	if !ok {
		d.fail(e.line, nil, "<%s> has no %s", e.name(), name)
		return 0
	}
	return d.parseNum(e, name, v, maxCoord)
}

// numOr returns an optional number attribute, or def when absent.
func (d *decoder) numOr(e *elem, name string, def float64) float64 {
	v, ok := e.attr(name)
	if !ok || v == "" {
		return def
	}
	return d.parseNum(e, name, v, maxCoord)
}

// length returns a required length-like attribute: a number in
// [0, maxLength]. A negative value fails with "<what> of negative length".
func (d *decoder) length(e *elem, name, what string) float64 {
	v, ok := e.attr(name)
	if !ok {
		d.fail(e.line, nil, "<%s> has no %s", e.name(), name)
		return 0
	}
	f := d.parseNum(e, name, v, math.Inf(1))
	switch {
	case d.err != nil:
	case f < 0:
		d.fail(e.line, nil, "%s of negative %s (%g)", what, name, f)
	case f > maxLength:
		d.fail(e.line, nil, "%s of absurd %s (%g m; the limit is %g m)", what, name, f, float64(maxLength))
	}
	return f
}

// parseNum parses a finite number no larger in magnitude than limit.
func (d *decoder) parseNum(e *elem, name, v string, limit float64) float64 {
	f, err := strconv.ParseFloat(v, 64)
	switch {
	case d.err != nil:
		return 0
	case err != nil && !isRangeErr(err):
		d.fail(e.line, nil, "<%s> %s is %q, not a number", e.name(), name, v)
	case math.IsNaN(f):
		d.fail(e.line, nil, "<%s> %s is NaN", e.name(), name)
	case math.IsInf(f, 0):
		d.fail(e.line, nil, "<%s> %s is infinite (%s)", e.name(), name, v)
	case math.Abs(f) > limit:
		d.fail(e.line, nil, "<%s> %s is %g, beyond the %g that any road network needs", e.name(), name, f, limit)
	default:
		return f
	}
	return 0
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// cubic reads the four coefficients a, b, c, d (or the names given).
func (d *decoder) cubic(e *elem, a, b, c, dd string) Cubic {
	return Cubic{d.num(e, a), d.num(e, b), d.num(e, c), d.num(e, dd)}
}

// integer returns a required integer attribute within ±limit.
func (d *decoder) integer(e *elem, name string, limit int) int {
	v, ok := e.attr(name)
	if !ok {
		d.fail(e.line, nil, "<%s> has no %s", e.name(), name)
		return 0
	}
	return d.parseInt(e, name, v, limit)
}

// intOr returns an optional integer attribute, or def when absent.
func (d *decoder) intOr(e *elem, name string, def, limit int) int {
	v, ok := e.attr(name)
	if !ok || v == "" {
		return def
	}
	return d.parseInt(e, name, v, limit)
}

func (d *decoder) parseInt(e *elem, name, v string, limit int) int {
	n, err := strconv.Atoi(v)
	switch {
	case d.err != nil:
	case err != nil:
		d.fail(e.line, nil, "<%s> %s is %q, not an integer", e.name(), name, v)
	case n > limit || n < -limit:
		d.fail(e.line, nil, "<%s> %s is %d, beyond the limit of %d", e.name(), name, n, limit)
	default:
		return n
	}
	return 0
}

// boolean reads an optional xs:boolean ("true", "false", "1", "0") or
// t_yesNo ("yes", "no") attribute.
func (d *decoder) boolean(e *elem, name string) bool {
	v, ok := e.attr(name)
	if !ok {
		return false
	}
	switch v {
	case "true", "1", "yes":
		return true
	case "false", "0", "no", "":
		return false
	}
	d.fail(e.line, nil, "<%s> %s is %q, not true or false", e.name(), name, v)
	return false
}

// contact reads an optional contactPoint.
func (d *decoder) contact(e *elem, name string) ContactPoint {
	switch v := d.str(e, name); v {
	case "start":
		return ContactStart
	case "end":
		return ContactEnd
	case "":
		return ContactNone
	default:
		d.fail(e.line, nil, "<%s> %s is %q, not start or end", e.name(), name, v)
	}
	return ContactNone
}

// orientation reads an optional signal orientation.
func (d *decoder) orientation(e *elem) Orientation {
	switch v := d.str(e, "orientation"); v {
	case "+":
		return OrientPlus
	case "-":
		return OrientMinus
	case "none", "":
		return OrientBoth
	default:
		d.fail(e.line, nil, "<%s> orientation is %q, not +, - or none", e.name(), v)
	}
	return OrientBoth
}

// inOrder checks that a record's start (s or sOffset) does not come
// before the previous one's: lookups by s rely on the order.
func (d *decoder) inOrder(e *elem, what string, prev, cur float64) {
	if cur < prev {
		d.fail(e.line, nil, "%s at %g comes after one at %g; they must be in order", what, cur, prev)
	}
}
