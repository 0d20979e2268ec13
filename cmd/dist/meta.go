package main

// What the packages say about the app, in one place, so that the Linux
// desktop entry and MIME package, the Windows version resource and the
// macOS Info.plist cannot disagree about its name or its file types.

const (
	// appID names the app to the desktops: the desktop entry's file
	// name, the icon's name in the hicolor theme, the MIME package's file
	// name, and the macOS bundle identifier. Reverse DNS of the project's
	// home, as the freedesktop and Apple conventions want.
	appID = "io.github.mm2carla.Viewer"
	// appName is what menus, docks and Explorer show.
	appName = "Viewer"
	// binName is the executable's name on every platform (plus .exe).
	binName = "viewer"
	// genericName and summary describe the app in menus and file
	// properties.
	genericName = "3D replay viewer"
	summary     = "Scrub CARLA recordings over Midtown Madness 2 AI maps in 3D"
	// homepage is where the project lives.
	homepage = "https://github.com/mm2carla/viewer"
	// macOSMinimum is the oldest macOS the Go release that builds the app
	// supports (Go 1.26 needs macOS 12 Monterey).
	macOSMinimum = "12.0"
)

// docType is one kind of file the viewer opens.
type docType struct {
	mime    string // the MIME type (shared-mime-info, Info.plist tags)
	comment string // what file managers call it
	acronym string
	// Recognising it by content (shared-mime-info): every match must
	// hold (nested <match> elements are ANDed).
	magic []magicMatch
	// globs recognise it by name. A CARLA recording has none: CARLA
	// writes recordings as .log, far too common a name to claim, so it is
	// told by content alone, as the viewer does (analysis/pipeline.Sniff). (A
	// "*.log" glob beside the magic was tried: GIO then calls every
	// binary .log file a CARLA recording, because all binary types are
	// subclasses of application/octet-stream. Without it, GIO names a
	// recording called *.log a log file, since it trusts one matching
	// extension before content; the README says so.)
	globs []string
	// uti is its macOS Uniform Type Identifier; exts the file name
	// extensions macOS (which tells files apart by name only) may use.
	uti  string
	exts []string
	// macOtherUTIs are system types the macOS document type also lists,
	// so that the app appears in Finder's "Open With" for them.
	macOtherUTIs []string
	// macRank is the macOS handler rank: "Owner" for a type that is
	// ours, "Alternate" for one we open without taking it over (.log).
	// The Windows installer follows it too: an Owner type's extensions
	// open with the viewer by default, an Alternate's only offer it under
	// Open With (see takesOver).
	macRank string
	// subClassOf is the shared-mime-info parent type ("" for none): an
	// OpenDRIVE file is XML, so text editors stay on offer for it.
	subClassOf string
	// winProgID names the type's Windows programmatic identifier under
	// HKCU\Software\Classes: the app's id and a word, periods only (the
	// ProgID rules allow no other punctuation), at most 39 characters.
	winProgID string
}

// takesOver reports whether the viewer becomes the default application
// for the type's extensions (a double-click opens it), rather than one
// more program offered under Open With.
func (d docType) takesOver() bool { return d.macRank == "Owner" }

// magicMatch is one shared-mime-info <match>: the bytes value at offset,
// read as typ ("string", "little16", ...).
type magicMatch struct {
	typ, value string
	offset     int
}

// docTypes are the files the viewer opens, in the order menus list them.
var docTypes = []docType{
	{
		mime:    "application/x-carla-recording",
		comment: "CARLA recording",
		// A uint16 version, the uint16 length 14, then "CARLA_RECORDER".
		magic: []magicMatch{
			{typ: "little16", offset: 2, value: "14"},
			{typ: "string", offset: 4, value: "CARLA_RECORDER"},
		},
		uti:          "io.github.mm2carla.viewer.carla-recording",
		exts:         []string{"log"},
		macOtherUTIs: []string{"public.log"},
		macRank:      "Alternate",
		winProgID:    appID + ".Recording",
	},
	{
		mime:      "application/x-mm2-bai",
		comment:   "Midtown Madness 2 AI map",
		acronym:   "BAI",
		magic:     []magicMatch{{typ: "string", offset: 0, value: "CAI1"}},
		globs:     []string{"*.bai"},
		uti:       "io.github.mm2carla.viewer.bai",
		exts:      []string{"bai"},
		macRank:   "Owner",
		winProgID: appID + ".BAI",
	},
	{
		// An OpenDRIVE road network, the format of CARLA's towns: XML
		// whose root is <OpenDRIVE>. It has no registered MIME type; the
		// .xodr extension is the format's own and is claimed as ours.
		mime:       "application/x-opendrive+xml",
		comment:    "OpenDRIVE road network",
		globs:      []string{"*.xodr"},
		subClassOf: "application/xml",
		uti:        "io.github.mm2carla.viewer.opendrive",
		exts:       []string{"xodr"},
		macRank:    "Owner",
		winProgID:  appID + ".OpenDRIVE",
	},
}
