package cli

import "fmt"

// Window opens the desktop app on the given files.
func Window(env *Env, args []string) int {
	fmt.Fprintln(env.Stderr, "viewer: the window is not built yet; run 'viewer help'")
	return ExitUsage
}
