package lanes

import (
	"context"
	"io"
	"runtime"
	"slices"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/mm2carla/viewer/format/recorder"
	"github.com/mm2carla/viewer/scene"
)

// How Associate works, and why so.
//
// It is to cost about what opening the recording does (issue 11's
// target; docs/PERFORMANCE.md has the figures, and it is not there yet),
// so it neither seeks nor builds whole States: one goroutine applies the
// frames in order to a scene.World of its own (Recording.FrameReader),
// ignoring the packets it has no use for (Open checked them), and reads each
// frame's vehicles with World.Vehicles. It works out every vehicle's
// velocity as StateAt does (from the frame after, else the one before,
// never across a teleport), so a sample is known one frame late.
//
// Samples come frame by frame and belong track by track: writing each
// straight into its track would miss the cache once a sample, and touch
// the new memory (150 MB for 20 minutes of 200 vehicles, whose page
// faults cost half as much again as the decoding) on the decoder's core.
// So the decoder
// writes them in frame order into a chunk of chunkFrames frames, and
// workers group each chunk by track, place its samples on the map (a
// Follower's cursor making that a few projections a sample) and write
// them into their tracks (chunks.go). There is a worker per core, not
// per core the decoder leaves: placing costs about as much as decoding,
// and whichever side runs ahead would otherwise leave a core idle.

// follow is what the pass keeps of a vehicle it is sampling: its last two
// positions, to give the one before the last its velocity.
type follow struct {
	id       uint32
	track    int32
	spawn    int
	seen     int  // last frame it was in
	prevOK   bool // lastStep holds its move into frame seen
	cur      mgl64.Vec3
	yaw      float64
	lastStep mgl64.Vec3
}

// pass is one Associate run.
type pass struct {
	rec     *scene.Recording
	m       Map
	a       *Association
	times   []float64
	live    []follow              // the vehicles of the last frame, by id
	next    []follow              // scratch for the next frame's
	life    map[scene.LifeKey]int // each life's frames
	lights  map[uint32]int
	lastLit []int32        // the light of the record at each position of the last TrafficLightStates
	newLit  bool           // a light without a position appeared this frame
	signs   map[uint32]int // the stop sign actors (by id) to place: index in a.Signs
	signAt  []int          // the frames stop signs are spawned in, in order
	nextSgn int            // the first of signAt not yet reached
	poses   []scene.Pose   // every actor, at frames with events or new lights
	movers  []scene.Mover  // the vehicles of the current frame
	nextEv  int
	evIDs   []uint32            // actors of the current frame's collisions and blocked spans
	parents map[uint32]struct{} // the ids actors are attached to, over the recording
	only    map[uint32]struct{} // the vehicles sampled; nil: all (only.go)

	tracks  []trackFill // the decoder's bookkeeping of each track
	store   *slab       // their storage (storage.go)
	chunkN  int         // the samples a chunk is made room for
	cur     *chunk      // being filled
	seq     int         // number of the chunk being filled
	pending []*chunk    // sent to the workers, oldest first
	free    chan *chunk
	jobs    chan *chunk
	workers int
}

// trackFill is what the decoder knows of a track's storage: how many
// samples it has handed out, and the track's slot in the chunk being
// filled (when seq is that chunk's).
type trackFill struct {
	n, slot int32
	seq     int
}

// progressEvery is how many frames pass between progress reports and
// checks of the context.
const progressEvery = chunkFrames

// Associate samples every vehicle of rec at every frame and places it on
// m (which may be nil: then only positions, speeds and yaws are kept).
// It is meant to run in a background goroutine: progress, if not nil, is
// called from it with the frames done out of the total, and ctx stops it
// early with ctx's error. It uses every core for a while.
// A recording whose events claim more samples than its frames could have
// recorded (a hostile file) is refused with an error, before anything is
// allocated for them.
func Associate(ctx context.Context, rec *scene.Recording, m Map, progress func(done, total int64)) (*Association, error) {
	p, err := newPass(rec, m, nil)
	if err != nil {
		return nil, err
	}
	return p.associate(ctx, progress)
}

func (p *pass) associate(ctx context.Context, progress func(done, total int64)) (*Association, error) {
	fillCtx, stopFill := context.WithCancel(ctx)
	go p.store.fill(fillCtx)
	for range p.workers {
		go p.work()
	}
	err := p.run(ctx, progress)
	close(p.jobs)
	for len(p.pending) > 0 {
		p.wait()
	}
	stopFill()
	<-p.store.done
	if err != nil {
		return nil, err
	}
	for i := range p.a.Tracks {
		tr := &p.a.Tracks[i]
		tr.times, tr.s = p.times, tr.s[:p.tracks[i].n]
	}
	sort.Slice(p.a.Lights, func(i, j int) bool { return p.a.Lights[i].ID < p.a.Lights[j].ID })
	sort.Slice(p.a.Signs, func(i, j int) bool { return p.a.Signs[i].ID < p.a.Signs[j].ID })
	return p.a, nil
}

