package main

import (
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"reflect"
	"strconv"
	"testing"

	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/internal/testrec"
	"github.com/mm2carla/viewer/sim/citygen"
)

func TestMIMEGolden(t *testing.T) {
	golden(t, appID+".xml", mimeXML())
}

// TestMIMEParsesBack: the XML reads back into the same package (namespace
// included: update-mime-database ignores elements outside it).
func TestMIMEParsesBack(t *testing.T) {
	var got mimeInfo
	if err := xml.Unmarshal(mimeXML(), &got); err != nil {
		t.Fatal(err)
	}
	want := mimePackage()
	want.XMLName = got.XMLName
	if got.XMLName.Space != "http://www.freedesktop.org/standards/shared-mime-info" || got.XMLName.Local != "mime-info" {
		t.Errorf("root element %v", got.XMLName)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, want)
	}
}

// magicHolds evaluates a chain of shared-mime-info matches on data the
// way the spec defines them (each nested match must hold too), for the
// two match types the package uses.
func magicHolds(t *testing.T, chain []magicMatch, data []byte) bool {
	for _, m := range chain {
		switch m.typ {
		case "string":
			if len(data) < m.offset+len(m.value) || string(data[m.offset:m.offset+len(m.value)]) != m.value {
				return false
			}
		case "little16":
			v, err := strconv.ParseUint(m.value, 0, 16)
			if err != nil {
				t.Fatalf("little16 value %q: %v", m.value, err)
			}
			if len(data) < m.offset+2 || uint64(binary.LittleEndian.Uint16(data[m.offset:])) != v {
				return false
			}
		default:
			t.Fatalf("match type %q not evaluated here", m.typ)
		}
	}
	return true
}

// TestMagicAgreesWithTheViewer: the desktop recognises exactly the files
// the viewer opens. Each input goes through the MIME rules and through
// the viewer's own sniffer (analysis/pipeline.Sniff), and both must name the
// same kind.
func TestMagicAgreesWithTheViewer(t *testing.T) {
	m, err := citygen.Generate(citygen.Default())
	if err != nil {
		t.Fatal(err)
	}
	var mapBytes bytes.Buffer
	if err := bai.Encode(&mapBytes, m); err != nil {
		t.Fatal(err)
	}
	rec := testrec.Bytes(3)
	badLen := append([]byte(nil), rec[:64]...)
	badLen[2] = 15 // the header's string length no longer 14
	cases := []struct {
		name string
		data []byte
		want string // MIME type, "" for neither
	}{
		{"recording", rec, "application/x-carla-recording"},
		{"map", mapBytes.Bytes(), "application/x-mm2-bai"},
		{"recording head only", rec[:18], "application/x-carla-recording"},
		{"bad length field", badLen, ""},
		{"text", []byte("2024-01-01 12:00:00 CARLA_RECORDER started\n"), ""},
		{"magic at the wrong offset", []byte("xxCAI1"), ""},
		{"empty", nil, ""},
	}
	kinds := map[pipeline.Kind]string{pipeline.KindRecording: "application/x-carla-recording", pipeline.KindMap: "application/x-mm2-bai"}
	for _, c := range cases {
		got := ""
		for _, d := range docTypes {
			if len(d.magic) > 0 && magicHolds(t, d.magic, c.data) { // OpenDRIVE is told by its .xodr name
				if got != "" {
					t.Errorf("%s: both %s and %s match", c.name, got, d.mime)
				}
				got = d.mime
			}
		}
		if got != c.want {
			t.Errorf("%s: the MIME rules say %q, want %q", c.name, got, c.want)
		}
		if viewer := kinds[pipeline.Sniff(c.data)]; viewer != got {
			t.Errorf("%s: the MIME rules say %q, the viewer's sniffer %q", c.name, got, viewer)
		}
	}
}
