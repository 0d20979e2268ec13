package scene

import (
	"io"
	"os"
	"runtime/debug"
	"unsafe"
)

var pageSize = os.Getpagesize()

// Open's decoders read the pieces of a file on disk through a read-only
// mapping of it instead of copying them into buffers of their own.
//
// A gigabyte in the page cache costs about a tenth of a second of CPU to
// copy with pread into the pieces' 4 MiB buffers (the copy misses the
// cache twice: once written, once read back by the checks), and the
// mapping about half of that, spread over the decoders: the bytes are
// read where the page cache holds them, once. Seeking after Open, and the
// scan's own reads of a piece it must read again, still use ReadAt.
//
// A mapped file can shrink under the reader (a simulator re-running the
// scenario truncates its recording), and touching a page past the new end
// raises SIGBUS, which would kill the program. So every goroutine that
// touches the mapping turns such faults into panics
// (debug.SetPanicOnFault) and recovers them: a decoder's piece is then
// read again by the scan from the file, and a fault in the scan itself
// makes Open start again without the mapping, reading what the file holds
// by then. The mapping lives only while Open runs: nothing Open returns
// refers to its bytes (strings are copied, the World keeps no raw
// payload), so a Recording never faults later.

// mapMin is the smallest file worth mapping: smaller ones are read by the
// scan alone (scan.run), in a few reads. A variable for tests, which map
// small files too; pieceTaken lets them shrink the file while it is read.
var (
	mapMin     = int64(3 * pieceSize)
	pieceTaken func(i int, p *piece)
)

// fileMap is a read-only mapping of a file's first size bytes.
type fileMap struct {
	data []byte
}

// mapSource maps r when it is a regular file at least size bytes long
// (and size is worth it); nil otherwise, and wherever mapping is not
// supported or fails: Open then reads with ReadAt.
func mapSource(r io.ReaderAt, size int64) *fileMap {
	f, ok := r.(*os.File)
	if !ok || size < mapMin || int64(int(size)) != size {
		return nil
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < size {
		return nil
	}
	data, err := mapFile(f, size)
	if err != nil {
		return nil
	}
	return &fileMap{data: data}
}

// bytes returns the mapped bytes [off, end), which must be within the
// mapping; the slice's capacity ends there too, so that nothing appends
// into the mapping.
func (m *fileMap) bytes(off, end int64) []byte { return m.data[off:end:end] }

// release tells the system that the mapped bytes [off, end) will not be
// read again soon: their pages leave the process's resident memory (they
// stay in the page cache, and a later read finds them there). Without it
// a process opening a file of gigabytes would show gigabytes resident.
func (m *fileMap) release(off, end int64) {
	page := int64(pageSize)
	off, end = (off+page-1)&^(page-1), end&^(page-1)
	if m != nil && off < end {
		releasePages(m.data[off:end])
	}
}

// close unmaps the file: once every goroutine that read it is done.
func (m *fileMap) close() {
	if m != nil {
		unmapFile(m.data)
		m.data = nil
	}
}

// faultPanics makes the calling goroutine's faults panics until the
// returned function is called (deferred).
func faultPanics() (restore func()) {
	old := debug.SetPanicOnFault(true)
	return func() { debug.SetPanicOnFault(old) }
}

// faulted reports whether a recovered value is a memory fault in m's
// mapping, made a panic by debug.SetPanicOnFault (its runtime error has
// the address). Any other fault or panic is not Open's to recover.
func (m *fileMap) faulted(r any) bool {
	e, ok := r.(interface{ Addr() uintptr })
	if !ok || len(m.data) == 0 {
		return false
	}
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(m.data)))
	return e.Addr() >= lo && e.Addr()-lo < uintptr(len(m.data))
}
