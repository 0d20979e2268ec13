package loader

import (
	"context"
	"errors"
	"io"
	"sync"
	"sync/atomic"

	"github.com/mm2carla/viewer/analysis/pipeline"
	"github.com/mm2carla/viewer/scene"
)

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

// Source, Kind and its values are the pipeline's (package
// analysis/pipeline), under the names the window has always read them by.
type (
	Source = pipeline.Source
	Kind   = pipeline.Kind
)

// The kinds of file the window opens (pipeline.Kind).
const (
	KindUnknown   = pipeline.KindUnknown
	KindMap       = pipeline.KindMap
	KindRecording = pipeline.KindRecording
)

// FileSource names the file at path (pipeline.FileSource).
func FileSource(path string) Source { return pipeline.FileSource(path) }

// BytesSource names in-memory data (pipeline.BytesSource).
func BytesSource(name string, data []byte) Source { return pipeline.BytesSource(name, data) }

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

// Start opens and sniffs the source (a few bytes, on the calling
// goroutine, so the caller knows at once whether a map or a recording is
// coming and can cancel the one it replaces) and loads it in a new
// goroutine (pipeline.Open, then Input.Load there).
func Start(src Source) *Job { return StartWith(src, DefaultOptions()) }

// StartWith is Start with options.
func StartWith(src Source, opt Options) *Job {
	in, err := pipeline.Open(src)
	return StartOpened(src, in, err, opt)
}

// StartOpened is StartWith for a source opened and sniffed already:
// in and err are what pipeline.Open(src) returned, on a goroutine of the
// caller's. The window's town search opens the town it finds in its own
// goroutine, so that no file is touched on the UI's; the job takes in
// over and closes it.
func StartOpened(src Source, in *pipeline.Input, err error, opt Options) *Job {
	ctx, cancel := context.WithCancel(context.Background())
	j := &Job{src: src, cancel: cancel, done: make(chan struct{}), opt: opt}
	if err != nil {
		j.finish(&Result{Source: src, Err: err})
		return j
	}
	j.kind = in.Kind()
	go j.load(ctx, in)
	return j
}

// load reads the input whole, after a preview of a big recording's
// start, and hands the result over.
func (j *Job) load(ctx context.Context, in *pipeline.Input) {
	if o := j.opt; in.Kind() == KindRecording && o.PreviewMin > 0 && o.PreviewLen > 0 && in.Size() > o.PreviewMin {
		if p := in.Preview(ctx, o.PreviewLen); p != nil {
			j.preview.Store(p)
		}
	}
	f, err := in.Load(ctx, j.prog.Report)
	res := &Result{Source: j.src, Kind: in.Kind(), Size: in.Size(), Err: err}
	if f != nil {
		res.Map, res.Roads, res.Recording, res.file = f.Map, f.Roads, f.Recording, f
	}
	j.finish(res)
	if ctx.Err() != nil && !j.taken.Load() {
		res.Close() // cancelled while finishing: nobody will take it
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
