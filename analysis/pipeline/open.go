package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/mm2carla/viewer/format/bai"
	"github.com/mm2carla/viewer/format/opendrive"
	"github.com/mm2carla/viewer/scene"
)

// MaxMapSize bounds the maps Load reads into memory. Retail maps are a few
// MiB and CARLA's towns under 4 MiB; a bigger file that starts like a map
// is corrupt, and reading it whole would only waste memory before the
// decoder says so.
const MaxMapSize = 256 << 20

// Source is a file to open: a path on disk, or bytes already in memory
// (the built-in demo, or a dropped file with no path).
type Source struct {
	// Name is what messages call the file: errors start with it. The
	// window shows a base name; a command, the path as it was given.
	Name string
	Path string // "" for in-memory data
	Data []byte // the content when Path is ""
}

// FileSource names the file at path by its base name.
func FileSource(path string) Source { return Source{Name: filepath.Base(path), Path: path} }

// BytesSource names in-memory data.
func BytesSource(name string, data []byte) Source { return Source{Name: name, Data: data} }

// Input is a source opened and told apart by content, not yet read: the
// step between Open, which is cheap (a few bytes read), and Load, which
// reads the whole file. A caller learns the kind at once (the window
// then knows which file a load replaces, before any waiting) and decides
// how to read it. Close releases it when it is not loaded.
type Input struct {
	src    Source
	kind   Kind
	size   int64
	r      io.ReaderAt
	closer io.Closer // nil for in-memory data
}

// Open opens src and tells its kind from its first bytes (Sniff). A file
// that cannot be opened, is not a regular file, or is neither a
// recording nor a map is an error naming it (an *UnknownError for the
// last); the caller closes the Input it gets, or loads it.
func Open(src Source) (*Input, error) {
	in, err := openSource(src)
	if err != nil {
		return nil, err
	}
	head := make([]byte, min(int64(XMLSniffLen), in.size))
	if _, err := in.r.ReadAt(head, 0); err != nil && err != io.EOF {
		in.Close()
		return nil, fmt.Errorf("%s: %w", src.Name, err)
	}
	if in.kind = Sniff(head); in.kind == KindUnknown {
		in.Close()
		return nil, &UnknownError{Name: src.Name, Head: head[:min(len(head), SniffLen)]}
	}
	return in, nil
}

// openSource gives random access to the source and its size.
func openSource(src Source) (*Input, error) {
	if src.Path == "" {
		return &Input{src: src, r: bytes.NewReader(src.Data), size: int64(len(src.Data))}, nil
	}
	f, err := os.Open(src.Path)
	if err != nil {
		return nil, err // *PathError already names the file
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s: not a regular file", src.Path)
	}
	return &Input{src: src, r: f, size: st.Size(), closer: f}, nil
}

// Source returns what was opened.
func (in *Input) Source() Source { return in.src }

// Kind returns what the file holds: KindMap or KindRecording.
func (in *Input) Kind() Kind { return in.kind }

// Size returns the file's size in bytes.
func (in *Input) Size() int64 { return in.size }

// Close releases the file. It is safe after Load, which takes the file
// over, and more than once.
func (in *Input) Close() error {
	c := in.closer
	in.closer = nil
	if c == nil {
		return nil
	}
	return c.Close()
}

// File is an opened map or recording. A recording keeps its file open
// (it reads frames with ReadAt as it is seeked); Close releases it once
// the recording is done with.
type File struct {
	Source Source
	Kind   Kind
	Size   int64
	// Map is the BAI map (KindMap); it is empty, not nil, for an
	// OpenDRIVE map, whose network is Roads.
	Map   *scene.Map
	Roads *scene.RoadNet
	// Recording is the recording (KindRecording); see its Err for a file
	// cut or damaged after some whole frames.
	Recording *scene.Recording

	closer    io.Closer
	closeOnce sync.Once
}

// Close releases the file behind a recording. It is safe to call more
// than once, concurrently, and on any File.
func (f *File) Close() error {
	if f == nil || f.closer == nil {
		return nil
	}
	var err error
	f.closeOnce.Do(func() { err = f.closer.Close() })
	return err
}

