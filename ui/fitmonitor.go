package ui

// fitMonitor shrinks a window size (logical pixels) that would not fit
// on a monitor of monW x monH: a size remembered on a large screen (2400x1350)
// and reused on a smaller one (1600x1000) put the timeline and the status
// line below the screen's edge. The window keeps a margin for the title
// bar and a desktop's panels (fitShare of each side), and its aspect when
// it has to shrink. An unknown monitor size (0) changes nothing.
func fitMonitor(w, h, monW, monH int) (int, int) {
	if monW <= 0 || monH <= 0 {
		return w, h
	}
	maxW, maxH := int(float64(monW)*fitShare), int(float64(monH)*fitShare)
	if w <= maxW && h <= maxH {
		return w, h
	}
	k := min(float64(maxW)/float64(w), float64(maxH)/float64(h))
	return max(int(float64(w)*k), minWindowW), max(int(float64(h)*k), minWindowH)
}

// fitShare is how much of the monitor's width and height a window fitted
// to it takes.
const fitShare = 0.92

// The smallest window the viewer lays out.
const minWindowW, minWindowH = 480, 320
