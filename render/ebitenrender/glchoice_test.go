package ebitenrender

import "testing"

func TestChooseGL(t *testing.T) {
	loads := func() bool { return true }
	fails := func() bool { return false }
	for _, c := range []struct {
		name     string
		windowed bool
		env      map[string]string
		load     func() bool
		desktop  bool
	}{
		{"x display with libGL", true, map[string]string{"DISPLAY": ":0"}, loads, true},
		{"x display without libGL", true, map[string]string{"DISPLAY": ":0"}, fails, false},
		{"unix socket display", true, map[string]string{"DISPLAY": "unix:1"}, loads, true},
		{"ssh -X", true, map[string]string{"DISPLAY": "localhost:10.0"}, loads, false},
		{"remote host", true, map[string]string{"DISPLAY": "build-box:0"}, loads, false},
		{"forced over ssh", true, map[string]string{"DISPLAY": "localhost:10.0", GLEnv: "gl"}, loads, true},
		{"wayland only", true, map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, loads, false},
		{"no display", true, nil, loads, false},
		{"asked for es", true, map[string]string{"DISPLAY": ":0", GLEnv: "es"}, loads, false},
		{"asked for gl", true, map[string]string{GLEnv: "gl"}, fails, true},
		{"misspelt", true, map[string]string{"DISPLAY": ":0", GLEnv: "GL"}, loads, false},
		{"steam set it", true, map[string]string{"SteamEnv": "1", GLEnv: "es"}, fails, true},
		{"windows or macOS", false, map[string]string{"DISPLAY": ":0", GLEnv: "gl"}, loads, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := chooseGL(c.windowed, func(k string) string { return c.env[k] }, c.load)
			if got.Desktop != c.desktop || got.Reason == "" {
				t.Errorf("chooseGL = %+v, want Desktop %v with a reason", got, c.desktop)
			}
		})
	}
}
