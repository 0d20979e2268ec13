package cli

import "errors"

// cmdShot is being written; this placeholder keeps the table buildable.
func cmdShot() *Command {
	return &Command{Name: "shot", Summary: "(not ready)", Usage: "",
		Run: func(env *Env, args []string) error { return errors.New("not ready") }}
}
