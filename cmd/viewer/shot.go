package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/offscreen"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

const shotHelp = `
Renders the scene the window would show, without a display, to a PNG.
FILES may be a recording (CARLA_RECORDER header), a Midtown Madness 2 AI
map (CAI1), or one of each, in any order; each file is recognised by its
content. With no FILES it renders the built-in demo.

--view orbit frames the whole scene from above at an angle (the window's
default camera), top looks straight down with north up, and follow:ID
(or follow:hero) chases that actor from behind.

With a recording, the lane and fault pass of ` + "`viewer check`" + ` runs first (on
the map if one is given or found, else collisions and blocked spans
only): every fault is marked where it happened, and the --select'ed
actor (else the followed one) is drawn with its trail, the last 10 s
coloured by speed and the next 10 s dashed, as in the window.
--paths=false skips the pass.

Exit status: 0 on success, 1 when a file cannot be read or decoded (the
message names the file and the byte offset) or the followed actor does
not exist at that time, 2 for bad usage.
`

// cmdShot is `viewer shot`: a headless snapshot through the same scene
// drawing as the window.
func cmdShot() *Command {
	c := &Command{
		Name:    "shot",
		Summary: "render the scene at a time to a PNG, without a display",
		Usage: "[FILES...] --out FILE.png [--at SECONDS] [--size WxH] [--view orbit|top|follow:ID] [--hide LAYERS]" +
			" [--select ID] [--paths=false]",
	}
	c.Run = func(env *Env, args []string) error { return runShot(env, c, args) }
	return c
}

// shotSpec is a parsed shot command line.
type shotSpec struct {
	files         []string
	out           string
	at            float64
	width, height int
	view          shotView
	layers        scenedraw.Layers
	selected      uint32
	maps          string // --maps: where to look for the recording's town
	noPaths       bool   // --paths=false: no lane and fault pass, no trail or fault mark
}

// shotView is the camera of a shot.
type shotView struct {
	kind   string // "orbit", "top" or "follow"
	follow uint32 // actor id; 0 with kind "follow" means the hero
}

func parseShot(env *Env, c *Command, args []string) (shotSpec, error) {
	fs := newQueryFlags(env, c, shotHelp)
	at := fs.Float64("at", 0, "time in the recording, in seconds")
	out := fs.String("out", "", "the PNG file to write (required)")
	vf := addViewFlags(fs, "1280x720")
	pos, err := Parse(fs, args)
	if err != nil {
		return shotSpec{}, err
	}
	sp := shotSpec{files: pos, out: *out, at: *at}
	if sp.out == "" {
		return sp, Usagef("--out FILE.png is required")
	}
	if math.IsNaN(sp.at) || math.IsInf(sp.at, 0) {
		return sp, Usagef("--at %v is not a time", *at)
	}
	return sp, vf.fill(&sp)
}

// viewFlags are the options of what is drawn and how, which `viewer shot`
// and `viewer clip` share.
type viewFlags struct {
	size, view, hide, maps *string
	sel                    *uint
	paths                  *bool
}

// addViewFlags adds them to fs, with a default image size.
func addViewFlags(fs *flag.FlagSet, size string) *viewFlags {
	return &viewFlags{
		size:  fs.String("size", size, "image size in pixels, WIDTHxHEIGHT"),
		view:  fs.String("view", "orbit", "camera: orbit, top, follow:ID or follow:hero"),
		hide:  fs.String("hide", "", "comma-separated layers to hide: "+strings.Join(scenedraw.LayerNames(), ", ")),
		sel:   fs.Uint("select", 0, "actor id to highlight as selected"),
		paths: fs.Bool("paths", true, "run the lane and fault pass: mark the faults, draw the trail (false: faster on long recordings)"),
		maps:  mapsFlag(fs),
	}
}

// fill checks the flags and sets them in sp.
func (vf *viewFlags) fill(sp *shotSpec) error {
	sp.layers, sp.maps, sp.noPaths = scenedraw.AllLayers, *vf.maps, !*vf.paths
	if *vf.sel > math.MaxUint32 {
		return Usagef("--select %d is not an actor id", *vf.sel)
	}
	sp.selected = uint32(*vf.sel)
	var err error
	if sp.width, sp.height, err = parseSize(*vf.size); err != nil {
		return err
	}
	if sp.view, err = parseView(*vf.view); err != nil {
		return err
	}
	if *vf.hide != "" {
		for _, name := range strings.Split(*vf.hide, ",") {
			l, ok := scenedraw.ParseLayer(strings.TrimSpace(name))
			if !ok {
				return Usagef("--hide: no layer %q (layers: %s)", name, strings.Join(scenedraw.LayerNames(), ", "))
			}
			sp.layers &^= l
		}
	}
	return nil
}

// maxShotSide bounds each image side, so a typo cannot ask for gigabytes.
const maxShotSide = 8192

func parseSize(s string) (w, h int, err error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 16 || h < 16 || w > maxShotSide || h > maxShotSide {
		return 0, 0, Usagef("--size %q: want WIDTHxHEIGHT, each 16 to %d pixels", s, maxShotSide)
	}
	return w, h, nil
}

func parseView(s string) (shotView, error) {
	switch s {
	case "orbit", "top":
		return shotView{kind: s}, nil
	case "follow:hero":
		return shotView{kind: "follow"}, nil
	}
	if id, ok := strings.CutPrefix(s, "follow:"); ok {
		n, err := strconv.ParseUint(id, 10, 32)
		if err == nil && n > 0 {
			return shotView{kind: "follow", follow: uint32(n)}, nil
		}
	}
	return shotView{}, Usagef("--view %q: want orbit, top, follow:ID or follow:hero", s)
}

