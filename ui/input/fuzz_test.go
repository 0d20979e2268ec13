package input

import (
	"strings"
	"testing"
)

// FuzzMapper drives a Mapper with arbitrary tick sequences decoded from
// the fuzz input (8 bytes a tick) and checks what must always hold: no
// panic, only known command kinds, scrubs within the bar's span, the
// prompt holding only time characters, and a click only on a release.
func FuzzMapper(f *testing.F) {
	f.Add([]byte("\x16\x00\x01\x00\x10\x10\x00\x00\x00\x00\x00\x00\x10\x10\x00\x00"))
	f.Add([]byte("g\x00\x00\x00\x00\x00\x00\x01" + "\x09\x00\x00\x00\x00\x00\x00\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		m := NewMapper()
		var cmds []Command
		var s Snapshot
		prevLeft := false
		for len(data) >= 8 {
			b := data[:8]
			data = data[8:]
			k := Key(b[0] % uint8(NumKeys))
			for i := range s.Held { // keys not named this tick are released
				if Key(i) != k {
					s.Held[i] = 0
				}
			}
			s.Held[k] = int(b[1]) // 0 up, 1 pressed, more: held
			s.Shift, s.Ctrl, s.Alt = b[2]&1 != 0, b[2]&2 != 0, b[2]&4 != 0
			s.Mouse = Mouse{X: float64(int8(b[3])) * 5, Y: float64(int8(b[4])) * 5,
				Left: b[2]&8 != 0, Right: b[2]&16 != 0, Wheel: float64(int8(b[5]))}
			s.Runes = []rune{rune(b[6]), rune(b[7])}
			s.Timeline.X, s.Timeline.Width, s.Timeline.Start, s.Timeline.End = -100, 300, 2, 12
			s.TimelineY, s.TimelineHeight = 50, 40
			cmds = m.Update(&s, cmds[:0])
			for _, c := range cmds {
				switch {
				case c.Kind == KindNone || c.Kind >= numKinds:
					t.Fatalf("unknown command %v", c)
				case c.Kind == KindScrub && (c.T < 2 || c.T > 12):
					t.Fatalf("scrub outside the span: %v", c)
				case c.Kind == KindSelect && (s.Mouse.Left || !prevLeft):
					t.Fatalf("select without a left release: %v", c)
				}
			}
			e := m.Entry()
			if len(e.Text) > maxEntry || strings.Trim(e.Text, "0123456789.:") != "" || !e.Open && (e.Text != "" || e.Invalid) {
				t.Fatalf("prompt %+v", e)
			}
			prevLeft = s.Mouse.Left
		}
	})
}
