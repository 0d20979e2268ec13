package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
)

func TestParseWindowSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		w, h int
		ok   bool
	}{
		{"1600x900", 1600, 900, true},
		{"1280X800", 1280, 800, true},
		{"320x240", 320, 240, true},
		{"319x240", 0, 0, false},
		{"1600", 0, 0, false},
		{"x900", 0, 0, false},
		{"1600x", 0, 0, false},
		{"axb", 0, 0, false},
		{"99999x900", 0, 0, false},
	} {
		w, h, err := parseWindowSize(tc.in)
		if (err == nil) != tc.ok || w != tc.w || h != tc.h {
			t.Errorf("parseWindowSize(%q) = %d, %d, %v", tc.in, w, h, err)
		}
	}
}

func TestWindowBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--size", "big"},
		{"--frames", "0", "--screenshot", "x.png"},
		{"--no-such-flag"},
		{"--keys", "Tab Q"},
		{"--offset", "soon"},
		{"--offset", "1e9"},
		{"--offset", "NaN"},
	} {
		var out, errb bytes.Buffer
		env := &Env{Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}
		if code := Window(env, args); code != ExitUsage {
			t.Errorf("Window(%q) = %d, want %d", args, code, ExitUsage)
		}
		if !strings.Contains(errb.String(), "usage: viewer") {
			t.Errorf("Window(%q) printed %q", args, errb.String())
		}
	}
}

func TestWindowOptions(t *testing.T) {
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	wf := windowFlags{size: "1600x900", screenshot: "out.png", frames: 12, keys: "Tab ctrl+right", offset: -1.5}
	opt, err := wf.options(env, []string{"a.log", "dir/b.bai"})
	if err != nil {
		t.Fatal(err)
	}
	if opt.Width != 1600 || opt.Height != 900 || opt.Screenshot != "out.png" || opt.Frames != 12 || opt.Offset != -1.5 {
		t.Errorf("options %+v", opt)
	}
	if len(opt.Sources) != 2 || opt.Sources[1].Path != "dir/b.bai" || opt.Sources[1].Name != "b.bai" {
		t.Errorf("sources %+v", opt.Sources)
	}
	if opt.Store != nil {
		t.Error("a screenshot run must not save settings")
	}
	if want := []input.Tap{{Key: input.KeyTab}, {Key: input.KeyRight, Ctrl: true}}; !slices.Equal(opt.Keys, want) {
		t.Errorf("keys %v, want %v", opt.Keys, want)
	}
	if opt.AutoPlay {
		t.Error("a screenshot of files plays")
	}
	// No files: the built-in demo, which loads.
	opt, err = wf.options(env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(opt.Sources) == 0 {
		t.Fatal("no demo sources")
	}
	if opt.AutoPlay {
		t.Error("a screenshot of the demo plays: it would differ from run to run")
	}
	for _, s := range opt.Sources {
		if res := loader.Start(s).Wait(); res.Err != nil {
			t.Errorf("demo source %s: %v", s.Name, res.Err)
		}
	}
}

// TestWindowDemoPlays: with no file and no screenshot the demo plays, so
// someone who double-clicked the app sees traffic move.
func TestWindowDemoPlays(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no user settings read or written
	t.Setenv("HOME", t.TempDir())
	env := &Env{Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}, Getenv: func(string) string { return "" }}
	wf := windowFlags{frames: 60}
	opt, err := wf.options(env, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !opt.AutoPlay || len(opt.Sources) != 2 {
		t.Errorf("demo: autoplay %v, %d sources", opt.AutoPlay, len(opt.Sources))
	}
	if opt, _ = wf.options(env, []string{"a.log"}); opt.AutoPlay {
		t.Error("a file the user opened plays by itself")
	}
}
