package main

import (
	"bytes"
	"fmt"

	"github.com/jackmordaunt/icns/v3"
	"howett.net/plist"

	"github.com/mm2carla/viewer/assets/icon"
)

// The macOS package, viewer-V-macos.zip, holds the application bundle:
//
//	Viewer.app/Contents/Info.plist          what Finder and LaunchServices read
//	Viewer.app/Contents/PkgInfo             the bundle's type, for old tools
//	Viewer.app/Contents/MacOS/viewer        one universal binary (arm64 + amd64)
//	Viewer.app/Contents/Resources/viewer.icns
//
// The bundle is not signed: Apple's ad-hoc signature that Go's linker puts
// on arm64 binaries lets it run, and Gatekeeper asks the user once (the
// README says how to answer).

const (
	bundleName = appName + ".app"
	icnsName   = binName + ".icns"
)

// infoPlist is the bundle's Info.plist, as a property-list dictionary.
type infoPlist struct {
	BundleDevelopmentRegion   string         `plist:"CFBundleDevelopmentRegion"`
	BundleDisplayName         string         `plist:"CFBundleDisplayName"`
	BundleName                string         `plist:"CFBundleName"`
	BundleExecutable          string         `plist:"CFBundleExecutable"`
	BundleIconFile            string         `plist:"CFBundleIconFile"`
	BundleIdentifier          string         `plist:"CFBundleIdentifier"`
	BundleInfoDictionaryVer   string         `plist:"CFBundleInfoDictionaryVersion"`
	BundlePackageType         string         `plist:"CFBundlePackageType"`
	BundleShortVersionString  string         `plist:"CFBundleShortVersionString"`
	BundleVersion             string         `plist:"CFBundleVersion"`
	GetInfoString             string         `plist:"CFBundleGetInfoString"`
	MinimumSystemVersion      string         `plist:"LSMinimumSystemVersion"`
	ApplicationCategoryType   string         `plist:"LSApplicationCategoryType"`
	HighResolutionCapable     bool           `plist:"NSHighResolutionCapable"`
	SupportsAutomaticGraphics bool           `plist:"NSSupportsAutomaticGraphicsSwitching"`
	DocumentTypes             []documentType `plist:"CFBundleDocumentTypes"`
	ExportedTypeDeclarations  []utiDecl      `plist:"UTExportedTypeDeclarations"`
}

// documentType declares the app a viewer of one kind of document.
type documentType struct {
	Name         string   `plist:"CFBundleTypeName"`
	Role         string   `plist:"CFBundleTypeRole"`
	HandlerRank  string   `plist:"LSHandlerRank"`
	ContentTypes []string `plist:"LSItemContentTypes"`
	Extensions   []string `plist:"CFBundleTypeExtensions"`
	MIMETypes    []string `plist:"CFBundleTypeMIMETypes"`
	IconFile     string   `plist:"CFBundleTypeIconFile"`
}

// utiDecl declares one of our Uniform Type Identifiers.
type utiDecl struct {
	Identifier  string              `plist:"UTTypeIdentifier"`
	Description string              `plist:"UTTypeDescription"`
	ConformsTo  []string            `plist:"UTTypeConformsTo"`
	IconFile    string              `plist:"UTTypeIconFile"`
	Tags        map[string][]string `plist:"UTTypeTagSpecification"`
}

