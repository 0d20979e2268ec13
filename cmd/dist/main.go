// Command dist builds every release artefact of the viewer with nothing
// but Go installed:
//
//	go run ./cmd/dist [--out DIR] [--version V] [--only ID,...] [--jobs N]
//
// It cross-builds ./cmd/viewer with CGO_ENABLED=0 for Linux and Windows
// (amd64 and arm64) and macOS (one universal binary of arm64 and amd64),
// and writes into DIR (default dist/, which git ignores):
//
//	viewer-V-linux-amd64.tar.gz, viewer-V-linux-arm64.tar.gz
//	    the binary, a desktop entry, the icon in the hicolor layout, the
//	    file types as a shared-mime-info package, install.sh, uninstall.sh
//	viewer-V-windows-amd64.zip, viewer-V-windows-arm64.zip
//	    viewer.exe with its icon, version information and manifest
//	viewer-V-windows-amd64-setup.exe, viewer-V-windows-arm64-setup.exe
//	    the per-user installer of that viewer.exe, made by NSIS's
//	    makensis (the one tool besides Go: see installer.go)
//	viewer-V-macos.zip
//	    Viewer.app: Info.plist declaring the document types, the icon as
//	    .icns, the universal binary
//	SHA256SUMS
//	    the checksums of the archives written, in sha256sum's format
//
// and in each archive LICENSE-CARLA.txt: the notice of CARLA's towns,
// which the binary holds (notices.go).
//
// V is --version, or when it is not given the version the Go toolchain
// would stamp from git (see versionFrom). Each archive is read back and
// checked (check.go) before it is written. --only builds a subset:
// linux-amd64, linux-arm64, windows-amd64, windows-arm64,
// windows-amd64-setup, windows-arm64-setup, macos.
//
// dist is the top floor's second binary, beside cmd/viewer: it imports
// the icon from assets/icon, the towns' license notice from
// analysis/towns, and builds cmd/viewer by running the go
// command, never by importing it.
package main

import (
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(cli(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// options are dist's command line.
type options struct {
	out     string
	version string
	only    []string // artefact ids; empty: all
	jobs    int      // builds at once
}

// cli parses args, runs dist and returns the exit status: 0 done, 1 a
// build or check failed, 2 bad usage.
func cli(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("dist", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	var only string
	fs.StringVar(&o.out, "out", "dist", "directory to write the artefacts to")
	fs.StringVar(&o.version, "version", "", "the release's version, e.g. 1.2.0 (default: from git)")
	fs.IntVar(&o.jobs, "jobs", 2, "how many binaries to build at once")
	fs.StringVar(&only, "only", "", "comma-separated artefacts to build (default all): "+strings.Join(artefactIDs(), ", "))
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "dist: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if only != "" {
		o.only = strings.Split(only, ",")
		for _, id := range o.only {
			if !slices.Contains(artefactIDs(), id) {
				fmt.Fprintf(stderr, "dist: --only %q: no such artefact (have %s)\n", id, strings.Join(artefactIDs(), ", "))
				return 2
			}
		}
	}
	if o.version != "" {
		if err := checkVersion(o.version); err != nil {
			fmt.Fprintf(stderr, "dist: %v\n", err)
			return 2
		}
	}
	written, err := run(ctx, o, stdout)
	if err != nil {
		fmt.Fprintf(stderr, "dist: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d archives and SHA256SUMS\n", o.out, len(written))
	return 0
}

func artefactIDs() []string {
	var ids []string
	for _, a := range artefacts() {
		ids = append(ids, a.id)
	}
	return ids
}

// run builds, packs, checks and writes the artefacts o asks for, then
// their SHA256SUMS, and returns the archives' paths.
func run(ctx context.Context, o options, log io.Writer) ([]string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	root, err := moduleRoot(ctx, wd)
	if err != nil {
		return nil, err
	}
	r, err := releaseFor(root, o.version, time.Now())
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(log, "release %s (commit %s)\n", r.version, orUnknown(r.commit))
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "viewer-dist-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)

	var chosen []artefact
	var plats []platform
	for _, a := range artefacts() {
		if len(o.only) == 0 || slices.Contains(o.only, a.id) {
			chosen = append(chosen, a)
			for _, p := range a.platforms {
				if !slices.Contains(plats, p) { // the zip and the installer share a build
					plats = append(plats, p)
				}
			}
		}
	}
	bins, err := buildAll(ctx, root, work, plats, r, max(o.jobs, 1), log)
	if err != nil {
		return nil, err
	}
	var written []string
	sums := map[string][32]byte{}
	for _, a := range chosen {
		name, data, err := pack(a, bins, r)
		if err != nil {
			return written, err
		}
		path := filepath.Join(o.out, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return written, err
		}
		sums[name] = sha256.Sum256(data)
		written = append(written, path)
		fmt.Fprintf(log, "%s: %.1f MB\n", path, float64(len(data))/1e6)
	}
	return written, os.WriteFile(filepath.Join(o.out, "SHA256SUMS"), sha256sums(sums), 0o644)
}

// buildAll builds the binaries of every platform, jobs at a time: two
// builds at once keep both cores of a small machine busy through the
// stretches of one build that compile a single package (the runtime, then
// Ebitengine). The first failure stops the other builds.
func buildAll(ctx context.Context, root, work string, plats []platform, r release, jobs int, log io.Writer) (map[platform][]byte, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu    sync.Mutex
		bins  = map[platform][]byte{}
		first error
		wg    sync.WaitGroup
		sem   = make(chan struct{}, jobs)
	)
	for _, p := range plats {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			start := time.Now()
			b, err := goBuild(ctx, root, work, p, r)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				if first == nil {
					first = err
					cancel() // the release fails anyway: stop the other builds
				}
				return
			}
			bins[p] = b
			fmt.Fprintf(log, "built %s in %.1f s\n", p, time.Since(start).Seconds())
		}()
	}
	wg.Wait()
	return bins, first
}

// pack makes one artefact from the built binaries and checks the
// package read back.
func pack(a artefact, bins map[platform][]byte, r release) (string, []byte, error) {
	var bs [][]byte
	for _, p := range a.platforms {
		bs = append(bs, bins[p])
	}
	name, data, err := a.pack(r, bs)
	if err != nil {
		return "", nil, fmt.Errorf("%s: %w", a.id, err)
	}
	if err := checkPackage(a, name, data, r); err != nil {
		return "", nil, fmt.Errorf("check: %w", err)
	}
	return name, data, nil
}

// sha256sums is the SHA256SUMS file: "HASH  NAME" lines sorted by name,
// as `sha256sum -c` reads them.
func sha256sums(sums map[string][32]byte) []byte {
	names := make([]string, 0, len(sums))
	for n := range sums {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		fmt.Fprintf(&b, "%x  %s\n", sums[n], n)
	}
	return []byte(b.String())
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}
