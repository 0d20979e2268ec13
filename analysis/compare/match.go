package compare

import (
	"context"
	"sort"
	"strings"

	"github.com/mm2carla/viewer/scene"
)

// Rule says how a pair was matched.
type Rule uint8

// The matching rules, in the order they are tried.
const (
	ByID    Rule = iota // same id and blueprint, spawns within SpawnRadius
	ByRole              // same role_name and blueprint, the only such pair left
	BySpawn             // same blueprint, nearest spawn (see SpawnRadius)
)

func (r Rule) String() string { return [...]string{"id", "role", "spawn"}[r] }

// Spawns are compared in space and time: a run of the same scenario
// spawns its actors at the same points at about the same times, but a
// busy one spawns many actors at each point over a run. So the distance
// of two spawns is their distance in metres plus SpawnSpeed metres for
// every second between them, and spawns farther apart than SpawnRadius
// are not the same actor's.
const (
	SpawnSpeed  = 10.0 // m a second of spawn time counts as
	SpawnRadius = 20.0 // m
)

// Pair is one actor of A matched with one of B (indexes into each
// Run's Actors).
type Pair struct {
	A, B int
	By   Rule
}

// Matching is two runs' actors matched.
type Matching struct {
	A, B  *Run
	Pairs []Pair // by A's actor
	// OnlyA and OnlyB are the actors matched with none (indexes into
	// each Run's Actors, in order).
	OnlyA, OnlyB []int
	bOf          []int // A's actor -> its B actor, -1 if none
}

// PartnerOfA returns the B actor matched with A's actor i, or -1.
func (m *Matching) PartnerOfA(i int) int { return m.bOf[i] }

// PairOfA returns the index in Pairs of the pair of A's actor i, or -1.
func (m *Matching) PairOfA(i int) int {
	k := sort.Search(len(m.Pairs), func(k int) bool { return m.Pairs[k].A >= i })
	if k < len(m.Pairs) && m.Pairs[k].A == i {
		return k
	}
	return -1
}

// Match reads both recordings (ReadPair) and matches their actors.
func Match(ctx context.Context, a, b *scene.Recording) (*Matching, error) {
	ra, rb, errA, errB := ReadPair(ctx, a, b)
	if errA != nil {
		return nil, errA
	}
	if errB != nil {
		return nil, errB
	}
	return MatchRuns(ra, rb), nil
}

// ReadPair reads two recordings at once, one goroutine each, and says
// which failed.
func ReadPair(ctx context.Context, a, b *scene.Recording) (ra, rb *Run, errA, errB error) {
	done := make(chan struct{})
	go func() {
		rb, errB = Read(ctx, b)
		close(done)
	}()
	ra, errA = Read(ctx, a)
	<-done
	return ra, rb, errA, errB
}

// MatchRuns matches the actors of two runs: by id when both runs have
// the id with the same blueprint and spawns within SpawnRadius (the k-th
// life of the id in A with the k-th in B; the spawn check keeps a run
// whose ids shifted by one from pairing walkers that happen to share a
// blueprint across the city), else by role_name and blueprint when exactly one actor of
// each run is left with them, else by nearest spawn with the same
// blueprint (closest pairs first, each actor used once). A role name
// shared by many actors (CARLA's "autopilot") thus matches nothing by
// itself.
func MatchRuns(a, b *Run) *Matching {
	m := &Matching{A: a, B: b}
	usedA, usedB := make([]bool, len(a.Actors)), make([]bool, len(b.Actors))
	add := func(i, j int, by Rule) {
		usedA[i], usedB[j] = true, true
		m.Pairs = append(m.Pairs, Pair{A: i, B: j, By: by})
	}
	matchByID(a, b, add)
	matchByRole(a, b, usedA, usedB, add)
	matchBySpawn(a, b, usedA, usedB, add)
	sort.Slice(m.Pairs, func(i, j int) bool { return m.Pairs[i].A < m.Pairs[j].A })
	m.OnlyA, m.OnlyB = unused(usedA), unused(usedB)
	m.bOf = make([]int, len(a.Actors))
	for i := range m.bOf {
		m.bOf[i] = -1
	}
	for _, p := range m.Pairs {
		m.bOf[p.A] = p.B
	}
	return m
}

// model is what a blueprint id is compared by: without its underscores,
// since CARLA 0.9.11 renamed some (vehicle.lincoln.mkz2017 is
// vehicle.lincoln.mkz_2017 since), and the runs to compare may come from
// either side of an upgrade.
func model(blueprint string) string { return strings.ReplaceAll(blueprint, "_", "") }

type idBP struct {
	id uint32
	bp string
}

func matchByID(a, b *Run, add func(i, j int, by Rule)) {
	lives := map[idBP][]int{}
	for j := range b.Actors {
		k := idBP{b.Actors[j].ID, model(b.Actors[j].Blueprint)}
		lives[k] = append(lives[k], j)
	}
	for i := range a.Actors {
		k := idBP{a.Actors[i].ID, model(a.Actors[i].Blueprint)}
		if js := lives[k]; len(js) > 0 && spawnDistance(a, b, i, js[0]) <= SpawnRadius {
			add(i, js[0], ByID)
			lives[k] = js[1:]
		}
	}
}

type roleBP struct{ role, bp string }

func matchByRole(a, b *Run, usedA, usedB []bool, add func(i, j int, by Rule)) {
	ia, ib := byRole(a, usedA), byRole(b, usedB)
	for k, is := range ia {
		if js := ib[k]; len(is) == 1 && len(js) == 1 {
			add(is[0], js[0], ByRole)
		}
	}
}

// byRole groups the unused actors that have a role name by it and blueprint.
func byRole(r *Run, used []bool) map[roleBP][]int {
	out := map[roleBP][]int{}
	for i := range r.Actors {
		if a := &r.Actors[i]; !used[i] && a.Role != "" {
			k := roleBP{a.Role, model(a.Blueprint)}
			out[k] = append(out[k], i)
		}
	}
	return out
}

func matchBySpawn(a, b *Run, usedA, usedB []bool, add func(i, j int, by Rule)) {
	type cand struct {
		i, j int
		d    float64
	}
	var cs []cand
	restB := unused(usedB)
	for _, i := range unused(usedA) {
		for _, j := range restB {
			if model(a.Actors[i].Blueprint) != model(b.Actors[j].Blueprint) {
				continue
			}
			if d := spawnDistance(a, b, i, j); d <= SpawnRadius {
				cs = append(cs, cand{i, j, d})
			}
		}
	}
	sort.SliceStable(cs, func(x, y int) bool { return cs[x].d < cs[y].d })
	for _, c := range cs {
		if !usedA[c.i] && !usedB[c.j] {
			add(c.i, c.j, BySpawn)
		}
	}
}

// spawnDistance is the distance of two spawns in space and time (see
// SpawnSpeed), each time taken since its run's start.
func spawnDistance(a, b *Run, i, j int) float64 {
	x, y := &a.Actors[i], &b.Actors[j]
	dt := (a.Times[x.First] - a.Start()) - (b.Times[y.First] - b.Start())
	if dt < 0 {
		dt = -dt
	}
	return x.Spawn().Sub(y.Spawn()).Len() + SpawnSpeed*dt
}

func unused(used []bool) []int {
	var out []int
	for i, u := range used {
		if !u {
			out = append(out, i)
		}
	}
	return out
}
