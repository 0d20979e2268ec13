package main

import (
	"bytes"
	"encoding/binary"
	"image/png"
	"slices"
	"testing"

	"github.com/jackmordaunt/icns/v3"
	"howett.net/plist"
)

func TestInfoPlistGolden(t *testing.T) {
	b, err := infoPlistXML(testRelease)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "Info.plist", b)
}

// TestInfoPlistParsesBack reads the XML back as a generic dictionary, the
// way macOS sees it, and checks the keys the issue asks for by their
// Apple names (so a wrong struct tag fails here).
func TestInfoPlistParsesBack(t *testing.T) {
	b, err := infoPlistXML(testRelease)
	if err != nil {
		t.Fatal(err)
	}
	var d map[string]any
	format, err := plist.Unmarshal(b, &d)
	if err != nil {
		t.Fatal(err)
	}
	if format != plist.XMLFormat {
		t.Errorf("format %s, want XML", plist.FormatNames[format])
	}
	for k, want := range map[string]any{
		"CFBundleExecutable":         "viewer",
		"CFBundleIdentifier":         appID,
		"CFBundleIconFile":           "viewer.icns",
		"CFBundlePackageType":        "APPL",
		"CFBundleShortVersionString": "1.2.0",
		"CFBundleVersion":            "1.2.0",
		"CFBundleGetInfoString":      "Viewer 1.2.0-rc.1 (40da2ff919c8)",
		"NSHighResolutionCapable":    true,
		"LSMinimumSystemVersion":     "12.0",
	} {
		if d[k] != want {
			t.Errorf("%s = %#v, want %#v", k, d[k], want)
		}
	}
	docs, _ := d["CFBundleDocumentTypes"].([]any)
	if len(docs) != len(docTypes) {
		t.Fatalf("%d document types, want %d", len(docs), len(docTypes))
	}
	for i, dt := range docTypes {
		doc := docs[i].(map[string]any)
		if doc["CFBundleTypeRole"] != "Viewer" {
			t.Errorf("%s: role %v, want Viewer", dt.comment, doc["CFBundleTypeRole"])
		}
		types := doc["LSItemContentTypes"].([]any)
		if types[0] != dt.uti {
			t.Errorf("%s: first content type %v, want %s", dt.comment, types[0], dt.uti)
		}
		if exts := doc["CFBundleTypeExtensions"].([]any); len(exts) != 1 || exts[0] != dt.exts[0] {
			t.Errorf("%s: extensions %v, want %v", dt.comment, exts, dt.exts)
		}
	}
	utis, _ := d["UTExportedTypeDeclarations"].([]any)
	var ids []string
	for _, u := range utis {
		m := u.(map[string]any)
		ids = append(ids, m["UTTypeIdentifier"].(string))
		tags := m["UTTypeTagSpecification"].(map[string]any)
		if m["UTTypeIdentifier"] == "io.github.mm2carla.viewer.bai" && len(tags["public.filename-extension"].([]any)) != 1 {
			t.Errorf("the BAI type does not claim .bai: %v", tags)
		}
		if m["UTTypeIdentifier"] == "io.github.mm2carla.viewer.carla-recording" && tags["public.filename-extension"] != nil {
			t.Errorf("the recording type claims an extension (.log is the system's): %v", tags)
		}
	}
	if !slices.Equal(ids, []string{"io.github.mm2carla.viewer.carla-recording", "io.github.mm2carla.viewer.bai", "io.github.mm2carla.viewer.opendrive"}) {
		t.Errorf("exported UTIs %v", ids)
	}
}

// TestIcnsReadsBack walks the .icns container (a "icns" header, then
// entries of a type and a length) and decodes each entry's PNG: every
// slot is there, in order, holding a picture of the size its type says
// (so 32 px is our 32 px drawing, not a scaled-down large one); the
// library that wrote it reads it back too.
func TestIcnsReadsBack(t *testing.T) {
	b, err := icnsFile()
	if err != nil {
		t.Fatal(err)
	}
	if string(b[:4]) != "icns" || int(binary.BigEndian.Uint32(b[4:])) != len(b) {
		t.Fatalf("header % x, file of %d bytes", b[:8], len(b))
	}
	slotPx := map[string]int{"ic11": 32, "ic12": 64, "ic07": 128, "ic08": 256, "ic13": 256, "ic09": 512, "ic14": 512, "ic10": 1024}
	var got []string
	for off := 8; off < len(b); {
		typ, n := string(b[off:off+4]), int(binary.BigEndian.Uint32(b[off+4:]))
		cfg, err := png.DecodeConfig(bytes.NewReader(b[off+8 : off+n]))
		if err != nil {
			t.Fatalf("entry %s: %v", typ, err)
		}
		if cfg.Width != slotPx[typ] || cfg.Height != slotPx[typ] {
			t.Errorf("entry %s holds %dx%d, want %d px", typ, cfg.Width, cfg.Height, slotPx[typ])
		}
		got = append(got, typ)
		off += n
	}
	want := []string{"ic11", "ic12", "ic07", "ic08", "ic13", "ic09", "ic14", "ic10"}
	if !slices.Equal(got, want) {
		t.Errorf("entries %v, want %v", got, want)
	}
	imgs, err := icns.DecodeAll(bytes.NewReader(b))
	if err != nil || len(imgs) != len(want) {
		t.Errorf("icns.DecodeAll: %d pictures, %v", len(imgs), err)
	}
}

func TestMacPackageLayout(t *testing.T) {
	files, err := macPackage([]byte("universal"), testRelease)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.name)
		if f.name == "Viewer.app/Contents/MacOS/viewer" && f.mode != modeExec {
			t.Errorf("the binary has mode %v", f.mode)
		}
	}
	want := []string{
		"Viewer.app/Contents/Info.plist",
		"Viewer.app/Contents/PkgInfo",
		"Viewer.app/Contents/MacOS/viewer",
		"Viewer.app/Contents/Resources/viewer.icns",
		"Viewer.app/Contents/Resources/LICENSE-CARLA.txt",
		"LICENSE-CARLA.txt",
	}
	if !slices.Equal(names, want) {
		t.Errorf("layout %v, want %v", names, want)
	}
}
