package settings

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSaveLoadRoundTrip(t *testing.T) {
	s := Store{Path: filepath.Join(t.TempDir(), "sub", "settings.json")}
	want := Settings{
		Layers:      map[string]bool{"lanes": true, "grid": false},
		Speed:       4,
		WindowWidth: 1600, WindowHeight: 900,
		TopDown: true,
	}
	if err := s.Save(want); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestLoad(t *testing.T) {
	tests := []struct {
		name    string
		content string // "" means no file
		want    Settings
		wantErr string
	}{
		{name: "missing file", want: Settings{}},
		{name: "broken json", content: "{speed", wantErr: "settings:"},
		{name: "speed out of range", content: `{"speed": 1000, "window_width": 800, "window_height": 600}`,
			want: Settings{WindowWidth: 800, WindowHeight: 600}},
		{name: "absurd window", content: `{"speed": 2, "window_width": 5, "window_height": 99999}`,
			want: Settings{Speed: 2}},
		{name: "rule profile", content: `{"rules": "leaderboard", "leaderboard": "1.0"}`,
			want: Settings{Rules: "leaderboard", Leaderboard: "1.0"}},
		{name: "unknown rule profile", content: `{"rules": "fifa", "leaderboard": "3.0", "speed": 2}`,
			want: Settings{Speed: 2}},
		{name: "too large", content: strings.Repeat(" ", maxFileSize+1), wantErr: "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := Store{Path: filepath.Join(t.TempDir(), "settings.json")}
			if tt.content != "" {
				if err := os.WriteFile(s.Path, []byte(tt.content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := s.Load()
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want it to contain %q", err, tt.wantErr)
				}
				if !reflect.DeepEqual(got, Settings{}) {
					t.Fatalf("a bad file must give defaults, got %+v", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestSaveLeavesNoTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	s := Store{Path: filepath.Join(dir, "settings.json")}
	for i := 0; i < 3; i++ {
		if err := s.Save(Settings{Speed: float64(i + 1)}); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "settings.json" {
		t.Fatalf("directory holds %v, want only settings.json", entries)
	}
}

// TestEqual: every field decides, so a change of the trail or of one
// threshold alone is saved (the window's saver compares with Equal).
func TestEqual(t *testing.T) {
	base := func() Settings {
		return Settings{Layers: map[string]bool{"lanes": true, "grid": false}, Speed: 2,
			Thresholds: map[string]float64{"off-lane": 1}, Trail: 10, MapsDir: "/maps"}
	}
	if !base().Equal(base()) {
		t.Fatal("equal settings compare unequal")
	}
	changes := map[string]func(*Settings){
		"trail":           func(s *Settings) { s.Trail = 20 },
		"threshold value": func(s *Settings) { s.Thresholds["off-lane"] = 1.5 },
		"threshold added": func(s *Settings) { s.Thresholds["wrong-way-angle"] = 120 },
		"layer":           func(s *Settings) { s.Layers["grid"] = true },
		"speed":           func(s *Settings) { s.Speed = 1 },
		"window":          func(s *Settings) { s.WindowWidth = 800 },
		"top-down":        func(s *Settings) { s.TopDown = true },
		"maps dir":        func(s *Settings) { s.MapsDir = "off" },
		"rules":           func(s *Settings) { s.Rules = "leaderboard" },
		"edition":         func(s *Settings) { s.Leaderboard = "1.0" },
	}
	for name, change := range changes {
		s := base()
		change(&s)
		if s.Equal(base()) || base().Equal(s) {
			t.Errorf("%s changed, Equal still true", name)
		}
	}
}

// TestRecent: a file opened again moves to the front, once; the list
// stays at MaxRecent; a hand-edited relative path is dropped on Load.
func TestRecent(t *testing.T) {
	var r []string
	for i := range MaxRecent + 3 {
		r = AddRecent(r, "/runs/"+string(rune('a'+i))+".log")
	}
	if len(r) != MaxRecent || r[0] != "/runs/k.log" {
		t.Fatalf("recent = %v", r)
	}
	r = AddRecent(r, "/runs/f.log")
	if r[0] != "/runs/f.log" || len(r) != MaxRecent {
		t.Fatalf("reopened: %v", r)
	}
	for _, p := range r[1:] {
		if p == "/runs/f.log" {
			t.Fatalf("listed twice: %v", r)
		}
	}
	s := Store{Path: filepath.Join(t.TempDir(), "settings.json")}
	if err := os.WriteFile(s.Path, []byte(`{"recent": ["/a/b.log", "rel.log", "/c//d.bai"]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/a/b.log", "/c/d.bai"}; !reflect.DeepEqual(got.Recent, want) {
		t.Errorf("loaded recent = %v, want %v", got.Recent, want)
	}
}
