package app

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/ui/loader"
)

// Sharing what the window shows: Ctrl+S saves the window as a PNG (the
// window reads its pixels; the app names the file and says where it
// went), Ctrl+E exports a GIF of the view around now (export.go). Both
// go to the user's pictures folder, else beside the recording.

// The span of an exported clip: from the previous event to the next, or
// ClipMargin either side where there is none within ClipReach (a clip of
// a minute's quiet driving is not what the key is for), and at least
// ClipMinSide either side (in busy traffic the events are a few tenths of
// a second apart: a clip between two of them would show nothing).
const (
	ClipMargin  = 5.0  // seconds
	ClipReach   = 30.0 // seconds
	ClipMinSide = 2.0  // seconds
)

// ClipSpan is the span Ctrl+E exports around the clock's time: the
// previous event (or ClipMargin before) to the next (or ClipMargin
// after), at least ClipMinSide either side, inside the recording. False
// without a recording.
func (a *App) ClipSpan() (from, to float64, ok bool) {
	c := a.rp.clock
	if c == nil {
		return 0, 0, false
	}
	now := c.Time()
	from, to = now-ClipMargin, now+ClipMargin
	if t, ok := c.EventBefore(); ok && now-t <= ClipReach {
		from = t
	}
	if t, ok := c.EventAfter(); ok && t-now <= ClipReach {
		to = t
	}
	from, to = min(from, now-ClipMinSide), max(to, now+ClipMinSide)
	from, to = max(from, c.Start()), min(to, c.End())
	return from, to, to > from
}

// ShareName is the file name of a picture or clip of the window: the
// recording's name (else the map's) and the replay time, such as
// "run-12.50s.png", with ext (".png", ".gif").
func (a *App) ShareName(ext string) string {
	base := "viewer"
	switch {
	case a.recRes != nil:
		base = a.recRes.Source.Name
	case a.mapRes != nil:
		base = a.mapRes.Source.Name
	}
	base = strings.TrimSuffix(base, filepath.Ext(base))
	if a.rp.clock != nil {
		base += "-" + strconv.FormatFloat(math.Max(a.rp.clock.Time(), 0), 'f', 2, 64) + "s"
	}
	return base + ext
}

// ShareDir is the folder pictures and clips go to: pictures (the user's
// pictures folder, "" when there is none), else the folder of the open
// recording's file (else the map's), else home (an in-memory demo
// opened by a double-click has no folder, and the working directory may
// be one the user cannot write), else the working directory.
func (a *App) ShareDir(pictures, home string) string {
	if pictures != "" {
		return pictures
	}
	for _, r := range [...]*loader.Result{a.recRes, a.mapRes} {
		if r != nil && r.Source.Path != "" {
			return filepath.Dir(r.Source.Path)
		}
	}
	if home != "" {
		return home
	}
	return "."
}

// PicturesEnv is what PicturesDir may look at of the system, so that
// each system's rule is tested on any machine.
type PicturesEnv struct {
	GOOS   string
	Getenv func(string) string
	// Run runs a program and returns its standard output (nil: none can).
	Run   func(name string, args ...string) (string, error)
	IsDir func(string) bool
}

// PicturesOverride is the environment variable that names the folder
// for pictures and clips outright (scripts, tests).
const PicturesOverride = "VIEWER_PICTURES"

// PicturesDir is the user's pictures folder, or "" when it cannot be
// found or does not exist: VIEWER_PICTURES when set; on Linux and the
// BSDs the XDG pictures folder (XDG_PICTURES_DIR, else what
// `xdg-user-dir PICTURES` says unless that is just the home folder),
// else ~/Pictures; on macOS ~/Pictures; on Windows the profile's
// Pictures folder.
func PicturesDir(env PicturesEnv) string {
	if d := env.Getenv(PicturesOverride); d != "" {
		return d
	}
	home := env.Getenv("HOME")
	var cands []string
	switch env.GOOS {
	case "windows":
		if p := env.Getenv("USERPROFILE"); p != "" {
			cands = append(cands, p+`\Pictures`)
		}
	case "darwin", "ios":
	default:
		cands = append(cands, env.Getenv("XDG_PICTURES_DIR"))
		if env.Run != nil {
			if out, err := env.Run("xdg-user-dir", "PICTURES"); err == nil {
				if d := strings.TrimSpace(out); filepath.Clean(d) != filepath.Clean(home) {
					cands = append(cands, d)
				}
			}
		}
	}
	if home != "" && env.GOOS != "windows" {
		cands = append(cands, filepath.Join(home, "Pictures"))
	}
	for _, d := range cands {
		if d != "" && env.IsDir(d) {
			return d
		}
	}
	return ""
}
