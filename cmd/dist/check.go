package main

import (
	"bytes"
	"debug/buildinfo"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"errors"
	"fmt"
	"image/png"
	"io"
	"slices"
	"strings"

	"github.com/jackmordaunt/icns/v3"
	"github.com/mm2carla/viewer/analysis/towns"
	"github.com/tc-hib/winres"
	"howett.net/plist"
)

// The checks every package passes before it is written: dist reads each
// archive back and checks what users rely on, from the bytes alone (no
// tool of the target platform is needed), so that a broken layout, a
// binary for the wrong CPU or a missing resource stops the release
// instead of reaching users. The tests run the same checks.

// checkPackage reads the archive name back and checks it for release r.
func checkPackage(a artefact, name string, data []byte, r release) error {
	if arch, ok := strings.CutSuffix(strings.TrimPrefix(a.id, "windows-"), "-setup"); ok {
		if err := checkInstaller(data, arch); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	files, err := readArchive(name, data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	byName := map[string]file{}
	for _, f := range files {
		byName[f.name] = f
	}
	switch goos, arch, _ := strings.Cut(a.id, "-"); goos {
	case "linux":
		err = checkLinux(byName, strings.TrimSuffix(name, ".tar.gz"), platform{"linux", arch}, r)
	case "windows":
		err = checkWindows(byName, strings.TrimSuffix(name, ".zip"), platform{"windows", arch}, r)
	default:
		err = checkMac(byName, r)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// need returns the file name of the package, checking its mode.
func need(files map[string]file, name string, mode uint32) (file, error) {
	f, ok := files[name]
	if !ok {
		return f, fmt.Errorf("no %s", name)
	}
	if uint32(f.mode.Perm()) != mode {
		return f, fmt.Errorf("%s has mode %o, want %o", name, f.mode.Perm(), mode)
	}
	return f, nil
}

func checkLinux(files map[string]file, top string, p platform, r release) error {
	bin, err := need(files, top+"/"+binName, modeExec)
	if err != nil {
		return err
	}
	if err := checkBinary(bin.data, p, r); err != nil {
		return err
	}
	if err := checkNotice(files, top+"/"+towns.LicenseFile); err != nil {
		return err
	}
	for _, s := range []string{"install.sh", "uninstall.sh"} {
		f, err := need(files, top+"/"+s, modeExec)
		if err != nil {
			return err
		}
		if !bytes.HasPrefix(f.data, []byte("#!/bin/sh\n")) {
			return fmt.Errorf("%s does not start with #!/bin/sh", s)
		}
	}
	share := top + "/share/"
	desk, err := need(files, share+"applications/"+appID+".desktop", modeFile)
	if err != nil {
		return err
	}
	for _, d := range docTypes {
		if !strings.Contains(string(desk.data), d.mime+";") {
			return fmt.Errorf("the desktop entry does not offer the viewer for %s", d.mime)
		}
	}
	if _, err := need(files, share+"mime/packages/"+appID+".xml", modeFile); err != nil {
		return err
	}
	for _, s := range linuxIconSizes {
		f, err := need(files, fmt.Sprintf("%sicons/hicolor/%dx%d/apps/%s.png", share, s, s, appID), modeFile)
		if err != nil {
			return err
		}
		if err := checkPNG(f.data, s); err != nil {
			return fmt.Errorf("%s: %w", f.name, err)
		}
	}
	return nil
}

func checkPNG(b []byte, size int) error {
	c, err := png.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return err
	}
	if c.Width != size || c.Height != size {
		return fmt.Errorf("%dx%d, want %dx%d", c.Width, c.Height, size, size)
	}
	return nil
}

func checkWindows(files map[string]file, top string, p platform, r release) error {
	exe, err := need(files, top+"/"+binName+".exe", modeExec)
	if err != nil {
		return err
	}
	if err := checkBinary(exe.data, p, r); err != nil {
		return err
	}
	if err := checkNotice(files, top+"/"+towns.LicenseFile); err != nil {
		return err
	}
	sizes, vi, err := exeResources(exe.data)
	if err != nil {
		return err
	}
	if !slices.Equal(sizes, windowsIconSizes) {
		return fmt.Errorf("the exe's icon has sizes %v, want %v", sizes, windowsIconSizes)
	}
	if vi["ProductVersion"] != r.version || vi["ProductName"] != appName {
		return fmt.Errorf("the exe's version information says %q %q, want %q %q", vi["ProductName"], vi["ProductVersion"], appName, r.version)
	}
	return nil
}

func checkMac(files map[string]file, r release) error {
	c := bundleName + "/Contents/"
	for _, n := range []string{towns.LicenseFile, c + "Resources/" + towns.LicenseFile} {
		if err := checkNotice(files, n); err != nil {
			return err
		}
	}
	pf, err := need(files, c+"Info.plist", modeFile)
	if err != nil {
		return err
	}
	var info infoPlist
	if _, err := plist.Unmarshal(pf.data, &info); err != nil {
		return fmt.Errorf("Info.plist: %w", err)
	}
	if info.BundleIdentifier != appID || info.BundlePackageType != "APPL" || !info.HighResolutionCapable {
		return fmt.Errorf("Info.plist: identifier %q, type %q, high resolution %v", info.BundleIdentifier, info.BundlePackageType, info.HighResolutionCapable)
	}
	bin, err := need(files, c+"MacOS/"+info.BundleExecutable, modeExec)
	if err != nil {
		return fmt.Errorf("CFBundleExecutable: %w", err)
	}
	fat, err := macho.NewFatFile(bytes.NewReader(bin.data))
	if err != nil {
		return fmt.Errorf("the app's binary is not universal: %w", err)
	}
	var arches []string
	for _, a := range fat.Arches {
		arch := map[macho.Cpu]string{macho.CpuArm64: "arm64", macho.CpuAmd64: "amd64"}[a.Cpu]
		arches = append(arches, arch)
		slice := io.NewSectionReader(bytes.NewReader(bin.data), int64(a.Offset), int64(a.Size))
		thin := make([]byte, a.Size)
		if _, err := io.ReadFull(slice, thin); err != nil {
			return err
		}
		if err := checkBinary(thin, platform{"darwin", arch}, r); err != nil {
			return err
		}
	}
	if slices.Sort(arches); !slices.Equal(arches, []string{"amd64", "arm64"}) {
		return fmt.Errorf("the universal binary holds %v, want amd64 and arm64", arches)
	}
	ic, err := need(files, c+"Resources/"+info.BundleIconFile, modeFile)
	if err != nil {
		return fmt.Errorf("CFBundleIconFile: %w", err)
	}
	imgs, err := icns.DecodeAll(bytes.NewReader(ic.data))
	if err != nil {
		return fmt.Errorf("%s: %w", ic.name, err)
	}
	if len(imgs) != len(icnsSizes)+2 { // 256 and 512 fill two slots each
		return fmt.Errorf("%s holds %d pictures, want %d", ic.name, len(imgs), len(icnsSizes)+2)
	}
	return nil
}

// checkBinary checks that an executable is for p, built without cgo and
// stamped with r's version.
func checkBinary(b []byte, p platform, r release) error {
	if err := checkMachine(b, p); err != nil {
		return err
	}
	bi, err := buildinfo.Read(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("%s binary: %w", p, err)
	}
	set := map[string]string{}
	for _, s := range bi.Settings {
		set[s.Key] = s.Value
	}
	if set["GOOS"] != p.goos || set["GOARCH"] != p.goarch || set["CGO_ENABLED"] != "0" {
		return fmt.Errorf("%s binary built for %s/%s with CGO_ENABLED=%s", p, set["GOOS"], set["GOARCH"], set["CGO_ENABLED"])
	}
	// -trimpath keeps -ldflags out of the build information, and the
	// symbol table is stripped, so the stamp is looked for as the bytes
	// of the version and commit strings the linker stored.
	if !bytes.Contains(b, []byte(r.version)) || !bytes.Contains(b, []byte(r.commit)) {
		return fmt.Errorf("%s binary not stamped with version %s, commit %s", p, r.version, orUnknown(r.commit))
	}
	return nil
}

// checkMachine checks the executable format and CPU, which buildinfo
// alone cannot vouch for.
func checkMachine(b []byte, p platform) error {
	rd := bytes.NewReader(b)
	var ok bool
	switch p.goos {
	case "linux":
		f, err := elf.NewFile(rd)
		if err != nil {
			return fmt.Errorf("%s binary: %w", p, err)
		}
		ok = f.Machine == map[string]elf.Machine{"amd64": elf.EM_X86_64, "arm64": elf.EM_AARCH64}[p.goarch]
	case "windows":
		f, err := pe.NewFile(rd)
		if err != nil {
			return fmt.Errorf("%s binary: %w", p, err)
		}
		ok = f.Machine == map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_ARM64}[p.goarch]
		if oh, is64 := f.OptionalHeader.(*pe.OptionalHeader64); !is64 || oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
			return fmt.Errorf("%s binary is not a GUI-subsystem program", p)
		}
	case "darwin":
		f, err := macho.NewFile(rd)
		if err != nil {
			return fmt.Errorf("%s binary: %w", p, err)
		}
		ok = f.Cpu == map[string]macho.Cpu{"amd64": macho.CpuAmd64, "arm64": macho.CpuArm64}[p.goarch]
	}
	if !ok {
		return fmt.Errorf("the %s binary is for another CPU", p)
	}
	return nil
}

// exeResources reads back the icon sizes and the version strings of an
// exe's resources.
func exeResources(exe []byte) ([]int, map[string]string, error) {
	rs, err := winres.LoadFromEXE(bytes.NewReader(exe))
	if err != nil {
		return nil, nil, fmt.Errorf("exe resources: %w", err)
	}
	ico, err := rs.GetIcon(iconResource)
	if err != nil {
		return nil, nil, fmt.Errorf("exe icon: %w", err)
	}
	sizes, err := icoSizes(ico)
	if err != nil {
		return nil, nil, err
	}
	vi, err := versionStrings(rs)
	return sizes, vi, err
}

// checkInstaller checks what can be told of an NSIS installer without
// running it: a GUI program for the CPU of its stub (installerStub) that
// carries NSIS's data ("NullsoftInst" in its first header). What it
// installs is checked under Wine by TestWindowsInstallerUnderWine.
func checkInstaller(b []byte, arch string) error {
	f, err := pe.NewFile(bytes.NewReader(b))
	if err != nil {
		return fmt.Errorf("installer: %w", err)
	}
	want := map[string]uint16{"amd64": pe.IMAGE_FILE_MACHINE_AMD64, "arm64": pe.IMAGE_FILE_MACHINE_I386}[arch]
	if f.Machine != want {
		return fmt.Errorf("installer for machine %#x, want %#x", f.Machine, want)
	}
	if !bytes.Contains(b, []byte("NullsoftInst")) {
		return errors.New("installer carries no NSIS data")
	}
	return nil
}
