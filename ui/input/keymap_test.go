package input

import (
	"slices"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/scene/playback"
)

// modifier flags for the test tables.
const (
	none  = 0
	shift = 1 << iota
	ctrl
	alt
)

// tap is a snapshot where keys went down this tick with modifiers held.
func tap(m int, keys ...Key) *Snapshot {
	s := &Snapshot{Shift: m&shift != 0, Ctrl: m&ctrl != 0, Alt: m&alt != 0}
	for _, k := range keys {
		s.Held[k] = 1
	}
	return s
}

func clk(c playback.Command) []Command { return []Command{Clock(c)} }

// TestEveryBinding is the key map, written out by hand: each row is the
// documented behaviour of one key press.
func TestEveryBinding(t *testing.T) {
	for _, tc := range []struct {
		name string
		mods int
		key  Key
		want []Command
	}{
		{"Space", none, KeySpace, clk(playback.TogglePlay())},
		{"Left", none, KeyLeft, clk(playback.StepBack())},
		{"Right", none, KeyRight, clk(playback.StepForward())},
		{"Shift+Left", shift, KeyLeft, clk(playback.Jump(-1))},
		{"Shift+Right", shift, KeyRight, clk(playback.Jump(1))},
		{"Ctrl+Left", ctrl, KeyLeft, clk(playback.Jump(-10))},
		{"Ctrl+Right", ctrl, KeyRight, clk(playback.Jump(10))},
		{"Alt+Left", alt, KeyLeft, clk(playback.Jump(-0.1))},
		{"Alt+Right", alt, KeyRight, clk(playback.Jump(0.1))},
		{"Home", none, KeyHome, clk(playback.ToStart())},
		{"End", none, KeyEnd, clk(playback.ToEnd())},
		{"Up", none, KeyUp, clk(playback.SpeedUp())},
		{"Down", none, KeyDown, clk(playback.SpeedDown())},
		{"R", none, KeyR, clk(playback.Reverse())},
		{"L", none, KeyL, clk(playback.ToggleLoop())},
		{"[", none, KeyBracketLeft, clk(playback.PrevEvent())},
		{"]", none, KeyBracketRight, clk(playback.NextEvent())},
		{"G opens the prompt, no command", none, KeyG, nil},
		{"Tab", none, KeyTab, []Command{FollowNext()}},
		{"Shift+Tab", shift, KeyTab, []Command{FollowPrev()}},
		{"C", none, KeyC, []Command{FollowSelected()}},
		{"F", none, KeyF, []Command{FrameAll()}},
		{"T", none, KeyT, []Command{ToggleView()}},
		{"1", none, KeyDigit1, []Command{ToggleLayer(LayerLanes)}},
		{"2", none, KeyDigit2, []Command{ToggleLayer(LayerSidewalks)}},
		{"3", none, KeyDigit3, []Command{ToggleLayer(LayerRails)}},
		{"4", none, KeyDigit4, []Command{ToggleLayer(LayerIntersections)}},
		{"5", none, KeyDigit5, []Command{ToggleLayer(LayerLights)}},
		{"6", none, KeyDigit6, []Command{ToggleLayer(LayerLabels)}},
		{"7", none, KeyDigit7, []Command{ToggleLayer(LayerGrid)}},
		{"8", none, KeyDigit8, []Command{ToggleLayer(LayerLegend)}},
		{"9", none, KeyDigit9, []Command{ToggleLayer(LayerPaths)}},
		{"K", none, KeyK, []Command{ToggleFaults()}},
		{"Ctrl+K filters the fault list", ctrl, KeyK, []Command{FaultFilter()}},
		{"-", none, KeyMinus, []Command{TrailLength(-1)}},
		{"=", none, KeyEqual, []Command{TrailLength(1)}},
		{"Esc", none, KeyEscape, []Command{ClearSelection()}},
		{"H", none, KeyH, []Command{ToggleHelp()}},
		{"F1", none, KeyF1, []Command{ToggleHelp()}},
		{"Ctrl+O", ctrl, KeyO, []Command{OpenFile()}},
		{"Ctrl+S", ctrl, KeyS, []Command{SavePNG()}},
		{"Ctrl+E", ctrl, KeyE, []Command{ExportClip()}},
		{"S alone saves nothing", none, KeyS, nil},
		{"E alone exports nothing: it sets where [ and ] stop", none, KeyE, []Command{StepEvents()}},

		// Modifier resolution: the most specific match wins, ties go to
		// the earlier row, and extra modifiers do not block a binding.
		{"Ctrl+Shift+Left is 10 s", ctrl | shift, KeyLeft, clk(playback.Jump(-10))},
		{"Ctrl+Alt+Right is 10 s", ctrl | alt, KeyRight, clk(playback.Jump(10))},
		{"Shift+Space still plays", shift, KeySpace, clk(playback.TogglePlay())},
		{"Ctrl+Tab follows next", ctrl, KeyTab, []Command{FollowNext()}},
		{"Ctrl+Shift+Tab follows previous", ctrl | shift, KeyTab, []Command{FollowPrev()}},
		{"Shift+Ctrl+O opens a recording to compare", ctrl | shift, KeyO, []Command{OpenCompare()}},
		{"Ctrl+Alt+O opens a folder", ctrl | alt, KeyO, []Command{OpenFolder()}},
		{"B cycles the runs shown", none, KeyB, []Command{CompareShow()}},
		{"Shift+B stops comparing", shift, KeyB, []Command{CompareClose()}},
		{", turns B's clock back", none, KeyComma, []Command{CompareOffset(-0.1)}},
		{". turns B's clock on", none, KeyPeriod, []Command{CompareOffset(0.1)}},
		{"Shift+, turns B's clock 1 s back", shift, KeyComma, []Command{CompareOffset(-1)}},
		{"Shift+. turns B's clock 1 s on", shift, KeyPeriod, []Command{CompareOffset(1)}},
		{"O alone does nothing", none, KeyO, nil},
		{"Shift+O does nothing", shift, KeyO, nil},
		{"Enter outside the prompt does nothing", none, KeyEnter, nil},
		{"Backspace outside the prompt: back to the runs table", none, KeyBackspace, []Command{RunsToggle()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMapper()
			got := m.Update(tap(tc.mods, tc.key), nil)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
			if open := m.Entry().Open; open != (tc.key == KeyG) {
				t.Errorf("prompt open = %v", open)
			}
		})
	}
}

