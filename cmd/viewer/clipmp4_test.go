package main

import (
	"bytes"
	"fmt"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render/scenedraw"
)

// TestClipFFmpegReal encodes a clip with the real ffmpeg (CI installs it;
// elsewhere the test skips without one) and decodes it back: the MP4 has
// the clip's frames, padded to even sides, at its rate, and each frame
// looks like the PNG of the same moment within what H.264 loses.
func TestClipFFmpegReal(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("ffmpeg missing under CI: .ci/run installs it")
		}
		t.Skip("no ffmpeg on the PATH")
	}
	mapPath, logPath, _ := shotFiles(t)
	dir := t.TempDir()
	out, pngs := filepath.Join(dir, "c.mp4"), filepath.Join(dir, "frames")+"/"
	args := []string{mapPath, logPath, "--from", "0.5", "--to", "1.5", "--fps", "10", "--size", "161x101", "--view", "top"}
	for _, o := range []string{out, pngs} {
		if code, _, stderr := runCLI(append([]string{"clip", "--out", o}, args...)...); code != ExitOK {
			t.Fatalf("%s: exit %d: %s", o, code, stderr)
		}
	}
	const w, h = 162, 102 // padded to even sides
	var raw bytes.Buffer
	dec := exec.Command("ffmpeg", "-loglevel", "error", "-i", out, "-f", "rawvideo", "-pix_fmt", "rgba", "-")
	dec.Stdout = &raw
	var msg strings.Builder
	dec.Stderr = &msg
	if err := dec.Run(); err != nil {
		t.Fatalf("decoding %s: %v: %s", out, err, msg.String())
	}
	if n := raw.Len() / (w * h * 4); n != 10 || raw.Len()%(w*h*4) != 0 {
		t.Fatalf("the MP4 decodes to %d bytes, not 10 frames of %dx%d", raw.Len(), w, h)
	}
	// Every frame looks like its PNG, and where the PNG shows a light red
	// or green (the clip spans their switch) the MP4 shows that light's
	// colour rather than the other's.
	red, green := scenedraw.LightColor(recorder.LightRed).NRGBA(), scenedraw.LightColor(recorder.LightGreen).NRGBA()
	lit := map[bool]int{}
	for f := range 10 {
		png := readPNG(t, filepath.Join(pngs, fmt.Sprintf("frame-%05d.png", f)))
		got := raw.Bytes()[f*w*h*4:]
		var diff, n int
		for y := range 101 {
			for x := range 161 {
				p, q := png.Pix[png.PixOffset(x, y):], got[(y*w+x)*4:]
				for c := range 3 {
					diff += abs(int(q[c]) - int(p[c]))
					n++
				}
				for _, l := range []struct{ is, not color.NRGBA }{{red, green}, {green, red}} {
					if p[0] == l.is.R && p[1] == l.is.G && p[2] == l.is.B {
						lit[dist3(q, l.is) < dist3(q, l.not)]++
					}
				}
			}
		}
		if mean := float64(diff) / float64(n); mean > 6 {
			t.Errorf("frame %d differs from its PNG by %.1f levels on average", f, mean)
		}
	}
	if lit[true] < 20 || lit[false] > lit[true]/10 {
		t.Errorf("of the pixels of lit lights, %d show their colour in the MP4 and %d the other's", lit[true], lit[false])
	}
}

func abs(x int) int { return max(x, -x) }

// dist3 is the squared distance of an RGBA pixel's colour from c.
func dist3(p []byte, c color.NRGBA) int {
	dr, dg, db := int(p[0])-int(c.R), int(p[1])-int(c.G), int(p[2])-int(c.B)
	return dr*dr + dg*dg + db*db
}
