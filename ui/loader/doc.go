// Package loader runs the window's loads off the UI goroutine.
//
// It exists so that the window never blocks on a file: a recording of
// gigabytes is indexed in a background goroutine while the map already
// shows, a preview of its start is shown meanwhile, its progress is read
// through atomics once a tick, and the load is cancelled when another
// file of the same kind replaces it. Telling files apart and reading them
// is not its business but package analysis/pipeline's, which the commands
// of cmd/viewer call directly: a Job is pipeline.Open on the caller's
// goroutine (a few bytes: the kind is known at once) and Input.Load in
// its own, with the result handed to the UI as a Result.
//
// It stands on the ui floor (README "Layout"); only the window (ui,
// ui/app, cmd/viewer's window.go) uses it.
package loader
