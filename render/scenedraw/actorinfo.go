package scenedraw

import (
	"math"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/scene"
)

// actorInfo is what a frame needs about an actor that does not change
// while it lives: its label text and recorded colour. Computing it once
// per actor keeps string building and parsing out of the frame loop.
type actorInfo struct {
	blueprint string // the key's second half: an id may be reused
	label     string
	color     render.Color
	hasColor  bool
}

// actorCache maps actor ids to their info. It is cleared when it grows
// far beyond the actors of a frame (a long recording spawns many).
type actorCache struct {
	m map[uint32]*actorInfo
}

func (c *actorCache) get(a *scene.Actor) *actorInfo {
	if c.m == nil {
		c.m = make(map[uint32]*actorInfo)
	}
	if in, ok := c.m[a.ID]; ok && in.blueprint == a.Blueprint {
		return in
	}
	in := &actorInfo{blueprint: a.Blueprint, label: actorLabel(a)}
	for _, at := range a.Attributes {
		if at.Key == "color" {
			in.color, in.hasColor = parseRGB(at.Value)
		}
	}
	c.m[a.ID] = in
	return in
}

// trim drops every entry when the cache holds far more actors than a
// frame shows.
func (c *actorCache) trim(live int) {
	if len(c.m) > 4*live+1024 {
		clear(c.m)
	}
}

// actorLabel is "ID blueprint" with the blueprint's first component
// (vehicle., walker., ...) dropped, since the colour already tells the
// kind: "42 tesla.model3".
func actorLabel(a *scene.Actor) string {
	bp := a.Blueprint
	if i := strings.IndexByte(bp, '.'); i >= 0 && i+1 < len(bp) {
		bp = bp[i+1:]
	}
	if bp == "" {
		return strconv.FormatUint(uint64(a.ID), 10)
	}
	return strconv.FormatUint(uint64(a.ID), 10) + " " + bp
}

// parseRGB reads CARLA's colour attribute "R,G,B" (0-255 each).
func parseRGB(s string) (render.Color, bool) {
	var v [3]uint8
	for i := range 3 {
		part := s
		if j := strings.IndexByte(s, ','); j >= 0 {
			part, s = s[:j], s[j+1:]
		} else if i < 2 {
			return render.Color{}, false
		} else {
			s = ""
		}
		n, err := strconv.ParseUint(strings.TrimSpace(part), 10, 8)
		if err != nil {
			return render.Color{}, false
		}
		v[i] = uint8(n)
	}
	if s != "" {
		return render.Color{}, false
	}
	return render.RGB(v[0], v[1], v[2]), true
}

// ChaseTarget is what a render.ChaseCamera follows for actor a: its
// position and its heading in radians, counter-clockwise from +X, taken
// from its forward axis (so the angle units stay package scene's).
func ChaseTarget(a *scene.Actor) (pos mgl64.Vec3, yaw float64) {
	f := a.World.Rotation.Forward()
	return a.World.Location, math.Atan2(f[1], f[0])
}
