//go:build !linux

package scene

// releasePages does nothing here: the mapped pages stay resident until
// Open unmaps the file.
func releasePages([]byte) {}
