// Command viewer is a desktop 3D replay viewer for CARLA recorder files and
// Midtown Madness 2 AI maps. With a subcommand it works on the command line
// (see `viewer help`); otherwise it opens the window.
package main

import (
	"os"

	"github.com/mm2carla/viewer/internal/cli"
)

func main() {
	env := &cli.Env{Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	args := os.Args[1:]
	if len(args) > 0 && cli.IsCommand(args[0]) {
		os.Exit(cli.Main(env, args))
	}
	os.Exit(cli.Window(env, args))
}
