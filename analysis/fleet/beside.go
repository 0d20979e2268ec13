package fleet

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"

	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/analysis/towns"
)

// FindBeside looks beside the recording at recPath for the map of the
// place its header names (headerMap) when no file is called after it
// (towns.Find looks for TOWN.xodr): an OpenDRIVE map whose own name,
// the name attribute of its <header>, is that place; else, for a place
// that is none of CARLA's towns, the one Midtown Madness 2 AI map in the
// folder. An AI map stores no name (the demo writes "Demo City" only into
// the recording), so the one map beside a recording of a made-up place
// is the only evidence there is; two such maps would be a guess, and
// none is taken. It returns "" when nothing matches.
func FindBeside(recPath, headerMap string) string {
	town := towns.TownName(headerMap)
	if town == "" {
		return ""
	}
	dir := filepath.Dir(recPath)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	var bai []string
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		p := filepath.Join(dir, e.Name())
		head, ok := readHead(p)
		if !ok || pipeline.Sniff(head) != pipeline.KindMap {
			continue
		}
		if !pipeline.IsOpenDRIVE(head) {
			bai = append(bai, p)
			continue
		}
		if n := openDRIVEName(head); n != "" && (n == headerMap || n == town) {
			return p
		}
	}
	if len(bai) == 1 && !isCarlaTown(town) {
		return bai[0]
	}
	return ""
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
	b := make([]byte, pipeline.XMLSniffLen)
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
