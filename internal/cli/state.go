package cli

import "errors"

// cmdState is being written; this placeholder keeps the table buildable.
func cmdState() *Command {
	return &Command{Name: "state", Summary: "(not ready)", Usage: "",
		Run: func(env *Env, args []string) error { return errors.New("not ready") }}
}
