// Command viewer is a desktop 3D replay viewer for CARLA recorder files and
// Midtown Madness 2 AI maps. With a subcommand it works on the command line
// (see `viewer help`); otherwise it opens the window.
//
// This package is the top floor of the house: main.go only hands the
// process's arguments and streams to Main (cli.go), each subcommand has a
// file of its own, and window.go is where the desktop app is put together
// from the floors below it.
package main

import "os"

func main() {
	attachConsole() // Windows: the release is a GUI program; print to the terminal it was started from
	env := &Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	args := versionAlias(os.Args[1:])
	if len(args) > 0 && IsCommand(args[0]) {
		os.Exit(Main(env, args))
	}
	os.Exit(Window(env, args))
}
