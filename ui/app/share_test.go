package app

import (
	"bytes"
	"errors"
	"image/gif"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mm2carla/viewer/render/offscreen"
	"github.com/mm2carla/viewer/render/scenedraw"
	"github.com/mm2carla/viewer/scene/playback"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestClipSpan: previous event to next event, else 5 s either side,
// at least 2 s either side, events further than 30 s away ignored,
// always inside the recording.
func TestClipSpan(t *testing.T) {
	if _, _, ok := New(settings.Settings{}, nil).ClipSpan(); ok {
		t.Error("a span without a recording")
	}
	a := newLoaded(t) // 0 to 4.95 s
	end := a.Clock().End()
	for _, tc := range []struct {
		name     string
		events   []float64
		now      float64
		from, to float64
	}{
		{"no events: 5 s either side, clamped", nil, 2, 0, end},
		{"between two events", []float64{0.2, 4.8}, 2.5, 0.2, 4.8},
		{"on an event: the ones around it", []float64{0.2, 2.5, 4.8}, 2.5, 0.2, 4.8},
		{"events close by: 2 s either side", []float64{2.3, 2.6}, 2.5, 0.5, 4.5},
		{"event before only", []float64{0.1}, 3, 0.1, end},
		{"event after only", []float64{4.2}, 1, 0, 4.2},
	} {
		a.Clock().SetEvents(tc.events)
		a.Apply(input.Clock(playback.GoTo(tc.now)))
		from, to, ok := a.ClipSpan()
		if !ok || from != tc.from || to != tc.to {
			t.Errorf("%s: span %v to %v (%v), want %v to %v", tc.name, from, to, ok, tc.from, tc.to)
		}
	}
}

// TestClipSpanReach: far events give way to the 5 s margins (a long
// recording, made by a clock over its own times).
func TestClipSpanReach(t *testing.T) {
	times := make([]float64, 1201)
	for i := range times {
		times[i] = float64(i) / 10 // 0 to 120 s
	}
	c, err := playback.New(times, -1)
	if err != nil {
		t.Fatal(err)
	}
	c.SetEvents([]float64{10, 110})
	c.Apply(playback.GoTo(60))
	a := &App{rp: replay{clock: c}}
	if from, to, _ := a.ClipSpan(); from != 55 || to != 65 {
		t.Errorf("span %v to %v, want 55 to 65: events 50 s away are out of reach", from, to)
	}
	c.Apply(playback.GoTo(100))
	if from, to, _ := a.ClipSpan(); from != 95 || to != 110 {
		t.Errorf("span %v to %v, want 95 to the event at 110", from, to)
	}
}

func TestShareNameAndDir(t *testing.T) {
	a := New(settings.Settings{}, nil)
	if got := a.ShareName(".png"); got != "viewer.png" {
		t.Errorf("nothing open: %q", got)
	}
	if got := a.ShareDir("", ""); got != "." {
		t.Errorf("nothing open, no pictures folder, no home: %q", got)
	}
	a = newLoaded(t)
	a.Apply(input.Clock(playback.GoTo(1.25)))
	if got := a.ShareName(".gif"); got != "run-1.25s.gif" {
		t.Errorf("name %q, want run-1.25s.gif", got)
	}
	if got := a.ShareDir("/pics", "/home/u"); got != "/pics" {
		t.Errorf("dir %q, want the pictures folder", got)
	}
	if got := a.ShareDir("", "/home/u"); got != "/home/u" {
		t.Errorf("in-memory recording, no pictures folder: %q, want home", got)
	}
	a.recRes.Source.Path = filepath.Join("runs", "monday", "run.log")
	if got := a.ShareDir("", "/home/u"); got != filepath.Join("runs", "monday") {
		t.Errorf("dir %q, want beside the recording", got)
	}
}

// TestPicturesDir: each system's rule, on any machine.
func TestPicturesDir(t *testing.T) {
	dirs := map[string]bool{"/home/u/Pictures": true, "/home/u/Bilder": true, "/xdg/pics": true,
		`C:\Users\u\Pictures`: true, "/over": true}
	env := func(goos string, vars map[string]string, xdg string) PicturesEnv {
		return PicturesEnv{GOOS: goos, Getenv: func(k string) string { return vars[k] },
			Run: func(name string, args ...string) (string, error) {
				if name != "xdg-user-dir" || len(args) != 1 || args[0] != "PICTURES" {
					return "", errors.New("unexpected " + name)
				}
				if xdg == "" {
					return "", errors.New("not installed")
				}
				return xdg + "\n", nil
			},
			IsDir: func(d string) bool { return dirs[d] }}
	}
	home := map[string]string{"HOME": "/home/u"}
	for _, tc := range []struct {
		name string
		env  PicturesEnv
		want string
	}{
		{"override", env("linux", map[string]string{"HOME": "/home/u", PicturesOverride: "/over"}, "/home/u/Bilder"), "/over"},
		{"XDG_PICTURES_DIR", env("linux", map[string]string{"HOME": "/home/u", "XDG_PICTURES_DIR": "/xdg/pics"}, ""), "/xdg/pics"},
		{"xdg-user-dir", env("linux", home, "/home/u/Bilder"), "/home/u/Bilder"},
		{"xdg-user-dir says home: ~/Pictures", env("linux", home, "/home/u"), "/home/u/Pictures"},
		{"no xdg-user-dir: ~/Pictures", env("linux", home, ""), "/home/u/Pictures"},
		{"nothing exists", env("linux", map[string]string{"HOME": "/home/v"}, ""), ""},
		{"macOS", env("darwin", home, "/home/u/Bilder"), "/home/u/Pictures"},
		{"Windows", env("windows", map[string]string{"USERPROFILE": `C:\Users\u`}, ""), `C:\Users\u\Pictures`},
		{"Windows without a profile", env("windows", map[string]string{}, ""), ""},
	} {
		if got := PicturesDir(tc.env); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestUniquePath(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "run-1.00s.png")
	if got := UniquePath(p); got != p {
		t.Errorf("free name changed to %q", got)
	}
	os.WriteFile(p, nil, 0o644)
	os.WriteFile(filepath.Join(dir, "run-1.00s (2).png"), nil, 0o644)
	if got, want := UniquePath(p), filepath.Join(dir, "run-1.00s (3).png"); got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestExportClip: the export runs in the background while the app keeps
// ticking (and playing), shows its progress among the loads, and writes
// a GIF of the view's shape at most ClipMaxWidth wide lasting the span.
func TestExportClip(t *testing.T) {
	dir := t.TempDir()
	empty := New(settings.Settings{}, nil)
	empty.ExportClip(dir, scenedraw.Options{})
	if empty.Exporting() || !noticeWith(empty, Warning, "open a recording") {
		t.Errorf("nothing open: exporting %v, notices %v", empty.Exporting(), empty.Notices())
	}
	a := newLoaded(t)
	a.Apply(input.Clock(playback.GoTo(2)))
	a.Tick()
	from, to, _ := a.ClipSpan()
	a.ExportClip(dir, scenedraw.Options{Layers: scenedraw.AllLayers})
	if !a.Exporting() || !noticeWith(a, Info, "exporting", "run-2.00s.gif") {
		t.Fatalf("no export under way: %v", a.Notices())
	}
	a.ExportClip(dir, scenedraw.Options{})
	if !noticeWith(a, Warning, "already") {
		t.Error("a second export did not say one is under way")
	}
	a.Apply(input.Clock(playback.TogglePlay()))
	sawProgress := false
	deadline := time.Now().Add(60 * time.Second)
	for a.Exporting() {
		if time.Now().After(deadline) {
			t.Fatal("the export did not finish")
		}
		for _, ld := range a.Loading(nil) {
			sawProgress = sawProgress || (ld.Export && ld.Name == "run-2.00s.gif")
		}
		a.Tick() // the app stays usable: the clock plays meanwhile
		time.Sleep(time.Millisecond)
	}
	if !sawProgress {
		t.Error("the export never showed among the loads")
	}
	if a.Clock().Time() <= 2 {
		t.Error("the clock did not play during the export")
	}
	path := filepath.Join(dir, "run-2.00s.gif")
	if !noticeWith(a, Info, "exported", path) {
		t.Errorf("notices %v do not say where the clip went", a.Notices())
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if g.Config.Width != ClipMaxWidth || g.Config.Height != 450 {
		t.Errorf("GIF %dx%d, want %dx450 (1280x720 scaled)", g.Config.Width, g.Config.Height, ClipMaxWidth)
	}
	total := 0
	for _, d := range g.Delay {
		total += d
	}
	// The span ClipSpan gave, at 10 fps.
	if want := int(math.Round((to-from)*ClipFPS)) * 100 / ClipFPS; total != want {
		t.Errorf("the GIF of %v to %v s lasts %d/100 s, want %d", from, to, total, want)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.part")); len(m) != 0 || strings.Contains(path, ".part") {
		t.Errorf("left %v", m)
	}
}

// TestExportCameraMatchesView: an export's first frame sees what the
// window sees: the still orbit or top-down view, or, while chasing, the
// chase from where the user swung and zoomed the eye.
func TestExportCameraMatchesView(t *testing.T) {
	a := newLoaded(t)
	check := func(name string) {
		t.Helper()
		a.Tick()
		v, err := a.cam.exportCamera(testVP).View(a.State(), 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		w := a.View()
		if v.Eye.Sub(w.Eye).Len() > 1e-6 || v.Forward.Sub(w.Forward).Len() > 1e-9 || v.Ortho != w.Ortho {
			t.Errorf("%s: export eye %v looking %v, window %v looking %v", name, v.Eye, v.Forward, w.Eye, w.Forward)
		}
	}
	check("orbit")
	a.Apply(input.FollowNext())
	for range 3 * TPS { // paused: the chase settles on the actor
		a.Tick()
	}
	a.Apply(input.Orbit(120, -40))
	a.Apply(input.Zoom(2, 0, 0))
	check("chase, swung and zoomed")
	if _, ok := a.cam.exportCamera(testVP).(*offscreen.Chase); !ok {
		t.Error("the export of a chase does not chase")
	}
	a.Apply(input.ToggleView())
	check("top-down")
}
