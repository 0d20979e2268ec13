// The licenses command: the notices of what the binary ships from others,
// which their licenses ask to travel with every copy.

package main

import (
	"fmt"
	"strings"

	"github.com/mm2carla/viewer/analysis/towns"
)

// townsLine is what `viewer version` says of the built-in towns.
func townsLine() string {
	return "towns:      " + strings.Join(towns.Builtin(), " ") + " built in (CARLA's, MIT license: viewer licenses)"
}

func cmdLicenses() *Command {
	c := &Command{
		Name:    "licenses",
		Summary: "print the license notice of CARLA's towns, which the viewer has built in",
		Usage:   "",
	}
	c.Run = func(env *Env, args []string) error {
		if err := parseNoArgs(env, c, args); err != nil {
			return err
		}
		_, err := fmt.Fprintf(env.Stdout, "The viewer has CARLA's towns built in (%s): their OpenDRIVE files,\n"+
			"from the CARLA project (https://carla.org), under this license:\n\n%s",
			strings.Join(towns.Builtin(), ", "), towns.License)
		return err
	}
	return c
}
