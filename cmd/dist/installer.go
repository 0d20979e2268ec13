package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/tc-hib/winres"

	"github.com/mm2carla/viewer/assets/icon"
)

// The Windows installer, viewer-V-windows-ARCH-setup.exe: a per-user
// install (no administrator rights) made by NSIS's makensis from a script
// written here, so that Windows gets what install.sh gives Linux:
//
//	%LOCALAPPDATA%\Programs\Viewer\viewer.exe, uninstall.exe
//	the Start menu entry Viewer.lnk (the exe's icon)
//	HKCU\Software\Classes: a ProgID per document type; .bai and .xodr
//	    open with the viewer by default, .log only lists it under
//	    OpenWithProgids (.log files are mostly text logs: the installer
//	    must not take them over)
//	HKCU\...\CurrentVersion\Uninstall\APPID: the entry of Apps & features
//
// No Applications\viewer.exe key: it is keyed by the bare file name,
// which other programs' viewer.exe share, and OpenWithProgids is enough
// for Open With. /S installs and uninstalls silently. The uninstaller removes all of it,
// and an extension's default only when it still names our ProgID.
//
// NSIS has no ARM64 stub: the ARM64 installer is the x86 stub (which
// every ARM64 Windows runs) carrying the ARM64 viewer.exe; per-user paths
// and HKCU are the same for a 32-bit installer, so nothing is redirected.

// installerStub is the NSIS target of the installer's own code per
// architecture of the viewer it installs.
var installerStub = map[string]string{"amd64": "amd64-unicode", "arm64": "x86-unicode"}

// Registry keys the installer writes, relative to HKCU.
const (
	classesKey   = `Software\Classes`
	uninstallKey = `Software\Microsoft\Windows\CurrentVersion\Uninstall\` + appID
)

// installerName is the installer's file name for arch.
func installerName(r release, arch string) string {
	return fmt.Sprintf("%s-%s-windows-%s-setup.exe", binName, r.version, arch)
}

// nsisScript is the installer's script for the viewer of arch. It expects
// viewer.exe and viewer.ico beside it and writes out.exe. Every value
// comes from meta.go; none needs NSIS quoting (checked by nsisSafe).
func nsisScript(r release, arch string, exeSize int) (string, error) {
	n, _ := numbers(r.version)
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	w("; Written by cmd/dist for %s %s (windows/%s); do not edit.", appName, r.version, arch)
	w("Unicode true")
	w("Target %s", installerStub[arch])
	w("SetCompressor /SOLID lzma")
	w("RequestExecutionLevel user")
	w("ManifestDPIAware true")
	w(`Name "%s"`, appName)
	w(`OutFile "out.exe"`) // not setup.exe: Windows applies compatibility shims to that name (NSIS warning 9000)
	w(`Icon "viewer.ico"`)
	w(`UninstallIcon "viewer.ico"`)
	w(`InstallDir "$LOCALAPPDATA\Programs\%s"`, appName)
	w(`InstallDirRegKey HKCU "%s" "InstallLocation"`, uninstallKey)
	w(`VIProductVersion "%d.%d.%d.0"`, n[0], n[1], n[2])
	w(`VIFileVersion "%d.%d.%d.0"`, n[0], n[1], n[2])
	w(`VIAddVersionKey "ProductName" "%s"`, appName)
	w(`VIAddVersionKey "ProductVersion" "%s"`, r.version)
	w(`VIAddVersionKey "FileVersion" "%s"`, r.version)
	w(`VIAddVersionKey "FileDescription" "%s installer"`, appName)
	w(`VIAddVersionKey "LegalCopyright" "%s"`, homepage)
	w("Page directory")
	w("Page instfiles")
	w("UninstPage uninstConfirm")
	w("UninstPage instfiles")
	w("")
	w(`Section "Install"`)
	w("  SetShellVarContext current")
	w(`  SetOutPath "$INSTDIR"`)
	w(`  File "viewer.exe"`)
	w(`  WriteUninstaller "$INSTDIR\uninstall.exe"`)
	w(`  CreateShortcut "$SMPROGRAMS\%s.lnk" "$INSTDIR\%s.exe" "" "$INSTDIR\%s.exe" 0`, appName, binName, binName)
	open := fmt.Sprintf(`"$INSTDIR\%s.exe" "%%1"`, binName)
	for _, d := range docTypes {
		pid := classesKey + `\` + d.winProgID
		w(`  WriteRegStr HKCU "%s" "" "%s"`, pid, d.comment)
		w(`  WriteRegStr HKCU "%s\DefaultIcon" "" "$INSTDIR\%s.exe,0"`, pid, binName)
		w(`  WriteRegStr HKCU "%s\shell\open\command" "" '%s'`, pid, open)
		for _, e := range d.exts {
			ext := classesKey + `\.` + e
			w(`  WriteRegStr HKCU "%s\OpenWithProgids" "%s" ""`, ext, d.winProgID)
			if d.takesOver() {
				w(`  WriteRegStr HKCU "%s" "" "%s"`, ext, d.winProgID)
			}
		}
	}
	u := uninstallKey
	w(`  WriteRegStr HKCU "%s" "DisplayName" "%s"`, u, appName)
	w(`  WriteRegStr HKCU "%s" "DisplayVersion" "%s"`, u, r.version)
	w(`  WriteRegStr HKCU "%s" "DisplayIcon" "$INSTDIR\%s.exe,0"`, u, binName)
	w(`  WriteRegStr HKCU "%s" "Publisher" "%s"`, u, homepage)
	w(`  WriteRegStr HKCU "%s" "URLInfoAbout" "%s"`, u, homepage)
	w(`  WriteRegStr HKCU "%s" "InstallLocation" "$INSTDIR"`, u)
	w(`  WriteRegStr HKCU "%s" "UninstallString" '"$INSTDIR\uninstall.exe"'`, u)
	w(`  WriteRegStr HKCU "%s" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'`, u)
	w(`  WriteRegDWORD HKCU "%s" "NoModify" 1`, u)
	w(`  WriteRegDWORD HKCU "%s" "NoRepair" 1`, u)
	w(`  WriteRegDWORD HKCU "%s" "EstimatedSize" %d`, u, (exeSize+1023)/1024)
	w("  Call NotifyAssociations")
	w("SectionEnd")
	w("")
	w(`Section "Uninstall"`)
	w("  SetShellVarContext current")
	w(`  Delete "$SMPROGRAMS\%s.lnk"`, appName)
	for _, d := range docTypes {
		for _, e := range d.exts {
			ext := classesKey + `\.` + e
			if d.takesOver() {
				// Only our own default goes: another program may have
				// taken the extension since.
				w(`  ReadRegStr $0 HKCU "%s" ""`, ext)
				w(`  StrCmp $0 "%s" 0 +2`, d.winProgID)
				w(`  DeleteRegValue HKCU "%s" ""`, ext)
			}
			w(`  DeleteRegValue HKCU "%s\OpenWithProgids" "%s"`, ext, d.winProgID)
			w(`  DeleteRegKey /ifempty HKCU "%s\OpenWithProgids"`, ext)
			w(`  DeleteRegKey /ifempty HKCU "%s"`, ext)
		}
		w(`  DeleteRegKey HKCU "%s\%s"`, classesKey, d.winProgID)
	}
	w(`  DeleteRegKey HKCU "%s"`, u)
	w(`  Delete "$INSTDIR\%s.exe"`, binName)
	w(`  Delete "$INSTDIR\uninstall.exe"`)
	w(`  RMDir "$INSTDIR"`)
	w("  Call un.NotifyAssociations")
	w("SectionEnd")
	w("")
	// Explorer rereads the associations when told (SHCNE_ASSOCCHANGED).
	for _, f := range []string{"NotifyAssociations", "un.NotifyAssociations"} {
		w("Function %s", f)
		w("  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'")
		w("FunctionEnd")
	}
	s := b.String()
	return s, nsisSafe(s)
}

