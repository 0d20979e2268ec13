package towns

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// A CARLA installation holds the OpenDRIVE file of every town it has,
// newer editions and Town11-15 among them, under its project's
// Content/Carla/Maps/: in OpenDrive/ for the standard towns, in the town's
// own folder for the large maps and imported ones. The project is
// CarlaUE4 in the Unreal Engine 4 releases (0.9.x) and CarlaUnreal in the
// Unreal Engine 5 ones (0.10 on); a packaged release has it at its top
// (CarlaUE4/Content/Carla/Maps/OpenDrive/Town05.xodr), a source tree
// under Unreal/.

// carlaProjects are where an installation's project folder may be,
// relative to its root: packaged UE4 and UE5 releases, then source trees.
var carlaProjects = []string{"CarlaUE4", "CarlaUnreal", filepath.Join("Unreal", "CarlaUE4"), filepath.Join("Unreal", "CarlaUnreal")}

// mapsRel is the maps folder inside a project.
var mapsRel = filepath.Join("Content", "Carla", "Maps")

// carlaMapsDirs returns the maps folders of the CARLA installation at
// root that exist: root may be the installation, its project folder, or
// the maps folder itself.
func carlaMapsDirs(root string) []string {
	var out []string
	try := func(d string) {
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			out = append(out, d)
		}
	}
	for _, p := range carlaProjects {
		try(filepath.Join(root, p, mapsRel))
	}
	if len(out) == 0 {
		try(filepath.Join(root, mapsRel))
	}
	if len(out) == 0 && filepath.Base(root) == "Maps" && filepath.Base(filepath.Dir(root)) == "Carla" {
		try(root)
	}
	return out
}

// maxWalk bounds the entries a search of one maps folder visits: a
// packaged release's holds a few dozen files (the levels are in .pak
// archives), a source tree's some thousands of levels and assets, so a
// bigger one is not CARLA's, and the search (which the window makes on
// its own goroutine) must stay short on it.
var maxWalk = 50_000 // a variable for the test of the bound

var errWalkDone = errors.New("walk done")

// inCarla returns the first of the town's files (names, in order of
// preference: a layered town's own file before its base town's) in the
// CARLA installation at root: in OpenDrive/ of a maps folder, else
// anywhere under one. skip says which files were passed over already.
func inCarla(root string, names []string, skip func(string) bool) string {
	dirs := carlaMapsDirs(root)
	for _, n := range names {
		for _, d := range dirs {
			if p := filepath.Join(d, "OpenDrive", n); isFile(p) && !skip(p) {
				return p
			}
		}
		for _, d := range dirs {
			if p := walkFor(d, n, skip); p != "" {
				return p
			}
		}
	}
	return ""
}

// walkFor returns the first file called name under dir, in lexical
// order ("" none).
func walkFor(dir, name string, skip func(string) bool) string {
	found, seen := "", 0
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if seen++; seen > maxWalk {
			return errWalkDone
		}
		if err != nil || d.IsDir() {
			return nil // an unreadable folder is passed over
		}
		if d.Name() == name && d.Type().IsRegular() && !skip(p) {
			found = p
			return errWalkDone
		}
		return nil
	})
	return found
}

// isFile reports whether p is a regular file (a symbolic link to one
// counts).
func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}
