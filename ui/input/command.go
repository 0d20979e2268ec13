package input

import (
	"strconv"

	"github.com/mm2carla/viewer/scene/playback"
)

// Kind names what an app Command does.
type Kind uint8

// The commands. The comment after each says which Command fields it uses.
const (
	KindNone                Kind = iota // the zero Command; never produced
	KindClock                           // Clock: apply it to the playback clock
	KindScrub                           // T: the time under the cursor on the timeline
	KindFollowNext                      // follow the next actor with the camera
	KindFollowPrev                      // follow the previous actor
	KindFrameAll                        // fit the whole scene in view
	KindToggleView                      // switch between top-down and orbit camera
	KindToggleLayer                     // Layer: show or hide it
	KindClearSelection                  // deselect the selected actor
	KindToggleHelp                      // show or hide the help overlay
	KindOpenFile                        // open the file dialog
	KindOrbit                           // DX, DY: left-drag movement in pixels
	KindPan                             // DX, DY: right-drag movement in pixels
	KindZoom                            // Steps at cursor X, Y
	KindSelect                          // X, Y: the clicked pixel
	KindFollowSelected                  // follow the selected actor, or stop following
	KindToggleFaults                    // show or hide the fault list
	KindFaultMove                       // Steps: move the fault list's cursor by that many rows
	KindFaultPick                       // go to the fault under the fault list's cursor
	KindTrailLength                     // Steps: make the trails one step longer (+1) or shorter (-1)
	KindToggleThresholds                // show or hide the fault thresholds panel
	KindThresholdMove                   // Steps: move the thresholds panel's cursor by that many rows
	KindThresholdChange                 // Steps: change the threshold under the cursor by that many steps
	KindOpenCompare                     // open the file dialog for a recording to compare with the open one
	KindCompareShow                     // show both runs, A only, B only, in turn
	KindCompareOffset                   // Steps: add that many seconds to run B's clock offset
	KindCompareClose                    // stop comparing: close run B
	KindDivergenceThreshold             // Steps: raise (+1) or lower (-1) the divergence threshold a step
	KindSavePNG                         // save the window as a PNG in the pictures folder
	KindExportClip                      // export a clip of the view around now as a GIF
	KindToggleDiffList                  // show or hide the list of where two compared runs part
	KindFindActor                       // ID: select the actor and follow it, going to when it is there; 0: the hero
	KindReload                          // read the open recordings again from their files
	KindActorFault                      // Steps: go to the selected actor's next (+1) or previous (-1) fault
	KindFaultFilter                     // list the hero's faults, the selected actor's, all, in turn
	KindStepEvents                      // [ and ] stop at every event too (spawns, lights), or not
	KindChooserMove                     // Steps: move the file chooser's cursor by that many rows
	KindChooserEnter                    // open the folder or the file under the file chooser's cursor
	KindChooserBack                     // delete the filter's last character, else go up a folder
	KindChooserType                     // Rune: add it to the file chooser's filter
	KindChooserMark                     // mark or unmark the file under the chooser's cursor (two: compare)
	KindChooserClose                    // close the file chooser
	KindRunsToggle                      // show or hide the runs table (back to it from a run)
	KindRunsMove                        // Steps: move the runs table's cursor by that many rows
	KindRunsPick                        // open the run under the cursor (the two marked: compare them)
	KindRunsMark                        // mark or unmark the run under the cursor
	KindRunsSort                        // Steps: sort by the column that many to the right (left if negative)
	KindRunsReverse                     // turn the runs table's order round
	KindOpenFolder                      // open the folder dialog: a folder of recordings opens as a runs table
	KindChooserFolder                   // open the folder under the file chooser's cursor (or the one listed) as a runs table
	KindHelpScroll                      // Steps: scroll the help overlay by that many lines (down when positive)
	numKinds
)

var kindNames = [numKinds]string{
	"None", "Clock", "Scrub", "FollowNext", "FollowPrev", "FrameAll",
	"ToggleView", "ToggleLayer", "ClearSelection", "ToggleHelp", "OpenFile",
	"Orbit", "Pan", "Zoom", "Select", "FollowSelected",
	"ToggleFaults", "FaultMove", "FaultPick", "TrailLength",
	"ToggleThresholds", "ThresholdMove", "ThresholdChange",
	"OpenCompare", "CompareShow", "CompareOffset", "CompareClose", "DivergenceThreshold",
	"SavePNG", "ExportClip", "ToggleDiffList", "FindActor", "Reload", "ActorFault",
	"FaultFilter", "StepEvents",
	"ChooserMove", "ChooserEnter", "ChooserBack", "ChooserType", "ChooserMark", "ChooserClose",
	"RunsToggle", "RunsMove", "RunsPick", "RunsMark", "RunsSort", "RunsReverse",
	"OpenFolder", "ChooserFolder", "HelpScroll",
}

