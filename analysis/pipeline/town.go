package pipeline

import (
	"cmp"
	"context"

	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/mm2carla/viewer/scene"
)

// LoadTown finds and loads the map of the town that the recording rec,
// read from src, names, for when no map was given: FindTown's search
// (beside the recording, the maps folder, a CARLA installation, the
// built-in towns, then a map beside the recording that is the place by
// its content; opt.MapsDir towns.MapsOff: none), a file that cannot be
// read giving way to the next source. It returns the map (nil when
// none was found or every one found failed) and the search's result,
// whose Notice says which map was used and from where, or why there is
// none: the caller says it, as a command and the window say it
// differently. A recording with no path (the built-in demo, a dropped
// file's bytes) has no town to look for: nil and the zero result (Notice
// "").
func LoadTown(ctx context.Context, src Source, rec *scene.Recording, opt towns.Options) (*File, towns.Result) {
	if rec == nil || src.Path == "" {
		return nil, towns.Result{}
	}
	t := FindTown(src.Path, rec.Header().Map, opt)
	for t.Found() {
		f, err := Load(ctx, Source{Name: cmp.Or(t.Path, t.Name), Path: t.Path, Data: t.Data}, nil)
		if err == nil && f.Kind == KindMap {
			return f, t
		}
		if err == nil {
			f.Close()
			err = &UnknownError{Name: cmp.Or(t.Path, t.Name)}
		}
		t = t.Fallback(err)
	}
	return nil, t
}
