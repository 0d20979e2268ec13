package loader

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

// MaxMapSize bounds the maps Load reads into memory. Retail maps are a few
// MiB; a bigger file that starts with CAI1 is corrupt, and reading it whole
// would only waste memory before the decoder says so.
const MaxMapSize = 256 << 20

// Options tune a load.
type Options struct {
	// A recording bigger than PreviewMin bytes shows at once: its first
	// PreviewLen bytes are copied into memory and opened as a recording
	// of their own (Job.Preview) before the whole file is indexed, which
	// takes about half a second a gigabyte from the page cache and longer
	// from a cold disk. A smaller file opens before a preview would be
	// seen. PreviewMin 0 means no preview.
	PreviewMin, PreviewLen int64
}

// DefaultOptions are the options Start uses.
func DefaultOptions() Options { return Options{PreviewMin: 128 << 20, PreviewLen: 16 << 20} }

// Source is a file to load: a path on disk, or bytes already in memory
// (the built-in demo, or a dropped file with no path).
type Source struct {
	Name string // what the window shows: the file's base name
	Path string // "" for in-memory data
	Data []byte // the content when Path is ""
}

// FileSource names the file at path.
func FileSource(path string) Source { return Source{Name: filepath.Base(path), Path: path} }

// BytesSource names in-memory data.
func BytesSource(name string, data []byte) Source { return Source{Name: name, Data: data} }

// Result is what a finished Job produced: a map or a recording, or the
// error that stopped it, or, for a damaged map, both the part of the map
// read before the error and the error. A recording keeps its file open
// (it reads frames with ReadAt as the user seeks); Close releases it once
// the recording is replaced.
type Result struct {
	Source Source
	Kind   Kind
	Size   int64
	// Map is the map (KindMap). With Err set it is what a damaged map
	// still holds: the roads (and, if the damage comes after them, the
	// intersections) read whole before the error, to be shown with the
	// error; it is nil when not one road or intersection was read whole.
	Map *scene.Map
	// Roads is the road network of an OpenDRIVE map (KindMap); Map is
	// then empty, not nil. With Err set it holds the roads read whole
	// before the error, as Map does for a BAI map.
	Roads     *scene.RoadNet
	Recording *scene.Recording // KindRecording; see Recording.Err for a partial file
	// Err is why the file could not be read whole: the message starts
	// with the file's name and, for a format problem, says the byte
	// offset. A recording comes with no Err (a cut one says so in
	// Recording.Err); a map may, see Map.
	Err error

	file      io.Closer
	closeOnce sync.Once
}

// Close releases the file behind a recording. It is safe to call more
// than once, concurrently, and on any Result.
func (r *Result) Close() error {
	if r == nil || r.file == nil {
		return nil
	}
	var err error
	r.closeOnce.Do(func() { err = r.file.Close() })
	return err
}

// Job is one file loading in the background. Its methods are safe to call
// from any goroutine; the UI polls Result once a tick.
type Job struct {
	src    Source
	kind   Kind
	prog   scene.Progress
	cancel context.CancelFunc
	done   chan struct{}
	res    *Result
	taken  atomic.Bool
	once   sync.Once

	opt     Options
	preview atomic.Pointer[scene.Recording]
}

// Start sniffs the source (a few bytes, on the calling goroutine, so the
// caller knows at once whether a map or a recording is coming and can
// cancel the one it replaces) and loads it in a new goroutine.
func Start(src Source) *Job { return StartWith(src, DefaultOptions()) }

// StartWith is Start with options.
func StartWith(src Source, opt Options) *Job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &Job{src: src, cancel: cancel, done: make(chan struct{}), opt: opt}
	r, size, closer, err := open(src)
	if err != nil {
		j.finish(&Result{Source: src, Err: err})
		return j
	}
	head := make([]byte, min(int64(XMLSniffLen), size))
	if _, err := r.ReadAt(head, 0); err != nil && err != io.EOF {
		closeQuietly(closer)
		j.finish(&Result{Source: src, Err: fmt.Errorf("%s: %w", src.Name, err)})
		return j
	}
	j.kind = Sniff(head)
	switch j.kind {
	case KindMap:
		closeQuietly(closer) // read again whole in the goroutine; maps are small
		go j.loadMap(size, IsOpenDRIVE(head))
	case KindRecording:
		go j.loadRecording(ctx, r, size, closer)
	default:
		closeQuietly(closer)
		j.finish(&Result{Source: src, Size: size, Err: &UnknownError{Name: src.Name, Head: head}})
	}
	return j
}

// open gives random access to the source and its size.
func open(src Source) (io.ReaderAt, int64, io.Closer, error) {
	if src.Path == "" {
		return bytes.NewReader(src.Data), int64(len(src.Data)), nil, nil
	}
	f, err := os.Open(src.Path)
	if err != nil {
		return nil, 0, nil, err // *PathError already names the file
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, nil, fmt.Errorf("%s: not a regular file", src.Path)
	}
	return f, st.Size(), f, nil
}

func closeQuietly(c io.Closer) {
	if c != nil {
		c.Close()
	}
}

