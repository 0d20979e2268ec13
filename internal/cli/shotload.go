package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/internal/citygen"
	"github.com/mm2carla/viewer/scene"
)

// shotScene is what a shot draws: a map, a recording, or both.
type shotScene struct {
	m        *scene.Map // never nil (empty without a map file)
	rec      *scene.Recording
	mapName  string
	recName  string
	warnings []string
	closers  []io.Closer
}

func (sc *shotScene) close() {
	for _, c := range sc.closers {
		c.Close()
	}
}

// describe says what was drawn, for the command's one line of output.
func (sc *shotScene) describe(sp shotSpec) string {
	s := sp.view.kind + " view"
	if sc.rec != nil {
		s += fmt.Sprintf(" of %s at %.3f s", sc.recName, sp.at)
	}
	if sc.mapName != "" {
		s += " on " + sc.mapName
	}
	return s
}

// mapMagic starts every CAI1 map.
var mapMagic = []byte("CAI1")

// loadShotScene opens the files, telling maps from recordings by their
// first bytes, or builds the demo when there are none.
func loadShotScene(files []string) (*shotScene, error) {
	if len(files) == 0 {
		return demoScene()
	}
	sc := &shotScene{m: &scene.Map{}}
	ok := false
	defer func() {
		if !ok {
			sc.close()
		}
	}()
	for _, name := range files {
		if err := sc.add(name); err != nil {
			return nil, err
		}
	}
	ok = true
	return sc, nil
}

// add opens one file as a map or a recording.
func (sc *shotScene) add(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err // *fs.PathError names the file
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return err
	}
	head := make([]byte, len(mapMagic))
	n, _ := f.ReadAt(head, 0)
	if n == len(head) && bytes.Equal(head, mapMagic) {
		defer f.Close()
		if sc.mapName != "" {
			return Usagef("two maps given: %s and %s", sc.mapName, name)
		}
		data, err := io.ReadAll(f)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		m, err := bai.DecodeBytes(data)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		sc.m, sc.mapName = scene.NewMap(m), name
		return nil
	}
	if _, err := recorder.NewReader(io.NewSectionReader(f, 0, st.Size())); err != nil {
		f.Close()
		var fe *recorder.FormatError
		if errors.As(err, &fe) {
			return fmt.Errorf("%s: neither a map (no CAI1 magic at byte 0) nor a CARLA recording: %w", name, err)
		}
		return fmt.Errorf("%s: %w", name, err)
	}
	if sc.recName != "" {
		f.Close()
		return Usagef("two recordings given: %s and %s", sc.recName, name)
	}
	rec, err := scene.Open(f, st.Size(), nil)
	if err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := rec.Err(); err != nil {
		sc.warnings = append(sc.warnings, fmt.Sprintf("%s: using the frames before the error: %v", name, err))
	}
	sc.rec, sc.recName = rec, name
	sc.closers = append(sc.closers, f)
	return nil
}

// demoScene is the built-in demo: the generated demo city.
func demoScene() (*shotScene, error) {
	m, err := citygen.Generate(citygen.Default())
	if err != nil {
		return nil, fmt.Errorf("demo city: %w", err)
	}
	return &shotScene{m: scene.NewMap(m), mapName: "the demo city"}, nil
}
