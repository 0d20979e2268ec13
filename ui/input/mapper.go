// Package input turns one tick of raw input (keys held, modifiers, typed
// characters, mouse) into the viewer's commands: clock commands for the
// playback clock and app commands for the camera, selection and overlays.
// It is pure and knows nothing of Ebitengine, so every binding, the key
// repeat timing, the go-to-time prompt and the click/drag rules are tested
// without a window. The window layer fills a Snapshot each Update, calls
// Mapper.Update, and carries out the commands in order.
//
// The key map is listed by Bindings, which the help overlay prints.
package input

// Mapper turns snapshots into commands. It remembers what spans ticks:
// the go-to-time prompt and the mouse gestures in progress. The zero value
// is ready to use. A Mapper is not safe for concurrent use.
type Mapper struct {
	keys        []binding
	entry       entry
	left, right button
	list        bool // the fault list is open: Up, Down, Enter and Esc act on it
	thresholds  bool // the thresholds panel is open: the arrows and Esc act on it
	chooser     bool // the file chooser is open: it owns the keyboard and the wheel (chooser.go)
	runs        bool // the runs table is open: it takes its keys first
	help        bool // the help shows: Up, Down, Home and End scroll it, before any panel
}

// SetHelp tells the Mapper whether the help overlay shows: while it
// does, Up, Down, Home and End scroll it (it covers the window, so they
// act on what the user sees) instead of acting on a panel or the clock,
// and Esc closes it rather than a panel under it.
func (m *Mapper) SetHelp(open bool) { m.help = open }

// helpKey returns the help's command for key k.
func helpKey(k Key) (Command, bool) {
	switch k {
	case KeyUp:
		return HelpScroll(-1), true
	case KeyDown:
		return HelpScroll(1), true
	case KeyHome:
		return HelpScroll(-1 << 30), true
	case KeyEnd:
		return HelpScroll(1 << 30), true
	case KeyEscape: // the help first, not a panel under it
		return ClearSelection(), true
	}
	return Command{}, false
}

// SetRuns tells the Mapper whether the runs table is open: while it is,
// it takes its keys before every other panel and the key map (runsKey).
func (m *Mapper) SetRuns(open bool) { m.runs = open }

// runsKey returns the runs table's command for key k: Up, Down, Home and
// End move the cursor, Left and Right sort by another column, R turns
// the order round, Space marks, Enter opens, Esc and Backspace hide it.
func runsKey(k Key) (Command, bool) {
	switch k {
	case KeyUp:
		return RunsMove(-1), true
	case KeyDown:
		return RunsMove(1), true
	case KeyHome:
		return RunsMove(-1 << 30), true
	case KeyEnd:
		return RunsMove(1 << 30), true
	case KeyLeft:
		return RunsSort(-1), true
	case KeyRight:
		return RunsSort(1), true
	case KeyR:
		return RunsReverse(), true
	case KeySpace:
		return RunsMark(), true
	case KeyEnter:
		return RunsPick(), true
	case KeyEscape, KeyBackspace:
		return RunsToggle(), true
	}
	return Command{}, false
}

// SetList tells the Mapper whether the fault list is open: while it is,
// Up and Down move its cursor, Enter goes to the fault and Esc closes
// it, instead of their usual commands.
func (m *Mapper) SetList(open bool) { m.list = open }

// SetThresholds tells the Mapper whether the fault thresholds panel is
// open: while it is, Up and Down move its cursor, Left and Right change
// the threshold there and Esc closes it.
func (m *Mapper) SetThresholds(open bool) { m.thresholds = open }

// listKey returns the open panel's command for key k, if a panel is
// open and k acts on it.
func (m *Mapper) listKey(k Key) (Command, bool) {
	if m.help {
		if c, ok := helpKey(k); ok {
			return c, true
		}
	}
	if m.runs {
		return runsKey(k)
	}
	if m.thresholds {
		switch k {
		case KeyUp:
			return ThresholdMove(-1), true
		case KeyDown:
			return ThresholdMove(1), true
		case KeyLeft:
			return ThresholdChange(-1), true
		case KeyRight:
			return ThresholdChange(1), true
		case KeyEscape:
			return ToggleThresholds(), true
		}
		return Command{}, false
	}
	if !m.list {
		return Command{}, false
	}
	switch k {
	case KeyUp:
		return FaultMove(-1), true
	case KeyDown:
		return FaultMove(1), true
	case KeyEnter:
		return FaultPick(), true
	case KeyEscape:
		return ToggleFaults(), true
	}
	return Command{}, false
}

// NewMapper returns a Mapper with the default key map.
func NewMapper() *Mapper { return &Mapper{keys: keymap()} }

// Entry returns the state of the go-to-time prompt, for drawing it.
func (m *Mapper) Entry() Entry { return m.entry.view() }

// Update reads one tick's snapshot and appends the commands it produces to
// dst, in order: keyboard first (in Key order), then mouse buttons, then
// the wheel. Passing the previous tick's slice as dst[:0] makes a tick
// allocation-free.
func (m *Mapper) Update(s *Snapshot, dst []Command) []Command {
	if m.keys == nil {
		m.keys = keymap()
	}
	if m.chooser {
		return m.chooserUpdate(s, dst)
	}
	if m.entry.open {
		dst = m.entry.update(s, dst)
	} else {
		dst = m.keyboard(s, dst)
	}
	dst = m.left.update(s.Mouse.Left, s, buttonRole{drag: Orbit, click: true, scrub: true}, dst)
	dst = m.right.update(s.Mouse.Right, s, buttonRole{drag: Pan}, dst)
	if w := s.Mouse.Wheel; w != 0 && w == w { // w == w drops NaN
		dst = append(dst, Zoom(w, s.Mouse.X, s.Mouse.Y))
	}
	return dst
}

// keyboard applies the key map to every held key that fires this tick.
// G opens the go-to-time prompt; the rest of this tick's keys still act,
// but the characters typed with G are not taken as the prompt's text.
func (m *Mapper) keyboard(s *Snapshot, dst []Command) []Command {
	held := s.mods()
	for k := range NumKeys {
		d := s.Held[k]
		if d <= 0 {
			continue
		}
		if c, ok := m.listKey(k); ok && held == 0 {
			if fires(d, k == KeyUp || k == KeyDown || (k == KeyLeft || k == KeyRight) && !m.runs) {
				dst = append(dst, c)
			}
			continue
		}
		b := match(m.keys, k, held)
		if b == nil || !fires(d, b.repeat) {
			continue
		}
		if b.startsEntry() {
			m.entry.start(b.key == KeyI)
			continue
		}
		dst = append(dst, b.cmd)
	}
	return dst
}