// String returns the kind's name, such as "Orbit".
func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Command is one thing the user asked the app to do this tick. It is a
// sum type kept as a plain struct: Kind says which fields mean something,
// and the value can be appended to a reused slice every tick without
// allocating. Clock commands wrap playback.Command so the app hands them
// to the clock unchanged (see ClockCommand); that keeps the dependency one
// way: input knows playback, playback knows nothing of input.
type Command struct {
	Kind   Kind
	Clock  playback.Command // KindClock
	Layer  Layer            // KindToggleLayer
	T      float64          // KindScrub: recording seconds
	X, Y   float64          // KindZoom, KindSelect: cursor position in pixels
	DX, DY float64          // KindOrbit, KindPan: movement in pixels
	Steps  float64          // KindZoom: wheel notches, positive zooms in; KindFaultMove, KindTrailLength: steps
	ID     uint32           // KindFindActor: the actor's id
	// Plot: a KindScrub on the selected actor's plots, not the timeline
	// (the app keeps that actor in view at the new time).
	Plot bool
	Rune rune // KindChooserType: the character typed
}

// ClockCommand returns the playback command to apply to the clock, if the
// command has one: a clock command itself, or GoTo for a scrub.
func (c Command) ClockCommand() (playback.Command, bool) {
	switch c.Kind {
	case KindClock:
		return c.Clock, true
	case KindScrub:
		return playback.GoTo(c.T), true
	}
	return playback.Command{}, false
}

