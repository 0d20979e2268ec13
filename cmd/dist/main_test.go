package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// testRelease is a pre-release with a commit, for the packaging tests.
var testRelease = release{
	version: "1.2.0-rc.1",
	commit:  "40da2ff919c80d490c525448b4c6edcee459ff6a",
	time:    time.Date(2026, 11, 25, 9, 46, 53, 0, time.UTC),
}

// TestCLIUsage: bad command lines stop before anything is built, with
// exit status 2 and a message naming the problem.
func TestCLIUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"-h"}, 0, "-only"},
		{[]string{"--only", "linux-amd64,solaris"}, 2, `"solaris": no such artefact`},
		{[]string{"--version", "1.2"}, 2, "want MAJOR.MINOR.PATCH"},
		{[]string{"--version", "1.2.3/../../etc"}, 2, "want MAJOR.MINOR.PATCH"},
		{[]string{"extra"}, 2, `unexpected argument "extra"`},
		{[]string{"--nope"}, 2, "flag provided but not defined"},
	} {
		var out, errb bytes.Buffer
		code := cli(context.Background(), tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(errb.String(), tc.msg) {
			t.Errorf("dist %v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errb.String(), tc.code, tc.msg)
		}
		if out.Len() > 0 {
			t.Errorf("dist %v wrote to stdout: %q", tc.args, out.String())
		}
	}
}

func TestSHA256Sums(t *testing.T) {
	got := string(sha256sums(map[string][32]byte{"b.zip": {1}, "a.tar.gz": {0xff}}))
	want := "ff" + strings.Repeat("00", 31) + "  a.tar.gz\n" + "01" + strings.Repeat("00", 31) + "  b.zip\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
