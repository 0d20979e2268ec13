package app

import (
	"strings"
	"testing"

	"github.com/mm2carla/viewer/ui/loader"
	"github.com/mm2carla/viewer/ui/settings"
)

// TestNoticesLogged: warnings and errors shown in the window are also
// written to the log (standard error), once each; info is not.
func TestNoticesLogged(t *testing.T) {
	var log strings.Builder
	a := New(settings.Settings{}, nil)
	a.SetLog(&log)
	a.SetViewport(testVP)
	a.Open(loader.BytesSource("bad.log", []byte("not a recording at all")))
	settle(t, a)
	a.Notify(Warning, "careful")
	a.Notify(Warning, "careful") // renewed, not repeated
	a.Notify(Info, "opened")
	got := log.String()
	if n := strings.Count(got, "\n"); n != 2 {
		t.Fatalf("%d lines logged, want 2:\n%s", n, got)
	}
	if !strings.HasPrefix(got, "viewer: error: bad.log: byte 0: not a CARLA recording") {
		t.Errorf("the error line: %q", got)
	}
	if !strings.Contains(got, "viewer: warning: careful\n") || strings.Contains(got, "opened") {
		t.Errorf("logged:\n%s", got)
	}
}