// String renders the command as it is built, such as "Clock(Jump(-1))",
// "Zoom(1,400,300)" or "ToggleLayer(lanes)", for test failures and logs.
func (c Command) String() string {
	name := c.Kind.String()
	switch c.Kind {
	case KindClock:
		return name + "(" + c.Clock.String() + ")"
	case KindScrub:
		return name + "(" + ftoa(c.T) + ")"
	case KindToggleLayer:
		return name + "(" + c.Layer.String() + ")"
	case KindOrbit, KindPan:
		return name + "(" + ftoa(c.DX) + "," + ftoa(c.DY) + ")"
	case KindZoom:
		return name + "(" + ftoa(c.Steps) + "," + ftoa(c.X) + "," + ftoa(c.Y) + ")"
	case KindSelect:
		return name + "(" + ftoa(c.X) + "," + ftoa(c.Y) + ")"
	case KindChooserType:
		return name + "(" + strconv.QuoteRune(c.Rune) + ")"
	case KindFaultMove, KindTrailLength, KindCompareOffset, KindDivergenceThreshold, KindActorFault, KindChooserMove, KindRunsMove, KindRunsSort, KindHelpScroll:
		return name + "(" + ftoa(c.Steps) + ")"
	case KindFindActor:
		return name + "(" + strconv.FormatUint(uint64(c.ID), 10) + ")"
	}
	return name
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// Clock wraps a playback command.
func Clock(c playback.Command) Command { return Command{Kind: KindClock, Clock: c} }

// Scrub moves the clock to t because the user dragged on the timeline.
func Scrub(t float64) Command { return Command{Kind: KindScrub, T: t} }

// PlotScrub moves the clock to t because the user clicked or dragged on
// the selected actor's plots.
func PlotScrub(t float64) Command { return Command{Kind: KindScrub, T: t, Plot: true} }

// FollowNext makes the camera follow the next actor.
func FollowNext() Command { return Command{Kind: KindFollowNext} }

// FollowPrev makes the camera follow the previous actor.
func FollowPrev() Command { return Command{Kind: KindFollowPrev} }

// FaultFilter narrows the fault list to the next of: the hero's faults,
// the selected actor's, all.
func FaultFilter() Command { return Command{Kind: KindFaultFilter} }

// StepEvents makes [ and ] stop at every event too (spawns, destroys,
// light changes, blocked spans), or again only at faults, collisions and
// divergences.
func StepEvents() Command { return Command{Kind: KindStepEvents} }

// ActorFault goes to the selected actor's next (steps +1) or previous
// (-1) fault.
func ActorFault(steps float64) Command { return Command{Kind: KindActorFault, Steps: steps} }

// RunsToggle shows or hides the runs table.
func RunsToggle() Command { return Command{Kind: KindRunsToggle} }

// RunsMove moves the runs table's cursor by steps rows.
func RunsMove(steps float64) Command { return Command{Kind: KindRunsMove, Steps: steps} }

// RunsPick opens the run under the runs table's cursor.
func RunsPick() Command { return Command{Kind: KindRunsPick} }

// RunsMark marks or unmarks the run under the runs table's cursor.
func RunsMark() Command { return Command{Kind: KindRunsMark} }

// RunsSort sorts the runs table by the column steps to the right.
func RunsSort(steps float64) Command { return Command{Kind: KindRunsSort, Steps: steps} }

// RunsReverse turns the runs table's order round.
func RunsReverse() Command { return Command{Kind: KindRunsReverse} }

// OpenFolder opens the folder dialog: the folder chosen shows the runs
// table of the recordings in it, as a folder dropped on the window does.
func OpenFolder() Command { return Command{Kind: KindOpenFolder} }

// Reload reads the open recordings again from their files.
func Reload() Command { return Command{Kind: KindReload} }

// FindActor selects actor id and follows it.
func FindActor(id uint32) Command { return Command{Kind: KindFindActor, ID: id} }

// FindHero selects the hero (role_name hero) and follows it.
func FindHero() Command { return Command{Kind: KindFindActor} }

// FollowSelected makes the camera follow the selected actor, or stops
// following when it already follows one.
func FollowSelected() Command { return Command{Kind: KindFollowSelected} }

// FrameAll fits the whole scene in view.
func FrameAll() Command { return Command{Kind: KindFrameAll} }

// ToggleView switches between the top-down and the orbit camera.
func ToggleView() Command { return Command{Kind: KindToggleView} }

// ToggleLayer shows or hides one layer of the scene.
func ToggleLayer(l Layer) Command { return Command{Kind: KindToggleLayer, Layer: l} }

// ClearSelection deselects the selected actor.
func ClearSelection() Command { return Command{Kind: KindClearSelection} }

// ToggleHelp shows or hides the help overlay.
func ToggleHelp() Command { return Command{Kind: KindToggleHelp} }

// HelpScroll scrolls the help overlay by n lines, down when positive
// (a window too short for all of it shows it in part).
func HelpScroll(n float64) Command { return Command{Kind: KindHelpScroll, Steps: n} }

// OpenFile opens the file dialog.
func OpenFile() Command { return Command{Kind: KindOpenFile} }

// Orbit turns the camera by a left drag of dx, dy pixels.
func Orbit(dx, dy float64) Command { return Command{Kind: KindOrbit, DX: dx, DY: dy} }

// Pan moves the camera by a right drag of dx, dy pixels.
func Pan(dx, dy float64) Command { return Command{Kind: KindPan, DX: dx, DY: dy} }

// Zoom zooms by steps wheel notches toward the cursor at x, y.
func Zoom(steps, x, y float64) Command { return Command{Kind: KindZoom, Steps: steps, X: x, Y: y} }

// Select picks what is under pixel x, y.
func Select(x, y float64) Command { return Command{Kind: KindSelect, X: x, Y: y} }

// ToggleFaults shows or hides the fault list.
func ToggleFaults() Command { return Command{Kind: KindToggleFaults} }

// FaultMove moves the fault list's cursor by n rows.
func FaultMove(n float64) Command { return Command{Kind: KindFaultMove, Steps: n} }

// FaultPick goes to the fault under the fault list's cursor.
func FaultPick() Command { return Command{Kind: KindFaultPick} }

// TrailLength makes the trails a step longer (n > 0) or shorter.
func TrailLength(n float64) Command { return Command{Kind: KindTrailLength, Steps: n} }

// ToggleThresholds shows or hides the fault thresholds panel.
func ToggleThresholds() Command { return Command{Kind: KindToggleThresholds} }

// ThresholdMove moves the thresholds panel's cursor by n rows.
func ThresholdMove(n float64) Command { return Command{Kind: KindThresholdMove, Steps: n} }

// ThresholdChange raises (n > 0) or lowers the threshold under the
// thresholds panel's cursor by n steps.
func ThresholdChange(n float64) Command { return Command{Kind: KindThresholdChange, Steps: n} }

// SavePNG saves what the window shows as a PNG.
func SavePNG() Command { return Command{Kind: KindSavePNG} }

// ExportClip exports a clip of the view around now as an animated GIF.
func ExportClip() Command { return Command{Kind: KindExportClip} }

// OpenCompare opens the file dialog for a recording to compare with the
// open one (it becomes run B).
func OpenCompare() Command { return Command{Kind: KindOpenCompare} }

// CompareShow shows both runs, A only, then B only, in turn.
func CompareShow() Command { return Command{Kind: KindCompareShow} }

// CompareOffset adds s seconds to run B's clock offset: A's time t
// shows B's time t + offset.
func CompareOffset(s float64) Command { return Command{Kind: KindCompareOffset, Steps: s} }

// CompareClose stops comparing: run B is closed.
func CompareClose() Command { return Command{Kind: KindCompareClose} }

// DivergenceThreshold raises (n > 0) or lowers the divergence threshold
// by n steps.
func DivergenceThreshold(n float64) Command { return Command{Kind: KindDivergenceThreshold, Steps: n} }

// ToggleDiffList shows or hides the differences list of two compared
// runs.
func ToggleDiffList() Command { return Command{Kind: KindToggleDiffList} }

// Layer is one toggleable layer of the scene, bound to the number keys.
type Layer uint8

// The layers, in number-key order: key 1 toggles LayerLanes.
const (
	LayerLanes Layer = iota
	LayerSidewalks
	LayerRails
	LayerIntersections
	LayerLights
	LayerLabels
	LayerGrid
	LayerLegend
	LayerPaths // every vehicle's whole path, faintly (off by default)
	NumLayers
)

var layerNames = [NumLayers]string{"lanes", "sidewalks", "rails", "intersections", "lights", "labels", "grid", "legend", "paths"}

// String returns the layer's name as the help overlay prints it.
func (l Layer) String() string {
	if l < NumLayers {
		return layerNames[l]
	}
	return "Layer(" + strconv.Itoa(int(l)) + ")"
}
