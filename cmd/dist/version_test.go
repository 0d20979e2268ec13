package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

func TestVersionFrom(t *testing.T) {
	at := time.Date(2026, 11, 25, 9, 46, 53, 0, time.FixedZone("CET", 3600))
	const c = "40da2ff919c80d490c525448b4c6edcee459ff6a"
	for _, tc := range []struct {
		s    source
		want string
	}{
		{source{commit: c, time: at}, "0.0.0-20261125084653-40da2ff919c8"},
		{source{commit: c, time: at, dirty: true}, "0.0.0-20261125084653-40da2ff919c8+dirty"},
		{source{commit: c, time: at, tag: "v1.2.0", tagExact: true}, "1.2.0"},
		{source{commit: c, time: at, tag: "v1.2.0", tagExact: true, dirty: true}, "1.2.0+dirty"},
		{source{commit: c, time: at, tag: "v1.2.0"}, "1.2.1-0.20261125084653-40da2ff919c8"},
		{source{commit: c, time: at, tag: "v1.2.0-rc.1"}, "1.2.0-rc.1.0.20261125084653-40da2ff919c8"},
	} {
		got := versionFrom(tc.s)
		if got != tc.want {
			t.Errorf("versionFrom(%+v) = %q, want %q", tc.s, got, tc.want)
		}
		if err := checkVersion(got); err != nil {
			t.Errorf("versionFrom gave a version checkVersion refuses: %v", err)
		}
	}
}

func TestNumbersAndCheck(t *testing.T) {
	for _, tc := range []struct {
		v   string
		n   [3]uint16
		pre bool
		ok  bool
	}{
		{"1.2.3", [3]uint16{1, 2, 3}, false, true},
		{"v1.2.3", [3]uint16{1, 2, 3}, false, true},
		{"1.2.3-rc.1", [3]uint16{1, 2, 3}, true, true},
		{"0.0.0-20261125084653-40da2ff919c8+dirty", [3]uint16{}, true, true},
		{"65535.0.1", [3]uint16{65535, 0, 1}, false, true},
		{"65536.0.1", [3]uint16{}, true, false},
		{"1.2", [3]uint16{}, true, false},
		{"1.2.3/../x", [3]uint16{}, true, false},
		{"", [3]uint16{}, true, false},
	} {
		n, pre := numbers(tc.v)
		if tc.ok && (n != tc.n || pre != tc.pre) {
			t.Errorf("numbers(%q) = %v %v, want %v %v", tc.v, n, pre, tc.n, tc.pre)
		}
		if err := checkVersion(tc.v); (err == nil) != tc.ok {
			t.Errorf("checkVersion(%q) = %v, want ok %v", tc.v, err, tc.ok)
		}
	}
}

// TestGitSource makes a repository, commits, tags, and dirties it, and
// checks what gitSource reads at each step.
func TestGitSource(t *testing.T) {
	git := tool(t, "git")
	dir := t.TempDir()
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2026-11-25T09:46:53Z", "GIT_COMMITTER_DATE=2026-11-25T09:46:53Z",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("init", "-q")
	write("a", "1")
	run("add", "a")
	run("commit", "-q", "-m", "one")
	s, err := gitSource(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.commit) != 40 || !s.time.Equal(time.Date(2026, 11, 25, 9, 46, 53, 0, time.UTC)) || s.tag != "" || s.dirty {
		t.Errorf("untagged clean: %+v", s)
	}
	run("tag", "v1.4.0")
	if s, _ = gitSource(dir); s.tag != "v1.4.0" || !s.tagExact || versionFrom(s) != "1.4.0" {
		t.Errorf("on the tag: %+v gives %q", s, versionFrom(s))
	}
	write("a", "2")
	if s, _ = gitSource(dir); !s.dirty || versionFrom(s) != "1.4.0+dirty" {
		t.Errorf("changed: %+v gives %q", s, versionFrom(s))
	}
	run("commit", "-q", "-am", "two")
	if s, _ = gitSource(dir); s.tagExact || versionFrom(s) != "1.4.1-0.20261125094653-"+s.commit[:12] {
		t.Errorf("after the tag: %+v gives %q", s, versionFrom(s))
	}
}

func TestReleaseOutsideGit(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 600, time.UTC)
	dir := t.TempDir()
	if _, err := releaseFor(dir, "", now); !errors.Is(err, errNoVersion) {
		t.Errorf("no git, no --version: %v, want errNoVersion", err)
	}
	r, err := releaseFor(dir, "2.0.0", now)
	if err != nil || r.version != "2.0.0" || r.commit != "" || !r.time.Equal(now.Truncate(time.Second)) {
		t.Errorf("no git, --version 2.0.0: %+v, %v", r, err)
	}
	if _, err := releaseFor(dir, "2.0", now); err == nil {
		t.Error("a bad version was accepted")
	}
}
