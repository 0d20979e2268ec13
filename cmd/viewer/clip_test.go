package main

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/render/offscreen"
	"github.com/mm2carla/viewer/render/scenedraw"
)

// readGIF decodes a GIF file whole.
func readGIF(t *testing.T, path string) *gif.GIF {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := gif.DecodeAll(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

// gifFrames composites every frame of g as a player shows it (disposal
// none: each frame is drawn over the picture so far).
func gifFrames(g *gif.GIF) []*image.RGBA {
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, fr := range g.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Src)
		out = append(out, image.NewRGBA(canvas.Rect))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return out
}

// TestClipGIF: a GIF of the test scene across the lights' switch from
// red to green has (to - from) x fps frames of the asked size, its
// palette holds the lane and light colours exactly, and every pixel
// that the PNG frames paint in one of the scene's colours keeps that
// colour in the GIF.
func TestClipGIF(t *testing.T) {
	mapPath, logPath, _ := shotFiles(t)
	dir := t.TempDir()
	out, pngs := filepath.Join(dir, "c.gif"), filepath.Join(dir, "frames")+"/"
	args := []string{mapPath, logPath, "--from", "0.5", "--to", "1.5", "--fps", "10", "--size", "200x120", "--view", "top"}
	code, stdout, stderr := runCLI(append([]string{"clip", "--out", out}, args...)...)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "10 frames, 200x120 at 10 fps") {
		t.Errorf("stdout %q does not report 10 frames of 200x120", stdout)
	}
	g := readGIF(t, out)
	if g.Config.Width != 200 || g.Config.Height != 120 {
		t.Errorf("GIF is %dx%d, want 200x120", g.Config.Width, g.Config.Height)
	}
	total := 0
	for i, d := range g.Delay {
		total += d
		if !g.Image[i].Bounds().In(image.Rect(0, 0, 200, 120)) {
			t.Errorf("frame %d bounds %v outside the picture", i, g.Image[i].Bounds())
		}
	}
	// Unchanged frames are merged into the one before, so the frames are
	// counted by time: 10 frames of a tenth of a second.
	if total != 100 || len(g.Image) > 10 || len(g.Image) < 2 {
		t.Errorf("%d GIF frames lasting %d/100 s, want at most 10 lasting 100/100", len(g.Image), total)
	}
	pal, ok := g.Config.ColorModel.(color.Palette)
	if !ok || len(pal) > 256 {
		t.Fatalf("global palette %T of %d colours", g.Config.ColorModel, len(pal))
	}
	want := []color.NRGBA{scenedraw.SideColor(0).NRGBA(), scenedraw.SideColor(1).NRGBA(),
		scenedraw.LightColor(recorder.LightRed).NRGBA(), scenedraw.LightColor(recorder.LightGreen).NRGBA(),
		scenedraw.LightColor(recorder.LightYellow).NRGBA(), scenedraw.Background.NRGBA()}
	for _, w := range want {
		if !hasColor(pal, w) {
			t.Errorf("palette lacks %v", w)
		}
	}
	// The same clip as PNGs: the GIF keeps every scene-coloured pixel.
	if code, _, stderr := runCLI(append([]string{"clip", "--out", pngs}, args...)...); code != ExitOK {
		t.Fatalf("PNGs: exit %d: %s", code, stderr)
	}
	scene := map[color.RGBA]bool{}
	for _, c := range offscreen.SceneColors() {
		scene[c.(color.RGBA)] = true
	}
	frames := gifFrames(g)
	last := frames[len(frames)-1] // merged frames end on the same picture
	png := readPNG(t, filepath.Join(pngs, "frame-00009.png"))
	kept, total2 := 0, 0
	for i := 0; i < len(png.Pix); i += 4 {
		c := color.RGBA{png.Pix[i], png.Pix[i+1], png.Pix[i+2], 255}
		if !scene[c] {
			continue
		}
		total2++
		if last.Pix[i] == c.R && last.Pix[i+1] == c.G && last.Pix[i+2] == c.B {
			kept++
		}
	}
	if total2 == 0 || kept != total2 {
		t.Errorf("%d of %d scene-coloured pixels kept their colour", kept, total2)
	}
}

func hasColor(p color.Palette, w color.NRGBA) bool {
	for _, c := range p {
		r, g, b, _ := c.RGBA()
		if uint8(r>>8) == w.R && uint8(g>>8) == w.G && uint8(b>>8) == w.B {
			return true
		}
	}
	return false
}

