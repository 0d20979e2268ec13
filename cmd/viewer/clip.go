package main

import (
	"context"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/offscreen"
	"github.com/mm2carla/viewer/scene"
)

const clipHelp = `
Renders a span of a recording, without a display, as the window would
show it playing: (--to - --from) x --fps frames, the first at --from.
FILES and --view are as for ` + "`viewer shot`" + ` (an orbit or top view is framed on
the scene at --from and stays still; follow:ID chases the actor). With no
FILES it renders the built-in demo.

--out chooses the output by its name:
  F.gif    an animated GIF (its palette holds the scene's lane, rule,
           light and actor colours exactly, and the clip's other colours
           by a median cut of sampled frames); at most 2^30 pixels in
           all frames together
  DIR/     numbered PNGs, DIR/frame-00000.png being --from (also when
           DIR is an existing directory)
  F.mp4    an MP4 made by ffmpeg, which must be on the PATH

Exit status: 0 on success, 1 when a file cannot be read or decoded (the
message names the file), ffmpeg is missing or fails, or the followed
actor is missing at a frame; 2 for bad usage (--from not before --to,
--fps out of range, a size out of range, an unknown extension).
`

// Bounds of a clip's command line: a typo must not ask for hours of work.
const (
	maxClipFPS    = 60
	maxClipFrames = 100000
	gifSamples    = 8 // frames painted first to choose a GIF's palette
	// maxGIFPixels bounds a GIF's frames times their pixels: image/gif
	// encodes the frames at the end, so they are all held (a byte a
	// pixel at worst, when every frame changes everywhere).
	maxGIFPixels = 1 << 30
)

// cmdClip is `viewer clip`: a span of a recording rendered headless to a
// GIF, PNGs or an MP4, through the same painting as `viewer shot`.
func cmdClip() *Command {
	c := &Command{
		Name:    "clip",
		Summary: "render a span of a recording to a GIF, numbered PNGs or an MP4, without a display",
		Usage: "[FILES...] --from S --to S --out F.gif|F.mp4|DIR/ [--fps N] [--size WxH] [--view orbit|top|follow:ID]" +
			" [--select ID] [--hide LAYERS] [--paths=false] [--dither]",
	}
	c.Run = func(env *Env, args []string) error { return runClip(env, c, args) }
	return c
}

// clipSpec is a parsed clip command line: a shot's camera and layers, a
// span and where it goes.
type clipSpec struct {
	shot     shotSpec
	from, to float64
	fps      float64
	out      string
	kind     clipKind
	dither   bool
}

func parseClip(env *Env, c *Command, args []string) (clipSpec, error) {
	fs := newQueryFlags(env, c, clipHelp)
	from, to := new(secondsFlag), new(secondsFlag)
	fs.Var(from, "from", "start, in `seconds` since the recording began (required)")
	fs.Var(to, "to", "end, in `seconds` (required)")
	fps := fs.Float64("fps", 10, "frames a second")
	out := fs.String("out", "", "F.gif, F.mp4 or DIR/ (required)")
	dither := fs.Bool("dither", false, "GIF: Floyd-Steinberg dithering instead of the nearest colour")
	vf := addViewFlags(fs, "640x360")
	pos, err := Parse(fs, args)
	if err != nil {
		return clipSpec{}, err
	}
	cs := clipSpec{shot: shotSpec{files: pos}, from: from.get(), to: to.get(), fps: *fps, out: *out, dither: *dither}
	if err := vf.fill(&cs.shot); err != nil {
		return cs, err
	}
	return cs, cs.check()
}

// secondsFlag is a required time flag: it has no default to show.
type secondsFlag struct {
	v   float64
	set bool
}

func (f *secondsFlag) String() string {
	if f == nil || !f.set {
		return ""
	}
	return strconv.FormatFloat(f.v, 'g', -1, 64)
}

func (f *secondsFlag) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%q is not a time in seconds", s)
	}
	f.v, f.set = v, true
	return nil
}

// get is the time given, NaN when none was.
func (f *secondsFlag) get() float64 {
	if !f.set {
		return math.NaN()
	}
	return f.v
}

// check is the usage rules of a clip beyond the shot's.
func (cs *clipSpec) check() error {
	switch {
	case cs.out == "":
		return Usagef("--out F.gif, F.mp4 or DIR/ is required")
	case math.IsNaN(cs.from) || math.IsNaN(cs.to):
		return Usagef("--from and --to are required")
	case cs.from >= cs.to:
		return Usagef("--from %v must be before --to %v", cs.from, cs.to)
	case !(cs.fps > 0) || cs.fps > maxClipFPS:
		return Usagef("--fps %v: want more than 0, at most %d", cs.fps, maxClipFPS)
	case (cs.to-cs.from)*cs.fps > maxClipFrames:
		return Usagef("%.0f frames: at most %d", (cs.to-cs.from)*cs.fps, maxClipFrames)
	}
	k, err := clipKindOf(cs.out)
	cs.kind = k
	if err != nil {
		return err
	}
	n := math.Round((cs.to - cs.from) * cs.fps)
	if k == clipGIF && n*float64(cs.shot.width*cs.shot.height) > maxGIFPixels {
		return Usagef("a GIF of %.0f frames of %dx%d is too big (over %d pixels in all): "+
			"fewer frames, a smaller --size, or --out DIR/ or F.mp4", n, cs.shot.width, cs.shot.height, maxGIFPixels)
	}
	return nil
}