// bundleInfo fills Info.plist for release r. The short version is the
// three numbers macOS wants; the full one, with its pre-release and
// commit, is in the Get Info string.
func bundleInfo(r release) infoPlist {
	n, _ := numbers(r.version)
	num := fmt.Sprintf("%d.%d.%d", n[0], n[1], n[2])
	info := fmt.Sprintf("%s %s", appName, r.version)
	if r.commit != "" {
		info += " (" + short(r.commit) + ")"
	}
	p := infoPlist{
		BundleDevelopmentRegion: "en", BundleDisplayName: appName, BundleName: appName,
		BundleExecutable: binName, BundleIconFile: icnsName, BundleIdentifier: appID,
		BundleInfoDictionaryVer: "6.0", BundlePackageType: "APPL",
		BundleShortVersionString: num, BundleVersion: num, GetInfoString: info,
		MinimumSystemVersion:    macOSMinimum,
		ApplicationCategoryType: "public.app-category.developer-tools",
		HighResolutionCapable:   true, SupportsAutomaticGraphics: true,
	}
	for _, d := range docTypes {
		// A type's extensions are tagged on our UTI only when the type
		// owns them: .log belongs to the system's public.log, which the
		// document type lists instead (as an Alternate handler, so the
		// viewer is offered for .log files without taking them over).
		tags := map[string][]string{"public.mime-type": {d.mime}}
		if d.macRank == "Owner" {
			tags["public.filename-extension"] = d.exts
		}
		conforms := []string{"public.data"}
		if d.subClassOf == "application/xml" {
			conforms = []string{"public.xml"} // TextEdit and the like still open it
		}
		p.ExportedTypeDeclarations = append(p.ExportedTypeDeclarations, utiDecl{
			Identifier: d.uti, Description: d.comment, ConformsTo: conforms,
			IconFile: icnsName, Tags: tags,
		})
		p.DocumentTypes = append(p.DocumentTypes, documentType{
			Name: d.comment, Role: "Viewer", HandlerRank: d.macRank,
			ContentTypes: append([]string{d.uti}, d.macOtherUTIs...),
			Extensions:   d.exts, MIMETypes: []string{d.mime}, IconFile: icnsName,
		})
	}
	return p
}

// infoPlistXML encodes Info.plist in the XML form Xcode writes.
func infoPlistXML(r release) ([]byte, error) {
	return plist.MarshalIndent(bundleInfo(r), plist.XMLFormat, "\t")
}

// icnsSizes are the sizes the .icns carries; the library names each by
// its pixel size (32 is 16@2x, 1024 is 512@2x).
var icnsSizes = []int{32, 64, 128, 256, 512, 1024}

// icnsFile draws the icon at each size the format has a slot for, instead
// of letting the library scale one large picture down: small sizes keep
// the design's whole pixels.
func icnsFile() ([]byte, error) {
	set := &icns.IconSet{}
	for _, s := range icnsSizes {
		for _, t := range icnsTypes(uint(s)) {
			set.Icons = append(set.Icons, &icns.Icon{Type: t, Image: icon.Image(s)})
		}
	}
	var b bytes.Buffer
	if _, err := set.WriteTo(&b); err != nil {
		return nil, fmt.Errorf("icns: %w", err)
	}
	return b.Bytes(), nil
}

// icnsTypes are the OSType slots of one pixel size: 256 px is both
// 256@1x (ic08) and 128@2x (ic13), 512 both 512@1x (ic09) and 256@2x
// (ic14); a picture of that size fills each of them.
func icnsTypes(px uint) []icns.OsType {
	ids := map[uint][]string{32: {"ic11"}, 64: {"ic12"}, 128: {"ic07"}, 256: {"ic08", "ic13"}, 512: {"ic09", "ic14"}, 1024: {"ic10"}}
	var out []icns.OsType
	for _, id := range ids[px] {
		out = append(out, icns.OsType{ID: id, Size: px})
	}
	return out
}

// macPackage lays out the zip: the bundle at its top, so that unpacking
// gives Viewer.app, ready to drag to Applications.
func macPackage(universal []byte, r release) ([]file, error) {
	pl, err := infoPlistXML(r)
	if err != nil {
		return nil, err
	}
	ic, err := icnsFile()
	if err != nil {
		return nil, err
	}
	c := bundleName + "/Contents/"
	return []file{
		{name: c + "Info.plist", mode: modeFile, data: pl},
		{name: c + "PkgInfo", mode: modeFile, data: []byte("APPL????")},
		{name: c + "MacOS/" + binName, mode: modeExec, data: universal},
		{name: c + "Resources/" + icnsName, mode: modeFile, data: ic},
		noticeFile(c + "Resources/"),
		noticeFile(""),
	}, nil
}
