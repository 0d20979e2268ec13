package scenedraw

import (
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// The palette. The scene is drawn on a dark background so that the
// coloured markings (lanes by side, rules, light states, actor kinds) carry
// the information and the grey road network recedes. Colours that must be
// told apart (side A/B, rules, light states, kinds) differ in hue, not
// only in brightness, and every one is listed in the legend.
var (
	// Background is the colour to clear the frame with.
	Background = render.RGB(0x17, 0x19, 0x1e)
	// RoadColor is the road surface between the kerbs.
	RoadColor = colRoad
	// RoadFarColor is a whole road, sidewalks included, seen too small for
	// its parts to be told apart.
	RoadFarColor = colRoadFar
	// HeroColor marks the hero (body, ring and marker): a hue no other
	// colour of the scene is near, so the hero is never mistaken for a
	// light, a trail or a fault.
	HeroColor = colHero

	colGrid      = render.RGB(0x23, 0x27, 0x2e)
	colGridMajor = render.RGB(0x31, 0x36, 0x40)
	colScale     = render.RGB(0xc8, 0xcc, 0xd2)

	colRoad         = render.RGB(0x3b, 0x3f, 0x46)
	colRoadFar      = render.RGB(0x55, 0x5a, 0x63) // whole road at low zoom: lighter to stay visible
	colIntersection = render.RGB(0x47, 0x4b, 0x53)
	colSidewalk     = render.RGB(0x62, 0x67, 0x70)
	colKerb         = render.RGB(0x9a, 0xa0, 0xa8)
	colSidewalkEdge = render.RGB(0x7c, 0x82, 0x8b)
	colSidewalkLine = render.RGBA(0xb0, 0xb6, 0xbe, 0x90)
	colCentre       = render.RGB(0xe8, 0xe4, 0xd0)
	colTram         = render.RGB(0xd0, 0x80, 0x50)
	colTrain        = render.RGBA(0xa8, 0x80, 0xff, 0xc0)
	colHighlight    = render.RGBA(0x6f, 0xd3, 0xff, 0x60)
	// colHighlightArea is a selected surface drawn opaque (an OpenDRIVE
	// road's lanes, a junction): the road colour tinted with colHighlight.
	colHighlightArea = render.RGB(0x35, 0x5d, 0x78)

	// Lanes: side A (drives End -> Start) and side B (Start -> End).
	colSideA = render.RGB(0xff, 0x9f, 0x43)
	colSideB = render.RGB(0x4d, 0xa3, 0xff)

	colPole   = render.RGB(0x9a, 0x9f, 0xa6)
	colLabel  = render.RGB(0xe6, 0xe8, 0xeb)
	colLabelB = render.RGBA(0x10, 0x12, 0x16, 0xb8)
	colHero   = render.RGB(0x7d, 0xff, 0x3a) // a lime no other colour is near (TestHeroColorUnique)
	colSelect = render.RGB(0xff, 0xff, 0xff)
	colHover  = render.RGBA(0xff, 0xff, 0xff, 0x90)
	colBrake  = render.RGB(0xff, 0x20, 0x20)
	colFlash  = render.RGB(0xff, 0x50, 0x30)
	colFlash2 = render.RGB(0xff, 0xe0, 0x60)
	colPanel  = render.RGBA(0x10, 0x12, 0x16, 0xd0)
)

// RuleColor is the colour of a road-end rule (stop lines, and map lights
// without a recorded state), as in the legend.
func RuleColor(r bai.Rule) render.Color { return ruleColor(r) }

// LightColor is the colour of a recorded traffic-light state.
func LightColor(s recorder.LightState) render.Color { return lightColor(s) }

// KindColor is the body colour of an actor kind (before face shading).
func KindColor(k scene.Kind) render.Color { return kindColor(k) }

// SideColor is the lane colour of side A (0) or side B (1).
func SideColor(side int) render.Color {
	if side&1 == 0 {
		return colSideA
	}
	return colSideB
}

// ruleColor is the colour of a road end's vehicle rule: the stop line
// across the arriving lanes and a map light with no recorded state.
func ruleColor(r bai.Rule) render.Color {
	switch r {
	case bai.RuleTrafficLight:
		return render.RGB(0xff, 0xc4, 0x00)
	case bai.RuleStopSign:
		return render.RGB(0xff, 0x4d, 0x4d)
	case bai.RuleAlwaysStop:
		return render.RGB(0xe0, 0x40, 0xfb)
	case bai.RuleNeverStop:
		return render.RGB(0x5c, 0xe1, 0xc6)
	}
	return render.RGB(0x80, 0x80, 0x80)
}

// lightColor is a recorded traffic-light state's colour.
func lightColor(s recorder.LightState) render.Color {
	switch s {
	case recorder.LightRed:
		return render.RGB(0xff, 0x30, 0x30)
	case recorder.LightYellow:
		return render.RGB(0xff, 0xd4, 0x00)
	case recorder.LightGreen:
		return render.RGB(0x2e, 0xe8, 0x5a)
	case recorder.LightOff:
		return render.RGB(0x30, 0x30, 0x30)
	}
	return render.RGB(0xc0, 0xc0, 0xc0)
}

// kindColor is an actor kind's body colour.
func kindColor(k scene.Kind) render.Color {
	switch k {
	case scene.KindCar:
		return render.RGB(0x5b, 0x8d, 0xef)
	case scene.KindTruck:
		return render.RGB(0xf0, 0x8a, 0x24)
	case scene.KindBike:
		return render.RGB(0x2e, 0xc4, 0xb6)
	case scene.KindWalker:
		return render.RGB(0xf1, 0x5b, 0xb5)
	case scene.KindProp:
		return render.RGB(0xa6, 0x8a, 0x64)
	case scene.KindSign:
		return render.RGB(0xe0, 0xe0, 0xe0)
	case scene.KindSensor:
		return render.RGB(0x8f, 0xb8, 0xc8)
	}
	return render.RGB(0x9e, 0x9e, 0x9e)
}

// brighten moves c a fraction k toward white (selection emphasis).
func brighten(c render.Color, k float32) render.Color {
	return render.Color{R: c.R + (1-c.R)*k, G: c.G + (1-c.G)*k, B: c.B + (1-c.B)*k, A: c.A}
}

// FlatColors lists the opaque colours the scene paints unshaded: the
// background, the roads, the lane sides, the rules, the light states, the
// actor kinds and the highlights. An encoder with a small palette (a GIF)
// starts from them, so that lanes and lights keep their exact colours.
func FlatColors() []render.Color {
	cs := []render.Color{Background, colGrid, colGridMajor, colScale, colRoad, colRoadFar, colIntersection,
		colSidewalk, colKerb, colSidewalkEdge, colCentre, colTram, colSideA, colSideB, colPole, colLabel,
		colHero, colSelect, colBrake, colFlash, colFlash2}
	for _, r := range []bai.Rule{bai.RuleTrafficLight, bai.RuleStopSign, bai.RuleAlwaysStop, bai.RuleNeverStop, 0xff} {
		cs = append(cs, ruleColor(r))
	}
	for _, s := range []recorder.LightState{recorder.LightRed, recorder.LightYellow, recorder.LightGreen, recorder.LightOff, recorder.LightUnknown} {
		cs = append(cs, lightColor(s))
	}
	for k := scene.Kind(0); k <= scene.KindSensor; k++ {
		cs = append(cs, kindColor(k))
	}
	return cs
}
