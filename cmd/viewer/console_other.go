//go:build !windows

package main

// attachConsole does nothing outside Windows: a program started from a
// terminal has it as its standard output already, and one started from a
// file manager has nowhere better to print (see console_windows.go).
func attachConsole() {}
