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
