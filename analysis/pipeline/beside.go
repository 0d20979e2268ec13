package pipeline

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"

	"github.com/mm2carla/viewer/analysis/towns"
)

// FindTown is the search for the map of the town that the header of the
// recording at recPath names (headerMap), when the user gave none: package
// towns' search (the town's file beside the recording, the maps folder,
// a CARLA installation, the built-in town), and when that finds nothing,
// a map beside the recording that is the place by its content
// (towns.Named): an OpenDRIVE map whose own name, the name attribute of
// its <header>, is the place; else, for a place that is none of CARLA's
// towns, the one Midtown Madness 2 AI map in the folder. An AI map
// stores no name (the demo writes "Demo City" only into the recording,
// beside its city.bai), so the one map beside a recording of a made-up
// place is the only evidence there is; two such maps would be a guess,
// and none is taken.
//
// It is the one search of the commands, the fleet and the window. It
// reads the folder (stat calls, and the first bytes of its files when
// nothing else is found): the window runs it off its UI goroutine.
func FindTown(recPath, headerMap string, opt towns.Options) towns.Result {
	t := towns.Find(recPath, headerMap, opt)
	if t.Found() || !t.Searched() {
		return t
	}
	if p, why := findNamed(recPath, headerMap); p != "" {
		return t.Named(p, why)
	}
	return t
}

// findNamed looks beside the recording at recPath for a map that is the
// place headerMap names by its content (see FindTown), and says why it
// is; "" when nothing matches.
func findNamed(recPath, headerMap string) (path, why string) {
	town := towns.TownName(headerMap)
	if town == "" {
		return "", ""
	}
	dir := filepath.Dir(recPath)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return "", ""
	}
	var bai []string
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		head, ok := readHead(p)
		if !ok || Sniff(head) != KindMap {
			continue
		}
		if !IsOpenDRIVE(head) {
			bai = append(bai, p)
			continue
		}
		if n := openDRIVEName(head); n != "" && (n == headerMap || n == town) {
			return p, "its OpenDRIVE header names it " + n
		}
	}
	if len(bai) == 1 && !isCarlaTown(town) {
		return bai[0], "the one AI map there, for a place that is none of CARLA's towns"
	}
	return "", ""
}

// isCarlaTown reports whether a town is one of CARLA's, whose maps are
// OpenDRIVE files and never AI maps.
func isCarlaTown(town string) bool {
	t := strings.ToLower(town)
	return strings.HasPrefix(t, "town") && len(t) > 4 && t[4] >= '0' && t[4] <= '9'
}

// readHead reads a file's first bytes, as many as Sniff looks at.
func readHead(path string) ([]byte, bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	b := make([]byte, XMLSniffLen)
	n, _ := f.Read(b)
	return b[:n], n > 0
}

// openDRIVEName returns the name attribute of an OpenDRIVE file's
// <header>, when it is within the first bytes head.
func openDRIVEName(head []byte) string {
	d := xml.NewDecoder(bytes.NewReader(head))
	d.Strict = false
	for {
		tok, err := d.RawToken()
		if err != nil {
			return ""
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "header" {
			for _, a := range se.Attr {
				if a.Name.Local == "name" {
					return strings.TrimSpace(a.Value)
				}
			}
			return ""
		}
	}
}