// newPass prepares a pass over rec (over the vehicles in only, when it is
// not nil), or refuses it (checkClaim) before allocating anything for its
// samples.
func newPass(rec *scene.Recording, m Map, only map[uint32]struct{}) (*pass, error) {
	lives := rec.Lives()
	if only != nil {
		lives = slices.DeleteFunc(lives, func(l scene.Life) bool { _, ok := only[l.ID]; return !ok })
	}
	n := vehicleFrames(lives)
	if err := checkClaim(rec, n); err != nil {
		return nil, err
	}
	evs := rec.Events()
	w := runtime.GOMAXPROCS(0)
	p := &pass{rec: rec, m: m, only: only, times: rec.Times(), lights: map[uint32]int{},
		workers: w, jobs: make(chan *chunk, 2*w), free: make(chan *chunk, 3*w+1)}
	p.a = &Association{Map: m, Times: p.times, Spots: make([]Spot, len(evs)), byID: map[uint32][]int32{}}
	p.life = scene.LifeFrames(lives)
	p.store = newSlab(n)
	p.chunkN = int(min(n*chunkFrames/int64(max(len(p.times), 1))*5/4, n, maxChunk))
	p.parents = map[uint32]struct{}{}
	p.signs = map[uint32]int{}
	for _, e := range evs {
		switch {
		case e.Kind == scene.EventParent && e.Other != 0:
			p.parents[e.Other] = struct{}{}
		case e.Kind == scene.EventSpawn && e.Blueprint == StopBlueprint:
			if _, ok := p.signs[e.Actor]; !ok {
				p.signs[e.Actor] = len(p.a.Signs)
				p.a.Signs = append(p.a.Signs, SignTrack{ID: e.Actor})
				p.signAt = append(p.signAt, e.Frame)
			}
		}
	}
	return p, nil
}

// ignored are the packets the pass does not use: Open checked them.
var ignored = []recorder.PacketID{recorder.IDCollision, recorder.IDVehicleAnimation,
	recorder.IDWalkerAnimation, recorder.IDVehicleLight, recorder.IDSceneLight, recorder.IDKinematics,
	recorder.IDPlatformTime, recorder.IDPhysicsControl, recorder.IDTrafficLightTime, recorder.IDTriggerVolume,
	recorder.IDFrameCounter, recorder.IDWalkerBones, recorder.IDVisualTime, recorder.IDVehicleWheels,
	recorder.IDBikerAnimation, recorder.IDVehicleDoor, recorder.IDWeather}

// run applies every frame and hands out the samples.
func (p *pass) run(ctx context.Context, progress func(done, total int64)) error {
	n := len(p.times)
	rd := p.rec.FrameReader(0, n-1)
	rd.Ignore(ignored...)
	w := scene.NewWorld()
	w.FilterPositions(p.keep)
	w.SkipDistances()
	p.cur = p.newChunk()
	for f := 0; f < n; {
		pk, err := rd.Next()
		if err == io.EOF {
			err = io.ErrUnexpectedEOF // the index promised more frames
		}
		if err != nil {
			return err
		}
		// The World gets neither the lights' states (the pass keeps its
		// own, lightStates) nor the packets ignored: it is read for
		// places only.
		switch pk := pk.(type) {
		case *recorder.Raw:
		case *recorder.TrafficLightStates:
			p.lightStates(pk.Records, p.times[f])
		case *recorder.FrameStart:
			p.frameEvents(f)
			w.Apply(pk)
		case *recorder.FrameEnd:
			w.Apply(pk)
			p.frame(w, f)
			f++
			if f%progressEvery == 0 || f == n {
				p.send()
				if err := ctx.Err(); err != nil {
					return err
				}
				if progress != nil {
					progress(int64(f), int64(n))
				}
			}
		default:
			w.Apply(pk)
		}
	}
	for i := range p.live {
		p.finish(&p.live[i])
	}
	p.send()
	return nil
}

// frame samples the vehicles of frame f, now applied to w.
func (p *pass) frame(w *scene.World, f int) {
	p.movers = w.Vehicles(p.movers)
	if p.only != nil {
		p.movers = slices.DeleteFunc(p.movers, func(m scene.Mover) bool { return !p.sampled(m.ID) })
	}
	// Both lists are sorted by id: walk them side by side.
	p.next = p.next[:0]
	j := 0
	for i := range p.movers {
		ps := &p.movers[i]
		for j < len(p.live) && p.live[j].id < ps.ID {
			p.finish(&p.live[j]) // gone
			j++
		}
		if j < len(p.live) && p.live[j].id == ps.ID {
			fl := p.live[j]
			j++
			if fl.spawn == ps.SpawnFrame {
				p.next = append(p.next, fl)
				p.step(&p.next[len(p.next)-1], ps, f)
				continue
			}
			p.finish(&fl) // the id names a new actor
		}
		p.next = append(p.next, p.start(ps, f))
	}
	for ; j < len(p.live); j++ {
		p.finish(&p.live[j])
	}
	p.live, p.next = p.next, p.live
	signs := p.signsDue(f)
	if p.newLit || signs || p.eventsAt(f) {
		p.poses = w.Poses(p.poses, nil)
		p.placeLights()
		p.spots(f)
	}
	if signs {
		p.placeSigns()
	}
}
