package recorder

import "testing"

func TestLightStateString(t *testing.T) {
	for s, want := range map[LightState]string{
		LightRed: "red", LightYellow: "yellow", LightGreen: "green", LightOff: "off",
		LightUnknown: "unknown", 200: "unknown",
	} {
		if got := s.String(); got != want {
			t.Errorf("LightState(%d).String() = %q, want %q", s, got, want)
		}
	}
}
