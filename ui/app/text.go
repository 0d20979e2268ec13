package app

import (
	"math"
	"strconv"
)

// Lines is a block of text lines built into one reused byte buffer, so a
// panel rebuilt every tick while the replay plays allocates nothing once
// the buffer has grown. A line may hold one tab: the window draws what is
// before it as a dim label and what follows as the value, in a column.
type Lines struct {
	buf  []byte
	ends []int // ends[i] is the end of line i in buf
}

// Reset empties the block, keeping its memory.
func (l *Lines) Reset() { l.buf, l.ends = l.buf[:0], l.ends[:0] }

// Len returns the number of finished lines.
func (l *Lines) Len() int { return len(l.ends) }

// Line returns line i (valid until the next Reset).
func (l *Lines) Line(i int) []byte {
	start := 0
	if i > 0 {
		start = l.ends[i-1]
	}
	return l.buf[start:l.ends[i]]
}

// String joins the lines with newlines (for tests and logs; it allocates).
func (l *Lines) String() string {
	var b []byte
	for i := range l.Len() {
		if i > 0 {
			b = append(b, '\n')
		}
		b = append(b, l.Line(i)...)
	}
	return string(b)
}

// End finishes the current line.
func (l *Lines) End() *Lines {
	l.ends = append(l.ends, len(l.buf))
	return l
}

// S appends a string.
func (l *Lines) S(s string) *Lines { l.buf = append(l.buf, s...); return l }

// B appends bytes.
func (l *Lines) B(b []byte) *Lines { l.buf = append(l.buf, b...); return l }

// Tab appends the label/value separator.
func (l *Lines) Tab() *Lines { l.buf = append(l.buf, '\t'); return l }

// I appends an integer.
func (l *Lines) I(v int64) *Lines { l.buf = strconv.AppendInt(l.buf, v, 10); return l }

// U appends an unsigned integer.
func (l *Lines) U(v uint64) *Lines { l.buf = strconv.AppendUint(l.buf, v, 10); return l }

// F appends v with prec decimals; NaN and infinities print as "-".
func (l *Lines) F(v float64, prec int) *Lines {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return l.S("-")
	}
	if v == 0 || math.Abs(v) < 0.5*math.Pow10(-prec) {
		v = 0 // no "-0.00"
	}
	l.buf = strconv.AppendFloat(l.buf, v, 'f', prec, 64)
	return l
}

// Kv appends a whole "label<TAB>value" line.
func (l *Lines) Kv(label, value string) *Lines { return l.S(label).Tab().S(value).End() }

// appendBits writes the names of the set bits of bits, lowest first
// (names[i] names bit i), then any set bit without a name in hex; "none"
// when no bit is set.
func appendBits(l *Lines, bits uint64, names []string) {
	if bits == 0 {
		l.S("none")
		return
	}
	sep := ""
	for i, n := range names {
		if bits&(1<<i) != 0 {
			l.S(sep).S(n)
			sep = ", "
		}
	}
	if rest := bits &^ (1<<len(names) - 1); rest != 0 {
		l.S(sep).S("0x")
		l.buf = strconv.AppendUint(l.buf, rest, 16)
	}
}
