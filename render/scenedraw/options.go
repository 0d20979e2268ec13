package scenedraw

import (
	"strings"

	"github.com/mm2carla/viewer/scene"
)

// Layers is a set of switchable layers, one bit each. Bit i is the i-th
// layer of the viewer's number keys (package ui/input numbers them in the
// same order: lanes, sidewalks, rails, intersections, lights, labels,
// grid), so the window maps its input.Layer l to the bit Layers(1) << l.
// Road surfaces and actors are not switchable: they are the scene.
type Layers uint16

// The layers.
const (
	Lanes         Layers = 1 << iota // lane curves, centre lines, direction arrows
	Sidewalks                        // sidewalk surfaces, kerbs, sidewalk centre curves
	Rails                            // tram and train rails
	Intersections                    // intersection discs and their id labels
	Lights                           // road-end rules (stop lines), map lights, recorded light and sign actors
	Labels                           // actor and intersection labels
	Grid                             // the metric ground grid and its scale bar
	Legend                           // the colour legend (screen space)

	// AllLayers shows everything.
	AllLayers = Lanes | Sidewalks | Rails | Intersections | Lights | Labels | Grid | Legend
)

// layerNames are the names settings files and the command line use; the
// first seven match ui/input's Layer names.
var layerNames = [...]string{"lanes", "sidewalks", "rails", "intersections", "lights", "labels", "grid", "legend"}

// LayerNames returns every layer name in bit order.
func LayerNames() []string { return append([]string(nil), layerNames[:]...) }

// ParseLayer returns the layer named name (case-insensitive), or false.
func ParseLayer(name string) (Layers, bool) {
	for i, n := range layerNames {
		if strings.EqualFold(n, name) {
			return 1 << i, true
		}
	}
	return 0, false
}

// Has reports whether every layer of m is in l.
func (l Layers) Has(m Layers) bool { return l&m == m }

// String lists the layers in l by name, comma-separated ("" for none).
func (l Layers) String() string {
	var b strings.Builder
	for i, n := range layerNames {
		if l&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(n)
		}
	}
	return b.String()
}

// Options is what changes from frame to frame besides the camera and the
// state: which layers show and what the user points at.
type Options struct {
	Layers Layers
	// Selected and Hovered are actor ids to highlight (0: none; CARLA
	// never gives id 0 to an actor). Selected wins when they are equal.
	Selected, Hovered uint32
	// Element highlights a map element (a road or an intersection), e.g.
	// the one the map inspector shows; the zero value highlights nothing.
	Element MapElement
	// Time drives animations (the collision flash), in seconds. Pass the
	// replay time (the State's), never a wall clock: a frame then depends
	// only on its inputs and on the collisions of the frames drawn just
	// before it (see FlashDuration).
	Time float64
	// VehicleColors paints vehicles with their recorded "color" attribute
	// ("R,G,B") instead of their kind's colour.
	VehicleColors bool
	// Events is the recording's timeline (scene.Recording.Events). With
	// it, collision flashes come from the collisions that began up to
	// FlashDuration before Time, so a frame depends on its time alone:
	// right after a seek, or in a snapshot. nil: the Renderer remembers
	// the collisions of the frames it drew (see FlashDuration).
	Events []scene.Event
	// Paths are the trails, whole paths and fault marks of the lane
	// association (nil: none).
	Paths *Paths
	// Ghost is a second run of the scenario at the same moment, drawn
	// over the first as translucent outlined ghosts in GhostColor (nil:
	// none); GhostSelected is the ghost to outline boldly, the selected
	// actor's match (0: none).
	Ghost         *scene.State
	GhostSelected uint32
	// LegendShort draws the legend collapsed: a row a column, its title
	// then its swatches, without their texts.
	LegendShort bool
}

// DefaultOptions shows every layer and highlights nothing.
func DefaultOptions() Options { return Options{Layers: AllLayers} }
