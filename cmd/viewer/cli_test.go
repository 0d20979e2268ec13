package main

import (
	"bytes"
	"strings"
	"testing"
)

func run(args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = Main(&Env{Stdout: &o, Stderr: &e, Getenv: func(string) string { return "" }}, args)
	return code, o.String(), e.String()
}

func TestHelpListsEveryCommand(t *testing.T) {
	code, out, _ := run("help")
	if code != ExitOK {
		t.Fatalf("help exit %d", code)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "\n  "+c.Name+" ") {
			t.Errorf("help does not list %q:\n%s", c.Name, out)
		}
	}
}

func TestFlagHandling(t *testing.T) {
	tests := []struct {
		args       []string
		code       int
		stdoutHas  string
		stderrHas  string
		usageLines int // times "usage:" appears on stdout
	}{
		{args: []string{"bai", "-h"}, code: ExitOK, stdoutHas: "usage: viewer bai", usageLines: 1},
		{args: []string{"help", "bai"}, code: ExitOK, stdoutHas: "usage: viewer bai", usageLines: 1},
		{args: []string{"bai", "--nope", "x.bai"}, code: ExitUsage, stderrHas: "flag provided but not defined", usageLines: 0},
		{args: []string{"help", "nope"}, code: ExitUsage, stderrHas: "no command"},
		{args: []string{"nope"}, code: ExitUsage, stderrHas: "no such command"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := run(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errOut)
			}
			if !strings.Contains(out, tt.stdoutHas) {
				t.Errorf("stdout %q lacks %q", out, tt.stdoutHas)
			}
			if !strings.Contains(errOut, tt.stderrHas) {
				t.Errorf("stderr %q lacks %q", errOut, tt.stderrHas)
			}
			if n := strings.Count(out, "usage:"); n != tt.usageLines {
				t.Errorf("stdout has %d usage blocks, want %d:\n%s", n, tt.usageLines, out)
			}
		})
	}
}

func TestParseAllowsFlagsAfterPositionals(t *testing.T) {
	c := &Command{Name: "x", Usage: "FILE"}
	fs := NewFlags(&Env{Stdout: &bytes.Buffer{}}, c)
	all := fs.Bool("all", false, "")
	n := fs.Int("n", 0, "")
	pos, err := Parse(fs, []string{"a.log", "--all", "b.log", "-n", "3", "--", "-c"})
	if err != nil {
		t.Fatal(err)
	}
	if !*all || *n != 3 || strings.Join(pos, ",") != "a.log,b.log,-c" {
		t.Fatalf("all=%v n=%d pos=%q", *all, *n, pos)
	}
}

// TestEveryCommandHelp runs `viewer CMD -h` and `viewer help CMD` for every
// command: both exit 0 and print, on stdout only, the same help naming the
// synopsis and the summary.
func TestEveryCommandHelp(t *testing.T) {
	for _, c := range commands() {
		code, out, errOut := run(c.Name, "-h")
		if code != ExitOK || errOut != "" {
			t.Errorf("%s -h: exit %d, stderr %q", c.Name, code, errOut)
		}
		if strings.Count(out, "usage: viewer "+c.Name+" "+c.Usage+"\n") != 1 || !strings.Contains(out, c.Summary) {
			t.Errorf("%s -h does not give the synopsis and summary once:\n%s", c.Name, out)
		}
		code, out2, errOut := run("help", c.Name)
		if code != ExitOK || errOut != "" || out2 != out {
			t.Errorf("help %s: exit %d, stderr %q, output differs from %s -h", c.Name, code, errOut, c.Name)
		}
	}
}
