package offscreen

import (
	"context"
	"fmt"
	"image"
	"math"

	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene"
)

// Clip is a span of a recording to paint, frame by frame.
type Clip struct {
	Rec      *scene.Recording
	From, To float64 // seconds since the recording began
	FPS      float64
	Camera   Camera
	// Options are the layers, selection, trails and events to draw with;
	// Time is set to each frame's.
	Options scenedraw.Options
	// Name names the recording in errors.
	Name string
}

// Frames is the number of frames: (To - From) x FPS, rounded, at least 1.
func (c *Clip) Frames() int {
	return max(int(math.Round((c.To-c.From)*c.FPS)), 1)
}

// Time is the recording time of frame i.
func (c *Clip) Time(i int) float64 { return c.From + float64(i)/c.FPS }

// PaintClip paints every frame of c in order and hands each to each, with its
// index; the image is reused for the next frame. It stops at the first
// error, or when ctx is done.
func (p *Painter) PaintClip(ctx context.Context, c *Clip, each func(i int, img *image.RGBA) error) error {
	var st scene.State
	n := c.Frames()
	for i := range n {
		if err := ctx.Err(); err != nil {
			return err
		}
		img, err := p.frame(c, i, &st, 1/c.FPS*float64(min(i, 1)))
		if err != nil {
			return err
		}
		if err := each(i, img); err != nil {
			return err
		}
	}
	return nil
}

// Samples paints n frames spread evenly over c (copies, kept), for
// choosing the palette before the frames are painted in order.
func (p *Painter) Samples(c *Clip, n int) ([]*image.RGBA, error) {
	total := c.Frames()
	n = min(max(n, 1), total)
	out := make([]*image.RGBA, 0, n)
	var st scene.State
	for k := range n {
		i := k * total / n
		img, err := p.frame(c, i, &st, 0)
		if err != nil {
			return nil, err
		}
		cp := image.NewRGBA(img.Rect)
		copy(cp.Pix, img.Pix)
		out = append(out, cp)
	}
	return out, nil
}

// frame paints frame i of c, seeking st to its time.
func (p *Painter) frame(c *Clip, i int, st *scene.State, dt float64) (*image.RGBA, error) {
	t := c.Time(i)
	if err := c.Rec.StateAt(t, st); err != nil {
		return nil, fmt.Errorf("%s: %w", c.Name, err)
	}
	view, err := c.Camera.View(st, dt)
	if err != nil {
		return nil, err
	}
	opt := c.Options
	opt.Time = t
	return p.Paint(&view, st, opt), nil
}