// TestKeymapRowsReachable: every row of the key map is the one chosen for
// its own key and modifiers, so no row is shadowed by another.
func TestKeymapRowsReachable(t *testing.T) {
	for _, b := range keymap() {
		s := tap(0, b.key)
		s.Shift, s.Ctrl, s.Alt = b.mods.has(modShift), b.mods.has(modCtrl), b.mods.has(modAlt)
		m := NewMapper()
		got := m.Update(s, nil)
		var want []Command
		if b.cmd.Kind != KindNone {
			want = []Command{b.cmd}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s%s: got %v, want %v", b.mods.prefix(), b.key, got, want)
		}
	}
}

func TestSeveralKeysOneTick(t *testing.T) {
	got := NewMapper().Update(tap(none, KeyT, KeySpace, KeyDigit3), nil)
	want := []Command{Clock(playback.TogglePlay()), ToggleLayer(LayerRails), ToggleView()}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v (Key order)", got, want)
	}
}

// fireTicks holds key for ticks ticks with modifiers m and returns the
// ticks (1-based hold durations) on which it produced a command.
func fireTicks(key Key, m, ticks int) []int {
	mp := NewMapper()
	var fired []int
	for d := 1; d <= ticks; d++ {
		s := tap(m)
		s.Held[key] = d
		if len(mp.Update(s, nil)) > 0 {
			fired = append(fired, d)
		}
	}
	return fired
}

func TestKeyRepeat(t *testing.T) {
	repeating := []int{1, 25, 28, 31, 34, 37, 40}
	for _, tc := range []struct {
		name string
		key  Key
		mods int
		want []int
	}{
		{"Right repeats", KeyRight, none, repeating},
		{"Left repeats", KeyLeft, none, repeating},
		{"Shift+Right repeats", KeyRight, shift, repeating},
		{"Ctrl+Left repeats", KeyLeft, ctrl, repeating},
		{"Alt+Left repeats", KeyLeft, alt, repeating},
		{"Up repeats", KeyUp, none, repeating},
		{"Down repeats", KeyDown, none, repeating},
		{"Space does not repeat", KeySpace, none, []int{1}},
		{"Tab does not repeat", KeyTab, none, []int{1}},
		{"] does not repeat", KeyBracketRight, none, []int{1}},
		{"1 does not repeat", KeyDigit1, none, []int{1}},
	} {
		if got := fireTicks(tc.key, tc.mods, 40); !slices.Equal(got, tc.want) {
			t.Errorf("%s: fired on ticks %v, want %v", tc.name, got, tc.want)
		}
	}
	// Twenty repeats a second once repeating: 60 ticks from tick 25.
	if n := len(fireTicks(KeyRight, none, 84)); n != 1+20 {
		t.Errorf("a key held 84 ticks fired %d times, want 21", n)
	}
}

