package main

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"
)

// wine runs Windows programs and reg.exe in a prefix of the test's own.
type wine struct {
	t       *testing.T
	bin, sv string // wine, wineserver
	env     []string
	prefix  string
	booted  chan error // wineboot's end
}

// startWine creates the prefix in the background (wineboot takes from
// half a minute to a minute): ready waits for it.
func startWine(t *testing.T, dir string) *wine {
	w := &wine{t: t, bin: tool(t, "wine"), sv: tool(t, "wineserver"), prefix: filepath.Join(dir, "prefix")}
	// No debug chatter; no Mono or Gecko download prompts (the
	// installer needs neither); no display (/S shows no window).
	w.env = append(os.Environ(), "WINEPREFIX="+w.prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=", "DISPLAY=")
	t.Cleanup(func() { // the prefix's server goes with the test
		kill := exec.Command(w.sv, "-k")
		kill.Env = w.env
		kill.Run()
	})
	boot := exec.Command(w.bin, "wineboot", "--init")
	boot.Env = w.env
	w.booted = make(chan error, 1)
	if err := boot.Start(); err != nil {
		t.Fatalf("wineboot: %v", err)
	}
	go func() { w.booted <- boot.Wait() }()
	return w
}

// ready waits until the prefix is made and its programs have ended.
func (w *wine) ready() {
	w.t.Helper()
	if err := <-w.booted; err != nil {
		w.t.Fatalf("wineboot --init: %v", err)
	}
	wait := exec.Command(w.sv, "-w")
	wait.Env = w.env
	wait.Run()
}

// run starts a command in the prefix and waits until every program of
// the prefix has ended: NSIS's uninstaller copies itself to the temporary
// folder and runs from there, so the command returning is not the end.
func (w *wine) run(args ...string) (string, error) {
	cmd := exec.Command(w.bin, args...)
	cmd.Env = w.env
	out, err := cmd.CombinedOutput()
	wait := exec.Command(w.sv, "-w")
	wait.Env = w.env
	if werr := wait.Run(); err == nil {
		err = werr
	}
	return string(out), err
}

func (w *wine) cmd(args ...string) string {
	w.t.Helper()
	out, err := w.run(args...)
	if err != nil {
		w.t.Fatalf("wine %v: %v\n%s", args, err, out)
	}
	return out
}

// regQuery reads a key's values through reg.exe ("" is the default
// value); ok is false when the key does not exist.
func (w *wine) regQuery(key string) (values map[string]string, ok bool) {
	out, err := w.run("reg", "query", `HKCU\`+key)
	if err != nil {
		return nil, false
	}
	values = map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "    ") {
			continue // the key's name, or a subkey
		}
		f := strings.SplitN(strings.TrimSpace(line), "    ", 3)
		if len(f) < 2 {
			continue
		}
		name := f[0]
		if name == "(Default)" {
			name = ""
		}
		values[name] = ""
		if len(f) == 3 {
			values[name] = strings.TrimSpace(f[2])
		}
	}
	return values, true
}

// unixPath is where a Windows path of the prefix is on this machine.
func (w *wine) unixPath(win string) string {
	w.t.Helper()
	cmd := exec.Command("winepath", "-u", win)
	cmd.Env = w.env
	out, err := cmd.Output()
	if err != nil {
		w.t.Fatalf("winepath %s: %v", win, err)
	}
	return strings.TrimSpace(string(out))
}

// shellLink is what a .lnk file (MS-SHLLINK) says: the target's local
// path and the icon's location.
type shellLink struct{ target, icon string }

// readShellLink reads the target from the LinkInfo's local base path and
// the icon location from the string data that follows it.
func readShellLink(b []byte) (shellLink, error) {
	var l shellLink
	if len(b) < 76 || binary.LittleEndian.Uint32(b) != 76 {
		return l, errors.New("lnk: not a shell link header")
	}
	flags := binary.LittleEndian.Uint32(b[20:])
	const hasIDList, hasLinkInfo, isUnicode = 1, 2, 0x80
	p := 76
	if flags&hasIDList != 0 {
		if len(b) < p+2 {
			return l, errors.New("lnk: truncated ID list")
		}
		p += 2 + int(binary.LittleEndian.Uint16(b[p:]))
	}
	if flags&hasLinkInfo == 0 || len(b) < p+28 {
		return l, errors.New("lnk: no link info")
	}
	info := b[p:]
	size := int(binary.LittleEndian.Uint32(info))
	base := int(binary.LittleEndian.Uint32(info[16:]))
	if size > len(info) || base >= size {
		return l, errors.New("lnk: link info out of bounds")
	}
	l.target, _, _ = strings.Cut(string(info[base:size]), "\x00")
	p += size
	// NAME, RELATIVE_PATH, WORKING_DIR, ARGUMENTS, ICON_LOCATION, each
	// present when its flag (0x4 to 0x40) is set.
	for bit := uint32(4); bit <= 0x40; bit <<= 1 {
		if flags&bit == 0 {
			continue
		}
		if len(b) < p+2 {
			return l, errors.New("lnk: truncated string data")
		}
		n := int(binary.LittleEndian.Uint16(b[p:]))
		p += 2
		var s string
		if flags&isUnicode != 0 {
			if len(b) < p+2*n {
				return l, errors.New("lnk: truncated string")
			}
			u := make([]uint16, n)
			for i := range u {
				u[i] = binary.LittleEndian.Uint16(b[p+2*i:])
			}
			s, p = string(utf16.Decode(u)), p+2*n
		} else {
			if len(b) < p+n {
				return l, errors.New("lnk: truncated string")
			}
			s, p = string(b[p:p+n]), p+n
		}
		if bit == 0x40 {
			l.icon = strings.TrimRight(s, "\x00") // Wine counts the terminating NUL
		}
	}
	return l, nil
}

// TestWindowsInstallerUnderWine builds the x64 installer as a release
// does and uses it as a user (or a lab's fleet script) would, under Wine
// in a prefix of its own: a silent install, then what Windows would read
// (the registry through reg.exe, the Start menu's .lnk, the installed
// files), then a silent uninstall, after which nothing of ours is left
// and a .log association the user had before is untouched. Without wine
// or makensis it skips, except in CI.
//
// The ARM64 installer is not run: it is the x86 stub, and Debian's wine64
// runs no 32-bit program without wine32 (i386 multiarch, which CI does
// not set up); its script differs from this one only in the stub
// (TestInstallerScriptGolden).
func TestWindowsInstallerUnderWine(t *testing.T) {
	tool(t, "makensis")
	tool(t, "winepath")
	tmp := t.TempDir()
	w := startWine(t, tmp) // while the release builds
	const v = "1.2.3-e2e"
	out := filepath.Join(tmp, "dist")
	var log bytes.Buffer
	written, err := run(context.Background(), options{out: out, version: v, only: []string{"windows-amd64-setup"}}, &log)
	if err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	setup := filepath.Join(out, "viewer-"+v+"-windows-amd64-setup.exe")
	if len(written) != 1 || written[0] != setup {
		t.Fatalf("wrote %v, want %s", written, setup)
	}
	checkSums(t, out, setup)

	w.ready()
	// The user's text logs open with Notepad; installing must not change it.
	w.cmd("reg", "add", `HKCU\Software\Classes\.log`, "/ve", "/d", "txtfile", "/f")
	w.cmd(setup, "/S")

	uninst, ok := w.regQuery(uninstallKey)
	if !ok {
		t.Fatalf("no %s: Apps & features would not list the viewer", uninstallKey)
	}
	dir := uninst["InstallLocation"]
	exe := dir + `\viewer.exe`
	for k, want := range map[string]string{
		"DisplayName":          appName,
		"DisplayVersion":       v,
		"DisplayIcon":          exe + ",0",
		"UninstallString":      `"` + dir + `\uninstall.exe"`,
		"QuietUninstallString": `"` + dir + `\uninstall.exe" /S`,
	} {
		if uninst[k] != want {
			t.Errorf("Uninstall %s = %q, want %q", k, uninst[k], want)
		}
	}
	if !strings.HasSuffix(strings.ToLower(dir), `\appdata\local\programs\viewer`) {
		t.Errorf("installed in %q, want the per-user %%LOCALAPPDATA%%\\Programs\\Viewer", dir)
	}
	installed, err := os.ReadFile(w.unixPath(exe))
	if err != nil {
		t.Fatal(err)
	}
	if err := checkBinary(installed, platform{"windows", "amd64"}, release{version: v}); err != nil {
		t.Errorf("the installed viewer.exe: %v", err)
	}

	open := `"` + exe + `" "%1"`
	for _, d := range docTypes {
		if cmd, _ := w.regQuery(`Software\Classes\` + d.winProgID + `\shell\open\command`); cmd[""] != open {
			t.Errorf("%s opens with %q, want %q", d.winProgID, cmd[""], open)
		}
		if icon, _ := w.regQuery(`Software\Classes\` + d.winProgID + `\DefaultIcon`); icon[""] != exe+",0" {
			t.Errorf("%s has icon %q, want %q", d.winProgID, icon[""], exe+",0")
		}
		ext := `Software\Classes\.` + d.exts[0]
		owp, _ := w.regQuery(ext + `\OpenWithProgids`)
		if _, ok := owp[d.winProgID]; !ok {
			t.Errorf(".%s: OpenWithProgids %v lacks %s", d.exts[0], owp, d.winProgID)
		}
		def, _ := w.regQuery(ext)
		want := d.winProgID
		if !d.takesOver() {
			want = "txtfile"
		}
		if def[""] != want {
			t.Errorf(".%s opens by default with %q, want %q", d.exts[0], def[""], want)
		}
	}

	// The user's Start menu, beside the per-user programs folder.
	startMenu := w.unixPath(strings.Replace(dir, `\AppData\Local\Programs\Viewer`, `\AppData\Roaming\Microsoft\Windows\Start Menu\Programs`, 1))
	lnkPath := filepath.Join(startMenu, appName+".lnk")
	lnkBytes, err := os.ReadFile(lnkPath)
	if err != nil {
		t.Fatalf("the Start menu entry: %v", err)
	}
	lnk, err := readShellLink(lnkBytes)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.EqualFold(lnk.target, exe) || !strings.EqualFold(lnk.icon, exe) {
		t.Errorf("Viewer.lnk points at %q with icon %q, want %q for both", lnk.target, lnk.icon, exe)
	}

	w.cmd(dir+`\uninstall.exe`, "/S")
	if _, err := os.Stat(w.unixPath(dir)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("after the uninstall %s is still there (%v)", dir, err)
	}
	if _, err := os.Stat(lnkPath); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("after the uninstall the Start menu entry is still there (%v)", err)
	}
	if def, _ := w.regQuery(`Software\Classes\.log`); def[""] != "txtfile" {
		t.Errorf("after the uninstall .log opens with %q, want the user's txtfile", def[""])
	}
	// The whole of HKCU, exported, names nothing of ours.
	reg := filepath.Join(tmp, "hkcu.reg")
	w.cmd("reg", "export", "HKCU", w.winPath(reg), "/y")
	raw, err := os.ReadFile(reg)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ToLower(utf16le(raw))
	for _, ours := range []string{strings.ToLower(appID), `programs\\viewer`, `[hkey_current_user\software\classes\.bai]`, `[hkey_current_user\software\classes\.xodr]`, `.log\openwithprogids`} {
		if strings.Contains(text, ours) {
			t.Errorf("after the uninstall HKCU still holds %q", ours)
		}
	}
}

// winPath is the Windows path of a file on this machine (Wine's Z:).
func (w *wine) winPath(unix string) string {
	w.t.Helper()
	cmd := exec.Command("winepath", "-w", unix)
	cmd.Env = w.env
	out, err := cmd.Output()
	if err != nil {
		w.t.Fatalf("winepath -w %s: %v", unix, err)
	}
	return strings.TrimSpace(string(out))
}

// utf16le decodes reg.exe's export (UTF-16LE after a byte-order mark).
func utf16le(b []byte) string {
	b = bytes.TrimPrefix(b, []byte{0xff, 0xfe})
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = binary.LittleEndian.Uint16(b[2*i:])
	}
	return string(utf16.Decode(u))
}
