// Package icon draws the viewer's icon: a lane curving across a dark tile,
// a car box on it and a red recording dot, so that it says "roads and a
// recording" in a file manager, a task bar or a dock.
//
// The icon is not stored as pictures. It is a small vector design
// (design.go) rasterised by golang.org/x/image/vector at whatever size is
// asked for, so every size is drawn for its own pixel grid instead of
// being scaled from a large bitmap: at 16 px the strokes keep a whole
// pixel of width and the details that would only blur (lane dashes, road
// edges, the windscreen) are left out. The window (ebiten.SetWindowIcon)
// and the three release packages (cmd/dist: hicolor PNGs, the Windows
// .ico resource, the macOS .icns) all draw from here, so they cannot
// disagree.
package icon

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
)

// Sizes are the square sizes, in pixels, that the release packages carry:
// the hicolor theme's usual sizes up to 512 and 1024 for the .icns.
var Sizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512, 1024}

// WindowSizes are the sizes handed to the window system; it picks the one
// nearest to what it shows (title bar, task bar, Alt-Tab).
var WindowSizes = []int{16, 32, 48, 64, 128, 256}

// MinSize and MaxSize bound the sizes Image draws: below 8 px nothing of
// the design is recognisable, and 4096 px is four times the largest size
// any platform asks for (and 64 MiB of pixels).
const (
	MinSize = 8
	MaxSize = 4096
)

// Image draws the icon as a size×size picture with a transparent
// background outside the tile. It panics if size is outside
// [MinSize, MaxSize]: sizes come from the program, not from users.
func Image(size int) *image.RGBA {
	if size < MinSize || size > MaxSize {
		panic(fmt.Sprintf("icon: size %d outside [%d, %d]", size, MinSize, MaxSize))
	}
	return render(size)
}

// Images draws the icon at each of the sizes, in order.
func Images(sizes []int) []image.Image {
	out := make([]image.Image, len(sizes))
	for i, s := range sizes {
		out[i] = Image(s)
	}
	return out
}

// PNG encodes the icon at one size as a PNG file.
func PNG(size int) ([]byte, error) {
	var b bytes.Buffer
	if err := png.Encode(&b, Image(size)); err != nil {
		return nil, fmt.Errorf("icon: %d px: %w", size, err)
	}
	return b.Bytes(), nil
}