func TestFires(t *testing.T) {
	for _, tc := range []struct {
		d      int
		repeat bool
		want   bool
	}{
		{0, true, false}, {1, false, true}, {1, true, true}, {2, true, false},
		{24, true, false}, {25, true, true}, {25, false, false}, {26, true, false},
		{28, true, true}, {-3, true, false},
	} {
		if got := fires(tc.d, tc.repeat); got != tc.want {
			t.Errorf("fires(%d, %v) = %v", tc.d, tc.repeat, got)
		}
	}
}

// helpLine finds the help line that lists keys.
func helpLine(lines []Binding, keys string) (Binding, bool) {
	for _, l := range lines {
		if slices.Contains(strings.Split(l.Keys, " / "), keys) {
			return l, true
		}
	}
	return Binding{}, false
}

func TestBindings(t *testing.T) {
	lines := Bindings()
	// Every key map row is listed.
	for _, b := range keymap() {
		keys := b.mods.prefix() + b.key.String()
		if l, ok := helpLine(lines, keys); !ok || l.Action != b.help {
			t.Errorf("%s is not in the help (found %+v, %v)", keys, l, ok)
		}
	}
	P, C, L, O := SectionPlayback, SectionCamera, SectionLayers, SectionFiles
	for _, want := range []Binding{
		{"Space", "play / pause", P},
		{"Left / Right", "one frame back / forward", P},
		{"Shift+Left / Shift+Right", "1 s back / forward", P},
		{"Ctrl+Left / Ctrl+Right", "10 s back / forward", P},
		{"Up / Down", "speed up / down (0.05x to 64x)", P},
		{"[ / ]", "previous / next fault, collision or divergence (leaderboard rules: infraction)", P},
		{"Drag on the timeline", "scrub", P},
		{"Tab / Shift+Tab", "follow the next / previous actor (chase view)", C},
		{"C", "follow the selected actor / stop", C},
		{"Left drag", "orbit; turn the chase when following; pan top-down", C},
		{"Right drag", "pan the camera (stops following)", C},
		{"Wheel", "zoom toward the cursor (the followed actor)", C},
		{"Click", "select an actor, road, intersection or fault mark (go there)", C},
		{"1", "lanes", L},
		{"8", "colour legend: whole / collapsed / hidden", L},
		{"H / F1", "this help", O},
		{"Ctrl+O", "open recordings and maps (or one to compare)", O},
		{"Ctrl+Alt+O", "open a folder of recordings: its runs table", O},
		{"B", "show both runs / A only / B only", SectionCompare},
		{", / .", "B's clock -/+ 0.1 s (A's t shows B's t + offset)", SectionCompare},
		{"Drop two recordings", "compare them: the first is A, the second B", SectionCompare},
	} {
		if !slices.Contains(lines, want) {
			t.Errorf("help has no line %+v", want)
		}
	}
	// Grouped: the sections come in order, each once.
	for i := 1; i < len(lines); i++ {
		if lines[i].Section < lines[i-1].Section {
			t.Errorf("help line %+v after %+v", lines[i], lines[i-1])
		}
	}
	for _, l := range lines {
		if l.Keys == "" || l.Action == "" {
			t.Errorf("empty help line %+v", l)
		}
	}
	// Callers may change the returned slice without affecting the next.
	lines[0].Action = "changed"
	if Bindings()[0].Action == "changed" {
		t.Error("Bindings shares its slice between calls")
	}
}

func TestKeyString(t *testing.T) {
	seen := map[string]bool{}
	for k := range NumKeys {
		n := k.String()
		if n == "" || seen[n] || strings.HasPrefix(n, "Key(") {
			t.Errorf("key %d has name %q", k, n)
		}
		seen[n] = true
	}
	if got := Key(200).String(); got != "Key(200)" {
		t.Errorf("Key(200).String() = %q", got)
	}
}

