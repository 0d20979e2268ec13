package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// attachConsole gives the subcommands a terminal to print to on Windows.
//
// The release's viewer.exe is linked for the GUI subsystem
// (-ldflags -H=windowsgui, see cmd/dist), so that a double-click in
// Explorer opens the window and nothing else. The alternative, a console
// program that frees its console at start-up (what Ebitengine's
// hideconsole package does when it finds the console is its own), still
// makes Windows draw a console window before any Go code runs: a black
// flash on every double-click. The price of the GUI subsystem is that the
// process starts with no standard handles, so `viewer info x.log` typed
// in a terminal would print nothing. Here, before anything is printed,
// the process attaches to its parent's console when the parent has one
// (kernel32 AttachConsole with ATTACH_PARENT_PROCESS; x/sys/windows has no
// wrapper for it) and points the missing standard handles at it. Handles
// the parent did pass (output redirected to a file or a pipe) are kept
// as they are. Started from Explorer there is no parent console and
// nothing changes. One difference stays: cmd.exe does not wait for a GUI
// program typed at its prompt (it does in a batch file), so the prompt may
// come back before the output.
func attachConsole() {
	out, errOut := usable(windows.STD_OUTPUT_HANDLE), usable(windows.STD_ERROR_HANDLE)
	if out && errOut {
		return // a console program, or both redirected by the parent
	}
	const attachParentProcess = ^uintptr(0) // (DWORD)-1
	if r, _, _ := procAttachConsole.Call(attachParentProcess); r == 0 {
		return // no parent console: started from Explorer
	}
	con, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0)
	if err != nil {
		return
	}
	if !out {
		os.Stdout = con
		_ = windows.SetStdHandle(windows.STD_OUTPUT_HANDLE, windows.Handle(con.Fd()))
	}
	if !errOut {
		os.Stderr = con
		_ = windows.SetStdHandle(windows.STD_ERROR_HANDLE, windows.Handle(con.Fd()))
	}
}

var procAttachConsole = windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")

// usable reports whether the standard handle std leads somewhere.
func usable(std uint32) bool {
	h, err := windows.GetStdHandle(std)
	return err == nil && h != 0 && h != windows.InvalidHandle
}
