package lanes

// chunkFrames is how many frames of samples go to a worker at once.
const chunkFrames = 256

// maxChunk is the most samples a new chunk is made room for (40 MiB);
// a fuller one grows.
const maxChunk = 1 << 20

// chunk is chunkFrames frames of samples as the decoder wrote them,
// frame by frame, each with the slot of its track in the chunk and its
// index in the track; and, per slot, the track's storage. A worker groups
// the samples by slot, places them and writes each at its index: the
// storage was made as long as the track's spawn and destroy events said,
// so nothing is copied and the decoder never touches it meanwhile.
type chunk struct {
	in   []entry
	dst  [][]sample
	done chan struct{}

	order []int32 // the worker's scratch: sample indices grouped by slot
	count []int32 // the worker's scratch: where each slot's group starts
}

// entry is a sample as the decoder wrote it: with the slot of its track
// in the chunk and its index in the track. One append a sample, not three.
type entry struct {
	s           sample
	slot, index int32
}

func (p *pass) newChunk() *chunk {
	var c *chunk
	select {
	case c = <-p.free:
		c.in, c.dst = c.in[:0], c.dst[:0]
	default:
		c = &chunk{in: make([]entry, 0, p.chunkN)}
	}
	c.done = make(chan struct{})
	p.seq++
	return c
}

// slotOf returns the slot of track t in the current chunk.
func (p *pass) slotOf(t int32) int32 {
	tr := &p.tracks[t]
	if tr.seq != p.seq {
		tr.seq, tr.slot = p.seq, int32(len(p.cur.dst))
		p.cur.dst = append(p.cur.dst, p.a.Tracks[t].s)
	}
	return tr.slot
}

// send hands the current chunk to the workers, and waits for the oldest
// once enough are out.
func (p *pass) send() {
	if len(p.cur.in) == 0 {
		return
	}
	p.pending = append(p.pending, p.cur)
	p.jobs <- p.cur
	p.cur = p.newChunk()
	for len(p.pending) > 2*p.workers {
		p.wait()
	}
}

// wait waits for the oldest chunk out and keeps its buffers.
func (p *pass) wait() {
	c := p.pending[0]
	<-c.done
	p.pending = p.pending[1:]
	select {
	case p.free <- c:
	default:
	}
}

// grow makes track t's storage longer, when it had more samples than its
// events promised: once every chunk sent is done with the old storage.
// The chunk being filled writes into the new one.
func (p *pass) grow(t int32) {
	for len(p.pending) > 0 {
		p.wait()
	}
	tr := &p.a.Tracks[t]
	s := make([]sample, 2*len(tr.s)+chunkFrames)
	copy(s, tr.s)
	tr.s = s
	if p.tracks[t].seq == p.seq {
		p.cur.dst[p.tracks[t].slot] = s
	}
}

// work places chunks until the jobs are closed.
func (p *pass) work() {
	fw, _ := p.m.(Follower)
	for c := range p.jobs {
		c.group()
		var f Fix
		for s := range c.dst {
			var cur Cursor
			var last [3]float32 // where f was found, when fixed
			fixed := false
			dst := c.dst[s]
			for _, i := range c.order[c.count[s]:c.count[s+1]] {
				e := &c.in[i]
				smp := e.s
				switch {
				case p.m == nil:
					placeRaw(&smp, nil)
				case fw != nil:
					// A vehicle standing still (at a light, in a queue)
					// is where it was: Follow's answer is Locate's, a
					// function of the point alone.
					if !fixed || smp.pos != last {
						fw.Follow(&cur, smp.position(), &f)
						last, fixed = smp.pos, true
					}
					placeRaw(&smp, &f)
				default:
					loc := p.m.Locate(smp.position())
					f = loc.Fix()
					placeRaw(&smp, &f)
				}
				dst[e.index] = smp
			}
		}
		close(c.done)
	}
}

// group lists the chunk's samples by slot (a counting sort, keeping time
// order within a slot), so that a cursor follows each vehicle.
func (c *chunk) group() {
	n := len(c.dst)
	c.count = append(c.count[:0], make([]int32, n+1)...)
	for i := range c.in {
		c.count[c.in[i].slot+1]++
	}
	for s := 1; s <= n; s++ {
		c.count[s] += c.count[s-1]
	}
	c.order = append(c.order[:0], make([]int32, len(c.in))...)
	next := append([]int32(nil), c.count[:n]...)
	for i := range c.in {
		s := c.in[i].slot
		c.order[next[s]] = int32(i)
		next[s]++
	}
}
