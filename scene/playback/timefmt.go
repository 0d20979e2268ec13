package playback

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParseTime reads a time typed by the user: seconds ("90.5"), minutes and
// seconds ("1:30.5") or hours, minutes and seconds ("1:02:03"). Only the
// last field may have a fraction; a field after a colon must be below 60.
// The leading field is unbounded ("90:00" is 5400 s) and any field may have
// fewer digits than a clock shows ("1:5" is 65 s).
func ParseTime(s string) (float64, error) {
	fields := strings.Split(s, ":")
	if len(fields) > 3 {
		return 0, fmt.Errorf("playback: time %q: more than two ':'", s)
	}
	total := 0.0
	for i, f := range fields {
		lastField := i == len(fields)-1
		v, err := parseField(f, lastField)
		if err != nil {
			return 0, fmt.Errorf("playback: time %q: %v", s, err)
		}
		if i > 0 && v >= 60 {
			return 0, fmt.Errorf("playback: time %q: field %q is not below 60", s, f)
		}
		total = total*60 + v
	}
	if !finite(total) {
		return 0, fmt.Errorf("playback: time %q is out of range", s)
	}
	return total, nil
}

// parseField reads one field: digits, plus one '.' when fraction is
// allowed, with at least one digit. Checking the characters first keeps
// strconv's other syntaxes ("1e3", "inf", "0x1p3", "1_0") out.
func parseField(f string, fraction bool) (float64, error) {
	digits, dots := 0, 0
	for _, r := range f {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.' && fraction:
			dots++
		default:
			return 0, fmt.Errorf("unexpected %q", r)
		}
	}
	if digits == 0 || dots > 1 {
		return 0, fmt.Errorf("field %q is not a number", f)
	}
	v, err := strconv.ParseFloat(f, 64)
	if err != nil {
		return 0, fmt.Errorf("field %q is out of range", f)
	}
	return v, nil
}

// AppendTime appends t as the timeline and the go-to prompt show it:
// "m:ss" below an hour, "h:mm:ss" from an hour on, with decimals (0 to 3)
// digits of fraction, such as "1:30.5". It rounds once, before splitting,
// so 59.96 with one decimal reads "1:00.0", never "0:60.0". NaN and
// infinities print "-:--". It appends to dst so a per-frame label costs no
// allocation.
func AppendTime(dst []byte, t float64, decimals int) []byte {
	decimals = min(max(decimals, 0), 3)
	scale := math.Pow10(decimals)
	units := math.Round(math.Abs(t) * scale)
	if !finite(t) || units > 1<<53 {
		return append(dst, "-:--"...)
	}
	if t < 0 && units > 0 {
		dst = append(dst, '-')
	}
	n := int64(units)
	frac, secs := n%int64(scale), n/int64(scale)
	h, m, s := secs/3600, secs/60%60, secs%60
	if h > 0 {
		dst = strconv.AppendInt(dst, h, 10)
		dst = append(dst, ':')
		dst = appendPadded(dst, m, 2)
	} else {
		dst = strconv.AppendInt(dst, m, 10)
	}
	dst = append(dst, ':')
	dst = appendPadded(dst, s, 2)
	if decimals > 0 {
		dst = append(dst, '.')
		dst = appendPadded(dst, frac, decimals)
	}
	return dst
}

// FormatTime is AppendTime into a new string.
func FormatTime(t float64, decimals int) string {
	return string(AppendTime(nil, t, decimals))
}

// appendPadded appends the non-negative v with leading zeros to width.
func appendPadded(dst []byte, v int64, width int) []byte {
	for p := int64(10); width > 1; width-- {
		if v < p {
			dst = append(dst, '0')
		}
		p *= 10
	}
	return strconv.AppendInt(dst, v, 10)
}
