package cli

import "errors"

// cmdDemo is being written; this placeholder keeps the table buildable.
func cmdDemo() *Command {
	return &Command{Name: "demo", Summary: "(not ready)", Usage: "",
		Run: func(env *Env, args []string) error { return errors.New("not ready") }}
}
