package input

import (
	"slices"
	"strconv"

	"github.com/mm2carla/viewer/scene/playback"
)

// Key repeat, in ticks of the 60 Hz game loop: a held key fires when
// pressed, again RepeatDelay ticks later (0.4 s), then every
// RepeatInterval ticks (0.05 s) while still held.
const (
	RepeatDelay    = 24
	RepeatInterval = 3
)

// fires reports whether a key held for d ticks (see Snapshot.Held) acts on
// this tick.
func fires(d int, repeat bool) bool {
	if d == 1 {
		return true
	}
	return repeat && d > RepeatDelay && (d-1-RepeatDelay)%RepeatInterval == 0
}

// binding is one row of the key map: key with at least mods held gives cmd.
type binding struct {
	key    Key
	mods   mods
	repeat bool
	cmd    Command
	help   string  // the action as the help overlay shows it
	sec    Section // the help overlay's group
}

// Section is a group of the help overlay.
type Section uint8

// The help overlay's groups, in the order it lists them: the files after
// the camera, so that the two columns come out about as tall (the
// overlay splits them between sections) and fit a short window.
const (
	SectionPlayback Section = iota
	SectionCamera
	SectionFiles
	SectionLayers
	SectionCompare
	NumSections
)

var sectionNames = [NumSections]string{"Playback", "Camera and selection", "Files and help", "Layers: show / hide",
	"Compare two runs (A: reference, B: candidate)"}

// String is the section's heading.
func (s Section) String() string {
	if s < NumSections {
		return sectionNames[s]
	}
	return "Section(" + strconv.Itoa(int(s)) + ")"
}

// keymap returns the key map. Consecutive rows with the same help text are
// one line of the help overlay ("Left / Right"). It is built by a function,
// not kept in a package variable, so nothing global can be changed.
//
// When several rows of a key match the held modifiers, the one needing the
// most of them wins, and among equals the earlier row: so Ctrl+Shift+Left
// jumps 10 s, and Shift+Space still plays.
func keymap() []binding {
	var km []binding
	var sec Section
	row := func(k Key, m mods, repeat bool, cmd Command, help string) {
		km = append(km, binding{k, m, repeat, cmd, help, sec})
	}
	c := Clock
	sec = SectionPlayback
	row(KeySpace, 0, false, c(playback.TogglePlay()), "play / pause")
	row(KeyLeft, 0, true, c(playback.StepBack()), "one frame back / forward")
	row(KeyRight, 0, true, c(playback.StepForward()), "one frame back / forward")
	row(KeyLeft, modCtrl, true, c(playback.Jump(-10)), "10 s back / forward")
	row(KeyRight, modCtrl, true, c(playback.Jump(10)), "10 s back / forward")
	row(KeyLeft, modShift, true, c(playback.Jump(-1)), "1 s back / forward")
	row(KeyRight, modShift, true, c(playback.Jump(1)), "1 s back / forward")
	row(KeyLeft, modAlt, true, c(playback.Jump(-0.1)), "0.1 s back / forward")
	row(KeyRight, modAlt, true, c(playback.Jump(0.1)), "0.1 s back / forward")
	row(KeyHome, 0, false, c(playback.ToStart()), "go to the start / end")
	row(KeyEnd, 0, false, c(playback.ToEnd()), "go to the start / end")
	row(KeyUp, 0, true, c(playback.SpeedUp()), "speed up / down (0.05x to 64x)")
	row(KeyDown, 0, true, c(playback.SpeedDown()), "speed up / down (0.05x to 64x)")
	row(KeyR, 0, false, c(playback.Reverse()), "reverse the playing direction")
	row(KeyL, 0, false, c(playback.ToggleLoop()), "loop the recording on / off")
	row(KeyBracketLeft, 0, false, c(playback.PrevEvent()), "previous / next fault, collision or divergence (leaderboard rules: infraction)")
	row(KeyBracketRight, 0, false, c(playback.NextEvent()), "previous / next fault, collision or divergence (leaderboard rules: infraction)")
	row(KeyE, 0, false, StepEvents(), "[ and ] stop at spawns, lights and blocked spans too / not")
	row(KeyBracketLeft, modShift, false, ActorFault(-1), "previous / next fault of the selected actor (or infraction)")
	row(KeyBracketRight, modShift, false, ActorFault(1), "previous / next fault of the selected actor (or infraction)")
	row(KeyG, 0, false, Command{}, "go to a typed time (1:30.5)")
	sec = SectionCamera
	row(KeyTab, 0, false, FollowNext(), "follow the next / previous actor (chase view)")
	row(KeyTab, modShift, false, FollowPrev(), "follow the next / previous actor (chase view)")
	row(KeyC, 0, false, FollowSelected(), "follow the selected actor / stop")
	row(KeyI, 0, false, Command{}, "find an actor by its typed id (or hero): select and follow it")
	row(KeyF, 0, false, FrameAll(), "frame the whole scene")
	row(KeyT, 0, false, ToggleView(), "top-down / orbit camera")
	row(KeyEscape, 0, false, ClearSelection(), "close the help; clear the selection, stop following")
	row(KeyK, 0, false, ToggleFaults(), "fault list (Up / Down: its mark on the map, Enter: go there and select)")
	row(KeyK, modCtrl, false, FaultFilter(), "fault list: the hero's / the selected actor's / all")
	row(KeyK, modShift, false, ToggleThresholds(), "rules (own or leaderboard) and fault thresholds (Up / Down choose, Left / Right change)")
	row(KeyMinus, 0, true, TrailLength(-1), "shorter / longer trails (2 s to 60 s)")
	row(KeyEqual, 0, true, TrailLength(1), "shorter / longer trails (2 s to 60 s)")
	sec = SectionLayers
	row(KeyDigit1, 0, false, ToggleLayer(LayerLanes), "lanes")
	row(KeyDigit2, 0, false, ToggleLayer(LayerSidewalks), "sidewalks")
	row(KeyDigit3, 0, false, ToggleLayer(LayerRails), "tram and train rails")
	row(KeyDigit4, 0, false, ToggleLayer(LayerIntersections), "intersections")
	row(KeyDigit5, 0, false, ToggleLayer(LayerLights), "traffic lights and road-end rules")
	row(KeyDigit6, 0, false, ToggleLayer(LayerLabels), "labels")
	row(KeyDigit7, 0, false, ToggleLayer(LayerGrid), "ground grid")
	row(KeyDigit8, 0, false, ToggleLayer(LayerLegend), "colour legend: whole / collapsed / hidden")
	row(KeyDigit9, 0, false, ToggleLayer(LayerPaths), "every vehicle's whole path")
	sec = SectionCompare
	row(KeyO, modCtrl|modShift, false, OpenCompare(), "compare the open recording with another (B)")
	row(KeyB, 0, false, CompareShow(), "show both runs / A only / B only")
	row(KeyD, 0, false, ToggleDiffList(), "where the runs part (Up / Down, Enter: go there)")
	row(KeyComma, 0, true, CompareOffset(-0.1), "B's clock -/+ 0.1 s (A's t shows B's t + offset)")
	row(KeyPeriod, 0, true, CompareOffset(0.1), "B's clock -/+ 0.1 s (A's t shows B's t + offset)")
	row(KeyComma, modShift, true, CompareOffset(-1), "B's clock -/+ 1 s")
	row(KeyPeriod, modShift, true, CompareOffset(1), "B's clock -/+ 1 s")
	row(KeyComma, modCtrl, true, DivergenceThreshold(-1), "divergence threshold -/+ 0.25 m")
	row(KeyPeriod, modCtrl, true, DivergenceThreshold(1), "divergence threshold -/+ 0.25 m")
	row(KeyB, modShift, false, CompareClose(), "stop comparing (close B)")
	sec = SectionFiles
	row(KeyO, modCtrl, false, OpenFile(), "open recordings and maps (or one to compare)")
	row(KeyO, modCtrl|modAlt, false, OpenFolder(), "open a folder of recordings: its runs table")
	row(KeyBackspace, 0, false, RunsToggle(), "back to the runs table (Space marks two, Enter opens)")
	row(KeyR, modCtrl, false, Reload(), "read the recordings again from disk (same moment and actor)")
	row(KeyS, modCtrl, false, SavePNG(), "save the window as a PNG (in Pictures)")
	row(KeyE, modCtrl, false, ExportClip(), "export a GIF of the view, previous to next event (else 5 s)")
	row(KeyH, 0, false, ToggleHelp(), "this help")
	row(KeyF1, 0, false, ToggleHelp(), "this help")
	return km
}

