package scene

import "syscall"

// releasePages drops mapped pages from the process's resident memory
// (fileMap.release).
func releasePages(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }
