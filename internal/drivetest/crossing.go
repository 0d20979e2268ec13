package drivetest

import (
	"fmt"
	"strings"

	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

// CrossingXODR is a small OpenDRIVE network with no signals, as CARLA's
// 2019 Town03 and Town05 are: road 1 runs east along y = 0 from x = 0
// to 100 into junction 100, whose connecting road 2 goes on straight to
// x = 120, where road 3 runs on to x = 220. Each road has a driving lane
// a side (3.5 m) and a sidewalk beyond (2 m); lane -1 drives east.
var CrossingXODR = crossing()

// CrossingEntryX is where road 1's eastbound lane enters the junction.
const CrossingEntryX = 100.0

func crossing() string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<OpenDRIVE>
    <header revMajor="1" revMinor="4" name="crossing" version="1" date="2026-01-01" north="10" south="-10" east="220" west="0" vendor="drivetest"/>
`)
	road := func(id, junction string, x, length float64, pred, succ string) {
		fmt.Fprintf(&b, `    <road name="" length="%g" id="%s" junction="%s">
        <link>%s%s</link>
        <planView><geometry s="0" x="%g" y="0" hdg="0" length="%g"><line/></geometry></planView>
        <lanes>
            <laneSection s="0">
                <left>
                    <lane id="2" type="sidewalk" level="false"><width sOffset="0" a="2" b="0" c="0" d="0"/></lane>
                    <lane id="1" type="driving" level="false"><link><predecessor id="1"/><successor id="1"/></link><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>
                </left>
                <center><lane id="0" type="none" level="false"/></center>
                <right>
                    <lane id="-1" type="driving" level="false"><link><predecessor id="-1"/><successor id="-1"/></link><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>
                    <lane id="-2" type="sidewalk" level="false"><width sOffset="0" a="2" b="0" c="0" d="0"/></lane>
                </right>
            </laneSection>
        </lanes>
    </road>
`, length, id, junction, pred, succ, x, length)
	}
	road("1", "-1", 0, 100, "", `<successor elementType="junction" elementId="100"/>`)
	road("2", "100", 100, 20, `<predecessor elementType="road" elementId="1" contactPoint="end"/>`,
		`<successor elementType="road" elementId="3" contactPoint="start"/>`)
	road("3", "-1", 120, 100, `<predecessor elementType="junction" elementId="100"/>`, "")
	b.WriteString(`    <junction id="100" name="">
        <connection id="0" incomingRoad="1" connectingRoad="2" contactPoint="start"><laneLink from="-1" to="-1"/></connection>
        <connection id="1" incomingRoad="3" connectingRoad="2" contactPoint="end"><laneLink from="1" to="1"/></connection>
    </junction>
</OpenDRIVE>
`)
	return b.String()
}

// Crossing decodes CrossingXODR into the network the lane map is built on.
func Crossing() *scene.RoadNet {
	m, err := opendrive.DecodeBytes([]byte(CrossingXODR))
	if err != nil {
		panic(err) // a fixed network the decoder accepts
	}
	rn, err := scene.NewRoadNet(m, 0)
	if err != nil {
		panic(err)
	}
	return rn
}