// startsEntry marks the bindings that open the prompt, G for a time and I
// for an actor's id: their command is the zero Command because they act
// on the Mapper, not the app.
func (b *binding) startsEntry() bool {
	return (b.key == KeyG || b.key == KeyI) && b.cmd.Kind == KindNone
}

// Binding is one line of the help overlay: the keys and what they do.
type Binding struct {
	Keys    string // such as "Shift+Left / Shift+Right"
	Action  string
	Section Section
}

// mouseBindings are the help lines for the mouse, which has no key map.
func mouseBindings() []Binding {
	return []Binding{
		{"Drag on the timeline", "scrub", SectionPlayback},
		{"Left drag", "orbit; turn the chase when following; pan top-down", SectionCamera},
		{"Right drag", "pan the camera (stops following)", SectionCamera},
		{"Wheel", "zoom toward the cursor (the followed actor)", SectionCamera},
		{"Click", "select an actor, road, intersection or fault mark (go there)", SectionCamera},
		{"Drop two recordings", "compare them: the first is A, the second B", SectionCompare},
		{"Drop one recording", "replaces B while comparing, else the recording", SectionCompare},
		{"Under the timeline", "B's divergence (white: an actor first over the threshold), B's faults", SectionCompare},
		{"K while comparing", "lists the shown runs' faults (B's marked B)", SectionCompare},
		{"Drop a folder", "runs table; click a heading: sort, a row: open", SectionFiles},
	}
}

// Bindings returns every key and mouse binding, one help line each,
// grouped by Section in its order. It is generated from the same key map
// Mapper uses, so the overlay cannot disagree with the keys.
func Bindings() []Binding {
	var out []Binding
	for _, b := range keymap() {
		name := b.mods.prefix() + b.key.String()
		if n := len(out); n > 0 && out[n-1].Action == b.help && out[n-1].Section == b.sec {
			out[n-1].Keys += " / " + name
			continue
		}
		out = append(out, Binding{Keys: name, Action: b.help, Section: b.sec})
	}
	out = append(out, mouseBindings()...)
	slices.SortStableFunc(out, func(a, b Binding) int { return int(a.Section) - int(b.Section) })
	return out
}

// match returns the row of key that applies with held modifiers, or nil.
func match(km []binding, key Key, held mods) *binding {
	var best *binding
	for i := range km {
		b := &km[i]
		if b.key != key || !held.has(b.mods) {
			continue
		}
		if best == nil || b.mods.count() > best.mods.count() {
			best = b
		}
	}
	return best
}
