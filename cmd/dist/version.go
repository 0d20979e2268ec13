package main

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// release is what is being packaged: its version, the commit it is built
// from, and the time every file in the archives carries.
type release struct {
	version string    // e.g. "1.2.0" or "0.0.0-20261125094653-40da2ff919c8+dirty"
	commit  string    // the full commit hash, "" when unknown
	time    time.Time // the commit's time, so two builds of a commit give the same archives
}

// source is what git says about the tree: the commit, its time, the
// newest release tag reachable from it (and whether it is on the commit
// itself) and whether the tree has changes not committed.
type source struct {
	commit   string
	time     time.Time
	tag      string // "v1.2.0", "" without one
	tagExact bool
	dirty    bool
}

// versionFrom makes the version a plain `go build` in a clone stamps
// into the binary (the Go toolchain's scheme for a module's pseudo-
// versions), so that a release and a developer's build of the same tree
// agree: the tag itself on a tagged commit; after a tag, the next patch
// release's pre-release "X.Y.(Z+1)-0.TIME-HASH" (after a pre-release tag
// "X.Y.Z-PRE.0.TIME-HASH", still before that release); with no tag,
// "0.0.0-TIME-HASH"; "+dirty" when the tree has changes. The leading "v"
// of the tag is dropped: file names and Info.plist want bare numbers.
func versionFrom(s source) string {
	stamp := s.time.UTC().Format("20060102150405") + "-" + short(s.commit)
	var v string
	switch {
	case s.tag != "" && s.tagExact:
		v = strings.TrimPrefix(s.tag, "v")
	case s.tag != "" && strings.Contains(s.tag, "-"):
		v = strings.TrimPrefix(s.tag, "v") + ".0." + stamp // after a pre-release: still before its release
	case s.tag != "":
		n, _ := numbers(s.tag)
		v = fmt.Sprintf("%d.%d.%d-0.%s", n[0], n[1], n[2]+1, stamp)
	default:
		v = "0.0.0-" + stamp
	}
	if s.dirty {
		v += "+dirty"
	}
	return v
}

// short is a commit's first 12 hex digits.
func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

// versionRE is a release version: three numbers, then an optional
// pre-release and build suffix.
var versionRE = regexp.MustCompile(`^v?(\d{1,5})\.(\d{1,5})\.(\d{1,5})([-+][0-9A-Za-z.+-]*)?$`)

// numbers is the version's major, minor and patch numbers (as Windows'
// and macOS's version fields want them) and whether it is a pre-release
// or a build of uncommitted changes (a suffix after them).
func numbers(v string) ([3]uint16, bool) {
	var n [3]uint16
	m := versionRE.FindStringSubmatch(v)
	if m == nil {
		return n, true
	}
	for i := range n {
		x, _ := strconv.ParseUint(m[i+1], 10, 16)
		n[i] = uint16(x)
	}
	return n, m[4] != ""
}

// checkVersion refuses a version that would make a bad file name or that
// Windows and macOS could not show as numbers.
func checkVersion(v string) error {
	if !versionRE.MatchString(v) {
		return fmt.Errorf("version %q: want MAJOR.MINOR.PATCH with an optional -pre-release or +build suffix, e.g. 1.2.0", v)
	}
	for _, x := range versionRE.FindStringSubmatch(v)[1:4] {
		if n, err := strconv.ParseUint(x, 10, 16); err != nil || n > 65535 {
			return fmt.Errorf("version %q: %s does not fit the 16 bits Windows gives each number", v, x)
		}
	}
	return nil
}

// gitSource asks git about the tree at dir.
func gitSource(dir string) (source, error) {
	var s source
	git := func(args ...string) (string, error) {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
		}
		return strings.TrimSpace(string(out)), nil
	}
	line, err := git("log", "-1", "--format=%H %ct")
	if err != nil {
		return s, err
	}
	hash, secs, ok := strings.Cut(line, " ")
	ct, perr := strconv.ParseInt(secs, 10, 64)
	if !ok || perr != nil {
		return s, fmt.Errorf("git log: unexpected %q", line)
	}
	s.commit, s.time = hash, time.Unix(ct, 0).UTC()
	if tag, err := git("describe", "--tags", "--abbrev=0", "--match", "v[0-9]*"); err == nil && versionRE.MatchString(tag) {
		s.tag = tag
		exact, _ := git("tag", "--points-at", "HEAD")
		s.tagExact = strings.Contains("\n"+exact+"\n", "\n"+tag+"\n")
	}
	status, err := git("status", "--porcelain")
	if err != nil {
		return s, err
	}
	s.dirty = status != ""
	return s, nil
}

// errNoVersion says where a version must come from when git cannot help.
var errNoVersion = errors.New("no version: this is not a git checkout (or git is missing); give --version")

// releaseFor decides what is released: the given version, or the one
// git's view of the tree gives; the commit and time come from git when it
// can tell, else the version stands alone, stamped now.
func releaseFor(dir, given string, now time.Time) (release, error) {
	s, gerr := gitSource(dir)
	r := release{version: given, commit: s.commit, time: s.time}
	if gerr != nil {
		r.time = now.UTC().Truncate(time.Second)
		if given == "" {
			return r, fmt.Errorf("%w (%v)", errNoVersion, gerr)
		}
	}
	if r.version == "" {
		r.version = versionFrom(s)
	}
	return r, checkVersion(r.version)
}
