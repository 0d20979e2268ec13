package fleet

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mm2carla/viewer/analysis/pipeline"
)

// Inputs are the files of a fleet check: the recordings, in the order
// given (a folder's in lexical order, searched recursively), among them
// the inputs that could not be read, and the one map given for all of
// them, if any.
type Inputs struct {
	Items   []Item
	Map     string // a map named on the command line ("" none): every recording's
	Folders int    // folders walked
}

// Item is one recording to check, or an input that could not be read
// (Err, naming it): it keeps its place in the order given.
type Item struct {
	Path string
	Err  error
}

// Recordings counts the items that are recordings.
func (in *Inputs) Recordings() int {
	n := 0
	for _, it := range in.Items {
		if it.Err == nil {
			n++
		}
	}
	return n
}

// ErrTwoMaps says two maps were named on the command line: which one a
// recording goes with would be a guess.
var ErrTwoMaps = errors.New("two maps given")

// Walk sorts args (files and folders) into recordings and maps by their
// content, never their names. A file named on the command line that is
// neither becomes a Bad run naming it (the check goes on with the
// others); a file inside a folder that is neither, or a map inside a
// folder, is passed over: folders hold notes and the maps found beside
// recordings (FindMap).
func Walk(args []string) (*Inputs, error) {
	in := &Inputs{}
	for _, a := range args {
		st, err := os.Stat(a)
		if err == nil && st.IsDir() {
			in.Folders++
			if err := in.walkDir(a); err != nil {
				return nil, err
			}
			continue
		}
		switch k, err := sniffFile(a); {
		case err != nil:
			in.Items = append(in.Items, Item{Path: a, Err: err})
		case k == pipeline.KindRecording:
			in.Items = append(in.Items, Item{Path: a})
		case in.Map != "":
			return nil, fmt.Errorf("%w: %s and %s", ErrTwoMaps, in.Map, a)
		default:
			in.Map = a
		}
	}
	return in, nil
}

func (in *Inputs) walkDir(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			in.Items = append(in.Items, Item{Path: p, Err: err})
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if k, err := sniffFile(p); err == nil && k == pipeline.KindRecording {
			in.Items = append(in.Items, Item{Path: p})
		}
		return nil
	})
}

// sniffFile tells a file's kind from its first bytes.
func sniffFile(path string) (pipeline.Kind, error) {
	in, err := pipeline.Open(pipeline.Source{Name: path, Path: path})
	if err != nil {
		return pipeline.KindUnknown, err
	}
	defer in.Close()
	return in.Kind(), nil
}
