package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/tc-hib/winres"
	"github.com/tc-hib/winres/version"

	"github.com/mm2carla/viewer/assets/icon"
)

// The Windows package, viewer-V-windows-ARCH.zip, holds
// viewer-V-windows-ARCH/viewer.exe. The .exe carries as Windows
// resources the icon Explorer and the task bar show, the version
// information of its Properties > Details tab, and a manifest.
//
// The resources are patched into the linked .exe (winres WriteToEXE)
// rather than linked from a .syso file: a .syso must sit in cmd/viewer's
// directory while `go build` runs, which would write into the source tree
// (and go build -overlay does not take .syso files).

// windowsIconSizes are the sizes Explorer asks for at its usual scales;
// 256 is stored as PNG, the others as bitmaps.
var windowsIconSizes = []int{16, 20, 24, 32, 40, 48, 64, 256}

// iconResource names the icon group: Explorer shows the first group, and
// names sort before numbers.
var iconResource = winres.Name("APP")

// windowsResources builds the resources of viewer.exe for release r.
func windowsResources(r release) (*winres.ResourceSet, error) {
	rs := &winres.ResourceSet{}
	ico, err := winres.NewIconFromImages(icon.Images(windowsIconSizes))
	if err != nil {
		return nil, err
	}
	if err := rs.SetIcon(iconResource, ico); err != nil {
		return nil, err
	}
	rs.SetVersionInfo(versionInfo(r))
	rs.SetManifest(winres.AppManifest{
		Description: summary,
		// Ebitengine asks for per-monitor v2 DPI awareness at run time;
		// the manifest says the same so the two never disagree.
		DPIAwareness: winres.DPIPerMonitorV2,
		// The file dialogs (Ctrl+O) look like the system's.
		UseCommonControlsV6: true,
		LongPathAware:       true,
	})
	return rs, nil
}

// versionInfo is the VERSIONINFO resource: numbers for the fixed part,
// the full version string (with its pre-release and commit) in the text.
func versionInfo(r release) version.Info {
	n, pre := numbers(r.version)
	fixed := [4]uint16{n[0], n[1], n[2], 0}
	vi := version.Info{FileVersion: fixed, ProductVersion: fixed, Timestamp: r.time}
	vi.Flags.Prerelease = pre
	set := func(k, val string) { _ = vi.Set(version.LangDefault, k, val) } // keys and values have no NUL
	set(version.ProductName, appName)
	set(version.FileDescription, appName) // Task Manager names the process by it
	set(version.ProductVersion, r.version)
	set(version.FileVersion, r.version)
	set(version.OriginalFilename, binName+".exe")
	set(version.InternalName, binName)
	comment := summary + "; " + homepage
	if r.commit != "" {
		comment += " commit " + r.commit
	}
	set(version.Comments, comment)
	return vi
}

// patchExe adds the release's resources to the linked exe.
func patchExe(exe []byte, r release) ([]byte, error) {
	rs, err := windowsResources(r)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := rs.WriteToEXE(&out, bytes.NewReader(exe)); err != nil {
		return nil, fmt.Errorf("windows resources: %w", err)
	}
	return out.Bytes(), nil
}

// windowsPackage lays out the zip under the directory top.
func windowsPackage(top string, exe []byte) []file {
	return []file{{name: top + "/" + binName + ".exe", mode: modeExec, data: exe}, noticeFile(top + "/")}
}

// icoSizes lists the pixel sizes of an icon, smallest first, from the
// directory of its .ico form (a width byte of 0 means 256).
func icoSizes(ico *winres.Icon) ([]int, error) {
	var b bytes.Buffer
	if err := ico.SaveICO(&b); err != nil {
		return nil, err
	}
	d := b.Bytes()
	if len(d) < 6 {
		return nil, fmt.Errorf("icon: %d bytes", len(d))
	}
	n := int(binary.LittleEndian.Uint16(d[4:]))
	if len(d) < 6+16*n {
		return nil, fmt.Errorf("icon: %d entries in %d bytes", n, len(d))
	}
	var sizes []int
	for i := range n {
		w := int(d[6+16*i])
		if w == 0 {
			w = 256
		}
		sizes = append(sizes, w)
	}
	slices.Sort(sizes)
	return sizes, nil
}

// versionStrings reads the text of the version resource (ProductName,
// ProductVersion, ...).
func versionStrings(rs *winres.ResourceSet) (map[string]string, error) {
	data := rs.Get(winres.RT_VERSION, winres.ID(1), version.LangDefault)
	if data == nil {
		return nil, errors.New("exe: no version information")
	}
	vi, err := version.FromBytes(data)
	if err != nil {
		return nil, fmt.Errorf("exe version information: %w", err)
	}
	js, err := vi.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var parsed struct {
		Info map[string]map[string]string `json:"info"`
	}
	if err := json.Unmarshal(js, &parsed); err != nil {
		return nil, err
	}
	for _, t := range parsed.Info {
		return t, nil // one language
	}
	return nil, errors.New("exe version information has no text")
}