func (j *Job) loadMap(size int64, xodr bool) {
	res := &Result{Source: j.src, Kind: KindMap, Size: size}
	defer func() { j.finish(res) }()
	if size > MaxMapSize {
		res.Err = fmt.Errorf("%s: %d bytes is too large for a map (at most %d)", j.src.Name, size, MaxMapSize)
		return
	}
	data := j.src.Data
	if j.src.Path != "" {
		var err error
		if data, err = os.ReadFile(j.src.Path); err != nil {
			res.Err = err
			return
		}
	}
	j.prog.Report(int64(len(data))/2, int64(len(data)))
	if xodr {
		res.Map, res.Roads, res.Err = loadOpenDRIVE(j.src.Name, data)
		j.prog.Report(int64(len(data)), int64(len(data)))
		return
	}
	m, err := bai.DecodeBytes(data)
	if err != nil {
		res.Err = fmt.Errorf("%s: %w", j.src.Name, err)
	}
	// A damaged map comes with the records read whole before the error;
	// an empty one would only replace the map on screen with nothing.
	if m != nil && (len(m.Roads) > 0 || len(m.Intersections) > 0 || err == nil) {
		res.Map = scene.NewMap(m)
	}
	j.prog.Report(int64(len(data)), int64(len(data)))
}

// loadOpenDRIVE decodes and samples an OpenDRIVE map. A damaged one
// comes with the roads read whole before the error, as a BAI map does.
func loadOpenDRIVE(name string, data []byte) (*scene.Map, *scene.RoadNet, error) {
	m, err := opendrive.DecodeBytes(data)
	if err != nil {
		err = fmt.Errorf("%s: %w", name, err)
	}
	if m == nil || (len(m.Roads) == 0 && err != nil) {
		return nil, nil, err
	}
	rn, serr := scene.NewRoadNet(m, 0)
	if serr != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, serr)
	}
	return &scene.Map{}, rn, err
}

func (j *Job) loadRecording(ctx context.Context, r io.ReaderAt, size int64, closer io.Closer) {
	if o := j.opt; o.PreviewMin > 0 && o.PreviewLen > 0 && size > o.PreviewMin {
		j.makePreview(ctx, r, min(o.PreviewLen, size))
	}
	res := &Result{Source: j.src, Kind: KindRecording, Size: size, file: closer}
	rec, err := scene.OpenContext(ctx, r, size, j.prog.Report)
	switch {
	case ctx.Err() != nil:
		res.Err = fmt.Errorf("%s: %w", j.src.Name, context.Canceled)
	case err != nil:
		res.Err = fmt.Errorf("%s: %w", j.src.Name, err)
	default:
		res.Recording = rec
	}
	if res.Err != nil {
		res.Close()
	}
	j.finish(res)
	if ctx.Err() != nil && !j.taken.Load() {
		res.Close() // cancelled while finishing: nobody will take it
	}
}

// makePreview opens the first n bytes, copied into memory so that the
// preview lives on whatever becomes of the file. A start that cannot be
// read or opened gives no preview; the whole load then says why.
func (j *Job) makePreview(ctx context.Context, r io.ReaderAt, n int64) {
	buf := make([]byte, n)
	if k, err := r.ReadAt(buf, 0); int64(k) < n && err != nil {
		return
	}
	if rec, err := scene.OpenContext(ctx, bytes.NewReader(buf), n, nil); err == nil {
		j.preview.Store(rec)
	}
}

// Preview returns, while a big recording is being indexed, a recording of
// its first Options.PreviewLen bytes to show meanwhile (nil before it is ready,
// for a file too small to need one, or one whose start does not open).
// The preview ends where its bytes end (its Err says so) and holds no
// file: dropping it is all it takes.
func (j *Job) Preview() *scene.Recording { return j.preview.Load() }

func (j *Job) finish(res *Result) {
	j.res = res
	close(j.done)
}

// Source returns what the job loads.
func (j *Job) Source() Source { return j.src }

// Kind returns the sniffed kind (KindUnknown when the file could not be
// read or is neither kind; Result then has the error).
func (j *Job) Kind() Kind { return j.kind }

// Progress returns how far the load is, from 0 to 1.
func (j *Job) Progress() float64 {
	done, total := j.prog.Load()
	if total <= 0 {
		return 0
	}
	return min(max(float64(done)/float64(total), 0), 1)
}

// Result returns the result once the job is done, without blocking. The
// first call that returns it hands it over: the caller then owns it and
// must Close it when done with it.
func (j *Job) Result() (*Result, bool) {
	select {
	case <-j.done:
		j.taken.Store(true)
		return j.res, true
	default:
		return nil, false
	}
}

// Wait blocks until the job is done and returns its result, like Result.
func (j *Job) Wait() *Result {
	<-j.done
	j.taken.Store(true)
	return j.res
}

// Cancel stops the load and releases what it opened. A result already
// handed over by Result or Wait is not touched.
func (j *Job) Cancel() {
	j.once.Do(func() {
		j.cancel()
		select {
		case <-j.done:
			if !j.taken.Load() {
				j.res.Close()
			}
		default: // the goroutine sees the cancelled context and closes
		}
	})
}

// IsCanceled reports whether err is the error of a cancelled job.
func IsCanceled(err error) bool { return errors.Is(err, context.Canceled) }
