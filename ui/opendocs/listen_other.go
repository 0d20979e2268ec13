//go:build !darwin

package opendocs

// Listen does nothing outside macOS: Windows and Linux start the viewer
// with the files as arguments (the installer's and the desktop entry's
// commands), so no event brings files to a running viewer.
func (in *Inbox) Listen() error { return nil }