func runClip(env *Env, c *Command, args []string) error {
	cs, err := parseClip(env, c, args)
	if err != nil {
		return err
	}
	if cs.kind == clipMP4 {
		if err := findFFmpeg(); err != nil {
			return err
		}
	}
	sc, err := loadShotScene(cs.shot.files, 0, false)
	if err != nil {
		return err
	}
	defer sc.close()
	if sc.rec == nil {
		return Usagef("a clip needs a recording")
	}
	if err := sc.findTownMap(env.Stderr, "viewer clip", cs.shot.maps); err != nil {
		return err
	}
	for _, w := range append(sc.warnings, cs.clamp(sc)...) {
		fmt.Fprintf(env.Stderr, "viewer clip: warning: %s\n", w)
	}
	clip, p, err := cs.prepare(sc)
	if err != nil {
		return err
	}
	n := clip.Frames()
	if err := cs.write(p, clip, progress(env.Stderr, n)); err != nil {
		return err
	}
	fmt.Fprintf(env.Stdout, "%s: %d frames, %dx%d at %g fps, %s of %s from %.3f s to %.3f s\n",
		cs.out, n, cs.shot.width, cs.shot.height, cs.fps, cs.shot.view.kind, sc.recName, cs.from, cs.to)
	return nil
}

// clamp brings the span inside the recording, as a shot's time is, and
// says so.
func (cs *clipSpec) clamp(sc *shotScene) []string {
	start, end := sc.rec.Times()[0], sc.rec.Duration()
	var ws []string
	if cs.from < start {
		cs.from = start
		ws = append(ws, fmt.Sprintf("--from is before the start of %s: starting at %.3f s", sc.recName, start))
	}
	if cs.to > end {
		cs.to = end
		ws = append(ws, fmt.Sprintf("--to is after the end of %s: ending at %.3f s", sc.recName, end))
	}
	return ws
}

// prepare builds the clip: its camera (framed on the scene at --from),
// its options (trail, faults, layers) and the painter.
func (cs *clipSpec) prepare(sc *shotScene) (*offscreen.Clip, *offscreen.Painter, error) {
	if cs.from >= cs.to {
		return nil, nil, fmt.Errorf("%s: nothing between %.3f s and %.3f s", sc.recName, cs.from, cs.to)
	}
	sp := cs.shot
	sp.at = cs.from
	st := new(scene.State)
	if err := sc.rec.StateAt(sp.at, st); err != nil {
		return nil, nil, fmt.Errorf("%s: %w", sc.recName, err)
	}
	p, err := offscreen.NewPainter(sc.m, sc.roads, 1)
	if err != nil {
		return nil, nil, err
	}
	vp := render.Viewport{Width: float64(sp.width), Height: float64(sp.height), Scale: 1}
	var cam offscreen.Camera = &offscreen.Chase{ID: sp.view.follow, Viewport: vp}
	if sp.view.kind != "follow" {
		v, err := shotCamera(p.Renderer(), st, sp, vp)
		if err != nil {
			return nil, nil, err
		}
		f := offscreen.Fixed(v)
		cam = &f
	}
	opt, err := shotOptions(sc, sp, st)
	if err != nil {
		return nil, nil, err
	}
	lightEntries(p, opt)
	return &offscreen.Clip{Rec: sc.rec, From: cs.from, To: cs.to, FPS: cs.fps, Camera: cam, Options: opt, Name: sc.recName}, p, nil
}

// progress reports every tenth of a long clip on w (a short one is done
// before anyone would look).
func progress(w io.Writer, n int) func(i int) {
	const long = 100
	step := max(n/10, 1)
	return func(i int) {
		if n >= long && (i+1)%step == 0 {
			fmt.Fprintf(w, "viewer clip: %d of %d frames\n", i+1, n)
		}
	}
}

// write paints the clip into the output cs names.
func (cs *clipSpec) write(p *offscreen.Painter, clip *offscreen.Clip, done func(i int)) error {
	sink, err := cs.sink(p, clip)
	if err != nil {
		return err
	}
	err = p.PaintClip(context.Background(), clip, func(i int, img *image.RGBA) error {
		if err := sink.add(i, img); err != nil {
			return err
		}
		done(i)
		return nil
	})
	if cerr := sink.close(err == nil); err == nil {
		err = cerr
	}
	return err
}

// sink makes the writer of cs's output.
func (cs *clipSpec) sink(p *offscreen.Painter, clip *offscreen.Clip) (clipSink, error) {
	switch cs.kind {
	case clipGIF:
		samples, err := p.Samples(clip, gifSamples)
		if err != nil {
			return nil, err
		}
		pal := offscreen.Palette(offscreen.SceneColors(), samples)
		return &gifSink{path: cs.out, enc: offscreen.NewGIF(pal, cs.fps, cs.dither)}, nil
	case clipPNGs:
		if err := os.MkdirAll(cs.out, 0o755); err != nil {
			return nil, err
		}
		return &pngSink{dir: cs.out, digits: max(5, len(fmt.Sprint(clip.Frames()-1)))}, nil
	}
	return startFFmpeg(cs.out, cs.shot.width, cs.shot.height, cs.fps)
}

// clipKindOf tells the output kind from --out's name: a trailing slash or
// an existing directory is a PNG directory.
func clipKindOf(out string) (clipKind, error) {
	if strings.HasSuffix(out, "/") || strings.HasSuffix(out, string(filepath.Separator)) {
		return clipPNGs, nil
	}
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		return clipPNGs, nil
	}
	switch strings.ToLower(filepath.Ext(out)) {
	case ".gif":
		return clipGIF, nil
	case ".mp4":
		return clipMP4, nil
	}
	return 0, Usagef("--out %q: want F.gif, F.mp4 or a directory DIR/", out)
}
