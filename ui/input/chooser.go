package input

// The file chooser drawn in the window (where no native dialog program
// is installed) is the top-most overlay while it shows: it takes the
// keyboard and the wheel before anything else, so Esc closes it and not
// the selection behind it, and typing filters its rows instead of
// toggling layers. A click still arrives as Select: the window
// hit-tests it against the chooser's rows.

// SetChooser tells the Mapper whether the file chooser is open.
func (m *Mapper) SetChooser(open bool) { m.chooser = open }

// chooserWheelRows is how many rows a wheel notch moves the chooser's
// cursor.
const chooserWheelRows = 3

// chooserUpdate is Update while the chooser is open: typed characters
// (but a space, which marks) filter, Up/Down/Home/End move, Enter opens,
// Backspace deletes or goes up, Space marks, Esc closes, Ctrl+Enter opens
// a folder as a runs table; the left button
// clicks (no drags: nothing behind the chooser turns) and the wheel
// moves the cursor.
func (m *Mapper) chooserUpdate(s *Snapshot, dst []Command) []Command {
	for _, r := range s.Runes {
		if r >= ' ' && r != ' ' && r != 0x7f && !s.Ctrl && !s.Alt {
			dst = append(dst, ChooserType(r))
		}
	}
	if s.mods() == 0 {
		for _, kc := range [...]struct {
			k      Key
			repeat bool
			c      Command
		}{
			{KeyUp, true, ChooserMove(-1)}, {KeyDown, true, ChooserMove(1)},
			{KeyHome, false, ChooserMove(-1e6)}, {KeyEnd, false, ChooserMove(1e6)},
			{KeyEnter, false, ChooserEnter()}, {KeyBackspace, true, ChooserBack()},
			{KeySpace, false, ChooserMark()}, {KeyEscape, false, ChooserClose()},
		} {
			if fires(s.Held[kc.k], kc.repeat) {
				dst = append(dst, kc.c)
			}
		}
	}
	if s.mods() == modCtrl && fires(s.Held[KeyEnter], false) {
		dst = append(dst, ChooserFolder())
	}
	dst = m.left.update(s.Mouse.Left, s, buttonRole{drag: func(float64, float64) Command { return Command{} }, click: true}, dst)
	dst = dropNone(dst)
	if w := s.Mouse.Wheel; w != 0 && w == w {
		dst = append(dst, ChooserMove(-w*chooserWheelRows))
	}
	return dst
}

// dropNone removes the empty commands a drag over the chooser gives.
func dropNone(dst []Command) []Command {
	out := dst[:0]
	for _, c := range dst {
		if c.Kind != KindNone {
			out = append(out, c)
		}
	}
	return out
}

// ChooserMove moves the file chooser's cursor by n rows.
func ChooserMove(n float64) Command { return Command{Kind: KindChooserMove, Steps: n} }

// ChooserEnter opens the folder or file under the chooser's cursor.
func ChooserEnter() Command { return Command{Kind: KindChooserEnter} }

// ChooserBack deletes the filter's last character, or goes up a folder
// when the filter is empty.
func ChooserBack() Command { return Command{Kind: KindChooserBack} }

// ChooserType adds r to the chooser's filter.
func ChooserType(r rune) Command { return Command{Kind: KindChooserType, Rune: r} }

// ChooserMark marks or unmarks the file under the chooser's cursor.
func ChooserMark() Command { return Command{Kind: KindChooserMark} }

// ChooserFolder opens the folder under the chooser's cursor, or the
// folder listed when the cursor is on a file, as a runs table.
func ChooserFolder() Command { return Command{Kind: KindChooserFolder} }

// ChooserClose closes the file chooser.
func ChooserClose() Command { return Command{Kind: KindChooserClose} }
