package scene

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/mm2carla/viewer/format/recorder"
)

func TestAlign(t *testing.T) {
	for _, c := range []struct {
		name   string
		a, b   []uint32
		ok     bool
		oa, ob []int32
	}{
		{"same", []uint32{1, 2, 3}, []uint32{1, 2, 3}, true, nil, nil},
		{"both empty", nil, nil, true, nil, nil},
		{"one gone", []uint32{1, 2, 3}, []uint32{1, 3}, true, []int32{1}, nil},
		{"one new", []uint32{1, 3}, []uint32{1, 2, 3}, true, nil, []int32{1}},
		{"replaced", []uint32{1, 2, 3}, []uint32{1, 9, 3}, true, []int32{1}, []int32{1}},
		{"appended", []uint32{1, 2}, []uint32{1, 2, 7, 8}, true, nil, []int32{2, 3}},
		{"all new", []uint32{1, 2}, []uint32{5, 6}, true, []int32{0, 1}, []int32{0, 1}},
		{"too different", seq(0, 20), seq(100, 120), false, nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			oa, ob, ok := align(c.a, c.b, nil, nil)
			if ok != c.ok {
				t.Fatalf("ok %v, want %v", ok, c.ok)
			}
			if ok && (!slices.Equal(oa, c.oa) || !slices.Equal(ob, c.ob)) {
				t.Errorf("onlyA %v onlyB %v, want %v %v", oa, ob, c.oa, c.ob)
			}
		})
	}
}

// TestAlignPairsEqualIDs: whatever the packets, an id align leaves out of
// its lists has an equal id in the other packet, and a result is given
// whenever they differ by a few ids.
func TestAlignPairsEqualIDs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	a := seq(0, 30)
	for range 5000 {
		b := perturb(rng, a, 40)
		oa, ob, ok := align(a, b, nil, nil)
		if !ok {
			if len(symmetricDiff(a, b)) <= 2 {
				t.Fatalf("align gave up on %v and %v", a, b)
			}
			a = b
			continue
		}
		for i, id := range a {
			if !slices.Contains(oa, int32(i)) && !slices.Contains(b, id) {
				t.Fatalf("a[%d]=%d left out, not in b: %v %v", i, id, a, b)
			}
		}
		for j, id := range b {
			if !slices.Contains(ob, int32(j)) && !slices.Contains(a, id) {
				t.Fatalf("b[%d]=%d left out, not in a: %v %v", j, id, a, b)
			}
		}
		a = b
	}
}

// TestTrackerWaits: a tracker without steps, which lets packets wait
// (tracker.position), hands the marks the same last records as applying
// every record in turn, through churn, destroys, spawns of ids the
// waiting packet names, and packets unlike the one before.
func TestTrackerWaits(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 200 {
		var trk tracker
		trk.noSteps = true
		trk.reset()
		ref := map[uint32]*refTrack{}
		p := &piece{}
		ids := seq(0, 12)
		var payloads [][]byte
		for f := int32(0); f < 60; f++ {
			switch r := rng.IntN(10); {
			case r == 0:
				id := uint32(rng.IntN(16))
				trk.spawn(id, recorder.Vec3{}, f)
				ref[id] = &refTrack{frame: -1, dirty: true}
			case r == 1:
				id := uint32(rng.IntN(16))
				trk.destroy(id)
				refOf(ref, id).dead = true
			}
			ids = perturb(rng, ids, 16)
			pl := positionPayload(ids, len(payloads))
			payloads = append(payloads, pl)
			trk.position(recorder.NewPositionView(pl, recorder.Layout{}), f)
			for k, id := range ids {
				if r := refOf(ref, id); !r.dead {
					r.pk, r.rec, r.frame, r.dirty = len(payloads)-1, k, f, true
				}
			}
			if rng.IntN(8) == 0 || f == 59 {
				trk.mark(p, f, false)
				got := p.moves[markStart(p):]
				want := refMark(ref)
				if !sameMoves(got, want) {
					t.Fatalf("round %d frame %d: marks %v, applying each record gives %v", round, f, got, want)
				}
			}
		}
	}
}

type refTrack struct {
	pk, rec     int
	frame       int32
	dead, dirty bool
}

func refOf(ref map[uint32]*refTrack, id uint32) *refTrack {
	if ref[id] == nil {
		ref[id] = &refTrack{frame: -1}
	}
	return ref[id]
}

