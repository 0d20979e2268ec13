package query

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/mm2carla/viewer/format/recorder"
)

// Collision categories of show_recorder_collisions: an actor's category,
// and the filters of the query.
const (
	CatHero         = 'h' // filter only: an actor the record marks as hero
	CatVehicle      = 'v'
	CatWalker       = 'w'
	CatTrafficLight = 't'
	CatOther        = 'o' // any other actor, or no actor (id 0xFFFFFFFF)
	CatAny          = 'a' // filter only: every actor
)

// ValidCategory reports whether c is a filter of CollisionsQuery.
func ValidCategory(c byte) bool {
	switch c {
	case CatHero, CatVehicle, CatWalker, CatTrafficLight, CatOther, CatAny:
		return true
	}
	return false
}

// noActor is the id a collision record gives to something that is not an
// actor (a wall, the ground).
const noActor = ^uint32(0)

// Actor is one side of a collision as the query knows it.
type Actor struct {
	ID          uint32
	Category    byte   // o, v, w or t
	Hero        bool   // the record marks it as hero
	Description string // blueprint id, "" if never created in the file
}

// CollisionRow is a pair of actors that starts colliding: the pair (in
// this order) was not reported colliding in the previous frame.
type CollisionRow struct {
	Frame       uint64
	Time        float64 // the frame's elapsed time, seconds
	CollisionID uint32  // the record's own id
	Actor1      Actor
	Actor2      Actor
}

// CollisionReport is the answer of Collisions.
type CollisionReport struct {
	Summary
	Cat1, Cat2 byte
	Rows       []CollisionRow
}

// Collisions finds the collisions between an actor of category cat1 and
// one of cat2 (h hero, v vehicle, w walker, t traffic light, o other, a
// any), as CARLA's show_recorder_collisions does, without its bugs (see
// the package doc). On a decode error it returns the rows found so far
// with the error, which is also in the report's Err.
func Collisions(src Source, cat1, cat2 byte) (*CollisionReport, error) {
	if !ValidCategory(cat1) || !ValidCategory(cat2) {
		return nil, fmt.Errorf("query: collision categories are h, v, w, t, o or a, not %q and %q", cat1, cat2)
	}
	r := &CollisionReport{Summary: Summary{Header: src.Header()}, Cat1: cat1, Cat2: cat2}
	type info struct {
		typ  recorder.ActorType
		desc string
	}
	actors := map[uint32]info{}
	type pair struct{ a, b uint32 }
	prev, cur := map[pair]bool{}, map[pair]bool{}
	var frame recorder.FrameStart
	actor := func(id uint32, hero bool) Actor {
		if id == noActor {
			return Actor{ID: id, Category: CatOther, Hero: hero}
		}
		a := actors[id]
		return Actor{ID: id, Category: category(a.typ), Hero: hero, Description: a.desc}
	}
	for {
		p, ok := r.next(src)
		if !ok {
			break
		}
		switch p := p.(type) {
		case *recorder.FrameStart:
			frame = *p
			prev, cur = cur, prev
			clear(cur)
		case *recorder.EventAdd:
			for i := range p.Actors {
				a := &p.Actors[i]
				actors[a.ID] = info{a.Type, a.Description}
			}
		case *recorder.EventDel:
			for _, id := range p.IDs {
				delete(actors, id)
			}
		case *recorder.Collisions:
			for _, c := range p.Records {
				a1, a2 := actor(c.Actor1, c.Hero1), actor(c.Actor2, c.Hero2)
				if !matches(cat1, a1) || !matches(cat2, a2) {
					continue
				}
				k := pair{c.Actor1, c.Actor2}
				if !prev[k] && !cur[k] {
					r.Rows = append(r.Rows, CollisionRow{frame.Frame, frame.Elapsed, c.ID, a1, a2})
				}
				cur[k] = true
			}
		}
	}
	return r, r.Err
}

// matches reports whether an actor passes a category filter.
func matches(cat byte, a Actor) bool {
	return cat == CatAny || cat == a.Category || cat == CatHero && a.Hero
}

// collisionColumns are the columns of CARLA's collision table. Types is
// a cell of its own ("  v o "): CARLA writes a space, then the two
// categories between spaces.
var collisionColumns = []column{{"Time", 8, false}, {"Types", 6, false}, {"Id", 6, false},
	{"Actor 1", 35, true}, {"Id", 6, false}, {"Actor 2", 35, true}}

// WriteText writes CARLA's text: the header, the table, and the last
// frame's id and time (left out when the report stopped at an error).
func (r *CollisionReport) WriteText(w io.Writer, loc *time.Location) error {
	t := newTable(w, &r.Summary, loc, collisionColumns)
	for _, row := range r.Rows {
		types := string([]byte{' ', ' ', row.Actor1.Category, ' ', row.Actor2.Category, ' '})
		t.row(fixed0(row.Time), types, itoa(row.Actor1.ID), row.Actor1.Description,
			itoa(row.Actor2.ID), row.Actor2.Description)
	}
	return t.close(&r.Summary)
}

// collisionsJSON is the JSON document of WriteJSON.
type collisionsJSON struct {
	Header     headerJSON         `json:"header"`
	Category1  string             `json:"category1"`
	Category2  string             `json:"category2"`
	Collisions []collisionRowJSON `json:"collisions"`
	Totals     totalsJSON         `json:"totals"`
	Error      *errorJSON         `json:"error"`
}

type collisionRowJSON struct {
	Frame       uint64    `json:"frame"`
	Time        num       `json:"time"` // s
	CollisionID uint32    `json:"collision_id"`
	Actor1      actorJSON `json:"actor1"`
	Actor2      actorJSON `json:"actor2"`
}

type actorJSON struct {
	ID          uint32 `json:"id"`
	Category    string `json:"category"`
	Hero        bool   `json:"hero"`
	Description string `json:"description"`
}

func toActor(a Actor) actorJSON {
	return actorJSON{a.ID, string(a.Category), a.Hero, a.Description}
}

// totalsJSON is the Summary's tail in every JSON document.
type totalsJSON struct {
	Frames     uint64 `json:"frames"`      // id of the last frame
	Duration   num    `json:"duration"`    // elapsed of the last frame, s
	FrameCount int    `json:"frame_count"` // frames read
}

func toTotals(s *Summary) totalsJSON {
	return totalsJSON{s.Frames, num(s.Duration), s.FrameCount}
}

// WriteJSON writes the report as one JSON document:
//
//	{"header": {...}, "category1": "v", "category2": "a",
//	 "collisions": [{"frame": 242, "time": 12.05, "collision_id": 3,
//	   "actor1": {"id": 174, "category": "v", "hero": true, "description": "vehicle.lincoln.mkz_2017"},
//	   "actor2": {...}}],
//	 "totals": {"frames": 461, "duration": 15.8809, "frame_count": 461},
//	 "error": null}
func (r *CollisionReport) WriteJSON(w io.Writer, loc *time.Location) error {
	doc := collisionsJSON{
		Header:     toHeader(r.Header, loc),
		Category1:  string(r.Cat1),
		Category2:  string(r.Cat2),
		Collisions: make([]collisionRowJSON, len(r.Rows)),
		Totals:     toTotals(&r.Summary),
		Error:      toError(r.Err),
	}
	for i, row := range r.Rows {
		doc.Collisions[i] = collisionRowJSON{row.Frame, num(row.Time), row.CollisionID,
			toActor(row.Actor1), toActor(row.Actor2)}
	}
	return writeJSON(w, doc)
}

// writeJSON writes v indented, with a final newline.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
