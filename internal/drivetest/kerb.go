package drivetest

import (
	"strings"

	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

// KerbXODR is an OpenDRIVE road of every lane type the fault rules tell
// apart: one straight road 200 m long along +X from the origin (so a
// point's Y is its t), no junction. Left of the reference line two
// driving lanes of 3.5 m (centres at 1.75 and 5.25) and a sidewalk;
// right of it, outward: a driving lane of 3.5 m (centre -1.75, traffic
// toward +X), a biking lane of 1.5 m (-4.25), a parking lane of 2.5 m
// (-6.25), a shoulder of 1 m (-8) and a sidewalk of 2 m (-9.5).
const KerbXODR = `<?xml version="1.0" standalone="yes"?>
<OpenDRIVE>
  <header revMajor="1" revMinor="4" name="kerb"/>
  <road name="Kerb" length="200" id="7" junction="-1">
    <planView>
      <geometry s="0" x="0" y="0" hdg="0" length="200"><line/></geometry>
    </planView>
    <lanes>
      <laneSection s="0">
        <left>
          <lane id="3" type="sidewalk" level="false"><width sOffset="0" a="2" b="0" c="0" d="0"/></lane>
          <lane id="2" type="driving" level="false"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>
          <lane id="1" type="driving" level="false"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>
        </left>
        <center>
          <lane id="0" type="none" level="false"/>
        </center>
        <right>
          <lane id="-1" type="driving" level="false"><width sOffset="0" a="3.5" b="0" c="0" d="0"/></lane>
          <lane id="-2" type="biking" level="false"><width sOffset="0" a="1.5" b="0" c="0" d="0"/></lane>
          <lane id="-3" type="parking" level="false"><width sOffset="0" a="2.5" b="0" c="0" d="0"/></lane>
          <lane id="-4" type="shoulder" level="false"><width sOffset="0" a="1" b="0" c="0" d="0"/></lane>
          <lane id="-5" type="sidewalk" level="false"><width sOffset="0" a="2" b="0" c="0" d="0"/></lane>
        </right>
      </laneSection>
    </lanes>
  </road>
</OpenDRIVE>
`

// KerbNet returns KerbXODR's network.
func KerbNet() *scene.RoadNet {
	m, err := opendrive.Decode(strings.NewReader(KerbXODR))
	if err != nil {
		panic(err)
	}
	rn, err := scene.NewRoadNet(m, 0)
	if err != nil {
		panic(err)
	}
	return rn
}
