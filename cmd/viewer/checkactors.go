package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mm2carla/viewer/analysis/faults"
	"github.com/mm2carla/viewer/scene"
)

// actorFilter is `viewer check --actor`: the actors whose faults are
// listed and gate the exit status. A pipeline testing one AI wants its
// vehicle's faults, not those of the background traffic around it.
type actorFilter struct {
	ids  []uint32
	hero bool // the actors whose role_name is hero
}

// parseActors reads a comma-separated list of actor ids and "hero".
func parseActors(s string) (*actorFilter, error) {
	if s == "" {
		return nil, nil
	}
	f := &actorFilter{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if strings.EqualFold(part, "hero") {
			f.hero = true
			continue
		}
		id, err := strconv.ParseUint(part, 10, 32)
		if err != nil || id == 0 {
			return nil, Usagef("--actor %q: want actor ids or hero, comma-separated", s)
		}
		f.ids = append(f.ids, uint32(id))
	}
	return f, nil
}

// resolve returns the ids the filter names in rec: its own, and the
// heroes'. An id the recording never spawned, or hero in a recording with
// none, is an error naming the file: a gate on an actor that is not there
// must not pass for want of faults.
func (f *actorFilter) resolve(rec *scene.Recording, name string) ([]uint32, error) {
	lives := rec.Lives()
	ids := slices.Clone(f.ids)
	for _, id := range f.ids {
		if !slices.ContainsFunc(lives, func(l scene.Life) bool { return l.ID == id }) {
			return nil, fmt.Errorf("%s: no actor %d in the recording", name, id)
		}
	}
	if f.hero {
		found := false
		for _, l := range lives {
			if !l.Hero {
				continue
			}
			found = true
			if !slices.Contains(ids, l.ID) {
				ids = append(ids, l.ID)
			}
		}
		if !found {
			return nil, fmt.Errorf("%s: no hero in the recording (no actor whose role_name is hero)", name)
		}
	}
	slices.Sort(ids)
	return ids, nil
}

// onlyActors keeps the faults of the actors ids: as the actor, or as the
// other actor of a collision or a close call.
func onlyActors(fs []faults.Fault, ids []uint32) []faults.Fault {
	var out []faults.Fault
	for _, f := range fs {
		if slices.Contains(ids, f.Actor) || f.Other != 0 && slices.Contains(ids, f.Other) {
			out = append(out, f)
		}
	}
	return out
}

// actorsText names the actors of a filtered check: "actor 259", "actors
// 12, 259".
func actorsText(ids []uint32) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatUint(uint64(id), 10)
	}
	if len(ids) == 1 {
		return "actor " + parts[0]
	}
	return "actors " + strings.Join(parts, ", ")
}
