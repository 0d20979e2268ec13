package ui

import (
	"runtime"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/mm2carla/viewer/ui/input"
)

// InputSource fills one tick's input snapshot. The window reads Ebitengine
// (EbitenInput); tests swap in a scripted source, because Ebitengine's
// key state cannot be faked.
type InputSource interface {
	// Read fills s for this tick. s arrives zeroed except for Runes, whose
	// backing array may be reused, and the timeline fields, which the game
	// sets after Read.
	Read(s *input.Snapshot)
}

// EbitenInput reads the keyboard and mouse through Ebitengine.
type EbitenInput struct{}

// ebitenKeys maps each bound key to the Ebitengine keys that press it.
var ebitenKeys = [input.NumKeys][]ebiten.Key{
	input.KeySpace:        {ebiten.KeySpace},
	input.KeyLeft:         {ebiten.KeyArrowLeft},
	input.KeyRight:        {ebiten.KeyArrowRight},
	input.KeyUp:           {ebiten.KeyArrowUp},
	input.KeyDown:         {ebiten.KeyArrowDown},
	input.KeyHome:         {ebiten.KeyHome},
	input.KeyEnd:          {ebiten.KeyEnd},
	input.KeyTab:          {ebiten.KeyTab},
	input.KeyEscape:       {ebiten.KeyEscape},
	input.KeyEnter:        {ebiten.KeyEnter, ebiten.KeyNumpadEnter},
	input.KeyBackspace:    {ebiten.KeyBackspace},
	input.KeyF1:           {ebiten.KeyF1},
	input.KeyBracketLeft:  {ebiten.KeyBracketLeft},
	input.KeyBracketRight: {ebiten.KeyBracketRight},
	input.KeyDigit1:       {ebiten.KeyDigit1, ebiten.KeyNumpad1},
	input.KeyDigit2:       {ebiten.KeyDigit2, ebiten.KeyNumpad2},
	input.KeyDigit3:       {ebiten.KeyDigit3, ebiten.KeyNumpad3},
	input.KeyDigit4:       {ebiten.KeyDigit4, ebiten.KeyNumpad4},
	input.KeyDigit5:       {ebiten.KeyDigit5, ebiten.KeyNumpad5},
	input.KeyDigit6:       {ebiten.KeyDigit6, ebiten.KeyNumpad6},
	input.KeyDigit7:       {ebiten.KeyDigit7, ebiten.KeyNumpad7},
	input.KeyDigit8:       {ebiten.KeyDigit8, ebiten.KeyNumpad8},
	input.KeyF:            {ebiten.KeyF},
	input.KeyG:            {ebiten.KeyG},
	input.KeyH:            {ebiten.KeyH},
	input.KeyL:            {ebiten.KeyL},
	input.KeyO:            {ebiten.KeyO},
	input.KeyR:            {ebiten.KeyR},
	input.KeyT:            {ebiten.KeyT},
	input.KeyC:            {ebiten.KeyC},
	input.KeyK:            {ebiten.KeyK},
	input.KeyMinus:        {ebiten.KeyMinus, ebiten.KeyNumpadSubtract},
	input.KeyEqual:        {ebiten.KeyEqual, ebiten.KeyNumpadAdd},
	input.KeyDigit9:       {ebiten.KeyDigit9, ebiten.KeyNumpad9},
	input.KeyS:            {ebiten.KeyS},
	input.KeyE:            {ebiten.KeyE},
	input.KeyB:            {ebiten.KeyB},
	input.KeyComma:        {ebiten.KeyComma},
	input.KeyPeriod:       {ebiten.KeyPeriod},
	input.KeyD:            {ebiten.KeyD},
	input.KeyI:            {ebiten.KeyI},
	input.KeyDigit0:       {ebiten.KeyDigit0, ebiten.KeyNumpad0},
}

// Read implements InputSource.
func (EbitenInput) Read(s *input.Snapshot) {
	for k := range input.NumKeys {
		d := 0
		for _, ek := range ebitenKeys[k] {
			d = max(d, inpututil.KeyPressDuration(ek))
		}
		s.Held[k] = d
	}
	s.Shift = ebiten.IsKeyPressed(ebiten.KeyShift)
	s.Ctrl = ebiten.IsKeyPressed(ebiten.KeyControl)
	if runtime.GOOS == "darwin" && ebiten.IsKeyPressed(ebiten.KeyMeta) {
		s.Ctrl = true // Command+O, as Mac users expect
	}
	s.Alt = ebiten.IsKeyPressed(ebiten.KeyAlt)
	s.Runes = ebiten.AppendInputChars(s.Runes[:0])
	x, y := ebiten.CursorPosition() // in Layout's units: device pixels
	s.Mouse = input.Mouse{
		X: float64(x), Y: float64(y),
		Left:  ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft),
		Right: ebiten.IsMouseButtonPressed(ebiten.MouseButtonRight),
	}
	_, s.Mouse.Wheel = ebiten.Wheel()
}

// activity reports whether a snapshot holds any input at all, to wake
// the render loop from idle.
func activity(s *input.Snapshot, lastX, lastY float64) bool {
	for _, d := range s.Held {
		if d > 0 {
			return true
		}
	}
	m := s.Mouse
	return len(s.Runes) > 0 || m.Left || m.Right || m.Wheel != 0 || m.X != lastX || m.Y != lastY
}

// tapPlayer presses scripted keys (Options.Keys) once every file has
// loaded, one every other tick so that each goes down and comes up again,
// as a user's would.
type tapPlayer struct {
	taps []input.Tap
	tick int
}

// done reports whether every tap has been pressed and released.
func (p *tapPlayer) done() bool { return p.tick >= 2*len(p.taps) }

// update adds this tick's tap to s, if the files have loaded.
func (p *tapPlayer) update(s *input.Snapshot, loaded bool) {
	if !loaded || p.done() {
		return
	}
	if p.tick%2 == 0 {
		p.taps[p.tick/2].Press(s)
	}
	p.tick++
}
