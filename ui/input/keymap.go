package input

import "github.com/mm2carla/viewer/scene/playback"

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
	help   string // the action as the help overlay shows it
}

// keymap returns the key map. Consecutive rows with the same help text are
// one line of the help overlay ("Left / Right"). It is built by a function,
// not kept in a package variable, so nothing global can be changed.
//
// When several rows of a key match the held modifiers, the one needing the
// most of them wins, and among equals the earlier row: so Ctrl+Shift+Left
// jumps 10 s, and Shift+Space still plays.
func keymap() []binding {
	c := Clock
	return []binding{
		{KeySpace, 0, false, c(playback.TogglePlay()), "play / pause"},
		{KeyLeft, 0, true, c(playback.StepBack()), "one frame back / forward"},
		{KeyRight, 0, true, c(playback.StepForward()), "one frame back / forward"},
		{KeyLeft, modCtrl, true, c(playback.Jump(-10)), "10 s back / forward"},
		{KeyRight, modCtrl, true, c(playback.Jump(10)), "10 s back / forward"},
		{KeyLeft, modShift, true, c(playback.Jump(-1)), "1 s back / forward"},
		{KeyRight, modShift, true, c(playback.Jump(1)), "1 s back / forward"},
		{KeyLeft, modAlt, true, c(playback.Jump(-0.1)), "0.1 s back / forward"},
		{KeyRight, modAlt, true, c(playback.Jump(0.1)), "0.1 s back / forward"},
		{KeyHome, 0, false, c(playback.ToStart()), "go to the start / end"},
		{KeyEnd, 0, false, c(playback.ToEnd()), "go to the start / end"},
		{KeyUp, 0, true, c(playback.SpeedUp()), "speed up / down (0.05x to 64x)"},
		{KeyDown, 0, true, c(playback.SpeedDown()), "speed up / down (0.05x to 64x)"},
		{KeyR, 0, false, c(playback.Reverse()), "reverse the playing direction"},
		{KeyL, 0, false, c(playback.ToggleLoop()), "loop the recording on / off"},
		{KeyBracketLeft, 0, false, c(playback.PrevEvent()), "previous / next event"},
		{KeyBracketRight, 0, false, c(playback.NextEvent()), "previous / next event"},
		{KeyG, 0, false, Command{}, "go to a typed time (1:30.5), Enter applies, Esc cancels"},
		{KeyTab, 0, false, FollowNext(), "follow the next / previous actor"},
		{KeyTab, modShift, false, FollowPrev(), "follow the next / previous actor"},
		{KeyC, 0, false, FollowSelected(), "follow the selected actor / stop following"},
		{KeyF, 0, false, FrameAll(), "frame the whole scene"},
		{KeyT, 0, false, ToggleView(), "top-down / orbit camera"},
		{KeyDigit1, 0, false, ToggleLayer(LayerLanes), "show / hide lanes"},
		{KeyDigit2, 0, false, ToggleLayer(LayerSidewalks), "show / hide sidewalks"},
		{KeyDigit3, 0, false, ToggleLayer(LayerRails), "show / hide rails"},
		{KeyDigit4, 0, false, ToggleLayer(LayerIntersections), "show / hide intersections"},
		{KeyDigit5, 0, false, ToggleLayer(LayerLights), "show / hide traffic lights"},
		{KeyDigit6, 0, false, ToggleLayer(LayerLabels), "show / hide labels"},
		{KeyDigit7, 0, false, ToggleLayer(LayerGrid), "show / hide the grid"},
		{KeyEscape, 0, false, ClearSelection(), "clear the selection"},
		{KeyH, 0, false, ToggleHelp(), "this help"},
		{KeyF1, 0, false, ToggleHelp(), "this help"},
		{KeyO, modCtrl, false, OpenFile(), "open a file"},
	}
}

// startsEntry marks the binding that opens the go-to-time entry: its
// command is the zero Command because it acts on the Mapper, not the app.
func (b *binding) startsEntry() bool { return b.key == KeyG && b.cmd.Kind == KindNone }

// Binding is one line of the help overlay: the keys and what they do.
type Binding struct {
	Keys   string // such as "Shift+Left / Shift+Right"
	Action string
}

// mouseBindings are the help lines for the mouse, which has no key map.
func mouseBindings() []Binding {
	return []Binding{
		{"Left drag", "orbit the camera"},
		{"Right drag", "pan the camera"},
		{"Wheel", "zoom toward the cursor"},
		{"Click", "select an actor"},
		{"Drag on the timeline", "scrub"},
	}
}

// Bindings returns every key and mouse binding, one help line each, in
// the order the overlay should list them. It is generated from the same
// key map Mapper uses, so the overlay cannot disagree with the keys.
func Bindings() []Binding {
	var out []Binding
	for _, b := range keymap() {
		name := b.mods.prefix() + b.key.String()
		if n := len(out); n > 0 && out[n-1].Action == b.help {
			out[n-1].Keys += " / " + name
			continue
		}
		out = append(out, Binding{Keys: name, Action: b.help})
	}
	return append(out, mouseBindings()...)
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