// refMark is what a mark hands over: each changed actor's last record,
// its location telling the packet and the record.
func refMark(ref map[uint32]*refTrack) []move {
	var mv []move
	for id, r := range ref {
		if !r.dirty {
			continue
		}
		r.dirty = false
		m := move{id: id, frame: r.frame}
		if r.frame >= 0 {
			m.loc = recorder.Vec3{X: float64(r.pk), Y: float64(r.rec)}
		}
		mv = append(mv, m)
	}
	return mv
}

func markStart(p *piece) int32 {
	if n := len(p.marks); n > 1 {
		return p.marks[n-2].end
	}
	return 0
}

func sameMoves(got, want []move) bool {
	byID := func(a, b move) int { return int(a.id) - int(b.id) }
	g := slices.Clone(got)
	slices.SortFunc(g, byID)
	slices.SortFunc(want, byID)
	if len(g) != len(want) {
		return false
	}
	for i := range g {
		if g[i].id != want[i].id || g[i].frame != want[i].frame || g[i].loc != want[i].loc {
			return false
		}
	}
	return true
}

// positionPayload is a Position packet's payload (narrow layout) whose
// record k of packet pk is at (pk, k, 0).
func positionPayload(ids []uint32, pk int) []byte {
	b := binary.LittleEndian.AppendUint16(nil, uint16(len(ids)))
	for k, id := range ids {
		b = binary.LittleEndian.AppendUint32(b, id)
		for _, v := range [6]float32{float32(pk), float32(k)} {
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	}
	return b
}

// TestNoteAligns: the firsts a decoder notes are the ids each packet
// names for the first time since the piece began or the id's last spawn,
// through churn, spawns and packets unlike the one before.
func TestNoteAligns(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var d decoder
	for round := range 300 {
		d.gen++
		d.lastOK = [len(skimGroups)]bool{}
		p := &piece{}
		seen := map[[2]uint32]bool{}
		var want []uint32
		ids := [len(skimGroups)][]uint32{}
		for range 40 {
			if rng.IntN(4) == 0 {
				id := uint32(rng.IntN(20))
				d.forget(id)
				for k := range skimGroups {
					delete(seen, [2]uint32{uint32(k), id})
				}
			}
			k := rng.IntN(len(skimGroups))
			ids[k] = perturb(rng, ids[k], 20)
			if round%10 == 0 && rng.IntN(3) == 0 {
				ids[k] = append(ids[k], maxSeen+uint32(rng.IntN(3)))
			}
			d.note(p, k, ids[k])
			for _, id := range ids[k] {
				if key := [2]uint32{uint32(k), id}; !seen[key] || id >= maxSeen {
					seen[key] = true
					want = append(want, id)
				}
			}
			if !slices.Equal(p.firsts, want) {
				t.Fatalf("round %d: firsts %v, want %v", round, p.firsts, want)
			}
		}
	}
}

func seq(lo, hi uint32) []uint32 {
	var s []uint32
	for i := lo; i < hi; i++ {
		s = append(s, i)
	}
	return s
}

// perturb returns ids with a few changes, as churn makes them, or now and
// then a list unlike it; ids are below n.
func perturb(rng *rand.Rand, ids []uint32, n int) []uint32 {
	out := slices.Clone(ids)
	switch rng.IntN(12) {
	case 0, 1, 2, 3:
	case 4:
		if len(out) > 0 {
			i := rng.IntN(len(out))
			out = slices.Delete(out, i, i+1)
		}
	case 5:
		i := rng.IntN(len(out) + 1)
		out = slices.Insert(out, i, uint32(rng.IntN(n)))
	case 6:
		if len(out) > 0 {
			out[rng.IntN(len(out))] = uint32(rng.IntN(n))
		}
	case 7:
		out = append(out, uint32(rng.IntN(n)))
	case 8:
		if len(out) > 1 {
			i, j := rng.IntN(len(out)), rng.IntN(len(out))
			out[i], out[j] = out[j], out[i]
		}
	default:
		out = out[:0]
		for range rng.IntN(n) {
			out = append(out, uint32(rng.IntN(n)))
		}
	}
	return out
}

func symmetricDiff(a, b []uint32) []uint32 {
	var d []uint32
	for _, x := range a {
		if !slices.Contains(b, x) {
			d = append(d, x)
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			d = append(d, x)
		}
	}
	return d
}

func BenchmarkAlign(b *testing.B) {
	a := seq(0, 600)
	c := slices.Clone(a)
	c[300] = 9999
	var oa, ob []int32
	for b.Loop() {
		oa, ob, _ = align(a, c, oa[:0], ob[:0])
	}
}
