package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Building the binaries: `go build` of ./cmd/viewer for each platform,
// with nothing but Go (CGO_ENABLED=0: Ebitengine reaches the system's
// graphics through purego on every desktop), then the platform's package.

// platform is one GOOS/GOARCH pair.
type platform struct{ goos, goarch string }

func (p platform) String() string { return p.goos + "/" + p.goarch }

// artefact is one file users download.
type artefact struct {
	id        string     // what --only names: "linux-amd64", "macos", ...
	platforms []platform // the binaries it needs
	// pack lays out the package from the built binaries (in the order of
	// platforms) and gives its file name and bytes.
	pack func(r release, bins [][]byte) (name string, data []byte, err error)
}

// artefacts are every release artefact, in the order they are built.
func artefacts() []artefact {
	var as []artefact
	for _, arch := range []string{"amd64", "arm64"} {
		as = append(as, artefact{id: "linux-" + arch, platforms: []platform{{"linux", arch}}, pack: packLinux(arch)})
	}
	for _, arch := range []string{"amd64", "arm64"} {
		as = append(as, artefact{id: "windows-" + arch, platforms: []platform{{"windows", arch}}, pack: packWindows(arch)})
	}
	for _, arch := range []string{"amd64", "arm64"} {
		as = append(as, artefact{id: "windows-" + arch + "-setup", platforms: []platform{{"windows", arch}}, pack: packInstaller(arch)})
	}
	as = append(as, artefact{id: "macos", platforms: []platform{{"darwin", "arm64"}, {"darwin", "amd64"}}, pack: packMac})
	return as
}

func packLinux(arch string) func(release, [][]byte) (string, []byte, error) {
	return func(r release, bins [][]byte) (string, []byte, error) {
		top := fmt.Sprintf("%s-%s-linux-%s", binName, r.version, arch)
		files, err := linuxPackage(top, bins[0])
		if err != nil {
			return "", nil, err
		}
		var b bytes.Buffer
		err = writeTarGz(&b, files, r.time)
		return top + ".tar.gz", b.Bytes(), err
	}
}

func packWindows(arch string) func(release, [][]byte) (string, []byte, error) {
	return func(r release, bins [][]byte) (string, []byte, error) {
		top := fmt.Sprintf("%s-%s-windows-%s", binName, r.version, arch)
		exe, err := patchExe(bins[0], r)
		if err != nil {
			return "", nil, err
		}
		var b bytes.Buffer
		err = writeZip(&b, windowsPackage(top, exe), r.time)
		return top + ".zip", b.Bytes(), err
	}
}

// packInstaller makes the Windows installer (installer.go) around the
// same viewer.exe the zip holds.
func packInstaller(arch string) func(release, [][]byte) (string, []byte, error) {
	return func(r release, bins [][]byte) (string, []byte, error) {
		exe, err := patchExe(bins[0], r)
		if err != nil {
			return "", nil, err
		}
		setup, err := makeInstaller(context.Background(), exe, r, arch)
		return installerName(r, arch), setup, err
	}
}

func packMac(r release, bins [][]byte) (string, []byte, error) {
	universal, err := writeFat(bins)
	if err != nil {
		return "", nil, err
	}
	files, err := macPackage(universal, r)
	if err != nil {
		return "", nil, err
	}
	var b bytes.Buffer
	err = writeZip(&b, files, r.time)
	return fmt.Sprintf("%s-%s-macos.zip", binName, r.version), b.Bytes(), err
}

// ldflags stamp the release into the binary (cmd/viewer's version and
// commit), strip the symbol and debug tables (a third of the size; the
// build information that `viewer version` reads stays), and make the
// Windows binary a GUI program (see cmd/viewer/console_windows.go).
func ldflags(p platform, r release) string {
	f := []string{"-s", "-w", "-X", "main.version=" + r.version}
	if r.commit != "" {
		f = append(f, "-X", "main.commit="+r.commit)
	}
	if p.goos == "windows" {
		f = append(f, "-H=windowsgui")
	}
	return strings.Join(f, " ")
}

// goBuild builds ./cmd/viewer of the module at root for p into dir and
// returns the binary. -trimpath keeps the builder's paths out of it.
func goBuild(ctx context.Context, root, dir string, p platform, r release) ([]byte, error) {
	out := filepath.Join(dir, fmt.Sprintf("viewer-%s-%s", p.goos, p.goarch))
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags", ldflags(p, r), "-o", out, "./cmd/viewer")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS="+p.goos, "GOARCH="+p.goarch, "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go build for %s: %v\n%s", p, err, stderr.String())
	}
	return os.ReadFile(out)
}

// moduleRoot is the directory of the go.mod of the module dist builds.
func moduleRoot(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("%s is not inside the viewer's module", dir)
	}
	return filepath.Dir(mod), nil
}
