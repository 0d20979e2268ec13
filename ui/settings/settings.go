// Package settings remembers the viewer's preferences between runs (layers,
// playback speed, window size) in the user's config directory.
//
// It stands on the ui floor (README "Layout") as a package of its own:
// the app (ui/app, ui) keeps the preferences and cmd/viewer, where the
// window is put together, opens the store for it; and its file handling
// must be testable without a window. It imports only the standard
// library.
package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Settings are the remembered preferences. Zero values mean "default".
type Settings struct {
	// Layers maps a layer name ("lanes", "sidewalks", "rails",
	// "intersections", "lights", "labels", "grid", "legend") to whether it
	// shows.
	Layers map[string]bool `json:"layers,omitempty"`
	// Speed is the playback speed factor (1 = real time).
	Speed float64 `json:"speed,omitempty"`
	// Window size in device-independent pixels.
	WindowWidth  int  `json:"window_width,omitempty"`
	WindowHeight int  `json:"window_height,omitempty"`
	TopDown      bool `json:"top_down,omitempty"`
	// Thresholds are the path fault rules' limits by the name of their
	// `viewer check` flag ("off-lane", "wrong-way-angle", ...); a rule
	// not listed keeps its default.
	Thresholds map[string]float64 `json:"thresholds,omitempty"`
	// Rules is the rule profile the fault list follows: "" our own,
	// "leaderboard" CARLA's leaderboard's (as `viewer check --rules`
	// names them), in the edition Leaderboard names ("1.0"; "": 2.0).
	Rules       string `json:"rules,omitempty"`
	Leaderboard string `json:"leaderboard,omitempty"`
	// Trail is how many seconds of the selected actor's path the window
	// draws behind it and ahead of it (0: the default).
	Trail float64 `json:"trail,omitempty"`
	// MapsDir is the folder of OpenDRIVE maps (TOWN.xodr) where the
	// window looks for a recording's town when no map is open ("off": it
	// does not look; "": only beside the recording).
	MapsDir string `json:"maps_dir,omitempty"`
	// Divergence is the distance (m) past which an actor of a compared
	// run is marked as diverging from the reference (0: the default).
	Divergence float64 `json:"divergence,omitempty"`
	// StepEvents makes [ and ] stop at every event (spawns, destroys,
	// light changes, blocked spans), not only at faults, collisions and
	// divergences (false: the default).
	StepEvents bool `json:"step_events,omitempty"`
	// Recent are the files last opened, newest first (absolute paths, at
	// most MaxRecent): the window's own file chooser lists them first.
	Recent []string `json:"recent,omitempty"`
}

// MaxRecent is how many recent files are remembered.
const MaxRecent = 8

// AddRecent returns recent with path first, once, at most MaxRecent
// long; recent itself is not changed.
func AddRecent(recent []string, path string) []string {
	out := make([]string, 0, min(len(recent)+1, MaxRecent))
	out = append(out, path)
	for _, p := range recent {
		if p != path && len(out) < MaxRecent {
			out = append(out, p)
		}
	}
	return out
}

// Equal reports whether s and o would be saved as the same file: every
// field counts, including ones added later, and a map's order does not
// (the encoding sorts its keys).
func (s Settings) Equal(o Settings) bool {
	a, errA := json.Marshal(s)
	b, errB := json.Marshal(o)
	return errA == nil && errB == nil && bytes.Equal(a, b)
}

// maxFileSize caps what Load reads: a settings file is a few hundred
// bytes, and a huge one is not ours.
const maxFileSize = 1 << 16

// Store reads and writes one settings file.
type Store struct{ Path string }

// DefaultStore is the settings file in the user's config directory
// (e.g. ~/.config/mm2carla-viewer/settings.json on Linux).
func DefaultStore() (Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return Store{}, err
	}
	return Store{Path: filepath.Join(dir, "mm2carla-viewer", "settings.json")}, nil
}

// Load reads the settings. A missing file gives zero Settings and no
// error; a broken file gives zero Settings and an error the caller may
// show, so that a bad file never stops the viewer from starting.
func (s Store) Load() (Settings, error) {
	var v Settings
	f, err := os.Open(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return v, nil
	}
	if err != nil {
		return v, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return v, err
	}
	if st.Size() > maxFileSize {
		return v, fmt.Errorf("settings: %s is %d bytes, too large to be a settings file", s.Path, st.Size())
	}
	if err := json.NewDecoder(f).Decode(&v); err != nil {
		return Settings{}, fmt.Errorf("settings: %s: %w", s.Path, err)
	}
	v.sanitize()
	return v, nil
}

// Save writes the settings atomically (a temporary file renamed over the
// old one), so a crash while saving never leaves half a file.
func (s Store) Save(v Settings) error {
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.Path), ".settings-*.json")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(append(b, '\n'))
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return errors.Join(werr, cerr)
	}
	return os.Rename(tmp.Name(), s.Path)
}

// sanitize drops values a hand-edited file may hold that the viewer
// cannot use, so they fall back to defaults.
func (v *Settings) sanitize() {
	if !(v.Speed >= 0.05 && v.Speed <= 64) {
		v.Speed = 0
	}
	for k, t := range v.Thresholds {
		if !(t >= 0 && t < 1e6) {
			delete(v.Thresholds, k)
		}
	}
	if v.Rules != "leaderboard" {
		v.Rules = ""
	}
	if v.Leaderboard != "1.0" && v.Leaderboard != "2.0" {
		v.Leaderboard = ""
	}
	if !(v.Trail >= 1 && v.Trail <= 600) {
		v.Trail = 0
	}
	var recent []string
	for _, p := range v.Recent {
		if filepath.IsAbs(p) && len(recent) < MaxRecent {
			recent = append(recent, filepath.Clean(p))
		}
	}
	v.Recent = recent
	if v.WindowWidth < 200 || v.WindowWidth > 16384 || v.WindowHeight < 150 || v.WindowHeight > 16384 {
		v.WindowWidth, v.WindowHeight = 0, 0
	}
}
