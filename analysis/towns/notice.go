package towns

import (
	"strings"
)

// Notice says in one line, for the window and standard error, which map
// is used and where it came from, or why there is none, so that a missing
// or replaced map is never silent:
//
//	map Town05 (named by run.log): built in (CARLA 2019 edition: lights matched by place)
//	map Town10HD_Opt (named by run.log): Town10HD, built in (CARLA 2020 edition)
//	map Town05 (named by run.log): /maps/Town05.xodr, from the maps folder
//
// A built-in town is named again only when it is not the name the
// header gives ("Town05 ... Town05, built in" said it twice).
//
// It is "" when the search is off, and for a Result no search made (the
// zero value: a recording with no folder has no town to look for).
func (r Result) Notice() string {
	if r.opt.MapsDir == MapsOff || r.rec == "" { // the search is off, or this is no search's result
		return ""
	}
	if r.Town == "" {
		return r.rec + " names no map, and none was given"
	}
	var b strings.Builder
	b.WriteString("map " + r.Town + " (named by " + r.rec + "): ")
	switch r.From {
	case BuiltIn:
		t, _ := builtinOf(r.Town)
		if t.name != r.Town {
			b.WriteString(t.name + ", ")
		}
		b.WriteString("built in (" + t.edition() + ")")
	case Beside:
		b.WriteString(r.Path + ", beside the recording")
	case Named:
		b.WriteString(r.Path + ", beside the recording (" + r.Why + ")")
	case MapsFolder:
		b.WriteString(r.Path + ", from the maps folder")
	case Carla:
		b.WriteString(r.Path + ", from the CARLA installation " + r.Root)
		if r.Root == r.opt.CarlaRoot && r.Root != r.opt.MapsDir {
			b.WriteString(" (CARLA_ROOT)")
		}
	default:
		b.WriteString(r.missing())
	}
	for _, p := range r.Passed {
		b.WriteString("; passed over " + p)
	}
	return b.String()
}

// Warn reports whether the notice is a warning: a town named and no map
// for it, or a damaged file passed over.
func (r Result) Warn() bool {
	return r.Town != "" && r.opt.MapsDir != MapsOff && (r.From == None || len(r.Passed) > 0)
}

// missing says why no map was found for a town the header names.
func (r Result) missing() string {
	if namesNoTown(r.Town) {
		return "CARLA's standalone OpenDRIVE mode names no town: give the .xodr file the run was made on"
	}
	if r.err != nil {
		return r.err.Error()
	}
	where := "no " + fileNames(r.Town)[0] + " beside the recording"
	if d := r.opt.MapsDir; d != "" {
		where += ", in " + d
	}
	if c := r.opt.CarlaRoot; c != "" {
		where += ", in CARLA_ROOT " + c
	}
	return where + ", and not built in (" + strings.Join(Builtin(), ", ") +
		"); give the map, or --maps DIR (a folder of maps or a CARLA installation), or set CARLA_ROOT"
}
