package cli

import "errors"

// cmdCollisions is being written; this placeholder keeps the table buildable.
func cmdCollisions() *Command {
	return &Command{Name: "collisions", Summary: "(not ready)", Usage: "",
		Run: func(env *Env, args []string) error { return errors.New("not ready") }}
}
