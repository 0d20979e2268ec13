package query

import (
	"math"
	"strconv"
)

// CARLA builds its query text with C++ iostreams. These helpers print
// numbers and columns the way those streams do, so that our text matches
// CARLA's byte for byte; they are the only place that knows the rules.

// formatG formats f as a C++ ostream does by default (precision 6, neither
// fixed nor scientific: printf's "%g"): at most 6 significant digits,
// trailing zeros dropped, exponent form below 1e-4 and from 1e6 on.
func formatG(f float64) string { return string(appendG(nil, f)) }

// appendG appends formatG(f) to dst without allocating when dst has room.
// Go's 'g' with a precision follows C's %g rules (two-digit minimum
// exponent, trailing zeros removed, the same switch to exponent form);
// only the spellings of NaN and infinities differ, and glibc's are used.
func appendG(dst []byte, f float64) []byte {
	if s, ok := nonFinite(f); ok {
		return append(dst, s...)
	}
	return strconv.AppendFloat(dst, f, 'g', 6, 64)
}

// appendFixed0 appends f as "std::fixed << std::setprecision(0)" prints
// it: rounded to an integer (ties to even, as glibc does), no point.
func appendFixed0(dst []byte, f float64) []byte {
	if s, ok := nonFinite(f); ok {
		return append(dst, s...)
	}
	return strconv.AppendFloat(dst, f, 'f', 0, 64)
}

// nonFinite spells NaN and infinities as glibc's printf does ("-nan" when
// the sign bit is set).
func nonFinite(f float64) (string, bool) {
	switch {
	case math.IsNaN(f):
		if math.Signbit(f) {
			return "-nan", true
		}
		return "nan", true
	case math.IsInf(f, 1):
		return "inf", true
	case math.IsInf(f, -1):
		return "-inf", true
	}
	return "", false
}

// appendRight appends s right-aligned in a field of width w
// (std::setw(w) << std::right); a longer s is not cut.
func appendRight(dst []byte, s string, w int) []byte {
	for n := len(s); n < w; n++ {
		dst = append(dst, ' ')
	}
	return append(dst, s...)
}

// appendLeft appends s left-aligned in a field of width w
// (std::setw(w) << std::left).
func appendLeft(dst []byte, s string, w int) []byte {
	dst = append(dst, s...)
	for n := len(s); n < w; n++ {
		dst = append(dst, ' ')
	}
	return dst
}

// appendUint appends v in decimal.
func appendUint(dst []byte, v uint64) []byte { return strconv.AppendUint(dst, v, 10) }

// appendInt appends v in decimal.
func appendInt(dst []byte, v int64) []byte { return strconv.AppendInt(dst, v, 10) }

// appendBool appends a bool as an ostream without std::boolalpha: 1 or 0.
func appendBool(dst []byte, v bool) []byte {
	if v {
		return append(dst, '1')
	}
	return append(dst, '0')
}

// appendVec appends "(x, y, z)" with %g numbers, CARLA's way of printing
// an FVector.
func appendVec(dst []byte, x, y, z float64) []byte {
	dst = append(dst, '(')
	dst = appendG(dst, x)
	dst = append(dst, ", "...)
	dst = appendG(dst, y)
	dst = append(dst, ", "...)
	dst = appendG(dst, z)
	return append(dst, ')')
}
