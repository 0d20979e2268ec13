package main

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/assets"
	"github.com/mm2carla/viewer/ui"
	"github.com/mm2carla/viewer/ui/input"
	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// windowUsage is the synopsis of the window mode, for `viewer help`.
const windowUsage = "[--size WxH] [--maps DIR] [--offset S] [--keys KEYS] [--screenshot FILE.png [--frames N]] [FILES...]"

// windowFlags are the command-line options of the window mode.
type windowFlags struct {
	size       string
	keys       string
	screenshot string
	frames     int
	maps       string
	offset     float64
}

// Window opens the desktop app on the given files: any mix of CARLA
// recordings and MM2 maps, told apart by content. With no files it opens
// the built-in demo.
func Window(env *Env, args []string) int {
	var wf windowFlags
	fs := flag.NewFlagSet("viewer", flag.ContinueOnError)
	fs.SetOutput(env.Stderr)
	fs.StringVar(&wf.size, "size", "", "window size in logical pixels, e.g. 1600x900 (default: the last size used)")
	fs.StringVar(&wf.keys, "keys", "", `keys to press once the files have loaded, as the help (H) writes them, e.g. "Tab C H"`)
	fs.StringVar(&wf.screenshot, "screenshot", "", "write the window to this PNG once the files have loaded, then exit")
	fs.IntVar(&wf.frames, "frames", 60, "with --screenshot: how many frames to run before the shot")
	fs.StringVar(&wf.maps, "maps", "", `folder of OpenDRIVE maps (TOWN.xodr), or a CARLA installation, where a recording's town is looked for when no map is open (CARLA_ROOT too, then the towns built in), remembered; "off": no map at all (default: the remembered folder)`)
	fs.Float64Var(&wf.offset, "offset", 0, "with two recordings (compared: the first is A, the second B): shift B's clock, as viewer diff does: A's time t shows B's time t + S")
	fs.Usage = func() {
		fmt.Fprintf(env.Stderr, "usage: viewer %s\n\noptions:\n", windowUsage)
		fs.PrintDefaults()
		fmt.Fprintf(env.Stderr, "\ncommands (viewer COMMAND -h explains each):\n")
		listCommands(env.Stderr)
	}
	files, err := Parse(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	if err != nil {
		fmt.Fprintf(env.Stderr, "viewer: %v\nusage: viewer %s\n", err, windowUsage)
		return ExitUsage
	}
	opt, err := wf.options(env, files)
	if err != nil {
		fmt.Fprintf(env.Stderr, "viewer: %v\nusage: viewer %s\n", err, windowUsage)
		return ExitUsage
	}
	if err := ui.Run(opt); err != nil {
		fmt.Fprintf(env.Stderr, "viewer: %v\n", err)
		return ExitBadInput
	}
	return ExitOK
}

// options turns the flags and files into the window's options.
func (wf *windowFlags) options(env *Env, files []string) (ui.Options, error) {
	opt := ui.Options{Screenshot: wf.screenshot, Frames: wf.frames, Log: env.Stderr, About: readAbout().Line(), MapsDir: wf.maps,
		Offset: wf.offset}
	if wf.frames < 1 {
		return opt, errors.New("--frames must be at least 1")
	}
	if math.IsNaN(wf.offset) || math.IsInf(wf.offset, 0) || math.Abs(wf.offset) > maxOffset {
		return opt, fmt.Errorf("--offset %v: want seconds between -%d and %d", wf.offset, maxOffset, maxOffset)
	}
	if wf.size != "" {
		w, h, err := parseWindowSize(wf.size)
		if err != nil {
			return opt, err
		}
		opt.Width, opt.Height = w, h
	}
	taps, err := input.ParseTaps(wf.keys)
	if err != nil {
		return opt, fmt.Errorf("--keys: %w", err)
	}
	opt.Keys = taps
	// The window's own file chooser instead of the system's dialog
	// (which it falls back to where zenity is missing): to try it, and
	// for tests and screenshots on machines with zenity.
	opt.OwnChooser = env.Getenv(ownChooserEnv) == "builtin"
	for _, f := range files {
		opt.Sources = append(opt.Sources, loader.FileSource(f))
	}
	if len(files) == 0 {
		src, err := demoSources()
		if err != nil {
			return opt, fmt.Errorf("the built-in demo: %w", err)
		}
		opt.Sources = src
		// Someone who just double-clicked the app should see traffic
		// move; a screenshot stays at the first frame, the same every run.
		opt.AutoPlay = wf.screenshot == ""
	}
	// A screenshot shows the defaults, so that scripted runs give the
	// same picture whatever the user last did; only the window remembers.
	if wf.screenshot == "" {
		if store, err := settings.DefaultStore(); err == nil {
			s, lerr := store.Load()
			if lerr != nil {
				fmt.Fprintf(env.Stderr, "viewer: %v (using defaults)\n", lerr)
			}
			opt.Settings, opt.Store = s, &store
		}
	}
	return opt, nil
}

// ownChooserEnv names the environment variable that, set to "builtin",
// makes Ctrl+O show the window's own file chooser.
const ownChooserEnv = "VIEWER_CHOOSER"

// maxOffset bounds --offset, in seconds: a day, far beyond any
// recording, so a typo cannot build a timeline of years.
const maxOffset = 86400

// parseWindowSize reads "WxH".
func parseWindowSize(s string) (int, int, error) {
	ws, hs, ok := strings.Cut(strings.ToLower(s), "x")
	w, err1 := strconv.Atoi(ws)
	h, err2 := strconv.Atoi(hs)
	if !ok || err1 != nil || err2 != nil || w < 320 || h < 240 || w > 16384 || h > 16384 {
		return 0, 0, fmt.Errorf("--size %q: want WIDTHxHEIGHT, at least 320x240", s)
	}
	return w, h, nil
}

// demoSources is the built-in demo: a generated city and a recording of
// traffic on it, built in memory (package assets).
func demoSources() ([]loader.Source, error) {
	m, l, err := assets.Demo()
	if err != nil {
		return nil, err
	}
	return []loader.Source{loader.BytesSource("demo-city.bai", m), loader.BytesSource("demo-traffic.log", l)}, nil
}
