package main

import (
	"encoding/xml"
	"strconv"
)

// The shared-mime-info package: teaches the desktop (file managers, the
// open dialogs, xdg-open) the file types, so that a double-click on a
// recording or a map opens the viewer. Installed into
// $XDG_DATA_HOME/mime/packages and compiled by update-mime-database.

// mimeInfo is the <mime-info> document.
type mimeInfo struct {
	XMLName xml.Name   `xml:"http://www.freedesktop.org/standards/shared-mime-info mime-info"`
	Types   []mimeType `xml:"mime-type"`
}

type mimeType struct {
	Type       string     `xml:"type,attr"`
	SubClassOf *mimeSub   `xml:"sub-class-of"`
	Comment    string     `xml:"comment"`
	Acronym    string     `xml:"acronym,omitempty"`
	Icon       *mimeIcon  `xml:"icon"`
	Magic      *mimeMagic `xml:"magic"`
	Globs      []mimeGlob `xml:"glob"`
}

// mimeSub names a parent type, whose applications stay on offer.
type mimeSub struct {
	Type string `xml:"type,attr"`
}

type mimeIcon struct {
	Name string `xml:"name,attr"`
}

type mimeGlob struct {
	Pattern string `xml:"pattern,attr"`
}

// mimeMagic holds one chain of matches: each nested match must hold too.
type mimeMagic struct {
	Priority int        `xml:"priority,attr"`
	Match    *mimeMatch `xml:"match"`
}

type mimeMatch struct {
	Type   string     `xml:"type,attr"`
	Offset string     `xml:"offset,attr"`
	Value  string     `xml:"value,attr"`
	Match  *mimeMatch `xml:"match"`
}

// magicPriority ranks our content rules above the default 50: a file that
// starts with our magic is ours even when a weaker generic rule also
// matches its first bytes.
const magicPriority = 60

// mimePackage builds the document from docTypes. The files show the
// app's icon (a file manager draws a recording with the viewer's icon).
func mimePackage() mimeInfo {
	var mi mimeInfo
	for _, d := range docTypes {
		t := mimeType{Type: d.mime, Comment: d.comment, Acronym: d.acronym, Icon: &mimeIcon{Name: appID}}
		if d.subClassOf != "" {
			t.SubClassOf = &mimeSub{Type: d.subClassOf}
		}
		var chain *mimeMatch
		for i := len(d.magic) - 1; i >= 0; i-- {
			m := d.magic[i]
			chain = &mimeMatch{Type: m.typ, Offset: strconv.Itoa(m.offset), Value: m.value, Match: chain}
		}
		if chain != nil {
			t.Magic = &mimeMagic{Priority: magicPriority, Match: chain}
		}
		for _, g := range d.globs {
			t.Globs = append(t.Globs, mimeGlob{Pattern: g})
		}
		mi.Types = append(mi.Types, t)
	}
	return mi
}

// mimeXML is the package's file.
func mimeXML() []byte {
	b, err := xml.MarshalIndent(mimePackage(), "", "  ")
	if err != nil {
		panic(err) // the structs above always marshal
	}
	return append([]byte(xml.Header), append(b, '\n')...)
}
