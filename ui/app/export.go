package app

import (
	"context"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/render/offscreen"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// Exporting a clip of the view (Ctrl+E) while the window stays usable.
// The export runs on its own goroutine with its own painter and camera;
// it shares with the window only what nobody changes: the recording
// (whose StateAt is safe for concurrent use), the map, and the options
// and trail data as they were when the export began.

// The exported GIF's rate and largest width (device pixels): a GIF to
// paste into a bug report, not a video.
const (
	ClipFPS      = 10
	ClipMaxWidth = 800
)

// exportJob is a clip being painted and written in the background.
type exportJob struct {
	path   string
	done   atomic.Int64 // frames painted, the palette's samples first
	total  int64
	cancel context.CancelFunc
	end    chan struct{} // closed when it has finished
	err    error         // valid once end is closed
}

// exportSamples are the frames painted first to choose the palette.
const exportSamples = 8

// ExportClip starts exporting a GIF of the view, drawn with opt, over
// ClipSpan into dir (the window passes its scene options and the
// pictures folder, see ShareDir). A notice says where it goes; another
// when it is written.
func (a *App) ExportClip(dir string, opt scenedraw.Options) {
	switch {
	case a.export != nil:
		a.notify(Warning, "a clip is already being exported: "+a.export.path)
		return
	case !a.rp.stateOK:
		a.notify(Warning, "nothing to export: open a recording first")
		return
	}
	from, to, _ := a.ClipSpan()
	vp := exportViewport(a.cam.vp)
	clip := &offscreen.Clip{Rec: a.Recording(), From: from, To: to, FPS: ClipFPS, Camera: a.cam.exportCamera(vp),
		Options: opt, Name: a.recRes.Source.Name}
	path := UniquePath(filepath.Join(dir, a.ShareName(".gif")))
	a.export = startExport(path, a.Map(), a.Roads(), vp.Scale, clip)
	a.notify(Info, fmt.Sprintf("exporting %.1f s to %.1f s as %s", from, to, path))
}

// exportViewport is the view's viewport at most ClipMaxWidth wide: the
// same picture, smaller (the device scale shrinks with it, so lines and
// labels keep their proportions).
func exportViewport(vp render.Viewport) render.Viewport {
	k := min(1, ClipMaxWidth/math.Max(vp.Width, 1))
	return render.Viewport{Width: math.Round(vp.Width * k), Height: math.Round(vp.Height * k), Scale: vp.DeviceScale() * k}
}

// exportCamera is the camera of an export: the chase of the followed
// actor from where the user put the eye, or the view as it is now,
// still.
func (c *camera) exportCamera(vp render.Viewport) offscreen.Camera {
	if c.follow != 0 && c.chasing && !c.topDown {
		return &offscreen.Chase{ID: c.follow, Viewport: vp, Rig: c.chase.cam, YawOffset: c.chase.yawOff}
	}
	var v render.View
	if c.topDown {
		v = c.top.View(vp)
	} else {
		v = c.orbit.View(vp)
	}
	f := offscreen.Fixed(v)
	return &f
}

// UniquePath is path, or path with " (2)", " (3)"... before its
// extension when a file of that name exists: a save never overwrites.
func UniquePath(path string) string {
	ext := filepath.Ext(path)
	base := path[:len(path)-len(ext)]
	for i := 2; ; i++ {
		if _, err := os.Stat(path); os.IsNotExist(err) || i > 1000 {
			return path
		}
		path = fmt.Sprintf("%s (%d)%s", base, i, ext)
	}
}

func startExport(path string, m *scene.Map, roads *scene.RoadNet, scale float64, clip *offscreen.Clip) *exportJob {
	ctx, cancel := context.WithCancel(context.Background())
	j := &exportJob{path: path, total: int64(exportSamples + clip.Frames()), cancel: cancel, end: make(chan struct{})}
	go func() {
		defer close(j.end)
		j.err = j.run(ctx, m, roads, scale, clip)
	}()
	return j
}

// run paints the clip and writes the GIF, to a temporary name first so
// that a failed or cancelled export leaves no half file.
func (j *exportJob) run(ctx context.Context, m *scene.Map, roads *scene.RoadNet, scale float64, clip *offscreen.Clip) error {
	p, err := offscreen.NewPainter(m, roads, scale)
	if err != nil {
		return err
	}
	samples, err := p.Samples(clip, exportSamples)
	if err != nil {
		return err
	}
	j.done.Store(exportSamples)
	enc := offscreen.NewGIF(offscreen.Palette(offscreen.SceneColors(), samples), clip.FPS, false)
	err = p.PaintClip(ctx, clip, func(_ int, img *image.RGBA) error {
		enc.Add(img)
		j.done.Add(1)
		return nil
	})
	if err != nil {
		return err
	}
	tmp := j.path + ".part"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = enc.Encode(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, j.path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// Progress is the share of the export done, 0 to 1.
func (j *exportJob) Progress() float64 {
	return min(float64(j.done.Load())/float64(max(j.total, 1)), 1)
}

// pollExport reports a finished export.
func (a *App) pollExport() {
	j := a.export
	if j == nil {
		return
	}
	select {
	case <-j.end:
	default:
		return
	}
	a.export = nil
	if j.err != nil {
		a.notify(Error, "the clip was not exported: "+j.err.Error())
		return
	}
	a.notify(Info, "exported the clip to "+j.path)
}

// stopExport cancels an export (the app closing).
func (a *App) stopExport() {
	if a.export != nil {
		a.export.cancel()
		<-a.export.end
		a.export = nil
	}
}

// Exporting reports whether a clip is being exported.
func (a *App) Exporting() bool { return a.export != nil }
