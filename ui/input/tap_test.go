package input

import (
	"slices"
	"strings"
	"testing"

	"github.com/mm2carla/viewer/scene/playback"
)

func TestParseTaps(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Tap
		err  string
	}{
		{"", nil, ""},
		{"Tab C", []Tap{{Key: KeyTab}, {Key: KeyC}}, ""},
		{"space, ctrl+right,Shift+Tab", []Tap{{Key: KeySpace}, {Key: KeyRight, Ctrl: true}, {Key: KeyTab, Shift: true}}, ""},
		{"Ctrl+Shift+Left Alt+Right", []Tap{{Key: KeyLeft, Ctrl: true, Shift: true}, {Key: KeyRight, Alt: true}}, ""},
		{"[ ] 8 F1 Escape esc return", []Tap{{Key: KeyBracketLeft}, {Key: KeyBracketRight}, {Key: KeyDigit8},
			{Key: KeyF1}, {Key: KeyEscape}, {Key: KeyEscape}, {Key: KeyEnter}}, ""},
		{", Shift+, . comma,period", []Tap{{Key: KeyComma}, {Key: KeyComma, Shift: true}, {Key: KeyPeriod},
			{Key: KeyComma}, {Key: KeyPeriod}}, ""},
		{"Tab,,", []Tap{{Key: KeyTab}, {Key: KeyComma}}, ""},
		{"Tab Q", nil, "key Q: no such key"},
		{"Meta+O", nil, "Meta is not Shift, Ctrl or Alt"},
		{"Ctrl+", nil, "no such key"},
	} {
		got, err := ParseTaps(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ParseTaps(%q) error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParseTaps(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestTapsRoundTrip: every key the help lists parses back from its name,
// and a pressed tap gives the key map's command for it.
func TestTapsRoundTrip(t *testing.T) {
	for k := range NumKeys {
		for _, tap := range []Tap{{Key: k}, {Key: k, Shift: true, Ctrl: true, Alt: true}} {
			got, err := ParseTaps(tap.String())
			if err != nil || len(got) != 1 || got[0] != tap {
				t.Errorf("ParseTaps(%q) = %v, %v", tap.String(), got, err)
			}
		}
	}
	var s Snapshot
	Tap{Key: KeyRight, Ctrl: true}.Press(&s)
	if got := NewMapper().Update(&s, nil); !slices.Equal(got, []Command{Clock(playback.Jump(10))}) {
		t.Errorf("Ctrl+Right tap gave %v", got)
	}
}

// FuzzParseTaps: any text parses or fails without a panic, and what
// parses prints back to text that parses to the same taps.
func FuzzParseTaps(f *testing.F) {
	for _, s := range []string{"Tab C H", "ctrl+shift+left,]", "Alt+", "+", "Shift+Shift+Tab", "ESC return"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		taps, err := ParseTaps(s)
		if err != nil {
			return
		}
		var names []string
		for _, tp := range taps {
			names = append(names, tp.String())
		}
		again, err := ParseTaps(strings.Join(names, " "))
		if err != nil || !slices.Equal(again, taps) {
			t.Fatalf("%q -> %v -> %q -> %v, %v", s, taps, names, again, err)
		}
	})
}

// TestTapTypes: a scripted tap types what the key types, so a script can
// fill the prompts; with Ctrl or Alt held it types nothing.
func TestTapTypes(t *testing.T) {
	for _, tc := range []struct {
		taps string
		want string
	}{
		{"1 0 3", "103"},
		{"Period comma Space", "., "},
		{"g Shift+g", "gG"},
		{"Ctrl+1 Alt+G Shift+1 Tab Left", ""},
	} {
		taps, err := ParseTaps(tc.taps)
		if err != nil {
			t.Fatal(err)
		}
		var got []rune
		for _, tp := range taps {
			var s Snapshot
			tp.Press(&s)
			got = append(got, s.Runes...)
		}
		if string(got) != tc.want {
			t.Errorf("%q typed %q, want %q", tc.taps, string(got), tc.want)
		}
	}
	m := NewMapper()
	var got []Command
	for _, tp := range []Tap{{Key: KeyI}, {Key: KeyDigit1}, {Key: KeyDigit0}, {Key: KeyDigit3}, {Key: KeyEnter}} {
		var s Snapshot
		tp.Press(&s)
		got = append(got, m.Update(&s, nil)...)
		m.Update(&Snapshot{}, nil)
	}
	if !slices.Equal(got, []Command{FindActor(103)}) {
		t.Errorf("I 1 0 3 Enter gave %v", got)
	}
}