// TestClipPNGDir: a directory gets (to - from) x fps PNGs numbered from
// 0 in order, of the asked size, whether named with a slash or existing.
func TestClipPNGDir(t *testing.T) {
	mapPath, logPath, _ := shotFiles(t)
	existing := t.TempDir()
	for _, tc := range []struct {
		out   string
		dir   string
		fps   string
		count int
	}{
		{filepath.Join(existing, "new") + "/", filepath.Join(existing, "new"), "5", 5},
		{existing, existing, "12", 12},
	} {
		code, _, stderr := runCLI("clip", mapPath, logPath, "--from", "0", "--to", "1", "--fps", tc.fps,
			"--size", "64x48", "--out", tc.out, "--paths=false")
		if code != ExitOK {
			t.Fatalf("%s: exit %d: %s", tc.out, code, stderr)
		}
		names, _ := filepath.Glob(filepath.Join(tc.dir, "*.png"))
		if len(names) != tc.count {
			t.Errorf("%s: %d PNGs, want %d", tc.out, len(names), tc.count)
		}
		for i := range tc.count {
			img := readPNG(t, filepath.Join(tc.dir, fmt.Sprintf("frame-%05d.png", i)))
			if img.Rect.Dx() != 64 || img.Rect.Dy() != 48 {
				t.Errorf("frame %d is %v, want 64x48", i, img.Rect)
			}
		}
	}
}

// TestClipFFmpegMissing: without ffmpeg on the PATH an MP4 fails at once,
// naming ffmpeg and what works instead, and writes nothing.
func TestClipFFmpegMissing(t *testing.T) {
	_, logPath, _ := shotFiles(t)
	t.Setenv("PATH", "")
	out := filepath.Join(t.TempDir(), "c.mp4")
	code, _, stderr := runCLI("clip", logPath, "--from", "0", "--to", "1", "--out", out)
	if code != ExitBadInput || !strings.Contains(stderr, "ffmpeg") || !strings.Contains(stderr, "--out F.gif") {
		t.Errorf("exit %d, stderr %q; want 1 naming ffmpeg and the GIF alternative", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("wrote an MP4 without ffmpeg")
	}
}

// TestClipFFmpegPipe: the frames reach ffmpeg as raw RGBA of the clip's
// size and rate. A stand-in ffmpeg keeps its arguments and its input.
func TestClipFFmpegPipe(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in ffmpeg is a shell script")
	}
	_, logPath, _ := shotFiles(t)
	bin := t.TempDir()
	script := "#!/bin/sh\nfor a; do out=$a; done\necho \"$@\" > \"$out.args\"\ncat > \"$out\"\n"
	if err := os.WriteFile(filepath.Join(bin, "ffmpeg"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH")) // first: a real ffmpeg stays unused
	out := filepath.Join(t.TempDir(), "c.mp4")
	code, _, stderr := runCLI("clip", logPath, "--from", "0", "--to", "0.5", "--fps", "8", "--size", "32x16", "--out", out, "--paths=false")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	fi, err := os.Stat(out)
	if err != nil || fi.Size() != 4*32*16*4 {
		t.Errorf("ffmpeg read %v bytes (%v), want 4 frames of 32x16 RGBA", fi.Size(), err)
	}
	args, _ := os.ReadFile(out + ".args")
	for _, w := range []string{"-f rawvideo", "-pix_fmt rgba", "-s 32x16", "-r 8", "-i -"} {
		if !strings.Contains(string(args), w) {
			t.Errorf("ffmpeg arguments %q lack %q", args, w)
		}
	}
}

// TestClipErrors: bad usage exits 2 naming the flag, bad files exit 1
// naming the file; nothing is written.
func TestClipErrors(t *testing.T) {
	mapPath, logPath, _ := shotFiles(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "c.gif")
	junk := filepath.Join(dir, "junk.bin")
	os.WriteFile(junk, []byte("hello, this is neither"), 0o644)
	span := []string{"--from", "0", "--to", "1"}
	usage := []struct {
		args []string
		msg  string
	}{
		{[]string{logPath, "--out", out}, "--from and --to"},
		{append([]string{logPath}, span...), "--out"},
		{[]string{logPath, "--out", out, "--from", "1", "--to", "1"}, "before --to"},
		{[]string{logPath, "--out", out, "--from", "2", "--to", "1"}, "before --to"},
		{append([]string{logPath, "--out", out, "--fps", "0"}, span...), "--fps"},
		{append([]string{logPath, "--out", out, "--fps", "-3"}, span...), "--fps"},
		{append([]string{logPath, "--out", out, "--fps", "61"}, span...), "--fps"},
		{append([]string{logPath, "--out", out, "--size", "8x8"}, span...), "--size"},
		{append([]string{logPath, "--out", out, "--size", "9000x100"}, span...), "--size"},
		{append([]string{logPath, "--out", out, "--view", "side"}, span...), "--view"},
		{append([]string{logPath, "--out", filepath.Join(dir, "c.avi")}, span...), "--out"},
		{append([]string{logPath, "--out", out, "--to", "1e9", "--fps", "60"}, "--from", "0"), "frames"},
		{append([]string{mapPath, "--out", out}, span...), "needs a recording"},
		{[]string{logPath, "--out", out, "--from", "NaN", "--to", "1"}, "not a time"},
		{append([]string{logPath, "--out", out, "--size", "4000x3000", "--to", "100", "--fps", "1"}, "--from", "0"), "too big"},
		{[]string{logPath, "--out", out, "--from", "0", "--to", "Inf"}, "not a time"},
	}
	for _, tc := range usage {
		code, _, stderr := runCLI(append([]string{"clip"}, tc.args...)...)
		if code != ExitUsage || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tc.args, code, stderr, tc.msg)
		}
	}
	bad := []struct {
		args []string
		msg  string
	}{
		{[]string{junk}, junk},
		{[]string{filepath.Join(dir, "missing.log")}, "missing.log"},
		{[]string{logPath, "--view", "follow:999"}, "no actor 999"},
	}
	for _, tc := range bad {
		code, _, stderr := runCLI(append(append([]string{"clip", "--out", out}, span...), tc.args...)...)
		if code != ExitBadInput || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want 1 and %q", tc.args, code, stderr, tc.msg)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed clip wrote its output")
	}
}