// TestFaultListKeys: while the fault list is open, Up and Down move its
// cursor (repeating when held), Enter goes to the fault and Esc closes
// the list; other keys and modified arrows keep their bindings, and a
// closed list leaves the arrows to the clock.
func TestFaultListKeys(t *testing.T) {
	for _, tc := range []struct {
		name string
		open bool
		mods int
		key  Key
		want []Command
	}{
		{"Up", true, none, KeyUp, []Command{FaultMove(-1)}},
		{"Down", true, none, KeyDown, []Command{FaultMove(1)}},
		{"Enter", true, none, KeyEnter, []Command{FaultPick()}},
		{"Esc closes", true, none, KeyEscape, []Command{ToggleFaults()}},
		{"Space still plays", true, none, KeySpace, clk(playback.TogglePlay())},
		{"] still steps", true, none, KeyBracketRight, clk(playback.NextEvent())},
		{"Shift+Right still jumps", true, shift, KeyRight, clk(playback.Jump(1))},
		{"closed: Up speeds up", false, none, KeyUp, clk(playback.SpeedUp())},
		{"closed: Enter does nothing", false, none, KeyEnter, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMapper()
			m.SetList(tc.open)
			got := m.Update(tap(tc.mods, tc.key), nil)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
	m := NewMapper()
	m.SetList(true)
	s := &Snapshot{}
	n := 0
	for d := 1; d <= RepeatDelay+1+2*RepeatInterval; d++ {
		s.Held[KeyDown] = d
		n += len(m.Update(s, nil))
	}
	if n != 4 { // the press, then at the delay and twice after
		t.Errorf("Down held past the repeat delay gave %d moves, want 4", n)
	}
}

// TestRunsTableKeys: the open runs table takes its keys before an open
// fault list and the key map (Space marks instead of playing, Left and
// Right sort instead of stepping); other keys keep their bindings, and
// Backspace goes back to a hidden table.
func TestRunsTableKeys(t *testing.T) {
	for _, tc := range []struct {
		name string
		open bool
		mods int
		key  Key
		want []Command
	}{
		{"Up", true, none, KeyUp, []Command{RunsMove(-1)}},
		{"Down", true, none, KeyDown, []Command{RunsMove(1)}},
		{"End", true, none, KeyEnd, []Command{RunsMove(1 << 30)}},
		{"Left sorts", true, none, KeyLeft, []Command{RunsSort(-1)}},
		{"Right sorts", true, none, KeyRight, []Command{RunsSort(1)}},
		{"R reverses", true, none, KeyR, []Command{RunsReverse()}},
		{"Space marks", true, none, KeySpace, []Command{RunsMark()}},
		{"Enter opens", true, none, KeyEnter, []Command{RunsPick()}},
		{"Esc hides", true, none, KeyEscape, []Command{RunsToggle()}},
		{"H still helps", true, none, KeyH, []Command{ToggleHelp()}},
		{"Ctrl+O still opens", true, ctrl, KeyO, []Command{OpenFile()}},
		{"closed: Backspace goes back", false, none, KeyBackspace, []Command{RunsToggle()}},
		{"closed: Space plays", false, none, KeySpace, clk(playback.TogglePlay())},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMapper()
			m.SetList(true)
			m.SetRuns(tc.open)
			got := m.Update(tap(tc.mods, tc.key), nil)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// TestHelpKeys: while the help shows, Up, Down, Home and End scroll it
// and Esc closes it, before an open fault list or runs table gets them;
// other keys keep their bindings, and without the help the arrows go to
// the list again.
func TestHelpKeys(t *testing.T) {
	for _, tc := range []struct {
		name string
		help bool
		mods int
		key  Key
		want []Command
	}{
		{"Up", true, none, KeyUp, []Command{HelpScroll(-1)}},
		{"Down", true, none, KeyDown, []Command{HelpScroll(1)}},
		{"Home", true, none, KeyHome, []Command{HelpScroll(-1 << 30)}},
		{"End", true, none, KeyEnd, []Command{HelpScroll(1 << 30)}},
		{"Esc closes the help, not the list", true, none, KeyEscape, []Command{ClearSelection()}},
		{"H closes it", true, none, KeyH, []Command{ToggleHelp()}},
		{"Space still plays", true, none, KeySpace, clk(playback.TogglePlay())},
		{"Enter still acts on the list", true, none, KeyEnter, []Command{FaultPick()}},
		{"Shift+Right still jumps", true, shift, KeyRight, clk(playback.Jump(1))},
		{"no help: Up moves the list", false, none, KeyUp, []Command{FaultMove(-1)}},
		{"no help: Esc closes the list", false, none, KeyEscape, []Command{ToggleFaults()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := NewMapper()
			m.SetList(true)
			m.SetHelp(tc.help)
			got := m.Update(tap(tc.mods, tc.key), nil)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
