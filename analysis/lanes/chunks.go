package lanes

// chunkFrames is how many frames of samples go to a worker at once.
const chunkFrames = 256

// chunk is chunkFrames frames of samples: in and track as the decoder
// wrote them, frame by frame; out and runs as a worker left them, placed
// on the map and grouped by track.
type chunk struct {
	in    []sample
	track []int32 // the track of each sample of in
	out   []sample
	runs  []trackRun // out[runs[i].from:runs[i].to] belong to track runs[i].track
	done  chan struct{}
	slot  []int32 // the worker's scratch: run index + 1 by track
}

type trackRun struct{ track, from, to int32 }

func (p *pass) newChunk() *chunk {
	var c *chunk
	select {
	case c = <-p.free:
		c.in, c.track, c.runs = c.in[:0], c.track[:0], c.runs[:0]
	default:
		c = &chunk{}
	}
	c.done = make(chan struct{})
	return c
}

// send hands the current chunk to the workers, and takes the oldest back
// once enough are out.
func (p *pass) send() {
	if len(p.cur.in) == 0 {
		return
	}
	p.pending = append(p.pending, p.cur)
	p.jobs <- p.cur
	p.cur = p.newChunk()
	for len(p.pending) > 2*p.workers {
		p.collect()
	}
}

// collect waits for the oldest chunk out and copies its runs onto their
// tracks: the chunks come back in the order they went, so each track's
// samples stay in time order.
func (p *pass) collect() {
	c := p.pending[0]
	<-c.done
	for _, r := range c.runs {
		tr := &p.a.Tracks[r.track]
		tr.s = append(tr.s, c.out[r.from:r.to]...)
	}
	p.pending = p.pending[1:]
	select {
	case p.free <- c:
	default:
	}
}

// work groups and places chunks until the jobs are closed.
func (p *pass) work() {
	fw, _ := p.m.(Follower)
	for c := range p.jobs {
		c.group()
		for _, r := range c.runs {
			var cur Cursor
			for i := r.from; i < r.to; i++ {
				s := &c.out[i]
				switch {
				case p.m == nil:
					s.herr = noHeading
				case fw != nil:
					placeRaw(s, fw.LocateFrom(&cur, s.position()))
				default:
					placeRaw(s, p.m.Locate(s.position()))
				}
			}
		}
		close(c.done)
	}
}

// group sorts the chunk's samples by track into out (a counting sort,
// keeping time order within a track) and lists the runs.
func (c *chunk) group() {
	c.runs = c.runs[:0]
	for _, t := range c.track {
		if int(t) >= len(c.slot) {
			c.slot = append(c.slot, make([]int32, int(t)+1-len(c.slot))...)
		}
		if c.slot[t] == 0 {
			c.runs = append(c.runs, trackRun{track: t})
			c.slot[t] = int32(len(c.runs))
		}
		c.runs[c.slot[t]-1].to++ // counts for now
	}
	n := int32(0)
	for i := range c.runs {
		k := c.runs[i].to
		c.runs[i].from, c.runs[i].to = n, n
		n += k
	}
	if cap(c.out) < len(c.in) {
		c.out = make([]sample, len(c.in), len(c.in)+len(c.in)/4)
	}
	c.out = c.out[:len(c.in)]
	for i, t := range c.track {
		r := &c.runs[c.slot[t]-1]
		c.out[r.to] = c.in[i]
		r.to++
	}
	for _, r := range c.runs {
		c.slot[r.track] = 0
	}
}
