package towns

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// MapsOff as the maps folder turns the search for a recording's town off.
const MapsOff = "off"

// Source says where a recording's town map came from.
type Source uint8

// Sources, in the order Find tries them.
const (
	None       Source = iota // no map: none found, none named, or the search is off
	Beside                   // the town's file beside the recording
	MapsFolder               // the maps folder
	Carla                    // a CARLA installation
	BuiltIn                  // the town built into the viewer
	// Named is a map beside the recording not called after the town but
	// taken for it by its content (Result.Named: pipeline.FindTown's
	// rule, which reads files), tried when nothing else is found.
	Named
)

var sourceNames = [...]string{"none", "beside the recording", "maps folder", "CARLA installation", "built in", "beside the recording, by its content"}

func (s Source) String() string {
	if int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return "Source(?)"
}

// Options say where else than beside the recording to look.
type Options struct {
	// MapsDir is the maps folder: a folder of TOWN.xodr files, or a CARLA
	// installation; "" none; MapsOff turns the whole search off.
	MapsDir string
	// CarlaRoot is a CARLA installation (the CARLA_ROOT environment
	// variable); "" none.
	CarlaRoot string
}

// OptionsFromEnv are the options with the maps folder mapsDir and the
// CARLA installation that the environment variable CARLA_ROOT names.
func OptionsFromEnv(mapsDir string) Options {
	return Options{MapsDir: mapsDir, CarlaRoot: os.Getenv("CARLA_ROOT")}
}

// Result is what Find found: the file at Path, or the built-in town's
// bytes in Data, or nothing (From None), and what to tell the user.
type Result struct {
	Header string // the map as the recording's header names it
	Town   string // the town it names ("Town10HD_Opt"); "" none
	From   Source
	Path   string // the file found, when From is Beside, MapsFolder, Carla or Named
	Data   []byte // the town's OpenDRIVE file, when From is BuiltIn
	// Name is the map's file name to show and to load it as:
	// "Town05.xodr"; "" when none was found.
	Name string
	// Root is the CARLA installation the file came from (From Carla).
	Root string
	// Passed are the files passed over as damaged (see Fallback), each
	// with why, in the order they were tried.
	Passed []string
	// Why says why a map of From Named was taken for the town ("its
	// OpenDRIVE header names Demo City").
	Why string

	rec  string  // the recording's file name, for the notice
	dir  string  // the recording's folder
	opt  Options // for Fallback
	skip []string
	err  error // why the built-in town could not be read (never, but said)
}

// Found reports whether a map was found.
func (r Result) Found() bool { return r.From != None }

// Find looks for the map of the town that the header of the recording at
// recPath names (headerMap), when the user gave none: beside the
// recording, in the maps folder, in a CARLA installation, then among the
// built-in towns (see the package's doc). The first match wins. It only
// looks (and decompresses a built-in town): loading is the caller's.
func Find(recPath, headerMap string, opt Options) Result {
	r := Result{Header: headerMap, Town: TownName(headerMap), rec: filepath.Base(recPath), dir: filepath.Dir(recPath), opt: opt}
	r.find()
	return r
}

// Searched reports whether r is the result of a search that could find
// a map: the recording has a folder, its header names a town, and the
// search is not off.
func (r Result) Searched() bool {
	return r.rec != "" && r.Town != "" && !namesNoTown(r.Town) && r.opt.MapsDir != MapsOff
}

// Named returns r with the map file at path, beside the recording, taken
// for the town because of why, when r found nothing; else r as it is.
// Find looks only for files called after the town; a map beside the
// recording that is the town by its content (the demo's city.bai beside
// its traffic.log, whose header names "Demo City") takes reading files,
// which is package pipeline's (FindTown), and counts only when the
// search found nothing else, as the last source.
func (r Result) Named(path, why string) Result {
	if r.Found() || !r.Searched() || path == "" {
		return r
	}
	r.set(Named, path, "")
	r.Why = why
	return r
}

// Fallback goes on with the search past the file of r, which could not be
// read (err says why, naming its line), and notes it in the notice, so
// that a damaged file in the maps folder gives way to the next source:
// the user's CARLA, then the built-in town.
func (r Result) Fallback(err error) Result {
	n := Result{Header: r.Header, Town: r.Town, rec: r.rec, dir: r.dir, opt: r.opt, skip: slices.Clone(r.skip)}
	n.Passed = slices.Clone(r.Passed)
	what, msg := r.Name, err.Error()
	if r.Path != "" {
		what = r.Path
		n.skip = append(n.skip, r.Path)
		msg = strings.TrimPrefix(msg, r.Path+": ") // the loader names the file too
	}
	n.Passed = append(n.Passed, what+": "+strings.TrimPrefix(msg, r.Name+": "))
	if r.From == BuiltIn {
		return n // the built-in town is the last resort
	}
	n.find()
	return n
}

// find fills in the first match of the search, passing over r.skip.
func (r *Result) find() {
	if r.Town == "" || namesNoTown(r.Town) || r.opt.MapsDir == MapsOff {
		return
	}
	skip := func(p string) bool { return slices.Contains(r.skip, p) }
	names := fileNames(r.Town)
	in := func(dir string) string {
		for _, n := range names {
			if p := filepath.Join(dir, n); isFile(p) && !skip(p) {
				return p
			}
		}
		return ""
	}
	if p := in(r.dir); p != "" {
		r.set(Beside, p, "")
		return
	}
	if d := r.opt.MapsDir; d != "" {
		if p := in(d); p != "" {
			r.set(MapsFolder, p, "")
			return
		}
		if p := inCarla(d, names, skip); p != "" {
			r.set(Carla, p, d)
			return
		}
	}
	if root := r.opt.CarlaRoot; root != "" {
		if p := inCarla(root, names, skip); p != "" {
			r.set(Carla, p, root)
			return
		}
	}
	if b, ok := builtinOf(r.Town); ok {
		data, err := b.data()
		if err != nil {
			r.err = err
			return
		}
		r.From, r.Data, r.Name = BuiltIn, data, b.name+".xodr"
	}
}

func (r *Result) set(from Source, path, root string) {
	r.From, r.Path, r.Name, r.Root = from, path, filepath.Base(path), root
}
