package opendrive

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// base is a valid one-road network laid out one element a line, so that
// the cases below can break one thing and the line in the error is known:
// line 1 the root and header, 2 the road, 3 its plan view, 4 its lanes.
const base = `<OpenDRIVE><header revMajor="1" revMinor="4"/>
<road id="7" length="10" junction="-1">
<planView><geometry s="0" x="0" y="0" hdg="0" length="10"><line/></geometry></planView>
<lanes><laneSection s="0"><center><lane id="0"/></center><right><lane id="-1" type="driving"><width sOffset="0" a="3" b="0" c="0" d="0"/></lane></right></laneSection></lanes>
</road>
</OpenDRIVE>
`

// edit returns base with old replaced by new, failing if old is absent.
func edit(t *testing.T, old, new string) string {
	t.Helper()
	if !strings.Contains(base, old) {
		t.Fatalf("%q is not in the base network", old)
	}
	return strings.Replace(base, old, new, 1)
}

func TestBaseDecodes(t *testing.T) {
	if _, err := DecodeBytes([]byte(base)); err != nil {
		t.Fatal(err)
	}
}

// TestErrors pins the message of every kind of refusal: one sentence
// naming the line and the element, and the cause where there is one.
func TestErrors(t *testing.T) {
	line := `<line/>`
	for _, tc := range []struct {
		name, data, want string
		cause            error
	}{
		{"empty", "", "opendrive: line 1: no root element; " + ErrNotOpenDRIVE.Error(), ErrNotOpenDRIVE},
		{"text only", "hello", "opendrive: line 1: no root element; " + ErrNotOpenDRIVE.Error(), ErrNotOpenDRIVE},
		{"other XML", `<?xml version="1.0"?>` + "\n<svg/>", "opendrive: line 2: the root element is <svg>; " + ErrNotOpenDRIVE.Error(), ErrNotOpenDRIVE},
		{"binary", "\x00\x01CAI1", "opendrive: line 1: malformed XML: illegal character code U+0000; " + ErrNotOpenDRIVE.Error(), ErrNotOpenDRIVE},
		{"mismatched tags", edit(t, "</planView>", "</lanes>"),
			"opendrive: line 3: road 7: malformed XML: element <planView> closed by </lanes>", nil},
		{"bad attribute syntax", edit(t, `length="10">`, `length=10>`), // the geometry's
			"opendrive: line 3: road 7: malformed XML: unquoted or missing attribute value in element", nil},
		{"unknown geometry", edit(t, line, "<clothoid/>"), "opendrive: line 3: road 7: unknown geometry kind <clothoid>", nil},
		{"geometry with no shape", edit(t, line, ""),
			"opendrive: line 3: road 7: geometry with no shape (line, arc, spiral, poly3 or paramPoly3)", nil},
		{"geometry with two shapes", edit(t, line, `<line/><arc curvature="1"/>`),
			"opendrive: line 3: road 7: geometry with more than one shape (<line> and <arc>)", nil},
		{"negative length", edit(t, `hdg="0" length="10"`, `hdg="0" length="-2"`),
			"opendrive: line 3: road 7: geometry of negative length (-2)", nil},
		{"absurd length", edit(t, `hdg="0" length="10"`, `hdg="0" length="1e9"`),
			"opendrive: line 3: road 7: geometry of absurd length (1e+09 m; the limit is 1e+06 m)", nil},
		{"absurd curvature", edit(t, line, `<arc curvature="-2000"/>`),
			"opendrive: line 3: road 7: arc of absurd curvature (2000 1/m; the limit is 1000)", nil},
		{"spiral turning absurdly far", edit(t, line, `<spiral curvStart="0" curvEnd="200.5"/>`),
			"opendrive: line 3: road 7: spiral that turns absurdly far (2005 rad; the limit is 1000)", nil},
		{"poly3 slope changing absurdly", edit(t, line, `<poly3 a="0" b="0" c="0" d="10"/>`),
			"opendrive: line 3: road 7: poly3 whose slope changes absurdly (by up to 6000; the limit is 1000)", nil},
		{"NaN", edit(t, `x="0"`, `x="NaN"`), "opendrive: line 3: road 7: <geometry> x is NaN", nil},
		{"infinity", edit(t, `y="0"`, `y="-Inf"`), "opendrive: line 3: road 7: <geometry> y is infinite (-Inf)", nil},
		{"overflow", edit(t, `y="0"`, `y="1e999"`), "opendrive: line 3: road 7: <geometry> y is infinite (1e999)", nil},
		{"huge coordinate", edit(t, `y="0"`, `y="1e300"`),
			"opendrive: line 3: road 7: <geometry> y is 1e+300, beyond the 1e+08 that any road network needs", nil},
		{"not a number", edit(t, `hdg="0"`, `hdg="north"`), `opendrive: line 3: road 7: <geometry> hdg is "north", not a number`, nil},
		{"missing attribute", edit(t, `hdg="0" `, ``), "opendrive: line 3: road 7: <geometry> has no hdg", nil},
		{"negative s", edit(t, `geometry s="0"`, `geometry s="-1"`), "opendrive: line 3: road 7: <geometry> s is negative (-1)", nil},
		{"geometries at equal s", edit(t, `</geometry></planView>`, `</geometry><geometry s="0" x="0" y="0" hdg="0" length="1"><line/></geometry><geometry s="-0" x="0" y="0" hdg="0" length="1"><line/></geometry></planView>`),
			"", nil}, // equal s is in order: no error
		{"geometry going back", edit(t, `<geometry s="0"`, `<geometry s="5" x="0" y="0" hdg="0" length="1"><line/></geometry><geometry s="0"`),
			"opendrive: line 3: road 7: geometry at 0 comes after one at 5; they must be in order", nil},
		{"road with no lanes", edit(t, `<laneSection s="0"><center><lane id="0"/></center><right><lane id="-1" type="driving"><width sOffset="0" a="3" b="0" c="0" d="0"/></lane></right></laneSection>`, ""),
			"opendrive: line 2: road 7: no lanes (a road needs a <laneSection> with a left or right lane)", nil},
		{"section with only the centre lane", edit(t, `<right><lane id="-1" type="driving"><width sOffset="0" a="3" b="0" c="0" d="0"/></lane></right>`, ""),
			"opendrive: line 4: road 7, lane section 0: no lanes beside the centre lane", nil},
		{"road with no geometry", edit(t, `<geometry s="0" x="0" y="0" hdg="0" length="10"><line/></geometry>`, ""),
			"opendrive: line 2: road 7: no geometry (a road needs a <planView> with at least one <geometry>)", nil},
		{"lane id gap", edit(t, `<lane id="-1"`, `<lane id="-3"`),
			"opendrive: line 4: road 7, lane section 0: the right lanes' ids are [-3]; they must run from the centre without gaps or repeats", nil},
		{"lane on the wrong side", edit(t, `<lane id="-1"`, `<lane id="1"`),
			"opendrive: line 4: road 7, lane section 0: lane 1 under <right>; right lanes have negative ids", nil},
		{"absurd lane id", edit(t, `<lane id="-1"`, `<lane id="-100000"`),
			"opendrive: line 4: road 7, lane section 0: <lane> id is -100000, beyond the limit of 100", nil},
		{"no centre lane", edit(t, `<center><lane id="0"/></center>`, ""), "opendrive: line 4: road 7, lane section 0: no centre lane (lane 0)", nil},
		{"width record negative", edit(t, `sOffset="0"`, `sOffset="-1"`),
			"opendrive: line 4: road 7, lane section 0, lane -1: width record of negative sOffset (-1)", nil},
		{"bad contact point", edit(t, `<planView>`, `<link><successor elementType="road" elementId="3" contactPoint="middle"/></link><planView>`),
			`opendrive: line 3: road 7: <successor> contactPoint is "middle", not start or end`, nil},
		{"bad pRange", edit(t, line, `<paramPoly3 aU="0" bU="1" cU="0" dU="0" aV="0" bV="0" cV="0" dV="0" pRange="metres"/>`),
			`opendrive: line 3: road 7: <paramPoly3> pRange is "metres", not arcLength or normalized`, nil},
		{"road without id", edit(t, `id="7" `, ""), "opendrive: line 2: <road> has no id", nil},
		{"version 2", edit(t, `revMajor="1"`, `revMajor="2"`),
			"opendrive: line 1: header: OpenDRIVE 2.4 is not a version this reader knows (1.x)", nil},
		{"no header", edit(t, `<header revMajor="1" revMinor="4"/>`, ""), "opendrive: line 6: no <header> in <OpenDRIVE>", nil},
		{"two headers", edit(t, `<road id="7"`, `<header revMajor="1" revMinor="4"/><road id="7"`),
			"opendrive: line 2: a second <header>", nil},
		{"element after the root", base + "<road/>", "opendrive: line 7: element <road> after the end of <OpenDRIVE>", nil},
		{"text after the root", base + "junk", "opendrive: line 7: text after the end of <OpenDRIVE>", nil},
		{"cut short", base[:len(base)-30], "opendrive: line 4: road 7: the data ends inside an element (the file is cut short)", io.ErrUnexpectedEOF},
		{"bad signal orientation", edit(t, `</lanes>`, `</lanes><signals><signal id="1" s="1" t="2" orientation="up"/></signals>`),
			`opendrive: line 4: road 7: <signal> orientation is "up", not +, - or none`, nil},
		{"bad boolean", edit(t, `<lane id="-1"`, `<lane level="maybe" id="-1"`),
			`opendrive: line 4: road 7, lane section 0, lane -1: <lane> level is "maybe", not true or false`, nil},
		{"junction laneLink not a number", edit(t, `</OpenDRIVE>`, `<junction id="3"><connection id="0" incomingRoad="7" connectingRoad="8" contactPoint="start"><laneLink from="one" to="-1"/></connection></junction></OpenDRIVE>`),
			`opendrive: line 6: junction 3: <laneLink> from is "one", not an integer`, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := DecodeBytes([]byte(tc.data))
			if tc.want == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			var fe *FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v is not a *FormatError", err)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n%s\nwant\n%s", err, tc.want)
			}
			if tc.cause != nil && !errors.Is(err, tc.cause) {
				t.Errorf("error %v does not wrap %v", err, tc.cause)
			}
		})
	}
}
