// The version command: what this binary is and what it was built from, so
// that a user's bug report can name it.

package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// version and commit are stamped by cmd/dist:
//
//	go build -ldflags "-X main.version=1.2.0 -X main.commit=40da2ff9..."
//
// dist asks git itself because the Go toolchain's own stamp (the main
// module's version and vcs.revision in the build info) is missing from
// builds outside a plain clone, e.g. in a git worktree or a source
// archive. A plain `go build` leaves them empty and the toolchain's stamp,
// when there is one, is used.
var version, commit string

// About is what the binary knows about its build.
type About struct {
	Version    string // the release version, or Go's module version ("(devel)" without one)
	Commit     string // the full commit hash, "" when unknown
	Modified   bool   // built from a tree with uncommitted changes
	Go         string // the Go release that built it
	Ebitengine string // the Ebitengine module version linked in
	Platform   string // GOOS/GOARCH
}

// readAbout reads this binary's build information.
func readAbout() About {
	bi, _ := debug.ReadBuildInfo()
	return aboutFrom(bi, version, commit)
}

// aboutFrom prefers the stamped version and commit, then the Go
// toolchain's stamps in bi (which may be nil when the binary carries no
// build information).
func aboutFrom(bi *debug.BuildInfo, stampedVersion, stampedCommit string) About {
	a := About{Version: stampedVersion, Commit: stampedCommit, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		if a.Version == "" {
			a.Version = "(devel)"
		}
		return a
	}
	if bi.GoVersion != "" {
		a.Go = bi.GoVersion
	}
	if a.Version == "" {
		a.Version = strings.TrimPrefix(bi.Main.Version, "v")
		if a.Version == "" {
			a.Version = "(devel)"
		}
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			if a.Commit == "" {
				a.Commit = s.Value
			}
		case "vcs.modified":
			a.Modified = s.Value == "true"
		}
	}
	if strings.HasSuffix(a.Version, "+dirty") {
		a.Modified = true
	}
	for _, d := range bi.Deps {
		if d.Path == "github.com/hajimehoshi/ebiten/v2" {
			a.Ebitengine = d.Version
			if d.Replace != nil {
				a.Ebitengine = d.Replace.Version
			}
		}
	}
	return a
}

// shortCommit is the commit's first 12 hex digits, git's usual short form
// grown to stay unique in a large history.
func (a About) shortCommit() string {
	if len(a.Commit) > 12 {
		return a.Commit[:12]
	}
	return a.Commit
}

// Line is the one-line form the window's help shows:
// "viewer 1.2.0 (40da2ff919c8) · Go go1.26.8 · Ebitengine v2.10.4".
func (a About) Line() string {
	var b strings.Builder
	fmt.Fprintf(&b, "viewer %s", a.Version)
	if c := a.shortCommit(); c != "" {
		mod := ""
		if a.Modified && !strings.HasSuffix(a.Version, "+dirty") {
			mod = ", modified"
		}
		fmt.Fprintf(&b, " (%s%s)", c, mod)
	}
	fmt.Fprintf(&b, " · Go %s", strings.TrimPrefix(a.Go, "go"))
	if a.Ebitengine != "" {
		fmt.Fprintf(&b, " · Ebitengine %s", a.Ebitengine)
	}
	return b.String()
}

// write prints the long form, one fact a line.
func (a About) write(w *strings.Builder) {
	fmt.Fprintf(w, "viewer %s\n", a.Version)
	c := a.Commit
	if c == "" {
		c = "unknown"
	}
	if a.Modified {
		c += " (modified)"
	}
	fmt.Fprintf(w, "commit:     %s\n", c)
	fmt.Fprintf(w, "go:         %s %s\n", a.Go, a.Platform)
	e := a.Ebitengine
	if e == "" {
		e = "unknown"
	}
	fmt.Fprintf(w, "ebitengine: %s\n", e)
	fmt.Fprintln(w, townsLine())
}

// versionFlags are the spellings of `viewer version` as a flag.
var versionFlags = []string{"--version", "-version", "-v"}

// versionAlias turns `viewer --version` into `viewer version`, so that the
// flag users try first works without the window's flag parser seeing it.
func versionAlias(args []string) []string {
	if len(args) == 1 {
		for _, f := range versionFlags {
			if args[0] == f {
				return []string{"version"}
			}
		}
	}
	return args
}

func cmdVersion() *Command {
	c := &Command{
		Name:    "version",
		Summary: "print the version, the commit, the Go and Ebitengine versions (also: viewer --version)",
		Usage:   "",
	}
	c.Run = func(env *Env, args []string) error {
		if err := parseNoArgs(env, c, args); err != nil {
			return err
		}
		var b strings.Builder
		readAbout().write(&b)
		_, err := fmt.Fprint(env.Stdout, b.String())
		return err
	}
	return c
}
