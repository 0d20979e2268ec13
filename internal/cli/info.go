package cli

import "errors"

// cmdInfo is being written; this placeholder keeps the table buildable.
func cmdInfo() *Command {
	return &Command{Name: "info", Summary: "(not ready)", Usage: "",
		Run: func(env *Env, args []string) error { return errors.New("not ready") }}
}
