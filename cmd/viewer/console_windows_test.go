package main

import (
	"os"
	"testing"
)

// TestAttachConsoleKeepsWorkingHandles: a test binary is a console
// program with working standard handles, which attachConsole must leave
// alone (it only fills in handles a GUI-subsystem process lacks).
func TestAttachConsoleKeepsWorkingHandles(t *testing.T) {
	out, errOut := os.Stdout, os.Stderr
	attachConsole()
	if os.Stdout != out || os.Stderr != errOut {
		t.Fatal("attachConsole replaced handles that worked")
	}
}
