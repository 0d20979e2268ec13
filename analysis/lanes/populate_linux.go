//go:build linux

package lanes

import (
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// madvPopulateWrite is Linux's MADV_POPULATE_WRITE (since 5.14): give a
// range its pages, writable, in one call.
const madvPopulateWrite = 23

// populate has the kernel give s's memory its pages now, in one call,
// instead of a fault at each page's first write. It changes no byte. It
// is a hint: on an older kernel, or any error, the pages fault in as
// before. Only whole pages inside s are asked for.
func populate(s []sample) {
	if len(s) == 0 {
		return
	}
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	end := start + uintptr(len(s))*unsafe.Sizeof(s[0])
	start = (start + page - 1) &^ (page - 1)
	end &^= page - 1
	if end > start {
		syscall.Syscall(syscall.SYS_MADVISE, start, end-start, madvPopulateWrite)
	}
	runtime.KeepAlive(s)
}
