package scene

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"unsafe"

	"github.com/mm2carla/viewer/format/recorder"
)

// Open reads a file on disk through a mapping of it (mapped.go): these
// tests map small files, check that Open and OpenAt give what they give
// reading the same bytes with ReadAt, and shrink the file under the
// mapping, which must neither crash nor change what a read of the shrunk
// file gives.

// withMapping runs fn with small files mapped.
func withMapping(t *testing.T, fn func()) {
	t.Helper()
	if runtime.GOOS != "linux" && runtime.GOOS != "darwin" {
		t.Skip("Open maps files on Linux and macOS only")
	}
	old := mapMin
	mapMin = 0
	defer func() { mapMin = old }()
	fn()
}

// tempFile writes data to a file of the test's and opens it.
func tempFile(t *testing.T, data []byte) *os.File {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rec.log")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// mapTemp writes data to a file of the test's and maps it (unmapped when
// the test ends).
func mapTemp(t *testing.T, data []byte) (*os.File, *fileMap) {
	t.Helper()
	f := tempFile(t, data)
	m := mapSource(f, int64(len(data)))
	if m == nil {
		t.Fatal("the file was not mapped")
	}
	t.Cleanup(m.close)
	return f, m
}

func TestMappedAgrees(t *testing.T) {
	withMapping(t, func() {
		for name, data := range momentFiles(t) {
			f := tempFile(t, data)
			want := openDigest(Open(bytes.NewReader(data), int64(len(data)), nil))
			full := openBytes(t, data)
			withPieces(4<<10, 2, func() {
				rec, err := Open(f, int64(len(data)), nil)
				if err == nil && !rec.mapped {
					t.Fatalf("%s: the decoders did not read the mapping", name)
				}
				if got := openDigest(rec, err); got != want {
					t.Fatalf("%s: Open of the mapped file differs:\n%s", name, firstDiff(got, want))
				}
				for _, tm := range []float64{0, full.Duration() / 2, full.Duration()} {
					checkMomentOf(t, name+" (mapped)", f, int64(len(data)), full, tm)
				}
			})
		}
	})
}

// TestMappedShrinks writes the file again, shorter, while Open reads it,
// when the scan takes a piece that a decoder read from the mapping: the
// scan faults on it, and Open starts again, reading the file as it is
// now, which gives what a read of the short file gives.
func TestMappedShrinks(t *testing.T) {
	data := readRealOrGen(t)
	const plen = 4 << 10
	withMapping(t, func() {
		for _, from := range []int{1, len(data) / plen / 2} {
			f := tempFile(t, data)
			keep := int64(-1)
			withPieces(plen, 2, func() {
				pieceTaken = func(i int, p *piece) {
					// The page the piece's first frame begins in and those
					// after it fault. (Written again, as a simulator does,
					// not truncated in place, which may keep a large page
					// past the new end mapped.)
					if keep < 0 && i >= from && p.start >= 0 && p.mapped {
						keep = p.start &^ int64(os.Getpagesize()-1)
						if err := os.WriteFile(f.Name(), data[:keep], 0o644); err != nil {
							t.Error(err)
						}
					}
				}
				defer func() { pieceTaken = nil }()
				rec, err := Open(f, int64(len(data)), nil)
				if keep < 0 {
					t.Fatalf("from piece %d: no piece was read from the mapping", from)
				}
				want := openDigest(Open(bytes.NewReader(data[:keep]), int64(len(data)), nil))
				if got := openDigest(rec, err); got != want {
					t.Fatalf("cut to %d bytes: Open differs from a read of the cut file:\n%s", keep, firstDiff(got, want))
				}
				if rec != nil && !rec.remapped {
					t.Errorf("cut to %d bytes: Open did not start again (the scan's fault path is not tested)", keep)
				}
			})
		}
	})
}

// TestMappedDecoderFault reads a piece past the end of a shrunk file: the
// decoder's fault leaves the piece for the scan to read again.
func TestMappedDecoderFault(t *testing.T) {
	data := readRealOrGen(t)
	withMapping(t, func() {
		f, m := mapTemp(t, data)
		if err := os.Truncate(f.Name(), 0); err != nil {
			t.Fatal(err)
		}
		ix, err := recorder.BuildIndex(bytes.NewReader(data), int64(len(data)), nil)
		if err != nil {
			t.Fatal(err)
		}
		ps := newPieces(context.Background(), f, int64(len(data)), ix, ix, 0, 4<<10, keySpacing(int64(len(data))), nil, m)
		defer ps.stop()
		ps.mapped = m // as newPieces gives its decoders when there are some
		d := ps.decoder()
		d.mapped = m
		p := &piece{}
		func() {
			defer faultPanics()()
			lo, hi := ps.bounds(1)
			ps.decode(&d, p, lo, hi, -1, ix)
		}()
		if !p.faulted || ps.faults.Load() != 1 {
			t.Fatalf("piece read past the end: faulted %v, %d faults", p.faulted, ps.faults.Load())
		}
		if ps.fits(p, 1, p.start, ix) {
			t.Error("a faulted piece fits: the scan would apply it")
		}
	})
}

// TestMappedCanceled stops Open of a mapped file midway: it returns the
// context's error, and the mapping is not read after it is unmapped (the
// decoders are done by then, or this would crash).
func TestMappedCanceled(t *testing.T) {
	data := genBytes(t, genConfig{vehicles: 100, lights: 5, frames: 1500, hz: 20, seed: 12})
	withMapping(t, func() {
		f := tempFile(t, data)
		withPieces(16<<10, 2, func() {
			for stop := 1; stop <= 3; stop++ {
				ctx, cancel := context.WithCancel(context.Background())
				calls := 0
				rec, err := OpenContext(ctx, f, int64(len(data)), func(done, total int64) {
					if calls++; calls == stop {
						cancel()
					}
				})
				if !errors.Is(err, context.Canceled) || rec != nil {
					t.Fatalf("canceled at report %d: %v", stop, err)
				}
			}
		})
	})
}

// fault is a panic value with an address, as debug.SetPanicOnFault's.
type fault uintptr

func (f fault) Addr() uintptr { return uintptr(f) }

// TestMappedFaulted: Open recovers only faults inside its mapping; a
// fault elsewhere, or any other panic, is not its own to hide.
func TestMappedFaulted(t *testing.T) {
	data := make([]byte, 3*os.Getpagesize())
	withMapping(t, func() {
		_, m := mapTemp(t, data)
		lo := uintptr(unsafe.Pointer(&m.data[0]))
		for _, c := range []struct {
			v    any
			want bool
		}{
			{fault(lo), true}, {fault(lo + uintptr(len(data)) - 1), true},
			{fault(lo - 1), false}, {fault(lo + uintptr(len(data))), false}, {fault(0), false},
			{errors.New("not a fault"), false}, {"boom", false},
		} {
			if got := m.faulted(c.v); got != c.want {
				t.Errorf("faulted(%v) = %v, want %v", c.v, got, c.want)
			}
		}
	})
}
