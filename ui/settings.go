package ui

import (
	"fmt"
	"io"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/mm2carla/viewer/ui/app"
	"github.com/mm2carla/viewer/ui/settings"
)

// settingsSaver saves the settings when they change, at most once every
// few seconds, and once more on exit.
type settingsSaver struct {
	store   *settings.Store
	last    settings.Settings
	gen     int
	pending int // ticks since an unsaved change (0: none)
	log     io.Writer
	w, h    int
}

// saveDelay is how long a change waits before it is written (ticks).
const saveDelay = 2 * app.TPS

func (s *settingsSaver) update(a *app.App) {
	if s.store == nil {
		return
	}
	w, h := ebiten.WindowSize()
	if gen := a.SettingsGen(); gen != s.gen || w != s.w || h != s.h {
		s.gen, s.w, s.h = gen, w, h
		s.pending = 1
		return
	}
	if s.pending > 0 {
		s.pending++
		if s.pending > saveDelay {
			s.flush(a)
		}
	}
}

// flush writes the settings if they differ from the last written.
func (s *settingsSaver) flush(a *app.App) {
	s.pending = 0
	if s.store == nil {
		return
	}
	v := a.Settings()
	v.WindowWidth, v.WindowHeight = s.last.WindowWidth, s.last.WindowHeight
	if s.w > 0 && s.h > 0 {
		v.WindowWidth, v.WindowHeight = s.w, s.h
	}
	if v.Equal(s.last) {
		return
	}
	if err := s.store.Save(v); err != nil {
		fmt.Fprintf(s.log, "viewer: settings not saved: %v\n", err)
		return
	}
	s.last = v
}
