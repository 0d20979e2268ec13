package main

import (
	"github.com/mm2carla/viewer/analysis/query"
)

const collisionsHelp = `
Prints what CARLA's client.show_recorder_collisions prints: one row each
time a pair of actors starts colliding (the pair did not collide in the
previous frame), with the time, the categories, the ids and blueprints.
CAT1 filters the first actor of a collision and CAT2 the second:
  h hero (the actor the record marks as hero)   v vehicle   w walker
  t traffic light   o other (or no actor: walls, ground)   a any
The default is "a a". CARLA's bugs (forgetting the wrong actor when one is
destroyed, traffic signs counted as heroes) are fixed: see
docs/CARLA-DIFFERENCES.md. --json gives the rows as one JSON document.
`

// cmdCollisions is `viewer collisions`: CARLA's show_recorder_collisions.
func cmdCollisions() *Command {
	c := &Command{
		Name:    "collisions",
		Summary: "list collisions by actor category, as CARLA's show_recorder_collisions",
		Usage:   "FILE [CAT1 CAT2] [--json]",
	}
	c.Run = func(env *Env, args []string) error {
		fs := newQueryFlags(env, c, collisionsHelp)
		asJSON := fs.Bool("json", false, "print one JSON document instead of CARLA's text")
		pos, err := Parse(fs, args)
		if err != nil {
			return err
		}
		cat1, cat2 := byte(query.CatAny), byte(query.CatAny)
		switch len(pos) {
		case 1:
		case 3:
			if cat1, err = parseCategory(pos[1]); err != nil {
				return err
			}
			if cat2, err = parseCategory(pos[2]); err != nil {
				return err
			}
		default:
			return Usagef("want FILE, or FILE CAT1 CAT2; got %d arguments", len(pos))
		}
		return runReport(env, pos[0], *asJSON, func(src query.Source) (tableReport, error) {
			rep, err := query.Collisions(src, cat1, cat2)
			if rep == nil {
				return nil, err
			}
			return rep, err
		})
	}
	return c
}

// parseCategory reads a one-letter collision category.
func parseCategory(s string) (byte, error) {
	if len(s) != 1 || !query.ValidCategory(s[0]) {
		return 0, Usagef("category %q: want one of h, v, w, t, o, a", s)
	}
	return s[0], nil
}