// nsisSafe rejects a script where a value from meta.go would break NSIS
// quoting or be read as a variable: our values hold no quotes of
// their own, no $ but NSIS's own variables, no newlines inside lines.
func nsisSafe(script string) error {
	for i, line := range strings.Split(script, "\n") {
		for _, v := range []string{"$$", "$\\", "`"} {
			if strings.Contains(line, v) {
				return fmt.Errorf("installer script line %d: %q in %q", i+1, v, line)
			}
		}
	}
	return nil
}

// makeInstaller runs makensis on the script for exe (the viewer.exe of
// arch, resources patched) in a temporary directory and returns the
// installer.
func makeInstaller(ctx context.Context, exe []byte, r release, arch string) ([]byte, error) {
	makensis, err := exec.LookPath("makensis")
	if err != nil {
		return nil, errors.New("makensis is missing: install NSIS (Debian: apt-get install nsis), or leave the installers out with --only")
	}
	dir, err := os.MkdirTemp("", "viewer-nsis-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	script, err := nsisScript(r, arch, len(exe))
	if err != nil {
		return nil, err
	}
	ico, err := winres.NewIconFromImages(icon.Images(windowsIconSizes))
	if err != nil {
		return nil, err
	}
	var icoBytes bytes.Buffer
	if err := ico.SaveICO(&icoBytes); err != nil {
		return nil, err
	}
	for name, data := range map[string][]byte{"viewer.exe": exe, "viewer.ico": icoBytes.Bytes(), "installer.nsi": []byte(script)} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, err
		}
	}
	// -WX: a warning (an unused function, a missing file) fails the
	// release; -V2: only warnings and errors in the output.
	cmd := exec.CommandContext(ctx, makensis, "-V2", "-WX", "-INPUTCHARSET", "UTF8", "installer.nsi")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("makensis: %v\n%s", err, out)
	}
	return os.ReadFile(filepath.Join(dir, "out.exe"))
}
