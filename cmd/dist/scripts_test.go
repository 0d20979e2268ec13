package main

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// unpack writes the Linux package's files (with a stand-in binary) under
// dir and returns the package's directory.
func unpack(t *testing.T, dir string) string {
	t.Helper()
	files, err := linuxPackage("pkg", []byte("#!/bin/sh\necho stand-in\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		p := filepath.Join(dir, f.name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.data, f.mode); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "pkg")
}

// runScript runs a package script with only HOME and PATH set, so the
// XDG defaults apply.
func runScript(t *testing.T, script, home string) string {
	t.Helper()
	cmd := exec.Command("sh", script)
	cmd.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", filepath.Base(script), err, out)
	}
	return string(out)
}

// execQuoted is a path as the desktop entry spec wants it in Exec: in
// double quotes with ", `, $ and \ escaped by a backslash, then every
// backslash doubled by the string escaping, and % doubled.
func execQuoted(p string) string {
	r := strings.NewReplacer(`"`, `\"`, "`", "\\`", `$`, `\$`, `\`, `\\`).Replace(p)
	return `"` + strings.NewReplacer(`\`, `\\`, `%`, `%%`).Replace(r) + `"`
}

// TestInstallAndUninstall installs into a home whose path needs quoting
// in a desktop entry (a space, a dollar, a percent), checks where each
// file lands and that the menu entry runs the installed binary by its
// absolute path, then uninstalls and checks that nothing of ours stays.
func TestInstallAndUninstall(t *testing.T) {
	tmp := t.TempDir()
	pkg := unpack(t, tmp)
	for _, home := range []string{filepath.Join(tmp, "plain"), filepath.Join(tmp, `my home $x 100%`)} {
		t.Run(filepath.Base(home), func(t *testing.T) {
			out := runScript(t, filepath.Join(pkg, "install.sh"), home)
			if !strings.Contains(out, "installed viewer") {
				t.Errorf("install.sh said %q", out)
			}
			dialog := false // a dialog program on the script's PATH
			for _, p := range []string{"zenity", "qarma", "matedialog"} {
				for _, d := range []string{"/usr/bin/", "/bin/"} {
					_, err := exec.LookPath(d + p)
					dialog = dialog || err == nil
				}
			}
			if note := strings.Contains(out, "zenity (optional) is not installed"); note == dialog {
				t.Errorf("install.sh's note on zenity (shown %v; a dialog program installed: %v): %q", note, dialog, out)
			}
			bin := filepath.Join(home, ".local/bin/viewer")
			data := filepath.Join(home, ".local/share")
			want := map[string]fs.FileMode{bin: 0o755}
			share, err := linuxShare()
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range share {
				want[filepath.Join(data, f.name)] = 0o644
			}
			for p, mode := range want {
				st, err := os.Stat(p)
				if err != nil {
					t.Errorf("not installed: %v", err)
					continue
				}
				if st.Mode().Perm() != mode {
					t.Errorf("%s has mode %o, want %o", p, st.Mode().Perm(), mode)
				}
			}
			entry, err := os.ReadFile(filepath.Join(data, "applications", appID+".desktop"))
			if err != nil {
				t.Fatal(err)
			}
			wantExec := "Exec=" + bin + " %F"
			if strings.ContainsAny(bin, " $%") {
				wantExec = "Exec=" + execQuoted(bin) + " %F"
			}
			if !strings.Contains(string(entry), "\n"+wantExec+"\n") {
				t.Errorf("installed entry lacks %q:\n%s", wantExec, entry)
			}
			if v, err := exec.LookPath("desktop-file-validate"); err == nil {
				if out, err := exec.Command(v, filepath.Join(data, "applications", appID+".desktop")).CombinedOutput(); err != nil || len(out) > 0 {
					t.Errorf("the installed entry does not validate: %v\n%s", err, out)
				}
			}

			runScript(t, filepath.Join(pkg, "uninstall.sh"), home)
			for p := range want {
				if _, err := os.Stat(p); err == nil {
					t.Errorf("uninstall.sh left %s", p)
				}
			}
		})
	}
}