func runShot(env *Env, c *Command, args []string) error {
	sp, err := parseShot(env, c, args)
	if err != nil {
		return err
	}
	sc, err := loadShotScene(sp.files, sp.at, sp.noPaths)
	if err != nil {
		return err
	}
	defer sc.close()
	if len(sp.files) > 0 {
		if err := sc.findTownMap(env.Stderr, "viewer shot", sp.maps); err != nil {
			return err
		}
	}
	if w := sc.clampTime(&sp); w != "" {
		sc.warnings = append(sc.warnings, w)
	}
	for _, w := range sc.warnings {
		fmt.Fprintf(env.Stderr, "viewer shot: warning: %s\n", w)
	}
	img, _, err := renderShot(sc, sp)
	if err != nil {
		return err
	}
	if err := writePNG(sp.out, img); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s: %dx%d, %s\n", sp.out, sp.width, sp.height, sc.describe(sp))
	return nil
}

// renderShot draws the scene at sp.at with sp's camera, as the window
// would, and returns the image and the view it was drawn with.
func renderShot(sc *shotScene, sp shotSpec) (*image.RGBA, render.View, error) {
	var st *scene.State
	if sc.rec != nil {
		st = new(scene.State)
		if err := sc.rec.StateAt(sp.at, st); err != nil {
			return nil, render.View{}, fmt.Errorf("%s: %w", sc.recName, err)
		}
	}
	p, err := offscreen.NewPainter(sc.m, sc.roads, 1)
	if err != nil {
		return nil, render.View{}, err
	}
	vp := render.Viewport{Width: float64(sp.width), Height: float64(sp.height), Scale: 1}
	view, err := shotCamera(p.Renderer(), st, sp, vp)
	if err != nil {
		return nil, render.View{}, err
	}
	opt, err := shotOptions(sc, sp, st)
	if err != nil {
		return nil, render.View{}, err
	}
	lightEntries(p, opt)
	return p.Paint(&view, st, opt), view, nil
}

// lightEntries gives the painter the recorded lights the pass tied to the
// map's junction entries, so that their stop lines show the lights'
// states, and the entries a recorded stop sign makes stops, whose lines
// show the stop sign's colour, as in the window.
func lightEntries(p *offscreen.Painter, opt scenedraw.Options) {
	if opt.Paths != nil && opt.Paths.Assoc != nil {
		as := opt.Paths.Assoc
		p.Renderer().SetEndLights(as.Lights, as.EndLights())
		p.Renderer().SetEndSigns(as.EndSigns())
	}
}

// shotOptions is what a shot or a clip draws besides the camera, as the
// window draws it: recorded vehicle colours, the replay time, collision
// flashes from the timeline (a shot 0.4 s after a collision shows its
// flash 0.4 s old, as playing there would), and the trail and faults.
func shotOptions(sc *shotScene, sp shotSpec, st *scene.State) (scenedraw.Options, error) {
	opt := scenedraw.Options{Layers: sp.layers, Selected: sp.selected, Time: sp.at, VehicleColors: true}
	if sc.rec != nil {
		opt.Events = sc.rec.Events()
	}
	var err error
	opt.Paths, err = shotPaths(sc, sp, st)
	if err != nil {
		return opt, err
	}
	if opt.Paths != nil {
		sc.judgeRoads(opt.Paths.Assoc, nil, nil)
	} else {
		sc.judgeRoads(nil, nil, st) // no pass (--paths=false): the moment shown
	}
	return opt, nil
}

// shotCamera builds the view sp asks for.
func shotCamera(r *scenedraw.Renderer, st *scene.State, sp shotSpec, vp render.Viewport) (render.View, error) {
	switch sp.view.kind {
	case "top":
		cam := render.NewTopDownCamera()
		// The legend lists what a frame draws: draw the whole scene once
		// to know it, then frame clear of it.
		cam.FrameAll(r.Bounds(st), vp)
		whole := cam.View(vp)
		r.Build(render.NewDrawList(), &whole, st, scenedraw.Options{Layers: sp.layers, Time: sp.at})
		legend, ok := r.LegendRect(vp, st)
		scenedraw.FrameTop(&cam, r.Bounds(st), vp, legend, ok && sp.layers.Has(scenedraw.Legend))
		return cam.View(vp), nil
	case "follow":
		a, err := followed(st, sp)
		if err != nil {
			return render.View{}, err
		}
		var cam render.ChaseCamera
		cam.Snap(scenedraw.ChaseTarget(a))
		return cam.View(vp), nil
	}
	cam := render.NewOrbitCamera()
	scenedraw.FrameOrbit(&cam, r.Bounds(st), vp)
	return cam.View(vp), nil
}

// followed finds the actor a follow view chases.
func followed(st *scene.State, sp shotSpec) (*scene.Actor, error) {
	if st == nil {
		return nil, fmt.Errorf("--view follow needs a recording")
	}
	if sp.view.follow == 0 {
		if a := st.Hero(); a != nil {
			return a, nil
		}
		return nil, fmt.Errorf("no hero actor at %.3f s", st.Time)
	}
	if a := st.Actor(sp.view.follow); a != nil {
		return a, nil
	}
	return nil, fmt.Errorf("no actor %d at %.3f s", sp.view.follow, st.Time)
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}
