package playback

import "strconv"

// Op names what a Command does to a Clock.
type Op uint8

// The clock operations. The comment after each says which Command operand
// it reads; the others are ignored.
const (
	OpNone           Op = iota // does nothing; the zero Command
	OpPlay                     // start playing in the current direction
	OpPause                    // stop playing
	OpTogglePlay               // Play when paused, Pause when playing
	OpReverse                  // flip the playing direction
	OpStepForward              // pause on the next frame's start
	OpStepBack                 // pause on the previous frame's start
	OpJump                     // A: signed seconds to move by
	OpGoTo                     // A: time to move to
	OpToStart                  // move to the first frame
	OpToEnd                    // move to the end
	OpSpeedUp                  // next speed up the ladder
	OpSpeedDown                // next speed down the ladder
	OpSetSpeed                 // A: speed factor
	OpToggleLoop               // loop the whole recording on/off
	OpSetLoopRange             // A, B: the range to loop
	OpClearLoopRange           // stop looping the range
	OpNextEvent                // pause on the first event after now
	OpPrevEvent                // pause on the last event before now
	numOps
)

var opNames = [numOps]string{
	"None", "Play", "Pause", "TogglePlay", "Reverse", "StepForward", "StepBack",
	"Jump", "GoTo", "ToStart", "ToEnd", "SpeedUp", "SpeedDown", "SetSpeed",
	"ToggleLoop", "SetLoopRange", "ClearLoopRange", "NextEvent", "PrevEvent",
}

// String returns the operation's name, such as "Jump".
func (o Op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return "Op(" + strconv.Itoa(int(o)) + ")"
}

// Command is one request to a Clock, applied with Clock.Apply. It is a
// plain value (no interface, no pointer) so the input layer can build and
// queue commands every tick without allocating.
type Command struct {
	Op   Op
	A, B float64 // operands; see the Op constants
}

// String renders the command the way it is built, such as "Jump(-1)" or
// "SetLoopRange(2,5.5)"; test failures and debug overlays print it.
func (c Command) String() string {
	name := c.Op.String()
	switch c.Op {
	case OpJump, OpGoTo, OpSetSpeed:
		return name + "(" + fmtFloat(c.A) + ")"
	case OpSetLoopRange:
		return name + "(" + fmtFloat(c.A) + "," + fmtFloat(c.B) + ")"
	}
	return name
}

func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// Play starts playing; at the end (or at the start when reversed) it first
// rewinds, so Play after the recording ran out replays it.
func Play() Command { return Command{Op: OpPlay} }

// Pause stops playing.
func Pause() Command { return Command{Op: OpPause} }

// TogglePlay plays when paused and pauses when playing.
func TogglePlay() Command { return Command{Op: OpTogglePlay} }

// Reverse flips the playing direction; it does not start or stop playing.
func Reverse() Command { return Command{Op: OpReverse} }

// StepForward pauses exactly on the start of the next frame.
func StepForward() Command { return Command{Op: OpStepForward} }

// StepBack pauses exactly on the start of the frame before the shown one.
func StepBack() Command { return Command{Op: OpStepBack} }

// Jump moves by d seconds (negative moves back), clamped to the recording.
func Jump(d float64) Command { return Command{Op: OpJump, A: d} }

// GoTo moves to time t, clamped to the recording.
func GoTo(t float64) Command { return Command{Op: OpGoTo, A: t} }

// ToStart moves to the first frame.
func ToStart() Command { return Command{Op: OpToStart} }

// ToEnd moves to the end of the recording.
func ToEnd() Command { return Command{Op: OpToEnd} }

// SpeedUp moves one step up the speed ladder (MinSpeed to MaxSpeed).
func SpeedUp() Command { return Command{Op: OpSpeedUp} }

// SpeedDown moves one step down the speed ladder.
func SpeedDown() Command { return Command{Op: OpSpeedDown} }

// SetSpeed sets the speed factor, clamped to [MinSpeed, MaxSpeed].
func SetSpeed(f float64) Command { return Command{Op: OpSetSpeed, A: f} }

// ToggleLoop turns looping of the whole recording on or off.
func ToggleLoop() Command { return Command{Op: OpToggleLoop} }

// SetLoopRange loops playback between times a and b (either order).
func SetLoopRange(a, b float64) Command { return Command{Op: OpSetLoopRange, A: a, B: b} }

// ClearLoopRange stops looping the range set by SetLoopRange.
func ClearLoopRange() Command { return Command{Op: OpClearLoopRange} }

// NextEvent pauses on the first event strictly after the current time.
func NextEvent() Command { return Command{Op: OpNextEvent} }

// PrevEvent pauses on the last event strictly before the current time.
func PrevEvent() Command { return Command{Op: OpPrevEvent} }
