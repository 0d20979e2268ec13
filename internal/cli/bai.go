package cli

import "errors"

// cmdBAI is being written; this placeholder keeps the table buildable.
func cmdBAI() *Command {
	return &Command{Name: "bai", Summary: "(not ready)", Usage: "",
		Run: func(env *Env, args []string) error { return errors.New("not ready") }}
}
