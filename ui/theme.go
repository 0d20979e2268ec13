package ui

import (
	"image/color"

	"github.com/mm2carla/viewer/render"
	"github.com/mm2carla/viewer/ui/app"
)

// The window's colours: a dark theme to match the scene's background, so
// the coloured scene stays the brightest thing on screen.
var (
	colorWhite = color.White

	colBar        = render.RGB(0x1f, 0x22, 0x28) // timeline and status background
	colBarLine    = render.RGB(0x2e, 0x33, 0x3b) // separators
	colTrack      = render.RGB(0x2a, 0x2e, 0x35) // the scrub bar
	colPlayed     = render.RGB(0x34, 0x4a, 0x66) // the scrub bar up to the play head
	colLoopRange  = render.RGBA(0x6f, 0xd3, 0xff, 0x40)
	colHead       = render.RGB(0xff, 0xff, 0xff)
	colTick       = render.RGB(0x55, 0x5b, 0x66)
	colPanelBg    = render.RGBA(0x14, 0x16, 0x1b, 0xe6)
	colPanelEdge  = render.RGB(0x3a, 0x40, 0x4a)
	colText       = render.RGB(0xe6, 0xe8, 0xeb)
	colTextDim    = render.RGB(0x9a, 0xa1, 0xab)
	colTitle      = render.RGB(0xff, 0xff, 0xff)
	colAccent     = render.RGB(0x6f, 0xd3, 0xff)
	colProgressBg = render.RGB(0x2a, 0x2e, 0x35)
	colProgress   = render.RGB(0x4d, 0xa3, 0xff)
	colShade      = render.RGBA(0x08, 0x09, 0x0b, 0xb0) // behind the help

	colMark = [app.NumMarkKinds]render.Color{
		app.MarkBlocked:   render.RGB(0xb0, 0x7c, 0xff),
		app.MarkLight:     render.RGB(0xe8, 0xc5, 0x4a),
		app.MarkSpawn:     render.RGB(0x5c, 0xd6, 0x7a),
		app.MarkDestroy:   render.RGB(0xa0, 0xa6, 0xb0),
		app.MarkCollision: render.RGB(0xff, 0x45, 0x3a),
	}
	markNames = [app.NumMarkKinds]string{"blocked", "light", "spawn", "destroy", "collision"}

	colNotice = [...]render.Color{
		app.Info:    render.RGB(0x4d, 0xa3, 0xff),
		app.Warning: render.RGB(0xff, 0xb0, 0x20),
		app.Error:   render.RGB(0xff, 0x45, 0x3a),
	}
)
