// Package pipeline opens the viewer's input files and runs the one lane
// and fault analysis over them, below the UI, for every command of
// cmd/viewer and for the window alike.
//
// It exists so that a file is told apart, opened, given its town map and
// analysed one way whether it is named on the command line or dropped on
// the window: before it, the commands went through the window's
// background loader, and the command line and the window chose their
// lane maps by different rules, so that `viewer check` and the window's
// fault list could disagree on the same files.
//
// The steps, each usable alone:
//
//   - Sniff tells a file's kind from its first bytes, never its name;
//     Open opens a Source and sniffs it (a few bytes), and Input.Load
//     reads it whole: a map decoded, a recording indexed. Input.LoadAt
//     opens a recording for one moment only (scene.OpenAt).
//   - FindTown finds the town map a recording names when no map was
//     given (package towns' search: beside it, the maps folder, a CARLA
//     installation, the built-in towns; then a map beside it that is the
//     place by its content), and LoadTown loads it.
//   - LaneMap is the one rule that turns an open map into the lane map
//     the analysis places vehicles on.
//   - Analyze associates the vehicles with the lanes and finds the
//     faults; Find (and Analysis.Refind) runs the fault rules again with
//     new thresholds over the same association.
//
// Like image.Decode it sniffs and hands off to the decoders (formats
// bai, opendrive and recorder through package scene); like archive/tar
// it is synchronous and starts no goroutine of its own: a caller that
// wants the work off its goroutine (the window, ui/loader) runs it in
// one, cancels it through the context and reads its progress through the
// callback, func(done, total int64), called on the working goroutine.
//
// It stands on the analysis floor (README "Layout"): it imports the
// formats, the scene and the other analysis packages, and nothing above.
package pipeline
