package cli

import "errors"

// cmdBlocked is being written; this placeholder keeps the table buildable.
func cmdBlocked() *Command {
	return &Command{Name: "blocked", Summary: "(not ready)", Usage: "",
		Run: func(env *Env, args []string) error { return errors.New("not ready") }}
}