// TestClipProgressAndFollow: a long clip reports every tenth of its
// frames on stderr; a chase of the hero renders every frame.
func TestClipProgressAndFollow(t *testing.T) {
	_, logPath, _ := shotFiles(t)
	dir := t.TempDir()
	code, _, stderr := runCLI("clip", logPath, "--from", "0", "--to", "2", "--fps", "60", "--size", "32x18",
		"--view", "follow:hero", "--out", dir, "--paths=false", "--maps", "off")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, w := range []string{"viewer clip: 12 of 120 frames\n", "viewer clip: 60 of 120 frames\n", "viewer clip: 120 of 120 frames\n"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr %q lacks %q", stderr, w)
		}
	}
	if n := strings.Count(stderr, " of 120 frames"); n != 10 {
		t.Errorf("%d progress lines, want 10", n)
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*.png")); len(names) != 120 {
		t.Errorf("%d frames, want 120", len(names))
	}
}

// TestClipRealCARLA: a chase of the hero of each real recording, on its
// town found beside it, is a GIF of (to - from) x fps frames whose
// palette holds the hero colour exactly and whose frames show the hero.
func TestClipRealCARLA(t *testing.T) {
	for _, rf := range realFiles {
		t.Run(rf.tag, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "c.gif")
			code, stdout, stderr := runCLI("clip", realFile(t, rf.file), "--from", "1", "--to", "3", "--fps", "5",
				"--size", "320x180", "--view", "follow:hero", "--out", out)
			if code != ExitOK || !strings.Contains(stdout, "10 frames, 320x180") {
				t.Fatalf("exit %d: %s%s", code, stdout, stderr)
			}
			g := readGIF(t, out)
			total := 0
			for _, d := range g.Delay {
				total += d
			}
			hero := scenedraw.HeroColor.NRGBA()
			if total != 200 || !hasColor(g.Config.ColorModel.(color.Palette), hero) {
				t.Errorf("%d/100 s, hero colour in the palette: %v", total, hasColor(g.Config.ColorModel.(color.Palette), hero))
			}
			last := gifFrames(g)[len(g.Image)-1]
			n := 0
			for i := 0; i < len(last.Pix); i += 4 {
				if last.Pix[i] == hero.R && last.Pix[i+1] == hero.G && last.Pix[i+2] == hero.B {
					n++
				}
			}
			t.Logf("%d hero-coloured pixels", n)
			if n < 100 {
				t.Errorf("%d pixels in the hero colour in the last frame, want the chased hero", n)
			}
		})
	}
}
