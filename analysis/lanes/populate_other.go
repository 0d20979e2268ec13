//go:build !linux

package lanes

// populate is a Linux hint (populate_linux.go); elsewhere pages fault in
// as they are written.
func populate([]sample) {}
