package playback

// The speed factor's bounds; SetSpeed clamps to them.
const (
	MinSpeed = 0.05
	MaxSpeed = 64
)

// speedLadder is the sequence SpeedUp and SpeedDown walk: fine slow-motion
// steps below 1x for watching a manoeuvre, doublings above it for skimming
// a long recording. It is a function returning an array so the ladder is a
// value, not package state anyone could change.
func speedLadder() [11]float64 {
	return [11]float64{MinSpeed, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32, MaxSpeed}
}

// speedUp is the first rung above s; at the top it stays. A speed set
// between rungs (SetSpeed(3)) moves to the next rung (4).
func speedUp(s float64) float64 {
	for _, r := range speedLadder() {
		if r > s {
			return r
		}
	}
	return MaxSpeed
}

// speedDown is the last rung below s; at the bottom it stays.
func speedDown(s float64) float64 {
	l := speedLadder()
	for i := len(l) - 1; i >= 0; i-- {
		if l[i] < s {
			return l[i]
		}
	}
	return MinSpeed
}