// Load reads the input whole: a map is decoded (and an OpenDRIVE one
// sampled into lanes), a recording indexed (scene.OpenContext). progress,
// if not nil, is called with the bytes done of the total as it goes; a
// cancelled ctx stops a recording's indexing with an error wrapping
// context.Canceled. Load takes the file over: the File closes it, or Load
// does on an error.
//
// Errors start with the source's name and, for a format problem, say the
// byte offset (or the line, in XML). A damaged map comes with what it
// still holds, as bai.DecodeBytes gives it: the roads (and intersections)
// read whole before the error, so that the window can show them with the
// error; the File is nil when not one was read whole. A recording cut or
// damaged after whole frames opens with them and says so in
// Recording.Err, not here.
func (in *Input) Load(ctx context.Context, progress func(done, total int64)) (*File, error) {
	if in.kind == KindMap {
		defer in.Close() // maps are read into memory whole
		return in.loadMap(progress)
	}
	return in.loadRecording(ctx, func(r io.ReaderAt, size int64) (*scene.Recording, error) {
		return scene.OpenContext(ctx, r, size, progress)
	})
}

// LoadAt is Load for a recording wanted at time t alone: the whole file
// is read and checked, but frames are applied only up to t
// (scene.OpenAt), which is what a command that prints or draws one moment
// needs. A map loads as with Load.
func (in *Input) LoadAt(ctx context.Context, t float64, progress func(done, total int64)) (*File, error) {
	if in.kind == KindMap {
		return in.Load(ctx, progress)
	}
	return in.loadRecording(ctx, func(r io.ReaderAt, size int64) (*scene.Recording, error) {
		return scene.OpenAt(ctx, r, size, t, progress)
	})
}

func (in *Input) loadRecording(ctx context.Context, open func(io.ReaderAt, int64) (*scene.Recording, error)) (*File, error) {
	rec, err := open(in.r, in.size)
	switch {
	case ctx.Err() != nil:
		err = fmt.Errorf("%s: %w", in.src.Name, context.Canceled)
	case err != nil:
		err = fmt.Errorf("%s: %w", in.src.Name, err)
	}
	if err != nil {
		in.Close()
		return nil, err
	}
	f := &File{Source: in.src, Kind: KindRecording, Size: in.size, Recording: rec, closer: in.closer}
	in.closer = nil // the File owns it now
	return f, nil
}

func (in *Input) loadMap(progress func(done, total int64)) (*File, error) {
	name := in.src.Name
	if in.size > MaxMapSize {
		return nil, fmt.Errorf("%s: %d bytes is too large for a map (at most %d)", name, in.size, MaxMapSize)
	}
	data := in.src.Data
	if in.src.Path != "" {
		data = make([]byte, in.size)
		if _, err := io.ReadFull(io.NewSectionReader(in.r, 0, in.size), data); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	report(progress, int64(len(data))/2, int64(len(data)))
	defer report(progress, int64(len(data)), int64(len(data)))
	f := &File{Source: in.src, Kind: KindMap, Size: in.size}
	if IsOpenDRIVE(data[:min(len(data), XMLSniffLen)]) {
		m, rn, err := decodeOpenDRIVE(name, data)
		if m == nil {
			return nil, err
		}
		f.Map, f.Roads = m, rn
		return f, err
	}
	m, err := bai.DecodeBytes(data)
	if err != nil {
		err = fmt.Errorf("%s: %w", name, err)
	}
	// A damaged map comes with the records read whole before the error;
	// an empty one would only replace the map on screen with nothing.
	if m == nil || (len(m.Roads) == 0 && len(m.Intersections) == 0 && err != nil) {
		return nil, err
	}
	f.Map = scene.NewMap(m)
	return f, err
}

// decodeOpenDRIVE decodes and samples an OpenDRIVE map. A damaged one
// comes with the roads read whole before the error, as a BAI map does.
func decodeOpenDRIVE(name string, data []byte) (*scene.Map, *scene.RoadNet, error) {
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

func report(progress func(done, total int64), done, total int64) {
	if progress != nil {
		progress(done, total)
	}
}

// Preview opens the recording's first n bytes (all of them when the
// file is shorter), copied into memory so that the preview outlives the
// file: a recording of its own to show while the whole file is indexed.
// It ends where its bytes end (its Err says so). It is nil for a map, or
// when the start cannot be read or opened: the whole load then says why.
func (in *Input) Preview(ctx context.Context, n int64) *scene.Recording {
	n = min(n, in.size)
	if in.kind != KindRecording || n <= 0 {
		return nil
	}
	buf := make([]byte, n)
	if k, err := in.r.ReadAt(buf, 0); int64(k) < n && err != nil {
		return nil
	}
	rec, err := scene.OpenContext(ctx, bytes.NewReader(buf), n, nil)
	if err != nil {
		return nil
	}
	return rec
}

// Load opens src and reads it whole (Open, then Input.Load): the one
// call a command makes for a file named on its command line.
func Load(ctx context.Context, src Source, progress func(done, total int64)) (*File, error) {
	in, err := Open(src)
	if err != nil {
		return nil, err
	}
	return in.Load(ctx, progress)
}
