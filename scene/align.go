package scene

// Most frames of a recording name the same actors as the frame before, in
// the same order, in each per-frame packet; churn adds or removes a few.
// The decoders of OpenAt and of Open only need what changes: which actors
// a packet names for the first time (decoder.note) and, without steps,
// which actors' last Position record stays in an older packet
// (tracker.position). align finds that without looking each id up.

// alignLimit is how many ids two packets may differ by before align gives
// up: past it, looking each id up is as cheap.
const alignLimit = 16

// align walks the ids of two packets, a then b, and returns the indexes
// of a's ids it could not pair with an equal id of b (onlyA) and of b's it
// could not pair with one of a (onlyB), appended to the slices given, in
// increasing order; ok is false when they differ by more than alignLimit
// ids. Every id left out of both lists equals an id of the other packet;
// an id listed may still be in the other packet (a moved one), which only
// costs its caller a look-up it could have spared.
func align(a, b []uint32, onlyA, onlyB []int32) (_, _ []int32, ok bool) {
	i, j, n := 0, 0, 0
	for i < len(a) && j < len(b) {
		i, j = same(a, b, i, j)
		if i == len(a) || j == len(b) {
			break
		}
		if n++; n > alignLimit {
			return onlyA, onlyB, false
		}
		if j+1 < len(b) && a[i] == b[j+1] { // b[j] is new
			onlyB = append(onlyB, int32(j))
			j++
		} else { // a[i] is gone (or replaced: then b[j] is new next)
			onlyA = append(onlyA, int32(i))
			i++
		}
	}
	if n+len(a)-i+len(b)-j > alignLimit {
		return onlyA, onlyB, false
	}
	for ; i < len(a); i++ {
		onlyA = append(onlyA, int32(i))
	}
	for ; j < len(b); j++ {
		onlyB = append(onlyB, int32(j))
	}
	return onlyA, onlyB, true
}

// same returns how far from i in a and j in b the ids stay equal: the
// loop every packet spends its time in, written so that the compiler
// checks no index in it.
func same(a, b []uint32, i, j int) (int, int) {
	x, y := a[i:], b[j:]
	m := min(len(x), len(y))
	x, y = x[:m], y[:m]
	k := 0
	for k < len(x) && x[k] == y[k] {
		k++
	}
	return i + k, j + k
}
