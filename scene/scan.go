package scene

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/mm2carla/viewer/format/recorder"
)

// scanner is Open's one pass over the file: it applies every frame to a
// World, keeping keyframes, static data and events.
//
// Most of a frame is per-frame values (poses, controls, lights,
// kinematics) that the next frame overwrites, and a keyframe keeps only
// what its own frame cannot give back (keyframe.go). So the scan decodes
// only the keyframes' frames in full. In the others it decodes positions
// (distance travelled needs every pose), traffic lights (their changes
// are events) and the events, but only skims the animation, vehicle light
// and kinematics packets (recorder.Reader.Skim): it learns which actors
// they wrote, not the values. A keyframe needs such a value only for an
// actor that its own frame does not write (in CARLA's files, hardly
// ever); fillSkimmed reads those frames again.
type scanner struct {
	rec        *Recording
	rd         *recorder.Reader // lists its frames (TrackFrames)
	rule       BlockRule        // for the blocked spans among the events
	w          *World
	payloadErr bool // the error that stopped the scan is not the framing's

	side      *recorder.Reader // re-reads frames for fillSkimmed
	need      []int32          // scratch: frames fillSkimmed reads
	refetched int              // frames read again (tests check the path runs)
}

// run scans the file. It returns how many frames it applied whole and the
// error that stopped it, if any (io.EOF is not one).
func (s *scanner) run(ctx context.Context, progress func(int64)) (int, error) {
	rec, rd := s.rec, s.rd
	w := NewWorld()
	w.statics = rec.statics
	w.events = &rec.events
	w.watch = newBlockWatch(s.rule)
	s.w = w
	lastKey, lastKeyEnd, lastReport := -1, int64(0), int64(0)
	key := false // the current frame will be a keyframe
	for {
		p, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if w.inFrame {
				s.payloadErr = true
				return w.frame, err
			}
			return w.frame + 1, err
		}
		if p.ID() == recorder.IDFrameStart {
			f := w.frame + 1
			key = lastKey < 0 || f-lastKey >= keyFrames || rd.Offset()-lastKeyEnd >= keyBytes
			if key {
				rd.Skim()
			} else {
				rd.Skim(recorder.IDVehicleAnimation, recorder.IDWalkerAnimation, recorder.IDVehicleLight, recorder.IDKinematics)
			}
		}
		w.Apply(p)
		if p.ID() != recorder.IDFrameEnd {
			continue
		}
		end := rd.Offset() + 5
		if key {
			if err := s.fillSkimmed(); err != nil {
				s.payloadErr = true // not the framing: index the rest anew
				return w.frame, err
			}
			rec.keys = append(rec.keys, keyframe{})
			w.capture(&rec.keys[len(rec.keys)-1])
			lastKey, lastKeyEnd = w.frame, end
		}
		if end-lastReport >= progressStep {
			lastReport = end
			progress(end)
			if ctx.Err() != nil {
				return w.frame + 1, nil
			}
		}
	}
	return w.frame + 1, nil
}

// fillSkimmed gives the actors whose last write of a group was skimmed
// that value, by decoding again the frames that wrote them, so that the
// keyframe about to be captured stores them right. Only frames since the
// previous keyframe can be involved: a value stale at that keyframe was
// filled then.
func (s *scanner) fillSkimmed() error {
	w := s.w
	s.need = s.need[:0]
	for j := range w.count() {
		a := w.at(j)
		for g := range nGroups {
			if a.skimmed&(1<<g) != 0 {
				s.need = append(s.need, a.seen[g])
			}
		}
	}
	if len(s.need) == 0 {
		return nil
	}
	slices.Sort(s.need)
	s.need = slices.Compact(s.need)
	ix := s.rd.Index() // lists the frames up to this one
	for _, f := range s.need {
		if err := s.refill(ix, int(f)); err != nil {
			return fmt.Errorf("scene: reading frame %d again: %w", f, err)
		}
	}
	for j := range w.count() {
		w.at(j).skimmed = 0
	}
	return nil
}

// refill decodes frame f again and sets, for each actor whose group g was
// last written (and skimmed) in f, that value. Records are applied in file
// order, so the last write of the frame wins, as it did in the scan.
func (s *scanner) refill(ix *recorder.Index, f int) error {
	if s.side == nil {
		s.side = recorder.NewFrameReader(s.rec.src, ix, f, f)
	} else {
		s.side.Reset(s.rec.src, ix, f, f)
	}
	s.refetched++
	w := s.w
	stale := func(id uint32, g int) *actorState {
		if a := w.get(id); a != nil && a.skimmed&(1<<g) != 0 && a.seen[g] == int32(f) {
			return a
		}
		return nil
	}
	for {
		p, err := s.side.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch p := p.(type) {
		case *recorder.VehicleAnimations:
			for i := range p.Records {
				if a := stale(p.Records[i].ID, gControl); a != nil {
					a.setControl(&p.Records[i])
				}
			}
		case *recorder.WalkerAnimations:
			for i := range p.Records {
				if a := stale(p.Records[i].ID, gWalker); a != nil {
					a.setWalker(&p.Records[i])
				}
			}
		case *recorder.VehicleLights:
			for i := range p.Records {
				if a := stale(p.Records[i].ID, gLights); a != nil {
					a.setLights(&p.Records[i])
				}
			}
		case *recorder.KinematicsList:
			for i := range p.Records {
				if a := stale(p.Records[i].ID, gKin); a != nil {
					a.setKin(&p.Records[i])
				}
			}
		}
	}
}
